/*
 * models_ml_program.c: bufferization models of ml_program globals.
 *
 *   ml_program.global       a memref.global of the same name, visibility and
 *                           initial value; `constant` unless mutable; an
 *                           absent value makes it uninitialized.
 *   global_load_const       memref.get_global: a read-only buffer (writes
 *                           to the loaded tensor go to a copy).
 *   global_load             of a global nothing stores to: the same. Of a
 *                           global some global_store writes: a snapshot,
 *                           a new buffer with a copy of the global, because
 *                           the tensor holds the value the global had at
 *                           the load (upstream returns the global's buffer
 *                           itself, so a later store shows through it),
 *                           unless every read of the tensor is over before
 *                           any store can run (needs_snapshot): then the
 *                           global's buffer, read-only, as upstream.
 *   global_store            a copy of the stored tensor's buffer into the
 *                           global's buffer.
 */
#include "bz_internal.h"
#include "buf/syntax.h"

typedef struct store_search {
  buf_attr_t ref; /* the global, as the load names it */
  bool found;
} store_search_t;

static const buf_bufferize_model_t store_model;
static const buf_bufferize_model_t load_model;

static buf_walk_result_t find_store(buf_op_t *op, void *user) {
  store_search_t *s = user;
  if (buf_op_model(op, BUF_MODEL_BUFFERIZE) == &store_model &&
      buf_op_attr(op, "global") == s->ref) {
    s->found = true;
    return BUF_WALK_INTERRUPT;
  }
  return BUF_WALK_ADVANCE;
}

/* Does some op of the module store into the global `load` reads? Symbol
 * references are uniqued attributes: equal references are one pointer. */
static bool global_is_stored(const buf_op_t *load) {
  buf_op_t *module = (buf_op_t *)load;
  while (buf_op_parent(module))
    module = buf_op_parent(module);
  store_search_t s = {buf_op_attr(load, "global"), false};
  buf_op_walk(module, BUF_WALK_PRE, find_store, &s);
  return s.found;
}

/* Might `op`, or an op nested in it, store into the global s->ref when it
 * runs? A call might (its callee may store), and so might an op bufferd
 * does not know. */
static buf_walk_result_t find_possible_store(buf_op_t *op, void *user) {
  store_search_t *s = user;
  if ((buf_op_model(op, BUF_MODEL_BUFFERIZE) == &store_model &&
       buf_op_attr(op, "global") == s->ref) ||
      buf_op_has_trait(op, BUF_TRAIT_CALL) ||
      buf_op_has_trait(op, BUF_TRAIT_UNREGISTERED)) {
    s->found = true;
    return BUF_WALK_INTERRUPT;
  }
  return BUF_WALK_ADVANCE;
}

/* The op of `block` that is or contains `op`; NULL when none is. */
static buf_op_t *ancestor_in(buf_block_t *block, buf_op_t *op) {
  while (op && op->block != block)
    op = buf_op_parent(op);
  return op;
}

/* Does `op` have a memref result (bufferization.to_buffer)? It may be the
 * loaded tensor's buffer, which the alias sets of tensors do not follow. */
static bool gives_buffer(const buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf_type_is_memref(op->results[i].type))
      return true;
  return false;
}

/* Does the tensor `load` gives need a snapshot of the global? Only when a
 * store into the global might run while the tensor, or a tensor aliasing
 * it, is still read: otherwise the load may be the global's buffer itself,
 * as upstream always makes it, without the copy. Decided conservatively:
 * no snapshot when every use is in the load's block (or nested in an op of
 * it), none passes the tensor on (a terminator, an op whose result may
 * alias it without writing it, or one that gives a memref), and no op from
 * the load through the last use might store. */
static bool needs_snapshot(buf_bz_t *bz, buf_op_t *load) {
  if (!global_is_stored(load))
    return false;
  buf_op_t *last = load;
  for (buf_use_t *u = load->results[0].first_use; u; u = u->next_use) {
    buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
    buf_op_t *at = ancestor_in(load->block, u->owner);
    /* a use that writes the tensor writes a copy (the global's buffer is
     * not written through a load): what it yields no longer aliases it */
    if (!at || buf_op_has_trait(u->owner, BUF_TRAIT_TERMINATOR) ||
        (buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES) != 0 &&
         !buf__bz_writes(bz, u)) ||
        gives_buffer(u->owner))
      return true;
    if (buf_op_is_before_in_block(last, at))
      last = at;
  }
  store_search_t s = {buf_op_attr(load, "global"), false};
  for (buf_op_t *op = load->next; op && !s.found; op = op->next) {
    buf_op_walk(op, BUF_WALK_PRE, find_possible_store, &s);
    if (op == last)
      break;
  }
  return s.found;
}

/* A snapshot is a new buffer, written freely; the global's own buffer is
 * not written through a load (writes go to a copy). */
static bool load_result_writable(buf_bz_t *bz, buf_value_t *v) {
  return needs_snapshot(bz, v->def);
}

