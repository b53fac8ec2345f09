/*
 * linalg_decompose.c: the decomposition of linalg's aggregated ops
 * (upstream's AggregatedOpInterface; buf_linalg_decompose in buf/linalg.h):
 * linalg.softmax on tensors becomes the ops upstream's decomposition
 * (transform.structured.decompose_interface) emits, in the same order, so
 * the program lowers (convert-linalg-to-loops, --emit=llvm/run) and prints
 * as mlir-opt prints the decomposed program:
 *
 *   %red   = tensor.empty(sizes of the input but dimension d)
 *   %nan   = arith.constant 0xFFC00000        (maxnumf's identity, negative)
 *   %minit = linalg.fill ins(%nan) outs(%red)
 *   %max   = linalg.generic reduce d: arith.maxnumf %in, %out
 *   %num   = linalg.generic parallel: math.exp(arith.subf %in, %max) -> init
 *   %zero  = arith.constant 0.0
 *   %sinit = linalg.fill ins(%zero) outs(%red)
 *   %sum   = linalg.generic reduce d: arith.addf %in, %out
 *   %res   = linalg.generic parallel: arith.divf %num, %sum -> init
 *
 * The reduced maps drop dimension d; the full ones are identities. A
 * dynamic size of the reduced tensor is read with tensor.dim of the input,
 * as upstream's getMixedSizes does. Softmax on memrefs (after
 * bufferization) is left alone: decompose before bufferizing.
 */
#include <math.h>

#include "linalg_internal.h"

#define MAX_RANK 12 /* as many loops as a linalg op may have */

/* "#linalg.iterator_type<...>" */
static buf_attr_t iterator(buf_ctx_t *ctx, bool parallel) {
  static const char par[] = "#linalg.iterator_type<parallel>";
  static const char red[] = "#linalg.iterator_type<reduction>";
  return parallel ? buf_attr_opaque(ctx, par, sizeof par - 1)
                  : buf_attr_opaque(ctx, red, sizeof red - 1);
}

typedef struct decomp {
  buf_builder_t b;
  buf_ctx_t *ctx;
  uint32_t rank;
  int64_t dim;
  buf_attr_t full, reduced;  /* the identity map and the one without dim */
  buf_type_t elem;
} decomp_t;

/* A linalg.fill of v into init, with the body upstream's fill has. */
static buf_value_t *fill(decomp_t *dc, buf_value_t *v, buf_value_t *init) {
  buf_op_state_t st;
  buf_state_init(&st, dc->ctx, "linalg.fill", dc->b.loc);
  buf_state_add_operand(&st, v);
  buf_state_add_operand(&st, init);
  buf_state_add_result(&st, init->type);
  int64_t seg[2] = {1, 1};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(dc->ctx, buf_type_i32(dc->ctx), 2,
                                          seg, NULL));
  buf_block_t *blk = buf_block_create(dc->ctx);
  buf_region_append_block(buf_state_add_region(&st), blk);
  buf_value_t *in = buf_block_add_arg(blk, dc->elem, dc->b.loc);
  buf_block_add_arg(blk, dc->elem, dc->b.loc);
  buf_builder_t body;
  buf_builder_init(&body, dc->ctx);
  buf_builder_set_block_end(&body, blk);
  body.loc = dc->b.loc;
  buf_build(&body, "linalg.yield", NULL, 1, &in, NULL);
  return buf_op_result(buf_builder_insert(&dc->b, &st), 0);
}

/* A linalg.generic over ins (one or two; the second reduced) into init:
 * the body applies `first` to (in0, in1 or out), then `second` (unary) if
 * given, and yields it. reduce: dimension dim iterates as a reduction and
 * init is reduced. */
static buf_value_t *generic(decomp_t *dc, uint32_t nin, buf_value_t *const *ins,
                            buf_value_t *init, bool reduce, const char *first,
                            const char *second) {
  buf_op_state_t st;
  buf_state_init(&st, dc->ctx, "linalg.generic", dc->b.loc);
  for (uint32_t i = 0; i < nin; i++)
    buf_state_add_operand(&st, ins[i]);
  buf_state_add_operand(&st, init);
  buf_state_add_result(&st, init->type);
  buf_attr_t maps[3] = {dc->full, dc->reduced, reduce ? dc->reduced : dc->full};
  if (nin == 1)
    maps[1] = maps[2];
  buf_state_set_attr(&st, "indexing_maps", buf_attr_array(dc->ctx, nin + 1, maps));
  buf_attr_t iters[MAX_RANK];
  for (uint32_t l = 0; l < dc->rank; l++)
    iters[l] = iterator(dc->ctx, !reduce || (int64_t)l != dc->dim);
  buf_state_set_attr(&st, "iterator_types", buf_attr_array(dc->ctx, dc->rank, iters));
  int64_t seg[2] = {nin, 1};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(dc->ctx, buf_type_i32(dc->ctx), 2,
                                          seg, NULL));
  buf_block_t *blk = buf_block_create(dc->ctx);
  buf_region_append_block(buf_state_add_region(&st), blk);
  buf_value_t *args[3];
  for (uint32_t i = 0; i <= nin; i++)
    args[i] = buf_block_add_arg(blk, dc->elem, dc->b.loc);
  buf_builder_t body;
  buf_builder_init(&body, dc->ctx);
  buf_builder_set_block_end(&body, blk);
  body.loc = dc->b.loc;
  buf_value_t *v = buf_op_result(buf_build(&body, first, dc->elem, 2, args, NULL), 0);
  if (second)
    v = buf_op_result(buf_build(&body, second, dc->elem, 1, &v, NULL), 0);
  buf_build(&body, "linalg.yield", NULL, 1, &v, NULL);
  return buf_op_result(buf_builder_insert(&dc->b, &st), 0);
}

