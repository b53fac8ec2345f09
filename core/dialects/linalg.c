/*
 * linalg.c: the linalg dialect's op table, linalg.generic, linalg.yield,
 * linalg.index, the shared `ins(...) outs(...)` syntax and the verifier that
 * every structured op shares.
 *
 * Every structured op keeps its body region in our IR (built at parse time
 * for named ops, see linalg_named.c) whose entry block takes one scalar per
 * operand, inputs then outputs, and ends in linalg.yield with one value per
 * output. The verifier checks that shape of things through the uniform view
 * of linalg_info.c, so a named op and the linalg.generic it stands for are
 * checked by the same code with mlir-opt's messages.
 *
 * Invariants: the descriptor table `descs` is parallel to the opdef table
 * `ops` (same length, same order, checked at compile time); nothing here
 * keeps state outside the context arena.
 */
#include <stdio.h>
#include <string.h>

#include "dialect_util.h"
#include "linalg_conv_ops.h"
#include "linalg_internal.h"

/* ------------------------------------------------------------------------ */
/* Shared syntax                                                             */
/* ------------------------------------------------------------------------ */

/* ( operand-list : type-list ) after an `ins` / `outs` keyword. */
static buf_status_t parse_group(buf_parser_t *p, buf_op_state_t *st,
                                uint32_t *n, buf_type_t **types) {
  buf_unresolved_t *ops = NULL;
  uint32_t nops = 0, ntypes = 0;
  buf_type_t *tys = NULL;
  if (BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &nops)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(buf_parse_type_list(p, &tys, &ntypes)) ||
      BUF_FAILED(buf_parse_expect(p, ")")))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_resolve_operands(p, ops, nops, tys, ntypes, st)))
    return BUF_FAILURE;
  *n = nops;
  if (types)
    *types = tys;
  return BUF_SUCCESS;
}

buf_status_t buf__linalg_parse_ins_outs(buf_parser_t *p, buf_op_state_t *st,
                                        uint32_t *num_inputs,
                                        uint32_t *num_outputs,
                                        buf_type_t **out_types) {
  *num_inputs = 0;
  *num_outputs = 0;
  if (out_types)
    *out_types = NULL;
  if (buf_parse_optional_keyword(p, "ins") &&
      BUF_FAILED(parse_group(p, st, num_inputs, NULL)))
    return BUF_FAILURE;
  if (buf_parse_optional_keyword(p, "outs") &&
      BUF_FAILED(parse_group(p, st, num_outputs, out_types)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

void buf__linalg_print_ins_outs(buf_printer_t *pr, buf_op_t *op, uint32_t nin,
                                uint32_t nout) {
  if (nin > 0) {
    buf_printer_puts(pr, " ins(");
    buf_printer_print_operands(pr, op, 0, nin);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, 0, nin);
    buf_printer_puts(pr, ")");
  }
  if (nout > 0) {
    buf_printer_puts(pr, " outs(");
    buf_printer_print_operands(pr, op, nin, nout);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, nin, nout);
    buf_printer_puts(pr, ")");
  }
}

void buf__linalg_set_segments(buf_op_state_t *st, uint32_t nin,
                              uint32_t nout) {
  int64_t sizes[2] = {nin, nout};
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(st->ctx, buf_type_i32(st->ctx), 2,
                                          sizes, NULL));
}

void buf__linalg_add_tensor_results(buf_op_state_t *st, uint32_t n,
                                    const buf_type_t *types) {
  for (uint32_t i = 0; i < n; i++)
    if (types[i]->kind == BUF_TYPE_TENSOR)
      buf_state_add_result(st, types[i]);
}

/* Body argument names: inputs "in", outputs `out_name`. */
static bool name_body_arg(buf_op_t *op, uint32_t region, uint32_t arg,
                          const char *out_name, char *buf, size_t size) {
  const buf__linalg_desc_t *d = buf__linalg_desc(op);
  uint32_t nin, nout;
  if (region != 0 || !d || !buf__linalg_split(op, d, &nin, &nout))
    return false;
  if (arg >= nin + nout)
    return false;
  const char *name = arg < nin ? "in" : out_name;
  size_t n = strlen(name);
  if (n >= size)
    return false;
  memcpy(buf, name, n + 1);
  return true;
}

bool buf__linalg_name_in_out(buf_op_t *op, uint32_t region, uint32_t arg,
                             char *buf, size_t size) {
  return name_body_arg(op, region, arg, "out", buf, size);
}

bool buf__linalg_name_in_init(buf_op_t *op, uint32_t region, uint32_t arg,
                              char *buf, size_t size) {
  return name_body_arg(op, region, arg, "init", buf, size);
}

/* ------------------------------------------------------------------------ */
/* linalg.generic                                                            */
/* ------------------------------------------------------------------------ */

/* The attributes the custom form shows in its leading dictionary. */
static const char *const generic_trait_attrs[] = {
    "doc", "indexing_maps", "iterator_types", "library_call", NULL};
static const char *const generic_elided[] = {
    "doc", "indexing_maps", "iterator_types", "library_call",
    "operandSegmentSizes", NULL};

static bool is_trait_attr(buf_ident_t name) {
  for (const char *const *n = generic_trait_attrs; *n; n++)
    if (strcmp(*n, name) == 0)
      return true;
  return false;
}

