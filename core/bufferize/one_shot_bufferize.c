/*
 * one_shot_bufferize.c: --one-shot-bufferize, MLIR's One-Shot Bufferize.
 *
 * Reads top to bottom: read the options; create the analysis state with
 * the registry of models (state.c, models.c); analyze (which tensor
 * operands may write in place, analysis.c); with test-analysis-only,
 * annotate the decisions and stop; otherwise materialize copies for
 * out-of-place operands (copies.c), rewrite every op to buffers through its
 * model (rewrite.c, models_*.c), and clean up after the rewrite:
 *   1. buffer ops that touch no element (zero_size_ops.c),
 *   2. allocations the rewrite made that nothing uses (rewrite.c),
 *   3. unused views, casts and conversions (dead_views.c),
 * and hand what was allocated and copied, and why, to the bufferization
 * report (report.c).
 */
#include <string.h>

#include "bz_internal.h"
#include "buf/pipeline.h"

/* Indices of one_shot_options' rows, in its order (alphabetical, upstream's
 * spelling), which is the order the normalized pipeline text lists them. */
enum one_shot_option {
  ONE_SHOT_ALLOW_RETURN_ALLOCS_FROM_LOOPS,
  ONE_SHOT_ALLOW_UNKNOWN_OPS,
  ONE_SHOT_ANALYSIS_HEURISTIC,
  ONE_SHOT_BUFFERIZE_FUNCTION_BOUNDARIES,
  ONE_SHOT_CHECK_PARALLEL_REGIONS,
  ONE_SHOT_COPY_BEFORE_WRITE,
  ONE_SHOT_DUMP_ALIAS_SETS,
  ONE_SHOT_FUNCTION_BOUNDARY_TYPE_CONVERSION,
  ONE_SHOT_PRINT_CONFLICTS,
  ONE_SHOT_TEST_ANALYSIS_ONLY,
  ONE_SHOT_VERIFY_ANALYSIS,
  ONE_SHOT_NUM_OPTIONS
};

static bool read_options(const buf_pass_options_t *o, buf_bz_options_t *out) {
  memset(out, 0, sizeof *out);
  out->function_boundaries = buf_pass_option_bool(o, ONE_SHOT_BUFFERIZE_FUNCTION_BOUNDARIES);
  const char *layout = buf_pass_option_string(o, ONE_SHOT_FUNCTION_BOUNDARY_TYPE_CONVERSION);
  out->boundary_layout = BUF_BZ_LAYOUT_INFER;
  if (strcmp(layout, "identity-layout-map") == 0)
    out->boundary_layout = BUF_BZ_LAYOUT_IDENTITY;
  else if (strcmp(layout, "fully-dynamic-layout-map") == 0)
    out->boundary_layout = BUF_BZ_LAYOUT_FULLY_DYNAMIC;
  out->allow_return_allocs_from_loops =
      buf_pass_option_bool(o, ONE_SHOT_ALLOW_RETURN_ALLOCS_FROM_LOOPS);
  out->allow_unknown_ops = buf_pass_option_bool(o, ONE_SHOT_ALLOW_UNKNOWN_OPS);
  out->copy_before_write = buf_pass_option_bool(o, ONE_SHOT_COPY_BEFORE_WRITE);
  const char *h = buf_pass_option_string(o, ONE_SHOT_ANALYSIS_HEURISTIC);
  out->bottom_up = strcmp(h, "top-down") != 0;
  out->test_analysis_only = buf_pass_option_bool(o, ONE_SHOT_TEST_ANALYSIS_ONLY);
  out->print_conflicts = buf_pass_option_bool(o, ONE_SHOT_PRINT_CONFLICTS);
  out->dump_alias_sets = buf_pass_option_bool(o, ONE_SHOT_DUMP_ALIAS_SETS);
  out->check_parallel_regions = buf_pass_option_bool(o, ONE_SHOT_CHECK_PARALLEL_REGIONS);
  out->verify_analysis = buf_pass_option_bool(o, ONE_SHOT_VERIFY_ANALYSIS);
  return true;
}

