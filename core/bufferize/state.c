/*
 * state.c: the state of one One-Shot analysis and the queries on it that
 * the analysis, the models and the rewrite share.
 *
 *   - creation: every op of the module gets a record in pre-order (its
 *     model, decisions, place in the conflict index), every tensor value a
 *     record, every function a summary that starts conservative;
 *   - the model of each op, from the registry the driver passes in (see
 *     models.c), cached per op definition;
 *   - alias sets and equivalence sets: union-find forests over the value
 *     records, the alias sets with circular member lists and, at each root,
 *     the set's indexed reads and writes (merged on union; conflict_index.c);
 *   - the model queries with the defaults for unknown ops (bufferize.h).
 *
 * Nothing here decides in-place-ness (analysis.c) or orders ops
 * (op_order.c); this file calls no other file of core/bufferize but the
 * interval sets of interval_index.c.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"

/* ------------------------------------------------------------------------ */
/* State creation                                                            */
/* ------------------------------------------------------------------------ */

bool buf__bz_is_tensor_type(buf_type_t t) {
  return t && (t->kind == BUF_TYPE_TENSOR || t->kind == BUF_TYPE_UNRANKED_TENSOR ||
               buf_type_is_custom_tensor_like(t));
}

bool buf__bz_type_mentions_tensor(buf_type_t t) {
  if (buf__bz_is_tensor_type(t))
    return true;
  if (t->kind != BUF_TYPE_FUNCTION)
    return false;
  for (uint32_t i = 0; i < t->u.func.num_inputs; i++)
    if (buf__bz_is_tensor_type(t->u.func.inputs[i]))
      return true;
  for (uint32_t i = 0; i < t->u.func.num_results; i++)
    if (buf__bz_is_tensor_type(t->u.func.results[i]))
      return true;
  return false;
}

/* The two ops of the tensor/buffer boundary (upstream's ToBufferOp and
 * ToTensorOp) are the only ops the bufferization core names: every pass of
 * it makes or folds them, and no trait of another op says "this converts a
 * tensor to its buffer". bufferization.to_memref is to_buffer's pre-LLVM-21
 * name. */
bool buf__bz_is_to_buffer(const buf_op_t *op) {
  return buf_op_isa(op, "bufferization.to_buffer") ||
         buf_op_isa(op, "bufferization.to_memref");
}

bool buf__bz_is_to_tensor(const buf_op_t *op) {
  return buf_op_isa(op, "bufferization.to_tensor");
}

static uint32_t add_val(buf_bz_t *bz, buf_value_t *v) {
  if (bz->num_vals == bz->cap_vals) {
    bz->cap_vals = bz->cap_vals ? bz->cap_vals * 2 : 64;
    bz->vals = realloc(bz->vals, bz->cap_vals * sizeof *bz->vals);
    if (!bz->vals)
      abort();
  }
  uint32_t i = bz->num_vals++;
  bz->vals[i] = (bz_val_t){.v = v, .alias_parent = i, .equiv_parent = i,
                           .alias_next = i};
  v->analysis_slot = i;
  return i;
}

/* Numbers op and everything nested in it in pre-order. The records are
 * made in that order too, so an op's record index is its pre-order number
 * and the ops nested in it are the records (pre, end]. */
static uint32_t number_op(buf_bz_t *bz, buf_op_t *op, uint32_t *counter) {
  if (bz->num_ops == bz->cap_ops) {
    bz->cap_ops = bz->cap_ops ? bz->cap_ops * 2 : 64;
    bz->ops = realloc(bz->ops, bz->cap_ops * sizeof *bz->ops);
    if (!bz->ops)
      abort();
  }
  uint32_t oi = bz->num_ops++;
  memset(&bz->ops[oi], 0, sizeof bz->ops[oi]);
  /* before op has a record, which would answer */
  bz->ops[oi].unfiltered_model = buf__bz_unfiltered_model(bz, op);
  bz->ops[oi].model = buf_bz_model_of(bz, op);
  bz->ops[oi].op = op;
  bz->ops[oi].pre = (*counter)++;
  assert(bz->ops[oi].pre == oi);
  bz->ops[oi].first_use = bz->num_uses;
  bz->num_uses += op->num_operands;
  op->analysis_slot = oi;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf__bz_is_tensor_type(op->results[i].type))
      add_val(bz, &op->results[i]);
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
      for (uint32_t a = 0; a < b->num_args; a++)
        if (buf__bz_is_tensor_type(b->args[a]->type))
          add_val(bz, b->args[a]);
      for (buf_op_t *c = b->first; c; c = c->next)
        number_op(bz, c, counter);
    }
  /* bz->ops may have moved: index again */
  bz->ops[oi].end = *counter - 1;
  return oi;
}

