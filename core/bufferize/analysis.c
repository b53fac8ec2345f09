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
 *   tensor never conflict (subsets.c, asking the models).
 * Before any decision, upstream's assumptions are checked (check_assumptions):
 * each op's model precondition holds (a used to_tensor has `restrict`), and
 * the must-in-place operands (materialize_in_destination's destination)
 * must not write a read-only buffer nor be read after their write.
 * An operand decided in place joins the alias set (and for equivalent
 * aliases the equivalence set) of the values it aliases.
 *
 * Alias sets are union-find with circular member lists (state.c). Each set
 * also indexes its reads and in-place writes by program position
 * (conflict_index.c), so a decision asks only the read/write pairs it adds
 * that are close enough in program order to conflict, instead of every pair
 * of the merged sets (the full scan of conflicts.c, kept for checking and
 * for naming the conflicting pair).
 *
 * This file holds the decisions and their order: the must-in-place
 * operands, the assumptions, the functions callees first with their
 * summaries, and the annotations of test-analysis-only. What an op does is
 * always its model's answer; no op is named here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/syntax.h"
#include "bz_internal.h"

static void bufferize_inplace(buf_bz_t *bz, buf_use_t *u) {
  bz_op_t *o = buf__bz_op(bz, u->owner);
  o->decision[u->index] = BZ_INPLACE;
  uint32_t vi = buf__bz_val_index(bz, u->value);
  if (vi == UINT32_MAX)
    return;
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  for (uint32_t j = 0; j < k; j++) {
    uint32_t ai = buf__bz_val_index(bz, al[j].value);
    if (ai == UINT32_MAX)
      continue;
    buf__bz_alias_union(bz, vi, ai);
    if (al[j].rel == BUF_BZ_EQUIV)
      buf__bz_equiv_union(bz, vi, ai);
  }
  if (buf__bz_writes(bz, u)) {
    uint32_t root = buf__bz_alias_root(bz, vi);
    bz->vals[root].num_inplace_writes++;
    buf__bz_index_write(bz, u, root);
  }
}

/* Keeps bz->last_why as the reason operand u was refused in place, for
 * the report (report.c); nothing without one. */
static void keep_refusal(buf_bz_t *bz, buf_use_t *u) {
  if (!bz->report)
    return;
  bz_op_t *o = buf__bz_op(bz, u->owner);
  if (!o->why) {
    o->why = calloc(u->owner->num_operands, sizeof *o->why);
    if (!o->why)
      abort(); /* out of memory only */
  }
  o->why[u->index] = bz->last_why;
}

/* Is op inside a function that no-analysis-func-filter names? Its writes
 * all go to copies, as with copy-before-write. */
static bool in_unanalysed_func(const buf_bz_t *bz, const buf_op_t *op) {
  const char *list = bz->opts.no_analysis_funcs;
  if (!list)
    return false;
  const buf_op_t *f = op;
  while (f && !buf_op_has_trait(f, BUF_TRAIT_SYMBOL))
    f = buf_op_parent((buf_op_t *)f);
  buf_attr_t a = f ? buf_op_attr(f, "sym_name") : NULL;
  if (!a || a->kind != BUF_ATTR_STRING)
    return false;
  size_t n = strlen(a->u.str.data);
  for (const char *s = list; s && *s;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && strncmp(s, a->u.str.data, n) == 0)
      return true;
    s = e ? e + 1 : NULL;
  }
  return false;
}

