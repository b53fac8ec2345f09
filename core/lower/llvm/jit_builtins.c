/*
 * jit_builtins.c: the compiler-runtime helpers that LLVM's x86-64 back end
 * calls instead of emitting instructions (libgcc's and compiler-rt's
 * __truncdfhf2, __divti3, __powisf2, ...), bound by jit.c as absolute
 * symbols of the JIT.
 *
 * Why a table: the JIT otherwise finds symbols only among what the process
 * has loaded globally. libLLVM is dlopened RTLD_LOCAL, so its libgcc_s is
 * invisible to that search, and whether some other library happened to
 * load libgcc_s globally differs between machines (a fresh Debian 12 failed
 * `--emit=run` on f16 with "Symbols not found: [ __truncdfhf2 ]"). jit.c
 * therefore never resolves a `__` name from the process: every helper the
 * back end may call must be here. Each wrapper lets GCC emit the same
 * operation, which links the helper from the static libgcc into this
 * library, so nothing depends on what is loaded at run time.
 *
 * The set: what LLVM 22 lowers to libcalls on x86-64 for the types the
 * lowering emits (f16 conversions without F16C, f64 -> f16 always, 128-bit
 * integer division and conversions, powi). bf16 needs none: the lowering
 * computes it in float (lower_bf16.c).
 */
#include "jit_internal.h"

/* f16: LLVM passes _Float16 in SSE registers, as GCC does. */
static float extendhfsf2(_Float16 x) { return (float)x; }
static double extendhfdf2(_Float16 x) { return (double)x; }
static _Float16 truncsfhf2(float x) { return (_Float16)x; }
static _Float16 truncdfhf2(double x) { return (_Float16)x; }
static __int128 fixhfti(_Float16 x) { return (__int128)x; }
static unsigned __int128 fixunshfti(_Float16 x) { return (unsigned __int128)x; }
static _Float16 floattihf(__int128 x) { return (_Float16)x; }
static _Float16 floatuntihf(unsigned __int128 x) { return (_Float16)x; }

/* 128-bit integers: division and remainder. */
static __int128 divti3(__int128 a, __int128 b) { return a / b; }
static __int128 modti3(__int128 a, __int128 b) { return a % b; }
static unsigned __int128 udivti3(unsigned __int128 a, unsigned __int128 b) { return a / b; }
static unsigned __int128 umodti3(unsigned __int128 a, unsigned __int128 b) { return a % b; }

/* 128-bit integers <-> float and double. */
static __int128 fixsfti(float x) { return (__int128)x; }
static __int128 fixdfti(double x) { return (__int128)x; }
static unsigned __int128 fixunssfti(float x) { return (unsigned __int128)x; }
static unsigned __int128 fixunsdfti(double x) { return (unsigned __int128)x; }
static float floattisf(__int128 x) { return (float)x; }
static double floattidf(__int128 x) { return (double)x; }
static float floatuntisf(unsigned __int128 x) { return (float)x; }
static double floatuntidf(unsigned __int128 x) { return (double)x; }

/* llvm.powi: GCC's own builtins call the same helpers for a variable
 * exponent. */
static float powisf2(float x, int n) { return __builtin_powif(x, n); }
static double powidf2(double x, int n) { return __builtin_powi(x, n); }

#define HELPER(name) {"__" #name, (void *)name}

/* Contract in jit_internal.h. */
const buf__jit_symbol_t buf__jit_builtin_symbols[] = {
    HELPER(extendhfsf2), HELPER(extendhfdf2), HELPER(truncsfhf2), HELPER(truncdfhf2),
    HELPER(fixhfti),     HELPER(fixunshfti),  HELPER(floattihf),  HELPER(floatuntihf),
    HELPER(divti3),      HELPER(modti3),      HELPER(udivti3),    HELPER(umodti3),
    HELPER(fixsfti),     HELPER(fixdfti),     HELPER(fixunssfti), HELPER(fixunsdfti),
    HELPER(floattisf),   HELPER(floattidf),   HELPER(floatuntisf), HELPER(floatuntidf),
    HELPER(powisf2),     HELPER(powidf2),
};
const size_t buf__jit_builtin_num_symbols =
    sizeof buf__jit_builtin_symbols / sizeof buf__jit_builtin_symbols[0];
