/*
 * linalg_internal.h: what the linalg dialect files share (internal).
 *
 * The linalg dialect is split over these files:
 *   linalg.c          the op table, linalg.generic / yield / index, the
 *                     shared ins(...) outs(...) syntax and the structured-op
 *                     verifier;
 *   linalg_info.c     buf__linalg_info: every op described the way
 *                     linalg.generic spells it (maps, iterators, body);
 *   linalg_named.c    the named ops: the bodies their custom forms hide,
 *                     built at parse time exactly as mlir-opt builds them,
 *                     and the custom forms of map, reduce, transpose,
 *                     broadcast and the named ops;
 *   linalg_conv_ops.h the convolution and pooling ops, one table row each,
 *   linalg_conv.c     and their maps for given strides and dilations;
 *   linalg_verify.c   the op-specific verifiers;
 *   linalg_softmax.c  linalg.softmax (no body, not structured), and
 *   linalg_decompose.c its decomposition into structured ops.
 *
 * Each row of the opdef table has a descriptor row (same index) saying which
 * family the op belongs to and, for named ops, which body it gets. Hooks find
 * their row with buf__row_of, never by comparing names.
 */
#ifndef BUF_LINALG_INTERNAL_H
#define BUF_LINALG_INTERNAL_H

#include "buf/ir.h"
#include "buf/linalg.h"
#include "buf/syntax.h"

/* The families of linalg ops; each family shares parse/print/verify hooks. */
typedef enum buf__linalg_kind {
  BUF__LK_GENERIC,     /* linalg.generic: maps and iterators in attributes */
  BUF__LK_MAP,         /* linalg.map: identity maps, body given or short */
  BUF__LK_REDUCE,      /* linalg.reduce: dimensions attribute */
  BUF__LK_TRANSPOSE,   /* linalg.transpose: permutation attribute */
  BUF__LK_BROADCAST,   /* linalg.broadcast: dimensions attribute */
  BUF__LK_FILL,        /* linalg.fill: scalar input */
  BUF__LK_COPY,        /* linalg.copy */
  BUF__LK_CONTRACT,    /* matmul, batch_matmul, matvec, vecmat, dot */
  BUF__LK_EW,          /* named elementwise ops: linalg.add, linalg.exp ... */
  BUF__LK_ELEMENTWISE, /* linalg.elementwise kind=#linalg.elementwise_kind<> */
  BUF__LK_CONV,        /* convolutions and pooling (linalg_conv_ops.h) */
} buf__linalg_kind_t;

/* The body of a convolution or pooling op (linalg_conv_ops.h). */
typedef enum buf__linalg_conv_body {
  BUF__CONV_BODY_CONV,       /* out + cast(in) * cast(filter) */
  BUF__CONV_BODY_CONV_Q,     /* out + (cast(in) - cast(in_zp)) *
                              *       (cast(filter) - cast(filter_zp)) */
  BUF__CONV_BODY_POOL_MAX,   /* max(out, cast(in)) */
  BUF__CONV_BODY_POOL_MIN,
  BUF__CONV_BODY_POOL_SUM,
  BUF__CONV_BODY_POOL_MAX_U, /* unsigned cast and comparison */
  BUF__CONV_BODY_POOL_MIN_U,
} buf__linalg_conv_body_t;

/* One row of linalg_conv_ops.h. */
typedef struct buf__linalg_conv {
  uint8_t num_loops;
  bool strided;              /* has strides / dilations attributes */
  buf__linalg_conv_body_t body;
  const char *maps[3];       /* input, filter, output (the row's notation) */
} buf__linalg_conv_t;

/* The default loop structure of a contraction: per operand (A, B, C) the
 * loop dimension of each operand dimension. */
typedef struct buf__linalg_contract {
  uint8_t num_loops;
  uint8_t rank[3];
  int8_t dims[3][4];
} buf__linalg_contract_t;

/* One row per op, parallel to the opdef table. */
typedef struct buf__linalg_desc {
  buf__linalg_kind_t kind;
  int8_t ew_kind;          /* BUF__LK_EW: index into the elementwise kinds */
  const buf__linalg_contract_t *contract; /* BUF__LK_CONTRACT */
  const buf__linalg_conv_t *conv;         /* BUF__LK_CONV */
  bool maps_attr;          /* indexing_maps is an inherent attribute that the
                            * custom form shows only when not the default */
  bool memoize;            /* mlir-opt caches linalg.memoized_indexing_maps on
                            * the op when it verifies it */
  bool cast_selects_body;  /* the `cast` property picks the body's casts
                            * (matmul, batch_matmul; batch_reduce_matmul
                            * keeps it but casts signed, as upstream) */
} buf__linalg_desc_t;

/* The descriptor of op's definition, or NULL when op is not a linalg
 * structured op (linalg.yield, linalg.index, other dialects). */
const buf__linalg_desc_t *buf__linalg_desc(const buf_op_t *op);
const buf__linalg_desc_t *buf__linalg_desc_of_state(const buf_op_state_t *st);

/* The split of operands into inputs and outputs; false when the operand
 * list or operandSegmentSizes is malformed. */
bool buf__linalg_split(const buf_op_t *op, const buf__linalg_desc_t *d,
                       uint32_t *num_inputs, uint32_t *num_outputs);

