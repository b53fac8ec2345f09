/*
 * bufferization.c: the bufferization dialect's op table.
 *
 * One row per op with the custom forms mlir-opt 22 prints:
 *   alloc_tensor   `(%d...) [copy(%t)] [size_hint=%h] attr-dict : T`
 *   to_tensor      `%m [restrict] [writable] attr-dict : M to T`
 *   to_buffer      `%t [read_only] attr-dict : T to M`
 *   clone          `%m attr-dict : M to M'`
 *   materialize_in_destination
 *                  `%s in [restrict] [writable] %d attr-dict : (S, D) -> R`
 *   dealloc_tensor `%t attr-dict : T`
 *   dealloc        `[(%m... : M...) if (%c...)] [retain (%r... : R...)]
 *                   attr-dict`
 * Older spellings parse into the new ops: `bufferization.to_memref` (a row
 * whose parse hook renames the op being parsed to to_buffer), and the forms
 * with a single type (`to_tensor %m : memref<4xf32>`, `to_memref %t :
 * memref<4xf32>`), whose other type is the memref's tensor counterpart.
 * to_tensor and to_buffer share one parser/printer driven by conv_info_t.
 *
 * Invariants: verifiers check operand kinds before reading shaped-type
 * fields; operandSegmentSizes is always set by the parse hooks.
 */
#include "dialect_util.h"
#include "shaped_util.h"

#include <string.h>

static buf_type_t operand_type(const buf_op_t *op, uint32_t i) {
  return op->operands[i].value->type;
}

static bool is_index(buf_type_t t) { return t && t->kind == BUF_TYPE_INDEX; }

static buf_status_t need(buf_op_t *op, bool ok, const char *which, uint32_t i,
                         const char *what, buf_type_t t) {
  if (ok)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "%s #%u must be %s, but got '%s'", which, i, what,
                    buf_type_to_string(buf_op_ctx(op), t));
  return BUF_FAILURE;
}

static void set_segments(buf_op_state_t *st, uint32_t n, const int64_t *sizes) {
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(st->ctx, buf_type_i32(st->ctx), n,
                                          sizes, NULL));
}

static const char *const segments_elided[] = {"operandSegmentSizes", NULL};

/* ------------------------------------------------------------------------ */
/* alloc_tensor                                                              */
/* ------------------------------------------------------------------------ */

