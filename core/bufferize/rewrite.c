/*
 * rewrite.c: the rewriter of One-Shot Bufferize and the rewrite driver.
 *
 * The rewrite walks every function forward (callees first with function
 * boundaries) and asks each op's model to build its buffer form just
 * before it. The rewriter maps each tensor value to the buffer that holds
 * it; old tensor ops stay in place (their results may still be named by
 * later old ops) and are erased at the end, users first. Values that no
 * model produced (function arguments without function-boundary
 * bufferization, results of unknown ops) get a bufferization.to_buffer
 * after their definition the first time a buffer is asked for; unknown ops
 * that are allowed keep tensor semantics and read bufferization.to_tensor
 * of the buffers of their operands.
 *
 * Invariant: after the rewrite no op of a bufferized function has tensor
 * operands or results except unknown (allowed) ops, their to_tensor /
 * to_buffer materializations, and, without function boundaries, the
 * function signature, calls and returns.
 */
#include <stdlib.h>
#include <string.h>

#include "bz_internal.h"

struct buf_bz_rewriter_s {
  buf_bz_t *bz;
  buf_ctx_t *ctx;
  /* tensor value -> buffer, and the ops scheduled for erasure: kept on
   * the analysis' records (bz_val.buffer, bz_op.erase_scheduled), in these
   * maps for values and ops made after the numbering */
  buf__ptrmap_t map;
  buf__ptrmap_t erased;
  buf_op_t **erase_list;
  uint32_t num_erase, cap_erase;
  buf_op_t *cause;       /* the tensor op whose model is running (report) */
  buf__ptrmap_t cfg_regions; /* regions buf__bz_rewrite_cfg_region rewrites */
};

buf_ctx_t *buf_bz_rw_ctx(buf_bz_rewriter_t *rw) { return rw->ctx; }
buf_bz_t *buf_bz_rw_analysis(buf_bz_rewriter_t *rw) { return rw->bz; }

void buf_bz_map(buf_bz_rewriter_t *rw, buf_value_t *t, buf_value_t *b) {
  bz_val_t *rec = buf__bz_val(rw->bz, t);
  if (rec)
    rec->buffer = b;
  else
    buf__ptrmap_set(&rw->map, t, b);
}

buf_value_t *buf__bz_mapped(buf_bz_rewriter_t *rw, buf_value_t *t) {
  bz_val_t *rec = buf__bz_val(rw->bz, t);
  return rec ? rec->buffer : buf__ptrmap_get(&rw->map, t);
}

void buf_bz_builder(buf_bz_rewriter_t *rw, buf_op_t *op, buf_builder_t *b) {
  buf_builder_init(b, rw->ctx);
  buf_builder_set_before(b, op);
  b->loc = op->loc;
}

buf_type_t buf_bz_dynamic_layout_type(buf_ctx_t *ctx, buf_type_t t,
                                      buf_attr_t memory_space) {
  if (t->kind == BUF_TYPE_OPAQUE) /* a dialect's tensor-like type */
    return buf_type_memref_for_tensor(ctx, t, memory_space);
  if (t->kind == BUF_TYPE_UNRANKED_TENSOR)
    return buf_type_unranked_memref(ctx, t->u.shaped.elem, memory_space);
  uint32_t rank = t->u.shaped.rank;
  int64_t strides[64];
  for (uint32_t i = 0; i < rank && i < 64; i++)
    strides[i] = BUF_DYNAMIC;
  buf_attr_t layout = buf_attr_strided(ctx, rank, strides, BUF_DYNAMIC);
  return buf_type_memref(ctx, rank, t->u.shaped.shape, t->u.shaped.elem,
                         layout, memory_space);
}

buf_type_t buf_bz_alloc_type(buf_bz_rewriter_t *rw, buf_type_t tensor) {
  /* use-encoding-for-memory-space: a new buffer lives in the memory space
   * its tensor's encoding names */
  buf_attr_t space = rw->bz->opts.use_encoding_for_memory_space &&
                             tensor->kind == BUF_TYPE_TENSOR
                         ? tensor->u.shaped.encoding
                         : NULL;
  return buf_type_memref_for_tensor(rw->ctx, tensor, space);
}

/* Inserts op state at the start of block b (after nothing) or right after
 * the definition of v. */
static void builder_after_def(buf_bz_rewriter_t *rw, buf_value_t *v,
                              buf_builder_t *b) {
  buf_builder_init(b, rw->ctx);
  if (v->def) {
    buf_builder_set_after(b, v->def);
    b->loc = v->def->loc;
  } else {
    buf_builder_set_block_start(b, v->block);
    b->loc = v->loc;
  }
}

