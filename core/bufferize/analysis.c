/*
 * analysis.c: the One-Shot in-place analysis.
 *
 * For every tensor operand of every op (callees before callers, ops of a
 * function in reverse post-order for the bottom-up heuristic), decide
 * whether it may use its buffer in place. An operand that writes is refused
 * in place when
 *   - some alias of it (or of the values that alias it) is not writable
 *     (constants, function arguments without function-boundary
 *     bufferization), or
 *   - a read of an aliasing value that must see the old contents happens
 *     after the write (read-after-write conflict), following upstream's
 *     rules: a read's "definitions" are found by walking the SSA use-def
 *     chain backwards to the last writes; op order decides "after" except
 *     inside repetitive (loop) regions whose body may run again; mutually
 *     exclusive regions (scf.if branches) never conflict; a write in a
 *     parallel region conflicts with reads in that region of values defined
 *     outside it. In a region of several blocks (cf branches), block
 *     dominance orders ops, a loop made of blocks makes op order
 *     meaningless unless it passes the read's definition, and a write only
 *     conflicts with reads its block can reach without the definition's
 *     block (this is stricter than upstream, which misses reads reached
 *     from a write outside the definition's block).
 *   Unlike upstream, a read and a write of provably disjoint parts of one
 *   tensor never conflict (disjoint_subsets.c).
 * Before any decision, upstream's assumptions are checked (check_assumptions):
 * each op's model precondition holds (a used to_tensor has `restrict`), and
 * the must-in-place operands (materialize_in_destination's destination)
 * must not write a read-only buffer nor be read after their write.
 * An operand decided in place joins the alias set (and for equivalent
 * aliases the equivalence set) of the values it aliases.
 *
 * Alias sets are union-find with circular member lists. Each set also
 * indexes its reads and in-place writes by program position (see "Conflict
 * index" below), so a decision asks only the read/write pairs it adds that
 * are close enough in program order to conflict, instead of every pair of
 * the merged sets (the full scan, kept for checking and for naming the
 * conflicting pair).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"

/* ------------------------------------------------------------------------ */
/* Small growable arrays                                                     */
/* ------------------------------------------------------------------------ */

/* The walks below (definitions, reverse chains, uses) mostly meet one or
 * two values, and run a few times per operand: their first items live in
 * the struct itself and membership is a scan until a set grows, so a
 * short walk allocates nothing. A ptrvec must not be moved while it holds
 * items. */
enum { PV_INLINE = 8 };

typedef struct ptrvec {
  void **v; /* small, or malloc'd once larger */
  uint32_t n, cap;
  void *small[PV_INLINE];
} ptrvec_t;

static void pv_push(ptrvec_t *p, void *x) {
  if (!p->v) {
    p->v = p->small;
    p->cap = PV_INLINE;
  }
  if (p->n == p->cap) {
    void **grown = malloc((size_t)p->cap * 2 * sizeof *grown);
    if (!grown)
      abort(); /* out of memory only */
    memcpy(grown, p->v, p->n * sizeof *grown);
    if (p->v != p->small)
      free(p->v);
    p->v = grown;
    p->cap *= 2;
  }
  p->v[p->n++] = x;
}

static void pv_free(ptrvec_t *p) {
  if (p->v != p->small)
    free(p->v);
  p->v = NULL;
  p->n = p->cap = 0;
}

/* The items as a malloc'd array the caller owns; p is left empty. */
static void **pv_take(ptrvec_t *p) {
  void **out = malloc((p->n ? p->n : 1) * sizeof *out);
  if (!out)
    abort();
  if (p->n)
    memcpy(out, p->v, p->n * sizeof *out);
  pv_free(p);
  return out;
}

/* A set: vector plus, once it outgrows a scan, a membership map. */
typedef struct ptrset {
  ptrvec_t items;
  buf__ptrmap_t seen; /* filled once items.n > PV_INLINE */
} ptrset_t;

static bool ps_add(ptrset_t *s, void *x) {
  if (s->items.n <= PV_INLINE) {
    for (uint32_t i = 0; i < s->items.n; i++)
      if (s->items.v[i] == x)
        return false;
  } else if (buf__ptrmap_get(&s->seen, x))
    return false;
  pv_push(&s->items, x);
  if (s->items.n == PV_INLINE + 1)
    for (uint32_t i = 0; i < s->items.n; i++)
      buf__ptrmap_set(&s->seen, s->items.v[i], (void *)1);
  else if (s->items.n > PV_INLINE + 1)
    buf__ptrmap_set(&s->seen, x, (void *)1);
  return true;
}

static void ps_free(ptrset_t *s) {
  pv_free(&s->items);
  buf__ptrmap_free(&s->seen);
}

/* ------------------------------------------------------------------------ */
/* State creation                                                            */
/* ------------------------------------------------------------------------ */

