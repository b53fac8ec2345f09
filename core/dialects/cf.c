/*
 * cf.c: the cf dialect's op table: cf.br, cf.cond_br, cf.switch, cf.assert.
 *
 * Custom forms (mlir-opt 22):
 *   cf.br ^bb1(%a, %b : i32, f32)
 *   cf.cond_br %c, ^bb1(%a : i32), ^bb2
 *   cf.switch %flag : i32, [
 *     default: ^bb1(%a : i32),
 *     42: ^bb2
 *   ]
 *   cf.assert %c, "message"
 *
 * Operands passed to successors are laid out in successor order; cond_br
 * and switch record the split in operandSegmentSizes (and switch in
 * case_operand_segments) exactly as mlir-opt does. Each branch verifier
 * checks that the operands it forwards match the target block's arguments
 * in number and type.
 */
#include "dialect_util.h"

/* ------------------------------------------------------------------------ */
/* Successors with operands                                                  */
/* ------------------------------------------------------------------------ */

/* successor ::= caret-id (`(` operands `:` types `)`)?  The successor and
 * its operands are appended to st; *num receives the operand count. */
static buf_status_t parse_successor_with_operands(buf_parser_t *p,
                                                  buf_op_state_t *st,
                                                  uint32_t *num) {
  *num = 0;
  if (BUF_FAILED(buf_parse_successor(p, st)))
    return BUF_FAILURE;
  if (!buf_parse_optional(p, "("))
    return BUF_SUCCESS;
  buf_unresolved_t *ops = NULL;
  buf_type_t *types = NULL;
  uint32_t n = 0, nt = 0;
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)) ||
      BUF_FAILED(buf_parse_colon_type_list(p, &types, &nt)) ||
      BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_resolve_operands(p, ops, n, types, nt, st)))
    return BUF_FAILURE;
  *num = n;
  return BUF_SUCCESS;
}

/* Prints "^bb1" or "^bb1(%a : i32)" for successor i with operands
 * [start, start + n). */
static void print_successor_with_operands(buf_printer_t *pr, buf_op_t *op,
                                          uint32_t i, uint32_t start,
                                          uint32_t n) {
  /* Clamp so that an op that failed verification still prints. */
  if (i < op->num_successors)
    buf_printer_print_successor(pr, op->successors[i]);
  if (start > op->num_operands)
    start = op->num_operands;
  if (n > op->num_operands - start)
    n = op->num_operands - start;
  if (!n)
    return;
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, start, n);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, start, n);
  buf_printer_puts(pr, ")");
}

/* Checks that operands [start, start + n) match successor i's arguments.
 * MLIR reports these without the op-name prefix. */
static buf_status_t verify_successor_operands(buf_op_t *op, uint32_t i,
                                              uint32_t start, uint32_t n) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_block_t *b = op->successors[i];
  if (!b)
    return BUF_SUCCESS;
  if (b->num_args != n) {
    buf_emit_error(ctx, op->loc, "branch has %u operands for successor #%u, "
                                 "but target block has %u",
                   n, i, b->num_args);
    return BUF_FAILURE;
  }
  for (uint32_t k = 0; k < n; k++)
    if (op->operands[start + k].value->type != b->args[k]->type) {
      buf_emit_error(ctx, op->loc, "type mismatch for bb argument #%u of "
                                   "successor #%u",
                     k, i);
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

static buf_status_t verify_num_successors(buf_op_t *op, uint32_t n) {
  if (op->num_successors == n)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "requires %u successor%s but found %u", n,
                    n == 1 ? "" : "s", op->num_successors);
  return BUF_FAILURE;
}

/* Reads operandSegmentSizes into sizes[n] and checks that it covers the
 * operands, with MLIR's message. */
