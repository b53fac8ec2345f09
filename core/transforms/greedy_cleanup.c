/*
 * greedy_cleanup.c: what upstream's greedy pattern driver
 * (applyPatternsGreedily) does to every op it visits besides applying the
 * pass's patterns, so a pattern pass built on it (linalg-generalize-named-
 * ops) prints what mlir-opt prints:
 *
 *   - constants are uniqued and hoisted: walking the IR in post-order, each
 *     CONSTANT op is replaced by an earlier constant of the same op, value
 *     and type in the same insertion region (the region of the nearest
 *     ISOLATED_FROM_ABOVE ancestor, e.g. the function body), or else moved
 *     to the front of that region's entry block unless it already sits in
 *     the run of hoisted constants there (upstream's OperationFolder, which
 *     reverses constants that were apart);
 *   - trivially dead ops go: an op with results, none used, and no memory
 *     effects (PURE with pure nested ops; an op whose effects are on its
 *     buffer operands, e.g. a linalg op, with none and a pure body; a fresh
 *     memref.alloc / alloca), then the defs that die with it.
 *
 *   - the operands of a COMMUTATIVE op that constants define move after the
 *     others (upstream's fold of the commutative trait);
 *   - blocks that no path from their region's entry reaches are erased
 *     (upstream's region simplification; --canonicalize asks for it).
 *
 * The other folds of upstream's driver (arith on constants, the ops' own
 * folders ...) are not run.
 * Everything lives in the context arena. Each step is linear in the ops
 * under root (a model's forward function is tens of thousands): op marks
 * live in op->print_slot (the printer's scratch, zeroed by the walk that
 * collects the ops first) and constants are found by a hash table.
 */
#include "buf/linalg.h"
#include "bufopt_internal.h"

/* The region constants of op's block hoist into: the body of the nearest
 * isolated-from-above ancestor. */
static buf_region_t *insertion_region(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  while (parent && !buf_op_has_trait(parent, BUF_TRAIT_ISOLATED_FROM_ABOVE))
    parent = buf_op_parent(parent);
  return parent && parent->num_regions ? parent->regions[0] : NULL;
}

/* Marks in op->print_slot, set only on ops the walk of the same step
 * zeroed. */
enum {
  MARK_OWNED = 1,      /* a constant kept: the one its value's uses go to */
  MARK_OUTER_DEF = 2,  /* in the list of defs that may die with an op */
  MARK_DYING = 4,      /* queued to be erased */
};

static buf_walk_result_t collect_constant(buf_op_t *op, void *user) {
  op->print_slot = 0;
  if (buf_op_has_trait(op, BUF_TRAIT_CONSTANT) && op->num_results == 1)
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* The constants kept so far, by op, value, type and insertion region. */
typedef struct owned_entry {
  buf_op_t *op;
  buf_region_t *region;
} owned_entry_t;

typedef struct owned_table {
  owned_entry_t *slots;
  uint64_t mask;
} owned_table_t;

static uint64_t owned_hash(const buf_op_t *op, buf_attr_t value, const buf_region_t *region) {
  const void *key[4] = {op->def, value, op->results[0].type, region};
  return buf_hash_bytes(BUF_HASH_SEED, key, sizeof key);
}

/* The kept constant equal to op in region, or (when none) the free slot it
 * would take. */
static owned_entry_t *owned_slot(owned_table_t *t, buf_op_t *op, buf_attr_t value,
                                 buf_region_t *region) {
  for (uint64_t i = owned_hash(op, value, region);; i++) {
    owned_entry_t *e = &t->slots[i & t->mask];
    if (!e->op)
      return e;
    buf_op_t *c = e->op;
    if (c->def == op->def && buf_op_attr(c, "value") == value &&
        c->results[0].type == op->results[0].type && e->region == region)
      return e;
  }
}

static void unique_and_hoist_constants(buf_op_t *root) {
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(root));
  bo_oplist_t all = {.arena = arena};
  buf_op_walk(root, BUF_WALK_POST, collect_constant, &all);
  owned_table_t owned = {.mask = 15};
  while (owned.mask + 1 < 2 * (uint64_t)all.n)
    owned.mask = owned.mask * 2 + 1;
  owned.slots = buf_arena_alloc(arena, (owned.mask + 1) * sizeof *owned.slots);
  memset(owned.slots, 0, (owned.mask + 1) * sizeof *owned.slots);
  for (uint32_t i = 0; i < all.n; i++) {
    buf_op_t *op = all.ops[i];
    buf_region_t *region = insertion_region(op);
    buf_block_t *entry = region ? buf_region_entry(region) : NULL;
    if (!entry)
      continue;
    owned_entry_t *e = owned_slot(&owned, op, buf_op_attr(op, "value"), region);
    if (e->op) {
      buf_value_t *r = buf_op_result(e->op, 0);
      buf_op_replace(op, &r);
      continue;
    }
    bool in_place = op->block == entry &&
                    (entry->first == op || (op->prev && (op->prev->print_slot & MARK_OWNED)));
    if (!in_place)
      buf_op_move_before(op, entry->first);
    *e = (owned_entry_t){op, region};
    op->print_slot |= MARK_OWNED;
  }
}

