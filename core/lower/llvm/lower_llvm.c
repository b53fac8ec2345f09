/*
 * lower_llvm.c: a memref/cf/arith/math/func module to an LLVM module,
 * through the LLVM C API, then verified, optimized and printed or compiled.
 *
 * How it works. One lowering state (lw_t) per call owns a fresh LLVM
 * context, module and builder, so compilations share nothing. Pass one
 * declares every function and memref.global (so calls and get_global find
 * their symbols whatever the order); pass two emits each body: blocks in
 * reverse post-order from the entry (so every operand is emitted before its
 * use), block arguments as phi nodes whose incoming values the branches add,
 * and each op through its row in the table at the bottom (name -> emitter).
 * A value map (pointer hash) ties IR values and blocks to LLVM ones.
 *
 * Memref values are descriptor structs (see buf/lower.h); static sizes,
 * strides and offsets are taken from the type as constants, dynamic ones
 * from the descriptor, so optimized code indexes with constants where the
 * program's types allow. Function boundaries expand descriptors into their
 * fields, as upstream's func-to-llvm does, so calls to runner-utils print
 * functions (printMemrefF32(i64 rank, ptr)) link against the real library.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "llvm_api.h"

#include "buf/lower.h"
#include "buf/pipeline.h"
#include "buf/syntax.h"

/* ------------------------------------------------------------------------ */
/* State                                                                     */
/* ------------------------------------------------------------------------ */

typedef struct lw_slot {
  const void *key;
  void *value;
} lw_slot_t;

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
  const char *libdevice;                /* GPU: path of libdevice's bitcode */
  LLVMMemoryBufferRef libdevice_bytes;  /* read when a kernel needs it */
  const char *jit_entry; /* function that gets the JIT's packed entry */

} lw_t;

static void map_put(lw_t *L, const void *key, void *value) {
  if (2 * (L->n + 1) > L->cap) {
    size_t cap = L->cap ? L->cap * 2 : 1024;
    lw_slot_t *s = calloc(cap, sizeof *s);
    if (!s)
      abort(); /* out of memory */
    for (size_t i = 0; i < L->cap; i++)
      if (L->slots[i].key) {
        size_t h = ((uintptr_t)L->slots[i].key >> 4) & (cap - 1);
        while (s[h].key)
          h = (h + 1) & (cap - 1);
        s[h] = L->slots[i];
      }
    free(L->slots);
    L->slots = s;
    L->cap = cap;
  }
  size_t h = ((uintptr_t)key >> 4) & (L->cap - 1);
  while (L->slots[h].key && L->slots[h].key != key)
    h = (h + 1) & (L->cap - 1);
  if (!L->slots[h].key)
    L->n++;
  L->slots[h].key = key;
  L->slots[h].value = value;
}

static void *map_get(const lw_t *L, const void *key) {
  if (!L->cap)
    return NULL;
  size_t h = ((uintptr_t)key >> 4) & (L->cap - 1);
  while (L->slots[h].key) {
    if (L->slots[h].key == key)
      return L->slots[h].value;
    h = (h + 1) & (L->cap - 1);
  }
  return NULL;
}

static buf_status_t fail(lw_t *L, buf_op_t *op, const char *msg) {
  buf_op_emit_error(op, "cannot lower to LLVM: %s", msg);
  L->failed = true;
  return BUF_FAILURE;
}

static LLVMValueRef val(lw_t *L, buf_value_t *v) { return map_get(L, v); }

static LLVMValueRef operand(lw_t *L, buf_op_t *op, uint32_t i) {
  return val(L, buf_op_operand(op, i));
}

static void set_result(lw_t *L, buf_op_t *op, uint32_t i, LLVMValueRef v) {
  map_put(L, buf_op_result(op, i), v);
}

/* ------------------------------------------------------------------------ */
/* Types and descriptors                                                     */
/* ------------------------------------------------------------------------ */

/* The LLVM address space of a memref type's memory space: the default
 * space is 0, #gpu.memory_space<global|workgroup|private> are NVPTX's 1, 3
 * and 5, an integer space is itself. */
static unsigned mem_addrspace(buf_type_t t) {
  buf_attr_t ms = t->u.shaped.memory_space;
  if (!ms)
    return 0;
  if (ms->kind == BUF_ATTR_INTEGER)
    return (unsigned)ms->u.i;
  if (ms->kind == BUF_ATTR_OPAQUE) {
    const char *text = ms->u.opaque.text;
    if (strcmp(text, "#gpu.memory_space<global>") == 0)
      return 1;
    if (strcmp(text, "#gpu.memory_space<workgroup>") == 0)
      return 3;
    if (strcmp(text, "#gpu.memory_space<private>") == 0)
      return 5;
  }
  return 0;
}

static LLVMTypeRef desc_type_as(lw_t *L, uint32_t rank, unsigned as) {
  LLVMTypeRef p = as ? LLVMPointerTypeInContext(L->C, as) : L->ptr;
  LLVMTypeRef f[5] = {p, p, L->i64, LLVMArrayType2(L->i64, rank),
                      LLVMArrayType2(L->i64, rank)};
  return LLVMStructTypeInContext(L->C, f, rank ? 5 : 3, 0);
}

static LLVMTypeRef unranked_type(lw_t *L) {
  LLVMTypeRef f[2] = {L->i64, L->ptr};
  return LLVMStructTypeInContext(L->C, f, 2, 0);
}

/* The LLVM type of an IR type; NULL for types without a lowering. */
static LLVMTypeRef lw_type(lw_t *L, buf_type_t t) {
  switch (t->kind) {
  case BUF_TYPE_INTEGER:
    return LLVMIntTypeInContext(L->C, t->u.integer.width);
  case BUF_TYPE_INDEX:
    return L->i64;
  case BUF_TYPE_FLOAT:
    switch (t->u.fkind) {
    case BUF_F16:
      return LLVMHalfTypeInContext(L->C);
    case BUF_BF16:
      return LLVMBFloatTypeInContext(L->C);
    case BUF_F32:
      return LLVMFloatTypeInContext(L->C);
    case BUF_F64:
      return LLVMDoubleTypeInContext(L->C);
    }
    return NULL;
  case BUF_TYPE_MEMREF:
    return desc_type_as(L, t->u.shaped.rank, mem_addrspace(t));
  case BUF_TYPE_UNRANKED_MEMREF:
    return unranked_type(L);
  case BUF_TYPE_FUNCTION: /* a function's address, as upstream's func-to-llvm */
    return L->ptr;
  default:
    return NULL;
  }
}

static LLVMValueRef c64(lw_t *L, int64_t v) {
  return LLVMConstInt(L->i64, (unsigned long long)v, 1);
}

static LLVMValueRef extract(lw_t *L, LLVMValueRef agg, unsigned i) {
  return LLVMBuildExtractValue(L->B, agg, i, "");
}

static LLVMValueRef extract2(lw_t *L, LLVMValueRef agg, unsigned i,
                             unsigned j) {
  return extract(L, extract(L, agg, i), j);
}

static LLVMValueRef insert(lw_t *L, LLVMValueRef agg, LLVMValueRef v,
                           unsigned i) {
  return LLVMBuildInsertValue(L->B, agg, v, i, "");
}

static LLVMValueRef insert2(lw_t *L, LLVMValueRef agg, LLVMValueRef v,
                            unsigned i, unsigned j) {
  LLVMValueRef inner = insert(L, extract(L, agg, i), v, j);
  return insert(L, agg, inner, i);
}

/* Size i of memref type t with descriptor d: a constant when static. */
static LLVMValueRef desc_size(lw_t *L, buf_type_t t, LLVMValueRef d,
                              uint32_t i) {
  int64_t s = t->u.shaped.shape[i];
  return s != BUF_DYNAMIC ? c64(L, s) : extract2(L, d, 3, i);
}

/* Strides and offset of t (BUF_DYNAMIC entries read from d). */
static void desc_layout(lw_t *L, buf_type_t t, LLVMValueRef d,
                        LLVMValueRef *strides, LLVMValueRef *offset) {
  uint32_t rank = t->u.shaped.rank;
  int64_t st[64], off = BUF_DYNAMIC;
  if (rank > 64 || BUF_FAILED(buf_type_memref_strides(t, st, &off))) {
    for (uint32_t i = 0; i < rank; i++)
      strides[i] = extract2(L, d, 4, i);
    *offset = extract(L, d, 2);
    return;
  }
  for (uint32_t i = 0; i < rank; i++)
    strides[i] = st[i] != BUF_DYNAMIC ? c64(L, st[i]) : extract2(L, d, 4, i);
  *offset = off != BUF_DYNAMIC ? c64(L, off) : extract(L, d, 2);
}

/* Address of element idx (rank values) of memref t with descriptor d. */
static LLVMValueRef elem_ptr(lw_t *L, buf_type_t t, LLVMValueRef d,
                             LLVMValueRef *idx) {
  uint32_t rank = t->u.shaped.rank;
  LLVMValueRef strides[64], lin;
  desc_layout(L, t, d, strides, &lin);
  for (uint32_t i = 0; i < rank; i++)
    lin = LLVMBuildAdd(L->B, lin, LLVMBuildMul(L->B, idx[i], strides[i], ""),
                       "");
  LLVMTypeRef et = lw_type(L, t->u.shaped.elem);
  return LLVMBuildGEP2(L->B, et, extract(L, d, 1), &lin, 1, "");
}

/* A descriptor of the given fields, in the address space of its pointers
 * (a view of a memref in a memory space stays in that space). */
static LLVMValueRef make_desc(lw_t *L, uint32_t rank, LLVMValueRef allocated,
                              LLVMValueRef aligned, LLVMValueRef offset,
                              LLVMValueRef *sizes, LLVMValueRef *strides) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(allocated));
  LLVMValueRef d = LLVMGetUndef(desc_type_as(L, rank, as));
  d = insert(L, d, allocated, 0);
  d = insert(L, d, aligned, 1);
  d = insert(L, d, offset, 2);
  for (uint32_t i = 0; i < rank; i++) {
    d = insert2(L, d, sizes[i], 3, i);
    d = insert2(L, d, strides[i], 4, i);
  }
  return d;
}

static void row_major(lw_t *L, uint32_t rank, LLVMValueRef *sizes,
                      LLVMValueRef *strides) {
  LLVMValueRef s = c64(L, 1);
  for (uint32_t i = rank; i-- > 0;) {
    strides[i] = s;
    s = LLVMBuildMul(L->B, s, sizes[i], "");
  }
}

static LLVMValueRef elem_size(lw_t *L, buf_type_t elem) {
  return LLVMSizeOf(lw_type(L, elem));
}

static LLVMValueRef get_fn(lw_t *L, const char *name, LLVMTypeRef ret,
                           LLVMTypeRef *params, unsigned n) {
  LLVMValueRef f = LLVMGetNamedFunction(L->M, name);
  if (!f)
    f = LLVMAddFunction(L->M, name, LLVMFunctionType(ret, params, n, 0));
  return f;
}

static LLVMValueRef call(lw_t *L, LLVMValueRef f, LLVMValueRef *args,
                         unsigned n) {
  return LLVMBuildCall2(L->B, LLVMGlobalGetValueType(f), f, args, n, "");
}

/* bf16 on the host. x86-64 has no bf16 arithmetic: its back end computes
 * in float and rounds back through compiler-rt's __truncsfbf2 (or
 * __truncdfbf2 from double), which libgcc before 13 lacks, so an object
 * calling it does not link with the system toolchain. So on the host no
 * bfloat value comes out of an LLVM float operation: the lowering computes
 * in float and rounds with integer operations on the float's bits, and
 * widens bf16 by a shift. Kernels keep LLVM's bf16 operations (sm_90 has
 * them); f16 needs nothing, libgcc 12 has __extendhfsf2, __truncsfhf2 and
 * __truncdfhf2. */
static bool host_bf16(lw_t *L, LLVMTypeRef t) {
  return !L->gpu && LLVMGetTypeKind(t) == LLVMBFloatTypeKind;
}

/* The type a float operation on t computes in: float for bf16 on the
 * host, else t itself. */
static LLVMTypeRef compute_type(lw_t *L, LLVMTypeRef t) {
  return host_bf16(L, t) ? LLVMFloatTypeInContext(L->C) : t;
}

/* v widened to the float type t (v itself when it has type t); a bf16's
 * bits are the top half of the float it widens to. */
static LLVMValueRef fp_ext(lw_t *L, LLVMValueRef v, LLVMTypeRef t) {
  if (LLVMTypeOf(v) == t)
    return v;
  if (host_bf16(L, LLVMTypeOf(v))) {
    LLVMValueRef bits = LLVMBuildBitCast(L->B, v, LLVMInt16TypeInContext(L->C), "");
    bits = LLVMBuildShl(L->B, LLVMBuildZExt(L->B, bits, L->i32, ""),
                        LLVMConstInt(L->i32, 16, 0), "");
    v = LLVMBuildBitCast(L->B, bits, LLVMFloatTypeInContext(L->C), "");
    if (LLVMTypeOf(v) == t)
      return v;
  }
  return LLVMBuildFPExt(L->B, v, t, "");
}

/* v rounded to the float type t (v itself when it has type t). To bf16 on
 * the host: a double is rounded to float first (as the interpreter
 * rounds), then the float's bits to nearest even: adding 0x7fff plus the
 * lowest kept bit carries into the kept half exactly when the dropped half
 * is above one half, or one half with an odd kept half; a carry out of
 * the mantissa steps the exponent, up to infinity. A NaN keeps its sign and
 * top payload bits and is made quiet. */
