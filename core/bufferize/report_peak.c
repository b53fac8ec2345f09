/*
 * report_peak.c: the peak live heap bytes of every function of a program,
 * found statically, for the bufferization report.
 *
 * A function is walked once in program order with an abstract heap: each
 * memref.alloc / bufferization.clone / memref.realloc with a static size is
 * a token of known bytes, live until a memref.dealloc of it (through casts,
 * subviews and other views of it). The peak of the live bytes is the answer,
 * counted from 0 at the function's entry, callees included. The number is an
 * upper bound of every run and is exact on straight-line code:
 *   - scf.if: the branch its condition selects when the condition is known
 *     (the pointer comparisons that lowered deallocations guard frees with
 *     are folded: a view and its base share a pointer, two live
 *     allocations, or an allocation and an argument or global, do not);
 *     otherwise both branches, joined: what either leaves live stays live;
 *   - loops: one iteration is walked without freeing anything from outside
 *     it; bytes an iteration leaves live are multiplied by the trip count
 *     (scf.forall and scf.parallel iterations are taken as all live at
 *     once); an unknown trip count with such bytes makes the peak unknown;
 *   - func.call adds the callee's peak on top of what is live, then keeps
 *     what the callee returns as tokens of the call's results (so the
 *     caller's dealloc frees them) and anything else it left live forever;
 *     calls of declarations allocate nothing on the heap (only the
 *     interpreter's runtime functions have no body), recursion and
 *     call_indirect make the peak unknown;
 *   - blocks of a region with branches are walked in an order where every
 *     predecessor comes first, joining predecessors; a cycle that
 *     allocates makes the peak unknown;
 *   - a dynamic size, or an element type whose size is not plain, makes
 *     the peak unknown rather than guessed.
 * memref.alloca, globals and tensors are not heap and are not counted.
 *
 * Invariants: the walk only reads the IR; all memory is freed before
 * buf__bz_peak_bytes returns except the array it returns.
 */
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"

#define PEAK_UNKNOWN (-1)

/* Ops whose result is a view of operand 0's allocation (same base pointer
 * for extract_aligned_pointer_as_index, freed by freeing the base). */
static const char *const view_ops[] = {
    "memref.cast",          "memref.subview",       "memref.reinterpret_cast",
    "memref.expand_shape",  "memref.collapse_shape", "memref.view",
    "memref.transpose",     "memref.assume_alignment", "memref.memory_space_cast",
    "memref.extract_strided_metadata", /* result 0: the base buffer */
};

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
  buf__ptrmap_t known;   /* i1 value -> 1 (false) or 2 (true) */
  buf__ptrmap_t ints;    /* index/integer value -> int_values index + 1 */
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

static bool is_view_op(const buf_op_t *op) {
  for (size_t i = 0; i < sizeof view_ops / sizeof view_ops[0]; i++)
    if (strcmp(op->name, view_ops[i]) == 0)
      return true;
  return false;
}

/* Bytes of an element as the interpreter stores it; -1 when not a plain
 * integer, float or index. */
static int64_t elem_bytes(buf_type_t e) {
  if (e->kind != BUF_TYPE_INDEX && !buf_type_is_integer(e) &&
      !buf_type_is_float(e))
    return -1;
  return (buf_type_bitwidth(e) + 7) / 8;
}

/* Bytes the interpreter gives an allocation of memref type t with sizes
 * shape (its extent under the layout, times the element size); -1 when
 * not known statically. */
