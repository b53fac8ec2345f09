// With allow-return-allocs-from-loops, a loop whose iteration yields the
// result of an op without a bufferization model (an allowed unknown op)
// that reads no tensor but its own iter_arg hands that op's buffer on to
// the next iteration, as mlir-opt does: no copy back into the init's buffer
// per iteration. The loop's buffer type is the fully dynamic layout both
// the init and the yielded buffer cast to, and the result is no longer
// equivalent to the init (a function returns it instead of dropping it).
// Every other yield is still copied into the iteration buffer, whose
// result stays the init's buffer.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops allow-unknown-ops" -allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="allow-return-allocs-from-loops allow-unknown-ops" -allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops allow-unknown-ops" -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=OURS
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops allow-unknown-ops dialect-filter=scf,bufferization" -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=FILTER
// RUN: buffer-opt %s -one-shot-bufferize="allow-return-allocs-from-loops allow-unknown-ops bufferize-function-boundaries" -drop-equivalent-buffer-results -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=FUNC
// RUN: mlir-opt %s -one-shot-bufferize="allow-return-allocs-from-loops allow-unknown-ops bufferize-function-boundaries" -drop-equivalent-buffer-results -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=FUNC

// CHECK-LABEL: func.func @hand_on(
//  CHECK-SAME:     %[[T:.*]]: tensor<16xf32>, %[[N:.*]]: index
//       CHECK:   %[[M:.*]] = bufferization.to_buffer %[[T]] : tensor<16xf32> to memref<16xf32, strided<[?], offset: ?>>
//       CHECK:   %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
//       CHECK:   memref.copy %[[M]], %[[A]]
//       CHECK:   %[[C:.*]] = memref.cast %[[A]] : memref<16xf32> to memref<16xf32, strided<[?], offset: ?>>
//       CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%[[IT:.*]] = %[[C]]) -> (memref<16xf32, strided<[?], offset: ?>>) {
//  CHECK-NEXT:     %[[IN:.*]] = bufferization.to_tensor %[[IT]]
//  CHECK-NEXT:     %[[U:.*]] = "test.step"(%[[IN]])
//  CHECK-NEXT:     %[[UB:.*]] = bufferization.to_buffer %[[U]]
//   CHECK-NOT:     memref.copy
//  CHECK-NEXT:     scf.yield %[[UB]]
//       CHECK:   bufferization.to_tensor %[[R]]
// FUNC-LABEL: func.func @hand_on(
//  FUNC-SAME:     %[[T:.*]]: memref<16xf32, strided<[?], offset: ?>>, %{{.*}}: index) -> memref<16xf32, strided<[?], offset: ?>>
//       FUNC:   %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[T]])
//       FUNC:   return %[[R]]
func.func @hand_on(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %t) -> tensor<16xf32> {
    %u = "test.step"(%it) : (tensor<16xf32>) -> tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// The unknown op also reads a tensor from outside the loop: its buffer may
// be that tensor's, which a later iteration must not write, so it is copied
// into the iteration buffer. mlir-opt hands it on all the same.
// OURS-LABEL: func.func @reads_outside(
//       OURS:   scf.for
//       OURS:     %[[U:.*]] = "test.step"
//       OURS:     %[[UB:.*]] = bufferization.to_buffer %[[U]]
//       OURS:     memref.copy %[[UB]]
//       OURS:     scf.yield
func.func @reads_outside(%t: tensor<16xf32>, %o: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %t) -> tensor<16xf32> {
    %u = "test.step"(%it, %o) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// An op that only the dialect filter leaves on tensors is no unknown op: a
// later bufferization gives it a buffer, and the copy back into the
// iteration buffer lets that write in place. It is not handed on.
// FILTER-LABEL: func.func @filtered(
//       FILTER:   scf.for
//       FILTER:     %[[W:.*]] = tensor.insert
//       FILTER:     %[[WB:.*]] = bufferization.to_buffer %[[W]]
//       FILTER:     memref.copy %[[WB]], %[[IT:.*]] :
//       FILTER:     scf.yield %[[IT]]
func.func @filtered(%t: tensor<16xf32>, %n: index, %f: f32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %t) -> tensor<16xf32> {
    %w = tensor.insert %f into %it[%i] : tensor<16xf32>
    scf.yield %w : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
