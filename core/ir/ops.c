/*
 * ops.c: ops, values and use lists, blocks, regions, op states, builders,
 * symbol lookup and operand segments.
 *
 * Invariants kept here:
 *   - every non-NULL operand use is linked into its value's use list
 *     (doubly linked through prev_next, so unlinking is O(1));
 *   - op->block / block->region / region->op parent links agree with the
 *     sibling lists;
 *   - op->order is a strictly increasing numbering of a block's ops whenever
 *     block->order_valid is set; inserts keep it valid when there is a gap
 *     and otherwise clear the flag so the next query renumbers (amortized
 *     linear);
 *   - ops and blocks are allocated behind a hidden header holding their
 *     context, so no API needs a context argument beyond creation.
 */
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include "ir_internal.h"

#define ORDER_STRIDE 16u

/* ---- contexts of ops and blocks ------------------------------------------- */

buf_ctx_t *buf_op_ctx(const buf_op_t *op) {
  const buf__op_box_t *box =
      (const buf__op_box_t *)((const char *)op - offsetof(buf__op_box_t, op));
  return box->ctx;
}

buf_ctx_t *buf__block_ctx(const buf_block_t *b) {
  const buf__block_box_t *box = (const buf__block_box_t *)(
      (const char *)b - offsetof(buf__block_box_t, block));
  return box->ctx;
}

/* ---- use lists ------------------------------------------------------------ */

static void use_link(buf_use_t *u, buf_value_t *v) {
  u->value = v;
  if (!v) {
    u->next_use = NULL;
    u->prev_next = NULL;
    return;
  }
  u->next_use = v->first_use;
  if (v->first_use) v->first_use->prev_next = &u->next_use;
  u->prev_next = &v->first_use;
  v->first_use = u;
}

static void use_unlink(buf_use_t *u) {
  if (u->value && u->prev_next) {
    *u->prev_next = u->next_use;
    if (u->next_use) u->next_use->prev_next = u->prev_next;
  }
  u->value = NULL;
  u->next_use = NULL;
  u->prev_next = NULL;
}

/* ---- op states ------------------------------------------------------------- */

/* Grows an arena array to hold one more element (doubling). */
buf_arena_t *buf_ctx_scratch(buf_ctx_t *ctx) { return &ctx->states; }

void buf_ctx_scratch_hold(buf_ctx_t *ctx) { ctx->live_states++; }

/* When the last holder lets go, everything in the scratch is garbage. */
void buf_ctx_scratch_release(buf_ctx_t *ctx) {
  if (ctx->live_states && --ctx->live_states == 0)
    buf_arena_reset(&ctx->states);
}

static void *grow1(buf_ctx_t *ctx, void *arr, uint32_t n, uint32_t *cap,
                   size_t elem) {
  if (n < *cap) return arr;
  uint32_t nc = *cap ? *cap * 2 : 4;
  void *p = buf_arena_grow(&ctx->states, arr, n, nc, elem);
  *cap = nc;
  return p;
}

void buf_state_init(buf_op_state_t *st, buf_ctx_t *ctx, const char *name,
                    buf_loc_t loc) {
  memset(st, 0, sizeof *st);
  st->ctx = ctx;
  st->name = buf_ident_cstr(ctx, name);
  st->loc = loc;
  buf_ctx_scratch_hold(ctx);
}

void buf_state_add_operand(buf_op_state_t *st, buf_value_t *v) {
  st->operands = grow1(st->ctx, st->operands, st->num_operands,
                       &st->cap_operands, sizeof *st->operands);
  st->operands[st->num_operands++] = v;
}

void buf_state_add_operands(buf_op_state_t *st, uint32_t n,
                            buf_value_t *const *vs) {
  for (uint32_t i = 0; i < n; i++) buf_state_add_operand(st, vs[i]);
}

void buf_state_add_result(buf_op_state_t *st, buf_type_t t) {
  st->result_types = grow1(st->ctx, st->result_types, st->num_results,
                           &st->cap_results, sizeof *st->result_types);
  st->result_types[st->num_results++] = t;
}

