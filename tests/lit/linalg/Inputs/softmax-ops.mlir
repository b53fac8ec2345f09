// linalg.softmax in the forms mlir-opt 22 prints (tensor and memref, an
// attribute dictionary); softmax.mlir compares both prints with mlir-opt.
func.func @f(%x: tensor<2x16x32xf32>, %m: memref<4x8xf16>, %n: memref<4x8xf16>) -> tensor<2x16x32xf32> {
  %e = tensor.empty() : tensor<2x16x32xf32>
  %0 = linalg.softmax dimension(2) ins(%x : tensor<2x16x32xf32>) outs(%e : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  linalg.softmax {foo} dimension(0) ins(%m : memref<4x8xf16>) outs(%n : memref<4x8xf16>)
  return %0 : tensor<2x16x32xf32>
}

func.func @in_place(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>) outs(%y : tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = linalg.softmax dimension(0) ins(%0 : tensor<2x3xf32>) outs(%x : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
