/*
 * ops_vector.c: semantics of the vector dialect.
 *
 * A vector value is an interpreter tensor (buf__tensor_t: immutable,
 * reference counted, row-major cells), so vector-typed arith and math ops
 * run through the same elementwise driver as tensor-typed ones and need
 * nothing here. A 0-d vector is a rank-0 tensor of one element.
 *
 * Transfers follow upstream's definition (VectorOps.td):
 *   - vector dimension k walks the source dimension its permutation_map
 *     result names (d_j), starting at the op's index for that dimension; a
 *     result that is the constant 0 broadcasts (the element is read once,
 *     at the base index); source dimensions the map leaves out stay at
 *     their base index;
 *   - an element whose transferred index leaves the source in a dimension
 *     not marked in_bounds reads the padding value (transfer_read) or is
 *     not written (transfer_write); in an in_bounds dimension that is
 *     undefined behaviour, reported;
 *   - a mask turns an element off like an out-of-bounds one; its
 *     dimensions are the vector dimensions that walk a source dimension,
 *     in source dimension order (the vector's shape for a minor identity
 *     map; broadcast dimensions have none).
 *   - in a vector.mask the masked transfer takes the mask operand as a
 *     mask of its own (both apply when it has one); a read's lanes that
 *     vector.mask turns off take the passthru's values when it has one,
 *     the padding otherwise (what the read with that mask gives, which is
 *     what the LLVM lowering runs); a masked reduction combines the lanes
 *     that are on into its accumulator, or into the kind's neutral value
 *     (buf_vector_kind_neutral). The yield hands the results over.
 * vector.print writes what mlir-runner prints: `( 1, 2.5 )`, rows nested
 * `( ( 1, 2 ), ( 3, 4 ) )`, floats as %g, integers signed (i1 as 1/0),
 * index unsigned, then its punctuation (a newline unless it says
 * otherwise); `vector.print str "..."` writes the string alone.
 */
#include "interp_internal.h"

#include "buf/vector.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#define MAX_RANK 16

/* The vector value of operand i (an interpreter tensor), or NULL after an
 * error. */
static buf__tensor_t *vector_operand(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                     uint32_t i) {
  buf__ival_t v = buf__operand(I, F, op, i);
  if (v.kind != IV_TENSOR) {
    buf__err(I, op, "operand #%u is not a vector value", i);
    return NULL;
  }
  return v.u.t;
}

static bool check_all_init(buf__interp_t *I, buf_op_t *op, const buf__tensor_t *t) {
  for (int64_t e = 0; t->init && e < t->n; e++)
    if (!t->init[e]) {
      buf__err(I, op, "use of an undefined vector element %lld", (long long)e);
      return false;
    }
  return true;
}

static buf__tensor_t *new_vector(buf__interp_t *I, buf_op_t *op, buf_type_t vt) {
  return buf__tensor_new(I, op, vt->u.shaped.elem, vt->u.shaped.rank, vt->u.shaped.shape, true);
}

/* vector.broadcast: result element i takes the source element at i's
 * trailing indices (index 0 where the source dimension is 1). */
