/*
 * values.c: the interpreter's values: scalars at their type's width and
 * precision, reference-counted tensors, buffers with per-element
 * initialization bits, memref descriptors, and the helpers ops share to
 * read mixed static/dynamic lists, reassociations and rank reductions.
 *
 * Invariants: integer cells hold the value truncated to the type's width
 * (zero-extended); float cells hold a double exactly representable in the
 * type. A tensor's storage is never written while its reference count is
 * above 1. A freed buffer keeps its header (so later accesses are
 * diagnosed) but not its data.
 */
#include "interp_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

buf__ival_t buf__iv_ref(buf__ival_t v) {
  if (v.kind == IV_TENSOR && v.u.t)
    v.u.t->refcnt++;
  else if (v.kind == IV_MEMREF && v.u.m)
    v.u.m->refcnt++;
  return v;
}

void buf__iv_drop(buf__interp_t *I, buf__ival_t v) {
  if (v.kind == IV_TENSOR && v.u.t) {
    if (--v.u.t->refcnt == 0) {
      buf__mem_release(I, v.u.t->bytes);
      free(v.u.t->data);
      free(v.u.t->init);
      free(v.u.t);
    }
  } else if (v.kind == IV_MEMREF && v.u.m) {
    if (--v.u.m->refcnt == 0)
      free(v.u.m);
  }
}

uint64_t buf__elem_bytes(buf_type_t t) {
  uint32_t w = buf_type_bitwidth(t);
  return w ? (w + 7) / 8 : 8;
}

uint32_t buf__int_width(buf_type_t t) {
  if (t->kind == BUF_TYPE_INDEX)
    return 64;
  if (t->kind == BUF_TYPE_INTEGER)
    return t->u.integer.width;
  return 64;
}

/* Rounds a float to bfloat16 (round to nearest even), as a double. */
static double round_bf16(double d) {
  float f = (float)d;
  if (isnan(f))
    return d;
  uint32_t bits;
  memcpy(&bits, &f, 4);
  uint32_t lsb = (bits >> 16) & 1;
  bits += 0x7fff + lsb;
  bits &= 0xffff0000u;
  memcpy(&f, &bits, 4);
  return f;
}

double buf__round_float(buf_float_kind_t k, double d) {
  switch (k) {
  case BUF_F64:
    return d;
  case BUF_F32:
    return (double)(float)d;
  case BUF_F16:
    return (double)(_Float16)d;
  case BUF_BF16:
    return round_bf16(d);
  }
  return d;
}

buf__cell_t buf__attr_cell(buf_attr_t a, buf_type_t t) {
  buf__cell_t c = {0};
  if (buf_type_is_float(t)) {
    double f = 0;
    if (a->kind == BUF_ATTR_FLOAT)
      f = a->u.f;
    else if (a->kind == BUF_ATTR_INTEGER)
      f = (double)a->u.i;
    c.f = buf__round_float(t->u.fkind, f);
  } else {
    uint64_t i = 0;
    if (a->kind == BUF_ATTR_BOOL)
      i = a->u.b;
    else if (a->kind == BUF_ATTR_INTEGER)
      i = (uint64_t)a->u.i;
    c.i = buf__trunc(i, buf__int_width(t));
  }
  return c;
}

buf__ival_t buf__cell_value(buf_type_t t, buf__cell_t c) {
  return buf_type_is_float(t) ? buf__iv_float(c.f) : buf__iv_int(c.i);
}

int64_t buf__num_elements(uint32_t rank, const int64_t *shape) {
  int64_t n = 1;
  for (uint32_t i = 0; i < rank; i++)
    n *= shape[i];
  return n;
}

void buf__identity_strides(uint32_t rank, const int64_t *shape,
                           int64_t *strides) {
  int64_t s = 1;
  for (uint32_t i = rank; i-- > 0;) {
    strides[i] = s;
    s *= shape[i];
  }
}

bool buf__next_index(uint32_t rank, const int64_t *shape, int64_t *idx) {
  for (uint32_t d = rank; d-- > 0;) {
    if (++idx[d] < shape[d])
      return true;
    idx[d] = 0;
  }
  return false;
}

