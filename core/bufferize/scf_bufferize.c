/*
 * scf_bufferize.c: --scf-bufferize, scf loops and branches with their
 * terminators, and tensor.parallel_insert_slice, which only an scf.forall
 * can bufferize (partial bufferization, see partial_bufferize.c); every
 * other op stays on tensors.
 */
#include <string.h>

#include "bz_internal.h"
#include "buf/pipeline.h"

static bool scf_ops(const char *op_name) {
  return buf__bz_in_dialect(op_name, "scf") ||
         strcmp(op_name, "tensor.parallel_insert_slice") == 0;
}

static buf_status_t scf_bufferize_run(buf_op_t *module,
                                      const buf_pass_options_t *options) {
  (void)options;
  return buf__partial_bufferize(module, scf_ops, false);
}

const buf_pass_def_t buf_pass_scf_bufferize = {
    .name = "scf-bufferize",
    .summary = "Bufferize scf ops only (One-Shot analysis; other ops stay on "
               "tensors)",
    .anchor = "builtin.module",
    .run = scf_bufferize_run,
};