static void analyze_operand(buf_bz_t *bz, buf_use_t *u) {
  bz_op_t *o = buf__bz_op(bz, u->owner);
  if (o->decision[u->index] != BZ_UNDECIDED)
    return;
  bool conflict;
  bz->last_why = (bz_why_t){BZ_WHY_COPY_BEFORE_WRITE, NULL, NULL, NULL};
  if (bz->opts.copy_before_write || in_unanalysed_func(bz, u->owner))
    conflict = buf__bz_writes(bz, u);
  else
    conflict = buf__bz_would_write_read_only(bz, u) ||
               buf__bz_would_create_raw(bz, u);
  if (conflict) {
    o->decision[u->index] = BZ_OUTOFPLACE;
    keep_refusal(bz, u);
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
static void collect_post_order(buf_bz_t *bz, buf_op_t *root, buf__ptrvec_t *out) {
  bz_op_t *r = buf__bz_op(bz, root);
  buf__ptrvec_t pending = {0};
  for (uint32_t k = r->pre; k <= r->end; k++) {
    while (pending.n && ((bz_op_t *)pending.v[pending.n - 1])->end < k)
      buf__ptrvec_push(out, ((bz_op_t *)pending.v[--pending.n])->op);
    buf__ptrvec_push(&pending, &bz->ops[k]);
  }
  while (pending.n)
    buf__ptrvec_push(out, ((bz_op_t *)pending.v[--pending.n])->op);
  buf__ptrvec_free(&pending);
}

/* Does op call a function named by a symbol (func.call; not an indirect
 * call through a value)? Such calls take their callee's summary. */
static bool is_direct_call(const buf_op_t *op) {
  return buf_op_has_trait(op, BUF_TRAIT_CALL) && buf_op_attr(op, "callee");
}

/* The summary of the function a func.call op calls, or NULL (not a call,
 * or a callee outside the module). */
static bz_func_t *called_func(buf_bz_t *bz, buf_op_t *op) {
  if (!is_direct_call(op))
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
      uint32_t ri = buf__bz_val_index(bz, rv);
      if (ri != UINT32_MAX && bz->vals[buf__bz_alias_root(bz, ri)].num_unwritable)
        f->result_readonly[r] = true;
      for (uint32_t q = 0; q < r; q++)
        if (buf__bz_is_tensor_type(t->operands[q].value->type) &&
            buf__bz_same_alias_set(bz, rv, t->operands[q].value))
          group_results(f, q, r);
      for (uint32_t a = 0; a < entry->num_args && a < f->num_args; a++) {
        buf_value_t *arg = entry->args[a];
        if (!buf__bz_is_tensor_type(arg->type))
          continue;
        if (buf_bz_equivalent(bz, rv, arg) && f->result_equiv[r] < 0)
          f->result_equiv[r] = (int32_t)a;
        if (buf__bz_same_alias_set(bz, rv, arg))
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
  buf__ptrvec_t ops = {0};
  collect_post_order(bz, caller->func, &ops);
  for (uint32_t i = 0; i < ops.n; i++) {
    buf_op_t *call = ops.v[i];
    if (!is_direct_call(call))
      continue;
    bz_func_t *cf = called_func(bz, call);
    for (uint32_t r = 0; r < call->num_results; r++) {
      uint32_t ri = buf__bz_val_index(bz, &call->results[r]);
      if (ri == UINT32_MAX)
        continue;
      bz->vals[buf__bz_alias_root(bz, ri)].num_unwritable +=
          !buf__bz_value_writable(bz, &call->results[r]);
      if (!cf || r >= cf->num_results)
        continue;
      for (uint32_t q = 0; q < r; q++) {
        uint32_t qi = buf__bz_val_index(bz, &call->results[q]);
        if (qi != UINT32_MAX && cf->result_group[q] == cf->result_group[r]) {
          buf__bz_alias_union(bz, qi, ri);
          break;
        }
      }
    }
  }
  buf__ptrvec_free(&ops);
}

static buf_status_t analyze_func_ops(buf_bz_t *bz, buf_op_t *root) {
  buf__ptrvec_t list = {0};
  collect_post_order(bz, root, &list);
  buf__bz_index_reads(bz, &list);
  uint32_t *order = malloc(sizeof *order * (list.n ? list.n : 1));
  buf__bz_analysis_order(bz, &list, order);
  /* (a disagreement of the conflict index with the full scan ends it) */
  for (uint32_t k = 0; k < list.n && !bz->failed; k++) {
    buf_op_t *op = list.v[order[k]];
    bz_op_t *o = buf__bz_op(bz, op);
    if (!o || !op_analyzed(bz, o))
      continue;
    for (uint32_t i = 0; i < op->num_operands; i++) {
      buf_use_t *u = &op->operands[i];
      if (buf__bz_is_tensor_type(u->value->type))
        analyze_operand(bz, u);
    }
  }
  free(order);
  buf__ptrvec_free(&list);
  return bz->failed ? BUF_FAILURE : BUF_SUCCESS;
}

/* Orders functions callees first (depth-first over calls); marks the
 * function where each call-graph cycle closes (called before analysed). */
static buf_status_t visit_func(buf_bz_t *bz, bz_func_t *f, uint8_t *state,
                               buf__ptrvec_t *order) {
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
  buf__ptrvec_t ops = {0};
  collect_post_order(bz, f->func, &ops);
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < ops.n && st == BUF_SUCCESS; i++) {
    bz_func_t *cf = called_func(bz, ops.v[i]);
    if (cf)
      st = visit_func(bz, cf, state, order);
  }
  buf__ptrvec_free(&ops);
  state[fi] = 2;
  buf__ptrvec_push(order, f);
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
      if (!buf__bz_must_inplace(bz, u))
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
  buf__ptrvec_t ops = {0};
  collect_post_order(bz, f->func, &ops);
  bool found = false;
  for (uint32_t i = 0; i < ops.n && !found; i++) {
    buf_op_t *op = ops.v[i];
    if (is_direct_call(op)) {
      bz_func_t *cf = called_func(bz, op);
      found = cf && reaches_read_only_source(bz, cf, seen);
      continue;
    }
    for (uint32_t r = 0; r < op->num_results && !found; r++)
      found = buf__bz_is_tensor_type(op->results[r].type) &&
              !buf__bz_value_writable(bz, &op->results[r]);
  }
  buf__ptrvec_free(&ops);
  return found;
}

/* Is v a result of a func.call whose writability the callee's summary
 * decides (counted by join_call_results)? */
static bool summarized_call_result(buf_bz_t *bz, buf_value_t *v) {
  return bz->opts.function_boundaries && bz->num_funcs && v->def &&
         is_direct_call(v->def);
}

/* Do the alias sets of u's value and of the values u aliases hold an
 * in-place write by a modelled op (so far only the must-in-place ones)?
 * Ops without a model stay on tensors and write no buffer. */
static bool forced_write_near(buf_bz_t *bz, buf_use_t *u) {
  uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
  uint32_t n = buf__bz_decision_roots(bz, u, roots);
  bool any = false;
  for (uint32_t i = 0; i < n; i++)
    any |= bz->vals[roots[i]].num_inplace_writes > 0;
  if (!any)
    return false; /* the common case, without a scan */
  buf__ptrset_t writes = {0};
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  uint32_t k = buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES);
  buf__bz_collect_inplace_writes(bz, u->value, &writes);
  for (uint32_t j = 0; j < k; j++)
    buf__bz_collect_inplace_writes(bz, al[j].value, &writes);
  bool found = false;
  for (uint32_t i = 0; i < writes.items.n && !found; i++)
    found = buf_bz_model_of(bz, ((buf_use_t *)writes.items.v[i])->owner);
  buf__ptrset_free(&writes);
  return found;
}

/* The reads of a pre-bufferization check without those of an unknown op's
 * results: the analysis joins such a result with the op's operands (the op
 * may return one of their buffers), upstream never does, and a forced
 * write (a parallel_insert_slice into its shared output) of a value an
 * unknown op made from that output would otherwise be refused here though
 * upstream bufferizes it. */
static void drop_unknown_result_reads(buf_bz_t *bz, buf__ptrset_t *reads) {
  buf__ptrset_t kept = {0};
  for (uint32_t i = 0; i < reads->items.n; i++) {
    buf_use_t *r = reads->items.v[i];
    buf_op_t *def = r->value->def;
    if (!def || !buf__bz_op(bz, def) || buf_bz_model_of(bz, def))
      buf__ptrset_add(&kept, r);
  }
  buf__ptrset_free(reads);
  for (uint32_t i = 0; i < kept.items.n; i++)
    buf__ptrset_add(reads, kept.items.v[i]);
  buf__ptrset_free(&kept);
}

/* Is v an unknown op's result, or made from one by ops that alias their
 * operands (a slice of it)? Upstream's alias set of v holds that result
 * then, and the result may be a buffer nobody may write. */
static bool defined_by_unknown_op(buf_bz_t *bz, buf_value_t *v) {
  buf__ptrvec_t work = {0};
  buf__ptrset_t seen = {0};
  buf__ptrvec_push(&work, v);
  bool found = false;
  while (work.n && !found) {
    buf_value_t *w = work.v[--work.n];
    if (!w->def || !buf__ptrset_add(&seen, w))
      continue;
    if (buf__bz_op(bz, w->def) && !buf_bz_model_of(bz, w->def)) {
      found = true;
      break;
    }
    buf_use_t *ops[BUF_BZ_MAX_ALIASES];
    bool any_write;
    uint32_t n = buf__bz_aliasing_operands(bz, w, ops, BUF_BZ_MAX_ALIASES, &any_write);
    for (uint32_t i = 0; i < n; i++)
      buf__ptrvec_push(&work, ops[i]->value);
  }
  buf__ptrvec_free(&work);
  buf__ptrset_free(&seen);
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
  if (bz->opts.copy_before_write || buf__bz_filters_ops(&bz->opts))
    return BUF_SUCCESS;
  buf__ptrvec_t list = {0};
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
      buf__ptrset_t reads = {0}, writes = {0};
      buf__bz_collect_use_accesses(bz, u, &reads, &writes);
      drop_unknown_result_reads(bz, &reads);
      bool raw = buf__bz_has_raw_conflict(bz, &reads, &writes);
      buf__ptrset_free(&reads);
      buf__ptrset_free(&writes);
      if (raw) {
        buf_op_emit_error(op, "not bufferizable under the given constraints: "
                              "cannot avoid RaW conflict");
        st = BUF_FAILURE;
        break;
      }
      uint32_t roots[1 + BUF_BZ_MAX_ALIASES];
      uint32_t nr = buf__bz_decision_roots(bz, u, roots);
      bool read_only = false, unknown = false;
      for (uint32_t j = 0; j < nr; j++) {
        read_only |= bz->vals[roots[j]].num_unwritable > bz->vals[roots[j]].num_unknown_results;
        unknown |= bz->vals[roots[j]].num_unknown_results > 0;
      }
      read_only |= unknown && defined_by_unknown_op(bz, u->value);
      if (read_only && buf_bz_inplace(bz, u)) {
        buf_op_emit_error(op, "not bufferizable under the given constraints: "
                              "would write to read-only buffer");
        st = BUF_FAILURE;
      }
    }
  }
  buf__ptrvec_free(&list);
  return st;
}

