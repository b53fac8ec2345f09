/*
 * linalg_verify.c: the checks of the linalg ops that go beyond the shared
 * structured-op verifier of linalg.c (buf__linalg_verify_specific): map,
 * reduce, transpose, broadcast, fill, elementwise, the strides and
 * dilations of the convolutions, and linalg.contract's own rules. Each in
 * upstream's order and words, run before the shared checks as mlir-opt
 * runs them.
 */
#include <stdio.h>
#include <string.h>

#include "dialect_util.h"
#include "linalg_internal.h"

static const char *tstr(buf_op_t *op, buf_type_t t) {
  return buf_type_to_string(buf_op_ctx(op), t);
}

/* "4, 8" for a shape, as upstream streams an ArrayRef. */
static const char *shape_str(buf_op_t *op, buf_type_t t) {
  buf_strbuf_t sb = {0};
  for (uint32_t i = 0; i < t->u.shaped.rank; i++)
    buf_strbuf_printf(&sb, "%s%lld", i ? ", " : "",
                      (long long)t->u.shaped.shape[i]);
  const char *s = buf_arena_strndup(buf_ctx_arena(buf_op_ctx(op)),
                                    sb.data ? sb.data : "", sb.len);
  buf_strbuf_free(&sb);
  return s;
}

static bool get_i64s(buf_op_t *op, const char *name, const int64_t **vals,
                     uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, name);
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY) {
    buf_op_emit_error(op, "requires attribute '%s'", name);
    return false;
  }
  *vals = a->u.dense_array.ints;
  *n = (uint32_t)a->u.dense_array.count;
  return true;
}

