// A destination made by an op without a bufferization model may be a
// buffer nobody may write: a materialize_in_destination into it is refused
// before the analysis, as upstream refuses it (mlir-opt 22 gives the same
// diagnostic; see forall-unknown-op-of-shared-output.mlir for the unknown
// result that is only read).
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -one-shot-bufferize="allow-unknown-ops" -allow-unregistered-dialect -verify-diagnostics
// RUN: mlir-opt %s -one-shot-bufferize="allow-unknown-ops" -allow-unregistered-dialect -verify-diagnostics

func.func @into_unknown(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %d = "some.make"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %r = bufferization.materialize_in_destination %x in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

