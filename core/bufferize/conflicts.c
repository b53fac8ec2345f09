/*
 * conflicts.c: when an in-place write conflicts with a read, and the full
 * scan of an alias set's reads against its writes.
 *
 * buf__bz_pair_conflicts decides one read/write pair, following upstream's
 * rules (see analysis.c): a parallel region that writes a buffer defined
 * outside it, then read-after-write in the op order of op_order.c, where
 * the read's definitions decide which writes can clobber what it sees;
 * element-wise ops reading and writing the same place, disjoint subsets
 * (subsets.c) and the models' own not_conflicting rules never conflict.
 *
 * The full scan asks every pair of an alias set; the conflict index
 * (conflict_index.c) gives the same answers from fewer pairs, and falls
 * back to the scan to name the conflicting pair (print-conflicts, the
 * report) and to check itself (verify_analysis).
 */
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"

static void note_conflict(buf_bz_t *bz, buf_op_t *op, const char *text) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (!o) {
    /* An op the analysis keeps no record for: a function, annotated for
     * its arguments. */
    if (bz->num_extra_notes == bz->cap_extra_notes) {
      uint32_t cap = bz->cap_extra_notes ? 2 * bz->cap_extra_notes : 4;
      buf_arena_t *arena = buf_ctx_arena(bz->ctx);
      bz->extra_note_ops = buf_arena_grow(arena, bz->extra_note_ops, bz->num_extra_notes, cap,
                                          sizeof *bz->extra_note_ops);
      bz->extra_notes = buf_arena_grow(arena, bz->extra_notes, bz->num_extra_notes, cap,
                                       sizeof *bz->extra_notes);
      bz->cap_extra_notes = cap;
    }
    bz->extra_note_ops[bz->num_extra_notes] = op;
    bz->extra_notes[bz->num_extra_notes++] = text;
    return;
  }
  for (uint32_t i = 0; i < o->num_conflicts; i++)
    if (strcmp(o->conflicts[i], text) == 0)
      return;
  if (o->num_conflicts == o->cap_conflicts) {
    o->cap_conflicts = o->cap_conflicts ? o->cap_conflicts * 2 : 4;
    o->conflicts = realloc(o->conflicts, o->cap_conflicts * sizeof *o->conflicts);
    if (!o->conflicts)
      abort();
  }
  o->conflicts[o->num_conflicts++] = text;
}

static bool equivalent_in_reverse_chain(buf_bz_t *bz, buf_value_t *start,
                                        buf_value_t *target) {
  buf__ptrvec_t work = {0};
  buf__ptrset_t seen = {0};
  buf__ptrvec_push(&work, start);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool found = false;
  while (work.n && !found) {
    buf_value_t *v = work.v[--work.n];
    if (!buf__ptrset_add(&seen, v))
      continue;
    if (v == target || buf_bz_equivalent(bz, v, target)) {
      found = true;
      break;
    }
    if (!v->def)
      continue;
    bool any_write;
    uint32_t n = buf__bz_aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t i = 0; i < n; i++)
      buf__ptrvec_push(&work, ops[i]->value);
  }
  buf__ptrvec_free(&work);
  buf__ptrset_free(&seen);
  return found;
}

bz_why_kind_t buf__bz_pair_conflicts(buf_bz_t *bz, buf_use_t *ur,
                                    buf_use_t *uw, buf_value_t *const *defs,
                                    uint32_t num_defs) {
  buf_op_t *rop = ur->owner, *wop = uw->owner;
  if (bz->opts.check_parallel_regions &&
      buf__bz_write_escapes_parallel_region(bz, uw, rop, defs, num_defs))
    return BZ_WHY_PARALLEL;
  /* An op reading and writing one operand sees its own write only when it
   * runs again before the value is defined anew: inside a loop that does
   * not define the value, the next iteration reads what this one wrote. */
  if (ur == uw)
    return buf__bz_can_use_dominance(bz, ur, uw, defs, num_defs)
               ? BZ_WHY_NONE
               : BZ_WHY_CONFLICT;
  if (rop == wop) {
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, rop);
    /* element i is read before it is written, from the same place: the
     * same buffer, or the same subset of one (two extract_slices of it).
     * Within one run of the op only: inside a loop that does not define
     * the read value, the next run reads what this one wrote. */
    if (m && m->elementwise && m->elementwise(bz, ur, uw) &&
        buf__bz_can_use_dominance(bz, ur, uw, defs, num_defs) &&
        (equivalent_in_reverse_chain(bz, ur->value, uw->value) ||
         equivalent_in_reverse_chain(bz, uw->value, ur->value) ||
         buf__bz_same_subset(bz, ur->value, uw->value)))
      return BZ_WHY_NONE;
  }
  if (buf__bz_can_use_dominance(bz, ur, uw, defs, num_defs)) {
    if (buf__bz_happens_before(bz, rop, wop))
      return BZ_WHY_NONE;
    if (buf__bz_mutually_exclusive(bz, rop, wop))
      return BZ_WHY_NONE;
  }
  if (buf__bz_disjoint_accesses(bz, ur, uw))
    return BZ_WHY_NONE;
  const buf_bufferize_model_t *rm = buf_bz_model_of(bz, rop);
  if (rm && rm->not_conflicting && rm->not_conflicting(bz, ur, uw))
    return BZ_WHY_NONE;
  const buf_bufferize_model_t *wm = buf_bz_model_of(bz, wop);
  if (wop != rop && wm && wm->not_conflicting &&
      wm->not_conflicting(bz, ur, uw))
    return BZ_WHY_NONE;
  for (uint32_t d = 0; d < num_defs; d++) {
    buf_value_t *def = defs[d];
    if (!buf__bz_write_may_clobber(bz, def, wop, rop))
      continue;
    buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
    uint32_t k = buf__bz_aliases(bz, uw, al, BUF_BZ_MAX_ALIASES);
    if (k == 1 && al[0].value == def)
      continue;
    return BZ_WHY_CONFLICT;
  }
  return BZ_WHY_NONE;
}

