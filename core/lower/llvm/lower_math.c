/*
 * lower_math.c: the LLVM emitters of math ops and their rows: intrinsics
 * where LLVM has one, libm calls on the host and libdevice's __nv_
 * functions in kernels where it has none.
 */
#include <stdio.h>

#include "lower_internal.h"

/* An overloaded LLVM intrinsic over the result type. */
buf_status_t buf__lw_emit_intrinsic(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef args[3];
  for (uint32_t i = 0; i < op->num_operands && i < 3; i++)
    args[i] = operand(L, op, i);
  LLVMValueRef r = buf__lw_intrinsic(L, arg, buf__lw_type(L, op->results[0].type), args,
                                     op->num_operands);
  if (!r)
    return fail(L, op, "intrinsic unknown to this LLVM");
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

/* A math function without a machine instruction. On the host: the LLVM
 * intrinsic when LLVM has one (the back end calls libm for it), else the
 * libm call itself. On the GPU the NVPTX back end has neither (it would
 * abort in instruction selection), so the call goes to libdevice's
 * version, which buf_llvm_emit links in. Both names derive from libm's
 * double name: expf/exp, __nv_expf/__nv_exp. */
typedef struct math_fn {
  const char *intrinsic; /* host: overloaded buf__lw_intrinsic, NULL: call libm */
  const char *libm;      /* libm's double version; f32 adds 'f' */
} math_fn_t;

/* The bytes of libdevice, read on the first kernel that needs it. A
 * missing file is an error at that op. */
static bool libdevice_read(lw_t *L, buf_op_t *op, const char *fn_name) {
  if (L->libdevice_bytes)
    return true;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(L->libdevice, &L->libdevice_bytes, &msg)) {
    buf_op_emit_error(op, "cannot lower to PTX: '%s' needs libdevice's %s, and '%s' "
                          "cannot be read (%s); give --libdevice=PATH or set "
                          "BUFFERD_LIBDEVICE",
                      op->name, fn_name, L->libdevice, msg ? msg : "unknown error");
    LLVMDisposeMessage(msg);
    L->libdevice_bytes = NULL;
    L->failed = true;
    return false;
  }
  return true;
}

static LLVMValueRef libm_call(lw_t *L, buf_op_t *op, const math_fn_t *m, buf_type_t t,
                              LLVMValueRef *args);

/* A libm function on a vector: one call per element (LLVM has no vector
 * form of erf, atan ...; upstream's lowering scalarizes them too). */
