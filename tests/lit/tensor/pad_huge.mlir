// A static low padding of INT64_MAX: the inferred size wraps (as in MLIR)
// instead of overflowing, and the verifier reports the type mismatch.
// RUN: buffer-opt %s --verify-diagnostics

func.func @pad(%t: tensor<3xf32>, %z: f32) -> tensor<9xf32> {
  // expected-error @+1 {{specified type 'tensor<9xf32>' does not match the inferred type}}
  %p = tensor.pad %t low[9223372036854775807] high[0] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<3xf32> to tensor<9xf32>
  return %p : tensor<9xf32>
}
