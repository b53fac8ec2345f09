// bufferization.materialize_in_destination promises that its data lands in
// the destination's buffer, so its destination is always in place. Where
// that buffer may not be written (a constant, a to_tensor without
// `writable`, an argument marked `bufferization.writable = false`, an
// scf.if that may yield one of those), or where the old contents are still
// read after the op, the program is refused with upstream's errors instead
// of being quietly materialized into a new allocation. The errors hold with
// and without function boundaries, and mlir-opt gives the same ones.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize --split-input-file --verify-diagnostics %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --one-shot-bufferize --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s

func.func @into_constant(%a: tensor<4xf32>) -> tensor<4xf32> {
  %d = arith.constant dense<1.0> : tensor<4xf32>
  // expected-error @+1 {{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %r = bufferization.materialize_in_destination %a in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @into_read_only_to_tensor(%a: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  %d = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
  // expected-error @+1 {{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %r = bufferization.materialize_in_destination %a in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @into_read_only_argument(%a: tensor<4xf32>, %d: tensor<4xf32> {bufferization.writable = false}) -> tensor<4xf32> {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %r = bufferization.materialize_in_destination %a in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The destination is a dense constant in one branch: the scf.if result is
// that buffer (yields are always in place), so the error is the yield's,
// the first op upstream's walk meets.
func.func @into_if_of_constant(%a: tensor<4xf32>, %d: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %k = arith.constant dense<1.0> : tensor<4xf32>
  %x = scf.if %c -> tensor<4xf32> {
    // expected-error @+1 {{'scf.yield' op not bufferizable under the given constraints: would write to read-only buffer}}
    scf.yield %k : tensor<4xf32>
  } else {
    scf.yield %d : tensor<4xf32>
  }
  %r = bufferization.materialize_in_destination %a in %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The old contents of the destination are read after the op: only a copy
// could keep them, and the data must land in the destination itself.
func.func @destination_read_after(%a: tensor<4xf32>, %d: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: cannot avoid RaW conflict}}
  %r = bufferization.materialize_in_destination %a in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = tensor.extract %d[%c0] : tensor<4xf32>
  return %r, %e : tensor<4xf32>, f32
}
