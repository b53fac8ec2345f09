/*
 * buf/lower.h: lowering a memref program to LLVM IR and machine code.
 *
 * The input is a module of func/arith/math/cf/memref ops (a tensor program
 * is bufferized first, and linalg and scf ops are lowered by the
 * convert-linalg-to-loops and convert-scf-to-cf passes, which the emitter
 * runs itself). Memrefs follow
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
#include <stdio.h>

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum buf_llvm_output {
  BUF_LLVM_OUTPUT_IR,     /* textual LLVM IR */
  BUF_LLVM_OUTPUT_OBJECT, /* an x86-64 ELF relocatable object */
  BUF_LLVM_OUTPUT_PTX,    /* PTX assembly for nvptx64-nvidia-cuda: functions
                           * marked bufferd.gpu_kernel become kernels */
  BUF_LLVM_OUTPUT_BITCODE, /* LLVM bitcode (what the JIT compiles) */

} buf_llvm_output_t;

/* Wall seconds of a lowering's phases; a lowering given one adds its
 * times to it (buffer-opt --timing, the service's "timings"). */
typedef struct buf_lower_timing {
  double bufferize;     /* one-shot-bufferize of a tensor program */
  double dealloc;       /* its buffer-deallocation-pipeline */
  double loops;         /* linalg to loops, affine and scf to cf (PTX: and
                         * the outlining of kernels) */
  double llvm_build;    /* the LLVM module built, linked and verified */
  double llvm_optimize; /* LLVM's default<On> pipeline */
  double llvm_emit;     /* LLVM IR printed, object code or PTX generated,
                         * the LLVM module freed */
} buf_lower_timing_t;

typedef struct buf_llvm_options {
  int opt_level; /* 0..3: LLVM's default<On> pipeline; 0 runs no pass */
  buf_lower_timing_t *timing; /* NULL, or where the phases' times go */
  FILE *out; /* NULL, or where the output is written (then *out stays NULL):
              * saves a copy of a large output */
  bool release_resource_blobs; /* the caller is done with the module's
                                * context: its dense_resource blobs are
                                * released (buf_ctx_release_resource_blobs)
                                * once the LLVM module holds their bytes */
  const char *gpu_arch; /* PTX output: the NVPTX CPU, "sm_90" when NULL */
  const char *jit_entry; /* also emit the JIT's packed entry of this
                          * function (see buf_jit_run); NULL: none */
  const char *libdevice; /* PTX output: libdevice's bitcode, linked when a
                          * kernel uses a math function NVPTX has no
                          * instruction for; NULL: buf_gpu_libdevice_path */

} buf_llvm_options_t;

/* What runs before the LLVM emission. A module with tensor values is
 * bufferized first (function boundaries included, with identity layouts so
 * C callers pass plain row-major descriptors, and loops may yield tensors
 * that are not their iter_args: any tensor program the interpreter runs
 * must lower) and gets ownership-based
 * deallocation; then the bufferization.dealloc ops a memref program was
 * written with become memref.dealloc under scf.if (those of the
 * deallocation pipeline already have), linalg becomes loops (an innermost
 * reduction moved outside the output's contiguous loop where the results
 * stay the same: LLVM vectorizes such loops, not a chain of dependent float
 * adds), affine becomes scf/arith/memref (lower-affine) and scf becomes
 * cf. */
#define BUF_LLVM_ONE_SHOT_BUFFERIZE                                            \
  "one-shot-bufferize{allow-return-allocs-from-loops "                         \
  "bufferize-function-boundaries "                                             \
  "function-boundary-type-conversion=identity-layout-map}"
#define BUF_LLVM_DEALLOCATION "buffer-deallocation-pipeline"
/* Runs before One-Shot: ops without a loop lowering (linalg.softmax)
 * become their decomposition, and vector.mask its masked op with a mask
 * operand (a mask region cannot hold the copy an out-of-place write
 * needs; a masked transfer can be written out of place). */
#define BUF_LLVM_DECOMPOSE "linalg-decompose-aggregated-ops,func.func(lower-vector-mask)"
#define BUF_LLVM_BUFFERIZE_PIPELINE BUF_LLVM_ONE_SHOT_BUFFERIZE "," BUF_LLVM_DEALLOCATION
/* Loop nests that are the same code are compiled once
 * (share-repeated-loop-nests: a network repeats its layers). */
#define BUF_LLVM_LOOPS_PIPELINE                                                \
  "bufferization-lower-deallocations,"                                         \
  "func.func(convert-linalg-to-loops{interchange-reductions},lower-affine,"   \
  "lower-vector-mask),"                                                        \
  "share-repeated-loop-nests,func.func(convert-scf-to-cf)"

/* True when this build of libbufcore can lower to LLVM. */
bool buf_llvm_available(void);

/* Runs the textual pass pipeline `text` on module, in place. */
buf_status_t buf_lower_run_pipeline(buf_op_t *module, const char *text);
/* True when module holds tensor values: then buf_lower_bufferize (and so
 * every lowering) bufferizes it with ownership-based deallocation, after
 * which every function result is a buffer its caller owns. */
