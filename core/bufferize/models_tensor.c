/*
 * models_tensor.c: bufferization models of the tensor dialect.
 *
 *   empty            fresh buffer, undefined contents -> memref.alloc
 *   extract          reads its source                -> memref.load
 *   insert           reads+writes dest, result == dest -> memref.store
 *   extract_slice    result aliases source           -> memref.subview
 *   insert_slice     writes dest, reads source       -> subview + copy (none
 *                    when the source is already that slice of dest)
 *   cast / collapse_shape / expand_shape  result == source (view ops)
 *   dim              no memory access                -> memref.dim
 *   from_elements / generate / pad  fresh buffers filled by stores
 *                    (generate / pad move their body into an scf.for nest)
 *   splat            fresh buffer filled by linalg.map (as upstream)
 *   bitcast          fresh buffer filled by arith.bitcast of each element
 *                    (upstream has no model: no memref op reinterprets
 *                    elements; signless integers and floats only)
 *
 * The matching extract_slice / insert_slice rule (upstream's
 * isNotConflicting) lives here: writing a slice extracted from the
 * destination at the same offsets/sizes/strides, and inserted back, does
 * not conflict with the insert_slice's read of the rest of the destination.
 * So do the subsets the slice ops and extract / insert access (upstream's
 * SubsetOpInterface), asked by subsets.c for disjoint accesses.
 */
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"
#include "../dialects/shaped_util.h"

/* ------------------------------------------------------------------------ */
/* Shared helpers                                                            */
/* ------------------------------------------------------------------------ */

static bool r_true(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return true; }
static bool r_false(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return false; }

static bool is_operand(buf_use_t *u, uint32_t i) { return u->index == i; }

static uint32_t alias_result0_equiv(buf_bz_t *bz, buf_use_t *u,
                                    buf_bz_alias_t *out, uint32_t max) {
  (void)bz;
  if (!max || !u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[0], BUF_BZ_EQUIV};
  return 1;
}

static uint32_t alias_result0_maybe(buf_bz_t *bz, buf_use_t *u,
                                    buf_bz_alias_t *out, uint32_t max) {
  (void)bz;
  if (!max || !u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[0], BUF_BZ_MAYBE};
  return 1;
}

static bool undefined_true(buf_bz_t *bz, buf_value_t *v) {
  (void)bz; (void)v;
  return true;
}

static buf_value_t *operand(buf_op_t *op, uint32_t i) {
  return op->operands[i].value;
}

/* Emits memref.load / memref.store. */
static buf_value_t *build_load(buf_builder_t *b, buf_value_t *mem,
                               buf_value_t *const *idx, uint32_t n,
                               buf_type_t elem) {
  buf_value_t *ops[65];
  ops[0] = mem;
  for (uint32_t i = 0; i < n && i < 64; i++)
    ops[i + 1] = idx[i];
  buf_op_t *l = buf_build(b, "memref.load", elem, n + 1, ops, "nontemporal",
                          buf_attr_bool(b->ctx, false), NULL);
  return buf_op_result(l, 0);
}

static void build_store(buf_builder_t *b, buf_value_t *val, buf_value_t *mem,
                        buf_value_t *const *idx, uint32_t n) {
  buf_value_t *ops[66];
  ops[0] = val;
  ops[1] = mem;
  for (uint32_t i = 0; i < n && i < 64; i++)
    ops[i + 2] = idx[i];
  buf_build(b, "memref.store", NULL, n + 2, ops, "nontemporal",
            buf_attr_bool(b->ctx, false), NULL);
}

/* The memref type of a subview with result tensor type `result` (possibly
 * rank-reduced) of buffer type `src`. NULL when no strided type exists. */
static buf_type_t subview_type(buf_ctx_t *ctx, buf_type_t src,
                               const buf__slice_t *s, buf_type_t result) {
  buf_type_t full = buf__subview_type(ctx, src, s);
  if (!full)
    return NULL;
  uint32_t fr = full->u.shaped.rank, rr = result->u.shaped.rank;
  if (fr == rr)
    return full;
  if (fr > 64)
    return NULL;
  bool dropped[64];
  if (!buf__rank_reduction_mask(full->u.shaped.shape, fr,
                                result->u.shaped.shape, rr, dropped))
    return NULL;
  int64_t strides[64], off, shape[64], kept[64];
  if (BUF_FAILED(buf_type_memref_strides(full, strides, &off)))
    return NULL;
  uint32_t n = 0;
  for (uint32_t i = 0; i < fr; i++)
    if (!dropped[i]) {
      shape[n] = full->u.shaped.shape[i];
      kept[n] = strides[i];
      n++;
    }
  buf_attr_t layout = buf_attr_strided(ctx, n, kept, off);
  return buf_type_memref(ctx, n, shape, full->u.shaped.elem, layout,
                         full->u.shaped.memory_space);
}

/* memref.subview of `base` with the slice of op whose dynamic
 * offsets/sizes/strides start at operand `first_dyn`. */
static buf_value_t *build_subview(buf_bz_rewriter_t *rw, buf_builder_t *b,
                                  buf_op_t *op, uint32_t first_segment,
                                  buf_value_t *base, buf_type_t result_tensor) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf__slice_t s;
  if (BUF_FAILED(buf__slice_get(op, first_segment, base->type->u.shaped.rank, &s)))
    return NULL;
  buf_type_t t = subview_type(ctx, base->type, &s, result_tensor);
  if (!t) {
    buf_op_emit_error(op, "cannot bufferize: no strided memref type for "
                          "this slice");
    return NULL;
  }
  uint32_t no = buf__count_dynamic(s.offsets, s.rank);
  uint32_t ns = buf__count_dynamic(s.sizes, s.rank);
  uint32_t nst = buf__count_dynamic(s.strides, s.rank);
  buf_op_state_t st;
  buf_state_init(&st, ctx, "memref.subview", op->loc);
  buf_state_add_operand(&st, base);
  for (uint32_t i = 0; i < no + ns + nst; i++)
    buf_state_add_operand(&st, operand(op, s.dyn_offsets + i));
  buf_state_add_result(&st, t);
  int64_t seg[4] = {1, no, ns, nst};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  buf_state_set_attr(&st, "static_offsets", buf_op_attr(op, "static_offsets"));
  buf_state_set_attr(&st, "static_sizes", buf_op_attr(op, "static_sizes"));
  buf_state_set_attr(&st, "static_strides", buf_op_attr(op, "static_strides"));
  buf_op_t *sv = buf_builder_insert(b, &st);
  return buf_op_result(sv, 0);
}

