/*
 * api.c: the routes of bufferd's HTTP API (loop thread).
 *
 *   POST /v1/compile                 compile (schema/compile-request.schema.json,
 *                                    or the MLIR text as the body: compile_request.c)
 *   GET|HEAD /v1/artifacts/{key}     every artifact of a key (JSON)
 *   GET|HEAD /v1/artifacts/{key}/{n} one artifact's raw bytes
 *   GET|HEAD /v1/keys/{key}          what went into a key
 *   POST /v1/explain                 the key a compile request would use, its
 *                                    components, and whether it is cached
 *   GET|HEAD /healthz, /readyz, /metrics, /v1/version, /v1/pipelines
 *   GET|HEAD /v1/examples            example programs (playground.c)
 *   GET|HEAD /, /playground/{file}   the browser playground (playground.c)
 *   OPTIONS on each of them          the methods, and CORS preflights (cors.c)
 *
 * With a token set, every route but /healthz and /readyz needs one
 * (auth.c): compile the write token, the others a read or write token.
 *
 * The loop thread only validates the request and answers from memory;
 * everything that touches the program or SQLite runs on the worker pool.
 * Identical compile requests in flight at once share one job: later ones
 * wait on the first. Every job has a deadline; when it passes, waiters get
 * 504 and a job still queued is skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/compile.h"
#include "buf/pipeline.h"
#include "bufferd.h"

enum route_id {
  ROUTE_COMPILE,
  ROUTE_EXPLAIN,
  ROUTE_ARTIFACTS,
  ROUTE_KEYS,
  ROUTE_HEALTHZ,
  ROUTE_READYZ,
  ROUTE_METRICS,
  ROUTE_VERSION,
  ROUTE_PIPELINES,
  ROUTE_EXAMPLES,
  ROUTE_PLAYGROUND,
  ROUTE_OTHER,
};

/* A request waiting for a job. */
typedef struct waiter {
  bd_request_t *request;
  struct waiter *next;
} waiter_t;

/* A job in flight and the requests waiting for it (bufferd.h). */
struct bd_inflight {
  bd_server_t *server;
  bd_job_t *job;      /* owned; freed when the timer has closed */
  waiter_t *waiters;  /* requests answered when the job is done */
  uv_timer_t timer;   /* the job's deadline */
  bool answered;      /* the deadline fired and waiters got 504 */
  bd_inflight_t *next; /* bd_server_t.inflight_jobs link */
};

static void respond_json(bd_request_t *r, int status, json_t *o,
                         const char *extra_headers) {
  char *body = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  bd_respond(r, status, "application/json", body, strlen(body), extra_headers);
  free(body);
}

static void unlink_inflight(bd_server_t *s, bd_inflight_t *f) {
  for (bd_inflight_t **p = &s->inflight_jobs; *p; p = &(*p)->next) {
    if (*p == f) {
      *p = f->next;
      return;
    }
  }
}

static void on_timer_closed(uv_handle_t *h) {
  bd_inflight_t *f = h->data;
  /* The request's body, its copy and the answer were this big (the
   * compile's own memory was trimmed by its worker). */
  size_t used = f->job->response_len + 2 * f->job->program_len;
  bd_job_free(f->job);
  free(f);
  bd_trim_after(used);
}

/* Detaches the next waiting request (NULL when none are left); the caller
 * answers it and releases it. */
static bd_request_t *next_waiter(bd_inflight_t *f) {
  waiter_t *w = f->waiters;
  if (!w)
    return NULL;
  f->waiters = w->next;
  bd_request_t *r = w->request;
  free(w);
  return r;
}

/* Answers every waiter with *body; the last one is handed the body itself
 * (*body becomes NULL) rather than a copy. */
static void answer_waiters(bd_inflight_t *f, int status, const char *content_type,
                           char **body, size_t len, const char *headers) {
  bd_request_t *r;
  while ((r = next_waiter(f))) {
    if (!f->waiters && *body) {
      bd_respond_take(r, status, content_type, *body, len, headers);
      *body = NULL;
    } else {
      bd_respond(r, status, content_type, *body ? *body : "", *body ? len : 0, headers);
    }
    bd_request_release(r);
  }
}

