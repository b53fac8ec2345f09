// Masked transfers with a transposing, a broadcasting and a dimension-
// dropping permutation map: the mask has the dimensions that walk the
// memref, in its order (see ../run.mlir).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloca() : memref<3x5xf32>
  %cst = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [10.0, 11.0, 12.0, 13.0, 14.0], [20.0, 21.0, 22.0, 23.0, 24.0]]> : vector<3x5xf32>
  vector.transfer_write %cst, %m[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, memref<3x5xf32>
  %mask = arith.constant dense<[[true, false], [true, true], [false, true]]> : vector<3x2xi1>
  %r = vector.transfer_read %m[%c0, %c1], %pad, %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x5xf32>, vector<2x3xf32>
  vector.print %r : vector<2x3xf32>
  %mask2 = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %r2 = vector.transfer_read %m[%c1, %c1], %pad, %mask2 {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<3x5xf32>, vector<2x4xf32>
  vector.print %r2 : vector<2x4xf32>
  %mask3 = arith.constant dense<[true, false]> : vector<2xi1>
  %r3 = vector.transfer_read %m[%c0, %c2], %pad, %mask3 {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<3x5xf32>, vector<2xf32>
  vector.print %r3 : vector<2xf32>
  %w = arith.constant dense<[[100.0, 101.0, 102.0], [103.0, 104.0, 105.0]]> : vector<2x3xf32>
  vector.transfer_write %w, %m[%c0, %c2], %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x3xf32>, memref<3x5xf32>
  %all = vector.transfer_read %m[%c0, %c0], %pad : memref<3x5xf32>, vector<3x5xf32>
  vector.print %all : vector<3x5xf32>
  return
}
