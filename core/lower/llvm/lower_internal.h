/*
 * lower_internal.h: what the files of the LLVM emitter offer each other,
 * one section per file, in the order a lowering runs:
 *
 *   lower_llvm.c        the entry point (buf_llvm_emit): the state, the
 *                       module's two passes, target, optimization, output
 *   lower_output.c      where LLVM writes the output (a file, a memfd)
 *   lower_object_data.c an object file's large constants, written by
 *                       bufferd next to LLVM's code (not through LLVM)
 *   lower_value_map.c   IR values and blocks to LLVM ones
 *   lower_types.c       LLVM types of IR types; memref descriptors
 *   lower_bf16.c        bf16 on the host; intrinsic calls
 *   lower_symbols.c     functions (signatures, C-interface wrappers, the
 *                       JIT entry) and memref.globals
 *   lower_body.c        function bodies: block order, phis, one op at a time
 *   lower_arith.c, lower_math.c, lower_memref.c, lower_cf.c, lower_func.c,
 *   lower_vector.c
 *                       the op emitters, each file with its table of rows
 *
 * Everything here runs on one lowering state (lw_t) per call, so two
 * compilations on two threads share nothing.
 */
#ifndef BUF_LOWER_INTERNAL_H
#define BUF_LOWER_INTERNAL_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "llvm_api.h"

#include "buf/lower.h"
#include "buf/syntax.h"

/* ------------------------------------------------------------------------ */
/* lower_llvm.c: the lowering state                                         */
/* ------------------------------------------------------------------------ */

typedef struct lw_slot {
  const void *key;
  void *value;
} lw_slot_t;

/* A large constant global whose bytes go into the object file without
 * passing through LLVM (lower_object_data.c): in the module it is a
 * declaration named `symbol`. */
typedef struct lw_datum {
  char *symbol;         /* malloc'ed */
  const uint8_t *bytes; /* size bytes: a resource blob's, or owned */
  uint64_t size;
  unsigned align;
  bool local; /* a private memref.global: a local symbol in the object */
  bool owned; /* bytes are malloc'ed by the lowering */
} lw_datum_t;

typedef struct lw {
  buf_ctx_t *ctx;
  buf_op_t *module;
  LLVMContextRef C;
  LLVMModuleRef M;
  LLVMBuilderRef B;
  LLVMTypeRef i1, i8, i32, i64, ptr, voidt;
  lw_slot_t *slots; /* open addressing, power-of-two capacity */
  size_t cap, n;
  LLVMValueRef fn;            /* function being emitted */
  LLVMBasicBlockRef entry_bb; /* its entry block (allocas of descriptors) */
  bool failed;
  bool gpu; /* an NVPTX module: no C interface wrappers */
  bool piecewise; /* large globals' bytes in pieces (lower_symbols.c):
                   * the output is an object file or PTX */
  const char *libdevice;                /* GPU: path of libdevice's bitcode */
  LLVMMemoryBufferRef libdevice_bytes;  /* read when a kernel needs it */
  const char *jit_entry; /* function that gets the JIT's packed entry */
  bool data_apart;   /* large constants go to `data`, not into LLVM: the
                      * output is an ELF object file */
  lw_datum_t *data;  /* those constants, in declaration order */
  size_t ndata, data_cap;
} lw_t;

/* LLVM's PTX_Kernel calling convention (CallingConv::PTX_Kernel). */
#define LLVM_PTX_KERNEL_CC 71

/* ------------------------------------------------------------------------ */
/* lower_output.c: where LLVM writes the output                             */
/* ------------------------------------------------------------------------ */

enum { LW_OUTPUT_PATH_MAX = 40 };

typedef struct lw_output {
  FILE *out;    /* the caller's stream, or NULL: the output is returned */
  bool to_file; /* LLVM writes into out's file itself, through path */
  int memfd;    /* else an in-memory file LLVM writes (path), or -1 */
  char path[LW_OUTPUT_PATH_MAX]; /* what LLVM opens */
} lw_output_t;

/* Chooses where the output of a lowering whose caller gave out (NULL: the
 * output is returned in memory) goes: out's file itself when it is an
 * empty regular file, else an in-memory file; neither when they cannot be
 * opened (buf__lw_output_direct is false: use LLVM's in-memory emitters). */
