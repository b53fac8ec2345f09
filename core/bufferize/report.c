/*
 * report.c: the bufferization report (buffer-opt --bufferization-report,
 * the service's "report" artifact).
 *
 * How it works, in three steps that follow One-Shot Bufferize:
 *   1. analysis.c keeps, in bz->last_why, why the operand it is deciding
 *      cannot be in place (the read and the write of a read-after-write
 *      conflict, the read-only alias, ...), and stores it per operand
 *      (bz_op.why);
 *   2. copies.c inserts an alloc_tensor for each refused operand;
 *      buf__bz_report_copy_made freezes the operand's site and reason into
 *      a note keyed by that alloc_tensor;
 *   3. the rewrite names the tensor op whose model runs (rw->cause); every
 *      memref.alloc / memref.copy it creates is noted with the cause's note
 *      (an alloc_tensor made by copies.c) or the cause's row in the reason
 *      table below. Allocations the rewrite erases again are dropped, and
 *      the survivors become JSON records when the rewrite ends.
 * Then, after the last pass, buf_bz_report_add_peaks gives each function's
 * summary the peak live heap bytes of the final program (transforms/heap_peak.c).
 *
 * Invariants: with no report attached to the context, every hook returns
 * at once and nothing is allocated or built; the records are jansson
 * objects owned by the report (never pointers into a context), so a report
 * outlives the contexts it was attached to; every record's reason is one of
 * the strings of schema/bufferization-report.schema.json.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bz_internal.h"
#include "../transforms/heap_peak.h"

struct buf_bz_report_s {
  json_t *records;   /* one object per memref.alloc / memref.copy */
  json_t *functions; /* one summary object per func.func bufferized */
  size_t chunk_start; /* the first summary of the program attached last */
};

/* ------------------------------------------------------------------------ */
/* Reasons                                                                   */
/* ------------------------------------------------------------------------ */

/* Why an operand was refused in place (from the analysis). */
static const char *const why_reason[] = {
    [BZ_WHY_NONE] = "out of place",
    [BZ_WHY_CONFLICT] = "read-after-write conflict",
    [BZ_WHY_PARALLEL] = "parallel privatization",
    [BZ_WHY_NOT_WRITABLE] = "not writable",
    [BZ_WHY_COPY_BEFORE_WRITE] = "copy before write",
};

/* Anything else that allocates through the rewriter only changes how a
 * buffer is laid out (a cast that is not always valid becomes a copy). */
static const char *const layout_reason = "layout change";

/* The second buffer of a loop-carried value and the one copy after the
 * loop (models_scf.c's double buffering). */
static const char *const double_buffered_reason = "double-buffered loop";

/* What the model of the op whose bufferization allocated calls it. */
static const char *cause_reason(const buf_op_t *cause) {
  const buf_bufferize_model_t *m = buf_op_model(cause, BUF_MODEL_BUFFERIZE);
  return m && m->alloc_reason ? m->alloc_reason : layout_reason;
}

/* The reason a read-only alias v gives: a constant, an op nothing models,
 * a function argument, or otherwise plain "not writable" (a to_tensor
 * without `writable`, a region argument its op protects). */
static const char *read_only_reason(buf_bz_t *bz, buf_value_t *v) {
  if (v->def) {
    const buf_bufferize_model_t *m = buf_bz_model_of(bz, v->def);
    if (!m)
      return "unknown op";
    /* (a call result is read-only when calls are not bufferized) */
    return m->read_only_reason ? m->read_only_reason
                               : why_reason[BZ_WHY_NOT_WRITABLE];
  }
  buf_op_t *owner = v->block && v->block->region ? v->block->region->op : NULL;
  if (owner && buf_op_has_trait(owner, BUF_TRAIT_FUNCTION)) {
    /* the caller said so: the argument's location is the record's value */
    if (buf_op_arg_read_only(owner, v->index))
      return why_reason[BZ_WHY_NOT_WRITABLE];
    return "function boundary";
  }
  return why_reason[BZ_WHY_NOT_WRITABLE];
}

/* ------------------------------------------------------------------------ */
/* Sites                                                                     */
/* ------------------------------------------------------------------------ */

static bz_site_t use_site(const buf_use_t *u) {
  return (bz_site_t){u->owner->name, (int32_t)u->index, u->owner->loc};
}

