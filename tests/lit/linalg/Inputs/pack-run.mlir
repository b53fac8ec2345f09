// linalg.pack and linalg.unpack on small tensors: padding, outer_dims_perm,
// inner_dims_pos out of order, one tiled dimension, and an unpack that drops the
// padding. Results printed by printMemrefF32.
func.func private @printMemrefF32(memref<*xf32>)

func.func @print2(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @print4(%t: tensor<?x?x?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?x?x?xf32> to memref<?x?x?x?xf32>
  %u = memref.cast %m : memref<?x?x?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %src = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                               [6.0, 7.0, 8.0, 9.0, 10.0],
                               [11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<3x5xf32>
  %pad = arith.constant -1.0 : f32
  // 3x5 in 2x2 tiles, tile counts transposed: 3x2x2x2
  %e0 = tensor.empty() : tensor<3x2x2x2xf32>
  %p0 = linalg.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e0 : tensor<3x5xf32> -> tensor<3x2x2x2xf32>
  %p0d = tensor.cast %p0 : tensor<3x2x2x2xf32> to tensor<?x?x?x?xf32>
  func.call @print4(%p0d) : (tensor<?x?x?x?xf32>) -> ()
  // and back: the padding is dropped
  %e1 = tensor.empty() : tensor<3x5xf32>
  %u0 = linalg.unpack %p0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e1 : tensor<3x2x2x2xf32> -> tensor<3x5xf32>
  %u0d = tensor.cast %u0 : tensor<3x5xf32> to tensor<?x?xf32>
  func.call @print2(%u0d) : (tensor<?x?xf32>) -> ()
  // inner dims in the other order: tiles of 1 row x 5 columns, then
  // 3 rows; 5 columns tiled by 5 and 3 rows by 3: 1x1x5x3
  %e2 = tensor.empty() : tensor<1x1x5x3xf32>
  %p1 = linalg.pack %src inner_dims_pos = [1, 0] inner_tiles = [5, 3] into %e2 : tensor<3x5xf32> -> tensor<1x1x5x3xf32>
  %p1d = tensor.cast %p1 : tensor<1x1x5x3xf32> to tensor<?x?x?x?xf32>
  func.call @print4(%p1d) : (tensor<?x?x?x?xf32>) -> ()
  // one tiled dimension (the lit test runs the same with a dynamic tile)
  %e3 = tensor.empty() : tensor<3x2x3xf32>
  %p2 = linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [1] inner_tiles = [3] into %e3 : tensor<3x5xf32> -> tensor<3x2x3xf32>
  %e4 = tensor.empty() : tensor<3x4xf32>
  %u2 = linalg.unpack %p2 inner_dims_pos = [1] inner_tiles = [3] into %e4 : tensor<3x2x3xf32> -> tensor<3x4xf32>
  %u2d = tensor.cast %u2 : tensor<3x4xf32> to tensor<?x?xf32>
  func.call @print2(%u2d) : (tensor<?x?xf32>) -> ()
  return
}
