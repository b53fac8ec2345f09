/*
 * bufferd playground: edit an MLIR tensor program, compile it on this
 * daemon, and see where every buffer goes.
 *
 * Plain browser JavaScript, no build step, no libraries: the daemon serves
 * this file as it is (server/playground.c). The page talks only to its own
 * daemon: GET /v1/pipelines and /v1/examples at start, POST /v1/compile to
 * compile, GET /v1/artifacts/{key} to restore a permalink (#key=...).
 *
 * The bufferization view joins two answers: the report artifact (every
 * allocation and copy with its reason and source location) and, when the
 * pipeline starts with one-shot-bufferize, a second compile of the same
 * program with the analysis only (test-analysis-only, dump-alias-sets) as
 * the json artifact, whose ops carry their in-place decisions per operand,
 * their alias sets and their source locations.
 */
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  pipelines: null,       // GET /v1/pipelines
  examples: [],          // GET /v1/examples
  lastResult: null,      // the compile response shown
  lastProgram: "",       // the program text it was compiled from
  marks: new Map(),      // line -> [{kind, glyph, text}]
  lineClass: new Map(),  // line -> class of the line's background
  lineInfo: new Map(),   // line -> in-place decisions and alias sets (hover)
  diagnostics: [],
  busy: false,
};
// Artifacts offered besides memref and report, which are always asked for.
const OPTIONAL_ARTIFACTS = ["llvm", "ptx", "json"];
const TABS = [
  ["bufferization", "Bufferization"], ["memref", "memref IR"], ["diff", "Diff"],
  ["llvm", "LLVM IR"], ["ptx", "PTX"], ["gpu-manifest", "Manifest"],
  ["report", "Report"], ["run", "Run"], ["json", "JSON"], ["diagnostics", "Diagnostics"],
];

/* ---- small helpers ---- */

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function bytes(n) {
  if (n === null || n === undefined) return "dynamic";
  if (n < 1024) return n + " B";
  if (n < 1 << 20) return (n / 1024).toFixed(1) + " KiB";
  return (n / (1 << 20)).toFixed(1) + " MiB";
}

function setStatus(kind, text) {
  const s = $("status");
  s.className = kind;
  s.textContent = text;
}

/* ---- the daemon ---- */

class ApiError extends Error {
  constructor(status, body, retryAfter) {
    const e = body && body.error ? body.error : {};
    super(e.message || "HTTP " + status);
    this.status = status;
    this.code = e.code || "";
    this.diagnostics = e.diagnostics || [];
    this.retryAfter = retryAfter;
  }
}

async function api(method, path, body) {
  const headers = {};
  const token = sessionStorage.getItem("bufferd-token");
  if (token) headers["Authorization"] = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let resp;
  try {
    resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, { error: { code: "unreachable", message: "the daemon cannot be reached (is bufferd running?)" } });
  }
  let doc = null;
  const text = await resp.text();
  try { doc = text ? JSON.parse(text) : null; } catch (e) { doc = null; }
  if (!resp.ok) throw new ApiError(resp.status, doc, resp.headers.get("Retry-After"));
  return doc;
}

/* What to tell the user about a failed request, honestly and briefly. */
function describeError(e) {
  switch (e.status) {
    case 0: return "Daemon unreachable: " + e.message + ".";
    case 401: return "This daemon needs a token (open \u201cToken\u201d above): " + e.message + ".";
    case 403: return "This token may only read; compiling needs the write token.";
    case 413: return "Too large for this daemon (" + e.code + "): " + e.message + ".";
    case 422: return "The program has errors: " + e.diagnostics.length + " diagnostic(s), marked in the editor.";
    case 503: return "The daemon is busy (" + e.message + ")" +
      (e.retryAfter ? "; retry in " + e.retryAfter + " s." : ".");
    case 504: return "Timed out: " + e.message + ".";
    default: return "Error " + e.status + " (" + e.code + "): " + e.message;
  }
}

/* ---- the editor ---- */

