/*
 * linalg_to_loops.c: --convert-linalg-to-loops, every linalg structured op
 * on memrefs becomes a nest of scf.for loops.
 *
 * The op is read through buf_linalg_get_info only (never by name): one loop
 * per iteration dimension, outermost first, from 0 to the size of the first
 * operand dimension that the indexing maps tie to that loop (a constant for
 * static sizes, memref.dim otherwise). In the innermost loop every operand
 * the body reads is loaded (memref.load at its indexing map applied to the
 * induction variables; scalar operands are used as they are), the body is
 * cloned with its block arguments mapped to those loads and linalg.index
 * replaced by the induction variable, and each value of linalg.yield is
 * stored to its output at the output's indexing map. Loops run in iteration
 * order, so reductions accumulate exactly as the reference interpreter does.
 *
 * Ops with tensor operands are left alone (they have value semantics and
 * must be bufferized first), as upstream's pattern does.
 *
 * With the option interchange-reductions (which the LLVM lowering uses,
 * upstream's pass has no such option) an op whose innermost loop is a
 * reduction gets the parallel loop of its output's last (contiguous)
 * index innermost instead: matmul runs i, k, j. Every iteration that
 * writes one output element has the same value of that loop, and moving
 * one loop inward keeps the relative order of the iterations that share
 * its value: each element sees the same sequence of updates, so every
 * float sum is the same; but the inner loop now updates a row of
 * independent elements (which LLVM vectorizes) where it was one long chain
 * of dependent adds. Moving a loop is only safe when no operand element
 * the op reads can be an element it writes: the output must be a buffer
 * the function allocated that no input views, and the body pure
 * arithmetic. It is only worth it when every input either ignores that
 * loop or walks along its last index with it.
 */
#include "buf/linalg.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"

typedef struct ops_list {
  buf_op_t **ops;
  uint32_t n, cap;
  buf_arena_t *arena;
} ops_list_t;

static buf_walk_result_t collect_linalg(buf_op_t *op, void *user) {
  ops_list_t *l = user;
  buf_linalg_info_t info;
  if (!buf_linalg_get_info(op, &info))
    return BUF_WALK_ADVANCE;
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 16;
    l->ops = buf_arena_grow(l->arena, l->ops, l->n, cap, sizeof *l->ops);
    l->cap = cap;
  }
  l->ops[l->n++] = op;
  return BUF_WALK_ADVANCE;
}

/* Builds the index value of affine expression e over the loop induction
 * variables; NULL (after an error) for symbols, which linalg maps lack. */
static buf_value_t *build_expr(buf_builder_t *b, buf_op_t *op,
                               buf_affine_expr_t *e, buf_value_t *const *ivs,
                               uint32_t num_ivs) {
  buf_type_t idx = buf_type_index(b->ctx);
  switch (e->kind) {
  case BUF_AFFINE_DIM:
    if ((uint64_t)e->value >= num_ivs)
      break;
    return ivs[e->value];
  case BUF_AFFINE_CONST:
    return buf_build_index_constant(b, e->value);
  case BUF_AFFINE_SYMBOL:
    break;
  default: {
    buf_value_t *l = build_expr(b, op, e->lhs, ivs, num_ivs);
    buf_value_t *r = l ? build_expr(b, op, e->rhs, ivs, num_ivs) : NULL;
    if (!r)
      return NULL;
    buf_value_t *lr[2] = {l, r};
    switch (e->kind) {
    case BUF_AFFINE_ADD:
      return buf_op_result(buf_build(b, "arith.addi", idx, 2, lr, NULL), 0);
    case BUF_AFFINE_MUL:
      return buf_op_result(buf_build(b, "arith.muli", idx, 2, lr, NULL), 0);
    case BUF_AFFINE_FLOORDIV:
      return buf_op_result(buf_build(b, "arith.floordivsi", idx, 2, lr, NULL), 0);
    case BUF_AFFINE_CEILDIV:
      return buf_op_result(buf_build(b, "arith.ceildivsi", idx, 2, lr, NULL), 0);
    case BUF_AFFINE_MOD: {
      /* Affine mod is never negative (divisors are positive constants):
       * (l rem r + r) rem r. */
      buf_value_t *rem =
          buf_op_result(buf_build(b, "arith.remsi", idx, 2, lr, NULL), 0);
      buf_value_t *sum_ops[2] = {rem, r};
      buf_value_t *sum =
          buf_op_result(buf_build(b, "arith.addi", idx, 2, sum_ops, NULL), 0);
      buf_value_t *again[2] = {sum, r};
      return buf_op_result(buf_build(b, "arith.remsi", idx, 2, again, NULL), 0);
    }
    default:
      break;
    }
  }
  }
  buf_op_emit_error(op, "cannot lower an indexing map with symbols to loops");
  return NULL;
}

