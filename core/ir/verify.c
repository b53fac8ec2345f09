/*
 * verify.c: the structural verifier (buf_verify).
 *
 * Two phases, in MLIR's order. Phase 1 walks pre-order and checks, for
 * every op: operands present, a known name (or an allowed unknown
 * dialect), terminator placement, successors in the same region, block
 * counts of SINGLE_BLOCK ops, terminators of blocks that need them,
 * unique symbol names in symbol tables, then
 * the op definition's verify hook (which may therefore rely on all of
 * that), then the nested ops. Phase 2, only when phase 1 passed, reports
 * SSA dominance of every operand and isolation of ISOLATED_FROM_ABOVE ops.
 * Phase 1 already asks those questions of each op, silently, while the op
 * is in the cache: valid IR is walked once, and the second walk runs only
 * to report the bad uses in MLIR's order (the dominator trees it needs are
 * computed once and shared by both).
 * Like mlir-opt, each isolated-from-above unit (a function) stops at its
 * first error, while all units are verified, so the errors of different
 * functions are all collected and --verify-diagnostics expectations
 * written against mlir-opt match.
 *
 * Cost: each operand walks up from its user to the region that defines the
 * value (nesting depth); same-block order uses the lazily maintained
 * op->order numbering; cross-block dominance uses a dominator tree per
 * multi-block region, computed once (Cooper-Harvey-Kennedy on reverse
 * post-order) and answered in O(1) by DFS intervals. Near-linear overall.
 */
#include <stdlib.h>
#include <string.h>

#include "buf/syntax.h"
#include "ir_internal.h"

typedef struct domdata {
  uint32_t n;           /* blocks in the region */
  uint32_t *tin, *tout; /* dominator-tree DFS interval per block index */
  bool *reachable;
  struct domdata *next;
} domdata_t;

typedef struct vstate {
  buf_ctx_t *ctx;
  size_t errors;
  buf__ptrmap_t bidx;    /* block -> (index in its region) + 1 */
  buf__ptrmap_t doms;    /* region -> domdata_t */
  domdata_t *all;
  bool bad_use;          /* the structural walk met an operand that does
                          * not dominate its use (or crosses isolation) */
} vstate_t;

static void *xmalloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) abort(); /* out of memory */
  return p;
}

/* ---- dominators ------------------------------------------------------------ */

static uint32_t block_index(vstate_t *vs, buf_block_t *b) {
  return (uint32_t)(uintptr_t)buf__ptrmap_get(&vs->bidx, b) - 1;
}

static uint32_t intersect(const uint32_t *idom, const uint32_t *rpo_num,
                          uint32_t a, uint32_t b) {
  while (a != b) {
    while (rpo_num[a] > rpo_num[b]) a = idom[a];
    while (rpo_num[b] > rpo_num[a]) b = idom[b];
  }
  return a;
}

