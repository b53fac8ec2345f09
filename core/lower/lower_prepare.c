/*
 * lower_prepare.c: the passes every lowering runs first (buf_llvm_prepare
 * in buf/lower.h). It needs no LLVM, so it is built whether or not the LLVM
 * emitter is: a tensor program is bufferized with function boundaries and
 * ownership-based deallocation, then linalg becomes scf loops and scf
 * becomes cf (aggregated ops such as linalg.softmax are decomposed
 * before bufferizing), leaving the func/arith/math/cf/memref program the emitters
 * take.
 */
#include <time.h>

#include "buf/lower.h"
#include "buf/pipeline.h"
#include "buf/syntax.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs the pipeline text on module and adds its wall time to *seconds
 * (when not NULL). */
static buf_status_t run_timed(buf_op_t *module, const char *text, double *seconds) {
  double t0 = now();
  buf_status_t s = buf_lower_run_pipeline(module, text);
  if (seconds)
    *seconds += now() - t0;
  return s;
}

static buf_walk_result_t find_tensor(buf_op_t *op, void *user) {
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf_type_is_tensor(op->results[i].type)) {
      *(buf_op_t **)user = op;
      return BUF_WALK_INTERRUPT;
    }
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
      for (uint32_t a = 0; a < b->num_args; a++)
        if (buf_type_is_tensor(b->args[a]->type)) {
          *(buf_op_t **)user = op;
          return BUF_WALK_INTERRUPT;
        }
  return BUF_WALK_ADVANCE;
}

/* Contract in buf/lower.h. */
buf_status_t buf_lower_run_pipeline(buf_op_t *module, const char *text) {
  buf_pipeline_t *pl = buf_pipeline_create(buf_op_ctx(module));
  return BUF_FAILED(buf_pipeline_parse(pl, text)) ? BUF_FAILURE
                                                  : buf_pipeline_run(pl, module, NULL);
}

/* Contract in buf/lower.h. */
bool buf_lower_needs_bufferization(buf_op_t *module) {
  buf_op_t *tensor_op = NULL;
  buf_op_walk(module, BUF_WALK_PRE, find_tensor, &tensor_op);
  return tensor_op != NULL;
}

/* Contract in buf/lower.h. */
buf_status_t buf_lower_bufferize(buf_op_t *module, buf_lower_timing_t *timing) {
  /* The emitters build fixed-length vectors: [16] is not 16 elements. */
  buf_type_t scalable;
  buf_op_t *sop = buf_op_find_scalable_vector(module, &scalable);
  if (sop) {
    buf_op_emit_error(sop, "cannot lower: scalable vector type '%s' has no fixed element "
                           "count (vscale is not supported)",
                      buf_type_to_string(buf_op_ctx(module), scalable));
    return BUF_FAILURE;
  }
  if (!buf_lower_needs_bufferization(module))
    return BUF_SUCCESS;
  /* Aggregated ops (linalg.softmax) have no loop lowering: they become
   * the structured ops of their decomposition while still on tensors. */
  if (BUF_FAILED(run_timed(module, BUF_LLVM_DECOMPOSE,
                           timing ? &timing->bufferize : NULL)) ||
      BUF_FAILED(run_timed(module, BUF_LLVM_ONE_SHOT_BUFFERIZE,
                           timing ? &timing->bufferize : NULL)) ||
      BUF_FAILED(run_timed(module, BUF_LLVM_DEALLOCATION, timing ? &timing->dealloc : NULL)))
    return BUF_FAILURE;
  buf_op_t *tensor_op = NULL;
  buf_op_walk(module, BUF_WALK_PRE, find_tensor, &tensor_op);
  if (tensor_op) {
    buf_op_emit_error(tensor_op, "cannot lower to LLVM: tensor values remain after "
                                 "bufferization");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* Contract in buf/lower.h. */
buf_status_t buf_llvm_prepare(buf_op_t *module, buf_lower_timing_t *timing) {
  if (BUF_FAILED(buf_lower_bufferize(module, timing)))
    return BUF_FAILURE;
  /* linalg and scf are lowered here, so a bufferized program emits as is. */
  return run_timed(module, BUF_LLVM_LOOPS_PIPELINE, timing ? &timing->loops : NULL);
}
