/*
 * plan_memory.c: --plan-memory, static memory planning after deallocation.
 *
 * Heap buffers whose lifetimes do not overlap share storage: the static
 * buffers of a stretch of a function are packed into one arena, a single
 * `memref.alloc() : memref<Nxi8>`, and every buffer becomes a
 * `memref.view` of it at a fixed byte offset. Run it after
 * --buffer-deallocation-pipeline: lifetimes are read from the explicit
 * memref.dealloc ops.
 *
 * Which buffers (candidates): a memref.alloc in the function's entry block
 * (not nested in a region op) with a static shape, the identity layout, the
 * default memory space and an integer/float/index element type, freed by
 * exactly one memref.dealloc of the alloc itself in the same block, none of
 * whose possible aliases (buf__bo_alias_closure) reaches func.return, is
 * freed otherwise (except call results, which the deallocation ABI makes
 * fresh) or has its pointer inspected (extract_strided_metadata,
 * extract_aligned_pointer_as_index, bufferization.dealloc).
 *
 * Lifetimes: ops of the entry block are numbered; a use nested in a region
 * op counts at that op. A buffer's storage is needed from the first to the
 * last use of any alias ([first, last]); two buffers whose ranges intersect
 * need disjoint bytes, with one exception (in-place reuse): when op i is the
 * last use of X and the first use of Y, both of the same type, and op i
 * reads X and writes Y element by element at the same positions (a linalg
 * op with only parallel loops where X is one input and Y one output with
 * the same permutation map, Y's old contents unread; or memref.copy X -> Y),
 * Y may take exactly X's bytes.
 *
 * Never worse than the input (heap allocations and peak live bytes): a
 * buffer's original span is [alloc, dealloc]. An op inside a span that
 * changes the amount of live memory by other means ("foreign": another
 * alloc/alloca/clone/dealloc, a call of a function that may allocate, an op
 * producing a tensor, memref.get_global's first use) would see the whole
 * arena live where the input had only part of it, so a candidate whose span
 * contains a foreign op stays a plain alloc, and its own alloc and dealloc
 * become foreign (to a fixpoint). The foreign ops split the entry block into
 * stretches; each stretch with at least two candidates gets one arena,
 * allocated where its first buffer was and freed where its last buffer was.
 * The arena is kept only when its size is at most the stretch's peak in
 * the input (the largest sum of sizes of buffers live at once), so within
 * the stretch live memory never exceeds the input's peak there, and there
 * is one allocation instead of several.
 *
 * Offsets are aligned to the element size (to 64 bytes for buffers of 64
 * bytes and more, like One-Shot's allocations); placement is first fit in
 * order of first use. Buffers nested in loops or branches and dynamic
 * shapes are left alone.
 */
#include <stdlib.h>

#include "../ir/ir_internal.h"
#include "buf/linalg.h"
#include "buf/pipeline.h"
#include "bufopt_internal.h"
#include "heap_peak.h"

typedef struct pm_buf {
  buf_op_t *alloc, *dealloc;
  uint32_t a, d;       /* indices of the alloc and of the dealloc */
  uint32_t first, last; /* first and last use of any alias */
  int64_t bytes, align;
  int64_t offset;      /* in the arena; -1 while unplaced */
  bool excluded;
  bo_vset_t aliases;
} pm_buf_t;

typedef struct pm {
  buf_ctx_t *ctx;
  buf_arena_t *arena;
  buf_op_t *func;
  buf_block_t *block;
  buf_op_t **ops;      /* the entry block's ops in order */
  uint32_t n;
  buf__ptrmap_t index; /* op -> index + 1 */
  pm_buf_t *bufs;
  uint32_t nbufs;
  bool *foreign;       /* per op index */
} pm_t;

static uint32_t index_of(const pm_t *p, buf_op_t *op) {
  return (uint32_t)(uintptr_t)buf__ptrmap_get(&p->index, op) - 1;
}

/* ------------------------------------------------------------------------ */
/* Which ops change the amount of live memory                                */
/* ------------------------------------------------------------------------ */

static bool func_may_allocate(buf_op_t *func, uint32_t depth);

typedef struct alloc_scan {
  uint32_t depth;
  bool found;
} alloc_scan_t;

/* A tensor operand or result: the interpreter counts tensors as live
 * memory, and a tensor may become a buffer (bufferization.to_buffer). */
