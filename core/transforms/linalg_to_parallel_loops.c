/*
 * linalg_to_parallel_loops.c: --convert-linalg-to-parallel-loops, every
 * linalg structured op on memrefs becomes an scf.parallel over its parallel
 * dimensions with scf.for loops over its reduction dimensions inside.
 *
 * The loop bodies are built exactly as convert-linalg-to-loops builds them
 * (buf__linalg_lower_to_loops in linalg_to_loops.c). Unlike upstream, which
 * keeps the op's dimension order (a reduction dimension before a parallel
 * one gives an scf.for around an scf.parallel), all parallel dimensions go
 * outermost: their iterations are independent, each output element still
 * accumulates in the op's order, and the parallel nest is one top-level
 * loop that gpu-outline-parallel-loops can turn into one kernel. An op
 * without parallel dimensions (linalg.dot) becomes plain scf.for loops.
 */
#include "buf/linalg.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_walk_result_t collect_linalg(buf_op_t *op, void *user) {
  buf_linalg_info_t info;
  if (buf_linalg_get_info(op, &info))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static buf_status_t linalg_to_parallel_loops_run(buf_op_t *anchor,
                                                 const buf_pass_options_t *options) {
  (void)options;
  bo_oplist_t l = {.arena = buf_ctx_arena(buf_op_ctx(anchor))};
  buf_op_walk(anchor, BUF_WALK_POST, collect_linalg, &l);
  for (uint32_t i = 0; i < l.n; i++)
    if (BUF_FAILED(buf__linalg_lower_to_loops(l.ops[i], true, false)))
      return BUF_FAILURE;
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_convert_linalg_to_parallel_loops = {
    .name = "convert-linalg-to-parallel-loops",
    .summary = "Lower linalg ops on memrefs to scf.parallel (parallel "
               "dimensions) around scf.for (reductions)",
    .anchor = "func.func",
    .run = linalg_to_parallel_loops_run,
};