static LLVMValueRef fp_trunc(lw_t *L, LLVMValueRef v, LLVMTypeRef t) {
  if (LLVMTypeOf(v) == t)
    return v;
  if (!host_bf16(L, t))
    return LLVMBuildFPTrunc(L->B, v, t, "");
  LLVMTypeRef f32 = LLVMFloatTypeInContext(L->C);
  if (LLVMTypeOf(v) != f32)
    v = LLVMBuildFPTrunc(L->B, v, f32, "");
  LLVMValueRef c16 = LLVMConstInt(L->i32, 16, 0);
  LLVMValueRef bits = LLVMBuildBitCast(L->B, v, L->i32, "");
  LLVMValueRef high = LLVMBuildLShr(L->B, bits, c16, "");
  LLVMValueRef lsb = LLVMBuildAnd(L->B, high, LLVMConstInt(L->i32, 1, 0), "");
  LLVMValueRef bias = LLVMBuildAdd(L->B, lsb, LLVMConstInt(L->i32, 0x7fff, 0), "");
  LLVMValueRef rounded = LLVMBuildLShr(L->B, LLVMBuildAdd(L->B, bits, bias, ""), c16, "");
  LLVMValueRef quiet = LLVMBuildOr(L->B, high, LLVMConstInt(L->i32, 0x40, 0), "");
  LLVMValueRef nan = LLVMBuildFCmp(L->B, LLVMRealUNO, v, v, "");
  LLVMValueRef r = LLVMBuildSelect(L->B, nan, quiet, rounded, "");
  r = LLVMBuildTrunc(L->B, r, LLVMInt16TypeInContext(L->C), "");
  return LLVMBuildBitCast(L->B, r, t, "");
}

/* An intrinsic overloaded on the types ts (llvm.powi.f32.i32 ...); one
 * with a bf16 result on the host computes in float (its bf16 arguments
 * widened) and rounds. */
static LLVMValueRef intrinsic_on(lw_t *L, const char *name, LLVMTypeRef *ts,
                                 unsigned nts, LLVMValueRef *args, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id)
    return NULL;
  LLVMTypeRef ft = LLVMIntrinsicGetType(L->C, id, ts, nts), rt = LLVMGetReturnType(ft);
  if (host_bf16(L, rt)) {
    LLVMTypeRef cts[4];
    LLVMValueRef cargs[4];
    for (unsigned i = 0; i < nts && i < 4; i++)
      cts[i] = compute_type(L, ts[i]);
    for (unsigned i = 0; i < n && i < 4; i++)
      cargs[i] = fp_ext(L, args[i], compute_type(L, LLVMTypeOf(args[i])));
    return fp_trunc(L, intrinsic_on(L, name, cts, nts, cargs, n), rt);
  }
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(L->M, id, ts, nts);
  return LLVMBuildCall2(L->B, ft, f, args, n, "");
}

/* The declaration of a non-overloaded intrinsic (llvm.trap). */
static LLVMValueRef intrinsic_decl(lw_t *L, const char *name) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  return LLVMGetIntrinsicDeclaration(L->M, id, NULL, 0);
}

/* An overloaded intrinsic on type t (llvm.exp.f32 ...). */
static LLVMValueRef intrinsic(lw_t *L, const char *name, LLVMTypeRef t,
                              LLVMValueRef *args, unsigned n) {
  return intrinsic_on(L, name, &t, 1, args, n);
}

/* ------------------------------------------------------------------------ */
/* Function signatures                                                       */
/* ------------------------------------------------------------------------ */

static buf_type_t fn_type(buf_op_t *fn) {
  buf_attr_t a = buf_op_attr(fn, "function_type");
  return a && a->kind == BUF_ATTR_TYPE ? a->type : NULL;
}

static const char *sym_name(buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "sym_name");
  return a && a->kind == BUF_ATTR_STRING ? a->u.str.data : NULL;
}

/* Appends the expanded parameter types of t to params. */
static unsigned expand_type(lw_t *L, buf_type_t t, LLVMTypeRef *params) {
  if (t->kind == BUF_TYPE_MEMREF) {
    uint32_t r = t->u.shaped.rank;
    unsigned n = 0;
    LLVMTypeRef p = LLVMPointerTypeInContext(L->C, mem_addrspace(t));
    params[n++] = p;
    params[n++] = p;
    params[n++] = L->i64;
    for (uint32_t i = 0; i < 2 * r; i++)
      params[n++] = L->i64;
    return n;
  }
  if (t->kind == BUF_TYPE_UNRANKED_MEMREF) {
    params[0] = L->i64;
    params[1] = L->ptr;
    return 2;
  }
  params[0] = lw_type(L, t);
  return 1;
}

static unsigned expand_value(lw_t *L, buf_type_t t, LLVMValueRef v,
                             LLVMValueRef *args) {
  if (t->kind == BUF_TYPE_MEMREF) {
    uint32_t r = t->u.shaped.rank;
    unsigned n = 0;
    args[n++] = extract(L, v, 0);
    args[n++] = extract(L, v, 1);
    args[n++] = extract(L, v, 2);
    for (uint32_t i = 0; i < r; i++)
      args[n++] = extract2(L, v, 3, i);
    for (uint32_t i = 0; i < r; i++)
      args[n++] = extract2(L, v, 4, i);
    return n;
  }
  if (t->kind == BUF_TYPE_UNRANKED_MEMREF) {
    args[0] = extract(L, v, 0);
    args[1] = extract(L, v, 1);
    return 2;
  }
  args[0] = v;
  return 1;
}

/* Rebuilds a value of type t from expanded params starting at p[0]. */
static LLVMValueRef collapse_params(lw_t *L, buf_type_t t, LLVMValueRef *p,
                                    unsigned *used) {
  if (t->kind == BUF_TYPE_MEMREF) {
    uint32_t r = t->u.shaped.rank;
    *used = 3 + 2 * r;
    LLVMValueRef d = LLVMGetUndef(lw_type(L, t));
    for (unsigned i = 0; i < 3; i++)
      d = insert(L, d, p[i], i);
    for (uint32_t i = 0; i < r; i++) {
      d = insert2(L, d, p[3 + i], 3, i);
      d = insert2(L, d, p[3 + r + i], 4, i);
    }
    return d;
  }
  if (t->kind == BUF_TYPE_UNRANKED_MEMREF) {
    *used = 2;
    LLVMValueRef u = LLVMGetUndef(unranked_type(L));
    return insert(L, insert(L, u, p[0], 0), p[1], 1);
  }
  *used = 1;
  return p[0];
}

static LLVMTypeRef result_type(lw_t *L, buf_type_t ft) {
  uint32_t n = ft->u.func.num_results;
  if (n == 0)
    return L->voidt;
  if (n == 1)
    return lw_type(L, ft->u.func.results[0]);
  LLVMTypeRef f[64];
  for (uint32_t i = 0; i < n && i < 64; i++)
    f[i] = lw_type(L, ft->u.func.results[i]);
  return LLVMStructTypeInContext(L->C, f, n, 0);
}

#define MAX_PARAMS 512

/* LLVM's PTX_Kernel calling convention (CallingConv::PTX_Kernel). */
#define LLVM_PTX_KERNEL_CC 71

static bool type_ok(lw_t *L, buf_type_t t) { return lw_type(L, t) != NULL; }

/* The LLVM type of a function of IR function type ft: memref parameters
 * expanded, several results in a struct. NULL, with *why set, when a type
 * has no lowering or there are too many. */
static LLVMTypeRef fn_llvm_type(lw_t *L, buf_type_t ft, const char **why) {
  LLVMTypeRef params[MAX_PARAMS];
  unsigned np = 0;
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++) {
    buf_type_t t = ft->u.func.inputs[i];
    if (!type_ok(L, t)) {
      *why = "argument type has no LLVM lowering";
      return NULL;
    }
    if (np + 3 + 2 * 64 > MAX_PARAMS) {
      *why = "too many parameters";
      return NULL;
    }
    np += expand_type(L, t, params + np);
  }
  for (uint32_t i = 0; i < ft->u.func.num_results; i++)
    if (!type_ok(L, ft->u.func.results[i]) || i >= 64) {
      *why = "result type has no LLVM lowering";
      return NULL;
    }
  return LLVMFunctionType(result_type(L, ft), params, np, 0);
}

static buf_status_t declare_fn(lw_t *L, buf_op_t *fn) {
  buf_type_t ft = fn_type(fn);
  const char *name = sym_name(fn), *why;
  if (!ft || !name)
    return fail(L, fn, "function without a name or type");
  LLVMTypeRef fty = fn_llvm_type(L, ft, &why);
  if (!fty)
    return fail(L, fn, why);
  LLVMValueRef f = LLVMAddFunction(L->M, name, fty);
  buf_attr_t vis = buf_op_attr(fn, "sym_visibility");
  bool has_body = fn->num_regions && !buf_region_empty(fn->regions[0]);
  if (has_body && vis && vis->kind == BUF_ATTR_STRING &&
      strcmp(vis->u.str.data, "private") == 0)
    LLVMSetLinkage(f, LLVMInternalLinkage);
  /* Kernels outlined by gpu-outline-parallel-loops: PTX entry points. */
  if (buf_op_has_attr(fn, "bufferd.gpu_kernel"))
    LLVMSetFunctionCallConv(f, LLVM_PTX_KERNEL_CC);
  map_put(L, fn, f);
  return BUF_SUCCESS;
}

/* _mlir_ciface_<name>: memref arguments by pointer to descriptor; a memref
 * or multiple results through a leading result pointer. */
static void emit_ciface(lw_t *L, buf_op_t *fn) {
  buf_type_t ft = fn_type(fn);
  LLVMValueRef inner = map_get(L, fn);
  uint32_t nres = ft->u.func.num_results;
  bool out_ptr = nres > 1 || (nres == 1 && buf_type_is_memref(ft->u.func.results[0]));
  LLVMTypeRef params[MAX_PARAMS];
  unsigned np = 0;
  if (out_ptr)
    params[np++] = L->ptr;
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++) {
    buf_type_t t = ft->u.func.inputs[i];
    params[np++] = buf_type_is_memref(t) ? L->ptr : lw_type(L, t);
  }
  LLVMTypeRef ret = out_ptr || nres == 0 ? L->voidt : result_type(L, ft);
  char *name = buf_arena_printf(buf_ctx_arena(L->ctx), "_mlir_ciface_%s",
                                sym_name(fn));
  LLVMValueRef w = LLVMAddFunction(L->M, name, LLVMFunctionType(ret, params, np, 0));
  LLVMPositionBuilderAtEnd(L->B, LLVMAppendBasicBlockInContext(L->C, w, "entry"));
  LLVMValueRef args[MAX_PARAMS];
  unsigned na = 0, p = out_ptr ? 1 : 0;
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++, p++) {
    buf_type_t t = ft->u.func.inputs[i];
    LLVMValueRef v = LLVMGetParam(w, p);
    if (buf_type_is_memref(t))
      v = LLVMBuildLoad2(L->B, lw_type(L, t), v, "");
    na += expand_value(L, t, v, args + na);
  }
  LLVMValueRef r = call(L, inner, args, na);
  if (out_ptr)
    LLVMBuildStore(L->B, r, LLVMGetParam(w, 0));
  if (ret == L->voidt)
    LLVMBuildRetVoid(L->B);
  else
    LLVMBuildRet(L->B, r);
}

/* The JIT's entry point of fn (core/lower/llvm/jit.c calls it):
 *   void _bufferd_jit_<name>(ptr slots)
 * where slots[i] points at argument i in memory (a scalar, a memref
 * descriptor laid out as the C struct, or an unranked {rank, descriptor
 * pointer} pair) and slots[num_inputs + j] at where result j is stored in
 * the same form. One signature for every function, so C can call any. */
static void emit_jit_entry(lw_t *L, buf_op_t *fn) {
  buf_type_t ft = fn_type(fn);
  LLVMValueRef inner = map_get(L, fn);
  char *name = buf_arena_printf(buf_ctx_arena(L->ctx), "_bufferd_jit_%s", sym_name(fn));
  LLVMValueRef w = LLVMAddFunction(L->M, name, LLVMFunctionType(L->voidt, &L->ptr, 1, 0));
  LLVMPositionBuilderAtEnd(L->B, LLVMAppendBasicBlockInContext(L->C, w, "entry"));
  LLVMValueRef slots = LLVMGetParam(w, 0), args[MAX_PARAMS];
  uint32_t nin = ft->u.func.num_inputs, nres = ft->u.func.num_results;
  unsigned na = 0;
  for (uint32_t i = 0; i < nin + nres; i++) {
    LLVMValueRef idx = c64(L, i);
    LLVMValueRef slot = LLVMBuildLoad2(
        L->B, L->ptr, LLVMBuildGEP2(L->B, L->ptr, slots, &idx, 1, ""), "");
    if (i < nin) {
      buf_type_t t = ft->u.func.inputs[i];
      na += expand_value(L, t, LLVMBuildLoad2(L->B, lw_type(L, t), slot, ""), args + na);
      continue;
    }
    if (i == nin) /* every argument is loaded: call */
      args[na] = call(L, inner, args, na);
    LLVMValueRef r = nres == 1 ? args[na] : extract(L, args[na], i - nin);
    LLVMBuildStore(L->B, r, slot);
  }
  if (nres == 0)
    call(L, inner, args, na);
  LLVMBuildRetVoid(L->B);
}

