#!/usr/bin/python3
"""The playground's routes, over real HTTP from the real daemon: the page
and its files built into the binary (media types, ETag revalidation, no
token needed), the examples, and the request kept with an entry so that a
key alone restores it (GET /v1/artifacts/{key} answers "request").

usage: test_playground.py BIN_DIR SOURCE_DIR [TEST_NAME...]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_service as ts  # noqa: E402  (reads BIN_DIR SOURCE_DIR from argv)
from test_service import Daemon, check, validate, PROGRAM  # noqa: E402

FILES = {"/": "text/html; charset=utf-8",
         "/playground/app.js": "text/javascript; charset=utf-8",
         "/playground/style.css": "text/css; charset=utf-8"}


def test_static_files(tmp):
    token = os.path.join(tmp, "token")
    with open(token, "w") as f:
        f.write("write-token\n")
    d = Daemon(tmp, "--token-file", token)
    try:
        for path, media in FILES.items():
            # No token: a browser opening the page sends none.
            status, hdrs, body = d.request("GET", path)
            check(status == 200 and hdrs["content-type"] == media, "%s: %d %s" % (path, status, hdrs))
            source = "index.html" if path == "/" else path[len("/playground/"):]
            with open(os.path.join(ts.SRC, "server", "playground", source), "rb") as f:
                check(body == f.read(), "%s serves server/playground/%s byte for byte" % (path, source))
            etag = hdrs.get("etag", "")
            check(re.fullmatch(r'"[0-9a-f]{32}"', etag), "%s ETag: %r" % (path, etag))
            check(hdrs.get("cache-control") == "no-cache", "%s revalidates" % path)
            check("script-src 'self'" in hdrs.get("content-security-policy", ""), "%s CSP" % path)
            status, hdrs, body = d.request("GET", path, headers={"If-None-Match": etag})
            check(status == 304 and body == b"" and "content-length" not in hdrs,
                  "%s revalidated: %d %s" % (path, status, hdrs))
            status, _, _ = d.request("GET", path, headers={"If-None-Match": '"other"'})
            check(status == 200, "%s with another ETag: %d" % (path, status))
            status, hdrs, body = d.request("HEAD", path)
            check(status == 200 and body == b"" and int(hdrs["content-length"]) > 100, "HEAD %s" % path)
        index = d.request("GET", "/")[2].decode()
        for ref in re.findall(r'(?:src|href)="([^"]+)"', index):
            check(ref.startswith(("#", "data:")) or ref in FILES, "the page refers only to served files, not %r" % ref)
        for path in ("/playground/", "/playground/nothing.js", "/playground/../api.c"):
            status, _, _ = d.request("GET", path)
            check(status == 404, "%s: %d" % (path, status))
        status, hdrs, _ = d.request("POST", "/")
        check(status == 405 and hdrs.get("allow") == "GET, HEAD, OPTIONS", "POST /: %d" % status)
        # The API behind the page still needs the token.
        status, _, _ = d.request("GET", "/v1/examples")
        check(status == 401, "examples need a token like every read: %d" % status)
    finally:
        d.stop()


def test_examples(tmp):
    d = Daemon(tmp)
    try:
        status, _, doc = d.json("GET", "/v1/examples")
        names = [e["name"] for e in doc["examples"]]
        check(status == 200 and "insert_then_read_old" in names and len(names) >= 5, "examples: %s" % names)
        folder = os.path.join(ts.SRC, "server", "playground", "examples")
        for ex in doc["examples"]:
            with open(os.path.join(folder, ex["file"])) as f:
                check(f.read() == ex["program"], "%s is the file's text" % ex["name"])
            check(ex["purpose"] and not ex["purpose"].startswith("//"), "%s has a purpose" % ex["name"])
            status, _, out = d.compile(ex["program"], artifacts=["memref", "report", "run"],
                                       run={"function": "main"})
            check(status == 200, "example %s compiles and runs: %d %s" % (ex["name"], status, out))
    finally:
        d.stop()


def test_key_restores_the_request(tmp):
    d = Daemon(tmp)
    try:
        inputs = [{"type": "memref<4xf32>", "shape": [4], "data": [1, 2, 3, 4]},
                  {"type": "memref<4xf32>", "shape": [4], "data": [10, 20, 30, 40]}]
        pipeline = "one-shot-bufferize{bufferize-function-boundaries}"
        status, _, doc = d.compile(PROGRAM, file="mine.mlir", pipeline=pipeline,
                                   artifacts=["memref", "report", "run"],
                                   run={"function": "add", "inputs": inputs})
        check(status == 200 and "request" not in doc, "compile answers no request: %s" % doc.keys())
        status, _, got = d.json("GET", "/v1/artifacts/" + doc["key"])
        validate(got, "compile-response.schema.json")
        check(got["request"] == {"program": PROGRAM, "file": "mine.mlir", "pipeline": pipeline,
                                 "artifacts": ["memref", "report", "run"],
                                 "run": {"function": "add", "inputs": inputs}},
              "the request comes back: %s" % got.get("request"))
        check(got["artifacts"] == doc["artifacts"], "with the same artifacts")
        # A respelled program hits the entry: the first request stays (its
        # text is what the report's lines refer to).
        status, _, hit = d.compile(ts.PROGRAM_RESPELLED, file="mine.mlir", pipeline=pipeline,
                                   artifacts=["memref", "report", "run"],
                                   run={"function": "add", "inputs": inputs})
        check(hit["key"] == doc["key"] and hit["cache"] == "hit", "respelled hits")
        status, _, got = d.json("GET", "/v1/artifacts/" + doc["key"])
        check(got["request"]["program"] == PROGRAM, "the first request's program stays")
    finally:
        d.stop()


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_") and callable(v)
         and v.__module__ == __name__]

if __name__ == "__main__":
    sys.exit(ts.run_tests(TESTS, ts.ONLY, "bufferd-playground-"))
