/*
 * models_linalg.c: the bufferization model of every linalg structured op.
 *
 * One model for all of them, through the uniform view of buf/linalg.h:
 * inputs are read; an output (`outs`) is written, and read only when the
 * body uses its block argument; output i's buffer is result i's buffer
 * (equivalent). Two operands with the same permutation indexing map under
 * all-parallel iterators are accessed element-wise, so reading one and
 * writing the other in place is fine. The rewrite creates the same op on
 * buffers, with no results, and moves the body. linalg.softmax, which has
 * no body, has its own destination-style model; so do linalg.pack and
 * unpack, which become loop nests.
 */
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"
#include "buf/linalg.h"

/* What the model asks about an op, computed once per op of the analysis
 * (the analysis asks for every decision; building the indexing maps is the
 * costly part) and kept small: one record per linalg op of the module. */
typedef struct linalg_facts {
  bool ok;              /* a structured op */
  bool all_parallel;    /* every loop is parallel */
  uint8_t num_inputs, num_outputs;
  uint16_t output_read; /* bit k: the body reads output k */
  uint32_t num_loops;
  buf_affine_map_t *maps[]; /* per operand, num_inputs + num_outputs */
} linalg_facts_t;

/* Fills f, which has room for BUF_LINALG_MAX_OPERANDS maps; f->ok is
 * false when op is no structured op. */
static void compute_facts(buf_op_t *op, linalg_facts_t *f) {
  buf_linalg_info_t info;
  memset(f, 0, sizeof *f);
  if (!buf_linalg_get_info(op, &info))
    return;
  f->ok = true;
  f->num_inputs = (uint8_t)info.num_inputs;
  f->num_outputs = (uint8_t)info.num_outputs;
  f->num_loops = info.num_loops;
  f->all_parallel = true;
  for (uint32_t l = 0; l < info.num_loops; l++)
    f->all_parallel &= info.iterators[l] == BUF_ITER_PARALLEL;
  for (uint32_t k = 0; k < info.num_outputs; k++)
    if (buf_linalg_info_output_is_read(&info, k))
      f->output_read |= (uint16_t)(1u << k);
  for (uint32_t i = 0; i < info.num_inputs + info.num_outputs; i++)
    f->maps[i] = info.maps[i];
}

/* Room for the facts of any op, on the stack. */
typedef struct facts_scratch {
  linalg_facts_t facts;
  buf_affine_map_t *maps[BUF_LINALG_MAX_OPERANDS];
} facts_scratch_t;

/* The facts of op: cached on the analysis' op record, or computed into
 * scratch for an op the analysis does not know. */
static const linalg_facts_t *facts(buf_bz_t *bz, buf_op_t *op,
                                   facts_scratch_t *scratch) {
  bz_op_t *o = buf__bz_op(bz, op);
  if (o && o->model_data)
    return o->model_data;
  linalg_facts_t *f = &scratch->facts;
  compute_facts(op, f);
  if (!o)
    return f;
  size_t maps = (size_t)f->num_inputs + f->num_outputs;
  o->model_data = malloc(sizeof *f + maps * sizeof f->maps[0]);
  if (!o->model_data)
    abort(); /* out of memory only */
  memcpy(o->model_data, f, sizeof *f + maps * sizeof f->maps[0]);
  return o->model_data;
}

static bool is_output(const linalg_facts_t *f, uint32_t i) {
  return i >= f->num_inputs && i < (uint32_t)f->num_inputs + f->num_outputs;
}

static bool linalg_reads(buf_bz_t *bz, buf_use_t *u) {
  facts_scratch_t tmp;
  const linalg_facts_t *f = facts(bz, u->owner, &tmp);
  if (!f->ok || !is_output(f, u->index))
    return true;
  return (f->output_read >> (u->index - f->num_inputs)) & 1;
}

static bool linalg_writes(buf_bz_t *bz, buf_use_t *u) {
  facts_scratch_t tmp;
  const linalg_facts_t *f = facts(bz, u->owner, &tmp);
  return f->ok && is_output(f, u->index);
}

static uint32_t linalg_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                               uint32_t max) {
  facts_scratch_t tmp;
  const linalg_facts_t *f = facts(bz, u->owner, &tmp);
  if (!max || !f->ok || !is_output(f, u->index))
    return 0;
  uint32_t r = u->index - f->num_inputs;
  if (r >= u->owner->num_results)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[r], BUF_BZ_EQUIV};
  return 1;
}