static domdata_t *compute_doms(vstate_t *vs, buf_region_t *r) {
  domdata_t *d = buf__ptrmap_get(&vs->doms, r);
  if (d) return d;
  uint32_t n = buf_region_num_blocks(r);
  d = xmalloc(sizeof *d);
  d->n = n;
  d->next = vs->all;
  vs->all = d;
  buf__ptrmap_set(&vs->doms, r, d);
  buf_block_t **blocks = xmalloc(n * sizeof *blocks);
  uint32_t k = 0;
  for (buf_block_t *b = r->first; b; b = b->next, k++) {
    blocks[k] = b;
    buf__ptrmap_set(&vs->bidx, b, (void *)(uintptr_t)(k + 1));
  }
  /* Successor lists from each block's last op (in-region targets only). */
  uint32_t *succ_start = xmalloc((n + 1) * sizeof *succ_start);
  uint32_t total = 0;
  for (uint32_t i = 0; i < n; i++) {
    succ_start[i] = total;
    buf_op_t *t = blocks[i]->last;
    if (t) total += t->num_successors;
  }
  succ_start[n] = total;
  uint32_t *succ = xmalloc(total * sizeof *succ);
  for (uint32_t i = 0; i < n; i++) {
    buf_op_t *t = blocks[i]->last;
    uint32_t s = succ_start[i];
    if (!t) continue;
    for (uint32_t j = 0; j < t->num_successors; j++) {
      buf_block_t *sb = t->successors[j];
      succ[s + j] = (sb && sb->region == r) ? block_index(vs, sb) : UINT32_MAX;
    }
  }
  /* Iterative DFS from the entry for the reverse post-order. */
  uint32_t *post = xmalloc(n * sizeof *post), npost = 0;
  uint32_t *stack = xmalloc(n * sizeof *stack), *it = xmalloc(n * sizeof *it);
  d->reachable = xmalloc(n * sizeof *d->reachable);
  uint32_t sp = 0;
  if (n) {
    stack[sp++] = 0;
    d->reachable[0] = true;
    it[0] = succ_start[0];
  }
  while (sp) {
    uint32_t b = stack[sp - 1];
    if (it[b] < succ_start[b + 1]) {
      uint32_t s = succ[it[b]++];
      if (s != UINT32_MAX && !d->reachable[s]) {
        d->reachable[s] = true;
        it[s] = succ_start[s];
        stack[sp++] = s;
      }
    } else {
      post[npost++] = b;
      sp--;
    }
  }
  uint32_t *rpo_num = xmalloc(n * sizeof *rpo_num);
  for (uint32_t i = 0; i < npost; i++) rpo_num[post[i]] = npost - 1 - i;
  /* Predecessors, reachable ones only. */
  uint32_t *pcount = xmalloc((n + 1) * sizeof *pcount);
  for (uint32_t b = 0; b < n; b++)
    if (d->reachable[b])
      for (uint32_t j = succ_start[b]; j < succ_start[b + 1]; j++)
        if (succ[j] != UINT32_MAX) pcount[succ[j] + 1]++;
  for (uint32_t b = 0; b < n; b++) pcount[b + 1] += pcount[b];
  uint32_t *preds = xmalloc(total * sizeof *preds);
  uint32_t *fill = xmalloc(n * sizeof *fill);
  for (uint32_t b = 0; b < n; b++)
    if (d->reachable[b])
      for (uint32_t j = succ_start[b]; j < succ_start[b + 1]; j++)
        if (succ[j] != UINT32_MAX)
          preds[pcount[succ[j]] + fill[succ[j]]++] = b;
  uint32_t *idom = xmalloc(n * sizeof *idom);
  for (uint32_t i = 0; i < n; i++) idom[i] = UINT32_MAX;
  if (n) idom[0] = 0;
  bool changed = n > 0;
  while (changed) {
    changed = false;
    for (uint32_t i = npost; i-- > 0;) { /* reverse post-order */
      uint32_t b = post[i];
      if (b == 0) continue;
      uint32_t nid = UINT32_MAX;
      for (uint32_t j = pcount[b]; j < pcount[b] + fill[b]; j++) {
        uint32_t p = preds[j];
        if (idom[p] == UINT32_MAX) continue;
        nid = nid == UINT32_MAX ? p : intersect(idom, rpo_num, p, nid);
      }
      if (nid != idom[b]) {
        idom[b] = nid;
        changed = true;
      }
    }
  }
  /* DFS intervals on the dominator tree (children lists by counting). */
  uint32_t *cstart = xmalloc((n + 1) * sizeof *cstart);
  for (uint32_t b = 1; b < n; b++)
    if (idom[b] != UINT32_MAX) cstart[idom[b] + 1]++;
  for (uint32_t b = 0; b < n; b++) cstart[b + 1] += cstart[b];
  uint32_t *child = xmalloc(n * sizeof *child);
  memset(fill, 0, n * sizeof *fill);
  for (uint32_t b = 1; b < n; b++)
    if (idom[b] != UINT32_MAX) child[cstart[idom[b]] + fill[idom[b]]++] = b;
  d->tin = xmalloc(n * sizeof *d->tin);
  d->tout = xmalloc(n * sizeof *d->tout);
  uint32_t clock = 0;
  sp = 0;
  if (n) {
    stack[sp++] = 0;
    it[0] = cstart[0];
    d->tin[0] = clock++;
  }
  while (sp) {
    uint32_t b = stack[sp - 1];
    if (it[b] < cstart[b] + fill[b]) {
      uint32_t c = child[it[b]++];
      it[c] = cstart[c];
      d->tin[c] = clock++;
      stack[sp++] = c;
    } else {
      d->tout[b] = clock++;
      sp--;
    }
  }
  free(blocks);
  free(succ_start);
  free(succ);
  free(post);
  free(stack);
  free(it);
  free(rpo_num);
  free(pcount);
  free(preds);
  free(fill);
  free(idom);
  free(cstart);
  free(child);
  return d;
}

