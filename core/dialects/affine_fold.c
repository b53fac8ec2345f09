/*
 * affine_fold.c: the folders of affine.apply, affine.linearize_index and
 * affine.delinearize_index (upstream's fold methods, which its greedy
 * driver runs after every pattern pass): an apply whose map is one of its
 * operands is that operand; an apply, linearize or delinearize of
 * constants is constants. The constants are built just before the op; the
 * driver that asks uniques and hoists them.
 *
 * Further, as upstream's canonicalizer:
 *   - affine.min and affine.max of constants are the min or max of their
 *     map's results;
 *   - the constant operands of an apply, min or max that does not fold
 *     whole, and of an affine.for's bounds, move into its map
 *     (canonicalizeMapAndOperands), so the constants can die; dim operands
 *     defined at the top level of the function become symbols;
 *   - a linearize_index of the results of a delinearize_index of x, in
 *     order and by the same basis (dynamic entries the same values), is x;
 *   - an affine.for whose bounds evaluate to constants and give no
 *     iteration is its iter_args' initial values.
 * Each computes what the interpreter computes; where it would report an
 * error (a divisor that is not positive) nothing folds.
 */
#include "buf/ir.h"
#include "dialect_util.h"

#define MAX_FOLD_OPERANDS 16
#define MAX_OPERANDS MAX_FOLD_OPERANDS

static bool constant_operands(const buf_op_t *op, uint32_t first, uint32_t n, int64_t *out) {
  if (n > MAX_FOLD_OPERANDS)
    return false;
  for (uint32_t i = 0; i < n; i++)
    if (!buf_value_constant_int(op->operands[first + i].value, &out[i]))
      return false;
  return true;
}

/* Replaces op's results by index constants and erases op. */
static bool replace_by_constants(buf_op_t *op, const int64_t *values) {
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_value_t *vs[MAX_FOLD_OPERANDS];
  for (uint32_t i = 0; i < op->num_results; i++)
    vs[i] = buf_build_index_constant(&b, values[i]);
  buf_op_replace(op, vs);
  return true;
}

/* The static basis (all entries static) of a (de)linearize op. */
static bool static_basis(const buf_op_t *op, const int64_t **basis, uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || !a->u.dense_array.ints ||
      a->u.dense_array.count > MAX_FOLD_OPERANDS)
    return false;
  *basis = a->u.dense_array.ints;
  *n = (uint32_t)a->u.dense_array.count;
  for (uint32_t i = 0; i < *n; i++)
    if ((*basis)[i] == BUF_DYNAMIC || (*basis)[i] <= 0)
      return false;
  return true;
}

/* Every mod and division of e is by a positive constant: one by a value
 * (possibly zero) stays for the run to report. */
static bool safe_divisors(buf_affine_expr_t *e) {
  switch (e->kind) {
  case BUF_AFFINE_MOD:
  case BUF_AFFINE_FLOORDIV:
  case BUF_AFFINE_CEILDIV:
    if (e->rhs->kind != BUF_AFFINE_CONST || e->rhs->value <= 0)
      return false;
    return safe_divisors(e->lhs);
  case BUF_AFFINE_ADD:
  case BUF_AFFINE_MUL:
    return safe_divisors(e->lhs) && safe_divisors(e->rhs);
  default:
    return true;
  }
}

static bool fold_apply_of_constants(buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "map");
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP || a->u.map->num_results != 1 ||
      op->num_results != 1)
    return false;
  buf_affine_map_t *m = a->u.map;
  buf_affine_expr_t *e = m->results[0];
  if (m->num_dims + m->num_symbols != op->num_operands)
    return false;
  if (e->kind == BUF_AFFINE_DIM || e->kind == BUF_AFFINE_SYMBOL) {
    uint32_t i = (uint32_t)e->value + (e->kind == BUF_AFFINE_SYMBOL ? m->num_dims : 0);
    buf_value_t *v = op->operands[i].value;
    buf_op_replace(op, &v);
    return true;
  }
  int64_t vals[MAX_FOLD_OPERANDS];
  if (!constant_operands(op, 0, op->num_operands, vals) || !safe_divisors(e))
    return false;
  int64_t r = buf_affine_expr_eval(e, vals, vals + m->num_dims);
  return replace_by_constants(op, &r);
}