const TOKEN_RE = new RegExp([
  /(\/\/.*$)/.source,                                  // comment
  /("(?:[^"\\]|\\.)*")/.source,                        // string
  /(%[\w.$-]+(?:#\d+)?|\^[\w.$-]+)/.source,            // SSA value, block
  /(@[\w.$-]+)/.source,                                // symbol
  /(\b(?:tensor|memref|vector)<[^>]*>|\b(?:index|[isu]i?\d+|f16|bf16|f32|f64)\b)/.source, // type
  /(#[\w.$-]+)/.source,                                // attribute alias
  /(\b[a-z_]+\.[\w.]+\b)/.source,                      // op name
  /(-?\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b)/.source,        // number
].join("|"), "g");
const TOKEN_CLASSES = ["comment", "string", "value", "symbol", "type", "attr", "op", "number"];

function highlightLine(line) {
  let out = "", last = 0;
  for (const m of line.matchAll(TOKEN_RE)) {
    out += escapeHtml(line.slice(last, m.index));
    const k = m.slice(1).findIndex((g) => g !== undefined);
    out += '<span class="tk-' + TOKEN_CLASSES[k] + '">' + escapeHtml(m[0]) + "</span>";
    last = m.index + m[0].length;
  }
  return out + escapeHtml(line.slice(last));
}

function renderEditor() {
  const lines = $("source").value.split("\n");
  let html = "";
  lines.forEach((line, i) => {
    const cls = state.lineClass.get(i + 1);
    html += '<span class="l' + (cls ? " " + cls : "") + '" data-line="' + (i + 1) + '">' +
      (highlightLine(line) || " ") + "</span>";
  });
  $("highlight").innerHTML = html;
  const gutter = $("gutter");
  gutter.replaceChildren();
  lines.forEach((_, i) => {
    const marks = el("span", { class: "marks" });
    for (const m of state.marks.get(i + 1) || [])
      marks.append(el("span", { class: "mark " + m.kind, title: m.text, "data-kind": m.kind,
                                "data-reason": m.reason || "" }, m.glyph));
    const hover = (state.marks.get(i + 1) || []).map((m) => m.text).concat(state.lineInfo.get(i + 1) || []);
    gutter.append(el("div", { "data-line": i + 1, title: hover.join("\n") }, marks, String(i + 1)));
  });
  syncScroll();
}

function syncScroll() {
  const ta = $("source");
  $("highlight").scrollTop = ta.scrollTop;
  $("highlight").scrollLeft = ta.scrollLeft;
  $("gutter").scrollTop = ta.scrollTop;
}

function goToLine(line, col) {
  const ta = $("source");
  const lines = ta.value.split("\n");
  let pos = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  pos += Math.max(0, (col || 1) - 1);
  ta.focus();
  ta.setSelectionRange(pos, pos);
  ta.scrollTop = Math.max(0, (line - 5) * 20);
  syncScroll();
}

function addMark(line, kind, glyph, text, reason) {
  if (!line) return;
  if (!state.marks.has(line)) state.marks.set(line, []);
  state.marks.get(line).push({ kind, glyph, text, reason });
}

function clearAnnotations() {
  state.marks = new Map();
  state.lineClass = new Map();
  state.lineInfo = new Map();
}

/* ---- pickers ---- */

async function loadPipelines() {
  state.pipelines = await api("GET", "/v1/pipelines");
  const p = state.pipelines;
  const select = $("passes"), list = $("passes-list");
  for (const pass of p.passes) {
    const opts = pass.options.map((o) => o.name + (o.default ? "=" + o.default : "")).join(" ");
    select.append(el("option", { value: pass.name, title: pass.summary + (opts ? "\noptions: " + opts : "") },
                     pass.name + " \u2014 " + pass.summary));
    list.append(el("option", { value: pass.name }));
  }
  if (!$("pipeline").value) $("pipeline").value = p.default_pipeline;
  const fieldset = $("artifact-choice");
  for (const name of OPTIONAL_ARTIFACTS.filter((a) => p.artifacts.includes(a))) {
    const info = (p.artifact_info || []).find((a) => a.name === name);
    fieldset.append(el("label", { title: info ? info.summary : "" },
                       el("input", { type: "checkbox", id: "emit-" + name, value: name }), name));
  }
}

async function loadExamples() {
  const doc = await api("GET", "/v1/examples");
  state.examples = doc.examples;
  for (const ex of doc.examples)
    $("examples").append(el("option", { value: ex.name, title: ex.purpose }, ex.name));
}

function pickExample(name) {
  const ex = state.examples.find((e) => e.name === name);
  if (!ex) return;
  $("source").value = ex.program;
  $("run-function").value = "main";
  clearAnnotations();
  renderEditor();
  $("pipeline-help").textContent = ex.purpose;
}

function addPass(name) {
  if (!name) return;
  const p = $("pipeline");
  p.value = p.value.trim() ? p.value.trim() + "," + name : name;
  $("passes").value = "";
  // Say what the pass does and which options it takes: name{opt=value ...}.
  const pass = state.pipelines.passes.find((q) => q.name === name);
  if (pass)
    $("pipeline-help").textContent = name + ": " + pass.summary + (pass.options.length
      ? " Options (" + name + "{opt=value ...}): " + pass.options.map((o) =>
          o.name + " (" + o.kind + (o.values ? ": " + o.values.join("|") : "") +
          (o.default ? ", default " + o.default : "") + ")").join("; ")
      : "");
  p.focus();
}

/* ---- compiling ---- */

function wantedArtifacts() {
  const list = ["memref", "report"];
  for (const name of OPTIONAL_ARTIFACTS) {
    const box = $("emit-" + name);
    if (box && box.checked) list.push(name);
  }
  if ($("run-enabled").checked) list.push("run");
  return list;
}

function compileRequest() {
  const req = { program: $("source").value, file: "playground.mlir", artifacts: wantedArtifacts() };
  const pipeline = $("pipeline").value.trim();
  if (pipeline && (!state.pipelines || pipeline !== state.pipelines.default_pipeline)) req.pipeline = pipeline;
  if ($("run-enabled").checked) {
    req.run = { function: $("run-function").value.trim().replace(/^@/, "") || "main" };
    const inputs = $("run-inputs").value.trim();
    if (inputs) req.run.inputs = JSON.parse(inputs);
  }
  return req;
}

/* The analysis-only form of the pipeline's leading one-shot-bufferize, or
 * null when the pipeline does not start with it. */
function analysisPipeline(pipeline) {
  const m = /^\s*one-shot-bufferize(?:\{([^}]*)\})?/.exec(pipeline);
  if (!m) return null;
  const opts = (m[1] || "").split(/\s+/).filter((o) => o && !/^(test-analysis-only|dump-alias-sets|print-conflicts)/.test(o));
  return "one-shot-bufferize{" + opts.concat(["test-analysis-only", "dump-alias-sets"]).join(" ") + "}";
}

async function compile() {
  if (state.busy) return;
  let req;
  try {
    req = compileRequest();
  } catch (e) {
    setStatus("error", "The run inputs are not valid JSON: " + e.message);
    $("run-inputs").focus();
    return;
  }
  state.busy = true;
  $("compile").disabled = true;
  setStatus("busy", "Compiling\u2026");
  const started = performance.now();
  try {
    const result = await api("POST", "/v1/compile", req);
    const analysis = await analyse(req);
    const ms = Math.round(performance.now() - started);
    showResult(req, result, analysis);
    setStatus("ok", "Compiled in " + ms + " ms (cache " + result.cache + ", key " + result.key.slice(0, 12) + "\u2026)." +
              summaryLine(result));
    history.replaceState(null, "", "#key=" + result.key);
    updatePermalink(result.key);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    showFailure(req, e);
  } finally {
    state.busy = false;
    $("compile").disabled = false;
  }
}

/* The analysis-only compile; null when it does not apply or fails (the
 * view then shows the report alone). */
async function analyse(req) {
  const pipeline = analysisPipeline(req.pipeline || (state.pipelines ? state.pipelines.default_pipeline : ""));
  if (!pipeline) return null;
  try {
    const doc = await api("POST", "/v1/compile", { program: req.program, file: req.file, pipeline, artifacts: ["json"] });
    return JSON.parse(doc.artifacts.json);
  } catch (e) {
    return null;
  }
}

function summaryLine(result) {
  const report = parseReport(result);
  if (!report) return "";
  const allocs = report.records.filter((r) => r.kind === "alloc").length;
  const copies = report.records.filter((r) => r.kind === "copy").length;
  return " " + allocs + " allocation(s), " + copies + " copy(ies).";
}

function parseReport(result) {
  try {
    return result.artifacts.report ? JSON.parse(result.artifacts.report) : null;
  } catch (e) {
    return null;
  }
}

function showFailure(req, e) {
  clearAnnotations();
  $("permalink").hidden = true;
  state.diagnostics = e.diagnostics;
  for (const d of e.diagnostics) {
    addMark(d.line, "diag", "!", d.severity + ": " + d.message, d.message);
    state.lineClass.set(d.line, "err");
  }
  renderEditor();
  renderDiagnostics(e.diagnostics);
  if (e.status === 422) selectTab("diagnostics");
  setStatus("error", describeError(e));
}

/* ---- results ---- */

function showResult(req, result, analysis) {
  state.lastResult = result;
  state.lastProgram = req.program;
  state.diagnostics = result.diagnostics || [];
  clearAnnotations();
  const report = parseReport(result);
  const inplace = analysis ? collectInplace(analysis) : [];
  if (report) {
    for (const r of report.records) {
      const glyph = r.kind === "alloc" ? "A" : "C";
      addMark(r.loc.line, r.kind, glyph, r.kind + " (" + bytes(r.bytes) + "): " + r.reason + " \u2014 " + r.op, r.reason);
    }
  }
  for (const op of inplace)
    if (op.decisions.includes("false"))
      addMark(op.line, "oop", "O", op.name + ": operand(s) " +
        op.decisions.map((d, i) => d === "false" ? "#" + i : null).filter((x) => x !== null).join(", ") +
        " out of place", "out of place");
  for (const d of state.diagnostics) addMark(d.line, "diag", "!", d.severity + ": " + d.message, d.message);
  state.lineInfo = new Map();
  for (const op of inplace) {
    const text = op.name + ": operands " + op.decisions.map((d, i) => "#" + i + " " +
      (d === "true" ? "in place" : d === "false" ? "out of place" : "-")).join(", ") +
      (op.aliasSets.length ? "; alias sets " + op.aliasSets.join(", ") : "");
    state.lineInfo.set(op.line, (state.lineInfo.get(op.line) || []).concat([text]));
  }
  renderEditor();
  renderBufferization(report, inplace, result);
  for (const [name] of TABS) {
    if (name === "bufferization" || name === "diagnostics" || name === "diff") continue;
    const text = result.artifacts[name];
    pane(name).replaceChildren(text === undefined
      ? el("p", { class: "empty" }, "Not asked for: tick \u201c" + name + "\u201d above and compile.")
      : name === "run" ? renderRun(text, result.run_stats) : el("pre", { id: "text-" + name }, text));
  }
  renderDiff(req.program, result.artifacts.memref || "");
  renderDiagnostics(state.diagnostics);
  updateTabCounts(result, report);
}

/* Ops of the analysis program with their in-place decisions, in order. */
function collectInplace(program) {
  const out = [];
  const walk = (op) => {
    const attrs = op.attributes || {};
    const decided = attrs.__inplace_operands_attr__;
    if (decided) {
      let decisions = [];
      try { decisions = JSON.parse(decided); } catch (e) { decisions = []; }
      // mlir-opt's dump-alias-sets form: per result, the names of the
      // values in its alias set, e.g. [["%inserted", "%arg0"]].
      let sets = [];
      try {
        sets = JSON.parse(attrs.__opresult_alias_set_attr__ || "[]")
          .map((names) => "{" + names.join(", ") + "}");
      } catch (e) { sets = []; }
      out.push({ name: op.name, line: op.loc ? op.loc.line : 0, decisions, aliasSets: sets });
    }
    for (const region of op.regions || [])
      for (const block of region.blocks || [])
        for (const inner of block.ops || []) walk(inner);
  };
  walk(program.module);
  return out;
}

function highlightRecord(lines) {
  state.lineClass = new Map();
  for (const d of state.diagnostics) state.lineClass.set(d.line, "err");
  for (const [line, cls] of lines) if (line) state.lineClass.set(line, cls);
  renderEditor();
}

function recordText(r) {
  let text = r.reason;
  if (r.conflict)
    text += ": the read by " + r.conflict.read.op + " (line " + r.conflict.read.loc.line +
      ") needs the old contents the write by " + r.conflict.write.op + " (line " + r.conflict.write.loc.line + ") would clobber";
  else if (r.value)
    text += ": the value comes from " + r.value.op + " (line " + r.value.loc.line + ")";
  return text;
}

function renderBufferization(report, inplace, result) {
  const p = pane("bufferization");
  p.replaceChildren();
  if (!report) {
    p.append(el("p", { class: "empty" }, "No report."));
    return;
  }
  p.append(el("h2", {}, "Allocations and copies, by source line"));
  if (!report.records.length) p.append(el("p", { class: "empty", id: "no-records" }, "None: every tensor is bufferized in place."));
  const list = el("ul", { class: "records", id: "records" });
  report.records.forEach((r, i) => {
    const lines = [[r.loc.line, "cause"]];
    if (r.conflict) lines.push([r.conflict.read.loc.line, "read"], [r.conflict.write.loc.line, "write"]);
    const button = el("button", {
      type: "button", "data-line": r.loc.line, "data-kind": r.kind, "data-reason": r.reason, id: "record-" + i,
      title: "Enter: show the line in the editor",
      onclick: () => { highlightRecord(lines); goToLine(r.loc.line, r.loc.col); },
      onfocus: () => highlightRecord(lines), onmouseenter: () => highlightRecord(lines),
    }, el("span", { class: "kind " + r.kind }, r.kind), " line " + r.loc.line + " \u00b7 " + (r.op || "?") +
       (r.operand !== null && r.operand !== undefined ? " operand #" + r.operand : "") + " \u00b7 " + bytes(r.bytes) +
       (r.function ? " \u00b7 @" + r.function : "") + " \u2014 ", el("span", { class: "why" }, recordText(r)));
    list.append(el("li", {}, button));
  });
  p.append(list);

  p.append(el("h2", {}, "Per function"));
  p.append(table(["function", "allocations", "copies", "static bytes", "dynamic allocs", "peak live bytes"],
    report.functions.map((f) => ["@" + f.name, f.allocations, f.copies, bytes(f.static_bytes), f.dynamic_allocations,
                                 f.peak_live_bytes === null ? "depends on the run" : bytes(f.peak_live_bytes)]), "functions"));
  if (result.run_stats) {
    const s = result.run_stats;
    p.append(el("h2", {}, "The run"));
    p.append(table(["steps", "heap allocations", "copies", "copied bytes", "peak heap bytes", "peak live bytes"],
      [[s.steps, s.heap_allocs, s.copies, bytes(s.copied_bytes), bytes(s.peak_heap_bytes), bytes(s.peak_live_bytes)]], "run-stats"));
  }
  if (inplace.length) {
    p.append(el("h2", {}, "Tensor operands: in place or out of place"));
    p.append(table(["line", "op", "operands", "alias sets"],
      inplace.map((op) => [op.line, op.name, el("span", {}, op.decisions.map((d, i) =>
        el("span", { class: "inplace-" + d, title: "operand #" + i + ": " + (d === "true" ? "in place" : d === "false" ? "out of place (copied)" : "not a tensor") },
           "#" + i + (d === "true" ? " in place " : d === "false" ? " OUT OF PLACE " : " \u2013 ")))), op.aliasSets.join(", ")]), "inplace"));
  } else {
    p.append(el("p", { class: "empty" }, "In-place decisions per operand appear when the pipeline starts with one-shot-bufferize."));
  }
}

function table(head, rows, id) {
  return el("table", { id },
    el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))),
    el("tbody", {}, rows.map((row) => el("tr", {}, row.map((c) => el("td", { class: typeof c === "number" ? "num" : null }, c))))));
}

