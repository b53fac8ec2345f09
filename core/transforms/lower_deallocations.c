/*
 * lower_deallocations.c: --bufferization-lower-deallocations, every
 * bufferization.dealloc becomes memref.dealloc guarded by scf.if.
 *
 * Semantics kept (those of bufferization.dealloc): memref i (a base buffer)
 * is freed when the disjunction of the conditions of every operand with the
 * same base pointer holds, it is the first operand with that pointer, and
 * no retained memref has that pointer; result j is true when some operand
 * with a true condition has the pointer of retained j. Pointers are compared
 * through memref.extract_aligned_pointer_as_index, inline (n*(n+m)
 * comparisons; most deallocs have a handful of operands), where upstream
 * calls a generic helper function for the general case. Above
 * INLINE_COMPARISONS_MAX comparisons (a function that frees two thousand
 * buffers at one point would get millions of ops) the same decisions are
 * computed by loops over the pointers stored in scratch buffers.
 *
 * Run on a function (not a module), a dealloc of several memrefs is
 * refused with upstream's errors, as upstream cannot add its helper there.
 *
 * Fast paths: one memref and nothing retained is `scf.if c {dealloc}` (a
 * bare memref.dealloc when c is the constant true); a condition that is the
 * constant false drops its memref.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_value_t *c_i1(buf_builder_t *b, bool v) {
  return buf_op_result(buf_build(b, "arith.constant", buf_type_i1(b->ctx), 0,
                                 NULL, "value", buf_attr_bool(b->ctx, v), NULL),
                       0);
}

static buf_value_t *bin(buf_builder_t *b, const char *name, buf_value_t *x,
                        buf_value_t *y) {
  buf_value_t *ops[2] = {x, y};
  return buf_op_result(buf_build(b, name, buf_type_i1(b->ctx), 2, ops, NULL), 0);
}

static buf_value_t *cmp(buf_builder_t *b, int64_t pred, buf_value_t *x,
                        buf_value_t *y) {
  buf_value_t *ops[2] = {x, y};
  return buf_op_result(
      buf_build(b, "arith.cmpi", buf_type_i1(b->ctx), 2, ops, "predicate",
                buf_attr_integer(b->ctx, buf_type_i64(b->ctx), pred), NULL),
      0);
}

static buf_value_t *ptr_of(buf_builder_t *b, buf_value_t *m) {
  return buf_op_result(buf_build(b, "memref.extract_aligned_pointer_as_index",
                                 buf_type_index(b->ctx), 1, &m, NULL),
                       0);
}

/* `scf.if cond { memref.dealloc m }`, or the bare dealloc when cond is
 * NULL or the constant true. */
static void guarded_dealloc(buf_builder_t *b, buf_value_t *cond,
                            buf_value_t *m) {
  if (!cond || buf__bo_value_is_const_i1(cond, true)) {
    buf_build(b, "memref.dealloc", NULL, 1, &m, NULL);
    return;
  }
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "scf.if", b->loc);
  buf_state_add_operand(&st, cond);
  buf_state_add_region(&st);
  buf_state_add_region(&st);
  buf_op_t *ifop = buf_builder_insert(b, &st);
  buf_block_t *then = buf_block_create(b->ctx);
  buf_region_append_block(ifop->regions[0], then);
  buf_builder_t ib;
  buf_builder_init(&ib, b->ctx);
  ib.loc = b->loc;
  buf_builder_set_block_end(&ib, then);
  buf_build(&ib, "memref.dealloc", NULL, 1, &m, NULL);
  buf_build(&ib, "scf.yield", NULL, 0, NULL, NULL);
}

#define INLINE_COMPARISONS_MAX 1024

static buf_value_t *scratch(buf_builder_t *b, uint32_t n, buf_type_t elem) {
  int64_t shape[1] = {n};
  buf_type_t t = buf_type_memref(b->ctx, 1, shape, elem, NULL, NULL);
  int64_t seg[2] = {0, 0};
  return buf_op_result(
      buf_build(b, "memref.alloc", t, 0, NULL, "operandSegmentSizes",
                buf_attr_dense_array(b->ctx, buf_type_i32(b->ctx), 2, seg, NULL), NULL),
      0);
}

static void store_at(buf_builder_t *b, buf_value_t *v, buf_value_t *mem, buf_value_t *i) {
  buf_value_t *ops[3] = {v, mem, i};
  buf_build(b, "memref.store", NULL, 3, ops, NULL);
}

