/*
 * func.c: the func dialect's op table: func.func, func.return, func.call,
 * func.call_indirect and func.constant.
 *
 * Custom forms (as mlir-opt 22 prints them; inside a func.func the "func."
 * prefix is dropped because func.func's default dialect is "func"):
 *   func.func [private|public|nested] @f(%arg0: T {attrs}, ...)
 *       [-> R | -> (R {attrs}, ...)] [attributes {...}] { body }
 *   func.func private @decl(T {attrs}, ...) -> R          (no body)
 *   return %a, %b : T, U
 *   %r = call @f(%a) [{attrs}] : (T) -> R
 *   %r = call_indirect %fn(%a) : (T) -> R
 *   %f = constant @f : (T) -> R
 *
 * Inherent attributes are those of mlir-opt's generic form: sym_name,
 * function_type (a type attribute), sym_visibility, arg_attrs / res_attrs
 * (arrays of dictionaries, present only when some entry is non-empty).
 * A declaration keeps one empty region, as in MLIR.
 */
#include "dialect_util.h"

#include <string.h>

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

/* The function type of a func.func, or NULL when missing or ill-typed. */
static buf_type_t func_type_of(const buf_op_t *fn) {
  buf_attr_t a = buf_op_attr(fn, "function_type");
  if (!a || a->kind != BUF_ATTR_TYPE || !a->type ||
      a->type->kind != BUF_TYPE_FUNCTION)
    return NULL;
  return a->type;
}

/* The sym_name of op as a NUL-terminated arena-backed string, or "". */
static const char *sym_name_of(const buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "sym_name");
  return a && a->kind == BUF_ATTR_STRING ? a->u.str.data : "";
}

/* Entry i of an arg_attrs/res_attrs array, or NULL when absent or empty. */
static buf_attr_t attr_array_entry(buf_attr_t arr, uint32_t i) {
  if (!arr || arr->kind != BUF_ATTR_ARRAY || i >= arr->u.array.n)
    return NULL;
  buf_attr_t d = arr->u.array.elems[i];
  if (!d || d->kind != BUF_ATTR_DICT || d->u.dict.n == 0)
    return NULL;
  return d;
}

/* An array of n dictionaries (NULL entries become {}), or NULL when every
 * entry is empty: mlir-opt omits arg_attrs/res_attrs then. */
static buf_attr_t make_attr_array(buf_ctx_t *ctx, uint32_t n,
                                  const buf_attr_t *dicts) {
  bool any = false;
  for (uint32_t i = 0; i < n; i++)
    if (dicts[i] && dicts[i]->kind == BUF_ATTR_DICT && dicts[i]->u.dict.n)
      any = true;
  if (!any)
    return NULL;
  buf_attr_t *elems = buf_arena_alloc(buf_ctx_arena(ctx), n * sizeof *elems);
  for (uint32_t i = 0; i < n; i++)
    elems[i] = dicts[i] ? dicts[i] : buf_attr_dict(ctx, 0, NULL);
  return buf_attr_array(ctx, n, elems);
}

/* The func.func that symbol `name` names, searching the nearest enclosing
 * symbol table of op; NULL when absent or not a func.func. */
static buf_op_t *lookup_func(buf_op_t *op, buf_attr_t ref) {
  if (!ref || ref->kind != BUF_ATTR_SYMBOL_REF || ref->u.symref.n == 0)
    return NULL;
  buf_op_t *table = buf_op_parent(op);
  while (table && !buf_op_has_trait(table, BUF_TRAIT_SYMBOL_TABLE))
    table = buf_op_parent(table);
  if (!table)
    return NULL;
  /* Nested references (@a::@b) walk down through inner symbol tables. */
  buf_op_t *found = table;
  for (uint32_t i = 0; i < ref->u.symref.n && found; i++)
    found = buf_symbol_lookup(found, ref->u.symref.names[i]);
  if (!found || strcmp(found->name, "func.func") != 0)
    return NULL;
  return found;
}

