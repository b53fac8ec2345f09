/*
 * dealloc_cleanup.c: what ends buffer-deallocation-pipeline where upstream
 * runs its canonicalizer: clone folding, the ops' own folds (buf_op_fold:
 * memref.dim of static sizes, loads of constant globals at constant
 * indices, loops with no iteration, copies of a buffer onto itself),
 * removal of buffers nothing reads, and removal of dead pure ops.
 *
 * memref.dim of a dimension the type makes static becomes an
 * arith.constant, so a buffer read only for its shape (a constant global
 * whose tensor.dim was bufferized) is no longer used and its get_global goes.
 *
 * Buffers nothing reads: an alloc or alloca whose only uses are stores
 * into it (ops that only write it) and memref.dealloc goes with those uses
 * (a tensor.from_elements whose tensor was never used leaves one).
 *
 * Dead ops: an op without memory effects (the PURE trait), without
 * regions, whose results are all unused, is erased (repeatedly, so chains
 * of them go). The deallocation passes leave such ops behind (constants,
 * base extractions), and bufferization leaves memref.get_global of
 * constants that were copied; a get_global that runs makes the global
 * live, so removing it also lowers the memory footprint.
 *
 * bufferization.clone may return its input instead of a copy: its contract
 * makes mutating the source or the result after the clone undefined. So a
 * clone whose result is freed by a memref.dealloc in the clone's block can
 * become its source (of the same type) with that dealloc erased, provided:
 *   - the source's underlying buffer (through views) is not freed in the
 *     same block too (then either could outlive the other there), nor in
 *     several places;
 *   - nothing between the clone and the erased dealloc frees memory (a
 *     FREE op: memref.dealloc, bufferization.dealloc or realloc, also
 *     nested in region ops, or a call of anything but a declared
 *     function), which could free the source while the clone's uses still
 *     need it.
 * Symmetrically, when the clone is not freed in its block but the source's
 * buffer is, the source's dealloc is the redundant one.
 * Upstream stops there, relying on the contract; programs do write a
 * buffer after cloning it (expecting a copy), so here every use of a
 * possible alias of the source or of the clone after the clone must also
 * be a read (buf__bo_use_only_reads: a load, a linalg input, a copy's
 * source, a view, a call of a function that only reads it or of a runtime
 * printer...), or the clone stays. Clones are found by their facts: a
 * heap allocation that reads its one operand.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

/* Does the use u of a buffer leave its contents alone after the clone? A
 * free does (frees are checked on their own), and so does any use that
 * buf__bo_use_only_reads finds reading only; a return counts as a write
 * (the caller may write). */
static bool use_only_reads(buf_use_t *u) {
  return buf__bo_is_plain_free(u->owner) || buf__bo_use_only_reads(u, false);
}

/* True when no possible alias of v is written after op (in op's block
 * order; uses elsewhere count as after). */
static bool never_written_after(buf_value_t *v, buf_op_t *op) {
  bo_vset_t aliases = {.arena = buf_ctx_arena(buf_op_ctx(op))};
  buf__bo_alias_closure(v, true, &aliases, NULL);
  for (uint32_t i = 0; i < aliases.n; i++)
    for (buf_use_t *u = aliases.v[i]->first_use; u; u = u->next_use) {
      buf_op_t *anc = buf__bo_ancestor_in_block(u->owner, op->block);
      if (anc && (anc == op || buf_op_is_before_in_block(anc, op)))
        continue;
      if (!use_only_reads(u))
        return false;
    }
  return true;
}

/* The single memref.dealloc of v (*found stays NULL when none); false when
 * v is freed more than once. */
static bool single_dealloc(buf_value_t *v, buf_op_t **found) {
  *found = NULL;
  for (buf_use_t *u = v->first_use; u; u = u->next_use)
    if (buf__bo_is_plain_free(u->owner)) {
      if (*found)
        return false;
      *found = u->owner;
    }
  return true;
}

/* Might op free memory: a FREE op, or a call of anything but a declared
 * function (a callee with a body may free; an indirect call is unknown). */
static buf_walk_result_t find_free(buf_op_t *op, void *user) {
  bool *frees = user;
  bool may_free = buf_op_has_trait(op, BUF_TRAIT_FREE);
  if (buf_op_has_trait(op, BUF_TRAIT_CALL)) {
    buf_op_t *f = buf_op_callee(op);
    may_free = !f || (f->num_regions && !buf_region_empty(f->regions[0]));
  }
  if (may_free) {
    *frees = true;
    return BUF_WALK_INTERRUPT;
  }
  return BUF_WALK_ADVANCE;
}

static bool frees_between(buf_op_t *from, buf_op_t *to) {
  for (buf_op_t *op = from->next; op && op != to; op = op->next) {
    bool frees = false;
    buf_op_walk(op, BUF_WALK_PRE, find_free, &frees);
    if (frees)
      return true;
  }
  return false;
}

