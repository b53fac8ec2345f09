/*
 * heap_peak.c: the peak live heap bytes of every function of a program,
 * found statically, for the bufferization report.
 *
 * A function is walked once in program order with an abstract heap: each
 * heap allocation (BUF_ALLOC_HEAP: memref.alloc, bufferization.clone,
 * memref.realloc) with a static size is a token of known bytes, live until
 * an op frees it (BUF_EFFECT_FREE, unless only under a run-time condition)
 * through any view of it (BUF_TRAIT_VIEW). The peak of the live bytes is
 * the answer, counted from 0 at the function's entry, callees included.
 * Sizes and conditions come from the ops' integer folds (fold_int), asked
 * with what the walk knows of their operands. The number is an upper bound
 * of every run and is exact on straight-line code:
 *   - region branches (scf.if): the region the known operands select
 *     (entry_region; the pointer comparisons that lowered deallocations
 *     guard frees with are answered here: a view and its base share a
 *     pointer, two live allocations, or an allocation and an argument or
 *     global, do not); otherwise every region from the same start, joined:
 *     what any leaves live stays live;
 *   - loops: one iteration is walked without freeing anything from outside
 *     it; bytes an iteration leaves live are multiplied by the trip count
 *     (iterations of BUF_TRAIT_PARALLEL loops are taken as all live at
 *     once); an unknown trip count with such bytes makes the peak unknown;
 *     any other op with regions is taken as a loop of unknown trip count;
 *   - calls add the callee's peak on top of what is live, then keep what
 *     the callee returns as tokens of the call's results (so the caller's
 *     dealloc frees them) and anything else it left live forever; calls of
 *     declarations allocate nothing on the heap (only the interpreter's
 *     runtime functions have no body), recursion and indirect calls make
 *     the peak unknown;
 *   - blocks of a region with branches are walked in an order where every
 *     predecessor comes first, joining predecessors; a cycle that
 *     allocates makes the peak unknown;
 *   - a dynamic size, or an element type whose size is not plain, makes
 *     the peak unknown rather than guessed.
 * Stack buffers, globals and tensors are not heap and are not counted.
 *
 * Invariants: the walk only reads the IR; all memory is freed before
 * buf__heap_peak_bytes returns except the array it returns.
 */
#include <stdlib.h>
#include <string.h>

#include "../ir/ir_internal.h"
#include "heap_peak.h"

#define PEAK_UNKNOWN (-1)

/* What a function leaves behind for its callers. */
typedef struct func_summary {
  buf_op_t *func;
  enum { SUM_UNSEEN, SUM_WALKING, SUM_DONE } state;
  int64_t peak;           /* PEAK_UNKNOWN when unknown */
  bool allocates;         /* it or a function it calls may allocate */
  uint32_t num_results;
  int64_t *result_bytes;  /* per result: a fresh allocation it returns */
  int64_t leftover;       /* other bytes still live at a return */
} func_summary_t;

typedef struct peak_ctx {
  buf_op_t *module;
  func_summary_t *funcs;
  uint32_t num_funcs;
  buf__ptrmap_t index; /* func op -> index + 1 */
  uint32_t context_walks; /* callees walked again for one call site */
} peak_ctx_t;

/* Bounds the walks of callees per call site (each is one more walk of the
 * callee's body), so a program of many calls stays linear. */
#define PEAK_MAX_CONTEXT_WALKS 4096

/* The abstract heap at one point of a function: the live tokens and bytes
 * that can never be freed (left by loop iterations and callees). */
typedef struct live {
  uint32_t *ids;
  uint32_t n, cap;
  int64_t tokens; /* bytes of the live tokens */
  int64_t anon;
} live_t;