void buf_state_add_results(buf_op_state_t *st, uint32_t n,
                           const buf_type_t *ts) {
  for (uint32_t i = 0; i < n; i++) buf_state_add_result(st, ts[i]);
}

void buf_state_set_attr(buf_op_state_t *st, const char *name, buf_attr_t a) {
  buf_ident_t id = buf_ident_cstr(st->ctx, name);
  for (uint32_t i = 0; i < st->num_attrs; i++) {
    if (st->attrs[i].name == id) {
      if (a) {
        st->attrs[i].value = a;
      } else {
        memmove(&st->attrs[i], &st->attrs[i + 1],
                (st->num_attrs - i - 1) * sizeof *st->attrs);
        st->num_attrs--;
      }
      return;
    }
  }
  if (!a) return;
  st->attrs = grow1(st->ctx, st->attrs, st->num_attrs, &st->cap_attrs,
                    sizeof *st->attrs);
  st->attrs[st->num_attrs].name = id;
  st->attrs[st->num_attrs].value = a;
  st->num_attrs++;
}

buf_attr_t buf_state_get_attr(const buf_op_state_t *st, const char *name) {
  for (uint32_t i = 0; i < st->num_attrs; i++)
    if (strcmp(st->attrs[i].name, name) == 0) return st->attrs[i].value;
  return NULL;
}

buf_region_t *buf_state_add_region(buf_op_state_t *st) {
  buf_region_t *r = buf_arena_alloc(&st->ctx->arena, sizeof *r);
  st->regions = grow1(st->ctx, st->regions, st->num_regions, &st->cap_regions,
                      sizeof *st->regions);
  st->regions[st->num_regions++] = r;
  return r;
}

void buf_state_add_successor(buf_op_state_t *st, buf_block_t *b) {
  st->successors = grow1(st->ctx, st->successors, st->num_successors,
                         &st->cap_successors, sizeof *st->successors);
  st->successors[st->num_successors++] = b;
}

/* ---- op creation ------------------------------------------------------------ */

/* Creates a detached op from st: def lookup, operand uses, results, adopted
 * regions, successors and the attribute dictionary. */
buf_op_t *buf_op_create(const buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf__op_box_t *box = buf_arena_alloc(&ctx->arena, sizeof *box);
  box->ctx = ctx;
  buf_op_t *op = &box->op;
  buf_ident_t name = st->name ? st->name : buf_ident_cstr(ctx, "");
  op->def = buf__ctx_opdef(ctx, name);
  op->name = op->def->name;
  op->loc = st->loc;
  op->num_operands = st->num_operands;
  if (st->num_operands) {
    op->operands =
        buf_arena_alloc(&ctx->arena, st->num_operands * sizeof *op->operands);
    for (uint32_t i = 0; i < st->num_operands; i++) {
      op->operands[i].owner = op;
      op->operands[i].index = i;
      use_link(&op->operands[i], st->operands[i]);
    }
  }
  op->num_results = st->num_results;
  if (st->num_results) {
    op->results =
        buf_arena_alloc(&ctx->arena, st->num_results * sizeof *op->results);
    for (uint32_t i = 0; i < st->num_results; i++) {
      op->results[i].type = st->result_types[i];
      op->results[i].def = op;
      op->results[i].index = i;
      op->results[i].loc = st->loc;
    }
  }
  op->num_regions = st->num_regions;
  if (st->num_regions) {
    op->regions =
        buf_arena_alloc(&ctx->arena, st->num_regions * sizeof *op->regions);
    for (uint32_t i = 0; i < st->num_regions; i++) {
      buf_region_t *r = st->regions[i];
      if (!r) r = buf_arena_alloc(&ctx->arena, sizeof *r);
      r->op = op;
      op->regions[i] = r;
    }
  }
  op->num_successors = st->num_successors;
  if (st->num_successors) {
    op->successors = buf_arena_alloc(&ctx->arena,
                                     st->num_successors * sizeof *op->successors);
    memcpy(op->successors, st->successors,
           st->num_successors * sizeof *op->successors);
  }
  op->attrs = buf_attr_dict(ctx, st->num_attrs, st->attrs);
  buf_ctx_scratch_release(ctx); /* st is consumed */
  if (op->def->fill_defaults)
    op->def->fill_defaults(op);
  return op;
}

