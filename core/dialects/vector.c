/*
 * vector.c: the vector ops that bufferization meets (upstream's bufferization
 * tests read and write tensors through them), in MLIR 22's spelling:
 *
 *   %v = vector.transfer_read %src[%i, ...], %pad (, %mask)? attr-dict
 *            : tensor<...> | memref<...>, vector<...>
 *   %t = vector.transfer_write %v, %dst[%i, ...] (, %mask)? attr-dict
 *            : vector<...>, tensor<...>      (no result on a memref)
 *   vector.print %v : vector<...>
 *
 * The transfers carry permutation_map (default: the minor identity, from
 * the source's trailing dimensions onto the vector's) and in_bounds (default:
 * all false); both are stored, as MLIR stores them, and the custom form
 * leaves them out when they have their default values. Memory effects: a
 * transfer_read reads its source, a transfer_write writes its destination.
 * The bufferization models are in core/bufferize/models_vector.c; the
 * interpreter and the LLVM emitter do not know these ops.
 */
#include "dialect_util.h"

#include <string.h>

static const char *const transfer_attrs[] = {"in_bounds", "operandSegmentSizes",
                                             "permutation_map", NULL};

static bool is_shaped_source(buf_type_t t) {
  return t && (t->kind == BUF_TYPE_TENSOR || t->kind == BUF_TYPE_MEMREF);
}

/* The minor identity (d0 .. dn-1) -> (dn-k .. dn-1) of a rank-n source and
 * a rank-k vector. */
static buf_affine_map_t *minor_identity(buf_ctx_t *ctx, uint32_t n, uint32_t k) {
  buf_affine_expr_t *res[16];
  if (k > n || k > 16)
    return NULL;
  for (uint32_t i = 0; i < k; i++)
    res[i] = buf_affine_dim(ctx, n - k + i);
  return buf_affine_map(ctx, n, 0, k, res);
}

/* The position of a transfer's source (read) or destination (write): a
 * transfer_write's first operand is the vector it writes, which a
 * transfer_read's source never is. */
static uint32_t transfer_source(const buf_op_t *op) {
  return op->num_operands && op->operands[0].value->type->kind == BUF_TYPE_VECTOR ? 1 : 0;
}

static buf_type_t transfer_vector_type(const buf_op_t *op) {
  return transfer_source(op) ? op->operands[0].value->type : op->results[0].type;
}

static void transfer_fill_defaults(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t s = transfer_source(op);
  if (op->num_operands <= s || (s == 0 && op->num_results == 0))
    return;
  buf_type_t src = op->operands[s].value->type;
  buf_type_t vec = transfer_vector_type(op);
  if (!is_shaped_source(src) || !vec || vec->kind != BUF_TYPE_VECTOR)
    return;
  uint32_t k = vec->u.shaped.rank;
  if (!buf_op_attr(op, "permutation_map")) {
    buf_affine_map_t *m = minor_identity(ctx, src->u.shaped.rank, k);
    if (m)
      buf_op_set_attr(op, "permutation_map", buf_attr_affine_map(ctx, m));
  }
  if (!buf_op_attr(op, "in_bounds")) {
    buf_attr_t f[16];
    for (uint32_t i = 0; i < k && i < 16; i++)
      f[i] = buf_attr_bool(ctx, false);
    buf_op_set_attr(op, "in_bounds", buf_attr_array(ctx, k < 16 ? k : 16, f));
  }
}

/* The attributes the custom form leaves out: the segment sizes always,
 * permutation_map and in_bounds when they have their defaults. */
