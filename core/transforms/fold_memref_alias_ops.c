/*
 * fold_memref_alias_ops.c: --fold-memref-alias-ops, upstream's pass of that
 * name: an element access through a view becomes an access of the view's
 * source at the indices the view maps to, so the view can die.
 *
 *   load/store %v[i...] of v = subview %m[off...] [..] [str...]
 *       -> %m[off_d + i_d * str_d] (dropped unit dims: off_d)
 *   load/store of expand_shape %m [[0, 1], [2]]
 *       -> %m[affine.linearize_index disjoint [i0, i1] by (s0, s1), i2]
 *   load/store of collapse_shape %m [[0, 1], [2]]
 *       -> %m[affine.delinearize_index i0 into (s0, s1), i1], the dynamic
 *          sizes taken from memref.extract_strided_metadata %m
 *   subview of subview, both of unit strides -> one subview of the source
 *   vector transfer (all dims in bounds) of a unit-stride subview
 *       -> transfer of the source at off_d + i_d, the permutation map
 *          expanded over the dims the subview drops
 *
 * The index arithmetic is built as upstream builds it (index_arith.h:
 * composed, folded affine.apply ops of symbol-only maps), and the pass then
 * does what upstream's greedy driver does around its patterns: every op's
 * folder runs (index arithmetic of constants becomes constants), new and
 * old constants are uniqued and hoisted, the views left dead are erased.
 *
 * Which ops access elements at indices and how a view addresses its source
 * are facts of the op definitions (buf_op_indexed_access, buf_op_view_kind),
 * so any op that declares them is rewritten, not only memref.load/store.
 */
#include "../dialects/shaped_util.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"
#include "index_arith.h"

#define MAX_RANK 16
#define MAX_ROUNDS 32

/* The static list `statics` (rank entries) of a slice and its dynamic
 * operands starting at `first`: entry d as (static value, value or NULL). */
static buf_value_t *dynamic_entry(buf_op_t *op, const int64_t *statics, uint32_t first,
                                  uint32_t d) {
  if (statics[d] != BUF_DYNAMIC)
    return NULL;
  uint32_t k = first;
  for (uint32_t i = 0; i < d; i++)
    k += statics[i] == BUF_DYNAMIC;
  return k < op->num_operands ? op->operands[k].value : NULL;
}

/* The slice of subview op (its source's rank) and which source dims its
 * result drops; false when the op does not read as one. */
static bool read_slice(buf_op_t *op, buf__slice_t *s, bool *dropped) {
  buf_type_t src = op->operands[0].value->type, res = op->results[0].type;
  if (src->kind != BUF_TYPE_MEMREF || res->kind != BUF_TYPE_MEMREF ||
      src->u.shaped.rank > MAX_RANK)
    return false;
  if (BUF_FAILED(buf__slice_get(op, 1, src->u.shaped.rank, s)))
    return false; /* not reached for verified IR */
  uint32_t rank = src->u.shaped.rank;
  for (uint32_t d = 0; d < rank; d++)
    dropped[d] = false;
  if (res->u.shaped.rank == rank)
    return true;
  return buf__rank_reduction_mask(s->sizes, rank, res->u.shaped.shape, res->u.shaped.rank,
                                  dropped);
}

/* The source indices of an access of subview `view` at `indices`. */
static bool slice_indices(buf_builder_t *b, buf_op_t *view, buf_value_t *const *indices,
                          uint32_t n, buf_value_t **out, uint32_t *num_out) {
  buf__slice_t s;
  bool dropped[MAX_RANK];
  if (!read_slice(view, &s, dropped))
    return false;
  uint32_t k = 0;
  for (uint32_t d = 0; d < s.rank; d++) {
    buf_ix_t ix;
    buf__ix_init(&ix, b);
    buf_value_t *idx = dropped[d] ? NULL : k < n ? indices[k++] : NULL;
    if (!dropped[d] && !idx)
      return false;
    buf_ix_form_t f = buf__ix_offset_index(
        &ix, s.offsets[d], dynamic_entry(view, s.offsets, s.dyn_offsets, d),
        dropped[d] ? 0 : BUF_DYNAMIC, idx, s.strides[d],
        dynamic_entry(view, s.strides, s.dyn_strides, d));
    if (ix.failed)
      return false;
    out[d] = buf__ix_materialize(&ix, &f);
  }
  *num_out = s.rank;
  return k == n;
}

