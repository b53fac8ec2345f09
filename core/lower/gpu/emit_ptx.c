/*
 * emit_ptx.c: buffer-opt --emit=ptx. A program becomes PTX kernels plus a
 * JSON launch manifest (schema/gpu-manifest.schema.json).
 *
 * The pipeline, top to bottom:
 *   1. a tensor program is bufferized and deallocated
 *      (BUF_LLVM_BUFFERIZE_PIPELINE, as --emit=llvm does);
 *   2. convert-linalg-to-parallel-loops, then gpu-outline-parallel-loops:
 *      every top-level parallel loop nest becomes a kernel function and a
 *      launch (a func.call marked bufferd.gpu_launch) in its host function;
 *   3. the manifest is written from that IR: per kernel its parameters
 *      (memref descriptors flattened field by field, as the LLVM lowering
 *      passes them), the loop bounds it covers and a suggested grid and
 *      block; per host function the steps a host runtime takes (allocate,
 *      launch, return ...), when they are simple enough to replay
 *      (tests/gpu/run_ptx.py replays them on a GPU);
 *   4. the host functions are dropped and the kernels (with the functions
 *      they call) are lowered by the LLVM emitter to PTX for the NVPTX
 *      target (buf_llvm_emit with BUF_LLVM_OUTPUT_PTX).
 *
 * Nothing here touches LLVM directly, so a build without LLVM still
 * outlines and writes manifests; only step 4 then fails with its
 * diagnostic.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf/lower.h"
#include "buf/syntax.h"

#define SUGGESTED_BLOCK 256
#define MAX_GRID 65535

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *sym_name(const buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "sym_name");
  return a && a->kind == BUF_ATTR_STRING ? a->u.str.data : NULL;
}

static buf_type_t fn_type(const buf_op_t *fn) {
  buf_attr_t a = buf_op_attr(fn, "function_type");
  return a && a->kind == BUF_ATTR_TYPE ? a->type : NULL;
}

static bool is_kernel(const buf_op_t *op) {
  return buf_op_has_trait(op, BUF_TRAIT_FUNCTION) && buf_op_has_attr(op, "bufferd.gpu_kernel");
}

static json_t *loc_json(buf_loc_t loc) {
  if (!loc.file)
    return json_null();
  return json_sprintf("%s:%u:%u", loc.file, loc.line, loc.col);
}

static const char *type_str(buf_ctx_t *ctx, buf_type_t t) {
  return buf_type_to_string(ctx, t);
}

/* The LLVM type of a scalar as a kernel parameter field. */
static const char *scalar_field_type(buf_ctx_t *ctx, buf_type_t t) {
  if (t->kind == BUF_TYPE_INDEX)
    return "i64";
  return type_str(ctx, t); /* i32, f32 ... spelled as in LLVM */
}

/* One kernel parameter: kind, type and the flattened fields. */
static json_t *param_json(buf_ctx_t *ctx, uint32_t index, buf_type_t t) {
  json_t *p = json_object(), *fields = json_array();
  json_object_set_new(p, "index", json_integer(index));
  json_object_set_new(p, "name", json_sprintf("arg%u", index));
  json_object_set_new(p, "type", json_string(type_str(ctx, t)));
  if (t->kind == BUF_TYPE_MEMREF) {
    uint32_t r = t->u.shaped.rank;
    json_object_set_new(p, "kind", json_string("memref"));
    json_object_set_new(p, "element_type", json_string(type_str(ctx, t->u.shaped.elem)));
    json_object_set_new(p, "rank", json_integer(r));
    json_t *shape = json_array();
    for (uint32_t i = 0; i < r; i++)
      json_array_append_new(shape, t->u.shaped.shape[i] == BUF_DYNAMIC
                                       ? json_null()
                                       : json_integer(t->u.shaped.shape[i]));
    json_object_set_new(p, "shape", shape);
    json_object_set_new(p, "address_space", json_integer(1));
    json_array_append_new(fields, json_pack("{s:s,s:s}", "name", "allocated", "type", "ptr addrspace(1)"));
    json_array_append_new(fields, json_pack("{s:s,s:s}", "name", "aligned", "type", "ptr addrspace(1)"));
    json_array_append_new(fields, json_pack("{s:s,s:s}", "name", "offset", "type", "i64"));
    for (uint32_t i = 0; i < r; i++)
      json_array_append_new(fields, json_pack("{s:o,s:s}", "name", json_sprintf("sizes[%u]", i), "type", "i64"));
    for (uint32_t i = 0; i < r; i++)
      json_array_append_new(fields, json_pack("{s:o,s:s}", "name", json_sprintf("strides[%u]", i), "type", "i64"));
  } else {
    json_object_set_new(p, "kind", json_string("scalar"));
    json_array_append_new(fields, json_pack("{s:s,s:s}", "name", "value", "type",
                                            scalar_field_type(ctx, t)));
  }
  json_object_set_new(p, "fields", fields);
  return p;
}

