/*
 * test.c: the few ops of MLIR's test dialect that upstream's bufferization
 * and buffer-deallocation lit tests use as stand-ins for "some op that
 * reads this buffer and writes that one". mlir-opt registers the test
 * dialect, so those tests run unchanged with buffer-opt only if these ops
 * parse, print and carry the same memory effects:
 *
 *   test.copy(%src, %dst) : (memref<2xf32>, memref<2xf32>)
 *   test.buffer_based in(%a : memref<2xf32>) out(%b : memref<2xf32>)
 *   test.region_buffer_based in(%a : memref<2xf32>) out(%b : memref<2xf32>) {
 *   ^bb0(%x: f32, %y: f32):
 *     test.region_yield %x : f32
 *   }
 *   %r = "test.forward_buffer"(%a) : (memref<2xf32>) -> memref<2xf32>
 *   "test.read_buffer"(%a) : (memref<2xf32>) -> ()
 *   %c = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
 *   %r = "test.one_region_with_recursive_memory_effects"() ({
 *     "test.return"() : () -> ()
 *   }) : () -> i32
 *   %r = test.region_if %a: memref<2xf32> -> memref<2xf32> then {
 *   ^bb0(%x: memref<2xf32>):
 *     test.region_if_yield %x : memref<2xf32>
 *   } else {
 *   ^bb0(%x: memref<2xf32>):
 *     test.region_if_yield %x : memref<2xf32>
 *   } join {
 *   ^bb0(%x: memref<2xf32>):
 *     test.region_if_yield %x : memref<2xf32>
 *   }
 *
 * test.copy copies like memref.copy (CopyOpInterface upstream) and the
 * interpreter runs it so; the buffer-based ops only read `in` and write
 * `out` and have no run-time meaning. Any other test.* op stays an opaque
 * unregistered op (the dialect allows unknown ops, as upstream's does),
 * accepted where the context lets test ops through (buffer-opt).
 *
 * For One-Shot Bufferize's test pass (test-one-shot-module-bufferize):
 *
 *   "test.symbol_scope_isolated"() ({
 *     func.func @f() { ... }
 *     "test.finish"() : () -> ()
 *   }) : () -> ()
 *   %t = "test.create_tensor_op"() : () -> tensor<?xf32, #test.tensor_encoding<"a">>
 *   %u = "test.dummy_tensor_op"(%t) : (tensor<...>) -> tensor<...>
 *
 * test.symbol_scope_isolated is a symbol table below the module, isolated
 * from above (calls inside it resolve among its own functions), that a pass
 * pipeline can anchor on. The two tensor ops bufferize through models
 * (models_test.c) to test.create_memref_op and test.dummy_memref_op, which
 * stay opaque; the dialect's tensor encoding #test.tensor_encoding<"x">
 * stands for the memref layout #test.memref_layout<"x">.
 */
#include "dialect_util.h"

static bool is_any_memref(buf_type_t t) { return buf_type_is_memref(t); }

/* A builtin tensor or the dialect's own tensor-like type. */
static bool is_tensor_like(buf_type_t t) {
  return buf_type_is_tensor(t) || buf_type_is_custom_tensor_like(t);
}

