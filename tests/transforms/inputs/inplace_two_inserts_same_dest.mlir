module {
  memref.global "private" constant @__constant_4xi32 : memref<4xi32> = dense<[1, 2, 3, 4]> {alignment = 64 : i64}
  func.func @two_versions(%arg0: memref<4xi32>) -> (memref<4xi32>, memref<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7_i32 = arith.constant 7 : i32
    %c9_i32 = arith.constant 9 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    memref.copy %arg0, %alloc : memref<4xi32> to memref<4xi32>
    memref.store %c7_i32, %alloc[%c0] : memref<4xi32>
    memref.store %c9_i32, %arg0[%c1] : memref<4xi32>
    return %alloc, %arg0 : memref<4xi32>, memref<4xi32>
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %0 = memref.get_global @__constant_4xi32 : memref<4xi32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    memref.copy %0, %alloc : memref<4xi32> to memref<4xi32>
    %1:2 = call @two_versions(%alloc) : (memref<4xi32>) -> (memref<4xi32>, memref<4xi32>)
    %cast = memref.cast %1#0 : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
    %cast_0 = memref.cast %1#1 : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%cast_0) : (memref<*xi32>) -> ()
    return
  }
}

