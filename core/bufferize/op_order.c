/*
 * op_order.c: when one op happens before another, for the in-place
 * analysis (upstream's happensBefore, insideMutuallyExclusiveRegions and
 * canUseOpDominance, extended to regions of several blocks).
 *
 * Ops of one block are ordered by their pre-order numbers (state.c); ops in
 * different blocks of a region by block dominance; an op nested in a
 * repetitive (loop) region may run again after a later op, and two ops in
 * different regions of an op with exclusive regions (scf.if) never both
 * run. How a region executes is its op's model's answer (region_kind,
 * exclusive_regions), asked even of ops a partial bufferization leaves on
 * tensors.
 */
#include "bz_internal.h"

/* ------------------------------------------------------------------------ */
/* Op order and regions                                                      */
/* ------------------------------------------------------------------------ */

static uint32_t pre_of(buf_bz_t *bz, const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  return o ? o->pre : 0;
}

/* anc is op or contains op */
static bool is_ancestor(buf_bz_t *bz, const buf_op_t *anc, const buf_op_t *op) {
  bz_op_t *a = buf__bz_op(bz, anc), *o = buf__bz_op(bz, op);
  if (!a || !o)
    return buf_op_is_ancestor(anc, op);
  return a->pre <= o->pre && o->pre <= a->end;
}

static bool is_proper_ancestor(buf_bz_t *bz, const buf_op_t *anc,
                               const buf_op_t *op) {
  return anc != op && is_ancestor(bz, anc, op);
}

/* ------------------------------------------------------------------------ */
/* Unstructured control flow                                                 */
/* ------------------------------------------------------------------------ */
/*
 * A region with several blocks (a func.func body with cf branches) orders
 * its ops by the block graph: an op in block A happens before one in block
 * B when A dominates B, and a loop made of blocks lets an op run again
 * after a later one. The queries walk the successor graph of the region;
 * nothing is cached, as regions that pass tensors between blocks are small.
 */

static bool region_has_cfg(const buf_region_t *r) {
  return r && r->first && r->first->next;
}

/* The ancestor of op (op included) whose block lies in region r, or NULL. */
static buf_op_t *ancestor_in_region(buf_op_t *op, const buf_region_t *r) {
  for (buf_op_t *y = op; y; y = buf_op_parent(y))
    if (y->block && y->block->region == r)
      return y;
  return NULL;
}

/* Is there a path of one edge or more from block `from` to block `to` that
 * enters no block `avoid` (NULL: any path)? A `to` equal to `avoid` is never
 * reached. */
static bool cfg_path(buf_block_t *from, buf_block_t *to, buf_block_t *avoid) {
  buf__ptrvec_t work = {0};
  buf__ptrmap_t seen = {0};
  bool found = false;
  buf__ptrvec_push(&work, from);
  while (work.n && !found) {
    buf_block_t *b = work.v[--work.n];
    buf_op_t *t = b->last;
    for (uint32_t s = 0; t && s < t->num_successors && !found; s++) {
      buf_block_t *next = t->successors[s];
      if (!next || next == avoid || buf__ptrmap_get(&seen, next))
        continue;
      buf__ptrmap_set(&seen, next, (void *)1);
      found = next == to;
      buf__ptrvec_push(&work, next);
    }
  }
  buf__ptrvec_free(&work);
  buf__ptrmap_free(&seen);
  return found;
}

/* Does block a dominate block b of the same region (every path from the
 * entry to b enters a)? Unreachable blocks are dominated by every block. */
static bool block_dominates(buf_block_t *a, buf_block_t *b) {
  buf_block_t *entry = a->region->first;
  if (a == b || a == entry)
    return true;
  return b != entry && !cfg_path(entry, b, a);
}

/* The block of region r that holds the definition of d (a block argument
 * of a block of r, or an op of r or nested in one), or NULL when d is
 * defined outside r. */
static buf_block_t *def_block_in(buf_value_t *d, const buf_region_t *r) {
  if (!d->def && d->block && d->block->region == r)
    return d->block;
  buf_op_t *op = d->def ? d->def
                 : d->block && d->block->region ? d->block->region->op
                                                : NULL;
  buf_op_t *a = op ? ancestor_in_region(op, r) : NULL;
  return a ? a->block : NULL;
}

/* May read rop run again after write wop, reading the same definitions,
 * because of a loop made of blocks? At every region with several blocks
 * around both, a path from the write's block back to the read's block that
 * does not pass a definition's block (which defines it anew) makes op
 * order meaningless. */
static bool cfg_loop_between(buf_op_t *rop, buf_op_t *wop,
                             buf_value_t *const *defs, uint32_t n) {
  for (buf_op_t *y = rop; y; y = buf_op_parent(y)) {
    buf_region_t *r = y->block ? y->block->region : NULL;
    if (!region_has_cfg(r))
      continue;
    buf_op_t *wy = ancestor_in_region(wop, r);
    if (!wy)
      continue;
    for (uint32_t i = 0; i < n; i++)
      if (cfg_path(wy->block, y->block, def_block_in(defs[i], r)))
        return true;
  }
  return false;
}