/* Same offsets, sizes and strides (static values and dynamic operands). */
static bool same_slice(buf_op_t *a, uint32_t a_first, buf_op_t *b,
                       uint32_t b_first) {
  static const char *const names[] = {"static_offsets", "static_sizes",
                                      "static_strides"};
  for (int k = 0; k < 3; k++)
    if (buf_op_attr(a, names[k]) != buf_op_attr(b, names[k]))
      return false;
  uint32_t na = a->num_operands - a_first, nb = b->num_operands - b_first;
  if (na != nb)
    return false;
  for (uint32_t i = 0; i < na; i++)
    if (operand(a, a_first + i) != operand(b, b_first + i))
      return false;
  return true;
}

/* extract_slice's same_subset: is `other` also an extract_slice, of the
 * same type, with the same slice of an equivalent source? */
static bool extract_slice_same_subset(buf_bz_t *bz, buf_value_t *result,
                                      buf_value_t *other) {
  buf_op_t *da = result->def, *db = other->def;
  if (!db || db->def != da->def || result->type != other->type)
    return false;
  return same_slice(da, 1, db, 1) &&
         buf_bz_equivalent(bz, operand(da, 0), operand(db, 0));
}

/* ------------------------------------------------------------------------ */
/* Subsets (upstream's SubsetOpInterface, static boxes only; subsets.c)     */
/* ------------------------------------------------------------------------ */

/* The single element of `of` at the constant indices in operands
 * [first, first + rank) of op. */
static bool point_subset(buf_op_t *op, uint32_t first, buf_value_t *of,
                         buf_bz_subset_t *b) {
  if (!buf__bz_subset_static_rank(of->type, &b->rank) ||
      op->num_operands != first + b->rank)
    return false;
  b->of = of;
  b->complement = false;
  for (uint32_t d = 0; d < b->rank; d++) {
    if (!buf_value_constant_int(operand(op, first + d), &b->lo[d]))
      return false;
    b->hi[d] = b->lo[d];
    b->step[d] = 0;
  }
  return true;
}

/* The slice of `of` that a slice op (dynamic operands from segment
 * first_segment) addresses, when it is fully static and keeps the rank. */
