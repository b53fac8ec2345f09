
// A dynamic second operand is compatible: accepted.
func.func @compatible(%a: tensor<4xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {
  %0 = "math.atan2"(%a, %b) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

