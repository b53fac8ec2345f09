// Vector semantics equal upstream execution: Inputs/*-run.expected is what
// mlir-opt 22 + mlir-runner print for each program
// (tests/scripts/lib/upstream-run.sh); the interpreter prints the same on
// the program as written and after One-Shot Bufferize + deallocation (the
// transfers on tensors then read and write buffers).
// RUN: buffer-opt --run=main %S/Inputs/values-run.mlir | diff %S/Inputs/values-run.expected -
// RUN: buffer-opt --run=main %S/Inputs/transfer-run.mlir | diff %S/Inputs/transfer-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/values-run.mlir | buffer-opt --run=main - | diff %S/Inputs/values-run.expected -
// RUN: buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline %S/Inputs/transfer-run.mlir | buffer-opt --run=main - | diff %S/Inputs/transfer-run.expected -
// RUN: buffer-opt --run=main %S/Inputs/reduce-run.mlir | diff %S/Inputs/reduce-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/values-run.mlir | diff %S/Inputs/values-run.expected - %}
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/transfer-run.mlir | diff %S/Inputs/transfer-run.expected - %}
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/reduce-run.mlir | diff %S/Inputs/reduce-run.expected - %}
// RUN: %if llvm %{ buffer-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --emit=run --run=main %S/Inputs/transfer-run.mlir | diff %S/Inputs/transfer-run.expected - %}
// RUN: buffer-opt --run=main %S/Inputs/mask-run.mlir | diff %S/Inputs/mask-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/mask-run.mlir | diff %S/Inputs/mask-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/mask-run.mlir | diff %S/Inputs/mask-run.expected - %}
// RUN: buffer-opt --run=main %S/Inputs/contract-run.mlir | diff %S/Inputs/contract-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/contract-run.mlir | diff %S/Inputs/contract-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/contract-run.mlir | diff %S/Inputs/contract-run.expected - %}
// RUN: buffer-opt --run=main %S/Inputs/math-run.mlir | diff %S/Inputs/math-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/math-run.mlir | diff %S/Inputs/math-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/math-run.mlir | diff %S/Inputs/math-run.expected - %}
// RUN: buffer-opt --run=main %S/Inputs/print-run.mlir | cmp %S/Inputs/print-run.expected -
// RUN: %if llvm %{ buffer-opt --emit=run --run=main %S/Inputs/print-run.mlir | cmp %S/Inputs/print-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/print-run.mlir | cmp %S/Inputs/print-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/reduce-run.mlir | diff %S/Inputs/reduce-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/values-run.mlir | diff %S/Inputs/values-run.expected - %}
// RUN: %if mlir-opt %{ bash %S/../../scripts/lib/upstream-run.sh %S/Inputs/transfer-run.mlir | diff %S/Inputs/transfer-run.expected - %}
// A few values spelled out (the .expected files hold them all):
// RUN: buffer-opt --run=main %S/Inputs/values-run.mlir | FileCheck %s
// CHECK: ( 1.5, 1.5, 1.5, 1.5 )
// CHECK-NEXT: ( ( 1, 2.5, -3, 4 ), ( 1, 2.5, -3, 4 ) )
// CHECK-NEXT: ( ( 1, 1, 1 ), ( 2, 2, 2 ) )
// CHECK-NEXT: ( 2, 2.125, -4.5, -2.5 )
// RUN: buffer-opt --run=main %S/Inputs/transfer-run.mlir | FileCheck %s --check-prefix=XFER
// XFER: ( 12, 13, 14, -1 )
// XFER-NEXT: ( 11, 12, 13, 14 )
// XFER-NEXT: ( ( 23, 24, -1 ), ( -1, -1, -1 ) )
// XFER-NEXT: ( ( 1, 11, 21, -1 ), ( 2, 12, 22, -1 ) )
