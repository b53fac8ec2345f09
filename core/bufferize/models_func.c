/*
 * models_func.c: bufferization models of func.func, func.call and
 * func.return.
 *
 * With bufferize-function-boundaries, arguments and results become
 * memrefs (identity layout, fully dynamic layout, or for results under
 * infer-layout-map the type of the returned buffer), arguments are
 * writable, and a call reads / writes / aliases its operands exactly as
 * the callee's summary (computed callee-first by the analysis) says: a
 * callee that writes an argument is an in-place write at the call site, so
 * the caller copies when it still needs the old value.
 *
 * Without it, signatures stay tensors: arguments are read-only tensors
 * (to_buffer materializations), returns and calls read to_tensor of the
 * buffers, as upstream.
 *
 * Either way the body may be several blocks joined by cf branches: the
 * arguments of the blocks after the entry become memrefs (upstream keeps
 * them tensors without function boundaries, and copies on every write).
 */
#include <string.h>

#include "bz_internal.h"

static bool boundaries(buf_bz_t *bz) { return buf_bz_options(bz)->function_boundaries; }

/* ------------------------------------------------------------------------ */
/* func.func                                                                 */
/* ------------------------------------------------------------------------ */

/* Arguments of the entry block are the caller's buffers: writable with
 * function boundaries only, and never when the caller marked the argument
 * `bufferization.writable = false` (it may pass a constant or a buffer it
 * reads later). Arguments of the other blocks get the buffers the branches
 * forward (copies where those must not be written), so they are writable
 * whenever the branches bufferize. */
static bool func_arg_writable(buf_bz_t *bz, buf_value_t *arg) {
  if (arg->block && arg->block->region && arg->block != arg->block->region->first)
    return buf__bz_block_args_bufferized(bz, arg->block);
  if (!boundaries(bz))
    return false;
  buf_op_t *func = arg->block && arg->block->region ? arg->block->region->op : NULL;
  return !func || !buf_op_arg_read_only(func, arg->index);
}

static buf_type_t boundary_type(buf_bz_rewriter_t *rw, buf_type_t t,
                                bool is_result, buf_type_t returned) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  if (!buf__bz_is_tensor_type(t))
    return t;
  buf_bz_layout_t l = buf_bz_options(buf_bz_rw_analysis(rw))->boundary_layout;
  if (t->kind == BUF_TYPE_UNRANKED_TENSOR)
    return buf_type_unranked_memref(ctx, t->u.shaped.elem, NULL);
  buf_attr_t encoded = buf_bz_options(buf_bz_rw_analysis(rw))->encoding_layouts
                           ? buf_ctx_encoding_layout(ctx, t->u.shaped.encoding)
                           : NULL;
  if (encoded)
    return buf_type_memref(ctx, t->u.shaped.rank, t->u.shaped.shape,
                           t->u.shaped.elem, encoded, NULL);
  if (l == BUF_BZ_LAYOUT_IDENTITY)
    return buf_type_memref_for_tensor(ctx, t, NULL);
  if (l == BUF_BZ_LAYOUT_INFER && is_result && returned)
    return returned;
  return buf_bz_dynamic_layout_type(ctx, t, NULL);
}

/* Argument attributes that only direct function-boundary bufferization.
 * Once the signature holds memrefs they say nothing more (the argument is
 * the caller's buffer, of the layout already chosen) and mlir-opt drops
 * them, so the output matches upstream's. */
static const char writable_attr[] = "bufferization.writable";
static const char buffer_layout_attr[] = "bufferization.buffer_layout";

static bool is_boundary_attr(const char *name) {
  return strcmp(name, writable_attr) == 0 || strcmp(name, buffer_layout_attr) == 0;
}

