/*
 * index_arith.h: index arithmetic as the memref view passes emit it
 * (fold-memref-alias-ops, expand-strided-metadata), in the form upstream's
 * affine::makeComposedFoldedAffineApply gives it, so that our output reads
 * like mlir-opt's:
 *
 *   - a sum that constants determine is one arith.constant;
 *   - a single operand with coefficient 1 is that operand;
 *   - anything else is one affine.apply, `()[s0, s1, s2] -> (s0 + s1 * s2)`,
 *     whose operands are the distinct values in the order they entered the
 *     sum, constants folded into the map and affine.apply producers composed
 *     into it (a producer's symbols first, then its dims; a dim operand
 *     that is no valid affine symbol, such as a loop's induction variable,
 *     stays a dim, and dims come first in the map);
 *   - a linear sum is printed with its terms by position, dims before
 *     symbols, the constant last, as upstream's flattening simplifier
 *     orders them; a sum with a product keeps the order it was built in.
 *
 * A form is a sum of terms (coefficient times one value, or times a product
 * of two values) plus a constant. Products arise only from a value times a
 * dynamic stride; anything beyond that (a product of sums, a producer with
 * mod or floordiv) is not composed: its value stays one operand. Sizes are
 * bounded; a form that outgrows them marks the builder failed and the
 * caller leaves its op alone.
 */
#ifndef BUF_TRANSFORMS_INDEX_ARITH_H
#define BUF_TRANSFORMS_INDEX_ARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "buf/ir.h"

#define BUF_IX_MAX_TERMS 16
#define BUF_IX_MAX_VALUES 16
#define BUF_IX_NO_VALUE UINT32_MAX

typedef struct buf_ix_term {
  int64_t coef;  /* never 0 in a form */
  uint32_t a;    /* value index */
  uint32_t b;    /* second factor's value index, or BUF_IX_NO_VALUE */
} buf_ix_term_t;

typedef struct buf_ix_form {
  int64_t cst;
  uint32_t num_terms;
  buf_ix_term_t terms[BUF_IX_MAX_TERMS];
} buf_ix_form_t;

/* The values one sum is built from, and whether building succeeded. */
typedef struct buf_ix {
  buf_builder_t *b;   /* where the ops that materialize a form go */
  uint32_t num_values;
  buf_value_t *values[BUF_IX_MAX_VALUES];
  bool is_dim[BUF_IX_MAX_VALUES]; /* a producer's dim operand that is no
                                   * valid affine symbol (a loop's
                                   * induction variable): stays a dim */
  bool failed;        /* a form outgrew the bounds or was not affine */
} buf_ix_t;

void buf__ix_init(buf_ix_t *ix, buf_builder_t *b);
buf_ix_form_t buf__ix_const(int64_t c);
/* v as a form: its constant when an arith.constant defines it, the
 * composed map of its affine.apply producer when compose is true and that
 * map is a linear sum, else v itself as one term. */
buf_ix_form_t buf__ix_value(buf_ix_t *ix, buf_value_t *v, bool compose);
/* A static entry (not BUF_DYNAMIC) as a constant, else the value. */
buf_ix_form_t buf__ix_mixed(buf_ix_t *ix, int64_t static_value,
                            buf_value_t *dynamic_value, bool compose);
buf_ix_form_t buf__ix_add(buf_ix_t *ix, const buf_ix_form_t *x,
                          const buf_ix_form_t *y);
/* Fails (ix->failed) for a product that is not a sum times a constant or
 * one value times one value. */
buf_ix_form_t buf__ix_mul(buf_ix_t *ix, const buf_ix_form_t *x,
                          const buf_ix_form_t *y);
/* True when f is a constant; stores it. */
bool buf__ix_is_const(const buf_ix_form_t *f, int64_t *out);
/* The value of f, built at ix's insertion point (see the header comment). */
buf_value_t *buf__ix_materialize(buf_ix_t *ix, const buf_ix_form_t *f);

/* off + idx * stride, each a static entry (BUF_DYNAMIC: use the value)
 * or a value: the index arithmetic of a view (upstream's
 * resolveIndicesIntoOpWithOffsetsAndStrides). Composes affine.apply
 * producers, and retries without composing when that outgrows the forms;
 * ix->failed when even that fails. */
buf_ix_form_t buf__ix_offset_index(buf_ix_t *ix, int64_t off, buf_value_t *off_v,
                                   int64_t idx, buf_value_t *idx_v,
                                   int64_t stride, buf_value_t *stride_v);

/* memref.extract_strided_metadata of m at b: base, offset, sizes, strides
 * (the metadata both view passes compute their indices from). */
buf_op_t *buf__build_strided_metadata(buf_builder_t *b, buf_value_t *m);

#endif /* BUF_TRANSFORMS_INDEX_ARITH_H */
