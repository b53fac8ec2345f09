/*
 * scf.c: the scf dialect's op table (structured control flow).
 *
 * Ops: for, if, while, condition, execute_region, forall,
 * forall.in_parallel, parallel, reduce, reduce.return, index_switch, yield.
 * Each op is one row of `scf_ops` with its custom assembly (exactly what
 * mlir-opt 22 prints, double spaces and trailing spaces included, so that
 * our output diffs clean against upstream) and its verifier (MLIR's
 * wording where upstream has one).
 *
 * Invariants kept by the parse hooks, so that every op built from text looks
 * like the op mlir-opt would build:
 *   - scf.for / scf.if / scf.parallel / scf.forall bodies always end in their
 *     terminator, even when the text omitted it (buf_region_ensure_terminator,
 *     or an empty scf.forall.in_parallel for forall);
 *   - scf.if always has two regions, the second empty when there is no else;
 *   - scf.index_switch holds the default region first, then one region per
 *     case (the order of MLIR's ODS definition);
 *   - scf.forall and scf.parallel carry operandSegmentSizes, and forall its
 *     static bound arrays, with BUF_DYNAMIC marking operand-supplied entries.
 *
 * Nothing here keeps state; all data lives in the context arena.
 */
#include <stdlib.h>
#include <string.h>

#include "buf/ir.h"
#include "buf/syntax.h"
#include "dialect_util.h"

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

static const char *tstr(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

/* The entry block of region i, or NULL when the region is empty. */
static buf_block_t *entry_of(const buf_op_t *op, uint32_t i) {
  if (i >= op->num_regions) return NULL;
  return buf_region_entry(buf_op_region(op, i));
}

/* The last op of region i's entry block when it is named `name`. */
static buf_op_t *terminator_named(const buf_op_t *op, uint32_t i,
                                  const char *name) {
  buf_block_t *b = entry_of(op, i);
  if (!b || !b->last) return NULL;
  return strcmp(b->last->name, name) == 0 ? b->last : NULL;
}

/* Types of operands [start, start+n) as an arena array. */
static buf_type_t *operand_types(buf_op_t *op, uint32_t start, uint32_t n) {
  buf_type_t *ts =
      buf_arena_alloc(buf_ctx_arena(buf_op_ctx(op)), (n + 1) * sizeof *ts);
  for (uint32_t i = 0; i < n; i++) ts[i] = buf_op_operand(op, start + i)->type;
  return ts;
}

static buf_type_t *result_types(buf_op_t *op) {
  buf_type_t *ts = buf_arena_alloc(buf_ctx_arena(buf_op_ctx(op)),
                                   (op->num_results + 1) * sizeof *ts);
  for (uint32_t i = 0; i < op->num_results; i++) ts[i] = op->results[i].type;
  return ts;
}

static buf_type_t *arg_types(buf_op_t *op, const buf_block_t *b,
                             uint32_t start) {
  uint32_t n = b->num_args > start ? b->num_args - start : 0;
  buf_type_t *ts =
      buf_arena_alloc(buf_ctx_arena(buf_op_ctx(op)), (n + 1) * sizeof *ts);
  for (uint32_t i = 0; i < n; i++) ts[i] = b->args[start + i]->type;
  return ts;
}

/* Checks the values that flow along one control-flow edge of a region op,
 * with the wording of MLIR's RegionBranchOpInterface verifier: `from` is
 * "parent" or "Operation scf.yield", `to` is "parent" or "Region #N". */
static buf_status_t check_edge(buf_op_t *op, buf_op_t *point,
                               const char *from, const char *to,
                               uint32_t n_out, const buf_type_t *out,
                               uint32_t n_in, const buf_type_t *in) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (n_out != n_in) {
    buf_diag_t *d = buf_op_emit_error(op,
                      "along control flow edge from %s to %s: region branch "
                      "point has %u operands, but region successor needs %u "
                      "inputs",
                      from, to, n_out, n_in);
    buf_diag_note(ctx, d, point->loc, "region branch point");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < n_out; i++)
    if (out[i] != in[i]) {
      buf_diag_t *d = buf_op_emit_error(op,
                        "along control flow edge from %s to %s: successor "
                        "operand type #%u '%s' should match successor input "
                        "type #%u '%s'",
                        from, to, i, tstr(op, out[i]), i, tstr(op, in[i]));
      buf_diag_note(ctx, d, point->loc, "region branch point");
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* Checks that the yield ending region i carries the op's result types. */
static buf_status_t check_yield_to_parent(buf_op_t *op, uint32_t i) {
  buf_op_t *y = terminator_named(op, i, "scf.yield");
  if (!y) return BUF_SUCCESS; /* structural verification reports it */
  return check_edge(op, y, "Operation scf.yield", "parent", y->num_operands,
                    operand_types(y, 0, y->num_operands), op->num_results,
                    result_types(op));
}

static bool is_i1(buf_type_t t) {
  return t->kind == BUF_TYPE_INTEGER && t->u.integer.width == 1 &&
         t->u.integer.signedness == BUF_SIGNLESS;
}

static buf_status_t check_i1_operand(buf_op_t *op, uint32_t i) {
  if (i < op->num_operands && is_i1(buf_op_operand(op, i)->type))
    return BUF_SUCCESS;
  if (i >= op->num_operands) {
    buf_op_emit_error(op, "expected a condition operand");
    return BUF_FAILURE;
  }
  buf_op_emit_error(op,
                    "operand #%u must be 1-bit signless integer, but got '%s'",
                    i, tstr(op, buf_op_operand(op, i)->type));
  return BUF_FAILURE;
}

/* ODS's SizedRegion<1> constraint on region i, with its message. The print
 * hooks rely on it (they read the entry block's arguments). */
static buf_status_t check_one_block(buf_op_t *op, uint32_t i,
                                    const char *name) {
  if (i < op->num_regions && buf_region_num_blocks(buf_op_region(op, i)) == 1)
    return BUF_SUCCESS;
  buf_op_emit_error(op,
                    "region #%u ('%s') failed to verify constraint: region "
                    "with 1 blocks",
                    i, name);
  return BUF_FAILURE;
}

/* "expects parent op 'name'" (MLIR's HasParent trait). */
static buf_status_t check_parent(buf_op_t *op, const char *name) {
  buf_op_t *parent = buf_op_parent(op);
  if (parent && strcmp(parent->name, name) == 0) return BUF_SUCCESS;
  buf_op_emit_error(op, "expects parent op '%s'", name);
  return BUF_FAILURE;
}

/* Appends one arena-array element (amortized by doubling capacity). */
static void *grow1(buf_ctx_t *ctx, void *arr, uint32_t n, uint32_t *cap,
                   size_t elem) {
  if (n < *cap) return arr;
  uint32_t nc = *cap ? *cap * 2 : 4;
  arr = buf_arena_grow(buf_ctx_arena(ctx), arr, *cap, nc, elem);
  *cap = nc;
  return arr;
}

/* "(" ( %a = %init ("," ...)* )? ")" : the assignment list of iter_args,
 * shared_outs and scf.while. The opening parenthesis is parsed here. */
static buf_status_t parse_assignments(buf_parser_t *p, buf_region_arg_t **args,
                                      buf_unresolved_t **inits, uint32_t *n) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  uint32_t cap = 0, cap2 = 0;
  *args = NULL;
  *inits = NULL;
  *n = 0;
  if (BUF_FAILED(buf_parse_expect(p, "("))) return BUF_FAILURE;
  if (buf_parse_optional(p, ")")) return BUF_SUCCESS;
  do {
    *args = grow1(ctx, *args, *n, &cap, sizeof **args);
    *inits = grow1(ctx, *inits, *n, &cap2, sizeof **inits);
    if (BUF_FAILED(buf_parse_region_arg(p, false, &(*args)[*n])) ||
        BUF_FAILED(buf_parse_expect(p, "=")) ||
        BUF_FAILED(buf_parse_operand(p, &(*inits)[*n])))
      return BUF_FAILURE;
    (*n)++;
  } while (buf_parse_optional(p, ","));
  return buf_parse_expect(p, ")");
}

/* Prints " prefix(%arg = %init, ...)" for block args [arg0, arg0+n) of b
 * and op operands [op0, op0+n). */
static void print_assignments(buf_printer_t *pr, const char *prefix,
                              buf_block_t *b, uint32_t arg0, buf_op_t *op,
                              uint32_t op0, uint32_t n) {
  buf_printer_puts(pr, prefix);
  buf_printer_puts(pr, "(");
  for (uint32_t i = 0; i < n; i++) {
    if (i) buf_printer_puts(pr, ", ");
    buf_printer_print_value(pr, b->args[arg0 + i]);
    buf_printer_puts(pr, " = ");
    buf_printer_print_value(pr, buf_op_operand(op, op0 + i));
  }
  buf_printer_puts(pr, ")");
}

/* Prints " -> (T, U)" with parentheses even for one type (scf.if, scf.for
 * and scf.forall always parenthesize). */
static void print_paren_results(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " -> (");
  buf_printer_print_result_types(pr, op);
  buf_printer_puts(pr, ")");
}

/* Block arguments for a parsed region: names from `names` with `type`. */
static buf_region_arg_t *typed_args(buf_region_arg_t *names, uint32_t n,
                                    buf_type_t type) {
  for (uint32_t i = 0; i < n; i++) names[i].type = type;
  return names;
}

/* Concatenates two region-argument arrays (ivs then iter args). */
static buf_region_arg_t *concat_args(buf_ctx_t *ctx, const buf_region_arg_t *a,
                                     uint32_t na, const buf_region_arg_t *b,
                                     uint32_t nb) {
  buf_region_arg_t *r =
      buf_arena_alloc(buf_ctx_scratch(ctx), (na + nb + 1) * sizeof *r);
  if (na) memcpy(r, a, na * sizeof *r);
  if (nb) memcpy(r + na, b, nb * sizeof *r);
  return r;
}

static void set_segments(buf_op_state_t *st, uint32_t n, const int64_t *sizes) {
  buf_type_t i32 = buf_type_i32(st->ctx);
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(st->ctx, i32, n, sizes, NULL));
}

/* ------------------------------------------------------------------------ */
/* scf.yield, scf.condition, scf.reduce.return                               */
/* ------------------------------------------------------------------------ */

