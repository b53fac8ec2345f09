// What --canonicalize must leave alone among the memref folds: a constant
// that would put a subview out of bounds stays an operand (the subview
// would not verify), a negative constant size of an alloc stays, and a
// linalg op keeps casts whose sources disagree on a loop's size (the op
// would not verify; the program fails only if it runs), or that would leave
// a static size beside a dynamic one where its verifier wants them equal.
// RUN: buffer-opt -split-input-file -canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @subview_out_of_bounds(
// CHECK: memref.subview %{{.*}}[%{{.*}}] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
func.func @subview_out_of_bounds(%m: memref<4xf32>) -> memref<2xf32, strided<[1], offset: ?>> {
  %c7 = arith.constant 7 : index
  %sv = memref.subview %m[%c7] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: ?>>
  return %sv : memref<2xf32, strided<[1], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @alloc_negative_size(
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
func.func @alloc_negative_size() -> memref<?xf32> {
  %m1 = arith.constant -1 : index
  %a = memref.alloc(%m1) : memref<?xf32>
  return %a : memref<?xf32>
}

// -----

// CHECK-LABEL: func.func @linalg_disagreeing_casts(
// CHECK: linalg.copy ins(%{{.*}} : memref<?xf32>) outs(%{{.*}} : memref<?xf32>)
func.func @linalg_disagreeing_casts(%a: memref<3xf32>, %b: memref<4xf32>) {
  %ca = memref.cast %a : memref<3xf32> to memref<?xf32>
  %cb = memref.cast %b : memref<4xf32> to memref<?xf32>
  linalg.copy ins(%ca : memref<?xf32>) outs(%cb : memref<?xf32>)
  return
}

// -----

// linalg.reduce wants the init's sizes exactly as the input states them:
// a static init beside a dynamic input would not verify.
// CHECK-LABEL: func.func @reduce_keeps_cast(
// CHECK: linalg.reduce ins(%{{.*}} : memref<?x?xf32>) outs(%{{.*}} : memref<?xf32>)
func.func @reduce_keeps_cast(%in: memref<?x?xf32>, %init: memref<4xf32>) {
  %c = memref.cast %init : memref<4xf32> to memref<?xf32>
  linalg.reduce ins(%in : memref<?x?xf32>) outs(%c : memref<?xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}
