#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> {alignment = 64 : i64}
  func.func @checked(%arg0: memref<4xf32>) -> (memref<4xf32>, f32) {
    %c0 = arith.constant 0 : index
    %0 = memref.load %arg0[%c0] : memref<4xf32>
    return %arg0, %0 : memref<4xf32>, f32
  }
  func.func @offset_by_first(%arg0: memref<4xf32>) -> memref<4xf32> {
    %0:2 = call @checked(%arg0) : (memref<4xf32>) -> (memref<4xf32>, f32)
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0#0 : memref<4xf32>) outs(%alloc : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = arith.subf %in, %0#1 : f32
      linalg.yield %1 : f32
    }
    return %alloc : memref<4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %1 = call @offset_by_first(%0) : (memref<4xf32>) -> memref<4xf32>
    %cast = memref.cast %1 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