/* ------------------------------------------------------------------------ */
/* Tensors                                                                  */
/* ------------------------------------------------------------------------ */

buf__tensor_t *buf__tensor_new(buf__interp_t *I, buf_op_t *op, buf_type_t elem,
                               uint32_t rank, const int64_t *shape,
                               bool init) {
  int64_t n = 1;
  for (uint32_t i = 0; i < rank; i++) {
    if (shape[i] < 0) {
      buf__err(I, op, "negative dimension size %lld", (long long)shape[i]);
      return NULL;
    }
    if (shape[i] && n > INT64_MAX / 16 / shape[i]) {
      buf__err(I, op, "tensor too large");
      return NULL;
    }
    n *= shape[i];
  }
  uint64_t bytes = (uint64_t)n * buf__elem_bytes(elem);
  if (BUF_FAILED(buf__mem_acquire(I, op, bytes)))
    return NULL;
  buf__tensor_t *t = malloc(sizeof *t + (rank + 1) * sizeof(int64_t));
  if (!t)
    abort(); /* out of memory */
  t->refcnt = 1;
  t->rank = rank;
  t->n = n;
  t->shape = (int64_t *)(t + 1);
  if (rank)
    memcpy(t->shape, shape, rank * sizeof(int64_t));
  t->bytes = bytes;
  t->data = calloc(n ? (size_t)n : 1, sizeof(buf__cell_t));
  t->init = init ? NULL : calloc(n ? (size_t)n : 1, 1);
  if (!t->data || (!init && !t->init))
    abort(); /* out of memory */
  return t;
}

buf__tensor_t *buf__tensor_copy(buf__interp_t *I, buf_op_t *op,
                                buf_type_t elem, const buf__tensor_t *t) {
  buf__tensor_t *c = buf__tensor_new(I, op, elem, t->rank, t->shape, !t->init);
  if (!c)
    return NULL;
  memcpy(c->data, t->data, (size_t)t->n * sizeof(buf__cell_t));
  if (t->init)
    memcpy(c->init, t->init, (size_t)t->n);
  return c;
}

bool buf__tensor_make_unique(buf__interp_t *I, buf_op_t *op, buf_type_t elem,
                             buf__tensor_t **t) {
  if ((*t)->refcnt == 1)
    return true;
  buf__tensor_t *c = buf__tensor_copy(I, op, elem, *t);
  if (!c)
    return false;
  buf__iv_drop(I, buf__iv_tensor(*t));
  *t = c;
  return true;
}

void buf__tensor_set_init(buf__tensor_t *t, int64_t i, bool init) {
  if (t->init)
    t->init[i] = init;
  else if (!init) {
    t->init = malloc(t->n ? (size_t)t->n : 1);
    if (!t->init)
      abort(); /* out of memory */
    memset(t->init, 1, (size_t)t->n);
    t->init[i] = 0;
  }
}

/* ------------------------------------------------------------------------ */
/* Buffers and memrefs                                                      */
/* ------------------------------------------------------------------------ */

buf__buffer_t *buf__buffer_new(buf__interp_t *I, buf_op_t *op,
                               buf_type_t elem, int64_t n,
                               buf__bufkind_t kind, bool init) {
  if (n < 0 || n > INT64_MAX / 16) {
    buf__err(I, op, "invalid buffer size %lld", (long long)n);
    return NULL;
  }
  uint64_t bytes = (uint64_t)n * buf__elem_bytes(elem);
  if (BUF_FAILED(buf__mem_acquire(I, op, bytes)))
    return NULL;
  buf__buffer_t *b = calloc(1, sizeof *b);
  if (!b)
    abort(); /* out of memory */
  b->id = I->next_buffer_id++;
  b->kind = kind;
  b->n = n;
  b->bytes = bytes;
  b->alloc_loc = op ? op->loc : BUF_LOC_UNKNOWN;
  b->data = calloc(n ? (size_t)n : 1, sizeof(buf__cell_t));
  b->init = init ? NULL : calloc(n ? (size_t)n : 1, 1);
  if (!b->data || (!init && !b->init))
    abort(); /* out of memory */
  b->next = I->buffers;
  I->buffers = b;
  if (kind == BUFK_HEAP) {
    I->stats.heap_allocs++;
    I->live_heap_bytes += bytes;
    if (I->live_heap_bytes > I->stats.peak_heap_bytes)
      I->stats.peak_heap_bytes = I->live_heap_bytes;
  }
  else if (kind == BUFK_STACK)
    I->stats.stack_allocs++;
  return b;
}

