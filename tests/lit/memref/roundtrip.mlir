// Round trip of the memref dialect's custom forms: globals (constant,
// uninitialized, external, visibility), alloc/alloca with dynamic sizes,
// symbols and alignment, load/store (nontemporal), copy, dim, rank, casts
// (ranked, unranked, strided), subviews (dynamic, strided, rank-reducing),
// collapse/expand_shape (identity and strided layouts), reinterpret_cast,
// get_global, extract_strided_metadata, extract_aligned_pointer_as_index,
// assume_alignment, view, realloc.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: memref.global "private" constant @cst : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
memref.global "private" constant @cst : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> {alignment = 64 : i64}

// CHECK-LABEL: memref.global @uninit : memref<2xi32> = uninitialized
memref.global @uninit : memref<2xi32> = uninitialized

// CHECK-LABEL: memref.global "private" @external : memref<3xf32>
memref.global "private" @external : memref<3xf32>

// CHECK-LABEL: memref.global @scalar : memref<f32> = dense<0.000000e+00>
memref.global @scalar : memref<f32> = dense<0.0>

// CHECK-LABEL: memref.global "public" @ints : memref<2x2xi32> = dense<{{\[\[}}1, 2], [3, 4{{\]\]}}>
memref.global "public" @ints : memref<2x2xi32> = dense<[[1, 2], [3, 4]]>

// CHECK-LABEL: func.func @allocs(%arg0: index, %arg1: index) {
// CHECK-NEXT:   %alloc = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT:   %alloc_0 = memref.alloc()[%arg1] : memref<4xf32, #map>
// CHECK-NEXT:   %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
// CHECK-NEXT:   %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT:   %alloca_2 = memref.alloca(%arg0, %arg0) : memref<?x?xf32>
// CHECK-NEXT:   %alloca_3 = memref.alloca() {alignment = 16 : i64} : memref<2xi8, 1>
// CHECK-NEXT:   memref.dealloc %alloc : memref<?xf32>
// CHECK-NEXT:   memref.dealloc %alloc_0 : memref<4xf32, #map>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @allocs(%d: index, %s: index) {
  %a = memref.alloc(%d) : memref<?xf32>
  %a2 = memref.alloc()[%s] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %a3 = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  %b = memref.alloca() : memref<4xf32>
  %b2 = memref.alloca(%d, %d) : memref<?x?xf32>
  %b3 = memref.alloca() {alignment = 16 : i64} : memref<2xi8, 1>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %a2 : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// CHECK-LABEL: func.func @access(%arg0: memref<8x8xf32>, %arg1: index, %arg2: index, %arg3: f32) -> (f32, f32) {
// CHECK-NEXT:   %0 = memref.load %arg0[%arg1, %arg2] : memref<8x8xf32>
// CHECK-NEXT:   %1 = memref.load %arg0[%arg1, %arg2] {nontemporal = true} : memref<8x8xf32>
// CHECK-NEXT:   memref.store %arg3, %arg0[%arg1, %arg2] : memref<8x8xf32>
// CHECK-NEXT:   memref.store %0, %arg0[%arg2, %arg1] {nontemporal = true} : memref<8x8xf32>
// CHECK-NEXT:   memref.store %1, %arg0[%arg2, %arg2] : memref<8x8xf32>
// CHECK-NEXT:   return %0, %1 : f32, f32
// CHECK-NEXT: }
func.func @access(%m: memref<8x8xf32>, %i: index, %j: index, %v: f32) -> (f32, f32) {
  %l = memref.load %m[%i, %j] {nontemporal = false} : memref<8x8xf32>
  %l2 = memref.load %m[%i, %j] {nontemporal = true} : memref<8x8xf32>
  memref.store %v, %m[%i, %j] : memref<8x8xf32>
  memref.store %l, %m[%j, %i] {nontemporal = true} : memref<8x8xf32>
  memref.store %l2, %m[%j, %j] {nontemporal = false} : memref<8x8xf32>
  return %l, %l2 : f32, f32
}

