#!/usr/bin/env bash
# llvm_corpus.sh: the LLVM lowering on every runnable program.
# Each *.run.mlir of the corpus and tests/programs is bufferized by upstream
# mlir-opt (one-shot + ownership-based deallocation, generated into a
# temporary folder at test time), then:
#   1. `buffer-opt --emit=llvm` must pass LLVM's verifier (`opt -passes=verify`);
#   2. `buffer-opt --emit=obj` is linked with clang against upstream's
#      runner-utils libraries and run: the output must equal the .expected
#      file (heap addresses masked), and the program must exit 0.
# Programs upstream cannot bufferize are skipped and counted. Exits 77 (skip) when the
# build has no LLVM lowering or LLVM 22's tools are absent.
#
# env: BUF_BIN (folder of buffer-opt), LLVM_TOOLS_DIR, BUF_CORPUS_DIR,
#      BUF_SOURCE_DIR.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
tools=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
libdir=$(cd "$tools/../lib" 2>/dev/null && pwd)
runner=$libdir/libmlir_runner_utils.so.22.1
crunner=$libdir/libmlir_c_runner_utils.so.22.1
for t in "$opt" "$tools/mlir-opt" "$tools/opt" "$tools/clang" "$tools/llvm-objcopy"; do
  [ -x "$t" ] || { echo "llvm_corpus: needs $t; skipped"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'func.func @f() { return }' >"$tmp/probe.mlir"
if ! "$opt" --emit=llvm "$tmp/probe.mlir" >/dev/null 2>"$tmp/err"; then
  echo "llvm_corpus: this buffer-opt has no LLVM lowering; skipped"
  cat "$tmp/err"
  exit 77
fi
run_native=1
# @main returns nothing; the driver calls it (renamed) and exits 0 itself.
printf 'void buf_program_main(void);\nint main(void) { buf_program_main(); return 0; }\n' >"$tmp/driver.c"
[ -f "$runner" ] && [ -f "$crunner" ] || { run_native=0; echo "llvm_corpus: no runner-utils libraries; only verifying"; }
dirs=()
[ -n "${BUF_CORPUS_DIR:-}" ] && [ -d "$BUF_CORPUS_DIR" ] && dirs+=("$BUF_CORPUS_DIR")
[ -d "$src/tests/programs" ] && dirs+=("$src/tests/programs")
pass=0 fail=0 skip=0
while IFS= read -r f; do
  exp=${f%.run.mlir}.expected
  if ! "$tools/mlir-opt" "$f" \
      --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
      --buffer-deallocation-pipeline --convert-bufferization-to-memref -o "$tmp/m.mlir" 2>/dev/null; then
    skip=$((skip + 1)); echo "SKIP $f: mlir-opt failed"; continue
  fi
  why=
  if ! "$opt" --emit=llvm "$tmp/m.mlir" -o "$tmp/m.ll" 2>"$tmp/err"; then
    why="--emit=llvm failed"
  elif ! "$tools/opt" -passes=verify -disable-output "$tmp/m.ll" 2>>"$tmp/err"; then
    why="opt -passes=verify rejected the IR"
  elif [ $run_native = 1 ]; then
    if ! "$opt" --emit=obj "$tmp/m.mlir" -o "$tmp/m.o" 2>>"$tmp/err"; then
      why="--emit=obj failed"
    elif ! "$tools/llvm-objcopy" --redefine-sym main=buf_program_main "$tmp/m.o" 2>>"$tmp/err" ||
         ! "$tools/clang" "$tmp/m.o" "$tmp/driver.c" -o "$tmp/m.exe" "$runner" "$crunner" \
           -Wl,-rpath,"$libdir" -lm 2>>"$tmp/err"; then
      why="link failed"
    elif timeout 60 "$tmp/m.exe" >"$tmp/raw" 2>>"$tmp/err"; rc=$?; [ $rc -ne 0 ]; then
      why="the program failed (exit $rc)"
    else
      sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/' "$tmp/raw" >"$tmp/out"
      cmp -s "$tmp/out" "$exp" || why="output differs from $(basename "$exp")"
    fi
  fi
  if [ -z "$why" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $f: $why"
    head -5 "$tmp/err"
    [ -f "$tmp/out" ] && diff "$tmp/out" "$exp" | head -6
  fi
  rm -f "$tmp/out" "$tmp/raw" "$tmp/m.exe" "$tmp/m.o" "$tmp/m.ll"
done < <(find "${dirs[@]}" -name '*.run.mlir' | sort)
echo "llvm_corpus: $pass passed, $fail failed, $skip skipped"
[ $((pass + fail)) -eq 0 ] && exit 77
[ $fail -eq 0 ]
