/*
 * spirv.c: the one op of MLIR's SPIR-V dialect that upstream's
 * bufferization tests use: spirv.Return, a terminator without operands
 * that a func.func may end in instead of func.return (the function verifier
 * asks for some terminator, not for func.return). Bufferization must leave
 * such a function alone, so the op only parses, prints and terminates:
 *
 *   spirv.Return
 *
 * Every other spirv.* op stays unknown, as the rest of the dialect is out
 * of bufferd's scope.
 */
#include "dialect_util.h"

/* return-op ::= `spirv.Return` attr-dict */
static buf_status_t return_parse(buf_parser_t *p, buf_op_state_t *st) {
  return buf_parse_optional_attr_dict(p, st);
}

static void return_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t return_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

static const buf_opdef_t spirv_ops[] = {
    {.name = "spirv.Return",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE,
     .verify = return_verify, .parse = return_parse, .print = return_print},
};

const buf_dialect_t buf_dialect_spirv = {
    "spirv", spirv_ops, sizeof spirv_ops / sizeof spirv_ops[0],
    .allows_unknown_ops = false};
