/*
 * eliminate_empty_tensors.c: --eliminate-empty-tensors, on tensors before
 * bufferization.
 *
 * A tensor.empty whose value ends up inserted into a destination by an
 * insertion op (its bufferization model's `insertion`, upstream's
 * SubsetInsertionOpInterface: tensor.insert_slice, parallel_insert_slice,
 * bufferization.materialize_in_destination, linalg.copy) is replaced by
 * the part of the destination it becomes, which the op's model builds
 * (build_subset_extraction): an extract_slice of the destination, the
 * destination tensor, or a `to_tensor restrict writable` of a destination
 * memref. One-Shot then writes the computation straight into the
 * destination's buffer instead of allocating a temporary and copying it in.
 *
 * How a value "ends up inserted": starting from the inserted source, the
 * pass walks the reverse use-def chains through operands whose buffer is
 * *equivalent* to the op's result (asked from the bufferization models:
 * the outs of a linalg op, the dest of an insert_slice, both yields of an
 * scf.if), keeping the type except through casts, until it reaches
 * tensor.empty ops; each branch may end in its own. Only the uses on those
 * chains are replaced; other uses of an empty keep it. A chain that went
 * through a cast gets a tensor.cast of the extraction to the empty's type.
 *
 * Why it is always correct: the contents of a tensor.empty are undefined,
 * so giving them any defined value (the destination's slice) refines the
 * program; with value semantics the extraction reads the same value
 * wherever it is placed, as long as the destination and the dynamic
 * offsets/sizes/strides are defined there and the extraction is defined
 * before the replaced use.
 *
 * Where the extraction goes: just before the tensor.empty when everything
 * it needs is defined there, otherwise just before the op that uses the
 * empty on the chain. When a needed value is defined later in the same
 * block by side-effect-free ops (arith on indices, another tensor.empty
 * ...) whose own operands are available, those ops move up first. When
 * neither place works the empty is left alone.
 *
 * Insertions are visited last to first, so that in a chain of insertions
 * (an insert_slice into an empty that is itself inserted further) the outer
 * destination reaches the inner empty.
 */
#include <stdlib.h>
#include <string.h>

#include "buf/pipeline.h"
#include "bz_internal.h"

typedef struct ete {
  buf_ctx_t *ctx;
  buf_bz_t *bz;
  buf_arena_t *arena;
  buf_op_t **inserts;
  uint32_t num_inserts, cap_inserts;
  uint32_t replaced;
} ete_t;

static buf_walk_result_t collect_inserts(buf_op_t *op, void *user) {
  ete_t *e = user;
  const buf_bufferize_model_t *m = buf_op_model(op, BUF_MODEL_BUFFERIZE);
  if (!m || m->insertion == BUF_BZ_INSERT_NONE || !m->build_subset_extraction ||
      op->num_operands < 2)
    return BUF_WALK_ADVANCE;
  if (e->num_inserts == e->cap_inserts) {
    uint32_t cap = e->cap_inserts ? e->cap_inserts * 2 : 16;
    e->inserts = buf_arena_grow(e->arena, e->inserts, e->num_inserts, cap,
                                sizeof *e->inserts);
    e->cap_inserts = cap;
  }
  e->inserts[e->num_inserts++] = op;
  return BUF_WALK_ADVANCE;
}

/* The next steps of the reverse chain from v: the operands (of v's op, or
 * of the terminators of its regions, as for scf.if) whose buffer is
 * *equivalent* to v, into out. A step changes the type only through a cast
 * (an op whose result keeps its operand's shape, upstream's
 * CastOpInterface). Returns 0 when v is a leaf: no aliasing operand, one
 * that merely aliases (v might not be the whole of it), or too many. */
