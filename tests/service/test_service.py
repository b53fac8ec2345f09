#!/usr/bin/python3
"""Service tests: the real bufferd on a free loopback port, real HTTP, real
SQLite, a real nginx WebDAV server as the shared cache tier.

usage: test_service.py BIN_DIR SOURCE_DIR [TEST_NAME...]

Every response body is validated against the JSON Schemas in schema/.
Each test starts the daemons it needs and stops them; a test fails on the
first unmet check and the run goes on with the next test.
"""
import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback

import jsonschema

BIN = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
ONLY = sys.argv[3:]
BUFFERD = os.path.join(BIN, "bufferd")
BUFFER_OPT = os.path.join(BIN, "buffer-opt")
BUFFERC = os.path.join(BIN, "bufferc")

# --- schemas -----------------------------------------------------------------

SCHEMAS = {}
for name in os.listdir(os.path.join(SRC, "schema")):
    if name.endswith(".schema.json"):
        with open(os.path.join(SRC, "schema", name)) as f:
            s = json.load(f)
        SCHEMAS[name] = s
STORE = {s["$id"]: s for s in SCHEMAS.values()}


def validate(doc, schema_name):
    schema = SCHEMAS[schema_name]
    resolver = jsonschema.RefResolver(schema["$id"], schema, store=STORE)
    jsonschema.Draft202012Validator(schema, resolver=resolver).validate(doc)


# --- programs ----------------------------------------------------------------

