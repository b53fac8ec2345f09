/*
 * bufferization_to_memref.c: --convert-bufferization-to-memref, the
 * bufferization ops that remain after deallocation become memref ops, as
 * upstream's pass of that name does:
 *   - a heap copy of a buffer (bufferization.clone: a fresh heap buffer
 *     that only reads its one operand, asked of the op's alloc kind and
 *     effects) becomes memref.alloc of the same type, sized by memref.dim
 *     of the source for each dynamic size, and memref.copy into it;
 *   - bufferization.dealloc is lowered as bufferization-lower-deallocations
 *     lowers it (lower_deallocations.c).
 * A clone whose type has a layout cannot be allocated as it is (an
 * allocation has the identity layout): a located error, as upstream fails
 * to legalize it.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_walk_result_t collect_clones(buf_op_t *op, void *user) {
  if (buf__bo_is_heap_copy(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static buf_status_t lower_clone(buf_ctx_t *ctx, buf_op_t *clone) {
  buf_type_t t = clone->results[0].type;
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.layout) {
    buf_emit_error(ctx, clone->loc,
                   "failed to legalize operation '%s': only a buffer of the identity "
                   "layout can be allocated as a copy",
                   clone->name);
    return BUF_FAILURE;
  }
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, clone);
  b.loc = clone->loc;
  buf_value_t *src = clone->operands[0].value;
  buf_value_t **sizes = buf_arena_alloc(buf_ctx_arena(ctx),
                                        (t->u.shaped.rank + 1) * sizeof *sizes);
  uint32_t n = 0;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++) {
    if (t->u.shaped.shape[d] != BUF_DYNAMIC)
      continue;
    buf_value_t *ops[2] = {src, buf_build_index_constant(&b, d)};
    sizes[n++] = buf_op_result(buf_build(&b, "memref.dim", buf_type_index(ctx), 2, ops, NULL), 0);
  }
  int64_t seg[2] = {n, 0};
  buf_value_t *m = buf_op_result(
      buf_build(&b, "memref.alloc", t, n, sizes, "operandSegmentSizes",
                buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, seg, NULL), NULL),
      0);
  buf_value_t *copy[2] = {src, m};
  buf_build(&b, "memref.copy", NULL, 2, copy, NULL);
  buf_value_replace_all_uses(&clone->results[0], m);
  buf_op_erase(clone);
  return BUF_SUCCESS;
}

static buf_status_t bufferization_to_memref_run(buf_op_t *root,
                                                const buf_pass_options_t *options) {
  (void)options;
  buf_ctx_t *ctx = buf_op_ctx(root);
  bo_oplist_t clones = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(root, BUF_WALK_POST, collect_clones, &clones);
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < clones.n; i++)
    if (BUF_FAILED(lower_clone(ctx, clones.ops[i])))
      st = BUF_FAILURE;
  if (BUF_FAILED(st))
    return st;
  return buf__lower_deallocs(root);
}

const buf_pass_def_t buf_pass_convert_bufferization_to_memref = {
    .name = "convert-bufferization-to-memref",
    .class_name = "ConvertBufferizationToMemRefPass",
    .summary = "Convert operations from the Bufferization dialect to the MemRef dialect",
    .anchor = "builtin.module",
    .run = bufferization_to_memref_run,
};
