/*
 * bufferization_fold.c: the canonicalize hooks of bufferization.clone and
 * bufferization.dealloc, the simplifications mlir-opt's --canonicalize
 * makes on them (so output after canonicalize matches upstream's).
 *
 * bufferization.dealloc, in this order, rebuilt once when any applies:
 *   - the base buffer read by memref.extract_strided_metadata from a fresh
 *     allocation is freed as that allocation itself (the metadata op then
 *     dies);
 *   - a memref whose condition is the constant false is dropped;
 *   - an allocation (sizes only as operands) that nothing but this op uses
 *     is dropped and erased: it was never read;
 *   - a memref listed twice is listed once, its conditions or-ed;
 *   - a retained value listed twice is listed once, both results reading
 *     the one result;
 *   - with no memref left the op is erased, its results false.
 *
 * bufferization.clone:
 *   - a clone of a memref.cast (or another same-shape view) clones the
 *     cast's source;
 *   - a clone whose source or whose result is freed once, in the clone's
 *     block, with no other free between the clone and that dealloc, is
 *     the source itself (cast to the clone's type): the dealloc goes.
 *     When both are freed in one block the lifetimes may not nest, and a
 *     value freed twice (one dealloc per branch) or by a realloc or a
 *     conditional dealloc is left alone.
 *
 * bufferization.alloc_tensor: constant dynamic sizes become static, cast
 * back to the old type.
 */
#include <string.h>

#include "dialect_util.h"

static bool is_const_false(const buf_value_t *v) {
  if (!v->def || !buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT))
    return false;
  buf_attr_t a = buf_op_attr(v->def, "value");
  return a && ((a->kind == BUF_ATTR_BOOL && !a->u.b) ||
               (a->kind == BUF_ATTR_INTEGER && a->u.i == 0 &&
                buf_type_bitwidth(v->type) == 1));
}

static buf_value_t *const_false_before(buf_builder_t *b) {
  buf_ctx_t *ctx = b->ctx;
  return buf_op_result(buf_build(b, "arith.constant", buf_type_i1(ctx), 0,
                                 NULL, "value", buf_attr_bool(ctx, false),
                                 NULL),
                       0);
}

/* An op whose only effect is allocating its result: an allocation with no
 * memref operand (memref.alloc / alloca; not clone or realloc, which read
 * their source). */
static bool allocates_only(const buf_op_t *op) {
  if (!op || !buf_op_has_trait(op, BUF_TRAIT_ALLOC) || op->num_regions)
    return false;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_type_is_memref(op->operands[i].value->type))
      return false;
  return true;
}

/* The allocation v is the base buffer of, when v is result 0 (the base
 * memref) of a metadata-only op reading a fresh allocation; else NULL. */
static buf_value_t *base_of_allocation(const buf_value_t *v) {
  buf_op_t *def = v->def;
  if (!def || v->index != 0 || def->num_operands < 1 ||
      !buf_op_has_trait(def, BUF_TRAIT_METADATA_ONLY) ||
      !buf_type_is_memref(v->type))
    return NULL;
  buf_value_t *src = def->operands[0].value;
  return src->def && buf_op_has_trait(src->def, BUF_TRAIT_ALLOC) &&
                 buf_type_is_memref(src->type)
             ? src
             : NULL;
}