static buf_status_t alloc_tensor_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *dyn, copy, hint;
  uint32_t ndyn;
  bool has_copy = false, has_hint = false;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand_list(p, "(", &dyn, &ndyn)))
    return BUF_FAILURE;
  if (buf_parse_optional_keyword(p, "copy")) {
    has_copy = true;
    if (BUF_FAILED(buf_parse_expect(p, "(")) ||
        BUF_FAILED(buf_parse_operand(p, &copy)) ||
        BUF_FAILED(buf_parse_expect(p, ")")))
      return BUF_FAILURE;
  }
  if (buf_parse_optional_keyword(p, "size_hint")) {
    has_hint = true;
    if (BUF_FAILED(buf_parse_expect(p, "=")) ||
        BUF_FAILED(buf_parse_operand(p, &hint)))
      return BUF_FAILURE;
  }
  buf_type_t index = buf_type_index(st->ctx);
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, dyn, ndyn, index, st)) ||
      (has_copy &&
       BUF_FAILED(buf_parse_resolve_operands_same(p, &copy, 1, t, st))) ||
      (has_hint &&
       BUF_FAILED(buf_parse_resolve_operands_same(p, &hint, 1, index, st))))
    return BUF_FAILURE;
  int64_t seg[3] = {ndyn, has_copy, has_hint};
  set_segments(st, 3, seg);
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void alloc_tensor_print(buf_printer_t *pr, buf_op_t *op) {
  uint32_t ndyn, ncopy, nhint;
  uint32_t sdyn = buf_op_segment(op, 0, &ndyn);
  uint32_t scopy = buf_op_segment(op, 1, &ncopy);
  uint32_t shint = buf_op_segment(op, 2, &nhint);
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, sdyn, ndyn);
  buf_printer_puts(pr, ")");
  if (ncopy) {
    buf_printer_puts(pr, " copy(");
    buf_printer_print_operands(pr, op, scopy, ncopy);
    buf_printer_puts(pr, ")");
  }
  if (nhint) {
    buf_printer_puts(pr, " size_hint=");
    buf_printer_print_operands(pr, op, shint, nhint);
  }
  buf_printer_print_attr_dict(pr, op, segments_elided);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t alloc_tensor_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  int64_t seg[3];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[0] + seg[1] + seg[2] != (int64_t)op->num_operands || seg[1] > 1 ||
      seg[2] > 1 || seg[0] < 0 || seg[1] < 0 || seg[2] < 0) {
    buf_op_emit_error(op, "operand count (%u) does not match with the total "
                          "size specified in attribute 'operandSegmentSizes'",
                      op->num_operands);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need(op, op->results[0].type->kind == BUF_TYPE_TENSOR,
                      "result", 0, "ranked tensor of any type values",
                      op->results[0].type)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < (uint32_t)seg[0]; i++)
    if (BUF_FAILED(need(op, is_index(operand_type(op, i)), "operand", i,
                        "variadic of index", operand_type(op, i))))
      return BUF_FAILURE;
  if (seg[2] && BUF_FAILED(need(op, is_index(operand_type(op, op->num_operands - 1)),
                                "operand", op->num_operands - 1, "index",
                                operand_type(op, op->num_operands - 1))))
    return BUF_FAILURE;
  buf_type_t t = op->results[0].type;
  if (seg[1] && seg[0]) {
    buf_emit_error(ctx, op->loc, "dynamic sizes not needed when copying a "
                                 "tensor");
    return BUF_FAILURE;
  }
  if (!seg[1] && buf__type_num_dynamic_dims(t) != (uint32_t)seg[0]) {
    buf_op_emit_error(op,
                      "incorrect number of dynamic sizes, has %lld, expected "
                      "%u",
                      (long long)seg[0], buf__type_num_dynamic_dims(t));
    return BUF_FAILURE;
  }
  if (seg[1] && operand_type(op, (uint32_t)seg[0]) != t) {
    buf_emit_error(ctx, op->loc,
                   "expected that `copy` and return type match");
    return BUF_FAILURE;
  }
  /* memory_space may be any attribute (an integer or a dialect memory
   * space such as #gpu.address_space<global>), so it is not checked. */
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* to_tensor / to_buffer (and the old to_memref)                             */
/* ------------------------------------------------------------------------ */

/* The unit-attribute keywords a conversion op may carry, in print order. */
typedef struct conv_info {
  bool to_tensor;              /* to_tensor: memref operand, tensor result */
  const char *const *keywords; /* NULL-terminated unit attrs */
  bool rename_to_buffer;       /* the old to_memref row */
} conv_info_t;

static const char *const to_tensor_kw[] = {"restrict", "writable", NULL};
static const char *const to_buffer_kw[] = {"read_only", NULL};

static const conv_info_t conv_to_tensor = {true, to_tensor_kw, false};
static const conv_info_t conv_to_buffer = {false, to_buffer_kw, false};
static const conv_info_t conv_to_memref = {false, to_buffer_kw, true};

/* `%x kw... attr-dict : A [to B]`. With one type, it is the memref of the
 * old forms and the tensor side is inferred from it. */
static buf_status_t conv_parse(buf_parser_t *p, buf_op_state_t *st,
                               const conv_info_t *ci) {
  buf_ctx_t *ctx = st->ctx;
  buf_unresolved_t x;
  buf_type_t a, b = NULL;
  if (ci->rename_to_buffer)
    st->name = buf_ident_cstr(ctx, "bufferization.to_buffer");
  if (BUF_FAILED(buf_parse_operand(p, &x)))
    return BUF_FAILURE;
  for (const char *const *kw = ci->keywords; *kw; kw++)
    if (buf_parse_optional_keyword(p, *kw))
      buf_state_set_attr(st, *kw, buf_attr_unit(ctx));
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")))
    return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &a)))
    return BUF_FAILURE;
  if (buf_parse_optional_keyword(p, "to")) {
    if (BUF_FAILED(buf_parse_type(p, &b)))
      return BUF_FAILURE;
  } else {
    if (!buf_type_is_memref(a))
      return buf_parser_error_at(p, loc, "expected 'to'");
    buf_type_t tensor = buf_type_tensor_for_memref(ctx, a);
    if (ci->to_tensor) {
      b = tensor;
    } else {
      b = a;
      a = tensor;
    }
  }
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, &x, 1, a, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, b);
  return BUF_SUCCESS;
}

