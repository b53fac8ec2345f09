#!/usr/bin/python3
"""Artifact tests of the service: the real bufferd on a free loopback port,
real HTTP, driven through the real bufferc, checked against buffer-opt.

usage: test_artifacts.py BIN_DIR SOURCE_DIR [TEST_NAME...]

For every program of tests/programs (and $BUF_CORPUS_DIR when it exists):
each artifact bufferc writes is byte for byte what buffer-opt writes for the
same program with the default pipeline; the default pipeline leaves no
tensor in a function signature; llvm passes `opt -passes=verify`; the
report validates against its schema. Plus: obj links into a C program
through _mlir_ciface_, run equals buffer-opt --run and its limits answer
422/413 while the daemon keeps serving, cache keys change with what changes
the bytes and only that, stats shows known figures, bufferc's exit codes.
"""
import base64
import http.client
import json
import os
import re
import shutil
import subprocess
import sys

# The daemon harness, schemas and helpers of the service tests.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_service as ts  # noqa: E402  (reads BIN_DIR SOURCE_DIR from argv)

from test_service import Daemon, check, validate, PROGRAM  # noqa: E402

BIN, SRC = ts.BIN, ts.SRC
ONLY = sys.argv[3:]
BUFFER_OPT, BUFFERC = ts.BUFFER_OPT, ts.BUFFERC
LLVM_TOOLS = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
OPT = os.path.join(LLVM_TOOLS, "opt")
CLANG = os.path.join(LLVM_TOOLS, "clang")

# Artifacts as bufferc names them, their file extension, and the buffer-opt
# flags that make the same bytes (after --default-pipeline).
ARTIFACTS = [
    ("memref", ".memref.mlir", []),
    ("json", ".json", ["--emit=json"]),
    ("report", ".report.json", ["--emit=report"]),
    ("llvm", ".ll", ["--emit=llvm"]),
    ("obj", ".o", ["--emit=obj"]),
    ("ptx", ".ptx", ["--emit=ptx"]),
]


def programs():
    """Every program of tests/programs, then of the corpus when present."""
    files = sorted(os.path.join(SRC, "tests", "programs", f)
                   for f in os.listdir(os.path.join(SRC, "tests", "programs"))
                   if f.endswith(".mlir"))
    corpus = os.environ.get("BUF_CORPUS_DIR", "")
    if corpus and os.path.isdir(corpus):
        for root, _, names in sorted(os.walk(corpus)):
            files += sorted(os.path.join(root, n) for n in names if n.endswith(".mlir"))
    else:
        print("  note: no corpus at %r; tests/programs only" % corpus)
    return files


def bufferc(d, *args, stdin=None, cwd=None):
    p = subprocess.run([BUFFERC, *args, "--server", "http://127.0.0.1:%d" % d.port],
                       capture_output=True, input=stdin, cwd=cwd, timeout=900)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace")


def buffer_opt(*args, stdin=None):
    p = subprocess.run([BUFFER_OPT, "--default-pipeline", *args], capture_output=True,
                       input=stdin, timeout=900)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace")


def read(path):
    with open(path, "rb") as f:
        return f.read()


def start(tmp, *args, name="d"):
    # Generous deadlines: a loaded 2-core machine must not turn a slow
    # compile into a failure.
    return Daemon(tmp, "--compile-timeout-ms", "600000", "--run-timeout-ms", "0",
                  *args, name=name)


def signatures(memref_text):
    """The signatures of the func.func ops of a printed program."""
    return re.findall(r"^\s*func\.func [^{\n]*", memref_text, re.M)


# --- tests -------------------------------------------------------------------

