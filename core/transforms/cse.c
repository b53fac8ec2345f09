/*
 * cse.c: --cse, common-subexpression elimination of side-effect-free ops,
 * as upstream's CSE pass does it: an op without memory effects is replaced
 * by an earlier op that computes the same thing and dominates it.
 *
 * Which ops: at least one result, not a terminator, no fresh allocation
 * (BUF_TRAIT_ALLOC), and either PURE or METADATA_ONLY (a buffer's sizes
 * and strides never change, so memref.dim of the same buffer and index is
 * the same value); ops with regions when every region has at most one
 * block and nothing in them has an effect (a linalg.fill on tensors), as
 * upstream's CSE takes them. "The same thing" is the same op definition,
 * the same operands (in any order for COMMUTATIVE ops), the same attribute
 * dictionary and the same result types, and regions that compute the same
 * way (op for op, each operand the same outside value or the matching
 * value inside); types and attributes are interned, so each is one pointer
 * comparison. Ops with regions are tried after their regions were.
 * Ops with an effect on a buffer operand (buf_op_operand_effect: a
 * memref.load, a bufferization.to_tensor) are never merged: a write
 * between the two could change what the second reads.
 *
 * Dominance: the walk keeps a scoped hash table. The ops of a block see the
 * earlier ops of their block, of the entry block of their region (which
 * dominates the region's other blocks) and of the blocks enclosing their
 * region's op, up to the nearest ISOLATED_FROM_ABOVE op (a function sees
 * nothing outside itself). Graph regions (a module's body) have no
 * dominance: their own ops are not merged, only those nested deeper.
 * Unused candidates are erased on the way, as upstream's CSE does.
 *
 * The table is chained: a bucket's newest entry is its head, so leaving a
 * scope pops entries in the reverse order of their insertion from the heads
 * of their buckets. Everything lives in the context arena.
 */
#include "bufopt_internal.h"
#include "buf/pipeline.h"

typedef struct cse_entry {
  buf_op_t *op;
  uint64_t hash;
  uint32_t position;        /* index in the insertion log */
  struct cse_entry *next;   /* older entry of the same bucket */
} cse_entry_t;

typedef struct cse_table {
  cse_entry_t **buckets;
  uint32_t mask;            /* buckets - 1 (a power of two minus one) */
  cse_entry_t **log;        /* live entries in insertion order */
  uint32_t log_n, log_cap;
  uint32_t floor;           /* entries below this position are invisible
                             * (outside the nearest isolated op) */
  buf_arena_t *arena;
  uint32_t erased;          /* ops merged into an earlier one */
} cse_table_t;

/* An op with regions of at most one block each, nothing in them with an
 * effect. */
static bool is_region_candidate(buf_op_t *op) {
  for (uint32_t r = 0; r < op->num_regions; r++)
    if (op->regions[r]->first && op->regions[r]->first->next)
      return false;
  return op->num_results && !op->num_successors &&
         !buf_op_has_trait(op, BUF_TRAIT_TERMINATOR | BUF_TRAIT_ALLOC) &&
         buf__op_effect_free(op);
}

static bool is_candidate(const buf_op_t *op) {
  if (op->num_regions || !op->num_results || op->num_successors ||
      buf_op_has_trait(op, BUF_TRAIT_TERMINATOR | BUF_TRAIT_ALLOC) ||
      !buf_op_has_trait(op, BUF_TRAIT_PURE | BUF_TRAIT_METADATA_ONLY))
    return false;
  /* An op that reads elements (bufferization.to_tensor, PURE on tensors
   * but reading its buffer operand) may see a write in between. */
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_op_operand_effect(op, i) != BUF_EFFECT_NONE)
      return false;
  return true;
}

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

/* Commutative ops hash their operands in any order (a sum), so that
 * a + b meets b + a; the others in order. */
static uint64_t op_hash(const buf_op_t *op) {
  uint64_t h = mix((uintptr_t)op->def, (uintptr_t)op->attrs);
  bool commutative = buf_op_has_trait(op, BUF_TRAIT_COMMUTATIVE);
  uint64_t sum = 0;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    uint64_t v = mix(0, (uintptr_t)op->operands[i].value);
    if (commutative)
      sum += v;
    else
      h = mix(h, v);
  }
  h = mix(h, sum);
  for (uint32_t i = 0; i < op->num_results; i++)
    h = mix(h, (uintptr_t)op->results[i].type);
  return h;
}

