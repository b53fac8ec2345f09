/*
 * walk.c: pre- and post-order traversal of an op and everything nested in
 * it.
 *
 * The next sibling is read before an op is visited, so a post-order
 * callback may erase the op it is given (MLIR's early-increment walk).
 * Recursion depth equals region nesting depth, which the parser bounds.
 */
#include "ir_internal.h"

static buf_walk_result_t walk(buf_op_t *op, buf_walk_order_t order,
                              buf_walk_fn fn, void *user) {
  if (order == BUF_WALK_PRE) {
    buf_walk_result_t r = fn(op, user);
    if (r == BUF_WALK_INTERRUPT) return r;
    if (r == BUF_WALK_SKIP) return BUF_WALK_ADVANCE;
  }
  for (uint32_t i = 0; i < op->num_regions; i++) {
    buf_region_t *reg = op->regions[i];
    for (buf_block_t *b = reg->first, *bn; b; b = bn) {
      bn = b->next;
      for (buf_op_t *o = b->first, *on; o; o = on) {
        on = o->next;
        if (walk(o, order, fn, user) == BUF_WALK_INTERRUPT)
          return BUF_WALK_INTERRUPT;
      }
    }
  }
  if (order == BUF_WALK_POST) {
    buf_walk_result_t r = fn(op, user);
    if (r == BUF_WALK_INTERRUPT) return r;
  }
  return BUF_WALK_ADVANCE;
}

/* Walks op and its nested ops; BUF_WALK_INTERRUPT when a callback stopped
 * the walk, BUF_WALK_ADVANCE otherwise. */
buf_walk_result_t buf_op_walk(buf_op_t *op, buf_walk_order_t order,
                              buf_walk_fn fn, void *user) {
  return walk(op, order, fn, user);
}
