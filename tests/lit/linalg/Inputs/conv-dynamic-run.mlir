// Convolution and pooling ops on fully dynamic tensors (the loop bounds
// come from the operand sizes at run time), with strides and dilations;
// conv-dynamic-run.expected is upstream's output (mlir-runner).
func.func private @printMemrefF32(memref<*xf32>)
func.func @f0(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>, %o: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) outs(%o : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
func.func @f1(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?xf32>, %o: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 2]> : tensor<2xi64>} ins(%x, %w : tensor<?x?x?x?xf32>, tensor<?x?xf32>) outs(%o : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
func.func @f2(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?xf32>, %o: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<2> : vector<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%x, %w : tensor<?x?x?x?xf32>, tensor<?x?x?xf32>) outs(%o : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
func.func @f3(%x: tensor<?x?x?xf32>, %w: tensor<?x?x?xf32>, %o: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %r = linalg.conv_1d_ncw_fcw ins(%x, %w : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%o : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
func.func @main() {
  %x0 = arith.constant dense<[[[[1.0, 0.5], [-0.25, -0.75], [1.0, 0.25], [0.0, 1.0], [-2.0, -0.25], [-2.0, 1.5], [-1.0, -1.0]], [[0.5, -0.75], [0.0, -1.75], [-1.25, -1.75], [1.25, 0.25], [-0.5, -1.5], [0.75, 1.75], [-1.0, -2.0]], [[-1.25, -1.25], [-1.0, -0.75], [-1.75, 0.0], [0.5, -0.25], [-2.0, -0.75], [1.25, -1.75], [0.25, 1.0]], [[-1.0, -1.25], [-1.5, 1.25], [-2.0, 1.75], [1.0, -0.25], [-2.0, -1.5], [-1.0, -1.5], [1.5, 1.0]], [[1.25, 0.0], [-2.0, -2.0], [1.5, 0.5], [-0.75, -1.0], [-1.5, -1.75], [-1.25, -1.0], [1.25, -1.5]], [[2.0, 1.25], [-1.25, -0.25], [-0.25, 1.25], [0.75, 1.5], [1.25, 1.5], [-1.5, 0.0], [-0.5, -0.25]], [[0.0, 1.0], [0.5, 1.0], [0.25, 1.5], [-1.5, -0.5], [-0.75, -0.5], [-2.0, -0.25], [-0.75, 1.75]]]]> : tensor<1x7x7x2xf32>
  %x0d = tensor.cast %x0 : tensor<1x7x7x2xf32> to tensor<?x?x?x?xf32>
  %w0 = arith.constant dense<[[[[-0.25, -1.5, -0.25], [-1.0, 1.75, 0.5]], [[-1.25, -0.25, 1.0], [-1.25, 1.5, -0.5]], [[1.75, 1.0, 0.75], [0.0, 0.75, -2.0]]], [[[-0.75, -1.0, -1.0], [2.0, 2.0, -0.75]], [[1.25, -1.5, -1.75], [2.0, 0.75, -0.5]], [[1.0, 0.25, 0.25], [-1.0, 0.0, 1.0]]], [[[-0.25, -1.25, 0.0], [1.25, 0.25, 1.0]], [[1.75, -0.25, -1.25], [2.0, 1.75, 1.5]], [[-0.25, 1.75, -0.75], [1.75, 0.25, -1.5]]]]> : tensor<3x3x2x3xf32>
  %w0d = tensor.cast %w0 : tensor<3x3x2x3xf32> to tensor<?x?x?x?xf32>
  %o0 = arith.constant dense<[[[[-0.25, 1.75, 1.75], [1.0, -1.75, -2.0], [-0.5, 1.25, 1.75]], [[0.5, 0.75, -0.75], [1.25, -2.0, -0.25], [-0.75, 2.0, 1.0]], [[-1.0, -2.0, 2.0], [1.0, -2.0, -0.25], [0.0, -2.0, 2.0]]]]> : tensor<1x3x3x3xf32>
  %o0d = tensor.cast %o0 : tensor<1x3x3x3xf32> to tensor<?x?x?x?xf32>
  %r0 = call @f0(%x0d, %w0d, %o0d) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %s0 = tensor.cast %r0 : tensor<?x?x?x?xf32> to tensor<1x3x3x3xf32>
  %m0 = bufferization.to_buffer %s0 : tensor<1x3x3x3xf32> to memref<1x3x3x3xf32>
  %u0 = memref.cast %m0 : memref<1x3x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %x1 = arith.constant dense<[[[[-0.25, 1.0, -0.75, -1.75, 2.0, 0.5, 2.0], [-0.75, 1.75, -1.5, -1.75, -0.5, 0.75, -0.75], [0.0, 1.75, -1.5, 1.5, -2.0, 0.25, -1.25], [0.25, 1.0, -1.5, 0.5, 1.5, 0.75, 2.0], [-0.75, -1.5, -1.5, 0.75, 1.0, 0.75, -0.75]], [[1.5, -0.75, 0.0, -0.75, -1.5, -1.5, -2.0], [0.5, 0.25, 0.5, 0.5, -2.0, -0.5, -1.75], [1.25, -1.25, -2.0, -1.0, 0.0, 2.0, 0.0], [0.75, -0.75, 1.75, 2.0, 1.0, 1.75, 0.0], [0.0, -0.75, -0.25, -2.0, 0.0, 2.0, -1.75]]]]> : tensor<1x2x5x7xf32>
  %x1d = tensor.cast %x1 : tensor<1x2x5x7xf32> to tensor<?x?x?x?xf32>
  %w1 = arith.constant dense<[[-0.5, 0.5, 0.25], [0.25, 0.0, 0.25]]> : tensor<2x3xf32>
  %w1d = tensor.cast %w1 : tensor<2x3xf32> to tensor<?x?xf32>
  %o1 = arith.constant dense<[[[[0.0, 0.25, -1.5], [-1.5, 0.0, 0.25], [-1.0, 1.0, -2.0], [0.75, -0.25, 0.75]], [[1.25, 1.5, 1.25], [-0.25, -1.75, -0.5], [-1.75, 0.25, 0.75], [-2.0, -0.75, 1.75]]]]> : tensor<1x2x4x3xf32>
  %o1d = tensor.cast %o1 : tensor<1x2x4x3xf32> to tensor<?x?x?x?xf32>
  %r1 = call @f1(%x1d, %w1d, %o1d) : (tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %s1 = tensor.cast %r1 : tensor<?x?x?x?xf32> to tensor<1x2x4x3xf32>
  %m1 = bufferization.to_buffer %s1 : tensor<1x2x4x3xf32> to memref<1x2x4x3xf32>
  %u1 = memref.cast %m1 : memref<1x2x4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %x2 = arith.constant dense<[[[[1.25, -1.5, 2.0], [1.75, -1.75, -1.25], [1.0, 1.5, -1.5], [-1.5, -2.0, -1.5], [0.0, 1.5, 1.25]], [[1.0, 0.0, -1.75], [-1.0, -1.5, 1.0], [1.0, 0.75, 1.75], [-0.5, 0.75, -1.5], [2.0, 2.0, -0.75]], [[0.25, -0.5, -0.75], [0.0, 0.0, 1.75], [1.75, -1.5, -0.25], [2.0, -0.25, -0.75], [-2.0, -1.5, -1.5]], [[0.0, 0.5, -0.25], [-0.75, -1.0, 0.0], [-1.0, -0.75, 0.75], [-2.0, 1.75, -1.5], [-1.5, -1.5, -1.25]], [[0.75, -1.0, -1.5], [-0.5, 0.0, 0.75], [-0.25, -1.5, -1.0], [0.25, -1.5, -0.75], [-1.5, -0.75, 1.5]], [[-0.25, -0.5, 0.0], [1.75, -0.5, 0.25], [-1.5, 0.75, 2.0], [1.25, 1.75, 0.75], [1.5, 1.75, 0.75]], [[1.0, 0.25, -1.0], [-1.25, -2.0, 1.5], [-1.0, 0.25, 1.25], [1.75, 1.5, -1.0], [1.75, 0.5, -0.25]]], [[[-1.5, 0.75, -1.5], [-1.25, 0.25, 0.25], [0.0, -0.25, 0.5], [-0.5, -2.0, 2.0], [2.0, 1.5, 1.25]], [[-1.5, 2.0, 1.5], [-0.25, -1.25, 1.25], [-1.0, 1.0, -1.0], [-1.25, -2.0, 1.5], [-0.25, -0.5, 1.25]], [[0.5, 1.0, -0.25], [1.25, 1.5, 0.25], [0.0, 1.0, -1.75], [1.25, 0.25, -0.5], [0.75, -0.75, -0.75]], [[-1.75, 0.5, 1.0], [-1.75, 1.75, -1.75], [1.75, 1.25, 0.0], [-0.75, 1.5, -1.0], [1.5, 1.25, -1.25]], [[-0.25, 1.75, 2.0], [-2.0, -1.5, -0.5], [-1.0, 0.25, -1.75], [-1.75, 0.75, 2.0], [-1.75, 0.75, 1.5]], [[0.5, 0.0, 0.5], [0.75, -0.25, -1.5], [-0.5, -2.0, -2.0], [1.25, 1.0, -2.0], [-1.5, 1.5, -1.0]], [[-2.0, 2.0, -0.75], [1.75, 1.0, -1.75], [-1.25, -1.5, -1.0], [1.5, -0.5, -0.5], [-0.75, -1.25, 1.0]]]]> : tensor<2x7x5x3xf32>
  %x2d = tensor.cast %x2 : tensor<2x7x5x3xf32> to tensor<?x?x?x?xf32>
  %w2 = arith.constant dense<[[[-1.0, -0.75, -1.75], [-1.5, -0.75, -1.75]], [[-2.0, -1.25, 1.0], [0.5, -1.5, 0.0]]]> : tensor<2x2x3xf32>
  %w2d = tensor.cast %w2 : tensor<2x2x3xf32> to tensor<?x?x?xf32>
  %o2 = arith.constant dense<[[[[0.0, -1.75, -0.75], [0.75, 0.0, 1.5], [-1.25, 1.5, 1.5]], [[0.75, -0.25, 0.25], [1.5, -2.0, -1.5], [-1.75, 1.25, 1.75]], [[2.0, 2.0, 1.25], [0.5, -0.5, 0.0], [-2.0, 0.0, -2.0]]], [[[1.5, -1.0, 0.0], [-0.75, -0.25, 1.5], [-0.75, 2.0, -0.75]], [[1.75, -0.5, -1.5], [-1.5, -1.0, 0.0], [-1.0, -0.5, 1.5]], [[-1.25, 0.0, 0.25], [2.0, -0.25, -1.75], [1.5, -0.75, 0.5]]]]> : tensor<2x3x3x3xf32>
  %o2d = tensor.cast %o2 : tensor<2x3x3x3xf32> to tensor<?x?x?x?xf32>
  %r2 = call @f2(%x2d, %w2d, %o2d) : (tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %s2 = tensor.cast %r2 : tensor<?x?x?x?xf32> to tensor<2x3x3x3xf32>
  %m2 = bufferization.to_buffer %s2 : tensor<2x3x3x3xf32> to memref<2x3x3x3xf32>
  %u2 = memref.cast %m2 : memref<2x3x3x3xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %x3 = arith.constant dense<[[[1.5, 0.25, 1.25, -1.75, -1.25, 1.25], [2.0, -0.25, 0.0, -2.0, -2.0, 0.75], [-2.0, 0.0, 1.5, 0.5, 2.0, 0.5]], [[-0.5, -0.5, 0.5, -1.5, 0.75, -0.25], [-0.5, -1.75, -1.0, -0.5, 1.0, 0.0], [0.5, -0.5, 0.75, -0.75, 1.0, 2.0]]]> : tensor<2x3x6xf32>
  %x3d = tensor.cast %x3 : tensor<2x3x6xf32> to tensor<?x?x?xf32>
  %w3 = arith.constant dense<[[[-1.5, 0.25, 1.5], [1.75, 2.0, 0.0], [-2.0, 1.0, -1.75]], [[0.75, 2.0, -1.25], [1.5, 1.25, 2.0], [-2.0, -1.5, 1.0]]]> : tensor<2x3x3xf32>
  %w3d = tensor.cast %w3 : tensor<2x3x3xf32> to tensor<?x?x?xf32>
  %o3 = arith.constant dense<[[[-1.75, -1.25, 0.25, -1.5], [-1.0, -1.5, 0.0, -0.5]], [[-0.5, -0.5, 1.25, 1.75], [1.5, -1.25, 0.0, -1.25]]]> : tensor<2x2x4xf32>
  %o3d = tensor.cast %o3 : tensor<2x2x4xf32> to tensor<?x?x?xf32>
  %r3 = call @f3(%x3d, %w3d, %o3d) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %s3 = tensor.cast %r3 : tensor<?x?x?xf32> to tensor<2x2x4xf32>
  %m3 = bufferization.to_buffer %s3 : tensor<2x2x4xf32> to memref<2x2x4xf32>
  %u3 = memref.cast %m3 : memref<2x2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  return
}