/* ------------------------------------------------------------------------ */
/* Globals                                                                   */
/* ------------------------------------------------------------------------ */

static LLVMValueRef scalar_const(lw_t *L, buf_type_t t, buf_attr_t dense,
                                 int64_t i) {
  LLVMTypeRef lt = lw_type(L, t);
  if (buf_type_is_float(t))
    return LLVMConstReal(lt, buf_attr_dense_float(dense, i));
  return LLVMConstInt(lt, (unsigned long long)buf_attr_dense_int(dense, i), 1);
}

static buf_status_t declare_global(lw_t *L, buf_op_t *g) {
  buf_attr_t ta = buf_op_attr(g, "type");
  const char *name = sym_name(g);
  if (!ta || ta->kind != BUF_ATTR_TYPE || !name ||
      ta->type->kind != BUF_TYPE_MEMREF || !buf_type_has_static_shape(ta->type))
    return fail(L, g, "memref.global needs a static memref type");
  buf_type_t t = ta->type;
  int64_t n = buf_type_num_elements(t);
  LLVMTypeRef et = lw_type(L, t->u.shaped.elem);
  if (!et)
    return fail(L, g, "element type has no LLVM lowering");
  LLVMTypeRef at = LLVMArrayType2(et, (uint64_t)n);
  LLVMValueRef gv = LLVMAddGlobal(L->M, at, name);
  buf_attr_t init = buf_op_attr(g, "initial_value");
  if (init && init->kind == BUF_ATTR_DENSE) {
    LLVMValueRef *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
    if (!elems)
      abort();
    for (int64_t i = 0; i < n; i++)
      elems[i] = scalar_const(L, t->u.shaped.elem, init, i);
    LLVMSetInitializer(gv, LLVMConstArray2(et, elems, (uint64_t)n));
    free(elems);
  } else {
    LLVMSetInitializer(gv, LLVMConstNull(at));
  }
  if (buf_op_has_attr(g, "constant"))
    LLVMSetGlobalConstant(gv, 1);
  buf_attr_t vis = buf_op_attr(g, "sym_visibility");
  if (vis && vis->kind == BUF_ATTR_STRING && strcmp(vis->u.str.data, "private") == 0)
    LLVMSetLinkage(gv, LLVMInternalLinkage);
  buf_attr_t al = buf_op_attr(g, "alignment");
  LLVMSetAlignment(gv, al && al->kind == BUF_ATTR_INTEGER ? (unsigned)al->u.i : 16);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Op emitters                                                               */
/* ------------------------------------------------------------------------ */

typedef buf_status_t (*emit_fn)(lw_t *L, buf_op_t *op, const void *arg);

typedef struct emit_row {
  const char *name;
  emit_fn emit;
  const void *arg; /* per-row data: an opcode, an intrinsic name ... */
} emit_row_t;

#define OPC(x) ((const void *)(uintptr_t)(x))

/* A binary operation; on bf16 (host) computed in float and rounded. */
static LLVMValueRef binop(lw_t *L, LLVMOpcode opc, LLVMValueRef a, LLVMValueRef b) {
  LLVMTypeRef t = LLVMTypeOf(a), ct = compute_type(L, t);
  return fp_trunc(L, LLVMBuildBinOp(L->B, opc, fp_ext(L, a, ct), fp_ext(L, b, ct), ""), t);
}

static buf_status_t e_binop(lw_t *L, buf_op_t *op, const void *arg) {
  set_result(L, op, 0,
             binop(L, (LLVMOpcode)(uintptr_t)arg, operand(L, op, 0), operand(L, op, 1)));
  return BUF_SUCCESS;
}

/* A cast; float ones to or from bf16 (host) through fp_ext and fp_trunc,
 * an integer to bf16 converted to float first and then rounded, as the
 * interpreter converts. */
static buf_status_t e_cast(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMOpcode opc = (LLVMOpcode)(uintptr_t)arg;
  LLVMTypeRef t = lw_type(L, op->results[0].type);
  LLVMValueRef v = operand(L, op, 0);
  if (opc == LLVMFPExt)
    v = fp_ext(L, v, t);
  else if (opc == LLVMFPTrunc)
    v = fp_trunc(L, v, t);
  else if ((opc == LLVMSIToFP || opc == LLVMUIToFP) && host_bf16(L, t))
    v = fp_trunc(L, LLVMBuildCast(L->B, opc, v, compute_type(L, t), ""), t);
  else
    v = LLVMBuildCast(L->B, opc, v, t, "");
  set_result(L, op, 0, v);
  return BUF_SUCCESS;
}

/* index_cast (signed) and index_castui (unsigned): extend or truncate. */
static buf_status_t e_index_cast(lw_t *L, buf_op_t *op, const void *arg) {
  uint32_t from = buf_type_bitwidth(buf_op_operand(op, 0)->type);
  uint32_t to = buf_type_bitwidth(op->results[0].type);
  LLVMValueRef v = operand(L, op, 0);
  LLVMTypeRef t = lw_type(L, op->results[0].type);
  if (to > from)
    v = arg ? LLVMBuildZExt(L->B, v, t, "") : LLVMBuildSExt(L->B, v, t, "");
  else if (to < from)
    v = LLVMBuildTrunc(L->B, v, t, "");
  set_result(L, op, 0, v);
  return BUF_SUCCESS;
}

static buf_status_t e_constant(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t a = buf_op_attr(op, "value");
  buf_type_t t = op->results[0].type;
  LLVMTypeRef lt = lw_type(L, t);
  if (!a || !lt)
    return fail(L, op, "constant of this type");
  LLVMValueRef v;
  if (a->kind == BUF_ATTR_FLOAT)
    v = LLVMConstReal(lt, a->u.f);
  else if (a->kind == BUF_ATTR_INTEGER)
    v = LLVMConstInt(lt, (unsigned long long)a->u.i, 1);
  else if (a->kind == BUF_ATTR_BOOL)
    v = LLVMConstInt(lt, a->u.b, 0);
  else
    return fail(L, op, "constant of this kind");
  set_result(L, op, 0, v);
  return BUF_SUCCESS;
}

static const LLVMIntPredicate int_preds[] = {
    LLVMIntEQ,  LLVMIntNE,  LLVMIntSLT, LLVMIntSLE, LLVMIntSGT,
    LLVMIntSGE, LLVMIntULT, LLVMIntULE, LLVMIntUGT, LLVMIntUGE};

/* arith.cmpf predicates in arith's order. */
static const LLVMRealPredicate real_preds[] = {
    LLVMRealPredicateFalse, LLVMRealOEQ, LLVMRealOGT, LLVMRealOGE,
    LLVMRealOLT,            LLVMRealOLE, LLVMRealONE, LLVMRealORD,
    LLVMRealUEQ,            LLVMRealUGT, LLVMRealUGE, LLVMRealULT,
    LLVMRealULE,            LLVMRealUNE, LLVMRealUNO, LLVMRealPredicateTrue};

static buf_status_t e_cmpi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t p = buf_op_attr(op, "predicate");
  if (!p || p->kind != BUF_ATTR_INTEGER || p->u.i < 0 || p->u.i > 9)
    return fail(L, op, "bad predicate");
  set_result(L, op, 0,
             LLVMBuildICmp(L->B, int_preds[p->u.i], operand(L, op, 0),
                           operand(L, op, 1), ""));
  return BUF_SUCCESS;
}

static buf_status_t e_cmpf(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t p = buf_op_attr(op, "predicate");
  if (!p || p->kind != BUF_ATTR_INTEGER || p->u.i < 0 || p->u.i > 15)
    return fail(L, op, "bad predicate");
  set_result(L, op, 0,
             LLVMBuildFCmp(L->B, real_preds[p->u.i], operand(L, op, 0),
                           operand(L, op, 1), ""));
  return BUF_SUCCESS;
}

/* max/min on integers: compare with the row's predicate, then select. */
static buf_status_t e_minmax_int(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef a = operand(L, op, 0), b = operand(L, op, 1);
  LLVMValueRef c = LLVMBuildICmp(L->B, (LLVMIntPredicate)(uintptr_t)arg, a, b, "");
  set_result(L, op, 0, LLVMBuildSelect(L->B, c, a, b, ""));
  return BUF_SUCCESS;
}

static buf_status_t e_select(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  set_result(L, op, 0,
             LLVMBuildSelect(L->B, operand(L, op, 0), operand(L, op, 1),
                             operand(L, op, 2), ""));
  return BUF_SUCCESS;
}

static buf_status_t e_negf(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  set_result(L, op, 0, LLVMBuildFNeg(L->B, operand(L, op, 0), ""));
  return BUF_SUCCESS;
}

/* Floor (ceil false) or ceiling (ceil true) signed division: truncating
 * division corrected by one when the remainder is non-zero and the signs
 * call for it. */
static LLVMValueRef div_round(lw_t *L, LLVMValueRef a, LLVMValueRef b,
                              bool ceil) {
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMValueRef q = LLVMBuildSDiv(L->B, a, b, ""), r = LLVMBuildSRem(L->B, a, b, "");
  LLVMValueRef nz = LLVMBuildICmp(L->B, LLVMIntNE, r, zero, "");
  LLVMValueRef rneg = LLVMBuildICmp(L->B, LLVMIntSLT, r, zero, "");
  LLVMValueRef bneg = LLVMBuildICmp(L->B, LLVMIntSLT, b, zero, "");
  LLVMValueRef same = LLVMBuildICmp(L->B, ceil ? LLVMIntEQ : LLVMIntNE, rneg, bneg, "");
  LLVMValueRef d = LLVMBuildSelect(L->B, LLVMBuildAnd(L->B, nz, same, ""), one, zero, "");
  return ceil ? LLVMBuildAdd(L->B, q, d, "") : LLVMBuildSub(L->B, q, d, "");
}

/* floordivsi (arg NULL) and ceildivsi (arg non-NULL). */
static buf_status_t e_divround(lw_t *L, buf_op_t *op, const void *arg) {
  set_result(L, op, 0, div_round(L, operand(L, op, 0), operand(L, op, 1), arg != NULL));
  return BUF_SUCCESS;
}

/* ceildivui as upstream's arith-expand spells it: a == 0 ? 0 : (a - 1) / b + 1
 * (no overflow for a near the top of the range, unlike (a + b - 1) / b). */
static buf_status_t e_ceildivui(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef a = operand(L, op, 0), b = operand(L, op, 1);
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMValueRef q = LLVMBuildUDiv(L->B, LLVMBuildSub(L->B, a, one, ""), b, "");
  LLVMValueRef is0 = LLVMBuildICmp(L->B, LLVMIntEQ, a, zero, "");
  set_result(L, op, 0, LLVMBuildSelect(L->B, is0, zero, LLVMBuildAdd(L->B, q, one, ""), ""));
  return BUF_SUCCESS;
}

/* addui_extended: the wrapped sum and its carry (the sum is below an
 * operand exactly when the addition wrapped). */
static buf_status_t e_addui_extended(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef a = operand(L, op, 0);
  LLVMValueRef sum = LLVMBuildAdd(L->B, a, operand(L, op, 1), "");
  set_result(L, op, 0, sum);
  set_result(L, op, 1, LLVMBuildICmp(L->B, LLVMIntULT, sum, a, ""));
  return BUF_SUCCESS;
}

/* mulsi_extended (arg LLVMSExt) and mului_extended (arg LLVMZExt): the
 * product at twice the width, split into its low and high halves. */
static buf_status_t e_mul_extended(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMOpcode ext = (LLVMOpcode)(uintptr_t)arg;
  LLVMValueRef a = operand(L, op, 0);
  LLVMTypeRef t = LLVMTypeOf(a);
  unsigned w = LLVMGetIntTypeWidth(t);
  LLVMTypeRef wide = LLVMIntTypeInContext(L->C, 2 * w);
  LLVMValueRef p = LLVMBuildMul(L->B, LLVMBuildCast(L->B, ext, a, wide, ""),
                                LLVMBuildCast(L->B, ext, operand(L, op, 1), wide, ""), "");
  LLVMValueRef hi = LLVMBuildLShr(L->B, p, LLVMConstInt(wide, w, 0), "");
  set_result(L, op, 0, LLVMBuildTrunc(L->B, p, t, ""));
  set_result(L, op, 1, LLVMBuildTrunc(L->B, hi, t, ""));
  return BUF_SUCCESS;
}

/* An overloaded LLVM intrinsic over the result type. */
static buf_status_t e_intrinsic(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef args[3];
  for (uint32_t i = 0; i < op->num_operands && i < 3; i++)
    args[i] = operand(L, op, i);
  LLVMValueRef r = intrinsic(L, arg, lw_type(L, op->results[0].type), args,
                             op->num_operands);
  if (!r)
    return fail(L, op, "intrinsic unknown to this LLVM");
  set_result(L, op, 0, r);
  return BUF_SUCCESS;
}

/* A math function without a machine instruction. On the host: the LLVM
 * intrinsic when LLVM has one (the back end calls libm for it), else the
 * libm call itself. On the GPU the NVPTX back end has neither (it would
 * abort in instruction selection), so the call goes to libdevice's
 * version, which buf_llvm_emit links in. Both names derive from libm's
 * double name: expf/exp, __nv_expf/__nv_exp. */
typedef struct math_fn {
  const char *intrinsic; /* host: overloaded intrinsic, NULL: call libm */
  const char *libm;      /* libm's double version; f32 adds 'f' */
} math_fn_t;

/* The bytes of libdevice, read on the first kernel that needs it. A
 * missing file is an error at that op. */
