/*
 * ops_ml_program.c: semantics of ml_program globals. A global's value is a
 * tensor (or scalar) the run holds from the first access on: its initial
 * value, or uninitialized elements when it has none. global_load and
 * global_load_const give the value the global holds at that moment (tensors
 * are immutable, so a later global_store never shows through an earlier
 * load); global_store replaces it.
 */
#include "interp_internal.h"

#include <stdlib.h>

/* The global op `op` names (verified to exist). */
static buf_op_t *accessed_global(buf__interp_t *I, buf_op_t *op) {
  buf_op_t *g = buf_symbol_resolve(op, buf_op_attr(op, "global"));
  if (!g)
    buf__err(I, op, "unknown global");
  return g;
}

static buf__ival_t initial_value(buf__interp_t *I, buf_op_t *op,
                                 buf_op_t *g) {
  buf_attr_t ta = buf_op_attr(g, "type");
  buf_type_t t = ta->type;
  buf_attr_t init = buf_op_attr(g, "value");
  buf__ival_t none = {.kind = IV_UNDEF};
  if (t->kind == BUF_TYPE_TENSOR) {
    if (!buf_type_has_static_shape(t)) {
      buf__err(I, op, "global of dynamic shape");
      return none;
    }
    buf__tensor_t *r =
        buf_attr_is_elements(init)
            ? buf__tensor_from_dense(I, op, t, init)
            : buf__tensor_new(I, op, t->u.shaped.elem, t->u.shaped.rank,
                              t->u.shaped.shape, false);
    return r ? buf__iv_tensor(r) : none;
  }
  if (init && !buf_type_is_shaped(t))
    return buf__cell_value(t, buf__attr_cell(init, t));
  buf__err(I, op, "unsupported global initial value");
  return none;
}

/* The slot holding g's current value, made on first access. */
static buf__ival_t *global_slot(buf__interp_t *I, buf_op_t *op) {
  buf_op_t *g = accessed_global(I, op);
  if (!g)
    return NULL;
  uintptr_t i;
  if (buf__ipmap_get(&I->program_globals, g, &i))
    return &I->program_values[i];
  buf__ival_t v = initial_value(I, op, g);
  if (v.kind == IV_UNDEF)
    return NULL;
  if (I->num_program_values == I->cap_program_values) {
    uint32_t cap = I->cap_program_values * 2 + 4;
    buf__ival_t *a = realloc(I->program_values, cap * sizeof *a);
    if (!a)
      abort(); /* out of memory */
    I->program_values = a;
    I->cap_program_values = cap;
  }
  i = I->num_program_values++;
  I->program_values[i] = v;
  buf__ipmap_put(&I->program_globals, g, i);
  return &I->program_values[i];
}

static buf_status_t global_load(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  (void)row;
  buf__ival_t *slot = global_slot(I, op);
  if (!slot)
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_ref(*slot));
  return BUF_SUCCESS;
}

static buf_status_t global_store(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  (void)row;
  buf__ival_t *slot = global_slot(I, op);
  if (!slot)
    return BUF_FAILURE;
  buf__ival_t old = *slot;
  *slot = buf__iv_ref(buf__operand(I, F, op, 0));
  buf__iv_drop(I, old);
  return BUF_SUCCESS;
}

static buf_status_t global_decl(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  (void)I, (void)F, (void)op, (void)row;
  return BUF_SUCCESS;
}

static const buf__interp_row_t rows[] = {
    {"ml_program.global", global_decl, 0, NULL},
    {"ml_program.global_load", global_load, 0, NULL},
    {"ml_program.global_load_const", global_load, 0, NULL},
    {"ml_program.global_store", global_store, 0, NULL},
};

const buf__interp_table_t buf__interp_ml_program_table = {
    rows, sizeof rows / sizeof rows[0]};
