// Verifier errors of the arith dialect, one case per rule.
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addi' op requires one result}}
  "arith.addi"(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: tensor<2xi32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'arith.subi' op requires the same type for all operands and results}}
  %0 = "arith.subi"(%a, %b) : (tensor<2xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @f(%a: ui32) {
  // expected-error @+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = arith.muli %a, %a : ui32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'tensor<4xi32>'}}
  %0 = arith.negf %a : tensor<4xi32>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: f32, %b: i32) {
  // expected-error @+1 {{'arith.cmpf' op operand #1 must be floating-point-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %b) <{predicate = 2 : i64}> : (f32, i32) -> i1
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = 2 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> i1
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %1 = "arith.constant"() <{value = dense<1> : tensor<4xi32>}> : () -> tensor<3xi32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 200 : ui8
  return
}

// -----

func.func @f(%a: i32, %x: f32) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %x, %x) : (i32, f32, f32) -> f32
  return
}

// -----

func.func @f(%c: i1, %x: f32, %t: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %x, %t) : (i1, f32, tensor<4xf32>) -> f32
  return
}

// -----

func.func @f(%c: tensor<2xi1>, %t: tensor<4xf32>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = "arith.select"(%c, %t, %t) : (tensor<2xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %a : i64 to i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %a : f32 to f16
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = arith.index_cast %a : index to index
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %a : f32 to f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %0 = arith.sitofp %a : i32 to i64
  return
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %a : index to i64
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<4xi32> to tensor<3xi64>
  return
}
