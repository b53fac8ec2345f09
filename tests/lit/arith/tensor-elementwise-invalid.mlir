// Verifier errors of elementwise arith/math ops on tensors, with
// mlir-opt 22's messages in its order: one element type and compatible
// shapes (SameOperandsAndResultType), tensors and vectors not mixed
// (ElementwiseMappable), then the result must be the inferred type, operand
// 0's (so a static operand 0 with a dynamic result is refused, and a
// dynamic operand 1 accepted).
// RUN: buffer-opt --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: %if mlir-opt %{ mlir-opt --split-input-file --verify-diagnostics %s -o /dev/null %}

func.func @select_shape(%c: tensor<3xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = "arith.select"(%c, %a, %a) : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @incompatible_operands(%a: tensor<4xf32>, %b: tensor<5xf32>) {
  // expected-error @below {{'arith.addf' op requires the same type for all operands and results}}
  %0 = "arith.addf"(%a, %b) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cmp_shape(%a: tensor<4xf32>) {
  // expected-error @below {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xi1>
  return
}

// -----

func.func @cast_shape(%a: tensor<4xf32>) {
  // expected-error @below {{'arith.fptosi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = "arith.fptosi"(%a) : (tensor<4xf32>) -> tensor<5xi32>
  return
}

// -----

func.func @inferred_static(%a: tensor<4xf32>) {
  // expected-error @+2 {{'arith.addf' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'}}
  // expected-error @+1 {{'arith.addf' op failed to infer returned types}}
  %0 = "arith.addf"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @element_type(%a: tensor<4xf32>) {
  // expected-error @below {{'math.exp' op requires the same type for all operands and results}}
  %0 = "math.exp"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

// A dynamic second operand is compatible: accepted.
func.func @compatible(%a: tensor<4xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {
  %0 = "math.atan2"(%a, %b) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @inferred_dynamic(%a: tensor<4xf32>, %b: tensor<?xf32>) {
  // expected-error @+2 {{'math.atan2' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'math.atan2' op failed to infer returned types}}
  %0 = "math.atan2"(%b, %a) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @tensor_and_vector(%a: tensor<4xf32>, %b: vector<4xf32>) {
  // expected-error @below {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.addf"(%a, %b) : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @integer_result(%a: tensor<4xi32>) {
  // expected-error @+2 {{'math.absi' op inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<?xi32>'}}
  // expected-error @+1 {{'math.absi' op failed to infer returned types}}
  %0 = "math.absi"(%a) : (tensor<4xi32>) -> tensor<?xi32>
  return
}
