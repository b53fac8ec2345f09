// Verifier errors of the extended arith ops (mlir-opt's wording).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: f32) {
  // expected-error @+1 {{'arith.addui_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %s, %o = arith.addui_extended %a, %a : f32, i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %s, %o = arith.addui_extended %a, %a : i32, i32
  return
}

// -----

func.func @f(%a: tensor<4xi32>, %b: i32) {
  // expected-error @+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %s, %o = "arith.addui_extended"(%a, %b) : (tensor<4xi32>, i32) -> (tensor<4xi32>, tensor<4xi1>)
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %s, %o = arith.addui_extended %a, %a : tensor<4xi32>, tensor<3xi1>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.mului_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %l, %h = "arith.mului_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}
