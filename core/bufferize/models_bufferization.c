/*
 * models_bufferization.c: bufferization models of the bufferization
 * dialect's tensor ops.
 *
 *   alloc_tensor        fresh buffer (undefined contents unless copy(...));
 *                       -> memref.alloc (+ memref.copy of the copy operand),
 *                       memory_space carried to the memref type
 *   to_tensor           the result is the memref operand's buffer; writable
 *                       only when marked `writable`
 *   to_buffer           reads its tensor, and writes it unless every use
 *                       of the result only reads; the result is replaced
 *                       by the tensor's buffer (cast, or copied when the
 *                       layouts do not cast)
 *   materialize_in_destination  reads the source, writes the destination
 *                       (always in place); the result is the
 *                       destination's buffer
 *   dealloc_tensor      -> memref.dealloc
 */
#include <string.h>

#include "../transforms/bufopt_internal.h"
#include "bz_internal.h"

static bool r_true(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return true; }
static bool r_false(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return false; }

/* ------------------------------------------------------------------------ */
/* alloc_tensor                                                              */
/* ------------------------------------------------------------------------ */

static bool has_copy(const buf_op_t *op) {
  int64_t seg[3];
  return buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) == 3 && seg[1];
}

static bool alloc_undefined(buf_bz_t *bz, buf_value_t *v) {
  (void)bz;
  return !has_copy(v->def);
}

static bool alloc_result_writes(buf_bz_t *bz, buf_value_t *v) {
  (void)bz;
  return has_copy(v->def);
}

static buf_status_t alloc_tensor_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  int64_t seg[3] = {0, 0, 0};
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3);
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_type_t rt = op->results[0].type;
  /* The memory space, as upstream infers it: the attribute, else the
   * copied buffer's, else (a stand-in copies.c made) the buffer's it
   * stands in for, else (use-encoding-for-memory-space) the tensor's
   * encoding; must-infer-memory-space refuses the default. */
  const buf_bz_options_t *opts = buf_bz_options(buf_bz_rw_analysis(rw));
  buf_value_t *copy = seg[1] ? buf_bz_buffer(rw, op->operands[seg[0]].value) : NULL;
  buf_attr_t ms = buf_op_attr(op, "memory_space");
  bool inferred = ms != NULL;
  if (!ms && copy && copy->type->kind == BUF_TYPE_MEMREF) {
    ms = copy->type->u.shaped.memory_space;
    inferred = true;
  }
  /* A stand-in copies.c made for a value whose old contents are not
   * needed lives where that value's buffer lives, as upstream's
   * allocateTensorForShapedValue places it (the default space is not an
   * inference: must-infer-memory-space refuses it there too). */
  buf_value_t *stands_for = buf__bz_copy_source(buf_bz_rw_analysis(rw), op);
  buf_value_t *src = stands_for ? buf__bz_mapped(rw, stands_for) : NULL;
  if (!ms && !copy && src && src->type->kind == BUF_TYPE_MEMREF) {
    ms = src->type->u.shaped.memory_space;
    inferred = ms != NULL;
  }
  if (!ms && opts->use_encoding_for_memory_space && rt->u.shaped.encoding) {
    ms = rt->u.shaped.encoding;
    inferred = true;
  }
  if (!inferred && opts->must_infer_memory_space) {
    buf_emit_error(ctx, op->loc, "could not infer memory space");
    buf_emit_error(ctx, op->loc, "failed to bufferize op");
    return BUF_FAILURE;
  }
  if (ms && ms->kind == BUF_ATTR_INTEGER && ms->u.i == 0)
    ms = NULL; /* the default memory space, spelled out */
  buf_type_t mt = buf_type_memref_for_tensor(ctx, rt, ms);
  buf_value_t *dyn[64];
  for (uint32_t i = 0; i < (uint32_t)seg[0] && i < 64; i++)
    dyn[i] = op->operands[i].value;
  buf_value_t *m = buf_bz_alloc(rw, &b, mt, copy, seg[0] ? dyn : NULL);
  if (copy)
    buf_bz_copy(rw, &b, copy, m);
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t alloc_tensor_model = {
    .alloc_reason = "alloc_tensor",
    .reads = r_true,
    .writes = r_false,
    .result_undefined = alloc_undefined,
    .result_writes = alloc_result_writes,
    .bufferize = alloc_tensor_bufferize,
};

/* ------------------------------------------------------------------------ */
/* to_tensor / to_buffer                                                     */
/* ------------------------------------------------------------------------ */

static bool to_tensor_writable(buf_bz_t *bz, buf_value_t *v) {
  (void)bz;
  return buf_op_has_attr(v->def, "writable");
}

static buf_status_t to_tensor_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_value_t *m = op->operands[0].value;
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

/* Without `restrict`, other memref ops may write the buffer behind the
 * tensor's back, which no tensor-level analysis can see: upstream refuses
 * a used one, and so do we (a copy at the to_tensor would be safe, but
 * would accept what mlir-opt rejects). */
static buf_status_t to_tensor_precondition(buf_bz_t *bz, buf_op_t *op) {
  (void)bz;
  if (buf_op_has_attr(op, "restrict") || !op->results[0].first_use)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "to_tensor ops without `restrict` are not supported by "
                        "One-Shot Analysis");
  return BUF_FAILURE;
}

static const buf_bufferize_model_t to_tensor_model = {
    .result_writable = to_tensor_writable,
    .precondition = to_tensor_precondition,
    .bufferize = to_tensor_bufferize,
};

/* The buffer is written through the result unless the op says read_only
 * or every use of the result and its views only reads (loads, copies from
 * it, linalg inputs, the runner-utils printers, functions that only read
 * it). A returned buffer may be written by the caller. */
