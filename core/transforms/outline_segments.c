/*
 * outline_segments.c: --outline-function-segments{ops=N}, a function whose
 * body is one block of more than 2N ops (nested ops counted) becomes a
 * chain of calls of private functions of about N ops each.
 *
 * Why: a network's forward function is one straight-line block of
 * thousands of loop nests, and LLVM's code generator handles a function
 * in one thread. Cut into segments, the object code can be generated in
 * parallel (lower_parallel.c hands each thread a share of the functions).
 *
 * A segment is a run of consecutive ops of the body (never its
 * terminator). It becomes @<name>_segment<k>, marked no_inline (so LLVM's
 * inliner does not glue the function back together):
 *   - its parameters are the values its ops use but do not define; scalar
 *     and vector constants, and memref.get_global of a global, are cloned
 *     into it instead (static bounds and shapes stay static, weights stay
 *     addressed directly);
 *   - its results are the values it defines that later ops use;
 *   - the segment is replaced by a func.call of it.
 * A cut is never placed where a stack allocation (memref.alloca) made in
 * the segment is used after it: its memory ends with the call.
 */
#include <stdlib.h>
#include <string.h>

#include "buf/ir.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"

enum { SEGMENT_OPS, SEGMENT_NUM_OPTIONS };

static const buf_option_spec_t segment_options[SEGMENT_NUM_OPTIONS] = {
    [SEGMENT_OPS] = {"ops", BUF_OPT_INT, "2000", NULL,
                     "Ops (nested ones counted) per segment; a body of up to "
                     "twice this many stays whole"},
};

/* A value the segment's function makes itself instead of taking it. */
static bool is_cloned_in(const buf_value_t *v) {
  if (buf__bo_is_scalar_constant(v))
    return true;
  /* memref.get_global: a view of a global, no memory touched. */
  buf_op_t *d = v->def;
  return d && !d->num_operands && !d->num_regions && d->num_results == 1 &&
         buf_type_is_memref(v->type) && buf_op_has_trait(d, BUF_TRAIT_PURE) &&
         buf_op_attr(d, "name") != NULL;
}

/* The ops [first, last] of one block, and what crosses their border. */
typedef struct {
  buf_op_t *first, *last;
  buf_block_t *block;
  bo_vset_t in, out; /* parameters, results */
  bo_vset_t cloned;  /* values cloned in */
} segment_t;

/* A segment as positions in its block: membership is a comparison. The
 * positions are kept in analysis_slot, the scratch number of an op that
 * the bufferization analysis uses while it runs (not now). */
typedef struct {
  segment_t *s;
  uint32_t lo, hi; /* positions of first and last */
} seg_range_t;

static uint32_t position(const buf_op_t *op) { return op->analysis_slot; }

static bool range_holds(const seg_range_t *r, buf_op_t *op) {
  buf_op_t *top = buf__bo_ancestor_in_block(op, r->s->block);
  return top && position(top) >= r->lo && position(top) <= r->hi;
}

static buf_walk_result_t collect_inputs(buf_op_t *op, void *user) {
  const seg_range_t *r = user;
  segment_t *s = r->s;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = op->operands[i].value;
    buf_op_t *def = v->def;
    bool inside = def ? range_holds(r, def)
                      : (buf_block_parent_op(v->block) &&
                         range_holds(r, buf_block_parent_op(v->block)));
    if (inside)
      continue;
    if (is_cloned_in(v))
      buf__bo_vset_add(&s->cloned, v);
    else
      buf__bo_vset_add(&s->in, v);
  }
  return BUF_WALK_ADVANCE;
}

static bool use_outside(buf_use_t *use, void *user) {
  return !range_holds(user, use->owner);
}

static bool use_inside(buf_use_t *use, void *user) {
  return range_holds(user, use->owner);
}

/* Results of the segment's ops used after it. */
static void collect_outputs(const seg_range_t *r) {
  for (buf_op_t *o = r->s->first;; o = o->next) {
    for (uint32_t i = 0; i < o->num_results; i++)
      for (buf_use_t *u = o->results[i].first_use; u; u = u->next_use)
        if (!range_holds(r, u->owner)) {
          buf__bo_vset_add(&r->s->out, &o->results[i]);
          break;
        }
    if (o == r->s->last)
      break;
  }
}

