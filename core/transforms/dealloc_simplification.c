/*
 * dealloc_simplification.c: --buffer-deallocation-simplification, shrinks
 * bufferization.dealloc ops using what is known statically.
 *
 *   - A memref whose condition is the constant false is dropped.
 *   - With a single retained value r, a memref in r's allocation (r
 *     itself, the base buffer extracted from r, a buffer r is a view of,
 *     the init of a loop that yields r's iteration argument unchanged) is
 *     never freed by the op: it is dropped and its condition is or-ed into
 *     the result. So a returned view of a fresh allocation, or a loop's
 *     result that is its init, keeps no run-time ownership check.
 *   - Conditions are read through loops that carry them unchanged.
 *   - Only in buffer-deallocation-pipeline (upstream's pass alone keeps
 *     them in the op): a fresh buffer (a heap allocation: memref.alloc,
 *     realloc, bufferization.clone; or a call result) defined in the
 *     dealloc's block, with the constant true
 *     condition, none of whose possible aliases is retained or deallocated
 *     by the same op, leaves the op: a memref.dealloc is placed right after
 *     the last op of the block that uses the buffer or any possible alias
 *     (uses nested in regions count at their ancestor in the block). When
 *     an alias is used in another block the buffer stays in the op.
 *   - A dealloc left with no memrefs is erased; its results become false.
 *
 * Whether two memrefs of one dealloc may alias is read from the values
 * their buffers may come from (leaves_t below), walking into the iteration
 * arguments of loops, so that two loop-carried buffers with disjoint
 * origins split into deallocs of their own (upstream's buffer origin
 * analysis gives it the same). Aliases of the early frees come from
 * buf__bo_alias_closure, which over-approximates, so the early dealloc is
 * never before a use. Runs on bufferization.dealloc ops
 * from any producer (the semantics, not the producer, justify each step).
 */
#include <string.h>

#include "buf/pipeline.h"
#include "bufopt_internal.h"

/* The buffer v is the base of, when v is the base buffer an op reads from
 * another one's descriptor (memref.extract_strided_metadata's result 0,
 * which the ownership pass frees in place of a view); else NULL. */
static buf_value_t *base_source(const buf_value_t *v) {
  buf_op_t *def = v->def;
  return def && v->index == 0 && def->num_operands >= 1 &&
                 buf_op_has_trait(def, BUF_TRAIT_METADATA_ONLY) &&
                 buf_type_is_memref(v->type)
             ? def->operands[0].value
             : NULL;
}

/* The init of loop result v when every iteration yields the iteration
 * argument back unchanged (scf.for's iter_args(%x = %init) ... yield %x):
 * the result is then the init itself, whatever the trip count; else NULL.
 * Only loops whose definition says where inits and block arguments start
 * (forward_first / forward_arg) and with a single body block qualify. */
static buf_value_t *unchanged_loop_init(const buf_value_t *v) {
  buf_op_t *loop = v->def;
  if (!loop || !buf_op_has_trait(loop, BUF_TRAIT_LOOP) ||
      loop->num_regions != 1 || !loop->def->forward_first)
    return NULL;
  uint32_t i = v->index, ff = loop->def->forward_first,
           fa = loop->def->forward_arg;
  buf_block_t *body = buf_region_entry(loop->regions[0]);
  if (!body || body->next || ff + i >= loop->num_operands ||
      fa + i >= body->num_args || !body->last)
    return NULL;
  buf_op_t *t = body->last;
  uint32_t tf = buf_op_has_trait(t, BUF_TRAIT_FORWARDS) ? t->def->forward_first
                                                        : 0;
  if (tf + i >= t->num_operands ||
      t->operands[tf + i].value != body->args[fa + i])
    return NULL;
  return loop->operands[ff + i].value;
}

/* The value whose allocation v certainly is: through views (a view is in
 * its source's allocation), the base buffer read from a descriptor, and
 * loop results equal to their inits. Two values with one root are one
 * allocation, so freeing one frees the other. */
