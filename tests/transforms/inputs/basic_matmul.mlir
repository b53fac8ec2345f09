module {
  memref.global "private" constant @__constant_3x5xf32 : memref<3x5xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00], [-1.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00, -1.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x3xf32 : memref<4x3xf32> = dense<[[1.000000e+00, 0.000000e+00, 2.000000e+00], [-1.000000e+00, 3.000000e+00, 1.000000e+00], [5.000000e-01, 5.000000e-01, 5.000000e-01], [2.000000e+00, -2.000000e+00, 4.000000e+00]]> {alignment = 64 : i64}
  func.func @matmul(%arg0: memref<4x3xf32>, %arg1: memref<3x5xf32>) -> memref<4x5xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x5xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4x5xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<4x3xf32>, memref<3x5xf32>) outs(%alloc : memref<4x5xf32>)
    return %alloc : memref<4x5xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_4x3xf32 : memref<4x3xf32>
    %1 = memref.get_global @__constant_3x5xf32 : memref<3x5xf32>
    %2 = call @matmul(%0, %1) : (memref<4x3xf32>, memref<3x5xf32>) -> memref<4x5xf32>
    %cast = memref.cast %2 : memref<4x5xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