static bool touches_tensors(const buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf_type_is_tensor(op->results[i].type))
      return true;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf_type_is_tensor(op->operands[i].value->type))
      return true;
  return false;
}

/* True when running op itself (not its regions) may change live memory:
 * buffers of any kind made or freed, tensors, calls of functions that
 * may. */
static bool op_changes_memory(buf_op_t *op, uint32_t depth) {
  if (buf_op_has_trait(op, BUF_TRAIT_ALLOC | BUF_TRAIT_FREE) ||
      touches_tensors(op))
    return true;
  if (buf_op_has_trait(op, BUF_TRAIT_CALL)) {
    buf_op_t *f = buf_op_callee(op);
    if (!f) /* indirect */
      return true;
    /* Declarations are runtime helpers (printMemref...), which do not
     * allocate program memory. */
    if (f->num_regions == 0 || buf_region_empty(f->regions[0]))
      return false;
    return func_may_allocate(f, depth + 1);
  }
  return false;
}

static buf_walk_result_t scan_allocating(buf_op_t *op, void *user) {
  alloc_scan_t *s = user;
  if (op_changes_memory(op, s->depth)) {
    s->found = true;
    return BUF_WALK_INTERRUPT;
  }
  return BUF_WALK_ADVANCE;
}

/* May calling func change live memory (transitively)? Deep or recursive
 * call chains count as yes. */
static bool func_may_allocate(buf_op_t *func, uint32_t depth) {
  if (depth > 8)
    return true;
  alloc_scan_t s = {.depth = depth};
  for (uint32_t r = 0; r < func->num_regions; r++)
    for (buf_block_t *b = func->regions[r]->first; b && !s.found; b = b->next)
      for (buf_op_t *op = b->first; op && !s.found; op = op->next)
        buf_op_walk(op, BUF_WALK_PRE, scan_allocating, &s);
  return s.found;
}

/* ------------------------------------------------------------------------ */
/* Candidates                                                                */
/* ------------------------------------------------------------------------ */

/* A free that happens whenever op runs, of nothing but its operand
 * (memref.dealloc; not realloc, which also allocates, nor
 * bufferization.dealloc, which compares pointers first). */
static bool plain_free(const buf_op_t *op) {
  return buf_op_has_trait(op, BUF_TRAIT_FREE) &&
         !buf_op_has_trait(op, BUF_TRAIT_ALLOC | BUF_TRAIT_CONDITIONAL_FREE);
}

/* Ops that observe where a buffer starts, which a view into an arena would
 * change: its address, the base buffer of its metadata, the pointer
 * comparisons of a conditional free. */
static bool inspects_pointer(const buf_op_t *op) {
  if (buf_op_has_trait(op, BUF_TRAIT_BUFFER_ADDRESS |
                               BUF_TRAIT_CONDITIONAL_FREE))
    return true;
  return buf_op_has_trait(op, BUF_TRAIT_METADATA_ONLY) && op->num_results &&
         op->results[0].type->kind == BUF_TYPE_MEMREF;
}

/* Fills c for alloc when it is a candidate; false otherwise. */
static bool make_candidate(pm_t *p, buf_op_t *alloc, pm_buf_t *c) {
  buf_type_t t = alloc->results[0].type;
  if (alloc->num_operands != 0 || t->kind != BUF_TYPE_MEMREF ||
      !buf_type_has_static_shape(t) || t->u.shaped.layout ||
      t->u.shaped.memory_space)
    return false;
  int64_t eb = buf__heap_elem_bytes(t->u.shaped.elem);
  int64_t bytes = buf__heap_buffer_bytes(t, t->u.shaped.shape, false);
  if (eb <= 0 || bytes <= 0)
    return false;
  buf_value_t *v = &alloc->results[0];
  buf_op_t *dealloc = NULL;
  for (buf_use_t *u = v->first_use; u; u = u->next_use)
    if (plain_free(u->owner)) {
      if (dealloc || u->owner->block != p->block)
        return false;
      dealloc = u->owner;
    }
  if (!dealloc)
    return false;
  *c = (pm_buf_t){.alloc = alloc, .dealloc = dealloc, .bytes = bytes,
                  .offset = -1};
  c->align = bytes >= 64 ? 64 : eb;
  c->aliases.arena = p->arena;
  bool escapes = false;
  buf__bo_alias_closure(v, true, &c->aliases, &escapes);
  if (escapes)
    return false;
  c->a = index_of(p, alloc);
  c->d = index_of(p, dealloc);
  bool any = false;
  for (uint32_t i = 0; i < c->aliases.n; i++) {
    buf_value_t *al = c->aliases.v[i];
    for (buf_use_t *u = al->first_use; u; u = u->next_use) {
      buf_op_t *user = u->owner;
      if (user == dealloc)
        continue;
      /* Frees of an alias: only a call's result, which the deallocation
       * ABI makes a fresh buffer, may be freed on its own. */
      if (inspects_pointer(user) ||
          (buf_op_has_trait(user, BUF_TRAIT_FREE) &&
           (!plain_free(user) ||
            !(al->def && buf_op_has_trait(al->def, BUF_TRAIT_CALL)))))
        return false;
      buf_op_t *anc = buf__bo_ancestor_in_block(user, p->block);
      if (!anc)
        return false;
      uint32_t k = index_of(p, anc);
      if (k >= c->d && !plain_free(user))
        return false; /* used after its dealloc: leave it alone */
      if (!any || k < c->first)
        c->first = k;
      if (!any || k > c->last)
        c->last = k;
      any = true;
    }
  }
  return any && c->first > c->a;
}

