#!/usr/bin/env bash
# One-Shot Bufferize keeps every function's meaning: each function with
# arguments in the corpus and tests/programs is interpreted on SEEDS random
# argument lists (default 20, reproducible) before and after
# --one-shot-bufferize, with function boundaries + identity layouts and with
# the default options, and the results must agree (tests/scripts/lib/
# random_inputs.py has the details).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
mapfile -t progs < <(programs)
exec /usr/bin/python3 "$BUF_SOURCE_DIR/tests/scripts/lib/random_inputs.py" \
  "$BUFFER_OPT" "${SEEDS:-20}" "${progs[@]}"
