/*
 * scf_to_cf.c: --convert-scf-to-cf, structured control flow becomes blocks
 * and cf branches.
 *
 * Two phases. First scf.forall (without shared_outs) and scf.parallel
 * (without reductions) become nests of scf.for: they are loops whose
 * iterations are independent, so running them in order is one valid
 * schedule. Then every scf.for / scf.if / scf.while / scf.execute_region /
 * scf.index_switch is flattened, innermost first (a post-order list), so
 * when an op is flattened its regions hold only cf-level blocks whose
 * scf.yield / scf.condition terminators belong to it.
 *
 * Flattening op X in block B: B is split after X into a continuation block
 * C whose arguments stand for X's results; X's region blocks move between B
 * and C; B ends in a branch into them, and their scf terminators become
 * branches to the loop header or to C.
 *
 *   scf.for:   B: br ^hdr(lb, inits)
 *              ^hdr(iv, it..): cmpi slt|ult iv, ub; cond_br ^body(iv, it..), ^C(it..)
 *              body yields: br ^hdr(iv + step, vals)
 *   scf.if:    B: cond_br c, ^then, ^else (or ^C); yields: br ^C(vals)
 *   scf.while: B: br ^before(inits); condition(c) args: cond_br c, ^after(args), ^C(args)
 *              after yields: br ^before(vals)
 *   scf.execute_region: B: br ^entry; yields: br ^C(vals)
 *   scf.index_switch: a chain of cmpi eq + cond_br, default last.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

typedef struct op_list {
  buf_op_t **ops;
  uint32_t n, cap;
  buf_arena_t *arena;
} op_list_t;

static void list_push(op_list_t *l, buf_op_t *op) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 16;
    l->ops = buf_arena_grow(l->arena, l->ops, l->n, cap, sizeof *l->ops);
    l->cap = cap;
  }
  l->ops[l->n++] = op;
}

/* The ops this pass lowers, one rewrite each (below); scf_to_cf_run
 * resolves their definitions once per run, so an op is matched by its
 * definition, not its name. Parallel loops (BUF_TRAIT_PARALLEL) become
 * scf.for nests in phase 1, the rest become blocks in phase 2. */
static buf_status_t lower_for(buf_op_t *op);
static buf_status_t lower_if(buf_op_t *op);
static buf_status_t lower_while(buf_op_t *op);
static buf_status_t lower_execute_region(buf_op_t *op);
static buf_status_t lower_index_switch(buf_op_t *op);
static buf_status_t forall_to_for(buf_op_t *op);
static buf_status_t parallel_to_for(buf_op_t *op);

static const struct lowering {
  const char *op;
  buf_status_t (*rewrite)(buf_op_t *op);
} lowerings[] = {
    {"scf.forall", forall_to_for},
    {"scf.parallel", parallel_to_for},
    {"scf.for", lower_for},
    {"scf.if", lower_if},
    {"scf.while", lower_while},
    {"scf.execute_region", lower_execute_region},
    {"scf.index_switch", lower_index_switch},
};
#define NUM_LOWERINGS (sizeof lowerings / sizeof lowerings[0])

/* The definitions of lowerings[] in one context. */
typedef struct lowering_defs {
  const buf_opdef_t *def[NUM_LOWERINGS];
} lowering_defs_t;

static void lowering_defs_init(lowering_defs_t *d, buf_ctx_t *ctx) {
  for (size_t i = 0; i < NUM_LOWERINGS; i++)
    d->def[i] = buf_ctx_lookup_opdef(ctx, lowerings[i].op);
}

/* The row of lowerings[] that lowers op, or NULL when this pass leaves op
 * alone. */
static const struct lowering *lowering_of(const lowering_defs_t *d,
                                          const buf_op_t *op) {
  for (size_t i = 0; i < NUM_LOWERINGS; i++)
    if (op->def == d->def[i])
      return &lowerings[i];
  return NULL;
}

/* True when every op between op and the anchor is lowered too: an scf op
 * nested in another op's single-block region (a linalg body) must stay
 * structured, or that region would get several blocks. */
