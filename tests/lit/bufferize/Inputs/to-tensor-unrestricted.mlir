func.func @store_after(%m: memref<2xf32>) -> tensor<2xf32> {
  %t = bufferization.to_tensor %m : memref<2xf32> to tensor<2xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  memref.store %v, %m[%c0] : memref<2xf32>
  return %t : tensor<2xf32>
}
