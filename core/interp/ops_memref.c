/*
 * ops_memref.c: semantics of the memref dialect with buffer semantics.
 *
 * A memref value is a descriptor (buffer, offset, sizes, strides) as in
 * MLIR's lowering; views (subview, cast, reshapes, reinterpret_cast,
 * transpose) make new descriptors on the same buffer. Every access checks,
 * in this order: the buffer is not freed (use after free, with notes at the
 * allocation and the free), the indices are inside the view's sizes, the element is
 * inside the buffer, and for reads that the element was initialized; for
 * writes that the buffer is not a constant global. dealloc checks double
 * free, non-heap buffers and views not at the allocation base.
 */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANK 16

static buf__memref_t *memref_operand(buf__interp_t *I, buf__frame_t *F,
                                     buf_op_t *op, uint32_t i) {
  buf__ival_t v = buf__operand(I, F, op, i);
  if (v.kind != IV_MEMREF) {
    buf__err(I, op, "operand #%u is not a memref value", i);
    return NULL;
  }
  return v.u.m;
}

static buf_diag_t *err_buf(buf__interp_t *I, buf_op_t *op,
                           const buf__buffer_t *b, const char *msg) {
  buf_diag_t *d = buf__err(I, op, "%s (buffer #%llu of %lld elements)", msg,
                           (unsigned long long)b->id, (long long)b->n);
  buf_diag_note(I->ctx, d, b->alloc_loc, "buffer allocated here");
  return d;
}

/* Resolves indices [start, start+rank) of op to a buffer position. */
static bool access(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                   const buf__memref_t *m, uint32_t start, bool write,
                   int64_t *pos) {
  if (BUF_FAILED(buf__memref_check_live(I, op, m)))
    return false;
  int64_t idx[MAX_RANK];
  if (m->rank > MAX_RANK || op->num_operands < start + m->rank) {
    buf__err(I, op, "wrong number of indices");
    return false;
  }
  for (uint32_t d = 0; d < m->rank; d++) {
    if (!buf__index_operand(I, F, op, start + d, &idx[d]))
      return false;
    if (idx[d] < 0 || idx[d] >= m->sizes[d]) {
      buf_diag_t *dg = buf__err(
          I, op, "out-of-bounds access: index %lld in dimension %u of size %lld",
          (long long)idx[d], d, (long long)m->sizes[d]);
      buf_diag_note(I->ctx, dg, m->buf->alloc_loc, "buffer allocated here");
      return false;
    }
  }
  int64_t l = buf__memref_linear(m, idx);
  if (l < 0 || l + (int64_t)m->cell_bytes > m->buf->n) {
    err_buf(I, op, m->buf, "out-of-bounds access outside the buffer");
    return false;
  }
  if (write && BUF_FAILED(buf__memref_check_write(I, op, m)))
    return false;
  *pos = l;
  return true;
}

static buf_status_t memref_load(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  int64_t pos;
  if (!m || !access(I, F, op, m, 1, false, &pos))
    return BUF_FAILURE;
  if (!buf__memref_is_init(m, pos)) {
    err_buf(I, op, m->buf, "read of uninitialized memory");
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0,
                  buf__cell_value(op->results[0].type, m->buf->data[pos]));
  return BUF_SUCCESS;
}

static buf_status_t memref_store(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  buf__ival_t v = buf__operand(I, F, op, 0);
  buf__memref_t *m = memref_operand(I, F, op, 1);
  int64_t pos;
  if (!m || !access(I, F, op, m, 2, true, &pos))
    return BUF_FAILURE;
  m->buf->data[pos] = buf__value_cell(v);
  buf__memref_set_init(m, pos, v.kind != IV_UNDEF);
  return BUF_SUCCESS;
}

/* Sizes of an alloc-like result from its type and dynamic operands. */
static bool alloc_shape(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                        buf_type_t t, uint32_t start, uint32_t n,
                        int64_t *shape) {
  uint32_t k = 0;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++) {
    if (t->u.shaped.shape[d] != BUF_DYNAMIC) {
      shape[d] = t->u.shaped.shape[d];
      continue;
    }
    if (k >= n) {
      buf__err(I, op, "missing dynamic size");
      return false;
    }
    if (!buf__index_operand(I, F, op, start + k++, &shape[d]))
      return false;
    if (shape[d] < 0) {
      buf__err(I, op, "negative dynamic size %lld", (long long)shape[d]);
      return false;
    }
  }
  return true;
}

