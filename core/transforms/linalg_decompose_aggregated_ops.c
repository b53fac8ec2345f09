/*
 * linalg_decompose_aggregated_ops.c: --linalg-decompose-aggregated-ops,
 * every aggregated linalg op (linalg.softmax on tensors) becomes the
 * structured ops its decomposition builds (buf_linalg_decompose, which the
 * dialect defines as upstream's AggregatedOpInterface does), so programs
 * that use it lower to loops, LLVM and the JIT. Run it before bufferizing:
 * the decomposition is on tensors, as upstream's.
 */
#include "buf/linalg.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_walk_result_t collect_decomposable(buf_op_t *op, void *user) {
  if (buf_linalg_decomposable(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static buf_status_t decompose_run(buf_op_t *root,
                                  const buf_pass_options_t *options) {
  (void)options;
  bo_oplist_t ops = {.arena = buf_ctx_arena(buf_op_ctx(root))};
  buf_op_walk(root, BUF_WALK_POST, collect_decomposable, &ops);
  for (uint32_t i = 0; i < ops.n; i++)
    buf_linalg_decompose(ops.ops[i]);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_linalg_decompose_aggregated_ops = {
    .name = "linalg-decompose-aggregated-ops",
    .summary = "Decompose aggregated linalg ops (softmax) into fill and "
               "generic ops as upstream's decomposition does",
    .anchor = "builtin.module",
    .run = decompose_run,
};
