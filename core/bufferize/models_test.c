/*
 * models_test.c: bufferization models of the test dialect's ops on its own
 * tensor-like type (!test.test_tensor, whose buffer is !test.test_memref,
 * by the dialect's type twins in core/dialects/test.c). Upstream's
 * One-Shot tests use them to show that bufferization is not tied to the
 * builtin tensor and memref types.
 *
 *   %m = "test.create_tensor_op"() : () -> !test.test_tensor<[4], f32>
 *       becomes "test.create_memref_op"() : () -> !test.test_memref<[4], f32>
 *   %r = "test.dummy_tensor_op"(%m) : (!test.test_tensor<...>) -> ...
 *       becomes "test.dummy_memref_op" on the operand's buffer
 *
 * Both make a new value (no result aliases an operand); dummy_tensor_op
 * reads its operand and writes none.
 */
#include "bz_internal.h"

static bool reads_all(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return true; }
static bool writes_none(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return false; }

/* Rebuilds op as the op named buffer_op: operands on their buffers, the
 * one result of the buffer type of op's result. */
static buf_status_t rebuild_on_buffers(buf_bz_rewriter_t *rw, buf_op_t *op,
                                       const char *buffer_op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  if (op->num_results != 1 || op->num_operands > 8) {
    buf_op_emit_error(op, "expects one result and at most 8 operands");
    return BUF_FAILURE;
  }
  buf_value_t *operands[8];
  for (uint32_t i = 0; i < op->num_operands; i++)
    operands[i] = buf_bz_buffer(rw, op->operands[i].value);
  buf_type_t rt = buf_type_memref_for_tensor(ctx, op->results[0].type, NULL);
  if (!rt) {
    buf_op_emit_error(op, "result type has no buffer type");
    return BUF_FAILURE;
  }
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_op_t *made = buf_build(&b, buffer_op, rt, op->num_operands, operands, NULL);
  buf_value_t *m = buf_op_result(made, 0);
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static buf_status_t create_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  return rebuild_on_buffers(rw, op, "test.create_memref_op");
}

static buf_status_t dummy_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  return rebuild_on_buffers(rw, op, "test.dummy_memref_op");
}

static const buf_bufferize_model_t create_model = {
    .bufferize = create_bufferize,
};

static const buf_bufferize_model_t dummy_model = {
    .reads = reads_all,
    .writes = writes_none,
    .bufferize = dummy_bufferize,
};

const buf__bz_model_row_t buf__bz_models_test[] = {
    {"test.create_tensor_op", &create_model},
    {"test.dummy_tensor_op", &dummy_model},
};
const uint32_t buf__bz_num_models_test =
    sizeof buf__bz_models_test / sizeof buf__bz_models_test[0];
