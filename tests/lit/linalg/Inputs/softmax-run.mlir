// linalg.softmax over each dimension of 2-d and 3-d f32 tensors, f64 and
// f16 (printed as f32), large values and a softmax of a softmax (seeded random inputs);
// softmax-run.expected is what mlir-runner prints after upstream's
// decomposition (Inputs/softmax-decompose.mlir).
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func @main() {
  %x0 = arith.constant dense<[[-0.375, -3.75, -4.75, 4.375, -0.125], [1.75, 1.0, 3.375, 0.625, -3.0]]> : tensor<2x5xf32>
  %e0 = tensor.empty() : tensor<2x5xf32>
  %s0 = linalg.softmax dimension(1) ins(%x0 : tensor<2x5xf32>) outs(%e0 : tensor<2x5xf32>) -> tensor<2x5xf32>
  %s0_m = bufferization.to_buffer %s0 : tensor<2x5xf32> to memref<2x5xf32>
  %s0_u = memref.cast %s0_m : memref<2x5xf32> to memref<*xf32>
  call @printMemrefF32(%s0_u) : (memref<*xf32>) -> ()
  %x1 = arith.constant dense<[[-2.0, -0.75, 2.0, -4.875, -1.5], [4.875, 2.25, -4.625, -3.375, -3.75]]> : tensor<2x5xf32>
  %e1 = tensor.empty() : tensor<2x5xf32>
  %s1 = linalg.softmax dimension(0) ins(%x1 : tensor<2x5xf32>) outs(%e1 : tensor<2x5xf32>) -> tensor<2x5xf32>
  %s1_m = bufferization.to_buffer %s1 : tensor<2x5xf32> to memref<2x5xf32>
  %s1_u = memref.cast %s1_m : memref<2x5xf32> to memref<*xf32>
  call @printMemrefF32(%s1_u) : (memref<*xf32>) -> ()
  %x2 = arith.constant dense<[[[2.875, 1.625, -4.75, 3.125], [5.0, 1.875, 0.625, -4.125], [-1.75, -4.5, 4.375, 0.875]], [[-2.25, 4.875, -1.625, 0.75], [4.0, 0.875, 4.125, -0.5], [0.0, 4.125, -3.75, 2.5]]]> : tensor<2x3x4xf32>
  %e2 = tensor.empty() : tensor<2x3x4xf32>
  %s2 = linalg.softmax dimension(1) ins(%x2 : tensor<2x3x4xf32>) outs(%e2 : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %s2_m = bufferization.to_buffer %s2 : tensor<2x3x4xf32> to memref<2x3x4xf32>
  %s2_u = memref.cast %s2_m : memref<2x3x4xf32> to memref<*xf32>
  call @printMemrefF32(%s2_u) : (memref<*xf32>) -> ()
  %x3 = arith.constant dense<[[-2.25, 2.625, 4.375, 2.125], [-2.5, -2.125, -2.25, 3.5], [0.125, 3.25, -1.875, 4.25]]> : tensor<3x4xf64>
  %e3 = tensor.empty() : tensor<3x4xf64>
  %s3 = linalg.softmax dimension(1) ins(%x3 : tensor<3x4xf64>) outs(%e3 : tensor<3x4xf64>) -> tensor<3x4xf64>
  %s3_m = bufferization.to_buffer %s3 : tensor<3x4xf64> to memref<3x4xf64>
  %s3_u = memref.cast %s3_m : memref<3x4xf64> to memref<*xf64>
  call @printMemrefF64(%s3_u) : (memref<*xf64>) -> ()
  %x4 = arith.constant dense<[[-3.25, -3.75, -3.5, 1.75, -4.5, 4.0], [-0.625, 4.125, -0.625, 4.375, 0.25, -3.375]]> : tensor<2x6xf16>
  %e4 = tensor.empty() : tensor<2x6xf16>
  %s4 = linalg.softmax dimension(1) ins(%x4 : tensor<2x6xf16>) outs(%e4 : tensor<2x6xf16>) -> tensor<2x6xf16>
  %w4 = tensor.empty() : tensor<2x6xf32>
  %s4f = linalg.map { arith.extf } ins(%s4 : tensor<2x6xf16>) outs(%w4 : tensor<2x6xf32>)
  %s4_m = bufferization.to_buffer %s4f : tensor<2x6xf32> to memref<2x6xf32>
  %s4_u = memref.cast %s4_m : memref<2x6xf32> to memref<*xf32>
  call @printMemrefF32(%s4_u) : (memref<*xf32>) -> ()
  %big = arith.constant dense<[[100.0, 101.0, 99.5], [-3.0e3, -3.0e3, -2.9995e3]]> : tensor<2x3xf32>
  %be = tensor.empty() : tensor<2x3xf32>
  %sb = linalg.softmax dimension(1) ins(%big : tensor<2x3xf32>) outs(%be : tensor<2x3xf32>) -> tensor<2x3xf32>
  %sbb = linalg.softmax dimension(0) ins(%sb : tensor<2x3xf32>) outs(%be : tensor<2x3xf32>) -> tensor<2x3xf32>
  %sbb_m = bufferization.to_buffer %sbb : tensor<2x3xf32> to memref<2x3xf32>
  %sbb_u = memref.cast %sbb_m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%sbb_u) : (memref<*xf32>) -> ()
  return
}
