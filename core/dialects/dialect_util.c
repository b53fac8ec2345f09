/*
 * dialect_util.c: helpers shared by the dialect op tables.
 *
 * See dialect_util.h for what is here and why. Invariants: nothing here keeps
 * state; flag attributes are always created in their canonical spelling
 * (names in bit order, "none" for no bits, the all-bits name when every bit
 * is set), so that equal flags are the same interned attribute.
 */
#include "dialect_util.h"
#include "buf/linalg.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Type predicates                                                           */
/* ------------------------------------------------------------------------ */

buf_type_t buf__elem_or_self(buf_type_t t) {
  if (t && (t->kind == BUF_TYPE_TENSOR || t->kind == BUF_TYPE_UNRANKED_TENSOR ||
            t->kind == BUF_TYPE_VECTOR))
    return t->u.shaped.elem;
  return t;
}

bool buf__is_signless_int(buf_type_t t) {
  return t && t->kind == BUF_TYPE_INTEGER &&
         t->u.integer.signedness == BUF_SIGNLESS;
}

bool buf__is_signless_int_or_index(buf_type_t t) {
  return buf__is_signless_int(t) || (t && t->kind == BUF_TYPE_INDEX);
}

bool buf__is_i1(buf_type_t t) {
  return buf__is_signless_int(t) && t->u.integer.width == 1;
}

bool buf__is_like(buf_type_t t, bool (*pred)(buf_type_t)) {
  return t && pred(buf__elem_or_self(t));
}

bool buf__same_container_shape(buf_type_t a, buf_type_t b) {
  bool sa = buf__elem_or_self(a) != a, sb = buf__elem_or_self(b) != b;
  if (!sa || !sb)
    return sa == sb;
  if (a->kind != b->kind)
    return false;
  if (a->kind == BUF_TYPE_UNRANKED_TENSOR)
    return true;
  if (a->u.shaped.rank != b->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < a->u.shaped.rank; i++)
    if (a->u.shaped.shape[i] != b->u.shaped.shape[i])
      return false;
  return true;
}

buf_type_t buf__shaped_like(buf_ctx_t *ctx, buf_type_t t, buf_type_t elem) {
  switch (t->kind) {
  case BUF_TYPE_TENSOR:
    return buf_type_tensor(ctx, t->u.shaped.rank, t->u.shaped.shape, elem,
                           t->u.shaped.encoding);
  case BUF_TYPE_UNRANKED_TENSOR:
    return buf_type_unranked_tensor(ctx, elem);
  case BUF_TYPE_VECTOR:
    return buf_type_vector_scalable(ctx, t->u.shaped.rank, t->u.shaped.shape,
                                    t->u.shaped.scalable, elem);
  default:
    return elem;
  }
}

buf_type_t buf__operand_type_or_result(const buf_op_t *op, uint32_t i) {
  if (i < op->num_operands)
    return op->operands[i].value->type;
  return op->num_results ? op->results[0].type : NULL;
}

/* ------------------------------------------------------------------------ */
/* Common verifier checks                                                    */
/* ------------------------------------------------------------------------ */

buf_status_t buf__verify_num_operands(buf_op_t *op, uint32_t n) {
  if (op->num_operands == n)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "expected %u operands, but found %u", n,
                    op->num_operands);
  return BUF_FAILURE;
}

buf_status_t buf__verify_num_results(buf_op_t *op, uint32_t n) {
  if (op->num_results == n)
    return BUF_SUCCESS;
  if (n == 0)
    buf_op_emit_error(op, "requires zero results");
  else if (n == 1)
    buf_op_emit_error(op, "requires one result");
  else
    buf_op_emit_error(op, "requires %u results", n);
  return BUF_FAILURE;
}

buf_status_t buf__verify_same_operand_result_types(buf_op_t *op) {
  buf_type_t t = NULL;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_type_t u = op->operands[i].value->type;
    if (t && u != t)
      goto fail;
    t = u;
  }
  for (uint32_t i = 0; i < op->num_results; i++) {
    buf_type_t u = op->results[i].type;
    if (t && u != t)
      goto fail;
    t = u;
  }
  return BUF_SUCCESS;
fail:
  buf_op_emit_error(op, "requires the same type for all operands and results");
  return BUF_FAILURE;
}