buf_type_t buf_bz_materialized_type(buf_bz_rewriter_t *rw, buf_type_t tensor) {
  /* partial bufferization materializes identity layouts, as upstream's
   * partial passes did; One-Shot assumes nothing about the layout */
  if (rw->bz->opts.unknown_layout == BUF_BZ_LAYOUT_IDENTITY)
    return buf_bz_alloc_type(rw, tensor);
  /* use-encoding-for-memory-space: the tensor's encoding names the
   * buffer's memory space */
  buf_attr_t space = rw->bz->opts.use_encoding_for_memory_space &&
                             tensor->kind == BUF_TYPE_TENSOR
                         ? tensor->u.shaped.encoding
                         : NULL;
  return buf_bz_dynamic_layout_type(rw->ctx, tensor, space);
}

buf_value_t *buf_bz_buffer(buf_bz_rewriter_t *rw, buf_value_t *t) {
  if (!buf__bz_is_tensor_type(t->type))
    return t;
  buf_value_t *m = buf__bz_mapped(rw, t);
  if (m)
    return m;
  buf_builder_t b;
  builder_after_def(rw, t, &b);
  buf_type_t mt = buf_bz_materialized_type(rw, t->type);
  buf_op_t *op = buf_build(&b, "bufferization.to_buffer", mt, 1, &t, NULL);
  buf_value_t *r = buf_op_result(op, 0);
  buf_bz_map(rw, t, r);
  return r;
}

static bool region_has_several_blocks(const buf_region_t *r) {
  return r && r->first && r->first->next;
}

static bool is_scheduled(buf_bz_rewriter_t *rw, buf_op_t *op) {
  bz_op_t *rec = buf__bz_op(rw->bz, op);
  return rec ? rec->erase_scheduled : buf__ptrmap_get(&rw->erased, op) != NULL;
}

void buf_bz_erase(buf_bz_rewriter_t *rw, buf_op_t *op) {
  if (is_scheduled(rw, op))
    return;
  bz_op_t *rec = buf__bz_op(rw->bz, op);
  if (rec)
    rec->erase_scheduled = true;
  else
    buf__ptrmap_set(&rw->erased, op, (void *)1);
  if (rw->num_erase == rw->cap_erase) {
    rw->cap_erase = rw->cap_erase ? rw->cap_erase * 2 : 64;
    rw->erase_list = realloc(rw->erase_list, rw->cap_erase * sizeof *rw->erase_list);
    if (!rw->erase_list)
      abort();
  }
  rw->erase_list[rw->num_erase++] = op;
}

void buf_bz_replace(buf_bz_rewriter_t *rw, buf_op_t *op,
                    buf_value_t *const *buffers) {
  for (uint32_t i = 0; i < op->num_results; i++) {
    buf_value_t *r = &op->results[i];
    if (!buffers || !buffers[i])
      continue;
    if (buf__bz_is_tensor_type(r->type))
      buf_bz_map(rw, r, buffers[i]);
    else
      buf_value_replace_all_uses(r, buffers[i]);
  }
  buf_bz_erase(rw, op);
}

static buf_value_t *build_dim(buf_bz_rewriter_t *rw, buf_builder_t *b,
                              buf_value_t *buf, uint32_t d) {
  buf_value_t *c = buf_build_index_constant(b, d);
  buf_value_t *ops[2] = {buf, c};
  buf_op_t *dim = buf_build(b, "memref.dim", buf_type_index(rw->ctx), 2, ops, NULL);
  return buf_op_result(dim, 0);
}

buf_value_t *buf_bz_alloc(buf_bz_rewriter_t *rw, buf_builder_t *b,
                          buf_type_t type, buf_value_t *like,
                          buf_value_t *const *dyn) {
  buf_value_t *sizes[64];
  uint32_t n = 0;
  if (type->kind == BUF_TYPE_MEMREF)
    for (uint32_t i = 0; i < type->u.shaped.rank && n < 64; i++)
      if (type->u.shaped.shape[i] == BUF_DYNAMIC) {
        sizes[n] = dyn ? dyn[n] : build_dim(rw, b, like, i);
        n++;
      }
  int64_t seg[2] = {n, 0};
  buf_op_t *op = buf_build(
      b, "memref.alloc", type, n, sizes, "alignment",
      buf_attr_integer(rw->ctx, buf_type_i64(rw->ctx),
                       rw->bz->opts.buffer_alignment > 0 ? rw->bz->opts.buffer_alignment : 64),
      "operandSegmentSizes",
      buf_attr_dense_array(rw->ctx, buf_type_i32(rw->ctx), 2, seg, NULL), NULL);
  if (rw->bz->opts.buffer_alignment < 0)
    buf_op_set_attr(op, "alignment", NULL); /* buffer-alignment=0 */
  buf_bz_t *bz = rw->bz;
  if (bz->num_rewrite_allocs == bz->cap_rewrite_allocs) {
    bz->cap_rewrite_allocs =
        bz->cap_rewrite_allocs ? bz->cap_rewrite_allocs * 2 : 16;
    bz->rewrite_allocs = realloc(
        bz->rewrite_allocs, bz->cap_rewrite_allocs * sizeof *bz->rewrite_allocs);
    if (!bz->rewrite_allocs)
      abort(); /* out of memory only */
  }
  bz->rewrite_allocs[bz->num_rewrite_allocs++] = op;
  buf__bz_report_created(rw->bz, rw->cause, op);
  return buf_op_result(op, 0);
}

