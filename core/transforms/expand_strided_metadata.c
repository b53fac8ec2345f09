/*
 * expand_strided_metadata.c: --expand-strided-metadata, upstream's pass of
 * that name: views whose layout is arithmetic on their source's strided
 * metadata become that arithmetic, spelled out, and one
 * memref.reinterpret_cast of the source's base buffer:
 *
 *   %v = memref.subview %m[o0, o1] [z0, z1] [t0, t1]
 *     -> %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m
 *        %v = memref.reinterpret_cast %base to
 *               offset: [%off + o0 * s0 + o1 * s1],
 *               sizes: [z0, z1], strides: [s0 * t0, s1 * t1]
 *   expand_shape: a group's sizes (a dynamic one is the source size floordiv
 *     the static others) and strides (the source stride times the sizes
 *     inside it); collapse_shape: a group's size is the product of its
 *     sizes, its stride the one of its innermost dimension of size != 1.
 *
 * Metadata the source's type fixes is used as constants; a source that is
 * itself a reinterpret_cast gives its own offset, sizes and strides and
 * its source's base (upstream's reinterpret_cast-of-reinterpret_cast
 * fold); a fresh allocation of the identity layout is its own base, with
 * offset 0 and row-major strides (upstream's folders of
 * extract_strided_metadata of allocations). The same folders rewrite the
 * input's own extract_strided_metadata ops of reinterpret_casts, and
 * results a type fixes become constants (ForwardStaticMetadata).
 *
 * The index arithmetic is index_arith.h's (composed, folded affine.apply);
 * then, as upstream's greedy driver: every op's folder, constants uniqued
 * and hoisted, dead ops erased.
 */
#include "../dialects/shaped_util.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"
#include "index_arith.h"

#define MAX_RANK 16

/* A static entry, or BUF_DYNAMIC and the value that holds it. sticky:
 * it derives from metadata the source's type leaves dynamic, which
 * upstream reads from extract_strided_metadata's results; a constant it
 * folds to later stays an SSA operand there, so it does here too. */
typedef struct mixed {
  int64_t s;
  buf_value_t *v;
  bool sticky;
} mixed_t;

/* The strided metadata of a buffer: what a reinterpret_cast needs. */
typedef struct metadata {
  buf_value_t *base_src; /* a buffer whose base is the base (a reinterpret_cast
                          * of it starts from that base) */
  uint32_t rank;
  mixed_t offset;
  mixed_t sizes[MAX_RANK];
  mixed_t strides[MAX_RANK];
} metadata_t;

static mixed_t fixed(int64_t s) { return (mixed_t){s, NULL, false}; }

static mixed_t dynamic(buf_value_t *v, bool sticky) { return (mixed_t){BUF_DYNAMIC, v, sticky}; }

/* Entry d of a static list with BUF_DYNAMIC entries taken, in order, from
 * the operands starting at `first`. */
static mixed_t list_entry(buf_op_t *op, const int64_t *statics, uint32_t first, uint32_t d) {
  if (statics[d] != BUF_DYNAMIC)
    return fixed(statics[d]);
  uint32_t k = first;
  for (uint32_t i = 0; i < d; i++)
    k += statics[i] == BUF_DYNAMIC;
  return dynamic(k < op->num_operands ? op->operands[k].value : NULL, false);
}

static bool read_list(buf_op_t *op, const char *name, uint32_t n, const int64_t **out) {
  uint32_t len;
  return buf__i64_array(buf_op_attr(op, name), out, &len) && len == n;
}

/* The value of a form: static when constant (an arith.constant when
 * sticky), else materialized at ix. */
static mixed_t form_value(buf_ix_t *ix, const buf_ix_form_t *f, bool sticky) {
  int64_t c;
  if (buf__ix_is_const(f, &c))
    return sticky ? dynamic(buf_build_index_constant(ix->b, c), true) : fixed(c);
  return dynamic(buf__ix_materialize(ix, f), sticky);
}

static buf_ix_form_t form_of(buf_ix_t *ix, mixed_t m, bool compose) {
  return buf__ix_mixed(ix, m.s, m.v, compose);
}

/* The product of n entries as one composed affine.apply while the forms
 * allow it (a product of more than two values does not fit one form: the
 * part so far is materialized and the product goes on from it). */
