// lower_bench.sh: one MLP layer, relu(x · w + b) with x 256x512, w 512x256
// and b broadcast over the rows. NAME as in matmul.mlir.
#rows = affine_map<(i, j) -> (i, j)>
#bias = affine_map<(i, j) -> (j)>
func.func @NAME_mlp(%x: tensor<256x512xf32>, %w: tensor<512x256xf32>, %b: tensor<256xf32>) -> tensor<256x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<256x512xf32>, tensor<512x256xf32>)
                      outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [#bias, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<256xf32>) outs(%mm : tensor<256x256xf32>) {
  ^bb0(%bj: f32, %acc: f32):
    %s = arith.addf %acc, %bj : f32
    %relu = arith.maximumf %s, %z : f32
    linalg.yield %relu : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