static buf_status_t yield_parse(buf_parser_t *p, buf_op_state_t *st) {
  return buf__parse_values_colon_types(p, st);
}

static void yield_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, NULL);
  buf__print_values_colon_types(pr, op, 0);
}

static buf_status_t yield_verify(buf_op_t *op) {
  static const char *const parents[] = {"scf.execute_region", "scf.for",
                                        "scf.if", "scf.index_switch",
                                        "scf.while"};
  buf_op_t *parent = buf_op_parent(op);
  for (size_t i = 0; parent && i < sizeof parents / sizeof *parents; i++)
    if (strcmp(parent->name, parents[i]) == 0) return BUF_SUCCESS;
  buf_op_emit_error(op,
                    "expects parent op to be one of 'scf.execute_region, "
                    "scf.for, scf.if, scf.index_switch, scf.while'");
  return BUF_FAILURE;
}

/* scf.condition(%c) attr-dict (%args : types)? */
static buf_status_t condition_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t c;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_operand(p, &c)) ||
      BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_resolve(p, &c, buf_type_i1(st->ctx), &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  return buf__parse_values_colon_types(p, st);
}

static void condition_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, ")");
  buf_printer_print_attr_dict(pr, op, NULL);
  buf__print_values_colon_types(pr, op, 1);
}

static buf_status_t condition_verify(buf_op_t *op) {
  if (BUF_FAILED(check_parent(op, "scf.while"))) return BUF_FAILURE;
  return check_i1_operand(op, 0);
}

/* scf.reduce.return %v attr-dict : T */
static buf_status_t reduce_return_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t u;
  buf_type_t t;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  return BUF_SUCCESS;
}

static void reduce_return_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
}

static buf_status_t reduce_return_verify(buf_op_t *op) {
  if (BUF_FAILED(check_parent(op, "scf.reduce")) ||
      BUF_FAILED(buf__verify_num_operands(op, 1)))
    return BUF_FAILURE;
  buf_block_t *b = op->block;
  if (b->num_args == 0) return BUF_SUCCESS; /* scf.reduce reports it */
  buf_type_t want = b->args[0]->type;
  if (buf_op_operand(op, 0)->type != want) {
    buf_op_emit_error(op,
                      "must have type '%s' (the type of the reduction inputs)",
                      tstr(op, want));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* scf.for                                                                   */
/* ------------------------------------------------------------------------ */

/* scf.for unsigned? %iv = %lb to %ub step %s
 *     (iter_args(%a = %init, ...) -> (T, ...))? (: T)? region attr-dict */
static buf_status_t for_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  bool is_unsigned = buf_parse_optional_keyword(p, "unsigned");
  buf_region_arg_t iv;
  buf_unresolved_t bounds[3];
  if (BUF_FAILED(buf_parse_region_arg(p, false, &iv)) ||
      BUF_FAILED(buf_parse_expect(p, "=")) ||
      BUF_FAILED(buf_parse_operand(p, &bounds[0])) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_operand(p, &bounds[1])) ||
      BUF_FAILED(buf_parse_keyword(p, "step")) ||
      BUF_FAILED(buf_parse_operand(p, &bounds[2])))
    return BUF_FAILURE;

  buf_region_arg_t *iter = NULL;
  buf_unresolved_t *inits = NULL;
  uint32_t n = 0, nt = 0;
  buf_type_t *types = NULL;
  buf_loc_t iter_loc = buf_parser_loc(p);
  if (buf_parse_optional_keyword(p, "iter_args")) {
    if (BUF_FAILED(parse_assignments(p, &iter, &inits, &n)) ||
        BUF_FAILED(buf_parse_optional_arrow_type_list(p, &types, &nt)))
      return BUF_FAILURE;
    if (nt != n)
      return buf_parser_error_at(p, iter_loc,
                                 "expected as many iter_args types as "
                                 "iter_args (%u != %u)",
                                 nt, n);
  }
  buf_type_t ivt = buf_type_index(ctx);
  if (buf_parse_optional(p, ":") && BUF_FAILED(buf_parse_type(p, &ivt)))
    return BUF_FAILURE;

  if (BUF_FAILED(buf_parse_resolve_operands_same(p, bounds, 3, ivt, st)) ||
      BUF_FAILED(buf_parse_resolve_operands(p, inits, n, types, n, st)))
    return BUF_FAILURE;
  buf_state_add_results(st, n, types);

  iv.type = ivt;
  for (uint32_t i = 0; i < n; i++) iter[i].type = types[i];
  buf_region_arg_t *args = concat_args(ctx, &iv, 1, iter, n);
  buf_region_t *body = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, body, args, n + 1))) return BUF_FAILURE;
  buf_region_ensure_terminator(ctx, body, "scf.yield", st->loc);
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st))) return BUF_FAILURE;
  if (is_unsigned) buf_state_set_attr(st, "unsignedCmp", buf_attr_unit(ctx));
  return BUF_SUCCESS;
}

static void for_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"unsignedCmp", NULL};
  buf_block_t *b = entry_of(op, 0);
  buf_printer_puts(pr, buf_op_has_attr(op, "unsignedCmp") ? " unsigned " : " ");
  buf_printer_print_value(pr, b->args[0]);
  buf_printer_puts(pr, " = ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_operands(pr, op, 1, 1);
  buf_printer_puts(pr, " step ");
  buf_printer_print_operands(pr, op, 2, 1);
  if (op->num_operands > 3) {
    print_assignments(pr, " iter_args", b, 1, op, 3, op->num_operands - 3);
    print_paren_results(pr, op);
  }
  buf_type_t ivt = b->args[0]->type;
  if (ivt->kind != BUF_TYPE_INDEX) {
    /* mlir-opt prints two spaces here; matching it keeps diffs clean. */
    buf_printer_puts(pr, "  : ");
    buf_printer_print_type(pr, ivt);
  }
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, buf_op_region(op, 0), false,
                           op->num_results > 0);
  buf_printer_print_attr_dict(pr, op, elided);
}

static buf_status_t for_verify(buf_op_t *op) {
  if (op->num_operands < 3) {
    buf_op_emit_error(op, "expected at least 3 operands, but found %u",
                      op->num_operands);
    return BUF_FAILURE;
  }
  buf_type_t bt = buf_op_operand(op, 0)->type;
  if (!buf_type_is_int_or_index(bt)) {
    buf_op_emit_error(op,
                      "operand #0 must be signless integer or index, but got "
                      "'%s'",
                      tstr(op, bt));
    return BUF_FAILURE;
  }
  if (buf_op_operand(op, 1)->type != bt || buf_op_operand(op, 2)->type != bt) {
    buf_op_emit_error(op, "failed to verify that all of {lowerBound, "
                          "upperBound, step} have same type");
    return BUF_FAILURE;
  }
  uint32_t n_init = op->num_operands - 3;
  if (n_init != op->num_results) {
    buf_op_emit_error(op,
                      "mismatch in number of loop-carried values and defined "
                      "values");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(check_one_block(op, 0, "region"))) return BUF_FAILURE;
  buf_block_t *b = entry_of(op, 0);
  if (b->num_args == 0 || b->args[0]->type != bt) {
    buf_op_emit_error(op, "expected induction variable to be same type as "
                          "bounds and step");
    return BUF_FAILURE;
  }
  uint32_t n_iter = b->num_args - 1;
  if (n_init != n_iter) {
    buf_op_emit_error(op,
                      "different number of inits and region iter_args: %u != "
                      "%u",
                      n_init, n_iter);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < n_iter; i++) {
    buf_type_t it = buf_op_operand(op, 3 + i)->type, at = b->args[1 + i]->type;
    if (it != at) {
      buf_op_emit_error(op,
                        "%u-th init and %u-th region iter_arg have different "
                        "type: '%s' != '%s'",
                        i, i, tstr(op, it), tstr(op, at));
      return BUF_FAILURE;
    }
  }
  for (uint32_t i = 0; i < n_iter; i++) {
    buf_type_t at = b->args[1 + i]->type, rt = op->results[i].type;
    if (at != rt) {
      buf_op_emit_error(op,
                        "%u-th region iter_arg and %u-th loop result have "
                        "different type: '%s' != '%s'",
                        i, i, tstr(op, at), tstr(op, rt));
      return BUF_FAILURE;
    }
  }
  buf_op_t *y = terminator_named(op, 0, "scf.yield");
  if (!y) return BUF_SUCCESS;
  if (y->num_operands != n_iter) {
    buf_op_emit_error(op,
                      "different number of region iter_args and yielded "
                      "values: %u != %u",
                      n_iter, y->num_operands);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < n_iter; i++) {
    buf_type_t at = b->args[1 + i]->type, yt = buf_op_operand(y, i)->type;
    if (at != yt) {
      buf_op_emit_error(op,
                        "%u-th region iter_arg and %u-th yielded value have "
                        "different type: '%s' != '%s'",
                        i, i, tstr(op, at), tstr(op, yt));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* scf.if                                                                    */
/* ------------------------------------------------------------------------ */

/* scf.if %c (-> (T, ...))? region (else region)? attr-dict */
static buf_status_t if_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_unresolved_t c;
  buf_value_t *v;
  buf_type_t *ts;
  uint32_t n;
  if (BUF_FAILED(buf_parse_operand(p, &c)) ||
      BUF_FAILED(buf_parse_resolve(p, &c, buf_type_i1(ctx), &v)) ||
      BUF_FAILED(buf_parse_optional_arrow_type_list(p, &ts, &n)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_state_add_results(st, n, ts);
  buf_region_t *then_r = buf_state_add_region(st);
  buf_region_t *else_r = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, then_r, NULL, 0))) return BUF_FAILURE;
  buf_region_ensure_terminator(ctx, then_r, "scf.yield", st->loc);
  if (buf_parse_optional_keyword(p, "else")) {
    if (BUF_FAILED(buf_parse_region(p, else_r, NULL, 0))) return BUF_FAILURE;
    buf_region_ensure_terminator(ctx, else_r, "scf.yield", st->loc);
  }
  return buf_parse_optional_attr_dict(p, st);
}

static void if_print(buf_printer_t *pr, buf_op_t *op) {
  bool yields = op->num_results > 0;
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  if (yields) print_paren_results(pr, op);
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, buf_op_region(op, 0), false, yields);
  if (op->num_regions > 1 && !buf_region_empty(buf_op_region(op, 1))) {
    buf_printer_puts(pr, " else ");
    buf_printer_print_region(pr, buf_op_region(op, 1), false, yields);
  }
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t if_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(check_i1_operand(op, 0)))
    return BUF_FAILURE;
  if (op->num_regions != 2) {
    buf_op_emit_error(op, "requires 2 regions");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(check_one_block(op, 0, "thenRegion"))) return BUF_FAILURE;
  if (op->num_results > 0 && buf_region_empty(buf_op_region(op, 1))) {
    buf_op_emit_error(op, "must have an else block if defining values");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < 2; i++)
    if (BUF_FAILED(check_yield_to_parent(op, i))) return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* scf.while                                                                 */
