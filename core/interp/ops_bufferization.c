/*
 * ops_bufferization.c: semantics of the bufferization dialect, bridging
 * tensor values and buffers: to_tensor snapshots a buffer's contents (with
 * their initialization bits), to_buffer makes a new buffer holding a
 * tensor's contents, alloc_tensor is an uninitialized tensor (or a copy),
 * clone a new heap buffer, materialize_in_destination a copy into a tensor
 * or a buffer, dealloc frees with MLIR's retain/condition semantics.
 */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANK 16

static buf_status_t alloc_tensor(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  buf_type_t t = op->results[0].type;
  uint32_t dlen, clen;
  uint32_t ds = buf_op_segment(op, 0, &dlen);
  uint32_t cs = buf_op_segment(op, 1, &clen);
  if (clen) {
    buf__ival_t c = buf__operand(I, F, op, cs);
    if (c.kind != IV_TENSOR) {
      buf__err(I, op, "copy operand is not a tensor");
      return BUF_FAILURE;
    }
    buf__tensor_t *r = buf__tensor_copy(I, op, t->u.shaped.elem, c.u.t);
    if (!r)
      return BUF_FAILURE;
    buf__set_result(I, F, op, 0, buf__iv_tensor(r));
    return BUF_SUCCESS;
  }
  int64_t shape[MAX_RANK];
  uint32_t k = 0;
  if (t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank > MAX_RANK) {
    buf__err(I, op, "result must be a ranked tensor");
    return BUF_FAILURE;
  }
  for (uint32_t d = 0; d < t->u.shaped.rank; d++) {
    shape[d] = t->u.shaped.shape[d];
    if (shape[d] == BUF_DYNAMIC) {
      if (k >= dlen) {
        buf__err(I, op, "missing dynamic size");
        return BUF_FAILURE;
      }
      if (!buf__index_operand(I, F, op, ds + k++, &shape[d]))
        return BUF_FAILURE;
    }
  }
  buf__tensor_t *r = buf__tensor_new(I, op, t->u.shaped.elem,
                                     t->u.shaped.rank, shape, false);
  if (!r)
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* A tensor holding the elements of view m. */
static buf__tensor_t *snapshot(buf__interp_t *I, buf_op_t *op,
                               buf_type_t elem, const buf__memref_t *m) {
  if (m->rank > MAX_RANK ||
      BUF_FAILED(buf__memref_check_extent(I, op, m)))
    return NULL;
  buf__tensor_t *t = buf__tensor_new(I, op, elem, m->rank, m->sizes, true);
  if (!t || t->n == 0)
    return t;
  int64_t idx[MAX_RANK] = {0}, e = 0;
  do {
    int64_t p = buf__memref_linear(m, idx);
    t->data[e] = m->buf->data[p];
    if (!buf__memref_is_init(m, p))
      buf__tensor_set_init(t, e, false);
    e++;
  } while (buf__next_index(m->rank, m->sizes, idx));
  return t;
}

static buf_status_t to_tensor(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  buf__ival_t v = buf__operand(I, F, op, 0);
  if (v.kind != IV_MEMREF) {
    buf__err(I, op, "operand is not a memref");
    return BUF_FAILURE;
  }
  buf__tensor_t *t =
      snapshot(I, op, buf_type_elem(op->results[0].type), v.u.m);
  if (!t)
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_tensor(t));
  return BUF_SUCCESS;
}

/* Contract in interp_internal.h. */
buf__memref_t *buf__memref_of_tensor(buf__interp_t *I, buf_op_t *op,
                                     buf_type_t elem, const buf__tensor_t *t,
                                     buf__bufkind_t kind) {
  buf__buffer_t *b = buf__buffer_new(I, op, elem, t->n, kind, !t->init);
  if (!b)
    return NULL;
  memcpy(b->data, t->data, (size_t)t->n * sizeof *b->data);
  if (t->init)
    memcpy(b->init, t->init, (size_t)t->n);
  int64_t strides[MAX_RANK];
  buf__identity_strides(t->rank, t->shape, strides);
  return buf__memref_new(b, t->rank, 0, t->shape, strides);
}

static buf_status_t to_buffer(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row) {
  buf__ival_t v = buf__operand(I, F, op, 0);
  if (v.kind != IV_TENSOR || v.u.t->rank > MAX_RANK) {
    buf__err(I, op, "operand is not a tensor");
    return BUF_FAILURE;
  }
  buf__memref_t *m = buf__memref_of_tensor(I, op, buf_type_elem(op->results[0].type),
                               v.u.t, BUFK_TENSOR);
  if (!m)
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_memref(m));
  return BUF_SUCCESS;
}

static buf_status_t clone(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                          const buf__interp_row_t *row) {
  buf__ival_t v = buf__operand(I, F, op, 0);
  if (v.kind != IV_MEMREF) {
    buf__err(I, op, "operand is not a memref");
    return BUF_FAILURE;
  }
  buf_type_t elem = buf_type_elem(op->results[0].type);
  buf__tensor_t *t = snapshot(I, op, elem, v.u.m);
  if (!t)
    return BUF_FAILURE;
  buf__memref_t *m = buf__memref_of_tensor(I, op, elem, t, BUFK_HEAP);
  buf__iv_drop(I, buf__iv_tensor(t));
  if (!m)
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_memref(m));
  return BUF_SUCCESS;
}

