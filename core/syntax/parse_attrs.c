/*
 * parse_attrs.c: MLIR builtin attributes, attribute aliases and opaque
 * dialect attributes.
 *
 * Grammar:
 *   attr ::= 'unit' | 'true' | 'false' | number (':' type)? | string
 *          | '[' (attr (',' attr)*)? ']' | dict | '@' sym ('::' '@' sym)*
 *          | 'dense' '<' elements? '>' ':' shaped-type
 *          | 'array' '<' type (':' values)? '>'
 *          | 'affine_map' '<' map '>' | 'strided' '<' '[' strides ']'
 *            (',' 'offset' ':' offset)? '>'
 *          | '#' alias | '#' dialect ('.' name)? ('<' balanced '>')?
 *          | type
 *   dict ::= '{' (name ('=' attr)? (',' name ('=' attr)?)*)? '}'
 *   map  ::= '(' dims ')' ('[' syms ']')? '->' '(' exprs ')'
 *   expr ::= term (('+' | '-') term)*
 *   term ::= unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*
 *   unary::= '-' unary | '(' expr ')' | dim | sym | integer
 *
 * Numbers follow MLIR: integers range-checked against their type (signless
 * values are stored sign-extended, unsigned ones zero-extended, i1 as 0/1),
 * floats rounded to their type's precision, hex literals with a float type
 * are bit patterns. Dense literals are checked against the static shape of
 * their type; all-equal elements become a splat, as in MLIR.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parser_internal.h"

/* ------------------------------------------------------------------------ */
/* Scalars                                                                   */
/* ------------------------------------------------------------------------ */

static double half_to_double(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  double v;
  if (exp == 0)
    v = ldexp(man, -24);
  else if (exp == 31)
    v = man ? NAN : INFINITY;
  else
    v = ldexp(man | 0x400, exp - 25);
  return sign ? -v : v;
}

static uint16_t double_to_half(double d) {
  /* Round to nearest even through float, which is exact for half values. */
  float f = (float)d;
  uint32_t x;
  memcpy(&x, &f, 4);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;
  uint32_t man = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return sign | 0x7c00 | (man ? 0x200 : 0);
  if (exp >= 31)
    return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10)
      return sign;
    man |= 0x800000;
    uint32_t shift = (uint32_t)(14 - exp);
    uint32_t h = man >> shift;
    uint32_t rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1)))
      h++;
    return sign | (uint16_t)h;
  }
  uint32_t h = ((uint32_t)exp << 10) | (man >> 13);
  uint32_t rem = man & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
    h++;
  return sign | (uint16_t)h;
}

static double bf16_to_double(uint16_t b) {
  uint32_t x = (uint32_t)b << 16;
  float f;
  memcpy(&f, &x, 4);
  return f;
}

static uint16_t double_to_bf16(double d) {
  float f = (float)d;
  uint32_t x;
  memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return (uint16_t)((x >> 16) | 0x40);
  uint32_t rounding = 0x7fff + ((x >> 16) & 1);
  return (uint16_t)((x + rounding) >> 16);
}

/* Rounds d to the precision of float type t. */
static double round_to(buf_type_t t, double d) {
  switch (t->u.fkind) {
  case BUF_F16:
    return half_to_double(double_to_half(d));
  case BUF_BF16:
    return bf16_to_double(double_to_bf16(d));
  case BUF_F32:
    return (double)(float)d;
  case BUF_F64:
    return d;
  }
  return d;
}

/* Interprets the low bits of `bits` as a value of float type t. */
static double float_from_bits(buf_type_t t, uint64_t bits) {
  switch (t->u.fkind) {
  case BUF_F16:
    return half_to_double((uint16_t)bits);
  case BUF_BF16:
    return bf16_to_double((uint16_t)bits);
  case BUF_F32: {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, 4);
    return f;
  }
  case BUF_F64: {
    double d;
    memcpy(&d, &bits, 8);
    return d;
  }
  }
  return 0;
}

/* A scalar literal as written, before its type is known. */
typedef enum { LIT_INT, LIT_FLOAT, LIT_BOOL } lit_kind_t;
typedef struct {
  lit_kind_t kind;
  bool neg;
  bool hex;
  uint64_t u;  /* INT magnitude, BOOL 0/1 */
  double f;    /* FLOAT magnitude */
  buf_loc_t loc;
} lit_t;

/* Parses '-'? integer | float | true | false. */
static buf_status_t parse_lit(buf_parser_t *p, lit_t *l, bool allow_bool) {
  memset(l, 0, sizeof *l);
  l->loc = buf__p_tok_loc(p, &p->tok);
  if (allow_bool && (buf__p_is_kw(p, "true") || buf__p_is_kw(p, "false"))) {
    l->kind = LIT_BOOL;
    l->u = buf__p_is_kw(p, "true");
    buf__p_next(p);
    return BUF_SUCCESS;
  }
  if (buf__p_accept(p, "-"))
    l->neg = true;
  if (p->tok.kind == BUF_TK_INTEGER) {
    l->kind = LIT_INT;
    l->hex = p->tok.len > 2 && p->tok.s[1] == 'x';
    l->loc = buf__p_tok_loc(p, &p->tok);
    if (BUF_FAILED(buf__p_int_value(p, &p->tok, &l->u)))
      return BUF_FAILURE;
    buf__p_next(p);
    return BUF_SUCCESS;
  }
  if (p->tok.kind == BUF_TK_FLOAT) {
    l->kind = LIT_FLOAT;
    char buf[128];
    uint32_t n = p->tok.len < sizeof buf - 1 ? p->tok.len : sizeof buf - 1;
    memcpy(buf, p->tok.s, n);
    buf[n] = 0;
    l->f = strtod(buf, NULL);
    buf__p_next(p);
    return BUF_SUCCESS;
  }
  return buf__p_error_tok(p, "expected constant integer or floating point "
                             "value");
}

/* Converts an integer literal to a value of integer/index type t, with
 * MLIR's range checks. */
static buf_status_t int_for_type(buf_parser_t *p, const lit_t *l, buf_type_t t,
                                 int64_t *out) {
  uint32_t w = t->kind == BUF_TYPE_INDEX ? 64 : t->u.integer.width;
  buf_signedness_t sg =
      t->kind == BUF_TYPE_INDEX ? BUF_SIGNLESS : t->u.integer.signedness;
  uint64_t u = l->u;
  if (l->kind == LIT_BOOL) {
    *out = (int64_t)u;
    return BUF_SUCCESS;
  }
  if (l->neg && sg == BUF_UNSIGNED)
    return buf__p_error_at(p, l->loc, "negative integer literal not valid "
                                      "for unsigned integer type");
  if (l->neg) {
    /* magnitude must fit in a signed w-bit value: u <= 2^(w-1) */
    uint64_t lim = w >= 64 ? (1ULL << 63) : (1ULL << (w - 1));
    if (w == 0 || u > lim)
      return buf__p_error_at(p, l->loc,
                             "integer constant out of range for attribute");
    uint64_t v = (uint64_t)0 - u;
    if (w == 1) {
      *out = (int64_t)(v & 1);
      return BUF_SUCCESS;
    }
    *out = (int64_t)v;
    return BUF_SUCCESS;
  }
  uint32_t bits = sg == BUF_SIGNED && w > 0 ? w - 1 : w;
  if (bits < 64 && (u >> bits) != 0)
    return buf__p_error_at(p, l->loc,
                           "integer constant out of range for attribute");
  if (w == 1 || sg == BUF_UNSIGNED || w >= 64) {
    *out = (int64_t)u;
    return BUF_SUCCESS;
  }
  /* Signless: keep the bits, sign-extended (255 : i8 is -1). */
  uint64_t sbit = 1ULL << (w - 1);
  *out = (int64_t)((u ^ sbit) - sbit);
  return BUF_SUCCESS;
}

