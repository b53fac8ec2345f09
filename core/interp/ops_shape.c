/*
 * ops_shape.c: semantics of the shape dialect's witness ops. A witness is
 * an i1: whether the constraints it stands for hold. shape.assuming runs
 * its region once when its witness holds; a failed assumption is an error
 * of the program (upstream leaves what follows undefined).
 */
#include "interp_internal.h"

static buf_status_t shape_const_witness(buf__interp_t *I, buf__frame_t *F,
                                        buf_op_t *op,
                                        const buf__interp_row_t *row) {
  (void)row;
  buf_attr_t a = buf_op_attr(op, "passing");
  buf__set_result(I, F, op, 0, buf__iv_int(a && a->u.b ? 1 : 0));
  return BUF_SUCCESS;
}

static buf_status_t shape_assuming(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op, const buf__interp_row_t *row) {
  (void)row;
  buf__ival_t w = buf__operand(I, F, op, 0);
  if (!buf__check_defined(I, op, w))
    return BUF_FAILURE;
  if (!(w.u.i & 1)) {
    buf__err(I, op, "shape.assuming on a witness that does not hold");
    return BUF_FAILURE;
  }
  return buf__run_and_yield(I, F, op, op->regions[0]);
}

static const buf__interp_row_t rows[] = {
    {"shape.assuming", shape_assuming, 0, NULL},
    {"shape.const_witness", shape_const_witness, 0, NULL},
};

const buf__interp_table_t buf__interp_shape_table = {
    rows, sizeof rows / sizeof rows[0]};