def test_artifacts_equal_buffer_opt(tmp):
    """bufferc --emit ... writes what buffer-opt writes, byte for byte."""
    d = start(tmp)
    counts = {}
    failed_both = {}
    refused = 0
    verified = 0
    reports = 0
    try:
        for n, f in enumerate(programs()):
            out = os.path.join(tmp, "out", str(n))
            runnable = f.endswith(".run.mlir")
            names = [a[0] for a in ARTIFACTS] + (["run"] if runnable else [])
            args = ["compile", f, "--emit", ",".join(names), "-o", out]
            rc, _, err = bufferc(d, *args)
            check(rc in (0, 1), "%s: bufferc exits %d (not a program error): %s" % (f, rc, err))
            made = {}
            if rc == 0:
                made = {name: True for name in names}
            else:  # one of them fails: make them one at a time
                for name in names:
                    one = ["compile", f, "--emit", name, "-o", out]
                    r1, _, e1 = bufferc(d, *one)
                    check(r1 in (0, 1), "%s %s: bufferc exits %d: %s" % (f, name, r1, e1))
                    check(r1 == 0 or re.search(r":\d+:\d+: error: |error: ", e1),
                          "%s %s: a failure says why: %s" % (f, name, e1))
                    made[name] = r1 == 0
            stem = os.path.join(out, os.path.basename(f)[:-len(".mlir")])
            for name, ext, flags in ARTIFACTS + [("run", ".run.txt", ["--run=main"])]:
                if name not in names:
                    continue
                extra = []
                if name == "ptx":
                    extra = ["-o", os.path.join(tmp, "want.ptx"),
                             "--gpu-manifest=" + os.path.join(tmp, "want.manifest.json")]
                orc, want, oerr = buffer_opt(*flags, *extra, f)
                if name == "ptx" and orc == 0:
                    want = read(os.path.join(tmp, "want.ptx"))
                if not made[name]:
                    # The service refuses a PTX module without kernels;
                    # otherwise it fails where buffer-opt fails.
                    if name == "ptx" and orc == 0 and b".entry" not in want:
                        refused += 1
                        continue
                    check(orc != 0, "%s: bufferc failed to make %s, buffer-opt did not" % (f, name))
                    failed_both[name] = failed_both.get(name, 0) + 1
                    continue
                check(orc == 0, "%s: buffer-opt failed on %s where bufferc did not: %s" % (f, name, oerr))
                got = read(stem + ext)
                check(got == want, "%s: %s differs from buffer-opt's (%d vs %d bytes)"
                      % (f, name, len(got), len(want)))
                counts[name] = counts.get(name, 0) + 1
                if name == "ptx":
                    got_m = read(stem + ".manifest.json")
                    want_m = read(os.path.join(tmp, "want.manifest.json"))
                    check(got_m == want_m, "%s: gpu-manifest differs from buffer-opt's" % f)
                    counts["gpu-manifest"] = counts.get("gpu-manifest", 0) + 1
                if name == "memref":
                    for sig in signatures(got.decode()):
                        check("tensor<" not in sig,
                              "%s: the default pipeline left a tensor in %s" % (f, sig))
                if name == "llvm":
                    p = subprocess.run([OPT, "-passes=verify", "-disable-output", stem + ext],
                                       capture_output=True)
                    check(p.returncode == 0, "%s: opt -passes=verify: %s" % (f, p.stderr.decode()))
                    verified += 1
                if name == "report":
                    validate(json.loads(got), "bufferization-report.schema.json")
                    reports += 1
            shutil.rmtree(out, ignore_errors=True)
        print("  byte-equal artifacts: %s" % json.dumps(counts, sort_keys=True))
        print("  failing in both: %s; ptx refused (no kernel): %d; llvm verified: %d; "
              "reports validated: %d" % (json.dumps(failed_both, sort_keys=True), refused,
                                         verified, reports))
        check(counts.get("memref", 0) >= 40 and counts.get("obj", 0) >= 40
              and counts.get("run", 0) >= 20, "most programs make every artifact")
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "the daemon is still serving")
    finally:
        d.stop()