static int64_t alloc_bytes(buf_type_t t, const int64_t *shape) {
  if (t->kind != BUF_TYPE_MEMREF)
    return -1;
  int64_t eb = elem_bytes(t->u.shaped.elem);
  if (eb < 0)
    return -1;
  uint32_t rank = t->u.shaped.rank;
  int64_t strides[64], offset = 0;
  if (rank > 64 || BUF_FAILED(buf_type_memref_strides(t, strides, &offset)) ||
      offset == BUF_DYNAMIC || offset < 0)
    return -1;
  if (!t->u.shaped.layout) { /* row-major over the actual sizes */
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

/* An index or integer value computed from constants and static sizes
 * only: true with *out set, false when it depends on run time. */
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

/* Static size of dimension d of memref v, looking through casts to the
 * allocation or argument whose type knows it. */
static bool static_dim(const fwalk_t *w, buf_value_t *v, int64_t d,
                       int64_t *out) {
  for (;;) {
    buf_type_t t = v->type;
    if (t->kind != BUF_TYPE_MEMREF || d < 0 || d >= t->u.shaped.rank)
      return false;
    if (t->u.shaped.shape[d] != BUF_DYNAMIC) {
      *out = t->u.shaped.shape[d];
      return true;
    }
    if (v->def && strcmp(v->def->name, "memref.cast") == 0)
      v = buf_op_operand(v->def, 0);
    else if (!(v = caller_operand(&w, v)))
      return false;
  }
}

/* Folds the index arithmetic that computes allocation sizes. */
static void eval_int(fwalk_t *w, buf_op_t *op) {
  buf_value_t *r = buf_op_result(op, 0);
  int64_t a, b;
  if (strcmp(op->name, "arith.constant") == 0) {
    buf_attr_t v = buf_op_attr(op, "value");
    if (v && v->kind == BUF_ATTR_INTEGER)
      set_known_int(w, r, v->u.i);
  } else if (strcmp(op->name, "memref.dim") == 0) {
    if (known_int(w, buf_op_operand(op, 1), &b) &&
        static_dim(w, buf_op_operand(op, 0), b, &a))
      set_known_int(w, r, a);
  } else if (op->num_operands == 2 && known_int(w, buf_op_operand(op, 0), &a) &&
             known_int(w, buf_op_operand(op, 1), &b) &&
             a >= 0 && b >= 0 && a < (INT64_C(1) << 31) && b < (INT64_C(1) << 31)) {
    /* small non-negative operands: no overflow, signedness irrelevant */
    if (strcmp(op->name, "arith.addi") == 0)
      set_known_int(w, r, a + b);
    else if (strcmp(op->name, "arith.subi") == 0 && a >= b)
      set_known_int(w, r, a - b);
    else if (strcmp(op->name, "arith.muli") == 0)
      set_known_int(w, r, a * b);
    else if ((strcmp(op->name, "arith.divui") == 0 ||
              strcmp(op->name, "arith.divsi") == 0) && b)
      set_known_int(w, r, a / b);
    else if (strcmp(op->name, "arith.ceildivsi") == 0 && b)
      set_known_int(w, r, (a + b - 1) / b);
    else if ((strcmp(op->name, "arith.minsi") == 0 ||
              strcmp(op->name, "arith.minui") == 0))
      set_known_int(w, r, a < b ? a : b);
    else if ((strcmp(op->name, "arith.maxsi") == 0 ||
              strcmp(op->name, "arith.maxui") == 0))
      set_known_int(w, r, a > b ? a : b);
  }
}

/* Bytes of a memref.alloc / memref.realloc: its type's sizes, the dynamic
 * ones from its size operands when those are known. */
static int64_t alloc_op_bytes(const fwalk_t *w, buf_op_t *op) {
  buf_type_t t = op->results[0].type;
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > 64)
    return -1;
  int64_t shape[64];
  uint32_t len, start, next = 0;
  bool realloc_op = strcmp(op->name, "memref.realloc") == 0;
  start = realloc_op ? 1 : buf_op_segment(op, 0, &len);
  if (realloc_op)
    len = op->num_operands - 1;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++) {
    shape[d] = t->u.shaped.shape[d];
    if (shape[d] == BUF_DYNAMIC &&
        (next >= len ||
         !known_int(w, buf_op_operand(op, start + next++), &shape[d])))
      return -1;
  }
  return alloc_bytes(t, shape);
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
    return strcmp(root->def->name, "memref.get_global") == 0;
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

/* 0 false, 1 true, -1 unknown. */
static int known_bool(const fwalk_t *w, buf_value_t *v) {
  uintptr_t k = (uintptr_t)buf__ptrmap_get(&w->known, v);
  return k ? (int)k - 1 : -1;
}

static void set_known(fwalk_t *w, buf_value_t *v, int b) {
  if (b >= 0)
    buf__ptrmap_set(&w->known, v, (void *)(uintptr_t)(b + 1));
}

/* The pointer of an extract_aligned_pointer_as_index, or NULL. */
static buf_value_t *pointer_of(buf_value_t *v) {
  return v->def &&
                 strcmp(v->def->name,
                        "memref.extract_aligned_pointer_as_index") == 0
             ? buf_op_operand(v->def, 0)
             : NULL;
}

static int64_t cmpi_predicate(const buf_op_t *op) {
  buf_attr_t p = buf_op_attr(op, "predicate");
  return p && p->kind == BUF_ATTR_INTEGER ? p->u.i : -1;
}

/* Folds the i1 ops that guard lowered deallocations. */
static void eval_i1(fwalk_t *w, buf_op_t *op) {
  buf_value_t *r = buf_op_result(op, 0);
  if (strcmp(op->name, "arith.constant") == 0) {
    buf_attr_t a = buf_op_attr(op, "value");
    if (a && a->kind == BUF_ATTR_BOOL)
      set_known(w, r, a->u.b);
    else if (a && a->kind == BUF_ATTR_INTEGER)
      set_known(w, r, a->u.i != 0);
    return;
  }
  if (op->num_operands != 2)
    return;
  buf_value_t *x = buf_op_operand(op, 0), *y = buf_op_operand(op, 1);
  int a = known_bool(w, x), b = known_bool(w, y);
  if (strcmp(op->name, "arith.andi") == 0) {
    set_known(w, r, a == 0 || b == 0 ? 0 : a == 1 && b == 1 ? 1 : -1);
  } else if (strcmp(op->name, "arith.ori") == 0) {
    set_known(w, r, a == 1 || b == 1 ? 1 : a == 0 && b == 0 ? 0 : -1);
  } else if (strcmp(op->name, "arith.xori") == 0) {
    set_known(w, r, a >= 0 && b >= 0 ? a ^ b : -1);
  } else if (strcmp(op->name, "arith.cmpi") == 0) {
    int64_t pred = cmpi_predicate(op); /* 0 eq, 1 ne */
    int eq = x == y ? 1 : -1;
    buf_value_t *px = pointer_of(x), *py = pointer_of(y);
    if (eq < 0 && px && py)
      eq = same_base(w, px, py);
    int64_t u, v;
    if (known_int(w, x, &u) && known_int(w, y, &v) && u >= 0 && v >= 0) {
      /* non-negative: signed and unsigned orders agree */
      bool results[10] = {u == v, u != v, u < v, u <= v, u > v,
                          u >= v, u < v, u <= v, u > v, u >= v};
      if (pred >= 0 && pred < 10)
        set_known(w, r, results[pred]);
    } else if (eq >= 0 && (pred == 0 || pred == 1)) {
      set_known(w, r, pred == 0 ? eq : !eq);
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Walk                                                                      */
/* ------------------------------------------------------------------------ */

static void walk_region(fwalk_t *w, buf_region_t *r);
static func_summary_t *summarize(peak_ctx_t *pc, buf_op_t *func);
static void walk_function(peak_ctx_t *pc, func_summary_t *s, fwalk_t *parent,
                          buf_op_t *call);
static void init_results(func_summary_t *s);

/* Iterations of lb..ub by step; -1 when not sure of it. */
static int64_t iterations(int64_t lb, int64_t ub, int64_t step) {
  if (step <= 0 || lb < -(INT64_C(1) << 61) || ub > (INT64_C(1) << 61) ||
      step > (INT64_C(1) << 61))
    return -1;
  return ub <= lb ? 0 : (ub - lb + step - 1) / step;
}

/* The bound of dimension d of an scf.forall, static or constant. */
static bool forall_bound(const fwalk_t *w, buf_op_t *op, const char *attr,
                         uint32_t segment, uint32_t d, int64_t *out) {
  buf_attr_t a = buf_op_attr(op, attr);
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || d >= a->u.dense_array.count)
    return false;
  if (a->u.dense_array.ints[d] != BUF_DYNAMIC) {
    *out = a->u.dense_array.ints[d];
    return true;
  }
  uint32_t dyn = 0; /* dynamic entries before d */
  for (uint32_t i = 0; i < d; i++)
    dyn += a->u.dense_array.ints[i] == BUF_DYNAMIC;
  uint32_t len, start = buf_op_segment(op, segment, &len);
  return dyn < len && known_int(w, buf_op_operand(op, start + dyn), out);
}

/* Trip count of a loop op (all iterations of all dimensions); -1 when not
 * known before running. */
static int64_t trip_count(const fwalk_t *w, buf_op_t *op) {
  int64_t lb, ub, step;
  if (strcmp(op->name, "scf.for") == 0) {
    if (known_int(w, buf_op_operand(op, 0), &lb) &&
        known_int(w, buf_op_operand(op, 1), &ub) &&
        known_int(w, buf_op_operand(op, 2), &step))
      return iterations(lb, ub, step);
    return -1;
  }
  int64_t n = 1;
  if (strcmp(op->name, "scf.forall") == 0) {
    buf_attr_t u = buf_op_attr(op, "staticUpperBound");
    if (!u || u->kind != BUF_ATTR_DENSE_ARRAY)
      return -1;
    for (uint32_t d = 0; d < u->u.dense_array.count; d++) {
      if (!forall_bound(w, op, "staticLowerBound", 0, d, &lb) ||
          !forall_bound(w, op, "staticUpperBound", 1, d, &ub) ||
          !forall_bound(w, op, "staticStep", 2, d, &step))
        return -1;
      int64_t k = iterations(lb, ub, step);
      if (k < 0 || (k && n > INT64_MAX / k))
        return -1;
      n *= k;
    }
    return n;
  }
  if (strcmp(op->name, "scf.parallel") == 0) {
    uint32_t nl, nu, ns;
    uint32_t sl = buf_op_segment(op, 0, &nl), su = buf_op_segment(op, 1, &nu),
             ss = buf_op_segment(op, 2, &ns);
    if (nl != nu || nu != ns)
      return -1;
    for (uint32_t d = 0; d < nl; d++) {
      if (!known_int(w, buf_op_operand(op, sl + d), &lb) ||
          !known_int(w, buf_op_operand(op, su + d), &ub) ||
          !known_int(w, buf_op_operand(op, ss + d), &step))
        return -1;
      int64_t k = iterations(lb, ub, step);
      if (k < 0 || (k && n > INT64_MAX / k))
        return -1;
      n *= k;
    }
    return n;
  }
  return -1;
}

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

static void walk_if(fwalk_t *w, buf_op_t *op) {
  int cond = known_bool(w, buf_op_operand(op, 0));
  if (cond >= 0) {
    buf_region_t *r = op->num_regions > (uint32_t)!cond
                          ? op->regions[!cond] : NULL;
    buf_block_t *b = r ? buf_region_entry(r) : NULL;
    if (!b)
      return;
    walk_region(w, r);
    /* the results are what the taken branch yields */
    buf_op_t *y = b->last;
    if (y && y->num_operands == op->num_results)
      for (uint32_t i = 0; i < op->num_results; i++)
        buf__ptrmap_set(&w->alias, buf_op_result(op, i), buf_op_operand(y, i));
    return;
  }
  live_t before = live_copy(&w->live);
  for (uint32_t i = 0; i < op->num_regions; i++) {
    live_t start = live_copy(&before);
    live_t after_prev = w->live;
    w->live = start;
    walk_region(w, op->regions[i]);
    if (i > 0) {
      live_join(w, &w->live, &after_prev);
      free(after_prev.ids);
    } else {
      free(after_prev.ids);
    }
  }
  if (op->num_regions < 2 || !buf_region_entry(op->regions[1]))
    live_join(w, &w->live, &before); /* no else: nothing happened either */
  free(before.ids);
}

static void walk_call(fwalk_t *w, buf_op_t *op) {
  buf_attr_t callee = buf_op_attr(op, "callee");
  buf_op_t *f = callee && callee->kind == BUF_ATTR_SYMBOL_REF &&
                        callee->u.symref.n == 1
                    ? buf_symbol_lookup(w->pc->module, callee->u.symref.names[0])
                    : NULL;
  if (!f) {
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

static void walk_op(fwalk_t *w, buf_op_t *op) {
  const char *n = op->name;
  if (strcmp(n, "memref.alloc") == 0) {
    add_token(w, buf_op_result(op, 0), alloc_op_bytes(w, op));
  } else if (strcmp(n, "bufferization.clone") == 0) {
    /* a clone is a contiguous copy of the source's elements */
    buf_type_t t = op->results[0].type;
    int64_t count = buf_type_num_elements(t);
    int64_t eb = buf_type_elem(t) ? elem_bytes(buf_type_elem(t)) : -1;
    add_token(w, buf_op_result(op, 0),
              count >= 0 && eb >= 0 && count <= INT64_MAX / (eb ? eb : 1)
                  ? count * eb : -1);
  } else if (strcmp(n, "memref.realloc") == 0) {
    add_token(w, buf_op_result(op, 0), alloc_op_bytes(w, op));
    free_value(w, buf_op_operand(op, 0));
  } else if (strcmp(n, "memref.dealloc") == 0) {
    free_value(w, buf_op_operand(op, 0));
  } else if (is_view_op(op) && op->num_operands && op->num_results) {
    buf__ptrmap_set(&w->alias, buf_op_result(op, 0), buf_op_operand(op, 0));
  } else if (strcmp(n, "func.call") == 0) {
    walk_call(w, op);
  } else if (strcmp(n, "func.call_indirect") == 0) {
    w->unknown = true;
  } else if (strcmp(n, "func.return") == 0) {
    walk_return(w, op);
  } else if (strcmp(n, "scf.if") == 0) {
    walk_if(w, op);
  } else if (strcmp(n, "scf.execute_region") == 0 ||
             strcmp(n, "memref.alloca_scope") == 0) {
    for (uint32_t i = 0; i < op->num_regions; i++)
      walk_region(w, op->regions[i]);
  } else if (strcmp(n, "scf.forall") == 0 || strcmp(n, "scf.parallel") == 0) {
    walk_loop(w, op, trip_count(w, op), true);
  } else if (op->num_regions) {
    /* scf.for and scf.while, and any other op with regions (linalg
     * payloads, affine loops, ...): a loop as far as we know */
    walk_loop(w, op, trip_count(w, op), false);
  } else if (op->num_results == 1 && op->results[0].type->kind == BUF_TYPE_INTEGER &&
             buf_type_bitwidth(op->results[0].type) == 1) {
    eval_i1(w, op);
  } else if (op->num_results == 1 &&
             buf_type_is_int_or_index(op->results[0].type)) {
    eval_int(w, op);
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

static func_summary_t *callee_of(const peak_ctx_t *pc, buf_op_t *call) {
  buf_attr_t callee = buf_op_attr(call, "callee");
  buf_op_t *f = callee && callee->kind == BUF_ATTR_SYMBOL_REF &&
                        callee->u.symref.n == 1
                    ? buf_symbol_lookup(pc->module, callee->u.symref.names[0])
                    : NULL;
  uintptr_t i = f ? (uintptr_t)buf__ptrmap_get(&pc->index, f) : 0;
  return i ? &pc->funcs[i - 1] : NULL;
}

static bool op_allocates(const peak_ctx_t *pc, buf_op_t *op) {
  if (strcmp(op->name, "memref.alloc") == 0 ||
      strcmp(op->name, "bufferization.clone") == 0 ||
      strcmp(op->name, "memref.realloc") == 0 ||
      strcmp(op->name, "func.call_indirect") == 0)
    return true;
  if (strcmp(op->name, "func.call") == 0) {
    func_summary_t *s = callee_of(pc, op);
    return s && s->allocates;
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
  fwalk_t w = {.pc = pc, .sum = s, .parent = parent, .call = call};
  walk_region(&w, s->func->regions[0]);
  s->peak = w.unknown || s->peak == PEAK_UNKNOWN ? PEAK_UNKNOWN : w.peak;
  free(w.token_bytes);
  free(w.live.ids);
  buf__ptrmap_free(&w.alias);
  buf__ptrmap_free(&w.token);
  buf__ptrmap_free(&w.known);
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

buf__bz_peak_t *buf__bz_peak_bytes(buf_op_t *module, uint32_t *num) {
  buf_block_t *body = module->num_regions && module->regions[0]->first
                          ? buf_region_entry(module->regions[0])
                          : NULL;
  peak_ctx_t pc = {.module = module};
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    pc.num_funcs += strcmp(op->name, "func.func") == 0;
  pc.funcs = calloc(pc.num_funcs + 1, sizeof *pc.funcs);
  buf__bz_peak_t *out = calloc(pc.num_funcs + 1, sizeof *out);
  if (!pc.funcs || !out)
    abort(); /* out of memory only */
  uint32_t n = 0;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    if (strcmp(op->name, "func.func") == 0) {
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
    out[i] = (buf__bz_peak_t){pc.funcs[i].func, s ? s->peak : PEAK_UNKNOWN};
  }
  for (uint32_t i = 0; i < n; i++)
    free(pc.funcs[i].result_bytes);
  free(pc.funcs);
  buf__ptrmap_free(&pc.index);
  *num = n;
  return out;
}
