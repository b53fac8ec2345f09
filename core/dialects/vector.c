/*
 * vector.c: the vector ops that bufferization meets (upstream's bufferization
 * tests read and write tensors through them), in MLIR 22's spelling:
 *
 *   %v = vector.transfer_read %src[%i, ...], %pad (, %mask)? attr-dict
 *            : tensor<...> | memref<...>, vector<...>
 *   %t = vector.transfer_write %v, %dst[%i, ...] (, %mask)? attr-dict
 *            : vector<...>, tensor<...>      (no result on a memref)
 *   vector.print (%v : T)? (punctuation <comma|open|close|no_punctuation>)?
 *                (str "text")?
 *
 * The transfers carry permutation_map (default: the minor identity, from
 * the source's trailing dimensions onto the vector's) and in_bounds (default:
 * all false); both are stored, as MLIR stores them, and the custom form
 * leaves them out when they have their default values. Memory effects: a
 * transfer_read reads its source, a transfer_write writes its destination.
 * The bufferization models are in core/bufferize/models_vector.c.
 *
 * The value ops work on vectors in registers (pure, no memory):
 *
 *   %v = vector.broadcast %s : S to V         %v = vector.shape_cast %w : W to V
 *   %e = vector.extract %v[0, %i] : E from V  (E: V's trailing part or element)
 *   %w = vector.insert %e, %v [0, %i] : E into V
 *   %r = vector.fma %a, %b, %c : V            %v = vector.from_elements %a, %b : V
 *   %r = vector.reduction <add>, %v (, %acc)? (fastmath<..>)? : V into T
 *   %r = vector.contract {indexing_maps = [...], iterator_types = ["parallel",
 *            "reduction"], kind = #vector.kind<add>} %a, %b, %acc : A, B into C
 *
 * contract stores its iterator types as #vector.iterator_type<...> (the
 * custom form writes them as strings) and defaults kind to add.
 *
 * extract/insert store their position in static_position, with BUF_DYNAMIC
 * (upstream's kDynamic) where an index operand stands; mlir-opt 22 prints a
 * space before insert's "[" and none before extract's. vector.splat is
 * gone from MLIR 22 (mlir-opt calls it unknown), so it is not defined.
 * The combining kinds of vector.reduction are a closed table here, decoded
 * for the interpreter and the emitter by buf/vector.h.
 */
#include "dialect_util.h"

#include "buf/vector.h"

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

/* The type of a transfer's mask (upstream's inferTransferOpMaskType): i1
 * over the vector dimensions that walk a source dimension, ordered by
 * that source dimension; broadcast dimensions have no mask entry. With
 * the default (minor identity) map it is the vector's shape. */
