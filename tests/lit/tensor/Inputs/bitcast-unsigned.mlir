// Bitcasts that tensor.bitcast's bufferization refuses (see
// ../bitcast-splat.mlir).
func.func @unsigned(%a: tensor<4xi32>) -> tensor<4xui32> {
  %b = tensor.bitcast %a : tensor<4xi32> to tensor<4xui32>
  return %b : tensor<4xui32>
}
