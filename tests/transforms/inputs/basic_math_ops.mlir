#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_5xf32 : memref<5xf32> = dense<[-2.000000e+00, -5.000000e-01, 0.000000e+00, 1.000000e+00, 3.000000e+00]> {alignment = 64 : i64}
  func.func @transcendental(%arg0: memref<5xf32>) -> (memref<5xf32>, memref<5xf32>, memref<5xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<5xf32>) outs(%alloc, %alloc_0 : memref<5xf32>, memref<5xf32>) {
    ^bb0(%in: f32, %out: f32, %out_2: f32):
      %0 = math.exp %in : f32
      %1 = math.absf %in : f32
      %2 = math.sqrt %1 : f32
      linalg.yield %0, %2 : f32, f32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    linalg.map ins(%arg0 : memref<5xf32>) outs(%alloc_1 : memref<5xf32>)
      (%in: f32, %init: f32) {
        %0 = math.tanh %in : f32
        %1 = math.log1p %0 : f32
        linalg.yield %1 : f32
      }
    return %alloc, %alloc_0, %alloc_1 : memref<5xf32>, memref<5xf32>, memref<5xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_5xf32 : memref<5xf32>
    %1:3 = call @transcendental(%0) : (memref<5xf32>) -> (memref<5xf32>, memref<5xf32>, memref<5xf32>)
    %cast = memref.cast %1#0 : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %1#1 : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %1#2 : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

