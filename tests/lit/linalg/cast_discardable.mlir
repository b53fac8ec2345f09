// `cast = #linalg.type_fn<cast_unsigned>` changes the hidden body only on
// matmul and batch_matmul, whose definitions have a `cast` property; on dot,
// matvec and vecmat it is a discardable attribute and the body still
// sign-extends (as upstream builds it).
// RUN: buffer-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: buffer-opt %s | FileCheck %s --check-prefix=CUSTOM

// CHECK-LABEL: "func.func"
func.func @f(%v: tensor<3xi8>, %o: tensor<i32>, %m: tensor<2x3xi8>, %o2: tensor<2xi32>, %w: tensor<3x2xi8>, %a: tensor<2x3xi8>, %o4: tensor<2x2xi32>) -> (tensor<i32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) {
  // CHECK: "linalg.dot"
  // CHECK-NOT: cast
  // CHECK: arith.extsi
  // CHECK-NEXT: arith.extsi
  // CUSTOM: linalg.dot {cast = #linalg.type_fn<cast_unsigned>} ins
  %d = linalg.dot {cast = #linalg.type_fn<cast_unsigned>} ins(%v, %v : tensor<3xi8>, tensor<3xi8>) outs(%o : tensor<i32>) -> tensor<i32>
  // CHECK: "linalg.matvec"
  // CHECK: arith.extsi
  // CHECK-NEXT: arith.extsi
  %e = linalg.matvec {cast = #linalg.type_fn<cast_unsigned>} ins(%m, %v : tensor<2x3xi8>, tensor<3xi8>) outs(%o2 : tensor<2xi32>) -> tensor<2xi32>
  // CHECK: "linalg.vecmat"
  // CHECK: arith.extsi
  // CHECK-NEXT: arith.extsi
  %f = linalg.vecmat {cast = #linalg.type_fn<cast_unsigned>} ins(%v, %w : tensor<3xi8>, tensor<3x2xi8>) outs(%o2 : tensor<2xi32>) -> tensor<2xi32>
  // CHECK: "linalg.matmul"{{.*}}cast = #linalg.type_fn<cast_unsigned>
  // CHECK: arith.extui
  // CHECK-NEXT: arith.extui
  %g = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %w : tensor<2x3xi8>, tensor<3x2xi8>) outs(%o4 : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %d, %e, %f, %g : tensor<i32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>
}