/* test.create_tensor_op: no operands, one tensor result. */
static buf_status_t create_tensor_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  if (!is_tensor_like(op->results[0].type)) {
    buf_op_emit_error(op, "result #0 must be ranked tensor of any type values");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* test.dummy_tensor_op: one tensor operand, one tensor result. */
static buf_status_t dummy_tensor_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  if (!is_tensor_like(op->operands[0].value->type) ||
      !is_tensor_like(op->results[0].type)) {
    buf_op_emit_error(op, "operand and result must be ranked tensors of any type values");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* #test.tensor_encoding<"x"> -> #test.memref_layout<"x"> (the registry's
 * row for the test dialect in buf_encoding_layout_rows). */
buf_attr_t buf__test_encoding_layout(buf_ctx_t *ctx, buf_attr_t encoding) {
  static const char from[] = "#test.tensor_encoding<";
  static const char to[] = "#test.memref_layout<";
  const char *text = encoding->u.opaque.text;
  if (strncmp(text, from, sizeof from - 1) != 0)
    return NULL;
  const char *rest = text + sizeof from - 1;
  size_t n = strlen(rest);
  char buf[256];
  if (sizeof to - 1 + n >= sizeof buf)
    return NULL;
  memcpy(buf, to, sizeof to - 1);
  memcpy(buf + sizeof to - 1, rest, n);
  return buf_attr_opaque(ctx, buf, sizeof to - 1 + n);
}

/* test.symbol_scope_isolated: no operands or results, one region. */
static buf_status_t symbol_scope_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t verify_memref_operands(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < 2; i++)
    if (BUF_FAILED(buf__verify_operand_like(op, i, is_any_memref,
                                            "ranked or unranked memref of "
                                            "any type values")))
      return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* Operand 0 is read, operand 1 written (test.copy's source and target, the
 * buffer-based ops' `in` and `out`). */
static uint32_t in_out_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 0 ? BUF_EFFECT_READ : BUF_EFFECT_WRITE;
}

/* ------------------------------------------------------------------------ */
/* test.copy                                                                 */
/* ------------------------------------------------------------------------ */

/* `(` %src `,` %dst `)` `:` `(` T `,` U `)` attr-dict */
static buf_status_t copy_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t a, b;
  buf_type_t ta, tb;
  buf_value_t *va, *vb;
  if (BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_operand(p, &a)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &b)) ||
      BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_type(p, &ta)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_type(p, &tb)) ||
      BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_resolve(p, &a, ta, &va)) ||
      BUF_FAILED(buf_parse_resolve(p, &b, tb, &vb)))
    return BUF_FAILURE;
  buf_state_add_operand(st, va);
  buf_state_add_operand(st, vb);
  return BUF_SUCCESS;
}

static void copy_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, 0, 2);
  buf_printer_puts(pr, ") : (");
  buf_printer_print_operand_types(pr, op, 0, 2);
  buf_printer_puts(pr, ")");
  buf_printer_print_attr_dict(pr, op, NULL);
}

/* ------------------------------------------------------------------------ */
/* test.buffer_based, test.region_buffer_based                               */
/* ------------------------------------------------------------------------ */

/* `kw` `(` %v `:` T `)` */
static buf_status_t parse_keyword_operand(buf_parser_t *p, buf_op_state_t *st,
                                          const char *kw) {
  buf_unresolved_t u;
  buf_type_t t;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_keyword(p, kw)) ||
      BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_resolve(p, &u, t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  return BUF_SUCCESS;
}

/* in(%a : T) out(%b : U) attr-dict */
static buf_status_t buffer_based_parse(buf_parser_t *p, buf_op_state_t *st) {
  if (BUF_FAILED(parse_keyword_operand(p, st, "in")) ||
      BUF_FAILED(parse_keyword_operand(p, st, "out")) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* in(%a : T) out(%b : U) region attr-dict */
static buf_status_t region_buffer_based_parse(buf_parser_t *p,
                                              buf_op_state_t *st) {
  if (BUF_FAILED(parse_keyword_operand(p, st, "in")) ||
      BUF_FAILED(parse_keyword_operand(p, st, "out")))
    return BUF_FAILURE;
  buf_region_t *r = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, r, NULL, 0)))
    return BUF_FAILURE;
  buf_region_ensure_terminator(st->ctx, r, "test.region_yield", st->loc);
  return buf_parse_optional_attr_dict(p, st);
}