static bool libdevice_read(lw_t *L, buf_op_t *op, const char *fn_name) {
  if (L->libdevice_bytes)
    return true;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(L->libdevice, &L->libdevice_bytes, &msg)) {
    buf_op_emit_error(op, "cannot lower to PTX: '%s' needs libdevice's %s, and '%s' "
                          "cannot be read (%s); give --libdevice=PATH or set "
                          "BUFFERD_LIBDEVICE",
                      op->name, fn_name, L->libdevice, msg ? msg : "unknown error");
    LLVMDisposeMessage(msg);
    L->libdevice_bytes = NULL;
    L->failed = true;
    return false;
  }
  return true;
}

static buf_status_t e_math_fn(lw_t *L, buf_op_t *op, const void *arg) {
  const math_fn_t *m = arg;
  buf_type_t t = op->results[0].type;
  LLVMValueRef args[2] = {operand(L, op, 0), op->num_operands > 1 ? operand(L, op, 1) : NULL};
  if (!L->gpu && m->intrinsic) {
    LLVMValueRef r = intrinsic(L, m->intrinsic, lw_type(L, t), args, op->num_operands);
    if (!r)
      return fail(L, op, "intrinsic unknown to this LLVM");
    set_result(L, op, 0, r);
    return BUF_SUCCESS;
  }
  if (!buf_type_is_float(t))
    return fail(L, op, "math function on a type other than a float");
  /* f16 and bf16 have no libm or libdevice functions: computed in float and
   * rounded back, as the interpreter does. */
  bool f64 = t->u.fkind == BUF_F64, narrow = t->u.fkind == BUF_F16 || t->u.fkind == BUF_BF16;
  if (!f64 && !narrow && t->u.fkind != BUF_F32)
    return fail(L, op, "math function on a float type other than f16, bf16, f32 and f64");
  char name[40];
  snprintf(name, sizeof name, "%s%s%s", L->gpu ? "__nv_" : "", m->libm, f64 ? "" : "f");
  if (L->gpu && !libdevice_read(L, op, name))
    return BUF_FAILURE;
  LLVMTypeRef lt = lw_type(L, t), ct = narrow ? LLVMFloatTypeInContext(L->C) : lt;
  LLVMTypeRef ps[2] = {ct, ct};
  LLVMValueRef f = get_fn(L, name, ct, ps, op->num_operands);
  for (uint32_t i = 0; i < op->num_operands && i < 2; i++)
    args[i] = fp_ext(L, args[i], ct);
  set_result(L, op, 0, fp_trunc(L, call(L, f, args, op->num_operands), lt));
  return BUF_SUCCESS;
}

/* ctlz/cttz (arg: the intrinsic) with a defined result for zero (the
 * width), as upstream's math-to-llvm lowers them. */
static buf_status_t e_count_zeros(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef args[2] = {operand(L, op, 0), LLVMConstInt(L->i1, 0, 0)};
  set_result(L, op, 0, intrinsic(L, arg, LLVMTypeOf(args[0]), args, 2));
  return BUF_SUCCESS;
}

/* math.fpowi. On the host: llvm.powi, as upstream's math-to-llvm lowers
 * it. Its exponent must be a C int (the back end calls __powisf2 or
 * __powidf2), so a narrower one is sign-extended; a wider one, which an int
 * cannot hold, goes through llvm.pow on the exponent converted to the type
 * the power is computed in (the interpreter's pow(x, (double)n), powf for
 * the narrower floats). The NVPTX back end cannot make that
 * libcall, so kernels call libdevice's __nv_powif/__nv_powi (or
 * __nv_powf/__nv_pow for wide exponents) on f32 or f64, f16 and bf16
 * computing in float. */
static buf_status_t e_fpowi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef args[2] = {operand(L, op, 0), operand(L, op, 1)};
  LLVMTypeRef ft = LLVMTypeOf(args[0]);
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(args[1]));
  if (L->gpu) {
    buf_type_t t = op->results[0].type;
    bool f64 = t->u.fkind == BUF_F64, narrow = t->u.fkind == BUF_F16 || t->u.fkind == BUF_BF16;
    if (!f64 && !narrow && t->u.fkind != BUF_F32)
      return fail(L, op, "math function on a float type other than f16, bf16, f32 and f64");
    LLVMTypeRef ct = narrow ? LLVMFloatTypeInContext(L->C) : ft;
    char name[24];
    snprintf(name, sizeof name, "__nv_pow%s%s", w > 32 ? "" : "i", f64 ? "" : "f");
    if (!libdevice_read(L, op, name))
      return BUF_FAILURE;
    if (narrow)
      args[0] = LLVMBuildFPExt(L->B, args[0], ct, "");
    if (w > 32)
      args[1] = LLVMBuildSIToFP(L->B, args[1], ct, "");
    else if (w < 32)
      args[1] = LLVMBuildSExt(L->B, args[1], L->i32, "");
    LLVMTypeRef ps[2] = {ct, w > 32 ? ct : L->i32};
    LLVMValueRef r = call(L, get_fn(L, name, ct, ps, 2), args, 2);
    set_result(L, op, 0, narrow ? LLVMBuildFPTrunc(L->B, r, ft, "") : r);
    return BUF_SUCCESS;
  }
  if (w > 32) {
    args[1] = LLVMBuildSIToFP(L->B, args[1], compute_type(L, ft), "");
    set_result(L, op, 0, intrinsic(L, "llvm.pow", ft, args, 2));
    return BUF_SUCCESS;
  }
  if (w < 32)
    args[1] = LLVMBuildSExt(L->B, args[1], L->i32, "");
  LLVMTypeRef ts[2] = {ft, L->i32};
  set_result(L, op, 0, intrinsic_on(L, "llvm.powi", ts, 2, args, 2));
  return BUF_SUCCESS;
}

/* isnan/isinf/isfinite/isnormal: llvm.is.fpclass with the row's class
 * mask (bits: 0 snan, 1 qnan, 2 -inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0,
 * 7 +subnormal, 8 +normal, 9 +inf). */
static buf_status_t e_fpclass(lw_t *L, buf_op_t *op, const void *arg) {
  LLVMValueRef args[2] = {operand(L, op, 0), LLVMConstInt(L->i32, (uintptr_t)arg, 0)};
  set_result(L, op, 0, intrinsic(L, "llvm.is.fpclass", LLVMTypeOf(args[0]), args, 2));
  return BUF_SUCCESS;
}

/* math.ipowi calls a helper function per integer type, emitted once into
 * the module (internal), as upstream's convert-math-to-funcs does:
 *   b == 0: 1;  b < 0: a == 1 ? 1 : a == -1 ? (b odd ? -1 : 1) : a == 0 ?
 *   trap : 0;  otherwise square-and-multiply over the bits of b.
 * Upstream divides 1 by 0 for 0 to a negative power (undefined in LLVM);
 * a trap is the defined form of that failure (the interpreter reports an
 * error there). */
static LLVMValueRef ipowi_helper(lw_t *L, LLVMTypeRef t) {
  char name[40];
  snprintf(name, sizeof name, "__bufferd_ipowi_i%u", LLVMGetIntTypeWidth(t));
  LLVMValueRef f = LLVMGetNamedFunction(L->M, name);
  if (f)
    return f;
  LLVMTypeRef ps[2] = {t, t};
  f = LLVMAddFunction(L->M, name, LLVMFunctionType(t, ps, 2, 0));
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMBasicBlockRef saved = LLVMGetInsertBlock(L->B);
  LLVMValueRef a = LLVMGetParam(f, 0), b = LLVMGetParam(f, 1);
  LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0);
  LLVMValueRef minus1 = LLVMConstAllOnes(t);
#define BB(n) LLVMBasicBlockRef n = LLVMAppendBasicBlockInContext(L->C, f, #n)
  BB(entry); BB(negative); BB(zero_base); BB(other_base); BB(loop); BB(done);
#undef BB
  LLVMPositionBuilderAtEnd(L->B, entry);
  LLVMValueRef neg = LLVMBuildICmp(L->B, LLVMIntSLT, b, zero, "");
  LLVMBuildCondBr(L->B, neg, negative, loop);
  /* b < 0: only 1 and -1 have integer powers other than 0. */
  LLVMPositionBuilderAtEnd(L->B, negative);
  LLVMBuildCondBr(L->B, LLVMBuildICmp(L->B, LLVMIntEQ, a, zero, ""), zero_base, other_base);
  LLVMPositionBuilderAtEnd(L->B, zero_base);
  LLVMTypeRef vt = L->voidt;
  LLVMBuildCall2(L->B, LLVMFunctionType(vt, NULL, 0, 0),
                 intrinsic_decl(L, "llvm.trap"), NULL, 0, "");
  LLVMBuildUnreachable(L->B);
  LLVMPositionBuilderAtEnd(L->B, other_base);
  LLVMValueRef odd = LLVMBuildICmp(L->B, LLVMIntNE, LLVMBuildAnd(L->B, b, one, ""), zero, "");
  LLVMValueRef sign = LLVMBuildSelect(L->B, odd, minus1, one, "");
  LLVMValueRef r = LLVMBuildSelect(L->B, LLVMBuildICmp(L->B, LLVMIntEQ, a, minus1, ""), sign,
                                   zero, "");
  r = LLVMBuildSelect(L->B, LLVMBuildICmp(L->B, LLVMIntEQ, a, one, ""), one, r, "");
  LLVMBuildRet(L->B, r);
  /* b >= 0: result *= base for each set bit of b, base squared each step. */
  LLVMPositionBuilderAtEnd(L->B, loop);
  LLVMValueRef acc = LLVMBuildPhi(L->B, t, ""), base = LLVMBuildPhi(L->B, t, "");
  LLVMValueRef e = LLVMBuildPhi(L->B, t, "");
  LLVMValueRef done_now = LLVMBuildICmp(L->B, LLVMIntEQ, e, zero, "");
  LLVMValueRef bit = LLVMBuildICmp(L->B, LLVMIntNE, LLVMBuildAnd(L->B, e, one, ""), zero, "");
  LLVMValueRef acc2 = LLVMBuildSelect(L->B, bit, LLVMBuildMul(L->B, acc, base, ""), acc, "");
  LLVMValueRef base2 = LLVMBuildMul(L->B, base, base, "");
  LLVMValueRef e2 = LLVMBuildLShr(L->B, e, one, "");
  LLVMBuildCondBr(L->B, done_now, done, loop);
  LLVMValueRef in_acc[2] = {one, acc2}, in_base[2] = {a, base2}, in_e[2] = {b, e2};
  LLVMBasicBlockRef from[2] = {entry, loop};
  LLVMAddIncoming(acc, in_acc, from, 2);
  LLVMAddIncoming(base, in_base, from, 2);
  LLVMAddIncoming(e, in_e, from, 2);
  LLVMPositionBuilderAtEnd(L->B, done);
  LLVMBuildRet(L->B, acc);
  LLVMPositionBuilderAtEnd(L->B, saved);
  return f;
}

static buf_status_t e_ipowi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef args[2] = {operand(L, op, 0), operand(L, op, 1)};
  set_result(L, op, 0, call(L, ipowi_helper(L, LLVMTypeOf(args[0])), args, 2));
  return BUF_SUCCESS;
}

/* 1 / sqrt(x); bf16 (host) computed in float and rounded once, as the
 * interpreter does. */
static buf_status_t e_rsqrt(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMTypeRef t = lw_type(L, op->results[0].type), ct = compute_type(L, t);
  LLVMValueRef x = fp_ext(L, operand(L, op, 0), ct);
  LLVMValueRef s = intrinsic(L, "llvm.sqrt", ct, &x, 1);
  set_result(L, op, 0, fp_trunc(L, LLVMBuildFDiv(L->B, LLVMConstReal(ct, 1.0), s, ""), t));
  return BUF_SUCCESS;
}

static buf_status_t e_absi(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  LLVMValueRef args[2] = {operand(L, op, 0), LLVMConstInt(L->i1, 0, 0)};
  set_result(L, op, 0, intrinsic(L, "llvm.abs", LLVMTypeOf(args[0]), args, 2));
  return BUF_SUCCESS;
}

/* --- memref ------------------------------------------------------------- */

static buf_type_t res_type(buf_op_t *op) { return op->results[0].type; }

/* Sizes of an allocation's result type: static ones as constants, dynamic
 * ones from the operands in order. */
static void alloc_sizes(lw_t *L, buf_op_t *op, LLVMValueRef *sizes,
                        LLVMValueRef *numel) {
  buf_type_t t = res_type(op);
  uint32_t next = 0;
  *numel = c64(L, 1);
  for (uint32_t i = 0; i < t->u.shaped.rank; i++) {
    int64_t s = t->u.shaped.shape[i];
    sizes[i] = s != BUF_DYNAMIC ? c64(L, s) : operand(L, op, next++);
    *numel = LLVMBuildMul(L->B, *numel, sizes[i], "");
  }
}

/* A heap buffer of bytes from malloc for op (alloc or realloc); with an
 * alignment attribute above 1, malloc'ed with align - 1 bytes to spare and
 * the aligned pointer rounded up into them. */
