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

echo "== uncached small compiles: bufferd (keep-alive HTTP) vs spawning mlir-opt --symbol-dce"
/usr/bin/python3 - "$port" "$program" "$MLIR_OPT" "$tmp" <<'PY'
import http.client, json, os, statistics, subprocess, sys, time
port, program, mlir_opt, tmp = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
n = 200
conn = http.client.HTTPConnection("127.0.0.1", port)
ours = []
for i in range(n):
    # A different constant each time: a new key, a real compile.
    body = json.dumps({"program": program.replace("tensor<4xf32>", "tensor<%dxf32>" % (i + 5)),
                       "pipeline": "symbol-dce"})
    t = time.perf_counter()
    conn.request("POST", "/v1/compile", body, {"Content-Type": "application/json"})
    r = conn.getresponse()
    doc = json.loads(r.read())
    ours.append(time.perf_counter() - t)
    assert r.status == 200 and doc["cache"] == "miss", (r.status, doc)
theirs = []
if os.path.exists(mlir_opt):
    path = os.path.join(tmp, "p.mlir")
    for i in range(40):
        with open(path, "w") as f:
            f.write(program.replace("tensor<4xf32>", "tensor<%dxf32>" % (i + 5)))
        t = time.perf_counter()
        subprocess.run([mlir_opt, "--symbol-dce", path], check=True, stdout=subprocess.DEVNULL)
        theirs.append(time.perf_counter() - t)
o = statistics.median(ours)
print("bufferd uncached compile: median %.3f ms, p99 %.3f ms (%d compiles)"
      % (o * 1e3, sorted(ours)[int(n * 0.99) - 1] * 1e3, n))
if theirs:
    m = statistics.median(theirs)
    print("mlir-opt process:         median %.3f ms (%d runs)" % (m * 1e3, len(theirs)))
    print("ratio mlir-opt / bufferd: %.1fx (goal: >= 20x)" % (m / o))
else:
    print("mlir-opt 22 not installed: no ratio")
PY

echo "== uncached compiles to an x86-64 object (default pipeline, artifact obj): bufferd vs"
echo "   spawning upstream's chain (mlir-opt bufferize+lower | mlir-translate | llc -O2)"
/usr/bin/python3 - "$port" "$program" "$(dirname "$MLIR_OPT")" "$tmp" <<'PY'
import base64, http.client, json, os, statistics, subprocess, sys, time
port, program, tools, tmp = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
n = 40
conn = http.client.HTTPConnection("127.0.0.1", port)
ours = []
for i in range(n):
    body = json.dumps({"program": program.replace("tensor<4xf32>", "tensor<%dxf32>" % (i + 1005)),
                       "artifacts": ["obj"]})
    t = time.perf_counter()
    conn.request("POST", "/v1/compile", body, {"Content-Type": "application/json"})
    r = conn.getresponse()
    doc = json.loads(r.read())
    ours.append(time.perf_counter() - t)
    assert r.status == 200 and doc["cache"] == "miss", (r.status, doc)
    assert base64.b64decode(doc["artifacts"]["obj"])[:4] == b"\x7fELF"
lower = ["--one-shot-bufferize=bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map",
         "--buffer-deallocation-pipeline", "--convert-linalg-to-loops", "--convert-scf-to-cf",
         "--expand-strided-metadata", "--finalize-memref-to-llvm", "--convert-arith-to-llvm",
         "--convert-cf-to-llvm", "--convert-func-to-llvm", "--reconcile-unrealized-casts"]
theirs = []
if all(os.path.exists(os.path.join(tools, t)) for t in ("mlir-opt", "mlir-translate", "llc")):
    path = os.path.join(tmp, "o.mlir")
    for i in range(n):
        with open(path, "w") as f:
            f.write(program.replace("tensor<4xf32>", "tensor<%dxf32>" % (i + 1005)))
        t = time.perf_counter()
        a = subprocess.run([os.path.join(tools, "mlir-opt"), *lower, path], check=True,
                           capture_output=True).stdout
        b = subprocess.run([os.path.join(tools, "mlir-translate"), "--mlir-to-llvmir"], input=a,
                           check=True, capture_output=True).stdout
        subprocess.run([os.path.join(tools, "llc"), "-O2", "-filetype=obj", "-o",
                        os.path.join(tmp, "o.o")], input=b, check=True)
        theirs.append(time.perf_counter() - t)
o = statistics.median(ours)
print("bufferd uncached obj:     median %.3f ms (%d compiles)" % (o * 1e3, n))
if theirs:
    m = statistics.median(theirs)
    print("upstream process chain:   median %.3f ms (%d runs)" % (m * 1e3, n))
    print("ratio upstream / bufferd: %.1fx" % (m / o))
else:
    print("mlir-opt/mlir-translate/llc 22 not installed: no ratio")
PY
