/*
 * compile_job.c: what a worker does with one job (runs on worker threads).
 *
 * COMPILE: parse and verify the program, print it canonically, derive the
 * cache key, then: local cache hit -> answer from it; else remote tier hit
 * -> store locally and answer; else run the pipeline, store the result
 * (successes for good, program errors for a short TTL) locally and
 * remotely, and answer. The remote tier is best effort: its failures are
 * counted and never fail a compile.
 *
 * FETCH / KEY_INFO: read an entry (or its key components) by key.
 *
 * The stored "meta" document holds what a response needs besides the
 * artifacts: {"status": 200|422, "diagnostics": [...], "timings": {...},
 * "pipeline": "...", "file": "...", "run_stats": {...} (when a function
 * ran)}.
 *
 * The key's target options hold exactly what changes the bytes of the
 * wanted artifacts (buf_artifact_def_t.uses): the file name for those that
 * show source locations (json, report, gpu-manifest), the host triple and
 * CPU for llvm/obj, the GPU architecture and libdevice's SHA-256 for ptx and
 * gpu-manifest, the LLVM optimization level for llvm, obj and ptx (so two
 * levels never share an entry), the function and its inputs for run. Run
 * limits (run-max-steps included) are not in
 * it: they decide whether a run finishes, not what it makes, so a run they
 * stop is answered (422 steps, 413 bytes) and never cached.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>

#include <openssl/evp.h>

#include "buf/compile.h"
#include "bufferd.h"

/* Base64 (RFC 4648, with padding) through OpenSSL. */
static char *base64_encode(const unsigned char *data, size_t len) {
  char *out = malloc(4 * ((len + 2) / 3) + 1);
  if (len > INT_MAX / 2) { /* EVP_EncodeBlock counts in int */
    free(out);
    return NULL;
  }
  EVP_EncodeBlock((unsigned char *)out, data, (int)len);
  return out;
}

/* Returns malloc'd bytes, or NULL when s is not valid base64. */
static unsigned char *base64_decode(const char *s, size_t *len) {
  size_t n = strlen(s);
  if (n % 4 || n > INT_MAX / 2)
    return NULL;
  unsigned char *out = malloc(n / 4 * 3 + 1);
  /* EVP_DecodeBlock keeps the bytes the padding stands for: drop them. */
  int got = EVP_DecodeBlock(out, (const unsigned char *)s, (int)n);
  if (got < 0) {
    free(out);
    return NULL;
  }
  size_t pad = n >= 1 && s[n - 1] == '=' ? (n >= 2 && s[n - 2] == '=' ? 2 : 1) : 0;
  *len = (size_t)got - pad;
  return out;
}

static const buf_artifact_def_t *artifact_def(const char *name) {
  const buf_artifact_def_t *def = buf_artifact_lookup(name);
  return def && def->service ? def : NULL;
}

static bool artifact_is_binary(const char *name) {
  const buf_artifact_def_t *def = artifact_def(name);
  return def && def->binary;
}

/* The response body for an entry. */
/* Diagnostics name the file of the request that compiled the entry ("file"
 * in meta). The file name is in the key only of artifacts that show
 * locations, so another name may hit the same entry: its diagnostics then
 * name the asking request's file. */
static void rename_diagnostics(json_t *diags, const char *from, const char *to) {
  size_t i;
  json_t *d;
  json_array_foreach(diags, i, d) {
    const char *file = json_string_value(json_object_get(d, "file"));
    if (file && strcmp(file, from) == 0)
      json_object_set_new(d, "file", json_string(to));
    rename_diagnostics(json_object_get(d, "notes"), from, to);
  }
}

/* Programs up to this size are stored with their entry as the request
 * gave them (their canonical form is in the key's components anyway). */
#define STORED_REQUEST_MAX_BYTES (1u << 20)

/* The request as given, stored in the entry's meta so that its key alone
 * restores it (GET /v1/artifacts/{key} answers it as "request"): the first
 * request that compiled the entry, whose text the report's and the
 * diagnostics' lines refer to. NULL for a program too large to keep. */
