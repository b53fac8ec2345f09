#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_6xf32_1 : memref<6xf32> = dense<[1.000000e+00, 1.000000e+00, 5.000000e-01, -1.000000e+00, 0.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_6xf32_0 : memref<6xf32> = dense<2.500000e-01> {alignment = 64 : i64}
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xi64 : memref<4xi64> = dense<[2, 3, 5, 7]> {alignment = 64 : i64}
  func.func @affine_map_values(%arg0: memref<6xf32>) -> memref<6xf32> {
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %1 = memref.get_global @__constant_6xf32_0 : memref<6xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %0, %1 : memref<6xf32>, memref<6xf32>, memref<6xf32>) outs(%alloc : memref<6xf32>) {
    ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
      %2 = arith.mulf %in, %in_0 : f32
      %3 = arith.addf %2, %in_1 : f32
      linalg.yield %3 : f32
    }
    return %alloc : memref<6xf32>
  }
  func.func @lookup_table() -> memref<4xi64> {
    %0 = memref.get_global @__constant_4xi64 : memref<4xi64>
    return %0 : memref<4xi64>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %0 = memref.get_global @__constant_6xf32_1 : memref<6xf32>
    %1 = call @affine_map_values(%0) : (memref<6xf32>) -> memref<6xf32>
    %cast = memref.cast %1 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = call @lookup_table() : () -> memref<4xi64>
    %cast_0 = memref.cast %2 : memref<4xi64> to memref<*xi64>
    call @printMemrefI64(%cast_0) : (memref<*xi64>) -> ()
    return
  }
}

