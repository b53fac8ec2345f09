// REQUIRES: mlir-opt
// mlir-opt reads and verifies what plan-memory prints (memref.view of the
// arena at constant byte offsets).
// RUN: buffer-opt --split-input-file --plan-memory %S/plan-memory.mlir | mlir-opt --split-input-file --verify-each -o /dev/null
