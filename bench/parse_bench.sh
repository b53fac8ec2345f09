#!/usr/bin/env bash
# Parse + verify + print benchmark against upstream mlir-opt 22 on the same
# ~10 MB program, measured in the same run: wall time and peak
# memory of `TOOL big.mlir -o /dev/null` for both tools; prints the ratios.
# Wall time is the median of RUNS (default 5) runs; CPU time (user + sys) is
# printed too, since on a shared machine wall time also counts waiting.
# Goals: at least 5x faster than mlir-opt, peak memory under 10x the file size.
# usage: bench/parse_bench.sh [BUILD_DIR (default build)] [MEGABYTES (default 10)]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
mb=${2:-10}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$top/bench/gen_large.py" "$tmp/big.mlir" "$mb"
/usr/bin/python3 - "$build/bin/buffer-opt" "$MLIR_OPT" "$tmp/big.mlir" "${RUNS:-5}" <<'PY'
import os, statistics, subprocess, sys, time
ours, theirs, path, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
size = os.path.getsize(path)

def measure(tool):
    """Median wall time, median CPU time (user + sys) and the largest peak
    RSS over `runs` runs of `tool path -o /dev/null` (parse, verify, print)."""
    walls, cpus, peaks = [], [], []
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.Popen([tool, path, "-o", "/dev/null"])
        _, status, usage = os.wait4(p.pid, 0)
        walls.append(time.perf_counter() - t)
        cpus.append(usage.ru_utime + usage.ru_stime)
        peaks.append(usage.ru_maxrss * 1024)
        assert status == 0, "%s failed" % tool
    return statistics.median(walls), statistics.median(cpus), max(peaks)

def goal(ok):
    return "met" if ok else "MISSED"

w_ours, c_ours, m_ours = measure(ours)
print("file: %.1f MB, %d runs per tool, load average %.1f" % (size / 1e6, runs, os.getloadavg()[0]))
print("buffer-opt: wall %.3f s, cpu %.3f s, peak %.1f MB (%.1fx the file)" % (w_ours, c_ours, m_ours / 1e6, m_ours / size))
print("peak memory / file size: %.2fx (goal < 10x: %s)" % (m_ours / size, goal(m_ours < 10 * size)))
if os.path.exists(theirs):
    w_up, c_up, m_up = measure(theirs)
    print("mlir-opt:   wall %.3f s, cpu %.3f s, peak %.1f MB (%.1fx the file)" % (w_up, c_up, m_up / 1e6, m_up / size))
    # On a shared machine wall time includes waiting for a core; CPU time
    # (user + sys) is the work each tool did. Both are reported.
    print("speed ratio mlir-opt/buffer-opt: wall %.1fx (goal >= 5x: %s), cpu %.1fx" % (w_up / w_ours, goal(w_up >= 5 * w_ours), c_up / c_ours))
    print("memory ratio mlir-opt/buffer-opt: %.2fx" % (m_up / m_ours))
else:
    print("mlir-opt 22 not installed: no ratio")
PY
