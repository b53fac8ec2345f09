#!/usr/bin/python3
"""The program as the request body: POST /v1/compile and /v1/explain with
Content-Type application/mlir (the fields in the query string), and
"inline": false (artifacts answered as links to their raw bytes). The real
bufferd on a free loopback port and the real bufferc.

usage: test_program_body.py BIN_DIR SOURCE_DIR [TEST_NAME...]

A model with its weights is hundreds of megabytes of MLIR: these forms
spare the JSON escaping of it on both ends and base64 of the object code.
They must mean exactly what the JSON request means: same key, same bytes,
same errors, and a request hash that tells two queries apart.
"""
import base64
import hashlib
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_service as ts  # noqa: E402  (reads BIN_DIR SOURCE_DIR from argv)

from test_service import Daemon, check, validate, PROGRAM  # noqa: E402

BUFFER_OPT, BUFFERC = ts.BUFFER_OPT, ts.BUFFERC

MLIR = {"Content-Type": "application/mlir"}

RUNNABLE = """func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.add ins(%a, %a : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
"""

BROKEN = """func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %a, %nope : tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def post_raw(d, program, query, route="/v1/compile", headers=MLIR):
    path = route + ("?" + urllib.parse.urlencode(query) if query else "")
    status, hdrs, data = d.request("POST", path, program.encode(), headers, timeout=300)
    doc = json.loads(data) if data else None
    if route == "/v1/compile":
        validate(doc, "compile-response.schema.json" if status == 200 else "error.schema.json")
    return status, hdrs, doc


def weights_program(elements, seed):
    """A function returning a constant of `elements` f32 weights held in a
    dense_resource blob (the form torch-mlir's importer writes)."""
    data = bytearray(4 + 4 * elements)
    data[0:4] = (4).to_bytes(4, "little")
    x = seed
    for i in range(elements):
        x = (x * 1103515245 + 12345) & 0x7fffffff
        data[4 + 4 * i: 8 + 4 * i] = (x % 1000).to_bytes(4, "little")
    return """func.func @weights() -> tensor<%dxi32> {
  %%w = arith.constant dense_resource<w0> : tensor<%dxi32>
  return %%w : tensor<%dxi32>
}
{-#
  dialect_resources: {
    builtin: {
      w0: "0x%s"
    }
  }
#-}
""" % (elements, elements, elements, data.hex().upper())


# --- tests -------------------------------------------------------------------

def test_body_means_what_json_means(tmp):
    """The same program and fields as a JSON request and as the body give
    one key and the same bytes; links name those bytes and GET serves them."""
    d = Daemon(tmp)
    try:
        status, _, doc = d.compile(PROGRAM, artifacts=["memref", "obj"], file="add.mlir")
        check(status == 200, "JSON request: %s %s" % (status, doc))
        key, memref = doc["key"], doc["artifacts"]["memref"]
        obj = base64.b64decode(doc["artifacts"]["obj"])
        status, hdrs, raw = post_raw(d, PROGRAM, {"artifacts": "memref,obj", "file": "add.mlir",
                                                  "inline": "false"})
        check(status == 200, "raw request: %s %s" % (status, raw))
        check(raw["key"] == key, "same key: %s vs %s" % (raw["key"], key))
        check(raw["cache"] == "hit" and hdrs.get("x-cache") == "HIT",
              "the second form hits the first one's entry: %s" % raw["cache"])
        for name, data in (("memref", memref.encode()), ("obj", obj)):
            link = raw["artifacts"][name]
            check(link["bytes"] == len(data), "%s: %d bytes, link says %d"
                  % (name, len(data), link["bytes"]))
            check(link["sha256"] == hashlib.sha256(data).hexdigest(), name + ": digest")
            check(link["href"] == "/v1/artifacts/%s/%s" % (key, name), name + ": href")
            status, _, got = d.request("GET", link["href"])
            check(status == 200 and got == data, "%s: GET href serves the bytes" % name)
        # inline (the default) in the body form: the contents, as JSON gives them
        status, _, inline = post_raw(d, PROGRAM, {"artifacts": "memref,obj", "file": "add.mlir"})
        check(status == 200 and inline["artifacts"] == doc["artifacts"],
              "inline contents equal the JSON request's")
        # and "inline": false in a JSON request
        status, _, links = d.compile(PROGRAM, artifacts=["memref", "obj"], file="add.mlir",
                                     inline=False)
        check(status == 200 and links["artifacts"] == raw["artifacts"],
              "JSON request with inline false: the same links")
        # text/plain with a charset, and text/x-mlir, are the body form too
        for ctype in ("text/plain; charset=utf-8", "text/x-mlir"):
            status, _, again = post_raw(d, PROGRAM, {"artifacts": "memref"},
                                        headers={"Content-Type": ctype})
            check(status == 200 and again["artifacts"]["memref"] == memref,
                  "%s: %s %s" % (ctype, status, again))
        # the default artifact is memref, as in the JSON request
        status, _, default = post_raw(d, PROGRAM, {})
        check(status == 200 and list(default["artifacts"]) == ["memref"], "default: memref")
    finally:
        d.stop()


def test_query_is_part_of_request_hash(tmp):
    """Two body-form requests with one body and different queries are two
    requests (the memory cache keys them apart); identical ones hit it."""
    d = Daemon(tmp)
    try:
        status, _, a = post_raw(d, PROGRAM, {"artifacts": "memref"})
        check(status == 200, "memref: %s" % a)
        status, _, b = post_raw(d, PROGRAM, {"artifacts": "llvm"})
        check(status == 200 and list(b["artifacts"]) == ["llvm"] and b["key"] != a["key"],
              "another query answers for itself: %s" % list(b["artifacts"]))
        status, _, c = post_raw(d, PROGRAM, {"artifacts": "memref", "pipeline": "symbol-dce"})
        check(status == 200 and "tensor<4xf32>" in c["artifacts"]["memref"],
              "the pipeline of the query is the one that runs")
        hits = d.metric("bufferd_memory_cache_hits_total")
        status, hdrs, again = post_raw(d, PROGRAM, {"artifacts": "memref"})
        check(status == 200 and hdrs.get("x-cache") == "HIT" and again["cache"] == "hit" and
              dict(again, cache="miss") == a, "the same request again: the same answer")
        check(d.metric("bufferd_memory_cache_hits_total") == hits + 1,
              "answered from memory")
    finally:
        d.stop()


def test_body_form_fields(tmp):
    """file names the diagnostics, run and inputs run, llvm-opt-level keys,
    explain takes the same form."""
    d = Daemon(tmp)
    try:
        status, _, err = post_raw(d, BROKEN, {"file": "models/broken.mlir"})
        check(status == 422, "a program error: %s %s" % (status, err))
        diag = err["error"]["diagnostics"][0]
        check(diag["file"] == "models/broken.mlir" and diag["line"] == 2,
              "located in the query's file: %s" % diag)
        inputs = [{"type": "tensor<3xf32>", "shape": [3], "data": [1.0, 2.5, -4.0]}]
        status, _, run = post_raw(d, RUNNABLE, {"artifacts": "run", "run": "main",
                                                "inputs": json.dumps(inputs)})
        check(status == 200, "run: %s %s" % (status, run))
        status, _, run_json = d.compile(RUNNABLE, artifacts=["run"], run={"function": "main",
                                                                          "inputs": inputs})
        check(status == 200 and run["artifacts"]["run"] == run_json["artifacts"]["run"]
              and run["key"] == run_json["key"], "the run equals the JSON request's")
        check("5" in run["artifacts"]["run"] and "-8" in run["artifacts"]["run"],
              "the run doubled the inputs: %r" % run["artifacts"]["run"])
        status, _, o1 = post_raw(d, PROGRAM, {"artifacts": "llvm", "llvm-opt-level": "1"})
        status2, _, o3 = post_raw(d, PROGRAM, {"artifacts": "llvm", "llvm-opt-level": "3"})
        check(status == status2 == 200 and o1["key"] != o3["key"],
              "llvm-opt-level is part of the llvm key")
        status, _, ex = post_raw(d, PROGRAM, {"artifacts": "llvm", "llvm-opt-level": "1"},
                                 route="/v1/explain")
        validate(ex, "explain-response.schema.json")
        check(status == 200 and ex["key"] == o1["key"] and ex["cached"],
              "explain of the body form: the compile's key, cached")
    finally:
        d.stop()


def test_body_form_errors(tmp):
    """Each bad query gets a 400 naming what is wrong, as the JSON request's
    fields do; the daemon keeps serving."""
    d = Daemon(tmp)
    try:
        cases = [
            ("artifacts=memref&color=blue", "unknown query parameter 'color'"),
            ("artifacts=memref&artifacts=llvm", "'artifacts' is given twice"),
            ("file=%zz", "malformed %-escape"),
            ("file=a%00b", "malformed %-escape"),
            ("llvm-opt-level=7", "options.llvm-opt-level"),
            ("llvm-opt-level=high", "options.llvm-opt-level"),
            ("run-max-steps=0&run=main", "options.run-max-steps"),
            ("inline=maybe", "field 'inline' must be true or false"),
            ("run=main&inputs=%5B1%2C", "'inputs' is not valid JSON"),
            ("inputs=%5B%5D", "given with options.run"),
            ("gpu-arch=gfx90a", "options.gpu-arch"),
            ("file=", "field 'file' must be a file name"),
        ]
        for query, want in cases:
            status, _, data = d.request("POST", "/v1/compile?" + query, PROGRAM.encode(), MLIR)
            doc = json.loads(data)
            validate(doc, "error.schema.json")
            check(status == 400 and want in doc["error"]["message"],
                  "%s: %d %s (want %r)" % (query, status, doc["error"]["message"], want))
        status, _, doc = d.compile(PROGRAM, inline="no")
        check(status == 400 and "'inline'" in doc["error"]["message"], "JSON inline: %s" % doc)
        status, _, doc = post_raw(d, "not mlir at all", {"file": "x.mlir"})
        check(status == 422 and doc["error"]["diagnostics"][0]["file"] == "x.mlir",
              "a body that is not MLIR is a located program error")
        status, _, doc = post_raw(d, PROGRAM, {"artifacts": "memref"})
        check(status == 200, "still serving")
    finally:
        d.stop()


def test_bufferc_sends_text_and_fetches_bytes(tmp):
    """bufferc sends MLIR as the body and fetches artifacts raw: a program
    with a 4 MB weight blob gives buffer-opt's bytes; stdin and explain too."""
    d = Daemon(tmp, "--compile-timeout-ms", "600000")
    try:
        prog = os.path.join(tmp, "weights.mlir")
        with open(prog, "w") as f:
            f.write(weights_program(1 << 20, 7))
        out = os.path.join(tmp, "out")
        p = subprocess.run([BUFFERC, "compile", prog, "--emit", "obj,memref", "-o", out,
                            "--server", "http://127.0.0.1:%d" % d.port],
                           capture_output=True, timeout=600)
        check(p.returncode == 0, "bufferc: %s" % p.stderr.decode())
        for name, ext, flags in (("obj", ".o", ["--emit=obj"]), ("memref", ".memref.mlir", [])):
            ref = subprocess.run([BUFFER_OPT, "--default-pipeline", *flags, prog],
                                 capture_output=True, timeout=600)
            check(ref.returncode == 0, "buffer-opt: " + ref.stderr.decode())
            with open(os.path.join(out, "weights" + ext), "rb") as f:
                got = f.read()
            check(got == ref.stdout, "%s: bufferc's bytes equal buffer-opt's (%d vs %d)"
                  % (name, len(got), len(ref.stdout)))
        with open(prog, "rb") as f:
            text = f.read()
        p = subprocess.run([BUFFERC, "compile", "-", "--server", "http://127.0.0.1:%d" % d.port],
                           input=text, capture_output=True, timeout=600)
        check(p.returncode == 0 and b"memref.get_global" in p.stdout,
              "stdin: %s" % p.stderr.decode())
        p = subprocess.run([BUFFERC, "explain", prog, "--emit", "obj,memref",
                            "--server", "http://127.0.0.1:%d" % d.port],
                           capture_output=True, timeout=600)
        check(p.returncode == 0 and b"cached: yes" in p.stdout,
              "explain of what was compiled: %s %s" % (p.stdout, p.stderr))
    finally:
        d.stop()


# Started by a small python of its own: a child's ru_maxrss includes what
# its parent's memory was when it was forked (up to exec), and this test's
# python holds the program text.
PEAK_RSS = """import os, sys
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


def bufferc_peak_rss_kb(args):
    """Runs bufferc and returns (exit status, stderr, its peak resident set
    in KiB, the pages of files it maps included, as top counts them)."""
    p = subprocess.run([sys.executable, "-c", PEAK_RSS, BUFFERC, *args],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    status, peak = p.stdout.decode().split()[-2:]
    return int(status), p.stderr.decode(), int(peak)


def test_bufferc_memory_is_not_the_program(tmp):
    """A program of 64 MB of weights and its 32 MB object pass through
    bufferc without being held: its peak resident set stays a small part of
    either (it held the whole text and the whole object before)."""
    d = Daemon(tmp, "--compile-timeout-ms", "600000")
    try:
        prog = os.path.join(tmp, "big.mlir")
        with open(prog, "w") as f:
            f.write(weights_program(8 << 20, 11))
        size = os.path.getsize(prog)
        out = os.path.join(tmp, "out")
        server = ["--server", "http://127.0.0.1:%d" % d.port]
        rc, err, peak = bufferc_peak_rss_kb(["compile", prog, "--emit", "obj", "-o", out, *server])
        check(rc == 0, "bufferc: " + err)
        obj = os.path.getsize(os.path.join(out, "big.o"))
        check(obj > 32 << 20, "the object holds the weights (%d bytes)" % obj)
        check(peak * 1024 < min(size, obj) // 2, "bufferc's peak resident set %d KiB is under "
              "half the %d-byte program and the %d-byte object" % (peak, size, obj))
        ref = subprocess.run([BUFFER_OPT, "--default-pipeline", "--emit=obj", prog],
                             capture_output=True, timeout=600)
        with open(os.path.join(out, "big.o"), "rb") as f:
            check(f.read() == ref.stdout, "the object streamed to disk is buffer-opt's")
        # from stdin the text is read into memory (a pipe cannot be mapped): same bytes
        with open(prog, "rb") as f:
            p = subprocess.run([BUFFERC, "compile", "-", "--emit", "obj", "-o", out, *server],
                               stdin=f, capture_output=True, timeout=600)
        check(p.returncode == 0, "stdin: " + p.stderr.decode())
        with open(os.path.join(out, "stdin.o"), "rb") as f:
            check(f.read() == ref.stdout, "the object of stdin's program is buffer-opt's")
    finally:
        d.stop()


def test_expect_continue(tmp):
    """A client that sends `Expect: 100-continue` (curl does for bodies over
    1 MB) hears 100 Continue at once and then its answer; one whose body is
    over the limit hears the 413 instead, before sending it."""
    d = Daemon(tmp, "--max-body-bytes", "100000")
    try:
        path = "/v1/compile?" + urllib.parse.urlencode({"artifacts": "memref"})
        for body_len, first in ((len(RUNNABLE), b"HTTP/1.1 100 Continue"),
                                (200000, b"HTTP/1.1 413")):
            s = socket.create_connection(("127.0.0.1", d.port), timeout=10)
            s.sendall(("POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/mlir\r\n"
                       "Content-Length: %d\r\nExpect: 100-continue\r\n\r\n"
                       % (path, body_len)).encode())
            s.settimeout(0.5)  # curl would wait a second: the answer comes before
            got = s.recv(4096)
            check(got.startswith(first), "body of %d bytes: %r" % (body_len, got[:60]))
            if first.endswith(b"Continue"):
                s.settimeout(30)
                s.sendall(RUNNABLE.encode())
                answer = got[got.index(b"\r\n\r\n") + 4:]
                while b"memref.alloc" not in answer:
                    more = s.recv(65536)
                    check(more, "the answer after 100 Continue: %r" % answer[-200:])
                    answer += more
                check(answer.startswith(b"HTTP/1.1 200"), "then 200: %r" % answer[:40])
            s.close()
    finally:
        d.stop()


class LyingServer(http.server.BaseHTTPRequestHandler):
    """Answers every compile with a link whose bytes are not the ones it
    names (a cache or proxy that corrupted them)."""

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/v1/pipelines":
            info = [{"name": "obj", "extension": ".o", "binary": True}]
            self.answer(200, json.dumps({"artifact_info": info}).encode())
        else:
            self.answer(200, b"not the object", "application/octet-stream")

    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        named = hashlib.sha256(b"the object").hexdigest()
        link = {"bytes": 10, "sha256": named, "href": "/v1/artifacts/k/obj"}
        self.answer(200, json.dumps({"key": "k", "artifacts": {"obj": link}}).encode())


def test_bufferc_keeps_unchecked_bytes_out(tmp):
    """Fetched bytes whose size or digest differ from what the compile named
    are an error (exit 3) and land nowhere: an existing output file keeps
    its old contents, no partial file is left, nothing reaches stdout."""
    server = http.server.HTTPServer(("127.0.0.1", 0), LyingServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        prog = os.path.join(tmp, "m.mlir")
        with open(prog, "w") as f:
            f.write(RUNNABLE)
        out = os.path.join(tmp, "out")
        os.makedirs(out)
        with open(os.path.join(out, "m.o"), "w") as f:
            f.write("an earlier object")
        url = "http://127.0.0.1:%d" % server.server_port
        p = subprocess.run([BUFFERC, "compile", prog, "--emit", "obj", "-o", out, "--server", url],
                           capture_output=True, timeout=60)
        check(p.returncode == 3 and b"sha256" in p.stderr,
              "a corrupted artifact is exit 3 naming the digest: %d %s" % (p.returncode, p.stderr))
        with open(os.path.join(out, "m.o")) as f:
            check(f.read() == "an earlier object", "the earlier output file is untouched")
        check(sorted(os.listdir(out)) == ["m.o"], "no partial file: %s" % os.listdir(out))
        p = subprocess.run([BUFFERC, "compile", prog, "--emit", "obj", "-o", "-", "--server", url],
                           capture_output=True, timeout=60)
        check(p.returncode == 3 and p.stdout == b"",
              "to stdout: exit 3 and no bytes: %d %r" % (p.returncode, p.stdout))
    finally:
        server.shutdown()


TESTS = [
    test_body_means_what_json_means,
    test_query_is_part_of_request_hash,
    test_body_form_fields,
    test_body_form_errors,
    test_bufferc_sends_text_and_fetches_bytes,
    test_bufferc_memory_is_not_the_program,
    test_bufferc_keeps_unchecked_bytes_out,
    test_expect_continue,
]

if __name__ == "__main__":
    sys.exit(ts.run_tests(TESTS, sys.argv[3:], "bufferd-body-"))
