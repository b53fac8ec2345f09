/*
 * arith_fold.c: the fold hook of the arith ops (buf_opdef_t.fold), what
 * upstream's arith folders compute, so that --canonicalize needs no
 * knowledge of arith:
 *
 *   - integer ops on constant scalar operands, exactly as the hardware
 *     would at the type's width (two's complement, wrap-around), except
 *     where upstream leaves the op alone: division or remainder by zero,
 *     the signed division overflow (INT_MIN / -1), shifts by the width or
 *     more (all poison or undefined);
 *   - comparisons and casts of constant integers; select on a constant
 *     condition or between one value twice;
 *   - identities that need no constant result: x + 0, x - 0, x * 1,
 *     x / 1, x & x, x | x;
 *   - casts of casts: extui(extui x), extsi(extsi x) and trunci(trunci x)
 *     cast x once; trunci(ext x) is x, or a trunci of x when x is wider;
 *   - the extended ops (addui_extended, mului_extended, mulsi_extended)
 *     on constants, into one constant per result;
 *   - float ops on float constants, computed as the interpreter computes
 *     them (f64 in double, the others in float, then rounded to the
 *     type): arithmetic, remf, the
 *     four min/max flavours, cmpf, the int/float conversions (not where
 *     the value is out of range: poison), extf, exact truncf, bitcast.
 *     NaN results are not folded (their sign would differ from the
 *     hardware's); infinities are, as upstream folds them.
 *
 * The canonicalize hook (buf__arith_canonicalize, --canonicalize only)
 * rewrites what needs a new op: constants reassociated through add, sub
 * and mul chains, extsi(extui x) and trunci(ext x) as one extension.
 *
 * Vectors and tensors are not folded. buf_op_fold_int (fold_int) remains
 * the analyses' conservative integer evaluator.
 */
#include "dialect_util.h"

#include <math.h>
#include <string.h>

typedef enum fold_kind {
  K_NONE, K_ADD, K_SUB, K_MUL, K_DIVS, K_DIVU, K_REMS, K_REMU, K_CEILDIVS,
  K_CEILDIVU, K_FLOORDIVS, K_AND, K_OR, K_XOR, K_SHL, K_SHRS, K_SHRU,
  K_MAXS, K_MAXU, K_MINS, K_MINU, K_CMPI, K_SELECT, K_EXTS, K_EXTU, K_TRUNC,
  K_INDEX_CAST, K_INDEX_CASTU, K_ADD_EXT, K_MULU_EXT, K_MULS_EXT,
  /* float results from here on */
  K_ADDF, K_SUBF, K_MULF, K_DIVF, K_REMF, K_MAXIMUMF, K_MINIMUMF, K_MAXNUMF,
  K_MINNUMF, K_NEGF, K_SITOFP, K_UITOFP, K_EXTF, K_TRUNCF,
  /* float operands, integer results */
  K_CMPF, K_FPTOSI, K_FPTOUI, K_BITCAST,
} fold_kind_t;

static const struct {
  const char *name; /* after "arith." */
  fold_kind_t kind;
} kinds[] = {
    {"addi", K_ADD},         {"subi", K_SUB},           {"muli", K_MUL},
    {"divsi", K_DIVS},       {"divui", K_DIVU},         {"remsi", K_REMS},
    {"remui", K_REMU},       {"ceildivsi", K_CEILDIVS}, {"ceildivui", K_CEILDIVU},
    {"floordivsi", K_FLOORDIVS}, {"andi", K_AND},       {"ori", K_OR},
    {"xori", K_XOR},         {"shli", K_SHL},           {"shrsi", K_SHRS},
    {"shrui", K_SHRU},       {"maxsi", K_MAXS},         {"maxui", K_MAXU},
    {"minsi", K_MINS},       {"minui", K_MINU},         {"cmpi", K_CMPI},
    {"select", K_SELECT},    {"extsi", K_EXTS},         {"extui", K_EXTU},
    {"trunci", K_TRUNC},     {"index_cast", K_INDEX_CAST},
    {"index_castui", K_INDEX_CASTU}, {"addf", K_ADDF},  {"subf", K_SUBF},
    {"mulf", K_MULF},        {"divf", K_DIVF},          {"negf", K_NEGF},
    {"remf", K_REMF},        {"maximumf", K_MAXIMUMF},  {"minimumf", K_MINIMUMF},
    {"maxnumf", K_MAXNUMF},  {"minnumf", K_MINNUMF},    {"sitofp", K_SITOFP},
    {"uitofp", K_UITOFP},    {"extf", K_EXTF},          {"truncf", K_TRUNCF},
    {"cmpf", K_CMPF},        {"fptosi", K_FPTOSI},      {"fptoui", K_FPTOUI},
    {"bitcast", K_BITCAST},  {"addui_extended", K_ADD_EXT},
    {"mului_extended", K_MULU_EXT}, {"mulsi_extended", K_MULS_EXT},
};