def test_default_pipeline(tmp):
    """No options: bufferized, deallocated memref IR; the pipeline is the one
    /v1/pipelines and bufferc --help state."""
    d = start(tmp)
    try:
        f = os.path.join(SRC, "tests", "programs", "matmul_relu.run.mlir")
        rc, out, err = bufferc(d, "compile", f)
        check(rc == 0, "bufferc compile: " + err)
        text = out.decode()
        check("memref.alloc" in text and "memref.dealloc" in text, "bufferized and deallocated")
        sigs = signatures(text)
        check(sigs and all("tensor<" not in s for s in sigs), "no tensor in signatures: %s" % sigs)
        _, _, doc = d.json("GET", "/v1/pipelines")
        validate(doc, "pipelines.schema.json")
        default = doc["default_pipeline"]
        check(default.startswith("one-shot-bufferize{") and "bufferize-function-boundaries" in default
              and "identity-layout-map" in default and default.endswith("buffer-deallocation-pipeline"),
              "default pipeline: " + default)
        p = subprocess.run([BUFFERC, "--help"], capture_output=True)
        check(p.returncode == 0 and default in p.stdout.decode(), "bufferc --help states it")
        # An explicit pipeline still wins.
        rc, out, _ = bufferc(d, "compile", f, "--pipeline", "symbol-dce")
        check(rc == 0 and "tensor<" in out.decode(), "--pipeline replaces the default")
        names = {a["name"] for a in doc["artifact_info"]}
        check({"memref", "json", "report", "run", "llvm", "obj", "ptx", "gpu-manifest"} <= names
              and "run-native" not in names, "artifact table: %s" % names)
    finally:
        d.stop()


def test_obj_links_into_c(tmp):
    """obj from the service links into a C program calling _mlir_ciface_."""
    if not os.path.exists(CLANG):
        print("  skipped: no clang at " + CLANG)
        return
    d = start(tmp)
    try:
        here = os.path.join(SRC, "tests", "scripts", "llvm")
        out = os.path.join(tmp, "o")
        rc, _, err = bufferc(d, "compile", os.path.join(here, "tensor_ciface.mlir"),
                             "--emit", "obj", "-o", out)
        check(rc == 0, "bufferc --emit obj: " + err)
        obj = os.path.join(out, "tensor_ciface.o")
        exe = os.path.join(tmp, "t.exe")
        p = subprocess.run([CLANG, "-fsanitize=address", os.path.join(here, "tensor_ciface_main.c"),
                            obj, "-o", exe], capture_output=True)
        check(p.returncode == 0, "link: " + p.stderr.decode())
        p = subprocess.run([exe], capture_output=True, timeout=120)
        check(p.returncode == 0, "the C program's checks pass: %s %s"
              % (p.stdout.decode(), p.stderr.decode()))
        # get KEY --emit obj -o DIR: the same bytes, from the raw route.
        _, _, doc = d.compile(open(os.path.join(here, "tensor_ciface.mlir")).read(),
                              artifacts=["obj"])
        key = doc["key"]
        check(base64.b64decode(doc["artifacts"]["obj"]) == read(obj), "JSON base64 = the file")
        status, hdrs, raw = d.request("GET", "/v1/artifacts/%s/obj" % key)
        check(status == 200 and raw == read(obj), "raw obj bytes")
        check(hdrs["content-type"] == "application/x-object"
              and int(hdrs["content-length"]) == len(raw), "raw obj headers: %s" % hdrs)
        got = os.path.join(tmp, "got")
        rc, _, err = bufferc(d, "get", key, "--emit", "obj", "-o", got)
        check(rc == 0 and read(os.path.join(got, key + ".o")) == read(obj), "bufferc get: " + err)
    finally:
        d.stop()


# Inputs are typed by the function as the pipeline leaves it: the default
# pipeline bufferizes @add's tensors into memrefs.
ADD_INPUTS = [{"type": "memref<4xf32>", "shape": [4], "data": [1, 2, 3, 4]},
              {"type": "memref<4xf32>", "shape": [4], "data": [10, 20, 30, 40]}]

