/*
 * inline.c: --inline, replaces calls by the bodies of the functions they
 * call, as mlir-opt's inliner does, then runs the default pipeline
 * (canonicalize) on every function and erases the private functions that
 * nothing refers to any more.
 *
 * A call is inlined when its callee is a function of the module with a
 * body, neither the call nor the callee carries no_inline, every op of the body is of a
 * registered dialect (an unregistered op has no inliner interface
 * upstream), and the callee is not on a cycle of the call graph (a
 * recursive function is never expanded into itself or its cycle). A callee
 * of several blocks is inlined only where the call's region may hold
 * several blocks (and where the ops around the call accept the body, see
 * buf_opdef_t.inline_into_legal): the call's block is split after the call, the body's
 * blocks go between the halves, and each return becomes a branch to the
 * second half, whose arguments replace the call's results. Rounds repeat
 * until no call is left to inline, so calls that inlined bodies bring in
 * are inlined too (the call graph has no cycle through them, so this ends).
 */
#include <string.h>

#include "buf/pipeline.h"
#include "bufopt_internal.h"

enum {
  INLINE_DEFAULT_PIPELINE,
  INLINE_INLINING_THRESHOLD,
  INLINE_MAX_ITERATIONS,
  INLINE_OP_PIPELINES,
  INLINE_NUM_OPTIONS
};

static const buf_option_spec_t inline_options[INLINE_NUM_OPTIONS] = {
    [INLINE_DEFAULT_PIPELINE] = {"default-pipeline", BUF_OPT_STRING, "canonicalize", NULL,
                                 "The optimizer pipeline used for callables that do not "
                                 "have a dedicated optimizer pipeline in opPipelineList"},
    [INLINE_INLINING_THRESHOLD] = {"inlining-threshold", BUF_OPT_STRING, "4294967295", NULL,
                                   "If the ratio between the number of the operations in "
                                   "the callee and the number of the operations in the "
                                   "caller exceeds this value (in percentage), then the "
                                   "callee is not inlined even if it is legal to inline it"},
    [INLINE_MAX_ITERATIONS] = {"max-iterations", BUF_OPT_INT, "4", NULL,
                               "Maximum number of iterations when inlining within an SCC"},
    [INLINE_OP_PIPELINES] = {"op-pipelines", BUF_OPT_LIST, "", NULL,
                             "Callable operation specific optimizer pipelines (in the "
                             "form of `dialect.op(pipeline)`)"},
};

/* The functions of the module with their direct callees (call graph). */
typedef struct inline_graph {
  buf_op_t **funcs;
  uint32_t n;
  bo_oplist_t *callees; /* callees[i]: the functions funcs[i] calls */
  bool *on_cycle;       /* funcs[i] reaches itself through calls */
} inline_graph_t;

static int64_t graph_index(const inline_graph_t *g, const buf_op_t *f) {
  for (uint32_t i = 0; i < g->n; i++)
    if (g->funcs[i] == f)
      return i;
  return -1;
}

static bool has_body(const buf_op_t *f) {
  return f->num_regions > 0 && buf_region_entry(f->regions[0]) != NULL;
}

static buf_walk_result_t collect_calls(buf_op_t *op, void *user) {
  if (buf_op_has_trait(op, BUF_TRAIT_CALL) && buf_op_callee(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* True when funcs[to] is reachable from funcs[from] (depth-first). */
static bool reaches(const inline_graph_t *g, uint32_t from, uint32_t to, bool *seen) {
  if (seen[from])
    return false;
  seen[from] = true;
  for (uint32_t k = 0; k < g->callees[from].n; k++) {
    int64_t j = graph_index(g, g->callees[from].ops[k]);
    if (j < 0)
      continue;
    if ((uint32_t)j == to || reaches(g, (uint32_t)j, to, seen))
      return true;
  }
  return false;
}

static void build_graph(buf_op_t *module, inline_graph_t *g) {
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(module));
  buf_block_t *body = buf_region_entry(module->regions[0]);
  uint32_t n = 0;
  for (buf_op_t *op = body->first; op; op = op->next)
    n += buf_op_has_trait(op, BUF_TRAIT_FUNCTION);
  g->n = 0;
  g->funcs = buf_arena_alloc(arena, (n + 1) * sizeof *g->funcs);
  g->callees = buf_arena_alloc(arena, (n + 1) * sizeof *g->callees);
  g->on_cycle = buf_arena_alloc(arena, (n + 1) * sizeof *g->on_cycle);
  for (buf_op_t *op = body->first; op; op = op->next)
    if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION))
      g->funcs[g->n++] = op;
  for (uint32_t i = 0; i < g->n; i++) {
    bo_oplist_t calls = {.arena = arena};
    buf_op_walk(g->funcs[i], BUF_WALK_POST, collect_calls, &calls);
    g->callees[i] = (bo_oplist_t){.arena = arena};
    for (uint32_t k = 0; k < calls.n; k++)
      buf__bo_oplist_push(&g->callees[i], buf_op_callee(calls.ops[k]));
  }
  bool *seen = buf_arena_alloc(arena, (g->n + 1) * sizeof *seen);
  for (uint32_t i = 0; i < g->n; i++) {
    memset(seen, 0, (g->n + 1) * sizeof *seen);
    g->on_cycle[i] = reaches(g, i, i, seen);
  }
}

