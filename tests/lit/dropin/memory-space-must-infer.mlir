// must-infer-memory-space: an allocation whose memory space is neither
// given nor inferable is an error, as mlir-opt reports it.
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space" -split-input-file -verify-diagnostics
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space=false" -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @no_space(
//       CHECK:   memref.alloc() {alignment = 64 : i64} : memref<10xf32>
func.func @no_space() -> tensor<10xf32> {
  // expected-error @+2 {{could not infer memory space}}
  // expected-error @+1 {{failed to bufferize op}}
  %0 = bufferization.alloc_tensor() : tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

// Given, it is no error.
// CHECK-LABEL: func.func @given(
//       CHECK:   memref.alloc() {alignment = 64 : i64} : memref<10xf32, 1>
func.func @given() -> tensor<10xf32> {
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<10xf32>
  return %0 : tensor<10xf32>
}
