/*
 * memref.c: the memref dialect's op table (buffers and views of them).
 *
 * Ops: alloc, alloca, realloc, dealloc, copy, load, store, dim, rank, cast,
 * memory_space_cast, subview, reinterpret_cast, view, transpose,
 * collapse_shape, expand_shape, global, get_global, extract_strided_metadata,
 * extract_aligned_pointer_as_index, assume_alignment.
 *
 * Each op is one table row with the custom assembly mlir-opt 22 prints, the
 * inherent attributes it shows in the generic form, its result name, and a
 * verifier with MLIR's messages. Similar ops share hooks through small
 * descriptors (the "%m attr-dict : T to U" family, alloc/alloca).
 *
 * Strided-layout rules (what a subview, collapse, expand or reinterpret_cast
 * result layout must be) follow upstream exactly, because the bufferization
 * passes later build these types and mlir-opt must accept what we print.
 * Slice and reassociation checks come from shaped_util (shared with tensor).
 *
 * Stateless; everything allocated lives in the context arena.
 */
#include <stdio.h>
#include <string.h>

#include "buf/ir.h"
#include "buf/syntax.h"
#include "dialect_util.h"
#include "shaped_util.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

static const char *tstr(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

static buf_type_t operand_type(const buf_op_t *op, uint32_t i) {
  return buf_op_operand(op, i)->type;
}

static bool is_ranked_memref(buf_type_t t) {
  return t && t->kind == BUF_TYPE_MEMREF;
}

/* A memref layout that is the identity: absent, or an identity affine map. */
static bool has_identity_layout(buf_type_t t) {
  buf_attr_t l = t->u.shaped.layout;
  return !l || (l->kind == BUF_ATTR_AFFINE_MAP &&
                buf_affine_map_is_identity(l->u.map));
}

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* "operand #i must be <what>, but got 'T'" unless pred(type). */
static buf_status_t check_operand(buf_op_t *op, uint32_t i,
                                  bool (*pred)(buf_type_t), const char *what) {
  if (i < op->num_operands && pred(operand_type(op, i))) return BUF_SUCCESS;
  if (i >= op->num_operands)
    buf_op_emit_error(op, "expected operand #%u", i);
  else
    buf_op_emit_error(op, "operand #%u must be %s, but got '%s'", i, what,
                      tstr(op, operand_type(op, i)));
  return BUF_FAILURE;
}

static buf_status_t check_result(buf_op_t *op, uint32_t i,
                                 bool (*pred)(buf_type_t), const char *what) {
  if (i < op->num_results && pred(op->results[i].type)) return BUF_SUCCESS;
  if (i >= op->num_results)
    buf_op_emit_error(op, "expected result #%u", i);
  else
    buf_op_emit_error(op, "result #%u must be %s, but got '%s'", i, what,
                      tstr(op, op->results[i].type));
  return BUF_FAILURE;
}

static bool is_index(buf_type_t t) { return t->kind == BUF_TYPE_INDEX; }
static bool is_any_memref(buf_type_t t) { return buf_type_is_memref(t); }

/* Every operand in [start, num_operands) is an index. */
static buf_status_t check_index_operands(buf_op_t *op, uint32_t start) {
  for (uint32_t i = start; i < op->num_operands; i++)
    if (BUF_FAILED(check_operand(op, i, is_index, "variadic of index")))
      return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* The optional `alignment` attribute: a positive power of two i64. */
static buf_status_t check_alignment_attr(buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "alignment");
  if (!a) return BUF_SUCCESS;
  if (a->kind != BUF_ATTR_INTEGER || !is_pow2(a->u.i)) {
    buf_op_emit_error(op,
                      "attribute 'alignment' failed to satisfy constraint: "
                      "64-bit signless integer attribute whose value is "
                      "positive and whose value is a power of two > 0");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static void set_segments(buf_op_state_t *st, uint32_t n, const int64_t *sizes) {
  buf_state_set_attr(st, "operandSegmentSizes",
                     buf_attr_dense_array(st->ctx, buf_type_i32(st->ctx), n,
                                          sizes, NULL));
}

/* Resolves the unresolved source operand with type t, then the index list. */
static buf_status_t resolve_source_and_indices(buf_parser_t *p,
                                               buf_op_state_t *st,
                                               const buf_unresolved_t *src,
                                               buf_type_t t,
                                               const buf_unresolved_t *idx,
                                               uint32_t nidx) {
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_resolve(p, src, t, &v))) return BUF_FAILURE;
  buf_state_add_operand(st, v);
  return buf_parse_resolve_operands_same(p, idx, nidx,
                                         buf_type_index(st->ctx), st);
}

/* ------------------------------------------------------------------------ */
/* alloc, alloca                                                             */
/* ------------------------------------------------------------------------ */

static const char *const alloc_attrs[] = {"alignment", "operandSegmentSizes",
                                          NULL};

/* memref.alloc(%d, ...)([%s, ...])? attr-dict : memref-type */
static buf_status_t alloc_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t *dyn, *sym = NULL;
  uint32_t ndyn, nsym = 0;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand_list(p, "(", &dyn, &ndyn))) return BUF_FAILURE;
  if (buf_parser_next_is(p, "[") &&
      BUF_FAILED(buf_parse_operand_list(p, "[", &sym, &nsym)))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  buf_type_t index = buf_type_index(st->ctx);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, dyn, ndyn, index, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, sym, nsym, index, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, t);
  int64_t seg[2] = {ndyn, nsym};
  set_segments(st, 2, seg);
  return BUF_SUCCESS;
}

static void alloc_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"operandSegmentSizes", NULL};
  uint32_t ndyn, nsym;
  uint32_t d0 = buf_op_segment(op, 0, &ndyn);
  uint32_t s0 = buf_op_segment(op, 1, &nsym);
  buf_printer_puts(pr, "(");
  buf_printer_print_operands(pr, op, d0, ndyn);
  buf_printer_puts(pr, ")");
  if (nsym) {
    buf_printer_puts(pr, "[");
    buf_printer_print_operands(pr, op, s0, nsym);
    buf_printer_puts(pr, "]");
  }
  buf_printer_print_attr_dict(pr, op, elided);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t alloc_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_result(op, 0, is_ranked_memref,
                              "memref of any type values")) ||
      BUF_FAILED(check_index_operands(op, 0)) ||
      BUF_FAILED(check_alignment_attr(op)))
    return BUF_FAILURE;
  int64_t seg[2];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 2) != 2 ||
      seg[0] + seg[1] != op->num_operands) {
    buf_op_emit_error(op, "requires attribute 'operandSegmentSizes' with 2 "
                          "segments matching the operands");
    return BUF_FAILURE;
  }
  buf_type_t t = op->results[0].type;
  uint32_t want = buf__type_num_dynamic_dims(t);
  if (seg[0] != want) {
    buf_op_emit_error(op,
                      "incorrect number of dynamic sizes, has %lld, expected "
                      "%u",
                      (long long)seg[0], want);
    return BUF_FAILURE;
  }
  buf_attr_t l = t->u.shaped.layout;
  uint32_t nsym = l && l->kind == BUF_ATTR_AFFINE_MAP ? l->u.map->num_symbols
                                                       : 0;
  if (seg[1] != nsym) {
    buf_op_emit_error(op,
                      "symbol operand count does not equal memref symbol "
                      "count: expected %u, got %lld",
                      nsym, (long long)seg[1]);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* realloc                                                                   */
/* ------------------------------------------------------------------------ */

static const char *const realloc_attrs[] = {"alignment", NULL};

/* memref.realloc %src (%size)? attr-dict : T to U */
static buf_status_t realloc_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, size;
  bool has_size = false;
  buf_type_t from, to;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &src))) return BUF_FAILURE;
  if (buf_parse_optional(p, "(")) {
    if (BUF_FAILED(buf_parse_operand(p, &size)) ||
        BUF_FAILED(buf_parse_expect(p, ")")))
      return BUF_FAILURE;
    has_size = true;
  }
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(buf_parse_resolve(p, &src, from, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (has_size) {
    if (BUF_FAILED(buf_parse_resolve(p, &size, buf_type_index(st->ctx), &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static void realloc_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  if (op->num_operands > 1) {
    buf_printer_puts(pr, "(");
    buf_printer_print_operands(pr, op, 1, 1);
    buf_printer_puts(pr, ")");
  }
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

/* A 1-D memref with the identity layout (realloc's operand and result). */
static bool is_1d_identity_memref(buf_type_t t) {
  return is_ranked_memref(t) && t->u.shaped.rank == 1 &&
         has_identity_layout(t);
}

static buf_status_t realloc_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_1d_identity_memref,
                               "1D memref of any type values")) ||
      BUF_FAILED(check_result(op, 0, is_1d_identity_memref,
                              "1D memref of any type values")) ||
      BUF_FAILED(check_index_operands(op, 1)) ||
      BUF_FAILED(check_alignment_attr(op)))
    return BUF_FAILURE;
  buf_type_t src = operand_type(op, 0), dst = op->results[0].type;
  if (src->u.shaped.elem != dst->u.shaped.elem ||
      src->u.shaped.memory_space != dst->u.shaped.memory_space) {
    buf_op_emit_error(op, "failed to verify that all of {source, result} have "
                          "same element type and memory space");
    return BUF_FAILURE;
  }
  bool dyn = dst->u.shaped.shape[0] == BUF_DYNAMIC;
  if (dyn && op->num_operands != 2) {
    buf_op_emit_error(op, "missing dimension operand");
    return BUF_FAILURE;
  }
  if (!dyn && op->num_operands != 1) {
    buf_op_emit_error(op, "unnecessary dimension operand");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* "%m attr-dict : T" family: dealloc, rank                                  */
/* ------------------------------------------------------------------------ */

/* %m attr-dict : T, with an optional fixed result type (rank: index). */
static buf_status_t unary_colon_parse(buf_parser_t *p, buf_op_state_t *st,
                                      buf_type_t result) {
  buf_unresolved_t u;
  buf_type_t t;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  if (result) buf_state_add_result(st, result);
  return BUF_SUCCESS;
}

static void unary_colon_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
}

static buf_status_t dealloc_parse(buf_parser_t *p, buf_op_state_t *st) {
  return unary_colon_parse(p, st, NULL);
}

static buf_status_t rank_parse(buf_parser_t *p, buf_op_state_t *st) {
  return unary_colon_parse(p, st, buf_type_index(st->ctx));
}

static buf_status_t dealloc_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  return check_operand(op, 0, is_any_memref,
                       "ranked or unranked memref of any type values");
}

/* memref.reshape `%src(%shape) : (S, T) -> R` (parse/print in shaped_util.c):
 * the same elements under a shape read from a 1-D memref at run time; both
 * sides must be contiguous (identity layouts). */
static bool is_1d_int_or_index_memref(buf_type_t t) {
  return is_ranked_memref(t) && t->u.shaped.rank == 1 &&
         buf_type_is_int_or_index(t->u.shaped.elem);
}

static buf_status_t reshape_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_any_memref, "memref of any type values")) ||
      BUF_FAILED(check_operand(op, 1, is_1d_int_or_index_memref,
                               "1D memref of signless integer or index values")) ||
      BUF_FAILED(check_result(op, 0, is_any_memref, "memref of any type values")))
    return BUF_FAILURE;
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  if (src->u.shaped.elem != res->u.shaped.elem) {
    buf_op_emit_error(op, "element types of source and destination memref "
                          "types should be the same");
    return BUF_FAILURE;
  }
  if (is_ranked_memref(src) && !has_identity_layout(src)) {
    buf_op_emit_error(op, "source memref type should have identity affine map");
    return BUF_FAILURE;
  }
  if (!is_ranked_memref(res))
    return BUF_SUCCESS;
  if (!has_identity_layout(res)) {
    buf_op_emit_error(op, "result memref type should have identity affine map");
    return BUF_FAILURE;
  }
  int64_t len = operand_type(op, 1)->u.shaped.shape[0];
  if (len == BUF_DYNAMIC) {
    buf_op_emit_error(op, "cannot use shape operand with dynamic length to "
                          "reshape to statically-ranked memref type");
    return BUF_FAILURE;
  }
  if (len != (int64_t)res->u.shaped.rank) {
    buf_op_emit_error(op, "length of shape operand differs from the result's "
                          "memref rank");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t rank_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_any_memref,
                               "ranked or unranked memref of any type "
                               "values")))
    return BUF_FAILURE;
  return check_result(op, 0, is_index, "index");
}