/* Upstream's equivalence analysis of ops with exclusive regions (scf.if,
 * scf.index_switch, scf.execute_region): a result whose every yielded
 * value is equivalent to the others is equivalent to them, once all
 * decisions are made (the yields alias the result only maybe, since which
 * branch runs is known at run time only). Post-order: an inner branch op's
 * results are joined before an outer yield is compared. */
static void join_branch_results(buf_bz_t *bz, buf_op_t *root) {
  buf__ptrvec_t list = {0};
  collect_post_order(bz, root, &list);
  for (uint32_t k = 0; k < list.n; k++) {
    buf_op_t *op = list.v[k];
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, op);
    if (!m || !m->exclusive_regions)
      continue;
    for (uint32_t r = 0; r < op->num_results; r++) {
      buf_value_t *res = &op->results[r], *first = NULL;
      uint32_t ri = buf__bz_val_index(bz, res);
      bool equal = ri != UINT32_MAX;
      for (uint32_t g = 0; g < op->num_regions && equal; g++)
        for (buf_block_t *b = op->regions[g]->first; b && equal; b = b->next) {
          buf_op_t *t = b->last;
          if (!t || !buf__bz_op(bz, t))
            continue;
          for (uint32_t i = 0; i < t->num_operands && equal; i++) {
            buf_use_t *u = &t->operands[i];
            buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
            uint32_t n = buf__bz_is_tensor_type(u->value->type)
                             ? buf__bz_aliases(bz, u, al, BUF_BZ_MAX_ALIASES)
                             : 0;
            for (uint32_t j = 0; j < n && equal; j++) {
              if (al[j].value != res)
                continue;
              equal = buf_bz_inplace(bz, u) &&
                      (!first || buf_bz_equivalent(bz, first, u->value));
              first = first ? first : u->value;
            }
          }
        }
      uint32_t fi = first ? buf__bz_val_index(bz, first) : UINT32_MAX;
      if (equal && fi != UINT32_MAX)
        buf__bz_equiv_union(bz, ri, fi);
    }
  }
  buf__ptrvec_free(&list);
}