/* The operand indices of `operand` at the current iteration. */
static buf_status_t build_indices(buf_builder_t *b, buf_op_t *op,
                                  buf_affine_map_t *map,
                                  buf_value_t *const *ivs, uint32_t num_ivs,
                                  buf_value_t **out) {
  for (uint32_t r = 0; r < map->num_results; r++) {
    out[r] = build_expr(b, op, map->results[r], ivs, num_ivs);
    if (!out[r])
      return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* Size of loop d: the extent of the first operand dimension whose map
 * result is exactly d. */
static buf_value_t *loop_extent(buf_builder_t *b, buf_op_t *op,
                                const buf_linalg_info_t *info, uint32_t d) {
  uint32_t n = info->num_inputs + info->num_outputs;
  for (uint32_t i = 0; i < n; i++) {
    buf_value_t *v = buf_op_operand(op, i);
    if (v->type->kind != BUF_TYPE_MEMREF || !info->maps[i])
      continue;
    buf_affine_map_t *m = info->maps[i];
    for (uint32_t r = 0; r < m->num_results && r < v->type->u.shaped.rank; r++) {
      buf_affine_expr_t *e = m->results[r];
      if (e->kind != BUF_AFFINE_DIM || (uint32_t)e->value != d)
        continue;
      int64_t size = v->type->u.shaped.shape[r];
      if (size != BUF_DYNAMIC)
        return buf_build_index_constant(b, size);
      buf_value_t *ops[2] = {v, buf_build_index_constant(b, r)};
      return buf_op_result(
          buf_build(b, "memref.dim", buf_type_index(b->ctx), 2, ops, NULL), 0);
    }
  }
  buf_op_emit_error(op, "cannot infer the extent of loop %u from the operand "
                        "shapes", d);
  return NULL;
}

/* Creates `scf.for %iv = lb to ub step step { scf.yield }` at b and moves b
 * to just before the yield. Returns the induction variable. */
static buf_value_t *build_for(buf_builder_t *b, buf_value_t *lb, buf_value_t *ub,
                              buf_value_t *step) {
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "scf.for", b->loc);
  buf_value_t *bounds[3] = {lb, ub, step};
  buf_state_add_operands(&st, 3, bounds);
  buf_region_t *r = buf_state_add_region(&st);
  buf_block_t *body = buf_block_create(b->ctx);
  buf_value_t *iv = buf_block_add_arg(body, buf_type_index(b->ctx), b->loc);
  buf_region_append_block(r, body);
  buf_builder_insert(b, &st);
  buf_builder_set_block_end(b, body);
  buf_op_t *yield = buf_build(b, "scf.yield", NULL, 0, NULL, NULL);
  buf_builder_set_before(b, yield);
  return iv;
}

/* Replaces linalg.index ops nested in (or equal to) op by the induction
 * variables. */
typedef struct index_repl {
  buf_value_t *const *ivs;
  uint32_t num_ivs;
  bool failed;
} index_repl_t;

static buf_walk_result_t replace_index(buf_op_t *op, void *user) {
  index_repl_t *r = user;
  int64_t dim;
  if (!buf_linalg_index_dim(op, &dim))
    return BUF_WALK_ADVANCE;
  if (dim < 0 || (uint64_t)dim >= r->num_ivs) {
    buf_op_emit_error(op, "dimension out of range of the enclosing loops");
    r->failed = true;
    return BUF_WALK_INTERRUPT;
  }
  buf_value_replace_all_uses(buf_op_result(op, 0), r->ivs[dim]);
  buf_op_erase(op);
  return BUF_WALK_ADVANCE;
}

/* Creates `scf.parallel (%i...) = (0...) to (ubs...) step (1...)` with an
 * empty scf.reduce terminator at b and moves b to just before it. Returns
 * the induction variables (the body block's arguments). */
static buf_value_t *const *build_parallel(buf_builder_t *b, uint32_t n,
                                          buf_value_t **ubs, buf_value_t *c0,
                                          buf_value_t *c1) {
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "scf.parallel", b->loc);
  for (uint32_t i = 0; i < n; i++)
    buf_state_add_operands(&st, 1, &c0);
  buf_state_add_operands(&st, n, ubs);
  for (uint32_t i = 0; i < n; i++)
    buf_state_add_operands(&st, 1, &c1);
  int64_t seg[4] = {n, n, n, 0};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(b->ctx, buf_type_i32(b->ctx), 4, seg, NULL));
  buf_region_t *r = buf_state_add_region(&st);
  buf_block_t *body = buf_block_create(b->ctx);
  for (uint32_t i = 0; i < n; i++)
    buf_block_add_arg(body, buf_type_index(b->ctx), b->loc);
  buf_region_append_block(r, body);
  buf_builder_insert(b, &st);
  buf_builder_set_block_end(b, body);
  buf_op_t *reduce = buf_build(b, "scf.reduce", NULL, 0, NULL, NULL);
  buf_builder_set_before(b, reduce);
  return body->args;
}

