/*
 * affine.c: affine expressions and maps.
 *
 * Expressions are arena trees (not hash-consed); equality is structural.
 * The binary constructor simplifies the way MLIR's AffineExpr operators do,
 * so that a map built here prints like mlir-opt prints it: constants are
 * folded (floordiv/ceildiv/mod with floor semantics), constants and symbolic
 * operands go to the right of + and *, x + 0 and x * 1 vanish, x * 0 is 0,
 * (x + c1) + c2 and (x * c1) * c2 fold their constants, c1*x + c2*x merges,
 * divisions and mods by constants use the known divisors of their
 * operands (MLIR's getLargestKnownDivisor), and x - (x floordiv c) * c
 * becomes x mod c.
 */
#include "ir_internal.h"

static buf_affine_expr_t *mk(buf_ctx_t *ctx, buf_affine_kind_t kind,
                             int64_t value, buf_affine_expr_t *lhs,
                             buf_affine_expr_t *rhs) {
  struct buf_affine_expr_s *e = buf_arena_alloc(&ctx->arena, sizeof *e);
  e->kind = kind;
  e->value = value;
  e->lhs = lhs;
  e->rhs = rhs;
  return e;
}

buf_affine_expr_t *buf_affine_dim(buf_ctx_t *ctx, uint32_t pos) {
  if (pos < 16)
    return ctx->dims[pos] ? ctx->dims[pos]
                          : (ctx->dims[pos] = mk(ctx, BUF_AFFINE_DIM, pos, NULL, NULL));
  return mk(ctx, BUF_AFFINE_DIM, pos, NULL, NULL);
}
buf_affine_expr_t *buf_affine_symbol(buf_ctx_t *ctx, uint32_t pos) {
  if (pos < 16)
    return ctx->syms[pos] ? ctx->syms[pos]
                          : (ctx->syms[pos] = mk(ctx, BUF_AFFINE_SYMBOL, pos, NULL, NULL));
  return mk(ctx, BUF_AFFINE_SYMBOL, pos, NULL, NULL);
}
buf_affine_expr_t *buf_affine_const(buf_ctx_t *ctx, int64_t value) {
  return mk(ctx, BUF_AFFINE_CONST, value, NULL, NULL);
}

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}
static int64_t ceildiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0))) q++;
  return q;
}
static int64_t modp(int64_t a, int64_t b) {
  int64_t r = a % b;
  return r < 0 ? r + (b < 0 ? -b : b) : r;
}

/* True when e mentions no dimension (MLIR's isSymbolicOrConstant). */
static bool symbolic_or_const(buf_affine_expr_t *e) {
  switch (e->kind) {
  case BUF_AFFINE_DIM: return false;
  case BUF_AFFINE_SYMBOL:
  case BUF_AFFINE_CONST: return true;
  default: return symbolic_or_const(e->lhs) && symbolic_or_const(e->rhs);
  }
}

static buf_affine_expr_t *add(buf_ctx_t *ctx, buf_affine_expr_t *l,
                              buf_affine_expr_t *r);
static buf_affine_expr_t *mul(buf_ctx_t *ctx, buf_affine_expr_t *l,
                              buf_affine_expr_t *r);
static buf_affine_expr_t *divmod(buf_ctx_t *ctx, buf_affine_kind_t kind,
                                 buf_affine_expr_t *l, buf_affine_expr_t *r);

static buf_affine_expr_t *mul(buf_ctx_t *ctx, buf_affine_expr_t *l,
                              buf_affine_expr_t *r) {
  if (l->kind == BUF_AFFINE_CONST && r->kind == BUF_AFFINE_CONST)
    return buf_affine_const(ctx, (int64_t)((uint64_t)l->value * (uint64_t)r->value));
  /* Constants, then symbolic operands, go to the right. */
  if (l->kind == BUF_AFFINE_CONST ||
      (symbolic_or_const(l) && !symbolic_or_const(r)))
    return mul(ctx, r, l);
  /* Two plain symbols (or dims) go in position order, as mlir-opt prints
   * them. */
  if (l->kind == r->kind &&
      (l->kind == BUF_AFFINE_DIM || l->kind == BUF_AFFINE_SYMBOL) &&
      l->value > r->value)
    return mul(ctx, r, l);
  if (r->kind == BUF_AFFINE_CONST) {
    if (r->value == 1) return l;
    if (r->value == 0) return r;
    /* (x * c1) * c2 -> x * (c1 * c2) */
    if (l->kind == BUF_AFFINE_MUL && l->rhs->kind == BUF_AFFINE_CONST)
      return mul(ctx, l->lhs,
                 buf_affine_const(ctx, l->rhs->value * r->value));
  }
  /* (x * c) * y -> (x * y) * c keeps the constant outermost. */
  if (l->kind == BUF_AFFINE_MUL && l->rhs->kind == BUF_AFFINE_CONST)
    return mul(ctx, mul(ctx, l->lhs, r), l->rhs);
  return mk(ctx, BUF_AFFINE_MUL, 0, l, r);
}