/* ------------------------------------------------------------------------ */
/* In-place reuse                                                            */
/* ------------------------------------------------------------------------ */

static bool is_permutation(buf_affine_map_t *m) {
  if (!m || m->num_symbols || m->num_results != m->num_dims ||
      m->num_dims > 64)
    return false;
  uint64_t seen = 0;
  for (uint32_t i = 0; i < m->num_results; i++) {
    buf_affine_expr_t *e = m->results[i];
    if (e->kind != BUF_AFFINE_DIM || (seen >> e->value) & 1)
      return false;
    seen |= UINT64_C(1) << e->value;
  }
  return true;
}

/* The operand indices of op that use a value of s; returns the count. */
static uint32_t operands_in(const buf_op_t *op, const bo_vset_t *s,
                            uint32_t *first) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf__bo_vset_has(s, op->operands[i].value)) {
      if (n == 0)
        *first = i;
      n++;
    }
  return n;
}

/* Does op read X and write Y element by element at the same positions, so
 * that Y may live in X's bytes? (X's last use and Y's first use are op.) */
static bool reuses_in_place(buf_op_t *op, const pm_buf_t *x,
                            const pm_buf_t *y) {
  if (x->alloc->results[0].type != y->alloc->results[0].type)
    return false;
  uint32_t xi = 0, yi = 0;
  if (operands_in(op, &x->aliases, &xi) != 1 ||
      operands_in(op, &y->aliases, &yi) != 1)
    return false;
  if (op->operands[xi].value != &x->alloc->results[0] ||
      op->operands[yi].value != &y->alloc->results[0])
    return false;
  if (buf_op_has_trait(op, BUF_TRAIT_COPY))
    return xi == 0 && yi == 1;
  buf_linalg_info_t info;
  if (!buf_linalg_get_info(op, &info) ||
      info.num_inputs + info.num_outputs != op->num_operands)
    return false;
  for (uint32_t l = 0; l < info.num_loops; l++)
    if (info.iterators[l] != BUF_ITER_PARALLEL)
      return false;
  if (xi >= info.num_inputs || yi < info.num_inputs)
    return false;
  if (!is_permutation(info.maps[xi]) ||
      !buf_affine_map_equal(info.maps[xi], info.maps[yi]))
    return false;
  int32_t arg = info.body_arg_of_operand[yi];
  return arg < 0 || !buf_value_has_uses(info.body->args[arg]);
}

/* ------------------------------------------------------------------------ */
/* Packing                                                                   */
/* ------------------------------------------------------------------------ */

static int64_t align_up(int64_t x, int64_t a) { return (x + a - 1) / a * a; }

static bool ranges_meet(int64_t a, int64_t an, int64_t b, int64_t bn) {
  return a < b + bn && b < a + an;
}

/* Places the members (indices into p->bufs) in order of first use; returns
 * the arena size. */
