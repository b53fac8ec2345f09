#!/usr/bin/env bash
# One-Shot's in-place decisions are correct in every order: the order only
# picks which of two conflicting writes gets the copy. So every corpus
# .run.mlir, bufferized under 20 random decision orders
# (analysis-heuristic=fuzzer through analysis-fuzzer-seed=1..20) and under
# the top-down and bottom-up-from-terminators heuristics, must print exactly
# its .expected under the interpreter (`buffer-opt --run=main`, which
# reports reads of uninitialized memory and out-of-bounds accesses).
# The orders must also differ: across the seeds, the decisions annotated by
# test-analysis-only differ on at least one program, else the fuzzer would
# be a no-op and this test could not fail.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -d ${BUF_CORPUS_DIR:-} ]] || { echo "no corpus: skipped"; exit $SKIP; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
BASE="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
orders=()
for seed in $(seq 1 20); do orders+=("analysis-fuzzer-seed=$seed"); done
orders+=("analysis-heuristic=top-down" "analysis-heuristic=bottom-up-from-terminators")
programs_with_different_orders=0
while read -r f; do
  name=${f#"$BUF_CORPUS_DIR/"}
  expected=${f%.run.mlir}.expected
  [[ -f $expected ]] || continue
  : > "$tmp/decisions"
  for order in "${orders[@]}"; do
    if ! "$BUFFER_OPT" "--one-shot-bufferize=allow-return-allocs-from-loops $BASE $order" --run=main "$f" \
         > "$tmp/out" 2> "$tmp/err"; then
      fail "$name ($order): run failed: $(head -c 300 "$tmp/err")"; continue
    fi
    sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' "$tmp/out" > "$tmp/norm"
    if cmp -s "$tmp/norm" "$expected"; then pass
    else fail "$name ($order): output differs from $expected:
$(diff "$expected" "$tmp/norm" | head -6)"; fi
    "$BUFFER_OPT" "--one-shot-bufferize=allow-return-allocs-from-loops $BASE test-analysis-only $order" "$f" 2> /dev/null \
      | grep -o '__inplace_operands_attr__ = \[[^]]*\]' | md5sum >> "$tmp/decisions"
  done
  (( $(sort -u "$tmp/decisions" | wc -l) > 1 )) && programs_with_different_orders=$((programs_with_different_orders + 1))
done < <(find "$BUF_CORPUS_DIR" -name '*.run.mlir' | LC_ALL=C sort)
echo "programs whose decisions differ between orders: $programs_with_different_orders"
if ((programs_with_different_orders == 0)); then
  fail "no program's decisions depend on the order: the fuzzer orders nothing"
else pass; fi
finish