/* The run artifact: what the program printed, then its results (JSON). */
function renderRun(text, stats) {
  const box = el("div", {});
  const lines = text.replace(/\n+$/, "").split("\n");
  let results = null;
  if (lines.length) {
    try { results = JSON.parse(lines[lines.length - 1]); lines.pop(); } catch (e) { results = null; }
  }
  if (lines.join("").trim()) box.append(el("h2", {}, "Printed"), el("pre", { id: "run-printed" }, lines.join("\n")));
  if (Array.isArray(results)) {
    box.append(el("h2", {}, "Results"));
    results.forEach((v, i) => {
      if (v.data) {
        const shape = v.shape || [v.data.length];
        const cols = shape.length ? shape[shape.length - 1] || 1 : 1;
        const rows = [];
        for (let r = 0; r * cols < v.data.length; r++) rows.push(v.data.slice(r * cols, (r + 1) * cols));
        box.append(el("p", {}, "#" + i + " " + v.type + " shape [" + shape.join(", ") + "]"),
                   table(Array.from({ length: cols }, (_, c) => String(c)), rows.map((row) => row.map((x) => x)), "run-result-" + i));
      } else {
        box.append(el("p", {}, "#" + i + " " + v.type + " = " + JSON.stringify(v.value)));
      }
    });
  }
  if (stats) box.append(el("p", {}, "steps " + stats.steps + ", heap allocations " + stats.heap_allocs + ", copies " + stats.copies));
  return box;
}

