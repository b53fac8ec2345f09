#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_3x4xf32_0 : memref<3x4xf32> = dense<[[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01], [-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00], [1.000000e+02, 2.000000e+02, 3.000000e+02, 4.000000e+02]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00], [9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01]]> {alignment = 64 : i64}
  func.func @add(%arg0: memref<3x4xf32>, %arg1: memref<3x4xf32>) -> memref<3x4xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<3x4xf32>, memref<3x4xf32>) outs(%alloc : memref<3x4xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %0 = arith.addf %in, %in_0 : f32
      linalg.yield %0 : f32
    }
    return %alloc : memref<3x4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %1 = memref.get_global @__constant_3x4xf32_0 : memref<3x4xf32>
    %2 = call @add(%0, %1) : (memref<3x4xf32>, memref<3x4xf32>) -> memref<3x4xf32>
    %cast = memref.cast %2 : memref<3x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

