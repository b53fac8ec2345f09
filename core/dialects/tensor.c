/*
 * tensor.c: the tensor dialect's op table.
 *
 * One row per op; ops of one shape share hooks through row data:
 *   - the slice ops (extract_slice, insert_slice, parallel_insert_slice)
 *     share one parser/printer driven by slice_info_t (does it have a
 *     destination, a result) and one verifier built on shaped_util's slice
 *     helpers;
 *   - ops whose custom form is `%x attr-dict : T to U` (cast, bitcast) share
 *     one parser/printer;
 *   - empty and splat share the "one index operand per dynamic dim" check.
 * The custom forms are exactly those mlir-opt 22 prints; every verifier uses
 * MLIR's wording (plain errors where upstream uses emitError, "'op' op"
 * prefixed ones where it uses emitOpError).
 *
 * Invariants: verifiers check operand/result kinds before looking at
 * shaped-type fields, so malformed generic-form input is diagnosed and never
 * crashes; parse hooks set operandSegmentSizes exactly as mlir-opt does.
 */
#include "dialect_util.h"
#include "shaped_util.h"

#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

static buf_type_t operand_type(const buf_op_t *op, uint32_t i) {
  return op->operands[i].value->type;
}

static bool is_ranked_tensor(buf_type_t t) {
  return t && t->kind == BUF_TYPE_TENSOR;
}

static bool is_index(buf_type_t t) { return t && t->kind == BUF_TYPE_INDEX; }

/* "operand #i must be <what>, but got 'T'" unless ok. */
static buf_status_t need(buf_op_t *op, bool ok, const char *which, uint32_t i,
                         const char *what, buf_type_t t) {
  if (ok)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "%s #%u must be %s, but got '%s'", which, i, what,
                    buf_type_to_string(buf_op_ctx(op), t));
  return BUF_FAILURE;
}

static buf_status_t need_ranked_operand(buf_op_t *op, uint32_t i) {
  return need(op, is_ranked_tensor(operand_type(op, i)), "operand", i,
              "ranked tensor of any type values", operand_type(op, i));
}

static buf_status_t need_ranked_result(buf_op_t *op, uint32_t i) {
  return need(op, is_ranked_tensor(op->results[i].type), "result", i,
              "ranked tensor of any type values", op->results[i].type);
}

static buf_status_t need_tensor_operand(buf_op_t *op, uint32_t i) {
  return need(op, buf_type_is_tensor(operand_type(op, i)), "operand", i,
              "tensor of any type values", operand_type(op, i));
}

/* Operands [start, start+n) are index values. */
static buf_status_t need_index_operands(buf_op_t *op, uint32_t start,
                                        uint32_t n) {
  for (uint32_t i = start; i < start + n; i++)
    if (BUF_FAILED(need(op, is_index(operand_type(op, i)), "operand", i,
                        "variadic of index", operand_type(op, i))))
      return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* MLIR's verifyDynamicDimensionCount: "incorrect number of dynamic sizes,
 * has N, expected M". */
static buf_status_t check_dynamic_count(buf_op_t *op, buf_type_t t,
                                        uint32_t has) {
  uint32_t expected = buf__type_num_dynamic_dims(t);
  if (has == expected)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "incorrect number of dynamic sizes, has %u, expected %u",
                    has, expected);
  return BUF_FAILURE;
}

/* The values of operands [start, start+n) as an arena array (printing). */
static buf_value_t **operand_values(buf_op_t *op, uint32_t start, uint32_t n) {
  buf_value_t **vs = buf_arena_alloc(buf_ctx_arena(buf_op_ctx(op)),
                                     sizeof(buf_value_t *) * (n + 1));
  for (uint32_t i = 0; i < n; i++)
    vs[i] = op->operands[start + i].value;
  return vs;
}

static void set_segments(buf_op_state_t *st, uint32_t n, const int64_t *sizes) {
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(st->ctx, buf_type_i32(st->ctx), n,
                                          sizes, NULL));
}

/* Parses ':' T and requires a ranked tensor. */
static buf_status_t parse_ranked_tensor_type(buf_parser_t *p, buf_type_t *t) {
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, t)))
    return BUF_FAILURE;
  if (!is_ranked_tensor(*t))
    return buf_parser_error_at(p, loc, "expected a ranked tensor type");
  return BUF_SUCCESS;
}

/* Prints " : T" of operand i. */
static void print_colon_operand_type(buf_printer_t *pr, buf_op_t *op,
                                     uint32_t i) {
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, operand_type(op, i));
}

static const char *const no_attrs[] = {NULL};

/* ------------------------------------------------------------------------ */
/* tensor.empty: `(%d...) attr-dict : T`                                     */
/* ------------------------------------------------------------------------ */

static buf_status_t empty_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *dyn;
  uint32_t n;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand_list(p, "(", &dyn, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(parse_ranked_tensor_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(
          p, dyn, n, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void empty_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_puts(pr, ")");
  buf_printer_print_attr_dict(pr, op, no_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t empty_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_result(op, 0)) ||
      BUF_FAILED(need_index_operands(op, 0, op->num_operands)))
    return BUF_FAILURE;
  return check_dynamic_count(op, op->results[0].type, op->num_operands);
}

/* ------------------------------------------------------------------------ */
/* tensor.extract / tensor.insert                                            */
/* ------------------------------------------------------------------------ */

/* `%t[%i, ...] attr-dict : T` */
static buf_status_t extract_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, *idx;
  uint32_t n;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(parse_ranked_tensor_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &src, 1, t, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(
          p, idx, n, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t->u.shaped.elem);
  return BUF_SUCCESS;
}

static void extract_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_puts(pr, "[");
  buf_printer_print_operands(pr, op, 1, op->num_operands - 1);
  buf_printer_puts(pr, "]");
  buf_printer_print_attr_dict(pr, op, no_attrs);
  print_colon_operand_type(pr, op, 0);
}

