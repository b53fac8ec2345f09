/*
 * ops_linalg.c: semantics of every linalg structured op through the
 * uniform view of buf/linalg.h: the loop domain's bounds come from the
 * operand shapes (a loop dimension that some indexing map returns as a
 * bare result), the domain is visited in row-major order, each operand's
 * element is read at its map's indices and passed to the body block, and
 * the yielded values are written to the outputs at their maps' indices.
 * Tensor outputs are copied first and become the results (value
 * semantics); memref outputs are written in place. An uninitialized
 * element reaches the body as an undefined value: using it in a
 * computation is reported there, merely passing it on is not.
 * linalg.index reads the current loop index. linalg.softmax (no body)
 * computes what upstream's decomposition of it computes; linalg.pack and
 * unpack move elements between tiled and untiled layouts.
 */
#include "interp_internal.h"

#include "buf/linalg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK 16

typedef struct operand_view {
  bool shaped;
  bool is_memref;
  uint32_t rank;
  const int64_t *shape;
  buf__tensor_t *t;      /* tensors (outputs: the owned result copy) */
  buf__memref_t *m;      /* memrefs */
  buf__ival_t scalar;    /* scalar inputs */
} operand_view_t;

/* Evaluates map k at the loop point iv into idx; checks bounds. */
static bool map_index(buf__interp_t *I, buf_op_t *op, buf_affine_map_t *map,
                      const operand_view_t *v, const int64_t *iv,
                      int64_t *idx) {
  for (uint32_t r = 0; r < map->num_results; r++) {
    idx[r] = buf_affine_expr_eval(map->results[r], iv, NULL);
    if (idx[r] < 0 || idx[r] >= v->shape[r]) {
      buf__err(I, op,
               "out-of-bounds access: index %lld in dimension %u of size "
               "%lld",
               (long long)idx[r], r, (long long)v->shape[r]);
      return false;
    }
  }
  return true;
}

static int64_t tensor_linear(const operand_view_t *v, const int64_t *idx) {
  int64_t l = 0;
  for (uint32_t d = 0; d < v->rank; d++)
    l = l * v->shape[d] + idx[d];
  return l;
}

