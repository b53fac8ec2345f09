/*
 * lower_llvm.c: a memref/cf/arith/math/func module to an LLVM module,
 * through the LLVM C API, then verified, optimized and printed or compiled
 * (buf_llvm_emit in buf/lower.h).
 *
 * How it works. One lowering state (lw_t, lower_internal.h) per call owns
 * a fresh LLVM context, module and builder, so compilations share nothing.
 * Pass one declares every function and memref.global (lower_symbols.c), so
 * calls and get_global find their symbols whatever the order; pass two
 * emits each body (lower_body.c), each op through its row in the emitters'
 * tables (lower_arith.c, lower_math.c, lower_memref.c, lower_cf.c,
 * lower_func.c). A value map (lower_value_map.c) ties IR values and blocks
 * to LLVM ones. Kernels that call libdevice get it linked in here, before
 * the module is verified and optimized.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "lower_internal.h"

static pthread_once_t targets_once = PTHREAD_ONCE_INIT;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Adds the seconds since *since to *phase (NULL: timing is not wanted)
 * and restarts the clock. */
static void lap(double *phase, double *since) {
  double t = now();
  if (phase)
    *phase += t - *since;
  *since = t;
}

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
  /* A module holds functions and memref.globals. Asking for memref.global
   * by name is this pass being about that one op (its lowering to an LLVM
   * global), which no trait describes. */
  for (buf_op_t *op = body->first; op; op = op->next) {
    buf_status_t s = BUF_SUCCESS;
    if (buf_op_has_trait(op, BUF_TRAIT_FUNCTION))
      s = buf__lw_declare_fn(L, op);
    else if (buf_op_isa(op, "memref.global"))
      s = buf__lw_declare_global(L, op);
    else
      s = fail(L, op, "unexpected op at module level");
    if (BUF_FAILED(s))
      return s;
  }
  for (buf_op_t *op = body->first; op; op = op->next) {
    if (!buf_op_has_trait(op, BUF_TRAIT_FUNCTION) || buf_region_empty(op->regions[0]))
      continue;
    if (BUF_FAILED(buf__lw_emit_body(L, op)))
      return BUF_FAILURE;
    buf_attr_t vis = buf_op_attr(op, "sym_visibility");
    if (!L->gpu && (!vis || vis->kind != BUF_ATTR_STRING || strcmp(vis->u.str.data, "private") != 0))
      buf__lw_emit_ciface(L, op);
    if (L->jit_entry && strcmp(buf__lw_sym_name(op), L->jit_entry) == 0) {
      buf__lw_emit_jit_entry(L, op);
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

/* LLVM's loop passes that keep loops in canonical form (loop-rotate,
 * indvars) recompute scalar evolution over the whole function for each
 * loop: a function holding hundreds of loop nests, as a model's forward
 * function does once every linalg op is a loop nest (BERT: 7,600 blocks),
 * spent 10 s in them at -O1 and 14 s at -O2. Above this many blocks -O1
 * and -O2 run the function passes that pay for themselves on such code
 * (scalar replacement, redundancy elimination, invariant code motion,
 * combining) and leave loop canonicalization out; -O3 is taken as asked. */
enum { LARGE_FUNCTION_BLOCKS = 2000 };
#define LARGE_FUNCTION_PASSES                                                  \
  "function(sroa,early-cse<memssa>,instcombine<no-verify-fixpoint>,simplifycfg," \
  "loop-mssa(licm),gvn,instcombine<no-verify-fixpoint>,simplifycfg),globaldce"

/* Blocks of all functions: a function cut into segments for parallel
 * code generation (outline-function-segments) is still that large. */
static unsigned module_blocks(LLVMModuleRef M) {
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(M); f; f = LLVMGetNextFunction(f))
    n += LLVMCountBasicBlocks(f);
  return n;
}

/* Segments of this many ops keep a few per thread on a large network. */
#define SEGMENT_PIPELINE "outline-function-segments{ops=1000}"

/* Contract in buf/lower.h. */
buf_status_t buf_llvm_emit(buf_op_t *module, buf_llvm_output_t kind,
                           const buf_llvm_options_t *options, char **out,
                           size_t *len) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  *out = NULL;
  *len = 0;
  const char *why = NULL;
  buf_lower_timing_t *timing = options ? options->timing : NULL;
  double clock = now();
  /* Loading LLVM (the first time, in this process) counts as building. */
  bool loaded = buf__llvm_load(&why);
  lap(timing ? &timing->llvm_build : NULL, &clock);
  if (!loaded) {
    buf_emit_error(ctx, module->loc, "no LLVM lowering: %s", why);
    return BUF_FAILURE;
  }
  /* Object code made by several threads: a large function is first cut
   * into functions the threads can share (lower_parallel.c). */
  unsigned threads = kind == BUF_LLVM_OUTPUT_OBJECT ? buf__lw_codegen_threads() : 1;
  if (threads > 1 &&
      (BUF_FAILED(buf_lower_bufferize(module, timing)) ||
       BUF_FAILED(buf_lower_run_pipeline(module, SEGMENT_PIPELINE))))
    return BUF_FAILURE;
  if (BUF_FAILED(buf_llvm_prepare(module, timing)))
    return BUF_FAILURE;
  clock = now();

  pthread_once(&targets_once, init_targets);
  bool ptx = kind == BUF_LLVM_OUTPUT_PTX;
  lw_t L = {.ctx = ctx,
            .module = module,
            .gpu = ptx,
            .piecewise = kind == BUF_LLVM_OUTPUT_OBJECT || ptx,
            .libdevice = options && options->libdevice ? options->libdevice
                                                       : buf_gpu_libdevice_path(),
            .jit_entry = options ? options->jit_entry : NULL};

  /* The output: written by LLVM to the caller's file or an in-memory file
   * (lower_output.c), or, where neither opens, in LLVM's memory (text or
   * mb). An object file written there gets its large constants from
   * bufferd, not LLVM (lower_object_data.c). */
  FILE *stream = options ? options->out : NULL;
  lw_output_t direct;
  buf__lw_output_open(&direct, stream);
  L.data_apart = kind == BUF_LLVM_OUTPUT_OBJECT && buf__lw_output_direct(&direct);

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
  LLVMCodeGenOptLevel cg_level = LLVMCodeGenLevelDefault;
  int parallel = 0;
  unsigned program_blocks = 0;
  buf_status_t status = BUF_SUCCESS;
  bool linked_libdevice = false;
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    buf_emit_error(ctx, module->loc, "LLVM target %s: %s", triple, err);
    LLVMDisposeMessage(err);
    status = BUF_FAILURE;
  } else {
    int level = options ? options->opt_level : 2;
    LLVMCodeGenOptLevel cg = cg_level = level <= 0 ? LLVMCodeGenLevelNone
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
    /* counted before libdevice's functions join the module */
    program_blocks = module_blocks(L.M);
    /* LLVM copied every blob its globals use; nothing else reads them
     * (those written apart are released once written). */
    if (!BUF_FAILED(status) && options && options->release_resource_blobs && !L.ndata)
      buf_ctx_release_resource_blobs(ctx);
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
  lap(timing ? &timing->llvm_build : NULL, &clock);
  int level = options ? options->opt_level : 2;
  if (!BUF_FAILED(status) && (level > 0 || linked_libdevice)) {
    /* default<On> resolves libdevice's __nvvm_reflect calls (NVPTX adds
     * nvvm-reflect to it); without optimization they must still go, and
     * so must the unused libdevice functions. */
    const char *passes = "nvvm-reflect,globaldce";
    char level_passes[32];
    if (level > 0 && level < 3 && program_blocks > LARGE_FUNCTION_BLOCKS) {
      passes = LARGE_FUNCTION_PASSES;
    } else if (level > 0) {
      snprintf(level_passes, sizeof level_passes, "default<O%d>", level > 3 ? 3 : level);
      passes = level_passes;
    }
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
  lap(timing ? &timing->llvm_optimize : NULL, &clock);
  char *text = NULL;
  LLVMMemoryBufferRef mb = NULL;
  if (BUF_FAILED(status)) {
    /* nothing to write */
  } else if (L.ndata) {
    if (!buf__lw_emit_object_with_data(&L, tm, triple, cpu, cg_level, threads, direct.path,
                                       &err)) {
      buf_emit_error(ctx, module->loc, "LLVM code generation failed: %s", err);
      free(err);
      err = NULL;
      status = BUF_FAILURE;
    }
  } else if (buf__lw_output_direct(&direct) && kind == BUF_LLVM_OUTPUT_OBJECT &&
             (parallel = buf__lw_emit_object_parallel(L.M, triple, cpu, cg_level, threads,
                                                      direct.path, &err)) != 0) {
    if (parallel < 0) {
      buf_emit_error(ctx, module->loc, "LLVM code generation failed: %s", err);
      free(err);
      err = NULL;
      status = BUF_FAILURE;
    }
  } else if (buf__lw_output_direct(&direct)) {
    if (!buf__lw_output_emit(&direct, L.M, tm, kind, &err)) {
      buf_emit_error(ctx, module->loc, "LLVM code generation failed: %s", err);
      LLVMDisposeMessage(err);
      status = BUF_FAILURE;
    }
  } else if (kind == BUF_LLVM_OUTPUT_IR) {
    text = LLVMPrintModuleToString(L.M);
  } else if (kind == BUF_LLVM_OUTPUT_BITCODE) {
    mb = LLVMWriteBitcodeToMemoryBuffer(L.M);
  } else if (LLVMTargetMachineEmitToMemoryBuffer(tm, L.M,
                                                 ptx ? LLVMAssemblyFile : LLVMObjectFile,
                                                 &err, &mb)) {
    buf_emit_error(ctx, module->loc, "LLVM code generation failed: %s", err);
    LLVMDisposeMessage(err);
    mb = NULL;
    status = BUF_FAILURE;
  }
  /* The module goes before the output is copied out: with large weights
   * the module's constants and the output are the two biggest things
   * alive, and they need not be alive together. */
  if (tm)
    LLVMDisposeTargetMachine(tm);
  LLVMDisposeBuilder(L.B);
  LLVMDisposeModule(L.M);
  LLVMContextDispose(L.C);
  if (BUF_FAILED(status) || !buf__lw_output_direct(&direct)) {
    buf__lw_output_close(&direct);
  } else if (!buf__lw_output_finish(&direct, out, len)) {
    buf_emit_error(ctx, module->loc, "cannot write the LLVM output");
    status = BUF_FAILURE;
  }
  const char *bytes = text ? text : mb ? LLVMGetBufferStart(mb) : NULL;
  size_t nbytes = text ? strlen(text) : mb ? LLVMGetBufferSize(mb) : 0;
  if (bytes && stream) {
    if (fwrite(bytes, 1, nbytes, stream) != nbytes) {
      buf_emit_error(ctx, module->loc, "cannot write the LLVM output");
      status = BUF_FAILURE;
    }
  } else if (bytes) {
    *len = nbytes;
    *out = dup_bytes(bytes, nbytes);
  }
  if (text)
    LLVMDisposeMessage(text);
  if (mb)
    LLVMDisposeMemoryBuffer(mb);
  lap(timing ? &timing->llvm_emit : NULL, &clock);
  if (L.libdevice_bytes) /* read, but a failure came before the link */
    LLVMDisposeMemoryBuffer(L.libdevice_bytes);
  if (L.ndata && options && options->release_resource_blobs)
    buf_ctx_release_resource_blobs(ctx);
  buf__lw_data_free(&L);
  free(L.slots);
  return status;
}