bool buf__dealloc_canonicalize(buf_op_t *op) {
  int64_t seg[3];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[0] != seg[1] || seg[0] + seg[1] + seg[2] != op->num_operands ||
      op->num_results != seg[2])
    return false;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_arena_t *arena = buf_ctx_arena(ctx);
  uint32_t nm = (uint32_t)seg[0], nr = (uint32_t)seg[2];
  buf_value_t **mem = buf_arena_alloc(arena, sizeof(*mem) * (nm + 1));
  buf_value_t **cond = buf_arena_alloc(arena, sizeof(*cond) * (nm + 1));
  buf_value_t **ret = buf_arena_alloc(arena, sizeof(*ret) * (nr + 1));
  uint32_t *ret_slot = buf_arena_alloc(arena, sizeof(*ret_slot) * (nr + 1));
  buf_op_t **dead = buf_arena_alloc(arena, sizeof(*dead) * (nm + 1));
  uint32_t k = 0, kr = 0, ndead = 0;
  bool changed = false;
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  for (uint32_t i = 0; i < nm; i++) {
    buf_value_t *m = op->operands[i].value, *c = op->operands[nm + i].value;
    buf_value_t *alloc = base_of_allocation(m);
    if (alloc) {
      m = alloc;
      changed = true;
    }
    if (is_const_false(c)) {
      changed = true;
      continue;
    }
    if (allocates_only(m->def) && buf_value_has_one_use(m) && !alloc) {
      dead[ndead++] = m->def;
      changed = true;
      continue;
    }
    uint32_t j = 0;
    while (j < k && mem[j] != m)
      j++;
    if (j < k) {
      if (cond[j] != c)
        cond[j] = buf_op_result(buf_build(&b, "arith.ori", buf_type_i1(ctx), 2,
                                          (buf_value_t *[]){cond[j], c}, NULL),
                                0);
      changed = true;
      continue;
    }
    mem[k] = m;
    cond[k++] = c;
  }
  for (uint32_t i = 0; i < nr; i++) {
    buf_value_t *r = op->operands[2 * nm + i].value;
    uint32_t j = 0;
    while (j < kr && ret[j] != r)
      j++;
    if (j == kr)
      ret[kr++] = r;
    else
      changed = true;
    ret_slot[i] = j;
  }
  if (!changed && k > 0)
    return false;
  buf_op_t *n = NULL;
  if (k > 0) {
    buf_op_state_t st;
    buf_state_init(&st, ctx, "bufferization.dealloc", op->loc);
    for (uint32_t i = 0; i < k; i++)
      buf_state_add_operand(&st, mem[i]);
    for (uint32_t i = 0; i < k; i++)
      buf_state_add_operand(&st, cond[i]);
    for (uint32_t j = 0; j < kr; j++) {
      buf_state_add_operand(&st, ret[j]);
      buf_state_add_result(&st, buf_type_i1(ctx));
    }
    int64_t nseg[3] = {k, k, kr};
    buf_state_set_attr(&st, "operandSegmentSizes",
                       buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, nseg, NULL));
    n = buf_builder_insert(&b, &st);
  }
  buf_value_t *f = NULL;
  for (uint32_t i = 0; i < nr; i++) {
    buf_value_t *to = n ? &n->results[ret_slot[i]] : NULL;
    if (!to && op->results[i].first_use)
      to = f ? f : (f = const_false_before(&b));
    if (to)
      buf_value_replace_all_uses(&op->results[i], to);
  }
  buf_op_erase(op);
  for (uint32_t i = 0; i < ndead; i++)
    buf_op_erase(dead[i]);
  return true;
}

/* The one op that frees v: *out is NULL when none does. False when v is
 * freed more than once, or by an op that does more than free it (realloc,
 * a conditional dealloc), where a clone's lifetime cannot be read off. */
static bool single_dealloc(const buf_value_t *v, buf_op_t **out) {
  *out = NULL;
  for (buf_use_t *u = v->first_use; u; u = u->next_use) {
    buf_op_t *user = u->owner;
    if (!buf_op_has_trait(user, BUF_TRAIT_FREE))
      continue;
    if (*out || user->num_results ||
        buf_op_has_trait(user, BUF_TRAIT_CONDITIONAL_FREE | BUF_TRAIT_ALLOC))
      return false;
    *out = user;
  }
  return true;
}

/* The buffer v views, through views whose result is v (upstream's
 * ViewLikeOpInterface walk): the allocation whose dealloc ends v's life. */
static buf_value_t *view_root(buf_value_t *v) {
  for (uint32_t depth = 0; depth < 64; depth++) {
    buf_op_t *d = v->def;
    if (!d || v->index != 0 || !buf_op_has_trait(d, BUF_TRAIT_VIEW))
      break;
    buf_value_t *src = buf_op_view_source(d);
    if (!src)
      break;
    v = src;
  }
  return v;
}

