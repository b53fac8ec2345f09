/*
 * bufopt_util.c: value sets, a conservative may-alias closure and small IR
 * queries shared by the memref-level passes (see bufopt_internal.h).
 *
 * The alias closure over-approximates: whatever an alias flows into (a
 * view, a region op, a yield, a branch) is an alias too. Passes use it only
 * to make a transformation *less* aggressive (keep a buffer alive longer,
 * keep it on the heap, keep it inside a loop), so over-approximation is
 * always safe.
 */
#include "bufopt_internal.h"

bool buf__bo_vset_has(const bo_vset_t *s, const buf_value_t *v) {
  for (uint32_t i = 0; i < s->n; i++)
    if (s->v[i] == v)
      return true;
  return false;
}

bool buf__bo_vset_add(bo_vset_t *s, buf_value_t *v) {
  if (buf__bo_vset_has(s, v))
    return false;
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? s->cap * 2 : 16;
    s->v = buf_arena_grow(s->arena, s->v, s->n, cap, sizeof *s->v);
    s->cap = cap;
  }
  s->v[s->n++] = v;
  return true;
}

void buf__bo_oplist_push(bo_oplist_t *l, buf_op_t *op) {
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 16;
    l->ops = buf_arena_grow(l->arena, l->ops, l->n, cap, sizeof *l->ops);
    l->cap = cap;
  }
  l->ops[l->n++] = op;
}

bool buf__bo_is_fresh_alloc(const buf_op_t *op, buf_alloc_kind_t kind) {
  if (buf_op_alloc_kind(op) != kind)
    return false;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_op_operand_effect(op, i) != BUF_EFFECT_NONE)
      return false;
  return true;
}

bool buf__bo_is_plain_free(const buf_op_t *op) {
  return op->num_operands == 1 && op->num_results == 0 &&
         op->num_regions == 0 && buf_op_operand_effect(op, 0) == BUF_EFFECT_FREE;
}

bool buf__bo_value_is_const_i1(const buf_value_t *v, bool value) {
  if (!v->def || !buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT))
    return false;
  buf_attr_t a = buf_op_attr(v->def, "value");
  if (!a)
    return false;
  if (a->kind == BUF_ATTR_BOOL)
    return a->u.b == value;
  if (a->kind == BUF_ATTR_INTEGER && buf_type_bitwidth(a->type) == 1)
    return (a->u.i != 0) == value;
  return false;
}

bool buf__bo_is_heap_copy(const buf_op_t *op) {
  return buf_op_alloc_kind(op) == BUF_ALLOC_HEAP && op->num_operands == 1 &&
         op->num_results == 1 &&
         buf_op_operand_effect(op, 0) == BUF_EFFECT_READ;
}

bool buf__bo_is_bufferization_dealloc(const buf_op_t *op) {
  return buf_op_isa(op, "bufferization.dealloc");
}

static bool is_buffer_like(buf_type_t t) {
  return buf_type_is_memref(t) || buf_type_is_tensor(t);
}

static void add_region_args(bo_vset_t *out, buf_op_t *op) {
  for (uint32_t r = 0; r < op->num_regions; r++) {
    buf_block_t *entry = buf_region_entry(op->regions[r]);
    for (uint32_t a = 0; entry && a < entry->num_args; a++)
      if (is_buffer_like(entry->args[a]->type))
        buf__bo_vset_add(out, entry->args[a]);
  }
}

static void add_results(bo_vset_t *out, buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++)
    if (is_buffer_like(op->results[i].type))
      buf__bo_vset_add(out, &op->results[i]);
}

bool buf__bo_call_returns_flags(const buf_op_t *call) {
  uint32_t nm = 0, n = call->num_results;
  for (uint32_t i = 0; i < n; i++)
    nm += buf_type_is_memref(call->results[i].type);
  if (nm == 0 || 2 * nm > n)
    return false;
  for (uint32_t k = 0; k < nm; k++) {
    buf_type_t t = call->results[n - nm + k].type;
    if (t->kind != BUF_TYPE_INTEGER || t->u.integer.width != 1)
      return false;
  }
  buf_op_t *callee = buf_op_callee(call);
  buf_attr_t vis = callee ? buf_op_attr(callee, "sym_visibility") : NULL;
  return vis && vis->kind == BUF_ATTR_STRING && strcmp(vis->u.str.data, "private") == 0 &&
         callee->num_regions && !buf_region_empty(callee->regions[0]);
}