static bool in_lowered_context(const lowering_defs_t *d, const buf_op_t *op,
                               const buf_op_t *anchor) {
  for (const buf_op_t *p = buf_op_parent(op); p && p != anchor;
       p = buf_op_parent(p))
    if (!lowering_of(d, p))
      return false;
  return true;
}

typedef struct collect {
  op_list_t *list;
  const buf_op_t *anchor;
  const lowering_defs_t *defs;
  bool parallel; /* collect forall/parallel (phase 1) or the rest */
} collect_t;

static buf_walk_result_t collect_ops(buf_op_t *op, void *user) {
  collect_t *c = user;
  bool par = buf_op_has_trait(op, BUF_TRAIT_PARALLEL);
  if (lowering_of(c->defs, op) && par == c->parallel &&
      in_lowered_context(c->defs, op, c->anchor))
    list_push(c->list, op);
  return BUF_WALK_ADVANCE;
}

static buf_attr_t i32_array(buf_ctx_t *ctx, uint32_t n, const int64_t *v) {
  return buf_attr_dense_array(ctx, buf_type_i32(ctx), n, v, NULL);
}

static void build_br(buf_builder_t *b, buf_block_t *dest, uint32_t n,
                     buf_value_t *const *args) {
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "cf.br", b->loc);
  buf_state_add_operands(&st, n, args);
  buf_state_add_successor(&st, dest);
  buf_builder_insert(b, &st);
}

static void build_cond_br(buf_builder_t *b, buf_value_t *cond,
                          buf_block_t *t, uint32_t nt, buf_value_t *const *ta,
                          buf_block_t *f, uint32_t nf, buf_value_t *const *fa) {
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "cf.cond_br", b->loc);
  buf_state_add_operand(&st, cond);
  buf_state_add_operands(&st, nt, ta);
  buf_state_add_operands(&st, nf, fa);
  buf_state_add_successor(&st, t);
  buf_state_add_successor(&st, f);
  int64_t seg[3] = {1, nt, nf};
  buf_state_set_attr(&st, "operandSegmentSizes", i32_array(b->ctx, 3, seg));
  buf_builder_insert(b, &st);
}

static buf_value_t *build_cmpi(buf_builder_t *b, int64_t pred, buf_value_t *l,
                               buf_value_t *r) {
  buf_value_t *ops[2] = {l, r};
  return buf_op_result(
      buf_build(b, "arith.cmpi", buf_type_i1(b->ctx), 2, ops, "predicate",
                buf_attr_integer(b->ctx, buf_type_i64(b->ctx), pred), NULL),
      0);
}

enum { PRED_EQ = 0, PRED_SLT = 2, PRED_ULT = 6 };

/* Splits op's block after op: the ops after it move to a new block inserted
 * just after, which gets one argument per result of op (standing for them
 * from now on). */
static buf_block_t *split_after(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_block_t *b = op->block;
  buf_block_t *c = buf_block_create(ctx);
  buf_region_insert_block_after(b->region, b, c);
  while (op->next) {
    buf_op_t *m = op->next;
    buf_op_remove(m);
    buf_block_append_op(c, m);
  }
  for (uint32_t i = 0; i < op->num_results; i++) {
    buf_value_t *arg = buf_block_add_arg(c, op->results[i].type, op->loc);
    buf_value_replace_all_uses(buf_op_result(op, i), arg);
  }
  return c;
}

/* Moves every block of region r after `after` (in order); returns the last
 * moved block (or `after` when r is empty). */
static buf_block_t *inline_region(buf_region_t *r, buf_region_t *into,
                                  buf_block_t *after) {
  while (r->first) {
    buf_block_t *blk = r->first;
    buf_region_remove_block(r, blk);
    buf_region_insert_block_after(into, after, blk);
    after = blk;
  }
  return after;
}

/* Replaces each terminator of the blocks in (first .. last] that forwards
 * values to the op being flattened (BUF_TRAIT_FORWARDS: scf.yield, and
 * scf.condition in a while's before region) by a branch built by fn. */