void buf__buffer_release(buf__interp_t *I, buf__buffer_t *b, buf_loc_t loc) {
  if (b->freed)
    return;
  b->freed = true;
  b->free_loc = loc;
  free(b->data);
  free(b->init);
  b->data = NULL;
  b->init = NULL;
  buf__mem_release(I, b->bytes);
  if (b->kind == BUFK_HEAP)
    I->live_heap_bytes -= b->bytes;
}

void buf__buffer_set_init(buf__buffer_t *b, int64_t i, bool init) {
  if (b->init)
    b->init[i] = init;
  else if (!init) {
    b->init = malloc(b->n ? (size_t)b->n : 1);
    if (!b->init)
      abort(); /* out of memory */
    memset(b->init, 1, (size_t)b->n);
    b->init[i] = 0;
  }
}

void buf__memref_set_init(const buf__memref_t *m, int64_t pos, bool init) {
  buf__buffer_t *b = m->buf;
  if (!b->bytewise) {
    buf__buffer_set_init(b, pos, init);
    return;
  }
  if (!b->init) {
    b->init = malloc(b->n ? (size_t)b->n : 1);
    if (!b->init)
      abort(); /* out of memory */
    memset(b->init, 1, (size_t)b->n);
  }
  int64_t w = m->cell_bytes ? m->cell_bytes : 1;
  /* An element starting up to 15 bytes before pos that reaches into it is
   * partly overwritten: its value is gone. */
  for (int64_t q = pos > 15 ? pos - 15 : 0; q < pos; q++)
    if (b->init[q] && q + b->init[q] > pos)
      b->init[q] = 0;
  for (int64_t q = pos + 1; q < pos + w && q < b->n; q++)
    b->init[q] = 0;
  b->init[pos] = init ? (uint8_t)w : 0;
}

buf__memref_t *buf__memref_new(buf__buffer_t *b, uint32_t rank,
                               int64_t offset, const int64_t *sizes,
                               const int64_t *strides) {
  buf__memref_t *m = malloc(sizeof *m + (2 * rank + 1) * sizeof(int64_t));
  if (!m)
    abort(); /* out of memory */
  m->refcnt = 1;
  m->rank = rank;
  m->buf = b;
  m->offset = offset;
  m->cell_bytes = 1;
  m->base_shift = 0;
  m->ro_depth = 0;
  m->ro_func = NULL;
  m->ro_arg = NULL;
  m->sizes = (int64_t *)(m + 1);
  m->strides = m->sizes + rank;
  if (rank) {
    memcpy(m->sizes, sizes, rank * sizeof(int64_t));
    memcpy(m->strides, strides, rank * sizeof(int64_t));
  }
  return m;
}

uint64_t buf__buffer_addr(const buf__buffer_t *b) {
  return UINT64_C(0x10000) + UINT64_C(0x1000) * b->id;
}

buf_status_t buf__memref_check_live(buf__interp_t *I, buf_op_t *op,
                                    const buf__memref_t *m) {
  if (!m->buf->freed)
    return BUF_SUCCESS;
  buf_diag_t *d = buf__err(I, op, "use after free of buffer #%llu",
                           (unsigned long long)m->buf->id);
  buf_diag_note(I->ctx, d, m->buf->alloc_loc, "buffer allocated here");
  buf_diag_note(I->ctx, d, m->buf->free_loc, "buffer freed here");
  return BUF_FAILURE;
}

