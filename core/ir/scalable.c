/*
 * scalable.c: finds the scalable vectors of a program (vector<[16]xf32>:
 * 16 x vscale elements, vscale known only on the target at run time).
 *
 * Passes that need a fixed element count (the interpreter, the LLVM and
 * PTX emitters) ask buf_op_find_scalable_vector before they start and
 * refuse the program with a located error, rather than treating [16] as
 * 16 and computing something else than the program says.
 */
#include "ir_internal.h"

/* Does t hold a scalable vector, itself or in a function type's inputs
 * and results (a declaration's signature)? */
static buf_type_t scalable_in(buf_type_t t) {
  if (buf_type_is_scalable_vector(t))
    return t;
  if (t && t->kind == BUF_TYPE_FUNCTION) {
    for (uint32_t i = 0; i < t->u.func.num_inputs; i++)
      if (buf_type_is_scalable_vector(t->u.func.inputs[i]))
        return t->u.func.inputs[i];
    for (uint32_t i = 0; i < t->u.func.num_results; i++)
      if (buf_type_is_scalable_vector(t->u.func.results[i]))
        return t->u.func.results[i];
  }
  return NULL;
}

typedef struct found {
  buf_op_t *op;
  buf_type_t type;
} found_t;

static buf_walk_result_t visit(buf_op_t *op, void *user) {
  found_t *f = user;
  buf_type_t t = NULL;
  for (uint32_t i = 0; !t && i < op->num_operands; i++)
    t = op->operands[i].value ? scalable_in(op->operands[i].value->type) : NULL;
  for (uint32_t i = 0; !t && i < op->num_results; i++)
    t = scalable_in(op->results[i].type);
  for (uint32_t r = 0; !t && r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; !t && b; b = b->next)
      for (uint32_t a = 0; !t && a < b->num_args; a++)
        t = scalable_in(b->args[a]->type);
  for (uint32_t i = 0; !t && op->attrs && i < op->attrs->u.dict.n; i++) {
    buf_attr_t a = op->attrs->u.dict.entries[i].value;
    if (a && a->kind == BUF_ATTR_TYPE)
      t = scalable_in(a->type);
  }
  if (!t)
    return BUF_WALK_ADVANCE;
  f->op = op;
  f->type = t;
  return BUF_WALK_INTERRUPT;
}

/* Contract in buf/ir.h. */
buf_op_t *buf_op_find_scalable_vector(buf_op_t *root, buf_type_t *type) {
  found_t f = {NULL, NULL};
  buf_op_walk(root, BUF_WALK_PRE, visit, &f);
  if (type)
    *type = f.type;
  return f.op;
}
