module {
  memref.global "private" constant @__constant_3x4xf32 : memref<3x4xf32> = dense<[[1.000000e+00, 0.000000e+00, 0.000000e+00, 2.000000e+00], [0.000000e+00, 1.000000e+00, 0.000000e+00, 2.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [-1.000000e+00, 0.000000e+00, 1.000000e+00]]> {alignment = 64 : i64}
  func.func @matmul_dyn(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>) -> memref<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg1, %c1 : memref<?x?xf32>
    %alloc = memref.alloc(%dim, %dim_0) {alignment = 64 : i64} : memref<?x?xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<?x?xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<?x?xf32>, memref<?x?xf32>) outs(%alloc : memref<?x?xf32>)
    return %alloc : memref<?x?xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
    %1 = memref.get_global @__constant_3x4xf32 : memref<3x4xf32>
    %cast = memref.cast %0 : memref<2x3xf32> to memref<?x?xf32>
    %cast_0 = memref.cast %1 : memref<3x4xf32> to memref<?x?xf32>
    %2 = call @matmul_dyn(%cast, %cast_0) : (memref<?x?xf32>, memref<?x?xf32>) -> memref<?x?xf32>
    %cast_1 = memref.cast %2 : memref<?x?xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