/* A bound of bufferd.gpu_bounds: an integer, or {"param": N}. */
static json_t *bound_json(buf_attr_t a, bool *is_static, int64_t *value) {
  if (a && a->kind == BUF_ATTR_INTEGER) {
    *value = a->u.i;
    return json_integer(a->u.i);
  }
  *is_static = false;
  unsigned n = 0;
  if (a && a->kind == BUF_ATTR_STRING && sscanf(a->u.str.data, "arg%u", &n) == 1)
    return json_pack("{s:i}", "param", (json_int_t)n);
  return json_null();
}

static json_t *kernel_json(buf_ctx_t *ctx, buf_op_t *k, const char *host) {
  json_t *j = json_object();
  json_object_set_new(j, "name", json_string(sym_name(k)));
  json_object_set_new(j, "host_function", json_string(host));
  json_object_set_new(j, "location", loc_json(k->loc));
  buf_type_t ft = fn_type(k);
  json_t *params = json_array();
  uint32_t nfields = 0;
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++) {
    json_t *p = param_json(ctx, i, ft->u.func.inputs[i]);
    nfields += (uint32_t)json_array_size(json_object_get(p, "fields"));
    json_array_append_new(params, p);
  }
  json_object_set_new(j, "params", params);
  json_object_set_new(j, "num_fields", json_integer(nfields));
  buf_attr_t bounds = buf_op_attr(k, "bufferd.gpu_bounds");
  json_t *loops = json_array();
  bool all_static = true;
  int64_t points = 1;
  for (uint32_t d = 0; bounds && bounds->kind == BUF_ATTR_ARRAY && d < bounds->u.array.n; d++) {
    buf_attr_t e = bounds->u.array.elems[d];
    int64_t v[3] = {0, 0, 1};
    bool st = true;
    json_t *l = json_object();
    static const char *const names[3] = {"lower", "upper", "step"};
    for (int i = 0; i < 3; i++)
      json_object_set_new(l, names[i],
                          bound_json(e->kind == BUF_ATTR_ARRAY && e->u.array.n == 3
                                         ? e->u.array.elems[i] : NULL,
                                     &st, &v[i]));
    json_array_append_new(loops, l);
    if (st && v[2] > 0) {
      int64_t trips = v[1] > v[0] ? (v[1] - v[0] + v[2] - 1) / v[2] : 0;
      points *= trips;
    } else {
      all_static = false;
    }
  }
  json_object_set_new(j, "loops", loops);
  json_object_set_new(j, "points", all_static ? json_integer(points) : json_null());
  json_object_set_new(j, "block", json_pack("[i,i,i]", SUGGESTED_BLOCK, 1, 1));
  if (all_static) {
    int64_t g = (points + SUGGESTED_BLOCK - 1) / SUGGESTED_BLOCK;
    g = g < 1 ? 1 : g > MAX_GRID ? MAX_GRID : g;
    json_object_set_new(j, "grid", json_pack("[I,i,i]", (json_int_t)g, 1, 1));
  } else {
    json_object_set_new(j, "grid", json_null());
  }
  json_object_set_new(j, "grid_rule",
                      json_sprintf("grid.x = clamp(ceil(points / %d), 1, %d); any grid is "
                                   "correct (grid-stride loop)",
                                   SUGGESTED_BLOCK, MAX_GRID));
  return j;
}

