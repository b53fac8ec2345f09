// The folders of affine.apply, affine.linearize_index and
// affine.delinearize_index (which the greedy drivers of canonicalize and
// fold-memref-alias-ops run): constant operands give constants (floordiv
// and mod round towards negative infinity), an apply whose map is one of
// its operands is that operand. The same CHECK lines hold for mlir-opt
// (same-as-mlir-opt.mlir in dropin); the interpreter agrees with the folds.
// RUN: buffer-opt %s -canonicalize | FileCheck %s
// RUN: buffer-opt %s --run=apply_const | FileCheck %s --check-prefix=RUN1
// RUN: buffer-opt %s --run=delinearize | FileCheck %s --check-prefix=RUN2

// CHECK-LABEL: func.func @apply_const()
// CHECK-DAG: %[[A:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[B:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C:.*]] = arith.constant -4 : index
// CHECK: return %[[A]], %[[B]], %[[C]] : index, index, index
// RUN1: [{"type":"index","value":1},{"type":"index","value":6},{"type":"index","value":-4}]
func.func @apply_const() -> (index, index, index) {
  %c7 = arith.constant 7 : index
  %c3 = arith.constant 3 : index
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0 - 30)>(%c7)[%c3]
  %1 = affine.apply affine_map<(d0) -> (d0 floordiv 2 + d0 mod 4)>(%c7)
  %2 = affine.apply affine_map<(d0) -> (-d0 floordiv 2)>(%c7)
  return %0, %1, %2 : index, index, index
}

// CHECK-LABEL: func.func @apply_operand(
// CHECK-SAME: %{{.*}}: index, %[[J:.*]]: index)
// CHECK-NEXT: return %[[J]] : index
func.func @apply_operand(%i: index, %j: index) -> index {
  %0 = affine.apply affine_map<(d0)[s0] -> (s0)>(%i)[%j]
  return %0 : index
}

// CHECK-LABEL: func.func @linearize()
// CHECK-NEXT: %[[L:.*]] = arith.constant 45 : index
// CHECK-NEXT: return %[[L]], %[[L]] : index, index
func.func @linearize() -> (index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = affine.linearize_index disjoint [%c1, %c2, %c3] by (4, 5, 6) : index
  %1 = affine.linearize_index [%c1, %c2, %c3] by (5, 6) : index
  return %0, %1 : index, index
}

// CHECK-LABEL: func.func @delinearize()
// CHECK-DAG: %[[D0:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[D1:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[D2:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[X:.*]] = arith.constant 47 : index
// CHECK: return %[[D0]], %[[D1]], %[[D2]], %[[X]] : index, index, index, index
// RUN2: [{"type":"index","value":1},{"type":"index","value":2},{"type":"index","value":5},{"type":"index","value":47}]
func.func @delinearize() -> (index, index, index, index) {
  %c47 = arith.constant 47 : index
  %0:3 = affine.delinearize_index %c47 into (2, 5, 6) : index, index, index
  %1 = affine.delinearize_index %c47 into (6) : index
  return %0#0, %0#1, %0#2, %1 : index, index, index, index
}
