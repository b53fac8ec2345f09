// Round trip of every linalg op's custom form (tensor and memref operands,
// short and long map/reduce bodies, attribute dictionaries, result and body
// argument names), also through the generic form.
// RUN: buffer-opt %s | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt | FileCheck %s

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #map2 = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>

#id1 = affine_map<(d0) -> (d0)>
#mat = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#tA = affine_map<(d0, d1, d2) -> (d2, d0)>
#mB = affine_map<(d0, d1, d2) -> (d2, d1)>
#mC = affine_map<(d0, d1, d2) -> (d0, d1)>

// CHECK-LABEL: func.func @generic(%arg0: tensor<3x5xf32>, %arg1: tensor<3xf32>, %arg2: memref<3x5xf32>) -> (tensor<3xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<3x5xf32>) outs(%arg1 : tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %2 = arith.addf %in, %out : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: } -> tensor<3xf32>
// CHECK-NEXT: %1:2 = linalg.generic {doc = "two outputs", indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"], library_call = "lib_fn"} ins(%arg0 : tensor<3x5xf32>) outs(%arg0, %arg0 : tensor<3x5xf32>, tensor<3x5xf32>) attrs =  {my.tag = 7 : i32} {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32, %out_0: f32):
// CHECK-NEXT: %2 = linalg.index 1 : index
// CHECK-NEXT: %3 = arith.index_cast %2 : index to i32
// CHECK-NEXT: %4 = arith.sitofp %3 : i32 to f32
// CHECK-NEXT: %5 = math.exp %in : f32
// CHECK-NEXT: linalg.yield %5, %4 : f32, f32
// CHECK-NEXT: } -> (tensor<3x5xf32>, tensor<3x5xf32>)
// CHECK-NEXT: linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%arg2 : memref<3x5xf32>) {
// CHECK-NEXT: ^bb0(%out: f32):
// CHECK-NEXT: %2 = arith.negf %out : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1#0, %1#1 : tensor<3xf32>, tensor<3x5xf32>, tensor<3x5xf32>
// CHECK-NEXT: }
func.func @generic(%x: tensor<3x5xf32>, %r: tensor<3xf32>, %m: memref<3x5xf32>) -> (tensor<3xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %0 = linalg.generic {indexing_maps = [#mat, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<3x5xf32>) outs(%r : tensor<3xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  %1:2 = linalg.generic {indexing_maps = [#mat, #mat, #mat], iterator_types = ["parallel", "parallel"], doc = "two outputs", library_call = "lib_fn"} ins(%x : tensor<3x5xf32>) outs(%x, %x : tensor<3x5xf32>, tensor<3x5xf32>) attrs = {my.tag = 7 : i32} {
  ^bb0(%a: f32, %o: f32, %p: f32):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i32
    %f = arith.sitofp %c : i32 to f32
    %e = math.exp %a : f32
    linalg.yield %e, %f : f32, f32
  } -> (tensor<3x5xf32>, tensor<3x5xf32>)
  linalg.generic {indexing_maps = [#mat], iterator_types = ["parallel", "parallel"]} outs(%m : memref<3x5xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  }
  return %0, %1#0, %1#1 : tensor<3xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// CHECK-LABEL: func.func @map_reduce(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xi32>, %arg3: tensor<4x5xf32>, %arg4: tensor<4xf32>, %arg5: memref<4x5xf32>, %arg6: memref<4xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: %mapped = linalg.map { math.exp } ins(%arg0 : tensor<4x5xf32>) outs(%arg3 : tensor<4x5xf32>)
// CHECK-NEXT: %mapped_0 = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%arg0, %arg1 : tensor<4x5xf32>, tensor<4x5xf32>) outs(%arg3 : tensor<4x5xf32>) {my.tag}
// CHECK-NEXT: %mapped_1 = linalg.map ins(%arg0 : tensor<4x5xf32>) outs(%arg3 : tensor<4x5xf32>)
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.addf %in, %init : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %mapped_2 = linalg.map { arith.muli {overflowFlags = #arith.overflow<none>} } ins(%arg2, %arg2 : tensor<4x5xi32>, tensor<4x5xi32>) outs(%arg2 : tensor<4x5xi32>)
// CHECK-NEXT: linalg.map { math.sqrt } ins(%arg5 : memref<4x5xf32>) outs(%arg5 : memref<4x5xf32>)
// CHECK-NEXT: %reduced = linalg.reduce { arith.maximumf } ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT: %reduced_3 = linalg.reduce ins(%arg0 : tensor<4x5xf32>) outs(%arg4 : tensor<4xf32>) dimensions = [1]  {my.tag}
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.mulf %in, %in : f32
// CHECK-NEXT: %1 = arith.addf %0, %init : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.reduce { arith.addf } ins(%arg5 : memref<4x5xf32>) outs(%arg6 : memref<4xf32>) dimensions = [1]
// CHECK-NEXT: return %mapped, %mapped_0, %mapped_1, %mapped_2, %reduced, %reduced_3 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
func.func @map_reduce(%x: tensor<4x5xf32>, %y: tensor<4x5xf32>, %i: tensor<4x5xi32>, %e: tensor<4x5xf32>, %r: tensor<4xf32>, %mx: memref<4x5xf32>, %mr: memref<4xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = linalg.map { math.exp } ins(%x : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>)
  %1 = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%x, %y : tensor<4x5xf32>, tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) {my.tag}
  %2 = linalg.map ins(%x : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) (%in: f32, %init: f32) {
    %s = arith.addf %in, %init : f32
    linalg.yield %s : f32
  }
  %3 = linalg.map { arith.muli } ins(%i, %i : tensor<4x5xi32>, tensor<4x5xi32>) outs(%i : tensor<4x5xi32>)
  linalg.map { math.sqrt } ins(%mx : memref<4x5xf32>) outs(%mx : memref<4x5xf32>)
  %4 = linalg.reduce { arith.maximumf } ins(%x : tensor<4x5xf32>) outs(%r : tensor<4xf32>) dimensions = [1]
  %5 = linalg.reduce ins(%x : tensor<4x5xf32>) outs(%r : tensor<4xf32>) dimensions = [1] {my.tag} (%in: f32, %acc: f32) {
    %m = arith.mulf %in, %in : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  }
  linalg.reduce { arith.addf } ins(%mx : memref<4x5xf32>) outs(%mr : memref<4xf32>) dimensions = [1]
  return %0, %1, %2, %3, %4, %5 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @shape_ops(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4x8x3xf32>, %arg3: memref<4x8xf32>, %arg4: memref<8x4xf32>, %arg5: f32, %arg6: tensor<4x8xf32>) -> (tensor<8x4xf32>, tensor<4x8x3xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
// CHECK-NEXT: %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8x4xf32>) permutation = [1, 0]
// CHECK-NEXT: %broadcasted = linalg.broadcast ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8x3xf32>) dimensions = [2]  {my.tag = "x"}
// CHECK-NEXT: linalg.transpose ins(%arg3 : memref<4x8xf32>) outs(%arg4 : memref<8x4xf32>) permutation = [1, 0]
// CHECK-NEXT: %0 = linalg.fill ins(%arg5 : f32) outs(%arg6 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: linalg.fill ins(%arg5 : f32) outs(%arg3 : memref<4x8xf32>)
// CHECK-NEXT: %1 = linalg.copy ins(%arg0 : tensor<4x8xf32>) outs(%arg6 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: linalg.copy ins(%arg3 : memref<4x8xf32>) outs(%arg3 : memref<4x8xf32>)
// CHECK-NEXT: return %transposed, %broadcasted, %0, %1 : tensor<8x4xf32>, tensor<4x8x3xf32>, tensor<4x8xf32>, tensor<4x8xf32>
// CHECK-NEXT: }
func.func @shape_ops(%a: tensor<4x8xf32>, %t: tensor<8x4xf32>, %b: tensor<4x8x3xf32>, %ma: memref<4x8xf32>, %mt: memref<8x4xf32>, %v: f32, %c: tensor<4x8xf32>) -> (tensor<8x4xf32>, tensor<4x8x3xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0]
  %1 = linalg.broadcast ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8x3xf32>) dimensions = [2] {my.tag = "x"}
  linalg.transpose ins(%ma : memref<4x8xf32>) outs(%mt : memref<8x4xf32>) permutation = [1, 0]
  %2 = linalg.fill ins(%v : f32) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  linalg.fill ins(%v : f32) outs(%ma : memref<4x8xf32>)
  %3 = linalg.copy ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  linalg.copy ins(%ma : memref<4x8xf32>) outs(%ma : memref<4x8xf32>)
  return %0, %1, %2, %3 : tensor<8x4xf32>, tensor<4x8x3xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @contractions(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: tensor<8x4xf32>, %arg4: tensor<2x4x8xf32>, %arg5: tensor<2x8x16xf32>, %arg6: tensor<2x4x16xf32>, %arg7: tensor<8xf32>, %arg8: tensor<4xf32>, %arg9: tensor<f32>, %arg10: tensor<4x8xi8>, %arg11: tensor<8x16xi8>, %arg12: tensor<4x16xi32>, %arg13: memref<4x8xf16>, %arg14: memref<8x16xf16>, %arg15: memref<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<2x4x16xf32>, tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<4x16xi32>, tensor<4x16xi32>) {
// CHECK-NEXT: %0 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %1 = linalg.matmul indexing_maps = [#map2, #map3, #map4] ins(%arg3, %arg1 : tensor<8x4xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %2 = linalg.batch_matmul ins(%arg4, %arg5 : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%arg6 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
// CHECK-NEXT: %3 = linalg.matvec ins(%arg0, %arg7 : tensor<4x8xf32>, tensor<8xf32>) outs(%arg8 : tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %4 = linalg.vecmat ins(%arg8, %arg0 : tensor<4xf32>, tensor<4x8xf32>) outs(%arg7 : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %5 = linalg.dot ins(%arg7, %arg7 : tensor<8xf32>, tensor<8xf32>) outs(%arg9 : tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %6 = linalg.matmul ins(%arg10, %arg11 : tensor<4x8xi8>, tensor<8x16xi8>) outs(%arg12 : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK-NEXT: %7 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%arg10, %arg11 : tensor<4x8xi8>, tensor<8x16xi8>) outs(%arg12 : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK-NEXT: linalg.matmul ins(%arg13, %arg14 : memref<4x8xf16>, memref<8x16xf16>) outs(%arg15 : memref<4x16xf32>)
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<2x4x16xf32>, tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<4x16xi32>, tensor<4x16xi32>
// CHECK-NEXT: }
func.func @contractions(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %at: tensor<8x4xf32>, %ba: tensor<2x4x8xf32>, %bb: tensor<2x8x16xf32>, %bc: tensor<2x4x16xf32>, %v8: tensor<8xf32>, %v4: tensor<4xf32>, %s: tensor<f32>, %ai: tensor<4x8xi8>, %bi: tensor<8x16xi8>, %ci: tensor<4x16xi32>, %mh: memref<4x8xf16>, %mb: memref<8x16xf16>, %mc: memref<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<2x4x16xf32>, tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<4x16xi32>, tensor<4x16xi32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.matmul indexing_maps = [#tA, #mB, #mC] ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %2 = linalg.batch_matmul ins(%ba, %bb : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%bc : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %3 = linalg.matvec ins(%a, %v8 : tensor<4x8xf32>, tensor<8xf32>) outs(%v4 : tensor<4xf32>) -> tensor<4xf32>
  %4 = linalg.vecmat ins(%v4, %a : tensor<4xf32>, tensor<4x8xf32>) outs(%v8 : tensor<8xf32>) -> tensor<8xf32>
  %5 = linalg.dot ins(%v8, %v8 : tensor<8xf32>, tensor<8xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  %6 = linalg.matmul ins(%ai, %bi : tensor<4x8xi8>, tensor<8x16xi8>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
  %7 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%ai, %bi : tensor<4x8xi8>, tensor<8x16xi8>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
  linalg.matmul ins(%mh, %mb : memref<4x8xf16>, memref<8x16xf16>) outs(%mc : memref<4x16xf32>)
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<2x4x16xf32>, tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<4x16xi32>, tensor<4x16xi32>
}

// CHECK-LABEL: func.func @elementwise(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<4x8xi32>, %arg4: tensor<4x8xi32>, %arg5: tensor<4x8xi1>, %arg6: memref<4x8xf32>) {
// CHECK-NEXT: %0 = linalg.exp ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %1 = linalg.log ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %2 = linalg.abs ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %3 = linalg.ceil ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %4 = linalg.floor ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %5 = linalg.negf ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %6 = linalg.reciprocal ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %7 = linalg.round ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %8 = linalg.sqrt ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %9 = linalg.rsqrt ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %10 = linalg.square ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %11 = linalg.tanh ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %12 = linalg.erf ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %13 = linalg.add ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %14 = linalg.sub ins(%arg3, %arg3 : tensor<4x8xi32>, tensor<4x8xi32>) outs(%arg4 : tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT: %15 = linalg.mul {my.tag} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %16 = linalg.div ins(%arg3, %arg3 : tensor<4x8xi32>, tensor<4x8xi32>) outs(%arg4 : tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT: %17 = linalg.div_unsigned ins(%arg3, %arg3 : tensor<4x8xi32>, tensor<4x8xi32>) outs(%arg4 : tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT: %18 = linalg.max ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %19 = linalg.min ins(%arg3, %arg3 : tensor<4x8xi32>, tensor<4x8xi32>) outs(%arg4 : tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT: %20 = linalg.powf ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %21 = linalg.select ins(%arg5, %arg0, %arg1 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %22 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%arg0 : tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %23 = linalg.elementwise kind=#linalg.elementwise_kind<max_unsigned> ins(%arg3, %arg3 : tensor<4x8xi32>, tensor<4x8xi32>) outs(%arg4 : tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT: linalg.add ins(%arg6, %arg6 : memref<4x8xf32>, memref<4x8xf32>) outs(%arg6 : memref<4x8xf32>)
// CHECK-NEXT: linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%arg6, %arg6 : memref<4x8xf32>, memref<4x8xf32>) outs(%arg6 : memref<4x8xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @elementwise(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>, %i: tensor<4x8xi32>, %ci: tensor<4x8xi32>, %p: tensor<4x8xi1>, %m: memref<4x8xf32>) {
  %0 = linalg.exp ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.log ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.abs ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.ceil ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = linalg.floor ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = linalg.negf ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = linalg.reciprocal ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %7 = linalg.round ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %8 = linalg.sqrt ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %9 = linalg.rsqrt ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %10 = linalg.square ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %11 = linalg.tanh ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %12 = linalg.erf ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %13 = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %14 = linalg.sub ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%ci : tensor<4x8xi32>) -> tensor<4x8xi32>
  %15 = linalg.mul {my.tag} ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %16 = linalg.div ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%ci : tensor<4x8xi32>) -> tensor<4x8xi32>
  %17 = linalg.div_unsigned ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%ci : tensor<4x8xi32>) -> tensor<4x8xi32>
  %18 = linalg.max ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %19 = linalg.min ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%ci : tensor<4x8xi32>) -> tensor<4x8xi32>
  %20 = linalg.powf ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %21 = linalg.select ins(%p, %a, %b : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %22 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  %23 = linalg.elementwise kind=#linalg.elementwise_kind<max_unsigned> ins(%i, %i : tensor<4x8xi32>, tensor<4x8xi32>) outs(%ci : tensor<4x8xi32>) -> tensor<4x8xi32>
  linalg.add ins(%m, %m : memref<4x8xf32>, memref<4x8xf32>) outs(%m : memref<4x8xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%m, %m : memref<4x8xf32>, memref<4x8xf32>) outs(%m : memref<4x8xf32>)
  return
}