/* The walk of one function. */
typedef struct fwalk fwalk_t;
struct fwalk {
  buf_fold_env_t env;    /* first: what the walk knows, for op folds */
  peak_ctx_t *pc;
  func_summary_t *sum;
  fwalk_t *parent;       /* the caller's walk, for a walk per call site */
  buf_op_t *call;        /* the call there, whose operands are our args */
  int64_t *token_bytes;
  uint32_t num_tokens, cap_tokens;
  uint32_t free_floor;   /* tokens below it are from outside the loop being
                          * walked: never freed there */
  buf__ptrmap_t alias;   /* value -> the value it is a view of */
  buf__ptrmap_t token;   /* root value -> token + 1 */
  buf__ptrmap_t ints;    /* integer value -> int_values index + 1 */
  buf__ptrmap_t freed;   /* roots without a token that were deallocated */
  int64_t *int_values;
  uint32_t num_ints, cap_ints;
  live_t live;
  int64_t peak;
  bool unknown;
  bool returned;         /* a func.return was seen */
};

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    abort(); /* out of memory only */
  return p;
}

/* Saturating arithmetic: a sum past INT64_MAX is unknown, not wrapped. */
static int64_t add_bytes(fwalk_t *w, int64_t a, int64_t b) {
  if (a > INT64_MAX - b) {
    w->unknown = true;
    return 0;
  }
  return a + b;
}

static int64_t mul_bytes(fwalk_t *w, int64_t a, int64_t n) {
  if (a && n > INT64_MAX / a) {
    w->unknown = true;
    return 0;
  }
  return a * n;
}

/* ------------------------------------------------------------------------ */
/* Live sets                                                                 */
/* ------------------------------------------------------------------------ */

static int64_t live_bytes(const fwalk_t *w, const live_t *l) {
  (void)w;
  return l->tokens + l->anon; /* both bounded by add_bytes */
}

static void live_push(fwalk_t *w, live_t *l, uint32_t id) {
  l->tokens = add_bytes(w, l->tokens, w->token_bytes[id]);
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 8;
    l->ids = xrealloc(l->ids, l->cap * sizeof *l->ids);
  }
  l->ids[l->n++] = id;
}

static bool live_has(const live_t *l, uint32_t id) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->ids[i] == id)
      return true;
  return false;
}

static live_t live_copy(const live_t *l) {
  if (!l->n)
    return (live_t){NULL, 0, 0, 0, l->anon};
  live_t c = *l;
  c.ids = xrealloc(NULL, (l->n ? l->n : 1) * sizeof *c.ids);
  c.cap = l->n ? l->n : 1;
  memcpy(c.ids, l->ids, l->n * sizeof *c.ids);
  return c;
}

/* into := what is live after either path (the union; the larger anon). */
static void live_join(fwalk_t *w, live_t *into, const live_t *other) {
  for (uint32_t i = 0; i < other->n; i++)
    if (!live_has(into, other->ids[i]))
      live_push(w, into, other->ids[i]);
  if (other->anon > into->anon)
    into->anon = other->anon;
}

static void note_peak(fwalk_t *w) {
  int64_t b = live_bytes(w, &w->live);
  if (b > w->peak)
    w->peak = b;
}

/* ------------------------------------------------------------------------ */
/* Values                                                                    */
/* ------------------------------------------------------------------------ */

/* The allocation a memref value is a view of (itself when none known). */
static buf_value_t *root_of(const fwalk_t *w, buf_value_t *v) {
  buf_value_t *a;
  while ((a = buf__ptrmap_get(&w->alias, v)))
    v = a;
  return v;
}

/* Token of v's allocation, or -1. */
static int64_t token_of(const fwalk_t *w, buf_value_t *v) {
  uintptr_t t = (uintptr_t)buf__ptrmap_get(&w->token, root_of(w, v));
  return t ? (int64_t)t - 1 : -1;
}

/* The buffer that op's result 0 looks into: a view's source, or the buffer
 * whose base a metadata op returns (extract_strided_metadata); NULL for
 * any other op. */
static buf_value_t *viewed_buffer(const buf_op_t *op) {
  buf_value_t *src = buf_op_view_source(op);
  if (src || !op->num_operands || !op->num_results)
    return src;
  return buf_op_has_trait(op, BUF_TRAIT_METADATA_ONLY) &&
                 op->results[0].type->kind == BUF_TYPE_MEMREF
             ? buf_op_operand(op, 0)
             : NULL;
}

int64_t buf__heap_elem_bytes(buf_type_t e) {
  if (e->kind != BUF_TYPE_INDEX && !buf_type_is_integer(e) &&
      !buf_type_is_float(e))
    return -1;
  return (buf_type_bitwidth(e) + 7) / 8;
}

