// test-analysis-only marks the tensor operands of ops One-Shot has no model
// for (unregistered ops, ops a dialect-filter leaves out) "false": they get
// no buffer in place. mlir-opt marks them the same way.
// RUN: buffer-opt %s -allow-unregistered-dialect -one-shot-bufferize="test-analysis-only" -split-input-file | FileCheck %s
// RUN: buffer-opt %s -allow-unregistered-dialect -one-shot-bufferize="test-analysis-only dialect-filter=tensor" -split-input-file | FileCheck %s --check-prefix=FILTER
// RUN: %if mlir-opt %{ mlir-opt %s -allow-unregistered-dialect -one-shot-bufferize="test-analysis-only" -split-input-file | FileCheck %s %}

// CHECK-LABEL: func @opaque_consumers(
//       CHECK:   tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "{{true|false}}", "none"]}
//       CHECK:   "my.sink"(%{{.*}}, %{{.*}}) {__inplace_operands_attr__ = ["false", "none"]}
//       CHECK:   "my.pass_through"(%{{.*}}) {__inplace_operands_attr__ = ["false"]}
// FILTER-LABEL: func @opaque_consumers(
//       FILTER:   tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "{{true|false}}", "none"]}
//       FILTER:   "my.sink"(%{{.*}}, %{{.*}}) {__inplace_operands_attr__ = ["false", "none"]}
// A linalg op outside dialect-filter=tensor has no model there either.
//       FILTER:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
func.func @opaque_consumers(%v: i32, %i: index) -> (tensor<6xi32>, tensor<2xi32>) {
  %e = tensor.empty() : tensor<6xi32>
  %w = tensor.insert %v into %e[%i] : tensor<6xi32>
  "my.sink"(%w, %i) : (tensor<6xi32>, index) -> ()
  %p = "my.pass_through"(%w) : (tensor<6xi32>) -> tensor<6xi32>
  %s = tensor.empty() : tensor<2xi32>
  %f = linalg.fill ins(%v : i32) outs(%s : tensor<2xi32>) -> tensor<2xi32>
  return %p, %f : tensor<6xi32>, tensor<2xi32>
}

// -----

// An op inside an unregistered op's region is marked as well.
// CHECK-LABEL: func @nested_in_opaque(
//       CHECK:   "my.inner"(%{{.*}}) {__inplace_operands_attr__ = ["false"]}
//       CHECK:   }) {__inplace_operands_attr__ = ["false"]} : (tensor<3xf16>) -> ()
func.func @nested_in_opaque(%t: tensor<3xf16>) {
  "my.outer"(%t) ({
  ^bb0(%x: tensor<3xf16>):
    "my.inner"(%x) : (tensor<3xf16>) -> ()
  }) : (tensor<3xf16>) -> ()
  return
}