static bool fold_linearize_of_constants(buf_op_t *op) {
  const int64_t *basis;
  uint32_t n, nidx = 0;
  buf_op_segment(op, 0, &nidx);
  if (!static_basis(op, &basis, &n) || (n != nidx && n + 1 != nidx) || nidx == 0)
    return false;
  int64_t idx[MAX_FOLD_OPERANDS];
  if (!constant_operands(op, 0, nidx, idx))
    return false;
  /* Without an outer bound the basis has one entry less than the indices. */
  const int64_t *inner = basis + (n == nidx ? 1 : 0);
  int64_t r = idx[0];
  for (uint32_t i = 1; i < nidx; i++)
    r = r * inner[i - 1] + idx[i];
  return replace_by_constants(op, &r);
}

bool buf__affine_delinearize_fold(buf_op_t *op) {
  const int64_t *basis;
  uint32_t n;
  int64_t x;
  if (op->num_operands != 1 || !static_basis(op, &basis, &n) ||
      (op->num_results != n && op->num_results != n + 1) ||
      !buf_value_constant_int(op->operands[0].value, &x))
    return false;
  /* Results from the innermost: x mod b, then the quotient on. */
  uint32_t nr = op->num_results;
  const int64_t *inner = basis + (nr == n ? 1 : 0);
  int64_t out[MAX_FOLD_OPERANDS + 1];
  for (uint32_t i = nr; i-- > 1;) {
    int64_t b = inner[i - 1];
    int64_t q = x / b, rem = x % b;
    if (rem < 0) {
      rem += b;
      q -= 1;
    }
    out[i] = rem;
    x = q;
  }
  out[0] = x;
  return replace_by_constants(op, out);
}

/* ------------------------------------------------------------------------ */
/* The canonicalizer's further folds                                         */
/* ------------------------------------------------------------------------ */

/* The value of v when an index constant defines it. */
static bool const_index(buf_value_t *v, int64_t *out) {
  if (v->type->kind != BUF_TYPE_INDEX || !v->def ||
      !buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT))
    return false;
  buf_attr_t a = buf_op_attr(v->def, "value");
  if (!a || a->kind != BUF_ATTR_INTEGER)
    return false;
  *out = a->u.i;
  return true;
}

/* True when every divisor in e (of mod, floordiv, ceildiv) evaluates to a
 * positive number, as the interpreter requires. */
static bool divisors_positive(buf_affine_expr_t *e, const int64_t *dims,
                              const int64_t *syms) {
  switch (e->kind) {
  case BUF_AFFINE_ADD:
  case BUF_AFFINE_MUL:
    return divisors_positive(e->lhs, dims, syms) &&
           divisors_positive(e->rhs, dims, syms);
  case BUF_AFFINE_MOD:
  case BUF_AFFINE_FLOORDIV:
  case BUF_AFFINE_CEILDIV:
    return divisors_positive(e->lhs, dims, syms) &&
           divisors_positive(e->rhs, dims, syms) &&
           buf_affine_expr_eval(e->rhs, dims, syms) > 0;
  default:
    return true;
  }
}

static bool replace_by_index(buf_op_t *op, uint32_t n, const int64_t *values) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_value_t *vs[MAX_OPERANDS + 1];
  for (uint32_t i = 0; i < n; i++) {
    buf_type_t t = op->results[i].type;
    buf_op_t *c = buf_build(&b, "arith.constant", t, 0, NULL, "value",
                            buf_attr_integer(ctx, t, values[i]), NULL);
    vs[i] = buf_op_result(c, 0);
  }
  buf_op_replace(op, vs);
  return true;
}

/* affine.min (want -1) and affine.max (want 1) of constant operands
 * (want 0: an apply of one result). */