buf_status_t buf__verify_operand_like(buf_op_t *op, uint32_t i,
                                      bool (*pred)(buf_type_t),
                                      const char *what) {
  buf_type_t t = op->operands[i].value->type;
  if (buf__is_like(t, pred))
    return BUF_SUCCESS;
  buf_op_emit_error(op, "operand #%u must be %s, but got '%s'", i, what,
                    buf_type_to_string(buf_op_ctx(op), t));
  return BUF_FAILURE;
}

buf_status_t buf__verify_result_like(buf_op_t *op, uint32_t i,
                                     bool (*pred)(buf_type_t),
                                     const char *what) {
  buf_type_t t = op->results[i].type;
  if (buf__is_like(t, pred))
    return BUF_SUCCESS;
  buf_op_emit_error(op, "result #%u must be %s, but got '%s'", i, what,
                    buf_type_to_string(buf_op_ctx(op), t));
  return BUF_FAILURE;
}

buf_status_t buf__verify_has_attr(buf_op_t *op, const char *name) {
  if (buf_op_attr(op, name))
    return BUF_SUCCESS;
  buf_op_emit_error(op, "requires attribute '%s'", name);
  return BUF_FAILURE;
}

/* ------------------------------------------------------------------------ */
/* Flags                                                                     */
/* ------------------------------------------------------------------------ */

static const char *const fastmath_names[] = {
    "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"};
const buf__flagset_t buf__fastmath_flags = {
    "fastmath", "fastmath", "#arith.fastmath", ",", "fast", 7, fastmath_names};

static const char *const overflow_names[] = {"nsw", "nuw"};
const buf__flagset_t buf__overflow_flags = {
    "overflowFlags", "overflow", "#arith.overflow", ", ", NULL, 2,
    overflow_names};

static uint32_t flags_all(const buf__flagset_t *fs) {
  return (1u << fs->num_names) - 1;
}

/* The bit of the flag name s (n bytes); false when unknown. */
static bool flag_bits_of(const buf__flagset_t *fs, const char *s, size_t n,
                         uint32_t *bits) {
  if (n == 4 && memcmp(s, "none", 4) == 0) {
    *bits = 0;
    return true;
  }
  if (fs->all_name && strlen(fs->all_name) == n &&
      memcmp(s, fs->all_name, n) == 0) {
    *bits = flags_all(fs);
    return true;
  }
  for (uint32_t i = 0; i < fs->num_names; i++)
    if (strlen(fs->names[i]) == n && memcmp(s, fs->names[i], n) == 0) {
      *bits = 1u << i;
      return true;
    }
  return false;
}

bool buf__flags_value(const buf__flagset_t *fs, buf_attr_t a, uint32_t *bits) {
  *bits = 0;
  if (!a)
    return true;
  if (a->kind == BUF_ATTR_INTEGER) {
    if (a->u.i < 0 || (uint64_t)a->u.i > flags_all(fs))
      return false;
    *bits = (uint32_t)a->u.i;
    return true;
  }
  if (a->kind != BUF_ATTR_OPAQUE)
    return false;
  /* "#arith.fastmath<nnan,ninf>": the names between the angle brackets. */
  const char *text = a->u.opaque.text;
  size_t plen = strlen(fs->attr_prefix);
  if (strncmp(text, fs->attr_prefix, plen) != 0 || text[plen] != '<')
    return false;
  const char *s = text + plen + 1;
  const char *end = strchr(s, '>');
  if (!end || end[1] != 0)
    return false;
  while (s < end) {
    while (s < end && (*s == ' ' || *s == ','))
      s++;
    const char *w = s;
    while (s < end && *s != ' ' && *s != ',')
      s++;
    if (s == w)
      break;
    uint32_t b;
    if (!flag_bits_of(fs, w, (size_t)(s - w), &b))
      return false;
    *bits |= b;
  }
  return true;
}

/* Writes the canonical flag list ("nnan,ninf", "fast", "none") to sb. */
static void flags_spell(buf_strbuf_t *sb, const buf__flagset_t *fs,
                        uint32_t bits) {
  if (bits == 0) {
    buf_strbuf_puts(sb, "none");
    return;
  }
  if (fs->all_name && bits == flags_all(fs)) {
    buf_strbuf_puts(sb, fs->all_name);
    return;
  }
  bool first = true;
  for (uint32_t i = 0; i < fs->num_names; i++)
    if (bits & (1u << i)) {
      if (!first)
        buf_strbuf_puts(sb, fs->separator);
      buf_strbuf_puts(sb, fs->names[i]);
      first = false;
    }
}

