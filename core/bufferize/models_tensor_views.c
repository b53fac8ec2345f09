/*
 * models_tensor_views.c: bufferization models of the tensor ops whose result
 * is a view of their source, or only its metadata:
 *
 *   cast                         result == source -> memref.cast (if any)
 *   collapse_shape / expand_shape  result == source -> the memref reshape,
 *                    in the layout the source's strides give (upstream's
 *                    computeCollapsedLayoutMap / computeExpandedLayoutMap);
 *                    a collapse of a group that is not surely contiguous
 *                    reshapes a contiguous copy
 *   reshape (by a shape tensor)  a view of a contiguous source
 *   dim / rank       no memory access -> memref.dim / memref.rank
 */
#include "bz_internal.h"
#include "../dialects/shaped_util.h"

static bool r_false(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return false; }

static uint32_t alias_result0_equiv(buf_bz_t *bz, buf_use_t *u,
                                    buf_bz_alias_t *out, uint32_t max) {
  (void)bz;
  if (!max || !u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[0], BUF_BZ_EQUIV};
  return 1;
}

static bool is_operand(buf_use_t *u, uint32_t i) { return u->index == i; }

static buf_value_t *operand(buf_op_t *op, uint32_t i) {
  return op->operands[i].value;
}

/* ------------------------------------------------------------------------ */
/* View ops: cast, collapse_shape, expand_shape; dim                         */
/* ------------------------------------------------------------------------ */

static bool is_identity_memref(buf_type_t t) {
  return t->kind == BUF_TYPE_MEMREF && t->u.shaped.layout == NULL;
}

static buf_status_t cast_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  buf_type_t rt = op->results[0].type;
  buf_type_t mt;
  buf_attr_t ms = src->type->u.shaped.memory_space;
  if (rt->kind == BUF_TYPE_UNRANKED_TENSOR)
    mt = buf_type_unranked_memref(ctx, rt->u.shaped.elem, ms);
  else if (src->type->kind == BUF_TYPE_MEMREF)
    /* a layout does not depend on which sizes are static: the result keeps
     * the source's (a fully dynamic one would lose known strides, and a
     * later identity-layout use would have to copy) */
    mt = buf_type_memref(ctx, rt->u.shaped.rank, rt->u.shaped.shape,
                         rt->u.shaped.elem, src->type->u.shaped.layout, ms);
  else
    mt = buf_bz_dynamic_layout_type(ctx, rt, ms);
  buf_value_t *r = src;
  if (mt != src->type)
    r = buf_op_result(buf_build(&b, "memref.cast", mt, 1, &src, NULL), 0);
  buf_bz_replace(rw, op, &r);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t cast_model = {
    .reads = r_false,
    .writes = r_false,
    .aliases = alias_result0_equiv,
    .bufferize = cast_bufferize,
};

/* The layout of reshape op's result when it reshapes a buffer of strided
 * type src in place, as upstream computes it: an expansion always can, a
 * collapse when every group is surely contiguous (static strides). */
static bool strided_reshape_layout(buf_ctx_t *ctx, buf_op_t *op, buf_type_t src,
                                   buf_attr_t *layout) {
  buf__reassoc_t r;
  buf_type_t rt = op->results[0].type;
  if (!buf__reassoc_decode(ctx, buf_op_attr(op, "reassociation"), &r))
    return false;
  if (rt->u.shaped.rank < src->u.shaped.rank) {
    *layout = buf__collapsed_layout(ctx, src, &r, true);
    return *layout != NULL;
  }
  return !BUF_FAILED(buf__expanded_layout(ctx, src, rt->u.shaped.shape,
                                            rt->u.shaped.rank, &r, layout));
}

/* collapse_shape / expand_shape -> the memref op `memref_op` of the same
 * reassociation: a view of the source buffer in a layout that follows from
 * its strides, or of a contiguous copy when a collapsed group is not. */
static buf_status_t reshape_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op,
                                      const char *memref_op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  if (src->type->kind != BUF_TYPE_MEMREF) {
    buf_op_emit_error(op, "cannot bufferize: unranked source");
    return BUF_FAILURE;
  }
  buf_type_t rt = op->results[0].type;
  buf_attr_t layout = NULL;
  if (!is_identity_memref(src->type) &&
      !strided_reshape_layout(ctx, op, src->type, &layout)) {
    /* a group that is not surely contiguous: a contiguous copy keeps the
     * reshape valid for any source layout */
    buf_type_t id = buf_type_memref(ctx, src->type->u.shaped.rank,
                                    src->type->u.shaped.shape,
                                    src->type->u.shaped.elem, NULL,
                                    src->type->u.shaped.memory_space);
    src = buf_bz_cast_or_copy(rw, &b, src, id);
  }
  buf_type_t mt = buf_type_memref(ctx, rt->u.shaped.rank, rt->u.shaped.shape,
                                  rt->u.shaped.elem, layout,
                                  src->type->u.shaped.memory_space);
  buf_op_state_t st;
  buf_state_init(&st, ctx, memref_op, op->loc);
  buf_state_add_operand(&st, src);
  for (uint32_t i = 1; i < op->num_operands; i++)
    buf_state_add_operand(&st, operand(op, i));
  buf_state_add_result(&st, mt);
  buf_state_set_attr(&st, "reassociation", buf_op_attr(op, "reassociation"));
  if (buf_op_attr(op, "static_output_shape"))
    buf_state_set_attr(&st, "static_output_shape",
                       buf_op_attr(op, "static_output_shape"));
  buf_value_t *r = buf_op_result(buf_builder_insert(&b, &st), 0);
  buf_bz_replace(rw, op, &r);
  return BUF_SUCCESS;
}

