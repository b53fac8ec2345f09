// REQUIRES: mlir-opt
// eliminate-empty-tensors against upstream: mlir-opt reads and verifies our
// output, and upstream's own --eliminate-empty-tensors output (run by our
// interpreter) prints what ours prints.
// RUN: buffer-opt --eliminate-empty-tensors %S/eliminate-empty-tensors.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --eliminate-empty-tensors --run=main %S/eliminate-empty-tensors.mlir | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ours
// RUN: mlir-opt --eliminate-empty-tensors %S/eliminate-empty-tensors.mlir | buffer-opt --run=main | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.up
// RUN: diff %t.up %t.ours
// Both insert the same number of extract_slice ops (one per eliminated use).
// RUN: mlir-opt --eliminate-empty-tensors %S/eliminate-empty-tensors.mlir | grep -c "tensor.extract_slice" > %t.nup
// RUN: buffer-opt --eliminate-empty-tensors %S/eliminate-empty-tensors.mlir | grep -c "tensor.extract_slice" > %t.nours
// RUN: diff %t.nup %t.nours
