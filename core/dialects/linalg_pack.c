/*
 * linalg_pack.c: linalg.pack and linalg.unpack (tensor.pack / unpack until
 * MLIR 21), destination-style ops on ranked tensors that tile dimensions
 * into blocks. Not structured ops: no body, no indexing maps.
 *
 * pack copies its source of rank n into a destination of rank n + k: the
 * source dimensions inner_dims_pos[j] are cut into tiles of inner_tiles[j]
 * elements; the destination's first n dimensions count tiles (untiled
 * dimensions keep their size), permuted by outer_dims_perm, and its last k
 * walk inside a tile. Points past the source's end read padding_value.
 * unpack is the inverse, from the packed source into a destination of rank
 * n, which may be smaller than the tiles cover (the padding is dropped).
 *
 *   pack   ::= %src (`padding_value` `(` %p `:` T `)`)?
 *              (`outer_dims_perm` `=` `[` ints `]`)?
 *              `inner_dims_pos` `=` `[` ints `]`
 *              `inner_tiles` `=` `[` (int | %v) ... `]`
 *              `into` %dst attr-dict `:` T `->` U
 *   unpack ::= the same without padding_value
 *
 * Properties: inner_dims_pos, outer_dims_perm (optional), static_inner_tiles
 * (BUF_DYNAMIC for a tile given by an operand) and, on pack only,
 * operandSegmentSizes (source, dest, padding_value, inner_tiles). The
 * verifier gives upstream's messages in upstream's order.
 */
#include <stdio.h>
#include <string.h>

#include "buf/linalg.h"
#include "dialect_util.h"
#include "linalg_internal.h"
#include "shaped_util.h"

static buf_status_t need_tensor(buf_parser_t *p, buf_loc_t loc, buf_type_t t) {
  if (t->kind == BUF_TYPE_TENSOR)
    return BUF_SUCCESS;
  return buf_parser_error_at(p, loc, "invalid kind of type specified: "
                                     "expected builtin.tensor, but found '%s'",
                             buf_type_to_string(buf_parser_ctx(p), t));
}

static buf_status_t parse_pack_like(buf_parser_t *p, buf_op_state_t *st,
                                    bool pack) {
  buf_ctx_t *ctx = buf_parser_ctx(p);
  buf_unresolved_t src, dst, pad, *tiles = NULL;
  uint32_t ntiles = 0;
  buf_type_t pad_type = NULL, from, to;
  buf_attr_t statics = NULL;
  bool has_pad = false;
  if (BUF_FAILED(buf_parse_operand(p, &src)))
    return BUF_FAILURE;
  if (pack && buf_parse_optional_keyword(p, "padding_value")) {
    has_pad = true;
    if (BUF_FAILED(buf_parse_expect(p, "(")) ||
        BUF_FAILED(buf_parse_operand(p, &pad)) ||
        BUF_FAILED(buf_parse_colon_type(p, &pad_type)) ||
        BUF_FAILED(buf_parse_expect(p, ")")))
      return BUF_FAILURE;
  }
  if (buf_parse_optional_keyword(p, "outer_dims_perm") &&
      BUF_FAILED(buf__linalg_parse_i64_list(p, st, "outer_dims_perm")))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_parse_keyword(p, "inner_dims_pos")) ||
      BUF_FAILED(buf__linalg_parse_i64_list(p, st, "inner_dims_pos")) ||
      BUF_FAILED(buf_parse_keyword(p, "inner_tiles")) ||
      BUF_FAILED(buf_parse_expect(p, "=")) ||
      BUF_FAILED(buf_parse_dynamic_index_list(p, &tiles, &ntiles, &statics)) ||
      BUF_FAILED(buf_parse_keyword(p, "into")) ||
      BUF_FAILED(buf_parse_operand(p, &dst)) ||
      BUF_FAILED(buf_parse_optional_attr_dict(p, st)) ||
      BUF_FAILED(buf_parse_expect(p, ":")))
    return BUF_FAILURE;
  buf_loc_t from_loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &from)) ||
      BUF_FAILED(need_tensor(p, from_loc, from)) ||
      BUF_FAILED(buf_parse_expect(p, "->")))
    return BUF_FAILURE;
  buf_loc_t to_loc = buf_parser_loc(p);
  if (BUF_FAILED(buf_parse_type(p, &to)) ||
      BUF_FAILED(need_tensor(p, to_loc, to)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &src, 1, from, st)) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, &dst, 1, to, st)) ||
      (has_pad &&
       BUF_FAILED(buf_parse_resolve_operands_same(p, &pad, 1, pad_type, st))) ||
      BUF_FAILED(buf_parse_resolve_operands_same(p, tiles, ntiles,
                                                 buf_type_index(ctx), st)))
    return BUF_FAILURE;
  buf_state_set_attr(st, "static_inner_tiles", statics);
  if (pack) {
    int64_t seg[4] = {1, 1, has_pad ? 1 : 0, ntiles};
    buf_state_set_attr(st, "operandSegmentSizes",
                       buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg,
                                            NULL));
  }
  buf_state_add_result(st, to);
  return BUF_SUCCESS;
}

