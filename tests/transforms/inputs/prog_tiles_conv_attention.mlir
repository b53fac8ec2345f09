#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d3, d2 + d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_2x2x3xf32 : memref<2x2x3xf32> = dense<[[[1.000000e+00, 0.000000e+00, 1.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00]], [[2.000000e+00, 1.000000e+00, 0.000000e+00], [1.000000e+00, 1.000000e+00, 1.000000e+00]]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x4xf32 : memref<4x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00], [9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01], [1.300000e+01, 1.400000e+01, 1.500000e+01, 1.600000e+01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3xf32 : memref<3x3xf32> = dense<[[1.000000e+00, 0.000000e+00, -1.000000e+00], [2.000000e+00, 0.000000e+00, -2.000000e+00], [1.000000e+00, 0.000000e+00, -1.000000e+00]]> {alignment = 64 : i64}
  func.func @conv(%arg0: memref<1x5x5xf32>, %arg1: memref<3x3xf32>) -> memref<1x3x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x3x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<1x3x3xf32>)
    linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : memref<1x5x5xf32>, memref<3x3xf32>) outs(%alloc : memref<1x3x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %0 = arith.mulf %in, %in_0 : f32
      %1 = arith.addf %out, %0 : f32
      linalg.yield %1 : f32
    }
    return %alloc : memref<1x3x3xf32>
  }
  func.func @tiles(%arg0: memref<4x4xf32>) -> memref<4x4xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.forall (%arg1, %arg2) = (0, 0) to (4, 4) step (2, 2) {
      %subview = memref.subview %arg0[%arg1, %arg2] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
      %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
      linalg.transpose ins(%subview : memref<2x2xf32, strided<[4, 1], offset: ?>>) outs(%alloc_0 : memref<2x2xf32>) permutation = [1, 0] 
      %subview_1 = memref.subview %alloc[%arg1, %arg2] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
      memref.copy %alloc_0, %subview_1 : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
    }
    return %alloc : memref<4x4xf32>
  }
  func.func @nested(%arg0: memref<4x4xf32>) -> memref<4x4xf32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    %0 = scf.for %arg1 = %c0 to %c4 step %c2 iter_args(%arg2 = %arg0) -> (memref<4x4xf32>) {
      %1 = scf.for %arg3 = %c0 to %c4 step %c2 iter_args(%arg4 = %arg2) -> (memref<4x4xf32>) {
        %subview = memref.subview %arg4[%arg1, %arg3] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
        %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
        linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%subview : memref<2x2xf32, strided<[4, 1], offset: ?>>) outs(%alloc : memref<2x2xf32>) {
        ^bb0(%in: f32, %out: f32):
          %2 = arith.index_cast %arg1 : index to i32
          %3 = arith.sitofp %2 : i32 to f32
          %4 = arith.addf %in, %3 : f32
          %5 = arith.addf %4, %cst : f32
          linalg.yield %5 : f32
        }
        %subview_0 = memref.subview %arg4[%arg1, %arg3] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
        memref.copy %alloc, %subview_0 : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: ?>>
        scf.yield %arg4 : memref<4x4xf32>
      }
      scf.yield %1 : memref<4x4xf32>
    }
    return %0 : memref<4x4xf32>
  }
  func.func @attn(%arg0: memref<2x2x3xf32>, %arg1: memref<2x2x3xf32>) -> memref<2x2x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3x2xf32>
    linalg.transpose ins(%arg1 : memref<2x2x3xf32>) outs(%alloc : memref<2x3x2xf32>) permutation = [0, 2, 1] 
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x2x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<2x2x2xf32>)
    linalg.batch_matmul ins(%arg0, %alloc : memref<2x2x3xf32>, memref<2x3x2xf32>) outs(%alloc_0 : memref<2x2x2xf32>)
    return %alloc_0 : memref<2x2x2xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x5x5xf32>
    linalg.map outs(%alloc : memref<1x5x5xf32>)
      (%init: f32) {
        %7 = linalg.index 0 : index
        %8 = linalg.index 1 : index
        %9 = linalg.index 2 : index
        %10 = arith.muli %8, %9 : index
        %11 = arith.addi %10, %8 : index
        %12 = arith.index_cast %11 : index to i32
        %13 = arith.sitofp %12 : i32 to f32
        linalg.yield %13 : f32
      }
    %0 = memref.get_global @__constant_3x3xf32 : memref<3x3xf32>
    %1 = call @conv(%alloc, %0) : (memref<1x5x5xf32>, memref<3x3xf32>) -> memref<1x3x3xf32>
    %cast = memref.cast %1 : memref<1x3x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = memref.get_global @__constant_4x4xf32 : memref<4x4xf32>
    %3 = call @tiles(%2) : (memref<4x4xf32>) -> memref<4x4xf32>
    %cast_0 = memref.cast %3 : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    memref.copy %2, %alloc_1 : memref<4x4xf32> to memref<4x4xf32>
    %4 = call @nested(%alloc_1) : (memref<4x4xf32>) -> memref<4x4xf32>
    %cast_2 = memref.cast %4 : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %5 = memref.get_global @__constant_2x2x3xf32 : memref<2x2x3xf32>
    %6 = call @attn(%5, %5) : (memref<2x2x3xf32>, memref<2x2x3xf32>) -> memref<2x2x2xf32>
    %cast_3 = memref.cast %6 : memref<2x2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_3) : (memref<*xf32>) -> ()
    return
  }
}

