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
 * The combining kinds of vector.reduction are a closed table, decoded for
 * the interpreter and the emitter by buf/vector.h.
 *
 * This file holds the transfers, vector.print and the dialect's table; the
 * value ops are in vector_values.c, vector.contract in vector_contract.c,
 * vector.mask and vector.yield in vector_mask.c (their hooks declared in
 * vector_internal.h). The transfers and vector.reduction are maskable
 * (mask_type, apply_mask): the mask of a vector.mask around a transfer has
 * the type of its own mask operand, around a reduction one i1 per lane.
 */
#include "vector_internal.h"

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
    return buf_type_vector_scalable(ctx, rank, vshape, vec->u.shaped.scalable, buf_type_i1(ctx));
  int64_t shape[16];
  bool scalable[16];
  uint32_t n = 0;
  buf_affine_map_t *m = pm->u.map;
  for (uint32_t d = 0; d < m->num_dims; d++)
    for (uint32_t k = 0; k < m->num_results && k < rank && n < 16; k++)
      if (m->results[k]->kind == BUF_AFFINE_DIM && m->results[k]->value == (int64_t)d) {
        scalable[n] = buf_type_vector_dim_scalable(vec, k);
        shape[n++] = vshape[k];
      }
  return buf_type_vector_scalable(ctx, n, shape, scalable, buf_type_i1(ctx));
}

