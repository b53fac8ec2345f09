// REQUIRES: mlir-opt
// mlir-opt 22 parses and verifies what each buffer pass prints for the
// inputs of the other tests in this folder (which check the passes' output
// with FileCheck and their runs with --run-leak-check).
// RUN: buffer-opt --buffer-deallocation-pipeline %S/buffer-deallocation-pipeline.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --ownership-based-buffer-deallocation %S/buffer-deallocation-pipeline.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --ownership-based-buffer-deallocation --buffer-deallocation-simplification %S/buffer-deallocation-pipeline.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --split-input-file --buffer-deallocation-pipeline %S/buffer-deallocation-pipeline-clones.mlir | mlir-opt --split-input-file --verify-each -o /dev/null
// RUN: buffer-opt --buffer-deallocation-pipeline %S/ownership-based-buffer-deallocation-dup-results.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --buffer-hoisting %S/buffer-hoisting.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --buffer-loop-hoisting --buffer-deallocation-pipeline %S/buffer-hoisting.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --promote-buffers-to-stack --buffer-deallocation-pipeline %S/promote-buffers-to-stack.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt "--buffer-results-to-out-params=hoist-static-allocs modify-public-functions" %S/buffer-results-to-out-params.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --drop-equivalent-buffer-results %S/buffer-results-to-out-params.mlir | mlir-opt --verify-each -o /dev/null
// RUN: buffer-opt --eliminate-empty-tensors "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline --plan-memory %S/eliminate-empty-tensors.mlir | mlir-opt --verify-each -o /dev/null