static buf_status_t scalarized(lw_t *L, buf_op_t *op, const math_fn_t *m, LLVMValueRef *vargs) {
  buf_type_t vt = op->results[0].type, et = vt->u.shaped.elem;
  int64_t n = buf_type_num_elements(vt);
  LLVMValueRef r = LLVMGetPoison(buf__lw_type(L, vt));
  for (int64_t e = 0; e < n; e++) {
    LLVMValueRef idx = LLVMConstInt(L->i64, (unsigned long long)e, 0), args[2];
    for (uint32_t i = 0; i < op->num_operands && i < 2; i++)
      args[i] = LLVMBuildExtractElement(L->B, vargs[i], idx, "");
    LLVMValueRef x = libm_call(L, op, m, et, args);
    if (!x)
      return BUF_FAILURE;
    r = LLVMBuildInsertElement(L->B, r, x, idx, "");
  }
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

static buf_status_t e_math_fn(lw_t *L, buf_op_t *op, const void *arg) {
  const math_fn_t *m = arg;
  buf_type_t t = op->results[0].type;
  LLVMValueRef args[2] = {operand(L, op, 0), op->num_operands > 1 ? operand(L, op, 1) : NULL};
  if (!L->gpu && m->intrinsic) {
    LLVMValueRef r = buf__lw_intrinsic(L, m->intrinsic, buf__lw_type(L, t), args, op->num_operands);
    if (!r)
      return fail(L, op, "intrinsic unknown to this LLVM");
    set_result(L, op, 0, r);
    return BUF_SUCCESS;
  }
  if (t->kind == BUF_TYPE_VECTOR && buf_type_is_float(t->u.shaped.elem))
    return scalarized(L, op, m, args);
  LLVMValueRef r = libm_call(L, op, m, t, args);
  if (!r)
    return BUF_FAILURE;
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

/* The libm (host) or libdevice (GPU) call of m on scalars args of float
 * type t; NULL after an error at op. */
static LLVMValueRef libm_call(lw_t *L, buf_op_t *op, const math_fn_t *m, buf_type_t t,
                              LLVMValueRef *args) {
  if (!buf_type_is_float(t)) {
    fail(L, op, "math function on a type other than a float");
    return NULL;
  }
  /* f16 and bf16 have no libm or libdevice functions: computed in float and
   * rounded back, as the interpreter does. */
  bool f64 = t->u.fkind == BUF_F64, narrow = t->u.fkind == BUF_F16 || t->u.fkind == BUF_BF16;
  if (!f64 && !narrow && t->u.fkind != BUF_F32) {
    fail(L, op, "math function on a float type other than f16, bf16, f32 and f64");
    return NULL;
  }
  char name[40];
  snprintf(name, sizeof name, "%s%s%s", L->gpu ? "__nv_" : "", m->libm, f64 ? "" : "f");
  if (L->gpu && !libdevice_read(L, op, name))
    return NULL;
  LLVMTypeRef lt = buf__lw_type(L, t), ct = narrow ? LLVMFloatTypeInContext(L->C) : lt;
  LLVMTypeRef ps[2] = {ct, ct};
  LLVMValueRef f = buf__lw_get_fn(L, name, ct, ps, op->num_operands);
  LLVMValueRef cargs[2];
  for (uint32_t i = 0; i < op->num_operands && i < 2; i++)
    cargs[i] = buf__lw_fp_ext(L, args[i], ct);
  return buf__lw_fp_trunc(L, call(L, f, cargs, op->num_operands), lt);
}

/* ctlz/cttz (arg: the intrinsic) with a defined result for zero (the
 * width), as upstream's math-to-llvm lowers them. */
static buf_status_t e_count_zeros(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef args[2] = {operand(L, op, 0), LLVMConstInt(L->i1, 0, 0)};
  set_result(L, op, 0, buf__lw_intrinsic(L, arg, LLVMTypeOf(args[0]), args, 2));
  return BUF_SUCCESS;
}

/* math.fpowi. On the host: llvm.powi, as upstream's math-to-llvm lowers
 * it. Its exponent must be a C int (the back end calls __powisf2 or
 * __powidf2), so a narrower one is sign-extended; a wider one, which an int
 * cannot hold, goes through llvm.pow on the exponent converted to the type
 * the power is computed in (the interpreter's pow(x, (double)n), powf for
 * the narrower floats). The NVPTX back end cannot make that
 * libcall, so kernels call libdevice's __nv_powif/__nv_powi (or
 * __nv_powf/__nv_pow for wide exponents) on f32 or f64, f16 and bf16
 * computing in float. */
static buf_status_t e_fpowi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef args[2] = {operand(L, op, 0), operand(L, op, 1)};
  LLVMTypeRef ft = LLVMTypeOf(args[0]);
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(args[1]));
  if (L->gpu) {
    buf_type_t t = op->results[0].type;
    bool f64 = t->u.fkind == BUF_F64, narrow = t->u.fkind == BUF_F16 || t->u.fkind == BUF_BF16;
    if (!f64 && !narrow && t->u.fkind != BUF_F32)
      return fail(L, op, "math function on a float type other than f16, bf16, f32 and f64");
    LLVMTypeRef ct = narrow ? LLVMFloatTypeInContext(L->C) : ft;
    char name[24];
    snprintf(name, sizeof name, "__nv_pow%s%s", w > 32 ? "" : "i", f64 ? "" : "f");
    if (!libdevice_read(L, op, name))
      return BUF_FAILURE;
    if (narrow)
      args[0] = LLVMBuildFPExt(L->B, args[0], ct, "");
    if (w > 32)
      args[1] = LLVMBuildSIToFP(L->B, args[1], ct, "");
    else if (w < 32)
      args[1] = LLVMBuildSExt(L->B, args[1], L->i32, "");
    LLVMTypeRef ps[2] = {ct, w > 32 ? ct : L->i32};
    LLVMValueRef r = call(L, buf__lw_get_fn(L, name, ct, ps, 2), args, 2);
    set_result(L, op, 0, narrow ? LLVMBuildFPTrunc(L->B, r, ft, "") : r);
    return BUF_SUCCESS;
  }
  if (w > 32) {
    args[1] = LLVMBuildSIToFP(L->B, args[1], buf__lw_compute_type(L, ft), "");
    set_result(L, op, 0, buf__lw_intrinsic(L, "llvm.pow", ft, args, 2));
    return BUF_SUCCESS;
  }
  if (w < 32)
    args[1] = LLVMBuildSExt(L->B, args[1], L->i32, "");
  LLVMTypeRef ts[2] = {ft, L->i32};
  set_result(L, op, 0, buf__lw_intrinsic_on(L, "llvm.powi", ts, 2, args, 2));
  return BUF_SUCCESS;
}

