#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  memref.global "private" constant @__constant_3x5xf32 : memref<3x5xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [-1.000000e+00, 1.000000e+01, -1.000000e+00, 5.000000e-01, 2.000000e+00]]> {alignment = 64 : i64}
  func.func @softmax(%arg0: memref<3x5xf32>) -> memref<3x5xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<3xf32>)
    linalg.reduce ins(%arg0 : memref<3x5xf32>) outs(%alloc : memref<3xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %init : f32
        linalg.yield %0 : f32
      }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<3x5xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc : memref<3x5xf32>, memref<3xf32>) outs(%alloc_1 : memref<3x5xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %0 = arith.subf %in, %in_3 : f32
      %1 = math.exp %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_2 : memref<3xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_1 : memref<3x5xf32>) outs(%alloc_2 : memref<3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2 : memref<3xf32>) outs(%alloc_1 : memref<3x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.divf %out, %in : f32
      linalg.yield %0 : f32
    }
    return %alloc_1 : memref<3x5xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_3x5xf32 : memref<3x5xf32>
    %1 = call @softmax(%0) : (memref<3x5xf32>) -> memref<3x5xf32>
    %cast = memref.cast %1 : memref<3x5xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