static uint32_t equivalent_operands(ete_t *e, buf_value_t *v, buf_use_t **out,
                                    uint32_t max) {
  if (!v->def)
    return 0;
  bool any_write;
  uint32_t n = buf__bz_aliasing_operands(e->bz, v, out, max, &any_write);
  if (n >= max)
    return 0;
  bool cast = buf_op_has_trait(v->def, BUF_TRAIT_SAME_SHAPE);
  const buf_bufferize_model_t *m = buf_op_model(v->def, BUF_MODEL_BUFFERIZE);
  bool branch = m && m->exclusive_regions;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  for (uint32_t i = 0; i < n; i++) {
    if (out[i]->value->type != v->type && !cast)
      return 0;
    /* A branch op (scf.if) passes on the whole of the yielded value of
     * the branch that ran: equivalent, only not definitely (upstream's
     * isDefinite = false); the models call it MAYBE. */
    if (branch && out[i]->owner != v->def && out[i]->value->type == v->type)
      continue;
    uint32_t k = buf__bz_aliases(e->bz, out[i], al, BUF_BZ_MAX_ALIASES);
    bool equivalent = false;
    for (uint32_t j = 0; j < k; j++)
      equivalent |= al[j].value == v && al[j].rel == BUF_BZ_EQUIV;
    if (!equivalent)
      return 0;
  }
  return n;
}

static bool is_empty(const buf_value_t *v) {
  return v->def && strcmp(v->def->name, "tensor.empty") == 0;
}

/* True when value v is available just before op `at`: defined by an op
 * before at's ancestor in v's block, or a block argument of a block that
 * contains at. Other cases (another block of a CFG region) count as not
 * available, which only makes the pass skip a candidate. */
static bool available_before(buf_value_t *v, buf_op_t *at) {
  buf_block_t *b = buf_value_parent_block(v);
  if (!b)
    return false;
  buf_op_t *anc = at;
  while (anc && anc->block != b)
    anc = buf_op_parent(anc);
  if (!anc)
    return false;
  if (!v->def)
    return true;
  return v->def != anc && buf_op_is_before_in_block(v->def, anc);
}

/* Ops that may be moved up to make a value available: no memory effects
 * and not a terminator. Linalg ops on tensors qualify (value semantics: they
 * only compute their results). */
static bool is_movable(const buf_op_t *op) {
  if (buf_op_has_trait(op, BUF_TRAIT_TERMINATOR) || op->num_successors)
    return false;
  if (buf_op_has_trait(op, BUF_TRAIT_PURE))
    return true;
  if (strncmp(op->name, "linalg.", 7) != 0 || op->num_results == 0)
    return false;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_type_is_memref(op->operands[i].value->type))
      return false;
  return true;
}

typedef struct op_set {
  buf_op_t **ops;
  uint32_t n, cap;
} op_set_t;

static bool op_set_has(const op_set_t *s, const buf_op_t *op) {
  for (uint32_t i = 0; i < s->n; i++)
    if (s->ops[i] == op)
      return true;
  return false;
}

static void op_set_add(ete_t *e, op_set_t *s, buf_op_t *op) {
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? s->cap * 2 : 8;
    s->ops = buf_arena_grow(e->arena, s->ops, s->n, cap, sizeof *s->ops);
    s->cap = cap;
  }
  s->ops[s->n++] = op;
}

/* The values used inside op's regions but defined outside op. */
typedef struct captured {
  buf_op_t *op;
  buf_value_t *v[32];
  uint32_t n;
  bool overflow;
} captured_t;

static buf_walk_result_t collect_captured(buf_op_t *inner, void *user) {
  captured_t *c = user;
  if (inner == c->op)
    return BUF_WALK_ADVANCE;
  for (uint32_t i = 0; i < inner->num_operands; i++) {
    buf_value_t *v = inner->operands[i].value;
    buf_block_t *b = buf_value_parent_block(v);
    buf_op_t *owner = b ? buf_block_parent_op(b) : NULL;
    bool inside = owner && (owner == c->op || buf_op_is_ancestor(c->op, owner));
    if (inside)
      continue;
    bool seen = false;
    for (uint32_t k = 0; k < c->n; k++)
      seen |= c->v[k] == v;
    if (seen)
      continue;
    if (c->n == 32) {
      c->overflow = true;
      return BUF_WALK_INTERRUPT;
    }
    c->v[c->n++] = v;
  }
  return BUF_WALK_ADVANCE;
}

