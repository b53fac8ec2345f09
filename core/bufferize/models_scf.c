/*
 * models_scf.c: bufferization models of scf.for, scf.if, scf.execute_region,
 * scf.index_switch, scf.yield and scf.forall (with
 * tensor.parallel_insert_slice in its in_parallel), scf.while and
 * scf.condition.
 *
 *   scf.for    init i is written (the loop body may write it) and read when
 *              the body reads iter_arg i or result i is read (zero trips);
 *              result i is init i's buffer. The body region is
 *              repetitive. The rewrite gives the loop the init buffers as
 *              iter_args; when the yields hand the iteration buffers
 *              around (ping-pong), they are yielded in their new roles and
 *              put back once after the loop; any other yielded buffer that
 *              is not the iter_arg's is copied into it before the yield.
 *              Either way result i ends up in init i's buffer. Without
 *              allow-return-allocs-from-loops a yield not equivalent to
 *              its iter_arg is refused after the analysis, as upstream.
 *   scf.if     results alias the yielded values of both branches (maybe);
 *              the branches exclude each other. Both branches yield buffers
 *              of one type (a fully dynamic layout when they differ).
 *   scf.execute_region  as scf.if with one region, which may hold several
 *              blocks (cf branches between them) but one scf.yield, as
 *              upstream.
 *   scf.index_switch    as scf.if with a region per case.
 *   scf.yield  always in place; in an scf.if or execute_region its
 *              operands alias the results (in loops they only feed the
 *              next iteration).
 *   scf.forall shared_out i is written and read (unwritten points keep it);
 *              result i is its buffer; the body is a parallel region.
 *   scf.while  like scf.for, slot by slot: init i is written, read when
 *              before-argument i is read, result i is init i's buffer when
 *              the slot carries one tensor type throughout; both regions
 *              are repetitive; scf.condition and the yield copy values in
 *              other buffers into the slot's buffer (other results get a
 *              fresh buffer at the condition). The same refusal as
 *              scf.for checks the condition and the yield.
 */
#include <string.h>

#include "bz_internal.h"

static bool r_true(buf_bz_t *bz, buf_use_t *u) { (void)bz; (void)u; return true; }

static buf_block_t *entry(const buf_op_t *op, uint32_t r) {
  return r < op->num_regions ? buf_region_entry(op->regions[r]) : NULL;
}

static buf_bz_region_kind_t repetitive(const buf_op_t *op, uint32_t r) {
  (void)op; (void)r;
  return BUF_BZ_REGION_REPETITIVE;
}

static buf_bz_region_kind_t parallel(const buf_op_t *op, uint32_t r) {
  (void)op; (void)r;
  return BUF_BZ_REGION_PARALLEL;
}

/* ------------------------------------------------------------------------ */
/* scf.for                                                                   */
/* ------------------------------------------------------------------------ */

#define FOR_FIRST_INIT 3u

static buf_status_t for_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op);
static buf_status_t while_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op);

/* Init i is read when the body reads iter_arg i, and also when result i is
 * read: a loop that runs no iteration returns its init unchanged. */
static bool for_reads(buf_bz_t *bz, buf_use_t *u) {
  if (u->index < FOR_FIRST_INIT)
    return true;
  buf_block_t *b = entry(u->owner, 0);
  uint32_t a = u->index - FOR_FIRST_INIT + 1;
  if (!b || a >= b->num_args || a - 1 >= u->owner->num_results)
    return true;
  return buf_bz_value_read(bz, b->args[a]) ||
         buf_bz_value_read(bz, &u->owner->results[a - 1]);
}

static bool for_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index >= FOR_FIRST_INIT;
}

/* Does slot i of loop `loop` hand its yielded buffer on, as upstream does,
 * instead of copying it back into init i's buffer every iteration? Only
 * under allow-return-allocs-from-loops (without it such a yield is refused),
 * and only for a value made anew by every iteration that nothing outside
 * the loop can own: the result, of iter_arg i's type, of an op in the body
 * without a bufferization model (an allowed unknown op, whose buffer comes
 * from a bufferization.to_buffer) that has no regions and reads no tensor
 * but iter_arg i. An op that only a filter (dialect-filter, the partial
 * passes) leaves on tensors does not count: a later bufferization gives it
 * a buffer, which the copy back lets it write in place. Then the next iteration's iter_arg is that buffer, and
 * result i is the last one handed on (init i's buffer when the loop runs
 * no iteration): it may alias init i but is not its equivalent. Every
 * other slot keeps result i in init i's buffer. */
static bool for_slot_handed_on(buf_bz_t *bz, const buf_op_t *loop, uint32_t i) {
  if (!buf_bz_options(bz)->allow_return_allocs_from_loops)
    return false;
  buf_block_t *body = entry(loop, 0);
  buf_op_t *y = body ? body->last : NULL;
  if (!y || i >= y->num_operands || i + 1 >= body->num_args)
    return false;
  buf_value_t *v = y->operands[i].value, *arg = body->args[i + 1];
  buf_op_t *d = v->def;
  if (!buf__bz_is_tensor_type(v->type) || v->type != arg->type || !d ||
      d->block != body || d->num_regions || buf__bz_unfiltered_model(bz, d))
    return false;
  for (uint32_t k = 0; k < d->num_operands; k++) {
    buf_value_t *w = d->operands[k].value;
    if (buf__bz_is_tensor_type(w->type) && w != arg)
      return false;
  }
  return true;
}

static uint32_t for_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                            uint32_t max) {
  if (u->index < FOR_FIRST_INIT || !max)
    return 0;
  uint32_t r = u->index - FOR_FIRST_INIT;
  if (r >= u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[r],
                            for_slot_handed_on(bz, u->owner, r) ? BUF_BZ_MAYBE
                                                                : BUF_BZ_EQUIV};
  return 1;
}

/* The buffer a loop result really is: result i of a bufferized scf.for is
 * its init i's buffer (unless slot i hands its buffer on), and so is result
 * i of a bufferized scf.while when it has init i's type (see below), so
 * look through loop nests, through memref.cast, and through ops whose
 * model says a result is one of their operands' buffers (calls returning
 * an equivalent argument). */
