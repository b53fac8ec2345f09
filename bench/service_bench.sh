#!/usr/bin/env bash
# Service benchmark: cache-hit throughput and latency of bufferd at
# concurrency 64 (wrk), and the latency of small uncached compiles against
# spawning upstream mlir-opt 22 for the same pipeline (symbol-dce, which both
# have), and of uncached compiles to an object file (default pipeline, the
# obj artifact) against spawning upstream's mlir-opt | mlir-translate | llc,
# measured in the same run. Prints ratios; absolute numbers on a shared
# 2-core machine are only indicative.
#
# usage: bench/service_bench.sh [BUILD_DIR (default build)] [SECONDS (default 10)]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
seconds=${2:-10}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
tmp=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$tmp"' EXIT

"$build/bin/bufferd" --listen 127.0.0.1:0 --port-file "$tmp/port" --cache-dir "$tmp/cache" \
  --quiet --workers 2 & pid=$!
for _ in $(seq 100); do [[ -s $tmp/port ]] && break; sleep 0.05; done
port=$(cat "$tmp/port")
url=http://127.0.0.1:$port

program='func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}'
/usr/bin/python3 - "$program" > "$tmp/body.json" <<'PY'
import json, sys
print(json.dumps({"program": sys.argv[1], "pipeline": "symbol-dce"}))
PY
curl -fsS -o /dev/null -X POST --data-binary @"$tmp/body.json" "$url/v1/compile"

cat > "$tmp/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$tmp/body.json", "r")
wrk.body = f:read("*a")
f:close()
LUA
echo "== cache hits: wrk, 64 connections, ${seconds}s"
wrk -t2 -c64 -d"${seconds}s" --latency -s "$tmp/post.lua" "$url/v1/compile" > "$tmp/wrk.txt"
rps=$(awk '/Requests\/sec/ {print $2}' "$tmp/wrk.txt")
p50=$(awk '$1 == "50%" {print $2}' "$tmp/wrk.txt")
p99=$(awk '$1 == "99%" {print $2}' "$tmp/wrk.txt")
non2xx=$(awk '/Non-2xx/ {print $5}' "$tmp/wrk.txt")
echo "hits/s: $rps   p50: $p50   p99: $p99   non-2xx: ${non2xx:-0}   (goal: >= 20000/s, p99 < 5ms)"

echo "== uncached compiles: bufferd (keep-alive HTTP, a new key each time) vs spawning"
echo "   upstream's tools for the same work, on two programs (small: an add; medium:"
echo "   tests/programs/matmul_relu.run.mlir). Rows: symbol-dce; the default pipeline"
echo "   (One-Shot + buffer-deallocation-pipeline, the memref artifact); llvm (LLVM IR);"
echo "   obj (an x86-64 object: upstream adds llc -O2)"
/usr/bin/python3 - "$port" "$program" "$(dirname "$MLIR_OPT")" "$tmp" "$top" <<'PY'
import base64, http.client, json, os, statistics, subprocess, sys, time
port, small, tools, tmp, top = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
with open(os.path.join(top, "tests/programs/matmul_relu.run.mlir")) as f:
    medium = f.read()
conn = http.client.HTTPConnection("127.0.0.1", port)
serial = [0]

def respelled(program):
    # A comment changes nothing the key covers: an unused declaration makes
    # a new key (a real compile) each time, for the same work.
    serial[0] += 1
    return program + "\nfunc.func private @bench_key_%d(i32)\n" % serial[0]

def ours(program, request, n):
    times = []
    for _ in range(n):
        body = dict(request, program=respelled(program))
        t = time.perf_counter()
        conn.request("POST", "/v1/compile", json.dumps(body), {"Content-Type": "application/json"})
        r = conn.getresponse()
        doc = json.loads(r.read())
        times.append(time.perf_counter() - t)
        assert r.status == 200 and doc["cache"] == "miss", (r.status, str(doc)[:300])
        if "obj" in request.get("artifacts", []):
            assert base64.b64decode(doc["artifacts"]["obj"])[:4] == b"\x7fELF"
    return statistics.median(times)

bufferize = ["--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries "
             "function-boundary-type-conversion=identity-layout-map",
             "--buffer-deallocation-pipeline"]
lower = bufferize + ["--convert-linalg-to-loops", "--convert-scf-to-cf",
                     "--expand-strided-metadata", "--finalize-memref-to-llvm",
                     "--convert-math-to-llvm", "--convert-arith-to-llvm", "--convert-cf-to-llvm",
                     "--convert-func-to-llvm", "--reconcile-unrealized-casts"]
tool = lambda name: os.path.join(tools, name)

def theirs(program, stages, n):
    path = os.path.join(tmp, "up.mlir")
    times = []
    for _ in range(n):
        with open(path, "w") as f:
            f.write(respelled(program))
        t = time.perf_counter()
        data = None
        for i, argv in enumerate(stages):
            argv = argv + ([path] if i == 0 else [])
            data = subprocess.run(argv, input=data, check=True, capture_output=True).stdout
        times.append(time.perf_counter() - t)
    return statistics.median(times)

rows = [
    ("symbol-dce", {"pipeline": "symbol-dce"}, [[tool("mlir-opt"), "--symbol-dce"]], 100),
    ("default pipeline", {}, [[tool("mlir-opt")] + bufferize], 60),
    ("llvm", {"artifacts": ["llvm"]},
     [[tool("mlir-opt")] + lower, [tool("mlir-translate"), "--mlir-to-llvmir"]], 30),
    ("obj", {"artifacts": ["obj"]},
     [[tool("mlir-opt")] + lower, [tool("mlir-translate"), "--mlir-to-llvmir"],
      [tool("llc"), "-O2", "-filetype=obj", "-o", os.path.join(tmp, "up.o")]], 30),
]
have_upstream = all(os.path.exists(tool(t)) for t in ("mlir-opt", "mlir-translate", "llc"))
print("%-17s %-7s %12s %12s %8s" % ("row", "program", "bufferd ms", "upstream ms", "ratio"))
for name, request, stages, n in rows:
    for label, program in (("small", small), ("medium", medium)):
        o = ours(program, request, n)
        if have_upstream:
            m = theirs(program, stages, max(n // 3, 10))
            print("%-17s %-7s %12.3f %12.3f %7.1fx" % (name, label, o * 1e3, m * 1e3, m / o))
        else:
            print("%-17s %-7s %12.3f %12s %8s" % (name, label, o * 1e3, "-", "-"))
print("(ratio: upstream's median / bufferd's median; goal for the default pipeline on the small"
      " program: >= 20x)")
PY