static mixed_t product(buf_builder_t *b, uint32_t n, const mixed_t *factors) {
  bool sticky = false;
  for (uint32_t i = 0; i < n; i++)
    sticky |= factors[i].sticky;
  buf_ix_t ix;
  buf__ix_init(&ix, b);
  buf_ix_form_t acc = buf__ix_const(1);
  for (uint32_t i = 0; i < n; i++) {
    buf_ix_t trial = ix;
    buf_ix_form_t f = form_of(&trial, factors[i], true);
    buf_ix_form_t p = buf__ix_mul(&trial, &acc, &f);
    if (!trial.failed) {
      ix = trial;
      acc = p;
      continue;
    }
    mixed_t so_far = form_value(&ix, &acc, sticky);
    buf__ix_init(&ix, b);
    buf_ix_form_t x = form_of(&ix, so_far, false);
    buf_ix_form_t y = form_of(&ix, factors[i], false);
    acc = buf__ix_mul(&ix, &x, &y);
    if (ix.failed)
      return fixed(BUF_DYNAMIC); /* not reached: two values always fit */
  }
  return form_value(&ix, &acc, sticky);
}

/* Is v a fresh buffer of the identity layout (an allocation or a global):
 * its base is itself, its offset 0. */
static bool is_own_base(buf_value_t *v) {
  if (!v->def || v->type->kind != BUF_TYPE_MEMREF || v->type->u.shaped.layout)
    return false;
  buf_alloc_kind_t k = buf_op_alloc_kind(v->def);
  return (k == BUF_ALLOC_HEAP || k == BUF_ALLOC_STACK || k == BUF_ALLOC_GLOBAL) &&
         v->def->num_results == 1 && !(v->def->def->traits & BUF_TRAIT_FREE);
}

/* Row-major strides of a shape (a dynamic size makes the ones before it
 * products of values). */
static void row_major_strides(buf_builder_t *b, uint32_t rank, const mixed_t *sizes,
                              mixed_t *strides) {
  mixed_t acc = fixed(1);
  for (uint32_t i = rank; i-- > 0;) {
    strides[i] = acc;
    if (i > 0) {
      mixed_t f[2] = {acc, sizes[i]};
      acc = product(b, 2, f);
    }
  }
}

/* The metadata of memref m, as upstream's constified results: entries the
 * type fixes are static; a reinterpret_cast or an allocation gives its own;
 * anything else reads them from a new extract_strided_metadata at b. */
static bool metadata_of(buf_builder_t *b, buf_value_t *m, metadata_t *md) {
  buf_type_t t = m->type;
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > MAX_RANK)
    return false;
  uint32_t rank = md->rank = t->u.shaped.rank;
  buf_op_t *def = m->def;
  if (def && buf_op_view_kind(def) == BUF_VIEW_REINTERPRET) {
    const int64_t *offs, *sizes, *strides;
    if (!read_list(def, "static_offsets", 1, &offs) ||
        !read_list(def, "static_sizes", rank, &sizes) ||
        !read_list(def, "static_strides", rank, &strides))
      return false;
    uint32_t s0 = buf_op_segment(def, 1, NULL), s1 = buf_op_segment(def, 2, NULL),
             s2 = buf_op_segment(def, 3, NULL);
    metadata_t src;
    buf_value_t *source = def->operands[0].value;
    if (source->def && buf_op_view_kind(source->def) == BUF_VIEW_REINTERPRET) {
      if (!metadata_of(b, source, &src))
        return false;
      md->base_src = src.base_src;
    } else {
      md->base_src = source;
    }
    int64_t type_strides[MAX_RANK], type_offset;
    if (BUF_FAILED(buf_type_memref_strides(t, type_strides, &type_offset)))
      return false;
    md->offset = list_entry(def, offs, s0, 0);
    md->offset.sticky = type_offset == BUF_DYNAMIC;
    for (uint32_t i = 0; i < rank; i++) {
      md->sizes[i] = list_entry(def, sizes, s1, i);
      md->sizes[i].sticky = t->u.shaped.shape[i] == BUF_DYNAMIC;
      md->strides[i] = list_entry(def, strides, s2, i);
      md->strides[i].sticky = type_strides[i] == BUF_DYNAMIC;
    }
    return true;
  }
  int64_t type_strides[MAX_RANK], type_offset;
  if (BUF_FAILED(buf_type_memref_strides(t, type_strides, &type_offset)))
    return false;
  if (is_own_base(m)) {
    md->base_src = m;
    md->offset = fixed(0);
    uint32_t k = 0;
    for (uint32_t i = 0; i < rank; i++) {
      int64_t s = t->u.shaped.shape[i];
      if (s == BUF_DYNAMIC && k >= def->num_operands)
        return false;
      md->sizes[i] = s != BUF_DYNAMIC ? fixed(s) : dynamic(def->operands[k++].value, true);
    }
    row_major_strides(b, rank, md->sizes, md->strides);
    return true;
  }
  buf_op_t *e = buf__build_strided_metadata(b, m);
  md->base_src = buf_op_result(e, 0);
  md->offset = type_offset != BUF_DYNAMIC ? fixed(type_offset) : dynamic(buf_op_result(e, 1), true);
  for (uint32_t i = 0; i < rank; i++) {
    int64_t s = t->u.shaped.shape[i];
    md->sizes[i] = s != BUF_DYNAMIC ? fixed(s) : dynamic(buf_op_result(e, 2 + i), true);
    md->strides[i] = type_strides[i] != BUF_DYNAMIC ? fixed(type_strides[i])
                                                     : dynamic(buf_op_result(e, 2 + rank + i), true);
  }
  return true;
}