static int64_t pack(pm_t *p, uint32_t *members, uint32_t nm) {
  /* insertion sort by first use, larger first on ties */
  for (uint32_t i = 1; i < nm; i++)
    for (uint32_t j = i; j > 0; j--) {
      pm_buf_t *a = &p->bufs[members[j - 1]], *b = &p->bufs[members[j]];
      if (a->first < b->first || (a->first == b->first && a->bytes >= b->bytes))
        break;
      uint32_t t = members[j - 1];
      members[j - 1] = members[j];
      members[j] = t;
    }
  int64_t size = 0;
  int64_t *lo = buf_arena_alloc(p->arena, (nm + 1) * sizeof *lo);
  int64_t *len = buf_arena_alloc(p->arena, (nm + 1) * sizeof *len);
  for (uint32_t i = 0; i < nm; i++) {
    pm_buf_t *y = &p->bufs[members[i]];
    uint32_t nc = 0;
    int64_t shared = -1;
    for (uint32_t j = 0; j < i; j++) {
      pm_buf_t *x = &p->bufs[members[j]];
      if (x->last < y->first || y->last < x->first)
        continue; /* lifetimes do not meet */
      if (shared < 0 && x->last == y->first &&
          reuses_in_place(p->ops[y->first], x, y)) {
        shared = x->offset;
        continue;
      }
      lo[nc] = x->offset;
      len[nc++] = x->bytes;
    }
    /* In-place reuse when nothing else sits in those bytes. */
    if (shared >= 0) {
      for (uint32_t k = 0; k < nc && shared >= 0; k++)
        if (ranges_meet(shared, y->bytes, lo[k], len[k]))
          shared = -1;
    }
    int64_t at = shared;
    if (at < 0) {
      /* First fit: the lowest aligned offset clear of every conflict. */
      at = 0;
      for (bool moved = true; moved;) {
        moved = false;
        for (uint32_t k = 0; k < nc; k++)
          if (ranges_meet(at, y->bytes, lo[k], len[k])) {
            at = align_up(lo[k] + len[k], y->align);
            moved = true;
          }
      }
    }
    y->offset = at;
    if (at + y->bytes > size)
      size = at + y->bytes;
  }
  return size;
}

/* The input's peak over the members: the largest sum of sizes of buffers
 * whose [alloc, dealloc] spans meet. */
static int64_t input_peak(const pm_t *p, const uint32_t *members, uint32_t nm) {
  int64_t best = 0;
  for (uint32_t i = 0; i < nm; i++) {
    uint32_t t = p->bufs[members[i]].a; /* the load peaks at an alloc */
    int64_t sum = 0;
    for (uint32_t j = 0; j < nm; j++) {
      const pm_buf_t *b = &p->bufs[members[j]];
      if (b->a <= t && t <= b->d)
        sum += b->bytes;
    }
    if (sum > best)
      best = sum;
  }
  return best;
}

/* ------------------------------------------------------------------------ */
/* Rewrite                                                                   */
/* ------------------------------------------------------------------------ */

static void rewrite_group(pm_t *p, const uint32_t *members, uint32_t nm,
                          int64_t size) {
  uint32_t start = UINT32_MAX, end = 0;
  for (uint32_t i = 0; i < nm; i++) {
    const pm_buf_t *b = &p->bufs[members[i]];
    if (b->a < start)
      start = b->a;
    if (b->d > end)
      end = b->d;
  }
  buf_op_t *first_alloc = p->ops[start], *last_dealloc = p->ops[end];
  buf_ctx_t *ctx = p->ctx;
  buf_type_t i8 = buf_type_integer(ctx, 8, BUF_SIGNLESS);
  int64_t shape[1] = {size};
  buf_type_t arena_t = buf_type_memref(ctx, 1, shape, i8, NULL, NULL);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, first_alloc);
  b.loc = first_alloc->loc;
  buf_value_t *arena =
      buf_op_result(buf_build(&b, "memref.alloc", arena_t, 0, NULL, "alignment",
                              buf_attr_integer(ctx, buf_type_i64(ctx), 64),
                              "operandSegmentSizes",
                              buf_attr_dense_array(ctx, buf_type_i32(ctx), 2,
                                                   (int64_t[]){0, 0}, NULL),
                              NULL),
                    0);
  buf_builder_set_before(&b, last_dealloc);
  b.loc = last_dealloc->loc;
  buf_build(&b, "memref.dealloc", NULL, 1, &arena, NULL);
  for (uint32_t i = 0; i < nm; i++) {
    pm_buf_t *m = &p->bufs[members[i]];
    buf_builder_set_before(&b, m->alloc);
    b.loc = m->alloc->loc;
    buf_value_t *ops[2] = {arena, buf_build_index_constant(&b, m->offset)};
    buf_op_t *view = buf_build(&b, "memref.view", m->alloc->results[0].type, 2,
                               ops, NULL);
    buf_value_replace_all_uses(&m->alloc->results[0], &view->results[0]);
    buf_op_erase(m->dealloc);
    buf_op_erase(m->alloc);
  }
}

