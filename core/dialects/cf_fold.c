/*
 * cf_fold.c: canonicalize hooks of cf.br and cf.cond_br
 * (buf_opdef_t.canonicalize), upstream's branch simplifications, so that
 * --canonicalize needs no knowledge of cf:
 *
 *   - cf.br to a block whose only predecessor it is: the block's ops join
 *     the branch's block, its arguments replaced by the branch operands;
 *   - a branch to a block that holds nothing but a cf.br goes straight to
 *     that block's destination (its arguments replaced by the operands
 *     the branch passed); the bypassed block is erased once nothing
 *     branches to it;
 *   - cf.cond_br on a constant becomes a cf.br to the destination taken;
 *   - cf.cond_br with one destination twice becomes a cf.br, with an
 *     arith.select on the condition for each operand that differs (only
 *     where the cond_br is the destination's one predecessor).
 *
 * Blocks left without predecessors by the first and third rewrites are
 * erased by --canonicalize (greedy_cleanup.c), as upstream's driver erases
 * unreachable blocks. A cf.br is told from the other terminators by its
 * canonicalize hook, this file's own.
 */
#include "dialect_util.h"

#define MAX_FORWARDED 64

/* How many successor slots of the terminators of dest's region name
 * dest. */
static uint32_t num_predecessors(buf_block_t *dest) {
  uint32_t n = 0;
  for (buf_block_t *b = dest->region->first; b; b = b->next) {
    buf_op_t *t = buf_block_terminator(b);
    for (uint32_t i = 0; t && i < t->num_successors; i++)
      n += t->successors[i] == dest;
  }
  return n;
}

static bool is_br(const buf_op_t *op) {
  return op && op->def->canonicalize == buf__cf_br_canonicalize;
}

/* dest holds only a cf.br to another block: that branch. */
static buf_op_t *pass_through(buf_block_t *dest) {
  buf_op_t *t = dest->first;
  if (!is_br(t) || t != dest->last || t->num_successors != 1 ||
      t->successors[0] == dest || t->num_operands > MAX_FORWARDED)
    return NULL;
  return t;
}

/* The operands a branch through dest (its cf.br inner) passes on, given
 * the operands args the branch passes to dest. */
static void forwarded(buf_block_t *dest, buf_op_t *inner,
                      buf_value_t *const *args, buf_value_t **out) {
  for (uint32_t i = 0; i < inner->num_operands; i++) {
    buf_value_t *v = buf_op_operand(inner, i);
    out[i] = v->block == dest && !v->def ? args[v->index] : v;
  }
}

/* Erases dest, a block holding only a cf.br, when nothing branches to it. */
static void erase_if_unreachable(buf_block_t *dest) {
  if (dest->region && num_predecessors(dest) == 0 &&
      dest != dest->region->first) {
    buf_op_erase(dest->first);
    buf_region_remove_block(dest->region, dest);
  }
}

static buf_op_t *build_br(buf_op_t *before, buf_block_t *dest, uint32_t n,
                          buf_value_t *const *operands) {
  buf_op_state_t st;
  buf_state_init(&st, buf_op_ctx(before), "cf.br", before->loc);
  buf_state_add_operands(&st, n, operands);
  buf_state_add_successor(&st, dest);
  buf_op_t *br = buf_op_create(&st);
  buf_block_insert_op_before(before->block, before, br);
  return br;
}

bool buf__cf_br_canonicalize(buf_op_t *op) {
  buf_block_t *blk = op->block, *dest = op->successors[0];
  if (dest == blk || op->num_operands != dest->num_args)
    return false;
  if (dest != dest->region->first && num_predecessors(dest) == 1) {
    for (uint32_t i = 0; i < dest->num_args; i++)
      buf_value_replace_all_uses(dest->args[i], buf_op_operand(op, i));
    while (dest->first) {
      buf_op_t *x = dest->first;
      buf_op_remove(x);
      buf_block_append_op(blk, x);
    }
    buf_op_erase(op);
    buf_region_remove_block(dest->region, dest);
    return true;
  }
  buf_op_t *inner = pass_through(dest);
  if (!inner || inner->successors[0] == blk)
    return false;
  buf_value_t *args[MAX_FORWARDED], *out[MAX_FORWARDED];
  if (op->num_operands > MAX_FORWARDED)
    return false;
  for (uint32_t i = 0; i < op->num_operands; i++)
    args[i] = buf_op_operand(op, i);
  forwarded(dest, inner, args, out);
  buf_op_set_operands(op, inner->num_operands, out);
  buf_op_set_successor(op, 0, inner->successors[0]);
  erase_if_unreachable(dest);
  return true;
}