static void on_deadline(uv_timer_t *t) {
  bd_inflight_t *f = t->data;
  bd_server_t *s = f->server;
  bd_pool_cancel(s->pool, f->job);
  s->metrics.compiles_timed_out++;
  f->answered = true;
  unlink_inflight(s, f); /* a later identical request starts afresh */
  bd_request_t *r;
  while ((r = next_waiter(f))) {
    bd_respond_error(r, 504, "compile_timeout",
                     "the compile did not finish before the deadline", NULL, NULL);
    bd_request_release(r);
  }
}

static void on_job_done(bd_job_t *job) {
  bd_inflight_t *f = job->inflight;
  bd_server_t *s = f->server;
  uv_timer_stop(&f->timer);
  if (!f->answered)
    unlink_inflight(s, f);
  if (!job->cancelled) {
    if (job->kind == BD_JOB_COMPILE) {
      if (job->http_status == 200 && !job->cache_hit) {
        s->metrics.compiles_ok++;
        bd_histogram_observe(&s->metrics.compile_seconds, job->compile_seconds);
      } else if (job->run_limited) {
        s->metrics.compiles_limited++;
      } else if (job->limited) {
        s->metrics.compiles_bounded++;
      } else if (job->http_status == 422) {
        s->metrics.compiles_failed++;
      }
      if (job->http_status == 200 && s->memcache) {
        /* Later identical requests are hits whatever this one was. */
        char *hit = strdup(job->response);
        char *mark = strstr(hit, "\"cache\":\"miss\"");
        if (mark)
          memcpy(mark, "\"cache\":\"hit\" ", 14);
        bd_memcache_put(s->memcache, job->request_hash, job->key, hit, strlen(hit));
        free(hit);
      }
    }
    char headers[160];
    snprintf(headers, sizeof headers, "X-Cache: %s\r\n%s%s%s",
             job->cache_hit ? "HIT" : "MISS", job->key[0] ? "X-Cache-Key: " : "",
             job->key[0] ? job->key : "", job->key[0] ? "\r\n" : "");
    answer_waiters(f, job->http_status, job->content_type, &job->response,
                   job->response_len, headers);
  }
  uv_close((uv_handle_t *)&f->timer, on_timer_closed);
}

/* Queues job for r (and any identical request that arrives meanwhile). */
static void submit(bd_server_t *s, bd_request_t *r, bd_job_t *job) {
  bd_inflight_t *f = calloc(1, sizeof *f);
  f->server = s;
  f->job = job;
  job->inflight = f;
  job->done = on_job_done;
  job->deadline_ns = uv_hrtime() + s->cfg->compile_timeout_ms * 1000000u;
  if (!bd_pool_submit(s->pool, job)) {
    s->metrics.compiles_rejected++;
    bd_respond_error(r, 503, "overloaded", "the compile queue is full; retry later",
                     NULL, "Retry-After: 1\r\n");
    bd_job_free(job);
    free(f);
    return;
  }
  waiter_t *w = calloc(1, sizeof *w);
  w->request = r;
  bd_request_retain(r);
  f->waiters = w;
  uv_timer_init(s->loop, &f->timer);
  f->timer.data = f;
  uv_timer_start(&f->timer, on_deadline, s->cfg->compile_timeout_ms, 0);
  f->next = s->inflight_jobs;
  s->inflight_jobs = f;
}

static bd_inflight_t *find_inflight(bd_server_t *s, const char *hash) {
  for (bd_inflight_t *f = s->inflight_jobs; f; f = f->next)
    if (f->job->kind == BD_JOB_COMPILE && strcmp(f->job->request_hash, hash) == 0)
      return f;
  return NULL;
}

