/*
 * ops_tensor.c: semantics of the tensor dialect with value semantics: every
 * op that "modifies" a tensor (insert, insert_slice, ...) produces a new
 * tensor and leaves its operand unchanged. tensor.empty produces an
 * uninitialized tensor; reading one of its elements (extract) before it is
 * written is reported. Slices are bounds-checked, dynamic sizes checked
 * against the static parts of result types (tensor.cast), and expand_shape
 * checks that the output shape matches the source.
 */
#include "interp_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANK 16

static buf_type_t elem_of(buf_value_t *v) { return buf_type_elem(v->type); }

static buf__tensor_t *tensor_operand(buf__interp_t *I, buf__frame_t *F,
                                     buf_op_t *op, uint32_t i) {
  buf__ival_t v = buf__operand(I, F, op, i);
  if (v.kind != IV_TENSOR) {
    buf__err(I, op, "operand #%u is not a tensor value", i);
    return NULL;
  }
  return v.u.t;
}

/* Result sizes of a result type whose dynamic dims come from operands
 * [start, start+n). */
static bool dynamic_shape(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                          buf_type_t t, uint32_t start, uint32_t n,
                          int64_t *shape) {
  if (t->kind != BUF_TYPE_TENSOR && t->kind != BUF_TYPE_MEMREF) {
    buf__err(I, op, "result must be ranked");
    return false;
  }
  uint32_t k = 0;
  for (uint32_t d = 0; d < t->u.shaped.rank; d++) {
    if (t->u.shaped.shape[d] != BUF_DYNAMIC) {
      shape[d] = t->u.shaped.shape[d];
      continue;
    }
    if (k >= n || !buf__index_operand(I, F, op, start + k, &shape[d])) {
      if (k >= n)
        buf__err(I, op, "missing dynamic size");
      return false;
    }
    if (shape[d] < 0) {
      buf__err(I, op, "negative dynamic size %lld", (long long)shape[d]);
      return false;
    }
    k++;
  }
  return true;
}

/* Checks that indices are inside shape; error at op otherwise. */
static bool check_index(buf__interp_t *I, buf_op_t *op, uint32_t rank,
                        const int64_t *shape, const int64_t *idx) {
  for (uint32_t d = 0; d < rank; d++)
    if (idx[d] < 0 || idx[d] >= shape[d]) {
      buf__err(I, op,
               "out-of-bounds access: index %lld in dimension %u of size %lld",
               (long long)idx[d], d, (long long)shape[d]);
      return false;
    }
  return true;
}

static int64_t linear(uint32_t rank, const int64_t *shape,
                      const int64_t *idx) {
  int64_t l = 0;
  for (uint32_t d = 0; d < rank; d++)
    l = l * shape[d] + idx[d];
  return l;
}

static bool read_indices(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                         uint32_t start, uint32_t rank, int64_t *idx) {
  if (rank > MAX_RANK || op->num_operands < start + rank) {
    buf__err(I, op, "wrong number of indices");
    return false;
  }
  for (uint32_t d = 0; d < rank; d++)
    if (!buf__index_operand(I, F, op, start + d, &idx[d]))
      return false;
  return true;
}