static buf_value_t *through_loops(buf_bz_t *bz, buf_value_t *v) {
  for (unsigned depth = 0; depth < 64 && v->def; depth++) {
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
    buf_value_t *same = m && m->forwarded_buffer ? m->forwarded_buffer(bz, v) : NULL;
    if (same && same->type == v->type) {
      v = same;
      continue;
    }
    if (buf_op_view_kind(v->def) == BUF_VIEW_CAST) { /* the same buffer */
      v = buf_op_view_source(v->def);
      continue;
    }
    uint32_t first = 0;
    if (m && m->bufferize == for_bufferize)
      first = FOR_FIRST_INIT;
    else if (!m || m->bufferize != while_bufferize)
      break;
    /* a bufferized scf.for yields iter_arg i back unless slot i hands its
     * buffer on (for_slot_handed_on) */
    buf_block_t *body = first ? entry(v->def, 0) : NULL;
    if (body && (!body->last || v->index >= body->last->num_operands ||
                 v->index + 1 >= body->num_args ||
                 body->last->operands[v->index].value != body->args[v->index + 1]))
      break;
    if (first + v->index >= v->def->num_operands)
      break;
    buf_value_t *init = v->def->operands[first + v->index].value;
    if (init->type != v->type)
      break;
    v = init;
  }
  return v;
}

/* Ping-pong loops. When the iterations hand their buffers around (yield i
 * is exactly iter_arg perm[i]'s buffer, and perm permutes the positions
 * that move), the loop yields the iter_args themselves in their new roles:
 * no copy per iteration. Upstream copies every moved buffer on every
 * iteration. Fills perm (-1: neither the own nor another iter_arg's
 * buffer) and says whether the moving positions form a permutation. */
static bool yields_swap_iter_args(buf_bz_t *bz, buf_block_t *body, buf_op_t *y,
                                  uint32_t n, int32_t *perm) {
  for (uint32_t i = 0; i < n; i++) {
    perm[i] = -1;
    buf_value_t *v = y->operands[i].value;
    if (!buf_type_is_memref(v->type))
      continue;
    buf_value_t *u = through_loops(bz, v);
    for (uint32_t j = 0; j < n; j++) {
      buf_value_t *arg = body->args[j + 1];
      if ((v == arg || u == arg) && arg->type == body->args[i + 1]->type) {
        perm[i] = (int32_t)j;
        if (j == i)
          break;
      }
    }
  }
  bool moved = false;
  uint8_t taken[64] = {0};
  for (uint32_t i = 0; i < n; i++) {
    int32_t j = perm[i];
    if (j < 0 || j == (int32_t)i)
      continue;
    moved = true;
    /* the target must move too (closed), and be taken only once */
    if (taken[j]++ || perm[j] < 0 || perm[j] == j)
      return false;
  }
  return moved;
}

/* After a ping-pong loop, result i may sit in another init's buffer (how
 * far the buffers rotated depends on the trip count), but result i must be
 * init i's buffer (the analysis made them equivalent). When the trip count
 * leaves them rotated, the moved results are copied out and back into
 * their own buffers: a constant number of copies per loop, not per
 * iteration. */
static void restore_swapped(buf_bz_rewriter_t *rw, buf_op_t *op, buf_op_t *nf,
                            buf_value_t *const *inits, const int32_t *perm,
                            uint32_t n, buf_value_t **res) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_after(&b, nf);
  b.loc = op->loc;
  /* The buffers are back in place when the trip count is a multiple of
   * every cycle's length. */
  int64_t period = 1;
  for (uint32_t i = 0; i < n; i++) {
    int64_t len = 0;
    for (int32_t j = (int32_t)i; perm[j] >= 0 && (len == 0 || j != (int32_t)i); j = perm[j])
      len++;
    period = period / buf__bz_gcd(period, len) * len;
  }
  buf_value_t *lb = nf->operands[0].value, *ub = nf->operands[1].value,
              *step = nf->operands[2].value;
  buf_type_t ty = lb->type;
  buf_value_t *span[2] = {ub, lb};
  buf_value_t *diff = buf_op_result(buf_build(&b, "arith.subi", ty, 2, span, NULL), 0);
  buf_value_t *q[2] = {diff, step};
  buf_value_t *trips = buf_op_result(buf_build(&b, "arith.ceildivsi", ty, 2, q, NULL), 0);
  buf_value_t *zero = buf_op_result(buf_build(&b, "arith.constant", ty, 0, NULL, "value",
                                              buf_attr_integer(ctx, ty, 0), NULL), 0);
  buf_value_t *mx[2] = {trips, zero};
  trips = buf_op_result(buf_build(&b, "arith.maxsi", ty, 2, mx, NULL), 0);
  buf_value_t *per = buf_op_result(buf_build(&b, "arith.constant", ty, 0, NULL, "value",
                                             buf_attr_integer(ctx, ty, period), NULL), 0);
  buf_value_t *rm[2] = {trips, per};
  buf_value_t *rest = buf_op_result(buf_build(&b, "arith.remsi", ty, 2, rm, NULL), 0);
  buf_value_t *ne[2] = {rest, zero};
  buf_value_t *moved = buf_op_result(
      buf_build(&b, "arith.cmpi", buf_type_i1(ctx), 2, ne, "predicate",
                buf_attr_integer(ctx, buf_type_i64(ctx), 1 /* ne */), NULL), 0);
  buf_op_state_t st;
  buf_state_init(&st, ctx, "scf.if", op->loc);
  buf_state_add_operand(&st, moved);
  buf_state_add_region(&st);
  buf_state_add_region(&st);
  buf_op_t *ifop = buf_builder_insert(&b, &st);
  buf_block_t *then = buf_block_create(ctx);
  buf_region_append_block(ifop->regions[0], then);
  buf_builder_t ib;
  buf_builder_init(&ib, ctx);
  ib.loc = op->loc;
  buf_builder_set_block_end(&ib, then);
  buf_value_t *saved[64];
  for (uint32_t i = 0; i < n; i++) {
    if (perm[i] < 0 || perm[i] == (int32_t)i)
      continue;
    saved[i] = buf_bz_alloc(rw, &ib, buf_bz_alloc_type(rw, op->results[i].type),
                            &nf->results[i], NULL);
    buf_bz_copy(rw, &ib, &nf->results[i], saved[i]);
  }
  for (uint32_t i = 0; i < n; i++)
    if (perm[i] >= 0 && perm[i] != (int32_t)i)
      buf_bz_copy(rw, &ib, saved[i], inits[i]);
  buf_build(&ib, "scf.yield", NULL, 0, NULL, NULL);
  for (uint32_t i = 0; i < n; i++)
    if (perm[i] >= 0 && perm[i] != (int32_t)i)
      res[i] = inits[i];
}