/* A line diff of the program against the memref IR (longest common subsequence). */
function renderDiff(a, b) {
  const x = a.split("\n"), y = b.split("\n");
  const p = pane("diff");
  if (x.length * y.length > 4e6) {
    p.replaceChildren(el("p", { class: "empty" }, "Too large to diff here."));
    return;
  }
  const n = x.length, m = y.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = x[i].trim() === y[j].trim() ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out = el("pre", { class: "diff" });
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i].trim() === y[j].trim()) { out.append(el("div", {}, "  " + y[j])); i++; j++; }
    else if (j < m && (i >= n || lcs[i][j + 1] >= lcs[i + 1][j])) { out.append(el("div", { class: "add" }, "+ " + y[j])); j++; }
    else { out.append(el("div", { class: "del" }, "- " + x[i])); i++; }
  }
  p.replaceChildren(out);
}

function renderDiagnostics(diags) {
  const p = pane("diagnostics");
  if (!diags.length) {
    p.replaceChildren(el("p", { class: "empty" }, "No diagnostics."));
    return;
  }
  const list = el("ul", { class: "records diag-list", id: "diagnostic-list" });
  for (const d of diags) {
    list.append(el("li", {}, el("button", { type: "button", "data-line": d.line, onclick: () => goToLine(d.line, d.col) },
      (d.file || "") + ":" + d.line + ":" + d.col + ": " + d.severity + ": " + d.message)));
    for (const n of d.notes || [])
      list.append(el("li", {}, el("button", { type: "button", "data-line": n.line, onclick: () => goToLine(n.line, n.col) },
        "  " + n.line + ":" + n.col + ": note: " + n.message)));
  }
  p.replaceChildren(list);
  updateTabCount("diagnostics", diags.length);
}

