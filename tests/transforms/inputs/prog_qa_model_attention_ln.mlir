#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d0)>
module {
  memref.global "private" constant @__constant_4x4xf32_1 : memref<4x4xf32> = dense<[[2.500000e-01, 5.000000e-01, 7.500000e-01, 1.000000e+00], [-1.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 2.500000e-01, 0.000000e+00, -2.500000e-01], [5.000000e-01, 5.000000e-01, -5.000000e-01, -5.000000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x4xf32_0 : memref<4x4xf32> = dense<[[1.000000e+00, 0.000000e+00, 0.000000e+00, 5.000000e-01], [0.000000e+00, 5.000000e-01, 1.000000e+00, 0.000000e+00], [-5.000000e-01, 0.000000e+00, 5.000000e-01, 2.500000e-01], [0.000000e+00, 1.000000e+00, 0.000000e+00, -1.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x4xf32 : memref<4x4xf32> = dense<[[5.000000e-01, 0.000000e+00, 2.500000e-01, -5.000000e-01], [0.000000e+00, 1.000000e+00, 5.000000e-01, 0.000000e+00], [2.500000e-01, -2.500000e-01, 0.000000e+00, 1.000000e+00], [1.000000e+00, 5.000000e-01, -1.000000e+00, 0.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[5.000000e-01, -1.000000e+00, 2.000000e+00, 0.000000e+00], [1.000000e+00, 1.000000e+00, -5.000000e-01, 2.500000e-01], [-2.000000e+00, 7.500000e-01, 5.000000e-01, 1.500000e+00]]> {alignment = 64 : i64}
  func.func @proj(%arg0: memref<3x4xf32>, %arg1: memref<4x4xf32>) -> memref<3x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3x4xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<3x4xf32>, memref<4x4xf32>) outs(%alloc : memref<3x4xf32>)
    return %alloc : memref<3x4xf32>
  }
  func.func @split(%arg0: memref<3x4xf32>) -> memref<2x3x2xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [3, 2, 2] : memref<3x4xf32> into memref<3x2x2xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3x2xf32>
    linalg.transpose ins(%expand_shape : memref<3x2x2xf32>) outs(%alloc : memref<2x3x2xf32>) permutation = [1, 0, 2] 
    return %alloc : memref<2x3x2xf32>
  }
  func.func @softmax3(%arg0: memref<2x3x3xf32>) -> memref<2x3x3xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<2x3xf32>)
    linalg.reduce ins(%arg0 : memref<2x3x3xf32>) outs(%alloc_1 : memref<2x3xf32>) dimensions = [2] 
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %init : f32
        linalg.yield %0 : f32
      }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<2x3x3xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<2x3xf32>)
    linalg.generic {indexing_maps = [#map, #map1, #map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %alloc_1 : memref<2x3x3xf32>, memref<2x3xf32>) outs(%alloc_2, %alloc : memref<2x3x3xf32>, memref<2x3xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32, %out_4: f32):
      %0 = arith.subf %in, %in_3 : f32
      %1 = math.exp %0 : f32
      %2 = arith.addf %out_4, %1 : f32
      linalg.yield %1, %2 : f32, f32
    }
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%alloc_2, %alloc : memref<2x3x3xf32>, memref<2x3xf32>) outs(%alloc_2 : memref<2x3x3xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %0 = arith.divf %in, %in_3 : f32
      linalg.yield %0 : f32
    }
    return %alloc_2 : memref<2x3x3xf32>
  }
  func.func @attention(%arg0: memref<3x4xf32>, %arg1: memref<4x4xf32>, %arg2: memref<4x4xf32>, %arg3: memref<4x4xf32>) -> memref<3x4xf32> {
    %0 = call @proj(%arg0, %arg1) : (memref<3x4xf32>, memref<4x4xf32>) -> memref<3x4xf32>
    %1 = call @proj(%arg0, %arg2) : (memref<3x4xf32>, memref<4x4xf32>) -> memref<3x4xf32>
    %2 = call @proj(%arg0, %arg3) : (memref<3x4xf32>, memref<4x4xf32>) -> memref<3x4xf32>
    %3 = call @split(%0) : (memref<3x4xf32>) -> memref<2x3x2xf32>
    %4 = call @split(%1) : (memref<3x4xf32>) -> memref<2x3x2xf32>
    %5 = call @split(%2) : (memref<3x4xf32>) -> memref<2x3x2xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<2x3x3xf32>)
    linalg.batch_matmul indexing_maps = [#map2, #map3, #map4] ins(%3, %4 : memref<2x3x2xf32>, memref<2x3x2xf32>) outs(%alloc : memref<2x3x3xf32>)
    %cst_0 = arith.constant 0.707106769 : f32
    linalg.map ins(%alloc : memref<2x3x3xf32>) outs(%alloc : memref<2x3x3xf32>)
      (%in: f32, %init: f32) {
        %7 = arith.mulf %in, %cst_0 : f32
        linalg.yield %7 : f32
      }
    %6 = call @softmax3(%alloc) : (memref<2x3x3xf32>) -> memref<2x3x3xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2x3x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<2x3x2xf32>)
    linalg.batch_matmul ins(%6, %5 : memref<2x3x3xf32>, memref<2x3x2xf32>) outs(%alloc_1 : memref<2x3x2xf32>)
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<3x2x2xf32>
    linalg.transpose ins(%alloc_1 : memref<2x3x2xf32>) outs(%alloc_2 : memref<3x2x2xf32>) permutation = [1, 0, 2] 
    %collapse_shape = memref.collapse_shape %alloc_2 [[0], [1, 2]] : memref<3x2x2xf32> into memref<3x4xf32>
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.add ins(%arg0, %collapse_shape : memref<3x4xf32>, memref<3x4xf32>) outs(%alloc_3 : memref<3x4xf32>)
    return %alloc_3 : memref<3x4xf32>
  }
  func.func @layer_norm_gelu(%arg0: memref<3x4xf32>) -> memref<3x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.000000e+00 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    memref.copy %alloc, %alloc_2 : memref<3xf32> to memref<3xf32>
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    memref.copy %alloc, %alloc_3 : memref<3xf32> to memref<3xf32>
    linalg.generic {indexing_maps = [#map5, #map6, #map6], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<3x4xf32>) outs(%alloc_2, %alloc_3 : memref<3xf32>, memref<3xf32>) {
    ^bb0(%in: f32, %out: f32, %out_5: f32):
      %0 = arith.addf %out, %in : f32
      %1 = arith.mulf %in, %in : f32
      %2 = arith.addf %out_5, %1 : f32
      linalg.yield %0, %2 : f32, f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.generic {indexing_maps = [#map5, #map6, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc_2, %alloc_3 : memref<3x4xf32>, memref<3xf32>, memref<3xf32>) outs(%alloc_4 : memref<3x4xf32>) {
    ^bb0(%in: f32, %in_5: f32, %in_6: f32, %out: f32):
      %0 = arith.divf %in_5, %cst_0 : f32
      %1 = arith.divf %in_6, %cst_0 : f32
      %2 = arith.mulf %0, %0 : f32
      %3 = arith.subf %1, %2 : f32
      %4 = arith.addf %3, %cst_1 : f32
      %5 = math.rsqrt %4 : f32
      %6 = arith.subf %in, %0 : f32
      %7 = arith.mulf %6, %5 : f32
      %cst_7 = arith.constant 0.797884583 : f32
      %cst_8 = arith.constant 4.471500e-02 : f32
      %cst_9 = arith.constant 5.000000e-01 : f32
      %cst_10 = arith.constant 1.000000e+00 : f32
      %8 = arith.mulf %7, %7 : f32
      %9 = arith.mulf %8, %7 : f32
      %10 = arith.mulf %cst_8, %9 : f32
      %11 = arith.addf %7, %10 : f32
      %12 = arith.mulf %cst_7, %11 : f32
      %13 = math.tanh %12 : f32
      %14 = arith.addf %cst_10, %13 : f32
      %15 = arith.mulf %cst_9, %7 : f32
      %16 = arith.mulf %15, %14 : f32
      linalg.yield %16 : f32
    }
    return %alloc_4 : memref<3x4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %1 = memref.get_global @__constant_4x4xf32 : memref<4x4xf32>
    %2 = memref.get_global @__constant_4x4xf32_0 : memref<4x4xf32>
    %3 = memref.get_global @__constant_4x4xf32_1 : memref<4x4xf32>
    %4 = call @attention(%0, %1, %2, %3) : (memref<3x4xf32>, memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) -> memref<3x4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    memref.copy %4, %alloc : memref<3x4xf32> to memref<3x4xf32>
    %cast = memref.cast %alloc : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %5 = call @layer_norm_gelu(%4) : (memref<3x4xf32>) -> memref<3x4xf32>
    %cast_0 = memref.cast %5 : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

