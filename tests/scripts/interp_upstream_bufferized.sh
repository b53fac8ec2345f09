#!/usr/bin/env bash
# The interpreter's buffer semantics against programs whose memory
# management upstream MLIR 22 wrote (see tests/interp/run_corpus_upstream.sh).
exec bash "$(dirname "${BASH_SOURCE[0]}")/../interp/run_corpus_upstream.sh" "$@"