static buf_status_t linalg_structured(buf__interp_t *I, buf__frame_t *F,
                                      buf_op_t *op,
                                      const buf__interp_row_t *row) {
  buf_linalg_info_t info;
  if (!buf_linalg_get_info(op, &info)) {
    buf__err(I, op, "not a well-formed linalg structured op");
    return BUF_FAILURE;
  }
  uint32_t nin = info.num_inputs, nops = nin + info.num_outputs;
  if (nops > BUF_LINALG_MAX_OPERANDS || info.num_loops > MAX_RANK) {
    buf__err(I, op, "too many operands or loops");
    return BUF_FAILURE;
  }
  operand_view_t v[BUF_LINALG_MAX_OPERANDS];
  memset(v, 0, sizeof v);
  buf_status_t st = BUF_SUCCESS;
  uint32_t k = 0;
  for (; k < nops; k++) {
    buf__ival_t x = buf__operand(I, F, op, k);
    if (x.kind == IV_TENSOR) {
      v[k].shaped = true;
      v[k].t = x.u.t;
      if (k >= nin) {
        v[k].t = buf__tensor_copy(I, op,
                                  buf_type_elem(buf_op_operand(op, k)->type),
                                  x.u.t);
        if (!v[k].t) {
          st = BUF_FAILURE;
          break;
        }
      }
      v[k].rank = v[k].t->rank;
      v[k].shape = v[k].t->shape;
    } else if (x.kind == IV_MEMREF) {
      v[k].shaped = v[k].is_memref = true;
      v[k].m = x.u.m;
      v[k].rank = x.u.m->rank;
      v[k].shape = x.u.m->sizes;
      if (BUF_FAILED(buf__memref_check_extent(I, op, x.u.m))) {
        st = BUF_FAILURE;
        break;
      }
      if (k >= nin && BUF_FAILED(buf__memref_check_write(I, op, x.u.m))) {
        st = BUF_FAILURE;
        break;
      }
    } else {
      v[k].scalar = x;
    }
    if (v[k].shaped && info.maps[k]->num_results != v[k].rank) {
      buf__err(I, op, "indexing map of operand #%u does not match its rank",
               k);
      st = BUF_FAILURE;
      break;
    }
  }
  int64_t bound[MAX_RANK], iv[MAX_RANK] = {0};
  bool empty = false;
  for (uint32_t d = 0; d < info.num_loops && !BUF_FAILED(st); d++) {
    bool found = false;
    for (uint32_t o = 0; o < nops && !found; o++) {
      if (!v[o].shaped)
        continue;
      for (uint32_t r = 0; r < info.maps[o]->num_results; r++) {
        buf_affine_expr_t *e = info.maps[o]->results[r];
        if (e->kind == BUF_AFFINE_DIM && e->value == (int64_t)d) {
          bound[d] = v[o].shape[r];
          found = true;
          break;
        }
      }
    }
    if (!found) {
      buf__err(I, op, "cannot derive the bound of loop %u from the operand "
                      "shapes", d);
      st = BUF_FAILURE;
    } else if (bound[d] == 0) {
      empty = true;
    }
  }
  buf_block_t *body = info.body;
  uint32_t nargs = body ? body->num_args : 0;
  buf__ival_t *args = calloc(nargs + 1, sizeof *args);
  if (!args)
    abort(); /* out of memory */
  const int64_t *saved_idx = I->linalg_idx;
  uint32_t saved_n = I->linalg_nloops;
  I->linalg_idx = iv;
  I->linalg_nloops = info.num_loops;
  while (!BUF_FAILED(st) && !empty) {
    int64_t idx[MAX_RANK];
    for (uint32_t o = 0; o < nops && !BUF_FAILED(st); o++) {
      int32_t a = info.body_arg_of_operand[o];
      if (a < 0 || (uint32_t)a >= nargs)
        continue;
      if (!v[o].shaped) {
        args[a] = v[o].scalar;
        continue;
      }
      if (!map_index(I, op, info.maps[o], &v[o], iv, idx)) {
        st = BUF_FAILURE;
        break;
      }
      buf_type_t et = buf_type_elem(buf_op_operand(op, o)->type);
      if (v[o].is_memref) {
        int64_t p = buf__memref_linear(v[o].m, idx);
        args[a] = buf__memref_is_init(v[o].m, p)
                      ? buf__cell_value(et, v[o].m->buf->data[p])
                      : (buf__ival_t){0};
      } else {
        int64_t p = tensor_linear(&v[o], idx);
        args[a] = buf__tensor_is_init(v[o].t, p)
                      ? buf__cell_value(et, v[o].t->data[p])
                      : (buf__ival_t){0};
      }
    }
    if (BUF_FAILED(st))
      break;
    buf_op_t *term;
    st = buf__run_region(I, F, body->region, nargs, args, &term);
    if (BUF_FAILED(st))
      break;
    if (term->num_operands != info.num_outputs) {
      buf__err(I, term, "body yields %u values for %u outputs",
               term->num_operands, info.num_outputs);
      st = BUF_FAILURE;
      break;
    }
    for (uint32_t j = 0; j < info.num_outputs; j++) {
      uint32_t o = nin + j;
      buf__ival_t y = buf__operand(I, F, term, j);
      if (!map_index(I, op, info.maps[o], &v[o], iv, idx)) {
        st = BUF_FAILURE;
        break;
      }
      if (v[o].is_memref) {
        int64_t p = buf__memref_linear(v[o].m, idx);
        v[o].m->buf->data[p] = buf__value_cell(y);
        buf__memref_set_init(v[o].m, p, y.kind != IV_UNDEF);
      } else if (v[o].shaped) {
        int64_t p = tensor_linear(&v[o], idx);
        v[o].t->data[p] = buf__value_cell(y);
        buf__tensor_set_init(v[o].t, p, y.kind != IV_UNDEF);
      }
    }
    int d = (int)info.num_loops - 1;
    for (; d >= 0; d--) {
      if (++iv[d] < bound[d])
        break;
      iv[d] = 0;
    }
    if (d < 0)
      break;
  }
  I->linalg_idx = saved_idx;
  I->linalg_nloops = saved_n;
  free(args);
  uint32_t res = 0;
  for (uint32_t o = nin; o < k; o++) {
    if (!v[o].shaped || v[o].is_memref)
      continue;
    if (!BUF_FAILED(st) && res < op->num_results)
      buf__set_result(I, F, op, res++, buf__iv_tensor(v[o].t));
    else
      buf__iv_drop(I, buf__iv_tensor(v[o].t));
  }
  return st;
}

