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
# (2 ends in our One-Shot, whose output other scripts verify), and hold no
# more ops than `mlir-opt --canonicalize --cse` makes of the same input
# (both counted in mlir-opt's generic form), except the programs of
# ABOVE_UPSTREAM below, whose counts may not grow past the recorded ones;
# the totals are printed. The whole script stays around a minute.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
OSB="--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
# Where our --canonicalize --cse leaves more ops than mlir-opt's, as
# "program stage" -> the most ops we may leave, with the reason. Stage t is
# the tensor program (pipeline 1), b the program after our One-Shot
# (pipeline 3).
declare -A ABOVE_UPSTREAM=(
  ["tests/programs/qa_arith_float.run.mlir t"]="120 0/0 is kept on purpose: upstream folds it to a positive NaN, the hardware's is negative"
  ["tests/programs/qa_arith_float.run.mlir b"]="174 as stage t"
)
ours_total=0 upstream_total=0
# ops FILE: the ops of an MLIR file, counted in mlir-opt's generic form
# (one op a line).
ops() {
  grep -cE '^\s*(%[^=]+= )?"[A-Za-z_0-9.]+"\(' "$1"
}
# compare_ops NAME STAGE INPUT: the ops in $tmp/generic.mlir (our output
# for INPUT) against mlir-opt --canonicalize --cse on INPUT.
compare_ops() {
  local name=$1 stage=$2 input=$3 ours theirs key
  # Both outputs are counted as mlir-opt reads them back from their
  # custom form (ours is printed that way too): reading a named linalg op
  # rebuilds its body, which puts back a constant the canonicalizer hoisted.
  if ! "$MLIR_OPT" --canonicalize --cse "$input" 2> "$tmp/err" |
       "$MLIR_OPT" --mlir-print-op-generic > "$tmp/up.mlir" 2>> "$tmp/err"; then
    fail "$name: mlir-opt --canonicalize --cse fails: $(head -c 600 "$tmp/err")"; return
  fi
  ours=$(ops "$tmp/generic.mlir"); theirs=$(ops "$tmp/up.mlir")
  ours_total=$((ours_total + ours)); upstream_total=$((upstream_total + theirs))
  key="$name $stage"
  local allowed=${ABOVE_UPSTREAM[$key]:-$theirs}
  allowed=${allowed%% *}
  if ((ours > theirs && ours > allowed)); then
    fail "$key: --canonicalize --cse leaves $ours ops, mlir-opt $theirs"
  elif [[ -n ${ABOVE_UPSTREAM[$key]:-} ]] && ((ours <= theirs)); then
    echo "note: $key now at or below mlir-opt ($ours vs $theirs): drop it from ABOVE_UPSTREAM"
    pass
  else pass; fi
}
# check NAME EXPECTED VERIFY PASSES...: runs the passes on the program,
# verifies the result in mlir-opt when VERIFY is 1 (and compares its op
# count with mlir-opt's, see compare_ops: the program is the last
# argument), interprets it and compares with EXPECTED.
check() {
  local name=$1 expected=$2 verify=$3; shift 3
  if ! "$BUFFER_OPT" "$@" > "$tmp/ir.mlir" 2> "$tmp/err"; then
    fail "$name ($*): passes failed: $(head -c 600 "$tmp/err")"; return
  fi
  if ((verify)) && have_mlir_opt; then
    if ! "$MLIR_OPT" --mlir-print-op-generic "$tmp/ir.mlir" > "$tmp/generic.mlir" 2> "$tmp/err"; then
      fail "$name ($*): output does not verify in mlir-opt: $(head -c 600 "$tmp/err")"; return
    fi
    local input=${*: -1} stage=t
    if [[ $1 == "$OSB" ]]; then
      stage=b; input=$tmp/osb.mlir
      "$BUFFER_OPT" "$OSB" "${*: -1}" > "$input" 2> /dev/null || input=
    fi
    [[ -n $input ]] && compare_ops "$name" "$stage" "$input"
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
have_mlir_opt && echo "ops after --canonicalize --cse: ours $ours_total, mlir-opt $upstream_total"
finish
