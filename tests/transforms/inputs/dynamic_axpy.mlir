#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_5xf32_0 : memref<5xf32> = dense<[5.000000e-01, 2.500000e-01, 0.000000e+00, -1.000000e+00, -1.000000e+01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_5xf32 : memref<5xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]> {alignment = 64 : i64}
  func.func @axpy(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<?xf32>) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg1, %c0 : memref<?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg1, %arg2 : memref<?xf32>, memref<?xf32>) outs(%alloc : memref<?xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %0 = arith.mulf %arg0, %in : f32
      %1 = arith.addf %0, %in_0 : f32
      linalg.yield %1 : f32
    }
    return %alloc : memref<?xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %cst = arith.constant 2.000000e+00 : f32
    %0 = memref.get_global @__constant_5xf32 : memref<5xf32>
    %1 = memref.get_global @__constant_5xf32_0 : memref<5xf32>
    %cast = memref.cast %0 : memref<5xf32> to memref<?xf32>
    %cast_0 = memref.cast %1 : memref<5xf32> to memref<?xf32>
    %2 = call @axpy(%cst, %cast, %cast_0) : (f32, memref<?xf32>, memref<?xf32>) -> memref<?xf32>
    %cast_1 = memref.cast %2 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

