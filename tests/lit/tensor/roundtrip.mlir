// Round trip of every tensor op's custom form, with mlir-opt's result names
// (%extracted_slice, %padded, ...), attribute dictionaries, rank-reduced and
// dynamic slices, unranked casts, rank-0 reshapes and region ops.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-LABEL: func.func @empty_extract_insert(%arg0: tensor<8x8xf32>, %arg1: index, %arg2: f32, %arg3: index) -> (tensor<?x4xf32>, tensor<4xf32>, f32, tensor<8x8xf32>) {
// CHECK-NEXT: %0 = tensor.empty(%arg3) : tensor<?x4xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1, %arg1] : tensor<8x8xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg2 into %arg0[%arg1, %arg1] {tag} : tensor<8x8xf32>
// CHECK-NEXT: return %0, %1, %extracted, %inserted : tensor<?x4xf32>, tensor<4xf32>, f32, tensor<8x8xf32>
func.func @empty_extract_insert(%t: tensor<8x8xf32>, %i: index, %v: f32, %d: index) -> (tensor<?x4xf32>, tensor<4xf32>, f32, tensor<8x8xf32>) {
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %x = tensor.extract %t[%i, %i] : tensor<8x8xf32>
  %y = tensor.insert %v into %t[%i, %i] {tag} : tensor<8x8xf32>
  return %e, %e2, %x, %y : tensor<?x4xf32>, tensor<4xf32>, f32, tensor<8x8xf32>
}

// CHECK-LABEL: func.func @rank0(%arg0: f32) -> f32 {
// CHECK-NEXT: %from_elements = tensor.from_elements %arg0 : tensor<f32>
// CHECK-NEXT: %extracted = tensor.extract %from_elements[] : tensor<f32>
// CHECK-NEXT: return %extracted : f32
func.func @rank0(%v: f32) -> f32 {
  %t = tensor.from_elements %v : tensor<f32>
  %x = tensor.extract %t[] : tensor<f32>
  return %x : f32
}