void buf_bz_copy(buf_bz_rewriter_t *rw, buf_builder_t *b, buf_value_t *src,
                 buf_value_t *dst) {
  if (src == dst)
    return;
  buf_value_t *ops[2] = {src, dst};
  buf_op_t *copy = buf_build(b, "memref.copy", NULL, 2, ops, NULL);
  buf__bz_report_created(rw->bz, rw->cause, copy);
}

void buf_bz_parallel_copy(buf_bz_rewriter_t *rw, buf_builder_t *b, uint32_t n,
                          buf_value_t **src, buf_value_t *const *dst,
                          bool *reads) {
  bool pending[256];
  if (n > 256)
    abort(); /* callers bound their operand counts */
  uint32_t left = 0;
  for (uint32_t i = 0; i < n; i++) {
    pending[i] = src[i] && src[i] != dst[i];
    left += pending[i];
  }
  while (left) {
    /* a pending slot no other pending source still reads */
    uint32_t pick = n;
    for (uint32_t k = 0; k < n && pick == n; k++) {
      if (!pending[k])
        continue;
      bool read = false;
      for (uint32_t i = 0; i < n && !read; i++)
        read = i != k && pending[i] && reads[(size_t)i * n + k];
      if (!read)
        pick = k;
    }
    if (pick == n) {
      /* every pending slot is read by another: save one source first */
      for (pick = 0; !pending[pick]; pick++)
        ;
      buf_type_t t = src[pick]->type;
      buf_type_t ident = buf_type_memref(rw->ctx, t->u.shaped.rank,
                                         t->u.shaped.shape, t->u.shaped.elem,
                                         NULL, t->u.shaped.memory_space);
      buf_value_t *tmp = buf_bz_alloc(rw, b, ident, src[pick], NULL);
      buf_bz_copy(rw, b, src[pick], tmp);
      src[pick] = tmp;
      for (uint32_t k = 0; k < n; k++)
        reads[(size_t)pick * n + k] = false;
      continue;
    }
    buf_bz_copy(rw, b, src[pick], dst[pick]);
    pending[pick] = false;
    left--;
  }
}

static bool layout_is_identity(buf_type_t t) {
  buf_attr_t l = t->u.shaped.layout;
  return !l || (l->kind == BUF_ATTR_AFFINE_MAP && buf_affine_map_is_identity(l->u.map));
}

/* Does every buffer of type `from` that also has `to`'s static sizes lie
 * row-major and contiguous from offset 0, as an identity layout promises?
 * An identity layout's strides are products of the sizes, not free
 * parameters: a strided<[4, 1]> view of 4x3 elements does not have them
 * even though memref<?x?xf32>'s stride in dimension 0 reads as dynamic.
 * A dimension of size 1 needs the identity stride too: no address depends
 * on it, but a cast keeps the descriptor's stride, which then disagrees
 * with what the identity layout says (printMemref prints it, and a static
 * identity stride makes the cast invalid IR). */
static bool always_row_major(buf_type_t from, buf_type_t to, const int64_t *strides,
                             int64_t offset) {
  if (layout_is_identity(from))
    return true;
  if (offset != 0)
    return false;
  int64_t running = 1;
  for (uint32_t i = from->u.shaped.rank; i-- > 0;) {
    int64_t d = from->u.shaped.shape[i];
    if (d == BUF_DYNAMIC)
      d = to->u.shaped.shape[i];
    if (running == BUF_DYNAMIC || strides[i] != running)
      return false;
    running = d == BUF_DYNAMIC ? BUF_DYNAMIC : running * d;
  }
  return true;
}

bool buf__bz_cast_always_valid(buf_type_t from, buf_type_t to) {
  if (from->kind != BUF_TYPE_MEMREF || to->kind != BUF_TYPE_MEMREF)
    return false;
  if (from->u.shaped.rank != to->u.shaped.rank ||
      from->u.shaped.elem != to->u.shaped.elem ||
      from->u.shaped.memory_space != to->u.shaped.memory_space)
    return false;
  uint32_t rank = from->u.shaped.rank;
  if (rank > 64)
    return false;
  for (uint32_t i = 0; i < rank; i++) {
    int64_t a = from->u.shaped.shape[i], c = to->u.shaped.shape[i];
    if (c != BUF_DYNAMIC && a != c)
      return false;
  }
  int64_t sa[64], sb[64], oa, ob;
  if (BUF_FAILED(buf_type_memref_strides(from, sa, &oa)) ||
      BUF_FAILED(buf_type_memref_strides(to, sb, &ob)))
    return false;
  if (ob != BUF_DYNAMIC && oa != ob)
    return false;
  for (uint32_t i = 0; i < rank; i++)
    if (sb[i] != BUF_DYNAMIC && sa[i] != sb[i])
      return false;
  return !layout_is_identity(to) || always_row_major(from, to, sa, oa);
}

