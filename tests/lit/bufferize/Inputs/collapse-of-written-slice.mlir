func.func @f(%a: tensor<4x4xf32>) -> (tensor<8xf32>, tensor<4x4xf32>) {
  %s = tensor.extract_slice %a[0, 0] [4, 2] [1, 1] : tensor<4x4xf32> to tensor<4x2xf32>
  %cst = arith.constant 9.0 : f32
  %filled = linalg.fill ins(%cst : f32) outs(%s : tensor<4x2xf32>) -> tensor<4x2xf32>
  %w = tensor.insert_slice %filled into %a[0, 0] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x4xf32>
  %c = tensor.collapse_shape %s [[0, 1]] : tensor<4x2xf32> into tensor<8xf32>
  return %c, %w : tensor<8xf32>, tensor<4x4xf32>
}
func.func @main() -> (tensor<8xf32>, tensor<4x4xf32>) {
  %a = arith.constant dense<[[1.0,2.0,3.0,4.0],[5.0,6.0,7.0,8.0],[9.0,10.0,11.0,12.0],[13.0,14.0,15.0,16.0]]> : tensor<4x4xf32>
  %e = bufferization.alloc_tensor() copy(%a) : tensor<4x4xf32>
  %r:2 = call @f(%e) : (tensor<4x4xf32>) -> (tensor<8xf32>, tensor<4x4xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<4x4xf32>
}