static void drop_boundary_attrs(buf_ctx_t *ctx, buf_op_t *func) {
  buf_attr_t all = buf_op_attr(func, "arg_attrs");
  if (!all || all->kind != BUF_ATTR_ARRAY || all->u.array.n > 256)
    return;
  buf_attr_t dicts[256];
  bool changed = false;
  for (uint32_t i = 0; i < all->u.array.n; i++) {
    buf_attr_t d = dicts[i] = all->u.array.elems[i];
    if (!d || d->kind != BUF_ATTR_DICT || d->u.dict.n > 64)
      continue;
    buf_named_attr_t kept[64];
    uint32_t k = 0;
    for (uint32_t e = 0; e < d->u.dict.n; e++)
      if (!is_boundary_attr(d->u.dict.entries[e].name))
        kept[k++] = d->u.dict.entries[e];
    if (k == d->u.dict.n)
      continue;
    dicts[i] = buf_attr_dict(ctx, k, kept);
    changed = true;
  }
  if (changed)
    buf_op_set_attr(func, "arg_attrs", buf_attr_array(ctx, all->u.array.n, dicts));
}

/* The buffer type an argument asks for with `bufferization.buffer_layout`
 * (an affine map or strided layout; the identity map means no layout), or
 * NULL when it names none and the pass options decide. */
static buf_type_t requested_arg_type(buf_ctx_t *ctx, buf_op_t *func, uint32_t i,
                                     buf_type_t t) {
  buf_attr_t l = buf_op_arg_attr(func, i, buffer_layout_attr);
  if (!l || t->kind != BUF_TYPE_TENSOR)
    return NULL;
  if (l->kind == BUF_ATTR_AFFINE_MAP && buf_affine_map_is_identity(l->u.map))
    return buf_type_memref_for_tensor(ctx, t, NULL);
  if (l->kind != BUF_ATTR_AFFINE_MAP && l->kind != BUF_ATTR_STRIDED)
    return NULL;
  return buf_type_memref(ctx, t->u.shaped.rank, t->u.shaped.shape,
                         t->u.shaped.elem, l, NULL);
}

/* The buffer a func.return hands back under infer-layout-map: a buffer
 * that already has the boundary type and is a memref.cast returns the
 * cast's source instead, so the result type keeps what the source says
 * (upstream folds one cast into each return: its return op casts other
 * buffers to the boundary type first, so only such casts are folded). */
static buf_value_t *returned_buffer(buf_bz_rewriter_t *rw, buf_value_t *v,
                                    buf_type_t tensor_result) {
  buf_bz_layout_t l = buf_bz_options(buf_bz_rw_analysis(rw))->boundary_layout;
  if (l != BUF_BZ_LAYOUT_INFER || !v->def ||
      buf_op_view_kind(v->def) != BUF_VIEW_CAST ||
      v->type != boundary_type(rw, tensor_result, true, NULL))
    return v;
  return buf_op_view_source(v->def);
}

