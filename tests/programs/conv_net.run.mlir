// purpose: a small convolutional network as torch-mlir and TF lower one:
// conv_2d_nhwc_hwcf + bias + relu, pooling_nhwc_max with strides 2,
// depthwise_conv_2d_nhwc_hwc, pooling_nhwc_sum, then the NCHW variants
// (conv_2d_nchw_fchw with dilations, pooling_nchw_max); outputs start from
// linalg.fill of tensor.empty, functions take and return tensors
// expect: the four printed tensors, as upstream mlir-runner prints them

#nhwc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d3)>

func.func @conv_relu(%x: tensor<1x6x6x2xf32>, %w: tensor<3x3x2x4xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x6x6x2xf32>, tensor<3x3x2x4xf32>) outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %r = linalg.generic {indexing_maps = [#nhwc, #chan, #nhwc], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x4x4x4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%v: f32, %bias: f32, %o: f32):
    %s = arith.addf %v, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

func.func @pool_depthwise(%x: tensor<1x4x4x4xf32>, %dw: tensor<2x2x4xf32>) -> (tensor<1x2x2x4xf32>, tensor<1x1x1x4xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %win = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x2x2x4xf32>
  %pinit = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %p = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %win : tensor<1x4x4x4xf32>, tensor<2x2xf32>) outs(%pinit : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %dinit = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %dw : tensor<1x4x4x4xf32>, tensor<2x2x4xf32>) outs(%dinit : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %s1 = tensor.empty() : tensor<1x1x1x4xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%s1 : tensor<1x1x1x4xf32>) -> tensor<1x1x1x4xf32>
  %sum = linalg.pooling_nhwc_sum ins(%d, %win : tensor<1x2x2x4xf32>, tensor<2x2xf32>) outs(%sinit : tensor<1x1x1x4xf32>) -> tensor<1x1x1x4xf32>
  return %p, %sum : tensor<1x2x2x4xf32>, tensor<1x1x1x4xf32>
}

func.func @nchw(%x: tensor<1x2x7x7xf32>, %w: tensor<3x2x2x2xf32>) -> tensor<1x3x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x3x5x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%x, %w : tensor<1x2x7x7xf32>, tensor<3x2x2x2xf32>) outs(%init : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %pe = tensor.empty() : tensor<1x3x2x2xf32>
  %pinit = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%c, %win : tensor<1x3x5x5xf32>, tensor<3x3xf32>) outs(%pinit : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %p : tensor<1x3x2x2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %x = arith.constant dense<[[[[-0.25, -1.0], [0.75, 1.75], [-1.5, -2.0], [1.75, 0.0], [-0.25, -0.5], [1.75, 1.75]], [[1.0, -1.0], [-0.25, -1.0], [2.0, 1.0], [-2.0, -1.5], [-0.75, -1.75], [0.25, -2.0]], [[0.0, 1.75], [1.0, 1.25], [1.0, 1.5], [-1.0, 0.75], [-1.25, -1.75], [-1.0, 1.75]], [[-0.5, 0.0], [1.25, 0.25], [1.25, 2.0], [1.0, 0.75], [1.25, -0.25], [0.5, -2.0]], [[0.0, -0.75], [0.5, -1.25], [-0.5, 0.0], [0.25, -1.25], [-1.5, 1.75], [1.75, -1.5]], [[0.75, -1.5], [1.25, -1.0], [-2.0, 0.25], [1.25, 1.25], [-1.25, -1.75], [-1.75, 1.0]]]]> : tensor<1x6x6x2xf32>
  %w = arith.constant dense<[[[[0.5, 0.0, 2.0, -0.25], [-1.75, 0.25, -2.0, -1.5]], [[-1.25, -1.75, -0.5, 1.25], [0.25, 0.0, -1.0, -1.75]], [[0.5, 0.5, 0.75, -1.0], [1.0, 1.0, 1.5, 2.0]]], [[[1.0, -1.25, 2.0, 0.0], [1.25, -0.25, 0.25, 1.25]], [[0.0, 2.0, 0.25, 0.5], [-2.0, 1.25, 0.5, -2.0]], [[1.0, -1.0, -1.75, 0.5], [1.5, 0.75, 0.75, 0.0]]], [[[1.75, -2.0, -1.75, -2.0], [0.75, 0.0, 1.5, 0.25]], [[0.5, -0.75, 0.75, -0.75], [0.5, 0.75, 0.0, 0.25]], [[1.0, -1.25, -2.0, -1.0], [0.25, 2.0, -0.25, 0.0]]]]> : tensor<3x3x2x4xf32>
  %b = arith.constant dense<[-0.25, 0.5, -0.75, 1.25]> : tensor<4xf32>
  %dw = arith.constant dense<[[[-1.25, -1.25, 0.5, 0.5], [-0.25, 1.5, -0.75, -1.5]], [[0.5, -0.5, 1.5, 0.0], [-0.25, -1.25, -1.75, 2.0]]]> : tensor<2x2x4xf32>
  %y = arith.constant dense<[[[[-0.5, 0.5, -0.75, 0.0, 0.5, -1.5, 0.75], [-1.0, 1.25, 0.25, 2.0, 0.0, 1.5, 0.75], [1.25, 0.25, 1.25, 1.25, -1.75, 1.25, -1.0], [-0.5, -2.0, 1.75, 2.0, 1.25, -0.25, -1.75], [1.5, 2.0, 0.25, 0.5, -0.25, -1.5, 0.25], [-1.25, -0.25, -1.75, -1.75, 2.0, -0.5, 1.25], [-1.75, -2.0, 1.75, -1.25, -0.75, 2.0, 0.25]], [[-0.25, -2.0, 2.0, 1.25, -1.75, -1.25, 0.5], [-1.0, 0.0, 1.75, -1.75, 0.75, -0.25, -0.5], [-1.25, -1.25, -0.75, -0.25, 0.0, -1.0, -2.0], [1.75, 1.0, -1.75, 0.0, -0.25, 0.0, 2.0], [2.0, 1.25, -1.75, 1.75, 0.5, -2.0, -1.75], [-1.0, -1.75, -1.25, -1.75, -1.5, 1.75, -1.75], [-1.5, 2.0, 2.0, 1.75, 0.5, -0.75, 0.5]]]]> : tensor<1x2x7x7xf32>
  %v = arith.constant dense<[[[[-1.5, 0.75], [1.0, 1.0]], [[0.25, 0.75], [0.0, -0.5]]], [[[0.5, 1.25], [-1.25, -1.0]], [[-2.0, 1.0], [-1.5, -0.75]]], [[[-1.75, 0.75], [1.5, 1.0]], [[-1.75, 1.25], [-1.75, 0.75]]]]> : tensor<3x2x2x2xf32>
  %r = call @conv_relu(%x, %w, %b) : (tensor<1x6x6x2xf32>, tensor<3x3x2x4xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %p, %s = call @pool_depthwise(%r, %dw) : (tensor<1x4x4x4xf32>, tensor<2x2x4xf32>) -> (tensor<1x2x2x4xf32>, tensor<1x1x1x4xf32>)
  %n = call @nchw(%y, %v) : (tensor<1x2x7x7xf32>, tensor<3x2x2x2xf32>) -> tensor<1x3x2x2xf32>
  %rm = bufferization.to_buffer %r : tensor<1x4x4x4xf32> to memref<1x4x4x4xf32>
  %ru = memref.cast %rm : memref<1x4x4x4xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %pm = bufferization.to_buffer %p : tensor<1x2x2x4xf32> to memref<1x2x2x4xf32>
  %pu = memref.cast %pm : memref<1x2x2x4xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %sm = bufferization.to_buffer %s : tensor<1x1x1x4xf32> to memref<1x1x1x4xf32>
  %su = memref.cast %sm : memref<1x1x1x4xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  %nm = bufferization.to_buffer %n : tensor<1x3x2x2xf32> to memref<1x3x2x2xf32>
  %nu = memref.cast %nm : memref<1x3x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%nu) : (memref<*xf32>) -> ()
  return
}
