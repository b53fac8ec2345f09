#!/usr/bin/env bash
# Service artifact tests: the real bufferd on a free loopback port, driven
# through the real bufferc; every artifact equals buffer-opt's bytes on
# tests/programs and ../shared/corpus (tests/service/test_artifacts.py).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -x $BUF_BIN/bufferd && -x $BUF_BIN/bufferc ]] || { echo "bufferd/bufferc not built"; exit 1; }
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing"; exit $SKIP; }
echo 'func.func @f() { return }' | "$BUF_BIN/buffer-opt" --emit=llvm - >/dev/null 2>&1 ||
  { echo "this build has no LLVM lowering: skipped"; exit $SKIP; }
exec /usr/bin/python3 "$BUF_SOURCE_DIR/tests/service/test_artifacts.py" "$BUF_BIN" "$BUF_SOURCE_DIR" "$@"