static buf_status_t func_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_bz_t *bz = buf_bz_rw_analysis(rw);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  bool has_body = op->num_regions && !buf_region_empty(op->regions[0]);
  if (!boundaries(bz))
    return has_body ? buf__bz_rewrite_cfg_region(rw, op->regions[0])
                    : BUF_SUCCESS;
  buf_attr_t fta = buf_op_attr(op, "function_type");
  if (!fta || fta->kind != BUF_ATTR_TYPE || fta->type->kind != BUF_TYPE_FUNCTION)
    return BUF_FAILURE;
  buf_type_t ft = fta->type;
  uint32_t ni = ft->u.func.num_inputs, nr = ft->u.func.num_results;
  if (ni > 256 || nr > 256)
    return BUF_FAILURE;
  buf_type_t ins[256], outs[256];
  for (uint32_t i = 0; i < ni; i++) {
    buf_type_t want = requested_arg_type(ctx, op, i, ft->u.func.inputs[i]);
    ins[i] = want ? want : boundary_type(rw, ft->u.func.inputs[i], false, NULL);
  }
  if (has_body) {
    buf_block_t *entry = buf_region_entry(op->regions[0]);
    for (uint32_t i = 0; i < entry->num_args && i < ni; i++) {
      buf_value_t *a = entry->args[i];
      if (buf__bz_is_tensor_type(a->type)) {
        buf_value_set_type(a, ins[i]);
        buf_bz_map(rw, a, a);
      }
    }
    if (BUF_FAILED(buf__bz_rewrite_cfg_region(rw, op->regions[0])))
      return BUF_FAILURE;
  }
  /* result types: from the returned buffers under infer-layout-map */
  for (uint32_t r = 0; r < nr; r++) {
    buf_type_t returned = NULL;
    bool differ = false;
    for (buf_block_t *b = has_body ? op->regions[0]->first : NULL; b; b = b->next) {
      buf_op_t *t = b->last;
      if (!t || !buf_op_has_trait(t, BUF_TRAIT_RETURN_LIKE) || r >= t->num_operands)
        continue;
      buf_type_t yt =
          returned_buffer(rw, t->operands[r].value, ft->u.func.results[r])->type;
      if (returned && returned != yt)
        differ = true;
      returned = yt;
    }
    /* a call may have been rewritten before a function where a call-graph
     * cycle closes: its results cannot depend on the returned buffers */
    bz_func_t *rec = buf__bz_func(bz, op);
    if (differ || !returned || !buf_type_is_memref(returned) ||
        (rec && rec->recursive))
      returned = NULL;
    outs[r] = boundary_type(rw, ft->u.func.results[r], true, returned);
  }
  for (buf_block_t *b = has_body ? op->regions[0]->first : NULL; b; b = b->next) {
    buf_op_t *t = b->last;
    if (!t || !buf_op_has_trait(t, BUF_TRAIT_RETURN_LIKE))
      continue;
    for (uint32_t r = 0; r < t->num_operands && r < nr; r++) {
      buf_value_t *v = t->operands[r].value;
      if (!buf_type_is_memref(v->type) || v->type == outs[r])
        continue;
      buf_value_t *src = returned_buffer(rw, v, ft->u.func.results[r]);
      if (src->type == outs[r]) {
        buf_op_set_operand(t, r, src);
        continue;
      }
      buf_builder_t bb;
      buf_bz_builder(rw, t, &bb);
      buf_op_set_operand(t, r, buf_bz_cast_or_copy(rw, &bb, v, outs[r]));
    }
  }
  buf_op_set_attr(op, "function_type",
                  buf_attr_type(ctx, buf_type_function(ctx, ni, ins, nr, outs)));
  drop_boundary_attrs(ctx, op);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t func_model = {
    .alloc_reason = "function boundary",
    .arg_writable = func_arg_writable,
    .bufferize = func_bufferize,
};

/* ------------------------------------------------------------------------ */
/* func.return                                                               */
/* ------------------------------------------------------------------------ */

static bool r_true(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return true; }

static buf_status_t return_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  if (!boundaries(buf_bz_rw_analysis(rw)))
    return buf__bz_keep_on_tensors(rw, op);
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = op->operands[i].value;
    if (buf__bz_is_tensor_type(v->type))
      buf_op_set_operand(op, i, buf_bz_buffer(rw, v));
  }
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t return_model = {
    .alloc_reason = "function boundary",
    .reads = r_true,
    .bufferize = return_bufferize,
};

/* ------------------------------------------------------------------------ */
/* func.call                                                                 */
/* ------------------------------------------------------------------------ */

static buf_op_t *callee_of(buf_bz_t *bz, buf_op_t *call) {
  return buf__bz_callee(bz, call);
}

static bool call_reads(buf_bz_t *bz, buf_use_t *u) {
  if (!boundaries(bz))
    return true;
  buf_op_t *f = callee_of(bz, u->owner);
  return !f || buf_bz_func_arg_read(bz, f, u->index);
}

static bool call_writes(buf_bz_t *bz, buf_use_t *u) {
  if (!boundaries(bz))
    return false;
  buf_op_t *f = callee_of(bz, u->owner);
  return !f || buf_bz_func_arg_written(bz, f, u->index);
}