/* "ID[WHAT: result N]" on the op defining v, or "ID[WHAT: bbArg N]" on the
 * op whose block argument v is (upstream's annotations). */
static void note_value(buf_bz_t *bz, buf_value_t *v, const char *id, const char *what) {
  buf_arena_t *arena = buf_ctx_arena(bz->ctx);
  if (v->def) {
    note_conflict(bz, v->def, buf_arena_printf(arena, "%s[%s: result %u]", id, what, v->index));
    return;
  }
  buf_op_t *owner = v->block ? buf_block_parent_op(v->block) : NULL;
  if (owner)
    note_conflict(bz, owner, buf_arena_printf(arena, "%s[%s: bbArg %u]", id, what, v->index));
}

/* print-conflicts: the read, the conflicting write and the definition
 * they meet at (the first the write may clobber) under one new id. */
static void annotate_conflict(buf_bz_t *bz, buf_use_t *ur, buf_use_t *uw,
                              buf_value_t *const *defs, uint32_t num_defs) {
  buf_arena_t *arena = buf_ctx_arena(bz->ctx);
  const char *id = buf_arena_printf(arena, "C_%u", bz->next_conflict_id++);
  note_conflict(bz, uw->owner, buf_arena_printf(arena, "%s[CONFL-WRITE: %u]", id, uw->index));
  note_conflict(bz, ur->owner, buf_arena_printf(arena, "%s[READ: %u]", id, ur->index));
  buf_value_t *def = num_defs ? defs[0] : NULL;
  for (uint32_t d = 0; d < num_defs; d++)
    if (buf__bz_write_may_clobber(bz, defs[d], uw->owner, ur->owner)) {
      def = defs[d];
      break;
    }
  if (def)
    note_value(bz, def, id, "DEF");
}

void buf__bz_annotate_not_writable(buf_bz_t *bz, buf_value_t *v) {
  const char *id = buf_arena_printf(buf_ctx_arena(bz->ctx), "W_%u", bz->next_not_writable_id++);
  note_value(bz, v, id, "NOT-WRITABLE");
}

/* Every read against every write, in collection order; the first conflict
 * is noted for print-conflicts. */
bool buf__bz_has_raw_conflict(buf_bz_t *bz, buf__ptrset_t *reads,
                              buf__ptrset_t *writes) {
  for (uint32_t ri = 0; ri < reads->items.n; ri++) {
    buf_use_t *ur = reads->items.v[ri];
    buf__ptrset_t defs = {0};
    buf__bz_find_definitions(bz, ur->value, &defs);
    bool conflict = false;
    for (uint32_t wi = 0; wi < writes->items.n && !conflict; wi++) {
      buf_use_t *uw = writes->items.v[wi];
      bz_why_kind_t why = buf__bz_pair_conflicts(
          bz, ur, uw, (buf_value_t *const *)defs.items.v, defs.items.n);
      if (why == BZ_WHY_NONE)
        continue;
      conflict = true;
      if (bz->report)
        bz->last_why = (bz_why_t){why, ur, uw, NULL};
      if (bz->opts.print_conflicts)
        annotate_conflict(bz, ur, uw, (buf_value_t *const *)defs.items.v, defs.items.n);
    }
    buf__ptrset_free(&defs);
    if (conflict)
      return true;
  }
  return false;
}

static void collect_reads(buf_bz_t *bz, buf_value_t *root,
                          buf__ptrset_t *reads) {
  FOR_ALIASES(bz, root, m) {
    for (buf_use_t *u = m->first_use; u; u = u->next_use)
      if (buf__bz_use_is_read(bz, u))
        buf__ptrset_add(reads, u);
  }
}