static buf_status_t linalg_index(buf__interp_t *I, buf__frame_t *F,
                                 buf_op_t *op, const buf__interp_row_t *row) {
  buf_attr_t dim = buf_op_attr(op, "dim");
  if (!dim || dim->kind != BUF_ATTR_INTEGER || !I->linalg_idx ||
      dim->u.i < 0 || (uint64_t)dim->u.i >= I->linalg_nloops) {
    buf__err(I, op, "linalg.index outside a linalg op or out of range");
    return BUF_FAILURE;
  }
  buf__set_result(I, F, op, 0,
                  buf__iv_int((uint64_t)I->linalg_idx[dim->u.i]));
  return BUF_SUCCESS;
}

/* One element of a view: its cell position (tensor: row-major; memref:
 * through its strides). */
static int64_t view_pos(const operand_view_t *v, const int64_t *idx) {
  return v->is_memref ? buf__memref_linear(v->m, idx) : tensor_linear(v, idx);
}

static buf__cell_t *view_cells(const operand_view_t *v) {
  return v->is_memref ? v->m->buf->data : v->t->data;
}

static bool view_is_init(const operand_view_t *v, int64_t p) {
  return v->is_memref ? buf__memref_is_init(v->m, p)
                      : buf__tensor_is_init(v->t, p);
}

static void view_set_init(const operand_view_t *v, int64_t p) {
  if (v->is_memref)
    buf__memref_set_init(v->m, p, true);
  else
    buf__tensor_set_init(v->t, p, true);
}

/* f(x) at the float type's precision, as the decomposition's f32 (or f16,
 * computed in float and rounded) arithmetic gives it. */
static double softmax_round(buf_float_kind_t k, double x) {
  return buf__round_float(k, k == BUF_F64 ? x : (double)(float)x);
}

/* linalg.softmax along `dimension`, exactly as upstream's decomposition
 * computes it: m = maxnumf over the dimension (NaNs skipped), e = exp(x -
 * m), s = the sum of e from 0.0 in index order, y = e / s, each step at
 * the element type's precision (expf for f32). */
