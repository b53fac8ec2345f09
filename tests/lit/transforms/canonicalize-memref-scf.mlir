// --canonicalize on buffer programs: memref.dim of the sizes an alloc, view
// or subview was given, memref.rank and extract_strided_metadata of known
// types, constant sizes and offsets made static (alloc, subview,
// reinterpret_cast) behind a cast back to the old type, casts folded into
// subviews, casts of casts and linalg ops; scf.for iter_args and scf.if
// results that carry nothing dropped, an empty else dropped; ceildivsi by 1;
// constant affine.for bounds moved into the bound maps; linearize_index of
// delinearize_index with a dynamic basis. The same checks hold for
// upstream's canonicalizer.
// RUN: buffer-opt -split-input-file -canonicalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -canonicalize %s | FileCheck %s %}
// RUN: %if mlir-opt %{ buffer-opt -split-input-file -canonicalize %s | mlir-opt -split-input-file > /dev/null %}

// CHECK-LABEL: func.func @dim_of_views(
// CHECK-SAME: %[[M:[^:]*]]: memref<?x?xf32>, %[[O:[^:]*]]: index, %[[S:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT: memref.dim
// CHECK: return %[[S]], %[[C4]], %[[N]], %[[S]]
func.func @dim_of_views(%m: memref<?x?xf32>, %o: index, %s: index, %n: index)
    -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sv = memref.subview %m[%o, 0] [%s, 4] [1, 1]
      : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %a = memref.dim %sv, %c0 : memref<?x4xf32, strided<[?, 1], offset: ?>>
  %b = memref.dim %sv, %c1 : memref<?x4xf32, strided<[?, 1], offset: ?>>
  %buf = memref.alloc(%n) : memref<?xi8>
  %v = memref.view %buf[%c0][%n] : memref<?xi8> to memref<?xi8>
  %c = memref.dim %v, %c0 : memref<?xi8>
  %cast = memref.cast %sv : memref<?x4xf32, strided<[?, 1], offset: ?>>
      to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %d = memref.dim %cast, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  memref.dealloc %buf : memref<?xi8>
  return %a, %b, %c, %d : index, index, index, index
}

// -----

// A rank-reducing subview: result dim 1 is source dim 2.
// CHECK-LABEL: func.func @dim_of_rank_reduced_subview(
// CHECK-SAME: %{{[^:]*}}: memref<?x?x?xf32>, %[[S:[^:]*]]: index
// CHECK-NOT: memref.dim
// CHECK: return %[[S]]
func.func @dim_of_rank_reduced_subview(%m: memref<?x?x?xf32>, %s: index) -> index {
  %c1 = arith.constant 1 : index
  %sv = memref.subview %m[0, 0, 0] [4, 1, %s] [1, 1, 1]
      : memref<?x?x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  %d = memref.dim %sv, %c1 : memref<4x?xf32, strided<[?, 1]>>
  return %d : index
}

// -----

// CHECK-LABEL: func.func @rank_and_metadata(
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C13:.*]] = arith.constant 13 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NOT: memref.rank
// CHECK-NOT: memref.extract_strided_metadata
// CHECK: return %[[C2]], %[[C13]], %[[C3]], %[[C16]]
func.func @rank_and_metadata(%m: memref<8x16xf32>) -> (index, index, index, index) {
  %r = memref.rank %m : memref<8x16xf32>
  %sv = memref.subview %m[0, 13] [3, 2] [1, 1]
      : memref<8x16xf32> to memref<3x2xf32, strided<[16, 1], offset: 13>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %sv
      : memref<3x2xf32, strided<[16, 1], offset: 13>>
      -> memref<f32>, index, index, index, index, index
  return %r, %off, %sizes#0, %strides#0 : index, index, index, index
}

// -----

