/*
 * lower_arith.c: the LLVM emitters of arith ops and their rows. Float
 * operations on bf16 compute in float on the host (see lower_bf16.c).
 */
#include "lower_internal.h"

/* A binary operation; on bf16 (host) computed in float and rounded. */
static LLVMValueRef binop(lw_t *L, LLVMOpcode opc, LLVMValueRef a, LLVMValueRef b) {
  LLVMTypeRef t = LLVMTypeOf(a), ct = buf__lw_compute_type(L, t);
  LLVMValueRef r =
      LLVMBuildBinOp(L->B, opc, buf__lw_fp_ext(L, a, ct), buf__lw_fp_ext(L, b, ct), "");
  return buf__lw_fp_trunc(L, r, t);
}

static buf_status_t e_binop(lw_t *L, buf_op_t *op, const void *arg) {
  set_result(L, op, 0,
             binop(L, (LLVMOpcode)(uintptr_t)arg, operand(L, op, 0), operand(L, op, 1)));
  return BUF_SUCCESS;
}

/* A cast; float ones to or from bf16 (host) through buf__lw_fp_ext and
 * buf__lw_fp_trunc, an integer to bf16 converted to float first and then
 * rounded, as the interpreter converts. */
static buf_status_t e_cast(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMOpcode opc = (LLVMOpcode)(uintptr_t)arg;
  LLVMTypeRef t = buf__lw_type(L, op->results[0].type);
  LLVMValueRef v = operand(L, op, 0);
  if (opc == LLVMFPExt)
    v = buf__lw_fp_ext(L, v, t);
  else if (opc == LLVMFPTrunc)
    v = buf__lw_fp_trunc(L, v, t);
  else if ((opc == LLVMSIToFP || opc == LLVMUIToFP) && buf__lw_host_bf16(L, t))
    v = buf__lw_fp_trunc(L, LLVMBuildCast(L->B, opc, v, buf__lw_compute_type(L, t), ""), t);
  else
    v = LLVMBuildCast(L->B, opc, v, t, "");
  set_result(L, op, 0, v);
  return BUF_SUCCESS;
}

/* index_cast (signed) and index_castui (unsigned): extend or truncate. */
static buf_status_t e_index_cast(lw_t *L, buf_op_t *op, const void *arg) {
  uint32_t from = buf_type_bitwidth(buf_op_operand(op, 0)->type);
  uint32_t to = buf_type_bitwidth(op->results[0].type);
  LLVMValueRef v = operand(L, op, 0);
  LLVMTypeRef t = buf__lw_type(L, op->results[0].type);
  if (to > from)
    v = arg ? LLVMBuildZExt(L->B, v, t, "") : LLVMBuildSExt(L->B, v, t, "");
  else if (to < from)
    v = LLVMBuildTrunc(L->B, v, t, "");
  set_result(L, op, 0, v);
  return BUF_SUCCESS;
}

static buf_status_t e_constant(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t a = buf_op_attr(op, "value");
  buf_type_t t = op->results[0].type;
  LLVMTypeRef lt = buf__lw_type(L, t);
  if (!a || !lt)
    return fail(L, op, "constant of this type");
  LLVMValueRef v;
  if (a->kind == BUF_ATTR_FLOAT)
    v = LLVMConstReal(lt, a->u.f);
  else if (a->kind == BUF_ATTR_INTEGER)
    v = LLVMConstInt(lt, (unsigned long long)a->u.i, 1);
  else if (a->kind == BUF_ATTR_BOOL)
    v = LLVMConstInt(lt, a->u.b, 0);
  else if (a->kind == BUF_ATTR_DENSE && t->kind == BUF_TYPE_VECTOR)
    v = buf__lw_dense_vector(L, t, a);
  else
    return fail(L, op, "constant of this kind");
  set_result(L, op, 0, v);
  return BUF_SUCCESS;
}

static const LLVMIntPredicate int_preds[] = {
    LLVMIntEQ,  LLVMIntNE,  LLVMIntSLT, LLVMIntSLE, LLVMIntSGT,
    LLVMIntSGE, LLVMIntULT, LLVMIntULE, LLVMIntUGT, LLVMIntUGE};

/* arith.cmpf predicates in arith's order. */
static const LLVMRealPredicate real_preds[] = {
    LLVMRealPredicateFalse, LLVMRealOEQ, LLVMRealOGT, LLVMRealOGE,
    LLVMRealOLT,            LLVMRealOLE, LLVMRealONE, LLVMRealORD,
    LLVMRealUEQ,            LLVMRealUGT, LLVMRealUGE, LLVMRealULT,
    LLVMRealULE,            LLVMRealUNE, LLVMRealUNO, LLVMRealPredicateTrue};

