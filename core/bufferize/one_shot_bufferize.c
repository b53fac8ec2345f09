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
  ONE_SHOT_ANALYSIS_FUZZER_SEED,
  ONE_SHOT_ANALYSIS_HEURISTIC,
  ONE_SHOT_BUFFER_ALIGNMENT,
  ONE_SHOT_BUFFERIZE_FUNCTION_BOUNDARIES,
  ONE_SHOT_CHECK_PARALLEL_REGIONS,
  ONE_SHOT_COPY_BEFORE_WRITE,
  ONE_SHOT_DIALECT_FILTER,
  ONE_SHOT_DUMP_ALIAS_SETS,
  ONE_SHOT_FUNCTION_BOUNDARY_TYPE_CONVERSION,
  ONE_SHOT_MUST_INFER_MEMORY_SPACE,
  ONE_SHOT_NO_ANALYSIS_FUNC_FILTER,
  ONE_SHOT_PRINT_CONFLICTS,
  ONE_SHOT_TEST_ANALYSIS_ONLY,
  ONE_SHOT_UNKNOWN_TYPE_CONVERSION,
  ONE_SHOT_USE_ENCODING_FOR_MEMORY_SPACE,
  ONE_SHOT_VERIFY_ANALYSIS,
  ONE_SHOT_NUM_OPTIONS
};

static buf_bz_layout_t layout_named(const char *name) {
  if (strcmp(name, "identity-layout-map") == 0)
    return BUF_BZ_LAYOUT_IDENTITY;
  if (strcmp(name, "fully-dynamic-layout-map") == 0)
    return BUF_BZ_LAYOUT_FULLY_DYNAMIC;
  return BUF_BZ_LAYOUT_INFER;
}

static bool read_options(const buf_pass_options_t *o, buf_bz_options_t *out) {
  memset(out, 0, sizeof *out);
  out->function_boundaries = buf_pass_option_bool(o, ONE_SHOT_BUFFERIZE_FUNCTION_BOUNDARIES);
  out->boundary_layout =
      layout_named(buf_pass_option_string(o, ONE_SHOT_FUNCTION_BOUNDARY_TYPE_CONVERSION));
  out->unknown_layout =
      layout_named(buf_pass_option_string(o, ONE_SHOT_UNKNOWN_TYPE_CONVERSION));
  out->allow_return_allocs_from_loops =
      buf_pass_option_bool(o, ONE_SHOT_ALLOW_RETURN_ALLOCS_FROM_LOOPS);
  out->allow_unknown_ops = buf_pass_option_bool(o, ONE_SHOT_ALLOW_UNKNOWN_OPS);
  out->copy_before_write = buf_pass_option_bool(o, ONE_SHOT_COPY_BEFORE_WRITE);
  const char *h = buf_pass_option_string(o, ONE_SHOT_ANALYSIS_HEURISTIC);
  out->heuristic = !strcmp(h, "top-down")                     ? BUF_BZ_TOP_DOWN
                   : !strcmp(h, "bottom-up-from-terminators") ? BUF_BZ_BOTTOM_UP_FROM_TERMINATORS
                   : !strcmp(h, "fuzzer")                     ? BUF_BZ_FUZZER
                                                              : BUF_BZ_BOTTOM_UP;
  /* A seed asks for the fuzzer whatever the heuristic says, as upstream. */
  out->fuzzer_seed = (uint64_t)buf_pass_option_int(o, ONE_SHOT_ANALYSIS_FUZZER_SEED);
  if (out->fuzzer_seed)
    out->heuristic = BUF_BZ_FUZZER;
  const char *f = buf_pass_option_string(o, ONE_SHOT_NO_ANALYSIS_FUNC_FILTER);
  out->no_analysis_funcs = *f ? f : NULL;
  const char *d = buf_pass_option_string(o, ONE_SHOT_DIALECT_FILTER);
  out->dialect_filter = *d ? d : NULL;
  out->must_infer_memory_space = buf_pass_option_bool(o, ONE_SHOT_MUST_INFER_MEMORY_SPACE);
  out->use_encoding_for_memory_space =
      buf_pass_option_bool(o, ONE_SHOT_USE_ENCODING_FOR_MEMORY_SPACE);
  int64_t align = buf_pass_option_int(o, ONE_SHOT_BUFFER_ALIGNMENT);
  out->buffer_alignment = align > 0 ? align : -1;
  out->test_analysis_only = buf_pass_option_bool(o, ONE_SHOT_TEST_ANALYSIS_ONLY);
  out->print_conflicts = buf_pass_option_bool(o, ONE_SHOT_PRINT_CONFLICTS);
  out->dump_alias_sets = buf_pass_option_bool(o, ONE_SHOT_DUMP_ALIAS_SETS);
  out->check_parallel_regions = buf_pass_option_bool(o, ONE_SHOT_CHECK_PARALLEL_REGIONS);
  out->verify_analysis = buf_pass_option_bool(o, ONE_SHOT_VERIFY_ANALYSIS);
  return true;
}

/* Upstream's pass statistics: the analysis' decisions on tensor operands
 * (--mlir-pass-statistics). */
