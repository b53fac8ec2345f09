#!/usr/bin/python3
"""CORS service tests: which pages on other origins may call bufferd from a
browser (--cors-origin), the preflight OPTIONS on every route, and the
wildcard's limits. The real daemon on a free loopback port, real HTTP.

usage: test_cors.py BIN_DIR SOURCE_DIR [TEST_NAME...]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_service as ts  # noqa: E402  (reads BIN_DIR SOURCE_DIR from argv)
from test_service import Daemon, check, PROGRAM  # noqa: E402

PAGE = "http://localhost:3000"
OTHER = "https://evil.example"
KEY = "0" * 64

# Every route and the methods it answers (OPTIONS aside).
ROUTES = {
    "/v1/compile": "POST",
    "/v1/explain": "POST",
    "/v1/artifacts/" + KEY: "GET, HEAD",
    "/v1/keys/" + KEY: "GET, HEAD",
    "/healthz": "GET, HEAD",
    "/readyz": "GET, HEAD",
    "/metrics": "GET, HEAD",
    "/v1/version": "GET, HEAD",
    "/v1/pipelines": "GET, HEAD",
}


def preflight(d, path, origin, method="POST", token=None):
    hdrs = {"Origin": origin, "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "authorization, content-type"}
    if token:
        hdrs["Authorization"] = "Bearer " + token
    return d.request("OPTIONS", path, headers=hdrs)


def write_token(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text + "\n")
    return path


def test_no_origin_configured(tmp):
    d = Daemon(tmp)
    try:
        status, hdrs, _ = d.compile(PROGRAM)
        check(status == 200, "compile: %d" % status)
        status, hdrs, _ = d.request("POST", "/v1/compile", {"program": PROGRAM},
                                    headers={"Origin": PAGE})
        check(status == 200, "compile from a page: %d" % status)
        check("access-control-allow-origin" not in hdrs and "vary" not in hdrs,
              "no CORS headers without --cors-origin: %s" % hdrs)
        # OPTIONS still answers with the route's methods (RFC 9110), no CORS.
        status, hdrs, body = preflight(d, "/v1/compile", PAGE)
        check(status == 204 and hdrs.get("allow") == "POST, OPTIONS" and body == b"",
              "OPTIONS: %d %s" % (status, hdrs))
        check("content-length" not in hdrs, "a 204 carries no Content-Length")
        check("access-control-allow-origin" not in hdrs, "no grant: %s" % hdrs)
    finally:
        d.stop()


def test_named_origin_every_route(tmp):
    d = Daemon(tmp, "--cors-origin", PAGE, "--cors-origin", "http://a.test:8000,http://b.test",
               "--max-body-bytes", str(8 << 20))
    try:
        for path, methods in ROUTES.items():
            status, hdrs, body = preflight(d, path, PAGE)
            check(status == 204, "preflight %s: %d" % (path, status))
            check(hdrs.get("access-control-allow-origin") == PAGE, "origin echoed on %s" % path)
            check(hdrs.get("access-control-allow-methods") == methods + ", OPTIONS",
                  "methods of %s: %s" % (path, hdrs.get("access-control-allow-methods")))
            allowed = [h.strip().lower() for h in hdrs.get("access-control-allow-headers", "").split(",")]
            check("authorization" in allowed and "content-type" in allowed,
                  "Authorization and Content-Type may be sent to %s: %s" % (path, allowed))
            check(hdrs.get("vary") == "Origin", "Vary: Origin on %s" % path)
            check(int(hdrs.get("access-control-max-age", "0")) > 0, "max-age on %s" % path)
        # The second and third origin came in one comma-separated value.
        for origin in ("http://a.test:8000", "http://b.test"):
            status, hdrs, _ = d.request("GET", "/v1/version", headers={"Origin": origin})
            check(status == 200 and hdrs.get("access-control-allow-origin") == origin,
                  "listed origin %s: %s" % (origin, hdrs))
        # The actual request: the grant, the exposed headers a page needs.
        status, hdrs, doc = d.json("POST", "/v1/compile", {"program": PROGRAM},
                                   headers={"Origin": PAGE})
        check(status == 200 and hdrs.get("access-control-allow-origin") == PAGE,
              "compile from the page: %d %s" % (status, hdrs))
        exposed = [h.strip().lower() for h in hdrs.get("access-control-expose-headers", "").split(",")]
        for h in ("x-cache-key", "retry-after", "x-request-id"):
            check(h in exposed, "%s exposed: %s" % (h, exposed))
        # Errors carry the grant too, so the page can show them.
        status, hdrs, doc = d.json("POST", "/v1/compile", {"program": ts.BAD_PROGRAM},
                                   headers={"Origin": PAGE})
        check(status == 422 and hdrs.get("access-control-allow-origin") == PAGE,
              "422 readable by the page: %d %s" % (status, hdrs))
        status, hdrs, _ = d.request("GET", "/v1/compile", headers={"Origin": PAGE})
        check(status == 405 and hdrs.get("allow") == "POST, OPTIONS" and
              hdrs.get("access-control-allow-origin") == PAGE, "405: %d %s" % (status, hdrs))
        # Another origin: no grant, but the answer still varies by origin.
        status, hdrs, _ = preflight(d, "/v1/compile", OTHER)
        check(status == 204 and "access-control-allow-origin" not in hdrs
              and "access-control-allow-methods" not in hdrs,
              "no grant to another origin: %s" % hdrs)
        status, hdrs, _ = d.request("GET", "/v1/version", headers={"Origin": OTHER})
        check(status == 200 and "access-control-allow-origin" not in hdrs
              and hdrs.get("vary") == "Origin", "plain GET from another origin: %s" % hdrs)
        # A prefix of an allowed origin is another origin.
        status, hdrs, _ = d.request("GET", "/v1/version", headers={"Origin": PAGE + "0"})
        check("access-control-allow-origin" not in hdrs, "no prefix match: %s" % hdrs)
        # A refusal before the request is complete (413) is readable too.
        big = '{"program": "' + "x" * (9 << 20) + '"}'
        status, hdrs, _ = d.request("POST", "/v1/compile", big, headers={"Origin": PAGE})
        check(status == 413 and hdrs.get("access-control-allow-origin") == PAGE,
              "413 readable by the page: %d %s" % (status, hdrs))
        # Unknown routes have no preflight.
        status, _, _ = preflight(d, "/v1/nothing", PAGE)
        check(status == 404, "unknown route: %d" % status)
    finally:
        d.stop()


def test_wildcard_only_public_routes(tmp):
    # Without tokens every read is public: "*" covers it, never compile.
    d = Daemon(tmp, "--cors-origin", "*")
    try:
        status, hdrs, _ = d.request("GET", "/v1/pipelines", headers={"Origin": OTHER})
        check(status == 200 and hdrs.get("access-control-allow-origin") == "*",
              "wildcard on a public read: %s" % hdrs)
        status, hdrs, _ = preflight(d, "/v1/explain", OTHER)
        check(hdrs.get("access-control-allow-origin") == "*", "explain preflight: %s" % hdrs)
        status, hdrs, _ = preflight(d, "/v1/compile", OTHER)
        check(status == 204 and "access-control-allow-origin" not in hdrs,
              "no wildcard for compile: %s" % hdrs)
        status, hdrs, _ = d.request("POST", "/v1/compile", {"program": PROGRAM},
                                    headers={"Origin": OTHER})
        check(status == 200 and "access-control-allow-origin" not in hdrs,
              "compile answer not readable via the wildcard: %s" % hdrs)
    finally:
        d.stop()
    # With a token, reads need it: the wildcard covers only the probes;
    # a named origin still gets the token routes.
    token = write_token(tmp, "token", "s3cret-write")
    d = Daemon(tmp, "--token-file", token, "--cors-origin", "*," + PAGE, name="auth")
    try:
        status, hdrs, _ = d.request("GET", "/healthz", headers={"Origin": OTHER})
        check(status == 200 and hdrs.get("access-control-allow-origin") == "*",
              "probe open to any page: %s" % hdrs)
        status, hdrs, _ = d.request("GET", "/v1/pipelines", headers={"Origin": OTHER})
        check(status == 401 and "access-control-allow-origin" not in hdrs,
              "token route not granted to any page: %d %s" % (status, hdrs))
        # The preflight needs no token (browsers send none) ...
        status, hdrs, _ = preflight(d, "/v1/pipelines", PAGE, method="GET")
        check(status == 204 and hdrs.get("access-control-allow-origin") == PAGE,
              "preflight without a token: %d %s" % (status, hdrs))
        # ... the request itself does.
        status, hdrs, _ = d.request("GET", "/v1/pipelines", headers={"Origin": PAGE})
        check(status == 401 and hdrs.get("access-control-allow-origin") == PAGE,
              "401 readable by the named page: %d %s" % (status, hdrs))
        status, hdrs, _ = d.request("POST", "/v1/compile", {"program": PROGRAM},
                                    headers={"Origin": PAGE,
                                             "Authorization": "Bearer s3cret-write"})
        check(status == 200 and hdrs.get("access-control-allow-origin") == PAGE,
              "compile with the token from the named page: %d %s" % (status, hdrs))
        # An unknown route stays unprobeable: OPTIONS needs the token too.
        status, _, _ = preflight(d, "/v1/nothing", PAGE)
        check(status == 401, "OPTIONS on an unknown route needs a token: %d" % status)
    finally:
        d.stop()
    # With reads open, the wildcard covers them again, still not compile.
    d = Daemon(tmp, "--token-file", token, "--allow-unauthenticated-reads",
               "--cors-origin", "*", name="openreads")
    try:
        status, hdrs, _ = d.request("GET", "/v1/version", headers={"Origin": OTHER})
        check(status == 200 and hdrs.get("access-control-allow-origin") == "*",
              "open read with the wildcard: %s" % hdrs)
        status, hdrs, _ = preflight(d, "/v1/compile", OTHER)
        check("access-control-allow-origin" not in hdrs, "compile still not: %s" % hdrs)
    finally:
        d.stop()


def test_bad_origins_refused_at_start(tmp):
    import subprocess
    for bad in ("http://x.test/", "http://x.test/path", "x.test", "http://*.x.test", "://x"):
        p = subprocess.run([ts.BUFFERD, "--cors-origin", bad, "--listen", "127.0.0.1:0"],
                           capture_output=True, text=True, timeout=10)
        check(p.returncode == 2 and "invalid origin" in p.stderr,
              "%r refused: %d %s" % (bad, p.returncode, p.stderr))
    p = subprocess.run([ts.BUFFERD, "--help"], capture_output=True, text=True, timeout=10)
    check("--cors-origin" in p.stdout, "--help documents --cors-origin")


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_") and callable(v)
         and v.__module__ == __name__]

if __name__ == "__main__":
    sys.exit(ts.run_tests(TESTS, ts.ONLY, "bufferd-cors-"))
