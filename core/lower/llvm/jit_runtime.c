/*
 * jit_runtime.c: the runner-utils functions of MLIR's libmlir_runner_utils
 * and libmlir_c_runner_utils that programs declare and call, implemented
 * for JIT-compiled code (jit.c binds them as absolute symbols). They print
 * what upstream's print and what the interpreter's runner_utils.c prints:
 *
 *   Unranked Memref base@ = 0x... rank = 2 offset = 0 sizes = [2, 3]
 *   strides = [3, 1] data = \n[[1,   2,   3], \n [4,   5,   6]]\n
 *
 * Memref arguments arrive in upstream's ABI: an unranked memref as (rank,
 * pointer to the ranked descriptor {allocated, aligned, offset, sizes[rank],
 * strides[rank]}), the _mlir_ciface_ variants as a pointer to that pair or
 * to the ranked descriptor. Floats print like C++ iostream's default (%g),
 * i8 as a raw character, index unsigned.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <sys/time.h>

#include "jit_internal.h"

static _Thread_local FILE *runtime_out;

/* Contract in jit_internal.h. */
void buf__jit_runtime_set_out(FILE *out) { runtime_out = out; }

static FILE *out(void) { return runtime_out ? runtime_out : stdout; }

typedef enum elem_kind {
  E_F16, E_BF16, E_F32, E_F64, E_I8, E_I16, E_I32, E_I64, E_INDEX
} elem_kind_t;

static const size_t elem_bytes[] = {2, 2, 4, 8, 1, 2, 4, 8, 8};

/* The value of an IEEE half (f16) or bfloat16 bit pattern. */
static float small_float(uint16_t h, elem_kind_t k) {
  if (k == E_BF16) {
    uint32_t w = (uint32_t)h << 16;
    float f;
    memcpy(&f, &w, sizeof f);
    return f;
  }
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  float v = e == 0    ? ldexpf((float)m, -24)
            : e == 31 ? (m ? NAN : INFINITY)
                      : ldexpf((float)(m + 1024), e - 25);
  return h & 0x8000 ? -v : v;
}

static void put_elem(FILE *f, const char *p, elem_kind_t k) {
  switch (k) {
  case E_F16:
  case E_BF16: {
    uint16_t h;
    memcpy(&h, p, 2);
    fprintf(f, "%g", small_float(h, k));
    break;
  }
  case E_F32: {
    float v;
    memcpy(&v, p, 4);
    fprintf(f, "%g", v);
    break;
  }
  case E_F64: {
    double v;
    memcpy(&v, p, 8);
    fprintf(f, "%g", v);
    break;
  }
  case E_I8:
    fputc(*p, f);
    break;
  case E_I16: {
    int16_t v;
    memcpy(&v, p, 2);
    fprintf(f, "%d", v);
    break;
  }
  case E_I32: {
    int32_t v;
    memcpy(&v, p, 4);
    fprintf(f, "%" PRId32, v);
    break;
  }
  case E_I64: {
    int64_t v;
    memcpy(&v, p, 8);
    fprintf(f, "%" PRId64, v);
    break;
  }
  case E_INDEX: {
    uint64_t v;
    memcpy(&v, p, 8);
    fprintf(f, "%" PRIu64, v);
    break;
  }
  }
}

static void spaces(FILE *f, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    fputc(' ', f);
}

/* Upstream's MemRefDataPrinter::print, dimension dim counted down; off is
 * in elements from the aligned pointer. */
static void print_dim(FILE *f, const char *base, elem_kind_t k, int64_t dim, int64_t rank,
                      int64_t off, const int64_t *sizes, const int64_t *strides) {
  if (dim == 0) {
    put_elem(f, base + off * (int64_t)elem_bytes[k], k);
    return;
  }
  if (sizes[0] == 0) {
    fputs("[]", f);
    return;
  }
  fputc('[', f);
  print_dim(f, base, k, dim - 1, rank, off, sizes + 1, strides + 1);
  if (sizes[0] <= 1) {
    fputc(']', f);
    return;
  }
  fputs(dim > 1 ? ", \n" : ", ", f);
  for (int64_t i = 1; i + 1 < sizes[0]; i++) {
    spaces(f, rank - dim + 1);
    print_dim(f, base, k, dim - 1, rank, off + i * strides[0], sizes + 1, strides + 1);
    fputs(dim > 1 ? ", \n" : ", ", f);
  }
  spaces(f, rank - dim + 1);
  print_dim(f, base, k, dim - 1, rank, off + strides[0] * (sizes[0] - 1), sizes + 1,
            strides + 1);
  fputc(']', f);
}

