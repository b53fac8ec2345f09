/*
 * ownership_dealloc.c: --ownership-based-buffer-deallocation, inserts
 * bufferization.dealloc ops so that every heap buffer is freed exactly once
 * on every path.
 *
 * Model (the same contract as upstream's pass, written independently):
 *   - Every block keeps a list of the memrefs it owns, each with an i1
 *     ownership condition (NULL: statically true). A block owns the results
 *     of heap allocations (memref.alloc / bufferization.clone, by their
 *     alloc kind) and of calls (calls return
 *     owned buffers), and the memref arguments that reach it with an
 *     ownership flag (loop-carried values, cf block arguments). Function
 *     arguments, globals and stack buffers are never owned.
 *   - At the block's terminator one bufferization.dealloc frees what the
 *     block owns, retaining the memrefs the terminator hands on; its results
 *     (retained value i aliases an owned buffer whose condition holds) become
 *     the ownership flags that travel with those memrefs.
 *   - Region ops that yield memrefs (scf.for, scf.while, scf.if,
 *     scf.index_switch, scf.execute_region) get one extra i1 per memref in
 *     their iter_args / block arguments / results; memrefs entering a loop
 *     from outside come with ownership false (the outer block keeps them).
 *   - cf branches get one extra i1 block argument per memref block argument;
 *     a cf.cond_br that passes memrefs goes through one trampoline block per
 *     edge, so that a memref passed on one edge only is still freed on the
 *     other.
 *   - func.return: results must be owned by the caller; a returned memref
 *     whose ownership is not statically true is returned as is when its flag
 *     holds and as a bufferization.clone otherwise. With
 *     private-function-dynamic-ownership, a private function with a body
 *     returns the flag instead (one i1 result per memref result, after the
 *     results) and its callers own each result where its flag holds, as
 *     upstream's option does: no clone in the callee.
 * A memref defined in one block and used in another (without being passed
 * as a block argument) is first made a block argument of every block where
 * it is live-in (route_through_block_args), so ownership only ever moves
 * along branches. Inputs that already free buffers are rejected.
 *
 * The deallocs sit at block ends; --buffer-deallocation-simplification moves
 * the statically known ones right after the last use and
 * --bufferization-lower-deallocations turns the rest into scf.if +
 * memref.dealloc.
 */
#include "buf/pipeline.h"
#include "buf/syntax.h"
#include "bufopt_internal.h"

typedef struct own_ent {
  buf_value_t *v;
  buf_value_t *cond; /* NULL: statically owned */
} own_ent_t;

typedef struct own_list {
  own_ent_t *e;
  uint32_t n, cap;
} own_list_t;

typedef struct od {
  buf_ctx_t *ctx;
  buf_arena_t *arena;
  bo_oplist_t extended; /* region ops given ownership flags */
  /* private-function-dynamic-ownership: private functions that return
   * one i1 ownership flag per memref result after their results (their
   * callers own a result only where its flag holds), and those of them
   * whose function type already says so. */
  bo_oplist_t dynamic_funcs;
  bo_oplist_t retyped;
  /* Call results of the identity layout are freed as they are (they start
   * at their allocation's base) rather than through their extracted base
   * buffer, which keeps them visible to the simplification's alias
   * reasoning; buffer-deallocation-pipeline sets it, the pass alone spells
   * every non-allocation base as upstream's pass does. */
  bool calls_own_base;
  bool failed;
} od_t;

static void own_add(od_t *d, own_list_t *l, buf_value_t *v, buf_value_t *cond) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 8;
    l->e = buf_arena_grow(d->arena, l->e, l->n, cap, sizeof *l->e);
    l->cap = cap;
  }
  l->e[l->n].v = v;
  l->e[l->n].cond = cond;
  l->n++;
}

static bool is_memref(buf_type_t t) { return buf_type_is_memref(t); }

static bool in_oplist(const bo_oplist_t *l, const buf_op_t *op) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->ops[i] == op)
      return true;
  return false;
}

static buf_value_t *const_i1(od_t *d, buf_builder_t *b, bool v) {
  buf_op_t *c = buf_build(b, "arith.constant", buf_type_i1(d->ctx), 0, NULL,
                          "value", buf_attr_bool(d->ctx, v), NULL);
  return buf_op_result(c, 0);
}

/* An allocation, or a free, the program manages itself (upstream's
 * bufferization.manual_deallocation): its buffer is never owned. */
static bool is_manual(const buf_op_t *op) {
  return buf_op_has_attr(op, "bufferization.manual_deallocation");
}

/* Does op return buffers its block owns from the start: a heap allocation
 * (alloc, realloc, clone), or a call (calls return owned buffers)? */
static bool is_owned_fresh(const buf_op_t *op) {
  return !is_manual(op) && (buf_op_alloc_kind(op) == BUF_ALLOC_HEAP ||
                            buf_op_has_trait(op, BUF_TRAIT_CALL));
}

/* The base buffer to free for an owned value: heap allocations are their
 * own base; anything else (a call result, which may be a view of its
 * allocation whatever its layout; a flag-carried block argument or region
 * result) goes through memref.extract_strided_metadata, as upstream's pass
 * does. An unranked memref is first reinterpreted as a 0-d memref of its
 * element type (offset 0), whose base is the same buffer. */
