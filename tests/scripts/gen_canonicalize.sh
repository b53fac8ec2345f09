#!/usr/bin/env bash
# Random programs (bufferd-gen) through --canonicalize --cse, on the tensor
# program and after One-Shot Bufferize: the folds must not change what the
# program prints (see check_canon in gen_differential.sh). CI runs 60 seeds;
# the long run (the issue's 2,000 programs) is
#   SEEDS=2000 tests/scripts/gen_canonicalize.sh
# (SEEDS is GEN_SEEDS; the other GEN_* settings of gen_differential.sh apply,
# e.g. GEN_FIRST, GEN_JOBS, GEN_KEEP=DIR to keep failing programs.)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export GEN_SEEDS=${GEN_SEEDS:-${SEEDS:-60}}
GEN_CANON=only exec bash "$here/gen_differential.sh" "$@"
