// Undefined behaviour in vector ops is reported at the op.
// RUN: not buffer-opt --run=oob %s 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not buffer-opt --run=poison %s 2>&1 | FileCheck %s --check-prefix=POISON
// RUN: not buffer-opt --run=uninit %s 2>&1 | FileCheck %s --check-prefix=UNINIT

// OOB: run-errors.mlir:[[@LINE+8]]:8: error: interpreter: out-of-bounds transfer: index 4 in dimension 0 of size 4 is marked in_bounds
func.func @oob() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.0 : f32
  %m = memref.alloca() : memref<4xf32>
  %full = vector.broadcast %pad : f32 to vector<4xf32>
  vector.transfer_write %full, %m[%c0] : vector<4xf32>, memref<4xf32>
  %v = vector.transfer_read %m[%c2], %pad {in_bounds = [true]} : memref<4xf32>, vector<3xf32>
  return
}

// POISON: run-errors.mlir:[[@LINE+4]]:8: error: interpreter: position -1 out of bounds in dimension 0 of size 4 (poison)
func.func @poison() {
  %s = arith.constant 1.0 : f32
  %v = vector.broadcast %s : f32 to vector<4xf32>
  %e = vector.extract %v[-1] : f32 from vector<4xf32>
  return
}

// UNINIT: run-errors.mlir:[[@LINE+5]]:8: error: interpreter: read of uninitialized memory
func.func @uninit() {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %m = memref.alloca() : memref<4xf32>
  %v = vector.transfer_read %m[%c0], %pad : memref<4xf32>, vector<4xf32>
  return
}