static fold_kind_t kind_of(const buf_op_t *op) {
  const char *n = op->def->name + strlen("arith.");
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strcmp(kinds[i].name, n) == 0)
      return kinds[i].kind;
  return K_NONE;
}

/* The bit width of a scalar integer or index type; 0 for anything else. */
static uint32_t int_width(buf_type_t t) {
  if (t->kind == BUF_TYPE_INDEX)
    return 64;
  if (t->kind == BUF_TYPE_INTEGER && t->u.integer.signedness == BUF_SIGNLESS &&
      t->u.integer.width <= 64)
    return t->u.integer.width;
  return 0;
}

static uint64_t mask_of(uint32_t w) {
  return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* x's low w bits read as a signed number. */
static int64_t sext(uint64_t x, uint32_t w) {
  if (w >= 64)
    return (int64_t)x;
  x &= mask_of(w);
  uint64_t sign = UINT64_C(1) << (w - 1);
  return (int64_t)((x ^ sign) - sign);
}

/* The bits of operand i when it is a scalar integer constant. */
static bool const_bits(const buf_op_t *op, uint32_t i, uint64_t *bits) {
  buf_value_t *v = buf_op_operand(op, i);
  int64_t x;
  if (!int_width(v->type) || !v->def ||
      !buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT) ||
      !buf_op_fold_int(v->def, NULL, &x))
    return false;
  *bits = (uint64_t)x & mask_of(int_width(v->type));
  return true;
}

static bool const_float(const buf_op_t *op, uint32_t i, double *out) {
  buf_value_t *v = buf_op_operand(op, i);
  if (!v->def || !buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT))
    return false;
  buf_attr_t a = buf_op_attr(v->def, "value");
  if (!a || a->kind != BUF_ATTR_FLOAT)
    return false;
  *out = a->u.f;
  return true;
}

static bool replace_by_value(buf_op_t *op, buf_value_t *v) {
  buf_value_replace_all_uses(&op->results[0], v);
  buf_op_erase(op);
  return true;
}

static bool replace_by_int(buf_op_t *op, uint64_t bits) {
  buf_type_t t = op->results[0].type;
  return buf__replace_by_constant(
      op, buf_attr_integer(buf_op_ctx(op), t, sext(bits, int_width(t))));
}

/* cmpi's predicates in their attribute order. */
static bool compare(int64_t pred, uint64_t a, uint64_t b, uint32_t w) {
  int64_t sa = sext(a, w), sb = sext(b, w);
  switch (pred) {
  case 0: return a == b;
  case 1: return a != b;
  case 2: return sa < sb;
  case 3: return sa <= sb;
  case 4: return sa > sb;
  case 5: return sa >= sb;
  case 6: return a < b;
  case 7: return a <= b;
  case 8: return a > b;
  default: return a >= b;
  }
}

/* Binary integer ops on the bits a and b of width w: stores the result's
 * bits; false where upstream does not fold (undefined or poison). */
