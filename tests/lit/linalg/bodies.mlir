// The bodies the custom forms of named ops hide, as built at parse time:
// exactly the regions mlir-opt 22 prints in the generic form (casts to the
// output element type in contractions, i1 as andi/ori, default fastmath and
// overflow flags, reciprocal through a constant, short map/reduce forms,
// the memoized maps of matvec/vecmat/dot).
// RUN: buffer-opt %s --mlir-print-op-generic | FileCheck %s
// RUN: buffer-opt %s --mlir-print-op-generic | buffer-opt --mlir-print-op-generic | FileCheck %s

// CHECK-DAG: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #map6 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #map7 = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #map8 = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #map9 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #map10 = affine_map<(d0) -> (d0)>
// CHECK-DAG: #map11 = affine_map<(d0) -> ()>

// CHECK-LABEL: sym_name = "matmul_f32"
// CHECK-NEXT: ^bb0(%arg100: tensor<4x8xf32>, %arg101: tensor<8x16xf32>, %arg102: tensor<4x16xf32>):
// CHECK-NEXT: %61 = "linalg.matmul"(%arg100, %arg101, %arg102) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg103: f32, %arg104: f32, %arg105: f32):
// CHECK-NEXT: %62 = "arith.mulf"(%arg103, %arg104) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %63 = "arith.addf"(%arg105, %62) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%63) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
func.func @matmul_f32(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// CHECK-LABEL: sym_name = "matmul_i8_i32"
// CHECK-NEXT: ^bb0(%arg94: tensor<4x8xi8>, %arg95: tensor<8x16xi8>, %arg96: tensor<4x16xi32>):
// CHECK-NEXT: %56 = "linalg.matmul"(%arg94, %arg95, %arg96) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg97: i8, %arg98: i8, %arg99: i32):
// CHECK-NEXT: %57 = "arith.extsi"(%arg97) : (i8) -> i32
// CHECK-NEXT: %58 = "arith.extsi"(%arg98) : (i8) -> i32
// CHECK-NEXT: %59 = "arith.muli"(%57, %58) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %60 = "arith.addi"(%arg99, %59) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%60) : (i32) -> ()
// CHECK-NEXT: }) : (tensor<4x8xi8>, tensor<8x16xi8>, tensor<4x16xi32>) -> tensor<4x16xi32>
func.func @matmul_i8_i32(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>, %c: tensor<4x16xi32>) -> tensor<4x16xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x16xi8>) outs(%c : tensor<4x16xi32>) -> tensor<4x16xi32>
  return %0 : tensor<4x16xi32>
}

// CHECK-LABEL: sym_name = "matmul_unsigned"
// CHECK-NEXT: ^bb0(%arg88: tensor<4x8xi8>, %arg89: tensor<8x16xf32>, %arg90: tensor<4x16xf32>):
// CHECK-NEXT: %52 = "linalg.matmul"(%arg88, %arg89, %arg90) <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg91: i8, %arg92: f32, %arg93: f32):
// CHECK-NEXT: %53 = "arith.uitofp"(%arg91) : (i8) -> f32
// CHECK-NEXT: %54 = "arith.mulf"(%53, %arg92) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %55 = "arith.addf"(%arg93, %54) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%55) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<4x8xi8>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
func.func @matmul_unsigned(%a: tensor<4x8xi8>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<4x8xi8>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// CHECK-LABEL: sym_name = "matmul_f16_f32"
// CHECK-NEXT: ^bb0(%arg82: memref<4x8xf16>, %arg83: memref<8x16xf16>, %arg84: memref<4x16xf32>):
// CHECK-NEXT: "linalg.matmul"(%arg82, %arg83, %arg84) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg85: f16, %arg86: f16, %arg87: f32):
// CHECK-NEXT: %48 = "arith.extf"(%arg85) : (f16) -> f32
// CHECK-NEXT: %49 = "arith.extf"(%arg86) : (f16) -> f32
// CHECK-NEXT: %50 = "arith.mulf"(%48, %49) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %51 = "arith.addf"(%arg87, %50) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%51) : (f32) -> ()
// CHECK-NEXT: }) : (memref<4x8xf16>, memref<8x16xf16>, memref<4x16xf32>) -> ()
func.func @matmul_f16_f32(%a: memref<4x8xf16>, %b: memref<8x16xf16>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf16>, memref<8x16xf16>) outs(%c : memref<4x16xf32>)
  return
}