static bool is_permutation(buf_affine_map_t *m, uint32_t loops) {
  if (m->num_results != loops || m->num_dims != loops || loops > 64)
    return false;
  bool seen[64] = {false};
  for (uint32_t i = 0; i < loops; i++) {
    buf_affine_expr_t *e = m->results[i];
    if (e->kind != BUF_AFFINE_DIM || seen[e->value])
      return false;
    seen[e->value] = true;
  }
  return true;
}

static bool linalg_elementwise(buf_bz_t *bz, buf_use_t *a, buf_use_t *b) {
  facts_scratch_t tmp;
  const linalg_facts_t *f = facts(bz, a->owner, &tmp);
  uint32_t n = (uint32_t)f->num_inputs + f->num_outputs;
  if (!f->ok || !f->all_parallel || a->index >= n || b->index >= n)
    return false;
  buf_affine_map_t *ma = f->maps[a->index], *mb = f->maps[b->index];
  if (!ma || !mb || !is_permutation(ma, f->num_loops) ||
      !buf_affine_map_equal(ma, mb))
    return false;
  return a->value->type == b->value->type;
}

static buf_status_t linalg_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_value_t *ops[64];
  if (op->num_operands > 64)
    return BUF_FAILURE;
  for (uint32_t i = 0; i < op->num_operands; i++)
    ops[i] = buf_bz_buffer(rw, op->operands[i].value);
  facts_scratch_t tmp;
  const linalg_facts_t *f = facts(buf_bz_rw_analysis(rw), op, &tmp);
  if (!f->ok) {
    buf_op_emit_error(op, "cannot bufferize: not a structured linalg op");
    return BUF_FAILURE;
  }
  buf_value_t *results[64];
  for (uint32_t r = 0; r < op->num_results && r < 64; r++)
    results[r] = ops[f->num_inputs + r];
  buf_op_t *n = buf__bz_rebuild(rw, op, op->num_operands, ops, 0, NULL);
  for (uint32_t r = 0; r < n->num_regions; r++)
    for (buf_block_t *b = n->regions[r]->first; b; b = b->next)
      if (BUF_FAILED(buf_bz_rewrite_block(rw, b)))
        return BUF_FAILURE;
  buf_bz_replace(rw, op, results);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t linalg_model = {
    .reads = linalg_reads,
    .writes = linalg_writes,
    .aliases = linalg_aliases,
    .elementwise = linalg_elementwise,
    .bufferize = linalg_bufferize,
};

/* A linalg.copy whose input is its output's buffer (equivalent values)
 * stores every element back unchanged: its write conflicts with no read
 * (upstream lets such a copy write in place too). */
static const buf_bufferize_model_t copy_model;

static bool copy_not_conflicting(buf_bz_t *bz, buf_use_t *read,
                                 buf_use_t *write) {
  (void)read;
  buf_op_t *copy = write->owner;
  if (buf_bz_model_of(bz, copy) != &copy_model || write->index != 1 ||
      copy->num_operands != 2)
    return false;
  return buf_bz_equivalent(bz, copy->operands[0].value, copy->operands[1].value);
}

/* A copy from a buffer into itself is dropped rather than printed. */
static buf_status_t copy_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  if (op->num_operands == 2 && op->num_results == 1) {
    buf_value_t *from = buf_bz_buffer(rw, op->operands[0].value);
    buf_value_t *to = buf_bz_buffer(rw, op->operands[1].value);
    if (from == to) {
      buf_bz_replace(rw, op, &to);
      return BUF_SUCCESS;
    }
  }
  return linalg_bufferize(rw, op);
}

/* Empty-tensor elimination: the outs tensor is where the copy's input is
 * built. */
static buf_value_t *copy_extraction(buf_builder_t *b, buf_op_t *op) {
  (void)b;
  if (op->num_operands != 2 ||
      op->operands[1].value->type != op->operands[0].value->type)
    return NULL;
  return op->operands[1].value;
}

static const buf_bufferize_model_t copy_model = {
    .insertion = BUF_BZ_INSERT_WHOLE,
    .build_subset_extraction = copy_extraction,
    .reads = linalg_reads,
    .writes = linalg_writes,
    .aliases = linalg_aliases,
    .elementwise = linalg_elementwise,
    .not_conflicting = copy_not_conflicting,
    .bufferize = copy_bufferize,
};