static buf_type_t transfer_mask_type(buf_ctx_t *ctx, buf_type_t vec, buf_attr_t pm) {
  uint32_t rank = vec->u.shaped.rank;
  const int64_t *vshape = vec->u.shaped.shape;
  if (!pm || pm->kind != BUF_ATTR_AFFINE_MAP)
    return buf_type_vector(ctx, rank, vshape, buf_type_i1(ctx));
  int64_t shape[16];
  uint32_t n = 0;
  buf_affine_map_t *m = pm->u.map;
  for (uint32_t d = 0; d < m->num_dims; d++)
    for (uint32_t k = 0; k < m->num_results && k < rank && n < 16; k++)
      if (m->results[k]->kind == BUF_AFFINE_DIM && m->results[k]->value == (int64_t)d)
        shape[n++] = vshape[k];
  return buf_type_vector(ctx, n, shape, buf_type_i1(ctx));
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
    buf_type_t mt = transfer_mask_type(st->ctx, vt, buf_state_get_attr(st, "permutation_map"));
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
    buf_type_t mt = transfer_mask_type(st->ctx, vt, buf_state_get_attr(st, "permutation_map"));
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
  if (seg[3]) {
    buf_type_t mt = op->operands[op->num_operands - 1].value->type;
    buf_type_t want = transfer_mask_type(buf_op_ctx(op), vec, pm);
    if (mt != want) {
      buf_op_emit_error(op, "inferred mask type ('%s') and mask operand type ('%s') don't match",
                        buf_type_to_string(buf_op_ctx(op), want),
                        buf_type_to_string(buf_op_ctx(op), mt));
      return BUF_FAILURE;
    }
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

/* ---- vector.print ---------------------------------------------------- */

static const char *const puncts[BUF_VPUNCT_COUNT] = {
    [BUF_VPUNCT_NO_PUNCTUATION] = "no_punctuation", [BUF_VPUNCT_NEWLINE] = "newline",
    [BUF_VPUNCT_COMMA] = "comma", [BUF_VPUNCT_OPEN] = "open", [BUF_VPUNCT_CLOSE] = "close"};

/* The k of an opaque `#<dialect>.<what><k>` attribute among names (n of
 * them); -1 when it is none. */
static int opaque_keyword(buf_attr_t a, const char *prefix, const char *const *names, int n) {
  if (!a || a->kind != BUF_ATTR_OPAQUE)
    return -1;
  const char *t = a->u.opaque.text;
  size_t len = strlen(t), pl = strlen(prefix);
  if (len <= pl + 1 || strncmp(t, prefix, pl) != 0 || t[len - 1] != '>')
    return -1;
  for (int k = 0; k < n; k++)
    if (strlen(names[k]) == len - pl - 1 && memcmp(names[k], t + pl, len - pl - 1) == 0)
      return k;
  return -1;
}

bool buf_vector_punct_of(buf_attr_t a, buf_vector_punct_t *out) {
  if (!a) {
    *out = BUF_VPUNCT_NEWLINE;
    return true;
  }
  int k = opaque_keyword(a, "#vector.punctuation<", puncts, BUF_VPUNCT_COUNT);
  if (k < 0)
    return false;
  *out = (buf_vector_punct_t)k;
  return true;
}

static buf_attr_t punct_attr(buf_ctx_t *ctx, buf_vector_punct_t k) {
  const char *text = buf_arena_printf(buf_ctx_scratch(ctx), "#vector.punctuation<%s>", puncts[k]);
  return buf_attr_opaque(ctx, text, strlen(text));
}

static const char *const print_attrs[] = {"punctuation", "stringLiteral", NULL};

static void print_fill_defaults(buf_op_t *op) {
  if (!buf_op_attr(op, "punctuation"))
    buf_op_set_attr(op, "punctuation", punct_attr(buf_op_ctx(op), BUF_VPUNCT_NEWLINE));
}

/* (%v : T)? (punctuation <p>)? (str "text")? attr-dict */
static buf_status_t print_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t v;
  if (buf_parse_optional_operand(p, &v)) {
    buf_type_t t;
    buf_value_t *val;
    if (BUF_FAILED(buf_parse_colon_type(p, &t)) || BUF_FAILED(buf_parse_resolve(p, &v, t, &val)))
      return BUF_FAILURE;
    buf_state_add_operand(st, val);
  }
  if (buf_parse_optional_keyword(p, "punctuation")) {
    buf_ident_t w;
    if (BUF_FAILED(buf_parse_expect(p, "<")))
      return BUF_FAILURE;
    buf_loc_t loc = buf_parser_loc(p);
    if (BUF_FAILED(buf_parse_any_keyword(p, &w)))
      return BUF_FAILURE;
    int k = -1;
    for (int i = 0; i < BUF_VPUNCT_COUNT && k < 0; i++)
      if (strcmp(w, puncts[i]) == 0)
        k = i;
    if (k < 0)
      return buf_parser_error_at(p, loc, "custom op 'vector.print' expected "
                                         "::mlir::vector::PrintPunctuation to be one of: "
                                         "no_punctuation, newline, comma, open, close");
    if (BUF_FAILED(buf_parse_expect(p, ">")))
      return BUF_FAILURE;
    buf_state_set_attr(st, "punctuation", punct_attr(st->ctx, (buf_vector_punct_t)k));
  }
  if (buf_parse_optional_keyword(p, "str")) {
    const char *s;
    size_t len;
    if (BUF_FAILED(buf_parse_string(p, &s, &len)))
      return BUF_FAILURE;
    buf_state_set_attr(st, "stringLiteral", buf_attr_string(st->ctx, s, len));
  }
  return buf_parse_optional_attr_dict(p, st);
}

static void print_print(buf_printer_t *pr, buf_op_t *op) {
  if (op->num_operands) {
    buf_printer_puts(pr, " ");
    buf_printer_print_operands(pr, op, 0, 1);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, 0, 1);
  }
  buf_vector_punct_t k;
  if (buf_vector_punct_of(buf_op_attr(op, "punctuation"), &k) && k != BUF_VPUNCT_NEWLINE)
    buf_printer_printf(pr, " punctuation <%s>", puncts[k]);
  buf_attr_t str = buf_op_attr(op, "stringLiteral");
  if (str) {
    buf_printer_puts(pr, " str ");
    buf_printer_print_attr(pr, str);
  }
  buf_printer_print_attr_dict(pr, op, print_attrs);
}

