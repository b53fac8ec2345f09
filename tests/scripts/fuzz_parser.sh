#!/usr/bin/env bash
# Builds the libFuzzer targets of the parsers with clang-22 (address and
# undefined-behaviour sanitizers) and runs each for a short while (the
# text parser, the JSON form, the pass pipeline; FUZZ_SECONDS each, default
# 10), seeded from the checkout (tests/scripts/lib/fuzz_seeds.sh). A smoke
# run: campaigns are bench/fuzz_campaign.sh. The saved regression inputs
# replay in every build as CTest's fuzz/regressions/* tests.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/fuzz_seeds.sh"
CLANG=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}/clang
[[ -x $CLANG ]] || { echo "clang-22 not installed"; exit $SKIP; }
[[ ${BUF_SANITIZE_BUILD:-} == 1 ]] && exit $SKIP
dir=$BUF_BUILD_DIR/fuzz
cmake -S "$BUF_SOURCE_DIR" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUF_FUZZ=ON \
  -DCMAKE_C_COMPILER="$CLANG" > /dev/null
cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" \
  --target fuzz_parser fuzz_json fuzz_pipeline > "$dir/build.log" 2>&1 ||
  { tail -40 "$dir/build.log"; exit 1; }
seeds=$(mktemp -d); trap 'rm -rf "$seeds"' EXIT
for target in parser json pipeline; do
  n=$(fuzz_seeds "$target" "$seeds/$target" "$BUFFER_OPT" 4096)
  echo "== fuzz_$target, ${FUZZ_SECONDS:-10}s, $n seeds"
  mkdir -p "$dir/artifacts-$target"
  if "$dir/bin/fuzz_$target" -max_total_time="${FUZZ_SECONDS:-10}" -max_len=4096 -timeout=10 \
       -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$dir/artifacts-$target/" \
       "$seeds/$target" > "$seeds/$target.log" 2>&1; then
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units)' "$seeds/$target.log" || true
    pass
  else
    tail -40 "$seeds/$target.log"
    fail "fuzz_$target found a crash or a broken contract (input in $dir/artifacts-$target)"
  fi
done
finish