buf_status_t buf__linalg_pack_parse(buf_parser_t *p, buf_op_state_t *st) {
  return parse_pack_like(p, st, true);
}

buf_status_t buf__linalg_unpack_parse(buf_parser_t *p, buf_op_state_t *st) {
  return parse_pack_like(p, st, false);
}

static void print_i64_list(buf_printer_t *pr, const char *keyword,
                           buf_attr_t a) {
  const int64_t *v;
  uint32_t n;
  if (!buf__i64_array(a, &v, &n))
    return;
  buf_printer_printf(pr, " %s = [", keyword);
  for (uint32_t i = 0; i < n; i++)
    buf_printer_printf(pr, "%s%lld", i ? ", " : "", (long long)v[i]);
  buf_printer_puts(pr, "]");
}

void buf__linalg_pack_print(buf_printer_t *pr, buf_op_t *op) {
  static const char *const elided[] = {"inner_dims_pos", "outer_dims_perm",
                                       "static_inner_tiles",
                                       "operandSegmentSizes", NULL};
  buf_linalg_pack_t pk;
  if (!buf_linalg_get_pack(op, &pk)) {
    buf_printer_print_attr_dict(pr, op, NULL); /* malformed: keep it all */
    return;
  }
  buf_printer_puts(pr, " ");
  buf_printer_print_operands(pr, op, 0, 1);
  if (pk.padding_operand >= 0) {
    buf_printer_puts(pr, " padding_value(");
    buf_printer_print_operands(pr, op, (uint32_t)pk.padding_operand, 1);
    buf_printer_puts(pr, " : ");
    buf_printer_print_type(pr, buf_op_operand(op, (uint32_t)pk.padding_operand)->type);
    buf_printer_puts(pr, ")");
  }
  print_i64_list(pr, "outer_dims_perm", buf_op_attr(op, "outer_dims_perm"));
  print_i64_list(pr, "inner_dims_pos", buf_op_attr(op, "inner_dims_pos"));
  buf_printer_puts(pr, " inner_tiles = ");
  uint32_t nd = op->num_operands - pk.first_tile_operand;
  buf_value_t **dyn = buf_arena_alloc(buf_ctx_arena(buf_op_ctx(op)),
                                      (nd + 1) * sizeof *dyn);
  for (uint32_t i = 0; i < nd; i++)
    dyn[i] = buf_op_operand(op, pk.first_tile_operand + i);
  buf_printer_print_dynamic_index_list(pr, buf_op_attr(op, "static_inner_tiles"),
                                       nd, dyn);
  buf_printer_puts(pr, " into ");
  buf_printer_print_operands(pr, op, 1, 1);
  buf_printer_print_attr_dict(pr, op, elided);
  buf_printer_puts(pr, " : ");
  buf_printer_print_type(pr, buf_op_operand(op, 0)->type);
  buf_printer_puts(pr, " -> ");
  buf_printer_print_type(pr, buf_op_operand(op, 1)->type);
}

/* ------------------------------------------------------------------------ */
/* The op's view (buf/linalg.h)                                              */
/* ------------------------------------------------------------------------ */

