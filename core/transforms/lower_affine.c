/*
 * lower_affine.c: --lower-affine (mlir-opt's name), the affine dialect
 * becomes scf, arith and memref, so the LLVM emitters (which know no
 * affine loops) can take the program.
 *
 *   affine.for      scf.for from the max of the lower-bound map's results
 *                   to the min of the upper-bound map's results, the step
 *                   as an index constant; iter_args and results carry over,
 *                   the body block moves as is, affine.yield -> scf.yield
 *   affine.load     memref.load / memref.store at the map's results
 *   affine.store
 *   affine.apply    the map's single result
 *   affine.min/max  arith.minsi / arith.maxsi over the map's results
 *   affine.linearize_index / delinearize_index: mixed-radix arithmetic
 *   affine.if       scf.if on the conjunction of the set's constraints
 *                   (arith.cmpi sge / eq against 0), its regions moved as
 *                   they are, affine.yield -> scf.yield
 *
 * An affine expression becomes arith ops on index values: + and * as addi
 * and muli, floordiv and ceildiv as arith.floordivsi / ceildivsi, mod as
 * remsi corrected to be non-negative (affine divisors are positive), as
 * upstream's expansion computes them. Ops are lowered innermost first (a
 * post-order list), so a loop's body is already lowered when it moves.
 */
#include <string.h>

#include "buf/pipeline.h"

typedef struct op_list {
  buf_op_t **ops;
  uint32_t n, cap;
  buf_arena_t *arena;
} op_list_t;

/* Every op of the affine dialect but its terminator (which its loop's
 * rule rewrites): an affine op without a rule is an error, not left
 * behind. */
static buf_walk_result_t collect_affine(buf_op_t *op, void *user) {
  op_list_t *l = user;
  if (strncmp(op->name, "affine.", 7) != 0 ||
      buf_op_has_trait(op, BUF_TRAIT_TERMINATOR))
    return BUF_WALK_ADVANCE;
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 16;
    l->ops = buf_arena_grow(l->arena, l->ops, l->n, cap, sizeof *l->ops);
    l->cap = cap;
  }
  l->ops[l->n++] = op;
  return BUF_WALK_ADVANCE;
}

static buf_value_t *binop(buf_builder_t *b, const char *name, buf_value_t *l,
                          buf_value_t *r) {
  buf_value_t *ops[2] = {l, r};
  return buf_op_result(buf_build(b, name, buf_type_index(b->ctx), 2, ops, NULL), 0);
}

/* The value of e with dims and symbols bound to the given values. */
static buf_value_t *expand_expr(buf_builder_t *b, buf_affine_expr_t *e,
                                buf_value_t *const *dims, buf_value_t *const *syms) {
  switch (e->kind) {
  case BUF_AFFINE_DIM:
    return dims[e->value];
  case BUF_AFFINE_SYMBOL:
    return syms[e->value];
  case BUF_AFFINE_CONST:
    return buf_build_index_constant(b, e->value);
  default:
    break;
  }
  buf_value_t *l = expand_expr(b, e->lhs, dims, syms);
  buf_value_t *r = expand_expr(b, e->rhs, dims, syms);
  switch (e->kind) {
  case BUF_AFFINE_ADD:
    return binop(b, "arith.addi", l, r);
  case BUF_AFFINE_MUL:
    return binop(b, "arith.muli", l, r);
  case BUF_AFFINE_FLOORDIV:
    return binop(b, "arith.floordivsi", l, r);
  case BUF_AFFINE_CEILDIV:
    return binop(b, "arith.ceildivsi", l, r);
  default: { /* MOD: rem + r when rem < 0 */
    buf_value_t *rem = binop(b, "arith.remsi", l, r);
    buf_value_t *zero = buf_build_index_constant(b, 0);
    buf_value_t *cmp_ops[2] = {rem, zero};
    buf_value_t *neg = buf_op_result(
        buf_build(b, "arith.cmpi", buf_type_i1(b->ctx), 2, cmp_ops, "predicate",
                  buf_attr_integer(b->ctx, buf_type_i64(b->ctx), 2 /* slt */), NULL),
        0);
    buf_value_t *sel[3] = {neg, binop(b, "arith.addi", rem, r), rem};
    return buf_op_result(buf_build(b, "arith.select", buf_type_index(b->ctx), 3, sel, NULL),
                         0);
  }
  }
}