static bz_site_t op_site(const buf_op_t *op) {
  return (bz_site_t){op->name, -1, op->loc};
}

/* A value's definer: its op, or for a block argument the op owning the
 * region (located at the argument). */
static bz_site_t value_site(const buf_value_t *v) {
  if (v->def)
    return op_site(v->def);
  buf_op_t *owner = v->block && v->block->region ? v->block->region->op : NULL;
  return (bz_site_t){owner ? owner->name : NULL, -1, v->loc};
}

/* ------------------------------------------------------------------------ */
/* Hooks from the analysis, copies.c and the rewrite                         */
/* ------------------------------------------------------------------------ */

void buf__bz_report_copy_made(buf_bz_t *bz, buf_use_t *u, buf_op_t *copy) {
  if (!bz->report)
    return;
  bz_op_t *o = buf__bz_op(bz, u->owner);
  bz_why_t why = o && o->why ? o->why[u->index] : (bz_why_t){0};
  bz_copy_note_t note = {.origin = use_site(u)};
  switch (why.kind) {
  case BZ_WHY_CONFLICT:
  case BZ_WHY_PARALLEL:
    note.reason = why_reason[why.kind];
    note.read = use_site(why.read);
    note.write = use_site(why.write);
    break;
  case BZ_WHY_NOT_WRITABLE:
    note.reason = read_only_reason(bz, why.value);
    note.value = value_site(why.value);
    break;
  case BZ_WHY_NONE:
  case BZ_WHY_COPY_BEFORE_WRITE:
    note.reason = why_reason[why.kind];
    break;
  }
  if (bz->num_notes == bz->cap_notes) {
    bz->cap_notes = bz->cap_notes ? bz->cap_notes * 2 : 16;
    bz->notes = realloc(bz->notes, bz->cap_notes * sizeof *bz->notes);
    if (!bz->notes)
      abort();
  }
  bz->notes[bz->num_notes++] = note;
  buf__ptrmap_set(&bz->copy_notes, copy, (void *)(uintptr_t)bz->num_notes);
}

void buf__bz_report_created(buf_bz_t *bz, buf_op_t *cause, buf_op_t *made) {
  if (!bz->report)
    return;
  bz_made_t m = {.op = made};
  uintptr_t note = cause ? (uintptr_t)buf__ptrmap_get(&bz->copy_notes, cause) : 0;
  if (note) {
    m.why = bz->notes[note - 1];
  } else if (cause) {
    m.why.origin = op_site(cause);
    m.why.reason = cause_reason(cause);
  } else {
    m.why.reason = layout_reason;
  }
  if (bz->num_made == bz->cap_made) {
    bz->cap_made = bz->cap_made ? bz->cap_made * 2 : 16;
    bz->made = realloc(bz->made, bz->cap_made * sizeof *bz->made);
    if (!bz->made)
      abort();
  }
  bz->made[bz->num_made++] = m;
  buf__ptrmap_set(&bz->made_map, made, (void *)(uintptr_t)bz->num_made);
}

void buf__bz_report_double_buffered(buf_bz_t *bz, buf_op_t *loop,
                                    buf_op_t *made) {
  if (!bz->report)
    return;
  if (!buf__ptrmap_get(&bz->made_map, made))
    buf__bz_report_created(bz, loop, made);
  uintptr_t i = (uintptr_t)buf__ptrmap_get(&bz->made_map, made);
  bz->made[i - 1].why = (bz_copy_note_t){.origin = op_site(loop),
                                         .reason = double_buffered_reason};
}

