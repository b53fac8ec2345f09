# Known LLVM-path failures (tests/scripts/llvm/known-failures.txt); sourced.
# program_key FILE: "corpus/REL" or "programs/REL" for a corpus program.
# known_failure STAGE KEY: prints the listed reason and succeeds when KEY is
# listed for STAGE (or for any stage when STAGE is "any").
llvm_known_list=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/llvm/known-failures.txt
program_key() {
  local f=$1
  if [ -n "${BUF_CORPUS_DIR:-}" ] && [ "${f#"$BUF_CORPUS_DIR"/}" != "$f" ]; then
    echo "corpus/${f#"$BUF_CORPUS_DIR"/}"
  else
    echo "programs/${f##*/tests/programs/}"
  fi
}
known_failure() {
  awk -v stage="$1" -v key="$2" '
    !/^#/ && NF >= 3 && $2 == key && (stage == "any" || $1 == stage) {
      $1 = ""; $2 = ""; sub(/^ +/, ""); print; found = 1; exit }
    END { exit !found }' "$llvm_known_list"
}
