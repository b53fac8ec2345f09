/* Calls the _mlir_ciface_ wrappers of ciface.mlir's object code with
 * descriptors built by hand (upstream's memref ABI) and checks the numbers.
 * Exit status 0 when every value matches. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } desc2f_t;
typedef struct { int64_t *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } desc1i_t;

void _mlir_ciface_scale_bias(desc2f_t *out, desc2f_t *a, float s);
int64_t _mlir_ciface_slice_sum(desc1i_t *a, int64_t off);

int main(void) {
  int bad = 0;
  /* a is the transpose of a 3x2 row-major buffer: a[i][j] = m[j][i]. */
  float m[6] = {1, 2, 3, 4, 5, 6};
  desc2f_t a = {m, m, 0, {2, 3}, {1, 2}};
  desc2f_t out;
  _mlir_ciface_scale_bias(&out, &a, 2.0f);
  const float bias[3] = {0.5f, 1.5f, 2.5f};
  if (out.sizes[0] != 2 || out.sizes[1] != 3 || out.strides[0] != 3 || out.strides[1] != 1) {
    printf("bad result descriptor\n");
    return 1;
  }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++) {
      float want = m[j * 2 + i] * 2.0f + bias[j];
      float got = out.aligned[out.offset + i * out.strides[0] + j * out.strides[1]];
      if (got != want) {
        printf("scale_bias[%d][%d] = %g, want %g\n", i, j, got, want);
        bad = 1;
      }
    }
  free(out.allocated);
  int64_t v[10];
  for (int i = 0; i < 10; i++)
    v[i] = (int64_t)i * i;
  desc1i_t d = {v, v, 0, {10}, {1}};
  int64_t sum = _mlir_ciface_slice_sum(&d, 3); /* 9 + 16 + 25 + 36 */
  if (sum != 86) {
    printf("slice_sum = %lld, want 86\n", (long long)sum);
    bad = 1;
  }
  printf(bad ? "ciface: FAILED\n" : "ciface: ok\n");
  return bad;
}
