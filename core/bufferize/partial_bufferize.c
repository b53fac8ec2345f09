/*
 * partial_bufferize.c: the engine of the partial bufferization passes
 * (--tensor-bufferize, --linalg-bufferize, --scf-bufferize,
 * --func-bufferize, --arith-bufferize, --vector-bufferize), which upstream
 * MLIR had until it moved everything to One-Shot Bufferize.
 *
 * Each pass is One-Shot Bufferize restricted by an op filter to one
 * dialect (plus the bufferization dialect's own tensor ops such as
 * alloc_tensor, which any step may bufferize). Ops the filter rejects are
 * treated like allowed unknown ops: the analysis assumes they read their
 * operands, that their results may alias them and are not writable, and
 * the rewrite keeps them on tensors, reading bufferization.to_tensor of
 * the new buffers and handing their tensors to bufferized ops through
 * bufferization.to_buffer. So the program is valid and means the same
 * after every step, in any order; --finalizing-bufferize then removes the
 * to_buffer(to_tensor) pairs the steps leave between each other.
 *
 * to_tensor and to_buffer themselves stay outside every filter: they are
 * the boundary, and bufferizing them here would copy (their tensors are
 * not writable) where finalizing-bufferize can often just fold.
 *
 * Without function boundaries (every pass but func-bufferize) signatures,
 * calls and returns stay tensors; func-bufferize turns them to memrefs
 * with identity layouts, as upstream's func-bufferize did.
 */
#include <string.h>

#include "bz_internal.h"

bool buf__bz_in_dialect(const char *op_name, const char *dialect) {
  size_t n = strlen(dialect);
  if (strncmp(op_name, dialect, n) == 0 && op_name[n] == '.')
    return true;
  /* the bufferization dialect's tensor ops belong to every step */
  return strncmp(op_name, "bufferization.", 14) == 0 &&
         strcmp(op_name, "bufferization.to_tensor") != 0 &&
         strcmp(op_name, "bufferization.to_buffer") != 0 &&
         strcmp(op_name, "bufferization.to_memref") != 0;
}

buf_status_t buf__partial_bufferize(buf_op_t *module,
                                    bool (*op_filter)(const char *op_name),
                                    bool function_boundaries) {
  buf_bz_options_t o;
  memset(&o, 0, sizeof o);
  o.op_filter = op_filter;
  o.allow_unknown_ops = true;
  /* the partial passes never refused loops (upstream's scf-bufferize had
   * no such check) */
  o.allow_return_allocs_from_loops = true;
  o.function_boundaries = function_boundaries;
  o.boundary_layout = BUF_BZ_LAYOUT_IDENTITY;
  o.unknown_layout = BUF_BZ_LAYOUT_IDENTITY;
  o.heuristic = BUF_BZ_BOTTOM_UP;
  o.check_parallel_regions = true;
  return buf_one_shot_bufferize(module, &o);
}