/* subview: offset + sum(offset_i * stride_i); kept dims' sizes; strides
 * multiplied. */
static bool slice_metadata(buf_builder_t *b, buf_op_t *op, metadata_t *out) {
  metadata_t src;
  buf__slice_t s;
  bool dropped[MAX_RANK] = {false};
  buf_type_t res = op->results[0].type;
  if (!metadata_of(b, op->operands[0].value, &src) ||
      BUF_FAILED(buf__slice_get(op, 1, src.rank, &s)))
    return false;
  if (res->u.shaped.rank != src.rank &&
      !buf__rank_reduction_mask(s.sizes, src.rank, res->u.shaped.shape, res->u.shaped.rank,
                                dropped))
    return false;
  bool sticky = src.offset.sticky;
  for (uint32_t d = 0; d < src.rank; d++)
    sticky |= src.strides[d].sticky;
  for (int compose = 1; compose >= 0; compose--) {
    buf_ix_t ix;
    buf__ix_init(&ix, b);
    buf_ix_form_t sum = form_of(&ix, src.offset, compose);
    for (uint32_t d = 0; d < src.rank; d++) {
      buf_ix_form_t o = form_of(&ix, list_entry(op, s.offsets, s.dyn_offsets, d), compose);
      buf_ix_form_t t = form_of(&ix, src.strides[d], compose);
      buf_ix_form_t p = buf__ix_mul(&ix, &o, &t);
      sum = buf__ix_add(&ix, &sum, &p);
    }
    if (ix.failed && compose)
      continue;
    if (ix.failed)
      return false;
    out->offset = form_value(&ix, &sum, sticky);
    break;
  }
  out->base_src = src.base_src;
  out->rank = 0;
  for (uint32_t d = 0; d < src.rank; d++) {
    if (dropped[d])
      continue;
    out->sizes[out->rank] = list_entry(op, s.sizes, s.dyn_sizes, d);
    mixed_t f[2] = {src.strides[d], list_entry(op, s.strides, s.dyn_strides, d)};
    out->strides[out->rank++] = product(b, 2, f);
  }
  return true;
}

/* ()[s0] -> (s0 floordiv c) of v. */
static mixed_t floordiv(buf_builder_t *b, mixed_t x, int64_t c) {
  int64_t k;
  if (x.v && buf_value_constant_int(x.v, &k))
    x.s = k; /* the folder's answer, sticky as x */
  if (x.s != BUF_DYNAMIC) {
    mixed_t r = fixed(c ? x.s / c : 0);
    if (!x.sticky)
      return r;
    return dynamic(buf_build_index_constant(b, r.s), true);
  }
  if (c == 1)
    return x;
  buf_ctx_t *ctx = b->ctx;
  buf_affine_expr_t *e = buf_affine_binary(ctx, BUF_AFFINE_FLOORDIV, buf_affine_symbol(ctx, 0),
                                           buf_affine_const(ctx, c));
  buf_affine_map_t *map = buf_affine_map(ctx, 0, 1, 1, &e);
  buf_op_t *apply = buf_build(b, "affine.apply", buf_type_index(ctx), 1, &x.v, "map",
                              buf_attr_affine_map(ctx, map), NULL);
  return dynamic(buf_op_result(apply, 0), x.sticky);
}

/* expand_shape: each group's sizes (a dynamic one is the source size
 * floordiv the static others of its group, built anew for each use as
 * upstream builds it) and strides (the source stride times the sizes
 * inside it). */