static json_t *request_json(const bd_job_t *job) {
  if (job->program_len > STORED_REQUEST_MAX_BYTES)
    return NULL;
  json_error_t jerr;
  json_t *program = job->program_is_json ? json_loadb(job->program, job->program_len, 0, &jerr)
                                         : json_stringn(job->program, job->program_len);
  json_t *artifacts = json_array();
  for (uint32_t i = 0; i < job->num_artifacts; i++)
    json_array_append_new(artifacts, json_string(job->artifacts[i]));
  json_t *o = json_pack("{s:o,s:o}", "program", program ? program : json_null(), "artifacts",
                        artifacts);
  if (job->file_name)
    json_object_set_new(o, "file", json_string(job->file_name));
  if (job->pipeline)
    json_object_set_new(o, "pipeline", json_string(job->pipeline));
  if (job->run_func) {
    json_t *inputs = job->run_inputs ? json_loads(job->run_inputs, 0, &jerr) : NULL;
    json_t *run = json_pack("{s:s}", "function", job->run_func);
    if (inputs)
      json_object_set_new(run, "inputs", inputs);
    json_object_set_new(o, "run", run);
  }
  return o;
}

/* Artifact a of entry key as the response names it with "inline": false:
 * its size and digest, and where its raw bytes are. */
static json_t *artifact_link(const char *key, const cache_artifact_t *a) {
  char sum[CACHE_KEY_HEX_LEN + 1];
  if (a->sha256[0])
    memcpy(sum, a->sha256, sizeof sum);
  else
    cache_sha256_hex(a->data, a->len, sum);
  char href[CACHE_KEY_HEX_LEN + 160];
  snprintf(href, sizeof href, "/v1/artifacts/%s/%s", key, a->name);
  return json_pack("{s:I,s:s,s:s}", "bytes", (json_int_t)a->len, "sha256", sum, "href", href);
}

static char *entry_response(const char *key, const cache_entry_t *e,
                            const char *file, bool hit, bool links, int *status) {
  json_error_t jerr;
  json_t *meta = json_loads(e->meta ? e->meta : "{}", 0, &jerr);
  if (!meta)
    meta = json_object();
  const char *stored_file = json_string_value(json_object_get(meta, "file"));
  if (file && stored_file && strcmp(file, stored_file) != 0)
    rename_diagnostics(json_object_get(meta, "diagnostics"), stored_file, file);
  *status = (int)json_integer_value(json_object_get(meta, "status"));
  if (*status == 0)
    *status = 200;
  json_t *out = json_object();
  json_object_set_new(out, "key", json_string(key));
  json_object_set_new(out, "cache", json_string(hit ? "hit" : "miss"));
  json_t *arts = json_object();
  for (size_t i = 0; i < e->num_artifacts; i++) {
    const cache_artifact_t *a = &e->artifacts[i];
    if (links) {
      json_object_set_new(arts, a->name, artifact_link(key, a));
    } else if (artifact_is_binary(a->name)) {
      char *enc = base64_encode(a->data, a->len);
      json_object_set_new(arts, a->name, json_string(enc));
      free(enc);
    } else {
      json_object_set_new(arts, a->name, json_stringn((const char *)a->data, a->len));
    }
  }
  json_object_set_new(out, "artifacts", arts);
  json_t *diags = json_object_get(meta, "diagnostics");
  json_object_set(out, "diagnostics", diags ? diags : json_array());
  json_t *timings = json_object_get(meta, "timings");
  if (timings)
    json_object_set(out, "timings", timings);
  json_t *pipeline = json_object_get(meta, "pipeline");
  if (pipeline)
    json_object_set(out, "pipeline", pipeline);
  json_t *run_stats = json_object_get(meta, "run_stats");
  if (run_stats)
    json_object_set(out, "run_stats", run_stats);
  json_t *request = json_object_get(meta, "request");
  if (request && !file) /* a fetch by key: what compiled it */
    json_object_set(out, "request", request);
  json_t *body = out;
  if (*status != 200) {
    /* A cached program error answers like a fresh one (error schema). */
    body = json_pack("{s:{s:s,s:s,s:O,s:s}}", "error", "code", "program_error",
                     "message", "the program has errors", "diagnostics",
                     diags ? diags : json_array(), "key", key);
    json_decref(out);
  }
  char *s = json_dumps(body, JSON_COMPACT);
  json_decref(body);
  json_decref(meta);
  return s;
}

/* Serializes an entry for the remote tier (self-checking: key and per-
 * artifact SHA-256 inside). */
