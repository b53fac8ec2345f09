/*
 * disjoint_subsets.c: a read and a write that touch disjoint parts of one
 * tensor do not conflict.
 *
 * Upstream's analysis treats any write to an alias of a tensor as
 * clobbering every later read of it, so writing elements [0, 4) of %t in
 * place and then reading %t[5] costs a copy of %t. Here each access is
 * widened to a box of the tensor it touches (a constant-index extract or
 * insert is a point, an extract_slice / insert_slice with static offsets,
 * sizes and strides is its box, anything else is the whole value) and then
 * carried up through chains of static, non-rank-reducing extract_slices.
 * When both boxes land on the same SSA value and are apart in some
 * dimension, the write cannot change what the read sees: extract_slice
 * always bufferizes to a subview of its source's buffer, so both accesses
 * address that buffer at the computed positions.
 *
 * An insert_slice (or insert) reads its destination everywhere except the
 * slice it overwrites, so its read is the complement of that box: a write
 * inside the box cannot change what the insert keeps.
 *
 * Boxes are per-dimension progressions lo, lo + step, ..., hi (step 0 for
 * a single index). Two of them are apart when their intervals do not
 * overlap or when no index is in both progressions (lo difference not a
 * multiple of gcd(step, step')).
 */
#include <string.h>

#include "bz_internal.h"
#include "../dialects/shaped_util.h"

#define MAX_RANK 8

typedef struct box {
  buf_value_t *of;  /* the tensor the intervals index */
  uint32_t rank;
  bool complement;  /* everything of `of` except the box */
  int64_t lo[MAX_RANK], hi[MAX_RANK], step[MAX_RANK];
} box_t;

static bool op_is(const buf_op_t *op, const char *name) {
  return op && strcmp(op->name, name) == 0;
}

static bool static_shape(buf_type_t t, uint32_t *rank) {
  if (!t || t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank > MAX_RANK)
    return false;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++)
    if (t->u.shaped.shape[d] == BUF_DYNAMIC)
      return false;
  *rank = t->u.shaped.rank;
  return true;
}

/* The whole of v (static shapes only: a dynamic size has no bound). */
static bool whole(buf_value_t *v, box_t *b) {
  if (!static_shape(v->type, &b->rank))
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

static bool constant_index(buf_value_t *v, int64_t *out) {
  buf_op_t *c = v->def;
  if (!op_is(c, "arith.constant"))
    return false;
  buf_attr_t a = buf_op_attr(c, "value");
  if (!a || a->kind != BUF_ATTR_INTEGER)
    return false;
  *out = a->u.i;
  return true;
}

/* The single element of `of` at the constant indices in operands
 * [first, first + rank) of op. */
static bool point(buf_op_t *op, uint32_t first, buf_value_t *of, box_t *b) {
  if (!static_shape(of->type, &b->rank) || op->num_operands != first + b->rank)
    return false;
  b->of = of;
  b->complement = false;
  for (uint32_t d = 0; d < b->rank; d++) {
    if (!constant_index(op->operands[first + d].value, &b->lo[d]))
      return false;
    b->hi[d] = b->lo[d];
    b->step[d] = 0;
  }
  return true;
}

/* The slice of `of` that a slice op (dynamic operands from segment
 * first_segment) addresses, when it is fully static and keeps the rank. */
static bool slice_box(buf_op_t *op, uint32_t first_segment, buf_value_t *of,
                      uint32_t sliced_rank, box_t *b) {
  buf__slice_t s;
  if (!static_shape(of->type, &b->rank) || b->rank != sliced_rank ||
      BUF_FAILED(buf__slice_get(op, first_segment, b->rank, &s)))
    return false;
  b->of = of;
  b->complement = false;
  for (uint32_t d = 0; d < b->rank; d++) {
    if (s.offsets[d] == BUF_DYNAMIC || s.sizes[d] == BUF_DYNAMIC ||
        s.strides[d] == BUF_DYNAMIC || s.strides[d] < 1 || s.sizes[d] < 1)
      return false;
    b->lo[d] = s.offsets[d];
    b->hi[d] = s.offsets[d] + (s.sizes[d] - 1) * s.strides[d];
    b->step[d] = s.sizes[d] == 1 ? 0 : s.strides[d];
  }
  return true;
}

static uint32_t rank_of(buf_value_t *v) {
  uint32_t r;
  return static_shape(v->type, &r) ? r : UINT32_MAX;
}

/* Carries b from an extract_slice result to the slice's source, as long as
 * the chain is static and rank-preserving. */
static void lift(box_t *b) {
  for (;;) {
    buf_op_t *def = b->of->def;
    if (!op_is(def, "tensor.extract_slice"))
      return;
    box_t outer;
    buf_value_t *src = def->operands[0].value;
    if (!slice_box(def, 1, src, b->rank, &outer))
      return;
    buf__slice_t s;
    buf__slice_get(def, 1, outer.rank, &s);
    for (uint32_t d = 0; d < b->rank; d++) {
      b->lo[d] = s.offsets[d] + b->lo[d] * s.strides[d];
      b->hi[d] = s.offsets[d] + b->hi[d] * s.strides[d];
      b->step[d] *= s.strides[d];
    }
    b->of = src;
  }
}

/* What a reading use reads of its operand. */
static bool read_box(buf_use_t *u, box_t *b) {
  buf_op_t *op = u->owner;
  bool ok;
  if (op_is(op, "tensor.extract") && u->index == 0)
    return point(op, 1, u->value, b);
  if (op_is(op, "tensor.extract_slice") && u->index == 0)
    return slice_box(op, 1, u->value, rank_of(&op->results[0]), b);
  if (op_is(op, "tensor.insert") && u->index == 1) {
    ok = point(op, 2, u->value, b);
    b->complement = true;
    return ok;
  }
  if (op_is(op, "tensor.insert_slice") && u->index == 1) {
    ok = slice_box(op, 2, u->value, rank_of(op->operands[0].value), b);
    b->complement = true;
    return ok;
  }
  return whole(u->value, b);
}

/* What a writing use writes of its operand. */
static bool write_box(buf_use_t *u, box_t *b) {
  buf_op_t *op = u->owner;
  if (op_is(op, "tensor.insert") && u->index == 1)
    return point(op, 2, u->value, b);
  if (op_is(op, "tensor.insert_slice") && u->index == 1)
    return slice_box(op, 2, u->value, rank_of(op->operands[0].value), b);
  return whole(u->value, b);
}

/* Do the progressions of a and b share no index in dimension d? */
static bool apart(const box_t *a, const box_t *b, uint32_t d) {
  if (a->hi[d] < b->lo[d] || b->hi[d] < a->lo[d])
    return true;
  int64_t g = buf__bz_gcd(a->step[d], b->step[d]);
  return g && (a->lo[d] - b->lo[d]) % g != 0; /* g == 0: the same index */
}

/* Is every index of progression inner[d] one of outer[d]'s? */
static bool within(const box_t *inner, const box_t *outer, uint32_t d) {
  if (inner->lo[d] < outer->lo[d] || inner->hi[d] > outer->hi[d])
    return false;
  int64_t s = outer->step[d];
  return s == 0 || (inner->step[d] % s == 0 && (inner->lo[d] - outer->lo[d]) % s == 0);
}

bool buf__bz_disjoint_accesses(buf_use_t *read, buf_use_t *write) {
  box_t r, w;
  if (!read_box(read, &r) || !write_box(write, &w))
    return false;
  lift(&r);
  lift(&w);
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
