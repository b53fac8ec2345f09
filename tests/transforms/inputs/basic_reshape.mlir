#map = affine_map<(d0) -> (d0)>
module {
  func.func @flatten(%arg0: memref<2x3x4xf32>) -> memref<24xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
    return %collapse_shape : memref<24xf32>
  }
  func.func @double_as_matrix(%arg0: memref<2x3x4xf32>) -> memref<4x6xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<24xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapse_shape : memref<24xf32>) outs(%alloc : memref<24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %in : f32
      linalg.yield %0 : f32
    }
    %expand_shape = memref.expand_shape %alloc [[0, 1]] output_shape [4, 6] : memref<24xf32> into memref<4x6xf32>
    return %expand_shape : memref<4x6xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3x4xf32>
    linalg.map outs(%alloc : memref<2x3x4xf32>)
      (%init: f32) {
        %2 = linalg.index 0 : index
        %3 = linalg.index 1 : index
        %4 = linalg.index 2 : index
        %c12 = arith.constant 12 : index
        %c4 = arith.constant 4 : index
        %5 = arith.muli %2, %c12 : index
        %6 = arith.muli %3, %c4 : index
        %7 = arith.addi %5, %6 : index
        %8 = arith.addi %7, %4 : index
        %9 = arith.index_cast %8 : index to i32
        %10 = arith.sitofp %9 : i32 to f32
        linalg.yield %10 : f32
      }
    %0 = call @flatten(%alloc) : (memref<2x3x4xf32>) -> memref<24xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<24xf32>
    memref.copy %0, %alloc_0 : memref<24xf32> to memref<24xf32>
    %cast = memref.cast %alloc_0 : memref<24xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %1 = call @double_as_matrix(%alloc) : (memref<2x3x4xf32>) -> memref<4x6xf32>
    %cast_1 = memref.cast %1 : memref<4x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