static buf_status_t extract_verify(buf_op_t *op) {
  if (op->num_operands < 1) {
    buf_op_emit_error(op, "expected 1 or more operands, but found 0");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_operand(op, 0)) ||
      BUF_FAILED(need_index_operands(op, 1, op->num_operands - 1)))
    return BUF_FAILURE;
  buf_type_t t = operand_type(op, 0);
  if (op->results[0].type != t->u.shaped.elem) {
    buf_op_emit_error(op, "failed to verify that result type matches element "
                          "type of tensor");
    return BUF_FAILURE;
  }
  if (op->num_operands - 1 != t->u.shaped.rank) {
    buf_op_emit_error(op, "incorrect number of indices for extract_element");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* `%v into %t[%i, ...] attr-dict : T` */
static buf_status_t insert_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t v, dst, *idx;
  uint32_t n;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &v)) ||
      BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_operand(p, &dst)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(parse_ranked_tensor_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &v, 1, t->u.shaped.elem,
                                                 st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &dst, 1, t, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(
          p, idx, n, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void insert_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_puts(pr, " into ");
  buf_printer_print_value(pr, op->operands[1].value);
  buf_printer_puts(pr, "[");
  buf_printer_print_operands(pr, op, 2, op->num_operands - 2);
  buf_printer_puts(pr, "]");
  buf_printer_print_attr_dict(pr, op, no_attrs);
  print_colon_operand_type(pr, op, 1);
}

static buf_status_t insert_verify(buf_op_t *op) {
  if (op->num_operands < 2) {
    buf_op_emit_error(op, "expected 2 or more operands, but found %u",
                      op->num_operands);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_operand(op, 1)) ||
      BUF_FAILED(need_index_operands(op, 2, op->num_operands - 2)))
    return BUF_FAILURE;
  buf_type_t t = operand_type(op, 1);
  if (op->results[0].type != t) {
    buf_op_emit_error(op, "failed to verify that result type matches type of "
                          "dest");
    return BUF_FAILURE;
  }
  if (operand_type(op, 0) != t->u.shaped.elem) {
    buf_op_emit_error(op, "failed to verify that scalar type matches element "
                          "type of dest");
    return BUF_FAILURE;
  }
  if (op->num_operands - 2 != t->u.shaped.rank) {
    buf_op_emit_error(op, "incorrect number of indices");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Slices: extract_slice, insert_slice, parallel_insert_slice                */
/* ------------------------------------------------------------------------ */

/* extract_slice:  `%src[offs] [sizes] [strides] attr-dict : S to R`
 * insert_slice:   `%src into %dst[offs] [sizes] [strides] attr-dict
 *                  : S into D`  (result: D)
 * parallel_insert_slice: as insert_slice, no result. */
typedef struct slice_info {
  bool has_dest;   /* operand 1 is the destination */
  bool has_result;
} slice_info_t;

static const slice_info_t slice_extract = {false, true};
static const slice_info_t slice_insert = {true, true};
static const slice_info_t slice_parallel = {true, false};

static buf_status_t slice_parse(buf_parser_t *p, buf_op_state_t *st,
                                const slice_info_t *si) {
  buf_unresolved_t src, dst, *dyn[3];
  uint32_t ndyn[3];
  buf_attr_t statics[3];
  buf_type_t t1, t2;
  if (BUF_FAILED(buf_parse_operand(p, &src)))
    return BUF_FAILURE;
  if (si->has_dest && (BUF_FAILED(buf_parse_keyword(p, "into")) ||
                       BUF_FAILED(buf_parse_operand(p, &dst))))
    return BUF_FAILURE;
  for (int k = 0; k < 3; k++)
    if (BUF_FAILED(
            buf_parse_dynamic_index_list(p, &dyn[k], &ndyn[k], &statics[k])))
      return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(buf_parse_type(p, &t1)) ||
      BUF_FAILED(buf_parse_keyword(p, si->has_dest ? "into" : "to")) ||
      BUF_FAILED(buf_parse_type(p, &t2)))
    return BUF_FAILURE;
  buf_type_t index = buf_type_index(st->ctx);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, &src, 1, t1, st)))
    return BUF_FAILURE;
  if (si->has_dest &&
      BUF_FAILED(buf_parse_resolve_operands_same(p, &dst, 1, t2, st)))
    return BUF_FAILURE;
  for (int k = 0; k < 3; k++)
    if (BUF_FAILED(
            buf_parse_resolve_operands_same(p, dyn[k], ndyn[k], index, st)))
      return BUF_FAILURE;
  static const char *const names[3] = {"static_offsets", "static_sizes",
                                       "static_strides"};
  for (int k = 0; k < 3; k++)
    buf_state_set_attr(st, names[k], statics[k]);
  if (si->has_dest) {
    int64_t seg[5] = {1, 1, ndyn[0], ndyn[1], ndyn[2]};
    set_segments(st, 5, seg);
  } else {
    int64_t seg[4] = {1, ndyn[0], ndyn[1], ndyn[2]};
    set_segments(st, 4, seg);
  }
  if (si->has_result)
    buf_state_add_result(st, t2);
  return BUF_SUCCESS;
}

static const char *const slice_elided[] = {
    "operandSegmentSizes", "static_offsets", "static_sizes", "static_strides",
    NULL};
static const char *const slice_attrs[] = {"operandSegmentSizes",
                                          "static_offsets", "static_sizes",
                                          "static_strides", NULL};

static void slice_print(buf_printer_t *pr, buf_op_t *op,
                        const slice_info_t *si) {
  static const char *const names[3] = {"static_offsets", "static_sizes",
                                       "static_strides"};
  uint32_t first = si->has_dest ? 2 : 1;
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  if (si->has_dest) {
    buf_printer_puts(pr, " into ");
    buf_printer_print_value(pr, op->operands[1].value);
  }
  for (uint32_t k = 0; k < 3; k++) {
    uint32_t len = 0;
    uint32_t start = buf_op_segment(op, first + k, &len);
    if (k)
      buf_printer_puts(pr, " ");
    buf_printer_print_dynamic_index_list(pr, buf_op_attr(op, names[k]), len,
                                         operand_values(op, start, len));
  }
  buf_printer_print_attr_dict(pr, op, slice_elided);
  print_colon_operand_type(pr, op, 0);
  buf_printer_puts(pr, si->has_dest ? " into " : " to ");
  buf_printer_print_type(pr, si->has_dest ? operand_type(op, 1)
                                          : op->results[0].type);
}

