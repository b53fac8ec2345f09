#!/usr/bin/env bash
# Cache scale benchmark: does a request cost the same with 10^3 and 10^6
# entries in the SQLite cache?
#
# The cache is filled through the store API (bench/cache_fill.c: cache_put,
# one transaction per entry, small artifacts), not through HTTP, so a
# million entries take minutes. At each size the real daemon is started on
# the filled directory and measured on loopback by one keep-alive client:
#   miss-and-store: a program never seen (its compile is a one-op
#                   symbol-dce), answered and stored in SQLite;
#   hit:            the same programs again, answered from SQLite (the
#                   in-memory response cache is off).
# The last row repeats the largest size with --cache-max-bytes set just
# under the store's size, so that eviction runs while it is measured.
# Acceptance: p99 at the largest size within 2x of p99 at the smallest.
# Too long for CTest; tests/unit/test_cache.c checks the no-scan property at
# 10^4 entries.
#
# usage: bench/cache_scale.sh [BUILD_DIR (default build)] [SIZES (default "1000 100000 1000000")]
# env:   SAMPLES (requests per measurement, default 2000), BUFFERD (the daemon
#        to measure, default BUILD_DIR/bin/bufferd), KEEP_DIR (keep the cache here)
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
sizes=${2:-"1000 100000 1000000"}
samples=${SAMPLES:-2000}
bufferd=${BUFFERD:-$build/bin/bufferd}
tmp=${KEEP_DIR:-$(mktemp -d)}
mkdir -p "$tmp"
pid=
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [[ -n ${KEEP_DIR:-} ]] || rm -rf "$tmp"
}
trap cleanup EXIT

cc -O2 -o "$tmp/cache_fill" "$top/bench/cache_fill.c" -I"$top/cache" \
  "$build/lib/libbufcache.a" $(pkg-config --libs sqlite3 libcrypto) -lpthread

start_daemon() { # extra flags...
  rm -f "$tmp/port"
  "$bufferd" --listen 127.0.0.1:0 --port-file "$tmp/port" --cache-dir "$tmp/cache" \
    --memory-cache-bytes 0 --workers 2 --quiet "$@" 2>>"$tmp/daemon.log" & pid=$!
  for _ in $(seq 600); do [[ -s $tmp/port ]] && return; sleep 0.05; done
  echo "bufferd did not start"; cat "$tmp/daemon.log"; exit 1
}
stop_daemon() { kill "$pid"; wait "$pid" || true; pid=; }

measure() { # label
  /usr/bin/python3 - "$(cat "$tmp/port")" "$1" "$samples" <<'PY'
import http.client, json, math, sys, time
port, label, samples = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

def body(i):
    # The label goes into the symbol name: comments do not change the key.
    program = ("func.func @%s(%%a: f32) -> f32 {\n  %%c = arith.constant %d.0 : f32\n"
               "  %%r = arith.addf %%a, %%c : f32\n  return %%r : f32\n}\n"
               % (label.replace("-", "_"), i))
    return json.dumps({"program": program, "pipeline": "symbol-dce"})

def post(b, want):
    t = time.perf_counter()
    conn.request("POST", "/v1/compile", b, {"Content-Type": "application/json"})
    r = conn.getresponse()
    r.read()
    dt = time.perf_counter() - t
    if r.status != 200 or r.getheader("X-Cache") != want:
        sys.exit("unexpected answer: %d %s (wanted %s)" % (r.status, r.getheader("X-Cache"), want))
    return dt

def pct(xs, p):
    xs = sorted(xs)
    return xs[max(0, math.ceil(p * len(xs)) - 1)] * 1000

def metric(name):
    conn.request("GET", "/metrics")
    for line in conn.getresponse().read().decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return -1

for i in range(50):  # warm-up: the daemon's first requests touch cold pages
    post(body(-1 - i), "MISS")
entries = int(metric("bufferd_cache_entries"))
miss = [post(body(i), "MISS") for i in range(samples)]
hit = [post(body(i), "HIT") for i in range(samples)]
print("%-22s entries %8d  miss-and-store p50 %6.2f ms  p99 %6.2f ms   hit p50 %6.2f ms  p99 %6.2f ms  evicted %d"
      % (label, entries, pct(miss, .5), pct(miss, .99), pct(hit, .5), pct(hit, .99),
         metric("bufferd_cache_evicted_total")))
PY
}

mkdir -p "$tmp/cache"
filled=0
: > "$tmp/results"
for size in $sizes; do
  if (( size > filled )); then
    "$tmp/cache_fill" "$tmp/cache/cache.db" "$filled" "$size" >/dev/null
    filled=$size
  fi
  start_daemon
  measure "size-$size" | tee -a "$tmp/results"
  stop_daemon
done
# The largest size again, at its bound: the store is 0.1% over
# --cache-max-bytes, so eviction runs in the background while requests go on
# (first down to the low-water mark, then again whenever stores pass the bound).
bytes=$(/usr/bin/python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT bytes FROM totals").fetchone()[0])' "$tmp/cache/cache.db")
start_daemon --cache-max-bytes "$((bytes - bytes / 1000))"
measure "size-$filled-at-bound" | tee -a "$tmp/results"
stop_daemon

/usr/bin/python3 - "$tmp/results" <<'PY'
import re, sys
rows = [l for l in open(sys.argv[1]) if l.strip()]
def p99s(row):
    m = re.findall(r"p99 +([\d.]+) ms", row)
    return float(m[0]), float(m[1])
first = p99s(rows[0])
worst = [max(p99s(r)[i] for r in rows) for i in (0, 1)]
for what, a, b in (("miss-and-store", first[0], worst[0]), ("hit", first[1], worst[1])):
    print("%s p99: %.2f ms at the smallest size, at most %.2f ms above it: %.2fx (goal <= 2x)"
          % (what, a, b, b / a))
PY
