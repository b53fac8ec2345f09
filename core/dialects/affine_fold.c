/*
 * affine_fold.c: fold hooks of the affine index ops (buf_opdef_t.fold),
 * what upstream's folders do once their operands are constants, so that
 * --canonicalize needs no knowledge of affine:
 *
 *   - affine.apply, affine.min and affine.max whose operands are all index
 *     constants become the constant their map evaluates to (the min or the
 *     max of its results);
 *   - affine.delinearize_index of a constant by a static basis becomes one
 *     constant per digit; affine.linearize_index of constants by a static
 *     basis becomes their linear index;
 *   - affine.linearize_index of the results of an affine.delinearize_index
 *     of x, in order and by the same basis, is x;
 *   - the constant operands of an affine.apply, min or max that does not
 *     fold whole move into its map (upstream's canonicalizeMapAndOperands),
 *     so the constants can die;
 *   - affine.for whose bounds evaluate to constants and give no iteration
 *     is its iter_args' initial values.
 *
 * Each computes what the interpreter (interp/ops_affine.c) computes; where
 * the interpreter reports an error (a divisor that is not positive, a
 * basis element that is not positive in delinearize) nothing folds.
 */
#include "dialect_util.h"

#define MAX_OPERANDS 16

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

/* affine.apply (want 0), affine.min (want -1) and affine.max (want 1) of
 * constant operands. */
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

/* e with the dims and symbols that have a constant (known[i], value
 * vals[i], symbols after the dims) replaced by it and the others
 * renumbered by new_pos. */
static buf_affine_expr_t *substitute(buf_ctx_t *ctx, buf_affine_expr_t *e,
                                     uint32_t num_dims, const bool *known,
                                     const int64_t *vals,
                                     const uint32_t *new_pos) {
  switch (e->kind) {
  case BUF_AFFINE_DIM:
  case BUF_AFFINE_SYMBOL: {
    uint32_t i = (uint32_t)e->value +
                 (e->kind == BUF_AFFINE_SYMBOL ? num_dims : 0);
    if (known[i])
      return buf_affine_const(ctx, vals[i]);
    return e->kind == BUF_AFFINE_DIM ? buf_affine_dim(ctx, new_pos[i])
                                     : buf_affine_symbol(ctx, new_pos[i]);
  }
  case BUF_AFFINE_CONST:
    return e;
  default:
    return buf_affine_binary(
        ctx, e->kind,
        substitute(ctx, e->lhs, num_dims, known, vals, new_pos),
        substitute(ctx, e->rhs, num_dims, known, vals, new_pos));
  }
}

/* Moves op's constant operands into its map. A symbol constant that is
 * not positive stays an operand: as a divisor the interpreter reports
 * it, and the map's constructors would fold the division. */
static bool inline_constant_operands(buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "map");
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP)
    return false;
  buf_affine_map_t *map = a->u.map;
  uint32_t n = op->num_operands, nd = 0, ns = 0;
  if (map->num_dims + map->num_symbols != n || n > MAX_OPERANDS)
    return false;
  bool known[MAX_OPERANDS], any = false;
  int64_t vals[MAX_OPERANDS];
  uint32_t new_pos[MAX_OPERANDS];
  buf_value_t *kept[MAX_OPERANDS];
  for (uint32_t i = 0; i < n; i++) {
    /* a dim is never a divisor; a symbol may be */
    known[i] = const_index(buf_op_operand(op, i), &vals[i]) &&
               (i < map->num_dims || vals[i] > 0);
    any |= known[i];
    if (!known[i])
      new_pos[i] = i < map->num_dims ? nd++ : ns++;
  }
  if (!any)
    return false;
  /* dims stay before symbols in the kept operands */
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!known[i])
      kept[k++] = buf_op_operand(op, i);
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_affine_expr_t *results[MAX_OPERANDS];
  if (map->num_results > MAX_OPERANDS)
    return false;
  for (uint32_t r = 0; r < map->num_results; r++)
    results[r] =
        substitute(ctx, map->results[r], map->num_dims, known, vals, new_pos);
  buf_op_set_attr(op, "map",
                  buf_attr_affine_map(
                      ctx, buf_affine_map(ctx, nd, ns, map->num_results,
                                          results)));
  buf_op_set_operands(op, k, kept);
  return true;
}

