#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @tiled_mul(%arg0: memref<6x8xf32>, %arg1: memref<6x8xf32>) -> memref<6x8xf32> {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    %0 = scf.for %arg2 = %c0 to %c6 step %c3 iter_args(%arg3 = %alloc) -> (memref<6x8xf32>) {
      %1 = scf.for %arg4 = %c0 to %c8 step %c4 iter_args(%arg5 = %arg3) -> (memref<6x8xf32>) {
        %subview = memref.subview %arg0[%arg2, %arg4] [3, 4] [1, 1] : memref<6x8xf32> to memref<3x4xf32, strided<[8, 1], offset: ?>>
        %subview_0 = memref.subview %arg1[%arg2, %arg4] [3, 4] [1, 1] : memref<6x8xf32> to memref<3x4xf32, strided<[8, 1], offset: ?>>
        %subview_1 = memref.subview %arg5[%arg2, %arg4] [3, 4] [1, 1] : memref<6x8xf32> to memref<3x4xf32, strided<[8, 1], offset: ?>>
        linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_0 : memref<3x4xf32, strided<[8, 1], offset: ?>>, memref<3x4xf32, strided<[8, 1], offset: ?>>) outs(%subview_1 : memref<3x4xf32, strided<[8, 1], offset: ?>>) {
        ^bb0(%in: f32, %in_3: f32, %out: f32):
          %2 = arith.mulf %in, %in_3 : f32
          linalg.yield %2 : f32
        }
        %subview_2 = memref.subview %arg5[%arg2, %arg4] [3, 4] [1, 1] : memref<6x8xf32> to memref<3x4xf32, strided<[8, 1], offset: ?>>
        memref.copy %subview_1, %subview_2 : memref<3x4xf32, strided<[8, 1], offset: ?>> to memref<3x4xf32, strided<[8, 1], offset: ?>>
        scf.yield %arg5 : memref<6x8xf32>
      }
      scf.yield %1 : memref<6x8xf32>
    }
    return %0 : memref<6x8xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    linalg.map outs(%alloc : memref<6x8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %c1 = arith.constant 1 : index
        %3 = arith.addi %1, %c1 : index
        %4 = arith.index_cast %3 : index to i32
        %5 = arith.sitofp %4 : i32 to f32
        linalg.yield %5 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    linalg.map outs(%alloc_0 : memref<6x8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %3 = arith.index_cast %2 : index to i32
        %c2_i32 = arith.constant 2 : i32
        %4 = arith.subi %3, %c2_i32 : i32
        %5 = arith.sitofp %4 : i32 to f32
        linalg.yield %5 : f32
      }
    %0 = call @tiled_mul(%alloc, %alloc_0) : (memref<6x8xf32>, memref<6x8xf32>) -> memref<6x8xf32>
    %cast = memref.cast %0 : memref<6x8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

