// promote-buffers-to-stack: a buffer sized by the rank of another one is
// small (as upstream assumes) and goes to the stack when its rank is at
// most max-rank-of-allocated-memref; one inside a region op that may run
// its region many times stays on the heap.
// RUN: buffer-opt -promote-buffers-to-stack -split-input-file %s | FileCheck %s --check-prefixes=CHECK,DEF
// RUN: buffer-opt -promote-buffers-to-stack="max-rank-of-allocated-memref=2" -split-input-file %s | FileCheck %s --check-prefixes=CHECK,RANK2
// RUN: %if mlir-opt %{ mlir-opt -promote-buffers-to-stack -split-input-file %s | FileCheck %s --check-prefixes=CHECK,DEF %}
// RUN: %if mlir-opt %{ mlir-opt -promote-buffers-to-stack="max-rank-of-allocated-memref=2" -split-input-file %s | FileCheck %s --check-prefixes=CHECK,RANK2 %}

// CHECK-LABEL: func.func @sized_by_rank(
//  CHECK-NEXT:   %[[R:.*]] = memref.rank %arg0 : memref<*xf32>
//  CHECK-NEXT:   memref.alloca(%[[R]]) : memref<?xindex>
//  DEF-NEXT:     memref.alloc(%[[R]], %[[R]]) : memref<?x?xindex>
//  RANK2-NEXT:   memref.alloca(%[[R]], %[[R]]) : memref<?x?xindex>
//  CHECK-NEXT:   memref.alloc(%arg1) : memref<?xindex>
func.func @sized_by_rank(%m: memref<*xf32>, %n: index) {
  %0 = memref.rank %m : memref<*xf32>
  %1 = memref.alloc(%0) : memref<?xindex>
  %2 = memref.alloc(%0, %0) : memref<?x?xindex>
  %3 = memref.alloc(%n) : memref<?xindex>
  return
}

// -----

// CHECK-LABEL: func.func @in_region_op(
//  CHECK-NEXT:   %[[A:.*]] = memref.alloca() : memref<2xf32>
//  CHECK-NEXT:   test.region_buffer_based
//       CHECK:     memref.alloc() : memref<2xf32>
func.func @in_region_op(%in: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  test.region_buffer_based in(%in: memref<2xf32>) out(%0: memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %1 = memref.alloc() : memref<2xf32>
    test.buffer_based in(%in: memref<2xf32>) out(%1: memref<2xf32>)
    test.region_yield %a : f32
  }
  return
}
