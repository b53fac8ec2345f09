/*
 * buffer_results_to_out_params.c: --buffer-results-to-out-params, memref
 * results of functions become trailing out-parameters the caller allocates.
 *
 * For each function with a body whose memref results all have a static
 * shape (private ones, and public ones too with modify-public-functions):
 *   - one trailing argument per memref result (same type, same order);
 *   - every func.return copies each memref operand into its out-parameter
 *     (memref.copy) and returns the other operands; with hoist-static-allocs
 *     a returned memref.alloc without operands and of the exact result type,
 *     in the entry block (run once per call), is replaced by the
 *     out-parameter instead (no copy), when the function has one return and
 *     returns that alloc once;
 *     with hoist-dynamic-allocs the same for a dynamically shaped alloc
 *     whose sizes are arguments of the function: the caller allocates it
 *     with the sizes it passes;
 *   - every func.call of the function allocates the out-buffers
 *     (memref.alloc right before the call) and the old memref results are
 *     replaced by them;
 *   - with add-result-attr each out-parameter carries the unit attribute
 *     bufferize.result.
 * Functions with argument or result attributes are left unchanged. A
 * dynamically shaped memref result that is not such a hoistable alloc
 * cannot be sized by a caller before the call: each call of such a
 * function is an error ("cannot create out param for dynamically shaped
 * result", as mlir-opt reports it) and the pass fails; a function nobody
 * in the module calls gets its out-parameter as upstream gives it.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

static bool is_public(const buf_op_t *f) {
  buf_attr_t v = buf_op_attr(f, "sym_visibility");
  return !v || v->kind != BUF_ATTR_STRING || strcmp(v->u.str.data, "public") == 0;
}

static uint32_t count_uses_in(buf_value_t *v, buf_op_t *op) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < op->num_operands; i++)
    n += op->operands[i].value == v;
  return n;
}

/* The alloc a function returns as result r from its only return, when it
 * may become the caller's allocation: a heap memref.alloc in the entry
 * block, of the result's type, returned once, whose dynamic sizes (all
 * allowed only with `dynamic`) are arguments of the function. NULL
 * otherwise. */
static buf_op_t *hoistable_alloc(buf_op_t *f, uint32_t r, bool dynamic) {
  bo_oplist_t rets = {.arena = buf_ctx_arena(buf_op_ctx(f))};
  buf__bo_collect_returns(f, &rets);
  if (rets.n != 1 || r >= rets.ops[0]->num_operands)
    return NULL;
  buf_op_t *ret = rets.ops[0];
  buf_value_t *v = ret->operands[r].value;
  buf_op_t *d = v->def;
  buf_block_t *entry = buf_region_entry(f->regions[0]);
  buf_type_t rt = buf_op_attr(f, "function_type")->type->u.func.results[r];
  if (!d || !buf__bo_is_fresh_alloc(d, BUF_ALLOC_HEAP) || d->block != entry ||
      v->type != rt || count_uses_in(v, ret) != 1 || (d->num_operands && !dynamic))
    return NULL;
  for (uint32_t i = 0; i < d->num_operands; i++)
    if (d->operands[i].value->block != entry)
      return NULL; /* a size computed in the body: the caller cannot know it */
  return d;
}