/* The operands of a and b are the same values, counted with multiplicity,
 * in whatever order (a matched operand of b is not matched twice). */
static bool same_operands_any_order(const buf_op_t *a, const buf_op_t *b) {
  uint32_t n = a->num_operands;
  if (n > 64)
    return false;
  bool used[64] = {false};
  for (uint32_t i = 0; i < n; i++) {
    uint32_t j = 0;
    while (j < n && (used[j] || b->operands[j].value != a->operands[i].value))
      j++;
    if (j == n)
      return false;
    used[j] = true;
  }
  return true;
}

/* Values defined inside the regions of the two ops compared, paired: a
 * value of the first op's regions and the one of the second's in its
 * place. */
#define MAX_PAIRED 256
typedef struct value_pairs {
  buf_value_t *a[MAX_PAIRED], *b[MAX_PAIRED];
  uint32_t n;
} value_pairs_t;

static bool pair(value_pairs_t *m, buf_value_t *a, buf_value_t *b) {
  if (m->n == MAX_PAIRED || a->type != b->type)
    return false;
  m->a[m->n] = a;
  m->b[m->n++] = b;
  return true;
}

/* a and b, operands at the same place: the paired values, or one value
 * defined outside both ops. */
static bool same_operand(const value_pairs_t *m, buf_value_t *a,
                         buf_value_t *b) {
  for (uint32_t i = m->n; i-- > 0;)
    if (m->a[i] == a)
      return m->b[i] == b;
  return a == b;
}

static bool same_regions(value_pairs_t *m, const buf_op_t *a,
                         const buf_op_t *b);

/* a and b, ops nested in the regions compared, do the same thing. */
static bool same_nested_op(value_pairs_t *m, const buf_op_t *a,
                           const buf_op_t *b) {
  if (a->def != b->def || a->attrs != b->attrs ||
      a->num_operands != b->num_operands ||
      a->num_results != b->num_results ||
      a->num_successors || b->num_successors)
    return false;
  for (uint32_t i = 0; i < a->num_operands; i++)
    if (!same_operand(m, a->operands[i].value, b->operands[i].value))
      return false;
  if (!same_regions(m, a, b))
    return false;
  for (uint32_t i = 0; i < a->num_results; i++)
    if (!pair(m, &a->results[i], &b->results[i]))
      return false;
  return true;
}

static bool same_regions(value_pairs_t *m, const buf_op_t *a,
                         const buf_op_t *b) {
  if (a->num_regions != b->num_regions)
    return false;
  for (uint32_t r = 0; r < a->num_regions; r++) {
    buf_block_t *ba = a->regions[r]->first, *bb = b->regions[r]->first;
    if (!ba || !bb) {
      if (ba != bb)
        return false;
      continue;
    }
    if (ba->next || bb->next || ba->num_args != bb->num_args)
      return false;
    for (uint32_t i = 0; i < ba->num_args; i++)
      if (!pair(m, ba->args[i], bb->args[i]))
        return false;
    buf_op_t *x = ba->first, *y = bb->first;
    for (; x && y; x = x->next, y = y->next)
      if (!same_nested_op(m, x, y))
        return false;
    if (x || y)
      return false;
  }
  return true;
}

static bool same_computation(const buf_op_t *a, const buf_op_t *b) {
  if (a->def != b->def || a->attrs != b->attrs ||
      a->num_operands != b->num_operands || a->num_results != b->num_results ||
      a->num_regions != b->num_regions)
    return false;
  if (buf_op_has_trait(a, BUF_TRAIT_COMMUTATIVE)) {
    if (!same_operands_any_order(a, b))
      return false;
  } else {
    for (uint32_t i = 0; i < a->num_operands; i++)
      if (a->operands[i].value != b->operands[i].value)
        return false;
  }
  for (uint32_t i = 0; i < a->num_results; i++)
    if (a->results[i].type != b->results[i].type)
      return false;
  if (!a->num_regions)
    return true;
  value_pairs_t m = {.n = 0};
  return same_regions(&m, a, b);
}

static buf_op_t *lookup(const cse_table_t *t, const buf_op_t *op,
                        uint64_t h) {
  for (cse_entry_t *e = t->buckets[h & t->mask]; e; e = e->next)
    if (e->position >= t->floor && e->hash == h &&
        same_computation(e->op, op))
      return e->op;
  return NULL;
}

