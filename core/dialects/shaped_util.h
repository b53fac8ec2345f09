/*
 * shaped_util.h: shape helpers shared by the tensor, bufferization and memref
 * op tables (internal).
 *
 * What lives here, and why it is shared:
 *   - static-vs-dynamic agreement of dimensions and shapes (tensor.cast,
 *     memref.cast, to_tensor/to_buffer correspondence),
 *   - offset/size/stride ("slice") operand groups as in tensor.extract_slice,
 *     tensor.insert_slice, tensor.parallel_insert_slice and memref.subview:
 *     reading and checking the static_* attributes against the operand
 *     segments with MLIR's messages, bounds checks, inferring the full-rank
 *     result type and checking a rank-reduced result type against it,
 *   - strided layouts of memref.subview results,
 *   - reassociation attributes `[[0, 1], [2]]` of collapse_shape /
 *     expand_shape: parsing, printing, decoding and MLIR's reshape checks.
 *
 * The API is meant to be stable: the memref dialect reuses it.
 * Everything is stateless; results are interned types/attributes or
 * context-arena memory.
 */
#ifndef BUF_SHAPED_UTIL_H
#define BUF_SHAPED_UTIL_H

#include "buf/ir.h"
#include "buf/syntax.h"

/* ------------------------------------------------------------------------ */
/* Static vs dynamic agreement                                              */
/* ------------------------------------------------------------------------ */

/* Two dimensions agree when either is dynamic or both are equal. */
bool buf__dim_compatible(int64_t a, int64_t b);
/* Pairwise buf__dim_compatible over rank entries. */
bool buf__shape_compatible(const int64_t *a, const int64_t *b, uint32_t rank);
/* MLIR's verifyCompatibleShape for two shaped types: an unranked type agrees
 * with anything; ranked types need equal ranks and compatible dims. Element
 * types are not compared. */
bool buf__types_shape_compatible(buf_type_t a, buf_type_t b);
/* The number of BUF_DYNAMIC entries among n values. */
uint32_t buf__count_dynamic(const int64_t *v, uint32_t n);
/* The values of an array<i64: ...> attribute. Returns false (and leaves the
 * outputs alone) when a is NULL or not a dense i64 array. */
bool buf__i64_array(buf_attr_t a, const int64_t **vals, uint32_t *n);
/* Number of dynamic dims of a ranked shaped type (0 for other types). */
uint32_t buf__type_num_dynamic_dims(buf_type_t t);

/* ------------------------------------------------------------------------ */
/* Slices: offsets / sizes / strides                                         */
/* ------------------------------------------------------------------------ */

/* The static parts of a slice, with BUF_DYNAMIC where an SSA value stands,
 * and where the dynamic operands of each list start. */
typedef struct buf__slice {
  uint32_t rank;            /* entries in each list (== source rank) */
  const int64_t *offsets;   /* static_offsets */
  const int64_t *sizes;     /* static_sizes */
  const int64_t *strides;   /* static_strides */
  uint32_t dyn_offsets;     /* first operand of the dynamic offsets */
  uint32_t dyn_sizes;       /* first operand of the dynamic sizes */
  uint32_t dyn_strides;     /* first operand of the dynamic strides */
} buf__slice_t;

/* Reads static_offsets / static_sizes / static_strides of op, whose operand
 * segments first_segment, +1, +2 hold the dynamic offsets, sizes and strides
 * (1 for extract_slice and subview, 2 for insert_slice), and checks them the
 * way MLIR's OffsetSizeAndStrideOpInterface does, with its messages:
 * attributes present and array<i64>, equal lengths, lengths == source_rank,
 * dynamic entries == segment lengths, non-negative static offsets and sizes.
 * Fills *out on success. */
buf_status_t buf__slice_get(buf_op_t *op, uint32_t first_segment,
                            uint32_t source_rank, buf__slice_t *out);
/* MLIR's in-bounds check of a slice of a source with shape `shape` (tensor
 * slices, memref.subview): "offset I is out-of-bounds: O >= D" and "slice
 * along dimension I runs out-of-bounds: L >= D"; dynamic entries skip. */
buf_status_t buf__slice_verify_in_bounds(buf_op_t *op, const buf__slice_t *s,
                                         const int64_t *shape);
/* The full-rank tensor type of a slice: tensor<sizes x elem> carrying the
 * source's encoding (MLIR's ExtractSliceOp::inferResultType). */
buf_type_t buf__slice_tensor_type(buf_ctx_t *ctx, buf_type_t source,
                                  const int64_t *sizes, uint32_t rank);

/* The strided layout of a subview: offset = base_offset + sum(offsets[i] *
 * base_strides[i]), strides[i] = base_strides[i] * slice_strides[i]; any
 * dynamic input of a term makes the result dynamic. Writes rank entries to
 * out_strides and the offset to *out_offset. */
void buf__subview_layout(uint32_t rank, const int64_t *base_strides,
                         int64_t base_offset, const int64_t *offsets,
                         const int64_t *slice_strides, int64_t *out_strides,
                         int64_t *out_offset);
/* The full-rank result type of memref.subview of source (MLIR's
 * SubViewOp::inferResultType): shape = sizes, strided layout from
 * buf__subview_layout, source's memory space. NULL when the source layout is
 * not strided or s->rank differs from the source rank. */