/* True when block a dominates block b (same region r) or b is unreachable
 * (MLIR does not check dominance in unreachable code). */
static bool block_dominates(vstate_t *vs, buf_region_t *r, buf_block_t *a,
                            buf_block_t *b) {
  if (a == b) return true;
  domdata_t *d = compute_doms(vs, r);
  uint32_t ia = block_index(vs, a), ib = block_index(vs, b);
  if (ib >= d->n || !d->reachable[ib]) return true;
  if (ia >= d->n || !d->reachable[ia]) return false;
  return d->tin[ia] <= d->tin[ib] && d->tout[ib] <= d->tout[ia];
}

/* ---- checks ----------------------------------------------------------------------- */

static bool is_unregistered(const buf_op_t *op) {
  return (op->def->traits & BUF_TRAIT_UNREGISTERED) != 0;
}

/* Regions of unregistered ops and GRAPH_REGION ops need no dominance
 * (MLIR's mayBeGraphRegion). */
static bool graph_region(const buf_region_t *r) {
  const buf_op_t *p = r->op;
  return p && (is_unregistered(p) || (p->def->traits & BUF_TRAIT_GRAPH_REGION));
}

static void check_name(vstate_t *vs, buf_op_t *op) {
  if (!is_unregistered(op)) return;
  const char *dot = strchr(op->name, '.');
  if (buf_ctx_rejects_unknown_op(vs->ctx, op->name)) {
    buf_emit_error(vs->ctx, op->loc,
                   "unregistered operation '%s' found in dialect ('%.*s') that "
                   "does not allow unknown operations",
                   op->name, (int)(dot - op->name), op->name);
    return;
  }
  if (!buf_ctx_allows_unregistered_op(vs->ctx, op->name))
    buf_emit_error(vs->ctx, op->loc,
                   "operation being parsed with an unregistered dialect. If "
                   "this is intended, please use -allow-unregistered-dialect "
                   "with the MLIR tool used");
}

static void operand_error(vstate_t *vs, buf_op_t *user, uint32_t i,
                          buf_value_t *v, const char *where) {
  buf_diag_t *d = buf_emit_error(vs->ctx, user->loc,
                                 "operand #%u does not dominate this use", i);
  if (v->def)
    buf_diag_note(vs->ctx, d, v->def->loc, "operand defined here (op in %s)",
                  where);
  else
    buf_diag_note(vs->ctx, d, v->loc,
                  "operand defined as a block argument (block #%u in %s)",
                  v->block && v->block->region ? block_index(vs, v->block) : 0,
                  where);
}

/* Why an operand may not be used where it is (operand_problem). */
typedef enum use_problem {
  USE_OK,
  USE_NULL,           /* no value */
  USE_NOT_DOMINATING, /* defined after the use, or in a block that does not
                       * dominate it */
  USE_FROM_OUTSIDE,   /* crosses an ISOLATED_FROM_ABOVE boundary */
} use_problem_t;

/* What is wrong with operand i of user, without saying it: the value is
 * present, visible and dominates the use, or *where and *isolator tell the
 * diagnostic which case failed (the block relation, or the isolating op). */
static use_problem_t operand_problem(vstate_t *vs, buf_op_t *user, uint32_t i,
                                     const char **where, buf_op_t **isolator) {
  buf_value_t *v = user->operands[i].value;
  if (!v) return USE_NULL;
  buf_block_t *d = buf_value_parent_block(v);
  buf_region_t *r = d ? d->region : NULL;
  buf_op_t *x = user;
  for (;;) {
    buf_block_t *b = x->block;
    if (!b || !d) break;
    if (b == d) {
      if (!v->def) return USE_OK; /* block arguments dominate their block */
      if (r && graph_region(r)) return USE_OK;
      if (v->def != x && buf_op_is_before_in_block(v->def, x)) return USE_OK;
      *where = x == user ? "the same block" : "a parent region";
      return USE_NOT_DOMINATING;
    }
    if (r && b->region == r) {
      if (graph_region(r)) return USE_OK;
      if (block_dominates(vs, r, d, b)) return USE_OK;
      *where = "the same region";
      return USE_NOT_DOMINATING;
    }
    buf_op_t *p = b->region ? b->region->op : NULL;
    if (!p) break;
    if (p->def->traits & BUF_TRAIT_ISOLATED_FROM_ABOVE) {
      *isolator = p;
      return USE_FROM_OUTSIDE;
    }
    x = p;
  }
  *where = "a child region";
  return USE_NOT_DOMINATING;
}

