/*
 * ops_math.c: semantics of the math dialect, scalar and elementwise on
 * tensors, with libm at the type's precision (expf for f32, exp for f64;
 * f16/bf16 computed in float and rounded). Each row carries its float and
 * double libm functions; integer ops (absi, ctlz, ...) and classification
 * ops (isnan, ...) have their own codes.
 */
#include "interp_internal.h"

#include <math.h>

typedef struct math_fns {
  float (*f1)(float);
  double (*d1)(double);
  float (*f2)(float, float);
  double (*d2)(double, double);
} math_fns_t;

enum { M_UNARY, M_BINARY, M_FMA, M_RSQRT, M_ROUNDEVEN, M_ABSI, M_CTLZ,
       M_CTTZ, M_CTPOP, M_IPOWI, M_FPOWI, M_ISNAN, M_ISINF, M_ISFINITE,
       M_ISNORMAL };

static float rsqrtf_(float x) { return 1.0f / sqrtf(x); }

static bool compute(buf__interp_t *I, buf_op_t *op,
                    const buf__interp_row_t *row, const buf__cell_t *in,
                    const buf_type_t *it, buf_type_t rt, buf__cell_t *out) {
  const math_fns_t *fn = row->data;
  bool is_f64 = buf_type_is_float(it[0]) && it[0]->u.fkind == BUF_F64;
  switch (row->code) {
  case M_UNARY:
    out->f = buf__round_float(rt->u.fkind, is_f64 ? fn->d1(in[0].f)
                                                  : fn->f1((float)in[0].f));
    return true;
  case M_BINARY:
    out->f = buf__round_float(rt->u.fkind,
                              is_f64 ? fn->d2(in[0].f, in[1].f)
                                     : fn->f2((float)in[0].f,
                                              (float)in[1].f));
    return true;
  case M_FMA:
    out->f = buf__round_float(
        rt->u.fkind, is_f64 ? fma(in[0].f, in[1].f, in[2].f)
                            : fmaf((float)in[0].f, (float)in[1].f,
                                   (float)in[2].f));
    return true;
  case M_RSQRT:
    out->f = buf__round_float(rt->u.fkind, is_f64 ? 1.0 / sqrt(in[0].f)
                                                  : rsqrtf_((float)in[0].f));
    return true;
  case M_ROUNDEVEN:
    out->f = buf__round_float(rt->u.fkind, nearbyint(in[0].f));
    return true;
  case M_FPOWI: {
    int64_t e = buf__sext(in[1].i, buf__int_width(it[1]));
    out->f = buf__round_float(rt->u.fkind,
                              is_f64 ? pow(in[0].f, (double)e)
                                     : powf((float)in[0].f, (float)e));
    return true;
  }
  case M_ISNAN: out->i = isnan(in[0].f); return true;
  case M_ISINF: out->i = isinf(in[0].f) != 0; return true;
  case M_ISFINITE: out->i = isfinite(in[0].f); return true;
  case M_ISNORMAL:
    out->i = is_f64 ? isnormal(in[0].f) : isnormal((float)in[0].f);
    return true;
  default: break;
  }
  uint32_t w = buf__int_width(it[0]);
  uint64_t a = buf__trunc(in[0].i, w);
  switch (row->code) {
  case M_ABSI: {
    int64_t s = buf__sext(a, w);
    out->i = buf__trunc((uint64_t)(s < 0 ? -(uint64_t)s : (uint64_t)s), w);
    return true;
  }
  case M_CTLZ: {
    uint64_t n = 0;
    for (int32_t b = (int32_t)w - 1; b >= 0 && !((a >> b) & 1); b--)
      n++;
    out->i = n;
    return true;
  }
  case M_CTTZ: {
    uint64_t n = 0;
    for (uint32_t b = 0; b < w && !((a >> b) & 1); b++)
      n++;
    out->i = n;
    return true;
  }
  case M_CTPOP:
    out->i = (uint64_t)__builtin_popcountll(a);
    return true;
  case M_IPOWI: {
    int64_t base = buf__sext(a, w), e = buf__sext(in[1].i, w), r = 1;
    if (e < 0) {
      if (base == 0) {
        buf__err(I, op, "integer power of zero to a negative exponent");
        return false;
      }
      r = base == 1 ? 1 : base == -1 ? ((e & 1) ? -1 : 1) : 0;
    } else {
      uint64_t ur = 1, ub = (uint64_t)base;
      for (; e; e >>= 1, ub *= ub)
        if (e & 1)
          ur *= ub;
      r = (int64_t)ur;
    }
    out->i = buf__trunc((uint64_t)r, w);
    return true;
  }
  }
  buf__err(I, op, "unknown math computation");
  return false;
}

