#!/usr/bin/env bash
# The main command: installs the build dependencies (idempotent), builds, and
# starts bufferd on 127.0.0.1:8080 in the foreground, with its SQLite cache in
# the per-user cache directory ($XDG_CACHE_HOME/bufferd or ~/.cache/bufferd).
# Extra arguments go to bufferd (see build/bin/bufferd --help), e.g.
#   deploy/start.sh --listen 127.0.0.1:9000 --workers 4
# Try it from another terminal:
#   build/bin/bufferc compile tests/programs/matmul_relu.run.mlir
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$top/deploy/install-deps.sh" --build-only
"$top/deploy/build.sh"
exec "$top/build/bin/bufferd" "$@"