/* In the region with several blocks that defines def: can the read run
 * after the write with def not defined anew in between? False only when
 * the write's block reaches the read's block on no path that avoids the
 * definition's block (branches of a diamond, a write after the loop that
 * the read is in). */
static bool cfg_read_may_follow(buf_value_t *def, buf_op_t *wop,
                                buf_op_t *rop) {
  buf_block_t *bd = def->def ? def->def->block : def->block;
  buf_region_t *r = bd ? bd->region : NULL;
  if (!region_has_cfg(r))
    return true;
  buf_op_t *wy = ancestor_in_region(wop, r), *ry = ancestor_in_region(rop, r);
  if (!wy || !ry || wy->block == ry->block)
    return true;
  return cfg_path(wy->block, ry->block, bd);
}

/* x properly dominates b (x not an ancestor of b): an ancestor of b lies in
 * x's block after x, or in a block of x's region that x's block dominates. */
static bool properly_dominates(buf_bz_t *bz, buf_op_t *x, buf_op_t *b) {
  for (buf_op_t *y = b; y; y = buf_op_parent(y)) {
    if (y->block == x->block)
      return y != x && pre_of(bz, x) < pre_of(bz, y);
    if (x->block && x->block->region && y->block &&
        y->block->region == x->block->region)
      return block_dominates(x->block, y->block);
  }
  return false;
}

bool buf__bz_happens_before(buf_bz_t *bz, buf_op_t *a, buf_op_t *b) {
  for (buf_op_t *x = a; x; x = buf_op_parent(x)) {
    if (is_proper_ancestor(bz, x, b))
      return false;
    if (x != b && properly_dominates(bz, x, b))
      return true;
  }
  return false;
}

static uint32_t region_index(const buf_op_t *op, const buf_region_t *r) {
  for (uint32_t i = 0; i < op->num_regions; i++)
    if (op->regions[i] == r)
      return i;
  return 0;
}

static buf_bz_region_kind_t kind_of_region(buf_bz_t *bz, buf_region_t *r) {
  if (!r || !r->op)
    return BUF_BZ_REGION_PLAIN;
  const buf_bufferize_model_t *m = buf__bz_unfiltered_model(bz, r->op);
  if (!m || !m->region_kind)
    return BUF_BZ_REGION_PLAIN;
  return m->region_kind(r->op, region_index(r->op, r));
}

/* The innermost repetitive (or parallel) region enclosing region r
 * (inclusive), or NULL. */
buf_region_t *buf__bz_repetitive_region(buf_bz_t *bz, buf_region_t *r) {
  while (r) {
    if (kind_of_region(bz, r) != BUF_BZ_REGION_PLAIN)
      return r;
    buf_op_t *p = r->op;
    r = p && p->block ? p->block->region : NULL;
  }
  return NULL;
}

static buf_region_t *repetitive_of_op(buf_bz_t *bz, buf_op_t *op) {
  return op->block ? buf__bz_repetitive_region(bz, op->block->region) : NULL;
}

static buf_region_t *repetitive_of_value(buf_bz_t *bz, buf_value_t *v) {
  if (v->def)
    return repetitive_of_op(bz, v->def);
  return v->block ? buf__bz_repetitive_region(bz, v->block->region) : NULL;
}

static buf_region_t *next_repetitive(buf_bz_t *bz, buf_region_t *r) {
  buf_op_t *p = r->op;
  return p && p->block ? buf__bz_repetitive_region(bz, p->block->region) : NULL;
}

static bool region_contains_op(buf_bz_t *bz, buf_region_t *r, buf_op_t *op) {
  for (buf_op_t *y = op; y; y = buf_op_parent(y)) {
    if (y->block && y->block->region == r)
      return true;
    if (y == r->op)
      return false;
  }
  (void)bz;
  return false;
}

static bool region_contains_value(buf_bz_t *bz, buf_region_t *r,
                                  buf_value_t *v) {
  if (v->def)
    return region_contains_op(bz, r, v->def);
  buf_region_t *vr = v->block ? v->block->region : NULL;
  if (vr == r)
    return true;
  return vr && vr->op && region_contains_op(bz, r, vr->op);
}

static buf_region_t *parallel_region_of_op(buf_bz_t *bz, buf_op_t *op) {
  buf_region_t *r = op->block ? op->block->region : NULL;
  while (r) {
    if (kind_of_region(bz, r) == BUF_BZ_REGION_PARALLEL)
      return r;
    buf_op_t *p = r->op;
    r = p && p->block ? p->block->region : NULL;
  }
  return NULL;
}