/* Contract in vector_internal.h. */
buf_type_t buf__vector_transfer_mask_type(const buf_op_t *op) {
  buf_type_t vec = transfer_vector_type(op);
  if (!vec || vec->kind != BUF_TYPE_VECTOR)
    return NULL;
  return transfer_mask_type(buf_op_ctx((buf_op_t *)op), vec, buf_op_attr(op, "permutation_map"));
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
  for (uint32_t i = s + 1; i < s + 1 + (uint32_t)nidx && i < op->num_operands; i++)
    if (op->operands[i].value->type->kind != BUF_TYPE_INDEX) {
      buf_op_emit_error(op, "operand #%u must be variadic of index, but got '%s'", i,
                        buf_type_to_string(buf_op_ctx(op), op->operands[i].value->type));
      return BUF_FAILURE;
    }
  if (!s && (op->num_operands <= 1 + nidx ||
             op->operands[1 + nidx].value->type != src->u.shaped.elem)) {
    buf_op_emit_error(op, "requires formal padding and source of the same elemental type");
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

/* Contract in buf/ir.h (apply_mask): the transfer again with `mask` as
 * its mask operand (and-ed with its own: a lane is on when both say so). */
static buf_op_t *transfer_apply_mask(buf_op_t *op, buf_value_t *mask) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  int64_t seg[4] = {0, 0, 0, 0};
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4) {
    buf_op_emit_error(op, "cannot apply a mask: operandSegmentSizes is malformed");
    return NULL;
  }
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  if (seg[3]) {
    buf_value_t *both[2] = {op->operands[op->num_operands - 1].value, mask};
    mask = buf_op_result(buf_build(&b, "arith.andi", mask->type, 2, both, NULL), 0);
  }
  buf_op_state_t st;
  buf_state_init(&st, ctx, op->name, op->loc);
  for (uint32_t i = 0; i < op->num_operands - (seg[3] ? 1 : 0); i++)
    buf_state_add_operand(&st, op->operands[i].value);
  buf_state_add_operand(&st, mask);
  for (uint32_t i = 0; op->attrs && i < op->attrs->u.dict.n; i++)
    buf_state_set_attr(&st, op->attrs->u.dict.entries[i].name, op->attrs->u.dict.entries[i].value);
  seg[3] = 1;
  buf_state_set_attr(&st, "operandSegmentSizes", buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_state_add_result(&st, op->results[i].type);
  buf_op_t *n = buf_builder_insert(&b, &st);
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_value_replace_all_uses(&op->results[i], &n->results[i]);
  buf_op_erase(op);
  return n;
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

/* Contract in vector_internal.h. */
int buf__vector_opaque_keyword(buf_attr_t a, const char *prefix, const char *const *names, int n) {
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
  int k = buf__vector_opaque_keyword(a, "#vector.punctuation<", puncts, BUF_VPUNCT_COUNT);
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
      return buf_parser_error_at(p, loc, "expected "
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

static const buf_opdef_t vector_ops[] = {
    {.name = "vector.broadcast", .traits = BUF_TRAIT_PURE, .verify = buf__vector_broadcast_verify,
     .parse = buf__vector_parse_unary_to, .print = buf__vector_print_unary_to},
    {.name = "vector.contract", .traits = BUF_TRAIT_PURE, .inherent_attrs = buf__vector_contract_attrs,
     .verify = buf__vector_contract_verify, .parse = buf__vector_contract_parse, .print = buf__vector_contract_print,
     .fill_defaults = buf__vector_contract_fill_defaults},
    {.name = "vector.extract", .traits = BUF_TRAIT_PURE, .inherent_attrs = buf__vector_position_attrs,
     .verify = buf__vector_extract_verify, .parse = buf__vector_extract_parse, .print = buf__vector_extract_print},
    {.name = "vector.fma", .traits = BUF_TRAIT_PURE, .verify = buf__vector_fma_verify, .parse = buf__vector_fma_parse,
     .print = buf__vector_fma_print},
    {.name = "vector.from_elements", .traits = BUF_TRAIT_PURE, .verify = buf__vector_from_elements_verify,
     .parse = buf__vector_from_elements_parse, .print = buf__vector_from_elements_print},
    {.name = "vector.insert", .traits = BUF_TRAIT_PURE, .inherent_attrs = buf__vector_position_attrs,
     .verify = buf__vector_insert_verify, .parse = buf__vector_insert_parse, .print = buf__vector_insert_print},
    {.name = "vector.mask",
     .traits = BUF_TRAIT_SINGLE_BLOCK | BUF_TRAIT_NO_TERMINATOR | BUF_TRAIT_REGION_BRANCH |
               BUF_TRAIT_MASKING,
     .verify = buf__vector_mask_verify, .parse = buf__vector_mask_parse,
     .print = buf__vector_mask_print, .custom_form_parses_back = buf__vector_mask_parses_back},
    {.name = "vector.print", .inherent_attrs = print_attrs, .verify = print_verify,
     .parse = print_parse, .print = print_print, .fill_defaults = print_fill_defaults,
     .operand_effect = read_effect},
    {.name = "vector.reduction", .traits = BUF_TRAIT_PURE, .inherent_attrs = buf__vector_reduction_attrs,
     .verify = buf__vector_reduction_verify, .parse = buf__vector_reduction_parse, .print = buf__vector_reduction_print,
     .fill_defaults = buf__fill_flag_defaults, .mask_type = buf__vector_reduction_mask_type,
     .apply_mask = buf__vector_reduction_apply_mask},
    {.name = "vector.shape_cast", .traits = BUF_TRAIT_PURE, .verify = buf__vector_shape_cast_verify,
     .parse = buf__vector_parse_unary_to, .print = buf__vector_print_unary_to},
    {.name = "vector.transfer_read", .inherent_attrs = transfer_attrs,
     .verify = transfer_verify, .parse = transfer_read_parse, .print = transfer_read_print,
     .fill_defaults = transfer_fill_defaults, .operand_effect = read_effect,
     .mask_type = buf__vector_transfer_mask_type, .mask_passthru = true,
     .apply_mask = transfer_apply_mask},
    {.name = "vector.transfer_write", .inherent_attrs = transfer_attrs,
     .verify = transfer_verify, .parse = transfer_write_parse, .print = transfer_write_print,
     .fill_defaults = transfer_fill_defaults, .operand_effect = write_effect,
     .mask_type = buf__vector_transfer_mask_type, .apply_mask = transfer_apply_mask},
    {.name = "vector.yield",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_FORWARDS | BUF_TRAIT_PURE,
     .parse = buf__parse_values_colon_types, .print = buf__vector_yield_print},
};

const buf_dialect_t buf_dialect_vector = {"vector", vector_ops,
                                          sizeof vector_ops / sizeof vector_ops[0], false};