static bool binary(fold_kind_t k, uint64_t a, uint64_t b, uint32_t w,
                   uint64_t *r) {
  int64_t sa = sext(a, w), sb = sext(b, w);
  bool signed_overflow = sb == -1 && sa == sext(UINT64_C(1) << (w - 1), w);
  switch (k) {
  case K_ADD: *r = a + b; break;
  case K_SUB: *r = a - b; break;
  case K_MUL: *r = a * b; break;
  case K_AND: *r = a & b; break;
  case K_OR: *r = a | b; break;
  case K_XOR: *r = a ^ b; break;
  case K_MAXS: *r = sa > sb ? a : b; break;
  case K_MINS: *r = sa < sb ? a : b; break;
  case K_MAXU: *r = a > b ? a : b; break;
  case K_MINU: *r = a < b ? a : b; break;
  case K_DIVU:
  case K_REMU:
  case K_CEILDIVU:
    if (!b)
      return false;
    *r = k == K_DIVU ? a / b : k == K_REMU ? a % b : a / b + (a % b != 0);
    break;
  case K_DIVS:
  case K_REMS:
  case K_CEILDIVS:
  case K_FLOORDIVS: {
    if (!sb || (signed_overflow && k != K_REMS))
      return false;
    if (k == K_REMS) {
      *r = signed_overflow ? 0 : (uint64_t)(sa % sb);
      break;
    }
    int64_t q = sa / sb;
    bool inexact = sa % sb != 0, same_sign = (sa < 0) == (sb < 0);
    if (k == K_CEILDIVS && inexact && same_sign)
      q++;
    if (k == K_FLOORDIVS && inexact && !same_sign)
      q--;
    *r = (uint64_t)q;
    break;
  }
  case K_SHL:
  case K_SHRS:
  case K_SHRU:
    if (b >= w)
      return false;
    *r = k == K_SHL ? a << b
         : k == K_SHRU ? a >> b
                       : (uint64_t)(sa >> b);
    break;
  default:
    return false;
  }
  *r &= mask_of(w);
  return true;
}

/* Folds that need one constant operand or none: x + 0, x * 1 ... */
static bool identity(buf_op_t *op, fold_kind_t k) {
  buf_value_t *x = buf_op_operand(op, 0), *y = buf_op_operand(op, 1);
  uint64_t c;
  bool yc = const_bits(op, 1, &c);
  if (x->type != op->results[0].type)
    return false;
  if (((k == K_ADD || k == K_SUB || k == K_OR || k == K_XOR) && yc &&
       c == 0) ||
      ((k == K_MUL || k == K_DIVS || k == K_DIVU || k == K_CEILDIVS ||
        k == K_CEILDIVU || k == K_FLOORDIVS) && yc && c == 1) ||
      ((k == K_AND || k == K_OR || k == K_MAXS || k == K_MINS ||
        k == K_MAXU || k == K_MINU) && x == y))
    return replace_by_value(op, x);
  if ((k == K_SUB || k == K_XOR) && x == y)
    return replace_by_int(op, 0);
  return false;
}

/* f32 or f64: the float types whose bits bitcast folds. */
static bool is_f32_or_f64(buf_type_t t) {
  return t->kind == BUF_TYPE_FLOAT &&
         (buf_type_bitwidth(t) == 32 || buf_type_bitwidth(t) == 64);
}

/* A float result of type t, computed as the interpreter computes it: f64
 * in double, the narrower types in float, then rounded to t. NaN results
 * are not folded: upstream's folded NaN is positive where the hardware's
 * 0/0 is negative, so a printed NaN would change sign. Infinities fold as
 * upstream folds them. */
static bool float_result(fold_kind_t k, double a, double b, buf_type_t t,
                         double *r) {
  bool in_float = t->u.fkind != BUF_F64;
  float fa = (float)a, fb = (float)b;
  switch (k) {
  case K_ADDF: *r = in_float ? fa + fb : a + b; break;
  case K_SUBF: *r = in_float ? fa - fb : a - b; break;
  case K_MULF: *r = in_float ? fa * fb : a * b; break;
  case K_DIVF: *r = in_float ? fa / fb : a / b; break;
  case K_REMF: *r = in_float ? fmodf(fa, fb) : fmod(a, b); break;
  case K_NEGF: *r = -a; break;
  /* all four order -0 below +0; maxnumf/minnumf ignore a NaN operand
   * (LLVM's maxnum/minnum, as the interpreter computes them) */
  case K_MAXIMUMF:
    *r = isnan(a) || isnan(b) ? NAN
         : a == b            ? (signbit(a) ? b : a)
         : a > b             ? a : b;
    break;
  case K_MINIMUMF:
    *r = isnan(a) || isnan(b) ? NAN
         : a == b            ? (signbit(a) ? a : b)
         : a < b             ? a : b;
    break;
  case K_MAXNUMF:
    *r = isnan(a) ? b : isnan(b) ? a : a == b ? (signbit(a) ? b : a) : fmax(a, b);
    break;
  case K_MINNUMF:
    *r = isnan(a) ? b : isnan(b) ? a : a == b ? (signbit(a) ? a : b) : fmin(a, b);
    break;
  default: return false;
  }
  *r = buf__round_to_float_type(t, *r);
  return !isnan(*r);
}