/* The results of the map in attribute `attr` of op applied to operands
 * [first, first + dims + symbols), into out. */
static buf_status_t expand_map(buf_builder_t *b, buf_op_t *op, const char *attr,
                               uint32_t first, uint32_t count, buf_value_t **out,
                               uint32_t max_out, uint32_t *nout) {
  buf_attr_t a = buf_op_attr(op, attr);
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP || !a->u.map) {
    buf_op_emit_error(op, "cannot lower: missing affine map '%s'", attr);
    return BUF_FAILURE;
  }
  buf_affine_map_t *m = a->u.map;
  if (m->num_dims + m->num_symbols != count || first + count > op->num_operands ||
      m->num_results > max_out) {
    buf_op_emit_error(op, "cannot lower: the operands do not match affine map '%s'", attr);
    return BUF_FAILURE;
  }
  buf_value_t *dims[64], *syms[64];
  if (m->num_dims > 64 || m->num_symbols > 64) {
    buf_op_emit_error(op, "cannot lower: affine map '%s' has over 64 operands", attr);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < m->num_dims; i++)
    dims[i] = buf_op_operand(op, first + i);
  for (uint32_t i = 0; i < m->num_symbols; i++)
    syms[i] = buf_op_operand(op, first + m->num_dims + i);
  for (uint32_t i = 0; i < m->num_results; i++)
    out[i] = expand_expr(b, m->results[i], dims, syms);
  *nout = m->num_results;
  return BUF_SUCCESS;
}

/* The min (arith.minsi) or max of the map's results. */
static buf_value_t *expand_fold(buf_builder_t *b, buf_op_t *op, const char *attr,
                                uint32_t first, uint32_t count, const char *fold) {
  buf_value_t *rs[64];
  uint32_t n;
  if (BUF_FAILED(expand_map(b, op, attr, first, count, rs, 64, &n)))
    return NULL;
  if (n == 0) {
    buf_op_emit_error(op, "cannot lower: affine map '%s' has no results", attr);
    return NULL;
  }
  buf_value_t *r = rs[0];
  for (uint32_t i = 1; i < n; i++)
    r = binop(b, fold, r, rs[i]);
  return r;
}

static buf_status_t lower_apply(buf_builder_t *b, buf_op_t *op) {
  buf_value_t *r;
  uint32_t n;
  if (BUF_FAILED(expand_map(b, op, "map", 0, op->num_operands, &r, 1, &n)))
    return BUF_FAILURE;
  buf_op_replace(op, &r);
  return BUF_SUCCESS;
}

/* affine.min / affine.max: the minimum / maximum (combine) of the map's
 * results. */
static buf_status_t lower_min_max(buf_builder_t *b, buf_op_t *op,
                                  const char *combine) {
  buf_value_t *r = expand_fold(b, op, "map", 0, op->num_operands, combine);
  if (!r)
    return BUF_FAILURE;
  buf_op_replace(op, &r);
  return BUF_SUCCESS;
}

static buf_status_t lower_min(buf_builder_t *b, buf_op_t *op) {
  return lower_min_max(b, op, "arith.minsi");
}

static buf_status_t lower_max(buf_builder_t *b, buf_op_t *op) {
  return lower_min_max(b, op, "arith.maxsi");
}

