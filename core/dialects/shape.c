/*
 * shape.c: the part of MLIR's shape dialect that guards code by a
 * witness, which upstream's buffer-deallocation tests use as a region op
 * that runs its one region exactly once:
 *
 *   %w = shape.const_witness true
 *   %r = shape.assuming %w -> (memref<2xf32>) {
 *     shape.assuming_yield %m : memref<2xf32>
 *   }
 *
 * A witness (!shape.witness) stands for "these shape constraints hold";
 * shape.assuming runs its region under that assumption and yields its
 * results to the parent. A region that yields nothing may leave its
 * shape.assuming_yield implicit, and it is then not printed. The
 * interpreter models a witness as an i1 (whether it passes) and refuses to
 * run a region whose assumption fails (upstream leaves that undefined).
 */
#include "dialect_util.h"

static buf_type_t witness_type(buf_ctx_t *ctx) {
  static const char text[] = "!shape.witness";
  return buf_type_opaque(ctx, text, sizeof text - 1);
}

/* ------------------------------------------------------------------------ */
/* shape.const_witness                                                       */
/* ------------------------------------------------------------------------ */

/* (true | false) attr-dict */
static buf_status_t const_witness_parse(buf_parser_t *p, buf_op_state_t *st) {
  bool passing;
  if (buf_parse_optional_keyword(p, "true"))
    passing = true;
  else if (buf_parse_optional_keyword(p, "false"))
    passing = false;
  else
    return buf_parser_error(p, "expected 'true' or 'false'");
  buf_state_set_attr(st, "passing", buf_attr_bool(st->ctx, passing));
  buf_state_add_result(st, witness_type(st->ctx));
  return buf_parse_optional_attr_dict(p, st);
}

static bool const_witness_passing(const buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "passing");
  return a && a->kind == BUF_ATTR_BOOL && a->u.b;
}

static void const_witness_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"passing", NULL};
  buf_printer_puts(pr, const_witness_passing(op) ? " true" : " false");
  buf_printer_print_attr_dict(pr, op, elided);
}

static buf_status_t const_witness_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(buf__verify_has_attr(op, "passing")))
    return BUF_FAILURE;
  buf_attr_t a = buf_op_attr(op, "passing");
  if (a->kind != BUF_ATTR_BOOL) {
    buf_op_emit_error(op, "attribute 'passing' failed to satisfy constraint: "
                          "bool attribute");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* shape.assuming                                                            */
/* ------------------------------------------------------------------------ */

/* %witness (-> (types))? region attr-dict */
static buf_status_t assuming_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t w;
  buf_value_t *wv;
  buf_type_t *ts;
  uint32_t n;
  if (BUF_FAILED(buf_parse_operand(p, &w)) ||
      BUF_FAILED(buf_parse_resolve(p, &w, witness_type(st->ctx), &wv)) ||
      BUF_FAILED(buf_parse_optional_arrow_type_list(p, &ts, &n)))
    return BUF_FAILURE;
  buf_state_add_operand(st, wv);
  buf_state_add_results(st, n, ts);
  buf_region_t *r = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, r, NULL, 0)))
    return BUF_FAILURE;
  buf_region_ensure_terminator(st->ctx, r, "shape.assuming_yield", st->loc);
  return buf_parse_optional_attr_dict(p, st);
}

static void assuming_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, buf_op_operand(op, 0));
  if (op->num_results) {
    /* Upstream parenthesizes even a single result type. */
    buf_printer_puts(pr, " -> (");
    buf_printer_print_result_types(pr, op);
    buf_printer_puts(pr, ")");
  }
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, op->regions[0], false, op->num_results > 0);
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t assuming_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)))
    return BUF_FAILURE;
  if (buf_op_operand(op, 0)->type != witness_type(buf_op_ctx(op))) {
    buf_op_emit_error(op, "operand #0 must be shape.witness");
    return BUF_FAILURE;
  }
  buf_region_t *r = op->regions[0];
  buf_block_t *b = buf_region_entry(r);
  if (!b || b->num_args) {
    buf_op_emit_error(op, "region needs one block without arguments");
    return BUF_FAILURE;
  }
  buf_op_t *y = b->last;
  if (!y || !buf_op_isa(y, "shape.assuming_yield"))
    return BUF_SUCCESS; /* structural verification reports it */
  bool same = y->num_operands == op->num_results;
  for (uint32_t i = 0; same && i < op->num_results; i++)
    same = buf_op_operand(y, i)->type == op->results[i].type;
  if (!same) {
    buf_op_emit_error(op, "shape.assuming_yield must yield the op's result "
                          "types");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* The region runs when the witness is known to hold (a passing
 * shape.const_witness), which lets the fold inline it (upstream's
 * AssumingWithTrue); -1 otherwise: a witness that fails leaves the
 * program undefined, and one not known may hold. */
static int32_t assuming_entry_region(const buf_op_t *op,
                                     const buf_fold_env_t *env) {
  (void)env;
  buf_op_t *def = op->num_operands ? buf_op_operand(op, 0)->def : NULL;
  return def && buf_op_isa(def, "shape.const_witness") &&
                 const_witness_passing(def)
             ? 0
             : -1;
}

/* ------------------------------------------------------------------------ */
/* shape.assuming_yield                                                      */
/* ------------------------------------------------------------------------ */

static buf_status_t assuming_yield_parse(buf_parser_t *p, buf_op_state_t *st) {
  return buf__parse_values_colon_types(p, st);
}

static void assuming_yield_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, NULL);
  buf__print_values_colon_types(pr, op, 0);
}

static buf_status_t assuming_yield_verify(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  if (!parent || !buf_op_isa(parent, "shape.assuming")) {
    buf_op_emit_error(op, "expects parent op 'shape.assuming'");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const char *const const_witness_attrs[] = {"passing", NULL};

static const buf_opdef_t shape_ops[] = {
    {.name = "shape.assuming",
     .traits = BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_IMPLICIT_TERMINATOR |
               BUF_TRAIT_REGION_BRANCH,
     .entry_region = assuming_entry_region, .fold = buf__region_branch_fold,
     .verify = assuming_verify, .parse = assuming_parse,
     .print = assuming_print},
    {.name = "shape.assuming_yield",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE |
               BUF_TRAIT_FORWARDS,
     .verify = assuming_yield_verify, .parse = assuming_yield_parse,
     .print = assuming_yield_print},
    {.name = "shape.const_witness",
     .traits = BUF_TRAIT_PURE,
     .inherent_attrs = const_witness_attrs, .verify = const_witness_verify,
     .parse = const_witness_parse, .print = const_witness_print},
};

const buf_dialect_t buf_dialect_shape = {
    "shape", shape_ops, sizeof shape_ops / sizeof shape_ops[0], false, NULL, 0};