buf_value_t *buf_bz_cast_or_copy(buf_bz_rewriter_t *rw, buf_builder_t *b,
                                 buf_value_t *buf, buf_type_t type) {
  if (buf->type == type)
    return buf;
  if (buf__bz_cast_always_valid(buf->type, type)) {
    buf_op_t *c = buf_build(b, "memref.cast", type, 1, &buf, NULL);
    return buf_op_result(c, 0);
  }
  buf_attr_t space = type->u.shaped.memory_space;
  if (buf->type->kind == BUF_TYPE_MEMREF && type->kind == BUF_TYPE_UNRANKED_MEMREF &&
      buf->type->u.shaped.memory_space == space) {
    buf_op_t *c = buf_build(b, "memref.cast", type, 1, &buf, NULL);
    return buf_op_result(c, 0);
  }
  /* a fresh identity-layout buffer in the target's memory space (no cast
   * crosses spaces; the copy does), then a cast to the target if needed */
  buf_type_t ident = buf_type_memref(rw->ctx, buf->type->u.shaped.rank,
                                     buf->type->u.shaped.shape,
                                     buf->type->u.shaped.elem, NULL, space);
  buf_value_t *alloc = buf_bz_alloc(rw, b, ident, buf, NULL);
  buf_bz_copy(rw, b, buf, alloc);
  if (ident == type)
    return alloc;
  buf_op_t *c = buf_build(b, "memref.cast", type, 1, &alloc, NULL);
  return buf_op_result(c, 0);
}

/* to_tensor of the buffer of v, placed before op. An op nested in a
 * terminator (scf.forall.in_parallel) gets it before the terminator: the
 * terminator's block holds only what it yields (parallel-combining ops). */
static buf_value_t *to_tensor_before(buf_bz_rewriter_t *rw, buf_op_t *op,
                                     buf_value_t *buffer, buf_type_t tensor) {
  buf_op_t *parent = buf_op_parent(op);
  if (parent && buf_op_has_trait(parent, BUF_TRAIT_TERMINATOR))
    op = parent;
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  buf_op_t *t = buf_build(&b, "bufferization.to_tensor", tensor, 1, &buffer, NULL);
  return buf_op_result(t, 0);
}

static bool op_has_tensors(const buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf__bz_is_tensor_type(op->operands[i].value->type))
      return true;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf__bz_is_tensor_type(op->results[i].type))
      return true;
  return false;
}

static bool regions_have_tensor_args(const buf_op_t *op) {
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
      for (uint32_t a = 0; a < b->num_args; a++)
        if (buf__bz_is_tensor_type(b->args[a]->type))
          return true;
      buf_op_t *t = b->last;
      if (t && buf_op_has_trait(t, BUF_TRAIT_TERMINATOR) && op_has_tensors(t))
        return true;
    }
  return false;
}

/* The tensor type a buffer of type mt stands for; under
 * use-encoding-for-memory-space its memory space is the tensor's encoding
 * (the encoding the buffer's space came from). */
static buf_type_t tensor_for_buffer(buf_bz_rewriter_t *rw, buf_type_t mt) {
  buf_type_t t = buf_type_tensor_for_memref(rw->ctx, mt);
  if (rw->bz->opts.use_encoding_for_memory_space && t->kind == BUF_TYPE_TENSOR &&
      mt->kind == BUF_TYPE_MEMREF && mt->u.shaped.memory_space)
    t = buf_type_tensor(rw->ctx, t->u.shaped.rank, t->u.shaped.shape,
                        t->u.shaped.elem, mt->u.shaped.memory_space);
  return t;
}

/* Keeps op on tensors: operands that were bufferized are read back through
 * bufferization.to_tensor; results stay tensors (a to_buffer is made when
 * a buffer is needed). */
buf_status_t buf__bz_keep_on_tensors(buf_bz_rewriter_t *rw, buf_op_t *op) {
  /* partial bufferization keeps loops and branches of other dialects on
   * tensors: their region arguments are read-only to the analysis and get
   * to_buffer materializations like any tensor nothing bufferized */
  if (!buf__bz_filters_ops(&rw->bz->opts) && regions_have_tensor_args(op)) {
    buf_op_emit_error(op, "cannot bufferize: an unknown op whose regions "
                          "carry tensors is not supported");
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf_value_t *v = op->operands[i].value;
    buf_value_t *m = buf__bz_mapped(rw, v);
    /* m = to_buffer(v): nothing wrote it (it is not writable), v is it */
    if (!m || (m->def && buf__bz_is_to_buffer(m->def) &&
               m->def->operands[0].value == v))
      continue;
    /* a value retyped in place (a function argument under function
     * boundaries, a loop's iter_arg) is its own buffer now: the op still
     * wants the tensor it stood for */
    buf_type_t tensor = buf__bz_is_tensor_type(v->type)
                            ? v->type
                            : tensor_for_buffer(rw, m->type);
    buf_op_set_operand(op, i, to_tensor_before(rw, op, m, tensor));
  }
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
      if (BUF_FAILED(buf_bz_rewrite_block(rw, b)))
        return BUF_FAILURE;
  return BUF_SUCCESS;
}

