#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_6xf32_0 : memref<6xf32> = dense<9.000000e+00> {alignment = 64 : i64}
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> {alignment = 64 : i64}
  func.func @square_into(%arg0: memref<6xf32>, %arg1: memref<6xf32>) -> memref<6xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<6xf32>) outs(%alloc : memref<6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %in, %in : f32
      linalg.yield %0 : f32
    }
    memref.copy %alloc, %arg1 : memref<6xf32> to memref<6xf32>
    return %arg1 : memref<6xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %1 = memref.get_global @__constant_6xf32_0 : memref<6xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    %2 = call @square_into(%0, %alloc) : (memref<6xf32>, memref<6xf32>) -> memref<6xf32>
    %cast = memref.cast %2 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

