/*
 * ops_arith.c: semantics of the arith dialect, on scalars and elementwise
 * on tensors.
 *
 * Integers wrap around at their width (cells hold them zero-extended);
 * signed operations sign-extend first. Floats are computed at their type's
 * precision: f32 in float, f64 in double, f16/bf16 in float then rounded.
 * Integer division by zero and signed division overflow are undefined
 * behaviour in MLIR and reported; so are shifts by the bit width or more
 * (poison). Every op of this file is one row sharing one elementwise
 * driver: the row's code selects the scalar computation.
 */
#include "interp_internal.h"

#include <math.h>
#include <string.h>

enum {
  /* integer binary */
  A_ADDI, A_SUBI, A_MULI, A_DIVSI, A_DIVUI, A_CEILDIVSI, A_CEILDIVUI,
  A_FLOORDIVSI, A_REMSI, A_REMUI, A_ANDI, A_ORI, A_XORI, A_SHLI, A_SHRSI,
  A_SHRUI, A_MAXSI, A_MAXUI, A_MINSI, A_MINUI,
  /* float binary */
  A_ADDF, A_SUBF, A_MULF, A_DIVF, A_REMF, A_MAXIMUMF, A_MINIMUMF, A_MAXNUMF,
  A_MINNUMF,
  /* unary float */
  A_NEGF,
  /* compare / select */
  A_CMPI, A_CMPF, A_SELECT,
  /* casts */
  A_EXTSI, A_EXTUI, A_TRUNCI, A_INDEX_CAST, A_INDEX_CASTUI, A_SITOFP,
  A_UITOFP, A_FPTOSI, A_FPTOUI, A_EXTF, A_TRUNCF, A_BITCAST,
};

/* Scalar computation: in[] cells of types it[], result cell of type rt.
 * Returns false after an error at op. */
