// A dialect's own tensor-like type bufferizes to its buffer-like twin
// (upstream's TensorLikeType / BufferLikeType): the test dialect's
// !test.test_tensor<P> becomes !test.test_memref<P>, the same parameters.
// The test ops on it are rebuilt as their memref forms; to_buffer and
// to_tensor connect them with what stays on tensors; with function
// boundaries signatures and calls change type. mlir-opt gives the same.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -one-shot-bufferize -split-input-file | FileCheck %s --check-prefix=INSIDE
// RUN: mlir-opt %s -one-shot-bufferize -split-input-file | FileCheck %s --check-prefix=INSIDE
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file | FileCheck %s --check-prefix=BOUNDARY
// RUN: mlir-opt %s -one-shot-bufferize=bufferize-function-boundaries -split-input-file | FileCheck %s --check-prefix=BOUNDARY
// Every order of the analysis' decisions gives the same program.
// RUN: buffer-opt %s -one-shot-bufferize="analysis-heuristic=fuzzer analysis-fuzzer-seed=3" -split-input-file | FileCheck %s --check-prefix=INSIDE
// RUN: buffer-opt %s -one-shot-bufferize="analysis-heuristic=fuzzer analysis-fuzzer-seed=11" -split-input-file | FileCheck %s --check-prefix=INSIDE

// INSIDE-LABEL: func.func @widen(
// INSIDE-SAME: %[[A:.*]]: !test.test_tensor<[3, 5], f32>) -> !test.test_tensor<[3, 10], f32>
// INSIDE: %[[M:.*]] = bufferization.to_buffer %[[A]] : !test.test_tensor<[3, 5], f32> to !test.test_memref<[3, 5], f32>
// INSIDE: %[[W:.*]] = "test.dummy_memref_op"(%[[M]]) : (!test.test_memref<[3, 5], f32>) -> !test.test_memref<[3, 10], f32>
// INSIDE: %[[T:.*]] = bufferization.to_tensor %[[W]] : !test.test_memref<[3, 10], f32> to !test.test_tensor<[3, 10], f32>
// INSIDE: return %[[T]]

// BOUNDARY-LABEL: func.func @widen(
// BOUNDARY-SAME: %[[A:.*]]: !test.test_memref<[3, 5], f32>) -> !test.test_memref<[3, 10], f32>
// BOUNDARY-NOT: bufferization.to_
// BOUNDARY: %[[W:.*]] = "test.dummy_memref_op"(%[[A]])
// BOUNDARY: return %[[W]] : !test.test_memref<[3, 10], f32>
func.func @widen(%a: !test.test_tensor<[3, 5], f32>) -> !test.test_tensor<[3, 10], f32> {
  %w = "test.dummy_tensor_op"(%a) : (!test.test_tensor<[3, 5], f32>) -> !test.test_tensor<[3, 10], f32>
  return %w : !test.test_tensor<[3, 10], f32>
}

// BOUNDARY-LABEL: func.func @make_and_call()
// BOUNDARY-SAME: -> !test.test_memref<[3, 10], f32>
// BOUNDARY: %[[C:.*]] = "test.create_memref_op"() : () -> !test.test_memref<[3, 5], f32>
// BOUNDARY: %[[R:.*]] = call @widen(%[[C]]) : (!test.test_memref<[3, 5], f32>) -> !test.test_memref<[3, 10], f32>
// BOUNDARY: return %[[R]]
func.func @make_and_call() -> !test.test_tensor<[3, 10], f32> {
  %c = "test.create_tensor_op"() : () -> !test.test_tensor<[3, 5], f32>
  %r = call @widen(%c) : (!test.test_tensor<[3, 5], f32>) -> !test.test_tensor<[3, 10], f32>
  return %r : !test.test_tensor<[3, 10], f32>
}

// -----

// A chain of made values needs no to_tensor / to_buffer in between; the
// builtin tensor next to them bufferizes as always.
// INSIDE-LABEL: func.func @chain_beside_builtin(
// INSIDE: %[[C:.*]] = "test.create_memref_op"() : () -> !test.test_memref<[7], i32>
// INSIDE-NEXT: %[[D:.*]] = "test.dummy_memref_op"(%[[C]]) : (!test.test_memref<[7], i32>) -> !test.test_memref<[14], i32>
// INSIDE-DAG: memref.alloc() {{.*}} : memref<4xf32>
// INSIDE-DAG: memref.store
// INSIDE-DAG: bufferization.to_tensor %[[D]] : !test.test_memref<[14], i32> to !test.test_tensor<[14], i32>
func.func @chain_beside_builtin(%t: tensor<4xf32>, %v: f32, %i: index)
    -> (!test.test_tensor<[14], i32>, tensor<4xf32>) {
  %c = "test.create_tensor_op"() : () -> !test.test_tensor<[7], i32>
  %d = "test.dummy_tensor_op"(%c) : (!test.test_tensor<[7], i32>) -> !test.test_tensor<[14], i32>
  %u = tensor.insert %v into %t[%i] : tensor<4xf32>
  return %d, %u : !test.test_tensor<[14], i32>, tensor<4xf32>
}