static buf_walk_result_t find_unregistered(buf_op_t *op, void *user) {
  (void)user;
  return buf_op_has_trait(op, BUF_TRAIT_UNREGISTERED) ? BUF_WALK_INTERRUPT
                                                      : BUF_WALK_ADVANCE;
}

static bool callee_inlinable(const inline_graph_t *g, buf_op_t *callee) {
  int64_t i = graph_index(g, callee);
  if (i < 0 || g->on_cycle[i] || !has_body(callee) || buf_op_has_attr(callee, "no_inline"))
    return false;
  buf_region_t *r = callee->regions[0];
  for (buf_block_t *b = r->first; b; b = b->next)
    for (buf_op_t *op = b->first; op; op = op->next)
      if (buf_op_walk(op, BUF_WALK_PRE, find_unregistered, NULL) == BUF_WALK_INTERRUPT)
        return false;
  return true;
}

static bool callee_has_one_block(const buf_op_t *callee) {
  buf_block_t *entry = buf_region_entry(callee->regions[0]);
  return entry->next == NULL;
}

/* The call's region may hold several blocks: its parent op does not
 * require single-block regions. */
static bool region_allows_blocks(const buf_op_t *call) {
  buf_op_t *parent = buf_block_parent_op(call->block);
  return parent && !buf_op_has_trait(parent, BUF_TRAIT_SINGLE_BLOCK);
}

/* Every op around the call, up to its function, accepts the body (the
 * ops' inline_into_legal facts: affine loops keep affine values valid). */
static bool enclosing_ops_accept(const buf_op_t *call, const buf_op_t *callee) {
  buf_block_t *body = buf_region_entry(callee->regions[0]);
  for (buf_op_t *p = buf_op_parent(call); p && !buf_op_has_trait(p, BUF_TRAIT_FUNCTION);
       p = buf_op_parent(p))
    if (p->def->inline_into_legal && !p->def->inline_into_legal(p, call, body))
      return false;
  return true;
}

/* Clones the ops of callee block `from` before `anchor` (in anchor's
 * block, or at the end of `into` when anchor is NULL). A return becomes a
 * branch to cont with its operands, or, when cont is NULL (a callee of one
 * block), is not cloned and its mapped operands are stored in `results`. */
static void clone_block_ops(buf_builder_t *b, buf_block_t *from, buf_irmap_t *map,
                            buf_op_t *anchor, buf_block_t *into, buf_block_t *cont,
                            buf_value_t **results) {
  for (buf_op_t *op = from->first; op; op = op->next) {
    if (buf_op_has_trait(op, BUF_TRAIT_RETURN_LIKE)) {
      buf_value_t **vals = buf_arena_alloc(buf_ctx_arena(b->ctx),
                                           (op->num_operands + 1) * sizeof *vals);
      for (uint32_t i = 0; i < op->num_operands; i++)
        vals[i] = buf_irmap_value(map, op->operands[i].value);
      if (!cont) {
        memcpy(results, vals, op->num_operands * sizeof *vals);
        continue;
      }
      if (anchor)
        buf_builder_set_before(b, anchor);
      else
        buf_builder_set_block_end(b, into);
      b->loc = op->loc;
      buf_op_state_t st;
      buf_state_init(&st, b->ctx, "cf.br", op->loc);
      buf_state_add_operands(&st, op->num_operands, vals);
      buf_state_add_successor(&st, cont);
      buf_builder_insert(b, &st);
      continue;
    }
    buf_op_t *copy = buf_op_clone(op, map);
    if (anchor)
      buf_op_move_before(copy, anchor);
    else
      buf_block_append_op(into, copy);
  }
}

