/*
 * memref_fold.c: fold and canonicalize hooks of memref ops
 * (buf_opdef_t.fold, .fold_int, .canonicalize), what upstream's memref
 * folders and canonicalization patterns compute:
 *
 *   - memref.dim of a static size is that constant; of a dynamic size of
 *     memref.alloc, alloca, view or subview, the value the op was given for
 *     it (DimOp::fold); --canonicalize also looks through memref.cast;
 *   - memref.rank of a ranked memref is its rank;
 *   - memref.extract_strided_metadata: the offset, sizes and strides its
 *     source type makes static are constants, and a cast source is looked
 *     through;
 *   - memref.load of a constant global at constant indices is the element;
 *   - memref.cast to its own type is its source; casts of casts collapse;
 *   - memref.alloc / alloca with constant dynamic sizes allocate the static
 *     type, cast back to the old one (SimplifyAllocConst);
 *   - memref.subview with constant offsets, sizes or strides takes them as
 *     static ones, and a subview of a cast that only forgot static facts
 *     takes the cast's source, both cast back to the old result type
 *     (OpWithOffsetSizesAndStridesConstantArgumentFolder and
 *     SubViewOpMemRefCastFolder);
 *   - memref.reinterpret_cast with constant offset, sizes or strides takes
 *     them as static ones, cast back to the old result type.
 * The casts these leave fold into their users (foldMemRefCast), so the
 * static facts reach every op that takes them.
 */
#include <string.h>

#include "buf/ir.h"
#include "dialect_util.h"
#include "shaped_util.h"

/* Ranks of at most this are folded (stack arrays). */
#define MAX_RANK 16

/* Replaces the single result of op by v and erases op. */
static bool replace_by(buf_op_t *op, buf_value_t *v) {
  buf_value_replace_all_uses(&op->results[0], v);
  buf_op_erase(op);
  return true;
}

static void builder_before(buf_builder_t *b, buf_op_t *op) {
  buf_builder_init(b, buf_op_ctx(op));
  buf_builder_set_before(b, op);
  b->loc = op->loc;
}

/* ------------------------------------------------------------------------ */
/* dim, rank, extract_strided_metadata                                       */
/* ------------------------------------------------------------------------ */

/* The size operand a memref.alloc or alloca gives dynamic dimension dim of
 * its result v; NULL when v is not such a result. */
static buf_value_t *alloc_dynamic_size(buf_value_t *v, int64_t dim) {
  buf_op_t *def = v->def;
  if (!def || !(buf_op_isa(def, "memref.alloc") ||
                buf_op_isa(def, "memref.alloca")))
    return NULL;
  uint32_t k = 0; /* dynamic dimensions before dim: its size operand */
  for (int64_t i = 0; i < dim; i++)
    k += v->type->u.shaped.shape[i] == BUF_DYNAMIC;
  return k < def->num_operands ? def->operands[k].value : NULL;
}

/* The size operand a memref.view gives dynamic dimension dim of its
 * result v (its operands: source, byte shift, then the dynamic sizes). */
static buf_value_t *view_dynamic_size(buf_value_t *v, int64_t dim) {
  buf_op_t *def = v->def;
  if (!def || !buf_op_isa(def, "memref.view"))
    return NULL;
  uint32_t k = 2;
  for (int64_t i = 0; i < dim; i++)
    k += v->type->u.shaped.shape[i] == BUF_DYNAMIC;
  return k < def->num_operands ? def->operands[k].value : NULL;
}

/* Reads the slice of a verified memref.subview; false when op is not one
 * or its source is not ranked. */
static bool subview_slice(buf_op_t *op, buf__slice_t *s) {
  if (!buf_op_isa(op, "memref.subview"))
    return false;
  buf_type_t src = op->operands[0].value->type;
  return src->kind == BUF_TYPE_MEMREF && src->u.shaped.rank <= MAX_RANK &&
         !BUF_FAILED(buf__slice_get(op, 1, src->u.shaped.rank, s));
}

/* Which source dims a subview drops (rank reduction), for the result type
 * the op has: upstream's getDroppedDims. False when it cannot tell. */
