// A parallel_insert_slice that covers its whole shared_out does not read the
// shared_out, and when its source is the shared_out's own buffer (an op
// writing the shared_out in place) it has nothing to copy: the fill stays in
// place, as upstream, and no self-copy remains.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s %}
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefix=NOCOPY
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file | FileCheck %s --check-prefixes=ANALYSIS,OURS-ANALYSIS
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file | FileCheck %s --check-prefix=ANALYSIS %}

// CHECK-LABEL: func.func @whole_fill(
//  CHECK-SAME:     %[[A:.*]]: memref<2xf32
//   CHECK-NOT:   memref.alloc
//       CHECK:   scf.forall
//       CHECK:     linalg.fill {{.*}} outs(%[[A]]
// NOCOPY-LABEL: func.func @whole_fill(
//   NOCOPY-NOT:   memref.copy
//       NOCOPY:   return
// ANALYSIS-LABEL: func.func @whole_fill(
//       ANALYSIS:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
//       ANALYSIS:   tensor.parallel_insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
func.func @whole_fill(%t: tensor<2xf32>) -> tensor<2xf32> {
  %cst = arith.constant 1.0 : f32
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<2xf32>) {
    %f = linalg.fill ins(%cst : f32) outs(%o : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[0] [2] [1] : tensor<2xf32> into tensor<2xf32>
    }
  }
  return %r : tensor<2xf32>
}

// -----

// A part of the shared_out is still read (the rest of it keeps its old
// value), so a fill of the whole shared_out inserted into one half cannot
// write the shared_out in place (upstream writes it in place: its result
// loses the old values of the half not inserted).
// OURS-LABEL: func.func @half_fill(
//       OURS:   scf.forall
//       OURS:     %[[ALLOC:.*]] = memref.alloc() {{.*}} : memref<4xf32>
//       OURS:     linalg.fill {{.*}} outs(%[[ALLOC]]
// OURS-ANALYSIS-LABEL: func.func @half_fill(
//       OURS-ANALYSIS:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
func.func @half_fill(%t: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant 1.0 : f32
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %f = linalg.fill ins(%cst : f32) outs(%o : tensor<4xf32>) -> tensor<4xf32>
    %h = tensor.extract_slice %f[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %h into %o[2] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}
