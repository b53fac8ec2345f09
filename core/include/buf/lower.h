/*
 * buf/lower.h: lowering a memref program to LLVM IR and machine code.
 *
 * The input is a module of func/arith/math/cf/memref ops (linalg and scf
 * ops are lowered first by the convert-linalg-to-loops and
 * convert-scf-to-cf passes, which the emitter runs itself). Memrefs follow
 * upstream MLIR's LLVM ABI: a ranked memref is the descriptor struct
 * { ptr allocated, ptr aligned, i64 offset, [rank x i64] sizes,
 *   [rank x i64] strides }, passed to functions expanded into its fields;
 * an unranked memref is { i64 rank, ptr descriptor }. Every public function
 * with a body also gets a `_mlir_ciface_<name>` wrapper that takes pointers
 * to descriptor structs (and, when it returns a memref or several values, a
 * pointer to the result first).
 *
 * Each call builds its own LLVM context, so two compilations on two threads
 * share nothing mutable; LLVM's targets are initialized once per process.
 * When libbufcore is built without LLVM 22 these calls fail with a
 * diagnostic saying so.
 */
#ifndef BUF_LOWER_H
#define BUF_LOWER_H

#include <stddef.h>

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum buf_llvm_output {
  BUF_LLVM_OUTPUT_IR,     /* textual LLVM IR */
  BUF_LLVM_OUTPUT_OBJECT, /* an x86-64 ELF relocatable object */
} buf_llvm_output_t;

typedef struct buf_llvm_options {
  int opt_level; /* 0..3: LLVM's default<On> pipeline; 0 runs no pass */
} buf_llvm_options_t;

/* True when this build of libbufcore can lower to LLVM. */
bool buf_llvm_available(void);

/* Lowers module (which it may rewrite: linalg and scf are lowered in place)
 * to LLVM, verifies the LLVM module, optimizes it at options->opt_level
 * (options NULL: level 2) and returns the requested output in *out
 * (malloc'ed, *len bytes; IR text is NUL-terminated). On failure returns
 * BUF_FAILURE with located diagnostics in the module's context: tensor
 * programs ("needs a memref program; bufferize first"), ops without a
 * lowering, or an LLVM verifier/codegen error. */
buf_status_t buf_llvm_emit(buf_op_t *module, buf_llvm_output_t kind,
                           const buf_llvm_options_t *options, char **out,
                           size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* BUF_LOWER_H */
