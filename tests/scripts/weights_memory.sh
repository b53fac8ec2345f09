#!/usr/bin/env bash
# weights_memory.sh: compiling a program with large weights to an object
# file or LLVM IR costs less than 3 times the weights in memory (issue 17
# item 6), and the object's data are the weights.
#
# Two programs: a ResNet-like network with 28 MB of dense_resource blobs
# (bench/gen_convnet.py --width 32) and a two-layer network whose 33.5 MB
# of weights are splat constants (dense<1.5>, as torch-mlir writes elided
# weights). For each, `buffer-opt --emit=obj` and `--emit=llvm` run under
# GNU time, and so does the same program with tiny weights (the network at
# --width 4, an empty function for the other): the peak resident memory
# may grow by less than 3x the weights' bytes over it (libLLVM's pages, the
# IR and the code cost 60-80 MB whatever the weights).
# Each data symbol of the object llc makes from our IR text (where each
# global is one byte array) must hold the same bytes in ours (where large
# constants are written by lower_object_data.c and the rest by LLVM,
# piecewise), and they must hold at least the weights' bytes. Exits 77
# (skip) without an LLVM lowering, GNU time, python3 or LLVM 22's llc.
# env: BUF_BIN, LLVM_TOOLS_DIR, BUF_SOURCE_DIR.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${BUF_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
opt=${BUF_BIN:-$src/build/bin}/buffer-opt
tools=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
for t in "$opt" /usr/bin/time /usr/bin/python3 "$tools/llc"; do
  [ -x "$t" ] || { echo "weights_memory: needs $t; skipped"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'func.func @f() { return }' >"$tmp/empty.mlir"
if ! "$opt" --emit=obj "$tmp/empty.mlir" -o "$tmp/empty.o" 2>"$tmp/err"; then
  echo "weights_memory: this buffer-opt has no LLVM lowering; skipped"
  cat "$tmp/err"
  exit 77
fi
failures=0
checks=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# peak_kb OUT CMD...: runs CMD under GNU time; prints its peak RSS in KB.
peak_kb() {
  local out=$1
  shift
  if ! /usr/bin/time -f "%M" -o "$tmp/time" "$@" 2>"$tmp/err" >"$out"; then
    fail "$* failed: $(tail -3 "$tmp/err")"
    echo 0
    return
  fi
  tail -1 "$tmp/time"
}

# blob_bytes FILE: the bytes of FILE's dense_resource blobs (each
# "0x" + 8 hex digits of alignment + 2 per byte).
blob_bytes() {
  /usr/bin/python3 -c '
import re, sys
text = open(sys.argv[1]).read()
print(sum((len(h) - 8) // 2 for h in re.findall(r"\"0x([0-9A-Fa-f]*)\"", text)))' "$1"
}

for width in 32 4; do
  /usr/bin/python3 "$src/bench/gen_convnet.py" "$tmp/net$width.mlir" --width $width \
    2>"$tmp/gen" || { cat "$tmp/gen"; exit 1; }
done
net_bytes=$(blob_bytes "$tmp/net32.mlir")
small_bytes=$(blob_bytes "$tmp/net4.mlir")

cat >"$tmp/splat.mlir" <<'EOF'
func.func @forward(%x: tensor<1x1024xf32>) -> tensor<1x1024xf32> {
  %w1 = arith.constant dense<1.5> : tensor<1024x4096xf32>
  %w2 = arith.constant dense<-0.25> : tensor<4096x1024xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x4096xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<1x1024xf32>, tensor<1024x4096xf32>)
                     outs(%f1 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  %e2 = tensor.empty() : tensor<1x1024xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x1024xf32>) -> tensor<1x1024xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<1x4096xf32>, tensor<4096x1024xf32>)
                     outs(%f2 : tensor<1x1024xf32>) -> tensor<1x1024xf32>
  return %y : tensor<1x1024xf32>
}
EOF
splat_bytes=$((2 * 1024 * 4096 * 4))

# check NAME FILE BYTES BASE_FILE BASE_BYTES [buffer-opt flags...]: FILE
# has BYTES of weights, BASE_FILE the same program with BASE_BYTES.
check() {
  local name=$1 file=$2 bytes=$3 base_file=$4 base_bytes=$5
  shift 5
  local kind
  for kind in obj llvm; do
    local kb base
    kb=$(peak_kb /dev/null "$opt" "$@" --emit=$kind "$file" -o "$tmp/$name.$kind")
    base=$(peak_kb /dev/null "$opt" "$@" --emit=$kind "$base_file" -o "$tmp/base.$kind")
    local grown=$(((kb - base) * 1024)) weights=$((bytes - base_bytes))
    local ratio
    ratio=$(awk -v g="$grown" -v b="$weights" 'BEGIN { printf "%.2f", g / b }')
    echo "$name --emit=$kind: peak $kb KB, $base KB with tiny weights:" \
      "grew by $ratio x the $weights bytes of weights added"
    if ((kb == 0 || base == 0 || grown >= 3 * weights)); then
      fail "$name --emit=$kind: the peak grew by $ratio x the weights (bound: 3x)"
    else
      checks=$((checks + 1))
    fi
  done
  # The reference object: llc from our IR, where every global is one
  # array. Each of its data symbols must hold the same bytes in ours.
  if "$tools/llc" -O2 -relocation-model=pic -mcpu=x86-64 -filetype=obj \
      "$tmp/$name.llvm" -o "$tmp/$name.ref.o" 2>"$tmp/err"; then
    if /usr/bin/python3 "$here/lib/elf_object_data.py" "$tmp/$name.obj" "$tmp/$name.ref.o" \
        "$bytes" >"$tmp/cmp" 2>&1; then
      echo "$name: $(cat "$tmp/cmp")"
      checks=$((checks + 1))
    else
      fail "$name: the object's data are not llc's: $(cat "$tmp/cmp")"
    fi
  else
    fail "$name: no reference object: $(tail -3 "$tmp/err")"
  fi
}

check net "$tmp/net32.mlir" "$net_bytes" "$tmp/net4.mlir" "$small_bytes" --default-pipeline
check splat "$tmp/splat.mlir" "$splat_bytes" "$tmp/empty.mlir" 0
echo "$checks checks passed, $failures failed"
((failures == 0))