/* True when op has no memory effects, its nested ops included. */
static bool effect_free(buf_op_t *op);

bool buf__op_effect_free(buf_op_t *op) {
  return effect_free(op);
}

static bool regions_effect_free(buf_op_t *op) {
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
      for (buf_op_t *x = b->first; x; x = x->next)
        if (!buf_op_has_trait(x, BUF_TRAIT_TERMINATOR) && !effect_free(x))
          return false;
  return true;
}

static bool effect_free(buf_op_t *op) {
  buf_linalg_info_t info;
  if (buf_op_has_trait(op, BUF_TRAIT_PURE))
    return regions_effect_free(op);
  /* Ops whose effects are on their buffer operands (a structured op,
   * linalg.softmax, materialize_in_destination ...) have none on tensors. */
  if (!op->def->operand_effect && !buf_linalg_get_info(op, &info))
    return false;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    if (t->kind == BUF_TYPE_MEMREF || t->kind == BUF_TYPE_UNRANKED_MEMREF)
      return false;
  }
  return regions_effect_free(op);
}

static bool trivially_dead(buf_op_t *op) {
  if (op->num_results == 0 || buf_op_has_trait(op, BUF_TRAIT_TERMINATOR))
    return false;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf_value_has_uses(&op->results[i]))
      return false;
  /* Allocating a buffer nobody uses is no effect either (upstream's
   * Allocate effect on the op's own result). */
  return effect_free(op) || buf__bo_is_fresh_alloc(op, BUF_ALLOC_HEAP) ||
         buf__bo_is_fresh_alloc(op, BUF_ALLOC_STACK);
}

static buf_walk_result_t collect_candidate(buf_op_t *op, void *user) {
  op->print_slot = 0;
  buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

typedef struct operand_defs {
  buf_op_t *x;       /* the op about to be erased */
  bo_oplist_t list;  /* defs outside x of operands of x and its nested ops */
} operand_defs_t;

static buf_walk_result_t collect_outer_defs(buf_op_t *op, void *user) {
  operand_defs_t *d = user;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_op_t *def = op->operands[i].value->def;
    if (def && !(def->print_slot & MARK_OUTER_DEF) && !buf_op_is_ancestor(d->x, def)) {
      def->print_slot |= MARK_OUTER_DEF;
      buf__bo_oplist_push(&d->list, def);
    }
  }
  return BUF_WALK_ADVANCE;
}

/* Erases the dead ops of the list, then the defs that die with them. Ops
 * die from the back of the list (uses before defs); an entry erased
 * already, or nested in an op erased already, no longer has root as an
 * ancestor (an erased op is detached; its memory stays in the arena). */
static void erase_trivially_dead(buf_op_t *root) {
  bo_oplist_t work = {.arena = buf_ctx_arena(buf_op_ctx(root))};
  buf_op_walk(root, BUF_WALK_POST, collect_candidate, &work);
  for (uint32_t i = work.n; i-- > 0;) {
    buf_op_t *op = work.ops[i];
    if (!buf_op_is_ancestor(root, op) || !trivially_dead(op))
      continue;
    bo_oplist_t dying = {.arena = work.arena};
    buf__bo_oplist_push(&dying, op);
    op->print_slot |= MARK_DYING;
    while (dying.n) {
      buf_op_t *x = dying.ops[--dying.n];
      /* The defs of the operands of x and of the ops nested in it, which
       * may die with it (a constant hoisted out of its body). */
      operand_defs_t defs = {.x = x, .list = {.arena = work.arena}};
      buf_op_walk(x, BUF_WALK_PRE, collect_outer_defs, &defs);
      buf_op_erase(x);
      for (uint32_t k = 0; k < defs.list.n; k++) {
        buf_op_t *d = defs.list.ops[k];
        d->print_slot &= ~(uint32_t)MARK_OUTER_DEF;
        if (!(d->print_slot & MARK_DYING) && trivially_dead(d)) {
          d->print_slot |= MARK_DYING;
          buf__bo_oplist_push(&dying, d);
        }
      }
    }
  }
}

