
func.func @f(%a: tensor<4x5xf32>, %c: tensor<4x7xf32>) {
  %0 = linalg.map { math.mxp } ins(%a : tensor<4x5xf32>) outs(%c : tensor<4x7xf32>)
  return
}

