// Nested anchors in --pass-pipeline: an op-agnostic pass nested in
// func.func(...) runs on each function; --dump-pass-pipeline prints the
// normalized pipeline as mlir-opt does (stderr).
// RUN: buffer-opt -verify-diagnostics --pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))" -split-input-file %s | FileCheck %s
// RUN: buffer-opt -pass-pipeline="builtin.module(func.func(buffer-deallocation-simplification,bufferization-lower-deallocations))" -split-input-file %s | FileCheck %s
// RUN: buffer-opt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries" -buffer-hoisting -buffer-deallocation-simplification -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: buffer-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(buffer-hoisting),func.func(buffer-loop-hoisting))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=MERGED
// RUN: buffer-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: not buffer-opt %s -pass-pipeline="builtin.module(func.func(one-shot-bufferize))" 2>&1 | FileCheck %s --check-prefix=MODULE-ONLY

// DUMP: Pass Manager with 3 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   one-shot-bufferize{allow-return-allocs-from-loops=false allow-unknown-ops=false analysis-fuzzer-seed=0 analysis-heuristic=bottom-up buffer-alignment=64 bufferize-function-boundaries=true check-parallel-regions=true copy-before-write=false  dump-alias-sets=false
// DUMP-NEXT:   func.func(
// DUMP-NEXT:     buffer-hoisting
// DUMP-NEXT:   ),
// DUMP-NEXT:   buffer-deallocation-simplification
// DUMP-NEXT: )

// Each func.func(...) group stays apart, as upstream nests them; a group of
// two passes is one entry of the pass manager.
// MERGED: Pass Manager with 2 passes:
// MERGED-NEXT: builtin.module(
// MERGED-NEXT:   func.func(
// MERGED-NEXT:     buffer-hoisting
// MERGED-NEXT:   ),
// MERGED-NEXT:   func.func(
// MERGED-NEXT:     buffer-loop-hoisting
// MERGED-NEXT:   )
// MERGED-NEXT: )
// GROUP: Pass Manager with 1 passes:
// GROUP-NEXT: builtin.module(
// GROUP-NEXT:   func.func(
// GROUP-NEXT:     buffer-hoisting,
// GROUP-NEXT:     buffer-loop-hoisting
// GROUP-NEXT:   )
// GROUP-NEXT: )

// MODULE-ONLY: pass 'one-shot-bufferize' runs on builtin.module and cannot be nested in func.func

// CHECK-LABEL: func @dealloc_simple
//  CHECK-SAME:   %[[M:.*]]: memref<2xf32>, %[[C:.*]]: i1
//       CHECK:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.dealloc %[[M]] : memref<2xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return
func.func @dealloc_simple(%m: memref<2xf32>, %c: i1) {
  bufferization.dealloc (%m : memref<2xf32>) if (%c)
  return
}

// -----

// CHECK-LABEL: func @no_dealloc
//   CHECK-NOT:   scf.if
//       CHECK:   return
func.func @no_dealloc(%m: memref<2xf32>) {
  return
}
