/*
 * models_arith.c: bufferization models of arith ops on tensors.
 *
 *   arith.constant    a dense tensor value is a read-only buffer, a private
 *                     constant memref.global (one per distinct value and
 *                     type, named __constant_<shape>x<elem> as upstream)
 *                     read through memref.get_global. A write to it is
 *                     never in place (the result is not writable: copies).
 *   arith.index_cast  on tensors: a new buffer filled element by element
 *                     by a loop nest applying the scalar op. Upstream
 *                     instead reinterprets the buffer (an index_cast of
 *                     memrefs, which no lowering accepts).
 *   arith.select      with an i1 condition, the result is one of the two
 *                     buffers (aliases both, writes neither); with a
 *                     tensor<i1> condition, a new buffer filled by a loop
 *                     nest like index_cast's.
 * Other elementwise arith ops on tensors have no model, as upstream: they
 * are refused with a located error (convert-elementwise-to-linalg first).
 */
#include <stdio.h>
#include <string.h>

#include "bz_internal.h"
#include "buf/syntax.h"

static bool const_writable(buf_bz_t *bz, buf_value_t *v) {
  (void)bz;
  (void)v;
  return false;
}

static void type_mangle(buf_type_t t, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = 0;
  for (uint32_t i = 0; i < t->u.shaped.rank && len < n; i++)
    len += (size_t)snprintf(buf + len, n - len, "%lldx",
                            (long long)t->u.shaped.shape[i]);
  buf_type_t e = t->u.shaped.elem;
  if (len >= n)
    return;
  if (e->kind == BUF_TYPE_FLOAT)
    snprintf(buf + len, n - len, "%s",
             e->u.fkind == BUF_F16 ? "f16" : e->u.fkind == BUF_BF16 ? "bf16"
             : e->u.fkind == BUF_F32 ? "f32" : "f64");
  else if (e->kind == BUF_TYPE_INDEX)
    snprintf(buf + len, n - len, "index");
  else
    snprintf(buf + len, n - len, "%s%u",
             e->u.integer.signedness == BUF_SIGNED ? "si"
             : e->u.integer.signedness == BUF_UNSIGNED ? "ui" : "i",
             e->u.integer.width);
}

static buf_status_t const_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_type_t rt = op->results[0].type;
  buf_attr_t value = buf_op_attr(op, "value");
  if (!buf__bz_is_tensor_type(rt))
    return BUF_SUCCESS; /* scalar constants stay */
  if (!buf_attr_is_elements(value) || rt->kind != BUF_TYPE_TENSOR) {
    buf_op_emit_error(op, "cannot bufferize: only dense tensor constants are "
                          "supported");
    return BUF_FAILURE;
  }
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  /* must-infer-memory-space: only the tensor's encoding (under
   * use-encoding-for-memory-space) names the global's memory space */
  const buf_bz_options_t *opts = buf_bz_options(buf_bz_rw_analysis(rw));
  if (opts->must_infer_memory_space &&
      !(opts->use_encoding_for_memory_space && rt->u.shaped.encoding)) {
    buf_emit_error(ctx, op->loc, "could not infer memory space");
    buf_emit_error(ctx, op->loc, "failed to bufferize op");
    return BUF_FAILURE;
  }
  buf_op_t *module = buf_bz_rw_analysis(rw)->module;
  buf_block_t *mb = buf_region_entry(module->regions[0]);
  buf_type_t mt = buf_bz_alloc_type(rw, rt);
  /* reuse a global with the same value and type: a constant symbol whose
   * memref `type` is mt (the memref.global this model makes) */
  buf_op_t *global = NULL;
  for (buf_op_t *g = mb->first; g; g = g->next)
    if (buf_op_has_trait(g, BUF_TRAIT_SYMBOL) &&
        buf_op_attr(g, "initial_value") == value && buf_op_has_attr(g, "constant")) {
      buf_attr_t ty = buf_op_attr(g, "type");
      if (ty && ty->type == mt) {
        global = g;
        break;
      }
    }
  if (!global) {
    char base[256], name[300];
    char m[200];
    type_mangle(rt, m, sizeof m);
    snprintf(base, sizeof base, "__constant_%s", m);
    snprintf(name, sizeof name, "%s", base);
    for (unsigned k = 0; buf_symbol_lookup(module, name); k++)
      snprintf(name, sizeof name, "%s_%u", base, k);
    buf_op_state_t st;
    buf_state_init(&st, ctx, "memref.global", op->loc);
    buf_state_set_attr(&st, "sym_name", buf_attr_string_cstr(ctx, name));
    buf_state_set_attr(&st, "sym_visibility", buf_attr_string_cstr(ctx, "private"));
    buf_state_set_attr(&st, "type", buf_attr_type(ctx, mt));
    buf_state_set_attr(&st, "initial_value", value);
    buf_state_set_attr(&st, "constant", buf_attr_unit(ctx));
    buf_state_set_attr(&st, "alignment",
                       buf_attr_integer(ctx, buf_type_i64(ctx), 64));
    global = buf_op_create(&st);
    buf_block_insert_op_before(mb, mb->first, global);
  }
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_attr_t sym = buf_op_attr(global, "sym_name");
  buf_op_t *get = buf_build(&b, "memref.get_global", mt, 0, NULL, "name",
                            buf_attr_flat_symbol_ref(ctx, sym->u.str.data), NULL);
  buf_value_t *r = buf_op_result(get, 0);
  buf_bz_replace(rw, op, &r);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t constant_model = {
    .read_only_reason = "written constant",
    .result_writable = const_writable,
    .bufferize = const_bufferize,
};

