/*
 * canonicalize.c: --canonicalize, upstream's canonicalizer over the folds
 * the op definitions carry, so the pass names no op:
 *
 *   - constant folding: an op whose integer (or index, i1) result its
 *     fold_int hook computes from constant operands becomes an
 *     arith.constant of that value (buf_op_fold_int);
 *   - the ops' own folds and canonicalizations (buf_op_fold): memref.dim of
 *     a static size, a copy onto itself, scf.for without iterations, scf.if
 *     on a constant, casts folded into their users, to_buffer(to_tensor(x))
 *     and the others listed on the op definitions;
 *   - the ops' canonicalize hooks (buf_op_canonicalize), which only this
 *     pass runs: loop-invariant iter_args and values both branches of an
 *     scf.if yield are forwarded to their uses, then dropped with the
 *     results nobody uses; constant sizes and offsets of memref.alloc,
 *     subview and reinterpret_cast become static behind a cast;
 *   - what upstream's greedy driver does around the patterns
 *     (greedy_cleanup.c): constants uniqued and hoisted to the entry block
 *     of the enclosing isolated region, trivially dead ops erased,
 *     constant operands of commutative ops moved last, unreachable blocks
 *     erased.
 *
 * Rounds repeat until one changes nothing (or a bound is hit, as upstream
 * bounds its iterations): a fold can make its operands' defs dead or give
 * another op constant operands.
 */
#include "bufopt_internal.h"
#include "buf/pipeline.h"

/* Upstream's default bound on the greedy driver's iterations. */
#define MAX_ROUNDS 10

/* True when op's result 0 is a constant that fold_int knows and op can be
 * dropped for it: one result, no regions, no memory effects (PURE, or
 * reading only a buffer's sizes: memref.dim of a cast of a static size). */
static bool folds_to_constant(buf_op_t *op, int64_t *value) {
  return !buf_op_has_trait(op, BUF_TRAIT_CONSTANT) &&
         buf_op_has_trait(op, BUF_TRAIT_PURE | BUF_TRAIT_METADATA_ONLY) &&
         op->num_results == 1 &&
         op->num_regions == 0 && buf_op_fold_int(op, NULL, value);
}

static void replace_by_constant(buf_op_t *op, int64_t value) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_type_t t = op->results[0].type;
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_op_t *c = buf_build(&b, "arith.constant", t, 0, NULL, "value",
                          buf_attr_integer(ctx, t, value), NULL);
  buf_value_t *r = buf_op_result(c, 0);
  buf_op_replace(op, &r);
}

/* Post-order: operands' defs fold before their users within a block. */
static buf_walk_result_t canonicalize_op(buf_op_t *op, void *user) {
  uint32_t *changes = user;
  int64_t value;
  if (folds_to_constant(op, &value)) {
    replace_by_constant(op, value);
    ++*changes;
  } else if (buf_op_fold(op) || buf_op_canonicalize(op)) {
    ++*changes;
  }
  return BUF_WALK_ADVANCE;
}

static buf_walk_result_t count_visit(buf_op_t *op, void *user) {
  (void)op;
  ++*(uint32_t *)user;
  return BUF_WALK_ADVANCE;
}

static uint32_t num_ops(buf_op_t *root) {
  uint32_t n = 0;
  buf_op_walk(root, BUF_WALK_PRE, count_visit, &n);
  return n;
}

/* Runs the rounds on root (a module or a function). */
buf_status_t buf__canonicalize(buf_op_t *root) {
  for (uint32_t round = 0; round < MAX_ROUNDS; round++) {
    uint32_t changes = 0, before = num_ops(root);
    buf__greedy_cleanup_constants(root);
    buf_op_walk(root, BUF_WALK_POST, canonicalize_op, &changes);
    changes += buf__greedy_cleanup_unreachable_blocks(root);
    buf__greedy_cleanup_dead(root);
    if (!changes && num_ops(root) == before)
      break;
  }
  return BUF_SUCCESS;
}

static buf_status_t canonicalize_run(buf_op_t *root,
                                     const buf_pass_options_t *options) {
  (void)options;
  return buf__canonicalize(root);
}

const buf_pass_def_t buf_pass_canonicalize = {
    .name = "canonicalize",
    .summary = "Canonicalize operations: fold constants and the ops' own "
               "folds, erase dead ops",
    .class_name = "Canonicalizer",
    .anchor = "any",
    .run = canonicalize_run,
};