static buf_status_t math_elementwise(buf__interp_t *I, buf__frame_t *F,
                                     buf_op_t *op,
                                     const buf__interp_row_t *row) {
  return buf__elementwise(I, F, op, row, compute);
}

#define U(n, f, d)                                                            \
  static const math_fns_t fns_##n = {f, d, NULL, NULL};
#define B(n, f, d)                                                            \
  static const math_fns_t fns_##n = {NULL, NULL, f, d};
U(exp, expf, exp) U(exp2, exp2f, exp2) U(expm1, expm1f, expm1)
U(log, logf, log) U(log2, log2f, log2) U(log10, log10f, log10)
U(log1p, log1pf, log1p) U(sqrt, sqrtf, sqrt) U(tanh, tanhf, tanh)
U(sin, sinf, sin) U(cos, cosf, cos) U(tan, tanf, tan) U(asin, asinf, asin)
U(acos, acosf, acos) U(atan, atanf, atan) U(sinh, sinhf, sinh)
U(cosh, coshf, cosh) U(asinh, asinhf, asinh) U(acosh, acoshf, acosh)
U(atanh, atanhf, atanh) U(erf, erff, erf) U(erfc, erfcf, erfc)
U(absf, fabsf, fabs) U(ceil, ceilf, ceil) U(floor, floorf, floor)
U(round, roundf, round) U(trunc, truncf, trunc) U(cbrt, cbrtf, cbrt)
B(atan2, atan2f, atan2) B(powf, powf, pow) B(copysign, copysignf, copysign)
#undef U
#undef B

#define R(n, code) {"math." #n, math_elementwise, code, &fns_##n}
#define C(n, code) {"math." #n, math_elementwise, code, NULL}
static const buf__interp_row_t rows[] = {
    R(exp, M_UNARY),    R(exp2, M_UNARY),  R(expm1, M_UNARY),
    R(log, M_UNARY),    R(log2, M_UNARY),  R(log10, M_UNARY),
    R(log1p, M_UNARY),  R(sqrt, M_UNARY),  R(tanh, M_UNARY),
    R(sin, M_UNARY),    R(cos, M_UNARY),   R(tan, M_UNARY),
    R(asin, M_UNARY),   R(acos, M_UNARY),  R(atan, M_UNARY),
    R(sinh, M_UNARY),   R(cosh, M_UNARY),  R(asinh, M_UNARY),
    R(acosh, M_UNARY),  R(atanh, M_UNARY), R(erf, M_UNARY),
    R(erfc, M_UNARY),   R(absf, M_UNARY),  R(ceil, M_UNARY),
    R(floor, M_UNARY),  R(round, M_UNARY), R(trunc, M_UNARY),
    R(cbrt, M_UNARY),   R(atan2, M_BINARY), R(powf, M_BINARY),
    R(copysign, M_BINARY),
    C(fma, M_FMA),      C(rsqrt, M_RSQRT), C(roundeven, M_ROUNDEVEN),
    C(absi, M_ABSI),    C(ctlz, M_CTLZ),   C(cttz, M_CTTZ),
    C(ctpop, M_CTPOP),  C(ipowi, M_IPOWI), C(fpowi, M_FPOWI),
    C(isnan, M_ISNAN),  C(isinf, M_ISINF), C(isfinite, M_ISFINITE),
    C(isnormal, M_ISNORMAL),
};

const buf__interp_table_t buf__interp_math_table = {
    rows, sizeof rows / sizeof rows[0]};