buf_attr_t buf__flags_attr(buf_ctx_t *ctx, const buf__flagset_t *fs,
                           uint32_t bits) {
  buf_strbuf_t sb = {0};
  buf_strbuf_puts(&sb, fs->attr_prefix);
  buf_strbuf_puts(&sb, "<");
  flags_spell(&sb, fs, bits);
  buf_strbuf_puts(&sb, ">");
  buf_attr_t a = buf_attr_opaque(ctx, sb.data, sb.len);
  buf_strbuf_free(&sb);
  return a;
}

void buf__fill_flag_defaults(buf_op_t *op) {
  static const buf__flagset_t *const sets[] = {&buf__fastmath_flags,
                                               &buf__overflow_flags};
  const char *const *names = op->def->inherent_attrs;
  for (uint32_t i = 0; names && names[i]; i++)
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
      if (strcmp(names[i], sets[k]->attr_name) == 0 &&
          !buf_op_attr(op, names[i]))
        buf_op_set_attr(op, names[i],
                        buf__flags_attr(buf_op_ctx(op), sets[k], 0));
}

buf_status_t buf__parse_flags(buf_parser_t *p, buf_op_state_t *st,
                              const buf__flagset_t *fs) {
  uint32_t bits = 0;
  if (buf_parse_optional_keyword(p, fs->keyword)) {
    if (BUF_FAILED(buf_parse_expect(p, "<")))
      return BUF_FAILURE;
    do {
      buf_loc_t loc = buf_parser_loc(p);
      buf_ident_t w;
      if (BUF_FAILED(buf_parse_any_keyword(p, &w)))
        return BUF_FAILURE;
      uint32_t b;
      if (!flag_bits_of(fs, w, strlen(w), &b))
        return buf_parser_error_at(p, loc, "invalid %s flag '%s'", fs->keyword,
                                   w);
      bits |= b;
    } while (buf_parse_optional(p, ","));
    if (BUF_FAILED(buf_parse_expect(p, ">")))
      return BUF_FAILURE;
  }
  buf_state_set_attr(st, fs->attr_name,
                     buf__flags_attr(buf_parser_ctx(p), fs, bits));
  return BUF_SUCCESS;
}

void buf__print_flags(buf_printer_t *pr, buf_op_t *op,
                      const buf__flagset_t *fs) {
  uint32_t bits;
  if (!buf__flags_value(fs, buf_op_attr(op, fs->attr_name), &bits) || !bits)
    return;
  buf_strbuf_t sb = {0};
  flags_spell(&sb, fs, bits);
  buf_printer_printf(pr, " %s<%s>", fs->keyword, sb.data);
  buf_strbuf_free(&sb);
}

buf_status_t buf__verify_flags(buf_op_t *op, const buf__flagset_t *fs) {
  buf_attr_t a = buf_op_attr(op, fs->attr_name);
  uint32_t bits;
  if (buf__flags_value(fs, a, &bits))
    return BUF_SUCCESS;
  buf_op_emit_error(op, "attribute '%s' must be %s<...>, but got %s",
                    fs->attr_name, fs->attr_prefix,
                    buf_attr_to_string(buf_op_ctx(op), a));
  return BUF_FAILURE;
}

/* ------------------------------------------------------------------------ */
/* Side tables                                                               */
/* ------------------------------------------------------------------------ */

int buf__row_of(const buf_opdef_t *table, uint32_t n, const buf_opdef_t *def) {
  if (!def)
    return -1;
  if (def->table_row)
    def = def->table_row;
  if (def >= table && def < table + n)
    return (int)(def - table);
  for (uint32_t i = 0; i < n; i++)
    if (strcmp(table[i].name, def->name) == 0)
      return (int)i;
  return -1;
}

int buf__row_of_state(const buf_opdef_t *table, uint32_t n,
                      const buf_op_state_t *st) {
  /* A state's name is interned, and so is each registered row's name as
   * the row's own pointer: the pointer test finds the row without reading
   * a string. The text compare covers a row whose name was interned
   * through another table first. */
  for (uint32_t i = 0; i < n; i++)
    if (table[i].name == st->name)
      return (int)i;
  for (uint32_t i = 0; i < n; i++)
    if (strcmp(table[i].name, st->name) == 0)
      return (int)i;
  return -1;
}

