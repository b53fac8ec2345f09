/*
 * interval_index.c: mergeable sets of closed intervals [lo, hi] over op
 * positions, for the in-place analysis's conflict candidates.
 *
 * Each set is a treap keyed by hi whose nodes also keep the smallest lo of
 * their subtree, so "which intervals meet [a, b]" skips every subtree whose
 * keys all lie below a or whose lows all lie above b: asking about one
 * position of a long in-place chain visits O(log n) nodes plus the answers.
 * Sets are merged by inserting the nodes of the smaller into the larger
 * (the caller picks), so n unions cost O(n log^2 n) in all. Nodes live in
 * one growable pool and are referred to by index; 0 is "none".
 */
#include <stdlib.h>

#include "bz_internal.h"

#define N(p, i) ((p)->nodes[i])

static uint32_t next_priority(buf__bz_ival_pool_t *p) {
  /* xorshift32: any fixed sequence balances the treap in expectation */
  uint32_t x = p->seed ? p->seed : 0x9e3779b9u;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  p->seed = x;
  return x;
}

uint32_t buf__bz_ival_new(buf__bz_ival_pool_t *p, uint32_t lo, uint32_t hi,
                          void *item) {
  if (p->num == 0)
    p->num = 1; /* index 0 means "none" */
  if (p->num >= p->cap) {
    p->cap = p->cap ? p->cap * 2 : 256;
    p->nodes = realloc(p->nodes, p->cap * sizeof *p->nodes);
    if (!p->nodes)
      abort(); /* out of memory only */
  }
  uint32_t i = p->num++;
  N(p, i) = (buf__bz_ival_node_t){.lo = lo, .hi = hi, .min_lo = lo,
                                  .priority = next_priority(p), .item = item};
  return i;
}

static void update(buf__bz_ival_pool_t *p, uint32_t t) {
  uint32_t m = N(p, t).lo;
  if (N(p, t).left && N(p, N(p, t).left).min_lo < m)
    m = N(p, N(p, t).left).min_lo;
  if (N(p, t).right && N(p, N(p, t).right).min_lo < m)
    m = N(p, N(p, t).right).min_lo;
  N(p, t).min_lo = m;
}

/* Splits t into the nodes with hi < key and the others. */
static void split(buf__bz_ival_pool_t *p, uint32_t t, uint32_t key,
                  uint32_t *below, uint32_t *rest) {
  if (!t) {
    *below = *rest = 0;
    return;
  }
  if (N(p, t).hi < key) {
    split(p, N(p, t).right, key, &N(p, t).right, rest);
    *below = t;
  } else {
    split(p, N(p, t).left, key, below, &N(p, t).left);
    *rest = t;
  }
  update(p, t);
}

static uint32_t insert(buf__bz_ival_pool_t *p, uint32_t t, uint32_t x) {
  if (!t)
    return x;
  if (N(p, x).priority > N(p, t).priority) {
    split(p, t, N(p, x).hi, &N(p, x).left, &N(p, x).right);
    update(p, x);
    return x;
  }
  if (N(p, x).hi < N(p, t).hi)
    N(p, t).left = insert(p, N(p, t).left, x);
  else
    N(p, t).right = insert(p, N(p, t).right, x);
  update(p, t);
  return t;
}

void buf__bz_ival_insert(buf__bz_ival_pool_t *p, uint32_t *root, uint32_t x) {
  N(p, x).left = N(p, x).right = 0;
  N(p, x).min_lo = N(p, x).lo;
  *root = insert(p, *root, x);
}

void buf__bz_ival_items(buf__bz_ival_pool_t *p, uint32_t root,
                        buf__bz_ival_list_t *out) {
  /* iterative: the caller's list doubles as the stack of pending nodes */
  uint32_t start = out->num;
  if (!root)
    return;
  buf__bz_ival_list_push(out, root);
  for (uint32_t i = start; i < out->num; i++) {
    uint32_t t = out->items[i];
    if (N(p, t).left)
      buf__bz_ival_list_push(out, N(p, t).left);
    if (N(p, t).right)
      buf__bz_ival_list_push(out, N(p, t).right);
  }
}

void buf__bz_ival_merge(buf__bz_ival_pool_t *p, uint32_t *into, uint32_t from,
                        buf__bz_ival_list_t *scratch) {
  scratch->num = 0;
  buf__bz_ival_items(p, from, scratch);
  for (uint32_t i = 0; i < scratch->num; i++)
    buf__bz_ival_insert(p, into, scratch->items[i]);
}

static void query(buf__bz_ival_pool_t *p, uint32_t t, uint32_t a, uint32_t b,
                  buf__bz_ival_list_t *out) {
  while (t && N(p, t).min_lo <= b) {
    if (N(p, t).hi >= a) {
      /* the left subtree may still reach a; this node and the right one
       * all have hi >= a */
      query(p, N(p, t).left, a, b, out);
      if (N(p, t).lo <= b)
        buf__bz_ival_list_push(out, t);
    }
    t = N(p, t).right;
  }
}

void buf__bz_ival_query(buf__bz_ival_pool_t *p, uint32_t root, uint32_t a,
                        uint32_t b, buf__bz_ival_list_t *out) {
  query(p, root, a, b, out);
}

void buf__bz_ival_list_push(buf__bz_ival_list_t *l, uint32_t x) {
  if (l->num == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 64;
    l->items = realloc(l->items, l->cap * sizeof *l->items);
    if (!l->items)
      abort();
  }
  l->items[l->num++] = x;
}

void buf__bz_ival_pool_free(buf__bz_ival_pool_t *p) {
  free(p->nodes);
  p->nodes = NULL;
  p->num = p->cap = 0;
}