static buf_status_t vector_broadcast(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                     const buf__interp_row_t *row) {
  (void)row;
  buf__ival_t s = buf__operand(I, F, op, 0);
  buf_type_t rt = op->results[0].type;
  if (!buf__check_defined(I, op, s))
    return BUF_FAILURE;
  buf__tensor_t *r = new_vector(I, op, rt);
  if (!r)
    return BUF_FAILURE;
  if (s.kind != IV_TENSOR) {
    for (int64_t e = 0; e < r->n; e++)
      r->data[e] = buf__value_cell(s);
  } else {
    const buf__tensor_t *src = s.u.t;
    int64_t idx[MAX_RANK] = {0};
    uint32_t off = r->rank - src->rank;
    for (int64_t e = 0; e < r->n; e++, buf__next_index(r->rank, r->shape, idx)) {
      int64_t l = 0;
      for (uint32_t d = 0; d < src->rank; d++)
        l = l * src->shape[d] + (src->shape[d] == 1 ? 0 : idx[off + d]);
      r->data[e] = src->data[l];
      buf__tensor_set_init(r, e, buf__tensor_is_init(src, l));
    }
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* vector.shape_cast: the same row-major elements under another shape. */
static buf_status_t vector_shape_cast(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                      const buf__interp_row_t *row) {
  (void)row;
  buf__tensor_t *src = vector_operand(I, F, op, 0);
  if (!src)
    return BUF_FAILURE;
  buf__tensor_t *r = new_vector(I, op, op->results[0].type);
  if (!r)
    return BUF_FAILURE;
  for (int64_t e = 0; e < r->n && e < src->n; e++) {
    r->data[e] = src->data[e];
    buf__tensor_set_init(r, e, buf__tensor_is_init(src, e));
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* The position of vector.extract / vector.insert (static entries and the
 * dynamic index operands from first_dyn on) as the offset of its first
 * element and the number of elements it covers in vector t. */
static bool position_span(buf__interp_t *I, buf__frame_t *F, buf_op_t *op, uint32_t first_dyn,
                          const buf__tensor_t *t, int64_t *offset, int64_t *count) {
  buf_attr_t pos = buf_op_attr(op, "static_position");
  if (!pos || pos->kind != BUF_ATTR_DENSE_ARRAY || pos->u.dense_array.count > t->rank) {
    buf__err(I, op, "malformed static_position");
    return false;
  }
  uint32_t n = (uint32_t)pos->u.dense_array.count, dyn = first_dyn;
  int64_t off = 0;
  for (uint32_t d = 0; d < n; d++) {
    int64_t x = pos->u.dense_array.ints[d];
    if (x == BUF_DYNAMIC && !buf__index_operand(I, F, op, dyn++, &x))
      return false;
    if (x < 0 || x >= t->shape[d]) {
      buf__err(I, op, "position %lld out of bounds in dimension %u of size %lld%s",
               (long long)x, d, (long long)t->shape[d], x == -1 ? " (poison)" : "");
      return false;
    }
    off = off * t->shape[d] + x;
  }
  int64_t inner = 1;
  for (uint32_t d = n; d < t->rank; d++)
    inner *= t->shape[d];
  *offset = off * inner;
  *count = inner;
  return true;
}

static buf_status_t vector_extract(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                   const buf__interp_row_t *row) {
  (void)row;
  buf__tensor_t *src = vector_operand(I, F, op, 0);
  int64_t off, cnt;
  if (!src || !position_span(I, F, op, 1, src, &off, &cnt))
    return BUF_FAILURE;
  buf_type_t rt = op->results[0].type;
  if (rt->kind != BUF_TYPE_VECTOR) {
    if (!buf__tensor_is_init(src, off)) {
      buf__err(I, op, "extract of an undefined vector element");
      return BUF_FAILURE;
    }
    buf__set_result(I, F, op, 0, buf__cell_value(rt, src->data[off]));
    return BUF_SUCCESS;
  }
  buf__tensor_t *r = new_vector(I, op, rt);
  if (!r)
    return BUF_FAILURE;
  for (int64_t e = 0; e < cnt && e < r->n; e++) {
    r->data[e] = src->data[off + e];
    buf__tensor_set_init(r, e, buf__tensor_is_init(src, off + e));
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t vector_insert(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                  const buf__interp_row_t *row) {
  (void)row;
  buf__ival_t part = buf__operand(I, F, op, 0);
  buf__tensor_t *dst = vector_operand(I, F, op, 1);
  int64_t off, cnt;
  if (!dst || !position_span(I, F, op, 2, dst, &off, &cnt))
    return BUF_FAILURE;
  buf__tensor_t *r = buf__tensor_copy(I, op, op->results[0].type->u.shaped.elem, dst);
  if (!r)
    return BUF_FAILURE;
  if (part.kind == IV_TENSOR) {
    for (int64_t e = 0; e < cnt && e < part.u.t->n; e++) {
      r->data[off + e] = part.u.t->data[e];
      buf__tensor_set_init(r, off + e, buf__tensor_is_init(part.u.t, e));
    }
  } else {
    r->data[off] = buf__value_cell(part);
    buf__tensor_set_init(r, off, part.kind != IV_UNDEF);
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t vector_from_elements(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                         const buf__interp_row_t *row) {
  (void)row;
  buf__tensor_t *r = new_vector(I, op, op->results[0].type);
  if (!r)
    return BUF_FAILURE;
  for (uint32_t i = 0; i < op->num_operands && i < r->n; i++) {
    buf__ival_t v = buf__operand(I, F, op, i);
    r->data[i] = buf__value_cell(v);
    buf__tensor_set_init(r, i, v.kind != IV_UNDEF);
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* vector.fma: a * b + c with one rounding (C's fma on doubles, then the
 * element type's rounding, as LLVM's llvm.fma on f32 does). */
static buf_status_t vector_fma(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                               const buf__interp_row_t *row) {
  (void)row;
  buf__tensor_t *a = vector_operand(I, F, op, 0), *b = vector_operand(I, F, op, 1),
                *c = vector_operand(I, F, op, 2);
  if (!a || !b || !c || !check_all_init(I, op, a) || !check_all_init(I, op, b) ||
      !check_all_init(I, op, c))
    return BUF_FAILURE;
  buf_type_t et = op->results[0].type->u.shaped.elem;
  buf__tensor_t *r = new_vector(I, op, op->results[0].type);
  if (!r)
    return BUF_FAILURE;
  for (int64_t e = 0; e < r->n; e++)
    r->data[e].f = buf__round_float(et->u.fkind, fma(a->data[e].f, b->data[e].f, c->data[e].f));
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

/* One step of a reduction of kind k over element type et. */
static buf__cell_t combine(buf_vector_kind_t k, buf_type_t et, buf__cell_t x, buf__cell_t y) {
  buf__cell_t r = x;
  if (buf_type_is_float(et)) {
    double a = x.f, b = y.f;
    switch (k) {
    case BUF_VKIND_ADD: r.f = a + b; break;
    case BUF_VKIND_MUL: r.f = a * b; break;
    case BUF_VKIND_MINNUMF:
    case BUF_VKIND_MAXNUMF:
    case BUF_VKIND_MINIMUMF:
    case BUF_VKIND_MAXIMUMF: {
      /* minnum/maxnum skip a NaN, minimum/maximum propagate it; all four
       * order -0 below +0 (what upstream's lowering computes) */
      bool is_min = k == BUF_VKIND_MINNUMF || k == BUF_VKIND_MINIMUMF;
      bool num = k == BUF_VKIND_MINNUMF || k == BUF_VKIND_MAXNUMF;
      if (isnan(a) || isnan(b))
        r.f = !num ? NAN : isnan(a) ? b : a;
      else if (a == b)
        r.f = (signbit(a) != 0) == is_min ? a : b;
      else
        r.f = (a < b) == is_min ? a : b;
      break;
    }
    default: break;
    }
    r.f = buf__round_float(et->u.fkind, r.f);
    return r;
  }
  uint32_t w = buf__int_width(et);
  uint64_t a = x.i, b = y.i;
  int64_t sa = buf__sext(a, w), sb = buf__sext(b, w);
  switch (k) {
  case BUF_VKIND_ADD: r.i = a + b; break;
  case BUF_VKIND_MUL: r.i = a * b; break;
  case BUF_VKIND_MINUI: r.i = a < b ? a : b; break;
  case BUF_VKIND_MAXUI: r.i = a > b ? a : b; break;
  case BUF_VKIND_MINSI: r.i = sa < sb ? a : b; break;
  case BUF_VKIND_MAXSI: r.i = sa > sb ? a : b; break;
  case BUF_VKIND_AND: r.i = a & b; break;
  case BUF_VKIND_OR: r.i = a | b; break;
  case BUF_VKIND_XOR: r.i = a ^ b; break;
  default: break;
  }
  r.i = buf__trunc(r.i, w);
  return r;
}

/* vector.reduction: the elements combined in order, after the accumulator
 * when there is one (LLVM's ordered reductions, which upstream lowers to). */
static buf_status_t vector_reduction(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                     const buf__interp_row_t *row) {
  (void)row;
  buf_vector_kind_t k;
  buf__tensor_t *v = vector_operand(I, F, op, 0);
  if (!v || !check_all_init(I, op, v))
    return BUF_FAILURE;
  if (!buf_vector_kind_of(buf_op_attr(op, "kind"), &k)) {
    buf__err(I, op, "unknown combining kind");
    return BUF_FAILURE;
  }
  buf_type_t et = op->results[0].type;
  buf__cell_t acc;
  int64_t e = 0;
  /* under vector.mask the lanes that are off do not take part: the
   * reduction starts at the accumulator or the kind's neutral value */
  const buf__tensor_t *mask = I->masked_op == op ? I->outer_mask : NULL;
  if (mask) {
    acc = op->num_operands == 2
              ? buf__value_cell(buf__operand(I, F, op, 1))
              : buf__attr_cell(buf_vector_kind_neutral(I->ctx, k, et), et);
    if (op->num_operands == 2 && !buf__check_defined(I, op, buf__operand(I, F, op, 1)))
      return BUF_FAILURE;
    for (; e < v->n; e++)
      if (mask->data[e].i)
        acc = combine(k, et, acc, v->data[e]);
    buf__set_result(I, F, op, 0, buf__cell_value(et, acc));
    return BUF_SUCCESS;
  }
  if (op->num_operands == 2) {
    buf__ival_t a = buf__operand(I, F, op, 1);
    if (!buf__check_defined(I, op, a))
      return BUF_FAILURE;
    acc = buf__value_cell(a);
  } else if (v->n > 0) {
    acc = v->data[e++];
  } else {
    buf__err(I, op, "reduction of an empty vector without an accumulator");
    return BUF_FAILURE;
  }
  for (; e < v->n; e++)
    acc = combine(k, et, acc, v->data[e]);
  buf__set_result(I, F, op, 0, buf__cell_value(et, acc));
  return BUF_SUCCESS;
}

/* vector.contract: the accumulator, then for every point of the iteration
 * space (row-major over the loops) its element combined with the product
 * of the lhs and rhs elements the indexing maps pick. */
static buf_status_t vector_contract(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                    const buf__interp_row_t *row) {
  (void)row;
  buf_vector_kind_t k;
  buf_attr_t maps = buf_op_attr(op, "indexing_maps"), its = buf_op_attr(op, "iterator_types");
  buf__tensor_t *a = vector_operand(I, F, op, 0), *b = vector_operand(I, F, op, 1);
  buf__ival_t acc = buf__operand(I, F, op, 2);
  if (!a || !b || !check_all_init(I, op, a) || !check_all_init(I, op, b) ||
      !buf__check_defined(I, op, acc) ||
      (acc.kind == IV_TENSOR && !check_all_init(I, op, acc.u.t)))
    return BUF_FAILURE;
  if (!buf_vector_kind_of(buf_op_attr(op, "kind"), &k) || !maps || !its ||
      its->u.array.n > MAX_RANK) {
    buf__err(I, op, "malformed vector.contract");
    return BUF_FAILURE;
  }
  uint32_t nloops = its->u.array.n;
  const buf__tensor_t *opnd[3] = {a, b, acc.kind == IV_TENSOR ? acc.u.t : NULL};
  int64_t size[MAX_RANK] = {0}, idx[MAX_RANK] = {0};
  for (uint32_t o = 0; o < 3; o++)
    for (uint32_t r = 0; opnd[o] && r < opnd[o]->rank; r++)
      size[maps->u.array.elems[o]->u.map->results[r]->value] = opnd[o]->shape[r];
  buf_type_t et = buf_type_elem(op->results[0].type);
  if (!et)
    et = op->results[0].type;
  buf__tensor_t *out = NULL;
  buf__cell_t scalar = buf__value_cell(acc);
  if (acc.kind == IV_TENSOR && !(out = buf__tensor_copy(I, op, et, acc.u.t)))
    return BUF_FAILURE;
  int64_t points = buf__num_elements(nloops, size);
  for (int64_t p = 0; p < points; p++, buf__next_index(nloops, size, idx)) {
    int64_t lin[3] = {0, 0, 0};
    for (uint32_t o = 0; o < 3; o++) {
      buf_affine_map_t *m = maps->u.array.elems[o]->u.map;
      for (uint32_t r = 0; opnd[o] && r < m->num_results; r++)
        lin[o] = lin[o] * opnd[o]->shape[r] + idx[m->results[r]->value];
    }
    buf__cell_t prod;
    if (buf_type_is_float(et))
      prod.f = buf__round_float(et->u.fkind, a->data[lin[0]].f * b->data[lin[1]].f);
    else
      prod.i = buf__trunc(a->data[lin[0]].i * b->data[lin[1]].i, buf__int_width(et));
    buf__cell_t *dst = out ? &out->data[lin[2]] : &scalar;
    *dst = combine(k, et, *dst, prod);
  }
  buf__set_result(I, F, op, 0, out ? buf__iv_tensor(out) : buf__cell_value(et, scalar));
  return BUF_SUCCESS;
}

/* ---- vector.print ----------------------------------------------------- */

static void print_cell(FILE *out, buf_type_t et, buf__cell_t c) {
  if (buf_type_is_float(et))
    fprintf(out, "%g", c.f);
  else if (et->kind == BUF_TYPE_INDEX || buf__int_width(et) == 1)
    fprintf(out, "%" PRIu64, c.i); /* i1 prints 1, as upstream zero-extends it */
  else
    fprintf(out, "%" PRId64, buf__sext(c.i, buf__int_width(et)));
}

static void print_dim(FILE *out, buf_type_t et, const buf__tensor_t *t, uint32_t d,
                      int64_t *pos) {
  fputs("( ", out);
  int64_t n = d < t->rank ? t->shape[d] : 1;
  for (int64_t i = 0; i < n; i++) {
    if (i)
      fputs(", ", out);
    if (d + 1 < t->rank)
      print_dim(out, et, t, d + 1, pos);
    else
      print_cell(out, et, t->data[(*pos)++]);
  }
  fputs(" )", out);
}

/* What each punctuation writes (mlir-runner's printNewline, printComma,
 * printOpen, printClose). */
static const char *const punct_text[BUF_VPUNCT_COUNT] = {
    [BUF_VPUNCT_NO_PUNCTUATION] = "", [BUF_VPUNCT_NEWLINE] = "\n", [BUF_VPUNCT_COMMA] = ", ",
    [BUF_VPUNCT_OPEN] = "( ", [BUF_VPUNCT_CLOSE] = " )"};

/* vector.print: the value then its punctuation; a string literal alone
 * (upstream prints no punctuation after one). */
static buf_status_t vector_print(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                 const buf__interp_row_t *row) {
  (void)row;
  buf_attr_t str = buf_op_attr(op, "stringLiteral");
  if (str && str->kind == BUF_ATTR_STRING) {
    fwrite(str->u.str.data, 1, str->u.str.len, I->out);
    return BUF_SUCCESS;
  }
  buf_vector_punct_t punct;
  if (!buf_vector_punct_of(buf_op_attr(op, "punctuation"), &punct)) {
    buf__err(I, op, "unknown punctuation");
    return BUF_FAILURE;
  }
  if (op->num_operands) {
    buf__ival_t v = buf__operand(I, F, op, 0);
    buf_type_t t = buf_op_operand(op, 0)->type;
    if (!buf__check_defined(I, op, v))
      return BUF_FAILURE;
    if (v.kind == IV_TENSOR) {
      if (!check_all_init(I, op, v.u.t))
        return BUF_FAILURE;
      int64_t pos = 0;
      print_dim(I->out, t->u.shaped.elem, v.u.t, 0, &pos);
    } else {
      print_cell(I->out, t, buf__value_cell(v));
    }
  }
  fputs(punct_text[punct], I->out);
  return BUF_SUCCESS;
}

/* ---- transfers -------------------------------------------------------- */

/* What a transfer needs to walk its elements. */
typedef struct transfer {
  uint32_t src_rank, vec_rank;
  int64_t base[MAX_RANK];      /* the op's indices into the source */
  int64_t src_size[MAX_RANK];  /* the source's run-time sizes */
  int32_t dim_of[MAX_RANK];    /* vector dim -> source dim; -1 broadcasts */
  bool in_bounds[MAX_RANK];    /* per vector dim */
  const buf__tensor_t *mask;   /* NULL: every element on */
  const buf__tensor_t *outer_mask;     /* an enclosing vector.mask's, or NULL */
  const buf__tensor_t *outer_passthru; /* its passthru, or NULL */
  uint32_t mask_dims[MAX_RANK]; /* the vector dims of the mask's, in order */
  uint32_t mask_rank;
} transfer_t;

static bool transfer_setup(buf__interp_t *I, buf__frame_t *F, buf_op_t *op, uint32_t src_op,
                           buf_type_t vt, const int64_t *sizes, uint32_t src_rank,
                           transfer_t *x) {
  int64_t seg[4] = {0, 0, 0, 0};
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4);
  x->src_rank = src_rank;
  x->vec_rank = vt->u.shaped.rank;
  if (src_rank > MAX_RANK || x->vec_rank > MAX_RANK) {
    buf__err(I, op, "transfer rank above %d", MAX_RANK);
    return false;
  }
  memcpy(x->src_size, sizes, src_rank * sizeof *sizes);
  for (uint32_t d = 0; d < src_rank; d++)
    if (!buf__index_operand(I, F, op, src_op + 1 + d, &x->base[d]))
      return false;
  buf_attr_t pm = buf_op_attr(op, "permutation_map");
  buf_attr_t ib = buf_op_attr(op, "in_bounds");
  for (uint32_t k = 0; k < x->vec_rank; k++) {
    buf_affine_expr_t *e = pm && pm->kind == BUF_ATTR_AFFINE_MAP ? pm->u.map->results[k] : NULL;
    if (e && e->kind == BUF_AFFINE_DIM) {
      x->dim_of[k] = (int32_t)e->value;
    } else if (e && e->kind == BUF_AFFINE_CONST && e->value == 0) {
      x->dim_of[k] = -1;
    } else {
      buf__err(I, op, "unsupported permutation_map result %u", k);
      return false;
    }
    x->in_bounds[k] = ib && ib->kind == BUF_ATTR_ARRAY && k < ib->u.array.n &&
                      ib->u.array.elems[k]->kind == BUF_ATTR_BOOL && ib->u.array.elems[k]->u.b;
  }
  x->mask = NULL;
  x->mask_rank = 0;
  for (uint32_t d = 0; d < src_rank; d++)
    for (uint32_t k = 0; k < x->vec_rank; k++)
      if (x->dim_of[k] == (int32_t)d)
        x->mask_dims[x->mask_rank++] = k;
  if (seg[3]) {
    buf__ival_t m = buf__operand(I, F, op, op->num_operands - 1);
    if (m.kind != IV_TENSOR) {
      buf__err(I, op, "the mask is not a vector value");
      return false;
    }
    if (!check_all_init(I, op, m.u.t))
      return false;
    x->mask = m.u.t;
  }
  x->outer_mask = I->masked_op == op ? I->outer_mask : NULL;
  x->outer_passthru = I->masked_op == op ? I->outer_passthru : NULL;
  return true;
}

/* Is element vidx on under mask m (a mask of x's mask dimensions)? */
static bool mask_on(const transfer_t *x, const buf__tensor_t *m, const int64_t *vidx) {
  if (!m)
    return true;
  int64_t ml = 0;
  for (uint32_t i = 0; i < x->mask_rank; i++)
    ml = ml * m->shape[i] + vidx[x->mask_dims[i]];
  return m->data[ml].i != 0;
}

/* The source index of vector element vidx; false when
 * the element is off (masked, or out of bounds in a dimension that may
 * be). Out of bounds where in_bounds promises otherwise is an error. */
static bool transfer_element(buf__interp_t *I, buf_op_t *op, const transfer_t *x,
                             const int64_t *vidx, int64_t *sidx, bool *ok) {
  *ok = true;
  if (!mask_on(x, x->mask, vidx) || !mask_on(x, x->outer_mask, vidx))
    return false;
  memcpy(sidx, x->base, x->src_rank * sizeof *sidx);
  bool on = true;
  for (uint32_t k = 0; k < x->vec_rank; k++) {
    int32_t d = x->dim_of[k];
    if (d < 0)
      continue;
    sidx[d] += vidx[k];
    if (sidx[d] < 0 || sidx[d] >= x->src_size[d]) {
      if (x->in_bounds[k]) {
        buf__err(I, op, "out-of-bounds transfer: index %lld in dimension %d of size %lld "
                        "is marked in_bounds",
                 (long long)sidx[d], d, (long long)x->src_size[d]);
        *ok = false;
        return false;
      }
      on = false;
    }
  }
  for (uint32_t d = 0; on && d < x->src_rank; d++)
    if (sidx[d] < 0 || sidx[d] >= x->src_size[d]) {
      buf__err(I, op, "out-of-bounds transfer: index %lld in dimension %u of size %lld",
               (long long)sidx[d], d, (long long)x->src_size[d]);
      *ok = false;
      return false;
    }
  return on;
}

static int64_t tensor_linear(const buf__tensor_t *t, const int64_t *idx) {
  int64_t l = 0;
  for (uint32_t d = 0; d < t->rank; d++)
    l = l * t->shape[d] + idx[d];
  return l;
}

static buf_status_t vector_transfer_read(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                         const buf__interp_row_t *row) {
  (void)row;
  buf__ival_t src = buf__operand(I, F, op, 0);
  buf_type_t vt = op->results[0].type;
  uint32_t rank;
  const int64_t *sizes = buf__value_shape(src, &rank);
  transfer_t x;
  if (!sizes || (src.kind == IV_MEMREF && BUF_FAILED(buf__memref_check_live(I, op, src.u.m))) ||
      !transfer_setup(I, F, op, 0, vt, sizes, rank, &x))
    return BUF_FAILURE;
  buf__ival_t pad = buf__operand(I, F, op, 1 + rank);
  if (!buf__check_defined(I, op, pad))
    return BUF_FAILURE;
  buf__tensor_t *r = new_vector(I, op, vt);
  if (!r)
    return BUF_FAILURE;
  int64_t vidx[MAX_RANK] = {0}, sidx[MAX_RANK];
  for (int64_t e = 0; e < r->n; e++, buf__next_index(r->rank, r->shape, vidx)) {
    bool ok;
    r->data[e] = buf__value_cell(pad);
    if (x.outer_passthru && !mask_on(&x, x.outer_mask, vidx)) {
      r->data[e] = x.outer_passthru->data[e];
      continue;
    }
    if (!transfer_element(I, op, &x, vidx, sidx, &ok)) {
      if (ok)
        continue;
      buf__iv_drop(I, buf__iv_tensor(r));
      return BUF_FAILURE;
    }
    bool init;
    if (src.kind == IV_TENSOR) {
      int64_t l = tensor_linear(src.u.t, sidx);
      r->data[e] = src.u.t->data[l];
      init = buf__tensor_is_init(src.u.t, l);
    } else {
      int64_t l = buf__memref_linear(src.u.m, sidx);
      r->data[e] = src.u.m->buf->data[l];
      init = buf__memref_is_init(src.u.m, l);
    }
    if (!init) {
      buf__err(I, op, "read of uninitialized memory: source element %lld", (long long)e);
      buf__iv_drop(I, buf__iv_tensor(r));
      return BUF_FAILURE;
    }
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

static buf_status_t vector_transfer_write(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                          const buf__interp_row_t *row) {
  (void)row;
  buf__tensor_t *v = vector_operand(I, F, op, 0);
  buf__ival_t dst = buf__operand(I, F, op, 1);
  uint32_t rank;
  const int64_t *sizes = buf__value_shape(dst, &rank);
  transfer_t x;
  if (!v || !sizes || !transfer_setup(I, F, op, 1, buf_op_operand(op, 0)->type, sizes, rank, &x))
    return BUF_FAILURE;
  buf__tensor_t *out = NULL;
  if (dst.kind == IV_TENSOR) {
    out = buf__tensor_copy(I, op, buf_op_operand(op, 1)->type->u.shaped.elem, dst.u.t);
    if (!out)
      return BUF_FAILURE;
  } else if (BUF_FAILED(buf__memref_check_live(I, op, dst.u.m)) ||
             BUF_FAILED(buf__memref_check_write(I, op, dst.u.m))) {
    return BUF_FAILURE;
  }
  int64_t vidx[MAX_RANK] = {0}, sidx[MAX_RANK];
  for (int64_t e = 0; e < v->n; e++, buf__next_index(v->rank, v->shape, vidx)) {
    bool ok;
    if (!transfer_element(I, op, &x, vidx, sidx, &ok)) {
      if (ok)
        continue;
      if (out)
        buf__iv_drop(I, buf__iv_tensor(out));
      return BUF_FAILURE;
    }
    bool init = buf__tensor_is_init(v, e);
    if (out) {
      int64_t l = tensor_linear(out, sidx);
      out->data[l] = v->data[e];
      buf__tensor_set_init(out, l, init);
    } else {
      int64_t l = buf__memref_linear(dst.u.m, sidx);
      dst.u.m->buf->data[l] = v->data[e];
      buf__memref_set_init(dst.u.m, l, init);
    }
  }
  if (out)
    buf__set_result(I, F, op, 0, buf__iv_tensor(out));
  return BUF_SUCCESS;
}

/* vector.mask: runs its region with the mask (and passthru) handed to the
 * masked op, then hands over what the vector.yield yields. */
static buf_status_t vector_mask(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                                const buf__interp_row_t *row) {
  (void)row;
  buf__tensor_t *m = vector_operand(I, F, op, 0);
  buf__tensor_t *pt = op->num_operands > 1 ? vector_operand(I, F, op, 1) : NULL;
  if (!m || (op->num_operands > 1 && !pt) || !check_all_init(I, op, m))
    return BUF_FAILURE;
  const buf_op_t *saved_op = I->masked_op;
  const buf__tensor_t *saved_mask = I->outer_mask, *saved_pt = I->outer_passthru;
  I->masked_op = buf_vector_mask_masked_op(op);
  I->outer_mask = m;
  I->outer_passthru = pt;
  buf_op_t *term;
  buf_status_t st = buf__run_region(I, F, op->regions[0], 0, NULL, &term);
  I->masked_op = saved_op;
  I->outer_mask = saved_mask;
  I->outer_passthru = saved_pt;
  if (BUF_FAILED(st))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < op->num_results && i < term->num_operands; i++)
    buf__set_result(I, F, op, i, buf__iv_ref(buf__operand(I, F, term, i)));
  return BUF_SUCCESS;
}

static const buf__interp_row_t rows[] = {
    {"vector.broadcast", vector_broadcast, 0, NULL},
    {"vector.contract", vector_contract, 0, NULL},
    {"vector.extract", vector_extract, 0, NULL},
    {"vector.fma", vector_fma, 0, NULL},
    {"vector.from_elements", vector_from_elements, 0, NULL},
    {"vector.insert", vector_insert, 0, NULL},
    {"vector.mask", vector_mask, 0, NULL},
    {"vector.print", vector_print, 0, NULL},
    {"vector.reduction", vector_reduction, 0, NULL},
    {"vector.shape_cast", vector_shape_cast, 0, NULL},
    {"vector.transfer_read", vector_transfer_read, 0, NULL},
    {"vector.transfer_write", vector_transfer_write, 0, NULL},
};

const buf__interp_table_t buf__interp_vector_table = {rows, sizeof rows / sizeof rows[0]};
