// REQUIRES: mlir-opt
// RUN: mlir-opt %S/invalid.mlir --split-input-file --verify-diagnostics