static bool read_reassociation(buf_op_t *op, buf__reassoc_t *r) {
  return buf__reassoc_decode(buf_op_ctx(op), buf_op_attr(op, "reassociation"), r);
}

/* The source index of each group of an expand_shape: the group's result
 * indices linearized by the result sizes (a one-dim group passes its index
 * on). */
static bool expand_indices(buf_builder_t *b, buf_op_t *view, buf_value_t *const *indices,
                           uint32_t n, buf_value_t **out, uint32_t *num_out) {
  buf_ctx_t *ctx = b->ctx;
  buf__reassoc_t r;
  const int64_t *shape;
  uint32_t shape_n;
  if (!read_reassociation(view, &r) ||
      !buf__i64_array(buf_op_attr(view, "static_output_shape"), &shape, &shape_n) ||
      shape_n != n || r.num_dims != n || r.num_groups > MAX_RANK)
    return false;
  for (uint32_t g = 0; g < r.num_groups; g++) {
    uint32_t len = r.len[g];
    const int64_t *dims = r.dims + r.start[g];
    if (len == 1) {
      out[g] = indices[dims[0]];
      continue;
    }
    buf_op_state_t st;
    buf_state_init(&st, ctx, "affine.linearize_index", b->loc);
    int64_t basis[MAX_RANK];
    if (len > MAX_RANK)
      return false;
    for (uint32_t i = 0; i < len; i++)
      buf_state_add_operand(&st, indices[dims[i]]);
    uint32_t num_dyn = 0;
    for (uint32_t i = 0; i < len; i++) {
      basis[i] = shape[dims[i]];
      if (basis[i] == BUF_DYNAMIC) {
        buf_value_t *v = dynamic_entry(view, shape, 1, (uint32_t)dims[i]);
        if (!v)
          return false;
        buf_state_add_operand(&st, v);
        num_dyn++;
      }
    }
    int64_t seg[2] = {len, num_dyn};
    buf_state_set_attr(&st, "operandSegmentSizes",
                       buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, seg, NULL));
    buf_state_set_attr(&st, "static_basis", buf_attr_i64_array(ctx, len, basis));
    buf_state_set_attr(&st, "disjoint", buf_attr_unit(ctx));
    buf_state_add_result(&st, buf_type_index(ctx));
    out[g] = buf_op_result(buf_builder_insert(b, &st), 0);
  }
  *num_out = r.num_groups;
  return true;
}

/* The source indices of each group of a collapse_shape: the group's index
 * delinearized by the source sizes (a one-dim group passes its index on; a
 * collapse to rank 0 reads at zeros). */
static bool collapse_indices(buf_builder_t *b, buf_op_t *view, buf_value_t *const *indices,
                             uint32_t n, buf_value_t **out, uint32_t *num_out) {
  buf_ctx_t *ctx = b->ctx;
  buf__reassoc_t r;
  buf_value_t *src = view->operands[0].value;
  uint32_t src_rank = src->type->u.shaped.rank;
  const int64_t *shape = src->type->u.shaped.shape;
  if (!read_reassociation(view, &r) || r.num_groups != n || src_rank > MAX_RANK)
    return false;
  if (n == 0) {
    for (uint32_t d = 0; d < src_rank; d++)
      out[d] = buf_build_index_constant(b, 0);
    *num_out = src_rank;
    return true;
  }
  buf_op_t *metadata = NULL;
  uint32_t k = 0;
  for (uint32_t g = 0; g < r.num_groups; g++) {
    uint32_t len = r.len[g];
    const int64_t *dims = r.dims + r.start[g];
    if (k + len > MAX_RANK)
      return false;
    if (len == 1) {
      out[k++] = indices[g];
      continue;
    }
    buf_op_state_t st;
    buf_state_init(&st, ctx, "affine.delinearize_index", b->loc);
    buf_state_add_operand(&st, indices[g]);
    int64_t basis[MAX_RANK];
    for (uint32_t i = 0; i < len; i++) {
      basis[i] = shape[dims[i]];
      if (basis[i] != BUF_DYNAMIC)
        continue;
      if (!metadata)
        metadata = buf__build_strided_metadata(b, src);
      buf_state_add_operand(&st, buf_op_result(metadata, 2 + (uint32_t)dims[i]));
    }
    buf_state_set_attr(&st, "static_basis", buf_attr_i64_array(ctx, len, basis));
    for (uint32_t i = 0; i < len; i++)
      buf_state_add_result(&st, buf_type_index(ctx));
    buf_op_t *delin = buf_builder_insert(b, &st);
    for (uint32_t i = 0; i < len; i++)
      out[k++] = buf_op_result(delin, i);
  }
  *num_out = k;
  return k == src_rank;
}