static void count_decisions(buf_bz_t *bz) {
  uint64_t in_place = 0, out_of_place = 0;
  for (uint32_t k = 0; k < bz->num_ops; k++) {
    const bz_op_t *o = &bz->ops[k];
    if (!o->model) {
      /* An op without a model gets no buffer in place: its tensor operands
       * count as out of place, as the analysis annotation marks them. */
      for (uint32_t i = 0; i < o->op->num_operands; i++)
        out_of_place += buf__bz_is_tensor_type(o->op->operands[i].value->type);
      continue;
    }
    for (uint32_t i = 0; o->decision && i < o->op->num_operands; i++) {
      in_place += o->decision[i] == BZ_INPLACE;
      out_of_place += o->decision[i] == BZ_OUTOFPLACE;
    }
  }
  buf_pass_statistic_add(bz->module, "num-tensor-in-place",
                         "Number of in-place tensor OpOperands", in_place);
  buf_pass_statistic_add(bz->module, "num-tensor-out-of-place",
                         "Number of out-of-place tensor OpOperands", out_of_place);
}

buf_status_t buf_one_shot_bufferize(buf_op_t *module,
                                    const buf_bz_options_t *options) {
  buf_bz_t *bz = buf__bz_create(module, options, buf__bz_registered_model);
  buf_status_t st = buf__bz_analyze(bz);
  if (st == BUF_SUCCESS)
    count_decisions(bz);
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
  if (st == BUF_SUCCESS)
    buf_pass_statistic_add(module, "num-buffer-alloc", "Number of buffer allocations",
                           bz->num_rewrite_allocs);
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
  /* Inferring a space and reading it from the encoding contradict each
   * other; upstream refuses the pair with this text. */
  if (o.must_infer_memory_space && o.use_encoding_for_memory_space) {
    buf_emit_error(buf_op_ctx(module), module->loc,
                   "only one of 'must-infer-memory-space' and "
                   "'use-encoding-for-memory-space' are allowed in one-shot-bufferize");
    return BUF_FAILURE;
  }
  return buf_one_shot_bufferize(module, &o);
}

static const char *const layouts[] = {"infer-layout-map", "identity-layout-map",
                                      "fully-dynamic-layout-map", NULL};
static const char *const heuristics[] = {"bottom-up", "top-down",
                                         "bottom-up-from-terminators", "fuzzer", NULL};

static const buf_option_spec_t one_shot_options[ONE_SHOT_NUM_OPTIONS] = {
    [ONE_SHOT_ALLOW_RETURN_ALLOCS_FROM_LOOPS] =
        {"allow-return-allocs-from-loops", BUF_OPT_BOOL, "false", NULL,
         "Allow a loop to yield a tensor not equivalent to its iter_arg (its "
         "buffer is copied into the iter_arg's, or an unknown op's is handed "
         "on); false: such a loop is an error"},
    [ONE_SHOT_ALLOW_UNKNOWN_OPS] =
        {"allow-unknown-ops", BUF_OPT_BOOL, "false", NULL,
         "Keep ops without a bufferization model on tensors"},
    [ONE_SHOT_ANALYSIS_FUZZER_SEED] =
        {"analysis-fuzzer-seed", BUF_OPT_INT, "0", NULL,
         "Test only: analyze ops in a random order drawn from this seed (0: none)"},
    [ONE_SHOT_BUFFER_ALIGNMENT] =
        {"buffer-alignment", BUF_OPT_INT, "64", NULL,
         "Alignment of new allocations (0: no alignment attribute)"},
    [ONE_SHOT_DIALECT_FILTER] =
        {"dialect-filter", BUF_OPT_LIST, "", NULL,
         "Bufferize only ops of these dialects (comma-separated)"},
    [ONE_SHOT_MUST_INFER_MEMORY_SPACE] =
        {"must-infer-memory-space", BUF_OPT_BOOL, "false", NULL,
         "An allocation whose memory space cannot be inferred is an error "
         "(else memory space 0)"},
    [ONE_SHOT_NO_ANALYSIS_FUNC_FILTER] =
        {"no-analysis-func-filter", BUF_OPT_LIST, "", NULL,
         "Skip the analysis of these functions (symbol names, comma-separated): "
         "copy before every write in them"},
    [ONE_SHOT_UNKNOWN_TYPE_CONVERSION] =
        {"unknown-type-conversion", BUF_OPT_ENUM, "fully-dynamic-layout-map", layouts,
         "Layout of the buffers of tensors that unknown ops use"},
    [ONE_SHOT_USE_ENCODING_FOR_MEMORY_SPACE] =
        {"use-encoding-for-memory-space", BUF_OPT_BOOL, "false", NULL,
         "Use the tensor's encoding attribute as its memory space"},
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
    .class_name = "OneShotBufferizePass",
    .summary = "One-Shot Bufferize: tensors to buffers with in-place analysis",
    .anchor = "builtin.module",
    .options = one_shot_options,
    .num_options = ONE_SHOT_NUM_OPTIONS,
    .run = one_shot_run,
};