static buf_value_t *load_at(buf_builder_t *b, buf_value_t *mem, buf_value_t *i) {
  buf_value_t *ops[2] = {mem, i};
  return buf_op_result(
      buf_build(b, "memref.load", mem->type->u.shaped.elem, 2, ops, NULL), 0);
}

/* `scf.for %iv = 0 to n iter_args(inits)`, b moved into its body before a
 * yield of the iteration arguments (the caller resets its operands). */
static buf_op_t *count_loop(buf_builder_t *b, buf_value_t *n, uint32_t num_inits,
                            buf_value_t *const *inits) {
  return buf__bo_build_for(b, buf_build_index_constant(b, 0), n,
                           buf_build_index_constant(b, 1), num_inits, inits);
}

static buf_op_t *loop_yield(buf_op_t *loop) {
  return buf_block_terminator(buf_region_entry(loop->regions[0]));
}

/* The general case as loops: the pointers and conditions go into scratch
 * buffers; for each memref i a loop over all memrefs finds whether some
 * memref with its pointer has a true condition and whether an earlier one
 * has its pointer, a loop over the retained ones whether one of them is
 * it; for each retained j a loop finds whether a memref with a true
 * condition is it. The decisions come back through two more scratch
 * buffers, then each memref's guarded free and each result are read
 * back: code linear in the operands. */
static void lower_by_loops(buf_builder_t *b, uint32_t nm, buf_value_t **m,
                           buf_value_t **c, uint32_t nr, buf_value_t **q,
                           buf_value_t **res) {
  buf_ctx_t *ctx = b->ctx;
  buf_type_t index = buf_type_index(ctx), i1 = buf_type_i1(ctx);
  uint32_t nq = nr ? nr : 1;
  buf_value_t *ptrs = scratch(b, nm, index), *conds = scratch(b, nm, i1);
  buf_value_t *retained = scratch(b, nq, index);
  buf_value_t *frees = scratch(b, nm, i1), *owned = scratch(b, nq, i1);
  for (uint32_t i = 0; i < nm; i++) {
    buf_value_t *at = buf_build_index_constant(b, i);
    store_at(b, ptr_of(b, m[i]), ptrs, at);
    store_at(b, c[i], conds, at);
  }
  for (uint32_t j = 0; j < nr; j++)
    store_at(b, q[j], retained, buf_build_index_constant(b, j));
  buf_value_t *n_m = buf_build_index_constant(b, nm);
  buf_value_t *n_r = buf_build_index_constant(b, nr);
  buf_value_t *t = c_i1(b, true), *f = c_i1(b, false);
  buf_builder_t after = *b;

  /* frees[i] = (some k: c[k] and p[k] == p[i]) and (no k < i: p[k] == p[i])
   *            and (no j: q[j] == p[i]) */
  buf_op_t *outer = count_loop(b, n_m, 0, NULL);
  buf_value_t *i = buf_region_entry(outer->regions[0])->args[0];
  buf_value_t *pi = load_at(b, ptrs, i);
  buf_value_t *inits[2] = {f, t};
  buf_op_t *over_m = count_loop(b, n_m, 2, inits);
  buf_block_t *body = buf_region_entry(over_m->regions[0]);
  buf_value_t *k = body->args[0];
  buf_value_t *same = cmp(b, 0, load_at(b, ptrs, k), pi);
  buf_value_t *any = bin(b, "arith.ori", body->args[1],
                         bin(b, "arith.andi", same, load_at(b, conds, k)));
  buf_value_t *earlier = bin(b, "arith.andi", same, cmp(b, 6 /* ult */, k, i));
  buf_value_t *first = bin(b, "arith.andi", body->args[2], bin(b, "arith.xori", earlier, t));
  buf_value_t *next[2] = {any, first};
  buf_op_set_operands(loop_yield(over_m), 2, next);
  buf_builder_set_after(b, over_m);
  buf_op_t *over_r = count_loop(b, n_r, 1, &t);
  body = buf_region_entry(over_r->regions[0]);
  buf_value_t *kept = bin(b, "arith.andi", body->args[1],
                          cmp(b, 1, load_at(b, retained, body->args[0]), pi));
  buf_op_set_operands(loop_yield(over_r), 1, &kept);
  buf_builder_set_after(b, over_r);
  buf_value_t *decision = bin(b, "arith.andi", buf_op_result(over_m, 0),
                              bin(b, "arith.andi", buf_op_result(over_m, 1),
                                  buf_op_result(over_r, 0)));
  store_at(b, decision, frees, i);

  /* owned[j] = some i: c[i] and p[i] == q[j] */
  *b = after;
  buf_builder_set_after(b, outer);
  buf_op_t *per_retained = count_loop(b, n_r, 0, NULL);
  buf_value_t *j = buf_region_entry(per_retained->regions[0])->args[0];
  buf_value_t *qj = load_at(b, retained, j);
  buf_op_t *finder = count_loop(b, n_m, 1, &f);
  body = buf_region_entry(finder->regions[0]);
  buf_value_t *hit = bin(b, "arith.ori", body->args[1],
                         bin(b, "arith.andi", load_at(b, conds, body->args[0]),
                             cmp(b, 0, load_at(b, ptrs, body->args[0]), qj)));
  buf_op_set_operands(loop_yield(finder), 1, &hit);
  buf_builder_set_after(b, finder);
  store_at(b, buf_op_result(finder, 0), owned, j);

  *b = after;
  buf_builder_set_after(b, per_retained);
  for (uint32_t x = 0; x < nm; x++)
    guarded_dealloc(b, load_at(b, frees, buf_build_index_constant(b, x)), m[x]);
  for (uint32_t y = 0; y < nr; y++)
    res[y] = load_at(b, owned, buf_build_index_constant(b, y));
  buf_value_t *scratches[5] = {ptrs, conds, retained, frees, owned};
  for (uint32_t x = 0; x < 5; x++)
    buf_build(b, "memref.dealloc", NULL, 1, &scratches[x], NULL);
}

