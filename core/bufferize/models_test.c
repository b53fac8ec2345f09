/*
 * models_test.c: bufferization models of the test dialect's tensor ops, as
 * upstream's test dialect gives them:
 *
 *   test.create_tensor_op   a new buffer: "test.create_memref_op"() of the
 *                           tensor's buffer type.
 *   test.dummy_tensor_op    reads and writes its operand's buffer and gives
 *                           a new one: "test.dummy_memref_op"(%buffer); the
 *                           result aliases nothing. On the dialect's own
 *                           tensor-like type it counts as no write:
 *                           upstream's analysis decides only builtin
 *                           tensors, so such an operand is never copied
 *                           (it could not be: the type has no allocation).
 *
 * The buffer type of the dialect's own tensor-like type
 * (!test.test_tensor<P>) is its buffer-like twin (!test.test_memref<P>,
 * core/dialects/test.c); that of a builtin tensor with an encoding that
 * names a layout (#test.tensor_encoding<"x">) has that layout; otherwise
 * it is the allocation type.
 */
#include "bz_internal.h"

static buf_type_t buffer_type(buf_bz_rewriter_t *rw, buf_type_t tensor) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  if (buf_type_is_custom_tensor_like(tensor))
    return buf_type_memref_for_tensor(ctx, tensor, NULL);
  buf_attr_t layout = tensor->kind == BUF_TYPE_TENSOR
                          ? buf_ctx_encoding_layout(ctx, tensor->u.shaped.encoding)
                          : NULL;
  if (!layout)
    return buf_bz_alloc_type(rw, tensor);
  return buf_type_memref(ctx, tensor->u.shaped.rank, tensor->u.shaped.shape,
                         tensor->u.shaped.elem, layout, NULL);
}

static bool always(buf_bz_t *bz, buf_use_t *operand) {
  (void)bz, (void)operand;
  return true;
}

static bool writes_builtin_tensor(buf_bz_t *bz, buf_use_t *operand) {
  (void)bz;
  return !buf_type_is_custom_tensor_like(operand->value->type);
}

static buf_status_t create_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *made = buf_op_result(
      buf_build(&b, "test.create_memref_op", buffer_type(rw, op->results[0].type), 0,
                NULL, NULL),
      0);
  buf_bz_replace(rw, op, &made);
  return BUF_SUCCESS;
}

static buf_status_t dummy_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *in = buf_bz_buffer(rw, op->operands[0].value);
  buf_value_t *made = buf_op_result(
      buf_build(&b, "test.dummy_memref_op", buffer_type(rw, op->results[0].type), 1,
                &in, NULL),
      0);
  buf_bz_replace(rw, op, &made);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t create_model = {
    .bufferize = create_bufferize,
};

static const buf_bufferize_model_t dummy_model = {
    .reads = always,
    .writes = writes_builtin_tensor,
    .bufferize = dummy_bufferize,
};

const buf__bz_model_row_t buf__bz_models_test[] = {
    {"test.create_tensor_op", &create_model},
    {"test.dummy_tensor_op", &dummy_model},
};
const uint32_t buf__bz_num_models_test =
    sizeof buf__bz_models_test / sizeof buf__bz_models_test[0];