/* Rewrites an element access through a view into one of the view's
 * source; false when op's buffer is not such a view. */
static bool fold_access(buf_op_t *op) {
  uint32_t mpos;
  if (!buf_op_indexed_access(op, &mpos) || mpos > MAX_RANK)
    return false;
  buf_value_t *m = op->operands[mpos].value;
  buf_op_t *view = m->def;
  if (!view || m->type->kind != BUF_TYPE_MEMREF)
    return false;
  buf_view_kind_t kind = buf_op_view_kind(view);
  if ((kind != BUF_VIEW_SLICE && kind != BUF_VIEW_EXPAND && kind != BUF_VIEW_COLLAPSE) ||
      view->operands[0].value->type->kind != BUF_TYPE_MEMREF)
    return false;
  uint32_t n = op->num_operands - mpos - 1;
  if (n != m->type->u.shaped.rank || n > MAX_RANK)
    return false;
  buf_value_t *indices[MAX_RANK], *src_indices[MAX_RANK];
  for (uint32_t i = 0; i < n; i++)
    indices[i] = op->operands[mpos + 1 + i].value;
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  uint32_t num_src = 0;
  bool ok = kind == BUF_VIEW_SLICE    ? slice_indices(&b, view, indices, n, src_indices, &num_src)
            : kind == BUF_VIEW_EXPAND ? expand_indices(&b, view, indices, n, src_indices, &num_src)
                                      : collapse_indices(&b, view, indices, n, src_indices, &num_src);
  /* A refusal after some index ops were built leaves them dead; the
   * cleanup at the end erases them. */
  if (!ok || num_src != view->operands[0].value->type->u.shaped.rank)
    return false;
  buf_value_t *operands[2 * MAX_RANK + 2];
  uint32_t k = 0;
  for (uint32_t i = 0; i < mpos; i++)
    operands[k++] = op->operands[i].value;
  operands[k++] = view->operands[0].value;
  for (uint32_t i = 0; i < num_src; i++)
    operands[k++] = src_indices[i];
  buf_op_set_operands(op, k, operands);
  return true;
}

static bool unit_strides(const buf__slice_t *s) {
  for (uint32_t d = 0; d < s->rank; d++)
    if (s->strides[d] != 1)
      return false;
  return true;
}

/* True when every dimension of the transfer op stays in bounds (its
 * in_bounds attribute), so the access need not know the view's sizes. */
static bool transfer_in_bounds(const buf_op_t *op) {
  buf_attr_t ib = buf_op_attr(op, "in_bounds");
  if (!ib || ib->kind != BUF_ATTR_ARRAY)
    return false;
  for (uint32_t i = 0; i < ib->u.array.n; i++)
    if (ib->u.array.elems[i]->kind != BUF_ATTR_BOOL || !ib->u.array.elems[i]->u.b)
      return false;
  return true;
}

/* The permutation map of a transfer moved from a view that drops the
 * source dims `dropped` to the source (rank src_rank): the view's dim j is
 * the source's j-th kept dim (upstream's expandDimsToRank). */
static buf_affine_map_t *expand_map_to_source(buf_ctx_t *ctx, buf_affine_map_t *map,
                                              const bool *dropped, uint32_t src_rank) {
  uint32_t kept[MAX_RANK], n = 0;
  for (uint32_t d = 0; d < src_rank; d++)
    if (!dropped[d])
      kept[n++] = d;
  if (n != map->num_dims || map->num_results > MAX_RANK)
    return NULL;
  buf_affine_expr_t *results[MAX_RANK];
  for (uint32_t r = 0; r < map->num_results; r++) {
    buf_affine_expr_t *e = map->results[r];
    if (e->kind == BUF_AFFINE_DIM)
      results[r] = buf_affine_dim(ctx, kept[e->value]);
    else if (e->kind == BUF_AFFINE_CONST)
      results[r] = e;
    else
      return NULL; /* a verified transfer map has dims and broadcast zeros only */
  }
  return buf_affine_map(ctx, src_rank, 0, map->num_results, results);
}