/* The canonical attribute of an iterator kind that the custom form spells
 * "parallel" or "reduction". */
static buf_attr_t iterator_attr(buf_ctx_t *ctx, bool parallel) {
  static const char par[] = "#linalg.iterator_type<parallel>";
  static const char red[] = "#linalg.iterator_type<reduction>";
  return parallel ? buf_attr_opaque(ctx, par, sizeof par - 1)
                  : buf_attr_opaque(ctx, red, sizeof red - 1);
}

/* generic-op ::= `{` trait-attrs `}` ins-outs (`attrs` `=` dict)? region
 *                (`->` types)? */
static buf_status_t generic_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_loc_t dict_loc = buf_parser_loc(p);
  buf_attr_t dict;
  if (BUF_FAILED(buf_parse_attr_dict(p, &dict)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < dict->u.dict.n; i++) {
    const buf_named_attr_t *e = &dict->u.dict.entries[i];
    buf_attr_t v = e->value;
    if (strcmp(e->name, "iterator_types") == 0) {
      /* The custom form spells iterators as strings. */
      if (v->kind != BUF_ATTR_ARRAY)
        return buf_parser_error_at(p, dict_loc,
                                   "expected iterator_types array attribute");
      buf_attr_t *elems =
          buf_arena_alloc(buf_ctx_arena(ctx), (v->u.array.n + 1) *
                                                  sizeof(buf_attr_t));
      for (uint32_t k = 0; k < v->u.array.n; k++) {
        buf_attr_t s = v->u.array.elems[k];
        if (s->kind != BUF_ATTR_STRING)
          return buf_parser_error_at(p, dict_loc,
                                     "expected string iterator_type");
        bool parallel = strcmp(s->u.str.data, "parallel") == 0;
        if (!parallel && strcmp(s->u.str.data, "reduction") != 0)
          return buf_parser_error_at(p, dict_loc,
                                     "unexpected iterator_type (%s)",
                                     s->u.str.data);
        elems[k] = iterator_attr(ctx, parallel);
      }
      v = buf_attr_array(ctx, v->u.array.n, elems);
    }
    buf_state_set_attr(st, e->name, v);
  }
  uint32_t nin, nout;
  if (BUF_FAILED(buf__linalg_parse_ins_outs(p, st, &nin, &nout, NULL)))
    return BUF_FAILURE;
  buf__linalg_set_segments(st, nin, nout);
  if (buf_parse_optional_keyword(p, "attrs") &&
      (BUF_FAILED(buf_parse_expect(p, "=")) ||
       BUF_FAILED(buf_parse_optional_attr_dict(p, st))))
    return BUF_FAILURE;
  buf_region_t *body = buf_state_add_region(st);
  if (BUF_FAILED(buf_parse_region(p, body, NULL, 0)))
    return BUF_FAILURE;
  buf_type_t *results = NULL;
  uint32_t nres = 0;
  if (BUF_FAILED(buf_parse_optional_arrow_type_list(p, &results, &nres)))
    return BUF_FAILURE;
  buf_state_add_results(st, nres, results);
  return BUF_SUCCESS;
}

static void print_result_arrow(buf_printer_t *pr, buf_op_t *op) {
  if (op->num_results == 0)
    return;
  buf_type_t ts[BUF_LINALG_MAX_OPERANDS];
  uint32_t n = op->num_results;
  if (n > BUF_LINALG_MAX_OPERANDS) {
    /* Beyond what the verifier accepts; print them without the cap. */
    buf_printer_puts(pr, " -> (");
    buf_printer_print_result_types(pr, op);
    buf_printer_puts(pr, ")");
    return;
  }
  for (uint32_t i = 0; i < n; i++)
    ts[i] = op->results[i].type;
  buf_printer_puts(pr, " ");
  buf_printer_print_arrow_types(pr, n, ts);
}

static void generic_print(buf_printer_t *pr, buf_op_t *op) {
  buf_ctx_t *ctx = buf_printer_ctx(pr);
  buf_attr_t attrs = op->attrs;
  buf_named_attr_t traits[4];
  uint32_t nt = 0;
  bool extra = false;
  for (uint32_t i = 0; i < attrs->u.dict.n; i++) {
    const buf_named_attr_t *e = &attrs->u.dict.entries[i];
    if (!is_trait_attr(e->name)) {
      if (strcmp(e->name, "operandSegmentSizes") != 0)
        extra = true;
      continue;
    }
    buf_attr_t v = e->value;
    if (strcmp(e->name, "iterator_types") == 0 && v->kind == BUF_ATTR_ARRAY) {
      /* Back to strings: "#linalg.iterator_type<parallel>" -> "parallel". */
      buf_attr_t *elems = buf_arena_alloc(
          buf_ctx_arena(ctx), (v->u.array.n + 1) * sizeof(buf_attr_t));
      for (uint32_t k = 0; k < v->u.array.n; k++) {
        buf_attr_t it = v->u.array.elems[k];
        elems[k] = it;
        if (it->kind == BUF_ATTR_OPAQUE) {
          const char *t = strchr(it->u.opaque.text, '<');
          const char *end = t ? strchr(t, '>') : NULL;
          if (t && end)
            elems[k] = buf_attr_string(ctx, t + 1, (size_t)(end - t - 1));
        }
      }
      v = buf_attr_array(ctx, v->u.array.n, elems);
    }
    traits[nt++] = (buf_named_attr_t){e->name, v};
  }
  buf_printer_puts(pr, " ");
  if (nt > 0)
    buf_printer_print_attr(pr, buf_attr_dict(ctx, nt, traits));
  uint32_t nin = 0, nout = 0;
  buf__linalg_split(op, buf__linalg_desc(op), &nin, &nout);
  buf__linalg_print_ins_outs(pr, op, nin, nout);
  if (extra) {
    buf_printer_puts(pr, " attrs = ");
    buf_printer_print_attr_dict(pr, op, generic_elided);
  }
  if (op->num_regions > 0 && !buf_region_empty(op->regions[0])) {
    buf_printer_puts(pr, " ");
    buf_printer_print_region(pr, op->regions[0], true, true);
  }
  print_result_arrow(pr, op);
}

