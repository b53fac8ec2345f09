/*
 * interp.c: the interpreter's engine: run setup, value slots, op dispatch,
 * regions and blocks, calls, the step and memory bounds, the leak check.
 *
 * Every value of a function (block arguments and op results, nested regions
 * included) gets a slot index the first time the function is called; a call
 * allocates a frame with that many slots. SSA guarantees that a slot is
 * written before it is read on every path, so slots of loop bodies are
 * simply overwritten each iteration. Op semantics are looked up once per op
 * definition in the tables of the ops_*.c files (by name, then cached by
 * definition pointer); terminators without successors are never dispatched:
 * they hand control (and their operands) back to the op that ran the
 * region.
 */
#include "interp_internal.h"

#include "buf/syntax.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_MAX_STEPS UINT64_C(1000000000)
#define DEFAULT_MAX_BYTES (UINT64_C(4) << 30)
#define MAX_CALL_DEPTH 1000

/* ------------------------------------------------------------------------ */
/* Pointer map                                                              */
/* ------------------------------------------------------------------------ */

static size_t pmap_hash(const void *p, size_t cap) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (size_t)x & (cap - 1);
}

/* Looks up key; true and *val when present. */
bool buf__ipmap_get(const buf__ipmap_t *m, const void *key, uintptr_t *val) {
  if (!m->cap)
    return false;
  for (size_t i = pmap_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->keys[i])
      return false;
    if (m->keys[i] == key) {
      *val = m->vals[i];
      return true;
    }
  }
}