/* ------------------------------------------------------------------------ */

/* scf.while ((%a = %init, ...))? : (T...) -> (U...) region do region
 *     attr-dict-with-keyword */
static buf_status_t while_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_region_arg_t *args = NULL;
  buf_unresolved_t *inits = NULL;
  uint32_t n = 0;
  if (buf_parser_next_is(p, "(") &&
      BUF_FAILED(parse_assignments(p, &args, &inits, &n)))
    return BUF_FAILURE;
  buf_loc_t tloc = buf_parser_loc(p);
  buf_type_t ft;
  if (BUF_FAILED(buf_parse_colon_type(p, &ft))) return BUF_FAILURE;
  if (ft->kind != BUF_TYPE_FUNCTION)
    return buf_parser_error_at(p, tloc, "expected a function type");
  if (ft->u.func.num_inputs != n)
    return buf_parser_error_at(p, tloc,
                               "expected as many input types as operands "
                               "(expected %u got %u)",
                               n, ft->u.func.num_inputs);
  if (BUF_FAILED(buf_parse_resolve_operands(p, inits, n, ft->u.func.inputs, n,
                                            st)))
    return BUF_FAILURE;
  buf_state_add_results(st, ft->u.func.num_results, ft->u.func.results);
  for (uint32_t i = 0; i < n; i++) args[i].type = ft->u.func.inputs[i];
  buf_region_t *before = buf_state_add_region(st);
  buf_region_t *after = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, before, args, n)) ||
      BUF_FAILED(buf_parse_keyword(p, "do")) ||
      BUF_FAILED(buf_parse_region(p, after, NULL, 0)))
    return BUF_FAILURE;
  return buf_parse_optional_attr_dict_with_keyword(p, st);
}

static void while_print(buf_printer_t *pr, buf_op_t *op) {
  buf_ctx_t *ctx = buf_printer_ctx(pr);
  buf_block_t *b = entry_of(op, 0);
  if (op->num_operands)
    print_assignments(pr, " ", b, 0, op, 0, op->num_operands);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(
      pr, buf_type_function(ctx, op->num_operands,
                            operand_types(op, 0, op->num_operands),
                            op->num_results, result_types(op)));
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, buf_op_region(op, 0), false, true);
  buf_printer_puts(pr, " do ");
  buf_printer_print_region(pr, buf_op_region(op, 1), true, true);
  buf_printer_print_attr_dict_with_keyword(pr, op, NULL);
}

static buf_status_t while_verify(buf_op_t *op) {
  if (op->num_regions != 2) {
    buf_op_emit_error(op, "requires 2 regions");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(check_one_block(op, 0, "before")) ||
      BUF_FAILED(check_one_block(op, 1, "after")))
    return BUF_FAILURE;
  buf_block_t *before = entry_of(op, 0), *after = entry_of(op, 1);
  buf_op_t *cond = terminator_named(op, 0, "scf.condition");
  if (!cond) {
    buf_diag_t *d = buf_op_emit_error(op, "expects the 'before' region to "
                                          "terminate with 'scf.condition'");
    if (before->last)
      buf_diag_note(buf_op_ctx(op), d, before->last->loc, "terminator here");
    return BUF_FAILURE;
  }
  buf_op_t *y = terminator_named(op, 1, "scf.yield");
  if (!y) {
    buf_diag_t *d = buf_op_emit_error(op, "expects the 'after' region to "
                                          "terminate with 'scf.yield'");
    if (after->last)
      buf_diag_note(buf_op_ctx(op), d, after->last->loc, "terminator here");
    return BUF_FAILURE;
  }
  uint32_t nc = cond->num_operands ? cond->num_operands - 1 : 0;
  buf_type_t *ct = operand_types(cond, 1, nc);
  if (BUF_FAILED(check_edge(op, op, "parent", "Region #0", op->num_operands,
                            operand_types(op, 0, op->num_operands),
                            before->num_args, arg_types(op, before, 0))) ||
      BUF_FAILED(check_edge(op, cond, "Operation scf.condition", "parent", nc, ct,
                            op->num_results, result_types(op))) ||
      BUF_FAILED(check_edge(op, cond, "Operation scf.condition", "Region #1", nc, ct,
                            after->num_args, arg_types(op, after, 0))) ||
      BUF_FAILED(check_edge(op, y, "Operation scf.yield", "Region #0",
                            y->num_operands,
                            operand_types(y, 0, y->num_operands),
                            before->num_args, arg_types(op, before, 0))))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* scf.execute_region                                                        */
/* ------------------------------------------------------------------------ */

/* scf.execute_region (-> types)? no_inline? region attr-dict */
static buf_status_t execute_region_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_type_t *ts;
  uint32_t n;
  if (BUF_FAILED(buf_parse_optional_arrow_type_list(p, &ts, &n)))
    return BUF_FAILURE;
  buf_state_add_results(st, n, ts);
  if (buf_parse_optional_keyword(p, "no_inline"))
    buf_state_set_attr(st, "no_inline", buf_attr_unit(st->ctx));
  if (BUF_FAILED(buf_parse_region(p, buf_state_add_region(st), NULL, 0)))
    return BUF_FAILURE;
  return buf_parse_optional_attr_dict(p, st);
}

static void execute_region_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"no_inline", NULL};
  if (op->num_results) {
    buf_printer_puts(pr, " ");
    buf_printer_print_arrow_types(pr, op->num_results, result_types(op));
  }
  if (buf_op_has_attr(op, "no_inline")) buf_printer_puts(pr, " no_inline");
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, buf_op_region(op, 0), true, true);
  buf_printer_print_attr_dict(pr, op, elided);
}

static buf_status_t execute_region_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0))) return BUF_FAILURE;
  buf_region_t *r = buf_op_region(op, 0);
  if (buf_region_empty(r)) {
    buf_op_emit_error(op, "region needs to have at least one block");
    return BUF_FAILURE;
  }
  if (buf_region_entry(r)->num_args) {
    buf_op_emit_error(op, "region cannot have any arguments");
    return BUF_FAILURE;
  }
  /* Every block that yields must yield the result types. */
  for (buf_block_t *b = r->first; b; b = b->next) {
    buf_op_t *t = b->last;
    if (!t || strcmp(t->name, "scf.yield") != 0) continue;
    if (BUF_FAILED(check_edge(op, t, "Operation scf.yield", "parent",
                              t->num_operands,
                              operand_types(t, 0, t->num_operands),
                              op->num_results, result_types(op))))
      return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Mixed static/dynamic parenthesized lists (scf.forall bounds)              */
/* ------------------------------------------------------------------------ */

typedef struct mixed_list {
  buf_unresolved_t *dyn; /* operand-supplied entries, in order */
  uint32_t num_dyn, cap_dyn;
  int64_t *stat;         /* all entries, BUF_DYNAMIC for operands */
  uint32_t num_stat, cap_stat;
} mixed_list_t;

/* "(" (integer | %operand) ("," ...)* ")" */
static buf_status_t parse_mixed_list(buf_parser_t *p, mixed_list_t *l) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  memset(l, 0, sizeof *l);
  if (BUF_FAILED(buf_parse_expect(p, "("))) return BUF_FAILURE;
  if (buf_parse_optional(p, ")")) return BUF_SUCCESS;
  do {
    l->stat = grow1(ctx, l->stat, l->num_stat, &l->cap_stat, sizeof *l->stat);
    if (buf_parser_next_is_operand(p)) {
      l->dyn = grow1(ctx, l->dyn, l->num_dyn, &l->cap_dyn, sizeof *l->dyn);
      if (BUF_FAILED(buf_parse_operand(p, &l->dyn[l->num_dyn])))
        return BUF_FAILURE;
      l->num_dyn++;
      l->stat[l->num_stat++] = BUF_DYNAMIC;
    } else {
      if (BUF_FAILED(buf_parse_integer(p, &l->stat[l->num_stat])))
        return BUF_FAILURE;
      l->num_stat++;
    }
  } while (buf_parse_optional(p, ","));
  return buf_parse_expect(p, ")");
}

/* Prints "(a, %b, ...)" from a static array<i64> and the op's operands
 * [dyn0, ...) that fill its BUF_DYNAMIC entries. */
static void print_mixed_list(buf_printer_t *pr, buf_op_t *op, buf_attr_t stat,
                             uint32_t dyn0) {
  buf_printer_puts(pr, "(");
  int64_t n = stat ? stat->u.dense_array.count : 0;
  uint32_t d = dyn0;
  for (int64_t i = 0; i < n; i++) {
    if (i) buf_printer_puts(pr, ", ");
    int64_t v = stat->u.dense_array.ints[i];
    if (v == BUF_DYNAMIC && d < op->num_operands)
      buf_printer_print_value(pr, buf_op_operand(op, d++));
    else
      buf_printer_printf(pr, "%lld", (long long)v);
  }
  buf_printer_puts(pr, ")");
}

static uint32_t count_dynamic(buf_attr_t stat) {
  uint32_t n = 0;
  if (!stat || stat->kind != BUF_ATTR_DENSE_ARRAY) return 0;
  for (int64_t i = 0; i < stat->u.dense_array.count; i++)
    if (stat->u.dense_array.ints[i] == BUF_DYNAMIC) n++;
  return n;
}