static void insert(cse_table_t *t, buf_op_t *op, uint64_t h) {
  if (t->log_n == t->log_cap) {
    uint32_t cap = t->log_cap ? 2 * t->log_cap : 64;
    cse_entry_t **log = buf_arena_alloc(t->arena, cap * sizeof *log);
    if (t->log_n)
      memcpy(log, t->log, t->log_n * sizeof *log);
    t->log = log;
    t->log_cap = cap;
  }
  cse_entry_t *e = buf_arena_alloc(t->arena, sizeof *e);
  cse_entry_t **bucket = &t->buckets[h & t->mask];
  *e = (cse_entry_t){.op = op, .hash = h, .position = t->log_n,
                     .next = *bucket};
  *bucket = e;
  t->log[t->log_n++] = e;
}

/* Leaves a scope: forgets the entries made since the log held mark. */
static void pop_to(cse_table_t *t, uint32_t mark) {
  while (t->log_n > mark) {
    cse_entry_t *e = t->log[--t->log_n];
    t->buckets[e->hash & t->mask] = e->next;
  }
}

static void cse_region(cse_table_t *t, buf_region_t *region, bool graph);

static void cse_block(cse_table_t *t, buf_block_t *block, bool graph) {
  buf_op_t *next;
  for (buf_op_t *op = block->first; op; op = next) {
    next = op->next;
    if (op->num_regions) {
      bool isolated = buf_op_has_trait(op, BUF_TRAIT_ISOLATED_FROM_ABOVE);
      bool nested_graph = buf_op_has_trait(op, BUF_TRAIT_GRAPH_REGION);
      uint32_t saved_floor = t->floor;
      if (isolated)
        t->floor = t->log_n;
      for (uint32_t r = 0; r < op->num_regions; r++)
        cse_region(t, op->regions[r], nested_graph);
      t->floor = saved_floor;
      if (graph || !is_region_candidate(op))
        continue;
    } else if (graph || !is_candidate(op)) {
      continue;
    }
    /* an unused op without effects goes (upstream's CSE erases trivially
     * dead ops as it meets them) */
    bool used = false;
    for (uint32_t i = 0; i < op->num_results && !used; i++)
      used = buf_value_has_uses(&op->results[i]);
    if (!used) {
      buf_op_erase(op);
      t->erased++;
      continue;
    }
    uint64_t h = op_hash(op);
    buf_op_t *same = lookup(t, op, h);
    if (!same) {
      insert(t, op, h);
      continue;
    }
    buf_value_t *vs[op->num_results];
    for (uint32_t i = 0; i < op->num_results; i++)
      vs[i] = buf_op_result(same, i);
    buf_op_replace(op, vs);
    t->erased++;
  }
}

/* The entry block's entries stay visible in the region's other blocks,
 * which it dominates; each other block's own entries end with it. */
static void cse_region(cse_table_t *t, buf_region_t *region, bool graph) {
  uint32_t outer = t->log_n;
  buf_block_t *entry = region->first;
  if (!entry)
    return;
  cse_block(t, entry, graph);
  uint32_t after_entry = t->log_n;
  for (buf_block_t *b = entry->next; b; b = b->next) {
    cse_block(t, b, graph);
    pop_to(t, after_entry);
  }
  pop_to(t, outer);
}

static buf_walk_result_t count_visit(buf_op_t *op, void *user) {
  (void)op;
  ++*(uint32_t *)user;
  return BUF_WALK_ADVANCE;
}

/* Merges the redundant ops under root; returns how many went. */
uint32_t buf__cse(buf_op_t *root) {
  uint32_t n = 0, buckets = 64;
  buf_op_walk(root, BUF_WALK_PRE, count_visit, &n);
  while (buckets < n && buckets < (1u << 20))
    buckets <<= 1;
  cse_table_t t = {.arena = buf_ctx_arena(buf_op_ctx(root)),
                   .mask = buckets - 1};
  t.buckets = buf_arena_alloc(t.arena, buckets * sizeof *t.buckets);
  memset(t.buckets, 0, buckets * sizeof *t.buckets);
  bool graph = buf_op_has_trait(root, BUF_TRAIT_GRAPH_REGION);
  for (uint32_t r = 0; r < root->num_regions; r++)
    cse_region(&t, root->regions[r], graph);
  return t.erased;
}

static buf_status_t cse_run(buf_op_t *root, const buf_pass_options_t *options) {
  (void)options;
  buf__cse(root);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_cse = {
    .name = "cse",
    .summary = "Eliminate common sub-expressions",
    .class_name = "CSE",
    .anchor = "any",
    .run = cse_run,
};
