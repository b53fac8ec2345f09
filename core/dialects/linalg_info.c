/*
 * linalg_info.c: every linalg structured op seen the way linalg.generic
 * spells it (buf/linalg.h): inputs and outputs, one indexing map per
 * operand, iterator kinds, the body block.
 *
 * linalg.generic (and matmul, batch_matmul, elementwise) keep their maps in
 * attributes; the other named ops derive them from their operand types and
 * attributes exactly as upstream's getIndexingMaps does:
 *   fill        (d0..dn-1) -> ()        for the scalar, identity for the output
 *   copy, map, named elementwise        identity maps, all parallel
 *   reduce      inputs identity; inits drop the reduced dims, which iterate
 *               as reductions
 *   transpose   input (d0..dn-1) -> (d_inv[0] ...) with inv the inverse
 *               permutation, init identity
 *   broadcast   input keeps the init dims not listed in `dimensions`
 *   contractions (matvec, vecmat, dot, and matmul without the attribute)
 *               their fixed maps; a loop is a reduction iff the output map
 *               does not use it.
 *   convolutions and pooling
 *               their row's maps for the op's strides and dilations
 *               (linalg_conv.c), iterators as for contractions.
 * The body's entry block takes one argument per operand, so
 * body_arg_of_operand[i] == i whenever the block has that argument.
 *
 * Maps built here live in the context arena; nothing is cached on the op.
 */
#include <stdio.h>
#include <string.h>

#include "linalg_internal.h"

buf_type_t buf__linalg_elem(buf_type_t t) {
  buf_type_t e = buf_type_is_shaped(t) ? buf_type_elem(t) : NULL;
  return e ? e : t;
}

uint32_t buf__linalg_rank(buf_type_t t) {
  return buf_type_is_ranked(t) ? t->u.shaped.rank : 0;
}

bool buf__linalg_split(const buf_op_t *op, const buf__linalg_desc_t *d,
                       uint32_t *num_inputs, uint32_t *num_outputs) {
  uint32_t n = op->num_operands;
  if (!d)
    return false;
  switch (d->kind) {
  case BUF__LK_MAP:
    if (n < 1)
      return false;
    *num_inputs = n - 1;
    *num_outputs = 1;
    return true;
  case BUF__LK_REDUCE:
    if (n < 2 || n % 2 != 0)
      return false;
    *num_inputs = *num_outputs = n / 2;
    return true;
  case BUF__LK_TRANSPOSE:
  case BUF__LK_BROADCAST:
    if (n != 2)
      return false;
    *num_inputs = *num_outputs = 1;
    return true;
  default: {
    int64_t sizes[2];
    if (buf_op_segment_sizes(op, "operandSegmentSizes", sizes, 2) != 2 ||
        sizes[0] < 0 || sizes[1] < 0 || (uint64_t)(sizes[0] + sizes[1]) != n)
      return false;
    *num_inputs = (uint32_t)sizes[0];
    *num_outputs = (uint32_t)sizes[1];
    return true;
  }
  }
}

/* The interned map (d0, ..., d{loops-1}) -> (d_dims[0], ...): linalg
 * builds its default maps at every op it parses, verifies or prints, and
 * interning them keeps that from allocating. */
static buf_affine_map_t *dims_map(buf_ctx_t *ctx, uint32_t loops, uint32_t n,
                                  const int64_t *dims) {
  buf_affine_expr_t *res[BUF_LINALG_MAX_LOOPS];
  for (uint32_t i = 0; i < n; i++)
    res[i] = buf_affine_dim(ctx, (uint32_t)dims[i]);
  struct buf_affine_map_s m = {.num_dims = loops, .num_results = n,
                               .results = res};
  return buf_attr_affine_map(ctx, &m)->u.map;
}

buf_attr_t buf__linalg_identity_maps(buf_ctx_t *ctx, uint32_t n,
                                     uint32_t rank) {
  buf_attr_t maps[BUF_LINALG_MAX_OPERANDS];
  if (n > BUF_LINALG_MAX_OPERANDS)
    n = BUF_LINALG_MAX_OPERANDS;
  for (uint32_t i = 0; i < n; i++)
    maps[i] = buf_attr_affine_map(ctx, buf_affine_map_identity(ctx, rank));
  return buf_attr_array(ctx, n, maps);
}

