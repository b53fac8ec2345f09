/*
 * models_vector.c: bufferization models of the vector transfers, as
 * upstream's VectorBufferizableOpInterfaceImpl:
 *   - transfer_read reads its tensor source and writes nothing; on buffers
 *     it reads the source's buffer;
 *   - transfer_write writes its destination and reads it (it writes a
 *     part: the rest keeps its contents) unless it surely overwrites all of
 *     it: a static destination, written at offset 0 in every dimension,
 *     unmasked, by a vector at least as large in each; its result is that
 *     buffer (equivalent); on buffers it writes the buffer and has no
 *     result.
 * Other operands (indices, padding, mask, the written vector) are not
 * tensors and never reach the models.
 *
 * vector.mask has no tensor operand: the op it masks uses the tensors, and
 * its results are what its vector.yield hands over (always that op's
 * results), so result i is equivalent to yield operand i, as upstream's
 * MaskOpInterface says. Upstream cannot copy inside the mask region (the
 * copy would be a second op there), so it refuses a masked op whose tensor
 * operand is out of place after the analysis ("body must bufferize
 * in-place"): so does this model. The rewrite bufferizes the masked op in
 * the region and drops from the mask and its yield the results that became
 * buffers (the masked op's buffer results live outside the mask): a masked
 * transfer_write on a tensor becomes `vector.mask %m { vector.transfer_write
 * %v, %buf[...] : V, memref<..> } : M` with no result.
 */
#include "bz_internal.h"

#include "buf/vector.h"

static bool reads_source(buf_bz_t *bz, buf_use_t *u) {
  (void)bz, (void)u;
  return true;
}

/* Does the transfer_write leave part of its destination as it was, so
 * that the write reads it? Operands: vector, destination, indices, then an
 * optional mask (operandSegmentSizes). */
static bool write_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  buf_op_t *op = u->owner;
  if (u->index != 1)
    return true;
  buf_type_t dest = op->operands[1].value->type, vec = op->operands[0].value->type;
  int64_t seg[4];
  if (!buf_type_has_static_shape(dest) || vec->kind != BUF_TYPE_VECTOR ||
      buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4 || seg[3] != 0)
    return true;
  for (int64_t i = 0; i < seg[2]; i++) {
    int64_t c;
    if (!buf_value_constant_int(op->operands[2 + i].value, &c) || c != 0)
      return true;
  }
  uint32_t n = dest->u.shaped.rank < vec->u.shaped.rank ? dest->u.shaped.rank
                                                        : vec->u.shaped.rank;
  for (uint32_t i = 0; i < n; i++)
    if (dest->u.shaped.shape[i] > vec->u.shaped.shape[i])
      return true;
  return false;
}

static bool writes_nothing(buf_bz_t *bz, buf_use_t *u) {
  (void)bz, (void)u;
  return false;
}

static bool writes_destination(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index == 1;
}

static uint32_t write_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                              uint32_t max) {
  (void)bz;
  if (u->index != 1 || !max || !u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[0], BUF_BZ_EQUIV};
  return 1;
}

/* The op again, with operand `buffer_at` on its buffer and no tensor
 * result: the buffer form of a transfer. Returns the new op. */
static buf_op_t *rebuild_on_buffer(buf_bz_rewriter_t *rw, buf_op_t *op,
                                   uint32_t buffer_at, bool keep_result) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *m = buf_bz_buffer(rw, op->operands[buffer_at].value);
  if (!m)
    return NULL;
  buf_op_state_t st;
  buf_state_init(&st, buf_bz_rw_ctx(rw), op->name, op->loc);
  for (uint32_t i = 0; i < op->num_operands; i++)
    buf_state_add_operand(&st, i == buffer_at ? m : op->operands[i].value);
  for (uint32_t i = 0; i < op->attrs->u.dict.n; i++)
    buf_state_set_attr(&st, op->attrs->u.dict.entries[i].name,
                       op->attrs->u.dict.entries[i].value);
  if (keep_result)
    buf_state_add_result(&st, op->results[0].type);
  return buf_builder_insert(&b, &st);
}