/* The values the terminator of block b passes for slots [0, n) (its
 * operands from `first` on), saved before the rewrite replaces them by
 * buffers; a slot whose block argument `args[i]` is not a tensor gets NULL.
 * Asked before the arguments are retyped (a passed value may already be a
 * buffer: function arguments are retyped in place). */
static bool capture_operands(buf_block_t *b, uint32_t first, uint32_t n,
                             buf_value_t *const *args, buf_value_t **out) {
  buf_op_t *t = b->last;
  if (!t || n > 64 || first + n > t->num_operands)
    return false;
  for (uint32_t i = 0; i < n; i++)
    out[i] = args[i] && buf__bz_is_tensor_type(args[i]->type)
                 ? t->operands[first + i].value
                 : NULL;
  return true;
}

/* Makes the (bufferized) loop terminator t pass the loop-carried buffers
 * dst[0..n) as its operands first_op + i: operand i, unless it already is
 * dst[i] (directly or as the result of a nested loop carrying dst[i]), is
 * copied into dst[i] first. tensors[i] is the tensor operand i was before
 * the rewrite (NULL: not a tensor, left alone); probe[k] is a tensor value
 * whose alias set holds dst[k]'s contents (NULL: no source can read
 * dst[k]). The copies form one parallel assignment (a terminator may pass
 * another slot's buffer, as when two iter_args swap), ordered by the
 * analysis' alias sets. */
static buf_status_t pass_in_slots(buf_bz_rewriter_t *rw, buf_op_t *t,
                                  uint32_t first_op, uint32_t n,
                                  buf_value_t *const *tensors,
                                  buf_value_t *const *dst,
                                  buf_value_t *const *probe) {
  buf_bz_t *bz = buf_bz_rw_analysis(rw);
  if (!t || n > 64 || first_op + n > t->num_operands)
    return BUF_FAILURE;
  buf_value_t *src[64], *to[64];
  bool reads[64 * 64];
  for (uint32_t i = 0; i < n; i++) {
    src[i] = to[i] = NULL;
    if (!tensors[i] || !dst[i])
      continue;
    buf_value_t *v = t->operands[first_op + i].value;
    if (!buf_type_is_memref(v->type) || !buf_type_is_memref(dst[i]->type))
      continue;
    to[i] = dst[i];
    src[i] = through_loops(bz, v) == dst[i] ? dst[i] : v; /* same buffer */
  }
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t k = 0; k < n; k++)
      reads[i * n + k] = src[i] && to[k] && probe[k] && i != k &&
                         buf_bz_may_alias(bz, tensors[i], probe[k]);
  buf_builder_t bb;
  buf_bz_builder(rw, t, &bb);
  buf_bz_parallel_copy(rw, &bb, n, src, to, reads);
  for (uint32_t i = 0; i < n; i++)
    if (to[i])
      buf_op_set_operand(t, first_op + i, to[i]);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Double buffering of scf.for                                               */
/* ------------------------------------------------------------------------ */

/* Is value w available before `loop` (defined outside it)? */
static bool defined_outside(const buf_value_t *w, const buf_op_t *loop) {
  if (w->def)
    return !buf_op_is_ancestor(loop, w->def);
  const buf_op_t *owner = w->block && w->block->region ? w->block->region->op : NULL;
  return owner && !buf_op_is_ancestor(loop, owner);
}

typedef struct root_probe {
  buf_value_t *root;
  bool found;
} root_probe_t;

static buf_walk_result_t find_root_use(buf_op_t *op, void *user) {
  root_probe_t *p = user;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_type_is_memref(op->operands[i].value->type) &&
        buf_value_view_root(op->operands[i].value) == p->root) {
      p->found = true;
      return BUF_WALK_INTERRUPT;
    }
  return BUF_WALK_ADVANCE;
}

/* Can w, a size of the fresh buffer of slot i (iter_arg arg), be computed
 * before loop nf? Values from outside can; so can constants and descriptor
 * queries (memref.dim of the iter_arg, which is the init's buffer on every
 * iteration of the bufferized loop) made in the body from such values. */
static bool hoistable(const buf_value_t *w, const buf_op_t *nf, const buf_block_t *body,
                      const buf_value_t *arg, unsigned depth) {
  if (w == arg || defined_outside(w, nf))
    return true;
  const buf_op_t *d = w->def;
  if (!d || d->block != body || d->num_regions || depth > 4 ||
      !buf_op_has_trait(d, BUF_TRAIT_CONSTANT | BUF_TRAIT_METADATA_ONLY))
    return false;
  for (uint32_t k = 0; k < d->num_operands; k++)
    if (!hoistable(d->operands[k].value, nf, body, arg, depth + 1))
      return false;
  return true;
}

/* w (hoistable) computed before nf: the ops it needs from the body are
 * cloned there, the iter_arg read as the init (map sends arg to init). */
static buf_value_t *hoist(buf_value_t *w, buf_op_t *nf, buf_irmap_t *map) {
  buf_value_t *mapped = buf_irmap_value(map, w);
  if (mapped != w || defined_outside(w, nf))
    return mapped;
  for (uint32_t k = 0; k < w->def->num_operands; k++)
    hoist(w->def->operands[k].value, nf, map);
  buf_op_t *c = buf_op_clone(w->def, map);
  buf_block_insert_op_before(nf->block, nf, c);
  return buf_op_result(c, w->index);
}

