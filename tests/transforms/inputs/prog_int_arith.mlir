module {
  func.func @mix(%arg0: i32, %arg1: i32) -> memref<12xi32> {
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.addi %c2147483647_i32, %c1_i32 : i32
    %1 = arith.divsi %arg0, %arg1 : i32
    %2 = arith.remsi %arg0, %arg1 : i32
    %3 = arith.divui %arg0, %c3_i32 : i32
    %4 = arith.floordivsi %arg0, %arg1 : i32
    %5 = arith.ceildivsi %arg0, %arg1 : i32
    %6 = arith.shli %arg1, %c3_i32 : i32
    %7 = arith.shrsi %arg0, %c1_i32 : i32
    %8 = arith.shrui %arg0, %c3_i32 : i32
    %9 = arith.maxsi %arg0, %arg1 : i32
    %10 = arith.cmpi ult, %arg0, %arg1 : i32
    %11 = arith.select %10, %arg0, %arg1 : i32
    %12 = arith.xori %arg0, %arg1 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<12xi32>
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
    memref.store %0, %alloc[%c0] : memref<12xi32>
    memref.store %1, %alloc[%c1] : memref<12xi32>
    memref.store %2, %alloc[%c2] : memref<12xi32>
    memref.store %3, %alloc[%c3] : memref<12xi32>
    memref.store %4, %alloc[%c4] : memref<12xi32>
    memref.store %5, %alloc[%c5] : memref<12xi32>
    memref.store %6, %alloc[%c6] : memref<12xi32>
    memref.store %7, %alloc[%c7] : memref<12xi32>
    memref.store %8, %alloc[%c8] : memref<12xi32>
    memref.store %9, %alloc[%c9] : memref<12xi32>
    memref.store %11, %alloc[%c10] : memref<12xi32>
    memref.store %12, %alloc[%c11] : memref<12xi32>
    return %alloc : memref<12xi32>
  }
  func.func @casts(%arg0: i32) -> memref<6xi64> {
    %0 = arith.trunci %arg0 : i32 to i8
    %1 = arith.extsi %0 : i8 to i64
    %2 = arith.extui %0 : i8 to i64
    %3 = arith.sitofp %arg0 : i32 to f32
    %cst = arith.constant 5.000000e-01 : f32
    %4 = arith.mulf %3, %cst : f32
    %5 = arith.fptosi %4 : f32 to i64
    %6 = arith.index_cast %arg0 : i32 to index
    %7 = arith.index_cast %6 : index to i64
    %8 = arith.muli %7, %7 : i64
    %9 = arith.subi %1, %8 : i64
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<6xi64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    memref.store %1, %alloc[%c0] : memref<6xi64>
    memref.store %2, %alloc[%c1] : memref<6xi64>
    memref.store %5, %alloc[%c2] : memref<6xi64>
    memref.store %7, %alloc[%c3] : memref<6xi64>
    memref.store %8, %alloc[%c4] : memref<6xi64>
    memref.store %9, %alloc[%c5] : memref<6xi64>
    return %alloc : memref<6xi64>
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c-7_i32 = arith.constant -7 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = call @mix(%c-7_i32, %c2_i32) : (i32, i32) -> memref<12xi32>
    %cast = memref.cast %0 : memref<12xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    %c300_i32 = arith.constant 300 : i32
    %1 = call @casts(%c300_i32) : (i32) -> memref<6xi64>
    %cast_0 = memref.cast %1 : memref<6xi64> to memref<*xi64>
    call @printMemrefI64(%cast_0) : (memref<*xi64>) -> ()
    return
  }
}