static bool expand_metadata(buf_builder_t *b, buf_op_t *op, metadata_t *out) {
  metadata_t src;
  buf__reassoc_t r;
  buf_type_t res = op->results[0].type;
  const int64_t *shape = res->u.shaped.shape;
  if (!metadata_of(b, op->operands[0].value, &src) ||
      !buf__reassoc_decode(b->ctx, buf_op_attr(op, "reassociation"), &r) ||
      r.num_groups != src.rank || res->u.shaped.rank > MAX_RANK)
    return false;
  out->base_src = src.base_src;
  out->offset = src.offset;
  out->rank = res->u.shaped.rank;
  for (uint32_t g = 0; g < r.num_groups; g++) {
    const int64_t *dims = r.dims + r.start[g];
    uint32_t len = r.len[g], num_dynamic = 0;
    int64_t static_product = 1;
    for (uint32_t i = 0; i < len; i++) {
      if (shape[dims[i]] == BUF_DYNAMIC)
        num_dynamic++;
      else
        static_product *= shape[dims[i]];
    }
    if (num_dynamic > 1)
      return false; /* the sizes are not determined by the source's */
    for (uint32_t i = 0; i < len; i++) {
      uint32_t d = (uint32_t)dims[i];
      out->sizes[d] = shape[d] != BUF_DYNAMIC ? fixed(shape[d])
                                               : floordiv(b, src.sizes[g], static_product);
    }
    /* Strides from the innermost: the source stride times the sizes after
     * the dim (a dynamic one built anew, as upstream composes it). */
    for (uint32_t i = len; i-- > 0;) {
      mixed_t f[MAX_RANK + 1];
      uint32_t n = 0;
      f[n++] = src.strides[g];
      for (uint32_t k = i + 1; k < len; k++) {
        int64_t s = shape[dims[k]];
        f[n++] = s != BUF_DYNAMIC ? fixed(s) : floordiv(b, src.sizes[g], static_product);
      }
      out->strides[dims[i]] = product(b, n, f);
    }
  }
  return true;
}

/* collapse_shape: a group's size is the product of its sizes, its stride
 * the one of its innermost dimension of size != 1 (all of size 1: the
 * result type's, or a dynamic one's). */
static bool collapse_metadata(buf_builder_t *b, buf_op_t *op, metadata_t *out) {
  metadata_t src;
  buf__reassoc_t r;
  buf_type_t res = op->results[0].type;
  int64_t res_strides[MAX_RANK], res_offset;
  buf_value_t *source = op->operands[0].value;
  if (!metadata_of(b, source, &src) ||
      !buf__reassoc_decode(b->ctx, buf_op_attr(op, "reassociation"), &r) ||
      r.num_groups != res->u.shaped.rank ||
      BUF_FAILED(buf_type_memref_strides(res, res_strides, &res_offset)))
    return false;
  const int64_t *src_shape = source->type->u.shaped.shape;
  out->base_src = src.base_src;
  out->offset = src.offset;
  out->rank = r.num_groups;
  for (uint32_t g = 0; g < r.num_groups; g++) {
    const int64_t *dims = r.dims + r.start[g];
    uint32_t len = r.len[g];
    mixed_t f[MAX_RANK];
    for (uint32_t i = 0; i < len; i++)
      f[i] = src.sizes[dims[i]];
    out->sizes[g] = product(b, len, f);
    bool found = false;
    for (uint32_t i = len; i-- > 0 && !found;)
      if (src_shape[dims[i]] != 1) {
        out->strides[g] = src.strides[dims[i]];
        found = true;
      }
    for (uint32_t i = 0; i < len && !found; i++)
      if (res_strides[g] == BUF_DYNAMIC && src.strides[dims[i]].s == BUF_DYNAMIC) {
        out->strides[g] = src.strides[dims[i]];
        found = true;
      }
    if (!found)
      out->strides[g] = fixed(res_strides[g] != BUF_DYNAMIC ? res_strides[g] : 1);
  }
  return true;
}

/* memref.reinterpret_cast of md's base source to type t. */
/* A sticky static entry as the arith.constant upstream leaves there. */
static void unstick(buf_builder_t *b, mixed_t *m) {
  if (!m->v && m->sticky) {
    m->v = buf_build_index_constant(b, m->s);
    m->s = BUF_DYNAMIC;
  }
}

