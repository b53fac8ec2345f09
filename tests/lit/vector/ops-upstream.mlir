// REQUIRES: mlir-opt
// ops.mlir's checks on mlir-opt's output, and our print byte-equal to it.
// RUN: mlir-opt %S/ops.mlir | FileCheck %S/ops.mlir --check-prefix=ROUND
// RUN: mlir-opt %S/ops.mlir -mlir-print-op-generic | FileCheck %S/ops.mlir --check-prefix=GENERIC
// RUN: mlir-opt %S/ops.mlir > %t.upstream
// RUN: buffer-opt %S/ops.mlir > %t.ours
// RUN: diff %t.upstream %t.ours
// RUN: mlir-opt %S/ops.mlir -mlir-print-op-generic > %t.upstream-generic
// RUN: buffer-opt %S/ops.mlir -mlir-print-op-generic > %t.ours-generic
// RUN: diff %t.upstream-generic %t.ours-generic