bool buf__bz_is_tensor_type(buf_type_t t) {
  return t && (t->kind == BUF_TYPE_TENSOR || t->kind == BUF_TYPE_UNRANKED_TENSOR);
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

const buf_bufferize_model_t *buf_bz_model_of(buf_bz_t *bz,
                                             const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (o)
    return o->model; /* decided when the op was numbered */
  if (bz->opts.op_filter && !bz->opts.op_filter(op->name) &&
      !buf__ptrmap_get(&bz->own_ops, op))
    return NULL;
  return buf__bz_unfiltered_model(bz, op);
}

const buf_bufferize_model_t *buf__bz_unfiltered_model(buf_bz_t *bz,
                                                      const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (o)
    return o->unfiltered_model;
  return buf_op_model(op, BUF_MODEL_BUFFERIZE);
}

buf_op_t *buf__bz_enclosing_func(buf_op_t *op) {
  for (buf_op_t *p = op; p; p = buf_op_parent(p))
    if (strcmp(p->name, "func.func") == 0)
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

buf_bz_t *buf__bz_create(buf_op_t *module, const buf_bz_options_t *opts) {
  buf_bz_t *bz = calloc(1, sizeof *bz);
  if (!bz)
    abort();
  bz->ctx = buf_op_ctx(module);
  bz->module = module;
  bz->opts = *opts;
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
  const char *verify = getenv("BUFFERD_VERIFY_ANALYSIS");
  bz->verify_index = verify && *verify && strcmp(verify, "0") != 0;
  /* function records */
  uint32_t nf = 0;
  buf_block_t *body = module->num_regions ? buf_region_entry(module->regions[0]) : NULL;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    if (strcmp(op->name, "func.func") == 0)
      nf++;
  bz->funcs = calloc(nf ? nf : 1, sizeof *bz->funcs);
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next) {
    if (strcmp(op->name, "func.func") != 0)
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
  }
  buf__bz_report_release(bz);
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

static uint32_t vidx(buf_bz_t *bz, const buf_value_t *v) {
  uint32_t i = v->analysis_slot;
  return i < bz->num_vals && bz->vals[i].v == v ? i : UINT32_MAX;
}

bz_val_t *buf__bz_val(buf_bz_t *bz, const buf_value_t *v) {
  uint32_t i = vidx(bz, v);
  return i == UINT32_MAX ? NULL : &bz->vals[i];
}

/* ------------------------------------------------------------------------ */
/* Union-find                                                                */
/* ------------------------------------------------------------------------ */

static uint32_t alias_root(buf_bz_t *bz, uint32_t i) {
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

static void alias_union(buf_bz_t *bz, uint32_t a, uint32_t b) {
  uint32_t ra = alias_root(bz, a), rb = alias_root(bz, b);
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
  from->read_tree = from->write_tree = 0;
  from->num_reads = from->num_writes = from->num_inplace_writes = from->num_unwritable = 0;
}

static void equiv_union(buf_bz_t *bz, uint32_t a, uint32_t b) {
  uint32_t ra = equiv_root(bz, a), rb = equiv_root(bz, b);
  if (ra != rb)
    bz->vals[rb].equiv_parent = ra;
}

bool buf_bz_equivalent(buf_bz_t *bz, buf_value_t *a, buf_value_t *b) {
  if (a == b)
    return true;
  uint32_t ia = vidx(bz, a), ib = vidx(bz, b);
  if (ia == UINT32_MAX || ib == UINT32_MAX)
    return false;
  return equiv_root(bz, ia) == equiv_root(bz, ib);
}

static bool same_alias_set(buf_bz_t *bz, buf_value_t *a, buf_value_t *b) {
  uint32_t ia = vidx(bz, a), ib = vidx(bz, b);
  if (ia == UINT32_MAX || ib == UINT32_MAX)
    return a == b;
  return alias_root(bz, ia) == alias_root(bz, ib);
}

bool buf_bz_may_alias(buf_bz_t *bz, buf_value_t *a, buf_value_t *b) {
  return same_alias_set(bz, a, b);
}

/* Calls fn on every member of v's alias set. */
#define FOR_ALIASES(bz, val, m)                                               \
  for (uint32_t m##_start = vidx(bz, val), m##_i = m##_start, m##_go = 1;       \
       m##_start != UINT32_MAX && m##_go;                                     \
       m##_i = (bz)->vals[m##_i].alias_next, m##_go = m##_i != m##_start)     \
    for (buf_value_t *m = (bz)->vals[m##_i].v, *m##_once = m; m##_once;       \
         m##_once = NULL)

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

static bool must_inplace(buf_bz_t *bz, buf_use_t *u) {
  const buf_bufferize_model_t *m = model_of_use(bz, u);
  if (!m)
    return true;
  return m->must_inplace && m->must_inplace(bz, u);
}

/* Operands (of op itself or of the terminators of its regions' blocks)
 * whose aliases include result v. */
static uint32_t aliasing_operands(buf_bz_t *bz, buf_value_t *v, buf_use_t **out,
                                  uint32_t max, bool *any_write) {
  buf_op_t *op = v->def;
  uint32_t n = 0;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  *any_write = false;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_use_t *u = &op->operands[i];
    if (!buf__bz_is_tensor_type(u->value->type))
      continue;
    uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
    for (uint32_t j = 0; j < k; j++)
      if (al[j].value == v) {
        if (n < max)
          out[n++] = u;
        if (buf__bz_writes(bz, u))
          *any_write = true;
        break;
      }
  }
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
      buf_op_t *t = b->last;
      if (!t)
        continue;
      for (uint32_t i = 0; i < t->num_operands; i++) {
        buf_use_t *u = &t->operands[i];
        if (!buf__bz_is_tensor_type(u->value->type))
          continue;
        uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
        for (uint32_t j = 0; j < k; j++)
          if (al[j].value == v) {
            if (n < max)
              out[n++] = u;
            if (buf__bz_writes(bz, u))
              *any_write = true;
            break;
          }
      }
    }
  return n;
}

static bool result_undefined(buf_bz_t *bz, buf_value_t *v) {
  if (!v->def)
    return false;
  const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
  return m && m->result_undefined && m->result_undefined(bz, v);
}

static bool value_is_def(buf_bz_t *bz, buf_value_t *v);

/* Does a value written inside region op `op` reach one of its terminator
 * operands `yields` along the reverse use-def chain? Then op's result is a
 * definition too (upstream: an scf.if whose branch inserts into a tensor
 * defines a new value, even though the if itself writes nothing), so a
 * write inside the op never conflicts with reads of the result. */
static bool written_inside(buf_bz_t *bz, buf_op_t *op, buf_use_t **yields,
                           uint32_t n) {
  ptrvec_t work = {0};
  ptrset_t seen = {0};
  for (uint32_t i = 0; i < n; i++)
    if (yields[i]->owner != op)
      pv_push(&work, yields[i]->value);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool found = false;
  while (work.n && !found) {
    buf_value_t *w = work.v[--work.n];
    if (!ps_add(&seen, w))
      continue;
    buf_op_t *owner = w->def ? w->def
                      : (w->block && w->block->region ? w->block->region->op : NULL);
    if (!owner || !buf_op_is_ancestor(op, owner))
      continue;
    if (value_is_def(bz, w)) {
      found = true;
      break;
    }
    bool any_write;
    uint32_t k = aliasing_operands(bz, w, ops, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t i = 0; i < k; i++)
      pv_push(&work, ops[i]->value);
  }
  pv_free(&work);
  ps_free(&seen);
  return found;
}

/* Is v a "definition": a block argument or a result its op writes? */
static bool value_is_def(buf_bz_t *bz, buf_value_t *v) {
  if (!v->def)
    return true;
  const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
  if (!m)
    return true;
  if (m->result_writes)
    return m->result_writes(bz, v);
  if (result_undefined(bz, v))
    return false;
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool any_write;
  uint32_t n = aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
  return n == 0 || any_write ||
         (v->def->num_regions && written_inside(bz, v->def, ops, n));
}

static bool value_writable(buf_bz_t *bz, buf_value_t *v) {
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

bool buf_bz_value_read(buf_bz_t *bz, buf_value_t *v) {
  ptrvec_t work = {0};
  ptrset_t seen = {0};
  bool read = false;
  for (buf_use_t *u = v->first_use; u; u = u->next_use)
    pv_push(&work, u);
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  while (work.n && !read) {
    buf_use_t *u = work.v[--work.n];
    if (!ps_add(&seen, u))
      continue;
    if (buf__bz_reads(bz, u)) {
      read = true;
      break;
    }
    if (buf__bz_writes(bz, u))
      continue;
    uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
    for (uint32_t j = 0; j < k; j++)
      for (buf_use_t *w = al[j].value->first_use; w; w = w->next_use)
        pv_push(&work, w);
  }
  pv_free(&work);
  ps_free(&seen);
  return read;
}

/* The definitions a read of u's value may see (upstream findDefinitions):
 * walk the reverse use-def chain, stopping at definitions; leaves that are
 * not definitions (undefined contents) are dropped. */
static void find_definitions(buf_bz_t *bz, buf_value_t *start, ptrset_t *defs) {
  ptrvec_t work = {0};
  ptrset_t seen = {0};
  pv_push(&work, start);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  while (work.n) {
    buf_value_t *v = work.v[--work.n];
    if (!ps_add(&seen, v))
      continue;
    if (value_is_def(bz, v)) {
      ps_add(defs, v);
      continue;
    }
    bool any_write;
    uint32_t n = aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t i = 0; i < n; i++)
      pv_push(&work, ops[i]->value);
  }
  pv_free(&work);
  ps_free(&seen);
}

/* Does every definition reachable from u's value have undefined contents
 * (so a copy of it needs no data)? */
static bool has_undefined_contents(buf_bz_t *bz, buf_value_t *start) {
  ptrvec_t work = {0};
  ptrset_t seen = {0};
  pv_push(&work, start);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool undefined = true;
  uint32_t leaves = 0;
  while (work.n && undefined) {
    buf_value_t *v = work.v[--work.n];
    if (!ps_add(&seen, v))
      continue;
    if (result_undefined(bz, v)) {
      leaves++;
      continue;
    }
    if (value_is_def(bz, v)) {
      undefined = false;
      break;
    }
    bool any_write;
    uint32_t n = aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
    if (n == 0)
      undefined = false;
    for (uint32_t i = 0; i < n; i++)
      pv_push(&work, ops[i]->value);
  }
  pv_free(&work);
  ps_free(&seen);
  return undefined && leaves > 0;
}

bool buf__bz_can_omit_copy(buf_bz_t *bz, buf_use_t *u) {
  if (has_undefined_contents(bz, u->value))
    return true;
  bool reads = buf__bz_reads(bz, u);
  if (buf__bz_writes(bz, u) && !reads)
    return true;
  if (!reads) {
    buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
    uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
    for (uint32_t j = 0; j < k; j++)
      if (buf_bz_value_read(bz, al[j].value))
        return false;
    return true;
  }
  return false;
}

/* ------------------------------------------------------------------------ */
/* Op order and regions                                                      */
/* ------------------------------------------------------------------------ */

static uint32_t pre_of(buf_bz_t *bz, const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  return o ? o->pre : 0;
}

/* anc is op or contains op */
static bool is_ancestor(buf_bz_t *bz, const buf_op_t *anc, const buf_op_t *op) {
  bz_op_t *a = buf__bz_op(bz, anc), *o = buf__bz_op(bz, op);
  if (!a || !o)
    return buf_op_is_ancestor(anc, op);
  return a->pre <= o->pre && o->pre <= a->end;
}

static bool is_proper_ancestor(buf_bz_t *bz, const buf_op_t *anc,
                               const buf_op_t *op) {
  return anc != op && is_ancestor(bz, anc, op);
}

/* ------------------------------------------------------------------------ */
/* Unstructured control flow                                                 */
/* ------------------------------------------------------------------------ */
/*
 * A region with several blocks (a func.func body with cf branches) orders
 * its ops by the block graph: an op in block A happens before one in block
 * B when A dominates B, and a loop made of blocks lets an op run again
 * after a later one. The queries walk the successor graph of the region;
 * nothing is cached, as regions that pass tensors between blocks are small.
 */

static bool region_has_cfg(const buf_region_t *r) {
  return r && r->first && r->first->next;
}

/* The ancestor of op (op included) whose block lies in region r, or NULL. */
static buf_op_t *ancestor_in_region(buf_op_t *op, const buf_region_t *r) {
  for (buf_op_t *y = op; y; y = buf_op_parent(y))
    if (y->block && y->block->region == r)
      return y;
  return NULL;
}

/* Is there a path of one edge or more from block `from` to block `to` that
 * enters no block `avoid` (NULL: any path)? A `to` equal to `avoid` is never
 * reached. */
static bool cfg_path(buf_block_t *from, buf_block_t *to, buf_block_t *avoid) {
  ptrvec_t work = {0};
  buf__ptrmap_t seen = {0};
  bool found = false;
  pv_push(&work, from);
  while (work.n && !found) {
    buf_block_t *b = work.v[--work.n];
    buf_op_t *t = b->last;
    for (uint32_t s = 0; t && s < t->num_successors && !found; s++) {
      buf_block_t *next = t->successors[s];
      if (!next || next == avoid || buf__ptrmap_get(&seen, next))
        continue;
      buf__ptrmap_set(&seen, next, (void *)1);
      found = next == to;
      pv_push(&work, next);
    }
  }
  pv_free(&work);
  buf__ptrmap_free(&seen);
  return found;
}

/* Does block a dominate block b of the same region (every path from the
 * entry to b enters a)? Unreachable blocks are dominated by every block. */
static bool block_dominates(buf_block_t *a, buf_block_t *b) {
  buf_block_t *entry = a->region->first;
  if (a == b || a == entry)
    return true;
  return b != entry && !cfg_path(entry, b, a);
}

/* The block of region r that holds the definition of d (a block argument
 * of a block of r, or an op of r or nested in one), or NULL when d is
 * defined outside r. */
static buf_block_t *def_block_in(buf_value_t *d, const buf_region_t *r) {
  if (!d->def && d->block && d->block->region == r)
    return d->block;
  buf_op_t *op = d->def ? d->def
                 : d->block && d->block->region ? d->block->region->op
                                                : NULL;
  buf_op_t *a = op ? ancestor_in_region(op, r) : NULL;
  return a ? a->block : NULL;
}

/* May read rop run again after write wop, reading the same definitions,
 * because of a loop made of blocks? At every region with several blocks
 * around both, a path from the write's block back to the read's block that
 * does not pass a definition's block (which defines it anew) makes op
 * order meaningless. */
static bool cfg_loop_between(buf_op_t *rop, buf_op_t *wop,
                             buf_value_t *const *defs, uint32_t n) {
  for (buf_op_t *y = rop; y; y = buf_op_parent(y)) {
    buf_region_t *r = y->block ? y->block->region : NULL;
    if (!region_has_cfg(r))
      continue;
    buf_op_t *wy = ancestor_in_region(wop, r);
    if (!wy)
      continue;
    for (uint32_t i = 0; i < n; i++)
      if (cfg_path(wy->block, y->block, def_block_in(defs[i], r)))
        return true;
  }
  return false;
}

/* In the region with several blocks that defines def: can the read run
 * after the write with def not defined anew in between? False only when
 * the write's block reaches the read's block on no path that avoids the
 * definition's block (branches of a diamond, a write after the loop that
 * the read is in). */
static bool cfg_read_may_follow(buf_value_t *def, buf_op_t *wop,
                                buf_op_t *rop) {
  buf_block_t *bd = def->def ? def->def->block : def->block;
  buf_region_t *r = bd ? bd->region : NULL;
  if (!region_has_cfg(r))
    return true;
  buf_op_t *wy = ancestor_in_region(wop, r), *ry = ancestor_in_region(rop, r);
  if (!wy || !ry || wy->block == ry->block)
    return true;
  return cfg_path(wy->block, ry->block, bd);
}

/* x properly dominates b (x not an ancestor of b): an ancestor of b lies in
 * x's block after x, or in a block of x's region that x's block dominates. */
static bool properly_dominates(buf_bz_t *bz, buf_op_t *x, buf_op_t *b) {
  for (buf_op_t *y = b; y; y = buf_op_parent(y)) {
    if (y->block == x->block)
      return y != x && pre_of(bz, x) < pre_of(bz, y);
    if (x->block && x->block->region && y->block &&
        y->block->region == x->block->region)
      return block_dominates(x->block, y->block);
  }
  return false;
}

static bool happens_before(buf_bz_t *bz, buf_op_t *a, buf_op_t *b) {
  for (buf_op_t *x = a; x; x = buf_op_parent(x)) {
    if (is_proper_ancestor(bz, x, b))
      return false;
    if (x != b && properly_dominates(bz, x, b))
      return true;
  }
  return false;
}

static uint32_t region_index(const buf_op_t *op, const buf_region_t *r) {
  for (uint32_t i = 0; i < op->num_regions; i++)
    if (op->regions[i] == r)
      return i;
  return 0;
}

static buf_bz_region_kind_t kind_of_region(buf_bz_t *bz, buf_region_t *r) {
  if (!r || !r->op)
    return BUF_BZ_REGION_PLAIN;
  const buf_bufferize_model_t *m = buf__bz_unfiltered_model(bz, r->op);
  if (!m || !m->region_kind)
    return BUF_BZ_REGION_PLAIN;
  return m->region_kind(r->op, region_index(r->op, r));
}

/* The innermost repetitive (or parallel) region enclosing region r
 * (inclusive), or NULL. */
static buf_region_t *repetitive_from(buf_bz_t *bz, buf_region_t *r) {
  while (r) {
    if (kind_of_region(bz, r) != BUF_BZ_REGION_PLAIN)
      return r;
    buf_op_t *p = r->op;
    r = p && p->block ? p->block->region : NULL;
  }
  return NULL;
}

static buf_region_t *repetitive_of_op(buf_bz_t *bz, buf_op_t *op) {
  return op->block ? repetitive_from(bz, op->block->region) : NULL;
}

static buf_region_t *repetitive_of_value(buf_bz_t *bz, buf_value_t *v) {
  if (v->def)
    return repetitive_of_op(bz, v->def);
  return v->block ? repetitive_from(bz, v->block->region) : NULL;
}

static buf_region_t *next_repetitive(buf_bz_t *bz, buf_region_t *r) {
  buf_op_t *p = r->op;
  return p && p->block ? repetitive_from(bz, p->block->region) : NULL;
}

static bool region_contains_op(buf_bz_t *bz, buf_region_t *r, buf_op_t *op) {
  for (buf_op_t *y = op; y; y = buf_op_parent(y)) {
    if (y->block && y->block->region == r)
      return true;
    if (y == r->op)
      return false;
  }
  (void)bz;
  return false;
}

static bool region_contains_value(buf_bz_t *bz, buf_region_t *r,
                                  buf_value_t *v) {
  if (v->def)
    return region_contains_op(bz, r, v->def);
  buf_region_t *vr = v->block ? v->block->region : NULL;
  if (vr == r)
    return true;
  return vr && vr->op && region_contains_op(bz, r, vr->op);
}

static buf_region_t *parallel_region_of_op(buf_bz_t *bz, buf_op_t *op) {
  buf_region_t *r = op->block ? op->block->region : NULL;
  while (r) {
    if (kind_of_region(bz, r) == BUF_BZ_REGION_PARALLEL)
      return r;
    buf_op_t *p = r->op;
    r = p && p->block ? p->block->region : NULL;
  }
  return NULL;
}

static bool mutually_exclusive(buf_bz_t *bz, buf_op_t *a, buf_op_t *b) {
  for (buf_op_t *x = a; x; x = buf_op_parent(x)) {
    buf_op_t *p = buf_op_parent(x);
    if (!p)
      return false;
    if (!is_ancestor(bz, p, b))
      continue;
    /* p is the closest common ancestor */
    const buf_bufferize_model_t *m = buf__bz_unfiltered_model(bz, p);
    if (!m || !m->exclusive_regions || p == b)
      return false;
    buf_op_t *y = b;
    while (y && buf_op_parent(y) != p)
      y = buf_op_parent(y);
    if (!y || !x->block || !y->block)
      return false;
    return x->block->region != y->block->region;
  }
  return false;
}

static bool can_use_dominance(buf_bz_t *bz, buf_use_t *r, buf_use_t *w,
                              buf_value_t *const *defs, uint32_t num_defs) {
  if (cfg_loop_between(r->owner, w->owner, defs, num_defs))
    return false;
  for (uint32_t i = 0; i < num_defs; i++) {
    buf_value_t *d = defs[i];
    buf_region_t *rr = repetitive_of_op(bz, r->owner);
    buf_region_t *rd = repetitive_of_value(bz, d);
    if (rr == rd)
      continue;
    /* the outermost repetitive region around the read that is not DEF's */
    while (rr) {
      buf_region_t *next = next_repetitive(bz, rr);
      if (next == rd)
        break;
      rr = next;
    }
    if (!rr)
      return false;
    if (is_ancestor(bz, rr->op, w->owner))
      return false;
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Conflicts                                                                 */
/* ------------------------------------------------------------------------ */

static void note_conflict(buf_bz_t *bz, buf_op_t *op, const char *text) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (!o)
    return;
  for (uint32_t i = 0; i < o->num_conflicts; i++)
    if (strcmp(o->conflicts[i], text) == 0)
      return;
  if (o->num_conflicts == o->cap_conflicts) {
    o->cap_conflicts = o->cap_conflicts ? o->cap_conflicts * 2 : 4;
    o->conflicts = realloc(o->conflicts, o->cap_conflicts * sizeof *o->conflicts);
    if (!o->conflicts)
      abort();
  }
  o->conflicts[o->num_conflicts++] = text;
}

static bool equivalent_in_reverse_chain(buf_bz_t *bz, buf_value_t *start,
                                        buf_value_t *target) {
  ptrvec_t work = {0};
  ptrset_t seen = {0};
  pv_push(&work, start);
  buf_use_t *ops[BUF_BZ_MAX_ALIASES];
  bool found = false;
  while (work.n && !found) {
    buf_value_t *v = work.v[--work.n];
    if (!ps_add(&seen, v))
      continue;
    if (v == target || buf_bz_equivalent(bz, v, target)) {
      found = true;
      break;
    }
    if (!v->def)
      continue;
    bool any_write;
    uint32_t n = aliasing_operands(bz, v, ops, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t i = 0; i < n; i++)
      pv_push(&work, ops[i]->value);
  }
  pv_free(&work);
  ps_free(&seen);
  return found;
}

/* Does in-place write uw create a conflict with read ur, whose definitions
 * are defs? BZ_WHY_NONE when not, else BZ_WHY_PARALLEL (a parallel region
 * writes a buffer from outside it) or BZ_WHY_CONFLICT (read after write). */
static bz_why_kind_t pair_conflicts(buf_bz_t *bz, buf_use_t *ur,
                                    buf_use_t *uw, buf_value_t *const *defs,
                                    uint32_t num_defs) {
  buf_op_t *rop = ur->owner, *wop = uw->owner;
  if (bz->opts.check_parallel_regions) {
    buf_region_t *pr = parallel_region_of_op(bz, wop);
    if (pr && region_contains_op(bz, pr, rop))
      for (uint32_t d = 0; d < num_defs; d++)
        if (!region_contains_value(bz, pr, defs[d]))
          return BZ_WHY_PARALLEL;
  }
  /* An op reading and writing one operand sees its own write only when it
   * runs again before the value is defined anew: inside a loop that does
   * not define the value, the next iteration reads what this one wrote. */
  if (ur == uw)
    return can_use_dominance(bz, ur, uw, defs, num_defs) ? BZ_WHY_NONE
                                                         : BZ_WHY_CONFLICT;
  if (rop == wop) {
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, rop);
    /* element i is read before it is written, from the same place: the
     * same buffer, or the same slice of one (two extract_slices of it) */
    if (m && m->elementwise && m->elementwise(bz, ur, uw) &&
        (equivalent_in_reverse_chain(bz, ur->value, uw->value) ||
         equivalent_in_reverse_chain(bz, uw->value, ur->value) ||
         buf__bz_same_slice_values(bz, ur->value, uw->value)))
      return BZ_WHY_NONE;
  }
  if (can_use_dominance(bz, ur, uw, defs, num_defs)) {
    if (happens_before(bz, rop, wop))
      return BZ_WHY_NONE;
    if (mutually_exclusive(bz, rop, wop))
      return BZ_WHY_NONE;
  }
  if (buf__bz_disjoint_accesses(ur, uw))
    return BZ_WHY_NONE;
  const buf_bufferize_model_t *rm = buf_bz_model_of(bz, rop);
  if (rm && rm->not_conflicting && rm->not_conflicting(bz, ur, uw))
    return BZ_WHY_NONE;
  const buf_bufferize_model_t *wm = buf_bz_model_of(bz, wop);
  if (wop != rop && wm && wm->not_conflicting &&
      wm->not_conflicting(bz, ur, uw))
    return BZ_WHY_NONE;
  for (uint32_t d = 0; d < num_defs; d++) {
    buf_value_t *def = defs[d];
    if (def->def) {
      if (happens_before(bz, wop, def->def))
        continue;
      if (is_proper_ancestor(bz, def->def, wop))
        continue;
      /* only one of two exclusive branches runs */
      if (mutually_exclusive(bz, wop, def->def))
        continue;
    } else {
      /* a write outside the argument's region, or in a block that never
       * runs after the argument is bound, cannot clobber it */
      buf_op_t *wy = ancestor_in_region(wop, def->block->region);
      if (!wy || (wy->block != def->block &&
                  !cfg_path(def->block, wy->block, NULL)))
        continue;
    }
    if (!cfg_read_may_follow(def, wop, rop))
      continue;
    buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
    uint32_t k = buf__bz_aliases(bz, uw, al, BUF_BZ_MAX_ALIASES);
    if (k == 1 && al[0].value == def)
      continue;
    return BZ_WHY_CONFLICT;
  }
  return BZ_WHY_NONE;
}

/* Every read against every write, in collection order; the first conflict
 * is noted for print-conflicts. */
static bool has_raw_conflict(buf_bz_t *bz, ptrset_t *reads, ptrset_t *writes) {
  for (uint32_t ri = 0; ri < reads->items.n; ri++) {
    buf_use_t *ur = reads->items.v[ri];
    ptrset_t defs = {0};
    find_definitions(bz, ur->value, &defs);
    bool conflict = false;
    for (uint32_t wi = 0; wi < writes->items.n && !conflict; wi++) {
      buf_use_t *uw = writes->items.v[wi];
      bz_why_kind_t why = pair_conflicts(
          bz, ur, uw, (buf_value_t *const *)defs.items.v, defs.items.n);
      if (why == BZ_WHY_NONE)
        continue;
      conflict = true;
      if (bz->report)
        bz->last_why = (bz_why_t){why, ur, uw, NULL};
      if (bz->opts.print_conflicts) {
        note_conflict(bz, ur->owner,
                      buf_arena_printf(buf_ctx_arena(bz->ctx), "C[READ: %u]",
                                       ur->index));
        note_conflict(bz, uw->owner,
                      buf_arena_printf(buf_ctx_arena(bz->ctx),
                                       "C[CONFL-WRITE: %u]", uw->index));
      }
    }
    ps_free(&defs);
    if (conflict)
      return true;
  }
  return false;
}

static void collect_reads(buf_bz_t *bz, buf_value_t *root, ptrset_t *reads) {
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  FOR_ALIASES(bz, root, m) {
    for (buf_use_t *u = m->first_use; u; u = u->next_use) {
      if (buf__bz_reads(bz, u)) {
        ps_add(reads, u);
        continue;
      }
      if (!buf__bz_writes(bz, u)) {
        uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
        for (uint32_t j = 0; j < k; j++)
          if (buf_bz_value_read(bz, al[j].value)) {
            ps_add(reads, u);
            break;
          }
      }
    }
  }
}

static void collect_inplace_writes(buf_bz_t *bz, buf_value_t *root,
                                   ptrset_t *writes) {
  FOR_ALIASES(bz, root, m) {
    for (buf_use_t *u = m->first_use; u; u = u->next_use)
      if (buf_bz_inplace(bz, u) && buf__bz_writes(bz, u))
        ps_add(writes, u);
  }
}

static bool scan_write_read_only(buf_bz_t *bz, buf_use_t *u) {
  bool found_write = buf__bz_writes(bz, u);
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  if (!found_write) {
    ptrset_t writes = {0};
    collect_inplace_writes(bz, u->value, &writes);
    for (uint32_t j = 0; j < k; j++)
      collect_inplace_writes(bz, al[j].value, &writes);
    found_write = writes.items.n > 0;
    ps_free(&writes);
  }
  if (!found_write)
    return false;
  FOR_ALIASES(bz, u->value, m) {
    if (!value_writable(bz, m)) {
      bz->last_why = (bz_why_t){BZ_WHY_NOT_WRITABLE, NULL, NULL, m};
      return true;
    }
  }
  for (uint32_t j = 0; j < k; j++) {
    FOR_ALIASES(bz, al[j].value, m2) {
      if (!value_writable(bz, m2)) {
        bz->last_why = (bz_why_t){BZ_WHY_NOT_WRITABLE, NULL, NULL, m2};
        return true;
      }
    }
  }
  return false;
}

/* The reads and in-place writes of u's value and of the values u aliases. */
static void collect_use_accesses(buf_bz_t *bz, buf_use_t *u, ptrset_t *reads,
                                 ptrset_t *writes) {
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  collect_reads(bz, u->value, reads);
  collect_inplace_writes(bz, u->value, writes);
  for (uint32_t j = 0; j < k; j++) {
    collect_reads(bz, al[j].value, reads);
    collect_inplace_writes(bz, al[j].value, writes);
  }
}

static bool scan_raw_conflict(buf_bz_t *bz, buf_use_t *u) {
  ptrset_t reads = {0}, writes = {0};
  collect_use_accesses(bz, u, &reads, &writes);
  if (buf__bz_writes(bz, u))
    ps_add(&writes, u);
  bool conflict = has_raw_conflict(bz, &reads, &writes);
  ps_free(&reads);
  ps_free(&writes);
  return conflict;
}

/* ------------------------------------------------------------------------ */
/* Conflict index                                                            */
/* ------------------------------------------------------------------------ */
/*
 * Scanning every read of an alias set against every in-place write for each
 * decision (scan_raw_conflict) is cubic on long in-place chains. The index
 * gives the same answers from fewer pairs:
 *
 *  - Only new pairs are asked. Reads and writes are fixed per alias set
 *    (what a use reads, writes and aliases does not change during the
 *    analysis of a function; the callees are summarized before), a write
 *    joins a set only through a decision that checked it against the whole
 *    set, and the answer for a pair only goes from "conflict" to "no
 *    conflict" as decisions are made (equivalences and in-place operands
 *    only grow). So the pairs inside one of the sets that a decision merges
 *    were checked and found free before; the decision asks the reads of
 *    each set against the writes of the others, and all reads against the
 *    new write. A must-in-place write that skipped the check turns the index
 *    off (bz->index_exact) and every decision scans.
 *  - Pairs far apart in program order cannot conflict. Ops are placed by
 *    their ancestor in the block of a single-block function body ("top").
 *    Where read and write have different tops, the read happens before a
 *    later write (when dominance may be used for all its definitions, see
 *    read_window), and a write before the tops of all the read's
 *    definitions happens before them. So a read is a window [lo, hi] of
 *    tops, a write the point of its top (or everything, without a top), and
 *    only writes inside a read's window are asked with pair_conflicts.
 * Windows are kept per alias set in interval trees merged on union.
 */

static bz_use_info_t *use_info(buf_bz_t *bz, buf_use_t *u) {
  bz_op_t *o = buf__bz_op(bz, u->owner);
  return o ? &bz->uses[o->first_use + u->index] : NULL;
}

static uint32_t top_of(buf_bz_t *bz, const buf_op_t *op) {
  bz_op_t *o = buf__bz_op(bz, op);
  return o ? o->top : BZ_NO_TOP;
}

/* The ancestor of every op in the block of its function's body, when that
 * body is one block outside any repetitive or parallel region: each op of
 * that block is the top of its own record range. */
static void compute_tops(buf_bz_t *bz) {
  buf_ident_t func_name = buf_ident_cstr(bz->ctx, "func.func");
  for (uint32_t i = 0; i < bz->num_ops; i++)
    bz->ops[i].top = BZ_NO_TOP;
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    buf_op_t *f = bz->ops[i].op;
    if (f->name != func_name)
      continue;
    /* (functions in pre-order: the nearest function decides) */
    for (uint32_t k = i + 1; k <= bz->ops[i].end; k++)
      bz->ops[k].top = BZ_NO_TOP;
    if (f->num_regions != 1)
      continue;
    buf_region_t *body = f->regions[0];
    if (!body->first || body->first->next || repetitive_from(bz, body))
      continue;
    for (buf_op_t *y = body->first->first; y; y = y->next) {
      bz_op_t *r = buf__bz_op(bz, y);
      for (uint32_t k = r->pre; k <= r->end; k++)
        bz->ops[k].top = r->pre;
    }
  }
}

/* May dominance decide for read ur against every write outside its top?
 * (can_use_dominance for such writes) */
static bool dominance_outside_top(buf_bz_t *bz, buf_use_t *ur,
                                  buf_value_t *const *defs, uint32_t n) {
  uint32_t top = top_of(bz, ur->owner);
  for (uint32_t i = 0; i < n; i++) {
    buf_region_t *rr = repetitive_of_op(bz, ur->owner);
    buf_region_t *rd = repetitive_of_value(bz, defs[i]);
    if (rr == rd)
      continue;
    while (rr) {
      buf_region_t *next = next_repetitive(bz, rr);
      if (next == rd)
        break;
      rr = next;
    }
    /* rr encloses the read; a write outside the read's top is outside rr
     * only when rr's op lies inside that top */
    if (!rr || pre_of(bz, rr->op) < top)
      return false;
  }
  return true;
}

/* The tops of the writes that may conflict with read ur: writes before the
 * tops of all definitions, and (when dominance may decide) writes after the
 * read's top, cannot. */
static void read_window(buf_bz_t *bz, buf_use_t *ur, buf_value_t *const *defs,
                        uint32_t n, uint32_t *lo, uint32_t *hi) {
  uint32_t top = top_of(bz, ur->owner);
  *lo = 0;
  *hi = UINT32_MAX;
  if (top == BZ_NO_TOP)
    return;
  uint32_t first = top;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t t = defs[i]->def ? top_of(bz, defs[i]->def) : BZ_NO_TOP;
    if (t == BZ_NO_TOP) {
      first = 0; /* block arguments: every write inside their block counts */
      break;
    }
    if (t < first)
      first = t;
  }
  *lo = first;
  if (dominance_outside_top(bz, ur, defs, n))
    *hi = top;
}

static void write_window(buf_bz_t *bz, buf_use_t *uw, uint32_t *lo,
                         uint32_t *hi) {
  uint32_t top = top_of(bz, uw->owner);
  *lo = top == BZ_NO_TOP ? 0 : top;
  *hi = top == BZ_NO_TOP ? UINT32_MAX : top;
}

/* Would collect_reads take u? */
static bool use_is_read(buf_bz_t *bz, buf_use_t *u) {
  if (buf__bz_reads(bz, u))
    return true;
  if (buf__bz_writes(bz, u))
    return false;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  for (uint32_t j = 0; j < k; j++)
    if (buf_bz_value_read(bz, al[j].value))
      return true;
  return false;
}

/* Enters the reads among the tensor operands of the ops under root into the
 * index, with their definitions (fixed from now on). */
static void index_reads(buf_bz_t *bz, ptrvec_t *ops) {
  for (uint32_t k = 0; k < ops->n; k++) {
    buf_op_t *op = ops->v[k];
    for (uint32_t i = 0; i < op->num_operands; i++) {
      buf_use_t *u = &op->operands[i];
      uint32_t vi = vidx(bz, u->value);
      bz_use_info_t *info = use_info(bz, u);
      if (vi == UINT32_MAX || !info || info->classified)
        continue;
      info->classified = 1;
      info->is_read = use_is_read(bz, u);
      if (!info->is_read)
        continue;
      ptrset_t defs = {0};
      find_definitions(bz, u->value, &defs);
      info->defs_first = bz->num_defs;
      info->num_defs = defs.items.n;
      for (uint32_t d = 0; d < defs.items.n; d++) {
        if (bz->num_defs == bz->cap_defs) {
          bz->cap_defs = bz->cap_defs ? bz->cap_defs * 2 : 256;
          bz->defs = realloc(bz->defs, bz->cap_defs * sizeof *bz->defs);
          if (!bz->defs)
            abort();
        }
        bz->defs[bz->num_defs++] = defs.items.v[d];
      }
      ps_free(&defs);
      uint32_t lo, hi;
      read_window(bz, u, bz->defs + info->defs_first, info->num_defs, &lo, &hi);
      info->read_node = buf__bz_ival_new(&bz->ival, lo, hi, u);
      bz_val_t *root = &bz->vals[alias_root(bz, vi)];
      buf__bz_ival_insert(&bz->ival, &root->read_tree, info->read_node);
      root->num_reads++;
    }
  }
}

static bool indexed_pair_conflicts(buf_bz_t *bz, buf_use_t *ur,
                                   buf_use_t *uw) {
  bz_use_info_t *info = use_info(bz, ur);
  return pair_conflicts(bz, ur, uw, bz->defs + info->defs_first,
                        info->num_defs) != BZ_WHY_NONE;
}

/* Is some read of set `reads` in conflict with some write of set
 * `writes`? Walks the smaller side and asks the other side's tree. */
static bool cross_conflict(buf_bz_t *bz, uint32_t reads, uint32_t writes) {
  bz_val_t *r = &bz->vals[reads], *w = &bz->vals[writes];
  if (!r->read_tree || !w->write_tree)
    return false;
  bool walk_reads = r->num_reads <= w->num_writes;
  buf__bz_ival_list_t *walk = &bz->cand_a, *found = &bz->cand_b;
  walk->num = 0;
  buf__bz_ival_items(&bz->ival, walk_reads ? r->read_tree : w->write_tree,
                     walk);
  for (uint32_t i = 0; i < walk->num; i++) {
    buf__bz_ival_node_t *x = &bz->ival.nodes[walk->items[i]];
    buf_use_t *xu = x->item;
    found->num = 0;
    buf__bz_ival_query(&bz->ival, walk_reads ? w->write_tree : r->read_tree,
                       x->lo, x->hi, found);
    for (uint32_t j = 0; j < found->num; j++) {
      buf_use_t *yu = bz->ival.nodes[found->items[j]].item;
      if (walk_reads ? indexed_pair_conflicts(bz, xu, yu)
                     : indexed_pair_conflicts(bz, yu, xu))
        return true;
    }
  }
  return false;
}

/* The alias-set roots of u's value and of the values u aliases. */
static uint32_t decision_roots(buf_bz_t *bz, buf_use_t *u,
                               uint32_t roots[1 + BUF_BZ_MAX_ALIASES]) {
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  uint32_t n = 0;
  for (uint32_t j = 0; j <= k; j++) {
    uint32_t vi = vidx(bz, j == 0 ? u->value : al[j - 1].value);
    if (vi == UINT32_MAX)
      continue;
    uint32_t r = alias_root(bz, vi);
    bool dup = false;
    for (uint32_t i = 0; i < n; i++)
      dup |= roots[i] == r;
    if (!dup)
      roots[n++] = r;
  }
  return n;
}

static bool indexed_write_read_only(buf_bz_t *bz, buf_use_t *u) {
  uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
  uint32_t n = decision_roots(bz, u, roots);
  bool found_write = buf__bz_writes(bz, u);
  for (uint32_t i = 0; i < n && !found_write; i++)
    found_write = bz->vals[roots[i]].num_inplace_writes > 0;
  if (!found_write)
    return false;
  for (uint32_t i = 0; i < n; i++)
    if (bz->vals[roots[i]].num_unwritable > 0)
      return true;
  return false;
}

static bool indexed_raw_conflict(buf_bz_t *bz, buf_use_t *u) {
  uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
  uint32_t n = decision_roots(bz, u, roots);
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < n; j++)
      if (i != j && cross_conflict(bz, roots[i], roots[j]))
        return true;
  if (!buf__bz_writes(bz, u))
    return false;
  uint32_t lo, hi;
  write_window(bz, u, &lo, &hi);
  buf__bz_ival_list_t *found = &bz->cand_b;
  for (uint32_t i = 0; i < n; i++) {
    found->num = 0;
    buf__bz_ival_query(&bz->ival, bz->vals[roots[i]].read_tree, lo, hi, found);
    for (uint32_t j = 0; j < found->num; j++)
      if (indexed_pair_conflicts(bz, bz->ival.nodes[found->items[j]].item, u))
        return true;
  }
  return false;
}

static void index_mismatch(buf_use_t *u, const char *what, bool indexed) {
  buf_op_emit_error(u->owner,
                    "in-place analysis index disagrees with the full scan "
                    "on %s for operand %u (index: %s)",
                    what, u->index, indexed ? "conflict" : "no conflict");
  abort();
}

static bool would_write_read_only(buf_bz_t *bz, buf_use_t *u) {
  if (!bz->index_exact)
    return scan_write_read_only(bz, u);
  bool indexed = indexed_write_read_only(bz, u);
  /* the scan also finds the read-only alias a report names */
  if ((bz->verify_index || (indexed && bz->report)) &&
      scan_write_read_only(bz, u) != indexed)
    index_mismatch(u, "writes to read-only values", indexed);
  return indexed;
}

static bool would_create_raw(buf_bz_t *bz, buf_use_t *u) {
  if (!bz->index_exact)
    return scan_raw_conflict(bz, u);
  bool indexed = indexed_raw_conflict(bz, u);
  /* the scan also finds the conflicting pair that print-conflicts and a
   * report show */
  if ((bz->verify_index ||
       (indexed && (bz->opts.print_conflicts || bz->report))) &&
      scan_raw_conflict(bz, u) != indexed)
    index_mismatch(u, "read-after-write conflicts", indexed);
  return indexed;
}

static void bufferize_inplace(buf_bz_t *bz, buf_use_t *u) {
  bz_op_t *o = buf__bz_op(bz, u->owner);
  o->decision[u->index] = BZ_INPLACE;
  uint32_t vi = vidx(bz, u->value);
  if (vi == UINT32_MAX)
    return;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  for (uint32_t j = 0; j < k; j++) {
    uint32_t ai = vidx(bz, al[j].value);
    if (ai == UINT32_MAX)
      continue;
    alias_union(bz, vi, ai);
    if (al[j].rel == BUF_BZ_EQUIV)
      equiv_union(bz, vi, ai);
  }
  if (buf__bz_writes(bz, u)) {
    bz_val_t *root = &bz->vals[alias_root(bz, vi)];
    root->num_inplace_writes++;
    uint32_t lo, hi;
    write_window(bz, u, &lo, &hi);
    bz->uses[o->first_use + u->index].write_node =
        buf__bz_ival_new(&bz->ival, lo, hi, u);
    buf__bz_ival_insert(&bz->ival, &root->write_tree,
                        bz->uses[o->first_use + u->index].write_node);
    root->num_writes++;
  }
}

static void analyze_operand(buf_bz_t *bz, buf_use_t *u) {
  bz_op_t *o = buf__bz_op(bz, u->owner);
  if (o->decision[u->index] != BZ_UNDECIDED)
    return;
  bool conflict;
  bz->last_why = (bz_why_t){BZ_WHY_COPY_BEFORE_WRITE, NULL, NULL, NULL};
  if (bz->opts.copy_before_write)
    conflict = buf__bz_writes(bz, u);
  else
    conflict = would_write_read_only(bz, u) || would_create_raw(bz, u);
  if (conflict) {
    o->decision[u->index] = BZ_OUTOFPLACE;
    buf__bz_report_refused(bz, u);
  } else
    bufferize_inplace(bz, u);
}

/* Whether op takes part in the analysis at all. */
static bool op_analyzed(buf_bz_t *bz, bz_op_t *o) {
  if (!o->model)
    return false;
  (void)bz;
  return true;
}

/* The ops under root (root included), each after the ops nested in it, in
 * IR order: from the pre-order records, an op is done once the walk leaves
 * its range (pending holds the chain of ops still open). */
static void collect_post_order(buf_bz_t *bz, buf_op_t *root, ptrvec_t *out) {
  bz_op_t *r = buf__bz_op(bz, root);
  ptrvec_t pending = {0};
  for (uint32_t k = r->pre; k <= r->end; k++) {
    while (pending.n && ((bz_op_t *)pending.v[pending.n - 1])->end < k)
      pv_push(out, ((bz_op_t *)pending.v[--pending.n])->op);
    pv_push(&pending, &bz->ops[k]);
  }
  while (pending.n)
    pv_push(out, ((bz_op_t *)pending.v[--pending.n])->op);
  pv_free(&pending);
}

/* The summary of the function a func.call op calls, or NULL (not a call,
 * or a callee outside the module). */
static bz_func_t *called_func(buf_bz_t *bz, buf_op_t *op) {
  if (op->name != buf_ident_cstr(bz->ctx, "func.call"))
    return NULL;
  buf_op_t *callee = buf__bz_callee(bz, op);
  return callee ? buf__bz_func(bz, callee) : NULL;
}

static uint32_t result_group_root(bz_func_t *f, uint32_t r) {
  while (f->result_group[r] != r)
    r = f->result_group[r];
  return r;
}

/* Puts results a and b in one group, named by its lowest result. */
static void group_results(bz_func_t *f, uint32_t a, uint32_t b) {
  uint32_t ra = result_group_root(f, a), rb = result_group_root(f, b);
  if (ra < rb)
    f->result_group[rb] = ra;
  else if (rb < ra)
    f->result_group[ra] = rb;
}

/* The summary of func after its ops were analysed. */
static void summarize_func(buf_bz_t *bz, bz_func_t *f) {
  buf_op_t *func = f->func;
  if (!func->num_regions || buf_region_empty(func->regions[0]))
    return; /* declaration: stays conservative */
  buf_block_t *entry = buf_region_entry(func->regions[0]);
  for (uint32_t a = 0; a < f->num_args && a < entry->num_args; a++) {
    buf_value_t *arg = entry->args[a];
    if (!buf__bz_is_tensor_type(arg->type)) {
      f->arg_read[a] = f->arg_written[a] = false;
      continue;
    }
    f->arg_read[a] = buf_bz_value_read(bz, arg);
    bool written = false;
    FOR_ALIASES(bz, arg, m) {
      for (buf_use_t *u = m->first_use; u && !written; u = u->next_use)
        if (buf_bz_inplace(bz, u) && buf__bz_writes(bz, u))
          written = true;
    }
    f->arg_written[a] = written;
  }
  /* results: look at the returns */
  memset(f->result_alias, 0, (size_t)f->num_results * f->num_args);
  for (uint32_t r = 0; r < f->num_results; r++) {
    f->result_equiv[r] = -1;
    f->result_group[r] = r;
    f->result_readonly[r] = false;
  }
  for (buf_block_t *b = func->regions[0]->first; b; b = b->next) {
    buf_op_t *t = b->last;
    if (!t || !buf_op_has_trait(t, BUF_TRAIT_RETURN_LIKE))
      continue;
    for (uint32_t r = 0; r < t->num_operands && r < f->num_results; r++) {
      buf_value_t *rv = t->operands[r].value;
      if (!buf__bz_is_tensor_type(rv->type))
        continue;
      uint32_t ri = vidx(bz, rv);
      if (ri != UINT32_MAX && bz->vals[alias_root(bz, ri)].num_unwritable)
        f->result_readonly[r] = true;
      for (uint32_t q = 0; q < r; q++)
        if (buf__bz_is_tensor_type(t->operands[q].value->type) &&
            same_alias_set(bz, rv, t->operands[q].value))
          group_results(f, q, r);
      for (uint32_t a = 0; a < entry->num_args && a < f->num_args; a++) {
        buf_value_t *arg = entry->args[a];
        if (!buf__bz_is_tensor_type(arg->type))
          continue;
        if (buf_bz_equivalent(bz, rv, arg) && f->result_equiv[r] < 0)
          f->result_equiv[r] = (int32_t)a;
        if (same_alias_set(bz, rv, arg))
          f->result_alias[(size_t)r * f->num_args + a] = 1;
      }
    }
  }
  for (uint32_t r = 0; r < f->num_results; r++)
    f->result_group[r] = result_group_root(f, r);
}

/* Before a caller is analysed, its calls take what the callees' summaries
 * say about results (the callees were analysed first): results that may be
 * one buffer in the callee join one alias set, and a result that may be a
 * read-only buffer counts as unwritable (buf__bz_analyze left call results
 * out of its first count for this). */
static void join_call_results(buf_bz_t *bz, bz_func_t *caller) {
  ptrvec_t ops = {0};
  collect_post_order(bz, caller->func, &ops);
  buf_ident_t call_name = buf_ident_cstr(bz->ctx, "func.call");
  for (uint32_t i = 0; i < ops.n; i++) {
    buf_op_t *call = ops.v[i];
    if (call->name != call_name)
      continue;
    bz_func_t *cf = called_func(bz, call);
    for (uint32_t r = 0; r < call->num_results; r++) {
      uint32_t ri = vidx(bz, &call->results[r]);
      if (ri == UINT32_MAX)
        continue;
      bz->vals[alias_root(bz, ri)].num_unwritable +=
          !value_writable(bz, &call->results[r]);
      if (!cf || r >= cf->num_results)
        continue;
      for (uint32_t q = 0; q < r; q++) {
        uint32_t qi = vidx(bz, &call->results[q]);
        if (qi != UINT32_MAX && cf->result_group[q] == cf->result_group[r]) {
          alias_union(bz, qi, ri);
          break;
        }
      }
    }
  }
  pv_free(&ops);
}

static buf_status_t analyze_func_ops(buf_bz_t *bz, buf_op_t *root) {
  ptrvec_t list = {0};
  collect_post_order(bz, root, &list);
  index_reads(bz, &list);
  for (uint32_t k = 0; k < list.n; k++) {
    uint32_t idx = bz->opts.bottom_up ? list.n - 1 - k : k;
    buf_op_t *op = list.v[idx];
    bz_op_t *o = buf__bz_op(bz, op);
    if (!o || !op_analyzed(bz, o))
      continue;
    for (uint32_t i = 0; i < op->num_operands; i++) {
      buf_use_t *u = &op->operands[i];
      if (buf__bz_is_tensor_type(u->value->type))
        analyze_operand(bz, u);
    }
  }
  pv_free(&list);
  return BUF_SUCCESS;
}

/* Orders functions callees first (depth-first over calls); marks the
 * function where each call-graph cycle closes (called before analysed). */
static buf_status_t visit_func(buf_bz_t *bz, bz_func_t *f, uint8_t *state,
                               ptrvec_t *order) {
  uint32_t fi = (uint32_t)(f - bz->funcs);
  if (state[fi] == 2)
    return BUF_SUCCESS;
  if (state[fi] == 1) {
    /* a cycle closes at f: the functions of the cycle are analysed and
     * rewritten before f, while f's summary and signature are unknown */
    f->recursive = true;
    return BUF_SUCCESS;
  }
  state[fi] = 1;
  /* the calls inside f, in post-order (the order the analysis meets them) */
  ptrvec_t ops = {0};
  collect_post_order(bz, f->func, &ops);
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < ops.n && st == BUF_SUCCESS; i++) {
    bz_func_t *cf = called_func(bz, ops.v[i]);
    if (cf)
      st = visit_func(bz, cf, state, order);
  }
  pv_free(&ops);
  state[fi] = 2;
  pv_push(order, f);
  return st;
}