static void conv_print(buf_printer_t *pr, buf_op_t *op, const conv_info_t *ci) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  for (const char *const *kw = ci->keywords; *kw; kw++)
    if (buf_op_has_attr(op, *kw))
      buf_printer_printf(pr, " %s", *kw);
  buf_printer_print_attr_dict(pr, op, ci->keywords);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, operand_type(op, 0));
  buf_printer_puts(pr, " to ");
  buf_printer_print_type(pr, op->results[0].type);
}

/* MLIR's tensor/buffer type correspondence: same shape and element type;
 * layout and memory space of the memref are free. Emits the two errors
 * upstream emits. */
static buf_status_t conv_types_match(buf_op_t *op, buf_type_t tensor,
                                     buf_type_t memref) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  const char *why = NULL;
  bool tr = tensor->kind == BUF_TYPE_TENSOR, mr = memref->kind == BUF_TYPE_MEMREF;
  if (tr != mr)
    why = "shapes do not match";
  else if (tr && (tensor->u.shaped.rank != memref->u.shaped.rank ||
                  memcmp(tensor->u.shaped.shape, memref->u.shaped.shape,
                         sizeof(int64_t) * tensor->u.shaped.rank) != 0))
    why = "shapes do not match";
  else if (tensor->u.shaped.elem != memref->u.shaped.elem)
    why = "element types do not match";
  if (!why)
    return BUF_SUCCESS;
  buf_emit_error(ctx, op->loc, "%s", why);
  buf_op_emit_error(op, "failed to verify that specified tensor and buffer "
                        "types match");
  return BUF_FAILURE;
}

static buf_status_t conv_verify(buf_op_t *op, const conv_info_t *ci) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)))
    return BUF_FAILURE;
  buf_type_t in = operand_type(op, 0), out = op->results[0].type;
  buf_type_t tensor = ci->to_tensor ? out : in;
  buf_type_t memref = ci->to_tensor ? in : out;
  if (BUF_FAILED(need(op, buf_type_is_memref(memref),
                      ci->to_tensor ? "operand" : "result", 0,
                      "ranked or unranked memref of any type values",
                      memref)) ||
      BUF_FAILED(need(op, buf_type_is_tensor(tensor),
                      ci->to_tensor ? "result" : "operand", 0,
                      "tensor of any type values", tensor)))
    return BUF_FAILURE;
  return conv_types_match(op, tensor, memref);
}

static buf_status_t to_tensor_parse(buf_parser_t *p, buf_op_state_t *st) {
  return conv_parse(p, st, &conv_to_tensor);
}
static void to_tensor_print(buf_printer_t *pr, buf_op_t *op) {
  conv_print(pr, op, &conv_to_tensor);
}
static buf_status_t to_tensor_verify(buf_op_t *op) {
  return conv_verify(op, &conv_to_tensor);
}
static buf_status_t to_buffer_parse(buf_parser_t *p, buf_op_state_t *st) {
  return conv_parse(p, st, &conv_to_buffer);
}
static void to_buffer_print(buf_printer_t *pr, buf_op_t *op) {
  conv_print(pr, op, &conv_to_buffer);
}
static buf_status_t to_buffer_verify(buf_op_t *op) {
  return conv_verify(op, &conv_to_buffer);
}
static buf_status_t to_memref_parse(buf_parser_t *p, buf_op_state_t *st) {
  return conv_parse(p, st, &conv_to_memref);
}

/* ------------------------------------------------------------------------ */
/* clone `%m attr-dict : M to M'`, dealloc_tensor `%t attr-dict : T`         */
/* ------------------------------------------------------------------------ */

static buf_status_t clone_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t x;
  buf_type_t a, b;
  if (BUF_FAILED(buf_parse_operand(p, &x)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &a)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &b)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &x, 1, a, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, b);
  return BUF_SUCCESS;
}

