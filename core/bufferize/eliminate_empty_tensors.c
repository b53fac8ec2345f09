/*
 * eliminate_empty_tensors.c: --eliminate-empty-tensors, on tensors before
 * bufferization.
 *
 * A tensor.empty whose value ends up inserted into a destination
 * (tensor.insert_slice, tensor.parallel_insert_slice) is replaced by a
 * tensor.extract_slice of that destination with the insertion's offsets,
 * sizes and strides; one that ends up materialized in a destination
 * (bufferization.materialize_in_destination into a tensor, linalg.copy
 * into its outs tensor) by the destination itself. One-Shot then writes the computation straight into
 * the destination's buffer instead of allocating a temporary and copying
 * it in.
 *
 * How a value "ends up inserted": starting from the inserted source, the
 * pass walks the reverse use-def chain through operands whose buffer is
 * *equivalent* to the op's result (asked from the bufferization models,
 * e.g. the outs of a linalg op, the dest of an insert_slice) and of the same
 * type, until it reaches a tensor.empty. Only the use on that chain is
 * replaced; other uses of the empty keep it.
 *
 * Why it is always correct: the contents of a tensor.empty are undefined,
 * so giving them any defined value (the destination's slice) refines the
 * program; with value semantics the extract_slice reads the same value
 * wherever it is placed, as long as the destination and the dynamic
 * offsets/sizes/strides are defined there and the slice is defined before
 * the replaced use.
 *
 * Where the extract_slice goes: just before the tensor.empty when
 * everything it needs is defined there, otherwise just before the op that
 * uses the empty on the chain. When a needed value is defined later in the
 * same block by side-effect-free ops (arith on indices, another
 * tensor.empty ...) whose own operands are available, those ops move up
 * first. When neither place works the empty is left alone.
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

/* How op inserts its source into its destination (its model's
 * SubsetInsertionOpInterface), or BUF_BZ_INSERT_NONE. */
static buf_bz_insertion_t subset_insertion(const buf_op_t *op) {
  const buf_bufferize_model_t *m = buf_op_model(op, BUF_MODEL_BUFFERIZE);
  return m ? m->insertion : BUF_BZ_INSERT_NONE;
}