/* Converts a literal to a value of float type t. */
static buf_status_t float_for_type(buf_parser_t *p, const lit_t *l,
                                   buf_type_t t, double *out) {
  if (l->kind == LIT_BOOL)
    return buf__p_error_at(p, l->loc, "expected floating point literal");
  if (l->kind == LIT_INT) {
    if (!l->hex)
      return buf__p_error_at(p, l->loc, "unexpected decimal integer literal "
                                        "for a floating point value");
    if (l->neg)
      return buf__p_error_at(p, l->loc, "hexadecimal float literal should "
                                        "not have a leading minus");
    uint32_t w = buf_type_bitwidth(t);
    if (w < 64 && (l->u >> w) != 0)
      return buf__p_error_at(p, l->loc, "hexadecimal float constant out of "
                                        "range for type");
    *out = float_from_bits(t, l->u);
    return BUF_SUCCESS;
  }
  *out = round_to(t, l->neg ? -l->f : l->f);
  return BUF_SUCCESS;
}

/* number (':' type)? with a default type. */
static buf_status_t parse_number_attr(buf_parser_t *p, buf_type_t hint,
                                      buf_attr_t *out) {
  lit_t l;
  if (BUF_FAILED(parse_lit(p, &l, false)))
    return BUF_FAILURE;
  buf_type_t t = hint;
  if (buf__p_is(p, ":")) {
    buf__p_next(p);
    if (BUF_FAILED(buf__p_parse_type(p, &t)))
      return BUF_FAILURE;
  }
  if (!t)
    t = l.kind == LIT_FLOAT ? buf_type_f64(p->ctx) : buf_type_i64(p->ctx);
  if (buf_type_is_float(t)) {
    double d;
    if (BUF_FAILED(float_for_type(p, &l, t, &d)))
      return BUF_FAILURE;
    *out = buf_attr_float(p->ctx, t, d);
    return BUF_SUCCESS;
  }
  if (buf_type_is_int_or_index(t)) {
    if (l.kind == LIT_FLOAT)
      return buf__p_error_tok(p, "floating point value not valid for "
                                 "specified type");
    int64_t v;
    if (BUF_FAILED(int_for_type(p, &l, t, &v)))
      return BUF_FAILURE;
    *out = buf_attr_integer(p->ctx, t, v);
    return BUF_SUCCESS;
  }
  return buf__p_error_at(p, l.loc, "%s literal not valid for specified type",
                         l.kind == LIT_FLOAT ? "floating point" : "integer");
}

/* ------------------------------------------------------------------------ */
/* dense<...>                                                                */
/* ------------------------------------------------------------------------ */

typedef struct {
  lit_t *lits;
  uint32_t n, cap;
  int64_t dims[64];     /* inferred shape per nesting level */
  int32_t leaf_depth;   /* nesting depth of scalars; -1 until known */
  bool known[64];       /* dims[level] is set */
} dense_lits_t;

static buf_status_t dense_push(buf_parser_t *p, dense_lits_t *d,
                               const lit_t *l) {
  if (d->n == d->cap) {
    uint32_t nc = d->cap ? d->cap * 2 : 16;
    d->lits = buf_arena_grow(buf_ctx_scratch(p->ctx), d->lits, d->cap, nc, sizeof(lit_t));
    d->cap = nc;
  }
  d->lits[d->n++] = *l;
  return BUF_SUCCESS;
}

/* One element at nesting `depth`: a scalar or a '[' list. */
static buf_status_t dense_elem(buf_parser_t *p, dense_lits_t *d,
                               uint32_t depth) {
  if (buf__p_is(p, "(")) 
    return buf__p_error_tok(p, "complex elements are not supported");
  if (!buf__p_is(p, "[")) {
    buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
    if (d->leaf_depth >= 0 && (uint32_t)d->leaf_depth != depth)
      return buf__p_error_at(p, loc, "tensor literal is invalid; ranks are "
                                     "not consistent between elements");
    d->leaf_depth = (int32_t)depth;
    lit_t l;
    if (BUF_FAILED(parse_lit(p, &l, true)))
      return BUF_FAILURE;
    return dense_push(p, d, &l);
  }
  if (depth >= 64 || BUF_FAILED(buf__p_enter(p)))
    return buf__p_error_tok(p, "nesting too deep");
  buf__p_next(p);
  int64_t count = 0;
  if (!buf__p_is(p, "]")) {
    do {
      if (BUF_FAILED(dense_elem(p, d, depth + 1))) {
        buf__p_leave(p);
        return BUF_FAILURE;
      }
      count++;
    } while (buf__p_accept(p, ","));
  }
  buf__p_leave(p);
  if (BUF_FAILED(buf__p_expect(p, "]")))
    return BUF_FAILURE;
  buf_loc_t close = buf__p_tok_loc(p, &p->tok); /* MLIR: after the ']' */
  if (count == 0) {
    if (d->leaf_depth >= 0 && (uint32_t)d->leaf_depth != depth + 1)
      return buf__p_error_at(p, close, "tensor literal is invalid; ranks are "
                                       "not consistent between elements");
    d->leaf_depth = (int32_t)depth + 1;
  }
  if (d->known[depth]) {
    if (d->dims[depth] != count)
      return buf__p_error_at(p, close, "tensor literal is invalid; ranks are "
                                       "not consistent between elements");
  } else {
    d->dims[depth] = count;
    d->known[depth] = true;
  }
  return BUF_SUCCESS;
}

static const char *shape_str(buf_parser_t *p, uint32_t rank,
                             const int64_t *dims) {
  buf_strbuf_t sb = {0};
  buf_strbuf_puts(&sb, "[");
  for (uint32_t i = 0; i < rank; i++)
    buf_strbuf_printf(&sb, "%s%lld", i ? ", " : "", (long long)dims[i]);
  buf_strbuf_puts(&sb, "]");
  char *s = buf_arena_strndup(p->arena, sb.data, sb.len);
  buf_strbuf_free(&sb);
  return s;
}