static buf_status_t tensor_empty(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  buf_type_t t = op->results[0].type;
  int64_t shape[MAX_RANK];
  if (t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank > MAX_RANK ||
      !dynamic_shape(I, F, op, t, 0, op->num_operands, shape))
    return BUF_FAILURE;
  buf__tensor_t *r = buf__tensor_new(I, op, t->u.shaped.elem,
                                     t->u.shaped.rank, shape, false);
  if (!r)
    return BUF_FAILURE;
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t tensor_splat(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  buf_type_t t = op->results[0].type;
  int64_t shape[MAX_RANK];
  buf__ival_t v = buf__operand(I, F, op, 0);
  if (t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank > MAX_RANK ||
      !dynamic_shape(I, F, op, t, 1, op->num_operands - 1, shape))
    return BUF_FAILURE;
  buf__tensor_t *r = buf__tensor_new(I, op, t->u.shaped.elem,
                                     t->u.shaped.rank, shape,
                                     v.kind != IV_UNDEF);
  if (!r)
    return BUF_FAILURE;
  buf__cell_t c = buf__value_cell(v);
  for (int64_t e = 0; e < r->n; e++)
    r->data[e] = c;
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t tensor_from_elements(buf__interp_t *I, buf__frame_t *F,
                                         buf_op_t *op,
                                         const buf__interp_row_t *row) {
  buf_type_t t = op->results[0].type;
  if (t->kind != BUF_TYPE_TENSOR ||
      buf_type_num_elements(t) != (int64_t)op->num_operands) {
    buf__err(I, op, "element count does not match the result type");
    return BUF_FAILURE;
  }
  buf__tensor_t *r = buf__tensor_new(I, op, t->u.shaped.elem,
                                     t->u.shaped.rank, t->u.shaped.shape,
                                     true);
  if (!r)
    return BUF_FAILURE;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf__ival_t v = buf__operand(I, F, op, i);
    r->data[i] = buf__value_cell(v);
    if (v.kind == IV_UNDEF)
      buf__tensor_set_init(r, i, false);
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t tensor_extract(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf__tensor_t *t = tensor_operand(I, F, op, 0);
  int64_t idx[MAX_RANK];
  if (!t || !read_indices(I, F, op, 1, t->rank, idx) ||
      !check_index(I, op, t->rank, t->shape, idx))
    return BUF_FAILURE;
  int64_t l = linear(t->rank, t->shape, idx);
  if (!buf__tensor_is_init(t, l)) {
    buf__err(I, op, "read of an uninitialized tensor element");
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0,
                  buf__cell_value(op->results[0].type, t->data[l]));
  return BUF_SUCCESS;
}

static buf_status_t tensor_insert(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, const buf__interp_row_t *row) {
  buf__ival_t v = buf__operand(I, F, op, 0);
  buf__tensor_t *t = tensor_operand(I, F, op, 1);
  int64_t idx[MAX_RANK];
  if (!t || !read_indices(I, F, op, 2, t->rank, idx) ||
      !check_index(I, op, t->rank, t->shape, idx))
    return BUF_FAILURE;
  buf__tensor_t *r = buf__tensor_copy(I, op, elem_of(op->results), t);
  if (!r)
    return BUF_FAILURE;
  int64_t l = linear(t->rank, t->shape, idx);
  r->data[l] = buf__value_cell(v);
  buf__tensor_set_init(r, l, v.kind != IV_UNDEF);
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Slices                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct slice {
  uint32_t rank;
  int64_t off[MAX_RANK], size[MAX_RANK], stride[MAX_RANK];
} slice_t;

/* Reads the offsets/sizes/strides whose dynamic operands are segments
 * first, first+1, first+2, and checks them against shape. */
static bool read_slice(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                       uint32_t first, uint32_t rank, const int64_t *shape,
                       slice_t *s) {
  int a = buf__mixed_list(I, F, op, "static_offsets", first, s->off, MAX_RANK);
  int b = buf__mixed_list(I, F, op, "static_sizes", first + 1, s->size,
                          MAX_RANK);
  int c = buf__mixed_list(I, F, op, "static_strides", first + 2, s->stride,
                          MAX_RANK);
  if (a < 0 || b < 0 || c < 0)
    return false;
  if ((uint32_t)a != rank || (uint32_t)b != rank || (uint32_t)c != rank) {
    buf__err(I, op, "slice lists do not match the rank %u", rank);
    return false;
  }
  s->rank = rank;
  for (uint32_t d = 0; d < rank; d++) {
    if (s->size[d] < 0) {
      buf__err(I, op, "negative slice size %lld in dimension %u",
               (long long)s->size[d], d);
      return false;
    }
    if (s->size[d] == 0)
      continue;
    int64_t last = s->off[d] + (s->size[d] - 1) * s->stride[d];
    if (s->off[d] < 0 || s->off[d] >= shape[d] || last < 0 ||
        last >= shape[d]) {
      buf__err(I, op,
               "out-of-bounds slice: dimension %u of size %lld accessed at "
               "offset %lld, size %lld, stride %lld",
               d, (long long)shape[d], (long long)s->off[d],
               (long long)s->size[d], (long long)s->stride[d]);
      return false;
    }
  }
  return true;
}

/* The source position of slice index idx (rank of the slice). */
static int64_t slice_linear(const slice_t *s, const int64_t *shape,
                            const int64_t *idx) {
  int64_t l = 0;
  for (uint32_t d = 0; d < s->rank; d++)
    l = l * shape[d] + s->off[d] + idx[d] * s->stride[d];
  return l;
}

static buf_status_t tensor_extract_slice(buf__interp_t *I, buf__frame_t *F,
                                         buf_op_t *op,
                                         const buf__interp_row_t *row) {
  buf__tensor_t *t = tensor_operand(I, F, op, 0);
  slice_t s;
  if (!t || t->rank > MAX_RANK ||
      !read_slice(I, F, op, 1, t->rank, t->shape, &s))
    return BUF_FAILURE;
  buf_type_t rt = op->results[0].type;
  bool dropped[MAX_RANK];
  int64_t rshape[MAX_RANK];
  uint32_t rr = 0;
  if (!buf__dropped_dims(op, rt, s.rank, dropped)) {
    buf__err(I, op, "slice sizes do not match the result type");
    return BUF_FAILURE;
  }
  for (uint32_t d = 0; d < s.rank; d++)
    if (!dropped[d]) {
      int64_t want = rt->u.shaped.shape[rr];
      if (want != BUF_DYNAMIC && want != s.size[d]) {
        buf__err(I, op, "slice size %lld in dimension %u does not match the "
                        "result type's %lld",
                 (long long)s.size[d], d, (long long)want);
        return BUF_FAILURE;
      }
      rshape[rr++] = s.size[d];
    }
  buf__tensor_t *r = buf__tensor_new(I, op, rt->u.shaped.elem, rr, rshape,
                                     !t->init);
  if (!r)
    return BUF_FAILURE;
  int64_t idx[MAX_RANK] = {0};
  if (r->n > 0) {
    int64_t e = 0;
    do {
      int64_t l = slice_linear(&s, t->shape, idx);
      r->data[e] = t->data[l];
      if (t->init)
        r->init[e] = t->init[l];
      e++;
    } while (buf__next_index(s.rank, s.size, idx));
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* Writes source into *dest (uniquely owned) at slice s. */
static bool write_slice(buf__interp_t *I, buf_op_t *op, const slice_t *s,
                        const buf__tensor_t *src, buf__tensor_t *dest) {
  if (buf__num_elements(s->rank, s->size) != src->n) {
    buf__err(I, op, "source shape does not match the slice sizes");
    return false;
  }
  /* the source's non-unit dims must match the slice's */
  bool dropped[MAX_RANK];
  if (!buf__rank_reduction(s->rank, s->size, src->rank, src->shape,
                           dropped)) {
    buf__err(I, op, "source shape does not match the slice sizes");
    return false;
  }
  if (src->n == 0)
    return true;
  int64_t idx[MAX_RANK] = {0}, e = 0;
  do {
    int64_t l = slice_linear(s, dest->shape, idx);
    dest->data[l] = src->data[e];
    buf__tensor_set_init(dest, l, buf__tensor_is_init(src, e));
    e++;
  } while (buf__next_index(s->rank, s->size, idx));
  return true;
}

static buf_status_t tensor_insert_slice(buf__interp_t *I, buf__frame_t *F,
                                        buf_op_t *op,
                                        const buf__interp_row_t *row) {
  buf__tensor_t *src = tensor_operand(I, F, op, 0);
  buf__tensor_t *dst = tensor_operand(I, F, op, 1);
  slice_t s;
  if (!src || !dst || dst->rank > MAX_RANK ||
      !read_slice(I, F, op, 2, dst->rank, dst->shape, &s))
    return BUF_FAILURE;
  buf__tensor_t *r = buf__tensor_copy(I, op, elem_of(op->results), dst);
  if (!r)
    return BUF_FAILURE;
  if (!write_slice(I, op, &s, src, r)) {
    buf__iv_drop(I, buf__iv_tensor(r));
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

buf_status_t buf__parallel_insert(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, buf__tensor_t **dest) {
  if (strcmp(op->name, "tensor.parallel_insert_slice") != 0) {
    buf__err(I, op, "unsupported op in scf.forall.in_parallel");
    return BUF_FAILURE;
  }
  buf__tensor_t *src = tensor_operand(I, F, op, 0);
  slice_t s;
  if (!src || (*dest)->rank > MAX_RANK ||
      !read_slice(I, F, op, 2, (*dest)->rank, (*dest)->shape, &s))
    return BUF_FAILURE;
  if (!buf__tensor_make_unique(I, op, elem_of(buf_op_operand(op, 1)), dest))
    return BUF_FAILURE;
  return write_slice(I, op, &s, src, *dest) ? BUF_SUCCESS : BUF_FAILURE;
}

/* ------------------------------------------------------------------------ */
/* Shapes                                                                   */
/* ------------------------------------------------------------------------ */

/* Checks a run-time shape against the static dims of type t. */
static bool shape_matches(buf_type_t t, uint32_t rank, const int64_t *shape) {
  if (t->kind == BUF_TYPE_UNRANKED_TENSOR || t->kind == BUF_TYPE_UNRANKED_MEMREF)
    return true;
  if (t->u.shaped.rank != rank)
    return false;
  for (uint32_t d = 0; d < rank; d++)
    if (t->u.shaped.shape[d] != BUF_DYNAMIC && t->u.shaped.shape[d] != shape[d])
      return false;
  return true;
}

static buf_status_t tensor_cast(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  buf__tensor_t *t = tensor_operand(I, F, op, 0);
  if (!t)
    return BUF_FAILURE;
  if (!shape_matches(op->results[0].type, t->rank, t->shape)) {
    buf__err(I, op, "cast to a type whose static shape does not match the "
                    "run-time shape");
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0, buf__iv_ref(buf__iv_tensor(t)));
  return BUF_SUCCESS;
}

/* tensor.dim and memref.dim. */
static buf_status_t shaped_dim(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                               const buf__interp_row_t *row) {
  buf__ival_t v = buf__operand(I, F, op, 0);
  int64_t i;
  uint32_t rank;
  if (!buf__index_operand(I, F, op, 1, &i))
    return BUF_FAILURE;
  if (v.kind == IV_MEMREF &&
      BUF_FAILED(buf__memref_check_live(I, op, v.u.m)))
    return BUF_FAILURE;
  const int64_t *shape = buf__value_shape(v, &rank);
  if (!shape && rank) {
    buf__err(I, op, "operand is not a shaped value");
    return BUF_FAILURE;
  }
  if (i < 0 || (uint64_t)i >= rank) {
    buf__err(I, op, "dimension index %lld out of range for rank %u",
             (long long)i, rank);
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0, buf__iv_int((uint64_t)shape[i]));
  return BUF_SUCCESS;
}

/* tensor.rank and memref.rank. */
static buf_status_t shaped_rank(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  uint32_t rank;
  buf__value_shape(buf__operand(I, F, op, 0), &rank);
  buf__set_result(I, F, op, 0, buf__iv_int(rank));
  return BUF_SUCCESS;
}

/* Copies t's data under a new shape. */
static buf_status_t reshape_to(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                               buf__tensor_t *t, uint32_t rank,
                               const int64_t *shape) {
  if (buf__num_elements(rank, shape) != t->n) {
    buf__err(I, op, "reshape changes the number of elements (%lld to %lld)",
             (long long)t->n, (long long)buf__num_elements(rank, shape));
    return BUF_FAILURE;
  }
  buf__tensor_t *r = buf__tensor_new(I, op, elem_of(op->results), rank, shape,
                                     !t->init);
  if (!r)
    return BUF_FAILURE;
  memcpy(r->data, t->data, (size_t)t->n * sizeof *r->data);
  if (t->init)
    memcpy(r->init, t->init, (size_t)t->n);
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t tensor_collapse(buf__interp_t *I, buf__frame_t *F,
                                    buf_op_t *op,
                                    const buf__interp_row_t *row) {
  buf__tensor_t *t = tensor_operand(I, F, op, 0);
  uint32_t group[MAX_RANK], nd;
  if (!t)
    return BUF_FAILURE;
  int ng = buf__reassociation(I, op, group, MAX_RANK, &nd);
  if (ng < 0)
    return BUF_FAILURE;
  if (ng == 0) {
    /* An empty reassociation collapses a shape of unit dims to rank 0. */
    for (uint32_t d = 0; d < t->rank; d++)
      if (t->shape[d] != 1) {
        buf__err(I, op, "collapse to rank 0 of a shape with non-unit dims");
        return BUF_FAILURE;
      }
    nd = 0;
  } else if (nd != t->rank) {
    buf__err(I, op, "reassociation does not cover the source rank");
    return BUF_FAILURE;
  }
  int64_t shape[MAX_RANK];
  for (int g = 0; g < ng; g++)
    shape[g] = 1;
  for (uint32_t d = 0; d < nd; d++)
    shape[group[d]] *= t->shape[d];
  return reshape_to(I, F, op, t, (uint32_t)ng, shape);
}

static buf_status_t tensor_expand(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, const buf__interp_row_t *row) {
  buf__tensor_t *t = tensor_operand(I, F, op, 0);
  uint32_t group[MAX_RANK], nd;
  int64_t shape[MAX_RANK], prod[MAX_RANK] = {0};
  if (!t)
    return BUF_FAILURE;
  int ng = buf__reassociation(I, op, group, MAX_RANK, &nd);
  if (ng < 0)
    return BUF_FAILURE;
  int n = buf__mixed_list(I, F, op, "static_output_shape", 1, shape,
                          MAX_RANK);
  if (n < 0)
    return BUF_FAILURE;
  if ((uint32_t)n != nd || (uint32_t)ng != t->rank) {
    buf__err(I, op, "reassociation does not match the shapes");
    return BUF_FAILURE;
  }
  for (int g = 0; g < ng; g++)
    prod[g] = 1;
  for (uint32_t d = 0; d < nd; d++)
    prod[group[d]] *= shape[d];
  for (int g = 0; g < ng; g++)
    if (prod[g] != t->shape[g]) {
      buf__err(I, op, "output shape does not match source dimension %d "
                      "(%lld vs %lld)",
               g, (long long)prod[g], (long long)t->shape[g]);
      return BUF_FAILURE;
    }
  return reshape_to(I, F, op, t, nd, shape);
}

/* tensor.reshape %src(%shape): the shape operand is a 1-d tensor. */
static buf_status_t tensor_reshape(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op,
                                   const buf__interp_row_t *row) {
  buf__tensor_t *t = tensor_operand(I, F, op, 0);
  buf__tensor_t *s = tensor_operand(I, F, op, 1);
  if (!t || !s)
    return BUF_FAILURE;
  if (s->n > MAX_RANK) {
    buf__err(I, op, "shape too large");
    return BUF_FAILURE;
  }
  int64_t shape[MAX_RANK];
  uint32_t w = buf__int_width(elem_of(buf_op_operand(op, 1)));
  for (int64_t i = 0; i < s->n; i++)
    shape[i] = buf__sext(s->data[i].i, w);
  return reshape_to(I, F, op, t, (uint32_t)s->n, shape);
}

/* Runs a body with index arguments idx and reads its yielded scalar. */
static bool yield_at(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                     uint32_t rank, const int64_t *idx, buf__ival_t *out) {
  buf__ival_t args[MAX_RANK];
  for (uint32_t d = 0; d < rank; d++)
    args[d] = buf__iv_int((uint64_t)idx[d]);
  buf_op_t *term;
  if (BUF_FAILED(buf__run_region(I, F, op->regions[0], rank, args, &term)))
    return false;
  if (term->num_operands != 1) {
    buf__err(I, term, "body must yield one value");
    return false;
  }
  *out = buf__operand(I, F, term, 0);
  return true;
}

static buf_status_t tensor_generate(buf__interp_t *I, buf__frame_t *F,
                                    buf_op_t *op,
                                    const buf__interp_row_t *row) {
  buf_type_t t = op->results[0].type;
  int64_t shape[MAX_RANK], idx[MAX_RANK] = {0};
  if (t->kind != BUF_TYPE_TENSOR || t->u.shaped.rank > MAX_RANK ||
      !dynamic_shape(I, F, op, t, 0, op->num_operands, shape))
    return BUF_FAILURE;
  uint32_t rank = t->u.shaped.rank;
  buf__tensor_t *r = buf__tensor_new(I, op, t->u.shaped.elem, rank, shape,
                                     true);
  if (!r)
    return BUF_FAILURE;
  for (int64_t e = 0; e < r->n; e++) {
    buf__ival_t v;
    if (!yield_at(I, F, op, rank, idx, &v)) {
      buf__iv_drop(I, buf__iv_tensor(r));
      return BUF_FAILURE;
    }
    r->data[e] = buf__value_cell(v);
    if (v.kind == IV_UNDEF)
      buf__tensor_set_init(r, e, false);
    buf__next_index(rank, shape, idx);
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t tensor_pad(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                               const buf__interp_row_t *row) {
  buf__tensor_t *t = tensor_operand(I, F, op, 0);
  int64_t lo[MAX_RANK], hi[MAX_RANK], shape[MAX_RANK], idx[MAX_RANK] = {0};
  if (!t || t->rank > MAX_RANK)
    return BUF_FAILURE;
  int a = buf__mixed_list(I, F, op, "static_low", 1, lo, MAX_RANK);
  int b = buf__mixed_list(I, F, op, "static_high", 2, hi, MAX_RANK);
  if (a < 0 || b < 0)
    return BUF_FAILURE;
  if ((uint32_t)a != t->rank || (uint32_t)b != t->rank) {
    buf__err(I, op, "padding lists do not match the rank");
    return BUF_FAILURE;
  }
  for (uint32_t d = 0; d < t->rank; d++) {
    shape[d] = t->shape[d] + lo[d] + hi[d];
    if (lo[d] < 0 || hi[d] < 0) {
      buf__err(I, op, "negative padding in dimension %u", d);
      return BUF_FAILURE;
    }
  }
  if (!shape_matches(op->results[0].type, t->rank, shape)) {
    buf__err(I, op, "padded shape does not match the result type");
    return BUF_FAILURE;
  }
  buf__tensor_t *r = buf__tensor_new(I, op, elem_of(op->results), t->rank,
                                     shape, true);
  if (!r)
    return BUF_FAILURE;
  for (int64_t e = 0; e < r->n; e++) {
    bool inside = true;
    int64_t src[MAX_RANK];
    for (uint32_t d = 0; d < t->rank; d++) {
      src[d] = idx[d] - lo[d];
      if (src[d] < 0 || src[d] >= t->shape[d])
        inside = false;
    }
    if (inside) {
      int64_t l = linear(t->rank, t->shape, src);
      r->data[e] = t->data[l];
      buf__tensor_set_init(r, e, buf__tensor_is_init(t, l));
    } else {
      buf__ival_t v;
      if (!yield_at(I, F, op, t->rank, idx, &v)) {
        buf__iv_drop(I, buf__iv_tensor(r));
        return BUF_FAILURE;
      }
      r->data[e] = buf__value_cell(v);
      if (v.kind == IV_UNDEF)
        buf__tensor_set_init(r, e, false);
    }
    buf__next_index(t->rank, shape, idx);
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* tensor.concat dim(D) %a, %b, ...: the inputs one after another along D
 * (the verifier checked that the other dims agree statically; dynamic ones
 * are checked here). */
static buf_status_t tensor_concat(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, const buf__interp_row_t *row) {
  buf_attr_t da = buf_op_attr(op, "dim");
  buf__tensor_t *first = op->num_operands ? tensor_operand(I, F, op, 0) : NULL;
  if (!first || !da || da->kind != BUF_ATTR_INTEGER || da->u.i < 0 ||
      (uint64_t)da->u.i >= first->rank || first->rank > MAX_RANK) {
    if (first)
      buf__err(I, op, "malformed concatenation");
    return BUF_FAILURE;
  }
  uint32_t dim = (uint32_t)da->u.i, rank = first->rank;
  int64_t shape[MAX_RANK];
  memcpy(shape, first->shape, rank * sizeof *shape);
  shape[dim] = 0;
  bool all_init = true;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf__tensor_t *t = tensor_operand(I, F, op, i);
    if (!t)
      return BUF_FAILURE;
    for (uint32_t d = 0; d < rank; d++)
      if (d != dim && t->shape[d] != shape[d]) {
        buf__err(I, op, "input #%u has size %lld in dimension %u, not %lld",
                 i, (long long)t->shape[d], d, (long long)shape[d]);
        return BUF_FAILURE;
      }
    shape[dim] += t->shape[dim];
    all_init = all_init && !t->init;
  }
  buf__tensor_t *r = buf__tensor_new(I, op, elem_of(op->results), rank, shape,
                                     all_init);
  if (!r)
    return BUF_FAILURE;
  /* Each input is a slice of the result at offset `at` along dim. */
  int64_t at = 0;
  for (uint32_t i = 0; i < op->num_operands; i++) {
    buf__tensor_t *t = buf__operand(I, F, op, i).u.t;
    int64_t idx[MAX_RANK] = {0};
    for (int64_t e = 0; e < t->n; e++) {
      idx[dim] += at;
      int64_t l = linear(rank, shape, idx);
      idx[dim] -= at;
      r->data[l] = t->data[e];
      if (!all_init)
        buf__tensor_set_init(r, l, buf__tensor_is_init(t, e));
      buf__next_index(rank, t->shape, idx);
    }
    at += t->shape[dim];
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static const buf__interp_row_t rows[] = {
    {"tensor.empty", tensor_empty, 0, NULL},
    {"tensor.splat", tensor_splat, 0, NULL},
    {"tensor.from_elements", tensor_from_elements, 0, NULL},
    {"tensor.extract", tensor_extract, 0, NULL},
    {"tensor.insert", tensor_insert, 0, NULL},
    {"tensor.extract_slice", tensor_extract_slice, 0, NULL},
    {"tensor.insert_slice", tensor_insert_slice, 0, NULL},
    {"tensor.cast", tensor_cast, 0, NULL},
    {"tensor.dim", shaped_dim, 0, NULL},
    {"tensor.rank", shaped_rank, 0, NULL},
    {"tensor.collapse_shape", tensor_collapse, 0, NULL},
    {"tensor.expand_shape", tensor_expand, 0, NULL},
    {"tensor.reshape", tensor_reshape, 0, NULL},
    {"tensor.generate", tensor_generate, 0, NULL},
    {"tensor.pad", tensor_pad, 0, NULL},
    {"tensor.concat", tensor_concat, 0, NULL},
    /* memref.dim/rank share the shape readers */
    {"memref.dim", shaped_dim, 0, NULL},
    {"memref.rank", shaped_rank, 0, NULL},
};

const buf__interp_table_t buf__interp_tensor_table = {
    rows, sizeof rows / sizeof rows[0]};
