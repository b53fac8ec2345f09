// Every convolution and pooling named op in the forms mlir-opt 22 prints:
// tensors and memrefs, strides and dilations as splat or element lists of
// tensor or vector type, mixed element types (casts in the bodies) and a
// discardable attribute. conv.mlir compares both prints with mlir-opt's.

func.func @conv_1d(%i: tensor<6xf32>, %f: tensor<3xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.conv_1d ins(%i, %f : tensor<6xf32>, tensor<3xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @conv_2d(%i: memref<6x6xi8>, %f: memref<3x3xi8>, %o: memref<4x4xi32>) {
  linalg.conv_2d ins(%i, %f : memref<6x6xi8>, memref<3x3xi8>) outs(%o : memref<4x4xi32>)
  return
}

func.func @conv_3d(%i: tensor<6x6x6xf16>, %f: tensor<3x3x3xf16>, %o: tensor<4x4x4xf32>) -> tensor<4x4x4xf32> {
  %0 = linalg.conv_3d ins(%i, %f : tensor<6x6x6xf16>, tensor<3x3x3xf16>) outs(%o : tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}

func.func @conv_1d_nwc_wcf(%i: memref<2x6x3xf32>, %f: memref<3x3x3xf32>, %o: memref<2x4x3xf32>) {
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>, tag = "x"} ins(%i, %f : memref<2x6x3xf32>, memref<3x3x3xf32>) outs(%o : memref<2x4x3xf32>)
  return
}

func.func @conv_1d_ncw_fcw(%i: tensor<2x3x6xi8>, %f: tensor<3x3x3xi8>, %o: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {
  %0 = linalg.conv_1d_ncw_fcw ins(%i, %f : tensor<2x3x6xi8>, tensor<3x3x3xi8>) outs(%o : tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %0 : tensor<2x3x4xi32>
}

func.func @conv_2d_nhwc_hwcf(%i: memref<2x9x9x3xf16>, %f: memref<3x3x3x3xf16>, %o: memref<2x4x4x3xf32>) {
  linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>} ins(%i, %f : memref<2x9x9x3xf16>, memref<3x3x3x3xf16>) outs(%o : memref<2x4x4x3xf32>)
  return
}

func.func @conv_2d_nhwc_fhwc(%i: tensor<2x8x11x3xf32>, %f: tensor<3x3x3x3xf32>, %o: tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : vector<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%i, %f : tensor<2x8x11x3xf32>, tensor<3x3x3x3xf32>) outs(%o : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}

func.func @conv_2d_nchw_fchw(%i: memref<2x3x6x6xi8>, %f: memref<3x3x3x3xi8>, %o: memref<2x3x4x4xi32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, tag = "x"} ins(%i, %f : memref<2x3x6x6xi8>, memref<3x3x3x3xi8>) outs(%o : memref<2x3x4x4xi32>)
  return
}

func.func @conv_2d_ngchw_fgchw(%i: tensor<2x3x3x6x6xf16>, %f: tensor<3x3x3x3x3xf16>, %o: tensor<2x3x3x4x4xf32>) -> tensor<2x3x3x4x4xf32> {
  %0 = linalg.conv_2d_ngchw_fgchw ins(%i, %f : tensor<2x3x3x6x6xf16>, tensor<3x3x3x3x3xf16>) outs(%o : tensor<2x3x3x4x4xf32>) -> tensor<2x3x3x4x4xf32>
  return %0 : tensor<2x3x3x4x4xf32>
}

func.func @conv_2d_ngchw_gfchw(%i: memref<2x3x3x9x9xf32>, %f: memref<3x3x3x3x3xf32>, %o: memref<2x3x3x4x4xf32>) {
  linalg.conv_2d_ngchw_gfchw {strides = dense<2> : tensor<2xi64>} ins(%i, %f : memref<2x3x3x9x9xf32>, memref<3x3x3x3x3xf32>) outs(%o : memref<2x3x3x4x4xf32>)
  return
}

func.func @conv_2d_nhwgc_gfhwc(%i: tensor<2x8x11x3x3xi8>, %f: tensor<3x3x3x3x3xi8>, %o: tensor<2x4x4x3x3xi32>) -> tensor<2x4x4x3x3xi32> {
  %0 = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<2> : vector<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%i, %f : tensor<2x8x11x3x3xi8>, tensor<3x3x3x3x3xi8>) outs(%o : tensor<2x4x4x3x3xi32>) -> tensor<2x4x4x3x3xi32>
  return %0 : tensor<2x4x4x3x3xi32>
}

func.func @conv_3d_ndhwc_dhwcf(%i: memref<2x6x6x6x3xf16>, %f: memref<3x3x3x3x3xf16>, %o: memref<2x4x4x4x3xf32>) {
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>, tag = "x"} ins(%i, %f : memref<2x6x6x6x3xf16>, memref<3x3x3x3x3xf16>) outs(%o : memref<2x4x4x4x3xf32>)
  return
}