static void buffer_based_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const kw[2] = {"in", "out"};
  for (uint32_t i = 0; i < 2; i++) {
    buf_printer_printf(pr, " %s(", kw[i]);
    buf_printer_print_value(pr, buf_op_operand(op, i));
    buf_printer_puts(pr, " : ");
    buf_printer_print_type(pr, buf_op_operand(op, i)->type);
    buf_printer_puts(pr, ")");
  }
  if (op->num_regions) {
    buf_printer_puts(pr, " ");
    buf_printer_print_region(pr, op->regions[0], true, true);
  }
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t region_buffer_based_verify(buf_op_t *op) {
  if (BUF_FAILED(verify_memref_operands(op)))
    return BUF_FAILURE;
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* test.region_yield                                                         */
/* ------------------------------------------------------------------------ */

/* %v : T attr-dict */
static buf_status_t region_yield_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t u;
  buf_type_t t;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  return BUF_SUCCESS;
}

static void region_yield_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, buf_op_operand(op, 0));
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, buf_op_operand(op, 0)->type);
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t region_yield_verify(buf_op_t *op) {
  return buf__verify_num_operands(op, 1);
}

/* ------------------------------------------------------------------------ */
/* test.read_buffer                                                          */
/* ------------------------------------------------------------------------ */

/* Reads the buffer it is given (generic form only): "some op that reads
 * this buffer here". */
static uint32_t read_effect(const buf_op_t *op, uint32_t i) {
  (void)op, (void)i;
  return BUF_EFFECT_READ;
}

static buf_status_t read_buffer_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  return buf__verify_operand_like(op, 0, is_any_memref,
                                  "ranked or unranked memref of any type "
                                  "values");
}

/* ------------------------------------------------------------------------ */
/* test.forward_buffer                                                       */
/* ------------------------------------------------------------------------ */

/* A pure op with one result and no interface beyond that (generic form
 * only): upstream's deallocation tests use it for "an op that may return
 * one of its operands". */
static buf_status_t forward_buffer_verify(buf_op_t *op) {
  return buf__verify_num_results(op, 1);
}

/* ------------------------------------------------------------------------ */
/* test.side_effect_op                                                       */
/* ------------------------------------------------------------------------ */

/* An op whose memory effects its `effects` attribute lists (generic form
 * only): each entry {effect = "read" | "write" | "free" ...} acts on the
 * operand `on_operand` names, or on no buffer of the program (a resource
 * of its own) when it names none. */
static uint32_t listed_effect(const buf_op_t *op, uint32_t i) {
  buf_attr_t list = buf_op_attr(op, "effects");
  uint32_t bits = BUF_EFFECT_NONE;
  if (!list || list->kind != BUF_ATTR_ARRAY)
    return BUF_EFFECT_READ | BUF_EFFECT_WRITE;
  for (uint32_t k = 0; k < list->u.array.n; k++) {
    buf_attr_t e = list->u.array.elems[k];
    if (!e || e->kind != BUF_ATTR_DICT)
      continue;
    buf_attr_t on = buf_attr_dict_get(e, "on_operand");
    if (!on || on->kind != BUF_ATTR_INTEGER || (uint64_t)on->u.i != i)
      continue;
    buf_attr_t kind = buf_attr_dict_get(e, "effect");
    const char *name = kind && kind->kind == BUF_ATTR_STRING ? kind->u.str.data : "";
    if (strcmp(name, "read") == 0)
      bits |= BUF_EFFECT_READ;
    else if (strcmp(name, "write") == 0)
      bits |= BUF_EFFECT_WRITE;
    else if (strcmp(name, "free") == 0)
      bits |= BUF_EFFECT_FREE;
  }
  return bits;
}

/* ------------------------------------------------------------------------ */
/* test.one_region_with_recursive_memory_effects, test.return                */
/* ------------------------------------------------------------------------ */

/* A region op with no interface but its nested ops' effects (generic form
 * only): upstream's deallocation tests use it for "a region op that does
 * not say where its regions branch". */