/* True when affine expression e mentions dimension d. */
static bool expr_uses_dim(buf_affine_expr_t *e, uint32_t d) {
  switch (e->kind) {
  case BUF_AFFINE_DIM:
    return (uint64_t)e->value == d;
  case BUF_AFFINE_CONST:
  case BUF_AFFINE_SYMBOL:
    return false;
  default:
    return expr_uses_dim(e->lhs, d) || expr_uses_dim(e->rhs, d);
  }
}

/* A buffer the function allocated itself, on the heap or the stack (no
 * argument or other buffer can be it), or NULL. */
static buf_op_t *local_allocation(buf_value_t *v) {
  buf_value_t *u = buf_value_view_root(v);
  buf_alloc_kind_t k = u->def ? buf_op_alloc_kind(u->def) : BUF_ALLOC_NONE;
  return k == BUF_ALLOC_HEAP || k == BUF_ALLOC_STACK ? u->def : NULL;
}

/* True when input buffer v cannot be (part of) allocation `out`: it is an
 * argument of the function, a global, or another allocation. */
static bool distinct_from(buf_value_t *v, const buf_op_t *out) {
  buf_value_t *u = buf_value_view_root(v);
  if (u->def) {
    buf_alloc_kind_t k = buf_op_alloc_kind(u->def);
    return u->def != out && (k == BUF_ALLOC_HEAP || k == BUF_ALLOC_STACK ||
                             k == BUF_ALLOC_GLOBAL);
  }
  buf_op_t *owner = buf_block_parent_op(u->block);
  return owner && buf_op_has_trait(owner, BUF_TRAIT_FUNCTION) &&
         buf_region_entry(owner->regions[0]) == u->block;
}

/* The dimension interchange-reductions runs innermost, or num_loops when
 * the op keeps its iteration order (see the header comment for when). */
static uint32_t contiguous_inner_dim(buf_op_t *op, const buf_linalg_info_t *info) {
  uint32_t n = info->num_loops, none = n;
  if (n < 2 || info->iterators[n - 1] != BUF_ITER_REDUCTION || info->num_outputs == 0)
    return none;
  uint32_t p = none;
  buf_op_t *outs[BUF_LINALG_MAX_OPERANDS];
  for (uint32_t o = 0; o < info->num_outputs; o++) {
    uint32_t i = info->num_inputs + o;
    buf_affine_map_t *m = info->maps[i];
    buf_value_t *v = buf_op_operand(op, i);
    if (v->type->kind != BUF_TYPE_MEMREF || m->num_results == 0 ||
        !(outs[o] = local_allocation(v)))
      return none;
    for (uint32_t r = 0; r < m->num_results; r++)
      if (m->results[r]->kind != BUF_AFFINE_DIM ||
          info->iterators[m->results[r]->value] != BUF_ITER_PARALLEL)
        return none;
    uint32_t last = (uint32_t)m->results[m->num_results - 1]->value;
    if (p != none && last != p)
      return none;
    p = last;
    for (uint32_t e = 0; e < o; e++)
      if (outs[e] == outs[o])
        return none;
  }
  for (uint32_t i = 0; i < info->num_inputs; i++) {
    buf_value_t *v = buf_op_operand(op, i);
    if (v->type->kind != BUF_TYPE_MEMREF)
      continue; /* a scalar */
    for (uint32_t o = 0; o < info->num_outputs; o++)
      if (!distinct_from(v, outs[o]))
        return none;
    buf_affine_map_t *m = info->maps[i];
    for (uint32_t r = 0; r + 1 < m->num_results; r++)
      if (expr_uses_dim(m->results[r], p))
        return none; /* p would stride across rows of this input */
  }
  /* reordering iterations is safe when the body only computes: scalar
   * ops without effects, and the terminator that yields the values */
  for (buf_op_t *b = info->body->first; b; b = b->next)
    if (b->num_regions ||
        !buf_op_has_trait(b, BUF_TRAIT_PURE | BUF_TRAIT_TERMINATOR))
      return none;
  return p;
}

