/*
 * test_ptx_libdevice.c: math ops in GPU kernels call the right libdevice
 * functions, and linking libdevice leaves a self-contained PTX module.
 *
 * For every math op without an NVPTX instruction, on f32 and on f64, a
 * one-op kernel is lowered with buf_gpu_emit_ptx twice:
 *   - at opt level 0 (nvvm-reflect and globaldce only, no inlining) the
 *     PTX must define exactly the libdevice function named in the table
 *     below (__nv_tanhf for f32 tanh, __nv_tanh for f64 ...), as an
 *     internal .func (not .visible), and no other __nv_ function;
 *   - at opt level 2 no __nv_ name is left (inlined), and neither is a
 *     .extern declaration nor libdevice's __nvvm_reflect.
 * The expected names are libdevice's documented ones, written here
 * independently of the lowering's table. A missing libdevice is a failure
 * with a diagnostic naming the file. Without LLVM in the build, or without
 * libdevice on this machine, the test says so and passes.
 */
#define _GNU_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf/lower.h"
#include "buf/syntax.h"
#include "test.h"

typedef struct math_case {
  const char *op;       /* MLIR op */
  int arity;            /* 1 or 2 operands */
  const char *nv_f32;   /* libdevice's function for f32 */
  const char *nv_f64;   /* ... and for f64 */
} math_case_t;

static const math_case_t cases[] = {
    {"math.exp", 1, "__nv_expf", "__nv_exp"},       {"math.exp2", 1, "__nv_exp2f", "__nv_exp2"},
    {"math.log", 1, "__nv_logf", "__nv_log"},       {"math.log2", 1, "__nv_log2f", "__nv_log2"},
    {"math.log10", 1, "__nv_log10f", "__nv_log10"}, {"math.sin", 1, "__nv_sinf", "__nv_sin"},
    {"math.cos", 1, "__nv_cosf", "__nv_cos"},       {"math.tan", 1, "__nv_tanf", "__nv_tan"},
    {"math.tanh", 1, "__nv_tanhf", "__nv_tanh"},    {"math.powf", 2, "__nv_powf", "__nv_pow"},
    {"math.erf", 1, "__nv_erff", "__nv_erf"},       {"math.erfc", 1, "__nv_erfcf", "__nv_erfc"},
    {"math.expm1", 1, "__nv_expm1f", "__nv_expm1"}, {"math.log1p", 1, "__nv_log1pf", "__nv_log1p"},
    {"math.cbrt", 1, "__nv_cbrtf", "__nv_cbrt"},    {"math.atan", 1, "__nv_atanf", "__nv_atan"},
    {"math.atan2", 2, "__nv_atan2f", "__nv_atan2"}, {"math.asin", 1, "__nv_asinf", "__nv_asin"},
    {"math.acos", 1, "__nv_acosf", "__nv_acos"},    {"math.sinh", 1, "__nv_sinhf", "__nv_sinh"},
    {"math.cosh", 1, "__nv_coshf", "__nv_cosh"},
};

/* A kernel applying op elementwise to an 8-element buffer of type ty. */
static void kernel_text(char *buf, size_t size, const math_case_t *c, const char *ty) {
  char call[128];
  if (c->arity == 2)
    snprintf(call, sizeof call, "%s %%x, %%x : %s", c->op, ty);
  else
    snprintf(call, sizeof call, "%s %%x : %s", c->op, ty);
  snprintf(buf, size,
           "func.func @k(%%m: memref<8x%s>) {\n"
           "  %%c0 = arith.constant 0 : index\n"
           "  %%c1 = arith.constant 1 : index\n"
           "  %%c8 = arith.constant 8 : index\n"
           "  scf.parallel (%%i) = (%%c0) to (%%c8) step (%%c1) {\n"
           "    %%x = memref.load %%m[%%i] : memref<8x%s>\n"
           "    %%t = %s\n"
           "    memref.store %%t, %%m[%%i] : memref<8x%s>\n"
           "    scf.reduce\n"
           "  }\n"
           "  return\n"
           "}\n",
           ty, ty, call, ty);
}

/* The PTX of text at opt level, or NULL with the diagnostics in *diag. */
static char *lower(const char *text, int level, const char *libdevice, char **diag) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t popts = buf_parse_options_default();
  buf_op_t *module = buf_parse_source(ctx, "kernel.mlir", text, strlen(text), 1, &popts);
  char *ptx = NULL, *manifest = NULL;
  size_t ptx_len, manifest_len;
  buf_gpu_options_t o = {.arch = "sm_90", .opt_level = level, .libdevice = libdevice};
  if (!module || BUF_FAILED(buf_verify(module)) ||
      BUF_FAILED(buf_gpu_emit_ptx(module, &o, &ptx, &ptx_len, &manifest, &manifest_len))) {
    free(ptx);
    ptx = NULL;
  }
  if (diag) {
    size_t n;
    FILE *f = open_memstream(diag, &n);
    buf_diags_print(ctx, f);
    fclose(f);
  }
  free(manifest);
  buf_ctx_destroy(ctx);
  return ptx;
}

