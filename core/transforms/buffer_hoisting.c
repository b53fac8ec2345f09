/*
 * buffer_hoisting.c: --buffer-hoisting. Move allocations out of scf.if/index_switch/execute_region regions and up their blocks.
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

static buf_status_t buffer_hoisting_run(buf_op_t *func, const buf_pass_options_t *options) {
  (void)options;
  buf__bo_hoist_allocs(func, false);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_buffer_hoisting = {
    .name = "buffer-hoisting",
    .summary = "Move allocations out of scf.if/index_switch/execute_region regions and up their blocks",
    .anchor = "func.func",
    .run = buffer_hoisting_run,
};
