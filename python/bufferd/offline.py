"""The same API without a daemon: buffer-opt as a subprocess.

    client = bufferd.OfflineClient("build/bin/buffer-opt")
    result = client.compile(program, artifacts=("memref", "report"))

Each artifact is one buffer-opt run (--emit=NAME), the run one more
(--run=F --inputs=FILE --run-stats). Results have no key and no cache
state; diagnostics come from buffer-opt's "file:line:col: severity: text"
lines, and a failing program raises ProgramError like a 422.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile

from . import results, values

DIAGNOSTIC_RE = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note|remark): (.*)$")
RUN_STATS_RE = re.compile(r"^run-stats: (.*)$", re.M)


def parse_diagnostics(stderr):
    """buffer-opt's located messages as diagnostics dicts (notes attached
    to the message before them)."""
    out = []
    for line in stderr.splitlines():
        m = DIAGNOSTIC_RE.match(line)
        if not m:
            continue
        d = {"file": m.group(1), "line": int(m.group(2)), "col": int(m.group(3)),
             "severity": m.group(4), "message": m.group(5)}
        if d["severity"] == "note" and out:
            out[-1].setdefault("notes", []).append(d)
        else:
            out.append(d)
    return out


class OfflineClient:
    """compile/run/explain through buffer-opt, in this process's machine."""

    def __init__(self, buffer_opt=None, timeout=300.0, numpy=None):
        self.buffer_opt = buffer_opt or shutil.which("buffer-opt") or "buffer-opt"
        self.timeout = timeout
        self.numpy = values.numpy is not None if numpy is None else numpy

    def _run(self, args, source):
        proc = subprocess.run([self.buffer_opt] + args + [source], capture_output=True,
                              timeout=self.timeout)
        stderr = proc.stderr.decode(errors="replace")
        if proc.returncode != 0:
            diags = parse_diagnostics(stderr)
            if diags:
                raise results.ProgramError(0, "program_error", "the program has errors", diags)
            raise results.RequestError(0, "bad_request", stderr.strip() or "buffer-opt failed")
        return proc.stdout, stderr

    def compile(self, program, pipeline=None, artifacts=("memref",), emit=None, file=None,
                run=None, inputs=None, options=None):
        wanted = emit if emit is not None else artifacts
        if isinstance(wanted, str):
            wanted = [a for a in wanted.split(",") if a]
        wanted = [a for a in wanted if a != "run"]
        pipe = ["--pass-pipeline=" + pipeline] if pipeline else ["--default-pipeline"]
        extra = []
        for name, value in (options or {}).items():
            if name == "gpu-arch":
                extra.append("--gpu-arch=" + value)
            elif name == "run-max-steps":
                extra.append("--run-max-steps=%d" % value)
            else:
                raise results.RequestError(0, "bad_request", "option %r is not offered offline" % name)
        with tempfile.TemporaryDirectory(prefix="bufferd-offline-") as tmp:
            source = os.path.join(tmp, file or "input.mlir")
            is_text = isinstance(program, str)
            with open(source, "w") as f:
                f.write(program if is_text else json.dumps(program))
            fmt = [] if is_text else ["--input-format=json"]
            doc = {"artifacts": {}, "diagnostics": []}
            for name in wanted:
                out, _ = self._run(pipe + fmt + extra + ["--emit=" + name], source)
                if name in results.BINARY_ARTIFACTS:
                    import base64
                    doc["artifacts"][name] = base64.b64encode(out).decode()
                else:
                    doc["artifacts"][name] = out.decode()
            if run:
                args = pipe + fmt + extra + ["--run=" + run, "--run-stats"]
                if inputs is not None:
                    path = os.path.join(tmp, "inputs.json")
                    with open(path, "w") as f:
                        json.dump(values.encode_all(inputs), f)
                    args.append("--inputs=" + path)
                out, err = self._run(args, source)
                doc["artifacts"]["run"] = out.decode()
                m = RUN_STATS_RE.search(err)
                if m:
                    doc["run_stats"] = {k: int(v) for k, v in
                                        (kv.split("=") for kv in m.group(1).split())}
        return results.CompileResult(doc, program if is_text else None, self.numpy)

    def run(self, program, function, inputs=(), pipeline=None, options=None):
        result = self.compile(program, pipeline=pipeline, artifacts=("report",), run=function,
                              inputs=list(inputs), options=options)
        result.results = result.artifacts.get("run", [])
        return result
