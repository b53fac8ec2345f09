module {
  memref.global "private" constant @__constant_2x3x2xf32 : memref<2x3x2xf32> = dense<[[[1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]], [[2.000000e+00, 1.000000e+00], [1.000000e+00, 2.000000e+00], [0.000000e+00, 0.000000e+00]]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_12xf32 : memref<12xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3xf32 : memref<3xf32> = dense<[1.000000e+00, -2.000000e+00, 5.000000e-01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xf32_0 : memref<2x3xf32> = dense<[[5.000000e-01, -1.000000e+00, 2.000000e+00], [1.000000e+00, 0.000000e+00, -5.000000e-01]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> {alignment = 64 : i64}
  func.func @shapes(%arg0: memref<2x3xf32>, %arg1: memref<3xf32>) -> (memref<3x2xf32>, memref<2x3xf32>, memref<2xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<3x2xf32>
    linalg.transpose ins(%arg0 : memref<2x3xf32>) outs(%alloc : memref<3x2xf32>) permutation = [1, 0] 
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.broadcast ins(%arg1 : memref<3xf32>) outs(%alloc_0 : memref<2x3xf32>) dimensions = [0] 
    %cst = arith.constant 0.000000e+00 : f32
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<2xf32>)
    linalg.reduce ins(%arg0 : memref<2x3xf32>) outs(%alloc_1 : memref<2xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %0 = arith.addf %in, %init : f32
        linalg.yield %0 : f32
      }
    return %alloc, %alloc_0, %alloc_1 : memref<3x2xf32>, memref<2x3xf32>, memref<2xf32>
  }
  func.func @elementwise(%arg0: memref<2x3xf32>, %arg1: memref<2x3xf32>) -> (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) {
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.add ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc : memref<2x3xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.exp ins(%arg0 : memref<2x3xf32>) outs(%alloc_0 : memref<2x3xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
    linalg.map ins(%arg0, %arg1 : memref<2x3xf32>, memref<2x3xf32>) outs(%alloc_1 : memref<2x3xf32>)
      (%in: f32, %in_2: f32, %init: f32) {
        %0 = arith.mulf %in, %in_2 : f32
        %1 = arith.subf %0, %in : f32
        linalg.yield %1 : f32
      }
    return %alloc, %alloc_0, %alloc_1 : memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>
  }
  func.func @contractions(%arg0: memref<2x2x3xf32>, %arg1: memref<2x3x2xf32>, %arg2: memref<2x3xf32>, %arg3: memref<3xf32>) -> (memref<2x2x2xf32>, memref<2xf32>, memref<f32>, memref<3xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2x2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<2x2x2xf32>)
    linalg.batch_matmul ins(%arg0, %arg1 : memref<2x2x3xf32>, memref<2x3x2xf32>) outs(%alloc : memref<2x2x2xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<2xf32>)
    linalg.matvec ins(%arg2, %arg3 : memref<2x3xf32>, memref<3xf32>) outs(%alloc_0 : memref<2xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<f32>)
    linalg.dot ins(%arg3, %arg3 : memref<3xf32>, memref<3xf32>) outs(%alloc_1 : memref<f32>)
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
    linalg.copy ins(%arg3 : memref<3xf32>) outs(%alloc_2 : memref<3xf32>)
    return %alloc, %alloc_0, %alloc_1, %alloc_2 : memref<2x2x2xf32>, memref<2xf32>, memref<f32>, memref<3xf32>
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @print2(%arg0: memref<2x3xf32>) {
    %cast = memref.cast %arg0 : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func @main() {
    %0 = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
    %1 = memref.get_global @__constant_2x3xf32_0 : memref<2x3xf32>
    %2 = memref.get_global @__constant_3xf32 : memref<3xf32>
    %3:3 = call @shapes(%0, %2) : (memref<2x3xf32>, memref<3xf32>) -> (memref<3x2xf32>, memref<2x3xf32>, memref<2xf32>)
    %cast = memref.cast %3#0 : memref<3x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    call @print2(%3#1) : (memref<2x3xf32>) -> ()
    %cast_0 = memref.cast %3#2 : memref<2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_0) : (memref<*xf32>) -> ()
    %4:3 = call @elementwise(%0, %1) : (memref<2x3xf32>, memref<2x3xf32>) -> (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>)
    call @print2(%4#0) : (memref<2x3xf32>) -> ()
    call @print2(%4#1) : (memref<2x3xf32>) -> ()
    call @print2(%4#2) : (memref<2x3xf32>) -> ()
    %5 = memref.get_global @__constant_12xf32 : memref<12xf32>
    %expand_shape = memref.expand_shape %5 [[0, 1, 2]] output_shape [2, 2, 3] : memref<12xf32> into memref<2x2x3xf32>
    %6 = memref.get_global @__constant_2x3x2xf32 : memref<2x3x2xf32>
    %7:4 = call @contractions(%expand_shape, %6, %0, %2) : (memref<2x2x3xf32>, memref<2x3x2xf32>, memref<2x3xf32>, memref<3xf32>) -> (memref<2x2x2xf32>, memref<2xf32>, memref<f32>, memref<3xf32>)
    %cast_1 = memref.cast %7#0 : memref<2x2x2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    %cast_2 = memref.cast %7#1 : memref<2xf32> to memref<*xf32>
    call @printMemrefF32(%cast_2) : (memref<*xf32>) -> ()
    %cast_3 = memref.cast %7#2 : memref<f32> to memref<*xf32>
    call @printMemrefF32(%cast_3) : (memref<*xf32>) -> ()
    %cast_4 = memref.cast %7#3 : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%cast_4) : (memref<*xf32>) -> ()
    return
  }
}

