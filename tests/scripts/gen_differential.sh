#!/usr/bin/env bash
# Differential test on random tensor programs from bufferd-gen (tests/gen).
#
# For each seed the generated program must:
#   parse    buffer-opt reads and verifies it;
#   fixpoint printing what it printed gives the same text;
#   reprint  the printed form runs like the original (--run=main);
#   upstream mlir-opt 22 accepts our print (upstream seeds only);
#   run      `buffer-opt --run=main` succeeds (the interpreter reports UB,
#            e.g. reads of uninitialized memory, as errors) and prints what
#            upstream (mlir-opt lowering + mlir-runner) prints (upstream
#            seeds only);
#   upstream-bufferized  the program bufferized by upstream's One-Shot
#            (mlir-opt) parses in buffer-opt, and interpreting it prints what
#            the tensor program prints (checks the interpreter on memrefs);
#   dealloc  with GEN_DEALLOC=1 (or =only: parse, run and this check alone):
#            the program through our bufferization and buffer passes, each
#            variant below ending in buffer-deallocation-pipeline (and
#            plan-memory), runs with --run-leak-check (no leak, double free
#            or use after free) and prints what the tensor program prints;
#            on upstream seeds, heap allocations and peak live bytes
#            (--run-stats) of the full variant are at most those of
#            upstream's eliminate-empty-tensors + One-Shot +
#            buffer-deallocation-pipeline (its output run by buffer-opt).
#            A program our One-Shot cannot bufferize yet (an op without a
#            bufferization model) counts as skip-oneshot-gap, and one where
#            our One-Shot alone already allocates more than upstream's alone
#            (an out-of-place decision upstream does not make) as
#            skip-oneshot-allocs: counted in the summary, not failures;
#            upstream's own faults are not either: mlir-opt crashing on a
#            program (ok-upstream-crash when the other checks pass) and
#            upstream output that differs from
#            ours only in the printed strides of an identity memref that
#            upstream's One-Shot cast from a strided one (such a seed
#            still gets every other check, and counts as
#            ok-upstream-strides), nor is a write into a constant's global
#            that upstream's One-Shot lets through and the interpreter
#            reports in the upstream-bufferized program
#            (ok-upstream-readonly-write).
#   bufferize when `buffer-opt --help` lists --one-shot-bufferize: with
#            "bufferize-function-boundaries function-boundary-type-conversion=
#            identity-layout-map" and with default options, bufferizing must
#            succeed (or fail exactly where upstream's One-Shot fails too) and
#            the bufferized program must print what the tensor program prints.
#            A write into a read-only buffer (a constant, or an argument
#            marked {bufferization.writable = false}) that the interpreter
#            reports there counts as bufferized-readonly-write-<options>.
#   extern   programs calling external functions (@ext<i>, see bufferd-gen's
#            EXTERN): the program with those functions only declared
#            (bufferd-gen --extern-decls) must bufferize with both option
#            sets (or fail where upstream fails too), upstream mlir-opt must
#            accept our output, and with the declarations replaced by
#            definitions that overwrite every argument their access lets
#            them write (bufferd-gen --link-extern) it must print what the
#            tensor program prints, with no write into a read-only buffer
#            (extern-readonly-write-<options>). On upstream-bufferized
#            seeds upstream's One-Shot gets the same check; a difference
#            there alone counts as ok-upstream-extern.
# A failing seed is minimized (greedy delta debugging over the generator's
# step ids, keeping the failure kind) and reported with the minimized program
# and the difference.
#
# Environment:
#   GEN_SEEDS=N        seeds 1..N (default 150; e.g. GEN_SEEDS=5000 for a
#                      long run: `GEN_SEEDS=5000 ./tests/scripts/gen_differential.sh`,
#                      BUF_BIN defaults to ./build/bin)
#   GEN_FIRST=S        first seed (default 1)
#   GEN_OPS=K          top-level steps of @main (default 6)
#   GEN_UPSTREAM_EVERY=M  compare with upstream on every Mth seed (default 5;
#                      1 = all). Upstream outputs are cached per program hash
#                      in $BUF_BUILD_DIR/gen-cache (GEN_CACHE overrides).
#   GEN_JOBS=J         parallel seeds (default 2)
#   GEN_MINIMIZE=F     minimize at most F failures (default 3)
#   GEN_KEEP=DIR       keep every failing program (original + minimized) in DIR
#   GEN_AVOID=LIST     bufferd-gen --avoid list of known gaps (default: none)
#   GEN_GEN_ARGS="..." more bufferd-gen arguments for every seed (e.g.
#                      "--no-extern --no-memory-space": its FEATURES are on
#                      by default)
#   GEN_ONESHOT=0      skip the checks of our One-Shot (default: on)
#   GEN_DEALLOC=0|1|only  the dealloc check (default 0; tests/scripts/
#                      gen_dealloc.sh runs `only`)
#   GEN_CANON=0|1|only  the canonicalize check (default 0; tests/scripts/
#                      gen_canonicalize.sh runs `only`): the program after
#                      --canonicalize --cse, and after One-Shot (function
#                      boundaries) then --canonicalize --cse, prints what the
#                      tensor program prints
#   GEN_UPSTREAM_BUFFERIZED=all|even|none  which seeds also get the
#                      "upstream-bufferized" check (default even)
# Odd seeds use --dynamic (dynamic shapes and offsets).
# Exit 77 (skip) while `buffer-opt --run` cannot run a trivial program.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${BUF_SOURCE_DIR:=$(cd "$here/../.." && pwd)}"
: "${BUF_BIN:=$BUF_SOURCE_DIR/build/bin}"
: "${BUF_BUILD_DIR:=$(dirname "$BUF_BIN")}"
export BUF_BIN BUF_SOURCE_DIR BUF_BUILD_DIR
source "$here/lib/common.sh"
LLVM_BIN=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
RUNNER=$LLVM_BIN/mlir-runner
if [[ -x $BUF_BIN/bufferd-gen ]]; then GEN=("$BUF_BIN/bufferd-gen")
else GEN=(/usr/bin/python3 "$BUF_SOURCE_DIR/tests/gen/bufferd_gen.py"); fi
SEEDS=${GEN_SEEDS:-150}
FIRST=${GEN_FIRST:-1}
OPS=${GEN_OPS:-6}
UP_EVERY=${GEN_UPSTREAM_EVERY:-5}
JOBS=${GEN_JOBS:-2}
MAX_MIN=${GEN_MINIMIZE:-3}
CACHE=${GEN_CACHE:-$BUF_BUILD_DIR/gen-cache}
OSB_FB="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
TMO=30   # seconds for any single tool run
# Known gaps kept out of the seed set (none today; bufferd-gen --help lists
# the kinds a gap may be filed under).
AVOID=${GEN_AVOID-}
# Even seeds only: the others keep the patterns upstream's One-Shot gets
# wrong (map-init-read, dup-results) for our own bufferization.
UPBUF=${GEN_UPSTREAM_BUFFERIZED:-even}

