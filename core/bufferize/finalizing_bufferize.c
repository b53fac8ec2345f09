/*
 * finalizing_bufferize.c: --finalizing-bufferize, the last step after the
 * partial bufferization passes (partial_bufferize.c).
 *
 * The steps leave bufferization.to_buffer(bufferization.to_tensor(%m))
 * pairs where a buffer went through an op of another dialect; once every
 * dialect is bufferized the pair stands for %m itself:
 *   - same type: the to_buffer result becomes %m;
 *   - different layout: a memref.cast of %m when the cast is valid for
 *     every runtime layout (as upstream), otherwise a copy;
 *   - a copy, too, when folding would change what the program computes.
 *     to_tensor takes a snapshot: reading the to_buffer result must see
 *     %m as it was at the to_tensor. Folding is safe when every use of the
 *     to_buffer result (through views) only reads, and no write of a
 *     buffer that may be %m (every alias of the allocation %m views)
 *     falls between the to_tensor and the last such read. Allocations
 *     are told apart; a buffer of unknown origin (a function argument, a
 *     global) may be written by any call or unknown op in that stretch.
 *     The copy is a memref.alloc + memref.copy right after the to_tensor.
 * Unused to_tensor ops go. Then every op still on tensors (operands,
 * results, block arguments, a function signature) gets one located error,
 * and the pass fails: unlike upstream's conversion, all of them are named.
 */
#include <string.h>

#include "../transforms/bufopt_internal.h"
#include "buf/linalg.h"
#include "buf/pipeline.h"
#include "bz_internal.h"

static bool is_memref(buf_type_t t) {
  return t->kind == BUF_TYPE_MEMREF || t->kind == BUF_TYPE_UNRANKED_MEMREF;
}

static bool use_only_reads(buf_use_t *u) {
  /* the function ends at a return: nothing after it writes in it */
  return buf__bo_use_only_reads(u, true);
}

static bool is_declaration_call(buf_op_t *op) {
  buf_op_t *f = buf_op_callee(op);
  return f && (f->num_regions == 0 || buf_region_empty(f->regions[0]));
}

static bool is_local_allocation(const buf_value_t *v);

/* Might op (or an op nested in it) write memory that another name of a
 * buffer of unknown origin could share: calls of defined functions, and
 * writes to buffers that are not fresh allocations (a memref.alloc is no
 * argument's or global's memory). */
static buf_walk_result_t find_hidden_write(buf_op_t *op, void *user) {
  bool *writes = user;
  /* (an indirect call has no known callee, so it is no declaration's) */
  if (buf_op_has_trait(op, BUF_TRAIT_CALL) && !is_declaration_call(op)) {
    *writes = true;
    return BUF_WALK_INTERRUPT;
  }
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (is_memref(op->operands[i].value->type) &&
        !use_only_reads(&op->operands[i]) &&
        !is_local_allocation(buf_value_view_root(op->operands[i].value))) {
      *writes = true;
      return BUF_WALK_INTERRUPT;
    }
  return BUF_WALK_ADVANCE;
}

/* A buffer the program allocated on the heap or the stack (no argument's
 * or global's memory). */
static bool is_local_allocation(const buf_value_t *v) {
  if (!v->def)
    return false;
  buf_alloc_kind_t kind = buf_op_alloc_kind(v->def);
  return kind == BUF_ALLOC_HEAP || kind == BUF_ALLOC_STACK;
}

