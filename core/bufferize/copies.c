/*
 * copies.c: materializes the analysis' out-of-place decisions as tensor
 * copies, before the rewrite.
 *
 * For each out-of-place operand, as upstream's resolveTensorOpOperandConflicts:
 *   - when the op does not write the operand and only creates one alias of
 *     it as its result (extract_slice), the (smaller) result is copied
 *     right after the op and its other uses read the copy;
 *   - otherwise a copy of the operand is made right before the op and the
 *     op uses it.
 * A copy is `bufferization.alloc_tensor() copy(%v)`; when the old contents
 * are never needed (undefined contents, or fully overwritten and not read)
 * it is a plain `bufferization.alloc_tensor(%dynamic sizes)`. All decisions
 * are read from the analysis before the IR is changed.
 */
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"

typedef struct plan {
  buf_use_t *use;
  bool copy_result; /* copy the op's (single aliasing) result instead */
  buf_value_t *result;
  bool copy_data;
} plan_t;

/* alloc_tensor for value v (copying it when copy_data) inserted with b. */
static buf_value_t *make_alloc(buf_bz_t *bz, buf_builder_t *b, buf_value_t *v,
                               bool copy_data) {
  buf_ctx_t *ctx = bz->ctx;
  buf_op_state_t st;
  buf_state_init(&st, ctx, "bufferization.alloc_tensor", b->loc);
  int64_t seg[3] = {0, 0, 0};
  if (copy_data) {
    buf_state_add_operand(&st, v);
    seg[1] = 1;
  } else {
    buf_type_t t = v->type;
    for (uint32_t i = 0; i < t->u.shaped.rank; i++) {
      if (t->u.shaped.shape[i] != BUF_DYNAMIC)
        continue;
      buf_value_t *c = buf_build_index_constant(b, i);
      buf_value_t *ops[2] = {v, c};
      buf_op_t *d = buf_build(b, "tensor.dim", buf_type_index(ctx), 2, ops, NULL);
      buf__ptrmap_set(&bz->own_ops, d, (void *)1);
      buf_state_add_operand(&st, buf_op_result(d, 0));
      seg[0]++;
    }
  }
  buf_state_add_result(&st, v->type);
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, seg, NULL));
  buf_op_t *alloc = buf_builder_insert(b, &st);
  if (!copy_data)
    buf__ptrmap_set(&bz->copy_sources, alloc, v);
  return buf_op_result(alloc, 0);
}

buf_value_t *buf__bz_copy_source(buf_bz_t *bz, const buf_op_t *alloc) {
  return buf__ptrmap_get(&bz->copy_sources, alloc);
}

/* How many operands of op alias `result` (upstream's
 * getAliasingOpOperands): a result that may be one of several operands
 * (arith.select) is not a copy of the one out-of-place operand, so that
 * operand is copied instead. */
static uint32_t num_aliasing_operands(buf_bz_t *bz, buf_op_t *op,
                                      buf_value_t *result) {
  uint32_t count = 0;
  for (uint32_t k = 0; k < op->num_operands; k++) {
    buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
    uint32_t na = buf__bz_aliases(bz, &op->operands[k], al, BUF_BZ_MAX_ALIASES);
    for (uint32_t i = 0; i < na; i++)
      if (al[i].value == result) {
        count++;
        break;
      }
  }
  return count;
}

/* The ops created for a result copy: (after, last]; their uses of the
 * result stay. */
typedef struct new_range {
  buf_op_t *after, *last;
} new_range_t;

static bool outside_range(buf_use_t *u, void *user) {
  new_range_t *r = user;
  for (buf_op_t *x = r->after->next; x; x = x->next) {
    if (x == u->owner)
      return false;
    if (x == r->last)
      break;
  }
  return true;
}

/* Where a copy of an operand of op goes: right before op, or before the
 * terminator op sits in (tensor.parallel_insert_slice in
 * scf.forall.in_parallel, whose body takes nothing else). */
static buf_op_t *copy_point(buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  if (parent && buf_op_has_trait(parent, BUF_TRAIT_TERMINATOR))
    return parent;
  return op;
}

buf_status_t buf__bz_materialize_copies(buf_bz_t *bz) {
  plan_t *plans = NULL;
  uint32_t n = 0, cap = 0;
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    bz_op_t *o = &bz->ops[i];
    if (!o->model)
      continue;
    for (uint32_t k = 0; k < o->op->num_operands; k++) {
      if (o->decision[k] != BZ_OUTOFPLACE)
        continue;
      buf_use_t *u = &o->op->operands[k];
      if (u->value->type->kind != BUF_TYPE_TENSOR) {
        /* upstream's wording first, so its expected-error lines match */
        buf_op_emit_error(o->op, "not bufferizable under the given "
                                 "constraints: cannot avoid RaW conflict "
                                 "(operand #%u needs a copy but has no "
                                 "ranked tensor type)", k);
        st = BUF_FAILURE;
        continue;
      }
      if (n == cap) {
        cap = cap ? cap * 2 : 16;
        plans = realloc(plans, cap * sizeof *plans);
        if (!plans)
          abort();
      }
      plan_t p = {.use = u};
      buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
      uint32_t na = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
      if (na == 1 && al[0].value->def == o->op && !buf__bz_writes(bz, u) &&
          al[0].value->type->kind == BUF_TYPE_TENSOR &&
          num_aliasing_operands(bz, o->op, al[0].value) == 1) {
        p.copy_result = true;
        p.result = al[0].value;
      }
      p.copy_data = !buf__bz_can_omit_copy(bz, u);
      plans[n++] = p;
    }
  }
  for (uint32_t i = 0; i < n && st == BUF_SUCCESS; i++) {
    plan_t *p = &plans[i];
    buf_op_t *op = p->use->owner;
    buf_builder_t b;
    buf_builder_init(&b, bz->ctx);
    b.loc = op->loc;
    if (p->copy_result) {
      buf_builder_set_after(&b, op);
      buf_value_t *c = make_alloc(bz, &b, p->result, p->copy_data);
      buf__bz_report_copy_made(bz, p->use, c->def);
      new_range_t r = {op, c->def};
      buf_value_replace_uses_if(p->result, c, outside_range, &r);
    } else {
      buf_builder_set_before(&b, copy_point(op));
      buf_value_t *c = make_alloc(bz, &b, p->use->value, p->copy_data);
      buf__bz_report_copy_made(bz, p->use, c->def);
      buf_op_set_operand(op, p->use->index, c);
    }
  }
  free(plans);
  return st;
}
