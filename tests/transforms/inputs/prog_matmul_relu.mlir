#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[0.000000e+00, 0.000000e+00, 3.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, -3.000000e+00], [2.000000e+00, -1.500000e+00, 4.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<[[1.000000e+00, -1.000000e+00], [5.000000e-01, 2.000000e+00]]> {alignment = 64 : i64}
  func.func @dense_relu(%arg0: memref<2x2xf32>, %arg1: memref<2x3xf32>, %arg2: memref<3xf32>) -> memref<2x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<2x3xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<2x2xf32>, memref<2x3xf32>) outs(%alloc : memref<2x3xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg2 : memref<2x3xf32>, memref<3xf32>) outs(%alloc_0 : memref<2x3xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %0 = arith.addf %in, %in_1 : f32
      %1 = arith.maximumf %0, %cst : f32
      linalg.yield %1 : f32
    }
    return %alloc_0 : memref<2x3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_2x2xf32 : memref<2x2xf32>
    %1 = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
    %2 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %3 = call @dense_relu(%0, %1, %2) : (memref<2x2xf32>, memref<2x3xf32>, memref<3xf32>) -> memref<2x3xf32>
    %cast = memref.cast %3 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