static buf_walk_result_t find_stack_alloc(buf_op_t *op, void *user) {
  if (buf_op_alloc_kind(op) != BUF_ALLOC_STACK)
    return BUF_WALK_ADVANCE;
  *(bool *)user = true;
  return BUF_WALK_INTERRUPT;
}

/* May a stack allocation of the segment outlive it? Its memory lives until
 * the function returns, so any buffer the segment hands on may be (a view
 * of) one when the segment allocates on the stack. */
static bool stack_escapes(const seg_range_t *r) {
  bool any_memref = false, stack = false;
  for (uint32_t i = 0; i < r->s->out.n; i++)
    any_memref |= buf_type_is_memref(r->s->out.v[i]->type);
  if (!any_memref)
    return false;
  for (buf_op_t *o = r->s->first; !stack; o = o->next) {
    buf_op_walk(o, BUF_WALK_PRE, find_stack_alloc, &stack);
    if (o == r->s->last)
      break;
  }
  return stack;
}

static const char *segment_name(buf_op_t *module, const char *fn,
                                uint32_t *counter) {
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(module));
  for (;;) {
    char *name = buf_arena_printf(arena, "%s_segment%u", fn, (*counter)++);
    if (!buf_symbol_lookup(module, name))
      return name;
  }
}

/* Moves the segment into a new function after *after and calls it. */
static void outline(buf_op_t *module, buf_op_t *fn, const seg_range_t *r,
                    uint32_t *counter, buf_op_t **after) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  segment_t *s = r->s;
  buf_arena_t *arena = buf_ctx_arena(ctx);
  /* A constant the segment defines and later ops use stays in the body
   * as a copy (later segments then clone it in too), not a result. */
  uint32_t kept = 0;
  for (uint32_t i = 0; i < s->out.n; i++) {
    buf_value_t *v = s->out.v[i];
    if (!is_cloned_in(v)) {
      s->out.v[kept++] = v;
      continue;
    }
    buf_irmap_t *map = buf_irmap_create(ctx);
    buf_op_t *c = buf_op_clone(v->def, map);
    buf_irmap_destroy(map);
    c->analysis_slot = UINT32_MAX; /* in no segment */
    buf_block_insert_op_before(s->block, s->first, c);
    buf_value_replace_uses_if(v, &c->results[0], use_outside, (void *)r);
  }
  s->out.n = kept;
  buf_type_t *in_t = buf_arena_alloc(arena, (s->in.n + 1) * sizeof *in_t);
  buf_type_t *out_t = buf_arena_alloc(arena, (s->out.n + 1) * sizeof *out_t);
  for (uint32_t i = 0; i < s->in.n; i++)
    in_t[i] = s->in.v[i]->type;
  for (uint32_t i = 0; i < s->out.n; i++)
    out_t[i] = s->out.v[i]->type;
  const char *name =
      segment_name(module, buf_op_attr(fn, "sym_name")->u.str.data, counter);

  /* The call, in the segment's place; later uses read its results. */
  buf_op_state_t cs;
  buf_state_init(&cs, ctx, "func.call", s->first->loc);
  buf_state_add_operands(&cs, s->in.n, s->in.v);
  for (uint32_t i = 0; i < s->out.n; i++)
    buf_state_add_result(&cs, out_t[i]);
  buf_state_set_attr(&cs, "callee", buf_attr_flat_symbol_ref(ctx, name));
  buf_op_t *call = buf_op_create(&cs);
  call->analysis_slot = UINT32_MAX; /* in no segment */
  buf_block_insert_op_before(s->block, s->first, call);
  for (uint32_t i = 0; i < s->out.n; i++)
    buf_value_replace_uses_if(s->out.v[i], &call->results[i], use_outside,
                              (void *)r);

  /* The function: parameters, clones, the moved ops, the return. */
  buf_op_t *f = buf__bo_outlined_function(ctx, s->first->loc, name, s->in.n, in_t,
                                          s->out.n, out_t);
  buf_block_t *entry = buf_region_entry(f->regions[0]);
  for (uint32_t i = 0; i < s->in.n; i++) {
    buf_value_t *arg = buf_block_add_arg(entry, in_t[i], s->in.v[i]->loc);
    buf_value_replace_uses_if(s->in.v[i], arg, use_inside, (void *)r);
  }
  buf_irmap_t *map = buf_irmap_create(ctx);
  for (uint32_t i = 0; i < s->cloned.n; i++) {
    buf_op_t *c = buf_op_clone(s->cloned.v[i]->def, map);
    buf_block_append_op(entry, c);
    buf_value_replace_uses_if(s->cloned.v[i], &c->results[0], use_inside,
                              (void *)r);
  }
  buf_irmap_destroy(map);
  buf_op_t *stop = s->last->next;
  for (buf_op_t *o = s->first, *next; o != stop; o = next) {
    next = o->next;
    buf_op_remove(o);
    buf_block_append_op(entry, o);
  }
  buf_op_state_t rs;
  buf_state_init(&rs, ctx, "func.return", s->last->loc);
  buf_state_add_operands(&rs, s->out.n, s->out.v);
  buf_block_append_op(entry, buf_op_create(&rs));
  buf_block_insert_op_before(fn->block, (*after)->next, f);
  *after = f;
}