static char *remote_blob(const char *key, const cache_entry_t *e) {
  json_t *arts = json_object();
  for (size_t i = 0; i < e->num_artifacts; i++) {
    char sum[CACHE_KEY_HEX_LEN + 1];
    cache_sha256_hex(e->artifacts[i].data, e->artifacts[i].len, sum);
    char *enc = base64_encode(e->artifacts[i].data, e->artifacts[i].len);
    json_object_set_new(arts, e->artifacts[i].name,
                        json_pack("{s:s,s:s}", "data", enc, "sha256", sum));
    free(enc);
  }
  json_t *o = json_pack("{s:s,s:i,s:s,s:s,s:s,s:o}", "format", "bufferd.entry",
                        "version", 1, "key", key, "meta", e->meta ? e->meta : "{}",
                        "components", e->components ? e->components : "{}",
                        "artifacts", arts);
  char *s = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  return s;
}

/* Parses and verifies a remote blob into e; false when it is not valid. */
static bool parse_remote_blob(const char *key, const char *blob, size_t len,
                              cache_entry_t *e) {
  memset(e, 0, sizeof *e);
  json_error_t jerr;
  json_t *o = json_loadb(blob, len, 0, &jerr);
  if (!o)
    return false;
  bool ok = false;
  const char *k = json_string_value(json_object_get(o, "key"));
  json_t *arts = json_object_get(o, "artifacts");
  if (!k || strcmp(k, key) != 0 || !json_is_object(arts))
    goto out;
  e->meta = strdup(json_string_value(json_object_get(o, "meta")) ?: "{}");
  e->components = strdup(json_string_value(json_object_get(o, "components")) ?: "{}");
  e->artifacts = calloc(json_object_size(arts) + 1, sizeof *e->artifacts);
  const char *name;
  json_t *a;
  json_object_foreach(arts, name, a) {
    const char *data = json_string_value(json_object_get(a, "data"));
    const char *sum = json_string_value(json_object_get(a, "sha256"));
    size_t n;
    unsigned char *bytes = data ? base64_decode(data, &n) : NULL;
    if (!bytes || !sum)
      goto out;
    char got[CACHE_KEY_HEX_LEN + 1];
    cache_sha256_hex(bytes, n, got);
    cache_artifact_t *dst = &e->artifacts[e->num_artifacts++];
    dst->name = strdup(name);
    dst->data = bytes;
    dst->len = n;
    if (strcmp(got, sum) != 0)
      goto out;
    memcpy(dst->sha256, got, sizeof got);
  }
  ok = true;
out:
  json_decref(o);
  if (!ok)
    cache_entry_free(e);
  return ok;
}

static json_t *timings_json(const buf_compilation_t *c) {
  json_t *t = json_pack("{s:f,s:f,s:f,s:f,s:f}", "parse", buf_compilation_time(c, "parse"),
                        "verify", buf_compilation_time(c, "verify"), "print",
                        buf_compilation_time(c, "print"), "passes",
                        buf_compilation_time(c, "passes"), "emit",
                        buf_compilation_time(c, "emit"));
  /* The phases of the lowerings inside "emit", when an artifact lowered. */
  const buf_lower_timing_t *l = buf_compilation_lower_timing(c);
  if (l) {
    json_object_set_new(t, "lower-bufferize", json_real(l->bufferize));
    json_object_set_new(t, "lower-dealloc", json_real(l->dealloc));
    json_object_set_new(t, "lower-loops", json_real(l->loops));
    json_object_set_new(t, "llvm-build", json_real(l->llvm_build));
    json_object_set_new(t, "llvm-optimize", json_real(l->llvm_optimize));
    json_object_set_new(t, "llvm-emit", json_real(l->llvm_emit));
  }
  return t;
}

static void set_error(bd_job_t *job, int status, const char *code,
                      const char *message, json_t *diagnostics) {
  json_t *err = json_pack("{s:s,s:s}", "code", code, "message", message);
  if (diagnostics)
    json_object_set_new(err, "diagnostics", diagnostics);
  if (job->key[0])
    json_object_set_new(err, "key", json_string(job->key));
  json_t *o = json_pack("{s:o}", "error", err);
  job->response = json_dumps(o, JSON_COMPACT);
  job->response_len = strlen(job->response);
  json_decref(o);
  job->http_status = status;
}

