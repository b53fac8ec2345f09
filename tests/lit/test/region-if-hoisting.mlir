// test.region_if runs each of its regions at most once: buffer-hoisting
// moves an allocation of one of them above the op when its sizes are
// defined there, and leaves one whose size the region computes.
// RUN: buffer-opt %s -buffer-hoisting | FileCheck %s

// CHECK-LABEL: func.func @hoist_from_else(
//       CHECK:   memref.alloc(%arg0, %arg0)
//  CHECK-NEXT:   %[[H:.*]] = memref.alloc(%arg0, %arg1)
//  CHECK-NEXT:   test.region_if
//       CHECK:   } else {
//  CHECK-NEXT:   ^bb0
//  CHECK-NEXT:     test.region_if_yield %[[H]]
func.func @hoist_from_else(%n: index, %m: index) -> memref<?x?xf32> {
  %0 = memref.alloc(%n, %n) : memref<?x?xf32>
  %1 = test.region_if %0 : memref<?x?xf32> -> memref<?x?xf32> then {
  ^bb0(%a: memref<?x?xf32>):
    test.region_if_yield %a : memref<?x?xf32>
  } else {
  ^bb0(%a: memref<?x?xf32>):
    %2 = memref.alloc(%n, %m) : memref<?x?xf32>
    test.region_if_yield %2 : memref<?x?xf32>
  } join {
  ^bb0(%a: memref<?x?xf32>):
    test.region_if_yield %a : memref<?x?xf32>
  }
  return %1 : memref<?x?xf32>
}

// CHECK-LABEL: func.func @size_from_inside(
//       CHECK:   test.region_if
//       CHECK:   } join {
//  CHECK-NEXT:   ^bb0
//  CHECK-NEXT:     %[[S:.*]] = arith.addi
//  CHECK-NEXT:     memref.alloc(%[[S]])
func.func @size_from_inside(%n: index, %m: memref<?xf32>) -> memref<?xf32> {
  %1 = test.region_if %m : memref<?xf32> -> memref<?xf32> then {
  ^bb0(%a: memref<?xf32>):
    test.region_if_yield %a : memref<?xf32>
  } else {
  ^bb0(%a: memref<?xf32>):
    test.region_if_yield %a : memref<?xf32>
  } join {
  ^bb0(%a: memref<?xf32>):
    %s = arith.addi %n, %n : index
    %2 = memref.alloc(%s) : memref<?xf32>
    test.region_if_yield %2 : memref<?xf32>
  }
  return %1 : memref<?xf32>
}