/* Replaces call by callee's body (see the file comment). */
static void inline_call(buf_ctx_t *ctx, buf_op_t *call, buf_op_t *callee) {
  buf_region_t *src = callee->regions[0];
  buf_block_t *entry = buf_region_entry(src);
  buf_irmap_t *map = buf_irmap_create(ctx);
  for (uint32_t i = 0; i < entry->num_args; i++)
    buf_irmap_set_value(map, entry->args[i], call->operands[i].value);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  if (callee_has_one_block(callee)) {
    buf_value_t **results = buf_arena_alloc(buf_ctx_arena(ctx),
                                            (call->num_results + 1) * sizeof *results);
    clone_block_ops(&b, entry, map, call, NULL, NULL, results);
    for (uint32_t i = 0; i < call->num_results; i++)
      buf_value_replace_all_uses(&call->results[i], results[i]);
    buf_op_erase(call);
    buf_irmap_destroy(map);
    return;
  }
  /* Split: the ops after the call move to cont, whose arguments are the
   * call's results. */
  buf_block_t *head = call->block;
  buf_region_t *region = head->region;
  buf_block_t *cont = buf_block_create(ctx);
  for (uint32_t i = 0; i < call->num_results; i++) {
    buf_value_t *arg = buf_block_add_arg(cont, call->results[i].type, call->loc);
    buf_value_replace_all_uses(&call->results[i], arg);
  }
  buf_region_insert_block_after(region, head, cont);
  while (call->next) {
    buf_op_t *op = call->next;
    buf_op_remove(op);
    buf_block_append_op(cont, op);
  }
  /* The other blocks of the body go between head and cont, each with its
   * arguments; they are mapped before any op is cloned so branches find
   * their destinations. */
  buf_block_t *after = head;
  for (buf_block_t *from = entry->next; from; from = from->next) {
    buf_block_t *nb = buf_block_create(ctx);
    for (uint32_t i = 0; i < from->num_args; i++)
      buf_irmap_set_value(map, from->args[i],
                          buf_block_add_arg(nb, from->args[i]->type, from->args[i]->loc));
    buf_irmap_set_block(map, from, nb);
    buf_region_insert_block_after(region, after, nb);
    after = nb;
  }
  clone_block_ops(&b, entry, map, call, NULL, cont, NULL);
  for (buf_block_t *from = entry->next; from; from = from->next)
    clone_block_ops(&b, from, map, NULL, buf_irmap_block(map, from), cont, NULL);
  buf_op_erase(call);
  buf_irmap_destroy(map);
}

/* One round: inlines every call it may; true when one was. */
static bool inline_round(buf_op_t *module) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  inline_graph_t g;
  build_graph(module, &g);
  bool changed = false;
  for (uint32_t i = 0; i < g.n; i++) {
    bo_oplist_t calls = {.arena = buf_ctx_arena(ctx)};
    buf_op_walk(g.funcs[i], BUF_WALK_POST, collect_calls, &calls);
    for (uint32_t k = 0; k < calls.n; k++) {
      buf_op_t *call = calls.ops[k];
      buf_op_t *callee = buf_op_callee(call);
      if (callee == g.funcs[i] || buf_op_has_attr(call, "no_inline") ||
          !callee_inlinable(&g, callee))
        continue;
      if ((!callee_has_one_block(callee) && !region_allows_blocks(call)) ||
          !enclosing_ops_accept(call, callee))
        continue;
      inline_call(ctx, call, callee);
      changed = true;
    }
  }
  return changed;
}

static bool is_private(const buf_op_t *op) {
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  return vis && vis->kind == BUF_ATTR_STRING && strcmp(vis->u.str.data, "private") == 0;
}

typedef struct ref_search {
  const char *name;
  const buf_op_t *self;
  bool found;
} ref_search_t;

static bool attr_refers(buf_attr_t a, const char *name, unsigned depth) {
  if (!a || depth > 64)
    return false;
  switch (a->kind) {
  case BUF_ATTR_SYMBOL_REF:
    return strcmp(a->u.symref.names[0], name) == 0;
  case BUF_ATTR_ARRAY:
    for (uint32_t i = 0; i < a->u.array.n; i++)
      if (attr_refers(a->u.array.elems[i], name, depth + 1))
        return true;
    return false;
  case BUF_ATTR_DICT:
    for (uint32_t i = 0; i < a->u.dict.n; i++)
      if (attr_refers(a->u.dict.entries[i].value, name, depth + 1))
        return true;
    return false;
  default:
    return false;
  }
}