static bool slice_subset(buf_op_t *op, uint32_t first_segment, buf_value_t *of,
                         uint32_t sliced_rank, buf_bz_subset_t *b) {
  buf__slice_t s;
  if (!buf__bz_subset_static_rank(of->type, &b->rank) ||
      b->rank != sliced_rank ||
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

static uint32_t static_rank(buf_value_t *v) {
  uint32_t r;
  return buf__bz_subset_static_rank(v->type, &r) ? r : UINT32_MAX;
}

/* tensor.extract reads one element of its source. */
static bool extract_subset(buf_use_t *u, bool write, buf_bz_subset_t *b) {
  if (!write && u->index == 0)
    return point_subset(u->owner, 1, u->value, b);
  return buf_bz_subset_whole(u->value, b);
}

/* tensor.insert writes one element of its destination and keeps (reads)
 * every other one. */
static bool insert_subset(buf_use_t *u, bool write, buf_bz_subset_t *b) {
  if (u->index != 1)
    return buf_bz_subset_whole(u->value, b);
  bool ok = point_subset(u->owner, 2, u->value, b);
  if (!write)
    b->complement = true;
  return ok;
}

/* tensor.extract_slice reads its slice of the source. */
static bool extract_slice_subset(buf_use_t *u, bool write, buf_bz_subset_t *b) {
  buf_op_t *op = u->owner;
  if (!write && u->index == 0)
    return slice_subset(op, 1, u->value, static_rank(&op->results[0]), b);
  return buf_bz_subset_whole(u->value, b);
}

/* tensor.insert_slice writes its slice of the destination and keeps
 * (reads) the rest. */
static bool insert_slice_subset(buf_use_t *u, bool write, buf_bz_subset_t *b) {
  buf_op_t *op = u->owner;
  if (u->index != 1)
    return buf_bz_subset_whole(u->value, b);
  bool ok = slice_subset(op, 2, u->value, static_rank(operand(op, 0)), b);
  if (!write)
    b->complement = true;
  return ok;
}

/* Carries b from the extract_slice's result to its source, when the slice
 * is static and keeps the rank. */
static bool extract_slice_subset_in_source(const buf_op_t *cop,
                                           buf_bz_subset_t *b) {
  buf_op_t *op = (buf_op_t *)cop;
  buf_bz_subset_t outer;
  buf_value_t *src = operand(op, 0);
  if (!slice_subset(op, 1, src, b->rank, &outer))
    return false;
  buf__slice_t s;
  buf__slice_get(op, 1, outer.rank, &s);
  for (uint32_t d = 0; d < b->rank; d++) {
    b->lo[d] = s.offsets[d] + b->lo[d] * s.strides[d];
    b->hi[d] = s.offsets[d] + b->hi[d] * s.strides[d];
    b->step[d] *= s.strides[d];
  }
  b->of = src;
  return true;
}

/* Is every equivalent reverse use-def path from v ending in an
 * extract_slice with the same slice as insert (`ins`, dest operand 1,
 * dynamic operands from 2) whose source is equivalent to ins's dest? With
 * within, a path may also pass through other extract_slices first: a slice
 * of that slice lies inside it (or, out of place, is a copy), so writing it
 * only touches what the insert overwrites. */
static const buf_bufferize_model_t extract_slice_model;

typedef bool (*path_fn)(buf_bz_t *bz, buf_value_t *v, const void *goal, unsigned depth);

/* One step back from v along equivalent reverse use-def paths: the tensor
 * operands of v's op whose aliases include v, followed in place or not yet
 * decided (as upstream: an operand that ends up out of place cuts the
 * path's aliasing with the destination, so no conflict is hidden either
 * way). False when one of them is not equivalent to v or its paths fail
 * `path`; *any tells whether there was one. */
static bool equivalent_operands_all(buf_bz_t *bz, buf_value_t *v, path_fn path,
                                    const void *goal, unsigned depth, bool *any) {
  buf_op_t *d = v->def;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  *any = false;
  for (uint32_t i = 0; i < d->num_operands; i++) {
    buf_use_t *u = &d->operands[i];
    if (!buf__bz_is_tensor_type(u->value->type))
      continue;
    uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
    for (uint32_t j = 0; j < k; j++)
      if (al[j].value == v) {
        if (al[j].rel != BUF_BZ_EQUIV || !path(bz, u->value, goal, depth + 1))
          return false;
        *any = true;
      }
  }
  return true;
}

typedef struct extract_goal {
  buf_op_t *ins;
  bool within;
} extract_goal_t;

static bool matching_extract_path(buf_bz_t *bz, buf_value_t *v, const void *goal,
                                  unsigned depth);

static bool matching_extract(buf_bz_t *bz, buf_value_t *v, buf_op_t *ins,
                             bool within, unsigned depth) {
  if (depth > 64 || !v->def)
    return false;
  buf_op_t *d = v->def;
  if (buf__bz_unfiltered_model(bz, d) == &extract_slice_model) {
    if (same_slice(d, 1, ins, 2) &&
        buf_bz_equivalent(bz, operand(d, 0), operand(ins, 1)))
      return true;
    return within && matching_extract(bz, operand(d, 0), ins, within, depth + 1);
  }
  bool any;
  extract_goal_t goal = {ins, within};
  if (!equivalent_operands_all(bz, v, matching_extract_path, &goal, depth, &any))
    return false;
  /* a branch op (scf.if) is, whichever branch runs, the whole of that
   * branch's yielded value: every branch must match */
  const buf_bufferize_model_t *m = buf__bz_unfiltered_model(bz, d);
  if (!any && m && m->exclusive_regions && d->num_regions) {
    uint32_t r = (uint32_t)(v - d->results);
    for (uint32_t i = 0; i < d->num_regions; i++) {
      buf_block_t *b = d->regions[i]->first;
      buf_op_t *t = b ? b->last : NULL;
      if (!t || r >= t->num_operands || t->operands[r].value->type != v->type ||
          !matching_extract(bz, t->operands[r].value, ins, within, depth + 1))
        return false;
    }
    return true;
  }
  return any;
}

static bool matching_extract_path(buf_bz_t *bz, buf_value_t *v, const void *goal,
                                  unsigned depth) {
  const extract_goal_t *g = goal;
  return matching_extract(bz, v, g->ins, g->within, depth);
}

static bool overwrites_whole_dest(buf_op_t *op);

/* Is every equivalent reverse use-def path from v (through ops in place or
 * not yet decided, as matching_extract) ending at `dest` itself? */
static bool equivalent_path_to(buf_bz_t *bz, buf_value_t *v, const void *dest,
                               unsigned depth) {
  if (v == dest || buf_bz_equivalent(bz, v, (buf_value_t *)dest))
    return true;
  if (depth > 64 || !v->def)
    return false;
  bool any;
  return equivalent_operands_all(bz, v, equivalent_path_to, dest, depth, &any) && any;
}

/* Is the insertion's source already where the insertion puts it: the
 * matching slice of dest, or, when the slice is all of dest, dest's own
 * buffer (a fill of a shared_out inserted back whole)? Then the source is
 * read and written at the same place, element by element, and a copy would
 * copy it onto itself. */
static bool source_at_slice(buf_bz_t *bz, buf_value_t *v, buf_op_t *ins) {
  return matching_extract(bz, v, ins, false, 0) ||
         (overwrites_whole_dest(ins) &&
          equivalent_path_to(bz, v, operand(ins, 1), 0));
}

/* ------------------------------------------------------------------------ */
/* tensor.empty                                                              */
/* ------------------------------------------------------------------------ */

static buf_status_t empty_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_type_t t = buf_bz_alloc_type(rw, op->results[0].type);
  buf_value_t *dyn[64];
  for (uint32_t i = 0; i < op->num_operands && i < 64; i++)
    dyn[i] = operand(op, i);
  buf_value_t *a = buf_bz_alloc(rw, &b, t, NULL, dyn);
  buf_bz_replace(rw, op, &a);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t empty_model = {
    .alloc_reason = "empty tensor",
    .result_undefined = undefined_true,
    .bufferize = empty_bufferize,
};

/* ------------------------------------------------------------------------ */
/* tensor.extract / tensor.insert                                            */
/* ------------------------------------------------------------------------ */

/* tensor.extract: indices are operands 1.. */
static buf_status_t extract_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *m = buf_bz_buffer(rw, operand(op, 0));
  buf_value_t *idx[64] = {0};
  uint32_t n = op->num_operands - 1;
  for (uint32_t i = 0; i < n && i < 64; i++)
    idx[i] = operand(op, i + 1);
  buf_value_t *v = build_load(&b, m, idx, n, op->results[0].type);
  buf_bz_replace(rw, op, &v);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t extract_model = {
    .reads = r_true,
    .writes = r_false,
    .bufferize = extract_bufferize,
    .accessed_subset = extract_subset,
};

static bool insert_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return is_operand(u, 1);
}

static uint32_t insert_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                               uint32_t max) {
  if (!is_operand(u, 1))
    return 0;
  return alias_result0_equiv(bz, u, out, max);
}

static buf_status_t insert_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *m = buf_bz_buffer(rw, operand(op, 1));
  buf_value_t *idx[64] = {0};
  uint32_t n = op->num_operands - 2;
  for (uint32_t i = 0; i < n && i < 64; i++)
    idx[i] = operand(op, i + 2);
  build_store(&b, operand(op, 0), m, idx, n);
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t insert_model = {
    .reads = r_true,
    .writes = insert_writes,
    .aliases = insert_aliases,
    .bufferize = insert_bufferize,
    .accessed_subset = insert_subset,
};

