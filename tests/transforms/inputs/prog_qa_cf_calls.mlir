module {
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.500000e+00]> {alignment = 64 : i64}
  func.func private @printI64(i64)
  func.func private @printF64(f64)
  func.func private @printNewline()
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @p(%arg0: i64) {
    call @printI64(%arg0) : (i64) -> ()
    call @printNewline() : () -> ()
    return
  }
  func.func @prefix(%arg0: memref<6xf32>) -> memref<6xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0:2 = scf.for %arg1 = %c0 to %c6 step %c1 iter_args(%arg2 = %cst, %arg3 = %arg0) -> (f32, memref<6xf32>) {
      %1 = memref.load %arg3[%arg1] : memref<6xf32>
      %2 = arith.addf %arg2, %1 : f32
      memref.store %2, %arg3[%arg1] : memref<6xf32>
      scf.yield %2, %arg3 : f32, memref<6xf32>
    }
    return %0#1 : memref<6xf32>
  }
  func.func @classify(%arg0: i32) -> i64 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi slt, %arg0, %c0_i32 : i32
    cf.cond_br %0, ^bb3, ^bb1
  ^bb1:  // pred: ^bb0
    %1 = arith.cmpi sgt, %arg0, %c0_i32 : i32
    cf.cond_br %1, ^bb4(%arg0 : i32), ^bb2
  ^bb2:  // pred: ^bb1
    %c0_i64 = arith.constant 0 : i64
    return %c0_i64 : i64
  ^bb3:  // pred: ^bb0
    %2 = arith.extsi %arg0 : i32 to i64
    %c-100_i64 = arith.constant -100 : i64
    %3 = arith.addi %2, %c-100_i64 : i64
    return %3 : i64
  ^bb4(%4: i32):  // pred: ^bb1
    %5 = arith.extsi %4 : i32 to i64
    %c100_i64 = arith.constant 100 : i64
    %6 = arith.addi %5, %c100_i64 : i64
    return %6 : i64
  }
  func.func @same_succ(%arg0: i1, %arg1: i64) -> i64 {
    cf.cond_br %arg0, ^bb1(%arg1, %arg1 : i64, i64), ^bb1(%arg1, %arg1 : i64, i64)
  ^bb1(%0: i64, %1: i64):  // 2 preds: ^bb0, ^bb0
    %2 = arith.addi %0, %1 : i64
    return %2 : i64
  }
  func.func @fib(%arg0: i64) -> i64 {
    %c2_i64 = arith.constant 2 : i64
    %0 = arith.cmpi slt, %arg0, %c2_i64 : i64
    %1 = scf.if %0 -> (i64) {
      scf.yield %arg0 : i64
    } else {
      %c1_i64 = arith.constant 1 : i64
      %2 = arith.subi %arg0, %c1_i64 : i64
      %3 = arith.subi %arg0, %c2_i64 : i64
      %4 = func.call @fib(%2) : (i64) -> i64
      %5 = func.call @fib(%3) : (i64) -> i64
      %6 = arith.addi %4, %5 : i64
      scf.yield %6 : i64
    }
    return %1 : i64
  }
  func.func @is_even(%arg0: i64) -> i1 {
    %c0_i64 = arith.constant 0 : i64
    %0 = arith.cmpi eq, %arg0, %c0_i64 : i64
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %true = arith.constant true
    return %true : i1
  ^bb2:  // pred: ^bb0
    %c1_i64 = arith.constant 1 : i64
    %1 = arith.subi %arg0, %c1_i64 : i64
    %2 = call @is_odd(%1) : (i64) -> i1
    return %2 : i1
  }
  func.func @is_odd(%arg0: i64) -> i1 {
    %c0_i64 = arith.constant 0 : i64
    %0 = arith.cmpi eq, %arg0, %c0_i64 : i64
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %false = arith.constant false
    return %false : i1
  ^bb2:  // pred: ^bb0
    %c1_i64 = arith.constant 1 : i64
    %1 = arith.subi %arg0, %c1_i64 : i64
    %2 = call @is_even(%1) : (i64) -> i1
    return %2 : i1
  }
  func.func @stats(%arg0: memref<6xf32>) -> (f32, f32, i64, memref<6xf32>) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %0 = memref.load %arg0[%c0] : memref<6xf32>
    %1 = memref.load %arg0[%c5] : memref<6xf32>
    %c6_i64 = arith.constant 6 : i64
    %2 = call @prefix(%arg0) : (memref<6xf32>) -> memref<6xf32>
    return %0, %1, %c6_i64, %2 : f32, f32, i64, memref<6xf32>
  }
  func.func @main() {
    %c462_i64 = arith.constant 462 : i64
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc : memref<6xf32> to memref<6xf32>
    %1:4 = call @stats(%alloc) : (memref<6xf32>) -> (f32, f32, i64, memref<6xf32>)
    %2 = arith.extf %1#0 : f32 to f64
    call @printF64(%2) : (f64) -> ()
    call @printNewline() : () -> ()
    %3 = arith.extf %1#1 : f32 to f64
    call @printF64(%3) : (f64) -> ()
    call @printNewline() : () -> ()
    call @p(%1#2) : (i64) -> ()
    %cast = memref.cast %1#3 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc_0 : memref<6xf32> to memref<6xf32>
    %cast_1 = memref.cast %alloc_0 : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    %c-7_i32 = arith.constant -7 : i32
    %c0_i32 = arith.constant 0 : i32
    %c9_i32 = arith.constant 9 : i32
    %4 = call @classify(%c-7_i32) : (i32) -> i64
    call @p(%4) : (i64) -> ()
    %5 = call @classify(%c0_i32) : (i32) -> i64
    call @p(%5) : (i64) -> ()
    %6 = call @classify(%c9_i32) : (i32) -> i64
    call @p(%6) : (i64) -> ()
    %true = arith.constant true
    %7 = call @same_succ(%true, %c462_i64) : (i1, i64) -> i64
    call @p(%7) : (i64) -> ()
    %c20_i64 = arith.constant 20 : i64
    %8 = call @fib(%c20_i64) : (i64) -> i64
    call @p(%8) : (i64) -> ()
    %c11_i64 = arith.constant 11 : i64
    %9 = call @is_even(%c11_i64) : (i64) -> i1
    %10 = arith.extui %9 : i1 to i64
    call @p(%10) : (i64) -> ()
    %11 = call @is_odd(%c11_i64) : (i64) -> i1
    %12 = arith.extui %11 : i1 to i64
    call @p(%12) : (i64) -> ()
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<6xf32>
    memref.copy %0, %alloc_2 : memref<6xf32> to memref<6xf32>
    %13:4 = call @stats(%alloc_2) : (memref<6xf32>) -> (f32, f32, i64, memref<6xf32>)
    return
  }
}

