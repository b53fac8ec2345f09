/*
 * math_fold.c: the fold hook of the math ops (buf_opdef_t.fold): an op
 * whose operands are all scalar constants becomes an arith.constant of its
 * result, as upstream's math folders do, so --canonicalize needs no
 * knowledge of math.
 *
 * The result is computed exactly as the interpreter (interp/ops_math.c)
 * computes it at run time, with the same libm function (exp for f64, expf
 * for the narrower floats, then rounded to the type), so folding never
 * changes what a program prints. Only scalar floats and integers up to 64
 * bits fold; vectors and tensors do not. A NaN result is not folded (its sign would
 * be libm's, not the hardware's at run time, once printed); infinities
 * are. Integer ops fold at the type's width with wrap-around; ipowi of
 * zero to a negative power (undefined) does not fold.
 */
#include "dialect_util.h"

#include <math.h>
#include <string.h>

typedef enum math_fold_kind {
  M_NONE, M_UNARY, M_BINARY, M_FMA, M_RSQRT, M_ROUNDEVEN, M_CLASSIFY,
  M_ABSI, M_CTLZ, M_CTTZ, M_CTPOP, M_IPOWI,
} math_fold_kind_t;

static float rsqrt_f(float x) { return 1.0f / sqrtf(x); }
static double rsqrt_d(double x) { return 1.0 / sqrt(x); }
static float roundeven_f(float x) { return nearbyintf(x); }
static double roundeven_d(double x) { return nearbyint(x); }
static int is_nan(double x) { return isnan(x) != 0; }
static int is_inf(double x) { return isinf(x) != 0; }
static int is_finite(double x) { return isfinite(x) != 0; }
static int is_normal_d(double x) { return isnormal(x) != 0; }
static int is_normal_f(double x) { return isnormal((float)x) != 0; }

static const struct {
  const char *name; /* after "math." */
  math_fold_kind_t kind;
  float (*f1)(float);
  double (*d1)(double);
  float (*f2)(float, float);
  double (*d2)(double, double);
  int (*classify_d)(double); /* f64, and the others without classify_f */
  int (*classify_f)(double);
} rows[] = {
#define U(n, f, d) {#n, M_UNARY, f, d, NULL, NULL, NULL, NULL}
#define B(n, f, d) {#n, M_BINARY, NULL, NULL, f, d, NULL, NULL}
#define K(n, k) {#n, k, NULL, NULL, NULL, NULL, NULL, NULL}
#define C(n, d, f) {#n, M_CLASSIFY, NULL, NULL, NULL, NULL, d, f}
    U(exp, expf, exp),     U(exp2, exp2f, exp2),   U(expm1, expm1f, expm1),
    U(log, logf, log),     U(log2, log2f, log2),   U(log10, log10f, log10),
    U(log1p, log1pf, log1p), U(sqrt, sqrtf, sqrt), U(tanh, tanhf, tanh),
    U(sin, sinf, sin),     U(cos, cosf, cos),      U(tan, tanf, tan),
    U(asin, asinf, asin),  U(acos, acosf, acos),   U(atan, atanf, atan),
    U(sinh, sinhf, sinh),  U(cosh, coshf, cosh),   U(asinh, asinhf, asinh),
    U(acosh, acoshf, acosh), U(atanh, atanhf, atanh), U(erf, erff, erf),
    U(erfc, erfcf, erfc),  U(absf, fabsf, fabs),   U(ceil, ceilf, ceil),
    U(floor, floorf, floor), U(round, roundf, round), U(trunc, truncf, trunc),
    U(cbrt, cbrtf, cbrt),  U(rsqrt, rsqrt_f, rsqrt_d),
    U(roundeven, roundeven_f, roundeven_d),
    B(atan2, atan2f, atan2), B(powf, powf, pow), B(copysign, copysignf, copysign),
    K(fma, M_FMA),
    C(isnan, is_nan, NULL), C(isinf, is_inf, NULL),
    C(isfinite, is_finite, NULL), C(isnormal, is_normal_d, is_normal_f),
    K(absi, M_ABSI),       K(ctlz, M_CTLZ),        K(cttz, M_CTTZ),
    K(ctpop, M_CTPOP),     K(ipowi, M_IPOWI),
#undef U
#undef B
#undef K
#undef C
};

static int row_of(const buf_op_t *op) {
  const char *n = op->def->name + strlen("math.");
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    if (strcmp(rows[i].name, n) == 0)
      return (int)i;
  return -1;
}


/* The bit width of a signless scalar integer; 0 for anything else. */
static uint32_t int_width(buf_type_t t) {
  return t->kind == BUF_TYPE_INTEGER &&
                 t->u.integer.signedness == BUF_SIGNLESS &&
                 t->u.integer.width <= 64
             ? t->u.integer.width
             : 0;
}