/* Does the op have tensor operands, results, region arguments, terminator
 * operands, or a type attribute mentioning tensors (a signature)? */
static bool op_mentions_tensors(const buf_op_t *op) {
  if (op_has_tensors(op) || regions_have_tensor_args(op))
    return true;
  buf_attr_t d = op->attrs;
  for (uint32_t i = 0; d && i < d->u.dict.n; i++) {
    buf_attr_t a = d->u.dict.entries[i].value;
    if (a->kind == BUF_ATTR_TYPE && buf__bz_type_mentions_tensor(a->type))
      return true;
  }
  return false;
}

/* Under partial bufferization, is op the terminator of an op that stays
 * on tensors (an scf.yield of a kept scf.while)? It must stay too. */
static bool ends_kept_region(buf_bz_rewriter_t *rw, buf_op_t *op) {
  buf_op_t *parent = buf_op_parent(op);
  if (!buf__bz_filters_ops(&rw->bz->opts) || !parent ||
      !buf_op_has_trait(op, BUF_TRAIT_TERMINATOR))
    return false;
  const buf_bufferize_model_t *pm = buf_bz_model_of(rw->bz, parent);
  return !pm || !pm->bufferize;
}

static buf_status_t rewrite_op(buf_bz_rewriter_t *rw, buf_op_t *op) {
  const buf_bufferize_model_t *m =
      ends_kept_region(rw, op) ? NULL : buf_bz_model_of(rw->bz, op);
  bool tensors = op_mentions_tensors(op);
  /* arguments retyped in place (function boundaries, loop iter_args) are
   * mapped to themselves: their users still need their models */
  /* (under partial bufferization an op without an active model may use
   * one too: it is kept on tensors and reads a to_tensor of it; memref ops
   * the models made after retyping are not such users) */
  bool check_retyped = (m && m->bufferize) ||
                       (buf__bz_filters_ops(&rw->bz->opts) &&
                        strncmp(op->name, "memref.", 7) != 0);
  for (uint32_t i = 0; check_retyped && !tensors && i < op->num_operands; i++)
    if (buf__bz_mapped(rw, op->operands[i].value))
      tensors = true;
  if (m && m->bufferize && tensors) {
    /* nested rewrites (region bodies) name their own ops as the cause */
    buf_op_t *outer = rw->cause;
    rw->cause = op;
    buf_status_t st = m->bufferize(rw, op);
    rw->cause = outer;
    return st;
  }
  if (!tensors) {
    for (uint32_t r = 0; r < op->num_regions; r++)
      for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
        if (BUF_FAILED(buf_bz_rewrite_block(rw, b)))
          return BUF_FAILURE;
    return BUF_SUCCESS;
  }
  /* an op the dialect filter leaves out is not bufferized, and so not an
   * unknown op (upstream's isOpAllowed comes first) */
  if (!buf_bz_options(rw->bz)->allow_unknown_ops &&
      buf__bz_filter_accepts(buf_bz_options(rw->bz), op->name)) {
    buf_op_emit_error(op, "cannot bufferize: op has no bufferization model "
                          "(use allow-unknown-ops to keep it on tensors)");
    return BUF_FAILURE;
  }
  return buf__bz_keep_on_tensors(rw, op);
}

