#!/usr/bin/env bash
# Builds the project with -fsanitize=address,undefined in its own build
# directory and runs the unit and lit tests there: any sanitizer report
# (leak, overflow, use after free, undefined behaviour) fails them.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ ${BUF_SANITIZE_BUILD:-} == 1 ]] && { echo "already inside the sanitizer build"; exit $SKIP; }
dir=$BUF_BUILD_DIR/asan
cmake -S "$BUF_SOURCE_DIR" -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DBUF_SANITIZE=ON \
  -DBUF_CORPUS_DIR="${BUF_CORPUS_DIR:-}" > /dev/null
cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" > "$dir/build.log" 2>&1 ||
  { tail -40 "$dir/build.log"; exit 1; }
cd "$dir"
BUF_SANITIZE_BUILD=1 ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" -R '^(unit/|lit$)'