static void decompose(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_value_t *input = buf_op_operand(op, 0), *init = buf_op_operand(op, 1);
  buf_type_t t = input->type;
  decomp_t dc = {.ctx = ctx, .rank = t->u.shaped.rank,
                 .dim = buf_op_attr(op, "dimension")->u.i,
                 .elem = buf_type_elem(t)};
  buf_builder_init(&dc.b, ctx);
  buf_builder_set_before(&dc.b, op);
  dc.b.loc = op->loc;
  int64_t dims[MAX_RANK], shape[MAX_RANK];
  uint32_t n = 0;
  for (uint32_t i = 0; i < dc.rank; i++)
    if ((int64_t)i != dc.dim) {
      dims[n] = i;
      shape[n++] = t->u.shaped.shape[i];
    }
  buf_affine_expr_t *res[MAX_RANK];
  for (uint32_t i = 0; i < n; i++)
    res[i] = buf_affine_dim(ctx, (uint32_t)dims[i]);
  dc.full = buf_attr_affine_map(ctx, buf_affine_map_identity(ctx, dc.rank));
  dc.reduced = buf_attr_affine_map(ctx, buf_affine_map(ctx, dc.rank, 0, n, res));

  /* tensor.empty of the reduced shape; dynamic sizes from the input. */
  buf_op_state_t st;
  buf_state_init(&st, ctx, "tensor.empty", op->loc);
  for (uint32_t i = 0; i < n; i++) {
    if (shape[i] != BUF_DYNAMIC)
      continue;
    buf_value_t *ops[2] = {input, buf_build_index_constant(&dc.b, dims[i])};
    buf_state_add_operand(
        &st, buf_op_result(buf_build(&dc.b, "tensor.dim", buf_type_index(ctx),
                                     2, ops, NULL),
                           0));
  }
  buf_state_add_result(&st, buf_type_tensor(ctx, n, shape, dc.elem, NULL));
  buf_value_t *red = buf_op_result(buf_builder_insert(&dc.b, &st), 0);

  buf_value_t *nan = buf_op_result(
      buf_build(&dc.b, "arith.constant", dc.elem, 0, NULL, "value",
                buf_attr_float(ctx, dc.elem, -NAN), NULL),
      0);
  buf_value_t *max = generic(&dc, 1, &input, fill(&dc, nan, red), true,
                             "arith.maxnumf", NULL);
  buf_value_t *sub_ins[2] = {input, max};
  buf_value_t *num = generic(&dc, 2, sub_ins, init, false, "arith.subf",
                             "math.exp");
  buf_value_t *zero = buf_op_result(
      buf_build(&dc.b, "arith.constant", dc.elem, 0, NULL, "value",
                buf_attr_float(ctx, dc.elem, 0.0), NULL),
      0);
  buf_value_t *sum = generic(&dc, 1, &num, fill(&dc, zero, red), true,
                             "arith.addf", NULL);
  buf_value_t *div_ins[2] = {num, sum};
  buf_value_t *result = generic(&dc, 2, div_ins, init, false, "arith.divf",
                                NULL);
  buf_op_replace(op, &result);
}

bool buf_linalg_decomposable(const buf_op_t *op) {
  if (!buf__linalg_is_softmax(op) || op->num_operands != 2 ||
      op->num_results != 1)
    return false;
  buf_attr_t dim = buf_op_attr(op, "dimension");
  buf_type_t t = buf_op_operand(op, 0)->type;
  return t->kind == BUF_TYPE_TENSOR && dim && dim->kind == BUF_ATTR_INTEGER &&
         dim->u.i >= 0 && dim->u.i < (int64_t)t->u.shaped.rank &&
         t->u.shaped.rank <= MAX_RANK && buf_type_is_float(buf_type_elem(t));
}

bool buf_linalg_decompose(buf_op_t *op) {
  if (!buf_linalg_decomposable(op))
    return false;
  decompose(op);
  return true;
}