/* Marks operands that are always in place. */
static void mark_must_inplace(buf_bz_t *bz) {
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    bz_op_t *o = &bz->ops[i];
    for (uint32_t k = 0; k < o->op->num_operands; k++) {
      buf_use_t *u = &o->op->operands[k];
      if (!buf__bz_is_tensor_type(u->value->type))
        continue;
      if (!must_inplace(bz, u))
        continue;
      if (buf__bz_writes(bz, u))
        bz->index_exact = false; /* a write the checks never saw */
      bufferize_inplace(bz, u);
    }
  }
}

/* Does f, or a function it calls directly or not, make a buffer that must
 * not be written (a constant)? Such a buffer is the only way a result can be
 * read-only; seen marks the functions visited. */
static bool reaches_read_only_source(buf_bz_t *bz, bz_func_t *f, uint8_t *seen) {
  uint32_t fi = (uint32_t)(f - bz->funcs);
  if (seen[fi])
    return false;
  seen[fi] = 1;
  ptrvec_t ops = {0};
  collect_post_order(bz, f->func, &ops);
  buf_ident_t call_name = buf_ident_cstr(bz->ctx, "func.call");
  bool found = false;
  for (uint32_t i = 0; i < ops.n && !found; i++) {
    buf_op_t *op = ops.v[i];
    if (op->name == call_name) {
      bz_func_t *cf = called_func(bz, op);
      found = cf && reaches_read_only_source(bz, cf, seen);
      continue;
    }
    for (uint32_t r = 0; r < op->num_results && !found; r++)
      found = buf__bz_is_tensor_type(op->results[r].type) &&
              !value_writable(bz, &op->results[r]);
  }
  pv_free(&ops);
  return found;
}

