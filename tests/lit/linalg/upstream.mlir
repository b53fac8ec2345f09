// The linalg test files against upstream mlir-opt, byte for byte: the custom
// forms we print are the ones mlir-opt prints, the generic forms (with the
// bodies of named ops built at parse time) are the ones mlir-opt prints, and
// each tool reads what the other writes. (-B: mlir-opt ends its output with
// an empty line.)
// REQUIRES: mlir-opt
// RUN: buffer-opt %S/roundtrip.mlir > %t.ours
// RUN: mlir-opt %S/roundtrip.mlir > %t.theirs
// RUN: diff -B %t.theirs %t.ours
// RUN: buffer-opt %S/roundtrip.mlir --mlir-print-op-generic > %t.gours
// RUN: mlir-opt %S/roundtrip.mlir --mlir-print-op-generic > %t.gtheirs
// RUN: diff -B %t.gtheirs %t.gours
// RUN: buffer-opt %S/bodies.mlir > %t.bours
// RUN: mlir-opt %S/bodies.mlir > %t.btheirs
// RUN: diff -B %t.btheirs %t.bours
// RUN: buffer-opt %S/bodies.mlir --mlir-print-op-generic > %t.bgours
// RUN: mlir-opt %S/bodies.mlir --mlir-print-op-generic > %t.bgtheirs
// RUN: diff -B %t.bgtheirs %t.bgours
// RUN: mlir-opt %t.gtheirs | buffer-opt | diff -B %t.theirs -
// RUN: buffer-opt %t.gours | mlir-opt | diff -B %t.ours -
// RUN: mlir-opt %S/bodies.mlir --mlir-print-op-generic | buffer-opt > /dev/null
// RUN: buffer-opt %S/bodies.mlir | mlir-opt > /dev/null
// RUN: mlir-opt %S/dynamic.mlir > %t.dtheirs
// RUN: buffer-opt %S/dynamic.mlir | diff -B - %t.dtheirs
// RUN: mlir-opt %S/invalid.mlir --split-input-file --verify-diagnostics > /dev/null
