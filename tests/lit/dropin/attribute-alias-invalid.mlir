// An alias in place of an attribute dictionary must name a dictionary.
// RUN: buffer-opt %s -verify-diagnostics -o /dev/null

#not_a_dict = affine_map<(d0) -> (d0)>
func.func @bad(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected a dictionary attribute}}
  %0 = linalg.generic #not_a_dict ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
