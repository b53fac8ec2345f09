#!/usr/bin/env python3
"""Writes a program of about MEGABYTES made of the example programs (the
shared corpus and tests/programs) repeated, each copy's symbols and attribute
aliases renamed apart, for the parse benchmark: a realistic mix of small
functions (linalg.generic with affine maps, slices, loops, calls) rather than
one op pattern repeated.

usage: gen_corpus_mix.py OUT MEGABYTES BUFFER_OPT DIR...
Only programs that buffer-opt reads on their own are used (no split files,
no diagnostics tests, no resource sections).
"""
import os
import re
import subprocess
import sys

SYMBOL = re.compile(r"@([A-Za-z_][\w$.]*)")
# an alias is #name without a dialect prefix (#linalg.*, #arith.* stay)
ALIAS = re.compile(r"#([A-Za-z_][\w$]*)(?![\w$.<])")


def usable(path, buffer_opt):
    text = open(path).read()
    if "// -----" in text or "expected-" in text or "{-#" in text:
        return None
    p = subprocess.run([buffer_opt, path, "-o", os.devnull], capture_output=True)
    return text if p.returncode == 0 else None


def renamed(text, k):
    text = SYMBOL.sub(lambda m: "@%s_k%d" % (m.group(1), k), text)
    return ALIAS.sub(lambda m: "#%s_k%d" % (m.group(1), k), text)


def chunk_of(text, k):
    """Copy k of a program as a nested module, its alias definitions (which
    must precede every op) in front."""
    lines = renamed(text, k).splitlines()
    aliases = [l for l in lines if l.startswith("#") and ALIAS.match(l) and " = " in l]
    rest = [l for l in lines if not (l.startswith("#") and ALIAS.match(l) and " = " in l)]
    return "\n".join(aliases) + "\nmodule {\n" + "\n".join(rest) + "\n}\n"


def wraps(text, buffer_opt):
    """Does a copy of the program still read as a nested module (type
    aliases, a module of its own with a location... do not)?"""
    p = subprocess.run([buffer_opt, "-", "-o", os.devnull], input=chunk_of(text, 0).encode(),
                       capture_output=True)
    return p.returncode == 0


def main():
    out, megabytes, buffer_opt, dirs = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4:]
    programs = []
    for d in dirs:
        for root, _, files in os.walk(d):
            for name in sorted(files):
                if name.endswith(".mlir"):
                    text = usable(os.path.join(root, name), buffer_opt)
                    if text and wraps(text, buffer_opt):
                        programs.append(text)
    if not programs:
        sys.exit("no usable programs under " + " ".join(dirs))
    target = int(megabytes * 1e6)
    size, k = 0, 0
    with open(out, "w") as f:
        while size < target:
            for text in programs:
                chunk = chunk_of(text, k)
                f.write(chunk)
                size += len(chunk)
                k += 1
                if size >= target:
                    break
    print("%s: %d program copies (%d distinct), %.1f MB" % (out, k, len(programs), size / 1e6))


if __name__ == "__main__":
    main()
