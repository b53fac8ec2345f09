// fold-memref-alias-ops: loads and stores through memref.subview,
// expand_shape and collapse_shape access the source at the mapped indices,
// with the index arithmetic as mlir-opt 22 builds it (composed affine.apply
// of symbol maps, constants folded and hoisted), and a subview of a
// unit-stride subview becomes one subview. The same RUN line with mlir-opt
// is in same-as-mlir-opt.mlir. Values before and after the pass:
// fold-memref-alias-ops-run.mlir.
// RUN: buffer-opt %s -fold-memref-alias-ops -split-input-file | FileCheck %s
// RUN: buffer-opt %s -pass-pipeline="builtin.module(func.func(fold-memref-alias-ops))" -split-input-file | FileCheck %s

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 + 2)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 * 2)>
// CHECK-LABEL: func.func @sv_load(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<8x16xf32>
// CHECK-NEXT: return %[[V2]] : f32
func.func @sv_load(%m: memref<8x16xf32>, %i: index, %j: index) -> f32 {
  %s = memref.subview %m[2, 0] [4, 8] [1, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 2], offset: 32>>
  %v = memref.load %s[%i, %j] : memref<4x8xf32, strided<[16, 2], offset: 32>>
  return %v : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 + 1)>
// CHECK-LABEL: func.func @sv_dyn_store(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?x?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: f32)
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]], %[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG3]]{{\]}}
// CHECK-NEXT: memref.store %[[ARG4]], %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<?x?xf32>
// CHECK-NEXT: return
func.func @sv_dyn_store(%m: memref<?x?xf32>, %o: index, %i: index, %j: index, %x: f32) {
  %s = memref.subview %m[%o, 1] [4, 4] [1, 1] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  memref.store %x, %s[%i, %j] : memref<4x4xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

// CHECK-LABEL: func.func @rank_reduce(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[C3:[a-zA-Z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[C3]], %[[ARG1]]{{\]}} : memref<8x16xf32>
// CHECK-NEXT: return %[[V0]] : f32
func.func @rank_reduce(%m: memref<8x16xf32>, %i: index) -> f32 {
  %s = memref.subview %m[3, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 48>>
  %v = memref.load %s[%i] : memref<16xf32, strided<[1], offset: 48>>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @expand(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<32xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.linearize_index disjoint {{\[}}%[[ARG1]], %[[ARG2]]{{\]}} by (4, 8) : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]]{{\]}} : memref<32xf32>
// CHECK-NEXT: return %[[V1]] : f32
func.func @expand(%m: memref<32xf32>, %i: index, %j: index) -> f32 {
  %e = memref.expand_shape %m [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  %v = memref.load %e[%i, %j] : memref<4x8xf32>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @collapse(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<4x8xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:2 = affine.delinearize_index %[[ARG1]] into (4, 8) : index, index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]]#0, %[[V0]]#1{{\]}} : memref<4x8xf32>
// CHECK-NEXT: return %[[V1]] : f32
func.func @collapse(%m: memref<4x8xf32>, %i: index) -> f32 {
  %c = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %v = memref.load %c[%i] : memref<32xf32>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @svsv(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<16x16xf32>) -> memref<2x2xf32, strided<{{\[}}16, 1{{\]}}, offset: 51>>
// CHECK-NEXT: %[[SUBVIEW:[a-zA-Z0-9_]+]] = memref.subview %[[ARG0]]{{\[}}3, 3{{\]}} {{\[}}2, 2{{\]}} {{\[}}1, 1{{\]}} : memref<16x16xf32> to memref<2x2xf32, strided<{{\[}}16, 1{{\]}}, offset: 51>>
// CHECK-NEXT: return %[[SUBVIEW]] : memref<2x2xf32, strided<{{\[}}16, 1{{\]}}, offset: 51>>
func.func @svsv(%m: memref<16x16xf32>) -> memref<2x2xf32, strided<[16, 1], offset: 51>> {
  %s = memref.subview %m[2, 2] [8, 8] [1, 1] : memref<16x16xf32> to memref<8x8xf32, strided<[16, 1], offset: 34>>
  %t = memref.subview %s[1, 1] [2, 2] [1, 1] : memref<8x8xf32, strided<[16, 1], offset: 34>> to memref<2x2xf32, strided<[16, 1], offset: 51>>
  return %t : memref<2x2xf32, strided<[16, 1], offset: 51>>
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1, s2] -> (s0 + s1 * s2)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 * 3 + 2)>
// CHECK-LABEL: func.func @a(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?x?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]], %[[ARG3]], %[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG4]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<?x?xf32>
// CHECK-NEXT: return %[[V2]] : f32
func.func @a(%m: memref<?x?xf32>, %o: index, %st: index, %i: index, %j: index) -> f32 {
  %s = memref.subview %m[%o, 2] [4, 4] [%st, 3] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 3], offset: ?>>
  %v = memref.load %s[%i, %j] : memref<4x4xf32, strided<[?, 3], offset: ?>>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @b(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>) -> f32
// CHECK-NEXT: %[[C6:[a-zA-Z0-9_]+]] = arith.constant 6 : index
// CHECK-NEXT: %[[C3:[a-zA-Z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[CST:[a-zA-Z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: memref.store %[[CST]], %[[ARG0]]{{\[}}%[[C1]], %[[C1]]{{\]}} : memref<8x16xf32>
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[C3]], %[[C6]]{{\]}} : memref<8x16xf32>
// CHECK-NEXT: return %[[V0]] : f32
func.func @b(%m: memref<8x16xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 1.0 : f32
  memref.store %x, %m[%c1, %c1] : memref<8x16xf32>
  %s = memref.subview %m[2, 4] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 36>>
  %v = memref.load %s[%c1, %c2] : memref<4x4xf32, strided<[16, 1], offset: 36>>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @c(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.linearize_index disjoint {{\[}}%[[ARG2]], %[[ARG3]], %[[ARG4]]{{\]}} by (2, %[[ARG1]], 4) : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]]{{\]}} : memref<?xf32>