static int hexdig(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Builds the attribute from raw little-endian bytes of a hex blob. */
static buf_status_t dense_from_hex(buf_parser_t *p, const char *hex,
                                   size_t hlen, buf_type_t ty, buf_loc_t loc,
                                   buf_loc_t type_loc, buf_attr_t *out) {
  buf_type_t et = buf_type_elem(ty);
  int64_t n = buf_type_num_elements(ty);
  if (hlen < 2 || hex[0] != '0' || hex[1] != 'x' || (hlen - 2) % 2 != 0)
    return buf__p_error_at(p, loc, "expected hex string of elements data");
  size_t bytes = (hlen - 2) / 2;
  unsigned char *raw = buf_arena_alloc(buf_ctx_scratch(p->ctx), bytes ? bytes : 1);
  for (size_t i = 0; i < bytes; i++) {
    int hi = hexdig(hex[2 + 2 * i]), lo = hexdig(hex[3 + 2 * i]);
    if (hi < 0 || lo < 0)
      return buf__p_error_at(p, loc, "expected hex string of elements data");
    raw[i] = (unsigned char)(hi * 16 + lo);
  }
  uint32_t w = buf_type_bitwidth(et);
  bool is_float = buf_type_is_float(et);
  int64_t count;
  bool packed_bits = false;
  if (w == 1) {
    if (bytes == 1 && (raw[0] == 0 || raw[0] == 0xff) && n != 1) {
      count = 1;
    } else if ((int64_t)bytes == (n + 7) / 8) {
      count = n;
      packed_bits = true;
    } else {
      count = -1;
    }
  } else {
    size_t esz = (w + 7) / 8;
    if (bytes == esz)
      count = 1;
    else if (n >= 0 && (uint64_t)bytes == (uint64_t)n * esz)
      count = n;
    else
      count = -1;
  }
  if (count < 0)
    return buf__p_error_at(p, type_loc,
                           "elements hex data size is invalid for provided "
                           "type: '%s'",
                           buf_type_to_string(p->ctx, ty));
  int64_t *ints = is_float ? NULL
                           : buf_arena_alloc(buf_ctx_scratch(p->ctx),
                                             (size_t)count * sizeof(int64_t));
  double *flts = is_float ? buf_arena_alloc(buf_ctx_scratch(p->ctx),
                                            (size_t)count * sizeof(double))
                          : NULL;
  size_t esz = (w + 7) / 8;
  for (int64_t i = 0; i < count; i++) {
    uint64_t bits = 0;
    if (w == 1) {
      bits = packed_bits ? (raw[i / 8] >> (i % 8)) & 1 : raw[0] & 1;
    } else {
      for (size_t k = 0; k < esz && k < 8; k++)
        bits |= (uint64_t)raw[(size_t)i * esz + k] << (8 * k);
    }
    if (is_float) {
      flts[i] = float_from_bits(et, bits);
    } else {
      bool is_unsigned = et->kind == BUF_TYPE_INTEGER &&
                         et->u.integer.signedness == BUF_UNSIGNED;
      if (w > 1 && w < 64 && !is_unsigned) {
        uint64_t sbit = 1ULL << (w - 1);
        bits &= (sbit << 1) - 1;
        bits = (bits ^ sbit) - sbit;
      }
      ints[i] = (int64_t)bits;
    }
  }
  *out = buf_attr_dense(p->ctx, ty, count, ints, flts);
  return BUF_SUCCESS;
}

/* 'dense' '<' ... '>' ':' type; the current token is after "dense". The
 * ': type' may be left out where the context implies a shaped type (hint),
 * as in memref.global's initializer. */
static buf_status_t parse_dense(buf_parser_t *p, buf_loc_t loc,
                                buf_type_t hint, buf_attr_t *out) {
  if (BUF_FAILED(buf__p_expect(p, "<")))
    return BUF_FAILURE;
  dense_lits_t d;
  memset(&d, 0, sizeof d);
  d.leaf_depth = -1;
  bool empty = false, is_hex = false;
  const char *hex = NULL;
  size_t hlen = 0;
  buf_loc_t hex_loc = loc;
  if (buf__p_is(p, ">")) {
    empty = true;
  } else if (p->tok.kind == BUF_TK_STRING) {
    is_hex = true;
    hex_loc = buf__p_tok_loc(p, &p->tok);
    hex = buf__p_decode_string(p, &p->tok, &hlen);
    buf__p_next(p);
  } else if (BUF_FAILED(dense_elem(p, &d, 0))) {
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__p_expect(p, ">")))
    return BUF_FAILURE;
  bool implied = hint && !buf__p_is(p, ":") &&
                 (hint->kind == BUF_TYPE_TENSOR || hint->kind == BUF_TYPE_VECTOR);
  if (!implied && !buf__p_is(p, ":"))
    return buf__p_error_tok(p, "expected ':'");
  buf_loc_t tloc = loc;
  buf_type_t ty = hint;
  if (!implied) {
    buf__p_next(p);
    tloc = buf__p_tok_loc(p, &p->tok);
    if (BUF_FAILED(buf__p_parse_type(p, &ty)))
      return BUF_FAILURE;
  }
  if (ty->kind != BUF_TYPE_TENSOR && ty->kind != BUF_TYPE_VECTOR)
    return buf__p_error_at(p, tloc, "elements literal must be a shaped type");
  if (!buf_type_has_static_shape(ty))
    return buf__p_error_at(p, loc, "elements literal type must have static "
                                   "shape");
  buf_type_t et = ty->u.shaped.elem;
  bool is_float = buf_type_is_float(et);
  if (!is_float && !buf_type_is_int_or_index(et))
    return buf__p_error_at(p, tloc, "unsupported dense element type");
  if (is_hex)
    return dense_from_hex(p, hex, hlen, ty, hex_loc, loc, out);
  int64_t n = buf_type_num_elements(ty);
  uint32_t lit_rank = d.leaf_depth < 0 ? 0 : (uint32_t)d.leaf_depth;
  bool splat = !empty && lit_rank == 0;
  if (empty) {
    if (n != 0)
      return buf__p_error_at(p, loc, "parsed zero elements, but type (%s) "
                                     "expected at least 1",
                             buf_type_to_string(p->ctx, ty));
  } else if (!splat) {
    bool same = lit_rank == ty->u.shaped.rank;
    for (uint32_t i = 0; same && i < lit_rank; i++)
      same = d.dims[i] == ty->u.shaped.shape[i];
    if (!same)
      return buf__p_error_at(
          p, loc, "inferred shape of elements literal (%s) does not match "
                  "type (%s)",
          shape_str(p, lit_rank, d.dims),
          shape_str(p, ty->u.shaped.rank, ty->u.shaped.shape));
  }
  int64_t count = empty ? 0 : (int64_t)d.n;
  int64_t *ints = NULL;
  double *flts = NULL;
  if (is_float)
    flts = buf_arena_alloc(buf_ctx_scratch(p->ctx), (size_t)(count ? count : 1) * 8);
  else
    ints = buf_arena_alloc(buf_ctx_scratch(p->ctx), (size_t)(count ? count : 1) * 8);
  for (int64_t i = 0; i < count; i++) {
    const lit_t *l = &d.lits[i];
    if (is_float) {
      if (BUF_FAILED(float_for_type(p, l, et, &flts[i])))
        return BUF_FAILURE;
    } else {
      if (l->kind == LIT_FLOAT)
        return buf__p_error_at(p, l->loc, "expected integer elements, but "
                                          "parsed floating-point");
      if (l->kind == LIT_BOOL && buf_type_bitwidth(et) != 1)
        return buf__p_error_at(p, l->loc, "expected integer elements, but "
                                          "parsed boolean");
      if (BUF_FAILED(int_for_type(p, l, et, &ints[i])))
        return BUF_FAILURE;
    }
  }
  /* All-equal elements are a splat, as MLIR stores them. */
  if (count > 1) {
    bool all = true;
    for (int64_t i = 1; all && i < count; i++)
      all = is_float ? memcmp(&flts[i], &flts[0], sizeof(double)) == 0
                     : ints[i] == ints[0];
    if (all)
      count = 1;
  }
  *out = buf_attr_dense(p->ctx, ty, count, ints, flts);
  return BUF_SUCCESS;
}

