/*
 * elementwise_to_linalg.c: --convert-elementwise-to-linalg, every
 * elementwise-mappable op (BUF_TRAIT_ELEMENTWISE_MAPPABLE: arith, math)
 * with a ranked tensor operand becomes a linalg.generic that applies the
 * same op to scalars.
 *
 * The generic is the one mlir-opt 22 builds, so that outputs compare as
 * text: every operand is an input, indexed by the identity map when it is
 * a tensor and by the map to no results `(d0, ..) -> ()` when it is a
 * scalar (an arith.select condition); all loops are parallel. Each result
 * gets as its init the first operand of the result's type, or else a new
 * tensor.empty whose sizes are those of the first tensor operand (a
 * constant index and a tensor.dim for each dynamic size, one per dimension
 * as upstream's conversion driver leaves them: it neither folds nor
 * uniques). The body holds a copy of the op on the elements, with all of
 * its attributes, followed by linalg.yield. Ops on unranked tensors and on
 * vectors stay as they are, as upstream.
 *
 * Ops are found in one walk and rewritten afterwards; an op nested in a
 * region (an scf.for body) is rewritten where it is.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

/* True for the ops the pass rewrites: upstream's
 * isElementwiseMappableOpOnRankedTensors. */
static bool is_mappable_on_ranked_tensors(const buf_op_t *op) {
  if (!buf_op_has_trait(op, BUF_TRAIT_ELEMENTWISE_MAPPABLE) ||
      op->num_results == 0)
    return false;
  /* the verifier gives every result the tensor operands' shape; a
   * malformed op (which it reports) is left alone */
  for (uint32_t r = 0; r < op->num_results; r++)
    if (op->results[r].type->kind != BUF_TYPE_TENSOR)
      return false;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_type_t t = buf_op_operand((buf_op_t *)op, i)->type;
    if (t->kind == BUF_TYPE_TENSOR)
      return true;
  }
  return false;
}

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  if (is_mappable_on_ranked_tensors(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* The init of a result of type t: the first operand of that type, or a
 * tensor.empty of t's element type sized like `like`, built before op. */
static buf_value_t *result_init(buf_builder_t *b, buf_op_t *op, buf_type_t t,
                                buf_value_t *like) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_op_operand(op, i)->type == t)
      return buf_op_operand(op, i);
  buf_ctx_t *ctx = b->ctx;
  buf_type_t lt = like->type;
  uint32_t rank = lt->u.shaped.rank;
  buf_value_t **dyn = buf_arena_alloc(buf_ctx_arena(ctx),
                                      (rank ? rank : 1) * sizeof *dyn);
  uint32_t nd = 0;
  for (uint32_t d = 0; d < rank; d++)
    if (lt->u.shaped.shape[d] == BUF_DYNAMIC) {
      buf_value_t *dim[2] = {like, buf_build_index_constant(b, d)};
      dyn[nd++] = buf_op_result(
          buf_build(b, "tensor.dim", buf_type_index(ctx), 2, dim, NULL), 0);
    }
  buf_type_t et = buf_type_tensor(ctx, rank, lt->u.shaped.shape,
                                  buf_type_elem(t), NULL);
  return buf_op_result(buf_build(b, "tensor.empty", et, nd, dyn, NULL), 0);
}

static buf_attr_t parallel_attr(buf_ctx_t *ctx) {
  static const char par[] = "#linalg.iterator_type<parallel>";
  return buf_attr_opaque(ctx, par, sizeof par - 1);
}