static uint32_t call_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                             uint32_t max) {
  if (!boundaries(bz))
    return 0;
  buf_op_t *f = callee_of(bz, u->owner);
  if (!f)
    return 0;
  uint32_t n = 0;
  for (uint32_t r = 0; r < u->owner->num_results && n < max; r++) {
    if (!buf__bz_is_tensor_type(u->owner->results[r].type))
      continue;
    if (buf_bz_func_result_equiv_arg(bz, f, r) == (int32_t)u->index)
      out[n++] = (buf_bz_alias_t){&u->owner->results[r], BUF_BZ_EQUIV};
    else if (buf_bz_func_result_aliases_arg(bz, f, r, u->index))
      out[n++] = (buf_bz_alias_t){&u->owner->results[r], BUF_BZ_MAYBE};
  }
  return n;
}

/* A call's buffer result r is argument a's buffer when the callee returns
 * that argument as result r (its summary: equivalent), which the rewrite
 * keeps as the very same buffer. */
static buf_value_t *call_forwarded_buffer(buf_bz_t *bz, buf_value_t *result) {
  if (!boundaries(bz) || !buf_type_is_memref(result->type))
    return NULL;
  buf_op_t *f = callee_of(bz, result->def);
  int32_t a = f ? buf_bz_func_result_equiv_arg(bz, f, result->index) : -1;
  return a >= 0 && (uint32_t)a < result->def->num_operands
             ? result->def->operands[a].value
             : NULL;
}

static bool call_result_writable(buf_bz_t *bz, buf_value_t *v) {
  if (!boundaries(bz))
    return false;
  buf_op_t *f = callee_of(bz, v->def);
  return !f || !buf_bz_func_result_readonly(bz, f, v->index);
}

static buf_status_t call_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_bz_t *bz = buf_bz_rw_analysis(rw);
  if (!boundaries(bz))
    return buf__bz_keep_on_tensors(rw, op);
  buf_op_t *f = callee_of(bz, op);
  buf_attr_t fta = f ? buf_op_attr(f, "function_type") : NULL;
  if (!fta || fta->kind != BUF_ATTR_TYPE || fta->type->kind != BUF_TYPE_FUNCTION) {
    buf_op_emit_error(op, "cannot bufferize: callee not found");
    return BUF_FAILURE;
  }
  buf_type_t ft = fta->type;
  if (op->num_operands > 256 || op->num_results > 256 ||
      ft->u.func.num_inputs != op->num_operands ||
      ft->u.func.num_results != op->num_results)
    return BUF_FAILURE;
  /* a callee on a call-graph cycle may not be rewritten yet: its boundary
   * types are then the ones func_bufferize will give it */
  buf_type_t ins[256], outs[256];
  for (uint32_t i = 0; i < op->num_operands; i++)
    ins[i] = boundary_type(rw, ft->u.func.inputs[i], false, NULL);
  for (uint32_t r = 0; r < op->num_results; r++)
    outs[r] = boundary_type(rw, ft->u.func.results[r], true, NULL);
  buf_value_t *ops[256];
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = buf_bz_buffer(rw, op->operands[i].value);
    ops[i] = buf_type_is_memref(v->type)
                 ? buf_bz_cast_or_copy(rw, &b, v, ins[i])
                 : v;
  }
  buf_op_t *nc = buf__bz_rebuild(rw, op, op->num_operands, ops,
                                 op->num_results, outs);
  buf_value_t *res[256];
  for (uint32_t r = 0; r < op->num_results; r++)
    res[r] = &nc->results[r];
  buf_bz_replace(rw, op, res);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t call_model = {
    .read_only_reason = "function boundary",
    .alloc_reason = "function boundary",
    .reads = call_reads,
    .writes = call_writes,
    .aliases = call_aliases,
    .result_writable = call_result_writable,
    .bufferize = call_bufferize,
    .forwarded_buffer = call_forwarded_buffer,
};

const buf__bz_model_row_t buf__bz_models_func[] = {
    {"func.call", &call_model},
    {"func.func", &func_model},
    {"func.return", &return_model},
};
const uint32_t buf__bz_num_models_func =
    sizeof buf__bz_models_func / sizeof buf__bz_models_func[0];
