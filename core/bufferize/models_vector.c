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
 */
#include "bz_internal.h"

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

const buf__bz_model_row_t buf__bz_models_vector[] = {
    {"vector.transfer_read", &transfer_read_model},
    {"vector.transfer_write", &transfer_write_model},
};
const uint32_t buf__bz_num_models_vector =
    sizeof buf__bz_models_vector / sizeof buf__bz_models_vector[0];