static buf_status_t verify_map(buf_op_t *op, uint32_t nin) {
  buf_block_t *b = buf_region_entry(op->regions[0]);
  if (b->num_args != op->num_operands) {
    buf_op_emit_error(op,
                      "expects number of operands to match the arity of "
                      "mapper, but got: %u and %u",
                      op->num_operands, b->num_args);
    return BUF_FAILURE;
  }
  buf_type_t init = buf_op_operand(op, nin)->type;
  for (uint32_t i = 0; i < nin; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    if (buf__linalg_elem(t) != b->args[i]->type) {
      buf_op_emit_error(op,
                        "expected element type of input '%s' to match bbArg "
                        "type '%s'",
                        tstr(op, buf__linalg_elem(t)),
                        tstr(op, b->args[i]->type));
      return BUF_FAILURE;
    }
  }
  for (uint32_t i = 0; i < nin; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    bool same = t->u.shaped.rank == init->u.shaped.rank;
    for (uint32_t k = 0; same && k < t->u.shaped.rank; k++)
      same = t->u.shaped.shape[k] == init->u.shaped.shape[k];
    if (!same) {
      buf_op_emit_error(op,
                        "expected shape of input (%s) to match shape of "
                        "output (%s)",
                        shape_str(op, t), shape_str(op, init));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

static bool same_shape(buf_type_t a, buf_type_t b) {
  if (a->u.shaped.rank != b->u.shaped.rank)
    return false;
  for (uint32_t k = 0; k < a->u.shaped.rank; k++)
    if (a->u.shaped.shape[k] != b->u.shaped.shape[k])
      return false;
  return true;
}

static buf_status_t verify_reduce(buf_op_t *op, uint32_t nin, uint32_t nout) {
  const int64_t *dims;
  uint32_t nd;
  if (!get_i64s(op, "dimensions", &dims, &nd))
    return BUF_FAILURE;
  for (uint32_t i = 1; i < nd; i++)
    if (dims[i] <= dims[i - 1]) {
      buf_op_emit_error(op, "attribute 'dimensions' failed to satisfy "
                            "constraint: i64 dense array attribute should be "
                            "in increasing order");
      return BUF_FAILURE;
    }
  buf_type_t in = buf_op_operand(op, 0)->type;
  buf_type_t init = buf_op_operand(op, nin)->type;
  for (uint32_t i = 1; i < nin; i++)
    if (!same_shape(buf_op_operand(op, i)->type, in)) {
      buf_op_emit_error(op,
                        "expects all inputs to have the same shapes. Shape at "
                        "input-index %u is not equal to the shape at "
                        "input-index 0.",
                        i);
      return BUF_FAILURE;
    }
  for (uint32_t i = 1; i < nout; i++)
    if (!same_shape(buf_op_operand(op, nin + i)->type, init)) {
      buf_op_emit_error(op,
                        "expects all outputs to have the same shapes. Shape "
                        "at output-index %u is not equal to the shape at "
                        "output-index 0.",
                        i);
      return BUF_FAILURE;
    }
  uint32_t rank = in->u.shaped.rank;
  bool reduced[64] = {false};
  for (uint32_t k = 0; k < nd; k++) {
    if (dims[k] < 0 || (uint64_t)dims[k] >= rank || rank > 64) {
      buf_op_emit_error(op,
                        "dimensions for reduction should be in the range [0, "
                        "%d].",
                        (int)rank - 1);
      return BUF_FAILURE;
    }
    reduced[dims[k]] = true;
  }
  int64_t kept[64];
  uint32_t nk = 0;
  for (uint32_t l = 0; l < rank; l++)
    if (!reduced[l])
      kept[nk++] = in->u.shaped.shape[l];
  if (nk != init->u.shaped.rank) {
    buf_op_emit_error(op,
                      "number of dimensions after reduction %u doesn't match "
                      "the init rank %u",
                      nk, init->u.shaped.rank);
    return BUF_FAILURE;
  }
  for (uint32_t k = 0; k < nk; k++)
    if (kept[k] != init->u.shaped.shape[k]) {
      buf_strbuf_t sb = {0};
      for (uint32_t j = 0; j < nk; j++)
        buf_strbuf_printf(&sb, "%s%lld", j ? ", " : "", (long long)kept[j]);
      buf_op_emit_error(op,
                        "init dimensions [%s] doesn't match input dimensions "
                        "after reduction [%s]",
                        shape_str(op, init), sb.data ? sb.data : "");
      buf_strbuf_free(&sb);
      return BUF_FAILURE;
    }
  buf_block_t *b = buf_region_entry(op->regions[0]);
  if (b->num_args != op->num_operands) {
    buf_op_emit_error(op, "mismatching number of operands and block arguments");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < nin + nout; i++) {
    buf_type_t e = buf__linalg_elem(buf_op_operand(op, i)->type);
    if (e != b->args[i]->type) {
      buf_op_emit_error(op,
                        "%s element type '%s' does not match corresponding "
                        "block argument type '%s'",
                        i < nin ? "input" : "output", tstr(op, e),
                        tstr(op, b->args[i]->type));
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

static buf_status_t verify_transpose(buf_op_t *op) {
  const int64_t *perm;
  uint32_t n;
  if (!get_i64s(op, "permutation", &perm, &n))
    return BUF_FAILURE;
  bool seen[64] = {false};
  for (uint32_t i = 0; i < n; i++) {
    if (n > 64 || perm[i] < 0 || (uint64_t)perm[i] >= n || seen[perm[i]]) {
      buf_op_emit_error(op, "permutation is not valid");
      return BUF_FAILURE;
    }
    seen[perm[i]] = true;
  }
  buf_type_t in = buf_op_operand(op, 0)->type;
  buf_type_t init = buf_op_operand(op, 1)->type;
  uint32_t rank = in->u.shaped.rank;
  if (rank != init->u.shaped.rank) {
    buf_op_emit_error(op, "input rank %u does not match init rank %u", rank,
                      init->u.shaped.rank);
    return BUF_FAILURE;
  }
  if (rank != n) {
    buf_op_emit_error(op,
                      "size of permutation %u does not match the argument "
                      "rank %u",
                      n, rank);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < rank; i++) {
    int64_t a = in->u.shaped.shape[perm[i]], b = init->u.shaped.shape[i];
    if (a != b) {
      buf_op_emit_error(op,
                        "dim(result, %u) = %lld doesn't match dim(input, "
                        "permutation[%u]) = %lld",
                        i, (long long)b, i, (long long)a);
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

static buf_status_t verify_broadcast(buf_op_t *op) {
  const int64_t *dims;
  uint32_t n;
  if (!get_i64s(op, "dimensions", &dims, &n))
    return BUF_FAILURE;
  buf_type_t in = buf_op_operand(op, 0)->type;
  buf_type_t init = buf_op_operand(op, 1)->type;
  uint32_t irank = in->u.shaped.rank, orank = init->u.shaped.rank;
  if (irank + n != orank) {
    buf_op_emit_error(op,
                      "input rank plus added dimensions does not match init "
                      "rank. input rank: %u, dimensions size: %u, init rank: "
                      "%u",
                      irank, n, orank);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < n; i++)
    if (dims[i] < 0 || (uint64_t)dims[i] >= orank) {
      buf_op_emit_error(op,
                        "dimension %u is out of range. expected range: [0, "
                        "%d], got: %lld",
                        i, (int)orank - 1, (long long)dims[i]);
      return BUF_FAILURE;
    }
  uint32_t k = 0;
  for (uint32_t d = 0; d < orank && k < irank; d++) {
    bool added = false;
    for (uint32_t i = 0; i < n; i++)
      added = added || dims[i] == (int64_t)d;
    if (added)
      continue;
    if (in->u.shaped.shape[k] != init->u.shaped.shape[d]) {
      buf_op_emit_error(op,
                        "input dim %u should match init dim %u. input: %lld, "
                        "init: %lld",
                        k, d, (long long)in->u.shaped.shape[k],
                        (long long)init->u.shaped.shape[d]);
      return BUF_FAILURE;
    }
    k++;
  }
  return BUF_SUCCESS;
}

/* linalg.contract's own checks, in upstream's order and words (reported at
 * the op without the op-name prefix, as upstream's emitError does): each
 * map a projected permutation of the operand's rank over one iteration
 * space; every loop used, each either in both inputs and not the output
 * (contracting), or in the output and at most one input... */
static buf_status_t verify_contract(buf_op_t *op, uint32_t nin) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_attr_t maps = buf_op_attr(op, "indexing_maps");
  if (!maps || maps->kind != BUF_ATTR_ARRAY)
    return BUF_SUCCESS; /* the structured checks report it */
  uint32_t n = maps->u.array.n < op->num_operands ? maps->u.array.n
                                                   : op->num_operands;
  int64_t loops = -1;
  uint8_t in_count[BUF_LINALG_MAX_LOOPS] = {0};
  uint8_t out_count[BUF_LINALG_MAX_LOOPS] = {0};
  for (uint32_t i = 0; i < n; i++) {
    buf_attr_t a = maps->u.array.elems[i];
    if (a->kind != BUF_ATTR_AFFINE_MAP)
      return BUF_SUCCESS;
    buf_affine_map_t *m = a->u.map;
    bool seen[BUF_LINALG_MAX_LOOPS] = {false};
    bool projected = m->num_symbols == 0 && m->num_dims <= BUF_LINALG_MAX_LOOPS;
    for (uint32_t r = 0; projected && r < m->num_results; r++) {
      buf_affine_expr_t *e = m->results[r];
      projected = e->kind == BUF_AFFINE_DIM && !seen[e->value];
      if (projected)
        seen[e->value] = true;
    }
    if (!projected) {
      buf_emit_error(ctx, op->loc,
                     "provided affine_map is not a projected permutation");
      return BUF_FAILURE;
    }
    buf_type_t t = buf_op_operand(op, i)->type;
    if (buf_type_is_shaped(t) && m->num_results != buf__linalg_rank(t)) {
      buf_emit_error(ctx, op->loc, "ranks of shaped operand and results of "
                                   "corresponding affine_map differ");
      return BUF_FAILURE;
    }
    if (!buf_type_is_shaped(t) && m->num_results != 0) {
      buf_emit_error(ctx, op->loc, "affine_map specifies shaped access while "
                                   "operand has non-shaped type");
      return BUF_FAILURE;
    }
    if (loops == -1)
      loops = m->num_dims;
    else if (loops != (int64_t)m->num_dims) {
      buf_emit_error(ctx, op->loc,
                     "iteration spaces of provided affine_maps differ");
      return BUF_FAILURE;
    }
    for (uint32_t r = 0; r < m->num_results; r++)
      (i < nin ? in_count : out_count)[m->results[r]->value]++;
  }
  bool contracting = false;
  for (int64_t l = 0; l < loops; l++) {
    contracting |= in_count[l] == 2 && out_count[l] == 0;
    if (in_count[l] == 0 && out_count[l] == 0) {
      buf_emit_error(ctx, op->loc,
                     "iteration space dim at index %lld not used to access "
                     "any operand",
                     (long long)l);
      return BUF_FAILURE;
    }
    if (in_count[l] == 1 && out_count[l] != 1) {
      buf_emit_error(ctx, op->loc,
                     "iteration space dim at index %lld is neither a "
                     "contracting dim nor of parallel iteration type",
                     (long long)l);
      return BUF_FAILURE;
    }
  }
  if (!contracting) {
    buf_emit_error(ctx, op->loc,
                   "'indexing_maps' do not specify a contracting dimension");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

buf_status_t buf__linalg_verify_specific(buf_op_t *op,
                                         const buf__linalg_desc_t *d) {
  uint32_t nin, nout;
  buf__linalg_split(op, d, &nin, &nout);
  /* Everything but generic's and fill's inputs is a ranked shaped value. */
  for (uint32_t i = 0; i < nin + nout; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    if ((d->kind == BUF__LK_GENERIC || d->kind == BUF__LK_FILL) && i < nin)
      continue;
    /* The zero points of a quantized convolution may be scalars. */
    if (d->kind == BUF__LK_CONV && i >= 2 && i < nin && !buf_type_is_shaped(t))
      continue;
    if (t->kind != BUF_TYPE_TENSOR && t->kind != BUF_TYPE_MEMREF) {
      buf_op_emit_error(op,
                        "operand #%u must be ranked tensor or memref of any "
                        "type values, but got '%s'",
                        i, tstr(op, t));
      return BUF_FAILURE;
    }
  }
  switch (d->kind) {
  case BUF__LK_MAP:
    return verify_map(op, nin);
  case BUF__LK_REDUCE:
    return verify_reduce(op, nin, nout);
  case BUF__LK_TRANSPOSE:
    return verify_transpose(op);
  case BUF__LK_BROADCAST:
    return verify_broadcast(op);
  case BUF__LK_FILL: {
    if (nin != 1 || nout != 1) {
      buf_op_emit_error(op, "expected one ins and one outs operand");
      return BUF_FAILURE;
    }
    buf_type_t v = buf_op_operand(op, 0)->type;
    buf_type_t e = buf__linalg_elem(buf_op_operand(op, 1)->type);
    if (v != e) {
      buf_op_emit_error(op,
                        "expected fill value type ('%s') to match output "
                        "element type ('%s')",
                        tstr(op, v), tstr(op, e));
      return BUF_FAILURE;
    }
    return BUF_SUCCESS;
  }
  case BUF__LK_CONV: {
    static const char *const window_attrs[] = {"dilations", "strides"};
    for (uint32_t i = 0; i < 2; i++) {
      const char *err = buf__linalg_conv_attr_error(
          buf_op_ctx(op), d->conv, window_attrs[i],
          buf_op_attr(op, window_attrs[i]));
      if (err) {
        buf_op_emit_error(op, "%s", err);
        return BUF_FAILURE;
      }
    }
    return BUF_SUCCESS;
  }
  case BUF__LK_CONTRACT:
    return d->contract ? BUF_SUCCESS : verify_contract(op, nin);
  case BUF__LK_ELEMENTWISE:
    if (buf__linalg_ew_kind_of_attr(buf_op_attr(op, "kind")) < 0) {
      buf_op_emit_error(op, "requires attribute 'kind'");
      return BUF_FAILURE;
    }
    return BUF_SUCCESS;
  default:
    return BUF_SUCCESS;
  }
}