int64_t buf__heap_buffer_bytes(buf_type_t t, const int64_t *shape,
                               bool contiguous) {
  if (t->kind != BUF_TYPE_MEMREF)
    return -1;
  int64_t eb = buf__heap_elem_bytes(t->u.shaped.elem);
  if (eb < 0)
    return -1;
  uint32_t rank = t->u.shaped.rank;
  int64_t strides[64], offset = 0;
  bool layout = t->u.shaped.layout && !contiguous;
  if (rank > 64 ||
      (layout && (BUF_FAILED(buf_type_memref_strides(t, strides, &offset)) ||
                  offset == BUF_DYNAMIC || offset < 0)))
    return -1;
  if (!layout) { /* row-major over the actual sizes */
    int64_t run = 1;
    for (uint32_t d = rank; d-- > 0;) {
      strides[d] = run;
      if (shape[d] > 0 && run > INT64_MAX / 2 / shape[d])
        return -1;
      run *= shape[d] > 0 ? shape[d] : 1;
    }
  }
  int64_t hi = offset;
  for (uint32_t d = 0; d < rank; d++) {
    int64_t size = shape[d];
    if (size == BUF_DYNAMIC || size < 0)
      return -1;
    if (size == 0)
      return offset * eb;
    if (strides[d] == BUF_DYNAMIC)
      return -1;
    if (strides[d] > 0) {
      if (size - 1 > (INT64_MAX / 2 - hi) / strides[d])
        return -1;
      hi += (size - 1) * strides[d];
    }
  }
  if (hi + 1 > INT64_MAX / eb)
    return -1;
  return (hi + 1) * eb;
}

/* The caller's operand for v when v is an argument of the function walked
 * for one call site (then *w becomes the caller's walk); NULL otherwise. */
static buf_value_t *caller_operand(const fwalk_t **w, buf_value_t *v) {
  const fwalk_t *c = *w;
  if (v->def || !c->call || !v->block || !v->block->region ||
      v->block->region->op != c->sum->func ||
      v->block != v->block->region->first || v->index >= c->call->num_operands)
    return NULL;
  *w = c->parent;
  return buf_op_operand(c->call, v->index);
}

/* An integer value the walk folded from constants and static sizes: true
 * with *out set, false when it depends on run time. */
static bool known_int(const fwalk_t *w, buf_value_t *v, int64_t *out) {
  for (;;) {
    uintptr_t k = (uintptr_t)buf__ptrmap_get(&w->ints, v);
    if (k) {
      *out = w->int_values[k - 1];
      return true;
    }
    if (!(v = caller_operand(&w, v)))
      return false;
  }
}

static void set_known_int(fwalk_t *w, buf_value_t *v, int64_t x) {
  if (w->num_ints == w->cap_ints) {
    w->cap_ints = w->cap_ints ? w->cap_ints * 2 : 16;
    w->int_values = xrealloc(w->int_values, w->cap_ints * sizeof *w->int_values);
  }
  w->int_values[w->num_ints++] = x;
  buf__ptrmap_set(&w->ints, v, (void *)(uintptr_t)w->num_ints);
}

/* Bytes of the buffer of a heap allocation: its type's sizes, the dynamic
 * ones from the op's index operands in order (memref.alloc's dynamic
 * sizes, realloc's new size) when those are known. An allocation that
 * reads a buffer copies its elements into a contiguous one (clone,
 * realloc); a fresh one takes the extent of its layout. */
static int64_t heap_alloc_bytes(const fwalk_t *w, buf_op_t *op) {
  buf_type_t t = op->results[0].type;
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > 64)
    return -1;
  int64_t shape[64];
  bool copy = false;
  uint32_t next = 0; /* the next operand to look at for a dynamic size */
  for (uint32_t i = 0; i < op->num_operands; i++)
    copy |= (buf_op_operand_effect(op, i) & BUF_EFFECT_READ) != 0;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++) {
    shape[d] = t->u.shaped.shape[d];
    if (shape[d] != BUF_DYNAMIC)
      continue;
    while (next < op->num_operands &&
           buf_op_operand(op, next)->type->kind != BUF_TYPE_INDEX)
      next++;
    if (next >= op->num_operands ||
        !known_int(w, buf_op_operand(op, next++), &shape[d]))
      return -1;
  }
  return buf__heap_buffer_bytes(t, shape, copy);
}