/* isnan/isinf/isfinite/isnormal: llvm.is.fpclass with the row's class
 * mask (bits: 0 snan, 1 qnan, 2 -inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0,
 * 7 +subnormal, 8 +normal, 9 +inf). */
static buf_status_t e_fpclass(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef args[2] = {operand(L, op, 0), LLVMConstInt(L->i32, (uintptr_t)arg, 0)};
  set_result(L, op, 0, buf__lw_intrinsic(L, "llvm.is.fpclass", LLVMTypeOf(args[0]), args, 2));
  return BUF_SUCCESS;
}

/* math.ipowi calls a helper function per integer type, emitted once into
 * the module (internal), as upstream's convert-math-to-funcs does:
 *   b == 0: 1;  b < 0: a == 1 ? 1 : a == -1 ? (b odd ? -1 : 1) : a == 0 ?
 *   trap : 0;  otherwise square-and-multiply over the bits of b.
 * Upstream divides 1 by 0 for 0 to a negative power (undefined in LLVM);
 * a trap is the defined form of that failure (the interpreter reports an
 * error there). */
static LLVMValueRef ipowi_helper(lw_t *L, LLVMTypeRef t) {
  char name[40];
  snprintf(name, sizeof name, "__bufferd_ipowi_i%u", LLVMGetIntTypeWidth(t));
  LLVMValueRef f = LLVMGetNamedFunction(L->M, name);
  if (f)
    return f;
  LLVMTypeRef ps[2] = {t, t};
  f = LLVMAddFunction(L->M, name, LLVMFunctionType(t, ps, 2, 0));
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMBasicBlockRef saved = LLVMGetInsertBlock(L->B);
  LLVMValueRef a = LLVMGetParam(f, 0), b = LLVMGetParam(f, 1);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMValueRef minus1 = LLVMConstAllOnes(t);
#define BB(n) LLVMBasicBlockRef n = LLVMAppendBasicBlockInContext(L->C, f, #n)
  BB(entry); BB(negative); BB(zero_base); BB(other_base); BB(loop); BB(done);
#undef BB
  LLVMPositionBuilderAtEnd(L->B, entry);
  LLVMValueRef neg = LLVMBuildICmp(L->B, LLVMIntSLT, b, zero, "");
  LLVMBuildCondBr(L->B, neg, negative, loop);
  /* b < 0: only 1 and -1 have integer powers other than 0. */
  LLVMPositionBuilderAtEnd(L->B, negative);
  LLVMBuildCondBr(L->B, LLVMBuildICmp(L->B, LLVMIntEQ, a, zero, ""), zero_base, other_base);
  LLVMPositionBuilderAtEnd(L->B, zero_base);
  LLVMTypeRef vt = L->voidt;
  LLVMBuildCall2(L->B, LLVMFunctionType(vt, NULL, 0, 0),
                 buf__lw_intrinsic_decl(L, "llvm.trap"), NULL, 0, "");
  LLVMBuildUnreachable(L->B);
  LLVMPositionBuilderAtEnd(L->B, other_base);
  LLVMValueRef odd = LLVMBuildICmp(L->B, LLVMIntNE, LLVMBuildAnd(L->B, b, one, ""), zero, "");
  LLVMValueRef sign = LLVMBuildSelect(L->B, odd, minus1, one, "");
  LLVMValueRef r = LLVMBuildSelect(L->B, LLVMBuildICmp(L->B, LLVMIntEQ, a, minus1, ""), sign,
                                   zero, "");
  r = LLVMBuildSelect(L->B, LLVMBuildICmp(L->B, LLVMIntEQ, a, one, ""), one, r, "");
  LLVMBuildRet(L->B, r);
  /* b >= 0: result *= base for each set bit of b, base squared each step. */
  LLVMPositionBuilderAtEnd(L->B, loop);
  LLVMValueRef acc = LLVMBuildPhi(L->B, t, ""), base = LLVMBuildPhi(L->B, t, "");
  LLVMValueRef e = LLVMBuildPhi(L->B, t, "");
  LLVMValueRef done_now = LLVMBuildICmp(L->B, LLVMIntEQ, e, zero, "");
  LLVMValueRef bit = LLVMBuildICmp(L->B, LLVMIntNE, LLVMBuildAnd(L->B, e, one, ""), zero, "");
  LLVMValueRef acc2 = LLVMBuildSelect(L->B, bit, LLVMBuildMul(L->B, acc, base, ""), acc, "");
  LLVMValueRef base2 = LLVMBuildMul(L->B, base, base, "");
  LLVMValueRef e2 = LLVMBuildLShr(L->B, e, one, "");
  LLVMBuildCondBr(L->B, done_now, done, loop);
  LLVMValueRef in_acc[2] = {one, acc2}, in_base[2] = {a, base2}, in_e[2] = {b, e2};
  LLVMBasicBlockRef from[2] = {entry, loop};
  LLVMAddIncoming(acc, in_acc, from, 2);
  LLVMAddIncoming(base, in_base, from, 2);
  LLVMAddIncoming(e, in_e, from, 2);
  LLVMPositionBuilderAtEnd(L->B, done);
  LLVMBuildRet(L->B, acc);
  LLVMPositionBuilderAtEnd(L->B, saved);
  return f;
}

