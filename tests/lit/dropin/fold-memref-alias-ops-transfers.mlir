// fold-memref-alias-ops on vector transfers: a transfer whose dims all stay
// in bounds, through a subview of unit strides, becomes a transfer of the
// subview's source; dims the subview drops get the subview's offsets as
// indices and join the permutation map as unused dims. Out-of-bounds
// transfers and subviews with other strides keep the view.
// RUN: buffer-opt %s -fold-memref-alias-ops -split-input-file | FileCheck %s

//   CHECK-DAG: #[[$SUM:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
//   CHECK-DAG: #[[$PERM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @read_transposed_slice(
//  CHECK-SAME:   %[[M:.*]]: memref<6x3x8xi32>, %[[A:.*]]: index, %[[B:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index
//   CHECK-DAG:   %[[PAD:.*]] = arith.constant 0 : i32
//   CHECK-DAG:   %[[ONE:.*]] = arith.constant 1 : index
//       CHECK:   %[[X:.*]] = affine.apply #[[$SUM]]()[%[[A]], %[[I]]]
//       CHECK:   %[[Y:.*]] = affine.apply #[[$SUM]]()[%[[B]], %[[J]]]
//       CHECK:   vector.transfer_read %[[M]][%[[X]], %[[ONE]], %[[Y]]], %[[PAD]] {in_bounds = [true, true], permutation_map = #[[$PERM]]} : memref<6x3x8xi32>, vector<2x3xi32>
func.func @read_transposed_slice(%m: memref<6x3x8xi32>, %a: index, %b: index, %i: index, %j: index) -> vector<2x3xi32> {
  %pad = arith.constant 0 : i32
  %v = memref.subview %m[%a, 1, %b] [4, 1, 5] [1, 1, 1] : memref<6x3x8xi32> to memref<4x5xi32, strided<[24, 1], offset: ?>>
  %r = vector.transfer_read %v[%i, %j], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x5xi32, strided<[24, 1], offset: ?>>, vector<2x3xi32>
  return %r : vector<2x3xi32>
}

// CHECK-LABEL: func.func @write_row(
//  CHECK-SAME:   %[[M:.*]]: memref<6x3x8xi32>, %[[W:.*]]: vector<4xi32>, %[[A:.*]]: index
//       CHECK:   %[[TWO:.*]] = arith.constant 2 : index
//       CHECK:   vector.transfer_write %[[W]], %[[M]][%[[A]], %[[TWO]], %[[TWO]]] {in_bounds = [true]} : vector<4xi32>, memref<6x3x8xi32>
func.func @write_row(%m: memref<6x3x8xi32>, %w: vector<4xi32>, %a: index) {
  %c0 = arith.constant 0 : index
  %v = memref.subview %m[%a, 2, 2] [1, 1, 6] [1, 1, 1] : memref<6x3x8xi32> to memref<6xi32, strided<[1], offset: ?>>
  vector.transfer_write %w, %v[%c0] {in_bounds = [true]} : vector<4xi32>, memref<6xi32, strided<[1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @kept_views(
//       CHECK:   memref.subview
//       CHECK:   vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} : memref<5xi32, strided<[1], offset: ?>>, vector<4xi32>
//       CHECK:   memref.subview
//       CHECK:   vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<3xi32, strided<[2], offset: ?>>, vector<2xi32>
func.func @kept_views(%m: memref<16xi32>, %a: index, %i: index) -> (vector<4xi32>, vector<2xi32>) {
  %pad = arith.constant 0 : i32
  %v = memref.subview %m[%a] [5] [1] : memref<16xi32> to memref<5xi32, strided<[1], offset: ?>>
  %r = vector.transfer_read %v[%i], %pad : memref<5xi32, strided<[1], offset: ?>>, vector<4xi32>
  %s = memref.subview %m[%a] [3] [2] : memref<16xi32> to memref<3xi32, strided<[2], offset: ?>>
  %q = vector.transfer_read %s[%i], %pad {in_bounds = [true]} : memref<3xi32, strided<[2], offset: ?>>, vector<2xi32>
  return %r, %q : vector<4xi32>, vector<2xi32>
}

// -----

// The index constant the fold makes for a dropped dim follows the
// function's own constants (the dead view goes first, as upstream's driver
// erases it before it visits the new constant).
// CHECK-LABEL: func.func @load_dropped_dim(
//       CHECK:   %[[HALF:.*]] = arith.constant 5.000000e-01 : f16
//  CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0 : index
//       CHECK:   memref.load %{{.*}}[%[[ZERO]], %{{.*}}] : memref<?x?xf16>
func.func @load_dropped_dim(%m: memref<?x?xf16>, %a: index, %n: index, %i: index) -> f16 {
  %half = arith.constant 0.5 : f16
  %v = memref.subview %m[0, %a] [1, %n] [1, 1] : memref<?x?xf16> to memref<?xf16, strided<[1], offset: ?>>
  %x = memref.load %v[%i] : memref<?xf16, strided<[1], offset: ?>>
  %y = arith.mulf %x, %half : f16
  return %y : f16
}