/* The last name of a symbol reference, for messages. */
static const char *symref_leaf(buf_attr_t ref) {
  return ref->u.symref.names[ref->u.symref.n - 1];
}

/* ------------------------------------------------------------------------ */
/* func.func                                                                */
/* ------------------------------------------------------------------------ */

static const char *const func_attrs[] = {"arg_attrs", "function_type",
                                         "res_attrs", "sym_name",
                                         "sym_visibility", NULL};

/* func-op ::= `func.func` visibility? symbol `(` args `)` (`->` results)?
 *             (`attributes` dict)? region?
 * (Shared with llvm.func, whose signature reads the same.)
 * args ::= (%name `:` type dict?)* | (type dict?)*   (names needed for a body) */
buf_status_t buf__function_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_arena_t *arena = buf_ctx_arena(ctx);
  static const char *const visibilities[] = {"private", "public", "nested"};
  for (size_t i = 0; i < 3; i++)
    if (buf_parse_optional_keyword(p, visibilities[i])) {
      buf_state_set_attr(st, "sym_visibility",
                         buf_attr_string_cstr(ctx, visibilities[i]));
      break;
    }
  buf_ident_t name;
  if (BUF_FAILED(buf_parse_symbol_name(p, &name)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "sym_name", buf_attr_string_cstr(ctx, name));

  /* Arguments, named (definition) or not (declaration). */
  if (BUF_FAILED(buf_parse_expect(p, "(")))
    return BUF_FAILURE;
  buf_region_arg_t *args = NULL;
  uint32_t nargs = 0, cap = 0;
  bool named = buf_parser_next_is_operand(p);
  if (!buf_parse_optional(p, ")")) {
    do {
      if (nargs == cap) {
        uint32_t ncap = cap ? 2 * cap : 4;
        args = buf_arena_grow(arena, args, cap, ncap, sizeof *args);
        cap = ncap;
      }
      buf_region_arg_t *a = &args[nargs++];
      if (named) {
        if (BUF_FAILED(buf_parse_region_arg(p, true, a)))
          return BUF_FAILURE;
      } else {
        if (buf_parser_next_is_operand(p))
          return buf_parser_error(p, "expected type instead of SSA identifier");
        if (BUF_FAILED(buf_parse_type(p, &a->type)))
          return BUF_FAILURE;
      }
      if (!a->attrs && buf_parser_next_is(p, "{") &&
          BUF_FAILED(buf_parse_attr_dict(p, &a->attrs)))
        return BUF_FAILURE;
    } while (buf_parse_optional(p, ","));
    if (BUF_FAILED(buf_parse_expect(p, ")")))
      return BUF_FAILURE;
  }

  buf_type_t *results = NULL;
  buf_attr_t *res_attrs = NULL;
  uint32_t nres = 0;
  if (buf_parse_optional(p, "->") &&
      BUF_FAILED(buf_parse_function_result_list(p, &results, &res_attrs, &nres)))
    return BUF_FAILURE;

  buf_type_t *inputs = buf_arena_alloc(arena, (nargs + 1) * sizeof *inputs);
  buf_attr_t *arg_dicts = buf_arena_alloc(arena, (nargs + 1) * sizeof *arg_dicts);
  for (uint32_t i = 0; i < nargs; i++) {
    inputs[i] = args[i].type;
    arg_dicts[i] = args[i].attrs;
  }
  buf_state_set_attr(
      st, "function_type",
      buf_attr_type(ctx, buf_type_function(ctx, nargs, inputs, nres, results)));
  buf_attr_t aa = make_attr_array(ctx, nargs, arg_dicts);
  if (aa)
    buf_state_set_attr(st, "arg_attrs", aa);
  buf_attr_t ra = res_attrs ? make_attr_array(ctx, nres, res_attrs) : NULL;
  if (ra)
    buf_state_set_attr(st, "res_attrs", ra);

  if (BUF_FAILED(buf_parse_optional_attr_dict_with_keyword(p, st)))
    return BUF_FAILURE;
  buf_region_t *body = buf_state_add_region(st);
  if (buf_parser_next_is_region(p)) {
    if (!named && nargs)
      return buf_parser_error(p, "expected named arguments for a function "
                                 "with a body");
    if (BUF_FAILED(buf_parse_region(p, body, args, nargs)))
      return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* Prints " {attrs}" for a non-empty dictionary. */
static void print_dict_suffix(buf_printer_t *pr, buf_attr_t d) {
  if (d) {
    buf_printer_puts(pr, " ");
    buf_printer_print_attr(pr, d);
  }
}

void buf__function_print(buf_printer_t *pr, buf_op_t *op,
                         const char *const *elided) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  buf_printer_puts(pr, " ");
  if (vis && vis->kind == BUF_ATTR_STRING)
    buf_printer_printf(pr, "%s ", vis->u.str.data);
  buf_printer_print_symbol_name(pr, buf_ident_cstr(ctx, sym_name_of(op)));

  buf_type_t ft = func_type_of(op);
  buf_attr_t arg_attrs = buf_op_attr(op, "arg_attrs");
  buf_attr_t res_attrs = buf_op_attr(op, "res_attrs");
  buf_region_t *body = op->num_regions ? buf_op_region(op, 0) : NULL;
  buf_block_t *entry = body ? buf_region_entry(body) : NULL;
  uint32_t nin = ft ? ft->u.func.num_inputs : 0;
  uint32_t nres = ft ? ft->u.func.num_results : 0;

  buf_printer_puts(pr, "(");
  for (uint32_t i = 0; i < nin; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    buf_value_t *arg = entry && i < entry->num_args ? entry->args[i] : NULL;
    if (arg) { /* "%arg0: T {attrs} loc(...)", in mlir-opt's order */
      buf_printer_print_value(pr, arg);
      buf_printer_puts(pr, ": ");
      buf_printer_print_type(pr, arg->type);
    } else {
      buf_printer_print_type(pr, ft->u.func.inputs[i]);
    }
    print_dict_suffix(pr, attr_array_entry(arg_attrs, i));
    buf_printer_print_arg_loc(pr, arg);
  }
  buf_printer_puts(pr, ")");

  if (nres) {
    bool parens = nres > 1 ||
                  ft->u.func.results[0]->kind == BUF_TYPE_FUNCTION ||
                  attr_array_entry(res_attrs, 0);
    buf_printer_puts(pr, parens ? " -> (" : " -> ");
    for (uint32_t i = 0; i < nres; i++) {
      if (i)
        buf_printer_puts(pr, ", ");
      buf_printer_print_type(pr, ft->u.func.results[i]);
      print_dict_suffix(pr, attr_array_entry(res_attrs, i));
    }
    if (parens)
      buf_printer_puts(pr, ")");
  }
  buf_printer_print_attr_dict_with_keyword(pr, op, elided);
  if (body && !buf_region_empty(body)) {
    buf_printer_puts(pr, " ");
    buf_printer_print_region(pr, body, false, true);
  }
}

/* Checks that an arg_attrs/res_attrs array has n dictionaries. */
static buf_status_t verify_attr_array(buf_op_t *op, const char *name,
                                      const char *what, uint32_t n) {
  buf_attr_t a = buf_op_attr(op, name);
  if (!a)
    return BUF_SUCCESS;
  if (a->kind != BUF_ATTR_ARRAY) {
    buf_op_emit_error(op, "attribute '%s' failed to satisfy constraint: "
                          "Array of dictionary attributes", name);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < a->u.array.n; i++)
    if (a->u.array.elems[i]->kind != BUF_ATTR_DICT) {
      buf_op_emit_error(op, "attribute '%s' failed to satisfy constraint: "
                            "Array of dictionary attributes", name);
      return BUF_FAILURE;
    }
  if (a->u.array.n != n) {
    buf_op_emit_error(op, "expects %s attribute array to have the same number "
                          "of elements as the number of function %ss, got %u, "
                          "but expected %u",
                      what, what, a->u.array.n, n);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static void func_print(buf_printer_t *pr, buf_op_t *op) {
  buf__function_print(pr, op, func_attrs);
}

static buf_status_t func_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)) ||
      BUF_FAILED(buf__verify_has_attr(op, "sym_name")) ||
      BUF_FAILED(buf__verify_has_attr(op, "function_type")))
    return BUF_FAILURE;
  buf_attr_t name = buf_op_attr(op, "sym_name");
  if (name->kind != BUF_ATTR_STRING) {
    buf_op_emit_error(op, "attribute 'sym_name' failed to satisfy constraint: "
                          "string attribute");
    return BUF_FAILURE;
  }
  buf_type_t ft = func_type_of(op);
  if (!ft) {
    buf_op_emit_error(op, "attribute 'function_type' failed to satisfy "
                          "constraint: type attribute of function type");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_sym_visibility(op)))
    return BUF_FAILURE;
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  if (BUF_FAILED(verify_attr_array(op, "arg_attrs", "argument",
                                   ft->u.func.num_inputs)) ||
      BUF_FAILED(verify_attr_array(op, "res_attrs", "result",
                                   ft->u.func.num_results)))
    return BUF_FAILURE;
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  buf_block_t *entry = buf_region_entry(buf_op_region(op, 0));
  if (!entry) {
    if (!vis || strcmp(vis->u.str.data, "public") == 0) {
      buf_op_emit_error(op, "symbol declaration cannot have public visibility");
      return BUF_FAILURE;
    }
    return BUF_SUCCESS;
  }
  if (entry->num_args != ft->u.func.num_inputs) {
    buf_op_emit_error(op, "entry block must have %u arguments to match "
                          "function signature",
                      ft->u.func.num_inputs);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < entry->num_args; i++)
    if (entry->args[i]->type != ft->u.func.inputs[i]) {
      buf_op_emit_error(op, "type of entry block argument #%u('%s') must "
                            "match the type of the corresponding argument in "
                            "function signature('%s')",
                        i, buf_type_to_string(ctx, entry->args[i]->type),
                        buf_type_to_string(ctx, ft->u.func.inputs[i]));
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* func.return                                                              */
/* ------------------------------------------------------------------------ */

/* return-op ::= `return` attr-dict (operands `:` types)? */
buf_status_t buf__return_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *ops = NULL;
  buf_type_t *types = NULL;
  uint32_t n = 0, nt = 0;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  if (buf_parser_next_is_operand(p) &&
      (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)) ||
       BUF_FAILED(buf_parse_colon_type_list(p, &types, &nt))))
    return BUF_FAILURE;
  return buf_parse_resolve_operands(p, ops, n, types, nt, st);
}

