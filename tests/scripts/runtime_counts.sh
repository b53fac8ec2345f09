#!/usr/bin/env bash
# Run-time costs against upstream (bench/runtime_counts.sh): on every
# runnable corpus and tests/programs program, after One-Shot and the
# deallocation pipeline, our output executes no more heap allocations,
# copies, bytes copied or peak heap bytes than mlir-opt 22's output does.
# Needs mlir-opt (skips with 77 otherwise).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
have_mlir_opt || { echo "mlir-opt not found: skipped"; exit $SKIP; }
MLIR_OPT=$MLIR_OPT "$BUF_SOURCE_DIR/bench/runtime_counts.sh" "$BUF_BUILD_DIR" "${BUF_CORPUS_DIR:-}"