LOOP = """func.func @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000000 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}
"""

BIG = """func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<100000000xf32>
  %cst = arith.constant 1.0 : f32
  memref.store %cst, %m[%c0] : memref<100000000xf32>
  %v = memref.load %m[%c0] : memref<100000000xf32>
  return %v : f32
}
"""

# A program reaching for the host through declarations: it prints first, so
# any output would show that something ran.
ESCAPE = """func.func private @printI64(i64)
func.func private @system(memref<?xi8>) -> i32
func.func private @fopen(memref<?xi8>, memref<?xi8>) -> i64
func.func private @execve(memref<?xi8>, memref<?xi8>, memref<?xi8>) -> i32

func.func @main() -> i32 {
  %c = arith.constant 424242 : i64
  func.call @printI64(%c) : (i64) -> ()
  %m = memref.alloca() : memref<8xi8>
  %v = memref.cast %m : memref<8xi8> to memref<?xi8>
  %f = func.call @fopen(%v, %v) : (memref<?xi8>, memref<?xi8>) -> i64
  %e = func.call @execve(%v, %v, %v) : (memref<?xi8>, memref<?xi8>, memref<?xi8>) -> i32
  %r = func.call @system(%v) : (memref<?xi8>) -> i32
  return %r : i32
}
"""

EXTERN = """func.func private @printMemrefF32(tensor<*xf32>)
func.func private @mystery(f32) -> f32

func.func @main() -> f32 {
  %c = arith.constant 1.0 : f32
  %r = func.call @mystery(%c) : (f32) -> f32
  return %r : f32
}
"""