/* Does any func.call in the module call f? */
static void convert(buf_op_t *module, buf_op_t *f, bool hoist,
                    bool hoist_dynamic, bool result_attr) {
  buf_ctx_t *ctx = buf_op_ctx(f);
  buf_arena_t *arena = buf_ctx_arena(ctx);
  buf_type_t ft = buf_op_attr(f, "function_type")->type;
  uint32_t nin = ft->u.func.num_inputs, nres = ft->u.func.num_results;
  buf_type_t *ins = buf_arena_alloc(arena, (nin + nres + 1) * sizeof *ins);
  buf_type_t *outs = buf_arena_alloc(arena, (nres + 1) * sizeof *outs);
  bool *is_out = buf_arena_alloc(arena, nres + 1);
  uint32_t ni = nin, no = 0;
  for (uint32_t i = 0; i < nin; i++)
    ins[i] = ft->u.func.inputs[i];
  for (uint32_t r = 0; r < nres; r++) {
    buf_type_t t = ft->u.func.results[r];
    is_out[r] = buf_type_is_memref(t);
    if (is_out[r])
      ins[ni++] = t;
    else
      outs[no++] = t;
  }
  buf_block_t *entry = buf_region_entry(f->regions[0]);
  /* The allocs that move to the callers, found before the signature
   * changes; a dynamic one keeps the argument numbers of its sizes. */
  buf_op_t **moved = buf_arena_alloc(arena, (nres + 1) * sizeof *moved);
  uint32_t **size_args = buf_arena_alloc(arena, (nres + 1) * sizeof *size_args);
  for (uint32_t r = 0; r < nres; r++) {
    moved[r] = NULL;
    if (!is_out[r])
      continue;
    bool dynamic = !buf_type_has_static_shape(ft->u.func.results[r]);
    if ((dynamic && hoist_dynamic) || (!dynamic && hoist))
      moved[r] = hoistable_alloc(f, r, dynamic);
    if (moved[r]) {
      size_args[r] = buf_arena_alloc(arena, (moved[r]->num_operands + 1) * sizeof **size_args);
      for (uint32_t i = 0; i < moved[r]->num_operands; i++)
        size_args[r][i] = moved[r]->operands[i].value->index;
    }
  }
  buf_value_t **out_args = buf_arena_alloc(arena, (nres + 1) * sizeof *out_args);
  for (uint32_t r = 0; r < nres; r++)
    if (is_out[r])
      out_args[r] = buf_block_add_arg(entry, ft->u.func.results[r], f->loc);
  buf_op_set_attr(f, "function_type",
                  buf_attr_type(ctx, buf_type_function(ctx, ni, ins, no, outs)));
  if (result_attr) {
    buf_attr_t *dicts = buf_arena_alloc(arena, (ni + 1) * sizeof *dicts);
    buf_named_attr_t mark = {buf_ident_cstr(ctx, "bufferize.result"), buf_attr_unit(ctx)};
    for (uint32_t i = 0; i < ni; i++)
      dicts[i] = buf_attr_dict(ctx, i < nin ? 0 : 1, i < nin ? NULL : &mark);
    buf_op_set_attr(f, "arg_attrs", buf_attr_array(ctx, ni, dicts));
  }

  bo_oplist_t rets = {.arena = arena};
  buf__bo_collect_returns(f, &rets);
  for (uint32_t k = 0; k < rets.n; k++) {
    buf_op_t *ret = rets.ops[k];
    buf_builder_t b;
    buf_builder_init(&b, ctx);
    buf_builder_set_before(&b, ret);
    b.loc = ret->loc;
    buf_value_t **keep = buf_arena_alloc(arena, (nres + 1) * sizeof *keep);
    uint32_t nk = 0;
    for (uint32_t r = 0; r < nres && r < ret->num_operands; r++) {
      buf_value_t *v = ret->operands[r].value;
      if (!is_out[r]) {
        keep[nk++] = v;
        continue;
      }
      if (moved[r] && v->def == moved[r]) {
        buf_value_replace_all_uses(v, out_args[r]);
        buf_op_erase(moved[r]);
        continue;
      }
      buf_value_t *ops[2] = {v, out_args[r]};
      buf_build(&b, "memref.copy", NULL, 2, ops, NULL);
    }
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
    buf_value_t **args =
        buf_arena_alloc(arena, (call->num_operands + nres + 1) * sizeof *args);
    uint32_t na = 0;
    for (uint32_t i = 0; i < call->num_operands; i++)
      args[na++] = call->operands[i].value;
    buf_value_t **bufs = buf_arena_alloc(arena, (nres + 1) * sizeof *bufs);
    for (uint32_t r = 0; r < nres; r++)
      if (is_out[r]) {
        /* a moved dynamic alloc takes the sizes this call passes */
        uint32_t nsizes = moved[r] ? moved[r]->num_operands : 0;
        buf_value_t **sizes = buf_arena_alloc(arena, (nsizes + 1) * sizeof *sizes);
        for (uint32_t i = 0; i < nsizes; i++)
          sizes[i] = call->operands[size_args[r][i]].value;
        int64_t seg[2] = {nsizes, 0};
        bufs[r] = buf_op_result(
            buf_build(&b, "memref.alloc", ft->u.func.results[r], nsizes, sizes,
                      "operandSegmentSizes",
                      buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, seg, NULL),
                      NULL),
            0);
        args[na++] = bufs[r];
      }
    buf_op_state_t st;
    buf_state_init(&st, ctx, "func.call", call->loc);
    buf_state_add_operands(&st, na, args);
    buf_state_add_results(&st, no, outs);
    for (uint32_t i = 0; i < call->attrs->u.dict.n; i++)
      buf_state_set_attr(&st, call->attrs->u.dict.entries[i].name,
                         call->attrs->u.dict.entries[i].value);
    buf_op_t *n = buf_builder_insert(&b, &st);
    uint32_t j = 0;
    for (uint32_t r = 0; r < nres; r++)
      buf_value_replace_all_uses(&call->results[r],
                                 is_out[r] ? bufs[r] : &n->results[j++]);
    buf_op_erase(call);
  }
}

