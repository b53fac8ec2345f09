#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
module {
  memref.global "private" constant @__constant_3x3xf32 : memref<3x3xf32> = dense<[[-1.000000e+00, 2.000000e+00, -3.000000e+00], [4.000000e+00, -5.000000e+00, 6.000000e+00], [-7.000000e+00, 8.000000e+00, -9.000000e+00]]> {alignment = 64 : i64}
  func.func @relu(%arg0: memref<3x3xf32>) -> memref<3x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<3x3xf32>) outs(%arg0 : memref<3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.maximumf %in, %cst : f32
      linalg.yield %0 : f32
    }
    return %arg0 : memref<3x3xf32>
  }
  func.func @transpose(%arg0: memref<3x3xf32>) -> memref<3x3xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
    linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<3x3xf32>) outs(%alloc : memref<3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    return %alloc : memref<3x3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_3x3xf32 : memref<3x3xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
    memref.copy %0, %alloc : memref<3x3xf32> to memref<3x3xf32>
    %1 = call @relu(%alloc) : (memref<3x3xf32>) -> memref<3x3xf32>
    %2 = call @transpose(%0) : (memref<3x3xf32>) -> memref<3x3xf32>
    %cast = memref.cast %1 : memref<3x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %2 : memref<3x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