static buf_status_t slice_verify(buf_op_t *op, const slice_info_t *si) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t nseg = si->has_dest ? 5 : 4;
  int64_t seg[5];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 5) != nseg) {
    buf_op_emit_error(op, "operand count (%u) does not match with the total "
                          "size (0) specified in attribute "
                          "'operandSegmentSizes'",
                      op->num_operands);
    return BUF_FAILURE;
  }
  int64_t total = 0;
  for (uint32_t i = 0; i < nseg; i++)
    total += seg[i];
  if (total != (int64_t)op->num_operands || seg[0] != 1 ||
      (si->has_dest && seg[1] != 1)) {
    buf_op_emit_error(op, "operand count (%u) does not match with the total "
                          "size (%lld) specified in attribute "
                          "'operandSegmentSizes'",
                      op->num_operands, (long long)total);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, si->has_result ? 1 : 0)) ||
      BUF_FAILED(need_ranked_operand(op, 0)) ||
      (si->has_dest && BUF_FAILED(need_ranked_operand(op, 1))) ||
      (si->has_result && BUF_FAILED(need_ranked_result(op, 0))))
    return BUF_FAILURE;
  uint32_t first = si->has_dest ? 2 : 1;
  if (BUF_FAILED(need_index_operands(op, first, op->num_operands - first)))
    return BUF_FAILURE;
  /* The sliced tensor: the source of extract, the destination of insert. */
  buf_type_t full = si->has_dest ? operand_type(op, 1) : operand_type(op, 0);
  buf_type_t small = si->has_dest ? operand_type(op, 0) : op->results[0].type;
  buf__slice_t s;
  if (BUF_FAILED(buf__slice_get(op, first, full->u.shaped.rank, &s)))
    return BUF_FAILURE;
  if (si->has_result && si->has_dest && op->results[0].type != full) {
    buf_op_emit_error(op, "failed to verify that expected result type to "
                          "match dest type");
    return BUF_FAILURE;
  }
  buf_type_t expected = buf__slice_tensor_type(ctx, full, s.sizes, s.rank);
  buf__slice_verdict_t v = buf__check_rank_reduced(expected, small, NULL);
  if (v != BUF__SLICE_OK)
    return buf__emit_slice_verdict(op, v, expected, small);
  return buf__slice_verify_in_bounds(op, &s, full->u.shaped.shape);
}

static buf_status_t extract_slice_parse(buf_parser_t *p, buf_op_state_t *st) {
  return slice_parse(p, st, &slice_extract);
}
static void extract_slice_print(buf_printer_t *pr, buf_op_t *op) {
  slice_print(pr, op, &slice_extract);
}
static buf_status_t extract_slice_verify(buf_op_t *op) {
  return slice_verify(op, &slice_extract);
}
static buf_status_t insert_slice_parse(buf_parser_t *p, buf_op_state_t *st) {
  return slice_parse(p, st, &slice_insert);
}
static void insert_slice_print(buf_printer_t *pr, buf_op_t *op) {
  slice_print(pr, op, &slice_insert);
}
static buf_status_t insert_slice_verify(buf_op_t *op) {
  return slice_verify(op, &slice_insert);
}
static buf_status_t parallel_insert_slice_parse(buf_parser_t *p,
                                                buf_op_state_t *st) {
  return slice_parse(p, st, &slice_parallel);
}
static void parallel_insert_slice_print(buf_printer_t *pr, buf_op_t *op) {
  slice_print(pr, op, &slice_parallel);
}
static buf_status_t parallel_insert_slice_verify(buf_op_t *op) {
  /* Only scf.forall's terminator combines parallel slices. */
  buf_op_t *parent = buf_op_parent(op);
  if (!parent || strcmp(parent->name, "scf.forall.in_parallel") != 0) {
    buf_emit_error(buf_op_ctx(op), op->loc,
                   "expected InParallelOpInterface parent, got: '%s'",
                   parent ? parent->name : "<none>");
    return BUF_FAILURE;
  }
  return slice_verify(op, &slice_parallel);
}

/* ------------------------------------------------------------------------ */
/* `%x attr-dict : T to U`: cast, bitcast                                    */
/* ------------------------------------------------------------------------ */

static buf_status_t to_form_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t x;
  buf_type_t from, to;
  if (BUF_FAILED(buf_parse_operand(p, &x)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(buf_parse_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &x, 1, from, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static void to_form_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_print_attr_dict(pr, op, no_attrs);
  print_colon_operand_type(pr, op, 0);
  buf_printer_puts(pr, " to ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t cast_incompatible(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_op_emit_error(op, "operand type '%s' and result type '%s' are cast "
                        "incompatible",
                    buf_type_to_string(ctx, operand_type(op, 0)),
                    buf_type_to_string(ctx, op->results[0].type));
  return BUF_FAILURE;
}

static buf_status_t cast_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_tensor_operand(op, 0)) ||
      BUF_FAILED(need(op, buf_type_is_tensor(op->results[0].type), "result", 0,
                      "tensor of any type values", op->results[0].type)))
    return BUF_FAILURE;
  buf_type_t a = operand_type(op, 0), b = op->results[0].type;
  if (a->u.shaped.elem != b->u.shaped.elem ||
      !buf__types_shape_compatible(a, b))
    return cast_incompatible(op);
  return BUF_SUCCESS;
}

static buf_status_t bitcast_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_tensor_operand(op, 0)) ||
      BUF_FAILED(need(op, buf_type_is_tensor(op->results[0].type), "result", 0,
                      "tensor of any type values", op->results[0].type)))
    return BUF_FAILURE;
  buf_type_t a = operand_type(op, 0), b = op->results[0].type;
  uint32_t wa = buf_type_bitwidth(a->u.shaped.elem),
           wb = buf_type_bitwidth(b->u.shaped.elem);
  if (wa == 0 || wa != wb || !buf__types_shape_compatible(a, b))
    return cast_incompatible(op);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* tensor.dim `attr-dict %t, %i : T`, tensor.rank `%t attr-dict : T`         */
/* ------------------------------------------------------------------------ */