/* Replaces op by its linalg.generic. */
static void convert(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_arena_t *arena = buf_ctx_arena(ctx);
  uint32_t nin = op->num_operands, nout = op->num_results;
  uint32_t rank = op->results[0].type->u.shaped.rank;
  buf_value_t *like = NULL;
  for (uint32_t i = 0; i < nin && !like; i++)
    if (buf_op_operand(op, i)->type->kind == BUF_TYPE_TENSOR)
      like = buf_op_operand(op, i);

  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_value_t **inits = buf_arena_alloc(arena, nout * sizeof *inits);
  for (uint32_t r = 0; r < nout; r++)
    inits[r] = result_init(&b, op, op->results[r].type, like);

  buf_affine_map_t *identity = buf_affine_map_identity(ctx, rank);
  buf_affine_map_t *scalar = buf_affine_map(ctx, rank, 0, 0, NULL);
  buf_attr_t *maps = buf_arena_alloc(arena, (nin + nout) * sizeof *maps);
  for (uint32_t i = 0; i < nin; i++)
    maps[i] = buf_attr_affine_map(
        ctx, buf_op_operand(op, i)->type->kind == BUF_TYPE_TENSOR ? identity
                                                                  : scalar);
  for (uint32_t r = 0; r < nout; r++)
    maps[nin + r] = buf_attr_affine_map(ctx, identity);
  buf_attr_t *iters = buf_arena_alloc(arena, (rank ? rank : 1) * sizeof *iters);
  for (uint32_t l = 0; l < rank; l++)
    iters[l] = parallel_attr(ctx);
  int64_t segments[2] = {nin, nout};

  buf_op_state_t st;
  buf_state_init(&st, ctx, "linalg.generic", op->loc);
  for (uint32_t i = 0; i < nin; i++)
    buf_state_add_operand(&st, buf_op_operand(op, i));
  for (uint32_t r = 0; r < nout; r++) {
    buf_state_add_operand(&st, inits[r]);
    buf_state_add_result(&st, op->results[r].type);
  }
  buf_state_set_attr(&st, "indexing_maps", buf_attr_array(ctx, nin + nout, maps));
  buf_state_set_attr(&st, "iterator_types", buf_attr_array(ctx, rank, iters));
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, segments,
                                          NULL));
  buf_region_t *body = buf_state_add_region(&st);
  buf_block_t *block = buf_block_create(ctx);
  buf_region_append_block(body, block);
  buf_value_t **args = buf_arena_alloc(arena, (nin + nout) * sizeof *args);
  for (uint32_t i = 0; i < nin; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    args[i] = buf_block_add_arg(block, buf_type_is_shaped(t) ? buf_type_elem(t)
                                                             : t, op->loc);
  }
  for (uint32_t r = 0; r < nout; r++)
    args[nin + r] = buf_block_add_arg(block, buf_type_elem(op->results[r].type),
                                      op->loc);

  /* The op itself on the elements, then the yield of its results. */
  buf_builder_t in;
  buf_builder_init(&in, ctx);
  buf_builder_set_block_end(&in, block);
  in.loc = op->loc;
  buf_op_state_t sst;
  buf_state_init(&sst, ctx, op->name, op->loc);
  buf_state_add_operands(&sst, nin, args);
  for (uint32_t r = 0; r < nout; r++)
    buf_state_add_result(&sst, buf_type_elem(op->results[r].type));
  buf_attr_t attrs = op->attrs;
  for (uint32_t i = 0; attrs && i < attrs->u.dict.n; i++)
    buf_state_set_attr(&sst, attrs->u.dict.entries[i].name,
                       attrs->u.dict.entries[i].value);
  buf_op_t *scalar_op = buf_builder_insert(&in, &sst);
  buf_value_t **yielded = buf_arena_alloc(arena, nout * sizeof *yielded);
  for (uint32_t r = 0; r < nout; r++)
    yielded[r] = buf_op_result(scalar_op, r);
  buf_build(&in, "linalg.yield", NULL, nout, yielded, NULL);

  buf_op_t *generic = buf_builder_insert(&b, &st);
  buf_value_t **results = buf_arena_alloc(arena, nout * sizeof *results);
  for (uint32_t r = 0; r < nout; r++)
    results[r] = buf_op_result(generic, r);
  buf_op_replace(op, results);
}

static buf_status_t elementwise_to_linalg_run(buf_op_t *root,
                                              const buf_pass_options_t *o) {
  (void)o;
  bo_oplist_t ops = {.arena = buf_ctx_arena(buf_op_ctx(root))};
  buf_op_walk(root, BUF_WALK_POST, collect, &ops);
  for (uint32_t i = 0; i < ops.n; i++)
    convert(ops.ops[i]);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_convert_elementwise_to_linalg = {
    .name = "convert-elementwise-to-linalg",
    .summary = "Convert ElementwiseMappable ops to linalg",
    .anchor = "any",
    .run = elementwise_to_linalg_run,
};