static buf_status_t print_verify(buf_op_t *op) {
  buf_vector_punct_t k;
  if (op->num_operands > 1 || BUF_FAILED(buf__verify_num_results(op, 0)))
    return buf_op_emit_error(op, "expects at most one value to print"), BUF_FAILURE;
  if (!buf_vector_punct_of(buf_op_attr(op, "punctuation"), &k)) {
    buf_op_emit_error(op, "attribute 'punctuation' must be a #vector.punctuation");
    return BUF_FAILURE;
  }
  buf_attr_t str = buf_op_attr(op, "stringLiteral");
  if (str && (str->kind != BUF_ATTR_STRING || op->num_operands)) {
    buf_op_emit_error(op, "cannot print a value and a string literal at once");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ---- value ops: vectors in registers ---------------------------------- */

static bool is_vector(buf_type_t t) { return t && t->kind == BUF_TYPE_VECTOR; }

static const char *type_str(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

/* The type a vector keeps after dropping its n leading dimensions: a
 * vector of the trailing ones, or the element type once none are left
 * (what vector.extract returns and vector.insert takes). */
static buf_type_t trailing_type(buf_ctx_t *ctx, buf_type_t vec, uint32_t n) {
  uint32_t r = vec->u.shaped.rank;
  if (n >= r)
    return vec->u.shaped.elem;
  return buf_type_vector(ctx, r - n, vec->u.shaped.shape + n, vec->u.shaped.elem);
}

/* %src attr-dict : S to V */
static buf_status_t parse_unary_to(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src;
  buf_type_t from, to;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &src)) || BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) || BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)) || BUF_FAILED(buf_parse_resolve(p, &src, from, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static void print_unary_to(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

/* vector.broadcast: a scalar or a vector stretched to a vector whose
 * trailing dimensions match the source's (a source dimension of 1 may
 * stretch), as upstream's isBroadcastableTo. */
static buf_status_t broadcast_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) || BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_type_t src = op->operands[0].value->type, dst = op->results[0].type;
  if (!is_vector(dst)) {
    buf_op_emit_error(op, "result #0 must be vector of any type values, but got '%s'",
                      type_str(op, dst));
    return BUF_FAILURE;
  }
  if (buf__elem_or_self(src) != dst->u.shaped.elem) {
    buf_op_emit_error(op, "failed to verify that source operand and result have same element type");
    return BUF_FAILURE;
  }
  if (!is_vector(src))
    return buf_type_is_shaped(src) ? (buf_op_emit_error(op, "source must be a scalar or a vector"),
                                      BUF_FAILURE)
                                   : BUF_SUCCESS;
  uint32_t rs = src->u.shaped.rank, rd = dst->u.shaped.rank;
  if (rs > rd) {
    buf_op_emit_error(op, "source rank higher than destination rank");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < rs; i++) {
    int64_t s = src->u.shaped.shape[i], d = dst->u.shaped.shape[rd - rs + i];
    if (s != 1 && s != d) {
      buf_op_emit_error(op, "dimension mismatch (%lld vs. %lld)", (long long)s, (long long)d);
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* vector.shape_cast: the same elements in another shape. */
static buf_status_t shape_cast_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) || BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_type_t src = op->operands[0].value->type, dst = op->results[0].type;
  if (!is_vector(src) || !is_vector(dst)) {
    buf_op_emit_error(op, "expects a vector source and a vector result");
    return BUF_FAILURE;
  }
  if (src->u.shaped.elem != dst->u.shaped.elem) {
    buf_op_emit_error(op, "has different source and result element types");
    return BUF_FAILURE;
  }
  int64_t ns = buf_type_num_elements(src), nd = buf_type_num_elements(dst);
  if (ns != nd) {
    buf_op_emit_error(op, "has different number of elements at source (%lld) and result (%lld)",
                      (long long)ns, (long long)nd);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* vector.extract / vector.insert share their position: static entries in
 * static_position (BUF_DYNAMIC where an index operand stands), the
 * dynamic ones as trailing operands. */
static const char *const position_attrs[] = {"static_position", NULL};

static buf_status_t position_verify(buf_op_t *op, bool insert) {
  uint32_t vi = insert ? 1 : 0;
  if (op->num_operands <= vi || BUF_FAILED(buf__verify_num_results(op, 1)))
    return buf_op_emit_error(op, "expects a vector operand"), BUF_FAILURE;
  buf_type_t vec = op->operands[vi].value->type;
  buf_attr_t pos = buf_op_attr(op, "static_position");
  if (!is_vector(vec) || !pos || pos->kind != BUF_ATTR_DENSE_ARRAY) {
    buf_op_emit_error(op, "expects a vector operand and a static_position array");
    return BUF_FAILURE;
  }
  uint32_t rank = vec->u.shaped.rank, n = (uint32_t)pos->u.dense_array.count, ndyn = 0;
  if (pos->u.dense_array.count > rank) {
    buf_op_emit_error(op, "expected position attribute of rank no greater than %svector rank",
                      insert ? "dest " : "");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < n; i++) {
    int64_t x = pos->u.dense_array.ints[i];
    if (x == BUF_DYNAMIC) {
      ndyn++;
    } else if (x != -1 && (x < 0 || x >= vec->u.shaped.shape[i])) {
      if (insert)
        buf_op_emit_error(op, "expected position attribute #%u to be a non-negative integer "
                              "smaller than the corresponding dest vector dimension", i + 1);
      else
        buf_op_emit_error(op, "expected position attribute #%u to be a non-negative integer "
                              "smaller than the corresponding vector dimension or poison (-1)",
                          i + 1);
      return BUF_FAILURE;
    }
  }
  if (op->num_operands != vi + 1 + ndyn) {
    buf_op_emit_error(op, "expects %u dynamic position operands", ndyn);
    return BUF_FAILURE;
  }
  for (uint32_t i = vi + 1; i < op->num_operands; i++)
    if (op->operands[i].value->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "dynamic positions must be of index type");
      return BUF_FAILURE;
    }
  buf_type_t part = insert ? op->operands[0].value->type : op->results[0].type;
  if (buf__elem_or_self(part) != vec->u.shaped.elem) {
    buf_op_emit_error(op, insert ? "failed to verify that source operand and dest operand have "
                                   "same element type"
                                 : "failed to verify that operand and result have same element "
                                   "type");
    return BUF_FAILURE;
  }
  if (part != trailing_type(buf_op_ctx(op), vec, n)) {
    buf_op_emit_error(op, "expected %s type '%s' for position of rank %u",
                      insert ? "source" : "result",
                      type_str(op, trailing_type(buf_op_ctx(op), vec, n)), n);
    return BUF_FAILURE;
  }
  if (insert && op->results[0].type != vec) {
    buf_op_emit_error(op, "failed to verify that all of {dest, result} have same type");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t extract_verify(buf_op_t *op) { return position_verify(op, false); }
static buf_status_t insert_verify(buf_op_t *op) { return position_verify(op, true); }

/* Parses "[pos, %i, ...]" and resolves its dynamic entries. */
static buf_status_t parse_position(buf_parser_t *p, buf_op_state_t *st, buf_unresolved_t **dyn,
                                   uint32_t *ndyn) {
  buf_attr_t statics;
  if (BUF_FAILED(buf_parse_dynamic_index_list(p, dyn, ndyn, &statics)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "static_position", statics);
  return BUF_SUCCESS;
}

/* %src[pos] attr-dict : R from V */
static buf_status_t extract_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, *dyn;
  uint32_t ndyn;
  buf_type_t rt, vt;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &src)) || BUF_FAILED(parse_position(p, st, &dyn, &ndyn)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &rt)) || BUF_FAILED(buf_parse_keyword(p, "from")) ||
      BUF_FAILED(buf_parse_type(p, &vt)) || BUF_FAILED(buf_parse_resolve(p, &src, vt, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, dyn, ndyn, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_add_result(st, rt);
  return BUF_SUCCESS;
}

/* %v, %dst [pos] attr-dict : S into V */
static buf_status_t insert_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t val, dst, *dyn;
  uint32_t ndyn;
  buf_type_t st_t, vt;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &val)) || BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &dst)) || BUF_FAILED(parse_position(p, st, &dyn, &ndyn)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &st_t)) || BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_type(p, &vt)) || BUF_FAILED(buf_parse_resolve(p, &val, st_t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (BUF_FAILED(buf_parse_resolve(p, &dst, vt, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, dyn, ndyn, buf_type_index(st->ctx), st)))
    return BUF_FAILURE;
  buf_state_add_result(st, vt);
  return BUF_SUCCESS;
}

static void position_print(buf_printer_t *pr, buf_op_t *op, bool insert) {
  static const char *const elided[] = {"static_position", NULL};
  uint32_t vi = insert ? 1 : 0;
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, vi + 1);
  if (insert)
    buf_printer_puts(pr, " "); /* mlir-opt 22 spaces insert's "[" but not extract's */
  buf_value_t *dyn[16];
  uint32_t ndyn = 0;
  for (uint32_t i = vi + 1; i < op->num_operands && ndyn < 16; i++)
    dyn[ndyn++] = buf_op_operand(op, i);
  buf_printer_print_dynamic_index_list(pr, buf_op_attr(op, "static_position"), ndyn, dyn);
  buf_printer_print_attr_dict(pr, op, elided);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, insert ? op->operands[0].value->type : op->results[0].type);
  buf_printer_puts(pr, insert ? " into " : " from ");
  buf_printer_print_type(pr, op->operands[vi].value->type);
}