bool buf__bz_filter_accepts(const buf_bz_options_t *o, const char *op_name) {
  if (o->op_filter && !o->op_filter(op_name))
    return false;
  if (!o->dialect_filter)
    return true;
  const char *dot = strchr(op_name, '.');
  size_t n = dot ? (size_t)(dot - op_name) : strlen(op_name);
  for (const char *s = o->dialect_filter; s && *s;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && strncmp(s, op_name, n) == 0)
      return true;
    s = e ? e + 1 : NULL;
  }
  return false;
}

const buf_bufferize_model_t *buf_bz_model_of(buf_bz_t *bz,
                                             const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (o)
    return o->model; /* decided when the op was numbered */
  if (!buf__bz_filter_accepts(&bz->opts, op->name) &&
      !buf__ptrmap_get(&bz->own_ops, op))
    return NULL;
  return buf__bz_unfiltered_model(bz, op);
}

const buf_bufferize_model_t *buf__bz_unfiltered_model(buf_bz_t *bz,
                                                      const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (o)
    return o->unfiltered_model;
  return bz->registered_model(op);
}

buf_op_t *buf__bz_enclosing_func(buf_op_t *op) {
  for (buf_op_t *p = op; p; p = buf_op_parent(p))
    if (buf_op_has_trait(p, BUF_TRAIT_FUNCTION))
      return p;
  return NULL;
}

buf_op_t *buf__bz_callee(buf_bz_t *bz, buf_op_t *call) {
  buf_attr_t callee = buf_op_attr(call, "callee");
  if (!callee || callee->kind != BUF_ATTR_SYMBOL_REF)
    return NULL;
  return buf_symbol_lookup(bz->module, callee->u.symref.names[0]);
}

bool buf__bz_func_ops_enabled(const buf_bz_t *bz) {
  return bz->opts.function_boundaries;
}

/* What a call may do to argument i of func as far as its declaration says:
 * `bufferization.access = "none" | "read" | "write" | "read-write"` on an
 * external function's argument (as upstream's module bufferization reads
 * it); anything else, and any function with a body until its summary is
 * computed, reads and writes. */
static void declared_access(const buf_op_t *func, uint32_t i, bool *read, bool *written) {
  *read = *written = true;
  buf_attr_t a = buf_op_arg_attr(func, i, "bufferization.access");
  if (!a || a->kind != BUF_ATTR_STRING)
    return;
  char access[16] = "";
  if (a->u.str.len < sizeof access)
    memcpy(access, a->u.str.data, a->u.str.len);
  if (strcmp(access, "none") == 0)
    *read = *written = false;
  else if (strcmp(access, "read") == 0)
    *written = false;
  else if (strcmp(access, "write") == 0)
    *read = false;
}

buf_bz_t *buf__bz_create(buf_op_t *module, const buf_bz_options_t *opts,
                         buf__bz_model_lookup_t registered_model) {
  buf_bz_t *bz = calloc(1, sizeof *bz);
  if (!bz)
    abort();
  bz->ctx = buf_op_ctx(module);
  bz->module = module;
  bz->opts = *opts;
  bz->registered_model = registered_model;
  bz->report = bz->ctx->bz_report;
  uint32_t counter = 0;
  number_op(bz, module, &counter);
  bz->uses = calloc(bz->num_uses + 1, sizeof *bz->uses);
  /* one decision per operand, all in one block */
  bz->decisions = calloc(bz->num_uses + 1, 1);
  if (!bz->uses || !bz->decisions)
    abort();
  for (uint32_t i = 0; i < bz->num_ops; i++)
    bz->ops[i].decision = bz->decisions + bz->ops[i].first_use;
  bz->index_exact = true;
  /* function records */
  uint32_t nf = 0;
  buf_block_t *body = module->num_regions ? buf_region_entry(module->regions[0]) : NULL;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION))
      nf++;
  bz->funcs = calloc(nf ? nf : 1, sizeof *bz->funcs);
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next) {
    if (!buf_op_has_trait(op, BUF_TRAIT_FUNCTION))
      continue;
    bz_func_t *f = &bz->funcs[bz->num_funcs++];
    f->func = op;
    buf_attr_t ft = buf_op_attr(op, "function_type");
    if (ft && ft->kind == BUF_ATTR_TYPE && ft->type->kind == BUF_TYPE_FUNCTION) {
      f->num_args = ft->type->u.func.num_inputs;
      f->num_results = ft->type->u.func.num_results;
    }
    f->arg_read = calloc(f->num_args + 1, sizeof *f->arg_read);
    f->arg_written = calloc(f->num_args + 1, sizeof *f->arg_written);
    f->result_equiv = calloc(f->num_results + 1, sizeof *f->result_equiv);
    f->result_alias = calloc((size_t)f->num_results * f->num_args + 1, 1);
    f->result_group = calloc(f->num_results + 1, sizeof *f->result_group);
    f->result_readonly = calloc(f->num_results + 1, sizeof *f->result_readonly);
    for (uint32_t i = 0; i < f->num_results; i++) {
      f->result_equiv[i] = -1;
      f->result_group[i] = i;
    }
    /* unknown bodies: read and written, unless a declaration says less */
    for (uint32_t i = 0; i < f->num_args; i++)
      declared_access(op, i, &f->arg_read[i], &f->arg_written[i]);
    buf__ptrmap_set(&bz->fmap, op, f);
  }
  return bz;
}