buf_type_t buf__subview_type(buf_ctx_t *ctx, buf_type_t source,
                             const buf__slice_t *s);

/* Why a candidate type is not (a rank-reduced version of) an expected one;
 * MLIR's SliceVerificationResult. */
typedef enum buf__slice_verdict {
  BUF__SLICE_OK,
  BUF__SLICE_RANK_TOO_LARGE,
  BUF__SLICE_SIZE_MISMATCH,
  BUF__SLICE_ELEM_MISMATCH,
  BUF__SLICE_MEMSPACE_MISMATCH,
  BUF__SLICE_LAYOUT_MISMATCH,
} buf__slice_verdict_t;

/* MLIR's computeRankReductionMask: which dims of `full` (all unit dims) to
 * drop to get `reduced`, matching the others exactly (a dynamic dim matches
 * only a dynamic dim). dropped (full_rank entries, may be NULL) receives the
 * mask. Returns false when no such mask exists. */
bool buf__rank_reduction_mask(const int64_t *full, uint32_t full_rank,
                              const int64_t *reduced, uint32_t reduced_rank,
                              bool *dropped);
/* Is `actual` the ranked tensor (or memref) type `expected`, or a version of
 * it with unit dims dropped? For memrefs the strides (dropped dims removed)
 * and offset must agree too, and so must the memory spaces; a unit dim is
 * chosen for dropping so that strides agree where several choices exist.
 * dropped (expected rank entries, may be NULL) receives the mask. */
buf__slice_verdict_t buf__check_rank_reduced(buf_type_t expected,
                                             buf_type_t actual, bool *dropped);
/* Emits MLIR's message for a failed verdict at op (plain error, no "op"
 * prefix, as upstream) and returns BUF_FAILURE; BUF_SUCCESS for OK. */
buf_status_t buf__emit_slice_verdict(buf_op_t *op, buf__slice_verdict_t v,
                                     buf_type_t expected, buf_type_t actual);

/* ------------------------------------------------------------------------ */
/* Reassociation: [[0, 1], [2]]                                              */
/* ------------------------------------------------------------------------ */

/* Parses `[[0, 1], [2]]` (also `[]`) into an array of arrays of i64
 * integer attributes, the form of the `reassociation` property. */
buf_status_t buf__parse_reassociation(buf_parser_t *p, buf_attr_t *out);
/* Prints `[[0, 1], [2]]` from such an attribute. */
void buf__print_reassociation(buf_printer_t *pr, buf_attr_t reassoc);

/* A decoded reassociation: group g holds the expanded dims
 * dims[start[g]] .. dims[start[g] + len[g] - 1]. */
typedef struct buf__reassoc {
  uint32_t num_groups;
  const uint32_t *start;  /* num_groups entries */
  const uint32_t *len;    /* num_groups entries */
  const int64_t *dims;    /* all indices, group after group */
  uint32_t num_dims;      /* total number of indices */
  int64_t max_dim;        /* largest index, -1 when none */
} buf__reassoc_t;

/* Decodes the `reassociation` attribute (array of arrays of integers).
 * Returns false when it has another shape. */
bool buf__reassoc_decode(buf_ctx_t *ctx, buf_attr_t a, buf__reassoc_t *out);
/* MLIR's reshape checks between an expanded and a collapsed ranked type
 * (tensor or memref) with MLIR's messages ("expected collapsed rank (N) to
 * equal the number of reassociation maps (M).", "expected reassociation map
 * #I to be valid and contiguous.", "expected dimension I of collapsed type to
 * be static value of N", ...). Element types are not compared here. */
buf_status_t buf__verify_reassociation(buf_op_t *op, buf_type_t expanded,
                                       buf_type_t collapsed);
/* The collapsed shape implied by an expanded shape and a reassociation: a
 * group's product, dynamic when any member is. out has r->num_groups
 * entries; the reassociation must be valid for the expanded rank. */
void buf__collapsed_shape(const buf__reassoc_t *r, const int64_t *expanded,
                          int64_t *out);

/* MLIR's computeCollapsedLayoutMap: the strided layout of collapsing memref
 * type src by r, or NULL when collapsed dims are provably not contiguous;
 * strict (isGuaranteedCollapsible) also refuses a group whose contiguity
 * depends on a dynamic size or stride. */
buf_attr_t buf__collapsed_layout(buf_ctx_t *ctx, buf_type_t src,
                                 const buf__reassoc_t *r, bool strict);
/* MLIR's computeExpandedLayoutMap: in *layout the strided layout of
 * expanding memref type src by r to result_shape, NULL (the identity) when
 * that is the row-major one; fails when src is not strided. */
buf_status_t buf__expanded_layout(buf_ctx_t *ctx, buf_type_t src,
                                  const int64_t *result_shape,
                                  uint32_t result_rank, const buf__reassoc_t *r,
                                  buf_attr_t *layout);

/* ------------------------------------------------------------------------ */
/* Reshape by a shape operand                                                */
/* ------------------------------------------------------------------------ */

/* The custom form `%src(%shape) attr-dict : (S, T) -> R` shared by
 * tensor.reshape and memref.reshape. */
buf_status_t buf__reshape_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__reshape_print(buf_printer_t *pr, buf_op_t *op);

#endif /* BUF_SHAPED_UTIL_H */
