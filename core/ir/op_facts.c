/*
 * op_facts.c: the questions passes ask about ops, answered from the op's
 * definition (traits, view_source, alloc_kind, operand_effect, fold) so
 * that no pass keeps its own list of op names.
 */
#include <string.h>

#include "buf/ir.h"

buf_value_t *buf_op_view_source(const buf_op_t *op) {
  if (!buf_op_has_trait(op, BUF_TRAIT_VIEW) ||
      op->def->view_source >= op->num_operands)
    return NULL;
  return op->operands[op->def->view_source].value;
}

buf_value_t *buf_value_view_root(buf_value_t *v) {
  while (v->def && v->index == 0) {
    buf_value_t *src = buf_op_view_source(v->def);
    if (!src)
      break;
    v = src;
  }
  return v;
}

buf_alloc_kind_t buf_op_alloc_kind(const buf_op_t *op) {
  return buf_op_has_trait(op, BUF_TRAIT_ALLOC)
             ? (buf_alloc_kind_t)op->def->alloc_kind
             : BUF_ALLOC_NONE;
}

buf_view_kind_t buf_op_view_kind(const buf_op_t *op) {
  return buf_op_has_trait(op, BUF_TRAIT_VIEW) ? (buf_view_kind_t)op->def->view_kind
                                              : BUF_VIEW_OPAQUE;
}

bool buf_op_transfer_access(const buf_op_t *op, uint32_t *memref_operand) {
  uint32_t pos = op->def->transfer_access;
  if (pos == 0 || pos > op->num_operands)
    return false;
  *memref_operand = pos - 1;
  return true;
}

bool buf_op_indexed_access(const buf_op_t *op, uint32_t *memref_operand) {
  uint32_t pos = op->def->indexed_access;
  if (pos == 0 || pos > op->num_operands)
    return false;
  *memref_operand = pos - 1;
  return true;
}

uint32_t buf_op_operand_effect(const buf_op_t *op, uint32_t i) {
  if (i >= op->num_operands ||
      !buf_type_is_memref(op->operands[i].value->type))
    return BUF_EFFECT_NONE;
  if (op->def->operand_effect)
    return op->def->operand_effect(op, i);
  if (buf_op_has_trait(op, BUF_TRAIT_PURE | BUF_TRAIT_METADATA_ONLY))
    return BUF_EFFECT_NONE;
  return BUF_EFFECT_READ | BUF_EFFECT_WRITE;
}

bool buf_op_writes_memory(const buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_op_operand_effect(op, i) & (BUF_EFFECT_WRITE | BUF_EFFECT_FREE))
      return true;
  return false;
}

buf_op_t *buf_op_callee(const buf_op_t *op) {
  if (!buf_op_has_trait(op, BUF_TRAIT_CALL))
    return NULL;
  return buf_symbol_resolve(op, buf_op_attr(op, "callee"));
}

bool buf_value_constant_int(const buf_value_t *v, int64_t *out) {
  if (!v->def || !buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT))
    return false;
  buf_attr_t a = buf_op_attr(v->def, "value");
  if (!a || a->kind != BUF_ATTR_INTEGER)
    return false;
  *out = a->u.i;
  return true;
}

bool buf_op_is_function_return(const buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  return buf_op_has_trait(op, BUF_TRAIT_RETURN_LIKE) && parent &&
         buf_op_has_trait(parent, BUF_TRAIT_FUNCTION);
}

bool buf_op_isa(const buf_op_t *op, const char *name) {
  return op->def == buf_ctx_lookup_opdef(buf_op_ctx(op), name);
}

/* ------------------------------------------------------------------------ */
/* Folding with what an analysis knows                                       */
/* ------------------------------------------------------------------------ */

bool buf_fold_env_int_of(const buf_fold_env_t *env, buf_value_t *v,
                         int64_t *out) {
  if (env && env->int_of)
    return env->int_of(env, v, out);
  /* constants only: their fold needs no operand */
  return v->def && buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT) &&
         v->index == 0 && buf_op_fold_int(v->def, NULL, out);
}

int buf_fold_env_same_value(const buf_fold_env_t *env, buf_value_t *a,
                            buf_value_t *b) {
  if (env && env->same_value)
    return env->same_value(env, a, b);
  return a == b ? 1 : -1;
}

buf_value_t *buf_fold_env_outer(const buf_fold_env_t *env, buf_value_t *v) {
  return env && env->outer ? env->outer(env, v) : NULL;
}

bool buf_op_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                     int64_t *out) {
  return op->def->fold_int && op->num_results == 1 &&
         buf_type_is_int_or_index(op->results[0].type) &&
         op->def->fold_int(op, env, out);
}

int32_t buf_op_entry_region(const buf_op_t *op, const buf_fold_env_t *env) {
  if (!buf_op_has_trait(op, BUF_TRAIT_REGION_BRANCH) || !op->def->entry_region)
    return -1;
  int32_t r = op->def->entry_region(op, env);
  return r >= 0 && (uint32_t)r < op->num_regions ? r : -1;
}

int64_t buf_op_trip_count(const buf_op_t *op, const buf_fold_env_t *env) {
  if (!buf_op_has_trait(op, BUF_TRAIT_LOOP) || !op->def->trip_count)
    return -1;
  return op->def->trip_count(op, env);
}

bool buf_op_fold(buf_op_t *op) {
  return op->def->fold && op->def->fold(op);
}

bool buf_op_canonicalize(buf_op_t *op) {
  return op->def->canonicalize && op->def->canonicalize(op);
}
