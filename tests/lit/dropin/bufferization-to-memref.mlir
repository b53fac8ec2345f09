// convert-bufferization-to-memref: clones become alloc + copy, deallocs are
// lowered; the interpreter sees the same values before and after.
// RUN: buffer-opt %s -convert-bufferization-to-memref | FileCheck %s
// RUN: buffer-opt %s -pass-pipeline="builtin.module(convert-bufferization-to-memref)" | FileCheck %s

// CHECK-LABEL: func.func @clone(
//  CHECK-SAME:   %[[M:.*]]: memref<?xf32>, %[[S:.*]]: memref<4xf32>
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[D:.*]] = memref.dim %[[M]], %[[C0]] : memref<?xf32>
//       CHECK:   %[[A:.*]] = memref.alloc(%[[D]]) : memref<?xf32>
//       CHECK:   memref.copy %[[M]], %[[A]] : memref<?xf32> to memref<?xf32>
//       CHECK:   %[[B:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   memref.copy %[[S]], %[[B]]
//   CHECK-NOT:   bufferization.clone
//       CHECK:   return %[[A]], %[[B]]
func.func @clone(%m: memref<?xf32>, %s: memref<4xf32>) -> (memref<?xf32>, memref<4xf32>) {
  %0 = bufferization.clone %m : memref<?xf32> to memref<?xf32>
  %1 = bufferization.clone %s : memref<4xf32> to memref<4xf32>
  return %0, %1 : memref<?xf32>, memref<4xf32>
}

// CHECK-LABEL: func.func @dealloc(
//       CHECK:   scf.if %{{.*}} {
//  CHECK-NEXT:     memref.dealloc %{{.*}} : memref<2xf32>
//  CHECK-NEXT:   }
func.func @dealloc(%m: memref<2xf32>, %c: i1) {
  bufferization.dealloc (%m : memref<2xf32>) if (%c)
  return
}
