module {
  func.func @dyn_window(%arg0: memref<6x8xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index) -> memref<?x?xf32> {
    %subview = memref.subview %arg0[%arg1, %arg2] [%arg3, %arg4] [1, %arg5] : memref<6x8xf32> to memref<?x?xf32, strided<[8, ?], offset: ?>>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %subview, %c0 : memref<?x?xf32, strided<[8, ?], offset: ?>>
    %c1 = arith.constant 1 : index
    %dim_0 = memref.dim %subview, %c1 : memref<?x?xf32, strided<[8, ?], offset: ?>>
    %alloc = memref.alloc(%dim, %dim_0) {alignment = 64 : i64} : memref<?x?xf32>
    memref.copy %subview, %alloc : memref<?x?xf32, strided<[8, ?], offset: ?>> to memref<?x?xf32>
    return %alloc : memref<?x?xf32>
  }
  func.func @row_and_col(%arg0: memref<6x8xf32>, %arg1: index) -> (memref<8xf32>, memref<6xf32>) {
    %subview = memref.subview %arg0[%arg1, 0] [1, 8] [1, 1] : memref<6x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    %c3 = arith.constant 3 : index
    %subview_0 = memref.subview %arg0[0, %c3] [6, 1] [1, 1] : memref<6x8xf32> to memref<6xf32, strided<[8], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %subview, %alloc : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %subview_0, %alloc_1 : memref<6xf32, strided<[8], offset: ?>> to memref<6xf32>
    return %alloc, %alloc_1 : memref<8xf32>, memref<6xf32>
  }
  func.func @scatter_rows(%arg0: memref<6x8xf32>, %arg1: memref<8xf32>) -> memref<6x8xf32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %0 = scf.for %arg2 = %c0 to %c6 step %c2 iter_args(%arg3 = %arg0) -> (memref<6x8xf32>) {
      %subview = memref.subview %arg3[%arg2, 0] [1, 8] [1, 1] : memref<6x8xf32> to memref<8xf32, strided<[1], offset: ?>>
      memref.copy %arg1, %subview : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
      scf.yield %arg3 : memref<6x8xf32>
    }
    return %0 : memref<6x8xf32>
  }
  func.func @strided_insert(%arg0: memref<6x8xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) -> memref<6x8xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = memref.dim %arg1, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg1, %c1 : memref<?x?xf32>
    %subview = memref.subview %arg0[%arg2, 1] [%dim, %dim_0] [%arg3, 2] : memref<6x8xf32> to memref<?x?xf32, strided<[?, 2], offset: ?>>
    memref.copy %arg1, %subview : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2], offset: ?>>
    return %arg0 : memref<6x8xf32>
  }
  func.func @slice_of_slice(%arg0: memref<6x8xf32>) -> memref<2x2xf32> {
    %subview = memref.subview %arg0[1, 1] [4, 6] [1, 1] : memref<6x8xf32> to memref<4x6xf32, strided<[8, 1], offset: 9>>
    %subview_0 = memref.subview %subview[1, 2] [2, 2] [2, 2] : memref<4x6xf32, strided<[8, 1], offset: 9>> to memref<2x2xf32, strided<[16, 2], offset: 19>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    memref.copy %subview_0, %alloc : memref<2x2xf32, strided<[16, 2], offset: 19>> to memref<2x2xf32>
    return %alloc : memref<2x2xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @print2(%arg0: memref<?x?xf32>) {
    %cast = memref.cast %arg0 : memref<?x?xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    linalg.map outs(%alloc : memref<6x8xf32>)
      (%init: f32) {
        %5 = linalg.index 0 : index
        %6 = linalg.index 1 : index
        %c10 = arith.constant 10 : index
        %7 = arith.muli %5, %c10 : index
        %8 = arith.addi %7, %6 : index
        %9 = arith.index_cast %8 : index to i64
        %10 = arith.sitofp %9 : i64 to f32
        linalg.yield %10 : f32
      }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %0 = call @dyn_window(%alloc, %c1, %c1, %c3, %c3, %c2) : (memref<6x8xf32>, index, index, index, index, index) -> memref<?x?xf32>
    %c0_0 = arith.constant 0 : index
    %dim = memref.dim %0, %c0_0 : memref<?x?xf32>
    %c1_1 = arith.constant 1 : index
    %dim_2 = memref.dim %0, %c1_1 : memref<?x?xf32>
    %alloc_3 = memref.alloc(%dim, %dim_2) {alignment = 64 : i64} : memref<?x?xf32>
    memref.copy %0, %alloc_3 : memref<?x?xf32> to memref<?x?xf32>
    call @print2(%alloc_3) : (memref<?x?xf32>) -> ()
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    memref.copy %alloc, %alloc_4 : memref<6x8xf32> to memref<6x8xf32>
    %1:2 = call @row_and_col(%alloc_4, %c2) : (memref<6x8xf32>, index) -> (memref<8xf32>, memref<6xf32>)
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %1#0, %alloc_5 : memref<8xf32> to memref<8xf32>
    %cast = memref.cast %alloc_5 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_6 = memref.cast %1#1 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_6) : (memref<*xf32>) -> ()
    %cst = arith.constant 0.000000e+00 : f32
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_7 : memref<6x8xf32>)
    %2 = call @scatter_rows(%alloc_7, %1#0) : (memref<6x8xf32>, memref<8xf32>) -> memref<6x8xf32>
    %cast_8 = memref.cast %2 : memref<6x8xf32> to memref<?x?xf32>
    call @print2(%cast_8) : (memref<?x?xf32>) -> ()
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<6x8xf32>
    memref.copy %alloc, %alloc_9 : memref<6x8xf32> to memref<6x8xf32>
    %3 = call @strided_insert(%alloc_9, %0, %c0, %c2) : (memref<6x8xf32>, memref<?x?xf32>, index, index) -> memref<6x8xf32>
    %cast_10 = memref.cast %3 : memref<6x8xf32> to memref<?x?xf32>
    call @print2(%cast_10) : (memref<?x?xf32>) -> ()
    %4 = call @slice_of_slice(%alloc) : (memref<6x8xf32>) -> memref<2x2xf32>
    %cast_11 = memref.cast %4 : memref<2x2xf32> to memref<?x?xf32>
    call @print2(%cast_11) : (memref<?x?xf32>) -> ()
    return
  }
}

