module {
  func.func @swap_ends(%arg0: memref<5xi32>) -> memref<5xi32> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %0 = memref.load %arg0[%c0] : memref<5xi32>
    %1 = memref.load %arg0[%c4] : memref<5xi32>
    memref.store %1, %arg0[%c0] : memref<5xi32>
    memref.store %0, %arg0[%c4] : memref<5xi32>
    return %arg0 : memref<5xi32>
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<5xi32>
    linalg.map outs(%alloc : memref<5xi32>)
      (%init: i32) {
        %1 = linalg.index 0 : index
        %c1 = arith.constant 1 : index
        %c10 = arith.constant 10 : index
        %2 = arith.addi %1, %c1 : index
        %3 = arith.muli %2, %c10 : index
        %4 = arith.index_cast %3 : index to i32
        linalg.yield %4 : i32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<5xi32>
    memref.copy %alloc, %alloc_0 : memref<5xi32> to memref<5xi32>
    %0 = call @swap_ends(%alloc_0) : (memref<5xi32>) -> memref<5xi32>
    %cast = memref.cast %0 : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    %cast_1 = memref.cast %alloc : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%cast_1) : (memref<*xi32>) -> ()
    return
  }
}

