/*
 * lower_bf16.c: bf16 arithmetic on the host, and the intrinsic calls that
 * compute through it.
 */
#include "lower_internal.h"

/* bf16 on the host. x86-64 has no bf16 arithmetic: its back end computes
 * in float and rounds back through compiler-rt's __truncsfbf2 (or
 * __truncdfbf2 from double), which libgcc before 13 lacks, so an object
 * calling it does not link with the system toolchain. So on the host no
 * bfloat value comes out of an LLVM float operation: the lowering computes
 * in float and rounds with integer operations on the float's bits, and
 * widens bf16 by a shift. Kernels keep LLVM's bf16 operations (sm_90 has
 * them); f16 needs nothing, libgcc 12 has __extendhfsf2, __truncsfhf2 and
 * __truncdfhf2. */
bool buf__lw_host_bf16(lw_t *L, LLVMTypeRef t) {
  return !L->gpu && LLVMGetTypeKind(t) == LLVMBFloatTypeKind;
}

/* The type a float operation on t computes in: float for bf16 on the
 * host, else t itself. */
LLVMTypeRef buf__lw_compute_type(lw_t *L, LLVMTypeRef t) {
  return buf__lw_host_bf16(L, t) ? LLVMFloatTypeInContext(L->C) : t;
}

/* v widened to the float type t (v itself when it has type t); a bf16's
 * bits are the top half of the float it widens to. */
LLVMValueRef buf__lw_fp_ext(lw_t *L, LLVMValueRef v, LLVMTypeRef t) {
  if (LLVMTypeOf(v) == t)
    return v;
  if (buf__lw_host_bf16(L, LLVMTypeOf(v))) {
    LLVMValueRef bits = LLVMBuildBitCast(L->B, v, LLVMInt16TypeInContext(L->C), "");
    bits = LLVMBuildShl(L->B, LLVMBuildZExt(L->B, bits, L->i32, ""),
                        LLVMConstInt(L->i32, 16, 0), "");
    v = LLVMBuildBitCast(L->B, bits, LLVMFloatTypeInContext(L->C), "");
    if (LLVMTypeOf(v) == t)
      return v;
  }
  return LLVMBuildFPExt(L->B, v, t, "");
}

/* v rounded to the float type t (v itself when it has type t). To bf16 on
 * the host: a double is rounded to float first (as the interpreter
 * rounds), then the float's bits to nearest even: adding 0x7fff plus the
 * lowest kept bit carries into the kept half exactly when the dropped half
 * is above one half, or one half with an odd kept half; a carry out of
 * the mantissa steps the exponent, up to infinity. A NaN keeps its sign and
 * top payload bits and is made quiet. */
LLVMValueRef buf__lw_fp_trunc(lw_t *L, LLVMValueRef v, LLVMTypeRef t) {
  if (LLVMTypeOf(v) == t)
    return v;
  if (!buf__lw_host_bf16(L, t))
    return LLVMBuildFPTrunc(L->B, v, t, "");
  LLVMTypeRef f32 = LLVMFloatTypeInContext(L->C);
  if (LLVMTypeOf(v) != f32)
    v = LLVMBuildFPTrunc(L->B, v, f32, "");
  LLVMValueRef c16 = LLVMConstInt(L->i32, 16, 0);
  LLVMValueRef bits = LLVMBuildBitCast(L->B, v, L->i32, "");
  LLVMValueRef high = LLVMBuildLShr(L->B, bits, c16, "");
  LLVMValueRef lsb = LLVMBuildAnd(L->B, high, LLVMConstInt(L->i32, 1, 0), "");
  LLVMValueRef bias = LLVMBuildAdd(L->B, lsb, LLVMConstInt(L->i32, 0x7fff, 0), "");
  LLVMValueRef rounded = LLVMBuildLShr(L->B, LLVMBuildAdd(L->B, bits, bias, ""), c16, "");
  LLVMValueRef quiet = LLVMBuildOr(L->B, high, LLVMConstInt(L->i32, 0x40, 0), "");
  LLVMValueRef nan = LLVMBuildFCmp(L->B, LLVMRealUNO, v, v, "");
  LLVMValueRef r = LLVMBuildSelect(L->B, nan, quiet, rounded, "");
  r = LLVMBuildTrunc(L->B, r, LLVMInt16TypeInContext(L->C), "");
  return LLVMBuildBitCast(L->B, r, t, "");
}

/* An intrinsic overloaded on the types ts (llvm.powi.f32.i32 ...); one
 * with a bf16 result on the host computes in float (its bf16 arguments
 * widened) and rounds. */
LLVMValueRef buf__lw_intrinsic_on(lw_t *L, const char *name, LLVMTypeRef *ts, unsigned nts,
                                  LLVMValueRef *args, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id)
    return NULL;
  LLVMTypeRef ft = LLVMIntrinsicGetType(L->C, id, ts, nts), rt = LLVMGetReturnType(ft);
  if (buf__lw_host_bf16(L, rt)) {
    LLVMTypeRef cts[4];
    LLVMValueRef cargs[4];
    for (unsigned i = 0; i < nts && i < 4; i++)
      cts[i] = buf__lw_compute_type(L, ts[i]);
    for (unsigned i = 0; i < n && i < 4; i++)
      cargs[i] = buf__lw_fp_ext(L, args[i], buf__lw_compute_type(L, LLVMTypeOf(args[i])));
    return buf__lw_fp_trunc(L, buf__lw_intrinsic_on(L, name, cts, nts, cargs, n), rt);
  }
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(L->M, id, ts, nts);
  return LLVMBuildCall2(L->B, ft, f, args, n, "");
}

/* The declaration of a non-overloaded intrinsic (llvm.trap). */
LLVMValueRef buf__lw_intrinsic_decl(lw_t *L, const char *name) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  return LLVMGetIntrinsicDeclaration(L->M, id, NULL, 0);
}

/* An overloaded intrinsic on type t (llvm.exp.f32 ...). */
LLVMValueRef buf__lw_intrinsic(lw_t *L, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                               unsigned n) {
  return buf__lw_intrinsic_on(L, name, &t, 1, args, n);
}