/* load: memref, map operands. store: value, memref, map operands. */
static buf_status_t lower_access(buf_builder_t *b, buf_op_t *op, bool store) {
  uint32_t m = store ? 1 : 0;
  if (op->num_operands < m + 1) {
    buf_op_emit_error(op, "cannot lower: missing memref operand");
    return BUF_FAILURE;
  }
  buf_value_t *ops[2 + 64];
  uint32_t n;
  for (uint32_t i = 0; i <= m; i++)
    ops[i] = buf_op_operand(op, i);
  if (BUF_FAILED(expand_map(b, op, "map", m + 1, op->num_operands - m - 1, ops + m + 1, 64, &n)))
    return BUF_FAILURE;
  if (store) {
    buf_build(b, "memref.store", NULL, 2 + n, ops, NULL);
    buf_op_erase(op);
  } else {
    buf_value_t *r = buf_op_result(
        buf_build(b, "memref.load", op->results[0].type, 1 + n, ops, NULL), 0);
    buf_op_replace(op, &r);
  }
  return BUF_SUCCESS;
}

static buf_status_t lower_load(buf_builder_t *b, buf_op_t *op) {
  return lower_access(b, op, false);
}

static buf_status_t lower_store(buf_builder_t *b, buf_op_t *op) {
  return lower_access(b, op, true);
}

/* Replaces the affine.yield ending region r's block (if any) by an
 * scf.yield of the same values. */
static void yield_to_scf(buf_builder_t *b, buf_region_t *r) {
  buf_block_t *body = buf_region_entry(r);
  buf_op_t *yield = body ? buf_block_terminator(body) : NULL;
  if (!yield || !buf_op_has_trait(yield, BUF_TRAIT_RETURN_LIKE))
    return;
  buf_builder_t yb = *b;
  buf_builder_set_before(&yb, yield);
  yb.loc = yield->loc;
  buf_value_t *vals[64];
  uint32_t ny = yield->num_operands < 64 ? yield->num_operands : 64;
  for (uint32_t i = 0; i < ny; i++)
    vals[i] = buf_op_operand(yield, i);
  buf_build(&yb, "scf.yield", NULL, ny, vals, NULL);
  buf_op_erase(yield);
}

static buf_status_t lower_if(buf_builder_t *b, buf_op_t *op) {
  buf_attr_t set = buf_op_attr(op, "condition");
  if (!set || set->kind != BUF_ATTR_INTEGER_SET || op->num_regions != 2 ||
      op->num_results > 64) {
    buf_op_emit_error(op, "cannot lower: malformed affine.if");
    return BUF_FAILURE;
  }
  buf_affine_map_t *c = set->u.set.constraints;
  if (c->num_dims > 64 || c->num_symbols > 64 ||
      c->num_dims + c->num_symbols != op->num_operands) {
    buf_op_emit_error(op, "cannot lower: the operands do not match the "
                          "integer set");
    return BUF_FAILURE;
  }
  buf_value_t *dims[64], *syms[64];
  for (uint32_t i = 0; i < c->num_dims; i++)
    dims[i] = buf_op_operand(op, i);
  for (uint32_t i = 0; i < c->num_symbols; i++)
    syms[i] = buf_op_operand(op, c->num_dims + i);
  /* Every constraint is evaluated (no short circuit), as upstream does. */
  buf_value_t *zero = buf_build_index_constant(b, 0), *cond = NULL;
  for (uint32_t i = 0; i < c->num_results; i++) {
    buf_value_t *cmp[2] = {expand_expr(b, c->results[i], dims, syms), zero};
    int64_t pred = set->u.set.eq[i] ? 0 /* eq */ : 5 /* sge */;
    buf_value_t *holds = buf_op_result(
        buf_build(b, "arith.cmpi", buf_type_i1(b->ctx), 2, cmp, "predicate",
                  buf_attr_integer(b->ctx, buf_type_i64(b->ctx), pred), NULL),
        0);
    buf_value_t *both[2] = {cond, holds};
    cond = cond ? buf_op_result(buf_build(b, "arith.andi", buf_type_i1(b->ctx),
                                          2, both, NULL),
                                0)
                : holds;
  }
  if (!cond)
    cond = buf_op_result(buf_build(b, "arith.constant", buf_type_i1(b->ctx), 0,
                                   NULL, "value", buf_attr_bool(b->ctx, true),
                                   NULL),
                         0);
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "scf.if", op->loc);
  buf_state_add_operand(&st, cond);
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_state_add_result(&st, op->results[i].type);
  for (uint32_t r = 0; r < 2; r++) {
    buf_region_t *nr = buf_state_add_region(&st);
    yield_to_scf(b, op->regions[r]);
    buf_block_t *blk;
    while ((blk = buf_region_entry(op->regions[r]))) {
      buf_region_remove_block(op->regions[r], blk);
      buf_region_append_block(nr, blk);
    }
  }
  buf_op_t *ifop = buf_builder_insert(b, &st);
  buf_value_t *res[64];
  for (uint32_t i = 0; i < op->num_results; i++)
    res[i] = buf_op_result(ifop, i);
  buf_op_replace(op, res);
  return BUF_SUCCESS;
}