static buf_status_t one_region_verify(buf_op_t *op) {
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* test.create_tensor_op, test.dummy_tensor_op and their buffer twins        */
/* ------------------------------------------------------------------------ */

/* Ops on the dialect's own tensor-like type and the buffer-like type it
 * bufferizes to (generic form only): a value made from nothing and a new
 * value made from one operand. Their bufferization models
 * (core/bufferize/models_test.c) rebuild the tensor ops as the memref
 * ones. */
static buf_status_t one_result_verify(buf_op_t *op) {
  return buf__verify_num_results(op, 1);
}

/* !test.test_tensor<[shape], element> bufferizes to
 * !test.test_memref<[shape], element>. */
static const buf_type_twin_t test_type_twins[] = {
    {"test_tensor", "test_memref"},
};

/* ------------------------------------------------------------------------ */
/* test.region_if, test.region_if_yield                                      */
/* ------------------------------------------------------------------------ */

static const char *const region_if_keywords[] = {"then", "else", "join"};

/* %a, ... `:` T, ... `->` result-types then region else region join region
 * (each region declares its block arguments; no attribute dictionary) */
static buf_status_t region_if_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *ops;
  buf_type_t *types, *results;
  uint32_t n, nt, nr;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)) ||
      BUF_FAILED(buf_parse_colon_type_list(p, &types, &nt)))
    return BUF_FAILURE;
  if (!buf_parser_next_is(p, "->"))
    return buf_parser_error(p, "expected '->'");
  if (BUF_FAILED(buf_parse_optional_arrow_type_list(p, &results, &nr)))
    return BUF_FAILURE;
  buf_state_add_results(st, nr, results);
  for (uint32_t r = 0; r < 3; r++)
    if (BUF_FAILED(buf_parse_keyword(p, region_if_keywords[r])) ||
        BUF_FAILED(buf_parse_region(p, buf_state_add_region(st), NULL, 0)))
      return BUF_FAILURE;
  if (n != nt)
    return buf_parser_error_at(p, loc, "%u operands present, but expected %u",
                               n, nt);
  return buf_parse_resolve_operands(p, ops, n, types, nt, st);
}

static void region_if_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  /* upstream prints no space before the colon */
  buf_printer_puts(pr, ": ");
  buf_printer_print_operand_types(pr, op, 0, op->num_operands);
  buf__print_arrow_result_types(pr, op);
  for (uint32_t r = 0; r < 3; r++) {
    buf_printer_printf(pr, " %s ", region_if_keywords[r]);
    buf_printer_print_region(pr, op->regions[r], true, true);
  }
}

/* The then and else regions take the operands, the join region what they
 * yield; the join region yields the results. */
static buf_status_t region_if_verify(buf_op_t *op) {
  if (op->num_regions != 3) {
    buf_op_emit_error(op, "requires three regions");
    return BUF_FAILURE;
  }
  for (uint32_t r = 0; r < 3; r++) {
    buf_block_t *b = buf_region_entry(op->regions[r]);
    if (!b || b->next) {
      buf_op_emit_error(op, "region #%u requires one block", r);
      return BUF_FAILURE;
    }
    if (!b->last || !buf_op_isa(b->last, "test.region_if_yield")) {
      buf_op_emit_error(op, "region #%u must end in test.region_if_yield", r);
      return BUF_FAILURE;
    }
  }
  buf_block_t *join = buf_region_entry(op->regions[2]);
  for (uint32_t r = 0; r < 2; r++) {
    buf_block_t *b = buf_region_entry(op->regions[r]);
    bool same = b->num_args == op->num_operands &&
                b->last->num_operands == join->num_args;
    for (uint32_t i = 0; same && i < b->num_args; i++)
      same = b->args[i]->type == buf_op_operand(op, i)->type;
    for (uint32_t i = 0; same && i < join->num_args; i++)
      same = buf_op_operand(b->last, i)->type == join->args[i]->type;
    if (!same) {
      buf_op_emit_error(op, "region #%u must take the operands and yield the "
                            "join region's arguments", r);
      return BUF_FAILURE;
    }
  }
  bool same = join->last->num_operands == op->num_results;
  for (uint32_t i = 0; same && i < op->num_results; i++)
    same = buf_op_operand(join->last, i)->type == op->results[i].type;
  if (!same) {
    buf_op_emit_error(op, "the join region must yield the result types");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* %v, ... `:` T, ... attr-dict */
static buf_status_t region_if_yield_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *ops;
  buf_type_t *types;
  uint32_t n, nt;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)) ||
      BUF_FAILED(buf_parse_colon_type_list(p, &types, &nt)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  if (n != nt)
    return buf_parser_error_at(p, loc, "%u operands present, but expected %u",
                               n, nt);
  return buf_parse_resolve_operands(p, ops, n, types, nt, st);
}

