/*
 * index_arith.c: sums of index values built the way upstream's
 * makeComposedFoldedAffineApply builds them (see index_arith.h).
 *
 * Terms keep the order they were first added in and like terms merge, so
 * `off + idx * stride` prints as mlir-opt prints it: `s0 + s1 * s2`, with
 * a constant last (`s0 * 2 + 1`). Values are numbered as symbols in the
 * order they entered the sum; the ones whose terms cancelled are dropped.
 */
#include "index_arith.h"

#define COMPOSE_DEPTH 8

void buf__ix_init(buf_ix_t *ix, buf_builder_t *b) {
  ix->b = b;
  ix->num_values = 0;
  ix->failed = false;
}

buf_ix_form_t buf__ix_const(int64_t c) {
  buf_ix_form_t f;
  f.cst = c;
  f.num_terms = 0;
  return f;
}

bool buf__ix_is_const(const buf_ix_form_t *f, int64_t *out) {
  if (f->num_terms)
    return false;
  *out = f->cst;
  return true;
}

static uint32_t value_index(buf_ix_t *ix, buf_value_t *v, bool is_dim) {
  for (uint32_t i = 0; i < ix->num_values; i++)
    if (ix->values[i] == v)
      return i;
  if (ix->num_values == BUF_IX_MAX_VALUES) {
    ix->failed = true;
    return 0;
  }
  ix->values[ix->num_values] = v;
  ix->is_dim[ix->num_values] = is_dim;
  return ix->num_values++;
}

/* Upstream's isValidSymbol, as far as these passes meet it: defined at the
 * top level of a function (an isolated-from-above region), a constant, or
 * an affine.apply of valid symbols. */
static bool valid_symbol(buf_value_t *v, int depth) {
  if (depth > COMPOSE_DEPTH)
    return false;
  buf_block_t *block = v->def ? v->def->block : v->block;
  buf_op_t *parent = block ? buf_block_parent_op(block) : NULL;
  if (parent && buf_op_has_trait(parent, BUF_TRAIT_ISOLATED_FROM_ABOVE))
    return true;
  if (!v->def)
    return false;
  if (buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT))
    return true;
  if (!buf_op_isa(v->def, "affine.apply"))
    return false;
  for (uint32_t i = 0; i < v->def->num_operands; i++)
    if (!valid_symbol(v->def->operands[i].value, depth + 1))
      return false;
  return true;
}

/* Adds coef * (a [* b]) to f, merging with a like term. */
static void add_term(buf_ix_t *ix, buf_ix_form_t *f, int64_t coef, uint32_t a,
                     uint32_t b) {
  if (b != BUF_IX_NO_VALUE && b < a) {
    uint32_t t = a;
    a = b;
    b = t;
  }
  for (uint32_t i = 0; i < f->num_terms; i++) {
    buf_ix_term_t *t = &f->terms[i];
    if (t->a != a || t->b != b)
      continue;
    t->coef += coef;
    if (t->coef == 0) {
      for (uint32_t k = i + 1; k < f->num_terms; k++)
        f->terms[k - 1] = f->terms[k];
      f->num_terms--;
    }
    return;
  }
  if (coef == 0)
    return;
  if (f->num_terms == BUF_IX_MAX_TERMS) {
    ix->failed = true;
    return;
  }
  f->terms[f->num_terms++] = (buf_ix_term_t){coef, a, b};
}

buf_ix_form_t buf__ix_add(buf_ix_t *ix, const buf_ix_form_t *x,
                          const buf_ix_form_t *y) {
  buf_ix_form_t r = *x;
  r.cst += y->cst;
  for (uint32_t i = 0; i < y->num_terms; i++)
    add_term(ix, &r, y->terms[i].coef, y->terms[i].a, y->terms[i].b);
  return r;
}

static buf_ix_form_t scale(buf_ix_t *ix, const buf_ix_form_t *x, int64_t c) {
  buf_ix_form_t r = buf__ix_const(x->cst * c);
  for (uint32_t i = 0; i < x->num_terms; i++)
    add_term(ix, &r, x->terms[i].coef * c, x->terms[i].a, x->terms[i].b);
  return r;
}

/* The value index of a form that is exactly one value, or NO_VALUE. */
static uint32_t single_value(const buf_ix_form_t *f) {
  if (f->cst != 0 || f->num_terms != 1 || f->terms[0].coef != 1 ||
      f->terms[0].b != BUF_IX_NO_VALUE)
    return BUF_IX_NO_VALUE;
  return f->terms[0].a;
}