/* 'array' '<' type (':' values)? '>' */
static buf_status_t parse_dense_array(buf_parser_t *p, buf_attr_t *out) {
  if (BUF_FAILED(buf__p_expect(p, "<")))
    return BUF_FAILURE;
  buf_loc_t tloc = buf__p_tok_loc(p, &p->tok);
  buf_type_t et;
  if (BUF_FAILED(buf__p_parse_type(p, &et)))
    return BUF_FAILURE;
  bool is_float = buf_type_is_float(et);
  if (!(is_float && (et->u.fkind == BUF_F32 || et->u.fkind == BUF_F64)) &&
      !(et->kind == BUF_TYPE_INTEGER &&
        (et->u.integer.width == 1 || et->u.integer.width == 8 ||
         et->u.integer.width == 16 || et->u.integer.width == 32 ||
         et->u.integer.width == 64)))
    return buf__p_error_at(p, tloc, "expected integer or float type, got: "
                                    "'%s'",
                           buf_type_to_string(p->ctx, et));
  int64_t *ints = NULL;
  double *flts = NULL;
  uint32_t n = 0, cap = 0;
  if (buf__p_accept(p, ":")) {
    do {
      lit_t l;
      if (BUF_FAILED(parse_lit(p, &l, et->kind == BUF_TYPE_INTEGER &&
                                          et->u.integer.width == 1)))
        return BUF_FAILURE;
      if (n == cap) {
        uint32_t nc = cap ? cap * 2 : 8;
        if (is_float)
          flts = buf_arena_grow(buf_ctx_scratch(p->ctx), flts, cap, nc, sizeof(double));
        else
          ints = buf_arena_grow(buf_ctx_scratch(p->ctx), ints, cap, nc, sizeof(int64_t));
        cap = nc;
      }
      if (is_float) {
        if (BUF_FAILED(float_for_type(p, &l, et, &flts[n])))
          return BUF_FAILURE;
      } else {
        if (l.kind == LIT_FLOAT)
          return buf__p_error_at(p, l.loc, "expected integer elements, but "
                                           "parsed floating-point");
        if (BUF_FAILED(int_for_type(p, &l, et, &ints[n])))
          return BUF_FAILURE;
      }
      n++;
    } while (buf__p_accept(p, ","));
  }
  if (!buf__p_accept(p, ">"))
    return buf__p_error_tok(p, "expected '>' to close an array attribute");
  *out = buf_attr_dense_array(p->ctx, et, n, ints, flts);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Affine maps                                                               */
/* ------------------------------------------------------------------------ */

typedef struct {
  buf_ident_t *dims, *syms;
  uint32_t nd, ns;
} affine_ids_t;

static bool has_dims(buf_affine_expr_t *e) {
  /* Iterative on the left spine, recursive on the right: depth is bounded
   * by the parse depth that built the expression. */
  while (e) {
    if (e->kind == BUF_AFFINE_DIM)
      return true;
    if (e->kind == BUF_AFFINE_SYMBOL || e->kind == BUF_AFFINE_CONST)
      return false;
    if (has_dims(e->rhs))
      return true;
    e = e->lhs;
  }
  return false;
}

static buf_status_t affine_sum(buf_parser_t *p, const affine_ids_t *ids,
                               buf_affine_expr_t **out);

static buf_status_t affine_unary(buf_parser_t *p, const affine_ids_t *ids,
                                 buf_affine_expr_t **out) {
  if (BUF_FAILED(buf__p_enter(p)))
    return BUF_FAILURE;
  buf_status_t s = BUF_SUCCESS;
  if (buf__p_accept(p, "-")) {
    buf_affine_expr_t *e;
    s = affine_unary(p, ids, &e);
    if (!BUF_FAILED(s))
      *out = buf_affine_binary(p->ctx, BUF_AFFINE_MUL, e,
                               buf_affine_const(p->ctx, -1));
  } else if (buf__p_accept(p, "(")) {
    s = affine_sum(p, ids, out);
    if (!BUF_FAILED(s))
      s = buf__p_expect(p, ")");
  } else if (p->tok.kind == BUF_TK_INTEGER) {
    uint64_t v;
    s = buf__p_int_value(p, &p->tok, &v);
    if (!BUF_FAILED(s) && v > (uint64_t)INT64_MAX)
      s = buf__p_error_tok(p, "constant too large for index");
    if (!BUF_FAILED(s)) {
      *out = buf_affine_const(p->ctx, (int64_t)v);
      buf__p_next(p);
    }
  } else if (p->tok.kind == BUF_TK_BARE_ID) {
    buf_ident_t id = buf__p_tok_ident(p, &p->tok, 0);
    int found = 0;
    for (uint32_t i = 0; i < ids->nd && !found; i++)
      if (ids->dims[i] == id) {
        *out = buf_affine_dim(p->ctx, i);
        found = 1;
      }
    for (uint32_t i = 0; i < ids->ns && !found; i++)
      if (ids->syms[i] == id) {
        *out = buf_affine_symbol(p->ctx, i);
        found = 1;
      }
    if (!found)
      s = buf__p_error_tok(p, "use of undeclared identifier");
    else
      buf__p_next(p);
  } else {
    s = buf__p_error_tok(p, "expected affine expression");
  }
  buf__p_leave(p);
  return p->failed ? BUF_FAILURE : s;
}

static buf_status_t affine_product(buf_parser_t *p, const affine_ids_t *ids,
                                   buf_affine_expr_t **out) {
  buf_affine_expr_t *lhs;
  if (BUF_FAILED(affine_unary(p, ids, &lhs)))
    return BUF_FAILURE;
  for (;;) {
    buf_affine_kind_t k;
    const char *name;
    if (buf__p_is(p, "*")) {
      k = BUF_AFFINE_MUL;
      name = "*";
    } else if (buf__p_is_kw(p, "floordiv")) {
      k = BUF_AFFINE_FLOORDIV;
      name = "floordiv";
    } else if (buf__p_is_kw(p, "ceildiv")) {
      k = BUF_AFFINE_CEILDIV;
      name = "ceildiv";
    } else if (buf__p_is_kw(p, "mod")) {
      k = BUF_AFFINE_MOD;
      name = "mod";
    } else {
      break;
    }
    buf_loc_t oploc = buf__p_tok_loc(p, &p->tok);
    buf__p_next(p);
    buf_affine_expr_t *rhs;
    if (BUF_FAILED(affine_unary(p, ids, &rhs)))
      return BUF_FAILURE;
    if (k == BUF_AFFINE_MUL) {
      if (has_dims(lhs) && has_dims(rhs))
        return buf__p_error_at(p, oploc,
                               "non-affine expression: at least one of the "
                               "multiply operands has to be either a "
                               "constant or symbolic");
    } else {
      if (has_dims(rhs))
        return buf__p_error_at(p, oploc,
                               "non-affine expression: right operand of %s "
                               "has to be either a constant or symbolic",
                               name);
      if (rhs->kind == BUF_AFFINE_CONST && rhs->value <= 0 &&
          lhs->kind == BUF_AFFINE_CONST)
        return buf__p_error_at(p, oploc, "division by a non-positive "
                                         "constant in affine expression");
    }
    lhs = buf_affine_binary(p->ctx, k, lhs, rhs);
  }
  *out = lhs;
  return BUF_SUCCESS;
}

static buf_status_t affine_sum(buf_parser_t *p, const affine_ids_t *ids,
                               buf_affine_expr_t **out) {
  buf_affine_expr_t *lhs;
  if (BUF_FAILED(affine_product(p, ids, &lhs)))
    return BUF_FAILURE;
  for (;;) {
    bool minus;
    if (buf__p_is(p, "+"))
      minus = false;
    else if (buf__p_is(p, "-"))
      minus = true;
    else
      break;
    buf__p_next(p);
    buf_affine_expr_t *rhs;
    if (BUF_FAILED(affine_product(p, ids, &rhs)))
      return BUF_FAILURE;
    if (minus)
      rhs = buf_affine_binary(p->ctx, BUF_AFFINE_MUL, rhs,
                              buf_affine_const(p->ctx, -1));
    lhs = buf_affine_binary(p->ctx, BUF_AFFINE_ADD, lhs, rhs);
  }
  *out = lhs;
  return BUF_SUCCESS;
}

/* "(d0, d1)" or "[s0]" identifier lists. */
static buf_status_t affine_id_list(buf_parser_t *p, const char *open,
                                   const char *close, affine_ids_t *ids,
                                   bool syms) {
  if (BUF_FAILED(buf__p_expect(p, open)))
    return BUF_FAILURE;
  buf_ident_t **arr = syms ? &ids->syms : &ids->dims;
  uint32_t *n = syms ? &ids->ns : &ids->nd;
  uint32_t cap = 0;
  if (buf__p_accept(p, close))
    return BUF_SUCCESS;
  do {
    if (p->tok.kind != BUF_TK_BARE_ID)
      return buf__p_error_tok(p, "expected bare identifier");
    buf_ident_t id = buf__p_tok_ident(p, &p->tok, 0);
    for (uint32_t i = 0; i < ids->nd; i++)
      if (ids->dims[i] == id)
        return buf__p_error_tok(p, "redefinition of identifier '%s'", id);
    for (uint32_t i = 0; i < ids->ns; i++)
      if (ids->syms[i] == id)
        return buf__p_error_tok(p, "redefinition of identifier '%s'", id);
    if (*n >= 1024)
      return buf__p_error_tok(p, "too many affine identifiers");
    if (*n == cap) {
      uint32_t nc = cap ? cap * 2 : 8;
      *arr = buf_arena_grow(buf_ctx_scratch(p->ctx), *arr, cap, nc, sizeof(buf_ident_t));
      cap = nc;
    }
    (*arr)[(*n)++] = id;
    buf__p_next(p);
  } while (buf__p_accept(p, ","));
  return buf__p_expect(p, close);
}

/* "(d0, d1)[s0] -> (exprs)": the map without affine_map<...> around it. */
static buf_status_t parse_affine_map_body(buf_parser_t *p, buf_attr_t *out) {
  affine_ids_t ids = {0};
  if (BUF_FAILED(affine_id_list(p, "(", ")", &ids, false)))
    return BUF_FAILURE;
  if (buf__p_is(p, "[") &&
      BUF_FAILED(affine_id_list(p, "[", "]", &ids, true)))
    return BUF_FAILURE;
  if (buf__p_is_kw(p, "affine_set") || buf__p_is(p, ":"))
    return buf__p_error_tok(p, "affine sets are not supported");
  if (BUF_FAILED(buf__p_expect(p, "->")) || BUF_FAILED(buf__p_expect(p, "(")))
    return BUF_FAILURE;
  buf_affine_expr_t **res = NULL;
  uint32_t n = 0, cap = 0;
  if (!buf__p_is(p, ")")) {
    do {
      buf_affine_expr_t *e;
      if (BUF_FAILED(affine_sum(p, &ids, &e)))
        return BUF_FAILURE;
      if (n == cap) {
        uint32_t nc = cap ? cap * 2 : 4;
        res = buf_arena_grow(buf_ctx_scratch(p->ctx), res, cap, nc, sizeof(void *));
        cap = nc;
      }
      res[n++] = e;
    } while (buf__p_accept(p, ","));
  }
  if (BUF_FAILED(buf__p_expect(p, ")")))
    return BUF_FAILURE;
  /* Interning copies the map: a repeated map allocates nothing. */
  struct buf_affine_map_s m = {.num_dims = ids.nd, .num_symbols = ids.ns,
                               .num_results = n, .results = res};
  *out = buf_attr_affine_map(p->ctx, &m);
  return BUF_SUCCESS;
}

/* affine_map<...>, after the keyword. */
static buf_status_t parse_affine_map(buf_parser_t *p, buf_attr_t *out) {
  if (BUF_FAILED(buf__p_expect(p, "<")) ||
      BUF_FAILED(parse_affine_map_body(p, out)))
    return BUF_FAILURE;
  return buf__p_expect(p, ">");
}

/* One constraint of an integer set, "e >= e' | e <= e' | e == e'", as
 * the expression that must be >= 0 or == 0 (e - e', or e' - e for <=). */
static buf_status_t parse_set_constraint(buf_parser_t *p, const affine_ids_t *ids,
                                         buf_affine_expr_t **out, bool *eq) {
  buf_affine_expr_t *lhs, *rhs;
  if (BUF_FAILED(affine_sum(p, ids, &lhs)))
    return BUF_FAILURE;
  bool ge = buf__p_accept(p, ">"), le = !ge && buf__p_accept(p, "<");
  *eq = !ge && !le;
  if (*eq && BUF_FAILED(buf__p_expect(p, "=")))
    return BUF_FAILURE;
  if (BUF_FAILED(buf__p_expect(p, "=")) || BUF_FAILED(affine_sum(p, ids, &rhs)))
    return BUF_FAILURE;
  if (le) {
    buf_affine_expr_t *swap = lhs;
    lhs = rhs;
    rhs = swap;
  }
  buf_affine_expr_t *neg = buf_affine_binary(p->ctx, BUF_AFFINE_MUL, rhs,
                                             buf_affine_const(p->ctx, -1));
  *out = buf_affine_binary(p->ctx, BUF_AFFINE_ADD, lhs, neg);
  return BUF_SUCCESS;
}

/* affine_set<(d0)[s0] : (constraint, ...)>, after the keyword. */
static buf_status_t parse_integer_set(buf_parser_t *p, buf_attr_t *out) {
  affine_ids_t ids = {0};
  if (BUF_FAILED(buf__p_expect(p, "<")) ||
      BUF_FAILED(affine_id_list(p, "(", ")", &ids, false)))
    return BUF_FAILURE;
  if (buf__p_is(p, "[") &&
      BUF_FAILED(affine_id_list(p, "[", "]", &ids, true)))
    return BUF_FAILURE;
  if (BUF_FAILED(buf__p_expect(p, ":")) || BUF_FAILED(buf__p_expect(p, "(")))
    return BUF_FAILURE;
  buf_affine_expr_t **cs = NULL;
  bool *eq = NULL;
  uint32_t n = 0, cap = 0;
  /* "()": no constraint, every point (printed "(0 == 0)", as upstream). */
  if (!buf__p_is(p, ")")) {
    do {
      if (n == cap) {
        uint32_t nc = cap ? cap * 2 : 4;
        cs = buf_arena_grow(buf_ctx_scratch(p->ctx), cs, cap, nc, sizeof *cs);
        eq = buf_arena_grow(buf_ctx_scratch(p->ctx), eq, cap, nc, sizeof *eq);
        cap = nc;
      }
      if (BUF_FAILED(parse_set_constraint(p, &ids, &cs[n], &eq[n])))
        return BUF_FAILURE;
      n++;
    } while (buf__p_accept(p, ","));
  }
  if (BUF_FAILED(buf__p_expect(p, ")")) || BUF_FAILED(buf__p_expect(p, ">")))
    return BUF_FAILURE;
  struct buf_affine_map_s m = {.num_dims = ids.nd, .num_symbols = ids.ns,
                               .num_results = n, .results = cs};
  *out = buf_attr_integer_set(p->ctx, &m, eq);
  return BUF_SUCCESS;
}

/* A bare map or an alias of one, as MLIR's parseAffineMap reads it in a
 * custom form: an alias must name an affine map. */
buf_status_t buf_parse_affine_map(buf_parser_t *p, buf_attr_t *out) {
  if (buf__p_is(p, "("))
    return parse_affine_map_body(p, out);
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  if (BUF_FAILED(buf__p_parse_attr(p, NULL, out)))
    return BUF_FAILURE;
  if ((*out)->kind != BUF_ATTR_AFFINE_MAP)
    return buf__p_error_at(p, loc, "expected affine map");
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Other attributes                                                          */
/* ------------------------------------------------------------------------ */

/* An integer or '?' in a strided layout. */
static buf_status_t strided_value(buf_parser_t *p, int64_t *out) {
  if (buf__p_accept(p, "?")) {
    *out = BUF_DYNAMIC;
    return BUF_SUCCESS;
  }
  lit_t l;
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  if (p->tok.kind != BUF_TK_INTEGER && !buf__p_is(p, "-"))
    return buf__p_error_tok(p, "expected a 64-bit signed integer or '?'");
  if (BUF_FAILED(parse_lit(p, &l, false)))
    return BUF_FAILURE;
  if (l.kind != LIT_INT || l.u > (uint64_t)INT64_MAX)
    return buf__p_error_at(p, loc, "expected a 64-bit signed integer or '?'");
  *out = l.neg ? -(int64_t)l.u : (int64_t)l.u;
  return BUF_SUCCESS;
}

static buf_status_t parse_strided(buf_parser_t *p, buf_attr_t *out) {
  if (BUF_FAILED(buf__p_expect(p, "<")) || BUF_FAILED(buf__p_expect(p, "[")))
    return BUF_FAILURE;
  int64_t *strides = NULL;
  uint32_t n = 0, cap = 0;
  if (!buf__p_is(p, "]")) {
    do {
      int64_t v;
      if (BUF_FAILED(strided_value(p, &v)))
        return BUF_FAILURE;
      if (n == cap) {
        uint32_t nc = cap ? cap * 2 : 4;
        strides = buf_arena_grow(buf_ctx_scratch(p->ctx), strides, cap, nc, sizeof(int64_t));
        cap = nc;
      }
      strides[n++] = v;
    } while (buf__p_accept(p, ","));
  }
  if (BUF_FAILED(buf__p_expect(p, "]")))
    return BUF_FAILURE;
  int64_t offset = 0;
  if (buf__p_accept(p, ",")) {
    if (!buf__p_is_kw(p, "offset"))
      return buf__p_error_tok(p, "expected 'offset' after comma");
    buf__p_next(p);
    if (BUF_FAILED(buf__p_expect(p, ":")) ||
        BUF_FAILED(strided_value(p, &offset)))
      return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__p_expect(p, ">")))
    return BUF_FAILURE;
  *out = buf_attr_strided(p->ctx, n, strides, offset);
  return BUF_SUCCESS;
}

static buf_status_t parse_symbol_ref(buf_parser_t *p, buf_attr_t *out) {
  buf_ident_t *names = NULL;
  uint32_t n = 0, cap = 0;
  for (;;) {
    buf_ident_t name;
    if (p->tok.len > 1 && p->tok.s[1] == '"') {
      size_t len;
      char *s = buf__p_decode_string(p, &p->tok, &len);
      name = buf_ident(p->ctx, s, len);
    } else {
      name = buf__p_tok_ident(p, &p->tok, 1);
    }
    if (n == cap) {
      uint32_t nc = cap ? cap * 2 : 2;
      names = buf_arena_grow(buf_ctx_scratch(p->ctx), names, cap, nc, sizeof(buf_ident_t));
      cap = nc;
    }
    names[n++] = name;
    buf__p_next(p);
    if (!buf__p_is(p, "::"))
      break;
    buf__p_next(p);
    if (p->tok.kind != BUF_TK_AT)
      return buf__p_error_tok(p, "expected nested symbol reference "
                                 "identifier");
  }
  *out = buf_attr_symbol_ref(p->ctx, n, names);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Enum dialect attributes                                                   */
/* ------------------------------------------------------------------------ */

/* Dialect attributes whose body is one keyword of a closed set (an enum)
 * or a set of flags ("none", the flags in declaration order, or the name
 * of all of them). Other dialect attributes stay opaque text; these are
 * checked when parsed, as MLIR's dialects parse their enum attributes, and
 * stored in one canonical spelling: custom forms print them by value
 * (linalg.generic's "parallel", arith's fastmath<nnan>), which they can do
 * only for a value they know, so an unknown value has to be an error here
 * rather than text that prints and then does not read back. The names
 * follow the dialects' own tables (core/dialects/dialect_util.c for the
 * flags, linalg.c for the iterator types). */
typedef struct enum_attr {
  const char *name;              /* "linalg.iterator_type", after '#' */
  const char *separator;         /* flag sets: between flags; NULL: enum */
  const char *all;               /* flag sets: the name of every flag */
  const char *const values[10];  /* enum values / flags, NULL-terminated */
} enum_attr_t;

static const enum_attr_t enum_attrs[] = {
    {"linalg.iterator_type", NULL, NULL, {"parallel", "reduction"}},
    {"linalg.type_fn", NULL, NULL, {"cast_signed", "cast_unsigned"}},
    {"arith.fastmath", ",", "fast",
     {"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}},
    {"arith.overflow", ", ", NULL, {"nsw", "nuw"}},
    {"gpu.memory_space", NULL, NULL, {"global", "workgroup", "private"}},
};

static bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
}

/* The values of e as a list for diagnostics: "parallel, reduction". */
static void list_values(const enum_attr_t *e, buf_strbuf_t *sb) {
  for (uint32_t i = 0; e->values[i]; i++) {
    if (i)
      buf_strbuf_puts(sb, ", ");
    buf_strbuf_puts(sb, e->values[i]);
  }
  if (e->all) {
    buf_strbuf_puts(sb, ", ");
    buf_strbuf_puts(sb, e->all);
  }
  if (e->separator)
    buf_strbuf_puts(sb, ", none");
}

static buf_status_t enum_attr_body(buf_parser_t *p, buf_loc_t loc,
                                   const enum_attr_t *e, const char *expected,
                                   const char *s, const char *end,
                                   buf_attr_t *out);

/* Checks the dialect attribute text[0..len) ("#linalg.iterator_type<x>")
 * against enum_attrs and returns it as an attribute in canonical spelling;
 * an unknown value or a malformed body is an error at loc. Attributes
 * outside the table stay opaque text as written. */
static buf_status_t enum_attr(buf_parser_t *p, buf_loc_t loc, const char *text,
                              size_t len, buf_attr_t *out) {
  const enum_attr_t *e = NULL;
  size_t name_len = 0;
  for (size_t i = 0; i < sizeof enum_attrs / sizeof enum_attrs[0] && !e; i++) {
    name_len = strlen(enum_attrs[i].name);
    if (len >= name_len + 1 && memcmp(text + 1, enum_attrs[i].name, name_len) == 0 &&
        (len == name_len + 1 || !is_word_char(text[1 + name_len])))
      e = &enum_attrs[i];
  }
  if (!e) {
    *out = buf_attr_opaque(p->ctx, text, len);
    return BUF_SUCCESS;
  }
  buf_strbuf_t expected = {0};
  list_values(e, &expected);
  buf_status_t status = enum_attr_body(p, loc, e, expected.data, text + 1 + name_len,
                                       text + len, out);
  buf_strbuf_free(&expected);
  return status;
}

/* The body "<value>" (s..end) of the enum attribute e; see enum_attr. */
static buf_status_t enum_attr_body(buf_parser_t *p, buf_loc_t loc,
                                   const enum_attr_t *e, const char *expected,
                                   const char *s, const char *end,
                                   buf_attr_t *out) {
  if (s == end || *s != '<' || end[-1] != '>')
    return buf__p_error_at(p, loc, "#%s: expected '<', %s%s, then '>'",
                           e->name, e->separator ? "flags among " : "one of ",
                           expected);
  s++;
  end--;
  uint32_t bits = 0, index = 0;
  bool all = false;
  for (;;) {
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
      s++;
    const char *w = s;
    while (s < end && is_word_char(*s))
      s++;
    size_t n = (size_t)(s - w);
    bool known = false;
    for (uint32_t i = 0; e->values[i] && !known; i++)
      if (strlen(e->values[i]) == n && memcmp(w, e->values[i], n) == 0) {
        known = true;
        index = i;
        bits |= 1u << i;
      }
    if (!known && e->separator && n == 4 && memcmp(w, "none", 4) == 0)
      known = true;
    if (!known && e->all && strlen(e->all) == n && memcmp(w, e->all, n) == 0)
      known = all = true;
    if (!known)
      return buf__p_error_at(p, loc, "#%s: expected %s%s, not '%.*s'", e->name,
                             e->separator ? "flags among " : "one of ",
                             expected, (int)n, w);
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
      s++;
    if (s == end)
      break;
    if (!e->separator || *s != ',')
      return buf__p_error_at(p, loc, "#%s: unexpected '%c' after a value",
                             e->name, *s);
    s++;
  }
  /* The canonical spelling: the value, or the flags in declaration order
   * ("none" for no flag, the all-name for every flag). */
  buf_strbuf_t sb = {0};
  buf_strbuf_printf(&sb, "#%s<", e->name);
  if (!e->separator) {
    buf_strbuf_puts(&sb, e->values[index]);
  } else {
    uint32_t count = 0;
    while (e->values[count])
      count++;
    uint32_t every = (1u << count) - 1;
    if (all)
      bits = every;
    if (bits == 0) {
      buf_strbuf_puts(&sb, "none");
    } else if (e->all && bits == every) {
      buf_strbuf_puts(&sb, e->all);
    } else {
      const char *sep = "";
      for (uint32_t i = 0; i < count; i++)
        if (bits & (1u << i)) {
          buf_strbuf_puts(&sb, sep);
          buf_strbuf_puts(&sb, e->values[i]);
          sep = e->separator;
        }
    }
  }
  buf_strbuf_puts(&sb, ">");
  *out = buf_attr_opaque(p->ctx, sb.data, sb.len);
  buf_strbuf_free(&sb);
  return BUF_SUCCESS;
}

/* '#' alias or dialect attribute; the current token is the HASH token. */
static buf_status_t parse_hash_attr(buf_parser_t *p, buf_attr_t *out) {
  const void *alias;
  const char *text;
  size_t len;
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  if (BUF_FAILED(buf__p_parse_alias_or_dialect(p, &p->attr_aliases, &alias,
                                               &text, &len)))
    return BUF_FAILURE;
  if (alias) {
    *out = alias;
    return BUF_SUCCESS;
  }
  return enum_attr(p, loc, text, len, out);
}

buf_status_t buf__p_parse_dict_entries(buf_parser_t *p,
                                       buf_named_attr_t **out, uint32_t *n) {
  *out = NULL;
  *n = 0;
  if (BUF_FAILED(buf__p_expect(p, "{")))
    return BUF_FAILURE;
  if (BUF_FAILED(buf__p_enter(p)))
    return BUF_FAILURE;
  uint32_t cap = 0;
  buf_pmap_t seen = {0};
  buf_status_t s = BUF_SUCCESS;
  if (!buf__p_is(p, "}")) {
    do {
      buf_ident_t name;
      buf_loc_t nloc = buf__p_tok_loc(p, &p->tok);
      if (p->tok.kind == BUF_TK_BARE_ID) {
        name = buf__p_tok_ident(p, &p->tok, 0);
      } else if (p->tok.kind == BUF_TK_STRING) {
        size_t len;
        char *str = buf__p_decode_string(p, &p->tok, &len);
        if (len == 0) {
          s = buf__p_error_tok(p, "expected valid attribute name");
          break;
        }
        name = buf_ident(p->ctx, str, len);
      } else {
        s = buf__p_error_tok(p, "expected attribute name");
        break;
      }
      if (buf__pmap_get(&seen, name)) {
        s = buf__p_error_at(p, nloc,
                            "duplicate key '%s' in dictionary attribute", name);
        break;
      }
      buf__pmap_put(buf_ctx_scratch(p->ctx), &seen, name, (void *)name);
      buf__p_next(p);
      buf_attr_t v;
      if (buf__p_accept(p, "=")) {
        if (BUF_FAILED(buf__p_parse_attr(p, NULL, &v))) {
          s = BUF_FAILURE;
          break;
        }
      } else {
        v = buf_attr_unit(p->ctx);
      }
      if (*n == cap) {
        uint32_t nc = cap ? cap * 2 : 8;
        *out = buf_arena_grow(buf_ctx_scratch(p->ctx), *out, cap, nc,
                              sizeof(buf_named_attr_t));
        cap = nc;
      }
      (*out)[*n].name = name;
      (*out)[*n].value = v;
      (*n)++;
    } while (buf__p_accept(p, ","));
  }
  buf__p_leave(p);
  if (BUF_FAILED(s) || p->failed)
    return BUF_FAILURE;
  if (!buf__p_accept(p, "}"))
    return buf__p_error_tok(p, "expected '}' in attribute dictionary");
  return BUF_SUCCESS;
}

buf_status_t buf__p_parse_dict_attr(buf_parser_t *p, buf_attr_t *out) {
  buf_named_attr_t *es;
  uint32_t n;
  if (BUF_FAILED(buf__p_parse_dict_entries(p, &es, &n)))
    return BUF_FAILURE;
  *out = buf_attr_dict(p->ctx, n, es);
  return BUF_SUCCESS;
}

/* The key of a resource entry: a bare identifier or a string. On success
 * *name and *len hold its text (arena memory for a string). */
buf_status_t buf__p_parse_resource_key(buf_parser_t *p, const char **name,
                                       size_t *len) {
  if (p->tok.kind == BUF_TK_BARE_ID) {
    *name = p->tok.s;
    *len = p->tok.len;
  } else if (p->tok.kind == BUF_TK_STRING) {
    *name = buf__p_decode_string(p, &p->tok, len);
  } else {
    return buf__p_error_tok(p, "expected identifier key for 'resource' entry");
  }
  buf__p_next(p);
  return BUF_SUCCESS;
}

/* dense-resource ::= `dense_resource` `<` resource-key `>` (`:` shaped-type)?
 * The type may be left out where the context implies it (memref.global's
 * initializer). The blob itself comes from the file's dialect_resources
 * section, later in the text: the attribute holds the context's handle. */
static buf_status_t parse_dense_resource(buf_parser_t *p, buf_type_t hint,
                                         buf_attr_t *out) {
  const char *name;
  size_t len;
  if (BUF_FAILED(buf__p_expect(p, "<")) ||
      BUF_FAILED(buf__p_parse_resource_key(p, &name, &len)) ||
      BUF_FAILED(buf__p_expect(p, ">")))
    return BUF_FAILURE;
  buf_type_t ty = hint;
  bool implied = hint && !buf__p_is(p, ":") && buf_type_is_shaped(hint);
  if (!implied) {
    buf_loc_t tloc = buf__p_tok_loc(p, &p->tok); /* MLIR points at ':' */
    if (BUF_FAILED(buf__p_expect(p, ":")))
      return BUF_FAILURE;
    if (BUF_FAILED(buf__p_parse_type(p, &ty)))
      return BUF_FAILURE;
    if (!buf_type_is_shaped(ty))
      return buf__p_error_at(p, tloc, "`dense_resource` expected a shaped type");
  }
  buf_resource_t *res = buf_ctx_resource_get(p->ctx, name, len);
  *out = buf_attr_dense_resource(p->ctx, ty, res);
  return BUF_SUCCESS;
}

bool buf__p_starts_attr(const buf_parser_t *p) {
  const buf_token_t *t = &p->tok;
  switch (t->kind) {
  case BUF_TK_STRING:
  case BUF_TK_INTEGER:
  case BUF_TK_FLOAT:
  case BUF_TK_AT:
  case BUF_TK_HASH:
  case BUF_TK_BANG:
    return true;
  case BUF_TK_PUNCT:
    return buf__tok_is_punct(t, "[") || buf__tok_is_punct(t, "{") ||
           buf__tok_is_punct(t, "-");
  case BUF_TK_BARE_ID: {
    static const char *const kws[] = {"unit",   "true",       "false",
                                      "dense",  "array",      "affine_map",
                                      "strided", "dense_resource", NULL};
    for (int i = 0; kws[i]; i++)
      if (buf__tok_is_kw(t, kws[i]))
        return true;
    return buf__p_starts_type(p);
  }
  default:
    return false;
  }
}

static buf_status_t parse_attr_inner(buf_parser_t *p, buf_type_t hint,
                                     buf_attr_t *out) {
  buf_token_t t = p->tok;
  buf_loc_t loc = buf__p_tok_loc(p, &t);
  switch (t.kind) {
  case BUF_TK_STRING: {
    size_t len;
    char *s = buf__p_decode_string(p, &t, &len);
    buf__p_next(p);
    *out = buf_attr_string(p->ctx, s, len);
    return BUF_SUCCESS;
  }
  case BUF_TK_INTEGER:
  case BUF_TK_FLOAT:
    return parse_number_attr(p, hint, out);
  case BUF_TK_AT:
    return parse_symbol_ref(p, out);
  case BUF_TK_HASH:
    return parse_hash_attr(p, out);
  case BUF_TK_BANG: {
    buf_type_t ty;
    if (BUF_FAILED(buf__p_parse_type(p, &ty)))
      return BUF_FAILURE;
    *out = buf_attr_type(p->ctx, ty);
    return BUF_SUCCESS;
  }
  case BUF_TK_PUNCT:
    if (buf__tok_is_punct(&t, "-"))
      return parse_number_attr(p, hint, out);
    if (buf__tok_is_punct(&t, "{"))
      return buf__p_parse_dict_attr(p, out);
    if (buf__tok_is_punct(&t, "(")) {
      buf_type_t ty;
      if (BUF_FAILED(buf__p_parse_type(p, &ty)))
        return BUF_FAILURE;
      *out = buf_attr_type(p->ctx, ty);
      return BUF_SUCCESS;
    }
    if (buf__tok_is_punct(&t, "[")) {
      buf__p_next(p);
      buf_attr_t *elems = NULL;
      uint32_t n = 0, cap = 0;
      if (!buf__p_is(p, "]")) {
        do {
          buf_attr_t e;
          if (BUF_FAILED(buf__p_parse_attr(p, NULL, &e)))
            return BUF_FAILURE;
          if (n == cap) {
            uint32_t nc = cap ? cap * 2 : 8;
            elems = buf_arena_grow(buf_ctx_scratch(p->ctx), elems, cap, nc,
                                   sizeof(buf_attr_t));
            cap = nc;
          }
          elems[n++] = e;
        } while (buf__p_accept(p, ","));
      }
      if (!buf__p_accept(p, "]"))
        return buf__p_error_tok(p, "expected ',' or ']'");
      *out = buf_attr_array(p->ctx, n, elems);
      return BUF_SUCCESS;
    }
    break;
  case BUF_TK_BARE_ID:
    if (buf__tok_is_kw(&t, "unit")) {
      buf__p_next(p);
      *out = buf_attr_unit(p->ctx);
      return BUF_SUCCESS;
    }
    if (buf__tok_is_kw(&t, "true") || buf__tok_is_kw(&t, "false")) {
      buf__p_next(p);
      *out = buf_attr_bool(p->ctx, t.s[0] == 't');
      return BUF_SUCCESS;
    }
    if (buf__tok_is_kw(&t, "dense")) {
      buf__p_next(p);
      return parse_dense(p, loc, hint, out);
    }
    if (buf__tok_is_kw(&t, "array")) {
      buf__p_next(p);
      return parse_dense_array(p, out);
    }
    if (buf__tok_is_kw(&t, "affine_map")) {
      buf__p_next(p);
      return parse_affine_map(p, out);
    }
    if (buf__tok_is_kw(&t, "strided")) {
      buf__p_next(p);
      return parse_strided(p, out);
    }
    if (buf__tok_is_kw(&t, "dense_resource")) {
      buf__p_next(p);
      return parse_dense_resource(p, hint, out);
    }
    if (buf__tok_is_kw(&t, "affine_set")) {
      buf__p_next(p);
      return parse_integer_set(p, out);
    }
    if (buf__p_starts_type(p)) {
      buf_type_t ty;
      if (BUF_FAILED(buf__p_parse_type(p, &ty)))
        return BUF_FAILURE;
      *out = buf_attr_type(p->ctx, ty);
      return BUF_SUCCESS;
    }
    break;
  default:
    break;
  }
  return buf__p_error_tok(p, "expected attribute value");
}

buf_status_t buf__p_parse_attr(buf_parser_t *p, buf_type_t type_hint,
                               buf_attr_t *out) {
  *out = NULL;
  if (BUF_FAILED(buf__p_enter(p)))
    return BUF_FAILURE;
  buf_status_t s = parse_attr_inner(p, type_hint, out);
  buf__p_leave(p);
  if (BUF_FAILED(s) || p->failed) {
    *out = NULL;
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}
