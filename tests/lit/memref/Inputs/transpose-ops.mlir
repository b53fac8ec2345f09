// memref.transpose in the forms tests/lit/memref/transpose.mlir round-trips
// against mlir-opt: dimension names are free, the printer says d0, d1...
func.func @dyn2d(%m: memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>> {
  %r = memref.transpose %m (row, col) -> (col, row) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  return %r : memref<?x?xf32, strided<[1, ?]>>
}
func.func @rot3d(%m: memref<5x6x7xi32>) -> memref<7x5x6xi32, strided<[1, 42, 7]>> {
  %r = memref.transpose %m (p, q, s) -> (s, p, q) {tag = "rot"} : memref<5x6x7xi32> to memref<7x5x6xi32, strided<[1, 42, 7]>>
  return %r : memref<7x5x6xi32, strided<[1, 42, 7]>>
}
// The offset stays; a layout written as an affine map is equivalent.
func.func @offset(%m: memref<4x2xf64, strided<[2, 1], offset: 9>>) -> memref<2x4xf64, affine_map<(d0, d1) -> (d0 + d1 * 2 + 9)>> {
  %r = memref.transpose %m (a, b) -> (b, a) : memref<4x2xf64, strided<[2, 1], offset: 9>> to memref<2x4xf64, affine_map<(d0, d1) -> (d0 + d1 * 2 + 9)>>
  return %r : memref<2x4xf64, affine_map<(d0, d1) -> (d0 + d1 * 2 + 9)>>
}
// The identity permutation of a static memref may keep the identity layout,
// so may a 1x1 one swapped; a memory space stays.
func.func @same(%m: memref<3x4xf32, 1>, %u: memref<1x1xi8>) -> (memref<3x4xf32, 1>, memref<1x1xi8>) {
  %r = memref.transpose %m (a, b) -> (a, b) : memref<3x4xf32, 1> to memref<3x4xf32, 1>
  %s = memref.transpose %u (a, b) -> (b, a) : memref<1x1xi8> to memref<1x1xi8>
  return %r, %s : memref<3x4xf32, 1>, memref<1x1xi8>
}
// Fully dynamic layouts, and rank 0.
func.func @dynlayout(%m: memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, %z: memref<f32>) -> (memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<f32>) {
  %r = memref.transpose %m (a, b, c) -> (b, c, a) : memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  %s = memref.transpose %z () -> () : memref<f32> to memref<f32>
  return %r, %s : memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<f32>
}
