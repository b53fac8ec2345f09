#!/usr/bin/python3
"""Service tests of bufferd under a hostile or careless world: tokens on
every route, connection limits, bounded work per request, and the bad-input
catalogue of HTTP oddities. The real daemon on a free loopback port, real
HTTP, real sockets.

usage: test_hostile.py BIN_DIR SOURCE_DIR [TEST_NAME...]

Each case checks the documented status (see README "Limits" and
schema/error.schema.json) and that the daemon keeps serving afterwards.
"""
import http.client
import json
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import time

# The daemon harness, schemas and helpers of the service tests.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_service as ts  # noqa: E402  (reads BIN_DIR SOURCE_DIR from argv)

from test_service import Daemon, check, validate, PROGRAM, raw_exchange  # noqa: E402

ONLY = sys.argv[3:]
WRITE_TOKEN = "write-secret-0123456789"
READ_TOKEN = "read-secret-9876543210"


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def error_code(data):
    doc = json.loads(data)
    validate(doc, "error.schema.json")
    return doc["error"]["code"]


def write_file(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def bearer(token):
    return {"Authorization": "Bearer " + token} if token else {}


# --- auth --------------------------------------------------------------------

def test_tokens_on_every_route(tmp):
    """Each route with no token, a wrong one, the read token and the write
    token."""
    write_file_ = write_file(tmp, "write", WRITE_TOKEN + "\n")
    read_file = write_file(tmp, "read", READ_TOKEN + "\n")
    d = Daemon(tmp, "--token-file", write_file_, "--read-token-file", read_file)
    try:
        status, _, first = d.json("POST", "/v1/compile", {"program": PROGRAM},
                                  bearer(WRITE_TOKEN))
        check(status == 200, "write token compiles: %d" % status)
        key = first["key"]
        compile_body = json.dumps({"program": PROGRAM, "pipeline": "symbol-dce"})
        # (method, path, body, status with a read token)
        reads = [
            ("POST", "/v1/explain", json.dumps({"program": PROGRAM}), 200),
            ("GET", "/v1/artifacts/" + key, None, 200),
            ("HEAD", "/v1/artifacts/" + key, None, 200),
            ("GET", "/v1/artifacts/%s/memref" % key, None, 200),
            ("GET", "/v1/keys/" + key, None, 200),
            ("GET", "/metrics", None, 200),
            ("GET", "/v1/version", None, 200),
            ("GET", "/v1/pipelines", None, 200),
            ("GET", "/no/such/route", None, 404),
        ]
        for method, path, body, want in reads:
            for token in [None, "wrong-token", READ_TOKEN[:-1], READ_TOKEN + "x"]:
                status, hdrs, data = d.request(method, path, body, bearer(token))
                check(status == 401, "%s %s with token %r: %d, want 401" % (method, path, token, status))
                check(hdrs.get("www-authenticate", "").startswith("Bearer"), "401 names the scheme")
                if method != "HEAD":
                    check(error_code(data) == "unauthorized", "401 code")
            for token in [READ_TOKEN, WRITE_TOKEN]:
                status, _, data = d.request(method, path, body, bearer(token))
                check(status == want, "%s %s with %s: %d, want %d: %s" %
                      (method, path, token, status, want, data[:200]))
        # Compile: no token 401, read token 403, write token 200.
        status, _, data = d.request("POST", "/v1/compile", compile_body)
        check(status == 401 and error_code(data) == "unauthorized", "compile without token: %d" % status)
        status, hdrs, data = d.request("POST", "/v1/compile", compile_body, bearer(READ_TOKEN))
        check(status == 403 and error_code(data) == "forbidden", "compile with the read token: %d" % status)
        check("insufficient_scope" in hdrs.get("www-authenticate", ""), "403 says insufficient_scope")
        status, _, _ = d.request("POST", "/v1/compile", compile_body, bearer(WRITE_TOKEN))
        check(status == 200, "compile with the write token: %d" % status)
        # A wrong token never reaches the in-memory response cache either.
        status, _, _ = d.request("POST", "/v1/compile", compile_body)
        check(status == 401, "a cached response still needs the token")
        # The probes stay open.
        for path in ["/healthz", "/readyz"]:
            status, _, _ = d.request("GET", path)
            check(status == 200, path + " needs no token")
        status, _, data = d.request("GET", "/metrics", None, bearer(READ_TOKEN))
        rejected = re.search(rb"^bufferd_auth_rejected_total (\d+)$", data, re.M)
        check(status == 200 and int(rejected.group(1)) == 9 * 4 + 3, "refusals counted: %s" % rejected)
    finally:
        d.stop()

    # Opted in: reads are open, compiles still need the write token.
    d = Daemon(tmp, "--token-file", write_file_, "--allow-unauthenticated-reads", name="open")
    try:
        status, _, _ = d.request("GET", "/metrics")
        check(status == 200, "metrics open with --allow-unauthenticated-reads")
        status, _, _ = d.request("POST", "/v1/explain", json.dumps({"program": PROGRAM}))
        check(status == 200, "explain open with --allow-unauthenticated-reads")
        status, _, _ = d.request("POST", "/v1/compile", json.dumps({"program": PROGRAM}))
        check(status == 401, "compile still needs the write token: %d" % status)
    finally:
        d.stop()

    # A read token alone, or equal to the write token, is a usage error.
    p = subprocess.run([ts.BUFFERD, "--read-token-file", read_file, "--listen", "127.0.0.1:0"],
                       capture_output=True)
    check(p.returncode == 2 and b"needs --token-file" in p.stderr, "read token alone refused")
    p = subprocess.run([ts.BUFFERD, "--token-file", read_file, "--read-token-file", read_file,
                        "--listen", "127.0.0.1:0"], capture_output=True)
    check(p.returncode == 2 and b"must differ" in p.stderr, "equal tokens refused")


def test_bufferc_sends_tokens(tmp):
    write_file_ = write_file(tmp, "write", WRITE_TOKEN + "\n")
    read_file = write_file(tmp, "read", READ_TOKEN + "\n")
    prog = write_file(tmp, "add.mlir", PROGRAM)
    d = Daemon(tmp, "--token-file", write_file_, "--read-token-file", read_file)
    try:
        rc, out, err = ts.bufferc(d, "compile", prog)
        check(rc == 3 and "bearer token" in err, "no token: refused (%d): %s" % (rc, err))
        rc, out, err = ts.bufferc(d, "compile", prog, "--token-file", write_file_)
        check(rc == 0 and "memref.alloc" in out, "write token compiles: " + err)
        rc, out, err = ts.bufferc(d, "compile", prog, env={"BUFFERD_TOKEN_FILE": read_file})
        check(rc == 3 and "only read" in err, "read token cannot compile (%d): %s" % (rc, err))
        _, _, doc = d.json("POST", "/v1/compile", {"program": PROGRAM}, bearer(WRITE_TOKEN))
        rc, out, err = ts.bufferc(d, "get", doc["key"], env={"BUFFERD_TOKEN_FILE": read_file})
        check(rc == 0 and out == doc["artifacts"]["memref"], "read token gets: " + err)
        rc, out, err = ts.bufferc(d, "stats", "--token-file", read_file)
        check(rc == 0 and re.search(r"compiles\s+\d", out), "read token reads stats: " + out + err)
    finally:
        d.stop()


def start_nginx_with_auth(tmp, auth_lines, extra_files):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        return None, None
    root = os.path.join(tmp, "nginx")
    os.makedirs(os.path.join(root, "store"), exist_ok=True)
    os.makedirs(os.path.join(root, "tmp"), exist_ok=True)
    for name, text in extra_files.items():
        write_file(root, name, text)
    port = ts.free_port()
    conf = os.path.join(root, "nginx.conf")
    template = open(os.path.join(ts.SRC, "deploy", "nginx", "webdav-cache.conf.in")).read()
    check("dav_methods PUT DELETE;" in template, "the nginx template has its location")
    with open(conf, "w") as f:
        f.write(template.replace("dav_methods PUT DELETE;", auth_lines + "\n      dav_methods PUT DELETE;")
                .replace("@PORT@", str(port)).replace("@ROOT@", root))
    proc = subprocess.Popen([nginx, "-c", conf, "-p", root, "-e", os.path.join(root, "error.log"),
                             "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("nginx did not start")


def test_remote_tier_credentials(tmp):
    """The shared store refuses anonymous requests; the tier sends its own
    bearer token (--remote-token-file) or basic auth from the URL."""
    nginx, port = start_nginx_with_auth(
        tmp, 'if ($http_authorization != "Bearer remote-secret") { return 401; }', {})
    if nginx is None:
        print("  skipped: nginx is not installed")
        return
    url = "http://127.0.0.1:%d/cache" % port
    token = write_file(tmp, "remote-token", "remote-secret\n")
    try:
        anon = Daemon(tmp, "--remote-cache", url, name="anon")
        try:
            status, _, _ = anon.compile(PROGRAM)
            check(status == 200, "compiles with the store refusing it")
            check(anon.metric("bufferd_remote_cache_errors_total") >= 1, "401 from the store counted")
        finally:
            anon.stop()
        check(not os.listdir(os.path.join(tmp, "nginx", "store")), "nothing stored anonymously")
        a = Daemon(tmp, "--remote-cache", url, "--remote-token-file", token, name="a")
        b = Daemon(tmp, "--remote-cache", url, "--remote-token-file", token, name="b")
        try:
            status, _, first = a.compile(PROGRAM)
            check(status == 200, "a compiles")
            status, hdrs, second = b.compile(PROGRAM)
            check(status == 200 and second["cache"] == "hit", "b hits through the token-protected store")
            check(b.metric("bufferd_remote_cache_errors_total") == 0, "no remote errors with the token")
        finally:
            a.stop()
            b.stop()
    finally:
        nginx.terminate()
        nginx.wait()
    shutil.rmtree(os.path.join(tmp, "nginx"))
    nginx, port = start_nginx_with_auth(
        tmp, 'auth_basic "cache"; auth_basic_user_file htpasswd;', {"htpasswd": "farm:{PLAIN}pa55word\n"})
    try:
        url = "http://farm:pa55word@127.0.0.1:%d/cache" % port
        a = Daemon(tmp, "--remote-cache", url, name="basic-a")
        b = Daemon(tmp, "--remote-cache", url, name="basic-b")
        try:
            status, _, _ = a.compile(PROGRAM)
            status, _, second = b.compile(PROGRAM)
            check(status == 200 and second["cache"] == "hit", "basic auth from the URL")
            check(b.metric("bufferd_remote_cache_hits_total") == 1, "remote hit with basic auth")
        finally:
            a.stop()
            b.stop()
        # The password never reaches the log.
        d = Daemon(tmp, "--remote-cache", url, name="log")
        d.args.remove("--quiet")
        d.stop()
        d.start()
        time.sleep(0.2)
        d.stop()
        log = d.log_text()
        check("farm:***@" in log and "pa55word" not in log, "the logged URL hides the password")
    finally:
        nginx.terminate()
        nginx.wait()


# --- the bad-input catalogue: HTTP oddities -------------------------------------

def test_hostile_catalogue(tmp):
    d = Daemon(tmp, "--max-body-bytes", str(1 << 20), "--header-timeout-ms", "10000")
    try:
        status, _, first = d.compile(PROGRAM)
        check(status == 200, "compile")
        key = first["key"]
        rss_before = rss_kb(d.proc.pid)

        def serving(what):
            status, _, _ = d.request("GET", "/healthz")
            check(status == 200, what + ": the daemon keeps serving")

        # 1,500 small headers: 431 (max-headers), not 400.
        head = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"".join(
            b"X-%d: y\r\n" % i for i in range(1500)) + b"\r\n"
        out = raw_exchange(d.port, head)
        check(out.startswith(b"HTTP/1.1 431"), "1,500 headers: %r" % out[:60])
        check(b"max-headers" in out, "431 names the limit")
        serving("many headers")
        # A chunk announcing more than the body limit: 413 at once.
        start = time.time()
        out = raw_exchange(d.port, b"POST /v1/compile HTTP/1.1\r\nHost: x\r\n"
                           b"Transfer-Encoding: chunked\r\n\r\nfffffff\r\nabc", timeout=5)
        check(out.startswith(b"HTTP/1.1 413"), "huge chunk: %r" % out[:60])
        check(time.time() - start < 2, "huge chunk refused at once (%.1fs)" % (time.time() - start))
        check(b"max-body-bytes" in out, "413 names the limit")
        out = raw_exchange(d.port, b"POST /v1/compile HTTP/1.1\r\nHost: x\r\n"
                           b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"
                           b"fffffffffffffff\r\nabc", timeout=5)
        check(out.startswith(b"HTTP/1.1 413"), "a chunk size near 2^60 after a chunk: %r" % out[:60])
        # Chunks that add up past the limit: 413 too.
        chunk = b"8000\r\n" + b"x" * 0x8000 + b"\r\n"
        out = raw_exchange(d.port, b"POST /v1/compile HTTP/1.1\r\nHost: x\r\n"
                           b"Transfer-Encoding: chunked\r\n\r\n" + chunk * 33)
        check(out.startswith(b"HTTP/1.1 413"), "chunks past the limit: %r" % out[:60])
        serving("chunked")
        # HTTP versions other than 1.x: 505.
        for version in [b"HTTP/9.9", b"HTTP/2.0", b"HTTP/0.9"]:
            out = raw_exchange(d.port, b"GET /healthz " + version + b"\r\nHost: x\r\n\r\n")
            check(out.startswith(b"HTTP/1.1 505"), "%s: %r" % (version, out[:60]))
        out = raw_exchange(d.port, b"GET /healthz HTTP/1.0\r\n\r\n")
        check(out.startswith(b"HTTP/1.1 200"), "HTTP/1.0 still served: %r" % out[:60])
        serving("versions")
        # HEAD on every GET route: the GET's status and headers, no body.
        for path in ["/metrics", "/v1/version", "/v1/pipelines", "/v1/keys/" + key,
                     "/v1/artifacts/" + key, "/v1/artifacts/%s/memref" % key,
                     "/healthz", "/readyz"]:
            status, hdrs, data = d.request("HEAD", path)
            gstatus, ghdrs, gdata = d.request("GET", path)
            check(status == 200 and gstatus == 200, "HEAD %s: %d" % (path, status))
            check(data == b"", "HEAD %s has no body" % path)
            check(hdrs["content-type"] == ghdrs["content-type"], "HEAD %s: same type" % path)
            if path != "/metrics":  # the metrics move between the two
                check(int(hdrs["content-length"]) == len(gdata), "HEAD %s: GET's length" % path)
        status, hdrs, _ = d.request("HEAD", "/v1/compile")
        check(status == 405 and hdrs.get("allow") == "POST, OPTIONS", "HEAD on a POST route: 405")
        # Integer pass options: negative and overflowing values are refused
        # with an error located in the pipeline text.
        for value in ["-1", "99999999999999999999", "4294967296", "+3", "0x10", ""]:
            pipeline = "func.func(promote-buffers-to-stack{max-alloc-size-in-bytes=%s})" % value
            status, _, doc = d.json("POST", "/v1/compile", {"program": PROGRAM, "pipeline": pipeline})
            check(status == 400, "option %r: %d" % (value, status))
            validate(doc, "error.schema.json")
            diags = doc["error"]["diagnostics"]
            check("invalid value '%s' for option 'max-alloc-size-in-bytes'" % value
                  in diags[0]["message"], "option %r: %s" % (value, diags[0]["message"]))
            check(diags[0]["notes"][0]["message"].startswith("in the pass pipeline at offset 10:"),
                  "option %r located: %s" % (value, diags[0]["notes"]))
        status, _, _ = d.json("POST", "/v1/compile", {
            "program": PROGRAM, "pipeline": "func.func(promote-buffers-to-stack{max-alloc-size-in-bytes=4294967295})"})
        check(status == 200, "the largest unsigned value is accepted: %d" % status)
        # Raw artifacts (and every answer) carry nosniff.
        status, hdrs, _ = d.request("GET", "/v1/artifacts/%s/memref" % key)
        check(status == 200 and hdrs.get("x-content-type-options") == "nosniff", "raw artifact nosniff")
        status, hdrs, _ = d.request("GET", "/nope")
        check(hdrs.get("x-content-type-options") == "nosniff", "errors nosniff too")
        # 20,000 x symbol-dce: refused at once, naming the bound.
        start = time.time()
        status, _, doc = d.json("POST", "/v1/compile", {
            "program": PROGRAM, "pipeline": ",".join(["symbol-dce"] * 20000)})
        check(status == 413 and doc["error"]["limit"] == "max-pipeline-bytes",
              "20,000 passes: %d %s" % (status, doc))
        check(time.time() - start < 1, "20,000 passes refused at once")
        serving("catalogue")
        rss_after = rss_kb(d.proc.pid)
        check(rss_after < 2 * rss_before, "RSS %d kB after the catalogue, %d kB before" %
              (rss_after, rss_before))
    finally:
        d.stop()


def test_log_durations_are_short(tmp):
    d = Daemon(tmp)
    d.stop()
    d.args.remove("--quiet")
    d.start()
    try:
        for _ in range(5):
            d.request("GET", "/healthz")
    finally:
        d.stop()
    lines = [json.loads(l) for l in d.log_text().splitlines() if l.startswith("{")]
    requests = [l for l in lines if l.get("msg") == "request"]
    check(len(requests) >= 5, "request lines logged")
    raw = d.log_text()
    for m in re.finditer(r'"ms":([0-9.e-]+)', raw):
        text = m.group(1)
        check(re.fullmatch(r"\d+(\.\d{1,3})?", text), "duration printed short: %s" % text)


# --- connection limits ---------------------------------------------------------

def connect(port, source="127.0.0.1"):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    return s


def read_all(s):
    chunks = []
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            chunks.append(b)
    except (socket.timeout, ConnectionResetError):
        pass
    return b"".join(chunks)


def test_connection_limits(tmp):
    d = Daemon(tmp, "--max-connections", "8", "--max-connections-per-client", "4",
               "--first-byte-timeout-ms", "10000")
    idle = []
    try:
        # One client holds its four; its fifth is refused with 503.
        idle += [connect(d.port) for _ in range(4)]
        time.sleep(0.1)
        s = connect(d.port)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        out = read_all(s)
        s.close()
        check(out.startswith(b"HTTP/1.1 503"), "fifth from one client: %r" % out[:60])
        check(b"too_many_connections_from_client" in out and b"Retry-After: 1" in out,
              "per-client 503 says why and when to retry")
        # A burst of refused connections locks out no one else.
        burst = [connect(d.port) for _ in range(30)]
        s = connect(d.port, "127.0.0.20")
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        out = read_all(s)
        s.close()
        check(out.startswith(b"HTTP/1.1 200"), "another client during a burst of refusals: %r" % out[:60])
        refused = sum(1 for b in burst if read_all(b).startswith(b"HTTP/1.1 503"))
        check(refused == 30, "every refused connection reads its 503: %d of 30" % refused)
        for b in burst:
            b.close()
        time.sleep(0.3)  # the refused connections are closed before others come
        # Other clients fill the server to its bound; one more is refused.
        idle += [connect(d.port, "127.0.0.%d" % (2 + i)) for i in range(4)]
        time.sleep(0.1)
        s = connect(d.port, "127.0.0.9")
        out = read_all(s)
        s.close()
        check(out.startswith(b"HTTP/1.1 503") and b'"too_many_connections"' in out,
              "ninth connection: %r" % out[:120])
        # The connections already open are untouched: one of them is served.
        idle[0].sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        out = read_all(idle[0])
        check(out.startswith(b"HTTP/1.1 200"), "an open connection is still served: %r" % out[:60])
        for s in idle:
            s.close()
        idle = []
        time.sleep(0.2)
        check(d.metric('bufferd_connections_rejected_total{reason="per_client"}') == 31, "per-client refusals counted")
        got = d.metric('bufferd_connections_rejected_total{reason="max_connections"}')
        check(got == 1, "refusal counted: %s" % got)
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "served once connections closed")
    finally:
        for s in idle:
            s.close()
        d.stop()
    refusals = [l for l in d.log_text().splitlines() if '"connection refused"' in l]
    check(len(refusals) >= 1, "a refusal is logged")

    # A connection that sends nothing is closed after the first-byte timeout.
    d = Daemon(tmp, "--first-byte-timeout-ms", "300", name="silent")
    try:
        s = connect(d.port)
        start = time.time()
        out = read_all(s)
        took = time.time() - start
        s.close()
        check(out == b"" and 0.2 < took < 3, "silent connection closed after %.2fs" % took)
        # One that started a request gets the header timeout instead.
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "serving")
    finally:
        d.stop()

    # The default bound comes from the open-file limit, less headroom.
    def low_limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (300, 300))

    d = Daemon.__new__(Daemon)
    d.dir = os.path.join(tmp, "rlimit")
    os.makedirs(d.dir, exist_ok=True)
    d.cache_dir = os.path.join(d.dir, "cache")
    d.port_file = os.path.join(d.dir, "port")
    d.log = open(os.path.join(d.dir, "log"), "ab")
    d.args = ["--listen", "127.0.0.1:0", "--cache-dir", d.cache_dir, "--port-file",
              d.port_file, "--quiet", "--workers", "2"]
    real_popen = subprocess.Popen
    try:
        subprocess.Popen = lambda *a, **k: real_popen(*a, preexec_fn=low_limit, **k)
        d.start()
    finally:
        subprocess.Popen = real_popen
    try:
        check(d.metric("bufferd_max_connections") == 300 - 64 - 8 * 2,
              "max connections from RLIMIT_NOFILE: %s" % d.metric("bufferd_max_connections"))
    finally:
        d.stop()