/* Makes v available before `at`, collecting in `moves` the ops that must
 * move before `at` (v's def and, recursively, the defs of its operands).
 * Returns false when that is impossible. Bounded depth keeps it cheap. */
static bool plan_available(ete_t *e, buf_value_t *v, buf_op_t *at,
                           op_set_t *moves, int depth) {
  if (available_before(v, at))
    return true;
  buf_op_t *d = v->def;
  if (!d || op_set_has(moves, d))
    return d != NULL;
  if (depth > 16 || d->block != at->block || !is_movable(d) ||
      !buf_op_is_before_in_block(at, d))
    return false;
  for (uint32_t i = 0; i < d->num_operands; i++)
    if (!plan_available(e, d->operands[i].value, at, moves, depth + 1))
      return false;
  /* Values the op's regions capture from above must be available too. */
  captured_t c = {.op = d};
  buf_op_walk(d, BUF_WALK_PRE, collect_captured, &c);
  if (c.overflow)
    return false;
  for (uint32_t i = 0; i < c.n; i++)
    if (!plan_available(e, c.v[i], at, moves, depth + 1))
      return false;
  op_set_add(e, moves, d);
  return true;
}

/* Tries insertion point `at`: true (and the moves done) when every value
 * the extraction may need (the destination and the dynamic offsets, sizes
 * and strides: operands 1.. of ins) is or can be made available before
 * it. */
static bool prepare_point(ete_t *e, buf_op_t *ins, buf_op_t *at) {
  op_set_t moves = {0};
  for (uint32_t i = 1; i < ins->num_operands; i++)
    if (!plan_available(e, ins->operands[i].value, at, &moves, 0))
      return false;
  /* Move in the original order so that defs stay before their uses. */
  for (uint32_t i = 0; i < moves.n; i++)
    for (uint32_t j = i + 1; j < moves.n; j++)
      if (buf_op_is_before_in_block(moves.ops[j], moves.ops[i])) {
        buf_op_t *t = moves.ops[i];
        moves.ops[i] = moves.ops[j];
        moves.ops[j] = t;
      }
  for (uint32_t i = 0; i < moves.n; i++)
    buf_op_move_before(moves.ops[i], at);
  return true;
}

/* Is every use of v other than `link` (the next step of the chain) an op
 * of ins's block that runs before ins? */
static bool used_only_before(buf_value_t *v, buf_use_t *link, buf_op_t *ins) {
  for (buf_use_t *u = v->first_use; u; u = u->next_use) {
    if (u == link)
      continue;
    buf_op_t *o = u->owner;
    while (o && o->block != ins->block)
      o = buf_op_parent(o);
    if (!o || o == ins || !buf_op_is_before_in_block(o, ins))
      return false;
  }
  return true;
}

/* The extraction (the hook's value, of ins's source type) as a value of
 * the empty's type: a tensor.cast when the chain went through casts;
 * NULL when the element types differ. */
static buf_value_t *as_empty_type(ete_t *e, buf_op_t *at, buf_value_t *x,
                                  buf_value_t *empty) {
  if (x->type == empty->type)
    return x;
  if (buf_type_elem(x->type) != buf_type_elem(empty->type))
    return NULL;
  buf_builder_t b;
  buf_builder_init(&b, e->ctx);
  buf_builder_set_after(&b, x->def ? x->def : at);
  if (!x->def)
    buf_builder_set_before(&b, at);
  b.loc = empty->def->loc;
  return buf_op_result(buf_build(&b, "tensor.cast", empty->type, 1, &x, NULL),
                       0);
}