static bool compute(buf__interp_t *I, buf_op_t *op,
                    const buf__interp_row_t *row, const buf__cell_t *in,
                    const buf_type_t *it, buf_type_t rt, buf__cell_t *out) {
  int code = row->code;
  uint32_t w = buf_type_is_float(it[0]) ? 0 : buf__int_width(it[0]);
  uint64_t a = in[0].i;
  uint64_t b = (code <= A_MINUI || code == A_CMPI) ? in[1].i : 0;
  int64_t sa = buf__sext(a, w), sb = buf__sext(b, w);
  int64_t smin = (w == 0 || w >= 64) ? INT64_MIN : -(INT64_C(1) << (w - 1));
  switch (code) {
  case A_ADDI: out->i = buf__trunc(a + b, w); return true;
  case A_SUBI: out->i = buf__trunc(a - b, w); return true;
  case A_MULI: out->i = buf__trunc(a * b, w); return true;
  case A_ANDI: out->i = a & b; return true;
  case A_ORI: out->i = a | b; return true;
  case A_XORI: out->i = a ^ b; return true;
  case A_MAXSI: out->i = sa > sb ? a : b; return true;
  case A_MINSI: out->i = sa < sb ? a : b; return true;
  case A_MAXUI: out->i = a > b ? a : b; return true;
  case A_MINUI: out->i = a < b ? a : b; return true;
  case A_SHLI: case A_SHRSI: case A_SHRUI:
    if (b >= w) {
      buf__err(I, op, "shift amount %llu is not less than the bit width %u "
                      "(poison)", (unsigned long long)b, w);
      return false;
    }
    if (code == A_SHLI)
      out->i = buf__trunc(a << b, w);
    else if (code == A_SHRUI)
      out->i = a >> b;
    else
      out->i = buf__trunc((uint64_t)(sa >> b), w);
    return true;
  case A_DIVSI: case A_DIVUI: case A_CEILDIVSI: case A_CEILDIVUI:
  case A_FLOORDIVSI: case A_REMSI: case A_REMUI:
    if (b == 0) {
      buf__err(I, op, "integer division by zero");
      return false;
    }
    if (sa == smin && sb == -1 &&
        (code == A_DIVSI || code == A_CEILDIVSI || code == A_FLOORDIVSI)) {
      buf__err(I, op, "signed integer division overflow (%lld / -1)",
               (long long)sa);
      return false;
    }
    switch (code) {
    case A_DIVUI: out->i = a / b; break;
    case A_REMUI: out->i = a % b; break;
    case A_DIVSI: out->i = buf__trunc((uint64_t)(sa / sb), w); break;
    case A_REMSI:
      out->i = sb == -1 ? 0 : buf__trunc((uint64_t)(sa % sb), w);
      break;
    case A_CEILDIVUI: out->i = a == 0 ? 0 : (a - 1) / b + 1; break;
    case A_CEILDIVSI: {
      int64_t q = sa / sb;
      if ((sa % sb != 0) && ((sa < 0) == (sb < 0)))
        q++;
      out->i = buf__trunc((uint64_t)q, w);
      break;
    }
    case A_FLOORDIVSI: {
      int64_t q = sa / sb;
      if ((sa % sb != 0) && ((sa < 0) != (sb < 0)))
        q--;
      out->i = buf__trunc((uint64_t)q, w);
      break;
    }
    }
    return true;
  case A_ADDF: case A_SUBF: case A_MULF: case A_DIVF: case A_REMF:
  case A_MAXIMUMF: case A_MINIMUMF: case A_MAXNUMF: case A_MINNUMF: {
    buf_float_kind_t k = rt->u.fkind;
    double x = in[0].f, y = in[1].f, r = 0;
    if (k == BUF_F64) {
      switch (code) {
      case A_ADDF: r = x + y; break;
      case A_SUBF: r = x - y; break;
      case A_MULF: r = x * y; break;
      case A_DIVF: r = x / y; break;
      case A_REMF: r = fmod(x, y); break;
      default: break;
      }
    } else {
      float fx = (float)x, fy = (float)y;
      switch (code) {
      case A_ADDF: r = fx + fy; break;
      case A_SUBF: r = fx - fy; break;
      case A_MULF: r = fx * fy; break;
      case A_DIVF: r = fx / fy; break;
      case A_REMF: r = fmodf(fx, fy); break;
      default: break;
      }
    }
    switch (code) {
    case A_MAXIMUMF:
      r = isnan(x) || isnan(y) ? NAN
          : x == y            ? (signbit(x) ? y : x)
          : x > y             ? x : y;
      break;
    case A_MINIMUMF:
      r = isnan(x) || isnan(y) ? NAN
          : x == y            ? (signbit(x) ? x : y)
          : x < y             ? x : y;
      break;
    /* maxnum/minnum skip a NaN and, as LLVM's llvm.maxnum/minnum compute
     * them (what upstream's lowering calls), order -0 below +0 */
    case A_MAXNUMF:
      r = isnan(x) ? y : isnan(y) ? x : x == y ? (signbit(x) ? y : x) : fmax(x, y);
      break;
    case A_MINNUMF:
      r = isnan(x) ? y : isnan(y) ? x : x == y ? (signbit(x) ? x : y) : fmin(x, y);
      break;
    default: break;
    }
    out->f = buf__round_float(k, r);
    return true;
  }
  case A_NEGF:
    out->f = -in[0].f;
    return true;
  case A_CMPI: {
    buf_attr_t p = buf_op_attr(op, "predicate");
    int64_t pred = p && p->kind == BUF_ATTR_INTEGER ? p->u.i : -1;
    bool r;
    switch (pred) {
    case 0: r = a == b; break;
    case 1: r = a != b; break;
    case 2: r = sa < sb; break;
    case 3: r = sa <= sb; break;
    case 4: r = sa > sb; break;
    case 5: r = sa >= sb; break;
    case 6: r = a < b; break;
    case 7: r = a <= b; break;
    case 8: r = a > b; break;
    case 9: r = a >= b; break;
    default:
      buf__err(I, op, "invalid cmpi predicate");
      return false;
    }
    out->i = r;
    return true;
  }
  case A_CMPF: {
    buf_attr_t p = buf_op_attr(op, "predicate");
    int64_t pred = p && p->kind == BUF_ATTR_INTEGER ? p->u.i : -1;
    double x = in[0].f, y = in[1].f;
    bool uno = isnan(x) || isnan(y), r;
    switch (pred) {
    case 0: r = false; break;
    case 1: r = !uno && x == y; break;
    case 2: r = !uno && x > y; break;
    case 3: r = !uno && x >= y; break;
    case 4: r = !uno && x < y; break;
    case 5: r = !uno && x <= y; break;
    case 6: r = !uno && x != y; break;
    case 7: r = !uno; break;
    case 8: r = uno || x == y; break;
    case 9: r = uno || x > y; break;
    case 10: r = uno || x >= y; break;
    case 11: r = uno || x < y; break;
    case 12: r = uno || x <= y; break;
    case 13: r = uno || x != y; break;
    case 14: r = uno; break;
    case 15: r = true; break;
    default:
      buf__err(I, op, "invalid cmpf predicate");
      return false;
    }
    out->i = r;
    return true;
  }
  case A_SELECT:
    *out = (in[0].i & 1) ? in[1] : in[2];
    return true;
  case A_EXTSI: case A_INDEX_CAST:
    out->i = buf__trunc((uint64_t)sa, buf__int_width(rt));
    return true;
  case A_EXTUI: case A_TRUNCI: case A_INDEX_CASTUI:
    out->i = buf__trunc(a, buf__int_width(rt));
    return true;
  case A_SITOFP:
    out->f = buf__round_float(rt->u.fkind, rt->u.fkind == BUF_F64
                                               ? (double)sa
                                               : (double)(float)sa);
    return true;
  case A_UITOFP:
    out->f = buf__round_float(rt->u.fkind, rt->u.fkind == BUF_F64
                                               ? (double)a
                                               : (double)(float)a);
    return true;
  case A_FPTOSI: case A_FPTOUI: {
    double x = trunc(in[0].f);
    uint32_t rw = buf__int_width(rt);
    if (isnan(x)) {
      buf__err(I, op, "conversion of NaN to an integer (poison)");
      return false;
    }
    if (code == A_FPTOSI) {
      double lo = rw >= 64 ? -9223372036854775808.0 : -ldexp(1, rw - 1);
      double hi = rw >= 64 ? 9223372036854775808.0 : ldexp(1, rw - 1);
      if (x < lo || x >= hi) {
        buf__err(I, op, "float value %g out of range of i%u (poison)", x, rw);
        return false;
      }
      out->i = buf__trunc((uint64_t)(int64_t)x, rw);
    } else {
      double hi = rw >= 64 ? 18446744073709551616.0 : ldexp(1, rw);
      if (x < 0 || x >= hi) {
        buf__err(I, op, "float value %g out of range of ui%u (poison)", x, rw);
        return false;
      }
      out->i = (uint64_t)x;
    }
    return true;
  }
  case A_EXTF: case A_TRUNCF:
    out->f = buf__round_float(rt->u.fkind, in[0].f);
    return true;
  case A_BITCAST: {
    bool fin = buf_type_is_float(it[0]), fout = buf_type_is_float(rt);
    uint64_t bits = a;
    if (fin) {
      switch (it[0]->u.fkind) {
      case BUF_F64: memcpy(&bits, &in[0].f, 8); break;
      case BUF_F32: { float f = (float)in[0].f; uint32_t u; memcpy(&u, &f, 4); bits = u; break; }
      case BUF_F16: { _Float16 h = (_Float16)in[0].f; uint16_t u; memcpy(&u, &h, 2); bits = u; break; }
      case BUF_BF16: { float f = (float)in[0].f; uint32_t u; memcpy(&u, &f, 4); bits = u >> 16; break; }
      }
    }
    if (fout) {
      switch (rt->u.fkind) {
      case BUF_F64: memcpy(&out->f, &bits, 8); break;
      case BUF_F32: { uint32_t u = (uint32_t)bits; float f; memcpy(&f, &u, 4); out->f = f; break; }
      case BUF_F16: { uint16_t u = (uint16_t)bits; _Float16 h; memcpy(&h, &u, 2); out->f = (double)h; break; }
      case BUF_BF16: { uint32_t u = (uint32_t)bits << 16; float f; memcpy(&f, &u, 4); out->f = f; break; }
      }
    } else {
      out->i = buf__trunc(bits, buf__int_width(rt));
    }
    return true;
  }
  }
  buf__err(I, op, "unknown arith computation");
  return false;
}

