// A masked write that One-Shot would have to write into a copy: the copy
// cannot go in the mask region (it holds one op), so the write must be in
// place, or the program is refused as upstream refuses it.
// RUN: buffer-opt %s -one-shot-bufferize=bufferize-function-boundaries --verify-diagnostics
// RUN: %if mlir-opt %{ mlir-opt %s -one-shot-bufferize=bufferize-function-boundaries --verify-diagnostics %}
// The same program lowered first (lower-vector-mask) bufferizes: the masked
// transfer writes into a copy, the tensor it read keeps its value.
// RUN: buffer-opt %s -lower-vector-mask -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s -lower-vector-mask -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s %}

// CHECK-LABEL: func.func @read_after_masked_write(
// CHECK-SAME: %[[T:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[V:.*]]: vector<16xf32>, %[[I:.*]]: index, %[[K:.*]]: vector<16xi1>)
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: memref.copy %[[T]], %[[A]]
// CHECK: vector.transfer_write %[[V]], %[[A]][%[[I]]], %[[K]]
// CHECK: memref.load %[[T]][%[[I]]]
// CHECK: return %[[A]]
func.func @read_after_masked_write(%t: tensor<?xf32>, %v: vector<16xf32>, %i: index, %k: vector<16xi1>) -> (tensor<?xf32>, f32) {
  // expected-error@+1 {{'vector.mask' op body must bufferize in-place}}
  %0 = vector.mask %k { vector.transfer_write %v, %t[%i] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  %e = tensor.extract %t[%i] : tensor<?xf32>
  return %0, %e : tensor<?xf32>, f32
}