// CHECK-NEXT: return %[[V1]] : f32
func.func @c(%m: memref<?xf32>, %d: index, %i: index, %j: index, %k: index) -> f32 {
  %e = memref.expand_shape %m [[0, 1, 2]] output_shape [2, %d, 4] : memref<?xf32> into memref<2x?x4xf32>
  %v = memref.load %e[%i, %j, %k] : memref<2x?x4xf32>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @d(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<3x?x4x5xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:4, %[[STRIDES:[a-zA-Z0-9_]+]]:4 = memref.extract_strided_metadata %[[ARG0]] : memref<3x?x4x5xf32> -> memref<f32>, index, index, index, index, index, index, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]]:3 = affine.delinearize_index %[[ARG2]] into (%[[SIZES]]#1, 4, 5) : index, index, index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[ARG1]], %[[V0]]#0, %[[V0]]#1, %[[V0]]#2{{\]}} : memref<3x?x4x5xf32>
// CHECK-NEXT: return %[[V1]] : f32
func.func @d(%m: memref<3x?x4x5xf32>, %i: index, %j: index) -> f32 {
  %c = memref.collapse_shape %m [[0], [1, 2, 3]] : memref<3x?x4x5xf32> into memref<3x?xf32>
  %v = memref.load %c[%i, %j] : memref<3x?xf32>
  return %v : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 * 2 + 1)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 + 1)>
