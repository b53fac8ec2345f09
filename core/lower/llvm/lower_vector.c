/*
 * lower_vector.c: the LLVM emitters of vector ops and their rows.
 *
 * A vector of any rank is one flat LLVM vector, row-major (lower_types.c),
 * so a position in an n-D vector is a linear element offset: extract and
 * insert become extractelement/insertelement or shufflevector, shape_cast
 * is the value itself, and vector-typed arith/math need nothing here.
 *
 * Transfers are unrolled per element (vectors are small and static): each
 * element computes its memref indices from the base indices and the
 * permutation map (a broadcast result adds nothing); where a dimension is
 * not in_bounds, or a mask is given, the element is loaded (or stored)
 * under a branch on "inside and on", else it keeps the padding (or is
 * skipped), which is upstream's semantics (see core/interp/ops_vector.c);
 * the mask is indexed as the interpreter indexes it.
 * Transfers on tensors are bufferized before lowering and refused here.
 *
 * vector.print calls the runner-utils functions upstream's lowering calls
 * (printOpen, printF32, printComma, printClose, printNewline ...), nested
 * per dimension, then its punctuation's, and printString for a literal,
 * so the output is mlir-runner's byte for byte.
 */
#include "lower_internal.h"

#include "buf/vector.h"

#define MAX_ELEMS 4096
#define MAX_RANK 16

static LLVMValueRef ci32(lw_t *L, int64_t v) {
  return LLVMConstInt(L->i32, (unsigned long long)v, 0);
}

/* Contract in lower_internal.h. */
LLVMValueRef buf__lw_dense_vector(lw_t *L, buf_type_t t, buf_attr_t dense) {
  LLVMTypeRef et = buf__lw_type(L, t->u.shaped.elem);
  int64_t n = buf_type_num_elements(t);
  if (!et || n <= 0 || n > MAX_ELEMS)
    return NULL;
  LLVMValueRef e[MAX_ELEMS];
  bool fl = buf_type_is_float(t->u.shaped.elem);
  for (int64_t i = 0; i < n; i++)
    e[i] = fl ? LLVMConstReal(et, buf_attr_dense_float(dense, i))
              : LLVMConstInt(et, (unsigned long long)buf_attr_dense_int(dense, i), 0);
  return LLVMConstVector(e, (unsigned)n);
}

/* A shufflevector of a (and b, or poison) with the given constant mask. */
static LLVMValueRef shuffle(lw_t *L, LLVMValueRef a, LLVMValueRef b, const int64_t *mask,
                            int64_t n) {
  LLVMValueRef m[MAX_ELEMS];
  for (int64_t i = 0; i < n; i++)
    m[i] = ci32(L, mask[i]);
  if (!b)
    b = LLVMGetPoison(LLVMTypeOf(a));
  return LLVMBuildShuffleVector(L->B, a, b, LLVMConstVector(m, (unsigned)n), "");
}

static bool too_big(buf_type_t t) {
  return t->kind == BUF_TYPE_VECTOR &&
         (buf_type_num_elements(t) > MAX_ELEMS || t->u.shaped.rank > MAX_RANK);
}

/* vector.broadcast: a scalar splat, or a shuffle picking for each result
 * element the source element at its trailing indices. */
static buf_status_t e_broadcast(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t st = buf_op_operand(op, 0)->type, rt = res_type(op);
  if (too_big(rt))
    return fail(L, op, "vector too large");
  int64_t n = buf_type_num_elements(rt), mask[MAX_ELEMS];
  LLVMValueRef src = operand(L, op, 0);
  if (st->kind != BUF_TYPE_VECTOR) {
    LLVMTypeRef one = LLVMVectorType(LLVMTypeOf(src), 1);
    src = LLVMBuildInsertElement(L->B, LLVMGetPoison(one), src, ci32(L, 0), "");
    for (int64_t e = 0; e < n; e++)
      mask[e] = 0;
  } else {
    uint32_t rr = rt->u.shaped.rank, rs = st->u.shaped.rank;
    int64_t idx[MAX_RANK] = {0};
    for (int64_t e = 0; e < n; e++) {
      int64_t l = 0;
      for (uint32_t d = 0; d < rs; d++) {
        int64_t s = st->u.shaped.shape[d];
        l = l * s + (s == 1 ? 0 : idx[rr - rs + d]);
      }
      mask[e] = l;
      for (int32_t d = (int32_t)rr - 1; d >= 0; d--) {
        if (++idx[d] < rt->u.shaped.shape[d])
          break;
        idx[d] = 0;
      }
    }
  }
  set_result(L, op, 0, shuffle(L, src, NULL, mask, n));
  return BUF_SUCCESS;
}

