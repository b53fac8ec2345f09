// Errors where mlir-opt's diagnostics cannot be matched line by line (it
// reports the first at an unknown location, the second twice), checked
// against our own wording.
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: tensor<4xi8>, %c: tensor<4xi32>) {
  // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i8') doesn't match the element type of the enclosing linalg.generic op ('i32')}}
  %0 = linalg.add ins(%a, %a : tensor<4xi8>, tensor<4xi8>) outs(%c : tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected ::mlir::linalg::ElementwiseKind to be one of:}}
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<cube> ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}