static void handle_compile(bd_server_t *s, bd_request_t *r) {
  if (s->draining) {
    bd_respond_error(r, 503, "shutting_down", "the server is shutting down", NULL,
                     "Retry-After: 1\r\n");
    return;
  }
  char hash[CACHE_KEY_HEX_LEN + 1];
  bd_compile_request_hash(r, hash);
  if (s->memcache) {
    size_t n;
    const char *key;
    const char *hit = bd_memcache_get(s->memcache, hash, &n, &key);
    if (hit) {
      s->metrics.memory_hits++;
      char headers[160];
      snprintf(headers, sizeof headers, "X-Cache: HIT\r\nX-Cache-Key: %s\r\n", key);
      bd_respond(r, 200, "application/json", hit, n, headers);
      return;
    }
  }
  bd_inflight_t *same = find_inflight(s, hash);
  if (same) {
    s->metrics.deduplicated++;
    waiter_t *w = calloc(1, sizeof *w);
    w->request = r;
    bd_request_retain(r);
    w->next = same->waiters;
    same->waiters = w;
    return;
  }
  bd_job_t *job = calloc(1, sizeof *job);
  job->kind = BD_JOB_COMPILE;
  memcpy(job->request_hash, hash, sizeof hash);
  if (!bd_parse_compile_request(r, job)) {
    bd_job_free(job);
    return;
  }
  submit(s, r, job);
}

static void handle_explain(bd_server_t *s, bd_request_t *r) {
  bd_job_t *job = calloc(1, sizeof *job);
  job->kind = BD_JOB_EXPLAIN;
  if (!bd_parse_compile_request(r, job)) {
    bd_job_free(job);
    return;
  }
  submit(s, r, job);
}

/* /v1/artifacts/{key}[/{name}] and /v1/keys/{key} */
static void handle_by_key(bd_server_t *s, bd_request_t *r, bd_job_kind_t kind,
                          const char *rest) {
  char key[CACHE_KEY_HEX_LEN + 1] = "";
  const char *slash = strchr(rest, '/');
  size_t n = slash ? (size_t)(slash - rest) : strlen(rest);
  if (n == CACHE_KEY_HEX_LEN) {
    memcpy(key, rest, n);
    key[n] = 0;
  }
  if (!cache_key_is_valid(key) || (slash && kind == BD_JOB_KEY_INFO) ||
      (slash && (!slash[1] || strchr(slash + 1, '/')))) {
    bd_respond_error(r, 404, "unknown_key",
                     "keys are 64 lowercase hexadecimal characters", NULL, NULL);
    return;
  }
  bd_job_t *job = calloc(1, sizeof *job);
  job->kind = kind;
  job->fetch_key = strdup(key);
  if (slash)
    job->fetch_name = strdup(slash + 1);
  submit(s, r, job);
}

static json_t *pipelines_json(void) {
  json_t *passes = json_array();
  for (uint32_t i = 0; i < buf_num_passes; i++) {
    const buf_pass_def_t *p = buf_passes[i];
    json_t *opts = json_array();
    for (uint32_t j = 0; j < p->num_options; j++) {
      /* indexed by buf_option_kind_t */
      static const char *const kinds[] = {[BUF_OPT_BOOL] = "bool", [BUF_OPT_INT] = "int",
                                          [BUF_OPT_STRING] = "string", [BUF_OPT_ENUM] = "enum",
                                          [BUF_OPT_LIST] = "list"};
      json_t *opt = json_pack("{s:s,s:s,s:s,s:s}", "name", p->options[j].name, "kind",
                              kinds[p->options[j].kind], "default",
                              p->options[j].default_value ? p->options[j].default_value : "",
                              "help", p->options[j].help ? p->options[j].help : "");
      if (p->options[j].enum_values) {
        json_t *values = json_array();
        for (const char *const *e = p->options[j].enum_values; *e; e++)
          json_array_append_new(values, json_string(*e));
        json_object_set_new(opt, "values", values);
      }
      json_array_append_new(opts, opt);
    }
    json_array_append_new(passes, json_pack("{s:s,s:s,s:s,s:o}", "name", p->name,
                                            "summary", p->summary, "anchor", p->anchor,
                                            "options", opts));
  }
  json_t *artifacts = json_array(), *described = json_array();
  for (uint32_t i = 0; i < buf_num_artifacts; i++) {
    const buf_artifact_def_t *a = &buf_artifacts[i];
    if (!a->service)
      continue;
    json_array_append_new(artifacts, json_string(a->name));
    json_array_append_new(described,
                          json_pack("{s:s,s:s,s:s,s:b,s:b,s:s}", "name", a->name,
                                    "media_type", a->media_type, "extension", a->extension,
                                    "binary", a->binary, "lowers", a->lowers, "summary",
                                    a->summary));
  }
  return json_pack("{s:s,s:o,s:o,s:o}", "default_pipeline", BUF_DEFAULT_PIPELINE,
                   "passes", passes, "artifacts", artifacts, "artifact_info", described);
}

