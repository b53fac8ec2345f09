/*
 * linalg_bufferize.c: --linalg-bufferize, linalg ops (named and generic,
 * their linalg.yield) (partial bufferization, see partial_bufferize.c);
 * every other op stays on tensors.
 */
#include "bz_internal.h"
#include "buf/pipeline.h"

static bool linalg_ops(const char *op_name) {
  return buf__bz_in_dialect(op_name, "linalg");
}

static buf_status_t linalg_bufferize_run(buf_op_t *module,
                                         const buf_pass_options_t *options) {
  (void)options;
  return buf__partial_bufferize(module, linalg_ops, false);
}

const buf_pass_def_t buf_pass_linalg_bufferize = {
    .name = "linalg-bufferize",
    .summary = "Bufferize linalg ops only (One-Shot analysis; other ops stay on "
               "tensors)",
    .anchor = "builtin.module",
    .run = linalg_bufferize_run,
};