static buf_value_t *allocation_root(buf_value_t *v) {
  for (uint32_t depth = 0; depth < 64; depth++) {
    buf_value_t *s = base_source(v);
    if (!s && v->def && buf_op_has_trait(v->def, BUF_TRAIT_VIEW))
      s = buf_op_view_source(v->def);
    if (!s)
      s = unchanged_loop_init(v);
    if (!s)
      return v;
    v = s;
  }
  return v;
}

/* A condition known to be the constant `value`, looking through loop
 * results equal to their inits (an ownership flag a loop carries
 * unchanged). */
static bool cond_is_const(buf_value_t *c, bool value) {
  for (uint32_t depth = 0; c && depth < 64; depth++) {
    if (buf__bo_value_is_const_i1(c, value))
      return true;
    c = unchanged_loop_init(c);
  }
  return false;
}

/* A use that exists only to feed deallocs (the base extraction that the
 * ownership pass emits for them) does not keep a buffer alive. */
static bool is_dealloc_only_use(const buf_op_t *user) {
  if (buf__bo_is_bufferization_dealloc(user))
    return true;
  if (user->num_results == 0 || !base_source(&user->results[0]))
    return false;
  for (buf_use_t *u = user->results[0].first_use; u; u = u->next_use)
    if (!buf__bo_is_bufferization_dealloc(u->owner))
      return false;
  for (uint32_t i = 1; i < user->num_results; i++)
    if (user->results[i].first_use)
      return false;
  return true;
}

/* Tries to free m early; returns true when it placed a memref.dealloc. */
static bool free_early(buf_ctx_t *ctx, buf_op_t *dealloc, uint32_t mi,
                       uint32_t nm, uint32_t nr, uint32_t sm, uint32_t sr) {
  buf_value_t *m = dealloc->operands[sm + mi].value;
  buf_block_t *blk = dealloc->block;
  /* The base of a call result (which may be a view) frees with it: the
   * extraction moves along, when it only feeds this dealloc. */
  buf_value_t *fresh = m;
  buf_op_t *extract = NULL;
  if (base_source(m) && base_source(m)->def &&
      buf_op_has_trait(base_source(m)->def, BUF_TRAIT_CALL) &&
      is_dealloc_only_use(m->def) && m->def->block == blk) {
    extract = m->def;
    fresh = base_source(m);
  }
  if (!fresh->def || fresh->def->block != blk)
    return false;
  /* A heap allocation, or a call (calls return owned buffers). */
  if (buf_op_alloc_kind(fresh->def) != BUF_ALLOC_HEAP &&
      !buf_op_has_trait(fresh->def, BUF_TRAIT_CALL))
    return false;
  bo_vset_t aliases = {.arena = buf_ctx_arena(ctx)};
  buf__bo_alias_closure(fresh, false, &aliases, NULL);
  for (uint32_t j = 0; j < nr; j++)
    if (buf__bo_vset_has(&aliases, dealloc->operands[sr + j].value))
      return false;
  for (uint32_t k = 0; k < nm; k++)
    if (k != mi && buf__bo_vset_has(&aliases, dealloc->operands[sm + k].value))
      return false;
  buf_op_t *last = fresh->def;
  for (uint32_t a = 0; a < aliases.n; a++) {
    for (buf_use_t *u = aliases.v[a]->first_use; u; u = u->next_use) {
      if (u->owner == dealloc || is_dealloc_only_use(u->owner))
        continue;
      buf_op_t *anc = buf__bo_ancestor_in_block(u->owner, blk);
      if (!anc)
        return false;
      if (buf_op_is_before_in_block(last, anc))
        last = anc;
    }
    /* An alias defined in another block (a block argument) may be used
     * there too; the closure has its uses, checked above. */
  }
  if (!buf_op_is_before_in_block(last, dealloc))
    return false;
  if (extract && extract != last) {
    buf_op_move_before(extract, last);
    buf_op_move_before(last, extract); /* now right after last */
  }
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_after(&b, extract ? extract : last);
  b.loc = dealloc->loc;
  buf_build(&b, "memref.dealloc", NULL, 1, &m, NULL);
  return true;
}

/* ------------------------------------------------------------------------ */
/* May two buffers alias?                                                    */
/* ------------------------------------------------------------------------ */

