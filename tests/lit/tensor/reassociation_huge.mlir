// A reassociation index of INT64_MAX: MLIR counts map dims in 32 bits, so
// the map size wraps to 0; the verifier must report it (not overflow).
// RUN: buffer-opt %s --split-input-file --verify-diagnostics

func.func @collapse(%t: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  0.}}
  %c = tensor.collapse_shape %t [[0, 9223372036854775807]] : tensor<2x3xf32> into tensor<6xf32>
  return %c : tensor<6xf32>
}

// -----

func.func @expand(%t: tensor<6xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tensor.expand_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  1.}}
  %e = tensor.expand_shape %t [[0, 4294967296]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}
