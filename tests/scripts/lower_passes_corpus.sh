#!/usr/bin/env bash
# lower_passes_corpus.sh: our lowering passes against the interpreter.
# Every runnable program (*.run.mlir of the corpus and tests/programs) is
# bufferized by upstream mlir-opt (one-shot + ownership-based deallocation),
# then lowered by buffer-opt's --convert-linalg-to-loops --convert-scf-to-cf
# and interpreted with leak checking: the output must equal the .expected
# file, and no linalg or scf op may be left. Generated files live in a
# temporary folder only.
#
# env: BUF_BIN (folder of buffer-opt), LLVM_TOOLS_DIR (folder of mlir-opt),
#      BUF_CORPUS_DIR, BUF_SOURCE_DIR. Exits 77 (skip) without the tools.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
mlir_opt=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}/mlir-opt
if [ ! -x "$opt" ] || [ ! -x "$mlir_opt" ]; then
  echo "lower_passes_corpus: needs $opt and $mlir_opt; skipped"
  exit 77
fi
dirs=()
[ -n "${BUF_CORPUS_DIR:-}" ] && [ -d "$BUF_CORPUS_DIR" ] && dirs+=("$BUF_CORPUS_DIR")
[ -d "$src/tests/programs" ] && dirs+=("$src/tests/programs")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
while IFS= read -r f; do
  exp=${f%.run.mlir}.expected
  "$mlir_opt" "$f" --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
      --buffer-deallocation-pipeline --convert-bufferization-to-memref -o "$tmp/m.mlir" 2>/dev/null ||
    { echo "SKIP $f: mlir-opt failed"; continue; }
  if "$opt" --convert-linalg-to-loops --convert-scf-to-cf "$tmp/m.mlir" -o "$tmp/l.mlir" 2>"$tmp/err" &&
     ! grep -qE '^ *(%[^=]*= )?"?(linalg|scf)\.' "$tmp/l.mlir" &&
     "$opt" --run=main --run-leak-check "$tmp/l.mlir" 2>>"$tmp/err" |
       sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' >"$tmp/out" &&
     cmp -s "$tmp/out" "$exp"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $f"
    head -5 "$tmp/err"
    grep -nE '^ *(%[^=]*= )?"?(linalg|scf)\.' "$tmp/l.mlir" | head -3
    diff "$tmp/out" "$exp" | head -10
  fi
done < <(find "${dirs[@]}" -name '*.run.mlir' | sort)
echo "lower_passes_corpus: $pass passed, $fail failed"
[ $((pass + fail)) -eq 0 ] && exit 77
[ $fail -eq 0 ]