void buf__bz_destroy(buf_bz_t *bz) {
  if (!bz)
    return;
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    free(bz->ops[i].conflicts);
    free(bz->ops[i].model_data);
    free(bz->ops[i].why);
  }
  /* what the report kept (report.c) */
  free(bz->notes);
  free(bz->made);
  buf__ptrmap_free(&bz->copy_notes);
  buf__ptrmap_free(&bz->made_map);
  free(bz->rewrite_allocs);
  for (uint32_t i = 0; i < bz->num_funcs; i++) {
    free(bz->funcs[i].arg_read);
    free(bz->funcs[i].arg_written);
    free(bz->funcs[i].result_equiv);
    free(bz->funcs[i].result_alias);
    free(bz->funcs[i].result_group);
    free(bz->funcs[i].result_readonly);
  }
  free(bz->funcs);
  free(bz->order);
  free(bz->ops);
  free(bz->vals);
  free(bz->work);
  free(bz->uses);
  free(bz->decisions);
  free(bz->defs);
  buf__bz_ival_pool_free(&bz->ival);
  free(bz->scratch.items);
  free(bz->cand_a.items);
  free(bz->cand_b.items);
  buf__ptrmap_free(&bz->own_ops);
  buf__ptrmap_free(&bz->copy_sources);
  buf__ptrmap_free(&bz->fmap);
  free(bz);
}

/* An op's and a value's numbers are kept in their analysis_slot and count
 * only where the table holds that op or value at that index: ops made
 * after the numbering (copies, the rewrite) have none. */
bz_op_t *buf__bz_op(buf_bz_t *bz, const buf_op_t *op) {
  uint32_t i = op->analysis_slot;
  return i < bz->num_ops && bz->ops[i].op == op ? &bz->ops[i] : NULL;
}

bz_func_t *buf__bz_func(buf_bz_t *bz, const buf_op_t *func) {
  return buf__ptrmap_get(&bz->fmap, func);
}

uint32_t buf__bz_val_index(buf_bz_t *bz, const buf_value_t *v) {
  uint32_t i = v->analysis_slot;
  return i < bz->num_vals && bz->vals[i].v == v ? i : UINT32_MAX;
}

bz_val_t *buf__bz_val(buf_bz_t *bz, const buf_value_t *v) {
  uint32_t i = buf__bz_val_index(bz, v);
  return i == UINT32_MAX ? NULL : &bz->vals[i];
}

/* ------------------------------------------------------------------------ */
/* Union-find                                                                */
/* ------------------------------------------------------------------------ */

uint32_t buf__bz_alias_root(buf_bz_t *bz, uint32_t i) {
  while (bz->vals[i].alias_parent != i) {
    bz->vals[i].alias_parent = bz->vals[bz->vals[i].alias_parent].alias_parent;
    i = bz->vals[i].alias_parent;
  }
  return i;
}

static uint32_t equiv_root(buf_bz_t *bz, uint32_t i) {
  while (bz->vals[i].equiv_parent != i) {
    bz->vals[i].equiv_parent = bz->vals[bz->vals[i].equiv_parent].equiv_parent;
    i = bz->vals[i].equiv_parent;
  }
  return i;
}

void buf__bz_alias_union(buf_bz_t *bz, uint32_t a, uint32_t b) {
  uint32_t ra = buf__bz_alias_root(bz, a), rb = buf__bz_alias_root(bz, b);
  if (ra == rb)
    return;
  bz->vals[rb].alias_parent = ra;
  /* splice the circular member lists */
  uint32_t na = bz->vals[ra].alias_next;
  bz->vals[ra].alias_next = bz->vals[rb].alias_next;
  bz->vals[rb].alias_next = na;
  /* the conflict index: the smaller trees go into the larger ones */
  bz_val_t *into = &bz->vals[ra], *from = &bz->vals[rb];
  if (from->num_reads > into->num_reads) {
    uint32_t t = into->read_tree;
    into->read_tree = from->read_tree;
    from->read_tree = t;
  }
  buf__bz_ival_merge(&bz->ival, &into->read_tree, from->read_tree, &bz->scratch);
  if (from->num_writes > into->num_writes) {
    uint32_t t = into->write_tree;
    into->write_tree = from->write_tree;
    from->write_tree = t;
  }
  buf__bz_ival_merge(&bz->ival, &into->write_tree, from->write_tree, &bz->scratch);
  into->num_reads += from->num_reads;
  into->num_writes += from->num_writes;
  into->num_inplace_writes += from->num_inplace_writes;
  into->num_unwritable += from->num_unwritable;
  into->num_unknown_results += from->num_unknown_results;
  from->read_tree = from->write_tree = 0;
  from->num_reads = from->num_writes = from->num_inplace_writes = from->num_unwritable = 0;
  from->num_unknown_results = 0;
}

