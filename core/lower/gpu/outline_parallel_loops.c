/*
 * outline_parallel_loops.c: --gpu-outline-parallel-loops, every top-level
 * parallel loop nest of a memref program becomes a GPU kernel.
 *
 * A top-level parallel loop is an scf.parallel without reductions or an
 * scf.forall without shared outputs (both what bufferization and
 * convert-linalg-to-parallel-loops leave) that no other parallel loop
 * encloses. Each one, in function @F, becomes a new function
 * @F_kernel_<k> marked `bufferd.gpu_kernel`:
 *
 *   - its parameters are the values the loop uses but does not define
 *     (scalar constants are cloned instead, so static bounds stay static);
 *     memref parameters live in global memory (#gpu.memory_space<global>,
 *     LLVM address space 1) and are cast back to the default space at
 *     entry, so the cloned body keeps its types;
 *   - one thread per iteration point: the points are numbered row-major,
 *     each thread starts at blockIdx.x * blockDim.x + threadIdx.x and
 *     strides by gridDim.x * blockDim.x (a grid-stride loop, so any grid
 *     covers every point), recovers the induction variables by division,
 *     and runs the body; loops nested in the body (reductions, inner
 *     parallel loops) run sequentially in the thread;
 *   - thread and block ids are calls to the llvm.nvvm.read.ptx.sreg.*
 *     intrinsics, declared as private functions, which the NVPTX back end
 *     reads as the intrinsics themselves;
 *   - `bufferd.gpu_bounds` records lower bound, upper bound and step of
 *     every dimension: an integer when constant, the parameter name
 *     "argN" otherwise (the launch manifest is written from it).
 *
 * The loop itself is replaced by memref.memory_space_cast of its memref
 * operands and a func.call of the kernel marked `bufferd.gpu_launch`, so the
 * host function still says, in order, which kernel runs on which buffers.
 * Loops using values of types a kernel cannot take (tensors, unranked
 * memrefs, memrefs already in another memory space) stay on the host with
 * a remark.
 */
#include <stdio.h>

#include "buf/ir.h"
#include "buf/pipeline.h"

#define MAX_CAPTURES 256
#define MAX_DIMS 16

static const char *const sreg_names[4] = {
    "llvm.nvvm.read.ptx.sreg.tid.x", "llvm.nvvm.read.ptx.sreg.ntid.x",
    "llvm.nvvm.read.ptx.sreg.ctaid.x", "llvm.nvvm.read.ptx.sreg.nctaid.x"};

/* Loop bounds of an scf.parallel or scf.forall, as values valid before the
 * loop (forall's static entries become constants at b). */
typedef struct bounds {
  uint32_t n;
  buf_value_t *lb[MAX_DIMS], *ub[MAX_DIMS], *step[MAX_DIMS];
  buf_op_t *built[3 * MAX_DIMS]; /* the constants made for forall's static entries */
  uint32_t nbuilt;
} bounds_t;

static void forall_list(buf_op_t *op, buf_builder_t *b, bounds_t *bd, const char *attr,
                        uint32_t seg, int64_t dflt, uint32_t n, buf_value_t **out) {
  buf_attr_t a = buf_op_attr(op, attr);
  uint32_t len = 0, start = buf_op_segment(op, seg, &len), next = 0;
  for (uint32_t i = 0; i < n; i++) {
    int64_t s = a && a->kind == BUF_ATTR_DENSE_ARRAY && i < a->u.dense_array.count
                    ? a->u.dense_array.ints[i]
                    : dflt;
    if (s == BUF_DYNAMIC && next < len) {
      out[i] = buf_op_operand(op, start + next++);
    } else {
      out[i] = buf_build_index_constant(b, s);
      bd->built[bd->nbuilt++] = out[i]->def;
    }
  }
}

