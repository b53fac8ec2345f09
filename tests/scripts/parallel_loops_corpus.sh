#!/usr/bin/env bash
# parallel_loops_corpus.sh: convert-linalg-to-parallel-loops keeps meaning.
# Every runnable corpus and tests/programs program is bufferized, its linalg
# ops lowered to scf.parallel/scf.for, and interpreted: the output must equal
# the program's .expected; mlir-opt must parse and verify the loops (when
# present). Programs that do not bufferize are left to bufferize_corpus.sh.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
with_parallel=0
while read -r f; do
  expected=${f%.run.mlir}.expected
  [[ -f $expected ]] || continue
  "$BUFFER_OPT" --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" \
    --convert-linalg-to-parallel-loops "$f" -o "$tmp/p.mlir" 2> /dev/null || continue
  grep -q 'scf.parallel' "$tmp/p.mlir" && with_parallel=$((with_parallel + 1))
  if grep -q 'linalg\.' <(sed 's://.*$::' "$tmp/p.mlir"); then
    fail "$f: linalg ops left after convert-linalg-to-parallel-loops"; continue
  fi
  if ! "$BUFFER_OPT" --run=main "$tmp/p.mlir" > "$tmp/out" 2> "$tmp/err"; then
    fail "$f: run failed: $(head -c 600 "$tmp/err")"; continue
  fi
  sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' "$tmp/out" > "$tmp/norm"
  if ! cmp -s "$tmp/norm" "$expected"; then
    fail "$f: output differs from $expected:
$(diff "$expected" "$tmp/norm" | head -20)"; continue
  fi
  if have_mlir_opt && ! "$MLIR_OPT" "$tmp/p.mlir" -o /dev/null 2> "$tmp/err"; then
    fail "$f: mlir-opt rejects the loops: $(head -3 "$tmp/err")"; continue
  fi
  pass
done < <(programs '*.run.mlir')
echo "parallel_loops_corpus: $with_parallel programs got scf.parallel"
((with_parallel > 0)) || fail "no program got an scf.parallel"
finish