static bool is_constant_value(buf_value_t *v) {
  return v->def && buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT);
}

/* Moves the constant operands of a commutative op after the others,
 * keeping each group's order. */
static buf_walk_result_t sort_commutative(buf_op_t *op, void *user) {
  (void)user;
  uint32_t n = op->num_operands;
  if (!buf_op_has_trait(op, BUF_TRAIT_COMMUTATIVE) || n < 2 || n > 8)
    return BUF_WALK_ADVANCE;
  buf_value_t *vs[8];
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!is_constant_value(buf_op_operand(op, i)))
      vs[k++] = buf_op_operand(op, i);
  for (uint32_t i = 0; i < n; i++)
    if (is_constant_value(buf_op_operand(op, i)))
      vs[k++] = buf_op_operand(op, i);
  for (uint32_t i = 0; i < n; i++)
    if (vs[i] != buf_op_operand(op, i))
      buf_op_set_operand(op, i, vs[i]);
  return BUF_WALK_ADVANCE;
}

void buf__greedy_cleanup_constants(buf_op_t *root) {
  unique_and_hoist_constants(root);
}

void buf__greedy_cleanup_dead(buf_op_t *root) {
  erase_trivially_dead(root);
  buf_op_walk(root, BUF_WALK_POST, sort_commutative, NULL);
}

/* Drops the operands of op and of everything nested in it, so that ops of
 * unreachable blocks using each other's results can go in any order. */
static buf_walk_result_t drop_operands(buf_op_t *op, void *user) {
  (void)user;
  buf_op_set_operands(op, 0, NULL);
  return BUF_WALK_ADVANCE;
}

/* Marks (in print_slot, scratch outside a print) the blocks of r that a
 * path from the entry reaches; returns how many blocks r has. */
static uint32_t mark_reachable(buf_region_t *r, buf_arena_t *arena) {
  uint32_t n = 0;
  for (buf_block_t *b = r->first; b; b = b->next, n++)
    b->print_slot = 0;
  buf_block_t **stack = buf_arena_alloc(arena, (n + 1) * sizeof *stack);
  uint32_t top = 0;
  r->first->print_slot = 1;
  stack[top++] = r->first;
  while (top) {
    buf_op_t *t = buf_block_terminator(stack[--top]);
    for (uint32_t i = 0; t && i < t->num_successors; i++) {
      buf_block_t *s = t->successors[i];
      if (!s->print_slot) {
        s->print_slot = 1;
        stack[top++] = s;
      }
    }
  }
  return n;
}

static bool erase_unreachable_in(buf_region_t *r, buf_arena_t *arena) {
  if (!r->first || !r->first->next || mark_reachable(r, arena) < 2)
    return false;
  bool erased = false;
  for (buf_block_t *b = r->first; b; b = b->next)
    if (!b->print_slot)
      for (buf_op_t *x = b->first; x; x = x->next)
        buf_op_walk(x, BUF_WALK_PRE, drop_operands, NULL);
  for (buf_block_t *b = r->first, *bn; b; b = bn) {
    bn = b->next;
    if (b->print_slot)
      continue;
    /* later ops first: an op's results may still be used by ops after it
     * only through operands already dropped */
    while (b->last)
      buf_op_erase(b->last);
    buf_region_remove_block(r, b);
    erased = true;
  }
  return erased;
}

static buf_walk_result_t erase_unreachable_visit(buf_op_t *op, void *user) {
  bool *erased = user;
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(op));
  for (uint32_t i = 0; i < op->num_regions; i++)
    *erased |= erase_unreachable_in(op->regions[i], arena);
  return BUF_WALK_ADVANCE;
}

bool buf__greedy_cleanup_unreachable_blocks(buf_op_t *root) {
  bool erased = false;
  buf_op_walk(root, BUF_WALK_POST, erase_unreachable_visit, &erased);
  return erased;
}
