#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @negate_rows(%arg0: memref<6x4xf32>) -> memref<6x4xf32> {
    %subview = memref.subview %arg0[2, 0] [3, 4] [1, 1] : memref<6x4xf32> to memref<3x4xf32, strided<[4, 1], offset: 8>>
    linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%subview : memref<3x4xf32, strided<[4, 1], offset: 8>>) {
    ^bb0(%out: f32):
      %0 = arith.negf %out : f32
      linalg.yield %0 : f32
    }
    %subview_0 = memref.subview %arg0[2, 0] [3, 4] [1, 1] : memref<6x4xf32> to memref<3x4xf32, strided<[4, 1], offset: 8>>
    memref.copy %subview, %subview_0 : memref<3x4xf32, strided<[4, 1], offset: 8>> to memref<3x4xf32, strided<[4, 1], offset: 8>>
    return %arg0 : memref<6x4xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
    linalg.map outs(%alloc : memref<6x4xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %c10 = arith.constant 10 : index
        %3 = arith.muli %1, %c10 : index
        %4 = arith.addi %3, %2 : index
        %5 = arith.index_cast %4 : index to i32
        %6 = arith.sitofp %5 : i32 to f32
        linalg.yield %6 : f32
      }
    %0 = call @negate_rows(%alloc) : (memref<6x4xf32>) -> memref<6x4xf32>
    %cast = memref.cast %0 : memref<6x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