/* The memref.alloc in the body whose buffer slot i of loop nf yields
 * (directly, or as the result of a nested loop carrying it), when
 * the iterations may take turns with the iteration buffer instead of
 * copying it back: a fresh heap buffer of the iter_arg's type, made
 * directly in the body from sizes known before the loop (or computable
 * there), used only in the
 * body and yielded once; and the init buffer's memory reached in the body
 * through the iter_arg only (a use by another name would see the turns). */
static buf_op_t *fresh_yielded_buffer(buf_bz_t *bz, buf_op_t *nf, buf_block_t *body,
                                      buf_op_t *y, uint32_t i, buf_value_t *init) {
  buf_value_t *v = through_loops(bz, y->operands[i].value);
  buf_op_t *alloc = v->def;
  if (!alloc || alloc->block != body || buf_op_alloc_kind(alloc) != BUF_ALLOC_HEAP ||
      alloc->num_results != 1 || v->type != body->args[i + 1]->type)
    return NULL;
  for (uint32_t k = 0; k < alloc->num_operands; k++)
    if (!hoistable(alloc->operands[k].value, nf, body, body->args[i + 1], 0))
      return NULL;
  for (buf_use_t *u = v->first_use; u; u = u->next_use)
    if (u->owner == y ? u->index != i : !buf_op_is_ancestor(nf, u->owner))
      return NULL;
  root_probe_t probe = {.root = buf_value_view_root(init)};
  for (buf_op_t *op = body->first; op && !probe.found; op = op->next)
    buf_op_walk(op, BUF_WALK_PRE, find_root_use, &probe);
  return probe.found ? NULL : alloc;
}

static buf_value_t *build1(buf_builder_t *b, const char *name, buf_type_t t,
                           buf_value_t *x, buf_value_t *y) {
  buf_value_t *ops[2] = {x, y};
  return buf_op_result(buf_build(b, name, t, 2, ops, NULL), 0);
}

static buf_value_t *index_constant(buf_builder_t *b, buf_type_t t, int64_t v) {
  return buf_op_result(buf_build(b, "arith.constant", t, 0, NULL, "value",
                                 buf_attr_integer(b->ctx, t, v), NULL), 0);
}

static buf_value_t *is_odd(buf_builder_t *b, buf_value_t *n) {
  buf_type_t t = n->type;
  buf_value_t *bit = build1(b, "arith.andi", t, n, index_constant(b, t, 1));
  buf_value_t *ne[2] = {bit, index_constant(b, t, 0)};
  return buf_op_result(
      buf_build(b, "arith.cmpi", buf_type_i1(b->ctx), 2, ne, "predicate",
                buf_attr_integer(b->ctx, buf_type_i64(b->ctx), 1 /* ne */), NULL), 0);
}

static bool not_a_turn_select(buf_use_t *u, void *user) {
  buf_op_t *const *keep = user;
  return u->owner != keep[0] && u->owner != keep[1] && u->owner != keep[2];
}

/* Slot i of loop nf (bufferized from op) yields `alloc`, a fresh buffer per
 * iteration, which the loop would copy back into its iteration buffer arg
 * (init's buffer) every iteration. Instead the buffer is made once before
 * the loop, and the two take turns: on even iterations the body reads the
 * iter_arg's buffer and computes into the other, on odd ones the other way
 * round (picked by arith.select on the iteration's parity, so the loop's
 * signature stays); after an odd number of iterations the last value is in
 * the second buffer and is copied back once. One allocation and at most one
 * copy per loop instead of one of each per iteration. */
static void double_buffer(buf_bz_rewriter_t *rw, buf_op_t *op, buf_op_t *nf,
                          buf_block_t *body, buf_op_t *y, uint32_t i,
                          buf_op_t *alloc) {
  buf_bz_t *bz = buf_bz_rw_analysis(rw);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_value_t *arg = body->args[i + 1], *second = buf_op_result(alloc, 0);
  buf_irmap_t *map = buf_irmap_create(ctx);
  buf_irmap_set_value(map, arg, nf->operands[FOR_FIRST_INIT + i].value);
  for (uint32_t k = 0; k < alloc->num_operands; k++)
    buf_op_set_operand(alloc, k, hoist(alloc->operands[k].value, nf, map));
  buf_irmap_destroy(map);
  buf_op_move_before(alloc, nf);
  buf__bz_report_double_buffered(bz, op, alloc);

  buf_builder_t b;
  buf_builder_init(&b, ctx);
  b.loc = op->loc;
  buf_builder_set_block_start(&b, body);
  buf_value_t *iv = body->args[0], *lb = nf->operands[0].value,
              *step = nf->operands[2].value;
  buf_value_t *k = build1(&b, "arith.divui", iv->type,
                          build1(&b, "arith.subi", iv->type, iv, lb), step);
  buf_value_t *odd = is_odd(&b, k);
  buf_value_t *cur_ops[3] = {odd, second, arg}, *oth_ops[3] = {odd, arg, second};
  buf_op_t *cur = buf_build(&b, "arith.select", arg->type, 3, cur_ops, NULL);
  buf_op_t *oth = buf_build(&b, "arith.select", arg->type, 3, oth_ops, NULL);
  buf_op_set_operand(y, i, arg);
  buf_op_t *keep[3] = {cur, oth, y};
  buf_value_replace_uses_if(arg, buf_op_result(cur, 0), not_a_turn_select, keep);
  buf_value_replace_uses_if(second, buf_op_result(oth, 0), not_a_turn_select, keep);

  /* after the loop: an odd trip count left the last value in `second` */
  buf_builder_set_after(&b, nf);
  buf_value_t *ub = nf->operands[1].value;
  buf_value_t *trips = build1(&b, "arith.ceildivsi", lb->type,
                              build1(&b, "arith.subi", lb->type, ub, lb), step);
  trips = build1(&b, "arith.maxsi", lb->type, trips, index_constant(&b, lb->type, 0));
  buf_op_state_t st;
  buf_state_init(&st, ctx, "scf.if", op->loc);
  buf_state_add_operand(&st, is_odd(&b, trips));
  buf_state_add_region(&st);
  buf_state_add_region(&st);
  buf_op_t *ifop = buf_builder_insert(&b, &st);
  buf_block_t *then = buf_block_create(ctx);
  buf_region_append_block(ifop->regions[0], then);
  buf_builder_t ib;
  buf_builder_init(&ib, ctx);
  ib.loc = op->loc;
  buf_builder_set_block_end(&ib, then);
  buf_value_t *cp[2] = {second, &nf->results[i]};
  buf__bz_report_double_buffered(bz, op, buf_build(&ib, "memref.copy", NULL, 2, cp, NULL));
  buf_build(&ib, "scf.yield", NULL, 0, NULL, NULL);
}

