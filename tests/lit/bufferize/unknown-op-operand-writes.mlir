// An op without a bufferization model may return (an alias of) its tensor
// operand, so its result shares the operand's alias set, and it may return
// a buffer nobody may write, so its result is not writable. The latter only
// concerns writes that can reach that buffer: a write into a buffer made
// before the op runs (the fill of the empty tensor) stays in place, as
// upstream decides; a write after the op into its operand's buffer, while
// its result is read later, goes to a new buffer (upstream writes it in
// place and gives the unknown op its buffer: wrong when the op returns its
// operand). No copy either way.
// RUN: buffer-opt %s -one-shot-bufferize="test-analysis-only" -allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="allow-unknown-ops" -allow-unregistered-dialect -split-input-file | FileCheck %s --check-prefix=BUF

// CHECK-LABEL: func @unknown_op_aliasing(
//       CHECK:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
//       CHECK:   "dummy.dummy_op"(%{{.*}}) {__inplace_operands_attr__ = ["false"]}
//       CHECK:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// BUF-LABEL: func @unknown_op_aliasing(
//       BUF:   %[[A:.*]] = memref.alloc()
//       BUF:   linalg.fill ins(%{{.*}} : f32) outs(%[[A]] :
//       BUF:   %[[T:.*]] = bufferization.to_tensor %[[A]]
//       BUF:   "dummy.dummy_op"(%[[T]])
//       BUF:   %[[B:.*]] = memref.alloc()
//       BUF:   linalg.fill ins(%{{.*}} : f32) outs(%[[B]] :
//   BUF-NOT:   memref.copy
func.func @unknown_op_aliasing(%f: f32, %f2: f32, %pos: index) -> f32 {
  %0 = tensor.empty() : tensor<10xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<10xf32>) -> tensor<10xf32>
  %alias = "dummy.dummy_op"(%1) : (tensor<10xf32>) -> (tensor<10xf32>)
  %2 = linalg.fill ins(%f2 : f32) outs(%1 : tensor<10xf32>) -> tensor<10xf32>
  %3 = tensor.extract %alias[%pos] : tensor<10xf32>
  return %3 : f32
}

// -----

// A write into the unknown op's result (or a value made from it) may write
// a buffer nobody may write: never in place.
// CHECK-LABEL: func @write_unknown_result(
//       CHECK:   "dummy.dummy_op"
//       CHECK:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
func.func @write_unknown_result(%t: tensor<10xf32>, %f: f32) -> tensor<10xf32> {
  %alias = "dummy.dummy_op"(%t) : (tensor<10xf32>) -> (tensor<10xf32>)
  %1 = linalg.fill ins(%f : f32) outs(%alias : tensor<10xf32>) -> tensor<10xf32>
  return %1 : tensor<10xf32>
}
