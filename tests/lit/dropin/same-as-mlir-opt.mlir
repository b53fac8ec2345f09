// REQUIRES: mlir-opt
// The same RUN lines with mlir-opt: the outputs match.
// RUN: mlir-opt -verify-diagnostics --pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))" -split-input-file %S/pipeline-nesting.mlir | FileCheck %S/pipeline-nesting.mlir
// RUN: mlir-opt %S/../transforms/inline-affine.mlir -inline="default-pipeline=" | FileCheck %S/../transforms/inline-affine.mlir
// RUN: mlir-opt %S/fold-memref-alias-ops-transfers.mlir -fold-memref-alias-ops -split-input-file | FileCheck %S/fold-memref-alias-ops-transfers.mlir
// RUN: mlir-opt %S/fold-memref-alias-ops-transfers-run.mlir -fold-memref-alias-ops | FileCheck %S/fold-memref-alias-ops-transfers-run.mlir --check-prefix=FOLDED
// RUN: mlir-opt %S/expand-realloc-alignment.mlir -expand-realloc | FileCheck %S/expand-realloc-alignment.mlir
// RUN: mlir-opt %S/../transforms/inline.mlir -inline -allow-unregistered-dialect -split-input-file | FileCheck %S/../transforms/inline.mlir
// RUN: mlir-opt %S/../transforms/inline.mlir -inline="default-pipeline=" -allow-unregistered-dialect -split-input-file | FileCheck %S/../transforms/inline.mlir --check-prefix=RAW
// RUN: mlir-opt %S/../transforms/inline.mlir -pass-pipeline="builtin.module(inline{op-pipelines=func.func(cse)})" -allow-unregistered-dialect -split-input-file | FileCheck %S/../transforms/inline.mlir --check-prefix=RAW
// RUN: mlir-opt %S/../transforms/inline-run.mlir -inline | FileCheck %S/../transforms/inline-run.mlir --check-prefix=INLINED
// RUN: mlir-opt %S/../transforms/canonicalize-if-condition.mlir -canonicalize | FileCheck %S/../transforms/canonicalize-if-condition.mlir
// RUN: mlir-opt %S/bufferization-to-memref-layouts.mlir -convert-bufferization-to-memref -split-input-file -verify-diagnostics | FileCheck %S/bufferization-to-memref-layouts.mlir
// RUN: mlir-opt %S/bufferization-to-memref-layouts.mlir -pass-pipeline="builtin.module(func.func(convert-bufferization-to-memref))" -split-input-file -verify-diagnostics | FileCheck %S/bufferization-to-memref-layouts.mlir
// RUN: mlir-opt %S/bufferization-to-memref-run.mlir -convert-bufferization-to-memref | FileCheck %S/bufferization-to-memref-run.mlir --check-prefix=LOWERED
// RUN: mlir-opt %S/pipeline-nesting.mlir -split-input-file -pass-pipeline="builtin.module(func.func(buffer-hoisting),func.func(buffer-loop-hoisting))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %S/pipeline-nesting.mlir --check-prefix=MERGED
// RUN: mlir-opt %S/pipeline-nesting.mlir -split-input-file -pass-pipeline="builtin.module(func.func(buffer-hoisting,buffer-loop-hoisting))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %S/pipeline-nesting.mlir --check-prefix=GROUP
// RUN: mlir-opt %S/pipeline-nesting.mlir -split-input-file -one-shot-bufferize="bufferize-function-boundaries" -buffer-hoisting -buffer-deallocation-simplification -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %S/pipeline-nesting.mlir --check-prefix=DUMP
// RUN: mlir-opt %S/one-shot-options.mlir -one-shot-bufferize="test-analysis-only analysis-heuristic=bottom-up-from-terminators" -split-input-file | FileCheck %S/one-shot-options.mlir --check-prefix=TERM
// RUN: mlir-opt %S/one-shot-options.mlir -one-shot-bufferize="bufferize-function-boundaries buffer-alignment=128" -split-input-file | FileCheck %S/one-shot-options.mlir --check-prefix=ALIGN
// RUN: mlir-opt %S/one-shot-options.mlir -one-shot-bufferize="bufferize-function-boundaries buffer-alignment=0" -split-input-file | FileCheck %S/one-shot-options.mlir --check-prefix=NOALIGN
// RUN: mlir-opt %S/attribute-alias.mlir -one-shot-bufferize=bufferize-function-boundaries | FileCheck %S/attribute-alias.mlir
// RUN: mlir-opt %S/memory-space-must-infer.mlir -one-shot-bufferize="must-infer-memory-space" -split-input-file -verify-diagnostics
// RUN: mlir-opt %S/memory-space-options.mlir -one-shot-bufferize="use-encoding-for-memory-space" -split-input-file | FileCheck %S/memory-space-options.mlir --check-prefix=ENC
// RUN: mlir-opt %S/memory-space-options.mlir -one-shot-bufferize -split-input-file | FileCheck %S/memory-space-options.mlir --check-prefix=DEFAULT
// RUN: sed -n '/^func.func @opaque/,/^}/p' %S/test-dialect-ops.mlir | mlir-opt -one-shot-bufferize="allow-unknown-ops" | FileCheck %S/test-dialect-ops.mlir
// RUN: mlir-opt %S/out-params-options.mlir -buffer-results-to-out-params="hoist-dynamic-allocs" | FileCheck %S/out-params-options.mlir --check-prefix=DYN
// RUN: mlir-opt %S/out-params-options.mlir -buffer-results-to-out-params="hoist-dynamic-allocs hoist-static-allocs add-result-attr" | FileCheck %S/out-params-options.mlir --check-prefix=BOTH
// RUN: mlir-opt %S/bufferization-to-memref.mlir -convert-bufferization-to-memref | FileCheck %S/bufferization-to-memref.mlir
// RUN: mlir-opt %S/expand-realloc.mlir -expand-realloc | FileCheck %S/expand-realloc.mlir
// RUN: not mlir-opt %S/bufferization-to-memref-invalid.mlir -convert-bufferization-to-memref --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %S/bufferization-to-memref-invalid.mlir
// RUN: not mlir-opt %S/bufferization-to-memref-invalid.mlir -convert-bufferization-to-memref --mlir-print-ir-after-failure -o /dev/null 2>&1 | FileCheck %S/bufferization-to-memref-invalid.mlir --check-prefix=DUMP
// RUN: mlir-opt %S/debug-output.mlir -one-shot-bufferize=bufferize-function-boundaries -mlir-print-ir-after=one-shot-bufferize -o /dev/null 2>&1 | FileCheck %S/debug-output.mlir --check-prefix=ONE
// RUN: mlir-opt %S/debug-output.mlir -one-shot-bufferize=bufferize-function-boundaries -buffer-loop-hoisting -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %S/debug-output.mlir --check-prefix=ALL
// RUN: mlir-opt %S/debug-output.mlir -mlir-print-local-scope | FileCheck %S/debug-output.mlir --check-prefix=LOCAL
// RUN: mlir-opt %S/debug-output.mlir -one-shot-bufferize=bufferize-function-boundaries -buffer-hoisting -mlir-print-ir-after=buffer-hoisting -mlir-print-ir-module-scope -mlir-disable-threading -o /dev/null 2>&1 | FileCheck %S/debug-output.mlir --check-prefix=SCOPE
// RUN: mlir-opt %S/lower-deallocations-retained.mlir -bufferization-lower-deallocations -split-input-file | FileCheck %S/lower-deallocations-retained.mlir
// RUN: mlir-opt %S/one-shot-options.mlir -one-shot-bufferize="bufferize-function-boundaries no-analysis-func-filter=copying" -split-input-file | FileCheck %S/one-shot-options.mlir --check-prefix=FILTER
// RUN: mlir-opt %S/one-shot-options.mlir -one-shot-bufferize="dialect-filter=tensor,bufferization allow-unknown-ops" -split-input-file | FileCheck %S/one-shot-options.mlir --check-prefix=DIALECT
// RUN: mlir-opt %S/one-shot-options.mlir -one-shot-bufferize="dialect-filter=tensor,bufferization allow-unknown-ops unknown-type-conversion=identity-layout-map" -split-input-file | FileCheck %S/one-shot-options.mlir --check-prefix=IDENTITY
// Not compared: top-down (mlir-opt 22 refuses @terminator_first, "Yield
// operand #0 is not equivalent to the corresponding iter bbArg"; buffer-opt
// copies the yielded value instead).
// fold-memref-alias-ops: the same CHECK lines hold for mlir-opt.
// RUN: mlir-opt %S/fold-memref-alias-ops.mlir -fold-memref-alias-ops -split-input-file | FileCheck %S/fold-memref-alias-ops.mlir
// RUN: mlir-opt %S/fold-memref-alias-ops-run.mlir -fold-memref-alias-ops | FileCheck %S/fold-memref-alias-ops-run.mlir --check-prefix=FOLDED
// expand-strided-metadata: the same CHECK lines hold for mlir-opt.
// RUN: mlir-opt %S/expand-strided-metadata.mlir -expand-strided-metadata -split-input-file | FileCheck %S/expand-strided-metadata.mlir
// private-function-dynamic-ownership: the same CHECK lines hold for mlir-opt.
// RUN: mlir-opt -ownership-based-buffer-deallocation=private-function-dynamic-ownership=true %S/../transforms/buffer-deallocation-private-dynamic-ownership.mlir | FileCheck %S/../transforms/buffer-deallocation-private-dynamic-ownership.mlir
// RUN: mlir-opt -buffer-deallocation-pipeline=private-function-dynamic-ownership=true %S/../transforms/buffer-deallocation-private-dynamic-ownership.mlir | FileCheck %S/../transforms/buffer-deallocation-private-dynamic-ownership.mlir --check-prefix=PIPE
// --split-input-file=MARKER and --output-split-marker: the same CHECK lines hold for mlir-opt.
// RUN: mlir-opt %S/split-input-file-marker.mlir -split-input-file='// ''=====' | FileCheck %S/split-input-file-marker.mlir
// RUN: mlir-opt %S/split-input-file-marker.mlir -split-input-file='// ''=====' -output-split-marker='// +++' | FileCheck %S/split-input-file-marker.mlir --check-prefix=OUT
// One-Shot's print-conflicts and function-boundary annotations: the same CHECK lines hold for mlir-opt.
// RUN: mlir-opt %S/one-shot-print-conflicts.mlir -one-shot-bufferize="test-analysis-only print-conflicts" -split-input-file | FileCheck %S/one-shot-print-conflicts.mlir
// RUN: mlir-opt %S/one-shot-print-conflicts.mlir -one-shot-bufferize="test-analysis-only print-conflicts bufferize-function-boundaries" -split-input-file | FileCheck %S/one-shot-print-conflicts.mlir --check-prefix=FUNC
// The affine folders: the same CHECK lines hold for mlir-opt -canonicalize.
// RUN: mlir-opt %S/../affine/fold-constants.mlir -canonicalize | FileCheck %S/../affine/fold-constants.mlir
// RUN: mlir-opt %S/pipeline-op-anchor.mlir -allow-unregistered-dialect -pass-pipeline="builtin.module(test.symbol_scope_isolated(test-one-shot-module-bufferize,canonicalize))" 2>/dev/null | FileCheck %S/pipeline-op-anchor.mlir
// RUN: mlir-opt %S/pipeline-op-anchor.mlir -allow-unregistered-dialect -pass-pipeline="builtin.module(test.symbol_scope_isolated(test-one-shot-module-bufferize,canonicalize))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %S/pipeline-op-anchor.mlir --check-prefix=DUMP
// RUN: mlir-opt %S/pipeline-op-anchor.mlir -allow-unregistered-dialect -pass-pipeline="builtin.module(test.symbol_scope_isolated(cse),test.symbol_scope_isolated(canonicalize),func.func(cse))" -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %S/pipeline-op-anchor.mlir --check-prefix=GROUPS
// RUN: not mlir-opt %S/pipeline-op-anchor.mlir -allow-unregistered-dialect -pass-pipeline="builtin.module(test.symbol_scope_isolated(one-shot-bufferize))" 2>&1 | FileCheck %S/pipeline-op-anchor.mlir --check-prefix=MODULE-PASS
// RUN: mlir-opt %S/test-dialect-encodings.mlir -allow-unregistered-dialect -test-one-shot-module-bufferize -split-input-file 2>/dev/null | FileCheck %S/test-dialect-encodings.mlir
// RUN: mlir-opt %S/test-dialect-encodings.mlir -allow-unregistered-dialect -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -split-input-file 2>/dev/null | FileCheck %S/test-dialect-encodings.mlir --check-prefix=PLAIN
// RUN: mlir-opt %S/llvm-callables.mlir | FileCheck %S/llvm-callables.mlir --check-prefix=ROUND
// RUN: mlir-opt %S/llvm-callables.mlir -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %S/llvm-callables.mlir
