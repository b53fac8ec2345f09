#!/usr/bin/env bash
# A fuzzing campaign over the three parser targets, one after the other:
# fuzz_parser (MLIR text), fuzz_json (the JSON form), fuzz_pipeline (pass
# pipelines), each for SECONDS (default 1800) under nice -n 10.
#
# usage: bench/fuzz_campaign.sh [SECONDS]
#   FUZZ_TARGETS="parser json pipeline"  which targets, in order
#   FUZZ_BUILD_DIR=build-fuzz            the clang-22 libFuzzer build (ASan + UBSan)
#   FUZZ_JOBS=2                          build parallelism
#   FUZZ_SKIP_BUILD=1                    use the binaries already in FUZZ_BUILD_DIR
#                                        (a tree mid-edit may not build)
#   BUF_CORPUS_DIR=...                   extra seed programs (default ../shared/corpus)
#
# Seeds come from tests/programs, tests/lit, tests/fuzz/regressions and the
# shared corpus when present (tests/scripts/lib/fuzz_seeds.sh). What a run
# adds to the corpus stays in FUZZ_BUILD_DIR/fuzz-corpus/TARGET for the
# next campaign. A crash, leak, timeout, out-of-memory or broken contract
# is saved under FUZZ_BUILD_DIR/fuzz-artifacts/TARGET/ and the target is
# restarted for the time left (at most 5 findings per target). Per target
# it prints execs, execs/s, findings and coverage, then a summary table;
# the exit status is 1 when anything was found.
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-1800}
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || { echo "usage: $0 [SECONDS]" >&2; exit 2; }
targets=${FUZZ_TARGETS:-parser json pipeline}
build=${FUZZ_BUILD_DIR:-$top/build-fuzz}
CLANG=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}/clang
[[ -x $CLANG ]] || { echo "clang-22 not found at $CLANG" >&2; exit 2; }
source "$top/tests/scripts/lib/fuzz_seeds.sh"

fuzz_bins=()
for t in $targets; do fuzz_bins+=("fuzz_$t"); done
if [[ ${FUZZ_SKIP_BUILD:-} == 1 ]]; then
  echo "== using the fuzz targets built in $build (FUZZ_SKIP_BUILD=1)"
  for b in "${fuzz_bins[@]}" buffer-opt; do
    [[ -x $build/bin/$b ]] || { echo "$build/bin/$b is missing" >&2; exit 2; }
  done
else
  echo "== building the fuzz targets in $build"
  mkdir -p "$build"
  cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUF_FUZZ=ON \
    -DCMAKE_C_COMPILER="$CLANG" > "$build/fuzz-configure.log" 2>&1 ||
    { tail -20 "$build/fuzz-configure.log"; exit 2; }
  nice -n 10 cmake --build "$build" -j "${FUZZ_JOBS:-2}" --target "${fuzz_bins[@]}" buffer-opt \
    > "$build/fuzz-build.log" 2>&1 || { tail -40 "$build/fuzz-build.log"; exit 2; }
fi

max_len() { case $1 in pipeline) echo 8192 ;; *) echo 16384 ;; esac; }

declare -A r_execs r_rate r_found r_cov r_ft r_corpus r_secs
for t in $targets; do
  corpus=$build/fuzz-corpus/$t seeds=$build/fuzz-seeds/$t arts=$build/fuzz-artifacts/$t
  rm -rf "$seeds"
  mkdir -p "$corpus" "$arts"
  nseeds=$(fuzz_seeds "$t" "$seeds" "$build/bin/buffer-opt" "$(max_len "$t")")
  fuzz_dict "$t" "$build/fuzz-$t.dict" "$build/bin/buffer-opt"
  echo "== fuzz_$t: ${seconds}s, $nseeds seeds, corpus $corpus"
  log=$build/fuzz-$t.log
  : > "$log"
  start=$(date +%s) left=$seconds execs=0 found=0
  before=$(find "$arts" -type f | wc -l)
  while ((left > 0)); do
    # libFuzzer stops at its first finding; the status says which.
    first_line=$(($(wc -l < "$log") + 1))
    set +e
    nice -n 10 "$build/bin/fuzz_$t" -max_total_time="$left" -max_len="$(max_len "$t")" \
      -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 \
      -dict="$build/fuzz-$t.dict" -artifact_prefix="$arts/" "$corpus" "$seeds" >> "$log" 2>&1
    rc=$?
    set -e
    n=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
    execs=$((execs + ${n:-0}))
    # Count the run's executions once: later runs append their own stats.
    sed -i 's/stat::number_of_executed_units/stat::counted_executed_units/' "$log"
    left=$((seconds - ($(date +%s) - start)))
    ((rc == 0)) && break
    found=$(($(find "$arts" -type f | wc -l) - before))
    if ((found == 0)); then
      echo "fuzz_$t stopped with status $rc and no artifact (see $log)"
      tail -20 "$log"
      found=1
      break
    fi
    echo "fuzz_$t: finding $found ($(ls -t "$arts" | head -1)), $left s left"
    tail -n +"$first_line" "$log" | grep -m3 -E 'ERROR: |fuzz_[a-z]+: ' || true
    ((found >= 5)) && break
  done
  elapsed=$(($(date +%s) - start))
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  r_secs[$t]=$elapsed
  r_execs[$t]=$execs
  r_rate[$t]=$((execs / (elapsed > 0 ? elapsed : 1)))
  r_found[$t]=$found
  r_cov[$t]=$(echo "$cov" | awk '{print $2}')
  r_ft[$t]=$(echo "$cov" | awk '{print $4}')
  r_corpus[$t]=$(find "$corpus" -type f | wc -l)
  echo "fuzz_$t: ${elapsed}s, ${execs} execs, ${r_rate[$t]} execs/s, ${found} new" \
    "crashes/failures, coverage ${r_cov[$t]:-?} edges (${r_ft[$t]:-?} features)," \
    "corpus ${r_corpus[$t]} inputs"
done

echo
echo "== fuzz campaign summary (${seconds}s per target; artifacts in $build/fuzz-artifacts)"
printf '%-14s %8s %12s %9s %8s %8s %9s %8s\n' target seconds execs execs/s found cov ft corpus
status=0
for t in $targets; do
  printf '%-14s %8s %12s %9s %8s %8s %9s %8s\n' "fuzz_$t" "${r_secs[$t]}" "${r_execs[$t]}" \
    "${r_rate[$t]}" "${r_found[$t]}" "${r_cov[$t]:-?}" "${r_ft[$t]:-?}" "${r_corpus[$t]}"
  ((r_found[$t] == 0)) || status=1
done
exit $status