def test_run(tmp):
    """run: the interpreter on the server equals buffer-opt --run; limits
    answer 422/413 and the daemon keeps serving."""
    d = start(tmp, "--run-max-steps", "100000", "--run-max-bytes", "1000000")
    try:
        prog = os.path.join(tmp, "add.mlir")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        inputs = os.path.join(tmp, "in.json")
        with open(inputs, "w") as f:
            json.dump(ADD_INPUTS, f)
        rc, out, err = bufferc(d, "compile", prog, "--run", "add", "--inputs", inputs)
        check(rc == 0, "bufferc --run: " + err)
        orc, want, oerr = buffer_opt("--run=add", "--inputs=" + inputs, prog)
        check(orc == 0 and out == want, "run equals buffer-opt --run: %r vs %r" % (out, want))
        results = json.loads(out)
        validate(results, "run-values.schema.json")
        check(results[0]["data"] == [11, 22, 33, 44], "results: %s" % results)
        status, _, doc = d.compile(PROGRAM, artifacts=["run"],
                                   options={"run": "add", "inputs": ADD_INPUTS})
        check(status == 200 and doc["run_stats"]["steps"] > 0
              and doc["run_stats"]["heap_allocs"] >= 1, "run statistics: %s" % doc.get("run_stats"))
        # A program that prints (@main without arguments).
        f = os.path.join(SRC, "tests", "programs", "matmul_relu.run.mlir")
        rc, out, err = bufferc(d, "compile", f, "--run", "main")
        orc, want, _ = buffer_opt("--run=main", f)
        check(rc == 0 and out == want, "printed output equals buffer-opt's")
        # Limits: steps -> 422 with the op located, bytes -> 413; never cached.
        for program, want_status, code, line in [(LOOP, 422, "run_step_limit", 6),
                                                 (BIG, 413, "run_memory_limit", 3)]:
            for _ in range(2):
                status, _, doc = d.compile(program, artifacts=["run"])
                check(status == want_status and doc["error"]["code"] == code,
                      "%s: %d %s" % (code, status, doc))
                diag = doc["error"]["diagnostics"][0]
                check(diag["line"] == line and "limit" in diag["message"], "located: %s" % diag)
            status, _, _ = d.request("GET", "/healthz")
            check(status == 200, "serving after " + code)
            status, _, doc = d.compile(PROGRAM)
            check(status == 200, "compiling after " + code)
        check(d.metric('bufferd_compiles_total{result="run_limit"}') == 4, "limits counted")
        # options.run-max-steps lowers the server's limit (never raises it).
        status, _, doc = d.compile(PROGRAM, artifacts=["run"],
                                   options={"run": "add", "inputs": ADD_INPUTS, "run-max-steps": 3})
        check(status == 422 and doc["error"]["code"] == "run_step_limit"
              and "step limit of 3 executed ops exceeded in @add"
              in doc["error"]["diagnostics"][0]["message"], "run-max-steps 3: %s" % doc)
        status, _, doc = d.compile(PROGRAM, artifacts=["run"],
                                   options={"run": "add", "inputs": ADD_INPUTS, "run-max-steps": 1000})
        check(status == 200, "run-max-steps 1000 is enough: %s" % doc)
        status, _, doc = d.compile(LOOP, artifacts=["run"], options={"run-max-steps": 10 ** 9})
        check(status == 422 and "step limit of 100000 " in doc["error"]["diagnostics"][0]["message"],
              "the server's limit stays: %s" % doc)
        status, _, doc = d.compile(PROGRAM, artifacts=["run"], options={"run-max-steps": 0})
        check(status == 400 and "run-max-steps" in doc["error"]["message"], "0 steps: %s" % doc)
        rc, out, err = bufferc(d, "compile", prog, "--run", "add", "--inputs", inputs,
                               "--run-max-steps", "3")
        check(rc == 1 and "step limit of 3" in err, "bufferc --run-max-steps: %d %s" % (rc, err))
        path = os.path.join(tmp, "loop.mlir")
        with open(path, "w") as fh:
            fh.write(LOOP)
        rc, out, err = bufferc(d, "compile", path, "--run", "main")
        check(rc == 1 and re.search(r"loop\.mlir:6:\d+: error: .*step limit", err),
              "bufferc: a run limit is a program error: %d %s" % (rc, err))
        # An external function other than the runner-utils ones.
        status, _, doc = d.compile(EXTERN, artifacts=["run"])
        check(status == 422, "external function: %d" % status)
        diag = doc["error"]["diagnostics"][0]
        check(diag["line"] == 2 and "@mystery" in diag["message"], "located at the declaration: %s" % diag)
        check(len(doc["error"]["diagnostics"]) == 1, "runner-utils declarations are fine")
        # system, fopen and execve through declarations: 422 located at each
        # declaration, and nothing ran (no output, no statistics).
        for fields in ({"artifacts": ["run"]}, {"artifacts": ["memref", "run"]},
                       {"artifacts": ["run"], "run": {"function": "main"}}):
            status, _, doc = d.compile(ESCAPE, **fields)
            check(status == 422, "host functions: %d %s" % (status, doc))
            diags = doc["error"]["diagnostics"]
            check(sorted((x["line"], re.search(r"@(\w+)", x["message"]).group(1)) for x in diags)
                  == [(2, "system"), (3, "fopen"), (4, "execve")],
                  "one located error per host function: %s" % diags)
            check("artifacts" not in doc and "run_stats" not in doc
                  and "424242" not in json.dumps(diags), "nothing ran: %s" % doc)
        # {"run": {"function", "inputs"}} is options.run + options.inputs.
        status, _, by_options = d.compile(PROGRAM, artifacts=["run"],
                                          options={"run": "add", "inputs": ADD_INPUTS})
        status2, _, by_object = d.compile(PROGRAM, artifacts=["run"],
                                          run={"function": "add", "inputs": ADD_INPUTS})
        check(status == status2 == 200 and by_object["key"] == by_options["key"]
              and by_object["artifacts"]["run"] == by_options["artifacts"]["run"],
              "run object form: %s" % by_object)
        status, _, doc = d.compile(PROGRAM, artifacts=["run"], run={"inputs": ADD_INPUTS})
        check(status == 400 and "run" in doc["error"]["message"], "run without function: %s" % doc)
        status, _, doc = d.compile(EXTERN, artifacts=["run-native"], options={"run": "main"})
        check(status == 400 and "run-native" in json.dumps(doc), "no JIT in the daemon: %s" % doc)
    finally:
        d.stop()
    # Wall time: LOOP's 10^8 iterations take seconds, far past 1 ms, and the
    # interpreter looks at the clock every 4096 ops: a 504, whatever the load.
    d = Daemon(tmp, "--compile-timeout-ms", "600000", "--run-timeout-ms", "1", name="wall")
    try:
        status, _, doc = d.compile(LOOP, artifacts=["run"])
        check(status == 504 and doc["error"]["code"] == "run_time_limit"
              and "wall time limit" in doc["error"]["diagnostics"][0]["message"],
              "run-timeout-ms: %d %s" % (status, doc))
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "serving after a run's time limit")
    finally:
        d.stop()