/* Upstream's verifyAnalysis over the ops under root, once their decisions
 * are made: every op whose model checks one reports its error (upstream
 * walks them all). Ops that copy before every write were not analysed and
 * are not checked, as upstream; nor are ops a filter leaves on tensors. */
static buf_status_t verify_decisions(buf_bz_t *bz, buf_op_t *root) {
  if (bz->opts.copy_before_write)
    return BUF_SUCCESS;
  buf__ptrvec_t list = {0};
  collect_post_order(bz, root, &list);
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t k = 0; k < list.n; k++) {
    buf_op_t *op = list.v[k];
    bz_op_t *o = buf__bz_op(bz, op);
    if (!o || !op_analyzed(bz, o) || in_unanalysed_func(bz, op))
      continue;
    if (buf__bz_filters_ops(&bz->opts) &&
        !buf__bz_filter_accepts(&bz->opts, op->name))
      continue;
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, op);
    if (m && m->verify_analysis && BUF_FAILED(m->verify_analysis(bz, op)))
      st = BUF_FAILURE;
  }
  buf__ptrvec_free(&list);
  return st;
}

buf_status_t buf__bz_analyze(buf_bz_t *bz) {
  buf__bz_compute_tops(bz);
  for (uint32_t i = 0; i < bz->num_vals; i++) {
    buf_value_t *v = bz->vals[i].v;
    bz->vals[i].num_unwritable =
        !summarized_call_result(bz, v) && !buf__bz_value_writable(bz, v);
    bz->vals[i].num_unknown_results =
        bz->vals[i].num_unwritable && v->def && !buf_bz_model_of(bz, v->def);
  }
  mark_must_inplace(bz);
  if (!bz->opts.function_boundaries || bz->num_funcs == 0) {
    if (check_assumptions(bz, bz->module) != BUF_SUCCESS ||
        analyze_func_ops(bz, bz->module) != BUF_SUCCESS)
      return BUF_FAILURE;
    join_branch_results(bz, bz->module);
    return verify_decisions(bz, bz->module);
  }
  uint8_t *state = calloc(bz->num_funcs, 1);
  buf__ptrvec_t order = {0};
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
    if (st == BUF_SUCCESS) {
      join_branch_results(bz, f->func);
      st = verify_decisions(bz, f->func);
    }
    summarize_func(bz, f);
    f->analysed = true;
  }
  free(state);
  bz->num_order = order.n;
  bz->order = (bz_func_t **)buf__ptrvec_take(&order);
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

