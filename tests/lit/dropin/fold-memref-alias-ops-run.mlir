// fold-memref-alias-ops keeps every value: the same program before and
// after the pass (and after --lower-affine, and JIT-compiled) returns the
// same sums (checked by hand: 24 * (1 + 3 + 5) + 3 * 12; 10 * (34 + 36 + 38);
// sum of 16i + 7 and 48 + 5i; four stores of 100). The loops index views with induction variables, so the folded
// program keeps affine.apply, linearize_index and delinearize_index.
// RUN: buffer-opt %s --run=main --run-leak-check | FileCheck %s
// RUN: buffer-opt %s -fold-memref-alias-ops | FileCheck %s --check-prefix=FOLDED
// RUN: buffer-opt %s -fold-memref-alias-ops --run=main --run-leak-check | FileCheck %s
// RUN: buffer-opt %s -fold-memref-alias-ops -lower-affine --run=main --run-leak-check | FileCheck %s
// RUN: buffer-opt %s -fold-memref-alias-ops --emit=run --run=main | FileCheck %s
// REQUIRES: llvm

// CHECK: [{"type":"f32","value":252.0},{"type":"f32","value":1080.0},{"type":"f32","value":346.0},{"type":"f32","value":400.0}]
// FOLDED-LABEL: func.func @main
// FOLDED-NOT: memref.subview
// FOLDED-NOT: memref.expand_shape
// FOLDED-NOT: memref.collapse_shape
// FOLDED-DAG: affine.apply
// FOLDED-DAG: affine.linearize_index disjoint
// FOLDED-DAG: affine.delinearize_index
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<8x8xf32>
  // m[i][j] = 8 * i + j, written through a collapsed view.
  %flat = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %flat[%i] : memref<64xf32>
  }
  // A strided 2-D window at a dynamic offset: rows 1, 3, 5; columns 2, 4, 6.
  %s = memref.subview %m[%c1, 2] [3, 3] [2, 2] : memref<8x8xf32> to memref<3x3xf32, strided<[16, 2], offset: ?>>
  %a = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> f32 {
    %r = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> f32 {
      %v = memref.load %s[%i, %j] : memref<3x3xf32, strided<[16, 2], offset: ?>>
      %n = arith.addf %acc2, %v : f32
      scf.yield %n : f32
    }
    scf.yield %r : f32
  }
  // A row (rank-reduced) of a subview of a subview, indexed through an
  // affine.apply of the induction variable.
  %blk = memref.subview %m[2, 0] [4, 8] [1, 1] : memref<8x8xf32> to memref<4x8xf32, strided<[8, 1], offset: 16>>
  %row = memref.subview %blk[%c2, %c1] [1, 6] [1, 1] : memref<4x8xf32, strided<[8, 1], offset: 16>> to memref<6xf32, strided<[1], offset: ?>>
  %b = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> f32 {
    %k = affine.apply affine_map<(d0) -> (d0 * 2 + 1)>(%i)
    %v = memref.load %row[%k] : memref<6xf32, strided<[1], offset: ?>>
    // Scaled by 10 so that the sum tells the positions apart.
    %ten = arith.constant 10.0 : f32
    %w = arith.mulf %v, %ten : f32
    %n = arith.addf %acc, %w : f32
    scf.yield %n : f32
  }
  // An expanded 4x4x4 view of the 64 elements: the sum of elements
  // [i, 1, 3] for every i, plus the stores below.
  %e = memref.expand_shape %flat [[0, 1, 2]] output_shape [4, 4, 4] : memref<64xf32> into memref<4x4x4xf32>
  %c = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %e[%i, %c1, %c3] : memref<4x4x4xf32>
    %v2 = memref.load %e[%c3, %i, %i] : memref<4x4x4xf32>
    %t = arith.addf %v, %v2 : f32
    %n = arith.addf %acc, %t : f32
    scf.yield %n : f32
  }
  // Stores through a subview, read back through the buffer.
  %sv = memref.subview %m[4, 4] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 36>>
  %hundred = arith.constant 100.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %hundred, %sv[%i, %i] : memref<4x4xf32, strided<[8, 1], offset: 36>>
  }
  %d = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> f32 {
    %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc2 = %acc) -> f32 {
      %v = memref.load %m[%i, %j] : memref<8x8xf32>
      %big = arith.cmpf oge, %v, %hundred : f32
      %add = arith.select %big, %v, %zero : f32
      %n = arith.addf %acc2, %add : f32
      scf.yield %n : f32
    }
    scf.yield %r : f32
  }
  memref.dealloc %m : memref<8x8xf32>
  return %a, %b, %c, %d : f32, f32, f32, f32
}
