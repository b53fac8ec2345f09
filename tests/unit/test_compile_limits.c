/*
 * test_compile_limits.c: the bounds a compile request sets
 * (buf_pipeline_limits_t in buf_compile_request_t). Each bound stops the
 * compile with BUF_COMPILE_LIMIT, names itself (buf_compilation_limit) and
 * leaves an error that says what was exceeded; a compile within its bounds
 * is untouched.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf/compile.h"
#include "buf/syntax.h"
#include "test.h"

static const char *const program =
    "func.func @f(%a: f32) -> f32 {\n"
    "  %b = arith.addf %a, %a : f32\n"
    "  return %b : f32\n"
    "}\n"
    "func.func @g(%a: f32) -> f32 {\n"
    "  return %a : f32\n"
    "}\n";

/* "symbol-dce,symbol-dce,..." n times (malloc'd). */
static char *repeated(const char *pass, unsigned n) {
  size_t len = (strlen(pass) + 1) * n + 1;
  char *text = calloc(1, len);
  for (unsigned i = 0; i < n; i++) {
    if (i)
      strcat(text, ",");
    strcat(text, pass);
  }
  return text;
}

/* Compiles with pipeline and limits; returns the limit that stopped it
 * (BUF_LIMIT_NONE when it succeeded) and checks that the diagnostics
 * contain `says` when given. */
static buf_limit_t compile_with(const char *pipeline, buf_pipeline_limits_t limits,
                                const char *says) {
  buf_compile_request_t req = {.program = program,
                               .program_len = strlen(program),
                               .pipeline = pipeline,
                               .limits = limits};
  buf_compilation_t *c = buf_compilation_create(&req);
  buf_status_t status = buf_compilation_prepare(c);
  if (!BUF_FAILED(status))
    status = buf_compilation_run(c);
  buf_limit_t hit = BUF_LIMIT_NONE;
  if (BUF_FAILED(status)) {
    CHECK(buf_compilation_failure(c) == BUF_COMPILE_LIMIT);
    hit = buf_compilation_limit(c);
  }
  if (says) {
    char *diags = buf_compilation_diagnostics_json(c);
    CHECK_MSG(diags && strstr(diags, says), "diagnostics %s lack '%s'", diags, says);
    free(diags);
  }
  buf_compilation_destroy(c);
  return hit;
}

static void test_pipeline_bounds(void) {
  char *ten = repeated("symbol-dce", 10);
  CHECK(compile_with(ten, (buf_pipeline_limits_t){.max_passes = 10}, NULL) == BUF_LIMIT_NONE);
  CHECK(compile_with(ten, (buf_pipeline_limits_t){.max_passes = 9},
                     "a pipeline holds at most 9") == BUF_LIMIT_PIPELINE_PASSES);
  CHECK(compile_with(ten, (buf_pipeline_limits_t){.max_text = 50},
                     "longer than 50 bytes") == BUF_LIMIT_PIPELINE_TEXT);
  free(ten);
  const char *nested = "builtin.module(func.func(buffer-hoisting))";
  CHECK(compile_with(nested, (buf_pipeline_limits_t){.max_nesting = 2}, NULL) == BUF_LIMIT_NONE);
  CHECK(compile_with(nested, (buf_pipeline_limits_t){.max_nesting = 1},
                     "nesting deeper than 1 levels") == BUF_LIMIT_PIPELINE_NESTING);
  /* Bounds above the built-in ones are clamped to them. */
  char *many = repeated("symbol-dce", BUF_PIPELINE_MAX_PASSES + 1);
  CHECK(compile_with(many, (buf_pipeline_limits_t){.max_passes = 100000, .max_text = 1 << 30},
                     "at most 1024") == BUF_LIMIT_PIPELINE_PASSES);
  free(many);
}

static void test_memory_and_time_bounds(void) {
  /* Any IR is more than one byte: stopped before the passes run. */
  CHECK(compile_with("symbol-dce", (buf_pipeline_limits_t){.max_memory = 1},
                     "more than the limit of 1 bytes") == BUF_LIMIT_MEMORY);
  CHECK(compile_with("symbol-dce", (buf_pipeline_limits_t){.max_memory = 1 << 30}, NULL) ==
        BUF_LIMIT_NONE);
  /* A deadline in the past (1 ns after boot) stops it before its first pass. */
  CHECK(compile_with("symbol-dce,func.func(buffer-hoisting)",
                     (buf_pipeline_limits_t){.deadline_ns = 1},
                     "its deadline passed") == BUF_LIMIT_TIME);
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  uint64_t later = ((uint64_t)ts.tv_sec + 60) * 1000000000u;
  CHECK(compile_with("symbol-dce", (buf_pipeline_limits_t){.deadline_ns = later}, NULL) ==
        BUF_LIMIT_NONE);
}

static void test_pipeline_limits_between_functions(void) {
  /* Run directly: a func.func pass checks the bounds before each function. */
  buf_ctx_t *ctx = buf_ctx_create();
  buf_op_t *module = buf_parse_source(ctx, "t.mlir", program, strlen(program), 1,
                                      &(buf_parse_options_t){.max_depth = 0, .verify = true});
  CHECK(module != NULL);
  buf_pipeline_t *pl = buf_pipeline_create(ctx);
  CHECK(!BUF_FAILED(buf_pipeline_parse(pl, "func.func(buffer-hoisting)")));
  buf_pipeline_set_limits(pl, &(buf_pipeline_limits_t){.max_memory = 1});
  CHECK(BUF_FAILED(buf_pipeline_run(pl, module, NULL)));
  CHECK(buf_pipeline_limit_hit(pl) == BUF_LIMIT_MEMORY);
  buf_ctx_destroy(ctx);
}

static void test_one_shot_stops_between_analysis_and_rewrite(void) {
  const char *text = "func.func @f(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %r = tensor.insert %v into %t[%c0] : tensor<4xf32>\n"
                     "  return %r : tensor<4xf32>\n"
                     "}\n";
  buf_ctx_t *ctx = buf_ctx_create();
  buf_op_t *module = buf_parse_source(ctx, "t.mlir", text, strlen(text), 1,
                                      &(buf_parse_options_t){.verify = true});
  CHECK(module != NULL);
  buf_ctx_set_work_limits(ctx, 0, 1); /* a deadline long past */
  buf_bz_options_t options = {0};
  CHECK(BUF_FAILED(buf_one_shot_bufferize(module, &options)));
  CHECK(buf_ctx_limit_hit(ctx) == BUF_LIMIT_TIME);
  CHECK(buf_ctx_diags(ctx) && strstr(buf_ctx_diags(ctx)->message, "before rewriting"));
  /* Nothing was rewritten: the program still verifies on tensors. */
  CHECK(!BUF_FAILED(buf_verify(module)));
  buf_print_options_t po = buf_print_options_default();
  size_t len;
  char *printed = buf_print_op_to_string(module, &po, &len);
  CHECK(printed && strstr(printed, "tensor.insert") && !strstr(printed, "memref"));
  free(printed);
  buf_ctx_destroy(ctx);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_one_shot_stops_between_analysis_and_rewrite),
    TEST_ENTRY(test_pipeline_bounds),
    TEST_ENTRY(test_memory_and_time_bounds),
    TEST_ENTRY(test_pipeline_limits_between_functions),
};
TEST_MAIN(tests)
