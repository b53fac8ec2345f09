module {
  memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]>
  memref.global "private" @counter : memref<2xi64> = dense<[10, 20]>
  memref.global "private" @scratch : memref<4xi32> = uninitialized
  func.func @bump() -> i64 {
    %0 = memref.get_global @counter : memref<2xi64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %1 = memref.load %0[%c0] : memref<2xi64>
    %2 = memref.load %0[%c1] : memref<2xi64>
    %3 = arith.addi %1, %2 : i64
    memref.store %3, %0[%c0] : memref<2xi64>
    return %3 : i64
  }
  func.func @fill_iota(%arg0: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
    scf.for %arg1 = %c0 to %dim step %c1 {
      scf.for %arg2 = %c0 to %dim_0 step %c1 {
        %0 = arith.muli %arg1, %dim_0 : index
        %1 = arith.addi %0, %arg2 : index
        %2 = arith.index_cast %1 : index to i32
        %3 = arith.sitofp %2 : i32 to f32
        memref.store %3, %arg0[%arg1, %arg2] : memref<?x?xf32>
      }
    }
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %alloc = memref.alloc(%c4, %c6) : memref<?x?xf32>
    call @fill_iota(%alloc) : (memref<?x?xf32>) -> ()
    %cast = memref.cast %alloc : memref<?x?xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %subview = memref.subview %alloc[1, 0] [3, 3] [1, 2] : memref<?x?xf32> to memref<3x3xf32, strided<[?, 2], offset: ?>>
    %cast_0 = memref.cast %subview : memref<3x3xf32, strided<[?, 2], offset: ?>> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    %subview_1 = memref.subview %alloc[2, 0] [1, 6] [1, 1] : memref<?x?xf32> to memref<6xf32, strided<[1], offset: ?>>
    %cast_2 = memref.cast %subview_1 : memref<6xf32, strided<[1], offset: ?>> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %subview_3 = memref.subview %subview[1, 1] [2, 2] [1, 1] : memref<3x3xf32, strided<[?, 2], offset: ?>> to memref<2x2xf32, strided<[?, 2], offset: ?>>
    %cst = arith.constant -1.000000e+00 : f32
    memref.store %cst, %subview_3[%c1, %c0] : memref<2x2xf32, strided<[?, 2], offset: ?>>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloca = memref.alloca() : memref<3x3xf32>
    memref.copy %subview, %alloca : memref<3x3xf32, strided<[?, 2], offset: ?>> to memref<3x3xf32>
    %cast_4 = memref.cast %alloca : memref<3x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_4) : (memref<*xf32>) -> ()
    %alloc_5 = memref.alloc() : memref<2x3x4xf32>
    %collapse_shape = memref.collapse_shape %alloc_5 [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
    %c24 = arith.constant 24 : index
    scf.for %arg0 = %c0 to %c24 step %c1 {
      %4 = arith.index_cast %arg0 : index to i32
      %5 = arith.sitofp %4 : i32 to f32
      memref.store %5, %collapse_shape[%arg0] : memref<24xf32>
    }
    %expand_shape = memref.expand_shape %collapse_shape [[0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
    %cast_6 = memref.cast %expand_shape : memref<6x4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_6) : (memref<*xf32>) -> ()
    %subview_7 = memref.subview %alloc_5[0, 0, 1] [2, 3, 2] [1, 1, 1] : memref<2x3x4xf32> to memref<2x3x2xf32, strided<[12, 4, 1], offset: 1>>
    %collapse_shape_8 = memref.collapse_shape %subview_7 [[0, 1], [2]] : memref<2x3x2xf32, strided<[12, 4, 1], offset: 1>> into memref<6x2xf32, strided<[4, 1], offset: 1>>
    %cast_9 = memref.cast %collapse_shape_8 : memref<6x2xf32, strided<[4, 1], offset: 1>> to memref<*xf32>
    call @printMemrefF32(%cast_9) : (memref<*xf32>) -> ()
    %reinterpret_cast = memref.reinterpret_cast %collapse_shape to offset: [2], sizes: [3, 2], strides: [5, 1] : memref<24xf32> to memref<3x2xf32, strided<[5, 1], offset: 2>>
    %cast_10 = memref.cast %reinterpret_cast : memref<3x2xf32, strided<[5, 1], offset: 2>> to memref<*xf32>
    call @printMemrefF32(%cast_10) : (memref<*xf32>) -> ()
    %c3 = arith.constant 3 : index
    %reinterpret_cast_11 = memref.reinterpret_cast %collapse_shape to offset: [%c1], sizes: [%c3], strides: [%c3] : memref<24xf32> to memref<?xf32, strided<[?], offset: ?>>
    %cast_12 = memref.cast %reinterpret_cast_11 : memref<?xf32, strided<[?], offset: ?>> to memref<*xf32>
    call @printMemrefF32(%cast_12) : (memref<*xf32>) -> ()
    %0 = memref.get_global @table : memref<2x3xf32>
    %cast_13 = memref.cast %0 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_13) : (memref<*xf32>) -> ()
    %1 = call @bump() : () -> i64
    %2 = call @bump() : () -> i64
    call @printI64(%1) : (i64) -> ()
    call @printNewline() : () -> ()
    call @printI64(%2) : (i64) -> ()
    call @printNewline() : () -> ()
    %3 = memref.get_global @scratch : memref<4xi32>
    %c7_i32 = arith.constant 7 : i32
    linalg.fill ins(%c7_i32 : i32) outs(%3 : memref<4xi32>)
    %cast_14 = memref.cast %3 : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%cast_14) : (memref<*xi32>) -> ()
    return
  }
}

