
func.func @f(%a: tensor<4x8xf32>, %c: tensor<4xf32>) {
  %0 = linalg.reduce { arith.addmul.rnf } ins(%a : tensor<4x8xf32>) outs(%c : tensor<4xf32>) dimensions = [0, 1]
  return
}

