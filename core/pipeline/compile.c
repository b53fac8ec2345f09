/*
 * compile.c: one compilation for the service (see buf/compile.h).
 *
 * The compilation owns one context; everything it hands out (canonical IR,
 * artifacts) lives in that context's arena and dies with it. The canonical
 * IR is the custom-form print without debug info: the parser normalizes SSA
 * names, whitespace and comments away, so it is what cache keys hash.
 */
#include "buf/compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "buf/pipeline.h"
#include "buf/syntax.h"

const char *const buf_artifact_kinds[] = {"memref", "json", NULL};

struct buf_compilation {
  buf_ctx_t *ctx;
  buf_compile_request_t req;
  const char *file;
  buf_op_t *module;
  buf_pipeline_t *pipeline;
  const char *canonical_ir;
  const char *pipeline_text;
  const char *artifact_list;
  const char **wanted;         /* sorted, deduplicated artifact names */
  uint32_t num_wanted;
  buf_compile_artifact_t *artifacts;
  uint32_t num_artifacts;
  uint64_t num_ops;
  bool request_error;          /* the failure is the request's, not the program's */
  double t_parse, t_verify, t_print, t_passes;
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

buf_compilation_t *buf_compilation_create(const buf_compile_request_t *req) {
  buf_compilation_t *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->ctx = buf_ctx_create();
  c->req = *req;
  c->file = req->file_name ? req->file_name : "<request>";
  return c;
}

void buf_compilation_destroy(buf_compilation_t *c) {
  if (!c)
    return;
  buf_ctx_destroy(c->ctx);
  free(c);
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool artifact_known(const char *name) {
  for (const char *const *k = buf_artifact_kinds; *k; k++)
    if (strcmp(*k, name) == 0)
      return true;
  return false;
}

/* Sorts and deduplicates the wanted artifacts; rejects unknown ones. */
static buf_status_t collect_artifacts(buf_compilation_t *c) {
  buf_arena_t *arena = buf_ctx_arena(c->ctx);
  uint32_t n = c->req.num_artifacts;
  const char **names = buf_arena_alloc(arena, sizeof(char *) * (n + 1));
  if (n == 0)
    names[n++] = "memref";
  else
    memcpy(names, c->req.artifacts, sizeof(char *) * n);
  qsort(names, n, sizeof *names, compare_names);
  uint32_t kept = 0;
  buf_strbuf_t list = {0};
  buf_status_t status = BUF_SUCCESS;
  for (uint32_t i = 0; i < n; i++) {
    if (kept > 0 && strcmp(names[kept - 1], names[i]) == 0)
      continue;
    if (!artifact_known(names[i])) {
      buf_emit_error(c->ctx, BUF_LOC_UNKNOWN,
                     "unknown artifact '%s' (this build produces: memref, json)",
                     names[i]);
      status = BUF_FAILURE;
    }
    if (kept > 0)
      buf_strbuf_puts(&list, ",");
    buf_strbuf_puts(&list, names[i]);
    names[kept++] = names[i];
  }
  c->wanted = names;
  c->num_wanted = kept;
  c->artifact_list = buf_arena_strndup(arena, list.data ? list.data : "", list.len);
  buf_strbuf_free(&list);
  return status;
}

static buf_walk_result_t count_op(buf_op_t *op, void *user) {
  (void)op;
  (*(uint64_t *)user)++;
  return BUF_WALK_ADVANCE;
}

bool buf_compilation_request_error(const buf_compilation_t *c) {
  return c->request_error;
}

buf_status_t buf_compilation_prepare(buf_compilation_t *c) {
  c->request_error = true;
  if (BUF_FAILED(collect_artifacts(c)))
    return BUF_FAILURE;
  c->pipeline = buf_pipeline_create(c->ctx);
  const char *pipeline = c->req.pipeline ? c->req.pipeline : BUF_DEFAULT_PIPELINE;
  if (BUF_FAILED(buf_pipeline_parse(c->pipeline, pipeline)))
    return BUF_FAILURE;
  c->request_error = false;
  c->pipeline_text = buf_pipeline_to_string(c->pipeline);

  buf_parse_options_t popts = buf_parse_options_default();
  popts.verify = false;
  popts.borrow_source = true; /* the request outlives the compilation */
  popts.max_ops = c->req.max_ops;
  if (c->req.max_depth)
    popts.max_depth = c->req.max_depth;
  double t0 = now();
  c->module = c->req.program_is_json
                  ? buf_module_from_json(c->ctx, c->file, c->req.program,
                                         c->req.program_len, &popts)
                  : buf_parse_source(c->ctx, c->file, c->req.program,
                                     c->req.program_len, 1, &popts);
  double t1 = now();
  c->t_parse = t1 - t0;
  if (!c->module)
    return BUF_FAILURE;
  buf_status_t verified = buf_verify(c->module);
  double t2 = now();
  c->t_verify = t2 - t1;
  if (BUF_FAILED(verified))
    return BUF_FAILURE;
  buf_op_walk(c->module, BUF_WALK_PRE, count_op, &c->num_ops);
  buf_print_options_t po = buf_print_options_default();
  po.assume_verified = true; /* just verified */
  size_t len;
  char *text = buf_print_op_to_string(c->module, &po, &len);
  c->canonical_ir = buf_arena_strndup(buf_ctx_arena(c->ctx), text, len);
  free(text);
  c->t_print = now() - t2;
  return BUF_SUCCESS;
}

const char *buf_compilation_canonical_ir(const buf_compilation_t *c) {
  return c->canonical_ir;
}
const char *buf_compilation_pipeline(const buf_compilation_t *c) {
  return c->pipeline_text;
}
const char *buf_compilation_artifact_list(const buf_compilation_t *c) {
  return c->artifact_list;
}
uint64_t buf_compilation_num_ops(const buf_compilation_t *c) {
  return c->num_ops;
}

static void add_artifact(buf_compilation_t *c, const char *name, char *data,
                         size_t len, bool binary) {
  buf_arena_t *arena = buf_ctx_arena(c->ctx);
  c->artifacts = buf_arena_grow(arena, c->artifacts, c->num_artifacts,
                                c->num_artifacts + 1, sizeof *c->artifacts);
  c->artifacts[c->num_artifacts++] = (buf_compile_artifact_t){
      name, buf_arena_strndup(arena, data ? data : "", data ? len : 0),
      data ? len : 0, binary};
  free(data);
}

buf_status_t buf_compilation_run(buf_compilation_t *c) {
  if (!c->module)
    return BUF_FAILURE;
  double t0 = now();
  buf_status_t status = buf_pipeline_run(c->pipeline, c->module, NULL);
  c->t_passes = now() - t0;
  if (BUF_FAILED(status))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < c->num_wanted; i++) {
    const char *name = c->wanted[i];
    size_t len = 0;
    char *data = NULL;
    if (strcmp(name, "memref") == 0) {
      buf_print_options_t po = buf_print_options_default();
      po.assume_verified = true; /* buf_pipeline_run verified every pass */
      data = buf_print_op_to_string(c->module, &po, &len);
    } else if (strcmp(name, "json") == 0) {
      data = buf_module_to_json(c->module, &len);
    }
    add_artifact(c, name, data, len, false);
  }
  return BUF_SUCCESS;
}

uint32_t buf_compilation_num_artifacts(const buf_compilation_t *c) {
  return c->num_artifacts;
}

const buf_compile_artifact_t *buf_compilation_artifact(const buf_compilation_t *c,
                                                       uint32_t i) {
  return i < c->num_artifacts ? &c->artifacts[i] : NULL;
}

static const char *severity_name(buf_severity_t s) {
  switch (s) {
  case BUF_SEV_ERROR:
    return "error";
  case BUF_SEV_WARNING:
    return "warning";
  case BUF_SEV_NOTE:
    return "note";
  case BUF_SEV_REMARK:
    return "remark";
  }
  return "error";
}

static json_t *diag_json(const buf_diag_t *d, const char *default_file) {
  json_t *o = json_object();
  json_object_set_new(o, "severity", json_string(severity_name(d->severity)));
  json_object_set_new(o, "file", json_string(d->loc.file ? d->loc.file : default_file));
  json_object_set_new(o, "line", json_integer(d->loc.line));
  json_object_set_new(o, "col", json_integer(d->loc.col));
  json_object_set_new(o, "message", json_string(d->message ? d->message : ""));
  if (d->notes) {
    json_t *notes = json_array();
    for (const buf_diag_t *n = d->notes; n; n = n->next)
      json_array_append_new(notes, diag_json(n, default_file));
    json_object_set_new(o, "notes", notes);
  }
  return o;
}

char *buf_compilation_diagnostics_json(const buf_compilation_t *c) {
  json_t *arr = json_array();
  for (const buf_diag_t *d = buf_ctx_diags(c->ctx); d; d = d->next)
    json_array_append_new(arr, diag_json(d, c->file));
  char *s = json_dumps(arr, JSON_COMPACT);
  json_decref(arr);
  return s;
}

char *buf_compilation_diagnostics_text(const buf_compilation_t *c) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f)
    return NULL;
  buf_diags_print(c->ctx, f);
  fclose(f);
  return buf;
}

double buf_compilation_time(const buf_compilation_t *c, const char *phase) {
  if (strcmp(phase, "parse") == 0)
    return c->t_parse;
  if (strcmp(phase, "verify") == 0)
    return c->t_verify;
  if (strcmp(phase, "print") == 0)
    return c->t_print;
  if (strcmp(phase, "passes") == 0)
    return c->t_passes;
  return 0;
}
