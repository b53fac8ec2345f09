// Upstream's tests use ops of the test dialect (which mlir-opt registers)
// as opaque stand-ins; buffer-opt accepts them in the generic form without
// -allow-unregistered-dialect, and One-Shot treats them as unknown ops.
// RUN: sed -n '/^func.func @opaque/,/^}/p' %s | buffer-opt -one-shot-bufferize="allow-unknown-ops" | FileCheck %s
// RUN: sed -n '/^func.func @opaque/,/^}/p' %s | not buffer-opt -one-shot-bufferize 2>&1 | FileCheck %s --check-prefix=NO-UNKNOWN
// RUN: not buffer-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=OTHER

// CHECK-LABEL: func.func @opaque(
//       CHECK:   %[[T:.*]] = "test.dummy_op"() : () -> tensor<10xf32>
//       CHECK:   "test.some_use"(%[[T]]) : (tensor<10xf32>) -> f32
// NO-UNKNOWN: error:
func.func @opaque(%f: f32, %i: index) -> (f32, f32) {
  %t = "test.dummy_op"() : () -> (tensor<10xf32>)
  %w = tensor.insert %f into %t[%i] : tensor<10xf32>
  %r = "test.some_use"(%t) : (tensor<10xf32>) -> (f32)
  %r2 = tensor.extract %w[%i] : tensor<10xf32>
  return %r, %r2 : f32, f32
}

// -----

// Other unknown dialects still need -allow-unregistered-dialect.
// OTHER: error: operation being parsed with an unregistered dialect
func.func @other() {
  "mystery.op"() : () -> ()
  return
}