/* ---- accessors ----------------------------------------------------------------- */

buf_value_t *buf_op_operand(const buf_op_t *op, uint32_t i) {
  return i < op->num_operands ? op->operands[i].value : NULL;
}

buf_value_t *buf_op_result(buf_op_t *op, uint32_t i) {
  return i < op->num_results ? &op->results[i] : NULL;
}

buf_region_t *buf_op_region(const buf_op_t *op, uint32_t i) {
  return i < op->num_regions ? op->regions[i] : NULL;
}

buf_attr_t buf_op_attr(const buf_op_t *op, const char *name) {
  return buf_attr_dict_get(op->attrs, name);
}

bool buf_op_has_attr(const buf_op_t *op, const char *name) {
  return buf_attr_dict_get(op->attrs, name) != NULL;
}

/* Rebuilds the dictionary with name set to value (removed when NULL). */
void buf_op_set_attr(buf_op_t *op, const char *name, buf_attr_t value) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_ident_t id = buf_ident_cstr(ctx, name);
  uint32_t n = op->attrs->u.dict.n;
  buf_named_attr_t *es = buf_arena_alloc(&ctx->arena, (n + 1) * sizeof *es);
  uint32_t m = 0;
  bool done = false;
  for (uint32_t i = 0; i < n; i++) {
    buf_named_attr_t e = op->attrs->u.dict.entries[i];
    if (e.name == id) {
      done = true;
      if (!value) continue;
      e.value = value;
    }
    es[m++] = e;
  }
  if (!done && value) {
    es[m].name = id;
    es[m].value = value;
    m++;
  }
  op->attrs = buf_attr_dict(ctx, m, es);
}

buf_op_t *buf_op_parent(const buf_op_t *op) {
  if (!op->block || !op->block->region) return NULL;
  return op->block->region->op;
}

buf_op_t *buf_op_ancestor_named(buf_op_t *op, const char *name) {
  for (buf_op_t *o = op; o; o = buf_op_parent(o))
    if (strcmp(o->name, name) == 0) return o;
  return NULL;
}

bool buf_op_has_trait(const buf_op_t *op, uint32_t trait) {
  return (op->def->traits & trait) != 0;
}

/* ---- operand mutation --------------------------------------------------------- */

void buf_op_set_operand(buf_op_t *op, uint32_t i, buf_value_t *v) {
  assert(i < op->num_operands);
  buf_use_t *u = &op->operands[i];
  if (u->value == v) return;
  use_unlink(u);
  use_link(u, v);
}

/* Replaces the operand list; the use array is reused when it is big
 * enough. */
void buf_op_set_operands(buf_op_t *op, uint32_t n, buf_value_t *const *vs) {
  for (uint32_t i = 0; i < op->num_operands; i++) use_unlink(&op->operands[i]);
  if (n > op->num_operands)
    op->operands =
        buf_arena_alloc(&buf_op_ctx(op)->arena, n * sizeof *op->operands);
  op->num_operands = n;
  for (uint32_t i = 0; i < n; i++) {
    op->operands[i].owner = op;
    op->operands[i].index = i;
    use_link(&op->operands[i], vs[i]);
  }
}

void buf_op_erase_operand(buf_op_t *op, uint32_t i) {
  assert(i < op->num_operands);
  use_unlink(&op->operands[i]);
  for (uint32_t j = i + 1; j < op->num_operands; j++) {
    buf_value_t *v = op->operands[j].value;
    use_unlink(&op->operands[j]);
    op->operands[j - 1].index = j - 1;
    use_link(&op->operands[j - 1], v);
  }
  op->num_operands--;
}