static uint64_t mask_of(uint32_t w) {
  return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

static int64_t sext(uint64_t x, uint32_t w) {
  if (w >= 64)
    return (int64_t)x;
  uint64_t sign = UINT64_C(1) << (w - 1);
  return (int64_t)(((x & mask_of(w)) ^ sign) - sign);
}

static buf_attr_t const_attr(const buf_op_t *op, uint32_t i) {
  buf_value_t *v = buf_op_operand(op, i);
  if (!v->def || !buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT))
    return NULL;
  return buf_op_attr(v->def, "value");
}

/* Operands 0..n-1 as float constants. */
static bool const_floats(const buf_op_t *op, uint32_t n, double *out) {
  if (op->num_operands != n ||
      buf_op_operand(op, 0)->type->kind != BUF_TYPE_FLOAT)
    return false;
  for (uint32_t i = 0; i < n; i++) {
    buf_attr_t a = const_attr(op, i);
    if (!a || a->kind != BUF_ATTR_FLOAT)
      return false;
    out[i] = a->u.f;
  }
  return true;
}

/* Operands 0..n-1 as integer constants (their low w bits). */
static bool const_ints(const buf_op_t *op, uint32_t n, uint32_t w,
                       uint64_t *out) {
  if (op->num_operands != n)
    return false;
  for (uint32_t i = 0; i < n; i++) {
    buf_attr_t a = const_attr(op, i);
    if (!a || a->kind != BUF_ATTR_INTEGER)
      return false;
    out[i] = (uint64_t)a->u.i & mask_of(w);
  }
  return true;
}

static bool fold_integer(buf_op_t *op, math_fold_kind_t k) {
  buf_type_t t = op->results[0].type;
  uint32_t w = int_width(t);
  uint64_t x[2], r = 0;
  if (!w || !const_ints(op, k == M_IPOWI ? 2 : 1, w, x))
    return false;
  switch (k) {
  case M_ABSI: {
    int64_t s = sext(x[0], w);
    r = s < 0 ? -(uint64_t)s : (uint64_t)s;
    break;
  }
  case M_CTLZ:
    for (int32_t b = (int32_t)w - 1; b >= 0 && !((x[0] >> b) & 1); b--)
      r++;
    break;
  case M_CTTZ:
    for (uint32_t b = 0; b < w && !((x[0] >> b) & 1); b++)
      r++;
    break;
  case M_CTPOP:
    r = (uint64_t)__builtin_popcountll(x[0]);
    break;
  default: { /* M_IPOWI */
    int64_t base = sext(x[0], w), e = sext(x[1], w);
    if (e < 0) {
      if (base == 0)
        return false;
      r = base == 1 ? 1 : base == -1 ? ((e & 1) ? (uint64_t)-1 : 1) : 0;
    } else {
      uint64_t ub = (uint64_t)base;
      r = 1;
      for (; e; e >>= 1, ub *= ub)
        if (e & 1)
          r *= ub;
    }
    break;
  }
  }
  return buf__replace_by_constant(
      op, buf_attr_integer(buf_op_ctx(op), t, sext(r & mask_of(w), w)));
}

bool buf__math_fold(buf_op_t *op) {
  int row = row_of(op);
  if (row < 0 || op->num_results != 1)
    return false;
  math_fold_kind_t k = rows[row].kind;
  if (k >= M_ABSI)
    return fold_integer(op, k);
  buf_type_t t = op->results[0].type;
  double x[3], r;
  if (k == M_CLASSIFY) {
    if (int_width(t) != 1 || !const_floats(op, 1, x))
      return false;
    bool in_float = buf_op_operand(op, 0)->type->u.fkind != BUF_F64;
    int (*classify)(double) = in_float && rows[row].classify_f
                                  ? rows[row].classify_f
                                  : rows[row].classify_d;
    return buf__replace_by_constant(
        op, buf_attr_integer(buf_op_ctx(op), t, classify(x[0]) ? -1 : 0));
  }
  if (t->kind != BUF_TYPE_FLOAT || buf_op_operand(op, 0)->type != t)
    return false;
  bool f32 = t->u.fkind != BUF_F64; /* computed in float */
  switch (k) {
  case M_UNARY:
    if (!const_floats(op, 1, x))
      return false;
    r = f32 ? rows[row].f1((float)x[0]) : rows[row].d1(x[0]);
    break;
  case M_BINARY:
    if (!const_floats(op, 2, x))
      return false;
    r = f32 ? rows[row].f2((float)x[0], (float)x[1]) : rows[row].d2(x[0], x[1]);
    break;
  default: /* M_FMA */
    if (!const_floats(op, 3, x))
      return false;
    r = f32 ? fmaf((float)x[0], (float)x[1], (float)x[2])
            : fma(x[0], x[1], x[2]);
    break;
  }
  r = buf__round_to_float_type(t, r);
  if (isnan(r))
    return false;
  return buf__replace_by_constant(op, buf_attr_float(buf_op_ctx(op), t, r));
}