/* A fresh allocation of `bytes` (negative: not static) named by v. */
static void add_token(fwalk_t *w, buf_value_t *v, int64_t bytes) {
  if (bytes < 0) {
    w->unknown = true;
    bytes = 0;
  }
  if (w->num_tokens == w->cap_tokens) {
    w->cap_tokens = w->cap_tokens ? w->cap_tokens * 2 : 16;
    w->token_bytes = xrealloc(w->token_bytes,
                              w->cap_tokens * sizeof *w->token_bytes);
  }
  uint32_t id = w->num_tokens++;
  w->token_bytes[id] = bytes;
  buf__ptrmap_set(&w->token, v, (void *)(uintptr_t)(id + 1));
  live_push(w, &w->live, id);
  note_peak(w);
}

/* Frees the allocation v is a view of, when it is known, live, and not
 * from outside the loop being walked (that would free it every iteration). */
static void free_value(fwalk_t *w, buf_value_t *v) {
  int64_t t = token_of(w, v);
  if (t < 0) /* an argument's buffer, say: its address may come back */
    buf__ptrmap_set(&w->freed, root_of(w, v), (void *)1);
  if (t < (int64_t)w->free_floor)
    return;
  for (uint32_t i = 0; i < w->live.n; i++)
    if (w->live.ids[i] == (uint32_t)t) {
      w->live.ids[i] = w->live.ids[--w->live.n];
      w->live.tokens -= w->token_bytes[t];
      return;
    }
}

/* A buffer that exists for as long as the function runs: an argument of
 * the function or a global. */
static bool is_lasting(const fwalk_t *w, buf_value_t *root) {
  if (buf__ptrmap_get(&w->freed, root))
    return false;
  if (root->def)
    return buf_op_alloc_kind(root->def) == BUF_ALLOC_GLOBAL;
  return root->block && root->block->region &&
         root->block->region->op == w->sum->func &&
         root->block == root->block->region->first;
}

/* Whether memrefs a and b have the same base pointer: 1 yes, 0 no, -1
 * unknown. */
static int same_base(const fwalk_t *w, buf_value_t *a, buf_value_t *b) {
  buf_value_t *ra = root_of(w, a), *rb = root_of(w, b);
  if (ra == rb)
    return 1;
  int64_t ta = token_of(w, ra), tb = token_of(w, rb);
  bool la = ta >= 0 && live_has(&w->live, (uint32_t)ta);
  bool lb = tb >= 0 && live_has(&w->live, (uint32_t)tb);
  if ((la && (lb || is_lasting(w, rb))) || (lb && is_lasting(w, ra)))
    return 0;
  return -1;
}

/* The walk's answers to the op folds (buf_fold_env_t): folded integers,
 * and the pointers of two buffers (BUF_TRAIT_BUFFER_ADDRESS) compared by
 * what the walk knows of the buffers. */
static bool env_int_of(const buf_fold_env_t *env, buf_value_t *v,
                       int64_t *out) {
  return known_int((const fwalk_t *)env, v, out);
}

static int env_same_value(const buf_fold_env_t *env, buf_value_t *a,
                          buf_value_t *b) {
  if (a == b)
    return 1;
  if (a->def && b->def &&
      buf_op_has_trait(a->def, BUF_TRAIT_BUFFER_ADDRESS) &&
      buf_op_has_trait(b->def, BUF_TRAIT_BUFFER_ADDRESS))
    return same_base((const fwalk_t *)env, buf_op_operand(a->def, 0),
                     buf_op_operand(b->def, 0));
  return -1;
}

/* The caller's operand for an argument of a function walked for one call
 * site, at whichever level of the walk's callers it is. */
static buf_value_t *env_outer(const buf_fold_env_t *env, buf_value_t *v) {
  for (const fwalk_t *w = (const fwalk_t *)env; w; w = w->parent) {
    const fwalk_t *at = w;
    buf_value_t *o = caller_operand(&at, v);
    if (o)
      return o;
  }
  return NULL;
}