void buf__return_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, NULL);
  if (op->num_operands) {
    buf_printer_puts(pr, " ");
    buf_printer_print_operands(pr, op, 0, op->num_operands);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, 0, op->num_operands);
  }
}

static buf_status_t return_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  buf_op_t *fn = buf_op_parent(op);
  if (!fn || strcmp(fn->name, "func.func") != 0) {
    buf_op_emit_error(op, "expects parent op 'func.func'");
    return BUF_FAILURE;
  }
  buf_type_t ft = func_type_of(fn);
  if (!ft)
    return BUF_SUCCESS; /* func.func's own verifier reports it */
  if (op->num_operands != ft->u.func.num_results) {
    buf_op_emit_error(op, "has %u operands, but enclosing function (@%s) "
                          "returns %u",
                      op->num_operands, sym_name_of(fn),
                      ft->u.func.num_results);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_type_t t = op->operands[i].value->type;
    if (t != ft->u.func.results[i]) {
      /* MLIR emits this one without the "'func.return' op" prefix. */
      buf_emit_error(ctx, op->loc, "type of return operand %u ('%s') doesn't "
                                   "match function result type ('%s') in "
                                   "function @%s",
                     i, buf_type_to_string(ctx, t),
                     buf_type_to_string(ctx, ft->u.func.results[i]),
                     sym_name_of(fn));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* func.call                                                                */
/* ------------------------------------------------------------------------ */

static const char *const call_attrs[] = {"arg_attrs", "callee", "no_inline",
                                         "res_attrs", NULL};
static const char *const callee_only[] = {"callee", NULL};

/* call-op ::= `call` symbol `(` operands `)` attr-dict `:` function-type */
buf_status_t buf__call_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_ident_t callee;
  buf_unresolved_t *ops = NULL;
  uint32_t n = 0;
  buf_type_t ft;
  if (BUF_FAILED(buf_parse_symbol_name(p, &callee)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "callee", buf_attr_flat_symbol_ref(ctx, callee));
  buf_loc_t tloc;
  if (BUF_FAILED(buf_parse_operand_list(p, "(", &ops, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")))
    return BUF_FAILURE;
  tloc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &ft)))
    return BUF_FAILURE;
  if (ft->kind != BUF_TYPE_FUNCTION)
    return buf_parser_error_at(p, tloc, "expected function type");
  if (BUF_FAILED(buf_parse_resolve_operands(p, ops, n, ft->u.func.inputs,
                                            ft->u.func.num_inputs, st)))
    return BUF_FAILURE;
  buf_state_add_results(st, ft->u.func.num_results, ft->u.func.results);
  return BUF_SUCCESS;
}

/* Prints " : (operand types) -> results" from op's operands [start, end)
 * and results. */
static void print_call_type(buf_printer_t *pr, buf_op_t *op, uint32_t start) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t n = op->num_operands - start;
  buf_type_t *in = buf_arena_alloc(buf_ctx_arena(ctx), (n + 1) * sizeof *in);
  buf_type_t *out =
      buf_arena_alloc(buf_ctx_arena(ctx), (op->num_results + 1) * sizeof *out);
  for (uint32_t i = 0; i < n; i++)
    in[i] = op->operands[start + i].value->type;
  for (uint32_t i = 0; i < op->num_results; i++)
    out[i] = op->results[i].type;
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr,
                         buf_type_function(ctx, n, in, op->num_results, out));
}