static void heap_alloc(lw_t *L, buf_op_t *op, LLVMValueRef bytes,
                       LLVMValueRef *allocated, LLVMValueRef *aligned) {
  buf_attr_t al = buf_op_attr(op, "alignment");
  int64_t align = al && al->kind == BUF_ATTR_INTEGER ? al->u.i : 0;
  LLVMValueRef malloc_fn = get_fn(L, "malloc", L->ptr, &L->i64, 1);
  if (align <= 1) {
    *allocated = *aligned = call(L, malloc_fn, &bytes, 1);
    return;
  }
  LLVMValueRef padded = LLVMBuildAdd(L->B, bytes, c64(L, align - 1), "");
  *allocated = call(L, malloc_fn, &padded, 1);
  LLVMValueRef pi = LLVMBuildPtrToInt(L->B, *allocated, L->i64, "");
  LLVMValueRef up = LLVMBuildAdd(L->B, pi, c64(L, align - 1), "");
  LLVMValueRef rem = LLVMBuildURem(L->B, up, c64(L, align), "");
  LLVMValueRef delta = LLVMBuildSub(L->B, up, rem, "");
  delta = LLVMBuildSub(L->B, delta, pi, "");
  *aligned = LLVMBuildGEP2(L->B, L->i8, *allocated, &delta, 1, "");
}

static buf_status_t e_alloc(lw_t *L, buf_op_t *op, const void *arg) {
  buf_type_t t = res_type(op);
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > 64)
    return fail(L, op, "allocation of this type");
  uint32_t rank = t->u.shaped.rank;
  LLVMValueRef sizes[64], strides[64], numel;
  alloc_sizes(L, op, sizes, &numel);
  row_major(L, rank, sizes, strides);
  LLVMValueRef bytes = LLVMBuildMul(L->B, numel, elem_size(L, t->u.shaped.elem), "");
  LLVMValueRef allocated, aligned;
  if (arg) { /* alloca */
    LLVMTypeRef et = lw_type(L, t->u.shaped.elem);
    allocated = aligned = LLVMBuildArrayAlloca(L->B, et, numel, "");
  } else {
    heap_alloc(L, op, bytes, &allocated, &aligned);
  }
  set_result(L, op, 0, make_desc(L, rank, allocated, aligned, c64(L, 0), sizes, strides));
  return BUF_SUCCESS;
}

/* memref.realloc (1-D, identity layout) as upstream's expand-realloc
 * expands it: a size above the old one gets a fresh heap buffer (with the
 * op's alignment), the old elements copied to its front and the old buffer
 * freed; a size not above it keeps the old buffer, its descriptor showing
 * the new size. Either way the first min(old, new) elements stay and the
 * source memref is dead afterwards. */
static buf_status_t e_realloc(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t st = buf_op_operand(op, 0)->type, rt = res_type(op);
  if (st->kind != BUF_TYPE_MEMREF || rt->kind != BUF_TYPE_MEMREF ||
      st->u.shaped.rank != 1 || rt->u.shaped.rank != 1 || mem_addrspace(st))
    return fail(L, op, "realloc of this type");
  LLVMValueRef src = operand(L, op, 0);
  int64_t s = rt->u.shaped.shape[0];
  LLVMValueRef size = s != BUF_DYNAMIC ? c64(L, s) : operand(L, op, 1);
  LLVMValueRef esize = elem_size(L, rt->u.shaped.elem);
  LLVMValueRef old = desc_size(L, st, src, 0);
  LLVMValueRef old_allocated = extract(L, src, 0), old_aligned = extract(L, src, 1);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(L->B);
  LLVMBasicBlockRef grow = LLVMAppendBasicBlockInContext(L->C, L->fn, "realloc.grow");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(L->C, L->fn, "realloc.done");
  LLVMBuildCondBr(L->B, LLVMBuildICmp(L->B, LLVMIntULT, old, size, ""), grow, done);
  LLVMPositionBuilderAtEnd(L->B, grow);
  LLVMValueRef allocated, aligned;
  heap_alloc(L, op, LLVMBuildMul(L->B, size, esize, ""), &allocated, &aligned);
  LLVMBuildMemCpy(L->B, aligned, 0, old_aligned, 0, LLVMBuildMul(L->B, old, esize, ""));
  call(L, get_fn(L, "free", L->voidt, &L->ptr, 1), &old_allocated, 1);
  LLVMBuildBr(L->B, done);
  LLVMPositionBuilderAtEnd(L->B, done);
  LLVMValueRef base[2] = {LLVMBuildPhi(L->B, L->ptr, ""), LLVMBuildPhi(L->B, L->ptr, "")};
  LLVMValueRef from_pre[2] = {old_allocated, old_aligned}, from_grow[2] = {allocated, aligned};
  for (int i = 0; i < 2; i++) {
    LLVMAddIncoming(base[i], &from_pre[i], &pre, 1);
    LLVMAddIncoming(base[i], &from_grow[i], &grow, 1);
  }
  LLVMValueRef one = c64(L, 1);
  set_result(L, op, 0, make_desc(L, 1, base[0], base[1], c64(L, 0), &size, &one));
  return BUF_SUCCESS;
}

static buf_status_t e_dealloc(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  if (buf_op_operand(op, 0)->type->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "dealloc of an unranked memref");
  LLVMValueRef free_fn = get_fn(L, "free", L->voidt, &L->ptr, 1);
  LLVMValueRef p = extract(L, operand(L, op, 0), 0);
  call(L, free_fn, &p, 1);
  return BUF_SUCCESS;
}

/* load (arg 0): memref then indices; store (arg 1): value, memref, indices. */
static buf_status_t e_load_store(lw_t *L, buf_op_t *op, const void *arg) {
  uint32_t m = arg ? 1 : 0;
  buf_type_t t = buf_op_operand(op, m)->type;
  if (t->kind != BUF_TYPE_MEMREF || t->u.shaped.rank > 64)
    return fail(L, op, "access to this memref type");
  LLVMValueRef idx[64];
  for (uint32_t i = 0; i < t->u.shaped.rank; i++)
    idx[i] = operand(L, op, m + 1 + i);
  LLVMValueRef p = elem_ptr(L, t, operand(L, op, m), idx);
  if (arg)
    LLVMBuildStore(L->B, operand(L, op, 0), p);
  else
    set_result(L, op, 0, LLVMBuildLoad2(L->B, lw_type(L, t->u.shaped.elem), p, ""));
  return BUF_SUCCESS;
}

static bool const_index(buf_value_t *v, int64_t *out) {
  if (!v->def || strcmp(v->def->name, "arith.constant") != 0)
    return false;
  buf_attr_t a = buf_op_attr(v->def, "value");
  if (!a || a->kind != BUF_ATTR_INTEGER)
    return false;
  *out = a->u.i;
  return true;
}

static buf_status_t e_dim(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t t = buf_op_operand(op, 0)->type;
  if (t->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "dim of an unranked memref");
  int64_t i;
  LLVMValueRef d = operand(L, op, 0);
  if (const_index(buf_op_operand(op, 1), &i)) {
    if (i < 0 || i >= t->u.shaped.rank)
      return fail(L, op, "dimension out of range");
    set_result(L, op, 0, desc_size(L, t, d, (uint32_t)i));
    return BUF_SUCCESS;
  }
  /* A dynamic index reads the sizes array through memory. */
  LLVMValueRef sizes = extract(L, d, 3);
  LLVMValueRef slot = LLVMBuildAlloca(L->B, LLVMTypeOf(sizes), "");
  LLVMBuildStore(L->B, sizes, slot);
  LLVMValueRef p = LLVMBuildGEP2(L->B, L->i64, slot, (LLVMValueRef[]){operand(L, op, 1)}, 1, "");
  set_result(L, op, 0, LLVMBuildLoad2(L->B, L->i64, p, ""));
  return BUF_SUCCESS;
}

/* A stack slot of type t in the function's entry block (so loops do not
 * grow the stack); the builder stays where it was. */
