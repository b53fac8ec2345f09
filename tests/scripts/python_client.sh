#!/usr/bin/env bash
# The Python package (python) against a real daemon and buffer-opt:
# every client call, the error paths, retries, numpy where importable; and
# that it installs offline with pip (python/tests/test_client.py).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -x $BUF_BIN/bufferd ]] || { echo "bufferd not built"; exit 1; }
pkg=$BUF_SOURCE_DIR/python
BUFFERD_BIN=$BUF_BIN /usr/bin/python3 -m unittest discover -s "$pkg/tests" -v
if /usr/bin/python3 -c 'import setuptools, pip' 2>/dev/null; then
  target=$(mktemp -d)
  trap 'rm -rf "$target"' EXIT
  work=$(mktemp -d)   # pip builds in place: keep the checkout clean
  cp -r "$pkg/." "$work/"
  /usr/bin/python3 -m pip install -q --no-build-isolation --no-index --no-deps \
    --target "$target/site" "$work" >/dev/null
  rm -rf "$work"
  PYTHONPATH=$target/site /usr/bin/python3 -c \
    'import bufferd, sys; sys.exit(0 if bufferd.Client and bufferd.__file__.startswith(sys.argv[1]) else 1)' "$target"
  echo "pip install --no-build-isolation: ok"
fi