bool buf__bz_mutually_exclusive(buf_bz_t *bz, buf_op_t *a, buf_op_t *b) {
  for (buf_op_t *x = a; x; x = buf_op_parent(x)) {
    buf_op_t *p = buf_op_parent(x);
    if (!p)
      return false;
    if (!is_ancestor(bz, p, b))
      continue;
    /* p is the closest common ancestor */
    const buf_bufferize_model_t *m = buf__bz_unfiltered_model(bz, p);
    if (!m || !m->exclusive_regions || p == b)
      return false;
    buf_op_t *y = b;
    while (y && buf_op_parent(y) != p)
      y = buf_op_parent(y);
    if (!y || !x->block || !y->block)
      return false;
    return x->block->region != y->block->region;
  }
  return false;
}

bool buf__bz_can_use_dominance(buf_bz_t *bz, buf_use_t *r, buf_use_t *w,
                              buf_value_t *const *defs, uint32_t num_defs) {
  if (cfg_loop_between(r->owner, w->owner, defs, num_defs))
    return false;
  for (uint32_t i = 0; i < num_defs; i++) {
    buf_value_t *d = defs[i];
    buf_region_t *rr = repetitive_of_op(bz, r->owner);
    buf_region_t *rd = repetitive_of_value(bz, d);
    if (rr == rd)
      continue;
    /* the outermost repetitive region around the read that is not DEF's */
    while (rr) {
      buf_region_t *next = next_repetitive(bz, rr);
      if (next == rd)
        break;
      rr = next;
    }
    if (!rr)
      return false;
    if (is_ancestor(bz, rr->op, w->owner))
      return false;
  }
  return true;
}


/* Does the buffer written through v come, along its chain of in-place
 * aliases (a slice, a branch's yield, ...), from a value defined outside
 * region pr? Every thread of pr would then write that one buffer. */
static bool buffer_from_outside(buf_bz_t *bz, buf_region_t *pr, buf_value_t *v) {
  buf__ptrvec_t work = {0};
  buf__ptrset_t seen = {0};
  buf__ptrvec_push(&work, v);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool outside = false;
  while (work.n && !outside) {
    buf_value_t *x = work.v[--work.n];
    if (!buf__ptrset_add(&seen, x))
      continue;
    if (!region_contains_value(bz, pr, x)) {
      outside = true;
      break;
    }
    if (!x->def)
      continue; /* a block argument of pr or of a region inside it */
    bool any_write;
    uint32_t n = buf__bz_aliasing_operands(bz, x, ops, BUF_BZ_MAX_ALIASES, &any_write);
    /* only through decisions already made: an op still undecided may yet
     * get its own buffer (then it is the one asked about) */
    for (uint32_t i = 0; i < n; i++)
      if (buf_bz_inplace(bz, ops[i]))
        buf__ptrvec_push(&work, ops[i]->value);
  }
  buf__ptrvec_free(&work);
  buf__ptrset_free(&seen);
  return outside;
}

bool buf__bz_write_escapes_parallel_region(buf_bz_t *bz, buf_use_t *uw,
                                           buf_op_t *rop,
                                           buf_value_t *const *defs,
                                           uint32_t num_defs) {
  buf_region_t *pr = parallel_region_of_op(bz, uw->owner);
  if (!pr || !region_contains_op(bz, pr, rop))
    return false;
  for (uint32_t d = 0; d < num_defs; d++)
    if (!region_contains_value(bz, pr, defs[d]))
      return true;
  return buffer_from_outside(bz, pr, uw->value);
}

bool buf__bz_write_may_clobber(buf_bz_t *bz, buf_value_t *def, buf_op_t *wop,
                               buf_op_t *rop) {
  if (def->def) {
    if (buf__bz_happens_before(bz, wop, def->def))
      return false;
    if (is_proper_ancestor(bz, def->def, wop))
      return false;
    /* only one of two exclusive branches runs */
    if (buf__bz_mutually_exclusive(bz, wop, def->def))
      return false;
  } else {
    /* a write outside the argument's region, or in a block that never
     * runs after the argument is bound, cannot clobber it */
    buf_op_t *wy = ancestor_in_region(wop, def->block->region);
    if (!wy || (wy->block != def->block &&
                !cfg_path(def->block, wy->block, NULL)))
      return false;
  }
  return cfg_read_may_follow(def, wop, rop);
}

bool buf__bz_dominance_decides_outside(buf_bz_t *bz, buf_op_t *rop,
                                       buf_value_t *const *defs, uint32_t n,
                                       uint32_t top) {
  for (uint32_t i = 0; i < n; i++) {
    buf_region_t *rr = repetitive_of_op(bz, rop);
    buf_region_t *rd = repetitive_of_value(bz, defs[i]);
    if (rr == rd)
      continue;
    while (rr) {
      buf_region_t *next = next_repetitive(bz, rr);
      if (next == rd)
        break;
      rr = next;
    }
    /* rr encloses the read; a write outside the read's top is outside rr
     * only when rr's op lies inside that top */
    if (!rr || pre_of(bz, rr->op) < top)
      return false;
  }
  return true;
}