func.func @conv_3d_ncdhw_fcdhw(%i: tensor<2x3x6x6x6xf32>, %f: tensor<3x3x3x3x3xf32>, %o: tensor<2x3x4x4x4xf32>) -> tensor<2x3x4x4x4xf32> {
  %0 = linalg.conv_3d_ncdhw_fcdhw ins(%i, %f : tensor<2x3x6x6x6xf32>, tensor<3x3x3x3x3xf32>) outs(%o : tensor<2x3x4x4x4xf32>) -> tensor<2x3x4x4x4xf32>
  return %0 : tensor<2x3x4x4x4xf32>
}

func.func @depthwise_conv_1d_nwc_wc(%i: memref<2x9x3xi8>, %f: memref<3x3xi8>, %o: memref<2x4x3xi32>) {
  linalg.depthwise_conv_1d_nwc_wc {strides = dense<2> : tensor<1xi64>} ins(%i, %f : memref<2x9x3xi8>, memref<3x3xi8>) outs(%o : memref<2x4x3xi32>)
  return
}

func.func @depthwise_conv_1d_ncw_cw(%i: tensor<2x3x8xf16>, %f: tensor<3x3xf16>, %o: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<2> : vector<1xi64>, strides = dense<[1]> : tensor<1xi64>} ins(%i, %f : tensor<2x3x8xf16>, tensor<3x3xf16>) outs(%o : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

func.func @depthwise_conv_1d_nwc_wcm(%i: memref<2x6x3xf32>, %f: memref<3x3x3xf32>, %o: memref<2x4x3x3xf32>) {
  linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>, tag = "x"} ins(%i, %f : memref<2x6x3xf32>, memref<3x3x3xf32>) outs(%o : memref<2x4x3x3xf32>)
  return
}

func.func @depthwise_conv_2d_nhwc_hwc(%i: tensor<2x6x6x3xi8>, %f: tensor<3x3x3xi8>, %o: tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc ins(%i, %f : tensor<2x6x6x3xi8>, tensor<3x3x3xi8>) outs(%o : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>
  return %0 : tensor<2x4x4x3xi32>
}

func.func @depthwise_conv_2d_nchw_chw(%i: memref<2x3x9x9xf16>, %f: memref<3x3x3xf16>, %o: memref<2x3x4x4xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {strides = dense<2> : tensor<2xi64>} ins(%i, %f : memref<2x3x9x9xf16>, memref<3x3x3xf16>) outs(%o : memref<2x3x4x4xf32>)
  return
}

func.func @depthwise_conv_2d_nhwc_hwcm(%i: tensor<2x8x11x3xf32>, %f: tensor<3x3x3x3xf32>, %o: tensor<2x4x4x3x3xf32>) -> tensor<2x4x4x3x3xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<2> : vector<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%i, %f : tensor<2x8x11x3xf32>, tensor<3x3x3x3xf32>) outs(%o : tensor<2x4x4x3x3xf32>) -> tensor<2x4x4x3x3xf32>
  return %0 : tensor<2x4x4x3x3xf32>
}

func.func @pooling_nchw_max(%i: memref<2x3x6x6xi8>, %f: memref<3x3xi8>, %o: memref<2x3x4x4xi32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, tag = "x"} ins(%i, %f : memref<2x3x6x6xi8>, memref<3x3xi8>) outs(%o : memref<2x3x4x4xi32>)
  return
}