/* How many `.func` definitions of a __nv_ function ptx holds; *named is
 * set when one of them is want, *visible when one is .visible. */
static int nv_definitions(const char *ptx, const char *want, bool *named, bool *visible) {
  int n = 0;
  for (const char *line = ptx; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    const char *func = strstr(line, ".func");
    const char *nv = strstr(line, "__nv_");
    if (!func || !nv || func > line + len || nv > line + len)
      continue;
    n++;
    size_t w = strlen(want);
    if (strncmp(nv, want, w) == 0 && (nv[w] == '(' || nv[w] == '\n' || nv[w] == ' '))
      *named = true;
    if (strncmp(line, ".visible", 8) == 0)
      *visible = true;
  }
  return n;
}

/* True when this build lowers to PTX and libdevice is installed; says why
 * not otherwise (the test then passes). */
static bool can_test(void) {
  if (!buf_llvm_available()) {
    printf("test_ptx_libdevice: no LLVM lowering in this build; nothing to test\n");
    return false;
  }
  const char *libdevice = buf_gpu_libdevice_path();
  if (access(libdevice, R_OK) != 0) {
    printf("test_ptx_libdevice: no libdevice at %s; nothing to test\n", libdevice);
    return false;
  }
  return true;
}

/* Every math op on f32 and f64 calls libdevice at -O0 and is inlined at
 * -O2, in a kernel entry. */
static void test_math_functions(void) {
  if (!can_test())
    return;
  char text[2048];
  int lowered = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    for (int wide = 0; wide < 2; wide++) {
      const math_case_t *c = &cases[i];
      const char *ty = wide ? "f64" : "f32", *want = wide ? c->nv_f64 : c->nv_f32;
      kernel_text(text, sizeof text, c, ty);
      char *diag = NULL;
      char *ptx = lower(text, 0, NULL, &diag);
      CHECK_MSG(ptx, "%s on %s at -O0 did not lower:\n%s", c->op, ty, diag);
      free(diag);
      if (ptx) {
        bool named = false, visible = false;
        int n = nv_definitions(ptx, want, &named, &visible);
        CHECK_MSG(named, "%s on %s at -O0: no .func %s in the PTX", c->op, ty, want);
        CHECK_MSG(!visible, "%s on %s at -O0: a libdevice function is .visible", c->op, ty);
        CHECK_MSG(!strstr(ptx, ".extern"), "%s on %s at -O0: an .extern is left", c->op, ty);
        CHECK_MSG(!strstr(ptx, "__nvvm_reflect"), "%s on %s at -O0: __nvvm_reflect is left", c->op, ty);
        /* Only the wanted function and libdevice's own helpers of it. */
        CHECK_MSG(n >= 1 && n <= 3, "%s on %s at -O0: %d __nv_ functions kept", c->op, ty, n);
        free(ptx);
      }
      ptx = lower(text, 2, NULL, &diag);
      CHECK_MSG(ptx, "%s on %s at -O2 did not lower:\n%s", c->op, ty, diag);
      free(diag);
      if (ptx) {
        CHECK_MSG(strstr(ptx, ".visible .entry k_kernel_0("), "%s on %s: no kernel entry", c->op, ty);
        CHECK_MSG(!strstr(ptx, "__nv_"), "%s on %s at -O2: a __nv_ name is left", c->op, ty);
        CHECK_MSG(!strstr(ptx, ".extern"), "%s on %s at -O2: an .extern is left", c->op, ty);
        CHECK_MSG(!strstr(ptx, "__nvvm_reflect"), "%s on %s at -O2: __nvvm_reflect is left", c->op, ty);
        lowered++;
        free(ptx);
      }
    }
  }
  printf("test_ptx_libdevice: %d kernels lowered\n", lowered);
}

/* The file is needed only by kernels that call into it, and its absence is
 * a located error naming it. */
static void test_missing_libdevice(void) {
  if (!can_test())
    return;
  char text[2048];
  kernel_text(text, sizeof text, &cases[8], "f32");
  char *diag = NULL;
  char *ptx = lower(text, 2, "/nonexistent/libdevice.10.bc", &diag);
  CHECK_MSG(!ptx, "tanh lowered without libdevice");
  CHECK_MSG(diag && strstr(diag, "kernel.mlir:7:") && strstr(diag, "/nonexistent/libdevice.10.bc") &&
            strstr(diag, "__nv_tanhf"),
        "missing libdevice: unexpected diagnostic:\n%s", diag ? diag : "(none)");
  free(ptx);
  free(diag);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_math_functions),
    TEST_ENTRY(test_missing_libdevice),
};

TEST_MAIN(tests)
