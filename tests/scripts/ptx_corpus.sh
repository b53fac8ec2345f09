#!/usr/bin/env bash
# ptx_corpus.sh: `buffer-opt --emit=ptx` on every program of the corpus and
# tests/programs. For each program with a top-level parallel loop (the
# manifest lists a kernel):
#   1. the PTX declares no external function (libdevice's __nv_ math
#      functions are linked in) and ptxas -arch=sm_90 assembles it;
#   2. the manifest validates against schema/gpu-manifest.schema.json;
#   3. the PTX has exactly the manifest's kernels as .entry points, each
#      with the manifest's number of parameter fields, and every launch step
#      of a replayable host function names a kernel of that function.
# Programs --emit=ptx refuses must be listed (tests/scripts/gpu/known-failures.txt
# or as `emit` in tests/scripts/llvm/known-failures.txt); a listed one that
# starts working fails. Exits 77 without ptxas, python3-jsonschema or LLVM.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/llvm_known.sh"
llvm_list=$llvm_known_list
gpu_list=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu/known-failures.txt
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
PY=/usr/bin/python3
[[ -x $PTXAS ]] || { echo "ptx_corpus: no $PTXAS; skipped"; exit $SKIP; }
$PY -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing: skipped"; exit $SKIP; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo 'func.func @f() { return }' > "$tmp/probe.mlir"
if ! "$BUFFER_OPT" --emit=ptx "$tmp/probe.mlir" -o "$tmp/probe.ptx" 2> "$tmp/err"; then
  echo "ptx_corpus: this buffer-opt has no LLVM lowering; skipped"; cat "$tmp/err"; exit $SKIP
fi
libdevice=${BUFFERD_LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}
[[ -r $libdevice ]] || echo "ptx_corpus: no libdevice at $libdevice: kernels with math ops are not checked"
known() { # known KEY: the listed reason, from either list
  llvm_known_list=$gpu_list known_failure ptx "$1" || llvm_known_list=$llvm_list known_failure emit "$1" ||
    { [[ ! -r $libdevice ]] && grep -q "needs libdevice's" "$tmp/err" && echo "no libdevice"; }
}
n=0 kernels=0 without=0 knowns=0
while read -r f; do
  key=$(program_key "$f")
  n=$((n + 1))
  out=$tmp/$n.ptx
  if ! "$BUFFER_OPT" --emit=ptx --gpu-arch=sm_90 "$f" -o "$out" --gpu-manifest="$tmp/$n.json" 2> "$tmp/err"; then
    if why=$(known "$key"); then
      knowns=$((knowns + 1)); echo "KNOWN $key: $why"
    else
      fail "$key: --emit=ptx failed"; head -5 "$tmp/err" >&2
    fi
    continue
  fi
  if why=$(llvm_known_list=$gpu_list known_failure ptx "$key"); then
    fail "$key: --emit=ptx now works; remove it from tests/scripts/gpu/known-failures.txt"
  fi
  if ! grep -q '^\.visible \.entry' "$out"; then
    without=$((without + 1)); continue
  fi
  if grep -q '^\.extern \.func' "$out"; then
    fail "$key: the PTX calls an external function: $(grep -m1 '^\.extern \.func' "$out")"; continue
  fi
  if ! "$PTXAS" -arch=sm_90 "$out" -o "$tmp/k.cubin" 2> "$tmp/err"; then
    fail "$key: ptxas rejected the PTX"; head -5 "$tmp/err" >&2; continue
  fi
  pass
  printf '%s\t%s\t%s\n' "$key" "$out" "$tmp/$n.json" >> "$tmp/list"
done < <(programs)
[[ -s $tmp/list ]] || { echo "FAIL: no program gave a kernel"; exit 1; }
$PY - "$BUF_SOURCE_DIR/schema/gpu-manifest.schema.json" "$tmp/list" <<'PYEOF' || failures=$((failures + 1))
import json, re, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
bad = total = 0
def fail(msg):
    global bad
    bad += 1
    print("FAIL:", msg, file=sys.stderr)
entry = re.compile(r"^\.visible \.entry (\S+)\((.*?)^\)", re.M | re.S)
for line in open(sys.argv[2]):
    key, ptx_path, manifest_path = line.rstrip("\n").split("\t")
    m = json.load(open(manifest_path))
    errors = list(validator.iter_errors(m))
    if errors:
        fail(f"{key}: manifest does not match the schema: {errors[0].message}")
        continue
    ptx = open(ptx_path).read()
    entries = {name: body.count(".param") for name, body in entry.findall(ptx)}
    declared = {k["name"]: k["num_fields"] for k in m["kernels"]}
    if entries != declared:
        fail(f"{key}: PTX entries {entries} != manifest kernels {declared}")
        continue
    for k in m["kernels"]:
        total += 1
        if sum(len(p["fields"]) for p in k["params"]) != k["num_fields"]:
            fail(f"{key}: {k['name']}: num_fields disagrees with its params")
    for fn in m["functions"]:
        launched = [s["kernel"] for s in fn.get("steps", []) if s["op"] == "launch"]
        if fn["replayable"] and launched != fn["kernels"]:
            fail(f"{key}: {fn['name']} launches {launched}, lists {fn['kernels']}")
print(f"ptx_corpus: {total} kernels checked against their manifests")
sys.exit(1 if bad else 0)
PYEOF
echo "ptx_corpus: $n programs, $checks assembled by ptxas, $without without parallel loops, $knowns known failures"
finish
