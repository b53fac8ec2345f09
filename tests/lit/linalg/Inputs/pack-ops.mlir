// linalg.pack / linalg.unpack in their custom forms (see ../pack.mlir).
func.func @pack(%src: tensor<128x256xf32>, %dst: tensor<16x8x8x32xf32>) -> tensor<16x8x8x32xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %dst : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return %0 : tensor<16x8x8x32xf32>
}
func.func @pack_pad(%src: tensor<13x15xf32>, %dst: tensor<8x2x8x2xf32>, %p: f32) -> tensor<8x2x8x2xf32> {
  %0 = linalg.pack %src padding_value(%p : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dst : tensor<13x15xf32> -> tensor<8x2x8x2xf32>
  return %0 : tensor<8x2x8x2xf32>
}
func.func @unpack(%src: tensor<16x8x8x32xf32>, %dst: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %0 = linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %dst : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
  return %0 : tensor<128x256xf32>
}
func.func @dyn(%src: tensor<?x?xf32>, %dst: tensor<?x?x?x4xf32>, %t: index) -> tensor<?x?x?x4xf32> {
  %0 = linalg.pack %src inner_dims_pos = [1, 0] inner_tiles = [%t, 4] into %dst : tensor<?x?xf32> -> tensor<?x?x?x4xf32>
  return %0 : tensor<?x?x?x4xf32>
}
func.func @unpack_perm(%src: tensor<8x2x8x2xf32>, %dst: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %0 = linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %dst {tag} : tensor<8x2x8x2xf32> -> tensor<13x15xf32>
  return %0 : tensor<13x15xf32>
}
