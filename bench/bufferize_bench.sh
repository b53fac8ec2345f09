#!/usr/bin/env bash
# One-Shot Bufferize speed against upstream mlir-opt 22, measured in the same
# run, on in-place chains where every op also reads the first input
# (bench/gen_chain.py): wall time of --one-shot-bufferize=bufferize-function-
# boundaries for both tools and the ratio. Upstream is roughly cubic here, so
# it runs only up to 50k ops and is capped at UPSTREAM_CAP seconds (default
# 120; a capped run gives a lower bound on the ratio).
# Goals: 1,000 ops in under 0.1 s, 100,000 ops in under 2 s.
# usage: bench/bufferize_bench.sh [BUILD_DIR (default build)] [SIZES (default "1000 5000 50000 100000")]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
sizes=${2:-1000 5000 50000 100000}
if [[ $("$build/bin/buffer-opt" --help 2>&1) != *--one-shot-bufferize* ]]; then
  echo "buffer-opt has no --one-shot-bufferize yet"; exit 0
fi
exec /usr/bin/python3 - "$top" "$build/bin/buffer-opt" "${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}" \
  "${UPSTREAM_CAP:-120}" $sizes <<'PY'
import os, subprocess, sys, tempfile, time
top, ours, theirs, cap = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
sizes = [int(s) for s in sys.argv[5:]]
flags = ["--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries"]

def run(tool, path, timeout):
    t = time.perf_counter()
    try:
        p = subprocess.run([tool, *flags, path, "-o", "/dev/null"], timeout=timeout,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if p.returncode != 0:
        return None, "failed: " + p.stderr.decode()[:200]
    return time.perf_counter() - t, ""

print("%8s %12s %14s %10s" % ("ops", "buffer-opt", "mlir-opt 22", "ratio"))
with tempfile.TemporaryDirectory() as tmp:
    for n in sizes:
        path = os.path.join(tmp, "chain%d.mlir" % n)
        subprocess.run(["/usr/bin/python3", os.path.join(top, "bench/gen_chain.py"), str(n), path], check=True)
        t_ours, why = run(ours, path, 600)
        ours_txt = "%.3fs" % t_ours if t_ours is not None else why
        if os.path.exists(theirs) and n <= 50000:
            t_up, why_up = run(theirs, path, cap)
            if t_up is not None:
                up_txt, ratio = "%.3fs" % t_up, ("%.0fx" % (t_up / t_ours) if t_ours else "-")
            else:
                up_txt = ">%.0fs" % cap if why_up == "timeout" else why_up
                ratio = (">%.0fx" % (cap / t_ours)) if (t_ours and why_up == "timeout") else "-"
        else:
            up_txt, ratio = "(not run)", "-"
        print("%8d %12s %14s %10s" % (n, ours_txt, up_txt, ratio), flush=True)
PY
