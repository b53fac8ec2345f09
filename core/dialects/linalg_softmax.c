/*
 * linalg_softmax.c: linalg.softmax, the softmax of its input along one
 * dimension written into its init (destination style, no body region: not
 * a structured op). What it computes is what upstream's decomposition of it
 * computes (the interpreter's row in ops_linalg.c): the maximum along the
 * dimension (maxnumf), exp(x - max), their sum from 0.0, and the quotient.
 *
 *   softmax ::= attr-dict `dimension` `(` integer `)` `ins` `(` %x `:` T `)`
 *               `outs` `(` %y `:` U `)` (`->` types)?
 *
 * The generic form carries the dimension as the i64 property `dimension`.
 */
#include <stdio.h>
#include <string.h>

#include "dialect_util.h"
#include "linalg_internal.h"

buf_status_t buf__linalg_softmax_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  int64_t dim;
  uint32_t nin, nout;
  buf_type_t *results = NULL;
  uint32_t nres = 0;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_keyword(p, "dimension")) ||
      BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_integer(p, &dim)) ||
      BUF_FAILED(buf_parse_expect(p, ")")))
    return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf__linalg_parse_ins_outs(p, st, &nin, &nout, NULL)) ||
      BUF_FAILED(buf_parse_optional_arrow_type_list(p, &results, &nres)))
    return BUF_FAILURE;
  if (nin != 1 || nout != 1)
    return buf_parser_error_at(p, loc, "expected one ins and one outs operand");
  buf_state_set_attr(st, "dimension",
                     buf_attr_integer(ctx, buf_type_i64(ctx), dim));
  buf_state_add_results(st, nres, results);
  return BUF_SUCCESS;
}

void buf__linalg_softmax_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"dimension", NULL};
  buf_attr_t dim = buf_op_attr(op, "dimension");
  buf_printer_print_attr_dict(pr, op, elided);
  buf_printer_printf(pr, " dimension(%lld)",
                     dim && dim->kind == BUF_ATTR_INTEGER ? (long long)dim->u.i
                                                          : 0LL);
  buf__linalg_print_ins_outs(pr, op, op->num_operands > 0 ? 1 : 0,
                             op->num_operands > 1 ? 1 : 0);
  if (op->num_results > 0) {
    buf_printer_puts(pr, " -> ");
    buf_printer_print_result_types(pr, op);
  }
}

static const char *tstr(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

/* Upstream's checks: the operand and result kinds its ODS declares, then
 * compatible shapes and a dimension within the rank. */
buf_status_t buf__linalg_softmax_verify(buf_op_t *op) {
  if (op->num_operands != 2) {
    buf_op_emit_error(op, "expected 2 operands, but found %u",
                      op->num_operands);
    return BUF_FAILURE;
  }
  buf_type_t in = buf_op_operand(op, 0)->type;
  buf_type_t out = buf_op_operand(op, 1)->type;
  for (uint32_t i = 0; i < 2; i++) {
    buf_type_t t = i ? out : in;
    if (!buf_type_is_shaped(t)) {
      buf_op_emit_error(op,
                        "operand #%u must be shaped of any type values, but "
                        "got '%s'",
                        i, tstr(op, t));
      return BUF_FAILURE;
    }
  }
  uint32_t ntensor = out->kind == BUF_TYPE_TENSOR ? 1 : 0;
  if (op->num_results != ntensor ||
      (ntensor && op->results[0].type->kind != BUF_TYPE_TENSOR)) {
    buf_op_emit_error(op,
                      "expected the number of tensor results (%u) to be equal "
                      "to the number of output tensors (%u)",
                      op->num_results, ntensor);
    return BUF_FAILURE;
  }
  buf_attr_t dim = buf_op_attr(op, "dimension");
  if (!dim || dim->kind != BUF_ATTR_INTEGER) {
    buf_op_emit_error(op, "requires attribute 'dimension'");
    return BUF_FAILURE;
  }
  bool compatible = buf_type_is_ranked(in) && buf_type_is_ranked(out) &&
                    in->u.shaped.rank == out->u.shaped.rank;
  for (uint32_t i = 0; compatible && i < in->u.shaped.rank; i++) {
    int64_t a = in->u.shaped.shape[i], b = out->u.shaped.shape[i];
    compatible = a == BUF_DYNAMIC || b == BUF_DYNAMIC || a == b;
  }
  if (!compatible) {
    buf_op_emit_error(op, "incompatible output shape");
    return BUF_FAILURE;
  }
  if (dim->u.i < 0 || dim->u.i >= (int64_t)in->u.shaped.rank) {
    buf_op_emit_error(op, "incorrect dimension specified");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* The input is read, the init only written. */
uint32_t buf__linalg_softmax_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 0 ? BUF_EFFECT_READ : i == 1 ? BUF_EFFECT_WRITE : BUF_EFFECT_NONE;
}