static bool subview_dropped_dims(buf_op_t *op, const buf__slice_t *s,
                                 bool *dropped) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t full = buf__subview_type(ctx, op->operands[0].value->type, s);
  return full && buf__check_rank_reduced(full, op->results[0].type,
                                         dropped) == BUF__SLICE_OK;
}

/* The size a memref.subview gives dimension dim of its result v: a
 * constant when static (built before `at`), else its size operand. */
static buf_value_t *subview_size(buf_value_t *v, int64_t dim, buf_op_t *at) {
  buf_op_t *def = v->def;
  buf__slice_t s;
  bool dropped[MAX_RANK];
  if (!def || !subview_slice(def, &s) || !subview_dropped_dims(def, &s, dropped))
    return NULL;
  int64_t kept = -1;
  uint32_t src_dim = 0;
  for (; src_dim < s.rank; src_dim++)
    if (!dropped[src_dim] && ++kept == dim)
      break;
  if (src_dim == s.rank)
    return NULL;
  if (s.sizes[src_dim] != BUF_DYNAMIC) {
    buf_builder_t b;
    builder_before(&b, at);
    return buf_build_index_constant(&b, s.sizes[src_dim]);
  }
  uint32_t k = s.dyn_sizes;
  for (uint32_t i = 0; i < src_dim; i++)
    k += s.sizes[i] == BUF_DYNAMIC;
  return k < def->num_operands ? def->operands[k].value : NULL;
}

/* memref.dim of a dimension the type makes static is that size, so a
 * buffer read only for its shape is no longer used; of a dynamic dimension
 * of a memref.alloc, alloca, view or subview, the size it was made with.
 * (Casts are looked through by dim_fold_int and by the canonicalize hook,
 * which --canonicalize asks; the bufferization cleanups keep a dim of a
 * cast as upstream does.) */
bool buf__memref_dim_fold(buf_op_t *op) {
  int64_t dim;
  if (op->num_operands != 2)
    return false;
  buf_value_t *src = op->operands[0].value;
  buf_type_t t = src->type;
  if (t->kind != BUF_TYPE_MEMREF ||
      !buf_value_constant_int(op->operands[1].value, &dim) || dim < 0 ||
      dim >= (int64_t)t->u.shaped.rank)
    return false;
  if (t->u.shaped.shape[dim] == BUF_DYNAMIC) {
    buf_value_t *size = alloc_dynamic_size(src, dim);
    if (!size)
      size = view_dynamic_size(src, dim);
    if (!size)
      size = subview_size(src, dim, op);
    return size && replace_by(op, size);
  }
  buf_builder_t b;
  builder_before(&b, op);
  return replace_by(op, buf_build_index_constant(&b, t->u.shaped.shape[dim]));
}

/* --canonicalize: a dim of a memref.cast between ranked memrefs is the dim
 * of the cast's source (the sizes are the same buffer's), which may then
 * fold; a dim of a bufferization.to_buffer is the dim of its tensor. */
bool buf__memref_dim_canonicalize(buf_op_t *op) {
  if (op->num_operands != 2)
    return false;
  buf_op_t *def = op->operands[0].value->def;
  /* a dim of the buffer of a ranked tensor is the tensor's dim (which may
   * fold further, to a tensor.empty's size say), as upstream rewrites it */
  if (def && buf_op_isa(def, "bufferization.to_buffer") && def->num_operands == 1 &&
      def->operands[0].value->type->kind == BUF_TYPE_TENSOR) {
    buf_builder_t b;
    builder_before(&b, op);
    buf_value_t *ops[2] = {def->operands[0].value, op->operands[1].value};
    buf_op_t *d = buf_build(&b, "tensor.dim", op->results[0].type, 2, ops, NULL);
    buf_value_replace_all_uses(&op->results[0], &d->results[0]);
    buf_op_erase(op);
    return true;
  }
  if (!def || !buf_op_isa(def, "memref.cast") ||
      def->operands[0].value->type->kind != BUF_TYPE_MEMREF ||
      op->operands[0].value->type->kind != BUF_TYPE_MEMREF)
    return false;
  buf_op_set_operand(op, 0, def->operands[0].value);
  buf__memref_dim_fold(op);
  return true;
}