void buf_op_set_successor(buf_op_t *op, uint32_t i, buf_block_t *b) {
  assert(i < op->num_successors);
  op->successors[i] = b;
}

/* ---- values --------------------------------------------------------------------- */

bool buf_value_has_uses(const buf_value_t *v) { return v->first_use != NULL; }

bool buf_value_has_one_use(const buf_value_t *v) {
  return v->first_use && !v->first_use->next_use;
}

uint32_t buf_value_num_uses(const buf_value_t *v) {
  uint32_t n = 0;
  for (buf_use_t *u = v->first_use; u; u = u->next_use) n++;
  return n;
}

void buf_value_replace_all_uses(buf_value_t *from, buf_value_t *to) {
  if (from == to) return;
  while (from->first_use) {
    buf_use_t *u = from->first_use;
    use_unlink(u);
    use_link(u, to);
  }
}

/* Replaces the uses for which replace(use, user) returns true (MLIR's
 * replaceUsesWithIf). */
void buf_value_replace_uses_if(buf_value_t *from, buf_value_t *to,
                               bool (*replace)(buf_use_t *use, void *user),
                               void *user) {
  if (from == to) return;
  buf_use_t *u = from->first_use;
  while (u) {
    buf_use_t *next = u->next_use;
    if (replace(u, user)) {
      use_unlink(u);
      use_link(u, to);
    }
    u = next;
  }
}

void buf_value_set_type(buf_value_t *v, buf_type_t t) { v->type = t; }

buf_block_t *buf_value_parent_block(const buf_value_t *v) {
  return v->def ? v->def->block : v->block;
}

/* ---- op placement ------------------------------------------------------------------ */

/* Gives a freshly linked op an order between its neighbours, or
 * invalidates the block's numbering when there is no gap. */
static void order_inserted(buf_block_t *b, buf_op_t *op) {
  if (!b->order_valid) return;
  uint32_t lo = op->prev ? op->prev->order : 0;
  if (!op->next) {
    if (op->prev && lo > UINT32_MAX - ORDER_STRIDE) {
      b->order_valid = false;
      return;
    }
    op->order = op->prev ? lo + ORDER_STRIDE : ORDER_STRIDE;
    return;
  }
  uint32_t hi = op->next->order;
  if (hi - lo < 2 || hi <= lo) {
    b->order_valid = false;
    return;
  }
  op->order = lo + (hi - lo) / 2;
}

static void renumber(buf_block_t *b) {
  uint32_t k = 0;
  for (buf_op_t *o = b->first; o; o = o->next) {
    k += ORDER_STRIDE;
    o->order = k;
  }
  b->order_valid = true;
}

void buf_op_remove(buf_op_t *op) {
  buf_block_t *b = op->block;
  if (!b) return;
  if (op->prev)
    op->prev->next = op->next;
  else
    b->first = op->next;
  if (op->next)
    op->next->prev = op->prev;
  else
    b->last = op->prev;
  op->prev = op->next = NULL;
  op->block = NULL;
  /* Removal keeps the remaining numbering increasing. */
}

void buf_block_insert_op_before(buf_block_t *b, buf_op_t *before,
                                buf_op_t *op) {
  if (op->block) buf_op_remove(op);
  assert(!before || before->block == b);
  op->block = b;
  if (!before) {
    op->prev = b->last;
    op->next = NULL;
    if (b->last)
      b->last->next = op;
    else
      b->first = op;
    b->last = op;
  } else {
    op->next = before;
    op->prev = before->prev;
    if (before->prev)
      before->prev->next = op;
    else
      b->first = op;
    before->prev = op;
  }
  order_inserted(b, op);
}

void buf_block_append_op(buf_block_t *b, buf_op_t *op) {
  buf_block_insert_op_before(b, NULL, op);
}

