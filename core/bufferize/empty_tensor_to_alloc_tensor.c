/*
 * empty_tensor_to_alloc_tensor.c: --empty-tensor-to-alloc-tensor.
 *
 * Replaces every tensor.empty with a bufferization.alloc_tensor of the same
 * type and dynamic sizes. Both mean "a tensor whose contents are
 * undefined", but alloc_tensor is what bufferization materializes as an
 * allocation, so running this before a bufferization that does not
 * understand tensor.empty keeps the meaning and makes the allocation
 * explicit.
 */
#include <string.h>

#include "buf/pipeline.h"

static buf_walk_result_t replace_empty(buf_op_t *op, void *user) {
  (void)user;
  if (strcmp(op->name, "tensor.empty") != 0)
    return BUF_WALK_ADVANCE;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_op_state_t st;
  buf_state_init(&st, ctx, "bufferization.alloc_tensor", op->loc);
  for (uint32_t i = 0; i < op->num_operands; i++)
    buf_state_add_operand(&st, buf_op_operand(op, i));
  buf_state_add_result(&st, op->results[0].type);
  /* Segments: dynamic sizes, copy, size_hint. */
  int64_t segments[3] = {op->num_operands, 0, 0};
  buf_attr_t seg = buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, segments, NULL);
  buf_state_set_attr(&st, "operandSegmentSizes", seg);
  buf_op_t *alloc = buf_builder_insert(&b, &st);
  buf_value_t *result = buf_op_result(alloc, 0);
  buf_op_replace(op, &result);
  return BUF_WALK_ADVANCE;
}

static buf_status_t empty_to_alloc_run(buf_op_t *anchor,
                                       const buf_pass_options_t *options) {
  (void)options;
  buf_op_walk(anchor, BUF_WALK_POST, replace_empty, NULL);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_empty_tensor_to_alloc_tensor = {
    .name = "empty-tensor-to-alloc-tensor",
    .summary = "Replace tensor.empty with bufferization.alloc_tensor",
    .anchor = "func.func",
    .run = empty_to_alloc_run,
};