/* A vector transfer through a subview of unit strides with every
 * dimension in bounds becomes a transfer of the subview's source at the
 * indices the subview maps to, its permutation map expanded over the
 * dims the subview drops (upstream's subview folders for transfers). */
static bool fold_transfer(buf_op_t *op) {
  uint32_t mpos;
  if (!buf_op_transfer_access(op, &mpos) || !transfer_in_bounds(op))
    return false;
  buf_value_t *m = op->operands[mpos].value;
  buf_op_t *view = m->def;
  if (!view || m->type->kind != BUF_TYPE_MEMREF || buf_op_view_kind(view) != BUF_VIEW_SLICE)
    return false;
  buf_type_t src_t = view->operands[0].value->type;
  if (src_t->kind != BUF_TYPE_MEMREF)
    return false;
  buf__slice_t slice;
  bool dropped[MAX_RANK];
  if (!read_slice(view, &slice, dropped) || !unit_strides(&slice))
    return false;
  uint32_t n = m->type->u.shaped.rank;
  buf_attr_t pm = buf_op_attr(op, "permutation_map");
  buf_attr_t segs = buf_op_attr(op, "operandSegmentSizes");
  if (!pm || pm->kind != BUF_ATTR_AFFINE_MAP || !segs || segs->kind != BUF_ATTR_DENSE_ARRAY ||
      !segs->u.dense_array.ints || mpos + 1 + n > op->num_operands)
    return false;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_affine_map_t *map = expand_map_to_source(ctx, pm->u.map, dropped, src_t->u.shaped.rank);
  if (!map)
    return false;
  /* The segment that starts right after the buffer holds the indices. */
  uint32_t nseg = (uint32_t)segs->u.dense_array.count, start = 0, index_seg = nseg;
  int64_t sizes[8];
  if (nseg > 8)
    return false;
  for (uint32_t i = 0; i < nseg; i++) {
    sizes[i] = segs->u.dense_array.ints[i];
    if (start == mpos + 1 && index_seg == nseg)
      index_seg = i;
    start += (uint32_t)sizes[i];
  }
  if (index_seg == nseg || sizes[index_seg] != n)
    return false;
  buf_value_t *indices[MAX_RANK], *src_indices[MAX_RANK];
  for (uint32_t i = 0; i < n; i++)
    indices[i] = op->operands[mpos + 1 + i].value;
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  uint32_t num_src = 0;
  if (!slice_indices(&b, view, indices, n, src_indices, &num_src) ||
      num_src != src_t->u.shaped.rank)
    return false;
  buf_value_t *operands[3 * MAX_RANK + 4];
  uint32_t k = 0;
  for (uint32_t i = 0; i < mpos; i++)
    operands[k++] = op->operands[i].value;
  operands[k++] = view->operands[0].value;
  for (uint32_t i = 0; i < num_src; i++)
    operands[k++] = src_indices[i];
  for (uint32_t i = mpos + 1 + n; i < op->num_operands; i++)
    operands[k++] = op->operands[i].value;
  buf_op_set_operands(op, k, operands);
  sizes[index_seg] = num_src;
  buf_op_set_attr(op, "operandSegmentSizes",
                  buf_attr_dense_array(ctx, buf_type_i32(ctx), nseg, sizes, NULL));
  buf_op_set_attr(op, "permutation_map", buf_attr_affine_map(ctx, map));
  return true;
}

/* subview of subview, both of unit strides: one subview of the inner
 * one's source with offsets added (upstream's SubViewOfSubViewFolder). */