/* Indices of out_params_options' rows. */
enum out_params_option {
  OUT_PARAMS_ADD_RESULT_ATTR,
  OUT_PARAMS_HOIST_DYNAMIC_ALLOCS,
  OUT_PARAMS_HOIST_STATIC_ALLOCS,
  OUT_PARAMS_MODIFY_PUBLIC_FUNCTIONS,
  OUT_PARAMS_NUM_OPTIONS
};

static buf_status_t out_params_run(buf_op_t *module,
                                   const buf_pass_options_t *options) {
  bool hoist = buf_pass_option_bool(options, OUT_PARAMS_HOIST_STATIC_ALLOCS);
  bool pub = buf_pass_option_bool(options, OUT_PARAMS_MODIFY_PUBLIC_FUNCTIONS);
  bool hoist_dynamic = buf_pass_option_bool(options, OUT_PARAMS_HOIST_DYNAMIC_ALLOCS);
  bool result_attr = buf_pass_option_bool(options, OUT_PARAMS_ADD_RESULT_ATTR);
  if (module->num_regions == 0 || !buf_region_entry(module->regions[0]))
    return BUF_SUCCESS;
  bool failed = false;
  for (buf_op_t *f = buf_region_entry(module->regions[0])->first; f;
       f = f->next) {
    if (!buf_op_has_trait(f, BUF_TRAIT_FUNCTION) || f->num_regions == 0 ||
        buf_region_empty(f->regions[0]) || (is_public(f) && !pub) ||
        buf_op_has_attr(f, "arg_attrs") || buf_op_has_attr(f, "res_attrs"))
      continue;
    buf_attr_t fta = buf_op_attr(f, "function_type");
    if (!fta || !fta->type || fta->type->kind != BUF_TYPE_FUNCTION)
      continue;
    bool any = false, ok = true, unsized = false;
    for (uint32_t r = 0; r < fta->type->u.func.num_results; r++) {
      buf_type_t t = fta->type->u.func.results[r];
      if (!buf_type_is_memref(t))
        continue;
      any = true;
      if (t->kind != BUF_TYPE_MEMREF)
        ok = false;
      else if (!buf_type_has_static_shape(t) &&
               !(hoist_dynamic && hoistable_alloc(f, r, true)))
        unsized = true;
    }
    if (!any || !ok)
      continue;
    /* A caller cannot size the out-buffer of an unsized result: every call
     * of such a function is an error, as upstream's pass reports it. */
    if (unsized) {
      bo_oplist_t calls = {.arena = buf_ctx_arena(buf_op_ctx(f))};
      buf__bo_collect_calls(module, f, &calls);
      for (uint32_t c = 0; c < calls.n; c++)
        buf_emit_error(buf_op_ctx(f), calls.ops[c]->loc,
                       "cannot create out param for dynamically shaped "
                       "result");
      if (calls.n) {
        failed = true;
        continue;
      }
    }
    convert(module, f, hoist, hoist_dynamic, result_attr);
  }
  return failed ? BUF_FAILURE : BUF_SUCCESS;
}

static const buf_option_spec_t out_params_options[OUT_PARAMS_NUM_OPTIONS] = {
    [OUT_PARAMS_ADD_RESULT_ATTR] =
        {"add-result-attr", BUF_OPT_BOOL, "false", NULL,
         "Mark every out-parameter with the attribute bufferize.result"},
    [OUT_PARAMS_HOIST_DYNAMIC_ALLOCS] =
        {"hoist-dynamic-allocs", BUF_OPT_BOOL, "false", NULL,
         "Move a returned dynamically shaped alloc, sized by arguments, to the callers"},
    [OUT_PARAMS_HOIST_STATIC_ALLOCS] =
        {"hoist-static-allocs", BUF_OPT_BOOL, "false", NULL,
         "Use the out-parameter in place of a returned static memref.alloc"},
    [OUT_PARAMS_MODIFY_PUBLIC_FUNCTIONS] =
        {"modify-public-functions", BUF_OPT_BOOL, "false", NULL,
         "Also change the signatures of public functions"},
};

const buf_pass_def_t buf_pass_buffer_results_to_out_params = {
    .name = "buffer-results-to-out-params",
    .summary = "Turn memref function results into out-parameters allocated "
               "by the caller",
    .anchor = "builtin.module",
    .options = out_params_options,
    .num_options = OUT_PARAMS_NUM_OPTIONS,
    .run = out_params_run,
};
