#!/usr/bin/env bash
# Speed of the code our LLVM lowering makes, against upstream MLIR 22's CPU
# pipeline at the same optimization level, measured in the same run.
# Programs (bench/lower/): a 256x256x256 f32 linalg.matmul on tensors, and
# an MLP layer relu(x · w + b) with x 256x512, w 512x256.
#   ours      buffer-opt --emit=obj (default pipeline, LLVM -O2, x86-64)
#   upstream  mlir-opt: one-shot-bufferize{allow-return-allocs-from-loops bufferize-function-boundaries
#             function-boundary-type-conversion=identity-layout-map},
#             buffer-deallocation-pipeline, convert-linalg-to-loops,
#             convert-scf-to-cf, expand-strided-metadata, lower-affine,
#             finalize-memref-to-llvm, convert-{arith,math}-to-llvm,
#             llvm-request-c-wrappers, convert-{func,cf}-to-llvm,
#             reconcile-unrealized-casts; mlir-translate --mlir-to-llvmir;
#             clang -O2 -c (x86-64, as ours)
# Both objects link into bench/lower/lower_bench_main.c, which calls the
# _mlir_ciface_ entries with row-major descriptors, requires bit-identical
# results, then times REPS alternating calls and prints median times and
# the ratio ours/upstream (the goal: at most 1).
# usage: bench/lower_bench.sh [BUILD_DIR (default build)] [REPS (default 20)]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
reps=${2:-20}
tools=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
opt=$build/bin/buffer-opt
for t in "$opt" "$tools/mlir-opt" "$tools/mlir-translate" "$tools/clang"; do
  [[ -x $t ]] || { echo "lower_bench: needs $t" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
up_pipeline=(
  "--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
  --buffer-deallocation-pipeline --convert-linalg-to-loops --convert-scf-to-cf
  --expand-strided-metadata --lower-affine --finalize-memref-to-llvm
  --convert-arith-to-llvm --convert-math-to-llvm --llvm-request-c-wrappers
  --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts)
objs=()
for prog in matmul mlp; do
  sed 's/@NAME_/@ours_/' "$top/bench/lower/$prog.mlir" > "$tmp/ours_$prog.mlir"
  sed 's/@NAME_/@up_/' "$top/bench/lower/$prog.mlir" > "$tmp/up_$prog.mlir"
  "$opt" --emit=obj "$tmp/ours_$prog.mlir" -o "$tmp/ours_$prog.o"
  "$tools/mlir-opt" "${up_pipeline[@]}" "$tmp/up_$prog.mlir" -o "$tmp/up_$prog.llvm.mlir"
  "$tools/mlir-translate" --mlir-to-llvmir "$tmp/up_$prog.llvm.mlir" -o "$tmp/up_$prog.ll"
  "$tools/clang" -O2 -Wno-override-module -c "$tmp/up_$prog.ll" -o "$tmp/up_$prog.o"
  objs+=("$tmp/ours_$prog.o" "$tmp/up_$prog.o")
done
"$tools/clang" -O2 "$top/bench/lower/lower_bench_main.c" "${objs[@]}" -o "$tmp/bench"
echo "lower_bench: ours = buffer-opt --emit=obj (-O2); upstream = mlir-opt 22 + mlir-translate + clang -O2"
"$tmp/bench" "$reps"