/* The answer to a compile a request bound stopped: which setting, and the
 * status that says so. Such a compile is never cached (the bounds are not
 * in the key: another server, or this one reconfigured, may finish it). */
typedef struct limit_answer {
  int status;
  const char *code;
  const char *setting;
  const char *message;
} limit_answer_t;

static const limit_answer_t limit_answers[] = {
    [BUF_LIMIT_NONE] = {422, "program_error", "", "the program has errors"},
    [BUF_LIMIT_PIPELINE_TEXT] = {413, "limit_exceeded", "max-pipeline-bytes",
                                 "the pipeline text is longer than this server allows"},
    [BUF_LIMIT_PIPELINE_PASSES] = {413, "limit_exceeded", "max-pipeline-passes",
                                   "the pipeline has more passes than this server allows"},
    [BUF_LIMIT_PIPELINE_NESTING] = {413, "limit_exceeded", "max-pipeline-depth",
                                    "the pipeline nests deeper than this server allows"},
    [BUF_LIMIT_OPS] = {413, "limit_exceeded", "max-ops",
                       "the program has more ops than this server allows"},
    [BUF_LIMIT_DEPTH] = {413, "limit_exceeded", "max-depth",
                         "the program nests deeper than this server allows"},
    [BUF_LIMIT_MEMORY] = {413, "limit_exceeded", "max-compile-bytes",
                          "the compile needed more memory than this server allows"},
    [BUF_LIMIT_TIME] = {504, "compile_timeout", "compile-timeout-ms",
                        "the compile did not finish before the deadline"},
};

static json_t *diagnostics_of(const buf_compilation_t *c);

/* Answers a compile a bound stopped; false when none did. */
static bool answer_limit(bd_job_t *job, const buf_compilation_t *c) {
  if (buf_compilation_failure(c) != BUF_COMPILE_LIMIT)
    return false;
  const limit_answer_t *a = &limit_answers[buf_compilation_limit(c)];
  char message[200];
  snprintf(message, sizeof message, "%s (%s)", a->message, a->setting);
  set_error(job, a->status, a->code, message, diagnostics_of(c));
  json_t *o = json_loads(job->response, 0, NULL);
  json_object_set_new(json_object_get(o, "error"), "limit", json_string(a->setting));
  free(job->response);
  job->response = json_dumps(o, JSON_COMPACT);
  job->response_len = strlen(job->response);
  json_decref(o);
  job->limited = true;
  return true;
}

static json_t *diagnostics_of(const buf_compilation_t *c) {
  char *text = buf_compilation_diagnostics_json(c);
  json_error_t jerr;
  json_t *d = text ? json_loads(text, 0, &jerr) : NULL;
  free(text);
  return d ? d : json_array();
}

static void answer_entry(bd_job_t *job, const cache_entry_t *e, bool hit) {
  job->response = entry_response(job->key, e,
                                 job->kind == BD_JOB_COMPILE
                                     ? (job->file_name ? job->file_name : "<request>")
                                     : NULL,
                                 hit, job->artifact_links, &job->http_status);
  job->response_len = strlen(job->response);
  job->cache_hit = hit;
}

/* Identity of the libdevice file the ptx artifact links: its SHA-256, or
 * "absent" (malloc'd). Read per compile: the file may be replaced. */
static char *libdevice_identity(void) {
  const char *path = buf_gpu_libdevice_path();
  FILE *f = fopen(path, "rb");
  if (!f)
    return strdup("absent");
  EVP_MD_CTX *md = EVP_MD_CTX_new();
  EVP_DigestInit_ex(md, EVP_sha256(), NULL);
  unsigned char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    EVP_DigestUpdate(md, buf, n);
  fclose(f);
  unsigned char digest[32];
  unsigned int dlen = 0;
  EVP_DigestFinal_ex(md, digest, &dlen);
  EVP_MD_CTX_free(md);
  char *hex = malloc(2 * sizeof digest + 1);
  for (unsigned i = 0; i < dlen; i++)
    sprintf(hex + 2 * i, "%02x", digest[i]);
  return hex;
}

/* The canonical JSON of the target options that change the wanted
 * artifacts' bytes (malloc'd); "{}" when none do. */
