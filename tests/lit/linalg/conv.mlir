// The convolution and pooling named ops (core/dialects/linalg_conv_ops.h):
// the custom and the generic form of Inputs/conv-ops.mlir (every op, with
// tensors and memrefs, strides and dilations in each spelling, mixed element
// types) print as mlir-opt 22 prints them, byte for byte, so the bodies
// built at parse time and the indexing maps for the strides and dilations
// are upstream's; each tool reads what the other writes, and the JSON form
// carries the attributes through.
// RUN: buffer-opt %S/Inputs/conv-ops.mlir > %t.ours
// RUN: buffer-opt %S/Inputs/conv-ops.mlir --mlir-print-op-generic > %t.gours
// RUN: buffer-opt %t.gours | diff %t.ours -
// RUN: FileCheck %s --input-file=%t.ours
// RUN: FileCheck %s --check-prefix=GEN --input-file=%t.gours
// RUN: buffer-opt --emit=json %S/Inputs/conv-ops.mlir | buffer-opt --input-format=json | diff %t.ours -
// RUN: buffer-opt --emit=json %S/Inputs/conv-ops.mlir | buffer-opt --input-format=json --mlir-print-op-generic | diff %t.gours -
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/conv-ops.mlir > %t.theirs %}
// RUN: %if mlir-opt %{ diff -B %t.theirs %t.ours %}
// RUN: %if mlir-opt %{ mlir-opt %S/Inputs/conv-ops.mlir --mlir-print-op-generic > %t.gtheirs %}
// RUN: %if mlir-opt %{ diff -B %t.gtheirs %t.gours %}
// RUN: %if mlir-opt %{ buffer-opt %t.gtheirs | diff -B %t.theirs - %}
// RUN: %if mlir-opt %{ mlir-opt %t.gours | diff -B %t.theirs - %}

// CHECK-LABEL: func.func @conv_2d_nhwc_hwcf(
// CHECK: linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : memref<2x9x9x3xf16>, memref<3x3x3x3xf16>) outs(%arg2 : memref<2x4x4x3xf32>)
// CHECK-LABEL: func.func @conv_2d_nchw_fchw(
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, tag = "x"} ins(%arg0, %arg1 : memref<2x3x6x6xi8>, memref<3x3x3x3xi8>) outs(%arg2 : memref<2x3x4x4xi32>)
// CHECK-LABEL: func.func @depthwise_conv_2d_nhwc_hwc(
// CHECK: %0 = linalg.depthwise_conv_2d_nhwc_hwc ins(%arg0, %arg1 : tensor<2x6x6x3xi8>, tensor<3x3x3xi8>) outs(%arg2 : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>
// CHECK-LABEL: func.func @pooling_nhwc_max(
// CHECK: linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : memref<2x9x9x3xf32>, memref<3x3xf32>) outs(%arg2 : memref<2x4x4x3xf32>)
// CHECK-LABEL: func.func @pooling_nhwc_min(
// CHECK: linalg.pooling_nhwc_min {dilations = dense<2> : vector<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<2x8x11x3xi8>, tensor<3x3xi8>) outs(%arg2 : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>

// The generic form: the windows of the input map scale by the strides and
// dilations, loops the output does not index are reductions, and the body
// casts the inputs to the output element type.
// GEN-DAG: #[[NCHW_IN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// GEN-DAG: #[[POOL_IN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
// GEN-DAG: #[[MIN_IN:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4 * 2, d2 * 2 + d5 * 2, d3)>
// GEN: "linalg.conv_2d_nchw_fchw"(%{{.*}}) <{dilations = dense<1> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>}> ({
// GEN-NEXT: ^bb0(%[[I:.*]]: i8, %[[F:.*]]: i8, %[[O:.*]]: i32):
// GEN-NEXT: %[[CI:.*]] = "arith.extsi"(%[[I]]) : (i8) -> i32
// GEN-NEXT: %[[CF:.*]] = "arith.extsi"(%[[F]]) : (i8) -> i32
// GEN-NEXT: %[[M:.*]] = "arith.muli"(%[[CI]], %[[CF]]) <{overflowFlags = #arith.overflow<none>}>
// GEN-NEXT: %[[S:.*]] = "arith.addi"(%[[O]], %[[M]]) <{overflowFlags = #arith.overflow<none>}>
// GEN-NEXT: "linalg.yield"(%[[S]])
// GEN-NEXT: }) {linalg.memoized_indexing_maps = [#[[NCHW_IN]], #{{.*}}, #{{.*}}], tag = "x"}
// GEN: "linalg.pooling_nhwc_max"(%{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>, strides = dense<2> : tensor<2xi64>}> ({
// GEN-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32, %[[OUT:.*]]: f32):
// GEN-NEXT: "arith.maximumf"(%[[OUT]], %[[IN]]) <{fastmath = #arith.fastmath<none>}>
// GEN-NEXT: "linalg.yield"
// GEN-NEXT: }) {linalg.memoized_indexing_maps = [#[[POOL_IN]], #{{.*}}, #{{.*}}]}
// GEN: "linalg.pooling_nhwc_min"(%{{.*}}) <{dilations = dense<2> : vector<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<[1, 2]> : tensor<2xi64>}> ({
// GEN-NEXT: ^bb0(%[[IN:.*]]: i8, %{{.*}}: i8, %[[OUT:.*]]: i32):
// GEN-NEXT: %[[C:.*]] = "arith.extsi"(%[[IN]]) : (i8) -> i32
// GEN-NEXT: "arith.minsi"(%[[OUT]], %[[C]])
// GEN-NEXT: "linalg.yield"
// GEN-NEXT: }) {linalg.memoized_indexing_maps = [#[[MIN_IN]], #{{.*}}, #{{.*}}]}