/* ------------------------------------------------------------------------ */
/* Driver                                                                    */
/* ------------------------------------------------------------------------ */

static void plan_function(pm_t *p) {
  for (buf_op_t *op = p->block->first; op; op = op->next)
    p->n++;
  p->ops = buf_arena_alloc(p->arena, (p->n + 1) * sizeof *p->ops);
  p->foreign = buf_arena_alloc(p->arena, (p->n + 1) * sizeof *p->foreign);
  uint32_t k = 0;
  for (buf_op_t *op = p->block->first; op; op = op->next, k++) {
    p->ops[k] = op;
    p->foreign[k] = false;
    buf__ptrmap_set(&p->index, op, (void *)(uintptr_t)(k + 1));
  }
  p->bufs = buf_arena_alloc(p->arena, (p->n + 1) * sizeof *p->bufs);
  for (k = 0; k < p->n; k++)
    if (buf_op_alloc_kind(p->ops[k]) == BUF_ALLOC_HEAP &&
        make_candidate(p, p->ops[k], &p->bufs[p->nbufs]))
      p->nbufs++;
  if (p->nbufs < 2)
    return;
  /* Foreign ops: everything that changes live memory except the
   * candidates' own allocs and deallocs. */
  bool *own = buf_arena_alloc(p->arena, (p->n + 1) * sizeof *own);
  memset(own, 0, (p->n + 1) * sizeof *own);
  for (uint32_t i = 0; i < p->nbufs; i++)
    own[p->bufs[i].a] = own[p->bufs[i].d] = true;
  for (k = 0; k < p->n; k++) {
    if (own[k])
      continue;
    alloc_scan_t s = {0};
    buf_op_walk(p->ops[k], BUF_WALK_PRE, scan_allocating, &s);
    p->foreign[k] = s.found;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 0; i < p->nbufs; i++) {
      pm_buf_t *c = &p->bufs[i];
      if (c->excluded)
        continue;
      for (k = c->a + 1; k < c->d; k++)
        if (p->foreign[k]) {
          c->excluded = true;
          p->foreign[c->a] = p->foreign[c->d] = true;
          changed = true;
          break;
        }
    }
  }
  /* Stretches between foreign ops: one arena each. */
  uint32_t *members = buf_arena_alloc(p->arena, (p->nbufs + 1) * sizeof *members);
  uint32_t seg_start = 0;
  for (uint32_t end = 0; end <= p->n; end++) {
    if (end < p->n && !p->foreign[end])
      continue;
    uint32_t nm = 0;
    for (uint32_t i = 0; i < p->nbufs; i++) {
      const pm_buf_t *c = &p->bufs[i];
      if (!c->excluded && c->a >= seg_start && c->d < end)
        members[nm++] = i;
    }
    seg_start = end + 1;
    if (nm < 2)
      continue;
    int64_t size = pack(p, members, nm);
    if (size > input_peak(p, members, nm))
      continue;
    rewrite_group(p, members, nm, size);
  }
}

static buf_status_t plan_memory_run(buf_op_t *func,
                                    const buf_pass_options_t *options) {
  (void)options;
  if (func->num_regions == 0 || buf_region_empty(func->regions[0]))
    return BUF_SUCCESS;
  pm_t p = {.ctx = buf_op_ctx(func), .arena = buf_ctx_arena(buf_op_ctx(func)),
            .func = func, .block = buf_region_entry(func->regions[0])};
  plan_function(&p);
  buf__ptrmap_free(&p.index);
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_plan_memory = {
    .name = "plan-memory",
    .summary = "Pack static heap buffers with disjoint lifetimes into one "
               "arena per stretch of a function (memref.view at offsets), "
               "reusing a buffer in place for element-wise ops",
    .anchor = "func.func",
    .run = plan_memory_run,
};