/* ------------------------------------------------------------------------ */
/* "%m attr-dict : T to U" family: cast, memory_space_cast                   */
/* ------------------------------------------------------------------------ */

static buf_status_t cast_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t u;
  buf_type_t from, to;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, from, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static void cast_print(buf_printer_t *pr, buf_op_t *op) {
  unary_colon_print(pr, op);
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

/* A stride or offset pair agrees when either is dynamic or both are equal. */
static bool stride_compatible(int64_t a, int64_t b) {
  return a == BUF_DYNAMIC || b == BUF_DYNAMIC || a == b;
}

/* MLIR's memref.cast compatibility: same element type and memory space;
 * ranked to ranked needs equal ranks, agreeing static dims and agreeing
 * strides/offset; ranked <-> unranked is fine; unranked -> unranked is not. */
bool buf__memref_cast_compatible(buf_type_t a, buf_type_t b) {
  if (!buf_type_is_memref(a) || !buf_type_is_memref(b)) return false;
  if (a->u.shaped.elem != b->u.shaped.elem ||
      a->u.shaped.memory_space != b->u.shaped.memory_space)
    return false;
  bool ra = a->kind == BUF_TYPE_MEMREF, rb = b->kind == BUF_TYPE_MEMREF;
  if (!ra && !rb) return false;
  if (!ra || !rb) return true;
  uint32_t rank = a->u.shaped.rank;
  if (rank != b->u.shaped.rank) return false;
  if (a->u.shaped.layout != b->u.shaped.layout) {
    int64_t sa[rank + 1], sb[rank + 1], oa, ob;
    if (BUF_FAILED(buf_type_memref_strides(a, sa, &oa)) ||
        BUF_FAILED(buf_type_memref_strides(b, sb, &ob)))
      return false;
    if (!stride_compatible(oa, ob)) return false;
    for (uint32_t i = 0; i < rank; i++)
      if (!stride_compatible(sa[i], sb[i])) return false;
  }
  return buf__shape_compatible(a->u.shaped.shape, b->u.shaped.shape, rank);
}

/* memory_space_cast: only the memory space may change. */
static bool memspace_cast_compatible(buf_type_t a, buf_type_t b) {
  if (a->kind != b->kind || !buf_type_is_memref(a)) return false;
  if (a->u.shaped.elem != b->u.shaped.elem) return false;
  if (a->kind == BUF_TYPE_UNRANKED_MEMREF) return true;
  if (a->u.shaped.layout != b->u.shaped.layout ||
      a->u.shaped.rank != b->u.shaped.rank)
    return false;
  return memcmp(a->u.shaped.shape, b->u.shaped.shape,
                a->u.shaped.rank * sizeof(int64_t)) == 0;
}

static buf_status_t check_cast(buf_op_t *op,
                               bool (*compatible)(buf_type_t, buf_type_t)) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_any_memref,
                               "ranked or unranked memref of any type "
                               "values")) ||
      BUF_FAILED(check_result(op, 0, is_any_memref,
                              "ranked or unranked memref of any type values")))
    return BUF_FAILURE;
  buf_type_t a = operand_type(op, 0), b = op->results[0].type;
  if (!compatible(a, b)) {
    buf_op_emit_error(op,
                      "operand type '%s' and result type '%s' are cast "
                      "incompatible",
                      tstr(op, a), tstr(op, b));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t cast_verify(buf_op_t *op) {
  return check_cast(op, buf__memref_cast_compatible);
}

static buf_status_t memspace_cast_verify(buf_op_t *op) {
  return check_cast(op, memspace_cast_compatible);
}

/* ------------------------------------------------------------------------ */
/* copy                                                                      */
/* ------------------------------------------------------------------------ */

/* memref.copy %src, %dst attr-dict : T to U */
static buf_status_t copy_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t a, b;
  buf_type_t ta, tb;
  buf_value_t *va, *vb;
  if (BUF_FAILED(buf_parse_operand(p, &a)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &b)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &ta)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &tb)) ||
      BUF_FAILED(buf_parse_resolve(p, &a, ta, &va)) ||
      BUF_FAILED(buf_parse_resolve(p, &b, tb, &vb)))
    return BUF_FAILURE;
  buf_state_add_operand(st, va);
  buf_state_add_operand(st, vb);
  return BUF_SUCCESS;
}

static void copy_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 2);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_operand_types(pr, op, 1, 1);
}

static buf_status_t copy_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < 2; i++)
    if (BUF_FAILED(check_operand(op, i, is_any_memref,
                                 "ranked or unranked memref of any type "
                                 "values")))
      return BUF_FAILURE;
  buf_type_t a = operand_type(op, 0), b = operand_type(op, 1);
  if (!buf__types_shape_compatible(a, b)) {
    buf_op_emit_error(op, "requires the same shape for all operands");
    return BUF_FAILURE;
  }
  if (a->u.shaped.elem != b->u.shaped.elem) {
    buf_op_emit_error(op, "requires the same element type for all operands");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* load, store                                                               */
/* ------------------------------------------------------------------------ */

static const char *const load_store_attrs[] = {"alignment", "nontemporal",
                                               NULL};

/* memref.load %m[%i, ...] attr-dict : T */
static buf_status_t load_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t m, *idx;
  uint32_t n;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &m)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  if (!is_ranked_memref(t))
    return buf_parser_error(p, "expected a ranked memref type, got '%s'",
                            buf_type_to_string(st->ctx, t));
  if (BUF_FAILED(resolve_source_and_indices(p, st, &m, t, idx, n)))
    return BUF_FAILURE;
  buf_state_add_result(st, t->u.shaped.elem);
  return BUF_SUCCESS;
}

/* memref.store %v, %m[%i, ...] attr-dict : T */
static buf_status_t store_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t val, m, *idx;
  uint32_t n;
  buf_type_t t;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &val)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &m)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  if (!is_ranked_memref(t))
    return buf_parser_error(p, "expected a ranked memref type, got '%s'",
                            buf_type_to_string(st->ctx, t));
  if (BUF_FAILED(buf_parse_resolve(p, &val, t->u.shaped.elem, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  return resolve_source_and_indices(p, st, &m, t, idx, n);
}

/* Prints "%m[%i, ...] attr-dict : T" where the memref is operand `m`. */
/* nontemporal = false is the default value: the custom form leaves it out
 * (the generic form keeps it, as mlir-opt does). */
static const char *const default_nontemporal[] = {"nontemporal", NULL};

static void print_indexed(buf_printer_t *pr, buf_op_t *op, uint32_t m) {
  buf_attr_t nt = buf_op_attr(op, "nontemporal");
  bool is_default = nt && nt->kind == BUF_ATTR_BOOL && !nt->u.b;
  buf_printer_print_operands(pr, op, m, 1);
  buf_printer_puts(pr, "[");
  buf_printer_print_operands(pr, op, m + 1, op->num_operands - m - 1);
  buf_printer_puts(pr, "]");
  buf_printer_print_attr_dict(pr, op, is_default ? default_nontemporal : NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, m, 1);
}

/* memref.prefetch %m[%i, ...], read|write, locality<0..3>, data|instr
 *     attr-dict : T
 * A hint to the cache: it reads the buffer's address only, never changes
 * its contents. */
static const char *const prefetch_attrs[] = {"isWrite", "localityHint",
                                             "isDataCache", NULL};

static buf_status_t prefetch_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_unresolved_t m, *idx;
  uint32_t n;
  buf_ident_t rw, cache;
  int64_t hint;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &m)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &idx, &n)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_any_keyword(p, &rw)))
    return BUF_FAILURE;
  if (strcmp(rw, "read") != 0 && strcmp(rw, "write") != 0)
    return buf_parser_error(p, "rw specifier has to be 'read' or 'write'");
  if (BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_keyword(p, "locality")) ||
      BUF_FAILED(buf_parse_expect(p, "<")) ||
      BUF_FAILED(buf_parse_integer(p, &hint)) ||
      BUF_FAILED(buf_parse_expect(p, ">")) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_any_keyword(p, &cache)))
    return BUF_FAILURE;
  if (strcmp(cache, "data") != 0 && strcmp(cache, "instr") != 0)
    return buf_parser_error(p, "cache type has to be 'data' or 'instr'");
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  if (!is_ranked_memref(t))
    return buf_parser_error(p, "expected a ranked memref type, got '%s'",
                            buf_type_to_string(ctx, t));
  buf_state_set_attr(st, "isWrite", buf_attr_bool(ctx, strcmp(rw, "write") == 0));
  buf_state_set_attr(st, "localityHint",
                     buf_attr_integer(ctx, buf_type_i32(ctx), hint));
  buf_state_set_attr(st, "isDataCache", buf_attr_bool(ctx, strcmp(cache, "data") == 0));
  return resolve_source_and_indices(p, st, &m, t, idx, n);
}