static buf_status_t linalg_softmax(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op, const buf__interp_row_t *row) {
  (void)row;
  buf_attr_t dim_attr = buf_op_attr(op, "dimension");
  buf_type_t et = buf_type_elem(buf_op_operand(op, 1)->type);
  if (op->num_operands != 2 || !dim_attr || !et || !buf_type_is_float(et)) {
    buf__err(I, op, "softmax needs a float input and init and a dimension");
    return BUF_FAILURE;
  }
  buf_float_kind_t fk = et->u.fkind;
  operand_view_t v[2];
  memset(v, 0, sizeof v);
  for (uint32_t k = 0; k < 2; k++) {
    buf__ival_t x = buf__operand(I, F, op, k);
    if (x.kind == IV_TENSOR) {
      v[k].t = k ? buf__tensor_copy(I, op, et, x.u.t) : x.u.t;
      if (!v[k].t)
        return BUF_FAILURE;
      v[k].rank = v[k].t->rank;
      v[k].shape = v[k].t->shape;
    } else if (x.kind == IV_MEMREF) {
      v[k].is_memref = true;
      v[k].m = x.u.m;
      v[k].rank = x.u.m->rank;
      v[k].shape = x.u.m->sizes;
      if (BUF_FAILED(buf__memref_check_extent(I, op, x.u.m)) ||
          (k && BUF_FAILED(buf__memref_check_write(I, op, x.u.m))))
        return BUF_FAILURE;
    } else {
      buf__err(I, op, "softmax operand #%u is not a tensor or memref", k);
      return BUF_FAILURE;
    }
  }
  buf_status_t st = BUF_SUCCESS;
  uint32_t rank = v[0].rank;
  int64_t d = dim_attr->u.i;
  bool same = v[1].rank == rank && rank <= MAX_RANK && d >= 0 &&
              d < (int64_t)rank;
  for (uint32_t i = 0; same && i < rank; i++)
    same = v[0].shape[i] == v[1].shape[i];
  if (!same) {
    buf__err(I, op, "softmax input and init differ in shape, or the "
                    "dimension is out of range");
    st = BUF_FAILURE;
  }
  int64_t idx[MAX_RANK] = {0}, n = 1;
  for (uint32_t i = 0; !BUF_FAILED(st) && i < rank; i++)
    n *= v[0].shape[i];
  int64_t len = BUF_FAILED(st) ? 0 : v[0].shape[d];
  /* Visit every slice along d: idx[d] stays 0 between slices. */
  for (int64_t visited = 0; !BUF_FAILED(st) && len > 0 && visited < n;
       visited += len) {
    double m = NAN, sum = 0.0;
    buf__cell_t *in = view_cells(&v[0]), *out = view_cells(&v[1]);
    for (idx[d] = 0; idx[d] < len && !BUF_FAILED(st); idx[d]++) {
      int64_t p = view_pos(&v[0], idx);
      if (!view_is_init(&v[0], p)) {
        buf__err(I, op, "softmax reads an uninitialized input element");
        st = BUF_FAILURE;
        break;
      }
      m = isnan(m) ? in[p].f : isnan(in[p].f) ? m : fmax(m, in[p].f);
    }
    for (idx[d] = 0; idx[d] < len && !BUF_FAILED(st); idx[d]++) {
      double diff = softmax_round(fk, in[view_pos(&v[0], idx)].f - m);
      double e = softmax_round(fk, fk == BUF_F64 ? exp(diff)
                                                 : (double)expf((float)diff));
      int64_t q = view_pos(&v[1], idx);
      out[q].f = e;
      view_set_init(&v[1], q);
      sum = softmax_round(fk, e + sum);
    }
    for (idx[d] = 0; idx[d] < len && !BUF_FAILED(st); idx[d]++) {
      int64_t q = view_pos(&v[1], idx);
      out[q].f = softmax_round(fk, out[q].f / sum);
    }
    idx[d] = 0;
    /* The next slice: the row-major successor among the other dims. */
    for (int r = (int)rank - 1; r >= 0; r--) {
      if (r == d)
        continue;
      if (++idx[r] < v[0].shape[r])
        break;
      idx[r] = 0;
    }
  }
  if (!v[1].is_memref) {
    if (!BUF_FAILED(st) && op->num_results == 1)
      buf__set_result(I, F, op, 0, buf__iv_tensor(v[1].t));
    else
      buf__iv_drop(I, buf__iv_tensor(v[1].t));
  }
  return st;
}

static int64_t row_major(uint32_t rank, const int64_t *shape,
                         const int64_t *idx) {
  int64_t l = 0;
  for (uint32_t d = 0; d < rank; d++)
    l = l * shape[d] + idx[d];
  return l;
}

/* linalg.pack / unpack on tensors (their only operands, as upstream): the
 * result, of the destination's shape, is written whole. pack: packed point
 * (outer o, inner t) holds source element u with u[outer dim perm(i)] =
 * o[i], then u[inner_dims_pos[j]] = that * tile[j] + t[j]; a point past the
 * source's end holds padding_value (without one it is undefined behaviour,
 * reported). unpack: unpacked point u reads the packed point that pack
 * would write it to. The packed outer sizes must be the tile counts. */
