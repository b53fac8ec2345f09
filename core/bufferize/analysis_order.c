/*
 * analysis_order.c: the order in which One-Shot decides in-place operands,
 * upstream's analysis-heuristic.
 *
 * Every order is correct: a decision refuses an in-place write that would
 * conflict with the decisions taken before it, so the order only picks
 * which of two conflicting writes gets the copy. That makes the fuzzer
 * order a test tool: the same program, bufferized under many random
 * orders, must compute the same values (tests/scripts/fuzzer_orders.sh).
 *
 *   bottom-up   the last op of the function first (post-order reversed);
 *   top-down    the first op first;
 *   bottom-up-from-terminators
 *               first the ops on the reverse use-def chains of the
 *               terminators' tensor operands (the values a loop or a
 *               branch yields keep their buffers), bottom-up, then the
 *               rest bottom-up;
 *   fuzzer      a permutation drawn from the seed alone (splitmix64), so
 *               a seed names the same order on every machine and run.
 */
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"

/* splitmix64: a small, well-mixed generator whose whole state is the seed. */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The index of op in ops, found through its pre-order number. */
typedef struct position_map {
  uint32_t base;      /* the smallest pre-order number in ops */
  uint32_t *index;    /* pre - base -> index in ops, or UINT32_MAX */
  uint32_t size;
} position_map_t;

static void position_map_init(buf_bz_t *bz, const buf__ptrvec_t *ops,
                              position_map_t *m) {
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t i = 0; i < ops->n; i++) {
    uint32_t pre = buf__bz_op(bz, ops->v[i])->pre;
    lo = pre < lo ? pre : lo;
    hi = pre > hi ? pre : hi;
  }
  m->base = lo;
  m->size = ops->n ? hi - lo + 1 : 0;
  m->index = malloc(sizeof *m->index * (m->size ? m->size : 1));
  memset(m->index, 0xff, sizeof *m->index * (m->size ? m->size : 1));
  for (uint32_t i = 0; i < ops->n; i++)
    m->index[buf__bz_op(bz, ops->v[i])->pre - lo] = i;
}

static uint32_t position_of(buf_bz_t *bz, const position_map_t *m,
                            buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (!o || o->pre < m->base || o->pre - m->base >= m->size)
    return UINT32_MAX;
  return m->index[o->pre - m->base];
}

/* Marks the ops on the reverse use-def chains of the terminators' tensor
 * operands: a value's defining op, then the operands of that op which the
 * value aliases, and so on. */
static void mark_terminator_chains(buf_bz_t *bz, const buf__ptrvec_t *ops,
                                   const position_map_t *m, bool *marked) {
  buf__ptrvec_t work = {0};
  for (uint32_t i = 0; i < ops->n; i++) {
    buf_op_t *t = ops->v[i];
    if (!buf_op_has_trait(t, BUF_TRAIT_TERMINATOR))
      continue;
    for (uint32_t k = 0; k < t->num_operands; k++)
      if (buf__bz_is_tensor_type(t->operands[k].value->type))
        buf__ptrvec_push(&work, t->operands[k].value);
  }
  while (work.n) {
    buf_value_t *v = work.v[--work.n];
    buf_op_t *def = v->def;
    uint32_t pos = def ? position_of(bz, m, def) : UINT32_MAX;
    if (pos == UINT32_MAX || marked[pos])
      continue;
    marked[pos] = true;
    buf_use_t *aliasing[BUF_BZ_MAX_ALIASES];
    bool any_write;
    uint32_t n = buf__bz_aliasing_operands(bz, v, aliasing, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t k = 0; k < n; k++)
      if (aliasing[k]->owner == def)
        buf__ptrvec_push(&work, aliasing[k]->value);
  }
  buf__ptrvec_free(&work);
}

void buf__bz_analysis_order(buf_bz_t *bz, const buf__ptrvec_t *ops,
                            uint32_t *order) {
  uint32_t n = ops->n;
  switch (bz->opts.heuristic) {
  case BUF_BZ_TOP_DOWN:
    for (uint32_t k = 0; k < n; k++)
      order[k] = k;
    return;
  case BUF_BZ_FUZZER: {
    /* Fisher-Yates over the bottom-up order. */
    uint64_t state = bz->opts.fuzzer_seed;
    for (uint32_t k = 0; k < n; k++)
      order[k] = n - 1 - k;
    for (uint32_t k = n; k > 1; k--) {
      uint32_t j = (uint32_t)(next_random(&state) % k);
      uint32_t t = order[k - 1];
      order[k - 1] = order[j];
      order[j] = t;
    }
    return;
  }
  case BUF_BZ_BOTTOM_UP_FROM_TERMINATORS: {
    position_map_t m;
    position_map_init(bz, ops, &m);
    bool *marked = calloc(n ? n : 1, sizeof *marked);
    mark_terminator_chains(bz, ops, &m, marked);
    uint32_t k = 0;
    for (uint32_t i = n; i-- > 0;)
      if (marked[i])
        order[k++] = i;
    for (uint32_t i = n; i-- > 0;)
      if (!marked[i])
        order[k++] = i;
    free(marked);
    free(m.index);
    return;
  }
  case BUF_BZ_BOTTOM_UP:
    break;
  }
  for (uint32_t k = 0; k < n; k++)
    order[k] = n - 1 - k;
}