static buf_walk_result_t search_refs(buf_op_t *op, void *user) {
  ref_search_t *s = user;
  if (op == s->self)
    return BUF_WALK_SKIP;
  if (attr_refers(op->attrs, s->name, 0)) {
    s->found = true;
    return BUF_WALK_INTERRUPT;
  }
  return BUF_WALK_ADVANCE;
}

/* Erases the private functions with a body that no op outside themselves
 * refers to: the inliner's call graph drops them as dead. */
static void erase_dead_functions(buf_op_t *module) {
  buf_block_t *body = buf_region_entry(module->regions[0]);
  bool changed = true;
  while (changed) {
    changed = false;
    buf_op_t *next;
    for (buf_op_t *op = body->first; op; op = next) {
      next = op->next;
      if (!buf_op_has_trait(op, BUF_TRAIT_FUNCTION) || !is_private(op) || !has_body(op))
        continue;
      buf_attr_t name = buf_op_attr(op, "sym_name");
      if (!name || name->kind != BUF_ATTR_STRING)
        continue;
      ref_search_t s = {.name = name->u.str.data, .self = op};
      buf_op_walk(module, BUF_WALK_PRE, search_refs, &s);
      if (!s.found) {
        buf_op_erase(op);
        changed = true;
      }
    }
  }
}

/* Runs the default pipeline on every function: canonicalize in-process,
 * any other text through a nested pipeline. */
static buf_status_t optimize_functions(buf_op_t *module, const char *pipeline) {
  if (!pipeline || !*pipeline)
    return BUF_SUCCESS;
  buf_block_t *body = buf_region_entry(module->regions[0]);
  if (strcmp(pipeline, "canonicalize") == 0) {
    for (buf_op_t *op = body->first; op; op = op->next)
      if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION) && has_body(op))
        buf__canonicalize(op);
    return BUF_SUCCESS;
  }
  buf_ctx_t *ctx = buf_op_ctx(module);
  buf_pipeline_t *pl = buf_pipeline_create(ctx);
  size_t len = strlen(pipeline) + 32;
  char *text = buf_arena_alloc(buf_ctx_arena(ctx), len);
  snprintf(text, len, "func.func(%s)", pipeline);
  if (BUF_FAILED(buf_pipeline_parse(pl, text)))
    return BUF_FAILURE;
  return buf_pipeline_run(pl, module, NULL);
}

/* The pipeline op-pipelines gives functions ("func.func(p)" among its
 * comma-separated "op(p)" entries), or NULL when it gives none. */
static const char *function_pipeline(buf_ctx_t *ctx, const char *list) {
  static const char prefix[] = "func.func(";
  const char *p = list;
  while (p && *p) {
    while (*p == ' ' || *p == ',')
      p++;
    const char *start = p;
    int depth = 0;
    for (; *p && (depth > 0 || *p != ','); p++)
      depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
    size_t len = (size_t)(p - start);
    if (len > sizeof prefix && strncmp(start, prefix, sizeof prefix - 1) == 0 &&
        start[len - 1] == ')')
      return buf_arena_strndup(buf_ctx_arena(ctx), start + sizeof prefix - 1,
                               len - sizeof prefix);
  }
  return NULL;
}

static buf_status_t inline_run(buf_op_t *module, const buf_pass_options_t *options) {
  if (module->num_regions == 0 || !buf_region_entry(module->regions[0]))
    return BUF_SUCCESS;
  uint32_t funcs = 0;
  for (buf_op_t *op = buf_region_entry(module->regions[0])->first; op; op = op->next)
    funcs += buf_op_has_trait(op, BUF_TRAIT_FUNCTION);
  /* Each round inlines at least one call whose callee is off every cycle;
   * a chain of calls is at most as long as there are functions. */
  for (uint32_t round = 0; round <= funcs && inline_round(module); round++)
    ;
  erase_dead_functions(module);
  const char *pipeline = function_pipeline(
      buf_op_ctx(module), buf_pass_option_string(options, INLINE_OP_PIPELINES));
  if (!pipeline)
    pipeline = buf_pass_option_string(options, INLINE_DEFAULT_PIPELINE);
  return optimize_functions(module, pipeline);
}

const buf_pass_def_t buf_pass_inline = {
    .name = "inline",
    .class_name = "InlinerPass",
    .summary = "Inline function calls",
    .anchor = "builtin.module",
    .options = inline_options,
    .num_options = INLINE_NUM_OPTIONS,
    .run = inline_run,
};
