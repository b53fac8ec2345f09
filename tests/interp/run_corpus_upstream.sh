#!/usr/bin/env bash
# run_corpus_upstream.sh: the interpreter on upstream-bufferized programs.
# Every runnable corpus program (*.run.mlir) is bufferized by upstream
# mlir-opt with the ownership-based deallocation pipeline, at two depths:
#   memref: one-shot-bufferize + buffer-deallocation-pipeline
#   cf:     ... then linalg-to-loops, forall-to-for, expand-strided-metadata,
#           lower-affine, scf-to-cf (strided metadata, reinterpret_cast, cf)
# and run with `buffer-opt --run=main --run-leak-check`: the output must
# equal the .expected file and no buffer may leak, double free or be used
# after free. This checks the interpreter's buffer semantics against
# programs whose memory management upstream produced.
#
# usage: run_corpus_upstream.sh [DIR...]  (default: $BUF_CORPUS_DIR and
#                                          $BUF_SOURCE_DIR/tests/programs)
# env:   BUF_BIN (folder of buffer-opt), LLVM_TOOLS_DIR (folder of mlir-opt)
# Exits 77 (skip) without buffer-opt or mlir-opt.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
mlir_opt=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}/mlir-opt
if [ ! -x "$opt" ] || [ ! -x "$mlir_opt" ]; then
  echo "run_corpus_upstream: needs $opt and $mlir_opt; skipped"
  exit 77
fi
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  [ -n "${BUF_CORPUS_DIR:-}" ] && dirs+=("$BUF_CORPUS_DIR")
  [ -d "$src/tests/programs" ] && dirs+=("$src/tests/programs")
fi
bufferize=(--one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
           --buffer-deallocation-pipeline --convert-bufferization-to-memref)
lower=(--convert-linalg-to-loops --scf-forall-to-for --expand-strided-metadata
       --lower-affine --convert-scf-to-cf)
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in "${dirs[@]}"; do
  while IFS= read -r f; do
    exp=${f%.run.mlir}.expected
    for depth in memref cf; do
      if [ $depth = memref ]; then
        "$mlir_opt" "$f" "${bufferize[@]}" -o "$tmp/p.mlir" 2>"$tmp/err"
      else
        "$mlir_opt" "$f" "${bufferize[@]}" "${lower[@]}" -o "$tmp/p.mlir" 2>"$tmp/err"
      fi || { echo "SKIP $f ($depth): mlir-opt failed"; continue; }
      if "$opt" --run=main --run-leak-check "$tmp/p.mlir" 2>"$tmp/err" |
          sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' >"$tmp/out" &&
          cmp -s "$tmp/out" "$exp"; then
        pass=$((pass + 1))
      else
        fail=$((fail + 1))
        echo "FAIL $f ($depth)"
        head -5 "$tmp/err"
        diff "$tmp/out" "$exp" | head -10
      fi
    done
  done < <(find "$d" -name '*.run.mlir' | sort)
done
echo "run_corpus_upstream: $pass passed, $fail failed"
[ $((pass + fail)) -eq 0 ] && exit 77
[ $fail -eq 0 ]