/* linalg.softmax (destination style without a body): reads its input,
 * writes all of its init without reading it, and its result is the init's
 * buffer. On buffers it is the same op with no result. */
static bool softmax_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index == 0;
}

static bool softmax_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index == 1;
}

static uint32_t softmax_aliases(buf_bz_t *bz, buf_use_t *u,
                                buf_bz_alias_t *out, uint32_t max) {
  (void)bz;
  if (!max || u->index != 1 || u->owner->num_results != 1)
    return 0;
  out[0] = (buf_bz_alias_t){&u->owner->results[0], BUF_BZ_EQUIV};
  return 1;
}

static buf_status_t softmax_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  if (op->num_operands != 2) {
    buf_op_emit_error(op, "cannot bufferize: expected an input and an init");
    return BUF_FAILURE;
  }
  buf_value_t *ops[2] = {buf_bz_buffer(rw, op->operands[0].value),
                         buf_bz_buffer(rw, op->operands[1].value)};
  buf__bz_rebuild(rw, op, 2, ops, 0, NULL);
  buf_bz_replace(rw, op, &ops[1]);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t softmax_model = {
    .reads = softmax_reads,
    .writes = softmax_writes,
    .aliases = softmax_aliases,
    .bufferize = softmax_bufferize,
};

/* linalg.pack / unpack (destination style without a body): read the
 * source, write all of the destination without reading it, and the result
 * is the destination's buffer. Upstream has no model (and no pack on
 * buffers); here the rewrite is the copy itself: a loop nest over the
 * destination buffer that loads each element from where the source holds
 * it (index arithmetic on the loop indices), so nothing after bufferization
 * needs to know the ops. Points pack reads past the source's end take the
 * padding value: the load reads a clamped, in-bounds index and a select
 * picks the padding there. */
static bool pack_reads(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index != 1;
}

static bool pack_writes(buf_bz_t *bz, buf_use_t *u) {
  (void)bz;
  return u->index == 1;
}

static buf_value_t *index_op(buf_builder_t *b, const char *name,
                             buf_value_t *x, buf_value_t *y) {
  buf_value_t *ops[2] = {x, y};
  return buf_op_result(buf_build(b, name, buf_type_index(b->ctx), 2, ops,
                                 NULL), 0);
}

static buf_value_t *buffer_dim(buf_builder_t *b, buf_value_t *m, uint32_t d) {
  int64_t size = m->type->u.shaped.shape[d];
  if (size != BUF_DYNAMIC)
    return buf_build_index_constant(b, size);
  buf_value_t *ops[2] = {m, buf_build_index_constant(b, d)};
  return buf_op_result(buf_build(b, "memref.dim", buf_type_index(b->ctx), 2,
                                 ops, NULL), 0);
}