static buf_status_t for_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  uint32_t n = op->num_operands;
  if (n > 64 || op->num_results > 64)
    return BUF_FAILURE;
  buf_value_t *ops[64];
  buf_type_t rtypes[64];
  bool handed_on[64];
  for (uint32_t i = 0; i < n; i++) {
    ops[i] = buf_bz_buffer(rw, op->operands[i].value);
    if (i < FOR_FIRST_INIT)
      continue;
    uint32_t r = i - FOR_FIRST_INIT;
    handed_on[r] = r < op->num_results &&
                   for_slot_handed_on(buf_bz_rw_analysis(rw), op, r);
    if (handed_on[r]) {
      /* the iterations carry the init's buffer and then the yielded ones:
       * a layout both cast to, as upstream's loop type */
      buf_type_t yt = buf_bz_materialized_type(rw, op->results[r].type);
      if (yt != ops[i]->type) {
        buf_builder_t b;
        buf_bz_builder(rw, op, &b);
        ops[i] = buf_bz_cast_or_copy(
            rw, &b, ops[i],
            buf_bz_dynamic_layout_type(ctx, op->results[r].type,
                                       ops[i]->type->u.shaped.memory_space));
      }
    }
    rtypes[r] = ops[i]->type;
  }
  buf_op_t *nf = buf__bz_rebuild(rw, op, n, ops, op->num_results, rtypes);
  buf_block_t *body = entry(nf, 0);
  if (!body)
    return BUF_FAILURE;
  for (uint32_t a = 1; a < body->num_args; a++) {
    buf_value_t *arg = body->args[a];
    if (buf__bz_is_tensor_type(arg->type)) {
      buf_value_set_type(arg, rtypes[a - 1]);
      buf_bz_map(rw, arg, arg);
    }
  }
  if (BUF_FAILED(buf_bz_rewrite_block(rw, body)))
    return BUF_FAILURE;
  buf_op_t *y = body->last;
  int32_t perm[64];
  uint32_t nargs = y ? y->num_operands : 0;
  if (nargs + 1 > body->num_args)
    nargs = body->num_args - 1;
  bool swap = !buf_op_attr(op, "unsignedCmp") &&
              yields_swap_iter_args(buf_bz_rw_analysis(rw), body, y, nargs, perm);
  /* The yields that are not in place are copied into their iteration
   * buffers; a copy source that another copy overwrites is saved first,
   * all of them before any copy runs. */
  buf_value_t *src[64];
  for (uint32_t i = 0; i < nargs; i++) {
    buf_value_t *v = y->operands[i].value;
    buf_value_t *arg = body->args[i + 1];
    src[i] = NULL;
    if (handed_on[i]) {
      buf_builder_t b;
      buf_bz_builder(rw, y, &b);
      buf_op_set_operand(y, i, buf_bz_cast_or_copy(rw, &b, v, arg->type));
      continue;
    }
    if (perm[i] == (int32_t)i || (swap && perm[i] >= 0)) {
      buf_op_set_operand(y, i, body->args[perm[i] + 1]); /* no copy */
      continue;
    }
    if (v == arg || !buf_type_is_memref(v->type) || !buf_type_is_memref(arg->type))
      continue;
    buf_op_t *fresh = perm[i] < 0 && !buf_op_attr(op, "unsignedCmp")
                          ? fresh_yielded_buffer(buf_bz_rw_analysis(rw), nf, body, y, i,
                                                 ops[FOR_FIRST_INIT + i])
                          : NULL;
    if (fresh) {
      double_buffer(rw, op, nf, body, y, i, fresh);
      continue;
    }
    src[i] = v;
    if (perm[i] >= 0 && perm[perm[i]] != perm[i]) {
      buf_builder_t b;
      buf_bz_builder(rw, y, &b);
      src[i] = buf_bz_alloc(rw, &b, buf_bz_alloc_type(rw, op->results[i].type), v, NULL);
      buf_bz_copy(rw, &b, v, src[i]);
    }
  }
  for (uint32_t i = 0; i < nargs; i++) {
    if (!src[i])
      continue;
    buf_builder_t b;
    buf_bz_builder(rw, y, &b);
    buf_bz_copy(rw, &b, src[i], body->args[i + 1]);
    buf_op_set_operand(y, i, body->args[i + 1]);
  }
  buf_value_t *res[64];
  for (uint32_t r = 0; r < op->num_results; r++)
    res[r] = &nf->results[r];
  if (swap)
    restore_swapped(rw, op, nf, ops + FOR_FIRST_INIT, perm, nargs, res);
  buf_bz_replace(rw, op, res);
  return BUF_SUCCESS;
}

/* Without allow-return-allocs-from-loops, upstream refuses a loop whose
 * iteration hands on a tensor that is not its iteration argument's buffer
 * (after the decisions: an in-place chain of writes keeps it): checks
 * operand i of `term` (operand first + i), the block's terminator, against
 * block argument arg0 + i, and names the first that differs. */