/* Ops with a float result: arithmetic on float constants, int-to-float
 * conversions, extf, and truncf where the value is exact in the narrower
 * type (upstream leaves a rounding truncf alone). */
static bool fold_float(buf_op_t *op, fold_kind_t k) {
  buf_type_t t = op->results[0].type;
  double a, b = 0, r;
  uint64_t bits;
  if (t->kind != BUF_TYPE_FLOAT)
    return false;
  if (k == K_SITOFP || k == K_UITOFP) {
    uint32_t w = int_width(buf_op_operand(op, 0)->type);
    if (!w || !const_bits(op, 0, &bits))
      return false;
    bool in_float = t->u.fkind != BUF_F64;
    r = k == K_SITOFP ? (in_float ? (double)(float)sext(bits, w)
                                  : (double)sext(bits, w))
                      : (in_float ? (double)(float)bits : (double)bits);
    r = buf__round_to_float_type(t, r);
  } else if (k == K_EXTF || k == K_TRUNCF) {
    if (!const_float(op, 0, &a) || isnan(a))
      return false;
    r = buf__round_to_float_type(t, a);
    if (r != a)
      return false;
  } else {
    if (!const_float(op, 0, &a) ||
        (k != K_NEGF && (op->num_operands != 2 || !const_float(op, 1, &b))) ||
        !float_result(k, a, b, t, &r))
      return false;
  }
  return buf__replace_by_constant(op, buf_attr_float(buf_op_ctx(op), t, r));
}

/* cmpf's predicates in their attribute order. */
static bool compare_floats(int64_t pred, double x, double y) {
  bool uno = isnan(x) || isnan(y);
  switch (pred) {
  case 0: return false;
  case 1: return !uno && x == y;
  case 2: return !uno && x > y;
  case 3: return !uno && x >= y;
  case 4: return !uno && x < y;
  case 5: return !uno && x <= y;
  case 6: return !uno && x != y;
  case 7: return !uno;
  case 8: return uno || x == y;
  case 9: return uno || x > y;
  case 10: return uno || x >= y;
  case 11: return uno || x < y;
  case 12: return uno || x <= y;
  case 13: return uno || x != y;
  case 14: return uno;
  default: return true;
  }
}

