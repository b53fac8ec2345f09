/*
 * ml_program.c: the ml_program dialect's globals, as torch-mlir and
 * TensorFlow importers emit them: ml_program.global, global_load,
 * global_load_const, global_store.
 *
 * Custom forms (mlir-opt 22):
 *   ml_program.global private mutable @seed(dense<0> : tensor<i64>) : tensor<i64>
 *   ml_program.global public @w(dense_resource<w> : tensor<4xf32>) : tensor<4xf32>
 *   %w = ml_program.global_load_const @w : tensor<4xf32>
 *   %s = ml_program.global_load @seed : tensor<i64> {attr-dict}
 *   ml_program.global_store @seed = %s : tensor<i64>
 *
 * The visibility keyword is required in the custom form; the initial value
 * is printed with its type, as an attribute of its own. A load's result is
 * named after the global (%seed), as mlir-opt names it.
 */
#include <string.h>

#include "dialect_util.h"

/* ------------------------------------------------------------------------ */
/* ml_program.global                                                         */
/* ------------------------------------------------------------------------ */

static const char *const global_attrs[] = {"is_mutable", "sym_name",
                                           "sym_visibility", "type", "value",
                                           NULL};

static buf_status_t global_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  static const char *const visibilities[] = {"public", "private", "nested"};
  const char *vis = NULL;
  for (size_t i = 0; i < 3 && !vis; i++)
    if (buf_parse_optional_keyword(p, visibilities[i]))
      vis = visibilities[i];
  if (!vis)
    return buf_parser_error(p, "expected 'public', 'private', or 'nested'");
  bool is_mutable = buf_parse_optional_keyword(p, "mutable");
  buf_ident_t name;
  if (BUF_FAILED(buf_parse_symbol_name(p, &name)))
    return BUF_FAILURE;
  if (buf_parse_optional(p, "(")) {
    buf_attr_t value;
    if (BUF_FAILED(buf_parse_attr(p, &value)) ||
        BUF_FAILED(buf_parse_expect(p, ")")))
      return BUF_FAILURE;
    buf_state_set_attr(st, "value", value);
  }
  buf_type_t t;
  if (BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "sym_visibility", buf_attr_string_cstr(ctx, vis));
  if (is_mutable)
    buf_state_set_attr(st, "is_mutable", buf_attr_unit(ctx));
  buf_state_set_attr(st, "sym_name", buf_attr_string_cstr(ctx, name));
  buf_state_set_attr(st, "type", buf_attr_type(ctx, t));
  return BUF_SUCCESS;
}

static void global_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  buf_attr_t name = buf_op_attr(op, "sym_name");
  buf_attr_t type = buf_op_attr(op, "type");
  buf_attr_t value = buf_op_attr(op, "value");
  /* the keyword is required: without the attribute the symbol is public,
   * and mlir-opt says so */
  if (vis && vis->kind == BUF_ATTR_STRING)
    buf_printer_printf(pr, " %.*s", (int)vis->u.str.len, vis->u.str.data);
  else
    buf_printer_puts(pr, " public");
  if (buf_op_has_attr(op, "is_mutable"))
    buf_printer_puts(pr, " mutable");
  buf_printer_puts(pr, " ");
  if (name && name->kind == BUF_ATTR_STRING)
    buf_printer_print_symbol_name(
        pr, buf_ident(buf_printer_ctx(pr), name->u.str.data, name->u.str.len));
  if (value) {
    buf_printer_puts(pr, "(");
    buf_printer_print_attr(pr, value);
    buf_printer_puts(pr, ")");
  }
  buf_printer_puts(pr, " : ");
  if (type && type->kind == BUF_ATTR_TYPE)
    buf_printer_print_type(pr, type->type);
  buf_printer_print_attr_dict(pr, op, global_attrs);
}

static buf_status_t global_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)) ||
      BUF_FAILED(buf__verify_has_attr(op, "sym_name")) ||
      BUF_FAILED(buf__verify_has_attr(op, "type")))
    return BUF_FAILURE;
  if (buf_op_attr(op, "type")->kind != BUF_ATTR_TYPE) {
    buf_op_emit_error(op, "attribute 'type' failed to satisfy constraint: "
                          "any type attribute");
    return BUF_FAILURE;
  }
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  if (vis && vis->kind != BUF_ATTR_STRING) {
    buf_op_emit_error(op, "attribute 'sym_visibility' failed to satisfy "
                          "constraint: string attribute");
    return BUF_FAILURE;
  }
  return buf__verify_sym_visibility(op);
}

/* ------------------------------------------------------------------------ */
/* Loads and stores                                                          */
/* ------------------------------------------------------------------------ */

static const char *const access_attrs[] = {"global", NULL};