void buf__bo_alias_closure(buf_value_t *v, bool calls_alias, bo_vset_t *out,
                           bool *escapes) {
  buf__bo_vset_add(out, v);
  for (uint32_t i = 0; i < out->n; i++) {
    for (buf_use_t *u = out->v[i]->first_use; u; u = u->next_use) {
      buf_op_t *user = u->owner;
      if (buf_op_is_function_return(user)) {
        if (escapes)
          *escapes = true;
        continue;
      }
      /* A fresh buffer (a clone, a realloc) is no alias of its source, and
       * a free hands nothing on. */
      if (buf_op_has_trait(user, BUF_TRAIT_ALLOC | BUF_TRAIT_FREE))
        continue;
      if (buf_op_has_trait(user, BUF_TRAIT_CALL)) {
        if (calls_alias || buf__bo_call_returns_flags(user))
          add_results(out, user);
        continue;
      }
      if (user->num_successors > 0) {
        for (uint32_t s = 0; s < user->num_successors; s++) {
          buf_block_t *b = user->successors[s];
          for (uint32_t a = 0; a < b->num_args; a++)
            if (is_buffer_like(b->args[a]->type))
              buf__bo_vset_add(out, b->args[a]);
        }
        continue;
      }
      if (buf_op_has_trait(user, BUF_TRAIT_TERMINATOR)) {
        /* A yield hands the alias to the parent's results and, for loops,
         * to the next iteration's arguments. */
        buf_op_t *parent = buf_op_parent(user);
        if (parent) {
          add_results(out, parent);
          add_region_args(out, parent);
        }
        continue;
      }
      if (user->num_regions > 0)
        add_region_args(out, user);
      add_results(out, user);
    }
  }
}

buf_op_t *buf__bo_ancestor_in_block(buf_op_t *op, buf_block_t *b) {
  while (op && op->block != b)
    op = buf_op_parent(op);
  return op;
}

bool buf__bo_defined_outside(const buf_value_t *v, const buf_op_t *op) {
  buf_op_t *def_parent;
  if (v->def)
    return !buf_op_is_ancestor(op, v->def);
  def_parent = v->block ? buf_block_parent_op(v->block) : NULL;
  /* A block argument of op's own regions (or deeper) is inside op. */
  return !def_parent || !buf_op_is_ancestor(op, def_parent);
}

/* ------------------------------------------------------------------------ */
/* Hoisting (buffer-hoisting and buffer-loop-hoisting)                       */
/* ------------------------------------------------------------------------ */