static bool all_static_equal(buf_attr_t stat, int64_t v) {
  if (!stat || stat->kind != BUF_ATTR_DENSE_ARRAY) return false;
  for (int64_t i = 0; i < stat->u.dense_array.count; i++)
    if (stat->u.dense_array.ints[i] != v) return false;
  return true;
}

/* ------------------------------------------------------------------------ */
/* scf.forall and scf.forall.in_parallel                                     */
/* ------------------------------------------------------------------------ */

static const char *const forall_attrs[] = {
    "mapping", "operandSegmentSizes", "staticLowerBound", "staticStep",
    "staticUpperBound", NULL};

/* Appends an empty scf.forall.in_parallel to block b (the implicit
 * terminator of a forall without results). */
static void append_in_parallel(buf_ctx_t *ctx, buf_block_t *b, buf_loc_t loc) {
  buf_op_state_t st;
  buf_state_init(&st, ctx, "scf.forall.in_parallel", loc);
  buf_region_t *r = buf_state_add_region(&st);
  buf_region_append_block(r, buf_block_create(ctx));
  buf_block_append_op(b, buf_op_create(&st));
}

/* scf.forall (%i, ...) in (ubs) | = (lbs) to (ubs) step (steps)
 *     (shared_outs(%o = %t, ...) -> (T, ...))? region attr-dict */
static buf_status_t forall_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_region_arg_t *ivs;
  uint32_t niv;
  if (BUF_FAILED(buf_parse_region_arg_list(p, "(", false, &ivs, &niv)))
    return BUF_FAILURE;
  mixed_list_t lb, ub, step;
  buf_loc_t bloc = buf_parser_loc(p);
  if (buf_parse_optional_keyword(p, "in")) {
    if (BUF_FAILED(parse_mixed_list(p, &ub))) return BUF_FAILURE;
    /* The normalized form: lower bounds 0, steps 1. */
    memset(&lb, 0, sizeof lb);
    memset(&step, 0, sizeof step);
    lb.num_stat = step.num_stat = ub.num_stat;
    lb.stat = buf_arena_alloc(buf_ctx_arena(ctx), (ub.num_stat + 1) * 8);
    step.stat = buf_arena_alloc(buf_ctx_arena(ctx), (ub.num_stat + 1) * 8);
    for (uint32_t i = 0; i < ub.num_stat; i++) step.stat[i] = 1;
  } else {
    if (BUF_FAILED(buf_parse_expect(p, "=")) ||
        BUF_FAILED(parse_mixed_list(p, &lb)) ||
        BUF_FAILED(buf_parse_keyword(p, "to")) ||
        BUF_FAILED(parse_mixed_list(p, &ub)) ||
        BUF_FAILED(buf_parse_keyword(p, "step")) ||
        BUF_FAILED(parse_mixed_list(p, &step)))
      return BUF_FAILURE;
  }
  if (lb.num_stat != niv || ub.num_stat != niv || step.num_stat != niv)
    return buf_parser_error_at(p, bloc,
                               "expected as many bounds and steps as "
                               "induction variables (%u)",
                               niv);
  buf_region_arg_t *outs = NULL;
  buf_unresolved_t *inits = NULL;
  uint32_t nout = 0, nt = 0;
  buf_type_t *ts = NULL;
  buf_loc_t oloc = buf_parser_loc(p);
  if (buf_parse_optional_keyword(p, "shared_outs")) {
    if (BUF_FAILED(parse_assignments(p, &outs, &inits, &nout)) ||
        BUF_FAILED(buf_parse_optional_arrow_type_list(p, &ts, &nt)))
      return BUF_FAILURE;
    if (nt != nout)
      return buf_parser_error_at(p, oloc,
                                 "expected as many result types as "
                                 "shared_outs (%u != %u)",
                                 nt, nout);
  }
  buf_type_t index = buf_type_index(ctx);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, lb.dyn, lb.num_dyn, index,
                                                 st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, ub.dyn, ub.num_dyn, index,
                                                 st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, step.dyn, step.num_dyn,
                                                 index, st)) ||
      BUF_FAILED(buf_parse_resolve_operands(p, inits, nout, ts, nout, st)))
    return BUF_FAILURE;
  buf_state_add_results(st, nout, ts);

  typed_args(ivs, niv, index);
  for (uint32_t i = 0; i < nout; i++) outs[i].type = ts[i];
  buf_region_arg_t *args = concat_args(ctx, ivs, niv, outs, nout);
  buf_region_t *body = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, body, args, niv + nout)))
    return BUF_FAILURE;
  buf_block_t *b = buf_region_entry(body);
  if (b && (!b->last || strcmp(b->last->name, "scf.forall.in_parallel") != 0))
    append_in_parallel(ctx, b, st->loc);
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st))) return BUF_FAILURE;

  int64_t seg[4] = {lb.num_dyn, ub.num_dyn, step.num_dyn, nout};
  set_segments(st, 4, seg);
  buf_state_set_attr(st, "staticLowerBound",
                     buf_attr_i64_array(ctx, lb.num_stat, lb.stat));
  buf_state_set_attr(st, "staticUpperBound",
                     buf_attr_i64_array(ctx, ub.num_stat, ub.stat));
  buf_state_set_attr(st, "staticStep",
                     buf_attr_i64_array(ctx, step.num_stat, step.stat));
  return BUF_SUCCESS;
}

static void forall_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"operandSegmentSizes",
                                       "staticLowerBound", "staticStep",
                                       "staticUpperBound", NULL};
  buf_attr_t slb = buf_op_attr(op, "staticLowerBound");
  buf_attr_t sub = buf_op_attr(op, "staticUpperBound");
  buf_attr_t sst = buf_op_attr(op, "staticStep");
  uint32_t len;
  uint32_t lb0 = buf_op_segment(op, 0, &len);
  uint32_t ub0 = buf_op_segment(op, 1, &len);
  uint32_t st0 = buf_op_segment(op, 2, &len);
  uint32_t out0 = buf_op_segment(op, 3, &len);
  uint32_t nout = len;
  buf_block_t *b = entry_of(op, 0);
  uint32_t niv = b->num_args - nout;
  buf_printer_puts(pr, " (");
  buf_printer_print_values(pr, niv, b->args);
  buf_printer_puts(pr, ")");
  if (all_static_equal(slb, 0) && all_static_equal(sst, 1)) {
    buf_printer_puts(pr, " in ");
    print_mixed_list(pr, op, sub, ub0);
  } else {
    buf_printer_puts(pr, " = ");
    print_mixed_list(pr, op, slb, lb0);
    buf_printer_puts(pr, " to ");
    print_mixed_list(pr, op, sub, ub0);
    buf_printer_puts(pr, " step ");
    print_mixed_list(pr, op, sst, st0);
  }
  if (nout) {
    print_assignments(pr, " shared_outs", b, niv, op, out0, nout);
    print_paren_results(pr, op);
  }
  buf_printer_puts(pr, " ");
  /* mlir-opt leaves out the terminator of a forall without results. The
   * printer only elides terminators without regions, so an empty
   * in_parallel is unlinked for the duration of the region print and put
   * back at once; it has no results, so no SSA name changes. */
  buf_op_t *term = b->last;
  bool hide = op->num_results == 0 && term &&
              strcmp(term->name, "scf.forall.in_parallel") == 0 &&
              term->num_regions == 1 &&
              (!entry_of(term, 0) || !entry_of(term, 0)->first) &&
              term->attrs->u.dict.n == 0;
  if (hide) buf_op_remove(term);
  buf_printer_print_region(pr, buf_op_region(op, 0), false,
                           op->num_results > 0);
  if (hide) buf_block_append_op(b, term);
  buf_printer_print_attr_dict(pr, op, elided);
}

/* MLIR's verifyListOfOperandsOrIntegers: the static list has one entry per
 * loop and as many operands as BUF_DYNAMIC entries. */
