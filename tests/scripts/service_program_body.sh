#!/usr/bin/env bash
# The program as the request body (Content-Type application/mlir, fields in
# the query string) and artifacts as links (tests/service/test_program_body.py).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -x $BUF_BIN/bufferd ]] || { echo "bufferd not built"; exit 1; }
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing"; exit $SKIP; }
exec /usr/bin/python3 "$BUF_SOURCE_DIR/tests/service/test_program_body.py" "$BUF_BIN" "$BUF_SOURCE_DIR" "$@"