bool buf__affine_apply_fold(buf_op_t *op) {
  return fold_map(op, 0) || inline_constant_operands(op);
}
bool buf__affine_min_fold(buf_op_t *op) {
  return fold_map(op, -1) || inline_constant_operands(op);
}
bool buf__affine_max_fold(buf_op_t *op) {
  return fold_map(op, 1) || inline_constant_operands(op);
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
      seg[0] + seg[1] + seg[2] != (int64_t)op->num_operands ||
      !constant_bound(op, "lowerBoundMap", 0, (uint32_t)seg[0], true, &lb) ||
      !constant_bound(op, "upperBoundMap", (uint32_t)seg[0], (uint32_t)seg[1],
                      false, &ub) ||
      lb < ub)
    return false;
  uint32_t first_init = (uint32_t)(seg[0] + seg[1]);
  for (uint32_t r = 0; r < op->num_results; r++)
    buf_value_replace_all_uses(&op->results[r],
                               op->operands[first_init + r].value);
  buf_op_erase(op);
  return true;
}

/* The static basis of op when it has no dynamic entry. */
static bool static_basis(const buf_op_t *op, const int64_t **basis,
                         uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY ||
      a->u.dense_array.count > MAX_OPERANDS ||
      (a->u.dense_array.count && !a->u.dense_array.ints))
    return false;
  *n = (uint32_t)a->u.dense_array.count;
  *basis = a->u.dense_array.ints;
  for (uint32_t i = 0; i < *n; i++)
    if ((*basis)[i] == BUF_DYNAMIC)
      return false;
  return true;
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

bool buf__affine_delinearize_fold(buf_op_t *op) {
  const int64_t *basis;
  uint32_t nb, nr = op->num_results;
  int64_t x, digits[MAX_OPERANDS + 1];
  if (op->num_operands != 1 || !static_basis(op, &basis, &nb) ||
      (nr != nb && nr != nb + 1) || nr == 0 ||
      !const_index(buf_op_operand(op, 0), &x))
    return false;
  for (uint32_t i = 0; i < nb; i++)
    if (basis[i] <= 0)
      return false;
  /* digit nr - k uses basis[nb - k]; digit 0 takes what is left */
  for (uint32_t k = 1; k < nr; k++) {
    int64_t b = basis[nb - k], q = floor_div(x, b);
    digits[nr - k] = x - q * b;
    x = q;
  }
  digits[0] = x;
  return replace_by_index(op, nr, digits);
}

/* linearize_index(delinearize_index(x)#0, ..., #n-1) by the same basis. */
static bool fold_linearize_of_delinearize(buf_op_t *op, uint32_t n,
                                          const int64_t *basis, uint32_t nb) {
  buf_op_t *d = buf_op_operand(op, 0)->def;
  const int64_t *dbasis;
  uint32_t dnb;
  /* the delinearize op is known by its fold hook, this file's own */
  if (!d || d->def->fold != buf__affine_delinearize_fold ||
      d->num_results != n ||
      !static_basis(d, &dbasis, &dnb) || dnb != nb)
    return false;
  for (uint32_t i = 0; i < nb; i++)
    if (dbasis[i] != basis[i])
      return false;
  for (uint32_t i = 0; i < n; i++)
    if (buf_op_operand(op, i) != &d->results[i])
      return false;
  buf_value_t *x = buf_op_operand(d, 0);
  buf_op_replace(op, &x);
  return true;
}

bool buf__affine_linearize_fold(buf_op_t *op) {
  int64_t seg[2];
  const int64_t *basis;
  uint32_t nb;
  if (op->num_results != 1 ||
      buf_op_segment_sizes(op, "operandSegmentSizes", seg, 2) != 2 ||
      seg[0] <= 0 || seg[1] != 0 || seg[0] != (int64_t)op->num_operands ||
      !static_basis(op, &basis, &nb))
    return false;
  uint32_t n = (uint32_t)seg[0];
  if (n != nb && n != nb + 1)
    return false;
  if (fold_linearize_of_delinearize(op, n, basis, nb))
    return true;
  uint64_t acc = 0, stride = 1;
  for (uint32_t k = 1; k <= n; k++) {
    int64_t v;
    if (!const_index(buf_op_operand(op, n - k), &v))
      return false;
    acc += (uint64_t)v * stride; /* wraps like the interpreter's */
    if (k <= nb)
      stride *= (uint64_t)basis[nb - k];
  }
  int64_t r = (int64_t)acc;
  return replace_by_index(op, 1, &r);
}