/* The bits of an f32 or f64 value. */
static uint64_t float_bits(double x, bool f32) {
  if (f32) {
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
}

/* Ops with float operands and an integer result: cmpf, fptosi and fptoui
 * (not where the value is NaN or out of range: poison, which the
 * interpreter reports), and bitcast in either direction. */
static bool fold_from_float(buf_op_t *op, fold_kind_t k) {
  buf_type_t rt = op->results[0].type, at = buf_op_operand(op, 0)->type;
  uint32_t w = int_width(rt);
  double a, b;
  if (k == K_BITCAST) {
    uint64_t bits;
    if (is_f32_or_f64(at) && w && const_float(op, 0, &a))
      return replace_by_int(op, float_bits(a, buf_type_bitwidth(at) == 32));
    if (!is_f32_or_f64(rt) || !int_width(at) || !const_bits(op, 0, &bits))
      return false;
    double r;
    if (buf_type_bitwidth(rt) == 32) {
      uint32_t u = (uint32_t)bits;
      float f;
      memcpy(&f, &u, 4);
      r = f;
    } else {
      memcpy(&r, &bits, 8);
    }
    return !isnan(r) &&
           buf__replace_by_constant(op, buf_attr_float(buf_op_ctx(op), rt, r));
  }
  /* cmpf false and true hold whatever the operands */
  buf_attr_t pred = k == K_CMPF ? buf_op_attr(op, "predicate") : NULL;
  if (w && pred && pred->kind == BUF_ATTR_INTEGER &&
      (pred->u.i == 0 || pred->u.i == 15))
    return replace_by_int(op, pred->u.i == 15);
  if (!w || at->kind != BUF_TYPE_FLOAT || !const_float(op, 0, &a))
    return false;
  if (k == K_CMPF) {
    buf_attr_t p = buf_op_attr(op, "predicate");
    if (!p || p->kind != BUF_ATTR_INTEGER || p->u.i < 0 || p->u.i > 15 ||
        !const_float(op, 1, &b))
      return false;
    return replace_by_int(op, compare_floats(p->u.i, a, b));
  }
  double x = trunc(a);
  if (isnan(x))
    return false;
  if (k == K_FPTOSI) {
    double lo = w >= 64 ? -9223372036854775808.0 : -ldexp(1, (int)w - 1);
    double hi = w >= 64 ? 9223372036854775808.0 : ldexp(1, (int)w - 1);
    if (x < lo || x >= hi)
      return false;
    return replace_by_int(op, (uint64_t)(int64_t)x & mask_of(w));
  }
  double hi = w >= 64 ? 18446744073709551616.0 : ldexp(1, (int)w);
  if (x < 0 || x >= hi)
    return false;
  return replace_by_int(op, (uint64_t)x);
}

/* addui_extended (sum, carry), mului_extended and mulsi_extended (low and
 * high halves of the double-width product) of two integer constants. */
static bool fold_extended(buf_op_t *op, fold_kind_t k) {
  uint32_t w = int_width(op->results[0].type);
  uint64_t a, b, r0, r1;
  if (op->num_results != 2 || op->num_operands != 2 || !w ||
      !const_bits(op, 0, &a) || !const_bits(op, 1, &b))
    return false;
  if (k == K_ADD_EXT) {
    r0 = (a + b) & mask_of(w);
    r1 = r0 < a;
  } else {
    __int128 p = k == K_MULS_EXT
                     ? (__int128)sext(a, w) * (__int128)sext(b, w)
                     : (__int128)((unsigned __int128)a * b);
    r0 = (uint64_t)p & mask_of(w);
    r1 = (uint64_t)(p >> w) & mask_of(w);
  }
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_builder_t bld;
  buf_builder_init(&bld, ctx);
  buf_builder_set_before(&bld, op);
  bld.loc = op->loc;
  buf_value_t *vs[2];
  uint64_t rs[2] = {r0, r1};
  for (int i = 0; i < 2; i++) {
    buf_type_t t = op->results[i].type;
    buf_op_t *c = buf_build(&bld, "arith.constant", t, 0, NULL, "value",
                            buf_attr_integer(ctx, t, sext(rs[i], int_width(t))),
                            NULL);
    vs[i] = buf_op_result(c, 0);
  }
  buf_op_replace(op, vs);
  return true;
}

/* The element bit width of a signless integer, index, or a shaped type
 * of them; 0 for anything else. */
static uint32_t elem_width(buf_type_t t) {
  if (t->kind == BUF_TYPE_TENSOR || t->kind == BUF_TYPE_VECTOR)
    t = t->u.shaped.elem;
  return int_width(t);
}

/* A cast of a cast (upstream's ExtUIOp, ExtSIOp and TruncIOp folds):
 * extending twice the same way is one extension of the first source;
 * truncating an extension gives its source back, or truncates the source
 * when that is still wider; truncating twice truncates once. */
static bool fold_cast_of_cast(buf_op_t *op, fold_kind_t k) {
  buf_value_t *in = buf_op_operand(op, 0);
  buf_op_t *def = in->def;
  fold_kind_t dk = def && def->num_operands == 1 &&
                           strncmp(def->def->name, "arith.", 6) == 0
                       ? kind_of(def)
                       : K_NONE;
  if (dk == K_NONE || !(k == K_EXTU || k == K_EXTS || k == K_TRUNC))
    return false;
  buf_value_t *src = buf_op_operand(def, 0);
  if ((k == K_EXTU || k == K_EXTS || k == K_TRUNC) && dk == k) {
    buf_op_set_operand(op, 0, src);
    return true;
  }
  if (k != K_TRUNC || (dk != K_EXTU && dk != K_EXTS))
    return false;
  uint32_t ws = elem_width(src->type), wr = elem_width(op->results[0].type);
  if (!ws || !wr)
    return false;
  if (src->type == op->results[0].type)
    return replace_by_value(op, src);
  if (ws > wr) {
    buf_op_set_operand(op, 0, src);
    return true;
  }
  return false;
}

bool buf__arith_fold(buf_op_t *op) {
  fold_kind_t k = kind_of(op);
  if (k == K_ADD_EXT || k == K_MULU_EXT || k == K_MULS_EXT)
    return fold_extended(op, k);
  if (k == K_NONE || op->num_results != 1)
    return false;
  if (op->num_operands == 1 && fold_cast_of_cast(op, k))
    return true;
  if (k >= K_CMPF)
    return fold_from_float(op, k);
  if (k >= K_ADDF)
    return fold_float(op, k);
  buf_type_t rt = op->results[0].type;
  uint64_t a, b, c;
  if (k == K_SELECT) {
    if (op->num_operands != 3)
      return false;
    if (buf_op_operand(op, 1) == buf_op_operand(op, 2))
      return replace_by_value(op, buf_op_operand(op, 1));
    if (!const_bits(op, 0, &c))
      return false;
    return replace_by_value(op, buf_op_operand(op, c ? 1 : 2));
  }
  uint32_t w = int_width(rt);
  if (op->num_operands == 1) {
    uint32_t win = int_width(buf_op_operand(op, 0)->type);
    if (!w || !win || !const_bits(op, 0, &a))
      return false;
    bool zero_ext = k == K_EXTU || k == K_INDEX_CASTU;
    /* widening reads the operand signed or unsigned; narrowing keeps the
     * low bits, which the result's width does */
    uint64_t wide = zero_ext ? a : (uint64_t)sext(a, win);
    return replace_by_int(op, wide & mask_of(w));
  }
  if (op->num_operands != 2)
    return false;
  if (k == K_CMPI) {
    buf_attr_t p = buf_op_attr(op, "predicate");
    uint32_t wo = int_width(buf_op_operand(op, 0)->type);
    if (!p || p->kind != BUF_ATTR_INTEGER || p->u.i < 0 || p->u.i > 9 ||
        !wo || !w)
      return false;
    if (buf_op_operand(op, 0) == buf_op_operand(op, 1)) {
      static const bool reflexive[10] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 1};
      return replace_by_int(op, reflexive[p->u.i]);
    }
    if (!const_bits(op, 0, &a) || !const_bits(op, 1, &b))
      return false;
    return replace_by_int(op, compare(p->u.i, a, b, wo));
  }
  if (!w)
    return false;
  if (const_bits(op, 0, &a) && const_bits(op, 1, &b)) {
    uint64_t r;
    return binary(k, a, b, w, &r) && replace_by_int(op, r);
  }
  return identity(op, k);
}

