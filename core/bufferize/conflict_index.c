/*
 * conflict_index.c: the in-place analysis' index of reads and writes, so
 * that a decision asks only the read/write pairs that may conflict.
 *
 * Scanning every read of an alias set against every in-place write for each
 * decision (conflicts.c's full scan) is cubic on long in-place chains. The index
 * gives the same answers from fewer pairs:
 *
 *  - Only new pairs are asked. Reads and writes are fixed per alias set
 *    (what a use reads, writes and aliases does not change during the
 *    analysis of a function; the callees are summarized before), a write
 *    joins a set only through a decision that checked it against the whole
 *    set, and the answer for a pair only goes from "conflict" to "no
 *    conflict" as decisions are made (equivalences and in-place operands
 *    only grow). So the pairs inside one of the sets that a decision merges
 *    were checked and found free before; the decision asks the reads of
 *    each set against the writes of the others, and all reads against the
 *    new write. A must-in-place write that skipped the check turns the index
 *    off (bz->index_exact) and every decision scans.
 *  - Pairs far apart in program order cannot conflict. Ops are placed by
 *    their ancestor in the block of a single-block function body ("top").
 *    Where read and write have different tops, the read happens before a
 *    later write (when dominance may be used for all its definitions, see
 *    read_window), and a write before the tops of all the read's
 *    definitions happens before them. So a read is a window [lo, hi] of
 *    tops, a write the point of its top (or everything, without a top), and
 *    only writes inside a read's window are asked with buf__bz_pair_conflicts.
 * Windows are kept per alias set in interval trees (interval_index.c),
 * merged on union (state.c).
 *
 * With verify_analysis (and where print-conflicts or a report needs the
 * conflicting pair) the full scan runs too; a disagreement is an error of
 * the run, never an abort of the process.
 */
#include <stdlib.h>

#include "bz_internal.h"

static bz_use_info_t *use_info(buf_bz_t *bz, buf_use_t *u) {
  bz_op_t *o = buf__bz_op(bz, u->owner);
  return o ? &bz->uses[o->first_use + u->index] : NULL;
}

static uint32_t top_of(buf_bz_t *bz, const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  return o ? o->top : BZ_NO_TOP;
}

/* The ancestor of every op in the block of its function's body, when that
 * body is one block outside any repetitive or parallel region: each op of
 * that block is the top of its own record range. */
void buf__bz_compute_tops(buf_bz_t *bz) {
  for (uint32_t i = 0; i < bz->num_ops; i++)
    bz->ops[i].top = BZ_NO_TOP;
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    buf_op_t *f = bz->ops[i].op;
    if (!buf_op_has_trait(f, BUF_TRAIT_FUNCTION))
      continue;
    /* (functions in pre-order: the nearest function decides) */
    for (uint32_t k = i + 1; k <= bz->ops[i].end; k++)
      bz->ops[k].top = BZ_NO_TOP;
    if (f->num_regions != 1)
      continue;
    buf_region_t *body = f->regions[0];
    if (!body->first || body->first->next || buf__bz_repetitive_region(bz, body))
      continue;
    for (buf_op_t *y = body->first->first; y; y = y->next) {
      bz_op_t *r = buf__bz_op(bz, y);
      for (uint32_t k = r->pre; k <= r->end; k++)
        bz->ops[k].top = r->pre;
    }
  }
}

/* The tops of the writes that may conflict with read ur: writes before the
 * tops of all definitions, and (when dominance may decide) writes after the
 * read's top, cannot. */
static void read_window(buf_bz_t *bz, buf_use_t *ur, buf_value_t *const *defs,
                        uint32_t n, uint32_t *lo, uint32_t *hi) {
  uint32_t top = top_of(bz, ur->owner);
  *lo = 0;
  *hi = UINT32_MAX;
  if (top == BZ_NO_TOP)
    return;
  uint32_t first = top;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t t = defs[i]->def ? top_of(bz, defs[i]->def) : BZ_NO_TOP;
    if (t == BZ_NO_TOP) {
      first = 0; /* block arguments: every write inside their block counts */
      break;
    }
    if (t < first)
      first = t;
  }
  *lo = first;
  /* (can_use_dominance for every write outside the read's top) */
  if (buf__bz_dominance_decides_outside(bz, ur->owner, defs, n, top))
    *hi = top;
}