static buf_status_t verify_segments(buf_op_t *op, int64_t *sizes, uint32_t n) {
  buf_attr_t a = buf_op_attr(op, "operandSegmentSizes");
  if (!a) {
    buf_op_emit_error(op, "requires attribute 'operandSegmentSizes'");
    return BUF_FAILURE;
  }
  if (buf_op_segment_sizes(op, "operandSegmentSizes", sizes, n) != n) {
    buf_op_emit_error(op, "'operandSegmentSizes' attribute for specifying "
                          "operand segments must have %u elements",
                      n);
    return BUF_FAILURE;
  }
  int64_t total = 0;
  for (uint32_t i = 0; i < n; i++)
    total += sizes[i];
  if (total != op->num_operands) {
    buf_op_emit_error(op, "operand count (%u) does not match with the total "
                          "size (%lld) specified in attribute "
                          "'operandSegmentSizes'",
                      op->num_operands, (long long)total);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* array<i32: ...> */
static buf_attr_t i32_array(buf_ctx_t *ctx, uint32_t n, const int64_t *v) {
  return buf_attr_dense_array(ctx, buf_type_i32(ctx), n, v, NULL);
}

/* ------------------------------------------------------------------------ */
/* cf.br                                                                    */
/* ------------------------------------------------------------------------ */

static buf_status_t br_parse(buf_parser_t *p, buf_op_state_t *st) {
  uint32_t n;
  if (BUF_FAILED(parse_successor_with_operands(p, st, &n)))
    return BUF_FAILURE;
  return buf_parse_optional_attr_dict(p, st);
}

static void br_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  print_successor_with_operands(pr, op, 0, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t br_verify(buf_op_t *op) {
  if (BUF_FAILED(verify_num_successors(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  return verify_successor_operands(op, 0, 0, op->num_operands);
}

/* ------------------------------------------------------------------------ */
/* cf.cond_br                                                               */
/* ------------------------------------------------------------------------ */

static const char *const segment_attrs[] = {"operandSegmentSizes", NULL};

/* cond-br ::= operand `,` successor `,` successor attr-dict */
static buf_status_t cond_br_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_unresolved_t cond;
  buf_value_t *cv;
  uint32_t nt, nf;
  if (BUF_FAILED(buf_parse_operand(p, &cond)) ||
      BUF_FAILED(buf_parse_resolve(p, &cond, buf_type_i1(ctx), &cv)))
    return BUF_FAILURE;
  buf_state_add_operand(st, cv);
  if (BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(parse_successor_with_operands(p, st, &nt)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(parse_successor_with_operands(p, st, &nf)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  int64_t seg[3] = {1, nt, nf};
  buf_state_set_attr(st, "operandSegmentSizes", i32_array(ctx, 3, seg));
  return BUF_SUCCESS;
}

static void cond_br_print(buf_printer_t *pr, buf_op_t *op) {
  int64_t seg[3] = {1, 0, 0};
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[0] != 1 || 1 + seg[1] + seg[2] != op->num_operands) {
    seg[1] = op->num_operands ? op->num_operands - 1 : 0; /* unverified */
    seg[2] = 0;
  }
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands ? 1 : 0);
  buf_printer_puts(pr, ", ");
  print_successor_with_operands(pr, op, 0, 1, (uint32_t)seg[1]);
  buf_printer_puts(pr, ", ");
  print_successor_with_operands(pr, op, 1, 1 + (uint32_t)seg[1],
                                (uint32_t)seg[2]);
  buf_printer_print_attr_dict(pr, op, segment_attrs);
}

static buf_status_t cond_br_verify(buf_op_t *op) {
  int64_t seg[3];
  if (BUF_FAILED(verify_num_successors(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)) ||
      BUF_FAILED(verify_segments(op, seg, 3)))
    return BUF_FAILURE;
  if (seg[0] != 1) {
    buf_op_emit_error(op, "operand group #0 must have exactly one operand");
    return BUF_FAILURE;
  }
  buf_type_t c = op->operands[0].value->type;
  if (!buf__is_i1(c)) {
    buf_op_emit_error(op, "operand #0 must be 1-bit signless integer, but got "
                          "'%s'",
                      buf_type_to_string(buf_op_ctx(op), c));
    return BUF_FAILURE;
  }
  if (BUF_FAILED(verify_successor_operands(op, 0, 1, (uint32_t)seg[1])) ||
      BUF_FAILED(verify_successor_operands(op, 1, 1 + (uint32_t)seg[1],
                                           (uint32_t)seg[2])))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* cf.switch                                                                */
/* ------------------------------------------------------------------------ */

static const char *const switch_attrs[] = {
    "case_operand_segments", "case_values", "operandSegmentSizes", NULL};

/* switch ::= operand `:` type `,` `[` `default` `:` successor
 *            (`,` integer `:` successor)* `]` attr-dict */
static buf_status_t switch_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_arena_t *arena = buf_ctx_arena(ctx);
  buf_unresolved_t flag;
  buf_type_t ft;
  buf_value_t *fv;
  uint32_t ndefault, ncases = 0, cap = 0;
  int64_t *values = NULL, *segs = NULL, total = 0;
  if (BUF_FAILED(buf_parse_operand(p, &flag)) ||
      BUF_FAILED(buf_parse_colon_type(p, &ft)) ||
      BUF_FAILED(buf_parse_resolve(p, &flag, ft, &fv)))
    return BUF_FAILURE;
  buf_state_add_operand(st, fv);
  if (BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_expect(p, "[")) ||
      BUF_FAILED(buf_parse_keyword(p, "default")) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(parse_successor_with_operands(p, st, &ndefault)))
    return BUF_FAILURE;
  /* Case values print zero-extended from the flag's width (see
   * switch_print), so they read back at that width, signed or not. */
  uint32_t width = 64;
  if (ft->kind == BUF_TYPE_INTEGER && buf_type_bitwidth(ft) >= 1 &&
      buf_type_bitwidth(ft) < 64)
    width = buf_type_bitwidth(ft);
  while (buf_parse_optional(p, ",")) {
    if (ncases == cap) {
      uint32_t ncap = cap ? 2 * cap : 4;
      values = buf_arena_grow(arena, values, cap, ncap, sizeof *values);
      segs = buf_arena_grow(arena, segs, cap, ncap, sizeof *segs);
      cap = ncap;
    }
    uint32_t n;
    if (BUF_FAILED(buf_parse_integer_of_width(p, width, &values[ncases])) ||
        BUF_FAILED(buf_parse_expect(p, ":")) ||
        BUF_FAILED(parse_successor_with_operands(p, st, &n)))
      return BUF_FAILURE;
    segs[ncases++] = n;
    total += n;
  }
  if (BUF_FAILED(buf_parse_expect(p, "]")) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  if (ncases) {
    int64_t shape[1] = {ncases};
    buf_type_t vt = buf_type_vector(ctx, 1, shape, ft);
    buf_state_set_attr(st, "case_values",
                       buf_attr_dense(ctx, vt, ncases, values, NULL));
  }
  buf_state_set_attr(st, "case_operand_segments", i32_array(ctx, ncases, segs));
  int64_t seg[3] = {1, ndefault, total};
  buf_state_set_attr(st, "operandSegmentSizes", i32_array(ctx, 3, seg));
  return BUF_SUCCESS;
}

/* The case operand segments of a verified switch: count entries of the
 * case_operand_segments array (NULL when absent). */
static const int64_t *case_segments(const buf_op_t *op, int64_t *count) {
  buf_attr_t a = buf_op_attr(op, "case_operand_segments");
  *count = 0;
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY)
    return NULL;
  *count = a->u.dense_array.count;
  return a->u.dense_array.ints;
}

static void switch_print(buf_printer_t *pr, buf_op_t *op) {
  int64_t seg[3] = {1, 0, 0}, ncase_segs;
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3);
  const int64_t *cs = case_segments(op, &ncase_segs);
  buf_attr_t values = buf_op_attr(op, "case_values");
  buf_type_t ft = buf__operand_type_or_result(op, 0);
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands ? 1 : 0);
  if (ft) {
    buf_printer_puts(pr, " : ");
    buf_printer_print_type(pr, ft);
  }
  buf_printer_puts(pr, ", [");
  buf_printer_indent(pr, 1);
  buf_printer_newline(pr);
  buf_printer_puts(pr, "default: ");
  print_successor_with_operands(pr, op, 0, 1, (uint32_t)seg[1]);
  uint32_t start = 1 + (uint32_t)seg[1];
  for (uint32_t i = 1; i < op->num_successors; i++) {
    uint32_t n = cs && i - 1 < ncase_segs ? (uint32_t)cs[i - 1] : 0;
    buf_printer_puts(pr, ",");
    buf_printer_newline(pr);
    /* mlir-opt prints case values zero-extended from the flag's width:
     * -3 : i32 prints as 4294967293. */
    uint64_t v = values ? (uint64_t)buf_attr_dense_int(values, i - 1) : 0;
    uint32_t width = ft && ft->kind != BUF_TYPE_INDEX ? buf_type_bitwidth(ft) : 64;
    if (width < 64)
      v &= (UINT64_C(1) << width) - 1;
    buf_printer_printf(pr, "%llu: ", (unsigned long long)v);
    print_successor_with_operands(pr, op, i, start, n);
    start += n;
  }
  buf_printer_indent(pr, -1);
  /* mlir-opt closes a switch without cases on the default's line. */
  if (op->num_successors > 1)
    buf_printer_newline(pr);
  buf_printer_puts(pr, "]");
  buf_printer_print_attr_dict(pr, op, switch_attrs);
}

static buf_status_t switch_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  int64_t seg[3];
  if (BUF_FAILED(buf__verify_num_results(op, 0)) ||
      BUF_FAILED(verify_segments(op, seg, 3)))
    return BUF_FAILURE;
  if (seg[0] != 1) {
    buf_op_emit_error(op, "operand group #0 must have exactly one operand");
    return BUF_FAILURE;
  }
  buf_type_t ft = op->operands[0].value->type;
  if (!buf__is_signless_int(ft)) {
    buf_op_emit_error(op, "operand #0 must be integer, but got '%s'",
                      buf_type_to_string(ctx, ft));
    return BUF_FAILURE;
  }
  if (op->num_successors < 1) {
    buf_op_emit_error(op, "requires at least 1 successor");
    return BUF_FAILURE;
  }
  uint32_t ncases = op->num_successors - 1;
  buf_attr_t values = buf_op_attr(op, "case_values");
  int64_t nvalues = 0;
  if (values) {
    if (values->kind != BUF_ATTR_DENSE ||
        buf__elem_or_self(values->type) != ft) {
      buf_op_emit_error(op, "'case_values' should have type '%s' elements",
                        buf_type_to_string(ctx, ft));
      return BUF_FAILURE;
    }
    nvalues = buf_type_num_elements(values->type);
  }
  if (nvalues != ncases) {
    buf_op_emit_error(op, "number of case values (%lld) should match number "
                          "of case destinations (%u)",
                      (long long)nvalues, ncases);
    return BUF_FAILURE;
  }
  int64_t ncs;
  const int64_t *cs = case_segments(op, &ncs);
  if (!buf_op_attr(op, "case_operand_segments")) {
    buf_op_emit_error(op, "requires attribute 'case_operand_segments'");
    return BUF_FAILURE;
  }
  int64_t total = 0;
  for (int64_t i = 0; i < ncs; i++)
    total += cs[i];
  if (ncs != ncases || total != seg[2]) {
    buf_op_emit_error(op, "'case_operand_segments' does not match the case "
                          "destinations and their operands");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(verify_successor_operands(op, 0, 1, (uint32_t)seg[1])))
    return BUF_FAILURE;
  uint32_t start = 1 + (uint32_t)seg[1];
  for (uint32_t i = 0; i < ncases; i++) {
    if (BUF_FAILED(
            verify_successor_operands(op, i + 1, start, (uint32_t)cs[i])))
      return BUF_FAILURE;
    start += (uint32_t)cs[i];
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* cf.assert                                                                */
/* ------------------------------------------------------------------------ */

static const char *const assert_attrs[] = {"msg", NULL};

/* assert ::= operand `,` string attr-dict */
static buf_status_t assert_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_unresolved_t c;
  buf_value_t *cv;
  const char *s;
  size_t len;
  if (BUF_FAILED(buf_parse_operand(p, &c)) ||
      BUF_FAILED(buf_parse_resolve(p, &c, buf_type_i1(ctx), &cv)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_string(p, &s, &len)))
    return BUF_FAILURE;
  buf_state_add_operand(st, cv);
  buf_state_set_attr(st, "msg", buf_attr_string(ctx, s, len));
  return buf_parse_optional_attr_dict(p, st);
}

static void assert_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t msg = buf_op_attr(op, "msg");
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands ? 1 : 0);
  if (msg) {
    buf_printer_puts(pr, ", ");
    buf_printer_print_attr(pr, msg);
  }
  buf_printer_print_attr_dict(pr, op, assert_attrs);
}

static buf_status_t assert_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)) ||
      BUF_FAILED(buf__verify_has_attr(op, "msg")))
    return BUF_FAILURE;
  buf_type_t c = op->operands[0].value->type;
  if (!buf__is_i1(c)) {
    buf_op_emit_error(op, "operand #0 must be 1-bit signless integer, but got "
                          "'%s'",
                      buf_type_to_string(buf_op_ctx(op), c));
    return BUF_FAILURE;
  }
  if (buf_op_attr(op, "msg")->kind != BUF_ATTR_STRING) {
    buf_op_emit_error(op, "attribute 'msg' failed to satisfy constraint: "
                          "string attribute");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const buf_opdef_t cf_ops[] = {
    {.name = "cf.br",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_PURE,
     .verify = br_verify,
     .parse = br_parse,
     .print = br_print,
     .canonicalize = buf__cf_br_canonicalize},
    {.name = "cf.cond_br",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_PURE,
     .inherent_attrs = segment_attrs,
     .verify = cond_br_verify,
     .parse = cond_br_parse,
     .canonicalize = buf__cf_cond_br_canonicalize,
     .print = cond_br_print},
    {.name = "cf.switch",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_PURE,
     .inherent_attrs = switch_attrs,
     .verify = switch_verify,
     .parse = switch_parse,
     .print = switch_print},
    {.name = "cf.assert",
     .inherent_attrs = assert_attrs,
     .verify = assert_verify,
     .parse = assert_parse,
     .print = assert_print},
};

const buf_dialect_t buf_dialect_cf = {"cf", cf_ops,
                                      sizeof cf_ops / sizeof cf_ops[0], false};
