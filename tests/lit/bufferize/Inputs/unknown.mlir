func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = "test.op"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