void buf__bz_equiv_union(buf_bz_t *bz, uint32_t a, uint32_t b) {
  uint32_t ra = equiv_root(bz, a), rb = equiv_root(bz, b);
  if (ra != rb)
    bz->vals[rb].equiv_parent = ra;
}

bool buf_bz_equivalent(buf_bz_t *bz, buf_value_t *a, buf_value_t *b) {
  if (a == b)
    return true;
  uint32_t ia = buf__bz_val_index(bz, a), ib = buf__bz_val_index(bz, b);
  if (ia == UINT32_MAX || ib == UINT32_MAX)
    return false;
  return equiv_root(bz, ia) == equiv_root(bz, ib);
}

bool buf__bz_same_alias_set(buf_bz_t *bz, buf_value_t *a, buf_value_t *b) {
  uint32_t ia = buf__bz_val_index(bz, a), ib = buf__bz_val_index(bz, b);
  if (ia == UINT32_MAX || ib == UINT32_MAX)
    return a == b;
  return buf__bz_alias_root(bz, ia) == buf__bz_alias_root(bz, ib);
}

bool buf_bz_may_alias(buf_bz_t *bz, buf_value_t *a, buf_value_t *b) {
  return buf__bz_same_alias_set(bz, a, b);
}

/* ------------------------------------------------------------------------ */
/* Model queries with defaults                                               */
/* ------------------------------------------------------------------------ */

const buf_bz_options_t *buf_bz_options(const buf_bz_t *bz) { return &bz->opts; }

static const buf_bufferize_model_t *model_of_use(buf_bz_t *bz, buf_use_t *u) {
  return buf_bz_model_of(bz, u->owner);
}

bool buf__bz_reads(buf_bz_t *bz, buf_use_t *u) {
  const buf_bufferize_model_t *m = model_of_use(bz, u);
  if (!m || !m->reads)
    return true;
  return m->reads(bz, u);
}

bool buf__bz_writes(buf_bz_t *bz, buf_use_t *u) {
  const buf_bufferize_model_t *m = model_of_use(bz, u);
  if (!m || !m->writes)
    return false;
  return m->writes(bz, u);
}

uint32_t buf__bz_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                         uint32_t max) {
  const buf_bufferize_model_t *m = model_of_use(bz, u);
  if (!m) {
    /* unknown op: every tensor result may alias every tensor operand */
    uint32_t n = 0;
    for (uint32_t i = 0; i < u->owner->num_results && n < max; i++)
      if (buf__bz_is_tensor_type(u->owner->results[i].type))
        out[n++] = (buf_bz_alias_t){&u->owner->results[i], BUF_BZ_MAYBE};
    return n;
  }
  if (!m->aliases)
    return 0;
  return m->aliases(bz, u, out, max);
}

bool buf__bz_block_args_bufferized(buf_bz_t *bz, buf_block_t *b) {
  if (!b->region || b == b->region->first)
    return false;
  for (buf_block_t *p = b->region->first; p; p = p->next) {
    buf_op_t *t = p->last;
    for (uint32_t s = 0; t && s < t->num_successors; s++)
      if (t->successors[s] == b && !buf_bz_model_of(bz, t))
        return false;
  }
  return true;
}

bool buf__bz_must_inplace(buf_bz_t *bz, buf_use_t *u) {
  const buf_bufferize_model_t *m = model_of_use(bz, u);
  if (!m)
    return true;
  return m->must_inplace && m->must_inplace(bz, u);
}

bool buf__bz_value_writable(buf_bz_t *bz, buf_value_t *v) {
  if (v->def) {
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
    if (!m)
      return false;
    return !m->result_writable || m->result_writable(bz, v);
  }
  buf_op_t *owner = v->block && v->block->region ? v->block->region->op : NULL;
  if (!owner)
    return false;
  const buf_bufferize_model_t *m = buf_bz_model_of(bz, owner);
  if (!m)
    return false;
  return !m->arg_writable || m->arg_writable(bz, v);
}

bool buf_bz_inplace(buf_bz_t *bz, buf_use_t *u) {
  bz_op_t *o = buf__bz_op(bz, u->owner);
  return o && o->decision && o->decision[u->index] == BZ_INPLACE;
}