void buf__lw_output_open(lw_output_t *o, FILE *out);
/* True when buf__lw_output_emit can run: LLVM has a path to write to. */
bool buf__lw_output_direct(const lw_output_t *o);
/* LLVM writes M's output of this kind (IR text, bitcode, or tm's object
 * file or PTX) to o's path. False, with *err an LLVM message, on failure. */
bool buf__lw_output_emit(lw_output_t *o, LLVMModuleRef M, LLVMTargetMachineRef tm,
                         buf_llvm_output_t kind, char **err);
/* Ends an emission, to be called once M is gone: the output in an
 * in-memory file is copied to out, or, without out, returned in *bytes
 * (malloc'ed, NUL-terminated, *len bytes); out's position is moved past
 * what LLVM wrote into its file. False when reading or writing failed.
 * Closes o. */
bool buf__lw_output_finish(lw_output_t *o, char **bytes, size_t *len);
/* Releases o without an output (the emission failed). */
void buf__lw_output_close(lw_output_t *o);

/* How many threads generate an object's code: $BUFFERD_CODEGEN_THREADS,
 * else the online processors (at most 16), for one compile and for all
 * the compiles of the process together. */
unsigned buf__lw_codegen_threads(void);
/* Writes the object file of the optimized module M to path, made of
 * `threads` shares of its functions (lower_parallel.c), generated by as
 * many threads as the process can spare now (the object is the same
 * either way). Returns 1 when done, 0 when it does not apply (one thread,
 * a small module, one function, no ld: M is unchanged, emit it as usual),
 * -1 on failure with *err (malloc'ed). M's functions and linkage are
 * changed when it applies. */
int buf__lw_emit_object_parallel(LLVMModuleRef M, const char *triple, const char *cpu,
                                 LLVMCodeGenOptLevel level, unsigned threads,
                                 const char *path, char **err);

/* ------------------------------------------------------------------------ */
/* lower_object_data.c: large constants written next to LLVM's code         */
/* ------------------------------------------------------------------------ */

/* Constants of at least this many bytes are written apart (smaller ones
 * stay in LLVM, which may fold loads from them). */
enum { LW_DATA_APART_MIN_BYTES = 64 << 10 };

/* Writes the object file of L's optimized module to path: LLVM makes the
 * code (with up to `threads` code generators, lower_parallel.c), and
 * L->data's constants that the code refers to are added to it as one
 * read-only section, each under its symbol. False with *err (malloc'ed)
 * on failure. */
bool buf__lw_emit_object_with_data(lw_t *L, LLVMTargetMachineRef tm, const char *triple,
                                   const char *cpu, LLVMCodeGenOptLevel level,
                                   unsigned threads, const char *path, char **err);
/* Frees L->data. */
void buf__lw_data_free(lw_t *L);

/* ------------------------------------------------------------------------ */
/* lower_value_map.c: IR values and blocks to LLVM ones                     */
/* ------------------------------------------------------------------------ */

/* Maps key (an IR value, block or function) to value, replacing any. */
void buf__lw_map_put(lw_t *L, const void *key, void *value);
/* What key maps to; NULL when nothing. */
void *buf__lw_map_get(const lw_t *L, const void *key);

/* Reports why op cannot be lowered; the lowering then stops. */
static inline buf_status_t fail(lw_t *L, buf_op_t *op, const char *msg) {
  buf_op_emit_error(op, "cannot lower to LLVM: %s", msg);
  L->failed = true;
  return BUF_FAILURE;
}

static inline LLVMValueRef val(lw_t *L, buf_value_t *v) { return buf__lw_map_get(L, v); }

static inline LLVMValueRef operand(lw_t *L, buf_op_t *op, uint32_t i) {
  return val(L, buf_op_operand(op, i));
}

static inline void set_result(lw_t *L, buf_op_t *op, uint32_t i, LLVMValueRef v) {
  buf__lw_map_put(L, buf_op_result(op, i), v);
}

static inline buf_type_t res_type(buf_op_t *op) { return op->results[0].type; }

/* ------------------------------------------------------------------------ */
/* lower_types.c: LLVM types of IR types; memref descriptors                */
/* ------------------------------------------------------------------------ */