/* ------------------------------------------------------------------------ */
/* Host replay steps                                                         */
/* ------------------------------------------------------------------------ */

typedef struct host {
  buf_ctx_t *ctx;
  buf_value_t **ids; /* value of each id */
  uint32_t n, cap;
  json_t *steps;
  const char *why; /* why the function cannot be replayed */
  buf_op_t *why_op;
} host_t;

static int64_t value_id(host_t *h, buf_value_t *v) {
  for (uint32_t i = 0; i < h->n; i++)
    if (h->ids[i] == v)
      return i;
  return -1;
}

static uint32_t new_id(host_t *h, buf_value_t *v) {
  if (h->n == h->cap) {
    h->cap = h->cap ? 2 * h->cap : 32;
    h->ids = realloc(h->ids, h->cap * sizeof *h->ids);
    if (!h->ids)
      abort();
  }
  h->ids[h->n] = v;
  return h->n++;
}

static bool refuse(host_t *h, buf_op_t *op, const char *why) {
  h->why = why;
  h->why_op = op;
  return false;
}

/* Operand ids of op, or false when one is unknown. */
static bool operand_ids(host_t *h, buf_op_t *op, uint32_t from, json_t **out) {
  *out = json_array();
  for (uint32_t i = from; i < op->num_operands; i++) {
    int64_t id = value_id(h, buf_op_operand(op, i));
    if (id < 0) {
      json_decref(*out);
      return refuse(h, op, "an operand the replay does not track");
    }
    json_array_append_new(*out, json_integer(id));
  }
  return true;
}

static bool plain_buffer(buf_type_t t) {
  return t->kind == BUF_TYPE_MEMREF && !t->u.shaped.layout;
}

/* Why a host op outside the replay's model makes its function
 * unreplayable. */
#define NOT_MODELLED "a host op the replay does not model"

/* A scalar constant. */
static bool step_constant(host_t *h, buf_op_t *op, json_t *s) {
  if (buf_type_is_shaped(op->results[0].type))
    return refuse(h, op, NOT_MODELLED);
  buf_attr_t a = buf_op_attr(op, "value");
  json_t *v = a->kind == BUF_ATTR_INTEGER ? json_integer(a->u.i)
              : a->kind == BUF_ATTR_FLOAT ? json_real(a->u.f)
              : a->kind == BUF_ATTR_BOOL  ? json_integer(a->u.b)
                                          : NULL;
  if (!v)
    return refuse(h, op, "a constant of this kind");
  json_object_set_new(s, "op", json_string("constant"));
  json_object_set_new(s, "type", json_string(type_str(h->ctx, op->results[0].type)));
  json_object_set_new(s, "value", v);
  return true;
}

/* A fresh row-major buffer in the default memory space, its dynamic sizes
 * the operands. */
static bool step_alloc(host_t *h, buf_op_t *op, json_t *s) {
  buf_type_t t = op->results[0].type;
  json_t *ids;
  if (!plain_buffer(t) || t->u.shaped.memory_space)
    return refuse(h, op, NOT_MODELLED);
  if (!operand_ids(h, op, 0, &ids))
    return false;
  json_t *shape = json_array();
  for (uint32_t i = 0; i < t->u.shaped.rank; i++)
    json_array_append_new(shape, t->u.shaped.shape[i] == BUF_DYNAMIC
                                     ? json_null() : json_integer(t->u.shaped.shape[i]));
  json_object_set_new(s, "op", json_string("alloc"));
  json_object_set_new(s, "type", json_string(type_str(h->ctx, t)));
  json_object_set_new(s, "element_type", json_string(type_str(h->ctx, t->u.shaped.elem)));
  json_object_set_new(s, "shape", shape);
  json_object_set_new(s, "dynamic_sizes", ids);
  return true;
}

