#!/usr/bin/env bash
# Compile time and peak memory of a big program: a ResNet-like network in
# torch-mlir's linalg-on-tensors style (bench/gen_convnet.py: about 1,000
# ops, 59 MB of dense_resource weights by default), compiled by us and by
# upstream MLIR 22, measured in the same run.
#   ours      buffer-opt --default-pipeline --emit=llvm | obj | ptx
#   upstream  mlir-opt: one-shot-bufferize{allow-return-allocs-from-loops bufferize-function-boundaries
#             function-boundary-type-conversion=identity-layout-map},
#             buffer-deallocation-pipeline, convert-linalg-to-loops,
#             convert-scf-to-cf, expand-strided-metadata, lower-affine,
#             finalize-memref-to-llvm, convert-{arith,math}-to-llvm,
#             llvm-request-c-wrappers, convert-{func,cf}-to-llvm,
#             reconcile-unrealized-casts; then mlir-translate --mlir-to-llvmir
#             (llvm), then llc -O2 -filetype=obj (obj). Upstream's times add
#             up its steps; its memory is the largest step's peak.
# For each artifact it prints wall and CPU (user + system) seconds and the
# peak resident memory (GNU time's maximum RSS), ours and upstream's, and
# the ratios ours/upstream (CPU time is the load-independent measure on a
# shared machine). --timing of each of our runs is kept in the work
# directory, to see where our time goes. Upstream's ptx needs the gpu
# dialect's own pipeline and is not compared; ours is timed alone.
# usage: bench/compile_big.sh [BUILD_DIR (default build)] [gen_convnet.py options...]
#   e.g. bench/compile_big.sh build-rel --width 64   (ResNet-50 width, ~100 MB)
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
shift || true
tools=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
opt=$build/bin/buffer-opt
for t in "$opt" "$tools/mlir-opt" "$tools/mlir-translate" "$tools/llc" /usr/bin/time; do
  [[ -x $t ]] || { echo "compile_big: needs $t" >&2; exit 2; }
done
work=${COMPILE_BIG_DIR:-$(mktemp -d)}
[[ -n ${COMPILE_BIG_DIR:-} ]] || trap 'rm -rf "$work"' EXIT
net=$work/net.mlir
gen=$(/usr/bin/python3 "$top/bench/gen_convnet.py" "$net" "$@" 2>&1)
# "net.mlir: 161 weight blobs, 59.1 MB of weights, about 1070 ops"
weights_mb=$(sed -n 's/.*, \([0-9.]*\) MB of weights.*/\1/p' <<< "$gen")

# measure NAME CMD...: runs CMD under GNU time; sets wall, cpu and mb.
measure() {
  local name=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/$name.time" "$@" 2> "$work/$name.err" ||
    { echo "compile_big: $name failed:" >&2; tail -5 "$work/$name.err" >&2; exit 1; }
  read -r wall user sys kb < "$work/$name.time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  mb=$(awk -v k="$kb" 'BEGIN { printf "%.0f", k / 1024 }')
}

up_pipeline=(
  "--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
  --buffer-deallocation-pipeline --convert-linalg-to-loops --convert-scf-to-cf
  --expand-strided-metadata --lower-affine --finalize-memref-to-llvm
  --convert-arith-to-llvm --convert-math-to-llvm --llvm-request-c-wrappers
  --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts)

declare -A W C M
for kind in llvm obj ptx; do
  measure "ours_$kind" "$opt" --default-pipeline --emit=$kind --timing "$net" -o "$work/ours.$kind"
  W[ours_$kind]=$wall C[ours_$kind]=$cpu M[ours_$kind]=$mb
done
measure up_mlir "$tools/mlir-opt" "$net" "${up_pipeline[@]}" -o "$work/up.llvm.mlir"
W[up_mlir]=$wall C[up_mlir]=$cpu M[up_mlir]=$mb
rm -f "$net" # upstream's steps below need only their own inputs
measure up_translate "$tools/mlir-translate" --mlir-to-llvmir "$work/up.llvm.mlir" -o "$work/up.ll"
W[up_translate]=$wall C[up_translate]=$cpu M[up_translate]=$mb
rm -f "$work/up.llvm.mlir"
measure up_llc "$tools/llc" -O2 -filetype=obj "$work/up.ll" -o "$work/up.o"
W[up_llc]=$wall C[up_llc]=$cpu M[up_llc]=$mb

sum() { awk -v a="$1" -v b="$2" -v c="${3:-0}" 'BEGIN { printf "%.2f", a + b + c }'; }
max() { awk -v a="$1" -v b="$2" -v c="${3:-0}" 'BEGIN { m = a; if (b > m) m = b; if (c > m) m = c; print m }'; }
ratio() {
  [[ $2 == - ]] && { echo -; return; }
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'
}

echo "compile_big: ${gen#*: } (gen_convnet.py $*)"
printf "%-5s %9s %9s %8s | %9s %9s %8s | %9s %9s %10s\n" artifact ours_wall ours_cpu ours_MB \
  up_wall up_cpu up_MB cpu_ratio mem_ratio ours_MB/wt
row() {
  local kind=$1 uw=$2 uc=$3 um=$4
  printf "%-5s %9s %9s %8s | %9s %9s %8s | %9s %9s %10s\n" "$kind" "${W[ours_$kind]}" \
    "${C[ours_$kind]}" "${M[ours_$kind]}" "$uw" "$uc" "$um" "$(ratio "${C[ours_$kind]}" "$uc")" \
    "$(ratio "${M[ours_$kind]}" "$um")" "$(ratio "${M[ours_$kind]}" "$weights_mb")"
}
row llvm "$(sum "${W[up_mlir]}" "${W[up_translate]}")" "$(sum "${C[up_mlir]}" "${C[up_translate]}")" \
  "$(max "${M[up_mlir]}" "${M[up_translate]}")"
row obj "$(sum "${W[up_mlir]}" "${W[up_translate]}" "${W[up_llc]}")" \
  "$(sum "${C[up_mlir]}" "${C[up_translate]}" "${C[up_llc]}")" \
  "$(max "${M[up_mlir]}" "${M[up_translate]}" "${M[up_llc]}")"
row ptx - - -
echo "upstream steps (wall/cpu s, MB): mlir-opt ${W[up_mlir]}/${C[up_mlir]} ${M[up_mlir]}," \
  "mlir-translate ${W[up_translate]}/${C[up_translate]} ${M[up_translate]}," \
  "llc ${W[up_llc]}/${C[up_llc]} ${M[up_llc]}"
echo "where our time goes (--timing of --emit=obj):"
grep -E '^ +[0-9]' "$work/ours_obj.err" | sed 's/^/  /'
