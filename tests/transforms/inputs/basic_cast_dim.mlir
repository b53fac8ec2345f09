module {
  memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_6xf32 : memref<6xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> {alignment = 64 : i64}
  func.func @erase_shape(%arg0: memref<6xf32>) -> (memref<?xf32>, index) {
    %c0 = arith.constant 0 : index
    %cast = memref.cast %arg0 : memref<6xf32> to memref<?xf32>
    %dim = memref.dim %cast, %c0 : memref<?xf32>
    return %cast, %dim : memref<?xf32>, index
  }
  func.func @restore_shape(%arg0: memref<?x3xf32>) -> memref<2x3xf32> {
    %cast = memref.cast %arg0 : memref<?x3xf32> to memref<2x3xf32>
    return %cast : memref<2x3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %0 = memref.get_global @__constant_6xf32 : memref<6xf32>
    %1:2 = call @erase_shape(%0) : (memref<6xf32>) -> (memref<?xf32>, index)
    %c0 = arith.constant 0 : index
    %dim = memref.dim %1#0, %c0 : memref<?xf32>
    %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
    memref.copy %1#0, %alloc : memref<?xf32> to memref<?xf32>
    %cast = memref.cast %alloc : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %2 = arith.index_cast %1#1 : index to i64
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1xi64>
    %c0_1 = arith.constant 0 : index
    memref.store %2, %alloc_0[%c0_1] : memref<1xi64>
    %cast_2 = memref.cast %alloc_0 : memref<1xi64> to memref<*xi64>
    call @printMemrefI64(%cast_2) : (memref<*xi64>) -> ()
    %3 = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
    %cast_3 = memref.cast %3 : memref<2x3xf32> to memref<?x3xf32>
    %c0_4 = arith.constant 0 : index
    %dim_5 = memref.dim %cast_3, %c0_4 : memref<?x3xf32>
    %alloc_6 = memref.alloc(%dim_5) {alignment = 64 : i64} : memref<?x3xf32>
    memref.copy %cast_3, %alloc_6 : memref<?x3xf32> to memref<?x3xf32>
    %4 = call @restore_shape(%alloc_6) : (memref<?x3xf32>) -> memref<2x3xf32>
    %cast_7 = memref.cast %4 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_7) : (memref<*xf32>) -> ()
    return
  }
}