/* scf.parallel: lower bounds, upper bounds and steps are its operands. */
static void parallel_bounds(buf_op_t *loop, buf_builder_t *b, bounds_t *bd) {
  (void)b;
  for (uint32_t d = 0; d < bd->n; d++) {
    bd->lb[d] = buf_op_operand(loop, d);
    bd->ub[d] = buf_op_operand(loop, bd->n + d);
    bd->step[d] = buf_op_operand(loop, 2 * bd->n + d);
  }
}

/* scf.forall: absent lower bounds and steps mean 0 and 1. */
static void forall_bounds(buf_op_t *loop, buf_builder_t *b, bounds_t *bd) {
  forall_list(loop, b, bd, "staticLowerBound", 0, 0, bd->n, bd->lb);
  forall_list(loop, b, bd, "staticUpperBound", 1, 0, bd->n, bd->ub);
  forall_list(loop, b, bd, "staticStep", 2, 1, bd->n, bd->step);
}

/* The parallel loops this pass outlines, each with where its bounds are:
 * the two ops spell them differently, so this is a table of ops. */
typedef struct parallel_loop {
  const char *op;
  void (*bounds)(buf_op_t *loop, buf_builder_t *b, bounds_t *bd);
} parallel_loop_t;

static const parallel_loop_t parallel_loops[] = {
    {"scf.parallel", parallel_bounds},
    {"scf.forall", forall_bounds},
};

/* The row of op's definition; NULL when op is not a parallel loop. */
static const parallel_loop_t *parallel_loop(const buf_op_t *op) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  for (size_t i = 0; i < sizeof parallel_loops / sizeof parallel_loops[0]; i++)
    if (op->def == buf_ctx_lookup_opdef(ctx, parallel_loops[i].op))
      return &parallel_loops[i];
  return NULL;
}

/* True for the loops this pass outlines: parallel loops without results
 * (reductions or shared outputs). */
static bool is_outlinable_loop(const buf_op_t *op) {
  return parallel_loop(op) && op->num_results == 0;
}

static bool loop_bounds(buf_op_t *loop, buf_builder_t *b, bounds_t *bd) {
  buf_block_t *body = buf_region_entry(loop->regions[0]);
  bd->n = body->num_args;
  if (bd->n == 0 || bd->n > MAX_DIMS)
    return false;
  parallel_loop(loop)->bounds(loop, b, bd);
  return true;
}

typedef struct loop_list {
  buf_op_t **ops;
  uint32_t n, cap;
  buf_arena_t *arena;
} loop_list_t;

static buf_walk_result_t collect_loops(buf_op_t *op, void *user) {
  loop_list_t *l = user;
  if (!is_outlinable_loop(op))
    return BUF_WALK_ADVANCE;
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 8;
    l->ops = buf_arena_grow(l->arena, l->ops, l->n, cap, sizeof *l->ops);
    l->cap = cap;
  }
  l->ops[l->n++] = op;
  return BUF_WALK_SKIP; /* nested parallel loops run inside the kernel */
}

/* The values used inside loop but defined outside it, in first-use order. */
typedef struct captures {
  buf_op_t *loop;
  buf_value_t *v[MAX_CAPTURES];
  uint32_t n;
  bool overflow;
} captures_t;

static bool defined_inside(const buf_value_t *v, const buf_op_t *loop) {
  buf_block_t *b = buf_value_parent_block(v);
  buf_op_t *owner = b ? buf_block_parent_op(b) : NULL;
  return owner && buf_op_is_ancestor(loop, owner);
}

static buf_walk_result_t collect_captures(buf_op_t *op, void *user) {
  captures_t *c = user;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = buf_op_operand(op, i);
    if (defined_inside(v, c->loop) || (v->def && v->def == c->loop))
      continue;
    bool seen = false;
    for (uint32_t k = 0; k < c->n && !seen; k++)
      seen = c->v[k] == v;
    if (seen)
      continue;
    if (c->n == MAX_CAPTURES) {
      c->overflow = true;
      return BUF_WALK_INTERRUPT;
    }
    c->v[c->n++] = v;
  }
  return BUF_WALK_ADVANCE;
}

