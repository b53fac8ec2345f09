#map = affine_map<(d0, d1, d2) -> (d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[7.000000e+00, 8.000000e+00, 9.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 0.000000e+00, -1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x2xi8 : memref<3x2xi8> = dense<[[2, 3], [4, -5], [-6, 7]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xi8 : memref<2x3xi8> = dense<[[100, -100, 7], [127, -128, 1]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x2xf32 : memref<4x2xf32> = dense<[[1.000000e+00, -1.000000e+00], [5.000000e-01, 2.000000e+00], [0.000000e+00, 1.000000e+00], [-1.000000e+00, 2.500000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x3xf32 : memref<4x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00, 9.000000e+00], [1.000000e+01, 1.100000e+01, 1.200000e+01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xi1 : memref<2x3xi1> = dense<[[true, false, true], [false, false, true]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xf32_0 : memref<2x3xf32> = dense<[[2.000000e+00, 4.000000e+00, -1.000000e+00], [5.000000e-01, 2.000000e+00, 8.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<[[1.500000e+00, -2.000000e+00, 3.000000e+00], [4.000000e+00, -5.500000e+00, 6.250000e+00]]> {alignment = 64 : i64}
  func.func @elementwise(%arg0: memref<2x3xf32>, %arg1: memref<2x3xf32>) -> memref<12x2x3xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.sub ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_0 : memref<2x3xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.mul ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_1 : memref<2x3xf32>)
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.div ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_2 : memref<2x3xf32>)
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.max ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_3 : memref<2x3xf32>)
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.min ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_4 : memref<2x3xf32>)
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.abs ins(%alloc_0 : memref<2x3xf32>) outs(%alloc_5 : memref<2x3xf32>)
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.negf ins(%arg0 : memref<2x3xf32>) outs(%alloc_6 : memref<2x3xf32>)
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.sqrt ins(%alloc_5 : memref<2x3xf32>) outs(%alloc_7 : memref<2x3xf32>)
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.floor ins(%alloc_2 : memref<2x3xf32>) outs(%alloc_8 : memref<2x3xf32>)
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.ceil ins(%alloc_2 : memref<2x3xf32>) outs(%alloc_9 : memref<2x3xf32>)
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.square ins(%arg1 : memref<2x3xf32>) outs(%alloc_10 : memref<2x3xf32>)
    linalg.reciprocal ins(%arg1 : memref<2x3xf32>) outs(%alloc : memref<2x3xf32>)
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<12x2x3xf32>
    %subview = memref.subview %alloc_11[0, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1]>>
    memref.copy %alloc_0, %subview : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1]>>
    %subview_12 = memref.subview %alloc_11[1, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 6>>
    memref.copy %alloc_1, %subview_12 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 6>>
    %subview_13 = memref.subview %alloc_11[2, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 12>>
    memref.copy %alloc_2, %subview_13 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 12>>
    %subview_14 = memref.subview %alloc_11[3, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 18>>
    memref.copy %alloc_3, %subview_14 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 18>>
    %subview_15 = memref.subview %alloc_11[4, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 24>>
    memref.copy %alloc_4, %subview_15 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 24>>
    %subview_16 = memref.subview %alloc_11[5, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 30>>
    memref.copy %alloc_5, %subview_16 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 30>>
    %subview_17 = memref.subview %alloc_11[6, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 36>>
    memref.copy %alloc_6, %subview_17 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 36>>
    %subview_18 = memref.subview %alloc_11[7, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 42>>
    memref.copy %alloc_7, %subview_18 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 42>>
    %subview_19 = memref.subview %alloc_11[8, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 48>>
    memref.copy %alloc_8, %subview_19 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 48>>
    %subview_20 = memref.subview %alloc_11[9, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 54>>
    memref.copy %alloc_9, %subview_20 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 54>>
    %subview_21 = memref.subview %alloc_11[10, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 60>>
    memref.copy %alloc_10, %subview_21 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 60>>
    %subview_22 = memref.subview %alloc_11[11, 0, 0] [1, 2, 3] [1, 1, 1] : memref<12x2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 66>>
    memref.copy %alloc, %subview_22 : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 66>>
    return %alloc_11 : memref<12x2x3xf32>
  }
  func.func @select_and_kinds(%arg0: memref<2x3xi1>, %arg1: memref<2x3xf32>, %arg2: memref<2x3xf32>) -> (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.select ins(%arg0, %arg1, %arg2 : memref<2x3xi1>, memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_0 : memref<2x3xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%arg1, %arg2 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_1 : memref<2x3xf32>)
    linalg.elementwise kind=#linalg.elementwise_kind<negf> ins(%arg2 : memref<2x3xf32>) outs(%alloc : memref<2x3xf32>)
    return %alloc_0, %alloc_1, %alloc : memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>
  }
  func.func @matmul_ta(%arg0: memref<4x3xf32>, %arg1: memref<4x2xf32>) -> memref<3x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3x2xf32>)
    linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : memref<4x3xf32>, memref<4x2xf32>) outs(%alloc : memref<3x2xf32>)
    return %alloc : memref<3x2xf32>
  }
  func.func @matmul_i8(%arg0: memref<2x3xi8>, %arg1: memref<3x2xi8>) -> memref<2x2xi32> {
    %c0_i32 = arith.constant 0 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xi32>
    linalg.fill ins(%c0_i32 : i32) outs(%alloc : memref<2x2xi32>)
    linalg.matmul ins(%arg0, %arg1 : memref<2x3xi8>, memref<3x2xi8>) outs(%alloc : memref<2x2xi32>)
    return %alloc : memref<2x2xi32>
  }
  func.func @vecmat(%arg0: memref<4xf32>, %arg1: memref<4x3xf32>) -> memref<3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
    linalg.vecmat ins(%arg0, %arg1 : memref<4xf32>, memref<4x3xf32>) outs(%alloc : memref<3xf32>)
    return %alloc : memref<3xf32>
  }
  func.func @shapes(%arg0: memref<2x3x4xf32>, %arg1: memref<3xf32>) -> (memref<4x2x3xf32>, memref<2x3x2xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x2x3xf32>
    linalg.transpose ins(%arg0 : memref<2x3x4xf32>) outs(%alloc : memref<4x2x3xf32>) permutation = [2, 0, 1] 
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x3x2xf32>
    linalg.broadcast ins(%arg1 : memref<3xf32>) outs(%alloc_0 : memref<2x3x2xf32>) dimensions = [0, 2] 
    return %alloc, %alloc_0 : memref<4x2x3xf32>, memref<2x3x2xf32>
  }
  func.func @map3_reduce2(%arg0: memref<2x3xf32>, %arg1: memref<2x3xf32>, %arg2: memref<2x3xf32>) -> (memref<2x3xf32>, memref<3xf32>, memref<3xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.map ins(%arg0, %arg1, %arg2 : memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) outs(%alloc : memref<2x3xf32>)
      (%in: f32, %in_3: f32, %in_4: f32, %init: f32) {
        %0 = arith.mulf %in, %in_3 : f32
        %1 = arith.subf %0, %in_4 : f32
        linalg.yield %1 : f32
      }
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<3xf32>)
    linalg.fill ins(%cst_0 : f32) outs(%alloc_1 : memref<3xf32>)
    linalg.reduce ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_2, %alloc_1 : memref<3xf32>, memref<3xf32>) dimensions = [0] 
      (%in: f32, %in_3: f32, %init: f32, %init_4: f32) {
        %0 = arith.addf %in, %init : f32
        %1 = arith.mulf %in_3, %init_4 : f32
        linalg.yield %0, %1 : f32, f32
      }
    return %alloc, %alloc_2, %alloc_1 : memref<2x3xf32>, memref<3xf32>, memref<3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @pf(%arg0: memref<*xf32>) {
    call @printMemrefF32(%arg0) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %0 = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
    %1 = memref.get_global @__constant_2x3xf32_0 : memref<2x3xf32>
    %2 = call @elementwise(%0, %1) : (memref<2x3xf32>, memref<2x3xf32>) -> memref<12x2x3xf32>
    %cast = memref.cast %2 : memref<12x2x3xf32> to memref<*xf32>
    call @pf(%cast) : (memref<*xf32>) -> ()
    %3 = memref.get_global @__constant_2x3xi1 : memref<2x3xi1>
    %4:3 = call @select_and_kinds(%3, %0, %1) : (memref<2x3xi1>, memref<2x3xf32>, memref<2x3xf32>) -> (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>)
    %cast_0 = memref.cast %4#0 : memref<2x3xf32> to memref<*xf32>
    call @pf(%cast_0) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %4#1 : memref<2x3xf32> to memref<*xf32>
    call @pf(%cast_1) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %4#2 : memref<2x3xf32> to memref<*xf32>
    call @pf(%cast_2) : (memref<*xf32>) -> ()
    %5 = memref.get_global @__constant_4x3xf32 : memref<4x3xf32>
    %6 = memref.get_global @__constant_4x2xf32 : memref<4x2xf32>
    %7 = call @matmul_ta(%5, %6) : (memref<4x3xf32>, memref<4x2xf32>) -> memref<3x2xf32>
    %cast_3 = memref.cast %7 : memref<3x2xf32> to memref<*xf32>
    call @pf(%cast_3) : (memref<*xf32>) -> ()
    %8 = memref.get_global @__constant_2x3xi8 : memref<2x3xi8>
    %9 = memref.get_global @__constant_3x2xi8 : memref<3x2xi8>
    %10 = call @matmul_i8(%8, %9) : (memref<2x3xi8>, memref<3x2xi8>) -> memref<2x2xi32>
    %cast_4 = memref.cast %10 : memref<2x2xi32> to memref<*xi32>
    call @printMemrefI32(%cast_4) : (memref<*xi32>) -> ()
    %11 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %12 = call @vecmat(%11, %5) : (memref<4xf32>, memref<4x3xf32>) -> memref<3xf32>
    %cast_5 = memref.cast %12 : memref<3xf32> to memref<*xf32>
    call @pf(%cast_5) : (memref<*xf32>) -> ()
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3x4xf32>
    linalg.map outs(%alloc : memref<2x3x4xf32>)
      (%init: f32) {
        %16 = linalg.index 0 : index
        %17 = linalg.index 1 : index
        %18 = linalg.index 2 : index
        %c12 = arith.constant 12 : index
        %c4 = arith.constant 4 : index
        %19 = arith.muli %16, %c12 : index
        %20 = arith.muli %17, %c4 : index
        %21 = arith.addi %19, %20 : index
        %22 = arith.addi %21, %18 : index
        %23 = arith.index_cast %22 : index to i32
        %24 = arith.sitofp %23 : i32 to f32
        linalg.yield %24 : f32
      }
    %13 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %14:2 = call @shapes(%alloc, %13) : (memref<2x3x4xf32>, memref<3xf32>) -> (memref<4x2x3xf32>, memref<2x3x2xf32>)
    %cast_6 = memref.cast %14#0 : memref<4x2x3xf32> to memref<*xf32>
    call @pf(%cast_6) : (memref<*xf32>) -> ()
    %cast_7 = memref.cast %14#1 : memref<2x3x2xf32> to memref<*xf32>
    call @pf(%cast_7) : (memref<*xf32>) -> ()
    %15:3 = call @map3_reduce2(%0, %1, %0) : (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) -> (memref<2x3xf32>, memref<3xf32>, memref<3xf32>)
    %cast_8 = memref.cast %15#0 : memref<2x3xf32> to memref<*xf32>
    call @pf(%cast_8) : (memref<*xf32>) -> ()
    %cast_9 = memref.cast %15#1 : memref<3xf32> to memref<*xf32>
    call @pf(%cast_9) : (memref<*xf32>) -> ()
    %cast_10 = memref.cast %15#2 : memref<3xf32> to memref<*xf32>
    call @pf(%cast_10) : (memref<*xf32>) -> ()
    return
  }
}

