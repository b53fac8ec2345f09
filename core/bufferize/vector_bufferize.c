/*
 * vector_bufferize.c: --vector-bufferize, vector transfers on tensors
 * (transfer_read reads the buffer, transfer_write writes it in place or
 * into a copy) (partial bufferization, see partial_bufferize.c), as
 * upstream's -vector-bufferize did; every other op stays on tensors.
 */
#include "bz_internal.h"
#include "buf/pipeline.h"

static bool vector_ops(const char *op_name) {
  return buf__bz_in_dialect(op_name, "vector");
}

static buf_status_t vector_bufferize_run(buf_op_t *module,
                                         const buf_pass_options_t *options) {
  (void)options;
  return buf__partial_bufferize(module, vector_ops, false);
}

const buf_pass_def_t buf_pass_vector_bufferize = {
    .name = "vector-bufferize",
    .summary = "Bufferize vector ops only (One-Shot analysis; other ops stay on "
               "tensors)",
    .anchor = "builtin.module",
    .run = vector_bufferize_run,
};
