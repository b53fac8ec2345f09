#!/usr/bin/env bash
# Builds the libFuzzer target of the parser with clang-22 (address and
# undefined-behaviour sanitizers) and runs it for a short while, seeded with
# the example programs. Longer runs: FUZZ_SECONDS=3600 ctest -R fuzz.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
CLANG=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}/clang
[[ -x $CLANG ]] || { echo "clang-22 not installed"; exit $SKIP; }
[[ ${BUF_SANITIZE_BUILD:-} == 1 ]] && exit $SKIP
dir=$BUF_BUILD_DIR/fuzz
cmake -S "$BUF_SOURCE_DIR" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUF_FUZZ=ON \
  -DCMAKE_C_COMPILER="$CLANG" > /dev/null
cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" --target fuzz_parser > "$dir/build.log" 2>&1 ||
  { tail -40 "$dir/build.log"; exit 1; }
seeds=$(mktemp -d); trap 'rm -rf "$seeds"' EXIT
i=0
while read -r f; do cp "$f" "$seeds/seed$i.mlir"; i=$((i + 1)); done < <(programs)
find "$BUF_SOURCE_DIR/tests/lit" -name '*.mlir' -size -8k 2>/dev/null | head -200 |
  while read -r f; do cp "$f" "$seeds/lit$RANDOM$RANDOM.mlir"; done
"$dir/bin/fuzz_parser" -max_total_time="${FUZZ_SECONDS:-30}" -max_len=4096 -timeout=10 \
  -rss_limit_mb=2048 -print_final_stats=1 "$seeds" 2>&1 | tail -25