static void region_if_yield_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, NULL);
}

/* Without operands the custom form would end in a bare colon, which does
 * not read back (mlir-opt prints it anyway). */
static bool region_if_yield_parses_back(const buf_op_t *op) {
  return op->num_operands > 0;
}

static buf_status_t region_if_yield_verify(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  if (!parent || !buf_op_isa(parent, "test.region_if")) {
    buf_op_emit_error(op, "expects parent op 'test.region_if'");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const buf_opdef_t test_ops[] = {
    {.name = "test.copy", .traits = BUF_TRAIT_COPY,
     .operand_effect = in_out_effect, .verify = verify_memref_operands,
     .parse = copy_parse, .print = copy_print},
    {.name = "test.buffer_based", .operand_effect = in_out_effect,
     .verify = verify_memref_operands, .parse = buffer_based_parse,
     .print = buffer_based_print},
    {.name = "test.region_buffer_based",
     .traits = BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_IMPLICIT_TERMINATOR,
     .operand_effect = in_out_effect, .verify = region_buffer_based_verify,
     .parse = region_buffer_based_parse, .print = buffer_based_print},
    {.name = "test.read_buffer", .operand_effect = read_effect,
     .verify = read_buffer_verify},
    {.name = "test.forward_buffer", .traits = BUF_TRAIT_PURE,
     .verify = forward_buffer_verify},
    {.name = "test.side_effect_op", .operand_effect = listed_effect},
    {.name = "test.create_memref_op", .verify = one_result_verify},
    {.name = "test.dummy_memref_op", .operand_effect = read_effect,
     .verify = one_result_verify},
    {.name = "test.one_region_with_recursive_memory_effects",
     .operand_effect = read_effect, .verify = one_region_verify},
    {.name = "test.return",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE},
    {.name = "test.region_if", .operand_effect = read_effect,
     .branches_then_joins = true, .verify = region_if_verify,
     .parse = region_if_parse, .print = region_if_print},
    {.name = "test.region_if_yield",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE |
               BUF_TRAIT_FORWARDS,
     .verify = region_if_yield_verify, .parse = region_if_yield_parse,
     .print = region_if_yield_print,
     .custom_form_parses_back = region_if_yield_parses_back},
    {.name = "test.region_yield",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE,
     .verify = region_yield_verify, .parse = region_yield_parse,
     .print = region_yield_print},
    {.name = "test.symbol_scope_isolated",
     .traits = BUF_TRAIT_SYMBOL_TABLE | BUF_TRAIT_ISOLATED_FROM_ABOVE |
               BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_PURE,
     .verify = symbol_scope_verify},
    {.name = "test.finish", .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_PURE},
    {.name = "test.create_tensor_op", .verify = create_tensor_verify},
    {.name = "test.dummy_tensor_op", .verify = dummy_tensor_verify},
};

const buf_dialect_t buf_dialect_test = {
    "test", test_ops, sizeof test_ops / sizeof test_ops[0],
    .allows_unknown_ops = true, .type_twins = test_type_twins,
    .num_type_twins = sizeof test_type_twins / sizeof test_type_twins[0]};