static char *target_options_of(const buf_compilation_t *c, const bd_job_t *job) {
  unsigned uses = buf_compilation_uses(c);
  json_t *o = json_object();
  if (uses & BUF_USES_FILE)
    json_object_set_new(o, "file", json_string(job->file_name ? job->file_name : "<request>"));
  if (uses & BUF_USES_HOST) {
    json_object_set_new(o, "triple", json_string(BUF_HOST_TRIPLE));
    json_object_set_new(o, "cpu", json_string(BUF_HOST_CPU));
  }
  if (uses & BUF_USES_GPU) {
    json_object_set_new(o, "gpu-arch",
                        json_string(job->gpu_arch ? job->gpu_arch : BUF_DEFAULT_GPU_ARCH));
    char *id = libdevice_identity();
    json_object_set_new(o, "libdevice", json_string(id));
    free(id);
  }
  if (uses & BUF_USES_LLVM) /* every level gets its own entries */
    json_object_set_new(o, "llvm-opt-level", json_integer(buf_compilation_llvm_opt_level(c)));
  if (uses & BUF_USES_RUN) {
    json_object_set_new(o, "run", json_string(job->run_func ? job->run_func : "main"));
    json_error_t jerr;
    json_t *inputs = job->run_inputs ? json_loads(job->run_inputs, 0, &jerr) : NULL;
    json_object_set_new(o, "inputs", inputs ? inputs : json_null());
  }
  char *text = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
  json_decref(o);
  return text;
}

/* The canonical IR with one line per dense_resource blob it names,
 * "// resource NAME: alignment A, N bytes, sha256 H": the blobs' bytes
 * hashed once, never printed as hex (weights are tens of megabytes). A
 * malloc'd string. */
static char *canonical_ir_with_blobs(buf_compilation_t *c) {
  const char *ir = buf_compilation_canonical_ir(c);
  uint32_t n = 0;
  const buf_resource_t **res = buf_compilation_resources(c, &n);
  size_t cap = strlen(ir) + 1, len = 0;
  for (uint32_t i = 0; i < n; i++)
    cap += strlen(res[i]->name) + 160;
  char *out = malloc(cap);
  if (!out)
    abort(); /* out of memory only */
  len = (size_t)snprintf(out, cap, "%s", ir);
  for (uint32_t i = 0; i < n; i++) {
    char hex[CACHE_KEY_HEX_LEN + 1] = "undefined";
    if (res[i]->data)
      cache_sha256_hex(res[i]->data, res[i]->size, hex);
    len += (size_t)snprintf(out + len, cap - len,
                            "// resource %s: alignment %u, %zu bytes, sha256 %s\n",
                            res[i]->name, res[i]->alignment, res[i]->size, hex);
  }
  free(res);
  return out;
}

/* Fills parts from a prepared compilation (canonical_ir and target_options
 * are malloc'd: key_parts_free). */
static void key_parts_of(buf_compilation_t *c, const bd_job_t *job,
                         cache_key_parts_t *parts) {
  *parts = (cache_key_parts_t){
      .compiler_version = BUF_COMPILER_VERSION,
      .canonical_ir = canonical_ir_with_blobs(c),
      .pipeline = buf_compilation_pipeline(c),
      .artifacts = buf_compilation_artifact_list(c),
      .target_options = target_options_of(c, job),
  };
}

static void key_parts_free(cache_key_parts_t *parts) {
  free((char *)parts->canonical_ir);
  free((char *)parts->target_options);
}

static json_t *components_json(const cache_key_parts_t *parts) {
  return json_pack("{s:i,s:s,s:s,s:s,s:s,s:s}", "key_schema", CACHE_KEY_SCHEMA_VERSION,
                   "compiler_version", parts->compiler_version, "canonical_ir",
                   parts->canonical_ir, "pipeline", parts->pipeline, "artifacts",
                   parts->artifacts, "target_options", parts->target_options);
}

/* The step limit of the job's run: the request's run-max-steps when it
 * is lower than the server's. */
static uint64_t run_step_limit(const bd_server_t *s, const bd_job_t *job) {
  uint64_t server = s->cfg->run_max_steps;
  return job->run_max_steps && (job->run_max_steps < server || !server) ? job->run_max_steps
                                                                         : server;
}

/* Parses and verifies the job's program and derives its cache key (into
 * job->key, with the parts in *parts); NULL after answering an error. */