/* Ready, and whether the cache works: a degraded cache still serves right
 * answers (uncached), so it does not take the daemon out of rotation. */
static json_t *readiness_json(bd_server_t *s) {
  char why[4400];
  if (bd_cache_degraded(s, why, sizeof why))
    return json_pack("{s:b,s:s,s:s}", "ready", 1, "status", "cache degraded", "reason", why);
  return json_pack("{s:b,s:s}", "ready", 1, "status", "ok");
}

static enum route_id classify(const char *path, const char **rest) {
  *rest = NULL;
  if (strcmp(path, "/v1/compile") == 0)
    return ROUTE_COMPILE;
  if (strcmp(path, "/v1/explain") == 0)
    return ROUTE_EXPLAIN;
  if (strncmp(path, "/v1/artifacts/", 14) == 0) {
    *rest = path + 14;
    return ROUTE_ARTIFACTS;
  }
  if (strncmp(path, "/v1/keys/", 9) == 0) {
    *rest = path + 9;
    return ROUTE_KEYS;
  }
  if (strcmp(path, "/healthz") == 0)
    return ROUTE_HEALTHZ;
  if (strcmp(path, "/readyz") == 0)
    return ROUTE_READYZ;
  if (strcmp(path, "/metrics") == 0)
    return ROUTE_METRICS;
  if (strcmp(path, "/v1/version") == 0)
    return ROUTE_VERSION;
  if (strcmp(path, "/v1/pipelines") == 0)
    return ROUTE_PIPELINES;
  if (strcmp(path, "/v1/examples") == 0)
    return ROUTE_EXAMPLES;
  if (strcmp(path, "/") == 0 || strncmp(path, "/playground/", 12) == 0)
    return ROUTE_PLAYGROUND;
  return ROUTE_OTHER;
}

/* The methods each route answers (OPTIONS, the preflight, aside). */
static const char *const route_methods[] = {
    [ROUTE_COMPILE] = "POST",       [ROUTE_EXPLAIN] = "POST",
    [ROUTE_ARTIFACTS] = "GET, HEAD", [ROUTE_KEYS] = "GET, HEAD",
    [ROUTE_HEALTHZ] = "GET, HEAD",   [ROUTE_READYZ] = "GET, HEAD",
    [ROUTE_METRICS] = "GET, HEAD",   [ROUTE_VERSION] = "GET, HEAD",
    [ROUTE_PIPELINES] = "GET, HEAD", [ROUTE_EXAMPLES] = "GET, HEAD",
    [ROUTE_PLAYGROUND] = "GET, HEAD", [ROUTE_OTHER] = NULL,
};

/* True when the request's method is one of route's; otherwise answers 405
 * with the methods it accepts. */
static bool method_allowed(bd_request_t *r, enum route_id route) {
  const char *m = bd_request_method(r);
  const char *methods = route_methods[route];
  size_t n = strlen(m);
  for (const char *p = methods; (p = strstr(p, m)); p += n)
    if ((p == methods || p[-1] == ' ') && (p[n] == ',' || p[n] == 0))
      return true;
  char allow[64];
  snprintf(allow, sizeof allow, "Allow: %s, OPTIONS\r\n", methods);
  bd_respond_error(r, 405, "method_not_allowed", "this route does not accept that method",
                   NULL, allow);
  return false;
}

/* What each route needs (auth.c): only the probes and the playground's
 * static files are open (a browser sends no token when it opens a page;
 * the page asks for one); an unknown route needs a reader, so routes
 * cannot be probed anonymously. */