void buf__bz_report_erased(buf_bz_t *bz, buf_op_t *made) {
  if (!bz->report)
    return;
  uintptr_t i = (uintptr_t)buf__ptrmap_get(&bz->made_map, made);
  if (i)
    bz->made[i - 1].erased = true;
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                      */
/* ------------------------------------------------------------------------ */

static json_t *loc_json(buf_loc_t loc) {
  json_t *o = json_object();
  json_object_set_new(o, "file", loc.file ? json_string(loc.file) : json_null());
  json_object_set_new(o, "line", json_integer(loc.line));
  json_object_set_new(o, "col", json_integer(loc.col));
  return o;
}

static json_t *site_json(const bz_site_t *s) {
  json_t *o = json_object();
  json_object_set_new(o, "op", s->op ? json_string(s->op) : json_null());
  json_object_set_new(o, "operand",
                      s->operand >= 0 ? json_integer(s->operand) : json_null());
  json_object_set_new(o, "loc", loc_json(s->loc));
  return o;
}

/* Bytes of a memref with a static shape of integers, floats or indices;
 * -1 when that is not known before running. */
static int64_t static_bytes(buf_type_t t) {
  if (t->kind != BUF_TYPE_MEMREF || !buf_type_has_static_shape(t))
    return -1;
  buf_type_t e = t->u.shaped.elem;
  int64_t eb;
  if (e->kind == BUF_TYPE_INDEX)
    eb = 8; /* as the interpreter and the LLVM lowering store it */
  else if (buf_type_is_integer(e) || buf_type_is_float(e))
    eb = (buf_type_bitwidth(e) + 7) / 8;
  else
    return -1;
  return buf_type_num_elements(t) * eb;
}

/* The per-function tallies of one flush. */
typedef struct func_tally {
  buf_op_t *func;
  uint32_t allocs, copies, dynamic_allocs;
  int64_t bytes;
} func_tally_t;

static const char *func_name(const buf_op_t *func) {
  buf_attr_t a = func ? buf_op_attr(func, "sym_name") : NULL;
  return a && a->kind == BUF_ATTR_STRING ? a->u.str.data : NULL;
}

static json_t *record_json(const bz_made_t *m, const char *function,
                           int64_t bytes) {
  bool is_copy = m->op->num_results == 0;
  const bz_copy_note_t *w = &m->why;
  json_t *r = json_object();
  json_object_set_new(r, "kind", json_string(is_copy ? "copy" : "alloc"));
  json_object_set_new(r, "function", function ? json_string(function) : json_null());
  json_object_set_new(r, "op", w->origin.op ? json_string(w->origin.op) : json_null());
  json_object_set_new(r, "operand", w->origin.operand >= 0
                                        ? json_integer(w->origin.operand)
                                        : json_null());
  json_object_set_new(r, "loc", loc_json(w->origin.loc));
  json_object_set_new(r, "bytes", bytes >= 0 ? json_integer(bytes) : json_null());
  json_object_set_new(r, "reason", json_string(w->reason));
  if (w->read.op) {
    json_t *c = json_object();
    json_object_set_new(c, "read", site_json(&w->read));
    json_object_set_new(c, "write", site_json(&w->write));
    json_object_set_new(r, "conflict", c);
  }
  if (w->value.op) {
    json_t *v = json_object();
    json_object_set_new(v, "op", json_string(w->value.op));
    json_object_set_new(v, "loc", loc_json(w->value.loc));
    json_object_set_new(r, "value", v);
  }
  return r;
}

/* The summary of func in the program attached last, made (with zero
 * counts and an unknown peak) when there is none yet: a program that
 * bufferizes in several passes still gets one summary per function. */
static json_t *function_summary(buf_bz_report_t *rep, buf_op_t *func) {
  const char *name = func_name(func);
  for (size_t i = rep->chunk_start; i < json_array_size(rep->functions); i++) {
    json_t *o = json_array_get(rep->functions, i);
    const char *have = json_string_value(json_object_get(o, "name"));
    if (name && have && strcmp(name, have) == 0)
      return o;
  }
  json_t *o = json_object();
  json_object_set_new(o, "name", name ? json_string(name) : json_null());
  json_object_set_new(o, "loc", loc_json(func->loc));
  json_object_set_new(o, "allocations", json_integer(0));
  json_object_set_new(o, "copies", json_integer(0));
  json_object_set_new(o, "static_bytes", json_integer(0));
  json_object_set_new(o, "dynamic_allocations", json_integer(0));
  json_object_set_new(o, "peak_live_bytes", json_null());
  json_array_append_new(rep->functions, o);
  return o;
}

static void add_count(json_t *summary, const char *key, int64_t n) {
  json_t *v = json_object_get(summary, key);
  json_integer_set(v, json_integer_value(v) + n);
}

void buf__bz_report_flush(buf_bz_t *bz) {
  buf_bz_report_t *rep = bz->report;
  if (!rep)
    return;
  /* every function of the module gets a summary, also when it allocates
   * nothing */
  buf_block_t *body = bz->module->num_regions
                          ? buf_region_entry(bz->module->regions[0])
                          : NULL;
  uint32_t nf = 0;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    nf += buf_op_has_trait(op, BUF_TRAIT_FUNCTION);
  func_tally_t *tally = calloc(nf + 1, sizeof *tally);
  if (!tally)
    abort();
  buf__ptrmap_t index = {0};
  nf = 0;
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next)
    if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION)) {
      tally[nf].func = op;
      buf__ptrmap_set(&index, op, (void *)(uintptr_t)++nf);
    }
  for (uint32_t i = 0; i < bz->num_made; i++) {
    const bz_made_t *m = &bz->made[i];
    if (m->erased)
      continue;
    bool is_copy = m->op->num_results == 0;
    buf_type_t t = is_copy ? m->op->operands[1].value->type
                           : m->op->results[0].type;
    int64_t bytes = static_bytes(t);
    buf_op_t *func = buf__bz_enclosing_func(m->op);
    json_array_append_new(rep->records,
                          record_json(m, func_name(func), bytes));
    uintptr_t fi = func ? (uintptr_t)buf__ptrmap_get(&index, func) : 0;
    if (!fi)
      continue;
    func_tally_t *f = &tally[fi - 1];
    if (is_copy) {
      f->copies++;
    } else {
      f->allocs++;
      if (bytes >= 0)
        f->bytes += bytes;
      else
        f->dynamic_allocs++;
    }
  }
  for (uint32_t i = 0; i < nf; i++) {
    const func_tally_t *f = &tally[i];
    json_t *o = function_summary(rep, f->func);
    add_count(o, "allocations", f->allocs);
    add_count(o, "copies", f->copies);
    add_count(o, "static_bytes", f->bytes);
    add_count(o, "dynamic_allocations", f->dynamic_allocs);
  }
  buf__ptrmap_free(&index);
  free(tally);
  bz->num_made = 0;
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */
/* ------------------------------------------------------------------------ */