void buf_op_move_before(buf_op_t *op, buf_op_t *anchor) {
  if (op == anchor) return;
  buf_block_insert_op_before(anchor->block, anchor, op);
}

void buf_op_move_after(buf_op_t *op, buf_op_t *anchor) {
  if (op == anchor) return;
  buf_op_remove(op);
  buf_block_insert_op_before(anchor->block, anchor->next, op);
}

bool buf_op_is_before_in_block(buf_op_t *a, buf_op_t *b) {
  if (!a->block || a->block != b->block || a == b) return false;
  if (!a->block->order_valid) renumber(a->block);
  return a->order < b->order;
}

bool buf_op_is_ancestor(const buf_op_t *anc, const buf_op_t *op) {
  for (const buf_op_t *o = op; o; o = buf_op_parent(o))
    if (o == anc) return true;
  return false;
}

/* Drops the operand uses of every op nested in op's regions, so that the
 * nested values lose all their users, then unlinks them. */
static void drop_nested(buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_regions; i++) {
    buf_region_t *r = op->regions[i];
    for (buf_block_t *b = r->first; b; b = b->next)
      for (buf_op_t *o = b->first; o; o = o->next) {
        for (uint32_t k = 0; k < o->num_operands; k++)
          use_unlink(&o->operands[k]);
        drop_nested(o);
      }
  }
}

/* Erases op: nested ops lose their uses, op's operands are unlinked and op
 * leaves its block. The memory stays in the arena until the context dies. */
void buf_op_erase(buf_op_t *op) {
  drop_nested(op);
  for (uint32_t k = 0; k < op->num_operands; k++) use_unlink(&op->operands[k]);
#ifndef NDEBUG
  for (uint32_t i = 0; i < op->num_results; i++)
    assert(!op->results[i].first_use && "erasing an op whose result is used");
#endif
  buf_op_remove(op);
  for (uint32_t i = 0; i < op->num_regions; i++) {
    buf_region_t *r = op->regions[i];
    for (buf_block_t *b = r->first; b; b = b->next) {
      buf_op_t *o = b->first;
      while (o) {
        buf_op_t *n = o->next;
        o->block = NULL;
        o->prev = o->next = NULL;
        o = n;
      }
      b->first = b->last = NULL;
    }
  }
}

void buf_op_replace(buf_op_t *op, buf_value_t *const *vs) {
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_value_replace_all_uses(&op->results[i], vs[i]);
  buf_op_erase(op);
}

/* ---- blocks and regions ---------------------------------------------------------- */

buf_block_t *buf_block_create(buf_ctx_t *ctx) {
  buf__block_box_t *box = buf_arena_alloc(&ctx->arena, sizeof *box);
  box->ctx = ctx;
  box->block.order_valid = true;
  return &box->block;
}

/* Capacity of the args array is implicit: 4, then the next power of two
 * at or above num_args; grow when num_args reaches it. */
static bool args_full(uint32_t n) { return n >= 4 && (n & (n - 1)) == 0; }

buf_value_t *buf_block_add_arg(buf_block_t *b, buf_type_t t, buf_loc_t loc) {
  buf_ctx_t *ctx = buf__block_ctx(b);
  if (b->num_args == 0 && !b->args)
    b->args = buf_arena_alloc(&ctx->arena, 4 * sizeof *b->args);
  else if (args_full(b->num_args))
    b->args = buf_arena_grow(&ctx->arena, b->args, b->num_args,
                             (size_t)b->num_args * 2, sizeof *b->args);
  buf_value_t *v = buf_arena_alloc(&ctx->arena, sizeof *v);
  v->type = t;
  v->block = b;
  v->index = b->num_args;
  v->loc = loc;
  b->args[b->num_args++] = v;
  return v;
}

void buf_block_erase_arg(buf_block_t *b, uint32_t i) {
  assert(i < b->num_args);
  assert(!b->args[i]->first_use && "erasing a used block argument");
  for (uint32_t j = i + 1; j < b->num_args; j++) {
    b->args[j - 1] = b->args[j];
    b->args[j - 1]->index = j - 1;
  }
  b->num_args--;
}

