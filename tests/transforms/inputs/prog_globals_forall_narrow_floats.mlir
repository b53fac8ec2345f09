module {
  memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]>
  memref.global "private" @scratch : memref<4xi64> = dense<0>
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefF64(memref<*xf64>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %0 = memref.get_global @table : memref<2x3xf32>
    %collapse_shape = memref.collapse_shape %0 [[0, 1]] : memref<2x3xf32> into memref<6xf32>
    %1 = bufferization.clone %collapse_shape : memref<6xf32> to memref<6xf32>
    %expand_shape = memref.expand_shape %1 [[0, 1]] output_shape [3, 2] : memref<6xf32> into memref<3x2xf32>
    %cast = memref.cast %expand_shape : memref<3x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = memref.get_global @scratch : memref<4xi64>
    scf.forall (%arg0) in (4) {
      %11 = arith.index_cast %arg0 : index to i64
      %12 = arith.muli %11, %11 : i64
      memref.store %12, %2[%arg0] : memref<4xi64>
    } {mapping = [#gpu.thread<x>]}
    %cast_0 = memref.cast %2 : memref<4xi64> to memref<*xi64>
    call @printMemrefI64(%cast_0) : (memref<*xi64>) -> ()
    %cst = arith.constant 1.500000e+00 : f16
    %3 = arith.mulf %cst, %cst : f16
    %cst_1 = arith.constant 3.250000e+00 : bf16
    %4 = arith.addf %cst_1, %cst_1 : bf16
    %c300_i16 = arith.constant 300 : i16
    %5 = arith.muli %c300_i16, %c300_i16 : i16
    %alloca = memref.alloca() : memref<4xf64>
    %6 = arith.extf %3 : f16 to f64
    %7 = arith.extf %4 : bf16 to f64
    %8 = arith.extsi %5 : i16 to i64
    %9 = arith.sitofp %8 : i64 to f64
    %cst_2 = arith.constant 0.69999999999999996 : f64
    %10 = math.sin %cst_2 : f64
    memref.store %6, %alloca[%c0] : memref<4xf64>
    memref.store %7, %alloca[%c1] : memref<4xf64>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    memref.store %9, %alloca[%c2] : memref<4xf64>
    memref.store %10, %alloca[%c3] : memref<4xf64>
    %cast_3 = memref.cast %alloca : memref<4xf64> to memref<*xf64>
    call @printMemrefF64(%cast_3) : (memref<*xf64>) -> ()
    return
  }
}

