/*
 * buffer_hoisting.c: --buffer-hoisting. Moves allocations to where they
 * are allocated once for all their uses, as upstream's pass does:
 *
 *   - out of scf.if/index_switch/execute_region regions (ops that run a
 *     region at most once), to right before that op. The engine is
 *     buf__bo_hoist_allocs (bufopt_util.c): an alloc leaves a region op
 *     only when its dynamic sizes are defined outside it, never leaves a
 *     function, scf.forall or a linalg body, and is left alone when any
 *     alias is freed explicitly.
 *   - in a region of several blocks (cf branches), up to the nearest block
 *     that dominates every block where the buffer or an alias of it (a
 *     block argument it is passed as) is defined or used, and every block
 *     that defines one of its sizes; it goes right before that block's
 *     terminator. An alloc some alias of which is freed explicitly stays
 *     (allocating on more paths would leak on those the free is not on).
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

typedef struct block_list {
  buf_block_t **b;
  uint32_t n, cap;
  buf_arena_t *arena;
} block_list_t;

static bool block_list_has(const block_list_t *l, const buf_block_t *b) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->b[i] == b)
      return true;
  return false;
}

static void block_list_add(block_list_t *l, buf_block_t *b) {
  if (block_list_has(l, b))
    return;
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? 2 * l->cap : 8;
    l->b = buf_arena_grow(l->arena, l->b, l->n, cap, sizeof *l->b);
    l->cap = cap;
  }
  l->b[l->n++] = b;
}

/* Can `to` be reached from the region's entry without entering `avoid`? */
static bool reachable_avoiding(buf_block_t *entry, buf_block_t *to,
                               buf_block_t *avoid, buf_arena_t *arena) {
  if (entry == avoid)
    return false;
  block_list_t seen = {.arena = arena};
  block_list_add(&seen, entry);
  for (uint32_t i = 0; i < seen.n; i++) {
    if (seen.b[i] == to)
      return true;
    buf_op_t *t = seen.b[i]->last;
    for (uint32_t s = 0; t && s < t->num_successors; s++)
      if (t->successors[s] && t->successors[s] != avoid)
        block_list_add(&seen, t->successors[s]);
  }
  return false;
}

/* Does a dominate b (same region)? */
static bool dominates(buf_block_t *a, buf_block_t *b, buf_arena_t *arena) {
  buf_block_t *entry = a->region->first;
  return a == b || a == entry ||
         (b != entry && !reachable_avoiding(entry, b, a, arena));
}

/* The block of region r that holds op (or its ancestor in r), or NULL. */
static buf_block_t *block_in(buf_op_t *op, buf_region_t *r) {
  for (; op; op = buf_op_parent(op))
    if (op->block && op->block->region == r)
      return op->block;
  return NULL;
}

/* The block of region r where v is defined, or NULL when outside r. */
static buf_block_t *def_block_in(buf_value_t *v, buf_region_t *r) {
  if (!v->def)
    return v->block && v->block->region == r
               ? v->block
               : (v->block && v->block->region ? block_in(v->block->region->op, r)
                                               : NULL);
  return block_in(v->def, r);
}

static void hoist_in_block_graph(buf_op_t *alloc, buf_arena_t *arena) {
  buf_block_t *home = alloc->block;
  buf_region_t *r = home->region;
  if (!r || !r->first || !r->first->next || home == r->first)
    return;
  bo_vset_t aliases = {.arena = arena};
  buf__bo_alias_closure(&alloc->results[0], true, &aliases, NULL);
  block_list_t need = {.arena = arena}; /* blocks the target must dominate */
  block_list_t after = {.arena = arena}; /* blocks that must dominate it */
  for (uint32_t a = 0; a < aliases.n; a++) {
    buf_value_t *v = aliases.v[a];
    buf_block_t *db = def_block_in(v, r);
    if (db)
      block_list_add(&need, db);
    for (buf_use_t *u = v->first_use; u; u = u->next_use) {
      if (buf_op_has_trait(u->owner, BUF_TRAIT_FREE))
        return;
      buf_block_t *ub = block_in(u->owner, r);
      if (ub)
        block_list_add(&need, ub);
    }
  }
  for (uint32_t i = 0; i < alloc->num_operands; i++) {
    buf_block_t *db = def_block_in(alloc->operands[i].value, r);
    if (db)
      block_list_add(&after, db);
  }
  /* The nearest block that dominates home and every block in need (home
   * itself when it does): the one all other such blocks dominate. */
  buf_block_t *best = NULL;
  for (buf_block_t *x = r->first; x; x = x->next) {
    if (!dominates(x, home, arena) || !x->last)
      continue;
    bool ok = true;
    for (uint32_t i = 0; i < need.n && ok; i++)
      ok = dominates(x, need.b[i], arena);
    if (ok && (!best || dominates(best, x, arena)))
      best = x;
  }
  /* The sizes must be defined there already. */
  for (uint32_t i = 0; best && i < after.n; i++)
    if (!dominates(after.b[i], best, arena))
      best = NULL;
  if (best && best != home)
    buf_op_move_before(alloc, best->last);
}

static buf_walk_result_t collect_allocs(buf_op_t *op, void *user) {
  if (buf__bo_is_fresh_alloc(op, BUF_ALLOC_HEAP))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static buf_status_t buffer_hoisting_run(buf_op_t *func, const buf_pass_options_t *options) {
  (void)options;
  buf__bo_hoist_allocs(func, false);
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(func));
  bo_oplist_t l = {.arena = arena};
  buf_op_walk(func, BUF_WALK_PRE, collect_allocs, &l);
  for (uint32_t i = 0; i < l.n; i++)
    hoist_in_block_graph(l.ops[i], arena);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_buffer_hoisting = {
    .name = "buffer-hoisting",
    .summary = "Move allocations to the nearest block and region where one "
               "allocation serves all their uses",
    .anchor = "func.func",
    .run = buffer_hoisting_run,
};