/* Checks that operand i of user is visible and dominates it; says what is
 * wrong when not. */
static bool check_operand(vstate_t *vs, buf_op_t *user, uint32_t i) {
  const char *where = NULL;
  buf_op_t *isolator = NULL;
  switch (operand_problem(vs, user, i, &where, &isolator)) {
  case USE_OK:
    return true;
  case USE_NULL:
    buf_emit_error(vs->ctx, user->loc, "null operand found");
    return false;
  case USE_NOT_DOMINATING:
    operand_error(vs, user, i, user->operands[i].value, where);
    return false;
  case USE_FROM_OUTSIDE: {
    buf_diag_t *e =
        buf_op_emit_error(user, "using value defined outside the region");
    buf_diag_note(vs->ctx, e, isolator->loc,
                  "required by region isolation constraints");
    return false;
  }
  }
  return false;
}

/* True when every operand of op is visible and dominates it; says nothing
 * (the structural walk asks, phase 2 reports). */
static bool operands_dominate(vstate_t *vs, buf_op_t *op) {
  const char *where;
  buf_op_t *isolator;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (operand_problem(vs, op, i, &where, &isolator) != USE_OK) return false;
  return true;
}

static bool needs_terminator(const buf_region_t *r) {
  const buf_op_t *p = r->op;
  if (p && (p->def->traits & BUF_TRAIT_NO_TERMINATOR)) return false;
  /* Single-block regions of detached roots and unregistered ops may go
   * without (MLIR's mayBeValidWithoutTerminator). */
  if (r->first && r->first == r->last && (!p || is_unregistered(p)))
    return false;
  return true;
}

/* "block with no terminator, has <op>" prints the op generically, as MLIR
 * does; the name alone when the printer is unavailable. */
static void no_terminator_error(vstate_t *vs, buf_op_t *last) {
  buf_print_options_t po = buf_print_options_default();
  po.generic = true;
  po.debug_info = false;
  char *text = buf_print_op_to_string(last, &po, NULL);
  if (text) {
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n') text[--n] = 0;
    buf_emit_error(vs->ctx, last->loc, "block with no terminator, has %s",
                   text);
    free(text);
  } else {
    buf_emit_error(vs->ctx, last->loc, "block with no terminator, has '%s'",
                   last->name);
  }
}

/* The checks of op itself that its definition's verify hook may rely on:
 * operands present, a known name, terminator placement, successors, block
 * counts and terminators of its regions. Stops at the first problem. */
static bool verify_local(vstate_t *vs, buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!op->operands[i].value) {
      buf_emit_error(vs->ctx, op->loc, "null operand found");
      return false;
    }
  size_t before = vs->ctx->num_errors;
  check_name(vs, op);
  if (vs->ctx->num_errors != before) return false;
  if ((op->def->traits & BUF_TRAIT_TERMINATOR) && op->block &&
      op->block->last != op) {
    buf_op_emit_error(op, "must be the last operation in the parent block");
    return false;
  }
  if (op->num_successors) {
    if (op->block && op->block->last != op) {
      buf_emit_error(vs->ctx, op->loc, "operation with block successors must "
                                       "terminate its parent block");
      return false;
    }
    for (uint32_t i = 0; i < op->num_successors; i++) {
      buf_block_t *s = op->successors[i];
      if (!s || !op->block || s->region != op->block->region) {
        buf_op_emit_error(op, "branching to block of a different region");
        return false;
      }
      if (s == s->region->first) {
        buf_op_t *p = s->region->op;
        buf_emit_error(vs->ctx, p ? p->loc : op->loc,
                       "entry block of region may not have predecessors");
        return false;
      }
    }
  }
  for (uint32_t i = 0; i < op->num_regions; i++) {
    buf_region_t *r = op->regions[i];
    if ((op->def->traits & BUF_TRAIT_SINGLE_BLOCK) && r->first &&
        r->first != r->last) {
      buf_op_emit_error(op, "expects region #%u to have 0 or 1 blocks", i);
      return false;
    }
    if (!needs_terminator(r)) continue;
    for (buf_block_t *b = r->first; b; b = b->next) {
      if (!b->last) {
        buf_emit_error(vs->ctx, op->loc,
                       "empty block: expect at least a terminator");
        return false;
      }
      if (!(b->last->def->traits & BUF_TRAIT_TERMINATOR) &&
          !is_unregistered(b->last)) {
        no_terminator_error(vs, b->last);
        return false;
      }
    }
  }
  return true;
}