static LLVMValueRef entry_alloca(lw_t *L, LLVMTypeRef t) {
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

static buf_status_t e_cast_memref(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t from = buf_op_operand(op, 0)->type, to = res_type(op);
  LLVMValueRef v = operand(L, op, 0);
  if (from->kind == BUF_TYPE_MEMREF && to->kind == BUF_TYPE_MEMREF) {
    set_result(L, op, 0, v);
  } else if (from->kind == BUF_TYPE_MEMREF) {
    /* Ranked to unranked: the descriptor lives in a stack slot of the
     * function's entry block, as upstream does. */
    LLVMValueRef slot = entry_alloca(L, LLVMTypeOf(v));
    LLVMBuildStore(L->B, v, slot);
    LLVMValueRef u = LLVMGetUndef(unranked_type(L));
    u = insert(L, u, c64(L, from->u.shaped.rank), 0);
    set_result(L, op, 0, insert(L, u, slot, 1));
  } else if (to->kind == BUF_TYPE_MEMREF) {
    set_result(L, op, 0, LLVMBuildLoad2(L->B, lw_type(L, to), extract(L, v, 1), ""));
  } else {
    set_result(L, op, 0, v);
  }
  return BUF_SUCCESS;
}

/* memref.memory_space_cast: the same descriptor with both pointers cast to
 * the result's address space. */
static buf_status_t e_space_cast(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t from = buf_op_operand(op, 0)->type, to = res_type(op);
  if (from->kind != BUF_TYPE_MEMREF || to->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "memory space cast of an unranked memref");
  LLVMValueRef v = operand(L, op, 0), d = LLVMGetUndef(lw_type(L, to));
  LLVMTypeRef p = LLVMPointerTypeInContext(L->C, mem_addrspace(to));
  for (unsigned i = 0; i < (to->u.shaped.rank ? 5u : 3u); i++) {
    LLVMValueRef f = extract(L, v, i);
    d = insert(L, d, i < 2 ? LLVMBuildAddrSpaceCast(L->B, f, p, "") : f, i);
  }
  set_result(L, op, 0, d);
  return BUF_SUCCESS;
}

static buf_status_t e_get_global(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t name = buf_op_attr(op, "name");
  buf_type_t t = res_type(op);
  if (!name || name->kind != BUF_ATTR_SYMBOL_REF || t->kind != BUF_TYPE_MEMREF ||
      t->u.shaped.rank > 64)
    return fail(L, op, "get_global without a symbol or of this type");
  LLVMValueRef g = LLVMGetNamedGlobal(L->M, name->u.symref.names[0]);
  if (!g)
    return fail(L, op, "unknown global");
  LLVMValueRef sizes[64], strides[64];
  for (uint32_t i = 0; i < t->u.shaped.rank; i++)
    sizes[i] = c64(L, t->u.shaped.shape[i]);
  row_major(L, t->u.shaped.rank, sizes, strides);
  set_result(L, op, 0, make_desc(L, t->u.shaped.rank, g, g, c64(L, 0), sizes, strides));
  return BUF_SUCCESS;
}

/* The mixed static/dynamic list `attr` (BUF_DYNAMIC entries take the
 * operands of segment seg in order). */
static bool mixed_list(lw_t *L, buf_op_t *op, const char *attr, uint32_t seg,
                       LLVMValueRef *out, int64_t *stat, uint32_t max,
                       uint32_t *n) {
  buf_attr_t a = buf_op_attr(op, attr);
  if (!a || a->kind != BUF_ATTR_DENSE_ARRAY || a->u.dense_array.count > max)
    return false;
  uint32_t len, start = buf_op_segment(op, seg, &len), next = 0;
  *n = (uint32_t)a->u.dense_array.count;
  for (uint32_t i = 0; i < *n; i++) {
    int64_t s = a->u.dense_array.ints[i];
    stat[i] = s;
    if (s == BUF_DYNAMIC) {
      if (next >= len)
        return false;
      out[i] = operand(L, op, start + next++);
    } else {
      out[i] = c64(L, s);
    }
  }
  return true;
}

static buf_status_t e_subview(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t st = buf_op_operand(op, 0)->type, rt = res_type(op);
  if (st->kind != BUF_TYPE_MEMREF || rt->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "subview of an unranked memref");
  LLVMValueRef off[64], sz[64], str[64];
  int64_t soff[64], ssz[64], sstr[64];
  uint32_t noff, nsz, nstr;
  if (!mixed_list(L, op, "static_offsets", 1, off, soff, 64, &noff) ||
      !mixed_list(L, op, "static_sizes", 2, sz, ssz, 64, &nsz) ||
      !mixed_list(L, op, "static_strides", 3, str, sstr, 64, &nstr) ||
      noff != st->u.shaped.rank || nsz != noff || nstr != noff)
    return fail(L, op, "malformed subview");
  LLVMValueRef d = operand(L, op, 0), src_strides[64], offset;
  desc_layout(L, st, d, src_strides, &offset);
  for (uint32_t i = 0; i < noff; i++)
    offset = LLVMBuildAdd(L->B, offset, LLVMBuildMul(L->B, off[i], src_strides[i], ""), "");
  /* Rank reduction drops unit dimensions, left to right, until the ranks
   * match (the verifier checked that this is consistent). */
  uint32_t rr = rt->u.shaped.rank, drop = noff - rr, k = 0;
  LLVMValueRef sizes[64], strides[64];
  for (uint32_t i = 0; i < noff; i++) {
    if (drop > 0 && ssz[i] == 1 && (k >= rr || rt->u.shaped.shape[k] != 1 ||
                                    noff - i > rr - k)) {
      drop--;
      continue;
    }
    if (k >= rr)
      return fail(L, op, "rank reduction not understood");
    sizes[k] = sz[i];
    strides[k] = LLVMBuildMul(L->B, src_strides[i], str[i], "");
    k++;
  }
  if (k != rr)
    return fail(L, op, "rank reduction not understood");
  set_result(L, op, 0,
             make_desc(L, rr, extract(L, d, 0), extract(L, d, 1), offset, sizes, strides));
  return BUF_SUCCESS;
}

/* The allocated and aligned pointers of memref d of type t, ranked or
 * unranked (whose descriptor they start), and, when offset is not NULL,
 * its offset. */
static void desc_base(lw_t *L, buf_type_t t, LLVMValueRef d, LLVMValueRef *allocated,
                      LLVMValueRef *aligned, LLVMValueRef *offset) {
  if (t->kind == BUF_TYPE_MEMREF) {
    *allocated = extract(L, d, 0);
    *aligned = extract(L, d, 1);
    if (offset) {
      LLVMValueRef strides[64];
      desc_layout(L, t, d, strides, offset);
    }
    return;
  }
  LLVMValueRef p = extract(L, d, 1), one = c64(L, 1), two = c64(L, 2);
  *allocated = LLVMBuildLoad2(L->B, L->ptr, p, "");
  *aligned = LLVMBuildLoad2(L->B, L->ptr, LLVMBuildGEP2(L->B, L->ptr, p, &one, 1, ""), "");
  if (offset) /* after the two pointers, 8 bytes each */
    *offset = LLVMBuildLoad2(L->B, L->i64, LLVMBuildGEP2(L->B, L->i64, p, &two, 1, ""), "");
}

static buf_status_t e_reinterpret_cast(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t rt = res_type(op);
  LLVMValueRef off[64], sz[64], str[64];
  int64_t s[64];
  uint32_t noff, nsz, nstr;
  if (rt->kind != BUF_TYPE_MEMREF ||
      !mixed_list(L, op, "static_offsets", 1, off, s, 64, &noff) ||
      !mixed_list(L, op, "static_sizes", 2, sz, s, 64, &nsz) ||
      !mixed_list(L, op, "static_strides", 3, str, s, 64, &nstr) || noff != 1 ||
      nsz != rt->u.shaped.rank || nstr != nsz)
    return fail(L, op, "malformed reinterpret_cast");
  LLVMValueRef allocated, aligned;
  desc_base(L, buf_op_operand(op, 0)->type, operand(L, op, 0), &allocated, &aligned, NULL);
  set_result(L, op, 0, make_desc(L, nsz, allocated, aligned, off[0], sz, str));
  return BUF_SUCCESS;
}

/* memref.reshape to a ranked memref, as upstream's memref-to-llvm: the
 * source's pointers and offset, the sizes the result type fixes or else
 * read from the shape memref (its integers sign-extended, like
 * index_cast), row-major strides (both sides are contiguous). */
static buf_status_t e_memref_reshape(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t st = buf_op_operand(op, 0)->type, rt = res_type(op);
  buf_type_t sht = buf_op_operand(op, 1)->type;
  if (rt->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "reshape to an unranked memref");
  if (rt->u.shaped.rank > 64 || (st->kind == BUF_TYPE_MEMREF && st->u.shaped.rank > 64))
    return fail(L, op, "reshape of this rank");
  LLVMValueRef allocated, aligned, offset, sizes[64], strides[64];
  desc_base(L, st, operand(L, op, 0), &allocated, &aligned, &offset);
  LLVMValueRef shape = operand(L, op, 1);
  for (uint32_t i = 0; i < rt->u.shaped.rank; i++) {
    int64_t s = rt->u.shaped.shape[i];
    if (s != BUF_DYNAMIC) {
      sizes[i] = c64(L, s);
      continue;
    }
    LLVMValueRef idx = c64(L, i);
    LLVMValueRef v = LLVMBuildLoad2(L->B, lw_type(L, sht->u.shaped.elem),
                                    elem_ptr(L, sht, shape, &idx), "");
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    sizes[i] = w < 64 ? LLVMBuildSExt(L->B, v, L->i64, "")
               : w > 64 ? LLVMBuildTrunc(L->B, v, L->i64, "") : v;
  }
  row_major(L, rt->u.shaped.rank, sizes, strides);
  set_result(L, op, 0, make_desc(L, rt->u.shaped.rank, allocated, aligned, offset, sizes, strides));
  return BUF_SUCCESS;
}

/* memref.view as upstream's memref-to-llvm: the byte buffer's allocated
 * pointer, its aligned pointer moved by the byte shift, offset 0, the
 * result type's sizes (dynamic ones from the operands in order) with
 * row-major strides. */
static buf_status_t e_view(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t rt = res_type(op);
  if (rt->kind != BUF_TYPE_MEMREF || rt->u.shaped.rank > 64)
    return fail(L, op, "view of this type");
  LLVMValueRef src = operand(L, op, 0), shift = operand(L, op, 1);
  LLVMValueRef sizes[64], strides[64];
  uint32_t next = 2;
  for (uint32_t i = 0; i < rt->u.shaped.rank; i++) {
    int64_t s = rt->u.shaped.shape[i];
    sizes[i] = s != BUF_DYNAMIC ? c64(L, s) : operand(L, op, next++);
  }
  row_major(L, rt->u.shaped.rank, sizes, strides);
  LLVMValueRef aligned = LLVMBuildGEP2(L->B, L->i8, extract(L, src, 1), &shift, 1, "");
  set_result(L, op, 0, make_desc(L, rt->u.shaped.rank, extract(L, src, 0), aligned, c64(L, 0),
                                 sizes, strides));
  return BUF_SUCCESS;
}

/* memref.rank: the type's rank, or an unranked descriptor's rank field. */
static buf_status_t e_rank(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t t = buf_op_operand(op, 0)->type;
  set_result(L, op, 0, t->kind == BUF_TYPE_MEMREF ? c64(L, t->u.shaped.rank)
                                                  : extract(L, operand(L, op, 0), 0));
  return BUF_SUCCESS;
}

/* memref.assume_alignment: the same memref, and llvm.assume that its
 * aligned pointer is a multiple of the alignment (the form upstream's
 * memref-to-llvm emitted before operand bundles). */
static buf_status_t e_assume_alignment(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_attr_t a = buf_op_attr(op, "alignment");
  LLVMValueRef d = operand(L, op, 0);
  if (!a || a->kind != BUF_ATTR_INTEGER || a->u.i < 1)
    return fail(L, op, "assume_alignment without an alignment");
  LLVMValueRef p = LLVMBuildPtrToInt(L->B, extract(L, d, 1), L->i64, "");
  LLVMValueRef low = LLVMBuildAnd(L->B, p, c64(L, a->u.i - 1), "");
  LLVMValueRef ok = LLVMBuildICmp(L->B, LLVMIntEQ, low, c64(L, 0), "");
  LLVMTypeRef fty = LLVMFunctionType(L->voidt, &L->i1, 1, 0);
  LLVMBuildCall2(L->B, fty, intrinsic_decl(L, "llvm.assume"), &ok, 1, "");
  set_result(L, op, 0, d);
  return BUF_SUCCESS;
}

/* expand_shape (arg 1) and collapse_shape (arg 0) of strided memrefs. */
static buf_status_t e_reshape(lw_t *L, buf_op_t *op, const void *arg) {
  buf_type_t st = buf_op_operand(op, 0)->type, rt = res_type(op);
  buf_attr_t re = buf_op_attr(op, "reassociation");
  if (st->kind != BUF_TYPE_MEMREF || rt->kind != BUF_TYPE_MEMREF || !re ||
      re->kind != BUF_ATTR_ARRAY || rt->u.shaped.rank > 64 || st->u.shaped.rank > 64)
    return fail(L, op, "reshape of this type");
  LLVMValueRef d = operand(L, op, 0), src_strides[64], offset;
  desc_layout(L, st, d, src_strides, &offset);
  LLVMValueRef sizes[64], strides[64];
  bool expand = arg != NULL;
  uint32_t next_dyn = 1; /* expand_shape's dynamic output sizes */
  for (uint32_t g = 0; g < re->u.array.n; g++) {
    buf_attr_t grp = re->u.array.elems[g];
    if (!grp || grp->kind != BUF_ATTR_ARRAY || grp->u.array.n == 0)
      return fail(L, op, "malformed reassociation");
    uint32_t n = grp->u.array.n;
    if (expand) {
      /* Source dim g splits into result dims grp[..]; the innermost keeps
       * the source stride, outer ones multiply by inner sizes. */
      for (uint32_t j = 0; j < n; j++) {
        int64_t r = grp->u.array.elems[j]->u.i;
        int64_t s = rt->u.shaped.shape[r];
        sizes[r] = s != BUF_DYNAMIC ? c64(L, s) : operand(L, op, next_dyn++);
      }
      LLVMValueRef stride = src_strides[g];
      for (uint32_t j = n; j-- > 0;) {
        int64_t r = grp->u.array.elems[j]->u.i;
        strides[r] = stride;
        stride = LLVMBuildMul(L->B, stride, sizes[r], "");
      }
    } else {
      LLVMValueRef size = c64(L, 1);
      for (uint32_t j = 0; j < n; j++)
        size = LLVMBuildMul(L->B, size,
                            desc_size(L, st, d, (uint32_t)grp->u.array.elems[j]->u.i), "");
      sizes[g] = size;
      strides[g] = src_strides[grp->u.array.elems[n - 1]->u.i];
    }
  }
  set_result(L, op, 0,
             make_desc(L, rt->u.shaped.rank, extract(L, d, 0), extract(L, d, 1), offset,
                       sizes, strides));
  return BUF_SUCCESS;
}

static buf_status_t e_extract_metadata(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t t = buf_op_operand(op, 0)->type;
  if (t->kind != BUF_TYPE_MEMREF || op->num_results != 2 + 2 * t->u.shaped.rank)
    return fail(L, op, "metadata of this memref");
  uint32_t r = t->u.shaped.rank;
  LLVMValueRef d = operand(L, op, 0), strides[64], offset;
  desc_layout(L, t, d, strides, &offset);
  set_result(L, op, 0, make_desc(L, 0, extract(L, d, 0), extract(L, d, 1), c64(L, 0), NULL, NULL));
  set_result(L, op, 1, offset);
  for (uint32_t i = 0; i < r; i++) {
    set_result(L, op, 2 + i, desc_size(L, t, d, i));
    set_result(L, op, 2 + r + i, strides[i]);
  }
  return BUF_SUCCESS;
}

static buf_status_t e_aligned_ptr(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  if (buf_op_operand(op, 0)->type->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "pointer of an unranked memref");
  set_result(L, op, 0, LLVMBuildPtrToInt(L->B, extract(L, operand(L, op, 0), 1), L->i64, ""));
  return BUF_SUCCESS;
}

/* Copies every element of s (type st) to d (type dt): one loop over the
 * linear index of the source, the multi-index recovered by division, so any
 * two strided layouts work. */
static void copy_elements(lw_t *L, buf_type_t st, LLVMValueRef s, buf_type_t dt,
                          LLVMValueRef d) {
  uint32_t rank = st->u.shaped.rank;
  LLVMValueRef sizes[64], numel = c64(L, 1);
  for (uint32_t i = 0; i < rank; i++) {
    sizes[i] = desc_size(L, st, s, i);
    numel = LLVMBuildMul(L->B, numel, sizes[i], "");
  }
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(L->B);
  LLVMBasicBlockRef hdr = LLVMAppendBasicBlockInContext(L->C, L->fn, "copy.hdr");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(L->C, L->fn, "copy.body");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(L->C, L->fn, "copy.done");
  LLVMBuildBr(L->B, hdr);
  LLVMPositionBuilderAtEnd(L->B, hdr);
  LLVMValueRef i = LLVMBuildPhi(L->B, L->i64, "");
  LLVMValueRef zero = c64(L, 0);
  LLVMAddIncoming(i, &zero, &pre, 1);
  LLVMBuildCondBr(L->B, LLVMBuildICmp(L->B, LLVMIntSLT, i, numel, ""), body, done);
  LLVMPositionBuilderAtEnd(L->B, body);
  LLVMValueRef idx[64], rest = i;
  for (uint32_t k = rank; k-- > 0;) {
    idx[k] = LLVMBuildSRem(L->B, rest, sizes[k], "");
    rest = LLVMBuildSDiv(L->B, rest, sizes[k], "");
  }
  LLVMValueRef v = LLVMBuildLoad2(L->B, lw_type(L, st->u.shaped.elem), elem_ptr(L, st, s, idx), "");
  LLVMBuildStore(L->B, v, elem_ptr(L, dt, d, idx));
  LLVMValueRef next = LLVMBuildAdd(L->B, i, c64(L, 1), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(L->B);
  LLVMAddIncoming(i, &next, &latch, 1);
  LLVMBuildBr(L->B, hdr);
  LLVMPositionBuilderAtEnd(L->B, done);
}

static buf_status_t e_copy(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t st = buf_op_operand(op, 0)->type, dt = buf_op_operand(op, 1)->type;
  if (st->kind != BUF_TYPE_MEMREF || dt->kind != BUF_TYPE_MEMREF ||
      st->u.shaped.rank > 64)
    return fail(L, op, "copy of unranked memrefs");
  copy_elements(L, st, operand(L, op, 0), dt, operand(L, op, 1));
  return BUF_SUCCESS;
}

/* True when a contiguous row-major buffer of the sizes of t (offset 0)
 * satisfies t's layout: every static stride is the row-major one and the
 * static offset, if any, is 0. */
static bool identity_layout_fits(buf_type_t t) {
  int64_t st[64], off;
  uint32_t rank = t->u.shaped.rank;
  if (BUF_FAILED(buf_type_memref_strides(t, st, &off)))
    return false;
  if (off != BUF_DYNAMIC && off != 0)
    return false;
  int64_t expect = 1; /* BUF_DYNAMIC once an inner size is dynamic */
  for (uint32_t i = rank; i-- > 0;) {
    if (st[i] != BUF_DYNAMIC && st[i] != expect)
      return false;
    int64_t s = t->u.shaped.shape[i];
    expect = expect == BUF_DYNAMIC || s == BUF_DYNAMIC ? BUF_DYNAMIC : expect * s;
  }
  return true;
}

/* bufferization.clone: a fresh heap buffer (malloc, freed by a later
 * memref.dealloc) with the source's sizes and a row-major layout, filled by
 * an element copy, as upstream's convert-bufferization-to-memref does. */
static buf_status_t e_clone(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t st = buf_op_operand(op, 0)->type, rt = res_type(op);
  if (st->kind != BUF_TYPE_MEMREF || rt->kind != BUF_TYPE_MEMREF ||
      st->u.shaped.rank > 64 || st->u.shaped.rank != rt->u.shaped.rank)
    return fail(L, op, "clone of unranked memrefs");
  if (!identity_layout_fits(rt))
    return fail(L, op, "clone into a layout other than row-major");
  uint32_t rank = st->u.shaped.rank;
  LLVMValueRef s = operand(L, op, 0), sizes[64], strides[64], numel = c64(L, 1);
  for (uint32_t i = 0; i < rank; i++) {
    sizes[i] = desc_size(L, st, s, i);
    numel = LLVMBuildMul(L->B, numel, sizes[i], "");
  }
  row_major(L, rank, sizes, strides);
  LLVMValueRef bytes = LLVMBuildMul(L->B, numel, elem_size(L, rt->u.shaped.elem), "");
  LLVMValueRef p = call(L, get_fn(L, "malloc", L->ptr, &L->i64, 1), &bytes, 1);
  LLVMValueRef d = make_desc(L, rank, p, p, c64(L, 0), sizes, strides);
  copy_elements(L, st, s, rt, d);
  set_result(L, op, 0, d);
  return BUF_SUCCESS;
}

/* --- control flow ------------------------------------------------------- */

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
  LLVMBuildBr(L->B, map_get(L, dest));
  return BUF_SUCCESS;
}

/* Branch to dest through a fresh block carrying the phi inputs. */
static LLVMBasicBlockRef edge_block(lw_t *L, buf_block_t *dest, buf_op_t *op,
                                    uint32_t first, uint32_t n) {
  LLVMBasicBlockRef cur = LLVMGetInsertBlock(L->B);
  LLVMBasicBlockRef e = LLVMAppendBasicBlockInContext(L->C, L->fn, "edge");
  LLVMPositionBuilderAtEnd(L->B, e);
  add_incoming(L, dest, op, first, n);
  LLVMBuildBr(L->B, map_get(L, dest));
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
  return map_get(L, dest);
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

/* cf.assert as upstream's convert-cf-to-llvm lowers it: a false condition
 * puts the message and aborts; the ops after the assert go on in a fresh
 * block. A GPU module has neither puts nor abort. */
static buf_status_t e_assert(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  if (L->gpu)
    return fail(L, op, "cf.assert in a GPU module");
  buf_attr_t msg = buf_op_attr(op, "msg");
  LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(L->C, L->fn, "assert.ok");
  LLVMBasicBlockRef bad = LLVMAppendBasicBlockInContext(L->C, L->fn, "assert.fail");
  LLVMBuildCondBr(L->B, operand(L, op, 0), ok, bad);
  LLVMPositionBuilderAtEnd(L->B, bad);
  LLVMValueRef text = LLVMBuildGlobalString(
      L->B, msg && msg->kind == BUF_ATTR_STRING ? msg->u.str.data : "", "assert_msg");
  call(L, get_fn(L, "puts", L->i32, &L->ptr, 1), &text, 1);
  call(L, get_fn(L, "abort", L->voidt, NULL, 0), NULL, 0);
  LLVMBuildUnreachable(L->B);
  LLVMPositionBuilderAtEnd(L->B, ok);
  return BUF_SUCCESS;
}

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
    rt = lw_type(L, res_type(op));
  } else if (nres > 1) {
    LLVMTypeRef f[64];
    if (nres > 64)
      return fail(L, op, "too many results");
    for (uint32_t i = 0; i < nres; i++)
      f[i] = lw_type(L, op->results[i].type);
    rt = LLVMStructTypeInContext(L->C, f, nres, 0);
  }
  if (out_ptr) {
    res_slot = entry_alloca(L, rt);
    params[n] = L->ptr;
    args[n++] = res_slot;
  }
  for (uint32_t i = 0; i < op->num_operands; i++, n++) {
    if (n >= MAX_PARAMS)
      return fail(L, op, "too many arguments");
    buf_type_t t = buf_op_operand(op, i)->type;
    LLVMValueRef v = operand(L, op, i);
    if (buf_type_is_memref(t)) {
      LLVMValueRef slot = entry_alloca(L, lw_type(L, t));
      LLVMBuildStore(L->B, v, slot);
      params[n] = L->ptr;
      args[n] = slot;
    } else {
      params[n] = lw_type(L, t);
      args[n] = v;
    }
  }
  char *wrapper = buf_arena_printf(buf_ctx_arena(L->ctx), "_mlir_ciface_%s", name);
  LLVMValueRef f = get_fn(L, wrapper, out_ptr || !nres ? L->voidt : rt, params, n);
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
    n += expand_value(L, t, operand(L, op, i), args + n);
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
  LLVMTypeRef fty = fn_llvm_type(L, buf_op_operand(op, 0)->type, &why);
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

/* The table: one row per op with an LLVM lowering. */
static const emit_row_t emit_rows[] = {
    {"arith.constant", e_constant, NULL},
    {"arith.addi", e_binop, OPC(LLVMAdd)},
    {"arith.subi", e_binop, OPC(LLVMSub)},
    {"arith.muli", e_binop, OPC(LLVMMul)},
    {"arith.divsi", e_binop, OPC(LLVMSDiv)},
    {"arith.divui", e_binop, OPC(LLVMUDiv)},
    {"arith.remsi", e_binop, OPC(LLVMSRem)},
    {"arith.remui", e_binop, OPC(LLVMURem)},
    {"arith.andi", e_binop, OPC(LLVMAnd)},
    {"arith.ori", e_binop, OPC(LLVMOr)},
    {"arith.xori", e_binop, OPC(LLVMXor)},
    {"arith.shli", e_binop, OPC(LLVMShl)},
    {"arith.shrsi", e_binop, OPC(LLVMAShr)},
    {"arith.shrui", e_binop, OPC(LLVMLShr)},
    {"arith.addf", e_binop, OPC(LLVMFAdd)},
    {"arith.subf", e_binop, OPC(LLVMFSub)},
    {"arith.mulf", e_binop, OPC(LLVMFMul)},
    {"arith.divf", e_binop, OPC(LLVMFDiv)},
    {"arith.remf", e_binop, OPC(LLVMFRem)},
    {"arith.floordivsi", e_divround, NULL},
    {"arith.ceildivsi", e_divround, OPC(1)},
    {"arith.ceildivui", e_ceildivui, NULL},
    {"arith.addui_extended", e_addui_extended, NULL},
    {"arith.mulsi_extended", e_mul_extended, OPC(LLVMSExt)},
    {"arith.mului_extended", e_mul_extended, OPC(LLVMZExt)},
    {"arith.maxsi", e_minmax_int, OPC(LLVMIntSGT)},
    {"arith.minsi", e_minmax_int, OPC(LLVMIntSLT)},
    {"arith.maxui", e_minmax_int, OPC(LLVMIntUGT)},
    {"arith.minui", e_minmax_int, OPC(LLVMIntULT)},
    {"arith.maximumf", e_intrinsic, "llvm.maximum"},
    {"arith.minimumf", e_intrinsic, "llvm.minimum"},
    {"arith.maxnumf", e_intrinsic, "llvm.maxnum"},
    {"arith.minnumf", e_intrinsic, "llvm.minnum"},
    {"arith.negf", e_negf, NULL},
    {"arith.cmpi", e_cmpi, NULL},
    {"arith.cmpf", e_cmpf, NULL},
    {"arith.select", e_select, NULL},
    {"arith.extsi", e_cast, OPC(LLVMSExt)},
    {"arith.extui", e_cast, OPC(LLVMZExt)},
    {"arith.trunci", e_cast, OPC(LLVMTrunc)},
    {"arith.sitofp", e_cast, OPC(LLVMSIToFP)},
    {"arith.uitofp", e_cast, OPC(LLVMUIToFP)},
    {"arith.fptosi", e_cast, OPC(LLVMFPToSI)},
    {"arith.fptoui", e_cast, OPC(LLVMFPToUI)},
    {"arith.extf", e_cast, OPC(LLVMFPExt)},
    {"arith.truncf", e_cast, OPC(LLVMFPTrunc)},
    {"arith.bitcast", e_cast, OPC(LLVMBitCast)},
    {"arith.index_cast", e_index_cast, NULL},
    {"arith.index_castui", e_index_cast, OPC(1)},
    {"math.absf", e_intrinsic, "llvm.fabs"},
    {"math.absi", e_absi, NULL},
    {"math.ceil", e_intrinsic, "llvm.ceil"},
    {"math.floor", e_intrinsic, "llvm.floor"},
    {"math.round", e_intrinsic, "llvm.round"},
    {"math.roundeven", e_intrinsic, "llvm.roundeven"},
    {"math.trunc", e_intrinsic, "llvm.trunc"},
    {"math.sqrt", e_intrinsic, "llvm.sqrt"},
    {"math.rsqrt", e_rsqrt, NULL},
    {"math.exp", e_math_fn, &(const math_fn_t){"llvm.exp", "exp"}},
    {"math.exp2", e_math_fn, &(const math_fn_t){"llvm.exp2", "exp2"}},
    {"math.log", e_math_fn, &(const math_fn_t){"llvm.log", "log"}},
    {"math.log2", e_math_fn, &(const math_fn_t){"llvm.log2", "log2"}},
    {"math.log10", e_math_fn, &(const math_fn_t){"llvm.log10", "log10"}},
    {"math.sin", e_math_fn, &(const math_fn_t){"llvm.sin", "sin"}},
    {"math.cos", e_math_fn, &(const math_fn_t){"llvm.cos", "cos"}},
    {"math.tan", e_math_fn, &(const math_fn_t){"llvm.tan", "tan"}},
    {"math.tanh", e_math_fn, &(const math_fn_t){"llvm.tanh", "tanh"}},
    {"math.powf", e_math_fn, &(const math_fn_t){"llvm.pow", "pow"}},
    {"math.fma", e_intrinsic, "llvm.fma"},
    {"math.copysign", e_intrinsic, "llvm.copysign"},
    {"math.erf", e_math_fn, &(const math_fn_t){NULL, "erf"}},
    {"math.erfc", e_math_fn, &(const math_fn_t){NULL, "erfc"}},
    {"math.expm1", e_math_fn, &(const math_fn_t){NULL, "expm1"}},
    {"math.log1p", e_math_fn, &(const math_fn_t){NULL, "log1p"}},
    {"math.cbrt", e_math_fn, &(const math_fn_t){NULL, "cbrt"}},
    {"math.atan", e_math_fn, &(const math_fn_t){NULL, "atan"}},
    {"math.atan2", e_math_fn, &(const math_fn_t){NULL, "atan2"}},
    {"math.asin", e_math_fn, &(const math_fn_t){NULL, "asin"}},
    {"math.acos", e_math_fn, &(const math_fn_t){NULL, "acos"}},
    {"math.sinh", e_math_fn, &(const math_fn_t){NULL, "sinh"}},
    {"math.cosh", e_math_fn, &(const math_fn_t){NULL, "cosh"}},
    {"math.asinh", e_math_fn, &(const math_fn_t){NULL, "asinh"}},
    {"math.acosh", e_math_fn, &(const math_fn_t){NULL, "acosh"}},
    {"math.atanh", e_math_fn, &(const math_fn_t){NULL, "atanh"}},
    {"math.ctlz", e_count_zeros, "llvm.ctlz"},
    {"math.cttz", e_count_zeros, "llvm.cttz"},
    {"math.ctpop", e_intrinsic, "llvm.ctpop"},
    {"math.fpowi", e_fpowi, NULL},
    {"math.ipowi", e_ipowi, NULL},
    {"math.isnan", e_fpclass, OPC(0x003)},
    {"math.isinf", e_fpclass, OPC(0x204)},
    {"math.isfinite", e_fpclass, OPC(0x1f8)},
    {"math.isnormal", e_fpclass, OPC(0x108)},
    {"memref.alloc", e_alloc, NULL},
    {"memref.alloca", e_alloc, OPC(1)},
    {"memref.realloc", e_realloc, NULL},
    {"memref.dealloc", e_dealloc, NULL},
    {"memref.load", e_load_store, NULL},
    {"memref.store", e_load_store, OPC(1)},
    {"memref.dim", e_dim, NULL},
    {"memref.cast", e_cast_memref, NULL},
    {"memref.memory_space_cast", e_space_cast, NULL},
    {"memref.get_global", e_get_global, NULL},
    {"memref.subview", e_subview, NULL},
    {"memref.reinterpret_cast", e_reinterpret_cast, NULL},
    {"memref.reshape", e_memref_reshape, NULL},
    {"memref.view", e_view, NULL},
    {"memref.rank", e_rank, NULL},
    {"memref.assume_alignment", e_assume_alignment, NULL},
    {"memref.expand_shape", e_reshape, OPC(1)},
    {"memref.collapse_shape", e_reshape, NULL},
    {"memref.extract_strided_metadata", e_extract_metadata, NULL},
    {"memref.extract_aligned_pointer_as_index", e_aligned_ptr, NULL},
    {"memref.copy", e_copy, NULL},
    {"bufferization.clone", e_clone, NULL},
    {"cf.br", e_br, NULL},
    {"cf.cond_br", e_cond_br, NULL},
    {"cf.switch", e_switch, NULL},
    {"cf.assert", e_assert, NULL},
    {"func.call", e_call, NULL},
    {"func.call_indirect", e_call_indirect, NULL},
    {"func.constant", e_func_constant, NULL},
    {"func.return", e_return, NULL},
};

/* The registry's resolver of emitter rows (buf_op_model, BUF_MODEL_LLVM). */
const void *buf__llvm_resolve_row(const char *name) {
  for (size_t i = 0; i < sizeof emit_rows / sizeof emit_rows[0]; i++)
    if (strcmp(emit_rows[i].name, name) == 0)
      return &emit_rows[i];
  return NULL;
}

const char *buf__llvm_row_name(uint32_t i) {
  return i < sizeof emit_rows / sizeof emit_rows[0] ? emit_rows[i].name
                                                     : NULL;
}

/* ------------------------------------------------------------------------ */
/* Function bodies                                                           */
/* ------------------------------------------------------------------------ */

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
  map_put(L, entry, (void *)&visited_tag);
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
      if (!map_get(L, s)) {
        map_put(L, s, (void *)&visited_tag);
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

static buf_status_t emit_body(lw_t *L, buf_op_t *fn) {
  buf_block_t *entry = buf_region_entry(fn->regions[0]);
  L->fn = map_get(L, fn);
  block_list_t order = {0};
  rpo(L, entry, &order);
  /* LLVM blocks and phis first, so branches can target any block. */
  for (uint32_t i = 0; i < order.n; i++) {
    LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(L->C, L->fn, "");
    map_put(L, order.b[i], bb);
    if (i == 0) {
      L->entry_bb = bb;
      continue;
    }
    LLVMPositionBuilderAtEnd(L->B, bb);
    for (uint32_t a = 0; a < order.b[i]->num_args; a++) {
      LLVMTypeRef t = lw_type(L, order.b[i]->args[a]->type);
      if (!t) {
        free(order.b);
        return fail(L, fn, "block argument type has no LLVM lowering");
      }
      map_put(L, order.b[i]->args[a], LLVMBuildPhi(L->B, t, ""));
    }
  }
  LLVMPositionBuilderAtEnd(L->B, L->entry_bb);
  buf_type_t ft = fn_type(fn);
  unsigned p = 0, np = LLVMCountParams(L->fn);
  LLVMValueRef *params = malloc((np ? np : 1) * sizeof *params);
  if (!params)
    abort();
  LLVMGetParams(L->fn, params);
  for (uint32_t i = 0; i < ft->u.func.num_inputs && i < entry->num_args; i++) {
    unsigned used;
    map_put(L, entry->args[i], collapse_params(L, ft->u.func.inputs[i], params + p, &used));
    p += used;
  }
  free(params);
  buf_status_t s = BUF_SUCCESS;
  for (uint32_t i = 0; i < order.n && !BUF_FAILED(s); i++) {
    LLVMPositionBuilderAtEnd(L->B, map_get(L, order.b[i]));
    for (buf_op_t *op = order.b[i]->first; op && !BUF_FAILED(s); op = op->next)
      s = emit_op(L, op);
  }
  free(order.b);
  return s;
}

/* ------------------------------------------------------------------------ */
/* Module, targets, output                                                   */
/* ------------------------------------------------------------------------ */

static pthread_once_t targets_once = PTHREAD_ONCE_INIT;

static void init_targets(void) {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86Target();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86AsmPrinter();
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

/* Contract in buf/lower.h. */
bool buf_llvm_available(void) { return buf__llvm_load(NULL); }

static buf_status_t build_module(lw_t *L) {
  buf_block_t *body = buf_region_entry(L->module->regions[0]);
  if (!body)
    return BUF_SUCCESS;
  for (buf_op_t *op = body->first; op; op = op->next) {
    buf_status_t s = BUF_SUCCESS;
    if (strcmp(op->name, "func.func") == 0)
      s = declare_fn(L, op);
    else if (strcmp(op->name, "memref.global") == 0)
      s = declare_global(L, op);
    else
      s = fail(L, op, "unexpected op at module level");
    if (BUF_FAILED(s))
      return s;
  }
  for (buf_op_t *op = body->first; op; op = op->next) {
    if (strcmp(op->name, "func.func") != 0 || buf_region_empty(op->regions[0]))
      continue;
    if (BUF_FAILED(emit_body(L, op)))
      return BUF_FAILURE;
    buf_attr_t vis = buf_op_attr(op, "sym_visibility");
    if (!L->gpu && (!vis || vis->kind != BUF_ATTR_STRING || strcmp(vis->u.str.data, "private") != 0))
      emit_ciface(L, op);
    if (L->jit_entry && strcmp(sym_name(op), L->jit_entry) == 0) {
      emit_jit_entry(L, op);
      L->jit_entry = NULL; /* found */
    }
  }
  if (L->jit_entry) {
    buf_emit_error(L->ctx, L->module->loc, "no function @%s with a body to run", L->jit_entry);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static char *dup_bytes(const char *p, size_t n) {
  char *r = malloc(n + 1);
  if (!r)
    abort();
  memcpy(r, p, n);
  r[n] = 0;
  return r;
}

/* Links libdevice into a PTX module whose kernels call __nv_ functions:
 * its triple and data layout are set to the module's first (libdevice says
 * nvptx64-nvidia-gpulibs), then every definition but the kernels becomes
 * internal, so the optimizer inlines what is called and drops the hundreds
 * of functions that are not. nvvm-reflect-ftz 0 makes libdevice's
 * __nvvm_reflect("__CUDA_FTZ") branches keep denormals, as the rest of the
 * lowering does (no .ftz instructions). */
static buf_status_t link_libdevice(lw_t *L, const char *triple) {
  LLVMModuleRef dev = NULL;
  bool bad = LLVMParseBitcodeInContext2(L->C, L->libdevice_bytes, &dev);
  LLVMDisposeMemoryBuffer(L->libdevice_bytes);
  L->libdevice_bytes = NULL;
  if (bad) {
    buf_emit_error(L->ctx, L->module->loc, "libdevice '%s' is not LLVM bitcode this LLVM reads",
                   L->libdevice);
    return BUF_FAILURE;
  }
  LLVMSetTarget(dev, triple);
  LLVMSetDataLayout(dev, LLVMGetDataLayoutStr(L->M));
  if (LLVMLinkModules2(L->M, dev)) { /* dev is gone either way */
    buf_emit_error(L->ctx, L->module->loc, "cannot link libdevice '%s' into the PTX module",
                   L->libdevice);
    return BUF_FAILURE;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(L->M); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (LLVMIsDeclaration(f)) {
      if (strncmp(name, "__nv_", 5) == 0) {
        buf_emit_error(L->ctx, L->module->loc, "libdevice '%s' has no %s", L->libdevice, name);
        return BUF_FAILURE;
      }
    } else if (LLVMGetFunctionCallConv(f) != LLVM_PTX_KERNEL_CC) {
      LLVMSetLinkage(f, LLVMInternalLinkage);
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(L->M); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g))
      LLVMSetLinkage(g, LLVMInternalLinkage);
  static const char flag[] = "nvvm-reflect-ftz";
  LLVMAddModuleFlag(L->M, LLVMModuleFlagBehaviorOverride, flag, sizeof flag - 1,
                    LLVMValueAsMetadata(LLVMConstInt(L->i32, 0, 0)));
  return BUF_SUCCESS;
}

/* Contract in buf/lower.h. */
buf_status_t buf_llvm_emit(buf_op_t *module, buf_llvm_output_t kind,
                           const buf_llvm_options_t *options, char **out,
                           size_t *len) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  *out = NULL;
  *len = 0;
  const char *why = NULL;
  if (!buf__llvm_load(&why)) {
    buf_emit_error(ctx, module->loc, "no LLVM lowering: %s", why);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf_llvm_prepare(module)))
    return BUF_FAILURE;

  pthread_once(&targets_once, init_targets);
  bool ptx = kind == BUF_LLVM_OUTPUT_PTX;
  lw_t L = {.ctx = ctx,
            .module = module,
            .gpu = ptx,
            .libdevice = options && options->libdevice ? options->libdevice
                                                       : buf_gpu_libdevice_path(),
            .jit_entry = options ? options->jit_entry : NULL};

  L.C = LLVMContextCreate();
  L.M = LLVMModuleCreateWithNameInContext("bufferd", L.C);
  L.B = LLVMCreateBuilderInContext(L.C);
  L.i1 = LLVMInt1TypeInContext(L.C);
  L.i8 = LLVMInt8TypeInContext(L.C);
  L.i32 = LLVMInt32TypeInContext(L.C);
  L.i64 = LLVMInt64TypeInContext(L.C);
  L.ptr = LLVMPointerTypeInContext(L.C, 0);
  L.voidt = LLVMVoidTypeInContext(L.C);

  const char *triple = ptx ? "nvptx64-nvidia-cuda" : "x86_64-unknown-linux-gnu";
  const char *cpu = !ptx ? "x86-64"
                    : options && options->gpu_arch ? options->gpu_arch
                                                   : "sm_90";
  char *err = NULL;
  LLVMTargetRef target;
  LLVMTargetMachineRef tm = NULL;
  buf_status_t status = BUF_SUCCESS;
  bool linked_libdevice = false;
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    buf_emit_error(ctx, module->loc, "LLVM target %s: %s", triple, err);
    LLVMDisposeMessage(err);
    status = BUF_FAILURE;
  } else {
    int level = options ? options->opt_level : 2;
    LLVMCodeGenOptLevel cg = level <= 0   ? LLVMCodeGenLevelNone
                             : level == 1 ? LLVMCodeGenLevelLess
                             : level == 2 ? LLVMCodeGenLevelDefault
                                          : LLVMCodeGenLevelAggressive;
    tm = LLVMCreateTargetMachine(target, triple, cpu, "", cg, LLVMRelocPIC,
                                 LLVMCodeModelDefault);
    LLVMSetTarget(L.M, triple);
    LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(L.M, dl);
    LLVMDisposeTargetData(dl);
    status = build_module(&L);
    linked_libdevice = !BUF_FAILED(status) && L.libdevice_bytes;
    if (linked_libdevice)
      status = link_libdevice(&L, triple);
  }
  if (!BUF_FAILED(status) && LLVMVerifyModule(L.M, LLVMReturnStatusAction, &err)) {
    buf_emit_error(ctx, module->loc, "internal error: invalid LLVM module: %s", err);
    status = BUF_FAILURE;
  }
  if (err) {
    LLVMDisposeMessage(err);
    err = NULL;
  }
  int level = options ? options->opt_level : 2;
  if (!BUF_FAILED(status) && (level > 0 || linked_libdevice)) {
    /* default<On> resolves libdevice's __nvvm_reflect calls (NVPTX adds
     * nvvm-reflect to it); without optimization they must still go, and
     * so must the unused libdevice functions. */
    char passes[32] = "nvvm-reflect,globaldce";
    if (level > 0)
      snprintf(passes, sizeof passes, "default<O%d>", level > 3 ? 3 : level);
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(L.M, passes, tm, po);
    LLVMDisposePassBuilderOptions(po);
    if (e) {
      char *m = LLVMGetErrorMessage(e);
      buf_emit_error(ctx, module->loc, "LLVM optimization failed: %s", m);
      LLVMDisposeErrorMessage(m);
      status = BUF_FAILURE;
    }
  }
  if (!BUF_FAILED(status)) {
    if (kind == BUF_LLVM_OUTPUT_IR) {
      char *text = LLVMPrintModuleToString(L.M);
      *len = strlen(text);
      *out = dup_bytes(text, *len);
      LLVMDisposeMessage(text);
    } else if (kind == BUF_LLVM_OUTPUT_BITCODE) {
      LLVMMemoryBufferRef mb = LLVMWriteBitcodeToMemoryBuffer(L.M);
      *len = LLVMGetBufferSize(mb);
      *out = dup_bytes(LLVMGetBufferStart(mb), *len);
      LLVMDisposeMemoryBuffer(mb);
    } else {
      LLVMMemoryBufferRef mb;
      if (LLVMTargetMachineEmitToMemoryBuffer(tm, L.M, ptx ? LLVMAssemblyFile : LLVMObjectFile,
                                              &err, &mb)) {
        buf_emit_error(ctx, module->loc, "LLVM code generation failed: %s", err);
        LLVMDisposeMessage(err);
        status = BUF_FAILURE;
      } else {
        *len = LLVMGetBufferSize(mb);
        *out = dup_bytes(LLVMGetBufferStart(mb), *len);
        LLVMDisposeMemoryBuffer(mb);
      }
    }
  }
  if (tm)
    LLVMDisposeTargetMachine(tm);
  LLVMDisposeBuilder(L.B);
  LLVMDisposeModule(L.M);
  LLVMContextDispose(L.C);
  if (L.libdevice_bytes) /* read, but a failure came before the link */
    LLVMDisposeMemoryBuffer(L.libdevice_bytes);
  free(L.slots);
  return status;
}