static void prefetch_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t w = buf_op_attr(op, "isWrite"), h = buf_op_attr(op, "localityHint"),
             d = buf_op_attr(op, "isDataCache");
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, "[");
  buf_printer_print_operands(pr, op, 1, op->num_operands - 1);
  buf_printer_printf(pr, "], %s, locality<%lld>, %s",
                     w && w->kind == BUF_ATTR_BOOL && w->u.b ? "write" : "read",
                     h && h->kind == BUF_ATTR_INTEGER ? (long long)h->u.i : 0LL,
                     d && d->kind == BUF_ATTR_BOOL && !d->u.b ? "instr" : "data");
  buf_printer_print_attr_dict(pr, op, prefetch_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
}

static buf_status_t prefetch_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 0)) || op->num_operands < 1 ||
      BUF_FAILED(check_operand(op, 0, is_ranked_memref,
                               "memref of any type values")) ||
      BUF_FAILED(check_index_operands(op, 1)))
    return BUF_FAILURE;
  buf_attr_t w = buf_op_attr(op, "isWrite"), h = buf_op_attr(op, "localityHint"),
             d = buf_op_attr(op, "isDataCache");
  if (!w || w->kind != BUF_ATTR_BOOL || !d || d->kind != BUF_ATTR_BOOL ||
      !h || h->kind != BUF_ATTR_INTEGER) {
    buf_op_emit_error(op, "requires attributes 'isWrite', 'localityHint' "
                          "and 'isDataCache'");
    return BUF_FAILURE;
  }
  if (h->u.i < 0 || h->u.i > 3) {
    buf_op_emit_error(op, "attribute 'localityHint' failed to satisfy "
                          "constraint: 32-bit signless integer attribute whose "
                          "minimum value is 0 whose maximum value is 3");
    return BUF_FAILURE;
  }
  if (op->num_operands - 1 != operand_type(op, 0)->u.shaped.rank) {
    buf_op_emit_error(op, "too few indices");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static void load_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  print_indexed(pr, op, 0);
}

static void store_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, ", ");
  print_indexed(pr, op, 1);
}

static buf_status_t check_nontemporal(buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "nontemporal");
  if (a && a->kind != BUF_ATTR_BOOL) {
    buf_op_emit_error(op, "attribute 'nontemporal' failed to satisfy "
                          "constraint: bool attribute");
    return BUF_FAILURE;
  }
  return check_alignment_attr(op);
}

static buf_status_t load_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_ranked_memref,
                               "memref of any type values")) ||
      BUF_FAILED(check_index_operands(op, 1)) ||
      BUF_FAILED(check_nontemporal(op)))
    return BUF_FAILURE;
  buf_type_t t = operand_type(op, 0);
  if (op->results[0].type != t->u.shaped.elem) {
    buf_op_emit_error(op, "failed to verify that result type matches element "
                          "type of 'memref'");
    return BUF_FAILURE;
  }
  if (op->num_operands - 1 != t->u.shaped.rank) {
    buf_op_emit_error(op,
                      "incorrect number of indices for load, expected %u but "
                      "got %u",
                      t->u.shaped.rank, op->num_operands - 1);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t store_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 0)) ||
      op->num_operands < 2 ||
      BUF_FAILED(check_operand(op, 1, is_ranked_memref,
                               "memref of any type values")) ||
      BUF_FAILED(check_index_operands(op, 2)) ||
      BUF_FAILED(check_nontemporal(op))) {
    if (op->num_operands < 2)
      buf_op_emit_error(op, "expected at least 2 operands");
    return BUF_FAILURE;
  }
  buf_type_t t = operand_type(op, 1);
  if (operand_type(op, 0) != t->u.shaped.elem) {
    buf_op_emit_error(op, "failed to verify that type of 'value' matches "
                          "element type of 'memref'");
    return BUF_FAILURE;
  }
  if (op->num_operands - 2 != t->u.shaped.rank) {
    buf_op_emit_error(op, "store index operand count not equal to memref "
                          "rank");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* dim                                                                       */
/* ------------------------------------------------------------------------ */

/* memref.dim %m, %i attr-dict : T */
static buf_status_t dim_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t m, i;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_operand(p, &m)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_operand(p, &i)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(resolve_source_and_indices(p, st, &m, t, &i, 1)))
    return BUF_FAILURE;
  buf_state_add_result(st, buf_type_index(st->ctx));
  return BUF_SUCCESS;
}

static void dim_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 2);
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
}

static buf_status_t dim_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 2)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_any_memref,
                               "unranked.memref of any type values or "
                               "non-0-ranked.memref of any type values")) ||
      BUF_FAILED(check_operand(op, 1, is_index, "index")) ||
      BUF_FAILED(check_result(op, 0, is_index, "index")))
    return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* subview, reinterpret_cast                                                 */
/* ------------------------------------------------------------------------ */

static const char *const slice_attrs[] = {"operandSegmentSizes",
                                          "static_offsets", "static_sizes",
                                          "static_strides", NULL};

/* Resolves and records a slice-like op: source, then dynamic offsets, sizes,
 * strides (all index), the static arrays and operandSegmentSizes. */
static buf_status_t finish_slice(buf_parser_t *p, buf_op_state_t *st,
                                 const buf_unresolved_t *src, buf_type_t from,
                                 buf_unresolved_t *const dyn[3],
                                 const uint32_t ndyn[3],
                                 const buf_attr_t statics[3]) {
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_resolve(p, src, from, &v))) return BUF_FAILURE;
  buf_state_add_operand(st, v);
  for (int i = 0; i < 3; i++)
    if (BUF_FAILED(buf_parse_resolve_operands_same(
            p, dyn[i], ndyn[i], buf_type_index(st->ctx), st)))
      return BUF_FAILURE;
  int64_t seg[4] = {1, ndyn[0], ndyn[1], ndyn[2]};
  set_segments(st, 4, seg);
  buf_state_set_attr(st, "static_offsets", statics[0]);
  buf_state_set_attr(st, "static_sizes", statics[1]);
  buf_state_set_attr(st, "static_strides", statics[2]);
  return BUF_SUCCESS;
}

/* memref.subview %m[offsets] [sizes] [strides] attr-dict : T to U */
static buf_status_t subview_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, *dyn[3];
  uint32_t ndyn[3];
  buf_attr_t statics[3];
  buf_type_t from, to;
  if (BUF_FAILED(buf_parse_operand(p, &src))) return BUF_FAILURE;
  for (int i = 0; i < 3; i++)
    if (BUF_FAILED(buf_parse_dynamic_index_list(p, &dyn[i], &ndyn[i],
                                                &statics[i])))
      return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)))
    return BUF_FAILURE;
  if (BUF_FAILED(finish_slice(p, st, &src, from, dyn, ndyn, statics)))
    return BUF_FAILURE;
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

/* Prints the static list `name` filled with operand segment `seg`. */
static void print_slice_list(buf_printer_t *pr, buf_op_t *op, const char *name,
                             uint32_t seg) {
  uint32_t n, start = buf_op_segment(op, seg, &n);
  buf_value_t **vs = buf_arena_alloc(buf_ctx_arena(buf_op_ctx(op)),
                                     (n + 1) * sizeof *vs);
  for (uint32_t i = 0; i < n; i++) vs[i] = buf_op_operand(op, start + i);
  buf_printer_print_dynamic_index_list(pr, buf_op_attr(op, name), n, vs);
}

static void subview_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  print_slice_list(pr, op, "static_offsets", 1);
  buf_printer_puts(pr, " ");
  print_slice_list(pr, op, "static_sizes", 2);
  buf_printer_puts(pr, " ");
  print_slice_list(pr, op, "static_strides", 3);
  buf_printer_print_attr_dict(pr, op, slice_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

/* Common checks of slice-like ops: one ranked memref result, operands are a
 * memref source then indices, four operand segments. */
static buf_status_t check_slice_op(buf_op_t *op, bool (*src_pred)(buf_type_t),
                                   const char *src_what) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, src_pred, src_what)) ||
      BUF_FAILED(check_result(op, 0, is_ranked_memref,
                              "memref of any type values")) ||
      BUF_FAILED(check_index_operands(op, 1)))
    return BUF_FAILURE;
  int64_t seg[4];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4 ||
      seg[0] != 1 || seg[0] + seg[1] + seg[2] + seg[3] != op->num_operands) {
    buf_op_emit_error(op, "requires attribute 'operandSegmentSizes' with 4 "
                          "segments matching the operands");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* MLIR's produceSubViewErrorMsg: memref.subview words its rank-reduction
 * failures differently from the tensor slice ops. Plain errors, as upstream. */
static buf_status_t emit_subview_verdict(buf_op_t *op, buf__slice_verdict_t v,
                                         buf_type_t expected, buf_type_t view) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  const char *e = tstr(op, expected), *got = tstr(op, view);
  switch (v) {
  case BUF__SLICE_OK:
    return BUF_SUCCESS;
  case BUF__SLICE_RANK_TOO_LARGE:
    buf_emit_error(ctx, op->loc,
                   "expected result rank to be smaller or equal to the source "
                   "rank, but got '%s'",
                   got);
    break;
  case BUF__SLICE_SIZE_MISMATCH:
    buf_emit_error(ctx, op->loc,
                   "expected result type to be '%s' or a rank-reduced "
                   "version. (mismatch of result sizes), but got '%s'",
                   e, got);
    break;
  case BUF__SLICE_ELEM_MISMATCH:
    buf_emit_error(ctx, op->loc,
                   "expected result element type to be '%s', but got '%s'",
                   tstr(op, expected->u.shaped.elem), got);
    break;
  case BUF__SLICE_MEMSPACE_MISMATCH:
    buf_emit_error(ctx, op->loc,
                   "expected result and source memory spaces to match, but "
                   "got '%s'",
                   got);
    break;
  case BUF__SLICE_LAYOUT_MISMATCH:
    buf_emit_error(ctx, op->loc,
                   "expected result type to be '%s' or a rank-reduced "
                   "version. (mismatch of result layout), but got '%s'",
                   e, got);
    break;
  }
  return BUF_FAILURE;
}

static buf_status_t subview_verify(buf_op_t *op) {
  if (BUF_FAILED(check_slice_op(op, is_ranked_memref,
                                "memref of any type values")))
    return BUF_FAILURE;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t base = operand_type(op, 0), view = op->results[0].type;
  buf__slice_t s;
  if (BUF_FAILED(buf__slice_get(op, 1, base->u.shaped.rank, &s)))
    return BUF_FAILURE;
  if (base->u.shaped.memory_space != view->u.shaped.memory_space) {
    buf_emit_error(ctx, op->loc,
                   "different memory spaces specified for base memref type "
                   "'%s' and subview memref type '%s'",
                   tstr(op, base), tstr(op, view));
    return BUF_FAILURE;
  }
  buf_type_t expected = buf__subview_type(ctx, base, &s);
  if (!expected) {
    buf_emit_error(ctx, op->loc, "base type '%s' is not strided",
                   tstr(op, base));
    return BUF_FAILURE;
  }
  buf__slice_verdict_t v = buf__check_rank_reduced(expected, view, NULL);
  if (BUF_FAILED(emit_subview_verdict(op, v, expected, view)))
    return BUF_FAILURE;
  return buf__slice_verify_in_bounds(op, &s, base->u.shaped.shape);
}

