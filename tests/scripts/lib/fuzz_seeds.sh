# Seed corpora and dictionaries of the fuzz targets; sourced by
# tests/scripts/fuzz_parser.sh (the CTest smoke run) and
# bench/fuzz_campaign.sh, not run.
#
#   fuzz_seeds TARGET DIR BUFFER_OPT [MAX_BYTES]
#
# fills DIR with seeds for TARGET (parser, json or pipeline) from what the
# checkout holds, so a clean clone has seeds too:
#   parser    every `// -----` chunk of tests/programs/*.mlir and
#             tests/lit/**/*.mlir, plus the programs of the shared corpus
#             (BUF_CORPUS_DIR, default ../shared/corpus beside the checkout,
#             else /work/shared/corpus) when present;
#   json      the parser seeds that verify, written as JSON by BUFFER_OPT
#             (--emit=json), plus the program JSON files under tests/;
#   pipeline  every --pass-pipeline= of the lit RUN lines, each --PASS{=opts}
#             flag of them as a one-pass pipeline, and every registered pass
#             (from BUFFER_OPT --help) alone and with each of its options.
# Every file under tests/fuzz/regressions/TARGET/ is a seed too. Seeds
# larger than MAX_BYTES (default 16384) are left out. Prints the count.
#
#   fuzz_dict TARGET FILE BUFFER_OPT
#
# writes a libFuzzer dictionary for TARGET to FILE (pass and option names
# for the pipeline target, op and keyword names for the others).

fuzz__source_dir() { cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd; }

fuzz__corpus_dir() {
  local top=$1
  if [[ -n ${BUF_CORPUS_DIR:-} && -d $BUF_CORPUS_DIR ]]; then echo "$BUF_CORPUS_DIR"
  elif [[ -d $top/../shared/corpus ]]; then echo "$top/../shared/corpus"
  elif [[ -d /work/shared/corpus ]]; then echo /work/shared/corpus
  fi
}

# Splits each .mlir file named on stdin at `// -----` lines into DIR.
fuzz__split_mlir() {
  local dir=$1
  # The script goes in -c: a here-document would take the place of the
  # file list on stdin.
  python3 -c '
import hashlib, os, re, sys
out = sys.argv[1]
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        continue
    for chunk in re.split(r"^// -----.*\n?", text, flags=re.M):
        if chunk.strip():
            data = chunk.encode()
            name = hashlib.sha1(data).hexdigest()[:16] + ".mlir"
            with open(os.path.join(out, name), "wb") as f:
                f.write(data)
' "$dir"
}

fuzz_seeds() {
  local target=$1 dir=$2 opt=$3 max=${4:-16384}
  local top; top=$(fuzz__source_dir)
  local corpus; corpus=$(fuzz__corpus_dir "$top")
  mkdir -p "$dir"
  case $target in
    parser)
      { find "$top/tests/programs" "$top/tests/lit" -name '*.mlir'
        if [[ -n $corpus ]]; then find "$corpus" -name '*.mlir'; fi; } | LC_ALL=C sort |
        fuzz__split_mlir "$dir"
      ;;
    json)
      local mlir; mlir=$(mktemp -d)
      fuzz_seeds parser "$mlir" "$opt" "$max" > /dev/null
      for f in "$mlir"/*.mlir; do
        "$opt" --emit=json "$f" -o "$dir/$(basename "$f" .mlir).json" 2> /dev/null ||
          rm -f "$dir/$(basename "$f" .mlir).json"
      done
      rm -rf "$mlir"
      grep -rl --include='*.json' '"bufferd.program"' "$top/tests" 2> /dev/null |
        while read -r f; do cp "$f" "$dir/tests-$(basename "$f")"; done
      ;;
    pipeline)
      local i=0 line
      while read -r line; do
        [[ -n $line ]] && printf '%s' "$line" > "$dir/lit$((i++)).txt"
      done < <(grep -rhoE -- "--pass-pipeline=(\"[^\"]*\"|'[^']*')" "$top/tests/lit" |
                 sed -E "s/^--pass-pipeline=.(.*).$/\1/" | LC_ALL=C sort -u)
      while read -r line; do
        [[ -n $line ]] && printf '%s' "$line" > "$dir/flag$((i++)).txt"
      done < <(grep -rhoE -- "--[a-z][a-z0-9-]*(=\"[^\"]*\")?" "$top/tests/lit" |
                 grep -vE -- '^--(pass-pipeline|split-input-file|verify-diagnostics|emit|run|inputs|input-format|mlir-|allow-|check-prefix|implicit-check|match-full|strict|dump-input|bufferization-report|timing|run-|gpu-|libdevice|verify-each)' |
                 sed -E 's/^--([a-z0-9-]*)="(.*)"$/\1{\2}/; s/^--//' | LC_ALL=C sort -u)
      fuzz__passes "$opt" | while read -r pass opts; do
        printf '%s' "$pass" > "$dir/pass-$pass.txt"
        for o in $opts; do
          printf 'builtin.module(func.func(%s{%s}))' "$pass" "$o" > "$dir/pass-$pass-$o.txt"
        done
      done
      ;;
    *) echo "fuzz_seeds: unknown target $target" >&2; return 1 ;;
  esac
  if [[ -d $top/tests/fuzz/regressions/$target ]]; then
    find "$top/tests/fuzz/regressions/$target" -type f -exec cp {} "$dir/" \;
  fi
  find "$dir" -type f -size +"$max"c -delete
  find "$dir" -type f | wc -l
}

# "pass opt1 opt2 ..." per registered pass, from buffer-opt --help.
fuzz__passes() {
  local help; help=$("$1" --help 2>&1)
  printf '%s\n' "$help" | awk '
    /^passes/ { on = 1; next }
    !on { next }
    /^  --[a-z]/ { if (name) print name, opts; name = substr($1, 3); opts = ""; next }
    /^      [a-z]/ { opts = opts " " $1 }
    END { if (name) print name, opts }'
}

fuzz_dict() {
  local target=$1 file=$2 opt=$3
  local top; top=$(fuzz__source_dir)
  {
    case $target in
      pipeline)
        printf '"%s"\n' 'builtin.module(' 'func.func(' 'any(' '{' '}' '(' ')' ',' '=' \
          'true' 'false' "'" '"' ' '
        fuzz__passes "$opt" | tr ' ' '\n' | grep -v '^$' | LC_ALL=C sort -u |
          sed 's/.*/"&"/'
        ;;
      parser | json)
        # Op names and the keywords of the custom forms, from the lit tests.
        grep -rhoE '\b[a-z_]+\.[a-z_]+\b|#[a-z_]+\.[a-z_]+<|\b(ins|outs|iter_args|step|to|attrs|iterator_types|indexing_maps|parallel|reduction|fastmath|overflow|predicate|roundingmode|nsw|nuw|nnan|ninf|contract|affine_map|dense|array|strided|tensor|memref|vector|index|loc)\b' \
          "$top/tests/lit" --include='*.mlir' 2> /dev/null | LC_ALL=C sort -u | head -600 |
          sed 's/\\/\\\\/g; s/"/\\"/g; s/.*/"&"/'
        if [[ $target == json ]]; then
          printf '"\\"%s\\""\n' format bufferd.program version module name loc \
            operands results attributes regions successors blocks id type label args \
            ops file line col
        fi
        ;;
    esac
  } > "$file"
}