/* memref.dim folds to a static size of its source, looking through
 * memref.cast (which keeps the sizes, as upstream's fold does) and from a
 * function argument to the value env says it stands for. */
bool buf__memref_dim_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                              int64_t *out) {
  int64_t d;
  if (op->num_operands != 2 ||
      !buf_fold_env_int_of(env, buf_op_operand(op, 1), &d))
    return false;
  buf_value_t *v = buf_op_operand(op, 0);
  for (;;) {
    buf_type_t t = v->type;
    if (t->kind != BUF_TYPE_MEMREF || d < 0 || d >= t->u.shaped.rank)
      return false;
    if (t->u.shaped.shape[d] != BUF_DYNAMIC) {
      *out = t->u.shaped.shape[d];
      return true;
    }
    if (v->def && buf_op_isa(v->def, "memref.cast"))
      v = buf_op_operand(v->def, 0);
    else if (!(v = buf_fold_env_outer(env, v)))
      return false;
  }
}

/* memref.rank of a ranked memref is its rank. */
bool buf__memref_rank_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                               int64_t *out) {
  (void)env;
  if (op->num_operands != 1 ||
      buf_op_operand(op, 0)->type->kind != BUF_TYPE_MEMREF)
    return false;
  *out = buf_op_operand(op, 0)->type->u.shaped.rank;
  return true;
}

/* Replaces the uses of result v by the index constant c unless c is
 * dynamic; true when a use changed. */
static bool replace_uses_by_index(buf_op_t *op, buf_value_t *v, int64_t c) {
  if (c == BUF_DYNAMIC || !buf_value_has_uses(v))
    return false;
  buf_builder_t b;
  builder_before(&b, op);
  buf_value_replace_all_uses(v, buf_build_index_constant(&b, c));
  return true;
}

/* memref.extract_strided_metadata: the offset, sizes and strides that the
 * source type makes static are those constants; a memref.cast source
 * between ranked memrefs is looked through (the same buffer). The op stays
 * for its other results; when none is used, it is dead. */
bool buf__memref_extract_strided_metadata_fold(buf_op_t *op) {
  if (op->num_operands != 1)
    return false;
  buf_type_t t = op->operands[0].value->type;
  uint32_t rank = t->kind == BUF_TYPE_MEMREF ? t->u.shaped.rank : 0;
  int64_t strides[MAX_RANK], offset;
  if (t->kind != BUF_TYPE_MEMREF || rank > MAX_RANK ||
      op->num_results != 2 + 2 * rank ||
      BUF_FAILED(buf_type_memref_strides(t, strides, &offset)))
    return false;
  bool changed = replace_uses_by_index(op, &op->results[1], offset);
  for (uint32_t i = 0; i < rank; i++) {
    changed |= replace_uses_by_index(op, &op->results[2 + i],
                                     t->u.shaped.shape[i]);
    changed |= replace_uses_by_index(op, &op->results[2 + rank + i],
                                     strides[i]);
  }
  buf_op_t *def = op->operands[0].value->def;
  if (def && buf_op_isa(def, "memref.cast") &&
      def->operands[0].value->type->kind == BUF_TYPE_MEMREF) {
    buf_op_set_operand(op, 0, def->operands[0].value);
    changed = true;
  }
  return changed;
}

/* ------------------------------------------------------------------------ */
/* load, cast                                                                */
/* ------------------------------------------------------------------------ */

/* The memref.global a memref.get_global names, from the nearest symbol
 * table; NULL when not found. */
static buf_op_t *global_of(buf_op_t *get) {
  return buf_symbol_resolve(get, buf_op_attr(get, "name"));
}

/* memref.load at constant indices of a constant global is the element
 * (upstream's canonicalizer folds it too): a global read only for a few
 * elements is then never made live. */