static buf_status_t check_iter_equivalence(buf_bz_t *bz, buf_op_t *term,
                                           uint32_t first, uint32_t arg0,
                                           const char *what) {
  if (buf_bz_options(bz)->allow_return_allocs_from_loops || !term)
    return BUF_SUCCESS;
  buf_block_t *b = term->block;
  for (uint32_t i = 0; first + i < term->num_operands; i++) {
    buf_value_t *v = term->operands[first + i].value;
    if (!buf__bz_is_tensor_type(v->type))
      continue;
    if (arg0 + i < b->num_args && buf_bz_equivalent(bz, v, b->args[arg0 + i]))
      continue;
    buf_emit_error(buf_op_ctx(term), term->loc,
                   "%s #%u is not equivalent to the corresponding iter bbArg",
                   what, i);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* scf.for: yield operand i against iter_arg i (block argument i + 1, after
 * the induction variable). */
static buf_status_t for_verify_analysis(buf_bz_t *bz, buf_op_t *op) {
  buf_block_t *body = entry(op, 0);
  return check_iter_equivalence(bz, body ? body->last : NULL, 0, 1,
                                "Yield operand");
}

static const buf_bufferize_model_t for_model = {
    .alloc_reason = "returned from loop",
    .reads = for_reads,
    .writes = for_writes,
    .aliases = for_aliases,
    .region_kind = repetitive,
    .verify_analysis = for_verify_analysis,
    .bufferize = for_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.if                                                                    */
/* ------------------------------------------------------------------------ */

/* The terminators of op's regions that hand values to op's results
 * (RETURN_LIKE: scf.yield): one per region of scf.if, as many as there are
 * yielding blocks in scf.execute_region. Fills at most max and returns the
 * count (max + 1 when there are more). */
static uint32_t branch_yields(const buf_op_t *op, buf_op_t **out,
                              uint32_t max) {
  uint32_t n = 0;
  for (uint32_t g = 0; g < op->num_regions; g++)
    for (buf_block_t *b = op->regions[g]->first; b; b = b->next) {
      buf_op_t *t = b->last;
      if (!t || !buf_op_has_trait(t, BUF_TRAIT_RETURN_LIKE))
        continue;
      if (n == max)
        return max + 1;
      out[n++] = t;
    }
  return n;
}

#define MAX_BRANCH_YIELDS 64

/* The buffer every yield of `op` hands over as result r when it is one
 * value from outside the op (both branches pass %b through, one after
 * writing it): the result is that buffer, so a loop yielding it needs no
 * copy. */
static buf_value_t *same_buffer_yielded(buf_op_t *op, uint32_t r) {
  buf_op_t *yields[MAX_BRANCH_YIELDS];
  uint32_t ny = branch_yields(op, yields, MAX_BRANCH_YIELDS);
  if (ny == 0 || ny > MAX_BRANCH_YIELDS)
    return NULL;
  buf_value_t *same = NULL;
  for (uint32_t g = 0; g < ny; g++) {
    if (r >= yields[g]->num_operands)
      return NULL;
    buf_value_t *v = yields[g]->operands[r].value;
    if ((same && v != same) || v->type != op->results[r].type ||
        !buf_type_is_memref(v->type))
      return NULL;
    same = v;
  }
  buf_op_t *owner = same->def ? same->def
                    : (same->block && same->block->region ? same->block->region->op : NULL);
  return owner && !buf_op_is_ancestor(op, owner) ? same : NULL;
}

/* Ops whose results are what one of their yields hands over (scf.if,
 * scf.execute_region): the regions are rewritten (a region of several
 * blocks with its block arguments), then every result gets the buffer type
 * all yields agree on, or the fully dynamic layout when they differ, and
 * the yields cast their buffers to it. */
static buf_status_t branch_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  for (uint32_t r = 0; r < op->num_regions; r++)
    if (BUF_FAILED(buf__bz_rewrite_cfg_region(rw, op->regions[r])))
      return BUF_FAILURE;
  buf_op_t *yields[MAX_BRANCH_YIELDS];
  uint32_t ny = branch_yields(op, yields, MAX_BRANCH_YIELDS);
  if (op->num_results > 64 || ny > MAX_BRANCH_YIELDS) {
    buf_op_emit_error(op, "cannot bufferize: more than 64 results or "
                          "yields");
    return BUF_FAILURE;
  }
  buf_type_t rtypes[64];
  for (uint32_t i = 0; i < op->num_results; i++) {
    buf_type_t t = op->results[i].type;
    if (!buf__bz_is_tensor_type(t)) {
      rtypes[i] = t;
      continue;
    }
    buf_type_t common = NULL;
    bool differ = false;
    for (uint32_t g = 0; g < ny; g++) {
      if (i >= yields[g]->num_operands)
        continue;
      buf_type_t yt = yields[g]->operands[i].value->type;
      if (!common)
        common = yt;
      else if (common != yt)
        differ = true;
      /* no cast joins buffers of two memory spaces, and a copy would break
       * the result's equivalence with the yielded buffer (a write through
       * the result must reach it): refused, as upstream */
      if (buf_type_is_memref(common) && buf_type_is_memref(yt) &&
          common->u.shaped.memory_space != yt->u.shaped.memory_space) {
        buf_emit_error(buf_op_ctx(op), op->loc,
                       "inconsistent memory space on then/else branches");
        /* upstream fails at the first yield, which asks for the type */
        buf_emit_error(buf_op_ctx(op), yields[0]->loc, "failed to bufferize op");
        return BUF_FAILURE;
      }
    }
    rtypes[i] = (!common || differ)
                    ? buf_bz_dynamic_layout_type(ctx, t, common ? common->u.shaped.memory_space : NULL)
                    : common;
  }
  for (uint32_t g = 0; g < ny; g++) {
    buf_op_t *y = yields[g];
    for (uint32_t i = 0; i < y->num_operands && i < op->num_results; i++) {
      buf_value_t *v = y->operands[i].value;
      if (v->type == rtypes[i] || !buf_type_is_memref(v->type))
        continue;
      buf_builder_t bb;
      buf_bz_builder(rw, y, &bb);
      buf_op_set_operand(y, i, buf_bz_cast_or_copy(rw, &bb, v, rtypes[i]));
    }
  }
  buf_value_t *ops[64];
  for (uint32_t i = 0; i < op->num_operands && i < 64; i++)
    ops[i] = op->operands[i].value;
  buf_op_t *ni = buf__bz_rebuild(rw, op, op->num_operands, ops, op->num_results, rtypes);
  buf_value_t *res[64];
  for (uint32_t r = 0; r < op->num_results; r++) {
    buf_value_t *same = same_buffer_yielded(ni, r);
    res[r] = same ? same : &ni->results[r];
  }
  buf_bz_replace(rw, op, res);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t if_model = {
    .exclusive_regions = true,
    .bufferize = branch_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.execute_region                                                        */
/* ------------------------------------------------------------------------ */

/* Upstream bufferizes an execute_region through its one scf.yield (the
 * results are that yield's buffers) and refuses one with none or several,
 * whatever its types, after the analysis: so does this model, although its
 * rewrite could join several. */
static buf_status_t execute_region_verify_analysis(buf_bz_t *bz, buf_op_t *op) {
  (void)bz;
  buf_op_t *yields[2];
  if (branch_yields(op, yields, 1) == 1)
    return BUF_SUCCESS;
  buf_op_emit_error(op, "op without unique scf.yield is not supported");
  return BUF_FAILURE;
}

/* Its one region runs once: as a branch with a single alternative, its
 * results alias what its yield hands over. */
static const buf_bufferize_model_t execute_region_model = {
    .exclusive_regions = true,
    .verify_analysis = execute_region_verify_analysis,
    .bufferize = branch_bufferize,
};

/* scf.index_switch: scf.if with one region per case and the default. */
static const buf_bufferize_model_t index_switch_model = {
    .exclusive_regions = true,
    .bufferize = branch_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.yield                                                                 */
/* ------------------------------------------------------------------------ */

static uint32_t yield_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                              uint32_t max) {
  buf_op_t *p = buf_op_parent(u->owner);
  if (!p || !max || u->index >= p->num_results)
    return 0;
  /* loops: the result is the init's buffer, the yield only feeds the next
   * iteration (see for_bufferize); branches: the result is the yield's */
  const buf_bufferize_model_t *m = buf_bz_model_of(bz, p);
  if (!m || !m->exclusive_regions)
    return 0;
  out[0] = (buf_bz_alias_t){&p->results[u->index], BUF_BZ_MAYBE};
  return 1;
}

static bool yield_must_inplace(buf_bz_t *bz, buf_use_t *u) {
  (void)bz; (void)u;
  return true;
}

static buf_status_t yield_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = op->operands[i].value;
    if (buf__bz_is_tensor_type(v->type))
      buf_op_set_operand(op, i, buf_bz_buffer(rw, v));
  }
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t yield_model = {
    .reads = r_true,
    .aliases = yield_aliases,
    .must_inplace = yield_must_inplace,
    .bufferize = yield_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.while                                                                 */
/* ------------------------------------------------------------------------ */

/* Slot i of a while is "carried" when init i, before-argument i, condition
 * operand i, after-argument i and result i all have one tensor type: the
 * rewrite keeps all of them in init i's buffer (a condition operand or a
 * yielded value in another buffer is copied into it), so result i is
 * equivalent to init i. A result without such an init (the condition
 * forwards a value of another type) gets a fresh buffer at the condition,
 * like a new allocation. */
static bool while_slot_carried(const buf_op_t *op, uint32_t i) {
  buf_block_t *before = entry(op, 0);
  /* before-argument i has init i's type and is only retyped by the
   * rewrite after this is asked (the init may already be a buffer) */
  return i < op->num_operands && i < op->num_results && before &&
         i < before->num_args &&
         buf__bz_is_tensor_type(before->args[i]->type) &&
         before->args[i]->type == op->results[i].type;
}

static bool while_reads(buf_bz_t *bz, buf_use_t *u) {
  buf_block_t *b = entry(u->owner, 0);
  if (!b || u->index >= b->num_args)
    return true;
  return buf_bz_value_read(bz, b->args[u->index]);
}

static bool while_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz; (void)u;
  return true; /* the regions may write the carried buffer */
}

static uint32_t while_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                              uint32_t max) {
  (void)bz;
  if (!max || !while_slot_carried(u->owner, u->index))
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[u->index], BUF_BZ_EQUIV};
  return 1;
}

static buf_status_t while_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  uint32_t n = op->num_operands, nr = op->num_results;
  buf_block_t *before = entry(op, 0), *after = entry(op, 1);
  if (n > 64 || nr > 64 || !before || !after || before->num_args != n ||
      after->num_args != nr || !before->last || !after->last ||
      before->last->num_operands != nr + 1 || after->last->num_operands != n)
    return BUF_FAILURE;
  bool carried[64];
  buf_value_t *inits[64], *ops[64], *cond_tensors[64], *yielded[64];
  buf_type_t rtypes[64];
  for (uint32_t i = 0; i < n; i++) {
    inits[i] = op->operands[i].value;
    ops[i] = buf_bz_buffer(rw, inits[i]);
  }
  for (uint32_t j = 0; j < nr; j++) {
    carried[j] = while_slot_carried(op, j);
    buf_type_t t = op->results[j].type;
    rtypes[j] = carried[j] ? ops[j]->type
                : buf__bz_is_tensor_type(t) ? buf_bz_alloc_type(rw, t)
                                            : t;
  }
  /* a condition slot is a tensor when its after-argument is, a yield slot
   * when its before-argument is */
  if (!capture_operands(before, 1, nr, after->args, cond_tensors) ||
      !capture_operands(after, 0, n, before->args, yielded))
    return BUF_FAILURE;
  buf_op_t *nw = buf__bz_rebuild(rw, op, n, ops, nr, rtypes);
  before = entry(nw, 0);
  after = entry(nw, 1);
  for (uint32_t i = 0; i < n; i++)
    if (buf__bz_is_tensor_type(before->args[i]->type)) {
      buf_value_set_type(before->args[i], ops[i]->type);
      buf_bz_map(rw, before->args[i], before->args[i]);
    }
  if (BUF_FAILED(buf_bz_rewrite_block(rw, before)))
    return BUF_FAILURE;
  /* the condition passes each carried slot in its before-argument's buffer
   * and every other tensor in a fresh buffer */
  buf_op_t *cond = before->last;
  buf_value_t *cdst[64] = {0}, *cprobe[64] = {0};
  for (uint32_t j = 0; j < nr; j++) {
    cdst[j] = cprobe[j] = NULL;
    if (!cond_tensors[j])
      continue;
    if (carried[j]) {
      cdst[j] = cprobe[j] = before->args[j];
    } else {
      buf_builder_t bb;
      buf_bz_builder(rw, cond, &bb);
      buf_value_t *src = cond->operands[1 + j].value;
      cdst[j] = buf_bz_alloc(rw, &bb, rtypes[j], src, NULL);
    }
  }
  if (BUF_FAILED(pass_in_slots(rw, cond, 1, nr, cond_tensors, cdst, cprobe)))
    return BUF_FAILURE;
  for (uint32_t j = 0; j < nr; j++)
    if (buf__bz_is_tensor_type(after->args[j]->type)) {
      buf_value_set_type(after->args[j], rtypes[j]);
      buf_bz_map(rw, after->args[j], after->args[j]);
    }
  if (BUF_FAILED(buf_bz_rewrite_block(rw, after)))
    return BUF_FAILURE;
  /* the yield passes init i's buffer back to before-argument i: through
   * after-argument i when the slot is carried, else by name */
  buf_value_t *ydst[64] = {0}, *yprobe[64] = {0};
  for (uint32_t i = 0; i < n; i++) {
    ydst[i] = yprobe[i] = NULL;
    if (!yielded[i])
      continue;
    bool through_after = i < nr && carried[i];
    ydst[i] = through_after ? after->args[i] : ops[i];
    yprobe[i] = through_after ? after->args[i] : inits[i];
  }
  if (BUF_FAILED(pass_in_slots(rw, after->last, 0, n, yielded, ydst, yprobe)))
    return BUF_FAILURE;
  buf_value_t *res[64];
  for (uint32_t j = 0; j < nr; j++)
    res[j] = &nw->results[j];
  buf_bz_replace(rw, op, res);
  return BUF_SUCCESS;
}