buf_status_t buf_bz_rewrite_block(buf_bz_rewriter_t *rw, buf_block_t *b) {
  buf_op_t *next;
  for (buf_op_t *op = b->first; op; op = next) {
    next = op->next;
    if (is_scheduled(rw, op))
      continue;
    if (BUF_FAILED(rewrite_op(rw, op)))
      return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Regions with unstructured control flow                                    */
/* ------------------------------------------------------------------------ */

bool buf__bz_cfg_region_managed(buf_bz_rewriter_t *rw, buf_region_t *r) {
  return r && buf__ptrmap_get(&rw->cfg_regions, r) != NULL;
}

/* The blocks of r in reverse post-order of the successor graph from the
 * entry (every block after one of its dominators), then the unreachable
 * ones in their order. The caller frees the array; *num gets its length. */
static buf_block_t **blocks_in_rpo(buf_region_t *r, uint32_t *num) {
  uint32_t n = buf_region_num_blocks(r);
  buf_block_t **post = malloc((n + 1) * sizeof *post);
  buf_block_t **out = malloc((n + 1) * sizeof *out);
  buf_block_t **stack = malloc((n + 1) * sizeof *stack);
  uint32_t *next = malloc((n + 1) * sizeof *next);
  if (!post || !out || !stack || !next)
    abort(); /* out of memory only */
  buf__ptrmap_t seen = {0};
  uint32_t np = 0, sp = 0, k = 0;
  if (r->first) {
    buf__ptrmap_set(&seen, r->first, (void *)1);
    stack[sp] = r->first;
    next[sp++] = 0;
  }
  while (sp) {
    buf_block_t *b = stack[sp - 1];
    buf_op_t *t = b->last;
    if (t && next[sp - 1] < t->num_successors) {
      buf_block_t *s = t->successors[next[sp - 1]++];
      if (s && s->region == r && !buf__ptrmap_get(&seen, s)) {
        buf__ptrmap_set(&seen, s, (void *)1);
        stack[sp] = s;
        next[sp++] = 0;
      }
      continue;
    }
    post[np++] = b;
    sp--;
  }
  for (uint32_t i = np; i-- > 0;)
    out[k++] = post[i];
  for (buf_block_t *b = r->first; b; b = b->next)
    if (!buf__ptrmap_get(&seen, b))
      out[k++] = b;
  buf__ptrmap_free(&seen);
  free(post);
  free(stack);
  free(next);
  *num = k;
  return out;
}

/* A branch operand that forwards a value to a block argument of the region
 * (a chain per argument: next is an index + 1 into the edge array). */
typedef struct cfg_edge {
  buf_use_t *use;
  uint32_t next;
} cfg_edge_t;

/* Joins buffer type t into *into (NULL: none yet): equal types stay, other
 * ones make *differ. Buffers of different memory spaces cannot meet. */
static bool join_type(buf_type_t *into, bool *differ, buf_type_t t) {
  if (*into && *into != t &&
      (*into)->u.shaped.memory_space != t->u.shaped.memory_space)
    return false;
  *differ |= *into && *into != t;
  if (!*into)
    *into = t;
  return true;
}

/* The buffer type value v (forwarded to argument arg of block b by a
 * branch not rewritten yet) will have, followed back through in-place
 * updates: the type of the buffer it already has; the argument's own when
 * it is equivalent to it (NULL, and *link = arg's index) or is another
 * argument of b (NULL, *link = that index); a new allocation's type when
 * its op makes a fresh buffer. NULL with *link < 0: unknown. A wrong guess
 * costs a cast or a copy on the back edge, never correctness. */
static buf_type_t predict_buffer_type(buf_bz_rewriter_t *rw, buf_value_t *v,
                                      buf_block_t *b, buf_value_t *arg,
                                      int32_t *link) {
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  for (unsigned depth = 0; depth < 16; depth++) {
    buf_value_t *m = buf__bz_mapped(rw, v);
    if (m && buf_type_is_memref(m->type))
      return m->type;
    if (buf_bz_equivalent(rw->bz, v, arg)) {
      *link = (int32_t)arg->index;
      return NULL;
    }
    if (!v->def) {
      if (v->block == b)
        *link = (int32_t)v->index;
      return NULL;
    }
    buf_op_t *op = v->def;
    if (op->num_regions || !buf_bz_model_of(rw->bz, op))
      return NULL;
    buf_value_t *from = NULL;
    bool aliased = false;
    for (uint32_t i = 0; i < op->num_operands && !aliased; i++) {
      buf_use_t *u = &op->operands[i];
      /* (an argument retyped in place is a memref already) */
      if (!buf__bz_is_tensor_type(u->value->type) &&
          !buf__bz_mapped(rw, u->value))
        continue;
      uint32_t k = buf__bz_aliases(rw->bz, u, al, BUF_BZ_MAX_ALIASES);
      for (uint32_t j = 0; j < k; j++)
        if (al[j].value == v) {
          aliased = true;
          /* (an operand decided out of place is a copy by now) */
          if (al[j].rel == BUF_BZ_EQUIV)
            from = u->value;
        }
    }
    if (!aliased)
      return buf_bz_alloc_type(rw, v->type);
    if (!from)
      return NULL;
    v = from;
  }
  return NULL;
}

/* Gives the tensor arguments of block b memref types: the type every
 * incoming buffer has when they agree, otherwise a fully dynamic layout
 * (which every buffer casts to); incoming buffers of another type are cast
 * before their branch. A branch not rewritten yet (a back edge) forwards a
 * buffer whose type is predicted: the argument's own when the value is
 * equivalent to it (an in-place update), the type of the buffer it already
 * has, the type of another argument of b when it forwards that argument
 * (arguments that swap); any other value may get any layout, so the
 * argument gets the fully dynamic one and no copy is needed on the back
 * edge. That branch casts its operand when it is rewritten. */
static buf_status_t retype_block_args(buf_bz_rewriter_t *rw, buf_block_t *b,
                                      const cfg_edge_t *edges,
                                      buf__ptrmap_t *incoming) {
  uint32_t n = b->num_args;
  if (n > 256) {
    buf_emit_error(rw->ctx, b->args[0]->loc,
                   "cannot bufferize: more than 256 block arguments");
    return BUF_FAILURE;
  }
  buf_type_t types[256];
  bool differ[256];
  /* links[a * n + c]: argument a receives argument c on a back edge */
  bool *links = calloc((size_t)n * n + 1, sizeof *links);
  if (!links)
    abort(); /* out of memory only */
  for (uint32_t a = 0; a < n; a++) {
    buf_value_t *arg = b->args[a];
    types[a] = NULL;
    differ[a] = false;
    if (!buf__bz_is_tensor_type(arg->type))
      continue;
    for (uintptr_t e = (uintptr_t)buf__ptrmap_get(incoming, arg); e;
         e = edges[e - 1].next) {
      buf_use_t *u = edges[e - 1].use;
      buf_value_t *v = u->value;
      buf_type_t ot = buf_type_is_memref(v->type) ? v->type : NULL;
      if (!ot) {
        int32_t link = -1;
        ot = predict_buffer_type(rw, v, b, arg, &link);
        if (link >= 0)
          links[(size_t)a * n + (uint32_t)link] = true;
        if (!ot) {
          differ[a] |= link < 0;
          continue;
        }
      }
      if (!join_type(&types[a], &differ[a], ot)) {
        free(links);
        buf_op_emit_error(u->owner, "cannot bufferize: buffers of different "
                                    "memory spaces flow into one block "
                                    "argument");
        return BUF_FAILURE;
      }
    }
  }
  /* arguments handed around must agree: until nothing changes */
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t a = 0; a < n; a++)
      for (uint32_t c = 0; c < n; c++) {
        if (!links[(size_t)a * n + c] || a == c)
          continue;
        bool d = differ[a] || differ[c] ||
                 (types[a] && types[c] && types[a] != types[c]);
        buf_type_t t = types[a] ? types[a] : types[c];
        if (d != differ[a] || t != types[a] || d != differ[c] || t != types[c])
          changed = true;
        differ[a] = differ[c] = d;
        types[a] = types[c] = t;
      }
  }
  free(links);
  for (uint32_t a = 0; a < n; a++) {
    buf_value_t *arg = b->args[a];
    if (!buf__bz_is_tensor_type(arg->type))
      continue;
    buf_type_t t = types[a];
    if (!t || differ[a])
      t = buf_bz_dynamic_layout_type(rw->ctx, arg->type,
                                     t ? t->u.shaped.memory_space : NULL);
    buf_value_set_type(arg, t);
    buf_bz_map(rw, arg, arg);
    for (uintptr_t e = (uintptr_t)buf__ptrmap_get(incoming, arg); e;
         e = edges[e - 1].next) {
      buf_use_t *u = edges[e - 1].use;
      if (!buf_type_is_memref(u->value->type) || u->value->type == t)
        continue;
      buf_builder_t bb;
      buf_bz_builder(rw, u->owner, &bb);
      buf_op_set_operand(u->owner, u->index,
                         buf_bz_cast_or_copy(rw, &bb, u->value, t));
    }
  }
  return BUF_SUCCESS;
}

