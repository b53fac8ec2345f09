// only-expected lets a diagnostic pass that no comment names (here the
// second error of must-infer-memory-space); without it, it is an error.
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space" -verify-diagnostics=only-expected
// RUN: not buffer-opt %s -one-shot-bufferize="must-infer-memory-space" -verify-diagnostics 2>&1 | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="must-infer-memory-space" -verify-diagnostics=only-expected
// REQUIRES: mlir-opt

// CHECK: error: unexpected error: failed to bufferize op
func.func @no_space() -> tensor<10xf32> {
  // expected-error @+1 {{could not infer memory space}}
  %0 = bufferization.alloc_tensor() : tensor<10xf32>
  return %0 : tensor<10xf32>
}