/* The layout of type t for run-time shape: strides and offset (the type's
 * static strided layout where given, row-major otherwise). */
static void layout_for(buf_type_t t, const int64_t *shape, int64_t *strides,
                       int64_t *offset) {
  uint32_t rank = t->u.shaped.rank;
  int64_t st[MAX_RANK], off = 0;
  buf__identity_strides(rank, shape, strides);
  *offset = 0;
  if (t->u.shaped.layout &&
      !BUF_FAILED(buf_type_memref_strides(t, st, &off))) {
    for (uint32_t d = 0; d < rank; d++)
      if (st[d] != BUF_DYNAMIC)
        strides[d] = st[d];
    if (off != BUF_DYNAMIC)
      *offset = off;
  }
}

/* Number of elements a buffer needs to hold a view. */
static int64_t extent(uint32_t rank, int64_t offset, const int64_t *sizes,
                      const int64_t *strides) {
  int64_t hi = offset;
  for (uint32_t d = 0; d < rank; d++) {
    if (sizes[d] == 0)
      return offset;
    if (strides[d] > 0)
      hi += (sizes[d] - 1) * strides[d];
  }
  return hi + 1;
}

static buf_status_t alloc_common(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, buf__bufkind_t kind) {
  buf_type_t t = op->results[0].type;
  int64_t shape[MAX_RANK], strides[MAX_RANK], offset;
  uint32_t dlen;
  uint32_t ds = buf_op_segment(op, 0, &dlen);
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > MAX_RANK ||
      !alloc_shape(I, F, op, t, ds, dlen, shape))
    return BUF_FAILURE;
  uint32_t rank = t->u.shaped.rank;
  layout_for(t, shape, strides, &offset);
  buf__buffer_t *b = buf__buffer_new(I, op, t->u.shaped.elem,
                                     extent(rank, offset, shape, strides),
                                     kind, false);
  if (!b)
    return BUF_FAILURE;
  if (kind == BUFK_STACK) {
    b->next_stack = F->stack_bufs;
    F->stack_bufs = b;
  }
  buf__set_result(I, F, op, 0,
                  buf__iv_memref(buf__memref_new(b, rank, offset, shape,
                                                 strides)));
  return BUF_SUCCESS;
}

static buf_status_t memref_alloc(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  return alloc_common(I, F, op, (buf__bufkind_t)row->code);
}

/* Checks that m may be freed, then frees its buffer. */
static buf_status_t free_memref(buf__interp_t *I, buf_op_t *op,
                                const buf__memref_t *m) {
  buf__buffer_t *b = m->buf;
  if (b->freed) {
    buf_diag_t *d = buf__err(I, op, "double free of buffer #%llu",
                             (unsigned long long)b->id);
    buf_diag_note(I->ctx, d, b->alloc_loc, "buffer allocated here");
    buf_diag_note(I->ctx, d, b->free_loc, "buffer first freed here");
    return BUF_FAILURE;
  }
  if (b->kind != BUFK_HEAP) {
    static const char *const msgs[] = {
        "", "dealloc of a stack buffer (memref.alloca)",
        "dealloc of a global buffer (memref.get_global)",
        "dealloc of a buffer that was not allocated by memref.alloc"};
    err_buf(I, op, b, msgs[b->kind]);
    return BUF_FAILURE;
  }
  if (m->offset != 0) {
    err_buf(I, op, b, "dealloc of a view that does not start at the "
                      "allocation's base");
    return BUF_FAILURE;
  }
  buf__buffer_release(I, b, op->loc);
  return BUF_SUCCESS;
}

static buf_status_t memref_dealloc(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  return m ? free_memref(I, op, m) : BUF_FAILURE;
}

/* bufferization.dealloc needs the same checks. */
buf_status_t buf__memref_free(buf__interp_t *I, buf_op_t *op,
                              const buf__memref_t *m) {
  return free_memref(I, op, m);
}

