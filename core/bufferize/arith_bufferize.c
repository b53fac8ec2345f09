/*
 * arith_bufferize.c: --arith-bufferize, arith ops on tensors (constants
 * become memref.global, selects pick a buffer) (partial bufferization, see
 * partial_bufferize.c); every other op stays on tensors.
 */
#include "bz_internal.h"
#include "buf/pipeline.h"

static bool arith_ops(const char *op_name) {
  return buf__bz_in_dialect(op_name, "arith");
}

static buf_status_t arith_bufferize_run(buf_op_t *module,
                                        const buf_pass_options_t *options) {
  (void)options;
  return buf__partial_bufferize(module, arith_ops, false);
}

const buf_pass_def_t buf_pass_arith_bufferize = {
    .name = "arith-bufferize",
    .summary = "Bufferize arith ops only (One-Shot analysis; other ops stay on "
               "tensors)",
    .anchor = "builtin.module",
    .run = arith_bufferize_run,
};