PROGRAM = """func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""
# The same program with other SSA names, whitespace and a comment.
PROGRAM_RESPELLED = """// same program, other spelling
func.func @add(%x: tensor<4xf32>,   %y: tensor<4xf32>) -> tensor<4xf32> {
    %empty = tensor.empty() : tensor<4xf32>
    %sum = linalg.add ins(%x, %y : tensor<4xf32>, tensor<4xf32>)
                      outs(%empty : tensor<4xf32>) -> tensor<4xf32>
    return %sum : tensor<4xf32>
}
"""
BAD_PROGRAM = """func.func @f(%a: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %a[%c0] : tensor<4xf32>
  return %c0 : index
}
"""


def big_program(n, salt=0):
    """A function of n chained ops: large enough to take a while."""
    lines = ["func.func @big(%a: f32) -> f32 {"]
    prev = "%a"
    for i in range(n):
        lines.append(f"  %v{i} = arith.addf {prev}, %a : f32")
        prev = f"%v{i}"
    lines.append(f"  %s = arith.constant {salt}.0 : f32")
    lines.append(f"  %r = arith.mulf {prev}, %s : f32")
    lines.append("  return %r : f32")
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- daemons -----------------------------------------------------------------

class Daemon:
    def __init__(self, tmp, *args, name="d"):
        self.dir = os.path.join(tmp, name)
        os.makedirs(self.dir, exist_ok=True)
        self.cache_dir = os.path.join(self.dir, "cache")
        self.port_file = os.path.join(self.dir, "port")
        self.log = open(os.path.join(self.dir, "log"), "ab")
        self.args = ["--listen", "127.0.0.1:0", "--cache-dir", self.cache_dir,
                     "--port-file", self.port_file, "--quiet"] + list(args)
        self.start()

    def start(self):
        if os.path.exists(self.port_file):
            os.unlink(self.port_file)
        self.proc = subprocess.Popen([BUFFERD] + self.args, stdout=self.log, stderr=self.log)
        deadline = time.time() + 10
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError("bufferd exited at start: " + self.log_text())
            try:
                with open(self.port_file) as f:
                    text = f.read().strip()
                if text:
                    self.port = int(text)
                    return
            except FileNotFoundError:
                pass
            time.sleep(0.02)
        raise AssertionError("bufferd did not start")

    def log_text(self):
        with open(os.path.join(self.dir, "log"), "rb") as f:
            return f.read().decode(errors="replace")[-3000:]

    def stop(self, sig=signal.SIGTERM, timeout=20):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                raise AssertionError("bufferd did not stop on %s" % sig)
        return self.proc.returncode

    def request(self, method, path, body=None, headers=None, timeout=30):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, dict((k.lower(), v) for k, v in resp.getheaders()), data

    def json(self, method, path, body=None, headers=None, timeout=30):
        status, hdrs, data = self.request(method, path, body, headers, timeout)
        doc = json.loads(data) if data else None
        return status, hdrs, doc

    def compile(self, program, **fields):
        body = {"program": program}
        body.update(fields)
        status, hdrs, doc = self.json("POST", "/v1/compile", body)
        if status == 200:
            validate(doc, "compile-response.schema.json")
        else:
            validate(doc, "error.schema.json")
        return status, hdrs, doc

    def metric(self, name):
        status, _, data = self.request("GET", "/metrics")
        assert status == 200
        for line in data.decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
        raise AssertionError("metric %s missing" % name)


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def buffer_opt(program, *flags):
    p = subprocess.run([BUFFER_OPT, *flags, "-"], input=program.encode(),
                       capture_output=True)
    check(p.returncode == 0, "buffer-opt failed: " + p.stderr.decode())
    return p.stdout.decode()


# --- tests -------------------------------------------------------------------

def test_info_routes(tmp):
    d = Daemon(tmp)
    try:
        for path, schema in [("/v1/version", "version.schema.json"),
                             ("/v1/pipelines", "pipelines.schema.json")]:
            status, hdrs, doc = d.json("GET", path)
            check(status == 200, path)
            validate(doc, schema)
        status, _, doc = d.json("GET", "/healthz")
        check(status == 200 and doc["status"] == "ok", "healthz")
        status, _, doc = d.json("GET", "/readyz")
        check(status == 200 and doc["ready"] is True, "readyz")
        status, _, data = d.request("GET", "/metrics")
        text = data.decode()
        for name in ["bufferd_http_requests_total", "bufferd_compiles_total",
                     "bufferd_cache_hits_total", "bufferd_cache_misses_total",
                     "bufferd_cache_bytes", "bufferd_queue_depth",
                     "bufferd_request_duration_seconds_bucket",
                     "bufferd_compile_duration_seconds_count"]:
            check(name in text, "metric " + name)
        _, pipelines_hdrs, pipelines = d.json("GET", "/v1/pipelines")
        names = [p["name"] for p in pipelines["passes"]]
        check("symbol-dce" in names, "pipelines lists symbol-dce")
    finally:
        d.stop()


def test_miss_then_hit_and_respelled(tmp):
    d = Daemon(tmp)
    try:
        status, hdrs, first = d.compile(PROGRAM)
        check(status == 200, "first compile: %s %s" % (status, first))
        check(first["cache"] == "miss" and hdrs["x-cache"] == "MISS", "first is a miss")
        status, hdrs, second = d.compile(PROGRAM)
        check(status == 200 and second["cache"] == "hit" and hdrs["x-cache"] == "HIT",
              "identical request hits")
        check(second["key"] == first["key"], "same key")
        check(second["artifacts"] == first["artifacts"], "same artifacts")
        status, hdrs, third = d.compile(PROGRAM_RESPELLED)
        check(status == 200 and third["key"] == first["key"],
              "SSA names and whitespace do not change the key")
        check(third["cache"] == "hit" and hdrs["x-cache"] == "HIT", "respelled hits")
        # The same memref IR as buffer-opt with the same (default) pipeline.
        expected = buffer_opt(PROGRAM, "--default-pipeline")
        check(first["artifacts"]["memref"] == expected,
              "memref artifact equals buffer-opt's output byte for byte")
        # Another pipeline is another key.
        status, _, other = d.compile(PROGRAM, pipeline="symbol-dce")
        check(status == 200 and other["key"] != first["key"], "pipeline is in the key")
        status, _, same = d.compile(PROGRAM, pipeline="builtin.module(symbol-dce)")
        check(same["key"] == other["key"], "pipeline spellings normalize")
        # Fetch by key, key components, HEAD, one raw artifact.
        key = first["key"]
        status, _, doc = d.json("GET", "/v1/artifacts/" + key)
        check(status == 200 and doc["artifacts"] == first["artifacts"], "fetch by key")
        validate(doc, "compile-response.schema.json")
        status, hdrs, data = d.request("HEAD", "/v1/artifacts/" + key)
        check(status == 200 and data == b"" and int(hdrs["content-length"]) > 0, "HEAD")
        status, hdrs, data = d.request("GET", "/v1/artifacts/%s/memref" % key)
        check(status == 200 and data.decode() == first["artifacts"]["memref"], "raw artifact")
        status, _, info = d.json("GET", "/v1/keys/" + key)
        check(status == 200, "key info")
        validate(info, "key-info.schema.json")
        check(info["components"]["canonical_ir"].rstrip() == buffer_opt(PROGRAM).rstrip(),
              "key components hold the canonical IR")
        check(d.metric('bufferd_compiles_total{result="ok"}') == 2, "two compiles ran")
        # The JSON form of the program compiles to the same key.
        p = subprocess.run([BUFFER_OPT, "--emit=json", "-"], input=PROGRAM.encode(),
                           capture_output=True)
        check(p.returncode == 0, "buffer-opt --emit=json")
        status, _, from_json = d.compile(json.loads(p.stdout))
        check(status == 200 and from_json["key"] == key, "JSON form hits the same key")
        status, _, explained = d.json("POST", "/v1/explain", {"program": PROGRAM_RESPELLED})
        check(status == 200 and explained["key"] == key and explained["cached"], "explain")
        validate(explained, "explain-response.schema.json")
    finally:
        d.stop()


def test_corrupt_row_is_recompiled(tmp):
    d = Daemon(tmp)
    try:
        status, _, first = d.compile(PROGRAM)
        check(status == 200, "compile")
        db = sqlite3.connect(os.path.join(d.cache_dir, "cache.db"))
        n = db.execute("UPDATE artifacts SET data = CAST('garbage' AS BLOB) WHERE key = ?",
                       (first["key"],)).rowcount
        db.commit()
        db.close()
        check(n >= 1, "corrupted the stored artifact")
        # Other bytes, same key: bypasses the in-memory fast path, reaches SQLite.
        status, hdrs, again = d.compile(PROGRAM_RESPELLED)
        check(status == 200, "recompile after corruption")
        check(again["cache"] == "miss" and hdrs["x-cache"] == "MISS",
              "a corrupt row is a miss, never served")
        check(again["artifacts"] == first["artifacts"], "recompiled artifacts are right")
        check(d.metric("bufferd_cache_corrupt_total") == 1, "corruption counted")
        status, _, doc = d.json("GET", "/v1/artifacts/" + first["key"])
        check(status == 200 and doc["artifacts"] == first["artifacts"], "healed")
    finally:
        d.stop()


def raw_exchange(port, data, timeout=5, read_until_close=True):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(data)
    chunks = []
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            chunks.append(b)
            if not read_until_close:
                break
    except socket.timeout:
        pass
    s.close()
    return b"".join(chunks)


def test_bad_input_catalogue(tmp):
    d = Daemon(tmp, "--max-body-bytes", "4096", "--header-timeout-ms", "300",
               "--max-header-bytes", "2048")
    try:
        cases = [
            ("bad JSON", b"{not json", 400, "bad_json"),
            ("not an object", b"[1, 2]", 400, "bad_request"),
            ("program missing", b'{"pipeline": "symbol-dce"}', 400, "bad_request"),
            ("program wrong type", b'{"program": 42}', 400, "bad_request"),
            ("pipeline wrong type", json.dumps({"program": PROGRAM, "pipeline": 7}).encode(), 400, "bad_request"),
            ("artifacts wrong type", json.dumps({"program": PROGRAM, "artifacts": "memref"}).encode(), 400, "bad_request"),
            ("unknown field", json.dumps({"program": PROGRAM, "extra": 1}).encode(), 400, "bad_request"),
            ("unknown pipeline", json.dumps({"program": PROGRAM, "pipeline": "no-such-pass"}).encode(), 400, "bad_request"),
            ("bad pass option", json.dumps({"program": PROGRAM, "pipeline": "symbol-dce{x=1}"}).encode(), 400, "bad_request"),
            ("unknown artifact", json.dumps({"program": PROGRAM, "artifacts": ["nope"]}).encode(), 400, "bad_request"),
            ("invalid IR", json.dumps({"program": BAD_PROGRAM}).encode(), 422, "program_error"),
            ("syntax error", json.dumps({"program": "func.func @f( {"}).encode(), 422, "program_error"),
            ("oversize body", json.dumps({"program": "x" * 10000}).encode(), 413, "body_too_large"),
        ]
        for what, body, want_status, want_code in cases:
            status, hdrs, data = d.request("POST", "/v1/compile", body)
            check(status == want_status, "%s: status %d, want %d: %s" % (what, status, want_status, data[:300]))
            doc = json.loads(data)
            validate(doc, "error.schema.json")
            check(doc["error"]["code"] == want_code, "%s: code %s" % (what, doc["error"]["code"]))
            if want_status == 422:
                diags = doc["error"]["diagnostics"]
                check(diags and diags[0]["line"] > 0 and diags[0]["col"] > 0,
                      "%s: located diagnostics" % what)
            status, _, _ = d.request("GET", "/healthz")
            check(status == 200, "%s: daemon keeps serving" % what)
        # 422 diagnostics point at the bad line.
        _, _, doc = d.json("POST", "/v1/compile", {"program": BAD_PROGRAM})
        check(doc["error"]["diagnostics"][0]["line"] == 4, "the return on line 4 is blamed")
        for method, path, want in [("GET", "/nope", 404), ("GET", "/v1/compile", 405),
                                   ("GET", "/v1/artifacts/" + "0" * 64, 404),
                                   ("GET", "/v1/artifacts/xyz", 404),
                                   ("GET", "/v1/keys/" + "a" * 64, 404),
                                   ("DELETE", "/healthz", 405)]:
            status, _, data = d.request(method, path)
            check(status == want, "%s %s: %d" % (method, path, status))
            validate(json.loads(data), "error.schema.json")
        # Slow client: headers never finish -> 408, connection closed.
        out = raw_exchange(d.port, b"POST /v1/compile HTTP/1.1\r\nHost: x\r\n", timeout=5)
        check(out.startswith(b"HTTP/1.1 408"), "slow headers get 408: %r" % out[:80])
        # Oversize headers -> 431.
        out = raw_exchange(d.port, b"GET /healthz HTTP/1.1\r\nX-Big: " + b"a" * 4000 + b"\r\n\r\n")
        check(out.startswith(b"HTTP/1.1 431"), "big headers get 431: %r" % out[:80])
        # Malformed HTTP -> 400.
        out = raw_exchange(d.port, b"THIS IS NOT HTTP\r\n\r\n")
        check(out.startswith(b"HTTP/1.1 400"), "garbage gets 400: %r" % out[:80])
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "daemon keeps serving after the catalogue")
    finally:
        d.stop()


def test_keepalive_pipelining_chunked(tmp):
    d = Daemon(tmp)
    try:
        body = json.dumps({"program": PROGRAM}).encode()
        one = (b"POST /v1/compile HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Content-Length: %d\r\n\r\n" % len(body)) + body
        two = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        three = b"GET /v1/version HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        out = raw_exchange(d.port, one + two + three)
        statuses = re.findall(rb"HTTP/1.1 (\d{3})", out)
        check(statuses == [b"200", b"200", b"200"], "three pipelined responses: %r" % statuses)
        check(out.find(b'"artifacts"') < out.find(b'"status":"ok"') < out.find(b'"compiler_version"'),
              "pipelined responses come back in order")
        # Chunked request body.
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 50]), body[i:i + 50])
                          for i in range(0, len(body), 50)) + b"0\r\n\r\n"
        req = (b"POST /v1/compile HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
               b"Connection: close\r\n\r\n") + chunks
        out = raw_exchange(d.port, req)
        check(out.startswith(b"HTTP/1.1 200"), "chunked body accepted: %r" % out[:100])
        # Keep-alive over http.client: several requests on one connection.
        conn = http.client.HTTPConnection("127.0.0.1", d.port, timeout=10)
        for _ in range(5):
            conn.request("GET", "/healthz")
            r = conn.getresponse()
            r.read()
            check(r.status == 200 and r.getheader("Connection") == "keep-alive", "keep-alive")
        conn.close()
    finally:
        d.stop()


def test_identical_concurrent_requests_compile_once(tmp):
    d = Daemon(tmp, "--workers", "2")
    try:
        program = big_program(20000, salt=1)
        results = []

        def worker():
            results.append(d.compile(program))

        threads = [threading.Thread(target=worker) for _ in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        check(all(r[0] == 200 for r in results), "all succeed")
        check(len({r[2]["key"] for r in results}) == 1, "one key")
        check(d.metric('bufferd_compiles_total{result="ok"}') == 1,
              "identical concurrent requests compile once")
    finally:
        d.stop()


def test_queue_full_and_deadline(tmp):
    d = Daemon(tmp, "--workers", "1", "--queue-size", "1", "--compile-timeout-ms", "60000")
    try:
        results = []

        # Each compile takes about a second even on a fast machine (200
        # passes over 60,000 ops), so six at once overflow one worker and
        # one queue slot.
        def worker(i):
            results.append(d.compile(big_program(60000, salt=100 + i),
                                     pipeline=",".join(["buffer-hoisting"] * 200)))

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        statuses = sorted(r[0] for r in results)
        check(503 in statuses, "a full queue answers 503: %s" % statuses)
        for status, hdrs, doc in results:
            if status == 503:
                check(hdrs.get("retry-after") == "1", "503 carries Retry-After")
                check(doc["error"]["code"] == "overloaded", "overloaded code")
    finally:
        d.stop()
    d = Daemon(tmp, "--workers", "1", "--compile-timeout-ms", "1", name="deadline")
    try:
        status, _, doc = d.compile(big_program(60000, salt=7))
        check(status == 504 and doc["error"]["code"] == "compile_timeout", "deadline: 504")
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "serving after a timeout")
    finally:
        d.stop()


def compiles_running(d):
    """The daemon's bufferd_compiles_running gauge."""
    status, _, text = d.request("GET", "/metrics")
    for line in text.decode().splitlines():
        if line.startswith("bufferd_compiles_running "):
            return float(line.split()[1]) > 0
    return False


