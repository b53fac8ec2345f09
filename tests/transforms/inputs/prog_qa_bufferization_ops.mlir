module {
  memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.500000e+00, 2.500000e+00, 3.500000e+00, 4.500000e+00]> {alignment = 64 : i64}
  func.func @alloc_variants(%arg0: index, %arg1: memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>) {
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4xf32>)
    %alloc_0 = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?xf32>
    %cst_1 = arith.constant 2.000000e+00 : f32
    linalg.fill ins(%cst_1 : f32) outs(%alloc_0 : memref<?xf32>)
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %arg1, %alloc_2 : memref<4xf32> to memref<4xf32>
    %c0 = arith.constant 0 : index
    %cst_3 = arith.constant 9.000000e+00 : f32
    memref.store %cst_3, %alloc_2[%c0] : memref<4xf32>
    return %alloc, %alloc_0, %alloc_2 : memref<4xf32>, memref<?xf32>, memref<4xf32>
  }
  func.func @memspace() -> memref<3xi32> {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xi32>
    %c5_i32 = arith.constant 5 : i32
    linalg.fill ins(%c5_i32 : i32) outs(%alloc : memref<3xi32>)
    return %alloc : memref<3xi32>
  }
  func.func @from_memref() -> memref<5xi64> {
    %alloc = memref.alloc() : memref<5xi64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    scf.for %arg0 = %c0 to %c5 step %c1 {
      %0 = arith.index_cast %arg0 : index to i64
      %1 = arith.muli %0, %0 : i64
      memref.store %1, %alloc[%arg0] : memref<5xi64>
    }
    return %alloc : memref<5xi64>
  }
  func.func @into_tensor(%arg0: memref<2x2xf32>, %arg1: memref<2x2xf32>) -> memref<2x2xf32> {
    memref.copy %arg0, %arg1 : memref<2x2xf32> to memref<2x2xf32>
    return %arg1 : memref<2x2xf32>
  }
  func.func @into_memref(%arg0: memref<2x2xf32>, %arg1: memref<2x2xf32>) {
    memref.copy %arg0, %arg1 : memref<2x2xf32> to memref<2x2xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @pf(%arg0: memref<*xf32>) {
    call @printMemrefF32(%arg0) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
    %c3 = arith.constant 3 : index
    %1:3 = call @alloc_variants(%c3, %0) : (index, memref<4xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>)
    %cast = memref.cast %1#0 : memref<4xf32> to memref<*xf32>
    call @pf(%cast) : (memref<*xf32>) -> ()
    %cast_0 = memref.cast %1#1 : memref<?xf32> to memref<*xf32>
    call @pf(%cast_0) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %1#2 : memref<4xf32> to memref<*xf32>
    call @pf(%cast_1) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %0 : memref<4xf32> to memref<*xf32>
    call @pf(%cast_2) : (memref<*xf32>) -> ()
    %2 = call @memspace() : () -> memref<3xi32>
    %cast_3 = memref.cast %2 : memref<3xi32> to memref<*xi32>
    call @printMemrefI32(%cast_3) : (memref<*xi32>) -> ()
    %3 = call @from_memref() : () -> memref<5xi64>
    %cast_4 = memref.cast %3 : memref<5xi64> to memref<*xi64>
    call @printMemrefI64(%cast_4) : (memref<*xi64>) -> ()
    %4 = memref.get_global @__constant_2x2xf32 : memref<2x2xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    %5 = call @into_tensor(%4, %alloc) : (memref<2x2xf32>, memref<2x2xf32>) -> memref<2x2xf32>
    %cast_5 = memref.cast %5 : memref<2x2xf32> to memref<*xf32>
    call @pf(%cast_5) : (memref<*xf32>) -> ()
    %alloc_6 = memref.alloc() : memref<2x2xf32>
    call @into_memref(%4, %alloc_6) : (memref<2x2xf32>, memref<2x2xf32>) -> ()
    %6 = bufferization.clone %alloc_6 : memref<2x2xf32> to memref<2x2xf32>
    %c0 = arith.constant 0 : index
    %cst = arith.constant -7.000000e+00 : f32
    memref.store %cst, %alloc_6[%c0, %c0] : memref<2x2xf32>
    %cast_7 = memref.cast %alloc_6 : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_7) : (memref<*xf32>) -> ()
    %cast_8 = memref.cast %6 : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_8) : (memref<*xf32>) -> ()
    return
  }
}

