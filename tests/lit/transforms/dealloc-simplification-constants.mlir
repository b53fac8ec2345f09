// REQUIRES: mlir-opt
// buffer-deallocation-simplification, like upstream's greedy rewrite,
// leaves the constants the ownership pass made at the top of the function
// (uniqued) and erases ops left dead, so the lines after an alloca follow
// each other as in mlir-opt's output.
// RUN: buffer-opt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification | FileCheck %s
// RUN: mlir-opt %s -ownership-based-buffer-deallocation -buffer-deallocation-simplification | FileCheck %s

// CHECK-LABEL: func.func @scratch_through_branch(
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[S:.*]] = memref.alloca() : memref<3xi16>
//  CHECK-NEXT:   cf.br ^bb1(%[[S]], %[[F]] : memref<3xi16>, i1)
//       CHECK: ^bb1(%[[B:.*]]: memref<3xi16>, %[[OWN:.*]]: i1):
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[B]]
//  CHECK-NEXT:   bufferization.dealloc (%[[BASE]] : memref<i16>) if (%[[OWN]])
//  CHECK-NEXT:   return
func.func @scratch_through_branch(%p: i1) {
  %s = memref.alloca() : memref<3xi16>
  cf.br ^bb1(%s : memref<3xi16>)
^bb1(%b: memref<3xi16>):
  return
}
