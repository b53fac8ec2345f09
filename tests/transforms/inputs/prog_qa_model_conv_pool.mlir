#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_4x4xi32 : memref<4x4xi32> = dense<[[3, -1, 4, 1], [-5, 9, 2, -6], [5, 3, -5, 8], [9, -7, 9, 3]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[5.000000e-01, -1.000000e+00, 0.000000e+00]> {alignment = 64 : i64}
  func.func @conv(%arg0: memref<1x5x5x2xf32>, %arg1: memref<3x3x2x3xf32>, %arg2: memref<3xf32>) -> memref<1x3x3x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x7x7x2xf32>
    linalg.map outs(%alloc : memref<1x7x7x2xf32>)
      (%init: f32) {
        %0 = linalg.index 0 : index
        %1 = linalg.index 1 : index
        %2 = linalg.index 2 : index
        %3 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[0, 1, 1, 0] [1, 5, 5, 2] [1, 1, 1, 1] : memref<1x7x7x2xf32> to memref<1x5x5x2xf32, strided<[98, 14, 2, 1], offset: 16>>
    memref.copy %arg0, %subview : memref<1x5x5x2xf32> to memref<1x5x5x2xf32, strided<[98, 14, 2, 1], offset: 16>>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x3xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : memref<3xf32>) outs(%alloc_0 : memref<1x3x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%alloc, %arg1 : memref<1x7x7x2xf32>, memref<3x3x2x3xf32>) outs(%alloc_0 : memref<1x3x3x3xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %0 = arith.mulf %in, %in_1 : f32
      %1 = arith.addf %out, %0 : f32
      linalg.yield %1 : f32
    }
    linalg.map ins(%alloc_0 : memref<1x3x3x3xf32>) outs(%alloc_0 : memref<1x3x3x3xf32>)
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %cst : f32
        linalg.yield %0 : f32
      }
    return %alloc_0 : memref<1x3x3x3xf32>
  }
  func.func @maxpool(%arg0: memref<4x4xi32>) -> memref<3x3xi32> {
    %c-2147483648_i32 = arith.constant -2147483648 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x3xi32>
    linalg.fill ins(%c-2147483648_i32 : i32) outs(%alloc : memref<3x3xi32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x2xi32>
    linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %alloc_0 : memref<4x4xi32>, memref<2x2xi32>) outs(%alloc : memref<3x3xi32>) {
    ^bb0(%in: i32, %in_1: i32, %out: i32):
      %0 = arith.maxsi %in, %out : i32
      linalg.yield %0 : i32
    }
    return %alloc : memref<3x3xi32>
  }
  func.func @gap(%arg0: memref<1x3x3x3xf32>) -> memref<1x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<1x3xf32>)
    linalg.reduce ins(%arg0 : memref<1x3x3x3xf32>) outs(%alloc : memref<1x3xf32>) dimensions = [1, 2] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    %cst_0 = arith.constant 9.000000e+00 : f32
    linalg.map ins(%alloc : memref<1x3xf32>) outs(%alloc : memref<1x3xf32>)
      (%in: f32, %init: f32) {
        %0 = arith.divf %in, %cst_0 : f32
        linalg.yield %0 : f32
      }
    return %alloc : memref<1x3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x5x5x2xf32>
    linalg.map outs(%alloc : memref<1x5x5x2xf32>)
      (%init: f32) {
        %5 = linalg.index 0 : index
        %6 = linalg.index 1 : index
        %7 = linalg.index 2 : index
        %8 = linalg.index 3 : index
        %c5 = arith.constant 5 : index
        %9 = arith.muli %6, %c5 : index
        %10 = arith.addi %9, %7 : index
        %c2 = arith.constant 2 : index
        %11 = arith.muli %10, %c2 : index
        %12 = arith.addi %11, %8 : index
        %c7 = arith.constant 7 : index
        %13 = arith.remui %12, %c7 : index
        %14 = arith.index_cast %13 : index to i32
        %15 = arith.sitofp %14 : i32 to f32
        %cst = arith.constant 3.000000e+00 : f32
        %16 = arith.subf %15, %cst : f32
        linalg.yield %16 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<3x3x2x3xf32>
    linalg.map outs(%alloc_0 : memref<3x3x2x3xf32>)
      (%init: f32) {
        %5 = linalg.index 0 : index
        %6 = linalg.index 1 : index
        %7 = linalg.index 2 : index
        %8 = linalg.index 3 : index
        %9 = arith.addi %5, %6 : index
        %10 = arith.addi %7, %8 : index
        %11 = arith.subi %9, %10 : index
        %12 = arith.index_cast %11 : index to i32
        %13 = arith.sitofp %12 : i32 to f32
        %cst = arith.constant 1.250000e-01 : f32
        %14 = arith.mulf %13, %cst : f32
        linalg.yield %14 : f32
      }
    %0 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %1 = call @conv(%alloc, %alloc_0, %0) : (memref<1x5x5x2xf32>, memref<3x3x2x3xf32>, memref<3xf32>) -> memref<1x3x3x3xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x3xf32>
    memref.copy %1, %alloc_1 : memref<1x3x3x3xf32> to memref<1x3x3x3xf32>
    %cast = memref.cast %alloc_1 : memref<1x3x3x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = call @gap(%1) : (memref<1x3x3x3xf32>) -> memref<1x3xf32>
    %cast_2 = memref.cast %2 : memref<1x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %3 = memref.get_global @__constant_4x4xi32 : memref<4x4xi32>
    %4 = call @maxpool(%3) : (memref<4x4xi32>) -> memref<3x3xi32>
    %cast_3 = memref.cast %4 : memref<3x3xi32> to memref<*xi32>
    call @printMemrefI32(%cast_3) : (memref<*xi32>) -> ()
    return
  }
}

