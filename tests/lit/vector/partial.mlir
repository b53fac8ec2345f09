// --vector-bufferize: the transfers alone read and write buffers (the
// tensor argument through to_buffer; the write, which may not clobber a
// non-writable argument, into a copy); with func-bufferize and
// finalizing-bufferize nothing is left on tensors.
// RUN: buffer-opt --vector-bufferize %s | FileCheck %s
// RUN: buffer-opt --vector-bufferize --func-bufferize --finalizing-bufferize %s | FileCheck %s --check-prefix=FINAL
// CHECK-LABEL: func.func @f(%arg0: tensor<8xf32>, %arg1: index) -> (vector<4xf32>, tensor<8xf32>)
// CHECK-NEXT: %[[B:.*]] = bufferization.to_buffer %arg0 : tensor<8xf32> to memref<8xf32>
// CHECK: %[[V:.*]] = vector.transfer_read %[[B]][%arg1], %cst : memref<8xf32>, vector<4xf32>
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %[[B]], %[[A]]
// CHECK-NEXT: vector.transfer_write %[[V]], %[[A]][%arg1] : vector<4xf32>, memref<8xf32>
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[A]]
// CHECK-NEXT: return %[[V]], %[[T]]
// FINAL-LABEL: func.func @f(%arg0: memref<8xf32>, %arg1: index) -> (vector<4xf32>, memref<8xf32>)
// FINAL-NOT: tensor<
// FINAL: vector.transfer_write %{{.*}}, %alloc[%arg1] : vector<4xf32>, memref<8xf32>
// FINAL-NEXT: return %{{.*}}, %alloc : vector<4xf32>, memref<8xf32>
func.func @f(%t: tensor<8xf32>, %i: index) -> (vector<4xf32>, tensor<8xf32>) {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%i], %pad : tensor<8xf32>, vector<4xf32>
  %w = vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<8xf32>
  return %v, %w : vector<4xf32>, tensor<8xf32>
}
