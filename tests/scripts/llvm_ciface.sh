#!/usr/bin/env bash
# llvm_ciface.sh: object code from `buffer-opt --emit=obj` linked into a C
# program (tests/scripts/llvm/ciface_main.c) that calls the _mlir_ciface_
# wrappers with hand-built memref descriptors and checks the numbers; the
# same for a tensor program (tests/scripts/llvm/tensor_ciface.mlir), which
# --emit=obj bufferizes and deallocates itself, run under AddressSanitizer so
# a leak or a bad access in the generated code fails the test.
# Exits 77 (skip) when the build has no LLVM lowering or clang is absent.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
tools=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
[ -x "$opt" ] && [ -x "$tools/clang" ] || { echo "llvm_ciface: needs $opt and clang; skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'func.func @f() { return }' >"$tmp/probe.mlir"
"$opt" --emit=llvm "$tmp/probe.mlir" >/dev/null 2>&1 || { echo "llvm_ciface: no LLVM lowering in this build; skipped"; exit 77; }
pass=0 fail=0
check() { if [ "$1" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $2"; fi; }

"$opt" --emit=obj "$here/llvm/ciface.mlir" -o "$tmp/c.o" &&
  "$tools/clang" "$here/llvm/ciface_main.c" "$tmp/c.o" -o "$tmp/c.exe" &&
  "$tmp/c.exe"
check $? "ciface program"

"$opt" --emit=llvm "$here/llvm/ciface.mlir" -o "$tmp/c.ll" &&
  grep -q '^define .*@_mlir_ciface_scale_bias(ptr' "$tmp/c.ll" &&
  grep -q '^define .*@scale_bias(ptr .*, ptr .*, i64 .*, i64 .*, i64 .*, i64 .*, i64 .*, float' "$tmp/c.ll"
check $? "expanded descriptor signature and ciface wrapper in the IR"

"$opt" --emit=obj "$here/llvm/tensor_ciface.mlir" -o "$tmp/t.o" &&
  "$tools/clang" -fsanitize=address "$here/llvm/tensor_ciface_main.c" "$tmp/t.o" -o "$tmp/t.exe" &&
  "$tmp/t.exe"
check $? "tensor program bufferized by --emit=obj, called through _mlir_ciface_"

"$opt" --emit=llvm "$here/llvm/tensor_ciface.mlir" -o "$tmp/t.ll" &&
  grep -q '^define .*@axpy(float .*, ptr .*, ptr .*, i64 .*, i64 .*, i64 .*, ptr' "$tmp/t.ll"
check $? "tensor arguments become expanded memref descriptors"

echo "llvm_ciface: $pass passed, $fail failed"
[ $fail -eq 0 ]
