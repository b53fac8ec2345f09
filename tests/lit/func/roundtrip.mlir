// Round trip of the func dialect's custom forms: definitions with argument
// and result attributes, declarations, visibility, calls, indirect calls and
// function constants.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: func.func private @decl(tensor<4xf32>, i32 {test.arg}) -> (f32 {test.res})
func.func private @decl(tensor<4xf32>, i32 {test.arg}) -> (f32 {test.res})

// CHECK-LABEL: func.func nested @nested_decl()
func.func nested @nested_decl()

// CHECK-LABEL: func.func @two_results(%arg0: i32 {test.a = 1 : i64}, %arg1: index) -> (i32, index) attributes {test.fn} {
// CHECK-NEXT:    return %arg0, %arg1 : i32, index
// CHECK-NEXT:  }
func.func @two_results(%x: i32 {test.a = 1}, %y: index) -> (i32, index) attributes {test.fn} {
  func.return %x, %y : i32, index
}

// CHECK-LABEL: func.func @no_results() {
// CHECK-NEXT:    return
func.func @no_results() {
  return
}

// CHECK-LABEL: func.func @one_result(%arg0: tensor<?xf32>) -> tensor<?xf32> {
func.func @one_result(%t: tensor<?xf32>) -> tensor<?xf32> {
  return %t : tensor<?xf32>
}

// CHECK-LABEL: func.func @calls(%arg0: i32) -> (i32, index) {
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %cst = arith.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %0:2 = call @two_results(%arg0, %c3) : (i32, index) -> (i32, index)
// CHECK-NEXT:    call @no_results() : () -> ()
// CHECK-NEXT:    %1 = call @decl(%cst, %0#0) {test.x = 2 : i64} : (tensor<4xf32>, i32) -> f32
// CHECK-NEXT:    %2:2 = call @two_results(%arg0, %c3) {no_inline} : (i32, index) -> (i32, index)
// CHECK-NEXT:    return %0#0, %0#1 : i32, index
func.func @calls(%a: i32) -> (i32, index) {
  %c = arith.constant 3 : index
  %t = arith.constant dense<0.0> : tensor<4xf32>
  %r:2 = func.call @two_results(%a, %c) : (i32, index) -> (i32, index)
  call @no_results() : () -> ()
  %f = call @decl(%t, %r#0) {test.x = 2} : (tensor<4xf32>, i32) -> f32
  %n:2 = call @two_results(%a, %c) {no_inline} : (i32, index) -> (i32, index)
  return %r#0, %r#1 : i32, index
}

// CHECK-LABEL: func.func @indirect(%arg0: tensor<?xf32>) -> (tensor<?xf32>, (tensor<?xf32>) -> tensor<?xf32>) {
// CHECK-NEXT:    %f = constant @one_result : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %f_0 = constant @one_result : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %0 = call_indirect %f(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    return %0, %f_0 : tensor<?xf32>, (tensor<?xf32>) -> tensor<?xf32>
func.func @indirect(%t: tensor<?xf32>) -> (tensor<?xf32>, (tensor<?xf32>) -> tensor<?xf32>) {
  %f = func.constant @one_result : (tensor<?xf32>) -> tensor<?xf32>
  %g = func.constant @one_result : (tensor<?xf32>) -> tensor<?xf32>
  %r = func.call_indirect %f(%t) : (tensor<?xf32>) -> tensor<?xf32>
  return %r, %g : tensor<?xf32>, (tensor<?xf32>) -> tensor<?xf32>
}

// A function whose body has several blocks.
// CHECK-LABEL: func.func @blocks(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : i32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %arg1 : i32
// CHECK-NEXT:  ^bb2(%0: i32):
// CHECK-NEXT:    return %0 : i32
func.func @blocks(%c: i1, %v: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%v : i32)
^bb1:
  return %v : i32
^bb2(%w: i32):
  return %w : i32
}
