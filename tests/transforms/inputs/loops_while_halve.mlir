#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[8.000000e+00, 4.000000e+00, 2.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
  func.func @halve_until(%arg0: memref<4xf32>, %arg1: f32) -> memref<4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %0 = scf.while (%arg2 = %arg0) : (memref<4xf32>) -> memref<4xf32> {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
      linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
      linalg.reduce ins(%arg2 : memref<4xf32>) outs(%alloc : memref<f32>) dimensions = [0] 
        (%in: f32, %init: f32) {
          %3 = arith.addf %in, %init : f32
          linalg.yield %3 : f32
        }
      %1 = memref.load %alloc[] : memref<f32>
      %2 = arith.cmpf ogt, %1, %arg1 : f32
      scf.condition(%2) %arg2 : memref<4xf32>
    } do {
    ^bb0(%arg2: memref<4xf32>):
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : memref<4xf32>) outs(%arg2 : memref<4xf32>) {
      ^bb0(%in: f32, %out: f32):
        %1 = arith.mulf %in, %cst_0 : f32
        linalg.yield %1 : f32
      }
      scf.yield %arg2 : memref<4xf32>
    }
    return %0 : memref<4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %cst = arith.constant 3.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0, %alloc : memref<4xf32> to memref<4xf32>
    %1 = call @halve_until(%alloc, %cst) : (memref<4xf32>, f32) -> memref<4xf32>
    %cast = memref.cast %1 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