static buf_status_t e_shape_cast(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  set_result(L, op, 0, operand(L, op, 0));
  return BUF_SUCCESS;
}

/* The linear offset of extract/insert's position in vector type vt (an
 * i64 value, constant when the position is), and the elements it covers. */
static LLVMValueRef position_offset(lw_t *L, buf_op_t *op, buf_type_t vt, uint32_t first_dyn,
                                    int64_t *count, bool *is_const, int64_t *const_off) {
  buf_attr_t pos = buf_op_attr(op, "static_position");
  uint32_t n = (uint32_t)pos->u.dense_array.count, dyn = first_dyn;
  LLVMValueRef off = c64(L, 0);
  int64_t coff = 0;
  *is_const = true;
  for (uint32_t d = 0; d < n; d++) {
    int64_t x = pos->u.dense_array.ints[d], s = vt->u.shaped.shape[d];
    coff = coff * s + (x == BUF_DYNAMIC ? 0 : x);
    LLVMValueRef xv = x == BUF_DYNAMIC ? operand(L, op, dyn++) : c64(L, x);
    *is_const = *is_const && x != BUF_DYNAMIC;
    off = LLVMBuildAdd(L->B, LLVMBuildMul(L->B, off, c64(L, s), ""), xv, "");
  }
  int64_t inner = 1;
  for (uint32_t d = n; d < vt->u.shaped.rank; d++)
    inner *= vt->u.shaped.shape[d];
  *count = inner;
  *const_off = coff * inner;
  return LLVMBuildMul(L->B, off, c64(L, inner), "");
}

