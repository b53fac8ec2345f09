/*
 * tensor_copy_insertion.c: --test-tensor-copy-insertion, upstream's test
 * pass of the first half of One-Shot Bufferize.
 *
 * Runs the in-place analysis (analysis.c) and materializes its out-of-place
 * decisions as bufferization.alloc_tensor copies (copies.c), then stops:
 * the program stays on tensors, every conflict now resolved by an explicit
 * copy, so a later bufferization needs no analysis. The options are the
 * subset of one-shot-bufferize's that upstream's pass takes.
 */
#include <string.h>

#include "bz_internal.h"
#include "buf/pipeline.h"

/* Indices of copy_insertion_options' rows, in its (alphabetical) order. */
enum copy_insertion_option {
  COPY_INSERTION_ALLOW_RETURN_ALLOCS_FROM_LOOPS,
  COPY_INSERTION_BUFFERIZE_FUNCTION_BOUNDARIES,
  COPY_INSERTION_MUST_INFER_MEMORY_SPACE,
  COPY_INSERTION_USE_ENCODING_FOR_MEMORY_SPACE,
  COPY_INSERTION_NUM_OPTIONS
};

static buf_status_t copy_insertion_run(buf_op_t *module,
                                       const buf_pass_options_t *options) {
  buf_bz_options_t o;
  memset(&o, 0, sizeof o);
  o.allow_return_allocs_from_loops =
      buf_pass_option_bool(options, COPY_INSERTION_ALLOW_RETURN_ALLOCS_FROM_LOOPS);
  o.function_boundaries =
      buf_pass_option_bool(options, COPY_INSERTION_BUFFERIZE_FUNCTION_BOUNDARIES);
  o.must_infer_memory_space =
      buf_pass_option_bool(options, COPY_INSERTION_MUST_INFER_MEMORY_SPACE);
  o.use_encoding_for_memory_space =
      buf_pass_option_bool(options, COPY_INSERTION_USE_ENCODING_FOR_MEMORY_SPACE);
  o.unknown_layout = BUF_BZ_LAYOUT_FULLY_DYNAMIC;
  o.check_parallel_regions = true;
  buf_bz_t *bz = buf__bz_create(module, &o, buf__bz_registered_model);
  buf_status_t st = buf__bz_analyze(bz);
  if (st == BUF_SUCCESS)
    st = buf__bz_materialize_copies(bz);
  buf__bz_destroy(bz);
  return st;
}

static const buf_option_spec_t copy_insertion_options[COPY_INSERTION_NUM_OPTIONS] = {
    [COPY_INSERTION_ALLOW_RETURN_ALLOCS_FROM_LOOPS] =
        {"allow-return-allocs-from-loops", BUF_OPT_BOOL, "false", NULL,
         "Allow a loop to yield a tensor not equivalent to its iter_arg"},
    [COPY_INSERTION_BUFFERIZE_FUNCTION_BOUNDARIES] =
        {"bufferize-function-boundaries", BUF_OPT_BOOL, "false", NULL,
         "Analyze function arguments and results as one-shot-bufferize does "
         "with function boundaries"},
    [COPY_INSERTION_MUST_INFER_MEMORY_SPACE] =
        {"must-infer-memory-space", BUF_OPT_BOOL, "false", NULL,
         "An allocation whose memory space cannot be inferred is an error"},
    [COPY_INSERTION_USE_ENCODING_FOR_MEMORY_SPACE] =
        {"use-encoding-for-memory-space", BUF_OPT_BOOL, "false", NULL,
         "Use the tensor's encoding attribute as its memory space"},
};

const buf_pass_def_t buf_pass_test_tensor_copy_insertion = {
    .name = "test-tensor-copy-insertion",
    .class_name = "TestTensorCopyInsertionPass",
    .summary = "Resolve the in-place analysis' conflicts with tensor copies "
               "(bufferization.alloc_tensor), staying on tensors",
    .anchor = "builtin.module",
    .options = copy_insertion_options,
    .num_options = COPY_INSERTION_NUM_OPTIONS,
    .run = copy_insertion_run,
};
