// A write inside scf.forall into a buffer made outside it (here through an
// scf.if that may yield it) is a write every thread makes to one buffer:
// when the thread reads it back, the write goes out of place (a private
// copy per thread). A value made inside the forall is the thread's own.
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file | FileCheck %s %}
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only check-parallel-regions=false" -split-input-file | FileCheck %s --check-prefix=NOCHECK

// CHECK-LABEL: func @outer_buffer(
//       CHECK:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
//       CHECK:   tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// NOCHECK-LABEL: func @outer_buffer(
//       NOCHECK:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @outer_buffer(%f: f32, %g: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %out = bufferization.alloc_tensor() : tensor<8xf32>
  %tmp = bufferization.alloc_tensor() : tensor<1xf32>
  %r = scf.forall (%i) in (8) shared_outs(%o = %out) -> (tensor<8xf32>) {
    %filled = linalg.fill ins(%f : f32) outs(%tmp : tensor<1xf32>) -> tensor<1xf32>
    %ins = tensor.insert %g into %filled[%c0] : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ins into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// CHECK-LABEL: func @maybe_outer_buffer(
//       CHECK:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
func.func @maybe_outer_buffer(%c: i1, %f: f32) -> tensor<8xf32> {
  %out = bufferization.alloc_tensor() : tensor<8xf32>
  %tmp = bufferization.alloc_tensor() : tensor<1xf32>
  %r = scf.forall (%i) in (8) shared_outs(%o = %out) -> (tensor<8xf32>) {
    %own = bufferization.alloc_tensor() : tensor<1xf32>
    %sel = scf.if %c -> tensor<1xf32> {
      scf.yield %tmp : tensor<1xf32>
    } else {
      scf.yield %own : tensor<1xf32>
    }
    %filled = linalg.fill ins(%f : f32) outs(%sel : tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %filled into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// CHECK-LABEL: func @own_buffer(
//       CHECK:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @own_buffer(%f: f32) -> tensor<8xf32> {
  %out = bufferization.alloc_tensor() : tensor<8xf32>
  %r = scf.forall (%i) in (8) shared_outs(%o = %out) -> (tensor<8xf32>) {
    %own = bufferization.alloc_tensor() : tensor<1xf32>
    %filled = linalg.fill ins(%f : f32) outs(%own : tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %filled into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