// CHECK-LABEL: func.func @copy_dim_rank(%arg0: memref<4xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>, %arg3: index) -> (index, index, index) {
// CHECK-NEXT:   memref.copy %arg0, %arg1 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:   memref.copy %arg2, %arg0 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT:   %dim = memref.dim %arg1, %arg3 : memref<?xf32>
// CHECK-NEXT:   %dim_0 = memref.dim %arg2, %arg3 : memref<*xf32>
// CHECK-NEXT:   %0 = memref.rank %arg2 : memref<*xf32>
// CHECK-NEXT:   return %dim, %dim_0, %0 : index, index, index
// CHECK-NEXT: }
func.func @copy_dim_rank(%a: memref<4xf32>, %b: memref<?xf32>, %u: memref<*xf32>, %i: index) -> (index, index, index) {
  memref.copy %a, %b : memref<4xf32> to memref<?xf32>
  memref.copy %u, %a : memref<*xf32> to memref<4xf32>
  %d = memref.dim %b, %i : memref<?xf32>
  %d2 = memref.dim %u, %i : memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  return %d, %d2, %r : index, index, index
}

// CHECK-LABEL: func.func @casts(%arg0: memref<8x8xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>, %arg3: memref<4xf32, strided<[1], offset: 2>>) {
// CHECK-NEXT:   %cast = memref.cast %arg0 : memref<8x8xf32> to memref<?x?xf32>
// CHECK-NEXT:   %cast_0 = memref.cast %arg1 : memref<?xf32> to memref<*xf32>
// CHECK-NEXT:   %cast_1 = memref.cast %arg2 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT:   %cast_2 = memref.cast %arg3 : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   %memspacecast = memref.memory_space_cast %arg0 : memref<8x8xf32> to memref<8x8xf32, 1>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @casts(%a: memref<8x8xf32>, %b: memref<?xf32>, %u: memref<*xf32>, %s: memref<4xf32, strided<[1], offset: 2>>) {
  %c = memref.cast %a : memref<8x8xf32> to memref<?x?xf32>
  %c2 = memref.cast %b : memref<?xf32> to memref<*xf32>
  %c3 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %c4 = memref.cast %s : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[?], offset: ?>>
  %m = memref.memory_space_cast %a : memref<8x8xf32> to memref<8x8xf32, 1>
  return
}

// CHECK-LABEL: func.func @subviews(%arg0: memref<8x8xf32>, %arg1: index, %arg2: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
// CHECK-NEXT:   %subview = memref.subview %arg0[%arg1, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT:   %subview_0 = memref.subview %arg0[1, 3] [3, 4] [2, 1] : memref<8x8xf32> to memref<3x4xf32, strided<[16, 1], offset: 11>>
// CHECK-NEXT:   %subview_1 = memref.subview %arg0[0, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1]>>
// CHECK-NEXT:   %subview_2 = memref.subview %arg2[%arg1, %arg1] [%arg1, 2] [1, 1] {test.tag} : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x2xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:   %subview_3 = memref.subview %arg0[1, 0] [1, 1] [1, 1] : memref<8x8xf32> to memref<f32, strided<[], offset: 8>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @subviews(%m: memref<8x8xf32>, %d: index, %s: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  %v = memref.subview %m[%d, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %v2 = memref.subview %m[1, 3] [3, 4] [2, 1] : memref<8x8xf32> to memref<3x4xf32, strided<[16, 1], offset: 11>>
  %v3 = memref.subview %m[0, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1]>>
  %v4 = memref.subview %s[%d, %d] [%d, 2] [1, 1] {test.tag} : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x2xf32, strided<[?, 1], offset: ?>>
  %v5 = memref.subview %m[1, 0] [1, 1] [1, 1] : memref<8x8xf32> to memref<f32, strided<[], offset: 8>>
  return
}