static buf_status_t check_mixed(buf_op_t *op, const char *what, uint32_t rank,
                                buf_attr_t stat, uint32_t num_dyn) {
  if (!stat || stat->kind != BUF_ATTR_DENSE_ARRAY) {
    buf_op_emit_error(op, "requires attribute for the static %s", what);
    return BUF_FAILURE;
  }
  if (stat->u.dense_array.count != rank) {
    buf_emit_error(buf_op_ctx(op), op->loc, "expected %u %s values, got %lld",
                   rank, what, (long long)stat->u.dense_array.count);
    return BUF_FAILURE;
  }
  if (count_dynamic(stat) != num_dyn) {
    buf_emit_error(buf_op_ctx(op), op->loc, "expected %u dynamic %s values",
                   count_dynamic(stat), what);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t forall_verify(buf_op_t *op) {
  buf_attr_t slb = buf_op_attr(op, "staticLowerBound");
  if (!slb || slb->kind != BUF_ATTR_DENSE_ARRAY) {
    buf_op_emit_error(op, "requires attribute 'staticLowerBound'");
    return BUF_FAILURE;
  }
  int64_t seg[4];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4) {
    buf_op_emit_error(op, "requires attribute 'operandSegmentSizes' with 4 "
                          "segments");
    return BUF_FAILURE;
  }
  if (seg[0] + seg[1] + seg[2] + seg[3] != op->num_operands) {
    buf_op_emit_error(op,
                      "operand count (%u) does not match with the total size "
                      "(%lld) specified in attribute 'operandSegmentSizes'",
                      op->num_operands,
                      (long long)(seg[0] + seg[1] + seg[2] + seg[3]));
    return BUF_FAILURE;
  }
  uint32_t rank = (uint32_t)slb->u.dense_array.count;
  uint32_t nout = (uint32_t)seg[3], out0 = (uint32_t)(seg[0] + seg[1] + seg[2]);
  if (op->num_results != nout) {
    buf_op_emit_error(op, "produces %u results, but has only %u outputs",
                      op->num_results, nout);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(check_one_block(op, 0, "region"))) return BUF_FAILURE;
  buf_block_t *b = entry_of(op, 0);
  if (b->num_args != rank + nout) {
    buf_op_emit_error(op, "region expects %u arguments", rank);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < rank; i++)
    if (b->args[i]->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "expects %u-th block argument to be an index", i);
      return BUF_FAILURE;
    }
  for (uint32_t i = 0; i < nout; i++)
    if (b->args[rank + i]->type != buf_op_operand(op, out0 + i)->type) {
      buf_op_emit_error(op,
                        "type mismatch between %u-th output and corresponding "
                        "block argument",
                        i);
      return BUF_FAILURE;
    }
  buf_attr_t mapping = buf_op_attr(op, "mapping");
  if (mapping) {
    bool ok = mapping->kind == BUF_ATTR_ARRAY;
    for (uint32_t i = 0; ok && i < mapping->u.array.n; i++)
      ok = mapping->u.array.elems[i]->kind == BUF_ATTR_OPAQUE;
    if (!ok) {
      buf_op_emit_error(op, "attribute 'mapping' failed to satisfy "
                            "constraint: Device Mapping array attribute");
      return BUF_FAILURE;
    }
    if (mapping->u.array.n && mapping->u.array.n != rank) {
      buf_op_emit_error(op, "mapping attribute size must match op rank");
      return BUF_FAILURE;
    }
  }
  if (BUF_FAILED(check_mixed(op, "lower bound", rank, slb, (uint32_t)seg[0])) ||
      BUF_FAILED(check_mixed(op, "upper bound", rank,
                             buf_op_attr(op, "staticUpperBound"),
                             (uint32_t)seg[1])) ||
      BUF_FAILED(check_mixed(op, "step", rank, buf_op_attr(op, "staticStep"),
                             (uint32_t)seg[2])))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < out0; i++)
    if (buf_op_operand(op, i)->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "operand #%u must be variadic of index, but got "
                            "'%s'",
                        i, tstr(op, buf_op_operand(op, i)->type));
      return BUF_FAILURE;
    }
  for (uint32_t i = 0; i < nout; i++) {
    buf_type_t ot = buf_op_operand(op, out0 + i)->type;
    buf_type_t rt = op->results[i].type;
    if (!buf_type_is_tensor(ot)) {
      buf_op_emit_error(op,
                        "operand #%u must be variadic of ranked tensor of any "
                        "type values, but got '%s'",
                        out0 + i, tstr(op, ot));
      return BUF_FAILURE;
    }
    if (ot != rt) {
      buf_op_emit_error(op,
                        "expected type of operand #%u ('%s') to match type of "
                        "corresponding result ('%s')",
                        i, tstr(op, ot), tstr(op, rt));
      return BUF_FAILURE;
    }
  }
  if (!terminator_named(op, 0, "scf.forall.in_parallel")) {
    buf_op_emit_error(op, "expects body to terminate with "
                          "'scf.forall.in_parallel'");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* scf.forall.in_parallel region attr-dict */
static buf_status_t in_parallel_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_region_t *r = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, r, NULL, 0))) return BUF_FAILURE;
  /* mlir-opt builds the body block even when the text writes "{}". */
  if (buf_region_empty(r)) buf_region_append_block(r, buf_block_create(st->ctx));
  return buf_parse_optional_attr_dict(p, st);
}

static void in_parallel_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, buf_op_region(op, 0), false, false);
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t in_parallel_verify(buf_op_t *op) {
  if (BUF_FAILED(check_parent(op, "scf.forall"))) return BUF_FAILURE;
  buf_block_t *b = entry_of(op, 0);
  for (buf_op_t *o = b ? b->first : NULL; o; o = o->next)
    if (strcmp(o->name, "tensor.parallel_insert_slice") != 0) {
      buf_op_emit_error(op, "expected only ParallelCombiningOpInterface ops");
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* scf.parallel and scf.reduce                                               */
/* ------------------------------------------------------------------------ */

/* scf.parallel (%i, ...) = (%lb, ...) to (%ub, ...) step (%s, ...)
 *     (init (%v, ...) -> types)? region attr-dict */
static buf_status_t parallel_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_region_arg_t *ivs;
  buf_unresolved_t *lbs, *ubs, *steps, *inits = NULL;
  uint32_t niv, nlb, nub, nst, ninit = 0, nt = 0;
  buf_type_t *ts = NULL;
  if (BUF_FAILED(buf_parse_region_arg_list(p, "(", false, &ivs, &niv)) ||
      BUF_FAILED(buf_parse_expect(p, "=")) ||
      BUF_FAILED(buf_parse_operand_list(p, "(", &lbs, &nlb)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_operand_list(p, "(", &ubs, &nub)) ||
      BUF_FAILED(buf_parse_keyword(p, "step")) ||
      BUF_FAILED(buf_parse_operand_list(p, "(", &steps, &nst)))
    return BUF_FAILURE;
  if (nlb != niv || nub != niv)
    return buf_parser_error(p, "expected %u bound operands, one per "
                               "induction variable",
                            niv);
  buf_loc_t iloc = buf_parser_loc(p);
  if (buf_parse_optional_keyword(p, "init")) {
    if (BUF_FAILED(buf_parse_operand_list(p, "(", &inits, &ninit)) ||
        BUF_FAILED(buf_parse_optional_arrow_type_list(p, &ts, &nt)))
      return BUF_FAILURE;
    if (nt != ninit)
      return buf_parser_error_at(p, iloc,
                                 "expected as many result types as init "
                                 "values (%u != %u)",
                                 nt, ninit);
  }
  buf_type_t index = buf_type_index(ctx);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, lbs, nlb, index, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, ubs, nub, index, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, steps, nst, index, st)) ||
      BUF_FAILED(buf_parse_resolve_operands(p, inits, ninit, ts, ninit, st)))
    return BUF_FAILURE;
  buf_state_add_results(st, ninit, ts);
  buf_region_t *body = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, body, typed_args(ivs, niv, index),
                                  niv)))
    return BUF_FAILURE;
  buf_region_ensure_terminator(ctx, body, "scf.reduce", st->loc);
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st))) return BUF_FAILURE;
  int64_t seg[4] = {nlb, nub, nst, ninit};
  set_segments(st, 4, seg);
  return BUF_SUCCESS;
}

static void parallel_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"operandSegmentSizes", NULL};
  static const char *const kw[] = {" = (", ") to (", ") step ("};
  buf_block_t *b = entry_of(op, 0);
  buf_printer_puts(pr, " (");
  buf_printer_print_values(pr, b->num_args, b->args);
  buf_printer_puts(pr, ")");
  for (uint32_t s = 0; s < 3; s++) {
    uint32_t len, start = buf_op_segment(op, s, &len);
    buf_printer_puts(pr, kw[s]);
    buf_printer_print_operands(pr, op, start, len);
  }
  buf_printer_puts(pr, ")");
  uint32_t ninit, init0 = buf_op_segment(op, 3, &ninit);
  if (ninit) {
    buf_printer_puts(pr, " init (");
    buf_printer_print_operands(pr, op, init0, ninit);
    buf_printer_puts(pr, ") ");
    buf_printer_print_arrow_types(pr, op->num_results, result_types(op));
  }
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, buf_op_region(op, 0), false, true);
  buf_printer_print_attr_dict(pr, op, elided);
}

/* The value of an index/integer constant (arith.constant), if v is one. */
static bool constant_int(buf_value_t *v, int64_t *out) {
  buf_op_t *d = v->def;
  if (!d || strcmp(d->name, "arith.constant") != 0) return false;
  buf_attr_t a = buf_op_attr(d, "value");
  if (!a || a->kind != BUF_ATTR_INTEGER) return false;
  *out = a->u.i;
  return true;
}

static buf_status_t parallel_verify(buf_op_t *op) {
  int64_t seg[4];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4 ||
      seg[0] + seg[1] + seg[2] + seg[3] != op->num_operands) {
    buf_op_emit_error(op, "requires attribute 'operandSegmentSizes' with 4 "
                          "segments matching the operands");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < seg[0] + seg[1] + seg[2]; i++)
    if (buf_op_operand(op, i)->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "operand #%u must be variadic of index, but got "
                            "'%s'",
                        i, tstr(op, buf_op_operand(op, i)->type));
      return BUF_FAILURE;
    }
  uint32_t nsteps = (uint32_t)seg[2];
  if (nsteps == 0) {
    buf_op_emit_error(op, "needs at least one tuple element for lowerBound, "
                          "upperBound and step");
    return BUF_FAILURE;
  }
  if (seg[0] != seg[2] || seg[1] != seg[2]) {
    buf_op_emit_error(op, "expects the same number of lower bounds, upper "
                          "bounds and steps");
    return BUF_FAILURE;
  }
  uint32_t st0 = (uint32_t)(seg[0] + seg[1]);
  for (uint32_t i = 0; i < nsteps; i++) {
    int64_t c;
    if (constant_int(buf_op_operand(op, st0 + i), &c) && c <= 0) {
      buf_op_emit_error(op, "constant step operand must be positive");
      return BUF_FAILURE;
    }
  }
  if (BUF_FAILED(check_one_block(op, 0, "region"))) return BUF_FAILURE;
  buf_block_t *b = entry_of(op, 0);
  if (b->num_args != nsteps) {
    buf_op_emit_error(op,
                      "expects the same number of induction variables: %u as "
                      "bound and step values: %u",
                      b->num_args, nsteps);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < b->num_args; i++)
    if (b->args[i]->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "expects arguments for the induction variable to "
                            "be of index type");
      return BUF_FAILURE;
    }
  buf_op_t *red = terminator_named(op, 0, "scf.reduce");
  if (!red) {
    buf_op_emit_error(op, "expects body to terminate with 'scf.reduce'");
    return BUF_FAILURE;
  }
  uint32_t nres = op->num_results;
  if (nres != red->num_operands) {
    buf_op_emit_error(op,
                      "expects number of results: %u to be the same as number "
                      "of reductions: %u",
                      nres, red->num_operands);
    return BUF_FAILURE;
  }
  if (nres != seg[3]) {
    buf_op_emit_error(op,
                      "expects number of results: %u to be the same as number "
                      "of initial values: %u",
                      nres, (uint32_t)seg[3]);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < nres; i++) {
    buf_type_t rt = op->results[i].type, ot = buf_op_operand(red, i)->type;
    buf_type_t it = buf_op_operand(op, st0 + nsteps + i)->type;
    if (rt != ot) {
      buf_op_emit_error(red,
                        "expects type of %u-th reduction operand: '%s' to be "
                        "the same as the %u-th result type: '%s'",
                        i, tstr(op, ot), i, tstr(op, rt));
      return BUF_FAILURE;
    }
    if (rt != it) {
      buf_op_emit_error(op,
                        "expects type of %u-th initial value: '%s' to be the "
                        "same as the %u-th result type: '%s'",
                        i, tstr(op, it), i, tstr(op, rt));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* scf.reduce ((%v, ... : T, ...))? region ("," region)* attr-dict */
static buf_status_t reduce_parse(buf_parser_t *p, buf_op_state_t *st) {
  if (buf_parse_optional(p, "(")) {
    buf_unresolved_t *ops;
    buf_type_t *ts;
    uint32_t n, nt;
    if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)) ||
        BUF_FAILED(buf_parse_colon_type_list(p, &ts, &nt)) ||
        BUF_FAILED(buf_parse_expect(p, ")")) ||
        BUF_FAILED(buf_parse_resolve_operands(p, ops, n, ts, nt, st)))
      return BUF_FAILURE;
  }
  if (buf_parser_next_is_region(p)) {
    do {
      if (BUF_FAILED(buf_parse_region(p, buf_state_add_region(st), NULL, 0)))
        return BUF_FAILURE;
    } while (buf_parse_optional(p, ","));
  }
  return buf_parse_optional_attr_dict(p, st);
}

