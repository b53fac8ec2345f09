#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  memref.global "private" constant @__constant_2x4xf32 : memref<2x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [-1.000000e+00, 0.000000e+00, 1.000000e+00, 5.000000e-01]]> {alignment = 64 : i64}
  func.func @softmax(%arg0: memref<2x4xf32>) -> memref<2x4xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<2xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<2x4xf32>) outs(%alloc : memref<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.maximumf %in, %out : f32
      linalg.yield %0 : f32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc : memref<2x4xf32>, memref<2xf32>) outs(%alloc_1 : memref<2x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %0 = arith.subf %in, %in_2 : f32
      %1 = math.exp %0 : f32
      linalg.yield %1 : f32
    }
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<2xf32>)
    linalg.reduce ins(%alloc_1 : memref<2x4xf32>) outs(%alloc : memref<2xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_1, %alloc : memref<2x4xf32>, memref<2xf32>) outs(%alloc_1 : memref<2x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %0 = arith.divf %in, %in_2 : f32
      linalg.yield %0 : f32
    }
    return %alloc_1 : memref<2x4xf32>
  }
  func.func @flags(%arg0: memref<2x4xf32>) -> memref<2x4xi32> {
    %cst = arith.constant 2.500000e-01 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x4xi32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<2x4xf32>) outs(%alloc : memref<2x4xi32>) {
    ^bb0(%in: f32, %out: i32):
      %0 = arith.cmpf ogt, %in, %cst : f32
      %1 = arith.extui %0 : i1 to i8
      %2 = arith.extsi %1 : i8 to i32
      %c3_i32 = arith.constant 3 : i32
      %3 = arith.select %0, %c3_i32, %2 : i32
      linalg.yield %3 : i32
    }
    return %alloc : memref<2x4xi32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %0 = memref.get_global @__constant_2x4xf32 : memref<2x4xf32>
    %1 = call @softmax(%0) : (memref<2x4xf32>) -> memref<2x4xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
    memref.copy %1, %alloc : memref<2x4xf32> to memref<2x4xf32>
    %cast = memref.cast %alloc : memref<2x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = call @flags(%1) : (memref<2x4xf32>) -> memref<2x4xi32>
    %cast_0 = memref.cast %2 : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%cast_0) : (memref<*xi32>) -> ()
    return
  }
}

