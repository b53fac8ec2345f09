/*
 * shaped_util.c: shape helpers shared by the tensor, bufferization and memref
 * op tables.
 *
 * See shaped_util.h for the API. The checks follow MLIR's
 * OffsetSizeAndStrideOpInterface verifier, isRankReducedType and the
 * reshape-op verifiers (verifyReshapeLikeTypes, isReassociationValid,
 * reshapeLikeShapesAreCompatible), with their messages, so that
 * --verify-diagnostics tests written against mlir-opt pass here too.
 * Invariants: nothing here keeps state; every array returned lives in the
 * context arena; BUF_DYNAMIC never takes part in arithmetic.
 */
#include "shaped_util.h"

#include <string.h>

/* ------------------------------------------------------------------------ */
/* Static vs dynamic agreement                                              */
/* ------------------------------------------------------------------------ */

bool buf__dim_compatible(int64_t a, int64_t b) {
  return a == BUF_DYNAMIC || b == BUF_DYNAMIC || a == b;
}

bool buf__shape_compatible(const int64_t *a, const int64_t *b, uint32_t rank) {
  for (uint32_t i = 0; i < rank; i++)
    if (!buf__dim_compatible(a[i], b[i]))
      return false;
  return true;
}

bool buf__types_shape_compatible(buf_type_t a, buf_type_t b) {
  if (!buf_type_is_ranked(a) || !buf_type_is_ranked(b))
    return true;
  return a->u.shaped.rank == b->u.shaped.rank &&
         buf__shape_compatible(a->u.shaped.shape, b->u.shaped.shape,
                               a->u.shaped.rank);
}

uint32_t buf__count_dynamic(const int64_t *v, uint32_t n) {
  uint32_t c = 0;
  for (uint32_t i = 0; i < n; i++)
    c += v[i] == BUF_DYNAMIC;
  return c;
}

bool buf__i64_array(buf_attr_t a, const int64_t **vals, uint32_t *n) {
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || !a->type ||
      a->type->kind != BUF_TYPE_INTEGER || a->type->u.integer.width != 64)
    return false;
  *vals = a->u.dense_array.ints;
  *n = (uint32_t)a->u.dense_array.count;
  return true;
}

uint32_t buf__type_num_dynamic_dims(buf_type_t t) {
  if (!buf_type_is_ranked(t))
    return 0;
  return buf__count_dynamic(t->u.shaped.shape, t->u.shaped.rank);
}

/* ------------------------------------------------------------------------ */
/* Slices                                                                    */
/* ------------------------------------------------------------------------ */

/* One of the three lists: its attribute name and MLIR's singular/plural. */
typedef struct slice_list {
  const char *attr;   /* "static_offsets" */
  const char *one;    /* "offset" */
  const char *many;   /* "offsets" */
} slice_list_t;

static const slice_list_t slice_lists[3] = {
    {"static_offsets", "offset", "offsets"},
    {"static_sizes", "size", "sizes"},
    {"static_strides", "stride", "strides"},
};

