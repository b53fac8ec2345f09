#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @scale_rows(%arg0: memref<8x6xf32>, %arg1: f32) -> memref<8x6xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x6xf32>
    scf.forall (%arg2) in (4) {
      %c2 = arith.constant 2 : index
      %0 = arith.muli %arg2, %c2 : index
      %subview = memref.subview %arg0[%0, 0] [2, 6] [1, 1] : memref<8x6xf32> to memref<2x6xf32, strided<[6, 1], offset: ?>>
      %subview_0 = memref.subview %alloc[%0, 0] [2, 6] [1, 1] : memref<8x6xf32> to memref<2x6xf32, strided<[6, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%subview : memref<2x6xf32, strided<[6, 1], offset: ?>>) outs(%subview_0 : memref<2x6xf32, strided<[6, 1], offset: ?>>) {
      ^bb0(%in: f32, %out: f32):
        %1 = arith.mulf %in, %arg1 : f32
        linalg.yield %1 : f32
      }
      %subview_1 = memref.subview %alloc[%0, 0] [2, 6] [1, 1] : memref<8x6xf32> to memref<2x6xf32, strided<[6, 1], offset: ?>>
      memref.copy %subview_0, %subview_1 : memref<2x6xf32, strided<[6, 1], offset: ?>> to memref<2x6xf32, strided<[6, 1], offset: ?>>
    }
    return %alloc : memref<8x6xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x6xf32>
    linalg.map outs(%alloc : memref<8x6xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %c6 = arith.constant 6 : index
        %3 = arith.muli %1, %c6 : index
        %4 = arith.addi %3, %2 : index
        %5 = arith.index_cast %4 : index to i32
        %6 = arith.sitofp %5 : i32 to f32
        linalg.yield %6 : f32
      }
    %cst = arith.constant 5.000000e-01 : f32
    %0 = call @scale_rows(%alloc, %cst) : (memref<8x6xf32>, f32) -> memref<8x6xf32>
    %cast = memref.cast %0 : memref<8x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