/* Folds an integer op (sizes, bounds, the conditions that guard frees). */
static void fold_op(fwalk_t *w, buf_op_t *op) {
  int64_t x;
  if (buf_op_fold_int(op, &w->env, &x))
    set_known_int(w, buf_op_result(op, 0), x);
}

/* ------------------------------------------------------------------------ */
/* Walk                                                                      */
/* ------------------------------------------------------------------------ */

static void walk_region(fwalk_t *w, buf_region_t *r);
static func_summary_t *summarize(peak_ctx_t *pc, buf_op_t *func);
static void walk_function(peak_ctx_t *pc, func_summary_t *s, fwalk_t *parent,
                          buf_op_t *call);
static void init_results(func_summary_t *s);

/* Walks the regions of a loop-like op: one iteration without freeing what
 * was live before, scaled by the trip count. */
static void walk_loop(fwalk_t *w, buf_op_t *op, int64_t trips, bool parallel) {
  if (trips == 0)
    return;
  live_t before = live_copy(&w->live);
  int64_t base = live_bytes(w, &before);
  int64_t outer_peak = w->peak;
  uint32_t outer_floor = w->free_floor;
  w->free_floor = w->num_tokens;
  w->peak = base;
  for (uint32_t i = 0; i < op->num_regions; i++)
    walk_region(w, op->regions[i]);
  int64_t rise = w->peak - base;                      /* one iteration */
  int64_t kept = live_bytes(w, &w->live) - base;      /* left by it */
  w->free_floor = outer_floor;
  w->peak = outer_peak;
  free(w->live.ids);
  w->live = before;
  if (rise == 0 && kept == 0)
    return;
  if (trips < 0) {
    if (parallel || kept > 0)
      w->unknown = true;
    trips = 1;
  }
  /* sequential: iteration k starts with (k-1) * kept more; parallel: all
   * iterations' rises at once */
  int64_t top = parallel ? mul_bytes(w, rise, trips)
                         : add_bytes(w, mul_bytes(w, kept, trips - 1), rise);
  int64_t candidate = add_bytes(w, base, top);
  if (candidate > w->peak)
    w->peak = candidate;
  w->live.anon = add_bytes(w, w->live.anon, mul_bytes(w, kept, trips));
}

/* A region branch: the region the known operands select, its results
 * what that region yields; otherwise every region from the same start,
 * joined (an empty region is the path that runs nothing). */
static void walk_branch(fwalk_t *w, buf_op_t *op) {
  int32_t taken = buf_op_entry_region(op, &w->env);
  if (taken >= 0) {
    buf_region_t *r = op->regions[taken];
    buf_block_t *b = buf_region_entry(r);
    if (!b)
      return;
    walk_region(w, r);
    buf_op_t *y = b->last;
    if (y && buf_op_has_trait(y, BUF_TRAIT_RETURN_LIKE) &&
        y->num_operands == op->num_results)
      for (uint32_t i = 0; i < op->num_results; i++)
        buf__ptrmap_set(&w->alias, buf_op_result(op, i), buf_op_operand(y, i));
    return;
  }
  live_t before = live_copy(&w->live);
  for (uint32_t i = 0; i < op->num_regions; i++) {
    live_t after_prev = w->live;
    w->live = live_copy(&before);
    walk_region(w, op->regions[i]);
    if (i > 0)
      live_join(w, &w->live, &after_prev);
    free(after_prev.ids);
  }
  free(before.ids);
}

