#!/usr/bin/env bash
# Allocations and copies after One-Shot Bufferize, ours against upstream
# mlir-opt 22 (which gets --canonicalize --cse afterwards; we print our
# output as is), per program, with function boundaries and identity layouts.
# Programs: the shared corpus, tests/programs and the weak-pattern lit
# files (disjoint slices...), where we should be strictly below upstream.
# Counts are static (ops in the printed IR); "-" where a tool fails.
# usage: bench/bufferize_counts.sh [BUILD_DIR (default build)] [CORPUS_DIR]
set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
corpus=${2:-$top/../shared/corpus}
ours=$build/bin/buffer-opt
theirs=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
flags="--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
count() { grep -c -E "$1" "$2" || true; }
printf '%-52s %15s %15s %8s\n' program "allocs us/up" "copies us/up" verdict
fewer=0 same=0 more=0 failed=0 ta=0 tpa=0 tc=0 tpc=0
while read -r f; do
  name=${f#"$corpus/"}; name=${name#"$top/"}
  if ! "$ours" "$flags" "$f" > "$tmp/us.mlir" 2>/dev/null ||
     ! "$theirs" "$flags" --canonicalize --cse "$f" > "$tmp/up.mlir" 2>/dev/null; then
    printf '%-52s %15s %15s %8s\n' "$name" - - failed; failed=$((failed + 1)); continue
  fi
  ua=$(count 'memref\.alloc(a)?\(' "$tmp/us.mlir"); pa=$(count 'memref\.alloc(a)?\(' "$tmp/up.mlir")
  uc=$(count 'memref\.copy ' "$tmp/us.mlir"); pc=$(count 'memref\.copy ' "$tmp/up.mlir")
  ta=$((ta + ua)) tpa=$((tpa + pa)) tc=$((tc + uc)) tpc=$((tpc + pc))
  if ((ua > pa || uc > pc)); then verdict=MORE; more=$((more + 1))
  elif ((ua < pa || uc < pc)); then verdict=fewer; fewer=$((fewer + 1))
  else verdict=same; same=$((same + 1)); fi
  printf '%-52s %7s/%-7s %7s/%-7s %8s\n' "$name" "$ua" "$pa" "$uc" "$pc" "$verdict"
done < <({ [[ -d $corpus ]] && find "$corpus" -name '*.mlir'
           find "$top/tests/programs" -name '*.mlir'
           ls "$top"/tests/lit/bufferize/{disjoint-slices,models-*}.mlir 2>/dev/null; } | LC_ALL=C sort)
echo
echo "total allocs $ta (upstream $tpa), copies $tc (upstream $tpc)"
echo "programs: $fewer fewer than upstream, $same the same, $more more, $failed not compared (a tool failed)"
