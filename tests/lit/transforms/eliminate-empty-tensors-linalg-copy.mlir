// eliminate-empty-tensors treats linalg.copy like materialize_in_destination:
// a tensor.empty whose value ends up copied into the outs tensor becomes
// that tensor, so One-Shot computes in the destination's buffer; the copy
// of that buffer onto itself goes in buffer-deallocation-pipeline's cleanup.
// RUN: buffer-opt --eliminate-empty-tensors %s | FileCheck %s
// RUN: buffer-opt --pass-pipeline="builtin.module(eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-deallocation-pipeline)" %s | FileCheck %s --check-prefix=BUF
// Same output before and after, leak-free, one heap allocation fewer
// (upstream mlir-opt 22's same pipeline makes 8).
// RUN: buffer-opt --run=main %s | FileCheck %s --check-prefix=OUT
// RUN: buffer-opt --pass-pipeline="builtin.module(eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-deallocation-pipeline)" %s --run=main --run-leak-check --run-stats 2>&1 | FileCheck %s --check-prefixes=OUT,AFTER
// RUN: buffer-opt --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-deallocation-pipeline)" %s --run=main --run-leak-check --run-stats 2>&1 | FileCheck %s --check-prefixes=OUT,BEFORE
// RUN: buffer-opt --pass-pipeline="builtin.module(eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-hoisting,promote-buffers-to-stack,buffer-deallocation-pipeline,plan-memory)" %s --run=main --run-leak-check | FileCheck %s --check-prefix=OUT
// Upstream parses what we print.
// RUN: buffer-opt --eliminate-empty-tensors %s | mlir-opt > /dev/null
// REQUIRES: mlir-opt

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @negate_into(
// CHECK-SAME: %[[D:[a-z0-9]+]]: tensor<4xf32>, %[[X:[a-z0-9]+]]: tensor<4xf32>
// CHECK-NOT: tensor.empty
// CHECK: %[[M:.*]] = linalg.map {{.*}}ins(%[[X]] : tensor<4xf32>) outs(%[[D]] : tensor<4xf32>)
// CHECK: linalg.copy ins(%[[M]] : tensor<4xf32>) outs(%[[D]] : tensor<4xf32>)
// BUF-LABEL: func.func @negate_into(
// BUF-SAME: %[[D:[a-z0-9]+]]: memref<4xf32>, %[[X:[a-z0-9]+]]: memref<4xf32>
// BUF-NOT: memref.alloc
// BUF: linalg.map {{.*}}ins(%[[X]] : memref<4xf32>) outs(%[[D]] : memref<4xf32>)
// BUF-NOT: copy
// BUF: return
func.func @negate_into(%d: tensor<4xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %m = linalg.map ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>)
    (%a: f32, %o: f32) {
      %n = arith.negf %a : f32
      linalg.yield %n : f32
    }
  %c = linalg.copy ins(%m : tensor<4xf32>) outs(%d : tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// OUT: [-0,  -1,  -2,  -3]
// OUT: [0,  1,  2,  3]
// AFTER: heap_allocs=3
// BEFORE: heap_allocs=4
func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %d0 = arith.constant dense<7.0> : tensor<4xf32>
  %d = linalg.copy ins(%x : tensor<4xf32>) outs(%d0 : tensor<4xf32>) -> tensor<4xf32>
  %r = call @negate_into(%d, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %m = bufferization.to_buffer %r read_only : tensor<4xf32> to memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %md = bufferization.to_buffer %d read_only : tensor<4xf32> to memref<4xf32>
  %ud = memref.cast %md : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  return
}