// CHECK-LABEL: func.func @e(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<4x8xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<4x8xf32>
// CHECK-NEXT: return %[[V2]] : f32
func.func @e(%m: memref<4x8xf32>, %i: index, %j: index) -> f32 {
  %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
  %s = memref.subview %m[1, 1] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 9>>
  %v = memref.load %s[%a, %j] : memref<2x4xf32, strided<[8, 1], offset: 9>>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<16x16xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> memref<2x2xf32, strided<{{\[}}32, 3{{\]}}, offset: ?>>
// CHECK-NEXT: %[[SUBVIEW:[a-zA-Z0-9_]+]] = memref.subview %[[ARG0]]{{\[}}%[[ARG1]], 2{{\]}} {{\[}}8, 4{{\]}} {{\[}}2, 3{{\]}} : memref<16x16xf32> to memref<8x4xf32, strided<{{\[}}32, 3{{\]}}, offset: ?>>
// CHECK-NEXT: %[[SUBVIEW_0:[a-zA-Z0-9_]+]] = memref.subview %[[SUBVIEW]]{{\[}}1, %[[ARG2]]{{\]}} {{\[}}2, 2{{\]}} {{\[}}1, 1{{\]}} : memref<8x4xf32, strided<{{\[}}32, 3{{\]}}, offset: ?>> to memref<2x2xf32, strided<{{\[}}32, 3{{\]}}, offset: ?>>
// CHECK-NEXT: return %[[SUBVIEW_0]] : memref<2x2xf32, strided<{{\[}}32, 3{{\]}}, offset: ?>>
func.func @f(%m: memref<16x16xf32>, %o: index, %p: index) -> memref<2x2xf32, strided<[32, 3], offset: ?>> {
  %s = memref.subview %m[%o, 2] [8, 4] [2, 3] : memref<16x16xf32> to memref<8x4xf32, strided<[32, 3], offset: ?>>
  %t = memref.subview %s[1, %p] [2, 2] [1, 1] : memref<8x4xf32, strided<[32, 3], offset: ?>> to memref<2x2xf32, strided<[32, 3], offset: ?>>
  return %t : memref<2x2xf32, strided<[32, 3], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @g(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<16x16xf32>) -> memref<4xf32, strided<{{\[}}1{{\]}}, offset: 35>>
// CHECK-NEXT: %[[SUBVIEW:[a-zA-Z0-9_]+]] = memref.subview %[[ARG0]]{{\[}}2, 3{{\]}} {{\[}}1, 4{{\]}} {{\[}}1, 1{{\]}} : memref<16x16xf32> to memref<4xf32, strided<{{\[}}1{{\]}}, offset: 35>>
// CHECK-NEXT: return %[[SUBVIEW]] : memref<4xf32, strided<{{\[}}1{{\]}}, offset: 35>>
func.func @g(%m: memref<16x16xf32>) -> memref<4xf32, strided<[1], offset: 35>> {
  %s = memref.subview %m[2, 2] [1, 8] [1, 1] : memref<16x16xf32> to memref<8xf32, strided<[1], offset: 34>>
  %t = memref.subview %s[1] [4] [1] : memref<8xf32, strided<[1], offset: 34>> to memref<4xf32, strided<[1], offset: 35>>
  return %t : memref<4xf32, strided<[1], offset: 35>>
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 * 2 + 1)>
// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C4:[a-zA-Z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[CST:[a-zA-Z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG2:[a-zA-Z0-9_]+]] = %[[C0]] to %[[C4]] step %[[C1]] iter_args(%[[ARG3:[a-zA-Z0-9_]+]] = %[[CST]]) -> (f32) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]], %[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V1]], %[[V2]]{{\]}} : memref<8x16xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = arith.addf %[[ARG3]], %[[V3]] : f32
// CHECK-NEXT: scf.yield %[[V4]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
func.func @loop(%m: memref<8x16xf32>, %o: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = memref.subview %m[%o, 1] [4, 6] [1, 2] : memref<8x16xf32> to memref<4x6xf32, strided<[16, 2], offset: ?>>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %s[%i, %i] : memref<4x6xf32, strided<[16, 2], offset: ?>>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %r : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 + 4)>
// CHECK-LABEL: func.func @loop2(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>)
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C4:[a-zA-Z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[CST:[a-zA-Z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.for %[[ARG1:[a-zA-Z0-9_]+]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT: scf.for %[[ARG2:[a-zA-Z0-9_]+]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]], %[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: memref.store %[[CST]], %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<8x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @loop2(%m: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %s = memref.subview %m[%i, 4] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: ?>>
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %z, %s[%j, %i] : memref<4x8xf32, strided<[16, 1], offset: ?>>
    }
  }
  return
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (-s0 + s1 + 3)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @neg(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x8xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG2]], %[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<8x8xf32>
// CHECK-NEXT: return %[[V2]] : f32
func.func @neg(%m: memref<8x8xf32>, %i: index, %j: index) -> f32 {
  %a = affine.apply affine_map<(d0)[s0] -> (d0 - s0 + 1)>(%i)[%j]
  %s = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  %v = memref.load %s[%a, %i] : memref<4x4xf32, strided<[8, 1], offset: 18>>
  return %v : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 * 3)>
// CHECK-LABEL: func.func @same(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]]{{\]}} : memref<?xf32>
// CHECK-NEXT: return %[[V1]] : f32
func.func @same(%m: memref<?xf32>, %i: index) -> f32 {
  %s = memref.subview %m[%i] [4] [2] : memref<?xf32> to memref<4xf32, strided<[2], offset: ?>>
  %v = memref.load %s[%i] : memref<4xf32, strided<[2], offset: ?>>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @expand1(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<4x32xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.linearize_index disjoint {{\[}}%[[ARG2]], %[[ARG3]]{{\]}} by (4, 8) : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[ARG1]], %[[V0]]{{\]}} : memref<4x32xf32>
// CHECK-NEXT: return %[[V1]] : f32
func.func @expand1(%m: memref<4x32xf32>, %i: index, %j: index, %k: index) -> f32 {
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [4, 4, 8] : memref<4x32xf32> into memref<4x4x8xf32>
  %v = memref.load %e[%i, %j, %k] : memref<4x4x8xf32>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @collapse0(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<1x1xf32>) -> f32
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[C0]], %[[C0]]{{\]}} : memref<1x1xf32>
// CHECK-NEXT: return %[[V0]] : f32
func.func @collapse0(%m: memref<1x1xf32>) -> f32 {
  %c = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  %v = memref.load %c[] : memref<f32>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @nested(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x8xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: i1) -> f32
// CHECK-NEXT: %[[C3:[a-zA-Z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[CST:[a-zA-Z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.if %[[ARG1]] -> (f32) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[C3]], %[[C3]]{{\]}} : memref<8x8xf32>
// CHECK-NEXT: scf.yield %[[V1]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[CST]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
func.func @nested(%m: memref<8x8xf32>, %b: i1) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = scf.if %b -> f32 {
    %c1 = arith.constant 1 : index
    %s = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
    %v = memref.load %s[%c1, %c1] : memref<4x4xf32, strided<[8, 1], offset: 18>>
    scf.yield %v : f32
  } else {
    scf.yield %z : f32
  }
  return %r : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 + 1)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 * 2 + 2)>
// CHECK-LABEL: func.func @svsv_load(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<16x16xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<16x16xf32>
// CHECK-NEXT: return %[[V2]] : f32
func.func @svsv_load(%m: memref<16x16xf32>, %i: index, %o: index) -> f32 {
  %s = memref.subview %m[%o, 2] [8, 8] [1, 1] : memref<16x16xf32> to memref<8x8xf32, strided<[16, 1], offset: ?>>
  %t = memref.subview %s[1, %i] [1, 4] [1, 1] : memref<8x8xf32, strided<[16, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  %v = memref.load %t[%i] : memref<4xf32, strided<[1], offset: ?>>
  return %v : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 + 3)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0] -> (s0 + 2)>
// CHECK-LABEL: func.func @svsv_dynsize(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?x?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> memref<?x4xf32, strided<{{\[}}?, 1{{\]}}, offset: ?>>
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG2]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG2]]{{\]}}
// CHECK-NEXT: %[[SUBVIEW:[a-zA-Z0-9_]+]] = memref.subview %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} {{\[}}%[[ARG1]], 4{{\]}} {{\[}}1, 1{{\]}} : memref<?x?xf32> to memref<?x4xf32, strided<{{\[}}?, 1{{\]}}, offset: ?>>
// CHECK-NEXT: return %[[SUBVIEW]] : memref<?x4xf32, strided<{{\[}}?, 1{{\]}}, offset: ?>>
func.func @svsv_dynsize(%m: memref<?x?xf32>, %n: index, %o: index) -> memref<?x4xf32, strided<[?, 1], offset: ?>> {
  %s = memref.subview %m[%o, 2] [%n, 8] [1, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[?, 1], offset: ?>>
  %t = memref.subview %s[3, %o] [%n, 4] [1, 1] : memref<?x8xf32, strided<[?, 1], offset: ?>> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  return %t : memref<?x4xf32, strided<[?, 1], offset: ?>>
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 + 8)>
// CHECK-LABEL: func.func @expand_of_subview(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<64xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index)
// CHECK-NEXT: %[[CST:[a-zA-Z0-9_]+]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.linearize_index disjoint {{\[}}%[[ARG1]], %[[ARG2]]{{\]}} by (4, 8) : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[V0]]{{\]}}
// CHECK-NEXT: memref.store %[[CST]], %[[ARG0]]{{\[}}%[[V1]]{{\]}} : memref<64xf32>
// CHECK-NEXT: return
func.func @expand_of_subview(%m: memref<64xf32>, %i: index, %j: index) {
  %x = arith.constant 2.0 : f32
  %s = memref.subview %m[8] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 8>>
  %e = memref.expand_shape %s [[0, 1]] output_shape [4, 8] : memref<32xf32, strided<[1], offset: 8>> into memref<4x8xf32, strided<[8, 1], offset: 8>>
  memref.store %x, %e[%i, %j] : memref<4x8xf32, strided<[8, 1], offset: 8>>
  return
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1, s2, s3] -> (s0 + s1 + s2 + s3 * 2)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 + s1 * 2)>
// CHECK-LABEL: func.func @order(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<64x64xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index, %[[ARG3:[a-zA-Z0-9_]+]]: index, %[[ARG4:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG2]], %[[ARG1]], %[[ARG4]], %[[ARG3]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[ARG4]], %[[ARG3]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]], %[[V1]]{{\]}} : memref<64x64xf32>
// CHECK-NEXT: return %[[V2]] : f32
func.func @order(%m: memref<64x64xf32>, %a: index, %b: index, %c: index, %d: index) -> f32 {
  %p = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%a)[%b]
  %q = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%c)[%d]
  %s = memref.subview %m[%p, 0] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
  %v = memref.load %s[%q, %q] : memref<4x4xf32, strided<[64, 1], offset: ?>>
  return %v : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(d0){{\[}}s0] -> (d0 * 2 + s0)>