def test_sigterm_drains(tmp):
    # A compile of ~1 s keeps the drain window open long enough for the
    # requests below on a fast machine.
    d = Daemon(tmp, "--workers", "1", "--max-body-bytes", str(32 << 20))
    try:
        result = []
        program = big_program(200000, salt=3)
        t = threading.Thread(target=lambda: result.append(d.compile(program)))
        t.start()
        # SIGTERM only once the compile runs: a fixed sleep raced the
        # request on a loaded machine (connection refused, not a drain).
        deadline = time.time() + 30
        while time.time() < deadline and t.is_alive() and not compiles_running(d):
            time.sleep(0.01)
        d.proc.send_signal(signal.SIGTERM)
        time.sleep(0.1)
        if t.is_alive():
            # Draining: still reachable, not ready, no new compiles. The
            # in-flight compile may finish between is_alive() and these
            # requests; the daemon then exits and resets them. That is only
            # acceptable when the compile's answer was sent first, which the
            # checks after join() establish.
            try:
                status, _, doc = d.json("GET", "/readyz")
                check(status == 503 and doc["ready"] is False, "readyz fails while draining")
                status, hdrs, doc = d.json("POST", "/v1/compile", {"program": PROGRAM})
                check(status == 503 and doc["error"]["code"] == "shutting_down"
                      and hdrs.get("retry-after") == "1", "new compiles get 503 while draining")
            except (ConnectionResetError, ConnectionRefusedError, http.client.RemoteDisconnected):
                t.join(10)
                check(result and result[0][0] == 200,
                      "the daemon went away only after answering the in-flight compile")
        t.join()
        check(result and result[0][0] == 200, "the in-flight compile finished: %s" % (result[0][0] if result else None))
        check(d.proc.wait(20) == 0, "exit status 0 after draining")
    finally:
        if d.proc.poll() is None:
            d.stop(signal.SIGKILL)