/* ------------------------------------------------------------------------ */
/* extract_slice / insert_slice                                              */
/* ------------------------------------------------------------------------ */

static uint32_t source_aliases_maybe(buf_bz_t *bz, buf_use_t *u,
                                     buf_bz_alias_t *out, uint32_t max) {
  if (!is_operand(u, 0))
    return 0;
  return alias_result0_maybe(bz, u, out, max);
}

static buf_status_t extract_slice_bufferize(buf_bz_rewriter_t *rw,
                                            buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  if (src->type->kind != BUF_TYPE_MEMREF) {
    buf_op_emit_error(op, "cannot bufferize: unranked source");
    return BUF_FAILURE;
  }
  buf_value_t *sv = build_subview(rw, &b, op, 1, src, op->results[0].type);
  if (!sv)
    return BUF_FAILURE;
  buf_bz_replace(rw, op, &sv);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t extract_slice_model = {
    .reads = r_false,
    .writes = r_false,
    .aliases = source_aliases_maybe,
    .bufferize = extract_slice_bufferize,
    .accessed_subset = extract_slice_subset,
    .subset_in_source = extract_slice_subset_in_source,
    .same_subset = extract_slice_same_subset,
};

static bool insert_slice_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return is_operand(u, 1);
}

static uint32_t insert_slice_aliases(buf_bz_t *bz, buf_use_t *u,
                                     buf_bz_alias_t *out, uint32_t max) {
  if (!is_operand(u, 1))
    return 0;
  return alias_result0_equiv(bz, u, out, max);
}

static bool insert_slice_not_conflicting(buf_bz_t *bz, buf_use_t *read,
                                         buf_use_t *write) {
  /* the model is asked for the reading op and for the writing op */
  buf_op_t *op = NULL;
  const buf_bufferize_model_t *rm = buf_bz_model_of(bz, read->owner);
  if (rm && rm->not_conflicting == insert_slice_not_conflicting)
    op = read->owner;
  if (read->owner == op && read->index == 1) {
    /* Case 1: the insert_slice reads its dest except the slice; a write
     * into a matching extract of that slice does not touch what it reads. */
    if (matching_extract(bz, write->value, op, true, 0))
      return true;
  }
  if (read->owner == op && read->index == 0 && write->owner == op &&
      write->index == 1 && source_at_slice(bz, read->value, op))
    return true; /* Case 2: the source is that very slice of dest */
  buf_op_t *wop = write->owner;
  const buf_bufferize_model_t *wm = buf_bz_model_of(bz, wop);
  if (wm && wm->not_conflicting == insert_slice_not_conflicting &&
      write->index == 1 &&
      buf_bz_equivalent(bz, read->value, operand(wop, 0)) &&
      matching_extract(bz, operand(wop, 0), wop, false, 0))
    return true; /* Case 3: the write stores the same data back */
  return false;
}

/* Is buffer `src` exactly the subview the insert_slice would create? */
static bool is_same_subview(buf_value_t *src, buf_value_t *dest, buf_op_t *ins) {
  buf_op_t *d = src->def;
  return d && buf_op_view_source(d) == dest && same_slice(d, 1, ins, 2);
}

/* Is the source the very slice of the in-place destination (a matching
 * extract_slice, through equivalent in-place ops such as a loop over the
 * slice)? Then a copy would copy the slice onto itself. */
static bool source_is_dest_slice(buf_bz_rewriter_t *rw, buf_op_t *ins) {
  buf_bz_t *bz = buf_bz_rw_analysis(rw);
  return buf_bz_inplace(bz, &ins->operands[1]) &&
         source_at_slice(bz, operand(ins, 0), ins);
}

static buf_status_t insert_slice_bufferize(buf_bz_rewriter_t *rw,
                                           buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *dest = buf_bz_buffer(rw, operand(op, 1));
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  if (dest->type->kind != BUF_TYPE_MEMREF) {
    buf_op_emit_error(op, "cannot bufferize: unranked destination");
    return BUF_FAILURE;
  }
  if (!is_same_subview(src, dest, op) && !source_is_dest_slice(rw, op)) {
    buf_value_t *sv = build_subview(rw, &b, op, 2, dest, operand(op, 0)->type);
    if (!sv)
      return BUF_FAILURE;
    buf_bz_copy(rw, &b, src, sv);
  }
  buf_bz_replace(rw, op, &dest);
  return BUF_SUCCESS;
}

/* Does the insert_slice overwrite every element of its destination (zero
 * offsets, unit strides, the static sizes of the destination)? Then it does
 * not read the destination, as upstream's model says too: an out-of-place
 * destination needs no copy of its old contents. */
static bool overwrites_whole_dest(buf_op_t *op) {
  /* a tensor, or during the rewrite already a buffer (a function argument
   * gets its memref type before the body is rewritten) */
  buf_type_t dest = operand(op, 1)->type;
  if (dest->kind != BUF_TYPE_TENSOR && dest->kind != BUF_TYPE_MEMREF)
    return false;
  uint32_t rank = dest->u.shaped.rank;
  buf__slice_t s;
  if (BUF_FAILED(buf__slice_get(op, 2, rank, &s)))
    return false;
  for (uint32_t i = 0; i < rank; i++)
    if (s.offsets[i] != 0 || s.strides[i] != 1 ||
        dest->u.shaped.shape[i] == BUF_DYNAMIC ||
        s.sizes[i] != dest->u.shaped.shape[i])
      return false;
  return true;
}

static bool insert_slice_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return !is_operand(u, 1) || !overwrites_whole_dest(u->owner);
}

/* Empty-tensor elimination for insert_slice and parallel_insert_slice:
 * tensor.extract_slice of the destination at the insertion's offsets,
 * sizes and strides, of the source's type (rank-reducing like the
 * insertion). NULL when the operand segments are malformed. */