static buf_status_t memref_realloc(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  buf_type_t t = op->results[0].type;
  int64_t shape[1], strides[1] = {1};
  if (!m || BUF_FAILED(buf__memref_check_live(I, op, m)) ||
      t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank != 1 ||
      !alloc_shape(I, F, op, t, 1, op->num_operands - 1, shape))
    return BUF_FAILURE;
  buf__buffer_t *nb = buf__buffer_new(I, op, t->u.shaped.elem, shape[0],
                                      BUFK_HEAP, false);
  if (!nb)
    return BUF_FAILURE;
  int64_t keep = m->sizes[0] < shape[0] ? m->sizes[0] : shape[0];
  for (int64_t i = 0; i < keep; i++) {
    int64_t p = m->offset + i * m->strides[0];
    nb->data[i] = m->buf->data[p];
    buf__buffer_set_init(nb, i, buf__buffer_is_init(m->buf, p));
  }
  buf__memref_t *nm = buf__memref_new(nb, 1, 0, shape, strides);
  if (BUF_FAILED(free_memref(I, op, m))) {
    free(nm);
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

/* Copies the elements of view src into view dst (same sizes). */
/* Bytes of one element of m: a view made by memref.view counts cells as
 * bytes, any other buffer holds elements of one width. */
static uint64_t element_bytes(const buf__memref_t *m) {
  if (m->buf->bytewise)
    return m->cell_bytes;
  return m->buf->n ? m->buf->bytes / (uint64_t)m->buf->n : 0;
}

buf_status_t buf__memref_copy(buf__interp_t *I, buf_op_t *op,
                              const buf__memref_t *src,
                              const buf__memref_t *dst) {
  if (BUF_FAILED(buf__memref_check_extent(I, op, src)) ||
      BUF_FAILED(buf__memref_check_extent(I, op, dst)))
    return BUF_FAILURE;
  if (src->rank != dst->rank ||
      memcmp(src->sizes, dst->sizes, src->rank * sizeof(int64_t))) {
    buf__err(I, op, "copy between memrefs of different shapes");
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__memref_check_write(I, op, dst)))
    return BUF_FAILURE;
  I->stats.copies++;
  int64_t n = buf__num_elements(src->rank, src->sizes);
  if (n == 0)
    return BUF_SUCCESS;
  I->stats.copied_bytes += (uint64_t)n * element_bytes(src);
  bool same_view = src->buf == dst->buf && src->offset == dst->offset &&
                   !memcmp(src->strides, dst->strides,
                           src->rank * sizeof(int64_t));
  if (same_view)
    return BUF_SUCCESS; /* a self-copy moves nothing */
  if (src->buf == dst->buf) {
    /* Partial overlap makes the result depend on the copy order. */
    uint8_t *mark = calloc((size_t)dst->buf->n, 1);
    if (!mark)
      abort(); /* out of memory */
    int64_t idx[MAX_RANK] = {0};
    do
      memset(mark + buf__memref_linear(dst, idx), 1, dst->cell_bytes);
    while (buf__next_index(dst->rank, dst->sizes, idx));
    memset(idx, 0, sizeof idx);
    bool overlap = false;
    do
      for (uint32_t k = 0; k < src->cell_bytes; k++)
        overlap |= mark[buf__memref_linear(src, idx) + k];
    while (!overlap && buf__next_index(src->rank, src->sizes, idx));
    free(mark);
    if (overlap) {
      err_buf(I, op, dst->buf, "copy between overlapping memrefs");
      return BUF_FAILURE;
    }
  }
  int64_t idx[MAX_RANK] = {0};
  do {
    int64_t s = buf__memref_linear(src, idx), d = buf__memref_linear(dst, idx);
    dst->buf->data[d] = src->buf->data[s];
    buf__memref_set_init(dst, d, buf__memref_is_init(src, s));
  } while (buf__next_index(src->rank, src->sizes, idx));
  return BUF_SUCCESS;
}

static buf_status_t memref_copy(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  buf__memref_t *s = memref_operand(I, F, op, 0);
  buf__memref_t *d = memref_operand(I, F, op, 1);
  if (!s || !d || s->rank > MAX_RANK)
    return BUF_FAILURE;
  return buf__memref_copy(I, op, s, d);
}

/* Checks the run-time descriptor against a ranked memref type's static
 * sizes, strides and offset. */
static bool desc_matches(buf__interp_t *I, buf_op_t *op, buf_type_t t,
                         const buf__memref_t *m) {
  if (t->kind != BUF_TYPE_MEMREF)
    return true;
  if (t->u.shaped.rank != m->rank) {
    buf__err(I, op, "rank %u does not match the type's rank %u", m->rank,
             t->u.shaped.rank);
    return false;
  }
  int64_t st[MAX_RANK], off;
  bool strided = m->rank <= MAX_RANK &&
                 !BUF_FAILED(buf_type_memref_strides(t, st, &off));
  for (uint32_t d = 0; d < m->rank; d++) {
    if (t->u.shaped.shape[d] != BUF_DYNAMIC &&
        t->u.shaped.shape[d] != m->sizes[d]) {
      buf__err(I, op, "size %lld of dimension %u does not match the static "
                      "size %lld of the type",
               (long long)m->sizes[d], d, (long long)t->u.shaped.shape[d]);
      return false;
    }
    /* strides of size-1 dims are irrelevant to addressing */
    if (strided && st[d] != BUF_DYNAMIC && st[d] != buf__memref_stride(m, d) &&
        m->sizes[d] != 1) {
      buf__err(I, op, "stride %lld of dimension %u does not match the "
                      "type's stride %lld",
               (long long)buf__memref_stride(m, d), d, (long long)st[d]);
      return false;
    }
  }
  if (strided && off != BUF_DYNAMIC && off != buf__memref_offset(m)) {
    buf__err(I, op, "offset %lld does not match the type's offset %lld",
             (long long)buf__memref_offset(m), (long long)off);
    return false;
  }
  return true;
}

static buf_status_t memref_cast(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  if (!m || (row->code == 0 && !desc_matches(I, op, op->results[0].type, m)))
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_ref(buf__iv_memref(m)));
  return BUF_SUCCESS;
}