static buf_status_t dim_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, idx;
  buf_type_t t;
  buf_type_t index = buf_type_index(st->ctx);
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &idx)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &src, 1, t, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &idx, 1, index, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, index);
  return BUF_SUCCESS;
}

static void dim_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_print_attr_dict(pr, op, no_attrs);
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 2);
  print_colon_operand_type(pr, op, 0);
}

static buf_status_t dim_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need(op, buf_type_is_tensor(operand_type(op, 0)), "operand", 0,
                      "non-0-ranked or unranked tensor", operand_type(op, 0))) ||
      BUF_FAILED(need(op, is_index(operand_type(op, 1)), "operand", 1, "index",
                      operand_type(op, 1))) ||
      BUF_FAILED(need(op, is_index(op->results[0].type), "result", 0, "index",
                      op->results[0].type)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

static buf_status_t rank_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &src, 1, t, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, buf_type_index(st->ctx));
  return BUF_SUCCESS;
}

/* `%x attr-dict : T` (rank, yield, dealloc-like forms) */
static void value_colon_type_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_print_attr_dict(pr, op, no_attrs);
  print_colon_operand_type(pr, op, 0);
}

static buf_status_t rank_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_tensor_operand(op, 0)) ||
      BUF_FAILED(need(op, is_index(op->results[0].type), "result", 0, "index",
                      op->results[0].type)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* collapse_shape / expand_shape                                             */
/* ------------------------------------------------------------------------ */

/* collapse: `%src [[0, 1]] attr-dict : S into R`
 * expand:   `%src [[0, 1]] output_shape [2, %d] attr-dict : S into R` */
static buf_status_t reshape_parse_common(buf_parser_t *p, buf_op_state_t *st,
                                         bool expand) {
  buf_unresolved_t src, *dyn = NULL;
  uint32_t ndyn = 0;
  buf_attr_t reassoc, statics = NULL;
  buf_type_t from, to;
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf__parse_reassociation(p, &reassoc)))
    return BUF_FAILURE;
  if (expand && (BUF_FAILED(buf_parse_keyword(p, "output_shape")) ||
                 BUF_FAILED(buf_parse_dynamic_index_list(p, &dyn, &ndyn,
                                                         &statics))))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(buf_parse_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &src, 1, from, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(
          p, dyn, ndyn, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "reassociation", reassoc);
  if (expand)
    buf_state_set_attr(st, "static_output_shape", statics);
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static buf_status_t collapse_parse(buf_parser_t *p, buf_op_state_t *st) {
  return reshape_parse_common(p, st, false);
}
static buf_status_t expand_parse(buf_parser_t *p, buf_op_state_t *st) {
  return reshape_parse_common(p, st, true);
}

static const char *const reshape_elided[] = {"reassociation",
                                             "static_output_shape", NULL};

static void reshape_print_common(buf_printer_t *pr, buf_op_t *op,
                                 bool expand) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_puts(pr, " ");
  buf__print_reassociation(pr, buf_op_attr(op, "reassociation"));
  if (expand) {
    buf_printer_puts(pr, " output_shape ");
    buf_printer_print_dynamic_index_list(
        pr, buf_op_attr(op, "static_output_shape"), op->num_operands - 1,
        operand_values(op, 1, op->num_operands - 1));
  }
  buf_printer_print_attr_dict(pr, op, reshape_elided);
  print_colon_operand_type(pr, op, 0);
  buf_printer_puts(pr, " into ");
  buf_printer_print_type(pr, op->results[0].type);
}

static void collapse_print(buf_printer_t *pr, buf_op_t *op) {
  reshape_print_common(pr, op, false);
}
static void expand_print(buf_printer_t *pr, buf_op_t *op) {
  reshape_print_common(pr, op, true);
}

/* MLIR's verifyTensorReshapeOp plus the expected-collapsed-type check. */
static buf_status_t reshape_verify_types(buf_op_t *op, buf_type_t expanded,
                                         buf_type_t collapsed) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_reassociation(op, expanded, collapsed)))
    return BUF_FAILURE;
  buf__reassoc_t r;
  buf__reassoc_decode(ctx, buf_op_attr(op, "reassociation"), &r);
  int64_t *shape =
      buf_arena_alloc(buf_ctx_arena(ctx), sizeof(int64_t) * (r.num_groups + 1));
  buf__collapsed_shape(&r, expanded->u.shaped.shape, shape);
  buf_type_t want = buf_type_tensor(ctx, r.num_groups, shape,
                                    expanded->u.shaped.elem, NULL);
  buf_type_t have = buf_type_tensor(ctx, collapsed->u.shaped.rank,
                                    collapsed->u.shaped.shape,
                                    collapsed->u.shaped.elem, NULL);
  if (want != have) {
    buf_op_emit_error(op, "expected collapsed type to be '%s', but got '%s'",
                      buf_type_to_string(ctx, want),
                      buf_type_to_string(ctx, collapsed));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t collapse_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_operand(op, 0)) ||
      BUF_FAILED(need_ranked_result(op, 0)) ||
      BUF_FAILED(buf__verify_has_attr(op, "reassociation")))
    return BUF_FAILURE;
  return reshape_verify_types(op, operand_type(op, 0), op->results[0].type);
}

static buf_status_t expand_verify(buf_op_t *op) {
  if (op->num_operands < 1) {
    buf_op_emit_error(op, "expected 1 or more operands, but found 0");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_operand(op, 0)) ||
      BUF_FAILED(need_ranked_result(op, 0)) ||
      BUF_FAILED(need_index_operands(op, 1, op->num_operands - 1)) ||
      BUF_FAILED(buf__verify_has_attr(op, "reassociation")) ||
      BUF_FAILED(buf__verify_has_attr(op, "static_output_shape")))
    return BUF_FAILURE;
  buf_type_t res = op->results[0].type;
  const int64_t *statics;
  uint32_t n;
  if (!buf__i64_array(buf_op_attr(op, "static_output_shape"), &statics, &n)) {
    buf_op_emit_error(op, "attribute 'static_output_shape' failed to satisfy "
                          "constraint: i64 dense array attribute");
    return BUF_FAILURE;
  }
  if (n != res->u.shaped.rank) {
    buf_op_emit_error(op, "expected number of static shape dims to be equal "
                          "to the output rank (%u) but found %u inputs instead",
                      res->u.shaped.rank, n);
    return BUF_FAILURE;
  }
  uint32_t ndyn = buf__count_dynamic(statics, n);
  if (ndyn != op->num_operands - 1) {
    buf_op_emit_error(op, "mismatch in dynamic dims in output_shape and "
                          "static_output_shape: static_output_shape has %u "
                          "dynamic dims while output_shape has %u values",
                      ndyn, op->num_operands - 1);
    return BUF_FAILURE;
  }
  return reshape_verify_types(op, res, operand_type(op, 0));
}