def test_kill9_during_writes(tmp):
    d = Daemon(tmp, "--workers", "2")
    stop = threading.Event()

    def writer(i):
        n = 0
        while not stop.is_set():
            try:
                d.compile(big_program(200 + n, salt=i * 1000 + n))
            except Exception:
                pass
            n += 1

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    d.proc.kill()
    d.proc.wait()
    stop.set()
    for t in threads:
        t.join()
    db = sqlite3.connect(os.path.join(d.cache_dir, "cache.db"))
    check(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity_check ok after kill -9")
    keys = [r[0] for r in db.execute("SELECT key FROM entries WHERE status = 0")]
    db.close()
    check(len(keys) > 0, "some entries were committed")
    d.start()
    try:
        for key in keys:
            status, _, doc = d.json("GET", "/v1/artifacts/" + key)
            check(status == 200, "entry %s served after restart" % key)
            check(d.metric("bufferd_cache_corrupt_total") == 0, "nothing corrupt")
            p = subprocess.run([BUFFER_OPT, "-"], input=doc["artifacts"]["memref"].encode(),
                               capture_output=True)
            check(p.returncode == 0, "served artifact is valid IR")
    finally:
        d.stop()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_nginx(tmp):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        return None, None
    root = os.path.join(tmp, "nginx")
    os.makedirs(os.path.join(root, "store"), exist_ok=True)
    os.makedirs(os.path.join(root, "tmp"), exist_ok=True)
    port = free_port()
    conf = os.path.join(root, "nginx.conf")
    with open(conf, "w") as f:
        f.write(open(os.path.join(SRC, "deploy", "nginx", "webdav-cache.conf.in")).read()
                .replace("@PORT@", str(port)).replace("@ROOT@", root))
    proc = subprocess.Popen([nginx, "-c", conf, "-p", root, "-e", os.path.join(root, "error.log"), "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, "http://127.0.0.1:%d/cache" % port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("nginx did not start")


def test_shared_remote_cache(tmp):
    nginx, url = start_nginx(tmp)
    if nginx is None:
        print("  skipped: nginx is not installed")
        return
    try:
        a = Daemon(tmp, "--remote-cache", url, name="a")
        b = Daemon(tmp, "--remote-cache", url, name="b")
        try:
            status, hdrs, first = a.compile(PROGRAM)
            check(status == 200 and first["cache"] == "miss", "a compiles")
            status, hdrs, second = b.compile(PROGRAM)
            check(status == 200 and second["cache"] == "hit" and hdrs["x-cache"] == "HIT",
                  "b gets a's result through the shared cache")
            check(second["artifacts"] == first["artifacts"], "same artifacts")
            check(b.metric("bufferd_remote_cache_hits_total") == 1, "remote hit counted")
            check(b.metric('bufferd_compiles_total{result="ok"}') == 0, "b did not compile")
            status, _, doc = b.json("GET", "/v1/artifacts/" + first["key"])
            check(status == 200, "b now serves the key itself")
        finally:
            a.stop()
            b.stop()
    finally:
        nginx.terminate()
        nginx.wait()
    # The remote down: compiles still succeed.
    dead = "http://127.0.0.1:%d/cache" % free_port()
    c = Daemon(tmp, "--remote-cache", dead, "--remote-timeout-ms", "300", name="c")
    try:
        status, _, doc = c.compile(PROGRAM)
        check(status == 200 and doc["cache"] == "miss", "compile succeeds with the remote down")
        check(c.metric("bufferd_remote_cache_errors_total") >= 1, "remote failure counted")
    finally:
        c.stop()


def test_bearer_token(tmp):
    token_file = os.path.join(tmp, "token")
    with open(token_file, "w") as f:
        f.write("s3cret-token\n")
    d = Daemon(tmp, "--token-file", token_file)
    try:
        status, hdrs, doc = d.json("POST", "/v1/compile", {"program": PROGRAM})
        check(status == 401 and doc["error"]["code"] == "unauthorized", "no token: 401")
        status, _, _ = d.json("POST", "/v1/compile", {"program": PROGRAM},
                              {"Authorization": "Bearer wrong"})
        check(status == 401, "wrong token: 401")
        status, _, doc = d.json("POST", "/v1/compile", {"program": PROGRAM},
                                {"Authorization": "Bearer s3cret-token"})
        check(status == 200, "right token: 200")
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "health needs no token")
    finally:
        d.stop()


def test_socket_activation(tmp):
    tool = shutil.which("systemd-socket-activate")
    if not tool:
        print("  skipped: systemd-socket-activate is not installed")
        return
    port = free_port()
    log = open(os.path.join(tmp, "log"), "wb")
    proc = subprocess.Popen([tool, "-l", "127.0.0.1:%d" % port, BUFFERD, "--quiet",
                             "--cache-dir", os.path.join(tmp, "cache")],
                            stdout=log, stderr=log)
    try:
        # systemd-socket-activate listens first and starts bufferd on the
        # first connection, handing it the socket as fd 3.
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/healthz")
        r = conn.getresponse()
        check(r.status == 200, "served on the inherited socket")
        conn.close()
    finally:
        proc.terminate()
        proc.wait(10)


def test_config_sources(tmp):
    conf = os.path.join(tmp, "bufferd.json")
    with open(conf, "w") as f:
        json.dump({"max-body-bytes": 100, "workers": 1}, f)
    d = Daemon(tmp, "--config", conf)
    try:
        status, _, _ = d.request("POST", "/v1/compile", json.dumps({"program": PROGRAM}))
        check(status == 413, "config file limit applies: %d" % status)
    finally:
        d.stop()
    env = dict(os.environ, BUFFERD_MAX_BODY_BYTES="50")
    p = subprocess.run([BUFFERD, "--max-body-bytes", "abc"], capture_output=True, env=env)
    check(p.returncode == 2 and b"invalid value" in p.stderr, "bad flag value is a usage error")
    p = subprocess.run([BUFFERD, "--no-such-flag"], capture_output=True)
    check(p.returncode == 2, "unknown flag is a usage error")


def bufferc(d, *args, cwd=None, env=None):
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run([BUFFERC, *args, "--server", "http://127.0.0.1:%d" % d.port],
                       capture_output=True, cwd=cwd, env=e)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def test_bufferc(tmp):
    d = Daemon(tmp)
    try:
        corpus = os.environ.get("BUF_CORPUS_DIR", "")
        files = []
        for name in ["calls/call_chain.mlir", "loops/tiled_matmul.mlir", "models/mlp.mlir"]:
            if os.path.exists(os.path.join(corpus, name)):
                files.append(os.path.join(corpus, name))
        prog = os.path.join(tmp, "add.mlir")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        files.append(prog)
        # One file to stdout: the same memref IR as buffer-opt.
        for f in files:
            rc, out, err = bufferc(d, "compile", f, "--pipeline", "symbol-dce")
            check(rc == 0, "bufferc compile %s: %s" % (f, err))
            want = subprocess.run([BUFFER_OPT, "--symbol-dce", f], capture_output=True).stdout.decode()
            check(out.rstrip() == want.rstrip(), "bufferc output equals buffer-opt's for " + f)
        # Several files in parallel into a directory.
        out_dir = os.path.join(tmp, "out")
        rc, out, err = bufferc(d, "compile", *files, "--emit", "memref,json", "-o", out_dir, "-j", "3")
        check(rc == 0, "multi-file compile: " + err)
        check(os.path.exists(os.path.join(out_dir, "add.memref.mlir")), "memref artifact written")
        check(os.path.exists(os.path.join(out_dir, "add.json")), "json artifact written")
        # A program error: exit 1, diagnostics like a compiler's.
        bad = os.path.join(tmp, "bad.mlir")
        with open(bad, "w") as f:
            f.write(BAD_PROGRAM)
        rc, out, err = bufferc(d, "compile", bad)
        check(rc == 1, "program error exits 1 (got %d)" % rc)
        check(re.search(r"bad\.mlir:4:\d+: error: ", err), "located diagnostic: " + err)
        check("  return %c0 : index" in err and "^" in err, "source line and caret: " + err)
        # get, explain, stats.
        _, _, doc = d.compile(PROGRAM)
        rc, out, err = bufferc(d, "get", doc["key"], "--emit", "memref")
        check(rc == 0 and out == doc["artifacts"]["memref"], "bufferc get: " + err)
        rc, out, err = bufferc(d, "get", "f" * 64)
        check(rc == 1, "get of an unknown key exits 1")
        env = {"XDG_CACHE_HOME": os.path.join(tmp, "xdg")}
        rc, out, err = bufferc(d, "explain", prog, env=env)
        check(rc == 0 and "key: " + doc["key"] in out and "cached: yes" in out, "explain: " + out + err)
        rc, out, err = bufferc(d, "explain", prog, "--pipeline", "empty-tensor-to-alloc-tensor", env=env)
        check(rc == 0 and "cached: no" in out and "- pipeline" in out, "explain names the change: " + out)
        rc, out, err = bufferc(d, "stats")
        check(rc == 0 and re.search(r"compiles\s+\d", out), "stats: " + out)
        rc, out, err = bufferc(d, "frobnicate")
        check(rc == 2, "unknown command exits 2")
    finally:
        d.stop()
    p = subprocess.run([BUFFERC, "compile", prog, "--server", "http://127.0.0.1:%d" % free_port()],
                       capture_output=True)
    check(p.returncode == 3, "unreachable server exits 3 (got %d)" % p.returncode)


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_")]


def run_tests(tests, only, prefix):
    """Runs each test (all, or those named in only) in a fresh temporary
    directory; a failure prints its traceback and the logs of its daemons.
    Returns the exit status."""
    failures = 0
    ran = 0
    for test in tests:
        if only and test.__name__ not in only:
            continue
        tmp = tempfile.mkdtemp(prefix=prefix)
        start = time.time()
        try:
            test(tmp)
            print("PASS %s (%.1fs)" % (test.__name__, time.time() - start))
        except Exception:
            failures += 1
            print("FAIL %s" % test.__name__)
            traceback.print_exc()
            for name in os.listdir(tmp):
                log = os.path.join(tmp, name, "log")
                if os.path.exists(log):
                    print("--- log of daemon %s:" % name)
                    print(open(log, errors="replace").read()[-2000:])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        ran += 1
        sys.stdout.flush()
    print("%d tests, %d failed" % (ran, failures))
    return 1 if failures else 0


def main():
    return run_tests(TESTS, ONLY, "bufferd-service-")

if __name__ == "__main__":
    sys.exit(main())
