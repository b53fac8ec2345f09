// scf.index_switch bufferizes as scf.if does, one region per case: its
// results alias what the cases yield, and the program computes the same
// before and after bufferization, after the deallocation pipeline (no
// leak), after convert-scf-to-cf, in the JIT and in mlir-runner
// (Inputs/index-switch-run.expected). The in-place decisions are
// upstream's for scf.if: mlir-opt 22 writes the linalg.fill of case 2 in
// place for index_switch but not for the same scf.if, and we keep the
// scf.if answer (one more buffer, never a wrong one).
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %S/Inputs/index-switch-run.mlir | FileCheck %s
// RUN: buffer-opt --run=main %S/Inputs/index-switch-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/index-switch-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/index-switch-run.mlir > %t.buf
// RUN: buffer-opt --run=main --run-leak-check %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/index-switch-run.expected -
// RUN: buffer-opt --convert-scf-to-cf %t.buf | buffer-opt --run=main --run-leak-check - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/index-switch-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/index-switch-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/index-switch-run.mlir | diff %S/Inputs/index-switch-run.expected - %}

// CHECK-LABEL: func.func @sw(
// CHECK-SAME: %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[I:.*]]: index)
// CHECK: %[[R:.*]] = scf.index_switch %[[I]] -> memref<4xf32, strided<[?], offset: ?>>
// CHECK: case 1 {
// CHECK: memref.copy %[[A]]
// CHECK: memref.cast
// CHECK: case 2 {
// CHECK: memref.alloc
// CHECK: linalg.fill
// CHECK: default {
// CHECK-NEXT: scf.yield %[[A]]
// CHECK: return %[[R]],
