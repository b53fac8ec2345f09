#!/usr/bin/env bash
# run_corpus.sh: runs every runnable corpus program (*.run.mlir) with
# `buffer-opt --run=main FILE` (no leak check: tensor programs never free)
# and compares its output, addresses normalized to "base@ = ADDR" as the
# corpus does, byte for byte with the .expected file upstream MLIR printed.
#
# usage: run_corpus.sh [DIR...]   (default: $BUF_CORPUS_DIR and
#                                  $BUF_SOURCE_DIR/tests/programs)
# env:   BUF_BIN (the folder holding buffer-opt; default build/bin)
# Exits 0 when every program matches, 1 otherwise, 77 (skip) when there is
# no buffer-opt or no program.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
if [ ! -x "$opt" ]; then
  echo "run_corpus: no buffer-opt at $opt; skipped"
  exit 77
fi
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  [ -n "${BUF_CORPUS_DIR:-}" ] && dirs+=("$BUF_CORPUS_DIR")
  [ -d "$src/tests/programs" ] && dirs+=("$src/tests/programs")
fi
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in "${dirs[@]}"; do
  while IFS= read -r f; do
    exp=${f%.run.mlir}.expected
    if "$opt" --run=main "$f" 2>"$tmp/err" |
        sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' >"$tmp/out" &&
        cmp -s "$tmp/out" "$exp"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $f"
      head -5 "$tmp/err"
      diff "$tmp/out" "$exp" | head -10
    fi
  done < <(find "$d" -name '*.run.mlir' | sort)
done
echo "run_corpus: $pass passed, $fail failed"
[ $((pass + fail)) -eq 0 ] && exit 77
[ $fail -eq 0 ]