void buf__call_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t callee = buf_op_attr(op, "callee");
  if (callee) {
    buf_printer_puts(pr, " ");
    buf_printer_print_attr(pr, callee);
  }
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_puts(pr, ")");
  buf_printer_print_attr_dict(pr, op, callee_only);
  print_call_type(pr, op, 0);
}

/* Types joined as "'a', 'b'" for call mismatch notes. */
static const char *types_text(buf_ctx_t *ctx, uint32_t n, const buf_type_t *ts,
                              const buf_value_t *vals) {
  buf_strbuf_t sb = {0};
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_strbuf_puts(&sb, ", ");
    buf_strbuf_printf(&sb, "'%s'",
                      buf_type_to_string(ctx, ts ? ts[i] : vals[i].type));
  }
  const char *s = buf_arena_strndup(buf_ctx_arena(ctx), sb.data ? sb.data : "",
                                    sb.len);
  buf_strbuf_free(&sb);
  return s;
}

static buf_status_t call_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_has_attr(op, "callee")))
    return BUF_FAILURE;
  buf_attr_t ref = buf_op_attr(op, "callee");
  if (ref->kind != BUF_ATTR_SYMBOL_REF || ref->u.symref.n == 0) {
    buf_op_emit_error(op, "attribute 'callee' failed to satisfy constraint: "
                          "symbol reference attribute");
    return BUF_FAILURE;
  }
  buf_attr_t no_inline = buf_op_attr(op, "no_inline");
  if (no_inline && no_inline->kind != BUF_ATTR_UNIT) {
    buf_op_emit_error(op, "attribute 'no_inline' failed to satisfy "
                          "constraint: unit attribute");
    return BUF_FAILURE;
  }
  buf_op_t *fn = lookup_func(op, ref);
  if (!fn) {
    buf_op_emit_error(op, "'%s' does not reference a valid function",
                      symref_leaf(ref));
    return BUF_FAILURE;
  }
  buf_type_t ft = func_type_of(fn);
  if (!ft)
    return BUF_SUCCESS; /* the callee's verifier reports it */
  if (op->num_operands != ft->u.func.num_inputs) {
    buf_op_emit_error(op, "incorrect number of operands for callee");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (op->operands[i].value->type != ft->u.func.inputs[i]) {
      buf_op_emit_error(op, "operand type mismatch: expected operand type "
                            "'%s', but provided '%s' for operand number %u",
                        buf_type_to_string(ctx, ft->u.func.inputs[i]),
                        buf_type_to_string(ctx, op->operands[i].value->type),
                        i);
      return BUF_FAILURE;
    }
  if (op->num_results != ft->u.func.num_results) {
    buf_op_emit_error(op, "incorrect number of results for callee");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    if (op->results[i].type != ft->u.func.results[i]) {
      buf_diag_t *d = buf_op_emit_error(op, "result type mismatch at index %u",
                                        i);
      buf_diag_note(ctx, d, op->loc, "      op result types: %s",
                    types_text(ctx, op->num_results, NULL, op->results));
      buf_diag_note(ctx, d, op->loc, "function result types: %s",
                    types_text(ctx, ft->u.func.num_results,
                               ft->u.func.results, NULL));
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* func.call_indirect                                                       */
/* ------------------------------------------------------------------------ */

static const char *const call_indirect_attrs[] = {"arg_attrs", "res_attrs",
                                                  NULL};

/* call-indirect ::= `call_indirect` operand `(` operands `)` attr-dict `:`
 *                   function-type */
static buf_status_t call_indirect_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t callee, *ops = NULL;
  uint32_t n = 0;
  buf_type_t ft;
  if (BUF_FAILED(buf_parse_operand(p, &callee)) ||
      BUF_FAILED(buf_parse_operand_list(p, "(", &ops, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")))
    return BUF_FAILURE;
  buf_loc_t tloc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &ft)))
    return BUF_FAILURE;
  if (ft->kind != BUF_TYPE_FUNCTION)
    return buf_parser_error_at(p, tloc, "expected function type");
  buf_value_t *fv;
  if (BUF_FAILED(buf_parse_resolve(p, &callee, ft, &fv)))
    return BUF_FAILURE;
  buf_state_add_operand(st, fv);
  if (BUF_FAILED(buf_parse_resolve_operands(p, ops, n, ft->u.func.inputs,
                                            ft->u.func.num_inputs, st)))
    return BUF_FAILURE;
  buf_state_add_results(st, ft->u.func.num_results, ft->u.func.results);
  return BUF_SUCCESS;
}

static void call_indirect_print(buf_printer_t *pr, buf_op_t *op) {
  if (op->num_operands == 0) { /* unverified: nothing sensible to print */
    print_call_type(pr, op, 0);
    return;
  }
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, 1, op->num_operands - 1);
  buf_printer_puts(pr, ")");
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, op->operands[0].value->type);
}