/* memref.reinterpret_cast %m to offset: [o] , sizes: [..] , strides: [..]
 *     attr-dict : T to U */
static buf_status_t reinterpret_cast_parse(buf_parser_t *p,
                                           buf_op_state_t *st) {
  static const char *const kw[] = {"offset", "sizes", "strides"};
  buf_unresolved_t src, *dyn[3];
  uint32_t ndyn[3];
  buf_attr_t statics[3];
  buf_type_t from, to;
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")))
    return BUF_FAILURE;
  for (int i = 0; i < 3; i++) {
    if (i && BUF_FAILED(buf_parse_expect(p, ","))) return BUF_FAILURE;
    if (BUF_FAILED(buf_parse_keyword(p, kw[i])) ||
        BUF_FAILED(buf_parse_expect(p, ":")) ||
        BUF_FAILED(buf_parse_dynamic_index_list(p, &dyn[i], &ndyn[i],
                                                &statics[i])))
      return BUF_FAILURE;
  }
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)))
    return BUF_FAILURE;
  if (BUF_FAILED(finish_slice(p, st, &src, from, dyn, ndyn, statics)))
    return BUF_FAILURE;
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static void reinterpret_cast_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, " to offset: ");
  print_slice_list(pr, op, "static_offsets", 1);
  buf_printer_puts(pr, ", sizes: ");
  print_slice_list(pr, op, "static_sizes", 2);
  buf_printer_puts(pr, ", strides: ");
  print_slice_list(pr, op, "static_strides", 3);
  buf_printer_print_attr_dict(pr, op, slice_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

/* The text MLIR prints for a static/dynamic expected value. */
static const char *dyn_str(char *buf, size_t n, int64_t v) {
  if (v == BUF_DYNAMIC) return "dynamic";
  snprintf(buf, n, "%lld", (long long)v);
  return buf;
}

/* One static list of reinterpret_cast: `count` entries, dynamic entries
 * matching the operand segment. */
static buf_status_t check_static_list(buf_op_t *op, const char *attr,
                                      const char *what, uint32_t count,
                                      uint32_t seg, const int64_t **vals) {
  uint32_t n, len;
  buf_op_segment(op, seg, &len);
  if (!buf__i64_array(buf_op_attr(op, attr), vals, &n)) {
    buf_op_emit_error(op, "requires attribute '%s'", attr);
    return BUF_FAILURE;
  }
  if (n != count) {
    buf_op_emit_error(op, "expected %u %s values, got %u", count, what, n);
    return BUF_FAILURE;
  }
  if (buf__count_dynamic(*vals, n) != len) {
    buf_op_emit_error(op, "expected %u dynamic %s values",
                      buf__count_dynamic(*vals, n), what);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t reinterpret_cast_verify(buf_op_t *op) {
  if (BUF_FAILED(check_slice_op(op, is_any_memref,
                                "ranked or unranked memref of any type "
                                "values")))
    return BUF_FAILURE;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  uint32_t rank = res->u.shaped.rank;
  const int64_t *offs, *sizes, *strides;
  if (BUF_FAILED(check_static_list(op, "static_offsets", "offset", 1, 1,
                                   &offs)) ||
      BUF_FAILED(check_static_list(op, "static_sizes", "size", rank, 2,
                                   &sizes)) ||
      BUF_FAILED(check_static_list(op, "static_strides", "stride", rank, 3,
                                   &strides)))
    return BUF_FAILURE;
  if (src->u.shaped.memory_space != res->u.shaped.memory_space) {
    buf_emit_error(ctx, op->loc,
                   "different memory spaces specified for source type '%s' "
                   "and result memref type '%s'",
                   tstr(op, src), tstr(op, res));
    return BUF_FAILURE;
  }
  if (src->u.shaped.elem != res->u.shaped.elem) {
    buf_emit_error(ctx, op->loc,
                   "different element types specified for source type '%s' "
                   "and result memref type '%s'",
                   tstr(op, src), tstr(op, res));
    return BUF_FAILURE;
  }
  char b[32];
  for (uint32_t i = 0; i < rank; i++) {
    int64_t d = res->u.shaped.shape[i];
    if (d != BUF_DYNAMIC && d != sizes[i]) {
      buf_emit_error(ctx, op->loc,
                     "expected result type with size = %s instead of %lld in "
                     "dim = %u",
                     dyn_str(b, sizeof b, sizes[i]), (long long)d, i);
      return BUF_FAILURE;
    }
  }
  int64_t rs[rank + 1], ro;
  if (BUF_FAILED(buf_type_memref_strides(res, rs, &ro))) {
    buf_emit_error(ctx, op->loc,
                   "expected result type to have strided layout but found "
                   "'%s'",
                   tstr(op, res));
    return BUF_FAILURE;
  }
  if (ro != BUF_DYNAMIC && ro != offs[0]) {
    buf_emit_error(ctx, op->loc,
                   "expected result type with offset = %s instead of %lld",
                   dyn_str(b, sizeof b, offs[0]), (long long)ro);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < rank; i++)
    if (rs[i] != BUF_DYNAMIC && rs[i] != strides[i]) {
      buf_emit_error(ctx, op->loc,
                     "expected result type with stride = %s instead of %lld "
                     "in dim = %u",
                     dyn_str(b, sizeof b, strides[i]), (long long)rs[i], i);
      return BUF_FAILURE;
    }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* view                                                                      */
/* ------------------------------------------------------------------------ */

/* memref.view %src[%shift][%sizes] attr-dict : T to U */
static buf_status_t view_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, *shift, *sizes;
  uint32_t nshift, nsizes;
  buf_type_t from, to;
  buf_value_t *v;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &shift, &nshift)) ||
      BUF_FAILED(buf_parse_operand_list(p, "[", &sizes, &nsizes)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)))
    return BUF_FAILURE;
  if (nshift != 1)
    return buf_parser_error_at(p, loc, "expects 1 offset operand");
  if (BUF_FAILED(buf_parse_resolve(p, &src, from, &v))) return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_type_t index = buf_type_index(st->ctx);
  if (BUF_FAILED(buf_parse_resolve_operands_same(p, shift, 1, index, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, sizes, nsizes, index, st)))
    return BUF_FAILURE;
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

static void view_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, "[");
  buf_printer_print_operands(pr, op, 1, 1);
  buf_printer_puts(pr, "][");
  buf_printer_print_operands(pr, op, 2, op->num_operands - 2);
  buf_printer_puts(pr, "]");
  buf_printer_print_attr_dict(pr, op, NULL);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

static bool is_1d_i8_memref(buf_type_t t) {
  buf_type_t e = is_ranked_memref(t) ? t->u.shaped.elem : NULL;
  return e && t->u.shaped.rank == 1 && e->kind == BUF_TYPE_INTEGER &&
         e->u.integer.width == 8 && e->u.integer.signedness == BUF_SIGNLESS;
}