/* d with name = value added (replacing an entry of that name), sorted as
 * dictionaries are. */
static buf_attr_t dict_with(buf_ctx_t *ctx, buf_attr_t d, const char *name, buf_attr_t value) {
  uint32_t n = d && d->kind == BUF_ATTR_DICT ? d->u.dict.n : 0;
  buf_named_attr_t *e = buf_arena_alloc(buf_ctx_arena(ctx), (n + 1) * sizeof *e);
  buf_ident_t id = buf_ident_cstr(ctx, name);
  uint32_t k = 0;
  bool placed = false;
  for (uint32_t i = 0; i < n; i++) {
    const buf_named_attr_t *x = &d->u.dict.entries[i];
    if (x->name == id)
      continue;
    if (!placed && strcmp(name, x->name) < 0) {
      e[k++] = (buf_named_attr_t){id, value};
      placed = true;
    }
    e[k++] = *x;
  }
  if (!placed)
    e[k++] = (buf_named_attr_t){id, value};
  return buf_attr_dict(ctx, k, e);
}

/* With function boundaries, upstream's annotations of the function
 * analysis: bufferization.access = "none" | "read" | "write" |
 * "read-write" on every tensor argument, and on each return
 * __equivalent_func_args__, the argument each returned value is
 * equivalent to (-1: none), where some is. */
