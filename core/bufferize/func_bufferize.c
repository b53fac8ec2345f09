/*
 * func_bufferize.c: --func-bufferize, function signatures, calls and returns
 * to memrefs with identity layouts, and the cf branches that carry tensors
 * between the blocks of a body with their block arguments (as upstream's
 * func-bufferize converted branch operands with the signatures); partial
 * bufferization, see partial_bufferize.c. Every other op stays on tensors.
 */
#include "bz_internal.h"
#include "buf/pipeline.h"

static bool func_ops(const char *op_name) {
  return buf__bz_in_dialect(op_name, "func") ||
         buf__bz_in_dialect(op_name, "cf");
}

static buf_status_t func_bufferize_run(buf_op_t *module,
                                       const buf_pass_options_t *options) {
  (void)options;
  return buf__partial_bufferize(module, func_ops, true);
}

const buf_pass_def_t buf_pass_func_bufferize = {
    .name = "func-bufferize",
    .summary = "Bufferize func ops only (One-Shot analysis; other ops stay on "
               "tensors)",
    .anchor = "builtin.module",
    .run = func_bufferize_run,
};