/* Splits e into (x, c) with e == x * c, c = 1 when e is no mul-by-const. */
static buf_affine_expr_t *split_coeff(buf_affine_expr_t *e, int64_t *c) {
  if (e->kind == BUF_AFFINE_MUL && e->rhs->kind == BUF_AFFINE_CONST) {
    *c = e->rhs->value;
    return e->lhs;
  }
  *c = 1;
  return e;
}

static buf_affine_expr_t *add(buf_ctx_t *ctx, buf_affine_expr_t *l,
                              buf_affine_expr_t *r) {
  if (l->kind == BUF_AFFINE_CONST && r->kind == BUF_AFFINE_CONST)
    return buf_affine_const(ctx, (int64_t)((uint64_t)l->value + (uint64_t)r->value));
  if (l->kind == BUF_AFFINE_CONST ||
      (symbolic_or_const(l) && !symbolic_or_const(r)))
    return add(ctx, r, l);
  /* Two plain dims (or two plain symbols) go in position order. */
  if (l->kind == r->kind &&
      (l->kind == BUF_AFFINE_DIM || l->kind == BUF_AFFINE_SYMBOL) &&
      l->value > r->value)
    return add(ctx, r, l);
  if (r->kind == BUF_AFFINE_CONST) {
    if (r->value == 0) return l;
    /* (x + c1) + c2 -> x + (c1 + c2) */
    if (l->kind == BUF_AFFINE_ADD && l->rhs->kind == BUF_AFFINE_CONST)
      return add(ctx, l->lhs,
                 buf_affine_const(ctx, l->rhs->value + r->value));
  }
  /* c1 * x + c2 * x -> (c1 + c2) * x */
  {
    int64_t c1, c2;
    buf_affine_expr_t *x1 = split_coeff(l, &c1);
    buf_affine_expr_t *x2 = split_coeff(r, &c2);
    if (x1->kind != BUF_AFFINE_CONST && buf_affine_expr_equal(x1, x2))
      return mul(ctx, x1, buf_affine_const(ctx, c1 + c2));
  }
  /* (x + c) + y -> (x + y) + c */
  if (l->kind == BUF_AFFINE_ADD && l->rhs->kind == BUF_AFFINE_CONST)
    return add(ctx, add(ctx, l->lhs, r), l->rhs);
  /* x + ((x floordiv q) * q) * -1 and x + (x floordiv c) * -c are x mod q. */
  if (r->kind == BUF_AFFINE_MUL) {
    buf_affine_expr_t *rl = r->lhs, *rr = r->rhs;
    if (rr->kind == BUF_AFFINE_CONST && rr->value == -1 &&
        rl->kind == BUF_AFFINE_MUL) {
      buf_affine_expr_t *fd = rl->lhs, *q = rl->rhs;
      if (fd->kind == BUF_AFFINE_FLOORDIV && buf_affine_expr_equal(fd->rhs, q) &&
          buf_affine_expr_equal(fd->lhs, l))
        return divmod(ctx, BUF_AFFINE_MOD, l, q);
    }
    if (rl->kind == BUF_AFFINE_FLOORDIV && buf_affine_expr_equal(rl->lhs, l) &&
        rl->rhs->kind == BUF_AFFINE_CONST && rr->kind == BUF_AFFINE_CONST &&
        rl->rhs->value == -rr->value)
      return divmod(ctx, BUF_AFFINE_MOD, l, rl->rhs);
  }
  return mk(ctx, BUF_AFFINE_ADD, 0, l, r);
}

