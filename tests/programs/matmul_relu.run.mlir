// purpose: a small dense layer, relu(A * B + bias), on constant inputs; @main prints the result
// expect: [[0, 3.5, 0], [4.5, 0, 9.5]] as printed by the runner utils

#row = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>

func.func @dense_relu(%a: tensor<2x2xf32>, %b: tensor<2x3xf32>, %bias: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<2x3xf32>) -> tensor<2x3xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x3xf32>)
                      outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %out = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#row, #bias, #row], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<2x3xf32>, tensor<3xf32>) outs(%out : tensor<2x3xf32>) {
  ^bb0(%x: f32, %c: f32, %unused: f32):
    %s = arith.addf %x, %c : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %a = arith.constant dense<[[1.0, -1.0], [0.5, 2.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[1.0, 2.0, -3.0], [2.0, -1.5, 4.0]]> : tensor<2x3xf32>
  %bias = arith.constant dense<[0.0, 0.0, 3.0]> : tensor<3xf32>
  %r = call @dense_relu(%a, %b, %bias) : (tensor<2x2xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %m = bufferization.to_buffer %r : tensor<2x3xf32> to memref<2x3xf32>
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
