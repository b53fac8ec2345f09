#!/usr/bin/env bash
# llvm_emit_corpus.sh: every *.mlir of the corpus and tests/programs goes
# straight to `buffer-opt --emit=llvm` (which bufferizes a tensor program,
# deallocates and lowers to loops itself) and the IR must pass LLVM's
# verifier (`opt -passes=verify`). Programs listed as `emit` in
# tests/scripts/llvm/known-failures.txt must still fail, so the list stays
# honest. (A sibling of llvm_corpus.sh, which checks upstream-bufferized
# programs natively; kept apart so each stays short.) Exits 77 (skip) when
# the build has no LLVM lowering or LLVM 22's opt is absent.
# env: BUF_BIN, LLVM_TOOLS_DIR, BUF_CORPUS_DIR, BUF_SOURCE_DIR.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
tools=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
for t in "$opt" "$tools/opt"; do
  [ -x "$t" ] || { echo "llvm_emit_corpus: needs $t; skipped"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'func.func @f() { return }' >"$tmp/probe.mlir"
if ! "$opt" --emit=llvm "$tmp/probe.mlir" >/dev/null 2>"$tmp/err"; then
  echo "llvm_emit_corpus: this buffer-opt has no LLVM lowering; skipped"
  cat "$tmp/err"
  exit 77
fi
. "$here/lib/llvm_known.sh"
dirs=()
[ -n "${BUF_CORPUS_DIR:-}" ] && [ -d "$BUF_CORPUS_DIR" ] && dirs+=("$BUF_CORPUS_DIR")
[ -d "$src/tests/programs" ] && dirs+=("$src/tests/programs")
pass=0 fail=0 known=0
while IFS= read -r f; do
  key=$(program_key "$f")
  if "$opt" --emit=llvm "$f" -o "$tmp/d.ll" 2>"$tmp/err" &&
      "$tools/opt" -passes=verify -disable-output "$tmp/d.ll" 2>>"$tmp/err"; then
    if why=$(known_failure emit "$key"); then
      fail=$((fail + 1)); echo "FAIL $key: now lowers; remove it from tests/scripts/llvm/known-failures.txt"
    else
      pass=$((pass + 1))
    fi
  elif why=$(known_failure emit "$key"); then
    known=$((known + 1)); echo "KNOWN $key: $why"
  else
    fail=$((fail + 1)); echo "FAIL $key: --emit=llvm"; head -5 "$tmp/err"
  fi
  rm -f "$tmp/d.ll"
done < <(find "${dirs[@]}" -name '*.mlir' | sort)
echo "llvm_emit_corpus: $pass passed, $fail failed, $known known failures"
[ $((pass + fail)) -eq 0 ] && exit 77
[ $fail -eq 0 ]