bool buf_lower_needs_bufferization(buf_op_t *module);
/* Runs BUF_LLVM_DECOMPOSE and BUF_LLVM_BUFFERIZE_PIPELINE when module has
 * tensor values; a tensor value left afterwards is a located error. Every
 * lowering starts here. timing (may be NULL) gets the bufferize (the
 * decomposition included) and dealloc times. */
buf_status_t buf_lower_bufferize(buf_op_t *module, buf_lower_timing_t *timing);
/* buf_lower_bufferize, then BUF_LLVM_LOOPS_PIPELINE, in place. BUF_FAILURE
 * with the passes' located diagnostics when a step fails. buf_llvm_emit
 * calls it itself. timing (may be NULL) gets the phases' times. */
buf_status_t buf_llvm_prepare(buf_op_t *module, buf_lower_timing_t *timing);

/* Lowers module (which it may rewrite: it is bufferized when it has tensors,
 * and linalg and scf are lowered in place)
 * to LLVM, verifies the LLVM module, optimizes it at options->opt_level
 * (options NULL: level 2) and returns the requested output in *out
 * (malloc'ed, *len bytes; IR text is NUL-terminated). On failure returns
 * BUF_FAILURE with located diagnostics in the module's context: a failed
 * bufferization, ops without a lowering, or an LLVM verifier/codegen
 * error. */
buf_status_t buf_llvm_emit(buf_op_t *module, buf_llvm_output_t kind,
                           const buf_llvm_options_t *options, char **out,
                           size_t *len);

typedef struct buf_gpu_options {
  const char *arch; /* NVPTX CPU ("sm_80", "sm_90" ...); NULL: "sm_90" */
  int opt_level;    /* as buf_llvm_options_t */
  const char *libdevice; /* as buf_llvm_options_t */
  buf_lower_timing_t *timing; /* as buf_llvm_options_t */
  bool release_resource_blobs; /* as buf_llvm_options_t */
} buf_gpu_options_t;

/* Where libdevice (CUDA's device math library, LLVM bitcode) is read from
 * when the options name none: $BUFFERD_LIBDEVICE when set and not empty,
 * else BUF_LIBDEVICE_DEFAULT. Math ops in kernels (math.tanh, math.powf,
 * math.exp ...) become calls of its __nv_* functions, linked into the PTX
 * module; a kernel using one when the file cannot be read is a located
 * error naming the file. */
#define BUF_LIBDEVICE_DEFAULT "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
const char *buf_gpu_libdevice_path(void);

/* --emit=ptx (core/lower/gpu/emit_ptx.c). Bufferizes module when it has
 * tensors, lowers linalg ops to parallel loops, outlines every top-level
 * parallel loop nest into a kernel (gpu-outline-parallel-loops), writes the
 * launch manifest (JSON text, schema/gpu-manifest.schema.json) to
 * *manifest and the kernels' PTX to *ptx (both malloc'ed and
 * NUL-terminated). module is rewritten: afterwards it holds only the
 * kernels. On failure returns BUF_FAILURE with located diagnostics and
 * both outputs NULL. */
buf_status_t buf_gpu_emit_ptx(buf_op_t *module, const buf_gpu_options_t *options,
                              char **ptx, size_t *ptx_len, char **manifest,
                              size_t *manifest_len);

typedef struct buf_jit_options {
  FILE *out;     /* where the runner-utils print functions write (stdout if NULL) */
  int opt_level; /* as buf_llvm_options_t; 2 when the options are NULL */
  buf_lower_timing_t *timing; /* as buf_llvm_options_t */
} buf_jit_options_t;

/* Compiles module like buf_llvm_emit (bufferizing a tensor program first)
 * with ORC's LLJIT for the host and runs function func natively, with the
 * interpreter's conventions (buf/interp.h): inputs_json NULL (func takes no
 * arguments) or the arguments as in schema/run-values.schema.json (typed
 * by func's signature before bufferization; tensors and memrefs arrive as
 * fresh row-major buffers); *results_json (when not NULL) receives the
 * malloc'ed JSON array of the results. The program's calls to the
 * runner-utils functions (printMemrefF32, printNewline, ...) go to the
 * project's own implementations, which print what upstream's print, to
 * options->out. Result buffers of a bufferized tensor program belong to the
 * caller (ownership-based deallocation) and are freed; those of a memref
 * program are not (they may be globals or arguments). Native code is not
 * checked like the interpreter: a program with undefined behaviour may
 * crash the process. BUF_FAILURE with located diagnostics when lowering,
 * linking or the inputs fail. */
buf_status_t buf_jit_run(buf_op_t *module, const char *func, const char *inputs_json,
                         char **results_json, const buf_jit_options_t *options);


#ifdef __cplusplus
}
#endif

#endif /* BUF_LOWER_H */
