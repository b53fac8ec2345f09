/*
 * promote_buffers_to_stack.c: --promote-buffers-to-stack, small heap
 * buffers that do not escape become memref.alloca.
 *
 * A memref.alloc is promoted when: its rank is at most
 * max-rank-of-allocated-memref; its shape is static and its size (elements
 * times the element width in bytes, index counted as 64 bits) is at most
 * max-alloc-size-in-bytes, or every dynamic size is the rank of a buffer
 * (memref.rank, BUF_TRAIT_RANK_OF: small, as upstream assumes); no
 * possible alias reaches func.return (a call result counts as an alias of
 * its memref operands here), no alias is freed explicitly, and it is not
 * inside a loop or a region op that may run its region many times: a
 * stack buffer lives until the function returns, so promoting there would
 * grow the stack with every iteration. The alloca keeps the alloc's
 * attributes (alignment). Deallocation passes leave allocas alone, so run this before
 * --buffer-deallocation-pipeline.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  if (buf__bo_is_fresh_alloc(op, BUF_ALLOC_HEAP))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* May op run more than once per call of func? Inside a loop, or inside a
 * region op that does not say it runs its regions at most once (a
 * REGION_BRANCH op): such an op may run its region any number of times. */
static bool in_loop(buf_op_t *op, buf_op_t *func) {
  for (buf_op_t *p = buf_op_parent(op); p && p != func; p = buf_op_parent(p))
    if (buf_op_has_trait(p, BUF_TRAIT_LOOP) ||
        !buf_op_has_trait(p, BUF_TRAIT_REGION_BRANCH))
      return true;
  return false;
}

static bool explicitly_freed(const bo_vset_t *s) {
  for (uint32_t a = 0; a < s->n; a++)
    for (buf_use_t *u = s->v[a]->first_use; u; u = u->next_use)
      if (buf_op_has_trait(u->owner, BUF_TRAIT_FREE))
        return true;
  return false;
}

/* Is every dynamic size of alloc the rank of some buffer? */
static bool sizes_are_ranks(const buf_op_t *alloc) {
  for (uint32_t i = 0; i < alloc->num_operands; i++) {
    const buf_op_t *d = alloc->operands[i].value->def;
    if (!d || !buf_op_has_trait(d, BUF_TRAIT_RANK_OF))
      return false;
  }
  return true;
}

/* Indices of promote_options' rows. */
enum promote_option {
  PROMOTE_MAX_ALLOC_SIZE_IN_BYTES,
  PROMOTE_MAX_RANK_OF_ALLOCATED_MEMREF,
  PROMOTE_NUM_OPTIONS
};

static buf_status_t promote_run(buf_op_t *func,
                                const buf_pass_options_t *options) {
  int64_t max_bytes = buf_pass_option_int(options, PROMOTE_MAX_ALLOC_SIZE_IN_BYTES);
  int64_t max_rank = buf_pass_option_int(options, PROMOTE_MAX_RANK_OF_ALLOCATED_MEMREF);
  const int64_t index_bits = 64; /* upstream's default index width */
  buf_ctx_t *ctx = buf_op_ctx(func);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(func, BUF_WALK_PRE, collect, &l);
  for (uint32_t i = 0; i < l.n; i++) {
    buf_op_t *alloc = l.ops[i];
    buf_type_t t = alloc->results[0].type;
    if (t->kind != BUF_TYPE_MEMREF || (int64_t)t->u.shaped.rank > max_rank ||
        in_loop(alloc, func))
      continue;
    if (buf_type_has_static_shape(t)) {
      buf_type_t elem = t->u.shaped.elem;
      int64_t bits = elem->kind == BUF_TYPE_INDEX ? index_bits
                                                  : (int64_t)buf_type_bitwidth(elem);
      if (bits <= 0 || buf_type_num_elements(t) * ((bits + 7) / 8) > max_bytes)
        continue;
    } else if (!sizes_are_ranks(alloc)) {
      continue;
    }
    bo_vset_t aliases = {.arena = l.arena};
    bool escapes = false;
    buf__bo_alias_closure(&alloc->results[0], true, &aliases, &escapes);
    if (escapes || explicitly_freed(&aliases))
      continue;
    buf_op_state_t st;
    buf_state_init(&st, ctx, "memref.alloca", alloc->loc);
    for (uint32_t k = 0; k < alloc->num_operands; k++)
      buf_state_add_operand(&st, alloc->operands[k].value);
    buf_state_add_result(&st, t);
    for (uint32_t k = 0; k < alloc->attrs->u.dict.n; k++)
      buf_state_set_attr(&st, alloc->attrs->u.dict.entries[k].name,
                         alloc->attrs->u.dict.entries[k].value);
    buf_builder_t b;
    buf_builder_init(&b, ctx);
    buf_builder_set_before(&b, alloc);
    buf_op_t *n = buf_builder_insert(&b, &st);
    buf_value_replace_all_uses(&alloc->results[0], &n->results[0]);
    buf_op_erase(alloc);
  }
  return BUF_SUCCESS;
}

static const buf_option_spec_t promote_options[PROMOTE_NUM_OPTIONS] = {
    [PROMOTE_MAX_ALLOC_SIZE_IN_BYTES] =
        {"max-alloc-size-in-bytes", BUF_OPT_INT, "1024", NULL,
         "Largest buffer (in bytes) promoted to the stack"},
    [PROMOTE_MAX_RANK_OF_ALLOCATED_MEMREF] =
        {"max-rank-of-allocated-memref", BUF_OPT_INT, "1", NULL,
         "Largest rank of a promoted buffer"},
};

const buf_pass_def_t buf_pass_promote_buffers_to_stack = {
    .name = "promote-buffers-to-stack",
    .summary = "Turn small static non-escaping heap buffers into memref.alloca",
    .anchor = "func.func",
    .options = promote_options,
    .num_options = PROMOTE_NUM_OPTIONS,
    .run = promote_run,
};
