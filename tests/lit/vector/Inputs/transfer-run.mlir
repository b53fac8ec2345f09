// vector.transfer_read / transfer_write on memrefs and tensors: padding past
// the end, in_bounds, a transposing and a broadcasting permutation_map, a
// map that drops a dimension, masks (see ../run.mlir).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloca() : memref<3x5xf32>
  %cst = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [10.0, 11.0, 12.0, 13.0, 14.0], [20.0, 21.0, 22.0, 23.0, 24.0]]> : vector<3x5xf32>
  vector.transfer_write %cst, %m[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, memref<3x5xf32>
  %r0 = vector.transfer_read %m[%c1, %c2], %pad : memref<3x5xf32>, vector<4xf32>
  vector.print %r0 : vector<4xf32>
  %r1 = vector.transfer_read %m[%c1, %c1], %pad {in_bounds = [true]} : memref<3x5xf32>, vector<4xf32>
  vector.print %r1 : vector<4xf32>
  %r2 = vector.transfer_read %m[%c2, %c3], %pad : memref<3x5xf32>, vector<2x3xf32>
  vector.print %r2 : vector<2x3xf32>
  %r3 = vector.transfer_read %m[%c0, %c1], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x5xf32>, vector<2x4xf32>
  vector.print %r3 : vector<2x4xf32>
  %r4 = vector.transfer_read %m[%c1, %c2], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<3x5xf32>, vector<3x4xf32>
  vector.print %r4 : vector<3x4xf32>
  %mask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %r5 = vector.transfer_read %m[%c0, %c3], %pad, %mask : memref<3x5xf32>, vector<4xf32>
  vector.print %r5 : vector<4xf32>
  %r6 = vector.transfer_read %m[%c1, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<3x5xf32>, vector<3xf32>
  vector.print %r6 : vector<3xf32>
  %v = arith.constant dense<[100.0, 101.0, 102.0, 103.0]> : vector<4xf32>
  vector.transfer_write %v, %m[%c0, %c3] : vector<4xf32>, memref<3x5xf32>
  vector.transfer_write %v, %m[%c1, %c0], %mask : vector<4xf32>, memref<3x5xf32>
  %v2 = arith.constant dense<[[200.0, 201.0], [202.0, 203.0]]> : vector<2x2xf32>
  vector.transfer_write %v2, %m[%c1, %c3] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x2xf32>, memref<3x5xf32>
  %all = vector.transfer_read %m[%c0, %c0], %pad : memref<3x5xf32>, vector<3x5xf32>
  vector.print %all : vector<3x5xf32>
  %t = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %ipad = arith.constant 0 : i32
  %tv = vector.transfer_read %t[%c1], %ipad : tensor<3xi32>, vector<4xi32>
  vector.print %tv : vector<4xi32>
  %iv = arith.constant dense<[7, 8, 9, 10]> : vector<4xi32>
  %t2 = vector.transfer_write %iv, %t[%c2] : vector<4xi32>, tensor<3xi32>
  %tv2 = vector.transfer_read %t2[%c0], %ipad {in_bounds = [true]} : tensor<3xi32>, vector<3xi32>
  vector.print %tv2 : vector<3xi32>
  return
}
