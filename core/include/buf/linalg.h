/*
 * buf/linalg.h: a uniform view of every linalg structured op.
 *
 * Every linalg op we support (generic, the named ops, map, reduce, fill,
 * copy, transpose, broadcast ...) carries a body region in our IR, built at
 * parse time for named ops whose custom form hides it (exactly the region
 * mlir-opt prints in the generic form). The view below describes each op the
 * way linalg.generic spells it, so the interpreter, bufferization and
 * lowering treat all of them alike and never switch on op names.
 *
 * Body convention: the body's entry block takes one scalar argument per
 * operand, inputs first then outputs (for ops whose custom form omits some,
 * the view still lists one per operand and body_arg_of_operand says which
 * block argument, if any, carries it); the terminator linalg.yield yields
 * one value per output.
 */
#ifndef BUF_LINALG_H
#define BUF_LINALG_H

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum buf_iterator_kind {
  BUF_ITER_PARALLEL,
  BUF_ITER_REDUCTION,
} buf_iterator_kind_t;

#define BUF_LINALG_MAX_OPERANDS 16
#define BUF_LINALG_MAX_LOOPS 12

typedef struct buf_linalg_info {
  uint32_t num_inputs;   /* operands [0, num_inputs) */
  uint32_t num_outputs;  /* operands [num_inputs, num_inputs + num_outputs) */
  uint32_t num_loops;
  /* One indexing map per operand: loop indices -> operand indices. A scalar
   * input (linalg.fill's value) has a map with zero results and a
   * non-shaped type. */
  buf_affine_map_t *maps[BUF_LINALG_MAX_OPERANDS];
  buf_iterator_kind_t iterators[BUF_LINALG_MAX_LOOPS];
  buf_block_t *body;     /* entry block of the body region */
  /* For operand i: the index of the body block argument that receives its
   * element, or -1 when the body does not take it (then the body never
   * reads it: e.g. an output that is only written). */
  int32_t body_arg_of_operand[BUF_LINALG_MAX_OPERANDS];
} buf_linalg_info_t;

/* Fills *info for a linalg structured op; returns false when op is not one
 * (or is malformed, which the verifier reports). */
bool buf_linalg_get_info(buf_op_t *op, buf_linalg_info_t *info);

/* linalg.pack / linalg.unpack (destination style, not structured): the
 * unpacked side has rank `rank`; dimension inner_dims_pos[j] of it is cut
 * into tiles of the j-th tile size (static_tiles[j], or, when BUF_DYNAMIC,
 * the next operand from first_tile_operand on); the packed side's first
 * `rank` dimensions are the tile counts in the order outer_perm gives
 * (packed outer dimension i counts along unpacked dimension outer_perm[i];
 * the identity when num_perm is 0), its last num_tiles walk inside one
 * tile. Operand 0 is the source, 1 the destination. */
typedef struct buf_linalg_pack {
  bool unpack;                 /* linalg.unpack: the source is packed */
  uint32_t rank;               /* rank of the unpacked side */
  uint32_t num_tiles;          /* entries of static_tiles */
  uint32_t num_inner_dims;     /* entries of inner_dims_pos */
  uint32_t num_perm;           /* entries of outer_perm; 0: identity */
  int64_t inner_dims_pos[BUF_LINALG_MAX_LOOPS];
  int64_t outer_perm[BUF_LINALG_MAX_LOOPS];
  int64_t static_tiles[BUF_LINALG_MAX_LOOPS];
  uint32_t first_tile_operand; /* the dynamic tile sizes start here */
  int32_t padding_operand;     /* pack's padding_value operand, or -1 */
} buf_linalg_pack_t;

/* Fills *out for linalg.pack / unpack on ranked tensors (or, while
 * bufferization rewrites them, their buffers); false for any other op or a
 * malformed one (which the verifier reports). */
bool buf_linalg_get_pack(const buf_op_t *op, buf_linalg_pack_t *out);

/* True when op is a linalg structured op other than linalg.generic (a named
 * op: matmul, conv_2d_nhwc_hwcf, map, fill ...), which
 * linalg-generalize-named-ops rewrites as the linalg.generic it stands for. */
bool buf_linalg_is_named(const buf_op_t *op);

/* True when op is an aggregated linalg op that buf_linalg_decompose can
 * rewrite (linalg.softmax on float tensors). */
bool buf_linalg_decomposable(const buf_op_t *op);
/* Replaces op by the structured ops upstream's decomposition builds (see
 * core/dialects/linalg_decompose.c); false, with op untouched, when op is
 * not decomposable. */
bool buf_linalg_decompose(buf_op_t *op);

/* True when the body reads output operand `output` (0-based among outputs):
 * the fact bufferization needs to know whether an `outs` operand is read. */
bool buf_linalg_output_is_read(buf_op_t *op, uint32_t output);
/* The same, from the info of the op already at hand. */
bool buf_linalg_info_output_is_read(const buf_linalg_info_t *info,
                                    uint32_t output);

/* True when op is linalg.index, whose result is the index of the
 * enclosing structured op's loop *dim (its "dim" attribute; -1 when that
 * is missing): lowerings replace it by that loop's induction variable. */
bool buf_linalg_index_dim(const buf_op_t *op, int64_t *dim);

#ifdef __cplusplus
}
#endif

#endif /* BUF_LINALG_H */