buf_status_t buf__bz_rewrite_cfg_region(buf_bz_rewriter_t *rw,
                                        buf_region_t *r) {
  if (!region_has_several_blocks(r)) {
    for (buf_block_t *b = r->first; b; b = b->next)
      if (BUF_FAILED(buf_bz_rewrite_block(rw, b)))
        return BUF_FAILURE;
    return BUF_SUCCESS;
  }
  buf__ptrmap_set(&rw->cfg_regions, r, (void *)1);
  /* which branch operands forward to which block arguments, before the
   * rewrite changes the operands */
  cfg_edge_t *edges = NULL;
  uint32_t num_edges = 0, cap_edges = 0;
  buf__ptrmap_t incoming = {0};
  buf_bz_alias_t al[BUF_BZ_MAX_ALIASES];
  for (buf_block_t *p = r->first; p; p = p->next) {
    buf_op_t *t = p->last;
    if (!t || !t->num_successors || !buf_bz_model_of(rw->bz, t))
      continue;
    for (uint32_t i = 0; i < t->num_operands; i++) {
      buf_use_t *u = &t->operands[i];
      if (!buf__bz_is_tensor_type(u->value->type) &&
          !buf__bz_mapped(rw, u->value))
        continue;
      uint32_t k = buf__bz_aliases(rw->bz, u, al, BUF_BZ_MAX_ALIASES);
      for (uint32_t j = 0; j < k; j++) {
        buf_value_t *arg = al[j].value;
        if (arg->def || !arg->block || arg->block->region != r)
          continue;
        if (num_edges == cap_edges) {
          cap_edges = cap_edges ? cap_edges * 2 : 16;
          edges = realloc(edges, cap_edges * sizeof *edges);
          if (!edges)
            abort();
        }
        edges[num_edges] = (cfg_edge_t){
            u, (uint32_t)(uintptr_t)buf__ptrmap_get(&incoming, arg)};
        buf__ptrmap_set(&incoming, arg, (void *)(uintptr_t)(++num_edges));
      }
    }
  }
  uint32_t n;
  buf_block_t **order = blocks_in_rpo(r, &n);
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < n && st == BUF_SUCCESS; i++) {
    if (order[i] != r->first &&
        buf__bz_block_args_bufferized(rw->bz, order[i]))
      st = retype_block_args(rw, order[i], edges, &incoming);
    if (st == BUF_SUCCESS)
      st = buf_bz_rewrite_block(rw, order[i]);
  }
  free(order);
  free(edges);
  buf__ptrmap_free(&incoming);
  return st;
}