/* The values a buffer may come from, walking back through views, base
 * extraction, loops that hand their init back, the iteration arguments of
 * single-block loops (their init or what the body yields back), and pure
 * ops that take buffers and give one (an arith.select: any of them). The
 * walk stops at fresh allocations, other block arguments, calls, ops with
 * regions, ops that touch memory and anything without buffer operands. */
typedef struct {
  buf_value_t *v[32];
  uint32_t n;
  buf_value_t *iter_args[8]; /* iteration arguments already walked */
  uint32_t niter_args;
  bool through_iter_args; /* walk iteration arguments (else: leaves) */
  bool overflow; /* too many: treat as "may be anything" */
} leaves_t;

static void leaves_add(leaves_t *l, buf_value_t *v, uint32_t depth);

/* A result of a loop or of an op that runs one of its regions is its init
 * (loops: operand forward_first + i) or what a terminator of its regions
 * hands on as value i: adds the sources of all of them and returns true;
 * false for other values. scf.while's yield hands on to the other region
 * rather than to the results; adding it too only over-approximates. */
static bool region_result_leaves(leaves_t *l, buf_value_t *v, uint32_t depth) {
  buf_op_t *op = v->def;
  if (!op || op->num_regions == 0 ||
      !buf_op_has_trait(op, BUF_TRAIT_LOOP | BUF_TRAIT_REGION_BRANCH))
    return false;
  uint32_t i = v->index;
  if (buf_op_has_trait(op, BUF_TRAIT_LOOP)) {
    uint32_t ff = op->def->forward_first;
    if (!ff || ff + i >= op->num_operands)
      return false;
    leaves_add(l, op->operands[ff + i].value, depth + 1);
  }
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
      buf_op_t *t = b->last;
      if (!t || !buf_op_has_trait(t, BUF_TRAIT_FORWARDS))
        return l->overflow = true;
      uint32_t tf = t->def->forward_first;
      if (tf + i >= t->num_operands)
        return l->overflow = true;
      leaves_add(l, t->operands[tf + i].value, depth + 1);
    }
  return true;
}

/* An iteration argument of a loop with a single body block (scf.for) holds
 * in each iteration either the loop's init or what the previous iteration
 * yielded back: adds the sources of both and returns true; false for other
 * values. An argument met again on the walk (a body that yields a view of
 * it) adds nothing new. */
static bool iter_arg_leaves(leaves_t *l, buf_value_t *v, uint32_t depth) {
  buf_block_t *body = v->def ? NULL : v->block;
  buf_op_t *loop = body && body->region ? body->region->op : NULL;
  if (!l->through_iter_args || !loop || !buf_op_has_trait(loop, BUF_TRAIT_LOOP) ||
      loop->num_regions != 1 || !loop->def->forward_first ||
      body != loop->regions[0]->first || body->next || v->index < loop->def->forward_arg)
    return false;
  uint32_t i = v->index - loop->def->forward_arg, ff = loop->def->forward_first;
  buf_op_t *t = body->last;
  if (ff + i >= loop->num_operands || !t || !buf_op_has_trait(t, BUF_TRAIT_FORWARDS) ||
      t->def->forward_first + i >= t->num_operands)
    return false;
  for (uint32_t k = 0; k < l->niter_args; k++)
    if (l->iter_args[k] == v)
      return true;
  if (l->niter_args == 8) {
    l->overflow = true;
    return true;
  }
  l->iter_args[l->niter_args++] = v;
  leaves_add(l, loop->operands[ff + i].value, depth + 1);
  leaves_add(l, t->operands[t->def->forward_first + i].value, depth + 1);
  return true;
}

