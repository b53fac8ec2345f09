/*
 * ops_affine.c: semantics of the affine dialect.
 *
 *   - apply / min / max: the "map" attribute evaluated on the operands
 *     (dims first, then symbols); min and max fold the results.
 *   - for: the loop runs from the max of the lower-bound map's results up
 *     to (excluding) the min of the upper-bound map's results by `step`,
 *     carrying iter_args through affine.yield (which the engine hands back
 *     as the region's terminator; it needs no handler of its own).
 *   - delinearize_index / linearize_index: mixed-radix digits of an index
 *     and back, the basis read from static_basis and dynamic operands.
 *   - load / store: subscripts are the map's results, then the same checks
 *     and the same wording as memref.load / memref.store (use after free,
 *     bounds, uninitialized reads, read-only globals).
 *
 * Affine division and modulo by a non-positive value are reported: upstream's
 * lowering assumes positive divisors, so the result is not defined.
 * Nothing here keeps state beyond the run (I) and the frame (F).
 */
#include "interp_internal.h"

#include <inttypes.h>
#include <stdlib.h>

#define MAX_OPERANDS 32
#define MAX_RESULTS 32
#define MAX_RANK 16

/* Reports the first floordiv / ceildiv / mod of e whose divisor is not
 * positive for these operand values. Expressions are as deep as their
 * parse, which the parser bounds. */
static bool check_divisors(buf__interp_t *I, buf_op_t *op,
                           buf_affine_expr_t *e, const int64_t *dims,
                           const int64_t *syms) {
  if (!e->lhs || !e->rhs) return true;
  if (!check_divisors(I, op, e->lhs, dims, syms) ||
      !check_divisors(I, op, e->rhs, dims, syms))
    return false;
  if (e->kind != BUF_AFFINE_FLOORDIV && e->kind != BUF_AFFINE_CEILDIV &&
      e->kind != BUF_AFFINE_MOD)
    return true;
  int64_t d = buf_affine_expr_eval(e->rhs, dims, syms);
  if (d > 0) return true;
  buf__err(I, op, "affine %s by a non-positive value (%" PRId64 ")",
           e->kind == BUF_AFFINE_MOD ? "modulo" : "division", d);
  return false;
}

/* Evaluates the map in attribute `attr` (or the constraints of the integer
 * set there) on operands [start, start+n) of op into out (map->num_results
 * entries, at most MAX_RESULTS). */
static bool eval_map(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                     const char *attr, uint32_t start, uint32_t n,
                     int64_t *out, uint32_t *nres) {
  buf_attr_t a = buf_op_attr(op, attr);
  if (!a || (a->kind != BUF_ATTR_AFFINE_MAP && a->kind != BUF_ATTR_INTEGER_SET)) {
    buf__err(I, op, "missing affine map '%s'", attr);
    return false;
  }
  buf_affine_map_t *map =
      a->kind == BUF_ATTR_AFFINE_MAP ? a->u.map : a->u.set.constraints;
  if (map->num_dims + map->num_symbols != n || n > MAX_OPERANDS ||
      map->num_results > MAX_RESULTS || start + n > op->num_operands) {
    buf__err(I, op, "operands do not match the affine map");
    return false;
  }
  int64_t vals[MAX_OPERANDS];
  for (uint32_t i = 0; i < n; i++)
    if (!buf__index_operand(I, F, op, start + i, &vals[i])) return false;
  const int64_t *syms = vals + map->num_dims;
  for (uint32_t i = 0; i < map->num_results; i++) {
    if (!check_divisors(I, op, map->results[i], vals, syms)) return false;
    out[i] = buf_affine_expr_eval(map->results[i], vals, syms);
  }
  *nres = map->num_results;
  return true;
}

/* The min (want_max false) or max of a map's results; at least one. */
static bool eval_fold(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                      const char *attr, uint32_t start, uint32_t n,
                      bool want_max, int64_t *out) {
  int64_t r[MAX_RESULTS];
  uint32_t nr;
  if (!eval_map(I, F, op, attr, start, n, r, &nr)) return false;
  if (nr == 0) {
    buf__err(I, op, "affine map '%s' has no results", attr);
    return false;
  }
  *out = r[0];
  for (uint32_t i = 1; i < nr; i++)
    if (want_max ? r[i] > *out : r[i] < *out) *out = r[i];
  return true;
}