/* Erases the old ops, users first; a result still used by a kept op is
 * handed to it as to_tensor of its buffer. */
static void erase_scheduled(buf_bz_rewriter_t *rw) {
  for (uint32_t k = rw->num_erase; k-- > 0;) {
    buf_op_t *op = rw->erase_list[k];
    for (uint32_t i = 0; i < op->num_results; i++) {
      buf_value_t *r = &op->results[i];
      if (!buf_value_has_uses(r))
        continue;
      buf_value_t *m = buf__bz_mapped(rw, r);
      if (m && buf__bz_is_tensor_type(r->type)) {
        buf_value_replace_all_uses(r, to_tensor_before(rw, op, m, r->type));
      }
    }
    bool used = false;
    for (uint32_t i = 0; i < op->num_results; i++)
      if (buf_value_has_uses(&op->results[i]))
        used = true;
    if (!used)
      buf_op_erase(op);
  }
}

buf_status_t buf__bz_rewrite(buf_bz_t *bz) {
  buf_bz_rewriter_t rw = {.bz = bz, .ctx = bz->ctx};
  buf_status_t st = BUF_SUCCESS;
  buf_block_t *body = bz->module->num_regions
                          ? buf_region_entry(bz->module->regions[0])
                          : NULL;
  if (body) {
    if (bz->opts.function_boundaries && bz->num_order) {
      for (uint32_t i = 0; i < bz->num_order && st == BUF_SUCCESS; i++)
        st = rewrite_op(&rw, bz->order[i]->func);
      buf_op_t *next;
      for (buf_op_t *op = body->first; op && st == BUF_SUCCESS; op = next) {
        next = op->next;
        if (!buf_op_has_trait(op, BUF_TRAIT_FUNCTION) && !is_scheduled(&rw, op))
          st = rewrite_op(&rw, op);
      }
    } else {
      st = buf_bz_rewrite_block(&rw, body);
    }
  }
  if (st == BUF_SUCCESS)
    erase_scheduled(&rw);
  buf__ptrmap_free(&rw.map);
  buf__ptrmap_free(&rw.erased);
  buf__ptrmap_free(&rw.cfg_regions);
  free(rw.erase_list);
  return st;
}

void buf__bz_erase_dead_allocs(buf_bz_t *bz) {
  for (uint32_t i = bz->num_rewrite_allocs; i-- > 0;) {
    buf_op_t *a = bz->rewrite_allocs[i];
    if (buf_value_has_uses(&a->results[0]))
      continue;
    buf__bz_report_erased(bz, a);
    buf_op_erase(a);
  }
  bz->num_rewrite_allocs = 0;
}

buf_op_t *buf__bz_rebuild(buf_bz_rewriter_t *rw, buf_op_t *op,
                          uint32_t num_operands, buf_value_t *const *operands,
                          uint32_t num_results, const buf_type_t *results) {
  buf_op_state_t st;
  buf_state_init(&st, rw->ctx, op->name, op->loc);
  buf_state_add_operands(&st, num_operands, operands);
  buf_state_add_results(&st, num_results, results);
  buf_attr_t d = op->attrs;
  for (uint32_t i = 0; d && i < d->u.dict.n; i++) {
    const char *name = d->u.dict.entries[i].name;
    if (strcmp(name, "__inplace_operands_attr__") == 0)
      continue;
    buf_state_set_attr(&st, name, d->u.dict.entries[i].value);
  }
  for (uint32_t r = 0; r < op->num_regions; r++) {
    buf_region_t *nr = buf_state_add_region(&st);
    buf_region_t *old = op->regions[r];
    while (old->first) {
      buf_block_t *blk = old->first;
      buf_region_remove_block(old, blk);
      buf_region_append_block(nr, blk);
    }
  }
  buf_builder_t b;
  buf_bz_builder(rw, op, &b);
  return buf_builder_insert(&b, &st);
}
