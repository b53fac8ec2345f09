/*
 * dealloc_simplification.c: --buffer-deallocation-simplification, shrinks
 * bufferization.dealloc ops using what is known statically.
 *
 *   - A memref whose condition is the constant false is dropped.
 *   - With a single retained value r, a memref in r's allocation (r
 *     itself, the base buffer extracted from r, a buffer r is a view of,
 *     the init of a loop that yields r's iteration argument unchanged) is
 *     never freed by the op: it is dropped and its condition is or-ed into
 *     the result. So a returned view of a fresh allocation, or a loop's
 *     result that is its init, keeps no run-time ownership check.
 *   - Conditions are read through loops that carry them unchanged.
 *   - A fresh buffer (a heap allocation: memref.alloc, realloc,
 *     bufferization.clone; or a call result) defined in the dealloc's block, with the constant true
 *     condition, none of whose possible aliases is retained or deallocated
 *     by the same op, leaves the op: a memref.dealloc is placed right after
 *     the last op of the block that uses the buffer or any possible alias
 *     (uses nested in regions count at their ancestor in the block). When
 *     an alias is used in another block the buffer stays in the op.
 *   - A dealloc left with no memrefs is erased; its results become false.
 *
 * Aliases come from buf__bo_alias_closure, which over-approximates, so the
 * early dealloc is never before a use. Runs on bufferization.dealloc ops
 * from any producer (the semantics, not the producer, justify each step).
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

/* The buffer v is the base of, when v is the base buffer an op reads from
 * another one's descriptor (memref.extract_strided_metadata's result 0,
 * which the ownership pass frees in place of a view); else NULL. */
static buf_value_t *base_source(const buf_value_t *v) {
  buf_op_t *def = v->def;
  return def && v->index == 0 && def->num_operands >= 1 &&
                 buf_op_has_trait(def, BUF_TRAIT_METADATA_ONLY) &&
                 buf_type_is_memref(v->type)
             ? def->operands[0].value
             : NULL;
}

/* The init of loop result v when every iteration yields the iteration
 * argument back unchanged (scf.for's iter_args(%x = %init) ... yield %x):
 * the result is then the init itself, whatever the trip count; else NULL.
 * Only loops whose definition says where inits and block arguments start
 * (forward_first / forward_arg) and with a single body block qualify. */
static buf_value_t *unchanged_loop_init(const buf_value_t *v) {
  buf_op_t *loop = v->def;
  if (!loop || !buf_op_has_trait(loop, BUF_TRAIT_LOOP) ||
      loop->num_regions != 1 || !loop->def->forward_first)
    return NULL;
  uint32_t i = v->index, ff = loop->def->forward_first,
           fa = loop->def->forward_arg;
  buf_block_t *body = buf_region_entry(loop->regions[0]);
  if (!body || body->next || ff + i >= loop->num_operands ||
      fa + i >= body->num_args || !body->last)
    return NULL;
  buf_op_t *t = body->last;
  uint32_t tf = buf_op_has_trait(t, BUF_TRAIT_FORWARDS) ? t->def->forward_first
                                                        : 0;
  if (tf + i >= t->num_operands ||
      t->operands[tf + i].value != body->args[fa + i])
    return NULL;
  return loop->operands[ff + i].value;
}

/* The value whose allocation v certainly is: through views (a view is in
 * its source's allocation), the base buffer read from a descriptor, and
 * loop results equal to their inits. Two values with one root are one
 * allocation, so freeing one frees the other. */
static buf_value_t *allocation_root(buf_value_t *v) {
  for (uint32_t depth = 0; depth < 64; depth++) {
    buf_value_t *s = base_source(v);
    if (!s && v->def && buf_op_has_trait(v->def, BUF_TRAIT_VIEW))
      s = buf_op_view_source(v->def);
    if (!s)
      s = unchanged_loop_init(v);
    if (!s)
      return v;
    v = s;
  }
  return v;
}

/* A condition known to be the constant `value`, looking through loop
 * results equal to their inits (an ownership flag a loop carries
 * unchanged). */
static bool cond_is_const(buf_value_t *c, bool value) {
  for (uint32_t depth = 0; c && depth < 64; depth++) {
    if (buf__bo_value_is_const_i1(c, value))
      return true;
    c = unchanged_loop_init(c);
  }
  return false;
}

/* A use that exists only to feed deallocs (the base extraction that the
 * ownership pass emits for them) does not keep a buffer alive. */
static bool is_dealloc_only_use(const buf_op_t *user) {
  if (buf__bo_is_bufferization_dealloc(user))
    return true;
  if (user->num_results == 0 || !base_source(&user->results[0]))
    return false;
  for (buf_use_t *u = user->results[0].first_use; u; u = u->next_use)
    if (!buf__bo_is_bufferization_dealloc(u->owner))
      return false;
  for (uint32_t i = 1; i < user->num_results; i++)
    if (user->results[i].first_use)
      return false;
  return true;
}