/* row->code: 0 apply (one result), 1 min, 2 max. */
static buf_status_t affine_eval(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  int64_t r;
  if (row->code == 0) {
    int64_t rs[MAX_RESULTS];
    uint32_t nr;
    if (!eval_map(I, F, op, "map", 0, op->num_operands, rs, &nr))
      return BUF_FAILURE;
    if (nr != 1) {
      buf__err(I, op, "affine.apply map must have one result");
      return BUF_FAILURE;
    }
    r = rs[0];
  } else if (!eval_fold(I, F, op, "map", 0, op->num_operands, row->code == 2,
                        &r)) {
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0, buf__iv_int((uint64_t)r));
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* affine.for                                                                */
/* ------------------------------------------------------------------------ */

static buf_status_t affine_for(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                               const buf__interp_row_t *row) {
  (void)row;
  int64_t seg[3];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[0] < 0 || seg[1] < 0 || seg[2] < 0 ||
      seg[0] + seg[1] + seg[2] != (int64_t)op->num_operands) {
    buf__err(I, op, "malformed operandSegmentSizes");
    return BUF_FAILURE;
  }
  buf_attr_t sa = buf_op_attr(op, "step");
  int64_t step = sa && sa->kind == BUF_ATTR_INTEGER ? sa->u.i : 0;
  if (step <= 0) {
    buf__err(I, op, "affine.for step must be positive, got %" PRId64, step);
    return BUF_FAILURE;
  }
  int64_t lb, ub;
  uint32_t nlb = (uint32_t)seg[0], nub = (uint32_t)seg[1];
  if (!eval_fold(I, F, op, "lowerBoundMap", 0, nlb, true, &lb) ||
      !eval_fold(I, F, op, "upperBoundMap", nlb, nub, false, &ub))
    return BUF_FAILURE;

  uint32_t n = (uint32_t)seg[2], first = nlb + nub;
  buf__ival_t *args = calloc(n + 1, sizeof *args);
  if (!args) abort(); /* out of memory */
  for (uint32_t i = 0; i < n; i++)
    args[1 + i] = buf__iv_ref(buf__operand(I, F, op, first + i));
  buf_status_t st = BUF_SUCCESS;
  for (int64_t iv = lb; iv < ub;) {
    args[0] = buf__iv_int((uint64_t)iv);
    buf_op_t *term;
    st = buf__run_region(I, F, op->regions[0], n + 1, args, &term);
    if (BUF_FAILED(st)) break;
    if (term->num_operands != n) {
      buf__err(I, term, "terminator yields %u values, %u expected",
               term->num_operands, n);
      st = BUF_FAILURE;
      break;
    }
    /* Take the new values before dropping the old: a yield may pass an
     * iter_arg through unchanged. */
    for (uint32_t i = 0; i < n; i++) {
      buf__ival_t v = buf__iv_ref(buf__operand(I, F, term, i));
      buf__iv_drop(I, args[1 + i]);
      args[1 + i] = v;
    }
    if (iv > INT64_MAX - step) break; /* the next value is past any bound */
    iv += step;
  }
  if (!BUF_FAILED(st))
    for (uint32_t i = 0; i < n && i < op->num_results; i++) {
      buf__set_result(I, F, op, i, args[1 + i]);
      args[1 + i] = (buf__ival_t){0};
    }
  for (uint32_t i = 1; i <= n; i++) buf__iv_drop(I, args[i]);
  free(args);
  return st;
}

/* ------------------------------------------------------------------------ */
/* affine.load, affine.store                                                 */
/* ------------------------------------------------------------------------ */

static buf_diag_t *err_buf(buf__interp_t *I, buf_op_t *op,
                           const buf__buffer_t *b, const char *msg) {
  buf_diag_t *d = buf__err(I, op, "%s (buffer #%llu of %lld elements)", msg,
                           (unsigned long long)b->id, (long long)b->n);
  buf_diag_note(I->ctx, d, b->alloc_loc, "buffer allocated here");
  return d;
}

