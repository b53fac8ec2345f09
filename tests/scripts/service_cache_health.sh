#!/usr/bin/env bash
# Cache health tests of the service: the real bufferd on a free loopback port
# with its SQLite cache damaged, read-only or full, and two daemons sharing
# one cache (tests/service/test_cache_health.py).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -x $BUF_BIN/bufferd ]] || { echo "bufferd not built"; exit 1; }
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing"; exit $SKIP; }
exec /usr/bin/python3 "$BUF_SOURCE_DIR/tests/service/test_cache_health.py" "$BUF_BIN" "$BUF_SOURCE_DIR" "$@"