static buf_status_t collapse_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  return reshape_bufferize(rw, op, "memref.collapse_shape");
}

static buf_status_t expand_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  return reshape_bufferize(rw, op, "memref.expand_shape");
}

static const buf_bufferize_model_t collapse_model = {
    .reads = r_false,
    .writes = r_false,
    .aliases = alias_result0_equiv,
    .bufferize = collapse_bufferize,
};

static const buf_bufferize_model_t expand_model = {
    .reads = r_false,
    .writes = r_false,
    .aliases = alias_result0_equiv,
    .bufferize = expand_bufferize,
};

static buf_status_t dim_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *ops[2] = {buf_bz_buffer(rw, operand(op, 0)), operand(op, 1)};
  buf_value_t *r = buf_op_result(
      buf_build(&b, "memref.dim", op->results[0].type, 2, ops, NULL), 0);
  buf_bz_replace(rw, op, &r);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t dim_model = {
    .reads = r_false,
    .writes = r_false,
    .bufferize = dim_bufferize,
};

/* tensor.rank: the buffer's rank; its contents are not read. */
static buf_status_t rank_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  buf_value_t *r = buf_op_result(
      buf_build(&b, "memref.rank", op->results[0].type, 1, &src, NULL), 0);
  buf_bz_replace(rw, op, &r);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t rank_model = {
    .reads = r_false,
    .writes = r_false,
    .bufferize = rank_bufferize,
};

/* tensor.reshape %src(%shape): memref.reshape, a view of the source (which
 * must be contiguous: other layouts are copied first); the shape operand is
 * read. */
static bool shape_reshape_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return is_operand(u, 1);
}

/* Only the source is viewed; the shape is a separate tensor. */
static uint32_t shape_reshape_aliases(buf_bz_t *bz, buf_use_t *u,
                                      buf_bz_alias_t *out, uint32_t max) {
  return is_operand(u, 0) ? alias_result0_equiv(bz, u, out, max) : 0;
}

static buf_status_t shape_reshape_bufferize(buf_bz_rewriter_t *rw,
                                            buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  if (src->type->kind != BUF_TYPE_MEMREF) {
    buf_op_emit_error(op, "cannot bufferize: unranked source");
    return BUF_FAILURE;
  }
  if (!is_identity_memref(src->type)) {
    buf_type_t id = buf_type_memref(ctx, src->type->u.shaped.rank,
                                    src->type->u.shaped.shape,
                                    src->type->u.shaped.elem, NULL,
                                    src->type->u.shaped.memory_space);
    src = buf_bz_cast_or_copy(rw, &b, src, id);
  }
  buf_value_t *ops[2] = {src, buf_bz_buffer(rw, operand(op, 1))};
  buf_type_t rt = op->results[0].type;
  buf_attr_t ms = src->type->u.shaped.memory_space;
  buf_type_t mt = rt->kind == BUF_TYPE_UNRANKED_TENSOR
                      ? buf_type_unranked_memref(ctx, rt->u.shaped.elem, ms)
                      : buf_type_memref(ctx, rt->u.shaped.rank,
                                        rt->u.shaped.shape, rt->u.shaped.elem,
                                        NULL, ms);
  buf_value_t *r = buf_op_result(
      buf_build(&b, "memref.reshape", mt, 2, ops, NULL), 0);
  buf_bz_replace(rw, op, &r);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t shape_reshape_model = {
    .reads = shape_reshape_reads,
    .writes = r_false,
    .aliases = shape_reshape_aliases,
    .bufferize = shape_reshape_bufferize,
};

const buf__bz_model_row_t buf__bz_models_tensor_views[] = {
    {"tensor.cast", &cast_model},
    {"tensor.collapse_shape", &collapse_model},
    {"tensor.dim", &dim_model},
    {"tensor.expand_shape", &expand_model},
    {"tensor.rank", &rank_model},
    {"tensor.reshape", &shape_reshape_model},
};
const uint32_t buf__bz_num_models_tensor_views =
    sizeof buf__bz_models_tensor_views / sizeof buf__bz_models_tensor_views[0];
