/*
 * lower_cf.c: the LLVM emitters of cf ops and their rows. Block arguments
 * are phis (lower_body.c makes them); a branch adds its operands as their
 * incoming values.
 */
#include <stdlib.h>

#include "lower_internal.h"

/* Adds args as the incoming values of dest's phis from the current block. */
static void add_incoming(lw_t *L, buf_block_t *dest, buf_op_t *op, uint32_t first,
                         uint32_t n) {
  LLVMBasicBlockRef from = LLVMGetInsertBlock(L->B);
  for (uint32_t i = 0; i < n && i < dest->num_args; i++) {
    LLVMValueRef phi = val(L, dest->args[i]);
    LLVMValueRef v = operand(L, op, first + i);
    LLVMAddIncoming(phi, &v, &from, 1);
  }
}

static buf_status_t e_br(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_block_t *dest = op->successors[0];
  add_incoming(L, dest, op, 0, op->num_operands);
  LLVMBuildBr(L->B, buf__lw_map_get(L, dest));
  return BUF_SUCCESS;
}

/* Branch to dest through a fresh block carrying the phi inputs. */
static LLVMBasicBlockRef edge_block(lw_t *L, buf_block_t *dest, buf_op_t *op,
                                    uint32_t first, uint32_t n) {
  LLVMBasicBlockRef cur = LLVMGetInsertBlock(L->B);
  LLVMBasicBlockRef e = LLVMAppendBasicBlockInContext(L->C, L->fn, "edge");
  LLVMPositionBuilderAtEnd(L->B, e);
  add_incoming(L, dest, op, first, n);
  LLVMBuildBr(L->B, buf__lw_map_get(L, dest));
  LLVMPositionBuilderAtEnd(L->B, cur);
  return e;
}

/* The LLVM block that edge succ of terminator op enters, forwarding the
 * operands first..first+n-1: the successor itself, or a fresh edge block
 * when another edge of op reaches the same block with arguments, since a
 * phi takes one value per predecessor block and the edges may forward
 * different values. */
static LLVMBasicBlockRef edge_target(lw_t *L, buf_op_t *op, uint32_t succ,
                                     uint32_t first, uint32_t n) {
  buf_block_t *dest = op->successors[succ];
  bool shared = false;
  for (uint32_t i = 0; i < op->num_successors && !shared; i++)
    shared = i != succ && op->successors[i] == dest;
  if (shared && dest->num_args)
    return edge_block(L, dest, op, first, n);
  add_incoming(L, dest, op, first, n);
  return buf__lw_map_get(L, dest);
}

static buf_status_t e_cond_br(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  int64_t seg[3];
  if (buf_op_segment_sizes(op, "operandSegmentSizes", seg, 3) != 3)
    return fail(L, op, "cond_br without segments");
  LLVMBasicBlockRef tb = edge_target(L, op, 0, 1, (uint32_t)seg[1]);
  LLVMBasicBlockRef fb = edge_target(L, op, 1, 1 + (uint32_t)seg[1], (uint32_t)seg[2]);
  LLVMBuildCondBr(L->B, operand(L, op, 0), tb, fb);
  return BUF_SUCCESS;
}

/* cf.switch to an LLVM switch: successor 0 is the default, successor 1 + i
 * the destination of case_values[i], whose operands follow the default's
 * in case_operand_segments' order. LLVM rejects a repeated case value, so
 * a repeat is left out: the first case with a value wins, as in the
 * interpreter. Constants are uniqued, so equal values are equal refs. */