static buf_status_t e_extract(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t vt = buf_op_operand(op, 0)->type, rt = res_type(op);
  if (too_big(vt))
    return fail(L, op, "vector too large");
  int64_t cnt, coff;
  bool is_const;
  LLVMValueRef off = position_offset(L, op, vt, 1, &cnt, &is_const, &coff);
  LLVMValueRef src = operand(L, op, 0);
  if (rt->kind != BUF_TYPE_VECTOR) {
    set_result(L, op, 0, LLVMBuildExtractElement(L->B, src, off, ""));
    return BUF_SUCCESS;
  }
  if (is_const) {
    int64_t mask[MAX_ELEMS];
    for (int64_t e = 0; e < cnt; e++)
      mask[e] = coff + e;
    set_result(L, op, 0, shuffle(L, src, NULL, mask, cnt));
    return BUF_SUCCESS;
  }
  LLVMValueRef r = LLVMGetPoison(buf__lw_type(L, rt));
  for (int64_t e = 0; e < cnt; e++) {
    LLVMValueRef x = LLVMBuildExtractElement(
        L->B, src, LLVMBuildAdd(L->B, off, c64(L, e), ""), "");
    r = LLVMBuildInsertElement(L->B, r, x, c64(L, e), "");
  }
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

static buf_status_t e_insert(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t vt = res_type(op);
  if (too_big(vt))
    return fail(L, op, "vector too large");
  int64_t cnt, coff;
  bool is_const;
  LLVMValueRef off = position_offset(L, op, vt, 2, &cnt, &is_const, &coff);
  LLVMValueRef part = operand(L, op, 0), r = operand(L, op, 1);
  if (buf_op_operand(op, 0)->type->kind != BUF_TYPE_VECTOR) {
    set_result(L, op, 0, LLVMBuildInsertElement(L->B, r, part, off, ""));
    return BUF_SUCCESS;
  }
  for (int64_t e = 0; e < cnt; e++) {
    LLVMValueRef x = LLVMBuildExtractElement(L->B, part, c64(L, e), "");
    r = LLVMBuildInsertElement(L->B, r, x, LLVMBuildAdd(L->B, off, c64(L, e), ""), "");
  }
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

static buf_status_t e_from_elements(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMTypeRef t = buf__lw_type(L, res_type(op));
  LLVMValueRef r = LLVMGetPoison(t);
  for (uint32_t i = 0; i < op->num_operands; i++)
    r = LLVMBuildInsertElement(L->B, r, operand(L, op, i), c64(L, i), "");
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

/* ---- vector.reduction ------------------------------------------------- */

/* The LLVM reduction intrinsic of each kind and the scalar operation that
 * folds the accumulator in; float add/mul take the accumulator as their
 * ordered start value instead. */
static const struct {
  const char *reduce;
  LLVMOpcode binop;        /* 0: use `pred` or `scalar` */
  LLVMIntPredicate pred;   /* integer min/max: compare and select */
  const char *scalar;      /* float min/max: a scalar intrinsic */
} reductions[BUF_VKIND_COUNT] = {
    [BUF_VKIND_ADD] = {"llvm.vector.reduce.add", LLVMAdd, 0, NULL},
    [BUF_VKIND_MUL] = {"llvm.vector.reduce.mul", LLVMMul, 0, NULL},
    [BUF_VKIND_MINUI] = {"llvm.vector.reduce.umin", 0, LLVMIntULT, NULL},
    [BUF_VKIND_MINSI] = {"llvm.vector.reduce.smin", 0, LLVMIntSLT, NULL},
    [BUF_VKIND_MINNUMF] = {"llvm.vector.reduce.fmin", 0, 0, "llvm.minnum"},
    [BUF_VKIND_MAXUI] = {"llvm.vector.reduce.umax", 0, LLVMIntUGT, NULL},
    [BUF_VKIND_MAXSI] = {"llvm.vector.reduce.smax", 0, LLVMIntSGT, NULL},
    [BUF_VKIND_MAXNUMF] = {"llvm.vector.reduce.fmax", 0, 0, "llvm.maxnum"},
    [BUF_VKIND_AND] = {"llvm.vector.reduce.and", LLVMAnd, 0, NULL},
    [BUF_VKIND_OR] = {"llvm.vector.reduce.or", LLVMOr, 0, NULL},
    [BUF_VKIND_XOR] = {"llvm.vector.reduce.xor", LLVMXor, 0, NULL},
    [BUF_VKIND_MAXIMUMF] = {"llvm.vector.reduce.fmaximum", 0, 0, "llvm.maximum"},
    [BUF_VKIND_MINIMUMF] = {"llvm.vector.reduce.fminimum", 0, 0, "llvm.minimum"},
};

static buf_status_t e_reduction(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_vector_kind_t k;
  if (!buf_vector_kind_of(buf_op_attr(op, "kind"), &k))
    return fail(L, op, "unknown combining kind");
  buf_type_t et = res_type(op);
  LLVMValueRef v = operand(L, op, 0), r;
  LLVMTypeRef vt = LLVMTypeOf(v), st = buf__lw_type(L, et);
  bool fl = buf_type_is_float(et), acc = op->num_operands == 2;
  if (fl && (k == BUF_VKIND_ADD || k == BUF_VKIND_MUL)) {
    /* ordered (no reassoc): start at the accumulator, or the identity */
    LLVMValueRef start = acc ? operand(L, op, 1) : LLVMConstReal(st, k == BUF_VKIND_ADD ? -0.0 : 1.0);
    LLVMValueRef args[2] = {start, v};
    r = buf__lw_intrinsic_on(L, k == BUF_VKIND_ADD ? "llvm.vector.reduce.fadd"
                                                   : "llvm.vector.reduce.fmul",
                             &vt, 1, args, 2);
    if (!r)
      return fail(L, op, "intrinsic unknown to this LLVM");
    set_result(L, op, 0, r);
    return BUF_SUCCESS;
  }
  r = buf__lw_intrinsic_on(L, reductions[k].reduce, &vt, 1, &v, 1);
  if (!r)
    return fail(L, op, "intrinsic unknown to this LLVM");
  if (acc) {
    LLVMValueRef a = operand(L, op, 1);
    if (reductions[k].binop) {
      r = LLVMBuildBinOp(L->B, reductions[k].binop, a, r, "");
    } else if (reductions[k].scalar) {
      LLVMValueRef args[2] = {a, r};
      r = buf__lw_intrinsic(L, reductions[k].scalar, st, args, 2);
    } else {
      r = LLVMBuildSelect(L->B, LLVMBuildICmp(L->B, reductions[k].pred, a, r, ""), a, r, "");
    }
  }
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

/* One combining step of kind k on scalars a (the running value) and b. */
static LLVMValueRef combine(lw_t *L, buf_vector_kind_t k, bool fl, LLVMValueRef a,
                            LLVMValueRef b) {
  if (fl && (k == BUF_VKIND_ADD || k == BUF_VKIND_MUL))
    return LLVMBuildBinOp(L->B, k == BUF_VKIND_ADD ? LLVMFAdd : LLVMFMul, a, b, "");
  if (reductions[k].binop)
    return LLVMBuildBinOp(L->B, reductions[k].binop, a, b, "");
  if (reductions[k].scalar) {
    LLVMValueRef args[2] = {a, b};
    return buf__lw_intrinsic(L, reductions[k].scalar, LLVMTypeOf(a), args, 2);
  }
  return LLVMBuildSelect(L->B, LLVMBuildICmp(L->B, reductions[k].pred, a, b, ""), a, b, "");
}

/* vector.contract, unrolled: each accumulator element combined, point by
 * point of the iteration space in row-major order (the interpreter's
 * order), with the product of the lhs and rhs elements its maps pick. */
static buf_status_t e_contract(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_vector_kind_t k;
  buf_attr_t maps = buf_op_attr(op, "indexing_maps"), its = buf_op_attr(op, "iterator_types");
  if (!buf_vector_kind_of(buf_op_attr(op, "kind"), &k) || !maps || !its ||
      its->u.array.n > MAX_RANK)
    return fail(L, op, "malformed vector.contract");
  uint32_t nloops = its->u.array.n;
  buf_type_t ty[3];
  for (uint32_t o = 0; o < 3; o++)
    ty[o] = buf_op_operand(op, o)->type;
  int64_t size[MAX_RANK] = {0}, idx[MAX_RANK] = {0}, points = 1;
  for (uint32_t o = 0; o < 3; o++)
    for (uint32_t r = 0; ty[o]->kind == BUF_TYPE_VECTOR && r < ty[o]->u.shaped.rank; r++)
      size[maps->u.array.elems[o]->u.map->results[r]->value] = ty[o]->u.shaped.shape[r];
  for (uint32_t i = 0; i < nloops; i++)
    points *= size[i];
  bool acc_vec = ty[2]->kind == BUF_TYPE_VECTOR;
  int64_t nacc = acc_vec ? buf_type_num_elements(ty[2]) : 1;
  if (points > MAX_ELEMS || nacc > MAX_ELEMS)
    return fail(L, op, "vector.contract too large to unroll");
  buf_type_t et = acc_vec ? ty[2]->u.shaped.elem : ty[2];
  bool fl = buf_type_is_float(et);
  LLVMValueRef a = operand(L, op, 0), b = operand(L, op, 1), acc = operand(L, op, 2);
  LLVMValueRef run[MAX_ELEMS];
  for (int64_t e = 0; e < nacc; e++)
    run[e] = acc_vec ? LLVMBuildExtractElement(L->B, acc, c64(L, e), "") : acc;
  for (int64_t p = 0; p < points; p++) {
    int64_t lin[3] = {0, 0, 0};
    for (uint32_t o = 0; o < 3; o++) {
      buf_affine_map_t *m = maps->u.array.elems[o]->u.map;
      for (uint32_t r = 0; r < m->num_results; r++)
        lin[o] = lin[o] * ty[o]->u.shaped.shape[r] + idx[m->results[r]->value];
    }
    LLVMValueRef x = LLVMBuildExtractElement(L->B, a, c64(L, lin[0]), "");
    LLVMValueRef y = LLVMBuildExtractElement(L->B, b, c64(L, lin[1]), "");
    LLVMValueRef prod = LLVMBuildBinOp(L->B, fl ? LLVMFMul : LLVMMul, x, y, "");
    run[lin[2]] = combine(L, k, fl, run[lin[2]], prod);
    for (int32_t d = (int32_t)nloops - 1; d >= 0; d--) {
      if (++idx[d] < size[d])
        break;
      idx[d] = 0;
    }
  }
  LLVMValueRef r = run[0];
  if (acc_vec) {
    r = LLVMGetPoison(LLVMTypeOf(acc));
    for (int64_t e = 0; e < nacc; e++)
      r = LLVMBuildInsertElement(L->B, r, run[e], c64(L, e), "");
  }
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

static buf_status_t e_fma(lw_t *L, buf_op_t *op, const void *arg) {
  return buf__lw_emit_intrinsic(L, op, "llvm.fma");
}

/* ---- vector.print ----------------------------------------------------- */

static void print_call(lw_t *L, const char *name, LLVMTypeRef pt, LLVMValueRef v) {
  LLVMValueRef f = buf__lw_get_fn(L, name, L->voidt, pt ? &pt : NULL, pt ? 1 : 0);
  call(L, f, pt ? &v : NULL, pt ? 1 : 0);
}

/* One scalar, as upstream's lowering prints it: f32/f64 as themselves,
 * index unsigned, i1 zero-extended, other integers sign-extended. */
static bool print_scalar(lw_t *L, buf_type_t t, LLVMValueRef v) {
  if (buf_type_is_float(t)) {
    if (t->u.fkind == BUF_F32)
      print_call(L, "printF32", LLVMTypeOf(v), v);
    else if (t->u.fkind == BUF_F64)
      print_call(L, "printF64", LLVMTypeOf(v), v);
    else
      return false;
    return true;
  }
  uint32_t w = buf_type_bitwidth(t);
  if (w > 64)
    return false;
  if (t->kind == BUF_TYPE_INDEX) {
    print_call(L, "printU64", L->i64, v);
    return true;
  }
  if (w < 64)
    v = w == 1 ? LLVMBuildZExt(L->B, v, L->i64, "") : LLVMBuildSExt(L->B, v, L->i64, "");
  print_call(L, "printI64", L->i64, v);
  return true;
}

static bool print_dim(lw_t *L, buf_type_t t, LLVMValueRef v, uint32_t d, int64_t *pos) {
  print_call(L, "printOpen", NULL, NULL);
  int64_t n = d < t->u.shaped.rank ? t->u.shaped.shape[d] : 1;
  for (int64_t i = 0; i < n; i++) {
    if (i)
      print_call(L, "printComma", NULL, NULL);
    if (d + 1 < t->u.shaped.rank) {
      if (!print_dim(L, t, v, d + 1, pos))
        return false;
    } else if (!print_scalar(L, t->u.shaped.elem,
                             LLVMBuildExtractElement(L->B, v, c64(L, (*pos)++), ""))) {
      return false;
    }
  }
  print_call(L, "printClose", NULL, NULL);
  return true;
}

/* The runner-utils call of each punctuation (none for no_punctuation). */
static const char *const punct_fn[BUF_VPUNCT_COUNT] = {
    [BUF_VPUNCT_NEWLINE] = "printNewline", [BUF_VPUNCT_COMMA] = "printComma",
    [BUF_VPUNCT_OPEN] = "printOpen", [BUF_VPUNCT_CLOSE] = "printClose"};

static buf_status_t e_print(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t str = buf_op_attr(op, "stringLiteral");
  if (str && str->kind == BUF_ATTR_STRING) {
    /* the literal may hold NULs: printString stops at the first, as
     * upstream's does */
    print_call(L, "printString", L->ptr, LLVMBuildGlobalString(L->B, str->u.str.data, "str"));
    return BUF_SUCCESS;
  }
  buf_vector_punct_t punct;
  if (!buf_vector_punct_of(buf_op_attr(op, "punctuation"), &punct))
    return fail(L, op, "unknown punctuation");
  if (op->num_operands) {
    buf_type_t t = buf_op_operand(op, 0)->type;
    int64_t pos = 0;
    bool ok = t->kind == BUF_TYPE_VECTOR ? print_dim(L, t, operand(L, op, 0), 0, &pos)
                                         : print_scalar(L, t, operand(L, op, 0));
    if (!ok)
      return fail(L, op, "vector.print of this element type");
  }
  if (punct_fn[punct])
    print_call(L, punct_fn[punct], NULL, NULL);
  return BUF_SUCCESS;
}

/* ---- transfers -------------------------------------------------------- */

/* A transfer's unrolled walk: the memref, its indices, the map. */
typedef struct xfer {
  buf_type_t mt;                /* the memref type */
  LLVMValueRef desc;            /* its descriptor */
  uint32_t rank, vrank;
  LLVMValueRef base[MAX_RANK];  /* the op's indices */
  int32_t dim_of[MAX_RANK];     /* vector dim -> memref dim; -1 broadcasts */
  bool in_bounds[MAX_RANK];
  LLVMValueRef mask;            /* flat <n x i1>, or NULL */
  uint32_t mask_dims[MAX_RANK]; /* the vector dims of the mask's, in order */
  int64_t mask_shape[MAX_RANK];
  uint32_t mask_rank;
} xfer_t;

static buf_status_t xfer_setup(lw_t *L, buf_op_t *op, uint32_t mem, buf_type_t vt, xfer_t *x) {
  x->mt = buf_op_operand(op, mem)->type;
  if (x->mt->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "transfer on a tensor (bufferize first)");
  if (too_big(vt) || x->mt->u.shaped.rank > MAX_RANK)
    return fail(L, op, "vector too large");
  x->desc = operand(L, op, mem);
  x->rank = x->mt->u.shaped.rank;
  x->vrank = vt->u.shaped.rank;
  for (uint32_t d = 0; d < x->rank; d++)
    x->base[d] = operand(L, op, mem + 1 + d);
  buf_attr_t pm = buf_op_attr(op, "permutation_map"), ib = buf_op_attr(op, "in_bounds");
  for (uint32_t k = 0; k < x->vrank; k++) {
    buf_affine_expr_t *e = pm && pm->kind == BUF_ATTR_AFFINE_MAP ? pm->u.map->results[k] : NULL;
    if (e && e->kind == BUF_AFFINE_DIM)
      x->dim_of[k] = (int32_t)e->value;
    else if (e && e->kind == BUF_AFFINE_CONST && e->value == 0)
      x->dim_of[k] = -1;
    else
      return fail(L, op, "permutation_map result other than a dimension or 0");
    x->in_bounds[k] = ib && ib->kind == BUF_ATTR_ARRAY && k < ib->u.array.n &&
                      ib->u.array.elems[k]->kind == BUF_ATTR_BOOL && ib->u.array.elems[k]->u.b;
  }
  int64_t seg[4] = {0, 0, 0, 0};
  buf_op_segment_sizes(op, "operandSegmentSizes", seg, 4);
  x->mask = seg[3] ? operand(L, op, op->num_operands - 1) : NULL;
  /* the mask's dimensions: those walking a memref dimension, in its order */
  x->mask_rank = 0;
  for (uint32_t d = 0; d < x->rank; d++)
    for (uint32_t k = 0; k < x->vrank; k++)
      if (x->dim_of[k] == (int32_t)d) {
        x->mask_shape[x->mask_rank] = vt->u.shaped.shape[k];
        x->mask_dims[x->mask_rank++] = k;
      }
  return BUF_SUCCESS;
}

/* The memref indices of the element at vector indices vidx into idx, and the
 * i1 condition under which it is accessed (NULL: always). */
static LLVMValueRef xfer_element(lw_t *L, const xfer_t *x, const int64_t *vidx,
                                 LLVMValueRef *idx) {
  LLVMValueRef cond = NULL;
  if (x->mask) {
    int64_t ml = 0;
    for (uint32_t i = 0; i < x->mask_rank; i++)
      ml = ml * x->mask_shape[i] + vidx[x->mask_dims[i]];
    cond = LLVMBuildExtractElement(L->B, x->mask, c64(L, ml), "");
  }
  for (uint32_t d = 0; d < x->rank; d++)
    idx[d] = x->base[d];
  for (uint32_t k = 0; k < x->vrank; k++) {
    int32_t d = x->dim_of[k];
    if (d < 0)
      continue;
    idx[d] = LLVMBuildAdd(L->B, idx[d], c64(L, vidx[k]), "");
    if (x->in_bounds[k])
      continue;
    /* unsigned compare: a negative index is out of bounds too */
    LLVMValueRef in = LLVMBuildICmp(L->B, LLVMIntULT, idx[d],
                                    buf__lw_desc_size(L, x->mt, x->desc, (uint32_t)d), "");
    cond = cond ? LLVMBuildAnd(L->B, cond, in, "") : in;
  }
  return cond;
}

static void next_index(uint32_t rank, const int64_t *shape, int64_t *idx) {
  for (int32_t d = (int32_t)rank - 1; d >= 0; d--) {
    if (++idx[d] < shape[d])
      return;
    idx[d] = 0;
  }
}

static buf_status_t e_transfer_read(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t vt = res_type(op);
  xfer_t x;
  if (BUF_FAILED(xfer_setup(L, op, 0, vt, &x)))
    return BUF_FAILURE;
  LLVMTypeRef et = buf__lw_type(L, vt->u.shaped.elem);
  LLVMValueRef pad = operand(L, op, 1 + x.rank);
  int64_t n = buf_type_num_elements(vt), vidx[MAX_RANK] = {0};
  LLVMValueRef r = LLVMGetPoison(buf__lw_type(L, vt)), idx[MAX_RANK];
  for (int64_t e = 0; e < n; e++, next_index(x.vrank, vt->u.shaped.shape, vidx)) {
    LLVMValueRef cond = xfer_element(L, &x, vidx, idx);
    if (!cond) {
      LLVMValueRef v = LLVMBuildLoad2(L->B, et, buf__lw_elem_ptr(L, x.mt, x.desc, idx), "");
      r = LLVMBuildInsertElement(L->B, r, v, c64(L, e), "");
      continue;
    }
    LLVMBasicBlockRef from = LLVMGetInsertBlock(L->B);
    LLVMBasicBlockRef load = LLVMAppendBasicBlockInContext(L->C, L->fn, "xfer.load");
    LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(L->C, L->fn, "xfer.join");
    LLVMBuildCondBr(L->B, cond, load, join);
    LLVMPositionBuilderAtEnd(L->B, load);
    LLVMValueRef v = LLVMBuildLoad2(L->B, et, buf__lw_elem_ptr(L, x.mt, x.desc, idx), "");
    LLVMBuildBr(L->B, join);
    LLVMPositionBuilderAtEnd(L->B, join);
    LLVMValueRef phi = LLVMBuildPhi(L->B, et, "");
    LLVMValueRef vals[2] = {v, pad};
    LLVMBasicBlockRef bbs[2] = {load, from};
    LLVMAddIncoming(phi, vals, bbs, 2);
    r = LLVMBuildInsertElement(L->B, r, phi, c64(L, e), "");
  }
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

static buf_status_t e_transfer_write(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t vt = buf_op_operand(op, 0)->type;
  xfer_t x;
  if (BUF_FAILED(xfer_setup(L, op, 1, vt, &x)))
    return BUF_FAILURE;
  LLVMValueRef v = operand(L, op, 0), idx[MAX_RANK];
  int64_t n = buf_type_num_elements(vt), vidx[MAX_RANK] = {0};
  for (int64_t e = 0; e < n; e++, next_index(x.vrank, vt->u.shaped.shape, vidx)) {
    LLVMValueRef cond = xfer_element(L, &x, vidx, idx);
    LLVMBasicBlockRef join = NULL;
    if (cond) {
      LLVMBasicBlockRef store = LLVMAppendBasicBlockInContext(L->C, L->fn, "xfer.store");
      join = LLVMAppendBasicBlockInContext(L->C, L->fn, "xfer.join");
      LLVMBuildCondBr(L->B, cond, store, join);
      LLVMPositionBuilderAtEnd(L->B, store);
    }
    LLVMBuildStore(L->B, LLVMBuildExtractElement(L->B, v, c64(L, e), ""),
                   buf__lw_elem_ptr(L, x.mt, x.desc, idx));
    if (join) {
      LLVMBuildBr(L->B, join);
      LLVMPositionBuilderAtEnd(L->B, join);
    }
  }
  return BUF_SUCCESS;
}

static const emit_row_t rows[] = {
    {"vector.broadcast", e_broadcast, NULL},
    {"vector.contract", e_contract, NULL},
    {"vector.extract", e_extract, NULL},
    {"vector.fma", e_fma, NULL},
    {"vector.from_elements", e_from_elements, NULL},
    {"vector.insert", e_insert, NULL},
    {"vector.print", e_print, NULL},
    {"vector.reduction", e_reduction, NULL},
    {"vector.shape_cast", e_shape_cast, NULL},
    {"vector.transfer_read", e_transfer_read, NULL},
    {"vector.transfer_write", e_transfer_write, NULL},
};

const emit_table_t buf__lw_vector_emitters = {rows, sizeof rows / sizeof rows[0]};