static buf_status_t lower_for(buf_builder_t *b, buf_op_t *op) {
  int64_t seg[3];
  buf_attr_t step = buf_op_attr(op, "step");
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 || seg[0] < 0 ||
      seg[1] < 0 || seg[2] < 0 || seg[0] + seg[1] + seg[2] != (int64_t)op->num_operands ||
      !step || step->kind != BUF_ATTR_INTEGER || step->u.i <= 0 || op->num_regions != 1 ||
      buf_region_num_blocks(op->regions[0]) != 1) {
    buf_op_emit_error(op, "cannot lower: malformed affine.for");
    return BUF_FAILURE;
  }
  uint32_t nlb = (uint32_t)seg[0], nub = (uint32_t)seg[1], ninit = (uint32_t)seg[2];
  buf_value_t *lb = expand_fold(b, op, "lowerBoundMap", 0, nlb, "arith.maxsi");
  buf_value_t *ub = lb ? expand_fold(b, op, "upperBoundMap", nlb, nub, "arith.minsi") : NULL;
  if (!ub)
    return BUF_FAILURE;
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "scf.for", op->loc);
  buf_value_t *bounds[3] = {lb, ub, buf_build_index_constant(b, step->u.i)};
  buf_state_add_operands(&st, 3, bounds);
  for (uint32_t i = 0; i < ninit; i++)
    buf_state_add_operand(&st, buf_op_operand(op, nlb + nub + i));
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_state_add_result(&st, op->results[i].type);
  buf_region_t *r = buf_state_add_region(&st);
  buf_block_t *body = buf_region_entry(op->regions[0]);
  buf_region_remove_block(op->regions[0], body);
  buf_region_append_block(r, body);
  buf_op_t *loop = buf_builder_insert(b, &st);
  yield_to_scf(b, loop->regions[0]);
  buf_value_t *res[64];
  for (uint32_t i = 0; i < op->num_results && i < 64; i++)
    res[i] = buf_op_result(loop, i);
  buf_op_replace(op, res);
  return BUF_SUCCESS;
}

/* The basis of a (de)linearize op: static_basis with its dynamic entries
 * taken from operands [dyn, ...). */
static bool basis_values(buf_builder_t *b, buf_op_t *op, uint32_t dyn, buf_value_t **out,
                         uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, "static_basis");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || a->u.dense_array.count > 64)
    return false;
  *n = (uint32_t)a->u.dense_array.count;
  for (uint32_t i = 0; i < *n; i++) {
    int64_t v = a->u.dense_array.ints[i];
    if (v != BUF_DYNAMIC)
      out[i] = buf_build_index_constant(b, v);
    else if (dyn < op->num_operands)
      out[i] = buf_op_operand(op, dyn++);
    else
      return false;
  }
  return true;
}

/* delinearize_index: the digits of x innermost last, each a floor modulo
 * by its basis element; the first result keeps the rest. */
