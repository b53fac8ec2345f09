/*
 * dead_views.c: the last step of One-Shot Bufferize's rewrite erases the
 * side-effect-free buffer ops nobody uses: a subview whose slice ended up
 * out of place, a cast or reshape of a buffer that was replaced, a
 * to_tensor left for a tensor op that went away. Upstream leaves these for
 * --canonicalize; erasing them here makes the printed program clean as is.
 *
 * Ops are visited last to first with their regions before them, so a chain
 * of dead views (a cast of a dead subview) goes in one walk.
 */
#include "bz_internal.h"

/* Buffer ops without memory effects whose only product is their result:
 * views, reads of a global's address, descriptor queries (not the ones
 * that expose an address: those exist to be used by a later lowering),
 * and the tensor/buffer boundary ops. */
static bool erasable(const buf_op_t *op) {
  if (buf_op_has_trait(op, BUF_TRAIT_VIEW) ||
      buf_op_alloc_kind(op) == BUF_ALLOC_GLOBAL)
    return true;
  if (buf_op_has_trait(op, BUF_TRAIT_METADATA_ONLY) &&
      !buf_op_has_trait(op, BUF_TRAIT_BUFFER_ADDRESS))
    return true;
  return buf__bz_is_to_tensor(op) || buf__bz_is_to_buffer(op);
}

/* Has results, and none is used (an op without results is no view). */
static bool results_unused(const buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf_value_has_uses(&op->results[i]))
      return false;
  return op->num_results > 0;
}

static void erase_in_region(buf_region_t *r);

static void erase_in_block(buf_block_t *b) {
  buf_op_t *prev;
  for (buf_op_t *op = b->last; op; op = prev) {
    prev = op->prev;
    for (uint32_t i = 0; i < op->num_regions; i++)
      erase_in_region(op->regions[i]);
    if (results_unused(op) && erasable(op))
      buf_op_erase(op);
  }
}

static void erase_in_region(buf_region_t *r) {
  for (buf_block_t *b = r->last; b; b = b->prev)
    erase_in_block(b);
}

void buf__bz_erase_dead_views(buf_op_t *module) {
  for (uint32_t i = 0; i < module->num_regions; i++)
    erase_in_region(module->regions[i]);
}