static buf_value_t *slice_extraction(buf_builder_t *b, buf_op_t *ins) {
  uint32_t lens[3];
  if (ins->num_operands < 2 ||
      buf_op_segment_sizes(ins, "operandSegmentSizes", NULL, 0) < 5)
    return NULL;
  uint32_t first = buf_op_segment(ins, 2, &lens[0]);
  buf_op_segment(ins, 3, &lens[1]);
  buf_op_segment(ins, 4, &lens[2]);
  if (first != 2 || 2 + lens[0] + lens[1] + lens[2] != ins->num_operands ||
      !buf_type_is_tensor(ins->operands[1].value->type))
    return NULL;
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "tensor.extract_slice", b->loc);
  for (uint32_t i = 1; i < ins->num_operands; i++)
    buf_state_add_operand(&st, ins->operands[i].value);
  buf_state_add_result(&st, ins->operands[0].value->type);
  int64_t seg[4] = {1, lens[0], lens[1], lens[2]};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(b->ctx, buf_type_i32(b->ctx), 4, seg,
                                          NULL));
  buf_state_set_attr(&st, "static_offsets", buf_op_attr(ins, "static_offsets"));
  buf_state_set_attr(&st, "static_sizes", buf_op_attr(ins, "static_sizes"));
  buf_state_set_attr(&st, "static_strides", buf_op_attr(ins, "static_strides"));
  return buf_op_result(buf_builder_insert(b, &st), 0);
}

static const buf_bufferize_model_t insert_slice_model = {
    .insertion = BUF_BZ_INSERT_SLICE,
    .build_subset_extraction = slice_extraction,
    .alloc_reason = "insert slice",
    .reads = insert_slice_reads,
    .writes = insert_slice_writes,
    .aliases = insert_slice_aliases,
    .not_conflicting = insert_slice_not_conflicting,
    .bufferize = insert_slice_bufferize,
    .accessed_subset = insert_slice_subset,
};

/* ------------------------------------------------------------------------ */
/* Fresh buffers: from_elements, splat, generate, pad                        */
/* ------------------------------------------------------------------------ */

static buf_status_t from_elements_bufferize(buf_bz_rewriter_t *rw,
                                            buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_type_t rt = op->results[0].type;
  buf_value_t *m = buf_bz_alloc(rw, &b, buf_bz_alloc_type(rw, rt), NULL, NULL);
  uint32_t rank = rt->u.shaped.rank;
  if (rank > 64)
    return BUF_FAILURE;
  /* One index constant per position 0 .. max extent - 1, all built before
   * the stores and shared by them, as mlir-opt builds them: the output then
   * reads alike without a later cse. */
  int64_t max_extent = 0;
  for (uint32_t d = 0; d < rank; d++)
    if (rt->u.shaped.shape[d] > max_extent)
      max_extent = rt->u.shaped.shape[d];
  if (op->num_operands == 0)
    max_extent = 0;
  buf_value_t **consts = NULL;
  if (max_extent > 0) {
    consts = calloc((size_t)max_extent, sizeof *consts);
    if (!consts)
      abort(); /* out of memory */
    for (int64_t i = 0; i < max_extent; i++)
      consts[i] = buf_build_index_constant(&b, i);
  }
  int64_t pos[64] = {0};
  for (uint32_t e = 0; e < op->num_operands; e++) {
    buf_value_t *idx[64] = {0};
    for (uint32_t d = 0; d < rank; d++)
      idx[d] = consts[pos[d]];
    build_store(&b, operand(op, e), m, idx, rank);
    for (uint32_t d = rank; d-- > 0;) {
      if (++pos[d] < rt->u.shaped.shape[d])
        break;
      pos[d] = 0;
    }
  }
  free(consts);
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t from_elements_model = {
    .alloc_reason = "new tensor",
    .bufferize = from_elements_bufferize,
};

/* Builds an scf.for nest over every index of `m`; returns the innermost
 * body block (ending in scf.yield) and its induction variables. */
buf_block_t *buf__bz_loop_nest(buf_bz_rewriter_t *rw, buf_builder_t *b,
                               buf_value_t *m, buf_value_t **ivs) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  uint32_t rank = m->type->u.shaped.rank;
  buf_builder_t cur = *b;
  buf_block_t *inner = NULL;
  for (uint32_t d = 0; d < rank; d++) {
    buf_value_t *lb = buf_build_index_constant(&cur, 0);
    buf_value_t *step = buf_build_index_constant(&cur, 1);
    buf_value_t *ub;
    if (m->type->u.shaped.shape[d] != BUF_DYNAMIC) {
      ub = buf_build_index_constant(&cur, m->type->u.shaped.shape[d]);
    } else {
      buf_value_t *c = buf_build_index_constant(&cur, d);
      buf_value_t *ops[2] = {m, c};
      ub = buf_op_result(buf_build(&cur, "memref.dim", buf_type_index(ctx), 2, ops, NULL), 0);
    }
    buf_op_state_t st;
    buf_state_init(&st, ctx, "scf.for", cur.loc);
    buf_state_add_operand(&st, lb);
    buf_state_add_operand(&st, ub);
    buf_state_add_operand(&st, step);
    buf_region_t *r = buf_state_add_region(&st);
    buf_block_t *blk = buf_block_create(ctx);
    buf_region_append_block(r, blk);
    ivs[d] = buf_block_add_arg(blk, buf_type_index(ctx), cur.loc);
    buf_builder_insert(&cur, &st);
    buf_builder_t yb;
    buf_builder_init(&yb, ctx);
    buf_builder_set_block_end(&yb, blk);
    yb.loc = cur.loc;
    buf_op_t *y = buf_build(&yb, "scf.yield", NULL, 0, NULL, NULL);
    buf_builder_set_before(&cur, y);
    inner = blk;
  }
  return inner;
}

/* Fills m by a linalg.map whose body is the body of a generate/pad: its
 * index arguments become linalg.index ops, its tensor.yield a
 * linalg.yield (upstream's form). The moved ops are bufferized in place. */