/* A size of a tracked buffer at a constant index. */
static bool step_dim(host_t *h, buf_op_t *op, json_t *s) {
  int64_t index;
  int64_t src = value_id(h, buf_op_operand(op, 0));
  if (!buf_value_constant_int(buf_op_operand(op, 1), &index) || src < 0)
    return refuse(h, op, "memref.dim with a dynamic index");
  json_object_set_new(s, "op", json_string("dim"));
  json_object_set_new(s, "source", json_integer(src));
  json_object_set_new(s, "index", json_integer(index));
  return true;
}

/* A cast whose result is the same row-major buffer. */
static bool step_alias(host_t *h, buf_op_t *op, json_t *s) {
  int64_t src = value_id(h, buf_op_operand(op, 0));
  if (src < 0 || !plain_buffer(op->results[0].type))
    return refuse(h, op, "a cast to a strided layout");
  json_object_set_new(s, "op", json_string("alias"));
  json_object_set_new(s, "source", json_integer(src));
  return true;
}

/* A call marked bufferd.gpu_launch (gpu-outline-parallel-loops): the
 * launch of a kernel on the operands. */
static bool step_launch(host_t *h, buf_op_t *op, json_t *s) {
  json_t *ids;
  if (!buf_op_has_attr(op, "bufferd.gpu_launch"))
    return refuse(h, op, NOT_MODELLED);
  if (!operand_ids(h, op, 0, &ids))
    return false;
  json_object_set_new(s, "op", json_string("launch"));
  json_object_set_new(s, "kernel", json_string(buf_op_attr(op, "callee")->u.symref.names[0]));
  json_object_set_new(s, "args", ids);
  return true;
}

static bool step_dealloc(host_t *h, buf_op_t *op, json_t *s) {
  json_t *ids;
  if (!operand_ids(h, op, 0, &ids))
    return false;
  json_object_set_new(s, "op", json_string("dealloc"));
  json_object_set_new(s, "buffer", json_array_get(ids, 0));
  json_incref(json_array_get(ids, 0));
  json_decref(ids);
  return true;
}

/* A copy between row-major buffers. */
static bool step_copy(host_t *h, buf_op_t *op, json_t *s) {
  json_t *ids;
  if (!plain_buffer(buf_op_operand(op, 0)->type) || !plain_buffer(buf_op_operand(op, 1)->type))
    return refuse(h, op, NOT_MODELLED);
  if (!operand_ids(h, op, 0, &ids))
    return false;
  json_object_set_new(s, "op", json_string("copy"));
  json_object_set_new(s, "source", json_incref(json_array_get(ids, 0)));
  json_object_set_new(s, "target", json_incref(json_array_get(ids, 1)));
  json_decref(ids);
  return true;
}

static bool step_return(host_t *h, buf_op_t *op, json_t *s) {
  json_t *ids;
  if (!operand_ids(h, op, 0, &ids))
    return false;
  json_object_set_new(s, "op", json_string("return"));
  json_object_set_new(s, "values", ids);
  return true;
}

/* The host ops the replay models, each with the step that writes it (the
 * replay in tests/gpu/run_ptx.py knows these steps, one per op, so this is
 * a table of ops, not of facts). */
typedef struct host_step_row {
  const char *op;
  bool (*step)(host_t *h, buf_op_t *op, json_t *s);
} host_step_row_t;

static const host_step_row_t host_steps[] = {
    {"arith.constant", step_constant},
    {"memref.alloc", step_alloc},
    {"memref.alloca", step_alloc},
    {"memref.dim", step_dim},
    {"memref.memory_space_cast", step_alias},
    {"memref.cast", step_alias},
    {"func.call", step_launch},
    {"memref.dealloc", step_dealloc},
    {"memref.copy", step_copy},
    {"func.return", step_return},
};

/* The row of op's definition; NULL when the replay does not model it. */
static const host_step_row_t *host_step_row(const buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  for (size_t i = 0; i < sizeof host_steps / sizeof host_steps[0]; i++)
    if (op->def == buf_ctx_lookup_opdef(ctx, host_steps[i].op))
      return &host_steps[i];
  return NULL;
}

