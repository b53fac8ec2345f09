module {
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[5.000000e-01, -5.000000e-01, 0.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8x3xf32 : memref<8x3xf32> = dense<[[1.000000e+00, 0.000000e+00, -1.000000e+00], [5.000000e-01, 5.000000e-01, 5.000000e-01], [-5.000000e-01, 1.000000e+00, 0.000000e+00], [0.000000e+00, -5.000000e-01, 1.000000e+00], [1.000000e+00, 1.000000e+00, 0.000000e+00], [2.500000e-01, -2.500000e-01, 5.000000e-01], [0.000000e+00, 0.000000e+00, 1.000000e+00], [-1.000000e+00, 5.000000e-01, 2.500000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8xf32 : memref<8xf32> = dense<[1.000000e-01, -2.000000e-01, 0.000000e+00, 3.000000e-01, -1.000000e-01, 2.000000e-01, 0.000000e+00, -3.000000e-01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4x8xf32 : memref<4x8xf32> = dense<[[5.000000e-01, -5.000000e-01, 1.000000e+00, 0.000000e+00, 2.500000e-01, -1.000000e+00, 7.500000e-01, 5.000000e-01], [1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e-01, 0.000000e+00, 5.000000e-01, -2.500000e-01, 1.000000e+00], [-5.000000e-01, 1.000000e+00, 0.000000e+00, 5.000000e-01, 1.000000e+00, -2.500000e-01, 5.000000e-01, -1.000000e+00], [2.500000e-01, 0.000000e+00, 5.000000e-01, -1.000000e+00, 5.000000e-01, 1.000000e+00, 0.000000e+00, 2.500000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x4xf32 : memref<2x4xf32> = dense<[[1.000000e+00, -1.000000e+00, 5.000000e-01, 2.000000e+00], [0.000000e+00, 1.000000e+00, -2.000000e+00, 1.000000e+00]]> {alignment = 64 : i64}
  func.func @mlp(%arg0: memref<2x4xf32>, %arg1: memref<4x8xf32>, %arg2: memref<8xf32>, %arg3: memref<8x3xf32>, %arg4: memref<3xf32>) -> memref<2x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x8xf32>
    linalg.broadcast ins(%arg2 : memref<8xf32>) outs(%alloc : memref<2x8xf32>) dimensions = [0] 
    linalg.matmul ins(%arg0, %arg1 : memref<2x4xf32>, memref<4x8xf32>) outs(%alloc : memref<2x8xf32>)
    linalg.map outs(%alloc : memref<2x8xf32>)
      (%init: f32) {
        %0 = arith.maximumf %init, %cst : f32
        linalg.yield %0 : f32
      }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.broadcast ins(%arg4 : memref<3xf32>) outs(%alloc_0 : memref<2x3xf32>) dimensions = [0] 
    linalg.matmul ins(%alloc, %arg3 : memref<2x8xf32>, memref<8x3xf32>) outs(%alloc_0 : memref<2x3xf32>)
    return %alloc_0 : memref<2x3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %0 = memref.get_global @__constant_2x4xf32 : memref<2x4xf32>
    %1 = memref.get_global @__constant_4x8xf32 : memref<4x8xf32>
    %2 = memref.get_global @__constant_8xf32 : memref<8xf32>
    %3 = memref.get_global @__constant_8x3xf32 : memref<8x3xf32>
    %4 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %5 = call @mlp(%0, %1, %2, %3, %4) : (memref<2x4xf32>, memref<4x8xf32>, memref<8xf32>, memref<8x3xf32>, memref<3xf32>) -> memref<2x3xf32>
    %cast = memref.cast %5 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
}