bool buf__clone_canonicalize(buf_op_t *op) {
  if (op->num_operands != 1 || op->num_results != 1)
    return false;
  buf_value_t *src = op->operands[0].value, *res = &op->results[0];
  /* clone(cast(x)) clones x: the copy has the clone's type either way */
  buf_op_t *cast = src->def;
  if (cast && src->index == 0 && cast->num_operands >= 1 &&
      buf_op_has_trait(cast, BUF_TRAIT_VIEW) &&
      buf_op_has_trait(cast, BUF_TRAIT_SAME_SHAPE) &&
      buf_op_view_source(cast) == cast->operands[0].value &&
      buf__memref_cast_compatible(cast->operands[0].value->type, res->type)) {
    buf_op_set_operand(op, 0, cast->operands[0].value);
    return true;
  }
  if (src->type != res->type && !buf__memref_cast_compatible(src->type, res->type))
    return false;
  buf_op_t *clone_free, *source_free;
  if (!single_dealloc(res, &clone_free) ||
      !single_dealloc(view_root(src), &source_free))
    return false;
  if (clone_free && source_free && clone_free->block == source_free->block)
    return false;
  buf_op_t *redundant = clone_free && clone_free->block == op->block ? clone_free
                        : source_free && source_free->block == op->block
                            ? source_free
                            : NULL;
  if (!redundant)
    return false;
  for (buf_op_t *p = op->next; p != redundant; p = p->next)
    if (!p || buf_op_has_trait(p, BUF_TRAIT_FREE))
      return false;
  buf_value_t *to = src;
  if (src->type != res->type) {
    buf_builder_t b;
    buf_builder_init(&b, buf_op_ctx(op));
    buf_builder_set_before(&b, op);
    b.loc = op->loc;
    to = buf_op_result(buf_build(&b, "memref.cast", res->type, 1,
                                 (buf_value_t *[]){src}, NULL),
                       0);
  }
  buf_value_replace_all_uses(res, to);
  buf_op_erase(op);
  buf_op_erase(redundant);
  return true;
}

/* bufferization.alloc_tensor without a copy whose dynamic sizes include
 * non-negative constants allocates the type with those sizes static, cast
 * back to the old type (upstream's ReplaceStaticShapeDims). */
bool buf__alloc_tensor_canonicalize(buf_op_t *op) {
  enum { RANK_MAX = 64 };
  buf_type_t t = op->num_results == 1 ? op->results[0].type : NULL;
  int64_t seg[3];
  if (!t || t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank > RANK_MAX ||
      buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[1] != 0 || seg[0] + seg[1] + seg[2] != op->num_operands)
    return false;
  uint32_t rank = t->u.shaped.rank, k = 0, nkept = 0;
  int64_t shape[RANK_MAX];
  buf_value_t *kept[RANK_MAX + 1];
  bool folded = false;
  for (uint32_t i = 0; i < rank; i++) {
    shape[i] = t->u.shaped.shape[i];
    if (shape[i] != BUF_DYNAMIC)
      continue;
    if (k >= (uint32_t)seg[0])
      return false;
    int64_t c;
    buf_value_t *v = op->operands[k++].value;
    if (buf_value_constant_int(v, &c) && c >= 0) {
      shape[i] = c;
      folded = true;
    } else {
      kept[nkept++] = v;
    }
  }
  if (!folded || k != (uint32_t)seg[0])
    return false;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_op_state_t st;
  buf_state_init(&st, ctx, op->name, op->loc);
  buf_state_add_operands(&st, nkept, kept);
  for (uint32_t i = k; i < op->num_operands; i++)
    buf_state_add_operand(&st, op->operands[i].value);
  buf_state_add_result(&st, buf_type_tensor(ctx, rank, shape, t->u.shaped.elem,
                                            t->u.shaped.encoding));
  buf_attr_t d = op->attrs;
  for (uint32_t i = 0; d && i < d->u.dict.n; i++)
    buf_state_set_attr(&st, d->u.dict.entries[i].name,
                       d->u.dict.entries[i].value);
  int64_t nseg[3] = {nkept, 0, seg[2]};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, nseg, NULL));
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_op_t *n = buf_builder_insert(&b, &st);
  buf_value_t *cast = buf_op_result(
      buf_build(&b, "tensor.cast", t, 1, (buf_value_t *[]){buf_op_result(n, 0)},
                NULL),
      0);
  buf_value_replace_all_uses(&op->results[0], cast);
  buf_op_erase(op);
  return true;
}