/* Can to_buffer `tb` of to_tensor `tt` become tt's buffer? */
static bool fold_is_safe(buf_op_t *tt, buf_op_t *tb) {
  buf_block_t *blk = tt->block;
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(tt));
  /* the reads of the folded buffer: all in tt's block, none a write */
  bo_vset_t readers = {.arena = arena};
  buf__bo_alias_closure(&tb->results[0], true, &readers, NULL);
  buf_op_t *last_read = tb;
  for (uint32_t i = 0; i < readers.n; i++)
    for (buf_use_t *u = readers.v[i]->first_use; u; u = u->next_use) {
      buf_op_t *anc = buf__bo_ancestor_in_block(u->owner, blk);
      if (!anc || !use_only_reads(u))
        return false;
      if (anc != last_read && buf_op_is_before_in_block(last_read, anc))
        last_read = anc;
    }
  buf_op_t *tb_anc = buf__bo_ancestor_in_block(tb, blk);
  if (!tb_anc)
    return false;
  if (buf_op_is_before_in_block(last_read, tb_anc))
    last_read = tb_anc;
  /* writes of what %m may be, between tt and last_read (inclusive) */
  buf_value_t *root = buf_value_view_root(tt->operands[0].value);
  bo_vset_t aliases = {.arena = arena};
  buf__bo_alias_closure(root, true, &aliases, NULL);
  for (uint32_t i = 0; i < aliases.n; i++) {
    if (buf__bo_vset_has(&readers, aliases.v[i]))
      continue;
    for (buf_use_t *u = aliases.v[i]->first_use; u; u = u->next_use) {
      if (use_only_reads(u))
        continue;
      buf_op_t *anc = buf__bo_ancestor_in_block(u->owner, blk);
      if (!anc) {
        /* outside tt's block: harmless when outside the op that runs the
         * block (it cannot run during the block) */
        buf_op_t *parent = buf_block_parent_op(blk);
        if (parent && buf_op_is_ancestor(parent, u->owner))
          return false;
        continue;
      }
      if (buf_op_is_before_in_block(anc, tt) ||
          buf_op_is_before_in_block(last_read, anc))
        continue;
      return false;
    }
  }
  if (is_local_allocation(root))
    return true;
  /* another name of the same memory could be written in the stretch */
  for (buf_op_t *op = tt->next; op; op = op->next) {
    bool writes = false;
    buf_op_walk(op, BUF_WALK_PRE, find_hidden_write, &writes);
    if (writes)
      return false;
    if (op == last_read)
      break;
  }
  return true;
}

/* A fresh identity-layout copy of m made right after the to_tensor tt,
 * cast to `type` when that differs. NULL when no valid cast reaches it. */
static buf_value_t *snapshot_copy(buf_op_t *tt, buf_type_t type) {
  buf_value_t *m = tt->operands[0].value;
  buf_ctx_t *ctx = buf_op_ctx(tt);
  if (m->type->kind != BUF_TYPE_MEMREF)
    return NULL;
  buf_type_t shape = m->type;
  buf_type_t ident =
      buf_type_memref(ctx, shape->u.shaped.rank, shape->u.shaped.shape,
                      shape->u.shaped.elem, NULL, shape->u.shaped.memory_space);
  if (ident != type && !buf__bz_cast_always_valid(ident, type))
    return NULL;
  buf_builder_t b;
  buf_builder_init(&b, ctx);
  buf_builder_set_after(&b, tt);
  b.loc = tt->loc;
  buf_value_t *sizes[64];
  uint32_t n = 0;
  for (uint32_t i = 0; i < shape->u.shaped.rank && n < 64; i++)
    if (shape->u.shaped.shape[i] == BUF_DYNAMIC) {
      buf_value_t *ops[2] = {m, buf_build_index_constant(&b, i)};
      sizes[n++] = buf_op_result(
          buf_build(&b, "memref.dim", buf_type_index(ctx), 2, ops, NULL), 0);
    }
  int64_t seg[2] = {n, 0};
  buf_value_t *copy = buf_op_result(
      buf_build(&b, "memref.alloc", ident, n, sizes, "alignment",
                buf_attr_integer(ctx, buf_type_i64(ctx), 64),
                "operandSegmentSizes",
                buf_attr_dense_array(ctx, buf_type_i32(ctx), 2, seg, NULL),
                NULL),
      0);
  buf_value_t *ops[2] = {m, copy};
  buf_build(&b, "memref.copy", NULL, 2, ops, NULL);
  if (ident == type)
    return copy;
  return buf_op_result(buf_build(&b, "memref.cast", type, 1, &copy, NULL), 0);
}