static buf_status_t e_cmpi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t p = buf_op_attr(op, "predicate");
  if (!p || p->kind != BUF_ATTR_INTEGER || p->u.i < 0 || p->u.i > 9)
    return fail(L, op, "bad predicate");
  set_result(L, op, 0,
             LLVMBuildICmp(L->B, int_preds[p->u.i], operand(L, op, 0),
                           operand(L, op, 1), ""));
  return BUF_SUCCESS;
}

static buf_status_t e_cmpf(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t p = buf_op_attr(op, "predicate");
  if (!p || p->kind != BUF_ATTR_INTEGER || p->u.i < 0 || p->u.i > 15)
    return fail(L, op, "bad predicate");
  set_result(L, op, 0,
             LLVMBuildFCmp(L->B, real_preds[p->u.i], operand(L, op, 0),
                           operand(L, op, 1), ""));
  return BUF_SUCCESS;
}

/* max/min on integers: compare with the row's predicate, then select. */
static buf_status_t e_minmax_int(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef a = operand(L, op, 0), b = operand(L, op, 1);
  LLVMValueRef c = LLVMBuildICmp(L->B, (LLVMIntPredicate)(uintptr_t)arg, a, b, "");
  set_result(L, op, 0, LLVMBuildSelect(L->B, c, a, b, ""));
  return BUF_SUCCESS;
}

static buf_status_t e_select(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  set_result(L, op, 0,
             LLVMBuildSelect(L->B, operand(L, op, 0), operand(L, op, 1),
                             operand(L, op, 2), ""));
  return BUF_SUCCESS;
}

static buf_status_t e_negf(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  set_result(L, op, 0, LLVMBuildFNeg(L->B, operand(L, op, 0), ""));
  return BUF_SUCCESS;
}

/* Floor (ceil false) or ceiling (ceil true) signed division: truncating
 * division corrected by one when the remainder is non-zero and the signs
 * call for it. */
static LLVMValueRef div_round(lw_t *L, LLVMValueRef a, LLVMValueRef b,
                              bool ceil) {
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMValueRef q = LLVMBuildSDiv(L->B, a, b, ""), r = LLVMBuildSRem(L->B, a, b, "");
  LLVMValueRef nz = LLVMBuildICmp(L->B, LLVMIntNE, r, zero, "");
  LLVMValueRef rneg = LLVMBuildICmp(L->B, LLVMIntSLT, r, zero, "");
  LLVMValueRef bneg = LLVMBuildICmp(L->B, LLVMIntSLT, b, zero, "");
  LLVMValueRef same = LLVMBuildICmp(L->B, ceil ? LLVMIntEQ : LLVMIntNE, rneg, bneg, "");
  LLVMValueRef d = LLVMBuildSelect(L->B, LLVMBuildAnd(L->B, nz, same, ""), one, zero, "");
  return ceil ? LLVMBuildAdd(L->B, q, d, "") : LLVMBuildSub(L->B, q, d, "");
}

/* floordivsi (arg NULL) and ceildivsi (arg non-NULL). */
static buf_status_t e_divround(lw_t *L, buf_op_t *op, const void *arg) {
  set_result(L, op, 0, div_round(L, operand(L, op, 0), operand(L, op, 1), arg != NULL));
  return BUF_SUCCESS;
}

/* ceildivui as upstream's arith-expand spells it: a == 0 ? 0 : (a - 1) / b + 1
 * (no overflow for a near the top of the range, unlike (a + b - 1) / b). */
static buf_status_t e_ceildivui(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef a = operand(L, op, 0), b = operand(L, op, 1);
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMValueRef q = LLVMBuildUDiv(L->B, LLVMBuildSub(L->B, a, one, ""), b, "");
  LLVMValueRef is0 = LLVMBuildICmp(L->B, LLVMIntEQ, a, zero, "");
  set_result(L, op, 0, LLVMBuildSelect(L->B, is0, zero, LLVMBuildAdd(L->B, q, one, ""), ""));
  return BUF_SUCCESS;
}

/* addui_extended: the wrapped sum and its carry (the sum is below an
 * operand exactly when the addition wrapped). */
static buf_status_t e_addui_extended(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef a = operand(L, op, 0);
  LLVMValueRef sum = LLVMBuildAdd(L->B, a, operand(L, op, 1), "");
  set_result(L, op, 0, sum);
  set_result(L, op, 1, LLVMBuildICmp(L->B, LLVMIntULT, sum, a, ""));
  return BUF_SUCCESS;
}

/* mulsi_extended (arg LLVMSExt) and mului_extended (arg LLVMZExt): the
 * product at twice the width, split into its low and high halves. */
