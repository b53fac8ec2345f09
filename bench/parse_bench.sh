#!/usr/bin/env bash
# Parse + verify + print benchmark against upstream mlir-opt 22 on the same
# ~10 MB program, measured in the same run: wall time (median of 3) and peak
# memory of `TOOL big.mlir -o /dev/null` for both tools; prints the ratios.
# Goals: at least 5x faster than mlir-opt, peak memory under 10x the file size.
# usage: bench/parse_bench.sh [BUILD_DIR (default build)] [MEGABYTES (default 10)]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
mb=${2:-10}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$top/bench/gen_large.py" "$tmp/big.mlir" "$mb"
/usr/bin/python3 - "$build/bin/buffer-opt" "$MLIR_OPT" "$tmp/big.mlir" <<'PY'
import os, resource, statistics, subprocess, sys, time
ours, theirs, path = sys.argv[1:4]
size = os.path.getsize(path)

def measure(tool):
    times, peaks = [], []
    for _ in range(3):
        t = time.perf_counter()
        p = subprocess.Popen([tool, path, "-o", "/dev/null"])
        _, status, usage = os.wait4(p.pid, 0)
        times.append(time.perf_counter() - t)
        peaks.append(usage.ru_maxrss * 1024)
        assert status == 0, "%s failed" % tool
    return statistics.median(times), max(peaks)

t_ours, m_ours = measure(ours)
print("file: %.1f MB" % (size / 1e6))
print("buffer-opt: %.3f s, peak %.0f MB (%.1fx the file)" % (t_ours, m_ours / 1e6, m_ours / size))
if os.path.exists(theirs):
    t_up, m_up = measure(theirs)
    print("mlir-opt:   %.3f s, peak %.0f MB (%.1fx the file)" % (t_up, m_up / 1e6, m_up / size))
    print("speed ratio mlir-opt/buffer-opt: %.1fx (goal >= 5x); memory ratio: %.2fx" % (t_up / t_ours, m_up / m_ours))
else:
    print("mlir-opt 22 not installed: no ratio")
PY