static buf_walk_result_t collect_inserts(buf_op_t *op, void *user) {
  ete_t *e = user;
  if (subset_insertion(op) == BUF_BZ_INSERT_NONE || op->num_operands < 2 ||
      !buf_type_is_tensor(op->operands[1].value->type))
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

/* The operand of v's defining op whose buffer is equivalent to v and whose
 * type is v's type (the next step of the reverse chain), or NULL. */
static buf_use_t *equivalent_operand(ete_t *e, buf_value_t *v) {
  buf_op_t *def = v->def;
  if (!def)
    return NULL;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  buf_use_t *found = NULL;
  for (uint32_t i = 0; i < def->num_operands; i++) {
    buf_use_t *u = &def->operands[i];
    if (u->value->type != v->type)
      continue;
    uint32_t n = buf__bz_aliases(e->bz, u, al, BUF_BZ_MAX_ALIASES);
    for (uint32_t k = 0; k < n; k++)
      if (al[k].value == v && al[k].rel == BUF_BZ_EQUIV) {
        if (found)
          return NULL; /* two candidates: ambiguous, stop */
        found = u;
      }
  }
  return found;
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

/* The values the extract_slice needs: the destination and the dynamic
 * offsets, sizes and strides of the insertion. */
static uint32_t needed_values(buf_op_t *ins, buf_value_t **out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t i = 1; i < ins->num_operands && n < max; i++)
    out[n++] = ins->operands[i].value;
  return n;
}

/* Tries insertion point `at`: true (and the moves done) when every needed
 * value is or can be made available before it. */
static bool prepare_point(ete_t *e, buf_op_t *ins, buf_op_t *at) {
  buf_value_t *need[64];
  uint32_t n = needed_values(ins, need, 64);
  if (n == 64)
    return false;
  op_set_t moves = {0};
  for (uint32_t i = 0; i < n; i++)
    if (!plan_available(e, need[i], at, &moves, 0))
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

/* Builds tensor.extract_slice of ins's destination with ins's slice and
 * result type `type` before `at`. */
static buf_value_t *build_extraction(ete_t *e, buf_op_t *ins, buf_op_t *at,
                                     buf_type_t type, buf_loc_t loc) {
  uint32_t lens[3];
  uint32_t first = buf_op_segment(ins, 2, &lens[0]);
  buf_op_segment(ins, 3, &lens[1]);
  buf_op_segment(ins, 4, &lens[2]);
  buf_op_state_t st;
  buf_state_init(&st, e->ctx, "tensor.extract_slice", loc);
  buf_state_add_operand(&st, ins->operands[1].value);
  for (uint32_t i = 0; i < lens[0] + lens[1] + lens[2]; i++)
    buf_state_add_operand(&st, ins->operands[first + i].value);
  buf_state_add_result(&st, type);
  int64_t seg[4] = {1, lens[0], lens[1], lens[2]};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(e->ctx, buf_type_i32(e->ctx), 4, seg,
                                          NULL));
  buf_state_set_attr(&st, "static_offsets", buf_op_attr(ins, "static_offsets"));
  buf_state_set_attr(&st, "static_sizes", buf_op_attr(ins, "static_sizes"));
  buf_state_set_attr(&st, "static_strides", buf_op_attr(ins, "static_strides"));
  buf_builder_t b;
  buf_builder_init(&b, e->ctx);
  buf_builder_set_before(&b, at);
  b.loc = loc;
  return buf_op_result(buf_builder_insert(&b, &st), 0);
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

/* Follows ins's source back to a tensor.empty and replaces that use.
 * For a whole-destination materialization (linalg.copy,
 * materialize_in_destination) the values of the chain must not be used
 * after it: those uses would then see the destination, which the now
 * self-copying ins writes in place, so One-Shot would copy (an allocation
 * for the one saved). Slice insertions do not have this problem: an
 * insert_slice of the very slice it writes never conflicts. */
static void eliminate_for(ete_t *e, buf_op_t *ins) {
  uint32_t lens[3];
  bool whole = subset_insertion(ins) == BUF_BZ_INSERT_WHOLE;
  if (whole ? ins->num_operands != 2 || ins->operands[0].value->type !=
                                            ins->operands[1].value->type
            : buf_op_segment_sizes(ins, "operandSegmentSizes", NULL, 0) < 5 ||
      (buf_op_segment(ins, 2, &lens[0]), buf_op_segment(ins, 3, &lens[1]),
       buf_op_segment(ins, 4, &lens[2]),
       2 + lens[0] + lens[1] + lens[2] != ins->num_operands))
    return;
  buf_use_t *use = &ins->operands[0];
  for (uint32_t steps = 0; steps < 1024; steps++) {
    buf_value_t *v = use->value;
    if (is_empty(v))
      break;
    if (whole && !used_only_before(v, use, ins))
      return;
    use = equivalent_operand(e, v);
    if (!use)
      return;
  }
  buf_value_t *empty = use->value;
  if (!is_empty(empty) || empty->type != ins->operands[0].value->type)
    return;
  buf_op_t *user = use->owner;
  buf_op_t *at = NULL;
  if (prepare_point(e, ins, empty->def))
    at = empty->def;
  else if (prepare_point(e, ins, user))
    at = user;
  if (!at)
    return;
  buf_value_t *slice =
      whole ? ins->operands[1].value
            : build_extraction(e, ins, at, empty->type, empty->def->loc);
  buf_op_set_operand(user, (uint32_t)(use - user->operands), slice);
  e->replaced++;
  if (!buf_value_has_uses(empty))
    buf_op_erase(empty->def);
}

static buf_status_t eliminate_run(buf_op_t *module,
                                  const buf_pass_options_t *options) {
  (void)options;
  buf_bz_options_t bzo = {0};
  ete_t e = {.ctx = buf_op_ctx(module), .arena = buf_ctx_arena(buf_op_ctx(module))};
  buf_op_walk(module, BUF_WALK_PRE, collect_inserts, &e);
  if (e.num_inserts == 0)
    return BUF_SUCCESS;
  e.bz = buf__bz_create(module, &bzo, buf__bz_registered_model);
  /* Innermost-last order is not needed: each insertion only rewrites the
   * chain that feeds it, and a replaced use is never revisited. */
  for (uint32_t i = 0; i < e.num_inserts; i++)
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