static void walk_call(fwalk_t *w, buf_op_t *op) {
  buf_op_t *f = buf_op_callee(op);
  if (!f) { /* indirect */
    w->unknown = true;
    return;
  }
  func_summary_t *s = summarize(w->pc, f);
  if (!s) /* a declaration: the runtime's functions do not allocate */
    return;
  func_summary_t here = {.func = f, .allocates = true};
  if (s->peak == PEAK_UNKNOWN && s->state == SUM_DONE) {
    /* unknown in general (sizes from arguments, say): walk it again as
     * called from here, unless it is already being walked (recursion) or
     * the program is too large for walks per call */
    bool recursive = false;
    for (fwalk_t *a = w; a && !recursive; a = a->parent)
      recursive = a->sum->func == f;
    if (!recursive && w->pc->context_walks < PEAK_MAX_CONTEXT_WALKS) {
      w->pc->context_walks++;
      init_results(&here);
      walk_function(w->pc, &here, w, op);
      s = &here;
    }
  }
  if (s->peak == PEAK_UNKNOWN) {
    w->unknown = true;
    free(here.result_bytes);
    return;
  }
  int64_t top = add_bytes(w, live_bytes(w, &w->live), s->peak);
  if (top > w->peak)
    w->peak = top;
  for (uint32_t i = 0; i < op->num_results && i < s->num_results; i++)
    if (s->result_bytes[i] > 0)
      add_token(w, buf_op_result(op, i), s->result_bytes[i]);
  w->live.anon = add_bytes(w, w->live.anon, s->leftover);
  note_peak(w);
  free(here.result_bytes);
}

static void walk_return(fwalk_t *w, buf_op_t *op) {
  func_summary_t *s = w->sum;
  int64_t returned = 0;
  for (uint32_t i = 0; i < op->num_operands && i < s->num_results; i++) {
    int64_t t = token_of(w, buf_op_operand(op, i));
    bool first = t >= 0 && live_has(&w->live, (uint32_t)t);
    for (uint32_t j = 0; first && j < i; j++)
      first = token_of(w, buf_op_operand(op, j)) != t;
    int64_t b = first ? w->token_bytes[t] : 0;
    returned += b;
    if (!w->returned || b > s->result_bytes[i])
      s->result_bytes[i] = b;
  }
  int64_t left = live_bytes(w, &w->live) - returned;
  if (!w->returned || left > s->leftover)
    s->leftover = left;
  w->returned = true;
}

/* Frees that happen whenever op runs (not bufferization.dealloc's, which
 * depend on conditions). */
static bool frees_always(const buf_op_t *op) {
  return buf_op_has_trait(op, BUF_TRAIT_FREE) &&
         !buf_op_has_trait(op, BUF_TRAIT_CONDITIONAL_FREE);
}

static void walk_op(fwalk_t *w, buf_op_t *op) {
  bool allocates = buf_op_alloc_kind(op) == BUF_ALLOC_HEAP;
  buf_value_t *viewed;
  if (allocates || frees_always(op)) {
    if (allocates) /* before its frees: realloc frees its old buffer */
      add_token(w, buf_op_result(op, 0), heap_alloc_bytes(w, op));
    for (uint32_t i = 0; frees_always(op) && i < op->num_operands; i++)
      if (buf_op_operand_effect(op, i) & BUF_EFFECT_FREE)
        free_value(w, buf_op_operand(op, i));
  } else if ((viewed = viewed_buffer(op))) {
    buf__ptrmap_set(&w->alias, buf_op_result(op, 0), viewed);
  } else if (buf_op_has_trait(op, BUF_TRAIT_CALL)) {
    walk_call(w, op);
  } else if (buf_op_is_function_return(op)) {
    walk_return(w, op);
  } else if (buf_op_has_trait(op, BUF_TRAIT_REGION_BRANCH)) {
    walk_branch(w, op);
  } else if (buf_op_has_trait(op, BUF_TRAIT_LOOP)) {
    walk_loop(w, op, buf_op_trip_count(op, &w->env),
              buf_op_has_trait(op, BUF_TRAIT_PARALLEL));
  } else if (op->num_regions) {
    /* any other op with regions (linalg payloads, ...): a loop as far as
     * we know */
    walk_loop(w, op, -1, false);
  } else {
    fold_op(w, op);
  }
}

static void walk_block(fwalk_t *w, buf_block_t *b) {
  for (buf_op_t *op = b->first; op; op = op->next)
    walk_op(w, op);
}

/* Whether op (or anything nested in it) may allocate on the heap, itself
 * or in a function it calls. */
static bool op_allocates(const peak_ctx_t *pc, buf_op_t *op);

static bool region_allocates(const peak_ctx_t *pc, buf_region_t *r) {
  for (buf_block_t *b = r->first; b; b = b->next)
    for (buf_op_t *op = b->first; op; op = op->next)
      if (op_allocates(pc, op))
        return true;
  return false;
}

