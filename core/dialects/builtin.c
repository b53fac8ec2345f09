/*
 * builtin.c: the builtin dialect's op table: builtin.module and
 * builtin.unrealized_conversion_cast.
 *
 * Custom forms (as mlir-opt 22 prints them):
 *   module [@name] [attributes {...}] { ... }
 *   %r = builtin.unrealized_conversion_cast [%a, ... : T, ...] to U, ...
 *
 * The module's name is the inherent sym_name (sym_visibility likewise); its
 * single region always has exactly one block, even when written "{}", as in
 * MLIR. The bare word `module` resolves because the parser falls back to the
 * builtin dialect for unprefixed names; the printer drops the "builtin."
 * prefix for module.
 */
#include "dialect_util.h"

/* ------------------------------------------------------------------------ */
/* builtin.module                                                           */
/* ------------------------------------------------------------------------ */

static const char *const module_attrs[] = {"sym_name", "sym_visibility", NULL};

/* module-op ::= `module` symbol-name? (`attributes` dict)? region */
static buf_status_t module_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_ident_t name;
  if (buf_parse_optional_symbol_name(p, &name))
    buf_state_set_attr(st, "sym_name", buf_attr_string_cstr(ctx, name));
  if (BUF_FAILED(buf_parse_optional_attr_dict_with_keyword(p, st)))
    return BUF_FAILURE;
  buf_region_t *r = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, r, NULL, 0)))
    return BUF_FAILURE;
  /* A module body is one block even when written "{}". */
  if (buf_region_empty(r))
    buf_region_append_block(r, buf_block_create(ctx));
  return BUF_SUCCESS;
}

static void module_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t name = buf_op_attr(op, "sym_name");
  if (name && name->kind == BUF_ATTR_STRING) {
    buf_printer_puts(pr, " ");
    buf_printer_print_symbol_name(
        pr, buf_ident(buf_op_ctx(op), name->u.str.data, name->u.str.len));
  }
  buf_printer_print_attr_dict_with_keyword(pr, op, module_attrs);
  if (op->num_regions) {
    buf_printer_puts(pr, " ");
    buf_printer_print_region(pr, buf_op_region(op, 0), false, true);
  }
}

static buf_status_t module_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  buf_attr_t name = buf_op_attr(op, "sym_name");
  if (name && name->kind != BUF_ATTR_STRING) {
    buf_op_emit_error(op, "attribute 'sym_name' failed to satisfy constraint: "
                          "string attribute");
    return BUF_FAILURE;
  }
  buf_block_t *b = buf_region_entry(buf_op_region(op, 0));
  if (b && b->num_args) {
    buf_op_emit_error(op, "region should have no arguments");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* builtin.unrealized_conversion_cast                                       */
/* ------------------------------------------------------------------------ */

/* cast ::= (operand-list `:` type-list)? `to` type-list attr-dict */
static buf_status_t ucc_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *ops = NULL;
  uint32_t n = 0, nt = 0, nr = 0;
  buf_type_t *types = NULL, *results = NULL;
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)))
    return BUF_FAILURE;
  if (n && BUF_FAILED(buf_parse_colon_type_list(p, &types, &nt)))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_resolve_operands(p, ops, n, types, nt, st)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type_list(p, &results, &nr)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_state_add_results(st, nr, results);
  return BUF_SUCCESS;
}

static void ucc_print(buf_printer_t *pr, buf_op_t *op) {
  if (op->num_operands) {
    buf_printer_puts(pr, " ");
    buf_printer_print_operands(pr, op, 0, op->num_operands);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, 0, op->num_operands);
  }
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t ucc_verify(buf_op_t *op) {
  if (op->num_results == 0) {
    buf_op_emit_error(op, "expected at least one result for cast operation");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static const buf_opdef_t builtin_ops[] = {
    {.name = "builtin.module",
     .traits = BUF_TRAIT_SYMBOL_TABLE | BUF_TRAIT_NO_TERMINATOR |
               BUF_TRAIT_GRAPH_REGION | BUF_TRAIT_SINGLE_BLOCK |
               BUF_TRAIT_ISOLATED_FROM_ABOVE,
     .inherent_attrs = module_attrs,
     .verify = module_verify,
     .parse = module_parse,
     .print = module_print,
     /* builtin ops print without prefix directly inside a module, and the
      * parser resolves bare names there (`module`) to builtin.* */
     .default_dialect = "builtin"},
    {.name = "builtin.unrealized_conversion_cast",
     .traits = BUF_TRAIT_PURE,
     .verify = ucc_verify,
     .parse = ucc_parse,
     .print = ucc_print},
};

const buf_dialect_t buf_dialect_builtin = {
    "builtin", builtin_ops, sizeof builtin_ops / sizeof builtin_ops[0], false};
