#map = affine_map<(d0) -> (d0)>
module attributes {test.name = "locs"} {
  memref.global "private" constant @__constant_8xf32 : memref<8xf32> = dense<[-2.000000e+00, -1.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, -4.000000e+00, 5.000000e+00]> {alignment = 64 : i64}
  func.func @relu_scale(%arg0: memref<8xf32>, %arg1: f32) -> memref<8xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<8xf32>) outs(%alloc : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst = arith.constant 0.000000e+00 : f32
      %0 = arith.maximumf %in, %cst : f32
      %1 = arith.mulf %0, %arg1 : f32
      linalg.yield %1 : f32
    }
    return %alloc : memref<8xf32>
  }
  func.func @reshape(%arg0: memref<8xf32>) -> memref<2x4xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
    return %expand_shape : memref<2x4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_8xf32 : memref<8xf32>
    %cst = arith.constant 5.000000e-01 : f32
    %1 = call @relu_scale(%0, %cst) : (memref<8xf32>, f32) -> memref<8xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %1, %alloc : memref<8xf32> to memref<8xf32>
    %cast = memref.cast %alloc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = call @reshape(%1) : (memref<8xf32>) -> memref<2x4xf32>
    %cast_0 = memref.cast %2 : memref<2x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

