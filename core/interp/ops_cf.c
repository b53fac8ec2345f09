/*
 * ops_cf.c: semantics of the cf dialect: br, cond_br and switch request a
 * branch from the engine (which binds the successor's block arguments),
 * assert reports a failed assertion as a located error.
 */
#include "interp_internal.h"

static buf_status_t cf_br(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                          const buf__interp_row_t *row) {
  buf__jump(I, F, op, op->successors[0], 0, op->num_operands);
  return BUF_SUCCESS;
}

/* cond_br operands: condition, true operands, false operands
 * (operandSegmentSizes). */
static buf_status_t cf_cond_br(buf__interp_t *I, buf__frame_t *F,
                               buf_op_t *op, const buf__interp_row_t *row) {
  buf__ival_t c = buf__operand(I, F, op, 0);
  if (!buf__check_defined(I, op, c))
    return BUF_FAILURE;
  uint32_t tlen, flen;
  uint32_t ts = buf_op_segment(op, 1, &tlen);
  uint32_t fs = buf_op_segment(op, 2, &flen);
  if (c.u.i & 1)
    buf__jump(I, F, op, op->successors[0], ts, tlen);
  else
    buf__jump(I, F, op, op->successors[1], fs, flen);
  return BUF_SUCCESS;
}

/* switch operands: flag, default operands, case operands (segmented by
 * case_operand_segments); case_values a dense attribute. */
static buf_status_t cf_switch(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  buf__ival_t f = buf__operand(I, F, op, 0);
  if (!buf__check_defined(I, op, f))
    return BUF_FAILURE;
  uint32_t w = buf__int_width(buf_op_operand(op, 0)->type);
  buf_attr_t cv = buf_op_attr(op, "case_values");
  buf_attr_t segs = buf_op_attr(op, "case_operand_segments");
  uint32_t dlen;
  uint32_t ds = buf_op_segment(op, 1, &dlen);
  uint32_t cs = buf_op_segment(op, 2, NULL);
  int64_t ncases = cv ? (cv->kind == BUF_ATTR_DENSE ? cv->u.dense.count
                                                    : cv->u.dense_array.count)
                      : 0;
  if (cv && cv->kind == BUF_ATTR_DENSE && cv->u.dense.splat)
    ncases = buf_type_num_elements(cv->type);
  uint32_t start = cs;
  for (int64_t i = 0; i < ncases; i++) {
    int64_t v = cv->kind == BUF_ATTR_DENSE ? buf_attr_dense_int(cv, i)
                                           : cv->u.dense_array.ints[i];
    uint32_t len = segs && segs->kind == BUF_ATTR_DENSE_ARRAY &&
                           i < segs->u.dense_array.count
                       ? (uint32_t)segs->u.dense_array.ints[i]
                       : 0;
    if (buf__trunc((uint64_t)v, w) == f.u.i) {
      buf__jump(I, F, op, op->successors[1 + i], start, len);
      return BUF_SUCCESS;
    }
    start += len;
  }
  buf__jump(I, F, op, op->successors[0], ds, dlen);
  return BUF_SUCCESS;
}

static buf_status_t cf_assert(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  buf__ival_t c = buf__operand(I, F, op, 0);
  if (!buf__check_defined(I, op, c))
    return BUF_FAILURE;
  if (c.u.i & 1)
    return BUF_SUCCESS;
  buf_attr_t msg = buf_op_attr(op, "msg");
  buf__err(I, op, "assertion failed: %s",
           msg && msg->kind == BUF_ATTR_STRING ? msg->u.str.data : "");
  return BUF_FAILURE;
}

static const buf__interp_row_t rows[] = {
    {"cf.br", cf_br, 0, NULL},
    {"cf.cond_br", cf_cond_br, 0, NULL},
    {"cf.switch", cf_switch, 0, NULL},
    {"cf.assert", cf_assert, 0, NULL},
};

const buf__interp_table_t buf__interp_cf_table = {
    rows, sizeof rows / sizeof rows[0]};
