module {
  func.func @collapse3(%arg0: memref<2x3x4xi32>) -> memref<6x4xi32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2]] : memref<2x3x4xi32> into memref<6x4xi32>
    return %collapse_shape : memref<6x4xi32>
  }
  func.func @expand_dyn(%arg0: memref<?xi32>, %arg1: index) -> memref<?x4xi32> {
    %expand_shape = memref.expand_shape %arg0 [[0, 1]] output_shape [%arg1, 4] : memref<?xi32> into memref<?x4xi32>
    return %expand_shape : memref<?x4xi32>
  }
  func.func @unit_dims(%arg0: memref<6x4xi32>) -> memref<1x6x1x4x1xi32> {
    %expand_shape = memref.expand_shape %arg0 [[0, 1], [2, 3, 4]] output_shape [1, 6, 1, 4, 1] : memref<6x4xi32> into memref<1x6x1x4x1xi32>
    return %expand_shape : memref<1x6x1x4x1xi32>
  }
  func.func @to_scalar_shape(%arg0: memref<1x1xi32>) -> memref<i32> {
    %collapse_shape = memref.collapse_shape %arg0 [] : memref<1x1xi32> into memref<i32>
    return %collapse_shape : memref<i32>
  }
  func.func @dims(%arg0: memref<?x?x?xi32>) -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?x?xi32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?x?xi32>
    %dim_1 = memref.dim %arg0, %c2 : memref<?x?x?xi32>
    return %dim, %dim_0, %dim_1 : index, index, index
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3x4xi32>
    linalg.map outs(%alloc : memref<2x3x4xi32>)
      (%init: i32) {
        %8 = linalg.index 0 : index
        %9 = linalg.index 1 : index
        %10 = linalg.index 2 : index
        %c100 = arith.constant 100 : index
        %c10 = arith.constant 10 : index
        %11 = arith.muli %8, %c100 : index
        %12 = arith.muli %9, %c10 : index
        %13 = arith.addi %11, %12 : index
        %14 = arith.addi %13, %10 : index
        %15 = arith.index_cast %14 : index to i32
        linalg.yield %15 : i32
      }
    %0 = call @collapse3(%alloc) : (memref<2x3x4xi32>) -> memref<6x4xi32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6x4xi32>
    memref.copy %0, %alloc_0 : memref<6x4xi32> to memref<6x4xi32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<6x4xi32>
    memref.copy %alloc_0, %alloc_1 : memref<6x4xi32> to memref<6x4xi32>
    %cast = memref.cast %alloc_1 : memref<6x4xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    %collapse_shape = memref.collapse_shape %alloc_0 [[0, 1]] : memref<6x4xi32> into memref<24xi32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<24xi32>
    memref.copy %collapse_shape, %alloc_2 : memref<24xi32> to memref<24xi32>
    %cast_3 = memref.cast %alloc_2 : memref<24xi32> to memref<?xi32>
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %subview = memref.subview %cast_3[%c3] [%c8] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %dim = memref.dim %subview, %c0 : memref<?xi32, strided<[1], offset: ?>>
    %alloc_4 = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xi32>
    memref.copy %subview, %alloc_4 : memref<?xi32, strided<[1], offset: ?>> to memref<?xi32>
    %1 = call @expand_dyn(%alloc_4, %c2) : (memref<?xi32>, index) -> memref<?x4xi32>
    %cast_5 = memref.cast %1 : memref<?x4xi32> to memref<*xi32>
    call @printMemrefI32(%cast_5) : (memref<*xi32>) -> ()
    %2 = call @unit_dims(%alloc_0) : (memref<6x4xi32>) -> memref<1x6x1x4x1xi32>
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x6x1x4x1xi32>
    memref.copy %2, %alloc_6 : memref<1x6x1x4x1xi32> to memref<1x6x1x4x1xi32>
    %cast_7 = memref.cast %alloc_6 : memref<1x6x1x4x1xi32> to memref<*xi32>
    call @printMemrefI32(%cast_7) : (memref<*xi32>) -> ()
    %subview_8 = memref.subview %alloc_0[5, 3] [1, 1] [1, 1] : memref<6x4xi32> to memref<1x1xi32, strided<[4, 1], offset: 23>>
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x1xi32>
    memref.copy %subview_8, %alloc_9 : memref<1x1xi32, strided<[4, 1], offset: 23>> to memref<1x1xi32>
    %3 = call @to_scalar_shape(%alloc_9) : (memref<1x1xi32>) -> memref<i32>
    %cast_10 = memref.cast %3 : memref<i32> to memref<*xi32>
    call @printMemrefI32(%cast_10) : (memref<*xi32>) -> ()
    %cast_11 = memref.cast %alloc : memref<2x3x4xi32> to memref<?x?x?xi32>
    %4:3 = call @dims(%cast_11) : (memref<?x?x?xi32>) -> (index, index, index)
    %5 = arith.index_cast %4#0 : index to i64
    %6 = arith.index_cast %4#1 : index to i64
    %7 = arith.index_cast %4#2 : index to i64
    call @printI64(%5) : (i64) -> ()
    call @printNewline() : () -> ()
    call @printI64(%6) : (i64) -> ()
    call @printNewline() : () -> ()
    call @printI64(%7) : (i64) -> ()
    call @printNewline() : () -> ()
    %cast_12 = memref.cast %cast_11 : memref<?x?x?xi32> to memref<2x?x4xi32>
    %cast_13 = memref.cast %cast_12 : memref<2x?x4xi32> to memref<*xi32>
    call @printMemrefI32(%cast_13) : (memref<*xi32>) -> ()
    return
  }
}

