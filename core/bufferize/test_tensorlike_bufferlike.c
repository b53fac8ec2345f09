/*
 * test_tensorlike_bufferlike.c: --test-tensorlike-bufferlike, mlir-opt's
 * test pass of that name. Marks every function with what bufferization
 * sees in its signature: a `found` dictionary with "operand_<i>" /
 * "result_<i>" set to "is_tensor_like" (a builtin tensor or a dialect's
 * tensor-like type) or "is_buffer_like" (a memref or a dialect's
 * buffer-like type); other types are not named, and a function with none
 * gets no `found`.
 */
#include <stdio.h>

#include "bz_internal.h"
#include "buf/pipeline.h"

static const char *likeness(buf_type_t t) {
  if (buf_type_is_tensor(t) || buf_type_is_custom_tensor_like(t))
    return "is_tensor_like";
  if (buf_type_is_memref(t) || buf_type_is_custom_buffer_like(t))
    return "is_buffer_like";
  return NULL;
}

/* Adds "<what>_<i>" = likeness for each of the n types that has one. */
static uint32_t name_types(buf_ctx_t *ctx, const char *what, uint32_t n,
                           const buf_type_t *types, buf_named_attr_t *out) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    const char *like = likeness(types[i]);
    if (!like)
      continue;
    char key[32];
    snprintf(key, sizeof key, "%s_%u", what, i);
    out[k].name = buf_ident_cstr(ctx, key);
    out[k].value = buf_attr_string_cstr(ctx, like);
    k++;
  }
  return k;
}

static buf_walk_result_t mark_function(buf_op_t *op, void *user) {
  (void)user;
  buf_attr_t fta = buf_op_attr(op, "function_type");
  if (!buf_op_has_trait(op, BUF_TRAIT_FUNCTION) || !fta || fta->kind != BUF_ATTR_TYPE ||
      fta->type->kind != BUF_TYPE_FUNCTION)
    return BUF_WALK_ADVANCE;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t ft = fta->type;
  uint32_t total = ft->u.func.num_inputs + ft->u.func.num_results;
  buf_named_attr_t *entries =
      buf_arena_alloc(buf_ctx_arena(ctx), (total ? total : 1) * sizeof *entries);
  uint32_t n = name_types(ctx, "operand", ft->u.func.num_inputs, ft->u.func.inputs,
                          entries);
  n += name_types(ctx, "result", ft->u.func.num_results, ft->u.func.results,
                  entries + n);
  if (n)
    buf_op_set_attr(op, "found", buf_attr_dict(ctx, n, entries));
  return BUF_WALK_ADVANCE;
}

static buf_status_t tensorlike_run(buf_op_t *module, const buf_pass_options_t *o) {
  (void)o;
  buf_op_walk(module, BUF_WALK_PRE, mark_function, NULL);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_test_tensorlike_bufferlike = {
    .name = "test-tensorlike-bufferlike",
    .class_name = "TestTensorLikeAndBufferLikePass",
    .summary = "Mark each function's signature types that are tensor-like or "
               "buffer-like (custom types included)",
    .anchor = "builtin.module",
    .run = tensorlike_run,
};