/* Appends the replay step of one host op; false when it has none. */
static bool host_step(host_t *h, buf_op_t *op) {
  json_t *s = json_object();
  json_array_append_new(h->steps, s);
  const host_step_row_t *row = host_step_row(op);
  if (!row)
    return refuse(h, op, NOT_MODELLED);
  if (!row->step(h, op, s))
    return false;
  for (uint32_t i = 0; i < op->num_results; i++)
    json_object_set_new(s, i ? "result_extra" : "result",
                        json_integer(new_id(h, buf_op_result(op, i))));
  return true;
}

static json_t *function_json(buf_ctx_t *ctx, buf_op_t *fn) {
  json_t *j = json_object();
  buf_type_t ft = fn_type(fn);
  json_object_set_new(j, "name", json_string(sym_name(fn)));
  json_t *args = json_array(), *results = json_array();
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++)
    json_array_append_new(args, json_string(type_str(ctx, ft->u.func.inputs[i])));
  for (uint32_t i = 0; i < ft->u.func.num_results; i++)
    json_array_append_new(results, json_string(type_str(ctx, ft->u.func.results[i])));
  json_object_set_new(j, "arguments", args);
  json_object_set_new(j, "results", results);
  host_t h = {.ctx = ctx, .steps = json_array()};
  buf_block_t *entry = buf_region_entry(fn->regions[0]);
  for (uint32_t i = 0; i < entry->num_args; i++) {
    buf_type_t t = entry->args[i]->type;
    new_id(&h, entry->args[i]);
    if (buf_type_is_memref(t) && !plain_buffer(t) && !h.why)
      refuse(&h, fn, "an argument with a strided layout");
    if (!buf_type_is_memref(t) && !buf_type_is_int_or_index(t) && !buf_type_is_float(t) && !h.why)
      refuse(&h, fn, "an argument of a type the replay does not model");
  }
  bool ok = !h.why && buf_region_num_blocks(fn->regions[0]) == 1;
  if (!ok && !h.why)
    refuse(&h, fn, "more than one block");
  for (buf_op_t *op = entry->first; ok && op; op = op->next)
    ok = host_step(&h, op);
  json_object_set_new(j, "replayable", json_boolean(ok));
  if (ok) {
    json_object_set_new(j, "steps", h.steps);
  } else {
    json_decref(h.steps);
    json_object_set_new(j, "not_replayable_because",
                        json_sprintf("%s ('%s' at %s:%u:%u)", h.why, h.why_op->name,
                                     h.why_op->loc.file ? h.why_op->loc.file : "?",
                                     h.why_op->loc.line, h.why_op->loc.col));
  }
  free(h.ids);
  return j;
}

/* ------------------------------------------------------------------------ */
/* The kernel module and the driver                                          */
/* ------------------------------------------------------------------------ */

typedef struct keep {
  buf_op_t *module;
  buf_op_t **ops;
  uint32_t n, cap;
} keep_t;

static bool kept(const keep_t *k, const buf_op_t *op) {
  for (uint32_t i = 0; i < k->n; i++)
    if (k->ops[i] == op)
      return true;
  return false;
}

static void keep_add(keep_t *k, buf_op_t *op) {
  if (!op || kept(k, op))
    return;
  if (k->n == k->cap) {
    k->cap = k->cap ? 2 * k->cap : 16;
    k->ops = realloc(k->ops, k->cap * sizeof *k->ops);
    if (!k->ops)
      abort();
  }
  k->ops[k->n++] = op;
}

/* Keeps the symbols a kept function refers to: the functions it calls and
 * the globals whose buffers it uses. */