static void lower_one(buf_ctx_t *ctx, buf_op_t *op) {
  buf_arena_t *arena = buf_ctx_arena(ctx);
  uint32_t nm0, nc, nr;
  uint32_t sm = buf_op_segment(op, 0, &nm0);
  uint32_t sc = buf_op_segment(op, 1, &nc);
  uint32_t sr = buf_op_segment(op, 2, &nr);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  /* Operands whose condition is the constant false never matter. */
  buf_value_t **m = buf_arena_alloc(arena, (nm0 + 1) * sizeof *m);
  buf_value_t **c = buf_arena_alloc(arena, (nm0 + 1) * sizeof *c);
  uint32_t nm = 0;
  for (uint32_t i = 0; i < nm0 && i < nc; i++) {
    buf_value_t *cond = op->operands[sc + i].value;
    if (buf__bo_value_is_const_i1(cond, false))
      continue;
    m[nm] = op->operands[sm + i].value;
    c[nm++] = cond;
  }
  buf_value_t **res = buf_arena_alloc(arena, (nr + 1) * sizeof *res);
  if (nr == 0 && nm == 1) {
    guarded_dealloc(&b, c[0], m[0]);
  } else if (nm == 0) {
    buf_value_t *f = nr ? c_i1(&b, false) : NULL;
    for (uint32_t j = 0; j < nr; j++)
      res[j] = f;
  } else if (nm == 1) {
    /* One buffer, some retained: upstream's shape. It is freed when it is
     * none of the retained ones (and its condition holds); retained value
     * j is owned when it is the buffer. */
    buf_value_t *p0 = ptr_of(&b, m[0]);
    buf_value_t **ne = buf_arena_alloc(arena, nr * sizeof *ne);
    for (uint32_t j = 0; j < nr; j++)
      ne[j] = cmp(&b, 1, p0, ptr_of(&b, op->operands[sr + j].value));
    buf_value_t *not_retained = ne[0];
    for (uint32_t j = 1; j < nr; j++)
      not_retained = bin(&b, "arith.andi", not_retained, ne[j]);
    guarded_dealloc(&b, bin(&b, "arith.andi", not_retained, c[0]), m[0]);
    buf_value_t *t = c_i1(&b, true);
    for (uint32_t j = 0; j < nr; j++)
      res[j] = bin(&b, "arith.andi", bin(&b, "arith.xori", ne[j], t), c[0]);
  } else if ((uint64_t)nm * (nm + nr) > INLINE_COMPARISONS_MAX) {
    buf_value_t **q = buf_arena_alloc(arena, (nr + 1) * sizeof *q);
    for (uint32_t j = 0; j < nr; j++)
      q[j] = ptr_of(&b, op->operands[sr + j].value);
    lower_by_loops(&b, nm, m, c, nr, q, res);
  } else {
    buf_value_t **p = buf_arena_alloc(arena, nm * sizeof *p);
    buf_value_t **q = buf_arena_alloc(arena, (nr + 1) * sizeof *q);
    for (uint32_t i = 0; i < nm; i++)
      p[i] = ptr_of(&b, m[i]);
    for (uint32_t j = 0; j < nr; j++)
      q[j] = ptr_of(&b, op->operands[sr + j].value);
    for (uint32_t j = 0; j < nr; j++) {
      buf_value_t *acc = NULL;
      for (uint32_t i = 0; i < nm; i++) {
        buf_value_t *t = bin(&b, "arith.andi", c[i], cmp(&b, 0, p[i], q[j]));
        acc = acc ? bin(&b, "arith.ori", acc, t) : t;
      }
      res[j] = acc;
    }
    for (uint32_t i = 0; i < nm; i++) {
      buf_value_t *agg = c[i];
      for (uint32_t k = 0; k < nm; k++)
        if (k != i)
          agg = bin(&b, "arith.ori", agg,
                    bin(&b, "arith.andi", c[k], cmp(&b, 0, p[k], p[i])));
      buf_value_t *should = agg;
      for (uint32_t k = 0; k < i; k++)
        should = bin(&b, "arith.andi", should, cmp(&b, 1, p[k], p[i]));
      for (uint32_t j = 0; j < nr; j++)
        should = bin(&b, "arith.andi", should, cmp(&b, 1, p[i], q[j]));
      guarded_dealloc(&b, should, m[i]);
    }
  }
  for (uint32_t j = 0; j < nr; j++)
    buf_value_replace_all_uses(&op->results[j], res[j]);
  buf_op_erase(op);
}

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  if (buf__bo_is_bufferization_dealloc(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* Collects the deallocs of several memrefs: upstream lowers those through
 * a library function it adds to the module. */
static buf_walk_result_t collect_generic(buf_op_t *op, void *user) {
  uint32_t n = 0;
  if (buf__bo_is_bufferization_dealloc(op)) {
    buf_op_segment(op, 0, &n);
    if (n >= 2)
      buf__bo_oplist_push(user, op);
  }
  return BUF_WALK_ADVANCE;
}

/* Run on an op that is not a symbol table (func.func(...) in a pipeline),
 * upstream cannot add its library function, so it refuses the first
 * dealloc of several memrefs (its conversion then reports that dealloc as
 * not legalized and stops). This lowering needs no function, but a drop-in
 * for mlir-opt refuses the same programs with the same errors. */
static buf_status_t refuse_generic_in_function(buf_op_t *root) {
  buf_ctx_t *ctx = buf_op_ctx(root);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(root, BUF_WALK_POST, collect_generic, &l);
  if (l.n == 0)
    return BUF_SUCCESS;
  buf_emit_error(ctx, l.ops[0]->loc,
                 "library function required for generic lowering, but "
                 "cannot be automatically inserted when operating on "
                 "functions");
  buf_emit_error(ctx, l.ops[0]->loc,
                 "failed to legalize operation 'bufferization.dealloc' "
                 "that was explicitly marked illegal");
  return BUF_FAILURE;
}

buf_status_t buf__lower_deallocs(buf_op_t *root) {
  if (!buf_op_has_trait(root, BUF_TRAIT_SYMBOL_TABLE) &&
      BUF_FAILED(refuse_generic_in_function(root)))
    return BUF_FAILURE;
  buf_ctx_t *ctx = buf_op_ctx(root);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(root, BUF_WALK_POST, collect, &l);
  for (uint32_t i = 0; i < l.n; i++)
    lower_one(ctx, l.ops[i]);
  return BUF_SUCCESS;
}

static buf_status_t lower_run(buf_op_t *root,
                              const buf_pass_options_t *options) {
  (void)options;
  return buf__lower_deallocs(root);
}

const buf_pass_def_t buf_pass_bufferization_lower_deallocations = {
    .name = "bufferization-lower-deallocations",
    .summary = "Lower bufferization.dealloc to memref.dealloc guarded by "
               "scf.if and pointer comparisons",
    .anchor = "any",
    .run = lower_run,
};