// CHECK-LABEL: func.func @reshapes(%arg0: memref<8x8xf32>, %arg1: memref<?xf32>, %arg2: index, %arg3: memref<4x8xf32, strided<[16, 1], offset: ?>>) {
// CHECK-NEXT:   %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1{{\]\]}} : memref<8x8xf32> into memref<64xf32>
// CHECK-NEXT:   %collapse_shape_0 = memref.collapse_shape %arg3 {{\[\[}}0], [1{{\]\]}} : memref<4x8xf32, strided<[16, 1], offset: ?>> into memref<4x8xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT:   %expand_shape = memref.expand_shape %arg1 {{\[\[}}0, 1{{\]\]}} output_shape [%arg2, 4] : memref<?xf32> into memref<?x4xf32>
// CHECK-NEXT:   %expand_shape_1 = memref.expand_shape %collapse_shape {{\[\[}}0, 1, 2{{\]\]}} output_shape [4, 4, 4] : memref<64xf32> into memref<4x4x4xf32>
// CHECK-NEXT:   %expand_shape_2 = memref.expand_shape %arg3 {{\[\[}}0], [1, 2{{\]\]}} output_shape [4, 2, 4] : memref<4x8xf32, strided<[16, 1], offset: ?>> into memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @reshapes(%m: memref<8x8xf32>, %f: memref<?xf32>, %d: index, %s: memref<4x8xf32, strided<[16, 1], offset: ?>>) {
  %c = memref.collapse_shape %m [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %c2 = memref.collapse_shape %s [[0], [1]] : memref<4x8xf32, strided<[16, 1], offset: ?>> into memref<4x8xf32, strided<[16, 1], offset: ?>>
  %e = memref.expand_shape %f [[0, 1]] output_shape [%d, 4] : memref<?xf32> into memref<?x4xf32>
  %e2 = memref.expand_shape %c [[0, 1, 2]] output_shape [4, 4, 4] : memref<64xf32> into memref<4x4x4xf32>
  %e3 = memref.expand_shape %s [[0], [1, 2]] output_shape [4, 2, 4] : memref<4x8xf32, strided<[16, 1], offset: ?>> into memref<4x2x4xf32, strided<[16, 4, 1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @reinterpret(%arg0: memref<16xf32>, %arg1: memref<?xf32>, %arg2: index, %arg3: memref<*xf32>) {
// CHECK-NEXT:   %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
// CHECK-NEXT:   %reinterpret_cast_0 = memref.reinterpret_cast %arg1 to offset: [%arg2], sizes: [%arg2, 2], strides: [2, 1] : memref<?xf32> to memref<?x2xf32, strided<[2, 1], offset: ?>>
// CHECK-NEXT:   %reinterpret_cast_1 = memref.reinterpret_cast %arg3 to offset: [1], sizes: [2], strides: [%arg2] : memref<*xf32> to memref<2xf32, strided<[?], offset: 1>>
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @reinterpret(%m: memref<16xf32>, %f: memref<?xf32>, %d: index, %u: memref<*xf32>) {
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
  %r2 = memref.reinterpret_cast %f to offset: [%d], sizes: [%d, 2], strides: [2, 1] : memref<?xf32> to memref<?x2xf32, strided<[2, 1], offset: ?>>
  %r3 = memref.reinterpret_cast %u to offset: [1], sizes: [2], strides: [%d] : memref<*xf32> to memref<2xf32, strided<[?], offset: 1>>
  return
}

// CHECK-LABEL: func.func @globals_and_metadata(%arg0: memref<8x8xf32>, %arg1: index, %arg2: memref<2048xi8>, %arg3: memref<?xf32>) -> index {
// CHECK-NEXT:   %0 = memref.get_global @cst : memref<4xf32>
// CHECK-NEXT:   %1 = memref.get_global @ints : memref<2x2xi32>
// CHECK-NEXT:   %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<8x8xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:   %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<8x8xf32> -> index
// CHECK-NEXT:   %assume_align = memref.assume_alignment %arg0, 16 : memref<8x8xf32>
// CHECK-NEXT:   %view = memref.view %arg2[%arg1][] : memref<2048xi8> to memref<64x4xf32>
// CHECK-NEXT:   %view_0 = memref.view %arg2[%arg1][%arg1] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT:   %2 = memref.realloc %0 : memref<4xf32> to memref<8xf32>
// CHECK-NEXT:   %3 = memref.realloc %arg3(%arg1) : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:   return %intptr : index
// CHECK-NEXT: }
func.func @globals_and_metadata(%m: memref<8x8xf32>, %d: index, %buf: memref<2048xi8>, %f: memref<?xf32>) -> index {
  %g = memref.get_global @cst : memref<4xf32>
  %g2 = memref.get_global @ints : memref<2x2xi32>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<8x8xf32> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %m : memref<8x8xf32> -> index
  %aa = memref.assume_alignment %m, 16 : memref<8x8xf32>
  %v = memref.view %buf[%d][] : memref<2048xi8> to memref<64x4xf32>
  %v2 = memref.view %buf[%d][%d] : memref<2048xi8> to memref<?x4xf32>
  %re = memref.realloc %g : memref<4xf32> to memref<8xf32>
  %re2 = memref.realloc %f(%d) : memref<?xf32> to memref<?xf32>
  return %p : index
}