static buf_status_t e_switch(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t values = buf_op_attr(op, "case_values");
  buf_attr_t segs = buf_op_attr(op, "case_operand_segments");
  uint32_t ncases = op->num_successors - 1;
  if ((ncases && !values) || !segs || segs->kind != BUF_ATTR_DENSE_ARRAY ||
      segs->u.dense_array.count != ncases)
    return fail(L, op, "switch without case values or segments");
  uint32_t dlen, ds = buf_op_segment(op, 1, &dlen);
  uint32_t start = buf_op_segment(op, 2, NULL);
  LLVMValueRef flag = operand(L, op, 0);
  LLVMValueRef *seen = malloc((ncases ? ncases : 1) * sizeof *seen);
  if (!seen)
    abort(); /* out of memory */
  LLVMBasicBlockRef def = edge_target(L, op, 0, ds, dlen);
  LLVMValueRef sw = LLVMBuildSwitch(L->B, flag, def, ncases);
  uint32_t nseen = 0;
  for (uint32_t i = 0; i < ncases; i++) {
    uint32_t len = (uint32_t)segs->u.dense_array.ints[i];
    LLVMValueRef v = LLVMConstInt(LLVMTypeOf(flag),
                                  (unsigned long long)buf_attr_dense_int(values, i), 1);
    bool repeat = false;
    for (uint32_t k = 0; k < nseen && !repeat; k++)
      repeat = seen[k] == v;
    if (!repeat) {
      LLVMAddCase(sw, v, edge_target(L, op, 1 + i, start, len));
      seen[nseen++] = v;
    }
    start += len;
  }
  free(seen);
  return BUF_SUCCESS;
}

/* The message of a cf.assert ("" when it has none). */
static const char *assert_message(buf_op_t *op) {
  buf_attr_t msg = buf_op_attr(op, "msg");
  return msg && msg->kind == BUF_ATTR_STRING ? msg->u.str.data : "";
}

/* A GPU kernel's failed assert, as CUDA's assert() compiles: a call of the
 * device runtime's
 *   void __assertfail(const char *message, const char *file, unsigned line,
 *                     const char *function, size_t charSize)
 * which prints "file:line: function: block [..], thread [..] Assertion
 * `message` failed." and stops the kernel with a trap, so the launch
 * reports an error. The strings are globals of the kernel module (NVPTX
 * puts them in global memory); the function is the kernel the assert was
 * outlined into. ptxas resolves __assertfail against CUDA's device
 * runtime, as it does for nvcc's own PTX. */
static void emit_gpu_assert_fail(lw_t *L, buf_op_t *op) {
  LLVMTypeRef params[5] = {L->ptr, L->ptr, L->i32, L->ptr, L->i64};
  LLVMValueRef fn = buf__lw_get_fn(L, "__assertfail", L->voidt, params, 5);
  size_t name_len = 0;
  const char *kernel = LLVMGetValueName2(L->fn, &name_len);
  LLVMValueRef args[5] = {
      LLVMBuildGlobalString(L->B, assert_message(op), "assert_msg"),
      LLVMBuildGlobalString(L->B, op->loc.file ? op->loc.file : "<unknown>", "assert_file"),
      LLVMConstInt(L->i32, op->loc.line, 0),
      LLVMBuildGlobalString(L->B, kernel, "assert_func"),
      LLVMConstInt(L->i64, 1, 0), /* sizeof(char) */
  };
  call(L, fn, args, 5);
}

/* cf.assert: a false condition stops the program, with the message. On the
 * host as upstream's convert-cf-to-llvm lowers it (puts the message, then
 * abort); in a GPU kernel as CUDA's assert() (emit_gpu_assert_fail). The
 * ops after the assert go on in a fresh block. */
static buf_status_t e_assert(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(L->C, L->fn, "assert.ok");
  LLVMBasicBlockRef bad = LLVMAppendBasicBlockInContext(L->C, L->fn, "assert.fail");
  LLVMBuildCondBr(L->B, operand(L, op, 0), ok, bad);
  LLVMPositionBuilderAtEnd(L->B, bad);
  if (L->gpu) {
    emit_gpu_assert_fail(L, op);
  } else {
    LLVMValueRef text = LLVMBuildGlobalString(L->B, assert_message(op), "assert_msg");
    call(L, buf__lw_get_fn(L, "puts", L->i32, &L->ptr, 1), &text, 1);
    call(L, buf__lw_get_fn(L, "abort", L->voidt, NULL, 0), NULL, 0);
  }
  LLVMBuildUnreachable(L->B);
  LLVMPositionBuilderAtEnd(L->B, ok);
  return BUF_SUCCESS;
}

/* The rows of cf. */
static const emit_row_t rows[] = {
    {"cf.br", e_br, NULL},
    {"cf.cond_br", e_cond_br, NULL},
    {"cf.switch", e_switch, NULL},
    {"cf.assert", e_assert, NULL},
};

const emit_table_t buf__lw_cf_emitters = {rows, sizeof rows / sizeof rows[0]};
