#!/usr/bin/env bash
# --bufferization-report over every corpus and tests/programs program, with
# and without function boundaries:
#   1. the report validates against schema/bufferization-report.schema.json;
#   2. its alloc records equal the memref.alloc ops bufferization added (in
#      the output, less those already in the input) and its copy records the
#      memref.copy ops it added;
#   3. each function summary agrees with that function's records.
#   4. peak_live_bytes of @main, after the deallocation pipeline (with and
#      without plan-memory), is >= the heap peak the interpreter measures
#      (--run-stats peak_heap_bytes) on every runnable program, and equal to
#      it on straight-line programs (no scf/cf/affine control flow in the
#      tensor program); it is null only where it cannot be known statically.
# Programs that do not bufferize are left to bufferize_corpus.sh.
# Needs /usr/bin/python3 with jsonschema (skips with 77 otherwise).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
PY=/usr/bin/python3
$PY -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing: skipped"; exit $SKIP; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
BOUNDARY="--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
DEFAULT="--one-shot-bufferize=allow-return-allocs-from-loops"
count() { sed 's://.*$::' "$2" | grep -c -E "$1" || true; } # comments may name ops
n=0
while read -r f; do
  for mode in boundary default; do
    if [[ $mode == boundary ]]; then flags=$BOUNDARY; else flags=$DEFAULT; fi
    n=$((n + 1))
    report=$tmp/$n.json
    "$BUFFER_OPT" "$flags" --bufferization-report="$report" "$f" > "$tmp/out.mlir" 2> /dev/null || continue
    allocs=$(( $(count 'memref\.alloc\(' "$tmp/out.mlir") - $(count 'memref\.alloc\(' "$f") ))
    copies=$(( $(count 'memref\.copy ' "$tmp/out.mlir") - $(count 'memref\.copy ' "$f") ))
    printf '%s\t%s\t%s\t%s\n' "$report" "$f ($mode)" "$allocs" "$copies" >> "$tmp/list"
  done
done < <(programs)
[[ -s $tmp/list ]] || { echo "FAIL: no program bufferized"; exit 1; }
# Peaks of the final program against the interpreter's measured heap peak.
OSB="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
DEALLOC="builtin.module(one-shot-bufferize{allow-return-allocs-from-loops $OSB},buffer-deallocation-pipeline)"
PLANNED="builtin.module(eliminate-empty-tensors,one-shot-bufferize{allow-return-allocs-from-loops $OSB},buffer-deallocation-pipeline,plan-memory)"
: > "$tmp/peaks"
while read -r f; do
  straight=yes
  sed 's://.*$::' "$f" | grep -E '\b(scf|cf|affine)\.(for|forall|parallel|while|if|br|cond_br|switch|execute_region)\b' > /dev/null && straight=no
  for variant in dealloc planned; do
    if [[ $variant == dealloc ]]; then pipeline=$DEALLOC; else pipeline=$PLANNED; fi
    n=$((n + 1))
    report=$tmp/$n.json
    "$BUFFER_OPT" --pass-pipeline="$pipeline" --bufferization-report="$report" "$f" \
      -o "$tmp/$n.mlir" 2> /dev/null || continue
    stats=$("$BUFFER_OPT" "$tmp/$n.mlir" --run=main --run-leak-check --run-stats 2>&1 > /dev/null |
            grep -o 'peak_heap_bytes=[0-9]*') || { echo "note: $f does not run after the $variant pipeline"; continue; }
    dynamic=no
    grep -q -E 'memref\.alloc\(%|bufferization\.clone .*\?' "$tmp/$n.mlir" && dynamic=yes
    printf '%s\t%s\t%s\t%s\t%s\n' "$report" "$f ($variant)" "${stats#*=}" "$straight" "$dynamic" >> "$tmp/peaks"
  done
done < <(programs '*.run.mlir')
$PY - "$BUF_SOURCE_DIR/schema/bufferization-report.schema.json" "$tmp/list" "$tmp/peaks" <<'PYEOF'
import collections, json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failures = checks = 0
reasons = collections.Counter()
def fail(msg):
    global failures
    failures += 1
    print("FAIL:", msg, file=sys.stderr)
for line in open(sys.argv[2]):
    path, name, allocs, copies = line.rstrip("\n").split("\t")
    report = json.load(open(path))
    errors = list(validator.iter_errors(report))
    if errors:
        fail(f"{name}: report does not match the schema: {errors[0].message}")
        continue
    recs = report["records"]
    got_allocs = sum(r["kind"] == "alloc" for r in recs)
    got_copies = sum(r["kind"] == "copy" for r in recs)
    if (got_allocs, got_copies) != (int(allocs), int(copies)):
        fail(f"{name}: {got_allocs} alloc / {got_copies} copy records, "
             f"but bufferization added {allocs} memref.alloc / {copies} memref.copy")
        continue
    per_func = collections.defaultdict(lambda: [0, 0, 0, 0])
    for r in recs:
        reasons[r["reason"]] += 1
        t = per_func[r["function"]]
        if r["kind"] == "copy":
            t[1] += 1
        else:
            t[0] += 1
            if r["bytes"] is None:
                t[3] += 1
            else:
                t[2] += r["bytes"]
        if (r["reason"] in ("read-after-write conflict", "parallel privatization")) != ("conflict" in r):
            fail(f"{name}: conflict details do not match reason {r['reason']}: {r}")
    for s in report["functions"]:
        want = per_func.pop(s["name"], [0, 0, 0, 0])
        got = [s["allocations"], s["copies"], s["static_bytes"], s["dynamic_allocations"]]
        if got != want:
            fail(f"{name}: summary of @{s['name']} is {got}, its records give {want}")
    if any(k is not None for k in per_func):
        fail(f"{name}: records of functions without a summary: {sorted(k for k in per_func if k)}")
    checks += 1
print("reasons seen:", dict(sorted(reasons.items())))
exact = above = unknown = 0
for line in open(sys.argv[3]):
    path, name, measured, straight, dynamic = line.rstrip("\n").split("\t")
    report = json.load(open(path))
    errors = list(validator.iter_errors(report))
    if errors:
        fail(f"{name}: report does not match the schema: {errors[0].message}")
        continue
    mains = [s for s in report["functions"] if s["name"] == "main"]
    if len(mains) != 1:
        fail(f"{name}: {len(mains)} summaries of @main")
        continue
    peak, measured = mains[0]["peak_live_bytes"], int(measured)
    if peak is None:
        unknown += 1
        if straight == "yes" and dynamic == "no":
            fail(f"{name}: static peak unknown on a straight-line program with static sizes (measured {measured})")
    elif peak < measured:
        fail(f"{name}: static peak {peak} below the measured heap peak {measured}")
    elif straight == "yes" and peak != measured:
        fail(f"{name}: straight-line program: static peak {peak} != measured {measured}")
    elif peak == measured:
        exact += 1
    else:
        above += 1
    checks += 1
print(f"peaks of @main: {exact} equal to the measured heap peak, {above} above (control flow), {unknown} unknown")
print(f"{checks} reports checked, {failures} failed")
sys.exit(1 if failures or checks == 0 else 0)
PYEOF