buf_status_t buf__slice_get(buf_op_t *op, uint32_t first_segment,
                            uint32_t source_rank, buf__slice_t *out) {
  const int64_t *vals[3] = {NULL, NULL, NULL};
  uint32_t n[3] = {0, 0, 0};
  for (int k = 0; k < 3; k++) {
    buf_attr_t a = buf_op_attr(op, slice_lists[k].attr);
    if (!a) {
      buf_op_emit_error(op, "requires attribute '%s'", slice_lists[k].attr);
      return BUF_FAILURE;
    }
    if (!buf__i64_array(a, &vals[k], &n[k])) {
      buf_op_emit_error(op,
                        "attribute '%s' failed to satisfy constraint: i64 "
                        "dense array attribute",
                        slice_lists[k].attr);
      return BUF_FAILURE;
    }
  }
  if (!(n[0] == 1 && source_rank == 1) && n[0] != n[1]) {
    buf_emit_error(buf_op_ctx(op), op->loc,
                   "expected mixed offsets rank to match mixed sizes rank (%u "
                   "vs %u) so the rank of the result type is well-formed.",
                   n[0], n[1]);
    return BUF_FAILURE;
  }
  if (n[1] != n[2]) {
    buf_emit_error(buf_op_ctx(op), op->loc,
                   "expected mixed sizes rank to match mixed strides rank (%u "
                   "vs %u) so the rank of the result type is well-formed.",
                   n[1], n[2]);
    return BUF_FAILURE;
  }
  uint32_t starts[3];
  for (int k = 0; k < 3; k++) {
    uint32_t len = 0;
    starts[k] = buf_op_segment(op, first_segment + (uint32_t)k, &len);
    uint32_t ndyn = buf__count_dynamic(vals[k], n[k]);
    if (len != ndyn) {
      buf_emit_error(buf_op_ctx(op), op->loc,
                     "expected the number of '%s' to match the number of "
                     "dynamic entries in '%s' (%u vs %u)",
                     slice_lists[k].many, slice_lists[k].attr, len, ndyn);
      return BUF_FAILURE;
    }
  }
  for (int k = 0; k < 3; k++) {
    if (n[k] != source_rank) {
      buf_emit_error(buf_op_ctx(op), op->loc, "expected %u %s values, got %u",
                     source_rank, slice_lists[k].one, n[k]);
      return BUF_FAILURE;
    }
  }
  for (int k = 0; k < 2; k++) {
    for (uint32_t i = 0; i < n[k]; i++) {
      if (vals[k][i] != BUF_DYNAMIC && vals[k][i] < 0) {
        buf_emit_error(buf_op_ctx(op), op->loc,
                       "expected %s to be non-negative, but got %lld",
                       slice_lists[k].many, (long long)vals[k][i]);
        return BUF_FAILURE;
      }
    }
  }
  out->rank = source_rank;
  out->offsets = vals[0];
  out->sizes = vals[1];
  out->strides = vals[2];
  out->dyn_offsets = starts[0];
  out->dyn_sizes = starts[1];
  out->dyn_strides = starts[2];
  return BUF_SUCCESS;
}