static void annotate_functions(buf_bz_t *bz) {
  buf_ctx_t *ctx = bz->ctx;
  static const char *const access[4] = {"none", "read", "write", "read-write"};
  for (uint32_t i = 0; i < bz->num_funcs; i++) {
    bz_func_t *f = &bz->funcs[i];
    buf_op_t *func = f->func;
    if (!f->analysed || func->num_regions == 0 || buf_region_empty(func->regions[0]))
      continue;
    buf_block_t *entry = buf_region_entry(func->regions[0]);
    buf_attr_t old = buf_op_attr(func, "arg_attrs");
    buf_attr_t *dicts = buf_arena_alloc(buf_ctx_arena(ctx), (f->num_args + 1) * sizeof *dicts);
    bool any = false;
    for (uint32_t a = 0; a < f->num_args; a++) {
      dicts[a] = old && old->kind == BUF_ATTR_ARRAY && a < old->u.array.n
                     ? old->u.array.elems[a]
                     : buf_attr_dict(ctx, 0, NULL);
      if (a >= entry->num_args || !buf__bz_is_tensor_type(entry->args[a]->type))
        continue;
      uint32_t k = (f->arg_read[a] ? 1u : 0u) | (f->arg_written[a] ? 2u : 0u);
      dicts[a] = dict_with(ctx, dicts[a], "bufferization.access",
                           buf_attr_string_cstr(ctx, access[k]));
      any = true;
    }
    if (any)
      buf_op_set_attr(func, "arg_attrs", buf_attr_array(ctx, f->num_args, dicts));
    bool equivalent = false;
    for (uint32_t r = 0; r < f->num_results; r++)
      equivalent |= f->result_equiv[r] >= 0;
    if (!equivalent)
      continue;
    for (buf_block_t *b = entry; b; b = b->next) {
      buf_op_t *ret = buf_block_terminator(b);
      if (!ret || !buf_op_is_function_return(ret))
        continue;
      buf_attr_t *eq = buf_arena_alloc(buf_ctx_arena(ctx), (ret->num_operands + 1) * sizeof *eq);
      for (uint32_t r = 0; r < ret->num_operands; r++)
        eq[r] = buf_attr_integer(ctx, buf_type_i64(ctx),
                                 r < f->num_results ? f->result_equiv[r] : -1);
      buf_op_set_attr(ret, "__equivalent_func_args__", buf_attr_array(ctx, ret->num_operands, eq));
    }
  }
}

/* dump-alias-sets, in upstream's form: every op with tensor results gets
 * __opresult_alias_set_attr__ (per result, the printed names of its alias
 * set, latest definition first), every op with tensor block arguments
 * __bbarg_alias_set_attr__ (per region, per block, per tensor argument). */