func.func @pooling_nchw_sum(%i: tensor<2x3x6x6xf16>, %f: tensor<3x3xf16>, %o: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %0 = linalg.pooling_nchw_sum ins(%i, %f : tensor<2x3x6x6xf16>, tensor<3x3xf16>) outs(%o : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

func.func @pooling_nhwc_max(%i: memref<2x9x9x3xf32>, %f: memref<3x3xf32>, %o: memref<2x4x4x3xf32>) {
  linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>} ins(%i, %f : memref<2x9x9x3xf32>, memref<3x3xf32>) outs(%o : memref<2x4x4x3xf32>)
  return
}

func.func @pooling_nhwc_min(%i: tensor<2x8x11x3xi8>, %f: tensor<3x3xi8>, %o: tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32> {
  %0 = linalg.pooling_nhwc_min {dilations = dense<2> : vector<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%i, %f : tensor<2x8x11x3xi8>, tensor<3x3xi8>) outs(%o : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>
  return %0 : tensor<2x4x4x3xi32>
}

func.func @pooling_nhwc_sum(%i: memref<2x6x6x3xf16>, %f: memref<3x3xf16>, %o: memref<2x4x4x3xf32>) {
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, tag = "x"} ins(%i, %f : memref<2x6x6x3xf16>, memref<3x3xf16>) outs(%o : memref<2x4x4x3xf32>)
  return
}

func.func @pooling_nhwc_max_unsigned(%i: tensor<2x6x6x3xi8>, %f: tensor<3x3xi8>, %o: tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32> {
  %0 = linalg.pooling_nhwc_max_unsigned ins(%i, %f : tensor<2x6x6x3xi8>, tensor<3x3xi8>) outs(%o : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>
  return %0 : tensor<2x4x4x3xi32>
}

func.func @pooling_nhwc_min_unsigned(%i: memref<2x9x9x3xi8>, %f: memref<3x3xi8>, %o: memref<2x4x4x3xi32>) {
  linalg.pooling_nhwc_min_unsigned {strides = dense<2> : tensor<2xi64>} ins(%i, %f : memref<2x9x9x3xi8>, memref<3x3xi8>) outs(%o : memref<2x4x4x3xi32>)
  return
}

func.func @pooling_ncw_max(%i: tensor<2x3x8xf16>, %f: tensor<3xf16>, %o: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = linalg.pooling_ncw_max {dilations = dense<2> : vector<1xi64>, strides = dense<[1]> : tensor<1xi64>} ins(%i, %f : tensor<2x3x8xf16>, tensor<3xf16>) outs(%o : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

func.func @pooling_ncw_sum(%i: memref<2x3x6xf32>, %f: memref<3xf32>, %o: memref<2x3x4xf32>) {
  linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>, tag = "x"} ins(%i, %f : memref<2x3x6xf32>, memref<3xf32>) outs(%o : memref<2x3x4xf32>)
  return
}

func.func @pooling_nwc_max(%i: tensor<2x6x3xi8>, %f: tensor<3xi8>, %o: tensor<2x4x3xi32>) -> tensor<2x4x3xi32> {
  %0 = linalg.pooling_nwc_max ins(%i, %f : tensor<2x6x3xi8>, tensor<3xi8>) outs(%o : tensor<2x4x3xi32>) -> tensor<2x4x3xi32>
  return %0 : tensor<2x4x3xi32>
}

func.func @pooling_nwc_min(%i: memref<2x9x3xf16>, %f: memref<3xf16>, %o: memref<2x4x3xf32>) {
  linalg.pooling_nwc_min {strides = dense<2> : tensor<1xi64>} ins(%i, %f : memref<2x9x3xf16>, memref<3xf16>) outs(%o : memref<2x4x3xf32>)
  return
}

func.func @pooling_nwc_sum(%i: tensor<2x8x3xf32>, %f: tensor<3xf32>, %o: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %0 = linalg.pooling_nwc_sum {dilations = dense<2> : vector<1xi64>, strides = dense<[1]> : tensor<1xi64>} ins(%i, %f : tensor<2x8x3xf32>, tensor<3xf32>) outs(%o : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

func.func @pooling_nwc_max_unsigned(%i: memref<2x6x3xi8>, %f: memref<3xi8>, %o: memref<2x4x3xi32>) {
  linalg.pooling_nwc_max_unsigned {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>, tag = "x"} ins(%i, %f : memref<2x6x3xi8>, memref<3xi8>) outs(%o : memref<2x4x3xi32>)
  return
}

func.func @pooling_nwc_min_unsigned(%i: tensor<2x6x3xi8>, %f: tensor<3xi8>, %o: tensor<2x4x3xi32>) -> tensor<2x4x3xi32> {
  %0 = linalg.pooling_nwc_min_unsigned ins(%i, %f : tensor<2x6x3xi8>, tensor<3xi8>) outs(%o : tensor<2x4x3xi32>) -> tensor<2x4x3xi32>
  return %0 : tensor<2x4x3xi32>
}

func.func @pooling_ndhwc_max(%i: memref<2x9x9x9x3xf32>, %f: memref<3x3x3xf32>, %o: memref<2x4x4x4x3xf32>) {
  linalg.pooling_ndhwc_max {strides = dense<2> : tensor<3xi64>} ins(%i, %f : memref<2x9x9x9x3xf32>, memref<3x3x3xf32>) outs(%o : memref<2x4x4x4x3xf32>)
  return
}

func.func @pooling_ndhwc_min(%i: tensor<2x8x11x11x3xi8>, %f: tensor<3x3x3xi8>, %o: tensor<2x4x4x4x3xi32>) -> tensor<2x4x4x4x3xi32> {
  %0 = linalg.pooling_ndhwc_min {dilations = dense<2> : vector<3xi64>, strides = dense<[1, 2, 2]> : tensor<3xi64>} ins(%i, %f : tensor<2x8x11x11x3xi8>, tensor<3x3x3xi8>) outs(%o : tensor<2x4x4x4x3xi32>) -> tensor<2x4x4x4x3xi32>
  return %0 : tensor<2x4x4x4x3xi32>
}

func.func @pooling_ndhwc_sum(%i: memref<2x6x6x6x3xf16>, %f: memref<3x3x3xf16>, %o: memref<2x4x4x4x3xf32>) {
  linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>, tag = "x"} ins(%i, %f : memref<2x6x6x6x3xf16>, memref<3x3x3xf16>) outs(%o : memref<2x4x4x4x3xf32>)
  return
}

// Quantized convolutions: two scalar zero points after the input and filter.
func.func @conv_2d_nhwc_hwcf_q(%i: tensor<1x4x4x2xi8>, %w: tensor<2x2x2x3xi8>, %iz: i32, %wz: i32, %o: tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32> {
  %0 = linalg.conv_2d_nhwc_hwcf_q ins(%i, %w, %iz, %wz : tensor<1x4x4x2xi8>, tensor<2x2x2x3xi8>, i32, i32) outs(%o : tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32>
  return %0 : tensor<1x3x3x3xi32>
}

func.func @conv_2d_nhwc_fhwc_q(%i: memref<1x7x7x2xi8>, %w: memref<3x2x2x2xi8>, %iz: i32, %wz: i32, %o: memref<1x3x3x3xi32>) {
  linalg.conv_2d_nhwc_fhwc_q {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w, %iz, %wz : memref<1x7x7x2xi8>, memref<3x2x2x2xi8>, i32, i32) outs(%o : memref<1x3x3x3xi32>)
  return
}

func.func @conv_2d_nchw_fchw_q(%i: tensor<1x2x4x4xi8>, %w: tensor<3x2x2x2xi8>, %iz: i16, %wz: i8, %o: tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32> {
  %0 = linalg.conv_2d_nchw_fchw_q ins(%i, %w, %iz, %wz : tensor<1x2x4x4xi8>, tensor<3x2x2x2xi8>, i16, i8) outs(%o : tensor<1x3x3x3xi32>) -> tensor<1x3x3x3xi32>
  return %0 : tensor<1x3x3x3xi32>
}

func.func @conv_3d_ndhwc_dhwcf_q(%i: tensor<1x4x4x4x2xi8>, %w: tensor<2x2x2x2x3xi8>, %iz: i32, %wz: i32, %o: tensor<1x3x3x3x3xi32>) -> tensor<1x3x3x3x3xi32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf_q ins(%i, %w, %iz, %wz : tensor<1x4x4x4x2xi8>, tensor<2x2x2x2x3xi8>, i32, i32) outs(%o : tensor<1x3x3x3x3xi32>) -> tensor<1x3x3x3x3xi32>
  return %0 : tensor<1x3x3x3x3xi32>
}

func.func @depthwise_conv_2d_nhwc_hwc_q(%i: tensor<1x4x4x2xi8>, %w: tensor<2x2x2xi8>, %iz: i32, %wz: i32, %o: tensor<1x3x3x2xi32>) -> tensor<1x3x3x2xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc_q {strides = dense<1> : vector<2xi64>} ins(%i, %w, %iz, %wz : tensor<1x4x4x2xi8>, tensor<2x2x2xi8>, i32, i32) outs(%o : tensor<1x3x3x2xi32>) -> tensor<1x3x3x2xi32>
  return %0 : tensor<1x3x3x2xi32>
}

func.func @depthwise_conv_2d_nhwc_hwcm_q(%i: tensor<1x4x4x2xi8>, %w: tensor<2x2x2x3xi8>, %iz: i32, %wz: i32, %o: tensor<1x3x3x2x3xi32>) -> tensor<1x3x3x2x3xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm_q ins(%i, %w, %iz, %wz : tensor<1x4x4x2xi8>, tensor<2x2x2x3xi8>, i32, i32) outs(%o : tensor<1x3x3x2x3xi32>) -> tensor<1x3x3x2x3xi32>
  return %0 : tensor<1x3x3x2x3xi32>
}
