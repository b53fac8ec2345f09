/*
 * math.c: the math dialect's op table.
 *
 * Every op is elementwise-mappable (scalars or tensors/vectors of them) and
 * one row of MATH_OPS; rows share the elementwise hooks of dialect_util and
 * differ in their buf__ew_desc_t (operand count, element kind, i1 result,
 * fastmath). Custom form: `%a, %b [fastmath<..>] attr-dict : T`. The one
 * exception is math.fpowi, whose exponent is an integer of the base's
 * shape: `%a, %b [fastmath<..>] attr-dict : F, I`; and math.sincos, which
 * has two results (%sin, %cos) of its operand's type.
 *
 * Float ops always carry a fastmath attribute (`<none>` by default), as
 * mlir-opt's generic form shows; integer ops carry none.
 */
#include "dialect_util.h"

#include <stdio.h>

#define FM (&buf__fastmath_flags)
#define INT BUF__ELEM_INT
#define FLT BUF__ELEM_FLOAT
/* Every math op is elementwise-mappable. */
#define P (BUF_TRAIT_PURE | BUF_TRAIT_ELEMENTWISE_MAPPABLE)

static const char *const fm_attrs[] = {"fastmath", NULL};

/* X(name, traits, inherent attrs, operands, element kind, i1 result,
 *   flags) */
