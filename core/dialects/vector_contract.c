/*
 * vector_contract.c: vector.contract, a contraction of two vectors into an
 * accumulator described as linalg describes it (indexing maps over loop
 * dimensions, each parallel or reduction) with a combining kind:
 *
 *   %r = vector.contract {indexing_maps = [...], iterator_types = ["parallel",
 *            "reduction"], kind = #vector.kind<add>} %a, %b, %acc : A, B into C
 *
 * The iterator types are stored as #vector.iterator_type<...> (the custom
 * form writes them as strings, inside the leading dictionary with every
 * other attribute); kind defaults to add. Masks are not supported.
 */
#include "vector_internal.h"

const char *const buf__vector_contract_attrs[] = {"indexing_maps", "iterator_types", "kind", NULL};

static buf_attr_t iterator_attr(buf_ctx_t *ctx, const char *name, size_t len) {
  const char *text = buf_arena_printf(buf_ctx_scratch(ctx), "#vector.iterator_type<%.*s>",
                                      (int)len, name);
  return buf_attr_opaque(ctx, text, strlen(text));
}

/* Whether iterator attribute a (`#vector.iterator_type<reduction>`) is a
 * reduction; *ok false when it is neither kind. */
static bool iterator_is_reduction(buf_attr_t a, bool *ok) {
  static const char *const names[] = {"parallel", "reduction"};
  int k = buf__vector_opaque_keyword(a, "#vector.iterator_type<", names, 2);
  *ok = k >= 0;
  return k == 1;
}

void buf__vector_contract_fill_defaults(buf_op_t *op) {
  if (!buf_op_attr(op, "kind")) {
    static const char text[] = "#vector.kind<add>";
    buf_op_set_attr(op, "kind", buf_attr_opaque(buf_op_ctx(op), text, sizeof text - 1));
  }
}

/* {indexing_maps = [...], iterator_types = ["parallel", ...], kind = ...}
 * %lhs, %rhs, %acc : L, R into A  (the dict holds every attribute; the
 * iterator types are written as strings) */
buf_status_t buf__vector_contract_parse(buf_parser_t *p, buf_op_state_t *st) {
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
        /* only these two print back (as #vector.iterator_type<...>) */
        if ((s->u.str.len != 8 || memcmp(s->u.str.data, "parallel", 8) != 0) &&
            (s->u.str.len != 9 || memcmp(s->u.str.data, "reduction", 9) != 0))
          return buf_parser_error(p, "unexpected iterator_type (%.*s)", (int)s->u.str.len,
                                  s->u.str.data);
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

void buf__vector_contract_print(buf_printer_t *pr, buf_op_t *op) {
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

buf_status_t buf__vector_contract_verify(buf_op_t *op) {
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
  bool in_lhs[64] = {false}, in_rhs[64] = {false}, scalable[64] = {false};
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
      scalable[d] = scalable[d] || buf_type_vector_dim_scalable(t, r);
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
  bool ascalable[64];
  for (uint32_t r = 0; r < am->num_results && r < 64; r++) {
    ashape[r] = size[am->results[r]->value];
    ascalable[r] = scalable[am->results[r]->value];
  }
  buf_type_t want = am->num_results
                        ? buf_type_vector_scalable(buf_op_ctx(op), am->num_results, ashape,
                                                   ascalable, buf__elem_or_self(acc))
                        : buf__elem_or_self(acc);
  /* upstream compares the sizes only: an accumulator may be fixed where
   * the operands' dimension is scalable, and the other way round */
  bool same_sizes = is_vector(want) && is_vector(acc) && want->u.shaped.elem == acc->u.shaped.elem &&
                    want->u.shaped.rank == acc->u.shaped.rank &&
                    memcmp(want->u.shaped.shape, acc->u.shaped.shape,
                           want->u.shaped.rank * sizeof(int64_t)) == 0;
  if (want != acc && !same_sizes) {
    buf_op_emit_error(op, "invalid accumulator/result vector shape, expected: '%s'",
                      type_str(op, want));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}
