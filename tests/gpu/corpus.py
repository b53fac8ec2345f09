#!/usr/bin/env python3
"""corpus.py: every replayable GPU function of the corpus, run on a real GPU.

The GPU machine has the CUDA driver but not buffer-opt's libraries, so the
work is split in two:

    tests/gpu/corpus.py prepare OUT [--seeds=N] [--buffer-opt=...] PROGRAM...
        (here, no GPU) for each PROGRAM `buffer-opt --emit=ptx` gives the
        PTX and the launch manifest; for each function the manifest marks
        replayable and that launches a kernel, N random argument lists
        (reproducible: seed and function name decide them, drawn as
        tests/scripts/lib/random_inputs.py draws them) are interpreted by
        `buffer-opt --run`. OUT/<program>/ gets k.ptx, k.json and one
        case-<func>-<seed>.json per accepted input (inputs and the
        interpreter's results). Inputs the tensor program rejects are skipped.

    tests/gpu/corpus.py replay OUT [--rtol=R]
        (on the GPU machine) replays every case with run_ptx.py's replay and
        compares with the interpreter's results. Prints one line per program
        and a summary; exits 1 when any case differs or fails.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "../scripts/lib"))

import run_ptx  # noqa: E402


def program_key(path):
    return os.path.basename(path)[:-len(".mlir")]


def prepare(o):
    import random_inputs  # here only: the GPU machine needs none of it
    cases = 0
    for program in o.programs:
        key = program_key(program)
        out = os.path.join(o.out, key)
        os.makedirs(out, exist_ok=True)
        ptx, man = os.path.join(out, "k.ptx"), os.path.join(out, "k.json")
        p = subprocess.run([o.buffer_opt, "--emit=ptx", f"--gpu-arch={o.arch}", program,
                            "-o", ptx, f"--gpu-manifest={man}"], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"{key}: --emit=ptx failed, skipped: {p.stderr.strip()[:200]}")
            os.rmdir(out) if not os.listdir(out) else None
            continue
        manifest = json.load(open(man))
        wanted = {f["name"] for f in manifest["functions"] if f["replayable"] and f["kernels"]}
        printed = subprocess.run([o.buffer_opt, program], capture_output=True, text=True,
                                 check=True).stdout
        made = 0
        for func, types in random_inputs.functions(printed):
            if func not in wanted:
                continue
            for seed in range(o.seeds):
                rng = random.Random(zlib.crc32(f"{func}:{seed}".encode()))
                dyn = rng.randint(1, 5)
                inputs = [random_inputs.value(rng, t, dyn) for t in types]
                if any(v is None for v in inputs):
                    break
                expected, why = random_inputs.run(o.buffer_opt, program, func, inputs, out)
                if expected is None:
                    continue  # the tensor program rejects this input
                with open(os.path.join(out, f"case-{func}-{seed}.json"), "w") as f:
                    json.dump({"func": func, "seed": seed, "inputs": inputs,
                               "expected": expected}, f)
                made += 1
        if made == 0:
            for name in os.listdir(out):
                os.unlink(os.path.join(out, name))
            os.rmdir(out)
            continue
        cases += made
        print(f"{key}: {made} cases")
    print(f"corpus.py prepare: {cases} cases in {o.out}")
    return 0


def differences(got, expected, rtol):
    """A list of lines describing where got and expected disagree."""
    if len(got) != len(expected):
        return [f"{len(got)} results, the interpreter has {len(expected)}"]
    lines = []
    for i, (g, e) in enumerate(zip(got, expected)):
        gv, ev = g.get("data", g.get("value")), e.get("data", e.get("value"))
        if not run_ptx.same(ev, gv, rtol) or g.get("shape") != e.get("shape"):
            lines.append(f"result {i}: GPU {json.dumps(gv)[:300]}\n"
                         f"          interpreter {json.dumps(ev)[:300]}")
    return lines


def replay(o):
    cuda = run_ptx.Cuda()
    total = bad = launches = 0
    for key in sorted(os.listdir(o.out)):
        d = os.path.join(o.out, key)
        if not os.path.isdir(d):
            continue
        manifest = json.load(open(os.path.join(d, "k.json")))
        ptx = open(os.path.join(d, "k.ptx"), "rb").read()
        ok = n = 0
        for name in sorted(os.listdir(d)):
            if not name.startswith("case-"):
                continue
            case = json.load(open(os.path.join(d, name)))
            n += 1
            try:
                got, k = run_ptx.replay(cuda, manifest, ptx, case["func"], case["inputs"])
                diff = differences(got, case["expected"], o.rtol)
                launches += k
            except (RuntimeError, SystemExit, KeyError, ValueError) as e:
                diff = [f"replay failed: {e}"]
            if diff:
                print(f"FAIL {key} @{case['func']} seed {case['seed']}:\n  " + "\n  ".join(diff))
            else:
                ok += 1
        total += n
        bad += n - ok
        print(f"{key}: {ok}/{n} cases equal to the interpreter")
    print(f"corpus.py replay: {total} cases, {total - bad} equal, {bad} different or failed, "
          f"{launches} kernel launches")
    return 1 if bad or total == 0 else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("out")
    p.add_argument("programs", nargs="+")
    p.add_argument("--seeds", type=int, default=5)
    p.add_argument("--arch", default="sm_90")
    p.add_argument("--buffer-opt", default=os.path.join(HERE, "../../build/bin/buffer-opt"))
    r = sub.add_parser("replay")
    r.add_argument("out")
    r.add_argument("--rtol", type=float, default=1e-5)
    o = ap.parse_args()
    return prepare(o) if o.mode == "prepare" else replay(o)


if __name__ == "__main__":
    sys.exit(main())