static buf_status_t linalg_pack(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, const buf__interp_row_t *row) {
  (void)row;
  buf_linalg_pack_t pk;
  buf__ival_t s = buf__operand(I, F, op, 0), d = buf__operand(I, F, op, 1);
  if (!buf_linalg_get_pack(op, &pk) || s.kind != IV_TENSOR ||
      d.kind != IV_TENSOR || op->num_results != 1) {
    buf__err(I, op, "pack and unpack need a source and a destination tensor");
    return BUF_FAILURE;
  }
  const buf__tensor_t *src = s.u.t, *dst = d.u.t;
  const buf__tensor_t *packed = pk.unpack ? src : dst;
  const buf__tensor_t *unpacked = pk.unpack ? dst : src;
  uint32_t rank = pk.rank, k = pk.num_tiles;
  int64_t tiles[BUF_LINALG_MAX_LOOPS];
  uint32_t next = pk.first_tile_operand;
  for (uint32_t j = 0; j < k; j++) {
    tiles[j] = pk.static_tiles[j];
    if (tiles[j] == BUF_DYNAMIC &&
        !buf__index_operand(I, F, op, next++, &tiles[j]))
      return BUF_FAILURE;
    if (tiles[j] <= 0) {
      buf__err(I, op, "tile size %lld is not positive", (long long)tiles[j]);
      return BUF_FAILURE;
    }
  }
  int64_t outer[BUF_LINALG_MAX_LOOPS];
  for (uint32_t u = 0; u < rank; u++)
    outer[u] = unpacked->shape[u];
  for (uint32_t j = 0; j < k; j++) {
    int64_t u = pk.inner_dims_pos[j];
    outer[u] = (outer[u] + tiles[j] - 1) / tiles[j];
  }
  for (uint32_t i = 0; i < rank + k; i++) {
    int64_t want = i < rank ? outer[pk.num_perm ? pk.outer_perm[i] : i]
                            : tiles[i - rank];
    if (packed->shape[i] != want) {
      buf__err(I, op, "packed dimension %u has size %lld, expected %lld", i,
               (long long)packed->shape[i], (long long)want);
      return BUF_FAILURE;
    }
  }
  buf__cell_t pad = {0};
  if (pk.padding_operand >= 0) {
    buf__ival_t p = buf__operand(I, F, op, (uint32_t)pk.padding_operand);
    if (!buf__check_defined(I, op, p))
      return BUF_FAILURE;
    pad = buf__value_cell(p);
  }
  buf__tensor_t *r = buf__tensor_new(I, op, buf_type_elem(op->results[0].type),
                                     dst->rank, dst->shape, true);
  if (!r)
    return BUF_FAILURE;
  int64_t idx[2 * BUF_LINALG_MAX_LOOPS] = {0};
  int64_t u[BUF_LINALG_MAX_LOOPS], p[2 * BUF_LINALG_MAX_LOOPS];
  for (int64_t e = 0; e < r->n; e++, buf__next_index(r->rank, r->shape, idx)) {
    bool inside = true;
    if (!pk.unpack) {
      for (uint32_t i = 0; i < rank; i++)
        u[pk.num_perm ? pk.outer_perm[i] : i] = idx[i];
      for (uint32_t j = 0; j < k; j++) {
        int64_t x = pk.inner_dims_pos[j];
        u[x] = u[x] * tiles[j] + idx[rank + j];
      }
      for (uint32_t x = 0; x < rank; x++)
        inside = inside && u[x] < src->shape[x];
    } else {
      int64_t o[BUF_LINALG_MAX_LOOPS];
      for (uint32_t x = 0; x < rank; x++)
        o[x] = idx[x];
      for (uint32_t j = 0; j < k; j++) {
        int64_t x = pk.inner_dims_pos[j];
        o[x] = idx[x] / tiles[j];
        p[rank + j] = idx[x] % tiles[j];
      }
      for (uint32_t i = 0; i < rank; i++)
        p[i] = o[pk.num_perm ? pk.outer_perm[i] : i];
    }
    if (!inside && pk.padding_operand < 0) {
      buf__err(I, op, "the tiles reach past the source without a "
                      "padding_value (undefined behaviour)");
      buf__iv_drop(I, buf__iv_tensor(r));
      return BUF_FAILURE;
    }
    if (!inside) {
      r->data[e] = pad;
      continue;
    }
    int64_t l = pk.unpack ? row_major(src->rank, src->shape, p)
                          : row_major(src->rank, src->shape, u);
    r->data[e] = src->data[l];
    buf__tensor_set_init(r, e, buf__tensor_is_init(src, l));
  }
  buf__set_result(I, F, op, 0, buf__iv_tensor(r));
  return BUF_SUCCESS;
}