# --- bounded work per request ------------------------------------------------------

def dead_code_program(n):
    """A private function of n ops nobody calls, and a public one: symbol-dce
    leaves a tiny module, so the answer is small while the compile is big."""
    lines = ["func.func private @dead(%a: f32) -> f32 {"]
    prev = "%a"
    for i in range(n):
        lines.append(f"  %v{i} = arith.addf {prev}, %a : f32")
        prev = f"%v{i}"
    lines.append(f"  return {prev} : f32")
    lines.append("}")
    lines.append("func.func @live(%a: f32) -> f32 {")
    lines.append("  return %a : f32")
    lines.append("}")
    return "\n".join(lines) + "\n"


def limit_answer(d, body, want_status, want_limit, what, max_seconds=2):
    start = time.time()
    status, _, data = d.request("POST", "/v1/compile", json.dumps(body))
    took = time.time() - start
    check(status == want_status, "%s: %d, want %d: %s" % (what, status, want_status, data[:300]))
    doc = json.loads(data)
    validate(doc, "error.schema.json")
    check(doc["error"].get("limit") == want_limit, "%s: names %s: %s" % (what, want_limit, doc["error"]))
    check(want_limit in doc["error"]["message"], "%s: the message names the setting" % what)
    check(took < max_seconds, "%s: refused in %.2fs" % (what, took))
    return doc


