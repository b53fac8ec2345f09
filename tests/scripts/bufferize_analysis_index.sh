#!/usr/bin/env bash
# The One-Shot in-place analysis answers each decision from its conflict
# index (only new read/write pairs, only writes inside a read's window);
# the pass option verify-analysis makes it also run the full scan of all
# reads against all writes and fail (a located error, exit status 1) on any
# disagreement. This runs that check
#   1. on every corpus and tests/programs program, and
#   2. on random programs (in-place chains that also read older values,
#      scf.if / scf.for nests, slices, function calls),
# under both heuristics, with and without function boundaries, and with
# print-conflicts (which must note the same pairs either way), and checks
# that the annotated output is the same with and without verification.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

/usr/bin/python3 - "$tmp" <<'PY'
import random, sys
out = sys.argv[1]
T, S = "tensor<8xf32>", "tensor<4xf32>"

class Gen:
    def __init__(self, rnd):
        self.r, self.n, self.lines = rnd, 0, []
    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n
    def emit(self, depth, text):
        self.lines.append("  " * (depth + 1) + text)
    def block(self, depth, pool, slices, count):
        """Emits count random ops; returns the last full tensor made."""
        r = self.r
        last = pool[-1]
        for _ in range(count):
            k = r.random()
            v = self.fresh()
            if k < 0.45 or depth > 2:
                a, b, c = r.choice(pool), r.choice(pool), r.choice(pool[-3:])
                self.emit(depth, "%s = linalg.add ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                          % (v, a, b, T, T, c, T, T))
            elif k < 0.55:
                self.emit(depth, "%s = linalg.fill ins(%%f : f32) outs(%s : %s) -> %s"
                          % (v, r.choice(pool), T, T))
            elif k < 0.62:
                self.emit(depth, "%s = tensor.extract_slice %s[%d] [4] [1] : %s to %s"
                          % (v, r.choice(pool), r.choice([0, 4]), T, S))
                slices.append(v)
                continue
            elif k < 0.70 and slices:
                self.emit(depth, "%s = tensor.insert_slice %s into %s[%d] [4] [1] : %s into %s"
                          % (v, r.choice(slices), r.choice(pool), r.choice([0, 4]), S, T))
            elif k < 0.74:
                s = self.fresh()
                self.emit(depth, "%s = tensor.extract %s[%%c0] : %s" % (s, r.choice(pool), T))
                continue
            elif k < 0.80:
                self.emit(depth, "%s = func.call @callee(%s, %s) : (%s, %s) -> %s"
                          % (v, r.choice(pool), r.choice(pool), T, T, T))
            elif k < 0.90:
                self.emit(depth, "%s = scf.if %%cond -> (%s) {" % (v, T))
                y = self.block(depth + 1, list(pool), list(slices), r.randint(0, 4))
                self.emit(depth + 1, "scf.yield %s : %s" % (y, T))
                self.emit(depth, "} else {")
                y = self.block(depth + 1, list(pool), list(slices), r.randint(0, 4))
                self.emit(depth + 1, "scf.yield %s : %s" % (y, T))
                self.emit(depth, "}")
            else:
                it = self.fresh()
                self.emit(depth, "%s = scf.for %%i%d = %%c0 to %%c3 step %%c1 iter_args(%s = %s) -> (%s) {"
                          % (v, self.n, it, r.choice(pool), T))
                y = self.block(depth + 1, pool + [it], list(slices), r.randint(1, 5))
                self.emit(depth + 1, "scf.yield %s : %s" % (y, T))
                self.emit(depth, "}")
            pool.append(v)
            last = v
        return last

for p in range(60):
    rnd = random.Random(1000 + p)
    g = Gen(rnd)
    pool = ["%a", "%b", "%c"]
    last = g.block(0, pool, [], rnd.randint(10, 60))
    rets = [last] + [rnd.choice(pool) for _ in range(rnd.randint(0, 2))]
    with open("%s/random%02d.mlir" % (out, p), "w") as f:
        f.write("func.func private @callee(%%x: %s, %%y: %s) -> %s {\n" % (T, T, T))
        f.write("  %%r = linalg.add ins(%%x, %%x : %s, %s) outs(%%y : %s) -> %s\n" % (T, T, T, T))
        f.write("  return %%r : %s\n}\n" % T)
        f.write("func.func @main(%%a: %s, %%b: %s, %%c: %s, %%cond: i1, %%f: f32) -> (%s) {\n"
                % (T, T, T, ", ".join([T] * len(rets))))
        f.write("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
                "  %c3 = arith.constant 3 : index\n")
        f.write("\n".join(g.lines) + "\n")
        f.write("  return %s : %s\n}\n" % (", ".join(rets), ", ".join([T] * len(rets))))
PY

option_sets=(
  "test-analysis-only print-conflicts bufferize-function-boundaries"
  "test-analysis-only print-conflicts bufferize-function-boundaries analysis-heuristic=top-down"
  "test-analysis-only print-conflicts allow-unknown-ops"
  "test-analysis-only dump-alias-sets bufferize-function-boundaries check-parallel-regions=false"
)
parsed=0
for f in $(programs) "$tmp"/random*.mlir; do
  for o in "${option_sets[@]}"; do
    "$BUFFER_OPT" --one-shot-bufferize="allow-return-allocs-from-loops $o" "$f" >"$tmp/plain" 2>&1
    rc_plain=$?
    "$BUFFER_OPT" --one-shot-bufferize="allow-return-allocs-from-loops $o verify-analysis" "$f" >"$tmp/verified" 2>&1
    rc=$?
    if ((rc != rc_plain)) || ! cmp -s "$tmp/plain" "$tmp/verified"; then
      fail "$f [$o]: index and full scan disagree (rc $rc_plain vs $rc)"
      grep -m3 "disagrees" "$tmp/verified" >&2
      continue
    fi
    pass
  done
  # random programs must be valid input: they are only useful when parsed
  if [[ $f == "$tmp"/random* ]] && ! grep -q "__inplace_operands_attr__" "$tmp/plain"; then
    fail "$f: random program was not analysed: $(head -c 300 "$tmp/plain")"
  else
    parsed=$((parsed + 1))
  fi
done
echo "$parsed programs analysed"
finish
