module {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefF64(memref<*xf64>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %alloc = memref.alloc() : memref<4x6xf32>
    scf.for %arg0 = %c0 to %c4 step %c1 {
      scf.for %arg1 = %c0 to %c6 step %c1 {
        %2 = arith.muli %arg0, %c6 : index
        %3 = arith.addi %2, %arg1 : index
        %4 = arith.index_cast %3 : index to i32
        %5 = arith.sitofp %4 : i32 to f32
        memref.store %5, %alloc[%arg0, %arg1] : memref<4x6xf32>
      }
    }
    %subview = memref.subview %alloc[1, 1] [2, 3] [2, 2] : memref<4x6xf32> to memref<2x3xf32, strided<[12, 2], offset: 7>>
    %cast = memref.cast %subview : memref<2x3xf32, strided<[12, 2], offset: 7>> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloc_0 = memref.alloc() : memref<2x3xf32>
    memref.copy %subview, %alloc_0 : memref<2x3xf32, strided<[12, 2], offset: 7>> to memref<2x3xf32>
    %cst = arith.constant -1.000000e+00 : f32
    memref.store %cst, %subview[%c0, %c0] : memref<2x3xf32, strided<[12, 2], offset: 7>>
    %cast_1 = memref.cast %alloc : memref<4x6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %alloc_0 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %subview_3 = memref.subview %alloc[0, 5] [4, 1] [1, 1] : memref<4x6xf32> to memref<4xf32, strided<[6], offset: 5>>
    %0 = memref.load %subview_3[%c2] : memref<4xf32, strided<[6], offset: 5>>
    %alloca = memref.alloca() : memref<3xf64>
    %1 = arith.extf %0 : f32 to f64
    %cst_4 = arith.constant 0.33333333333333331 : f64
    %cst_5 = arith.constant 1.000000e+20 : f64
    memref.store %1, %alloca[%c0] : memref<3xf64>
    memref.store %cst_4, %alloca[%c1] : memref<3xf64>
    memref.store %cst_5, %alloca[%c2] : memref<3xf64>
    %cast_6 = memref.cast %alloca : memref<3xf64> to memref<*xf64>
    call @printMemrefF64(%cast_6) : (memref<*xf64>) -> ()
    return
  }
}

