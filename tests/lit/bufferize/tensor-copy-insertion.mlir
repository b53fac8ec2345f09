// --test-tensor-copy-insertion stops One-Shot Bufferize after the copies:
// the program stays on tensors, and every out-of-place write gets an
// alloc_tensor (with copy(...) when the old contents are still needed).
// Bufferizing its output gives what One-Shot Bufferize gives directly.
// REQUIRES: mlir-opt
// RUN: buffer-opt -test-tensor-copy-insertion -split-input-file %s | FileCheck %s
// RUN: mlir-opt -test-tensor-copy-insertion -split-input-file %s | FileCheck %s
// RUN: buffer-opt -test-tensor-copy-insertion="bufferize-function-boundaries" -split-input-file %s | FileCheck %s --check-prefix=FUNC
// RUN: buffer-opt -test-tensor-copy-insertion="must-infer-memory-space" -split-input-file -verify-diagnostics %s -o /dev/null
// RUN: buffer-opt -test-tensor-copy-insertion -one-shot-bufferize -split-input-file %s > %t.two
// RUN: buffer-opt -one-shot-bufferize -split-input-file %s > %t.one
// RUN: diff %t.one %t.two

// CHECK-LABEL: func @write_then_read_old(
//  CHECK-SAME:     %[[t:.*]]: tensor<?xf32>
//       CHECK:   %[[copy:.*]] = bufferization.alloc_tensor() copy(%[[t]]) : tensor<?xf32>
//       CHECK:   %[[w:.*]] = tensor.insert %{{.*}} into %[[copy]]
//       CHECK:   return %[[w]], %[[t]]
// FUNC-LABEL: func @write_then_read_old(
//       FUNC:   bufferization.alloc_tensor() copy(%{{.*}}) : tensor<?xf32>
func.func @write_then_read_old(%t: tensor<?xf32>, %i: index, %f: f32)
    -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = tensor.insert %f into %t[%i] : tensor<?xf32>
  return %0, %t : tensor<?xf32>, tensor<?xf32>
}

// -----

// The second fill overwrites all of %f, whose old contents it never needs:
// its buffer is a fresh one in %f's memory space, without a copy.
// CHECK-LABEL: func @refill(
//       CHECK:   %[[a:.*]] = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
//       CHECK:   %[[f:.*]] = linalg.fill {{.*}} outs(%[[a]] :
//       CHECK:   %[[b:.*]] = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
//       CHECK:   linalg.fill {{.*}} outs(%[[b]] :
//       CHECK:   linalg.fill {{.*}} outs(%[[f]] :
func.func @refill(%a: f32, %b: f32, %i: index) -> (f32, f32) {
  %t = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  %f = linalg.fill ins(%a : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %g = linalg.fill ins(%b : f32) outs(%f : tensor<8xf32>) -> tensor<8xf32>
  %h = linalg.fill ins(%a : f32) outs(%f : tensor<8xf32>) -> tensor<8xf32>
  %x = tensor.extract %g[%i] : tensor<8xf32>
  %y = tensor.extract %h[%i] : tensor<8xf32>
  return %x, %y : f32, f32
}

// -----

// Without a memory space on the origin, the fresh buffer's space is not
// inferred.
// CHECK-LABEL: func @refill_default_space(
//       CHECK:   bufferization.alloc_tensor() : tensor<8xf32>
//       CHECK:   bufferization.alloc_tensor() : tensor<8xf32>
func.func @refill_default_space(%a: f32, %b: f32, %i: index) -> (f32, f32) {
  // expected-error @below {{could not infer memory space}}
  %t = bufferization.alloc_tensor() : tensor<8xf32>
  %f = linalg.fill ins(%a : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %g = linalg.fill ins(%b : f32) outs(%f : tensor<8xf32>) -> tensor<8xf32>
  %h = linalg.fill ins(%a : f32) outs(%f : tensor<8xf32>) -> tensor<8xf32>
  %x = tensor.extract %g[%i] : tensor<8xf32>
  %y = tensor.extract %h[%i] : tensor<8xf32>
  return %x, %y : f32, f32
}