buf_ix_form_t buf__ix_mul(buf_ix_t *ix, const buf_ix_form_t *x,
                          const buf_ix_form_t *y) {
  int64_t c;
  if (buf__ix_is_const(y, &c))
    return scale(ix, x, c);
  if (buf__ix_is_const(x, &c))
    return scale(ix, y, c);
  uint32_t a = single_value(x), b = single_value(y);
  buf_ix_form_t r = buf__ix_const(0);
  if (a == BUF_IX_NO_VALUE || b == BUF_IX_NO_VALUE) {
    ix->failed = true;
    return r;
  }
  add_term(ix, &r, 1, a, b);
  return r;
}

static buf_ix_form_t value_form(buf_ix_t *ix, buf_value_t *v, int depth, bool as_dim);

/* The form of expression e of an affine.apply's map over the forms of its
 * operands (dims first, then symbols); fails on mod and divisions. */
static buf_ix_form_t expr_form(buf_ix_t *ix, buf_affine_expr_t *e,
                               const buf_ix_form_t *operands, uint32_t num_dims) {
  switch (e->kind) {
  case BUF_AFFINE_DIM:
    return operands[e->value];
  case BUF_AFFINE_SYMBOL:
    return operands[num_dims + e->value];
  case BUF_AFFINE_CONST:
    return buf__ix_const(e->value);
  case BUF_AFFINE_ADD: {
    buf_ix_form_t l = expr_form(ix, e->lhs, operands, num_dims);
    buf_ix_form_t r = expr_form(ix, e->rhs, operands, num_dims);
    return buf__ix_add(ix, &l, &r);
  }
  case BUF_AFFINE_MUL: {
    buf_ix_form_t l = expr_form(ix, e->lhs, operands, num_dims);
    buf_ix_form_t r = expr_form(ix, e->rhs, operands, num_dims);
    return buf__ix_mul(ix, &l, &r);
  }
  default:
    ix->failed = true;
    return buf__ix_const(0);
  }
}

/* v's producer is an affine.apply of one result whose map is a linear sum:
 * its form over the forms of its operands. False (ix untouched) when not. */
static bool compose_apply(buf_ix_t *ix, buf_value_t *v, int depth,
                          buf_ix_form_t *out) {
  buf_op_t *def = v->def;
  if (!def || depth >= COMPOSE_DEPTH || !buf_op_isa(def, "affine.apply") ||
      def->num_results != 1)
    return false;
  buf_attr_t m = buf_op_attr(def, "map");
  if (!m || m->kind != BUF_ATTR_AFFINE_MAP || m->u.map->num_results != 1 ||
      m->u.map->num_dims + m->u.map->num_symbols != def->num_operands ||
      def->num_operands > BUF_IX_MAX_VALUES)
    return false;
  buf_ix_t saved = *ix;
  /* Its symbols enter first, then its dims (upstream's composition
   * promotes the dims that are valid symbols after the symbols). */
  buf_ix_form_t operands[BUF_IX_MAX_VALUES];
  uint32_t nd = m->u.map->num_dims;
  for (uint32_t i = nd; i < def->num_operands; i++)
    operands[i] = value_form(ix, def->operands[i].value, depth + 1, false);
  for (uint32_t i = 0; i < nd; i++) {
    buf_value_t *o = def->operands[i].value;
    operands[i] = value_form(ix, o, depth + 1, !valid_symbol(o, 0));
  }
  buf_ix_form_t f = expr_form(ix, m->u.map->results[0], operands, nd);
  if (ix->failed) {
    *ix = saved;
    return false;
  }
  *out = f;
  return true;
}

static buf_ix_form_t value_form(buf_ix_t *ix, buf_value_t *v, int depth, bool as_dim) {
  int64_t c;
  if (buf_value_constant_int(v, &c) && v->type->kind == BUF_TYPE_INDEX)
    return buf__ix_const(c);
  buf_ix_form_t f;
  if (depth >= 0 && compose_apply(ix, v, depth, &f))
    return f;
  f = buf__ix_const(0);
  add_term(ix, &f, 1, value_index(ix, v, as_dim), BUF_IX_NO_VALUE);
  return f;
}

buf_ix_form_t buf__ix_value(buf_ix_t *ix, buf_value_t *v, bool compose) {
  return value_form(ix, v, compose ? 0 : -1, false);
}

buf_ix_form_t buf__ix_mixed(buf_ix_t *ix, int64_t static_value,
                            buf_value_t *dynamic_value, bool compose) {
  if (static_value != BUF_DYNAMIC || !dynamic_value)
    return buf__ix_const(static_value);
  return buf__ix_value(ix, dynamic_value, compose);
}

buf_ix_form_t buf__ix_offset_index(buf_ix_t *ix, int64_t off, buf_value_t *off_v,
                                   int64_t idx, buf_value_t *idx_v,
                                   int64_t stride, buf_value_t *stride_v) {
  buf_ix_t start = *ix;
  for (int pass = 0; pass < 2; pass++) {
    bool compose = pass == 0;
    buf_ix_form_t o = buf__ix_mixed(ix, off, off_v, compose);
    buf_ix_form_t i = buf__ix_mixed(ix, idx, idx_v, compose);
    buf_ix_form_t s = buf__ix_mixed(ix, stride, stride_v, compose);
    buf_ix_form_t p = buf__ix_mul(ix, &i, &s);
    buf_ix_form_t r = buf__ix_add(ix, &o, &p);
    if (!ix->failed || pass == 1)
      return r;
    *ix = start;
  }
  return buf__ix_const(0); /* not reached */
}

