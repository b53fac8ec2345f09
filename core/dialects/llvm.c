/*
 * llvm.c: the few ops of MLIR's LLVM dialect that bufferization tests put
 * next to tensor code, to check that other callables are left alone:
 *
 *   llvm.func @f(i32) -> i64                 (a declaration, or with a body)
 *   %r = llvm.call @f(%x) : (i32) -> i64
 *   llvm.return %v : i64
 *
 * The custom forms read and print as mlir-opt's (the function and call
 * forms are func's, see dialect_util.h); the function type is kept as a
 * builtin function type. llvm.func is a symbol but not a function of the
 * tensor passes (no FUNCTION trait): bufferization and deallocation leave
 * it and its calls as they are. Any other llvm.* op stays an unregistered
 * op, as before this dialect was known.
 */
#include <string.h>

#include "dialect_util.h"

static const char *const llvm_func_attrs[] = {"arg_attrs", "function_type",
                                              "res_attrs", "sym_name",
                                              "sym_visibility", NULL};

static void llvm_func_print(buf_printer_t *pr, buf_op_t *op) {
  buf__function_print(pr, op, llvm_func_attrs);
}

/* A function type with at most one result (LLVM functions return one value
 * or void), and a body whose entry block takes the inputs. */
static buf_status_t llvm_func_verify(buf_op_t *op) {
  if (BUF_FAILED(buf__verify_has_attr(op, "sym_name")) ||
      BUF_FAILED(buf__verify_has_attr(op, "function_type")))
    return BUF_FAILURE;
  buf_attr_t fta = buf_op_attr(op, "function_type");
  if (fta->kind != BUF_ATTR_TYPE || fta->type->kind != BUF_TYPE_FUNCTION) {
    buf_op_emit_error(op, "requires attribute 'function_type' to be a function type");
    return BUF_FAILURE;
  }
  buf_type_t ft = fta->type;
  if (ft->u.func.num_results > 1) {
    buf_op_emit_error(op, "LLVM functions return at most one value");
    return BUF_FAILURE;
  }
  buf_block_t *entry = op->num_regions ? buf_region_entry(op->regions[0]) : NULL;
  if (entry && entry->num_args != ft->u.func.num_inputs) {
    buf_op_emit_error(op, "entry block must have %u arguments to match function "
                          "signature", ft->u.func.num_inputs);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t llvm_call_verify(buf_op_t *op) {
  if (op->num_results > 1) {
    buf_op_emit_error(op, "expected at most one result");
    return BUF_FAILURE;
  }
  return buf__verify_has_attr(op, "callee");
}

static buf_status_t llvm_return_verify(buf_op_t *op) {
  buf_op_t *fn = buf_op_parent(op);
  if (!fn || strcmp(fn->name, "llvm.func") != 0) {
    buf_op_emit_error(op, "expects parent op 'llvm.func'");
    return BUF_FAILURE;
  }
  if (op->num_operands > 1) {
    buf_op_emit_error(op, "expects at most 1 operand");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static const char *const llvm_call_attrs[] = {"callee", NULL};

static const buf_opdef_t llvm_ops[] = {
    {.name = "llvm.func",
     .traits = BUF_TRAIT_ISOLATED_FROM_ABOVE | BUF_TRAIT_SYMBOL,
     .inherent_attrs = llvm_func_attrs,
     .verify = llvm_func_verify,
     .parse = buf__function_parse,
     .print = llvm_func_print},
    {.name = "llvm.call",
     .inherent_attrs = llvm_call_attrs,
     .verify = llvm_call_verify,
     .parse = buf__call_parse,
     .print = buf__call_print},
    {.name = "llvm.return",
     .traits = BUF_TRAIT_TERMINATOR | BUF_TRAIT_RETURN_LIKE | BUF_TRAIT_PURE,
     .verify = llvm_return_verify,
     .parse = buf__return_parse,
     .print = buf__return_print},
};

const buf_dialect_t buf_dialect_llvm = {
    "llvm", llvm_ops, sizeof llvm_ops / sizeof llvm_ops[0], .allows_unknown_ops = true};