#define S(n) {"linalg." n, linalg_structured, 0, NULL}
static const buf__interp_row_t rows[] = {
    {"linalg.index", linalg_index, 0, NULL},
    {"linalg.softmax", linalg_softmax, 0, NULL},
    {"linalg.pack", linalg_pack, 0, NULL},
    {"linalg.unpack", linalg_pack, 0, NULL},
    S("generic"), S("map"), S("reduce"), S("transpose"), S("broadcast"),
    S("fill"), S("copy"), S("matmul"), S("batch_matmul"), S("matvec"),
    S("vecmat"), S("dot"), S("batch_reduce_matmul"), S("batch_matvec"),
    S("batch_vecmat"), S("contract"), S("add"), S("sub"), S("mul"),
    S("div"), S("div_unsigned"), S("max"), S("min"), S("exp"), S("log"),
    S("abs"), S("ceil"), S("floor"), S("negf"), S("reciprocal"), S("round"),
    S("sqrt"), S("rsqrt"), S("square"), S("tanh"), S("erf"), S("powf"),
    S("elementwise"), S("select"),
    /* Convolutions and pooling (core/dialects/linalg_conv_ops.h). */
    S("conv_1d"), S("conv_2d"), S("conv_3d"), S("conv_1d_nwc_wcf"),
    S("conv_1d_ncw_fcw"), S("conv_2d_nhwc_hwcf"), S("conv_2d_nhwc_fhwc"),
    S("conv_2d_nchw_fchw"), S("conv_2d_ngchw_fgchw"),
    S("conv_2d_ngchw_gfchw"), S("conv_2d_nhwgc_gfhwc"),
    S("conv_3d_ndhwc_dhwcf"), S("conv_3d_ncdhw_fcdhw"),
    S("conv_2d_nhwc_hwcf_q"), S("conv_2d_nhwc_fhwc_q"),
    S("conv_2d_nchw_fchw_q"), S("conv_3d_ndhwc_dhwcf_q"),
    S("depthwise_conv_2d_nhwc_hwc_q"), S("depthwise_conv_2d_nhwc_hwcm_q"),
    S("depthwise_conv_1d_nwc_wc"), S("depthwise_conv_1d_ncw_cw"),
    S("depthwise_conv_1d_nwc_wcm"), S("depthwise_conv_2d_nhwc_hwc"),
    S("depthwise_conv_2d_nchw_chw"), S("depthwise_conv_2d_nhwc_hwcm"),
    S("depthwise_conv_3d_ndhwc_dhwc"), S("depthwise_conv_3d_ncdhw_cdhw"),
    S("depthwise_conv_3d_ndhwc_dhwcm"), S("pooling_nchw_max"),
    S("pooling_nchw_sum"), S("pooling_nhwc_max"), S("pooling_nhwc_min"),
    S("pooling_nhwc_sum"), S("pooling_nhwc_max_unsigned"),
    S("pooling_nhwc_min_unsigned"), S("pooling_ncw_max"),
    S("pooling_ncw_sum"), S("pooling_nwc_max"), S("pooling_nwc_min"),
    S("pooling_nwc_sum"), S("pooling_nwc_max_unsigned"),
    S("pooling_nwc_min_unsigned"), S("pooling_ndhwc_max"),
    S("pooling_ndhwc_min"), S("pooling_ndhwc_sum"),
};

const buf__interp_table_t buf__interp_linalg_table = {
    rows, sizeof rows / sizeof rows[0]};