/* ---- tabs ---- */

function pane(name) { return $("pane-" + name); }

function buildTabs() {
  for (const [name, label] of TABS) {
    $("tabs").append(el("button", { type: "button", role: "tab", id: "tab-" + name, "aria-controls": "pane-" + name,
      "aria-selected": "false", onclick: () => selectTab(name) }, label, el("span", { class: "n" })));
    $("panes").append(el("div", { class: "pane", id: "pane-" + name, role: "tabpanel", "aria-labelledby": "tab-" + name, hidden: true, tabindex: "0" },
      el("p", { class: "empty" }, "Compile to see this.")));
  }
  $("tabs").addEventListener("keydown", (e) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const names = TABS.map((t) => t[0]);
    const current = names.findIndex((n) => $("tab-" + n).getAttribute("aria-selected") === "true");
    const next = names[(current + (e.key === "ArrowRight" ? 1 : names.length - 1)) % names.length];
    selectTab(next);
    $("tab-" + next).focus();
  });
  selectTab("bufferization");
}

function selectTab(name) {
  for (const [n] of TABS) {
    $("tab-" + n).setAttribute("aria-selected", n === name ? "true" : "false");
    $("tab-" + n).tabIndex = n === name ? 0 : -1;
    pane(n).hidden = n !== name;
  }
}