/* Is v a result of a func.call whose writability the callee's summary
 * decides (counted by join_call_results)? */
static bool summarized_call_result(buf_bz_t *bz, buf_value_t *v) {
  return bz->opts.function_boundaries && bz->num_funcs && v->def &&
         strcmp(v->def->name, "func.call") == 0;
}

/* Do the alias sets of u's value and of the values u aliases hold an
 * in-place write by a modelled op (so far only the must-in-place ones)?
 * Ops without a model stay on tensors and write no buffer. */
static bool forced_write_near(buf_bz_t *bz, buf_use_t *u) {
  uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
  uint32_t n = decision_roots(bz, u, roots);
  bool any = false;
  for (uint32_t i = 0; i < n; i++)
    any |= bz->vals[roots[i]].num_inplace_writes > 0;
  if (!any)
    return false; /* the common case, without a scan */
  ptrset_t writes = {0};
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  collect_inplace_writes(bz, u->value, &writes);
  for (uint32_t j = 0; j < k; j++)
    collect_inplace_writes(bz, al[j].value, &writes);
  bool found = false;
  for (uint32_t i = 0; i < writes.items.n && !found; i++)
    found = buf_bz_model_of(bz, ((buf_use_t *)writes.items.v[i])->owner);
  ps_free(&writes);
  return found;
}

