#!/usr/bin/env bash
# Configures and builds bufferd into build/ (binaries in build/bin).
# usage: deploy/build.sh [extra cmake -D options]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$top/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUF_WERROR=ON "$@" > /dev/null
cmake --build "$top/build" -j "$jobs"
