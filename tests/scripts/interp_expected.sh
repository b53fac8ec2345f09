#!/usr/bin/env bash
# Interprets every executable example (*.run.mlir) with `buffer-opt
# --run=main` and compares the output with the .expected file beside it,
# which upstream MLIR 22 produced (mlir-opt + mlir-runner; addresses as ADDR).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
while read -r f; do
  expected=${f%.run.mlir}.expected
  [[ -f $expected ]] || { fail "$f: no $expected"; continue; }
  if ! "$BUFFER_OPT" --run=main "$f" > "$tmp/out" 2> "$tmp/err"; then
    fail "$f: run failed: $(head -c 600 "$tmp/err")"; continue
  fi
  sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' "$tmp/out" > "$tmp/norm"
  if cmp -s "$tmp/norm" "$expected"; then pass
  else fail "$f: output differs from $expected:
$(diff "$expected" "$tmp/norm" | head -20)"; fi
done < <(programs '*.run.mlir')
finish