static buf_value_t *base_of(od_t *d, buf_builder_t *b, buf_value_t *v) {
  if (v->def && !is_manual(v->def) &&
      (buf_op_alloc_kind(v->def) == BUF_ALLOC_HEAP ||
       (d->calls_own_base && is_owned_fresh(v->def) &&
        v->type->kind == BUF_TYPE_MEMREF && !v->type->u.shaped.layout)))
    return v;
  buf_type_t t = v->type;
  if (t->kind == BUF_TYPE_UNRANKED_MEMREF) {
    buf_ctx_t *ctx = d->ctx;
    buf_type_t ranked = buf_type_memref(
        ctx, 0, NULL, t->u.shaped.elem, buf_attr_strided(ctx, 0, NULL, 0),
        t->u.shaped.memory_space);
    buf_op_state_t rc;
    buf_state_init(&rc, ctx, "memref.reinterpret_cast", b->loc);
    buf_state_add_operand(&rc, v);
    buf_state_add_result(&rc, ranked);
    int64_t seg[4] = {1, 0, 0, 0}, zero = 0;
    buf_state_set_attr(&rc, "operandSegmentSizes",
                       buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
    buf_state_set_attr(&rc, "static_offsets",
                       buf_attr_dense_array(ctx, buf_type_i64(ctx), 1, &zero, NULL));
    buf_state_set_attr(&rc, "static_sizes",
                       buf_attr_dense_array(ctx, buf_type_i64(ctx), 0, NULL, NULL));
    buf_state_set_attr(&rc, "static_strides",
                       buf_attr_dense_array(ctx, buf_type_i64(ctx), 0, NULL, NULL));
    v = buf_op_result(buf_builder_insert(b, &rc), 0);
    t = ranked;
  }
  if (t->kind != BUF_TYPE_MEMREF) {
    buf_emit_error(d->ctx, b->loc,
                   "ownership-based deallocation: ownership of a value of "
                   "type '%s' is not supported",
                   buf_type_to_string(d->ctx, t));
    d->failed = true;
    return v;
  }
  uint32_t rank = t->u.shaped.rank;
  buf_op_state_t st;
  buf_state_init(&st, d->ctx, "memref.extract_strided_metadata", b->loc);
  buf_state_add_operand(&st, v);
  buf_state_add_result(&st, buf_type_memref(d->ctx, 0, NULL, t->u.shaped.elem,
                                            NULL, t->u.shaped.memory_space));
  for (uint32_t i = 0; i < 1 + 2 * rank; i++)
    buf_state_add_result(&st, buf_type_index(d->ctx));
  buf_op_t *op = buf_builder_insert(b, &st);
  return buf_op_result(op, 0);
}

/* Emits bufferization.dealloc(owned) retain(retained) at b and stores the
 * ownership of each retained value in conds (false constants when nothing is
 * owned). */
static void emit_dealloc(od_t *d, buf_builder_t *b, const own_list_t *l,
                         uint32_t nr, buf_value_t *const *retained,
                         buf_value_t **conds) {
  if (l->n == 0) {
    buf_value_t *f = nr ? const_i1(d, b, false) : NULL;
    for (uint32_t i = 0; i < nr; i++)
      conds[i] = f;
    return;
  }
  buf_value_t *t = NULL;
  buf_op_state_t st;
  buf_value_t **bases = buf_arena_alloc(d->arena, l->n * sizeof *bases);
  buf_value_t **cs = buf_arena_alloc(d->arena, l->n * sizeof *cs);
  for (uint32_t i = 0; i < l->n; i++) {
    bases[i] = base_of(d, b, l->e[i].v);
    if (!l->e[i].cond && !t)
      t = const_i1(d, b, true);
    cs[i] = l->e[i].cond ? l->e[i].cond : t;
  }
  buf_state_init(&st, d->ctx, "bufferization.dealloc", b->loc);
  buf_state_add_operands(&st, l->n, bases);
  buf_state_add_operands(&st, l->n, cs);
  buf_state_add_operands(&st, nr, retained);
  for (uint32_t i = 0; i < nr; i++)
    buf_state_add_result(&st, buf_type_i1(d->ctx));
  int64_t seg[3] = {l->n, l->n, nr};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(d->ctx, buf_type_i32(d->ctx), 3, seg,
                                          NULL));
  buf_op_t *op = buf_builder_insert(b, &st);
  for (uint32_t i = 0; i < nr; i++)
    conds[i] = buf_op_result(op, i);
}

/* Checks that an owned value is only used inside its block (ownership does
 * not flow to other blocks implicitly). */
static void check_local(od_t *d, buf_value_t *v, buf_block_t *b) {
  for (buf_use_t *u = v->first_use; u; u = u->next_use) {
    if (!buf__bo_ancestor_in_block(u->owner, b)) {
      buf_diag_t *e = buf_op_emit_error(
          u->owner, "ownership-based deallocation: a buffer owned by another "
                    "block is used here without being passed as a block "
                    "argument (not supported)");
      (void)e;
      d->failed = true;
      return;
    }
  }
}

/* One false ownership flag per memref operand that enters op's regions
 * (from forward_first on: loop inits, test.region_if's operands): the
 * block outside keeps ownership of what it passes in. Sets *n. */
static buf_value_t **false_init_flags(od_t *d, buf_builder_t *b, buf_op_t *op,
                                      uint32_t *n) {
  uint32_t ninit = 0;
  for (uint32_t i = op->def->forward_first; i < op->num_operands; i++)
    ninit += is_memref(op->operands[i].value->type);
  buf_value_t **inits = buf_arena_alloc(d->arena, (ninit + 1) * sizeof *inits);
  buf_value_t *f = ninit ? const_i1(d, b, false) : NULL;
  for (uint32_t i = 0; i < ninit; i++)
    inits[i] = f;
  *n = ninit;
  return inits;
}

/* Rebuilds op with extra operands and result types appended, moving its
 * regions; the old op's results are replaced and the old op erased. */
static buf_op_t *rebuild(od_t *d, buf_op_t *op, uint32_t n_ops,
                         buf_value_t *const *ops, uint32_t n_res,
                         const buf_type_t *res) {
  buf_op_state_t st;
  buf_state_init(&st, d->ctx, op->name, op->loc);
  for (uint32_t i = 0; i < op->num_operands; i++)
    buf_state_add_operand(&st, op->operands[i].value);
  buf_state_add_operands(&st, n_ops, ops);
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_state_add_result(&st, op->results[i].type);
  buf_state_add_results(&st, n_res, res);
  for (uint32_t i = 0; i < op->attrs->u.dict.n; i++)
    buf_state_set_attr(&st, op->attrs->u.dict.entries[i].name,
                       op->attrs->u.dict.entries[i].value);
  for (uint32_t i = 0; i < op->num_successors; i++)
    buf_state_add_successor(&st, op->successors[i]);
  for (uint32_t i = 0; i < op->num_regions; i++)
    buf_state_add_region(&st);
  buf_builder_t b;
  buf_builder_init(&b, d->ctx);
  buf_builder_set_before(&b, op);
  buf_op_t *n = buf_builder_insert(&b, &st);
  for (uint32_t i = 0; i < op->num_regions; i++)
    buf_region_take_blocks(n->regions[i], op->regions[i]);
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_value_replace_all_uses(&op->results[i], &n->results[i]);
  buf_op_erase(op);
  return n;
}