static bool result_read_only(buf_bz_t *bz, buf_value_t *v) {
  (void)bz, (void)v;
  return false;
}

/* memref.get_global of the memref.global that `op`'s global becomes. */
static buf_value_t *get_global(buf_bz_rewriter_t *rw, buf_op_t *op,
                               buf_builder_t *b, buf_type_t tensor) {
  buf_attr_t ref = buf_op_attr(op, "global");
  return buf_op_result(buf_build(b, "memref.get_global",
                                 buf_bz_alloc_type(rw, tensor), 0, NULL,
                                 "name", ref, NULL),
                       0);
}

static buf_status_t check_static(buf_op_t *op, buf_type_t t) {
  if (t->kind == BUF_TYPE_TENSOR && buf_type_has_static_shape(t))
    return BUF_SUCCESS;
  buf_op_emit_error(op, "cannot bufferize: a global of type '%s' (only "
                        "statically shaped tensors become memref.global)",
                    buf_type_to_string(buf_op_ctx(op), t));
  return BUF_FAILURE;
}

static buf_status_t load_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_type_t t = op->results[0].type;
  if (BUF_FAILED(check_static(op, t)))
    return BUF_FAILURE;
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *buffer = get_global(rw, op, &b, t);
  if (buf_op_model(op, BUF_MODEL_BUFFERIZE) == &load_model &&
      needs_snapshot(buf_bz_rw_analysis(rw), op)) {
    buf_value_t *snapshot =
        buf_bz_alloc(rw, &b, buf_bz_alloc_type(rw, t), buffer, NULL);
    buf_bz_copy(rw, &b, buffer, snapshot);
    buffer = snapshot;
  }
  buf_bz_replace(rw, op, &buffer);
  return BUF_SUCCESS;
}

static buf_status_t store_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  /* The stored value may be a function argument already retyped to its
   * buffer (function boundaries): its tensor type is the global's. */
  buf_type_t t = buf_op_operand(op, 0)->type;
  if (buf_type_is_memref(t))
    t = buf_type_tensor_for_memref(buf_bz_rw_ctx(rw), t);
  if (BUF_FAILED(check_static(op, t)))
    return BUF_FAILURE;
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *value = buf_bz_buffer(rw, buf_op_operand(op, 0));
  buf_value_t *global = get_global(rw, op, &b, t);
  buf_bz_copy(rw, &b, value, global);
  buf_bz_erase(rw, op);
  return BUF_SUCCESS;
}

static buf_status_t global_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_type_t t = buf_op_attr(op, "type")->type;
  if (BUF_FAILED(check_static(op, t)))
    return BUF_FAILURE;
  buf_attr_t value = buf_op_attr(op, "value");
  if (value && !buf_attr_is_elements(value)) {
    buf_op_emit_error(op, "cannot bufferize: the initial value of a "
                          "global must be a dense elements attribute");
    return BUF_FAILURE;
  }
  buf_op_state_t st;
  buf_state_init(&st, ctx, "memref.global", op->loc);
  buf_state_set_attr(&st, "sym_name", buf_op_attr(op, "sym_name"));
  buf_attr_t vis = buf_op_attr(op, "sym_visibility");
  if (vis)
    buf_state_set_attr(&st, "sym_visibility", vis);
  buf_state_set_attr(&st, "type",
                     buf_attr_type(ctx, buf_bz_alloc_type(rw, t)));
  buf_state_set_attr(&st, "initial_value", value ? value : buf_attr_unit(ctx));
  if (!buf_op_has_attr(op, "is_mutable"))
    buf_state_set_attr(&st, "constant", buf_attr_unit(ctx));
  buf_op_t *global = buf_op_create(&st);
  buf_block_insert_op_before(op->block, op, global);
  buf_bz_erase(rw, op);
  return BUF_SUCCESS;
}

static bool never(buf_bz_t *bz, buf_use_t *u) {
  (void)bz, (void)u;
  return false;
}

static const buf_bufferize_model_t global_model = {
    .bufferize = global_bufferize,
};

static const buf_bufferize_model_t load_const_model = {
    .result_writable = result_read_only,
    .bufferize = load_bufferize,
};

static const buf_bufferize_model_t load_model = {
    .result_writable = load_result_writable,
    .bufferize = load_bufferize,
};

/* The stored tensor is read (copied into the global), never written. */
static const buf_bufferize_model_t store_model = {
    .writes = never,
    .bufferize = store_bufferize,
};

const buf__bz_model_row_t buf__bz_models_ml_program[] = {
    {"ml_program.global", &global_model},
    {"ml_program.global_load", &load_model},
    {"ml_program.global_load_const", &load_const_model},
    {"ml_program.global_store", &store_model},
};
const uint32_t buf__bz_num_models_ml_program =
    sizeof buf__bz_models_ml_program / sizeof buf__bz_models_ml_program[0];
