// The extended-arith file against upstream mlir-opt: same text both ways.
// REQUIRES: mlir-opt
// RUN: buffer-opt %S/extended.mlir > %t.ours
// RUN: mlir-opt %S/extended.mlir > %t.theirs
// RUN: diff %t.theirs %t.ours
// RUN: mlir-opt %S/extended.mlir --mlir-print-op-generic | buffer-opt > %t.back
// RUN: diff %t.theirs %t.back
// RUN: mlir-opt --split-input-file --verify-diagnostics %S/extended_invalid.mlir > /dev/null