static void print_transfer_attrs(buf_printer_t *pr, buf_op_t *op) {
  const char *elided[4] = {"operandSegmentSizes", NULL, NULL, NULL};
  uint32_t n = 1;
  uint32_t s = transfer_source(op);
  buf_type_t src = op->operands[s].value->type;
  buf_type_t vec = transfer_vector_type(op);
  buf_attr_t pm = buf_op_attr(op, "permutation_map");
  buf_affine_map_t *mi = minor_identity(buf_op_ctx(op), src->u.shaped.rank, vec->u.shaped.rank);
  if (pm && pm->kind == BUF_ATTR_AFFINE_MAP && mi && buf_affine_map_equal(pm->u.map, mi))
    elided[n++] = "permutation_map";
  buf_attr_t ib = buf_op_attr(op, "in_bounds");
  bool all_false = ib && ib->kind == BUF_ATTR_ARRAY;
  for (uint32_t i = 0; all_false && i < ib->u.array.n; i++)
    all_false = ib->u.array.elems[i]->kind == BUF_ATTR_BOOL && !ib->u.array.elems[i]->u.b;
  if (all_false)
    elided[n++] = "in_bounds";
  buf_printer_print_attr_dict(pr, op, elided);
}

/* %src[%i, ...], %pad (, %mask)? attr-dict : S, V */
static buf_status_t transfer_read_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, pad, mask, *idx;
  uint32_t n;
  bool has_mask = false;
  buf_type_t st_t, vt;
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) || BUF_FAILED(buf_parse_operand(p, &pad)))
    return BUF_FAILURE;
  if (buf_parse_optional(p, ",")) {
    if (BUF_FAILED(buf_parse_operand(p, &mask)))
      return BUF_FAILURE;
    has_mask = true;
  }
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &st_t)) || BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_type(p, &vt)))
    return BUF_FAILURE;
  if (!is_shaped_source(st_t) || vt->kind != BUF_TYPE_VECTOR)
    return buf_parser_error(p, "expected a tensor or memref source and a vector type");
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_resolve(p, &src, st_t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, idx, n, buf_type_index(st->ctx), st)) ||
      BUF_FAILED(buf_parse_resolve(p, &pad, st_t->u.shaped.elem, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (has_mask) {
    buf_type_t mt = buf_type_vector(st->ctx, vt->u.shaped.rank, vt->u.shaped.shape,
                                    buf_type_i1(st->ctx));
    if (BUF_FAILED(buf_parse_resolve(p, &mask, mt, &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  int64_t seg[4] = {1, n, 1, has_mask};
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(st->ctx, buf_type_i32(st->ctx), 4, seg, NULL));
  buf_state_add_result(st, vt);
  return BUF_SUCCESS;
}

static void transfer_read_print(buf_printer_t *pr, buf_op_t *op) {
  int64_t seg[4] = {1, 0, 1, 0};
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4);
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, "[");
  buf_printer_print_operands(pr, op, 1, (uint32_t)seg[1]);
  buf_printer_puts(pr, "], ");
  buf_printer_print_operands(pr, op, 1 + (uint32_t)seg[1], 1 + (uint32_t)seg[3]);
  print_transfer_attrs(pr, op);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, ", ");
  buf_printer_print_type(pr, op->results[0].type);
}

/* %v, %dst[%i, ...] (, %mask)? attr-dict : V, D */
static buf_status_t transfer_write_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t val, dst, mask, *idx;
  uint32_t n;
  bool has_mask = false;
  buf_type_t vt, dt;
  if (BUF_FAILED(buf_parse_operand(p, &val)) || BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &dst)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)))
    return BUF_FAILURE;
  if (buf_parse_optional(p, ",")) {
    if (BUF_FAILED(buf_parse_operand(p, &mask)))
      return BUF_FAILURE;
    has_mask = true;
  }
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &vt)) || BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_type(p, &dt)))
    return BUF_FAILURE;
  if (vt->kind != BUF_TYPE_VECTOR || !is_shaped_source(dt))
    return buf_parser_error(p, "expected a vector type and a tensor or memref destination");
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_resolve(p, &val, vt, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (BUF_FAILED(buf_parse_resolve(p, &dst, dt, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, idx, n, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  if (has_mask) {
    buf_type_t mt = buf_type_vector(st->ctx, vt->u.shaped.rank, vt->u.shaped.shape,
                                    buf_type_i1(st->ctx));
    if (BUF_FAILED(buf_parse_resolve(p, &mask, mt, &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  int64_t seg[4] = {1, 1, n, has_mask};
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(st->ctx, buf_type_i32(st->ctx), 4, seg, NULL));
  if (dt->kind == BUF_TYPE_TENSOR)
    buf_state_add_result(st, dt);
  return BUF_SUCCESS;
}

static void transfer_write_print(buf_printer_t *pr, buf_op_t *op) {
  int64_t seg[4] = {1, 1, 0, 0};
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4);
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 2);
  buf_printer_puts(pr, "[");
  buf_printer_print_operands(pr, op, 2, (uint32_t)seg[2]);
  buf_printer_puts(pr, "]");
  if (seg[3]) {
    buf_printer_puts(pr, ", ");
    buf_printer_print_operands(pr, op, 2 + (uint32_t)seg[2], 1);
  }
  print_transfer_attrs(pr, op);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 2);
}

static buf_status_t transfer_verify(buf_op_t *op) {
  uint32_t s = transfer_source(op);
  int64_t seg[4] = {0, 0, 0, 0};
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4);
  if (op->num_operands <= s) {
    buf_op_emit_error(op, "expects a source and its indices");
    return BUF_FAILURE;
  }
  buf_type_t src = op->operands[s].value->type;
  buf_type_t vec = transfer_vector_type(op);
  if (!is_shaped_source(src) || !vec || vec->kind != BUF_TYPE_VECTOR) {
    buf_op_emit_error(op, "expects a tensor or memref and a vector");
    return BUF_FAILURE;
  }
  int64_t nidx = s ? seg[2] : seg[1];
  if (nidx != (int64_t)src->u.shaped.rank) {
    buf_op_emit_error(op, "requires %u indices", src->u.shaped.rank);
    return BUF_FAILURE;
  }
  if (s && src->kind == BUF_TYPE_TENSOR &&
      (op->num_results != 1 || op->results[0].type != src)) {
    buf_op_emit_error(op, "expects a result of the destination's tensor type");
    return BUF_FAILURE;
  }
  if (s && src->kind == BUF_TYPE_MEMREF && op->num_results != 0) {
    buf_op_emit_error(op, "expects no result on a memref destination");
    return BUF_FAILURE;
  }
  buf_attr_t pm = buf_op_attr(op, "permutation_map");
  if (pm && (pm->kind != BUF_ATTR_AFFINE_MAP || pm->u.map->num_dims != src->u.shaped.rank ||
             pm->u.map->num_results != vec->u.shaped.rank)) {
    buf_op_emit_error(op, "permutation_map must map the source's dimensions onto the vector's");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static uint32_t read_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 0 ? BUF_EFFECT_READ : BUF_EFFECT_NONE;
}

static uint32_t write_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 1 ? BUF_EFFECT_WRITE : BUF_EFFECT_NONE;
}

/* %v attr-dict : T */
static buf_status_t print_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t v;
  buf_type_t t;
  buf_value_t *val;
  if (BUF_FAILED(buf_parse_operand(p, &v)) || BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) || BUF_FAILED(buf_parse_resolve(p, &v, t, &val)))
    return BUF_FAILURE;
  buf_state_add_operand(st, val);
  return BUF_SUCCESS;
}

static void print_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
}

static const buf_opdef_t vector_ops[] = {
    {.name = "vector.print", .parse = print_parse, .print = print_print,
     .operand_effect = read_effect},
    {.name = "vector.transfer_read", .inherent_attrs = transfer_attrs,
     .verify = transfer_verify, .parse = transfer_read_parse, .print = transfer_read_print,
     .fill_defaults = transfer_fill_defaults, .operand_effect = read_effect},
    {.name = "vector.transfer_write", .inherent_attrs = transfer_attrs,
     .verify = transfer_verify, .parse = transfer_write_parse, .print = transfer_write_print,
     .fill_defaults = transfer_fill_defaults, .operand_effect = write_effect},
};

const buf_dialect_t buf_dialect_vector = {"vector", vector_ops,
                                          sizeof vector_ops / sizeof vector_ops[0]};
