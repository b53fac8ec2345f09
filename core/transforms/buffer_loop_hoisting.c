/*
 * buffer_loop_hoisting.c: --buffer-loop-hoisting. Move allocations with loop-invariant sizes out of scf.for/scf.while loops (never scf.forall or scf.parallel: allocation scopes).
 *
 * The engine is buf__bo_hoist_allocs (bufopt_util.c): an alloc leaves a
 * region op only when its dynamic sizes are defined outside it, never
 * leaves a function, scf.forall or a linalg body, and is left alone when
 * any alias is freed explicitly. Hoisting out of a loop also requires that
 * no alias flows out of the iteration (a yielded buffer must stay fresh in
 * every iteration).
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_status_t buffer_loop_hoisting_run(buf_op_t *func, const buf_pass_options_t *options) {
  (void)options;
  buf__bo_hoist_allocs(func, true);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_buffer_loop_hoisting = {
    .name = "buffer-loop-hoisting",
    .summary = "Move allocations with loop-invariant sizes out of scf.for/scf.while loops (never scf.forall or scf.parallel: allocation scopes)",
    .anchor = "func.func",
    .run = buffer_loop_hoisting_run,
};