static void outline_function(buf_op_t *module, buf_op_t *fn, uint64_t per) {
  if (fn->num_regions != 1)
    return;
  buf_block_t *body = buf_region_entry(fn->regions[0]);
  if (!body || body->next || !body->first)
    return;
  buf_op_t *term = buf_block_terminator(body);
  uint64_t total = 0;
  uint32_t pos = 0;
  for (buf_op_t *o = body->first; o; o = o->next) {
    o->analysis_slot = pos++;
    total += buf__bo_op_weight(o);
  }
  if (total <= 2 * per)
    return;
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(module));
  uint32_t counter = 0;
  buf_op_t *after = fn;
  buf_op_t *first = body->first;
  uint64_t acc = 0;
  for (buf_op_t *o = body->first; o && o != term;) {
    buf_op_t *next = o->next;
    acc += buf__bo_op_weight(o);
    bool at_end = next == term || !next;
    if (acc < per && !at_end) {
      o = next;
      continue;
    }
    segment_t *s = buf_arena_alloc(arena, sizeof *s);
    *s = (segment_t){.first = first, .last = o, .block = body,
                     .in = {.arena = arena}, .out = {.arena = arena},
                     .cloned = {.arena = arena}};
    seg_range_t r = {.s = s, .lo = position(first), .hi = position(o)};
    for (buf_op_t *x = first;; x = x->next) {
      buf_op_walk(x, BUF_WALK_PRE, collect_inputs, &r);
      if (x == o)
        break;
    }
    collect_outputs(&r);
    if (stack_escapes(&r) && !at_end) {
      o = next; /* grow the segment past the stack buffer's uses */
      continue;
    }
    if (!stack_escapes(&r) && !(first == body->first && at_end))
      outline(module, fn, &r, &counter, &after);
    first = next;
    acc = 0;
    o = next;
  }
}

static buf_status_t outline_segments_run(buf_op_t *module,
                                         const buf_pass_options_t *options) {
  uint64_t per = (uint64_t)buf_pass_option_int(options, SEGMENT_OPS);
  if (per == 0 || module->num_regions == 0)
    return BUF_SUCCESS;
  buf_block_t *top = buf_region_entry(module->regions[0]);
  if (!top)
    return BUF_SUCCESS;
  buf_op_t *next;
  for (buf_op_t *op = top->first; op; op = next) {
    next = op->next;
    if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION) && op->num_regions &&
        !buf_region_empty(op->regions[0]))
      outline_function(module, op, per);
  }
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_outline_function_segments = {
    .name = "outline-function-segments",
    .summary = "Cut the straight-line body of a large function into calls of "
               "private no_inline functions (for parallel code generation)",
    .anchor = "builtin.module",
    .options = segment_options,
    .num_options = SEGMENT_NUM_OPTIONS,
    .run = outline_segments_run,
};
