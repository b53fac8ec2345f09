#!/usr/bin/env bash
# The partial bufferization passes (--tensor-bufferize, --linalg-bufferize,
# --scf-bufferize, --func-bufferize, --arith-bufferize, and
# --vector-bufferize last) one at a time, in several orders, then
# --finalizing-bufferize, over every corpus program and
# every tests/programs program. After every step:
#   1. the output verifies in mlir-opt (to_buffer / to_tensor at the
#      boundaries in MLIR 22 syntax);
#   2. for a .run.mlir with a .expected, `buffer-opt --run=main` of the
#      output prints exactly the .expected (the program means the same).
# After all five and finalizing: no tensor type is left; or, when
# finalizing refuses, each of its errors is located (file:line:col) and
# names an op, and plain --one-shot-bufferize refuses the program too (the
# steps together reach every op One-Shot reaches).
# Needs mlir-opt (skips with 77 otherwise).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
have_mlir_opt || { echo "mlir-opt not found: skipped"; exit $SKIP; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ORDERS=("tensor linalg scf func arith vector" "arith func scf linalg tensor vector"
        "func scf tensor arith linalg vector")
refused=0 folded_copies=0
normalize() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' "$1"; }
# check_step NAME FILE EXPECTED: the step's output verifies and still runs.
check_step() {
  local what=$1 out=$2 expected=$3
  if ! "$MLIR_OPT" "$out" > /dev/null 2> "$tmp/err"; then
    fail "$what: does not verify in mlir-opt: $(head -c 400 "$tmp/err")"; return 1
  fi
  pass
  [[ -n $expected ]] || return 0
  if ! "$BUFFER_OPT" --run=main "$out" > "$tmp/run" 2> "$tmp/err"; then
    fail "$what: run failed: $(head -c 400 "$tmp/err")"; return 1
  fi
  if normalize "$tmp/run" | cmp -s - "$expected"; then pass
  else fail "$what: run differs from $expected:
$(normalize "$tmp/run" | diff "$expected" - | head -8)"; return 1; fi
}
while read -r f; do
  name=${f#"${BUF_CORPUS_DIR:-/nonexistent}/"}
  name=${name#"$BUF_SOURCE_DIR/"}
  expected=
  [[ $f == *.run.mlir && -f ${f%.run.mlir}.expected ]] && expected=${f%.run.mlir}.expected
  for order in "${ORDERS[@]}"; do
    cp "$f" "$tmp/cur.mlir"
    ok=1 trail=
    for d in $order; do
      trail="$trail $d"
      if ! "$BUFFER_OPT" "--$d-bufferize" "$tmp/cur.mlir" > "$tmp/next.mlir" 2> "$tmp/err"; then
        fail "$name [$trail]: --$d-bufferize failed: $(head -c 400 "$tmp/err")"; ok=0; break
      fi
      mv "$tmp/next.mlir" "$tmp/cur.mlir"
      check_step "$name [$trail]" "$tmp/cur.mlir" "$expected" || { ok=0; break; }
    done
    ((ok)) || continue
    if "$BUFFER_OPT" --finalizing-bufferize "$tmp/cur.mlir" > "$tmp/final.mlir" 2> "$tmp/err"; then
      # A dense attribute's type (strides = dense<2> : tensor<2xi64>) is no
      # tensor value: drop those before looking.
      if sed -E 's/dense<[^>]*> : tensor<[^>]*>//g' "$tmp/final.mlir" |
         grep -n 'tensor<' > "$tmp/left"; then
        fail "$name [$order]: tensors left after finalizing: $(head -3 "$tmp/left")"; continue
      fi
      check_step "$name [$order finalizing]" "$tmp/final.mlir" "$expected" || continue
      folded_copies=$((folded_copies + $(grep -c 'memref\.copy ' "$tmp/final.mlir")))
    else
      if ! grep -q ': error: ' "$tmp/err" ||
         grep ': error: ' "$tmp/err" | grep -vqE "^[^:]+:[0-9]+:[0-9]+: error: '[a-z_]+\.[a-z_.]+' op "; then
        fail "$name [$order]: finalizing failed without located op errors: $(head -c 400 "$tmp/err")"; continue
      fi
      if "$BUFFER_OPT" --one-shot-bufferize=allow-return-allocs-from-loops "$f" > /dev/null 2>&1; then
        fail "$name [$order]: finalizing refused a program One-Shot bufferizes: $(head -c 400 "$tmp/err")"; continue
      fi
      refused=$((refused + 1)); pass
    fi
  done
done < <(programs '*.mlir')
# Orders of the five passes (then --vector-bufferize), each in one
# buffer-opt run ending in finalizing-bufferize, buffer-deallocation-pipeline and --run=main
# --run-leak-check: the run prints the tensor program's .expected, with no
# leak and no undefined behaviour (the interpreter reports both); or
# finalizing refuses with located op errors a program One-Shot refuses too.
# Each program takes ORDERS_PER_PROGRAM of the 120 orders, the next
# program the next ones, so the runnable programs together cover all 120
# (PARTIAL_ALL_ORDERS=1 runs every order on every program).
permutations() { # prints every order of its arguments, one a line
  (($# <= 1)) && { echo "$*"; return; }
  local i rest
  for ((i = 1; i <= $#; i++)); do
    rest=("${@:1:i-1}" "${@:i+1}")
    permutations "${rest[@]}" | sed "s/^/${!i} /"
  done
}
mapfile -t ALL_ORDERS < <(permutations tensor linalg scf func arith)
((${#ALL_ORDERS[@]} == 120)) || fail "expected 120 orders, got ${#ALL_ORDERS[@]}"
ORDERS_PER_PROGRAM=8
runs=0 next_order=0
while read -r f; do
  expected=${f%.run.mlir}.expected
  [[ -f $expected ]] || continue
  name=${f#"${BUF_CORPUS_DIR:-/nonexistent}/"}; name=${name#"$BUF_SOURCE_DIR/"}
  oneshot_refuses=
  orders=()
  if [[ ${PARTIAL_ALL_ORDERS:-0} == 1 ]]; then
    orders=("${ALL_ORDERS[@]}")
  else
    for ((k = 0; k < ORDERS_PER_PROGRAM; k++)); do
      orders+=("${ALL_ORDERS[next_order]}")
      next_order=$(((next_order + 1) % 120))
    done
  fi
  for order in "${orders[@]}"; do
    flags=()
    for d in $order vector; do flags+=("--$d-bufferize"); done
    runs=$((runs + 1))
    if "$BUFFER_OPT" "${flags[@]}" --finalizing-bufferize \
         --buffer-deallocation-pipeline --run=main --run-leak-check "$f" \
         > "$tmp/run" 2> "$tmp/err"; then
      if normalize "$tmp/run" | cmp -s - "$expected"; then pass
      else fail "$name [$order]: run differs from $expected:
$(normalize "$tmp/run" | diff "$expected" - | head -8)"; fi
      continue
    fi
    if ! grep -q "error: .* is still on tensors" "$tmp/err"; then
      fail "$name [$order]: failed: $(head -c 400 "$tmp/err")"; continue
    fi
    if [[ -z $oneshot_refuses ]]; then
      oneshot_refuses=no
      "$BUFFER_OPT" --one-shot-bufferize=allow-return-allocs-from-loops "$f" > /dev/null 2>&1 || oneshot_refuses=yes
    fi
    if [[ $oneshot_refuses == no ]]; then
      fail "$name [$order]: finalizing refused a program One-Shot bufferizes: $(head -c 400 "$tmp/err")"
    else
      refused=$((refused + 1)); pass
    fi
  done
done < <(programs '*.run.mlir')
echo "$runs ordered runs; finalizing refused (ops out of reach) $refused times; $folded_copies memref.copy in final outputs"
finish