/* The LLVM address space of memref type t's memory space. */
unsigned buf__lw_mem_addrspace(buf_type_t t);
/* The unranked memref descriptor { i64 rank, ptr descriptor }. */
LLVMTypeRef buf__lw_unranked_type(lw_t *L);
/* The LLVM type of an IR type; NULL for types without a lowering. */
LLVMTypeRef buf__lw_type(lw_t *L, buf_type_t t);

static inline bool type_ok(lw_t *L, buf_type_t t) { return buf__lw_type(L, t) != NULL; }

static inline LLVMValueRef c64(lw_t *L, int64_t v) {
  return LLVMConstInt(L->i64, (unsigned long long)v, 1);
}

static inline LLVMValueRef extract(lw_t *L, LLVMValueRef agg, unsigned i) {
  return LLVMBuildExtractValue(L->B, agg, i, "");
}

static inline LLVMValueRef extract2(lw_t *L, LLVMValueRef agg, unsigned i, unsigned j) {
  return extract(L, extract(L, agg, i), j);
}

static inline LLVMValueRef insert(lw_t *L, LLVMValueRef agg, LLVMValueRef v, unsigned i) {
  return LLVMBuildInsertValue(L->B, agg, v, i, "");
}

static inline LLVMValueRef insert2(lw_t *L, LLVMValueRef agg, LLVMValueRef v, unsigned i,
                                   unsigned j) {
  LLVMValueRef inner = insert(L, extract(L, agg, i), v, j);
  return insert(L, agg, inner, i);
}

/* Size i of memref type t with descriptor d: a constant when static. */
LLVMValueRef buf__lw_desc_size(lw_t *L, buf_type_t t, LLVMValueRef d, uint32_t i);
/* Strides and offset of t (BUF_DYNAMIC entries read from d). */
void buf__lw_desc_layout(lw_t *L, buf_type_t t, LLVMValueRef d, LLVMValueRef *strides,
                         LLVMValueRef *offset);
/* Address of element idx (rank values) of memref t with descriptor d. */
LLVMValueRef buf__lw_elem_ptr(lw_t *L, buf_type_t t, LLVMValueRef d, LLVMValueRef *idx);
/* A descriptor of the given fields, in the address space of its pointers. */
LLVMValueRef buf__lw_make_desc(lw_t *L, uint32_t rank, LLVMValueRef allocated,
                               LLVMValueRef aligned, LLVMValueRef offset,
                               LLVMValueRef *sizes, LLVMValueRef *strides);
/* Row-major strides of sizes. */
void buf__lw_row_major(lw_t *L, uint32_t rank, LLVMValueRef *sizes, LLVMValueRef *strides);
/* The size in bytes of an element of type elem. */
LLVMValueRef buf__lw_elem_size(lw_t *L, buf_type_t elem);

/* ------------------------------------------------------------------------ */
/* lower_bf16.c: bf16 on the host; intrinsic calls                          */
/* ------------------------------------------------------------------------ */

/* t is bf16 and the module is for the host, which computes it in float. */
bool buf__lw_host_bf16(lw_t *L, LLVMTypeRef t);
/* The type a float operation on t computes in. */
LLVMTypeRef buf__lw_compute_type(lw_t *L, LLVMTypeRef t);
/* v widened to the float type t (v itself when it has type t). */
LLVMValueRef buf__lw_fp_ext(lw_t *L, LLVMValueRef v, LLVMTypeRef t);
/* v rounded to the float type t (v itself when it has type t). */
LLVMValueRef buf__lw_fp_trunc(lw_t *L, LLVMValueRef v, LLVMTypeRef t);
/* A call of the intrinsic name overloaded on the types ts; NULL when this
 * LLVM does not know it. */
LLVMValueRef buf__lw_intrinsic_on(lw_t *L, const char *name, LLVMTypeRef *ts, unsigned nts,
                                  LLVMValueRef *args, unsigned n);
/* A call of the intrinsic name overloaded on type t. */
LLVMValueRef buf__lw_intrinsic(lw_t *L, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                               unsigned n);
/* The declaration of a non-overloaded intrinsic (llvm.trap). */
LLVMValueRef buf__lw_intrinsic_decl(lw_t *L, const char *name);

