/*
 * buffer-opt-test-passes.c: passes that test the pass machinery, as
 * mlir-opt's test passes do; buffer-opt alone offers them.
 *
 *   --test-pass-create-invalid-ir  leaves every function body invalid: a copy
 *                                  of its terminator goes first, so the
 *                                  verifier run after the pass
 *                                  (--verify-each) must report it and name
 *                                  the pass.
 */
#include <string.h>

#include "test_passes.h"

/* Puts a copy of the entry block's terminator before its first op. */
static buf_status_t create_invalid_ir_run(buf_op_t *func, const buf_pass_options_t *options) {
  (void)options;
  if (func->num_regions == 0)
    return BUF_SUCCESS;
  buf_block_t *entry = buf_region_entry(func->regions[0]);
  buf_op_t *term = entry ? buf_block_terminator(entry) : NULL;
  if (!term)
    return BUF_SUCCESS; /* a declaration */
  buf_irmap_t *map = buf_irmap_create(buf_op_ctx(func));
  buf_op_t *copy = buf_op_clone(term, map);
  buf_irmap_destroy(map);
  buf_block_insert_op_before(entry, entry->first, copy);
  return BUF_SUCCESS;
}

static const buf_pass_def_t create_invalid_ir = {
    .name = "test-pass-create-invalid-ir",
    .summary = "Test pass: put a copy of each function's terminator first, which the "
               "verifier rejects",
    .anchor = "func.func",
    .run = create_invalid_ir_run,
};

const buf_pass_def_t *const buffer_opt_test_passes[] = {&create_invalid_ir};
const uint32_t buffer_opt_num_test_passes =
    sizeof buffer_opt_test_passes / sizeof buffer_opt_test_passes[0];

const buf_pass_def_t *buffer_opt_test_pass_lookup(const char *name) {
  for (uint32_t i = 0; i < buffer_opt_num_test_passes; i++)
    if (strcmp(buffer_opt_test_passes[i]->name, name) == 0)
      return buffer_opt_test_passes[i];
  return NULL;
}