static uint64_t gcd_u64(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* The largest constant known to divide e (MLIR's getLargestKnownDivisor);
 * 0 stands for the constant 0, which every number divides. */
static int64_t known_divisor(buf_affine_expr_t *e) {
  switch (e->kind) {
  case BUF_AFFINE_CONST:
    return e->value < 0 ? -e->value : e->value;
  case BUF_AFFINE_DIM:
  case BUF_AFFINE_SYMBOL:
    return 1;
  case BUF_AFFINE_MUL:
    return known_divisor(e->lhs) * known_divisor(e->rhs);
  case BUF_AFFINE_ADD:
  case BUF_AFFINE_MOD:
    return (int64_t)gcd_u64((uint64_t)known_divisor(e->lhs),
                            (uint64_t)known_divisor(e->rhs));
  case BUF_AFFINE_FLOORDIV:
  case BUF_AFFINE_CEILDIV:
    if (e->rhs->kind == BUF_AFFINE_CONST && e->rhs->value != 0) {
      int64_t d = known_divisor(e->lhs);
      if (d % e->rhs->value == 0) {
        int64_t q = d / e->rhs->value;
        return q < 0 ? -q : q;
      }
    }
    return 1;
  }
  return 1;
}

static buf_affine_expr_t *divmod(buf_ctx_t *ctx, buf_affine_kind_t kind,
                                 buf_affine_expr_t *l, buf_affine_expr_t *r) {
  if (r->kind != BUF_AFFINE_CONST || r->value == 0)
    return mk(ctx, kind, 0, l, r);
  int64_t c = r->value;
  /* Constant operands fold (floor semantics). mlir-opt folds a constant
   * floordiv by a negative divisor too, but leaves ceildiv and mod by a
   * non-positive divisor alone. */
  if (l->kind == BUF_AFFINE_CONST) {
    if (kind == BUF_AFFINE_FLOORDIV)
      return buf_affine_const(ctx, floordiv(l->value, c));
    if (c >= 1)
      return buf_affine_const(ctx, kind == BUF_AFFINE_CEILDIV
                                       ? ceildiv(l->value, c)
                                       : modp(l->value, c));
  }
  if (c < 1) return mk(ctx, kind, 0, l, r);
  if (kind == BUF_AFFINE_MOD) {
    /* x mod c is 0 when c divides x. */
    if (known_divisor(l) % c == 0) return buf_affine_const(ctx, 0);
    if (l->kind == BUF_AFFINE_ADD) {
      /* (a + b) mod c drops a term that c divides. */
      if (known_divisor(l->lhs) % c == 0) return divmod(ctx, kind, l->rhs, r);
      if (known_divisor(l->rhs) % c == 0) return divmod(ctx, kind, l->lhs, r);
    }
    /* (x mod c1) mod c2 -> x mod c2 when c2 divides c1. */
    if (l->kind == BUF_AFFINE_MOD && l->rhs->kind == BUF_AFFINE_CONST &&
        l->rhs->value >= 1 && l->rhs->value % c == 0)
      return divmod(ctx, kind, l->lhs, r);
    return mk(ctx, kind, 0, l, r);
  }
  if (c == 1) return l;
  /* (x * c1) div c2 -> x * (c1 / c2) when c2 divides c1. */
  if (l->kind == BUF_AFFINE_MUL && l->rhs->kind == BUF_AFFINE_CONST &&
      l->rhs->value % c == 0)
    return mul(ctx, l->lhs, buf_affine_const(ctx, l->rhs->value / c));
  /* (a + b) floordiv c -> a floordiv c + b floordiv c when c divides one
   * of the terms. */
  if (kind == BUF_AFFINE_FLOORDIV && l->kind == BUF_AFFINE_ADD &&
      (known_divisor(l->lhs) % c == 0 || known_divisor(l->rhs) % c == 0))
    return add(ctx, divmod(ctx, kind, l->lhs, r), divmod(ctx, kind, l->rhs, r));
  return mk(ctx, kind, 0, l, r);
}

/* Builds lhs <kind> rhs, simplified. */
buf_affine_expr_t *buf_affine_binary(buf_ctx_t *ctx, buf_affine_kind_t kind,
                                     buf_affine_expr_t *lhs,
                                     buf_affine_expr_t *rhs) {
  switch (kind) {
  case BUF_AFFINE_ADD: return add(ctx, lhs, rhs);
  case BUF_AFFINE_MUL: return mul(ctx, lhs, rhs);
  case BUF_AFFINE_MOD:
  case BUF_AFFINE_FLOORDIV:
  case BUF_AFFINE_CEILDIV: return divmod(ctx, kind, lhs, rhs);
  default: return mk(ctx, kind, 0, lhs, rhs);
  }
}

buf_affine_map_t *buf_affine_map(buf_ctx_t *ctx, uint32_t num_dims,
                                 uint32_t num_symbols, uint32_t num_results,
                                 buf_affine_expr_t *const *results) {
  struct buf_affine_map_s *m = buf_arena_alloc(&ctx->arena, sizeof *m);
  m->num_dims = num_dims;
  m->num_symbols = num_symbols;
  m->num_results = num_results;
  buf_affine_expr_t **rs =
      buf_arena_alloc(&ctx->arena, (num_results ? num_results : 1) * sizeof *rs);
  for (uint32_t i = 0; i < num_results; i++) rs[i] = results[i];
  m->results = rs;
  return m;
}

/* Small identity maps are interned once per context: linalg asks for one
 * per operand of every named op it parses, verifies, prints or bufferizes. */
buf_affine_map_t *buf_affine_map_identity(buf_ctx_t *ctx, uint32_t n) {
  uint32_t cached = sizeof ctx->identity_maps / sizeof ctx->identity_maps[0];
  if (n < cached && ctx->identity_maps[n]) return ctx->identity_maps[n];
  buf_affine_expr_t **rs =
      buf_arena_alloc(&ctx->arena, (n ? n : 1) * sizeof *rs);
  for (uint32_t i = 0; i < n; i++) rs[i] = buf_affine_dim(ctx, i);
  buf_affine_map_t *m = buf_affine_map(ctx, n, 0, n, rs);
  if (n < cached)
    m = ctx->identity_maps[n] = buf_attr_affine_map(ctx, m)->u.map;
  return m;
}

bool buf_affine_map_is_identity(buf_affine_map_t *m) {
  if (!m || m->num_results != m->num_dims) return false;
  for (uint32_t i = 0; i < m->num_results; i++)
    if (m->results[i]->kind != BUF_AFFINE_DIM || m->results[i]->value != i)
      return false;
  return true;
}

/* Evaluates e; division by zero yields 0 (callers verify beforehand). */
int64_t buf_affine_expr_eval(buf_affine_expr_t *e, const int64_t *dims,
                             const int64_t *symbols) {
  switch (e->kind) {
  case BUF_AFFINE_DIM: return dims[e->value];
  case BUF_AFFINE_SYMBOL: return symbols[e->value];
  case BUF_AFFINE_CONST: return e->value;
  default: break;
  }
  int64_t a = buf_affine_expr_eval(e->lhs, dims, symbols);
  int64_t b = buf_affine_expr_eval(e->rhs, dims, symbols);
  switch (e->kind) {
  case BUF_AFFINE_ADD: return (int64_t)((uint64_t)a + (uint64_t)b);
  case BUF_AFFINE_MUL: return (int64_t)((uint64_t)a * (uint64_t)b);
  case BUF_AFFINE_MOD: return b ? modp(a, b) : 0;
  case BUF_AFFINE_FLOORDIV: return b ? floordiv(a, b) : 0;
  case BUF_AFFINE_CEILDIV: return b ? ceildiv(a, b) : 0;
  default: return 0;
  }
}

bool buf_affine_expr_equal(buf_affine_expr_t *a, buf_affine_expr_t *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
  case BUF_AFFINE_DIM:
  case BUF_AFFINE_SYMBOL:
  case BUF_AFFINE_CONST: return a->value == b->value;
  default:
    return buf_affine_expr_equal(a->lhs, b->lhs) &&
           buf_affine_expr_equal(a->rhs, b->rhs);
  }
}

bool buf_affine_map_equal(buf_affine_map_t *a, buf_affine_map_t *b) {
  if (a == b) return true;
  if (!a || !b || a->num_dims != b->num_dims ||
      a->num_symbols != b->num_symbols || a->num_results != b->num_results)
    return false;
  for (uint32_t i = 0; i < a->num_results; i++)
    if (!buf_affine_expr_equal(a->results[i], b->results[i])) return false;
  return true;
}

/* Structural hash of a map (for interning affine-map attributes). */
static uint64_t expr_hash(uint64_t h, buf_affine_expr_t *e) {
  h = buf__hash_u64(h, e->kind);
  if (e->kind <= BUF_AFFINE_CONST) return buf__hash_u64(h, (uint64_t)e->value);
  return expr_hash(expr_hash(h, e->lhs), e->rhs);
}

uint64_t buf__affine_map_hash(buf_affine_map_t *m) {
  uint64_t h = buf__hash_u64(BUF__HASH_SEED, m->num_dims);
  h = buf__hash_u64(h, m->num_symbols);
  h = buf__hash_u64(h, m->num_results);
  for (uint32_t i = 0; i < m->num_results; i++) h = expr_hash(h, m->results[i]);
  return h;
}