static buf_status_t map_from_body(buf_bz_rewriter_t *rw, buf_builder_t *b,
                                  buf_op_t *op, buf_value_t *m) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_block_t *body = buf_region_entry(op->regions[0]);
  uint32_t rank = m->type->u.shaped.rank;
  if (!body || !body->last || body->last->num_operands != 1 ||
      body->num_args != rank)
    return BUF_FAILURE;
  buf_op_state_t st;
  buf_state_init(&st, ctx, "linalg.map", op->loc);
  buf_state_add_operand(&st, m);
  buf_block_t *mb = buf_block_create(ctx);
  buf_region_append_block(buf_state_add_region(&st), mb);
  buf_block_add_arg(mb, m->type->u.shaped.elem, op->loc);
  buf_builder_insert(b, &st);
  buf_builder_t ib;
  buf_builder_init(&ib, ctx);
  buf_builder_set_block_end(&ib, mb);
  ib.loc = op->loc;
  for (uint32_t d = 0; d < rank; d++) {
    buf_op_state_t is;
    buf_state_init(&is, ctx, "linalg.index", op->loc);
    buf_state_add_result(&is, buf_type_index(ctx));
    buf_state_set_attr(&is, "dim", buf_attr_integer(ctx, buf_type_i64(ctx), d));
    buf_value_replace_all_uses(body->args[d],
                               buf_op_result(buf_builder_insert(&ib, &is), 0));
  }
  buf_op_t *ty = body->last;
  buf_op_t *anchor = buf_build(&ib, "linalg.yield", NULL, 0, NULL, NULL);
  while (body->first)
    buf_op_move_before(body->first, anchor);
  buf_op_erase(anchor);
  buf_builder_set_block_end(&ib, mb);
  ib.loc = ty->loc;
  buf_value_t *v = operand(ty, 0);
  buf_build(&ib, "linalg.yield", NULL, 1, &v, NULL);
  buf_op_erase(ty);
  return buf_bz_rewrite_block(rw, mb);
}

static buf_status_t generate_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_type_t rt = op->results[0].type;
  buf_value_t *dyn[64];
  for (uint32_t i = 0; i < op->num_operands && i < 64; i++)
    dyn[i] = operand(op, i);
  buf_value_t *m = buf_bz_alloc(rw, &b, buf_bz_alloc_type(rw, rt), NULL, dyn);
  if (rt->u.shaped.rank > 64 || BUF_FAILED(map_from_body(rw, &b, op, m)))
    return BUF_FAILURE;
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t generate_model = {
    .alloc_reason = "new tensor",
    .bufferize = generate_bufferize,
};

/* A new buffer of the result's (dynamic) sizes, filled by a linalg.map
 * whose body yields the value, as upstream's model builds it. */
static buf_status_t splat_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_type_t rt = op->results[0].type;
  buf_value_t *dyn[64];
  for (uint32_t i = 1; i < op->num_operands && i < 65; i++)
    dyn[i - 1] = operand(op, i);
  buf_value_t *m = buf_bz_alloc(rw, &b, buf_bz_alloc_type(rw, rt), NULL, dyn);
  buf_op_state_t st;
  buf_state_init(&st, ctx, "linalg.map", op->loc);
  buf_state_add_operand(&st, m);
  buf_block_t *body = buf_block_create(ctx);
  buf_region_append_block(buf_state_add_region(&st), body);
  buf_block_add_arg(body, rt->u.shaped.elem, op->loc);
  buf_builder_t yb;
  buf_builder_init(&yb, ctx);
  buf_builder_set_block_end(&yb, body);
  yb.loc = op->loc;
  buf_value_t *v = operand(op, 0);
  buf_build(&yb, "linalg.yield", NULL, 1, &v, NULL);
  buf_builder_insert(&b, &st);
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t splat_model = {
    .alloc_reason = "new tensor",
    .bufferize = splat_bufferize,
};

static bool pad_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return is_operand(u, 0);
}