static bool fold_map(buf_op_t *op, int want) {
  buf_attr_t a = buf_op_attr(op, "map");
  int64_t vals[MAX_OPERANDS];
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP || op->num_results != 1)
    return false;
  buf_affine_map_t *map = a->u.map;
  uint32_t n = op->num_operands;
  if (map->num_dims + map->num_symbols != n || n > MAX_OPERANDS ||
      map->num_results == 0 || (want == 0 && map->num_results != 1))
    return false;
  for (uint32_t i = 0; i < n; i++)
    if (!const_index(buf_op_operand(op, i), &vals[i]))
      return false;
  const int64_t *syms = vals + map->num_dims;
  int64_t r = 0;
  for (uint32_t i = 0; i < map->num_results; i++) {
    if (!divisors_positive(map->results[i], vals, syms))
      return false;
    int64_t x = buf_affine_expr_eval(map->results[i], vals, syms);
    if (i == 0 || (want < 0 ? x < r : x > r))
      r = x;
  }
  return replace_by_index(op, 1, &r);
}

/* How inline_constants_of rewrites one map input. */
typedef struct input_plan {
  bool known;        /* a constant: value replaces it */
  bool to_symbol;    /* a dim that becomes a symbol */
  int64_t value;
  uint32_t new_pos;  /* its position among the new dims or symbols */
} input_plan_t;

/* e with the inputs rewritten as plan says (inputs: the dims, then the
 * symbols after them). */
static buf_affine_expr_t *substitute(buf_ctx_t *ctx, buf_affine_expr_t *e,
                                     uint32_t num_dims,
                                     const input_plan_t *plan) {
  switch (e->kind) {
  case BUF_AFFINE_DIM:
  case BUF_AFFINE_SYMBOL: {
    const input_plan_t *p =
        &plan[(uint32_t)e->value + (e->kind == BUF_AFFINE_SYMBOL ? num_dims : 0)];
    if (p->known)
      return buf_affine_const(ctx, p->value);
    return e->kind == BUF_AFFINE_DIM && !p->to_symbol
               ? buf_affine_dim(ctx, p->new_pos)
               : buf_affine_symbol(ctx, p->new_pos);
  }
  case BUF_AFFINE_CONST:
    return e;
  default:
    return buf_affine_binary(ctx, e->kind,
                             substitute(ctx, e->lhs, num_dims, plan),
                             substitute(ctx, e->rhs, num_dims, plan));
  }
}

/* Is v defined at the top level of the affine scope that holds op (the
 * region of its closest ancestor isolated from above)? Such a value is a
 * valid symbol for op's maps (upstream's isTopLevelValue). */
static bool top_level_for(const buf_value_t *v, const buf_op_t *op) {
  const buf_op_t *cur = op;
  buf_op_t *parent;
  while ((parent = buf_op_parent(cur)) &&
         !buf_op_has_trait(parent, BUF_TRAIT_ISOLATED_FROM_ABOVE))
    cur = parent;
  if (!parent || !cur->block)
    return false;
  buf_block_t *vb = v->def ? v->def->block : v->block;
  return v->type->kind == BUF_TYPE_INDEX && vb &&
         vb->region == cur->block->region;
}

/* Moves the constant operands among op's operands [start, start + n),
 * those of its map attribute `attr`, into that map, and makes the dims
 * whose operands are valid symbols (defined at the top level of the affine
 * scope) symbols, after the others (upstream's canonicalizeMapAndOperands
 * and canonicalizePromotedSymbols). The operands that stay go to kept
 * (*num_kept of them): dims, symbols, promoted dims. A symbol constant
 * that is not positive stays an operand: as a divisor the interpreter
 * reports it, and the map's constructors would fold the division. False
 * (nothing changed) when no operand is a constant or promoted. */