static void leaves_add(leaves_t *l, buf_value_t *v, uint32_t depth) {
  if (depth > 32 || l->overflow) {
    l->overflow = true;
    return;
  }
  buf_value_t *s = base_source(v);
  if (!s && v->def && buf_op_has_trait(v->def, BUF_TRAIT_VIEW))
    s = buf_op_view_source(v->def);
  if (!s)
    s = unchanged_loop_init(v);
  if (s) {
    leaves_add(l, s, depth + 1);
    return;
  }
  if (region_result_leaves(l, v, depth) || iter_arg_leaves(l, v, depth))
    return;
  /* Only pure ops pass an operand on: one that reads memory (a load from
   * a memref of memrefs) may produce any buffer. */
  buf_op_t *d = v->def;
  if (d && buf_op_has_trait(d, BUF_TRAIT_PURE) &&
      buf_op_alloc_kind(d) == BUF_ALLOC_NONE && d->num_regions == 0 &&
      !buf_op_has_trait(d, BUF_TRAIT_CALL)) {
    bool any = false;
    for (uint32_t k = 0; k < d->num_operands; k++)
      if (buf_type_is_memref(d->operands[k].value->type)) {
        any = true;
        leaves_add(l, d->operands[k].value, depth + 1);
      }
    if (any)
      return;
  }
  for (uint32_t i = 0; i < l->n; i++)
    if (l->v[i] == v)
      return;
  if (l->n == 32) {
    l->overflow = true;
    return;
  }
  l->v[l->n++] = v;
}

/* A buffer the op itself allocates: a new one each time it runs. */
static bool is_fresh(const buf_value_t *v) {
  if (!v->def)
    return false;
  buf_alloc_kind_t k = buf_op_alloc_kind(v->def);
  return k == BUF_ALLOC_HEAP || k == BUF_ALLOC_STACK;
}

/* Does y hold its buffer before op x runs (y's definition comes first in
 * x's block or an enclosing one)? Such a y cannot be the buffer x then
 * allocates. */
static bool defined_before(const buf_value_t *y, buf_op_t *x) {
  buf_block_t *b = y->def ? y->def->block : y->block;
  buf_op_t *anc = b ? buf__bo_ancestor_in_block(x, b) : NULL;
  if (!anc)
    return false;
  return !y->def || (y->def != anc && buf_op_is_before_in_block(y->def, anc));
}

static bool leaves_may_alias(buf_value_t *x, buf_value_t *y) {
  if (x == y)
    return true;
  bool fx = is_fresh(x), fy = is_fresh(y);
  if (fx && fy)
    return false; /* two allocations */
  if (fx)
    return !defined_before(y, x->def);
  if (fy)
    return !defined_before(x, y->def);
  return true; /* arguments, call results, ...: anything */
}

/* False only when the buffers whose sources are la and lb are certainly
 * different: every pair of sources is two allocations, or an allocation
 * and a buffer that existed before it (a function argument, say). */
static bool leaves_sets_may_alias(const leaves_t *la, const leaves_t *lb) {
  if (la->overflow || lb->overflow)
    return true;
  for (uint32_t i = 0; i < la->n; i++)
    for (uint32_t j = 0; j < lb->n; j++)
      if (leaves_may_alias(la->v[i], lb->v[j]))
        return true;
  return false;
}

static bool must_alias(buf_value_t *a, buf_value_t *b) {
  return a == b || allocation_root(a) == allocation_root(b);
}

/* ------------------------------------------------------------------------ */
/* Rewriting one dealloc                                                     */
/* ------------------------------------------------------------------------ */

/* The constant false of the enclosing function's entry block (made at its
 * start when missing), where mlir-opt's folder puts constants. */
static buf_value_t *entry_false(buf_ctx_t *ctx, buf_op_t *op) {
  buf_op_t *scope = op;
  while (buf_op_parent(scope) &&
         !buf_op_has_trait(scope, BUF_TRAIT_ISOLATED_FROM_ABOVE))
    scope = buf_op_parent(scope);
  buf_block_t *entry = scope != op && scope->num_regions
                           ? buf_region_entry(scope->regions[0]) : NULL;
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  if (entry) {
    for (buf_op_t *o = entry->first; o && o->num_results == 1; o = o->next)
      if (buf__bo_value_is_const_i1(&o->results[0], false))
        return &o->results[0];
    buf_builder_set_block_start(&b, entry);
  } else {
    buf_builder_set_before(&b, op);
  }
  b.loc = op->loc;
  return buf_op_result(buf_build(&b, "arith.constant", buf_type_i1(ctx), 0,
                                 NULL, "value", buf_attr_bool(ctx, false),
                                 NULL),
                       0);
}