static bool load_fold(buf_op_t *op) {
  buf_op_t *get = op->num_operands ? op->operands[0].value->def : NULL;
  if (!get || buf_op_alloc_kind(get) != BUF_ALLOC_GLOBAL)
    return false;
  buf_op_t *global = global_of(get);
  buf_attr_t init = global ? buf_op_attr(global, "initial_value") : NULL;
  buf_type_t t = op->operands[0].value->type;
  buf_type_t elem = op->results[0].type;
  if (!global || !buf_op_attr(global, "constant") || !init ||
      !buf_attr_is_elements(init) || buf_attr_elements_error(init) ||
      t->kind != BUF_TYPE_MEMREF ||
      t->u.shaped.layout || op->num_operands != 1 + t->u.shaped.rank ||
      (elem->kind != BUF_TYPE_FLOAT && elem->kind != BUF_TYPE_INTEGER &&
       elem->kind != BUF_TYPE_INDEX))
    return false;
  int64_t linear = 0;
  for (uint32_t i = 0; i < t->u.shaped.rank; i++) {
    int64_t d = t->u.shaped.shape[i], at;
    if (!buf_value_constant_int(op->operands[1 + i].value, &at) ||
        d == BUF_DYNAMIC || at < 0 || at >= d)
      return false;
    linear = linear * d + at;
  }
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_attr_t value;
  if (init->kind == BUF_ATTR_DENSE_RESOURCE) {
    value = elem->kind == BUF_TYPE_FLOAT
                ? buf_attr_float(ctx, elem, buf_attr_dense_float(init, linear))
                : buf_attr_integer(ctx, elem, buf_attr_dense_int(init, linear));
  } else {
    int64_t k = init->u.dense.splat ? 0 : linear;
    if (k >= init->u.dense.count)
      return false;
    if (elem->kind == BUF_TYPE_FLOAT && init->u.dense.floats)
      value = buf_attr_float(ctx, elem, init->u.dense.floats[k]);
    else if (elem->kind != BUF_TYPE_FLOAT && init->u.dense.ints)
      value = elem == buf_type_i1(ctx)
                  ? buf_attr_bool(ctx, init->u.dense.ints[k] != 0)
                  : buf_attr_integer(ctx, elem, init->u.dense.ints[k]);
    else
      return false;
  }
  buf_builder_t b;
  builder_before(&b, op);
  return replace_by(op, buf_op_result(buf_build(&b, "arith.constant", elem, 0,
                                                NULL, "value", value, NULL),
                                      0));
}

/* Loads through a cast read the cast's source; then a constant global's
 * element folds. */
bool buf__memref_load_fold(buf_op_t *op) {
  bool changed = buf__fold_memref_cast_operands(op);
  return load_fold(op) || changed;
}

/* memref.cast to its source's own type is the source; a cast of a cast
 * casts the first source where that cast is valid (upstream's
 * foldMemRefCast takes any ranked source; a cast that only forgot static
 * facts always is). */
bool buf__memref_cast_fold(buf_op_t *op) {
  if (op->num_operands != 1 || op->num_results != 1)
    return false;
  bool changed = buf__fold_memref_cast_operands(op);
  buf_op_t *inner = op->operands[0].value->def;
  if (inner && buf_op_isa(inner, "memref.cast") &&
      inner->operands[0].value->type->kind == BUF_TYPE_MEMREF &&
      buf__memref_cast_compatible(inner->operands[0].value->type,
                                  op->results[0].type)) {
    buf_op_set_operand(op, 0, inner->operands[0].value);
    changed = true;
  }
  if (op->operands[0].value->type == op->results[0].type)
    return replace_by(op, op->operands[0].value);
  return changed;
}

/* Replaces op's result by new_value, through a memref.cast back to the old
 * result type when the types differ (the canonicalizations that make a
 * type more static keep every user's type). */
static bool replace_by_cast_of(buf_op_t *op, buf_value_t *new_value) {
  buf_type_t old = op->results[0].type;
  if (new_value->type != old) {
    buf_builder_t b;
    builder_before(&b, op);
    new_value = buf_op_result(buf_build(&b, "memref.cast", old, 1, &new_value,
                                        NULL),
                              0);
  }
  return replace_by(op, new_value);
}