typedef void (*term_fn)(buf_builder_t *b, buf_op_t *term, void *user);

static void rewrite_terms(buf_block_t *after, buf_block_t *last, term_fn fn,
                          void *user) {
  if (after == last)
    return;
  for (buf_block_t *blk = after->next; blk; blk = blk->next) {
    buf_op_t *t = buf_block_terminator(blk);
    if (!t)
      t = blk->last;
    if (t && buf_op_has_trait(t, BUF_TRAIT_FORWARDS)) {
      buf_builder_t b;
      buf_builder_init(&b, buf_op_ctx(t));
      b.loc = t->loc;
      buf_builder_set_before(&b, t);
      fn(&b, t, user);
      buf_op_erase(t);
    }
    if (blk == last)
      break;
  }
}

static void yield_to_block(buf_builder_t *b, buf_op_t *term, void *user) {
  buf_value_t *args[64];
  uint32_t n = term->num_operands < 64 ? term->num_operands : 64;
  for (uint32_t i = 0; i < n; i++)
    args[i] = buf_op_operand(term, i);
  build_br(b, user, n, args);
}

typedef struct for_ctx {
  buf_block_t *header;
  buf_value_t *iv, *step;
} for_ctx_t;

static void yield_to_header(buf_builder_t *b, buf_op_t *term, void *user) {
  for_ctx_t *f = user;
  buf_value_t *args[65];
  uint32_t n = term->num_operands < 64 ? term->num_operands : 64;
  buf_value_t *ops[2] = {f->iv, f->step};
  args[0] = buf_op_result(
      buf_build(b, "arith.addi", f->iv->type, 2, ops, NULL), 0);
  for (uint32_t i = 0; i < n; i++)
    args[i + 1] = buf_op_operand(term, i);
  build_br(b, f->header, n + 1, args);
}

static buf_status_t too_many(buf_op_t *op) {
  buf_op_emit_error(op, "too many loop-carried values to lower (at most 64)");
  return BUF_FAILURE;
}

static buf_status_t lower_for(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t n = op->num_operands - 3;
  if (n > 64)
    return too_many(op);
  buf_region_t *r = op->regions[0];
  buf_block_t *entry = buf_region_entry(r);
  buf_block_t *b = op->block;
  buf_block_t *c = split_after(op);
  buf_block_t *hdr = buf_block_create(ctx);
  buf_region_insert_block_after(b->region, b, hdr);
  buf_value_t *hargs[65];
  for (uint32_t i = 0; i < n + 1; i++)
    hargs[i] = buf_block_add_arg(hdr, entry->args[i]->type, op->loc);
  buf_block_t *last = inline_region(r, b->region, hdr);

  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  bb.loc = op->loc;
  buf_builder_set_before(&bb, op);
  buf_value_t *init[65];
  init[0] = buf_op_operand(op, 0);
  for (uint32_t i = 0; i < n; i++)
    init[i + 1] = buf_op_operand(op, 3 + i);
  build_br(&bb, hdr, n + 1, init);

  buf_builder_set_block_end(&bb, hdr);
  int64_t pred = buf_op_has_attr(op, "unsignedCmp") ? PRED_ULT : PRED_SLT;
  buf_value_t *cond = build_cmpi(&bb, pred, hargs[0], buf_op_operand(op, 1));
  build_cond_br(&bb, cond, entry, n + 1, hargs, c, n, hargs + 1);

  for_ctx_t f = {hdr, entry->args[0], buf_op_operand(op, 2)};
  rewrite_terms(hdr, last, yield_to_header, &f);
  buf_op_erase(op);
  return BUF_SUCCESS;
}

