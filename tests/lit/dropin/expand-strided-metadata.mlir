// expand-strided-metadata: subview, expand_shape and collapse_shape become
// memref.extract_strided_metadata of the source, the offset, sizes and
// strides as affine.apply of its metadata (constants where the type fixes
// them), and a memref.reinterpret_cast of the base buffer; a view of an
// allocation reinterprets the allocation itself. The same RUN line with
// mlir-opt is in same-as-mlir-opt.mlir; values before and after:
// expand-strided-metadata-run.mlir.
// RUN: buffer-opt %s -expand-strided-metadata -split-input-file | FileCheck %s
// RUN: buffer-opt %s -pass-pipeline="builtin.module(func.func(expand-strided-metadata))" -split-input-file | FileCheck %s

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 + 32)>
// CHECK-LABEL: func.func @sv(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> memref<4x?xf32, strided<{{\[}}16, 2{{\]}}, offset: ?>>
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]]{{\]}}
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}%[[V0]]{{\]}}, sizes: {{\[}}4, %[[ARG1]]{{\]}}, strides: {{\[}}16, 2{{\]}} : memref<f32> to memref<4x?xf32, strided<{{\[}}16, 2{{\]}}, offset: ?>>
// CHECK-NEXT: return %[[REINTERPRET_CAST]] : memref<4x?xf32, strided<{{\[}}16, 2{{\]}}, offset: ?>>
func.func @sv(%m: memref<8x16xf32>, %i: index) -> memref<4x?xf32, strided<[16, 2], offset: ?>> {
  %s = memref.subview %m[2, %i] [4, %i] [1, 2] : memref<8x16xf32> to memref<4x?xf32, strided<[16, 2], offset: ?>>
  return %s : memref<4x?xf32, strided<[16, 2], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @sv_static(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>) -> memref<4x4xf32, strided<{{\[}}16, 1{{\]}}, offset: 34>>
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}34{{\]}}, sizes: {{\[}}4, 4{{\]}}, strides: {{\[}}16, 1{{\]}} : memref<f32> to memref<4x4xf32, strided<{{\[}}16, 1{{\]}}, offset: 34>>
// CHECK-NEXT: return %[[REINTERPRET_CAST]] : memref<4x4xf32, strided<{{\[}}16, 1{{\]}}, offset: 34>>
func.func @sv_static(%m: memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1], offset: 34>> {
  %s = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 34>>
  return %s : memref<4x4xf32, strided<[16, 1], offset: 34>>
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 * s1 + 1)>
// CHECK-LABEL: func.func @sv_dynsrc(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?x?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> memref<4xf32, strided<{{\[}}?{{\]}}, offset: ?>>
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]], %[[STRIDES]]#0{{\]}}
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}%[[V0]]{{\]}}, sizes: {{\[}}4{{\]}}, strides: {{\[}}1{{\]}} : memref<f32> to memref<4xf32, strided<{{\[}}1{{\]}}, offset: ?>>
// CHECK-NEXT: %[[CAST:[a-zA-Z0-9_]+]] = memref.cast %[[REINTERPRET_CAST]] : memref<4xf32, strided<{{\[}}1{{\]}}, offset: ?>> to memref<4xf32, strided<{{\[}}?{{\]}}, offset: ?>>
// CHECK-NEXT: return %[[CAST]] : memref<4xf32, strided<{{\[}}?{{\]}}, offset: ?>>
func.func @sv_dynsrc(%m: memref<?x?xf32>, %i: index) -> memref<4xf32, strided<[?], offset: ?>> {
  %s = memref.subview %m[%i, 1] [1, 4] [1, 1] : memref<?x?xf32> to memref<4xf32, strided<[1], offset: ?>>
  %c = memref.cast %s : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
  return %c : memref<4xf32, strided<[?], offset: ?>>
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 floordiv 2)>
// CHECK-LABEL: func.func @expand(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> memref<2x?xf32>
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]], %[[STRIDES:[a-zA-Z0-9_]+]] = memref.extract_strided_metadata %[[ARG0]] : memref<?xf32> -> memref<f32>, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[SIZES]]{{\]}}
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[SIZES]]{{\]}}
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}0{{\]}}, sizes: {{\[}}2, %[[V0]]{{\]}}, strides: {{\[}}%[[V1]], 1{{\]}} : memref<f32> to memref<2x?xf32>
// CHECK-NEXT: return %[[REINTERPRET_CAST]] : memref<2x?xf32>
func.func @expand(%m: memref<?xf32>, %d: index) -> memref<2x?xf32> {
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, %d] : memref<?xf32> into memref<2x?xf32>
  return %e : memref<2x?xf32>
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 * 4)>
// CHECK-LABEL: func.func @collapse(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<4x?xf32>) -> memref<?xf32>
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[SIZES]]#1{{\]}}
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}0{{\]}}, sizes: {{\[}}%[[V0]]{{\]}}, strides: {{\[}}1{{\]}} : memref<f32> to memref<?xf32>
// CHECK-NEXT: return %[[REINTERPRET_CAST]] : memref<?xf32>
func.func @collapse(%m: memref<4x?xf32>) -> memref<?xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<4x?xf32> into memref<?xf32>
  return %c : memref<?xf32>
}

