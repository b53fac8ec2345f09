#!/usr/bin/env bash
# Regenerates tests/programs/*.expected with upstream MLIR 22: each
# <name>.run.mlir is bufferized, lowered and executed with mlir-runner, the
# same way ../shared/corpus/upstream.sh does, and the output (addresses
# replaced by ADDR) is written beside it. Run it after adding a program.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$here/../scripts/lib/upstream-run.sh" --write "$here"/*.run.mlir
