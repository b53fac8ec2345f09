#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @attention(%arg0: memref<4x8xf32>, %arg1: memref<4x8xf32>, %arg2: memref<4x8xf32>) -> memref<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.353553385 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
    linalg.transpose ins(%arg1 : memref<4x8xf32>) outs(%alloc : memref<8x4xf32>) permutation = [1, 0] 
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_2 : memref<4x4xf32>)
    linalg.matmul ins(%arg0, %alloc : memref<4x8xf32>, memref<8x4xf32>) outs(%alloc_2 : memref<4x4xf32>)
    linalg.map outs(%alloc_2 : memref<4x4xf32>)
      (%init: f32) {
        %0 = arith.mulf %init, %cst_1 : f32
        linalg.yield %0 : f32
      }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_3 : memref<4xf32>)
    linalg.reduce ins(%alloc_2 : memref<4x4xf32>) outs(%alloc_3 : memref<4xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.maximumf %in, %init : f32
        linalg.yield %0 : f32
      }
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_3 : memref<4xf32>) outs(%alloc_2 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.subf %out, %in : f32
      %1 = math.exp %0 : f32
      linalg.yield %1 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_4 : memref<4xf32>)
    linalg.reduce ins(%alloc_2 : memref<4x4xf32>) outs(%alloc_4 : memref<4xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_4 : memref<4xf32>) outs(%alloc_2 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.divf %out, %in : f32
      linalg.yield %0 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_5 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_2, %arg2 : memref<4x4xf32>, memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>)
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    return %alloc_5 : memref<4x8xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.map outs(%alloc : memref<4x8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %c3 = arith.constant 3 : index
        %c5 = arith.constant 5 : index
        %c7 = arith.constant 7 : index
        %3 = arith.muli %1, %c3 : index
        %4 = arith.muli %2, %c5 : index
        %5 = arith.addi %3, %4 : index
        %6 = arith.remui %5, %c7 : index
        %7 = arith.index_cast %6 : index to i32
        %8 = arith.sitofp %7 : i32 to f32
        %cst = arith.constant 3.000000e+00 : f32
        %cst_2 = arith.constant 2.500000e-01 : f32
        %9 = arith.subf %8, %cst : f32
        %10 = arith.mulf %9, %cst_2 : f32
        linalg.yield %10 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.map outs(%alloc_0 : memref<4x8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %c2 = arith.constant 2 : index
        %c5 = arith.constant 5 : index
        %3 = arith.muli %2, %c2 : index
        %4 = arith.addi %3, %1 : index
        %5 = arith.remui %4, %c5 : index
        %6 = arith.index_cast %5 : index to i32
        %7 = arith.sitofp %6 : i32 to f32
        %cst = arith.constant 2.000000e+00 : f32
        %cst_2 = arith.constant 2.500000e-01 : f32
        %8 = arith.subf %7, %cst : f32
        %9 = arith.mulf %8, %cst_2 : f32
        linalg.yield %9 : f32
      }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.map outs(%alloc_1 : memref<4x8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %c8 = arith.constant 8 : index
        %3 = arith.muli %1, %c8 : index
        %4 = arith.addi %3, %2 : index
        %5 = arith.index_cast %4 : index to i32
        %6 = arith.sitofp %5 : i32 to f32
        %cst = arith.constant 1.250000e-01 : f32
        %7 = arith.mulf %6, %cst : f32
        linalg.yield %7 : f32
      }
    %0 = call @attention(%alloc, %alloc_0, %alloc_1) : (memref<4x8xf32>, memref<4x8xf32>, memref<4x8xf32>) -> memref<4x8xf32>
    %cast = memref.cast %0 : memref<4x8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