static buf_status_t pad_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_type_t rt = op->results[0].type;
  uint32_t rank = rt->u.shaped.rank;
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  const int64_t *lo, *hi;
  uint32_t nlo, nhi;
  if (rank == 0 || rank > 64 ||
      !buf__i64_array(buf_op_attr(op, "static_low"), &lo, &nlo) ||
      !buf__i64_array(buf_op_attr(op, "static_high"), &hi, &nhi) ||
      nlo != rank || nhi != rank) {
    buf_op_emit_error(op, "cannot bufferize: malformed pad");
    return BUF_FAILURE;
  }
  uint32_t nl = 0;
  for (uint32_t i = 0; i < rank; i++)
    if (lo[i] == BUF_DYNAMIC)
      nl++;
  /* low / high pad values as SSA values */
  buf_value_t *lowv[64], *highv[64];
  uint32_t dl = 1, dh = 1 + nl;
  for (uint32_t i = 0; i < rank; i++) {
    lowv[i] = lo[i] == BUF_DYNAMIC ? operand(op, dl++) : NULL;
    highv[i] = hi[i] == BUF_DYNAMIC ? operand(op, dh++) : NULL;
  }
  /* result sizes for dynamic dims: dim(src) + low + high */
  buf_value_t *dyn[64];
  uint32_t nd = 0;
  for (uint32_t i = 0; i < rank; i++) {
    if (rt->u.shaped.shape[i] != BUF_DYNAMIC)
      continue;
    buf_value_t *c = buf_build_index_constant(&b, i);
    buf_value_t *ops[2] = {src, c};
    buf_value_t *s = buf_op_result(buf_build(&b, "memref.dim", buf_type_index(ctx), 2, ops, NULL), 0);
    buf_value_t *l = lowv[i] ? lowv[i] : buf_build_index_constant(&b, lo[i]);
    buf_value_t *h = highv[i] ? highv[i] : buf_build_index_constant(&b, hi[i]);
    buf_value_t *a1[2] = {s, l};
    s = buf_op_result(buf_build(&b, "arith.addi", buf_type_index(ctx), 2, a1, NULL), 0);
    buf_value_t *a2[2] = {s, h};
    s = buf_op_result(buf_build(&b, "arith.addi", buf_type_index(ctx), 2, a2, NULL), 0);
    dyn[nd++] = s;
  }
  /* the padded buffer lives where the source does (as upstream) */
  buf_attr_t space = src->type->kind == BUF_TYPE_MEMREF ? src->type->u.shaped.memory_space : NULL;
  buf_value_t *m = buf_bz_alloc(rw, &b, buf_type_memref_for_tensor(ctx, rt, space), NULL, dyn);
  if (BUF_FAILED(map_from_body(rw, &b, op, m)))
    return BUF_FAILURE;
  /* copy the source into the interior: subview at the low pads */
  int64_t offs[64], sizes[64], strides[64];
  buf_op_state_t st;
  buf_state_init(&st, ctx, "memref.subview", op->loc);
  buf_state_add_operand(&st, m);
  uint32_t no = 0, ns = 0;
  for (uint32_t i = 0; i < rank; i++) {
    offs[i] = lo[i];
    if (lowv[i]) {
      buf_state_add_operand(&st, lowv[i]);
      no++;
    }
  }
  for (uint32_t i = 0; i < rank; i++) {
    sizes[i] = src->type->u.shaped.shape[i];
    strides[i] = 1;
    if (sizes[i] == BUF_DYNAMIC) {
      buf_value_t *c = buf_build_index_constant(&b, i);
      buf_value_t *ops[2] = {src, c};
      buf_state_add_operand(&st, buf_op_result(buf_build(&b, "memref.dim", buf_type_index(ctx), 2, ops, NULL), 0));
      ns++;
    }
  }
  buf__slice_t s = {.rank = rank, .offsets = offs, .sizes = sizes, .strides = strides};
  buf_type_t svt = buf__subview_type(ctx, m->type, &s);
  if (!svt) {
    buf_op_emit_error(op, "cannot bufferize: no subview type for pad");
    return BUF_FAILURE;
  }
  buf_state_add_result(&st, svt);
  int64_t seg[4] = {1, no, ns, 0};
  buf_state_set_attr(&st, "operandSegmentSizes", buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  buf_state_set_attr(&st, "static_offsets", buf_attr_i64_array(ctx, rank, offs));
  buf_state_set_attr(&st, "static_sizes", buf_attr_i64_array(ctx, rank, sizes));
  buf_state_set_attr(&st, "static_strides", buf_attr_i64_array(ctx, rank, strides));
  buf_value_t *sv = buf_op_result(buf_builder_insert(&b, &st), 0);
  buf_bz_copy(rw, &b, src, sv);
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t pad_model = {
    .alloc_reason = "new tensor",
    .reads = pad_reads,
    .writes = r_false,
    .bufferize = pad_bufferize,
};

/* tensor.concat dim(D) %a, %b, ...: one new buffer; each input is copied
 * into its subview, at the sum of the sizes of the inputs before it along
 * D (as upstream). The inputs are only read. */
static buf_value_t *dim_of(buf_builder_t *b, buf_value_t *mem, uint32_t d) {
  buf_value_t *ops[2] = {mem, buf_build_index_constant(b, d)};
  return buf_op_result(
      buf_build(b, "memref.dim", buf_type_index(b->ctx), 2, ops, NULL), 0);
}

static buf_status_t concat_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_type_t rt = op->results[0].type;
  buf_attr_t da = buf_op_attr(op, "dim");
  uint32_t rank = rt->u.shaped.rank;
  if (!da || da->kind != BUF_ATTR_INTEGER || rank == 0 || rank > 64 ||
      da->u.i < 0 || (uint64_t)da->u.i >= rank || op->num_operands == 0) {
    buf_op_emit_error(op, "cannot bufferize: malformed concatenation");
    return BUF_FAILURE;
  }
  uint32_t d = (uint32_t)da->u.i;
  buf_type_t index = buf_type_index(ctx);
  /* the result's dynamic sizes: the inputs' sum along D, the first input's
   * size elsewhere (the inputs agree there) */
  buf_value_t *dyn[64];
  uint32_t nd = 0;
  for (uint32_t i = 0; i < rank; i++) {
    if (rt->u.shaped.shape[i] != BUF_DYNAMIC)
      continue;
    if (i != d) {
      dyn[nd++] = dim_of(&b, buf_bz_buffer(rw, operand(op, 0)), i);
      continue;
    }
    buf_value_t *sum = NULL;
    for (uint32_t k = 0; k < op->num_operands; k++) {
      buf_value_t *in = buf_bz_buffer(rw, operand(op, k));
      int64_t n = in->type->u.shaped.shape[d];
      buf_value_t *sz = n == BUF_DYNAMIC ? dim_of(&b, in, d)
                                         : buf_build_index_constant(&b, n);
      buf_value_t *add[2] = {sum, sz};
      sum = sum ? buf_op_result(buf_build(&b, "arith.addi", index, 2, add, NULL), 0)
                : sz;
    }
    dyn[nd++] = sum;
  }
  buf_value_t *m = buf_bz_alloc(rw, &b, buf_bz_alloc_type(rw, rt), NULL, dyn);
  /* the offset along D: static while every input before is static */
  int64_t at = 0;
  buf_value_t *at_v = NULL;
  for (uint32_t k = 0; k < op->num_operands; k++) {
    buf_value_t *in = buf_bz_buffer(rw, operand(op, k));
    int64_t offs[64], sizes[64], strides[64];
    buf_value_t *dyn_sizes[64];
    uint32_t ns = 0;
    for (uint32_t i = 0; i < rank; i++) {
      offs[i] = i == d ? (at_v ? BUF_DYNAMIC : at) : 0;
      sizes[i] = in->type->u.shaped.shape[i];
      strides[i] = 1;
      if (sizes[i] == BUF_DYNAMIC)
        dyn_sizes[ns++] = dim_of(&b, in, i);
    }
    buf__slice_t sl = {.rank = rank, .offsets = offs, .sizes = sizes,
                       .strides = strides};
    buf_type_t svt = buf__subview_type(ctx, m->type, &sl);
    if (!svt) {
      buf_op_emit_error(op, "cannot bufferize: no subview type for input %u",
                        k);
      return BUF_FAILURE;
    }
    buf_op_state_t st;
    buf_state_init(&st, ctx, "memref.subview", op->loc);
    buf_state_add_operand(&st, m);
    if (at_v)
      buf_state_add_operand(&st, at_v);
    for (uint32_t i = 0; i < ns; i++)
      buf_state_add_operand(&st, dyn_sizes[i]);
    buf_state_add_result(&st, svt);
    int64_t seg[4] = {1, at_v ? 1 : 0, ns, 0};
    buf_state_set_attr(&st, "operandSegmentSizes",
                       buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
    buf_state_set_attr(&st, "static_offsets", buf_attr_i64_array(ctx, rank, offs));
    buf_state_set_attr(&st, "static_sizes", buf_attr_i64_array(ctx, rank, sizes));
    buf_state_set_attr(&st, "static_strides", buf_attr_i64_array(ctx, rank, strides));
    buf_value_t *sv = buf_op_result(buf_builder_insert(&b, &st), 0);
    buf_bz_copy(rw, &b, in, sv);
    if (k + 1 == op->num_operands)
      break;
    /* advance past this input */
    int64_t n = sizes[d];
    if (!at_v && n != BUF_DYNAMIC) {
      at += n;
      continue;
    }
    buf_value_t *step = n == BUF_DYNAMIC ? dim_of(&b, in, d)
                                         : buf_build_index_constant(&b, n);
    buf_value_t *base = at_v ? at_v : buf_build_index_constant(&b, at);
    buf_value_t *add[2] = {base, step};
    at_v = buf_op_result(buf_build(&b, "arith.addi", index, 2, add, NULL), 0);
  }
  buf_bz_replace(rw, op, &m);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t concat_model = {
    .reads = r_true,
    .writes = r_false,
    .bufferize = concat_bufferize,
};

/* tensor.parallel_insert_slice (in scf.forall.in_parallel): like
 * insert_slice, but it has no result; the copy goes just before the
 * in_parallel terminator, into the shared_out buffer. */
static buf_status_t parallel_insert_slice_bufferize(buf_bz_rewriter_t *rw,
                                                    buf_op_t *op) {
  buf_op_t *term = buf_op_parent(op);
  if (!term) {
    buf_op_emit_error(op, "cannot bufferize: expected inside in_parallel");
    return BUF_FAILURE;
  }
  buf_builder_t b;
  buf_bz_builder(rw, term, &b);
  b.loc = op->loc;
  buf_value_t *dest = buf_bz_buffer(rw, operand(op, 1));
  buf_value_t *src = buf_bz_buffer(rw, operand(op, 0));
  if (dest->type->kind != BUF_TYPE_MEMREF) {
    buf_op_emit_error(op, "cannot bufferize: unranked destination");
    return BUF_FAILURE;
  }
  if (!is_same_subview(src, dest, op) && !source_is_dest_slice(rw, op)) {
    buf_value_t *sv = build_subview(rw, &b, op, 2, dest, operand(op, 0)->type);
    if (!sv)
      return BUF_FAILURE;
    buf_bz_copy(rw, &b, src, sv);
  }
  buf_bz_erase(rw, op);
  return BUF_SUCCESS;
}

/* The destination is the shared_out itself: there is no place inside
 * in_parallel for a copy of it, so it is always in place (as upstream);
 * conflicts on it are the scf.forall operand's to resolve. */
static bool parallel_insert_slice_must_inplace(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index == 1;
}

static const buf_bufferize_model_t parallel_insert_slice_model = {
    .insertion = BUF_BZ_INSERT_SLICE,
    .build_subset_extraction = slice_extraction,
    .alloc_reason = "insert slice",
    .must_inplace = parallel_insert_slice_must_inplace,
    .reads = insert_slice_reads,
    .writes = insert_slice_writes,
    .not_conflicting = insert_slice_not_conflicting,
    .bufferize = parallel_insert_slice_bufferize,
};

/* tensor.yield of generate/pad bodies is consumed by its parent. */
static const buf_bufferize_model_t body_yield_model = {
    .reads = r_true,
    .writes = r_false,
};

/* ------------------------------------------------------------------------ */
/* tensor.bitcast                                                            */
/* ------------------------------------------------------------------------ */

static bool signless_or_float(buf_type_t t) {
  return buf_type_is_float(t) ||
         (t->kind == BUF_TYPE_INTEGER &&
          t->u.integer.signedness == BUF_SIGNLESS);
}

/* The same bits in new buffer: an element loop of arith.bitcast, the scalar
 * op that reinterprets one element (it takes signless integers and floats;
 * a signed or unsigned element type has no scalar op to carry it). */
static buf_status_t bitcast_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_type_t from = buf_type_elem(operand(op, 0)->type);
  buf_type_t to = buf_type_elem(op->results[0].type);
  if (!signless_or_float(from) || !signless_or_float(to)) {
    buf_op_emit_error(op, "cannot bufferize: only bitcasts between signless "
                          "integer and float elements are supported");
    return BUF_FAILURE;
  }
  return buf__bz_elementwise_loop(rw, op, "arith.bitcast");
}

static const buf_bufferize_model_t bitcast_model = {
    .writes = r_false,
    .bufferize = bitcast_bufferize,
};

const buf__bz_model_row_t buf__bz_models_tensor[] = {
    {"tensor.bitcast", &bitcast_model},
    {"tensor.concat", &concat_model},
    {"tensor.empty", &empty_model},
    {"tensor.extract", &extract_model},
    {"tensor.extract_slice", &extract_slice_model},
    {"tensor.from_elements", &from_elements_model},
    {"tensor.generate", &generate_model},
    {"tensor.insert", &insert_model},
    {"tensor.insert_slice", &insert_slice_model},
    {"tensor.pad", &pad_model},
    {"tensor.parallel_insert_slice", &parallel_insert_slice_model},
    {"tensor.splat", &splat_model},
    {"tensor.yield", &body_yield_model},
};
const uint32_t buf__bz_num_models_tensor =
    sizeof buf__bz_models_tensor / sizeof buf__bz_models_tensor[0];
