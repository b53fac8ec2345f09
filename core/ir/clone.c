/*
 * clone.c: value/block maps and deep cloning of ops.
 *
 * A clone copies an op with its regions. Within each region all blocks
 * (with their arguments) are created and mapped before any op is cloned,
 * so branches to later blocks remap. Operands that the map does not know
 * stay as they are (values defined above the cloned op).
 */
#include <stdlib.h>

#include "ir_internal.h"

struct buf_irmap_s {
  buf_ctx_t *ctx;
  buf__ptrmap_t values;
  buf__ptrmap_t blocks;
};

buf_irmap_t *buf_irmap_create(buf_ctx_t *ctx) {
  buf_irmap_t *m = calloc(1, sizeof *m);
  if (!m) abort(); /* out of memory */
  m->ctx = ctx;
  return m;
}

void buf_irmap_destroy(buf_irmap_t *map) {
  if (!map) return;
  buf__ptrmap_free(&map->values);
  buf__ptrmap_free(&map->blocks);
  free(map);
}

void buf_irmap_set_value(buf_irmap_t *map, buf_value_t *from, buf_value_t *to) {
  buf__ptrmap_set(&map->values, from, to);
}

buf_value_t *buf_irmap_value(const buf_irmap_t *map, buf_value_t *from) {
  if (!from) return NULL;
  buf_value_t *to = buf__ptrmap_get(&map->values, from);
  return to ? to : from;
}

void buf_irmap_set_block(buf_irmap_t *map, buf_block_t *from, buf_block_t *to) {
  buf__ptrmap_set(&map->blocks, from, to);
}

buf_block_t *buf_irmap_block(const buf_irmap_t *map, buf_block_t *from) {
  if (!from) return NULL;
  buf_block_t *to = buf__ptrmap_get(&map->blocks, from);
  return to ? to : from;
}

static buf_op_t *clone_op(buf_ctx_t *ctx, buf_op_t *op, buf_irmap_t *map);

static void clone_region(buf_ctx_t *ctx, buf_region_t *src, buf_region_t *dst,
                         buf_irmap_t *map) {
  for (buf_block_t *b = src->first; b; b = b->next) {
    buf_block_t *nb = buf_block_create(ctx);
    nb->label_hint = b->label_hint;
    for (uint32_t i = 0; i < b->num_args; i++) {
      buf_value_t *a = b->args[i];
      buf_value_t *na = buf_block_add_arg(nb, a->type, a->loc);
      na->name_hint = a->name_hint;
      buf_irmap_set_value(map, a, na);
    }
    buf_irmap_set_block(map, b, nb);
    buf_region_append_block(dst, nb);
  }
  for (buf_block_t *b = src->first; b; b = b->next) {
    buf_block_t *nb = buf_irmap_block(map, b);
    for (buf_op_t *o = b->first; o; o = o->next)
      buf_block_append_op(nb, clone_op(ctx, o, map));
  }
}

static buf_op_t *clone_op(buf_ctx_t *ctx, buf_op_t *op, buf_irmap_t *map) {
  buf_op_state_t st;
  buf_state_init(&st, ctx, op->name, op->loc);
  for (uint32_t i = 0; i < op->num_operands; i++)
    buf_state_add_operand(&st, buf_irmap_value(map, op->operands[i].value));
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_state_add_result(&st, op->results[i].type);
  for (uint32_t i = 0; i < op->num_successors; i++)
    buf_state_add_successor(&st, buf_irmap_block(map, op->successors[i]));
  for (uint32_t i = 0; i < op->num_regions; i++) buf_state_add_region(&st);
  buf_op_t *nop = buf_op_create(&st);
  nop->attrs = op->attrs; /* interned: share */
  for (uint32_t i = 0; i < op->num_results; i++) {
    nop->results[i].name_hint = op->results[i].name_hint;
    nop->results[i].loc = op->results[i].loc;
    buf_irmap_set_value(map, &op->results[i], &nop->results[i]);
  }
  for (uint32_t i = 0; i < op->num_regions; i++)
    clone_region(ctx, op->regions[i], nop->regions[i], map);
  return nop;
}

/* Remaps operands that referred to values defined later in the source
 * (graph regions, or blocks listed before their dominators): by now every
 * nested value of the source has its clone in the map. */
static buf_walk_result_t fixup(buf_op_t *op, void *user) {
  buf_irmap_t *map = user;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = op->operands[i].value;
    buf_value_t *m = buf_irmap_value(map, v);
    if (m != v) buf_op_set_operand(op, i, m);
  }
  return BUF_WALK_ADVANCE;
}

/* Deep copy of op, detached; results and nested values recorded in map. */
buf_op_t *buf_op_clone(buf_op_t *op, buf_irmap_t *map) {
  buf_op_t *nop = clone_op(buf_op_ctx(op), op, map);
  if (nop->num_regions) buf_op_walk(nop, BUF_WALK_PRE, fixup, map);
  return nop;
}