static uint32_t count_memrefs_results(const buf_op_t *op) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < op->num_results; i++)
    k += is_memref(op->results[i].type);
  return k;
}

static uint32_t count_memref_args(const buf_block_t *b, uint32_t from) {
  uint32_t k = 0;
  for (uint32_t i = from; i < b->num_args; i++)
    k += is_memref(b->args[i]->type);
  return k;
}

/* Appends one i1 argument per memref argument of b (from index `from`). */
static void add_flag_args(od_t *d, buf_block_t *b, uint32_t from) {
  uint32_t n = b->num_args;
  for (uint32_t i = from; i < n; i++)
    if (is_memref(b->args[i]->type))
      buf_block_add_arg(b, buf_type_i1(d->ctx), b->args[i]->loc);
}

/* The initial ownership list of a block whose memref arguments from index
 * `from` carry flags appended after the first n_orig arguments. */
static void flag_args_list(od_t *d, buf_block_t *b, uint32_t from,
                           uint32_t n_orig, own_list_t *l) {
  uint32_t k = n_orig;
  for (uint32_t i = from; i < n_orig; i++)
    if (is_memref(b->args[i]->type)) {
      own_add(d, l, b->args[i], b->args[k++]);
      check_local(d, b->args[i], b);
    }
}

/* A loop that carries values from one iteration to the next (scf.for,
 * scf.while): every region ends in a terminator that forwards them, and
 * the inits are its trailing operands from forward_first on, landing on
 * the entry arguments of region 0 from forward_arg on, so that flags can
 * be appended to both. A loop that keeps its inits in an operand segment
 * (affine.for) cannot be extended by appending and is left alone. */
static bool carries_iter_args(const buf_op_t *op) {
  if (!buf_op_has_trait(op, BUF_TRAIT_LOOP) || op->num_regions == 0 ||
      buf_op_has_attr(op, "operandSegmentSizes"))
    return false;
  for (uint32_t r = 0; r < op->num_regions; r++) {
    buf_block_t *entry = buf_region_entry(op->regions[r]);
    if (!entry || !entry->last ||
        !buf_op_has_trait(entry->last, BUF_TRAIT_FORWARDS))
      return false;
  }
  return true;
}

static bool yields_memrefs(const buf_op_t *op) {
  if (count_memrefs_results(op))
    return true;
  if (carries_iter_args(op)) {
    buf_block_t *entry = buf_region_entry(op->regions[0]);
    return entry && count_memref_args(entry, 0);
  }
  return false;
}

/* The region ops that can get ownership flags: those that run a region at
 * most once (scf.if, scf.index_switch, scf.execute_region), those that run
 * one region then another (test.region_if) and loops that carry iteration
 * arguments. */
static bool is_extendable(const buf_op_t *op) {
  return buf_op_has_trait(op, BUF_TRAIT_REGION_BRANCH) ||
         op->def->branches_then_joins || carries_iter_args(op);
}

static void process_region(od_t *d, buf_region_t *r, own_list_t *entry_list);

/* cf.cond_br, whose two successors get trampoline blocks below: the pass
 * rebuilds it from its condition and its operand segments {1, true
 * operands, false operands}, a layout of that op alone. Other branches
 * with several successors (cf.switch) are refused when they pass
 * memrefs. */
static bool is_cond_br(const buf_op_t *op) {
  return buf_op_isa(op, "cf.cond_br");
}

/* Gives a region op ownership flags and processes its regions; returns the
 * new op. */