buf_status_t buf_one_shot_bufferize(buf_op_t *module,
                                    const buf_bz_options_t *options) {
  buf_bz_t *bz = buf__bz_create(module, options, buf__bz_registered_model);
  buf_status_t st = buf__bz_analyze(bz);
  if (st == BUF_SUCCESS && options->test_analysis_only) {
    buf__bz_annotate(bz);
    buf__bz_destroy(bz);
    return BUF_SUCCESS;
  }
  /* The analysis of a large module is long: stop at a crossed memory or
   * time bound before the rewrite changes anything. */
  if (st == BUF_SUCCESS)
    st = buf_ctx_check_limits(buf_op_ctx(module), module->loc,
                              "rewriting: one-shot-bufferize analyzed the program");
  if (st == BUF_SUCCESS)
    st = buf__bz_materialize_copies(bz);
  if (st == BUF_SUCCESS)
    st = buf__bz_rewrite(bz);
  if (st == BUF_SUCCESS) {
    buf__bz_erase_zero_size_ops(bz);
    buf__bz_erase_dead_allocs(bz);
    buf__bz_erase_dead_views(bz->module);
    buf__bz_report_flush(bz);
  }
  buf__bz_destroy(bz);
  return st;
}

static buf_status_t one_shot_run(buf_op_t *module,
                                 const buf_pass_options_t *options) {
  buf_bz_options_t o;
  read_options(options, &o);
  return buf_one_shot_bufferize(module, &o);
}

static const char *const layouts[] = {"infer-layout-map", "identity-layout-map",
                                      "fully-dynamic-layout-map", NULL};
static const char *const heuristics[] = {"bottom-up", "top-down", NULL};

static const buf_option_spec_t one_shot_options[ONE_SHOT_NUM_OPTIONS] = {
    [ONE_SHOT_ALLOW_RETURN_ALLOCS_FROM_LOOPS] =
        {"allow-return-allocs-from-loops", BUF_OPT_BOOL, "false", NULL,
         "Allow returning/yielding new allocations from a loop (accepted; this "
         "implementation always yields the iter_arg buffer)"},
    [ONE_SHOT_ALLOW_UNKNOWN_OPS] =
        {"allow-unknown-ops", BUF_OPT_BOOL, "false", NULL,
         "Keep ops without a bufferization model on tensors"},
    [ONE_SHOT_ANALYSIS_HEURISTIC] =
        {"analysis-heuristic", BUF_OPT_ENUM, "bottom-up", heuristics,
         "Order in which ops are analyzed"},
    [ONE_SHOT_BUFFERIZE_FUNCTION_BOUNDARIES] =
        {"bufferize-function-boundaries", BUF_OPT_BOOL, "false", NULL,
         "Bufferize function arguments and results"},
    [ONE_SHOT_CHECK_PARALLEL_REGIONS] =
        {"check-parallel-regions", BUF_OPT_BOOL, "true", NULL,
         "Privatize buffers written in parallel regions"},
    [ONE_SHOT_COPY_BEFORE_WRITE] =
        {"copy-before-write", BUF_OPT_BOOL, "false", NULL,
         "Skip the analysis: every write goes to a copy"},
    [ONE_SHOT_DUMP_ALIAS_SETS] =
        {"dump-alias-sets", BUF_OPT_BOOL, "false", NULL,
         "With test-analysis-only: annotate alias sets"},
    [ONE_SHOT_FUNCTION_BOUNDARY_TYPE_CONVERSION] =
        {"function-boundary-type-conversion", BUF_OPT_ENUM, "infer-layout-map",
         layouts, "Layout of memref types at function boundaries"},
    [ONE_SHOT_PRINT_CONFLICTS] =
        {"print-conflicts", BUF_OPT_BOOL, "false", NULL,
         "With test-analysis-only: annotate read-after-write conflicts"},
    [ONE_SHOT_TEST_ANALYSIS_ONLY] =
        {"test-analysis-only", BUF_OPT_BOOL, "false", NULL,
         "Only annotate the in-place decisions"},
    [ONE_SHOT_VERIFY_ANALYSIS] =
        {"verify-analysis", BUF_OPT_BOOL, "false", NULL,
         "Check every in-place decision of the conflict index against a full "
         "scan; a disagreement fails the pass (slow; for tests)"},
};

const buf_pass_def_t buf_pass_one_shot_bufferize = {
    .name = "one-shot-bufferize",
    .summary = "One-Shot Bufferize: tensors to buffers with in-place analysis",
    .anchor = "builtin.module",
    .options = one_shot_options,
    .num_options = ONE_SHOT_NUM_OPTIONS,
    .run = one_shot_run,
};
