// test-analysis-only prints upstream's in-place annotations; they must be
// exactly what mlir-opt 22 prints for the same program.
// REQUIRES: mlir-opt
// RUN: buffer-opt --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" %corpus/loops/tiled_matmul.mlir | grep -o '__inplace_operands_attr__ = \[[^]]*\]' > %t.ours
// RUN: mlir-opt --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" %corpus/loops/tiled_matmul.mlir | grep -o '__inplace_operands_attr__ = \[[^]]*\]' > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: buffer-opt --one-shot-bufferize="test-analysis-only" %s | FileCheck %s
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK: tensor.extract {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
func.func @f(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = tensor.insert %v into %t[%c0] : tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %r, %old : tensor<4xf32>, f32
}
// RUN: not buffer-opt --allow-unregistered-dialect --one-shot-bufferize %S/Inputs/unknown.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: 'test.op' op cannot bufferize: op has no bufferization model