static void clone_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, operand_type(op, 0));
  buf_printer_puts(pr, " to ");
  buf_printer_print_type(pr, op->results[0].type);
}

static buf_status_t clone_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(need(op, buf_type_is_memref(operand_type(op, 0)), "operand",
                      0, "ranked or unranked memref of any type values",
                      operand_type(op, 0))) ||
      BUF_FAILED(need(op, buf_type_is_memref(op->results[0].type), "result",
                      0, "ranked or unranked memref of any type values",
                      op->results[0].type)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

static buf_status_t dealloc_tensor_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t x;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &x)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &x, 1, t, st)))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

static void dealloc_tensor_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, operand_type(op, 0));
}

static buf_status_t dealloc_tensor_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)) ||
      BUF_FAILED(need(op, buf_type_is_tensor(operand_type(op, 0)), "operand",
                      0, "tensor of any type values", operand_type(op, 0))))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* materialize_in_destination                                                */
/* ------------------------------------------------------------------------ */

static const char *const mat_kw[] = {"restrict", "writable", NULL};

static buf_status_t mat_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t ops[2];
  buf_type_t ft;
  if (BUF_FAILED(buf_parse_operand(p, &ops[0])) ||
      BUF_FAILED(buf_parse_keyword(p, "in")))
    return BUF_FAILURE;
  for (const char *const *kw = mat_kw; *kw; kw++)
    if (buf_parse_optional_keyword(p, *kw))
      buf_state_set_attr(st, *kw, buf_attr_unit(st->ctx));
  if (BUF_FAILED(buf_parse_operand(p, &ops[1])) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")))
    return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &ft)))
    return BUF_FAILURE;
  if (ft->kind != BUF_TYPE_FUNCTION)
    return buf_parser_error_at(p, loc, "expected a function type");
  if (BUF_FAILED(buf_parse_resolve_operands(p, ops, 2, ft->u.func.inputs,
                                            ft->u.func.num_inputs, st)))
    return BUF_FAILURE;
  buf_state_add_results(st, ft->u.func.num_results, ft->u.func.results);
  return BUF_SUCCESS;
}

static void mat_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[0].value);
  buf_printer_puts(pr, " in");
  for (const char *const *kw = mat_kw; *kw; kw++)
    if (buf_op_has_attr(op, *kw))
      buf_printer_printf(pr, " %s", *kw);
  buf_printer_puts(pr, " ");
  buf_printer_print_value(pr, op->operands[1].value);
  buf_printer_print_attr_dict(pr, op, mat_kw);
  buf_printer_puts(pr, " : (");
  buf_printer_print_operand_types(pr, op, 0, 2);
  buf_printer_puts(pr, ") -> ");
  if (op->num_results == 1)
    buf_printer_print_type(pr, op->results[0].type);
  else {
    buf_printer_puts(pr, "(");
    for (uint32_t i = 0; i < op->num_results; i++) {
      if (i)
        buf_printer_puts(pr, ", ");
      buf_printer_print_type(pr, op->results[i].type);
    }
    buf_printer_puts(pr, ")");
  }
}

