/*
 * expand_realloc.c: --expand-realloc, memref.realloc as its components, as
 * upstream's pass of that name expands it:
 *
 *   %dim  = memref.dim %src, %c0          (a constant for a static size)
 *   %grow = arith.cmpi ult, %dim, %size
 *   %r = scf.if %grow {
 *     %new = memref.alloc(%size)            (with the realloc's alignment)
 *     memref.copy %src, (memref.subview %new[0] [%dim] [1])
 *     memref.dealloc %src                   (unless emit-deallocs=false)
 *     scf.yield %new
 *   } else {
 *     scf.yield (memref.reinterpret_cast %src to offset: [0], sizes: [%size], strides: [1])
 *   }
 *
 * The reallocation is found by what the op does, not by its name: a heap
 * allocation that frees its operand (BUF_ALLOC_HEAP with a freed operand
 * 0), of rank 1 as memref.realloc is. Its optional operand 1 is the new
 * dynamic size.
 */
#include "buf/pipeline.h"
#include "bufopt_internal.h"

enum expand_realloc_option { EXPAND_REALLOC_EMIT_DEALLOCS, EXPAND_REALLOC_NUM_OPTIONS };

static bool is_realloc(const buf_op_t *op) {
  return buf_op_alloc_kind(op) == BUF_ALLOC_HEAP && op->num_operands >= 1 &&
         op->num_results == 1 && (buf_op_operand_effect(op, 0) & BUF_EFFECT_FREE) &&
         op->results[0].type->kind == BUF_TYPE_MEMREF &&
         op->results[0].type->u.shaped.rank == 1;
}

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  if (is_realloc(op))
    buf__bo_oplist_push(user, op);
  return BUF_WALK_ADVANCE;
}

/* The size of dimension 0 of a rank-1 type: a constant when static,
 * memref.dim of v otherwise. */
static buf_value_t *size_of(buf_builder_t *b, buf_value_t *v, buf_value_t *c0) {
  int64_t n = v->type->u.shaped.shape[0];
  if (n != BUF_DYNAMIC)
    return buf_build_index_constant(b, n);
  buf_value_t *ops[2] = {v, c0};
  return buf_op_result(buf_build(b, "memref.dim", buf_type_index(b->ctx), 2, ops, NULL), 0);
}

static buf_attr_t i64_list(buf_ctx_t *ctx, int64_t v) {
  return buf_attr_dense_array(ctx, buf_type_i64(ctx), 1, &v, NULL);
}

/* A rank-1 view op (subview or reinterpret_cast) of src with offset 0,
 * stride 1 and `size` (a constant when static_size is not dynamic). */
static buf_value_t *view(buf_builder_t *b, const char *name, buf_value_t *src,
                         buf_type_t type, int64_t static_size, buf_value_t *size) {
  buf_ctx_t *ctx = b->ctx;
  buf_op_state_t st;
  buf_state_init(&st, ctx, name, b->loc);
  buf_state_add_operand(&st, src);
  bool dyn = static_size == BUF_DYNAMIC;
  if (dyn)
    buf_state_add_operand(&st, size);
  buf_state_add_result(&st, type);
  int64_t seg[4] = {1, 0, dyn, 0};
  buf_state_set_attr(&st, "operandSegmentSizes",
                     buf_attr_dense_array(ctx, buf_type_i32(ctx), 4, seg, NULL));
  buf_state_set_attr(&st, "static_offsets", i64_list(ctx, 0));
  buf_state_set_attr(&st, "static_sizes", i64_list(ctx, static_size));
  buf_state_set_attr(&st, "static_strides", i64_list(ctx, 1));
  return buf_op_result(buf_builder_insert(b, &st), 0);
}

