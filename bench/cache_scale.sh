#!/usr/bin/env bash
# Cache scale benchmark: does a request cost the same with 10^3 and 10^6
# entries in the SQLite cache?
#
# One cache directory per size is filled through the store API
# (bench/cache_fill.c: cache_put, one transaction per entry, small
# artifacts), not through HTTP, so a million entries take minutes. Then one
# real daemon per directory runs, and one keep-alive client on loopback
# measures them in turns (ROUNDS rounds, each size in every round), so that
# the load of a shared machine falls on every size alike:
#   miss-and-store: a program never seen (its compile is a one-op
#                   symbol-dce), answered and stored in SQLite;
#   hit:            the same programs again, answered from SQLite (the
#                   in-memory response cache is off).
# A last row measures the largest size again with --cache-max-bytes 0.1%
# under the store's size, so that eviction runs while it is measured.
# Acceptance: p99 at every size within 2x of p99 at the smallest.
# Too long for CTest; tests/unit/test_cache.c checks the no-scan property at
# 10^4 entries.
#
# Measured 2026-11-27 on the shared 2-core machine (load average ~14, Debug
# -O1 build; the p99s are mostly the machine's noise):
#   entries    miss-and-store p50/p99    hit p50/p99
#   10^3       0.95 / 14.68 ms           0.83 / 13.54 ms
#   10^5       0.91 / 15.45 ms           0.50 /  8.29 ms
#   10^6       1.08 / 15.69 ms           1.09 / 16.06 ms
#   10^6 at its bound (10,215 evicted meanwhile)
#              1.71 / 20.07 ms           1.18 / 13.46 ms
# p99 at most 1.37x (miss-and-store) and 1.19x (hit) the 10^3 figure. Before
# (eviction scanning every entry on each put), at 5,050 entries:
# miss-and-store 41 / 84 ms, against 0.53 / 5.6 ms after, in the same
# conditions.
#
# usage: bench/cache_scale.sh [BUILD_DIR (default build)] [SIZES (default "1000 100000 1000000")]
# env:   SAMPLES (misses, and as many hits, per size, default 2000), ROUNDS
#        (default 5), BUFFERD (the daemon to measure, default
#        BUILD_DIR/bin/bufferd), KEEP_DIR (work here and keep it)
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$top/build}
sizes=${2:-"1000 100000 1000000"}
samples=${SAMPLES:-2000}
rounds=${ROUNDS:-5}
bufferd=${BUFFERD:-$build/bin/bufferd}
tmp=${KEEP_DIR:-$(mktemp -d)}
mkdir -p "$tmp"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  [[ -n ${KEEP_DIR:-} ]] || rm -rf "$tmp"
}
trap cleanup EXIT

cc -O2 -o "$tmp/cache_fill" "$top/bench/cache_fill.c" -I"$top/cache" \
  "$build/lib/libbufcache.a" $(pkg-config --libs sqlite3 libcrypto) -lpthread

start_daemon() { # name, extra flags...
  local name=$1
  shift
  rm -f "$tmp/$name.port"
  "$bufferd" --listen 127.0.0.1:0 --port-file "$tmp/$name.port" --cache-dir "$tmp/$name" \
    --memory-cache-bytes 0 --workers 2 --quiet "$@" 2>>"$tmp/daemon.log" &
  pids+=($!)
  for _ in $(seq 600); do [[ -s $tmp/$name.port ]] && return; sleep 0.05; done
  echo "bufferd did not start"; cat "$tmp/daemon.log"; exit 1
}

measure() { # label=port...
  /usr/bin/python3 - "$samples" "$rounds" "$@" <<'PY'
import http.client, json, math, sys, time
samples, rounds = int(sys.argv[1]), int(sys.argv[2])
targets = [(arg.split("=")[0], int(arg.split("=")[1])) for arg in sys.argv[3:]]
conns = {label: http.client.HTTPConnection("127.0.0.1", port, timeout=60) for label, port in targets}

def body(label, i):
    # The label goes into the symbol name: comments do not change the key.
    program = ("func.func @%s(%%a: f32) -> f32 {\n  %%c = arith.constant %d.0 : f32\n"
               "  %%r = arith.addf %%a, %%c : f32\n  return %%r : f32\n}\n"
               % (label.replace("-", "_"), i))
    return json.dumps({"program": program, "pipeline": "symbol-dce"})

def post(conn, b, want):
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

def metric(conn, name):
    conn.request("GET", "/metrics")
    for line in conn.getresponse().read().decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return -1

entries = {}
for label, _ in targets:  # warm-up: the daemon's first requests touch cold pages
    for i in range(50):
        post(conns[label], body(label, -1 - i), "MISS")
    entries[label] = int(metric(conns[label], "bufferd_cache_entries"))
miss = {label: [] for label, _ in targets}
hit = {label: [] for label, _ in targets}
per_round = samples // rounds
for r in range(rounds):
    for label, _ in targets:
        ids = range(r * per_round, (r + 1) * per_round)
        miss[label] += [post(conns[label], body(label, i), "MISS") for i in ids]
        hit[label] += [post(conns[label], body(label, i), "HIT") for i in ids]
for label, _ in targets:
    print("%-22s entries %8d  miss-and-store p50 %6.2f ms  p99 %6.2f ms   hit p50 %6.2f ms  p99 %6.2f ms  evicted %d"
          % (label, entries[label], pct(miss[label], .5), pct(miss[label], .99), pct(hit[label], .5),
             pct(hit[label], .99), metric(conns[label], "bufferd_cache_evicted_total")))
PY
}

: > "$tmp/results"
targets=()
largest=
for size in $sizes; do
  mkdir -p "$tmp/size-$size"
  "$tmp/cache_fill" "$tmp/size-$size/cache.db" 0 "$size" >/dev/null
  largest=$size
done
for size in $sizes; do
  start_daemon "size-$size"
  targets+=("size-$size=$(cat "$tmp/size-$size.port")")
done
measure "${targets[@]}" | tee -a "$tmp/results"
for pid in "${pids[@]}"; do kill "$pid"; wait "$pid" || true; done
pids=()

# The largest size again, at its bound: the store is 0.1% over
# --cache-max-bytes, so eviction runs in the background while requests go on
# (first down to the low-water mark, then again whenever stores pass the bound).
db=$tmp/size-$largest/cache.db
bytes=$(/usr/bin/python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT bytes FROM totals").fetchone()[0])' "$db")
start_daemon "size-$largest" --cache-max-bytes "$((bytes - bytes / 1000))"
measure "size-$largest-at-bound=$(cat "$tmp/size-$largest.port")" | tee -a "$tmp/results"

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