#define MATH_EW_OPS(X)                                                        \
  X("absf", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("acos", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("acosh", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("asin", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("asinh", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("atan", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("atanh", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("cbrt", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("ceil", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("cos", P, fm_attrs, 1, FLT, false, FM)                                    \
  X("cosh", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("erf", P, fm_attrs, 1, FLT, false, FM)                                    \
  X("erfc", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("exp", P, fm_attrs, 1, FLT, false, FM)                                    \
  X("exp2", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("expm1", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("floor", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("log", P, fm_attrs, 1, FLT, false, FM)                                    \
  X("log10", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("log1p", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("log2", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("round", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("roundeven", P, fm_attrs, 1, FLT, false, FM)                              \
  X("rsqrt", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("sin", P, fm_attrs, 1, FLT, false, FM)                                    \
  X("sinh", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("sqrt", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("tan", P, fm_attrs, 1, FLT, false, FM)                                    \
  X("tanh", P, fm_attrs, 1, FLT, false, FM)                                   \
  X("trunc", P, fm_attrs, 1, FLT, false, FM)                                  \
  X("isnan", P, fm_attrs, 1, FLT, true, FM)                                   \
  X("isinf", P, fm_attrs, 1, FLT, true, FM)                                   \
  X("isfinite", P, fm_attrs, 1, FLT, true, FM)                                \
  X("isnormal", P, fm_attrs, 1, FLT, true, FM)                                \
  X("atan2", P, fm_attrs, 2, FLT, false, FM)                                  \
  X("copysign", P, fm_attrs, 2, FLT, false, FM)                               \
  X("powf", P, fm_attrs, 2, FLT, false, FM)                                   \
  X("fma", P, fm_attrs, 3, FLT, false, FM)                                    \
  X("absi", P, NULL, 1, INT, false, NULL)                                     \
  X("ctlz", P, NULL, 1, INT, false, NULL)                                     \
  X("cttz", P, NULL, 1, INT, false, NULL)                                     \
  X("ctpop", P, NULL, 1, INT, false, NULL)                                    \
  X("ipowi", P, NULL, 2, INT, false, NULL)

static buf_status_t ew_parse(buf_parser_t *p, buf_op_state_t *st);
static void ew_print(buf_printer_t *pr, buf_op_t *op);
static buf_status_t ew_verify(buf_op_t *op);
static buf_status_t fpowi_parse(buf_parser_t *p, buf_op_state_t *st);
static void fpowi_print(buf_printer_t *pr, buf_op_t *op);
static buf_status_t fpowi_verify(buf_op_t *op);
static buf_status_t sincos_parse(buf_parser_t *p, buf_op_state_t *st);
static void sincos_print(buf_printer_t *pr, buf_op_t *op);
static buf_status_t sincos_verify(buf_op_t *op);
static bool sincos_name(buf_op_t *op, uint32_t i, char *buf, size_t size);

#define AS_DEF(n, tr, at, nops, elem, boolres, flags)                         \
  {.name = "math." n, .traits = tr, .inherent_attrs = at,                     \
   .verify = ew_verify, .parse = ew_parse, .print = ew_print,              \
   .custom_form_parses_back = buf__ew_parses_back,                            \
   .fill_defaults = buf__fill_flag_defaults, .fold = buf__math_fold},
#define AS_DESC(n, tr, at, nops, elem, boolres, flags)                        \
  {nops, elem, boolres, flags},

/* The elementwise rows first (parallel to math_descs), then fpowi and
 * sincos. */
static const buf_opdef_t math_ops[] = {
    MATH_EW_OPS(AS_DEF)
    {.name = "math.fpowi",
     .traits = P,
     .inherent_attrs = fm_attrs,
     .verify = fpowi_verify,
     .parse = fpowi_parse,
     .print = fpowi_print,
     .fill_defaults = buf__fill_flag_defaults},
    {.name = "math.sincos",
     .traits = P,
     .inherent_attrs = fm_attrs,
     .verify = sincos_verify,
     .parse = sincos_parse,
     .print = sincos_print,
     .name_result = sincos_name,
     .fill_defaults = buf__fill_flag_defaults},
};
static const buf__ew_desc_t math_descs[] = {MATH_EW_OPS(AS_DESC)};

#define NUM_OPS ((uint32_t)(sizeof math_ops / sizeof math_ops[0]))
#define NUM_EW ((uint32_t)(sizeof math_descs / sizeof math_descs[0]))
_Static_assert(sizeof math_ops / sizeof math_ops[0] ==
                   sizeof math_descs / sizeof math_descs[0] + 2,
               "one descriptor per elementwise row");

const buf_dialect_t buf_dialect_math = {"math", math_ops, NUM_OPS, false};

/* ------------------------------------------------------------------------ */
/* Elementwise rows                                                          */
/* ------------------------------------------------------------------------ */

/* The hooks are installed only on the first NUM_EW rows, so a row number
 * below NUM_EW is always found; row 0 is a harmless fallback. */
static const buf__ew_desc_t *desc_of_row(int r) {
  return &math_descs[r >= 0 && (uint32_t)r < NUM_EW ? r : 0];
}

static buf_status_t ew_parse(buf_parser_t *p, buf_op_state_t *st) {
  return buf__ew_parse(p, st,
                       desc_of_row(buf__row_of_state(math_ops, NUM_OPS, st)));
}

static void ew_print(buf_printer_t *pr, buf_op_t *op) {
  buf__ew_print(pr, op, desc_of_row(buf__row_of(math_ops, NUM_OPS, op->def)));
}

static buf_status_t ew_verify(buf_op_t *op) {
  return buf__ew_verify(op,
                        desc_of_row(buf__row_of(math_ops, NUM_OPS, op->def)));
}

/* ------------------------------------------------------------------------ */
/* math.fpowi                                                               */
/* ------------------------------------------------------------------------ */

/* fpowi-op ::= `math.fpowi` operand `,` operand fastmath? attr-dict
 *              `:` type `,` type */
static buf_status_t fpowi_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t ops[2];
  buf_type_t types[2];
  if (BUF_FAILED(buf_parse_operand(p, &ops[0])) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &ops[1])) ||
      BUF_FAILED(buf__parse_flags(p, st, &buf__fastmath_flags)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &types[0])) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_type(p, &types[1])) ||
      BUF_FAILED(buf_parse_resolve_operands(p, ops, 2, types, 2, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, types[0]);
  return BUF_SUCCESS;
}

static void fpowi_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf__print_flags(pr, op, &buf__fastmath_flags);
  buf_printer_print_attr_dict(pr, op, fm_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, op->num_operands);
}

static buf_status_t fpowi_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(buf__verify_operand_like(op, 0, buf__elem_pred(FLT),
                                          buf__elem_what(FLT))) ||
      BUF_FAILED(buf__verify_operand_like(op, 1, buf__elem_pred(INT),
                                          buf__elem_what(INT))) ||
      BUF_FAILED(buf__verify_result_like(op, 0, buf__elem_pred(FLT),
                                         buf__elem_what(FLT))))
    return BUF_FAILURE;
  buf_type_t base = op->operands[0].value->type;
  if (!buf__same_container_shape(base, op->operands[1].value->type) ||
      !buf__same_container_shape(base, op->results[0].type)) {
    buf_op_emit_error(op, "requires the same shape for all operands and "
                          "results");
    return BUF_FAILURE;
  }
  if (op->results[0].type != base) {
    buf_op_emit_error(op, "failed to verify that all of {lhs, result} have "
                          "same type");
    return BUF_FAILURE;
  }
  return buf__verify_flags(op, &buf__fastmath_flags);
}

/* ------------------------------------------------------------------------ */
/* math.sincos                                                              */
/* ------------------------------------------------------------------------ */

/* sincos-op ::= `math.sincos` operand fastmath? attr-dict `:` type */
static buf_status_t sincos_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t x;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &x)) ||
      BUF_FAILED(buf__parse_flags(p, st, &buf__fastmath_flags)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &x, 1, t, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void sincos_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf__print_flags(pr, op, &buf__fastmath_flags);
  buf_printer_print_attr_dict(pr, op, fm_attrs);
  if (op->num_operands) {
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, 0, 1);
  }
}

static buf_status_t sincos_verify(buf_op_t *op) {
  bool (*is_float)(buf_type_t) = buf__elem_pred(FLT);
  const char *what = buf__elem_what(FLT);
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 2)) ||
      BUF_FAILED(buf__verify_operand_like(op, 0, is_float, what)) ||
      BUF_FAILED(buf__verify_result_like(op, 0, is_float, what)) ||
      BUF_FAILED(buf__verify_result_like(op, 1, is_float, what)))
    return BUF_FAILURE;
  buf_type_t t = op->operands[0].value->type;
  if (op->results[0].type != t || op->results[1].type != t) {
    buf_op_emit_error(op, "failed to verify that all of {operand, sin, cos} "
                          "have same type");
    return BUF_FAILURE;
  }
  return buf__verify_flags(op, &buf__fastmath_flags);
}

/* mlir-opt names the results %sin and %cos. */
static bool sincos_name(buf_op_t *op, uint32_t i, char *buf, size_t size) {
  (void)op;
  if (i > 1)
    return false;
  snprintf(buf, size, "%s", i == 0 ? "sin" : "cos");
  return true;
}