have_upstream_run() { have_mlir_opt && [[ -x $RUNNER ]]; }
norm() { sed -E 's/base@ = 0x[0-9a-fA-F]+/base@ = ADDR/'; }
no_strides() { sed -E 's/strides = \[[-0-9, ]*\]/strides = [...]/'; }

# Upstream execution. Same pipeline as lib/upstream-run.sh, plus
# allow-return-allocs-from-loops: upstream's One-Shot otherwise rejects loops
# whose yield its analysis made non-equivalent to the iter_arg, which the
# tensor semantics allow.
UP_PASSES=(--one-shot-bufferize="$OSB_FB allow-return-allocs-from-loops"
  --buffer-deallocation-pipeline --convert-bufferization-to-memref
  --convert-linalg-to-loops --scf-forall-to-for --expand-strided-metadata --lower-affine
  --convert-scf-to-cf --finalize-memref-to-llvm --convert-math-to-llvm
  --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm
  --reconcile-unrealized-casts)
runner_libs() {
  local l f out=
  for l in libmlir_runner_utils libmlir_c_runner_utils; do
    for f in "$LLVM_BIN/../lib/$l.so" "$LLVM_BIN"/../lib/"$l".so.*; do
      [[ -e $f ]] && { out+=${out:+,}$f; break; }; done
  done
  echo "$out"
}
# upstream_out FILE DIR: upstream's output in DIR/up.out (0) or its error in
# DIR/up.err (1); cached per program hash.
upstream_out() {
  local f=$1 d=$2 h
  h=$(sha256sum < "$f" | cut -c1-40)
  mkdir -p "$CACHE"
  if [[ -f $CACHE/$h.out ]]; then cp "$CACHE/$h.out" "$d/up.out"; return 0; fi
  if [[ -f $CACHE/$h.err ]]; then cp "$CACHE/$h.err" "$d/up.err"; return 1; fi
  if timeout $TMO "$MLIR_OPT" "$f" "${UP_PASSES[@]}" -o "$d/up.llvm" 2> "$d/up.err" &&
     timeout $TMO "$RUNNER" "$d/up.llvm" -e main -entry-point-result=void \
       -shared-libs="$(runner_libs)" > "$d/up.raw" 2>> "$d/up.err"; then
    norm < "$d/up.raw" > "$d/up.out"
    cp "$d/up.out" "$CACHE/$h.out.$$" && mv "$CACHE/$h.out.$$" "$CACHE/$h.out"
    return 0
  fi
  cp "$d/up.err" "$CACHE/$h.err.$$" && mv "$CACHE/$h.err.$$" "$CACHE/$h.err"
  return 1
}

