/*
 * models_scf.c: bufferization models of scf.for, scf.if, scf.yield and
 * scf.forall (with tensor.parallel_insert_slice in its in_parallel).
 *
 *   scf.for    init i is written (the loop body may write it) and read when
 *              the body reads iter_arg i; result i is init i's buffer. The
 *              body region is repetitive. The rewrite gives the loop the
 *              init buffers as iter_args; a yielded buffer that is not the
 *              iter_arg's is copied into it before the yield, so result i
 *              is always init i's buffer.
 *   scf.if     results alias the yielded values of both branches (maybe);
 *              the branches exclude each other. Both branches yield buffers
 *              of one type (a fully dynamic layout when they differ).
 *   scf.yield  always in place; in an scf.if its operands alias the
 *              results (in loops they only feed the next iteration).
 *   scf.forall shared_out i is written and read (unwritten points keep it);
 *              result i is its buffer; the body is a parallel region.
 */
#include <string.h>

#include "bz_internal.h"

static bool r_true(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return true; }

static buf_block_t *entry(const buf_op_t *op, uint32_t r) {
  return r < op->num_regions ? buf_region_entry(op->regions[r]) : NULL;
}

static buf_bz_region_kind_t repetitive(const buf_op_t *op, uint32_t r) {
  (void)op; (void)r;
  return BUF_BZ_REGION_REPETITIVE;
}

static buf_bz_region_kind_t parallel(const buf_op_t *op, uint32_t r) {
  (void)op; (void)r;
  return BUF_BZ_REGION_PARALLEL;
}

/* ------------------------------------------------------------------------ */
/* scf.for                                                                   */
/* ------------------------------------------------------------------------ */

#define FOR_FIRST_INIT 3u

typedef buf_status_t (*bufferize_fn)(buf_bz_rewriter_t *, buf_op_t *);
static buf_status_t for_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op);
static bufferize_fn for_bufferize_ref(void) { return for_bufferize; }

static bool for_reads(buf_bz_t *bz, buf_use_t *u) {
  if (u->index < FOR_FIRST_INIT)
    return true;
  buf_block_t *b = entry(u->owner, 0);
  uint32_t a = u->index - FOR_FIRST_INIT + 1;
  if (!b || a >= b->num_args)
    return true;
  return buf_bz_value_read(bz, b->args[a]);
}

static bool for_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index >= FOR_FIRST_INIT;
}

static uint32_t for_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                            uint32_t max) {
  (void)bz;
  if (u->index < FOR_FIRST_INIT || !max)
    return 0;
  uint32_t r = u->index - FOR_FIRST_INIT;
  if (r >= u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[r], BUF_BZ_EQUIV};
  return 1;
}

/* The buffer a loop result really is: result i of a bufferized scf.for is
 * its init i's buffer (see below), so look through loop nests. */
static buf_value_t *through_loops(buf_bz_t *bz, buf_value_t *v) {
  for (unsigned depth = 0; depth < 64 && v->def; depth++) {
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
    if (!m || m->bufferize != for_bufferize_ref() ||
        FOR_FIRST_INIT + v->index >= v->def->num_operands)
      break;
    buf_value_t *init = v->def->operands[FOR_FIRST_INIT + v->index].value;
    if (init->type != v->type)
      break;
    v = init;
  }
  return v;
}

