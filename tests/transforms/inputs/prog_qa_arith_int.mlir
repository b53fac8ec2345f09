#map = affine_map<(d0) -> (d0)>
module {
  memref.global "private" constant @__constant_8xi64_0 : memref<8xi64> = dense<3> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8xi64 : memref<8xi64> = dense<[1, -2, 300000, -400000, 5, 6, 7, 8]> {alignment = 64 : i64}
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @p(%arg0: i64) {
    call @printI64(%arg0) : (i64) -> ()
    call @printNewline() : () -> ()
    return
  }
  func.func @divs(%arg0: i32, %arg1: i32) -> memref<8xi64> {
    %0 = arith.divsi %arg0, %arg1 : i32
    %1 = arith.remsi %arg0, %arg1 : i32
    %2 = arith.ceildivsi %arg0, %arg1 : i32
    %3 = arith.floordivsi %arg0, %arg1 : i32
    %4 = arith.divui %arg0, %arg1 : i32
    %5 = arith.remui %arg0, %arg1 : i32
    %6 = arith.ceildivui %arg0, %arg1 : i32
    %7 = arith.maxui %arg0, %arg1 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    memref.store %0, %alloc[%c0] : memref<8xi32>
    memref.store %1, %alloc[%c1] : memref<8xi32>
    memref.store %2, %alloc[%c2] : memref<8xi32>
    memref.store %3, %alloc[%c3] : memref<8xi32>
    memref.store %4, %alloc[%c4] : memref<8xi32>
    memref.store %5, %alloc[%c5] : memref<8xi32>
    memref.store %6, %alloc[%c6] : memref<8xi32>
    memref.store %7, %alloc[%c7] : memref<8xi32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
    linalg.map { arith.extsi } ins(%alloc : memref<8xi32>) outs(%alloc_0 : memref<8xi64>)
    return %alloc_0 : memref<8xi64>
  }
  func.func @cmpis(%arg0: i16, %arg1: i16) -> memref<10xi32> {
    %0 = arith.cmpi eq, %arg0, %arg1 : i16
    %1 = arith.cmpi ne, %arg0, %arg1 : i16
    %2 = arith.cmpi slt, %arg0, %arg1 : i16
    %3 = arith.cmpi sle, %arg0, %arg1 : i16
    %4 = arith.cmpi sgt, %arg0, %arg1 : i16
    %5 = arith.cmpi sge, %arg0, %arg1 : i16
    %6 = arith.cmpi ult, %arg0, %arg1 : i16
    %7 = arith.cmpi ule, %arg0, %arg1 : i16
    %8 = arith.cmpi ugt, %arg0, %arg1 : i16
    %9 = arith.cmpi uge, %arg0, %arg1 : i16
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<10xi1>
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
    memref.store %0, %alloc[%c0] : memref<10xi1>
    memref.store %1, %alloc[%c1] : memref<10xi1>
    memref.store %2, %alloc[%c2] : memref<10xi1>
    memref.store %3, %alloc[%c3] : memref<10xi1>
    memref.store %4, %alloc[%c4] : memref<10xi1>
    memref.store %5, %alloc[%c5] : memref<10xi1>
    memref.store %6, %alloc[%c6] : memref<10xi1>
    memref.store %7, %alloc[%c7] : memref<10xi1>
    memref.store %8, %alloc[%c8] : memref<10xi1>
    memref.store %9, %alloc[%c9] : memref<10xi1>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<10xi32>
    linalg.map { arith.extui } ins(%alloc : memref<10xi1>) outs(%alloc_0 : memref<10xi32>)
    return %alloc_0 : memref<10xi32>
  }
  func.func @pt64(%arg0: memref<8xi64>) {
    %cast = memref.cast %arg0 : memref<8xi64> to memref<*xi64>
    call @printMemrefI64(%cast) : (memref<*xi64>) -> ()
    return
  }
  func.func @pt32(%arg0: memref<10xi32>) {
    %cast = memref.cast %arg0 : memref<10xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    return
  }
  func.func @main() {
    %c-7_i32 = arith.constant -7 : i32
    %c2_i32 = arith.constant 2 : i32
    %c-2_i32 = arith.constant -2 : i32
    %c7_i32 = arith.constant 7 : i32
    %0 = call @divs(%c-7_i32, %c2_i32) : (i32, i32) -> memref<8xi64>
    call @pt64(%0) : (memref<8xi64>) -> ()
    %1 = call @divs(%c7_i32, %c-2_i32) : (i32, i32) -> memref<8xi64>
    call @pt64(%1) : (memref<8xi64>) -> ()
    %2 = call @divs(%c-7_i32, %c-2_i32) : (i32, i32) -> memref<8xi64>
    call @pt64(%2) : (memref<8xi64>) -> ()
    %3 = call @divs(%c7_i32, %c2_i32) : (i32, i32) -> memref<8xi64>
    call @pt64(%3) : (memref<8xi64>) -> ()
    %c-300_i16 = arith.constant -300 : i16
    %c5_i16 = arith.constant 5 : i16
    %4 = call @cmpis(%c-300_i16, %c5_i16) : (i16, i16) -> memref<10xi32>
    call @pt32(%4) : (memref<10xi32>) -> ()
    %5 = call @cmpis(%c5_i16, %c5_i16) : (i16, i16) -> memref<10xi32>
    call @pt32(%5) : (memref<10xi32>) -> ()
    %c-96_i8 = arith.constant -96 : i8
    %c3_i8 = arith.constant 3 : i8
    %6 = arith.shrsi %c-96_i8, %c3_i8 : i8
    %7 = arith.shrui %c-96_i8, %c3_i8 : i8
    %8 = arith.shli %c-96_i8, %c3_i8 : i8
    %c90_i8 = arith.constant 90 : i8
    %9 = arith.andi %c-96_i8, %c90_i8 : i8
    %10 = arith.ori %c-96_i8, %c90_i8 : i8
    %11 = arith.xori %c-96_i8, %c90_i8 : i8
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    memref.store %6, %alloc[%c0] : memref<8xi8>
    memref.store %7, %alloc[%c1] : memref<8xi8>
    memref.store %8, %alloc[%c2] : memref<8xi8>
    memref.store %9, %alloc[%c3] : memref<8xi8>
    memref.store %10, %alloc[%c4] : memref<8xi8>
    memref.store %11, %alloc[%c5] : memref<8xi8>
    memref.store %c-96_i8, %alloc[%c6] : memref<8xi8>
    memref.store %c90_i8, %alloc[%c7] : memref<8xi8>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
    linalg.map { arith.extsi } ins(%alloc : memref<8xi8>) outs(%alloc_0 : memref<8xi64>)
    call @pt64(%alloc_0) : (memref<8xi64>) -> ()
    linalg.map { arith.extui } ins(%alloc : memref<8xi8>) outs(%alloc_0 : memref<8xi64>)
    call @pt64(%alloc_0) : (memref<8xi64>) -> ()
    %c-1_i64 = arith.constant -1 : i64
    %c1_i64 = arith.constant 1 : i64
    %12 = arith.maxsi %c-1_i64, %c1_i64 : i64
    call @p(%12) : (i64) -> ()
    %13 = arith.minui %c-1_i64, %c1_i64 : i64
    call @p(%13) : (i64) -> ()
    %14 = arith.maxui %c-1_i64, %c1_i64 : i64
    call @p(%14) : (i64) -> ()
    %15 = arith.minsi %c-1_i64, %c1_i64 : i64
    call @p(%15) : (i64) -> ()
    %c-294967296_i32 = arith.constant -294967296 : i32
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %c1_i32 = arith.constant 1 : i32
    %16 = arith.addi %c2147483647_i32, %c1_i32 : i32
    %17 = arith.extsi %16 : i32 to i64
    call @p(%17) : (i64) -> ()
    %18 = arith.addi %c7_i32, %c1_i32 overflow<nsw> : i32
    %19 = arith.muli %18, %c2_i32 overflow<nsw, nuw> : i32
    %20 = arith.extsi %19 : i32 to i64
    call @p(%20) : (i64) -> ()
    %21 = arith.trunci %c-294967296_i32 : i32 to i16
    %22 = arith.extsi %21 : i16 to i64
    call @p(%22) : (i64) -> ()
    %23 = arith.trunci %c7_i32 : i32 to i1
    %24 = arith.extsi %23 : i1 to i64
    call @p(%24) : (i64) -> ()
    %25 = arith.index_cast %c-7_i32 : i32 to index
    %26 = arith.index_castui %c-7_i32 : i32 to index
    %27 = arith.index_cast %25 : index to i64
    call @p(%27) : (i64) -> ()
    %28 = arith.index_castui %26 : index to i64
    call @p(%28) : (i64) -> ()
    %c5_1 = arith.constant 5 : index
    %c-3 = arith.constant -3 : index
    %29 = arith.floordivsi %c5_1, %c-3 : index
    %30 = arith.index_cast %29 : index to i64
    call @p(%30) : (i64) -> ()
    %31 = arith.remsi %c5_1, %c-3 : index
    %32 = arith.index_cast %31 : index to i64
    call @p(%32) : (i64) -> ()
    %true = arith.constant true
    %false = arith.constant false
    %33 = arith.xori %true, %false : i1
    %34 = arith.andi %33, %true : i1
    %35 = arith.addi %34, %true : i1
    %36 = arith.extui %35 : i1 to i64
    call @p(%36) : (i64) -> ()
    %37 = memref.get_global @__constant_8xi64 : memref<8xi64>
    %38 = memref.get_global @__constant_8xi64_0 : memref<8xi64>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<8xi64>
    linalg.generic {indexing_maps = [#map, #map, #map, #map, #map], iterator_types = ["parallel"]} ins(%37, %38 : memref<8xi64>, memref<8xi64>) outs(%alloc_2, %alloc_3, %alloc_4 : memref<8xi64>, memref<8xi64>, memref<8xi64>) {
    ^bb0(%in: i64, %in_5: i64, %out: i64, %out_6: i64, %out_7: i64):
      %39 = arith.muli %in, %in_5 : i64
      %40 = arith.divsi %39, %in_5 : i64
      %41 = arith.subi %40, %in : i64
      %42 = arith.remsi %in, %in_5 : i64
      %43 = arith.addi %41, %42 : i64
      %44 = arith.cmpi sgt, %in, %in_5 : i64
      %45 = arith.select %44, %in, %in_5 : i64
      linalg.yield %39, %43, %45 : i64, i64, i64
    }
    call @pt64(%alloc_2) : (memref<8xi64>) -> ()
    call @pt64(%alloc_3) : (memref<8xi64>) -> ()
    call @pt64(%alloc_4) : (memref<8xi64>) -> ()
    return
  }
}

