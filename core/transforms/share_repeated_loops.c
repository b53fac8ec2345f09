/*
 * share_repeated_loops.c: --share-repeated-loop-nests{min-ops=N}, loop
 * nests that are the same code (the same ops, attributes, types and
 * constants, on possibly different buffers) become one private function,
 * called where each of them was.
 *
 * Why: a network repeats its layers. EfficientNet-V2-L's forward function
 * lowers to 1,434 loop nests of only 176 different kinds (same shapes,
 * same arithmetic), and LLVM optimizes and generates code for each copy:
 * most of the time to object code. Shared, each kind is compiled once.
 *
 * Which: a top-level op of a function's body that is a loop (LOOP trait),
 * has no results and holds at least min-ops ops (nested ones counted).
 * Each such nest is tried as a function of its own: its parameters are the
 * values it uses but does not define, in the order it first uses them,
 * except scalar and vector constants, which are cloned in (loop bounds
 * and shapes stay static, and are part of what makes two nests the same).
 * Two nests are the same when those functions print the same (names of
 * values are positional in a function, locations are not printed). A kind
 * seen once is left where it is; a repeated kind becomes @loop_nest<k>,
 * private and no_inline (so LLVM's inliner does not copy it back), and
 * each of its nests a func.call of it.
 *
 * The loop lowering has already run (interchange-reductions looks at
 * where a nest's buffers come from, which a parameter would hide), so the
 * pass only moves code that is final: the nest computes the same on the
 * same buffers, through a call.
 */
#include <stdlib.h>
#include <string.h>

#include "buf/ir.h"
#include "buf/pipeline.h"
#include "buf/syntax.h"
#include "bufopt_internal.h"

enum { SHARE_MIN_OPS, SHARE_NUM_OPTIONS };

static const buf_option_spec_t share_options[SHARE_NUM_OPTIONS] = {
    [SHARE_MIN_OPS] = {"min-ops", BUF_OPT_INT, "8", NULL,
                       "Loop nests of fewer ops (nested ones counted) are left "
                       "in place"},
};

/* The name the candidate functions print with: the same for all. */
static const char CANDIDATE_NAME[] = "loop_nest";

/* One loop nest and what it takes from outside. */
typedef struct {
  buf_op_t *nest;
  bo_vset_t in, cloned;
} nest_t;

static bool defined_inside(const buf_value_t *v, const buf_op_t *nest) {
  buf_op_t *d = v->def ? v->def : buf_block_parent_op(v->block);
  return d && (d == nest || buf_op_is_ancestor(nest, d));
}

static buf_walk_result_t collect_inputs(buf_op_t *op, void *user) {
  nest_t *n = user;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = op->operands[i].value;
    if (defined_inside(v, n->nest))
      continue;
    buf__bo_vset_add(buf__bo_is_scalar_constant(v) ? &n->cloned : &n->in, v);
  }
  return BUF_WALK_ADVANCE;
}

/* Where a buffer's memory comes from, for telling buffers apart: the
 * allocation or global (its op), or the function argument (the value). */
static const void *buffer_origin(buf_value_t *v, bool *is_argument) {
  buf_value_t *root = buf_value_view_root(v);
  buf_alloc_kind_t k = root->def ? buf_op_alloc_kind(root->def) : BUF_ALLOC_NONE;
  *is_argument = false;
  if (k == BUF_ALLOC_HEAP || k == BUF_ALLOC_STACK)
    return root->def;
  if (k == BUF_ALLOC_GLOBAL)
    return buf_op_attr(root->def, "name"); /* symbol refs are interned */
  buf_op_t *owner = root->def ? NULL : buf_block_parent_op(root->block);
  if (owner && buf_op_has_trait(owner, BUF_TRAIT_FUNCTION) &&
      buf_region_entry(owner->regions[0]) == root->block) {
    *is_argument = true;
    return root;
  }
  return NULL;
}

/* Can no two buffer parameters of the nest share memory? Each comes from
 * its own allocation or global, or is the one that comes from an argument
 * of the function (two arguments may be the same buffer). The function's
 * buffer parameters are then marked llvm.noalias, which lets LLVM
 * vectorize it as it did the nest in place, where it saw the allocations;
 * the mark is part of what makes two nests the same. */
