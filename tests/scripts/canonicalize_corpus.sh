#!/usr/bin/env bash
# --canonicalize and --cse must not change what a program computes. Every
# executable example (*.run.mlir) is interpreted (`buffer-opt --run=main`)
# after each of these pipelines, and its output must equal the .expected
# file beside it (upstream MLIR 22's output; addresses as ADDR):
#   1. --canonicalize --cse on the tensor program;
#   2. --canonicalize --cse, then One-Shot Bufferize with function
#      boundaries (the folds must leave a program bufferization accepts);
#   3. One-Shot Bufferize, then --canonicalize --cse on the buffer program
#      (where the memref folds apply: casts, to_buffer(to_tensor), copies).
# Where mlir-opt is installed, the outputs of 1 and 3 must also verify in it
# (2 ends in our One-Shot, whose output other scripts verify). The whole
# script stays under a minute.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
OSB="--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
# check NAME EXPECTED VERIFY PASSES...: runs the passes on the program,
# verifies the result in mlir-opt when VERIFY is 1, interprets it and
# compares with EXPECTED.
check() {
  local name=$1 expected=$2 verify=$3; shift 3
  if ! "$BUFFER_OPT" "$@" > "$tmp/ir.mlir" 2> "$tmp/err"; then
    fail "$name ($*): passes failed: $(head -c 600 "$tmp/err")"; return
  fi
  if ((verify)) && have_mlir_opt && ! "$MLIR_OPT" "$tmp/ir.mlir" > /dev/null 2> "$tmp/err"; then
    fail "$name ($*): output does not verify in mlir-opt: $(head -c 600 "$tmp/err")"; return
  fi
  if ! "$BUFFER_OPT" --run=main "$tmp/ir.mlir" > "$tmp/out" 2> "$tmp/err"; then
    fail "$name ($*): run failed: $(head -c 600 "$tmp/err")"; return
  fi
  sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' "$tmp/out" > "$tmp/norm"
  if cmp -s "$tmp/norm" "$expected"; then pass
  else fail "$name ($*): output differs from $expected:
$(diff "$expected" "$tmp/norm" | head -20)"; fi
}
while read -r f; do
  expected=${f%.run.mlir}.expected
  [[ -f $expected ]] || { fail "$f: no $expected"; continue; }
  name=${f#"${BUF_CORPUS_DIR:-/nonexistent}/"}
  name=${name#"$BUF_SOURCE_DIR/"}
  check "$name" "$expected" 1 --canonicalize --cse "$f"
  check "$name" "$expected" 0 --canonicalize --cse "$OSB" "$f"
  check "$name" "$expected" 1 "$OSB" --canonicalize --cse "$f"
done < <(programs '*.run.mlir')
finish