static buf_status_t pack_bufferize(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_linalg_pack_t pk;
  if (!buf_linalg_get_pack(op, &pk)) {
    buf_op_emit_error(op, "cannot bufferize: malformed pack or unpack");
    return BUF_FAILURE;
  }
  buf_ctx_t *ctx = buf_bz_rw_ctx(rw);
  buf_value_t *src = buf_bz_buffer(rw, op->operands[0].value);
  buf_value_t *dst = buf_bz_buffer(rw, op->operands[1].value);
  uint32_t rank = pk.rank, k = pk.num_tiles;
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  /* the tile sizes and the source sizes, outside the loops */
  buf_value_t *tiles[BUF_LINALG_MAX_LOOPS], *sizes[BUF_LINALG_MAX_LOOPS];
  buf_value_t *lasts[BUF_LINALG_MAX_LOOPS];
  uint32_t next = pk.first_tile_operand;
  for (uint32_t j = 0; j < k; j++)
    tiles[j] = pk.static_tiles[j] == BUF_DYNAMIC
                   ? op->operands[next++].value
                   : buf_build_index_constant(&b, pk.static_tiles[j]);
  bool padded = pk.padding_operand >= 0;
  for (uint32_t j = 0; padded && j < k; j++) {
    sizes[j] = buffer_dim(&b, src, (uint32_t)pk.inner_dims_pos[j]);
    lasts[j] = index_op(&b, "arith.subi", sizes[j],
                        buf_build_index_constant(&b, 1));
  }
  buf_value_t *ivs[2 * BUF_LINALG_MAX_LOOPS];
  buf_block_t *inner = buf__bz_loop_nest(rw, &b, dst, ivs);
  buf_builder_t ib = b;
  if (inner)
    buf_builder_set_before(&ib, inner->last);
  buf_value_t *at[2 * BUF_LINALG_MAX_LOOPS + 1] = {src};
  buf_value_t *cond = NULL;
  if (!pk.unpack) {
    /* source index u from packed index ivs */
    buf_value_t *u[BUF_LINALG_MAX_LOOPS];
    for (uint32_t i = 0; i < rank; i++)
      u[pk.num_perm ? pk.outer_perm[i] : i] = ivs[i];
    for (uint32_t j = 0; j < k; j++) {
      int64_t x = pk.inner_dims_pos[j];
      u[x] = index_op(&ib, "arith.addi",
                      index_op(&ib, "arith.muli", u[x], tiles[j]),
                      ivs[rank + j]);
      if (!padded)
        continue;
      buf_value_t *in[2] = {u[x], sizes[j]};
      buf_value_t *lt = buf_op_result(
          buf_build(&ib, "arith.cmpi", buf_type_i1(ctx), 2, in, "predicate",
                    buf_attr_integer(ctx, buf_type_i64(ctx), 6 /* ult */),
                    NULL), 0);
      if (cond) {
        buf_value_t *both[2] = {cond, lt};
        cond = buf_op_result(buf_build(&ib, "arith.andi", buf_type_i1(ctx),
                                       2, both, NULL), 0);
      } else {
        cond = lt;
      }
      u[x] = index_op(&ib, "arith.minui", u[x], lasts[j]);
    }
    for (uint32_t x = 0; x < rank; x++)
      at[1 + x] = u[x];
  } else {
    /* packed index from unpacked index ivs */
    buf_value_t *o[BUF_LINALG_MAX_LOOPS];
    for (uint32_t x = 0; x < rank; x++)
      o[x] = ivs[x];
    for (uint32_t j = 0; j < k; j++) {
      int64_t x = pk.inner_dims_pos[j];
      o[x] = index_op(&ib, "arith.divui", ivs[x], tiles[j]);
      at[1 + rank + j] = index_op(&ib, "arith.remui", ivs[x], tiles[j]);
    }
    for (uint32_t i = 0; i < rank; i++)
      at[1 + i] = o[pk.num_perm ? pk.outer_perm[i] : i];
  }
  uint32_t src_rank = src->type->u.shaped.rank;
  buf_value_t *v = buf_op_result(
      buf_build(&ib, "memref.load", src->type->u.shaped.elem, src_rank + 1,
                at, NULL), 0);
  if (cond) {
    buf_value_t *sel[3] = {cond, v,
                           op->operands[pk.padding_operand].value};
    v = buf_op_result(buf_build(&ib, "arith.select", v->type, 3, sel, NULL),
                      0);
  }
  buf_value_t *st[2 * BUF_LINALG_MAX_LOOPS + 2] = {v, dst};
  uint32_t dst_rank = dst->type->u.shaped.rank;
  for (uint32_t d = 0; d < dst_rank; d++)
    st[2 + d] = ivs[d];
  buf_build(&ib, "memref.store", NULL, dst_rank + 2, st, NULL);
  buf_bz_replace(rw, op, &dst);
  return BUF_SUCCESS;
}

static const buf_bufferize_model_t pack_model = {
    .reads = pack_reads,
    .writes = pack_writes,
    .aliases = softmax_aliases, /* the destination is the result */
    .bufferize = pack_bufferize,
};

/* linalg.yield / linalg.index carry scalars only; every other linalg op but
 * softmax, pack and unpack is structured. */
static const buf_bufferize_model_t scalar_model = {0};

const buf__bz_model_row_t buf__bz_models_linalg[] = {
    {"linalg.yield", &scalar_model},
    {"linalg.index", &scalar_model},
    {"linalg.copy", &copy_model},
    {"linalg.softmax", &softmax_model},
    {"linalg.pack", &pack_model},
    {"linalg.unpack", &pack_model},
    {"linalg.*", &linalg_model},
};
const uint32_t buf__bz_num_models_linalg =
    sizeof buf__bz_models_linalg / sizeof buf__bz_models_linalg[0];