/* ------------------------------------------------------------------------ */
/* Elementwise ops on tensors                                                */
/* ------------------------------------------------------------------------ */

static bool r_true(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  (void)u;
  return true;
}

/* Every tensor operand and result has one shape (the verifier's rule for
 * elementwise ops); scalar operands apply to every element. */
buf_status_t buf__bz_elementwise_loop(buf_bz_rewriter_t *rw, buf_op_t *op,
                                      const char *scalar_op) {
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *ins[16], *outs[16], *shape_of = NULL;
  if (op->num_operands > 16 || op->num_results == 0 || op->num_results > 16) {
    buf_op_emit_error(op, "cannot bufferize: too many operands or results");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++) {
    ins[i] = buf_bz_buffer(rw, op->operands[i].value);
    if (buf_type_is_memref(ins[i]->type) && !shape_of)
      shape_of = ins[i];
  }
  buf_type_t rt = op->results[0].type;
  if (!shape_of || rt->kind != BUF_TYPE_TENSOR ||
      shape_of->type->kind != BUF_TYPE_MEMREF ||
      rt->u.shaped.rank > 64) {
    buf_op_emit_error(op, "cannot bufferize: elementwise op on unranked "
                          "tensors");
    return BUF_FAILURE;
  }
  uint32_t rank = rt->u.shaped.rank;
  buf_value_t *dyn[64];
  uint32_t nd = 0;
  for (uint32_t d = 0; d < rank; d++)
    if (rt->u.shaped.shape[d] == BUF_DYNAMIC) {
      buf_value_t *dim[2] = {shape_of, buf_build_index_constant(&b, d)};
      dyn[nd++] = buf_op_result(
          buf_build(&b, "memref.dim", buf_type_index(ctx), 2, dim, NULL), 0);
    }
  for (uint32_t r = 0; r < op->num_results; r++)
    outs[r] = buf_bz_alloc(rw, &b, buf_bz_alloc_type(rw, op->results[r].type),
                           NULL, dyn);
  buf_value_t *ivs[64];
  buf_block_t *inner = buf__bz_loop_nest(rw, &b, outs[0], ivs);
  buf_builder_t ib;
  buf_builder_init(&ib, ctx);
  buf_builder_set_before(&ib, inner->last);
  ib.loc = op->loc;
  /* the scalar op on the elements at ivs */
  buf_op_state_t st;
  buf_state_init(&st, ctx, scalar_op, op->loc);
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = ins[i];
    if (buf_type_is_memref(v->type)) {
      buf_value_t *ld[65] = {v};
      for (uint32_t d = 0; d < rank; d++)
        ld[d + 1] = ivs[d];
      v = buf_op_result(buf_build(&ib, "memref.load", v->type->u.shaped.elem,
                                  rank + 1, ld, NULL), 0);
    }
    buf_state_add_operand(&st, v);
  }
  for (uint32_t r = 0; r < op->num_results; r++)
    buf_state_add_result(&st, op->results[r].type->u.shaped.elem);
  buf_attr_t attrs = op->attrs;
  for (uint32_t i = 0; attrs && i < attrs->u.dict.n; i++)
    if (strcmp(attrs->u.dict.entries[i].name, "__inplace_operands_attr__") != 0)
      buf_state_set_attr(&st, attrs->u.dict.entries[i].name,
                         attrs->u.dict.entries[i].value);
  buf_op_t *scalar = buf_builder_insert(&ib, &st);
  for (uint32_t r = 0; r < op->num_results; r++) {
    buf_value_t *sv[66] = {buf_op_result(scalar, r), outs[r]};
    for (uint32_t d = 0; d < rank; d++)
      sv[d + 2] = ivs[d];
    buf_build(&ib, "memref.store", NULL, rank + 2, sv, NULL);
  }
  buf_bz_replace(rw, op, outs);
  return BUF_SUCCESS;
}