static buf_status_t call_indirect_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (op->num_operands < 1) {
    buf_op_emit_error(op, "expected 1 or more operands, but found 0");
    return BUF_FAILURE;
  }
  buf_type_t ft = op->operands[0].value->type;
  if (ft->kind != BUF_TYPE_FUNCTION) {
    buf_op_emit_error(op, "operand #0 must be function type, but got '%s'",
                      buf_type_to_string(ctx, ft));
    return BUF_FAILURE;
  }
  /* The callee's type is the operand's type, so a mismatch is a type
   * constraint failure (MLIR's TypesMatchWith wording). */
  bool inputs_ok = op->num_operands - 1 == ft->u.func.num_inputs;
  for (uint32_t i = 0; inputs_ok && i < ft->u.func.num_inputs; i++)
    inputs_ok = op->operands[i + 1].value->type == ft->u.func.inputs[i];
  if (!inputs_ok) {
    buf_op_emit_error(op, "failed to verify that callee input types match "
                          "argument types");
    return BUF_FAILURE;
  }
  bool results_ok = op->num_results == ft->u.func.num_results;
  for (uint32_t i = 0; results_ok && i < op->num_results; i++)
    results_ok = op->results[i].type == ft->u.func.results[i];
  if (!results_ok) {
    buf_op_emit_error(op, "failed to verify that callee result types match "
                          "result types");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* func.constant                                                            */
/* ------------------------------------------------------------------------ */

static const char *const constant_attrs[] = {"value", NULL};

/* constant-op ::= `constant` attr-dict symbol `:` type */
static buf_status_t constant_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_ident_t name;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_symbol_name(p, &name)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "value", buf_attr_flat_symbol_ref(ctx, name));
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void constant_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, constant_attrs);
  buf_attr_t v = buf_op_attr(op, "value");
  if (v) {
    buf_printer_puts(pr, " ");
    buf_printer_print_attr(pr, v);
  }
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t constant_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(buf__verify_has_attr(op, "value")))
    return BUF_FAILURE;
  buf_attr_t ref = buf_op_attr(op, "value");
  if (ref->kind != BUF_ATTR_SYMBOL_REF || ref->u.symref.n == 0) {
    buf_op_emit_error(op, "attribute 'value' failed to satisfy constraint: "
                          "flat symbol reference attribute");
    return BUF_FAILURE;
  }
  buf_op_t *fn = lookup_func(op, ref);
  if (!fn) {
    buf_op_emit_error(op, "reference to undefined function '%s'",
                      symref_leaf(ref));
    return BUF_FAILURE;
  }
  if (func_type_of(fn) != op->results[0].type) {
    buf_op_emit_error(op, "reference to function with mismatched type");
    return BUF_FAILURE;
  }
  (void)ctx;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const buf_opdef_t func_ops[] = {
    {.name = "func.func",
     .traits = BUF_TRAIT_ISOLATED_FROM_ABOVE | BUF_TRAIT_SYMBOL |
               BUF_TRAIT_FUNCTION | BUF_TRAIT_ALLOCATION_SCOPE,
     .inherent_attrs = func_attrs,
     .verify = func_verify,
     .parse = buf__function_parse,
     .print = func_print,
     .default_dialect = "func"},
    {.name = "func.return",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE,
     .verify = return_verify,
     .parse = buf__return_parse,
     .print = buf__return_print},
    {.name = "func.call",
     .traits = BUF_TRAIT_CALL,
     .inherent_attrs = call_attrs,
     .verify = call_verify,
     .parse = buf__call_parse,
     .print = buf__call_print},
    {.name = "func.call_indirect",
     .traits = BUF_TRAIT_CALL,
     .inherent_attrs = call_indirect_attrs,
     .verify = call_indirect_verify,
     .parse = call_indirect_parse,
     .print = call_indirect_print},
    {.name = "func.constant",
     .traits = BUF_TRAIT_PURE,
     .inherent_attrs = constant_attrs,
     .verify = constant_verify,
     .parse = constant_parse,
     .print = constant_print,
     .result_name = "f"}, /* mlir-opt's name whatever the callee: %f, %f_0 */
};

const buf_dialect_t buf_dialect_func = {
    "func", func_ops, sizeof func_ops / sizeof func_ops[0], false, NULL, 0};