static buf_status_t view_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      op->num_operands < 2 ||
      BUF_FAILED(check_operand(op, 0, is_1d_i8_memref,
                               "1D memref of 8-bit signless integer values")) ||
      BUF_FAILED(check_result(op, 0, is_ranked_memref,
                              "memref of any type values")) ||
      BUF_FAILED(check_index_operands(op, 1))) {
    if (op->num_operands < 2)
      buf_op_emit_error(op, "expected at least 2 operands");
    return BUF_FAILURE;
  }
  buf_type_t base = operand_type(op, 0), view = op->results[0].type;
  if (!has_identity_layout(base)) {
    buf_op_emit_error(op, "unsupported map for base memref type '%s'",
                      tstr(op, base));
    return BUF_FAILURE;
  }
  if (!has_identity_layout(view)) {
    buf_op_emit_error(op, "unsupported map for result memref type '%s'",
                      tstr(op, view));
    return BUF_FAILURE;
  }
  if (base->u.shaped.memory_space != view->u.shaped.memory_space) {
    buf_op_emit_error(op,
                      "different memory spaces specified for base memref type "
                      "'%s' and view memref type '%s'",
                      tstr(op, base), tstr(op, view));
    return BUF_FAILURE;
  }
  if (op->num_operands - 2 != buf__type_num_dynamic_dims(view)) {
    buf_op_emit_error(op, "incorrect number of size operands for type '%s'",
                      tstr(op, view));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* transpose                                                                 */
/* ------------------------------------------------------------------------ */

/* memref.transpose is a view whose dimension i is the source's dimension
 * perm(i): the same buffer and offset, sizes and strides permuted. Its
 * verifier compares the result type with that transposed type the way
 * upstream does, through MemRefType::canonicalizeStridedLayout: both
 * layouts become their simplified affine expressions and a layout equal to
 * the shape's canonical row-major expression becomes the identity. Those
 * expressions are rebuilt here in MLIR's order (flattened when purely
 * affine, as the operators build them otherwise) so that what is
 * equivalent, and the type the message prints, match mlir-opt. */

static const char *const transpose_attrs[] = {"permutation", NULL};

/* Coefficients of e as a linear form over nd dims, ns symbols and a
 * constant (c[nd + ns]), each scaled by k; false when e is not purely
 * affine (a product of two non-constants, a division or a modulo). */
static bool affine_linear(buf_affine_expr_t *e, uint32_t nd, int64_t k,
                          int64_t *c, uint32_t nconst) {
  switch (e->kind) {
  case BUF_AFFINE_CONST:
    c[nconst] += k * e->value;
    return true;
  case BUF_AFFINE_DIM:
    c[e->value] += k;
    return true;
  case BUF_AFFINE_SYMBOL:
    c[nd + e->value] += k;
    return true;
  case BUF_AFFINE_ADD:
    return affine_linear(e->lhs, nd, k, c, nconst) &&
           affine_linear(e->rhs, nd, k, c, nconst);
  case BUF_AFFINE_MUL:
    if (e->rhs->kind == BUF_AFFINE_CONST)
      return affine_linear(e->lhs, nd, k * e->rhs->value, c, nconst);
    if (e->lhs->kind == BUF_AFFINE_CONST)
      return affine_linear(e->rhs, nd, k * e->lhs->value, c, nconst);
    return false;
  default:
    return false;
  }
}

/* MLIR's simplifyAffineExpr for the expressions of layouts: a purely
 * affine e is rebuilt from its linear form (dims, then symbols, then the
 * constant); anything else stays as its operators built it. */
static buf_affine_expr_t *simplify_layout_expr(buf_ctx_t *ctx,
                                               buf_affine_expr_t *e,
                                               uint32_t nd, uint32_t ns) {
  int64_t c[nd + ns + 1];
  memset(c, 0, sizeof c);
  if (!affine_linear(e, nd, 1, c, nd + ns)) return e;
  buf_affine_expr_t *r = buf_affine_const(ctx, 0);
  for (uint32_t j = 0; j < nd + ns; j++) {
    if (!c[j]) continue;
    buf_affine_expr_t *id = j < nd ? buf_affine_dim(ctx, j)
                                   : buf_affine_symbol(ctx, j - nd);
    r = buf_affine_binary(ctx, BUF_AFFINE_ADD, r,
                          buf_affine_binary(ctx, BUF_AFFINE_MUL, id,
                                            buf_affine_const(ctx, c[j])));
  }
  if (c[nd + ns])
    r = buf_affine_binary(ctx, BUF_AFFINE_ADD, r,
                          buf_affine_const(ctx, c[nd + ns]));
  return r;
}

/* The layout map of strides and offset (MLIR's makeStridedLinearLayoutMap):
 * offset + d0 * s0 + ..., a fresh symbol for the offset, then for each
 * dynamic stride, in that order. */
static buf_affine_map_t *strided_map(buf_ctx_t *ctx, uint32_t rank,
                                     const int64_t *strides, int64_t offset) {
  uint32_t ns = 0;
  buf_affine_expr_t *e = offset == BUF_DYNAMIC ? buf_affine_symbol(ctx, ns++)
                                               : buf_affine_const(ctx, offset);
  for (uint32_t i = 0; i < rank; i++) {
    buf_affine_expr_t *m = strides[i] == BUF_DYNAMIC
                               ? buf_affine_symbol(ctx, ns++)
                               : buf_affine_const(ctx, strides[i]);
    e = buf_affine_binary(ctx, BUF_AFFINE_ADD, e,
                          buf_affine_binary(ctx, BUF_AFFINE_MUL,
                                            buf_affine_dim(ctx, i), m));
  }
  return buf_affine_map(ctx, rank, ns, 1, &e);
}

/* The row-major layout expression of shape (MLIR's
 * makeCanonicalStridedLayoutExpr): built from the innermost dimension out;
 * past a dynamic or empty dimension the strides are symbols, numbered from
 * the inside out. */
static buf_affine_expr_t *row_major_expr(buf_ctx_t *ctx, uint32_t rank,
                                         const int64_t *shape) {
  buf_affine_expr_t *e = NULL;
  uint32_t ns = 0;
  bool poisoned = false;
  int64_t running = 1;
  for (uint32_t i = rank; i-- > 0;) {
    buf_affine_expr_t *stride = poisoned ? buf_affine_symbol(ctx, ns++)
                                         : buf_affine_const(ctx, running);
    buf_affine_expr_t *term =
        buf_affine_binary(ctx, BUF_AFFINE_MUL, buf_affine_dim(ctx, i), stride);
    e = e ? buf_affine_binary(ctx, BUF_AFFINE_ADD, e, term) : term;
    if (shape[i] > 0)
      running *= shape[i];
    else
      poisoned = true;
  }
  return simplify_layout_expr(ctx, e, rank, ns);
}

/* The layout of t after MemRefType::canonicalizeStridedLayout: NULL for
 * the identity, otherwise an affine-map attribute with the simplified
 * expression (or t's own layout where upstream keeps it as is). */
static buf_attr_t canonical_layout(buf_ctx_t *ctx, buf_type_t t) {
  buf_attr_t l = t->u.shaped.layout;
  uint32_t rank = t->u.shaped.rank;
  buf_affine_map_t *m;
  if (!l || (l->kind == BUF_ATTR_AFFINE_MAP &&
             buf_affine_map_is_identity(l->u.map)))
    return NULL;
  if (l->kind == BUF_ATTR_STRIDED && l->u.strided.rank == rank)
    m = strided_map(ctx, rank, l->u.strided.strides, l->u.strided.offset);
  else if (l->kind == BUF_ATTR_AFFINE_MAP)
    m = l->u.map;
  else
    return l;
  if (m->num_results != 1) return buf_attr_affine_map(ctx, m);
  buf_affine_expr_t *e = m->results[0];
  if (m->num_dims == 0 && m->num_symbols == 0)
    return e->kind == BUF_AFFINE_CONST && e->value == 0
               ? NULL
               : buf_attr_affine_map(ctx, m);
  if (rank == 0) return buf_attr_affine_map(ctx, m);
  e = simplify_layout_expr(ctx, e, m->num_dims, m->num_symbols);
  if (buf_affine_expr_equal(e, row_major_expr(ctx, rank, t->u.shaped.shape)))
    return NULL;
  return buf_attr_affine_map(
      ctx, buf_affine_map(ctx, m->num_dims, m->num_symbols, 1, &e));
}

static buf_type_t canonical_memref(buf_ctx_t *ctx, buf_type_t t) {
  return buf_type_memref(ctx, t->u.shaped.rank, t->u.shaped.shape,
                         t->u.shaped.elem, canonical_layout(ctx, t),
                         t->u.shaped.memory_space);
}

/* The strides and offset of a strided memref type as MLIR's
 * getStridesAndOffset reads them: a strided layout's values; for the
 * identity the row-major strides, dynamic outside a dynamic or empty
 * dimension; for a purely affine map its coefficients (a symbol makes the
 * offset dynamic). False when t is not strided, which for maps with
 * symbolic strides is stricter than upstream. */
static bool layout_strides(buf_type_t t, int64_t *strides, int64_t *offset) {
  if (!is_ranked_memref(t)) return false;
  buf_attr_t l = t->u.shaped.layout;
  uint32_t rank = t->u.shaped.rank;
  if (l && l->kind == BUF_ATTR_STRIDED)
    return !BUF_FAILED(buf_type_memref_strides(t, strides, offset));
  if (!has_identity_layout(t)) {
    buf_affine_map_t *m = l->kind == BUF_ATTR_AFFINE_MAP ? l->u.map : NULL;
    if (!m || m->num_results != 1 || m->num_dims != rank) return false;
    uint32_t n = rank + m->num_symbols;
    int64_t c[n + 1];
    memset(c, 0, sizeof c);
    if (!affine_linear(m->results[0], rank, 1, c, n)) return false;
    memcpy(strides, c, rank * sizeof *strides);
    *offset = c[n];
    for (uint32_t j = rank; j < n; j++)
      if (c[j]) *offset = BUF_DYNAMIC;
    return true;
  }
  int64_t running = 1;
  for (uint32_t i = rank; i-- > 0;) {
    strides[i] = running;
    int64_t d = t->u.shaped.shape[i];
    running = running == BUF_DYNAMIC || d <= 0 ? BUF_DYNAMIC : running * d;
  }
  *offset = 0;
  return true;
}

static bool is_strided_memref(buf_type_t t) {
  if (!is_ranked_memref(t)) return false;
  uint32_t rank = t->u.shaped.rank;
  int64_t s[rank + 1], o;
  return layout_strides(t, s, &o);
}

/* The result type upstream's inferTransposeResultType gives: dimension i
 * has the source's size and stride at perm(i), the offset stays. */
static buf_type_t transposed_type(buf_ctx_t *ctx, buf_type_t src,
                                  buf_affine_map_t *perm) {
  uint32_t rank = src->u.shaped.rank;
  int64_t s[rank + 1], o, shape[rank + 1], strides[rank + 1];
  layout_strides(src, s, &o);
  for (uint32_t i = 0; i < rank; i++) {
    uint32_t d = (uint32_t)perm->results[i]->value;
    shape[i] = src->u.shaped.shape[d];
    strides[i] = s[d];
  }
  return buf_type_memref(ctx, rank, shape, src->u.shaped.elem,
                         buf_attr_strided(ctx, rank, strides, o),
                         src->u.shaped.memory_space);
}

/* MLIR's AffineMap::isPermutation: no symbols, as many results as dims,
 * each a distinct dim. */
static bool is_permutation(buf_affine_map_t *m) {
  if (m->num_symbols || m->num_results != m->num_dims) return false;
  for (uint32_t i = 0; i < m->num_results; i++) {
    buf_affine_expr_t *e = m->results[i];
    if (e->kind != BUF_AFFINE_DIM) return false;
    for (uint32_t j = 0; j < i; j++)
      if (m->results[j]->value == e->value) return false;
  }
  return true;
}

/* memref.transpose %m (d0, d1) -> (d1, d0) attr-dict : T to U
 * Like upstream's parser, which reads T as a MemRefType (U as any type),
 * an unranked source is an error located at the colon. */
static buf_status_t transpose_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t u;
  buf_attr_t perm;
  buf_type_t from, to;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_affine_map(p, &perm)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)))
    return BUF_FAILURE;
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_colon_type(p, &from))) return BUF_FAILURE;
  if (!is_ranked_memref(from))
    return buf_parser_error_at(p, loc,
                               "invalid kind of "
                               "type specified: expected builtin.memref, but "
                               "found '%s'",
                               buf_type_to_string(st->ctx, from));
  if (BUF_FAILED(buf_parse_resolve(p, &u, from, &v)) ||
      BUF_FAILED(buf_parse_keyword(p, "to")) ||
      BUF_FAILED(buf_parse_type(p, &to)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_state_add_result(st, to);
  buf_state_set_attr(st, "permutation", perm);
  return BUF_SUCCESS;
}

static void transpose_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t perm = buf_op_attr(op, "permutation");
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, " ");
  if (perm && perm->kind == BUF_ATTR_AFFINE_MAP)
    buf_printer_print_affine_map(pr, perm->u.map);
  else
    buf_printer_print_attr(pr, perm);
  buf_printer_print_attr_dict(pr, op, transpose_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " to ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t transpose_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_has_attr(op, "permutation")))
    return BUF_FAILURE;
  buf_attr_t a = buf_op_attr(op, "permutation");
  if (a->kind != BUF_ATTR_AFFINE_MAP) {
    buf_op_emit_error(op, "attribute 'permutation' failed to satisfy "
                          "constraint: AffineMap attribute");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_strided_memref,
                               "strided memref of any type values")) ||
      BUF_FAILED(check_result(op, 0, is_strided_memref,
                              "strided memref of any type values")))
    return BUF_FAILURE;
  buf_affine_map_t *perm = a->u.map;
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  if (!is_permutation(perm)) {
    buf_op_emit_error(op, "expected a permutation map");
    return BUF_FAILURE;
  }
  if (perm->num_dims != src->u.shaped.rank) {
    buf_op_emit_error(op,
                      "expected a permutation map of same rank as the input");
    return BUF_FAILURE;
  }
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t want = canonical_memref(ctx, transposed_type(ctx, src, perm));
  if (canonical_memref(ctx, res) != want) {
    buf_op_emit_error(op,
                      "result type '%s' is not equivalent to the canonical "
                      "transposed input type '%s'",
                      tstr(op, res), tstr(op, want));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* collapse_shape, expand_shape                                              */
/* ------------------------------------------------------------------------ */

static const char *const collapse_attrs[] = {"reassociation", NULL};
static const char *const expand_attrs[] = {"reassociation",
                                           "static_output_shape", NULL};

/* memref.collapse_shape %m [[0, 1], ...] attr-dict : T into U */
static buf_status_t collapse_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src;
  buf_attr_t reassoc;
  buf_type_t from, to;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf__parse_reassociation(p, &reassoc)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(buf_parse_resolve(p, &src, from, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_state_add_result(st, to);
  buf_state_set_attr(st, "reassociation", reassoc);
  return BUF_SUCCESS;
}

/* memref.expand_shape %m [[0, 1], ...] output_shape [..] attr-dict
 *     : T into U
 * The pre-MLIR-19 spelling without output_shape is accepted when the result
 * shape is static (the output shape is then the result shape). */
static buf_status_t expand_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t src, *dyn = NULL;
  uint32_t ndyn = 0;
  buf_attr_t reassoc, statics = NULL;
  buf_type_t from, to;
  if (BUF_FAILED(buf_parse_operand(p, &src)) ||
      BUF_FAILED(buf__parse_reassociation(p, &reassoc)))
    return BUF_FAILURE;
  if (buf_parse_optional_keyword(p, "output_shape") &&
      BUF_FAILED(buf_parse_dynamic_index_list(p, &dyn, &ndyn, &statics)))
    return BUF_FAILURE;
  buf_loc_t tloc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &from)) ||
      BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(resolve_source_and_indices(p, st, &src, from, dyn, ndyn)))
    return BUF_FAILURE;
  if (!statics) {
    if (!is_ranked_memref(to) || !buf_type_has_static_shape(to))
      return buf_parser_error_at(p, tloc,
                                 "expected 'output_shape' for a result with "
                                 "dynamic dimensions");
    statics = buf_attr_i64_array(st->ctx, to->u.shaped.rank,
                                 to->u.shaped.shape);
  }
  buf_state_add_result(st, to);
  buf_state_set_attr(st, "reassociation", reassoc);
  buf_state_set_attr(st, "static_output_shape", statics);
  return BUF_SUCCESS;
}