buf_attr_t buf__linalg_contract_maps(buf_ctx_t *ctx,
                                     const buf__linalg_contract_t *c) {
  /* Each named op's parse and print asks for these: built once. */
  buf_attr_t memo = buf_ctx_memo_attr(ctx, c);
  if (memo)
    return memo;
  buf_attr_t maps[3];
  for (uint32_t i = 0; i < 3; i++) {
    int64_t dims[4];
    for (uint32_t r = 0; r < c->rank[i]; r++)
      dims[r] = c->dims[i][r];
    maps[i] = buf_attr_affine_map(ctx, dims_map(ctx, c->num_loops,
                                                 c->rank[i], dims));
  }
  memo = buf_attr_array(ctx, 3, maps);
  buf_ctx_memo_set_attr(ctx, c, memo);
  return memo;
}

/* Reads an array<i64> attribute; false when absent or too long. */
static bool i64_array(const buf_op_t *op, const char *name, int64_t *out,
                      uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, name);
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY ||
      a->u.dense_array.count > BUF_LINALG_MAX_LOOPS)
    return false;
  *n = (uint32_t)a->u.dense_array.count;
  if (*n > 0)
    memcpy(out, a->u.dense_array.ints, *n * sizeof(int64_t));
  return true;
}

/* Maps from an ArrayAttr of affine maps (indexing_maps). */
static bool maps_from_attr(buf_op_t *op, buf_attr_t a, uint32_t n,
                           buf_linalg_info_t *info, bool emit) {
  if (!a || a->kind != BUF_ATTR_ARRAY) {
    if (emit)
      buf_op_emit_error(op, "requires attribute 'indexing_maps'");
    return false;
  }
  if (a->u.array.n != n) {
    if (emit)
      buf_op_emit_error(op,
                        "expected the number of indexing_map (%u) to be equal "
                        "to the number of input/output operands (%u)",
                        a->u.array.n, n);
    return false;
  }
  for (uint32_t i = 0; i < n; i++) {
    buf_attr_t m = a->u.array.elems[i];
    if (m->kind != BUF_ATTR_AFFINE_MAP) {
      if (emit)
        buf_op_emit_error(op, "attribute 'indexing_maps' failed to satisfy "
                              "constraint: AffineMap array attribute");
      return false;
    }
    info->maps[i] = m->u.map;
  }
  return true;
}

/* Iterators of ops whose maps say everything: a loop the outputs do not
 * index is a reduction. */
static void iterators_from_outputs(buf_linalg_info_t *info) {
  uint32_t n = info->num_inputs + info->num_outputs;
  for (uint32_t l = 0; l < info->num_loops; l++)
    info->iterators[l] = BUF_ITER_REDUCTION;
  for (uint32_t i = info->num_inputs; i < n; i++) {
    buf_affine_map_t *m = info->maps[i];
    for (uint32_t r = 0; r < m->num_results; r++)
      if (m->results[r]->kind == BUF_AFFINE_DIM &&
          (uint64_t)m->results[r]->value < info->num_loops)
        info->iterators[m->results[r]->value] = BUF_ITER_PARALLEL;
  }
}

static bool iterators_from_attr(buf_op_t *op, buf_linalg_info_t *info,
                                bool emit) {
  buf_attr_t a = buf_op_attr(op, "iterator_types");
  if (!a || a->kind != BUF_ATTR_ARRAY) {
    if (emit)
      buf_op_emit_error(op, "requires attribute 'iterator_types'");
    return false;
  }
  if (a->u.array.n > BUF_LINALG_MAX_LOOPS) {
    if (emit)
      buf_op_emit_error(op, "has %u loops; at most %d are supported",
                        a->u.array.n, BUF_LINALG_MAX_LOOPS);
    return false;
  }
  info->num_loops = a->u.array.n;
  for (uint32_t l = 0; l < a->u.array.n; l++) {
    /* Exactly #linalg.iterator_type<parallel|reduction> (the parser
     * stores it canonically), or the custom form's string: the custom form
     * can print no other value. */
    buf_attr_t it = a->u.array.elems[l];
    bool opaque = it->kind == BUF_ATTR_OPAQUE;
    const char *text = opaque ? it->u.opaque.text
                       : it->kind == BUF_ATTR_STRING ? it->u.str.data
                                                     : "";
    if (strcmp(text, opaque ? "#linalg.iterator_type<parallel>" : "parallel") == 0)
      info->iterators[l] = BUF_ITER_PARALLEL;
    else if (strcmp(text, opaque ? "#linalg.iterator_type<reduction>"
                                 : "reduction") == 0)
      info->iterators[l] = BUF_ITER_REDUCTION;
    else {
      if (emit)
        buf_op_emit_error(op, "attribute 'iterator_types' failed to satisfy "
                              "constraint: Iterator type should be an enum.");
      return false;
    }
  }
  return true;
}

