/*
 * symbol_dce.c: --symbol-dce, deletes private symbols nothing references.
 *
 * A symbol is live when it is public (no sym_visibility = "private") or when
 * a live op refers to it through a symbol-reference attribute (func.call's
 * callee, memref.get_global's name ...). Liveness propagates through a
 * worklist over the module's top-level symbols, so a private function that
 * only dead functions call is removed too. Runs in time linear in the
 * module's size times its number of symbols referenced per op.
 */
#include <string.h>

#include "buf/pipeline.h"

typedef struct dce_state {
  buf_op_t *module;
  buf_op_t **worklist;
  uint32_t num_work, cap_work;
  buf_op_t **live; /* live symbols, small linear set */
  uint32_t num_live, cap_live;
  buf_arena_t *arena;
} dce_state_t;

static bool is_live(const dce_state_t *s, const buf_op_t *sym) {
  for (uint32_t i = 0; i < s->num_live; i++)
    if (s->live[i] == sym)
      return true;
  return false;
}

static void mark_live(dce_state_t *s, buf_op_t *sym) {
  if (!sym || is_live(s, sym))
    return;
  if (s->num_live == s->cap_live) {
    uint32_t cap = s->cap_live ? s->cap_live * 2 : 16;
    s->live = buf_arena_grow(s->arena, s->live, s->num_live, cap, sizeof *s->live);
    s->cap_live = cap;
  }
  s->live[s->num_live++] = sym;
  if (s->num_work == s->cap_work) {
    uint32_t cap = s->cap_work ? s->cap_work * 2 : 16;
    s->worklist = buf_arena_grow(s->arena, s->worklist, s->num_work, cap,
                                 sizeof *s->worklist);
    s->cap_work = cap;
  }
  s->worklist[s->num_work++] = sym;
}

/* Marks every symbol that attribute a (recursively) refers to. */
static void mark_attr_refs(dce_state_t *s, buf_attr_t a, unsigned depth) {
  if (!a || depth > 64)
    return;
  switch (a->kind) {
  case BUF_ATTR_SYMBOL_REF:
    mark_live(s, buf_symbol_lookup(s->module, a->u.symref.names[0]));
    break;
  case BUF_ATTR_ARRAY:
    for (uint32_t i = 0; i < a->u.array.n; i++)
      mark_attr_refs(s, a->u.array.elems[i], depth + 1);
    break;
  case BUF_ATTR_DICT:
    for (uint32_t i = 0; i < a->u.dict.n; i++)
      mark_attr_refs(s, a->u.dict.entries[i].value, depth + 1);
    break;
  default:
    break;
  }
}

static buf_walk_result_t mark_op_refs(buf_op_t *op, void *user) {
  mark_attr_refs(user, op->attrs, 0);
  return BUF_WALK_ADVANCE;
}

static bool is_private(const buf_op_t *op) {
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  return vis && vis->kind == BUF_ATTR_STRING &&
         strcmp(vis->u.str.data, "private") == 0;
}

static buf_status_t symbol_dce_run(buf_op_t *module,
                                   const buf_pass_options_t *options) {
  (void)options;
  if (module->num_regions == 0)
    return BUF_SUCCESS;
  buf_block_t *body = buf_region_entry(module->regions[0]);
  if (!body)
    return BUF_SUCCESS;
  dce_state_t s = {.module = module, .arena = buf_ctx_arena(buf_op_ctx(module))};
  for (buf_op_t *op = body->first; op; op = op->next) {
    if (!buf_op_has_attr(op, "sym_name") || !is_private(op))
      mark_live(&s, op); /* public symbols and non-symbol ops are roots */
  }
  while (s.num_work > 0) {
    buf_op_t *op = s.worklist[--s.num_work];
    buf_op_walk(op, BUF_WALK_PRE, mark_op_refs, &s);
  }
  buf_op_t *next;
  for (buf_op_t *op = body->first; op; op = next) {
    next = op->next;
    if (!is_live(&s, op))
      buf_op_erase(op);
  }
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_symbol_dce = {
    .name = "symbol-dce",
    .summary = "Delete private symbols that nothing references",
    .anchor = "builtin.module",
    .run = symbol_dce_run,
};