/* Tries to free m early; returns true when it placed a memref.dealloc. */
static bool free_early(buf_ctx_t *ctx, buf_op_t *dealloc, uint32_t mi,
                       uint32_t nm, uint32_t nr, uint32_t sm, uint32_t sr) {
  buf_value_t *m = dealloc->operands[sm + mi].value;
  buf_block_t *blk = dealloc->block;
  /* The base of a call result (which may be a view) frees with it: the
   * extraction moves along, when it only feeds this dealloc. */
  buf_value_t *fresh = m;
  buf_op_t *extract = NULL;
  if (base_source(m) && base_source(m)->def &&
      buf_op_has_trait(base_source(m)->def, BUF_TRAIT_CALL) &&
      is_dealloc_only_use(m->def) && m->def->block == blk) {
    extract = m->def;
    fresh = base_source(m);
  }
  if (!fresh->def || fresh->def->block != blk)
    return false;
  /* A heap allocation, or a call (calls return owned buffers). */
  if (buf_op_alloc_kind(fresh->def) != BUF_ALLOC_HEAP &&
      !buf_op_has_trait(fresh->def, BUF_TRAIT_CALL))
    return false;
  bo_vset_t aliases = {.arena = buf_ctx_arena(ctx)};
  buf__bo_alias_closure(fresh, false, &aliases, NULL);
  for (uint32_t j = 0; j < nr; j++)
    if (buf__bo_vset_has(&aliases, dealloc->operands[sr + j].value))
      return false;
  for (uint32_t k = 0; k < nm; k++)
    if (k != mi && buf__bo_vset_has(&aliases, dealloc->operands[sm + k].value))
      return false;
  buf_op_t *last = fresh->def;
  for (uint32_t a = 0; a < aliases.n; a++) {
    for (buf_use_t *u = aliases.v[a]->first_use; u; u = u->next_use) {
      if (u->owner == dealloc || is_dealloc_only_use(u->owner))
        continue;
      buf_op_t *anc = buf__bo_ancestor_in_block(u->owner, blk);
      if (!anc)
        return false;
      if (buf_op_is_before_in_block(last, anc))
        last = anc;
    }
    /* An alias defined in another block (a block argument) may be used
     * there too; the closure has its uses, checked above. */
  }
  if (!buf_op_is_before_in_block(last, dealloc))
    return false;
  if (extract && extract != last) {
    buf_op_move_before(extract, last);
    buf_op_move_before(last, extract); /* now right after last */
  }
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_after(&b, extract ? extract : last);
  b.loc = dealloc->loc;
  buf_build(&b, "memref.dealloc", NULL, 1, &m, NULL);
  return true;
}

