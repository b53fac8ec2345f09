/*
 * ops_affine.c: the few affine ops that bufferized and tiled programs use
 * (affine.apply, affine.min, affine.max): the "map" attribute evaluated on
 * the operands, dimensions first then symbols.
 */
#include "interp_internal.h"

#define MAX_OPERANDS 32

static buf_status_t affine_eval(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  buf_attr_t a = buf_op_attr(op, "map");
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP) {
    buf__err(I, op, "missing affine map");
    return BUF_FAILURE;
  }
  buf_affine_map_t *map = a->u.map;
  if (map->num_dims + map->num_symbols != op->num_operands ||
      op->num_operands > MAX_OPERANDS || map->num_results == 0 ||
      (row->code == 0 && map->num_results != 1)) {
    buf__err(I, op, "operands do not match the affine map");
    return BUF_FAILURE;
  }
  int64_t vals[MAX_OPERANDS];
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!buf__index_operand(I, F, op, i, &vals[i]))
      return BUF_FAILURE;
  int64_t r = 0;
  for (uint32_t i = 0; i < map->num_results; i++) {
    int64_t x = buf_affine_expr_eval(map->results[i], vals,
                                     vals + map->num_dims);
    if (i == 0 || (row->code == 1 && x < r) || (row->code == 2 && x > r))
      r = x;
  }
  buf__set_result(I, F, op, 0, buf__iv_int((uint64_t)r));
  return BUF_SUCCESS;
}

static const buf__interp_row_t rows[] = {
    {"affine.apply", affine_eval, 0, NULL},
    {"affine.min", affine_eval, 1, NULL},
    {"affine.max", affine_eval, 2, NULL},
};

const buf__interp_table_t buf__interp_affine_table = {
    rows, sizeof rows / sizeof rows[0]};