static buf_type_t scalar_type(buf_type_t t) {
  return buf_type_is_shaped(t) ? buf_type_elem(t) : t;
}

static bool is_64_bit_integer_like(buf_type_t t) {
  return t->kind == BUF_TYPE_INDEX ||
         (t->kind == BUF_TYPE_INTEGER && t->u.integer.width == 64);
}

/* arith.index_cast / index_castui on memrefs (what upstream's One-Shot
 * makes of them on tensors) between index and 64-bit integers: the same
 * cells read with the other element type, so the result is a view. */
static bool is_memref_view_cast(buf_op_t *op) {
  if (strcmp(op->name, "arith.index_cast") != 0 &&
      strcmp(op->name, "arith.index_castui") != 0)
    return false;
  buf_type_t from = buf_op_operand(op, 0)->type, to = op->results[0].type;
  return buf_type_is_memref(from) && buf_type_is_memref(to) &&
         is_64_bit_integer_like(buf_type_elem(from)) &&
         is_64_bit_integer_like(buf_type_elem(to));
}

/* The elementwise driver: scalars directly, tensors element by element
 * (scalar operands broadcast, e.g. select's condition). */
buf_status_t buf__elementwise(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row,
                              buf__scalar_fn compute) {
  enum { MAXN = 4 };
  uint32_t n = op->num_operands;
  if (n > MAXN || op->num_results != 1) {
    buf__err(I, op, "unexpected operand/result count");
    return BUF_FAILURE;
  }
  buf__ival_t v[MAXN];
  buf_type_t it[MAXN];
  buf__tensor_t *shape_from = NULL;
  for (uint32_t i = 0; i < n; i++) {
    v[i] = buf__operand(I, F, op, i);
    if (!buf__check_defined(I, op, v[i]))
      return BUF_FAILURE;
    it[i] = scalar_type(buf_op_operand(op, i)->type);
    if (v[i].kind == IV_TENSOR) {
      if (shape_from && (shape_from->rank != v[i].u.t->rank ||
                         memcmp(shape_from->shape, v[i].u.t->shape,
                                shape_from->rank * sizeof(int64_t)))) {
        buf__err(I, op, "elementwise operands have different shapes");
        return BUF_FAILURE;
      }
      shape_from = v[i].u.t;
    } else if (v[i].kind == IV_MEMREF && is_memref_view_cast(op)) {
      buf__set_result(I, F, op, 0, buf__iv_ref(v[i]));
      return BUF_SUCCESS;
    } else if (v[i].kind == IV_MEMREF) {
      buf__err(I, op, "arith on memrefs is supported only for index_cast "
                      "between index and 64-bit integers");
      return BUF_FAILURE;
    }
  }
  buf_type_t rt = scalar_type(op->results[0].type);
  buf__cell_t in[MAXN], out;
  if (!shape_from) {
    for (uint32_t i = 0; i < n; i++)
      in[i] = buf__value_cell(v[i]);
    if (!compute(I, op, row, in, it, rt, &out))
      return BUF_FAILURE;
    buf__set_result(I, F, op, 0, buf__cell_value(rt, out));
    return BUF_SUCCESS;
  }
  buf__tensor_t *r = buf__tensor_new(I, op, rt, shape_from->rank,
                                     shape_from->shape, true);
  if (!r)
    return BUF_FAILURE;
  for (int64_t e = 0; e < r->n; e++) {
    for (uint32_t i = 0; i < n; i++) {
      if (v[i].kind == IV_TENSOR) {
        if (!buf__tensor_is_init(v[i].u.t, e)) {
          buf__err(I, op, "read of uninitialized tensor element %lld",
                   (long long)e);
          buf__iv_drop(I, buf__iv_tensor(r));
          return BUF_FAILURE;
        }
        in[i] = v[i].u.t->data[e];
      } else {
        in[i] = buf__value_cell(v[i]);
      }
    }
    if (!compute(I, op, row, in, it, rt, &r->data[e])) {
      buf__iv_drop(I, buf__iv_tensor(r));
      return BUF_FAILURE;
    }
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

buf__tensor_t *buf__tensor_from_dense(buf__interp_t *I, buf_op_t *op,
                                      buf_type_t t, buf_attr_t dense) {
  buf_type_t et = t->u.shaped.elem;
  const char *bad = buf_attr_elements_error(dense);
  if (bad) {
    buf__err(I, op, "%s", bad);
    return NULL;
  }
  buf__tensor_t *r =
      buf__tensor_new(I, op, et, t->u.shaped.rank, t->u.shaped.shape, true);
  if (!r)
    return NULL;
  bool fl = buf_type_is_float(et);
  for (int64_t e = 0; e < r->n; e++) {
    if (fl)
      r->data[e].f =
          buf__round_float(et->u.fkind, buf_attr_dense_float(dense, e));
    else
      r->data[e].i = buf__trunc((uint64_t)buf_attr_dense_int(dense, e),
                                buf__int_width(et));
  }
  return r;
}

/* arith.constant: a scalar, or a tensor or vector (an interpreter tensor
 * too) from a dense attribute. */
static buf_status_t arith_constant(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf_attr_t a = buf_op_attr(op, "value");
  buf_type_t t = op->results[0].type;
  if (!a) {
    buf__err(I, op, "constant without a value");
    return BUF_FAILURE;
  }
  if (buf_attr_is_elements(a)) {
    if (t->kind != BUF_TYPE_TENSOR && t->kind != BUF_TYPE_VECTOR) {
      buf__err(I, op, "dense constant of non-tensor type");
      return BUF_FAILURE;
    }
    buf__tensor_t *r = buf__tensor_from_dense(I, op, t, a);
    if (!r)
      return BUF_FAILURE;
    buf__set_result(I, F, op, 0, buf__iv_tensor(r));
    return BUF_SUCCESS;
  }
  if (buf_type_is_shaped(t)) {
    buf__err(I, op, "unsupported constant of type %s",
             t->kind == BUF_TYPE_VECTOR ? "vector" : "shaped");
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0, buf__cell_value(t, buf__attr_cell(a, t)));
  return BUF_SUCCESS;
}

/* arith.{mulsi,mului}_extended: low and high halves of the full product;
 * arith.addui_extended: sum and carry. */
static buf_status_t arith_extended(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf__ival_t a = buf__operand(I, F, op, 0), b = buf__operand(I, F, op, 1);
  if (!buf__check_defined(I, op, a) || !buf__check_defined(I, op, b))
    return BUF_FAILURE;
  if (a.kind != IV_INT || b.kind != IV_INT) {
    buf__err(I, op, "extended arithmetic on tensors is not supported");
    return BUF_FAILURE;
  }
  uint32_t w = buf__int_width(op->results[0].type);
  if (row->code == 2) { /* addui_extended */
    uint64_t s = buf__trunc(a.u.i + b.u.i, w);
    buf__set_result(I, F, op, 0, buf__iv_int(s));
    buf__set_result(I, F, op, 1, buf__iv_int(s < a.u.i));
    return BUF_SUCCESS;
  }
  unsigned __int128 p;
  if (row->code == 0)
    p = (unsigned __int128)((__int128)buf__sext(a.u.i, w) *
                            (__int128)buf__sext(b.u.i, w));
  else
    p = (unsigned __int128)a.u.i * b.u.i;
  buf__set_result(I, F, op, 0, buf__iv_int(buf__trunc((uint64_t)p, w)));
  buf__set_result(I, F, op, 1,
                  buf__iv_int(buf__trunc((uint64_t)(p >> w), w)));
  return BUF_SUCCESS;
}

static buf_status_t arith_elementwise(buf__interp_t *I, buf__frame_t *F,
                                      buf_op_t *op,
                                      const buf__interp_row_t *row) {
  return buf__elementwise(I, F, op, row, compute);
}

/* arith.select of two buffers on a scalar condition picks one of them (a
 * view, no copy); other selects are elementwise. */
static buf_status_t arith_select(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                 const buf__interp_row_t *row) {
  buf_type_t t = op->results[0].type;
  if (!buf_type_is_memref(t) && t->kind != BUF_TYPE_UNRANKED_MEMREF)
    return buf__elementwise(I, F, op, row, compute);
  buf__ival_t c = buf__operand(I, F, op, 0);
  if (!buf__check_defined(I, op, c))
    return BUF_FAILURE;
  if (c.kind == IV_TENSOR) {
    buf__err(I, op, "a select of buffers takes a scalar condition");
    return BUF_FAILURE;
  }
  buf__ival_t pick = buf__operand(I, F, op, (buf__value_cell(c).i & 1) ? 1 : 2);
  if (!buf__check_defined(I, op, pick))
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_ref(pick));
  return BUF_SUCCESS;
}

#define EW(n, c) {"arith." n, arith_elementwise, c, NULL}
static const buf__interp_row_t rows[] = {
    {"arith.constant", arith_constant, 0, NULL},
    EW("addi", A_ADDI), EW("subi", A_SUBI), EW("muli", A_MULI),
    EW("divsi", A_DIVSI), EW("divui", A_DIVUI), EW("ceildivsi", A_CEILDIVSI),
    EW("ceildivui", A_CEILDIVUI), EW("floordivsi", A_FLOORDIVSI),
    EW("remsi", A_REMSI), EW("remui", A_REMUI), EW("andi", A_ANDI),
    EW("ori", A_ORI), EW("xori", A_XORI), EW("shli", A_SHLI),
    EW("shrsi", A_SHRSI), EW("shrui", A_SHRUI), EW("maxsi", A_MAXSI),
    EW("maxui", A_MAXUI), EW("minsi", A_MINSI), EW("minui", A_MINUI),
    EW("addf", A_ADDF), EW("subf", A_SUBF), EW("mulf", A_MULF),
    EW("divf", A_DIVF), EW("remf", A_REMF), EW("maximumf", A_MAXIMUMF),
    EW("minimumf", A_MINIMUMF), EW("maxnumf", A_MAXNUMF),
    EW("minnumf", A_MINNUMF), EW("negf", A_NEGF), EW("cmpi", A_CMPI),
    EW("cmpf", A_CMPF), {"arith.select", arith_select, A_SELECT, NULL}, EW("extsi", A_EXTSI),
    EW("extui", A_EXTUI), EW("trunci", A_TRUNCI),
    EW("index_cast", A_INDEX_CAST), EW("index_castui", A_INDEX_CASTUI),
    EW("sitofp", A_SITOFP), EW("uitofp", A_UITOFP), EW("fptosi", A_FPTOSI),
    EW("fptoui", A_FPTOUI), EW("extf", A_EXTF), EW("truncf", A_TRUNCF),
    EW("bitcast", A_BITCAST),
    /* tensor.bitcast is arith.bitcast of every element: the same bits. */
    {"tensor.bitcast", arith_elementwise, A_BITCAST, NULL},
    {"arith.mulsi_extended", arith_extended, 0, NULL},
    {"arith.mului_extended", arith_extended, 1, NULL},
    {"arith.addui_extended", arith_extended, 2, NULL},
};

const buf__interp_table_t buf__interp_arith_table = {
    rows, sizeof rows / sizeof rows[0]};
