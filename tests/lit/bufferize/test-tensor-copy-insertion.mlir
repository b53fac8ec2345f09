// --test-tensor-copy-insertion runs the in-place analysis and resolves its
// out-of-place decisions with bufferization.alloc_tensor copies, staying on
// tensors, as mlir-opt's test pass does: a written slice of a read-only
// argument is copied after the extract_slice; a tensor read after a write
// to it is copied before the write; a write whose old contents nobody
// reads gets a plain alloc_tensor. Function arguments are writable only
// with bufferize-function-boundaries.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -test-tensor-copy-insertion -split-input-file | FileCheck %s
// RUN: mlir-opt %s -test-tensor-copy-insertion -split-input-file | FileCheck %s
// RUN: buffer-opt %s -test-tensor-copy-insertion="bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefix=FUNC
// RUN: mlir-opt %s -test-tensor-copy-insertion="bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefix=FUNC

// CHECK-LABEL: func.func @slice_of_argument(
//  CHECK-SAME:     %[[T:.*]]: tensor<?xf32>
//       CHECK:   %[[S:.*]] = tensor.extract_slice %[[T]][2] [4] [1]
//       CHECK:   %[[A:.*]] = bufferization.alloc_tensor() copy(%[[S]]) : tensor<4xf32>
//       CHECK:   %[[I:.*]] = tensor.insert %{{.*}} into %[[A]]
//       CHECK:   return %[[I]]
// FUNC-LABEL: func.func @slice_of_argument(
//   FUNC-NOT:   alloc_tensor
//       FUNC:   return
func.func @slice_of_argument(%t: tensor<?xf32>, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[2][4][1] : tensor<?xf32> to tensor<4xf32>
  %i = tensor.insert %f into %s[%c0] : tensor<4xf32>
  return %i : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @read_after_write(
//  CHECK-SAME:     %[[T:.*]]: tensor<8xf32>
//       CHECK:   %[[A:.*]] = bufferization.alloc_tensor() copy(%[[T]]) : tensor<8xf32>
//       CHECK:   %[[I:.*]] = tensor.insert %{{.*}} into %[[A]]
//       CHECK:   tensor.extract %[[T]]
// FUNC-LABEL: func.func @read_after_write(
//  FUNC-SAME:     %[[T:.*]]: tensor<8xf32>
//       FUNC:   bufferization.alloc_tensor() copy(%[[T]]) : tensor<8xf32>
func.func @read_after_write(%t: tensor<8xf32>, %f: f32, %i: index) -> (tensor<8xf32>, f32) {
  %w = tensor.insert %f into %t[%i] : tensor<8xf32>
  %e = tensor.extract %t[%i] : tensor<8xf32>
  return %w, %e : tensor<8xf32>, f32
}

// -----

// CHECK-LABEL: func.func @overwritten(
//  CHECK-SAME:     %[[T:.*]]: tensor<8xf32>
//       CHECK:   %[[A:.*]] = bufferization.alloc_tensor() : tensor<8xf32>
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : tensor<8xf32>)
// FUNC-LABEL: func.func @overwritten(
//   FUNC-NOT:   alloc_tensor
//       FUNC:   return
func.func @overwritten(%t: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %r = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
