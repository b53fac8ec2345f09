#!/usr/bin/env bash
# Source rules of STYLE.md and issue 16 that a grep can hold:
#  1. Passes ask op facts (traits, effects, models), they do not test op
#     names: every op-name test in core/transforms, core/bufferize and
#     core/lower must be listed in tests/op_name_allowlist.txt with its
#     reason, and the list holds at most 15.
#  2. No source file in those directories is over 1,200 lines.
#  3. No include circle between the files of core/bufferize.
# The name-test pattern is the one issue 16 counts with, plus buf_op_isa
# (a comparison of interned definitions, but still a test of one op).
set -uo pipefail
top=${BUF_SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cd "$top" || exit 2
allow=tests/op_name_allowlist.txt
dirs=(core/transforms core/bufferize core/lower)
pattern='(strcmp|strncmp|_is|_isa|is_op|op_is|is_named|is)\s*\([^;]*"(memref|tensor|linalg|scf|arith|func|bufferization|cf|math|affine|gpu|vector|ml_program|llvm)\.[a-z_.]+"'
fail=0

# 1. Name tests: "path | fragment | reason" lines; a hit is allowed when an
# entry of its file has a fragment the hit's line contains.
entries=$(grep -vE '^\s*(#|$)' "$allow" | wc -l)
if (( entries > 15 )); then
  echo "FAIL: $allow has $entries entries (at most 15)"; fail=1
fi
while IFS= read -r hit; do
  file=${hit%%:*} rest=${hit#*:} line=${rest%%:*} code=${rest#*:}
  ok=0
  while IFS='|' read -r afile afrag _; do
    afile=$(echo "$afile" | xargs) afrag=$(echo "$afrag" | sed 's/^ *//; s/ *$//')
    [[ $afile == "$file" && -n $afrag && $code == *"$afrag"* ]] && { ok=1; break; }
  done < <(grep -vE '^\s*(#|$)' "$allow")
  if (( !ok )); then
    echo "FAIL: op-name test not in $allow: $file:$line:$(echo "$code" | sed 's/^ *//')"
    fail=1
  fi
done < <(grep -rnE "$pattern" "${dirs[@]}")
hits=$(grep -rhE "$pattern" "${dirs[@]}" | wc -l)
echo "op-name tests: $hits (allow-list entries: $entries)"

# 2. File length.
while read -r n f; do
  [[ $f == total ]] && continue
  if (( n > 1200 )); then echo "FAIL: $f has $n lines (at most 1,200)"; fail=1; fi
done < <(find "${dirs[@]}" -name '*.[ch]' -print0 | xargs -0 wc -l)

# 3. Include circles among core/bufferize's files (depth-first search over
# their "local.h" includes).
declare -A inc
for f in core/bufferize/*.[ch]; do
  inc[$(basename "$f")]=$(grep -oE '^#include "[^"/]+"' "$f" | sed 's/.*"\(.*\)"/\1/' | tr '\n' ' ')
done
declare -A state
visit() {
  local n=$1
  state[$n]=1
  for m in ${inc[$n]:-}; do
    [[ -z ${inc[$m]+x} ]] && continue
    if [[ ${state[$m]:-0} == 1 ]]; then echo "FAIL: include circle through $n -> $m"; fail=1
    elif [[ ${state[$m]:-0} == 0 ]]; then visit "$m"; fi
  done
  state[$n]=2
}
for n in "${!inc[@]}"; do [[ ${state[$n]:-0} == 0 ]] && visit "$n"; done

if (( fail )); then exit 1; fi
echo "source rules hold"