static void reshape_print_tail(buf_printer_t *pr, buf_op_t *op,
                               const char *const *elided) {
  buf_printer_print_attr_dict(pr, op, elided);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
  buf_printer_puts(pr, " into ");
  buf_printer_print_result_types(pr, op);
}

static void collapse_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, " ");
  buf__print_reassociation(pr, buf_op_attr(op, "reassociation"));
  reshape_print_tail(pr, op, collapse_attrs);
}

static void expand_print(buf_printer_t *pr, buf_op_t *op) {
  uint32_t n = op->num_operands - 1;
  buf_value_t **vs = buf_arena_alloc(buf_ctx_arena(buf_op_ctx(op)),
                                     (n + 1) * sizeof *vs);
  for (uint32_t i = 0; i < n; i++) vs[i] = buf_op_operand(op, 1 + i);
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_puts(pr, " ");
  buf__print_reassociation(pr, buf_op_attr(op, "reassociation"));
  buf_printer_puts(pr, " output_shape ");
  buf_printer_print_dynamic_index_list(
      pr, buf_op_attr(op, "static_output_shape"), n, vs);
  reshape_print_tail(pr, op, expand_attrs);
}

/* MLIR's verifyCollapsedShape for memref reshapes (several dynamic dims per
 * group allowed): one group per collapsed dim, contiguous in-bounds
 * indices, dynamic iff some member is, static products equal. */
static buf_status_t verify_collapsed_shape(buf_op_t *op, buf_type_t collapsed,
                                           buf_type_t expanded,
                                           const buf__reassoc_t *r) {
  uint32_t crank = collapsed->u.shaped.rank, erank = expanded->u.shaped.rank;
  const int64_t *cs = collapsed->u.shaped.shape, *es = expanded->u.shaped.shape;
  if (crank != r->num_groups) {
    buf_op_emit_error(op,
                      "invalid number of reassociation groups: found %u, "
                      "expected %u",
                      r->num_groups, crank);
    return BUF_FAILURE;
  }
  int64_t next = 0;
  for (uint32_t g = 0; g < r->num_groups; g++) {
    const int64_t *dims = r->dims + r->start[g];
    bool dyn = false;
    int64_t product = 1;
    for (uint32_t k = 0; k < r->len[g]; k++) {
      int64_t d = dims[k];
      if (d != next++) {
        buf_op_emit_error(op, "reassociation indices must be contiguous");
        return BUF_FAILURE;
      }
      if (d >= (int64_t)erank) {
        buf_op_emit_error(op, "reassociation index %lld is out of bounds",
                          (long long)d);
        return BUF_FAILURE;
      }
      if (es[d] == BUF_DYNAMIC)
        dyn = true;
      else
        product *= es[d];
    }
    if ((cs[g] == BUF_DYNAMIC) != dyn) {
      buf_op_emit_error(op,
                        "collapsed dim (%u) must be dynamic if and only if "
                        "reassociation group is dynamic",
                        g);
      return BUF_FAILURE;
    }
    if (!dyn && product != cs[g]) {
      buf_op_emit_error(op,
                        "collapsed dim size (%lld) must equal reassociation "
                        "group size (%lld)",
                        (long long)cs[g], (long long)product);
      return BUF_FAILURE;
    }
  }
  if (crank == 0) {
    for (uint32_t i = 0; i < erank; i++)
      if (es[i] != 1) {
        buf_op_emit_error(op, "rank 0 memrefs can only be extended/collapsed "
                              "with/from ones");
        return BUF_FAILURE;
      }
  } else if (next != (int64_t)erank) {
    buf_op_emit_error(op,
                      "expanded rank (%u) inconsistent with number of "
                      "reassociation indices (%lld)",
                      erank, (long long)next);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* Common checks of both reshapes: ranked memrefs, same element type and
 * memory space, ranks ordered, reassociation decodes and fits. */
static buf_status_t check_reshape(buf_op_t *op, bool collapse,
                                  buf__reassoc_t *r) {
  if (BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_ranked_memref,
                               "strided memref of any type values")) ||
      BUF_FAILED(check_result(op, 0, is_ranked_memref,
                              "strided memref of any type values")))
    return BUF_FAILURE;
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  uint32_t r0 = src->u.shaped.rank, r1 = res->u.shaped.rank;
  if (collapse && r0 < r1) {
    buf_op_emit_error(op,
                      "has source rank %u and result rank %u. This is not a "
                      "collapse (%u < %u).",
                      r0, r1, r0, r1);
    return BUF_FAILURE;
  }
  if (!collapse && r0 > r1) {
    buf_op_emit_error(op,
                      "has source rank %u and result rank %u. This is not an "
                      "expansion (%u > %u).",
                      r0, r1, r0, r1);
    return BUF_FAILURE;
  }
  if (!buf__reassoc_decode(buf_op_ctx(op), buf_op_attr(op, "reassociation"),
                           r)) {
    buf_op_emit_error(op, "requires attribute 'reassociation' (an array of "
                          "integer arrays)");
    return BUF_FAILURE;
  }
  buf_type_t expanded = collapse ? src : res, collapsed = collapse ? res : src;
  return verify_collapsed_shape(op, collapsed, expanded, r);
}

