#!/usr/bin/env bash
# Parse + verify + print benchmark against upstream mlir-opt 22 on the same
# ~10 MB programs, measured in the same run: wall time and peak
# memory of `TOOL big.mlir -o /dev/null` for both tools; prints the ratios.
# Two programs: gen_large.py's (many functions of one shape) and a mix of
# the example programs (../shared/corpus and tests/programs, each copy
# renamed apart by gen_corpus_mix.py), then buffer-opt's --timing of each
# (where the time goes: parser, verifier, printer).
# The two tools take turns; wall time is the median of RUNS (default 5) runs; CPU time (user + sys) is
# printed too, since on a shared machine wall time also counts waiting.
# Goals: at least 5x faster than mlir-opt in wall time, peak memory under
# 10x the file size, on each program. Each program ends with a `result:`
# line (ratio and peak); the script exits 1 when a goal is missed on either
# program (after measuring both), so a session can run it as a check. It is
# a benchmark, not a test: CTest does not run it (its timing depends on the
# machine's load).
# usage: bench/parse_bench.sh [BUILD_DIR (default build)] [MEGABYTES (default 10)]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
mb=${2:-10}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
corpus=${BUF_CORPUS_DIR:-$top/../shared/corpus}
/usr/bin/python3 "$top/bench/gen_large.py" "$tmp/big.mlir" "$mb"
/usr/bin/python3 "$top/bench/gen_corpus_mix.py" "$tmp/mix.mlir" "$mb" "$build/bin/buffer-opt" \
  "$corpus" "$top/tests/programs"
missed=0
for program in big mix; do
echo "== $program.mlir"
/usr/bin/python3 - "$build/bin/buffer-opt" "$MLIR_OPT" "$tmp/$program.mlir" "${RUNS:-5}" <<'PY' || missed=1
import os, statistics, subprocess, sys, time
ours, theirs, path, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
size = os.path.getsize(path)

def run(tool):
    """One `tool path -o /dev/null` (parse, verify, print): wall seconds,
    CPU seconds (user + sys) and peak RSS in bytes."""
    t = time.perf_counter()
    p = subprocess.Popen([tool, path, "-o", "/dev/null"])
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    assert status == 0, "%s failed" % tool
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024

def summary(samples):
    walls, cpus, peaks = zip(*samples)
    return statistics.median(walls), statistics.median(cpus), max(peaks)

def goal(ok):
    return "met" if ok else "MISSED"

# The tools take turns, run by run, so that both see the same load on a
# shared machine.
have_upstream = os.path.exists(theirs)
ours_runs, theirs_runs = [], []
for _ in range(runs):
    ours_runs.append(run(ours))
    if have_upstream:
        theirs_runs.append(run(theirs))

w_ours, c_ours, m_ours = summary(ours_runs)
print("file: %.1f MB, %d runs per tool, load average %.1f" % (size / 1e6, runs, os.getloadavg()[0]))
print("buffer-opt: wall %.3f s, cpu %.3f s, peak %.1f MB (%.1fx the file)" % (w_ours, c_ours, m_ours / 1e6, m_ours / size))
print("peak memory / file size: %.2fx (goal < 10x: %s)" % (m_ours / size, goal(m_ours < 10 * size)))
if have_upstream:
    w_up, c_up, m_up = summary(theirs_runs)
    print("mlir-opt:   wall %.3f s, cpu %.3f s, peak %.1f MB (%.1fx the file)" % (w_up, c_up, m_up / 1e6, m_up / size))
    # On a shared machine wall time includes waiting for a core; CPU time
    # (user + sys) is the work each tool did. Both are reported.
    print("speed ratio mlir-opt/buffer-opt: wall %.1fx (goal >= 5x: %s), cpu %.1fx" % (w_up / w_ours, goal(w_up >= 5 * w_ours), c_up / c_ours))
    print("memory ratio mlir-opt/buffer-opt: %.2fx" % (m_up / m_ours))
else:
    print("mlir-opt 22 not installed: no ratio")
ratio = w_up / w_ours if have_upstream else float("nan")
met = m_ours < 10 * size and (not have_upstream or w_up >= 5 * w_ours)
print("result: %s wall ratio %.1fx, peak %.1fx the file: %s" %
      (os.path.basename(path), ratio, m_ours / size, "met" if met else "MISSED"))
sys.exit(0 if met else 1)
PY
"$build/bin/buffer-opt" "$tmp/$program.mlir" -o /dev/null --timing 2>&1 | grep -E '\((Parser|Verifier|Output|Total)|%\)  (Parser|Verifier|Output|Total)' || true
done
exit $missed
