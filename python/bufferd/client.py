"""The HTTP client of bufferd's API, standard library only (urllib).

    client = bufferd.Client("http://127.0.0.1:8080")
    result = client.compile(program, artifacts=("memref", "report"))

Every call returns Python objects (results.py) or raises a BufferdError
subclass carrying the daemon's located diagnostics. A 503 is retried after
the Retry-After it names (at most `retries` times, each wait capped at
`max_retry_wait` seconds).
"""
import json
import time
import urllib.error
import urllib.request

from . import results, values

DEFAULT_URL = "http://127.0.0.1:8080"


class Client:
    """A client of one bufferd daemon.

    url: the daemon's base URL; token: the bearer token (None: none);
    timeout: seconds per HTTP request; retries: how often a 503 is retried;
    numpy: return run results as numpy arrays (default: when importable)."""

    def __init__(self, url=DEFAULT_URL, token=None, timeout=60.0, retries=3,
                 max_retry_wait=30.0, numpy=None):
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.retries = retries
        self.max_retry_wait = max_retry_wait
        self.numpy = values.numpy is not None if numpy is None else numpy

    # ---- HTTP ----

    def _request(self, method, path, body=None):
        """The parsed JSON answer to one request; raises on an error status."""
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        attempt = 0
        while True:
            req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    text = resp.read()
                    return json.loads(text) if text else None
            except urllib.error.HTTPError as e:
                text = e.read()
                try:
                    doc = json.loads(text) if text else None
                except ValueError:
                    doc = None
                retry_after = e.headers.get("Retry-After")
                wait = float(retry_after) if retry_after and retry_after.isdigit() else None
                if e.code == 503 and attempt < self.retries:
                    attempt += 1
                    time.sleep(min(wait if wait is not None else 1.0, self.max_retry_wait))
                    continue
                raise results.error_from(e.code, doc, wait) from None
            except urllib.error.URLError as e:
                raise results.UnavailableError(0, "unreachable", "cannot reach bufferd at %s: %s"
                                               % (self.url, e.reason)) from None

    # ---- the API ----

    @staticmethod
    def _body(program, pipeline, artifacts, file, run, inputs, options):
        body = {"program": program, "artifacts": list(artifacts)}
        if pipeline:
            body["pipeline"] = pipeline
        if file:
            body["file"] = file
        if options:
            body["options"] = dict(options)
        if run:
            body["run"] = {"function": run}
            if inputs is not None:
                body["run"]["inputs"] = values.encode_all(inputs)
            if "run" not in body["artifacts"]:
                body["artifacts"].append("run")
        return body

    def compile(self, program, pipeline=None, artifacts=("memref",), emit=None, file=None,
                run=None, inputs=None, options=None):
        """Compiles program (MLIR text, or the JSON form as a dict) through
        pipeline (None: the daemon's default) into artifacts (emit is the
        same, spelled as bufferc spells it). run/inputs: interpret that
        function with those arguments (adds the run artifact). options:
        gpu-arch, llvm-opt-level, run-max-steps. Returns a CompileResult;
        raises ProgramError (422) with the located diagnostics."""
        wanted = emit if emit is not None else artifacts
        if isinstance(wanted, str):
            wanted = [a for a in wanted.split(",") if a]
        body = self._body(program, pipeline, wanted, file, run, inputs, options)
        doc = self._request("POST", "/v1/compile", body)
        return results.CompileResult(doc, program if isinstance(program, str) else None, self.numpy)

    def explain(self, program, pipeline=None, artifacts=("memref",), file=None, run=None,
                inputs=None, options=None):
        """The key a compile would use, its components and whether it is
        cached (a dict, schema/explain-response.schema.json)."""
        return self._request("POST", "/v1/explain",
                             self._body(program, pipeline, artifacts, file, run, inputs, options))

    def get(self, key):
        """Every artifact stored under key, and the request that compiled it
        (result.request), as a CompileResult."""
        return results.CompileResult(self._request("GET", "/v1/artifacts/" + key), None, self.numpy)

    def key_info(self, key):
        """What went into key (schema/key-info.schema.json)."""
        return self._request("GET", "/v1/keys/" + key)

    def run(self, program, function, inputs=(), pipeline=None, options=None):
        """Interprets function after the pipeline with inputs (dicts of
        schema/run-values.schema.json, or numpy arrays); returns the
        CompileResult, whose .results are the function's results (numpy
        arrays for shaped ones when numpy is importable), .run_output what
        it printed and .run_stats the interpreter's counts."""
        result = self.compile(program, pipeline=pipeline, artifacts=("report",), run=function,
                              inputs=list(inputs), options=options)
        result.results = result.artifacts["run"]
        return result

    def pipelines(self):
        """Passes, their options, the default pipeline and the artifacts."""
        return self._request("GET", "/v1/pipelines")

    def version(self):
        return self._request("GET", "/v1/version")