SCALAR = """func.func @f(%a: f32) -> f32 {
  %r = arith.addf %a, %a : f32
  return %r : f32
}
"""

PARALLEL = """func.func @scale(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.add ins(%a, %a : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
"""


def test_cache_keys(tmp):
    """The key covers what changes the bytes, and only that."""
    d = start(tmp)
    try:
        respelled = "// respelled\n" + PARALLEL.replace("%a", "%in").replace("%e", "%init")
        status, hdrs, first = d.compile(PARALLEL, artifacts=["ptx"])
        check(status == 200 and first["cache"] == "miss", "ptx compiles: %s" % first)
        status, hdrs, again = d.compile(respelled, artifacts=["ptx"])
        check(again["key"] == first["key"] and again["cache"] == "hit"
              and hdrs["x-cache"] == "HIT", "respelled program hits")
        status, _, arch = d.compile(PARALLEL, artifacts=["ptx"], options={"gpu-arch": "sm_80"})
        check(status == 200 and arch["key"] != first["key"] and arch["cache"] == "miss"
              and ".target sm_80" in arch["artifacts"]["ptx"], "other gpu-arch misses")
        _, _, m1 = d.compile(PARALLEL)
        _, _, m2 = d.compile(PARALLEL, options={"gpu-arch": "sm_80"})
        check(m1["key"] == m2["key"], "gpu-arch is not in a memref-only key")
        _, _, m3 = d.compile(PARALLEL, file="other.mlir")
        check(m3["key"] == m1["key"], "the file name is not in a memref-only key")
        _, _, j1 = d.compile(PARALLEL, artifacts=["json"], file="a.mlir")
        _, _, j2 = d.compile(PARALLEL, artifacts=["json"], file="b.mlir")
        check(j1["key"] != j2["key"] and "b.mlir" in j2["artifacts"]["json"],
              "the file name is in a json key (locations)")
        inputs = [{"type": "memref<64xf32>", "shape": [64], "data": [1.0] * 64}]
        _, _, r1 = d.compile(PARALLEL, artifacts=["run"], options={"run": "scale", "inputs": inputs})
        inputs[0]["data"][0] = 2.0
        _, _, r2 = d.compile(PARALLEL, artifacts=["run"], options={"run": "scale", "inputs": inputs})
        check(r1["key"] != r2["key"], "inputs are in a run key")
        # The LLVM optimization level: its own entries, whatever spelling.
        _, _, o2 = d.compile(PARALLEL, artifacts=["llvm"])
        status, _, o0 = d.compile(PARALLEL, artifacts=["llvm"], options={"llvm-opt-level": 0})
        check(status == 200 and o0["key"] != o2["key"] and o0["cache"] == "miss"
              and o0["artifacts"]["llvm"] != o2["artifacts"]["llvm"],
              "llvm-opt-level 0 has its own key and bytes: %s" % o0.get("key"))
        check(o0["timings"]["llvm-optimize"] >= 0 and "llvm-emit" in o0["timings"]
              and "llvm-build" not in m1["timings"], "lowering phases timed: %s" % o0["timings"])
        _, _, o2b = d.compile(PARALLEL, artifacts=["llvm"], options={"llvm-opt-level": 2})
        check(o2b["key"] == o2["key"], "llvm-opt-level 2 is the default")
        _, _, p0 = d.compile(PARALLEL, artifacts=["ptx"], options={"llvm-opt-level": 0})
        check(p0["key"] != first["key"], "llvm-opt-level is in a ptx key")
        _, _, m4 = d.compile(PARALLEL, options={"llvm-opt-level": 0})
        check(m4["key"] == m1["key"], "llvm-opt-level is not in a memref-only key")
        rc, want, err = buffer_opt("--emit=llvm", "-O0", "-", stdin=PARALLEL.encode())
        check(rc == 0 and want.decode() == o0["artifacts"]["llvm"], "O0 equals buffer-opt -O0: " + err)
        _, _, info = d.json("GET", "/v1/keys/" + o0["key"])
        opts = json.loads(info["components"]["target_options"])
        check(opts.get("llvm-opt-level") == 0, "target options: %s" % opts)
        status, _, doc = d.compile(PARALLEL, artifacts=["llvm"], options={"llvm-opt-level": 4})
        check(status == 400 and "llvm-opt-level" in doc["error"]["message"], "level 4: %s" % doc)
        _, _, info = d.json("GET", "/v1/keys/" + arch["key"])
        opts = json.loads(info["components"]["target_options"])
        check(opts["gpu-arch"] == "sm_80" and re.fullmatch(r"[0-9a-f]{64}|absent", opts["libdevice"]),
              "target options: %s" % opts)
        # A cached program error names the asking request's file.
        frees = ("func.func @f() {\n  %m = memref.alloc() : memref<4xf32>\n"
                 "  memref.dealloc %m : memref<4xf32>\n  return\n}\n")
        status, _, a = d.compile(frees, file="a.mlir")  # the pipeline refuses it
        status2, hdrs, b = d.compile(frees, file="b.mlir")
        check(status == status2 == 422 and hdrs["x-cache"] == "HIT"
              and a["error"]["diagnostics"][0]["file"] == "a.mlir"
              and b["error"]["diagnostics"][0]["file"] == "b.mlir",
              "cached diagnostics renamed: %s" % b)
        # A program the artifact cannot be made of: located 422, not 500.
        status, _, doc = d.compile(SCALAR, artifacts=["ptx"])
        check(status == 422 and doc["error"]["diagnostics"][0]["line"] == 1
              and "parallel" in doc["error"]["diagnostics"][0]["message"], "ptx without kernels: %s" % doc)
        # Weights: a dense_resource blob enters the key by the digest of its
        # bytes (one changed byte misses), not as hex text in the stored IR.
        blob = "0x04000000" + "0000803F" * 1024
        weights = ("func.func @w() -> tensor<1024xf32> {\n"
                   "  %w = arith.constant dense_resource<w> : tensor<1024xf32>\n"
                   "  return %w : tensor<1024xf32>\n}\n"
                   "{-#\n  dialect_resources: {\n    builtin: {\n      w: \"BLOB\"\n    }\n  }\n#-}\n")
        status, _, w1 = d.compile(weights.replace("BLOB", blob))
        _, _, w2 = d.compile(weights.replace("BLOB", blob).replace("%w", "%weights"))
        _, _, w3 = d.compile(weights.replace("BLOB", blob[:-1] + "E"))
        check(status == 200 and w2["key"] == w1["key"] and w2["cache"] == "hit", "respelled weights hit")
        check(w3["key"] != w1["key"], "one changed byte of a blob changes the key")
        _, _, info = d.json("GET", "/v1/keys/" + w1["key"])
        ir = info["components"]["canonical_ir"]
        check(len(ir) < 1000 and re.search(r"// resource w: alignment 4, 4096 bytes, sha256 [0-9a-f]{64}", ir),
              "the stored IR names the blob by its digest: %s" % ir[:300])
    finally:
        d.stop()


