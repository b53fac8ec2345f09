// One-Shot's test-analysis-only annotations as mlir-opt 22 prints them:
// print-conflicts names each read-after-write conflict C_n on the read,
// the conflicting write and the definition (an op result or a function
// argument), and a write into a non-writable value W_n; with function
// boundaries every tensor argument gets bufferization.access and a return
// of an argument's buffer __equivalent_func_args__.
// RUN: buffer-opt %s -one-shot-bufferize="test-analysis-only print-conflicts" -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="test-analysis-only print-conflicts bufferize-function-boundaries" -split-input-file | FileCheck %s --check-prefix=FUNC
// The same RUN lines with mlir-opt: same-as-mlir-opt.mlir.

// CHECK-LABEL: func.func @conflict(
// CHECK-SAME: attributes {"W_0[NOT-WRITABLE: bbArg 0]"}
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// FUNC-LABEL: func.func @conflict(
// FUNC-SAME: %{{.*}}: tensor<4xf32> {bufferization.access = "read"}
// FUNC-SAME: attributes {"C_0[DEF: bbArg 0]"}
// FUNC: tensor.insert {{.*}} {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false", "none"]}
// FUNC: tensor.extract {{.*}} {"C_0[READ: 0]", __inplace_operands_attr__ = ["true", "none"]}
func.func @conflict(%t: tensor<4xf32>, %v: f32, %i: index) -> (tensor<4xf32>, f32) {
  %0 = tensor.insert %v into %t[%i] : tensor<4xf32>
  %1 = tensor.extract %t[%i] : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, f32
}

// -----

// A conflict whose definition is an op result.
// CHECK-LABEL: func.func @result_def(
// CHECK: linalg.fill {"C_0[DEF: result 0]", __inplace_operands_attr__ = ["none", "true"]}
// CHECK: linalg.fill {"C_0[CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false"]}
// CHECK: tensor.extract {{.*}} {"C_0[READ: 0]"
func.func @result_def(%v: f32, %w: f32, %i: index) -> (tensor<4xf32>, f32) {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = linalg.fill ins(%w : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %a[%i] : tensor<4xf32>
  return %b, %x : tensor<4xf32>, f32
}

// -----

// Access annotations and the equivalence of a returned argument.
// FUNC-LABEL: func.func @access(
// FUNC-SAME: %{{.*}}: tensor<4xf32> {bufferization.access = "read-write", foo.bar}, %{{.*}}: tensor<4xf32> {bufferization.access = "read"}, %{{.*}}: tensor<4xf32> {bufferization.access = "none"}
// FUNC: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
func.func @access(%t: tensor<4xf32> {foo.bar}, %u: tensor<4xf32>, %unused: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %x = tensor.extract %u[%i] : tensor<4xf32>
  %0 = tensor.insert %x into %t[%i] : tensor<4xf32>
  return %0 : tensor<4xf32>
}
