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

/* mlir-opt's options of the pass, so upstream RUN lines that give them
 * parse. max-iterations bounds the rounds; test-convergence makes a run
 * that has not settled within them an error, as upstream's. The others
 * shape upstream's pattern driver, which this pass does not have: the
 * worklist order (top-down), how far regions are simplified
 * (region-simplify: only unreachable blocks are erased here, which
 * upstream does at every level), the rewrite budget of one round and the
 * pattern labels; they are accepted and change nothing. */
enum {
  CANON_TOP_DOWN,
  CANON_REGION_SIMPLIFY,
  CANON_MAX_ITERATIONS,
  CANON_MAX_NUM_REWRITES,
  CANON_TEST_CONVERGENCE,
  CANON_DISABLE_PATTERNS,
  CANON_ENABLE_PATTERNS,
  CANON_NUM_OPTIONS
};

static const char *const region_simplify_levels[] = {"disabled", "normal",
                                                      "aggressive", NULL};

static const buf_option_spec_t canonicalize_options[CANON_NUM_OPTIONS] = {
    [CANON_TOP_DOWN] = {"top-down", BUF_OPT_BOOL, "true", NULL,
                        "Seed the worklist in general top-down order"},
    [CANON_REGION_SIMPLIFY] = {"region-simplify", BUF_OPT_ENUM, "normal",
                               region_simplify_levels,
                               "Perform control flow optimizations to the region tree"},
    [CANON_MAX_ITERATIONS] = {"max-iterations", BUF_OPT_INT, "10", NULL,
                              "Max. iterations between applying patterns / simplifying regions"},
    [CANON_MAX_NUM_REWRITES] = {"max-num-rewrites", BUF_OPT_STRING, "-1", NULL,
                                "Max. number of pattern rewrites within an iteration"},
    [CANON_TEST_CONVERGENCE] = {"test-convergence", BUF_OPT_BOOL, "false", NULL,
                                "Test only: Fail pass on non-convergence to detect cyclic pattern"},
    [CANON_DISABLE_PATTERNS] = {"disable-patterns", BUF_OPT_LIST, "", NULL,
                                "Labels of patterns that should be filtered out during application"},
    [CANON_ENABLE_PATTERNS] = {"enable-patterns", BUF_OPT_LIST, "", NULL,
                               "Labels of patterns that should be used during application, all other patterns are filtered out"},
};

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

/* Post-order: operands' defs fold before their users within a block. A
 * hook may erase an op after the one it is given (a clone's redundant
 * dealloc): the walk then reaches that op unlinked (no block; its memory
 * stays in the arena) and stops in this block, which the next round
 * visits again. */
static buf_walk_result_t canonicalize_op(buf_op_t *op, void *user) {
  uint32_t *changes = user;
  if (!op->block && op->num_regions == 0)
    return BUF_WALK_ADVANCE;
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

/* Runs at most max_rounds rounds on root (a module or a function); true
 * when the last one changed nothing. */
static bool canonicalize_rounds(buf_op_t *root, int64_t max_rounds) {
  for (int64_t round = 0; round < max_rounds; round++) {
    uint32_t changes = 0, before = num_ops(root);
    buf__greedy_cleanup_constants(root);
    buf_op_walk(root, BUF_WALK_POST, canonicalize_op, &changes);
    changes += buf__greedy_cleanup_unreachable_blocks(root);
    buf__greedy_cleanup_dead(root);
    if (!changes && num_ops(root) == before)
      return true;
  }
  return false;
}

/* Runs the rounds on root (a module or a function). */
buf_status_t buf__canonicalize(buf_op_t *root) {
  canonicalize_rounds(root, MAX_ROUNDS);
  return BUF_SUCCESS;
}

static buf_status_t canonicalize_run(buf_op_t *root,
                                     const buf_pass_options_t *options) {
  int64_t rounds = buf_pass_option_int(options, CANON_MAX_ITERATIONS);
  if (canonicalize_rounds(root, rounds) ||
      !buf_pass_option_bool(options, CANON_TEST_CONVERGENCE))
    return BUF_SUCCESS;
  buf_emit_error(buf_op_ctx(root), root->loc,
               "Canonicalizer failed to converge within %lld iterations",
               (long long)rounds);
  return BUF_FAILURE;
}

const buf_pass_def_t buf_pass_canonicalize = {
    .name = "canonicalize",
    .summary = "Canonicalize operations: fold constants and the ops' own "
               "folds, erase dead ops",
    .class_name = "Canonicalizer",
    .anchor = "any",
    .options = canonicalize_options,
    .num_options = CANON_NUM_OPTIONS,
    .run = canonicalize_run,
};