static buf_op_t *extend_region_op(od_t *d, buf_op_t *op) {
  buf_builder_t b;
  buf_builder_init(&b, d->ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  uint32_t nres = count_memrefs_results(op);
  buf_type_t *res = buf_arena_alloc(d->arena, (nres + 1) * sizeof *res);
  for (uint32_t i = 0; i < nres; i++)
    res[i] = buf_type_i1(d->ctx);
  uint32_t n_orig_res = op->num_results;
  buf_op_t *n;
  if (carries_iter_args(op)) {
    /* Loop inits: one false flag per memref init (the outer block keeps
     * ownership of what it passes in). */
    uint32_t ninit;
    buf_value_t **inits = false_init_flags(d, &b, op, &ninit);
    n = rebuild(d, op, ninit, inits, nres, res);
    buf_block_t *body = buf_region_entry(n->regions[0]);
    uint32_t from = n->def->forward_arg;
    uint32_t n0 = body->num_args;
    add_flag_args(d, body, from);
    own_list_t l = {0};
    flag_args_list(d, body, from, n0, &l);
    buf__bo_oplist_push(&d->extended, n);
    process_region(d, n->regions[0], &l);
    /* Later regions (scf.while's after region) receive all their
     * arguments from the terminator of the region before. */
    for (uint32_t r = 1; r < n->num_regions; r++) {
      buf_block_t *after = buf_region_entry(n->regions[r]);
      uint32_t a0 = after->num_args;
      add_flag_args(d, after, 0);
      own_list_t la = {0};
      flag_args_list(d, after, 0, a0, &la);
      process_region(d, n->regions[r], &la);
    }
  } else {
    /* Operands that enter the regions (test.region_if's) get a false flag
     * each, as loop inits do; entry arguments, whether they receive those
     * operands or what another region forwards, get one flag argument per
     * memref, which the op or that region's terminator passes. */
    uint32_t ninit = 0;
    buf_value_t **inits = op->def->branches_then_joins
                              ? false_init_flags(d, &b, op, &ninit)
                              : NULL;
    n = rebuild(d, op, ninit, inits, nres, res);
    buf__bo_oplist_push(&d->extended, n);
    for (uint32_t r = 0; r < n->num_regions; r++) {
      own_list_t l = {0};
      buf_block_t *entry = buf_region_entry(n->regions[r]);
      if (n->def->branches_then_joins && entry) {
        uint32_t a0 = entry->num_args;
        add_flag_args(d, entry, 0);
        flag_args_list(d, entry, 0, a0, &l);
      }
      process_region(d, n->regions[r], &l);
    }
  }
  (void)n_orig_res;
  return n;
}

/* May a and b be (parts of) the same buffer? Over-approximated with the
 * forward alias closure of each one's root. */
static bool may_share_buffer(od_t *d, buf_value_t *a, buf_value_t *b) {
  buf_value_t *ra = buf_value_view_root(a), *rb = buf_value_view_root(b);
  if (ra == rb)
    return true;
  bo_vset_t s = {.arena = d->arena};
  buf__bo_alias_closure(ra, false, &s, NULL);
  if (buf__bo_vset_has(&s, b) || buf__bo_vset_has(&s, rb))
    return true;
  bo_vset_t t = {.arena = d->arena};
  buf__bo_alias_closure(rb, false, &t, NULL);
  return buf__bo_vset_has(&t, a) || buf__bo_vset_has(&t, ra);
}

/* Handles the terminator `term` of block blk whose owned list is l. */
/* A function of d->dynamic_funcs returns, after its results, whether the
 * caller owns each memref result: its flag from the dealloc (conds), true
 * for a copy made here. The function type gains the i1 results once. */
static void return_ownership(od_t *d, buf_builder_t *b, buf_op_t *func, buf_op_t *term,
                             uint32_t nr, const bool *cloned, buf_value_t *const *conds) {
  uint32_t n = term->num_operands;
  buf_value_t **vs = buf_arena_alloc(d->arena, (n + nr + 1) * sizeof *vs);
  for (uint32_t i = 0; i < n; i++)
    vs[i] = term->operands[i].value;
  buf_value_t *t = NULL;
  for (uint32_t k = 0; k < nr; k++) {
    if (cloned[k] && !t)
      t = const_i1(d, b, true);
    vs[n + k] = cloned[k] ? t : conds[k];
  }
  buf_op_set_operands(term, n + nr, vs);
  if (in_oplist(&d->retyped, func))
    return;
  buf__bo_oplist_push(&d->retyped, func);
  buf_type_t ft = buf_op_attr(func, "function_type")->type;
  uint32_t nres = ft->u.func.num_results;
  buf_type_t *res = buf_arena_alloc(d->arena, (nres + nr + 1) * sizeof *res);
  for (uint32_t i = 0; i < nres; i++)
    res[i] = ft->u.func.results[i];
  for (uint32_t k = 0; k < nr; k++)
    res[nres + k] = buf_type_i1(d->ctx);
  buf_op_set_attr(func, "function_type",
                  buf_attr_type(d->ctx, buf_type_function(d->ctx, ft->u.func.num_inputs,
                                                          ft->u.func.inputs, nres + nr, res)));
}

/* A call of a function of d->dynamic_funcs: rebuilt with the callee's
 * ownership flags as extra i1 results; the block owns each memref result
 * where its flag holds. */
static void own_dynamic_call_results(od_t *d, buf_op_t *call, buf_block_t *blk, own_list_t *l) {
  uint32_t nm = count_memrefs_results(call);
  buf_type_t *flags = buf_arena_alloc(d->arena, (nm + 1) * sizeof *flags);
  for (uint32_t k = 0; k < nm; k++)
    flags[k] = buf_type_i1(d->ctx);
  buf_op_t *n = rebuild(d, call, 0, NULL, nm, flags);
  uint32_t base = n->num_results - nm, k = 0;
  for (uint32_t i = 0; i < base; i++)
    if (is_memref(n->results[i].type)) {
      own_add(d, l, &n->results[i], &n->results[base + k++]);
      check_local(d, &n->results[i], blk);
    }
}

static bool calls_dynamic_func(od_t *d, const buf_op_t *op) {
  if (!d->dynamic_funcs.n || !buf_op_has_trait(op, BUF_TRAIT_CALL))
    return false;
  buf_op_t *callee = buf_op_callee(op);
  return callee && in_oplist(&d->dynamic_funcs, callee);
}

/* Whether the block owns v for sure: v is in l with no condition, or v
 * is a result of a region-free op that allocates nothing and calls
 * nothing, whose memref operands (at least one) are all owned for sure.
 * Such a result may be any of its operands (upstream combines the
 * operands' ownership the same way), and the dealloc at the terminator
 * retains it, so what it aliases stays alive and it can go on as owned. */
static bool statically_owned(const own_list_t *l, buf_value_t *v, int depth) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->e[i].v == v)
      return !l->e[i].cond;
  buf_op_t *def = v->def;
  if (!def || depth > 8 || def->num_regions ||
      buf_op_alloc_kind(def) != BUF_ALLOC_NONE ||
      buf_op_has_trait(def, BUF_TRAIT_CALL | BUF_TRAIT_UNREGISTERED))
    return false;
  uint32_t memrefs = 0;
  for (uint32_t i = 0; i < def->num_operands; i++) {
    buf_value_t *o = def->operands[i].value;
    if (!is_memref(o->type))
      continue;
    if (!statically_owned(l, o, depth + 1))
      return false;
    memrefs++;
  }
  return memrefs > 0;
}