static bool inline_constants_of(buf_op_t *op, const char *attr, uint32_t start,
                                uint32_t n, buf_value_t **kept,
                                uint32_t *num_kept) {
  buf_attr_t a = buf_op_attr(op, attr);
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP)
    return false;
  buf_affine_map_t *map = a->u.map;
  uint32_t nd = 0, ns = 0;
  if (map->num_dims + map->num_symbols != n || n > MAX_OPERANDS ||
      start + n > op->num_operands || map->num_results > MAX_OPERANDS)
    return false;
  input_plan_t plan[MAX_OPERANDS];
  bool any = false;
  for (uint32_t i = 0; i < n; i++) {
    buf_value_t *v = buf_op_operand(op, start + i);
    input_plan_t *p = &plan[i];
    /* a dim is never a divisor; a symbol may be */
    p->known = const_index(v, &p->value) && (i < map->num_dims || p->value > 0);
    p->to_symbol = !p->known && i < map->num_dims && top_level_for(v, op);
    any |= p->known || p->to_symbol;
    if (!p->known && !p->to_symbol)
      p->new_pos = i < map->num_dims ? nd++ : ns++;
  }
  if (!any)
    return false;
  /* dims, then symbols, then the promoted dims as the last symbols */
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!plan[i].known && !plan[i].to_symbol)
      kept[k++] = buf_op_operand(op, start + i);
  for (uint32_t i = 0; i < n; i++)
    if (plan[i].to_symbol) {
      plan[i].new_pos = ns++;
      kept[k++] = buf_op_operand(op, start + i);
    }
  *num_kept = k;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_affine_expr_t *results[MAX_OPERANDS];
  for (uint32_t r = 0; r < map->num_results; r++)
    results[r] = substitute(ctx, map->results[r], map->num_dims, plan);
  buf_op_set_attr(op, attr,
                  buf_attr_affine_map(
                      ctx, buf_affine_map(ctx, nd, ns, map->num_results,
                                          results)));
  return true;
}

/* Moves the constant operands of an apply, min or max into its map. */
static bool inline_constant_operands(buf_op_t *op) {
  buf_value_t *kept[MAX_OPERANDS];
  uint32_t k;
  if (!inline_constants_of(op, "map", 0, op->num_operands, kept, &k))
    return false;
  buf_op_set_operands(op, k, kept);
  return true;
}

/* Moves the constant operands of an affine.for's bounds into the bound
 * maps (upstream canonicalizes the loop bounds' maps and operands). */
static bool inline_constant_bounds(buf_op_t *op, const int64_t *seg) {
  buf_value_t *lb[MAX_OPERANDS], *ub[MAX_OPERANDS];
  uint32_t nlb = (uint32_t)seg[0], nub = (uint32_t)seg[1];
  if (nlb > MAX_OPERANDS || nub > MAX_OPERANDS)
    return false;
  for (uint32_t i = 0; i < nlb; i++)
    lb[i] = buf_op_operand(op, i);
  for (uint32_t i = 0; i < nub; i++)
    ub[i] = buf_op_operand(op, nlb + i);
  bool changed = inline_constants_of(op, "lowerBoundMap", 0, nlb, lb, &nlb);
  changed |= inline_constants_of(op, "upperBoundMap", (uint32_t)seg[0], nub,
                                 ub, &nub);
  if (!changed)
    return false;
  uint32_t ninit = (uint32_t)seg[2], n = nlb + nub + ninit, k = 0;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_value_t **all = buf_arena_alloc(buf_ctx_arena(ctx), (n + 1) * sizeof *all);
  for (uint32_t i = 0; i < nlb; i++)
    all[k++] = lb[i];
  for (uint32_t i = 0; i < nub; i++)
    all[k++] = ub[i];
  for (uint32_t i = 0; i < ninit; i++)
    all[k++] = buf_op_operand(op, (uint32_t)(seg[0] + seg[1]) + i);
  buf_op_set_operands(op, n, all);
  int64_t nseg[3] = {nlb, nub, ninit};
  buf_op_set_attr(op, "operandSegmentSizes",
                  buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, nseg, NULL));
  return true;
}

bool buf__affine_apply_fold(buf_op_t *op) {
  return fold_apply_of_constants(op) || inline_constant_operands(op);
}
bool buf__affine_min_fold(buf_op_t *op) {
  return fold_map(op, -1) || inline_constant_operands(op);
}
bool buf__affine_max_fold(buf_op_t *op) {
  return fold_map(op, 1) || inline_constant_operands(op);
}

/* The basis of a (de)linearize op as written: its static_basis entries
 * (BUF_DYNAMIC where a value stands) and those values, which are its
 * operands from first_dynamic on. */