/* A scalar or vector constant (a register value, unlike a tensor's):
 * cloned into the kernel instead of passed. */
static bool is_scalar_constant(const buf_value_t *v) {
  return v->def && buf_op_has_trait(v->def, BUF_TRAIT_CONSTANT) &&
         (!buf_type_is_shaped(v->type) || v->type->kind == BUF_TYPE_VECTOR);
}

static buf_attr_t global_space(buf_ctx_t *ctx) {
  static const char text[] = "#gpu.memory_space<global>";
  return buf_attr_opaque(ctx, text, sizeof text - 1);
}

/* The kernel parameter type of a captured value; NULL when a kernel cannot
 * take it. */
static buf_type_t param_type(buf_ctx_t *ctx, buf_type_t t) {
  if (t->kind == BUF_TYPE_MEMREF) {
    if (t->u.shaped.memory_space)
      return NULL;
    return buf_type_memref(ctx, t->u.shaped.rank, t->u.shaped.shape,
                           t->u.shaped.elem, t->u.shaped.layout,
                           global_space(ctx));
  }
  if (t->kind == BUF_TYPE_INDEX || t->kind == BUF_TYPE_INTEGER ||
      t->kind == BUF_TYPE_FLOAT)
    return t;
  return NULL;
}

/* Declares the special-register intrinsics once per module. */
static void declare_sregs(buf_op_t *module) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  buf_block_t *body = buf_region_entry(module->regions[0]);
  buf_type_t i32 = buf_type_i32(ctx);
  for (int i = 0; i < 4; i++) {
    if (buf_symbol_lookup(module, sreg_names[i]))
      continue;
    buf_op_state_t st;
    buf_state_init(&st, ctx, "func.func", module->loc);
    buf_state_set_attr(&st, "sym_name", buf_attr_string_cstr(ctx, sreg_names[i]));
    buf_state_set_attr(&st, "function_type",
                       buf_attr_type(ctx, buf_type_function(ctx, 0, NULL, 1, &i32)));
    buf_state_set_attr(&st, "sym_visibility", buf_attr_string_cstr(ctx, "private"));
    buf_state_add_region(&st);
    buf_block_append_op(body, buf_op_create(&st));
  }
}

static buf_value_t *build1(buf_builder_t *b, const char *name, buf_type_t t,
                           buf_value_t *x, buf_value_t *y) {
  buf_value_t *ops[2] = {x, y};
  return buf_op_result(buf_build(b, name, t, y ? 2 : 1, ops, NULL), 0);
}

/* threadIdx.x-style special register as an index. */
static buf_value_t *read_sreg(buf_builder_t *b, int which) {
  buf_ctx_t *ctx = b->ctx;
  buf_op_t *call = buf_build(b, "func.call", buf_type_i32(ctx), 0, NULL, "callee",
                             buf_attr_flat_symbol_ref(ctx, sreg_names[which]), NULL);
  return build1(b, "arith.index_castui", buf_type_index(ctx), buf_op_result(call, 0), NULL);
}

/* Erases the constants loop_bounds made that nothing uses (the kernel
 * cloned them, or the loop stays on the host). */
static void drop_unused_bounds(bounds_t *bd) {
  for (uint32_t i = 0; i < bd->nbuilt; i++)
    if (!buf_value_has_uses(buf_op_result(bd->built[i], 0)))
      buf_op_erase(bd->built[i]);
  bd->nbuilt = 0;
}

/* A bound for bufferd.gpu_bounds: the constant, or the parameter's name. */
static buf_attr_t bound_attr(buf_ctx_t *ctx, buf_value_t *v, buf_value_t *const *caps,
                             uint32_t ncaps, const uint32_t *param_of) {
  if (is_scalar_constant(v)) {
    buf_attr_t a = buf_op_attr(v->def, "value");
    if (a && a->kind == BUF_ATTR_INTEGER)
      return buf_attr_integer(ctx, buf_type_i64(ctx), a->u.i);
  }
  for (uint32_t k = 0; k < ncaps; k++)
    if (caps[k] == v && param_of[k] != UINT32_MAX) {
      char name[32];
      snprintf(name, sizeof name, "arg%u", param_of[k]);
      return buf_attr_string_cstr(ctx, name);
    }
  return buf_attr_string_cstr(ctx, "?");
}