HAVE_OSB=0
# Our One-Shot is checked on every seed (GEN_ONESHOT=0 turns it off).
if [[ ${GEN_ONESHOT:-1} == 1 ]]; then
  # Not `--help | grep -q`: grep may quit before the help is written, and
  # the SIGPIPE then fails the pipeline (pipefail) and turns the checks off.
  [[ $("$BUFFER_OPT" --help 2>&1) == *--one-shot-bufferize* ]] && HAVE_OSB=1
fi

DEALLOC=${GEN_DEALLOC:-0}
DEALLOC_VARIANTS=(
  "one-shot-bufferize{allow-return-allocs-from-loops $OSB_FB},buffer-deallocation-pipeline"
  "eliminate-empty-tensors,one-shot-bufferize{allow-return-allocs-from-loops $OSB_FB},buffer-hoisting,buffer-loop-hoisting,promote-buffers-to-stack,buffer-deallocation-pipeline,plan-memory"
  "eliminate-empty-tensors,one-shot-bufferize{allow-return-allocs-from-loops $OSB_FB},buffer-results-to-out-params{hoist-static-allocs=true},drop-equivalent-buffer-results,buffer-deallocation-pipeline,plan-memory"
  "eliminate-empty-tensors,one-shot-bufferize{allow-return-allocs-from-loops $OSB_FB},buffer-deallocation-pipeline,plan-memory"
)
# stats_of FILE [LEAKCHECK(default 1)]: "ALLOCS PEAK" of a run (empty on
# failure).
stats_of() {
  local lc=--run-leak-check
  [[ ${2:-1} == 0 ]] && lc=
  timeout $TMO "$BUFFER_OPT" --run=main $lc --run-stats "$1" 2>&1 >/dev/null |
    sed -nE 's/.*heap_allocs=([0-9]+) .*peak_live_bytes=([0-9]+).*/\1 \2/p'
}