/* acc | term, skipping constant false terms; a constant true wins. */
static buf_value_t *or_into(buf_builder_t *b, buf_value_t *acc,
                            buf_value_t *term) {
  buf_ctx_t *ctx = b->ctx;
  if (!term || buf__bo_value_is_const_i1(term, false))
    return acc;
  if (!acc || buf__bo_value_is_const_i1(term, true))
    return term;
  if (buf__bo_value_is_const_i1(acc, true))
    return acc;
  return buf_op_result(buf_build(b, "arith.ori", buf_type_i1(ctx), 2,
                                 (buf_value_t *[]){acc, term}, NULL),
                       0);
}

/* One bufferization.dealloc being rewritten: where its operand segments
 * start, and per memref and per retained value (in that order) the sources
 * it may come from, computed once: the pairwise questions below are asked
 * for every pair, and a network's final dealloc lists every buffer it made. */
typedef struct {
  buf_op_t *op;
  uint32_t nm, nr, sm, sc, sr;
  /* Two views of the sources: leaves stops at iteration arguments, which
   * exist before any allocation in the body runs (so they are never its
   * current buffer); deep walks through them to the inits and the yielded
   * values (so two iteration arguments with disjoint origins never alias).
   * Each over-approximates; a pair aliases only when both say so. */
  leaves_t *leaves, *deep;
} dealloc_info_t;

static buf_value_t *memref_at(const dealloc_info_t *d, uint32_t i) {
  return d->op->operands[d->sm + i].value;
}

static buf_value_t *retained_at(const dealloc_info_t *d, uint32_t j) {
  return d->op->operands[d->sr + j].value;
}

/* May memrefs i and k alias? */
static bool memrefs_may_alias(const dealloc_info_t *d, uint32_t i, uint32_t k) {
  return memref_at(d, i) == memref_at(d, k) ||
         (leaves_sets_may_alias(&d->leaves[i], &d->leaves[k]) &&
          leaves_sets_may_alias(&d->deep[i], &d->deep[k]));
}

/* May memref i alias retained value j? */
static bool retained_may_alias(const dealloc_info_t *d, uint32_t i,
                               uint32_t j) {
  return memref_at(d, i) == retained_at(d, j) ||
         (leaves_sets_may_alias(&d->leaves[i], &d->leaves[d->nm + j]) &&
          leaves_sets_may_alias(&d->deep[i], &d->deep[d->nm + j]));
}

/* A new dealloc of the memrefs `pick` selects, retaining those of the old
 * op's retained values that may alias one of them (the others cannot be
 * affected, so their updated ownership from this op is false). Writes the
 * new op's result for each old retained index into res (NULL where not
 * retained). Returns NULL when no memref is picked. */
static buf_op_t *build_dealloc(buf_builder_t *b, const dealloc_info_t *d,
                               const bool *pick, buf_value_t *const *cond,
                               buf_value_t **res) {
  buf_ctx_t *ctx = b->ctx;
  uint32_t nm = d->nm, nr = d->nr, k = 0, kr = 0;
  bool *keep_r = buf_arena_alloc(buf_ctx_arena(ctx), nr + 1);
  for (uint32_t i = 0; i < nm; i++)
    k += pick[i];
  for (uint32_t j = 0; j < nr; j++) {
    res[j] = NULL;
    keep_r[j] = false;
    for (uint32_t i = 0; i < nm && !keep_r[j]; i++)
      keep_r[j] = pick[i] && retained_may_alias(d, i, j);
    kr += keep_r[j];
  }
  if (k == 0)
    return NULL;
  buf_op_state_t st;
  buf_state_init(&st, ctx, "bufferization.dealloc", d->op->loc);
  for (uint32_t i = 0; i < nm; i++)
    if (pick[i])
      buf_state_add_operand(&st, memref_at(d, i));
  for (uint32_t i = 0; i < nm; i++)
    if (pick[i])
      buf_state_add_operand(&st, cond[i]);
  for (uint32_t j = 0; j < nr; j++)
    if (keep_r[j]) {
      buf_state_add_operand(&st, retained_at(d, j));
      buf_state_add_result(&st, buf_type_i1(ctx));
    }
  int64_t seg[3] = {k, k, kr};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, seg, NULL));
  buf_op_t *n = buf_builder_insert(b, &st);
  for (uint32_t j = 0, r = 0; j < nr; j++)
    if (keep_r[j])
      res[j] = &n->results[r++];
  return n;
}

