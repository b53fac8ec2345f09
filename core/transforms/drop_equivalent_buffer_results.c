/*
 * drop_equivalent_buffer_results.c: --drop-equivalent-buffer-results,
 * removes memref results that are always one of the function's arguments.
 *
 * Result r of a private function with a body is dropped when every
 * func.return returns the same entry-block argument a as operand r, or a
 * memref.cast of it (casts change only the static type). Each
 * func.call of the function then uses its own operand a in place of result
 * r (through memref.cast when the types differ). Public functions keep
 * their signature (callers outside the module may rely on it), as do
 * functions with result attributes.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static bool is_private(const buf_op_t *f) {
  buf_attr_t v = buf_op_attr(f, "sym_visibility");
  return v && v->kind == BUF_ATTR_STRING && strcmp(v->u.str.data, "private") == 0;
}

static void drop_in(buf_op_t *module, buf_op_t *f) {
  buf_ctx_t *ctx = buf_op_ctx(f);
  buf_arena_t *arena = buf_ctx_arena(ctx);
  buf_type_t ft = buf_op_attr(f, "function_type")->type;
  uint32_t nres = ft->u.func.num_results;
  buf_block_t *entry = buf_region_entry(f->regions[0]);
  bo_oplist_t rets = {.arena = arena};
  buf__bo_collect_returns(f, &rets);
  if (rets.n == 0)
    return;
  int64_t *arg_of = buf_arena_alloc(arena, (nres + 1) * sizeof *arg_of);
  uint32_t ndrop = 0;
  for (uint32_t r = 0; r < nres; r++) {
    arg_of[r] = -1;
    if (!buf_type_is_memref(ft->u.func.results[r]))
      continue;
    for (uint32_t k = 0; k < rets.n; k++) {
      buf_value_t *v = rets.ops[k]->operands[r].value;
      while (v->def && buf_op_view_kind(v->def) == BUF_VIEW_CAST)
        v = buf_op_view_source(v->def);
      int64_t a = (!v->def && v->block == entry) ? (int64_t)v->index : -2;
      if (a < 0 || (k > 0 && arg_of[r] != a)) {
        arg_of[r] = -1;
        break;
      }
      arg_of[r] = a;
    }
    ndrop += arg_of[r] >= 0;
  }
  if (ndrop == 0)
    return;
  buf_type_t *outs = buf_arena_alloc(arena, (nres + 1) * sizeof *outs);
  uint32_t no = 0;
  for (uint32_t r = 0; r < nres; r++)
    if (arg_of[r] < 0)
      outs[no++] = ft->u.func.results[r];
  buf_op_set_attr(f, "function_type",
                  buf_attr_type(ctx, buf_type_function(ctx, ft->u.func.num_inputs,
                                                       ft->u.func.inputs, no,
                                                       outs)));
  for (uint32_t k = 0; k < rets.n; k++) {
    buf_op_t *ret = rets.ops[k];
    buf_value_t **keep = buf_arena_alloc(arena, (nres + 1) * sizeof *keep);
    uint32_t nk = 0;
    for (uint32_t r = 0; r < nres; r++)
      if (arg_of[r] < 0)
        keep[nk++] = ret->operands[r].value;
    buf_op_set_operands(ret, nk, keep);
  }
  bo_oplist_t calls = {.arena = arena};
  buf__bo_collect_calls(module, f, &calls);
  for (uint32_t k = 0; k < calls.n; k++) {
    buf_op_t *call = calls.ops[k];
    buf_builder_t b;
    buf_builder_init(&b, ctx);
    buf_builder_set_before(&b, call);
    b.loc = call->loc;
    buf_op_state_t st;
    buf_state_init(&st, ctx, "func.call", call->loc);
    for (uint32_t i = 0; i < call->num_operands; i++)
      buf_state_add_operand(&st, call->operands[i].value);
    buf_state_add_results(&st, no, outs);
    for (uint32_t i = 0; i < call->attrs->u.dict.n; i++)
      buf_state_set_attr(&st, call->attrs->u.dict.entries[i].name,
                         call->attrs->u.dict.entries[i].value);
    buf_op_t *n = buf_builder_insert(&b, &st);
    uint32_t j = 0;
    for (uint32_t r = 0; r < nres; r++) {
      if (arg_of[r] < 0) {
        buf_value_replace_all_uses(&call->results[r], &n->results[j++]);
        continue;
      }
      buf_value_t *a = call->operands[arg_of[r]].value;
      if (a->type != call->results[r].type)
        a = buf_op_result(
            buf_build(&b, "memref.cast", call->results[r].type, 1, &a, NULL), 0);
      buf_value_replace_all_uses(&call->results[r], a);
    }
    buf_op_erase(call);
  }
}

static buf_status_t drop_run(buf_op_t *module,
                             const buf_pass_options_t *options) {
  (void)options;
  if (module->num_regions == 0 || !buf_region_entry(module->regions[0]))
    return BUF_SUCCESS;
  for (buf_op_t *f = buf_region_entry(module->regions[0])->first; f;
       f = f->next) {
    if (!buf_op_has_trait(f, BUF_TRAIT_FUNCTION) || f->num_regions == 0 ||
        buf_region_empty(f->regions[0]) || !is_private(f) ||
        buf_op_has_attr(f, "res_attrs"))
      continue;
    buf_attr_t fta = buf_op_attr(f, "function_type");
    if (fta && fta->type && fta->type->kind == BUF_TYPE_FUNCTION)
      drop_in(module, f);
  }
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_drop_equivalent_buffer_results = {
    .name = "drop-equivalent-buffer-results",
    .summary = "Remove memref results that always return one of the "
               "function's arguments",
    .anchor = "builtin.module",
    .run = drop_run,
};