/* Checks maps against operand ranks and the loop count, in upstream's order
 * and wording. */
static bool check_maps(buf_op_t *op, buf_linalg_info_t *info, bool emit) {
  uint32_t n = info->num_inputs + info->num_outputs;
  for (uint32_t i = 0; i < n; i++) {
    buf_affine_map_t *m = info->maps[i];
    uint32_t rank = buf__linalg_rank(buf_op_operand(op, i)->type);
    if (m->num_symbols != 0) {
      if (emit)
        buf_op_emit_error(op, "unexpected symbols in indexing_map #%u", i);
      return false;
    }
    if (m->num_results != rank) {
      if (emit)
        buf_op_emit_error(op,
                          "expected operand #%u rank (%u) to match the result "
                          "rank of indexing_map (%u)",
                          i, rank, m->num_results);
      return false;
    }
    if (m->num_dims != info->num_loops) {
      if (emit)
        buf_op_emit_error(op,
                          "expected indexing_map #%u to have %u dim(s) to "
                          "match the number of loops",
                          i, info->num_loops);
      return false;
    }
  }
  return true;
}

bool buf__linalg_info(buf_op_t *op, buf_linalg_info_t *info, bool emit) {
  const buf__linalg_desc_t *d = buf__linalg_desc(op);
  buf_ctx_t *ctx = buf_op_ctx(op);
  memset(info, 0, sizeof *info);
  if (!d || !buf__linalg_split(op, d, &info->num_inputs, &info->num_outputs))
    return false;
  uint32_t nin = info->num_inputs, n = nin + info->num_outputs;
  if (n > BUF_LINALG_MAX_OPERANDS || info->num_outputs == 0 ||
      op->num_regions != 1 || buf_region_empty(op->regions[0]))
    return false;
  info->body = buf_region_entry(op->regions[0]);
  for (uint32_t i = 0; i < n; i++)
    info->body_arg_of_operand[i] = i < info->body->num_args ? (int32_t)i : -1;

  buf_type_t out = buf_op_operand(op, nin)->type;
  uint32_t out_rank = buf__linalg_rank(out);
  if (out_rank > BUF_LINALG_MAX_LOOPS) {
    if (emit)
      buf_op_emit_error(op, "has rank %u; at most %d loops are supported",
                        out_rank, BUF_LINALG_MAX_LOOPS);
    return false;
  }
  int64_t dims[BUF_LINALG_MAX_LOOPS];
  uint32_t ndims = 0;

  switch (d->kind) {
  case BUF__LK_GENERIC:
    if (!iterators_from_attr(op, info, emit) ||
        !maps_from_attr(op, buf_op_attr(op, "indexing_maps"), n, info, emit))
      return false;
    break;
  case BUF__LK_CONTRACT: {
    buf_attr_t a = d->maps_attr ? buf_op_attr(op, "indexing_maps") : NULL;
    if (!a && d->contract)
      a = buf__linalg_contract_maps(ctx, d->contract);
    if (!maps_from_attr(op, a, n, info, emit))
      return false;
    info->num_loops = info->maps[0]->num_dims;
    if (info->num_loops > BUF_LINALG_MAX_LOOPS)
      return false;
    iterators_from_outputs(info);
    break;
  }
  case BUF__LK_CONV:
    if (n != buf__linalg_conv_num_operands(d->conv)) {
      if (emit)
        buf_op_emit_error(op,
                          "expected the number of indexing_map (%u) to be "
                          "equal to the number of input/output operands (%u)",
                          buf__linalg_conv_num_operands(d->conv), n);
      return false;
    }
    buf__linalg_conv_maps(op, d->conv, info);
    iterators_from_outputs(info);
    break;
  case BUF__LK_ELEMENTWISE: {
    buf_attr_t a = buf_op_attr(op, "indexing_maps");
    if (!a)
      a = buf__linalg_identity_maps(ctx, n, out_rank);
    if (!maps_from_attr(op, a, n, info, emit))
      return false;
    info->num_loops = out_rank;
    for (uint32_t l = 0; l < out_rank; l++)
      info->iterators[l] = BUF_ITER_PARALLEL;
    break;
  }
  case BUF__LK_EW:
  case BUF__LK_COPY:
  case BUF__LK_MAP:
  case BUF__LK_FILL:
    info->num_loops = out_rank;
    for (uint32_t i = 0; i < n; i++)
      info->maps[i] = buf_affine_map_identity(ctx, out_rank);
    if (d->kind == BUF__LK_FILL)
      for (uint32_t i = 0; i < nin; i++)
        info->maps[i] = dims_map(ctx, out_rank, 0, NULL);
    break;
  case BUF__LK_REDUCE: {
    uint32_t rank = buf__linalg_rank(buf_op_operand(op, 0)->type);
    if (rank > BUF_LINALG_MAX_LOOPS || !i64_array(op, "dimensions", dims,
                                                  &ndims)) {
      if (emit)
        buf_op_emit_error(op, "requires attribute 'dimensions'");
      return false;
    }
    info->num_loops = rank;
    bool reduced[BUF_LINALG_MAX_LOOPS] = {false};
    for (uint32_t k = 0; k < ndims; k++)
      if (dims[k] >= 0 && (uint64_t)dims[k] < rank)
        reduced[dims[k]] = true;
    int64_t kept[BUF_LINALG_MAX_LOOPS];
    uint32_t nkept = 0;
    for (uint32_t l = 0; l < rank; l++) {
      info->iterators[l] = reduced[l] ? BUF_ITER_REDUCTION : BUF_ITER_PARALLEL;
      if (!reduced[l])
        kept[nkept++] = l;
    }
    for (uint32_t i = 0; i < n; i++)
      info->maps[i] = i < nin ? buf_affine_map_identity(ctx, rank)
                              : dims_map(ctx, rank, nkept, kept);
    break;
  }
  case BUF__LK_TRANSPOSE: {
    if (!i64_array(op, "permutation", dims, &ndims) || ndims != out_rank)
      return false; /* the op verifier reports it first */
    int64_t inv[BUF_LINALG_MAX_LOOPS] = {0};
    bool seen[BUF_LINALG_MAX_LOOPS] = {false};
    for (uint32_t i = 0; i < ndims; i++) {
      if (dims[i] < 0 || (uint64_t)dims[i] >= ndims || seen[dims[i]])
        return false;
      seen[dims[i]] = true;
      inv[dims[i]] = i;
    }
    info->num_loops = out_rank;
    info->maps[0] = dims_map(ctx, out_rank, ndims, inv);
    info->maps[1] = buf_affine_map_identity(ctx, out_rank);
    break;
  }
  case BUF__LK_BROADCAST: {
    if (!i64_array(op, "dimensions", dims, &ndims))
      return false;
    bool added[BUF_LINALG_MAX_LOOPS] = {false};
    for (uint32_t k = 0; k < ndims; k++) {
      if (dims[k] < 0 || (uint64_t)dims[k] >= out_rank)
        return false;
      added[dims[k]] = true;
    }
    int64_t kept[BUF_LINALG_MAX_LOOPS] = {0};
    uint32_t nkept = 0;
    for (uint32_t l = 0; l < out_rank; l++)
      if (!added[l])
        kept[nkept++] = l;
    info->num_loops = out_rank;
    info->maps[0] = dims_map(ctx, out_rank, nkept, kept);
    info->maps[1] = buf_affine_map_identity(ctx, out_rank);
    break;
  }
  }
  if (d->kind != BUF__LK_GENERIC && d->kind != BUF__LK_CONTRACT &&
      d->kind != BUF__LK_ELEMENTWISE && d->kind != BUF__LK_REDUCE &&
      d->kind != BUF__LK_CONV)
    for (uint32_t l = 0; l < info->num_loops; l++)
      info->iterators[l] = BUF_ITER_PARALLEL;
  return check_maps(op, info, emit);
}
