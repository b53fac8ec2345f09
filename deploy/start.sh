#!/usr/bin/env bash
# The main command: installs the build dependencies (idempotent), builds,
# and runs buffer-opt on an example tensor program: parse, verify, print
# the canonical form, then interpret its @main.
# usage: deploy/start.sh [program.mlir]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$top/deploy/install-deps.sh" --build-only
"$top/deploy/build.sh"
program=${1:-$top/tests/programs/matmul_relu.run.mlir}
echo "== buffer-opt $program" >&2
"$top/build/bin/buffer-opt" "$program"
echo "== buffer-opt --run=main $program" >&2
exec "$top/build/bin/buffer-opt" --run=main "$program"