// -----

// CHECK-LABEL: func.func @rc(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?x?xf32, strided<{{\[}}?, 1{{\]}}, offset: ?>>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> memref<4x4xf32, strided<{{\[}}8, 1{{\]}}, offset: ?>>
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[ARG0]] to offset: {{\[}}%[[ARG1]]{{\]}}, sizes: {{\[}}4, 4{{\]}}, strides: {{\[}}8, 1{{\]}} : memref<?x?xf32, strided<{{\[}}?, 1{{\]}}, offset: ?>> to memref<4x4xf32, strided<{{\[}}8, 1{{\]}}, offset: ?>>
// CHECK-NEXT: return %[[REINTERPRET_CAST]] : memref<4x4xf32, strided<{{\[}}8, 1{{\]}}, offset: ?>>
func.func @rc(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %o: index) -> memref<4x4xf32, strided<[8, 1], offset: ?>> {
  %r = memref.reinterpret_cast %m to offset: [%o], sizes: [4, 4], strides: [8, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  return %r : memref<4x4xf32, strided<[8, 1], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @load(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<8x16xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}35{{\]}}, sizes: {{\[}}4, 4{{\]}}, strides: {{\[}}16, 1{{\]}} : memref<f32> to memref<4x4xf32, strided<{{\[}}16, 1{{\]}}, offset: 35>>
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = memref.load %[[REINTERPRET_CAST]]{{\[}}%[[ARG1]], %[[ARG1]]{{\]}} : memref<4x4xf32, strided<{{\[}}16, 1{{\]}}, offset: 35>>
// CHECK-NEXT: return %[[V0]] : f32
func.func @load(%m: memref<8x16xf32>, %i: index) -> f32 {
  %s = memref.subview %m[2, 3] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 35>>
  %v = memref.load %s[%i, %i] : memref<4x4xf32, strided<[16, 1], offset: 35>>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @alloc_sv(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[ALLOC:[a-zA-Z0-9_]+]] = memref.alloc(%[[ARG0]]) : memref<?x8xf32>
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[ALLOC]] to offset: {{\[}}10{{\]}}, sizes: {{\[}}2, 4{{\]}}, strides: {{\[}}8, 1{{\]}} : memref<?x8xf32> to memref<2x4xf32, strided<{{\[}}8, 1{{\]}}, offset: 10>>
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = memref.load %[[REINTERPRET_CAST]]{{\[}}%[[C0]], %[[C0]]{{\]}} : memref<2x4xf32, strided<{{\[}}8, 1{{\]}}, offset: 10>>
// CHECK-NEXT: memref.dealloc %[[ALLOC]] : memref<?x8xf32>
// CHECK-NEXT: return %[[V0]] : f32
func.func @alloc_sv(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?x8xf32>
  %s = memref.subview %a[1, 2] [2, 4] [1, 1] : memref<?x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 10>>
  %v = memref.load %s[%c0, %c0] : memref<2x4xf32, strided<[8, 1], offset: 10>>
  memref.dealloc %a : memref<?x8xf32>
  return %v : f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 * s1 + 1)>
// CHECK-LABEL: func.func @md_of_sv(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?x?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> (index, index, index)
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]], %[[STRIDES]]#0{{\]}}
// CHECK-NEXT: return %[[V0]], %[[ARG1]], %[[STRIDES]]#0 : index, index, index
func.func @md_of_sv(%m: memref<?x?xf32>, %i: index) -> (index, index, index) {
  %s = memref.subview %m[%i, 1] [4, %i] [1, 2] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 2], offset: ?>>
  %b, %o, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<4x?xf32, strided<[?, 2], offset: ?>> -> memref<f32>, index, index, index, index, index
  return %o, %sz#1, %st#0 : index, index, index
}

