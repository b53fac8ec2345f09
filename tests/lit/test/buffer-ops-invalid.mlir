// RUN: buffer-opt %s -split-input-file -verify-diagnostics
// RUN: %if mlir-opt %{ mlir-opt %s -split-input-file -verify-diagnostics %}

func.func @copy_of_a_tensor(%a: tensor<2xf32>, %b: memref<2xf32>) {
  // expected-error @below {{operand #0 must be ranked or unranked memref of any type values, but got 'tensor<2xf32>'}}
  "test.copy"(%a, %b) : (tensor<2xf32>, memref<2xf32>) -> ()
  return
}

// -----

func.func @copy_needs_two(%a: memref<2xf32>) {
  // expected-error @below {{expected 2 operands, but found 1}}
  "test.copy"(%a) : (memref<2xf32>) -> ()
  return
}
