// One-Shot options of MLIR 22, spelled as upstream's RUN lines spell them.
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops test-analysis-only analysis-heuristic=bottom-up-from-terminators" -split-input-file | FileCheck %s --check-prefix=TERM
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops test-analysis-only analysis-heuristic=top-down" -split-input-file | FileCheck %s --check-prefix=TOPDOWN
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops test-analysis-only analysis-fuzzer-seed=23" -split-input-file -o /dev/null
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=59" -split-input-file -o /dev/null
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries buffer-alignment=0" -split-input-file | FileCheck %s --check-prefix=NOALIGN
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries buffer-alignment=128" -split-input-file | FileCheck %s --check-prefix=ALIGN
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries no-analysis-func-filter=copying" -split-input-file | FileCheck %s --check-prefix=FILTER
// RUN: buffer-opt %s -one-shot-bufferize="dialect-filter=tensor,bufferization allow-unknown-ops" -split-input-file | FileCheck %s --check-prefix=DIALECT
// RUN: buffer-opt %s -one-shot-bufferize="dialect-filter=tensor,bufferization allow-unknown-ops unknown-type-conversion=identity-layout-map" -split-input-file | FileCheck %s --check-prefix=IDENTITY
// RUN: not buffer-opt %s -one-shot-bufferize="analysis-heuristic=sideways" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space=false use-encoding-for-memory-space=false" -split-input-file -o /dev/null

// BAD: invalid value 'sideways' for option 'analysis-heuristic'
// BAD: expected one of: bottom-up, top-down, bottom-up-from-terminators, fuzzer

// The value a loop yields keeps its buffer under bottom-up-from-terminators:
// the second fill feeds the yield and is decided first, in place; the first
// fill, whose result is read after the second writes, gets the copy.
// TERM-LABEL: func @terminator_first(
//       TERM:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
//       TERM:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// Top-down decides the first fill first: it keeps the buffer.
// TOPDOWN-LABEL: func @terminator_first(
//       TOPDOWN:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
//       TOPDOWN:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
func.func @terminator_first(%lb: index, %ub: index, %step: index, %f1: f32, %f2: f32) -> (tensor<5xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty() : tensor<5xf32>
  %1:2 = scf.for %iv = %lb to %ub step %step iter_args(%t = %0, %acc = %f1) -> (tensor<5xf32>, f32) {
    %2 = linalg.fill ins(%f1 : f32) outs(%t : tensor<5xf32>) -> tensor<5xf32>
    %3 = linalg.fill ins(%f2 : f32) outs(%t : tensor<5xf32>) -> tensor<5xf32>
    %e = tensor.extract %2[%c0] : tensor<5xf32>
    scf.yield %3, %e : tensor<5xf32>, f32
  }
  return %1#0, %1#1 : tensor<5xf32>, f32
}

// -----

// NOALIGN-LABEL: func.func @copying(
//       NOALIGN:   memref.alloc() : memref<4xf32>
//  ALIGN-LABEL: func.func @copying(
//       ALIGN:   memref.alloc() {alignment = 128 : i64} : memref<4xf32>
// FILTER-LABEL: func.func @copying(
//       FILTER:   memref.alloc
//       FILTER:   memref.copy
// FILTER-LABEL: func.func @in_place(
//   FILTER-NOT:   memref.alloc
//       FILTER:   memref.store
func.func @copying(%t: tensor<4xf32> {bufferization.writable = true}, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<4xf32>
  %1 = tensor.extract %t[%c0] : tensor<4xf32>
  %2 = tensor.insert %1 into %0[%c0] : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func @in_place(%t: tensor<4xf32> {bufferization.writable = true}, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Only tensor and bufferization ops are bufferized: the linalg.fill stays on
// tensors, the tensor.insert writes a buffer of the fill's result.
// DIALECT-LABEL: func @filtered(
//       DIALECT:   linalg.fill ins(%{{.*}}) outs(%{{.*}} : tensor<4xf32>) -> tensor<4xf32>
//       DIALECT:   bufferization.to_buffer %{{.*}} : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
//       DIALECT:   memref.store
// IDENTITY-LABEL: func @filtered(
//       IDENTITY:   bufferization.to_buffer %{{.*}} : tensor<4xf32> to memref<4xf32>
func.func @filtered(%f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<4xf32>
  return %1 : tensor<4xf32>
}