static buf_status_t mat_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(need(op, buf_type_is_tensor(operand_type(op, 0)), "operand",
                      0, "tensor of any type values", operand_type(op, 0))))
    return BUF_FAILURE;
  buf_type_t src = operand_type(op, 0), dst = operand_type(op, 1);
  bool dst_memref = buf_type_is_memref(dst);
  if (!buf_type_is_tensor(dst) && !dst_memref) {
    buf_op_emit_error(op, "'dest' must be a tensor or a memref");
    return BUF_FAILURE;
  }
  if (!dst_memref) {
    if (op->num_results != 1) {
      buf_op_emit_error(op, "tensor 'dest' implies exactly one tensor result");
      return BUF_FAILURE;
    }
    if (op->results[0].type != dst) {
      buf_op_emit_error(op, "result and 'dest' types must match");
      return BUF_FAILURE;
    }
  } else if (op->num_results != 0) {
    buf_op_emit_error(op, "memref 'dest' implies zero results");
    return BUF_FAILURE;
  }
  if (buf_op_has_attr(op, "restrict") && !dst_memref) {
    buf_op_emit_error(op, "'restrict' is valid only for memref destinations");
    return BUF_FAILURE;
  }
  if (buf_op_has_attr(op, "writable") != dst_memref) {
    buf_op_emit_error(op, "'writable' must be specified if and only if the "
                          "destination is of memref type");
    return BUF_FAILURE;
  }
  bool sr = buf_type_is_ranked(src), dr = buf_type_is_ranked(dst);
  if (sr != dr) {
    buf_op_emit_error(op, "source/destination shapes are incompatible");
    return BUF_FAILURE;
  }
  if (sr) {
    if (src->u.shaped.rank != dst->u.shaped.rank) {
      buf_op_emit_error(op, "rank mismatch between source and destination "
                            "shape");
      return BUF_FAILURE;
    }
    if (!buf__shape_compatible(src->u.shaped.shape, dst->u.shaped.shape,
                               src->u.shaped.rank)) {
      buf_op_emit_error(op, "source/destination shapes are incompatible");
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* dealloc                                                                   */
/* ------------------------------------------------------------------------ */

/* `(%a, %b : A, B)`: operands and their types. */
static buf_status_t parse_typed_group(buf_parser_t *p, buf_unresolved_t **ops,
                                      uint32_t *n, buf_type_t **types,
                                      uint32_t *nt) {
  if (BUF_FAILED(buf_parse_expect(p, "(")) ||
      BUF_FAILED(buf_parse_operand_list(p, NULL, ops, n)) ||
      BUF_FAILED(buf_parse_expect(p, ":")) ||
      BUF_FAILED(buf_parse_type_list(p, types, nt)) ||
      BUF_FAILED(buf_parse_expect(p, ")")))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

static buf_status_t dealloc_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *mems = NULL, *conds = NULL, *ret = NULL;
  buf_type_t *mt = NULL, *rt = NULL;
  uint32_t nm = 0, nmt = 0, nc = 0, nr = 0, nrt = 0;
  if (buf_parser_next_is(p, "(")) {
    if (BUF_FAILED(parse_typed_group(p, &mems, &nm, &mt, &nmt)) ||
        BUF_FAILED(buf_parse_keyword(p, "if")) ||
        BUF_FAILED(buf_parse_operand_list(p, "(", &conds, &nc)))
      return BUF_FAILURE;
  }
  if (buf_parse_optional_keyword(p, "retain") &&
      BUF_FAILED(parse_typed_group(p, &ret, &nr, &rt, &nrt)))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_resolve_operands(p, mems, nm, mt, nmt, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, conds, nc,
                                                 buf_type_i1(st->ctx), st)) ||
      BUF_FAILED(buf_parse_resolve_operands(p, ret, nr, rt, nrt, st)))
    return BUF_FAILURE;
  int64_t seg[3] = {nm, nc, nr};
  set_segments(st, 3, seg);
  for (uint32_t i = 0; i < nr; i++)
    buf_state_add_result(st, buf_type_i1(st->ctx));
  return BUF_SUCCESS;
}

static void dealloc_print(buf_printer_t *pr, buf_op_t *op) {
  uint32_t nm, nc, nr;
  uint32_t sm = buf_op_segment(op, 0, &nm);
  uint32_t sc = buf_op_segment(op, 1, &nc);
  uint32_t sr = buf_op_segment(op, 2, &nr);
  if (nm) {
    buf_printer_puts(pr, " (");
    buf_printer_print_operands(pr, op, sm, nm);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, sm, nm);
    buf_printer_puts(pr, ") if (");
    buf_printer_print_operands(pr, op, sc, nc);
    buf_printer_puts(pr, ")");
  }
  if (nr) {
    buf_printer_puts(pr, " retain (");
    buf_printer_print_operands(pr, op, sr, nr);
    buf_printer_puts(pr, " : ");
    buf_printer_print_operand_types(pr, op, sr, nr);
    buf_printer_puts(pr, ")");
  }
  buf_printer_print_attr_dict(pr, op, segments_elided);
}

