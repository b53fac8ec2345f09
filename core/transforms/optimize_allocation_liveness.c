/*
 * optimize_allocation_liveness.c: --optimize-allocation-liveness, as in
 * upstream: the memref.dealloc of a memref.alloc moves up to right after the
 * last use of the buffer in the dealloc's block, so it stops being live as
 * soon as it is dead.
 *
 * Applies to an alloc with exactly one memref.dealloc (of the alloc itself,
 * in the alloc's block) when every use of every possible alias
 * (buf__bo_alias_closure, call results included) lies in that block or in a
 * region op of it, none reaches func.return and no alias is freed
 * otherwise. Uses nested in a region op count at that op. Our own
 * buffer-deallocation-simplification already frees fresh buffers after
 * their last use; this pass does the same for deallocs written by hand or
 * produced by other tools.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_walk_result_t collect_allocs(buf_op_t *op, void *user) {
  if (buf__bo_is_fresh_alloc(op, BUF_ALLOC_HEAP))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static void shorten(buf_ctx_t *ctx, buf_op_t *alloc) {
  buf_value_t *v = &alloc->results[0];
  buf_op_t *dealloc = NULL;
  for (buf_use_t *u = v->first_use; u; u = u->next_use)
    if (buf__bo_is_plain_free(u->owner)) {
      if (dealloc)
        return;
      dealloc = u->owner;
    }
  if (!dealloc || dealloc->block != alloc->block)
    return;
  bo_vset_t aliases = {.arena = buf_ctx_arena(ctx)};
  bool escapes = false;
  buf__bo_alias_closure(v, true, &aliases, &escapes);
  if (escapes)
    return;
  buf_op_t *last = alloc;
  for (uint32_t i = 0; i < aliases.n; i++)
    for (buf_use_t *u = aliases.v[i]->first_use; u; u = u->next_use) {
      if (u->owner == dealloc)
        continue;
      if (buf_op_has_trait(u->owner, BUF_TRAIT_FREE))
        return;
      buf_op_t *anc = buf__bo_ancestor_in_block(u->owner, alloc->block);
      if (!anc || !buf_op_is_before_in_block(anc, dealloc))
        return;
      if (buf_op_is_before_in_block(last, anc))
        last = anc;
    }
  if (last->next != dealloc)
    buf_op_move_after(dealloc, last);
}

static buf_status_t liveness_run(buf_op_t *func,
                                 const buf_pass_options_t *options) {
  (void)options;
  buf_ctx_t *ctx = buf_op_ctx(func);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(func, BUF_WALK_PRE, collect_allocs, &l);
  for (uint32_t i = 0; i < l.n; i++)
    shorten(ctx, l.ops[i]);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_optimize_allocation_liveness = {
    .name = "optimize-allocation-liveness",
    .summary = "Move the dealloc of each buffer right after its last use in "
               "the dealloc's block",
    .anchor = "func.func",
    .run = liveness_run,
};