static buf_walk_result_t keep_refs(buf_op_t *op, void *user) {
  keep_t *k = user;
  keep_add(k, buf_op_callee(op));
  if (buf_op_alloc_kind(op) == BUF_ALLOC_GLOBAL) {
    buf_attr_t a = buf_op_attr(op, "name");
    if (a && a->kind == BUF_ATTR_SYMBOL_REF)
      keep_add(k, buf_symbol_lookup(k->module, a->u.symref.names[0]));
  }
  return BUF_WALK_ADVANCE;
}

/* Contract in buf/lower.h. */
const char *buf_gpu_libdevice_path(void) {
  const char *env = getenv("BUFFERD_LIBDEVICE");
  return env && *env ? env : BUF_LIBDEVICE_DEFAULT;
}

/* Parallel loops from linalg, then one kernel per top-level loop nest. */
#define GPU_OUTLINE_PIPELINE                                                    \
  "func.func(convert-linalg-to-parallel-loops),gpu-outline-parallel-loops"

/* Contract in buf/lower.h. */
buf_status_t buf_gpu_emit_ptx(buf_op_t *module, const buf_gpu_options_t *options,
                              char **ptx, size_t *ptx_len, char **manifest,
                              size_t *manifest_len) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  const char *arch = options && options->arch ? options->arch : "sm_90";
  *ptx = *manifest = NULL;
  *ptx_len = *manifest_len = 0;
  buf_lower_timing_t *timing = options ? options->timing : NULL;
  if (BUF_FAILED(buf_lower_bufferize(module, timing)))
    return BUF_FAILURE;
  double t0 = now();
  if (BUF_FAILED(buf_lower_run_pipeline(module, GPU_OUTLINE_PIPELINE)))
    return BUF_FAILURE;

  json_t *m = json_object(), *kernels = json_array(), *functions = json_array();
  json_object_set_new(m, "format", json_string("bufferd-gpu-manifest"));
  json_object_set_new(m, "version", json_integer(1));
  json_object_set_new(m, "target", json_pack("{s:s,s:s}", "triple", "nvptx64-nvidia-cuda",
                                             "arch", arch));
  keep_t keep = {.module = module};
  buf_block_t *body = buf_region_entry(module->regions[0]);
  for (buf_op_t *op = body ? body->first : NULL; op; op = op->next) {
    if (!buf_op_has_trait(op, BUF_TRAIT_FUNCTION) || buf_region_empty(op->regions[0]) ||
        is_kernel(op))
      continue;
    json_t *fj = function_json(ctx, op);
    json_t *launched = json_array();
    for (buf_op_t *k = op->next; k && is_kernel(k); k = k->next) {
      json_array_append_new(kernels, kernel_json(ctx, k, sym_name(op)));
      json_array_append_new(launched, json_string(sym_name(k)));
      keep_add(&keep, k);
    }
    json_object_set_new(fj, "kernels", launched);
    json_array_append_new(functions, fj);
  }
  json_object_set_new(m, "kernels", kernels);
  json_object_set_new(m, "functions", functions);
  char *text = json_dumps(m, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  json_decref(m);
  if (!text)
    abort();
  *manifest_len = strlen(text);
  *manifest = text;

  /* Only the kernels and what they reference go to the device. */
  for (uint32_t i = 0; i < keep.n; i++)
    buf_op_walk(keep.ops[i], BUF_WALK_PRE, keep_refs, &keep);
  for (buf_op_t *op = body ? body->first : NULL, *next; op; op = next) {
    next = op->next;
    if (!kept(&keep, op))
      buf_op_erase(op);
  }
  free(keep.ops);
  if (timing) /* the outlining and the manifest */
    timing->loops += now() - t0;
  buf_llvm_options_t lo = {.opt_level = options ? options->opt_level : 2,
                           .timing = timing,
                           .release_resource_blobs = options && options->release_resource_blobs,
                           .gpu_arch = arch,
                           .libdevice = options ? options->libdevice : NULL};
  buf_status_t s = buf_llvm_emit(module, BUF_LLVM_OUTPUT_PTX, &lo, ptx, ptx_len);
  if (BUF_FAILED(s)) {
    free(*manifest);
    *manifest = NULL;
    *manifest_len = 0;
  }
  return s;
}
