#map = affine_map<(d0) -> (d0)>
module {
  func.func @two_fills() -> (memref<4xf32>, memref<4xf32>) {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<4xf32>)
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<4xf32>)
    return %alloc_1, %alloc : memref<4xf32>, memref<4xf32>
  }
  func.func @sum_of_fills() -> memref<4xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<4xf32>)
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%alloc : memref<4xf32>) outs(%alloc_1 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    return %alloc_1 : memref<4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0:2 = call @two_fills() : () -> (memref<4xf32>, memref<4xf32>)
    %cast = memref.cast %0#0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %0#1 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    %1 = call @sum_of_fills() : () -> memref<4xf32>
    %cast_1 = memref.cast %1 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

