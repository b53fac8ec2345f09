// REQUIRES: mlir-opt
// A vector.transfer_write that surely overwrites its whole destination (a
// static tensor, offset 0 everywhere, no mask, a vector at least as large
// in each dimension) does not read it: a read-only destination gets a new
// buffer without a copy (the argument's access: "none"), and a writable one
// is only written ("write"). A non-zero offset or a smaller vector still
// reads (a copy, "read"; "read-write").
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s
// RUN: buffer-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file | FileCheck %s --check-prefix=ACCESS
// RUN: mlir-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" -split-input-file | FileCheck %s --check-prefix=ACCESS

// CHECK-LABEL: func.func @covers(
//       CHECK:   %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x7xi32>
//   CHECK-NOT:   memref.copy
//       CHECK:   vector.transfer_write %{{.*}}, %[[NEW]]
// ACCESS-LABEL: func.func @covers(
//  ACCESS-SAME:   tensor<3x7xi32> {bufferization.access = "none"
func.func @covers(%t: tensor<3x7xi32> {bufferization.writable = false},
                  %v: vector<3x8xi32>) -> tensor<3x7xi32> {
  %c0 = arith.constant 0 : index
  %w = vector.transfer_write %v, %t[%c0, %c0] : vector<3x8xi32>, tensor<3x7xi32>
  return %w : tensor<3x7xi32>
}

// -----

// CHECK-LABEL: func.func @shifted(
//       CHECK:   %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x7xi32>
//       CHECK:   memref.copy %{{.*}}, %[[NEW]]
//       CHECK:   vector.transfer_write %{{.*}}, %[[NEW]]
// ACCESS-LABEL: func.func @shifted(
//  ACCESS-SAME:   tensor<3x7xi32> {bufferization.access = "read"
func.func @shifted(%t: tensor<3x7xi32> {bufferization.writable = false},
                   %v: vector<3x8xi32>) -> tensor<3x7xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = vector.transfer_write %v, %t[%c1, %c0] : vector<3x8xi32>, tensor<3x7xi32>
  return %w : tensor<3x7xi32>
}

// -----

// ACCESS-LABEL: func.func @covers_in_place(
//  ACCESS-SAME:   tensor<2x2xf64> {bufferization.access = "write"}
//  ACCESS-SAME:   tensor<2x2xf64> {bufferization.access = "read-write"}
func.func @covers_in_place(%a: tensor<2x2xf64>, %b: tensor<2x2xf64>,
                           %v: vector<2x2xf64>, %u: vector<2x1xf64>)
    -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %c0 = arith.constant 0 : index
  %wa = vector.transfer_write %v, %a[%c0, %c0] : vector<2x2xf64>, tensor<2x2xf64>
  %wb = vector.transfer_write %u, %b[%c0, %c0] : vector<2x1xf64>, tensor<2x2xf64>
  return %wa, %wb : tensor<2x2xf64>, tensor<2x2xf64>
}