/* Computes the maps and iterators of op. With emit, reports what is wrong
 * (MLIR's wording) and returns false; without, just returns false. */
bool buf__linalg_info(buf_op_t *op, buf_linalg_info_t *info, bool emit);

/* The type an operand contributes to the body: its element type, or itself
 * for a scalar (linalg.fill's value). */
buf_type_t buf__linalg_elem(buf_type_t t);
/* The rank of an operand (0 for scalars). */
uint32_t buf__linalg_rank(buf_type_t t);

/* ins(%a, %b : A, B) outs(%c : C): both optional. Resolves the operands into
 * st and reports how many of each; the output types go to *out_types. */
buf_status_t buf__linalg_parse_ins_outs(buf_parser_t *p, buf_op_state_t *st,
                                        uint32_t *num_inputs,
                                        uint32_t *num_outputs,
                                        buf_type_t **out_types);
/* " ins(...) outs(...)" for operands [0, nin) and [nin, nin + nout). */
void buf__linalg_print_ins_outs(buf_printer_t *pr, buf_op_t *op, uint32_t nin,
                                uint32_t nout);
/* Sets operandSegmentSizes = array<i32: nin, nout>. */
void buf__linalg_set_segments(buf_op_state_t *st, uint32_t nin, uint32_t nout);
/* Adds one result per ranked-tensor output type (the rule of map, reduce,
 * transpose and broadcast, whose custom forms print no result types). */
void buf__linalg_add_tensor_results(buf_op_state_t *st, uint32_t n,
                                    const buf_type_t *types);
/* Names body arguments "in"/"out" (generic and named ops). */
bool buf__linalg_name_in_out(buf_op_t *op, uint32_t region, uint32_t arg,
                             char *buf, size_t size);

/* Hooks of linalg_named.c. */
buf_status_t buf__linalg_named_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__linalg_named_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__linalg_map_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__linalg_map_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__linalg_reduce_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__linalg_reduce_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__linalg_permute_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__linalg_permute_print(buf_printer_t *pr, buf_op_t *op);
bool buf__linalg_name_in_init(buf_op_t *op, uint32_t region, uint32_t arg,
                              char *buf, size_t size);
/* The op-specific checks of map, reduce, transpose, broadcast, fill, done
 * before the shared structured checks (mlir-opt reports them first). */
buf_status_t buf__linalg_verify_specific(buf_op_t *op,
                                         const buf__linalg_desc_t *d);

/* The identity loop structure of linalg.elementwise with `arity` inputs:
 * the default indexing_maps attribute for rank `rank`. */
buf_attr_t buf__linalg_identity_maps(buf_ctx_t *ctx, uint32_t n,
                                     uint32_t rank);
/* The default indexing_maps of a contraction; c must be a row of a
 * constant table (the result is memoized by its address). */
buf_attr_t buf__linalg_contract_maps(buf_ctx_t *ctx,
                                     const buf__linalg_contract_t *c);
/* The number of inputs of elementwise kind k (1, 2 or 3), or 0 for an
 * unknown kind; the kind index of attribute a (#linalg.elementwise_kind<x>),
 * or -1. */
uint32_t buf__linalg_ew_arity(int k);
int buf__linalg_ew_kind_of_attr(buf_attr_t a);

/* True when op is linalg.softmax (by its row of the op table). */
bool buf__linalg_is_softmax(const buf_op_t *op);

/* Hooks of linalg_softmax.c (linalg.softmax, not a structured op). */
buf_status_t buf__linalg_softmax_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__linalg_softmax_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__linalg_softmax_verify(buf_op_t *op);
uint32_t buf__linalg_softmax_effect(const buf_op_t *op, uint32_t i);

/* 0 for linalg.pack, 1 for linalg.unpack (by their rows of the op table),
 * -1 for any other op. */
int buf__linalg_pack_kind(const buf_op_t *op);

/* Hooks of linalg_pack.c (linalg.pack / unpack, not structured ops). */
buf_status_t buf__linalg_pack_parse(buf_parser_t *p, buf_op_state_t *st);
buf_status_t buf__linalg_unpack_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__linalg_pack_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__linalg_pack_verify(buf_op_t *op);
uint32_t buf__linalg_pack_effect(const buf_op_t *op, uint32_t i);

/* Hooks of linalg_conv.c. The number of operands of row c (3, or 5 with
 * the two zero points of a quantized convolution). */
uint32_t buf__linalg_conv_num_operands(const buf__linalg_conv_t *c);
/* The maps of a convolution or pooling op for its
 * strides and dilations (all ones where an attribute is absent or
 * malformed: the verifier reports that). */
void buf__linalg_conv_maps(buf_op_t *op, const buf__linalg_conv_t *c,
                           buf_linalg_info_t *info);
/* What is wrong with attribute `name` (strides or dilations) of value a
 * (NULL: absent, which is fine) of a conv op, in upstream's words, or
 * NULL when it is fine. */
const char *buf__linalg_conv_attr_error(buf_ctx_t *ctx,
                                        const buf__linalg_conv_t *c,
                                        const char *name, buf_attr_t a);
/* `= [1, 0]` after its keyword, into attribute keyword (array<i64>). */
buf_status_t buf__linalg_parse_i64_list(buf_parser_t *p, buf_op_state_t *st,
                                        const char *keyword);

#endif /* BUF_LINALG_INTERNAL_H */