static void write_window(buf_bz_t *bz, buf_use_t *uw, uint32_t *lo,
                         uint32_t *hi) {
  uint32_t top = top_of(bz, uw->owner);
  *lo = top == BZ_NO_TOP ? 0 : top;
  *hi = top == BZ_NO_TOP ? UINT32_MAX : top;
}

/* Enters the reads among the tensor operands of ops into the index, with
 * their definitions (fixed from now on). */
void buf__bz_index_reads(buf_bz_t *bz, buf__ptrvec_t *ops) {
  for (uint32_t k = 0; k < ops->n; k++) {
    buf_op_t *op = ops->v[k];
    for (uint32_t i = 0; i < op->num_operands; i++) {
      buf_use_t *u = &op->operands[i];
      uint32_t vi = buf__bz_val_index(bz, u->value);
      bz_use_info_t *info = use_info(bz, u);
      if (vi == UINT32_MAX || !info || info->classified)
        continue;
      info->classified = 1;
      info->is_read = buf__bz_use_is_read(bz, u);
      if (!info->is_read)
        continue;
      buf__ptrset_t defs = {0};
      buf__bz_find_definitions(bz, u->value, &defs);
      info->defs_first = bz->num_defs;
      info->num_defs = defs.items.n;
      for (uint32_t d = 0; d < defs.items.n; d++) {
        if (bz->num_defs == bz->cap_defs) {
          bz->cap_defs = bz->cap_defs ? bz->cap_defs * 2 : 256;
          bz->defs = realloc(bz->defs, bz->cap_defs * sizeof *bz->defs);
          if (!bz->defs)
            abort();
        }
        bz->defs[bz->num_defs++] = defs.items.v[d];
      }
      buf__ptrset_free(&defs);
      uint32_t lo, hi;
      read_window(bz, u, bz->defs + info->defs_first, info->num_defs, &lo, &hi);
      info->read_node = buf__bz_ival_new(&bz->ival, lo, hi, u);
      bz_val_t *root = &bz->vals[buf__bz_alias_root(bz, vi)];
      buf__bz_ival_insert(&bz->ival, &root->read_tree, info->read_node);
      root->num_reads++;
    }
  }
}

static bool indexed_pair_conflicts(buf_bz_t *bz, buf_use_t *ur,
                                   buf_use_t *uw) {
  bz_use_info_t *info = use_info(bz, ur);
  return buf__bz_pair_conflicts(bz, ur, uw, bz->defs + info->defs_first,
                        info->num_defs) != BZ_WHY_NONE;
}

/* Is some read of set `reads` in conflict with some write of set
 * `writes`? Walks the smaller side and asks the other side's tree. */
static bool cross_conflict(buf_bz_t *bz, uint32_t reads, uint32_t writes) {
  bz_val_t *r = &bz->vals[reads], *w = &bz->vals[writes];
  if (!r->read_tree || !w->write_tree)
    return false;
  bool walk_reads = r->num_reads <= w->num_writes;
  buf__bz_ival_list_t *walk = &bz->cand_a, *found = &bz->cand_b;
  walk->num = 0;
  buf__bz_ival_items(&bz->ival, walk_reads ? r->read_tree : w->write_tree,
                     walk);
  for (uint32_t i = 0; i < walk->num; i++) {
    buf__bz_ival_node_t *x = &bz->ival.nodes[walk->items[i]];
    buf_use_t *xu = x->item;
    found->num = 0;
    buf__bz_ival_query(&bz->ival, walk_reads ? w->write_tree : r->read_tree,
                       x->lo, x->hi, found);
    for (uint32_t j = 0; j < found->num; j++) {
      buf_use_t *yu = bz->ival.nodes[found->items[j]].item;
      if (walk_reads ? indexed_pair_conflicts(bz, xu, yu)
                     : indexed_pair_conflicts(bz, yu, xu))
        return true;
    }
  }
  return false;
}

/* The alias-set roots of u's value and of the values u aliases. */
uint32_t buf__bz_decision_roots(buf_bz_t *bz, buf_use_t *u,
                               uint32_t roots[1 + BUF_BZ_MAX_ALIASES]) {
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  uint32_t n = 0;
  for (uint32_t j = 0; j <= k; j++) {
    uint32_t vi = buf__bz_val_index(bz, j == 0 ? u->value : al[j - 1].value);
    if (vi == UINT32_MAX)
      continue;
    uint32_t r = buf__bz_alias_root(bz, vi);
    bool dup = false;
    for (uint32_t i = 0; i < n; i++)
      dup |= roots[i] == r;
    if (!dup)
      roots[n++] = r;
  }
  return n;
}

