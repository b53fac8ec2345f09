/*
 * vector_values.c: the vector ops on values in registers (pure, no memory),
 * in MLIR 22's spelling (see vector.c for the forms): broadcast,
 * shape_cast, extract/insert (static_position with BUF_DYNAMIC where an
 * index operand stands), fma, from_elements, and reduction with its table
 * of combining kinds (buf/vector.h). Verifier messages are upstream's.
 */
#include "vector_internal.h"

#include <math.h>

/* The type a vector keeps after dropping its n leading dimensions: a
 * vector of the trailing ones, or the element type once none are left
 * (what vector.extract returns and vector.insert takes). */
static buf_type_t trailing_type(buf_ctx_t *ctx, buf_type_t vec, uint32_t n) {
  uint32_t r = vec->u.shaped.rank;
  if (n >= r)
    return vec->u.shaped.elem;
  return buf_type_vector_scalable(ctx, r - n, vec->u.shaped.shape + n,
                                  vec->u.shaped.scalable ? vec->u.shaped.scalable + n : NULL,
                                  vec->u.shaped.elem);
}

/* %src attr-dict : S to V */
buf_status_t buf__vector_parse_unary_to(buf_parser_t *p, buf_op_state_t *st) {
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

void buf__vector_print_unary_to(buf_printer_t *pr, buf_op_t *op) {
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
buf_status_t buf__vector_broadcast_verify(buf_op_t *op) {
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
    bool ss = buf_type_vector_dim_scalable(src, i);
    bool ds = buf_type_vector_dim_scalable(dst, rd - rs + i);
    /* a fixed 1 stretches; [4] is not 4 (nor 4 [4]) */
    if ((s != 1 || ss) && (s != d || ss != ds)) {
      buf_op_emit_error(op, "dimension mismatch (%s%lld%s vs. %s%lld%s)", ss ? "[" : "",
                        (long long)s, ss ? "]" : "", ds ? "[" : "", (long long)d, ds ? "]" : "");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* vector.shape_cast: the same elements in another shape. */
buf_status_t buf__vector_shape_cast_verify(buf_op_t *op) {
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
  uint32_t ss = 0, ds = 0;
  for (uint32_t i = 0; i < src->u.shaped.rank; i++)
    ss += buf_type_vector_dim_scalable(src, i);
  for (uint32_t i = 0; i < dst->u.shaped.rank; i++)
    ds += buf_type_vector_dim_scalable(dst, i);
  if (ss != ds) {
    buf_op_emit_error(op, "has different number of scalable dims at source (%u) and result (%u)",
                      ss, ds);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* vector.extract / vector.insert share their position: static entries in
 * static_position (BUF_DYNAMIC where an index operand stands), the
 * dynamic ones as trailing operands. */
const char *const buf__vector_position_attrs[] = {"static_position", NULL};

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

buf_status_t buf__vector_extract_verify(buf_op_t *op) { return position_verify(op, false); }
buf_status_t buf__vector_insert_verify(buf_op_t *op) { return position_verify(op, true); }

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
buf_status_t buf__vector_extract_parse(buf_parser_t *p, buf_op_state_t *st) {
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
buf_status_t buf__vector_insert_parse(buf_parser_t *p, buf_op_state_t *st) {
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

void buf__vector_extract_print(buf_printer_t *pr, buf_op_t *op) { position_print(pr, op, false); }
void buf__vector_insert_print(buf_printer_t *pr, buf_op_t *op) { position_print(pr, op, true); }

/* %a, %b, %c attr-dict : V */
buf_status_t buf__vector_fma_parse(buf_parser_t *p, buf_op_state_t *st) {
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

void buf__vector_fma_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static bool is_float_vector(buf_type_t t) {
  return is_vector(t) && buf_type_is_float(t->u.shaped.elem);
}

buf_status_t buf__vector_fma_verify(buf_op_t *op) {
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
buf_status_t buf__vector_from_elements_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *u;
  uint32_t n;
  buf_type_t t;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &u, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) || BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  if (!is_vector(t))
    return buf_parser_error(p, "expected a vector type");
  if (buf_type_is_scalable_vector(t))
    return buf_parser_error_at(p, st->loc, "'dest' must be fixed-length vector of any type values, "
                                       "but got '%s'", buf_type_to_string(st->ctx, t));
  int64_t want = buf_type_num_elements(t);
  if (want != (int64_t)n)
    return buf_parser_error_at(p, loc, "number of operands and types do not match: got %u "
                                       "operands and %lld types", n, (long long)want);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, u, n, t->u.shaped.elem, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

buf_status_t buf__vector_from_elements_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_type_t t = op->results[0].type;
  if (buf_type_is_scalable_vector(t)) {
    buf_op_emit_error(op, "result #0 must be fixed-length vector of any type values, but got '%s'",
                      type_str(op, t));
    return BUF_FAILURE;
  }
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

void buf__vector_from_elements_print(buf_printer_t *pr, buf_op_t *op) {
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

/* Contract in buf/vector.h. Float kinds take upstream's start values
 * where they are neutral (+0.0, 1.0, NaN for minnumf, -NaN for maxnumf),
 * +-inf for minimumf / maximumf: upstream's largest finite float and
 * smallest negative denormal are not neutral (mlir-runner prints
 * -1.4013e-45 for the masked maximumf of -5 alone). */
buf_attr_t buf_vector_kind_neutral(buf_ctx_t *ctx, buf_vector_kind_t k, buf_type_t elem) {
  if (buf_type_is_float(elem)) {
    double v = k == BUF_VKIND_MUL        ? 1.0
               : k == BUF_VKIND_MINNUMF  ? NAN
               : k == BUF_VKIND_MAXNUMF  ? -NAN
               : k == BUF_VKIND_MINIMUMF ? INFINITY
               : k == BUF_VKIND_MAXIMUMF ? -INFINITY
                                         : 0.0;
    return buf_attr_float(ctx, elem, v);
  }
  uint32_t w = elem->kind == BUF_TYPE_INDEX ? 64 : buf_type_bitwidth(elem);
  int64_t smax = w >= 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << (w - 1)) - 1);
  int64_t v = k == BUF_VKIND_MUL                          ? 1
              : k == BUF_VKIND_MINUI || k == BUF_VKIND_AND ? -1
              : k == BUF_VKIND_MINSI                       ? smax
              : k == BUF_VKIND_MAXSI                       ? -smax - 1
                                                           : 0;
  return buf_attr_integer(ctx, elem, v);
}

/* The mask of a reduction (MaskableOpInterface): one i1 per lane of the
 * reduced vector. */
buf_type_t buf__vector_reduction_mask_type(const buf_op_t *op) {
  buf_type_t vt = op->num_operands ? op->operands[0].value->type : NULL;
  if (!is_vector(vt))
    return NULL;
  return buf_type_vector_scalable(buf_op_ctx(op), vt->u.shaped.rank, vt->u.shaped.shape,
                                  vt->u.shaped.scalable, buf_type_i1(buf_op_ctx(op)));
}

/* Contract in buf/ir.h (apply_mask): masked-off lanes take the kind's
 * neutral value (arith.select against a splat of it), which is what a
 * masked reduction means: the lanes that are off do not take part. */
buf_op_t *buf__vector_reduction_apply_mask(buf_op_t *op, buf_value_t *mask) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_vector_kind_t k;
  buf_type_t vt = op->operands[0].value->type;
  if (!buf_vector_kind_of(buf_op_attr(op, "kind"), &k) || !is_vector(vt)) {
    buf_op_emit_error(op, "cannot apply a mask to this reduction");
    return NULL;
  }
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_attr_t n = buf_vector_kind_neutral(ctx, k, vt->u.shaped.elem);
  buf_attr_t splat = n->kind == BUF_ATTR_FLOAT ? buf_attr_dense(ctx, vt, 1, NULL, &n->u.f)
                                                : buf_attr_dense(ctx, vt, 1, &n->u.i, NULL);
  buf_value_t *neutral = buf_op_result(buf_build(&b, "arith.constant", vt, 0, NULL, "value", splat, NULL), 0);
  buf_value_t *sel[3] = {mask, op->operands[0].value, neutral};
  buf_value_t *v = buf_op_result(buf_build(&b, "arith.select", vt, 3, sel, NULL), 0);
  buf_op_set_operand(op, 0, v);
  return op;
}

const char *const buf__vector_reduction_attrs[] = {"fastmath", "kind", NULL};

/* <kind>, %v (, %acc)? (fastmath<...>)? attr-dict : V into T */
buf_status_t buf__vector_reduction_parse(buf_parser_t *p, buf_op_state_t *st) {
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
    return buf_parser_error_at(p, loc, "expected "
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

void buf__vector_reduction_print(buf_printer_t *pr, buf_op_t *op) {
  buf_vector_kind_t k = BUF_VKIND_ADD;
  buf_vector_kind_of(buf_op_attr(op, "kind"), &k);
  buf_printer_printf(pr, " <%s>, ", buf_vector_kind_name(k));
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  buf__print_flags(pr, op, &buf__fastmath_flags);
  buf_printer_print_attr_dict(pr, op, buf__vector_reduction_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " into ");
  buf_printer_print_result_types(pr, op);
}

buf_status_t buf__vector_reduction_verify(buf_op_t *op) {
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
