// --verify-diagnostics=all and =only-expected, as mlir-opt 22 reads them.
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space" -verify-diagnostics=all
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space" -verify-diagnostics=only-expected
// RUN: not buffer-opt %s -one-shot-bufferize="must-infer-memory-space" -verify-diagnostics -DNOT_ALL 2>&1 | FileCheck %s --check-prefix=USAGE

// USAGE: unknown option or pass '--DNOT_ALL'

func.func @no_space() -> tensor<10xf32> {
  // expected-error @+2 {{could not infer memory space}}
  // expected-error @+1 {{failed to bufferize op}}
  %0 = bufferization.alloc_tensor() : tensor<10xf32>
  return %0 : tensor<10xf32>
}