static buf_walk_result_t collect_allocs(buf_op_t *op, void *user) {
  if (buf__bo_is_fresh_alloc(op, BUF_ALLOC_HEAP))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

static bool operands_outside(const buf_op_t *alloc, const buf_op_t *region_op) {
  for (uint32_t i = 0; i < alloc->num_operands; i++)
    if (!buf__bo_defined_outside(alloc->operands[i].value, region_op))
      return false;
  return true;
}

/* True when no alias of the alloc is freed explicitly (moving the alloc
 * would then change how often it is freed). */
static bool never_freed(const bo_vset_t *aliases) {
  for (uint32_t a = 0; a < aliases->n; a++)
    for (buf_use_t *u = aliases->v[a]->first_use; u; u = u->next_use)
      if (buf_op_has_trait(u->owner, BUF_TRAIT_FREE))
        return false;
  return true;
}

/* True when an alias flows out of region_op (a result or an iteration
 * argument of it): the buffer then outlives one iteration. */
static bool escapes_op(const bo_vset_t *aliases, buf_op_t *region_op) {
  for (uint32_t a = 0; a < aliases->n; a++) {
    buf_value_t *v = aliases->v[a];
    if (v->def == region_op)
      return true;
    if (!v->def && v->block && buf_block_parent_op(v->block) == region_op)
      return true;
  }
  return false;
}

/* Can an alloc leave op? Loops (when hoisting out of loops) and ops that
 * run each of their regions at most once (one of them, or one then
 * another), unless op keeps its allocations inside (an allocation scope:
 * scf.forall, whose iterations each need their own buffer, and
 * affine.for). */
static bool is_hoist_barrier_free(const buf_op_t *op, bool loops) {
  if (buf_op_has_trait(op, BUF_TRAIT_ALLOCATION_SCOPE))
    return false;
  if (loops)
    return buf_op_has_trait(op, BUF_TRAIT_LOOP);
  return buf_op_has_trait(op, BUF_TRAIT_REGION_BRANCH) ||
         op->def->branches_then_joins;
}

/* Moves alloc as early as its operands allow within its block. */
static void raise_in_block(buf_op_t *alloc) {
  buf_block_t *b = alloc->block;
  buf_op_t *after = NULL; /* the last def of an operand in b */
  for (uint32_t i = 0; i < alloc->num_operands; i++) {
    buf_value_t *v = alloc->operands[i].value;
    buf_op_t *d = v->def ? buf__bo_ancestor_in_block(v->def, b) : NULL;
    if (d && (!after || buf_op_is_before_in_block(after, d)))
      after = d;
  }
  if (after) {
    if (after->next != alloc)
      buf_op_move_after(alloc, after);
  } else if (b->first != alloc) {
    buf_op_move_before(alloc, b->first);
  }
}

void buf__bo_hoist_allocs(buf_op_t *func, bool loops) {
  buf_ctx_t *ctx = buf_op_ctx(func);
  bo_oplist_t l = {.arena = buf_ctx_arena(ctx)};
  buf_op_walk(func, BUF_WALK_PRE, collect_allocs, &l);
  for (uint32_t i = 0; i < l.n; i++) {
    buf_op_t *alloc = l.ops[i];
    bo_vset_t aliases = {.arena = l.arena};
    buf__bo_alias_closure(&alloc->results[0], true, &aliases, NULL);
    if (!never_freed(&aliases))
      continue;
    bool moved = false;
    for (;;) {
      buf_op_t *p = buf_op_parent(alloc);
      if (!p || p == func || !is_hoist_barrier_free(p, loops) ||
          !operands_outside(alloc, p))
        break;
      /* Out of a loop only what stays in one iteration; out of a region
       * that runs once only what its results hand on (a buffer used only
       * inside is allocated only when the region runs, as upstream's
       * buffer-hoisting leaves it). */
      if (escapes_op(&aliases, p) == loops)
        break;
      buf_op_move_before(alloc, p);
      moved = true;
    }
    /* buffer-loop-hoisting also raises an alloc it moved as early as its
     * operands allow; buffer-hoisting leaves it right before the op it
     * left, as upstream's pass does. */
    if (moved && loops)
      raise_in_block(alloc);
  }
}

/* ------------------------------------------------------------------------ */
/* Uses that only read                                                       */
/* ------------------------------------------------------------------------ */

static bool has_body(const buf_op_t *f) {
  return f->num_regions > 0 && !buf_region_empty(f->regions[0]);
}

/* The runner-utils printers (printMemrefF32, printMemref1dI64 ...) read
 * their argument; any other declared function may write it. */
static bool is_runtime_printer(const buf_op_t *f) {
  buf_attr_t name = buf_op_attr((buf_op_t *)f, "sym_name");
  return name && name->kind == BUF_ATTR_STRING &&
         strncmp(name->u.str.data, "printMemref", 11) == 0;
}

/* How deep calls are followed into callees: deeper chains (and
 * recursion) count as writes. */
enum { MAX_CALL_DEPTH = 8 };

static bool use_only_reads_at(buf_use_t *u, bool return_reads, int depth);

/* Does the function `call` calls only read its operand `index` (and the
 * views it makes of it)? */
static bool callee_only_reads(buf_op_t *call, uint32_t index, int depth) {
  buf_op_t *f = buf_op_callee(call);
  if (!f)
    return false;
  if (!has_body(f))
    return is_runtime_printer(f);
  buf_block_t *entry = f->regions[0]->first;
  if (depth >= MAX_CALL_DEPTH || index >= entry->num_args)
    return false;
  bo_vset_t names = {.arena = buf_ctx_arena(buf_op_ctx(call))};
  buf__bo_alias_closure(entry->args[index], true, &names, NULL);
  for (uint32_t i = 0; i < names.n; i++)
    for (buf_use_t *u = names.v[i]->first_use; u; u = u->next_use)
      /* the callee returning it hands it back to `call`'s results, which
       * the caller's closure follows */
      if (!use_only_reads_at(u, true, depth + 1))
        return false;
  return true;
}

static bool use_only_reads_at(buf_use_t *u, bool return_reads, int depth) {
  buf_op_t *op = u->owner;
  if (!buf_type_is_memref(u->value->type))
    return true; /* tensors are values: no op writes them */
  if (buf_op_is_function_return(op))
    return return_reads;
  if (buf_op_has_trait(op, BUF_TRAIT_CALL))
    return callee_only_reads(op, u->index, depth);
  return !(buf_op_operand_effect(op, u->index) &
           (BUF_EFFECT_WRITE | BUF_EFFECT_FREE));
}

bool buf__bo_use_only_reads(buf_use_t *u, bool return_reads) {
  return use_only_reads_at(u, return_reads, 0);
}

/* ------------------------------------------------------------------------ */
/* Calls and returns of a function                                           */
/* ------------------------------------------------------------------------ */

typedef struct calls_of {
  const char *callee; /* the function's symbol */
  bo_oplist_t *out;
} calls_of_t;

static buf_walk_result_t collect_call(buf_op_t *op, void *user) {
  calls_of_t *c = user;
  buf_attr_t a = buf_op_has_trait(op, BUF_TRAIT_CALL)
                     ? buf_op_attr(op, "callee")
                     : NULL;
  if (a && a->kind == BUF_ATTR_SYMBOL_REF && a->u.symref.n == 1 &&
      strcmp(a->u.symref.names[0], c->callee) == 0)
    buf__bo_oplist_push(c->out, op);
  return BUF_WALK_ADVANCE;
}

void buf__bo_collect_calls(buf_op_t *root, buf_op_t *func, bo_oplist_t *out) {
  calls_of_t c = {.callee = buf_op_attr(func, "sym_name")->u.str.data,
                  .out = out};
  buf_op_walk(root, BUF_WALK_PRE, collect_call, &c);
}

static buf_walk_result_t collect_return(buf_op_t *op, void *user) {
  if (buf_op_is_function_return(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

void buf__bo_collect_returns(buf_op_t *func, bo_oplist_t *out) {
  buf_op_walk(func, BUF_WALK_PRE, collect_return, out);
}

static buf_walk_result_t count_op(buf_op_t *op, void *user) {
  (void)op;
  (*(uint64_t *)user)++;
  return BUF_WALK_ADVANCE;
}

/* Contract in bufopt_internal.h. */
uint64_t buf__bo_op_weight(buf_op_t *op) {
  uint64_t n = 0;
  buf_op_walk(op, BUF_WALK_PRE, count_op, &n);
  return n;
}

/* Contract in bufopt_internal.h. */
bool buf__bo_is_scalar_constant(const buf_value_t *v) {
  buf_op_t *d = v->def;
  return d && !d->num_operands && !d->num_regions && d->num_results == 1 &&
         buf_op_has_trait(d, BUF_TRAIT_CONSTANT) &&
         (!buf_type_is_shaped(v->type) || v->type->kind == BUF_TYPE_VECTOR);
}

/* Contract in bufopt_internal.h. */
buf_op_t *buf__bo_outlined_function(buf_ctx_t *ctx, buf_loc_t loc, const char *name,
                                    uint32_t num_in, const buf_type_t *in,
                                    uint32_t num_out, const buf_type_t *out) {
  buf_op_state_t st;
  buf_state_init(&st, ctx, "func.func", loc);
  buf_state_set_attr(&st, "sym_name", buf_attr_string_cstr(ctx, name));
  buf_state_set_attr(&st, "sym_visibility", buf_attr_string_cstr(ctx, "private"));
  buf_state_set_attr(
      &st, "function_type",
      buf_attr_type(ctx, buf_type_function(ctx, num_in, in, num_out, out)));
  buf_state_set_attr(&st, "no_inline", buf_attr_unit(ctx));
  buf_region_append_block(buf_state_add_region(&st), buf_block_create(ctx));
  return buf_op_create(&st);
}

/* Contract in bufopt_internal.h. */
buf_op_t *buf__bo_build_for(buf_builder_t *b, buf_value_t *lb, buf_value_t *ub,
                           buf_value_t *step, uint32_t n, buf_value_t *const *inits) {
  buf_op_state_t st;
  buf_state_init(&st, b->ctx, "scf.for", b->loc);
  buf_value_t *bounds[3] = {lb, ub, step};
  buf_state_add_operands(&st, 3, bounds);
  buf_state_add_operands(&st, n, inits);
  for (uint32_t i = 0; i < n; i++)
    buf_state_add_result(&st, inits[i]->type);
  buf_region_t *r = buf_state_add_region(&st);
  buf_block_t *body = buf_block_create(b->ctx);
  buf_block_add_arg(body, buf_type_index(b->ctx), b->loc);
  for (uint32_t i = 0; i < n; i++)
    buf_block_add_arg(body, inits[i]->type, b->loc);
  buf_region_append_block(r, body);
  buf_op_t *loop = buf_builder_insert(b, &st);
  buf_builder_set_block_end(b, body);
  buf_op_t *yield =
      buf_build(b, "scf.yield", NULL, n, n ? body->args + 1 : NULL, NULL);
  buf_builder_set_before(b, yield);
  return loop;
}