static buf_status_t lower_delinearize(buf_builder_t *b, buf_op_t *op) {
  buf_value_t *basis[64], *res[65];
  uint32_t nb, nr = op->num_results;
  if (op->num_operands < 1 || !basis_values(b, op, 1, basis, &nb) ||
      (nr != nb && nr != nb + 1) || nr > 64) {
    buf_op_emit_error(op, "cannot lower: malformed affine.delinearize_index");
    return BUF_FAILURE;
  }
  buf_value_t *x = buf_op_operand(op, 0);
  for (uint32_t k = 1; k < nr; k++) {
    buf_value_t *q = binop(b, "arith.floordivsi", x, basis[nb - k]);
    res[nr - k] = binop(b, "arith.subi", x, binop(b, "arith.muli", q, basis[nb - k]));
    x = q;
  }
  if (nr)
    res[0] = x;
  buf_op_replace(op, res);
  return BUF_SUCCESS;
}

/* linearize_index: the sum of each index times the product of the basis
 * elements after it. */
static buf_status_t lower_linearize(buf_builder_t *b, buf_op_t *op) {
  int64_t seg[2];
  buf_value_t *basis[64];
  uint32_t nb;
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 2) != 2 || seg[0] < 0 ||
      seg[1] < 0 || seg[0] + seg[1] != (int64_t)op->num_operands ||
      !basis_values(b, op, (uint32_t)seg[0], basis, &nb) ||
      ((uint32_t)seg[0] != nb && (uint32_t)seg[0] != nb + 1)) {
    buf_op_emit_error(op, "cannot lower: malformed affine.linearize_index");
    return BUF_FAILURE;
  }
  uint32_t n = (uint32_t)seg[0];
  buf_value_t *acc = buf_build_index_constant(b, 0), *stride = NULL;
  for (uint32_t k = 1; k <= n; k++) {
    buf_value_t *v = buf_op_operand(op, n - k);
    acc = binop(b, "arith.addi", acc, stride ? binop(b, "arith.muli", v, stride) : v);
    if (k <= nb)
      stride = stride ? binop(b, "arith.muli", stride, basis[nb - k]) : basis[nb - k];
  }
  buf_op_replace(op, &acc);
  return BUF_SUCCESS;
}

/* One rule per op; lower_affine_run resolves the definitions once per
 * run and matches ops by definition. */
typedef struct lower_row {
  const char *name;
  buf_status_t (*lower)(buf_builder_t *b, buf_op_t *op);
} lower_row_t;

static const lower_row_t lower_rows[] = {
    {"affine.apply", lower_apply},
    {"affine.min", lower_min},
    {"affine.max", lower_max},
    {"affine.load", lower_load},
    {"affine.store", lower_store},
    {"affine.for", lower_for},
    {"affine.if", lower_if},
    {"affine.delinearize_index", lower_delinearize},
    {"affine.linearize_index", lower_linearize},
};

static buf_status_t lower_affine_run(buf_op_t *anchor, const buf_pass_options_t *options) {
  (void)options;
  buf_ctx_t *ctx = buf_op_ctx(anchor);
  enum { NUM_ROWS = sizeof lower_rows / sizeof lower_rows[0] };
  const buf_opdef_t *defs[NUM_ROWS];
  for (size_t k = 0; k < NUM_ROWS; k++)
    defs[k] = buf_ctx_lookup_opdef(ctx, lower_rows[k].name);
  op_list_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(anchor, BUF_WALK_POST, collect_affine, &l);
  for (uint32_t i = 0; i < l.n; i++) {
    buf_op_t *op = l.ops[i];
    const lower_row_t *row = NULL;
    for (size_t k = 0; k < NUM_ROWS && !row; k++)
      if (op->def == defs[k])
        row = &lower_rows[k];
    if (!row) {
      buf_op_emit_error(op, "cannot lower '%s' (lower-affine knows no rule for it)", op->name);
      return BUF_FAILURE;
    }
    buf_builder_t b;
    buf_builder_init(&b, ctx);
    b.loc = op->loc;
    buf_builder_set_before(&b, op);
    if (BUF_FAILED(row->lower(&b, op)))
      return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_lower_affine = {
    .name = "lower-affine",
    .summary = "Lower affine loops, accesses and index maps to scf, arith and memref",
    .anchor = "func.func",
    .run = lower_affine_run,
};
