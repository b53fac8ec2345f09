#!/usr/bin/env bash
# Model programs in torch-mlir's and TensorFlow's linalg-on-tensors forms
# (tests/gen/gen_models.py: an MLP, LayerNorm/RMSNorm, a GPT-2 attention
# block, a torch NCHW conv net, a TF NHWC conv net over ml_program globals,
# a TF BERT attention with linalg.softmax, BERT embeddings with GELU) on
# random weights, against upstream MLIR 22.
#
# For every seed of $MODEL_SEEDS (default "1 2"; odd seeds are the smallest
# size, even ones twice as wide) and every model kind (the artifacts,
# llvm/obj/ptx, on the first seed only, to stay within a minute of CPU):
#   parse     buffer-opt reads it (dense_resource weights in the
#             {-# dialect_resources #-} section, ml_program globals, the
#             named ops) and prints what mlir-opt prints; the JSON form
#             (--emit=json, --input-format=json) prints back the same;
#   bufferize One-Shot with function boundaries and identity layouts, then
#             buffer-deallocation-pipeline; mlir-opt accepts the result;
#   llvm/obj/ptx  --emit=llvm (llvm-as reads it), --emit=obj (an ELF
#             object), --emit=ptx (kernels; ptxas -arch=sm_90 accepts them
#             when ptxas is installed);
#   values    @main's printed results (f32 bits) from our interpreter
#             (--run=main --run-leak-check) and our JIT (--emit=run) equal
#             upstream's execution (mlir-opt to LLVM + mlir-runner) within a
#             relative error of 1e-5 (tests/scripts/lib/compare_bits.py;
#             upstream decomposes linalg.softmax with the transform
#             dialect first, as it has no loop lowering);
#   counts    interpreting both bufferized programs (--run-stats) counts no
#             more heap allocations, copies or bytes copied in ours than
#             in upstream's (as bench/runtime_counts.sh).
# The first seed also runs with the weights inline (dense<"0x...">): parse,
# bufferize and the interpreter's values only.
# Prints one line per model with the numbers. Skips (77) without mlir-opt,
# mlir-runner or python3.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
LLVM_BIN=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
RUNNER=$LLVM_BIN/mlir-runner
GEN=$BUF_SOURCE_DIR/tests/gen/gen_models.py
COMPARE=$BUF_SOURCE_DIR/tests/scripts/lib/compare_bits.py
have_mlir_opt && [[ -x $RUNNER ]] || { echo "mlir-opt/mlir-runner not found: skipped"; exit $SKIP; }
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit $SKIP; }
runner_lib() { local f; for f in "$LLVM_BIN/../lib/$1.so" "$LLVM_BIN"/../lib/"$1".so.*; do [[ -e $f ]] && { echo "$f"; return; }; done; return 1; }
RUNNER_LIBS="$(runner_lib libmlir_runner_utils),$(runner_lib libmlir_c_runner_utils)" ||
  { echo "mlir runner utils not found: skipped"; exit $SKIP; }
PTXAS=$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2>/dev/null || true)
LLVM_AS=$LLVM_BIN/llvm-as
ONESHOT="one-shot-bufferize{allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}"
PIPELINE="builtin.module($ONESHOT,buffer-deallocation-pipeline)"
# Upstream's execution: the same bufferization, then the lowering to LLVM;
# math.erf and math.tanh have no LLVM intrinsic and go to libm.
UPSTREAM_LOWER=(--convert-bufferization-to-memref --convert-linalg-to-loops
  --expand-strided-metadata --lower-affine --convert-scf-to-cf
  --convert-math-to-llvm --convert-math-to-libm --finalize-memref-to-llvm
  --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm
  --reconcile-unrealized-casts)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# linalg.softmax has no loop lowering upstream either: its execution
# decomposes it first with the transform dialect's decompose_interface.
cat > "$tmp/decompose.mlir" <<'EOF'
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    %parts = transform.structured.decompose_interface %ops : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
EOF

# "allocs copies copied_bytes" of a bufferized program run by our interpreter.
stats() {
  "$BUFFER_OPT" --run=main --run-stats "$1" 2>&1 >/dev/null |
    sed -n 's/^run-stats: heap_allocs=\([0-9]*\) .*copies=\([0-9]*\) .*copied_bytes=\([0-9]*\).*/\1 \2 \3/p'
}

# step NAME COMMAND...: run one step of the current model; on failure record
# it with the first lines of its error and return 1.
step() {
  local name=$1; shift
  if "$@" > "$tmp/step.out" 2> "$tmp/step.err"; then pass; return 0; fi
  fail "$model: $name: $(head -c 300 "$tmp/step.err" | tr '\n' ' ')"
  return 1
}

