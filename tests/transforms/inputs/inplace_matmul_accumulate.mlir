module {
  memref.global "private" constant @__constant_4x2xf32 : memref<4x2xf32> = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x4xf32 : memref<2x4xf32> = dense<[[1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00], [5.000000e-01, -5.000000e-01, 5.000000e-01, -5.000000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x2xf32 : memref<3x2xf32> = dense<[[1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> {alignment = 64 : i64}
  func.func @gemm_acc(%arg0: memref<2x3xf32>, %arg1: memref<3x2xf32>, %arg2: memref<2x4xf32>, %arg3: memref<4x2xf32>, %arg4: memref<2x2xf32>) -> memref<2x2xf32> {
    linalg.matmul ins(%arg0, %arg1 : memref<2x3xf32>, memref<3x2xf32>) outs(%arg4 : memref<2x2xf32>)
    linalg.matmul ins(%arg2, %arg3 : memref<2x4xf32>, memref<4x2xf32>) outs(%arg4 : memref<2x2xf32>)
    return %arg4 : memref<2x2xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
    %1 = memref.get_global @__constant_3x2xf32 : memref<3x2xf32>
    %2 = memref.get_global @__constant_2x4xf32 : memref<2x4xf32>
    %3 = memref.get_global @__constant_4x2xf32 : memref<4x2xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    linalg.map outs(%alloc : memref<2x2xf32>)
      (%init: f32) {
        %5 = linalg.index 0 : index
        %6 = linalg.index 1 : index
        %7 = arith.addi %5, %6 : index
        %8 = arith.index_cast %7 : index to i32
        %9 = arith.sitofp %8 : i32 to f32
        %cst = arith.constant 1.000000e+02 : f32
        %10 = arith.mulf %9, %cst : f32
        linalg.yield %10 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    memref.copy %alloc, %alloc_0 : memref<2x2xf32> to memref<2x2xf32>
    %4 = call @gemm_acc(%0, %1, %2, %3, %alloc_0) : (memref<2x3xf32>, memref<3x2xf32>, memref<2x4xf32>, memref<4x2xf32>, memref<2x2xf32>) -> memref<2x2xf32>
    %cast = memref.cast %4 : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %cast_1 = memref.cast %alloc : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    return
  }
}

