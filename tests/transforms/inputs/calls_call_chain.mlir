#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_5xf32 : memref<5xf32> = dense<[2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> {alignment = 64 : i64}
  func.func @center(%arg0: memref<5xf32>, %arg1: f32) -> memref<5xf32> {
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%arg0 : memref<5xf32>) {
    ^bb0(%out: f32):
      %0 = arith.subf %out, %arg1 : f32
      linalg.yield %0 : f32
    }
    return %arg0 : memref<5xf32>
  }
  func.func @norm2(%arg0: memref<5xf32>) -> memref<f32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<f32>)
    linalg.reduce ins(%arg0 : memref<5xf32>) outs(%alloc : memref<f32>) dimensions = [0] 
      (%in: f32, %init: f32) {
        %0 = arith.mulf %in, %in : f32
        %1 = arith.addf %0, %init : f32
        linalg.yield %1 : f32
      }
    return %alloc : memref<f32>
  }
  func.func @rescale(%arg0: memref<5xf32>, %arg1: memref<f32>) -> memref<5xf32> {
    %0 = memref.load %arg1[] : memref<f32>
    %1 = math.sqrt %0 : f32
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%arg0 : memref<5xf32>) {
    ^bb0(%out: f32):
      %2 = arith.divf %out, %1 : f32
      linalg.yield %2 : f32
    }
    return %arg0 : memref<5xf32>
  }
  func.func @normalize(%arg0: memref<5xf32>, %arg1: f32) -> memref<5xf32> {
    %0 = call @center(%arg0, %arg1) : (memref<5xf32>, f32) -> memref<5xf32>
    %1 = call @norm2(%0) : (memref<5xf32>) -> memref<f32>
    %2 = call @rescale(%0, %1) : (memref<5xf32>, memref<f32>) -> memref<5xf32>
    return %2 : memref<5xf32>
  }
  func.func @pipeline(%arg0: memref<5xf32>) -> (memref<5xf32>, memref<5xf32>) {
    %c0 = arith.constant 0 : index
    %0 = memref.load %arg0[%c0] : memref<5xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    memref.copy %arg0, %alloc : memref<5xf32> to memref<5xf32>
    %1 = call @normalize(%alloc, %0) : (memref<5xf32>, f32) -> memref<5xf32>
    return %1, %arg0 : memref<5xf32>, memref<5xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_5xf32 : memref<5xf32>
    %1:2 = call @pipeline(%0) : (memref<5xf32>) -> (memref<5xf32>, memref<5xf32>)
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
    memref.copy %1#1, %alloc : memref<5xf32> to memref<5xf32>
    %cast = memref.cast %1#0 : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %alloc : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    return
  }
}

