#!/usr/bin/env python3
"""One-Shot Bufferize must keep every function's meaning on any input.

For every function with a body and arguments in the given programs, draws
SEEDS random argument lists (reproducible: the seed and the function name
decide them), interprets the function before bufferization and after it
(with function boundaries and identity layouts, and with default options),
and compares the results. A seed whose input the tensor program itself
rejects (an out-of-bounds index, mismatched dynamic sizes) is skipped; a
bufferized program that fails or answers differently where the tensor
program succeeded is a failure. Functions are skipped when they take a type
the generator does not make (unranked, vector, function values).

usage: random_inputs.py BUFFER_OPT SEEDS PROGRAM...
Prints one line per failure and a summary; exits 1 on any failure.
"""
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib

BOUNDARY = ("--one-shot-bufferize=allow-return-allocs-from-loops bufferize-function-boundaries "
            "function-boundary-type-conversion=identity-layout-map")
DEFAULT = "--one-shot-bufferize=allow-return-allocs-from-loops"
# A random input can make a loop run very long (a while whose condition
# depends on the data): such a seed is skipped, not waited for.
TIMEOUT = 10


def split_top(s):
    """Splits s at commas outside <>, (), [] and {}."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(s):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(s[start:i].strip())
            start = i + 1
    if s[start:].strip():
        parts.append(s[start:].strip())
    return parts


def functions(text):
    """(name, [argument type]) of every func.func with a body, from our
    canonical print (one signature per line)."""
    out = []
    for line in text.splitlines():
        m = re.match(r"\s*func\.func (?:(?:public|private|nested) )?@([\w$.]+)\((.*)", line)
        if not m or not line.rstrip().endswith("{"):
            continue
        rest, depth = m.group(2), 1
        for i, c in enumerate(rest):
            depth += c in "<([{" and 1 or 0
            depth -= c in ">)]}" and 1 or 0
            if depth == 0:
                args = rest[:i]
                break
        else:
            continue
        types = []
        for a in split_top(args):
            t = a.split(":", 1)[1].strip() if ":" in a else a
            types.append(re.sub(r"\s*\{.*\}$", "", t))
        out.append((m.group(1), types))
    return out


SHAPED = re.compile(r"^(tensor|memref)<((?:\?x|\d+x)*)(i\d+|index|f16|bf16|f32|f64)(,.*)?>$")
SCALAR = re.compile(r"^(i\d+|index|f16|bf16|f32|f64)$")


def element(rng, elem):
    if elem == "i1":
        return rng.choice([True, False])
    if elem.startswith("i"):
        return rng.randint(-8, 8)
    if elem == "index":
        return rng.randint(0, 4)
    return rng.randint(-16, 16) / 4.0


def value(rng, ty, dyn):
    """A random value of type ty (dynamic dims are dyn), or None when the
    generator does not make that type."""
    m = SCALAR.match(ty)
    if m:
        return {"type": ty, "value": element(rng, ty)}
    m = SHAPED.match(ty)
    if not m or (m.group(4) and m.group(1) == "tensor"):
        return None  # encodings are not generated
    if m.group(1) == "memref" and m.group(4):
        return None  # strided layouts
    dims = [d for d in m.group(2).split("x") if d]
    shape = [dyn if d == "?" else int(d) for d in dims]
    n = 1
    for d in shape:
        n *= d
    if n > 4096:
        return None
    static = m.group(1) + "<" + "".join("%dx" % d for d in shape) + m.group(3) + ">"
    return {"type": static, "shape": shape,
            "data": [element(rng, m.group(3)) for _ in range(n)]}


def run(opt, program, func, inputs, tmp):
    fd, path = tempfile.mkstemp(dir=tmp, suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(inputs, f)
    try:
        p = subprocess.run([opt, "--run=" + func, "--inputs=" + path, program],
                           capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    finally:
        os.unlink(path)
    if p.returncode != 0:
        return None, p.stderr.strip()[:400]
    try:
        return json.loads(p.stdout), None
    except json.JSONDecodeError:
        return None, "not JSON: " + p.stdout[:200]


def comparable(results):
    """Results without their type strings (tensor results become memrefs)."""
    out = []
    for r in results:
        r = dict(r)
        r.pop("type", None)
        out.append(json.dumps(r, sort_keys=True))
    return out


def check(opt, name, program, modes, func, types, seed, tmp):
    """Returns (checked, failure message or None)."""
    rng = random.Random(zlib.crc32(("%s@%s#%d" % (name, func, seed)).encode()))
    dyn = rng.randint(1, 6)
    inputs = [value(rng, t, dyn) for t in types]
    if any(v is None for v in inputs):
        return False, None
    want, err = run(opt, program, func, inputs, tmp)
    if want is None:
        return False, None  # the tensor program rejects this input (or times out)
    for mode, path in modes:
        ins = inputs
        if mode == "boundary":  # tensor arguments became memrefs
            ins = [dict(v, type=v["type"].replace("tensor<", "memref<", 1))
                   for v in inputs]
        got, err = run(opt, path, func, ins, tmp)
        if got is None:
            return True, "%s @%s seed %d (%s): bufferized run failed: %s" % (
                name, func, seed, mode, err)
        if comparable(got) != comparable(want):
            return True, "%s @%s seed %d (%s): results differ\n  inputs:  %s\n  tensor:  %s\n  buffers: %s" % (
                name, func, seed, mode, json.dumps(inputs)[:300],
                json.dumps(want)[:300], json.dumps(got)[:300])
    return True, None


def main():
    opt, seeds, programs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    tmp = tempfile.mkdtemp()
    tasks, failures, skipped = [], [], []
    for program in programs:
        name = os.path.basename(program)
        printed = subprocess.run([opt, program], capture_output=True, text=True)
        if printed.returncode != 0:
            skipped.append(name + " (does not parse)")
            continue
        modes = []
        for mode, flag in (("boundary", BOUNDARY), ("default", DEFAULT)):
            out = os.path.join(tmp, "%s.%s.mlir" % (name, mode))
            p = subprocess.run([opt, flag, program, "-o", out], capture_output=True)
            if p.returncode == 0:
                modes.append((mode, out))
        if len(modes) < 2:
            skipped.append(name + " (does not bufferize: script/bufferize_corpus)")
        for func, types in functions(printed.stdout):
            if types:
                tasks += [(name, program, modes, func, types, s) for s in range(seeds)]
    checked, per_func = 0, {}
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        futures = [pool.submit(check, opt, *t, tmp) for t in tasks]
        for t, f in zip(tasks, futures):
            ok, failure = f.result()
            key = "%s @%s" % (t[0], t[3])
            per_func.setdefault(key, 0)
            if ok:
                checked += 1
                per_func[key] += 1
            if failure:
                failures.append(failure)
                print("FAIL: " + failure, flush=True)
    for s in skipped:
        print("skipped: " + s)
    unexercised = sorted(k for k, n in per_func.items() if n == 0)
    print("%d functions, %d runs compared (%d seeds each); %d functions no "
          "input of which the tensor program accepts or whose types are not "
          "generated: %s" % (len(per_func), checked, seeds, len(unexercised),
                             ", ".join(unexercised) or "-"))
    print("%d failures" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