buf_op_t *buf_block_terminator(const buf_block_t *b) {
  if (b->last && buf_op_has_trait(b->last, BUF_TRAIT_TERMINATOR))
    return b->last;
  return NULL;
}

buf_op_t *buf_block_parent_op(const buf_block_t *b) {
  return b->region ? b->region->op : NULL;
}

void buf_region_insert_block_after(buf_region_t *r, buf_block_t *after,
                                   buf_block_t *b) {
  if (b->region) buf_region_remove_block(b->region, b);
  b->region = r;
  if (!after) { /* at the front */
    b->prev = NULL;
    b->next = r->first;
    if (r->first)
      r->first->prev = b;
    else
      r->last = b;
    r->first = b;
    return;
  }
  b->prev = after;
  b->next = after->next;
  if (after->next)
    after->next->prev = b;
  else
    r->last = b;
  after->next = b;
}

void buf_region_append_block(buf_region_t *r, buf_block_t *b) {
  if (b->region) buf_region_remove_block(b->region, b);
  if (r->last)
    buf_region_insert_block_after(r, r->last, b);
  else
    buf_region_insert_block_after(r, NULL, b);
}

void buf_region_remove_block(buf_region_t *r, buf_block_t *b) {
  assert(b->region == r);
  if (b->prev)
    b->prev->next = b->next;
  else
    r->first = b->next;
  if (b->next)
    b->next->prev = b->prev;
  else
    r->last = b->prev;
  b->prev = b->next = NULL;
  b->region = NULL;
}

void buf_region_take_blocks(buf_region_t *to, buf_region_t *from) {
  while (from->first) {
    buf_block_t *blk = from->first;
    buf_region_remove_block(from, blk);
    buf_region_append_block(to, blk);
  }
}

bool buf_region_empty(const buf_region_t *r) { return r->first == NULL; }

buf_block_t *buf_region_entry(const buf_region_t *r) { return r->first; }

uint32_t buf_region_num_blocks(const buf_region_t *r) {
  uint32_t n = 0;
  for (buf_block_t *b = r->first; b; b = b->next) n++;
  return n;
}

/* ---- builders ------------------------------------------------------------------------ */

void buf_builder_init(buf_builder_t *b, buf_ctx_t *ctx) {
  memset(b, 0, sizeof *b);
  b->ctx = ctx;
}

void buf_builder_set_before(buf_builder_t *b, buf_op_t *op) {
  b->block = op->block;
  b->before = op;
}

void buf_builder_set_after(buf_builder_t *b, buf_op_t *op) {
  b->block = op->block;
  b->before = op->next;
}

void buf_builder_set_block_end(buf_builder_t *b, buf_block_t *block) {
  b->block = block;
  b->before = NULL;
}

void buf_builder_set_block_start(buf_builder_t *b, buf_block_t *block) {
  b->block = block;
  b->before = block->first;
}

/* Creates the op and inserts it; a builder without a block creates a
 * detached op. */
buf_op_t *buf_builder_insert(buf_builder_t *b, const buf_op_state_t *st) {
  buf_op_t *op = buf_op_create(st);
  if (b->block) buf_block_insert_op_before(b->block, b->before, op);
  return op;
}

buf_op_t *buf_build(buf_builder_t *b, const char *name, buf_type_t result_type,
                    uint32_t n, buf_value_t *const *operands, ...) {
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, name, b->loc);
  buf_state_add_operands(&st, n, operands);
  if (result_type) buf_state_add_result(&st, result_type);
  va_list ap;
  va_start(ap, operands);
  for (;;) {
    const char *an = va_arg(ap, const char *);
    if (!an) break;
    buf_attr_t a = va_arg(ap, buf_attr_t);
    buf_state_set_attr(&st, an, a);
  }
  va_end(ap);
  return buf_builder_insert(b, &st);
}