function updateTabCount(name, n) {
  const span = $("tab-" + name).querySelector(".n");
  span.textContent = n ? " (" + n + ")" : "";
}

function updateTabCounts(result, report) {
  updateTabCount("bufferization", report ? report.records.length : 0);
  updateTabCount("diagnostics", (result.diagnostics || []).length);
}

/* ---- permalinks ---- */

function updatePermalink(key) {
  const a = $("permalink");
  a.href = location.pathname + "#key=" + key;
  a.textContent = "permalink #key=" + key.slice(0, 12) + "\u2026";
  a.hidden = false;
}

/* Restores the program, pipeline and outputs stored under key. */
async function restore(key) {
  setStatus("busy", "Restoring " + key.slice(0, 12) + "\u2026");
  try {
    const doc = await api("GET", "/v1/artifacts/" + key);
    let req = doc.request;
    if (!req) {
      // Entries stored before requests were kept: the canonical program.
      const info = await api("GET", "/v1/keys/" + key);
      req = { program: info.components.canonical_ir, pipeline: info.components.pipeline, artifacts: [] };
    }
    $("source").value = typeof req.program === "string" ? req.program : JSON.stringify(req.program, null, 2);
    const example = state.examples.find((e) => e.program === $("source").value);
    $("examples").value = example ? example.name : "";
    $("pipeline-help").textContent = example ? example.purpose : "";
    $("pipeline").value = req.pipeline || (state.pipelines ? state.pipelines.default_pipeline : "");
    for (const name of OPTIONAL_ARTIFACTS) {
      const box = $("emit-" + name);
      if (box) box.checked = (req.artifacts || []).includes(name);
    }
    $("run-enabled").checked = !!req.run;
    if (req.run) {
      $("run-function").value = req.run.function;
      $("run-inputs").value = req.run.inputs ? JSON.stringify(req.run.inputs) : "";
    }
    const full = { program: $("source").value, file: req.file || "playground.mlir", pipeline: req.pipeline };
    showResult(full, doc, await analyse(full));
    updatePermalink(key);
    setStatus("ok", "Restored from key " + key.slice(0, 12) + "\u2026." + summaryLine(doc));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    setStatus("error", e.status === 404 ? "Nothing is stored under this permalink's key (evicted, or compiled elsewhere)." : describeError(e));
  }
}