static buf_status_t collapse_verify(buf_op_t *op) {
  buf__reassoc_t r;
  if (BUF_FAILED(check_reshape(op, true, &r))) return BUF_FAILURE;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  buf_attr_t layout = NULL;
  if (!has_identity_layout(src)) {
    layout = buf__collapsed_layout(ctx, src, &r, false);
    if (!layout) {
      buf_op_emit_error(op, "invalid source layout map or collapsing "
                            "non-contiguous dims");
      return BUF_FAILURE;
    }
  }
  buf_type_t want =
      buf_type_memref(ctx, res->u.shaped.rank, res->u.shaped.shape,
                      src->u.shaped.elem, layout, src->u.shaped.memory_space);
  if (want != res) {
    buf_op_emit_error(op, "expected collapsed type to be '%s' but found '%s'",
                      tstr(op, want), tstr(op, res));
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t expand_verify(buf_op_t *op) {
  buf__reassoc_t r;
  if (BUF_FAILED(check_reshape(op, false, &r)) ||
      BUF_FAILED(check_index_operands(op, 1)))
    return BUF_FAILURE;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t src = operand_type(op, 0), res = op->results[0].type;
  uint32_t rank = res->u.shaped.rank;
  buf_attr_t layout = NULL;
  if (!has_identity_layout(src)) {
    if (BUF_FAILED(buf__expanded_layout(ctx, src, res->u.shaped.shape, rank, &r,
                                   &layout))) {
      buf_op_emit_error(op, "invalid source layout map");
      return BUF_FAILURE;
    }
  }
  buf_type_t want = buf_type_memref(ctx, rank, res->u.shaped.shape,
                                    src->u.shaped.elem, layout,
                                    src->u.shaped.memory_space);
  if (want != res) {
    buf_op_emit_error(op, "expected expanded type to be '%s' but found '%s'",
                      tstr(op, want), tstr(op, res));
    return BUF_FAILURE;
  }
  const int64_t *shape;
  uint32_t n;
  if (!buf__i64_array(buf_op_attr(op, "static_output_shape"), &shape, &n)) {
    buf_op_emit_error(op, "requires attribute 'static_output_shape'");
    return BUF_FAILURE;
  }
  if (n != rank) {
    buf_op_emit_error(op,
                      "expected number of static shape bounds to be equal to "
                      "the output rank (%u) but found %u inputs instead",
                      rank, n);
    return BUF_FAILURE;
  }
  if (buf__count_dynamic(shape, n) != op->num_operands - 1) {
    buf_op_emit_error(op,
                      "mismatch in dynamic dims in output_shape and "
                      "static_output_shape: static_output_shape has %u "
                      "dynamic dims while output_shape has %u values",
                      buf__count_dynamic(shape, n), op->num_operands - 1);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < rank; i++) {
    int64_t d = res->u.shaped.shape[i];
    if (d != BUF_DYNAMIC && d != shape[i]) {
      buf_op_emit_error(op, "invalid output shape provided at pos %u", i);
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* global, get_global                                                        */
/* ------------------------------------------------------------------------ */

static const char *const global_attrs[] = {
    "alignment", "constant", "initial_value", "sym_name", "sym_visibility",
    "type", NULL};

/* memref.global ("visibility")? constant? @name : memref-type
 *     (= uninitialized | = elements-attr)? attr-dict */
static buf_status_t global_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ctx_t *ctx = st->ctx;
  buf_ident_t name;
  bool constant = false;
  if (!buf_parse_optional_symbol_name(p, &name)) {
    constant = buf_parse_optional_keyword(p, "constant");
    if (!constant) {
      const char *vis;
      size_t len;
      if (BUF_FAILED(buf_parse_string(p, &vis, &len))) return BUF_FAILURE;
      buf_state_set_attr(st, "sym_visibility", buf_attr_string(ctx, vis, len));
      constant = buf_parse_optional_keyword(p, "constant");
    }
    if (BUF_FAILED(buf_parse_symbol_name(p, &name))) return BUF_FAILURE;
  }
  buf_loc_t tloc = buf_parser_loc(p);
  buf_type_t t;
  if (BUF_FAILED(buf_parse_colon_type(p, &t))) return BUF_FAILURE;
  if (t->kind != BUF_TYPE_MEMREF || !buf_type_has_static_shape(t))
    return buf_parser_error_at(p, tloc,
                               "type should be static shaped memref, but got "
                               "'%s'",
                               buf_type_to_string(ctx, t));
  if (buf_parse_optional(p, "=")) {
    buf_attr_t init;
    if (buf_parse_optional_keyword(p, "uninitialized")) {
      init = buf_attr_unit(ctx);
    } else {
      buf_type_t tensor = buf_type_tensor_for_memref(ctx, t);
      /* the custom form leaves out the literal's ": tensor<...>" */
      if (BUF_FAILED(buf_parse_attr_of_type(p, tensor, &init)))
        return BUF_FAILURE;
    }
    buf_state_set_attr(st, "initial_value", init);
  }
  if (BUF_FAILED(buf_parse_optional_attr_dict(p, st))) return BUF_FAILURE;
  buf_state_set_attr(st, "sym_name", buf_attr_string_cstr(ctx, name));
  buf_state_set_attr(st, "type", buf_attr_type(ctx, t));
  if (constant) buf_state_set_attr(st, "constant", buf_attr_unit(ctx));
  return BUF_SUCCESS;
}

static void global_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"constant", "initial_value", "sym_name",
                                       "sym_visibility", "type", NULL};
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  buf_attr_t name = buf_op_attr(op, "sym_name");
  buf_attr_t type = buf_op_attr(op, "type");
  buf_attr_t init = buf_op_attr(op, "initial_value");
  if (vis) {
    buf_printer_puts(pr, " ");
    buf_printer_print_attr(pr, vis);
  }
  if (buf_op_has_attr(op, "constant")) buf_printer_puts(pr, " constant");
  buf_printer_puts(pr, " ");
  if (name && name->kind == BUF_ATTR_STRING)
    buf_printer_print_symbol_name(
        pr, buf_ident(buf_printer_ctx(pr), name->u.str.data, name->u.str.len));
  buf_printer_puts(pr, " : ");
  if (type && type->kind == BUF_ATTR_TYPE)
    buf_printer_print_type(pr, type->type);
  if (init) {
    buf_printer_puts(pr, " = ");
    if (init->kind == BUF_ATTR_UNIT)
      buf_printer_puts(pr, "uninitialized");
    else
      buf_printer_print_attr_no_type(pr, init);
  }
  buf_printer_print_attr_dict(pr, op, elided);
}

static buf_status_t global_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 0)) ||
      BUF_FAILED(buf__verify_has_attr(op, "sym_name")) ||
      BUF_FAILED(buf__verify_has_attr(op, "type")))
    return BUF_FAILURE;
  buf_attr_t ta = buf_op_attr(op, "type");
  buf_type_t t = ta->kind == BUF_ATTR_TYPE ? ta->type : NULL;
  if (!t || t->kind != BUF_TYPE_MEMREF || !buf_type_has_static_shape(t)) {
    buf_op_emit_error(op, "type should be static shaped memref, but got %s",
                      t ? tstr(op, t) : "a non-type attribute");
    return BUF_FAILURE;
  }
  buf_attr_t init = buf_op_attr(op, "initial_value");
  if (init && init->kind != BUF_ATTR_UNIT) {
    if (!buf_attr_is_elements(init)) {
      buf_op_emit_error(op, "initial value should be a unit or elements "
                            "attribute");
      return BUF_FAILURE;
    }
    buf_type_t it = init->type;
    if (it->u.shaped.elem != t->u.shaped.elem) {
      buf_op_emit_error(op,
                        "initial value element expected to be of type '%s', "
                        "but was of type '%s'",
                        tstr(op, t->u.shaped.elem), tstr(op, it->u.shaped.elem));
      return BUF_FAILURE;
    }
    if (it->u.shaped.rank != t->u.shaped.rank ||
        memcmp(it->u.shaped.shape, t->u.shaped.shape,
               t->u.shaped.rank * sizeof(int64_t)) != 0) {
      buf_strbuf_t a = {0}, b = {0};
      for (uint32_t i = 0; i < t->u.shaped.rank; i++)
        buf_strbuf_printf(&a, "%s%lld", i ? ", " : "",
                          (long long)t->u.shaped.shape[i]);
      for (uint32_t i = 0; i < it->u.shaped.rank; i++)
        buf_strbuf_printf(&b, "%s%lld", i ? ", " : "",
                          (long long)it->u.shaped.shape[i]);
      buf_op_emit_error(op, "initial value shape expected to be %s but was %s",
                        a.data ? a.data : "", b.data ? b.data : "");
      buf_strbuf_free(&a);
      buf_strbuf_free(&b);
      return BUF_FAILURE;
    }
  }
  return check_alignment_attr(op);
}

static const char *const get_global_attrs[] = {"name", NULL};

/* memref.get_global @name attr-dict : T */
static buf_status_t get_global_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_ident_t name;
  buf_type_t t;
  if (BUF_FAILED(buf_parse_symbol_name(p, &name)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "name", buf_attr_flat_symbol_ref(st->ctx, name));
  buf_state_add_result(st, t);
  return BUF_SUCCESS;
}

static void get_global_print(buf_printer_t *pr, buf_op_t *op) {
  buf_printer_puts(pr, " ");
  buf_printer_print_attr(pr, buf_op_attr(op, "name"));
  buf_printer_print_attr_dict(pr, op, get_global_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t get_global_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 0)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_result(op, 0, is_ranked_memref,
                              "statically shaped memref of any type values")))
    return BUF_FAILURE;
  buf_attr_t ref = buf_op_attr(op, "name");
  if (!ref || ref->kind != BUF_ATTR_SYMBOL_REF || ref->u.symref.n != 1) {
    buf_op_emit_error(op, "requires attribute 'name' (a flat symbol "
                          "reference)");
    return BUF_FAILURE;
  }
  const char *name = ref->u.symref.names[0];
  /* Look the symbol up in the nearest enclosing symbol table. */
  buf_op_t *table = buf_op_parent(op);
  while (table && !buf_op_has_trait(table, BUF_TRAIT_SYMBOL_TABLE))
    table = buf_op_parent(table);
  buf_op_t *g = table ? buf_symbol_lookup(table, name) : NULL;
  if (!g || strcmp(g->name, "memref.global") != 0) {
    buf_op_emit_error(op, "'%s' does not reference a valid global memref",
                      name);
    return BUF_FAILURE;
  }
  buf_attr_t ta = buf_op_attr(g, "type");
  buf_type_t gt = ta && ta->kind == BUF_ATTR_TYPE ? ta->type : NULL;
  if (gt != op->results[0].type) {
    buf_op_emit_error(op,
                      "result type '%s' does not match type '%s' of the "
                      "global memref @%s",
                      tstr(op, op->results[0].type),
                      gt ? tstr(op, gt) : "?", name);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* extract_strided_metadata, extract_aligned_pointer_as_index                */
/* ------------------------------------------------------------------------ */

/* %m attr-dict : T -> U, ... */
static buf_status_t arrow_results_parse(buf_parser_t *p, buf_op_state_t *st) {
  buf_unresolved_t u;
  buf_type_t t, *ts;
  uint32_t n;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_expect(p, "->")) ||
      BUF_FAILED(buf_parse_type_list(p, &ts, &n)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_state_add_results(st, n, ts);
  return BUF_SUCCESS;
}

static void arrow_results_print(buf_printer_t *pr, buf_op_t *op) {
  unary_colon_print(pr, op);
  buf_printer_puts(pr, " -> ");
  buf_printer_print_result_types(pr, op);
}

static buf_status_t extract_strided_metadata_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_ranked_memref,
                               "strided memref of any type values")))
    return BUF_FAILURE;
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t src = operand_type(op, 0);
  uint32_t rank = src->u.shaped.rank, n = 2 + 2 * rank;
  buf_type_t want[n];
  want[0] = buf_type_memref(ctx, 0, NULL, src->u.shaped.elem, NULL,
                            src->u.shaped.memory_space);
  for (uint32_t i = 1; i < n; i++) want[i] = buf_type_index(ctx);
  bool ok = op->num_results == n;
  for (uint32_t i = 0; ok && i < n; i++) ok = op->results[i].type == want[i];
  if (!ok) {
    buf_strbuf_t a = {0}, b = {0};
    for (uint32_t i = 0; i < n; i++) {
      buf_strbuf_puts(&a, i ? ", '" : "'");
      buf_print_type_to(&a, want[i]);
      buf_strbuf_puts(&a, "'");
    }
    for (uint32_t i = 0; i < op->num_results; i++) {
      buf_strbuf_puts(&b, i ? ", '" : "'");
      buf_print_type_to(&b, op->results[i].type);
      buf_strbuf_puts(&b, "'");
    }
    buf_op_emit_error(op,
                      "inferred type(s) %s are incompatible with return "
                      "type(s) of operation %s",
                      a.data ? a.data : "", b.data ? b.data : "");
    buf_strbuf_free(&a);
    buf_strbuf_free(&b);
    buf_op_emit_error(op, "failed to infer returned types");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* base_buffer, offset, sizes (rank results), strides (rank results). Only
 * the first result of each group is named, so that the printer groups them
 * as mlir-opt does: "%base_buffer, %offset, %sizes:2, %strides:2". */
static bool extract_strided_metadata_name(buf_op_t *op, uint32_t i, char *buf,
                                          size_t size) {
  uint32_t rank = op->num_results >= 2 ? (op->num_results - 2) / 2 : 0;
  const char *n = i == 0                     ? "base_buffer"
                  : i == 1                   ? "offset"
                  : rank && i == 2           ? "sizes"
                  : rank && i == 2 + rank    ? "strides"
                                             : NULL;
  if (!n) return false;
  snprintf(buf, size, "%s", n);
  return true;
}

static buf_status_t extract_pointer_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_any_memref,
                               "ranked or unranked memref of any type "
                               "values")))
    return BUF_FAILURE;
  return check_result(op, 0, is_index, "index");
}

/* ------------------------------------------------------------------------ */
/* assume_alignment                                                          */
/* ------------------------------------------------------------------------ */