static void process_terminator(od_t *d, buf_block_t *blk, buf_op_t *term,
                               own_list_t *l) {
  buf_builder_t b;
  buf_builder_init(&b, d->ctx);
  buf_builder_set_before(&b, term);
  b.loc = term->loc;
  buf_op_t *parent = buf_op_parent(term);
  (void)blk;

  if (buf_op_is_function_return(term)) {
    uint32_t nr = 0;
    for (uint32_t i = 0; i < term->num_operands; i++)
      nr += is_memref(term->operands[i].value->type);
    buf_value_t **ret = buf_arena_alloc(d->arena, (nr + 1) * sizeof *ret);
    uint32_t *idx = buf_arena_alloc(d->arena, (nr + 1) * sizeof *idx);
    nr = 0;
    for (uint32_t i = 0; i < term->num_operands; i++)
      if (is_memref(term->operands[i].value->type)) {
        idx[nr] = i;
        ret[nr++] = term->operands[i].value;
      }
    /* The caller frees every result: one that may share its buffer with
     * an earlier result is returned as a copy of its own. The copy is made
     * before the dealloc, which then retains the copy rather than the
     * original: an original that is in fact a buffer of its own is freed
     * there instead of leaking. */
    bool *cloned = buf_arena_alloc(d->arena, (nr + 1) * sizeof *cloned);
    for (uint32_t k = 0; k < nr; k++) {
      buf_value_t *v = ret[k];
      cloned[k] = false;
      for (uint32_t j = 0; j < k && !cloned[k]; j++)
        cloned[k] = may_share_buffer(d, ret[j], v);
      if (cloned[k]) {
        ret[k] = buf_op_result(
            buf_build(&b, "bufferization.clone", v->type, 1, &v, NULL), 0);
        buf_op_set_operand(term, idx[k], ret[k]);
      }
    }
    buf_value_t **conds = buf_arena_alloc(d->arena, (nr + 1) * sizeof *conds);
    emit_dealloc(d, &b, l, nr, ret, conds);
    if (in_oplist(&d->dynamic_funcs, parent)) {
      return_ownership(d, &b, parent, term, nr, cloned, conds);
      return;
    }
    for (uint32_t k = 0; k < nr; k++) {
      buf_value_t *v = ret[k];
      if (cloned[k])
        continue;
      if (statically_owned(l, v, 0))
        continue;
      /* Function arguments, globals and stack buffers are never owned. */
      buf_alloc_kind_t kind = v->def ? buf_op_alloc_kind(v->def) : BUF_ALLOC_NONE;
      bool never_owned =
          (!v->def && v->block == buf_region_entry(parent->regions[0])) ||
          kind == BUF_ALLOC_GLOBAL || kind == BUF_ALLOC_STACK;
      buf_value_t *nv;
      if (never_owned) {
        nv = buf_op_result(buf_build(&b, "bufferization.clone", v->type, 1, &v,
                                     NULL), 0);
      } else {
        /* scf.if %own -> T { yield v } else { yield clone(v) } */
        buf_op_state_t st;
        buf_state_init(&st, d->ctx, "scf.if", term->loc);
        buf_state_add_operand(&st, conds[k]);
        buf_state_add_result(&st, v->type);
        buf_region_t *rt = buf_state_add_region(&st);
        buf_region_t *re = buf_state_add_region(&st);
        buf_op_t *ifop = buf_builder_insert(&b, &st);
        (void)rt;
        (void)re;
        buf_block_t *bt = buf_block_create(d->ctx);
        buf_block_t *be = buf_block_create(d->ctx);
        buf_region_append_block(ifop->regions[0], bt);
        buf_region_append_block(ifop->regions[1], be);
        buf_builder_t ib;
        buf_builder_init(&ib, d->ctx);
        ib.loc = term->loc;
        buf_builder_set_block_end(&ib, bt);
        buf_build(&ib, "scf.yield", NULL, 1, &v, NULL);
        buf_builder_set_block_end(&ib, be);
        buf_value_t *c = buf_op_result(
            buf_build(&ib, "bufferization.clone", v->type, 1, &v, NULL), 0);
        buf_build(&ib, "scf.yield", NULL, 1, &c, NULL);
        nv = buf_op_result(ifop, 0);
      }
      buf_op_set_operand(term, idx[k], nv);
    }
    return;
  }

  if (parent && in_oplist(&d->extended, parent) &&
      buf_op_has_trait(term, BUF_TRAIT_FORWARDS)) {
    uint32_t first = term->def->forward_first;
    uint32_t nr = 0;
    for (uint32_t i = first; i < term->num_operands; i++)
      nr += is_memref(term->operands[i].value->type);
    buf_value_t **ret = buf_arena_alloc(d->arena, (nr + 1) * sizeof *ret);
    nr = 0;
    for (uint32_t i = first; i < term->num_operands; i++)
      if (is_memref(term->operands[i].value->type))
        ret[nr++] = term->operands[i].value;
    buf_value_t **conds = buf_arena_alloc(d->arena, (nr + 1) * sizeof *conds);
    emit_dealloc(d, &b, l, nr, ret, conds);
    uint32_t n = term->num_operands;
    buf_value_t **ops = buf_arena_alloc(d->arena, (n + nr + 1) * sizeof *ops);
    for (uint32_t i = 0; i < n; i++)
      ops[i] = term->operands[i].value;
    for (uint32_t i = 0; i < nr; i++)
      ops[n + i] = conds[i];
    buf_op_set_operands(term, n + nr, ops);
    return;
  }

  if (term->num_successors == 1) {
    buf_block_t *succ = term->successors[0];
    uint32_t n = term->num_operands, nr = 0;
    for (uint32_t i = 0; i < n; i++)
      nr += is_memref(term->operands[i].value->type);
    buf_value_t **ret = buf_arena_alloc(d->arena, (nr + 1) * sizeof *ret);
    nr = 0;
    for (uint32_t i = 0; i < n; i++)
      if (is_memref(term->operands[i].value->type))
        ret[nr++] = term->operands[i].value;
    buf_value_t **conds = buf_arena_alloc(d->arena, (nr + 1) * sizeof *conds);
    emit_dealloc(d, &b, l, nr, ret, conds);
    if (nr) {
      buf_value_t **ops = buf_arena_alloc(d->arena, (n + nr) * sizeof *ops);
      for (uint32_t i = 0; i < n; i++)
        ops[i] = term->operands[i].value;
      for (uint32_t i = 0; i < nr; i++)
        ops[n + i] = conds[i];
      buf_op_set_operands(term, n + nr, ops);
    }
    (void)succ;
    return;
  }

  if (term->num_successors > 1) {
    bool passes = false;
    for (uint32_t i = 0; i < term->num_operands; i++)
      if (is_memref(term->operands[i].value->type))
        passes = true;
    if (!passes) {
      buf_value_t *none[1];
      emit_dealloc(d, &b, l, 0, NULL, none);
      return;
    }
    if (!is_cond_br(term)) {
      buf_op_emit_error(term, "ownership-based deallocation: memrefs passed "
                              "through a multi-way branch are not supported");
      d->failed = true;
      return;
    }
    uint32_t lens[2];
    uint32_t starts[2];
    starts[0] = buf_op_segment(term, 1, &lens[0]);
    starts[1] = buf_op_segment(term, 2, &lens[1]);
    if (l->n == 0) {
      /* The block owns nothing: each edge passes its memrefs on with an
       * ownership of false, as upstream's pass writes it (no new blocks). */
      buf_value_t **ops = buf_arena_alloc(
          d->arena, (1 + 2 * (size_t)(lens[0] + lens[1])) * sizeof *ops);
      int64_t seg[3] = {1, 0, 0};
      uint32_t n = 0;
      ops[n++] = term->operands[0].value;
      for (int s = 0; s < 2; s++) {
        uint32_t nr = 0;
        for (uint32_t i = 0; i < lens[s]; i++)
          ops[n++] = term->operands[starts[s] + i].value;
        for (uint32_t i = 0; i < lens[s]; i++)
          nr += is_memref(term->operands[starts[s] + i].value->type);
        buf_value_t *none = nr ? const_i1(d, &b, false) : NULL;
        for (uint32_t i = 0; i < nr; i++)
          ops[n++] = none;
        seg[1 + s] = lens[s] + nr;
      }
      buf_op_set_operands(term, n, ops);
      buf_op_set_attr(term, "operandSegmentSizes",
                      buf_attr_dense_array(d->ctx, buf_type_i32(d->ctx), 3, seg, NULL));
      return;
    }
    /* cond_br: every edge gets a trampoline block that frees what the
     * block owns except what that edge passes on, then branches. */
    buf_block_t *tramp[2];
    for (int s = 0; s < 2; s++) {
      buf_block_t *succ = term->successors[s];
      buf_block_t *t = buf_block_create(d->ctx);
      buf_region_insert_block_after(blk->region, blk, t);
      tramp[s] = t;
      buf_builder_t tb;
      buf_builder_init(&tb, d->ctx);
      tb.loc = term->loc;
      buf_builder_set_block_end(&tb, t);
      uint32_t nr = 0;
      for (uint32_t i = 0; i < lens[s]; i++)
        nr += is_memref(term->operands[starts[s] + i].value->type);
      buf_value_t **ops =
          buf_arena_alloc(d->arena, (lens[s] + nr + 1) * sizeof *ops);
      buf_value_t **ret = buf_arena_alloc(d->arena, (nr + 1) * sizeof *ret);
      nr = 0;
      for (uint32_t i = 0; i < lens[s]; i++) {
        ops[i] = term->operands[starts[s] + i].value;
        if (is_memref(ops[i]->type))
          ret[nr++] = ops[i];
      }
      buf_value_t **conds = buf_arena_alloc(d->arena, (nr + 1) * sizeof *conds);
      emit_dealloc(d, &tb, l, nr, ret, conds);
      for (uint32_t i = 0; i < nr; i++)
        ops[lens[s] + i] = conds[i];
      buf_op_state_t st;
      buf_state_init(&st, d->ctx, "cf.br", term->loc);
      buf_state_add_operands(&st, lens[s] + nr, ops);
      buf_state_add_successor(&st, succ);
      buf_builder_insert(&tb, &st);
    }
    buf_op_state_t st;
    buf_state_init(&st, d->ctx, "cf.cond_br", term->loc);
    buf_value_t *c = term->operands[0].value;
    buf_state_add_operand(&st, c);
    int64_t seg[3] = {1, 0, 0};
    buf_state_set_attr(&st, "operandSegmentSizes",
                       buf_attr_dense_array(d->ctx, buf_type_i32(d->ctx), 3,
                                            seg, NULL));
    buf_state_add_successor(&st, tramp[0]);
    buf_state_add_successor(&st, tramp[1]);
    buf_builder_insert(&b, &st);
    buf_op_erase(term);
    return;
  }

  /* Any other terminator (linalg.yield, scf.forall.in_parallel, a yield of
   * an op without memref results): free everything the block owns. */
  for (uint32_t i = 0; i < term->num_operands; i++)
    if (is_memref(term->operands[i].value->type) && l->n) {
      buf_op_emit_error(term, "ownership-based deallocation: this terminator "
                              "passes memrefs on (not supported)");
      d->failed = true;
      return;
    }
  buf_value_t *none[1];
  emit_dealloc(d, &b, l, 0, NULL, none);
}