static buf_status_t dealloc_verify(buf_op_t *op) {
  int64_t seg[3];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3 ||
      seg[0] < 0 || seg[1] < 0 || seg[2] < 0 ||
      seg[0] + seg[1] + seg[2] != (int64_t)op->num_operands) {
    buf_op_emit_error(op, "operand count (%u) does not match with the total "
                          "size specified in attribute 'operandSegmentSizes'",
                      op->num_operands);
    return BUF_FAILURE;
  }
  uint32_t i = 0;
  for (; i < (uint32_t)seg[0]; i++)
    if (BUF_FAILED(need(op, buf_type_is_memref(operand_type(op, i)),
                        "operand", i,
                        "variadic of ranked or unranked memref of any type "
                        "values",
                        operand_type(op, i))))
      return BUF_FAILURE;
  for (; i < (uint32_t)(seg[0] + seg[1]); i++)
    if (BUF_FAILED(need(op, buf__is_i1(operand_type(op, i)), "operand", i,
                        "variadic of 1-bit signless integer",
                        operand_type(op, i))))
      return BUF_FAILURE;
  for (; i < op->num_operands; i++)
    if (BUF_FAILED(need(op, buf_type_is_memref(operand_type(op, i)),
                        "operand", i,
                        "variadic of ranked or unranked memref of any type "
                        "values",
                        operand_type(op, i))))
      return BUF_FAILURE;
  for (uint32_t r = 0; r < op->num_results; r++)
    if (BUF_FAILED(need(op, buf__is_i1(op->results[r].type), "result", r,
                        "variadic of 1-bit signless integer",
                        op->results[r].type)))
      return BUF_FAILURE;
  if (seg[0] != seg[1]) {
    buf_op_emit_error(op, "must have the same number of conditions as memrefs "
                          "to deallocate");
    return BUF_FAILURE;
  }
  if ((int64_t)op->num_results != seg[2]) {
    buf_op_emit_error(op, "must have the same number of updated conditions "
                          "(results) as retained operands");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

static const char *const alloc_tensor_attrs[] = {"memory_space",
                                                 "operandSegmentSizes", NULL};
static const char *const dealloc_attrs[] = {"operandSegmentSizes", NULL};

/* Memory effects on buffer operands (only memref operands are asked). A
 * to_tensor reads its buffer whenever the tensor is read. */
static uint32_t read_effect(const buf_op_t *op, uint32_t i) {
  (void)op, (void)i;
  return BUF_EFFECT_READ;
}

/* dealloc frees (conditionally) its first segment; the retained buffers
 * are only compared with them. */
static uint32_t dealloc_effect(const buf_op_t *op, uint32_t i) {
  uint32_t n = 0;
  uint32_t first = buf_op_segment(op, 0, &n);
  return i >= first && i < first + n ? BUF_EFFECT_FREE : BUF_EFFECT_NONE;
}

static uint32_t materialize_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 0 ? BUF_EFFECT_READ : BUF_EFFECT_WRITE;
}

/* Folds (buf_opdef_t.fold) */

/* to_buffer(to_tensor(m)) is m when the types agree: the tensor is m's
 * contents, and its buffer is m (upstream's foldToBufferToTensorPair). */
static bool to_buffer_fold(buf_op_t *op) {
  buf_op_t *def = op->num_operands ? op->operands[0].value->def : NULL;
  if (!def || !buf_op_isa(def, "bufferization.to_tensor") ||
      def->num_operands != 1 ||
      def->operands[0].value->type != op->results[0].type)
    return false;
  buf_value_replace_all_uses(&op->results[0], def->operands[0].value);
  buf_op_erase(op);
  return true;
}

/* to_buffer(tensor.cast(t)) is a memref.cast of to_buffer(t)
 * (upstream's ToBufferOfCast canonicalization): the buffer of the cast's
 * source, with its static sizes, cast to the old buffer type. Buffers of
 * the identity layout only (the layout of the new shape would differ). */
