// scf.execute_region bufferizes as a branch with one alternative: its
// results alias what its yields hand over, its region may hold several
// blocks with tensor block arguments (the cf branches forward buffers),
// and the in-place decisions are mlir-opt 22's. As upstream, a region
// with several yielding blocks is refused (execute-region-two-yields.mlir).
// Programs compute the same before
// and after bufferization, after the deallocation pipeline (no leak),
// after convert-scf-to-cf, in the JIT and in mlir-runner
// (Inputs/execute-region-run.expected). The analysis comparison leaves out
// the calls of @print, whose to_buffer upstream counts as a write, and the
// text comparison takes @one_block and @branches, without upstream's dead
// memref.cast of a function result.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %s | FileCheck %s --check-prefix=ANALYSIS
// RUN: %if mlir-opt %{ mlir-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %S/Inputs/execute-region-run.mlir | grep -v "call @print" | grep -o '__inplace_operands_attr__ = [^}]*' > %t.theirs %}
// RUN: %if mlir-opt %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %S/Inputs/execute-region-run.mlir | grep -v "call @print" | grep -o '__inplace_operands_attr__ = [^}]*' | diff %t.theirs - %}
// RUN: %if mlir-opt %{ mlir-opt --one-shot-bufferize="bufferize-function-boundaries" %S/Inputs/execute-region-run.mlir | sed -n "/func.func @one_block/,/func.func @main/p" | grep -v "memref.cast %" > %t.buf.theirs %}
// RUN: %if mlir-opt %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %S/Inputs/execute-region-run.mlir | sed -n "/func.func @one_block/,/func.func @main/p" | grep -v "memref.cast %" | diff -B %t.buf.theirs - %}
// RUN: buffer-opt --run=main %S/Inputs/execute-region-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/execute-region-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/execute-region-run.mlir > %t.buf
// RUN: buffer-opt --run=main --run-leak-check %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/execute-region-run.expected -
// RUN: buffer-opt --convert-scf-to-cf %t.buf | buffer-opt --run=main --run-leak-check - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/execute-region-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %t.buf | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/execute-region-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/execute-region-run.mlir | diff %S/Inputs/execute-region-run.expected - %}

// CHECK-LABEL: func.func @one_block(
// CHECK-SAME: %[[A:.*]]: memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[R:.*]] = scf.execute_region -> memref<4xf32> {
// CHECK-NEXT: %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[ALLOC]]
// CHECK-NEXT: memref.store %{{.*}}, %[[ALLOC]]
// CHECK-NEXT: scf.yield %[[ALLOC]] : memref<4xf32>
// CHECK: memref.load %[[A]]
// CHECK: return %[[R]],
// ANALYSIS-LABEL: func.func @one_block(
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @one_block(%a: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %cst = arith.constant 2.0 : f32
  %i = arith.constant 0 : index
  %r = scf.execute_region -> tensor<4xf32> {
    %w = tensor.insert %cst into %a[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %x = tensor.extract %a[%i] : tensor<4xf32>
  return %r, %x : tensor<4xf32>, f32
}