buf_status_t buf__slice_verify_in_bounds(buf_op_t *op, const buf__slice_t *s,
                                         const int64_t *shape) {
  for (uint32_t i = 0; i < s->rank; i++) {
    int64_t dim = shape[i], off = s->offsets[i], size = s->sizes[i],
            stride = s->strides[i];
    if (dim == BUF_DYNAMIC)
      continue;
    /* Upstream rejects any static offset >= dim, even for empty slices. */
    if (off != BUF_DYNAMIC && off >= dim) {
      buf_emit_error(buf_op_ctx(op), op->loc,
                     "offset %u is out-of-bounds: %lld >= %lld", i,
                     (long long)off, (long long)dim);
      return BUF_FAILURE;
    }
    if (off == BUF_DYNAMIC || size == BUF_DYNAMIC || stride == BUF_DYNAMIC ||
        size == 0)
      continue;
    /* The last element read, in wrapping 64-bit arithmetic as upstream
     * computes it (so the same programs are accepted; unsigned keeps the
     * wrap well defined). Negative strides may end below zero: upstream
     * does not reject that either. */
    int64_t last = (int64_t)((uint64_t)off +
                             (uint64_t)(size - 1) * (uint64_t)stride);
    if (last >= dim) {
      buf_emit_error(buf_op_ctx(op), op->loc,
                     "slice along dimension %u runs out-of-bounds: %lld >= "
                     "%lld",
                     i, (long long)last, (long long)dim);
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

buf_type_t buf__slice_tensor_type(buf_ctx_t *ctx, buf_type_t source,
                                  const int64_t *sizes, uint32_t rank) {
  return buf_type_tensor(ctx, rank, sizes, source->u.shaped.elem,
                         source->u.shaped.encoding);
}

/* a * b, dynamic when either is, saturating into dynamic on overflow. */
static int64_t mul_dyn(int64_t a, int64_t b) {
  if (a == BUF_DYNAMIC || b == BUF_DYNAMIC)
    return BUF_DYNAMIC;
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r) || r == BUF_DYNAMIC)
    return BUF_DYNAMIC;
  return r;
}

static int64_t add_dyn(int64_t a, int64_t b) {
  if (a == BUF_DYNAMIC || b == BUF_DYNAMIC)
    return BUF_DYNAMIC;
  int64_t r;
  if (__builtin_add_overflow(a, b, &r) || r == BUF_DYNAMIC)
    return BUF_DYNAMIC;
  return r;
}

/* Products in subview layouts saturate to dynamic like mul_dyn, except that
 * a static 0 wins: a zero offset contributes nothing whatever the stride
 * (MLIR's SaturatedInteger), so subviews at offset 0 of a dynamic-stride dim
 * keep a static offset. */
static int64_t mul_layout(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  return mul_dyn(a, b);
}

void buf__subview_layout(uint32_t rank, const int64_t *base_strides,
                         int64_t base_offset, const int64_t *offsets,
                         const int64_t *slice_strides, int64_t *out_strides,
                         int64_t *out_offset) {
  int64_t off = base_offset;
  for (uint32_t i = 0; i < rank; i++) {
    off = add_dyn(off, mul_layout(offsets[i], base_strides[i]));
    out_strides[i] = mul_layout(base_strides[i], slice_strides[i]);
  }
  *out_offset = off;
}

buf_type_t buf__subview_type(buf_ctx_t *ctx, buf_type_t source,
                             const buf__slice_t *s) {
  if (!source || source->kind != BUF_TYPE_MEMREF ||
      source->u.shaped.rank != s->rank)
    return NULL;
  uint32_t rank = s->rank;
  buf_arena_t *arena = buf_ctx_arena(ctx);
  int64_t *base = buf_arena_alloc(arena, sizeof(int64_t) * (rank + 1));
  int64_t base_off = 0;
  if (BUF_FAILED(buf_type_memref_strides(source, base, &base_off)))
    return NULL;
  int64_t *strides = buf_arena_alloc(arena, sizeof(int64_t) * (rank + 1));
  int64_t off = 0;
  buf__subview_layout(rank, base, base_off, s->offsets, s->strides, strides,
                      &off);
  buf_attr_t layout = buf_attr_strided(ctx, rank, strides, off);
  return buf_type_memref(ctx, rank, s->sizes, source->u.shaped.elem, layout,
                         source->u.shaped.memory_space);
}

bool buf__rank_reduction_mask(const int64_t *full, uint32_t full_rank,
                              const int64_t *reduced, uint32_t reduced_rank,
                              bool *dropped) {
  uint32_t r = 0;
  for (uint32_t i = 0; i < full_rank; i++) {
    bool keep = r < reduced_rank && full[i] == reduced[r];
    if (dropped)
      dropped[i] = !keep;
    if (keep) {
      r++;
      continue;
    }
    if (full[i] != 1)
      return false;
  }
  return r == reduced_rank;
}

/* Searches for a set of unit dims of the expected memref whose removal gives
 * the actual shape and strides. Backtracks only over unit dims that could
 * either stay or go; ranks are small. */
static bool memref_mask_search(const int64_t *shape, const int64_t *strides,
                               uint32_t rank, uint32_t i,
                               const int64_t *rshape, const int64_t *rstrides,
                               uint32_t rrank, uint32_t r, bool *dropped,
                               uint32_t budget) {
  if (budget == 0)
    return false;
  if (i == rank)
    return r == rrank;
  if (r < rrank && shape[i] == rshape[r] &&
      strides[i] == rstrides[r]) {
    dropped[i] = false;
    if (memref_mask_search(shape, strides, rank, i + 1, rshape, rstrides,
                           rrank, r + 1, dropped, budget - 1))
      return true;
  }
  if (shape[i] == 1) {
    dropped[i] = true;
    if (memref_mask_search(shape, strides, rank, i + 1, rshape, rstrides,
                           rrank, r, dropped, budget - 1))
      return true;
  }
  return false;
}

buf__slice_verdict_t buf__check_rank_reduced(buf_type_t expected,
                                             buf_type_t actual, bool *dropped) {
  uint32_t rank = expected->u.shaped.rank, rrank = actual->u.shaped.rank;
  if (rrank > rank)
    return BUF__SLICE_RANK_TOO_LARGE;
  bool local[64];
  bool *mask = dropped;
  if (!mask) {
    if (rank > 64)
      return BUF__SLICE_SIZE_MISMATCH;
    mask = local;
  }
  if (!buf__rank_reduction_mask(expected->u.shaped.shape, rank,
                                actual->u.shaped.shape, rrank, mask))
    return BUF__SLICE_SIZE_MISMATCH;
  if (expected->u.shaped.elem != actual->u.shaped.elem)
    return BUF__SLICE_ELEM_MISMATCH;
  if (expected->kind != BUF_TYPE_MEMREF)
    return BUF__SLICE_OK;
  if (rank > 64)
    return BUF__SLICE_LAYOUT_MISMATCH;
  int64_t es[64], as[64], eoff = 0, aoff = 0;
  if (BUF_FAILED(buf_type_memref_strides(expected, es, &eoff)) ||
      BUF_FAILED(buf_type_memref_strides(actual, as, &aoff)) || eoff != aoff)
    return BUF__SLICE_LAYOUT_MISMATCH;
  /* Unit dims may be dropped in several ways with the same shape; pick one
   * whose remaining strides match. The budget bounds hostile ranks. */
  if (!memref_mask_search(expected->u.shaped.shape, es, rank, 0,
                          actual->u.shaped.shape, as, rrank, 0, mask, 4096)) {
    /* Strides of unit dims carry no information: accept a mismatch there
     * when the non-unit strides agree under the shape-only mask. */
    uint32_t r = 0;
    for (uint32_t i = 0; i < rank; i++) {
      if (mask[i])
        continue;
      if (expected->u.shaped.shape[i] != 1 && es[i] != as[r])
        return BUF__SLICE_LAYOUT_MISMATCH;
      r++;
    }
  }
  if (expected->u.shaped.memory_space != actual->u.shaped.memory_space)
    return BUF__SLICE_MEMSPACE_MISMATCH;
  return BUF__SLICE_OK;
}

buf_status_t buf__emit_slice_verdict(buf_op_t *op, buf__slice_verdict_t v,
                                     buf_type_t expected, buf_type_t actual) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  const char *es = buf_type_to_string(ctx, expected);
  switch (v) {
  case BUF__SLICE_OK:
    return BUF_SUCCESS;
  case BUF__SLICE_RANK_TOO_LARGE:
    buf_emit_error(ctx, op->loc,
                   "expected rank to be smaller or equal to the other rank. ");
    break;
  case BUF__SLICE_SIZE_MISMATCH:
    buf_emit_error(ctx, op->loc,
                   "expected type to be '%s' or a rank-reduced version. (size "
                   "mismatch) ",
                   es);
    break;
  case BUF__SLICE_ELEM_MISMATCH:
    buf_emit_error(ctx, op->loc, "expected element type to be '%s'",
                   buf_type_to_string(ctx, expected->u.shaped.elem));
    break;
  case BUF__SLICE_MEMSPACE_MISMATCH:
    buf_emit_error(ctx, op->loc,
                   "expected result type to be '%s' or a rank-reduced "
                   "version. (memory space mismatch), but got '%s'",
                   es, buf_type_to_string(ctx, actual));
    break;
  case BUF__SLICE_LAYOUT_MISMATCH:
    buf_emit_error(ctx, op->loc,
                   "expected result type to be '%s' or a rank-reduced "
                   "version. (mismatch of result layout), but got '%s'",
                   es, buf_type_to_string(ctx, actual));
    break;
  }
  return BUF_FAILURE;
}

