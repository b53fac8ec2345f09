#!/usr/bin/env bash
# The playground in headless chromium through chromedriver and selenium
# (tests/browser/test_playground.py); screenshots in the build directory.
# Skips where chromium, chromium-driver or python3-selenium are missing
# (deploy/install-deps.sh installs them).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
[[ -x $BUF_BIN/bufferd ]] || { echo "bufferd not built"; exit 1; }
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [[ -x $tool ]] || { echo "$tool missing (apt-get install chromium chromium-driver)"; exit $SKIP; }
done
/usr/bin/python3 -c 'import selenium, jsonschema' 2>/dev/null ||
  { echo "python3-selenium or python3-jsonschema missing"; exit $SKIP; }
shots=${BUF_BUILD_DIR:-$BUF_BIN/..}/browser-screenshots
exec /usr/bin/python3 "$BUF_SOURCE_DIR/tests/browser/test_playground.py" "$BUF_BIN" "$BUF_SOURCE_DIR" "$shots" "$@"