static void reduce_print(buf_printer_t *pr, buf_op_t *op) {
  if (op->num_operands) {
    buf_printer_puts(pr, "(");
    buf_printer_print_operands(pr, op, 0, op->num_operands);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, 0, op->num_operands);
    buf_printer_puts(pr, ")");
  }
  /* mlir-opt emits this space even when no region follows ("scf.reduce "). */
  buf_printer_puts(pr, " ");
  for (uint32_t i = 0; i < op->num_regions; i++) {
    if (i) buf_printer_puts(pr, ", ");
    buf_printer_print_region(pr, buf_op_region(op, i), true, true);
  }
  buf_printer_print_attr_dict(pr, op, NULL);
}

static buf_status_t reduce_verify(buf_op_t *op) {
  if (BUF_FAILED(check_parent(op, "scf.parallel"))) return BUF_FAILURE;
  if (op->num_regions != op->num_operands) {
    buf_op_emit_error(op, "expects %u reduction regions, one per operand, but "
                          "has %u",
                      op->num_operands, op->num_regions);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    buf_block_t *b = entry_of(op, i);
    if (!b || !b->first) {
      buf_op_emit_error(op, "%u-th reduction has an empty body", i);
      return BUF_FAILURE;
    }
    if (b->num_args != 2 || b->args[0]->type != t || b->args[1]->type != t) {
      buf_op_emit_error(op,
                        "expected two block arguments with type '%s' in the "
                        "%u-th reduction region",
                        tstr(op, t), i);
      return BUF_FAILURE;
    }
    if (strcmp(b->last->name, "scf.reduce.return") != 0) {
      buf_op_emit_error(op, "reduction bodies must be terminated with an "
                            "'scf.reduce.return' op");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* scf.index_switch                                                          */
/* ------------------------------------------------------------------------ */

/* scf.index_switch %arg attr-dict (-> types)? (case N region)*
 *     default region */
static buf_status_t index_switch_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_unresolved_t u;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, buf_type_index(ctx), &v)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (buf_parse_optional(p, "->")) {
    buf_type_t *ts;
    uint32_t n;
    if (BUF_FAILED(buf_parse_type_list(p, &ts, &n))) return BUF_FAILURE;
    buf_state_add_results(st, n, ts);
  }
  buf_region_t *def = buf_state_add_region(st);
  int64_t *cases = NULL;
  uint32_t ncase = 0, cap = 0;
  while (buf_parse_optional_keyword(p, "case")) {
    cases = grow1(ctx, cases, ncase, &cap, sizeof *cases);
    buf_region_t *r = buf_state_add_region(st);
    if (BUF_FAILED(buf_parse_integer(p, &cases[ncase])) ||
        BUF_FAILED(buf_parse_region(p, r, NULL, 0)))
      return BUF_FAILURE;
    buf_region_ensure_terminator(ctx, r, "scf.yield", st->loc);
    ncase++;
  }
  if (BUF_FAILED(buf_parse_keyword(p, "default")) ||
      BUF_FAILED(buf_parse_region(p, def, NULL, 0)))
    return BUF_FAILURE;
  buf_region_ensure_terminator(ctx, def, "scf.yield", st->loc);
  buf_state_set_attr(st, "cases", buf_attr_i64_array(ctx, ncase, cases));
  return BUF_SUCCESS;
}

static void index_switch_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"cases", NULL};
  buf_attr_t cases = buf_op_attr(op, "cases");
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_print_attr_dict(pr, op, elided);
  if (op->num_results) {
    buf_printer_puts(pr, " -> ");
    buf_printer_print_result_types(pr, op);
  }
  /* mlir-opt ends the header line with a space before the first case. */
  buf_printer_puts(pr, " ");
  for (uint32_t i = 1; i < op->num_regions; i++) {
    buf_printer_newline(pr);
    int64_t c = (cases && cases->kind == BUF_ATTR_DENSE_ARRAY &&
                 i - 1 < cases->u.dense_array.count)
                    ? cases->u.dense_array.ints[i - 1]
                    : 0;
    buf_printer_printf(pr, "case %lld ", (long long)c);
    buf_printer_print_region(pr, buf_op_region(op, i), true, true);
  }
  buf_printer_newline(pr);
  /* Only the default region is declarative in upstream's format, so only
   * its empty yield is implicit; case regions print every terminator. */
  buf_printer_puts(pr, "default ");
  buf_printer_print_region(pr, buf_op_region(op, 0), true, false);
}

/* One region of scf.index_switch: it must yield the op's result types. */
static buf_status_t check_switch_region(buf_op_t *op, uint32_t i,
                                        const char *name) {
  buf_block_t *b = entry_of(op, i);
  if (!b || !b->last) return BUF_SUCCESS; /* structural checks report it */
  buf_op_t *y = b->last;
  if (strcmp(y->name, "scf.yield") != 0) {
    buf_op_emit_error(op, "expected region to end with scf.yield, but got %s",
                      y->name);
    return BUF_FAILURE;
  }
  if (y->num_operands != op->num_results) {
    buf_diag_t *d = buf_op_emit_error(
        op, "expected each region to return %u values, but %s returns %u",
        op->num_results, name, y->num_operands);
    buf_diag_note(buf_op_ctx(op), d, y->loc, "see yield operation here");
    return BUF_FAILURE;
  }
  for (uint32_t k = 0; k < y->num_operands; k++) {
    buf_type_t yt = buf_op_operand(y, k)->type, rt = op->results[k].type;
    if (yt != rt) {
      buf_diag_t *d = buf_op_emit_error(
          op, "expected result #%u of each region to be '%s'", k, tstr(op, rt));
      buf_diag_note(buf_op_ctx(op), d, y->loc, "%s returns '%s' here", name,
                    tstr(op, yt));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

static buf_status_t index_switch_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1))) return BUF_FAILURE;
  if (buf_op_operand(op, 0)->type->kind != BUF_TYPE_INDEX) {
    buf_op_emit_error(op, "operand #0 must be index, but got '%s'",
                      tstr(op, buf_op_operand(op, 0)->type));
    return BUF_FAILURE;
  }
  buf_attr_t cases = buf_op_attr(op, "cases");
  if (!cases || cases->kind != BUF_ATTR_DENSE_ARRAY) {
    buf_op_emit_error(op, "requires attribute 'cases'");
    return BUF_FAILURE;
  }
  int64_t n = cases->u.dense_array.count;
  if (op->num_regions < 1 || (int64_t)op->num_regions - 1 != n) {
    buf_op_emit_error(op, "has %u case regions but %lld case values",
                      op->num_regions ? op->num_regions - 1 : 0, (long long)n);
    return BUF_FAILURE;
  }
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < i; j++)
      if (cases->u.dense_array.ints[i] == cases->u.dense_array.ints[j]) {
        buf_op_emit_error(op, "has duplicate case value: %lld",
                          (long long)cases->u.dense_array.ints[i]);
        return BUF_FAILURE;
      }
  if (BUF_FAILED(check_switch_region(op, 0, "default region")))
    return BUF_FAILURE;
  for (uint32_t i = 1; i < op->num_regions; i++) {
    char name[48];
    snprintf(name, sizeof name, "case region #%u", i - 1);
    if (BUF_FAILED(check_switch_region(op, i, name))) return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Folds (buf_opdef_t.fold)                                                  */
/* ------------------------------------------------------------------------ */

/* Replaces an scf.for that runs exactly once by its body: the induction
 * variable is the lower bound, the iter_args their initial values, and
 * the results what the body yields (upstream's SimplifyTrivialLoops). */
static bool inline_single_iteration(buf_op_t *op) {
  buf_block_t *body = op->num_regions ? op->regions[0]->first : NULL;
  buf_op_t *yield = body ? buf_block_terminator(body) : NULL;
  if (!body || body->next || !yield ||
      body->num_args != 1 + op->num_results ||
      yield->num_operands != op->num_results)
    return false;
  buf_value_replace_all_uses(body->args[0], op->operands[0].value);
  for (uint32_t r = 0; r < op->num_results; r++)
    buf_value_replace_all_uses(body->args[1 + r], op->operands[3 + r].value);
  for (uint32_t r = 0; r < op->num_results; r++)
    buf_value_replace_all_uses(&op->results[r], yield->operands[r].value);
  buf_op_t *next;
  for (buf_op_t *x = body->first; x != yield; x = next) {
    next = x->next;
    buf_op_move_before(x, op);
  }
  buf_op_erase(op);
  return true;
}

/* Is v available before op (defined outside op's regions)? */
static bool defined_outside(const buf_value_t *v, const buf_op_t *op) {
  const buf_op_t *owner = v->def;
  if (!owner)
    owner = v->block && v->block->region ? v->block->region->op : NULL;
  return !owner || !buf_op_is_ancestor(op, owner) ||
         (owner == op && v->def == op);
}

/* A block holding nothing but its terminator. */
static bool only_terminator(const buf_block_t *b) {
  return b->first && b->first == b->last;
}

/* An iter_arg the body yields back unchanged, or replaces by its initial
 * value, holds the initial value in every iteration and after the loop
 * (upstream's ForOpIterArgsFolder, without dropping the operand): its uses
 * take the initial value. */
static bool forward_invariant_iter_args(buf_op_t *op) {
  buf_block_t *body = op->num_regions ? op->regions[0]->first : NULL;
  buf_op_t *yield = body ? buf_block_terminator(body) : NULL;
  if (!body || body->next || !yield ||
      body->num_args != 1 + op->num_results ||
      yield->num_operands != op->num_results)
    return false;
  bool changed = false;
  for (uint32_t r = 0; r < op->num_results; r++) {
    buf_value_t *arg = body->args[1 + r], *init = op->operands[3 + r].value;
    buf_value_t *next = yield->operands[r].value;
    if (next != arg && next != init)
      continue;
    if (buf_value_has_uses(arg)) {
      buf_value_replace_all_uses(arg, init);
      changed = true;
    }
    if (buf_value_has_uses(&op->results[r])) {
      buf_value_replace_all_uses(&op->results[r], init);
      changed = true;
    }
  }
  return changed;
}

/* A copy of op before it with the results keep[] marks (and the operands
 * given), its attributes and its regions' blocks moved over; the kept
 * results' uses move to the copy, op is erased. The caller trims the
 * terminators and block arguments that belonged to the dropped results. */
static buf_op_t *rebuild_with_results(buf_op_t *op, uint32_t num_operands,
                                      buf_value_t *const *operands,
                                      const bool *keep) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_op_state_t st;
  buf_state_init(&st, ctx, op->name, op->loc);
  buf_state_add_operands(&st, num_operands, operands);
  for (uint32_t r = 0; r < op->num_results; r++)
    if (keep[r])
      buf_state_add_result(&st, op->results[r].type);
  buf_attr_t d = op->attrs;
  for (uint32_t i = 0; d && i < d->u.dict.n; i++)
    buf_state_set_attr(&st, d->u.dict.entries[i].name,
                       d->u.dict.entries[i].value);
  for (uint32_t i = 0; i < op->num_regions; i++)
    buf_state_add_region(&st);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  buf_op_t *n = buf_builder_insert(&b, &st);
  for (uint32_t i = 0; i < op->num_regions; i++)
    buf_region_take_blocks(n->regions[i], op->regions[i]);
  for (uint32_t r = 0, k = 0; r < op->num_results; r++)
    if (keep[r])
      buf_value_replace_all_uses(&op->results[r], &n->results[k++]);
  buf_op_erase(op);
  return n;
}

