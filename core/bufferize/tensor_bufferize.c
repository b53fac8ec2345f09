/*
 * tensor_bufferize.c: --tensor-bufferize, the tensor dialect's ops (but
 * tensor.parallel_insert_slice, which belongs to its scf.forall) (partial
 * bufferization, see partial_bufferize.c); every other op stays on tensors.
 */
#include <string.h>

#include "bz_internal.h"
#include "buf/pipeline.h"

static bool tensor_ops(const char *op_name) {
  return buf__bz_in_dialect(op_name, "tensor") &&
         strcmp(op_name, "tensor.parallel_insert_slice") != 0;
}

static buf_status_t tensor_bufferize_run(buf_op_t *module,
                                         const buf_pass_options_t *options) {
  (void)options;
  return buf__partial_bufferize(module, tensor_ops, false);
}

const buf_pass_def_t buf_pass_tensor_bufferize = {
    .name = "tensor-bufferize",
    .summary = "Bufferize tensor ops only (One-Shot analysis; other ops stay on "
               "tensors)",
    .anchor = "builtin.module",
    .run = tensor_bufferize_run,
};