/* Upstream's pre-bufferization assumptions over the ops under root, in
 * post-order (the op upstream's walk stops at gets the error): for every
 * tensor operand whose alias sets the must-in-place decisions already
 * wrote: a
 * read-after-write conflict no decision can undo (a materialize_in_
 * destination whose destination is read after it), and an in-place operand
 * aliasing a buffer that must not be written (a materialize_in_destination
 * into a constant, a read-only to_tensor or argument, or an scf.if that may
 * yield one). Copying would keep the tensor values, but not the op's promise
 * that the data lands in the destination's buffer. copy-before-write skips
 * the analysis, and these checks with it, as upstream. So does partial
 * bufferization (op_filter): the ops it leaves on tensors read and write
 * tensors, not buffers, and a destination still a tensor of the function
 * has no buffer yet to keep a promise about. */
static buf_status_t check_assumptions(buf_bz_t *bz, buf_op_t *root) {
  if (bz->opts.copy_before_write || bz->opts.op_filter)
    return BUF_SUCCESS;
  ptrvec_t list = {0};
  collect_post_order(bz, root, &list);
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t k = 0; k < list.n && st == BUF_SUCCESS; k++) {
    buf_op_t *op = list.v[k];
    bz_op_t *o = buf__bz_op(bz, op);
    if (!o || !op_analyzed(bz, o))
      continue;
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, op);
    if (m && m->precondition && m->precondition(bz, op) != BUF_SUCCESS) {
      st = BUF_FAILURE;
      break;
    }
    for (uint32_t i = 0; i < op->num_operands && st == BUF_SUCCESS; i++) {
      buf_use_t *u = &op->operands[i];
      if (!buf__bz_is_tensor_type(u->value->type) || !forced_write_near(bz, u))
        continue;
      ptrset_t reads = {0}, writes = {0};
      collect_use_accesses(bz, u, &reads, &writes);
      bool raw = has_raw_conflict(bz, &reads, &writes);
      ps_free(&reads);
      ps_free(&writes);
      if (raw) {
        buf_op_emit_error(op, "not bufferizable under the given constraints: "
                              "cannot avoid RaW conflict");
        st = BUF_FAILURE;
        break;
      }
      uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
      uint32_t nr = decision_roots(bz, u, roots);
      bool read_only = false;
      for (uint32_t j = 0; j < nr; j++)
        read_only |= bz->vals[roots[j]].num_unwritable > 0;
      if (read_only && buf_bz_inplace(bz, u)) {
        buf_op_emit_error(op, "not bufferizable under the given constraints: "
                              "would write to read-only buffer");
        st = BUF_FAILURE;
      }
    }
  }
  pv_free(&list);
  return st;
}