void buf__bz_collect_inplace_writes(buf_bz_t *bz, buf_value_t *root,
                                    buf__ptrset_t *writes) {
  FOR_ALIASES(bz, root, m) {
    for (buf_use_t *u = m->first_use; u; u = u->next_use)
      if (buf_bz_inplace(bz, u) && buf__bz_writes(bz, u))
        buf__ptrset_add(writes, u);
  }
}

/* Can a write into v's buffer reach the buffer of m, a result of an op
 * without a model (unwritable: it may be a buffer nobody owns)? Such a
 * result shares an alias set with the op's operands only because it may be
 * one of their buffers; a buffer made before the op runs (v's op ends
 * before it, or v is an argument of the function) is never a buffer the op
 * returns from elsewhere, so writing it writes, at worst, the operand's own
 * buffer, which the read-after-write checks guard. Upstream never joins an
 * unknown op's operands with its results; joining them keeps the rewrite
 * correct when the op returns its operand, and this keeps the writes before
 * the op in place, as upstream's. */
bool buf__bz_unknown_result_reachable(buf_bz_t *bz, buf_value_t *v,
                                      buf_value_t *m) {
  bz_op_t *mo = m->def ? buf__bz_op(bz, m->def) : NULL;
  if (!mo || mo->model)
    return true;
  if (v->def) {
    bz_op_t *vo = buf__bz_op(bz, v->def);
    return !vo || vo->end >= mo->pre;
  }
  /* a block argument: only a function's entry arguments surely predate it */
  buf_op_t *owner = v->block && v->block->region ? v->block->region->op : NULL;
  return !owner || !buf_op_has_trait(owner, BUF_TRAIT_FUNCTION) ||
         v->block != v->block->region->first;
}

bool buf__bz_scan_write_read_only(buf_bz_t *bz, buf_use_t *u) {
  bool found_write = buf__bz_writes(bz, u);
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  if (!found_write) {
    buf__ptrset_t writes = {0};
    buf__bz_collect_inplace_writes(bz, u->value, &writes);
    for (uint32_t j = 0; j < k; j++)
      buf__bz_collect_inplace_writes(bz, al[j].value, &writes);
    found_write = writes.items.n > 0;
    buf__ptrset_free(&writes);
  }
  if (!found_write)
    return false;
  FOR_ALIASES(bz, u->value, m) {
    if (!buf__bz_value_writable(bz, m) &&
        buf__bz_unknown_result_reachable(bz, u->value, m)) {
      bz->last_why = (bz_why_t){BZ_WHY_NOT_WRITABLE, NULL, NULL, m};
      if (bz->opts.print_conflicts)
        buf__bz_annotate_not_writable(bz, m);
      return true;
    }
  }
  for (uint32_t j = 0; j < k; j++) {
    FOR_ALIASES(bz, al[j].value, m2) {
      if (!buf__bz_value_writable(bz, m2) &&
          buf__bz_unknown_result_reachable(bz, u->value, m2)) {
        bz->last_why = (bz_why_t){BZ_WHY_NOT_WRITABLE, NULL, NULL, m2};
        if (bz->opts.print_conflicts)
          buf__bz_annotate_not_writable(bz, m2);
        return true;
      }
    }
  }
  return false;
}

/* The reads and in-place writes of u's value and of the values u aliases. */
void buf__bz_collect_use_accesses(buf_bz_t *bz, buf_use_t *u,
                                  buf__ptrset_t *reads, buf__ptrset_t *writes) {
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  collect_reads(bz, u->value, reads);
  buf__bz_collect_inplace_writes(bz, u->value, writes);
  for (uint32_t j = 0; j < k; j++) {
    collect_reads(bz, al[j].value, reads);
    buf__bz_collect_inplace_writes(bz, al[j].value, writes);
  }
}

bool buf__bz_scan_raw_conflict(buf_bz_t *bz, buf_use_t *u) {
  buf__ptrset_t reads = {0}, writes = {0};
  buf__bz_collect_use_accesses(bz, u, &reads, &writes);
  if (buf__bz_writes(bz, u))
    buf__ptrset_add(&writes, u);
  bool conflict = buf__bz_has_raw_conflict(bz, &reads, &writes);
  buf__ptrset_free(&reads);
  buf__ptrset_free(&writes);
  return conflict;
}

bool buf__bz_use_is_read(buf_bz_t *bz, buf_use_t *u) {
  if (buf__bz_reads(bz, u))
    return true;
  if (buf__bz_writes(bz, u))
    return false;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  for (uint32_t j = 0; j < k; j++)
    if (buf_bz_value_read(bz, al[j].value))
      return true;
  return false;
}