static buf_status_t for_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  uint32_t n = op->num_operands;
  if (n > 64 || op->num_results > 64)
    return BUF_FAILURE;
  buf_value_t *ops[64];
  buf_type_t rtypes[64];
  for (uint32_t i = 0; i < n; i++) {
    ops[i] = buf_bz_buffer(rw, op->operands[i].value);
    if (i >= FOR_FIRST_INIT)
      rtypes[i - FOR_FIRST_INIT] = ops[i]->type;
  }
  buf_op_t *nf = buf__bz_rebuild(rw, op, n, ops, op->num_results, rtypes);
  buf_block_t *body = entry(nf, 0);
  if (!body)
    return BUF_FAILURE;
  for (uint32_t a = 1; a < body->num_args; a++) {
    buf_value_t *arg = body->args[a];
    if (buf__bz_is_tensor_type(arg->type)) {
      buf_value_set_type(arg, rtypes[a - 1]);
      buf_bz_map(rw, arg, arg);
    }
  }
  if (BUF_FAILED(buf_bz_rewrite_block(rw, body)))
    return BUF_FAILURE;
  buf_op_t *y = body->last;
  for (uint32_t i = 0; y && i < y->num_operands && i + 1 < body->num_args; i++) {
    buf_value_t *v = y->operands[i].value;
    buf_value_t *arg = body->args[i + 1];
    if (v == arg || !buf_type_is_memref(v->type) || !buf_type_is_memref(arg->type))
      continue;
    if (through_loops(buf_bz_rw_analysis(rw), v) == arg) {
      buf_op_set_operand(y, i, arg); /* the same buffer: no copy */
      continue;
    }
    buf_builder_t b;
    buf_bz_builder(rw, y, &b);
    buf_bz_copy(rw, &b, v, arg);
    buf_op_set_operand(y, i, arg);
  }
  (void)ctx;
  buf_value_t *res[64];
  for (uint32_t r = 0; r < op->num_results; r++)
    res[r] = &nf->results[r];
  buf_bz_replace(rw, op, res);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t for_model = {
    .reads = for_reads,
    .writes = for_writes,
    .aliases = for_aliases,
    .region_kind = repetitive,
    .bufferize = for_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.if                                                                    */
/* ------------------------------------------------------------------------ */

/* The buffer every branch of `op` yields as result r when it is one value
 * from outside the op (both branches pass %b through, one after writing
 * it): the result is that buffer, so a loop yielding it needs no copy. */
static buf_value_t *same_buffer_yielded(buf_op_t *op, uint32_t r) {
  buf_value_t *same = NULL;
  for (uint32_t g = 0; g < op->num_regions; g++) {
    buf_block_t *b = entry(op, g);
    if (!b || !b->last || r >= b->last->num_operands)
      return NULL;
    buf_value_t *v = b->last->operands[r].value;
    if ((same && v != same) || v->type != op->results[r].type ||
        !buf_type_is_memref(v->type))
      return NULL;
    same = v;
  }
  if (!same)
    return NULL;
  buf_op_t *owner = same->def ? same->def
                    : (same->block && same->block->region ? same->block->region->op : NULL);
  return owner && !buf_op_is_ancestor(op, owner) ? same : NULL;
}

static buf_status_t if_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  for (uint32_t r = 0; r < op->num_regions; r++) {
    buf_block_t *b = entry(op, r);
    if (b && BUF_FAILED(buf_bz_rewrite_block(rw, b)))
      return BUF_FAILURE;
  }
  if (op->num_results > 64)
    return BUF_FAILURE;
  buf_type_t rtypes[64];
  for (uint32_t i = 0; i < op->num_results; i++) {
    buf_type_t t = op->results[i].type;
    if (!buf__bz_is_tensor_type(t)) {
      rtypes[i] = t;
      continue;
    }
    buf_type_t common = NULL;
    bool differ = false;
    for (uint32_t r = 0; r < op->num_regions; r++) {
      buf_block_t *b = entry(op, r);
      if (!b || !b->last || i >= b->last->num_operands)
        continue;
      buf_type_t yt = b->last->operands[i].value->type;
      if (!common)
        common = yt;
      else if (common != yt)
        differ = true;
    }
    rtypes[i] = (!common || differ)
                    ? buf_bz_dynamic_layout_type(ctx, t, common ? common->u.shaped.memory_space : NULL)
                    : common;
  }
  for (uint32_t r = 0; r < op->num_regions; r++) {
    buf_block_t *b = entry(op, r);
    if (!b || !b->last)
      continue;
    buf_op_t *y = b->last;
    for (uint32_t i = 0; i < y->num_operands && i < op->num_results; i++) {
      buf_value_t *v = y->operands[i].value;
      if (v->type == rtypes[i] || !buf_type_is_memref(v->type))
        continue;
      buf_builder_t bb;
      buf_bz_builder(rw, y, &bb);
      buf_op_set_operand(y, i, buf_bz_cast_or_copy(rw, &bb, v, rtypes[i]));
    }
  }
  buf_value_t *ops[64];
  for (uint32_t i = 0; i < op->num_operands && i < 64; i++)
    ops[i] = op->operands[i].value;
  buf_op_t *ni = buf__bz_rebuild(rw, op, op->num_operands, ops, op->num_results, rtypes);
  buf_value_t *res[64];
  for (uint32_t r = 0; r < op->num_results; r++) {
    buf_value_t *same = same_buffer_yielded(ni, r);
    res[r] = same ? same : &ni->results[r];
  }
  buf_bz_replace(rw, op, res);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t if_model = {
    .exclusive_regions = true,
    .bufferize = if_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.yield                                                                 */
/* ------------------------------------------------------------------------ */

static uint32_t yield_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                              uint32_t max) {
  buf_op_t *p = buf_op_parent(u->owner);
  if (!p || !max || u->index >= p->num_results)
    return 0;
  /* loops: the result is the init's buffer, the yield only feeds the next
   * iteration (see for_bufferize); branches: the result is the yield's */
  const buf_bufferize_model_t *m = buf_bz_model_of(bz, p);
  if (!m || !m->exclusive_regions)
    return 0;
  out[0] = (buf_bz_alias_t){&p->results[u->index], BUF_BZ_MAYBE};
  return 1;
}

static bool yield_must_inplace(buf_bz_t *bz, buf_use_t *u) {
  (void)bz; (void)u;
  return true;
}

static buf_status_t yield_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = op->operands[i].value;
    if (buf__bz_is_tensor_type(v->type))
      buf_op_set_operand(op, i, buf_bz_buffer(rw, v));
  }
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t yield_model = {
    .reads = r_true,
    .aliases = yield_aliases,
    .must_inplace = yield_must_inplace,
    .bufferize = yield_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.forall                                                                */
/* ------------------------------------------------------------------------ */

static uint32_t forall_first_out(const buf_op_t *op) {
  int64_t seg[4];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4)
    return op->num_operands;
  return (uint32_t)(seg[0] + seg[1] + seg[2]);
}