/* ------------------------------------------------------------------------ */
/* Elementwise ops                                                           */
/* ------------------------------------------------------------------------ */

static bool is_float(buf_type_t t) { return buf_type_is_float(t); }

bool (*buf__elem_pred(buf__elem_kind_t k))(buf_type_t) {
  return k == BUF__ELEM_FLOAT ? is_float : buf__is_signless_int_or_index;
}

const char *buf__elem_what(buf__elem_kind_t k) {
  return k == BUF__ELEM_FLOAT ? "floating-point-like" : "signless-integer-like";
}

buf_status_t buf__ew_parse(buf_parser_t *p, buf_op_state_t *st,
                           const buf__ew_desc_t *d) {
  buf_unresolved_t ops[3];
  for (uint32_t i = 0; i < d->num_operands; i++) {
    if (i && BUF_FAILED(buf_parse_expect(p, ",")))
      return BUF_FAILURE;
    if (BUF_FAILED(buf_parse_operand(p, &ops[i])))
      return BUF_FAILURE;
  }
  if (d->flags && BUF_FAILED(buf__parse_flags(p, st, d->flags)))
    return BUF_FAILURE;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, ops, d->num_operands, t,
                                                 st)))
    return BUF_FAILURE;
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_state_add_result(
      st, d->bool_result ? buf__shaped_like(ctx, t, buf_type_i1(ctx)) : t);
  return BUF_SUCCESS;
}

void buf__ew_print(buf_printer_t *pr, buf_op_t *op, const buf__ew_desc_t *d) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, op->num_operands);
  const char *elided[] = {d->flags ? d->flags->attr_name : NULL, NULL};
  if (d->flags)
    buf__print_flags(pr, op, d->flags);
  buf_printer_print_attr_dict(pr, op, elided);
  buf_type_t t = buf__operand_type_or_result(op, 0);
  if (t) {
    buf_printer_puts(pr, " : ");
    buf_printer_print_type(pr, t);
  }
}

/* Contract in dialect_util.h. */
bool buf__replace_by_constant(buf_op_t *op, buf_attr_t value) {
  buf_builder_t b;
  buf_builder_init(&b, buf_op_ctx(op));
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_op_t *c = buf_build(&b, "arith.constant", op->results[0].type, 0, NULL,
                          "value", value, NULL);
  buf_value_t *r = buf_op_result(c, 0);
  buf_op_replace(op, &r);
  return true;
}

/* Contract in dialect_util.h. */
bool buf__ew_parses_back(const buf_op_t *op) {
  if (op->num_operands == 0 || op->num_results != 1)
    return true;
  buf_type_t t = op->operands[0].value->type;
  for (uint32_t i = 1; i < op->num_operands; i++)
    if (op->operands[i].value->type != t)
      return false;
  buf_type_t r = op->results[0].type;
  buf_ctx_t *ctx = buf_op_ctx((buf_op_t *)op);
  return r == t || r == buf__shaped_like(ctx, t, buf_type_i1(ctx));
}

/* Do the shapes of two shaped types agree where both are static
 * (upstream's verifyCompatibleShape: an unranked tensor agrees with any)? */
static bool shapes_compatible(buf_type_t a, buf_type_t b) {
  if (!buf_type_is_ranked(a) || !buf_type_is_ranked(b))
    return true;
  if (a->u.shaped.rank != b->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < a->u.shaped.rank; i++) {
    int64_t x = a->u.shaped.shape[i], y = b->u.shaped.shape[i];
    if (x != y && x != BUF_DYNAMIC && y != BUF_DYNAMIC)
      return false;
  }
  return true;
}

/* May two types be the same at run time: one element type, and shapes
 * that agree where both are static (a scalar matches only a scalar)? */
static bool compatible_types(buf_type_t a, buf_type_t b) {
  if (buf__elem_or_self(a) != buf__elem_or_self(b))
    return false;
  bool sa = buf_type_is_shaped(a), sb = buf_type_is_shaped(b);
  if (!sa || !sb)
    return sa == sb;
  return shapes_compatible(a, b);
}

static bool is_mappable_type(buf_type_t t) {
  return buf_type_is_tensor(t) || t->kind == BUF_TYPE_VECTOR;
}

/* Upstream's OpTrait::impl::verifyElementwise (ElementwiseMappable):
 * non-scalar operands and results are all tensors or all vectors, of one
 * kind and compatible shapes. */
