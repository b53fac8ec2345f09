/*
 * bufferization_to_memref.c: --convert-bufferization-to-memref, the
 * bufferization ops that remain after deallocation become memref ops, as
 * upstream's pass of that name does:
 *   - a heap copy of a buffer (bufferization.clone: a fresh heap buffer
 *     that only reads its one operand, asked of the op's alloc kind and
 *     effects) becomes memref.alloc of the same shape with the identity
 *     layout, sized by memref.dim of the source for each dynamic size, and
 *     memref.copy into it. A clone typed with a layout gets a memref.cast
 *     of that allocation to its type, which needs the identity layout's
 *     strides and offset to agree with every static one of the layout; a
 *     clone where they do not cannot be allocated: a located error, as
 *     upstream fails to legalize it;
 *   - an unranked clone allocates a flat buffer of as many elements as the
 *     source has, counted by a loop over its dims that also records them
 *     in a stack buffer, and reshapes it to those dims;
 *   - bufferization.dealloc is lowered as bufferization-lower-deallocations
 *     lowers it (lower_deallocations.c).
 * The pass runs on any op (func.func(...) too); there, deallocs that need
 * upstream's library function are refused as upstream refuses them.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_walk_result_t collect_clones(buf_op_t *op, void *user) {
  if (buf__bo_is_heap_copy(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* True when a buffer of the identity layout with t's shape may be cast to
 * t: every static stride and the offset of t's layout are the identity's. */
static bool identity_castable(buf_ctx_t *ctx, buf_type_t t) {
  uint32_t rank = t->u.shaped.rank;
  int64_t want[rank + 1], have[rank + 1], want_off, have_off;
  buf_type_t identity = buf_type_memref(ctx, rank, t->u.shaped.shape, t->u.shaped.elem,
                                        NULL, t->u.shaped.memory_space);
  if (BUF_FAILED(buf_type_memref_strides(t, want, &want_off)) ||
      BUF_FAILED(buf_type_memref_strides(identity, have, &have_off)))
    return false;
  if (want_off != BUF_DYNAMIC && want_off != have_off)
    return false;
  for (uint32_t d = 0; d < rank; d++)
    if (want[d] != BUF_DYNAMIC && want[d] != have[d])
      return false;
  return true;
}

static buf_value_t *build_alloc(buf_builder_t *b, const char *name, buf_type_t t,
                                uint32_t n, buf_value_t **sizes) {
  int64_t seg[2] = {n, 0};
  return buf_op_result(buf_build(b, name, t, n, sizes, "operandSegmentSizes",
                                 buf_attr_dense_array(b->ctx, buf_type_i32(b->ctx), 2,
                                                      seg, NULL),
                                 NULL),
                       0);
}

/* The copy of a ranked buffer src of type t (its layout checked). */
static buf_value_t *build_ranked_copy(buf_builder_t *b, buf_value_t *src, buf_type_t t) {
  buf_value_t **sizes = buf_arena_alloc(buf_ctx_arena(b->ctx),
                                        (t->u.shaped.rank + 1) * sizeof *sizes);
  uint32_t n = 0;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++) {
    if (t->u.shaped.shape[d] != BUF_DYNAMIC)
      continue;
    buf_value_t *ops[2] = {src, buf_build_index_constant(b, d)};
    sizes[n++] = buf_op_result(buf_build(b, "memref.dim", buf_type_index(b->ctx), 2, ops, NULL), 0);
  }
  buf_type_t identity = buf_type_memref(b->ctx, t->u.shaped.rank, t->u.shaped.shape,
                                        t->u.shaped.elem, NULL, t->u.shaped.memory_space);
  buf_value_t *m = build_alloc(b, "memref.alloc", identity, n, sizes);
  if (identity != t)
    m = buf_op_result(buf_build(b, "memref.cast", t, 1, &m, NULL), 0);
  return m;
}

/* The copy of an unranked buffer src of type t: a flat allocation of the
 * product of src's dims, reshaped by a stack buffer holding those dims. */
static buf_value_t *build_unranked_copy(buf_builder_t *b, buf_value_t *src, buf_type_t t) {
  buf_ctx_t *ctx = b->ctx;
  buf_type_t index = buf_type_index(ctx);
  buf_value_t *c0 = buf_build_index_constant(b, 0);
  buf_value_t *c1 = buf_build_index_constant(b, 1);
  buf_value_t *rank = buf_op_result(buf_build(b, "memref.rank", index, 1, &src, NULL), 0);
  int64_t dyn = BUF_DYNAMIC;
  buf_value_t *dims = build_alloc(b, "memref.alloca",
                                  buf_type_memref(ctx, 1, &dyn, index, NULL, NULL), 1, &rank);
  buf_op_t *loop = buf__bo_build_for(b, c0, rank, c1, 1, &c1);
  buf_block_t *body = buf_region_entry(buf_op_region(loop, 0));
  buf_value_t *iv = body->args[0], *acc = body->args[1];
  buf_value_t *dim_ops[2] = {src, iv};
  buf_value_t *dim = buf_op_result(buf_build(b, "memref.dim", index, 2, dim_ops, NULL), 0);
  buf_value_t *store_ops[3] = {dim, dims, iv};
  buf_build(b, "memref.store", NULL, 3, store_ops, NULL);
  buf_value_t *mul_ops[2] = {acc, dim};
  buf_value_t *count = buf_op_result(buf_build(b, "arith.muli", index, 2, mul_ops, NULL), 0);
  buf_op_set_operand(body->last, 0, count);
  buf_builder_set_after(b, loop);
  buf_value_t *total = buf_op_result(loop, 0);
  buf_value_t *flat = build_alloc(b, "memref.alloc",
                                  buf_type_memref(ctx, 1, &dyn, t->u.shaped.elem, NULL,
                                                  t->u.shaped.memory_space),
                                  1, &total);
  buf_value_t *reshape_ops[2] = {flat, dims};
  return buf_op_result(buf_build(b, "memref.reshape", t, 2, reshape_ops, NULL), 0);
}

static buf_status_t lower_clone(buf_ctx_t *ctx, buf_op_t *clone) {
  buf_type_t t = clone->results[0].type;
  if (!buf_type_is_memref(t) || (t->kind == BUF_TYPE_MEMREF && !identity_castable(ctx, t))) {
    buf_emit_error(ctx, clone->loc,
                   "failed to legalize operation '%s' that was explicitly marked illegal",
                   clone->name);
    return BUF_FAILURE;
  }
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, clone);
  b.loc = clone->loc;
  buf_value_t *src = clone->operands[0].value;
  buf_value_t *m = t->kind == BUF_TYPE_MEMREF ? build_ranked_copy(&b, src, t)
                                               : build_unranked_copy(&b, src, t);
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
    .anchor = "any",
    .run = bufferization_to_memref_run,
};
