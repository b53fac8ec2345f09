/*
 * lower_func.c: the LLVM emitters of func ops (calls, function addresses,
 * returns) and their rows. Calls pass memref descriptors expanded into
 * their fields, as the callee was declared (lower_symbols.c).
 */
#include "lower_internal.h"

/* A call of an external function marked llvm.emit_c_interface goes to
 * _mlir_ciface_<name>, as upstream's func-to-llvm lowers it: memref
 * arguments by pointer to a stack copy of their descriptor, a memref or
 * several results through a leading result pointer. This is how programs
 * call the ranked runner-utils printers (printMemref1dF32, ...). */
static buf_status_t call_ciface(lw_t *L, buf_op_t *op, const char *name) {
  uint32_t nres = op->num_results;
  bool out_ptr = nres > 1 || (nres == 1 && buf_type_is_memref(res_type(op)));
  LLVMTypeRef rt = NULL, params[MAX_PARAMS];
  LLVMValueRef args[MAX_PARAMS], res_slot = NULL;
  unsigned n = 0;
  if (nres == 1) {
    rt = buf__lw_type(L, res_type(op));
  } else if (nres > 1) {
    LLVMTypeRef f[64];
    if (nres > 64)
      return fail(L, op, "too many results");
    for (uint32_t i = 0; i < nres; i++)
      f[i] = buf__lw_type(L, op->results[i].type);
    rt = LLVMStructTypeInContext(L->C, f, nres, 0);
  }
  if (out_ptr) {
    res_slot = buf__lw_entry_alloca(L, rt);
    params[n] = L->ptr;
    args[n++] = res_slot;
  }
  for (uint32_t i = 0; i < op->num_operands; i++, n++) {
    if (n >= MAX_PARAMS)
      return fail(L, op, "too many arguments");
    buf_type_t t = buf_op_operand(op, i)->type;
    LLVMValueRef v = operand(L, op, i);
    if (buf_type_is_memref(t)) {
      LLVMValueRef slot = buf__lw_entry_alloca(L, buf__lw_type(L, t));
      LLVMBuildStore(L->B, v, slot);
      params[n] = L->ptr;
      args[n] = slot;
    } else {
      params[n] = buf__lw_type(L, t);
      args[n] = v;
    }
  }
  char *wrapper = buf_arena_printf(buf_ctx_arena(L->ctx), "_mlir_ciface_%s", name);
  LLVMValueRef f = buf__lw_get_fn(L, wrapper, out_ptr || !nres ? L->voidt : rt, params, n);
  LLVMValueRef r = call(L, f, args, n);
  if (out_ptr)
    r = LLVMBuildLoad2(L->B, rt, res_slot, "");
  if (nres == 1)
    set_result(L, op, 0, r);
  else
    for (uint32_t i = 0; i < nres; i++)
      set_result(L, op, i, extract(L, r, i));
  return BUF_SUCCESS;
}

/* True when name is an external function marked llvm.emit_c_interface,
 * which is reached through its _mlir_ciface_ wrapper. */
static bool is_ciface_decl(lw_t *L, const char *name) {
  buf_op_t *decl = buf_symbol_lookup(L->module, name);
  return decl && decl->num_regions && buf_region_empty(decl->regions[0]) &&
         buf_op_has_attr(decl, "llvm.emit_c_interface");
}

/* Calls callee (of LLVM function type fty) with op's operands from first
 * on, memref descriptors expanded, and sets op's results from its return
 * value (a struct when there are several). */
static buf_status_t call_args_from(lw_t *L, buf_op_t *op, LLVMTypeRef fty,
                                   LLVMValueRef callee, uint32_t first) {
  LLVMValueRef args[MAX_PARAMS];
  unsigned n = 0;
  for (uint32_t i = first; i < op->num_operands; i++) {
    buf_type_t t = buf_op_operand(op, i)->type;
    if (n + 3 + 2 * 64 > MAX_PARAMS)
      return fail(L, op, "too many arguments");
    n += buf__lw_expand_value(L, t, operand(L, op, i), args + n);
  }
  LLVMValueRef r = LLVMBuildCall2(L->B, fty, callee, args, n, "");
  if (op->num_results == 1)
    set_result(L, op, 0, r);
  else
    for (uint32_t i = 0; i < op->num_results; i++)
      set_result(L, op, i, extract(L, r, i));
  return BUF_SUCCESS;
}

static buf_status_t e_call(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t callee = buf_op_attr(op, "callee");
  if (!callee || callee->kind != BUF_ATTR_SYMBOL_REF)
    return fail(L, op, "call without a callee");
  if (is_ciface_decl(L, callee->u.symref.names[0]))
    return call_ciface(L, op, callee->u.symref.names[0]);
  LLVMValueRef f = LLVMGetNamedFunction(L->M, callee->u.symref.names[0]);
  if (!f)
    return fail(L, op, "call of an unknown function");
  return call_args_from(L, op, LLVMGlobalGetValueType(f), f, 0);
}

/* func.constant: the address of the function (a ptr), as upstream's
 * func-to-llvm takes it. An external function with llvm.emit_c_interface
 * exists only as its _mlir_ciface_ wrapper (calls go there, see
 * call_ciface), whose signature differs, so its address is refused. */
static buf_status_t e_func_constant(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t ref = buf_op_attr(op, "value");
  if (!ref || ref->kind != BUF_ATTR_SYMBOL_REF)
    return fail(L, op, "constant without a function");
  if (is_ciface_decl(L, ref->u.symref.names[0]))
    return fail(L, op, "address of an external function with llvm.emit_c_interface");
  LLVMValueRef f = LLVMGetNamedFunction(L->M, ref->u.symref.names[0]);
  if (!f)
    return fail(L, op, "constant of an unknown function");
  set_result(L, op, 0, f);
  return BUF_SUCCESS;
}

/* func.call_indirect: a call through the pointer operand 0, with the LLVM
 * function type its IR function type lowers to (the type the callee was
 * declared with, so the expanded arguments match). */
static buf_status_t e_call_indirect(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  const char *why;
  LLVMTypeRef fty = buf__lw_fn_llvm_type(L, buf_op_operand(op, 0)->type, &why);
  if (!fty)
    return fail(L, op, why);
  return call_args_from(L, op, fty, operand(L, op, 0), 1);
}

static buf_status_t e_return(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  if (op->num_operands == 0) {
    LLVMBuildRetVoid(L->B);
  } else if (op->num_operands == 1) {
    LLVMBuildRet(L->B, operand(L, op, 0));
  } else {
    LLVMValueRef s = LLVMGetUndef(LLVMGetReturnType(LLVMGlobalGetValueType(L->fn)));
    for (uint32_t i = 0; i < op->num_operands; i++)
      s = insert(L, s, operand(L, op, i), i);
    LLVMBuildRet(L->B, s);
  }
  return BUF_SUCCESS;
}


/* The rows of func. */
static const emit_row_t rows[] = {
    {"func.call", e_call, NULL},
    {"func.call_indirect", e_call_indirect, NULL},
    {"func.constant", e_func_constant, NULL},
    {"func.return", e_return, NULL},
};

const emit_table_t buf__lw_func_emitters = {rows, sizeof rows / sizeof rows[0]};