/* A symbol name @<fn>_kernel_<k> not yet used in module. */
static const char *kernel_name(buf_op_t *module, const char *fn, uint32_t *counter) {
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(module));
  for (;;) {
    char *name = buf_arena_printf(arena, "%s_kernel_%u", fn, (*counter)++);
    if (!buf_symbol_lookup(module, name))
      return name;
  }
}

/* Outlines loop of fn; the kernel goes after *after (then becomes it), so
 * kernels follow their host function in launch order. */
static buf_status_t outline(buf_op_t *module, buf_op_t *fn, buf_op_t *loop,
                            uint32_t *counter, buf_op_t **after) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  buf_builder_t hb; /* host side: before the loop */
  buf_builder_init(&hb, ctx);
  hb.loc = loop->loc;
  buf_builder_set_before(&hb, loop);
  bounds_t bd = {0};
  if (!loop_bounds(loop, &hb, &bd)) {
    buf_emit_remark(ctx, loop->loc, "parallel loop with %u dimensions stays on the host",
                       buf_region_entry(loop->regions[0])->num_args);
    return BUF_SUCCESS;
  }
  /* forall's static bounds were just built before the loop: capture them
   * like any other value (they are constants, so they get cloned). */
  captures_t caps = {.loop = loop};
  for (uint32_t d = 0; d < bd.n; d++) {
    buf_value_t *vs[3] = {bd.lb[d], bd.ub[d], bd.step[d]};
    for (int j = 0; j < 3; j++) {
      bool seen = false;
      for (uint32_t k = 0; k < caps.n && !seen; k++)
        seen = caps.v[k] == vs[j];
      if (!seen && caps.n < MAX_CAPTURES)
        caps.v[caps.n++] = vs[j];
    }
  }
  for (uint32_t r = 0; r < loop->num_regions; r++)
    for (buf_block_t *b = loop->regions[r]->first; b; b = b->next)
      for (buf_op_t *op = b->first; op; op = op->next)
        if (buf_op_walk(op, BUF_WALK_PRE, collect_captures, &caps) == BUF_WALK_INTERRUPT)
          break;
  if (caps.overflow) {
    buf_emit_remark(ctx, loop->loc, "parallel loop uses more than %d outer values; it "
                             "stays on the host", MAX_CAPTURES);
    drop_unused_bounds(&bd);
    return BUF_SUCCESS;
  }
  buf_type_t ptypes[MAX_CAPTURES];
  uint32_t param_of[MAX_CAPTURES], np = 0;
  for (uint32_t k = 0; k < caps.n; k++) {
    param_of[k] = UINT32_MAX;
    if (is_scalar_constant(caps.v[k]))
      continue;
    buf_type_t pt = param_type(ctx, caps.v[k]->type);
    if (!pt) {
      buf_emit_remark(ctx, loop->loc, "parallel loop uses a value of a type a kernel "
                               "cannot take; it stays on the host");
      drop_unused_bounds(&bd);
      return BUF_SUCCESS;
    }
    param_of[k] = np;
    ptypes[np++] = pt;
  }

  /* The kernel function. */
  const char *fname = buf_op_attr(fn, "sym_name")->u.str.data;
  const char *kname = kernel_name(module, fname, counter);
  buf_op_state_t st;
  buf_state_init(&st, ctx, "func.func", loop->loc);
  buf_state_set_attr(&st, "sym_name", buf_attr_string_cstr(ctx, kname));
  buf_state_set_attr(&st, "function_type",
                     buf_attr_type(ctx, buf_type_function(ctx, np, ptypes, 0, NULL)));
  buf_state_set_attr(&st, "bufferd.gpu_kernel", buf_attr_unit(ctx));
  buf_region_t *kr = buf_state_add_region(&st);
  buf_block_t *entry = buf_block_create(ctx);
  buf_region_append_block(kr, entry);
  buf_builder_t kb;
  buf_builder_init(&kb, ctx);
  kb.loc = loop->loc;
  buf_builder_set_block_end(&kb, entry);
  buf_irmap_t *map = buf_irmap_create(ctx);
  for (uint32_t k = 0; k < caps.n; k++) {
    buf_value_t *v = caps.v[k];
    if (param_of[k] == UINT32_MAX) {
      buf_op_t *c = buf_op_clone(v->def, map);
      buf_block_append_op(entry, c);
      continue;
    }
    buf_value_t *arg = buf_block_add_arg(entry, ptypes[param_of[k]], v->loc);
    if (v->type->kind == BUF_TYPE_MEMREF)
      arg = build1(&kb, "memref.memory_space_cast", v->type, arg, NULL);
    buf_irmap_set_value(map, v, arg);
  }
  buf_type_t index = buf_type_index(ctx);
  buf_value_t *tid = read_sreg(&kb, 0), *ntid = read_sreg(&kb, 1);
  buf_value_t *ctaid = read_sreg(&kb, 2), *nctaid = read_sreg(&kb, 3);
  buf_value_t *start = build1(&kb, "arith.addi", index,
                              build1(&kb, "arith.muli", index, ctaid, ntid), tid);
  buf_value_t *stride = build1(&kb, "arith.muli", index, nctaid, ntid);
  /* Trip counts max(ceildiv(ub - lb, step), 0) and their product. */
  buf_value_t *c0 = buf_build_index_constant(&kb, 0);
  buf_value_t *trips[MAX_DIMS], *lbs[MAX_DIMS], *steps[MAX_DIMS];
  buf_value_t *total = buf_build_index_constant(&kb, 1);
  for (uint32_t d = 0; d < bd.n; d++) {
    lbs[d] = buf_irmap_value(map, bd.lb[d]);
    steps[d] = buf_irmap_value(map, bd.step[d]);
    buf_value_t *span = build1(&kb, "arith.subi", index, buf_irmap_value(map, bd.ub[d]), lbs[d]);
    buf_value_t *t = build1(&kb, "arith.ceildivsi", index, span, steps[d]);
    trips[d] = build1(&kb, "arith.maxsi", index, t, c0);
    total = build1(&kb, "arith.muli", index, total, trips[d]);
  }
  /* scf.for %lin = %start to %total step %stride { ivs; body } */
  buf_op_state_t fs;
  buf_state_init(&fs, ctx, "scf.for", loop->loc);
  buf_value_t *fb[3] = {start, total, stride};
  buf_state_add_operands(&fs, 3, fb);
  buf_block_t *fbody = buf_block_create(ctx);
  buf_value_t *lin = buf_block_add_arg(fbody, index, loop->loc);
  buf_region_append_block(buf_state_add_region(&fs), fbody);
  buf_builder_insert(&kb, &fs);
  buf_builder_set_block_end(&kb, fbody);
  buf_op_t *yield = buf_build(&kb, "scf.yield", NULL, 0, NULL, NULL);
  buf_builder_set_before(&kb, yield);
  buf_block_t *lbody = buf_region_entry(loop->regions[0]);
  buf_value_t *rest = lin;
  buf_value_t *ivs[MAX_DIMS];
  for (uint32_t d = bd.n; d-- > 0;) {
    buf_value_t *idx = d ? build1(&kb, "arith.remsi", index, rest, trips[d]) : rest;
    if (d)
      rest = build1(&kb, "arith.divsi", index, rest, trips[d]);
    ivs[d] = build1(&kb, "arith.addi", index, lbs[d],
                    build1(&kb, "arith.muli", index, idx, steps[d]));
  }
  for (uint32_t d = 0; d < bd.n; d++)
    buf_irmap_set_value(map, lbody->args[d], ivs[d]);
  buf_op_t *term = buf_block_terminator(lbody);
  for (buf_op_t *op = lbody->first; op && op != term; op = op->next)
    buf_block_insert_op_before(fbody, yield, buf_op_clone(op, map));
  buf_irmap_destroy(map);
  buf_builder_set_block_end(&kb, entry);
  buf_build(&kb, "func.return", NULL, 0, NULL, NULL);

  /* bufferd.gpu_bounds = [[lb, ub, step], ...] */
  buf_attr_t dims[MAX_DIMS];
  for (uint32_t d = 0; d < bd.n; d++) {
    buf_attr_t e[3] = {bound_attr(ctx, bd.lb[d], caps.v, caps.n, param_of),
                       bound_attr(ctx, bd.ub[d], caps.v, caps.n, param_of),
                       bound_attr(ctx, bd.step[d], caps.v, caps.n, param_of)};
    dims[d] = buf_attr_array(ctx, 3, e);
  }
  buf_op_t *kernel = buf_op_create(&st);
  buf_op_set_attr(kernel, "bufferd.gpu_bounds", buf_attr_array(ctx, bd.n, dims));
  buf_block_insert_op_before(fn->block, (*after)->next, kernel);
  *after = kernel;

  /* The host side: casts and the launch. */
  buf_value_t *args[MAX_CAPTURES];
  for (uint32_t k = 0; k < caps.n; k++) {
    if (param_of[k] == UINT32_MAX)
      continue;
    buf_value_t *v = caps.v[k];
    args[param_of[k]] = v->type->kind == BUF_TYPE_MEMREF
                            ? build1(&hb, "memref.memory_space_cast", ptypes[param_of[k]], v, NULL)
                            : v;
  }
  buf_op_state_t cs;
  buf_state_init(&cs, ctx, "func.call", loop->loc);
  buf_state_add_operands(&cs, np, args);
  buf_state_set_attr(&cs, "callee", buf_attr_flat_symbol_ref(ctx, kname));
  buf_state_set_attr(&cs, "bufferd.gpu_launch", buf_attr_unit(ctx));
  buf_builder_insert(&hb, &cs);
  buf_op_erase(loop);
  /* forall's static bounds, built on the host above, were cloned into the
   * kernel; the host copies are now unused. */
  drop_unused_bounds(&bd);
  return BUF_SUCCESS;
}

