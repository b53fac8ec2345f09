// An scf.if whose branches yield buffers of two memory spaces has no
// buffer type for its result: no memref.cast crosses memory spaces, and a
// copy in a branch would break the result's equivalence with the yielded
// buffer (a write through the result must reach it). Refused with
// upstream's error, with and without function boundaries, followed by
// "failed to bufferize op" at the first yield, as mlir-opt gives them (its
// yield asks for the buffer type). It used to become a memref.cast across
// memory spaces that our own verifier rejected.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize --split-input-file --verify-diagnostics %s
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --one-shot-bufferize --split-input-file --verify-diagnostics %s

func.func @if_spaces(%c: i1) -> tensor<4xf32> {
  // expected-error @+1 {{inconsistent memory space on then/else branches}}
  %r = scf.if %c -> tensor<4xf32> {
    %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
    // expected-error @+1 {{failed to bufferize op}}
    scf.yield %a : tensor<4xf32>
  } else {
    %b = bufferization.alloc_tensor() : tensor<4xf32>
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// The mismatch is in the second result; an if nested in a loop is checked
// where it is.
func.func @if_second_result(%c: i1, %t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
    // expected-error @+1 {{inconsistent memory space on then/else branches}}
    %x:2 = scf.if %c -> (tensor<4xf32>, tensor<4xf32>) {
      %a = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<4xf32>
      // expected-error @+1 {{failed to bufferize op}}
      scf.yield %acc, %a : tensor<4xf32>, tensor<4xf32>
    } else {
      %b = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
      scf.yield %acc, %b : tensor<4xf32>, tensor<4xf32>
    }
    scf.yield %x#0 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