static void expand(buf_op_t *op, bool emit_deallocs) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_before(&b, op);
  b.loc = op->loc;
  buf_value_t *src = op->operands[0].value;
  buf_type_t to = op->results[0].type;
  buf_value_t *c0 = src->type->u.shaped.shape[0] == BUF_DYNAMIC ? buf_build_index_constant(&b, 0) : NULL;
  buf_value_t *old_size = size_of(&b, src, c0);
  buf_value_t *new_size = op->num_operands > 1 ? op->operands[1].value
                                               : buf_build_index_constant(&b, to->u.shaped.shape[0]);
  buf_value_t *cmp_ops[2] = {old_size, new_size};
  buf_value_t *grow = buf_op_result(
      buf_build(&b, "arith.cmpi", buf_type_i1(ctx), 2, cmp_ops, "predicate",
                buf_attr_integer(ctx, buf_type_i64(ctx), 6 /* ult */), NULL),
      0);
  buf_op_state_t st;
  buf_state_init(&st, ctx, "scf.if", op->loc);
  buf_state_add_operand(&st, grow);
  buf_state_add_result(&st, to);
  buf_state_add_region(&st);
  buf_state_add_region(&st);
  buf_op_t *ifop = buf_builder_insert(&b, &st);
  for (uint32_t k = 0; k < 2; k++) {
    buf_block_t *blk = buf_block_create(ctx);
    buf_region_append_block(ifop->regions[k], blk);
    buf_builder_t ib;
    buf_builder_init(&ib, ctx);
    ib.loc = op->loc;
    buf_builder_set_block_end(&ib, blk);
    buf_value_t *yielded;
    if (k == 0) {
      bool dyn = to->u.shaped.shape[0] == BUF_DYNAMIC;
      int64_t seg[2] = {dyn, 0};
      buf_op_t *alloc_op =
          buf_build(&ib, "memref.alloc", to, dyn, &new_size, "operandSegmentSizes",
                    buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, seg, NULL), NULL);
      /* The new buffer keeps the alignment the reallocation asked for. */
      buf_attr_t alignment = buf_op_attr(op, "alignment");
      if (alignment)
        buf_op_set_attr(alloc_op, "alignment", alignment);
      buf_value_t *alloc = buf_op_result(alloc_op, 0);
      int64_t n = src->type->u.shaped.shape[0];
      int64_t one = 1;
      buf_type_t sub_t = buf_type_memref(ctx, 1, &n, to->u.shaped.elem,
                                         buf_attr_strided(ctx, 1, &one, 0),
                                         to->u.shaped.memory_space);
      buf_value_t *sub = view(&ib, "memref.subview", alloc, sub_t, n, old_size);
      buf_value_t *copy[2] = {src, sub};
      buf_build(&ib, "memref.copy", NULL, 2, copy, NULL);
      if (emit_deallocs)
        buf_build(&ib, "memref.dealloc", NULL, 1, &src, NULL);
      yielded = alloc;
    } else {
      yielded = view(&ib, "memref.reinterpret_cast", src, to, to->u.shaped.shape[0], new_size);
    }
    buf_build(&ib, "scf.yield", NULL, 1, &yielded, NULL);
  }
  buf_value_replace_all_uses(&op->results[0], &ifop->results[0]);
  buf_op_erase(op);
}

static buf_status_t expand_realloc_run(buf_op_t *root, const buf_pass_options_t *options) {
  bool emit_deallocs = buf_pass_option_bool(options, EXPAND_REALLOC_EMIT_DEALLOCS);
  bo_oplist_t l = {.arena = buf_ctx_arena(buf_op_ctx(root))};
  buf_op_walk(root, BUF_WALK_POST, collect, &l);
  for (uint32_t i = 0; i < l.n; i++)
    expand(l.ops[i], emit_deallocs);
  return BUF_SUCCESS;
}

static const buf_option_spec_t expand_realloc_options[EXPAND_REALLOC_NUM_OPTIONS] = {
    [EXPAND_REALLOC_EMIT_DEALLOCS] = {"emit-deallocs", BUF_OPT_BOOL, "true", NULL,
                                      "Free the original buffer after copying it"},
};

const buf_pass_def_t buf_pass_expand_realloc = {
    .name = "expand-realloc",
    .summary = "Expand memref.realloc operations into its components",
    .anchor = "any",
    .options = expand_realloc_options,
    .num_options = EXPAND_REALLOC_NUM_OPTIONS,
    .run = expand_realloc_run,
};