def test_bufferc_commands(tmp):
    d = start(tmp)
    try:
        prog = os.path.join(tmp, "add.mlir")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        p = subprocess.run([BUFFERC, "--version"], capture_output=True)
        check(p.returncode == 0 and p.stdout.startswith(b"bufferc "), "--version")
        rc, from_file, _ = bufferc(d, "compile", prog)
        rc2, from_stdin, err = bufferc(d, "compile", "-", stdin=PROGRAM.encode())
        check(rc == 0 and rc2 == 0 and from_stdin == from_file, "compile - reads stdin: " + err)
        # Next to the input by default.
        rc, _, err = bufferc(d, "compile", prog, "--emit", "memref,llvm")
        check(rc == 0 and os.path.exists(os.path.join(tmp, "add.memref.mlir"))
              and os.path.exists(os.path.join(tmp, "add.ll")), "written next to the input: " + err)
        # Exit codes: a failing artifact among several is 1; unknown is 2.
        scalar = os.path.join(tmp, "scalar.mlir")
        with open(scalar, "w") as f:
            f.write(SCALAR)
        rc, _, err = bufferc(d, "compile", scalar, "--emit", "memref,ptx", "-o", os.path.join(tmp, "x"))
        check(rc == 1 and re.search(r"scalar\.mlir:1:1: error: cannot make ptx", err),
              "one failing artifact exits 1 with a located diagnostic: %d %s" % (rc, err))
        rc, _, err = bufferc(d, "compile", prog, "--emit", "nope", "-o", os.path.join(tmp, "x"))
        check(rc == 2 and "unknown artifact 'nope'" in err, "unknown artifact exits 2: %d %s" % (rc, err))
        rc, _, err = bufferc(d, "compile", prog, "--frobnicate")
        check(rc == 2, "unknown option exits 2")
        # stats: known figures after known requests (a fresh daemon).
        s = start(tmp, name="stats")
        try:
            other = PROGRAM.replace("@add", "@add2")
            check(s.compile(PROGRAM)[0] == 200, "A")
            check(s.compile(other)[0] == 200, "B")
            check(s.compile(ts.PROGRAM_RESPELLED)[2]["cache"] == "hit", "A respelled: SQLite hit")
            check(s.compile(PROGRAM)[2]["cache"] == "hit", "A again: memory hit")
            check(s.compile(ts.BAD_PROGRAM)[0] == 422, "a program error")
            rc, out, err = bufferc(s, "stats")
            lines = out.decode().splitlines()
            check(rc == 0 and 5 < len(lines) < 40, "stats: one line per figure: %r" % lines)
            figures = {l[:28].strip(): l[28:].strip() for l in lines}
            for label, want in [("compiles", "2"), ("program errors", "1"), ("cache hits", "1"),
                                ("memory cache hits", "1"), ("cache entries", "2")]:
                check(figures.get(label) == want, "stats %s = %s: %r" % (label, want, figures.get(label)))
            rc, out, _ = bufferc(s, "stats", "--json")
            doc = json.loads(out)
            check(doc["compiles"] == 2 and doc["program_errors"] == 1 and doc["cache_hits"] == 1
                  and doc["cache_entries"] == 2, "stats --json: %s" % doc)
        finally:
            s.stop()
    finally:
        d.stop()
    rc = subprocess.run([BUFFERC, "stats", "--server", "http://127.0.0.1:%d" % ts.free_port()],
                        capture_output=True).returncode
    check(rc == 3, "unreachable exits 3")


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_")]


def main():
    return ts.run_tests(TESTS, ONLY, "bufferd-artifacts-")

if __name__ == "__main__":
    sys.exit(main())
