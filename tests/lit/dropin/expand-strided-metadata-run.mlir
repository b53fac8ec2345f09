// expand-strided-metadata keeps every value: the program below returns the
// same numbers before and after the pass, after fold-memref-alias-ops and
// the pass together, after --lower-affine, and JIT-compiled. The views sit
// in loops at offsets of induction variables, over buffers of dynamic
// sizes, so the rewritten program computes offsets, sizes and strides
// with affine.apply at run time.
// RUN: buffer-opt %s --run=main --run-leak-check | FileCheck %s
// RUN: buffer-opt %s -expand-strided-metadata | FileCheck %s --check-prefix=EXPANDED
// RUN: buffer-opt %s -expand-strided-metadata --run=main --run-leak-check | FileCheck %s
// RUN: buffer-opt %s -fold-memref-alias-ops -expand-strided-metadata -lower-affine --run=main --run-leak-check | FileCheck %s
// RUN: buffer-opt %s -expand-strided-metadata --emit=run --run=main | FileCheck %s
// REQUIRES: llvm

// Sums by hand, m[i][j] = 8i + j on a 4x8 buffer (4 rows given at run
// time): a 2x3 window of stride 2 at (1, 1), (9 + 11 + 13) + (17 + 19 + 21),
// plus 8 times its dynamic size 3 read back with memref.dim: 114; the
// second row of 2x2 tiles at (r, r), r = 0..2: (8 + 9) + (17 + 18) +
// (26 + 27) = 105; the ?x2x4 expansion at [r][1][3] = 8r + 7 for r = 0, 1
// and [3][0][0] = 24: 46; the collapsed buffer at 0, 5, ..., 25: 75.
// CHECK: [{"type":"f32","value":114.0},{"type":"f32","value":105.0},{"type":"f32","value":46.0},{"type":"f32","value":75.0}]
// EXPANDED-LABEL: func.func @main
// EXPANDED-NOT: memref.subview
// EXPANDED-NOT: memref.expand_shape
// EXPANDED-NOT: memref.collapse_shape
// EXPANDED: memref.reinterpret_cast
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %rows = arith.addi %c2, %c2 : index
  %m = memref.alloc(%rows) : memref<?x8xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %i8 = arith.muli %i, %c8 : index
      %k = arith.addi %i8, %j : index
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      memref.store %f, %m[%i, %j] : memref<?x8xf32>
    }
  }
  %w = memref.subview %m[1, 1] [2, %c3] [1, 2] : memref<?x8xf32> to memref<2x?xf32, strided<[8, 2], offset: 9>>
  %a = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> f32 {
    %r = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> f32 {
      %v = memref.load %w[%i, %j] : memref<2x?xf32, strided<[8, 2], offset: 9>>
      %n = arith.addf %acc2, %v : f32
      scf.yield %n : f32
    }
    scf.yield %r : f32
  }
  %wd = memref.dim %w, %c1 : memref<2x?xf32, strided<[8, 2], offset: 9>>
  %wdi = arith.index_cast %wd : index to i32
  %wdf = arith.sitofp %wdi : i32 to f32
  %a8 = arith.constant 8.0 : f32
  %wdf8 = arith.mulf %wdf, %a8 : f32
  %a2 = arith.addf %a, %wdf8 : f32
  // The second row of the tile at (r, r): a subview of a subview.
  %b = scf.for %r = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> f32 {
    %t = memref.subview %m[%r, %r] [2, 2] [1, 1] : memref<?x8xf32> to memref<2x2xf32, strided<[8, 1], offset: ?>>
    %tt = memref.subview %t[1, 0] [1, 2] [1, 1] : memref<2x2xf32, strided<[8, 1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
    %x = memref.load %tt[%c0] : memref<2xf32, strided<[1], offset: ?>>
    %y = memref.load %tt[%c1] : memref<2xf32, strided<[1], offset: ?>>
    %s = arith.addf %x, %y : f32
    %n = arith.addf %acc, %s : f32
    scf.yield %n : f32
  }
  // m as ?x2x4.
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [%rows, 2, 4] : memref<?x8xf32> into memref<?x2x4xf32>
  %c = scf.for %r = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %e[%r, %c1, %c3] : memref<?x2x4xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  %e2 = memref.load %e[%c3, %c0, %c0] : memref<?x2x4xf32>
  %c2f = arith.addf %c, %e2 : f32
  // m as one dimension.
  %flat = memref.collapse_shape %m [[0, 1]] : memref<?x8xf32> into memref<?xf32>
  %d = scf.for %k = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> f32 {
    %p = arith.muli %k, %c5 : index
    %v = memref.load %flat[%p] : memref<?xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  memref.dealloc %m : memref<?x8xf32>
  return %a2, %b, %c2f, %d : f32, f32, f32, f32
}
