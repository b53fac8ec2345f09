# Shared helpers of the script tests; sourced, not run.
# Environment (set by CTest): BUF_BIN, BUF_CORPUS_DIR, LLVM_TOOLS_DIR,
# BUF_SOURCE_DIR, BUF_BUILD_DIR.
BUF_BIN=${BUF_BIN:?BUF_BIN is not set}
BUFFER_OPT=$BUF_BIN/buffer-opt
MLIR_OPT=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}/mlir-opt
SKIP=77
failures=0
checks=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { checks=$((checks + 1)); }
have_mlir_opt() { [[ -x $MLIR_OPT ]]; }
# Every program of the corpus and of tests/programs (optionally only *.run.mlir).
programs() {
  local pattern=${1:-*.mlir}
  { [[ -d ${BUF_CORPUS_DIR:-} ]] && find "$BUF_CORPUS_DIR" -name "$pattern"
    find "$BUF_SOURCE_DIR/tests/programs" -name "$pattern"; } | LC_ALL=C sort
}
finish() {
  echo "$checks checks passed, $failures failed"
  ((failures == 0))
}