def test_bounded_work_per_request(tmp):
    d = Daemon(tmp, "--max-pipeline-passes", "64", "--max-pipeline-depth", "3",
               "--max-ops", "50000", "--max-depth", "16", "--max-compile-bytes", str(64 << 20))
    try:
        small = "func.func @f(%a: f32) -> f32 {\n  return %a : f32\n}\n"
        # 20,000 x symbol-dce (220 KB): refused at once by the text bound.
        limit_answer(d, {"program": small, "pipeline": ",".join(["symbol-dce"] * 20000)},
                     413, "max-pipeline-bytes", "20,000 passes")
        limit_answer(d, {"program": small, "pipeline": ",".join(["symbol-dce"] * 65)},
                     413, "max-pipeline-passes", "65 passes")
        status, _, _ = d.compile(small, pipeline=",".join(["symbol-dce"] * 64))
        check(status == 200, "64 passes are allowed: %d" % status)
        limit_answer(d, {"program": small, "pipeline":
                         "builtin.module(builtin.module(builtin.module(builtin.module(symbol-dce))))"},
                     413, "max-pipeline-depth", "nesting 4")
        limit_answer(d, {"program": ts.big_program(50001)}, 413, "max-ops", "50,001 ops", 10)
        deep = "func.func @f(%c: i1) {\n" + "scf.if %c {\n" * 20 + "}\n" * 20 + "return\n}\n"
        limit_answer(d, {"program": deep}, 413, "max-depth", "20 nested regions")
        check(d.metric('bufferd_compiles_total{result="request_limit"}') == 5,
              "each refusal counted")
    finally:
        d.stop()
    # Memory: the IR of 40,000 ops holds more than 8 MiB.
    d = Daemon(tmp, "--max-compile-bytes", str(8 << 20), name="memory")
    try:
        doc = limit_answer(d, {"program": ts.big_program(40000), "pipeline": "symbol-dce"},
                           413, "max-compile-bytes", "memory", 30)
        check("bytes of IR, more than the limit of 8388608 bytes" in
              doc["error"]["diagnostics"][0]["message"], "the error says how much")
        check(d.metric('bufferd_compiles_total{result="request_limit"}') == 1, "counted")
        status, _, doc = d.compile(PROGRAM)
        check(status == 200, "a small compile fits: %d" % status)
        status, _, _ = d.request("GET", "/healthz")
        check(status == 200, "serving after the bounds")
    finally:
        d.stop()

    # The deadline stops the compile itself between passes, not only the
    # answer: the worker is free again soon after the 504.
    # The work must outlast the deadline on any machine: 1,000 passes over
    # 40,000 ops take about 7 s on a slow 2-core box, 15 times the deadline.
    d = Daemon(tmp, "--workers", "1", "--compile-timeout-ms", "400",
               "--max-pipeline-passes", "1024", name="deadline")
    try:
        body = {"program": ts.big_program(40000, salt=3),
                "pipeline": ",".join(["buffer-hoisting"] * 1000)}
        start = time.time()
        status, _, doc = d.json("POST", "/v1/compile", body)
        check(status == 504 and doc["error"]["code"] == "compile_timeout", "deadline: %d" % status)
        # The one worker takes the next compile within a pass of the deadline.
        status, _, doc = d.compile(PROGRAM)
        took = time.time() - start
        check(status == 200 and took < 4, "the worker stopped at the deadline (%.1fs, then %d: %s)" % (took, status, doc))
    finally:
        d.stop()


def test_memory_returns_after_a_large_request(tmp):
    d = Daemon(tmp, "--workers", "1", "--memory-cache-bytes", "0")
    try:
        d.compile(PROGRAM)
        for _ in range(3):
            d.request("GET", "/metrics")
        before = rss_kb(d.proc.pid)
        program = dead_code_program(150000)
        status, _, doc = d.compile(program, pipeline="symbol-dce")
        check(status == 200 and "@dead" not in doc["artifacts"]["memref"], "large compile: %d" % status)
        time.sleep(0.3)
        after = rss_kb(d.proc.pid)
        print("  RSS before %d kB, after a %.1f MB request %d kB" % (before, len(program) / 1e6, after))
        check(after < before + 8 * 1024,
              "RSS returns near its level: %d kB before, %d kB after" % (before, after))
    finally:
        d.stop()


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_") and callable(v)
         and v.__module__ == __name__]

if __name__ == "__main__":
    sys.exit(ts.run_tests(TESTS, ONLY, "bufferd-hostile-"))