// Constant sizes make the alloc static; users that take any memref see the
// static buffer, the others a cast of it.
// CHECK-LABEL: func.func @alloc_constant_sizes(
// CHECK-SAME: %[[N:[^:]*]]: index
// CHECK: %[[A:.*]] = memref.alloc(%[[N]]) : memref<4x?xf32>
// CHECK: %[[CAST:.*]] = memref.cast %[[A]] : memref<4x?xf32> to memref<?x?xf32>
// CHECK: memref.store %{{.*}}, %[[A]][%{{.*}}, %{{.*}}] : memref<4x?xf32>
// CHECK: return %[[CAST]]
func.func @alloc_constant_sizes(%n: index, %x: f32) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4, %n) : memref<?x?xf32>
  memref.store %x, %a[%c0, %c0] : memref<?x?xf32>
  return %a : memref<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @subview_constants(
// CHECK-SAME: %[[M:[^:]*]]: memref<8x8xf32>
// CHECK: %[[SV:.*]] = memref.subview %[[M]][2, 0] [3, 1] [1, 1] : memref<8x8xf32> to memref<3xf32, strided<[8], offset: 16>>
// CHECK: %[[CAST:.*]] = memref.cast %[[SV]] : memref<3xf32, strided<[8], offset: 16>> to memref<?xf32, strided<[8], offset: ?>>
// CHECK: return %[[CAST]]
func.func @subview_constants(%m: memref<8x8xf32>) -> memref<?xf32, strided<[8], offset: ?>> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %sv = memref.subview %m[%c2, 0] [%c3, 1] [1, 1]
      : memref<8x8xf32> to memref<?xf32, strided<[8], offset: ?>>
  return %sv : memref<?xf32, strided<[8], offset: ?>>
}

// -----

// A subview of a cast that only forgot sizes takes the cast's source.
// CHECK-LABEL: func.func @subview_of_cast(
// CHECK-SAME: %[[M:[^:]*]]: memref<8x8xf32>, %[[I:[^:]*]]: index
// CHECK: %[[SV:.*]] = memref.subview %[[M]][%[[I]], 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
// CHECK: memref.load %[[SV]]
func.func @subview_of_cast(%m: memref<8x8xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %cast = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %sv = memref.subview %cast[%i, 0] [2, 8] [1, 1]
      : memref<?x?xf32> to memref<2x8xf32, strided<[?, 1], offset: ?>>
  %v = memref.load %sv[%c0, %c0] : memref<2x8xf32, strided<[?, 1], offset: ?>>
  return %v : f32
}

// -----

// CHECK-LABEL: func.func @reinterpret_cast_constants(
// CHECK: %[[R:.*]] = memref.reinterpret_cast %{{.*}} to offset: [1], sizes: [3], strides: [3] : memref<24xf32> to memref<3xf32, strided<[3], offset: 1>>
// CHECK: memref.cast %[[R]] : memref<3xf32, strided<[3], offset: 1>> to memref<*xf32>
func.func @reinterpret_cast_constants(%m: memref<24xf32>) -> memref<*xf32> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = memref.reinterpret_cast %m to offset: [%c1], sizes: [%c3], strides: [%c3]
      : memref<24xf32> to memref<?xf32, strided<[?], offset: ?>>
  %u = memref.cast %r : memref<?xf32, strided<[?], offset: ?>> to memref<*xf32>
  return %u : memref<*xf32>
}

// -----

// A cast of a cast casts the first source (the middle type may be the more
// static one).
// CHECK-LABEL: func.func @cast_of_cast(
// CHECK-SAME: %[[M:[^:]*]]: memref<?x?xf32>
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[M]] : memref<?x?xf32> to memref<*xf32>
// CHECK-NEXT: return %[[C]]
func.func @cast_of_cast(%m: memref<?x?xf32>) -> memref<*xf32> {
  %a = memref.cast %m : memref<?x?xf32> to memref<3x4xf32>
  %b = memref.cast %a : memref<3x4xf32> to memref<*xf32>
  return %b : memref<*xf32>
}

// -----

