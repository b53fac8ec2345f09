// An op without a bufferization model gets no buffer in place: One-Shot's
// statistics count its tensor operands as out of place, as the analysis
// annotation (test-analysis-only) marks them "false" and as mlir-opt counts
// them. Here only the tensor.extract reads in place (1). Out of place (4):
// the linalg.fill into %a (an unknown op's result is not writable), the
// tensor.insert into %b (the unknown op reads %b afterwards), and the
// unknown op's two tensor operands.
// REQUIRES: mlir-opt
// RUN: buffer-opt %s -one-shot-bufferize="allow-unknown-ops" -mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="allow-unknown-ops test-analysis-only" | FileCheck %s --check-prefix=MARKS

// CHECK: OneShotBufferize
// CHECK: (S) 2 num-buffer-alloc
// CHECK: (S) 1 num-tensor-in-place
// CHECK: (S) 4 num-tensor-out-of-place

// MARKS: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// MARKS: tensor.insert {{.*}}__inplace_operands_attr__ = ["none", "false", "none"]
// MARKS: "test.consume"{{.*}}__inplace_operands_attr__ = ["false", "false"]
// MARKS: tensor.extract {{.*}}__inplace_operands_attr__ = ["true", "none"]
func.func @consume_two(%v: f32, %i: index) -> f32 {
  %a = "test.make"() : () -> tensor<8xf32>
  %b = "test.make"() : () -> tensor<8xf32>
  %f = linalg.fill ins(%v : f32) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  %w = tensor.insert %v into %b[%i] : tensor<8xf32>
  %r = "test.consume"(%f, %b) : (tensor<8xf32>, tensor<8xf32>) -> f32
  %x = tensor.extract %w[%i] : tensor<8xf32>
  %s = arith.addf %r, %x : f32
  return %s : f32
}