static buf_status_t outline_run(buf_op_t *module, const buf_pass_options_t *options) {
  (void)options;
  buf_ctx_t *ctx = buf_op_ctx(module);
  buf_block_t *body = buf_region_entry(module->regions[0]);
  if (!body)
    return BUF_SUCCESS;
  bool declared = false;
  for (buf_op_t *fn = body->first; fn; fn = fn->next) {
    if (!buf_op_has_trait(fn, BUF_TRAIT_FUNCTION) || buf_region_empty(fn->regions[0]) ||
        buf_op_has_attr(fn, "bufferd.gpu_kernel"))
      continue;
    loop_list_t l = {.arena = buf_ctx_arena(ctx)};
    buf_op_walk(fn, BUF_WALK_PRE, collect_loops, &l);
    if (l.n && !declared) {
      declare_sregs(module);
      declared = true;
    }
    uint32_t counter = 0;
    buf_op_t *after = fn;
    for (uint32_t i = 0; i < l.n; i++)
      if (BUF_FAILED(outline(module, fn, l.ops[i], &counter, &after)))
        return BUF_FAILURE;
    fn = after;
  }
  return BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_gpu_outline_parallel_loops = {
    .name = "gpu-outline-parallel-loops",
    .summary = "Outline every top-level scf.parallel/scf.forall into a GPU kernel "
               "function (grid-stride loop over the iteration points) and a "
               "launch from the host",
    .anchor = "builtin.module",
    .run = outline_run,
};