static bool mixed_basis(const buf_op_t *op, uint32_t first_dynamic,
                        const int64_t **basis, uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || !a->u.dense_array.ints)
    return false;
  *basis = a->u.dense_array.ints;
  *n = (uint32_t)a->u.dense_array.count;
  uint32_t ndyn = 0;
  for (uint32_t i = 0; i < *n; i++)
    ndyn += (*basis)[i] == BUF_DYNAMIC;
  return first_dynamic + ndyn == op->num_operands;
}

/* linearize_index(delinearize_index(x)#0, ..., #n-1) by the same basis
 * (static entries equal, dynamic ones the same values) is x. */
static bool fold_linearize_of_delinearize(buf_op_t *op, uint32_t n) {
  buf_op_t *d = buf_op_operand(op, 0)->def;
  const int64_t *basis, *dbasis;
  uint32_t nb, dnb;
  /* the delinearize op is known by its fold hook, this file's own */
  if (!d || d->def->fold != buf__affine_delinearize_fold ||
      d->num_results != n || !mixed_basis(op, n, &basis, &nb) ||
      !mixed_basis(d, 1, &dbasis, &dnb) || dnb != nb ||
      op->num_operands - n != d->num_operands - 1)
    return false;
  for (uint32_t i = 0; i < nb; i++)
    if (dbasis[i] != basis[i])
      return false;
  for (uint32_t i = 0; i + n < op->num_operands; i++)
    if (buf_op_operand(op, n + i) != buf_op_operand(d, 1 + i))
      return false;
  for (uint32_t i = 0; i < n; i++)
    if (buf_op_operand(op, i) != &d->results[i])
      return false;
  buf_value_t *x = buf_op_operand(d, 0);
  buf_op_replace(op, &x);
  return true;
}

bool buf__affine_linearize_fold(buf_op_t *op) {
  uint32_t n = 0;
  buf_op_segment(op, 0, &n);
  if (op->num_results == 1 && n && fold_linearize_of_delinearize(op, n))
    return true;
  return fold_linearize_of_constants(op);
}

/* The bound of an affine.for: the max (lower) or min of its map's results
 * on operands [start, start + n), when they are all constants. */
static bool constant_bound(const buf_op_t *op, const char *attr,
                           uint32_t start, uint32_t n, bool lower,
                           int64_t *out) {
  buf_attr_t a = buf_op_attr(op, attr);
  int64_t vals[MAX_OPERANDS];
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP || n > MAX_OPERANDS)
    return false;
  buf_affine_map_t *map = a->u.map;
  if (map->num_dims + map->num_symbols != n || !map->num_results)
    return false;
  for (uint32_t i = 0; i < n; i++)
    if (!const_index(buf_op_operand(op, start + i), &vals[i]))
      return false;
  for (uint32_t r = 0; r < map->num_results; r++) {
    if (!divisors_positive(map->results[r], vals, vals + map->num_dims))
      return false;
    int64_t x = buf_affine_expr_eval(map->results[r], vals,
                                     vals + map->num_dims);
    if (r == 0 || (lower ? x > *out : x < *out))
      *out = x;
  }
  return true;
}

bool buf__affine_for_fold(buf_op_t *op) {
  int64_t seg[3], lb, ub;
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[0] < 0 || seg[1] < 0 || seg[2] != (int64_t)op->num_results ||
      seg[0] + seg[1] + seg[2] != (int64_t)op->num_operands)
    return false;
  if (!constant_bound(op, "lowerBoundMap", 0, (uint32_t)seg[0], true, &lb) ||
      !constant_bound(op, "upperBoundMap", (uint32_t)seg[0], (uint32_t)seg[1],
                      false, &ub) ||
      lb < ub)
    return inline_constant_bounds(op, seg);
  uint32_t first_init = (uint32_t)(seg[0] + seg[1]);
  for (uint32_t r = 0; r < op->num_results; r++)
    buf_value_replace_all_uses(&op->results[r],
                               op->operands[first_init + r].value);
  buf_op_erase(op);
  return true;
}