/* Contract in bufopt_internal.h. */
buf_status_t buf__linalg_lower_to_loops(buf_op_t *op, bool parallel,
                                        bool interchange_reductions) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_linalg_info_t info;
  if (!buf_linalg_get_info(op, &info))
    return BUF_SUCCESS;
  uint32_t n = info.num_inputs + info.num_outputs;
  for (uint32_t i = 0; i < n; i++)
    if (buf_type_is_tensor(buf_op_operand(op, i)->type))
      return BUF_SUCCESS; /* value semantics: bufferize first */
  if (op->num_results != 0)
    return BUF_SUCCESS;

  buf_builder_t b;
  buf_builder_init(&b, ctx);
  b.loc = op->loc;
  buf_builder_set_before(&b, op);
  buf_value_t *extents[BUF_LINALG_MAX_LOOPS];
  for (uint32_t d = 0; d < info.num_loops; d++)
    if (!(extents[d] = loop_extent(&b, op, &info, d)))
      return BUF_FAILURE;
  buf_value_t *ivs[BUF_LINALG_MAX_LOOPS];
  if (info.num_loops > 0) {
    buf_value_t *c0 = buf_build_index_constant(&b, 0);
    buf_value_t *c1 = buf_build_index_constant(&b, 1);
    /* Parallel mode: every parallel dimension in one scf.parallel, the
     * reduction dimensions as scf.for loops inside it. Iterations of
     * parallel dimensions are independent, so moving them outward keeps
     * each output element's accumulation order. */
    uint32_t par[BUF_LINALG_MAX_LOOPS], np = 0;
    buf_value_t *par_ubs[BUF_LINALG_MAX_LOOPS];
    for (uint32_t d = 0; parallel && d < info.num_loops; d++)
      if (info.iterators[d] == BUF_ITER_PARALLEL) {
        par_ubs[np] = extents[d];
        par[np++] = d;
      }
    if (np) {
      buf_value_t *const *pivs = build_parallel(&b, np, par_ubs, c0, c1);
      for (uint32_t k = 0; k < np; k++)
        ivs[par[k]] = pivs[k];
    }
    uint32_t inner = interchange_reductions && !parallel ? contiguous_inner_dim(op, &info)
                                                          : info.num_loops;
    for (uint32_t d = 0; d < info.num_loops; d++)
      if ((!np || info.iterators[d] != BUF_ITER_PARALLEL) && d != inner)
        ivs[d] = build_for(&b, c0, extents[d], c1);
    if (inner < info.num_loops)
      ivs[inner] = build_for(&b, c0, extents[inner], c1);
  }

  /* Loads of the operands the body reads. */
  buf_irmap_t *map = buf_irmap_create(ctx);
  buf_status_t status = BUF_SUCCESS;
  for (uint32_t i = 0; i < n && !BUF_FAILED(status); i++) {
    int32_t arg = info.body_arg_of_operand[i];
    /* An argument the body never reads is not loaded: outputs are often
     * uninitialized (linalg.fill's), and reading them would be UB. */
    if (arg < 0 || !buf_value_has_uses(info.body->args[arg]))
      continue;
    buf_value_t *v = buf_op_operand(op, i);
    buf_value_t *elem = v;
    if (v->type->kind == BUF_TYPE_MEMREF) {
      buf_value_t *ops[1 + 16];
      ops[0] = v;
      if (info.maps[i]->num_results > 16) {
        buf_op_emit_error(op, "operand of rank above 16"); status = BUF_FAILURE;
        break;
      }
      status = build_indices(&b, op, info.maps[i], ivs, info.num_loops, ops + 1);
      if (BUF_FAILED(status))
        break;
      elem = buf_op_result(buf_build(&b, "memref.load", v->type->u.shaped.elem,
                                     1 + info.maps[i]->num_results, ops, NULL),
                           0);
    } else if (buf_type_is_shaped(v->type)) {
      buf_op_emit_error(op, "cannot lower operand %u of this type", i); status = BUF_FAILURE;
      break;
    }
    buf_irmap_set_value(map, info.body->args[arg], elem);
  }

  /* The body, then stores of the yielded values. */
  buf_op_t *yield = buf_block_terminator(info.body);
  for (buf_op_t *bop = info.body->first; bop && !BUF_FAILED(status);
       bop = bop->next) {
    if (bop == yield)
      break;
    int64_t dim;
    if (buf_linalg_index_dim(bop, &dim)) {
      /* Mapped, not cloned: later clones take the induction variable. */
      if (dim < 0 || (uint64_t)dim >= info.num_loops) {
        buf_op_emit_error(bop, "dimension out of range of the enclosing loops");
        status = BUF_FAILURE;
        break;
      }
      buf_irmap_set_value(map, buf_op_result(bop, 0), ivs[dim]);
      continue;
    }
    buf_op_t *clone = buf_op_clone(bop, map);
    buf_block_insert_op_before(b.block, b.before, clone);
    index_repl_t r = {ivs, info.num_loops, false};
    buf_op_walk(clone, BUF_WALK_POST, replace_index, &r);
    if (r.failed)
      status = BUF_FAILURE;
  }
  if (!BUF_FAILED(status) && yield) {
    for (uint32_t o = 0; o < info.num_outputs && o < yield->num_operands; o++) {
      uint32_t i = info.num_inputs + o;
      buf_value_t *dst = buf_op_operand(op, i);
      if (dst->type->kind != BUF_TYPE_MEMREF || info.maps[i]->num_results > 16) {
        buf_op_emit_error(op, "output %u is not a memref", o); status = BUF_FAILURE;
        break;
      }
      buf_value_t *ops[2 + 16];
      ops[0] = buf_irmap_value(map, buf_op_operand(yield, o));
      ops[1] = dst;
      status = build_indices(&b, op, info.maps[i], ivs, info.num_loops, ops + 2);
      if (BUF_FAILED(status))
        break;
      buf_build(&b, "memref.store", NULL, 2 + info.maps[i]->num_results, ops,
                NULL);
    }
  }
  buf_irmap_destroy(map);
  if (BUF_FAILED(status))
    return status;
  buf_op_erase(op);
  return BUF_SUCCESS;
}