static bool to_buffer_writes(buf_bz_t *bz, buf_use_t *u) {
  if (buf_op_has_attr(u->owner, "read_only"))
    return false;
  bo_vset_t names = {.arena = buf_ctx_arena(bz->ctx)};
  buf__bo_alias_closure(&u->owner->results[0], true, &names, NULL);
  for (uint32_t i = 0; i < names.n; i++)
    for (buf_use_t *r = names.v[i]->first_use; r; r = r->next_use)
      if (!buf__bo_use_only_reads(r, false))
        return true;
  return false;
}

static buf_status_t to_buffer_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_value_t *t = op->operands[0].value;
  buf_value_t *m = buf__bz_mapped(rw, t);
  if (!m) {
    /* a tensor nothing bufferized: keep this op as its materialization */
    buf_bz_map(rw, t, &op->results[0]);
    return BUF_SUCCESS;
  }
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *r = buf_bz_cast_or_copy(rw, &b, m, op->results[0].type);
  buf_value_replace_all_uses(&op->results[0], r);
  buf_bz_erase(rw, op);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t to_buffer_model = {
    .reads = r_true,
    .writes = to_buffer_writes,
    .bufferize = to_buffer_bufferize,
};

/* ------------------------------------------------------------------------ */
/* materialize_in_destination                                                */
/* ------------------------------------------------------------------------ */

static bool mat_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index == 0;
}

static bool mat_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index == 1;
}

static uint32_t mat_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                            uint32_t max) {
  (void)bz;
  if (u->index != 1 || !max || !u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[0], BUF_BZ_EQUIV};
  return 1;
}

/* The op promises that the data ends up in the destination's buffer, so
 * a tensor destination is never replaced by a copy (as upstream's
 * mustBufferizeInPlace); a destination that may not be written, or whose
 * old contents are read after the write, is an error (analysis.c,
 * check_assumptions). copy-before-write skips the analysis, and there as
 * upstream the write goes to a copy; so does partial bufferization, whose
 * destinations may still be tensors of the function (no buffer of theirs
 * exists yet). */
static bool mat_must_inplace(buf_bz_t *bz, buf_use_t *u) {
  const buf_bz_options_t *o = buf_bz_options(bz);
  return u->index == 1 && !o->copy_before_write && !buf__bz_filters_ops(o);
}

/* The copy reads element i of the source to write element i of the
 * destination, so a source computed in the destination's own buffer (what
 * eliminate-empty-tensors arranges) does not conflict with the write. */
static bool mat_elementwise(buf_bz_t *bz, buf_use_t *a, buf_use_t *b) {
  (void)bz;
  return a->owner == b->owner && a->index != b->index;
}

static buf_status_t mat_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *src = buf_bz_buffer(rw, op->operands[0].value);
  buf_value_t *dst = buf_bz_buffer(rw, op->operands[1].value);
  buf_bz_copy(rw, &b, src, dst);
  if (op->num_results)
    buf_bz_replace(rw, op, &dst);
  else
    buf_bz_erase(rw, op);
  return BUF_SUCCESS;
}

/* Empty-tensor elimination: a tensor destination is itself the place the
 * source is built in. A memref destination is read as a tensor with
 * to_tensor; that tensor is the memref's contents only while nothing else
 * writes the memref, which the op's `restrict` promises, so the promise
 * moves to the new to_tensor (at most one restrict to_tensor per buffer)
 * and a second elimination into the same op is refused. */
static buf_value_t *mat_extraction(buf_builder_t *b, buf_op_t *op) {
  if (op->num_operands != 2)
    return NULL;
  buf_type_t src = op->operands[0].value->type;
  buf_value_t *dst = op->operands[1].value;
  if (!buf_type_is_memref(dst->type))
    return dst->type == src ? dst : NULL;
  if (!buf_op_has_attr(op, "restrict") ||
      buf_type_tensor_for_memref(b->ctx, dst->type) != src)
    return NULL;
  buf_op_set_attr(op, "restrict", NULL);
  buf_attr_t unit = buf_attr_unit(b->ctx);
  return buf_op_result(buf_build(b, "bufferization.to_tensor", src, 1, &dst,
                                 "restrict", unit, "writable", unit, NULL),
                       0);
}

static const buf_bufferize_model_t mat_model = {
    .insertion = BUF_BZ_INSERT_WHOLE,
    .build_subset_extraction = mat_extraction,
    .alloc_reason = "materialize in destination",
    .reads = mat_reads,
    .writes = mat_writes,
    .aliases = mat_aliases,
    .must_inplace = mat_must_inplace,
    .elementwise = mat_elementwise,
    .bufferize = mat_bufferize,
};

/* ------------------------------------------------------------------------ */
/* dealloc_tensor                                                            */
/* ------------------------------------------------------------------------ */

static buf_status_t dealloc_tensor_bufferize(buf_bz_rewriter_t *rw,
                                             buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *m = buf_bz_buffer(rw, op->operands[0].value);
  buf_build(&b, "memref.dealloc", NULL, 1, &m, NULL);
  buf_bz_erase(rw, op);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t dealloc_tensor_model = {
    .reads = r_false,
    .writes = r_false,
    .bufferize = dealloc_tensor_bufferize,
};

const buf__bz_model_row_t buf__bz_models_bufferization[] = {
    {"bufferization.alloc_tensor", &alloc_tensor_model},
    {"bufferization.dealloc_tensor", &dealloc_tensor_model},
    {"bufferization.materialize_in_destination", &mat_model},
    {"bufferization.to_buffer", &to_buffer_model},
    {"bufferization.to_memref", &to_buffer_model},
    {"bufferization.to_tensor", &to_tensor_model},
};
const uint32_t buf__bz_num_models_bufferization =
    sizeof buf__bz_models_bufferization / sizeof buf__bz_models_bufferization[0];
