/*
 * llvm_unavailable.c: the buf/lower.h entry points of a libbufcore built
 * without LLVM 22 (CMake found no llvm-config, or BUF_WITH_LLVM=OFF). The
 * build compiles either this file or core/lower/llvm/, never both; here
 * every request fails with a diagnostic that says why.
 */
#include "buf/lower.h"

/* Contract in buf/lower.h: false in this build. */
bool buf_llvm_available(void) { return false; }

/* Contract in buf/lower.h: always fails here, with a diagnostic. */
buf_status_t buf_llvm_emit(buf_op_t *module, buf_llvm_output_t kind,
                           const buf_llvm_options_t *options, char **out,
                           size_t *len) {
  (void)kind;
  (void)options;
  *out = NULL;
  *len = 0;
  buf_emit_error(buf_op_ctx(module), module->loc,
                 "this build has no LLVM lowering (LLVM 22 was not found "
                 "when it was configured)");
  return BUF_FAILURE;
}

/* Contract in buf/lower.h: always fails here, with a diagnostic. */
buf_status_t buf_jit_run(buf_op_t *module, const char *func, const char *inputs_json,
                         char **results_json, const buf_jit_options_t *options) {
  (void)func;
  (void)inputs_json;
  (void)options;
  if (results_json)
    *results_json = NULL;
  buf_emit_error(buf_op_ctx(module), module->loc,
                 "this build has no JIT (LLVM 22 was not found when it was configured)");
  return BUF_FAILURE;
}

/* The registry's LLVM emitter rows: none in this build. */
const void *buf__llvm_resolve_row(const char *name) {
  (void)name;
  return NULL;
}

const char *buf__llvm_row_name(uint32_t i) {
  (void)i;
  return NULL;
}