/* The buffer position addressed by op: memref operand `mem`, subscripts
 * from its map over the operands after it. */
static bool access(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                   uint32_t mem, bool write, buf__memref_t **mout,
                   int64_t *pos) {
  buf__ival_t mv = buf__operand(I, F, op, mem);
  if (mv.kind != IV_MEMREF) {
    buf__err(I, op, "operand #%u is not a memref value", mem);
    return false;
  }
  buf__memref_t *m = mv.u.m;
  if (BUF_FAILED(buf__memref_check_live(I, op, m))) return false;
  int64_t idx[MAX_RESULTS];
  uint32_t nidx;
  if (!eval_map(I, F, op, "map", mem + 1, op->num_operands - mem - 1, idx,
                &nidx))
    return false;
  if (nidx != m->rank || m->rank > MAX_RANK) {
    buf__err(I, op, "wrong number of indices");
    return false;
  }
  for (uint32_t d = 0; d < m->rank; d++)
    if (idx[d] < 0 || idx[d] >= m->sizes[d]) {
      buf_diag_t *dg = buf__err(
          I, op, "out-of-bounds access: index %lld in dimension %u of size %lld",
          (long long)idx[d], d, (long long)m->sizes[d]);
      buf_diag_note(I->ctx, dg, m->buf->alloc_loc, "buffer allocated here");
      return false;
    }
  int64_t l = buf__memref_linear(m, idx);
  if (l < 0 || l >= m->buf->n) {
    err_buf(I, op, m->buf, "out-of-bounds access outside the buffer");
    return false;
  }
  if (write && BUF_FAILED(buf__memref_check_write(I, op, m)))
    return false;
  *mout = m;
  *pos = l;
  return true;
}

static buf_status_t affine_load(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  (void)row;
  buf__memref_t *m;
  int64_t pos;
  if (!access(I, F, op, 0, false, &m, &pos)) return BUF_FAILURE;
  if (!buf__memref_is_init(m, pos)) {
    err_buf(I, op, m->buf, "read of uninitialized memory");
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0,
                  buf__cell_value(op->results[0].type, m->buf->data[pos]));
  return BUF_SUCCESS;
}

