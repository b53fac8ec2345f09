// REQUIRES: mlir-opt
// Upstream's --optimize-allocation-liveness on the same program gives the
// same footprint and output as ours, and mlir-opt reads our output.
// RUN: buffer-opt --optimize-allocation-liveness %S/optimize-allocation-liveness.mlir | mlir-opt -o /dev/null
// RUN: mlir-opt --optimize-allocation-liveness %S/optimize-allocation-liveness.mlir | buffer-opt --run=main --run-leak-check --run-stats 2>&1 | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.up
// RUN: buffer-opt --optimize-allocation-liveness --run=main --run-leak-check --run-stats %S/optimize-allocation-liveness.mlir 2>&1 | sed -E 's/0x[0-9a-f]+/ADDR/' > %t.ours
// RUN: diff %t.up %t.ours
