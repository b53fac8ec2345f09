// arith.addui_extended / mului_extended / mulsi_extended: custom form,
// result names (%sum, %overflow, %low, %high), generic form, and the same
// text as mlir-opt.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @ext
func.func @ext(%a: i32, %b: i32, %v: tensor<4xi64>, %i: index) {
  // CHECK: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
  // GEN: %{{.*}}:2 = "arith.addui_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i1)
  %s, %o = arith.addui_extended %a, %b : i32, i1
  // CHECK: %low, %high = arith.mului_extended %arg0, %arg1 : i32
  // GEN: "arith.mului_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
  %l, %h = arith.mului_extended %a, %b : i32
  // CHECK: %low_0, %high_1 = arith.mulsi_extended %arg2, %arg2 {t.x} : tensor<4xi64>
  %l2, %h2 = arith.mulsi_extended %v, %v {t.x} : tensor<4xi64>
  // CHECK: %sum_2, %overflow_3 = arith.addui_extended %arg2, %arg2 : tensor<4xi64>, tensor<4xi1>
  %s3, %o3 = arith.addui_extended %v, %v : tensor<4xi64>, tensor<4xi1>
  // CHECK: %sum_4, %overflow_5 = arith.addui_extended %arg3, %arg3 : index, i1
  %s4, %o4 = arith.addui_extended %i, %i : index, i1
  return
}
