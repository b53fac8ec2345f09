// REQUIRES: mlir-opt
// The RUN lines of mask.mlir with mlir-opt 22: the outputs match (but for
// the lowerings of a passthru and of a masked reduction, which upstream's
// lower-vector-mask leaves undone).
// RUN: mlir-opt %S/mask.mlir -split-input-file | FileCheck %S/mask.mlir --check-prefix=ROUND
// RUN: mlir-opt %S/mask.mlir -split-input-file | mlir-opt -split-input-file | FileCheck %S/mask.mlir --check-prefix=ROUND
// RUN: mlir-opt %S/mask.mlir -split-input-file -mlir-print-op-generic | FileCheck %S/mask.mlir --check-prefix=GENERIC
// RUN: mlir-opt %S/mask.mlir -split-input-file -mlir-print-op-generic | mlir-opt -split-input-file | FileCheck %S/mask.mlir --check-prefix=ROUND
// RUN: mlir-opt %S/mask.mlir -split-input-file --mlir-print-debuginfo | FileCheck %S/mask.mlir --check-prefix=DEBUG
// RUN: mlir-opt %S/mask.mlir -split-input-file -lower-vector-mask | FileCheck %S/mask.mlir --check-prefix=LOWER
// RUN: mlir-opt %S/mask.mlir -split-input-file -one-shot-bufferize=bufferize-function-boundaries | FileCheck %S/mask.mlir --check-prefix=BUF
// RUN: mlir-opt %S/mask.mlir -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %S/mask.mlir --check-prefix=ANALYSIS