bool buf_linalg_get_pack(const buf_op_t *op, buf_linalg_pack_t *out) {
  int kind = buf__linalg_pack_kind(op);
  if (kind < 0 || op->num_operands < 2)
    return false;
  memset(out, 0, sizeof *out);
  out->unpack = kind == 1;
  const int64_t *pos, *perm = NULL, *tiles;
  uint32_t npos, nperm = 0, ntiles;
  buf_attr_t perm_attr = buf_op_attr((buf_op_t *)op, "outer_dims_perm");
  if (!buf__i64_array(buf_op_attr((buf_op_t *)op, "inner_dims_pos"), &pos, &npos) ||
      !buf__i64_array(buf_op_attr((buf_op_t *)op, "static_inner_tiles"), &tiles,
                      &ntiles) ||
      (perm_attr && !buf__i64_array(perm_attr, &perm, &nperm)) ||
      npos > BUF_LINALG_MAX_LOOPS || ntiles > BUF_LINALG_MAX_LOOPS ||
      nperm > BUF_LINALG_MAX_LOOPS)
    return false;
  buf_type_t unpacked = buf_op_operand((buf_op_t *)op, out->unpack ? 1 : 0)->type;
  buf_type_t packed = buf_op_operand((buf_op_t *)op, out->unpack ? 0 : 1)->type;
  /* ranked tensors, or during bufferization already their buffers */
  if (!buf_type_is_ranked(unpacked) || !buf_type_is_ranked(packed))
    return false;
  out->rank = unpacked->u.shaped.rank;
  out->num_tiles = ntiles;
  out->num_inner_dims = npos;
  out->num_perm = nperm;
  memcpy(out->inner_dims_pos, pos, npos * sizeof *pos);
  memcpy(out->static_tiles, tiles, ntiles * sizeof *tiles);
  if (nperm)
    memcpy(out->outer_perm, perm, nperm * sizeof *perm);
  out->padding_operand = -1;
  if (out->unpack) {
    out->first_tile_operand = 2;
  } else {
    int64_t seg[4];
    if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4 ||
        seg[0] != 1 || seg[1] != 1 || seg[2] > 1 ||
        2 + seg[2] + seg[3] != (int64_t)op->num_operands)
      return false;
    if (seg[2] == 1)
      out->padding_operand = 2;
    out->first_tile_operand = 2 + (uint32_t)seg[2];
  }
  return out->rank <= BUF_LINALG_MAX_LOOPS;
}

/* ------------------------------------------------------------------------ */
/* Verifier                                                                  */
/* ------------------------------------------------------------------------ */

/* Upstream's isInvalidPackingPosSpecification: an entry out of range or
 * repeated. */
static bool invalid_positions(const int64_t *v, uint32_t n, uint32_t rank) {
  for (uint32_t i = 0; i < n; i++) {
    if (v[i] < 0 || v[i] >= (int64_t)rank)
      return true;
    for (uint32_t j = 0; j < i; j++)
      if (v[j] == v[i])
        return true;
  }
  return false;
}

/* The packed type upstream infers (inferPackedType): outer sizes are the
 * tile counts (dynamic when the size or the tile is), permuted, then the
 * tiles. */
static void inferred_packed_shape(const buf_linalg_pack_t *pk,
                                  const int64_t *unpacked, int64_t *out) {
  int64_t outer[BUF_LINALG_MAX_LOOPS];
  for (uint32_t d = 0; d < pk->rank; d++)
    outer[d] = unpacked[d];
  for (uint32_t j = 0; j < pk->num_tiles; j++) {
    int64_t d = pk->inner_dims_pos[j], t = pk->static_tiles[j];
    outer[d] = (outer[d] == BUF_DYNAMIC || t == BUF_DYNAMIC)
                   ? BUF_DYNAMIC
                   : (outer[d] + t - 1) / t;
  }
  for (uint32_t d = 0; d < pk->rank; d++)
    out[d] = pk->num_perm ? outer[pk->outer_perm[d]] : outer[d];
  for (uint32_t j = 0; j < pk->num_tiles; j++)
    out[pk->rank + j] = pk->static_tiles[j];
}

/* Upstream's PackOp::requirePaddingValue for static tiles and sizes. */
static bool requires_padding(const buf_linalg_pack_t *pk, buf_type_t src,
                             buf_type_t dst) {
  int64_t outer[BUF_LINALG_MAX_LOOPS];
  for (uint32_t d = 0; d < pk->rank; d++)
    outer[pk->num_perm ? pk->outer_perm[d] : d] = dst->u.shaped.shape[d];
  for (uint32_t j = 0; j < pk->num_tiles; j++) {
    int64_t d = pk->inner_dims_pos[j], t = pk->static_tiles[j];
    int64_t size = src->u.shaped.shape[d];
    if (size == BUF_DYNAMIC)
      continue;
    if (t == BUF_DYNAMIC) {
      if (outer[d] != BUF_DYNAMIC && outer[d] != 0 && size % outer[d] != 0)
        return true;
    } else if (size % t != 0) {
      return true;
    }
  }
  return false;
}