static buf_status_t materialize(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  buf__ival_t s = buf__operand(I, F, op, 0), d = buf__operand(I, F, op, 1);
  if (s.kind != IV_TENSOR) {
    buf__err(I, op, "source is not a tensor");
    return BUF_FAILURE;
  }
  uint32_t drank;
  const int64_t *dshape = buf__value_shape(d, &drank);
  if (d.kind == IV_MEMREF &&
      BUF_FAILED(buf__memref_check_live(I, op, d.u.m)))
    return BUF_FAILURE;
  if ((d.kind != IV_TENSOR && d.kind != IV_MEMREF) ||
      drank != s.u.t->rank ||
      (drank && memcmp(dshape, s.u.t->shape, drank * sizeof(int64_t)))) {
    buf__err(I, op, "source and destination shapes differ");
    return BUF_FAILURE;
  }
  buf_type_t elem = buf_type_elem(buf_op_operand(op, 0)->type);
  if (d.kind == IV_TENSOR) {
    buf__tensor_t *r = buf__tensor_copy(I, op, elem, s.u.t);
    if (!r)
      return BUF_FAILURE;
    buf__set_result(I, F, op, 0, buf__iv_tensor(r));
    return BUF_SUCCESS;
  }
  buf__memref_t *tmp = buf__memref_of_tensor(I, op, elem, s.u.t, BUFK_TENSOR);
  if (!tmp)
    return BUF_FAILURE;
  buf_interp_stats_t before = I->stats;
  buf_status_t st = buf__memref_copy(I, op, tmp, d.u.m);
  /* not a memref.copy of the program */
  I->stats.copies = before.copies;
  I->stats.copied_bytes = before.copied_bytes;
  buf__buffer_release(I, tmp->buf, op->loc);
  buf__iv_drop(I, buf__iv_memref(tmp));
  return st;
}

static buf_status_t nop(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                        const buf__interp_row_t *row) {
  return BUF_SUCCESS;
}

/* bufferization.dealloc (memrefs, conditions, retained): frees each base
 * buffer whose condition holds unless a retained memref aliases it; result
 * i says whether retained i aliases a buffer with a true condition. */
static buf_status_t dealloc(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                            const buf__interp_row_t *row) {
  uint32_t nm, nc, nr;
  uint32_t sm = buf_op_segment(op, 0, &nm);
  uint32_t sc = buf_op_segment(op, 1, &nc);
  uint32_t sr = buf_op_segment(op, 2, &nr);
  if (nm != nc) {
    buf__err(I, op, "memref and condition counts differ");
    return BUF_FAILURE;
  }
  bool *cond = calloc(nm + 1, sizeof *cond);
  if (!cond)
    abort(); /* out of memory */
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < nm && !BUF_FAILED(st); i++) {
    buf__ival_t c = buf__operand(I, F, op, sc + i);
    buf__ival_t m = buf__operand(I, F, op, sm + i);
    if (!buf__check_defined(I, op, c) || m.kind != IV_MEMREF)
      st = BUF_FAILURE;
    else
      cond[i] = c.u.i & 1;
  }
  for (uint32_t r = 0; r < nr && !BUF_FAILED(st); r++) {
    buf__ival_t rv = buf__operand(I, F, op, sr + r);
    bool any = false;
    for (uint32_t i = 0; i < nm; i++)
      if (cond[i] && rv.kind == IV_MEMREF &&
          buf__operand(I, F, op, sm + i).u.m->buf == rv.u.m->buf)
        any = true;
    buf__set_result(I, F, op, r, buf__iv_int(any));
  }
  for (uint32_t i = 0; i < nm && !BUF_FAILED(st); i++) {
    if (!cond[i])
      continue;
    buf__memref_t *m = buf__operand(I, F, op, sm + i).u.m;
    bool retained = false, dup = false;
    for (uint32_t r = 0; r < nr; r++) {
      buf__ival_t rv = buf__operand(I, F, op, sr + r);
      if (rv.kind == IV_MEMREF && rv.u.m->buf == m->buf)
        retained = true;
    }
    for (uint32_t j = 0; j < i; j++)
      if (cond[j] && buf__operand(I, F, op, sm + j).u.m->buf == m->buf)
        dup = true;
    if (retained || dup)
      continue;
    st = buf__memref_free(I, op, m);
  }
  free(cond);
  return st;
}

static const buf__interp_row_t rows[] = {
    {"bufferization.alloc_tensor", alloc_tensor, 0, NULL},
    {"bufferization.to_tensor", to_tensor, 0, NULL},
    {"bufferization.to_buffer", to_buffer, 0, NULL},
    {"bufferization.to_memref", to_buffer, 0, NULL},
    {"bufferization.clone", clone, 0, NULL},
    {"bufferization.materialize_in_destination", materialize, 0, NULL},
    {"bufferization.dealloc_tensor", nop, 0, NULL},
    {"bufferization.dealloc", dealloc, 0, NULL},
};

const buf__interp_table_t buf__interp_bufferization_table = {
    rows, sizeof rows / sizeof rows[0]};