/* Indices of linalg_to_loops_options' rows. */
enum linalg_to_loops_option {
  LINALG_TO_LOOPS_INTERCHANGE_REDUCTIONS,
  LINALG_TO_LOOPS_NUM_OPTIONS
};

static buf_status_t linalg_to_loops_run(buf_op_t *anchor,
                                        const buf_pass_options_t *options) {
  bool interchange = buf_pass_option_bool(options, LINALG_TO_LOOPS_INTERCHANGE_REDUCTIONS);
  ops_list_t l = {.arena = buf_ctx_arena(buf_op_ctx(anchor))};
  buf_op_walk(anchor, BUF_WALK_POST, collect_linalg, &l);
  for (uint32_t i = 0; i < l.n; i++)
    if (BUF_FAILED(buf__linalg_lower_to_loops(l.ops[i], false, interchange)))
      return BUF_FAILURE;
  return BUF_SUCCESS;
}

static const buf_option_spec_t linalg_to_loops_options[LINALG_TO_LOOPS_NUM_OPTIONS] = {
    [LINALG_TO_LOOPS_INTERCHANGE_REDUCTIONS] =
        {"interchange-reductions", BUF_OPT_BOOL, "false", NULL,
         "Run an innermost reduction outside the loop over the output's "
         "contiguous index when that keeps every result (a bufferd extension)"},
};

const buf_pass_def_t buf_pass_convert_linalg_to_loops = {
    .name = "convert-linalg-to-loops",
    .summary = "Lower linalg ops on memrefs to scf.for loop nests",
    .anchor = "func.func",
    .options = linalg_to_loops_options,
    .num_options = LINALG_TO_LOOPS_NUM_OPTIONS,
    .run = linalg_to_loops_run,
};
