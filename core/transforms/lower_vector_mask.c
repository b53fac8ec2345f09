/*
 * lower_vector_mask.c: --lower-vector-mask (mlir-opt's name): every
 * masking op (BUF_TRAIT_MASKING: vector.mask) becomes the op it masks,
 * which takes the mask itself (its apply_mask hook: a transfer gets it as
 * its mask operand), so that the emitters, which know no mask regions,
 * can take the program.
 *
 *   %r = vector.mask %m { vector.transfer_read ... } : M -> V
 *     => %r = vector.transfer_read ..., %m : ..., V
 *   %r = vector.mask %m, %p { <read> } : M -> V
 *     => %x = <read with mask %m>; %r = arith.select %m, %x, %p : M, V
 *   %r = vector.mask %m { vector.reduction <k>, %v : V into T } : M -> T
 *     => %n = arith.constant dense<neutral of k> : V
 *        %r = vector.reduction <k>, (arith.select %m, %v, %n) : V into T
 *   %r = vector.mask %m { vector.yield %v : V } : M -> V   => %v
 *
 * Upstream refuses the passthru form (its transfer_read takes a scalar
 * padding, not a vector); the select gives the masked-off lanes the
 * passthru's values, which is what vector.mask defines. It needs the mask
 * to have the result's shape: a passthru under a permuting or broadcasting
 * map is refused with a located error. A mask around an op that has a
 * mask of its own ands the two (upstream's pattern drops the op's own).
 */
#include "buf/pipeline.h"
#include "buf/syntax.h"
#include "buf/vector.h"
#include "bufopt_internal.h"

static buf_walk_result_t collect_masks(buf_op_t *op, void *user) {
  if (buf_op_has_trait(op, BUF_TRAIT_MASKING))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* Do vectors a and b have one shape (scalable dimensions included)? */
static bool same_vector_shape(buf_type_t a, buf_type_t b) {
  if (!a || !b || a->kind != BUF_TYPE_VECTOR || b->kind != BUF_TYPE_VECTOR ||
      a->u.shaped.rank != b->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < a->u.shaped.rank; i++)
    if (a->u.shaped.shape[i] != b->u.shaped.shape[i] ||
        buf_type_vector_dim_scalable(a, i) != buf_type_vector_dim_scalable(b, i))
      return false;
  return true;
}

/* Replaces the masking op `op` by its masked op under its mask. */
static buf_status_t lower_mask(buf_op_t *op) {
  buf_block_t *body = op->regions[0]->first;
  buf_op_t *yield = body ? body->last : NULL;
  buf_op_t *inner = buf_vector_mask_masked_op(op);
  if (!yield || yield->num_operands != op->num_results) {
    buf_op_emit_error(op, "cannot lower: the mask region does not yield the results");
    return BUF_FAILURE;
  }
  buf_value_t *mask = op->operands[0].value;
  buf_value_t *passthru = op->num_operands > 1 ? op->operands[1].value : NULL;
  if (inner) {
    if (!inner->def || !inner->def->apply_mask) {
      buf_op_emit_error(op, "cannot lower: '%s' cannot take the mask", inner->name);
      return BUF_FAILURE;
    }
    if (passthru && (inner->num_results != 1 ||
                     !same_vector_shape(mask->type, inner->results[0].type))) {
      buf_op_emit_error(op, "cannot lower a passthru: the mask '%s' does not have the shape "
                            "of the result",
                        buf_type_to_string(buf_op_ctx(op), mask->type));
      return BUF_FAILURE;
    }
    buf_op_move_before(inner, op);
    inner = inner->def->apply_mask(inner, mask);
    if (!inner)
      return BUF_FAILURE;
  }
  buf_value_t *res[64];
  if (op->num_results > 64) {
    buf_op_emit_error(op, "cannot lower: more than 64 results");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    res[i] = yield->operands[i].value;
  if (passthru && inner) {
    buf_builder_t b;
    buf_builder_init(&b, buf_op_ctx(op));
    buf_builder_set_before(&b, op);
    b.loc = op->loc;
    buf_value_t *sel[3] = {mask, res[0], passthru};
    res[0] = buf_op_result(buf_build(&b, "arith.select", res[0]->type, 3, sel, NULL), 0);
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_value_replace_all_uses(&op->results[i], res[i]);
  buf_op_erase(op);
  return BUF_SUCCESS;
}

static buf_status_t lower_vector_mask_run(buf_op_t *func, const buf_pass_options_t *options) {
  (void)options;
  buf_arena_t *arena = buf_arena_create();
  bo_oplist_t l = {.arena = arena};
  buf_op_walk(func, BUF_WALK_POST, collect_masks, &l);
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < l.n && !BUF_FAILED(st); i++)
    st = lower_mask(l.ops[i]);
  buf_arena_destroy(arena);
  return st;
}

const buf_pass_def_t buf_pass_lower_vector_mask = {
    .name = "lower-vector-mask",
    .summary = "Lower 'vector.mask' operations: the masked op takes the mask itself",
    .anchor = "func.func",
    .run = lower_vector_mask_run,
};
