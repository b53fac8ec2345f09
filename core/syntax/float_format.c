/*
 * float_format.c: floats spelled the way MLIR prints them.
 *
 * MLIR (printFloatValue) first tries APFloat::toString with 6 digits in
 * scientific form ("1.500000e+00") and keeps it when it parses back to the
 * very same bits; otherwise it uses APFloat's default "natural precision"
 * form ("0.333333343", "9.99999974E-6"), and when that has no '.' (large
 * integral values) or the value is not finite, the hexadecimal bit pattern
 * ("0x7FC00000"). This file reimplements APFloat::toString exactly,
 * including its quirk of truncating (not rounding) the exact decimal
 * expansion to a bit budget before the final round-half-up to the requested
 * digit count (that is why f16 0.1 prints as 9.997550e-02), on a small
 * fixed-size bignum: the exact expansion of an f64 denormal needs ~2600
 * bits.
 */
#include "printer_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Format parameters: exponent bits, explicit mantissa bits. */
static void float_params(buf_float_kind_t k, int *eb, int *mb) {
  switch (k) {
  case BUF_F16: *eb = 5; *mb = 10; return;
  case BUF_BF16: *eb = 8; *mb = 7; return;
  case BUF_F32: *eb = 8; *mb = 23; return;
  case BUF_F64: *eb = 11; *mb = 52; return;
  }
  *eb = 11;
  *mb = 52;
}

/* Rounds a double to nearest-even in a binary format with eb exponent and mb
 * mantissa bits and returns its bit pattern. */
static uint64_t round_to_format(double d, int eb, int mb) {
  uint64_t db;
  memcpy(&db, &d, sizeof db);
  if (eb == 11 && mb == 52)
    return db;
  uint64_t sign = db >> 63;
  int dexp = (int)((db >> 52) & 0x7ff);
  uint64_t dman = db & ((1ULL << 52) - 1);
  int bias = (1 << (eb - 1)) - 1;
  uint64_t maxe = (1ULL << eb) - 1;
  uint64_t sbit = sign << (eb + mb);
  if (dexp == 0x7ff) {
    uint64_t m = dman >> (52 - mb);
    if (dman && !m)
      m = 1ULL << (mb - 1); /* keep it a NaN */
    return sbit | (maxe << mb) | m;
  }
  if (dexp == 0 && dman == 0)
    return sbit;
  uint64_t sig;
  int e;
  if (dexp == 0) {
    sig = dman;
    e = -1074;
  } else {
    sig = dman | (1ULL << 52);
    e = dexp - 1075;
  }
  int len = 64 - __builtin_clzll(sig);
  int lead = e + len - 1;
  int lsb = lead - mb;
  if (lead < 1 - bias)
    lsb = 1 - bias - mb;
  int shift = lsb - e;
  uint64_t q;
  if (shift <= 0) {
    q = sig << -shift;
  } else if (shift >= 60) {
    q = 0;
  } else {
    q = sig >> shift;
    uint64_t rem = sig & ((1ULL << shift) - 1);
    uint64_t half = 1ULL << (shift - 1);
    if (rem > half || (rem == half && (q & 1)))
      q++;
  }
  if (q >> (mb + 1)) { /* rounding carried into a new bit */
    q >>= 1;
    lsb++;
  }
  if (!(q >> mb)) /* denormal (or zero) */
    return sbit | q;
  int64_t biased = (int64_t)lsb + mb + bias;
  if (biased >= (int64_t)maxe)
    return sbit | (maxe << mb); /* overflow to infinity */
  return sbit | ((uint64_t)biased << mb) | (q & ((1ULL << mb) - 1));
}

/* Bit pattern of v in kind. */
uint64_t buf__float_bits(double v, buf_float_kind_t kind) {
  int eb, mb;
  float_params(kind, &eb, &mb);
  return round_to_format(v, eb, mb);
}

/* ------------------------------------------------------------------------ */
/* A little unsigned bignum: little-endian 32-bit limbs.                    */
/* ------------------------------------------------------------------------ */

#define BIG_LIMBS 96 /* 3072 bits: 5^1074 * 2^53 needs ~2548 */

typedef struct big {
  uint32_t d[BIG_LIMBS];
  int n; /* used limbs; 0 means zero */
} big_t;

static void big_set(big_t *b, uint64_t v) {
  memset(b, 0, sizeof *b);
  b->d[0] = (uint32_t)v;
  b->d[1] = (uint32_t)(v >> 32);
  b->n = b->d[1] ? 2 : (b->d[0] ? 1 : 0);
}