// -----

// CHECK-LABEL: func.func @sv_of_sv(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<16x16xf32>) -> memref<2x2xf32, strided<{{\[}}32, 2{{\]}}, offset: 69>>
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<16x16xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}69{{\]}}, sizes: {{\[}}2, 2{{\]}}, strides: {{\[}}32, 2{{\]}} : memref<f32> to memref<2x2xf32, strided<{{\[}}32, 2{{\]}}, offset: 69>>
// CHECK-NEXT: return %[[REINTERPRET_CAST]] : memref<2x2xf32, strided<{{\[}}32, 2{{\]}}, offset: 69>>
func.func @sv_of_sv(%m: memref<16x16xf32>) -> memref<2x2xf32, strided<[32, 2], offset: 69>> {
  %s = memref.subview %m[2, 2] [7, 8] [2, 1] : memref<16x16xf32> to memref<7x8xf32, strided<[32, 1], offset: 34>>
  %t = memref.subview %s[1, 3] [2, 2] [1, 2] : memref<7x8xf32, strided<[32, 1], offset: 34>> to memref<2x2xf32, strided<[32, 2], offset: 69>>
  return %t : memref<2x2xf32, strided<[32, 2], offset: 69>>
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0] -> (s0 * 8)>
// CHECK-LABEL: func.func @collapse_strided(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<4x8x?xf32, strided<{{\[}}?, ?, 1{{\]}}, offset: ?>>) -> memref<4x?xf32, strided<{{\[}}?, ?{{\]}}, offset: ?>>
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:3, %[[STRIDES:[a-zA-Z0-9_]+]]:3 = memref.extract_strided_metadata %[[ARG0]] : memref<4x8x?xf32, strided<{{\[}}?, ?, 1{{\]}}, offset: ?>> -> memref<f32>, index, index, index, index, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[SIZES]]#2{{\]}}
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}%[[OFFSET]]{{\]}}, sizes: {{\[}}4, %[[V0]]{{\]}}, strides: {{\[}}%[[STRIDES]]#0, 1{{\]}} : memref<f32> to memref<4x?xf32, strided<{{\[}}?, ?{{\]}}, offset: ?>>
// CHECK-NEXT: return %[[REINTERPRET_CAST]] : memref<4x?xf32, strided<{{\[}}?, ?{{\]}}, offset: ?>>
func.func @collapse_strided(%m: memref<4x8x?xf32, strided<[?, ?, 1], offset: ?>>) -> memref<4x?xf32, strided<[?, ?], offset: ?>> {
  %c = memref.collapse_shape %m [[0], [1, 2]] : memref<4x8x?xf32, strided<[?, ?, 1], offset: ?>> into memref<4x?xf32, strided<[?, ?], offset: ?>>
  return %c : memref<4x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @esmrun_main(
// CHECK-SAME: ) -> (f32, f32, f32)
// CHECK-NEXT: %[[C20:[a-zA-Z0-9_]+]] = arith.constant 20 : index
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:[a-zA-Z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[C3:[a-zA-Z0-9_]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[C4:[a-zA-Z0-9_]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[C32:[a-zA-Z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[ALLOC:[a-zA-Z0-9_]+]] = memref.alloc(%[[C4]]) : memref<?x8xf32>
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[ALLOC]] to offset: {{\[}}0{{\]}}, sizes: {{\[}}%[[C32]]{{\]}}, strides: {{\[}}1{{\]}} : memref<?x8xf32> to memref<?xf32>
// CHECK-NEXT: scf.for %[[ARG0:[a-zA-Z0-9_]+]] = %[[C0]] to %[[C32]] step %[[C1]] {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = arith.index_cast %[[ARG0]] : index to i32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = arith.sitofp %[[V3]] : i32 to f32
// CHECK-NEXT: memref.store %[[V4]], %[[REINTERPRET_CAST]]{{\[}}%[[ARG0]]{{\]}} : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[REINTERPRET_CAST_0:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[ALLOC]] to offset: {{\[}}10{{\]}}, sizes: {{\[}}2, %[[C3]]{{\]}}, strides: {{\[}}8, 2{{\]}} : memref<?x8xf32> to memref<2x?xf32, strided<{{\[}}8, 2{{\]}}, offset: ?>>
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = memref.load %[[REINTERPRET_CAST_0]]{{\[}}%[[C1]], %[[C2]]{{\]}} : memref<2x?xf32, strided<{{\[}}8, 2{{\]}}, offset: ?>>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[ALLOC]]{{\[}}%[[C3]], %[[C1]]{{\]}} : memref<?x8xf32>
// CHECK-NEXT: %[[REINTERPRET_CAST_1:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[ALLOC]] to offset: {{\[}}%[[C20]]{{\]}}, sizes: {{\[}}2{{\]}}, strides: {{\[}}2{{\]}} : memref<?x8xf32> to memref<2xf32, strided<{{\[}}2{{\]}}, offset: ?>>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = memref.load %[[REINTERPRET_CAST_1]]{{\[}}%[[C1]]{{\]}} : memref<2xf32, strided<{{\[}}2{{\]}}, offset: ?>>
// CHECK-NEXT: memref.dealloc %[[ALLOC]] : memref<?x8xf32>
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V2]] : f32, f32, f32
func.func @esmrun_main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %a = memref.alloc(%c4) : memref<?x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<?x8xf32> into memref<?xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %flat[%i] : memref<?xf32>
  }
  %s = memref.subview %a[1, %c2] [2, %c3] [1, 2] : memref<?x8xf32> to memref<2x?xf32, strided<[8, 2], offset: ?>>
  %v = memref.load %s[%c1, %c2] : memref<2x?xf32, strided<[8, 2], offset: ?>>
  %e = memref.expand_shape %flat [[0, 1]] output_shape [%c4, 8] : memref<?xf32> into memref<?x8xf32>
  %w = memref.load %e[%c3, %c1] : memref<?x8xf32>
  %t = memref.subview %s[1, 1] [1, 2] [1, 1] : memref<2x?xf32, strided<[8, 2], offset: ?>> to memref<2xf32, strided<[2], offset: ?>>
  %x = memref.load %t[%c1] : memref<2xf32, strided<[2], offset: ?>>
  memref.dealloc %a : memref<?x8xf32>
  return %v, %w, %x : f32, f32, f32
}

// -----

// CHECK-DAG: #[[$MAP:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 * s1 + 1)>
// CHECK-DAG: #[[$MAP1:.*]] = affine_map<(){{\[}}s0, s1] -> (s0 * s1)>
// CHECK-LABEL: func.func @view(
// CHECK-SAME: %[[ARG0:[a-zA-Z0-9_]+]]: memref<?x?xf32>, %[[ARG1:[a-zA-Z0-9_]+]]: index) -> f32
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[BASE_BUFFER:[a-zA-Z0-9_]+]], %[[OFFSET:[a-zA-Z0-9_]+]], %[[SIZES:[a-zA-Z0-9_]+]]:2, %[[STRIDES:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP]](){{\[}}%[[ARG1]], %[[STRIDES]]#0{{\]}}
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER]] to offset: {{\[}}%[[V0]]{{\]}}, sizes: {{\[}}2, %[[ARG1]]{{\]}}, strides: {{\[}}%[[STRIDES]]#0, 2{{\]}} : memref<f32> to memref<2x?xf32, strided<{{\[}}?, 2{{\]}}, offset: ?>>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = memref.load %[[REINTERPRET_CAST]]{{\[}}%[[C1]], %[[C1]]{{\]}} : memref<2x?xf32, strided<{{\[}}?, 2{{\]}}, offset: ?>>
// CHECK-NEXT: %[[BASE_BUFFER_0:[a-zA-Z0-9_]+]], %[[OFFSET_1:[a-zA-Z0-9_]+]], %[[SIZES_2:[a-zA-Z0-9_]+]]:2, %[[STRIDES_3:[a-zA-Z0-9_]+]]:2 = memref.extract_strided_metadata %[[ARG0]] : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = affine.apply #[[$MAP1]](){{\[}}%[[SIZES_2]]#0, %[[SIZES_2]]#1{{\]}}
// CHECK-NEXT: %[[REINTERPRET_CAST_4:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[BASE_BUFFER_0]] to offset: {{\[}}0{{\]}}, sizes: {{\[}}%[[V2]]{{\]}}, strides: {{\[}}1{{\]}} : memref<f32> to memref<?xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_]+]] = memref.load %[[REINTERPRET_CAST_4]]{{\[}}%[[ARG1]]{{\]}} : memref<?xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_]+]] = arith.addf %[[V1]], %[[V3]] : f32
// CHECK-NEXT: return %[[V4]] : f32
// CHECK-LABEL: func.func @mdjit_main(
// CHECK: %[[C0:[a-zA-Z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:[a-zA-Z0-9_]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[C5:[a-zA-Z0-9_]+]] = arith.constant 5 : index
// CHECK-NEXT: %[[C25:[a-zA-Z0-9_]+]] = arith.constant 25 : index
// CHECK-NEXT: %[[ALLOC:[a-zA-Z0-9_]+]] = memref.alloc(%[[C5]], %[[C5]]) : memref<?x?xf32>
// CHECK-NEXT: %[[REINTERPRET_CAST:[a-zA-Z0-9_]+]] = memref.reinterpret_cast %[[ALLOC]] to offset: {{\[}}0{{\]}}, sizes: {{\[}}%[[C25]]{{\]}}, strides: {{\[}}1{{\]}} : memref<?x?xf32> to memref<?xf32>
// CHECK-NEXT: scf.for %[[ARG0:[a-zA-Z0-9_]+]] = %[[C0]] to %[[C25]] step %[[C1]] {
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_]+]] = arith.index_cast %[[ARG0]] : index to i32
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_]+]] = arith.sitofp %[[V1]] : i32 to f32
// CHECK-NEXT: memref.store %[[V2]], %[[REINTERPRET_CAST]]{{\[}}%[[ARG0]]{{\]}} : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_]+]] = call @view(%[[ALLOC]], %[[C2]]) : (memref<?x?xf32>, index) -> f32
// CHECK-NEXT: memref.dealloc %[[ALLOC]] : memref<?x?xf32>
// CHECK-NEXT: return %[[V0]] : f32
func.func @view(%m: memref<?x?xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.subview %m[%i, 1] [2, %i] [1, 2] : memref<?x?xf32> to memref<2x?xf32, strided<[?, 2], offset: ?>>
  %v = memref.load %s[%c1, %c1] : memref<2x?xf32, strided<[?, 2], offset: ?>>
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %w = memref.load %c[%i] : memref<?xf32>
  %r = arith.addf %v, %w : f32
  return %r : f32
}
func.func @mdjit_main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c25 = arith.constant 25 : index
  %m = memref.alloc(%c5, %c5) : memref<?x?xf32>
  %flat = memref.collapse_shape %m [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  scf.for %k = %c0 to %c25 step %c1 {
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    memref.store %f, %flat[%k] : memref<?xf32>
  }
  %r = call @view(%m, %c2) : (memref<?x?xf32>, index) -> f32
  memref.dealloc %m : memref<?x?xf32>
  return %r : f32
}