/* Replaces one use of a tensor.empty (found on a reverse chain from ins's
 * source) by the part of ins's destination the chain ends in. */
static void replace_empty_use(ete_t *e, buf_op_t *ins, buf_use_t *use) {
  buf_value_t *empty = use->value;
  if (!is_empty(empty))
    return; /* replaced already, through another path */
  buf_op_t *user = use->owner;
  buf_op_t *at = NULL;
  if (prepare_point(e, ins, empty->def))
    at = empty->def;
  else if (prepare_point(e, ins, user))
    at = user;
  if (!at)
    return;
  const buf_bufferize_model_t *m = buf_op_model(ins, BUF_MODEL_BUFFERIZE);
  buf_builder_t b;
  buf_builder_init(&b, e->ctx);
  buf_builder_set_before(&b, at);
  b.loc = empty->def->loc;
  buf_value_t *x = m->build_subset_extraction(&b, ins);
  if (x)
    x = as_empty_type(e, at, x, empty);
  if (!x)
    return;
  buf_op_set_operand(user, (uint32_t)(use - user->operands), x);
  e->replaced++;
  if (!buf_value_has_uses(empty))
    buf_op_erase(empty->def);
}

/* Follows ins's source back, through equivalent buffers, to the
 * tensor.empty ops it is built in (one per branch of an scf.if, say) and
 * replaces those uses. For a whole-destination materialization (linalg.copy,
 * materialize_in_destination) the values of a chain must not be used after
 * it: those uses would then see the destination, which the now
 * self-copying ins writes in place, so One-Shot would copy (an allocation
 * for the one saved). Slice insertions do not have this problem: an
 * insert_slice of the very slice it writes never conflicts. */
static void eliminate_for(ete_t *e, buf_op_t *ins) {
  const buf_bufferize_model_t *m = buf_op_model(ins, BUF_MODEL_BUFFERIZE);
  bool whole = m->insertion == BUF_BZ_INSERT_WHOLE;
  buf_use_t *stack[64], *found[64];
  uint32_t sp = 0, nfound = 0;
  stack[sp++] = &ins->operands[0];
  for (uint32_t steps = 0; sp && steps < 1024; steps++) {
    buf_use_t *use = stack[--sp];
    buf_value_t *v = use->value;
    if (is_empty(v)) {
      if (nfound < 64)
        found[nfound++] = use;
      continue;
    }
    if (whole && !used_only_before(v, use, ins))
      continue;
    buf_use_t *next[16];
    uint32_t n = equivalent_operands(e, v, next, 16);
    /* pushed last first, so the chains are searched in program order */
    for (uint32_t i = n; i-- > 0 && sp < 64;)
      stack[sp++] = next[i];
  }
  for (uint32_t i = 0; i < nfound; i++)
    replace_empty_use(e, ins, found[i]);
}

static buf_status_t eliminate_run(buf_op_t *module,
                                  const buf_pass_options_t *options) {
  (void)options;
  /* as upstream, the elimination's analysis accepts any loop */
  buf_bz_options_t bzo = {.allow_return_allocs_from_loops = true};
  ete_t e = {.ctx = buf_op_ctx(module), .arena = buf_ctx_arena(buf_op_ctx(module))};
  buf_op_walk(module, BUF_WALK_PRE, collect_inserts, &e);
  if (e.num_inserts == 0)
    return BUF_SUCCESS;
  e.bz = buf__bz_create(module, &bzo, buf__bz_registered_model);
  /* Last to first: an outer insertion replaces the empty destination of an
   * inner one before the inner one extracts from that destination. */
  for (uint32_t i = e.num_inserts; i-- > 0;)
    eliminate_for(&e, e.inserts[i]);
  buf__bz_destroy(e.bz);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_eliminate_empty_tensors = {
    .name = "eliminate-empty-tensors",
    .summary = "Replace tensor.empty ops that end up inserted into a "
               "destination by slices of that destination",
    .anchor = "builtin.module",
    .run = eliminate_run,
};