static buf_compilation_t *prepare_job(bd_server_t *s, bd_job_t *job,
                                      cache_key_parts_t *parts) {
  bd_config_t *cfg = s->cfg;
  buf_compile_request_t req = {
      .program = job->program,
      .program_len = job->program_len,
      .program_is_json = job->program_is_json,
      .file_name = job->file_name ? job->file_name : "<request>",
      .pipeline = job->pipeline,
      .artifacts = (const char *const *)job->artifacts,
      .num_artifacts = job->num_artifacts,
      .max_ops = cfg->max_ops,
      .max_depth = cfg->max_depth,
      .limits = {.max_text = cfg->max_pipeline_bytes,
                 .max_passes = cfg->max_pipeline_passes,
                 .max_nesting = cfg->max_pipeline_depth,
                 .max_memory = cfg->max_compile_bytes,
                 .deadline_ns = job->deadline_ns},
      .service = true,
      .gpu_arch = job->gpu_arch,
      .run_func = job->run_func,
      .run_inputs = job->run_inputs,
      .llvm_opt_level_set = job->llvm_opt_level_set,
      .llvm_opt_level = job->llvm_opt_level,
      .run_max_steps = run_step_limit(s, job),
      .run_max_bytes = cfg->run_max_bytes,
      .run_max_wall_ms = cfg->run_timeout_ms,
  };
  buf_compilation_t *c = buf_compilation_create(&req);
  if (BUF_FAILED(buf_compilation_prepare(c))) {
    job->peak_bytes = buf_compilation_memory_used(c);
    if (answer_limit(job, c)) {
      buf_compilation_destroy(c);
      return NULL;
    }
    bool request_error = buf_compilation_request_error(c);
    set_error(job, request_error ? 400 : 422,
              request_error ? "bad_request" : "program_error",
              request_error ? "the request names an unknown pass, option or artifact, "
                              "or an artifact the options do not allow"
                            : "the program has errors",
              diagnostics_of(c));
    buf_compilation_destroy(c);
    return NULL;
  }
  key_parts_of(c, job, parts);
  cache_key_compute(parts, job->key);
  return c;
}

/* The key a compile of this request would use, its components, and whether
 * the local cache holds it. */
static void explain(bd_server_t *s, bd_job_t *job) {
  cache_key_parts_t parts;
  buf_compilation_t *c = prepare_job(s, job, &parts);
  if (!c)
    return;
  char *stored = s->cache ? cache_components(s->cache, job->key) : NULL;
  json_t *o = json_pack("{s:s,s:b,s:o}", "key", job->key, "cached", stored != NULL,
                        "components", components_json(&parts));
  free(stored);
  job->response = json_dumps(o, JSON_COMPACT);
  job->response_len = strlen(job->response);
  json_decref(o);
  job->http_status = 200;
  key_parts_free(&parts);
  buf_compilation_destroy(c);
}

/* A run stopped by an operator limit: answered, counted, never cached (the
 * limits are not in the key). */
static bool answer_run_limit(bd_job_t *job, buf_compilation_t *c) {
  buf_compile_failure_t failure = buf_compilation_failure(c);
  if (failure != BUF_COMPILE_RUN_STEPS && failure != BUF_COMPILE_RUN_BYTES &&
      failure != BUF_COMPILE_RUN_TIME)
    return false;
  job->run_limited = true;
  if (failure == BUF_COMPILE_RUN_TIME)
    set_error(job, 504, "run_time_limit",
              "the run took longer than this server allows (run-timeout-ms)",
              diagnostics_of(c));
  else if (failure == BUF_COMPILE_RUN_STEPS)
    set_error(job, 422, "run_step_limit",
              "the run executed more ops than this server allows (run-max-steps)",
              diagnostics_of(c));
  else
    set_error(job, 413, "run_memory_limit",
              "the run allocated more bytes at once than this server allows (run-max-bytes)",
              diagnostics_of(c));
  return true;
}

/* Looks key up in the local cache (cache_get_artifact's answer, every
 * artifact when only is NULL; 0 without a cache). A miss may be damage the read met, which degrades the cache:
 * that is logged, once a minute. */
static int cache_lookup(bd_server_t *s, const char *key, const char *only, cache_entry_t *e) {
  if (!s->cache) {
    memset(e, 0, sizeof *e);
    return 0;
  }
  int rc = cache_get_artifact(s->cache, key, only, e);
  if (rc != 1)
    bd_cache_log_degraded(s);
  return rc;
}