// linalg ops on buffers take the static buffers behind casts.
// CHECK-LABEL: func.func @linalg_of_casts(
// CHECK-SAME: %[[A:[^:]*]]: memref<5x7xf32>, %[[B:[^:]*]]: memref<7x4xf32>, %[[C:[^:]*]]: memref<5x4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[C]] : memref<5x4xf32>)
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : memref<5x7xf32>, memref<7x4xf32>) outs(%[[C]] : memref<5x4xf32>)
func.func @linalg_of_casts(%a: memref<5x7xf32>, %b: memref<7x4xf32>, %c: memref<5x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ca = memref.cast %a : memref<5x7xf32> to memref<?x?xf32>
  %cb = memref.cast %b : memref<7x4xf32> to memref<?x?xf32>
  %cc = memref.cast %c : memref<5x4xf32> to memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%cc : memref<?x?xf32>)
  linalg.matmul ins(%ca, %cb : memref<?x?xf32>, memref<?x?xf32>) outs(%cc : memref<?x?xf32>)
  return
}

// -----

// An iter_arg yielded back as its initial value, and one nobody reads,
// leave the loop.
// CHECK-LABEL: func.func @for_dead_iter_args(
// CHECK-SAME: %[[M:[^:]*]]: memref<4xf32>
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: memref.store %{{.*}}, %[[M]]
// CHECK: scf.yield %{{.*}} : f32
// CHECK: return %[[R]], %[[M]]
func.func @for_dead_iter_args(%m: memref<4xf32>, %x: f32) -> (f32, memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:3 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x, %buf = %m, %unused = %x)
      -> (f32, memref<4xf32>, f32) {
    memref.store %acc, %buf[%i] : memref<4xf32>
    %n = arith.addf %acc, %x : f32
    scf.yield %n, %m, %n : f32, memref<4xf32>, f32
  }
  return %r#0, %r#1 : f32, memref<4xf32>
}

// -----

// Unused scf.if results go; then the else that only yields goes too.
// CHECK-LABEL: func.func @if_unused_results(
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NOT: else
// CHECK: return
func.func @if_unused_results(%c: i1, %m: memref<4xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (f32) {
    memref.store %x, %m[%c0] : memref<4xf32>
    scf.yield %x : f32
  } else {
    %y = arith.addf %x, %x : f32
    scf.yield %y : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @divide_by_one(
// CHECK-SAME: %[[X:[^:]*]]: index
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.ceildivui
// CHECK-NOT: arith.floordivsi
// CHECK: return %[[X]], %[[X]], %[[X]]
func.func @divide_by_one(%x: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %a = arith.ceildivsi %x, %c1 : index
  %b = arith.ceildivui %x, %c1 : index
  %c = arith.floordivsi %x, %c1 : index
  return %a, %b, %c : index, index, index
}

// -----

// CHECK-LABEL: func.func @affine_bounds_and_linearize(
// CHECK-SAME: %[[X:[^:]*]]: index, %[[B:[^:]*]]: index
// CHECK-NOT: affine.linearize_index
// CHECK: affine.for %{{.*}} = 1 to 20 {
// CHECK: return %[[X]]
func.func @affine_bounds_and_linearize(%x: index, %b: index, %m: memref<20xindex>) -> index {
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  affine.for %i = %c1 to %c20 {
    affine.store %i, %m[%i] : memref<20xindex>
  }
  %d:3 = affine.delinearize_index %x into (2, %b, 4) : index, index, index
  %l = affine.linearize_index [%d#0, %d#1, %d#2] by (2, %b, 4) : index
  return %l : index
}

// -----

// A dim operand defined at the top level of the function is a valid
// symbol: it becomes one, inside a loop as well.
// CHECK-LABEL: func.func @dims_to_symbols(
// CHECK-SAME: %[[X:[^:]*]]: index
// CHECK: affine.min #{{[a-z0-9]+}}()[%[[X]]]
// CHECK: affine.for %[[I:.*]] = 0 to 4 {
// CHECK: affine.apply #{{[a-z0-9]+}}(%[[I]])[%[[X]]]
func.func @dims_to_symbols(%x: index, %m: memref<4xindex>) -> index {
  %r = affine.min affine_map<(d0) -> (d0, 100)>(%x)
  affine.for %i = 0 to 4 {
    %a = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%x, %i)
    affine.store %a, %m[%i] : memref<4xindex>
  }
  return %r : index
}