/* ------------------------------------------------------------------------ */
/* The shared structured-op verifier                                         */
/* ------------------------------------------------------------------------ */

static const char *tstr(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

/* Destination style: one result per tensor output, of the output's type. */
static buf_status_t verify_results(buf_op_t *op, uint32_t nin, uint32_t nout) {
  uint32_t ntensor = 0;
  for (uint32_t i = nin; i < nin + nout; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    if (t->kind == BUF_TYPE_TENSOR)
      ntensor++;
    else if (t->kind != BUF_TYPE_MEMREF) {
      buf_op_emit_error(op,
                        "operand #%u must be ranked tensor or memref of any "
                        "type values, but got '%s'",
                        i, tstr(op, t));
      return BUF_FAILURE;
    }
  }
  if (op->num_results != ntensor) {
    buf_op_emit_error(op,
                      "expected the number of tensor results (%u) to be equal "
                      "to the number of output tensors (%u)",
                      op->num_results, ntensor);
    return BUF_FAILURE;
  }
  uint32_t r = 0;
  for (uint32_t i = nin; i < nin + nout; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    if (t->kind != BUF_TYPE_TENSOR)
      continue;
    if (op->results[r].type != t) {
      buf_op_emit_error(op,
                        "expected type of operand #%u ('%s') to match type of "
                        "corresponding result ('%s')",
                        i, tstr(op, t), tstr(op, op->results[r].type));
      return BUF_FAILURE;
    }
    r++;
  }
  return BUF_SUCCESS;
}

/* Body block arguments: one per operand, of its element type. */
static buf_status_t verify_body_args(buf_op_t *op, uint32_t n,
                                     buf_block_t *body) {
  if (body->num_args != n) {
    buf_op_emit_error(op, "expected as many non-induction variable region "
                          "arguments as the number of input/output operands");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < n; i++) {
    buf_type_t want = buf__linalg_elem(buf_op_operand(op, i)->type);
    if (body->args[i]->type != want) {
      buf_op_emit_error(op,
                        "expected type of bb argument #%u ('%s') to match "
                        "element or self type of the corresponding operand "
                        "('%s')",
                        i, tstr(op, body->args[i]->type), tstr(op, want));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

static int64_t dim_of(buf_type_t t, uint32_t i) {
  return t->u.shaped.shape[i];
}

/* The static-shape check of mlir's verifyStructuredOpInterface: loop ranges
 * inferred from the first operand dimension each loop indexes directly must
 * agree with every operand dimension that is statically known. */
static buf_status_t verify_shapes(buf_op_t *op, const buf_linalg_info_t *info) {
  uint32_t n = info->num_inputs + info->num_outputs;
  int64_t ranges[BUF_LINALG_MAX_LOOPS];
  for (uint32_t l = 0; l < info->num_loops; l++)
    ranges[l] = BUF_DYNAMIC;
  for (uint32_t i = 0; i < n; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    buf_affine_map_t *m = info->maps[i];
    if (!buf_type_is_ranked(t))
      continue;
    for (uint32_t r = 0; r < m->num_results; r++) {
      buf_affine_expr_t *e = m->results[r];
      if (e->kind == BUF_AFFINE_DIM && e->value >= 0 &&
          (uint64_t)e->value < info->num_loops &&
          ranges[e->value] == BUF_DYNAMIC)
        ranges[e->value] = dim_of(t, r);
    }
  }
  /* Only fully static loop nests are checked, as upstream does. Loops
   * nothing indexes directly stay dynamic and disable the check. */
  for (uint32_t l = 0; l < info->num_loops; l++)
    if (ranges[l] == BUF_DYNAMIC)
      return BUF_SUCCESS;
  int64_t zeros[BUF_LINALG_MAX_LOOPS] = {0}, last[BUF_LINALG_MAX_LOOPS];
  for (uint32_t l = 0; l < info->num_loops; l++)
    last[l] = ranges[l] - 1;
  for (uint32_t i = 0; i < n; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    buf_affine_map_t *m = info->maps[i];
    if (!buf_type_is_ranked(t))
      continue;
    for (uint32_t r = 0; r < m->num_results; r++) {
      int64_t size = dim_of(t, r);
      if (size == BUF_DYNAMIC || size == 0)
        continue;
      buf_affine_expr_t *e = m->results[r];
      int64_t a = buf_affine_expr_eval(e, zeros, NULL);
      int64_t b = buf_affine_expr_eval(e, last, NULL);
      int64_t lo = a < b ? a : b, hi = a < b ? b : a;
      if (lo < 0) {
        buf_op_emit_error(
            op, "unexpected result less than 0 at expression #%u in %s", r,
            buf_attr_to_string(buf_op_ctx(op),
                               buf_attr_affine_map(buf_op_ctx(op), m)));
        return BUF_FAILURE;
      }
      if (e->kind == BUF_AFFINE_DIM && hi + 1 != size) {
        buf_op_emit_error(op,
                          "inferred input/output operand #%u has shape's "
                          "dimension #%u to be %lld, but found %lld",
                          i, r, (long long)(hi + 1), (long long)size);
        return BUF_FAILURE;
      }
      if (e->kind != BUF_AFFINE_DIM && hi + 1 > size) {
        buf_op_emit_error(op,
                          "inferred input/output operand #%u has shape's "
                          "dimension #%u to be greater than or equal to %lld, "
                          "but found %lld",
                          i, r, (long long)(hi + 1), (long long)size);
        return BUF_FAILURE;
      }
    }
  }
  return BUF_SUCCESS;
}

/* mlir-opt caches the maps of some named ops on the op when it verifies
 * them, and then prints the cache in the generic form; do the same so the
 * generic form matches. */
static void memoize_maps(buf_op_t *op, const buf_linalg_info_t *info) {
  if (buf_op_has_attr(op, "linalg.memoized_indexing_maps"))
    return;
  buf_ctx_t *ctx = buf_op_ctx(op);
  uint32_t n = info->num_inputs + info->num_outputs;
  buf_attr_t maps[BUF_LINALG_MAX_OPERANDS];
  for (uint32_t i = 0; i < n; i++)
    maps[i] = buf_attr_affine_map(ctx, info->maps[i]);
  buf_op_set_attr(op, "linalg.memoized_indexing_maps",
                  buf_attr_array(ctx, n, maps));
}

static buf_status_t structured_verify(buf_op_t *op) {
  const buf__linalg_desc_t *d = buf__linalg_desc(op);
  uint32_t nin, nout;
  if (!buf__linalg_split(op, d, &nin, &nout)) {
    buf_op_emit_error(op, "operand count does not match operandSegmentSizes "
                          "(or the op's fixed operand count)");
    return BUF_FAILURE;
  }
  if (nin + nout > BUF_LINALG_MAX_OPERANDS) {
    buf_op_emit_error(op, "has %u operands; at most %d are supported",
                      nin + nout, BUF_LINALG_MAX_OPERANDS);
    return BUF_FAILURE;
  }
  if (nout == 0 && d->kind != BUF__LK_GENERIC) {
    buf_op_emit_error(op, "expected at least one output operand");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(verify_results(op, nin, nout)))
    return BUF_FAILURE;
  if (op->num_regions != 1 || buf_region_num_blocks(op->regions[0]) != 1) {
    buf_op_emit_error(op, "region #0 ('region') failed to verify constraint: "
                          "region with 1 blocks");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__linalg_verify_specific(op, d)))
    return BUF_FAILURE;
  buf_linalg_info_t info;
  if (!buf__linalg_info(op, &info, true))
    return BUF_FAILURE;
  if (BUF_FAILED(verify_body_args(op, nin + nout, info.body)) ||
      BUF_FAILED(verify_shapes(op, &info)))
    return BUF_FAILURE;
  if (d->memoize)
    memoize_maps(op, &info);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* linalg.yield and linalg.index                                             */
/* ------------------------------------------------------------------------ */

/* yield ::= operands? attr-dict (`:` types)? */
static buf_status_t yield_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *ops = NULL;
  uint32_t n = 0;
  if (BUF_FAILED(buf_parse_operand_list(p, NULL, &ops, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  if (n == 0)
    return BUF_SUCCESS;
  buf_type_t *types = NULL;
  uint32_t nt = 0;
  if (BUF_FAILED(buf_parse_colon_type_list(p, &types, &nt)))
    return BUF_FAILURE;
  return buf_parse_resolve_operands(p, ops, n, types, nt, st);
}

static void yield_print(buf_printer_t *pr, buf_op_t *op) {
  if (op->num_operands > 0) {
    buf_printer_puts(pr, " ");
    buf_printer_print_operands(pr, op, 0, op->num_operands);
  }
  buf_printer_print_attr_dict(pr, op, NULL);
  if (op->num_operands > 0) {
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, 0, op->num_operands);
  }
}

static buf_status_t yield_verify(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  const buf__linalg_desc_t *d = parent ? buf__linalg_desc(parent) : NULL;
  uint32_t nin, nout;
  if (!d) {
    buf_op_emit_error(op, "expected parent op with LinalgOp interface");
    return BUF_FAILURE;
  }
  if (!buf__linalg_split(parent, d, &nin, &nout))
    return BUF_SUCCESS; /* the parent's verifier reports it */
  if (op->num_operands != nout) {
    buf_op_emit_error(op,
                      "expected number of yield values (%u) to match the "
                      "number of inits / outs operands of the enclosing "
                      "LinalgOp (%u)",
                      op->num_operands, nout);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < nout; i++) {
    buf_type_t want = buf__linalg_elem(buf_op_operand(parent, nin + i)->type);
    buf_type_t got = buf_op_operand(op, i)->type;
    if (got != want) {
      /* mlir-opt counts from 1 here and names every parent linalg.generic. */
      buf_op_emit_error(op,
                        "type of yield operand %u ('%s') doesn't match the "
                        "element type of the enclosing linalg.generic op "
                        "('%s')",
                        i + 1, tstr(op, got), tstr(op, want));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* index ::= integer attr-dict `:` `index` */
static buf_status_t index_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  int64_t dim;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_integer(p, &dim)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "dim", buf_attr_integer(ctx, buf_type_i64(ctx), dim));
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static const char *const index_elided[] = {"dim", NULL};

static void index_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t dim = buf_op_attr(op, "dim");
  buf_printer_printf(pr, " %lld", dim ? (long long)dim->u.i : 0LL);
  buf_printer_print_attr_dict(pr, op, index_elided);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t index_verify(buf_op_t *op) {
  buf_attr_t dim = buf_op_attr(op, "dim");
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  if (!dim || dim->kind != BUF_ATTR_INTEGER) {
    buf_op_emit_error(op, "requires attribute 'dim'");
    return BUF_FAILURE;
  }
  if (dim->u.i < 0) {
    buf_op_emit_error(op, "attribute 'dim' failed to satisfy constraint: "
                          "64-bit signless integer attribute whose minimum "
                          "value is 0");
    return BUF_FAILURE;
  }
  if (op->results[0].type->kind != BUF_TYPE_INDEX) {
    buf_op_emit_error(op, "result #0 must be index, but got '%s'",
                      tstr(op, op->results[0].type));
    return BUF_FAILURE;
  }
  buf_op_t *parent = buf_op_parent(op);
  buf_linalg_info_t info;
  if (!parent || !buf__linalg_desc(parent)) {
    buf_op_emit_error(op, "expected parent op with LinalgOp interface");
    return BUF_FAILURE;
  }
  if (!buf__linalg_info(parent, &info, false))
    return BUF_SUCCESS; /* the parent's verifier reports it */
  if ((uint64_t)dim->u.i >= info.num_loops) {
    buf_op_emit_error(op,
                      "expected dim (%lld) to be lower than the number of "
                      "loops (%u) of the enclosing LinalgOp",
                      (long long)dim->u.i, info.num_loops);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* linalg.index of a loop that runs once (the first operand dimension it
 * walks has static size 1) is 0, as upstream folds it: the body of a
 * tensor.generate with a unit dimension then adds nothing for it. */
static bool index_fold(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  buf_linalg_info_t info;
  buf_attr_t dim = buf_op_attr(op, "dim");
  if (!parent || !buf__linalg_desc(parent) || !buf__linalg_info(parent, &info, false) ||
      !dim || dim->kind != BUF_ATTR_INTEGER)
    return false;
  uint32_t n = info.num_inputs + info.num_outputs;
  for (uint32_t i = 0; i < n && i < parent->num_operands; i++) {
    buf_type_t t = parent->operands[i].value->type;
    buf_affine_map_t *m = info.maps[i];
    if (!m || !buf_type_is_shaped(t) || t->u.shaped.rank != m->num_results)
      continue;
    for (uint32_t k = 0; k < m->num_results; k++) {
      if (m->results[k]->kind != BUF_AFFINE_DIM || m->results[k]->value != dim->u.i)
        continue;
      /* the first operand dimension the loop walks gives its extent, as
       * upstream's static loop ranges take it (a dynamic one: unknown) */
      if (t->u.shaped.shape[k] != 1)
        return false;
      buf_builder_t b;
      buf_builder_init(&b, buf_op_ctx(op));
      buf_builder_set_before(&b, op);
      buf_value_replace_all_uses(&op->results[0], buf_build_index_constant(&b, 0));
      buf_op_erase(op);
      return true;
    }
  }
  return false;
}

/* ------------------------------------------------------------------------ */
/* The tables                                                                */
/* ------------------------------------------------------------------------ */

static const char *const attrs_generic[] = {
    "doc", "indexing_maps", "iterator_types", "library_call",
    "operandSegmentSizes", NULL};
static const char *const attrs_segments[] = {"operandSegmentSizes", NULL};
static const char *const attrs_contract_maps[] = {
    "cast", "indexing_maps", "operandSegmentSizes", NULL};
static const char *const attrs_elementwise[] = {
    "indexing_maps", "kind", "operandSegmentSizes", NULL};
static const char *const attrs_conv[] = {"dilations", "operandSegmentSizes",
                                         "strides", NULL};
static const char *const attrs_dimensions[] = {"dimensions", NULL};
static const char *const attrs_permutation[] = {"permutation", NULL};
static const char *const attrs_index[] = {"dim", NULL};
static const char *const attrs_softmax[] = {"dimension", NULL};
static const char *const attrs_pack[] = {"inner_dims_pos", "operandSegmentSizes",
                                         "outer_dims_perm",
                                         "static_inner_tiles", NULL};
static const char *const attrs_unpack[] = {"inner_dims_pos", "outer_dims_perm",
                                           "static_inner_tiles", NULL};

/* Default loop structures of the contractions (loop dims per operand). */
static const buf__linalg_contract_t c_matmul = {
    3, {2, 2, 2}, {{0, 2}, {2, 1}, {0, 1}}};
static const buf__linalg_contract_t c_batch_matmul = {
    4, {3, 3, 3}, {{0, 1, 3}, {0, 3, 2}, {0, 1, 2}}};
static const buf__linalg_contract_t c_matvec = {
    2, {2, 1, 1}, {{0, 1}, {1}, {0}}};
static const buf__linalg_contract_t c_vecmat = {
    2, {1, 2, 1}, {{1}, {1, 0}, {0}}};
static const buf__linalg_contract_t c_dot = {1, {1, 1, 0}, {{0}, {0}, {0}}};
static const buf__linalg_contract_t c_batch_reduce_matmul = {
    4, {3, 3, 2}, {{0, 1, 3}, {0, 3, 2}, {1, 2}}};
static const buf__linalg_contract_t c_batch_matvec = {
    3, {3, 2, 2}, {{0, 1, 2}, {0, 2}, {0, 1}}};
static const buf__linalg_contract_t c_batch_vecmat = {
    3, {2, 3, 2}, {{0, 2}, {0, 2, 1}, {0, 1}}};

#define STRUCTURED BUF_TRAIT_SINGLE_BLOCK

/* Structured ops read their inputs and write their outputs; an output is
 * also read when the body takes its element. */
static uint32_t structured_effect(const buf_op_t *op, uint32_t i) {
  buf_linalg_info_t info;
  if (!buf_linalg_get_info((buf_op_t *)op, &info))
    return BUF_EFFECT_READ | BUF_EFFECT_WRITE;
  if (i < info.num_inputs)
    return BUF_EFFECT_READ;
  if (i >= info.num_inputs + info.num_outputs)
    return BUF_EFFECT_NONE;
  return BUF_EFFECT_WRITE |
         (buf_linalg_info_output_is_read(&info, i - info.num_inputs)
              ? BUF_EFFECT_READ
              : BUF_EFFECT_NONE);
}

/* A named op whose custom form hides its body; NAMED_FOLD with a fold
 * hook (buf_opdef_t.fold). */
#define NAMED_FOLD(n, attrs, folder)                                           \
  {.name = n, .traits = STRUCTURED, .inherent_attrs = attrs,                   \
   .operand_effect = structured_effect,                                        \
   .verify = structured_verify, .parse = buf__linalg_named_parse,              \
   .print = buf__linalg_named_print,                                           \
   .name_block_arg = buf__linalg_name_in_out, .fold = folder,                 \
   .canonicalize = buf__tensor_fold_cast_producers}
#define NAMED(n, attrs) NAMED_FOLD(n, attrs, buf__fold_memref_layout_casts)

static const buf_opdef_t ops[] = {
    /* Casts fold into generic and the named ops below (their shapes need
     * only agree), not into map, reduce, transpose and broadcast, whose
     * verifiers want equal static and dynamic sizes. */
    {.name = "linalg.generic", .traits = STRUCTURED,
     .operand_effect = structured_effect, .fold = buf__fold_memref_layout_casts,
     .canonicalize = buf__tensor_fold_cast_producers,
     .inherent_attrs = attrs_generic, .verify = structured_verify,
     .parse = generic_parse, .print = generic_print,
     .name_block_arg = buf__linalg_name_in_out},
    {.name = "linalg.map", .traits = STRUCTURED,
     .operand_effect = structured_effect, .fold = buf__fold_memref_layout_casts,
     .verify = structured_verify, .parse = buf__linalg_map_parse,
     .print = buf__linalg_map_print, .result_name = "mapped",
     .name_block_arg = buf__linalg_name_in_init},
    {.name = "linalg.reduce", .traits = STRUCTURED,
     .operand_effect = structured_effect, .fold = buf__fold_memref_layout_casts,
     .inherent_attrs = attrs_dimensions, .verify = structured_verify,
     .parse = buf__linalg_reduce_parse, .print = buf__linalg_reduce_print,
     .result_name = "reduced", .name_block_arg = buf__linalg_name_in_init},
    {.name = "linalg.transpose", .traits = STRUCTURED,
     .operand_effect = structured_effect, .fold = buf__fold_memref_layout_casts,
     .inherent_attrs = attrs_permutation, .verify = structured_verify,
     .parse = buf__linalg_permute_parse, .print = buf__linalg_permute_print,
     .result_name = "transposed", .name_block_arg = buf__linalg_name_in_init},
    {.name = "linalg.broadcast", .traits = STRUCTURED,
     .operand_effect = structured_effect, .fold = buf__fold_memref_layout_casts,
     .inherent_attrs = attrs_dimensions, .verify = structured_verify,
     .parse = buf__linalg_permute_parse, .print = buf__linalg_permute_print,
     .result_name = "broadcasted", .name_block_arg = buf__linalg_name_in_init},
    NAMED("linalg.fill", attrs_segments),
    /* One-Shot leaves a copy onto itself where eliminate-empty-tensors
     * computed the source in its destination. */
    NAMED_FOLD("linalg.copy", attrs_segments, buf__fold_copy),
    NAMED("linalg.matmul", attrs_contract_maps),
    NAMED("linalg.batch_matmul", attrs_contract_maps),
    NAMED("linalg.matvec", attrs_segments),
    NAMED("linalg.vecmat", attrs_segments),
    NAMED("linalg.dot", attrs_segments),
    NAMED("linalg.batch_reduce_matmul", attrs_contract_maps),
    NAMED("linalg.batch_matvec", attrs_segments),
    NAMED("linalg.batch_vecmat", attrs_segments),
    NAMED("linalg.contract", attrs_contract_maps),
    NAMED("linalg.elementwise", attrs_elementwise),
    NAMED("linalg.exp", attrs_segments),
    NAMED("linalg.log", attrs_segments),
    NAMED("linalg.abs", attrs_segments),
    NAMED("linalg.ceil", attrs_segments),
    NAMED("linalg.floor", attrs_segments),
    NAMED("linalg.negf", attrs_segments),
    NAMED("linalg.reciprocal", attrs_segments),
    NAMED("linalg.round", attrs_segments),
    NAMED("linalg.sqrt", attrs_segments),
    NAMED("linalg.rsqrt", attrs_segments),
    NAMED("linalg.square", attrs_segments),
    NAMED("linalg.tanh", attrs_segments),
    NAMED("linalg.erf", attrs_segments),
    NAMED("linalg.add", attrs_segments),
    NAMED("linalg.sub", attrs_segments),
    NAMED("linalg.mul", attrs_segments),
    NAMED("linalg.div", attrs_segments),
    NAMED("linalg.div_unsigned", attrs_segments),
    NAMED("linalg.max", attrs_segments),
    NAMED("linalg.min", attrs_segments),
    NAMED("linalg.powf", attrs_segments),
    NAMED("linalg.select", attrs_segments),
#define CONV_OPDEF(n, loops, in, f, out, body) NAMED("linalg." #n, attrs_segments),
    BUF__LINALG_UNSTRIDED_CONV_OPS(CONV_OPDEF)
#undef CONV_OPDEF
#define CONV_OPDEF(n, loops, in, f, out, body) NAMED("linalg." #n, attrs_conv),
    BUF__LINALG_STRIDED_CONV_OPS(CONV_OPDEF)
#undef CONV_OPDEF
    /* Not structured ops (yield, index, pack, unpack, softmax): no
     * descriptor row is consulted for them. */
    {.name = "linalg.yield",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE,
     .verify = yield_verify, .parse = yield_parse, .print = yield_print},
    {.name = "linalg.index", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = attrs_index, .verify = index_verify, .fold = index_fold,
     .parse = index_parse, .print = index_print},
    /* Before softmax: buf__linalg_pack_kind knows them by their rows. */
    {.name = "linalg.pack", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = attrs_pack, .operand_effect = buf__linalg_pack_effect,
     .verify = buf__linalg_pack_verify, .parse = buf__linalg_pack_parse,
     .print = buf__linalg_pack_print, .result_name = "pack"},
    {.name = "linalg.unpack", .traits = BUF_TRAIT_PURE,
     .inherent_attrs = attrs_unpack, .operand_effect = buf__linalg_pack_effect,
     .verify = buf__linalg_pack_verify, .parse = buf__linalg_unpack_parse,
     .print = buf__linalg_pack_print, .result_name = "unpack"},
    /* Last: buf__linalg_is_softmax knows it by its row. */
    {.name = "linalg.softmax", .inherent_attrs = attrs_softmax,
     .operand_effect = buf__linalg_softmax_effect,
     .verify = buf__linalg_softmax_verify, .parse = buf__linalg_softmax_parse,
     .print = buf__linalg_softmax_print},
};

/* Elementwise kinds (order of linalg_named.c's kind table). */
enum {
  EW_EXP, EW_LOG, EW_ABS, EW_CEIL, EW_FLOOR, EW_NEGF, EW_RECIPROCAL,
  EW_ROUND, EW_SQRT, EW_RSQRT, EW_SQUARE, EW_TANH, EW_ERF, EW_ADD, EW_SUB,
  EW_MUL, EW_DIV, EW_DIV_UNSIGNED, EW_MAX_SIGNED, EW_MIN_SIGNED,
  EW_MAX_UNSIGNED, EW_MIN_UNSIGNED, EW_POWF, EW_SELECT,
};

#define EW(k) {.kind = BUF__LK_EW, .ew_kind = (k)}
#define CONTRACT(c, maps, memo)                                                \
  {.kind = BUF__LK_CONTRACT, .ew_kind = -1, .contract = &(c),                  \
   .maps_attr = (maps), .memoize = (memo)}
#define CONTRACT_CAST(c)                                                       \
  {.kind = BUF__LK_CONTRACT, .ew_kind = -1, .contract = &(c),                  \
   .maps_attr = true, .cast_selects_body = true}

/* The rows of linalg_conv_ops.h. */
#define CONV_ROW(n, loops, in, f, out, b, strided_)                            \
  static const buf__linalg_conv_t conv_##n = {                                 \
      (loops), (strided_), BUF__CONV_BODY_##b, {in, f, out}};
#define UNSTRIDED_ROW(n, loops, in, f, out, b) \
  CONV_ROW(n, loops, in, f, out, b, false)
#define STRIDED_ROW(n, loops, in, f, out, b) \
  CONV_ROW(n, loops, in, f, out, b, true)
BUF__LINALG_UNSTRIDED_CONV_OPS(UNSTRIDED_ROW)
BUF__LINALG_STRIDED_CONV_OPS(STRIDED_ROW)
#define CONV_DESC(n, loops, in, f, out, b)                                     \
  {.kind = BUF__LK_CONV, .ew_kind = -1, .conv = &conv_##n, .memoize = true},

/* Parallel to ops[]; the five trailing non-structured ops have no row. */
static const buf__linalg_desc_t descs[] = {
    {.kind = BUF__LK_GENERIC, .ew_kind = -1},
    {.kind = BUF__LK_MAP, .ew_kind = -1},
    {.kind = BUF__LK_REDUCE, .ew_kind = -1},
    {.kind = BUF__LK_TRANSPOSE, .ew_kind = -1},
    {.kind = BUF__LK_BROADCAST, .ew_kind = -1},
    {.kind = BUF__LK_FILL, .ew_kind = -1},
    {.kind = BUF__LK_COPY, .ew_kind = -1},
    CONTRACT_CAST(c_matmul),
    CONTRACT_CAST(c_batch_matmul),
    CONTRACT(c_matvec, false, true),
    CONTRACT(c_vecmat, false, true),
    CONTRACT(c_dot, false, true),
    CONTRACT(c_batch_reduce_matmul, true, false),
    CONTRACT(c_batch_matvec, false, true),
    CONTRACT(c_batch_vecmat, false, true),
    /* linalg.contract: maps given on every op, no default. */
    {.kind = BUF__LK_CONTRACT, .ew_kind = -1, .maps_attr = true,
     .cast_selects_body = true},
    {.kind = BUF__LK_ELEMENTWISE, .ew_kind = -1, .maps_attr = true},
    EW(EW_EXP), EW(EW_LOG), EW(EW_ABS), EW(EW_CEIL), EW(EW_FLOOR),
    EW(EW_NEGF), EW(EW_RECIPROCAL), EW(EW_ROUND), EW(EW_SQRT), EW(EW_RSQRT),
    EW(EW_SQUARE), EW(EW_TANH), EW(EW_ERF), EW(EW_ADD), EW(EW_SUB),
    EW(EW_MUL), EW(EW_DIV), EW(EW_DIV_UNSIGNED), EW(EW_MAX_SIGNED),
    EW(EW_MIN_SIGNED), EW(EW_POWF), EW(EW_SELECT),
    BUF__LINALG_UNSTRIDED_CONV_OPS(CONV_DESC)
    BUF__LINALG_STRIDED_CONV_OPS(CONV_DESC)
};

#define NUM_OPS (sizeof ops / sizeof ops[0])
#define NUM_STRUCTURED (sizeof descs / sizeof descs[0])
_Static_assert(NUM_STRUCTURED + 5 == NUM_OPS,
               "descs[] must be parallel to the structured rows of ops[]");

const buf_dialect_t buf_dialect_linalg = {"linalg", ops, (uint32_t)NUM_OPS, false};

const buf__linalg_desc_t *buf__linalg_desc(const buf_op_t *op) {
  int row = buf__row_of(ops, (uint32_t)NUM_OPS, op->def);
  return row >= 0 && (size_t)row < NUM_STRUCTURED ? &descs[row] : NULL;
}

const buf__linalg_desc_t *buf__linalg_desc_of_state(const buf_op_state_t *st) {
  int row = buf__row_of_state(ops, (uint32_t)NUM_OPS, st);
  return row >= 0 && (size_t)row < NUM_STRUCTURED ? &descs[row] : NULL;
}

/* ------------------------------------------------------------------------ */
/* The structured-op view (buf/linalg.h)                                      */
/* ------------------------------------------------------------------------ */

bool buf_linalg_get_info(buf_op_t *op, buf_linalg_info_t *info) {
  return buf__linalg_desc(op) && buf__linalg_info(op, info, false);
}

bool buf__linalg_is_softmax(const buf_op_t *op) {
  return buf__row_of(ops, (uint32_t)NUM_OPS, op->def) == (int)NUM_OPS - 1;
}

int buf__linalg_pack_kind(const buf_op_t *op) {
  int row = buf__row_of(ops, (uint32_t)NUM_OPS, op->def);
  return row == (int)NUM_OPS - 3 ? 0 : row == (int)NUM_OPS - 2 ? 1 : -1;
}

bool buf_linalg_is_named(const buf_op_t *op) {
  const buf__linalg_desc_t *d = buf__linalg_desc(op);
  return d && d->kind != BUF__LK_GENERIC;
}

bool buf_linalg_output_is_read(buf_op_t *op, uint32_t output) {
  buf_linalg_info_t info;
  return buf_linalg_get_info(op, &info) &&
         buf_linalg_info_output_is_read(&info, output);
}

bool buf_linalg_info_output_is_read(const buf_linalg_info_t *info,
                                    uint32_t output) {
  if (output >= info->num_outputs)
    return false;
  int32_t arg = info->body_arg_of_operand[info->num_inputs + output];
  return arg >= 0 && (uint32_t)arg < info->body->num_args &&
         buf_value_has_uses(info->body->args[arg]);
}

bool buf_linalg_index_dim(const buf_op_t *op, int64_t *dim) {
  if (!buf_op_isa(op, "linalg.index"))
    return false;
  buf_attr_t d = buf_op_attr(op, "dim");
  *dim = d && d->kind == BUF_ATTR_INTEGER ? d->u.i : -1;
  return true;
}