/* ------------------------------------------------------------------------ */
/* lower_symbols.c: functions and memref.globals                            */
/* ------------------------------------------------------------------------ */

#define MAX_PARAMS 512

/* The function_type of a func.func, NULL if it has none. */
buf_type_t buf__lw_fn_type(buf_op_t *fn);
/* The sym_name of a symbol, NULL if it has none. */
const char *buf__lw_sym_name(buf_op_t *op);
/* Appends the expanded argument values of v (of type t) to args; returns
 * how many. */
unsigned buf__lw_expand_value(lw_t *L, buf_type_t t, LLVMValueRef v, LLVMValueRef *args);
/* Rebuilds a value of type t from expanded params starting at p[0]. */
LLVMValueRef buf__lw_collapse_params(lw_t *L, buf_type_t t, LLVMValueRef *p,
                                     unsigned *used);
/* The LLVM type of a function of IR function type ft; NULL, with *why set,
 * when it has none. */
LLVMTypeRef buf__lw_fn_llvm_type(lw_t *L, buf_type_t ft, const char **why);
/* Declares fn in the LLVM module and maps fn to it. */
buf_status_t buf__lw_declare_fn(lw_t *L, buf_op_t *fn);
/* Emits _mlir_ciface_<name> of the declared, emitted fn. */
void buf__lw_emit_ciface(lw_t *L, buf_op_t *fn);
/* Emits the JIT's entry point _bufferd_jit_<name> of fn. */
void buf__lw_emit_jit_entry(lw_t *L, buf_op_t *fn);
/* The function name of the module, declared with this type if new. */
LLVMValueRef buf__lw_get_fn(lw_t *L, const char *name, LLVMTypeRef ret, LLVMTypeRef *params,
                            unsigned n);
/* Defines memref.global g as an LLVM global. */
buf_status_t buf__lw_declare_global(lw_t *L, buf_op_t *g);

static inline LLVMValueRef call(lw_t *L, LLVMValueRef f, LLVMValueRef *args, unsigned n) {
  return LLVMBuildCall2(L->B, LLVMGlobalGetValueType(f), f, args, n, "");
}

/* ------------------------------------------------------------------------ */
/* lower_body.c: function bodies                                            */
/* ------------------------------------------------------------------------ */

/* Emits the body of the declared function fn. */
buf_status_t buf__lw_emit_body(lw_t *L, buf_op_t *fn);
/* A stack slot of type t in the function's entry block (so loops do not
 * grow the stack); the builder stays where it was. */
LLVMValueRef buf__lw_entry_alloca(lw_t *L, LLVMTypeRef t);

/* ------------------------------------------------------------------------ */
/* lower_arith.c, lower_math.c, lower_memref.c, lower_cf.c, lower_func.c:   */
/* the op emitters                                                          */
/* ------------------------------------------------------------------------ */

/* Emits op, its operands already mapped, and maps its results. */
typedef buf_status_t (*emit_fn)(lw_t *L, buf_op_t *op, const void *arg);

typedef struct emit_row {
  const char *name;
  emit_fn emit;
  const void *arg; /* per-row data: an opcode, an intrinsic name ... */
} emit_row_t;

/* The rows of one file. */
typedef struct emit_table {
  const emit_row_t *rows;
  size_t num_rows;
} emit_table_t;

#define OPC(x) ((const void *)(uintptr_t)(x))

extern const emit_table_t buf__lw_arith_emitters;
extern const emit_table_t buf__lw_math_emitters;
extern const emit_table_t buf__lw_memref_emitters;
extern const emit_table_t buf__lw_cf_emitters;
extern const emit_table_t buf__lw_func_emitters;
extern const emit_table_t buf__lw_vector_emitters;

/* lower_vector.c: the constant flat vector of a dense attribute over
 * vector type t (arith.constant dense<...> : vector<...>). */
LLVMValueRef buf__lw_dense_vector(lw_t *L, buf_type_t t, buf_attr_t dense);

/* lower_math.c: an overloaded LLVM intrinsic (arg: its name) over the
 * result type; arith's float min/max rows use it too. */
buf_status_t buf__lw_emit_intrinsic(lw_t *L, buf_op_t *op, const void *arg);

#endif /* BUF_LOWER_INTERNAL_H */