// CHECK-LABEL: sym_name = "matmul_f64_f32"
// CHECK-NEXT: ^bb0(%arg76: memref<4x8xf64>, %arg77: memref<8x16xi64>, %arg78: memref<4x16xf32>):
// CHECK-NEXT: "linalg.matmul"(%arg76, %arg77, %arg78) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg79: f64, %arg80: i64, %arg81: f32):
// CHECK-NEXT: %44 = "arith.truncf"(%arg79) : (f64) -> f32
// CHECK-NEXT: %45 = "arith.sitofp"(%arg80) : (i64) -> f32
// CHECK-NEXT: %46 = "arith.mulf"(%44, %45) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: %47 = "arith.addf"(%arg81, %46) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%47) : (f32) -> ()
// CHECK-NEXT: }) : (memref<4x8xf64>, memref<8x16xi64>, memref<4x16xf32>) -> ()
func.func @matmul_f64_f32(%a: memref<4x8xf64>, %b: memref<8x16xi64>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf64>, memref<8x16xi64>) outs(%c : memref<4x16xf32>)
  return
}

// CHECK-LABEL: sym_name = "matmul_i1"
// CHECK-NEXT: ^bb0(%arg70: tensor<4x8xi1>, %arg71: tensor<8x16xi1>, %arg72: tensor<4x16xi1>):
// CHECK-NEXT: %41 = "linalg.matmul"(%arg70, %arg71, %arg72) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg73: i1, %arg74: i1, %arg75: i1):
// CHECK-NEXT: %42 = "arith.andi"(%arg73, %arg74) : (i1, i1) -> i1
// CHECK-NEXT: %43 = "arith.ori"(%arg75, %42) : (i1, i1) -> i1
// CHECK-NEXT: "linalg.yield"(%43) : (i1) -> ()
// CHECK-NEXT: }) : (tensor<4x8xi1>, tensor<8x16xi1>, tensor<4x16xi1>) -> tensor<4x16xi1>
func.func @matmul_i1(%a: tensor<4x8xi1>, %b: tensor<8x16xi1>, %c: tensor<4x16xi1>) -> tensor<4x16xi1> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi1>, tensor<8x16xi1>) outs(%c : tensor<4x16xi1>) -> tensor<4x16xi1>
  return %0 : tensor<4x16xi1>
}

// CHECK-LABEL: sym_name = "matmul_i64_f64"
// CHECK-NEXT: ^bb0(%arg64: tensor<4x8xf64>, %arg65: tensor<8x16xi32>, %arg66: tensor<4x16xi64>):
// CHECK-NEXT: %36 = "linalg.matmul"(%arg64, %arg65, %arg66) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg67: f64, %arg68: i32, %arg69: i64):
// CHECK-NEXT: %37 = "arith.fptosi"(%arg67) : (f64) -> i64
// CHECK-NEXT: %38 = "arith.extsi"(%arg68) : (i32) -> i64
// CHECK-NEXT: %39 = "arith.muli"(%37, %38) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
// CHECK-NEXT: %40 = "arith.addi"(%arg69, %39) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
// CHECK-NEXT: "linalg.yield"(%40) : (i64) -> ()
// CHECK-NEXT: }) : (tensor<4x8xf64>, tensor<8x16xi32>, tensor<4x16xi64>) -> tensor<4x16xi64>
func.func @matmul_i64_f64(%a: tensor<4x8xf64>, %b: tensor<8x16xi32>, %c: tensor<4x16xi64>) -> tensor<4x16xi64> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf64>, tensor<8x16xi32>) outs(%c : tensor<4x16xi64>) -> tensor<4x16xi64>
  return %0 : tensor<4x16xi64>
}

