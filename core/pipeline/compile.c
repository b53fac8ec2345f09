/*
 * compile.c: the compile driver (see buf/compile.h), the one path from
 * program text to artifacts for bufferd and buffer-opt alike.
 *
 * A compilation parses and verifies the program, runs the pipeline once,
 * then makes each wanted artifact by its row of buf_artifacts[]. Rows that
 * only read the program after the pipeline (memref, json, report, run) come
 * first in the table; rows that lower (llvm, obj, ptx, gpu-manifest,
 * run-native) rewrite the module they are given, so each gets a copy except
 * the last, which gets the program itself. An artifact is written to a
 * stream: the caller's (buffer-opt's output file) or a memory stream whose
 * bytes the compilation keeps, so both drivers write the same bytes.
 *
 * The compilation owns one context unless the request lends one;
 * everything it hands out (canonical IR, artifacts) lives in that
 * context's arena and dies with it. The canonical IR is the custom-form
 * print without debug info: the parser normalizes SSA names, whitespace
 * and comments away, so it is what cache keys hash.
 */
#include "buf/compile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "buf/pipeline.h"
#include "buf/syntax.h"

#include "../interp/interp_internal.h"

struct buf_compilation {
  buf_ctx_t *ctx;
  bool own_ctx;                /* ctx is the compilation's, not the request's */
  buf_compile_request_t req;
  const char *file;
  buf_op_t *module;
  buf_pipeline_t *pipeline;
  const char *canonical_ir;    /* printed on demand, before the run */
  const char *pipeline_text;
  const char *artifact_list;   /* sorted, comma-separated */
  const buf_artifact_def_t **wanted; /* in table order */
  uint32_t num_wanted;
  unsigned uses;               /* BUF_USES_* of the wanted rows */
  buf_bz_report_t *report;     /* where bufferization records go, or NULL */
  bool own_report;
  buf_compile_artifact_t *artifacts;
  uint32_t num_artifacts;
  uint64_t num_ops;
  buf_compile_failure_t failure;
  buf_limit_t limit;           /* with failure == BUF_COMPILE_LIMIT */
  bool verified;               /* module passed the verifier since the last pass */
  bool ran;                    /* the run artifact's function ran */
  buf_interp_stats_t run_stats;
  bool gpu_done;               /* ptx and gpu-manifest come from one emission */
  buf_status_t gpu_status;
  char *ptx, *manifest;        /* malloc'd */
  size_t ptx_len, manifest_len;
  buf_pass_timing_t *pass_times;
  uint32_t num_pass_times;
  double t_parse, t_verify, t_print, t_passes, t_emit;
  bool lowered;                /* a lowering artifact ran: lower_timing is filled */
  bool last_use;               /* the artifact being made is the last to read the
                                * program: the lowering may release its blobs */
  buf_lower_timing_t lower_timing; /* inside t_emit */
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the emitters ------------------------------------------------------- */

/* memref: the program after the pipeline, as mlir-opt prints it (the
 * printer's text and the driver's extra newline). */
static buf_status_t emit_memref(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  buf_print_options_t po = buf_print_options_default();
  po.generic = c->req.print_generic;
  po.debug_info = c->req.print_debug_info;
  po.use_aliases = !c->req.print_local_scope;
  po.elide_resource_strings = c->req.print_elide_resources;
  po.elide_resource_strings_if_larger = c->req.print_elide_resources_above;
  /* Verified after parsing and after every pass, unless the pipeline was
   * told not to verify each pass: then the printer checks, and prints
   * invalid IR in the generic form, as mlir-opt --verify-each=false does. */
  po.assume_verified = c->verified;
  buf_print_op(module, &po, out);
  fputc('\n', out);
  return BUF_SUCCESS;
}

/* json: the JSON form (schema/program.schema.json), ending in a newline. */
static buf_status_t emit_json(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  size_t n = 0;
  char *json = buf_module_to_json(module, &n);
  if (!json) {
    buf_emit_error(c->ctx, module->loc, "cannot write the JSON form of the program");
    return BUF_FAILURE;
  }
  fwrite(json, 1, n, out);
  if (n == 0 || json[n - 1] != '\n')
    fputc('\n', out);
  free(json);
  return BUF_SUCCESS;
}

/* Contract in buf/compile.h. */
bool buf_compile_report_write(const buf_bz_report_t *report, FILE *out) {
  size_t n = 0;
  char *json = buf_bz_report_to_json(report, &n);
  if (!json)
    return false;
  bool ok = fwrite(json, 1, n, out) == n && fputc('\n', out) != EOF;
  free(json);
  return ok;
}

/* report: every allocation and copy the pipeline's bufferization made. */
static buf_status_t emit_report(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  if (!buf_compile_report_write(c->report, out)) {
    buf_emit_error(c->ctx, module->loc, "cannot write the bufferization report");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* The service runs only what the reference interpreter implements: a
 * declared function other than the runner-utils ones would be a call into
 * nothing (the JIT would resolve it in the daemon's own process). */
static buf_status_t check_externals(buf_compilation_t *c, buf_op_t *module) {
  buf_status_t status = BUF_SUCCESS;
  buf_block_t *body = module->num_regions ? module->regions[0]->first : NULL;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next) {
    if (strcmp(op->name, "func.func") != 0 ||
        (op->num_regions && !buf_region_empty(op->regions[0])))
      continue;
    buf_attr_t name = buf_op_attr(op, "sym_name");
    const char *sym = name && name->kind == BUF_ATTR_STRING ? name->u.str.data : "";
    if (!buf__interp_find_extern(sym)) {
      buf_op_emit_error(op, "cannot run: '@%s' is declared without a body and is not "
                            "one of the runner-utils functions the interpreter provides",
                        sym);
      status = BUF_FAILURE;
    }
  }
  (void)c;
  return status;
}

/* Sorts a failed run into the limit that stopped it, if one did. The
 * interpreter words its limit errors as "interpreter: step limit ...",
 * "interpreter: memory limit exceeded ..." and "interpreter: wall time
 * limit ..." (core/interp/interp.c). */
static buf_compile_failure_t run_failure(const buf_compilation_t *c) {
  for (const buf_diag_t *d = buf_ctx_diags(c->ctx); d; d = d->next) {
    if (d->severity != BUF_SEV_ERROR || !d->message)
      continue;
    if (strncmp(d->message, "interpreter: step limit", 23) == 0)
      return BUF_COMPILE_RUN_STEPS;
    if (strncmp(d->message, "interpreter: memory limit exceeded", 34) == 0)
      return BUF_COMPILE_RUN_BYTES;
    if (strncmp(d->message, "interpreter: wall time limit", 28) == 0)
      return BUF_COMPILE_RUN_TIME;
  }
  return BUF_COMPILE_PROGRAM_ERROR;
}

/* Prints a run's results as buffer-opt --run does: when inputs were given,
 * or when the function returns something (a no-result @main only prints
 * what it prints). */
static void print_results(const buf_compilation_t *c, const char *results, FILE *out) {
  if (results && (c->req.run_inputs || strcmp(results, "[]") != 0))
    fprintf(out, "%s\n", results);
}

/* run: the function interpreted on the inputs: what it prints, then its
 * results as JSON (schema/run-values.schema.json). */
static buf_status_t emit_run(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  if (c->req.service && BUF_FAILED(check_externals(c, module)))
    return BUF_FAILURE;
  buf_interp_options_t io = {.out = out,
                             .leak_check = c->req.run_leak_check,
                             .max_steps = c->req.run_max_steps,
                             .max_bytes = c->req.run_max_bytes,
                             .max_wall_ms = c->req.run_max_wall_ms};
  char *results = NULL;
  buf_status_t status = buf_interp_run(module, c->req.run_func, c->req.run_inputs,
                                       &results, &io, &c->run_stats);
  c->ran = true;
  fflush(out);
  if (!BUF_FAILED(status))
    print_results(c, results, out);
  else
    c->failure = run_failure(c);
  free(results);
  return status;
}

/* run-native: the function compiled by LLVM's JIT and run in this process
 * (buffer-opt only: native code is not checked like the interpreter). */
static buf_status_t emit_run_native(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  buf_jit_options_t jo = {.out = out, .opt_level = buf_compilation_llvm_opt_level(c),
                          .timing = &c->lower_timing};
  c->lowered = true;
  char *results = NULL;
  buf_status_t status =
      buf_jit_run(module, c->req.run_func, c->req.run_inputs, &results, &jo);
  fflush(out);
  if (!BUF_FAILED(status))
    print_results(c, results, out);
  free(results);
  return status;
}

static buf_status_t emit_llvm_kind(buf_compilation_t *c, buf_op_t *module,
                                   buf_llvm_output_t kind, FILE *out) {
  char *code = NULL;
  size_t n = 0;
  buf_llvm_options_t lo = {.opt_level = buf_compilation_llvm_opt_level(c),
                           .timing = &c->lower_timing,
                           .out = out,
                           .release_resource_blobs = c->last_use};
  c->lowered = true;
  buf_status_t status = buf_llvm_emit(module, kind, &lo, &code, &n);
  free(code); /* NULL: the output went to out */
  return status;
}

/* llvm: LLVM IR text of the lowered program. */
static buf_status_t emit_llvm(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  return emit_llvm_kind(c, module, BUF_LLVM_OUTPUT_IR, out);
}

/* obj: an x86-64 ELF relocatable object. */
static buf_status_t emit_obj(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  return emit_llvm_kind(c, module, BUF_LLVM_OUTPUT_OBJECT, out);
}

/* The first function with a body, where a program-wide complaint points. */
static buf_loc_t first_function_loc(buf_op_t *module) {
  buf_block_t *body = module->num_regions ? module->regions[0]->first : NULL;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    if (strcmp(op->name, "func.func") == 0 && op->num_regions &&
        !buf_region_empty(op->regions[0]))
      return op->loc;
  return module->loc;
}

/* ptx and gpu-manifest come from one emission (the first of them to run).
 * The service refuses a program without kernels (an empty PTX module is
 * not what a request for ptx asks for); buffer-opt prints it, and its
 * manifest says why each function has none. */
static buf_status_t emit_gpu(buf_compilation_t *c, buf_op_t *module) {
  if (!c->gpu_done) {
    buf_loc_t where = first_function_loc(module);
    buf_gpu_options_t go = {.arch = c->req.gpu_arch,
                            .opt_level = buf_compilation_llvm_opt_level(c),
                            .libdevice = c->req.libdevice,
                            .timing = &c->lower_timing,
                            .release_resource_blobs = c->last_use};
    c->lowered = true;
    c->gpu_status = buf_gpu_emit_ptx(module, &go, &c->ptx, &c->ptx_len, &c->manifest,
                                     &c->manifest_len);
    c->gpu_done = true;
    if (!BUF_FAILED(c->gpu_status) && c->req.service && !strstr(c->ptx, ".entry")) {
      buf_emit_error(c->ctx, where,
                     "cannot make ptx: the program has no top-level parallel loop nest "
                     "(scf.parallel, scf.forall or a linalg op with parallel dimensions) "
                     "to run as a GPU kernel");
      c->gpu_status = BUF_FAILURE;
    }
  }
  return c->gpu_status;
}

/* ptx: every top-level parallel loop nest as an NVPTX kernel. */
static buf_status_t emit_ptx(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  if (BUF_FAILED(emit_gpu(c, module)))
    return BUF_FAILURE;
  fwrite(c->ptx, 1, c->ptx_len, out);
  return BUF_SUCCESS;
}

/* gpu-manifest: the kernels' launch manifest (schema/gpu-manifest.schema.json). */
static buf_status_t emit_gpu_manifest(buf_compilation_t *c, buf_op_t *module, FILE *out) {
  if (BUF_FAILED(emit_gpu(c, module)))
    return BUF_FAILURE;
  fwrite(c->manifest, 1, c->manifest_len, out);
  fputc('\n', out);
  return BUF_SUCCESS;
}

/* The artifacts, in the order they are made: every row that lowers comes
 * after every row that does not (see the file comment). */
const buf_artifact_def_t buf_artifacts[] = {
    {"memref", "text/x-mlir; charset=utf-8", ".memref.mlir", false, false, true, 0,
     emit_memref, "the program after the pipeline (MLIR text)"},
    {"json", "application/json", ".json", false, false, true, BUF_USES_FILE, emit_json,
     "the program after the pipeline in the JSON form (schema/program.schema.json)"},
    {"report", "application/json", ".report.json", false, false, true, BUF_USES_FILE,
     emit_report,
     "the bufferization report (schema/bufferization-report.schema.json)"},
    {"run", "text/plain; charset=utf-8", ".run.txt", false, false, true, BUF_USES_RUN,
     emit_run,
     "a function run by the reference interpreter: what it prints, then its results "
     "(schema/run-values.schema.json)"},
    {"llvm", "text/x-llvm; charset=utf-8", ".ll", false, true, true,
     BUF_USES_HOST | BUF_USES_LLVM, emit_llvm, "LLVM IR of the lowered program"},
    {"obj", "application/x-object", ".o", true, true, true, BUF_USES_HOST | BUF_USES_LLVM,
     emit_obj,
     "an x86-64 ELF relocatable object"},
    {"ptx", "text/plain; charset=utf-8", ".ptx", false, true, true,
     BUF_USES_GPU | BUF_USES_LLVM, emit_ptx,
     "every top-level parallel loop nest as a PTX kernel"},
    {"gpu-manifest", "application/json", ".manifest.json", false, true, true,
     BUF_USES_GPU | BUF_USES_FILE,
     emit_gpu_manifest, "the launch manifest of the ptx kernels (schema/gpu-manifest.schema.json)"},
    {"run-native", "text/plain; charset=utf-8", ".run.txt", false, true, false,
     BUF_USES_HOST | BUF_USES_RUN | BUF_USES_LLVM, emit_run_native,
     "a function compiled by LLVM's JIT and run natively (buffer-opt only)"},
};
const uint32_t buf_num_artifacts = sizeof buf_artifacts / sizeof buf_artifacts[0];

/* Contract in buf/compile.h. */
const buf_artifact_def_t *buf_artifact_lookup(const char *name) {
  for (uint32_t i = 0; i < buf_num_artifacts; i++)
    if (strcmp(buf_artifacts[i].name, name) == 0)
      return &buf_artifacts[i];
  return NULL;
}

/* ---- the compilation ------------------------------------------------------ */

buf_compilation_t *buf_compilation_create(const buf_compile_request_t *req) {
  buf_compilation_t *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->req = *req;
  c->own_ctx = !req->ctx;
  c->ctx = req->ctx ? req->ctx : buf_ctx_create();
  c->file = req->file_name ? req->file_name : "<request>";
  return c;
}

void buf_compilation_destroy(buf_compilation_t *c) {
  if (!c)
    return;
  if (c->report)
    buf_bz_report_attach(NULL, c->ctx);
  if (c->own_report)
    buf_bz_report_destroy(c->report);
  for (uint32_t i = 0; i < c->num_artifacts; i++)
    free((char *)c->artifacts[i].data);
  free(c->ptx);
  free(c->manifest);
  free(c->pass_times);
  if (c->own_ctx)
    buf_ctx_destroy(c->ctx);
  free(c);
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "memref, json, ..." : the artifacts a request may name. */
static void known_artifacts(const buf_compilation_t *c, buf_strbuf_t *sb) {
  bool first = true;
  for (uint32_t i = 0; i < buf_num_artifacts; i++) {
    if (c->req.service && !buf_artifacts[i].service)
      continue;
    if (!first)
      buf_strbuf_puts(sb, ", ");
    buf_strbuf_puts(sb, buf_artifacts[i].name);
    first = false;
  }
}

/* Checks the wanted artifacts against the table and the request (a run
 * needs a function); keeps them in table order and their sorted names for
 * the cache key. */
static buf_status_t collect_artifacts(buf_compilation_t *c) {
  buf_arena_t *arena = buf_ctx_arena(c->ctx);
  uint32_t n = c->req.num_artifacts;
  const char **names = buf_arena_alloc(arena, sizeof(char *) * (n + 1));
  if (n == 0)
    names[n++] = "memref";
  else
    memcpy(names, c->req.artifacts, sizeof(char *) * n);
  qsort(names, n, sizeof *names, compare_names);
  bool wanted[sizeof buf_artifacts / sizeof buf_artifacts[0]] = {false};
  buf_strbuf_t list = {0};
  buf_status_t status = BUF_SUCCESS;
  for (uint32_t i = 0; i < n; i++) {
    if (i > 0 && strcmp(names[i - 1], names[i]) == 0)
      continue;
    const buf_artifact_def_t *def = buf_artifact_lookup(names[i]);
    if (!def || (c->req.service && !def->service)) {
      buf_strbuf_t known = {0};
      known_artifacts(c, &known);
      buf_emit_error(c->ctx, BUF_LOC_UNKNOWN, "%s artifact '%s' (this build produces: %.*s)",
                     def ? "the service does not make the" : "unknown", names[i],
                     (int)known.len, known.data ? known.data : "");
      buf_strbuf_free(&known);
      status = BUF_FAILURE;
    } else if ((def->uses & BUF_USES_RUN) && !c->req.run_func && c->req.service) {
      c->req.run_func = "main"; /* the service runs @main unless told otherwise */
      wanted[def - buf_artifacts] = true;
      c->uses |= def->uses;
    } else if ((def->uses & BUF_USES_RUN) && !c->req.run_func) {
      buf_emit_error(c->ctx, BUF_LOC_UNKNOWN,
                     "artifact '%s' needs the function to run (the request's \"run\" option)",
                     def->name);
      status = BUF_FAILURE;
    } else {
      wanted[def - buf_artifacts] = true;
      c->uses |= def->uses;
    }
    if (list.len)
      buf_strbuf_puts(&list, ",");
    buf_strbuf_puts(&list, names[i]);
  }
  c->wanted = buf_arena_alloc(arena, sizeof *c->wanted * (buf_num_artifacts + 1));
  for (uint32_t i = 0; i < buf_num_artifacts; i++)
    if (wanted[i])
      c->wanted[c->num_wanted++] = &buf_artifacts[i];
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
  return c->failure == BUF_COMPILE_REQUEST_ERROR;
}

buf_compile_failure_t buf_compilation_failure(const buf_compilation_t *c) {
  return c->failure;
}

buf_limit_t buf_compilation_limit(const buf_compilation_t *c) { return c->limit; }

size_t buf_compilation_memory_used(const buf_compilation_t *c) {
  return buf_ctx_memory_used(c->ctx);
}

/* Records that bound `limit` stopped the compilation. */
static buf_status_t stopped_by(buf_compilation_t *c, buf_limit_t limit) {
  c->failure = BUF_COMPILE_LIMIT;
  c->limit = limit;
  return BUF_FAILURE;
}

/* The parser words its bounds' errors "program too large: more than N
 * ops" and "nesting too deep" (core/syntax/parser.c, json.c: "more than N
 * ops", "region nesting deeper than N"): the bound a failed parse hit, if
 * any. */
static buf_limit_t parse_limit(const buf_compilation_t *c) {
  for (const buf_diag_t *d = buf_ctx_diags(c->ctx); d; d = d->next) {
    if (d->severity != BUF_SEV_ERROR || !d->message)
      continue;
    if (c->req.max_ops && (strstr(d->message, "program too large: more than ") ||
                           strncmp(d->message, "more than ", 10) == 0))
      return BUF_LIMIT_OPS;
    if (strstr(d->message, "nesting too deep") || strstr(d->message, "nesting deeper than"))
      return BUF_LIMIT_DEPTH;
  }
  return BUF_LIMIT_NONE;
}

/* Checks the memory and time bounds (the context's work limits) before
 * `next`. */
static buf_status_t check_limits(buf_compilation_t *c, const char *next) {
  if (BUF_FAILED(buf_ctx_check_limits(c->ctx, c->module->loc, next)))
    return stopped_by(c, buf_ctx_limit_hit(c->ctx));
  return BUF_SUCCESS;
}

static bool wants(const buf_compilation_t *c, const char *name) {
  for (uint32_t i = 0; i < c->num_wanted; i++)
    if (strcmp(c->wanted[i]->name, name) == 0)
      return true;
  return false;
}

buf_status_t buf_compilation_prepare(buf_compilation_t *c) {
  c->failure = BUF_COMPILE_REQUEST_ERROR;
  if (c->req.limits.max_memory || c->req.limits.deadline_ns)
    buf_ctx_set_work_limits(c->ctx, c->req.limits.max_memory, c->req.limits.deadline_ns);
  if (BUF_FAILED(collect_artifacts(c)))
    return BUF_FAILURE;
  if (c->req.built_pipeline) {
    c->pipeline = c->req.built_pipeline;
  } else {
    c->pipeline = buf_pipeline_create(c->ctx);
    buf_pipeline_set_limits(c->pipeline, &c->req.limits);
    const char *pipeline = c->req.pipeline ? c->req.pipeline : BUF_DEFAULT_PIPELINE;
    if (BUF_FAILED(buf_pipeline_parse(c->pipeline, pipeline))) {
      buf_limit_t hit = buf_pipeline_limit_hit(c->pipeline);
      return hit != BUF_LIMIT_NONE ? stopped_by(c, hit) : BUF_FAILURE;
    }
  }
  c->pipeline_text = buf_pipeline_to_string(c->pipeline);

  c->failure = BUF_COMPILE_PROGRAM_ERROR;
  buf_parse_options_t popts = buf_parse_options_default();
  popts.verify = false;
  popts.borrow_source = true; /* the request outlives the compilation */
  popts.max_ops = c->req.max_ops;
  if (c->req.max_depth)
    popts.max_depth = c->req.max_depth;
  popts.consumed = c->req.consumed;
  popts.consumed_user = c->req.consumed_user;
  double t0 = now();
  c->module = c->req.program_is_json
                  ? buf_module_from_json(c->ctx, c->file, c->req.program,
                                         c->req.program_len, &popts)
                  : buf_parse_source(c->ctx, c->file, c->req.program, c->req.program_len,
                                     c->req.first_line ? c->req.first_line : 1, &popts);
  double t1 = now();
  c->t_parse = t1 - t0;
  if (!c->module) {
    buf_limit_t hit = parse_limit(c);
    return hit != BUF_LIMIT_NONE ? stopped_by(c, hit) : BUF_FAILURE;
  }
  buf_status_t verified = buf_verify(c->module);
  c->t_verify = now() - t1;
  if (BUF_FAILED(verified))
    return BUF_FAILURE;
  buf_op_walk(c->module, BUF_WALK_PRE, count_op, &c->num_ops);
  if (BUF_FAILED(check_limits(c, "its passes")))
    return BUF_FAILURE;
  c->failure = BUF_COMPILE_OK;
  return BUF_SUCCESS;
}

const char *buf_compilation_canonical_ir(buf_compilation_t *c) {
  if (!c->canonical_ir && c->module) {
    double t0 = now();
    buf_print_options_t po = buf_print_options_default();
    po.assume_verified = true; /* verified by prepare */
    /* weights enter the key as a digest of their bytes (the caller's,
     * from buf_compilation_resources), not as pages of hex text */
    po.elide_resource_strings = true;
    po.elide_resource_strings_if_larger = 0;
    po.elide_blobs_only = true;
    size_t len;
    char *text = buf_print_op_to_string(c->module, &po, &len);
    c->canonical_ir = buf_arena_strndup(buf_ctx_arena(c->ctx), text, len);
    free(text);
    c->t_print = now() - t0;
  }
  return c->canonical_ir;
}
const buf_resource_t **buf_compilation_resources(const buf_compilation_t *c,
                                                 uint32_t *n) {
  *n = 0;
  return c->module ? buf_op_resources(c->module, n) : NULL;
}
const char *buf_compilation_pipeline(const buf_compilation_t *c) {
  return c->pipeline_text;
}
const char *buf_compilation_artifact_list(const buf_compilation_t *c) {
  return c->artifact_list;
}
unsigned buf_compilation_uses(const buf_compilation_t *c) {
  return c->uses;
}
int buf_compilation_llvm_opt_level(const buf_compilation_t *c) {
  return c->req.llvm_opt_level_set ? c->req.llvm_opt_level : BUF_DEFAULT_LLVM_OPT_LEVEL;
}
uint64_t buf_compilation_num_ops(const buf_compilation_t *c) {
  return c->num_ops;
}

/* Keeps a made artifact's bytes: data (malloc'd by a memory stream, which
 * ends it with a NUL) becomes the compilation's, freed by
 * buf_compilation_destroy. Not copied: a model's object file is as big as
 * its weights. */
static void keep_artifact(buf_compilation_t *c, const buf_artifact_def_t *def, char *data,
                          size_t len) {
  buf_arena_t *arena = buf_ctx_arena(c->ctx);
  c->artifacts = buf_arena_grow(arena, c->artifacts, c->num_artifacts,
                                c->num_artifacts + 1, sizeof *c->artifacts);
  c->artifacts[c->num_artifacts++] =
      (buf_compile_artifact_t){def->name, def, data, len, def->binary};
}

/* Makes one artifact from module: into the caller's stream, or kept. */
static buf_status_t make_artifact(buf_compilation_t *c, const buf_artifact_def_t *def,
                                  buf_op_t *module) {
  FILE *out = c->req.stream ? c->req.stream(c->req.stream_user, def) : NULL;
  if (out)
    return def->emit(c, module, out);
  char *data = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&data, &len);
  if (!mem)
    abort(); /* out of memory */
  buf_status_t status = def->emit(c, module, mem);
  fclose(mem);
  /* A failed run keeps what the function printed before it failed. */
  if (!BUF_FAILED(status) || def->emit == emit_run || def->emit == emit_run_native)
    keep_artifact(c, def, data, len);
  else
    free(data);
  return status;
}

/* The check buf_pipeline_run skipped when told not to verify each pass:
 * every artifact but the printed IR (the interpreter, the lowerings, the
 * JSON writer) relies on valid IR. */
static buf_status_t verify_after_passes(buf_compilation_t *c) {
  if (BUF_FAILED(buf_verify(c->module))) {
    buf_emit_error(c->ctx, c->module->loc,
                   "the passes produced invalid IR (see the errors above); verify "
                   "after each pass (--verify-each) to find the pass");
    return BUF_FAILURE;
  }
  c->verified = true;
  return BUF_SUCCESS;
}

buf_status_t buf_compilation_run(buf_compilation_t *c) {
  if (!c->module)
    return BUF_FAILURE;
  c->failure = BUF_COMPILE_PROGRAM_ERROR;
  if (c->req.report) {
    c->report = c->req.report;
  } else if (wants(c, "report")) {
    c->report = buf_bz_report_create();
    c->own_report = true;
  }
  if (c->report)
    buf_bz_report_attach(c->report, c->ctx);
  double t0 = now();
  buf_pass_timing_t *times = NULL;
  buf_status_t status = buf_pipeline_run(c->pipeline, c->module, &times);
  uint32_t n = buf_pipeline_num_passes(c->pipeline);
  if (times && n) {
    c->pass_times = malloc(n * sizeof *times);
    memcpy(c->pass_times, times, n * sizeof *times);
    c->num_pass_times = n;
  }
  c->t_passes = now() - t0;
  if (BUF_FAILED(status)) {
    buf_limit_t hit = buf_pipeline_limit_hit(c->pipeline);
    return hit != BUF_LIMIT_NONE ? stopped_by(c, hit) : BUF_FAILURE;
  }
  c->verified = buf_pipeline_verifies_each(c->pipeline) || n == 0;
  if (c->report) /* the peaks describe the program after every pass */
    buf_bz_report_add_peaks(c->report, c->module);
  if (c->own_report) /* the lowerings' own bufferization is not the pipeline's */
    buf_bz_report_attach(NULL, c->ctx);

  double t1 = now();
  uint32_t last_lowering = c->num_wanted;
  for (uint32_t i = 0; i < c->num_wanted; i++)
    if (c->wanted[i]->lowers)
      last_lowering = i;
  for (uint32_t i = 0; i < c->num_wanted && !BUF_FAILED(status); i++) {
    const buf_artifact_def_t *def = c->wanted[i];
    char before[64];
    snprintf(before, sizeof before, "making artifact '%s'", def->name);
    if (BUF_FAILED(check_limits(c, before))) {
      status = BUF_FAILURE;
      break;
    }
    if (!c->verified && def->emit != emit_memref && BUF_FAILED(verify_after_passes(c))) {
      status = BUF_FAILURE;
      break;
    }
    buf_op_t *module = c->module;
    buf_irmap_t *map = NULL;
    if (def->lowers && i != last_lowering) {
      map = buf_irmap_create(c->ctx);
      module = buf_op_clone(c->module, map);
    }
    /* The last lowering gets the program itself, and no artifact reads it
     * after that one: its weights may go once LLVM has them. */
    c->last_use = module == c->module && def->lowers && i == last_lowering;
    status = make_artifact(c, def, module);
    c->last_use = false;
    if (map) {
      buf_irmap_destroy(map);
      buf_op_erase(module);
    }
  }
  c->t_emit = now() - t1;
  if (!BUF_FAILED(status))
    c->failure = BUF_COMPILE_OK;
  return status;
}

uint32_t buf_compilation_num_artifacts(const buf_compilation_t *c) {
  return c->num_artifacts;
}

const buf_compile_artifact_t *buf_compilation_artifact(const buf_compilation_t *c,
                                                       uint32_t i) {
  return i < c->num_artifacts ? &c->artifacts[i] : NULL;
}

char *buf_compilation_take_artifact(buf_compilation_t *c, uint32_t i, size_t *len) {
  if (i >= c->num_artifacts || !c->artifacts[i].data)
    return NULL;
  char *data = (char *)c->artifacts[i].data;
  *len = c->artifacts[i].len;
  c->artifacts[i].data = NULL;
  c->artifacts[i].len = 0;
  return data;
}

bool buf_compilation_run_stats(const buf_compilation_t *c, buf_interp_stats_t *stats) {
  if (c->ran)
    *stats = c->run_stats;
  return c->ran;
}

char *buf_compilation_run_stats_json(const buf_compilation_t *c) {
  if (!c->ran)
    return NULL;
  const buf_interp_stats_t *s = &c->run_stats;
  json_t *o = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "steps", (json_int_t)s->steps,
                        "heap_allocs", (json_int_t)s->heap_allocs, "stack_allocs",
                        (json_int_t)s->stack_allocs, "copies", (json_int_t)s->copies,
                        "peak_live_bytes", (json_int_t)s->peak_live_bytes,
                        "peak_heap_bytes", (json_int_t)s->peak_heap_bytes,
                        "copied_bytes", (json_int_t)s->copied_bytes);
  char *text = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  return text;
}

const buf_pass_timing_t *buf_compilation_pass_timings(const buf_compilation_t *c,
                                                      uint32_t *n) {
  *n = c->num_pass_times;
  return c->pass_times;
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

const buf_lower_timing_t *buf_compilation_lower_timing(const buf_compilation_t *c) {
  return c->lowered ? &c->lower_timing : NULL;
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
  if (strcmp(phase, "emit") == 0)
    return c->t_emit;
  return 0;
}
