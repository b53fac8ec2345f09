#!/usr/bin/env bash
# Run-time costs of bufferization, ours against upstream mlir-opt 22, on every
# runnable program (a .run.mlir with a @main) of the shared corpus and
# tests/programs. Both sides get the same pipeline: One-Shot with function
# boundaries and identity layouts, then buffer-deallocation-pipeline; both
# outputs are interpreted by our buffer-opt --run=main --run-stats, so the
# columns count what executes (a copy in a loop counts once per iteration):
# heap allocations, copies, bytes copied and peak heap bytes.
# Exits 1 when any program is above upstream on any column (or a run of our
# output fails); programs upstream cannot compile are listed, not compared.
# usage: bench/runtime_counts.sh [BUILD_DIR (default build)] [CORPUS_DIR]
set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
corpus=${2:-$top/../shared/corpus}
ours=$build/bin/buffer-opt
theirs=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
oneshot="one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops}"
pipeline="builtin.module($oneshot,buffer-deallocation-pipeline)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run-stats of a bufferized program, as "allocs copies copied_bytes peak"
stats() {
  "$ours" --run=main --run-stats "$1" 2>&1 >/dev/null |
    sed -n 's/^run-stats: heap_allocs=\([0-9]*\) .*copies=\([0-9]*\) .*peak_heap_bytes=\([0-9]*\) copied_bytes=\([0-9]*\).*/\1 \2 \4 \3/p'
}

printf '%-48s %13s %13s %17s %17s %6s\n' program "allocs us/up" "copies us/up" "bytes copied" "peak heap" verdict
above=0 same=0 below=0 skipped=0 failed=0
tu=(0 0 0 0) tp=(0 0 0 0)
while read -r f; do
  name=${f#"$corpus/"}; name=${name#"$top/"}
  grep -q 'func.func @main' "$f" || continue
  if ! "$ours" --pass-pipeline="$pipeline" "$f" > "$tmp/us.mlir" 2>"$tmp/err"; then
    printf '%-48s %s\n' "$name" "FAILED (ours: $(head -c 80 "$tmp/err" | tr '\n' ' '))"
    failed=$((failed + 1)); continue
  fi
  if ! "$theirs" --pass-pipeline="$pipeline" "$f" > "$tmp/up.mlir" 2>/dev/null; then
    printf '%-48s %s\n' "$name" "skipped (upstream cannot bufferize it)"
    skipped=$((skipped + 1)); continue
  fi
  read -r -a u <<< "$(stats "$tmp/us.mlir")"
  read -r -a p <<< "$(stats "$tmp/up.mlir")"
  if ((${#u[@]} != 4)); then
    printf '%-48s %s\n' "$name" "FAILED (our output does not run)"
    failed=$((failed + 1)); continue
  fi
  if ((${#p[@]} != 4)); then
    printf '%-48s %s\n' "$name" "skipped (upstream's output does not run here)"
    skipped=$((skipped + 1)); continue
  fi
  verdict=same
  for i in 0 1 2 3; do
    tu[i]=$((tu[i] + u[i])); tp[i]=$((tp[i] + p[i]))
    if ((u[i] > p[i])); then verdict=ABOVE; fi
  done
  if [[ $verdict == same ]]; then
    for i in 0 1 2 3; do ((u[i] < p[i])) && verdict=below; done
  fi
  case $verdict in ABOVE) above=$((above + 1)) ;; below) below=$((below + 1)) ;; *) same=$((same + 1)) ;; esac
  printf '%-48s %6s/%-6s %6s/%-6s %8s/%-8s %8s/%-8s %6s\n' "$name" \
    "${u[0]}" "${p[0]}" "${u[1]}" "${p[1]}" "${u[2]}" "${p[2]}" "${u[3]}" "${p[3]}" "$verdict"
done < <({ [[ -d $corpus ]] && find "$corpus" -name '*.run.mlir'
           find "$top/tests/programs" -name '*.run.mlir'; } | LC_ALL=C sort)
echo
printf 'total: heap allocations %d (upstream %d), copies %d (%d), bytes copied %d (%d), peak heap bytes %d (%d)\n' \
  "${tu[0]}" "${tp[0]}" "${tu[1]}" "${tp[1]}" "${tu[2]}" "${tp[2]}" "${tu[3]}" "${tp[3]}"
echo "programs: $below below upstream, $same the same, $above above, $skipped not compared, $failed failed"
((above == 0 && failed == 0))