/* ------------------------------------------------------------------------ */
/* Reassociation                                                             */
/* ------------------------------------------------------------------------ */

buf_status_t buf__parse_reassociation(buf_parser_t *p, buf_attr_t *out) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_arena_t *arena = buf_ctx_arena(ctx);
  buf_type_t i64 = buf_type_i64(ctx);
  if (BUF_FAILED(buf_parse_expect(p, "[")))
    return BUF_FAILURE;
  buf_attr_t *groups = NULL;
  uint32_t ng = 0;
  if (!buf_parse_optional(p, "]")) {
    do {
      if (BUF_FAILED(buf_parse_expect(p, "[")))
        return BUF_FAILURE;
      buf_attr_t *idx = NULL;
      uint32_t ni = 0;
      if (!buf_parse_optional(p, "]")) {
        do {
          int64_t v;
          if (BUF_FAILED(buf_parse_integer(p, &v)))
            return BUF_FAILURE;
          idx = buf_arena_grow(arena, idx, ni, ni + 1, sizeof *idx);
          idx[ni++] = buf_attr_integer(ctx, i64, v);
        } while (buf_parse_optional(p, ","));
        if (BUF_FAILED(buf_parse_expect(p, "]")))
          return BUF_FAILURE;
      }
      groups = buf_arena_grow(arena, groups, ng, ng + 1, sizeof *groups);
      groups[ng++] = buf_attr_array(ctx, ni, idx);
    } while (buf_parse_optional(p, ","));
    if (BUF_FAILED(buf_parse_expect(p, "]")))
      return BUF_FAILURE;
  }
  *out = buf_attr_array(ctx, ng, groups);
  return BUF_SUCCESS;
}