/* ------------------------------------------------------------------------ */
/* alloc, alloca                                                             */
/* ------------------------------------------------------------------------ */

/* memref.alloc / alloca whose dynamic sizes include non-negative constants
 * allocates the type with those sizes static, cast back to the old type
 * (upstream's SimplifyAllocConst); the casts then fold into the users. */
bool buf__memref_alloc_canonicalize(buf_op_t *op) {
  buf_type_t t = op->num_results == 1 ? op->results[0].type : NULL;
  int64_t seg[2];
  if (!t || t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > MAX_RANK ||
      buf_op_segment_sizes(op, "operandSegmentSizes", seg, 2) != 2 ||
      seg[0] + seg[1] != op->num_operands ||
      seg[0] != buf__type_num_dynamic_dims(t))
    return false;
  uint32_t rank = t->u.shaped.rank;
  int64_t shape[MAX_RANK];
  buf_value_t *kept[MAX_RANK + 64];
  if (op->num_operands > MAX_RANK + 64)
    return false;
  uint32_t nkept = 0, k = 0;
  bool folded = false;
  for (uint32_t i = 0; i < rank; i++) {
    shape[i] = t->u.shaped.shape[i];
    if (shape[i] != BUF_DYNAMIC)
      continue;
    int64_t c;
    buf_value_t *v = op->operands[k++].value;
    if (buf_value_constant_int(v, &c) && c >= 0) {
      shape[i] = c;
      folded = true;
    } else {
      kept[nkept++] = v;
    }
  }
  if (!folded)
    return false;
  uint32_t ndyn = nkept;
  for (uint32_t i = k; i < op->num_operands; i++)
    kept[nkept++] = op->operands[i].value;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t nt = buf_type_memref(ctx, rank, shape, t->u.shaped.elem,
                                  t->u.shaped.layout, t->u.shaped.memory_space);
  buf_op_state_t st;
  buf_state_init(&st, ctx, op->name, op->loc);
  buf_state_add_operands(&st, nkept, kept);
  buf_state_add_result(&st, nt);
  buf_attr_t d = op->attrs;
  for (uint32_t i = 0; d && i < d->u.dict.n; i++)
    buf_state_set_attr(&st, d->u.dict.entries[i].name,
                       d->u.dict.entries[i].value);
  int64_t nseg[2] = {ndyn, seg[1]};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, nseg,
                                          NULL));
  buf_builder_t b;
  builder_before(&b, op);
  buf_op_t *n = buf_builder_insert(&b, &st);
  return replace_by_cast_of(op, buf_op_result(n, 0));
}

/* ------------------------------------------------------------------------ */
/* subview                                                                   */
/* ------------------------------------------------------------------------ */

/* Upstream's verifyInBoundsSlice, without diagnostics: would a subview of
 * shape with these static entries verify? */
static bool slice_in_bounds(const buf__slice_t *s, const int64_t *shape) {
  for (uint32_t i = 0; i < s->rank; i++) {
    int64_t dim = shape[i], off = s->offsets[i], size = s->sizes[i],
            stride = s->strides[i];
    if (dim == BUF_DYNAMIC)
      continue;
    if (off != BUF_DYNAMIC && off >= dim)
      return false;
    if (off == BUF_DYNAMIC || size == BUF_DYNAMIC || stride == BUF_DYNAMIC ||
        size == 0)
      continue;
    int64_t last = (int64_t)((uint64_t)off +
                             (uint64_t)(size - 1) * (uint64_t)stride);
    if (last >= dim)
      return false;
  }
  return true;
}

/* The result type of a subview of source by slice s with the dims dropped
 * removed (upstream's SubViewReturnTypeCanonicalizer): the inferred
 * strided type, rank-reduced as the old op was. NULL when not strided. */
