module {
  func.func private @printF32(f32)
  func.func private @printF64(f64)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @pf(%arg0: f32) {
    call @printF32(%arg0) : (f32) -> ()
    call @printNewline() : () -> ()
    return
  }
  func.func @pd(%arg0: f64) {
    call @printF64(%arg0) : (f64) -> ()
    call @printNewline() : () -> ()
    return
  }
  func.func @cmps(%arg0: f32, %arg1: f32) -> memref<16xi32> {
    %0 = arith.cmpf false, %arg0, %arg1 : f32
    %1 = arith.cmpf oeq, %arg0, %arg1 : f32
    %2 = arith.cmpf ogt, %arg0, %arg1 : f32
    %3 = arith.cmpf oge, %arg0, %arg1 : f32
    %4 = arith.cmpf olt, %arg0, %arg1 : f32
    %5 = arith.cmpf ole, %arg0, %arg1 : f32
    %6 = arith.cmpf one, %arg0, %arg1 : f32
    %7 = arith.cmpf ord, %arg0, %arg1 : f32
    %8 = arith.cmpf ueq, %arg0, %arg1 : f32
    %9 = arith.cmpf ugt, %arg0, %arg1 : f32
    %10 = arith.cmpf uge, %arg0, %arg1 : f32
    %11 = arith.cmpf ult, %arg0, %arg1 : f32
    %12 = arith.cmpf ule, %arg0, %arg1 : f32
    %13 = arith.cmpf une, %arg0, %arg1 : f32
    %14 = arith.cmpf uno, %arg0, %arg1 : f32
    %15 = arith.cmpf true, %arg0, %arg1 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<16xi1>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %c15 = arith.constant 15 : index
    memref.store %0, %alloc[%c0] : memref<16xi1>
    memref.store %1, %alloc[%c1] : memref<16xi1>
    memref.store %2, %alloc[%c2] : memref<16xi1>
    memref.store %3, %alloc[%c3] : memref<16xi1>
    memref.store %4, %alloc[%c4] : memref<16xi1>
    memref.store %5, %alloc[%c5] : memref<16xi1>
    memref.store %6, %alloc[%c6] : memref<16xi1>
    memref.store %7, %alloc[%c7] : memref<16xi1>
    memref.store %8, %alloc[%c8] : memref<16xi1>
    memref.store %9, %alloc[%c9] : memref<16xi1>
    memref.store %10, %alloc[%c10] : memref<16xi1>
    memref.store %11, %alloc[%c11] : memref<16xi1>
    memref.store %12, %alloc[%c12] : memref<16xi1>
    memref.store %13, %alloc[%c13] : memref<16xi1>
    memref.store %14, %alloc[%c14] : memref<16xi1>
    memref.store %15, %alloc[%c15] : memref<16xi1>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<16xi32>
    linalg.map { arith.extui } ins(%alloc : memref<16xi1>) outs(%alloc_0 : memref<16xi32>)
    return %alloc_0 : memref<16xi32>
  }
  func.func @pcmp(%arg0: f32, %arg1: f32) {
    %0 = call @cmps(%arg0, %arg1) : (f32, f32) -> memref<16xi32>
    %cast = memref.cast %0 : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    return
  }
  func.func @main() {
    %cst = arith.constant 7.500000e+00 : f32
    %cst_0 = arith.constant -2.000000e+00 : f32
    %cst_1 = arith.constant 0x7FC00000 : f32
    %cst_2 = arith.constant 0x7F800000 : f32
    %cst_3 = arith.constant 0xFF800000 : f32
    %cst_4 = arith.constant 0.000000e+00 : f32
    %cst_5 = arith.constant -0.000000e+00 : f32
    %0 = arith.addf %cst, %cst_0 : f32
    call @pf(%0) : (f32) -> ()
    %1 = arith.subf %cst_0, %cst fastmath<nnan,ninf> : f32
    call @pf(%1) : (f32) -> ()
    %2 = arith.mulf %cst, %cst_0 fastmath<fast> : f32
    call @pf(%2) : (f32) -> ()
    %3 = arith.divf %cst, %cst_0 : f32
    call @pf(%3) : (f32) -> ()
    %4 = arith.remf %cst, %cst_0 : f32
    call @pf(%4) : (f32) -> ()
    %5 = arith.negf %cst : f32
    call @pf(%5) : (f32) -> ()
    %6 = arith.divf %cst, %cst_4 : f32
    call @pf(%6) : (f32) -> ()
    %7 = arith.divf %cst_4, %cst_4 : f32
    %8 = arith.cmpf uno, %7, %7 : f32
    %9 = arith.extui %8 : i1 to i64
    call @printI64(%9) : (i64) -> ()
    call @printNewline() : () -> ()
    %10 = arith.maximumf %cst_5, %cst_4 : f32
    call @pf(%10) : (f32) -> ()
    %11 = arith.minimumf %cst_5, %cst_4 : f32
    call @pf(%11) : (f32) -> ()
    %12 = arith.maxnumf %cst_1, %cst : f32
    call @pf(%12) : (f32) -> ()
    %13 = arith.minnumf %cst_0, %cst_1 : f32
    call @pf(%13) : (f32) -> ()
    %14 = arith.maximumf %cst_3, %cst_0 : f32
    call @pf(%14) : (f32) -> ()
    %15 = arith.minimumf %cst_2, %cst : f32
    call @pf(%15) : (f32) -> ()
    call @pcmp(%cst, %cst_0) : (f32, f32) -> ()
    call @pcmp(%cst_0, %cst_0) : (f32, f32) -> ()
    call @pcmp(%cst, %cst_1) : (f32, f32) -> ()
    call @pcmp(%cst_5, %cst_4) : (f32, f32) -> ()
    %cst_6 = arith.constant -7.750000e+00 : f32
    %16 = arith.fptosi %cst_6 : f32 to i32
    %17 = arith.extsi %16 : i32 to i64
    call @printI64(%17) : (i64) -> ()
    call @printNewline() : () -> ()
    %18 = arith.fptoui %cst : f32 to i16
    %19 = arith.extui %18 : i16 to i64
    call @printI64(%19) : (i64) -> ()
    call @printNewline() : () -> ()
    %c-1_i32 = arith.constant -1 : i32
    %20 = arith.uitofp %c-1_i32 : i32 to f32
    call @pf(%20) : (f32) -> ()
    %21 = arith.sitofp %c-1_i32 : i32 to f64
    call @pd(%21) : (f64) -> ()
    %cst_7 = arith.constant 0.33333333333333331 : f64
    %22 = arith.truncf %cst_7 : f64 to f32
    call @pf(%22) : (f32) -> ()
    %23 = arith.extf %22 : f32 to f64
    call @pd(%23) : (f64) -> ()
    call @pd(%cst_7) : (f64) -> ()
    %24 = arith.bitcast %cst : f32 to i32
    %25 = arith.extui %24 : i32 to i64
    call @printI64(%25) : (i64) -> ()
    call @printNewline() : () -> ()
    %cst_8 = arith.constant 1.500000e+00 : f64
    call @pd(%cst_8) : (f64) -> ()
    %26 = arith.select %8, %cst, %cst_0 : f32
    call @pf(%26) : (f32) -> ()
    %cst_9 = arith.constant 1.000000e-30 : f32
    %27 = arith.mulf %cst_9, %cst_9 : f32
    call @pf(%27) : (f32) -> ()
    %cst_10 = arith.constant 3.000000e+38 : f32
    %28 = arith.addf %cst_10, %cst_10 : f32
    call @pf(%28) : (f32) -> ()
    %29 = arith.subf %cst_3, %cst_2 : f32
    call @pf(%29) : (f32) -> ()
    %cst_11 = arith.constant 1.000000e+300 : f64
    %30 = arith.mulf %cst_11, %cst_11 : f64
    call @pd(%30) : (f64) -> ()
    %cst_12 = arith.constant 123456789.125 : f64
    call @pd(%cst_12) : (f64) -> ()
    %cst_13 = arith.constant 9.9999999999999995E-8 : f64
    call @pd(%cst_13) : (f64) -> ()
    %cst_14 = arith.constant -2.500000e+20 : f64
    call @pd(%cst_14) : (f64) -> ()
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<12xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    memref.store %0, %alloc[%c0] : memref<12xf32>
    memref.store %1, %alloc[%c1] : memref<12xf32>
    memref.store %3, %alloc[%c2] : memref<12xf32>
    memref.store %4, %alloc[%c3] : memref<12xf32>
    memref.store %6, %alloc[%c4] : memref<12xf32>
    memref.store %10, %alloc[%c5] : memref<12xf32>
    memref.store %11, %alloc[%c6] : memref<12xf32>
    memref.store %14, %alloc[%c7] : memref<12xf32>
    memref.store %27, %alloc[%c8] : memref<12xf32>
    memref.store %28, %alloc[%c9] : memref<12xf32>
    memref.store %22, %alloc[%c10] : memref<12xf32>
    memref.store %cst_6, %alloc[%c11] : memref<12xf32>
    %cast = memref.cast %alloc : memref<12xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