/* ---- start ---- */

async function start() {
  buildTabs();
  const ta = $("source");
  ta.addEventListener("input", () => {
    // The markers and the permalink describe the text as it was compiled.
    clearAnnotations();
    renderEditor();
    $("permalink").hidden = true;
  });
  ta.addEventListener("scroll", syncScroll);
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
      e.preventDefault();
      compile();
    }
  });
  $("compile").addEventListener("click", compile);
  $("examples").addEventListener("change", (e) => pickExample(e.target.value));
  $("passes").addEventListener("change", (e) => addPass(e.target.value));
  $("default-pipeline").addEventListener("click", () => {
    if (state.pipelines) $("pipeline").value = state.pipelines.default_pipeline;
  });
  const token = $("token");
  token.value = sessionStorage.getItem("bufferd-token") || "";
  token.addEventListener("change", () => {
    sessionStorage.setItem("bufferd-token", token.value.trim());
    startLists();
  });
  renderEditor();
  await startLists();
}

async function startLists() {
  setStatus("busy", "Asking the daemon for its pipelines and examples\u2026");
  try {
    if (!state.pipelines) await loadPipelines();
    if (!state.examples.length) await loadExamples();
    const m = /#key=([0-9a-f]{64})/.exec(location.hash);
    if (!m && !$("source").value && state.examples.length) {
      $("examples").value = state.examples[0].name;
      pickExample(state.examples[0].name);
    }
    if (m) await restore(m[1]);
    else setStatus("idle", "Ready. Pick an example or write a program; Ctrl+Enter compiles.");
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    setStatus("error", describeError(e));
  }
}

start();