// CHECK-LABEL: sym_name = "batch_matmul_i32"
// CHECK-NEXT: ^bb0(%arg58: tensor<2x4x8xi32>, %arg59: tensor<2x8x16xi32>, %arg60: tensor<2x4x16xi32>):
// CHECK-NEXT: %33 = "linalg.batch_matmul"(%arg58, %arg59, %arg60) <{indexing_maps = [#map3, #map4, #map5], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg61: i32, %arg62: i32, %arg63: i32):
// CHECK-NEXT: %34 = "arith.muli"(%arg61, %arg62) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: %35 = "arith.addi"(%arg63, %34) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%35) : (i32) -> ()
// CHECK-NEXT: }) : (tensor<2x4x8xi32>, tensor<2x8x16xi32>, tensor<2x4x16xi32>) -> tensor<2x4x16xi32>
func.func @batch_matmul_i32(%a: tensor<2x4x8xi32>, %b: tensor<2x8x16xi32>, %c: tensor<2x4x16xi32>) -> tensor<2x4x16xi32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xi32>, tensor<2x8x16xi32>) outs(%c : tensor<2x4x16xi32>) -> tensor<2x4x16xi32>
  return %0 : tensor<2x4x16xi32>
}

// CHECK-LABEL: sym_name = "matvec_f64"
// CHECK-NEXT: ^bb0(%arg52: tensor<4x8xf64>, %arg53: tensor<8xf64>, %arg54: tensor<4xf64>):
// CHECK-NEXT: %30 = "linalg.matvec"(%arg52, %arg53, %arg54) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg55: f64, %arg56: f64, %arg57: f64):
// CHECK-NEXT: %31 = "arith.mulf"(%arg55, %arg56) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
// CHECK-NEXT: %32 = "arith.addf"(%arg57, %31) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
// CHECK-NEXT: "linalg.yield"(%32) : (f64) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#map6, #map7, #map8]} : (tensor<4x8xf64>, tensor<8xf64>, tensor<4xf64>) -> tensor<4xf64>
func.func @matvec_f64(%a: tensor<4x8xf64>, %x: tensor<8xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
  %0 = linalg.matvec ins(%a, %x : tensor<4x8xf64>, tensor<8xf64>) outs(%y : tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// CHECK-LABEL: sym_name = "vecmat_dot"
// CHECK-NEXT: ^bb0(%arg42: tensor<4x8xi64>, %arg43: tensor<4xi64>, %arg44: tensor<8xi64>, %arg45: tensor<i64>):
// CHECK-NEXT: %24 = "linalg.vecmat"(%arg43, %arg42, %arg44) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg49: i64, %arg50: i64, %arg51: i64):
// CHECK-NEXT: %28 = "arith.muli"(%arg49, %arg50) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
// CHECK-NEXT: %29 = "arith.addi"(%arg51, %28) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
// CHECK-NEXT: "linalg.yield"(%29) : (i64) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#map7, #map9, #map8]} : (tensor<4xi64>, tensor<4x8xi64>, tensor<8xi64>) -> tensor<8xi64>
// CHECK-NEXT: %25 = "linalg.dot"(%arg44, %arg44, %arg45) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg46: i64, %arg47: i64, %arg48: i64):
// CHECK-NEXT: %26 = "arith.muli"(%arg46, %arg47) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
// CHECK-NEXT: %27 = "arith.addi"(%arg48, %26) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
// CHECK-NEXT: "linalg.yield"(%27) : (i64) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#map10, #map10, #map11]} : (tensor<8xi64>, tensor<8xi64>, tensor<i64>) -> tensor<i64>
func.func @vecmat_dot(%a: tensor<4x8xi64>, %x: tensor<4xi64>, %y: tensor<8xi64>, %s: tensor<i64>) -> (tensor<8xi64>, tensor<i64>) {
  %0 = linalg.vecmat ins(%x, %a : tensor<4xi64>, tensor<4x8xi64>) outs(%y : tensor<8xi64>) -> tensor<8xi64>
  %1 = linalg.dot ins(%y, %y : tensor<8xi64>, tensor<8xi64>) outs(%s : tensor<i64>) -> tensor<i64>
  return %0, %1 : tensor<8xi64>, tensor<i64>
}

// CHECK-LABEL: sym_name = "fill_copy_transpose_broadcast"
// CHECK-NEXT: ^bb0(%arg30: f64, %arg31: tensor<4x8xf64>, %arg32: tensor<8x4xf64>, %arg33: tensor<4x3x8xf64>):
// CHECK-NEXT: %20 = "linalg.fill"(%arg30, %arg31) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg40: f64, %arg41: f64):
// CHECK-NEXT: "linalg.yield"(%arg40) : (f64) -> ()
// CHECK-NEXT: }) : (f64, tensor<4x8xf64>) -> tensor<4x8xf64>
// CHECK-NEXT: %21 = "linalg.copy"(%20, %arg31) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg38: f64, %arg39: f64):
// CHECK-NEXT: "linalg.yield"(%arg38) : (f64) -> ()
// CHECK-NEXT: }) : (tensor<4x8xf64>, tensor<4x8xf64>) -> tensor<4x8xf64>
// CHECK-NEXT: %22 = "linalg.transpose"(%21, %arg32) <{permutation = array<i64: 1, 0>}> ({
// CHECK-NEXT: ^bb0(%arg36: f64, %arg37: f64):
// CHECK-NEXT: "linalg.yield"(%arg36) : (f64) -> ()
// CHECK-NEXT: }) : (tensor<4x8xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
// CHECK-NEXT: %23 = "linalg.broadcast"(%21, %arg33) <{dimensions = array<i64: 1>}> ({
// CHECK-NEXT: ^bb0(%arg34: f64, %arg35: f64):
// CHECK-NEXT: "linalg.yield"(%arg34) : (f64) -> ()
// CHECK-NEXT: }) : (tensor<4x8xf64>, tensor<4x3x8xf64>) -> tensor<4x3x8xf64>
func.func @fill_copy_transpose_broadcast(%v: f64, %a: tensor<4x8xf64>, %t: tensor<8x4xf64>, %b: tensor<4x3x8xf64>) -> (tensor<4x8xf64>, tensor<4x8xf64>, tensor<8x4xf64>, tensor<4x3x8xf64>) {
  %0 = linalg.fill ins(%v : f64) outs(%a : tensor<4x8xf64>) -> tensor<4x8xf64>
  %1 = linalg.copy ins(%0 : tensor<4x8xf64>) outs(%a : tensor<4x8xf64>) -> tensor<4x8xf64>
  %2 = linalg.transpose ins(%1 : tensor<4x8xf64>) outs(%t : tensor<8x4xf64>) permutation = [1, 0]
  %3 = linalg.broadcast ins(%1 : tensor<4x8xf64>) outs(%b : tensor<4x3x8xf64>) dimensions = [1]
  return %0, %1, %2, %3 : tensor<4x8xf64>, tensor<4x8xf64>, tensor<8x4xf64>, tensor<4x3x8xf64>
}

// CHECK-LABEL: sym_name = "elementwise_bodies"
// CHECK-NEXT: ^bb0(%arg11: tensor<4xf32>, %arg12: tensor<4xi64>, %arg13: tensor<4xi1>):
// CHECK-NEXT: %6 = "linalg.reciprocal"(%arg11, %arg11) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg28: f32, %arg29: f32):
// CHECK-NEXT: %18 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT: %19 = "arith.divf"(%18, %arg28) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%19) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = "linalg.square"(%arg11, %arg11) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg26: f32, %arg27: f32):
// CHECK-NEXT: %17 = "arith.mulf"(%arg26, %arg26) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%17) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = "linalg.add"(%arg13, %arg13, %arg13) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg23: i1, %arg24: i1, %arg25: i1):
// CHECK-NEXT: %16 = "arith.ori"(%arg23, %arg24) : (i1, i1) -> i1
// CHECK-NEXT: "linalg.yield"(%16) : (i1) -> ()
// CHECK-NEXT: }) : (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT: %9 = "linalg.select"(%arg13, %arg12, %arg12, %arg12) <{operandSegmentSizes = array<i32: 3, 1>}> ({
// CHECK-NEXT: ^bb0(%arg19: i1, %arg20: i64, %arg21: i64, %arg22: i64):
// CHECK-NEXT: %15 = "arith.select"(%arg19, %arg20, %arg21) : (i1, i64, i64) -> i64
// CHECK-NEXT: "linalg.yield"(%15) : (i64) -> ()
// CHECK-NEXT: }) : (tensor<4xi1>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: %10 = "linalg.elementwise"(%arg11, %arg11) <{indexing_maps = [#map10, #map10], kind = #linalg.elementwise_kind<reciprocal>, operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg17: f32, %arg18: f32):
// CHECK-NEXT: %13 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT: %14 = "arith.divf"(%13, %arg17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%14) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %11 = "linalg.max"(%arg11, %arg11, %arg11) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%arg14: f32, %arg15: f32, %arg16: f32):
// CHECK-NEXT: %12 = "arith.maximumf"(%arg14, %arg15) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%12) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @elementwise_bodies(%a: tensor<4xf32>, %i: tensor<4xi64>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi64>, tensor<4xf32>, tensor<4xf32>) {
  %0 = linalg.reciprocal ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.square ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.add ins(%p, %p : tensor<4xi1>, tensor<4xi1>) outs(%p : tensor<4xi1>) -> tensor<4xi1>
  %3 = linalg.select ins(%p, %i, %i : tensor<4xi1>, tensor<4xi64>, tensor<4xi64>) outs(%i : tensor<4xi64>) -> tensor<4xi64>
  %4 = linalg.elementwise kind=#linalg.elementwise_kind<reciprocal> ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %5 = linalg.max ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi64>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: sym_name = "short_forms"
// CHECK-NEXT: ^bb0(%arg0: tensor<4x5xi32>, %arg1: tensor<4xi32>, %arg2: tensor<4x5xf32>, %arg3: tensor<5xf32>):
// CHECK-NEXT: %0 = "linalg.map"(%arg0, %arg0, %arg0) ({
// CHECK-NEXT: ^bb0(%arg8: i32, %arg9: i32, %arg10: i32):
// CHECK-NEXT: %5 = "arith.addi"(%arg8, %arg9) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%5) : (i32) -> ()
// CHECK-NEXT: }) : (tensor<4x5xi32>, tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
// CHECK-NEXT: %1 = "linalg.reduce"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({
// CHECK-NEXT: ^bb0(%arg6: i32, %arg7: i32):
// CHECK-NEXT: %4 = "arith.maxsi"(%arg7, %arg6) : (i32, i32) -> i32
// CHECK-NEXT: "linalg.yield"(%4) : (i32) -> ()
// CHECK-NEXT: }) : (tensor<4x5xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %2 = "linalg.reduce"(%arg2, %arg3) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT: ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT: %3 = "arith.addf"(%arg5, %arg4) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT: "linalg.yield"(%3) : (f32) -> ()
// CHECK-NEXT: }) : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<5xf32>
func.func @short_forms(%a: tensor<4x5xi32>, %r: tensor<4xi32>, %x: tensor<4x5xf32>, %y: tensor<5xf32>) -> (tensor<4x5xi32>, tensor<4xi32>, tensor<5xf32>) {
  %0 = linalg.map { arith.addi } ins(%a, %a : tensor<4x5xi32>, tensor<4x5xi32>) outs(%a : tensor<4x5xi32>)
  %1 = linalg.reduce { arith.maxsi } ins(%a : tensor<4x5xi32>) outs(%r : tensor<4xi32>) dimensions = [1]
  %2 = linalg.reduce { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%x : tensor<4x5xf32>) outs(%y : tensor<5xf32>) dimensions = [0]
  return %0, %1, %2 : tensor<4x5xi32>, tensor<4xi32>, tensor<5xf32>
}
