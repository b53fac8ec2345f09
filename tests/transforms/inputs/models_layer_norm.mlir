#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d1)>
module {
  memref.global "private" constant @__constant_6xf32_0 : memref<6xf32> = dense<[0.000000e+00, 5.000000e-01, 0.000000e+00, -5.000000e-01, 0.000000e+00, 1.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00, 5.000000e-01, 5.000000e-01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x6xf32 : memref<2x6xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00]]> {alignment = 64 : i64}
  func.func @layer_norm(%arg0: memref<2x6xf32>, %arg1: memref<6xf32>, %arg2: memref<6xf32>) -> memref<2x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 6.000000e+00 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<2xf32>)
    linalg.reduce ins(%arg0 : memref<2x6xf32>) outs(%alloc : memref<2xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%alloc : memref<2xf32>) {
    ^bb0(%out: f32):
      %0 = arith.divf %out, %cst_0 : f32
      linalg.yield %0 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<2x6xf32>
    linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc : memref<2x6xf32>, memref<2xf32>) outs(%alloc_2 : memref<2x6xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %0 = arith.subf %in, %in_4 : f32
      linalg.yield %0 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_3 : memref<2xf32>)
    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%alloc_2 : memref<2x6xf32>) outs(%alloc_3 : memref<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %in, %in : f32
      %1 = arith.addf %0, %out : f32
      linalg.yield %1 : f32
    }
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%alloc_3 : memref<2xf32>) {
    ^bb0(%out: f32):
      %0 = arith.divf %out, %cst_0 : f32
      linalg.yield %0 : f32
    }
    linalg.generic {indexing_maps = [#map2, #map3, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_3, %arg1, %arg2 : memref<2xf32>, memref<6xf32>, memref<6xf32>) outs(%alloc_2 : memref<2x6xf32>) {
    ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
      %0 = arith.addf %in, %cst_1 : f32
      %1 = math.rsqrt %0 : f32
      %2 = arith.mulf %out, %1 : f32
      %3 = arith.mulf %2, %in_4 : f32
      %4 = arith.addf %3, %in_5 : f32
      linalg.yield %4 : f32
    }
    return %alloc_2 : memref<2x6xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_2x6xf32 : memref<2x6xf32>
    %1 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %2 = memref.get_global @__constant_6xf32_0 : memref<6xf32>
    %3 = call @layer_norm(%0, %1, %2) : (memref<2x6xf32>, memref<6xf32>, memref<6xf32>) -> memref<2x6xf32>
    %cast = memref.cast %3 : memref<2x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