static buf_status_t memref_subview(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  int64_t off[MAX_RANK], size[MAX_RANK], stride[MAX_RANK];
  if (!m || m->rank > MAX_RANK ||
      BUF_FAILED(buf__memref_check_live(I, op, m)))
    return BUF_FAILURE;
  int a = buf__mixed_list(I, F, op, "static_offsets", 1, off, MAX_RANK);
  int b = buf__mixed_list(I, F, op, "static_sizes", 2, size, MAX_RANK);
  int c = buf__mixed_list(I, F, op, "static_strides", 3, stride, MAX_RANK);
  if (a < 0 || b < 0 || c < 0)
    return BUF_FAILURE;
  if ((uint32_t)a != m->rank || (uint32_t)b != m->rank ||
      (uint32_t)c != m->rank) {
    buf__err(I, op, "subview lists do not match the source rank");
    return BUF_FAILURE;
  }
  int64_t noff = m->offset, nsizes[MAX_RANK], nstrides[MAX_RANK];
  for (uint32_t d = 0; d < m->rank; d++) {
    if (size[d] < 0 ||
        (size[d] > 0 &&
         (off[d] < 0 || off[d] >= m->sizes[d] ||
          off[d] + (size[d] - 1) * stride[d] < 0 ||
          off[d] + (size[d] - 1) * stride[d] >= m->sizes[d]))) {
      buf_diag_t *dg = buf__err(
          I, op,
          "out-of-bounds subview: dimension %u of size %lld accessed at "
          "offset %lld, size %lld, stride %lld",
          d, (long long)m->sizes[d], (long long)off[d], (long long)size[d],
          (long long)stride[d]);
      buf_diag_note(I->ctx, dg, m->buf->alloc_loc, "buffer allocated here");
      return BUF_FAILURE;
    }
    noff += off[d] * m->strides[d];
  }
  buf_type_t rt = op->results[0].type;
  bool dropped[MAX_RANK];
  int64_t full_strides[MAX_RANK], element_strides[MAX_RANK];
  for (uint32_t d = 0; d < m->rank; d++) {
    full_strides[d] = m->strides[d] * stride[d];
    element_strides[d] = buf__memref_stride(m, d) * stride[d];
  }
  if (!buf__dropped_memref_dims(op, rt, m->rank, element_strides, dropped)) {
    buf__err(I, op, "subview sizes do not match the result type");
    return BUF_FAILURE;
  }
  uint32_t r = 0;
  for (uint32_t d = 0; d < m->rank; d++)
    if (!dropped[d]) {
      int64_t want = rt->u.shaped.shape[r];
      if (want != BUF_DYNAMIC && want != size[d]) {
        buf__err(I, op, "subview size %lld in dimension %u does not match the "
                        "result type's %lld",
                 (long long)size[d], d, (long long)want);
        return BUF_FAILURE;
      }
      nsizes[r] = size[d];
      nstrides[r++] = full_strides[d];
    }
  buf__memref_t *nm = buf__memref_new(m->buf, r, noff, nsizes, nstrides);
  buf__memref_inherit(nm, m);
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

/* memref.transpose: a view of the same buffer whose dimension i is the
 * source's dimension perm(i), with that size and stride; the offset stays. */
static buf_status_t memref_transpose(buf__interp_t *I, buf__frame_t *F,
                                     buf_op_t *op,
                                     const buf__interp_row_t *row) {
  (void)row;
  buf__memref_t *m = memref_operand(I, F, op, 0);
  buf_attr_t a = buf_op_attr(op, "permutation");
  if (!m)
    return BUF_FAILURE;
  if (!a || a->kind != BUF_ATTR_AFFINE_MAP ||
      a->u.map->num_results != m->rank || m->rank > MAX_RANK) {
    buf__err(I, op, "permutation does not match the source rank");
    return BUF_FAILURE;
  }
  int64_t sizes[MAX_RANK], strides[MAX_RANK];
  for (uint32_t i = 0; i < m->rank; i++) {
    int64_t d = a->u.map->results[i]->value;
    sizes[i] = m->sizes[d];
    strides[i] = m->strides[d];
  }
  buf__memref_t *nm = buf__memref_new(m->buf, m->rank, m->offset, sizes,
                                      strides);
  buf__memref_inherit(nm, m);
  if (!desc_matches(I, op, op->results[0].type, nm)) {
    buf__iv_drop(I, buf__iv_memref(nm));
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

static buf_status_t memref_reinterpret_cast(buf__interp_t *I, buf__frame_t *F,
                                            buf_op_t *op,
                                            const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  int64_t off[1], size[MAX_RANK], stride[MAX_RANK];
  if (!m)
    return BUF_FAILURE;
  int a = buf__mixed_list(I, F, op, "static_offsets", 1, off, 1);
  int b = buf__mixed_list(I, F, op, "static_sizes", 2, size, MAX_RANK);
  int c = buf__mixed_list(I, F, op, "static_strides", 3, stride, MAX_RANK);
  if (a != 1 || b < 0 || b != c) {
    if (a >= 0 && b >= 0 && c >= 0)
      buf__err(I, op, "malformed reinterpret_cast lists");
    return BUF_FAILURE;
  }
  /* Offsets and strides count elements from the source's base. */
  int64_t unit = m->cell_bytes;
  for (int i = 0; i < b; i++)
    stride[i] *= unit;
  buf__memref_t *nm = buf__memref_new(m->buf, (uint32_t)b,
                                      m->base_shift + off[0] * unit, size,
                                      stride);
  buf__memref_inherit(nm, m);
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

static buf_status_t memref_collapse(buf__interp_t *I, buf__frame_t *F,
                                    buf_op_t *op,
                                    const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  uint32_t group[MAX_RANK], nd;
  if (!m || BUF_FAILED(buf__memref_check_live(I, op, m)))
    return BUF_FAILURE;
  int ng = buf__reassociation(I, op, group, MAX_RANK, &nd);
  if (ng < 0)
    return BUF_FAILURE;
  if (ng == 0) {
    /* An empty reassociation collapses a shape of unit dims to rank 0. */
    for (uint32_t d = 0; d < m->rank; d++)
      if (m->sizes[d] != 1) {
        buf__err(I, op, "collapse to rank 0 of a shape with non-unit dims");
        return BUF_FAILURE;
      }
    nd = 0;
  } else if (nd != m->rank) {
    buf__err(I, op, "reassociation does not cover the source rank");
    return BUF_FAILURE;
  }
  /* A group's stride is that of its innermost dim of size other than 1
   * (a unit dim's stride never moves the address: a rank-reduced slice
   * keeps 1 there), or of its last dim when every dim is 1. */
  int64_t sizes[MAX_RANK], strides[MAX_RANK];
  bool found[MAX_RANK];
  for (int g = 0; g < ng; g++) {
    sizes[g] = 1;
    strides[g] = 1;
    found[g] = false;
  }
  for (uint32_t d = nd; d-- > 0;) {
    uint32_t g = group[d];
    bool last = d + 1 == nd || group[d + 1] != g;
    if (!found[g] && (last || m->sizes[d] != 1))
      strides[g] = m->strides[d];
    if (m->sizes[d] != 1)
      found[g] = true;
  }
  for (uint32_t d = 0; d < nd; d++) {
    uint32_t g = group[d];
    sizes[g] *= m->sizes[d];
    bool last = d + 1 == nd || group[d + 1] != g;
    if (!last && m->sizes[d] != 1) {
      /* inside a group, the next non-unit dim must be contiguous */
      int64_t inner = 1, e = d + 1;
      for (; (uint32_t)e < nd && group[e] == g; e++)
        inner *= m->sizes[e];
      uint32_t k = d + 1;
      while (k + 1 < nd && group[k + 1] == g && m->sizes[k] == 1)
        k++;
      if (inner > 1 && m->strides[d] != m->strides[k] * m->sizes[k]) {
        buf__err(I, op, "collapse of non-contiguous dimensions");
        return BUF_FAILURE;
      }
    }
  }
  buf__memref_t *nm = buf__memref_new(m->buf, (uint32_t)ng, m->offset, sizes,
                                      strides);
  buf__memref_inherit(nm, m);
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

static buf_status_t memref_expand(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  uint32_t group[MAX_RANK], nd;
  int64_t shape[MAX_RANK], strides[MAX_RANK], prod[MAX_RANK];
  if (!m || BUF_FAILED(buf__memref_check_live(I, op, m)))
    return BUF_FAILURE;
  int ng = buf__reassociation(I, op, group, MAX_RANK, &nd);
  if (ng < 0)
    return BUF_FAILURE;
  int n = buf__mixed_list(I, F, op, "static_output_shape", 1, shape,
                          MAX_RANK);
  if (n < 0)
    return BUF_FAILURE;
  if ((uint32_t)n != nd || (uint32_t)ng != m->rank) {
    buf__err(I, op, "reassociation does not match the shapes");
    return BUF_FAILURE;
  }
  for (int g = 0; g < ng; g++)
    prod[g] = m->strides[g];
  for (uint32_t d = nd; d-- > 0;) {
    strides[d] = prod[group[d]];
    prod[group[d]] *= shape[d];
  }
  for (int g = 0; g < ng; g++) {
    int64_t p = 1;
    for (uint32_t d = 0; d < nd; d++)
      if (group[d] == (uint32_t)g)
        p *= shape[d];
    if (p != m->sizes[g]) {
      buf__err(I, op, "output shape does not match source dimension %d", g);
      return BUF_FAILURE;
    }
  }
  buf__memref_t *nm = buf__memref_new(m->buf, nd, m->offset, shape, strides);
  buf__memref_inherit(nm, m);
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

/* memref.reshape %src(%shape): the source's elements, which must be
 * contiguous, under the shape held in a 1-D memref (identity strides). */
static buf_status_t memref_reshape(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  buf__memref_t *shape_m = memref_operand(I, F, op, 1);
  if (!m || !shape_m || BUF_FAILED(buf__memref_check_live(I, op, m)) ||
      BUF_FAILED(buf__memref_check_live(I, op, shape_m)))
    return BUF_FAILURE;
  buf_type_t shape_elem = buf_type_elem(buf_op_operand(op, 1)->type);
  int64_t rank = shape_m->sizes[0];
  if (rank > MAX_RANK) {
    buf__err(I, op, "reshape to rank %lld is beyond the interpreter's %d",
             (long long)rank, MAX_RANK);
    return BUF_FAILURE;
  }
  int64_t sizes[MAX_RANK], strides[MAX_RANK], n = 1;
  for (int64_t d = 0; d < rank; d++) {
    int64_t pos = buf__memref_linear(shape_m, &d);
    if (!buf__memref_is_init(shape_m, pos)) {
      err_buf(I, op, shape_m->buf, "read of uninitialized memory");
      return BUF_FAILURE;
    }
    buf__ival_t v = buf__cell_value(shape_elem, shape_m->buf->data[pos]);
    sizes[d] = (int64_t)buf__sext(v.u.i, buf__int_width(shape_elem));
    if (sizes[d] < 0) {
      buf__err(I, op, "negative size %lld in dimension %lld",
               (long long)sizes[d], (long long)d);
      return BUF_FAILURE;
    }
    n *= sizes[d];
  }
  /* contiguity: identity strides of the source's own shape */
  int64_t want = 1, count = 1;
  for (uint32_t d = m->rank; d-- > 0;) {
    if (m->sizes[d] != 1 && m->strides[d] != want) {
      buf__err(I, op, "reshape of a non-contiguous memref");
      return BUF_FAILURE;
    }
    want *= m->sizes[d];
    count *= m->sizes[d];
  }
  if (n != count) {
    buf__err(I, op, "reshape changes the number of elements (%lld to %lld)",
             (long long)count, (long long)n);
    return BUF_FAILURE;
  }
  int64_t stride = 1;
  for (int64_t d = rank; d-- > 0;) {
    strides[d] = stride;
    stride *= sizes[d];
  }
  buf__memref_t *nm = buf__memref_new(m->buf, (uint32_t)rank, m->offset,
                                      sizes, strides);
  buf__memref_inherit(nm, m);
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

/* memref.view %src[%byte_shift][%dynamic sizes]: an identity-layout view of
 * another element type over the bytes of a 1-D i8 buffer. The buffer becomes
 * bytewise (see interp_internal.h), so views that overlap in storage and in
 * time corrupt each other visibly, as they would in memory. */
static buf_status_t memref_view(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  buf_type_t t = op->results[0].type;
  int64_t shift, shape[MAX_RANK], strides[MAX_RANK];
  if (!m || BUF_FAILED(buf__memref_check_live(I, op, m)) ||
      !buf__index_operand(I, F, op, 1, &shift))
    return BUF_FAILURE;
  if (m->rank != 1 || m->cell_bytes != 1 || m->strides[0] != 1 ||
      t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > MAX_RANK) {
    buf__err(I, op, "memref.view needs a contiguous 1-D i8 source and a "
                    "ranked result");
    return BUF_FAILURE;
  }
  uint32_t rank = t->u.shaped.rank, next = 2;
  for (uint32_t d = 0; d < rank; d++) {
    shape[d] = t->u.shaped.shape[d];
    if (shape[d] == BUF_DYNAMIC &&
        !buf__index_operand(I, F, op, next++, &shape[d]))
      return BUF_FAILURE;
  }
  int64_t width = (int64_t)buf__elem_bytes(t->u.shaped.elem);
  buf__identity_strides(rank, shape, strides);
  for (uint32_t d = 0; d < rank; d++)
    strides[d] *= width;
  int64_t bytes = buf__num_elements(rank, shape) * width;
  if (shift < 0 || shift + bytes > m->sizes[0]) {
    err_buf(I, op, m->buf, "memref.view outside its source");
    return BUF_FAILURE;
  }
  m->buf->bytewise = true;
  buf__memref_t *nm = buf__memref_new(m->buf, rank, m->offset + shift, shape,
                                      strides);
  buf__memref_inherit(nm, m); /* read-only-ness; the addressing is new: */
  nm->cell_bytes = (uint32_t)width;
  nm->base_shift = m->offset + shift;
  buf__set_result(I, F, op, 0, buf__iv_memref(nm));
  return BUF_SUCCESS;
}

/* The buffer of a memref.global, created on first use. */
static buf__buffer_t *global_buffer(buf__interp_t *I, buf_op_t *op,
                                    buf_op_t *g, buf_type_t t) {
  uintptr_t v;
  if (buf__ipmap_get(&I->globals, g, &v))
    return (buf__buffer_t *)v;
  buf_attr_t init = buf_op_attr(g, "initial_value");
  bool has = buf_attr_is_elements(init);
  const char *bad = has ? buf_attr_elements_error(init) : NULL;
  if (bad) {
    buf__err(I, op, "%s", bad);
    return NULL;
  }
  buf__buffer_t *b = buf__buffer_new(I, g, t->u.shaped.elem,
                                     buf_type_num_elements(t), BUFK_GLOBAL,
                                     has);
  if (!b)
    return NULL;
  b->readonly = buf_op_has_attr(g, "constant");
  if (has) {
    buf_type_t et = t->u.shaped.elem;
    for (int64_t e = 0; e < b->n; e++) {
      if (buf_type_is_float(et))
        b->data[e].f =
            buf__round_float(et->u.fkind, buf_attr_dense_float(init, e));
      else
        b->data[e].i = buf__trunc((uint64_t)buf_attr_dense_int(init, e),
                                  buf__int_width(et));
    }
  }
  buf__ipmap_put(&I->globals, g, (uintptr_t)b);
  return b;
}

static buf_status_t memref_get_global(buf__interp_t *I, buf__frame_t *F,
                                      buf_op_t *op,
                                      const buf__interp_row_t *row) {
  buf_attr_t name = buf_op_attr(op, "name");
  buf_op_t *g = name && name->kind == BUF_ATTR_SYMBOL_REF
                    ? buf_symbol_lookup(I->module, name->u.symref.names[0])
                    : NULL;
  buf_type_t t = op->results[0].type;
  if (!g || t->kind != BUF_TYPE_MEMREF || !buf_type_has_static_shape(t) ||
      t->u.shaped.rank > MAX_RANK) {
    buf__err(I, op, "unknown global or non-static global type");
    return BUF_FAILURE;
  }
  buf__buffer_t *b = global_buffer(I, op, g, t);
  if (!b)
    return BUF_FAILURE;
  int64_t strides[MAX_RANK], off;
  layout_for(t, t->u.shaped.shape, strides, &off);
  buf__set_result(I, F, op, 0,
                  buf__iv_memref(buf__memref_new(b, t->u.shaped.rank, off,
                                                 t->u.shaped.shape, strides)));
  return BUF_SUCCESS;
}

static buf_status_t memref_nop(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                               const buf__interp_row_t *row) {
  return BUF_SUCCESS;
}

static buf_status_t memref_extract_strided_metadata(
    buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
    const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  if (!m || op->num_results != 2 + 2 * m->rank) {
    if (m)
      buf__err(I, op, "result count does not match the rank");
    return BUF_FAILURE;
  }
  buf__memref_t *base = buf__memref_new(m->buf, 0, m->base_shift, NULL, NULL);
  buf__memref_inherit(base, m);
  buf__set_result(I, F, op, 0, buf__iv_memref(base));
  buf__set_result(I, F, op, 1, buf__iv_int((uint64_t)buf__memref_offset(m)));
  for (uint32_t d = 0; d < m->rank; d++) {
    buf__set_result(I, F, op, 2 + d, buf__iv_int((uint64_t)m->sizes[d]));
    buf__set_result(I, F, op, 2 + m->rank + d,
                    buf__iv_int((uint64_t)buf__memref_stride(m, d)));
  }
  return BUF_SUCCESS;
}

static buf_status_t memref_aligned_pointer(buf__interp_t *I, buf__frame_t *F,
                                           buf_op_t *op,
                                           const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  if (!m)
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_int(buf__buffer_addr(m->buf)));
  return BUF_SUCCESS;
}

/* memref.assume_alignment: returns its operand (MLIR 22 has a result). */
static buf_status_t memref_passthrough(buf__interp_t *I, buf__frame_t *F,
                                       buf_op_t *op,
                                       const buf__interp_row_t *row) {
  buf__memref_t *m = memref_operand(I, F, op, 0);
  if (!m)
    return BUF_FAILURE;
  if (op->num_results)
    buf__set_result(I, F, op, 0, buf__iv_ref(buf__iv_memref(m)));
  return BUF_SUCCESS;
}

static const buf__interp_row_t rows[] = {
    {"memref.alloc", memref_alloc, BUFK_HEAP, NULL},
    {"memref.alloca", memref_alloc, BUFK_STACK, NULL},
    {"memref.realloc", memref_realloc, 0, NULL},
    {"memref.dealloc", memref_dealloc, 0, NULL},
    {"memref.load", memref_load, 0, NULL},
    {"memref.store", memref_store, 0, NULL},
    {"memref.copy", memref_copy, 0, NULL},
    /* the test dialect's stand-in copies as memref.copy does */
    {"test.copy", memref_copy, 0, NULL},
    {"memref.cast", memref_cast, 0, NULL},
    {"memref.memory_space_cast", memref_cast, 1, NULL},
    {"memref.subview", memref_subview, 0, NULL},
    {"memref.view", memref_view, 0, NULL},
    {"memref.reinterpret_cast", memref_reinterpret_cast, 0, NULL},
    {"memref.transpose", memref_transpose, 0, NULL},
    {"memref.collapse_shape", memref_collapse, 0, NULL},
    {"memref.reshape", memref_reshape, 0, NULL},
    {"memref.expand_shape", memref_expand, 0, NULL},
    {"memref.get_global", memref_get_global, 0, NULL},
    {"memref.global", memref_nop, 0, NULL},
    {"memref.extract_strided_metadata", memref_extract_strided_metadata, 0,
     NULL},
    {"memref.extract_aligned_pointer_as_index", memref_aligned_pointer, 0,
     NULL},
    {"memref.assume_alignment", memref_passthrough, 0, NULL},
};

const buf__interp_table_t buf__interp_memref_table = {
    rows, sizeof rows / sizeof rows[0]};