static void big_mul_small(big_t *b, uint32_t m) {
  uint64_t carry = 0;
  for (int i = 0; i < b->n; i++) {
    uint64_t t = (uint64_t)b->d[i] * m + carry;
    b->d[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry && b->n < BIG_LIMBS)
    b->d[b->n++] = (uint32_t)carry;
}

static void big_shl(big_t *b, int s) {
  int limbs = s / 32, bits = s % 32;
  if (b->n == 0)
    return;
  int n = b->n + limbs + 1;
  if (n > BIG_LIMBS)
    n = BIG_LIMBS;
  for (int i = n - 1; i >= 0; i--) {
    uint64_t hi = (i - limbs >= 0 && i - limbs < b->n) ? b->d[i - limbs] : 0;
    uint64_t lo =
        (bits && i - limbs - 1 >= 0 && i - limbs - 1 < b->n) ? b->d[i - limbs - 1]
                                                             : 0;
    b->d[i] = (uint32_t)((hi << bits) | (bits ? lo >> (32 - bits) : 0));
  }
  b->n = n;
  while (b->n && !b->d[b->n - 1])
    b->n--;
}

/* Divides by m in place and returns the remainder. */
static uint32_t big_divmod_small(big_t *b, uint32_t m) {
  uint64_t rem = 0;
  for (int i = b->n - 1; i >= 0; i--) {
    uint64_t cur = (rem << 32) | b->d[i];
    b->d[i] = (uint32_t)(cur / m);
    rem = cur % m;
  }
  while (b->n && !b->d[b->n - 1])
    b->n--;
  return (uint32_t)rem;
}

static unsigned big_active_bits(const big_t *b) {
  if (!b->n)
    return 0;
  return (unsigned)(b->n - 1) * 32 + (32 - (unsigned)__builtin_clz(b->d[b->n - 1]));
}

/* ------------------------------------------------------------------------ */
/* APFloat::toString                                                         */
/* ------------------------------------------------------------------------ */

/* Rounds the digit buffer (least significant digit first) to at most prec
 * digits, round-half-up, dropping trailing zeros, as APFloat does. */
static void adjust_digits(char *buf, int *n, int *exp, int prec) {
  int N = *n;
  if (N <= prec)
    return;
  int first = N - prec;
  if (buf[first - 1] < '5') {
    while (first < N && buf[first] == '0')
      first++;
    *exp += first;
    memmove(buf, buf + first, (size_t)(N - first));
    *n = N - first;
    return;
  }
  for (int i = first; i != N; i++) {
    if (buf[i] == '9') {
      first++;
    } else {
      buf[i]++;
      break;
    }
  }
  if (first == N) {
    *exp += first;
    buf[0] = '1';
    *n = 1;
    return;
  }
  *exp += first;
  memmove(buf, buf + first, (size_t)(N - first));
  *n = N - first;
}

/* Appends APFloat::toString(prec, max_padding, truncate_zero) of the finite
 * value (-1)^neg * sig * 2^e2 whose format has `precision` significand bits. */
static void apfloat_to_string(buf_strbuf_t *sb, bool neg, uint64_t sig, int e2,
                              unsigned precision, unsigned prec,
                              unsigned max_padding, bool truncate_zero) {
  if (neg)
    buf_strbuf_puts(sb, "-");
  if (sig == 0) {
    if (!max_padding) {
      if (truncate_zero) {
        buf_strbuf_puts(sb, "0.0E+0");
      } else {
        buf_strbuf_puts(sb, "0.0");
        for (unsigned i = 1; i < prec; i++)
          buf_strbuf_puts(sb, "0");
        buf_strbuf_puts(sb, "e+00");
      }
    } else {
      buf_strbuf_puts(sb, "0");
    }
    return;
  }
  if (!prec)
    prec = 2 + precision * 59 / 196;

  /* Ignore trailing binary zeros. */
  while (!(sig & 1)) {
    sig >>= 1;
    e2++;
  }
  big_t b;
  big_set(&b, sig);
  int exp = 0;
  if (e2 > 0) {
    big_shl(&b, e2);
  } else if (e2 < 0) {
    /* N * 2^-e == N * 5^e * 10^-e */
    int t = -e2;
    while (t >= 13) {
      big_mul_small(&b, 1220703125u); /* 5^13 */
      t -= 13;
    }
    uint32_t p = 1;
    while (t--)
      p *= 5;
    big_mul_small(&b, p);
    exp = e2;
  }

  /* APFloat first truncates to a bit budget (not rounding). */
  unsigned bits = big_active_bits(&b);
  unsigned required = (prec * 196 + 58) / 59;
  if (bits > required) {
    unsigned tens = (bits - required) * 59 / 196;
    exp += (int)tens;
    while (tens >= 9) {
      big_divmod_small(&b, 1000000000u);
      tens -= 9;
    }
    uint32_t p = 1;
    while (tens--)
      p *= 10;
    if (p > 1)
      big_divmod_small(&b, p);
  }

  char digits[1100];
  int nd = 0;
  bool trail = true;
  while (b.n && nd < (int)sizeof digits) {
    uint32_t d = big_divmod_small(&b, 10);
    if (trail && !d) {
      exp++;
    } else {
      digits[nd++] = (char)('0' + d);
      trail = false;
    }
  }
  if (!nd) { /* cannot happen for a nonzero value; stay safe */
    digits[nd++] = '0';
  }
  adjust_digits(digits, &nd, &exp, (int)prec);

  bool scientific;
  if (!max_padding) {
    scientific = true;
  } else if (exp >= 0) {
    scientific = (unsigned)exp > max_padding || (unsigned)(nd + exp) > prec;
  } else {
    int msd = exp + nd - 1;
    scientific = msd >= 0 ? false : (unsigned)(-msd) > max_padding;
  }

  if (scientific) {
    exp += nd - 1;
    char c = digits[nd - 1];
    buf_strbuf_append(sb, &c, 1);
    buf_strbuf_puts(sb, ".");
    if (nd == 1 && truncate_zero)
      buf_strbuf_puts(sb, "0");
    else
      for (int i = 1; i != nd; i++)
        buf_strbuf_append(sb, &digits[nd - 1 - i], 1);
    if (!truncate_zero && (int)prec > nd - 1)
      for (int i = 0; i < (int)prec - nd + 1; i++)
        buf_strbuf_puts(sb, "0");
    buf_strbuf_puts(sb, truncate_zero ? "E" : "e");
    buf_strbuf_puts(sb, exp >= 0 ? "+" : "-");
    if (exp < 0)
      exp = -exp;
    /* The digits by hand: every float constant of a module prints here,
     * and a printf call per exponent showed in profiles. */
    char e[12];
    int ne = 0;
    do {
      e[sizeof e - 1 - ne++] = (char)('0' + exp % 10);
      exp /= 10;
    } while (exp);
    if (!truncate_zero && ne < 2)
      e[sizeof e - 1 - ne++] = '0';
    buf_strbuf_append(sb, e + sizeof e - ne, (size_t)ne);
    return;
  }

  if (exp >= 0) {
    for (int i = 0; i != nd; i++)
      buf_strbuf_append(sb, &digits[nd - 1 - i], 1);
    for (int i = 0; i != exp; i++)
      buf_strbuf_puts(sb, "0");
    return;
  }
  int whole = exp + nd;
  int i = 0;
  if (whole > 0) {
    for (; i != whole; i++)
      buf_strbuf_append(sb, &digits[nd - i - 1], 1);
    buf_strbuf_puts(sb, ".");
  } else {
    buf_strbuf_puts(sb, "0.");
    for (int z = 1; z != 1 - whole; z++)
      buf_strbuf_puts(sb, "0");
  }
  for (; i != nd; i++)
    buf_strbuf_append(sb, &digits[nd - i - 1], 1);
}

/* True when text parses back to exactly bits in the format. */
static bool round_trips(const char *text, uint64_t bits, buf_float_kind_t kind,
                        int eb, int mb) {
  if (kind == BUF_F32) {
    float f = strtof(text, NULL);
    uint32_t fb;
    memcpy(&fb, &f, sizeof fb);
    return fb == (uint32_t)bits;
  }
  double d = strtod(text, NULL);
  return round_to_format(d, eb, mb) == bits;
}

/* Appends v, a value of float kind `kind`, as MLIR prints it. */
void buf__print_float(buf_strbuf_t *sb, double v, buf_float_kind_t kind) {
  int eb, mb;
  float_params(kind, &eb, &mb);
  uint64_t bits = round_to_format(v, eb, mb);
  uint64_t maxe = (1ULL << eb) - 1;
  uint64_t bexp = (bits >> mb) & maxe;
  uint64_t man = bits & ((1ULL << mb) - 1);
  bool neg = (bits >> (eb + mb)) & 1;
  if (bexp != maxe) {
    int bias = (1 << (eb - 1)) - 1;
    uint64_t sig;
    int e2;
    if (bexp == 0) {
      sig = man;
      e2 = 1 - bias - mb;
    } else {
      sig = man | (1ULL << mb);
      e2 = (int)bexp - bias - mb;
    }
    buf_strbuf_t tmp = {0};
    apfloat_to_string(&tmp, neg, sig, e2, (unsigned)mb + 1, 6, 0, false);
    if (round_trips(tmp.data, bits, kind, eb, mb)) {
      buf_strbuf_append(sb, tmp.data, tmp.len);
      buf_strbuf_free(&tmp);
      return;
    }
    tmp.len = 0;
    apfloat_to_string(&tmp, neg, sig, e2, (unsigned)mb + 1, 0, 3, true);
    if (strchr(tmp.data, '.')) {
      buf_strbuf_append(sb, tmp.data, tmp.len);
      buf_strbuf_free(&tmp);
      return;
    }
    buf_strbuf_free(&tmp);
  }
  buf_strbuf_printf(sb, "0x%llX", (unsigned long long)bits);
}
