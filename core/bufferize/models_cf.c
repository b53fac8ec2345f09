/*
 * models_cf.c: bufferization models of the cf branches that forward values
 * to their successors' block arguments: cf.br, cf.cond_br and cf.switch.
 *
 * A forwarded tensor is neither read nor written by the branch itself; it
 * may alias the successor's block argument (MAYBE, not EQUIV: at a join the
 * argument takes buffers from several predecessors, so it is equivalent to
 * none of them). Its value is read when the block argument is read, which
 * the analysis finds through the alias. When the operand cannot share its
 * buffer with the argument (a read-only constant that the successor writes,
 * a value still read after the loop that writes the argument), the analysis
 * decides it out of place and the branch forwards a copy.
 *
 * The block arguments themselves are retyped by the op that owns the region
 * (buf__bz_rewrite_cfg_region, used by func.func); a branch only hands over
 * the buffers of its operands, cast to the argument's type once that is
 * known. A branch in a region no such op rewrites is refused with a located
 * error.
 *
 * Invariant: operands are laid out in successor order; operand i forwards
 * to exactly one block argument (the condition / flag forwards nothing).
 */
#include "bz_internal.h"

/* Successor s of op and where its forwarded operands start, per op kind:
 * fills *start and *len and returns true when s has a segment. */
typedef bool (*segment_fn)(const buf_op_t *op, uint32_t s, uint32_t *start,
                           uint32_t *len);

/* cf.br ^bb(operands): everything goes to successor 0. */
static bool br_segment(const buf_op_t *op, uint32_t s, uint32_t *start,
                       uint32_t *len) {
  if (s != 0)
    return false;
  *start = 0;
  *len = op->num_operands;
  return true;
}

/* cf.cond_br %c, ^t(true operands), ^f(false operands):
 * operandSegmentSizes = [1, #true, #false]. */
static bool cond_br_segment(const buf_op_t *op, uint32_t s, uint32_t *start,
                            uint32_t *len) {
  if (s > 1)
    return false;
  *start = buf_op_segment(op, 1 + s, len);
  return true;
}

/* cf.switch %flag, default: ^d(default operands), cases ^k(case operands):
 * operandSegmentSizes = [1, #default, #all cases], the case operands split
 * by case_operand_segments. */
static bool switch_segment(const buf_op_t *op, uint32_t s, uint32_t *start,
                           uint32_t *len) {
  if (s == 0) {
    *start = buf_op_segment(op, 1, len);
    return true;
  }
  buf_attr_t segs = buf_op_attr(op, "case_operand_segments");
  if (!segs || segs->kind != BUF_ATTR_DENSE_ARRAY ||
      s - 1 >= segs->u.dense_array.count)
    return false;
  uint32_t at = buf_op_segment(op, 2, NULL);
  for (uint32_t i = 0; i + 1 < s; i++)
    at += (uint32_t)segs->u.dense_array.ints[i];
  *start = at;
  *len = (uint32_t)segs->u.dense_array.ints[s - 1];
  return true;
}

/* The block argument operand u forwards to, or NULL. */
static buf_value_t *forwarded_to(buf_use_t *u, segment_fn segment) {
  buf_op_t *op = u->owner;
  for (uint32_t s = 0; s < op->num_successors; s++) {
    uint32_t start, len;
    buf_block_t *b = op->successors[s];
    if (!b || !segment(op, s, &start, &len))
      continue;
    if (u->index >= start && u->index < start + len &&
        u->index - start < b->num_args)
      return b->args[u->index - start];
  }
  return NULL;
}

static bool r_false(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  (void)u;
  return false;
}

static uint32_t forward_alias(buf_use_t *u, segment_fn segment,
                              buf_bz_alias_t *out, uint32_t max) {
  buf_value_t *arg = forwarded_to(u, segment);
  if (!arg || !max)
    return 0;
  out[0] = (buf_bz_alias_t){arg, BUF_BZ_MAYBE};
  return 1;
}

/* Hands the buffers of the forwarded tensors to the successors: cast to the
 * block argument's type when the region owner retyped it already (a back
 * edge, or a block rewritten before this one), as is otherwise (the owner
 * casts when it retypes the block). */
static buf_status_t forward_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op,
                                      segment_fn segment) {
  if (!buf__bz_cfg_region_managed(rw, op->block ? op->block->region : NULL)) {
    buf_op_emit_error(op, "cannot bufferize: the op that owns this region "
                          "does not bufferize its block arguments");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_use_t *u = &op->operands[i];
    buf_value_t *arg = forwarded_to(u, segment);
    if (!arg || !(buf__bz_is_tensor_type(u->value->type) ||
                  buf__bz_mapped(rw, u->value)))
      continue;
    buf_value_t *b = buf_bz_buffer(rw, u->value);
    if (buf_type_is_memref(arg->type) && b->type != arg->type) {
      buf_builder_t bb;
      buf_bz_builder(rw, op, &bb);
      b = buf_bz_cast_or_copy(rw, &bb, b, arg->type);
    }
    buf_op_set_operand(op, i, b);
  }
  return BUF_SUCCESS;
}

#define BRANCH_MODEL(prefix, segment)                                         \
  static uint32_t prefix##_aliases(buf_bz_t *bz, buf_use_t *u,                \
                                   buf_bz_alias_t *out, uint32_t max) {       \
    (void)bz;                                                                 \
    return forward_alias(u, segment, out, max);                               \
  }                                                                           \
  static buf_status_t prefix##_bufferize(buf_bz_rewriter_t *rw,               \
                                         buf_op_t *op) {                      \
    return forward_bufferize(rw, op, segment);                                \
  }                                                                           \
  static const buf_bufferize_model_t prefix##_model = {                       \
      .reads = r_false,                                                       \
      .writes = r_false,                                                      \
      .aliases = prefix##_aliases,                                            \
      .bufferize = prefix##_bufferize,                                        \
  };

BRANCH_MODEL(br, br_segment)
BRANCH_MODEL(cond_br, cond_br_segment)
BRANCH_MODEL(switch, switch_segment)

const buf__bz_model_row_t buf__bz_models_cf[] = {
    {"cf.br", &br_model},
    {"cf.cond_br", &cond_br_model},
    {"cf.switch", &switch_model},
};
const uint32_t buf__bz_num_models_cf =
    sizeof buf__bz_models_cf / sizeof buf__bz_models_cf[0];