/* A free marked manual_deallocation stays, after a run-time check that
 * the block does not own what it frees (upstream's assertion): a buffer
 * the block owns for sure is an error now; one it may own (a flag) is
 * checked when the program runs. */
static void check_manual_free(od_t *d, buf_op_t *op, own_list_t *l) {
  buf_builder_t b;
  buf_builder_init(&b, d->ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  for (uint32_t k = 0; k < op->num_operands; k++) {
    if (!(buf_op_operand_effect(op, k) & BUF_EFFECT_FREE))
      continue;
    buf_value_t *src = op->operands[k].value, *not_owned = NULL;
    for (uint32_t i = 0; i < l->n && !not_owned; i++) {
      if (l->e[i].v != src)
        continue;
      if (!l->e[i].cond) {
        buf_op_emit_error(op, "manual deallocation of a buffer this block owns");
        d->failed = true;
        return;
      }
      buf_value_t *ops[2] = {l->e[i].cond, const_i1(d, &b, true)};
      not_owned = buf_op_result(buf_build(&b, "arith.xori", buf_type_i1(d->ctx), 2, ops,
                                          NULL),
                                0);
    }
    if (!not_owned)
      not_owned = const_i1(d, &b, true);
    buf_build(&b, "cf.assert", NULL, 1, &not_owned, "msg",
              buf_attr_string_cstr(d->ctx, "expected that the block does not have ownership"),
              NULL);
  }
}

static void process_block(od_t *d, buf_block_t *blk, own_list_t *l) {
  buf_op_t *next;
  for (buf_op_t *op = blk->first; op && !d->failed; op = next) {
    next = op->next;
    if (buf_op_has_trait(op, BUF_TRAIT_UNREGISTERED)) {
      /* An op no dialect defines may allocate, free or capture any buffer:
       * no ownership can be tracked across it (upstream's words). */
      buf_emit_error(buf_op_ctx(op), op->loc,
                     "ops with unknown memory side effects are not supported");
      d->failed = true;
      return;
    }
    if (buf_op_has_trait(op, BUF_TRAIT_TERMINATOR) && !next) {
      process_terminator(d, blk, op, l);
      break;
    }
    if (buf_op_has_trait(op, BUF_TRAIT_FREE)) {
      /* A free marked manual_deallocation is checked, not tracked. */
      if (buf_op_alloc_kind(op) == BUF_ALLOC_NONE && is_manual(op)) {
        check_manual_free(d, op, l);
        continue;
      }
      /* upstream's words: a dealloc of the pass's own kind, or any other
       * free (memref.dealloc, memref.realloc: run expand-realloc first),
       * which the pass cannot track */
      buf_emit_error(buf_op_ctx(op), op->loc, "%s",
                     buf_op_has_trait(op, BUF_TRAIT_CONDITIONAL_FREE)
                         ? "No deallocation operations must be present "
                           "when running this pass!"
                         : "memory free side-effect on MemRef value not "
                           "supported!");
      d->failed = true;
      return;
    }
    if (calls_dynamic_func(d, op)) {
      own_dynamic_call_results(d, op, blk, l);
      continue;
    }
    if (is_owned_fresh(op)) {
      for (uint32_t i = 0; i < op->num_results; i++)
        if (is_memref(op->results[i].type)) {
          own_add(d, l, &op->results[i], NULL);
          check_local(d, &op->results[i], blk);
        }
      continue;
    }
    if (op->num_regions == 0)
      continue;
    if (is_extendable(op) && yields_memrefs(op)) {
      buf_op_t *n = extend_region_op(d, op);
      /* results: the originals, then one flag per memref original */
      uint32_t k = 0, nmem = count_memrefs_results(n);
      uint32_t base = n->num_results - nmem;
      for (uint32_t i = 0; i < base; i++)
        if (is_memref(n->results[i].type)) {
          own_add(d, l, &n->results[i], &n->results[base + k++]);
          check_local(d, &n->results[i], blk);
        }
      continue;
    }
    if (count_memrefs_results(op)) {
      /* upstream's words: a region op that does not say where its regions
       * branch cannot pass ownership out of them */
      buf_op_emit_error(op, "All operations with attached regions need to "
                            "implement the RegionBranchOpInterface.");
      d->failed = true;
      return;
    }
    for (uint32_t r = 0; r < op->num_regions; r++) {
      own_list_t inner = {0};
      process_region(d, op->regions[r], &inner);
    }
  }
}

/* The block of r that holds op (op itself or an op op is nested in). */
static buf_block_t *block_in_region(buf_op_t *op, buf_region_t *r) {
  while (op && op->block && op->block->region != r)
    op = buf_op_parent(op);
  return op ? op->block : NULL;
}

static uint32_t block_index(buf_block_t *const *blocks, uint32_t nb,
                            const buf_block_t *b) {
  for (uint32_t i = 0; i < nb; i++)
    if (blocks[i] == b)
      return i;
  return nb;
}

/* A branch whose operands all go to its only successor (cf.br): no
 * operand segments set some apart (cf.switch's flag). */
static bool passes_all_operands(const buf_op_t *term) {
  return term->num_successors == 1 &&
         !buf_op_has_attr(term, "operandSegmentSizes");
}

/* Appends v to the operands term passes to its successor s. */
static bool append_successor_operand(od_t *d, buf_op_t *term, uint32_t s,
                                     buf_value_t *v) {
  uint32_t n = term->num_operands;
  buf_value_t **ops = buf_arena_alloc(d->arena, (n + 1) * sizeof *ops);
  uint32_t at = n;
  if (is_cond_br(term)) {
    uint32_t len[2];
    uint32_t start0 = buf_op_segment(term, 1, &len[0]);
    buf_op_segment(term, 2, &len[1]);
    at = s == 0 ? start0 + len[0] : n;
    len[s]++;
    int64_t seg[3] = {1, len[0], len[1]};
    buf_op_set_attr(term, "operandSegmentSizes",
                    buf_attr_dense_array(d->ctx, buf_type_i32(d->ctx), 3, seg,
                                         NULL));
  } else if (!passes_all_operands(term)) {
    buf_op_emit_error(term, "ownership-based deallocation: a buffer used in a "
                            "successor of this branch would have to be passed "
                            "as a block argument (only cf.br and cf.cond_br "
                            "are supported)");
    d->failed = true;
    return false;
  }
  for (uint32_t i = 0, j = 0; i <= n; i++) {
    if (i == at)
      ops[i] = v;
    else
      ops[i] = term->operands[j++].value;
  }
  buf_op_set_operands(term, n + 1, ops);
  return true;
}

/* Makes every memref defined in one block of r and used in another one a
 * block argument of each block where it is live-in, passed along every
 * branch into such a block. Ownership then travels with it like with any
 * other block argument (and aliases such as a subview carry their owner's
 * flag), instead of being lost at the end of the defining block. */
static void route_through_block_args(od_t *d, buf_region_t *r,
                                     buf_block_t **blocks, uint32_t nb) {
  bool func_body = buf_block_parent_op(blocks[0]) &&
                   buf_op_has_trait(buf_block_parent_op(blocks[0]),
                                    BUF_TRAIT_FUNCTION);
  bo_vset_t vals = {.arena = d->arena};
  for (uint32_t i = 0; i < nb; i++) {
    buf_block_t *b = blocks[i];
    if (!(i == 0 && func_body))
      for (uint32_t a = 0; a < b->num_args; a++)
        if (is_memref(b->args[a]->type))
          buf__bo_vset_add(&vals, b->args[a]);
    for (buf_op_t *op = b->first; op; op = op->next)
      for (uint32_t k = 0; k < op->num_results; k++)
        if (is_memref(op->results[k].type))
          buf__bo_vset_add(&vals, &op->results[k]);
  }
  bool *live = buf_arena_alloc(d->arena, nb * sizeof *live);
  uint32_t *work = buf_arena_alloc(d->arena, nb * sizeof *work);
  buf_value_t **arg = buf_arena_alloc(d->arena, nb * sizeof *arg);
  for (uint32_t vi = 0; vi < vals.n && !d->failed; vi++) {
    buf_value_t *v = vals.v[vi];
    buf_block_t *db = v->def ? v->def->block : v->block;
    uint32_t nw = 0, nuses = 0;
    for (uint32_t i = 0; i < nb; i++)
      live[i] = false;
    for (buf_use_t *u = v->first_use; u; u = u->next_use, nuses++) {
      uint32_t c = block_index(blocks, nb, block_in_region(u->owner, r));
      if (c < nb && blocks[c] != db && !live[c]) {
        live[c] = true;
        work[nw++] = c;
      }
    }
    if (!nw)
      continue;
    /* Backwards from the using blocks up to the defining one. */
    while (nw) {
      buf_block_t *c = blocks[work[--nw]];
      for (uint32_t p = 0; p < nb; p++) {
        buf_op_t *t = blocks[p]->last;
        if (!t || blocks[p] == db || live[p])
          continue;
        for (uint32_t s = 0; s < t->num_successors; s++)
          if (t->successors[s] == c) {
            live[p] = true;
            work[nw++] = p;
            break;
          }
      }
    }
    buf_use_t **uses = buf_arena_alloc(d->arena, (nuses + 1) * sizeof *uses);
    nuses = 0;
    for (buf_use_t *u = v->first_use; u; u = u->next_use)
      uses[nuses++] = u;
    for (uint32_t i = 0; i < nb; i++)
      arg[i] = live[i] ? buf_block_add_arg(blocks[i], v->type,
                                           v->def ? v->def->loc : v->loc)
                     : NULL;
    for (uint32_t k = 0; k < nuses; k++) {
      uint32_t c = block_index(blocks, nb, block_in_region(uses[k]->owner, r));
      if (c < nb && arg[c])
        buf_op_set_operand(uses[k]->owner, uses[k]->index, arg[c]);
    }
    for (uint32_t p = 0; p < nb && !d->failed; p++) {
      buf_op_t *t = blocks[p]->last;
      if (!t || !(blocks[p] == db || live[p]))
        continue;
      for (uint32_t s = 0; s < t->num_successors && !d->failed; s++) {
        uint32_t c = block_index(blocks, nb, t->successors[s]);
        if (c < nb && live[c])
          append_successor_operand(d, t, s, blocks[p] == db ? v : arg[p]);
      }
    }
  }
}

static void process_region(od_t *d, buf_region_t *r, own_list_t *entry_list) {
  buf_block_t *entry = r->first;
  if (!entry)
    return;
  if (!entry->next) {
    process_block(d, entry, entry_list);
    return;
  }
  /* Several blocks: flags for the memref arguments of non-entry blocks
   * first, so that branches can pass them. */
  uint32_t nb = buf_region_num_blocks(r);
  buf_block_t **blocks = buf_arena_alloc(d->arena, nb * sizeof *blocks);
  uint32_t *orig = buf_arena_alloc(d->arena, nb * sizeof *orig);
  uint32_t i = 0;
  for (buf_block_t *b = entry; b; b = b->next)
    blocks[i++] = b;
  route_through_block_args(d, r, blocks, nb);
  if (d->failed)
    return;
  for (i = 0; i < nb; i++) {
    orig[i] = blocks[i]->num_args;
    if (blocks[i] != entry)
      add_flag_args(d, blocks[i], 0);
  }
  for (i = 0; i < nb && !d->failed; i++) {
    if (blocks[i] == entry) {
      process_block(d, entry, entry_list);
      continue;
    }
    own_list_t l = {0};
    flag_args_list(d, blocks[i], 0, orig[i], &l);
    process_block(d, blocks[i], &l);
  }
}

/* Private functions with a body and memref results (and no per-result
 * attributes to keep in step): the ones whose ownership flags go to their
 * callers. */
static void collect_dynamic_funcs(od_t *d, buf_op_t *module) {
  for (buf_op_t *f = buf_region_entry(module->regions[0])->first; f; f = f->next) {
    buf_attr_t vis = buf_op_attr(f, "sym_visibility");
    buf_attr_t ft = buf_op_attr(f, "function_type");
    if (!buf_op_has_trait(f, BUF_TRAIT_FUNCTION) || f->num_regions == 0 ||
        buf_region_empty(f->regions[0]) || !vis || vis->kind != BUF_ATTR_STRING ||
        strcmp(vis->u.str.data, "private") != 0 || !ft || ft->kind != BUF_ATTR_TYPE ||
        ft->type->kind != BUF_TYPE_FUNCTION || buf_op_has_attr(f, "res_attrs"))
      continue;
    bool memref_result = false;
    for (uint32_t i = 0; i < ft->type->u.func.num_results; i++)
      memref_result |= is_memref(ft->type->u.func.results[i]);
    if (memref_result)
      buf__bo_oplist_push(&d->dynamic_funcs, f);
  }
}

/* Deallocates one function's body (one with no body is left alone). */
static buf_status_t process_function(od_t *d, buf_op_t *f) {
  if (f->num_regions == 0 || buf_region_empty(f->regions[0]))
    return BUF_SUCCESS;
  own_list_t l = {0};
  process_region(d, f->regions[0], &l);
  return d->failed ? BUF_FAILURE : BUF_SUCCESS;
}

/* root is a module (every function in it) or one function, as
 * func.func(buffer-deallocation-pipeline) runs it. On one function the
 * private-function-dynamic-ownership ABI does not apply: it changes callers
 * in other functions, which a function-level run cannot see. */
buf_status_t buf__ownership_dealloc_module(buf_op_t *root, bool private_dynamic,
                                           bool calls_own_base) {
  od_t d = {.ctx = buf_op_ctx(root), .arena = buf_ctx_arena(buf_op_ctx(root)),
            .calls_own_base = calls_own_base};
  d.extended.arena = d.arena;
  d.dynamic_funcs.arena = d.arena;
  d.retyped.arena = d.arena;
  if (buf_op_has_trait(root, BUF_TRAIT_FUNCTION))
    return process_function(&d, root);
  if (root->num_regions == 0 || !buf_region_entry(root->regions[0]))
    return BUF_SUCCESS;
  if (private_dynamic)
    collect_dynamic_funcs(&d, root);
  for (buf_op_t *f = buf_region_entry(root->regions[0])->first; f; f = f->next)
    if (buf_op_has_trait(f, BUF_TRAIT_FUNCTION) &&
        BUF_FAILED(process_function(&d, f)))
      return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* Indices of ownership_options' rows. */
enum ownership_option {
  OWNERSHIP_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP,
  OWNERSHIP_NUM_OPTIONS
};

static buf_status_t ownership_run(buf_op_t *module,
                                  const buf_pass_options_t *options) {
  return buf__ownership_dealloc_module(
      module, buf_pass_option_bool(options, OWNERSHIP_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP),
      false);
}

static const buf_option_spec_t ownership_options[OWNERSHIP_NUM_OPTIONS] = {
    [OWNERSHIP_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP] =
        {"private-function-dynamic-ownership", BUF_OPT_BOOL, "false", NULL,
         "Allows to add additional arguments to private functions to "
         "dynamically pass ownership of memrefs to callees. This can enable "
         "earlier deallocations."},
};

const buf_pass_def_t buf_pass_ownership_based_buffer_deallocation = {
    .name = "ownership-based-buffer-deallocation",
    .summary = "Insert bufferization.dealloc ops so that every buffer is "
               "freed exactly once on every path",
    .anchor = "builtin.module",
    .options = ownership_options,
    .num_options = OWNERSHIP_NUM_OPTIONS,
    .run = ownership_run,
};