/* The operands cond_br passes to successor s (0 true, 1 false). */
static bool successor_operands(const buf_op_t *op, uint32_t s,
                               buf_value_t **out, uint32_t *n) {
  int64_t seg[3];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[1] + seg[2] + 1 != (int64_t)op->num_operands ||
      seg[1 + s] > MAX_FORWARDED)
    return false;
  uint32_t start = s == 0 ? 1 : 1 + (uint32_t)seg[1];
  *n = (uint32_t)seg[1 + s];
  for (uint32_t i = 0; i < *n; i++)
    out[i] = buf_op_operand(op, start + i);
  return true;
}

/* Sets cond_br's destinations and their operands. */
static void set_cond_br(buf_op_t *op, buf_block_t *const *dests,
                        buf_value_t *const *ops0, uint32_t n0,
                        buf_value_t *const *ops1, uint32_t n1) {
  buf_value_t *all[1 + 2 * MAX_FORWARDED];
  all[0] = buf_op_operand(op, 0);
  for (uint32_t i = 0; i < n0; i++)
    all[1 + i] = ops0[i];
  for (uint32_t i = 0; i < n1; i++)
    all[1 + n0 + i] = ops1[i];
  buf_op_set_operands(op, 1 + n0 + n1, all);
  int64_t seg[3] = {1, n0, n1};
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_op_set_attr(op, "operandSegmentSizes",
                  buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, seg, NULL));
  buf_op_set_successor(op, 0, dests[0]);
  buf_op_set_successor(op, 1, dests[1]);
}

bool buf__cf_cond_br_canonicalize(buf_op_t *op) {
  buf_value_t *ops[2][MAX_FORWARDED];
  uint32_t n[2];
  buf_block_t *dests[2] = {op->successors[0], op->successors[1]};
  if (op->num_successors != 2 || !successor_operands(op, 0, ops[0], &n[0]) ||
      !successor_operands(op, 1, ops[1], &n[1]))
    return false;
  buf_value_t *cond = buf_op_operand(op, 0);
  int64_t c;
  if (cond->def && buf_op_has_trait(cond->def, BUF_TRAIT_CONSTANT) &&
      buf_op_fold_int(cond->def, NULL, &c)) {
    uint32_t s = c ? 0 : 1;
    build_br(op, dests[s], n[s], ops[s]);
    buf_op_erase(op);
    return true;
  }
  /* Operands that differ become selects only where this branch is the
   * destination's one predecessor (as upstream): elsewhere the selects
   * would be extra ops. */
  bool same = dests[0] == dests[1] && n[0] == n[1];
  for (uint32_t i = 0; same && i < n[0]; i++)
    same = ops[0][i] == ops[1][i];
  if (dests[0] == dests[1] && n[0] == n[1] &&
      (same || num_predecessors(dests[0]) == 2)) {
    buf_builder_t b;
    buf_builder_init(&b, buf_op_ctx(op));
    buf_builder_set_before(&b, op);
    b.loc = op->loc;
    for (uint32_t i = 0; i < n[0]; i++)
      if (ops[0][i] != ops[1][i]) {
        buf_value_t *sel[3] = {cond, ops[0][i], ops[1][i]};
        ops[0][i] = buf_op_result(
            buf_build(&b, "arith.select", ops[0][i]->type, 3, sel, NULL), 0);
      }
    build_br(op, dests[0], n[0], ops[0]);
    buf_op_erase(op);
    return true;
  }
  bool changed = false;
  buf_block_t *bypassed[2] = {NULL, NULL};
  for (uint32_t s = 0; s < 2; s++) {
    buf_op_t *inner = pass_through(dests[s]);
    if (!inner || inner->successors[0] == op->block)
      continue;
    buf_value_t *out[MAX_FORWARDED];
    forwarded(dests[s], inner, ops[s], out);
    for (uint32_t i = 0; i < inner->num_operands; i++)
      ops[s][i] = out[i];
    n[s] = inner->num_operands;
    bypassed[s] = dests[s];
    dests[s] = inner->successors[0];
    changed = true;
  }
  if (!changed)
    return false;
  set_cond_br(op, dests, ops[0], n[0], ops[1], n[1]);
  for (uint32_t s = 0; s < 2; s++)
    if (bypassed[s] && bypassed[s] != bypassed[1 - s])
      erase_if_unreachable(bypassed[s]);
  if (bypassed[0] && bypassed[0] == bypassed[1])
    erase_if_unreachable(bypassed[0]);
  return true;
}