static const char *const assume_alignment_attrs[] = {"alignment", NULL};

/* memref.assume_alignment %m, N attr-dict : T */
static buf_status_t assume_alignment_parse(buf_parser_t *p,
                                           buf_op_state_t *st) {
  buf_unresolved_t u;
  int64_t n;
  buf_type_t t;
  buf_value_t *v;
  if (BUF_FAILED(buf_parse_operand(p, &u)) ||
      BUF_FAILED(buf_parse_expect(p, ",")) ||
      BUF_FAILED(buf_parse_integer(p, &n)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_colon_type(p, &t)) ||
      BUF_FAILED(buf_parse_resolve(p, &u, t, &v)))
    return BUF_FAILURE;
  buf_state_add_operand(st, v);
  buf_state_add_result(st, t);
  buf_state_set_attr(st, "alignment",
                     buf_attr_integer(st->ctx, buf_type_i32(st->ctx), n));
  return BUF_SUCCESS;
}

static void assume_alignment_print(buf_printer_t *pr, buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "alignment");
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  buf_printer_printf(pr, ", %lld",
                     a && a->kind == BUF_ATTR_INTEGER ? (long long)a->u.i : 0LL);
  buf_printer_print_attr_dict(pr, op, assume_alignment_attrs);
  buf_printer_puts(pr, " : ");
  buf_printer_print_operand_types(pr, op, 0, 1);
}

static buf_status_t assume_alignment_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_num_operands(op, 1)) ||
      BUF_FAILED(buf__verify_num_results(op, 1)) ||
      BUF_FAILED(check_operand(op, 0, is_ranked_memref,
                               "memref of any type values")) ||
      BUF_FAILED(buf__verify_has_attr(op, "alignment")))
    return BUF_FAILURE;
  if (op->results[0].type != operand_type(op, 0)) {
    buf_op_emit_error(op, "failed to verify that all of {memref, result} have "
                          "same type");
    return BUF_FAILURE;
  }
  buf_attr_t a = buf_op_attr(op, "alignment");
  if (a->kind != BUF_ATTR_INTEGER || !is_pow2(a->u.i)) {
    buf_op_emit_error(op, "alignment must be power of 2");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* The table                                                                 */
/* ------------------------------------------------------------------------ */

/* Memory effects on buffer operands (only memref operands are asked). */
static uint32_t read_operand_effect(const buf_op_t *op, uint32_t i) {
  (void)op, (void)i;
  return BUF_EFFECT_READ;
}

static uint32_t store_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 1 ? BUF_EFFECT_WRITE : BUF_EFFECT_NONE;
}

static uint32_t copy_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 0 ? BUF_EFFECT_READ : BUF_EFFECT_WRITE;
}

static uint32_t free_operand_effect(const buf_op_t *op, uint32_t i) {
  (void)op, (void)i;
  return BUF_EFFECT_FREE;
}

/* realloc copies the old buffer's elements and frees it. */
static uint32_t realloc_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 0 ? BUF_EFFECT_READ | BUF_EFFECT_FREE : BUF_EFFECT_NONE;
}

/* Folds and canonicalizations (memref_fold.c). */
bool buf__memref_dim_fold(buf_op_t *op);
bool buf__memref_dim_canonicalize(buf_op_t *op);
bool buf__memref_dim_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                              int64_t *out);
bool buf__memref_rank_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                               int64_t *out);
bool buf__memref_extract_strided_metadata_fold(buf_op_t *op);
bool buf__memref_load_fold(buf_op_t *op);
bool buf__memref_cast_fold(buf_op_t *op);
bool buf__memref_alloc_canonicalize(buf_op_t *op);
bool buf__memref_subview_canonicalize(buf_op_t *op);
bool buf__memref_reinterpret_cast_canonicalize(buf_op_t *op);

static const buf_opdef_t memref_ops[] = {
    {.name = "memref.alloc", .traits = BUF_TRAIT_ALLOC,
     .alloc_kind = BUF_ALLOC_HEAP, .inherent_attrs = alloc_attrs,
     .canonicalize = buf__memref_alloc_canonicalize, .verify = alloc_verify, .parse = alloc_parse, .print = alloc_print,
     .result_name = "alloc"},
    {.name = "memref.alloca", .traits = BUF_TRAIT_ALLOC,
     .alloc_kind = BUF_ALLOC_STACK, .inherent_attrs = alloc_attrs,
     .canonicalize = buf__memref_alloc_canonicalize, .verify = alloc_verify, .parse = alloc_parse, .print = alloc_print,
     .result_name = "alloca"},
    {.name = "memref.assume_alignment",
     .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW | BUF_TRAIT_SAME_SHAPE,
     .inherent_attrs = assume_alignment_attrs,
     .verify = assume_alignment_verify, .parse = assume_alignment_parse,
     .print = assume_alignment_print, .result_name = "assume_align"},
    {.name = "memref.cast",
     .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW | BUF_TRAIT_SAME_SHAPE,
     .view_kind = BUF_VIEW_CAST,
     .verify = cast_verify, .fold = buf__memref_cast_fold,
     .parse = cast_parse, .print = cast_print, .result_name = "cast"},
    {.name = "memref.collapse_shape", .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW,
     .view_kind = BUF_VIEW_COLLAPSE,
     .inherent_attrs = collapse_attrs, .verify = collapse_verify,
     .parse = collapse_parse, .print = collapse_print,
     .result_name = "collapse_shape"},
    {.name = "memref.copy", .traits = BUF_TRAIT_COPY,
     .operand_effect = copy_effect, .fold = buf__fold_copy,
     .verify = copy_verify, .parse = copy_parse,
     .print = copy_print},
    {.name = "memref.dealloc", .traits = BUF_TRAIT_FREE,
     .operand_effect = free_operand_effect, .verify = dealloc_verify,
     .fold = buf__fold_memref_cast_operands,
     .parse = dealloc_parse, .print = unary_colon_print},
    {.name = "memref.dim", .traits = BUF_TRAIT_METADATA_ONLY,
     .fold = buf__memref_dim_fold, .canonicalize = buf__memref_dim_canonicalize,
     .verify = dim_verify, .parse = dim_parse,
     .print = dim_print, .result_name = "dim", .fold_int = buf__memref_dim_fold_int},
    {.name = "memref.expand_shape", .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW,
     .view_kind = BUF_VIEW_EXPAND,
     .inherent_attrs = expand_attrs, .verify = expand_verify,
     .parse = expand_parse, .print = expand_print,
     .result_name = "expand_shape"},
    {.name = "memref.extract_aligned_pointer_as_index",
     .traits = BUF_TRAIT_PURE | BUF_TRAIT_METADATA_ONLY |
               BUF_TRAIT_BUFFER_ADDRESS,
     .verify = extract_pointer_verify,
     .parse = arrow_results_parse, .print = arrow_results_print,
     .result_name = "intptr"},
    {.name = "memref.extract_strided_metadata",
     .traits = BUF_TRAIT_PURE | BUF_TRAIT_METADATA_ONLY,
     .verify = extract_strided_metadata_verify, .parse = arrow_results_parse,
     .fold = buf__memref_extract_strided_metadata_fold,
     .print = arrow_results_print,
     .name_result = extract_strided_metadata_name},
    {.name = "memref.get_global", .traits = BUF_TRAIT_PURE | BUF_TRAIT_ALLOC,
     .alloc_kind = BUF_ALLOC_GLOBAL,
     .inherent_attrs = get_global_attrs, .verify = get_global_verify,
     .parse = get_global_parse, .print = get_global_print},
    {.name = "memref.global", .traits = BUF_TRAIT_SYMBOL,
     .inherent_attrs = global_attrs, .verify = global_verify,
     .parse = global_parse, .print = global_print},
    {.name = "memref.prefetch", .operand_effect = read_operand_effect,
     .inherent_attrs = prefetch_attrs, .verify = prefetch_verify,
     .parse = prefetch_parse, .print = prefetch_print},
    {.name = "memref.load", .operand_effect = read_operand_effect,
     .indexed_access = 1 /* the buffer is operand 0 */,
     .fold = buf__memref_load_fold,
     .inherent_attrs = load_store_attrs,
     .verify = load_verify, .parse = load_parse, .print = load_print},
    {.name = "memref.memory_space_cast",
     .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW | BUF_TRAIT_SAME_SHAPE,
     .verify = memspace_cast_verify, .parse = cast_parse, .print = cast_print,
     .result_name = "memspacecast"},
    {.name = "memref.rank",
     .traits = BUF_TRAIT_PURE | BUF_TRAIT_METADATA_ONLY | BUF_TRAIT_RANK_OF,
     .verify = rank_verify,
     .fold_int = buf__memref_rank_fold_int,
     .parse = rank_parse, .print = unary_colon_print},
    {.name = "memref.realloc", .traits = BUF_TRAIT_ALLOC | BUF_TRAIT_FREE,
     .alloc_kind = BUF_ALLOC_HEAP, .operand_effect = realloc_effect,
     .inherent_attrs = realloc_attrs,
     .verify = realloc_verify, .parse = realloc_parse, .print = realloc_print},
    {.name = "memref.reinterpret_cast", .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW,
     .view_kind = BUF_VIEW_REINTERPRET,
     .inherent_attrs = slice_attrs, .verify = reinterpret_cast_verify,
     .canonicalize = buf__memref_reinterpret_cast_canonicalize,
     .parse = reinterpret_cast_parse, .print = reinterpret_cast_print,
     .result_name = "reinterpret_cast"},
    {.name = "memref.reshape", .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW,
     .verify = reshape_verify, .parse = buf__reshape_parse,
     .print = buf__reshape_print, .result_name = "reshape"},
    {.name = "memref.store", .operand_effect = store_effect,
     .indexed_access = 2 /* the buffer is operand 1 */,
     .fold = buf__fold_memref_cast_operands,
     .inherent_attrs = load_store_attrs,
     .verify = store_verify, .parse = store_parse, .print = store_print},
    {.name = "memref.subview", .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW,
     .view_kind = BUF_VIEW_SLICE,
     .inherent_attrs = slice_attrs, .verify = subview_verify,
     .canonicalize = buf__memref_subview_canonicalize,
     .parse = subview_parse, .print = subview_print,
     .result_name = "subview"},
    {.name = "memref.transpose", .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW,
     .view_source = 0, .inherent_attrs = transpose_attrs,
     .verify = transpose_verify, .parse = transpose_parse,
     .print = transpose_print, .result_name = "transpose"},
    {.name = "memref.view", .traits = BUF_TRAIT_PURE | BUF_TRAIT_VIEW, .verify = view_verify,
     .parse = view_parse, .print = view_print, .result_name = "view"},
};

const buf_dialect_t buf_dialect_memref = {
    "memref", memref_ops, sizeof memref_ops / sizeof memref_ops[0], false};
