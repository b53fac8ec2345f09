/*
 * test_one_shot_module_bufferize.c: --test-one-shot-module-bufferize, as
 * mlir-opt's test pass of that name: One-Shot Bufferize across function
 * boundaries, with identity layouts at the boundaries (or the layout a
 * tensor's encoding stands for: #test.tensor_encoding<"x"> gives
 * #test.memref_layout<"x">), run on whatever op
 * the pipeline anchors it on. Nested in another op than the module
 * (-pass-pipeline='builtin.module(some.op(test-one-shot-module-bufferize))')
 * it bufferizes the functions of each such op, and calls resolve among the
 * functions of that op.
 */
#include "buf/bufferize.h"
#include "buf/pipeline.h"

static buf_status_t test_module_bufferize_run(buf_op_t *anchor,
                                              const buf_pass_options_t *options) {
  (void)options;
  buf_bz_options_t o = {0};
  o.function_boundaries = true;
  o.boundary_layout = BUF_BZ_LAYOUT_IDENTITY;
  o.encoding_layouts = true;
  o.unknown_layout = BUF_BZ_LAYOUT_FULLY_DYNAMIC;
  o.heuristic = BUF_BZ_BOTTOM_UP;
  o.check_parallel_regions = true;
  return buf_one_shot_bufferize(anchor, &o);
}

const buf_pass_def_t buf_pass_test_one_shot_module_bufferize = {
    .name = "test-one-shot-module-bufferize",
    .class_name = "TestOneShotModuleBufferize",
    .summary = "Test pass: One-Shot Bufferize across function boundaries with "
               "identity layouts, on any op",
    .anchor = "any",
    .run = test_module_bufferize_run,
};