static bool buffers_distinct(const nest_t *n) {
  const void *seen[64];
  uint32_t num = 0;
  bool argument_seen = false;
  for (uint32_t i = 0; i < n->in.n; i++) {
    if (!buf_type_is_memref(n->in.v[i]->type))
      continue;
    bool is_argument;
    const void *origin = buffer_origin(n->in.v[i], &is_argument);
    if (!origin || num == 64 || (is_argument && argument_seen))
      return false;
    argument_seen |= is_argument;
    for (uint32_t j = 0; j < num; j++)
      if (seen[j] == origin)
        return false;
    seen[num++] = origin;
  }
  return true;
}

/* The nest as a detached function: parameters, cloned constants, a copy
 * of the nest, the return. */
static buf_op_t *nest_function(buf_ctx_t *ctx, nest_t *n) {
  buf_arena_t *arena = buf_ctx_arena(ctx);
  buf_type_t *in_t = buf_arena_alloc(arena, (n->in.n + 1) * sizeof *in_t);
  for (uint32_t i = 0; i < n->in.n; i++)
    in_t[i] = n->in.v[i]->type;
  buf_op_t *f = buf__bo_outlined_function(ctx, n->nest->loc, CANDIDATE_NAME, n->in.n, in_t,
                                          0, NULL);
  if (buffers_distinct(n)) {
    buf_named_attr_t noalias = {buf_ident_cstr(ctx, "llvm.noalias"), buf_attr_unit(ctx)};
    buf_attr_t *dicts = buf_arena_alloc(arena, (n->in.n + 1) * sizeof *dicts);
    for (uint32_t i = 0; i < n->in.n; i++)
      dicts[i] = buf_attr_dict(ctx, buf_type_is_memref(in_t[i]), &noalias);
    buf_op_set_attr(f, "arg_attrs", buf_attr_array(ctx, n->in.n, dicts));
  }
  buf_block_t *entry = buf_region_entry(f->regions[0]);
  buf_irmap_t *map = buf_irmap_create(ctx);
  for (uint32_t i = 0; i < n->in.n; i++)
    buf_irmap_set_value(map, n->in.v[i],
                        buf_block_add_arg(entry, in_t[i], n->in.v[i]->loc));
  for (uint32_t i = 0; i < n->cloned.n; i++)
    buf_block_append_op(entry, buf_op_clone(n->cloned.v[i]->def, map));
  buf_block_append_op(entry, buf_op_clone(n->nest, map));
  buf_irmap_destroy(map);
  buf_op_state_t rs;
  buf_state_init(&rs, ctx, "func.return", n->nest->loc);
  buf_block_append_op(entry, buf_op_create(&rs));
  return f;
}

/* One kind of nest: its function, printed, and how many nests it has. */
typedef struct kind {
  char *text;
  size_t len;
  uint64_t hash;
  buf_op_t *function;
  uint32_t count; /* nests of this kind */
  bool placed;    /* the function is in the module */
  struct kind *next_in_bucket;
} kind_t;

typedef struct {
  buf_ctx_t *ctx;
  uint64_t min_ops;
  nest_t *nests;
  uint32_t num_nests, cap_nests;
  kind_t **buckets;
  uint32_t num_buckets;
  kind_t *kinds; /* all kinds, newest first (through next) */
} share_t;

static void add_nest(share_t *s, buf_op_t *op) {
  if (s->num_nests == s->cap_nests) {
    s->cap_nests = s->cap_nests ? 2 * s->cap_nests : 64;
    s->nests = realloc(s->nests, s->cap_nests * sizeof *s->nests);
    if (!s->nests)
      abort();
  }
  buf_arena_t *arena = buf_ctx_arena(s->ctx);
  s->nests[s->num_nests++] = (nest_t){.nest = op,
                                      .in = {.arena = arena},
                                      .cloned = {.arena = arena}};
}

static void collect_nests(share_t *s, buf_op_t *fn) {
  for (buf_block_t *b = fn->regions[0]->first; b; b = b->next)
    for (buf_op_t *op = b->first; op; op = op->next) {
      if (!buf_op_has_trait(op, BUF_TRAIT_LOOP) || op->num_results)
        continue;
      if (buf__bo_op_weight(op) >= s->min_ops)
        add_nest(s, op);
    }
}