/* A ranked descriptor: {allocated, aligned, offset, sizes[rank], strides[rank]}. */
static void print_memref(const char *prefix, int64_t rank, const void *desc, elem_kind_t k) {
  FILE *f = out();
  const char *const *ptrs = desc;
  const int64_t *words = (const int64_t *)desc + 2; /* offset, sizes, strides */
  const int64_t *sizes = words + 1, *strides = words + 1 + rank;
  fprintf(f, "%sMemref base@ = 0x%" PRIxPTR " rank = %" PRId64 " offset = %" PRId64 " sizes = [",
          prefix, (uintptr_t)ptrs[0], rank, words[0]);
  for (int64_t i = 0; i < rank; i++)
    fprintf(f, "%s%" PRId64, i ? ", " : "", sizes[i]);
  fputs("] strides = [", f);
  for (int64_t i = 0; i < rank; i++)
    fprintf(f, "%s%" PRId64, i ? ", " : "", strides[i]);
  fputs("] data = \n", f);
  if (rank == 0)
    fputc('[', f);
  print_dim(f, ptrs[1], k, rank, rank, words[0], sizes, strides);
  if (rank == 0)
    fputc(']', f);
  fputc('\n', f);
}

typedef struct unranked {
  int64_t rank;
  void *desc;
} unranked_t;

/* printMemref<T>(rank, descriptor) and _mlir_ciface_printMemref<T>(&pair);
 * the ranked _mlir_ciface_printMemref<N>d<T>(&descriptor) print "Memref". */
#define UNRANKED_PRINTER(T, kind)                                                                \
  static void printMemref##T(int64_t rank, void *desc) {                                         \
    print_memref("Unranked ", rank, desc, kind);                                                 \
  }                                                                                              \
  static void ciface_printMemref##T(unranked_t *m) {                                             \
    print_memref("Unranked ", m->rank, m->desc, kind);                                           \
  }
#define RANKED_PRINTER(N, T, kind)                                                               \
  static void ciface_printMemref##N##d##T(void *desc) { print_memref("", N, desc, kind); }

UNRANKED_PRINTER(F16, E_F16)
UNRANKED_PRINTER(BF16, E_BF16)
UNRANKED_PRINTER(F32, E_F32)
UNRANKED_PRINTER(F64, E_F64)
UNRANKED_PRINTER(I8, E_I8)
UNRANKED_PRINTER(I16, E_I16)
UNRANKED_PRINTER(I32, E_I32)
UNRANKED_PRINTER(I64, E_I64)
UNRANKED_PRINTER(Ind, E_INDEX)
RANKED_PRINTER(0, F32, E_F32)
RANKED_PRINTER(1, F32, E_F32)
RANKED_PRINTER(2, F32, E_F32)
RANKED_PRINTER(3, F32, E_F32)
RANKED_PRINTER(4, F32, E_F32)
RANKED_PRINTER(1, F64, E_F64)
RANKED_PRINTER(1, I8, E_I8)
RANKED_PRINTER(1, I32, E_I32)
RANKED_PRINTER(1, I64, E_I64)
RANKED_PRINTER(1, Ind, E_INDEX)

static void printI64(int64_t v) { fprintf(out(), "%" PRId64, v); }
static void printU64(uint64_t v) { fprintf(out(), "%" PRIu64, v); }
static void printF32(float v) { fprintf(out(), "%g", v); }
static void printF64(double v) { fprintf(out(), "%g", v); }
static void printNewline(void) { fputc('\n', out()); }
static void printComma(void) { fputs(", ", out()); }
static void printOpen(void) { fputs("( ", out()); }
static void printClose(void) { fputs(" )", out()); }
static void printString(const char *s) { fputs(s, out()); }
/* Upstream writes the rate to stderr, keeping the program's output clean. */
static void printFlops(double flops) { fprintf(stderr, "%lf GFLOPS\n", flops / 1.0E9); }

/* Seconds since the epoch, as upstream's; the interpreter's clock is 0. */
static double rtclock(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

#define SYM(name) {#name, (void *)name}
#define CIFACE(name) {"_mlir_ciface_" #name, (void *)ciface_##name}

/* Contract in jit_internal.h. */
const buf__jit_symbol_t buf__jit_runtime_symbols[] = {
    SYM(printMemrefF16),   SYM(printMemrefBF16),  SYM(printMemrefF32),  SYM(printMemrefF64),
    SYM(printMemrefI8),    SYM(printMemrefI16),   SYM(printMemrefI32),  SYM(printMemrefI64),
    SYM(printMemrefInd),   CIFACE(printMemrefF16), CIFACE(printMemrefBF16),
    CIFACE(printMemrefF32), CIFACE(printMemrefF64), CIFACE(printMemrefI8),
    CIFACE(printMemrefI16), CIFACE(printMemrefI32), CIFACE(printMemrefI64),
    CIFACE(printMemrefInd), CIFACE(printMemref0dF32), CIFACE(printMemref1dF32),
    CIFACE(printMemref2dF32), CIFACE(printMemref3dF32), CIFACE(printMemref4dF32),
    CIFACE(printMemref1dF64), CIFACE(printMemref1dI8), CIFACE(printMemref1dI32),
    CIFACE(printMemref1dI64), CIFACE(printMemref1dInd), SYM(printI64), SYM(printU64),
    SYM(printF32),         SYM(printF64),         SYM(printNewline),    SYM(printComma),
    SYM(printOpen),        SYM(printClose),       SYM(printFlops),      SYM(rtclock),
    SYM(printString),
};
const size_t buf__jit_runtime_num_symbols =
    sizeof buf__jit_runtime_symbols / sizeof buf__jit_runtime_symbols[0];