static buf_status_t read_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_op_t *n = rebuild_on_buffer(rw, op, 0, true);
  if (!n)
    return BUF_FAILURE;
  buf_value_t *v = &n->results[0];
  buf_bz_replace(rw, op, &v);
  return BUF_SUCCESS;
}

static buf_status_t write_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_op_t *n = rebuild_on_buffer(rw, op, 1, false);
  if (!n)
    return BUF_FAILURE;
  buf_value_t *m = n->operands[1].value;
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t transfer_read_model = {
    .reads = reads_source,
    .writes = writes_nothing,
    .bufferize = read_bufferize,
};

static const buf_bufferize_model_t transfer_write_model = {
    .reads = write_reads,
    .writes = writes_destination,
    .aliases = write_aliases,
    .bufferize = write_bufferize,
};

/* ---- vector.mask, vector.yield ---------------------------------------- */

static uint32_t yield_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out, uint32_t max) {
  (void)bz;
  buf_op_t *mask = buf_op_parent(u->owner);
  if (!mask || !max || u->index >= mask->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&mask->results[u->index], BUF_BZ_EQUIV};
  return 1;
}

static bool yield_must_inplace(buf_bz_t *bz, buf_use_t *u) {
  (void)bz, (void)u;
  return true;
}

/* The yield is rebuilt by its mask's rewrite (mask_bufferize), which
 * needs its tensor operands as they are. */
static buf_status_t yield_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  (void)rw, (void)op;
  return BUF_SUCCESS;
}

static buf_status_t mask_verify_analysis(buf_bz_t *bz, buf_op_t *op) {
  buf_op_t *inner = buf_vector_mask_masked_op(op);
  for (uint32_t i = 0; inner && i < inner->num_operands; i++) {
    buf_use_t *u = &inner->operands[i];
    if (buf__bz_is_tensor_type(u->value->type) && !buf_bz_inplace(bz, u)) {
      buf_op_emit_error(op, "body must bufferize in-place");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

#define MAX_MASK_RESULTS 16

static buf_status_t mask_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  if (op->num_results > MAX_MASK_RESULTS) {
    buf_op_emit_error(op, "cannot bufferize: more than %d results", MAX_MASK_RESULTS);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__bz_rewrite_cfg_region(rw, op->regions[0])))
    return BUF_FAILURE;
  buf_op_t *y = op->regions[0]->first->last;
  buf_value_t *res[MAX_MASK_RESULTS] = {0};
  buf_type_t kept[MAX_MASK_RESULTS];
  uint32_t nk = 0;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf__bz_is_tensor_type(op->results[i].type)) {
      res[i] = buf_bz_buffer(rw, y->operands[i].value);
      if (!res[i])
        return BUF_FAILURE;
    } else {
      kept[nk++] = op->results[i].type;
    }
  for (uint32_t i = op->num_results; i-- > 0;)
    if (res[i])
      buf_op_erase_operand(y, i);
  buf_value_t *ops[2];
  for (uint32_t i = 0; i < op->num_operands && i < 2; i++)
    ops[i] = op->operands[i].value;
  buf_op_t *n = buf__bz_rebuild(rw, op, op->num_operands < 2 ? op->num_operands : 2, ops, nk,
                                kept);
  for (uint32_t i = 0, k = 0; i < op->num_results; i++)
    if (!res[i])
      res[i] = &n->results[k++];
  buf_bz_replace(rw, op, res);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t mask_model = {
    .exclusive_regions = true,
    .verify_analysis = mask_verify_analysis,
    .bufferize = mask_bufferize,
};

static const buf_bufferize_model_t yield_model = {
    .reads = reads_source,
    .aliases = yield_aliases,
    .must_inplace = yield_must_inplace,
    .bufferize = yield_bufferize,
};

const buf__bz_model_row_t buf__bz_models_vector[] = {
    {"vector.mask", &mask_model},
    {"vector.transfer_read", &transfer_read_model},
    {"vector.transfer_write", &transfer_write_model},
    {"vector.yield", &yield_model},
};
const uint32_t buf__bz_num_models_vector =
    sizeof buf__bz_models_vector / sizeof buf__bz_models_vector[0];
