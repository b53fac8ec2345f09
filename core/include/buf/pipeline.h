/*
 * buf/pipeline.h: the pass registry and pass pipelines.
 *
 * Passes are rows of one table (core/pipeline/registry.c), spelled as in
 * mlir-opt: a name, an anchor op ("builtin.module" or "func.func"), and
 * typed options. A pipeline is parsed from mlir-opt's two spellings:
 *
 *   --one-shot-bufferize="bufferize-function-boundaries copy-before-write"
 *   --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries},func.func(buffer-hoisting))"
 *
 * and printed back in one normalized textual form (options sorted, defaults
 * dropped) that the cache key uses: two spellings of the same pipeline give
 * the same text.
 */
#ifndef BUF_PIPELINE_H
#define BUF_PIPELINE_H

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum buf_option_kind {
  BUF_OPT_BOOL,   /* "name" alone means true; "name=false" */
  BUF_OPT_INT,    /* unsigned decimal integer below 2^32 (MLIR's unsigned) */
  BUF_OPT_STRING, /* any text without spaces (or quoted) */
  BUF_OPT_ENUM,   /* one of enum_values */
} buf_option_kind_t;

typedef struct buf_option_spec {
  const char *name;                /* "function-boundary-type-conversion" */
  buf_option_kind_t kind;
  const char *default_value;       /* as text: "false", "0", "infer-layout-map" */
  const char *const *enum_values;  /* NULL-terminated, for BUF_OPT_ENUM */
  const char *help;
} buf_option_spec_t;

/* The option values of one pass instance. */
typedef struct buf_pass_options buf_pass_options_t;

/* A pass reads its options by their index in its options table, never by
 * name: each pass declares an enum of indices beside the table and places
 * the rows with designated initializers ([ONE_SHOT_COPY_BEFORE_WRITE] =
 * {"copy-before-write", ...}), so a misspelt option is an undeclared
 * identifier, not a silent default. The accessor must match the row's kind
 * (bool for BUF_OPT_BOOL, int for BUF_OPT_INT, string for BUF_OPT_STRING and
 * BUF_OPT_ENUM); the value is the one given, or else the row's default. */
bool buf_pass_option_bool(const buf_pass_options_t *o, uint32_t index);
int64_t buf_pass_option_int(const buf_pass_options_t *o, uint32_t index);
const char *buf_pass_option_string(const buf_pass_options_t *o,
                                   uint32_t index);

typedef struct buf_pass_def {
  const char *name;       /* "one-shot-bufferize" */
  const char *summary;
  const char *anchor;     /* "builtin.module" or "func.func" */
  const buf_option_spec_t *options;
  uint32_t num_options;
  /* Runs on one anchor op. Emits located diagnostics and returns
   * BUF_FAILURE on error. */
  buf_status_t (*run)(buf_op_t *anchor, const buf_pass_options_t *options);
} buf_pass_def_t;

/* Every registered pass, in the order `buffer-opt --help` lists them. */
extern const buf_pass_def_t *const buf_passes[];
extern const uint32_t buf_num_passes;
const buf_pass_def_t *buf_pass_lookup(const char *name);

typedef struct buf_pipeline buf_pipeline_t;

/* Bounds of one pipeline, which may come from a request: the text
 * buf_pipeline_parse reads, the passes a pipeline holds and how deep its
 * anchors nest. Longer texts, more passes and deeper nesting are reported
 * errors. These are the defaults; buf_pipeline_set_limits lowers them. */
#define BUF_PIPELINE_MAX_TEXT 65536
#define BUF_PIPELINE_MAX_PASSES 1024
#define BUF_PIPELINE_MAX_NESTING 32

/* The bounds of one pipeline and of its run; 0 leaves a bound at its
 * default (the three above) or, for memory and time, unbounded. Memory and
 * time become the context's work limits (buf_ctx_set_work_limits), checked
 * before every pass, before each function of a func.func pass and between
 * the phases of long passes (one-shot-bufferize: analysis, then rewrite),
 * so a run stops soon after crossing them; what it allocated is freed with
 * the context. buf_limit_t (buf/ir.h) names the bound that stopped it. */
typedef struct buf_pipeline_limits {
  size_t max_text;         /* bytes of pipeline text */
  uint32_t max_passes;     /* passes, over every nesting level */
  uint32_t max_nesting;    /* nested anchors: builtin.module(func.func(...)) is 2 */
  uint64_t max_memory;     /* bytes the context's arenas may hold (buf_ctx_memory_used) */
  uint64_t deadline_ns;    /* CLOCK_MONOTONIC time to stop at */
} buf_pipeline_limits_t;

/* An empty pipeline; lives in ctx's arena. */
buf_pipeline_t *buf_pipeline_create(buf_ctx_t *ctx);
/* Sets the bounds (copied); call before adding passes. Bounds above the
 * defaults are clamped to them. */
void buf_pipeline_set_limits(buf_pipeline_t *pl, const buf_pipeline_limits_t *limits);
/* After a failed parse, add or run: the bound that stopped it, if one did. */
buf_limit_t buf_pipeline_limit_hit(const buf_pipeline_t *pl);
/* Appends `name` with options text "a b=c" (may be NULL or empty). Unknown
 * passes, bad options and a pass beyond BUF_PIPELINE_MAX_PASSES are
 * reported in ctx and return BUF_FAILURE. */
buf_status_t buf_pipeline_add(buf_pipeline_t *pl, const char *name,
                              const char *options);
/* Appends pass `def`, which need not be registered (a tool's own test
 * passes: buffer-opt's --test-pass-create-invalid-ir), with options text as
 * for buf_pipeline_add. */
buf_status_t buf_pipeline_add_def(buf_pipeline_t *pl, const buf_pass_def_t *def,
                                  const char *options);
/* Appends every pass of a textual pipeline "builtin.module(a{x},func.func(b))"
 * or a bare comma-separated list "a{x},b". Nesting and text past the
 * pipeline's limits are errors. Whatever parses prints
 * (buf_pipeline_to_string) to text that parses back to the same passes. */
buf_status_t buf_pipeline_parse(buf_pipeline_t *pl, const char *text);
uint32_t buf_pipeline_num_passes(const buf_pipeline_t *pl);
/* The normalized text: "builtin.module(a{x=1},func.func(b))". */
const char *buf_pipeline_to_string(const buf_pipeline_t *pl);

/* Per-pass wall times collected while running. */
typedef struct buf_pass_timing {
  const char *name;
  double seconds;
} buf_pass_timing_t;

/* Whether buf_pipeline_run verifies the module after each pass: true
 * unless set otherwise (mlir-opt's --verify-each, whose default is true). */
void buf_pipeline_set_verify_each(buf_pipeline_t *pl, bool verify_each);
bool buf_pipeline_verifies_each(const buf_pipeline_t *pl);

/* Runs the passes on module in order. With verify-each (the default) it
 * verifies the module after each pass and stops at the first pass that
 * leaves invalid IR: the verifier's errors, located at the invalid ops, then
 * an error naming the pass. Without it the IR a pass leaves is not checked:
 * the caller verifies before relying on it. When timings is not NULL it
 * receives one entry per pass (arena array). */
buf_status_t buf_pipeline_run(buf_pipeline_t *pl, buf_op_t *module,
                               buf_pass_timing_t **timings);

#ifdef __cplusplus
}
#endif

#endif /* BUF_PIPELINE_H */
