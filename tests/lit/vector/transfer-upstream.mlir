// REQUIRES: mlir-opt
// The same RUN lines with mlir-opt: the outputs match.
// RUN: mlir-opt %S/transfer.mlir -split-input-file | FileCheck %S/transfer.mlir --check-prefix=ROUND
// RUN: mlir-opt %S/transfer.mlir -split-input-file -mlir-print-op-generic | FileCheck %S/transfer.mlir --check-prefix=GENERIC
// RUN: mlir-opt %S/transfer.mlir -split-input-file -one-shot-bufferize=bufferize-function-boundaries | FileCheck %S/transfer.mlir --check-prefix=BUF
// RUN: mlir-opt %S/transfer.mlir -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %S/transfer.mlir --check-prefix=ANALYSIS