buf_status_t buf__linalg_pack_verify(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_linalg_pack_t pk;
  if (op->num_results != 1 || !buf_linalg_get_pack(op, &pk)) {
    buf_op_emit_error(op, "expects a source, a destination, inner_dims_pos, "
                          "static_inner_tiles and one result");
    return BUF_FAILURE;
  }
  buf_type_t dst = buf_op_operand(op, 1)->type;
  for (uint32_t i = 0; i < 2; i++)
    if (buf_op_operand(op, i)->type->kind != BUF_TYPE_TENSOR) {
      buf_op_emit_error(op, "operand #%u must be ranked tensor of any type "
                            "values, but got '%s'", i,
                        buf_type_to_string(ctx, buf_op_operand(op, i)->type));
      return BUF_FAILURE;
    }
  buf_type_t unpacked = buf_op_operand(op, pk.unpack ? 1 : 0)->type;
  buf_type_t packed = buf_op_operand(op, pk.unpack ? 0 : 1)->type;
  if (op->results[0].type != dst) {
    buf_op_emit_error(op, "failed to verify that all of {dest, result} have "
                          "same type");
    return BUF_FAILURE;
  }
  uint32_t ndyn = 0;
  for (uint32_t j = 0; j < pk.num_tiles; j++) {
    if (pk.static_tiles[j] == 0) {
      buf_emit_error(ctx, op->loc, "invalid zero tile factor");
      return BUF_FAILURE;
    }
    ndyn += pk.static_tiles[j] == BUF_DYNAMIC;
  }
  if (op->num_operands - pk.first_tile_operand != ndyn) {
    buf_op_emit_error(op, "expected %u dynamic tile sizes, got %u", ndyn,
                      op->num_operands - pk.first_tile_operand);
    return BUF_FAILURE;
  }
  if (invalid_positions(pk.inner_dims_pos, pk.num_inner_dims, pk.rank)) {
    buf_emit_error(ctx, op->loc, "invalid inner_dims_pos vector");
    return BUF_FAILURE;
  }
  if (invalid_positions(pk.outer_perm, pk.num_perm, pk.rank)) {
    buf_emit_error(ctx, op->loc, "invalid outer_dims_perm vector");
    return BUF_FAILURE;
  }
  if (pk.num_perm && pk.num_perm != pk.rank) {
    buf_emit_error(ctx, op->loc, "outer_dims_perm must be a permutation or "
                                 "empty");
    return BUF_FAILURE;
  }
  if (pk.num_tiles > pk.rank) {
    buf_emit_error(ctx, op->loc, "tiling factors must be less than or equal "
                                 "to the input rank for pack or output rank "
                                 "for unpack");
    return BUF_FAILURE;
  }
  if (pk.num_tiles != pk.num_inner_dims) {
    buf_emit_error(ctx, op->loc, "tiling factors must equal the number of "
                                 "dimensions to tile");
    return BUF_FAILURE;
  }
  uint32_t packed_rank = packed->u.shaped.rank;
  if (packed_rank != pk.rank + pk.num_tiles) {
    buf_emit_error(ctx, op->loc, "packed rank != (unpacked rank + num tiling "
                                 "factors), got %u != %u",
                   packed_rank, pk.rank + pk.num_tiles);
    return BUF_FAILURE;
  }
  for (uint32_t j = 0; j < pk.num_tiles; j++) {
    int64_t shape = packed->u.shaped.shape[pk.rank + j];
    if (pk.static_tiles[j] == BUF_DYNAMIC ? shape != BUF_DYNAMIC
                                          : shape != pk.static_tiles[j]) {
      buf_emit_error(ctx, op->loc, "mismatch in inner tile sizes specified "
                                   "and shaped of tiled dimension in the "
                                   "packed type");
      return BUF_FAILURE;
    }
  }
  int64_t expected[2 * BUF_LINALG_MAX_LOOPS];
  inferred_packed_shape(&pk, unpacked->u.shaped.shape, expected);
  if (!buf__shape_compatible(expected, packed->u.shaped.shape, packed_rank)) {
    buf_type_t et = buf_type_tensor(ctx, packed_rank, expected,
                                    unpacked->u.shaped.elem, NULL);
    buf_emit_error(ctx, op->loc, "expected '%s' for the packed domain value, "
                                 "got '%s'",
                   buf_type_to_string(ctx, et),
                   buf_type_to_string(ctx, packed));
    return BUF_FAILURE;
  }
  if (pk.unpack)
    return BUF_SUCCESS;
  buf_type_t elem = unpacked->u.shaped.elem;
  if (pk.padding_operand >= 0) {
    buf_type_t pt = buf_op_operand(op, (uint32_t)pk.padding_operand)->type;
    if (pt != elem) {
      buf_op_emit_error(op, "expected padding_value has '%s' but got: '%s'",
                        buf_type_to_string(ctx, elem),
                        buf_type_to_string(ctx, pt));
      return BUF_FAILURE;
    }
  } else if (requires_padding(&pk, unpacked, packed)) {
    buf_op_emit_error(op, "invalid tile factor or output size provided. Only "
                          "full tiles are supported when padding_value is "
                          "not set");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* pack reads its source (and padding value) and writes all of its
 * destination without reading it; unpack alike. */
uint32_t buf__linalg_pack_effect(const buf_op_t *op, uint32_t i) {
  (void)op;
  return i == 1 ? BUF_EFFECT_WRITE : BUF_EFFECT_READ;
}
