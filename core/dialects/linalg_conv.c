/*
 * linalg_conv.c: the indexing maps of the convolution and pooling named ops
 * (linalg_conv_ops.h) and the checks of their strides and dilations.
 *
 * A row spells each operand's map as a list of loop dims and windows
 * ("o+k": output loop o, window loop k). A window becomes
 * do * strides[w] + dk * dilations[w], a factor of 1 left out, so the maps
 * print as upstream's (d1 + d4 without attributes, d1 * 2 + d4 with stride
 * 2). The maps are interned in the context; nothing is cached on the op.
 */
#include <stdio.h>
#include <string.h>

#include "linalg_internal.h"

/* The number of windows (entries of strides / dilations) of row c. */
static uint32_t num_windows(const buf__linalg_conv_t *c) {
  uint32_t n = 0;
  for (const char *s = c->maps[0]; *s; s++)
    n += *s == '+';
  return n;
}

/* True when a is a dense i64 elements attribute of shape [n] (tensor or
 * vector), upstream's RankedI64ElementsAttr<[n]>. */
static bool is_i64_elements(buf_attr_t a, uint32_t n) {
  if (a->kind != BUF_ATTR_DENSE)
    return false;
  buf_type_t t = a->type;
  if ((t->kind != BUF_TYPE_TENSOR && t->kind != BUF_TYPE_VECTOR) ||
      t->u.shaped.rank != 1 || t->u.shaped.shape[0] != (int64_t)n)
    return false;
  buf_type_t e = buf_type_elem(t);
  return e && e->kind == BUF_TYPE_INTEGER && e->u.integer.width == 64 &&
         e->u.integer.signedness == BUF_SIGNLESS;
}

const char *buf__linalg_conv_attr_error(buf_ctx_t *ctx,
                                        const buf__linalg_conv_t *c,
                                        const char *name, buf_attr_t a) {
  if (!a || !c->strided)
    return NULL;
  uint32_t n = num_windows(c);
  if (is_i64_elements(a, n))
    return NULL;
  char buf[160];
  snprintf(buf, sizeof buf,
           "attribute '%s' failed to satisfy constraint: 64-bit signless int "
           "elements attribute of shape [%u]",
           name, n);
  return buf_arena_strndup(buf_ctx_arena(ctx), buf, strlen(buf));
}

/* Entry w of attribute `name` of op, or 1 where it is absent or malformed. */
static int64_t window_factor(buf_op_t *op, const buf__linalg_conv_t *c,
                             const char *name, uint32_t w) {
  buf_attr_t a = c->strided ? buf_op_attr(op, name) : NULL;
  if (!a || !is_i64_elements(a, num_windows(c)))
    return 1;
  return buf_attr_dense_int(a, a->u.dense.splat ? 0 : w);
}

/* dk scaled by f: dk itself for a factor of 1. */
static buf_affine_expr_t *scaled(buf_ctx_t *ctx, uint32_t dim, int64_t f) {
  buf_affine_expr_t *d = buf_affine_dim(ctx, dim);
  return f == 1 ? d
                : buf_affine_binary(ctx, BUF_AFFINE_MUL, d,
                                    buf_affine_const(ctx, f));
}

/* The map of one operand from the row's notation; *w counts windows. */
static buf_affine_map_t *spec_map(buf_op_t *op, const buf__linalg_conv_t *c,
                                  const char *spec, uint32_t *w) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_affine_expr_t *res[BUF_LINALG_MAX_LOOPS];
  uint32_t n = 0;
  const char *s = spec;
  while (*s && n < BUF_LINALG_MAX_LOOPS) {
    uint32_t a = (uint32_t)(*s++ - '0');
    if (*s == '+') {
      uint32_t k = (uint32_t)(s[1] - '0');
      s += 2;
      res[n++] = buf_affine_binary(
          ctx, BUF_AFFINE_ADD, scaled(ctx, a, window_factor(op, c, "strides", *w)),
          scaled(ctx, k, window_factor(op, c, "dilations", *w)));
      (*w)++;
    } else {
      res[n++] = buf_affine_dim(ctx, a);
    }
    while (*s == ' ')
      s++;
  }
  /* Interned: every effect query of the op asks for its maps again. */
  struct buf_affine_map_s m = {.num_dims = c->num_loops, .num_results = n,
                               .results = res};
  return buf_attr_affine_map(ctx, &m)->u.map;
}

uint32_t buf__linalg_conv_num_operands(const buf__linalg_conv_t *c) {
  return c->body == BUF__CONV_BODY_CONV_Q ? 5 : 3;
}

void buf__linalg_conv_maps(buf_op_t *op, const buf__linalg_conv_t *c,
                           buf_linalg_info_t *info) {
  uint32_t w = 0, n = buf__linalg_conv_num_operands(c);
  info->num_loops = c->num_loops;
  info->maps[0] = spec_map(op, c, c->maps[0], &w);
  info->maps[1] = spec_map(op, c, c->maps[1], &w);
  /* The zero points of a quantized convolution are scalars: (d...) -> (). */
  for (uint32_t i = 2; i + 1 < n; i++)
    info->maps[i] = spec_map(op, c, "", &w);
  info->maps[n - 1] = spec_map(op, c, c->maps[2], &w);
}
