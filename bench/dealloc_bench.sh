#!/usr/bin/env bash
# Memory footprint after bufferization and deallocation, ours against
# upstream mlir-opt 22 measured in the same run. For every runnable program
# (../shared/corpus/**/*.run.mlir, tests/programs/*.run.mlir and an 8-op
# element-wise chain over 4 KiB tensors) both pipelines run on the tensor
# program and the result is interpreted by buffer-opt --run=main
# --run-leak-check --run-stats, which counts heap allocations and the peak of
# live bytes (heap, stack, globals and tensors alike):
#   ours      eliminate-empty-tensors, one-shot-bufferize{OSB},
#             buffer-deallocation-pipeline, plan-memory
#   upstream  the same passes in mlir-opt without plan-memory (which it does
#             not have), and again with its optimize-allocation-liveness
# OSB = bufferize-function-boundaries function-boundary-type-conversion=
# identity-layout-map. Each row says whether ours printed the expected output
# without leak/double free/use after free, then allocs and peak bytes of
# ours / upstream / upstream+liveness. The last lines count the programs
# where ours is above upstream (the goal is none) and give the totals.
# usage: bench/dealloc_bench.sh [BUILD_DIR (default build)]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
exec /usr/bin/python3 - "$top" "$build/bin/buffer-opt" \
  "${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}" "${BUF_CORPUS_DIR:-$top/../shared/corpus}" <<'PY'
import glob, os, re, subprocess, sys, tempfile
top, ours, mlir_opt, corpus = sys.argv[1:5]
OSB = "bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
OURS = ("builtin.module(eliminate-empty-tensors,one-shot-bufferize{allow-return-allocs-from-loops %s},"
        "buffer-deallocation-pipeline,plan-memory)" % OSB)
UP = ["--eliminate-empty-tensors", "--one-shot-bufferize=allow-return-allocs-from-loops " + OSB,
      "--buffer-deallocation-pipeline"]

def chain(path):
    ops = ["addf", "mulf", "subf", "addf", "mulf", "maximumf", "addf"]
    s = ["func.func private @printMemrefF32(memref<*xf32>)",
         "#id = affine_map<(d0) -> (d0)>", "func.func @main() {",
         "  %one = arith.constant 1.0 : f32", "  %two = arith.constant 2.0 : f32",
         "  %e0 = tensor.empty() : tensor<1024xf32>",
         "  %t0 = linalg.fill ins(%one : f32) outs(%e0 : tensor<1024xf32>) -> tensor<1024xf32>"]
    for i, o in enumerate(ops):
        s += ["  %%e%d = tensor.empty() : tensor<1024xf32>" % (i + 1),
              "  %%t%d = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}"
              " ins(%%t%d : tensor<1024xf32>) outs(%%e%d : tensor<1024xf32>) {" % (i + 1, i, i + 1),
              "  ^bb0(%x: f32, %o: f32):", "    %%y = arith.%s %%x, %%two : f32" % o,
              "    linalg.yield %y : f32", "  } -> tensor<1024xf32>"]
    s += ["  %s = tensor.extract_slice %t7[0] [8] [1] : tensor<1024xf32> to tensor<8xf32>",
          "  %m = bufferization.to_buffer %s : tensor<8xf32> to memref<8xf32, strided<[1]>>",
          "  %u = memref.cast %m : memref<8xf32, strided<[1]>> to memref<*xf32>",
          "  call @printMemrefF32(%u) : (memref<*xf32>) -> ()", "  return", "}"]
    open(path, "w").write("\n".join(s) + "\n")

def stats(memref_prog, tmp):
    p = subprocess.run([ours, memref_prog, "--run=main", "--run-leak-check", "--run-stats"],
                       capture_output=True, text=True, timeout=120)
    m = re.search(r"heap_allocs=(\d+) .*peak_live_bytes=(\d+)", p.stderr)
    out = re.sub(r"base@ = 0x[0-9a-fA-F]+", "base@ = ADDR", p.stdout)
    ok = p.returncode == 0 and "error" not in p.stderr
    return (int(m.group(1)), int(m.group(2))) if m else None, out, ok

def upstream(prog, extra, tmp):
    out = os.path.join(tmp, "up.mlir")
    p = subprocess.run([mlir_opt, prog, *UP, *extra, "-o", out], capture_output=True, timeout=120)
    if p.returncode != 0:
        return None
    s, _, ok = stats(out, tmp)
    return s if ok else None

if not os.path.isdir(corpus):
    print("note: no corpus at %s (set BUF_CORPUS_DIR): tests/programs only" % corpus,
          file=sys.stderr)
with tempfile.TemporaryDirectory() as tmp:
    progs = sorted(glob.glob(os.path.join(corpus, "*", "*.run.mlir"))) + \
            sorted(glob.glob(os.path.join(top, "tests/programs/*.run.mlir")))
    ch = os.path.join(tmp, "chain8_4KiB.run.mlir")
    chain(ch)
    progs.append(ch)
    have_up = os.path.exists(mlir_opt)
    print("%-40s %-6s %17s %23s" % ("program", "run", "heap allocs", "peak live bytes"))
    print("%-40s %-6s %17s %23s" % ("", "", "ours/up/up+live", "ours/up/up+live"))
    worse = bad = rows = 0
    tot = [0] * 6
    for prog in progs:
        name = os.path.relpath(prog, corpus) if prog.startswith(corpus) else os.path.basename(prog)
        name = name.replace(".run.mlir", "")
        mine = os.path.join(tmp, "ours.mlir")
        p = subprocess.run([ours, prog, "--pass-pipeline=" + OURS, "-o", mine],
                           capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            print("%-40s %-6s %s" % (name, "n/a", p.stderr.splitlines()[0][-70:] if p.stderr else ""))
            continue
        s, out, ok = stats(mine, tmp)
        exp = prog.replace(".run.mlir", ".expected")
        if prog == ch:
            ref = subprocess.run([ours, prog, "--run=main"], capture_output=True, text=True).stdout
            ok = ok and out == re.sub(r"base@ = 0x[0-9a-fA-F]+", "base@ = ADDR", ref)
        elif os.path.exists(exp):
            ok = ok and out == open(exp).read()
        up = upstream(prog, [], tmp) if have_up else None
        upl = upstream(prog, ["--optimize-allocation-liveness"], tmp) if have_up else None
        fmt = lambda v, i: str(v[i]) if v else "-"
        print("%-40s %-6s %17s %23s" % (name, "ok" if ok else "FAIL",
              "%s/%s/%s" % (fmt(s, 0), fmt(up, 0), fmt(upl, 0)),
              "%s/%s/%s" % (fmt(s, 1), fmt(up, 1), fmt(upl, 1))))
        bad += not ok
        if s and up:
            rows += 1
            worse += s[0] > up[0] or s[1] > up[1]
            for i, v in enumerate([s[0], up[0], s[1], up[1]]):
                tot[i] += v
    print("programs compared with upstream: %d; ours above upstream (allocs or peak): %d; "
          "failed runs: %d" % (rows, worse, bad))
    if rows:
        print("totals: heap allocs %d vs %d (%.2fx), peak live bytes %d vs %d (%.2fx)" %
              (tot[0], tot[1], tot[0] / max(tot[1], 1), tot[2], tot[3], tot[2] / max(tot[3], 1)))
PY