static void extract_print(buf_printer_t *pr, buf_op_t *op) { position_print(pr, op, false); }
static void insert_print(buf_printer_t *pr, buf_op_t *op) { position_print(pr, op, true); }

/* %a, %b, %c attr-dict : V */
static buf_status_t fma_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t u[3];
  buf_type_t t;
  for (int i = 0; i < 3; i++)
    if ((i && BUF_FAILED(buf_parse_expect(p, ","))) || BUF_FAILED(buf_parse_operand(p, &u[i])))
      return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) || BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, u, 3, t, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void fma_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static bool is_float_vector(buf_type_t t) {
  return is_vector(t) && buf_type_is_float(t->u.shaped.elem);
}

static buf_status_t fma_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 3)) || BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < 3; i++)
    if (!is_float_vector(op->operands[i].value->type)) {
      buf_op_emit_error(op, "operand #%u must be vector of floating-point values, but got '%s'",
                        i, type_str(op, op->operands[i].value->type));
      return BUF_FAILURE;
    }
  buf_type_t t = op->results[0].type;
  for (uint32_t i = 0; i < 3; i++)
    if (op->operands[i].value->type != t) {
      buf_op_emit_error(op, "failed to verify that all of {lhs, rhs, acc, result} have same type");
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* %a, %b, ... attr-dict : V  (one operand per element, row-major) */
static buf_status_t from_elements_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *u;
  uint32_t n;
  buf_type_t t;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &u, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) || BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  if (!is_vector(t))
    return buf_parser_error(p, "expected a vector type");
  int64_t want = buf_type_num_elements(t);
  if (want != (int64_t)n)
    return buf_parser_error_at(p, loc, "custom op 'vector.from_elements' number of operands and types do not match: got %u "
                                       "operands and %lld types", n, (long long)want);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, u, n, t->u.shaped.elem, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static buf_status_t from_elements_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_type_t t = op->results[0].type;
  if (!is_vector(t) || buf_type_num_elements(t) != (int64_t)op->num_operands) {
    buf_op_emit_error(op, "expects one operand per element of its vector result");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (op->operands[i].value->type != t->u.shaped.elem) {
      buf_op_emit_error(op, "failed to verify that operand types match result element type");
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

static void from_elements_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

/* ---- vector.reduction ------------------------------------------------- */

/* Upstream's CombiningKind, in its enum order (the parse error lists them
 * so); int_ok / float_ok: the element types the kind accepts. */
static const struct {
  const char *name;
  bool int_ok, float_ok;
} kinds[BUF_VKIND_COUNT] = {
    [BUF_VKIND_ADD] = {"add", true, true},        [BUF_VKIND_MUL] = {"mul", true, true},
    [BUF_VKIND_MINUI] = {"minui", true, false},   [BUF_VKIND_MINSI] = {"minsi", true, false},
    [BUF_VKIND_MINNUMF] = {"minnumf", false, true},
    [BUF_VKIND_MAXUI] = {"maxui", true, false},   [BUF_VKIND_MAXSI] = {"maxsi", true, false},
    [BUF_VKIND_MAXNUMF] = {"maxnumf", false, true},
    [BUF_VKIND_AND] = {"and", true, false},       [BUF_VKIND_OR] = {"or", true, false},
    [BUF_VKIND_XOR] = {"xor", true, false},
    [BUF_VKIND_MAXIMUMF] = {"maximumf", false, true},
    [BUF_VKIND_MINIMUMF] = {"minimumf", false, true},
};

const char *buf_vector_kind_name(buf_vector_kind_t k) {
  return k < BUF_VKIND_COUNT ? kinds[k].name : "?";
}

bool buf_vector_kind_accepts(buf_vector_kind_t k, buf_type_t elem) {
  if (k >= BUF_VKIND_COUNT || !elem)
    return false;
  if (buf_type_is_float(elem))
    return kinds[k].float_ok;
  return buf__is_signless_int_or_index(elem) && kinds[k].int_ok;
}

static bool kind_of_name(const char *s, size_t n, buf_vector_kind_t *out) {
  for (int k = 0; k < BUF_VKIND_COUNT; k++)
    if (strlen(kinds[k].name) == n && memcmp(kinds[k].name, s, n) == 0) {
      *out = (buf_vector_kind_t)k;
      return true;
    }
  return false;
}

bool buf_vector_kind_of(buf_attr_t a, buf_vector_kind_t *out) {
  static const char prefix[] = "#vector.kind<";
  if (!a || a->kind != BUF_ATTR_OPAQUE)
    return false;
  const char *t = a->u.opaque.text;
  size_t n = strlen(t), pl = sizeof prefix - 1;
  if (n <= pl + 1 || strncmp(t, prefix, pl) != 0 || t[n - 1] != '>')
    return false;
  return kind_of_name(t + pl, n - pl - 1, out);
}

static const char *const reduction_attrs[] = {"fastmath", "kind", NULL};

/* <kind>, %v (, %acc)? (fastmath<...>)? attr-dict : V into T */
static buf_status_t reduction_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, acc;
  buf_ident_t w;
  buf_vector_kind_t k;
  buf_type_t vt, rt;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_expect(p, "<")))
    return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_any_keyword(p, &w)))
    return BUF_FAILURE;
  if (!kind_of_name(w, strlen(w), &k))
    return buf_parser_error_at(p, loc, "custom op 'vector.reduction' expected "
                                       "::mlir::vector::CombiningKind to be one of: add, mul, "
                                       "minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, "
                                       "xor, maximumf, minimumf");
  const char *text = buf_arena_printf(buf_ctx_scratch(st->ctx), "#vector.kind<%s>", w);
  buf_state_set_attr(st, "kind", buf_attr_opaque(st->ctx, text, strlen(text)));
  bool has_acc = false;
  if (BUF_FAILED(buf_parse_expect(p, ">")) || BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &src)))
    return BUF_FAILURE;
  if (buf_parse_optional(p, ",")) {
    if (BUF_FAILED(buf_parse_operand(p, &acc)))
      return BUF_FAILURE;
    has_acc = true;
  }
  if (BUF_FAILED(buf__parse_flags(p, st, &buf__fastmath_flags)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) || BUF_FAILED(buf_parse_colon_type(p, &vt)) ||
      BUF_FAILED(buf_parse_keyword(p, "into")) || BUF_FAILED(buf_parse_type(p, &rt)) ||
      BUF_FAILED(buf_parse_resolve(p, &src, vt, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (has_acc) {
    if (BUF_FAILED(buf_parse_resolve(p, &acc, rt, &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  buf_state_add_result(st, rt);
  return BUF_SUCCESS;
}

static void reduction_print(buf_printer_t *pr, buf_op_t *op) {
  buf_vector_kind_t k = BUF_VKIND_ADD;
  buf_vector_kind_of(buf_op_attr(op, "kind"), &k);
  buf_printer_printf(pr, " <%s>, ", buf_vector_kind_name(k));
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf__print_flags(pr, op, &buf__fastmath_flags);
  buf_printer_print_attr_dict(pr, op, reduction_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " into ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t reduction_verify(buf_op_t *op) {
  if (op->num_operands < 1 || op->num_operands > 2) {
    buf_op_emit_error(op, "expects a vector and an optional accumulator");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, 1)) || BUF_FAILED(buf__verify_has_attr(op, "kind")) ||
      BUF_FAILED(buf__verify_flags(op, &buf__fastmath_flags)))
    return BUF_FAILURE;
  buf_vector_kind_t k;
  if (!buf_vector_kind_of(buf_op_attr(op, "kind"), &k)) {
    buf_op_emit_error(op, "attribute 'kind' must be a #vector.kind");
    return BUF_FAILURE;
  }
  buf_type_t vt = op->operands[0].value->type, rt = op->results[0].type;
  if (!is_vector(vt)) {
    buf_op_emit_error(op, "operand #0 must be vector of any type values, but got '%s'",
                      type_str(op, vt));
    return BUF_FAILURE;
  }
  if (vt->u.shaped.elem != rt) {
    buf_op_emit_error(op, "failed to verify that source operand and result have same element type");
    return BUF_FAILURE;
  }
  if (op->num_operands == 2 && op->operands[1].value->type != rt) {
    buf_op_emit_error(op, "failed to verify that all of {acc, dest} have same type");
    return BUF_FAILURE;
  }
  if (vt->u.shaped.rank > 1) {
    buf_op_emit_error(op, "unsupported reduction rank: %u", vt->u.shaped.rank);
    return BUF_FAILURE;
  }
  if (!buf_vector_kind_accepts(k, rt)) {
    buf_op_emit_error(op, "unsupported reduction type ''%s'' for kind '%s'", type_str(op, rt),
                      buf_vector_kind_name(k));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ---- vector.contract ------------------------------------------------ */

static const char *const contract_attrs[] = {"indexing_maps", "iterator_types", "kind", NULL};

static buf_attr_t iterator_attr(buf_ctx_t *ctx, const char *name, size_t len) {
  const char *text = buf_arena_printf(buf_ctx_scratch(ctx), "#vector.iterator_type<%.*s>",
                                      (int)len, name);
  return buf_attr_opaque(ctx, text, strlen(text));
}

/* Whether iterator attribute a (`#vector.iterator_type<reduction>`) is a
 * reduction; *ok false when it is neither kind. */
static bool iterator_is_reduction(buf_attr_t a, bool *ok) {
  static const char *const names[] = {"parallel", "reduction"};
  int k = opaque_keyword(a, "#vector.iterator_type<", names, 2);
  *ok = k >= 0;
  return k == 1;
}

static void contract_fill_defaults(buf_op_t *op) {
  if (!buf_op_attr(op, "kind")) {
    static const char text[] = "#vector.kind<add>";
    buf_op_set_attr(op, "kind", buf_attr_opaque(buf_op_ctx(op), text, sizeof text - 1));
  }
}

/* {indexing_maps = [...], iterator_types = ["parallel", ...], kind = ...}
 * %lhs, %rhs, %acc : L, R into A  (the dict holds every attribute; the
 * iterator types are written as strings) */
static buf_status_t contract_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_attr_t dict;
  buf_unresolved_t u[3];
  buf_type_t t[3];
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_attr_dict(p, &dict)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < dict->u.dict.n; i++) {
    const buf_named_attr_t *e = &dict->u.dict.entries[i];
    buf_attr_t val = e->value;
    if (strcmp(e->name, "iterator_types") == 0 && val->kind == BUF_ATTR_ARRAY) {
      buf_attr_t its[64];
      uint32_t n = val->u.array.n;
      if (n > 64)
        return buf_parser_error(p, "too many iterator types");
      for (uint32_t k = 0; k < n; k++) {
        buf_attr_t s = val->u.array.elems[k];
        if (s->kind != BUF_ATTR_STRING)
          return buf_parser_error(p, "expected iterator types as strings");
        its[k] = iterator_attr(st->ctx, s->u.str.data, s->u.str.len);
      }
      val = buf_attr_array(st->ctx, n, its);
    }
    buf_state_set_attr(st, e->name, val);
  }
  for (int i = 0; i < 3; i++)
    if ((i && BUF_FAILED(buf_parse_expect(p, ","))) || BUF_FAILED(buf_parse_operand(p, &u[i])))
      return BUF_FAILURE;
  if (buf_parser_next_is(p, ","))
    return buf_parser_error(p, "vector.contract with masks is not supported");
  if (BUF_FAILED(buf_parse_colon_type(p, &t[0])) || BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_type(p, &t[1])) || BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_type(p, &t[2])))
    return BUF_FAILURE;
  for (int i = 0; i < 3; i++) {
    if (BUF_FAILED(buf_parse_resolve(p, &u[i], t[i], &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  buf_state_add_result(st, t[2]);
  return BUF_SUCCESS;
}

static void contract_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t attrs = op->attrs;
  buf_printer_puts(pr, " {");
  for (uint32_t i = 0; i < attrs->u.dict.n; i++) {
    const buf_named_attr_t *e = &attrs->u.dict.entries[i];
    buf_printer_printf(pr, "%s%s = ", i ? ", " : "", e->name);
    if (strcmp(e->name, "iterator_types") == 0 && e->value->kind == BUF_ATTR_ARRAY) {
      buf_printer_puts(pr, "[");
      for (uint32_t k = 0; k < e->value->u.array.n; k++) {
        bool ok, red = iterator_is_reduction(e->value->u.array.elems[k], &ok);
        buf_printer_printf(pr, "%s\"%s\"", k ? ", " : "", red ? "reduction" : "parallel");
      }
      buf_printer_puts(pr, "]");
    } else {
      buf_printer_print_attr(pr, e->value);
    }
  }
  buf_printer_puts(pr, "} ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 2);
  buf_printer_puts(pr, " into ");
  buf_printer_print_result_types(pr, op);
}

/* The rank of a contract operand (0 for a scalar accumulator). */
static uint32_t rank_of(buf_type_t t) { return is_vector(t) ? t->u.shaped.rank : 0; }

static buf_status_t contract_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 3)) || BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(buf__verify_has_attr(op, "indexing_maps")) ||
      BUF_FAILED(buf__verify_has_attr(op, "iterator_types")))
    return BUF_FAILURE;
  buf_attr_t maps = buf_op_attr(op, "indexing_maps"), its = buf_op_attr(op, "iterator_types");
  buf_vector_kind_t k;
  if (!buf_vector_kind_of(buf_op_attr(op, "kind"), &k)) {
    buf_op_emit_error(op, "attribute 'kind' must be a #vector.kind");
    return BUF_FAILURE;
  }
  if (maps->kind != BUF_ATTR_ARRAY || maps->u.array.n != 3 || its->kind != BUF_ATTR_ARRAY) {
    buf_op_emit_error(op, "expected an indexing map for each operand");
    return BUF_FAILURE;
  }
  uint32_t nloops = its->u.array.n;
  for (uint32_t i = 0; i < nloops; i++) {
    bool ok;
    iterator_is_reduction(its->u.array.elems[i], &ok);
    if (!ok) {
      buf_op_emit_error(op, "iterator_types must be parallel or reduction");
      return BUF_FAILURE;
    }
  }
  buf_type_t acc = op->operands[2].value->type;
  if (op->results[0].type != acc) {
    buf_op_emit_error(op, "failed to verify that result type matches type of acc");
    return BUF_FAILURE;
  }
  if (!is_vector(op->operands[0].value->type) || !is_vector(op->operands[1].value->type) ||
      buf__elem_or_self(op->operands[0].value->type) != buf__elem_or_self(acc) ||
      buf__elem_or_self(op->operands[1].value->type) != buf__elem_or_self(acc)) {
    buf_op_emit_error(op, "expects vector lhs and rhs of the accumulator's element type");
    return BUF_FAILURE;
  }
  if (!buf_vector_kind_accepts(k, buf__elem_or_self(acc))) {
    buf_op_emit_error(op, "unsupported contraction type");
    return BUF_FAILURE;
  }
  /* the loop sizes come from lhs and rhs; the accumulator must have the
   * shape its map then gives (upstream's check and message) */
  int64_t size[64];
  bool in_lhs[64] = {false}, in_rhs[64] = {false};
  for (uint32_t i = 0; i < nloops && i < 64; i++)
    size[i] = -1;
  for (uint32_t o = 0; o < 3; o++) {
    buf_attr_t m = maps->u.array.elems[o];
    buf_type_t t = op->operands[o].value->type;
    if (m->kind != BUF_ATTR_AFFINE_MAP || m->u.map->num_dims != nloops || nloops > 64) {
      buf_op_emit_error(op, "expected indexing map %u to be an affine map of %u dimensions", o,
                        nloops);
      return BUF_FAILURE;
    }
    if (o < 2 && m->u.map->num_results != rank_of(t)) {
      buf_op_emit_error(op, "expected indexing map %u to have %u results", o, rank_of(t));
      return BUF_FAILURE;
    }
    for (uint32_t r = 0; r < m->u.map->num_results; r++)
      if (m->u.map->results[r]->kind != BUF_AFFINE_DIM) {
        buf_op_emit_error(op, "expected indexing map %u to be a projected permutation", o);
        return BUF_FAILURE;
      }
    for (uint32_t r = 0; o < 2 && r < m->u.map->num_results; r++) {
      int64_t d = m->u.map->results[r]->value, want = t->u.shaped.shape[r];
      if (size[d] >= 0 && size[d] != want) {
        buf_op_emit_error(op, "dimension d%lld has sizes %lld and %lld in the operands",
                          (long long)d, (long long)size[d], (long long)want);
        return BUF_FAILURE;
      }
      size[d] = want;
      (o ? in_rhs : in_lhs)[d] = true;
    }
  }
  bool contracting = false;
  for (uint32_t i = 0; i < nloops; i++) {
    bool ok;
    contracting = contracting ||
                  (iterator_is_reduction(its->u.array.elems[i], &ok) && in_lhs[i] && in_rhs[i]);
  }
  if (!contracting) {
    buf_op_emit_error(op, "expected at least one contracting dimension pair");
    return BUF_FAILURE;
  }
  buf_affine_map_t *am = maps->u.array.elems[2]->u.map;
  int64_t ashape[64];
  for (uint32_t r = 0; r < am->num_results && r < 64; r++)
    ashape[r] = size[am->results[r]->value];
  buf_type_t want = am->num_results
                        ? buf_type_vector(buf_op_ctx(op), am->num_results, ashape,
                                          buf__elem_or_self(acc))
                        : buf__elem_or_self(acc);
  if (want != acc) {
    buf_op_emit_error(op, "invalid accumulator/result vector shape, expected: '%s'",
                      type_str(op, want));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static const buf_opdef_t vector_ops[] = {
    {.name = "vector.broadcast", .traits = BUF_TRAIT_PURE, .verify = broadcast_verify,
     .parse = parse_unary_to, .print = print_unary_to},
    {.name = "vector.contract", .traits = BUF_TRAIT_PURE, .inherent_attrs = contract_attrs,
     .verify = contract_verify, .parse = contract_parse, .print = contract_print,
     .fill_defaults = contract_fill_defaults},
    {.name = "vector.extract", .traits = BUF_TRAIT_PURE, .inherent_attrs = position_attrs,
     .verify = extract_verify, .parse = extract_parse, .print = extract_print},
    {.name = "vector.fma", .traits = BUF_TRAIT_PURE, .verify = fma_verify, .parse = fma_parse,
     .print = fma_print},
    {.name = "vector.from_elements", .traits = BUF_TRAIT_PURE, .verify = from_elements_verify,
     .parse = from_elements_parse, .print = from_elements_print},
    {.name = "vector.insert", .traits = BUF_TRAIT_PURE, .inherent_attrs = position_attrs,
     .verify = insert_verify, .parse = insert_parse, .print = insert_print},
    {.name = "vector.print", .inherent_attrs = print_attrs, .verify = print_verify,
     .parse = print_parse, .print = print_print, .fill_defaults = print_fill_defaults,
     .operand_effect = read_effect},
    {.name = "vector.reduction", .traits = BUF_TRAIT_PURE, .inherent_attrs = reduction_attrs,
     .verify = reduction_verify, .parse = reduction_parse, .print = reduction_print,
     .fill_defaults = buf__fill_flag_defaults},
    {.name = "vector.shape_cast", .traits = BUF_TRAIT_PURE, .verify = shape_cast_verify,
     .parse = parse_unary_to, .print = print_unary_to},
    {.name = "vector.transfer_read", .inherent_attrs = transfer_attrs,
     .verify = transfer_verify, .parse = transfer_read_parse, .print = transfer_read_print,
     .fill_defaults = transfer_fill_defaults, .operand_effect = read_effect},
    {.name = "vector.transfer_write", .inherent_attrs = transfer_attrs,
     .verify = transfer_verify, .parse = transfer_write_parse, .print = transfer_write_print,
     .fill_defaults = transfer_fill_defaults, .operand_effect = write_effect},
};

const buf_dialect_t buf_dialect_vector = {"vector", vector_ops,
                                          sizeof vector_ops / sizeof vector_ops[0]};
