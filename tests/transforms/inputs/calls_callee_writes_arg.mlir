#map = affine_map<(d0) -> (d0)>
module {
  func.func @scale_in_place(%arg0: memref<4xf32>, %arg1: f32) -> memref<4xf32> {
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%arg0 : memref<4xf32>) {
    ^bb0(%out: f32):
      %0 = arith.mulf %out, %arg1 : f32
      linalg.yield %0 : f32
    }
    return %arg0 : memref<4xf32>
  }
  func.func @scale_twice_keep_input(%arg0: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
    %cst = arith.constant 2.000000e+00 : f32
    %cst_0 = arith.constant 3.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32>
    %0 = call @scale_in_place(%alloc, %cst) : (memref<4xf32>, f32) -> memref<4xf32>
    %1 = call @scale_in_place(%0, %cst_0) : (memref<4xf32>, f32) -> memref<4xf32>
    return %1, %arg0 : memref<4xf32>, memref<4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.map outs(%alloc : memref<4xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %c1 = arith.constant 1 : index
        %2 = arith.addi %1, %c1 : index
        %3 = arith.index_cast %2 : index to i32
        %4 = arith.sitofp %3 : i32 to f32
        linalg.yield %4 : f32
      }
    %0:2 = call @scale_twice_keep_input(%alloc) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %0#1, %alloc_0 : memref<4xf32> to memref<4xf32>
    %cast = memref.cast %0#0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %alloc_0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %alloc : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    return
  }
}