static void simplify_clone(buf_op_t *clone) {
  buf_value_t *src = clone->operands[0].value, *res = &clone->results[0];
  if (!buf_value_has_uses(res)) {
    buf_op_erase(clone);
    return;
  }
  if (src->type != res->type)
    return;
  buf_op_t *clone_free, *src_free;
  if (!single_dealloc(res, &clone_free) ||
      !single_dealloc(buf_value_view_root(src), &src_free))
    return;
  if (clone_free && src_free && clone_free->block == src_free->block)
    return;
  buf_op_t *redundant = NULL;
  if (clone_free && clone_free->block == clone->block)
    redundant = clone_free;
  else if (src_free && src_free->block == clone->block)
    redundant = src_free;
  if (!redundant || !buf_op_is_before_in_block(clone, redundant) ||
      frees_between(clone, redundant) || !never_written_after(res, clone) ||
      !never_written_after(buf_value_view_root(src), clone))
    return;
  buf_op_erase(redundant);
  buf_value_replace_all_uses(res, src);
  buf_op_erase(clone);
}

static buf_walk_result_t collect_clones(buf_op_t *op, void *user) {
  if (buf__bo_is_heap_copy(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* Folds what the ops' fold hooks know (buf_op_fold): memref.dim of static
 * sizes, loads of constant globals, scf.for without iterations (the
 * buffers only its body used become dead, and drop_if_write_only /
 * drop_dead take them), copies of a buffer onto itself. Post-order, so
 * the operands' defs are folded before their users. */
static buf_walk_result_t fold_op(buf_op_t *op, void *user) {
  (void)user;
  buf_op_fold(op);
  return BUF_WALK_ADVANCE;
}

static bool is_dead_pure(buf_op_t *op) {
  if (!buf_op_has_trait(op, BUF_TRAIT_PURE) || op->num_regions ||
      buf_op_has_trait(op, BUF_TRAIT_TERMINATOR) || op->num_results == 0)
    return false;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf_value_has_uses(&op->results[i]))
      return false;
  return true;
}

/* Erases op, then every def that dies with it: dead pure defs of its
 * operands, their operands' defs, and so on. A def enters the work list
 * only at the moment its last use goes (checked right after erasing that
 * user, operands of one op deduplicated), so no op is listed twice, and a
 * listed op stays alive until its turn: nothing else erases it meanwhile. */
static void erase_dead(buf_op_t *op) {
  bo_oplist_t work = {.arena = buf_ctx_arena(buf_op_ctx(op))};
  buf__bo_oplist_push(&work, op);
  while (work.n) {
    buf_op_t *x = work.ops[--work.n];
    uint32_t nd = x->num_operands, first = work.n;
    buf_op_t **defs = buf_arena_alloc(work.arena, (nd ? nd : 1) * sizeof *defs);
    for (uint32_t i = 0; i < nd; i++)
      defs[i] = x->operands[i].value->def;
    buf_op_erase(x);
    for (uint32_t i = 0; i < nd; i++) {
      if (!defs[i] || !is_dead_pure(defs[i]))
        continue;
      bool listed = false;
      for (uint32_t j = first; j < work.n && !listed; j++)
        listed = work.ops[j] == defs[i];
      if (!listed)
        buf__bo_oplist_push(&work, defs[i]);
    }
  }
}

static buf_walk_result_t drop_dead(buf_op_t *op, void *user) {
  (void)user;
  if (is_dead_pure(op))
    erase_dead(op);
  return BUF_WALK_ADVANCE;
}

static buf_walk_result_t collect_allocs(buf_op_t *op, void *user) {
  if ((buf__bo_is_fresh_alloc(op, BUF_ALLOC_HEAP) ||
       buf__bo_is_fresh_alloc(op, BUF_ALLOC_STACK)) &&
      op->num_results == 1)
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* Does op do nothing but write into the buffer of its operand i (a
 * store): no results, no regions, no effect on its other operands? */
static bool only_writes_into(const buf_op_t *op, uint32_t i) {
  if (op->num_results || op->num_regions)
    return false;
  for (uint32_t k = 0; k < op->num_operands; k++)
    if (buf_op_operand_effect(op, k) !=
        (k == i ? BUF_EFFECT_WRITE : BUF_EFFECT_NONE))
      return false;
  return true;
}

/* A buffer that is only stored into and freed is never read: its
 * allocation, stores and deallocs go (what upstream's canonicalizer does
 * for such allocs), and the stored values and the sizes may then die too.
 * A buffer reaching any other op (a view, a call, a linalg op) stays. */
static void drop_if_write_only(buf_op_t *alloc) {
  buf_value_t *m = &alloc->results[0];
  for (buf_use_t *u = m->first_use; u; u = u->next_use)
    if (!buf__bo_is_plain_free(u->owner) && !only_writes_into(u->owner, u->index))
      return;
  while (m->first_use)
    erase_dead(m->first_use->owner);
  erase_dead(alloc);
}

buf_status_t buf__dealloc_cleanup(buf_op_t *root) {
  buf_ctx_t *ctx = buf_op_ctx(root);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(root, BUF_WALK_PRE, collect_clones, &l);
  for (uint32_t i = 0; i < l.n; i++)
    simplify_clone(l.ops[i]);
  buf_op_walk(root, BUF_WALK_POST, fold_op, NULL);
  l.n = 0;
  buf_op_walk(root, BUF_WALK_PRE, collect_allocs, &l);
  for (uint32_t i = 0; i < l.n; i++)
    drop_if_write_only(l.ops[i]);
  /* Post-order visits uses before defs within a block only in reverse, so
   * erase_dead follows the chain back itself. */
  buf_op_walk(root, BUF_WALK_POST, drop_dead, NULL);
  return BUF_SUCCESS;
}