buf_bz_report_t *buf_bz_report_create(void) {
  buf_bz_report_t *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->records = json_array();
  r->functions = json_array();
  return r;
}

void buf_bz_report_destroy(buf_bz_report_t *report) {
  if (!report)
    return;
  json_decref(report->records);
  json_decref(report->functions);
  free(report);
}

void buf_bz_report_attach(buf_bz_report_t *report, buf_ctx_t *ctx) {
  ctx->bz_report = report;
  if (report)
    report->chunk_start = json_array_size(report->functions);
}

void buf_bz_report_add_peaks(buf_bz_report_t *report, buf_op_t *module) {
  uint32_t n = 0;
  buf__heap_peak_t *peaks = buf__heap_peak_bytes(module, &n);
  for (uint32_t i = 0; i < n; i++) {
    json_t *o = function_summary(report, peaks[i].func);
    json_object_set_new(o, "peak_live_bytes", peaks[i].bytes >= 0
                                                  ? json_integer(peaks[i].bytes)
                                                  : json_null());
  }
  free(peaks);
}

/* Appends the elements of array, one compact object per line. */
static void dump_lines(FILE *f, const char *name, const json_t *array,
                       bool last) {
  fprintf(f, "  \"%s\": [", name);
  size_t n = json_array_size(array);
  for (size_t i = 0; i < n; i++) {
    char *line = json_dumps(json_array_get(array, i), JSON_PRESERVE_ORDER);
    fprintf(f, "%s\n    %s", i ? "," : "", line ? line : "null");
    free(line);
  }
  fprintf(f, "%s]%s\n", n ? "\n  " : "", last ? "" : ",");
}

/* One record per line so that line-oriented tools (grep, FileCheck) see
 * whole records; still one JSON document. */
char *buf_bz_report_to_json(const buf_bz_report_t *report, size_t *len) {
  char *text = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&text, &n);
  if (!f)
    return NULL;
  fputs("{\n  \"version\": 1,\n", f);
  dump_lines(f, "records", report->records, false);
  dump_lines(f, "functions", report->functions, true);
  fputs("}", f);
  if (fclose(f) != 0) {
    free(text);
    return NULL;
  }
  if (len)
    *len = n;
  return text;
}
