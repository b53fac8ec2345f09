"""What a compile gives back, as Python objects: the result with its
artifacts, its diagnostics, and the errors raised for failed requests.

Artifacts are decoded by what they hold: text (memref, llvm, ptx) stays a
str, obj becomes bytes, report/json/gpu-manifest become parsed JSON, and
run becomes the list of the function's results (what the program printed
is ``result.run_output``).
"""
import base64
import json

from . import values

# Artifacts whose text is JSON.
JSON_ARTIFACTS = ("report", "json", "gpu-manifest")
BINARY_ARTIFACTS = ("obj",)


class Diagnostic:
    """A located message: file:line:col, severity, text, and its notes."""

    def __init__(self, doc):
        self.file = doc.get("file")
        self.line = doc.get("line", 0)
        self.col = doc.get("col", 0)
        self.severity = doc.get("severity", "error")
        self.message = doc.get("message", "")
        self.notes = [Diagnostic(n) for n in doc.get("notes", [])]

    def __str__(self):
        text = "%s:%d:%d: %s: %s" % (self.file or "<input>", self.line, self.col,
                                     self.severity, self.message)
        return "\n".join([text] + ["  " + str(n) for n in self.notes])

    def __repr__(self):
        return "Diagnostic(%r)" % str(self)


class BufferdError(Exception):
    """A request the daemon (or buffer-opt) refused or could not answer.

    status is the HTTP status (0: the daemon could not be reached), code
    the error code of schema/error.schema.json, diagnostics the located
    messages (a list of Diagnostic), retry_after the seconds a 503 asked
    to wait (or None)."""

    def __init__(self, status, code, message, diagnostics=(), retry_after=None, key=None):
        self.status = status
        self.code = code
        self.message = message
        self.diagnostics = [d if isinstance(d, Diagnostic) else Diagnostic(d) for d in diagnostics]
        self.retry_after = retry_after
        self.key = key
        text = "%s (%s%s)" % (message, code, ", HTTP %d" % status if status else "")
        if self.diagnostics:
            text += "\n" + "\n".join(str(d) for d in self.diagnostics)
        super().__init__(text)


class ProgramError(BufferdError):
    """422: the program has errors; diagnostics locate them."""


class RequestError(BufferdError):
    """400: an unknown pass, option or artifact, or a malformed request."""


class AuthError(BufferdError):
    """401 or 403: no token, a wrong one, or a read-only one for a compile."""


class LimitError(BufferdError):
    """413: the program, the pipeline or the run is over a limit of the server."""


class UnavailableError(BufferdError):
    """503 (after the retries) or the daemon cannot be reached (status 0)."""


class TimeoutError(BufferdError):  # noqa: A001 (the daemon's 504, not the builtin)
    """504: the compile or the run missed its deadline."""


ERRORS = {400: RequestError, 401: AuthError, 403: AuthError, 413: LimitError, 422: ProgramError,
          503: UnavailableError, 504: TimeoutError}


def error_from(status, doc, retry_after=None):
    e = (doc or {}).get("error", {}) if isinstance(doc, dict) else {}
    cls = ERRORS.get(status, BufferdError)
    return cls(status, e.get("code", "http_%d" % status), e.get("message", "HTTP %d" % status),
               e.get("diagnostics", []), retry_after, e.get("key"))


def split_run_output(text):
    """The run artifact's text as (printed output, results): the results
    are the JSON array on its last line, when there is one."""
    lines = text.rstrip("\n").split("\n") if text else []
    if lines:
        try:
            results = json.loads(lines[-1])
            if isinstance(results, list):
                return "\n".join(lines[:-1]) + ("\n" if len(lines) > 1 else ""), results
        except ValueError:
            pass
    return text, []


class CompileResult:
    """A successful compile (or a fetch by key).

    key, cache ("hit"/"miss"; None offline), artifacts (dict, decoded),
    diagnostics (warnings and remarks), timings (seconds per phase), report
    (the parsed bufferization report, or None), run_stats, run_output, and
    request (the request that made the entry, on a fetch by key)."""

    def __init__(self, doc, program=None, numpy=False):
        self.key = doc.get("key")
        self.cache = doc.get("cache")
        self.diagnostics = [Diagnostic(d) for d in doc.get("diagnostics", [])]
        self.timings = doc.get("timings", {})
        self.run_stats = doc.get("run_stats")
        self.pipeline = doc.get("pipeline")
        self.request = doc.get("request")
        if program is None and self.request and isinstance(self.request.get("program"), str):
            program = self.request["program"]
        self.program = program
        self.run_output = None
        self.artifacts = {}
        for name, text in doc.get("artifacts", {}).items():
            if name in BINARY_ARTIFACTS:
                self.artifacts[name] = base64.b64decode(text)
            elif name in JSON_ARTIFACTS:
                self.artifacts[name] = json.loads(text)
            elif name == "run":
                self.run_output, results = split_run_output(text)
                self.artifacts[name] = values.decode_all(results, numpy)
            else:
                self.artifacts[name] = text

    @property
    def report(self):
        return self.artifacts.get("report")

    def __getitem__(self, name):
        return self.artifacts[name]

    def __repr__(self):
        return "CompileResult(key=%r, cache=%r, artifacts=%r)" % (
            self.key, self.cache, sorted(self.artifacts))

    def _repr_html_(self):
        from . import view
        return view.html_view(self)