/* ------------------------------------------------------------------------ */
/* Canonicalizations (buf_opdef_t.canonicalize)                              */
/* ------------------------------------------------------------------------ */

/* Upstream's reassociations of an add, sub or mul whose operand is another
 * with a constant (AddIAddConstant, SubIRHSSubConstantLHS and kin): the two
 * constants meet in one, so (x + c0) + c1 is x + (c0 + c1). A row reads
 * "outer(inner) where each has its constant at the given operand becomes
 * result with x at result_x, its constant k0 * c0 + k1 * c1" (c0 the
 * inner constant, c1 the outer; for mul the constant is c0 * c1). */
static const struct {
  fold_kind_t outer, inner, result;
  uint8_t outer_c, inner_c; /* the operand that is the constant */
  uint8_t result_x;         /* the operand x becomes in the result */
  int8_t k0, k1;
} reassociations[] = {
    {K_ADD, K_ADD, K_ADD, 1, 1, 0, +1, +1},
    {K_ADD, K_SUB, K_ADD, 1, 1, 0, -1, +1},
    {K_ADD, K_SUB, K_SUB, 1, 0, 1, +1, +1},
    {K_SUB, K_ADD, K_ADD, 1, 1, 0, +1, -1},
    {K_SUB, K_ADD, K_SUB, 0, 1, 1, -1, +1},
    {K_SUB, K_SUB, K_SUB, 1, 1, 0, +1, +1},
    {K_SUB, K_SUB, K_SUB, 1, 0, 1, +1, -1},
    {K_SUB, K_SUB, K_SUB, 0, 1, 1, +1, +1},
    {K_SUB, K_SUB, K_ADD, 0, 0, 0, -1, +1},
    {K_MUL, K_MUL, K_MUL, 1, 1, 0, 0, 0},
};

static const char *kind_name(fold_kind_t k) {
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (kinds[i].kind == k)
      return kinds[i].name;
  return NULL;
}