/* Inserts or replaces key (never NULL). */
void buf__ipmap_put(buf__ipmap_t *m, const void *key, uintptr_t val) {
  if ((m->n + 1) * 2 > m->cap) {
    size_t ncap = m->cap ? m->cap * 2 : 64;
    const void **nk = calloc(ncap, sizeof *nk);
    uintptr_t *nv = calloc(ncap, sizeof *nv);
    if (!nk || !nv)
      abort(); /* out of memory */
    for (size_t i = 0; i < m->cap; i++) {
      if (!m->keys[i])
        continue;
      size_t j = pmap_hash(m->keys[i], ncap);
      while (nk[j])
        j = (j + 1) & (ncap - 1);
      nk[j] = m->keys[i];
      nv[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = nk;
    m->vals = nv;
    m->cap = ncap;
  }
  size_t i = pmap_hash(key, m->cap);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  if (!m->keys[i])
    m->n++;
  m->keys[i] = key;
  m->vals[i] = val;
}

void buf__ipmap_free(buf__ipmap_t *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------------------ */
/* Diagnostics and bounds                                                   */
/* ------------------------------------------------------------------------ */

/* Emits "interpreter: <msg>" at loc. */
buf_diag_t *buf__err_at(buf__interp_t *I, buf_loc_t loc, const char *fmt,
                        ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return buf_emit_error(I->ctx, loc, "interpreter: %s", msg);
}

/* Seconds on CLOCK_MONOTONIC, for max_wall_ms. */
static double monotonic_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Emits "interpreter: <msg>" at op's location. */
buf_diag_t *buf__err(buf__interp_t *I, buf_op_t *op, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return buf_emit_error(I->ctx, op ? op->loc : BUF_LOC_UNKNOWN,
                        "interpreter: %s", msg);
}

/* Accounts bytes as live; refuses past the bound so a run never exhausts
 * memory. */
buf_status_t buf__mem_acquire(buf__interp_t *I, buf_op_t *op, uint64_t bytes) {
  if (I->live_bytes + bytes > I->max_bytes || bytes > I->max_bytes) {
    buf__err(I, op,
             "memory limit exceeded: %llu bytes live, %llu more requested, "
             "limit %llu",
             (unsigned long long)I->live_bytes, (unsigned long long)bytes,
             (unsigned long long)I->max_bytes);
    return BUF_FAILURE;
  }
  I->live_bytes += bytes;
  if (I->live_bytes > I->stats.peak_live_bytes)
    I->stats.peak_live_bytes = I->live_bytes;
  return BUF_SUCCESS;
}

void buf__mem_release(buf__interp_t *I, uint64_t bytes) {
  I->live_bytes = bytes > I->live_bytes ? 0 : I->live_bytes - bytes;
}

/* ------------------------------------------------------------------------ */
/* Slots                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct number_ctx {
  buf__interp_t *I;
  uint32_t n;
} number_ctx_t;

static void number_block(number_ctx_t *nc, buf_block_t *b);

static buf_walk_result_t number_op(buf_op_t *op, void *user) {
  number_ctx_t *nc = user;
  for (uint32_t i = 0; i < op->num_results; i++)
    buf__ipmap_put(&nc->I->slots, &op->results[i], nc->n++);
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
      number_block(nc, b);
  return BUF_WALK_ADVANCE;
}

static void number_block(number_ctx_t *nc, buf_block_t *b) {
  for (uint32_t i = 0; i < b->num_args; i++)
    buf__ipmap_put(&nc->I->slots, b->args[i], nc->n++);
  for (buf_op_t *op = b->first; op; op = op->next)
    number_op(op, nc);
}

/* Numbers the values of func (once per run) and returns the slot count. */
static uint32_t func_slots(buf__interp_t *I, buf_op_t *func) {
  uintptr_t n;
  if (buf__ipmap_get(&I->funcs, func, &n))
    return (uint32_t)n;
  number_ctx_t nc = {I, 0};
  for (uint32_t r = 0; r < func->num_regions; r++)
    for (buf_block_t *b = func->regions[r]->first; b; b = b->next)
      number_block(&nc, b);
  buf__ipmap_put(&I->funcs, func, nc.n);
  return nc.n;
}

/* The value of v (borrowed); IV_UNDEF when v has no slot. */
buf__ival_t buf__get(buf__interp_t *I, buf__frame_t *F, buf_value_t *v) {
  uintptr_t s;
  if (!buf__ipmap_get(&I->slots, v, &s) || s >= F->nslots)
    return (buf__ival_t){0};
  return F->slots[s];
}

/* Stores an owned value in v's slot. */
void buf__set(buf__interp_t *I, buf__frame_t *F, buf_value_t *v,
              buf__ival_t val) {
  uintptr_t s;
  if (!buf__ipmap_get(&I->slots, v, &s) || s >= F->nslots) {
    buf__iv_drop(I, val);
    return;
  }
  buf__ival_t old = F->slots[s];
  F->slots[s] = val;
  buf__iv_drop(I, old);
}

/* ------------------------------------------------------------------------ */
/* Dispatch                                                                 */
/* ------------------------------------------------------------------------ */

static const buf__interp_table_t *const all_tables[] = {
    &buf__interp_arith_table,  &buf__interp_math_table,
    &buf__interp_tensor_table, &buf__interp_memref_table,
    &buf__interp_scf_table,    &buf__interp_cf_table,
    &buf__interp_func_table,   &buf__interp_linalg_table,
    &buf__interp_bufferization_table, &buf__interp_affine_table,
    &buf__interp_ml_program_table, &buf__interp_vector_table,
    &buf__interp_shape_table, &buf__interp_gpu_table,
};

/* The registry's resolver of interpreter rows: the first table's row. */
const void *buf__interp_resolve_row(const char *name) {
  for (size_t t = 0; t < sizeof all_tables / sizeof all_tables[0]; t++)
    for (size_t i = 0; i < all_tables[t]->n; i++)
      if (strcmp(all_tables[t]->rows[i].name, name) == 0)
        return &all_tables[t]->rows[i];
  return NULL;
}

const char *buf__interp_row_name(uint32_t i) {
  for (size_t t = 0; t < sizeof all_tables / sizeof all_tables[0]; t++) {
    if (i < all_tables[t]->n)
      return all_tables[t]->rows[i].name;
    i -= (uint32_t)all_tables[t]->n;
  }
  return NULL;
}

/* The function op runs in: its nearest FUNCTION ancestor's name. */
static const char *enclosing_function_name(const buf_op_t *op) {
  for (const buf_op_t *p = buf_op_parent(op); p; p = buf_op_parent(p)) {
    if (!buf_op_has_trait(p, BUF_TRAIT_FUNCTION))
      continue;
    buf_attr_t name = buf_op_attr(p, "sym_name");
    return name && name->kind == BUF_ATTR_STRING ? name->u.str.data : "?";
  }
  return "?";
}

/* The step limit stopped the run at op: says which limit, where it ran
 * and how to raise it (buffer-opt's --run-max-steps, the service's
 * run-max-steps option). compile.c recognizes the "step limit" wording. */
static void step_limit_error(buf__interp_t *I, buf_op_t *op) {
  buf__err(I, op, "step limit of %llu executed ops exceeded in @%s (the run-max-steps "
                  "option sets the limit)",
           (unsigned long long)I->max_steps, enclosing_function_name(op));
}

/* Records a branch of op to b with operands [start, start+n). The values
 * are collected before any block argument is bound, so swaps work. */
void buf__jump(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
               buf_block_t *b, uint32_t start, uint32_t n) {
  if (n > I->cap_jump_args) {
    uint32_t cap = n * 2 + 4;
    buf__ival_t *a = realloc(I->jump_args, cap * sizeof *a);
    if (!a)
      abort(); /* out of memory */
    I->jump_args = a;
    I->cap_jump_args = cap;
  }
  for (uint32_t i = 0; i < n; i++)
    I->jump_args[i] = buf__iv_ref(buf__operand(I, F, op, start + i));
  I->njump_args = n;
  I->jump = b;
}

static buf_status_t bind_block_args(buf__interp_t *I, buf__frame_t *F,
                                    buf_op_t *at, buf_block_t *b,
                                    uint32_t nargs, const buf__ival_t *args,
                                    bool owned) {
  if (nargs != b->num_args) {
    if (owned)
      for (uint32_t i = 0; i < nargs; i++)
        buf__iv_drop(I, args[i]);
    buf__err(I, at, "block expects %u arguments, got %u", b->num_args, nargs);
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < nargs; i++)
    buf__set(I, F, b->args[i], owned ? args[i] : buf__iv_ref(args[i]));
  return BUF_SUCCESS;
}

/* Runs region r from its entry block. */
buf_status_t buf__run_region(buf__interp_t *I, buf__frame_t *F,
                             buf_region_t *r, uint32_t nargs,
                             const buf__ival_t *args, buf_op_t **term) {
  buf_block_t *b = r ? r->first : NULL;
  buf_op_t *parent = r ? r->op : NULL;
  if (!b) {
    buf__err(I, parent, "cannot run an empty region");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(bind_block_args(I, F, parent, b, nargs, args, false)))
    return BUF_FAILURE;
  for (;;) {
    buf_op_t *op = b->first;
    buf_block_t *next = NULL;
    for (; op; op = op->next) {
      bool is_term = op == b->last && (op->def->traits & BUF_TRAIT_TERMINATOR);
      if (is_term && op->num_successors == 0) {
        *term = op;
        return BUF_SUCCESS;
      }
      if (++I->stats.steps > I->max_steps) {
        step_limit_error(I, op);
        return BUF_FAILURE;
      }
      if (I->deadline > 0 && (I->stats.steps & 4095) == 0 && monotonic_seconds() > I->deadline) {
        buf__err(I, op, "wall time limit exceeded after %llu executed ops",
                 (unsigned long long)I->stats.steps);
        return BUF_FAILURE;
      }
      const buf__interp_row_t *row = buf_op_model(op, BUF_MODEL_INTERP);
      if (!row) {
        buf__err(I, op, "no semantics for '%s'", op->name);
        return BUF_FAILURE;
      }
      I->jump = NULL;
      if (BUF_FAILED(row->fn(I, F, op, row)))
        return BUF_FAILURE;
      if (I->jump) {
        next = I->jump;
        I->jump = NULL;
        break;
      }
      if (is_term) {
        buf__err(I, op, "terminator '%s' did not branch", op->name);
        return BUF_FAILURE;
      }
    }
    if (!next) {
      buf__err(I, parent, "block ended without a terminator");
      return BUF_FAILURE;
    }
    if (BUF_FAILED(bind_block_args(I, F, op, next, I->njump_args,
                                   I->jump_args, true)))
      return BUF_FAILURE;
    I->njump_args = 0;
    b = next;
  }
}

/* ------------------------------------------------------------------------ */
/* Calls                                                                    */
/* ------------------------------------------------------------------------ */

static void frame_destroy(buf__interp_t *I, buf__frame_t *F, buf_loc_t end) {
  for (uint32_t i = 0; i < F->nslots; i++)
    buf__iv_drop(I, F->slots[i]);
  free(F->slots);
  /* Stack buffers die with the call: later accesses are use after free. */
  for (buf__buffer_t *b = F->stack_bufs; b; b = b->next_stack)
    if (!b->freed)
      buf__buffer_release(I, b, end);
}

/* A new descriptor with m's addressing and the given read-only marking. */
static buf__memref_t *memref_dup(const buf__memref_t *m) {
  buf__memref_t *nm =
      buf__memref_new(m->buf, m->rank, m->offset, m->sizes, m->strides);
  buf__memref_inherit(nm, m);
  return nm;
}

/* The arguments func's body sees, when one of them is a memref argument
 * marked {bufferization.writable = false} that is writable in the caller:
 * owned copies of args where those memrefs are read-only views for the
 * call now at depth I->depth (so are views the callee takes of them, and
 * what it passes on). NULL when no argument changes. */
static buf__ival_t *read_only_args(buf__interp_t *I, buf_op_t *func,
                                   uint32_t nargs, const buf__ival_t *args) {
  buf_block_t *entry = buf_region_entry(func->regions[0]);
  buf__ival_t *own = NULL;
  for (uint32_t i = 0; i < nargs && entry && i < entry->num_args; i++) {
    if (args[i].kind != IV_MEMREF || args[i].u.m->ro_depth || !buf_op_arg_read_only(func, i))
      continue;
    if (!own) {
      own = calloc(nargs, sizeof *own);
      if (!own)
        abort(); /* out of memory */
      for (uint32_t j = 0; j < nargs; j++)
        own[j] = buf__iv_ref(args[j]);
    }
    buf__memref_t *nm = memref_dup(args[i].u.m);
    nm->ro_depth = I->depth;
    nm->ro_func = func;
    nm->ro_arg = entry->args[i];
    buf__iv_drop(I, own[i]);
    own[i] = buf__iv_memref(nm);
  }
  return own;
}

/* An owned reference to result v of the call at depth I->depth, for its
 * caller: a view that is read-only only because of an argument of this
 * call (or a deeper one) is writable again where the caller holds it. */
static buf__ival_t writable_again(buf__interp_t *I, buf__ival_t v) {
  if (v.kind != IV_MEMREF || v.u.m->ro_depth < I->depth)
    return buf__iv_ref(v);
  buf__memref_t *nm = memref_dup(v.u.m);
  nm->ro_depth = 0;
  nm->ro_func = NULL;
  nm->ro_arg = NULL;
  return buf__iv_memref(nm);
}

buf_status_t buf__call_function(buf__interp_t *I, buf_op_t *call_site,
                                buf_op_t *func, uint32_t nargs,
                                const buf__ival_t *args, buf__ival_t *results,
                                uint32_t nresults) {
  if (func->num_regions == 0 || buf_region_empty(func->regions[0])) {
    buf__err(I, call_site, "function has no body");
    return BUF_FAILURE;
  }
  if (I->depth >= MAX_CALL_DEPTH) {
    buf__err(I, call_site, "call depth limit of %d exceeded",
             MAX_CALL_DEPTH);
    return BUF_FAILURE;
  }
  buf__frame_t F = {0};
  F.func = func;
  F.nslots = func_slots(I, func);
  F.slots = calloc(F.nslots ? F.nslots : 1, sizeof *F.slots);
  if (!F.slots)
    abort(); /* out of memory */
  I->depth++;
  buf__ival_t *own = read_only_args(I, func, nargs, args);
  buf_op_t *term = NULL;
  buf_status_t st =
      buf__run_region(I, &F, func->regions[0], nargs, own ? own : args, &term);
  if (!BUF_FAILED(st)) {
    if (term->num_operands != nresults) {
      buf__err(I, term, "function returns %u values, caller expects %u",
               term->num_operands, nresults);
      st = BUF_FAILURE;
    } else {
      for (uint32_t i = 0; i < nresults; i++)
        results[i] = writable_again(I, buf__operand(I, &F, term, i));
    }
  }
  if (own) {
    for (uint32_t i = 0; i < nargs; i++)
      buf__iv_drop(I, own[i]);
    free(own);
  }
  I->depth--;
  frame_destroy(I, &F, term ? term->loc : func->loc);
  return st;
}

/* ------------------------------------------------------------------------ */
/* Entry                                                                    */
/* ------------------------------------------------------------------------ */

static void interp_cleanup(buf__interp_t *I) {
  buf__buffer_t *b = I->buffers;
  while (b) {
    buf__buffer_t *n = b->next;
    free(b->data);
    free(b->init);
    free(b);
    b = n;
  }
  for (uint32_t i = 0; i < I->njump_args; i++)
    buf__iv_drop(I, I->jump_args[i]);
  free(I->jump_args);
  buf__ipmap_free(&I->slots);
  buf__ipmap_free(&I->funcs);
  buf__ipmap_free(&I->callees);
  buf__ipmap_free(&I->globals);
  for (uint32_t i = 0; i < I->num_program_values; i++)
    buf__iv_drop(I, I->program_values[i]);
  free(I->program_values);
  buf__ipmap_free(&I->program_globals);
}

/* Reports heap buffers still allocated when the entry function returned. */
static buf_status_t leak_check(buf__interp_t *I, buf_op_t *func) {
  uint64_t n = 0;
  for (buf__buffer_t *b = I->buffers; b; b = b->next)
    if (b->kind == BUFK_HEAP && !b->freed)
      n++;
  if (!n)
    return BUF_SUCCESS;
  buf_diag_t *d = buf__err(
      I, func, "%llu buffer%s still allocated when '@%s' returns (leak)",
      (unsigned long long)n, n == 1 ? "" : "s",
      buf_attr_dict_get(func->attrs, "sym_name")
          ? buf_attr_dict_get(func->attrs, "sym_name")->u.str.data
          : "?");
  /* Oldest first: the list is newest first, so collect then reverse. */
  buf__buffer_t **v = malloc(n * sizeof *v);
  if (!v)
    abort(); /* out of memory */
  uint64_t k = 0;
  for (buf__buffer_t *b = I->buffers; b; b = b->next)
    if (b->kind == BUFK_HEAP && !b->freed)
      v[k++] = b;
  for (uint64_t i = n; i-- > 0;)
    buf_diag_note(I->ctx, d, v[i]->alloc_loc,
                  "leaked buffer #%llu (%lld elements) allocated here",
                  (unsigned long long)v[i]->id, (long long)v[i]->n);
  free(v);
  return BUF_FAILURE;
}

buf_status_t buf_interp_run(buf_op_t *module, const char *func,
                            const char *inputs_json, char **results_json,
                            const buf_interp_options_t *opts,
                            buf_interp_stats_t *stats) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  if (results_json)
    *results_json = NULL;
  buf__interp_t I = {0};
  I.ctx = ctx;
  I.module = module;
  I.out = opts && opts->out ? opts->out : stdout;
  I.leak_check = opts && opts->leak_check;
  I.max_steps = opts && opts->max_steps ? opts->max_steps : DEFAULT_MAX_STEPS;
  I.max_bytes = opts && opts->max_bytes ? opts->max_bytes : DEFAULT_MAX_BYTES;
  if (opts && opts->max_wall_ms)
    I.deadline = monotonic_seconds() + (double)opts->max_wall_ms / 1000.0;

  buf_op_t *fn = buf_symbol_lookup(module, func);
  if (!fn || strcmp(fn->name, "func.func") != 0) {
    buf_emit_error(ctx, module->loc,
                   "interpreter: no function named '@%s' in the module",
                   func);
    return BUF_FAILURE;
  }
  /* An interpreter vector has a fixed element count: [16] is not 16. */
  buf_type_t scalable;
  buf_op_t *sop = buf_op_find_scalable_vector(module, &scalable);
  if (sop) {
    buf__err(&I, sop, "cannot run: scalable vector type '%s' has no fixed element count",
             buf_type_to_string(ctx, scalable));
    return BUF_FAILURE;
  }
  buf_attr_t fty = buf_op_attr(fn, "function_type");
  if (!fty || fty->kind != BUF_ATTR_TYPE ||
      fty->type->kind != BUF_TYPE_FUNCTION) {
    buf__err(&I, fn, "function '@%s' has no function type", func);
    return BUF_FAILURE;
  }
  buf_type_t ft = fty->type;
  uint32_t nargs = ft->u.func.num_inputs, nres = ft->u.func.num_results;
  if (fn->num_regions == 0 || buf_region_empty(fn->regions[0])) {
    buf__err(&I, fn, "function '@%s' has no body", func);
    return BUF_FAILURE;
  }
  buf__ival_t *args = calloc(nargs + 1, sizeof *args);
  buf__ival_t *res = calloc(nres + 1, sizeof *res);
  if (!args || !res)
    abort(); /* out of memory */
  buf_status_t st = BUF_SUCCESS;
  if (!inputs_json) {
    if (nargs) {
      buf__err(&I, fn,
               "function '@%s' takes %u argument%s but no inputs were given",
               func, nargs, nargs == 1 ? "" : "s");
      st = BUF_FAILURE;
    }
  } else if (!buf__inputs_parse(&I, fn, inputs_json, ft->u.func.inputs, nargs,
                                args)) {
    st = BUF_FAILURE;
  }
  if (!BUF_FAILED(st))
    st = buf__call_function(&I, fn, fn, nargs, args, res, nres);
  if (!BUF_FAILED(st) && results_json) {
    *results_json = buf__results_json(&I, fn, ft->u.func.results, res, nres);
    if (!*results_json)
      st = BUF_FAILURE;
  }
  for (uint32_t i = 0; i < nargs; i++)
    buf__iv_drop(&I, args[i]);
  for (uint32_t i = 0; i < nres; i++)
    buf__iv_drop(&I, res[i]);
  free(args);
  free(res);
  if (!BUF_FAILED(st) && I.leak_check)
    st = leak_check(&I, fn);
  if (BUF_FAILED(st) && results_json) {
    free(*results_json);
    *results_json = NULL;
  }
  if (stats)
    *stats = I.stats;
  interp_cleanup(&I);
  return st;
}