buf_status_t buf__bz_analyze(buf_bz_t *bz) {
  compute_tops(bz);
  for (uint32_t i = 0; i < bz->num_vals; i++)
    bz->vals[i].num_unwritable =
        !summarized_call_result(bz, bz->vals[i].v) &&
        !value_writable(bz, bz->vals[i].v);
  mark_must_inplace(bz);
  if (!bz->opts.function_boundaries || bz->num_funcs == 0)
    return check_assumptions(bz, bz->module) == BUF_SUCCESS
               ? analyze_func_ops(bz, bz->module)
               : BUF_FAILURE;
  uint8_t *state = calloc(bz->num_funcs, 1);
  ptrvec_t order = {0};
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < bz->num_funcs && st == BUF_SUCCESS; i++)
    st = visit_func(bz, &bz->funcs[i], state, &order);
  /* until analysed, a function on a cycle may return any argument, one
   * buffer for several results, or a read-only buffer where the functions
   * it reaches make one */
  for (uint32_t i = 0; i < bz->num_funcs; i++) {
    bz_func_t *f = &bz->funcs[i];
    if (!f->recursive)
      continue;
    memset(f->result_alias, 1, (size_t)f->num_results * f->num_args);
    memset(state, 0, bz->num_funcs);
    bool readonly = reaches_read_only_source(bz, f, state);
    for (uint32_t r = 0; r < f->num_results; r++) {
      f->result_group[r] = 0;
      f->result_readonly[r] = readonly;
    }
  }
  for (uint32_t i = 0; i < order.n && st == BUF_SUCCESS; i++) {
    bz_func_t *f = order.v[i];
    join_call_results(bz, f);
    st = check_assumptions(bz, f->func);
    if (st != BUF_SUCCESS)
      break;
    st = analyze_func_ops(bz, f->func);
    summarize_func(bz, f);
    f->analysed = true;
  }
  free(state);
  bz->num_order = order.n;
  bz->order = (bz_func_t **)pv_take(&order);
  return st;
}