/* A cached run answers the job only when it took no more steps than the
 * job allows: the step limit is not in the key (it decides whether a run
 * finishes, not what it makes), so an entry a laxer request made must not
 * answer a stricter one. Such a hit is compiled again, and fails there
 * with the located limit error. */
static bool entry_fits_run_limit(const bd_server_t *s, const bd_job_t *job,
                                 const cache_entry_t *e) {
  uint64_t limit = run_step_limit(s, job);
  if (!limit || !e->meta)
    return true;
  json_error_t jerr;
  json_t *meta = json_loads(e->meta, 0, &jerr);
  json_t *steps = json_object_get(json_object_get(meta, "run_stats"), "steps");
  bool fits = !json_is_integer(steps) || (uint64_t)json_integer_value(steps) <= limit;
  json_decref(meta);
  return fits;
}

/* compile, once the request is prepared and keyed. */
static void compile_prepared(bd_server_t *s, bd_job_t *job, buf_compilation_t *c,
                             const cache_key_parts_t *key_parts) {
  cache_key_parts_t parts = *key_parts;
  cache_entry_t e;
  int local = cache_lookup(s, job->key, NULL, &e);
  if (local == 1 && !entry_fits_run_limit(s, job, &e)) {
    cache_entry_free(&e);
    local = 0;
  }
  if (local == 1) {
    answer_entry(job, &e, true);
    cache_entry_free(&e);
    buf_compilation_destroy(c);
    return;
  }
  if (s->remote) {
    char *blob = NULL;
    size_t len = 0;
    int rc = bd_remote_get(s->remote, job->key, &blob, &len);
    bool got = rc == 1 && parse_remote_blob(job->key, blob, len, &e);
    if (got && !entry_fits_run_limit(s, job, &e)) {
      cache_entry_free(&e);
      got = false;
      rc = 0; /* a miss, not an error */
    }
    if (got) {
      __atomic_add_fetch(&s->metrics.remote_hits, 1, __ATOMIC_RELAXED);
      if (s->cache)
        cache_put(s->cache, job->key, &e);
      answer_entry(job, &e, true);
      cache_entry_free(&e);
      free(blob);
      buf_compilation_destroy(c);
      return;
    }
    __atomic_add_fetch(rc < 0 || rc == 1 ? &s->metrics.remote_errors
                                         : &s->metrics.remote_misses,
                       1, __ATOMIC_RELAXED);
    free(blob);
  }

  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  buf_status_t ran = buf_compilation_run(c);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  job->compile_seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  job->peak_bytes = buf_compilation_memory_used(c);
  if (BUF_FAILED(ran) && (answer_limit(job, c) || answer_run_limit(job, c))) {
    buf_compilation_destroy(c);
    return;
  }

  json_t *components = components_json(&parts);
  json_t *meta = json_pack("{s:i,s:o,s:o,s:s,s:s}", "status", BUF_FAILED(ran) ? 422 : 200,
                           "diagnostics", diagnostics_of(c), "timings",
                           timings_json(c), "pipeline", parts.pipeline, "file",
                           job->file_name ? job->file_name : "<request>");
  json_t *request = request_json(job);
  if (request)
    json_object_set_new(meta, "request", request);
  char *run_stats = buf_compilation_run_stats_json(c);
  if (run_stats && !BUF_FAILED(ran)) {
    json_error_t jerr;
    json_t *stats = json_loads(run_stats, 0, &jerr);
    if (stats)
      json_object_set_new(meta, "run_stats", stats);
  }
  free(run_stats);
  memset(&e, 0, sizeof e);
  e.status = BUF_FAILED(ran) ? CACHE_ENTRY_FAILED : CACHE_ENTRY_OK;
  e.meta = json_dumps(meta, JSON_COMPACT);
  e.components = json_dumps(components, JSON_COMPACT | JSON_SORT_KEYS);
  json_decref(meta);
  json_decref(components);
  if (!BUF_FAILED(ran)) {
    uint32_t n = buf_compilation_num_artifacts(c);
    e.artifacts = calloc(n + 1, sizeof *e.artifacts);
    for (uint32_t i = 0; i < n; i++) {
      /* Taken, not copied: an object file is as big as the weights. */
      cache_artifact_t *dst = &e.artifacts[e.num_artifacts++];
      dst->name = strdup(buf_compilation_artifact(c, i)->name);
      dst->data = (unsigned char *)buf_compilation_take_artifact(c, i, &dst->len);
      cache_sha256_hex(dst->data, dst->len, dst->sha256); /* once: store and link */
    }
  }
  /* A failed write degrades the cache (cache.h); the compile is still
   * answered, and the warning comes once a minute, not once a compile. */
  if (s->cache && cache_put(s->cache, job->key, &e) < 0)
    bd_cache_log_degraded(s);
  /* Another daemon of the farm may have stored the same key meanwhile: a
   * HEAD saves re-uploading it. */
  if (s->remote && e.status == CACHE_ENTRY_OK &&
      bd_remote_exists(s->remote, job->key) == 0) {
    char *blob = remote_blob(job->key, &e);
    if (bd_remote_put(s->remote, job->key, blob, strlen(blob)) < 0)
      __atomic_add_fetch(&s->metrics.remote_errors, 1, __ATOMIC_RELAXED);
    free(blob);
  }
  answer_entry(job, &e, false);
  cache_entry_free(&e);
  buf_compilation_destroy(c);
}