/* scf.while: the condition's forwarded operand i (after the condition
 * itself) against before-argument i, then yield operand i against
 * after-argument i, each in its own block. */
static buf_status_t while_verify_analysis(buf_bz_t *bz, buf_op_t *op) {
  buf_block_t *before = entry(op, 0), *after = entry(op, 1);
  if (BUF_FAILED(check_iter_equivalence(bz, before ? before->last : NULL, 1,
                                        0, "Condition arg")))
    return BUF_FAILURE;
  return check_iter_equivalence(bz, after ? after->last : NULL, 0, 0,
                                "Yield operand");
}

static const buf_bufferize_model_t while_model = {
    .alloc_reason = "returned from loop",
    .reads = while_reads,
    .writes = while_writes,
    .aliases = while_aliases,
    .region_kind = repetitive,
    .verify_analysis = while_verify_analysis,
    .bufferize = while_bufferize,
};

/* scf.condition: forwards its operands to the after region (and the
 * results) of its while; like a loop's scf.yield it aliases nothing, the
 * while's rewrite decides where the values go. */
static const buf_bufferize_model_t condition_model = {
    .reads = r_true,
    .must_inplace = yield_must_inplace,
    .bufferize = yield_bufferize,
};

/* ------------------------------------------------------------------------ */
/* scf.forall                                                                */
/* ------------------------------------------------------------------------ */