static buf_value_t *build_reinterpret(buf_builder_t *b, const metadata_t *in, buf_type_t t) {
  buf_ctx_t *ctx = b->ctx;
  metadata_t copy = *in, *md = &copy;
  unstick(b, &md->offset);
  for (uint32_t i = 0; i < md->rank; i++) {
    unstick(b, &md->sizes[i]);
    unstick(b, &md->strides[i]);
  }
  buf_op_state_t st;
  buf_state_init(&st, ctx, "memref.reinterpret_cast", b->loc);
  buf_state_add_operand(&st, md->base_src);
  int64_t offs = md->offset.s, sizes[MAX_RANK], strides[MAX_RANK];
  int64_t seg[4] = {1, 0, 0, 0};
  if (md->offset.v) {
    buf_state_add_operand(&st, md->offset.v);
    seg[1]++;
  }
  for (uint32_t i = 0; i < md->rank; i++) {
    sizes[i] = md->sizes[i].s;
    if (md->sizes[i].v) {
      buf_state_add_operand(&st, md->sizes[i].v);
      seg[2]++;
    }
  }
  for (uint32_t i = 0; i < md->rank; i++) {
    strides[i] = md->strides[i].s;
    if (md->strides[i].v) {
      buf_state_add_operand(&st, md->strides[i].v);
      seg[3]++;
    }
  }
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  buf_state_set_attr(&st, "static_offsets", buf_attr_i64_array(ctx, 1, &offs));
  buf_state_set_attr(&st, "static_sizes", buf_attr_i64_array(ctx, md->rank, sizes));
  buf_state_set_attr(&st, "static_strides", buf_attr_i64_array(ctx, md->rank, strides));
  buf_state_add_result(&st, t);
  return buf_op_result(buf_builder_insert(b, &st), 0);
}

/* Rewrites one view into a reinterpret_cast; false when op is no view
 * this pass knows or its metadata cannot be read. */
static bool expand_view(buf_op_t *op) {
  buf_view_kind_t kind = buf_op_view_kind(op);
  if (kind != BUF_VIEW_SLICE && kind != BUF_VIEW_EXPAND && kind != BUF_VIEW_COLLAPSE)
    return false;
  buf_type_t t = op->results[0].type;
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > MAX_RANK ||
      op->operands[0].value->type->kind != BUF_TYPE_MEMREF)
    return false;
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  metadata_t md;
  bool ok = kind == BUF_VIEW_SLICE    ? slice_metadata(&b, op, &md)
            : kind == BUF_VIEW_EXPAND ? expand_metadata(&b, op, &md)
                                      : collapse_metadata(&b, op, &md);
  if (!ok)
    return false; /* what was built is dead; the cleanup erases it */
  buf_value_t *rc = build_reinterpret(&b, &md, t);
  buf_value_replace_all_uses(&op->results[0], rc);
  buf_op_erase(op);
  return true;
}

static buf_value_t *index_value(buf_builder_t *b, mixed_t m) {
  return m.v ? m.v : buf_build_index_constant(b, m.s);
}

/* extract_strided_metadata of a reinterpret_cast (or of anything whose
 * type fixes some results): the results become the known values. */
static void fold_extract(buf_op_t *op) {
  buf_value_t *m = op->operands[0].value;
  if (m->type->kind != BUF_TYPE_MEMREF || op->num_results != 2 + 2 * m->type->u.shaped.rank)
    return;
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  uint32_t rank = m->type->u.shaped.rank;
  metadata_t md;
  if (m->def && buf_op_view_kind(m->def) == BUF_VIEW_REINTERPRET) {
    if (!metadata_of(&b, m, &md))
      return;
  } else {
    /* Only what the type fixes. */
    int64_t strides[MAX_RANK], offset;
    if (rank > MAX_RANK || BUF_FAILED(buf_type_memref_strides(m->type, strides, &offset)))
      return;
    md.base_src = NULL;
    md.offset = offset != BUF_DYNAMIC ? fixed(offset) : dynamic(&op->results[1], true);
    for (uint32_t i = 0; i < rank; i++) {
      int64_t s = m->type->u.shaped.shape[i];
      md.sizes[i] = s != BUF_DYNAMIC ? fixed(s) : dynamic(&op->results[2 + i], true);
      md.strides[i] = strides[i] != BUF_DYNAMIC ? fixed(strides[i])
                                                 : dynamic(&op->results[2 + rank + i], true);
    }
  }
  mixed_t all[1 + 2 * MAX_RANK];
  all[0] = md.offset;
  for (uint32_t i = 0; i < rank; i++) {
    all[1 + i] = md.sizes[i];
    all[1 + rank + i] = md.strides[i];
  }
  for (uint32_t i = 0; i < 1 + 2 * rank; i++) {
    buf_value_t *r = &op->results[1 + i];
    if (all[i].v == r || !buf_value_has_uses(r))
      continue;
    buf_value_replace_all_uses(r, index_value(&b, all[i]));
  }
  /* The base: the source's own when it is an extract_strided_metadata's
   * base result (a 0-d buffer already). */
  if (md.base_src && md.base_src->type == op->results[0].type && md.base_src->def &&
      buf_op_has_trait(md.base_src->def, BUF_TRAIT_METADATA_ONLY))
    buf_value_replace_all_uses(&op->results[0], md.base_src);
}

