// REQUIRES: mlir-opt
// scf.parallel is an allocation scope, as upstream declares it: each of its
// iterations, which may run at once, keeps its own buffer, so neither
// buffer-loop-hoisting nor buffer-hoisting moves an alloc out of it. An
// scf.for nested in it still gives its invariant alloc up, as far as the
// parallel body.
// RUN: buffer-opt %s -buffer-loop-hoisting | FileCheck %s
// RUN: mlir-opt %s -buffer-loop-hoisting | FileCheck %s
// RUN: buffer-opt %s -buffer-hoisting | FileCheck %s --check-prefix=HOIST
// RUN: mlir-opt %s -buffer-hoisting | FileCheck %s --check-prefix=HOIST

// CHECK-LABEL: func.func @rows(
//       CHECK:   scf.parallel
//  CHECK-NEXT:     %[[T:.*]] = memref.alloc() : memref<16xi64>
//  CHECK-NEXT:     scf.for
//  CHECK-NEXT:       memref.store %{{.*}}, %[[T]]
// HOIST-LABEL: func.func @rows(
//       HOIST:   scf.parallel
//  HOIST-NEXT:     scf.for
//  HOIST-NEXT:       memref.alloc() : memref<16xi64>
func.func @rows(%n: index, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %j = %c0 to %n step %c1 {
      %tmp = memref.alloc() : memref<16xi64>
      memref.store %v, %tmp[%c0] : memref<16xi64>
    }
    scf.reduce
  }
  return
}
