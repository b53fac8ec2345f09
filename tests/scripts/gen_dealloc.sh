#!/usr/bin/env bash
# Random programs (bufferd-gen) through our bufferization, the buffer passes
# and buffer-deallocation-pipeline / plan-memory: leak-free runs that print
# what the tensor program prints, and no more heap allocations or peak live
# bytes than upstream's pipeline (see check_dealloc in gen_differential.sh).
# CI runs 150 seeds; the long run (the issue's 2,000 programs) is
#   SEEDS=2000 tests/scripts/gen_dealloc.sh
# (SEEDS is GEN_SEEDS; the other GEN_* settings of gen_differential.sh apply,
# e.g. GEN_JOBS, GEN_KEEP=DIR to keep failing programs.)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export GEN_SEEDS=${GEN_SEEDS:-${SEEDS:-150}}
GEN_DEALLOC=only exec bash "$here/gen_differential.sh" "$@"
