/*
 * ops_gpu.c: semantics of gpu.launch: its body runs once per thread, one
 * thread after the other (block ids outermost, x fastest within each
 * level), with the block and thread ids and the grid and block sizes as
 * its twelve arguments. Threads of a real launch run concurrently; a
 * program whose result depends on their order has a race the interpreter
 * does not report.
 */
#include "interp_internal.h"

static buf_status_t gpu_launch(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                               const buf__interp_row_t *row) {
  (void)row;
  int64_t size[6]; /* grid x, y, z, then block x, y, z */
  for (uint32_t i = 0; i < 6; i++) {
    uint32_t len, at = buf_op_segment(op, 1 + i, &len);
    if (len != 1 || !buf__index_operand(I, F, op, at, &size[i]))
      return BUF_FAILURE;
    if (size[i] <= 0) {
      buf__err(I, op, "gpu.launch size %lld is not positive",
               (long long)size[i]);
      return BUF_FAILURE;
    }
  }
  int64_t id[6] = {0}; /* block ids, then thread ids */
  for (;;) {
    buf__ival_t args[12];
    for (uint32_t i = 0; i < 6; i++) {
      args[i] = buf__iv_int((uint64_t)id[i]);
      args[6 + i] = buf__iv_int((uint64_t)size[i]);
    }
    buf_op_t *term;
    if (BUF_FAILED(buf__run_region(I, F, op->regions[0], 12, args, &term)))
      return BUF_FAILURE;
    /* Next thread: thread x fastest, block z slowest. */
    int d = 3;
    for (; d < 6; d++) {
      if (++id[d] < size[d])
        break;
      id[d] = 0;
    }
    if (d == 6) {
      for (d = 0; d < 3; d++) {
        if (++id[d] < size[d])
          break;
        id[d] = 0;
      }
      if (d == 3)
        return BUF_SUCCESS;
    }
  }
}

static const buf__interp_row_t rows[] = {
    {"gpu.launch", gpu_launch, 0, NULL},
};

const buf__interp_table_t buf__interp_gpu_table = {
    rows, sizeof rows / sizeof rows[0]};