static void compile(bd_server_t *s, bd_job_t *job) {
  cache_key_parts_t parts;
  buf_compilation_t *c = prepare_job(s, job, &parts);
  if (!c)
    return;
  compile_prepared(s, job, c, &parts); /* destroys c */
  key_parts_free(&parts);
}

static void fetch(bd_server_t *s, bd_job_t *job) {
  snprintf(job->key, sizeof job->key, "%s", job->fetch_key);
  cache_entry_t e;
  int rc = cache_lookup(s, job->key, job->fetch_name, &e);
  if (rc != 1 && s->remote) {
    char *blob = NULL;
    size_t len = 0;
    if (bd_remote_get(s->remote, job->key, &blob, &len) == 1 &&
        parse_remote_blob(job->key, blob, len, &e)) {
      if (s->cache)
        cache_put(s->cache, job->key, &e);
      rc = 1;
    }
    free(blob);
  }
  if (rc != 1) {
    set_error(job, 404, "unknown_key", "no artifacts are stored under this key", NULL);
    return;
  }
  if (e.status != CACHE_ENTRY_OK) {
    set_error(job, 404, "unknown_key", "this key's compile failed; nothing is stored", NULL);
  } else if (job->fetch_name) {
    job->http_status = 404;
    for (size_t i = 0; i < e.num_artifacts; i++) {
      if (strcmp(e.artifacts[i].name, job->fetch_name) == 0) {
        job->response = (char *)e.artifacts[i].data; /* taken, not copied */
        e.artifacts[i].data = NULL;
        job->response_len = e.artifacts[i].len;
        job->http_status = 200;
        const buf_artifact_def_t *def = artifact_def(job->fetch_name);
        job->content_type = def ? def->media_type : "application/octet-stream";
      }
    }
    if (job->http_status == 404)
      set_error(job, 404, "unknown_artifact", "this key has no artifact of that name", NULL);
  } else {
    answer_entry(job, &e, true);
  }
  cache_entry_free(&e);
}

static void key_info(bd_server_t *s, bd_job_t *job) {
  snprintf(job->key, sizeof job->key, "%s", job->fetch_key);
  char *components = s->cache ? cache_components(s->cache, job->key) : NULL;
  if (!components) {
    set_error(job, 404, "unknown_key", "this key is not in the cache", NULL);
    return;
  }
  json_error_t jerr;
  json_t *parts = json_loads(components, 0, &jerr);
  free(components);
  json_t *o = json_pack("{s:s,s:o}", "key", job->key, "components",
                        parts ? parts : json_object());
  job->response = json_dumps(o, JSON_COMPACT);
  job->response_len = strlen(job->response);
  json_decref(o);
  job->http_status = 200;
}

void bd_compile_job(bd_server_t *s, bd_job_t *job) {
  switch (job->kind) {
  case BD_JOB_COMPILE:
    compile(s, job);
    break;
  case BD_JOB_FETCH:
    fetch(s, job);
    break;
  case BD_JOB_KEY_INFO:
    key_info(s, job);
    break;
  case BD_JOB_EXPLAIN:
    explain(s, job);
    break;
  }
}
