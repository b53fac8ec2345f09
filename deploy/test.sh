#!/usr/bin/env bash
# The test command: installs what the tests need (idempotent), builds with
# warnings as errors, and runs the whole suite with CTest: unit tests, lit
# golden tests, corpus round trips against upstream mlir-opt, interpreter
# runs against the expected outputs, the sanitizer build and a fuzz smoke run.
# usage: deploy/test.sh [ctest arguments, e.g. -R lit]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$top/deploy/install-deps.sh"
"$top/deploy/build.sh"
cd "$top/build"
jobs=$(nproc 2>/dev/null || echo 2)
ctest --output-on-failure -j "$jobs" "$@"
