/*
 * ops_func.c: semantics of func.call (and func.call_indirect is not
 * supported: function values do not exist here). A call of a function with
 * a body runs it in a new frame; a call of a declaration runs the
 * runner-utils function of that name, if the interpreter knows it.
 * func.return is a terminator: the engine hands it back to the caller.
 */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

static buf_status_t func_call(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  uintptr_t cached;
  buf_op_t *callee = NULL;
  buf_attr_t c = buf_op_attr(op, "callee");
  if (!c || c->kind != BUF_ATTR_SYMBOL_REF || c->u.symref.n != 1) {
    buf__err(I, op, "call without a flat callee");
    return BUF_FAILURE;
  }
  const char *name = c->u.symref.names[0];
  if (buf__ipmap_get(&I->callees, op, &cached)) {
    callee = (buf_op_t *)cached;
  } else {
    callee = buf_symbol_lookup(I->module, name);
    buf__ipmap_put(&I->callees, op, (uintptr_t)callee);
  }
  uint32_t n = op->num_operands;
  buf__ival_t stack_args[8], stack_res[8];
  buf__ival_t *args = n <= 8 ? stack_args : calloc(n, sizeof *args);
  buf__ival_t *res = op->num_results <= 8
                         ? stack_res
                         : calloc(op->num_results, sizeof *res);
  if (!args || !res)
    abort(); /* out of memory */
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < n; i++)
    args[i] = buf__operand(I, F, op, i);
  bool has_body = callee && callee->num_regions > 0 &&
                  !buf_region_empty(callee->regions[0]);
  if (!callee) {
    buf__err(I, op, "call of unknown function '@%s'", name);
    st = BUF_FAILURE;
  } else if (!has_body) {
    const buf__extern_row_t *ext = buf__interp_find_extern(name);
    if (!ext) {
      buf__err(I, op, "call of external function '@%s', which the "
                      "interpreter does not know", name);
      st = BUF_FAILURE;
    } else {
      st = ext->fn(I, F, op, args, n, ext->code);
    }
  } else {
    st = buf__call_function(I, op, callee, n, args, res, op->num_results);
    if (!BUF_FAILED(st))
      for (uint32_t i = 0; i < op->num_results; i++)
        buf__set_result(I, F, op, i, res[i]);
  }
  if (args != stack_args)
    free(args);
  if (res != stack_res)
    free(res);
  return st;
}

static const buf__interp_row_t rows[] = {
    {"func.call", func_call, 0, NULL},
};

const buf__interp_table_t buf__interp_func_table = {
    rows, sizeof rows / sizeof rows[0]};