/* The ml_program.global `global` names, or NULL after an error. */
static buf_op_t *referenced_global(buf_op_t *op) {
  buf_attr_t ref = buf_op_attr(op, "global");
  if (!ref || ref->kind != BUF_ATTR_SYMBOL_REF) {
    buf_op_emit_error(op, "requires attribute 'global' (a symbol reference)");
    return NULL;
  }
  buf_op_t *g = buf_symbol_resolve(op, ref);
  if (!g || !buf_op_isa(g, "ml_program.global")) {
    const char *s = buf_attr_to_string(buf_op_ctx(op), ref);
    buf_op_emit_error(op, "undefined global: %s", s);
    return NULL;
  }
  return g;
}

static buf_type_t global_type(buf_op_t *g) {
  buf_attr_t t = buf_op_attr(g, "type");
  return t && t->kind == BUF_ATTR_TYPE ? t->type : NULL;
}

static const char *type_str(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

/* @name : type attr-dict (loads) */
static buf_status_t load_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_attr_t ref;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_attr(p, &ref)))
    return BUF_FAILURE;
  if (ref->kind != BUF_ATTR_SYMBOL_REF)
    return buf_parser_error(p, "expected a symbol reference");
  if (BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "global", ref);
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void load_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_attr(pr, buf_op_attr(op, "global"));
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
  buf_printer_print_attr_dict(pr, op, access_attrs);
}

/* The result is named after the global it loads (its last leaf). */
static bool load_name(buf_op_t *op, uint32_t i, char *buf, size_t size) {
  buf_attr_t ref = buf_op_attr(op, "global");
  if (i != 0 || !ref || ref->kind != BUF_ATTR_SYMBOL_REF || !ref->u.symref.n)
    return false;
  const char *leaf = ref->u.symref.names[ref->u.symref.n - 1];
  size_t n = strlen(leaf);
  if (n == 0 || n >= size)
    return false;
  memcpy(buf, leaf, n + 1);
  return true;
}

static buf_status_t check_load(buf_op_t *op, bool as_const) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_op_t *g = referenced_global(op);
  if (!g)
    return BUF_FAILURE;
  bool is_mutable = buf_op_has_attr(g, "is_mutable");
  const char *ref = buf_attr_to_string(buf_op_ctx(op), buf_op_attr(op, "global"));
  if (as_const && is_mutable) {
    buf_op_emit_error(op, "cannot load as const from mutable global %s", ref);
    return BUF_FAILURE;
  }
  buf_type_t gt = global_type(g);
  if (gt != op->results[0].type) {
    buf_op_emit_error(op, "cannot load from global typed '%s' as '%s'",
                      type_str(op, gt), type_str(op, op->results[0].type));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t load_verify(buf_op_t *op) { return check_load(op, false); }

static buf_status_t load_const_verify(buf_op_t *op) {
  return check_load(op, true);
}

/* @name = %value : type attr-dict */
static buf_status_t store_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_attr_t ref;
  buf_unresolved_t u;
  buf_type_t t;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_attr(p, &ref)))
    return BUF_FAILURE;
  if (ref->kind != BUF_ATTR_SYMBOL_REF)
    return buf_parser_error(p, "expected a symbol reference");
  if (BUF_FAILED(buf_parse_expect(p, "=")) ||
      BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, t, &v)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "global", ref);
  buf_state_add_operand(st, v);
  return BUF_SUCCESS;
}

static void store_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_attr(pr, buf_op_attr(op, "global"));
  buf_printer_puts(pr, " = ");
  buf_printer_print_value(pr, buf_op_operand(op, 0));
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, buf_op_operand(op, 0)->type);
  buf_printer_print_attr_dict(pr, op, access_attrs);
}

static buf_status_t store_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  buf_op_t *g = referenced_global(op);
  if (!g)
    return BUF_FAILURE;
  if (!buf_op_has_attr(g, "is_mutable")) {
    const char *ref = buf_attr_to_string(buf_op_ctx(op), buf_op_attr(op, "global"));
    buf_op_emit_error(op, "cannot store to an immutable global %s", ref);
    return BUF_FAILURE;
  }
  buf_type_t gt = global_type(g), vt = buf_op_operand(op, 0)->type;
  if (gt != vt) {
    buf_op_emit_error(op, "cannot store to a global typed '%s' from '%s'",
                      type_str(op, gt), type_str(op, vt));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const buf_opdef_t ml_program_ops[] = {
    {.name = "ml_program.global", .traits = BUF_TRAIT_SYMBOL,
     .inherent_attrs = global_attrs, .verify = global_verify,
     .parse = global_parse, .print = global_print},
    {.name = "ml_program.global_load", .inherent_attrs = access_attrs,
     .verify = load_verify, .parse = load_parse, .print = load_print,
     .name_result = load_name},
    {.name = "ml_program.global_load_const", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = access_attrs, .verify = load_const_verify,
     .parse = load_parse, .print = load_print, .name_result = load_name},
    {.name = "ml_program.global_store", .inherent_attrs = access_attrs,
     .verify = store_verify, .parse = store_parse, .print = store_print},
};

const buf_dialect_t buf_dialect_ml_program = {
    "ml_program", ml_program_ops,
    sizeof ml_program_ops / sizeof ml_program_ops[0], false};