/* ------------------------------------------------------------------------ */
/* Function summaries                                                        */
/* ------------------------------------------------------------------------ */

bool buf_bz_func_arg_read(buf_bz_t *bz, buf_op_t *func, uint32_t arg) {
  bz_func_t *f = buf__bz_func(bz, func);
  return !f || arg >= f->num_args || f->arg_read[arg];
}

bool buf_bz_func_arg_written(buf_bz_t *bz, buf_op_t *func, uint32_t arg) {
  bz_func_t *f = buf__bz_func(bz, func);
  return !f || arg >= f->num_args || f->arg_written[arg];
}

int32_t buf_bz_func_result_equiv_arg(buf_bz_t *bz, buf_op_t *func,
                                     uint32_t result) {
  bz_func_t *f = buf__bz_func(bz, func);
  if (!f || result >= f->num_results)
    return -1;
  return f->result_equiv[result];
}

bool buf_bz_func_result_readonly(buf_bz_t *bz, buf_op_t *func, uint32_t r) {
  bz_func_t *f = buf__bz_func(bz, func);
  return f && r < f->num_results && f->result_readonly[r];
}

bool buf_bz_func_result_aliases_arg(buf_bz_t *bz, buf_op_t *func, uint32_t r,
                                    uint32_t a) {
  bz_func_t *f = buf__bz_func(bz, func);
  if (!f || r >= f->num_results || a >= f->num_args)
    return false;
  return f->result_alias[(size_t)r * f->num_args + a] != 0;
}