static uint32_t forall_num_ivs(const buf_op_t *op) {
  buf_block_t *b = entry(op, 0);
  uint32_t outs = op->num_operands - forall_first_out(op);
  return b && b->num_args >= outs ? b->num_args - outs : 0;
}

/* A shared_out is always read: the points no thread writes keep its old
 * contents, and which points the threads write is not known statically. */
static bool forall_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz; (void)u;
  return true;
}

static bool forall_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index >= forall_first_out(u->owner);
}

static uint32_t forall_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                               uint32_t max) {
  (void)bz;
  uint32_t first = forall_first_out(u->owner);
  if (u->index < first || !max)
    return 0;
  uint32_t r = u->index - first;
  if (r >= u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[r], BUF_BZ_EQUIV};
  return 1;
}

static buf_status_t forall_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  uint32_t first = forall_first_out(op);
  uint32_t nivs = forall_num_ivs(op);
  if (op->num_operands > 64)
    return BUF_FAILURE;
  buf_value_t *outs[64];
  for (uint32_t i = first; i < op->num_operands; i++)
    outs[i - first] = buf_bz_buffer(rw, op->operands[i].value);
  buf_value_t *ops[64];
  for (uint32_t i = 0; i < first; i++)
    ops[i] = op->operands[i].value;
  buf_op_t *nf = buf__bz_rebuild(rw, op, first, ops, 0, NULL);
  int64_t seg[4];
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4);
  seg[3] = 0;
  buf_op_set_attr(nf, "operandSegmentSizes",
                  buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  buf_block_t *body = entry(nf, 0);
  if (!body)
    return BUF_FAILURE;
  /* shared_out block arguments become the outs buffers themselves */
  for (uint32_t k = op->num_operands - first; k-- > 0;) {
    buf_value_t *arg = body->args[nivs + k];
    buf_value_replace_all_uses(arg, outs[k]);
    buf_block_erase_arg(body, nivs + k);
  }
  if (BUF_FAILED(buf_bz_rewrite_block(rw, body)))
    return BUF_FAILURE;
  buf_bz_replace(rw, op, outs);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t forall_model = {
    .reads = forall_reads,
    .writes = forall_writes,
    .aliases = forall_aliases,
    .region_kind = parallel,
    .bufferize = forall_bufferize,
};

const buf__bz_model_row_t buf__bz_models_scf[] = {
    {"scf.for", &for_model},
    {"scf.forall", &forall_model},
    {"scf.if", &if_model},
    {"scf.yield", &yield_model},
};
const uint32_t buf__bz_num_models_scf =
    sizeof buf__bz_models_scf / sizeof buf__bz_models_scf[0];
