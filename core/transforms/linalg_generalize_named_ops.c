/*
 * linalg_generalize_named_ops.c: --linalg-generalize-named-ops, every named
 * linalg structured op (matmul, the convolutions and pooling ops, fill,
 * copy, map, reduce, transpose, broadcast, the elementwise ops ...) becomes
 * the linalg.generic it stands for.
 *
 * The op is read through buf_linalg_get_info only, never by name: the
 * generic takes the same operands and result types, the info's indexing
 * maps and iterator types, and the op's body region itself (moved, not
 * copied), whose entry block gains an argument for every operand the named
 * op's body did not take (linalg.map's init). As upstream's pattern does,
 * the named op's other attributes (strides, dilations, cast, discardable
 * ones) are not carried over: the maps and the body already say what they
 * meant. Ops nested in other ops' regions are rewritten too; a malformed
 * op (which the verifier reports) is left alone. Upstream runs the pattern
 * with its greedy driver, which also hoists and uniques constants and
 * erases dead ops: greedy_cleanup.c does the same around the rewrite.
 */
#include "buf/linalg.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"

typedef struct collected {
  buf_op_t **ops;
  uint32_t n, cap;
  buf_arena_t *arena;
} collected_t;

static buf_walk_result_t collect_named(buf_op_t *op, void *user) {
  collected_t *c = user;
  if (!buf_linalg_is_named(op))
    return BUF_WALK_ADVANCE;
  if (c->n == c->cap) {
    uint32_t cap = c->cap ? c->cap * 2 : 16;
    c->ops = buf_arena_grow(c->arena, c->ops, c->n, cap, sizeof *c->ops);
    c->cap = cap;
  }
  c->ops[c->n++] = op;
  return BUF_WALK_ADVANCE;
}

/* The attribute linalg.generic keeps for an iterator kind. */
static buf_attr_t iterator_attr(buf_ctx_t *ctx, buf_iterator_kind_t k) {
  static const char par[] = "#linalg.iterator_type<parallel>";
  static const char red[] = "#linalg.iterator_type<reduction>";
  return k == BUF_ITER_PARALLEL ? buf_attr_opaque(ctx, par, sizeof par - 1)
                                : buf_attr_opaque(ctx, red, sizeof red - 1);
}

/* Replaces op by its linalg.generic; false when op's view is malformed. */
static bool generalize(buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_linalg_info_t info;
  if (!buf_linalg_get_info(op, &info) || op->num_regions != 1 ||
      buf_region_num_blocks(op->regions[0]) != 1)
    return false;
  uint32_t n = info.num_inputs + info.num_outputs;
  buf_attr_t maps[BUF_LINALG_MAX_OPERANDS];
  buf_attr_t iters[BUF_LINALG_MAX_LOOPS];
  for (uint32_t i = 0; i < n; i++)
    maps[i] = buf_attr_affine_map(ctx, info.maps[i]);
  for (uint32_t l = 0; l < info.num_loops; l++)
    iters[l] = iterator_attr(ctx, info.iterators[l]);
  int64_t segments[2] = {info.num_inputs, info.num_outputs};

  buf_op_state_t st;
  buf_state_init(&st, ctx, "linalg.generic", op->loc);
  for (uint32_t i = 0; i < n; i++)
    buf_state_add_operand(&st, buf_op_operand(op, i));
  for (uint32_t i = 0; i < op->num_results; i++)
    buf_state_add_result(&st, op->results[i].type);
  buf_state_set_attr(&st, "indexing_maps", buf_attr_array(ctx, n, maps));
  buf_state_set_attr(&st, "iterator_types",
                     buf_attr_array(ctx, info.num_loops, iters));
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, segments,
                                          NULL));
  buf_region_t *body = buf_state_add_region(&st);
  buf_block_t *block = buf_region_entry(op->regions[0]);
  buf_region_remove_block(op->regions[0], block);
  buf_region_append_block(body, block);
  /* linalg.generic's block takes every operand's element. */
  for (uint32_t i = block->num_args; i < n; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    buf_type_t e = buf_type_is_shaped(t) ? buf_type_elem(t) : t;
    buf_block_add_arg(block, e, op->loc);
  }

  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  buf_op_t *generic = buf_builder_insert(&b, &st);
  buf_value_t *results[BUF_LINALG_MAX_OPERANDS];
  for (uint32_t i = 0; i < op->num_results && i < BUF_LINALG_MAX_OPERANDS; i++)
    results[i] = buf_op_result(generic, i);
  buf_op_replace(op, results);
  return true;
}

static buf_status_t generalize_run(buf_op_t *root,
                                   const buf_pass_options_t *options) {
  (void)options;
  collected_t c = {.arena = buf_ctx_arena(buf_op_ctx(root))};
  buf__greedy_cleanup_constants(root);
  buf_op_walk(root, BUF_WALK_POST, collect_named, &c);
  for (uint32_t i = 0; i < c.n; i++)
    generalize(c.ops[i]);
  buf__greedy_cleanup_dead(root);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_linalg_generalize_named_ops = {
    .name = "linalg-generalize-named-ops",
    .summary = "Convert named linalg ops to linalg.generic ops",
    .anchor = "builtin.module",
    .run = generalize_run,
};