/* ------------------------------------------------------------------------ */
/* tensor.from_elements `%a, %b attr-dict : T`                               */
/* ------------------------------------------------------------------------ */

static buf_status_t from_elements_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *els;
  uint32_t n;
  buf_type_t t;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &els, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(parse_ranked_tensor_type(p, &t)))
    return BUF_FAILURE;
  int64_t count = buf_type_num_elements(t);
  if (count != (int64_t)n)
    return buf_parser_error_at(p, loc,
                               "number of operands and types do not match: got "
                               "%u operands and %lld types",
                               n, (long long)count);
  if (BUF_FAILED(
          buf_parse_resolve_operands_same(p, els, n, t->u.shaped.elem, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void from_elements_print(buf_printer_t *pr, buf_op_t *op) {
  if (op->num_operands) {
    buf_printer_puts(pr, " ");
    buf_printer_print_operands(pr, op, 0, op->num_operands);
  }
  buf_printer_print_attr_dict(pr, op, no_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t from_elements_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need(op,
                      is_ranked_tensor(op->results[0].type) &&
                          buf_type_has_static_shape(op->results[0].type),
                      "result", 0, "statically shaped tensor of any type values",
                      op->results[0].type)))
    return BUF_FAILURE;
  buf_type_t t = op->results[0].type;
  if (buf_type_num_elements(t) != (int64_t)op->num_operands) {
    buf_op_emit_error(op, "failed to verify that operand types match result "
                          "element type");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (operand_type(op, i) != t->u.shaped.elem) {
      buf_op_emit_error(op, "failed to verify that operand types match result "
                            "element type");
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Regions of generate and pad                                               */
/* ------------------------------------------------------------------------ */

/* The yielded value of the single-block region, or NULL (with no error) when
 * the block has no tensor.yield terminator; buf_verify reports that. */
static buf_value_t *region_yield_value(buf_region_t *r) {
  buf_block_t *b = buf_region_entry(r);
  if (!b || !b->last || strcmp(b->last->name, "tensor.yield") != 0 ||
      b->last->num_operands != 1)
    return NULL;
  return b->last->operands[0].value;
}

/* MLIR's SizedRegion<1> constraint on an empty region. */
static buf_status_t region_needs_block(buf_op_t *op, const char *name) {
  buf_op_emit_error(op, "region #0 ('%s') failed to verify constraint: "
                        "region with 1 blocks",
                    name);
  return BUF_FAILURE;
}

/* tensor.generate `%d, ... {region} attr-dict : T` */
static buf_status_t generate_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *dyn;
  uint32_t n;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &dyn, &n)))
    return BUF_FAILURE;
  buf_region_t *r = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, r, NULL, 0)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(parse_ranked_tensor_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(
          p, dyn, n, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void generate_print(buf_printer_t *pr, buf_op_t *op) {
  /* Two spaces when there are no extents, exactly as mlir-opt prints. */
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, op->regions[0], true, true);
  buf_printer_print_attr_dict(pr, op, no_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, op->results[0].type);
}

/* Block arguments are `rank` indices; the yield carries an element. */
static buf_status_t generate_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_result(op, 0)) ||
      BUF_FAILED(need_index_operands(op, 0, op->num_operands)))
    return BUF_FAILURE;
  buf_type_t t = op->results[0].type;
  if (BUF_FAILED(check_dynamic_count(op, t, op->num_operands)))
    return BUF_FAILURE;
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  buf_block_t *b = buf_region_entry(op->regions[0]);
  if (!b)
    return region_needs_block(op, "body");
  for (uint32_t i = 0; i < b->num_args; i++)
    if (!is_index(b->args[i]->type)) {
      buf_emit_error(ctx, op->loc, "all body arguments must be index");
      return BUF_FAILURE;
    }
  if (b->num_args != t->u.shaped.rank) {
    buf_emit_error(ctx, op->loc,
                   "must have one body argument per input dimension");
    return BUF_FAILURE;
  }
  buf_value_t *y = region_yield_value(op->regions[0]);
  if (y && y->type != t->u.shaped.elem) {
    buf_op_emit_error(op, "body must be terminated with a `yield` operation "
                          "of the tensor element type");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* tensor.pad `%src [nofold] low[..] high[..] {region} attr-dict : S to R` */
static buf_status_t pad_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, *lo, *hi;
  uint32_t nlo, nhi;
  buf_attr_t slo, shi;
  buf_type_t from, to;
  if (BUF_FAILED(buf_parse_operand(p, &src)))
    return BUF_FAILURE;
  if (buf_parse_optional_keyword(p, "nofold"))
    buf_state_set_attr(st, "nofold", buf_attr_unit(st->ctx));
  if (BUF_FAILED(buf_parse_keyword(p, "low")) ||
      BUF_FAILED(buf_parse_dynamic_index_list(p, &lo, &nlo, &slo)) ||
      BUF_FAILED(buf_parse_keyword(p, "high")) ||
      BUF_FAILED(buf_parse_dynamic_index_list(p, &hi, &nhi, &shi)))
    return BUF_FAILURE;
  buf_region_t *r = buf_state_add_region(st);
  buf_type_t index = buf_type_index(st->ctx);
  if (BUF_FAILED(buf_parse_region(p, r, NULL, 0)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(buf_parse_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &src, 1, from, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, lo, nlo, index, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, hi, nhi, index, st)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "static_low", slo);
  buf_state_set_attr(st, "static_high", shi);
  int64_t seg[3] = {1, nlo, nhi};
  set_segments(st, 3, seg);
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static const char *const pad_elided[] = {"nofold", "operandSegmentSizes",
                                         "static_low", "static_high", NULL};
static const char *const pad_attrs[] = {"nofold", "operandSegmentSizes",
                                        "static_high", "static_low", NULL};

static void pad_print(buf_printer_t *pr, buf_op_t *op) {
  uint32_t nlo = 0, nhi = 0;
  uint32_t slo = buf_op_segment(op, 1, &nlo), shi = buf_op_segment(op, 2, &nhi);
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  if (buf_op_has_attr(op, "nofold"))
    buf_printer_puts(pr, " nofold");
  buf_printer_puts(pr, " low");
  buf_printer_print_dynamic_index_list(pr, buf_op_attr(op, "static_low"), nlo,
                                       operand_values(op, slo, nlo));
  buf_printer_puts(pr, " high");
  buf_printer_print_dynamic_index_list(pr, buf_op_attr(op, "static_high"), nhi,
                                       operand_values(op, shi, nhi));
  buf_printer_puts(pr, " ");
  buf_printer_print_region(pr, op->regions[0], true, true);
  buf_printer_print_attr_dict(pr, op, pad_elided);
  print_colon_operand_type(pr, op, 0);
  buf_printer_puts(pr, " to ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t pad_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  int64_t seg[3];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[0] != 1 || seg[0] + seg[1] + seg[2] != (int64_t)op->num_operands) {
    buf_op_emit_error(op, "operand count (%u) does not match with the total "
                          "size specified in attribute 'operandSegmentSizes'",
                      op->num_operands);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_operand(op, 0)) ||
      BUF_FAILED(need_ranked_result(op, 0)) ||
      BUF_FAILED(need_index_operands(op, 1, op->num_operands - 1)))
    return BUF_FAILURE;
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  const int64_t *lo, *hi;
  uint32_t nlo, nhi;
  if (!buf__i64_array(buf_op_attr(op, "static_low"), &lo, &nlo) ||
      !buf__i64_array(buf_op_attr(op, "static_high"), &hi, &nhi)) {
    buf_op_emit_error(op, "requires attributes 'static_low' and "
                          "'static_high' (i64 dense arrays)");
    return BUF_FAILURE;
  }
  if (buf__count_dynamic(lo, nlo) != seg[1] ||
      buf__count_dynamic(hi, nhi) != seg[2]) {
    buf_op_emit_error(op, "expected as many dynamic low/high operands as "
                          "dynamic entries in static_low/static_high");
    return BUF_FAILURE;
  }
  uint32_t rank = src->u.shaped.rank;
  if (nlo != rank || nhi != rank) {
    buf_emit_error(ctx, op->loc,
                   "failed to infer expectedType from sourceType '%s', "
                   "specified resultType is '%s'",
                   buf_type_to_string(ctx, src), buf_type_to_string(ctx, res));
    return BUF_FAILURE;
  }
  /* Inferred result: source + low + high where all are static; dynamic
   * dims of the inference take the specified size (as upstream). */
  int64_t *shape = buf_arena_alloc(buf_ctx_arena(ctx),
                                   sizeof(int64_t) * (rank + 1));
  bool ok = res->u.shaped.rank == rank;
  for (uint32_t i = 0; i < rank; i++) {
    int64_t d = src->u.shaped.shape[i];
    if (d == BUF_DYNAMIC || lo[i] == BUF_DYNAMIC || hi[i] == BUF_DYNAMIC)
      shape[i] = ok ? res->u.shaped.shape[i] : BUF_DYNAMIC;
    else /* wraps like MLIR's int64 sum instead of overflowing */
      shape[i] = (int64_t)((uint64_t)d + (uint64_t)lo[i] + (uint64_t)hi[i]);
    if (ok && res->u.shaped.shape[i] != shape[i])
      ok = false;
  }
  if (!ok) {
    for (uint32_t i = 0; i < rank; i++)
      if (src->u.shaped.shape[i] == BUF_DYNAMIC || lo[i] == BUF_DYNAMIC ||
          hi[i] == BUF_DYNAMIC)
        shape[i] = BUF_DYNAMIC;
    buf_type_t inferred =
        buf_type_tensor(ctx, rank, shape, src->u.shaped.elem, NULL);
    buf_emit_error(ctx, op->loc,
                   "specified type '%s' does not match the inferred type '%s'",
                   buf_type_to_string(ctx, res),
                   buf_type_to_string(ctx, inferred));
    return BUF_FAILURE;
  }
  if (op->num_regions != 1) {
    buf_op_emit_error(op, "requires one region");
    return BUF_FAILURE;
  }
  buf_block_t *b = buf_region_entry(op->regions[0]);
  if (!b)
    return region_needs_block(op, "region");
  if (b->num_args != res->u.shaped.rank) {
    buf_emit_error(ctx, op->loc, "expected the block to have %u arguments",
                   res->u.shaped.rank);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < b->num_args; i++)
    if (!is_index(b->args[i]->type)) {
      buf_op_emit_error(op, "expected block argument %u to be an index", i + 1);
      return BUF_FAILURE;
    }
  buf_value_t *y = region_yield_value(op->regions[0]);
  if (y && y->type != res->u.shaped.elem) {
    buf_op_emit_error(op, "expected yield type to match shape element type");
    return BUF_FAILURE;
  }
  if (src->u.shaped.elem != res->u.shaped.elem) {
    buf_op_emit_error(op, "expected yield type to match shape element type");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* tensor.splat `%v ([%d, ...])? attr-dict : T`                              */
/* ------------------------------------------------------------------------ */

static buf_status_t splat_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t v, *dyn = NULL;
  uint32_t n = 0;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &v)))
    return BUF_FAILURE;
  if (buf_parser_next_is(p, "[") &&
      BUF_FAILED(buf_parse_operand_list(p, "[", &dyn, &n)))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(parse_ranked_tensor_type(p, &t)) ||
      BUF_FAILED(
          buf_parse_resolve_operands_same(p, &v, 1, t->u.shaped.elem, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(
          p, dyn, n, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void splat_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  if (op->num_operands > 1) {
    buf_printer_puts(pr, "[");
    buf_printer_print_operands(pr, op, 1, op->num_operands - 1);
    buf_printer_puts(pr, "]");
  }
  buf_printer_print_attr_dict(pr, op, no_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t splat_verify(buf_op_t *op) {
  if (op->num_operands < 1) {
    buf_op_emit_error(op, "expected 1 or more operands, but found 0");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_result(op, 0)) ||
      BUF_FAILED(need_index_operands(op, 1, op->num_operands - 1)))
    return BUF_FAILURE;
  buf_type_t t = op->results[0].type;
  if (operand_type(op, 0) != t->u.shaped.elem) {
    buf_op_emit_error(op, "failed to verify that operand type matches element "
                          "type of result");
    return BUF_FAILURE;
  }
  return check_dynamic_count(op, t, op->num_operands - 1);
}

/* ------------------------------------------------------------------------ */
/* tensor.yield `%v attr-dict : T`                                           */
/* ------------------------------------------------------------------------ */

static buf_status_t yield_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t v;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &v)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &v, 1, t, st)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

static buf_status_t yield_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  buf_op_t *parent = buf_op_parent(op);
  if (!parent || (strcmp(parent->name, "tensor.generate") != 0 &&
                  strcmp(parent->name, "tensor.pad") != 0)) {
    buf_op_emit_error(op, "expects parent op to be one of 'tensor.generate, "
                          "tensor.pad'");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* tensor.reshape `%src(%shape) attr-dict : (S, T) -> R` (shaped_util.c)    */
/* ------------------------------------------------------------------------ */

static buf_status_t reshape_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_tensor_operand(op, 0)) ||
      BUF_FAILED(need(op,
                      is_ranked_tensor(operand_type(op, 1)) &&
                          operand_type(op, 1)->u.shaped.rank == 1 &&
                          buf_type_is_int_or_index(
                              operand_type(op, 1)->u.shaped.elem),
                      "operand", 1,
                      "1D tensor of signless integer or index values",
                      operand_type(op, 1))) ||
      BUF_FAILED(need(op, buf_type_is_tensor(op->results[0].type), "result", 0,
                      "tensor of any type values", op->results[0].type)))
    return BUF_FAILURE;
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  if (src->u.shaped.elem != res->u.shaped.elem) {
    buf_op_emit_error(op, "element types of source and destination tensor "
                          "types should be the same");
    return BUF_FAILURE;
  }
  if (res->kind != BUF_TYPE_TENSOR)
    return BUF_SUCCESS;
  if (src->kind == BUF_TYPE_TENSOR && buf_type_has_static_shape(src) &&
      buf_type_has_static_shape(res) &&
      buf_type_num_elements(src) != buf_type_num_elements(res)) {
    buf_op_emit_error(op, "source and destination tensor should have the same "
                          "number of elements");
    return BUF_FAILURE;
  }
  int64_t len = operand_type(op, 1)->u.shaped.shape[0];
  if (len == BUF_DYNAMIC) {
    buf_op_emit_error(op, "cannot use shape operand with dynamic length to "
                          "reshape to statically-ranked tensor type");
    return BUF_FAILURE;
  }
  if (len != (int64_t)res->u.shaped.rank) {
    buf_op_emit_error(op, "length of shape operand differs from the result's "
                          "tensor rank");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* tensor.concat `dim(D) %a, %b attr-dict : (A, B) -> R`                     */
/* ------------------------------------------------------------------------ */

static buf_status_t concat_parse(buf_parser_t *p, buf_op_state_t *st) {
  int64_t dim;
  buf_unresolved_t *ins;
  uint32_t n;
  buf_type_t ft;
  if (BUF_FAILED(buf_parse_keyword(p, "dim")) ||
      BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_integer(p, &dim)) ||
      BUF_FAILED(buf_parse_expect(p, ")")) ||
      BUF_FAILED(buf_parse_operand_list(p, NULL, &ins, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")))
    return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &ft)))
    return BUF_FAILURE;
  if (ft->kind != BUF_TYPE_FUNCTION || ft->u.func.num_results != 1)
    return buf_parser_error_at(p, loc, "expected a function type with one "
                                       "result");
  if (BUF_FAILED(buf_parse_resolve_operands(p, ins, n, ft->u.func.inputs,
                                            ft->u.func.num_inputs, st)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "dim", buf_attr_integer(st->ctx,
                                                 buf_type_i64(st->ctx), dim));
  buf_state_add_result(st, ft->u.func.results[0]);
  return BUF_SUCCESS;
}

static const char *const concat_attrs[] = {"dim", NULL};

static void concat_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t d = buf_op_attr(op, "dim");
  buf_printer_printf(pr, " dim(%lld) ",
                     (long long)(d && d->kind == BUF_ATTR_INTEGER ? d->u.i : 0));
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, concat_attrs);
  buf_printer_puts(pr, " : (");
  buf_printer_print_operand_types(pr, op, 0, op->num_operands);
  buf_printer_puts(pr, ") -> ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t concat_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need_ranked_result(op, 0)) ||
      BUF_FAILED(buf__verify_has_attr(op, "dim")))
    return BUF_FAILURE;
  if (op->num_operands < 1) {
    buf_op_emit_error(op, "requires at least one input");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (BUF_FAILED(need_ranked_operand(op, i)))
      return BUF_FAILURE;
  buf_type_t res = op->results[0].type;
  uint32_t rank = res->u.shaped.rank;
  buf_attr_t da = buf_op_attr(op, "dim");
  if (da->kind != BUF_ATTR_INTEGER) {
    buf_op_emit_error(op, "attribute 'dim' failed to satisfy constraint: "
                          "64-bit signless integer attribute");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (operand_type(op, i)->u.shaped.rank != rank) {
      buf_op_emit_error(op, "rank of concatenated inputs must match result "
                            "rank");
      return BUF_FAILURE;
    }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (operand_type(op, i)->u.shaped.elem != res->u.shaped.elem) {
      buf_op_emit_error(op, "inputs and result element type must match");
      return BUF_FAILURE;
    }
  int64_t dim = da->u.i;
  if (dim < 0 || dim >= (int64_t)rank) {
    buf_op_emit_error(op, "concatenation dim must be less than the tensor "
                          "rank");
    return BUF_FAILURE;
  }
  int64_t *sizes =
      buf_arena_alloc(buf_ctx_arena(ctx), sizeof(int64_t) * (rank + 1));
  for (uint32_t d = 0; d < rank; d++) {
    if ((int64_t)d == dim) {
      int64_t sum = 0;
      for (uint32_t i = 0; i < op->num_operands && sum != BUF_DYNAMIC; i++) {
        int64_t s = operand_type(op, i)->u.shaped.shape[d];
        sum = s == BUF_DYNAMIC ? BUF_DYNAMIC : sum + s;
      }
      sizes[d] = sum;
      continue;
    }
    int64_t size = BUF_DYNAMIC;
    for (uint32_t i = 0; i < op->num_operands; i++) {
      int64_t s = operand_type(op, i)->u.shaped.shape[d];
      if (s == BUF_DYNAMIC)
        continue;
      if (size != BUF_DYNAMIC && size != s) {
        buf_op_emit_error(op, "static concatenation size mismatch along "
                              "non-concatenated dimension %u",
                          d);
        return BUF_FAILURE;
      }
      size = s;
    }
    sizes[d] = size;
  }
  if (!buf__shape_compatible(sizes, res->u.shaped.shape, rank)) {
    buf_type_t inferred =
        buf_type_tensor(ctx, rank, sizes, res->u.shaped.elem, NULL);
    buf_op_emit_error(op, "result type '%s'does not match inferred shape '%s' "
                          "static sizes",
                      buf_type_to_string(ctx, res),
                      buf_type_to_string(ctx, inferred));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const char *const expand_attrs[] = {"reassociation",
                                           "static_output_shape", NULL};
static const char *const collapse_attrs[] = {"reassociation", NULL};

#define P BUF_TRAIT_PURE

static const buf_opdef_t tensor_ops[] = {
    {.name = "tensor.bitcast", .traits = P, .verify = bitcast_verify,
     .parse = to_form_parse, .print = to_form_print},
    {.name = "tensor.cast", .traits = P | BUF_TRAIT_SAME_SHAPE, .verify = cast_verify,
     .fold = buf__tensor_cast_fold,
     .parse = to_form_parse, .print = to_form_print, .result_name = "cast"},
    {.name = "tensor.collapse_shape", .traits = P,
     .inherent_attrs = collapse_attrs, .verify = collapse_verify,
     .parse = collapse_parse, .print = collapse_print,
     .fold = buf__tensor_reshape_fold, .result_name = "collapsed"},
    {.name = "tensor.concat", .traits = P, .inherent_attrs = concat_attrs,
     .verify = concat_verify, .parse = concat_parse, .print = concat_print,
     .result_name = "concat"},
    {.name = "tensor.dim", .traits = P, .verify = dim_verify,
     .fold = buf__tensor_dim_fold,
     .parse = dim_parse, .print = dim_print, .result_name = "dim"},
    {.name = "tensor.empty", .traits = P, .verify = empty_verify,
     .parse = empty_parse, .print = empty_print},
    {.name = "tensor.expand_shape", .traits = P,
     .inherent_attrs = expand_attrs, .verify = expand_verify,
     .parse = expand_parse, .print = expand_print,
     .fold = buf__tensor_reshape_fold, .result_name = "expanded"},
    {.name = "tensor.extract", .traits = P, .verify = extract_verify,
     .fold = buf__tensor_extract_fold,
     .parse = extract_parse, .print = extract_print,
     .result_name = "extracted"},
    {.name = "tensor.extract_slice", .traits = P, .inherent_attrs = slice_attrs,
     .verify = extract_slice_verify, .parse = extract_slice_parse,
     .fold = buf__tensor_extract_slice_fold,
     .canonicalize = buf__tensor_extract_slice_canonicalize,
     .print = extract_slice_print, .result_name = "extracted_slice"},
    {.name = "tensor.from_elements", .traits = P,
     .verify = from_elements_verify, .parse = from_elements_parse,
     .fold = buf__tensor_from_elements_fold,
     .print = from_elements_print, .result_name = "from_elements"},
    {.name = "tensor.generate", .traits = BUF_TRAIT_SINGLE_BLOCK,
     .verify = generate_verify, .parse = generate_parse,
     .print = generate_print, .result_name = "generated"},
    {.name = "tensor.insert", .traits = P, .verify = insert_verify,
     .canonicalize = buf__tensor_fold_cast_producers,
     .parse = insert_parse, .print = insert_print, .result_name = "inserted"},
    {.name = "tensor.insert_slice", .traits = P, .inherent_attrs = slice_attrs,
     .verify = insert_slice_verify, .parse = insert_slice_parse,
     .fold = buf__tensor_insert_slice_fold,
     .canonicalize = buf__tensor_insert_slice_canonicalize,
     .print = insert_slice_print, .result_name = "inserted_slice"},
    {.name = "tensor.pad", .traits = BUF_TRAIT_SINGLE_BLOCK,
     .inherent_attrs = pad_attrs, .verify = pad_verify, .parse = pad_parse,
     .print = pad_print, .result_name = "padded"},
    {.name = "tensor.parallel_insert_slice", .traits = 0,
     .inherent_attrs = slice_attrs, .verify = parallel_insert_slice_verify,
     .parse = parallel_insert_slice_parse,
     .print = parallel_insert_slice_print},
    {.name = "tensor.rank", .traits = P, .verify = rank_verify,
     .fold = buf__tensor_rank_fold,
     .parse = rank_parse, .print = value_colon_type_print,
     .result_name = "rank"},
    {.name = "tensor.reshape", .traits = P, .verify = reshape_verify,
     .parse = buf__reshape_parse, .print = buf__reshape_print,
     .result_name = "reshape"},
    {.name = "tensor.splat", .traits = P, .verify = splat_verify,
     .parse = splat_parse, .print = splat_print, .result_name = "splat"},
    {.name = "tensor.yield",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | P,
     .verify = yield_verify, .parse = yield_parse,
     .print = value_colon_type_print},
};

const buf_dialect_t buf_dialect_tensor = {
    "tensor", tensor_ops,
    (uint32_t)(sizeof tensor_ops / sizeof tensor_ops[0]), false};