buf_status_t buf__memref_check_extent(buf__interp_t *I, buf_op_t *op,
                                      const buf__memref_t *m) {
  if (BUF_FAILED(buf__memref_check_live(I, op, m)))
    return BUF_FAILURE;
  int64_t lo = m->offset, hi = m->offset;
  for (uint32_t d = 0; d < m->rank; d++) {
    if (m->sizes[d] == 0)
      return BUF_SUCCESS; /* addresses nothing */
    int64_t span = (m->sizes[d] - 1) * m->strides[d];
    if (span < 0)
      lo += span;
    else
      hi += span;
  }
  hi += (int64_t)m->cell_bytes - 1; /* the last element's bytes */
  if (lo < 0 || hi >= m->buf->n) {
    buf_diag_t *d = buf__err(
        I, op,
        "out-of-bounds access: the view spans elements [%lld, %lld] of "
        "buffer #%llu of %lld elements",
        (long long)lo, (long long)hi, (unsigned long long)m->buf->id,
        (long long)m->buf->n);
    buf_diag_note(I->ctx, d, m->buf->alloc_loc, "buffer allocated here");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

buf_status_t buf__memref_check_write(buf__interp_t *I, buf_op_t *op,
                                     const buf__memref_t *m) {
  const buf__buffer_t *b = m->buf;
  if (b->readonly) {
    buf_diag_t *d = buf__err(
        I, op,
        "write into a read-only buffer: buffer #%llu of %lld elements is a "
        "constant memref.global",
        (unsigned long long)b->id, (long long)b->n);
    buf_diag_note(I->ctx, d, b->alloc_loc, "constant global defined here");
    return BUF_FAILURE;
  }
  if (m->ro_depth) {
    buf_attr_t name = buf_op_attr(m->ro_func, "sym_name");
    buf_diag_t *d = buf__err(
        I, op,
        "write into a read-only buffer: buffer #%llu of %lld elements was "
        "passed as argument #%u of '@%s', marked "
        "{bufferization.writable = false}",
        (unsigned long long)b->id, (long long)b->n, m->ro_arg->index,
        name && name->kind == BUF_ATTR_STRING ? name->u.str.data : "?");
    buf_diag_note(I->ctx, d, m->ro_arg->loc, "read-only argument declared here");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

const int64_t *buf__value_shape(buf__ival_t v, uint32_t *rank) {
  if (v.kind == IV_TENSOR) {
    *rank = v.u.t->rank;
    return v.u.t->shape;
  }
  if (v.kind == IV_MEMREF) {
    *rank = v.u.m->rank;
    return v.u.m->sizes;
  }
  *rank = 0;
  return NULL;
}

/* ------------------------------------------------------------------------ */
/* Operand helpers                                                          */
/* ------------------------------------------------------------------------ */

bool buf__check_defined(buf__interp_t *I, buf_op_t *op, buf__ival_t v) {
  if (v.kind != IV_UNDEF)
    return true;
  buf__err(I, op, "use of an uninitialized value (read from uninitialized "
                  "memory)");
  return false;
}

bool buf__index_operand(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                        uint32_t i, int64_t *out) {
  buf__ival_t v = buf__operand(I, F, op, i);
  if (!buf__check_defined(I, op, v))
    return false;
  if (v.kind != IV_INT) {
    buf__err(I, op, "operand #%u is not an integer", i);
    return false;
  }
  *out = buf__sext(v.u.i, buf__int_width(buf_op_operand(op, i)->type));
  return true;
}

int buf__mixed_list(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                    const char *static_attr, uint32_t seg, int64_t *out,
                    uint32_t max) {
  buf_attr_t a = buf_op_attr(op, static_attr);
  uint32_t start, len;
  int64_t sizes[1];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", sizes, 1) > 0) {
    start = buf_op_segment(op, seg, &len);
  } else {
    start = seg < op->num_operands ? seg : op->num_operands;
    len = op->num_operands - start;
  }
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || a->u.dense_array.count > max) {
    buf__err(I, op, "missing or malformed '%s'", static_attr);
    return -1;
  }
  uint32_t k = 0;
  for (int64_t i = 0; i < a->u.dense_array.count; i++) {
    int64_t v = a->u.dense_array.ints[i];
    if (v == BUF_DYNAMIC) {
      if (k >= len) {
        buf__err(I, op, "too few dynamic values for '%s'", static_attr);
        return -1;
      }
      if (!buf__index_operand(I, F, op, start + k, &v))
        return -1;
      k++;
    }
    out[i] = v;
  }
  return (int)a->u.dense_array.count;
}

int buf__reassociation(buf__interp_t *I, buf_op_t *op, uint32_t *group_of,
                       uint32_t max_dims, uint32_t *ndims) {
  buf_attr_t a = buf_op_attr(op, "reassociation");
  if (!a || a->kind != BUF_ATTR_ARRAY) {
    buf__err(I, op, "missing 'reassociation'");
    return -1;
  }
  uint32_t n = 0;
  for (uint32_t g = 0; g < a->u.array.n; g++) {
    buf_attr_t grp = a->u.array.elems[g];
    if (grp->kind == BUF_ATTR_ARRAY) {
      for (uint32_t j = 0; j < grp->u.array.n; j++) {
        if (n >= max_dims) {
          buf__err(I, op, "reassociation too large");
          return -1;
        }
        group_of[n++] = g;
      }
    } else if (grp->kind == BUF_ATTR_DENSE_ARRAY) {
      for (int64_t j = 0; j < grp->u.dense_array.count; j++) {
        if (n >= max_dims) {
          buf__err(I, op, "reassociation too large");
          return -1;
        }
        group_of[n++] = g;
      }
    }
  }
  *ndims = n;
  return (int)a->u.array.n;
}

bool buf__rank_reduction(uint32_t rank, const int64_t *sizes, uint32_t rrank,
                         const int64_t *rshape, bool *dropped) {
  uint32_t j = 0;
  uint32_t ndrop = rank - rrank;
  for (uint32_t d = 0; d < rank; d++) {
    dropped[d] = false;
    bool matches = j < rrank && (rshape[j] == BUF_DYNAMIC ||
                                 rshape[j] == sizes[d]);
    /* A unit dimension is dropped when it cannot be matched, or when the
     * remaining dimensions still outnumber the remaining result ones and
     * the next result dimension is not a unit one. */
    if (sizes[d] == 1 && ndrop > 0 &&
        (!matches || (rshape[j] != 1 && rshape[j] != BUF_DYNAMIC))) {
      dropped[d] = true;
      ndrop--;
      continue;
    }
    if (!matches)
      return false;
    j++;
  }
  return j == rrank && ndrop == 0;
}

/* Shared by both: result_strides is NULL for tensors. */
static bool dropped_dims(buf_op_t *op, buf_type_t result, uint32_t rank,
                         const int64_t *source_strides,
                         const int64_t *result_strides, bool *dropped) {
  buf_attr_t a = buf_op_attr(op, "static_sizes");
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || a->u.dense_array.count != rank)
    return false;
  const int64_t *rshape = result->u.shaped.shape;
  uint32_t rrank = result->u.shaped.rank, kept = 0;
  for (uint32_t d = 0; d < rank; d++) {
    bool unit = a->u.dense_array.ints[d] == 1;
    bool lines_up = kept < rrank && rshape[kept] == 1 &&
                    (!result_strides || result_strides[kept] == BUF_DYNAMIC ||
                     result_strides[kept] == source_strides[d]);
    dropped[d] = unit && !lines_up;
    if (!dropped[d])
      kept++;
  }
  return kept == rrank;
}

bool buf__dropped_dims(buf_op_t *op, buf_type_t result, uint32_t rank,
                       bool *dropped) {
  return dropped_dims(op, result, rank, NULL, NULL, dropped);
}

bool buf__dropped_memref_dims(buf_op_t *op, buf_type_t result, uint32_t rank,
                              const int64_t *source_strides, bool *dropped) {
  int64_t strides[64], offset;
  if (result->u.shaped.rank > 64 ||
      buf_type_memref_strides(result, strides, &offset) != BUF_SUCCESS)
    return dropped_dims(op, result, rank, NULL, NULL, dropped);
  return dropped_dims(op, result, rank, source_strides, strides, dropped);
}