/* The dim or symbol expression of value v at its map position. */
static buf_affine_expr_t *var(const buf_ix_t *ix, const uint32_t *position, uint32_t v) {
  buf_ctx_t *ctx = ix->b->ctx;
  return ix->is_dim[v] ? buf_affine_dim(ctx, position[v]) : buf_affine_symbol(ctx, position[v]);
}

buf_value_t *buf__ix_materialize(buf_ix_t *ix, const buf_ix_form_t *f) {
  buf_ctx_t *ctx = ix->b->ctx;
  int64_t c;
  if (buf__ix_is_const(f, &c))
    return buf_build_index_constant(ix->b, c);
  uint32_t single = single_value(f);
  if (single != BUF_IX_NO_VALUE)
    return ix->values[single];
  /* Dims, then symbols: the values the terms use, in the order they
   * entered. */
  uint32_t position[BUF_IX_MAX_VALUES];
  buf_value_t *operands[BUF_IX_MAX_VALUES];
  uint32_t n = 0, num_dims = 0;
  for (int want_dim = 1; want_dim >= 0; want_dim--)
    for (uint32_t v = 0; v < ix->num_values; v++) {
      if (ix->is_dim[v] != (bool)want_dim)
        continue;
      position[v] = BUF_IX_NO_VALUE;
      for (uint32_t t = 0; t < f->num_terms; t++)
        if (f->terms[t].a == v || f->terms[t].b == v) {
          position[v] = want_dim ? n : n - num_dims;
          operands[n++] = ix->values[v];
          break;
        }
      if (want_dim)
        num_dims = n;
    }
  /* A linear sum goes by position (dims first), as upstream's simplifier
   * rebuilds it; with a product, in the order built. */
  uint32_t order[BUF_IX_MAX_TERMS];
  bool linear = true;
  for (uint32_t t = 0; t < f->num_terms; t++) {
    order[t] = t;
    linear &= f->terms[t].b == BUF_IX_NO_VALUE;
  }
  for (uint32_t i = 1; linear && i < f->num_terms; i++)
    for (uint32_t j = i; j > 0; j--) {
      const buf_ix_term_t *x = &f->terms[order[j - 1]], *y = &f->terms[order[j]];
      uint32_t kx = ix->is_dim[x->a] ? position[x->a] : num_dims + position[x->a];
      uint32_t ky = ix->is_dim[y->a] ? position[y->a] : num_dims + position[y->a];
      if (kx <= ky)
        break;
      uint32_t tmp = order[j];
      order[j] = order[j - 1];
      order[j - 1] = tmp;
    }
  buf_affine_expr_t *sum = NULL;
  for (uint32_t i = 0; i < f->num_terms; i++) {
    const buf_ix_term_t *term = &f->terms[order[i]];
    buf_affine_expr_t *e = var(ix, position, term->a);
    if (term->b != BUF_IX_NO_VALUE)
      e = buf_affine_binary(ctx, BUF_AFFINE_MUL, e, var(ix, position, term->b));
    if (term->coef != 1)
      e = buf_affine_binary(ctx, BUF_AFFINE_MUL, e, buf_affine_const(ctx, term->coef));
    sum = sum ? buf_affine_binary(ctx, BUF_AFFINE_ADD, sum, e) : e;
  }
  if (f->cst != 0)
    sum = buf_affine_binary(ctx, BUF_AFFINE_ADD, sum, buf_affine_const(ctx, f->cst));
  buf_affine_map_t *map = buf_affine_map(ctx, num_dims, n - num_dims, 1, &sum);
  buf_op_t *apply = buf_build(ix->b, "affine.apply", buf_type_index(ctx), n, operands,
                              "map", buf_attr_affine_map(ctx, map), NULL);
  return buf_op_result(apply, 0);
}

/* Contract in index_arith.h. */
buf_op_t *buf__build_strided_metadata(buf_builder_t *b, buf_value_t *m) {
  buf_type_t t = m->type;
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "memref.extract_strided_metadata", b->loc);
  buf_state_add_operand(&st, m);
  buf_state_add_result(&st, buf_type_memref(b->ctx, 0, NULL, t->u.shaped.elem, NULL,
                                            t->u.shaped.memory_space));
  for (uint32_t i = 0; i < 1 + 2 * t->u.shaped.rank; i++)
    buf_state_add_result(&st, buf_type_index(b->ctx));
  return buf_builder_insert(b, &st);
}
