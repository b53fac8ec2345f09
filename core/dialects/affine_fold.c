/*
 * affine_fold.c: the folders of affine.apply, affine.linearize_index and
 * affine.delinearize_index (upstream's fold methods, which its greedy
 * driver runs after every pattern pass): an apply whose map is one of its
 * operands is that operand; an apply, linearize or delinearize of
 * constants is constants. The constants are built just before the op; the
 * driver that asks uniques and hoists them.
 */
#include "buf/ir.h"
#include "dialect_util.h"

#define MAX_FOLD_OPERANDS 16

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

bool buf__affine_apply_fold(buf_op_t *op) {
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

bool buf__affine_linearize_fold(buf_op_t *op) {
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
