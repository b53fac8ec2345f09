#!/usr/bin/env bash
# Executes tensor programs with upstream MLIR 22 (mlir-opt + mlir-runner).
#
# usage: upstream-run.sh FILE.run.mlir          print what upstream prints
#        upstream-run.sh --write FILE...         write FILE's .expected
# Addresses in printMemref output are replaced by ADDR. Exit 77 when MLIR 22
# is not installed.
set -euo pipefail
LLVM=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}/..
OPT=$LLVM/bin/mlir-opt
RUNNER=$LLVM/bin/mlir-runner
[[ -x $OPT && -x $RUNNER ]] || { echo "upstream-run: mlir-opt/mlir-runner 22 not installed" >&2; exit 77; }
lib() { local f; for f in "$LLVM/lib/$1.so" "$LLVM"/lib/"$1".so.*; do [[ -e $f ]] && { echo "$f"; return; }; done; return 1; }
LIBS="$(lib libmlir_runner_utils),$(lib libmlir_c_runner_utils)"
PASSES=(--one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
  --buffer-deallocation-pipeline --convert-bufferization-to-memref
  --convert-linalg-to-loops --scf-forall-to-for --convert-vector-to-scf
  --expand-strided-metadata --lower-affine
  --convert-scf-to-cf --convert-vector-to-llvm --finalize-memref-to-llvm --convert-math-to-llvm
  --convert-arith-to-llvm --convert-ub-to-llvm --convert-cf-to-llvm --convert-func-to-llvm
  --reconcile-unrealized-casts)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

run_one() {
  "$OPT" "$1" "${PASSES[@]}" -o "$tmp/llvm.mlir"
  "$RUNNER" "$tmp/llvm.mlir" -e main -entry-point-result=void -shared-libs="$LIBS" |
    sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/'
}

if [[ ${1:-} == --write ]]; then
  shift
  for f in "$@"; do run_one "$f" > "${f%.run.mlir}.expected"; echo "wrote ${f%.run.mlir}.expected"; done
else
  run_one "$1"
fi