/* An allocation nothing uses any more (it was only retained or freed by
 * the dealloc just rewritten) goes, as mlir-opt's rewriter erases it. */
static void erase_if_dead(buf_value_t *v) {
  buf_op_t *d = v->def;
  if (!d || !is_fresh(v) || d->num_operands || d->num_regions)
    return;
  for (uint32_t i = 0; i < d->num_results; i++)
    if (d->results[i].first_use)
      return;
  buf_op_erase(d);
}

static void simplify_one(buf_ctx_t *ctx, buf_op_t *op, bool early_frees) {
  buf_arena_t *arena = buf_ctx_arena(ctx);
  dealloc_info_t d = {.op = op};
  uint32_t nc;
  d.sm = buf_op_segment(op, 0, &d.nm);
  d.sc = buf_op_segment(op, 1, &nc);
  d.sr = buf_op_segment(op, 2, &d.nr);
  uint32_t nm = d.nm, nr = d.nr, sc = d.sc;
  if (nm != nc)
    return;
  d.leaves = buf_arena_alloc(arena, (nm + nr + 1) * sizeof *d.leaves);
  d.deep = buf_arena_alloc(arena, (nm + nr + 1) * sizeof *d.deep);
  for (uint32_t i = 0; i < nm + nr; i++) {
    buf_value_t *v = i < nm ? memref_at(&d, i) : retained_at(&d, i - nm);
    d.leaves[i] = (leaves_t){0};
    leaves_add(&d.leaves[i], v, 0);
    d.deep[i] = (leaves_t){.through_iter_args = true};
    leaves_add(&d.deep[i], v, 0);
  }
  bool *drop = buf_arena_alloc(arena, nm + 1);
  bool *forced = buf_arena_alloc(arena, nr + 1);
  /* or_in[i * nr + j]: memref i's condition passes to retained value j */
  bool *or_in = buf_arena_alloc(arena, (size_t)nm * nr + 1);
  memset(drop, 0, nm + 1);
  memset(forced, 0, nr + 1);
  memset(or_in, 0, (size_t)nm * nr + 1);
  bool changed = false;
  for (uint32_t i = 0; i < nm; i++)
    if (cond_is_const(op->operands[sc + i].value, false))
      drop[i] = changed = true;
  /* A memref listed twice is freed once, under either condition. */
  buf_value_t **cond = buf_arena_alloc(arena, (nm + 1) * sizeof *cond);
  buf_builder_t pre;
  buf_builder_init(&pre, ctx);
  buf_builder_set_before(&pre, op);
  pre.loc = op->loc;
  for (uint32_t i = 0; i < nm; i++) {
    cond[i] = op->operands[sc + i].value;
    for (uint32_t k = 0; k < i && !drop[i]; k++)
      if (!drop[k] && memref_at(&d, k) == memref_at(&d, i)) {
        if (cond[k] != cond[i])
          cond[k] = or_into(&pre, cond[k], cond[i]);
        drop[i] = changed = true;
      }
  }
  /* A retained value some memref with a constant true condition must alias
   * is owned afterwards whatever else happens: its result is true. */
  buf_value_t **forced_by = buf_arena_alloc(arena, (nr + 1) * sizeof *forced_by);
  for (uint32_t j = 0; j < nr; j++) {
    forced_by[j] = NULL;
    for (uint32_t i = 0; i < nm && !forced[j]; i++)
      if (!drop[i] && buf__bo_value_is_const_i1(op->operands[sc + i].value, true) &&
          must_alias(memref_at(&d, i), retained_at(&d, j))) {
        forced[j] = true;
        forced_by[j] = op->operands[sc + i].value;
      }
  }
  /* A memref in a retained value's allocation is never freed here: it
   * leaves, and its condition passes on to the results of the retained
   * values it must alias, provided every other retained value it may
   * alias is owned anyway. */
  for (uint32_t i = 0; i < nm; i++) {
    if (drop[i])
      continue;
    buf_value_t *m = memref_at(&d, i);
    bool some = false, ok = true;
    for (uint32_t j = 0; j < nr && ok; j++) {
      if (must_alias(m, retained_at(&d, j)))
        some = true;
      else if (!forced[j] && retained_may_alias(&d, i, j))
        ok = false;
    }
    if (some && ok) {
      drop[i] = changed = true;
      for (uint32_t j = 0; j < nr; j++)
        or_in[(size_t)i * nr + j] = must_alias(m, retained_at(&d, j));
    } else if (early_frees &&
               buf__bo_value_is_const_i1(op->operands[sc + i].value, true) &&
               free_early(ctx, op, i, nm, nr, d.sm, d.sr)) {
      drop[i] = changed = true;
    }
  }
  /* Memrefs no other kept memref may alias get deallocs of their own; a
   * retained value none of an op's memrefs may alias leaves that op. */
  bool *alone = buf_arena_alloc(arena, nm + 1);
  bool *rest = buf_arena_alloc(arena, nm + 1);
  uint32_t kept = 0, nalone = 0;
  for (uint32_t i = 0; i < nm; i++)
    kept += !drop[i];
  for (uint32_t i = 0; i < nm; i++) {
    alone[i] = rest[i] = false;
    if (drop[i])
      continue;
    alone[i] = kept > 1;
    for (uint32_t k = 0; k < nm && alone[i]; k++)
      if (k != i && !drop[k] && memrefs_may_alias(&d, i, k))
        alone[i] = false;
    rest[i] = !alone[i];
    nalone += alone[i];
  }
  for (uint32_t j = 0; j < nr && !changed; j++) {
    bool any = false;
    for (uint32_t i = 0; i < nm && !any; i++)
      any = !drop[i] && retained_may_alias(&d, i, j);
    changed = !any || forced[j];
  }
  if (!changed && nalone == 0)
    return;
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_value_t **res = buf_arena_alloc(arena, (nr + 1) * sizeof *res);
  buf_value_t **acc = buf_arena_alloc(arena, (nr + 1) * sizeof *acc);
  for (uint32_t j = 0; j < nr; j++)
    acc[j] = NULL;
  /* each alone memref, in order, then the rest (mlir-opt's order) */
  bool *pick = buf_arena_alloc(arena, nm + 1);
  memset(pick, 0, nm + 1);
  for (uint32_t i = 0; i < nm; i++) {
    if (!alone[i])
      continue;
    pick[i] = true;
    if (build_dealloc(&b, &d, pick, cond, res))
      for (uint32_t j = 0; j < nr; j++)
        acc[j] = or_into(&b, acc[j], res[j]);
    pick[i] = false;
  }
  buf_value_t **first = buf_arena_alloc(arena, (nr + 1) * sizeof *first);
  for (uint32_t j = 0; j < nr; j++)
    first[j] = NULL;
  build_dealloc(&b, &d, rest, cond, first);
  /* the rest's results first, as mlir-opt or-s them */
  for (uint32_t j = 0; j < nr; j++) {
    buf_value_t *r = first[j];
    r = or_into(&b, r, acc[j]);
    for (uint32_t i = 0; i < nm; i++)
      if (or_in[(size_t)i * nr + j])
        r = or_into(&b, r, cond[i]);
    if (forced[j])
      r = forced_by[j];
    if (!r)
      r = entry_false(ctx, op);
    buf_value_replace_all_uses(&op->results[j], r);
  }
  buf_value_t **operands = buf_arena_alloc(arena, (op->num_operands + 1) * sizeof *operands);
  uint32_t no = op->num_operands;
  for (uint32_t k = 0; k < no; k++)
    operands[k] = op->operands[k].value;
  buf_op_erase(op);
  for (uint32_t k = 0; k < no; k++) {
    bool seen = false;
    for (uint32_t q = 0; q < k && !seen; q++)
      seen = operands[q] == operands[k];
    if (!seen)
      erase_if_dead(operands[k]);
  }
}

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  if (buf__bo_is_bufferization_dealloc(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* Removes extract_strided_metadata ops left without uses (the bases of
 * memrefs dropped from deallocs). */
static buf_walk_result_t drop_dead_meta(buf_op_t *op, void *user) {
  (void)user;
  if (op->num_results == 0 || !base_source(&op->results[0]))
    return BUF_WALK_ADVANCE;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (op->results[i].first_use)
      return BUF_WALK_ADVANCE;
  buf_op_erase(op);
  return BUF_WALK_ADVANCE;
}

/* Simplifies every bufferization.dealloc under root; early_frees also
 * moves fresh buffers with a constant true condition out into a
 * memref.dealloc after their last use (the pipeline's extra step). */
buf_status_t buf__dealloc_simplify(buf_op_t *root, bool early_frees) {
  buf_ctx_t *ctx = buf_op_ctx(root);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(root, BUF_WALK_POST, collect, &l);
  for (uint32_t i = 0; i < l.n; i++)
    simplify_one(ctx, l.ops[i], early_frees);
  buf_op_walk(root, BUF_WALK_POST, drop_dead_meta, NULL);
  return BUF_SUCCESS;
}

/* Upstream runs the simplifications as a greedy pattern rewrite, whose
 * driver also uniques constants at the top of their region and erases
 * trivially dead ops; the pass alone does the same, so its output lines
 * up with mlir-opt's (the constants a dealloc needs come first). The pass
 * alone leaves a fresh buffer with a constant true condition in its
 * dealloc, as upstream's does (its tests and later passes expect the
 * dealloc there); buffer-deallocation-pipeline frees it right after its
 * last use instead. */
static buf_status_t simplify_run(buf_op_t *module,
                                 const buf_pass_options_t *options) {
  (void)options;
  if (BUF_FAILED(buf__dealloc_simplify(module, false)))
    return BUF_FAILURE;
  buf__greedy_cleanup_constants(module);
  buf__greedy_cleanup_dead(module);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_buffer_deallocation_simplification = {
    .name = "buffer-deallocation-simplification",
    .summary = "Drop statically known memrefs from bufferization.dealloc "
               "ops",
    .anchor = "any",
    .run = simplify_run,
};

/* buffer-deallocation-pipeline: the three passes in order, then the clone
 * folding of upstream's canonicalizer (dealloc_cleanup.c), as one pass so
 * that the name is accepted wherever a pass name is (mlir-opt registers it
 * as a pipeline; the effect is the same). */
/* Indices of pipeline_options' rows. */
enum pipeline_option {
  PIPELINE_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP,
  PIPELINE_NUM_OPTIONS
};

/* root is the module, or one function under func.func(...), where the
 * lowering refuses what needs upstream's library function. */
static buf_status_t pipeline_run(buf_op_t *root,
                                 const buf_pass_options_t *options) {
  bool dynamic = buf_pass_option_bool(options, PIPELINE_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP);
  if (BUF_FAILED(buf__ownership_dealloc_module(root, dynamic, true)) ||
      BUF_FAILED(buf__dealloc_simplify(root, true)) ||
      BUF_FAILED(buf__lower_deallocs(root)))
    return BUF_FAILURE;
  return buf__dealloc_cleanup(root);
}

static const buf_option_spec_t pipeline_options[PIPELINE_NUM_OPTIONS] = {
    [PIPELINE_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP] =
        {"private-function-dynamic-ownership", BUF_OPT_BOOL, "false", NULL,
         "Allows to add additional results to private functions to return "
         "ownership of returned memrefs to callers. This can avoid spurious "
         "buffer clones in the callee."},
};

const buf_pass_def_t buf_pass_buffer_deallocation_pipeline = {
    .name = "buffer-deallocation-pipeline",
    .is_pipeline = true,
    .summary = "ownership-based-buffer-deallocation, "
               "buffer-deallocation-simplification and "
               "bufferization-lower-deallocations in order",
    .anchor = "any",
    .options = pipeline_options,
    .num_options = PIPELINE_NUM_OPTIONS,
    .run = pipeline_run,
};