/* Removes operand forward_first + r of the terminator of every block of
 * region for each dropped result r (keep[r] false), last first. */
static void drop_yielded(buf_region_t *region, const bool *keep, uint32_t n) {
  for (buf_block_t *blk = region->first; blk; blk = blk->next) {
    buf_op_t *t = buf_block_terminator(blk);
    if (!t || !buf_op_has_trait(t, BUF_TRAIT_FORWARDS))
      continue;
    uint32_t first = (uint32_t)t->def->forward_first;
    for (uint32_t r = n; r-- > 0;)
      if (!keep[r] && first + r < t->num_operands)
        buf_op_erase_operand(t, first + r);
  }
}

/* scf.for iter_args that carry nothing drop out of the loop (upstream's
 * ForOpIterArgsFolder): one the body yields back unchanged or replaces by
 * its initial value (forward_invariant_iter_args moved its uses to that
 * value), or one that neither the body nor any user reads. */
static bool drop_dead_iter_args(buf_op_t *op) {
  buf_block_t *body = op->num_regions ? op->regions[0]->first : NULL;
  buf_op_t *yield = body ? buf_block_terminator(body) : NULL;
  uint32_t n = op->num_results;
  if (!n || !body || body->next || !yield ||
      body->num_args != 1 + n || yield->num_operands != n ||
      op->num_operands != 3 + n || n > 256)
    return false;
  bool keep[256], any = false;
  buf_value_t *operands[3 + 256];
  uint32_t k = 0;
  for (uint32_t i = 0; i < 3; i++)
    operands[k++] = op->operands[i].value;
  for (uint32_t r = 0; r < n; r++) {
    buf_value_t *arg = body->args[1 + r], *init = op->operands[3 + r].value;
    buf_value_t *next = yield->operands[r].value;
    keep[r] = !(next == arg || next == init ||
                (!buf_value_has_uses(arg) &&
                 !buf_value_has_uses(&op->results[r])));
    if (keep[r]) {
      operands[k++] = init;
      continue;
    }
    any = true;
    buf_value_replace_all_uses(arg, init);
    buf_value_replace_all_uses(&op->results[r], init);
  }
  if (!any)
    return false;
  buf_op_t *nop = rebuild_with_results(op, k, operands, keep);
  drop_yielded(nop->regions[0], keep, n);
  for (uint32_t r = n; r-- > 0;)
    if (!keep[r])
      buf_block_erase_arg(body, 1 + r);
  return true;
}

/* scf.for: see forward_invariant_iter_args; a loop whose body holds
 * nothing but its yield and whose results are then unused goes (it has no
 * effect: upstream erases it as trivially dead). */
static bool for_canonicalize(buf_op_t *op) {
  if (forward_invariant_iter_args(op) | drop_dead_iter_args(op))
    return true;
  bool changed = false;
  buf_block_t *body = op->num_regions ? op->regions[0]->first : NULL;
  if (!body || body->next || !only_terminator(body))
    return changed;
  for (uint32_t r = 0; r < op->num_results; r++)
    if (buf_value_has_uses(&op->results[r]))
      return changed;
  buf_op_erase(op);
  return true;
}

/* scf.forall whose body holds nothing but an empty scf.forall.in_parallel
 * writes nothing: its results are its shared_outs (the trailing
 * operands), and it goes. */
static bool forall_canonicalize(buf_op_t *op) {
  buf_block_t *body = op->num_regions ? op->regions[0]->first : NULL;
  buf_op_t *term = body ? buf_block_terminator(body) : NULL;
  if (!body || body->next || !only_terminator(body) || !term ||
      term->num_regions != 1 ||
      (term->regions[0]->first && term->regions[0]->first->first) ||
      op->num_operands < op->num_results)
    return false;
  uint32_t first_out = op->num_operands - op->num_results;
  for (uint32_t r = 0; r < op->num_results; r++)
    buf_value_replace_all_uses(&op->results[r],
                               op->operands[first_out + r].value);
  buf_op_erase(op);
  return true;
}

/* An scf.for whose constant bounds give no iteration is its iter_args'
 * initial values (upstream's canonicalizer folds it too): the buffers only
 * its body used become dead; one that runs once is its body. Not with
 * unsignedCmp, whose bounds read unsigned. */
static bool for_fold(buf_op_t *op) {
  int64_t lb, ub, step, span;
  if (op->num_operands < 3 || op->num_operands - 3 != op->num_results ||
      buf_op_has_attr(op, "unsignedCmp") ||
      !buf_value_constant_int(op->operands[0].value, &lb) ||
      !buf_value_constant_int(op->operands[1].value, &ub))
    return false;
  if (lb >= ub) {
    for (uint32_t r = 0; r < op->num_results; r++)
      buf_value_replace_all_uses(&op->results[r], op->operands[3 + r].value);
    buf_op_erase(op);
    return true;
  }
  if (!buf_value_constant_int(op->operands[2].value, &step) || step <= 0 ||
      __builtin_sub_overflow(ub, lb, &span) || span > step)
    return false;
  return inline_single_iteration(op);
}

/* Replaces op by region r of it, which runs exactly once: its one block
 * (without arguments) moves before op and the values its yield forwards
 * take the place of op's results. False when the region is not in that
 * form (several blocks, arguments, a terminator that does not forward
 * exactly the results). An empty region stands for one that yields
 * nothing. */
static bool inline_region(buf_op_t *op, uint32_t r) {
  buf_region_t *region = op->regions[r];
  buf_block_t *b = region->first;
  if (!b) {
    if (op->num_results)
      return false;
    buf_op_erase(op);
    return true;
  }
  buf_op_t *yield = buf_block_terminator(b);
  if (b->next || b->num_args || !yield ||
      !buf_op_has_trait(yield, BUF_TRAIT_FORWARDS) ||
      yield->num_operands != (uint32_t)yield->def->forward_first +
                                 op->num_results)
    return false;
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_value_replace_all_uses(&op->results[i],
                               yield->operands[yield->def->forward_first + i]
                                   .value);
  buf_op_t *next;
  for (buf_op_t *x = b->first; x != yield; x = next) {
    next = x->next;
    buf_op_move_before(x, op);
  }
  buf_op_erase(op);
  return true;
}

/* scf.if on a constant condition is the region it takes; scf.execute_region
 * with one block is that block, unless marked no_inline (upstream's
 * RemoveStaticCondition and SingleBlockExecuteInliner). */
static bool region_branch_fold(buf_op_t *op) {
  if (buf_op_has_attr(op, "no_inline"))
    return false;
  int32_t r = buf_op_entry_region(op, NULL);
  return r >= 0 && inline_region(op, (uint32_t)r);
}

/* scf.if results nobody uses drop out, with what the branches yield for
 * them (upstream's RemoveUnusedResults). */
static bool drop_unused_if_results(buf_op_t *op) {
  uint32_t n = op->num_results;
  bool keep[256], any = false;
  if (!n || n > 256)
    return false;
  for (uint32_t r = 0; r < n; r++) {
    keep[r] = buf_value_has_uses(&op->results[r]);
    any |= !keep[r];
  }
  if (!any)
    return false;
  buf_value_t *cond = op->operands[0].value;
  buf_op_t *nop = rebuild_with_results(op, 1, &cond, keep);
  drop_yielded(nop->regions[0], keep, n);
  drop_yielded(nop->regions[1], keep, n);
  return true;
}

/* scf.if: a result both branches yield as the same value from outside is
 * that value (upstream drops such results; their uses go here); a scalar
 * result for which the branches yield two values from outside is an
 * arith.select of them on the condition (upstream's
 * ConvertTrivialIfToSelect; buffers and tensors stay, which the
 * interpreter's select does not take). An scf.if whose branches hold
 * nothing but their yields and whose results are then unused goes. */
