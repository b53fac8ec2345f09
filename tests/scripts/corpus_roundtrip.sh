#!/usr/bin/env bash
# Round trips every example program through our parser and printer and
# through upstream mlir-opt 22:
#   1. buffer-opt parses and verifies it and prints P;
#   2. printing is a fixed point: buffer-opt P == P;
#   3. mlir-opt accepts P, and accepts our generic form of it;
#   4. buffer-opt accepts mlir-opt's generic-form print of the program;
#   5. the JSON form round-trips: --emit=json then --input-format=json
#      prints the same program.
# Also reports how many of our prints are byte-identical to mlir-opt's.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
identical=0 total=0
while read -r f; do
  total=$((total + 1))
  if ! "$BUFFER_OPT" "$f" > "$tmp/p.mlir" 2> "$tmp/err"; then
    fail "$f: buffer-opt rejects it: $(head -c 600 "$tmp/err")"; continue
  fi
  pass
  if ! "$BUFFER_OPT" "$tmp/p.mlir" > "$tmp/pp.mlir" 2> "$tmp/err"; then
    fail "$f: buffer-opt rejects its own print: $(head -c 600 "$tmp/err")"
  elif ! cmp -s "$tmp/p.mlir" "$tmp/pp.mlir"; then
    fail "$f: printing is not a fixed point: $(diff "$tmp/p.mlir" "$tmp/pp.mlir" | head -20)"
  else pass; fi
  if ! "$BUFFER_OPT" --emit=json "$f" > "$tmp/p.json" 2> "$tmp/err" ||
     ! "$BUFFER_OPT" --input-format=json "$tmp/p.json" > "$tmp/pj.mlir" 2> "$tmp/err"; then
    fail "$f: JSON form does not round-trip: $(head -c 600 "$tmp/err")"
  elif ! cmp -s "$tmp/p.mlir" "$tmp/pj.mlir"; then
    fail "$f: JSON form reads back differently: $(diff "$tmp/p.mlir" "$tmp/pj.mlir" | head -20)"
  else pass; fi
  have_mlir_opt || continue
  if ! "$MLIR_OPT" "$tmp/p.mlir" > "$tmp/up.mlir" 2> "$tmp/err"; then
    fail "$f: mlir-opt rejects our print: $(head -c 600 "$tmp/err")"
  else
    pass
    cmp -s "$tmp/up.mlir" "$tmp/p.mlir" && identical=$((identical + 1))
  fi
  if ! "$BUFFER_OPT" --mlir-print-op-generic "$f" > "$tmp/g.mlir" 2> "$tmp/err" ||
     ! "$MLIR_OPT" "$tmp/g.mlir" > /dev/null 2> "$tmp/err"; then
    fail "$f: mlir-opt rejects our generic print: $(head -c 600 "$tmp/err")"
  else pass; fi
  if ! "$MLIR_OPT" --mlir-print-op-generic "$f" > "$tmp/ug.mlir" 2> "$tmp/err"; then
    fail "$f: mlir-opt rejects the program: $(head -c 300 "$tmp/err")"
  elif ! "$BUFFER_OPT" "$tmp/ug.mlir" > "$tmp/ugp.mlir" 2> "$tmp/err"; then
    fail "$f: buffer-opt rejects mlir-opt's generic print: $(head -c 600 "$tmp/err")"
  elif ! cmp -s "$tmp/ugp.mlir" "$tmp/p.mlir"; then
    fail "$f: mlir-opt's generic print reads back differently: $(diff "$tmp/p.mlir" "$tmp/ugp.mlir" | head -20)"
  else pass; fi
done < <(programs)
have_mlir_opt || echo "note: mlir-opt 22 not installed; upstream checks skipped"
echo "$identical of $total prints are byte-identical to mlir-opt's"
finish
