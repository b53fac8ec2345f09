// buffer-results-to-out-params: add-result-attr and hoist-dynamic-allocs.
// RUN: buffer-opt %s -buffer-results-to-out-params="hoist-dynamic-allocs" | FileCheck %s --check-prefix=DYN
// RUN: buffer-opt %s -buffer-results-to-out-params="hoist-dynamic-allocs hoist-static-allocs add-result-attr" | FileCheck %s --check-prefix=BOTH
// Without hoisting, a caller cannot size the out-buffer of a dynamic
// result: the call is an error, as mlir-opt 22 reports it.
// RUN: not buffer-opt %s -buffer-results-to-out-params 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %if mlir-opt %{ not mlir-opt %s -buffer-results-to-out-params 2>&1 | FileCheck %s --check-prefix=PLAIN %}

// DYN-LABEL: func.func private @static_result(
//  DYN-SAME:   %[[A:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) {
//       DYN:   %[[M:.*]] = memref.alloc() : memref<4xf32>
//       DYN:   memref.copy %[[M]], %[[OUT]]
// BOTH-LABEL: func.func private @static_result(
//  BOTH-SAME:   %[[A:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32> {bufferize.result}) {
//   BOTH-NOT:   memref.alloc
//       BOTH:   memref.copy %[[A]], %[[OUT]]
//  BOTH-NEXT:   return
func.func private @static_result(%a: memref<4xf32>) -> memref<4xf32> {
  %m = memref.alloc() : memref<4xf32>
  memref.copy %a, %m : memref<4xf32> to memref<4xf32>
  return %m : memref<4xf32>
}

// The alloc moves to the caller, sized by what the caller passes.
// DYN-LABEL: func.func private @dynamic_result(
//  DYN-SAME:   %{{[a-z0-9]+}}: index, %{{[a-z0-9]+}}: f32, %[[OUT:[a-z0-9]+]]: memref<?xf32>) {
//  DYN-NEXT:   linalg.fill ins(%{{.*}} : f32) outs(%[[OUT]] : memref<?xf32>)
//  DYN-NEXT:   return
// PLAIN: :[[@LINE+17]]:8: error: cannot create out param for dynamically shaped result
func.func private @dynamic_result(%n: index, %f: f32) -> memref<?xf32> {
  %m = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<?xf32>)
  return %m : memref<?xf32>
}

// DYN-LABEL: func.func @caller(
//  DYN-SAME:   %[[A:.*]]: memref<4xf32>, %[[N:.*]]: index
//       DYN:   %[[S:.*]] = memref.alloc() : memref<4xf32>
//       DYN:   call @static_result(%[[A]], %[[S]])
//       DYN:   %[[D:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
//       DYN:   call @dynamic_result(%[[N]], %{{.*}}, %[[D]]) : (index, f32, memref<?xf32>) -> ()
//       DYN:   memref.load %[[D]]
func.func @caller(%a: memref<4xf32>, %n: index, %f: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %0 = call @static_result(%a) : (memref<4xf32>) -> memref<4xf32>
  %1 = call @dynamic_result(%n, %f) : (index, f32) -> memref<?xf32>
  %x = memref.load %0[%c0] : memref<4xf32>
  %y = memref.load %1[%c0] : memref<?xf32>
  return %x, %y : f32, f32
}
