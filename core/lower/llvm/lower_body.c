/*
 * lower_body.c: the body of one function: blocks in reverse post-order from
 * the entry (so every operand is emitted before its use), block arguments
 * as phi nodes whose incoming values the branches add, and each op through
 * its row in the emitters' tables (name -> emitter).
 */
#include <stdlib.h>

#include "lower_internal.h"

/* The emitters' tables, one per file of op emitters. */
static const emit_table_t *const emit_tables[] = {
    &buf__lw_arith_emitters, &buf__lw_math_emitters, &buf__lw_memref_emitters,
    &buf__lw_cf_emitters,    &buf__lw_func_emitters, &buf__lw_vector_emitters,
};

/* The registry's resolver of emitter rows (buf_op_model, BUF_MODEL_LLVM):
 * the row of the op named name; NULL when it has no LLVM lowering. */
const void *buf__llvm_resolve_row(const char *name) {
  for (size_t t = 0; t < sizeof emit_tables / sizeof emit_tables[0]; t++)
    for (size_t i = 0; i < emit_tables[t]->num_rows; i++)
      if (strcmp(emit_tables[t]->rows[i].name, name) == 0)
        return &emit_tables[t]->rows[i];
  return NULL;
}

const char *buf__llvm_row_name(uint32_t i) {
  for (size_t t = 0; t < sizeof emit_tables / sizeof emit_tables[0]; t++) {
    if (i < emit_tables[t]->num_rows)
      return emit_tables[t]->rows[i].name;
    i -= (uint32_t)emit_tables[t]->num_rows;
  }
  return NULL;
}

typedef struct block_list {
  buf_block_t **b;
  uint32_t n, cap;
} block_list_t;

static void blocks_push(block_list_t *l, buf_block_t *b) {
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 16;
    l->b = realloc(l->b, l->cap * sizeof *l->b);
    if (!l->b)
      abort();
  }
  l->b[l->n++] = b;
}

/* Reverse post-order of the blocks reachable from entry (iterative DFS, so
 * deep CFGs cannot overflow the stack). */
static void rpo(lw_t *L, buf_block_t *entry, block_list_t *out) {
  block_list_t post = {0}, stack = {0};
  uint32_t *next_succ = NULL;
  size_t cap_ns = 0;
  static const char visited_tag = 0;
  buf__lw_map_put(L, entry, (void *)&visited_tag);
  blocks_push(&stack, entry);
  while (stack.n) {
    buf_block_t *b = stack.b[stack.n - 1];
    if (stack.n > cap_ns) {
      size_t nc = cap_ns ? cap_ns * 2 : 16;
      while (nc < stack.n) nc *= 2;
      next_succ = realloc(next_succ, nc * sizeof *next_succ);
      if (!next_succ)
        abort();
      memset(next_succ + cap_ns, 0, (nc - cap_ns) * sizeof *next_succ);
      cap_ns = nc;
    }
    buf_op_t *t = b->last;
    uint32_t ns = t ? t->num_successors : 0;
    uint32_t *k = &next_succ[stack.n - 1];
    if (*k < ns) {
      buf_block_t *s = t->successors[(*k)++];
      if (!buf__lw_map_get(L, s)) {
        buf__lw_map_put(L, s, (void *)&visited_tag);
        blocks_push(&stack, s); /* its next_succ slot is 0: fresh or reset */
      }
      continue;
    }
    blocks_push(&post, b);
    next_succ[--stack.n] = 0;
  }
  for (uint32_t i = post.n; i-- > 0;)
    blocks_push(out, post.b[i]);
  free(post.b);
  free(stack.b);
  free(next_succ);
}

static buf_status_t emit_op(lw_t *L, buf_op_t *op) {
  const emit_row_t *row = buf_op_model(op, BUF_MODEL_LLVM);
  if (!row) {
    buf_op_emit_error(op, "cannot lower to LLVM: no lowering for '%s'", op->name);
    L->failed = true;
    return BUF_FAILURE;
  }
  for (uint32_t i = 0; i < op->num_results; i++)
    if (!type_ok(L, op->results[i].type))
      return fail(L, op, "result type has no LLVM lowering");
  for (uint32_t i = 0; i < op->num_operands; i++)
    if (!val(L, buf_op_operand(op, i)))
      return fail(L, op, "operand defined in an unreachable block");
  return row->emit(L, op, row->arg);
}

/* Contract in lower_internal.h. */
buf_status_t buf__lw_emit_body(lw_t *L, buf_op_t *fn) {
  buf_block_t *entry = buf_region_entry(fn->regions[0]);
  L->fn = buf__lw_map_get(L, fn);
  block_list_t order = {0};
  rpo(L, entry, &order);
  /* LLVM blocks and phis first, so branches can target any block. */
  for (uint32_t i = 0; i < order.n; i++) {
    LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(L->C, L->fn, "");
    buf__lw_map_put(L, order.b[i], bb);
    if (i == 0) {
      L->entry_bb = bb;
      continue;
    }
    LLVMPositionBuilderAtEnd(L->B, bb);
    for (uint32_t a = 0; a < order.b[i]->num_args; a++) {
      LLVMTypeRef t = buf__lw_type(L, order.b[i]->args[a]->type);
      if (!t) {
        free(order.b);
        return fail(L, fn, "block argument type has no LLVM lowering");
      }
      buf__lw_map_put(L, order.b[i]->args[a], LLVMBuildPhi(L->B, t, ""));
    }
  }
  LLVMPositionBuilderAtEnd(L->B, L->entry_bb);
  buf_type_t ft = buf__lw_fn_type(fn);
  unsigned p = 0, np = LLVMCountParams(L->fn);
  LLVMValueRef *params = malloc((np ? np : 1) * sizeof *params);
  if (!params)
    abort();
  LLVMGetParams(L->fn, params);
  for (uint32_t i = 0; i < ft->u.func.num_inputs && i < entry->num_args; i++) {
    unsigned used;
    LLVMValueRef arg = buf__lw_collapse_params(L, ft->u.func.inputs[i], params + p, &used);
    buf__lw_map_put(L, entry->args[i], arg);
    p += used;
  }
  free(params);
  buf_status_t s = BUF_SUCCESS;
  for (uint32_t i = 0; i < order.n && !BUF_FAILED(s); i++) {
    LLVMPositionBuilderAtEnd(L->B, buf__lw_map_get(L, order.b[i]));
    for (buf_op_t *op = order.b[i]->first; op && !BUF_FAILED(s); op = op->next)
      s = emit_op(L, op);
  }
  free(order.b);
  return s;
}

/* A stack slot of type t in the function's entry block (so loops do not
 * grow the stack); the builder stays where it was. */
LLVMValueRef buf__lw_entry_alloca(lw_t *L, LLVMTypeRef t) {
  LLVMBasicBlockRef cur = LLVMGetInsertBlock(L->B);
  LLVMValueRef first = LLVMGetFirstInstruction(L->entry_bb);
  if (first)
    LLVMPositionBuilderBefore(L->B, first);
  else
    LLVMPositionBuilderAtEnd(L->B, L->entry_bb);
  LLVMValueRef slot = LLVMBuildAlloca(L->B, t, "");
  LLVMPositionBuilderAtEnd(L->B, cur);
  return slot;
}
