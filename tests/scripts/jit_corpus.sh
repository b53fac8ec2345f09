#!/usr/bin/env bash
# jit_corpus.sh: `buffer-opt --emit=run` (ORC LLJIT, native code) against
# the interpreter.
#   1. Every *.run.mlir of the corpus and tests/programs: `--emit=run
#      --run=main` prints what `--run=main` (the interpreter) prints and
#      what the .expected file (upstream MLIR's output) holds, heap
#      addresses masked. Programs listed in tests/scripts/llvm/known-failures.txt
#      (stage `emit` or `run`) must still fail, so the list stays honest.
#   2. Functions with arguments (--inputs JSON: scalars, tensors, memrefs
#      with dynamic sizes and strided layouts): the JSON results equal the
#      interpreter's.
#   3. Bad uses fail with a clear error.
# Exits 77 (skip) when the build has no JIT.
# env: BUF_BIN, BUF_CORPUS_DIR, BUF_SOURCE_DIR.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
[ -x "$opt" ] || { echo "jit_corpus: needs $opt; skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'func.func @main() { return }\n' >"$tmp/probe.mlir"
if ! "$opt" --emit=run --run=main "$tmp/probe.mlir" >/dev/null 2>"$tmp/err"; then
  echo "jit_corpus: this buffer-opt has no JIT; skipped"
  cat "$tmp/err"
  exit 77
fi
. "$here/lib/llvm_known.sh"
mask() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' "$1"; }
pass=0 fail=0 known=0
dirs=()
[ -n "${BUF_CORPUS_DIR:-}" ] && [ -d "$BUF_CORPUS_DIR" ] && dirs+=("$BUF_CORPUS_DIR")
[ -d "$src/tests/programs" ] && dirs+=("$src/tests/programs")
while IFS= read -r f; do
  key=$(program_key "$f")
  exp=${f%.run.mlir}.expected
  why=
  if ! timeout 60 "$opt" --emit=run --run=main "$f" >"$tmp/raw" 2>"$tmp/err"; then
    why="--emit=run failed"
  else
    mask "$tmp/raw" >"$tmp/jit"
    "$opt" --run=main "$f" >"$tmp/iraw" 2>/dev/null
    mask "$tmp/iraw" >"$tmp/interp"
    if ! cmp -s "$tmp/jit" "$tmp/interp"; then
      why="prints something else than the interpreter"
    elif ! cmp -s "$tmp/jit" "$exp"; then
      why="prints something else than $(basename "$exp")"
    fi
  fi
  listed=$(known_failure any "$key") && is_known=1 || is_known=0
  if [ -z "$why" ] && [ $is_known = 1 ]; then
    fail=$((fail + 1)); echo "FAIL $key: now runs; remove it from tests/scripts/llvm/known-failures.txt"
  elif [ -z "$why" ]; then
    pass=$((pass + 1))
  elif [ $is_known = 1 ]; then
    known=$((known + 1)); echo "KNOWN $key: $listed"
  else
    fail=$((fail + 1)); echo "FAIL $key: $why"
    head -5 "$tmp/err"
    [ -f "$tmp/interp" ] && diff "$tmp/interp" "$tmp/jit" | head -6
  fi
  rm -f "$tmp/raw" "$tmp/jit" "$tmp/iraw" "$tmp/interp"
done < <(find "${dirs[@]}" -name '*.run.mlir' | sort)
echo "jit_corpus: main: $pass passed, $fail failed, $known known failures"

# --inputs: the same JSON results as the interpreter.
check_inputs() { # FILE FUNC JSON
  printf '%s\n' "$3" >"$tmp/in.json"
  if ! "$opt" --emit=run --run="$2" --inputs="$tmp/in.json" "$1" >"$tmp/jit" 2>"$tmp/err"; then
    fail=$((fail + 1)); echo "FAIL $1 @$2: --emit=run failed"; head -5 "$tmp/err"; return
  fi
  "$opt" --run="$2" --inputs="$tmp/in.json" "$1" >"$tmp/interp" 2>&1
  if cmp -s "$tmp/jit" "$tmp/interp" && grep -q '^\[{"type"' "$tmp/jit"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $1 @$2: results differ from the interpreter's"
    diff "$tmp/interp" "$tmp/jit" | head -6
  fi
}
check_inputs "$src/tests/lit/tools/run.mlir" axpy "$(cat "$src/tests/lit/tools/Inputs/axpy.json")"
t=$here/llvm/tensor_ciface.mlir
check_inputs "$t" axpy '[{"type":"f32","value":-1.5},{"type":"tensor<5xf32>","shape":[5],"data":[1,2,3,4,1e30]},{"type":"tensor<?xf32>","shape":[5],"data":[0.25,"nan",-3,"-inf",2]}]'
check_inputs "$t" axpy '[{"type":"f32","value":2},{"type":"tensor<0xf32>","shape":[0],"data":[]},{"type":"tensor<0xf32>","shape":[0],"data":[]}]'
check_inputs "$t" matmul '[{"type":"tensor<2x3xi32>","shape":[2,3],"data":[[1,-2,3],[4,5,2147483647]]},{"type":"tensor<3x2xi32>","shape":[3,2],"data":[7,8,9,10,11,12]}]'
c=$here/llvm/ciface.mlir
check_inputs "$c" slice_sum '[{"type":"memref<10xi64>","shape":[10],"data":[0,1,4,9,16,25,36,49,64,-81]},{"type":"index","value":6}]'
check_inputs "$c" scale_bias '[{"type":"memref<2x3xf32>","shape":[2,3],"data":[1,2,3,4,5,6]},{"type":"f32","value":0.5}]'
# (bf16 arithmetic computes in float and rounds with integer operations:
# no compiler-rt helper.)
cat >"$tmp/scalars.mlir" <<'MLIR'
func.func @mix(%a: i1, %b: i8, %c: ui16, %d: f16, %e: bf16, %f: f64, %g: index) -> (i1, i8, ui16, f16, bf16, f64, index, i32) {
  %t = arith.constant true
  %na = arith.xori %a, %t : i1
  %b2 = arith.addi %b, %b : i8
  %d2 = arith.addf %d, %d : f16
  %three = arith.constant 3.0 : bf16
  %e2 = arith.divf %e, %three : bf16
  %f2 = arith.divf %f, %f : f64
  %g2 = arith.muli %g, %g : index
  %w = arith.extsi %b : i8 to i32
  return %na, %b2, %c, %d2, %e2, %f2, %g2, %w : i1, i8, ui16, f16, bf16, f64, index, i32
}
MLIR
check_inputs "$tmp/scalars.mlir" mix '[{"type":"i1","value":true},{"type":"i8","value":-100},{"type":"ui16","value":65535},{"type":"f16","value":1.0009765625},{"type":"bf16","value":3.5},{"type":"f64","value":0},{"type":"index","value":3000000000}]'

# Bad uses: clear errors, no crash.
expect_error() { # WHAT PATTERN ARGS...
  local what=$1 pat=$2; shift 2
  if ! "$opt" "$@" >/dev/null 2>"$tmp/err" && grep -q -- "$pat" "$tmp/err"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $what: expected an error matching '$pat'"; head -3 "$tmp/err"
  fi
}
printf '[{"type":"f32","value":1}]\n' >"$tmp/short.json"
expect_error "missing inputs" "takes 3 arguments but no inputs were given" --emit=run --run=axpy "$t"
expect_error "wrong input count" "inputs must be an array of 3 values" --emit=run --run=axpy --inputs="$tmp/short.json" "$t"
printf '[{"type":"f32","value":1},{"type":"tensor<2xf32>","shape":[2],"data":[1]},{"type":"tensor<2xf32>","shape":[2],"data":[1,2]}]\n' >"$tmp/bad.json"
expect_error "too few data values" "input #1: 1 data values for 2 elements" --emit=run --run=axpy --inputs="$tmp/bad.json" "$t"
expect_error "unknown function" "no function named '@nope'" --emit=run --run=nope "$t"
expect_error "--emit=run without --run" "--emit=run needs --run=FUNC" --emit=run "$t"
printf 'func.func private @missing()\nfunc.func @main() {\n  call @missing() : () -> ()\n  return\n}\n' >"$tmp/unresolved.mlir"
expect_error "unresolved symbol" "missing" --emit=run --run=main "$tmp/unresolved.mlir"

echo "jit_corpus: $pass passed, $fail failed, $known known failures"
[ $fail -eq 0 ]
