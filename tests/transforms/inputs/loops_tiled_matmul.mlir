module {
  func.func @tiled_matmul(%arg0: memref<8x8xf32>, %arg1: memref<8x8xf32>) -> memref<8x8xf32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<8x8xf32>)
    %0 = scf.for %arg2 = %c0 to %c8 step %c2 iter_args(%arg3 = %alloc) -> (memref<8x8xf32>) {
      %subview = memref.subview %arg0[%arg2, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
      %subview_0 = memref.subview %arg3[%arg2, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
      linalg.matmul ins(%subview, %arg1 : memref<2x8xf32, strided<[8, 1], offset: ?>>, memref<8x8xf32>) outs(%subview_0 : memref<2x8xf32, strided<[8, 1], offset: ?>>)
      %subview_1 = memref.subview %arg3[%arg2, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
      memref.copy %subview_0, %subview_1 : memref<2x8xf32, strided<[8, 1], offset: ?>> to memref<2x8xf32, strided<[8, 1], offset: ?>>
      scf.yield %arg3 : memref<8x8xf32>
    }
    return %0 : memref<8x8xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
    linalg.map outs(%alloc : memref<8x8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %3 = arith.addi %1, %2 : index
        %4 = arith.index_cast %3 : index to i32
        %5 = arith.sitofp %4 : i32 to f32
        linalg.yield %5 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
    linalg.map outs(%alloc_0 : memref<8x8xf32>)
      (%init: f32) {
        %1 = linalg.index 0 : index
        %2 = linalg.index 1 : index
        %3 = arith.index_cast %1 : index to i32
        %4 = arith.index_cast %2 : index to i32
        %5 = arith.subi %3, %4 : i32
        %6 = arith.sitofp %5 : i32 to f32
        linalg.yield %6 : f32
      }
    %0 = call @tiled_matmul(%alloc, %alloc_0) : (memref<8x8xf32>, memref<8x8xf32>) -> memref<8x8xf32>
    %cast = memref.cast %0 : memref<8x8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