static buf_type_t reduced_subview_type(buf_ctx_t *ctx, buf_type_t source,
                                       const buf__slice_t *s,
                                       const bool *dropped) {
  buf_type_t full = buf__subview_type(ctx, source, s);
  int64_t strides[MAX_RANK], offset, shape[MAX_RANK], rs[MAX_RANK];
  if (!full || BUF_FAILED(buf_type_memref_strides(full, strides, &offset)))
    return NULL;
  uint32_t r = 0;
  for (uint32_t i = 0; i < s->rank; i++) {
    if (dropped[i])
      continue;
    shape[r] = full->u.shaped.shape[i];
    rs[r++] = strides[i];
  }
  return buf_type_memref(ctx, r, shape, full->u.shaped.elem,
                         buf_attr_strided(ctx, r, rs, offset),
                         full->u.shaped.memory_space);
}

/* One of a subview's lists (offsets, sizes or strides): its static entries
 * with the dynamic values beside them. */
typedef struct mixed_list {
  int64_t statics[MAX_RANK];
  buf_value_t *values[MAX_RANK];
  uint32_t num_values;
} mixed_list_t;

/* Reads list `which` (0 offsets, 1 sizes, 2 strides) of op, making static
 * the constants that may be (non-negative ones for offsets and sizes, any
 * for strides: upstream's foldDynamicIndexList). True when one was. */
static bool read_mixed(buf_op_t *op, const buf__slice_t *s, int which,
                       bool fold_constants, mixed_list_t *out) {
  const int64_t *in = which == 0 ? s->offsets : which == 1 ? s->sizes
                                                           : s->strides;
  uint32_t k = which == 0 ? s->dyn_offsets : which == 1 ? s->dyn_sizes
                                                        : s->dyn_strides;
  bool folded = false;
  out->num_values = 0;
  for (uint32_t i = 0; i < s->rank; i++) {
    out->statics[i] = in[i];
    if (in[i] != BUF_DYNAMIC)
      continue;
    buf_value_t *v = op->operands[k++].value;
    int64_t c;
    if (fold_constants && buf_value_constant_int(v, &c) && c != BUF_DYNAMIC &&
        (which == 2 || c >= 0)) {
      out->statics[i] = c;
      folded = true;
    } else {
      out->values[out->num_values++] = v;
    }
  }
  return folded;
}

/* Any of op's index operands a constant? */
static bool has_constant_index_operand(const buf_op_t *op) {
  int64_t c;
  for (uint32_t i = 1; i < op->num_operands; i++)
    if (buf_value_constant_int(op->operands[i].value, &c))
      return true;
  return false;
}

/* The names of the three offset/size/stride lists of subview and
 * reinterpret_cast, in operand-segment order. */
static const char *const mixed_list_names[3] = {
    "static_offsets", "static_sizes", "static_strides"};

/* Rebuilds a subview or reinterpret_cast `op` over `source` with the
 * operands and static values of `lists` (of `lengths` entries each) and
 * result type `type`, keeping its other attributes, and replaces `op` by a
 * cast of the new op back to the old result type. */
static bool rebuild_with_lists(buf_op_t *op, buf_value_t *source,
                               const mixed_list_t lists[3],
                               const uint32_t lengths[3], buf_type_t type) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_op_state_t st;
  buf_state_init(&st, ctx, op->name, op->loc);
  buf_state_add_operand(&st, source);
  for (int l = 0; l < 3; l++)
    buf_state_add_operands(&st, lists[l].num_values, lists[l].values);
  buf_state_add_result(&st, type);
  buf_attr_t d = op->attrs;
  for (uint32_t i = 0; d && i < d->u.dict.n; i++)
    buf_state_set_attr(&st, d->u.dict.entries[i].name,
                       d->u.dict.entries[i].value);
  int64_t seg[4] = {1, lists[0].num_values, lists[1].num_values,
                    lists[2].num_values};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg,
                                          NULL));
  for (int l = 0; l < 3; l++)
    buf_state_set_attr(&st, mixed_list_names[l],
                       buf_attr_i64_array(ctx, lengths[l], lists[l].statics));
  buf_builder_t b;
  builder_before(&b, op);
  buf_op_t *n = buf_builder_insert(&b, &st);
  return replace_by_cast_of(op, buf_op_result(n, 0));
}