// CHECK-LABEL: func.func @loopdim(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<64xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C4:[a-zA-Z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[CST:[a-zA-Z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = scf.for %[[ARG2:[a-zA-Z0-9_]+]] = %[[C0]] to %[[C4]] step %[[C1]] iter_args(%[[ARG3:[a-zA-Z0-9_]+]] = %[[CST]]) -> (f32) {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](%[[ARG2]]){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V1]]{{\]}} : memref<64xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = arith.addf %[[ARG3]], %[[V2]] : f32
// CHECK-NEXT: scf.yield %[[V3]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[V0]] : f32
func.func @loopdim(%m: memref<64xf32>, %o: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = memref.subview %m[%o] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: ?>>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> f32 {
    %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %v = memref.load %s[%a] : memref<32xf32, strided<[1], offset: ?>>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 * 2 - s1)>
// CHECK-LABEL: func.func @rev(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<64xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index, %[[ARG2:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG2]], %[[ARG1]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ARG0]]{{\[}}%[[V0]]{{\]}} : memref<64xf32>
// CHECK-NEXT: return %[[V1]] : f32
func.func @rev(%m: memref<64xf32>, %o: index, %i: index) -> f32 {
  %s = memref.subview %m[%i] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: ?>>
  %a = affine.apply affine_map<()[s0, s1] -> (s1 - s0)>()[%o, %i]
  %v = memref.load %s[%a] : memref<32xf32, strided<[1], offset: ?>>
  return %v : f32
}