void buf__print_reassociation(buf_printer_t *pr, buf_attr_t reassoc) {
  buf_printer_puts(pr, "[");
  if (reassoc && reassoc->kind == BUF_ATTR_ARRAY) {
    for (uint32_t g = 0; g < reassoc->u.array.n; g++) {
      buf_attr_t grp = reassoc->u.array.elems[g];
      if (g)
        buf_printer_puts(pr, ", ");
      if (!grp || grp->kind != BUF_ATTR_ARRAY) {
        buf_printer_print_attr(pr, grp);
        continue;
      }
      buf_printer_puts(pr, "[");
      for (uint32_t i = 0; i < grp->u.array.n; i++) {
        buf_attr_t e = grp->u.array.elems[i];
        if (i)
          buf_printer_puts(pr, ", ");
        if (e && e->kind == BUF_ATTR_INTEGER)
          buf_printer_printf(pr, "%lld", (long long)e->u.i);
        else
          buf_printer_print_attr(pr, e);
      }
      buf_printer_puts(pr, "]");
    }
  }
  buf_printer_puts(pr, "]");
}

bool buf__reassoc_decode(buf_ctx_t *ctx, buf_attr_t a, buf__reassoc_t *out) {
  if (!a || a->kind != BUF_ATTR_ARRAY)
    return false;
  buf_arena_t *arena = buf_ctx_arena(ctx);
  uint32_t ng = a->u.array.n, total = 0;
  for (uint32_t g = 0; g < ng; g++) {
    buf_attr_t grp = a->u.array.elems[g];
    if (!grp || grp->kind != BUF_ATTR_ARRAY)
      return false;
    for (uint32_t i = 0; i < grp->u.array.n; i++)
      if (!grp->u.array.elems[i] ||
          grp->u.array.elems[i]->kind != BUF_ATTR_INTEGER)
        return false;
    total += grp->u.array.n;
  }
  uint32_t *start = buf_arena_alloc(arena, sizeof(uint32_t) * (ng + 1));
  uint32_t *len = buf_arena_alloc(arena, sizeof(uint32_t) * (ng + 1));
  int64_t *dims = buf_arena_alloc(arena, sizeof(int64_t) * (total + 1));
  int64_t max_dim = -1;
  uint32_t k = 0;
  for (uint32_t g = 0; g < ng; g++) {
    buf_attr_t grp = a->u.array.elems[g];
    start[g] = k;
    len[g] = grp->u.array.n;
    for (uint32_t i = 0; i < grp->u.array.n; i++) {
      dims[k] = grp->u.array.elems[i]->u.i;
      if (dims[k] > max_dim)
        max_dim = dims[k];
      k++;
    }
  }
  out->num_groups = ng;
  out->start = start;
  out->len = len;
  out->dims = dims;
  out->num_dims = total;
  out->max_dim = max_dim;
  return true;
}

void buf__collapsed_shape(const buf__reassoc_t *r, const int64_t *expanded,
                          int64_t *out) {
  for (uint32_t g = 0; g < r->num_groups; g++) {
    int64_t prod = 1;
    for (uint32_t i = 0; i < r->len[g]; i++)
      prod = mul_dyn(prod, expanded[r->dims[r->start[g] + i]]);
    out[g] = prod;
  }
}