static bool same_entry(mixed_t a, mixed_t b) {
  int64_t x = a.s, y = b.s;
  if (a.v && !buf_value_constant_int(a.v, &x))
    return b.v == a.v;
  if (b.v && !buf_value_constant_int(b.v, &y))
    return false;
  return x == y;
}

/* A reinterpret_cast of a buffer that is its own base, to the buffer's
 * own type and metadata, is the buffer (upstream's fold). */
static bool fold_identity_reinterpret(buf_op_t *op) {
  buf_value_t *src = op->operands[0].value;
  if (src->type != op->results[0].type || !is_own_base(src))
    return false;
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  metadata_t mine, theirs;
  if (!metadata_of(&b, op->results, &mine) || !metadata_of(&b, src, &theirs))
    return false;
  if (!same_entry(mine.offset, theirs.offset))
    return false;
  for (uint32_t i = 0; i < mine.rank; i++)
    if (!same_entry(mine.sizes[i], theirs.sizes[i]) ||
        !same_entry(mine.strides[i], theirs.strides[i]))
      return false;
  buf_value_replace_all_uses(&op->results[0], src);
  buf_op_erase(op);
  return true;
}

static buf_walk_result_t collect_views(buf_op_t *op, void *user) {
  buf_view_kind_t k = buf_op_view_kind(op);
  if (k == BUF_VIEW_SLICE || k == BUF_VIEW_EXPAND || k == BUF_VIEW_COLLAPSE)
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static buf_walk_result_t collect_rest(buf_op_t *op, void *user) {
  if (buf_op_view_kind(op) == BUF_VIEW_REINTERPRET ||
      (buf_op_has_trait(op, BUF_TRAIT_METADATA_ONLY) && op->num_operands == 1 &&
       op->num_results >= 2 && op->results[0].type->kind == BUF_TYPE_MEMREF))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static buf_walk_result_t fold_op(buf_op_t *op, void *user) {
  (void)user;
  buf_op_fold(op);
  return BUF_WALK_ADVANCE;
}

static buf_status_t expand_strided_metadata_run(buf_op_t *root,
                                                const buf_pass_options_t *options) {
  (void)options;
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(root));
  buf__greedy_cleanup_constants(root);
  /* Views in program order: a view's source view is already a
   * reinterpret_cast when the view is expanded. */
  bo_oplist_t views = {.arena = arena};
  buf_op_walk(root, BUF_WALK_PRE, collect_views, &views);
  for (uint32_t i = 0; i < views.n; i++)
    expand_view(views.ops[i]);
  /* reinterpret_cast of reinterpret_cast starts from the inner source;
   * metadata reads of known metadata fold. */
  bo_oplist_t rest = {.arena = arena};
  buf_op_walk(root, BUF_WALK_PRE, collect_rest, &rest);
  for (uint32_t i = 0; i < rest.n; i++) {
    buf_op_t *op = rest.ops[i];
    if (buf_op_view_kind(op) == BUF_VIEW_REINTERPRET) {
      buf_value_t *src = op->operands[0].value;
      while (src->def && buf_op_view_kind(src->def) == BUF_VIEW_REINTERPRET)
        src = src->def->operands[0].value;
      if (src != op->operands[0].value)
        buf_op_set_operand(op, 0, src);
      fold_identity_reinterpret(op);
    } else {
      fold_extract(op);
    }
  }
  buf_op_walk(root, BUF_WALK_POST, fold_op, NULL);
  buf__greedy_cleanup_constants(root);
  buf__greedy_cleanup_dead(root);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_expand_strided_metadata = {
    .name = "expand-strided-metadata",
    .summary = "Expand memref operations into easier to analyze constructs",
    .anchor = "any",
    .run = expand_strided_metadata_run,
};