static buf_status_t verify_elementwise_mappable(buf_op_t *op) {
  buf_type_t first = NULL;
  bool mixed = false;
  uint32_t nops = 0, nres = 0;
  for (uint32_t i = 0; i < op->num_operands + op->num_results; i++) {
    bool res = i >= op->num_operands;
    buf_type_t t = res ? op->results[i - op->num_operands].type
                       : op->operands[i].value->type;
    if (!is_mappable_type(t))
      continue;
    *(res ? &nres : &nops) += 1;
    if (!first)
      first = t;
    else if (t->kind != first->kind || !shapes_compatible(first, t))
      mixed = true;
  }
  if (!nops && !nres)
    return BUF_SUCCESS;
  const char *msg = NULL;
  if (!nops)
    msg = "if a result is non-scalar, then at least one operand must be "
          "non-scalar";
  else if (!nres)
    msg = "if an operand is non-scalar, then there must be at least one "
          "non-scalar result";
  else if (nres != op->num_results)
    msg = "if an operand is non-scalar, then all results must be non-scalar";
  else if (mixed)
    msg = "all non-scalar operands/results must have the same shape and base "
          "type";
  if (!msg)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "%s", msg);
  return BUF_FAILURE;
}

buf_status_t buf__ew_verify(buf_op_t *op, const buf__ew_desc_t *d) {
  if (BUF_FAILED(buf__verify_num_operands(op, d->num_operands)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  bool (*pred)(buf_type_t) = buf__elem_pred((buf__elem_kind_t)d->elem);
  const char *what = buf__elem_what((buf__elem_kind_t)d->elem);
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (BUF_FAILED(buf__verify_operand_like(op, i, pred, what)))
      return BUF_FAILURE;
  if (d->bool_result) {
    if (BUF_FAILED(buf__verify_result_like(op, 0, buf__is_i1, "bool-like")))
      return BUF_FAILURE;
    buf_type_t t = op->operands[0].value->type;
    for (uint32_t i = 1; i < op->num_operands; i++)
      if (op->operands[i].value->type != t) {
        buf_op_emit_error(op, "failed to verify that all of {lhs, rhs} have "
                              "same type");
        return BUF_FAILURE;
      }
    if (!buf__same_container_shape(t, op->results[0].type)) {
      buf_op_emit_error(op, "failed to verify that result type has i1 element "
                            "type and same shape as operands");
      return BUF_FAILURE;
    }
  } else {
    /* upstream's order: SameOperandsAndResultType (compatible shapes
     * suffice), ElementwiseMappable, then the inferred result type, which
     * is operand 0's */
    if (BUF_FAILED(buf__verify_result_like(op, 0, pred, what)))
      return BUF_FAILURE;
    for (uint32_t i = 1; i <= op->num_operands; i++) {
      buf_type_t t = i < op->num_operands ? op->operands[i].value->type
                                          : op->results[0].type;
      if (!compatible_types(op->operands[0].value->type, t)) {
        buf_op_emit_error(op, "requires the same type for all operands and "
                              "results");
        return BUF_FAILURE;
      }
    }
    if (BUF_FAILED(verify_elementwise_mappable(op)))
      return BUF_FAILURE;
    buf_type_t inferred = op->operands[0].value->type;
    if (op->results[0].type != inferred) {
      buf_ctx_t *ctx = buf_op_ctx(op);
      buf_op_emit_error(op, "inferred type(s) '%s' are incompatible with "
                            "return type(s) of operation '%s'",
                        buf_type_to_string(ctx, inferred),
                        buf_type_to_string(ctx, op->results[0].type));
      buf_op_emit_error(op, "failed to infer returned types");
      return BUF_FAILURE;
    }
  }
  if (d->flags && BUF_FAILED(buf__verify_flags(op, d->flags)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

bool buf__fold_self_copy(buf_op_t *op) {
  if (op->num_operands != 2 || op->num_results != 0 ||
      op->operands[0].value != op->operands[1].value)
    return false;
  buf_op_erase(op);
  return true;
}

/* Does the memref.cast cast only forget static facts of its source (sizes,
 * strides, offset that become '?'), so that a user which accepts the
 * cast's type accepts the source as well (upstream's
 * memref::CastOp::canFoldIntoConsumerOp)? */
bool buf__memref_cast_only_forgets(const buf_op_t *cast) {
  if (!buf_op_isa(cast, "memref.cast") || cast->num_operands != 1)
    return false;
  buf_type_t from = cast->operands[0].value->type, to = cast->results[0].type;
  if (from->kind != BUF_TYPE_MEMREF || to->kind != BUF_TYPE_MEMREF ||
      from->u.shaped.rank != to->u.shaped.rank ||
      from->u.shaped.elem != to->u.shaped.elem ||
      from->u.shaped.memory_space != to->u.shaped.memory_space ||
      from->u.shaped.rank > 16)
    return false;
  uint32_t rank = from->u.shaped.rank;
  int64_t fs[16], ts[16], fo, to_off;
  if (BUF_FAILED(buf_type_memref_strides(from, fs, &fo)) ||
      BUF_FAILED(buf_type_memref_strides(to, ts, &to_off)))
    return false;
  /* a fact the source leaves open must stay open in the result */
  if (fo == BUF_DYNAMIC && to_off != BUF_DYNAMIC)
    return false;
  for (uint32_t i = 0; i < rank; i++)
    if ((from->u.shaped.shape[i] == BUF_DYNAMIC &&
         to->u.shaped.shape[i] != BUF_DYNAMIC) ||
        (fs[i] == BUF_DYNAMIC && ts[i] != BUF_DYNAMIC))
      return false;
  return true;
}

/* Replaces the operands that a memref.cast only made less static by the
 * cast's source; with same_shape, only casts that keep the sizes (and
 * forget strides or offset). */
static bool fold_casts(buf_op_t *op, bool same_shape) {
  bool changed = false;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_op_t *def = op->operands[i].value->def;
    if (!def || !buf__memref_cast_only_forgets(def))
      continue;
    buf_type_t from = def->operands[0].value->type, to = def->results[0].type;
    if (same_shape &&
        memcmp(from->u.shaped.shape, to->u.shaped.shape,
               from->u.shaped.rank * sizeof *from->u.shaped.shape) != 0)
      continue;
    buf_op_set_operand(op, i, def->operands[0].value);
    changed = true;
  }
  return changed;
}

bool buf__fold_memref_cast_operands(buf_op_t *op) {
  return fold_casts(op, false);
}

/* Do a structured op's operands state the same size (the same constant,
 * or all dynamic) for every loop, each operand dim indexed by a plain loop
 * dim? The verifiers of linalg.reduce, transpose, broadcast and map take
 * nothing less: a static size where another operand says '?' fails them.
 * False as well when an indexing map holds anything but plain dims (a
 * convolution's sums), whose sizes relate in ways this does not check. */
static bool structured_sizes_agree(buf_op_t *op,
                                   const buf_linalg_info_t *info) {
  int64_t loop[BUF_LINALG_MAX_LOOPS];
  bool seen[BUF_LINALG_MAX_LOOPS] = {false};
  uint32_t n = info->num_inputs + info->num_outputs;
  for (uint32_t i = 0; i < n && i < op->num_operands; i++) {
    buf_type_t t = op->operands[i].value->type;
    buf_affine_map_t *m = info->maps[i];
    if (t->kind != BUF_TYPE_MEMREF && t->kind != BUF_TYPE_TENSOR)
      continue;
    if (!m || m->num_results != t->u.shaped.rank)
      return false;
    for (uint32_t r = 0; r < m->num_results; r++) {
      buf_affine_expr_t *e = m->results[r];
      int64_t size = t->u.shaped.shape[r];
      if (e->kind != BUF_AFFINE_DIM || e->value >= info->num_loops)
        return false;
      if (seen[e->value] && loop[e->value] != size)
        return false;
      seen[e->value] = true;
      loop[e->value] = size;
    }
  }
  return true;
}

/* A structured op on buffers takes the sources of the casts that made its
 * operands' sizes less static too (upstream's linalg folds take any
 * memref.cast source), when the sizes it then states are the same loop by
 * loop; otherwise its operands stay as they were. */
static bool fold_size_casts(buf_op_t *op) {
  buf_linalg_info_t info;
  if (op->num_operands > BUF_LINALG_MAX_OPERANDS ||
      !buf_linalg_get_info(op, &info))
    return false;
  buf_value_t *old[BUF_LINALG_MAX_OPERANDS];
  for (uint32_t i = 0; i < op->num_operands; i++)
    old[i] = op->operands[i].value;
  if (!fold_casts(op, false))
    return false;
  if (structured_sizes_agree(op, &info))
    return true;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (op->operands[i].value != old[i])
      buf_op_set_operand(op, i, old[i]);
  return false;
}

bool buf__fold_memref_layout_casts(buf_op_t *op) {
  return fold_size_casts(op) || fold_casts(op, true);
}

/* Do two memref types agree on every size both know? */
static bool sizes_compatible(buf_type_t a, buf_type_t b) {
  if (a->kind != BUF_TYPE_MEMREF || b->kind != BUF_TYPE_MEMREF ||
      a->u.shaped.rank != b->u.shaped.rank)
    return false;
  for (uint32_t i = 0; i < a->u.shaped.rank; i++)
    if (a->u.shaped.shape[i] != BUF_DYNAMIC &&
        b->u.shaped.shape[i] != BUF_DYNAMIC &&
        a->u.shaped.shape[i] != b->u.shaped.shape[i])
      return false;
  return true;
}

/* Copies take the casts' sources when the two sides still agree on their
 * static sizes (a copy between buffers of different sizes fails when it
 * runs; it must not become a verifier error). */
bool buf__fold_copy(buf_op_t *op) {
  bool changed = false;
  if (op->num_operands == 2 && op->num_results == 0) {
    buf_value_t *src = op->operands[0].value, *dst = op->operands[1].value;
    changed = fold_casts(op, false);
    if (changed && !sizes_compatible(op->operands[0].value->type,
                                     op->operands[1].value->type)) {
      buf_op_set_operand(op, 0, src);
      buf_op_set_operand(op, 1, dst);
      changed = fold_casts(op, true);
    }
  }
  return buf__fold_self_copy(op) || changed;
}

/* bfloat16 keeps the high half of a float's bits, rounded to nearest even. */
static double round_to_bf16(double d) {
  float f = (float)d;
  if (isnan(f))
    return d;
  uint32_t bits;
  memcpy(&bits, &f, 4);
  bits += 0x7fff + ((bits >> 16) & 1);
  bits &= 0xffff0000u;
  memcpy(&f, &bits, 4);
  return f;
}

double buf__round_to_float_type(buf_type_t t, double d) {
  switch (t->u.fkind) {
  case BUF_F32: return (double)(float)d;
  case BUF_F16: return (double)(_Float16)d;
  case BUF_BF16: return round_to_bf16(d);
  default: return d;
  }
}

/* Contract in dialect_util.h. */
buf_status_t buf__verify_sym_visibility(buf_op_t *op) {
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  if (vis && (vis->kind != BUF_ATTR_STRING ||
              (strcmp(vis->u.str.data, "private") != 0 &&
               strcmp(vis->u.str.data, "public") != 0 &&
               strcmp(vis->u.str.data, "nested") != 0))) {
    buf_op_emit_error(op, "visibility expected to be one of [\"public\", "
                          "\"private\", \"nested\"], but got %s",
                      buf_attr_to_string(buf_op_ctx(op), vis));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

buf_status_t buf__parse_values_colon_types(buf_parser_t *p, buf_op_state_t *st) {
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  if (!buf_parser_next_is_operand(p))
    return BUF_SUCCESS;
  buf_unresolved_t *ops;
  uint32_t n, nt;
  buf_type_t *ts;
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)) ||
      BUF_FAILED(buf_parse_colon_type_list(p, &ts, &nt)))
    return BUF_FAILURE;
  return buf_parse_resolve_operands(p, ops, n, ts, nt, st);
}

void buf__print_values_colon_types(buf_printer_t *pr, buf_op_t *op, uint32_t start) {
  uint32_t n = op->num_operands - start;
  if (!n)
    return;
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, start, n);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, start, n);
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

bool buf__region_branch_fold(buf_op_t *op) {
  if (buf_op_has_attr(op, "no_inline"))
    return false;
  int32_t r = buf_op_entry_region(op, NULL);
  return r >= 0 && inline_region(op, (uint32_t)r);
}

void buf__print_arrow_result_types(buf_printer_t *pr, buf_op_t *op) {
  bool wrap = op->num_results != 1 ||
              op->results[0].type->kind == BUF_TYPE_FUNCTION;
  buf_printer_puts(pr, wrap ? " -> (" : " -> ");
  buf_printer_print_result_types(pr, op);
  if (wrap)
    buf_printer_puts(pr, ")");
}