static bool if_canonicalize(buf_op_t *op) {
  bool changed = false;
  if (op->num_regions != 2 || !op->regions[0]->first)
    return false;
  if (!op->regions[1]->first)
    return op->num_results == 0 ? false : drop_unused_if_results(op);
  buf_op_t *a = buf_block_terminator(op->regions[0]->first);
  buf_op_t *b = buf_block_terminator(op->regions[1]->first);
  if (!a || !b)
    return false;
  for (uint32_t r = 0; r < op->num_results && r < a->num_operands &&
                       r < b->num_operands;
       r++) {
    buf_value_t *v = a->operands[r].value, *w = b->operands[r].value;
    if (!buf_value_has_uses(&op->results[r]) || !defined_outside(v, op) ||
        !defined_outside(w, op))
      continue;
    if (v != w) {
      if (!buf_type_is_int_or_index(v->type) && !buf_type_is_float(v->type))
        continue;
      buf_builder_t bld;
      buf_builder_init(&bld, buf_op_ctx(op));
      buf_builder_set_before(&bld, op);
      bld.loc = op->loc;
      buf_value_t *sel[3] = {buf_op_operand(op, 0), v, w};
      v = buf_op_result(buf_build(&bld, "arith.select", v->type, 3, sel, NULL),
                        0);
    }
    buf_value_replace_all_uses(&op->results[r], v);
    changed = true;
  }
  if (only_terminator(op->regions[0]->first) &&
      only_terminator(op->regions[1]->first)) {
    for (uint32_t r = 0; r < op->num_results; r++)
      if (buf_value_has_uses(&op->results[r]))
        return drop_unused_if_results(op) || changed;
    buf_op_erase(op);
    return true;
  }
  if (drop_unused_if_results(op))
    return true;
  /* an else that does nothing is no else (upstream's
   * RemoveEmptyElseBranch) */
  buf_block_t *els = op->regions[1]->first;
  if (op->num_results == 0 && !els->next && only_terminator(els) &&
      !els->num_args) {
    buf_region_remove_block(op->regions[1], els);
    return true;
  }
  return changed;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const char *const for_attrs[] = {"unsignedCmp", NULL};
static const char *const execute_region_attrs[] = {"no_inline", NULL};
static const char *const parallel_attrs[] = {"operandSegmentSizes", NULL};
static const char *const index_switch_attrs[] = {"cases", NULL};

#define TERM (BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE)
#define BODY (BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_IMPLICIT_TERMINATOR)

/* ------------------------------------------------------------------------ */
/* Folding hooks: trip counts and the region that runs                       */
/* ------------------------------------------------------------------------ */

/* Iterations of lb..ub by step; -1 when not sure of it. */
static int64_t iterations(int64_t lb, int64_t ub, int64_t step) {
  if (step <= 0 || lb < -(INT64_C(1) << 61) || ub > (INT64_C(1) << 61) ||
      step > (INT64_C(1) << 61))
    return -1;
  return ub <= lb ? 0 : (ub - lb + step - 1) / step;
}

/* n * k for trip counts; -1 when either is unknown or it overflows. */
static int64_t times(int64_t n, int64_t k) {
  if (n < 0 || k < 0 || (k && n > INT64_MAX / k))
    return -1;
  return n * k;
}

/* scf.for %i = %lb to %ub step %step */
static int64_t for_trip_count(const buf_op_t *op, const buf_fold_env_t *env) {
  int64_t lb, ub, step;
  if (op->num_operands < 3 ||
      !buf_fold_env_int_of(env, buf_op_operand(op, 0), &lb) ||
      !buf_fold_env_int_of(env, buf_op_operand(op, 1), &ub) ||
      !buf_fold_env_int_of(env, buf_op_operand(op, 2), &step))
    return -1;
  return iterations(lb, ub, step);
}

/* Bound d of an scf.forall: the static entry, or the operand of segment
 * `segment` that supplies a dynamic one. */
static bool forall_bound(const buf_op_t *op, const buf_fold_env_t *env,
                         const char *attr, uint32_t segment, uint32_t d,
                         int64_t *out) {
  buf_attr_t a = buf_op_attr(op, attr);
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || d >= a->u.dense_array.count)
    return false;
  if (a->u.dense_array.ints[d] != BUF_DYNAMIC) {
    *out = a->u.dense_array.ints[d];
    return true;
  }
  uint32_t dyn = 0; /* dynamic entries before d */
  for (uint32_t i = 0; i < d; i++)
    dyn += a->u.dense_array.ints[i] == BUF_DYNAMIC;
  uint32_t len, start = buf_op_segment(op, segment, &len);
  return dyn < len &&
         buf_fold_env_int_of(env, buf_op_operand(op, start + dyn), out);
}

static int64_t forall_trip_count(const buf_op_t *op,
                                 const buf_fold_env_t *env) {
  buf_attr_t u = buf_op_attr(op, "staticUpperBound");
  if (!u || u->kind != BUF_ATTR_DENSE_ARRAY)
    return -1;
  int64_t n = 1, lb, ub, step;
  for (uint32_t d = 0; d < u->u.dense_array.count && n >= 0; d++) {
    if (!forall_bound(op, env, "staticLowerBound", 0, d, &lb) ||
        !forall_bound(op, env, "staticUpperBound", 1, d, &ub) ||
        !forall_bound(op, env, "staticStep", 2, d, &step))
      return -1;
    n = times(n, iterations(lb, ub, step));
  }
  return n;
}

static int64_t parallel_trip_count(const buf_op_t *op,
                                   const buf_fold_env_t *env) {
  uint32_t nl, nu, ns;
  uint32_t sl = buf_op_segment(op, 0, &nl), su = buf_op_segment(op, 1, &nu),
           ss = buf_op_segment(op, 2, &ns);
  if (nl != nu || nu != ns)
    return -1;
  int64_t n = 1, lb, ub, step;
  for (uint32_t d = 0; d < nl && n >= 0; d++) {
    if (!buf_fold_env_int_of(env, buf_op_operand(op, sl + d), &lb) ||
        !buf_fold_env_int_of(env, buf_op_operand(op, su + d), &ub) ||
        !buf_fold_env_int_of(env, buf_op_operand(op, ss + d), &step))
      return -1;
    n = times(n, iterations(lb, ub, step));
  }
  return n;
}

/* scf.if runs its then region (0) when the condition holds, else region 1
 * (which may be empty: then nothing runs). */
static int32_t if_entry_region(const buf_op_t *op, const buf_fold_env_t *env) {
  int64_t cond;
  if (op->num_operands < 1 ||
      !buf_fold_env_int_of(env, buf_op_operand(op, 0), &cond))
    return -1;
  return cond ? 0 : 1;
}

/* scf.execute_region always runs its one region. */
static int32_t execute_region_entry_region(const buf_op_t *op,
                                           const buf_fold_env_t *env) {
  (void)op, (void)env;
  return 0;
}

static const buf_opdef_t scf_ops[] = {
    {.name = "scf.condition", .traits = TERM | BUF_TRAIT_FORWARDS,
     .forward_first = 1, .verify = condition_verify,
     .parse = condition_parse, .print = condition_print},
    {.name = "scf.execute_region", .traits = BUF_TRAIT_REGION_BRANCH,
     .entry_region = execute_region_entry_region, .fold = region_branch_fold,
     .inherent_attrs = execute_region_attrs,
     .verify = execute_region_verify, .parse = execute_region_parse,
     .print = execute_region_print},
    {.name = "scf.for", .traits = BODY | BUF_TRAIT_LOOP,
     .forward_first = 3, .forward_arg = 1, .inherent_attrs = for_attrs,
     .trip_count = for_trip_count, .fold = for_fold,
     .canonicalize = for_canonicalize,
     .verify = for_verify, .parse = for_parse, .print = for_print},
    {.name = "scf.forall",
     .traits = BODY | BUF_TRAIT_LOOP | BUF_TRAIT_PARALLEL |
               BUF_TRAIT_ALLOCATION_SCOPE,
     .inherent_attrs = forall_attrs, .trip_count = forall_trip_count,
     .verify = forall_verify, .parse = forall_parse, .print = forall_print,
     .canonicalize = forall_canonicalize},
    {.name = "scf.forall.in_parallel",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_NO_TERMINATOR |
               BUF_TRAIT_SINGLE_BLOCK,
     .verify = in_parallel_verify, .parse = in_parallel_parse,
     .print = in_parallel_print},
    {.name = "scf.if", .traits = BODY | BUF_TRAIT_REGION_BRANCH, .verify = if_verify, .parse = if_parse,
     .print = if_print, .entry_region = if_entry_region,
     .fold = region_branch_fold, .canonicalize = if_canonicalize},
    {.name = "scf.index_switch",
     .traits = BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_REGION_BRANCH,
     .inherent_attrs = index_switch_attrs, .verify = index_switch_verify,
     .parse = index_switch_parse, .print = index_switch_print},
    {.name = "scf.parallel",
     .traits = BODY | BUF_TRAIT_LOOP | BUF_TRAIT_PARALLEL |
               BUF_TRAIT_ALLOCATION_SCOPE,
     .inherent_attrs = parallel_attrs, .trip_count = parallel_trip_count,
     .verify = parallel_verify, .parse = parallel_parse,
     .print = parallel_print},
    {.name = "scf.reduce",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE |
               BUF_TRAIT_SINGLE_BLOCK,
     .verify = reduce_verify, .parse = reduce_parse, .print = reduce_print},
    {.name = "scf.reduce.return", .traits = TERM,
     .verify = reduce_return_verify, .parse = reduce_return_parse,
     .print = reduce_return_print},
    {.name = "scf.while", .traits = BUF_TRAIT_LOOP, .verify = while_verify,
     .parse = while_parse,
     .print = while_print},
    {.name = "scf.yield", .traits = TERM | BUF_TRAIT_FORWARDS, .verify = yield_verify,
     .parse = yield_parse, .print = yield_print},
};

const buf_dialect_t buf_dialect_scf = {
    "scf", scf_ops, sizeof scf_ops / sizeof scf_ops[0], false};