buf_status_t buf__verify_reassociation(buf_op_t *op, buf_type_t expanded,
                                       buf_type_t collapsed) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t erank = expanded->u.shaped.rank, crank = collapsed->u.shaped.rank;
  if (erank < crank) {
    buf_op_emit_error(op,
                      "expected the expanded type, '%s' to have a higher (or "
                      "same) rank than the collapsed type, '%s'.",
                      buf_type_to_string(ctx, expanded),
                      buf_type_to_string(ctx, collapsed));
    return BUF_FAILURE;
  }
  buf__reassoc_t r;
  if (!buf__reassoc_decode(ctx, buf_op_attr(op, "reassociation"), &r)) {
    buf_op_emit_error(op, "attribute 'reassociation' failed to satisfy "
                          "constraint: Array of 64-bit integer array "
                          "attributes");
    return BUF_FAILURE;
  }
  if (crank != r.num_groups) {
    buf_op_emit_error(op,
                      "expected collapsed rank (%u) to equal the number of "
                      "reassociation maps (%u).",
                      crank, r.num_groups);
    return BUF_FAILURE;
  }
  /* Every map has max_dim + 1 dims, as MLIR builds them; MLIR counts
     dims in 32 bits (huge or negative entries wrap), and so do we, which
     also keeps INT64_MAX + 1 from overflowing. */
  int64_t ndims = (int64_t)(uint32_t)((uint32_t)r.max_dim + 1u);
  if (r.num_groups > 0 && ndims != (int64_t)erank) {
    buf_op_emit_error(op,
                      "expected reassociation map #0 to have size equal to "
                      "the expanded rank (%u), but it is  %lld.",
                      erank, (long long)ndims);
    return BUF_FAILURE;
  }
  int64_t next = 0;
  for (uint32_t g = 0; g < r.num_groups; g++) {
    bool bad = false;
    for (uint32_t i = 0; i < r.len[g]; i++)
      if (r.dims[r.start[g] + i] != next++)
        bad = true;
    if (bad) {
      buf_op_emit_error(op,
                        "expected reassociation map #%u to be valid and "
                        "contiguous.",
                        g);
      return BUF_FAILURE;
    }
  }
  if (r.num_groups > 0 && next != ndims) {
    buf_op_emit_error(op,
                      "expected reassociation map #%u to be valid and "
                      "contiguous.",
                      r.num_groups - 1);
    return BUF_FAILURE;
  }
  const int64_t *es = expanded->u.shaped.shape, *cs = collapsed->u.shaped.shape;
  for (uint32_t g = 0; g < r.num_groups; g++) {
    bool dyn = false;
    int64_t prod = 1;
    for (uint32_t i = 0; i < r.len[g]; i++) {
      int64_t d = es[r.start[g] + i];
      if (d == BUF_DYNAMIC)
        dyn = true;
      else
        prod = mul_dyn(prod, d);
    }
    if (dyn && cs[g] != BUF_DYNAMIC) {
      buf_op_emit_error(op,
                        "expected dimension %u of collapsed type to be "
                        "dynamic since one or more of the corresponding "
                        "dimensions in the expanded type is dynamic",
                        g);
      return BUF_FAILURE;
    }
    if (!dyn && cs[g] != prod) {
      buf_op_emit_error(op,
                        "expected dimension %u of collapsed type to be static "
                        "value of %lld",
                        g, (long long)prod);
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* tensor.reshape / memref.reshape `%src(%shape) attr-dict : (S, T) -> R`    */
/* ------------------------------------------------------------------------ */

buf_status_t buf__reshape_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t ops[2];
  buf_type_t ft;
  buf_loc_t loc;
  if (BUF_FAILED(buf_parse_operand(p, &ops[0])) ||
      BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_operand(p, &ops[1])) ||
      BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")))
    return BUF_FAILURE;
  loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &ft)))
    return BUF_FAILURE;
  if (ft->kind != BUF_TYPE_FUNCTION || ft->u.func.num_results != 1)
    return buf_parser_error_at(p, loc, "expected a function type with one "
                                       "result");
  if (BUF_FAILED(buf_parse_resolve_operands(p, ops, 2, ft->u.func.inputs,
                                            ft->u.func.num_inputs, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, ft->u.func.results[0]);
  return BUF_SUCCESS;
}

void buf__reshape_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_puts(pr, "(");
  buf_printer_print_value(pr, op->operands[1].value);
  buf_printer_puts(pr, ")");
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : (");
  buf_printer_print_operand_types(pr, op, 0, 2);
  buf_printer_puts(pr, ") -> ");
  buf_printer_print_type(pr, op->results[0].type);
}

/* ------------------------------------------------------------------------ */
/* Layouts of memref reshapes                                                */
/* ------------------------------------------------------------------------ */

/* Saturating product of two sizes/strides: dynamic when either is. */
static int64_t mul_sat(int64_t a, int64_t b) {
  if (a == BUF_DYNAMIC || b == BUF_DYNAMIC) return BUF_DYNAMIC;
  return a * b;
}

buf_attr_t buf__collapsed_layout(buf_ctx_t *ctx, buf_type_t src,
                                 const buf__reassoc_t *r, bool strict) {
  uint32_t rank = src->u.shaped.rank;
  const int64_t *shape = src->u.shaped.shape;
  int64_t ss[rank + 1], off;
  if (BUF_FAILED(buf_type_memref_strides(src, ss, &off))) return NULL;
  int64_t rs[r->num_groups + 1];
  for (uint32_t g = 0; g < r->num_groups; g++) {
    const int64_t *dims = r->dims + r->start[g];
    uint32_t len = r->len[g];
    if (len == 0) return NULL;
    /* Trailing unit dims have meaningless strides: skip them. */
    while (len > 1 && shape[dims[len - 1]] == 1) len--;
    int64_t last = dims[len - 1];
    rs[g] = (shape[last] != BUF_DYNAMIC || len == 1) ? ss[last] : BUF_DYNAMIC;
  }
  /* Each group must be contiguous: stride[d-1] == stride[d] * size[d]. */
  for (uint32_t g = 0; g < r->num_groups; g++) {
    const int64_t *dims = r->dims + r->start[g];
    int64_t stride = rs[g];
    for (uint32_t k = r->len[g]; k-- > 1;) {
      stride = mul_sat(stride, shape[dims[k]]);
      int64_t src_stride = ss[dims[k] - 1];
      if (strict && (stride == BUF_DYNAMIC || src_stride == BUF_DYNAMIC))
        return NULL;
      if (shape[dims[k] - 1] == 1) continue;
      if (stride != BUF_DYNAMIC && src_stride != BUF_DYNAMIC &&
          stride != src_stride)
        return NULL;
    }
  }
  return buf_attr_strided(ctx, r->num_groups, rs, off);
}

buf_status_t buf__expanded_layout(buf_ctx_t *ctx, buf_type_t src,
                                  const int64_t *result_shape,
                                  uint32_t result_rank, const buf__reassoc_t *r,
                                  buf_attr_t *layout) {
  int64_t ss[src->u.shaped.rank + 1], off;
  if (BUF_FAILED(buf_type_memref_strides(src, ss, &off))) return BUF_FAILURE;
  int64_t rs[result_rank + 1];
  for (uint32_t i = 0; i < result_rank; i++) rs[i] = 1;
  for (uint32_t g = r->num_groups; g-- > 0;) {
    int64_t cur = ss[g];
    const int64_t *dims = r->dims + r->start[g];
    for (uint32_t k = r->len[g]; k-- > 0;) {
      if (dims[k] < 0 || dims[k] >= (int64_t)result_rank) return BUF_FAILURE;
      rs[dims[k]] = cur;
      cur = mul_sat(cur, result_shape[dims[k]]);
    }
  }
  /* as upstream (computeExpandedType), the result has the identity layout
   * exactly when the source's layout is the identity map: none, or
   * strided<[1]> of rank 1 at offset 0; any other source gets the strided
   * layout even where it is the row-major one (strided<[5, 1]> of 1x5
   * expands to strided<[5, 1, 1]>, not to the identity) */
  uint32_t src_rank = src->u.shaped.rank;
  bool identity_source = src->u.shaped.layout == NULL ||
                         (off == 0 && ((src_rank == 1 && ss[0] == 1) || src_rank == 0));
  *layout = identity_source ? NULL : buf_attr_strided(ctx, result_rank, rs, off);
  return BUF_SUCCESS;
}
