module {
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[9.000000e+00, 8.000000e+00, 7.000000e+00]> {alignment = 64 : i64}
  func.func @mixed_iters(%arg0: index) -> (memref<4xf32>, f32, index, i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %c1_i64 = arith.constant 1 : i64
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
    %0:4 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %alloc, %arg3 = %cst, %arg4 = %c0, %arg5 = %c1_i64) -> (memref<4xf32>, f32, index, i64) {
      %1 = arith.remui %arg1, %c4 : index
      %2 = memref.load %arg2[%1] : memref<4xf32>
      %3 = arith.index_cast %arg1 : index to i64
      %4 = arith.sitofp %3 : i64 to f32
      %5 = arith.addf %2, %4 : f32
      memref.store %5, %arg2[%1] : memref<4xf32>
      %6 = arith.addf %arg3, %4 : f32
      %7 = arith.addi %arg4, %c1 : index
      %8 = arith.addi %3, %c1_i64 : i64
      %9 = arith.muli %arg5, %8 : i64
      scf.yield %arg2, %6, %7, %9 : memref<4xf32>, f32, index, i64
    }
    return %0#0, %0#1, %0#2, %0#3 : memref<4xf32>, f32, index, i64
  }
  func.func @i32_loop(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.for %arg3 = %arg0 to %arg1 step %arg2 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
      %1 = arith.muli %arg3, %arg3 : i32
      %2 = arith.addi %arg4, %1 : i32
      scf.yield %2 : i32
    }
    return %0 : i32
  }
  func.func @triangle() -> memref<4x4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c-1_i32 = arith.constant -1 : i32
    %c10_i32 = arith.constant 10 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
    linalg.fill ins(%c-1_i32 : i32) outs(%alloc : memref<4x4xi32>)
    %0 = scf.for %arg0 = %c0 to %c4 step %c1 iter_args(%arg1 = %alloc) -> (memref<4x4xi32>) {
      %1 = arith.addi %arg0, %c1 : index
      %2 = scf.for %arg2 = %c0 to %1 step %c1 iter_args(%arg3 = %arg1) -> (memref<4x4xi32>) {
        %3 = arith.index_cast %arg0 : index to i32
        %4 = arith.index_cast %arg2 : index to i32
        %5 = arith.muli %3, %c10_i32 : i32
        %6 = arith.addi %5, %4 : i32
        memref.store %6, %arg3[%arg0, %arg2] : memref<4x4xi32>
        scf.yield %arg3 : memref<4x4xi32>
      }
      scf.yield %2 : memref<4x4xi32>
    }
    return %0 : memref<4x4xi32>
  }
  func.func @classify(%arg0: f32, %arg1: memref<3xf32>) -> (memref<3xf32>, i32, f32) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+02 : f32
    %0 = arith.cmpf olt, %arg0, %cst : f32
    %1:3 = scf.if %0 -> (memref<3xf32>, i32, f32) {
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
      linalg.fill ins(%arg0 : f32) outs(%alloc : memref<3xf32>)
      %c-1_i32 = arith.constant -1 : i32
      %2 = math.absf %arg0 : f32
      scf.yield %alloc, %c-1_i32, %2 : memref<3xf32>, i32, f32
    } else {
      %2 = arith.cmpf ogt, %arg0, %cst_0 : f32
      %3:2 = scf.if %2 -> (i32, f32) {
        %c2_i32 = arith.constant 2 : i32
        scf.yield %c2_i32, %cst_0 : i32, f32
      } else {
        %c1_i32 = arith.constant 1 : i32
        scf.yield %c1_i32, %arg0 : i32, f32
      }
      %c0 = arith.constant 0 : index
      memref.store %3#1, %arg1[%c0] : memref<3xf32>
      scf.yield %arg1, %3#0, %3#1 : memref<3xf32>, i32, f32
    }
    return %1#0, %1#1, %1#2 : memref<3xf32>, i32, f32
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printF32(f32)
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @show(%arg0: memref<3xf32>, %arg1: i32, %arg2: f32) {
    %cast = memref.cast %arg0 : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %0 = arith.extsi %arg1 : i32 to i64
    call @printI64(%0) : (i64) -> ()
    call @printNewline() : () -> ()
    call @printF32(%arg2) : (f32) -> ()
    call @printNewline() : () -> ()
    return
  }
  func.func @main() {
    %c7 = arith.constant 7 : index
    %0:4 = call @mixed_iters(%c7) : (index) -> (memref<4xf32>, f32, index, i64)
    %cast = memref.cast %0#0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    call @printF32(%0#1) : (f32) -> ()
    call @printNewline() : () -> ()
    %1 = arith.index_cast %0#2 : index to i64
    call @printI64(%1) : (i64) -> ()
    call @printNewline() : () -> ()
    call @printI64(%0#3) : (i64) -> ()
    call @printNewline() : () -> ()
    %c0 = arith.constant 0 : index
    %2:4 = call @mixed_iters(%c0) : (index) -> (memref<4xf32>, f32, index, i64)
    %cast_0 = memref.cast %2#0 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    call @printI64(%2#3) : (i64) -> ()
    call @printNewline() : () -> ()
    %c-3_i32 = arith.constant -3 : i32
    %c10_i32 = arith.constant 10 : i32
    %c4_i32 = arith.constant 4 : i32
    %3 = call @i32_loop(%c-3_i32, %c10_i32, %c4_i32) : (i32, i32, i32) -> i32
    %4 = arith.extsi %3 : i32 to i64
    call @printI64(%4) : (i64) -> ()
    call @printNewline() : () -> ()
    %5 = call @triangle() : () -> memref<4x4xi32>
    %cast_1 = memref.cast %5 : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%cast_1) : (memref<*xi32>) -> ()
    %6 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %cst = arith.constant -2.500000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    memref.copy %6, %alloc : memref<3xf32> to memref<3xf32>
    %7:3 = call @classify(%cst, %alloc) : (f32, memref<3xf32>) -> (memref<3xf32>, i32, f32)
    call @show(%7#0, %7#1, %7#2) : (memref<3xf32>, i32, f32) -> ()
    %cst_2 = arith.constant 2.500000e+02 : f32
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    memref.copy %6, %alloc_3 : memref<3xf32> to memref<3xf32>
    %8:3 = call @classify(%cst_2, %alloc_3) : (f32, memref<3xf32>) -> (memref<3xf32>, i32, f32)
    call @show(%8#0, %8#1, %8#2) : (memref<3xf32>, i32, f32) -> ()
    %cst_4 = arith.constant 4.200000e+01 : f32
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    memref.copy %6, %alloc_5 : memref<3xf32> to memref<3xf32>
    %9:3 = call @classify(%cst_4, %alloc_5) : (f32, memref<3xf32>) -> (memref<3xf32>, i32, f32)
    call @show(%9#0, %9#1, %9#2) : (memref<3xf32>, i32, f32) -> ()
    return
  }
}