static bool op_allocates(const peak_ctx_t *pc, buf_op_t *op) {
  if (buf_op_alloc_kind(op) == BUF_ALLOC_HEAP)
    return true;
  if (buf_op_has_trait(op, BUF_TRAIT_CALL)) {
    buf_op_t *f = buf_op_callee(op);
    if (!f) /* indirect: anything may happen */
      return true;
    uintptr_t i = (uintptr_t)buf__ptrmap_get(&pc->index, f);
    return i && pc->funcs[i - 1].allocates;
  }
  for (uint32_t i = 0; i < op->num_regions; i++)
    if (region_allocates(pc, op->regions[i]))
      return true;
  return false;
}

/* A region of several blocks: blocks in an order where predecessors come
 * first, each starting from the join of its predecessors' ends. */
static void walk_cfg(fwalk_t *w, buf_region_t *r) {
  uint32_t nb = 0;
  for (buf_block_t *b = r->first; b; b = b->next)
    nb++;
  buf_block_t **blocks = xrealloc(NULL, nb * sizeof *blocks);
  buf__ptrmap_t idx = {0};
  nb = 0;
  for (buf_block_t *b = r->first; b; b = b->next) {
    blocks[nb] = b;
    buf__ptrmap_set(&idx, b, (void *)(uintptr_t)++nb);
  }
  /* Kahn's algorithm over the successor edges */
  uint32_t *indeg = calloc(nb, sizeof *indeg), *order = xrealloc(NULL, nb * sizeof *order);
  live_t *at = calloc(nb, sizeof *at);
  bool *reached = calloc(nb, sizeof *reached);
  if (!indeg || !at || !reached)
    abort();
  for (uint32_t i = 0; i < nb; i++) {
    buf_op_t *t = blocks[i]->last;
    for (uint32_t s = 0; t && s < t->num_successors; s++)
      indeg[(uintptr_t)buf__ptrmap_get(&idx, t->successors[s]) - 1]++;
  }
  uint32_t head = 0, tail = 0;
  for (uint32_t i = 0; i < nb; i++)
    if (!indeg[i])
      order[tail++] = i;
  while (head < tail) {
    buf_op_t *t = blocks[order[head++]]->last;
    for (uint32_t s = 0; t && s < t->num_successors; s++) {
      uint32_t j = (uint32_t)(uintptr_t)buf__ptrmap_get(&idx, t->successors[s]) - 1;
      if (--indeg[j] == 0)
        order[tail++] = j;
    }
  }
  if (tail < nb) { /* a cycle */
    if (region_allocates(w->pc, r))
      w->unknown = true;
    /* frees inside a cycle may repeat on the same buffer: free nothing */
    uint32_t floor = w->free_floor;
    w->free_floor = UINT32_MAX;
    live_t before = live_copy(&w->live);
    for (uint32_t i = 0; i < nb; i++)
      walk_block(w, blocks[i]);
    w->free_floor = floor;
    free(w->live.ids);
    w->live = before;
  } else {
    live_t entry_state = w->live, exit_state = {0};
    bool any_exit = false;
    at[0] = entry_state;
    reached[0] = true;
    for (uint32_t k = 0; k < nb; k++) {
      uint32_t i = order[k];
      if (!reached[i])
        continue; /* unreachable from the entry */
      w->live = at[i];
      walk_block(w, blocks[i]);
      at[i] = w->live;
      buf_op_t *t = blocks[i]->last;
      if (!t || !t->num_successors) {
        if (any_exit)
          live_join(w, &exit_state, &at[i]);
        else
          exit_state = live_copy(&at[i]);
        any_exit = true;
      }
      for (uint32_t s = 0; t && s < t->num_successors; s++) {
        uint32_t j = (uint32_t)(uintptr_t)buf__ptrmap_get(&idx, t->successors[s]) - 1;
        if (reached[j]) {
          live_join(w, &at[j], &at[i]);
        } else {
          at[j] = live_copy(&at[i]);
          reached[j] = true;
        }
      }
    }
    for (uint32_t i = 0; i < nb; i++)
      if (reached[i])
        free(at[i].ids);
    w->live = any_exit ? exit_state : (live_t){0};
  }
  free(blocks);
  free(indeg);
  free(order);
  free(at);
  free(reached);
  buf__ptrmap_free(&idx);
}

