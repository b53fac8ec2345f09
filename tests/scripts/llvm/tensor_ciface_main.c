/* Calls the _mlir_ciface_ wrappers of tensor_ciface.mlir, a tensor program
 * that `buffer-opt --emit=obj` bufferized itself, with row-major descriptors
 * and checks the numbers. The result buffers belong to the caller (ownership
 * passes out of the function), so they are freed here. Exit status 0 when
 * every value matches. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } desc1f_t;
typedef struct { int32_t *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } desc2i_t;

void _mlir_ciface_axpy(desc1f_t *out, float a, desc1f_t *x, desc1f_t *y);
void _mlir_ciface_matmul(desc2i_t *out, desc2i_t *a, desc2i_t *b);

int main(void) {
  int bad = 0;
  float xs[5] = {1, 2, 3, 4, 5}, ys[5] = {10, 20, 30, 40, 50};
  desc1f_t x = {xs, xs, 0, {5}, {1}}, y = {ys, ys, 0, {5}, {1}}, r;
  _mlir_ciface_axpy(&r, 3.0f, &x, &y);
  if (r.sizes[0] != 5 || r.strides[0] != 1) {
    printf("axpy: bad result descriptor\n");
    return 1;
  }
  for (int i = 0; i < 5; i++) {
    float want = 3.0f * xs[i] + ys[i], got = r.aligned[r.offset + i];
    if (got != want) {
      printf("axpy[%d] = %g, want %g\n", i, got, want);
      bad = 1;
    }
  }
  if (xs[0] != 1 || ys[0] != 10) {
    printf("axpy wrote into its inputs\n");
    bad = 1;
  }
  free(r.allocated);

  int32_t as[6] = {1, 2, 3, 4, 5, 6}, bs[6] = {7, 8, 9, 10, 11, 12};
  desc2i_t a = {as, as, 0, {2, 3}, {3, 1}}, b = {bs, bs, 0, {3, 2}, {2, 1}}, c;
  _mlir_ciface_matmul(&c, &a, &b);
  const int32_t want[4] = {58, 64, 139, 154};
  if (c.sizes[0] != 2 || c.sizes[1] != 2 || c.strides[0] != 2 || c.strides[1] != 1) {
    printf("matmul: bad result descriptor\n");
    return 1;
  }
  for (int i = 0; i < 4; i++) {
    int32_t got = c.aligned[c.offset + (i / 2) * 2 + i % 2];
    if (got != want[i]) {
      printf("matmul[%d] = %d, want %d\n", i, got, want[i]);
      bad = 1;
    }
  }
  free(c.allocated);
  printf(bad ? "tensor ciface: FAILED\n" : "tensor ciface: ok\n");
  return bad;
}
