// Every convolution and pooling named op computes what upstream computes:
// Inputs/conv-run.mlir (made by tests/scripts/lib/gen_conv_run.py from the
// op table) runs each op on seeded random inputs, with default, doubled and
// mixed strides and dilations, and prints every result; Inputs/
// conv-run.expected is what mlir-opt 22 + mlir-runner print for it
// (tests/scripts/lib/upstream-run.sh --write). The interpreter on tensors,
// the interpreter after One-Shot Bufferize (each op writing in place into its
// init) and after --convert-linalg-to-loops, and the JIT all print the same.
// RUN: buffer-opt --run=main %S/Inputs/conv-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/conv-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-linalg-to-loops %S/Inputs/conv-run.mlir > %t.loops.mlir
// RUN: buffer-opt --run=main %t.loops.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/conv-run.expected -
// RUN: %if llvm %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --emit=run --run=main %S/Inputs/conv-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/conv-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/conv-run.mlir | diff %S/Inputs/conv-run.expected - %}
// On fully dynamic tensors (Inputs/conv-dynamic-run.mlir) the bounds come
// from the operand sizes at run time:
// RUN: buffer-opt --run=main %S/Inputs/conv-dynamic-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/conv-dynamic-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --convert-linalg-to-loops %S/Inputs/conv-dynamic-run.mlir | buffer-opt --run=main - | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/conv-dynamic-run.expected -
// RUN: %if llvm %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline --emit=run --run=main %S/Inputs/conv-dynamic-run.mlir | sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' | diff %S/Inputs/conv-dynamic-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/conv-dynamic-run.mlir | diff %S/Inputs/conv-dynamic-run.expected - %}
// The loops leave no linalg op behind:
// RUN: FileCheck %s --input-file=%t.loops.mlir
// CHECK-NOT: linalg.
// CHECK: scf.for

// One-Shot writes each op into its init: no allocation, no copy.
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s --check-prefix=INPLACE
// INPLACE-LABEL: func.func @in_place(
// INPLACE-SAME: %[[I:.*]]: memref<1x3x8x8xf32, {{.*}}>, %[[W:.*]]: memref<4x3x3x3xf32, {{.*}}>, %[[O:.*]]: memref<1x4x3x3xf32, {{.*}}>, %[[P:.*]]: memref<1x4x1x1xf32, {{.*}}>, %[[WIN:.*]]: memref<2x2xf32, {{.*}}>)
// INPLACE-NOT: memref.alloc
// INPLACE-NOT: memref.copy
// INPLACE: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[I]], %[[W]] : {{.*}}) outs(%[[O]] : {{.*}})
// INPLACE-NEXT: linalg.pooling_nchw_max {strides = dense<2> : vector<2xi64>} ins(%[[O]], %[[WIN]] : {{.*}}) outs(%[[P]] : {{.*}})
// INPLACE-NEXT: return %[[P]]
func.func @in_place(%i: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x3x3xf32>, %p: tensor<1x4x1x1xf32>, %win: tensor<2x2xf32>) -> tensor<1x4x1x1xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %1 = linalg.pooling_nchw_max {strides = dense<2> : vector<2xi64>} ins(%0, %win : tensor<1x4x3x3xf32>, tensor<2x2xf32>) outs(%p : tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  return %1 : tensor<1x4x1x1xf32>
}