static bool fold_subview_of_subview(buf_op_t *op) {
  if (buf_op_view_kind(op) != BUF_VIEW_SLICE)
    return false;
  buf_op_t *inner = op->operands[0].value->def;
  if (!inner || buf_op_view_kind(inner) != BUF_VIEW_SLICE)
    return false;
  buf__slice_t outer_s, inner_s;
  bool outer_dropped[MAX_RANK], inner_dropped[MAX_RANK];
  if (!read_slice(op, &outer_s, outer_dropped) || !read_slice(inner, &inner_s, inner_dropped) ||
      !unit_strides(&outer_s) || !unit_strides(&inner_s))
    return false;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  uint32_t rank = inner_s.rank;
  int64_t offsets[MAX_RANK], sizes[MAX_RANK], strides[MAX_RANK];
  buf_value_t *dyn_offsets[MAX_RANK], *dyn_sizes[MAX_RANK];
  uint32_t num_dyn_offsets = 0, num_dyn_sizes = 0, k = 0;
  for (uint32_t d = 0; d < rank; d++) {
    strides[d] = 1;
    buf_value_t *inner_off = dynamic_entry(inner, inner_s.offsets, inner_s.dyn_offsets, d);
    if (inner_dropped[d]) {
      offsets[d] = inner_s.offsets[d];
      if (inner_off)
        dyn_offsets[num_dyn_offsets++] = inner_off;
      sizes[d] = 1;
      continue;
    }
    if (k >= outer_s.rank)
      return false;
    buf_ix_t ix;
    buf__ix_init(&ix, &b);
    buf_ix_form_t f = buf__ix_offset_index(
        &ix, inner_s.offsets[d], inner_off, outer_s.offsets[k],
        dynamic_entry(op, outer_s.offsets, outer_s.dyn_offsets, k), 1, NULL);
    if (ix.failed)
      return false;
    if (!buf__ix_is_const(&f, &offsets[d])) {
      offsets[d] = BUF_DYNAMIC;
      dyn_offsets[num_dyn_offsets++] = buf__ix_materialize(&ix, &f);
    }
    sizes[d] = outer_s.sizes[k];
    buf_value_t *size = dynamic_entry(op, outer_s.sizes, outer_s.dyn_sizes, k);
    if (size)
      dyn_sizes[num_dyn_sizes++] = size;
    k++;
  }
  buf_op_state_t st;
  buf_state_init(&st, ctx, op->name, op->loc);
  buf_state_add_operand(&st, inner->operands[0].value);
  buf_state_add_operands(&st, num_dyn_offsets, dyn_offsets);
  buf_state_add_operands(&st, num_dyn_sizes, dyn_sizes);
  int64_t seg[4] = {1, num_dyn_offsets, num_dyn_sizes, 0};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  buf_state_set_attr(&st, "static_offsets", buf_attr_i64_array(ctx, rank, offsets));
  buf_state_set_attr(&st, "static_sizes", buf_attr_i64_array(ctx, rank, sizes));
  buf_state_set_attr(&st, "static_strides", buf_attr_i64_array(ctx, rank, strides));
  buf_state_add_result(&st, op->results[0].type);
  buf_op_t *folded = buf_builder_insert(&b, &st);
  buf_value_replace_all_uses(&op->results[0], &folded->results[0]);
  buf_op_erase(op);
  return true;
}

/* What upstream's greedy driver does besides the patterns: every op's
 * folder (constants through the index arithmetic, casts into users).
 * Post-order, so operands fold before their users. */
static buf_walk_result_t fold_op(buf_op_t *op, void *user) {
  (void)user;
  buf_op_fold(op);
  return BUF_WALK_ADVANCE;
}

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  uint32_t mpos;
  if (buf_op_indexed_access(op, &mpos) || buf_op_transfer_access(op, &mpos) ||
      buf_op_view_kind(op) == BUF_VIEW_SLICE)
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static buf_status_t fold_memref_alias_ops_run(buf_op_t *root, const buf_pass_options_t *options) {
  (void)options;
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(root));
  /* The driver's first walk hoists the input's constants; the ones the
   * folds make later go in front of them. */
  buf__greedy_cleanup_constants(root);
  /* Rounds until nothing changes: a fold can expose another (a subview of
   * a subview feeding a load). */
  for (int round = 0; round < MAX_ROUNDS; round++) {
    bo_oplist_t l = {.arena = arena};
    buf_op_walk(root, BUF_WALK_PRE, collect, &l);
    bool changed = false;
    for (uint32_t i = 0; i < l.n; i++)
      changed |= fold_subview_of_subview(l.ops[i]) || fold_access(l.ops[i]) ||
                 fold_transfer(l.ops[i]);
    if (!changed)
      break;
  }
  buf_op_walk(root, BUF_WALK_POST, fold_op, NULL);
  /* The views the folds left dead go before the constants are hoisted: a
   * constant a fold made right after one of them then follows the hoisted
   * run (upstream's driver erases the view before it visits the constant). */
  buf__greedy_cleanup_dead(root);
  buf__greedy_cleanup_constants(root);
  buf__greedy_cleanup_dead(root);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_fold_memref_alias_ops = {
    .name = "fold-memref-alias-ops",
    .summary = "Fold memref alias ops into consumer load/store ops",
    .anchor = "any",
    .run = fold_memref_alias_ops_run,
};
