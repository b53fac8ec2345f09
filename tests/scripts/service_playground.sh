#!/usr/bin/env bash
# The playground's routes: its files built into bufferd, the examples, the
# request kept with an entry (tests/service/test_playground.py).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -x $BUF_BIN/bufferd ]] || { echo "bufferd not built"; exit 1; }
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing"; exit $SKIP; }
exec /usr/bin/python3 "$BUF_SOURCE_DIR/tests/service/test_playground.py" "$BUF_BIN" "$BUF_SOURCE_DIR" "$@"