static buf_status_t affine_store(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  (void)row;
  buf__ival_t v = buf__operand(I, F, op, 0);
  buf__memref_t *m;
  int64_t pos;
  if (!access(I, F, op, 1, true, &m, &pos)) return BUF_FAILURE;
  m->buf->data[pos] = buf__value_cell(v);
  buf__memref_set_init(m, pos, v.kind != IV_UNDEF);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* affine.delinearize_index, affine.linearize_index                          */
/* ------------------------------------------------------------------------ */

/* The run-time basis: static_basis with dynamic entries read from operands
 * [dyn, ...). Divisors (delinearize: positive) must be positive; linearize
 * only multiplies and takes any value, as upstream. */
static bool basis_values(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                         uint32_t dyn, bool positive, int64_t *out,
                         uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY ||
      a->u.dense_array.count > MAX_OPERANDS ||
      (a->u.dense_array.count && !a->u.dense_array.ints)) {
    buf__err(I, op, "malformed static_basis");
    return false;
  }
  *n = (uint32_t)a->u.dense_array.count;
  for (uint32_t i = 0; i < *n; i++) {
    int64_t v = a->u.dense_array.ints[i];
    if (v == BUF_DYNAMIC) {
      if (dyn >= op->num_operands) {
        buf__err(I, op, "missing dynamic basis operand");
        return false;
      }
      if (!buf__index_operand(I, F, op, dyn++, &v)) return false;
    }
    if (positive && v <= 0) {
      buf__err(I, op, "basis element %u is not positive (%" PRId64 ")", i, v);
      return false;
    }
    out[i] = v;
  }
  return true;
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* Mixed-radix digits of the index, innermost last; the outermost result
 * is not reduced (with as many results as basis elements, the first
 * element only bounds it). */
static buf_status_t affine_delinearize(buf__interp_t *I, buf__frame_t *F,
                                       buf_op_t *op,
                                       const buf__interp_row_t *row) {
  (void)row;
  int64_t basis[MAX_OPERANDS], x;
  uint32_t nb, nr = op->num_results;
  if (op->num_operands < 1 || !buf__index_operand(I, F, op, 0, &x) ||
      !basis_values(I, F, op, 1, true, basis, &nb))
    return BUF_FAILURE;
  if (nr != nb && nr != nb + 1) {
    buf__err(I, op, "result count does not match the basis");
    return BUF_FAILURE;
  }
  if (nr == 0) return BUF_SUCCESS;
  /* Digits use basis[nb - k] for result nr - k; result 0 takes the rest. */
  for (uint32_t k = 1; k < nr; k++) {
    int64_t b = basis[nb - k];
    int64_t q = floor_div(x, b);
    buf__set_result(I, F, op, nr - k, buf__iv_int((uint64_t)(x - q * b)));
    x = q;
  }
  buf__set_result(I, F, op, 0, buf__iv_int((uint64_t)x));
  return BUF_SUCCESS;
}

/* sum of index[i] * (product of the basis elements after position i). */
static buf_status_t affine_linearize(buf__interp_t *I, buf__frame_t *F,
                                     buf_op_t *op,
                                     const buf__interp_row_t *row) {
  (void)row;
  int64_t seg[2], basis[MAX_OPERANDS];
  uint32_t nb;
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 2) != 2 ||
      seg[0] < 0 || seg[1] < 0 ||
      seg[0] + seg[1] != (int64_t)op->num_operands) {
    buf__err(I, op, "malformed operandSegmentSizes");
    return BUF_FAILURE;
  }
  uint32_t n = (uint32_t)seg[0];
  if (!basis_values(I, F, op, n, false, basis, &nb)) return BUF_FAILURE;
  if (n != nb && n != nb + 1) {
    buf__err(I, op, "index count does not match the basis");
    return BUF_FAILURE;
  }
  uint64_t acc = 0, stride = 1;
  for (uint32_t k = 1; k <= n; k++) {
    int64_t v;
    if (!buf__index_operand(I, F, op, n - k, &v)) return BUF_FAILURE;
    acc += (uint64_t)v * stride; /* wraps like the lowered index arithmetic */
    if (k <= nb) stride *= (uint64_t)basis[nb - k];
  }
  buf__set_result(I, F, op, 0, buf__iv_int(acc));
  return BUF_SUCCESS;
}

/* affine.if: the then region when every constraint of the condition holds
 * for the operands, else the else region (nothing when it has none). */
static buf_status_t affine_if(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  (void)row;
  int64_t c[MAX_RESULTS];
  uint32_t nc;
  if (!eval_map(I, F, op, "condition", 0, op->num_operands, c, &nc))
    return BUF_FAILURE;
  const bool *eq = buf_op_attr(op, "condition")->u.set.eq;
  bool holds = true;
  for (uint32_t i = 0; i < nc; i++)
    holds = holds && (eq[i] ? c[i] == 0 : c[i] >= 0);
  buf_region_t *r = op->regions[holds ? 0 : 1];
  if (buf_region_empty(r)) {
    if (op->num_results) {
      buf__err(I, op, "affine.if with results has no else region");
      return BUF_FAILURE;
    }
    return BUF_SUCCESS;
  }
  return buf__run_and_yield(I, F, op, r);
}

static const buf__interp_row_t rows[] = {
    {"affine.apply", affine_eval, 0, NULL},
    {"affine.min", affine_eval, 1, NULL},
    {"affine.max", affine_eval, 2, NULL},
    {"affine.delinearize_index", affine_delinearize, 0, NULL},
    {"affine.for", affine_for, 0, NULL},
    {"affine.if", affine_if, 0, NULL},
    {"affine.linearize_index", affine_linearize, 0, NULL},
    {"affine.load", affine_load, 0, NULL},
    {"affine.store", affine_store, 0, NULL},
};

const buf__interp_table_t buf__interp_affine_table = {
    rows, sizeof rows / sizeof rows[0]};