static buf_status_t lower_if(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_block_t *b = op->block;
  buf_block_t *c = split_after(op);
  buf_block_t *then_entry = buf_region_entry(op->regions[0]);
  buf_block_t *last = inline_region(op->regions[0], b->region, b);
  buf_block_t *else_entry = c;
  if (op->num_regions > 1 && !buf_region_empty(op->regions[1])) {
    else_entry = buf_region_entry(op->regions[1]);
    last = inline_region(op->regions[1], b->region, last);
  }
  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  bb.loc = op->loc;
  buf_builder_set_before(&bb, op);
  build_cond_br(&bb, buf_op_operand(op, 0), then_entry, 0, NULL, else_entry, 0,
                NULL);
  rewrite_terms(b, last, yield_to_block, c);
  buf_op_erase(op);
  return BUF_SUCCESS;
}

typedef struct while_ctx {
  buf_block_t *after, *cont;
} while_ctx_t;

static void condition_to_branch(buf_builder_t *b, buf_op_t *term, void *user) {
  while_ctx_t *w = user;
  buf_value_t *args[64];
  uint32_t n = term->num_operands - 1 < 64 ? term->num_operands - 1 : 64;
  for (uint32_t i = 0; i < n; i++)
    args[i] = buf_op_operand(term, i + 1);
  build_cond_br(b, buf_op_operand(term, 0), w->after, n, args, w->cont, n,
                args);
}

static buf_status_t lower_while(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (op->num_operands > 64 || op->num_results > 64)
    return too_many(op);
  buf_block_t *b = op->block;
  buf_block_t *c = split_after(op);
  buf_block_t *before = buf_region_entry(op->regions[0]);
  buf_block_t *after = buf_region_entry(op->regions[1]);
  buf_block_t *last_before = inline_region(op->regions[0], b->region, b);
  buf_block_t *last = inline_region(op->regions[1], b->region, last_before);
  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  bb.loc = op->loc;
  buf_builder_set_before(&bb, op);
  buf_value_t *init[64];
  for (uint32_t i = 0; i < op->num_operands; i++)
    init[i] = buf_op_operand(op, i);
  build_br(&bb, before, op->num_operands, init);
  while_ctx_t w = {after, c};
  rewrite_terms(b, last_before, condition_to_branch, &w);
  rewrite_terms(last_before, last, yield_to_block, before);
  buf_op_erase(op);
  return BUF_SUCCESS;
}

static buf_status_t lower_execute_region(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_block_t *b = op->block;
  buf_block_t *c = split_after(op);
  buf_block_t *entry = buf_region_entry(op->regions[0]);
  buf_block_t *last = inline_region(op->regions[0], b->region, b);
  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  bb.loc = op->loc;
  buf_builder_set_before(&bb, op);
  build_br(&bb, entry, 0, NULL);
  rewrite_terms(b, last, yield_to_block, c);
  buf_op_erase(op);
  return BUF_SUCCESS;
}

/* scf.index_switch: regions are the default first, then one per case. */
static buf_status_t lower_index_switch(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_attr_t cases = buf_op_attr(op, "cases");
  uint32_t ncase = cases ? (uint32_t)cases->u.dense_array.count : 0;
  if (ncase + 1 != op->num_regions) {
    buf_op_emit_error(op, "case count does not match the regions");
    return BUF_FAILURE;
  }
  buf_block_t *b = op->block;
  buf_block_t *c = split_after(op);
  buf_block_t *entries[1 + 256];
  if (ncase > 256) {
    buf_op_emit_error(op, "too many cases to lower (at most 256)");
    return BUF_FAILURE;
  }
  buf_block_t *last = b;
  for (uint32_t i = 0; i < op->num_regions; i++) {
    entries[i] = buf_region_entry(op->regions[i]);
    last = inline_region(op->regions[i], b->region, last);
  }
  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  bb.loc = op->loc;
  buf_builder_set_before(&bb, op);
  /* Test blocks: one per case; the last falls to the default. */
  buf_block_t *test = b;
  buf_builder_t tb = bb;
  for (uint32_t i = 0; i < ncase; i++) {
    buf_value_t *k = buf_build_index_constant(&tb, cases->u.dense_array.ints[i]);
    buf_value_t *eq = build_cmpi(&tb, PRED_EQ, buf_op_operand(op, 0), k);
    buf_block_t *next = entries[0];
    if (i + 1 < ncase) {
      next = buf_block_create(ctx);
      buf_region_insert_block_after(b->region, test, next);
    }
    build_cond_br(&tb, eq, entries[i + 1], 0, NULL, next, 0, NULL);
    if (i + 1 < ncase) {
      test = next;
      buf_builder_set_block_end(&tb, next);
    }
  }
  if (ncase == 0)
    build_br(&bb, entries[0], 0, NULL);
  rewrite_terms(b, last, yield_to_block, c);
  buf_op_erase(op);
  return BUF_SUCCESS;
}

