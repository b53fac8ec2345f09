// The affine round-trip file against upstream mlir-opt: our output parses
// there, upstream's generic form parses here, and both print the same text
// (custom and generic forms). The invalid cases give upstream the same
// diagnostics as us.
// REQUIRES: mlir-opt
// RUN: buffer-opt %S/roundtrip.mlir | mlir-opt > /dev/null
// RUN: mlir-opt %S/roundtrip.mlir --mlir-print-op-generic | buffer-opt > /dev/null
// RUN: buffer-opt %S/roundtrip.mlir > %t.ours
// RUN: mlir-opt %S/roundtrip.mlir > %t.theirs
// RUN: diff %t.theirs %t.ours
// RUN: buffer-opt %S/roundtrip.mlir --mlir-print-op-generic > %t.gours
// RUN: mlir-opt %S/roundtrip.mlir --mlir-print-op-generic > %t.gtheirs
// RUN: diff %t.gtheirs %t.gours
// RUN: mlir-opt %S/invalid.mlir --split-input-file --verify-diagnostics > /dev/null
