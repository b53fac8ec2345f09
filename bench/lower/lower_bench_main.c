/* lower_bench_main.c: the driver of bench/lower_bench.sh. Calls the
 * _mlir_ciface_ entries of the benchmark programs as compiled by
 * buffer-opt --emit=obj (ours_*) and by mlir-opt + mlir-translate + clang
 * (up_*) with row-major descriptors, requires bit-identical results (the
 * same loops without fast-math reassociation must give the same floats),
 * then times REPS calls of each, alternating, and prints the median and
 * the best time per call and the ratio ours/upstream of the medians.
 * Times are the calling thread's CPU time: on a shared machine wall time
 * mostly measures how long the thread waited for a core. */
#define _POSIX_C_SOURCE 200112L /* CLOCK_THREAD_CPUTIME_ID */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } desc1_t;
typedef struct { float *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } desc2_t;

void _mlir_ciface_ours_matmul(desc2_t *r, desc2_t *a, desc2_t *b);
void _mlir_ciface_up_matmul(desc2_t *r, desc2_t *a, desc2_t *b);
void _mlir_ciface_ours_mlp(desc2_t *r, desc2_t *x, desc2_t *w, desc1_t *b);
void _mlir_ciface_up_mlp(desc2_t *r, desc2_t *x, desc2_t *w, desc1_t *b);

static desc2_t matrix(int64_t rows, int64_t cols, uint32_t seed) {
  float *p = malloc((size_t)(rows * cols) * sizeof *p);
  for (int64_t i = 0; i < rows * cols; i++) {
    seed = seed * 1664525u + 1013904223u;
    p[i] = (float)((int32_t)(seed >> 9) % 2001 - 1000) / 512.0f; /* [-1.95, 1.95] */
  }
  return (desc2_t){p, p, 0, {rows, cols}, {cols, 1}};
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int compare_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef struct bench {
  const char *name;
  desc2_t a, b; /* matmul operands, or x and w */
  desc1_t bias; /* mlp only */
} bench_t;

static desc2_t call(const bench_t *bn, int ours) {
  desc2_t r;
  desc2_t a = bn->a, b = bn->b;
  desc1_t bias = bn->bias;
  if (bn->bias.aligned)
    (ours ? _mlir_ciface_ours_mlp : _mlir_ciface_up_mlp)(&r, &a, &b, &bias);
  else
    (ours ? _mlir_ciface_ours_matmul : _mlir_ciface_up_matmul)(&r, &a, &b);
  return r;
}

/* Returns 0 when both results are the same; prints a row. */
static int run(const bench_t *bn, int reps) {
  desc2_t o = call(bn, 1), u = call(bn, 0);
  int64_t n = o.sizes[0] * o.sizes[1];
  int bad = o.sizes[0] != u.sizes[0] || o.sizes[1] != u.sizes[1] ||
            memcmp(o.aligned + o.offset, u.aligned + u.offset, (size_t)n * sizeof(float)) != 0;
  double sum = 0;
  for (int64_t i = 0; i < n; i++)
    sum += o.aligned[o.offset + i];
  free(o.allocated);
  free(u.allocated);
  if (bad) {
    printf("%-28s FAIL: ours and upstream computed different numbers\n", bn->name);
    return 1;
  }
  double *t[2] = {malloc((size_t)reps * sizeof(double)), malloc((size_t)reps * sizeof(double))};
  for (int i = 0; i < reps; i++)
    for (int ours = 0; ours < 2; ours++) {
      double t0 = now();
      desc2_t r = call(bn, ours);
      t[ours][i] = now() - t0;
      free(r.allocated);
    }
  qsort(t[0], (size_t)reps, sizeof(double), compare_double);
  qsort(t[1], (size_t)reps, sizeof(double), compare_double);
  double med_up = t[0][reps / 2], med_ours = t[1][reps / 2];
  printf("%-28s ours %8.3f ms (best %8.3f)  upstream %8.3f ms (best %8.3f)  ratio %.3f  "
         "(checksum %.6g, identical)\n",
         bn->name, 1e3 * med_ours, 1e3 * t[1][0], 1e3 * med_up, 1e3 * t[0][0],
         med_ours / med_up, sum);
  free(t[0]);
  free(t[1]);
  return 0;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 20;
  if (reps < 1)
    reps = 1;
  desc2_t bias2 = matrix(1, 256, 7);
  bench_t benches[] = {
      {"matmul 256x256x256", matrix(256, 256, 1), matrix(256, 256, 2), {0}},
      {"mlp relu(256x512*512x256+b)", matrix(256, 512, 3), matrix(512, 256, 4),
       {bias2.allocated, bias2.aligned, 0, {256}, {1}}},
  };
  int bad = 0;
  printf("median of %d calls each, alternating; ratio = ours / upstream (below 1: ours faster)\n", reps);
  for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++)
    bad |= run(&benches[i], reps);
  return bad;
}