static buf_status_t elementwise_bufferize(buf_bz_rewriter_t *rw,
                                          buf_op_t *op) {
  return buf__bz_elementwise_loop(rw, op, op->name);
}

static const buf_bufferize_model_t elementwise_model = {
    .reads = r_true,
    .bufferize = elementwise_bufferize,
};

/* ------------------------------------------------------------------------ */
/* arith.select                                                              */
/* ------------------------------------------------------------------------ */

/* With an i1 condition, select picks one of two whole buffers: it reads
 * and writes neither, and its result is one of them (which one is known
 * only at run time, so the relation is MAYBE: the two operands do not
 * become equivalent to each other). A tensor<i1> condition picks element
 * by element: a new buffer filled by a loop nest, as the other elementwise
 * ops on tensors (upstream refuses it with "only i1 condition values are
 * supported"; its convert-elementwise-to-linalg makes it a linalg.generic
 * first, which bufferizes alike). */
static bool select_picks_whole(const buf_op_t *op) {
  return !buf_type_is_shaped(op->operands[0].value->type);
}

static bool select_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return !select_picks_whole(u->owner);
}

static uint32_t select_aliases(buf_bz_t *bz, buf_use_t *u,
                               buf_bz_alias_t *out, uint32_t max) {
  (void)bz;
  if (!max || u->index == 0 || !select_picks_whole(u->owner))
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[0], BUF_BZ_MAYBE};
  return 1;
}

/* The two buffers get one type: their own when they agree, else both are
 * cast to the fully dynamic layout (upstream's getBufferType). */
static buf_status_t select_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  if (!select_picks_whole(op))
    return elementwise_bufferize(rw, op);
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_value_t *t = buf_bz_buffer(rw, op->operands[1].value);
  buf_value_t *f = buf_bz_buffer(rw, op->operands[2].value);
  if (t->type != f->type) {
    if (t->type->kind != BUF_TYPE_MEMREF || f->type->kind != BUF_TYPE_MEMREF ||
        t->type->u.shaped.memory_space != f->type->u.shaped.memory_space) {
      buf_emit_error(ctx, op->loc, "inconsistent memory space on true/false operands");
      buf_emit_error(ctx, op->loc, "failed to bufferize op");
      return BUF_FAILURE;
    }
    buf_type_t common = buf_bz_dynamic_layout_type(
        ctx, op->results[0].type, t->type->u.shaped.memory_space);
    buf_builder_t b;
    buf_bz_builder(rw, op, &b);
    t = buf_bz_cast_or_copy(rw, &b, t, common);
    f = buf_bz_cast_or_copy(rw, &b, f, common);
  }
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_value_t *ops[3] = {op->operands[0].value, t, f};
  buf_op_t *sel = buf_build(&b, "arith.select", t->type, 3, ops, NULL);
  buf_value_t *r = buf_op_result(sel, 0);
  buf_bz_replace(rw, op, &r);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t select_model = {
    .reads = select_reads,
    .aliases = select_aliases,
    .bufferize = select_bufferize,
};

const buf__bz_model_row_t buf__bz_models_arith[] = {
    {"arith.constant", &constant_model},
    {"arith.index_cast", &elementwise_model},
    {"arith.select", &select_model},
};
const uint32_t buf__bz_num_models_arith =
    sizeof buf__bz_models_arith / sizeof buf__bz_models_arith[0];
