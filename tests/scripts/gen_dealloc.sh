#!/usr/bin/env bash
# Random programs (bufferd-gen) through our bufferization, the buffer passes
# and buffer-deallocation-pipeline / plan-memory: leak-free runs that print
# what the tensor program prints, and no more heap allocations or peak live
# bytes than upstream's pipeline (see check_dealloc in gen_differential.sh).
# CI runs 150 seeds; the long run is
#   GEN_SEEDS=2000 tests/scripts/gen_dealloc.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
GEN_DEALLOC=only exec bash "$here/gen_differential.sh" "$@"