static void simplify_one(buf_ctx_t *ctx, buf_op_t *op) {
  buf_arena_t *arena = buf_ctx_arena(ctx);
  uint32_t nm, nc, nr;
  uint32_t sm = buf_op_segment(op, 0, &nm);
  uint32_t sc = buf_op_segment(op, 1, &nc);
  uint32_t sr = buf_op_segment(op, 2, &nr);
  if (nm != nc)
    return;
  bool *drop = buf_arena_alloc(arena, nm + 1);
  uint32_t kept = 0;
  /* Conditions of memrefs that are the single retained value itself (or
   * its base): never freed here, and they pass their condition on. */
  buf_value_t **passed = buf_arena_alloc(arena, (nm + 1) * sizeof *passed);
  uint32_t npassed = 0;
  for (uint32_t i = 0; i < nm; i++) {
    buf_value_t *c = op->operands[sc + i].value;
    buf_value_t *m = op->operands[sm + i].value;
    buf_value_t *r = nr == 1 ? op->operands[sr].value : NULL;
    if (cond_is_const(c, false))
      drop[i] = true;
    else if (r && (m == r || allocation_root(m) == allocation_root(r))) {
      drop[i] = true;
      passed[npassed++] = c;
    }
    else if (buf__bo_value_is_const_i1(c, true) &&
             free_early(ctx, op, i, nm, nr, sm, sr))
      drop[i] = true;
    kept += !drop[i];
  }
  if (kept == nm)
    return;
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  if (kept == 0) {
    buf_value_t *f = NULL;
    for (uint32_t k = 0; k < npassed; k++)
      f = f ? buf_op_result(buf_build(&b, "arith.ori", buf_type_i1(ctx), 2,
                                      (buf_value_t *[]){f, passed[k]}, NULL),
                            0)
            : passed[k];
    if (nr && !f)
      f = buf_op_result(buf_build(&b, "arith.constant", buf_type_i1(ctx), 0,
                                  NULL, "value", buf_attr_bool(ctx, false),
                                  NULL),
                        0);
    for (uint32_t j = 0; j < nr; j++)
      buf_value_replace_all_uses(&op->results[j], f);
    buf_op_erase(op);
    return;
  }
  buf_op_state_t st;
  buf_state_init(&st, ctx, "bufferization.dealloc", op->loc);
  for (uint32_t i = 0; i < nm; i++)
    if (!drop[i])
      buf_state_add_operand(&st, op->operands[sm + i].value);
  for (uint32_t i = 0; i < nm; i++)
    if (!drop[i])
      buf_state_add_operand(&st, op->operands[sc + i].value);
  for (uint32_t j = 0; j < nr; j++) {
    buf_state_add_operand(&st, op->operands[sr + j].value);
    buf_state_add_result(&st, buf_type_i1(ctx));
  }
  int64_t seg[3] = {kept, kept, nr};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 3, seg, NULL));
  buf_op_t *n = buf_builder_insert(&b, &st);
  for (uint32_t j = 0; j < nr; j++) {
    buf_value_t *res = &n->results[j];
    for (uint32_t k = 0; k < npassed; k++)
      res = buf_op_result(buf_build(&b, "arith.ori", buf_type_i1(ctx), 2,
                                    (buf_value_t *[]){res, passed[k]}, NULL),
                          0);
    buf_value_replace_all_uses(&op->results[j], res);
  }
  buf_op_erase(op);
}

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  if (buf__bo_is_bufferization_dealloc(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* Removes extract_strided_metadata ops left without uses (the bases of
 * memrefs dropped from deallocs). */
static buf_walk_result_t drop_dead_meta(buf_op_t *op, void *user) {
  (void)user;
  if (op->num_results == 0 || !base_source(&op->results[0]))
    return BUF_WALK_ADVANCE;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (op->results[i].first_use)
      return BUF_WALK_ADVANCE;
  buf_op_erase(op);
  return BUF_WALK_ADVANCE;
}

buf_status_t buf__dealloc_simplify(buf_op_t *root) {
  buf_ctx_t *ctx = buf_op_ctx(root);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(root, BUF_WALK_POST, collect, &l);
  for (uint32_t i = 0; i < l.n; i++)
    simplify_one(ctx, l.ops[i]);
  buf_op_walk(root, BUF_WALK_POST, drop_dead_meta, NULL);
  return BUF_SUCCESS;
}

static buf_status_t simplify_run(buf_op_t *module,
                                 const buf_pass_options_t *options) {
  (void)options;
  return buf__dealloc_simplify(module);
}

const buf_pass_def_t buf_pass_buffer_deallocation_simplification = {
    .name = "buffer-deallocation-simplification",
    .summary = "Drop statically known memrefs from bufferization.dealloc "
               "ops and free fresh buffers right after their last use",
    .anchor = "any",
    .run = simplify_run,
};

/* buffer-deallocation-pipeline: the three passes in order, then the clone
 * folding of upstream's canonicalizer (dealloc_cleanup.c), as one pass so
 * that the name is accepted wherever a pass name is (mlir-opt registers it
 * as a pipeline; the effect is the same). */
/* Indices of pipeline_options' rows. */
enum pipeline_option {
  PIPELINE_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP,
  PIPELINE_NUM_OPTIONS
};

static buf_status_t pipeline_run(buf_op_t *module,
                                 const buf_pass_options_t *options) {
  bool dynamic = buf_pass_option_bool(options, PIPELINE_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP);
  if (BUF_FAILED(buf__ownership_dealloc_module(module, dynamic)) ||
      BUF_FAILED(buf__dealloc_simplify(module)) ||
      BUF_FAILED(buf__lower_deallocs(module)))
    return BUF_FAILURE;
  return buf__dealloc_cleanup(module);
}

static const buf_option_spec_t pipeline_options[PIPELINE_NUM_OPTIONS] = {
    [PIPELINE_PRIVATE_FUNCTION_DYNAMIC_OWNERSHIP] =
        {"private-function-dynamic-ownership", BUF_OPT_BOOL, "false", NULL,
         "Allows to add additional results to private functions to return "
         "ownership of returned memrefs to callers. This can avoid spurious "
         "buffer clones in the callee."},
};

const buf_pass_def_t buf_pass_buffer_deallocation_pipeline = {
    .name = "buffer-deallocation-pipeline",
    .is_pipeline = true,
    .summary = "ownership-based-buffer-deallocation, "
               "buffer-deallocation-simplification and "
               "bufferization-lower-deallocations in order",
    .anchor = "builtin.module",
    .options = pipeline_options,
    .num_options = PIPELINE_NUM_OPTIONS,
    .run = pipeline_run,
};
