/*
 * zero_size_ops.c: the first cleanup after One-Shot Bufferize's rewrite
 * (one_shot_bufferize.c), run before the sweep of dead allocations. It erases buffer ops that touch no element:
 *   - a memref.copy between buffers with a zero extent;
 *   - a linalg op over buffers where an operand's zero extent is indexed
 *     by a loop dimension (so that loop, and the whole op, runs zero times);
 * and folds memref.dim of a static dimension to a constant.
 * A zero extent is a static 0 in the type, or a subview size that is the
 * constant 0 (through casts). An allocation left with no users then goes
 * with the rewriter's dead-allocation sweep. Upstream leaves all of this to
 * --canonicalize; doing it here keeps empty tensors from costing an
 * allocation or a copy in the printed program.
 */
#include <string.h>

#include "../dialects/shaped_util.h"
#include "buf/linalg.h"
#include "bz_internal.h"


/* Does the subview (a view with a slice: offsets, sizes and strides) take a
 * zero-sized slice in some dimension? */
static bool subview_is_empty(buf_op_t *subview) {
  buf_type_t source = subview->operands[0].value->type;
  buf__slice_t s;
  if (source->kind != BUF_TYPE_MEMREF ||
      BUF_FAILED(buf__slice_get(subview, 1, source->u.shaped.rank, &s)))
    return false;
  uint32_t next_dynamic = s.dyn_sizes;
  for (uint32_t d = 0; d < s.rank; d++) {
    int64_t size = s.sizes[d];
    if (size == BUF_DYNAMIC &&
        !buf_value_constant_int(subview->operands[next_dynamic++].value, &size))
      continue;
    if (size == 0)
      return true;
  }
  return false;
}

/* Is dimension d of buffer v known to be 0? d == UINT32_MAX: any one. */
static bool extent_is_zero(buf_value_t *v, uint32_t d) {
  buf_type_t t = v->type;
  if (t->kind != BUF_TYPE_MEMREF)
    return false;
  for (uint32_t i = 0; i < t->u.shaped.rank; i++)
    if ((d == UINT32_MAX || d == i) && t->u.shaped.shape[i] == 0)
      return true;
  /* a subview's sizes name the source's dimensions, not the result's
   * (rank-reducing subviews drop unit ones): only "any" is asked there */
  if (d == UINT32_MAX && v->def && buf_op_view_source(v->def) &&
      buf_op_attr(v->def, "static_sizes"))
    return subview_is_empty(v->def);
  /* a cast keeps the shape: its dimensions are its source's */
  if (v->def && buf_op_has_trait(v->def, BUF_TRAIT_SAME_SHAPE))
    return extent_is_zero(v->def->operands[0].value, d);
  return false;
}

static bool linalg_runs_zero_times(buf_op_t *op) {
  buf_linalg_info_t info;
  if (!buf_linalg_get_info(op, &info) || op->num_results > 0)
    return false;
  for (uint32_t i = 0; i < info.num_inputs + info.num_outputs; i++) {
    buf_value_t *v = op->operands[i].value;
    buf_affine_map_t *map = info.maps[i];
    if (v->type->kind != BUF_TYPE_MEMREF || !map)
      continue;
    for (uint32_t r = 0; r < map->num_results; r++)
      if (map->results[r]->kind == BUF_AFFINE_DIM && extent_is_zero(v, r))
        return true;
    /* any zero extent of a subview is a loop's, when every result of the
     * map is a loop dimension */
    bool all_dims = map->num_results == v->type->u.shaped.rank;
    for (uint32_t r = 0; r < map->num_results; r++)
      all_dims = all_dims && map->results[r]->kind == BUF_AFFINE_DIM;
    if (all_dims && extent_is_zero(v, UINT32_MAX))
      return true;
  }
  return false;
}

static bool touches_nothing(buf_op_t *op) {
  /* (a copy touches the elements of its two operands, nothing else) */
  if (buf_op_has_trait(op, BUF_TRAIT_COPY))
    return extent_is_zero(op->operands[0].value, UINT32_MAX) ||
           extent_is_zero(op->operands[1].value, UINT32_MAX);
  return linalg_runs_zero_times(op);
}

static buf_walk_result_t visit(buf_op_t *op, void *user) {
  buf_bz_t *bz = user;
  /* a memref.dim of a static dimension becomes that constant (its fold),
   * so that shapes the erased ops asked for do not keep buffers alive */
  if (buf_op_has_trait(op, BUF_TRAIT_METADATA_ONLY)) {
    buf_op_fold(op);
    return BUF_WALK_ADVANCE;
  }
  if (touches_nothing(op)) {
    buf__bz_report_erased(bz, op);
    buf_op_erase(op);
    return BUF_WALK_ADVANCE;
  }
  return BUF_WALK_ADVANCE;
}

void buf__bz_erase_zero_size_ops(buf_bz_t *bz) {
  buf_op_walk(bz->module, BUF_WALK_POST, visit, bz);
}
