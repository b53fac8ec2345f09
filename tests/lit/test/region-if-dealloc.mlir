// test.region_if runs its then or its else region, then its join region:
// ownership flags travel with the memrefs along both edges. The operands
// enter with false flags (the outer block keeps what it passes in), a
// buffer the else region allocates reaches the join region owned, and the
// join region's yield hands ownership on to the results.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s | mlir-opt -allow-unregistered-dialect | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -mlir-print-op-generic | buffer-opt | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification | FileCheck %s
// RUN: buffer-opt %s -buffer-deallocation-pipeline | mlir-opt -allow-unregistered-dialect > /dev/null

// ROUND-LABEL: func.func @then_else_join(
//       ROUND:   test.region_if %{{.*}}: memref<4xf32> -> memref<4xf32> then {
//  ROUND-NEXT:   ^bb0(%[[A:.*]]: memref<4xf32>):
//  ROUND-NEXT:     test.region_if_yield %[[A]] : memref<4xf32>
//  ROUND-NEXT:   } else {
//       ROUND:   } join {
//       ROUND:     "test.read_buffer"

// CHECK-LABEL: func.func @then_else_join(
//  CHECK-SAME:     %[[M:.*]]: memref<4xf32>)
//       CHECK:   %[[R:.*]]:2 = test.region_if %[[M]], %false: memref<4xf32>, i1 -> (memref<4xf32>, i1) then {
//  CHECK-NEXT:   ^bb0(%[[A:.*]]: memref<4xf32>, %[[AF:.*]]: i1):
//  CHECK-NEXT:     test.region_if_yield %[[A]], %[[AF]] : memref<4xf32>, i1
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:   ^bb0(%[[B:.*]]: memref<4xf32>, %[[BF:.*]]: i1):
//  CHECK-NEXT:     %[[N:.*]] = memref.alloc() : memref<4xf32>
// The else region frees its argument where it owns it (never here: it is
// %m), as upstream's pass does.
//  CHECK-NEXT:     %[[BB:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[B]]
//  CHECK-NEXT:     bufferization.dealloc (%[[BB]] : memref<f32>) if (%[[BF]])
//  CHECK-NEXT:     test.region_if_yield %[[N]], %true : memref<4xf32>, i1
//  CHECK-NEXT:   } join {
//  CHECK-NEXT:   ^bb0(%[[J:.*]]: memref<4xf32>, %[[JF:.*]]: i1):
//  CHECK-NEXT:     "test.read_buffer"(%[[J]])
//  CHECK-NEXT:     test.region_if_yield %[[J]], %[[JF]] : memref<4xf32>, i1
//  CHECK-NEXT:   }
// The result is returned as is where owned, as a copy where it is %m.
//       CHECK:   %[[OUT:.*]] = scf.if %[[R]]#1 -> (memref<4xf32>) {
//  CHECK-NEXT:     scf.yield %[[R]]#0
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     bufferization.clone %[[R]]#0
//       CHECK:   return %[[OUT]]
func.func @then_else_join(%m: memref<4xf32>) -> memref<4xf32> {
  %r = test.region_if %m : memref<4xf32> -> memref<4xf32> then {
  ^bb0(%a: memref<4xf32>):
    test.region_if_yield %a : memref<4xf32>
  } else {
  ^bb0(%b: memref<4xf32>):
    %n = memref.alloc() : memref<4xf32>
    test.region_if_yield %n : memref<4xf32>
  } join {
  ^bb0(%j: memref<4xf32>):
    "test.read_buffer"(%j) : (memref<4xf32>) -> ()
    test.region_if_yield %j : memref<4xf32>
  }
  return %r : memref<4xf32>
}