static const bd_access_t route_access[] = {
    [ROUTE_COMPILE] = BD_ACCESS_WRITE,  [ROUTE_EXPLAIN] = BD_ACCESS_READ,
    [ROUTE_ARTIFACTS] = BD_ACCESS_READ, [ROUTE_KEYS] = BD_ACCESS_READ,
    [ROUTE_HEALTHZ] = BD_ACCESS_OPEN,   [ROUTE_READYZ] = BD_ACCESS_OPEN,
    [ROUTE_METRICS] = BD_ACCESS_READ,   [ROUTE_VERSION] = BD_ACCESS_READ,
    [ROUTE_PIPELINES] = BD_ACCESS_READ, [ROUTE_EXAMPLES] = BD_ACCESS_READ,
    [ROUTE_PLAYGROUND] = BD_ACCESS_OPEN, [ROUTE_OTHER] = BD_ACCESS_READ,
};

/* True when a request without a token may use the route: then a "*"
 * --cors-origin covers it. Compiles never are. */
static bool route_is_public(const bd_server_t *s, enum route_id route) {
  bd_access_t needed = route_access[route];
  return needed == BD_ACCESS_OPEN ||
         (needed == BD_ACCESS_READ && (!s->auth.enabled || s->auth.open_reads));
}

/* OPTIONS on a known route: 204 with the route's methods and, for a CORS
 * preflight from an allowed origin, what the page may send. No token is
 * needed: browsers send none with a preflight. */
static void answer_options(bd_server_t *s, bd_request_t *r, enum route_id route) {
  char methods[64];
  snprintf(methods, sizeof methods, "%s, OPTIONS", route_methods[route]);
  const char *origin = bd_request_header(r, "Origin");
  bool preflight = origin && bd_request_header(r, "Access-Control-Request-Method");
  bd_request_take_common_headers(
      r, bd_cors_headers(s->cfg, origin, route_is_public(s, route), preflight ? methods : NULL));
  char allow[96];
  snprintf(allow, sizeof allow, "Allow: %s\r\n", methods);
  bd_respond(r, 204, NULL, "", 0, allow);
}

void bd_route(bd_server_t *s, bd_request_t *r) {
  const char *rest;
  enum route_id route = classify(bd_request_path(r), &rest);
  s->metrics.requests_by_route[route]++;
  if (strcmp(bd_request_method(r), "OPTIONS") == 0 && route_methods[route]) {
    answer_options(s, r, route);
    return;
  }
  bd_request_take_common_headers(
      r, bd_cors_headers(s->cfg, bd_request_header(r, "Origin"), route_is_public(s, route), NULL));
  if (!bd_auth_allows(s, r, route_access[route]))
    return;
  if (route != ROUTE_OTHER && !method_allowed(r, route))
    return;
  switch (route) {
  case ROUTE_COMPILE:
    handle_compile(s, r);
    return;
  case ROUTE_EXPLAIN:
    handle_explain(s, r);
    return;
  case ROUTE_ARTIFACTS:
    handle_by_key(s, r, BD_JOB_FETCH, rest);
    return;
  case ROUTE_KEYS:
    handle_by_key(s, r, BD_JOB_KEY_INFO, rest);
    return;
  case ROUTE_HEALTHZ:
    respond_json(r, 200, json_pack("{s:s}", "status", "ok"), NULL);
    return;
  case ROUTE_READYZ:
    if (s->draining)
      respond_json(r, 503, json_pack("{s:b,s:s}", "ready", 0, "reason", "shutting down"), NULL);
    else
      respond_json(r, 200, readiness_json(s), NULL);
    return;
  case ROUTE_METRICS: {
    char *text = bd_metrics_render(s);
    bd_respond(r, 200, "text/plain; version=0.0.4", text, strlen(text), NULL);
    free(text);
    return;
  }
  case ROUTE_VERSION:
    respond_json(r, 200,
                 json_pack("{s:s,s:s,s:i}", "version", BD_VERSION, "compiler_version",
                           BUF_COMPILER_VERSION, "key_schema", CACHE_KEY_SCHEMA_VERSION),
                 NULL);
    return;
  case ROUTE_PIPELINES:
    respond_json(r, 200, pipelines_json(), NULL);
    return;
  case ROUTE_EXAMPLES:
    bd_playground_examples(r);
    return;
  case ROUTE_PLAYGROUND:
    bd_playground_serve(r, bd_request_path(r));
    return;
  case ROUTE_OTHER:
    break;
  }
  bd_respond_error(r, 404, "not_found", "no such route", NULL, NULL);
}