/* The kind of nest n (made when new); its function stays with the kind. */
static kind_t *classify(share_t *s, nest_t *n, const buf_print_options_t *opts) {
  buf_op_walk(n->nest, BUF_WALK_PRE, collect_inputs, n);
  buf_op_t *f = nest_function(s->ctx, n);
  size_t len;
  char *text = buf_print_op_to_string(f, opts, &len);
  uint64_t h = buf_hash_bytes(BUF_HASH_SEED, text, len);
  kind_t **bucket = &s->buckets[h & (s->num_buckets - 1)];
  for (kind_t *k = *bucket; k; k = k->next_in_bucket)
    if (k->hash == h && k->len == len && memcmp(k->text, text, len) == 0) {
      free(text);
      buf_op_erase(f);
      return k;
    }
  kind_t *k = calloc(1, sizeof *k);
  if (!k)
    abort();
  *k = (kind_t){.text = text, .len = len, .hash = h, .function = f,
                .next_in_bucket = *bucket};
  *bucket = k;
  return k;
}

/* A symbol name not yet in module. */
static const char *fresh_name(buf_op_t *module, uint32_t *counter) {
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(module));
  for (;;) {
    char *name = buf_arena_printf(arena, "%s%u", CANDIDATE_NAME, (*counter)++);
    if (!buf_symbol_lookup(module, name))
      return name;
  }
}

/* Nest n becomes a call of function `name`. */
static void call_instead(buf_ctx_t *ctx, nest_t *n, const char *name) {
  buf_op_state_t cs;
  buf_state_init(&cs, ctx, "func.call", n->nest->loc);
  buf_state_add_operands(&cs, n->in.n, n->in.v);
  buf_state_set_attr(&cs, "callee", buf_attr_flat_symbol_ref(ctx, name));
  buf_block_insert_op_before(n->nest->block, n->nest, buf_op_create(&cs));
  buf_op_erase(n->nest);
}

static buf_status_t share_run(buf_op_t *module, const buf_pass_options_t *options) {
  if (module->num_regions == 0)
    return BUF_SUCCESS;
  buf_block_t *top = buf_region_entry(module->regions[0]);
  if (!top)
    return BUF_SUCCESS;
  share_t s = {.ctx = buf_op_ctx(module),
               .min_ops = (uint64_t)buf_pass_option_int(options, SHARE_MIN_OPS)};
  buf_op_t *last_function = NULL;
  for (buf_op_t *op = top->first; op; op = op->next)
    if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION) && op->num_regions &&
        !buf_region_empty(op->regions[0])) {
      collect_nests(&s, op);
      last_function = op;
    }
  if (s.num_nests < 2) {
    free(s.nests);
    return BUF_SUCCESS;
  }
  s.num_buckets = 64;
  while (s.num_buckets < 2 * s.num_nests)
    s.num_buckets *= 2;
  s.buckets = calloc(s.num_buckets, sizeof *s.buckets);
  kind_t **kind_of = malloc(s.num_nests * sizeof *kind_of);
  if (!s.buckets || !kind_of)
    abort();
  buf_print_options_t opts = buf_print_options_default();
  opts.assume_verified = true;
  opts.use_aliases = false;
  for (uint32_t i = 0; i < s.num_nests; i++) {
    kind_of[i] = classify(&s, &s.nests[i], &opts);
    kind_of[i]->count++;
  }
  /* Repeated kinds: the function joins the module, the nests call it. */
  uint32_t counter = 0;
  for (uint32_t i = 0; i < s.num_nests; i++) {
    kind_t *k = kind_of[i];
    if (k->count < 2)
      continue;
    if (!k->placed) { /* first nest of its kind: place the function */
      const char *name = fresh_name(module, &counter);
      buf_op_set_attr(k->function, "sym_name", buf_attr_string_cstr(s.ctx, name));
      buf_block_insert_op_before(top, last_function->next, k->function);
      last_function = k->function;
      k->placed = true;
    }
    call_instead(s.ctx, &s.nests[i],
                 buf_op_attr(k->function, "sym_name")->u.str.data);
  }
  for (uint32_t b = 0; b < s.num_buckets; b++)
    for (kind_t *k = s.buckets[b], *next; k; k = next) {
      next = k->next_in_bucket;
      if (k->count < 2)
        buf_op_erase(k->function);
      free(k->text);
      free(k);
    }
  free(s.buckets);
  free(kind_of);
  free(s.nests);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_share_repeated_loop_nests = {
    .name = "share-repeated-loop-nests",
    .summary = "Make loop nests that are the same code one private no_inline "
               "function, called where each was (for smaller, faster code "
               "generation)",
    .anchor = "builtin.module",
    .options = share_options,
    .num_options = SHARE_NUM_OPTIONS,
    .run = share_run,
};
