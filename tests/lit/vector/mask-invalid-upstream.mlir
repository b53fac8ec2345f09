// REQUIRES: mlir-opt
// RUN: mlir-opt %S/mask-invalid.mlir --split-input-file --verify-diagnostics
