"""The Python client against a real bufferd on a free loopback port (and
buffer-opt offline): every call, the error paths, the retries, and the
numpy round trip where numpy is importable.

usage: BUFFERD_BIN=build/bin python3 -m unittest discover -s python/tests
"""
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import bufferd  # noqa: E402
from bufferd import values  # noqa: E402

BIN = os.environ.get("BUFFERD_BIN", os.path.join(HERE, "..", "..", "build", "bin"))

# The insert writes %t, which is read again after it: a copy on line 4.
PROGRAM = """func.func @bump(%t: tensor<4xf32>) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t1 = tensor.insert %one into %t[%c0] : tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %t1, %old : tensor<4xf32>, f32
}
"""
BAD = "func.func @f() {\n  %x = foo\n}\n"
INPUT = {"type": "memref<4xf32>", "shape": [4], "data": [5.0, 6.0, 7.0, 8.0]}


class Daemon:
    def __init__(self, *args):
        self.tmp = tempfile.mkdtemp(prefix="bufferd-python-")
        port_file = os.path.join(self.tmp, "port")
        self.proc = subprocess.Popen(
            [os.path.join(BIN, "bufferd"), "--listen", "127.0.0.1:0", "--quiet", "--cache-dir",
             os.path.join(self.tmp, "cache"), "--port-file", port_file] + list(args),
            stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            if os.path.exists(port_file):
                with open(port_file) as f:
                    port = f.read().strip()
                if port:
                    self.url = "http://127.0.0.1:%s" % port
                    return
            time.sleep(0.02)
        raise RuntimeError("bufferd did not start")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(20)
        shutil.rmtree(self.tmp, ignore_errors=True)


class ClientTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.daemon = Daemon()
        cls.client = bufferd.Client(cls.daemon.url)

    @classmethod
    def tearDownClass(cls):
        cls.daemon.stop()

    def test_compile_artifacts_as_python_objects(self):
        r = self.client.compile(PROGRAM, artifacts=("memref", "report", "obj", "json"), file="p.mlir")
        self.assertRegex(r.key, "^[0-9a-f]{64}$")
        self.assertIn(r.cache, ("hit", "miss"))
        self.assertIn("memref.alloc", r.artifacts["memref"])
        self.assertIn("memref.copy", r.artifacts["memref"])
        self.assertIsInstance(r.artifacts["obj"], bytes)
        self.assertEqual(r.artifacts["obj"][:4], b"\x7fELF")
        self.assertEqual(r.artifacts["json"]["format"], "bufferd.program")
        copies = [x for x in r.report["records"] if x["kind"] == "copy"]
        self.assertEqual([(c["loc"]["line"], c["reason"], c["bytes"]) for c in copies],
                         [(4, "read-after-write conflict", 16)])
        self.assertEqual(copies[0]["conflict"]["read"]["loc"]["line"], 5)
        self.assertGreater(r.timings["parse"], 0)
        self.assertIn('title="read-after-write conflict: read by tensor.extract (line 5)',
                      r._repr_html_())

    def test_module_compile_with_emit(self):
        r = bufferd.compile(PROGRAM, emit="memref,report", url=self.daemon.url)
        self.assertEqual(sorted(r.artifacts), ["memref", "report"])
        self.assertEqual(r.report["functions"][0]["peak_live_bytes"], 16)

    def test_program_error_is_located(self):
        with self.assertRaises(bufferd.ProgramError) as cm:
            self.client.compile(BAD)
        e = cm.exception
        self.assertEqual((e.status, e.code), (422, "program_error"))
        self.assertEqual([(d.line, d.col, d.severity) for d in e.diagnostics], [(2, 8, "error")])
        self.assertIn("<request>:2:8: error: custom op 'foo' is unknown", str(e))

    def test_request_error(self):
        with self.assertRaises(bufferd.RequestError) as cm:
            self.client.compile(PROGRAM, artifacts=("nonsense",))
        self.assertEqual(cm.exception.status, 400)

    def test_get_restores_the_request(self):
        r = self.client.compile(PROGRAM, pipeline="one-shot-bufferize{bufferize-function-boundaries}",
                                artifacts=("memref", "report"))
        got = self.client.get(r.key)
        self.assertEqual(got.artifacts, r.artifacts)
        self.assertEqual(got.request["program"], PROGRAM)
        self.assertEqual(got.request["pipeline"], "one-shot-bufferize{bufferize-function-boundaries}")
        self.assertEqual(got.program, PROGRAM)
        info = self.client.key_info(r.key)
        self.assertIn("tensor.insert", info["components"]["canonical_ir"])

    def test_explain_gives_the_compile_key(self):
        r = self.client.compile(PROGRAM, artifacts=("memref",))
        doc = self.client.explain(PROGRAM, artifacts=("memref",))
        self.assertEqual(doc["key"], r.key)
        self.assertTrue(doc["cached"])

    def test_run_with_dicts(self):
        r = bufferd.Client(self.daemon.url, numpy=False).run(PROGRAM, "bump", [INPUT])
        self.assertEqual(r.results[0]["data"], [1.0, 6.0, 7.0, 8.0])
        self.assertEqual(r.results[1], 5.0)
        self.assertEqual(r.run_stats["copies"], 1)
        self.assertEqual(r.run_stats["peak_heap_bytes"], 16)

    @unittest.skipIf(values.numpy is None, "numpy is not importable")
    def test_run_numpy_round_trip(self):
        np = values.numpy
        r = self.client.run(PROGRAM, "bump", [np.array([5, 6, 7, 8], dtype=np.float32)])
        self.assertIsInstance(r.results[0], np.ndarray)
        self.assertEqual(r.results[0].dtype, np.float32)
        np.testing.assert_array_equal(r.results[0], np.array([1, 6, 7, 8], dtype=np.float32))
        self.assertEqual(r.results[1], 5.0)

    def test_inputs_of_the_wrong_kind(self):
        with self.assertRaises(TypeError):
            self.client.run(PROGRAM, "bump", [[5.0, 6.0]])

    def test_pipelines_and_version(self):
        self.assertIn("one-shot-bufferize", self.client.pipelines()["default_pipeline"])
        self.assertIn("version", self.client.version())


class TokenTest(unittest.TestCase):
    def test_token(self):
        tmp = tempfile.mkdtemp()
        try:
            path = os.path.join(tmp, "token")
            with open(path, "w") as f:
                f.write("py-secret\n")
            d = Daemon("--token-file", path)
            try:
                with self.assertRaises(bufferd.AuthError) as cm:
                    bufferd.Client(d.url).compile(PROGRAM)
                self.assertEqual(cm.exception.status, 401)
                r = bufferd.Client(d.url, token="py-secret").compile(PROGRAM)
                self.assertIn("memref.copy", r.artifacts["memref"])
            finally:
                d.stop()
        finally:
            shutil.rmtree(tmp)


class LimitTest(unittest.TestCase):
    def test_body_over_the_limit(self):
        d = Daemon("--max-body-bytes", "200")
        try:
            with self.assertRaises(bufferd.LimitError) as cm:
                bufferd.Client(d.url).compile(PROGRAM)
            self.assertEqual((cm.exception.status, cm.exception.code), (413, "body_too_large"))
        finally:
            d.stop()


class RetryTest(unittest.TestCase):
    """A stand-in server answers 503 with Retry-After twice, then 200."""

    def test_retries_honour_retry_after(self):
        answers = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                answers.append(time.time())
                busy = len(answers) <= 2
                body = json.dumps({"error": {"code": "overloaded", "message": "busy"}} if busy
                                  else {"version": "x"}).encode()
                self.send_response(503 if busy else 200)
                if busy:
                    self.send_header("Retry-After", "1")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            url = "http://127.0.0.1:%d" % server.server_address[1]
            self.assertEqual(bufferd.Client(url).version(), {"version": "x"})
            self.assertEqual(len(answers), 3)
            self.assertGreaterEqual(answers[1] - answers[0], 0.9, "waited Retry-After")
            answers.clear()
            with self.assertRaises(bufferd.UnavailableError) as cm:
                bufferd.Client(url, retries=0).version()
            self.assertEqual((cm.exception.status, cm.exception.retry_after), (503, 1.0))
        finally:
            server.shutdown()

    def test_unreachable(self):
        with self.assertRaises(bufferd.UnavailableError) as cm:
            bufferd.Client("http://127.0.0.1:9", timeout=5).version()
        self.assertEqual(cm.exception.status, 0)


class OfflineTest(unittest.TestCase):
    def setUp(self):
        self.client = bufferd.OfflineClient(os.path.join(BIN, "buffer-opt"), numpy=False)

    def test_same_report_as_the_daemon(self):
        r = self.client.compile(PROGRAM, artifacts=("memref", "report"))
        self.assertIsNone(r.key)
        self.assertIn("memref.copy", r.artifacts["memref"])
        copies = [(x["loc"]["line"], x["reason"]) for x in r.report["records"] if x["kind"] == "copy"]
        self.assertEqual(copies, [(4, "read-after-write conflict")])

    def test_run(self):
        r = self.client.run(PROGRAM, "bump", [INPUT])
        self.assertEqual(r.results[0]["data"], [1.0, 6.0, 7.0, 8.0])
        self.assertEqual(r.run_stats["copies"], 1)

    def test_program_error(self):
        with self.assertRaises(bufferd.ProgramError) as cm:
            self.client.compile(BAD)
        self.assertEqual([(d.line, d.col) for d in cm.exception.diagnostics], [(2, 8)])


class ExampleTest(unittest.TestCase):
    def test_example_script(self):
        d = Daemon()
        try:
            out = subprocess.run([sys.executable, os.path.join(HERE, "..", "examples", "compile_example.py"),
                                  "--url", d.url], capture_output=True, text=True, timeout=60)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn("line 4: copy of 16 bytes (read-after-write conflict)", out.stdout)
            self.assertIn("%t1 = tensor.insert", out.stdout)
        finally:
            d.stop()


if __name__ == "__main__":
    unittest.main()
