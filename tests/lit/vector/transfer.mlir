// vector.transfer_read / transfer_write / print: parsed and printed as
// mlir-opt prints them (defaults of permutation_map and in_bounds left out),
// the generic form keeps the stored defaults, and One-Shot bufferizes the
// transfers on tensors.
// RUN: buffer-opt %s -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -split-input-file | buffer-opt -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: buffer-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: buffer-opt %s -split-input-file -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUF
// RUN: buffer-opt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS
// RUN: buffer-opt %s -split-input-file -one-shot-bufferize="test-analysis-only analysis-fuzzer-seed=23" -o /dev/null

// ROUND-LABEL: func.func @forms(
//       ROUND:   vector.transfer_read %arg0[%arg3], %cst : tensor<?xf32>, vector<4xf32>
//       ROUND:   vector.transfer_write %arg2, %arg0[%arg3] : vector<4xf32>, tensor<?xf32>
//       ROUND:   vector.transfer_read %arg1[%arg3, %arg3], %cst, %arg4 {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
//       ROUND:   vector.transfer_write %arg2, %arg1[%arg3, %arg3] {permutation_map = #map} : vector<4xf32>, memref<?x?xf32>
//       ROUND:   vector.print %{{.*}} : vector<4xf32>
// GENERIC: "vector.transfer_read"(%arg0, %arg3, %0) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = #map}>
// GENERIC: "vector.transfer_write"(%arg2, %arg1, %arg3, %arg3) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = #map2}>
func.func @forms(%A: tensor<?xf32>, %B: memref<?x?xf32>, %v: vector<4xf32>, %i: index, %m: vector<4xi1>) -> (vector<4xf32>, tensor<?xf32>, vector<4xf32>) {
  %f0 = arith.constant 0.0 : f32
  %0 = vector.transfer_read %A[%i], %f0 : tensor<?xf32>, vector<4xf32>
  %1 = vector.transfer_write %v, %A[%i] : vector<4xf32>, tensor<?xf32>
  %2 = vector.transfer_read %B[%i, %i], %f0, %m {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
  vector.transfer_write %v, %B[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<?x?xf32>
  vector.print %0 : vector<4xf32>
  return %0, %1, %2 : vector<4xf32>, tensor<?xf32>, vector<4xf32>
}

// -----

// The write goes to the argument's buffer in place; the read before it
// reads the same buffer (it comes first). A read of the old value after
// the write forces a copy.
// BUF-LABEL: func.func @in_place(
//  BUF-SAME:   %[[A:.*]]: memref<?xf32, strided<[?], offset: ?>>
//   BUF-NOT:   memref.alloc
//       BUF:   vector.transfer_read %[[A]]
//       BUF:   vector.transfer_write %{{.*}}, %[[A]][%{{.*}}] : vector<4xf32>, memref<?xf32, strided<[?], offset: ?>>
//       BUF:   return
// ANALYSIS-LABEL: func.func @in_place(
//       ANALYSIS:   vector.transfer_write {{.*}}{__inplace_operands_attr__ = ["none", "true", "none"]}
func.func @in_place(%A: tensor<?xf32>, %v: vector<4xf32>, %i: index) -> (vector<4xf32>, tensor<?xf32>) {
  %f0 = arith.constant 0.0 : f32
  %0 = vector.transfer_read %A[%i], %f0 : tensor<?xf32>, vector<4xf32>
  %1 = vector.transfer_write %v, %A[%i] : vector<4xf32>, tensor<?xf32>
  return %0, %1 : vector<4xf32>, tensor<?xf32>
}

// -----

// BUF-LABEL: func.func @read_after_write(
//  BUF-SAME:   %[[A:.*]]: memref<?xf32, strided<[?], offset: ?>>
//       BUF:   %[[C:.*]] = memref.alloc
//       BUF:   memref.copy %[[A]], %[[C]]
//       BUF:   vector.transfer_write %{{.*}}, %[[C]]
//       BUF:   vector.transfer_read %[[A]]
// ANALYSIS-LABEL: func.func @read_after_write(
//       ANALYSIS:   vector.transfer_write {{.*}}{__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @read_after_write(%A: tensor<?xf32>, %v: vector<4xf32>, %i: index) -> (vector<4xf32>, tensor<?xf32>) {
  %f0 = arith.constant 0.0 : f32
  %1 = vector.transfer_write %v, %A[%i] : vector<4xf32>, tensor<?xf32>
  %0 = vector.transfer_read %A[%i], %f0 : tensor<?xf32>, vector<4xf32>
  return %0, %1 : vector<4xf32>, tensor<?xf32>
}