static buf_status_t fold_pair(buf_op_t *tt, buf_op_t *tb) {
  buf_value_t *m = tt->operands[0].value, *r = &tb->results[0];
  buf_value_t *with = NULL;
  if (fold_is_safe(tt, tb)) {
    if (m->type == r->type) {
      with = m;
    } else if (buf__bz_cast_always_valid(m->type, r->type) ||
               (m->type->kind == BUF_TYPE_MEMREF &&
                r->type->kind == BUF_TYPE_UNRANKED_MEMREF)) {
      buf_builder_t b;
      buf_builder_init(&b, buf_op_ctx(tb));
      buf_builder_set_before(&b, tb);
      b.loc = tb->loc;
      with = buf_op_result(buf_build(&b, "memref.cast", r->type, 1, &m, NULL), 0);
    }
  }
  if (!with)
    with = snapshot_copy(tt, r->type);
  if (!with) {
    buf_op_emit_error(tb, "cannot fold with its to_tensor: no copy of the "
                          "buffer reaches the result layout");
    return BUF_FAILURE;
  }
  buf_value_replace_all_uses(r, with);
  buf_op_erase(tb);
  return BUF_SUCCESS;
}

typedef struct collected {
  bo_oplist_t pairs;   /* to_buffer ops whose tensor is a to_tensor */
  bo_oplist_t casts;   /* to_tensor ops */
} collected_t;

static buf_walk_result_t collect(buf_op_t *op, void *user) {
  collected_t *c = user;
  if (buf__bz_is_to_buffer(op) && op->operands[0].value->def &&
      buf__bz_is_to_tensor(op->operands[0].value->def))
    buf__bo_oplist_push(&c->pairs, op);
  else if (buf__bz_is_to_tensor(op))
    buf__bo_oplist_push(&c->casts, op);
  return BUF_WALK_ADVANCE;
}


static bool still_on_tensors(const buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (buf__bz_is_tensor_type(op->operands[i].value->type))
      return true;
  for (uint32_t i = 0; i < op->num_results; i++)
    if (buf__bz_is_tensor_type(op->results[i].type))
      return true;
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
      for (uint32_t a = 0; a < b->num_args; a++)
        if (buf__bz_is_tensor_type(b->args[a]->type))
          return true;
  buf_attr_t ft = buf_op_attr(op, "function_type");
  return ft && ft->kind == BUF_ATTR_TYPE && buf__bz_type_mentions_tensor(ft->type);
}

static buf_walk_result_t report_tensor_op(buf_op_t *op, void *user) {
  bool *failed = user;
  if (still_on_tensors(op)) {
    buf_op_emit_error(op, "is still on tensors after bufferization (no "
                          "pass bufferized it)");
    *failed = true;
  }
  return BUF_WALK_ADVANCE;
}

static buf_status_t finalizing_run(buf_op_t *module,
                                   const buf_pass_options_t *options) {
  (void)options;
  buf_arena_t *arena = buf_ctx_arena(buf_op_ctx(module));
  collected_t c = {.pairs = {.arena = arena}, .casts = {.arena = arena}};
  buf_op_walk(module, BUF_WALK_PRE, collect, &c);
  for (uint32_t i = 0; i < c.pairs.n; i++) {
    buf_op_t *tb = c.pairs.ops[i];
    if (BUF_FAILED(fold_pair(tb->operands[0].value->def, tb)))
      return BUF_FAILURE;
  }
  for (uint32_t i = c.casts.n; i-- > 0;)
    if (!buf_value_has_uses(&c.casts.ops[i]->results[0]))
      buf_op_erase(c.casts.ops[i]);
  bool failed = false;
  buf_op_walk(module, BUF_WALK_PRE, report_tensor_op, &failed);
  return failed ? BUF_FAILURE : BUF_SUCCESS;
}

const buf_pass_def_t buf_pass_finalizing_bufferize = {
    .name = "finalizing-bufferize",
    .summary = "Fold the to_buffer(to_tensor) pairs partial bufferization "
               "leaves; fail on every op still on tensors",
    .anchor = "builtin.module",
    .run = finalizing_run,
};