static bool indexed_write_read_only(buf_bz_t *bz, buf_use_t *u, bool *scanned) {
  uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
  uint32_t n = buf__bz_decision_roots(bz, u, roots);
  bool found_write = buf__bz_writes(bz, u);
  for (uint32_t i = 0; i < n && !found_write; i++)
    found_write = bz->vals[roots[i]].num_inplace_writes > 0;
  if (!found_write)
    return false;
  bool unknown = false;
  for (uint32_t i = 0; i < n; i++) {
    const bz_val_t *r = &bz->vals[roots[i]];
    if (r->num_unwritable > r->num_unknown_results)
      return true;
    unknown |= r->num_unknown_results > 0;
  }
  /* only unknown ops' results: the scan tells which the write can reach
   * (rare: sets with unknown ops) */
  *scanned = unknown;
  return unknown && buf__bz_scan_write_read_only(bz, u);
}

static bool indexed_raw_conflict(buf_bz_t *bz, buf_use_t *u) {
  uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
  uint32_t n = buf__bz_decision_roots(bz, u, roots);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++)
      if (i != j && cross_conflict(bz, roots[i], roots[j]))
        return true;
  if (!buf__bz_writes(bz, u))
    return false;
  uint32_t lo, hi;
  write_window(bz, u, &lo, &hi);
  buf__bz_ival_list_t *found = &bz->cand_b;
  for (uint32_t i = 0; i < n; i++) {
    found->num = 0;
    buf__bz_ival_query(&bz->ival, bz->vals[roots[i]].read_tree, lo, hi, found);
    for (uint32_t j = 0; j < found->num; j++)
      if (indexed_pair_conflicts(bz, bz->ival.nodes[found->items[j]].item, u))
        return true;
  }
  return false;
}

/* The index and the full scan disagree: a bug of the analysis. Reported
 * on the operand, and the run fails (bz->failed) instead of deciding from
 * an answer that may be wrong. */
static void index_mismatch(buf_bz_t *bz, buf_use_t *u, const char *what,
                           bool indexed) {
  buf_op_emit_error(u->owner,
                    "in-place analysis index disagrees with the full scan "
                    "on %s for operand %u (index: %s)",
                    what, u->index, indexed ? "conflict" : "no conflict");
  bz->failed = true;
}

bool buf__bz_would_write_read_only(buf_bz_t *bz, buf_use_t *u) {
  if (!bz->index_exact)
    return buf__bz_scan_write_read_only(bz, u);
  bool scanned = false;
  bool indexed = indexed_write_read_only(bz, u, &scanned);
  /* the scan also finds the read-only alias a report names (done when the
   * index asked it) */
  if (!scanned &&
      (bz->opts.verify_analysis || (indexed && (bz->opts.print_conflicts || bz->report))) &&
      buf__bz_scan_write_read_only(bz, u) != indexed)
    index_mismatch(bz, u, "writes to read-only values", indexed);
  return indexed;
}

bool buf__bz_would_create_raw(buf_bz_t *bz, buf_use_t *u) {
  if (!bz->index_exact)
    return buf__bz_scan_raw_conflict(bz, u);
  bool indexed = indexed_raw_conflict(bz, u);
  /* the scan also finds the conflicting pair that print-conflicts and a
   * report show */
  if ((bz->opts.verify_analysis ||
       (indexed && (bz->opts.print_conflicts || bz->report))) &&
      buf__bz_scan_raw_conflict(bz, u) != indexed)
    index_mismatch(bz, u, "read-after-write conflicts", indexed);
  return indexed;
}

void buf__bz_index_write(buf_bz_t *bz, buf_use_t *u, uint32_t root) {
  bz_val_t *r = &bz->vals[root];
  uint32_t lo, hi;
  write_window(bz, u, &lo, &hi);
  bz_use_info_t *info = use_info(bz, u);
  info->write_node = buf__bz_ival_new(&bz->ival, lo, hi, u);
  buf__bz_ival_insert(&bz->ival, &r->write_tree, info->write_node);
  r->num_writes++;
}
