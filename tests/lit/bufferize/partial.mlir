// The partial bufferization passes: each bufferizes one dialect and keeps
// the rest on tensors behind to_tensor / to_buffer; a bufferized write
// that an op still on tensors would see gets a copy; finalizing-bufferize
// folds the pairs or names every op left on tensors.
// REQUIRES: mlir-opt
// RUN: buffer-opt --tensor-bufferize %s | FileCheck %s --check-prefix=TENSOR
// RUN: buffer-opt --tensor-bufferize %s | mlir-opt > /dev/null
// RUN: buffer-opt --func-bufferize %s | FileCheck %s --check-prefix=FUNC
// RUN: buffer-opt --func-bufferize %s | mlir-opt > /dev/null
// RUN: buffer-opt --linalg-bufferize %s | FileCheck %s --check-prefix=LINALG
// RUN: buffer-opt --linalg-bufferize %s | mlir-opt > /dev/null
// RUN: buffer-opt --tensor-bufferize --linalg-bufferize --func-bufferize --scf-bufferize --arith-bufferize --finalizing-bufferize %s | FileCheck %s --check-prefix=ALL
// RUN: buffer-opt --arith-bufferize --scf-bufferize --func-bufferize --linalg-bufferize --tensor-bufferize --finalizing-bufferize %s | mlir-opt > /dev/null
// RUN: not buffer-opt --tensor-bufferize --finalizing-bufferize %s 2>&1 | FileCheck %s --check-prefix=REFUSE

#id = affine_map<(d0) -> (d0)>

// tensor-bufferize: %a is written in place into the fresh buffer of the
// tensor.empty, but the linalg.generic (still on tensors) reads %a after
// the second insert bufferized: that insert must write a copy.
// TENSOR-LABEL: func.func @kept_reader(
// TENSOR: %[[A:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// TENSOR: memref.store %{{.*}}, %[[A]][
// TENSOR: %[[AT:.*]] = bufferization.to_tensor %[[A]]
// TENSOR: linalg.generic {{.*}} ins(%[[AT]] : tensor<4xf32>)
// TENSOR: %[[B:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// TENSOR: memref.copy %[[A]], %[[B]]
// TENSOR: memref.store %{{.*}}, %[[B]][
// TENSOR-NOT: memref.store %{{.*}}, %[[A]][
// TENSOR: return
// ALL-LABEL: func.func @kept_reader(
// ALL-SAME: -> (memref<4xf32>, memref<4xf32>)
// ALL-NOT: bufferization.to_
// ALL: %[[A:.*]] = memref.alloc()
// ALL: memref.store %{{.*}}, %[[A]][
// ALL: linalg.generic {{.*}} ins(%[[A]] : memref<4xf32>) outs(%[[G:.*]] : memref<4xf32>)
// ALL: memref.copy %[[A]], %[[B:.*]] :
// ALL: memref.store %{{.*}}, %[[B]][
// ALL: return %[[B]], %[[G]]
// REFUSE: partial.mlir:[[@LINE+1]]:1: error: 'func.func' op is still on tensors
func.func @kept_reader(%v: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %a = tensor.insert %v into %e[%c0] : tensor<4xf32>
  %d = tensor.empty() : tensor<4xf32>
  // REFUSE: partial.mlir:[[@LINE+1]]:8: error: 'linalg.generic' op is still on tensors
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%d : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  %b = tensor.insert %v into %a[%c0] : tensor<4xf32>
  // REFUSE: partial.mlir:[[@LINE+1]]:3: error: 'func.return' op is still on tensors
  return %b, %g : tensor<4xf32>, tensor<4xf32>
}

// func-bufferize: signatures, calls and returns become identity-layout
// memrefs; the bodies read to_tensor of the arguments.
// FUNC-LABEL: func.func @callee(
// FUNC-SAME: %[[X:.*]]: memref<4xf32>) -> memref<4xf32>
// FUNC: %[[XT:.*]] = bufferization.to_tensor %[[X]] : memref<4xf32> to tensor<4xf32>
// FUNC: %[[L:.*]] = linalg.generic {{.*}} ins(%[[XT]] : tensor<4xf32>)
// FUNC: %[[LB:.*]] = bufferization.to_buffer %[[L]] : tensor<4xf32> to memref<4xf32>
// FUNC: return %[[LB]] : memref<4xf32>
// LINALG-LABEL: func.func @callee(
// LINALG-SAME: tensor<4xf32>) -> tensor<4xf32>
// LINALG: %[[XB:.*]] = bufferization.to_buffer %{{.*}} : tensor<4xf32> to memref<4xf32>
// LINALG: %[[O:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// LINALG: linalg.generic {{.*}} ins(%[[XB]] : memref<4xf32>) outs(%[[O]] : memref<4xf32>)
// LINALG: %[[R:.*]] = bufferization.to_tensor %[[O]]
// LINALG: return %[[R]] : tensor<4xf32>
func.func @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %d = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%d : tensor<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// FUNC-LABEL: func.func @caller(
// FUNC: %[[T:.*]] = tensor.extract_slice
// FUNC: %[[TB:.*]] = bufferization.to_buffer %[[T]] : tensor<4xf32> to memref<4xf32>
// FUNC: %[[C:.*]] = call @callee(%[[TB]]) : (memref<4xf32>) -> memref<4xf32>
// FUNC: bufferization.to_tensor %[[C]] : memref<4xf32> to tensor<4xf32>
// ALL-LABEL: func.func @caller(
// ALL-NOT: bufferization.to_
// ALL: call @callee(%{{.*}}) : (memref<4xf32>) -> memref<4xf32>
func.func @caller(%t: tensor<8xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[2] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %r = call @callee(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %e = tensor.extract %r[%c1] : tensor<4xf32>
  return %e : f32
}
