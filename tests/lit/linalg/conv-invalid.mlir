// Verifier errors of the convolution and pooling named ops, located where
// mlir-opt 22 locates them and in its words (mlir-opt checks this file too):
// strides / dilations of the wrong length or type (at the attribute
// dictionary of the custom form, at the op in the generic form), inputs
// too small for the strided, dilated window, ranks the maps do not fit,
// the wrong operand count, unsigned pooling on floats.
// RUN: buffer-opt --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: %if mlir-opt %{ mlir-opt --split-input-file --verify-diagnostics %s -o /dev/null %}

func.func @strides_len(%i: tensor<1x4x4x2xf32>, %f: tensor<2x2xf32>, %o: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  // expected-error @+1 {{'linalg.pooling_nhwc_max' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = linalg.pooling_nhwc_max {strides = dense<[1, 1, 1]> : vector<3xi64>} ins(%i, %f : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%o : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

func.func @dilations_i32(%i: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'linalg.conv_2d_nchw_fchw' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi32>} ins(%i, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @strides_array(%i: tensor<1x8x8x3xf32>, %w: tensor<3x3x3xf32>, %o: tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32> {
  // expected-error @+1 {{attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {strides = array<i64: 1, 1>} ins(%i, %w : tensor<1x8x8x3xf32>, tensor<3x3x3xf32>) outs(%o : tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>
  return %0 : tensor<1x6x6x3xf32>
}

// -----

func.func @generic_form_strides(%i: tensor<1x4x4x2xf32>, %f: tensor<2x2xf32>, %o: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  // expected-error @+1 {{'linalg.pooling_nhwc_sum' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  %0 = "linalg.pooling_nhwc_sum"(%i, %f, %o) <{operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : tensor<3xi64>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %c, %a : f32
    linalg.yield %s : f32
  }) : (tensor<1x4x4x2xf32>, tensor<2x2xf32>, tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

func.func @input_too_small(%i: tensor<1x4x4x2xf32>, %f: tensor<2x2xf32>, %o: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  // expected-error @+1 {{'linalg.pooling_nhwc_max' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 6, but found 4}}
  %0 = linalg.pooling_nhwc_max {strides = dense<[2, 1]> : vector<2xi64>} ins(%i, %f : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%o : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

func.func @dilated_too_small(%i: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x6x6xf32>) {
  // expected-error @+1 {{'linalg.conv_2d_nchw_fchw' op inferred input/output operand #0 has shape's dimension #3 to be greater than or equal to 10, but found 8}}
  linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>} ins(%i, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x6x6xf32>)
  return
}

// -----

func.func @output_rank(%i: tensor<1x4x4x2xf32>, %f: tensor<2x2xf32>, %o: tensor<1x3x3xf32>) -> tensor<1x3x3xf32> {
  // expected-error @+1 {{'linalg.pooling_nhwc_max' op expected operand #2 rank (3) to match the result rank of indexing_map (4)}}
  %0 = linalg.pooling_nhwc_max ins(%i, %f : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%o : tensor<1x3x3xf32>) -> tensor<1x3x3xf32>
  return %0 : tensor<1x3x3xf32>
}

// -----

func.func @filter_rank(%i: tensor<1x8x8x3xf32>, %w: tensor<3x3xf32>, %o: tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32> {
  // expected-error @+1 {{'linalg.depthwise_conv_2d_nhwc_hwc' op expected operand #1 rank (2) to match the result rank of indexing_map (3)}}
  %0 = linalg.depthwise_conv_2d_nhwc_hwc ins(%i, %w : tensor<1x8x8x3xf32>, tensor<3x3xf32>) outs(%o : tensor<1x6x6x3xf32>) -> tensor<1x6x6x3xf32>
  return %0 : tensor<1x6x6x3xf32>
}

// -----

func.func @channels(%i: tensor<1x8x8x3xf32>, %w: tensor<3x3x4x5xf32>, %o: tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32> {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_hwcf' op inferred input/output operand #1 has shape's dimension #2 to be 3, but found 4}}
  %0 = linalg.conv_2d_nhwc_hwcf ins(%i, %w : tensor<1x8x8x3xf32>, tensor<3x3x4x5xf32>) outs(%o : tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32>
  return %0 : tensor<1x6x6x5xf32>
}

// -----

func.func @one_input(%i: tensor<1x8x8x3xf32>, %o: tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%i : tensor<1x8x8x3xf32>) outs(%o : tensor<1x6x6x5xf32>) -> tensor<1x6x6x5xf32>
  // expected-error @+1 {{[parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  return %0 : tensor<1x6x6x5xf32>
}

// -----

func.func @unsigned_on_float(%i: tensor<1x4x2xf32>, %f: tensor<2xf32>, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{unsupported operation: unsigned min not on uint}}
  %0 = linalg.pooling_nwc_min_unsigned ins(%i, %f : tensor<1x4x2xf32>, tensor<2xf32>) outs(%o : tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @conv_unstrided(%i: tensor<6x6xf32>, %w: tensor<3x3xf32>, %o: tensor<5x5xf32>) -> tensor<5x5xf32> {
  // expected-error @+1 {{'linalg.conv_2d' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 7, but found 6}}
  %0 = linalg.conv_2d ins(%i, %w : tensor<6x6xf32>, tensor<3x3xf32>) outs(%o : tensor<5x5xf32>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}
