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
 *   - addf, subf, mulf, divf and negf of f32/f64 constants (a double
 *     computes them and rounds once to f32, which gives the correctly
 *     rounded f32 result for these operations); NaN and infinite
 *     results are not folded.
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
  K_INDEX_CAST, K_INDEX_CASTU, K_ADDF, K_SUBF, K_MULF, K_DIVF, K_NEGF,
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

static bool replace_by_attr(buf_op_t *op, buf_attr_t value) {
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_op_t *c = buf_build(&b, "arith.constant", op->results[0].type, 0, NULL,
                          "value", value, NULL);
  return replace_by_value(op, buf_op_result(c, 0));
}

static bool replace_by_int(buf_op_t *op, uint64_t bits) {
  buf_type_t t = op->results[0].type;
  return replace_by_attr(
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
      ((k == K_MUL || k == K_DIVS || k == K_DIVU) && yc && c == 1) ||
      ((k == K_AND || k == K_OR || k == K_MAXS || k == K_MINS ||
        k == K_MAXU || k == K_MINU) && x == y))
    return replace_by_value(op, x);
  if ((k == K_SUB || k == K_XOR) && x == y)
    return replace_by_int(op, 0);
  return false;
}

static bool fold_float(buf_op_t *op, fold_kind_t k) {
  buf_type_t t = op->results[0].type;
  if (t->kind != BUF_TYPE_FLOAT ||
      (buf_type_bitwidth(t) != 32 && buf_type_bitwidth(t) != 64))
    return false;
  double a, b = 0, r;
  if (!const_float(op, 0, &a) ||
      (k != K_NEGF && (op->num_operands != 2 || !const_float(op, 1, &b))))
    return false;
  switch (k) {
  case K_ADDF: r = a + b; break;
  case K_SUBF: r = a - b; break;
  case K_MULF: r = a * b; break;
  case K_DIVF: r = a / b; break;
  default: r = -a; break;
  }
  if (buf_type_bitwidth(t) == 32)
    r = (double)(float)r;
  if (!isfinite(r))
    return false;
  return replace_by_attr(op, buf_attr_float(buf_op_ctx(op), t, r));
}

bool buf__arith_fold(buf_op_t *op) {
  fold_kind_t k = kind_of(op);
  if (k == K_NONE || op->num_results != 1)
    return false;
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
