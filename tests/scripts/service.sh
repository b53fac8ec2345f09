#!/usr/bin/env bash
# Service tests: the real bufferd daemon on free loopback ports, real HTTP,
# SQLite and nginx WebDAV (tests/service/test_service.py).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -x $BUF_BIN/bufferd ]] || { echo "bufferd not built"; exit 1; }
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing"; exit $SKIP; }
exec /usr/bin/python3 "$BUF_SOURCE_DIR/tests/service/test_service.py" "$BUF_BIN" "$BUF_SOURCE_DIR" "$@"