static buf_status_t e_mul_extended(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMOpcode ext = (LLVMOpcode)(uintptr_t)arg;
  LLVMValueRef a = operand(L, op, 0);
  LLVMTypeRef t = LLVMTypeOf(a);
  unsigned w = LLVMGetIntTypeWidth(t);
  LLVMTypeRef wide = LLVMIntTypeInContext(L->C, 2 * w);
  LLVMValueRef p = LLVMBuildMul(L->B, LLVMBuildCast(L->B, ext, a, wide, ""),
                                LLVMBuildCast(L->B, ext, operand(L, op, 1), wide, ""), "");
  LLVMValueRef hi = LLVMBuildLShr(L->B, p, LLVMConstInt(wide, w, 0), "");
  set_result(L, op, 0, LLVMBuildTrunc(L->B, p, t, ""));
  set_result(L, op, 1, LLVMBuildTrunc(L->B, hi, t, ""));
  return BUF_SUCCESS;
}


/* The rows of arith. */
static const emit_row_t rows[] = {
    {"arith.constant", e_constant, NULL},
    {"arith.addi", e_binop, OPC(LLVMAdd)},
    {"arith.subi", e_binop, OPC(LLVMSub)},
    {"arith.muli", e_binop, OPC(LLVMMul)},
    {"arith.divsi", e_binop, OPC(LLVMSDiv)},
    {"arith.divui", e_binop, OPC(LLVMUDiv)},
    {"arith.remsi", e_binop, OPC(LLVMSRem)},
    {"arith.remui", e_binop, OPC(LLVMURem)},
    {"arith.andi", e_binop, OPC(LLVMAnd)},
    {"arith.ori", e_binop, OPC(LLVMOr)},
    {"arith.xori", e_binop, OPC(LLVMXor)},
    {"arith.shli", e_binop, OPC(LLVMShl)},
    {"arith.shrsi", e_binop, OPC(LLVMAShr)},
    {"arith.shrui", e_binop, OPC(LLVMLShr)},
    {"arith.addf", e_binop, OPC(LLVMFAdd)},
    {"arith.subf", e_binop, OPC(LLVMFSub)},
    {"arith.mulf", e_binop, OPC(LLVMFMul)},
    {"arith.divf", e_binop, OPC(LLVMFDiv)},
    {"arith.remf", e_binop, OPC(LLVMFRem)},
    {"arith.floordivsi", e_divround, NULL},
    {"arith.ceildivsi", e_divround, OPC(1)},
    {"arith.ceildivui", e_ceildivui, NULL},
    {"arith.addui_extended", e_addui_extended, NULL},
    {"arith.mulsi_extended", e_mul_extended, OPC(LLVMSExt)},
    {"arith.mului_extended", e_mul_extended, OPC(LLVMZExt)},
    {"arith.maxsi", e_minmax_int, OPC(LLVMIntSGT)},
    {"arith.minsi", e_minmax_int, OPC(LLVMIntSLT)},
    {"arith.maxui", e_minmax_int, OPC(LLVMIntUGT)},
    {"arith.minui", e_minmax_int, OPC(LLVMIntULT)},
    {"arith.maximumf", buf__lw_emit_intrinsic, "llvm.maximum"},
    {"arith.minimumf", buf__lw_emit_intrinsic, "llvm.minimum"},
    {"arith.maxnumf", buf__lw_emit_intrinsic, "llvm.maxnum"},
    {"arith.minnumf", buf__lw_emit_intrinsic, "llvm.minnum"},
    {"arith.negf", e_negf, NULL},
    {"arith.cmpi", e_cmpi, NULL},
    {"arith.cmpf", e_cmpf, NULL},
    {"arith.select", e_select, NULL},
    {"arith.extsi", e_cast, OPC(LLVMSExt)},
    {"arith.extui", e_cast, OPC(LLVMZExt)},
    {"arith.trunci", e_cast, OPC(LLVMTrunc)},
    {"arith.sitofp", e_cast, OPC(LLVMSIToFP)},
    {"arith.uitofp", e_cast, OPC(LLVMUIToFP)},
    {"arith.fptosi", e_cast, OPC(LLVMFPToSI)},
    {"arith.fptoui", e_cast, OPC(LLVMFPToUI)},
    {"arith.extf", e_cast, OPC(LLVMFPExt)},
    {"arith.truncf", e_cast, OPC(LLVMFPTrunc)},
    {"arith.bitcast", e_cast, OPC(LLVMBitCast)},
    {"arith.index_cast", e_index_cast, NULL},
    {"arith.index_castui", e_index_cast, OPC(1)},
};

const emit_table_t buf__lw_arith_emitters = {rows, sizeof rows / sizeof rows[0]};