/* ------------------------------------------------------------------------ */
/* Annotations (test-analysis-only)                                          */
/* ------------------------------------------------------------------------ */

void buf__bz_annotate(buf_bz_t *bz) {
  buf_ctx_t *ctx = bz->ctx;
  buf_attr_t t = buf_attr_string_cstr(ctx, "true");
  buf_attr_t f = buf_attr_string_cstr(ctx, "false");
  buf_attr_t none = buf_attr_string_cstr(ctx, "none");
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    bz_op_t *o = &bz->ops[i];
    buf_op_t *op = o->op;
    if (!o->model)
      continue;
    bool any = false;
    for (uint32_t k = 0; k < op->num_operands; k++)
      if (buf__bz_is_tensor_type(op->operands[k].value->type))
        any = true;
    if (!any)
      continue;
    buf_attr_t *elems = buf_arena_alloc(buf_ctx_arena(ctx),
                                        op->num_operands * sizeof *elems);
    for (uint32_t k = 0; k < op->num_operands; k++) {
      if (!buf__bz_is_tensor_type(op->operands[k].value->type))
        elems[k] = none;
      else
        elems[k] = o->decision[k] == BZ_INPLACE ? t : f;
    }
    buf_op_set_attr(op, "__inplace_operands_attr__",
                    buf_attr_array(ctx, op->num_operands, elems));
    for (uint32_t c = 0; c < o->num_conflicts; c++)
      buf_op_set_attr(op, o->conflicts[c], buf_attr_unit(ctx));
  }
  if (bz->opts.dump_alias_sets) {
    /* "__alias_set_attr__" / "__equivalence_set_attr__"-like dump: each
     * tensor result gets the index of its alias set root. */
    for (uint32_t i = 0; i < bz->num_vals; i++) {
      buf_value_t *v = bz->vals[i].v;
      if (!v->def)
        continue;
      char name[64];
      snprintf(name, sizeof name, "__alias_set_%u__", v->index);
      buf_op_set_attr(v->def, name,
                      buf_attr_index(ctx, (int64_t)alias_root(bz, i)));
    }
  }
}