/* The overflow flags both ops carry (upstream's mergeOverflowFlags). */
static buf_attr_t merged_overflow_flags(buf_op_t *a, buf_op_t *b) {
  uint32_t fa, fb;
  if (!buf__flags_value(&buf__overflow_flags, buf_op_attr(a, "overflowFlags"),
                        &fa) ||
      !buf__flags_value(&buf__overflow_flags, buf_op_attr(b, "overflowFlags"),
                        &fb))
    fa = fb = 0;
  return buf__flags_attr(buf_op_ctx(a), &buf__overflow_flags, fa & fb);
}

static bool reassociate(buf_op_t *op, fold_kind_t k) {
  uint32_t w = int_width(op->results[0].type);
  if (!w || op->num_operands != 2)
    return false;
  for (size_t i = 0; i < sizeof reassociations / sizeof reassociations[0];
       i++) {
    uint64_t c0, c1;
    if (reassociations[i].outer != k ||
        !const_bits(op, reassociations[i].outer_c, &c1))
      continue;
    buf_op_t *inner = buf_op_operand(op, 1 - reassociations[i].outer_c)->def;
    if (!inner || inner->num_operands != 2 || inner->num_results != 1 ||
        strncmp(inner->def->name, "arith.", 6) != 0 ||
        kind_of(inner) != reassociations[i].inner ||
        !const_bits(inner, reassociations[i].inner_c, &c0))
      continue;
    uint64_t c = k == K_MUL ? c0 * c1
                            : (uint64_t)reassociations[i].k0 * c0 +
                                  (uint64_t)reassociations[i].k1 * c1;
    buf_type_t t = op->results[0].type;
    buf_ctx_t *ctx = buf_op_ctx(op);
    buf_builder_t b;
    buf_builder_init(&b, ctx);
    buf_builder_set_before(&b, op);
    b.loc = op->loc;
    buf_value_t *constant = buf_op_result(
        buf_build(&b, "arith.constant", t, 0, NULL, "value",
                  buf_attr_integer(ctx, t, sext(c & mask_of(w), w)), NULL),
        0);
    buf_value_t *x = buf_op_operand(inner, 1 - reassociations[i].inner_c);
    buf_value_t *operands[2];
    operands[reassociations[i].result_x] = x;
    operands[1 - reassociations[i].result_x] = constant;
    char name[32];
    snprintf(name, sizeof name, "arith.%s", kind_name(reassociations[i].result));
    buf_value_t *r = buf_op_result(
        buf_build(&b, name, t, 2, operands, "overflowFlags",
                  merged_overflow_flags(op, inner), NULL),
        0);
    buf_op_replace(op, &r);
    return true;
  }
  return false;
}

/* One extension instead of two casts (upstream's ExtSIOfExtUI,
 * TruncIExtSIToExtSI, TruncIExtUIToExtUI): extsi(extui x) is extui x, the
 * first extension leaving a zero sign bit; trunci(ext x) to a type still
 * wider than x is that extension of x to the type. */
static bool one_extension(buf_op_t *op, fold_kind_t k) {
  buf_op_t *def = buf_op_operand(op, 0)->def;
  fold_kind_t dk = def && def->num_operands == 1 &&
                           strncmp(def->def->name, "arith.", 6) == 0
                       ? kind_of(def)
                       : K_NONE;
  buf_value_t *x = dk == K_NONE ? NULL : buf_op_operand(def, 0);
  const char *name;
  if (k == K_EXTS && dk == K_EXTU)
    name = "arith.extui";
  else if (k == K_TRUNC && (dk == K_EXTU || dk == K_EXTS) &&
           elem_width(x->type) &&
           elem_width(x->type) < elem_width(op->results[0].type))
    name = dk == K_EXTU ? "arith.extui" : "arith.extsi";
  else
    return false;
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_value_t *r = buf_op_result(
      buf_build(&b, name, op->results[0].type, 1, &x, NULL), 0);
  buf_op_replace(op, &r);
  return true;
}

bool buf__arith_canonicalize(buf_op_t *op) {
  fold_kind_t k = kind_of(op);
  if (op->num_results != 1)
    return false;
  if ((k == K_EXTS || k == K_TRUNC) && op->num_operands == 1)
    return one_extension(op, k);
  if (k == K_ADD || k == K_SUB || k == K_MUL)
    return reassociate(op, k);
  return false;
}
