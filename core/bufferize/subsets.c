/*
 * subsets.c: a read and a write that touch disjoint parts of one tensor do
 * not conflict.
 *
 * Upstream's analysis treats any write to an alias of a tensor as
 * clobbering every later read of it, so writing elements [0, 4) of %t in
 * place and then reading %t[5] costs a copy of %t. Here each access is
 * widened to a box of the tensor it touches, as the op's model says
 * (accessed_subset, upstream's SubsetOpInterface: a constant-index extract
 * or insert is a point, a static slice its box; an op whose model says
 * nothing accesses the whole value), and then carried up through the ops
 * whose result is a static box of their source (subset_in_source: chains
 * of extract_slices). When both boxes land on the same SSA value and are
 * apart in some dimension, the write cannot change what the read sees:
 * such a result always bufferizes to a view of its source's buffer, so
 * both accesses address that buffer at the computed positions.
 *
 * An access the model marks as a complement (an insert reads its
 * destination everywhere except the part it overwrites) is disjoint from
 * a write that stays inside the box.
 *
 * Boxes are per-dimension progressions lo, lo + step, ..., hi (step 0 for
 * a single index). Two of them are apart when their intervals do not
 * overlap or when no index is in both progressions (lo difference not a
 * multiple of gcd(step, step')).
 *
 * The facts are asked of the models whatever a partial bufferization
 * filters: what an op accesses does not depend on whether it bufferizes.
 */
#include "bz_internal.h"

bool buf__bz_subset_static_rank(buf_type_t t, uint32_t *rank) {
  if (!t || t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank > BUF_BZ_SUBSET_MAX_RANK)
    return false;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++)
    if (t->u.shaped.shape[d] == BUF_DYNAMIC)
      return false;
  *rank = t->u.shaped.rank;
  return true;
}

bool buf_bz_subset_whole(buf_value_t *v, buf_bz_subset_t *b) {
  if (!buf__bz_subset_static_rank(v->type, &b->rank))
    return false;
  b->of = v;
  b->complement = false;
  for (uint32_t d = 0; d < b->rank; d++) {
    b->lo[d] = 0;
    b->hi[d] = v->type->u.shaped.shape[d] - 1;
    b->step[d] = 1;
  }
  return true;
}

/* What use u reads (write false) or writes of its operand. */
static bool accessed(buf_bz_t *bz, buf_use_t *u, bool write,
                     buf_bz_subset_t *b) {
  const buf_bufferize_model_t *m = buf__bz_unfiltered_model(bz, u->owner);
  if (m && m->accessed_subset)
    return m->accessed_subset(u, write, b);
  return buf_bz_subset_whole(u->value, b);
}

/* Carries b up from the value it indexes to the source that value is a
 * static box of, as long as the models know how. */
static void lift(buf_bz_t *bz, buf_bz_subset_t *b) {
  for (;;) {
    buf_op_t *def = b->of->def;
    const buf_bufferize_model_t *m =
        def ? buf__bz_unfiltered_model(bz, def) : NULL;
    if (!m || !m->subset_in_source || !m->subset_in_source(def, b))
      return;
  }
}

/* Do the progressions of a and b share no index in dimension d? */
static bool apart(const buf_bz_subset_t *a, const buf_bz_subset_t *b,
                  uint32_t d) {
  if (a->hi[d] < b->lo[d] || b->hi[d] < a->lo[d])
    return true;
  int64_t g = buf__bz_gcd(a->step[d], b->step[d]);
  return g && (a->lo[d] - b->lo[d]) % g != 0; /* g == 0: the same index */
}

/* Is every index of progression inner[d] one of outer[d]'s? */
static bool within(const buf_bz_subset_t *inner, const buf_bz_subset_t *outer,
                   uint32_t d) {
  if (inner->lo[d] < outer->lo[d] || inner->hi[d] > outer->hi[d])
    return false;
  int64_t s = outer->step[d];
  return s == 0 || (inner->step[d] % s == 0 && (inner->lo[d] - outer->lo[d]) % s == 0);
}

bool buf__bz_disjoint_accesses(buf_bz_t *bz, buf_use_t *read,
                               buf_use_t *write) {
  buf_bz_subset_t r, w;
  if (!accessed(bz, read, false, &r) || !accessed(bz, write, true, &w))
    return false;
  lift(bz, &r);
  lift(bz, &w);
  if (r.of != w.of || r.rank != w.rank)
    return false;
  if (r.complement) { /* the write must stay inside the overwritten box */
    for (uint32_t d = 0; d < r.rank; d++)
      if (!within(&w, &r, d))
        return false;
    return true;
  }
  for (uint32_t d = 0; d < r.rank; d++)
    if (apart(&r, &w, d))
      return true;
  return false;
}

bool buf__bz_same_subset(buf_bz_t *bz, buf_value_t *a, buf_value_t *b) {
  const buf_bufferize_model_t *m =
      a->def ? buf__bz_unfiltered_model(bz, a->def) : NULL;
  return m && m->same_subset && m->same_subset(bz, a, b);
}
