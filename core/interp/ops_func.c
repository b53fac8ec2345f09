/*
 * ops_func.c: semantics of func.call, func.call_indirect and func.constant.
 * A call of a function with a body runs it in a new frame; a call of a
 * declaration runs the runner-utils function of that name, if the
 * interpreter knows it. A func.constant is a value naming its function;
 * call_indirect calls whatever function its first operand names.
 * func.return is a terminator: the engine hands it back to the caller.
 */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

/* Calls callee (named name, NULL if no such symbol) with op's operands from
 * first_arg on, and sets op's results. */
static buf_status_t call(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                         buf_op_t *callee, const char *name,
                         uint32_t first_arg) {
  uint32_t n = op->num_operands - first_arg;
  buf__ival_t stack_args[8], stack_res[8];
  buf__ival_t *args = n <= 8 ? stack_args : calloc(n, sizeof *args);
  buf__ival_t *res = op->num_results <= 8
                         ? stack_res
                         : calloc(op->num_results, sizeof *res);
  if (!args || !res)
    abort(); /* out of memory */
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < n; i++)
    args[i] = buf__operand(I, F, op, first_arg + i);
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

/* The function a flat symbol attribute names (looked up once per op). */
static buf_op_t *symbol_target(buf__interp_t *I, buf_op_t *op,
                               const char *attr, const char **name) {
  uintptr_t cached;
  buf_attr_t c = buf_op_attr(op, attr);
  if (!c || c->kind != BUF_ATTR_SYMBOL_REF || c->u.symref.n != 1) {
    buf__err(I, op, "'%s' is not a flat symbol reference", attr);
    *name = NULL;
    return NULL;
  }
  *name = c->u.symref.names[0];
  if (buf__ipmap_get(&I->callees, op, &cached))
    return (buf_op_t *)cached;
  buf_op_t *callee = buf_symbol_lookup(I->module, *name);
  buf__ipmap_put(&I->callees, op, (uintptr_t)callee);
  return callee;
}

static buf_status_t func_call(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  const char *name;
  buf_op_t *callee = symbol_target(I, op, "callee", &name);
  if (!name)
    return BUF_FAILURE;
  return call(I, F, op, callee, name, 0);
}

static buf_status_t func_constant(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, const buf__interp_row_t *row) {
  const char *name;
  buf_op_t *fn = symbol_target(I, op, "value", &name);
  if (!name)
    return BUF_FAILURE;
  if (!fn) {
    buf__err(I, op, "reference to unknown function '@%s'", name);
    return BUF_FAILURE;
  }
  buf__ival_t v = {.kind = IV_FUNC, .u.fn = fn};
  buf__set_result(I, F, op, 0, v);
  return BUF_SUCCESS;
}

static buf_status_t func_call_indirect(buf__interp_t *I, buf__frame_t *F,
                                       buf_op_t *op,
                                       const buf__interp_row_t *row) {
  buf__ival_t fv = buf__operand(I, F, op, 0);
  if (fv.kind != IV_FUNC) {
    buf__err(I, op, "the callee operand is not a function value");
    return BUF_FAILURE;
  }
  buf_attr_t name = buf_op_attr(fv.u.fn, "sym_name");
  return call(I, F, op, fv.u.fn, name ? name->u.str.data : "?", 1);
}

static const buf__interp_row_t rows[] = {
    {"func.call", func_call, 0, NULL},
    {"func.constant", func_constant, 0, NULL},
    {"func.call_indirect", func_call_indirect, 0, NULL},
};

const buf__interp_table_t buf__interp_func_table = {
    rows, sizeof rows / sizeof rows[0]};