/* memref.subview: constant offsets, sizes and strides become static; else
 * a source that a memref.cast made less static is replaced by the cast's
 * source. The new subview has the type inferred from what it now knows,
 * cast back to the old result type (upstream's
 * OpWithOffsetSizesAndStridesConstantArgumentFolder and
 * SubViewOpMemRefCastFolder). Nothing changes when the new subview would
 * not verify (a constant that puts the slice out of bounds). */
bool buf__memref_subview_canonicalize(buf_op_t *op) {
  buf__slice_t s;
  bool dropped[MAX_RANK];
  if (op->num_results != 1 || !subview_slice(op, &s) ||
      !subview_dropped_dims(op, &s, dropped))
    return false;
  mixed_list_t lists[3];
  bool folded = false;
  for (int i = 0; i < 3; i++)
    folded |= read_mixed(op, &s, i, true, &lists[i]);
  buf_value_t *source = op->operands[0].value;
  if (!folded) {
    buf_op_t *cast = source->def;
    if (has_constant_index_operand(op) || !cast ||
        !buf__memref_cast_only_forgets(cast))
      return false;
    source = cast->operands[0].value;
  }
  buf__slice_t ns = s;
  ns.offsets = lists[0].statics;
  ns.sizes = lists[1].statics;
  ns.strides = lists[2].statics;
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (!slice_in_bounds(&ns, source->type->u.shaped.shape))
    return false;
  buf_type_t nt = reduced_subview_type(ctx, source->type, &ns, dropped);
  if (!nt)
    return false;
  const uint32_t lengths[3] = {s.rank, s.rank, s.rank};
  return rebuild_with_lists(op, source, lists, lengths, nt);
}

/* ------------------------------------------------------------------------ */
/* reinterpret_cast                                                          */
/* ------------------------------------------------------------------------ */

/* memref.reinterpret_cast with constant offset, sizes or strides takes
 * them as static ones; its type becomes the strided type they give, cast
 * back to the old result type (upstream's
 * ReinterpretCastOpConstantArgumentFolder). Negative constant sizes stay
 * operands (no type holds them). */
bool buf__memref_reinterpret_cast_canonicalize(buf_op_t *op) {
  buf_type_t res = op->num_results == 1 ? op->results[0].type : NULL;
  int64_t seg[4];
  if (!res || res->kind != BUF_TYPE_MEMREF || res->u.shaped.rank > MAX_RANK ||
      buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4 ||
      seg[0] + seg[1] + seg[2] + seg[3] != op->num_operands)
    return false;
  uint32_t rank = res->u.shaped.rank;
  const uint32_t lengths[3] = {1, rank, rank};
  mixed_list_t lists[3];
  uint32_t k = 1;
  bool folded = false;
  for (int l = 0; l < 3; l++) {
    const int64_t *vals;
    uint32_t n;
    if (!buf__i64_array(buf_op_attr(op, mixed_list_names[l]), &vals, &n) ||
        n != lengths[l])
      return false;
    lists[l].num_values = 0;
    for (uint32_t i = 0; i < n; i++) {
      lists[l].statics[i] = vals[i];
      if (vals[i] != BUF_DYNAMIC)
        continue;
      if (k >= op->num_operands)
        return false;
      buf_value_t *v = op->operands[k++].value;
      int64_t c;
      if (buf_value_constant_int(v, &c) && c != BUF_DYNAMIC &&
          (l != 1 || c >= 0)) {
        lists[l].statics[i] = c;
        folded = true;
      } else {
        lists[l].values[lists[l].num_values++] = v;
      }
    }
  }
  if (!folded || k != op->num_operands)
    return false;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t nt = buf_type_memref(
      ctx, rank, lists[1].statics, res->u.shaped.elem,
      buf_attr_strided(ctx, rank, lists[2].statics, lists[0].statics[0]),
      res->u.shaped.memory_space);
  return rebuild_with_lists(op, op->operands[0].value, lists, lengths, nt);
}