/* Symbol-table ops: no two ops of the body may define the same symbol
 * (sym_name strings compared as interned identifiers). */
static bool check_symbols(vstate_t *vs, buf_op_t *op) {
  if (!(op->def->traits & BUF_TRAIT_SYMBOL_TABLE) || op->num_regions == 0)
    return true;
  buf_block_t *b = op->regions[0]->first;
  if (!b) return true;
  buf__ptrmap_t seen = {0};
  bool ok = true;
  for (buf_op_t *o = b->first; o && ok; o = o->next) {
    buf_attr_t s = buf_op_attr(o, "sym_name");
    if (!s || s->kind != BUF_ATTR_STRING) continue;
    buf_ident_t name = buf_ident(vs->ctx, s->u.str.data, s->u.str.len);
    buf_op_t *prev = buf__ptrmap_get(&seen, name);
    if (prev) {
      buf_diag_t *d = buf_emit_error(vs->ctx, o->loc,
                                     "redefinition of symbol named '%s'", name);
      buf_diag_note(vs->ctx, d, prev->loc, "see existing symbol definition here");
      ok = false;
    } else {
      buf__ptrmap_set(&seen, name, o);
    }
  }
  buf__ptrmap_free(&seen);
  return ok;
}

static bool isolated(const buf_op_t *op) {
  return (op->def->traits & BUF_TRAIT_ISOLATED_FROM_ABOVE) != 0;
}

/* Phase 1, pre-order like MLIR: op's local structure, its definition's
 * hook, then the nested ops. Within one isolated-from-above unit the first
 * failure ends the unit (mlir-opt reports one error per unit, and
 * --verify-diagnostics tests expect exactly that); sibling isolated units
 * (functions) are all verified, so their errors are collected. */
static bool verify_structure(vstate_t *vs, buf_op_t *op) {
  if (!verify_local(vs, op) || !check_symbols(vs, op)) return false;
  if (op->def->verify && !is_unregistered(op)) {
    size_t before = vs->ctx->num_errors;
    buf_status_t st = op->def->verify(op);
    if (BUF_FAILED(st) || vs->ctx->num_errors != before) {
      if (vs->ctx->num_errors == before)
        buf_op_emit_error(op, "failed to verify");
      return false;
    }
  }
  /* Dominance is asked here, while op is in the cache, and only reported
   * by phase 2: valid IR (the common case) is then walked once. */
  if (!vs->bad_use && !operands_dominate(vs, op)) vs->bad_use = true;
  bool ok = true;
  for (uint32_t i = 0; i < op->num_regions; i++)
    for (buf_block_t *b = op->regions[i]->first; b; b = b->next)
      for (buf_op_t *o = b->first; o; o = o->next)
        if (!verify_structure(vs, o)) {
          ok = false;
          if (!isolated(o)) return false;
        }
  return ok;
}

/* Phase 2, run only when phase 1 passed and found a bad use: reports
 * dominance and isolation of every operand, with the same per-unit
 * stopping rule. */
static bool verify_uses(vstate_t *vs, buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!check_operand(vs, op, i)) return false;
  bool ok = true;
  for (uint32_t i = 0; i < op->num_regions; i++)
    for (buf_block_t *b = op->regions[i]->first; b; b = b->next)
      for (buf_op_t *o = b->first; o; o = o->next)
        if (!verify_uses(vs, o)) {
          ok = false;
          if (!isolated(o)) return false;
        }
  return ok;
}

/* Verifies op and everything nested; every problem becomes a located
 * diagnostic. */
buf_status_t buf_verify(buf_op_t *op) {
  vstate_t vs = {.ctx = buf_op_ctx(op)};
  size_t before = vs.ctx->num_errors;
  /* Phase 2 walks again only to report the uses phase 1 found wrong. */
  if (verify_structure(&vs, op) && vs.bad_use) verify_uses(&vs, op);
  while (vs.all) {
    domdata_t *n = vs.all->next;
    free(vs.all->tin);
    free(vs.all->tout);
    free(vs.all->reachable);
    free(vs.all);
    vs.all = n;
  }
  buf__ptrmap_free(&vs.bidx);
  buf__ptrmap_free(&vs.doms);
  return vs.ctx->num_errors != before ? BUF_FAILURE : BUF_SUCCESS;
}
