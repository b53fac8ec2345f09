// arith.select of two buffers in different memory spaces has no buffer
// type (no memref.cast crosses memory spaces): refused with upstream's
// error and its "failed to bufferize op". Under must-infer-memory-space a
// tensor constant, whose global has no memory space to infer, is refused
// the same way. mlir-opt gives the same diagnostics.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -one-shot-bufferize="must-infer-memory-space" -split-input-file -verify-diagnostics
// RUN: mlir-opt %s -one-shot-bufferize="must-infer-memory-space" -split-input-file -verify-diagnostics

func.func @select_spaces(%c: i1, %n: index) -> tensor<?xf32> {
  %a = bufferization.alloc_tensor(%n) {memory_space = 2 : i64} : tensor<?xf32>
  %b = bufferization.alloc_tensor(%n) {memory_space = 3 : i64} : tensor<?xf32>
  // expected-error @+2 {{inconsistent memory space on true/false operands}}
  // expected-error @+1 {{failed to bufferize op}}
  %r = arith.select %c, %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @constant_no_space(%i: index) -> f32 {
  // expected-error @+2 {{could not infer memory space}}
  // expected-error @+1 {{failed to bufferize op}}
  %cst = arith.constant dense<[1.0, 2.0, 4.0, 8.0]> : tensor<4xf32>
  %e = tensor.extract %cst[%i] : tensor<4xf32>
  return %e : f32
}