static bool to_buffer_canonicalize(buf_op_t *op) {
  buf_op_t *def = op->num_operands == 1 ? op->operands[0].value->def : NULL;
  buf_type_t old = op->results[0].type;
  if (!def || !buf_op_isa(def, "tensor.cast") || def->num_operands != 1 ||
      old->kind != BUF_TYPE_MEMREF || old->u.shaped.layout)
    return false;
  buf_value_t *src = def->operands[0].value;
  buf_type_t st = src->type;
  if (st->kind != BUF_TYPE_TENSOR)
    return false;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t mt = buf_type_memref(ctx, st->u.shaped.rank, st->u.shaped.shape,
                                  st->u.shaped.elem, NULL,
                                  old->u.shaped.memory_space);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_attr_t read_only = buf_op_attr(op, "read_only");
  buf_op_t *buffer =
      read_only ? buf_build(&b, op->def->name, mt, 1, &src, "read_only",
                            read_only, NULL)
                : buf_build(&b, op->def->name, mt, 1, &src, NULL);
  buf_value_t *m = buf_op_result(buffer, 0);
  buf_value_t *r =
      buf_op_result(buf_build(&b, "memref.cast", old, 1, &m, NULL), 0);
  buf_op_replace(op, &r);
  return true;
}

/* to_tensor(to_buffer(t)) is t when nothing runs between the two (no
 * write can reach the buffer), as upstream folds it. */
static bool to_tensor_fold(buf_op_t *op) {
  buf_op_t *def = op->num_operands ? op->operands[0].value->def : NULL;
  if (!def || def->next != op || !buf_op_isa(def, "bufferization.to_buffer") ||
      def->num_operands != 1 ||
      def->operands[0].value->type != op->results[0].type)
    return false;
  buf_value_replace_all_uses(&op->results[0], def->operands[0].value);
  buf_op_erase(op);
  return true;
}

static const buf_opdef_t bufferization_ops[] = {
    {.name = "bufferization.alloc_tensor",
     .traits = BUF_TRAIT_ALLOC,
     .alloc_kind = BUF_ALLOC_TENSOR,
     .inherent_attrs = alloc_tensor_attrs,
     .verify = alloc_tensor_verify,
     .canonicalize = buf__alloc_tensor_canonicalize,
     .parse = alloc_tensor_parse,
     .print = alloc_tensor_print},
    {.name = "bufferization.clone",
     .traits = BUF_TRAIT_ALLOC,
     .alloc_kind = BUF_ALLOC_HEAP,
     .operand_effect = read_effect,
     .verify = clone_verify,
     .canonicalize = buf__clone_canonicalize,
     .parse = clone_parse,
     .print = clone_print},
    {.name = "bufferization.dealloc",
     .traits = BUF_TRAIT_FREE | BUF_TRAIT_CONDITIONAL_FREE,
     .operand_effect = dealloc_effect,
     .inherent_attrs = dealloc_attrs,
     .verify = dealloc_verify,
     .canonicalize = buf__dealloc_canonicalize,
     .parse = dealloc_parse,
     .print = dealloc_print},
    {.name = "bufferization.dealloc_tensor",
     .verify = dealloc_tensor_verify,
     .parse = dealloc_tensor_parse,
     .print = dealloc_tensor_print},
    {.name = "bufferization.materialize_in_destination",
     .operand_effect = materialize_effect,
     .inherent_attrs = mat_kw,
     .verify = mat_verify,
     .parse = mat_parse,
     .print = mat_print},
    {.name = "bufferization.to_buffer",
     .traits = BUF_TRAIT_PURE,
     .inherent_attrs = to_buffer_kw,
     .verify = to_buffer_verify, .fold = to_buffer_fold,
     .canonicalize = to_buffer_canonicalize,
     .parse = to_buffer_parse,
     .print = to_buffer_print},
    /* The pre-LLVM-21 name: parses into a to_buffer op. */
    {.name = "bufferization.to_memref",
     .traits = BUF_TRAIT_PURE,
     .inherent_attrs = to_buffer_kw,
     .verify = to_buffer_verify, .fold = to_buffer_fold,
     .canonicalize = to_buffer_canonicalize,
     .parse = to_memref_parse,
     .print = to_buffer_print},
    {.name = "bufferization.to_tensor",
     .traits = BUF_TRAIT_PURE,
     .operand_effect = read_effect,
     .inherent_attrs = to_tensor_kw,
     .verify = to_tensor_verify, .fold = to_tensor_fold,
     .parse = to_tensor_parse,
     .print = to_tensor_print},
};

const buf_dialect_t buf_dialect_bufferization = {
    "bufferization", bufferization_ops,
    (uint32_t)(sizeof bufferization_ops / sizeof bufferization_ops[0]), false};