/* Builds the loop nest for bounds (lbs, ubs, steps) carrying n values
 * (inits) through every level, moves the body of op's region (without its
 * terminator) into the innermost loop and maps the region's arguments to
 * the induction variables. *outer receives the outermost loop; iters the
 * innermost loop's iteration arguments. bb ends before the innermost
 * yield. */
static void nest_loops(buf_op_t *op, uint32_t niv, buf_value_t *const *lbs,
                       buf_value_t *const *ubs, buf_value_t *const *steps,
                       uint32_t n, buf_value_t *const *inits,
                       buf_builder_t *bb, buf_op_t **outer,
                       buf_value_t *const **iters) {
  buf_block_t *body = buf_region_entry(op->regions[0]);
  buf_op_t *prev = NULL;
  *iters = inits;
  *outer = NULL;
  for (uint32_t d = 0; d < niv; d++) {
    buf_op_t *loop = buf__bo_build_for(bb, lbs[d], ubs[d], steps[d], n, *iters);
    if (prev) { /* the enclosing loop yields this loop's results */
      buf_value_t *res[64];
      for (uint32_t i = 0; i < n; i++)
        res[i] = buf_op_result(loop, i);
      buf_op_set_operands(buf_block_terminator(buf_region_entry(prev->regions[0])),
                          n, res);
    } else {
      *outer = loop;
    }
    buf_block_t *lb = buf_region_entry(loop->regions[0]);
    buf_value_replace_all_uses(body->args[d], lb->args[0]);
    *iters = lb->args + 1;
    prev = loop;
  }
  buf_op_t *term = buf_block_terminator(body);
  while (body->first && body->first != term) {
    buf_op_t *m = body->first;
    buf_op_remove(m);
    buf_block_insert_op_before(bb->block, bb->before, m);
  }
}

static buf_status_t parallel_to_for(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t niv = buf_region_entry(op->regions[0])->num_args;
  uint32_t n = op->num_results;
  if (niv > 16 || n > 64 || op->num_operands != 3 * niv + n) {
    buf_op_emit_error(op, "unexpected loop bounds");
    return BUF_FAILURE;
  }
  if (niv == 0) {
    buf_op_emit_error(op, "lowering of a loop without induction variables "
                          "is not supported");
    return BUF_FAILURE;
  }
  buf_value_t *v[48 + 64];
  for (uint32_t i = 0; i < op->num_operands; i++)
    v[i] = buf_op_operand(op, i);
  buf_op_t *reduce = buf_block_terminator(buf_region_entry(op->regions[0]));
  if (n && (!reduce || reduce->num_operands != n || reduce->num_regions != n)) {
    buf_op_emit_error(op, "expects one scf.reduce region per result");
    return BUF_FAILURE;
  }
  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  bb.loc = op->loc;
  buf_builder_set_before(&bb, op);
  buf_op_t *outer;
  buf_value_t *const *iters;
  nest_loops(op, niv, v, v + niv, v + 2 * niv, n, v + 3 * niv, &bb, &outer,
             &iters);
  if (n) {
    /* Each reduction combines the accumulator (lhs) with this iteration's
     * value (rhs) in its region, cloned into the innermost loop. */
    buf_value_t *reduced[64];
    for (uint32_t i = 0; i < n; i++) {
      buf_block_t *rb = buf_region_entry(reduce->regions[i]);
      buf_op_t *ret = rb ? buf_block_terminator(rb) : NULL;
      if (!rb || rb->num_args != 2 || !ret || ret->num_operands != 1) {
        buf_op_emit_error(reduce, "malformed reduction region");
        return BUF_FAILURE;
      }
      buf_irmap_t *map = buf_irmap_create(ctx);
      buf_irmap_set_value(map, rb->args[0], iters[i]);
      buf_irmap_set_value(map, rb->args[1], buf_op_operand(reduce, i));
      for (buf_op_t *r = rb->first; r && r != ret; r = r->next)
        buf_block_insert_op_before(bb.block, bb.before, buf_op_clone(r, map));
      reduced[i] = buf_irmap_value(map, buf_op_operand(ret, 0));
      buf_irmap_destroy(map);
    }
    buf_op_set_operands(bb.before, n, reduced);
    for (uint32_t i = 0; i < n; i++)
      buf_value_replace_all_uses(buf_op_result(op, i), buf_op_result(outer, i));
  }
  buf_op_erase(op);
  return BUF_SUCCESS;
}

