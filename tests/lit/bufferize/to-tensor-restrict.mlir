// A bufferization.to_tensor without `restrict` lets memref ops write the
// buffer behind the tensor's back, which no tensor-level analysis sees: a
// later memref.store showed through the tensor after One-Shot (the
// bufferized program printed [7, 1] where the tensor program printed
// [1, 1]). Like upstream, One-Shot refuses such an op when its result is
// used, with upstream's error, with and without function boundaries; it
// accepts an unused one, `restrict` ones, copy-before-write (which copies
// every write) and the partial passes. mlir-opt gives the same errors.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize --split-input-file --verify-diagnostics %s
// RUN: buffer-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --one-shot-bufferize --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s
// RUN: buffer-opt --one-shot-bufferize=copy-before-write %S/Inputs/to-tensor-unrestricted.mlir | FileCheck %s --check-prefix=CBW
// RUN: buffer-opt --tensor-bufferize %S/Inputs/to-tensor-unrestricted.mlir | FileCheck %s --check-prefix=PARTIAL
// CBW: memref.store
// PARTIAL: bufferization.to_tensor

func.func @store_after(%m: memref<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'bufferization.to_tensor' op to_tensor ops without `restrict` are not supported by One-Shot Analysis}}
  %t = bufferization.to_tensor %m : memref<2xf32> to tensor<2xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  memref.store %v, %m[%c0] : memref<2xf32>
  return %t : tensor<2xf32>
}

// -----

func.func @writable_but_unrestricted(%m: memref<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'bufferization.to_tensor' op to_tensor ops without `restrict` are not supported by One-Shot Analysis}}
  %t = bufferization.to_tensor %m writable : memref<2xf32> to tensor<2xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  %u = tensor.insert %v into %t[%c0] : tensor<2xf32>
  return %u : tensor<2xf32>
}

// -----

func.func @unused(%m: memref<2xf32>) {
  %t = bufferization.to_tensor %m : memref<2xf32> to tensor<2xf32>
  return
}

// -----

func.func @restricted(%m: memref<2xf32>) -> f32 {
  %t = bufferization.to_tensor %m restrict : memref<2xf32> to tensor<2xf32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<2xf32>
  return %x : f32
}