check_model() {
  local kind=$1 seed=$2 size=$3 weights=$4 mode=$5
  model="$kind seed=$seed size=$size weights=$weights"
  local p=$tmp/$kind.$seed.$weights
  python3 "$GEN" "$kind" --seed "$seed" --size "$size" --weights "$weights" -o "$p.mlir" || { fail "$model: generator"; return; }
  step parse "$BUFFER_OPT" "$p.mlir" -o "$p.print.mlir" || return
  if step upstream-print "$MLIR_OPT" "$p.mlir" -o "$p.upprint.mlir"; then
    if diff -B "$p.upprint.mlir" "$p.print.mlir" > /dev/null; then pass; else fail "$model: our print differs from mlir-opt's"; fi
  fi
  if step json "$BUFFER_OPT" --emit=json "$p.mlir" -o "$p.json" &&
     step json-read "$BUFFER_OPT" --input-format=json "$p.json" -o "$p.json.mlir"; then
    if cmp -s "$p.json.mlir" "$p.print.mlir"; then pass; else fail "$model: the JSON form does not print back the same"; fi
  fi
  step bufferize "$BUFFER_OPT" --pass-pipeline="$PIPELINE" "$p.mlir" -o "$p.us.mlir" || return
  step upstream-reads-our-bufferized "$MLIR_OPT" "$p.us.mlir" -o /dev/null
  local sizes=""
  if [[ $mode == full ]] && step emit-llvm "$BUFFER_OPT" --emit=llvm "$p.mlir" -o "$p.ll"; then
    [[ -x $LLVM_AS ]] && step llvm-as-reads-it "$LLVM_AS" "$p.ll" -o /dev/null
    sizes+="ll=$(wc -c < "$p.ll")"
  fi
  if [[ $mode == full ]] && step emit-obj "$BUFFER_OPT" --emit=obj "$p.mlir" -o "$p.o"; then
    if [[ $(head -c 4 "$p.o" | od -An -c | tr -d ' ') == 177ELF ]]; then pass; else fail "$model: --emit=obj is not an ELF object"; fi
    sizes+=" obj=$(wc -c < "$p.o")"
  fi
  if [[ $mode == full ]] && step emit-ptx "$BUFFER_OPT" --emit=ptx "$p.mlir" -o "$p.ptx"; then
    [[ -n $PTXAS ]] && step ptxas "$PTXAS" -arch=sm_90 "$p.ptx" -o "$p.cubin"
    sizes+=" kernels=$(grep -c '^\.visible \.entry\|^\.entry' "$p.ptx")"
  fi
  # Values: upstream's execution is the reference.
  local exec_input=$p.mlir
  if grep -q 'linalg.softmax' "$p.mlir"; then
    exec_input=$p.decomposed.mlir
    "$MLIR_OPT" "$p.mlir" --transform-preload-library="transform-library-paths=$tmp/decompose.mlir" \
      --transform-interpreter -o "$exec_input" 2> "$tmp/up.err" || { fail "$model: upstream cannot decompose softmax: $(head -c 300 "$tmp/up.err")"; return; }
  fi
  if ! "$MLIR_OPT" --pass-pipeline="$PIPELINE" "$p.mlir" -o "$p.up.mlir" 2> "$tmp/up.err" ||
     ! "$MLIR_OPT" --pass-pipeline="$PIPELINE" "$exec_input" -o "$p.up.exec.mlir" 2>> "$tmp/up.err" ||
     ! "$MLIR_OPT" "$p.up.exec.mlir" "${UPSTREAM_LOWER[@]}" -o "$p.up.ll.mlir" 2>> "$tmp/up.err" ||
     ! "$RUNNER" "$p.up.ll.mlir" -e main -entry-point-result=void -shared-libs="$RUNNER_LIBS" > "$p.up.out" 2>> "$tmp/up.err"; then
    fail "$model: upstream cannot run it: $(head -c 300 "$tmp/up.err" | tr '\n' ' ')"
    return
  fi
  local interp="-" jit="-"
  if step interpret "$BUFFER_OPT" --run=main --run-leak-check "$p.mlir"; then
    cp "$tmp/step.out" "$p.interp.out"
    if interp=$(python3 "$COMPARE" "$p.up.out" "$p.interp.out"); then pass; else fail "$model: interpreter vs upstream: $interp"; fi
  fi
  if [[ $mode != interp ]] && step jit "$BUFFER_OPT" --emit=run --run=main "$p.mlir"; then
    cp "$tmp/step.out" "$p.jit.out"
    if jit=$(python3 "$COMPARE" "$p.up.out" "$p.jit.out"); then pass; else fail "$model: JIT vs upstream: $jit"; fi
  fi
  # Counts of what executes, both bufferized programs run by our interpreter.
  local counts="-"
  if [[ $mode != interp ]]; then
    local -a u v
    read -r -a u <<< "$(stats "$p.us.mlir")"
    read -r -a v <<< "$(stats "$p.up.mlir")"
    if ((${#u[@]} != 3 || ${#v[@]} != 3)); then
      fail "$model: --run-stats of a bufferized program failed (ours: ${u[*]:-none}, upstream: ${v[*]:-none})"
    else
      counts="allocs=${u[0]}/${v[0]} copies=${u[1]}/${v[1]} copied_bytes=${u[2]}/${v[2]}"
      if ((u[0] > v[0] || u[1] > v[1] || u[2] > v[2])); then
        fail "$model: above upstream: $counts (ours/upstream)"
      else
        pass
      fi
    fi
  fi
  printf '%-44s interp[%s] jit[%s] %s (ours/upstream) %s\n' "$model" "${interp:--}" "${jit:--}" "$counts" "$sizes"
}

seeds=${MODEL_SEEDS:-1 2}
first=1
for seed in $seeds; do
  size=$(( seed % 2 ? 1 : 2 ))
  for kind in $(python3 "$GEN" --list); do
    check_model "$kind" "$seed" "$size" resource "$( ((first)) && echo full || echo values)"
    ((first)) && check_model "$kind" "$seed" "$size" dense interp
  done
  first=0
done
finish