/* One bound list of scf.forall: static values with BUF_DYNAMIC holes that
 * take operands of segment seg in order; an absent list means `dflt`. */
static void forall_bounds(buf_op_t *op, buf_builder_t *bb, const char *attr,
                          uint32_t seg, int64_t dflt, uint32_t niv,
                          buf_value_t **out) {
  buf_attr_t a = buf_op_attr(op, attr);
  uint32_t len = 0;
  uint32_t start = buf_op_segment(op, seg, &len);
  uint32_t next = 0;
  for (uint32_t d = 0; d < niv; d++) {
    int64_t s = a && d < a->u.dense_array.count ? a->u.dense_array.ints[d] : dflt;
    if (s == BUF_DYNAMIC && next < len)
      out[d] = buf_op_operand(op, start + next++);
    else
      out[d] = buf_build_index_constant(bb, s == BUF_DYNAMIC ? dflt : s);
  }
}

static buf_status_t forall_to_for(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t nouts = 0;
  buf_op_segment(op, 3, &nouts);
  if (op->num_results != 0 || nouts != 0) {
    buf_op_emit_error(op, "scf.forall with shared_outs must be bufferized "
                          "before lowering to loops");
    return BUF_FAILURE;
  }
  uint32_t niv = buf_region_entry(op->regions[0])->num_args;
  if (niv > 16) {
    buf_op_emit_error(op, "too many induction variables");
    return BUF_FAILURE;
  }
  buf_builder_t bb;
  buf_builder_init(&bb, ctx);
  bb.loc = op->loc;
  buf_builder_set_before(&bb, op);
  buf_value_t *lbs[16], *ubs[16], *steps[16];
  forall_bounds(op, &bb, "staticLowerBound", 0, 0, niv, lbs);
  forall_bounds(op, &bb, "staticUpperBound", 1, 0, niv, ubs);
  forall_bounds(op, &bb, "staticStep", 2, 1, niv, steps);
  buf_op_t *outer;
  buf_value_t *const *iters;
  nest_loops(op, niv, lbs, ubs, steps, 0, NULL, &bb, &outer, &iters);
  buf_op_erase(op);
  return BUF_SUCCESS;
}

static buf_status_t scf_to_cf_run(buf_op_t *anchor,
                                  const buf_pass_options_t *options) {
  (void)options;
  lowering_defs_t defs;
  lowering_defs_init(&defs, buf_op_ctx(anchor));
  for (int phase = 0; phase < 2; phase++) {
    op_list_t l = {.arena = buf_ctx_arena(buf_op_ctx(anchor))};
    collect_t c = {&l, anchor, &defs, phase == 0};
    buf_op_walk(anchor, BUF_WALK_POST, collect_ops, &c);
    for (uint32_t i = 0; i < l.n; i++) {
      buf_status_t s = lowering_of(&defs, l.ops[i])->rewrite(l.ops[i]);
      if (BUF_FAILED(s))
        return s;
    }
  }
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_convert_scf_to_cf = {
    .name = "convert-scf-to-cf",
    .summary = "Lower scf control flow to cf blocks and branches",
    .anchor = "func.func",
    .run = scf_to_cf_run,
};