# check_dealloc FILE UPSTREAM(0|1) DIR: prints "ok" or the failure kind
# (the tensor program's output is in DIR/ours).
check_dealloc() {
  local f=$1 up=$2 d=$3 v i=0 rc
  for v in "${DEALLOC_VARIANTS[@]}"; do
    i=$((i + 1))
    timeout $TMO "$BUFFER_OPT" "--pass-pipeline=builtin.module($v)" "$f" -o "$d/dl.mlir" 2> "$d/err"; rc=$?
    if ((rc != 0)); then
      if grep -q "has no bufferization model" "$d/err"; then echo skip-oneshot-gap; return; fi
      # A refusal upstream makes too (after eliminate-empty-tensors, a
      # conflict One-Shot cannot avoid) is the program's, not ours.
      if [[ $v == eliminate-empty-tensors,* ]] && have_mlir_opt &&
         grep -q "cannot avoid RaW conflict" "$d/err" &&
         ! timeout $TMO "$MLIR_OPT" "$f" --eliminate-empty-tensors \
             --one-shot-bufferize="allow-return-allocs-from-loops $OSB_FB" -o /dev/null 2> /dev/null; then
        echo skip-upstream-refuses; return; fi
      # A call of a function with a dynamically shaped result: the caller
      # cannot size an out-parameter, and buffer-results-to-out-params
      # refuses it as mlir-opt does. That variant has nothing to run.
      if [[ $v == *buffer-results-to-out-params* ]] &&
         grep -q "cannot create out param for dynamically shaped result" "$d/err"; then
        continue; fi
      { echo "buffer-opt --pass-pipeline=builtin.module($v) exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
      echo "dealloc-compile-error-$i"; return; fi
    timeout $TMO "$BUFFER_OPT" --run=main --run-leak-check "$d/dl.mlir" > "$d/dl.raw" 2> "$d/err"; rc=$?
    if ((rc != 0)); then
      { echo "[$v] program fails under --run-leak-check, exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
      echo "dealloc-run-error-$i"; return; fi
    norm < "$d/dl.raw" > "$d/dl.out"
    if ! cmp -s "$d/ours" "$d/dl.out"; then
      { echo "--- tensor program  +++ [$v]"; diff -u "$d/ours" "$d/dl.out" | tail -n +3 | head -60; } > "$d/detail"
      echo "dealloc-diff-$i"; return; fi
  done
  # The last variant is the footprint one: compare with upstream.
  if ((up)) && have_mlir_opt &&
     timeout $TMO "$MLIR_OPT" "$f" --eliminate-empty-tensors --one-shot-bufferize="allow-return-allocs-from-loops $OSB_FB" \
       --buffer-deallocation-pipeline -o "$d/dlup.mlir" 2> /dev/null; then
    local ours_s up_s
    ours_s=$(stats_of "$d/dl.mlir"); up_s=$(stats_of "$d/dlup.mlir")
    if [[ -n $ours_s && -n $up_s ]]; then
      read -r oa op <<< "$ours_s"; read -r ua upk <<< "$up_s"
      if ((oa > ua || op > upk)); then
        echo "heap allocs / peak live bytes: ours $oa / $op, upstream $ua / $upk" > "$d/detail"
        # Our One-Shot alone allocating more than upstream's alone means it
        # decided some write out of place where upstream's did not: a gap of
        # its analysis, not of the buffer passes. Counted, not failed.
        local ob ub
        "$BUFFER_OPT" "$f" --one-shot-bufferize="allow-return-allocs-from-loops $OSB_FB" -o "$d/dlb.mlir" 2> /dev/null &&
          "$MLIR_OPT" "$f" --one-shot-bufferize="allow-return-allocs-from-loops $OSB_FB" -o "$d/dlbup.mlir" 2> /dev/null &&
          ob=$(stats_of "$d/dlb.mlir" 0) && ub=$(stats_of "$d/dlbup.mlir" 0)
        if [[ -n ${ob:-} && -n ${ub:-} ]] && (( ${ob%% *} > ${ub%% *} )); then
          echo skip-oneshot-allocs; return; fi
        echo dealloc-above-upstream; return; fi
    fi
  fi
  echo ok
}

CANON=${GEN_CANON:-0}
# check_canon FILE DIR: prints "ok" or the failure kind (the tensor
# program's output is in DIR/ours). A program our One-Shot cannot bufferize
# gets the tensor-level check alone.
check_canon() {
  local f=$1 d=$2 i rc
  local -a p
  for i in 1 2; do
    if ((i == 1)); then p=(--canonicalize --cse)
    else p=(--one-shot-bufferize="allow-return-allocs-from-loops $OSB_FB" --canonicalize --cse); fi
    timeout $TMO "$BUFFER_OPT" "${p[@]}" "$f" -o "$d/cn.mlir" 2> "$d/err"; rc=$?
    if ((rc != 0)); then
      if ((i == 2)) && grep -q "has no bufferization model" "$d/err"; then break; fi
      { echo "buffer-opt ${p[*]} exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
      echo "canon-compile-error-$i"; return; fi
    timeout $TMO "$BUFFER_OPT" --run=main "$d/cn.mlir" > "$d/cn.raw" 2> "$d/err"; rc=$?
    if ((rc != 0)); then
      { echo "[${p[*]}] program fails to run, exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
      echo "canon-run-error-$i"; return; fi
    norm < "$d/cn.raw" > "$d/cn.out"
    if ! cmp -s "$d/ours" "$d/cn.out"; then
      { echo "--- tensor program  +++ [${p[*]}]"; diff -u "$d/ours" "$d/cn.out" | tail -n +3 | head -60; } > "$d/detail"
      echo "canon-diff-$i"; return; fi
  done
  echo ok
}

# check FILE UPSTREAM(0|1) DIR SEED: prints "ok" or the failure kind;
# details in DIR/detail.
check() {
  local f=$1 up=$2 d=$3 seed=$4 rc
  : > "$d/detail"
  if [[ $DEALLOC == only ]]; then
    if ! timeout $TMO "$BUFFER_OPT" --run=main "$f" > "$d/ours.raw" 2> "$d/err"; then
      { echo "buffer-opt --run=main fails:"; head -c 2000 "$d/err"; } > "$d/detail"; echo run-error; return; fi
    norm < "$d/ours.raw" > "$d/ours"
    check_dealloc "$f" "$up" "$d"; return
  fi
  if [[ $CANON == only ]]; then
    if ! timeout $TMO "$BUFFER_OPT" --run=main "$f" > "$d/ours.raw" 2> "$d/err"; then
      { echo "buffer-opt --run=main fails:"; head -c 2000 "$d/err"; } > "$d/detail"; echo run-error; return; fi
    norm < "$d/ours.raw" > "$d/ours"
    check_canon "$f" "$d"; return
  fi
  if ! timeout $TMO "$BUFFER_OPT" "$f" -o "$d/p1.mlir" 2> "$d/err"; then
    cp "$d/err" "$d/detail"; echo parse; return; fi
  if ! timeout $TMO "$BUFFER_OPT" "$d/p1.mlir" -o "$d/p2.mlir" 2> "$d/err"; then
    { echo "our print does not parse back:"; cat "$d/err"; } > "$d/detail"; echo reparse; return; fi
  if ! cmp -s "$d/p1.mlir" "$d/p2.mlir"; then
    diff "$d/p1.mlir" "$d/p2.mlir" | head -40 > "$d/detail"; echo fixpoint; return; fi
  if ((up)) && have_mlir_opt && ! timeout $TMO "$MLIR_OPT" "$d/p1.mlir" -o /dev/null 2> "$d/err"; then
    { echo "mlir-opt rejects our print:"; cat "$d/err"; } > "$d/detail"; echo upstream-rejects-print; return; fi
  timeout $TMO "$BUFFER_OPT" --run=main "$f" > "$d/ours.raw" 2> "$d/err"; rc=$?
  if ((rc != 0)); then
    { echo "buffer-opt --run=main exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
    ((rc == 124)) && { echo run-timeout; return; }
    echo run-error; return; fi
  norm < "$d/ours.raw" > "$d/ours"
  if ! timeout $TMO "$BUFFER_OPT" --run=main "$d/p1.mlir" 2> "$d/err" | norm > "$d/reprint" ||
     ! cmp -s "$d/ours" "$d/reprint"; then
    { echo "the printed form runs differently:"; diff "$d/ours" "$d/reprint" | head -20; cat "$d/err"; } > "$d/detail"
    echo reprint; return; fi
  if ((up)) && have_upstream_run; then
    if ! upstream_out "$f" "$d"; then
      { echo "upstream cannot run the program (generator bug?):"; head -c 2000 "$d/up.err"; } > "$d/detail"
      # mlir-opt itself crashing is upstream's bug, not a wrong program:
      # the other checks still run
      if grep -q 'Stack dump:' "$d/up.err"; then touch "$d/upstream-crash"
      else echo upstream-error; return; fi
    elif ! cmp -s "$d/ours" "$d/up.out"; then
      { echo "--- upstream  +++ buffer-opt --run=main"; diff -u "$d/up.out" "$d/ours" | tail -n +3 | head -60; } > "$d/detail"
      # Upstream's One-Shot may cast a strided buffer to an identity
      # memref (to_buffer of a slice), and the runner prints the strides
      # the descriptor carries: same data, other strides in the header.
      # Our own bufferized runs are still compared strides and all.
      if cmp -s <(no_strides < "$d/ours") <(no_strides < "$d/up.out"); then
        touch "$d/upstream-strides"
      else
        echo diff-upstream; return; fi
    fi
  fi
  if upbuf_seed "$seed"; then
    if timeout $TMO "$MLIR_OPT" "$f" --one-shot-bufferize="$OSB_FB allow-return-allocs-from-loops" \
         -o "$d/ub.mlir" 2> "$d/err"; then
      timeout $TMO "$BUFFER_OPT" --run=main "$d/ub.mlir" > "$d/ub.raw" 2> "$d/err"; rc=$?
      # Upstream's One-Shot may return a constant's global from a function
      # and let the caller write into it (seed 2338); the interpreter
      # reports that write. Upstream's fault: our bufferization still gets
      # every check below.
      if ((rc != 0)) && grep -q "write into a read-only buffer" "$d/err"; then
        touch "$d/upstream-readonly-write"
      elif ((rc != 0)); then
        { echo "upstream-bufferized program fails in buffer-opt --run=main, exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
        echo upstream-bufferized-run-error; return; fi
      norm < "$d/ub.raw" > "$d/ub.out"
      if [[ ! -e $d/upstream-readonly-write ]] && ! cmp -s "$d/ours" "$d/ub.out"; then
        { echo "--- tensor program  +++ upstream-bufferized program (both run by buffer-opt)"; diff -u "$d/ours" "$d/ub.out" | tail -n +3 | head -60; } > "$d/detail"
        echo upstream-bufferized-diff; return; fi
    else
      { echo "upstream One-Shot rejects the program (generator bug?):"; head -c 2000 "$d/err"; } > "$d/detail"
      echo upstream-bufferize-error; return
    fi
  fi
  if ((HAVE_OSB)); then
    local name opts
    for name in fb default; do
      if [[ $name == fb ]]; then opts=(--one-shot-bufferize="allow-return-allocs-from-loops $OSB_FB"); else opts=(--one-shot-bufferize=allow-return-allocs-from-loops); fi
      timeout $TMO "$BUFFER_OPT" "${opts[@]}" "$f" -o "$d/b.mlir" 2> "$d/err"; rc=$?
      if ((rc != 0)); then
        # A rejection is fine where upstream's One-Shot rejects it too.
        if ((rc != 124)) && have_mlir_opt && ! timeout $TMO "$MLIR_OPT" "${opts[@]}" "$f" -o /dev/null 2> /dev/null; then
          continue; fi
        { echo "buffer-opt ${opts[*]} exit $rc (upstream accepts):"; head -c 2000 "$d/err"; } > "$d/detail"
        echo "bufferize-error-$name"; return; fi
      timeout $TMO "$BUFFER_OPT" --run=main "$d/b.mlir" > "$d/b.raw" 2> "$d/err"; rc=$?
      if ((rc != 0)); then
        { echo "bufferized (${opts[*]}) program fails to run, exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
        if grep -q 'write into a read-only buffer' "$d/err"; then
          echo "bufferized-readonly-write-$name"; return; fi
        echo "bufferized-run-error-$name"; return; fi
      norm < "$d/b.raw" > "$d/b.out"
      if ! cmp -s "$d/ours" "$d/b.out"; then
        { echo "--- tensor program  +++ bufferized (${opts[*]})"; diff -u "$d/ours" "$d/b.out" | tail -n +3 | head -60; } > "$d/detail"
        echo "diff-bufferized-$name"; return; fi
    done
  fi
  if ((HAVE_OSB)) && grep -q '^func.func private @ext[0-9]*(.*{$' "$f"; then
    local xk
    xk=$(check_extern "$f" "$d" "$seed")
    [[ $xk != ok ]] && { echo "$xk"; return; }
  fi
  if [[ $CANON == 1 ]]; then
    local ck
    ck=$(check_canon "$f" "$d")
    [[ $ck != ok ]] && { echo "$ck"; return; }
  fi
  if [[ $DEALLOC == 1 ]]; then check_dealloc "$f" "$up" "$d"; return; fi
  echo ok
}

# check_extern FILE DIR SEED: the "extern" check (header); prints "ok" or
# the failure kind (the tensor program's output is in DIR/ours).
check_extern() {
  local f=$1 d=$2 seed=$3 rc name opts tool
  if ! "${GEN[@]}" --extern-decls "$f" > "$d/xd.mlir" 2> "$d/err"; then
    { echo "bufferd-gen --extern-decls fails:"; cat "$d/err"; } > "$d/detail"; echo extern-gen-error; return; fi
  for name in fb default upstream-fb; do
    if [[ $name == default ]]; then opts=(--one-shot-bufferize=allow-return-allocs-from-loops); else opts=(--one-shot-bufferize="allow-return-allocs-from-loops $OSB_FB"); fi
    tool=$BUFFER_OPT
    if [[ $name == upstream-fb ]]; then
      upbuf_seed "$seed" || continue
      tool=$MLIR_OPT
    fi
    timeout $TMO "$tool" "${opts[@]}" "$d/xd.mlir" -o "$d/xb.mlir" 2> "$d/err"; rc=$?
    if ((rc != 0)); then
      [[ $name == upstream-fb ]] && continue
      # A rejection is fine where upstream's One-Shot rejects it too.
      if ((rc != 124)) && have_mlir_opt && ! timeout $TMO "$MLIR_OPT" "${opts[@]}" "$d/xd.mlir" -o /dev/null 2> /dev/null; then
        continue; fi
      { echo "buffer-opt ${opts[*]} on the program with external declarations, exit $rc (upstream accepts):"; head -c 2000 "$d/err"; } > "$d/detail"
      echo "extern-bufferize-error-$name"; return; fi
    if [[ $name != upstream-fb ]] && have_mlir_opt && ! timeout $TMO "$MLIR_OPT" "$d/xb.mlir" -o /dev/null 2> "$d/err"; then
      { echo "mlir-opt rejects our bufferized program (${opts[*]}, external declarations):"; head -c 2000 "$d/err"; } > "$d/detail"
      echo "extern-upstream-rejects-$name"; return; fi
    "${GEN[@]}" --link-extern "$d/xb.mlir" > "$d/xl.mlir"
    timeout $TMO "$BUFFER_OPT" --run=main "$d/xl.mlir" > "$d/xl.raw" 2> "$d/err"; rc=$?
    if ((rc == 0)); then
      norm < "$d/xl.raw" > "$d/xl.out"
      cmp -s "$d/ours" "$d/xl.out" && continue
      { echo "--- tensor program  +++ bufferized (${opts[*]} by $tool) with the external functions linked"; diff -u "$d/ours" "$d/xl.out" | tail -n +3 | head -60; } > "$d/detail"
    else
      { echo "bufferized (${opts[*]} by $tool) program with the external functions linked fails to run, exit $rc:"; head -c 2000 "$d/err"; } > "$d/detail"
    fi
    if [[ $name == upstream-fb ]]; then touch "$d/upstream-extern"; continue; fi
    if ((rc != 0)); then
      if grep -q 'write into a read-only buffer' "$d/err"; then echo "extern-readonly-write-$name"
      else echo "extern-run-error-$name"; fi
      return
    fi
    echo "extern-diff-$name"; return
  done
  echo ok
}

gen_args() {  # gen_args SEED
  local s=$1
  echo --seed "$s" --ops "$OPS"
  ((s % 2)) && echo --dynamic
  local avoid=$AVOID
  # Seeds whose reference is upstream's execution also avoid what upstream's
  # One-Shot gets wrong (bufferd-gen --help: map-init-read, dup-results);
  # the other seeds keep those patterns for our own bufferization.
  # Upstream rejects some forms (to_tensor without restrict, a
  # materialization into a read-only argument), and cannot run programs
  # with memory spaces (its LLVM lowering frees an addrspace(1) pointer).
  # Our One-Shot refuses both too, with upstream's errors (the data could
  # not land where the op says; memref writes behind the tensor's back are
  # invisible to the analysis), so no seed has either.
  avoid+=${avoid:+,}materialize-read-only,to-tensor-unrestricted
  if use_upstream "$s"; then avoid+=${avoid:+,}memory-space; fi
  if use_upstream "$s" || upbuf_seed "$s"; then
    avoid+=${avoid:+,}map-init-read,dup-results; fi
  [[ -n $avoid ]] && echo --avoid "$avoid"
  # shellcheck disable=SC2086
  [[ -n ${GEN_GEN_ARGS:-} ]] && printf '%s\n' ${GEN_GEN_ARGS}
  return 0
}
upbuf_seed() { have_mlir_opt && [[ $UPBUF == all || ( $UPBUF == even && $(($1 % 2)) == 0 ) ]]; }
use_upstream() { (( UP_EVERY > 0 && $1 % UP_EVERY == 0 )); }

# Worker mode: one seed, one result line "SEED KIND".
if [[ ${1:-} == --one ]]; then
  s=$2; d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
  # shellcheck disable=SC2046
  "${GEN[@]}" $(gen_args "$s") > "$d/prog.mlir" 2> "$d/generr" || { echo "$s generator-error"; exit 0; }
  up=0; use_upstream "$s" && up=1
  kind=$(check "$d/prog.mlir" $up "$d" "$s")
  # all checks passed, but upstream's output matched only up to strides
  [[ $kind == ok && -e $d/upstream-strides ]] && kind=ok-upstream-strides
  [[ $kind == ok && -e $d/upstream-crash ]] && kind=ok-upstream-crash
  [[ $kind == ok && -e $d/upstream-extern ]] && kind=ok-upstream-extern
  [[ $kind == ok && -e $d/upstream-readonly-write ]] && kind=ok-upstream-readonly-write
  echo "$s $kind"
  exit 0
fi

# minimize SEED KIND UP DIR: greedy delta debugging over step ids, keeping
# KIND; leaves the program in DIR/min.mlir and the detail in DIR/min.detail.
minimize() {
  local s=$1 kind=$2 up=$3 d=$4 drop= ids n chunk i cand k budget=${GEN_MIN_BUDGET:-250} changed
  # shellcheck disable=SC2046
  mapfile -t ids < <("${GEN[@]}" $(gen_args "$s") --list-ids)
  n=${#ids[@]}
  chunk=$(( (n + 1) / 2 ))
  while ((chunk >= 1 && budget > 0)); do
    changed=0
    for ((i = 0; i < n && budget > 0; i += chunk)); do
      cand=$drop
      for ((k = i; k < i + chunk && k < n; k++)); do
        [[ ,$drop, == *,${ids[k]},* ]] || cand+=${cand:+,}${ids[k]}
      done
      [[ $cand == "$drop" ]] && continue
      budget=$((budget - 1))
      # shellcheck disable=SC2046
      "${GEN[@]}" $(gen_args "$s") --drop "$cand" > "$d/cand.mlir" 2> /dev/null || continue
      if [[ $(check "$d/cand.mlir" "$up" "$d" "$s") == "$kind" ]]; then
        drop=$cand; changed=1; cp "$d/cand.mlir" "$d/min.mlir"; cp "$d/detail" "$d/min.detail"
      fi
    done
    ((changed && chunk == 1)) && continue
    chunk=$((chunk / 2))
  done
}

# ---- main ----------------------------------------------------------------
[[ -x $BUFFER_OPT ]] || { echo "SKIP: $BUFFER_OPT not built"; exit $SKIP; }
[[ -n ${GEN[0]} ]] && "${GEN[@]}" --seed 1 --ops 1 > /dev/null 2>&1 ||
  { echo "SKIP: bufferd-gen cannot run (python3 missing?)"; exit $SKIP; }
probe=$(mktemp -d); trap 'rm -rf "$probe"' EXIT
cat > "$probe/p.mlir" <<'EOF'
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %t = arith.constant dense<[1, 2]> : tensor<2xi32>
  %m = bufferization.to_buffer %t : tensor<2xi32> to memref<2xi32>
  %u = memref.cast %m : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
EOF
if ! "$BUFFER_OPT" --run=main "$probe/p.mlir" 2> "$probe/err" | grep -q '\[1,  2\]'; then
  echo "SKIP: buffer-opt --run=main does not run a trivial program yet: $(head -c 300 "$probe/err")"
  exit $SKIP
fi
have_upstream_run || echo "note: mlir-opt/mlir-runner 22 not installed: no upstream comparison"
((HAVE_OSB)) || [[ $DEALLOC == only ]] || echo "note: buffer-opt has no --one-shot-bufferize yet: bufferization checks off"

start=$SECONDS
last=$((FIRST + SEEDS - 1))
seq "$FIRST" "$last" | xargs -P "$JOBS" -n 1 bash "${BASH_SOURCE[0]}" --one > "$probe/results"
sort -n "$probe/results" -o "$probe/results"
nup=0
for ((s = FIRST; s <= last; s++)); do use_upstream "$s" && nup=$((nup + 1)); done
echo "seeds $FIRST..$last (--ops $OPS; odd seeds --dynamic; $nup compared with upstream;" \
     "bufferization checks $( ((HAVE_OSB)) && echo on || echo off); dealloc checks $DEALLOC) in $((SECONDS - start)) s"
minimized=0
while read -r s kind; do
  if [[ $kind == ok* || $kind == skip-* ]]; then pass; continue; fi
  fail "seed $s: $kind  (reproduce: bufferd-gen $(gen_args "$s" | tr '\n' ' '))"
  ((minimized >= MAX_MIN)) && continue
  minimized=$((minimized + 1))
  d=$(mktemp -d)
  # shellcheck disable=SC2046
  "${GEN[@]}" $(gen_args "$s") > "$d/prog.mlir"
  up=0; use_upstream "$s" && up=1
  cp "$d/prog.mlir" "$d/min.mlir"; check "$d/prog.mlir" $up "$d" "$s" > /dev/null; cp "$d/detail" "$d/min.detail"
  minimize "$s" "$kind" "$up" "$d"
  echo "---- seed $s, $kind: minimized program ($(grep -c '' "$d/min.mlir") lines) ----"
  cat "$d/min.mlir"
  echo "---- seed $s, $kind: difference ----"
  cat "$d/min.detail"
  if [[ -n ${GEN_KEEP:-} ]]; then
    mkdir -p "$GEN_KEEP"; cp "$d/prog.mlir" "$GEN_KEEP/seed$s.mlir"; cp "$d/min.mlir" "$GEN_KEEP/seed$s.min.mlir"
  fi
  rm -rf "$d"
done < "$probe/results"
echo "kinds: $(awk '{print $2}' "$probe/results" | sort | uniq -c | tr '\n' ' ')"
# Skipped seeds by kind, so that a long run says which programs to look at.
awk '$2 ~ /^(skip|ok)-/ {s[$2] = s[$2] " " $1} END {for (k in s) print "seeds " k ":" s[k]}' "$probe/results"
finish