buf_value_t *buf_build_index_constant(buf_builder_t *b, int64_t value) {
  buf_op_t *op = buf_build(b, "arith.constant", buf_type_index(b->ctx), 0, NULL,
                           "value", buf_attr_index(b->ctx, value), NULL);
  return buf_op_result(op, 0);
}

/* ---- symbols and segments --------------------------------------------------------------- */

buf_op_t *buf_symbol_lookup(buf_op_t *symbol_table, const char *name) {
  if (!symbol_table || symbol_table->num_regions == 0 || !name) return NULL;
  buf_block_t *b = symbol_table->regions[0]->first;
  if (!b) return NULL;
  size_t len = strlen(name);
  for (buf_op_t *o = b->first; o; o = o->next) {
    buf_attr_t s = buf_op_attr(o, "sym_name");
    if (s && s->kind == BUF_ATTR_STRING && s->u.str.len == len &&
        memcmp(s->u.str.data, name, len) == 0)
      return o;
  }
  return NULL;
}

buf_op_t *buf_symbol_resolve(const buf_op_t *from, buf_attr_t ref) {
  if (!ref || ref->kind != BUF_ATTR_SYMBOL_REF)
    return NULL;
  buf_op_t *table = buf_op_parent(from);
  while (table && !buf_op_has_trait(table, BUF_TRAIT_SYMBOL_TABLE))
    table = buf_op_parent(table);
  buf_op_t *op = table;
  for (uint32_t i = 0; op && i < ref->u.symref.n; i++)
    op = buf_symbol_lookup(op, ref->u.symref.names[i]);
  return op;
}

buf_attr_t buf_op_arg_attr(const buf_op_t *func, uint32_t arg, const char *name) {
  buf_attr_t all = buf_op_attr(func, "arg_attrs");
  if (!all || all->kind != BUF_ATTR_ARRAY || arg >= all->u.array.n) return NULL;
  buf_attr_t dict = all->u.array.elems[arg];
  return dict && dict->kind == BUF_ATTR_DICT ? buf_attr_dict_get(dict, name) : NULL;
}

bool buf_op_arg_read_only(const buf_op_t *func, uint32_t arg) {
  buf_attr_t w = buf_op_arg_attr(func, arg, "bufferization.writable");
  return w && w->kind == BUF_ATTR_BOOL && !w->u.b;
}

uint32_t buf_op_segment_sizes(const buf_op_t *op, const char *attr_name,
                              int64_t *sizes, uint32_t max) {
  buf_attr_t a = buf_op_attr(op, attr_name ? attr_name : "operandSegmentSizes");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || !a->u.dense_array.ints) return 0;
  uint32_t n = (uint32_t)a->u.dense_array.count;
  for (uint32_t i = 0; i < n && i < max; i++) sizes[i] = a->u.dense_array.ints[i];
  return n;
}

/* Start and length of operand segment i; without operandSegmentSizes all
 * operands form segment 0. Out-of-range segments are empty at the end. */
uint32_t buf_op_segment(const buf_op_t *op, uint32_t i, uint32_t *len) {
  buf_attr_t a = buf_op_attr(op, "operandSegmentSizes");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || !a->u.dense_array.ints) {
    if (len) *len = i == 0 ? op->num_operands : 0;
    return i == 0 ? 0 : op->num_operands;
  }
  uint64_t start = 0;
  uint32_t n = (uint32_t)a->u.dense_array.count;
  for (uint32_t k = 0; k < i && k < n; k++)
    start += (uint64_t)(a->u.dense_array.ints[k] > 0 ? a->u.dense_array.ints[k] : 0);
  uint64_t l = i < n && a->u.dense_array.ints[i] > 0
                   ? (uint64_t)a->u.dense_array.ints[i]
                   : 0;
  if (start > op->num_operands) start = op->num_operands;
  if (start + l > op->num_operands) l = op->num_operands - start;
  if (len) *len = (uint32_t)l;
  return (uint32_t)start;
}