static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void annotate_alias_sets(buf_bz_t *bz) {
  buf_ctx_t *ctx = bz->ctx;
  uint32_t n = bz->num_vals;
  if (n == 0)
    return;
  /* sets[root]: the set's names; members sorted by root, then latest first */
  uint64_t *keys = malloc(n * sizeof *keys);
  buf_attr_t *sets = calloc(n, sizeof *sets);
  buf_attr_t *names = malloc(n * sizeof *names);
  if (!keys || !sets || !names)
    abort(); /* out of memory */
  for (uint32_t i = 0; i < n; i++)
    keys[i] = ((uint64_t)buf__bz_alias_root(bz, i) << 32) | (UINT32_MAX - i);
  qsort(keys, n, sizeof *keys, cmp_u64);
  buf_value_names_t *vn = buf_value_names_create(bz->module);
  for (uint32_t a = 0; a < n;) {
    uint32_t root = (uint32_t)(keys[a] >> 32), b = a;
    for (; b < n && (uint32_t)(keys[b] >> 32) == root; b++)
      names[b - a] = buf_attr_string_cstr(
          ctx, buf_value_names_get(vn, bz->vals[UINT32_MAX - (uint32_t)keys[b]].v));
    sets[root] = buf_attr_array(ctx, b - a, names);
    a = b;
  }
  buf_value_names_destroy(vn);
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    buf_op_t *op = bz->ops[i].op;
    uint32_t k = 0;
    buf_attr_t *res = buf_arena_alloc(buf_ctx_arena(ctx),
                                      (op->num_results + 1) * sizeof *res);
    for (uint32_t r = 0; r < op->num_results; r++)
      if (buf__bz_is_tensor_type(op->results[r].type))
        res[k++] = sets[buf__bz_alias_root(bz, op->results[r].analysis_slot)];
    if (k)
      buf_op_set_attr(op, "__opresult_alias_set_attr__", buf_attr_array(ctx, k, res));
    bool any = false;
    buf_attr_t *regions = buf_arena_alloc(buf_ctx_arena(ctx),
                                          (op->num_regions + 1) * sizeof *regions);
    for (uint32_t r = 0; r < op->num_regions; r++) {
      uint32_t nb = 0, bi = 0;
      for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
        nb++;
      buf_attr_t *blocks = buf_arena_alloc(buf_ctx_arena(ctx), (nb + 1) * sizeof *blocks);
      for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
        uint32_t na = 0;
        buf_attr_t *args = buf_arena_alloc(buf_ctx_arena(ctx), (b->num_args + 1) * sizeof *args);
        for (uint32_t a = 0; a < b->num_args; a++)
          if (buf__bz_is_tensor_type(b->args[a]->type)) {
            args[na++] = sets[buf__bz_alias_root(bz, b->args[a]->analysis_slot)];
            any = true;
          }
        blocks[bi++] = buf_attr_array(ctx, na, args);
      }
      regions[r] = buf_attr_array(ctx, nb, blocks);
    }
    if (any)
      buf_op_set_attr(op, "__bbarg_alias_set_attr__",
                      buf_attr_array(ctx, op->num_regions, regions));
  }
  free(keys);
  free(sets);
  free(names);
}

void buf__bz_annotate(buf_bz_t *bz) {
  if (bz->opts.function_boundaries)
    annotate_functions(bz);
  buf_ctx_t *ctx = bz->ctx;
  buf_attr_t t = buf_attr_string_cstr(ctx, "true");
  buf_attr_t f = buf_attr_string_cstr(ctx, "false");
  buf_attr_t none = buf_attr_string_cstr(ctx, "none");
  for (uint32_t i = 0; i < bz->num_ops; i++) {
    bz_op_t *o = &bz->ops[i];
    buf_op_t *op = o->op;
    for (uint32_t c = 0; c < o->num_conflicts; c++)
      buf_op_set_attr(op, o->conflicts[c], buf_attr_unit(ctx));
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
      else /* an op without a model (unknown, or filtered out) gets no
            * buffer in place: "false", as upstream marks it */
        elems[k] = o->model && o->decision[k] == BZ_INPLACE ? t : f;
    }
    buf_op_set_attr(op, "__inplace_operands_attr__",
                    buf_attr_array(ctx, op->num_operands, elems));
  }
  for (uint32_t i = 0; i < bz->num_extra_notes; i++)
    buf_op_set_attr(bz->extra_note_ops[i], bz->extra_notes[i], buf_attr_unit(ctx));
  if (bz->opts.dump_alias_sets)
    annotate_alias_sets(bz);
}