static void walk_region(fwalk_t *w, buf_region_t *r) {
  if (!r->first)
    return;
  if (r->first == r->last)
    walk_block(w, r->first);
  else
    walk_cfg(w, r);
}

/* The summary of func (walked on first use); NULL for a declaration or
 * anything that is not a func.func. */
/* Walks func's body into s (num_results and result_bytes set up): with
 * parent and call, as called from that call, whose operands' known sizes
 * and values stand for the arguments. */
static void walk_function(peak_ctx_t *pc, func_summary_t *s, fwalk_t *parent,
                          buf_op_t *call) {
  fwalk_t w = {.env = {env_int_of, env_same_value, env_outer},
               .pc = pc, .sum = s, .parent = parent, .call = call};
  walk_region(&w, s->func->regions[0]);
  s->peak = w.unknown || s->peak == PEAK_UNKNOWN ? PEAK_UNKNOWN : w.peak;
  free(w.token_bytes);
  free(w.live.ids);
  buf__ptrmap_free(&w.alias);
  buf__ptrmap_free(&w.token);
  buf__ptrmap_free(&w.ints);
  buf__ptrmap_free(&w.freed);
  free(w.int_values);
}

static void init_results(func_summary_t *s) {
  buf_attr_t ft = buf_op_attr(s->func, "function_type");
  s->num_results = ft && ft->kind == BUF_ATTR_TYPE &&
                           ft->type->kind == BUF_TYPE_FUNCTION
                       ? ft->type->u.func.num_results
                       : 0;
  s->result_bytes = calloc(s->num_results + 1, sizeof *s->result_bytes);
  if (!s->result_bytes)
    abort(); /* out of memory only */
}

static func_summary_t *summarize(peak_ctx_t *pc, buf_op_t *func) {
  uintptr_t i = (uintptr_t)buf__ptrmap_get(&pc->index, func);
  if (!i)
    return NULL;
  func_summary_t *s = &pc->funcs[i - 1];
  if (s->state == SUM_DONE)
    return s;
  if (s->state == SUM_WALKING) { /* recursion */
    s->peak = PEAK_UNKNOWN;
    return s;
  }
  if (!func->num_regions || !func->regions[0]->first)
    return NULL;
  if (!s->allocates) { /* recursion or not, nothing to count */
    s->state = SUM_DONE;
    s->peak = 0;
    return s;
  }
  s->state = SUM_WALKING;
  init_results(s);
  walk_function(pc, s, NULL, NULL);
  s->state = SUM_DONE;
  return s;
}

buf__heap_peak_t *buf__heap_peak_bytes(buf_op_t *module, uint32_t *num) {
  buf_block_t *body = module->num_regions && module->regions[0]->first
                          ? buf_region_entry(module->regions[0])
                          : NULL;
  peak_ctx_t pc = {.module = module};
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    pc.num_funcs += buf_op_has_trait(op, BUF_TRAIT_FUNCTION);
  pc.funcs = calloc(pc.num_funcs + 1, sizeof *pc.funcs);
  buf__heap_peak_t *out = calloc(pc.num_funcs + 1, sizeof *out);
  if (!pc.funcs || !out)
    abort(); /* out of memory only */
  uint32_t n = 0;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION)) {
      pc.funcs[n].func = op;
      buf__ptrmap_set(&pc.index, op, (void *)(uintptr_t)++n);
    }
  /* which functions may allocate: a fixpoint over the calls, as
   * recursion makes any single order wrong */
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 0; i < n; i++) {
      func_summary_t *s = &pc.funcs[i];
      if (!s->allocates && s->func->num_regions &&
          region_allocates(&pc, s->func->regions[0])) {
        s->allocates = true;
        changed = true;
      }
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    func_summary_t *s = summarize(&pc, pc.funcs[i].func);
    out[i] = (buf__heap_peak_t){pc.funcs[i].func, s ? s->peak : PEAK_UNKNOWN};
  }
  for (uint32_t i = 0; i < n; i++)
    free(pc.funcs[i].result_bytes);
  free(pc.funcs);
  buf__ptrmap_free(&pc.index);
  *num = n;
  return out;
}