static uint32_t forall_first_out(const buf_op_t *op) {
  int64_t seg[4];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4) != 4)
    return op->num_operands;
  return (uint32_t)(seg[0] + seg[1] + seg[2]);
}

static uint32_t forall_num_ivs(const buf_op_t *op) {
  buf_block_t *b = entry(op, 0);
  uint32_t outs = op->num_operands - forall_first_out(op);
  return b && b->num_args >= outs ? b->num_args - outs : 0;
}

/* A shared_out is always read: the points no thread writes keep its old
 * contents, and which points the threads write is not known statically. */
static bool forall_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz; (void)u;
  return true;
}

static bool forall_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index >= forall_first_out(u->owner);
}

static uint32_t forall_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                               uint32_t max) {
  (void)bz;
  uint32_t first = forall_first_out(u->owner);
  if (u->index < first || !max)
    return 0;
  uint32_t r = u->index - first;
  if (r >= u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[r], BUF_BZ_EQUIV};
  return 1;
}

static buf_status_t forall_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  uint32_t first = forall_first_out(op);
  uint32_t nivs = forall_num_ivs(op);
  if (op->num_operands > 64)
    return BUF_FAILURE;
  buf_value_t *outs[64];
  for (uint32_t i = first; i < op->num_operands; i++)
    outs[i - first] = buf_bz_buffer(rw, op->operands[i].value);
  buf_value_t *ops[64];
  for (uint32_t i = 0; i < first; i++)
    ops[i] = op->operands[i].value;
  buf_op_t *nf = buf__bz_rebuild(rw, op, first, ops, 0, NULL);
  int64_t seg[4];
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4);
  seg[3] = 0;
  buf_op_set_attr(nf, "operandSegmentSizes",
                  buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  buf_block_t *body = entry(nf, 0);
  if (!body)
    return BUF_FAILURE;
  /* shared_out block arguments become the outs buffers themselves. They
   * are mapped, not replaced, while the body is rewritten: an op kept on
   * tensors (partial bufferization) must still find a tensor there, and
   * reads it through a to_tensor of the buffer. */
  uint32_t nouts = op->num_operands - first;
  for (uint32_t k = 0; k < nouts; k++)
    buf_bz_map(rw, body->args[nivs + k], outs[k]);
  if (BUF_FAILED(buf_bz_rewrite_block(rw, body)))
    return BUF_FAILURE;
  for (uint32_t k = nouts; k-- > 0;) {
    buf_value_replace_all_uses(body->args[nivs + k], outs[k]);
    buf_block_erase_arg(body, nivs + k);
  }
  buf_bz_replace(rw, op, outs);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t forall_model = {
    .reads = forall_reads,
    .writes = forall_writes,
    .aliases = forall_aliases,
    .region_kind = parallel,
    .bufferize = forall_bufferize,
};

const buf__bz_model_row_t buf__bz_models_scf[] = {
    {"scf.for", &for_model},
    {"scf.forall", &forall_model},
    {"scf.condition", &condition_model},
    {"scf.if", &if_model},
    {"scf.execute_region", &execute_region_model},
    {"scf.index_switch", &index_switch_model},
    {"scf.while", &while_model},
    {"scf.yield", &yield_model},
};
const uint32_t buf__bz_num_models_scf =
    sizeof buf__bz_models_scf / sizeof buf__bz_models_scf[0];
