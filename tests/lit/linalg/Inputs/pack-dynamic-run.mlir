// linalg.pack / unpack with a dynamic tile size (see ../pack.mlir).
func.func private @printMemrefF32(memref<*xf32>)
func.func @dynamic_tile() {
  %src = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                               [6.0, 7.0, 8.0, 9.0, 10.0],
                               [11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<3x5xf32>
  %pad = arith.constant -1.0 : f32
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %e3 = tensor.empty(%c2, %c3) : tensor<3x?x?xf32>
  %p2 = linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [1] inner_tiles = [%c3] into %e3 : tensor<3x5xf32> -> tensor<3x?x?xf32>
  %e4 = tensor.empty() : tensor<3x4xf32>
  %u2 = linalg.unpack %p2 inner_dims_pos = [1] inner_tiles = [%c3] into %e4 : tensor<3x?x?xf32> -> tensor<3x4xf32>
  %m = bufferization.to_buffer %u2 : tensor<3x4xf32> to memref<3x4xf32>
  %u = memref.cast %m : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
