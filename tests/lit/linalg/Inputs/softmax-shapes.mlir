// Softmax on static and dynamic shapes, for the decomposition's comparison
// with upstream's (dynamic sizes of the reduced tensor come from tensor.dim).
func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @g(%x: tensor<?x4x?xf64>, %e: tensor<?x4x?xf64>) -> tensor<?x4x?xf64> {
  %0 = linalg.softmax dimension(1) ins(%x : tensor<?x4x?xf64>) outs(%e : tensor<?x4x?xf64>) -> tensor<?x4x?xf64>
  return %0 : tensor<?x4x?xf64>
}