// CHECK-LABEL: func.func @slices(%arg0: tensor<8x8xf32>, %arg1: index, %arg2: index) -> (tensor<?x4xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, %arg1] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg0[0, %arg1] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<4xf32>
// CHECK-NEXT: %extracted_slice_1 = tensor.extract_slice %arg0[0, %arg1] [%arg2, 4] [1, %arg1] {tag = 1 : i32} : tensor<8x8xf32> to tensor<?x4xf32>
// CHECK-NEXT: %extracted_slice_2 = tensor.extract_slice %arg0[2, 3] [1, 1] [2, 1] : tensor<8x8xf32> to tensor<1xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[0, %arg1] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
// CHECK-NEXT: %inserted_slice_3 = tensor.insert_slice %extracted_slice_0 into %inserted_slice[%arg1, 0] [1, 4] [1, 2] : tensor<4xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %extracted_slice_1, %inserted_slice, %inserted_slice_3 : tensor<?x4xf32>, tensor<8x8xf32>, tensor<8x8xf32>
func.func @slices(%t: tensor<8x8xf32>, %i: index, %d: index) -> (tensor<?x4xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %a = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %a2 = tensor.extract_slice %t[0, %i] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<4xf32>
  %a3 = tensor.extract_slice %t[0, %i] [%d, 4] [1, %i] {tag = 1 : i32} : tensor<8x8xf32> to tensor<?x4xf32>
  %a4 = tensor.extract_slice %t[2, 3] [1, 1] [2, 1] : tensor<8x8xf32> to tensor<1xf32>
  %b = tensor.insert_slice %a into %t[0, %i] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %b2 = tensor.insert_slice %a2 into %b[%i, 0] [1, 4] [1, 2] : tensor<4xf32> into tensor<8x8xf32>
  return %a3, %b, %b2 : tensor<?x4xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// CHECK-LABEL: func.func @dynamic_slices(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index) -> tensor<?x?xf32> {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, %arg2] [%arg2, %arg1] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[%arg2, %arg1] [%arg2, %arg1] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
// CHECK-NEXT: return %inserted_slice : tensor<?x?xf32>
func.func @dynamic_slices(%t: tensor<?x?xf32>, %i: index, %j: index) -> tensor<?x?xf32> {
  %a = tensor.extract_slice %t[%i, %j] [%j, %i] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %b = tensor.insert_slice %a into %t[%j, %i] [%j, %i] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @parallel(%arg0: tensor<8xf32>, %arg1: tensor<4xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = scf.forall (%arg2) in (2) shared_outs(%arg3 = %arg0) -> (tensor<8xf32>) {
// CHECK-NEXT:   %1 = arith.muli %arg2, %arg2 : index
// CHECK-NEXT:   scf.forall.in_parallel {
// CHECK-NEXT:     tensor.parallel_insert_slice %arg1 into %arg3[%1] [4] [1] : tensor<4xf32> into tensor<8xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<8xf32>
func.func @parallel(%t: tensor<8xf32>, %s: tensor<4xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %off = arith.muli %i, %i : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @casts(%arg0: tensor<8x8xf32>, %arg1: index, %arg2: tensor<4xi32>, %arg3: tensor<*xf32>) -> (tensor<?x8xf32>, tensor<*xf32>, tensor<4x?xf32>, index, index, index, tensor<4xf32>) {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<8x8xf32> to tensor<?x8xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %cast : tensor<?x8xf32> to tensor<*xf32>
// CHECK-NEXT: %cast_1 = tensor.cast %arg3 : tensor<*xf32> to tensor<4x?xf32>
// CHECK-NEXT: %dim = tensor.dim %arg0, %arg1 : tensor<8x8xf32>
// CHECK-NEXT: %dim_2 = tensor.dim {tag} %arg3, %arg1 : tensor<*xf32>
// CHECK-NEXT: %rank = tensor.rank %arg3 : tensor<*xf32>
// CHECK-NEXT: %0 = tensor.bitcast %arg2 : tensor<4xi32> to tensor<4xf32>
// CHECK-NEXT: return %cast, %cast_0, %cast_1, %dim, %dim_2, %rank, %0 : tensor<?x8xf32>, tensor<*xf32>, tensor<4x?xf32>, index, index, index, tensor<4xf32>
func.func @casts(%t: tensor<8x8xf32>, %i: index, %u: tensor<4xi32>, %ur: tensor<*xf32>) -> (tensor<?x8xf32>, tensor<*xf32>, tensor<4x?xf32>, index, index, index, tensor<4xf32>) {
  %c = tensor.cast %t : tensor<8x8xf32> to tensor<?x8xf32>
  %c2 = tensor.cast %c : tensor<?x8xf32> to tensor<*xf32>
  %c3 = tensor.cast %ur : tensor<*xf32> to tensor<4x?xf32>
  %dd = tensor.dim %t, %i : tensor<8x8xf32>
  %du = tensor.dim {tag} %ur, %i : tensor<*xf32>
  %r = tensor.rank %ur : tensor<*xf32>
  %b = tensor.bitcast %u : tensor<4xi32> to tensor<4xf32>
  return %c, %c2, %c3, %dd, %du, %r, %b : tensor<?x8xf32>, tensor<*xf32>, tensor<4x?xf32>, index, index, index, tensor<4xf32>
}

// CHECK-LABEL: func.func @reshapes(%arg0: tensor<2x3x4xf32>, %arg1: tensor<?xf32>, %arg2: index, %arg3: tensor<2xindex>) -> (tensor<6x4xf32>, tensor<24xf32>, tensor<2x3x4xf32>, tensor<?x2xf32>, tensor<?x?xf32>, tensor<1x1xf32>) {
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NEXT: %collapsed_0 = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %collapsed {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK-NEXT: %expanded_1 = tensor.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [%arg2, 2] : tensor<?xf32> into tensor<?x2xf32>
// CHECK-NEXT: %reshape = tensor.reshape %arg1(%arg3) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %0 = tensor.empty() : tensor<1x1xf32>
// CHECK-NEXT: %collapsed_2 = tensor.collapse_shape %0 [] : tensor<1x1xf32> into tensor<f32>
// CHECK-NEXT: %expanded_3 = tensor.expand_shape %collapsed_2 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK-NEXT: return %collapsed, %collapsed_0, %expanded, %expanded_1, %reshape, %expanded_3 : tensor<6x4xf32>, tensor<24xf32>, tensor<2x3x4xf32>, tensor<?x2xf32>, tensor<?x?xf32>, tensor<1x1xf32>
func.func @reshapes(%t: tensor<2x3x4xf32>, %s: tensor<?xf32>, %d: index, %sh: tensor<2xindex>) -> (tensor<6x4xf32>, tensor<24xf32>, tensor<2x3x4xf32>, tensor<?x2xf32>, tensor<?x?xf32>, tensor<1x1xf32>) {
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %c2 = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %e = tensor.expand_shape %c [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %e2 = tensor.expand_shape %s [[0, 1]] output_shape [%d, 2] : tensor<?xf32> into tensor<?x2xf32>
  %r = tensor.reshape %s(%sh) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %one = tensor.empty() : tensor<1x1xf32>
  %z = tensor.collapse_shape %one [] : tensor<1x1xf32> into tensor<f32>
  %o = tensor.expand_shape %z [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  return %c, %c2, %e, %e2, %r, %o : tensor<6x4xf32>, tensor<24xf32>, tensor<2x3x4xf32>, tensor<?x2xf32>, tensor<?x?xf32>, tensor<1x1xf32>
}

// CHECK-LABEL: func.func @builders(%arg0: f32, %arg1: index, %arg2: tensor<8x8xf32>, %arg3: index, %arg4: tensor<4xf32>) -> (tensor<3xf32>, tensor<?x3xf32>, tensor<11x?xf32>, tensor<11x9xf32>, tensor<4xf32>, tensor<?xf32>, tensor<8xf32>) {
// CHECK-NEXT: %from_elements = tensor.from_elements %arg0, %arg0, %arg0 : tensor<3xf32>
// CHECK-NEXT: %generated = tensor.generate %arg1 {
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT:   %0 = arith.addi %arg5, %arg6 : index
// CHECK-NEXT:   %1 = arith.index_cast %0 : index to i32
// CHECK-NEXT:   %2 = arith.sitofp %1 : i32 to f32
// CHECK-NEXT:   tensor.yield %2 : f32
// CHECK-NEXT: } : tensor<?x3xf32>
// CHECK-NEXT: %padded = tensor.pad %arg2 low[1, %arg3] high[2, 0] {
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT:   tensor.yield %arg0 : f32
// CHECK-NEXT: } : tensor<8x8xf32> to tensor<11x?xf32>
// CHECK-NEXT: %padded_0 = tensor.pad %arg2 nofold low[1, 1] high[2, 0] {
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT:   tensor.yield %arg0 : f32
// CHECK-NEXT: } {tag} : tensor<8x8xf32> to tensor<11x9xf32>
// CHECK-NEXT: %splat = tensor.splat %arg0 : tensor<4xf32>
// CHECK-NEXT: %splat_1 = tensor.splat %arg0[%arg1] : tensor<?xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg4, %splat : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %from_elements, %generated, %padded, %padded_0, %splat, %splat_1, %concat : tensor<3xf32>, tensor<?x3xf32>, tensor<11x?xf32>, tensor<11x9xf32>, tensor<4xf32>, tensor<?xf32>, tensor<8xf32>
func.func @builders(%v: f32, %d: index, %t: tensor<8x8xf32>, %i: index, %a: tensor<4xf32>) -> (tensor<3xf32>, tensor<?x3xf32>, tensor<11x?xf32>, tensor<11x9xf32>, tensor<4xf32>, tensor<?xf32>, tensor<8xf32>) {
  %fe = tensor.from_elements %v, %v, %v : tensor<3xf32>
  %g = tensor.generate %d {
  ^bb0(%p: index, %q: index):
    %s = arith.addi %p, %q : index
    %f = arith.index_cast %s : index to i32
    %x = arith.sitofp %f : i32 to f32
    tensor.yield %x : f32
  } : tensor<?x3xf32>
  %pd = tensor.pad %t low[1, %i] high[2, 0] {
  ^bb0(%p: index, %q: index):
    tensor.yield %v : f32
  } : tensor<8x8xf32> to tensor<11x?xf32>
  %pd2 = tensor.pad %t nofold low[1, 1] high[2, 0] {
  ^bb0(%p: index, %q: index):
    tensor.yield %v : f32
  } {tag} : tensor<8x8xf32> to tensor<11x9xf32>
  %sp = tensor.splat %v : tensor<4xf32>
  %sp2 = tensor.splat %v[%d] : tensor<?xf32>
  %cc = tensor.concat dim(0) %a, %sp : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %fe, %g, %pd, %pd2, %sp, %sp2, %cc : tensor<3xf32>, tensor<?x3xf32>, tensor<11x?xf32>, tensor<11x9xf32>, tensor<4xf32>, tensor<?xf32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @static_generate() -> tensor<2x2xindex> {
// CHECK-NEXT: %generated = tensor.generate  {
// CHECK-NEXT: ^bb0(%arg0: index, %arg1: index):
// CHECK-NEXT:   tensor.yield %arg1 : index
// CHECK-NEXT: } : tensor<2x2xindex>
// CHECK-NEXT: return %generated : tensor<2x2xindex>
func.func @static_generate() -> tensor<2x2xindex> {
  %g = tensor.generate {
  ^bb0(%p: index, %q: index):
    tensor.yield %q : index
  } : tensor<2x2xindex>
  return %g : tensor<2x2xindex>
}