static buf_status_t e_ipowi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef args[2] = {operand(L, op, 0), operand(L, op, 1)};
  set_result(L, op, 0, call(L, ipowi_helper(L, LLVMTypeOf(args[0])), args, 2));
  return BUF_SUCCESS;
}

/* 1 / sqrt(x); bf16 (host) computed in float and rounded once, as the
 * interpreter does. */
static buf_status_t e_rsqrt(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMTypeRef t = buf__lw_type(L, op->results[0].type), ct = buf__lw_compute_type(L, t);
  LLVMValueRef x = buf__lw_fp_ext(L, operand(L, op, 0), ct);
  LLVMValueRef s = buf__lw_intrinsic(L, "llvm.sqrt", ct, &x, 1);
  set_result(L, op, 0, buf__lw_fp_trunc(L, LLVMBuildFDiv(L->B, LLVMConstReal(ct, 1.0), s, ""), t));
  return BUF_SUCCESS;
}

static buf_status_t e_absi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef args[2] = {operand(L, op, 0), LLVMConstInt(L->i1, 0, 0)};
  set_result(L, op, 0, buf__lw_intrinsic(L, "llvm.abs", LLVMTypeOf(args[0]), args, 2));
  return BUF_SUCCESS;
}

/* The rows of math. */
static const emit_row_t rows[] = {
    {"math.absf", buf__lw_emit_intrinsic, "llvm.fabs"},
    {"math.absi", e_absi, NULL},
    {"math.ceil", buf__lw_emit_intrinsic, "llvm.ceil"},
    {"math.floor", buf__lw_emit_intrinsic, "llvm.floor"},
    {"math.round", buf__lw_emit_intrinsic, "llvm.round"},
    {"math.roundeven", buf__lw_emit_intrinsic, "llvm.roundeven"},
    {"math.trunc", buf__lw_emit_intrinsic, "llvm.trunc"},
    {"math.sqrt", buf__lw_emit_intrinsic, "llvm.sqrt"},
    {"math.rsqrt", e_rsqrt, NULL},
    {"math.exp", e_math_fn, &(const math_fn_t){"llvm.exp", "exp"}},
    {"math.exp2", e_math_fn, &(const math_fn_t){"llvm.exp2", "exp2"}},
    {"math.log", e_math_fn, &(const math_fn_t){"llvm.log", "log"}},
    {"math.log2", e_math_fn, &(const math_fn_t){"llvm.log2", "log2"}},
    {"math.log10", e_math_fn, &(const math_fn_t){"llvm.log10", "log10"}},
    {"math.sin", e_math_fn, &(const math_fn_t){"llvm.sin", "sin"}},
    {"math.cos", e_math_fn, &(const math_fn_t){"llvm.cos", "cos"}},
    {"math.tan", e_math_fn, &(const math_fn_t){"llvm.tan", "tan"}},
    {"math.tanh", e_math_fn, &(const math_fn_t){"llvm.tanh", "tanh"}},
    {"math.powf", e_math_fn, &(const math_fn_t){"llvm.pow", "pow"}},
    {"math.fma", buf__lw_emit_intrinsic, "llvm.fma"},
    {"math.copysign", buf__lw_emit_intrinsic, "llvm.copysign"},
    {"math.erf", e_math_fn, &(const math_fn_t){NULL, "erf"}},
    {"math.erfc", e_math_fn, &(const math_fn_t){NULL, "erfc"}},
    {"math.expm1", e_math_fn, &(const math_fn_t){NULL, "expm1"}},
    {"math.log1p", e_math_fn, &(const math_fn_t){NULL, "log1p"}},
    {"math.cbrt", e_math_fn, &(const math_fn_t){NULL, "cbrt"}},
    {"math.atan", e_math_fn, &(const math_fn_t){NULL, "atan"}},
    {"math.atan2", e_math_fn, &(const math_fn_t){NULL, "atan2"}},
    {"math.asin", e_math_fn, &(const math_fn_t){NULL, "asin"}},
    {"math.acos", e_math_fn, &(const math_fn_t){NULL, "acos"}},
    {"math.sinh", e_math_fn, &(const math_fn_t){NULL, "sinh"}},
    {"math.cosh", e_math_fn, &(const math_fn_t){NULL, "cosh"}},
    {"math.asinh", e_math_fn, &(const math_fn_t){NULL, "asinh"}},
    {"math.acosh", e_math_fn, &(const math_fn_t){NULL, "acosh"}},
    {"math.atanh", e_math_fn, &(const math_fn_t){NULL, "atanh"}},
    {"math.ctlz", e_count_zeros, "llvm.ctlz"},
    {"math.cttz", e_count_zeros, "llvm.cttz"},
    {"math.ctpop", buf__lw_emit_intrinsic, "llvm.ctpop"},
    {"math.fpowi", e_fpowi, NULL},
    {"math.ipowi", e_ipowi, NULL},
    {"math.isnan", e_fpclass, OPC(0x003)},
    {"math.isinf", e_fpclass, OPC(0x204)},
    {"math.isfinite", e_fpclass, OPC(0x1f8)},
    {"math.isnormal", e_fpclass, OPC(0x108)},
};

const emit_table_t buf__lw_math_emitters = {rows, sizeof rows / sizeof rows[0]};
