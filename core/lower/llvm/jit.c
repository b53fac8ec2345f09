/*
 * jit.c: buf_jit_run, a function run natively with ORC's LLJIT (llvm-c).
 *
 * How it works. The module is lowered as for --emit=llvm (a tensor program
 * is bufferized and deallocated first) plus one function,
 * _bufferd_jit_<func>(ptr slots) (lower_symbols.c's
 * buf__lw_emit_jit_entry), whose one signature C can call whatever func
 * takes. It arrives as bitcode, is read into a fresh LLVMContext owned by
 * the JIT, and LLJIT compiles it for the host. The main JITDylib resolves
 * the runner-utils functions to jit_runtime.c and the compiler-runtime
 * helpers (__truncdfhf2, __divti3, ...) to jit_builtins.c, as absolute
 * symbols, and all else (malloc, free, libm) from the process. A `__` name
 * is never taken from the process: whether libgcc_s is visible there
 * depends on the machine, so a helper missing from the table fails the
 * same way everywhere.
 *
 * Arguments come in the interpreter's JSON form (schema/run-values.schema.json),
 * typed by func's signature before bufferization and read by the
 * interpreter's reader (buf_run_args_read, so both accept the same inputs
 * with the same messages): scalars go to 8-byte
 * slots, tensors and memrefs to fresh row-major buffers behind upstream's
 * descriptors. Results are read back through their descriptors into the
 * same form. One LLJIT per run, so runs on two threads share nothing (the
 * print functions' stream is thread-local).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>

#include "llvm_api.h"

#include "buf/interp.h"
#include "buf/lower.h"
#include "buf/syntax.h"
#include "jit_internal.h"

#define MAX_RANK BUF_RUN_MAX_RANK

/* A diagnostic located at function fn (the one being run). */
#define ERROR_AT(fn, ...) buf_emit_error(buf_op_ctx(fn), (fn)->loc, __VA_ARGS__)

/* One argument or result: its storage is what slots[] points at. */
typedef struct jit_value {
  buf_type_t type;   /* before bufferization: what the JSON says and shows */
  buf_type_t native; /* after: what the compiled function takes or returns */
  uint64_t scalar;   /* a scalar's bytes, little-endian from the start */
  int64_t desc[3 + 2 * MAX_RANK]; /* allocated, aligned, offset, sizes, strides */
  int64_t unranked[2];            /* rank, pointer to desc */
  void *data;                     /* an argument's buffer, freed after the run */
} jit_value_t;

/* ------------------------------------------------------------------------ */
/* Elements in memory                                                        */
/* ------------------------------------------------------------------------ */

/* Bytes of one element of type t in memory (LLVM's allocation size); 0
 * when the JIT has no memory form for it. */
static size_t elem_size(buf_type_t t) {
  if (buf_type_is_float(t))
    return t->u.fkind == BUF_F64 ? 8 : t->u.fkind == BUF_F32 ? 4 : 2;
  if (t->kind == BUF_TYPE_INDEX)
    return 8;
  if (t->kind != BUF_TYPE_INTEGER || t->u.integer.width > 64)
    return 0;
  uint32_t w = t->u.integer.width;
  return w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : 8;
}

static uint32_t int_width(buf_type_t t) {
  return t->kind == BUF_TYPE_INDEX ? 64 : t->u.integer.width;
}

/* The bits of d in a binary float with mbits mantissa and ebits exponent
 * bits (f16: 10, 5; bf16: 7, 8), rounded to nearest even. */
static uint16_t small_float_bits(double d, int mbits, int ebits) {
  uint16_t sign = signbit(d) ? (uint16_t)(1u << (mbits + ebits)) : 0;
  int bias = (1 << (ebits - 1)) - 1;
  uint16_t inf = (uint16_t)(((1u << ebits) - 1) << mbits);
  if (isnan(d))
    return sign | inf | (uint16_t)(1u << (mbits - 1));
  double a = fabs(d);
  if (a == 0)
    return sign;
  int x;
  frexp(a, &x);
  int e = x - 1; /* a is in [2^e, 2^(e+1)) */
  if (e < 1 - bias) /* subnormal: a rounding up to the least normal encodes as it */
    return sign | (uint16_t)nearbyint(ldexp(a, bias - 1 + mbits));
  double m = nearbyint(ldexp(a, mbits - e));
  if (m == ldexp(1, mbits + 1)) {
    m /= 2;
    e++;
  }
  if (e > bias)
    return sign | inf;
  return sign | (uint16_t)((e + bias) << mbits) | (uint16_t)(m - ldexp(1, mbits));
}

static double small_float_value(uint16_t h, int mbits, int ebits) {
  int bias = (1 << (ebits - 1)) - 1, emax = (1 << ebits) - 1;
  int e = (h >> mbits) & emax, m = h & ((1 << mbits) - 1);
  double v = e == 0      ? ldexp(m, 1 - bias - mbits)
             : e == emax ? (m ? NAN : INFINITY)
                         : ldexp(m + (1 << mbits), e - bias - mbits);
  return h >> (mbits + ebits) ? -v : v;
}

/* Writes e, decoded for type t, as t's bytes at p (f16 and bf16 rounded to
 * nearest even; integers little-endian, the low bytes). */
static void store_elem(buf_run_elem_t e, buf_type_t t, void *p) {
  if (buf_type_is_float(t)) {
    if (t->u.fkind == BUF_F64) {
      memcpy(p, &e.f, 8);
    } else if (t->u.fkind == BUF_F32) {
      float f = (float)e.f;
      memcpy(p, &f, 4);
    } else {
      uint16_t h = t->u.fkind == BUF_F16 ? small_float_bits(e.f, 10, 5)
                                         : small_float_bits(e.f, 7, 8);
      memcpy(p, &h, 2);
    }
    return;
  }
  memcpy(p, &e.i, elem_size(t));
}

/* The element of type t at p in the interpreter's JSON form. */
static json_t *elem_to_json(const void *p, buf_type_t t) {
  if (buf_type_is_float(t)) {
    double d;
    if (t->u.fkind == BUF_F64) {
      memcpy(&d, p, 8);
    } else if (t->u.fkind == BUF_F32) {
      float f;
      memcpy(&f, p, 4);
      d = f;
    } else {
      uint16_t h;
      memcpy(&h, p, 2);
      d = t->u.fkind == BUF_F16 ? small_float_value(h, 10, 5) : small_float_value(h, 7, 8);
    }
    if (isnan(d))
      return json_string(signbit(d) ? "-nan" : "nan");
    if (isinf(d))
      return json_string(d < 0 ? "-inf" : "inf");
    return json_real(d);
  }
  uint64_t i = 0;
  memcpy(&i, p, elem_size(t));
  uint32_t w = int_width(t);
  if (w < 64)
    i &= (UINT64_C(1) << w) - 1;
  if (t->kind == BUF_TYPE_INTEGER && w == 1)
    return json_boolean(i & 1);
  if (t->kind == BUF_TYPE_INTEGER && t->u.integer.signedness == BUF_UNSIGNED)
    return json_integer((json_int_t)i);
  if (w < 64 && (i >> (w - 1)) & 1)
    i |= ~UINT64_C(0) << w; /* sign-extend */
  return json_integer((json_int_t)i);
}

/* ------------------------------------------------------------------------ */
/* Arguments                                                                 */
/* ------------------------------------------------------------------------ */

/* True when a row-major buffer at offset 0 of these sizes satisfies the
 * static strides and offset of memref type t. */
static bool row_major_fits(buf_type_t t, uint32_t rank, const int64_t *sizes) {
  int64_t st[MAX_RANK], off, expect = 1;
  if (BUF_FAILED(buf_type_memref_strides(t, st, &off)))
    return false;
  if (off != BUF_DYNAMIC && off != 0)
    return false;
  for (uint32_t i = rank; i-- > 0;) {
    if (st[i] != BUF_DYNAMIC && st[i] != expect && sizes[i] > 1)
      return false;
    expect *= sizes[i];
  }
  return true;
}

/* Fills v (type and native set) from a, argument #i of fn as
 * buf_run_args_read decoded it. */
static bool arg_value(buf_op_t *fn, const buf_run_arg_t *a, uint32_t i, jit_value_t *v) {
  buf_ctx_t *ctx = buf_op_ctx(fn);
  if (!buf_type_is_shaped(v->type)) {
    if (!elem_size(v->type)) {
      ERROR_AT(fn, "input #%u: bad or missing \"value\" for %s", i,
               buf_type_to_string(ctx, a->type));
      return false;
    }
    store_elem(a->elems[0], v->type, &v->scalar);
    return true;
  }
  uint32_t rank = a->rank;
  int64_t *sizes = v->desc + 3, *strides = v->desc + 3 + rank, stride = 1;
  memcpy(sizes, a->shape, rank * sizeof *sizes);
  for (uint32_t d = rank; d-- > 0;) {
    strides[d] = stride;
    stride *= sizes[d];
  }
  buf_type_t et = buf_type_elem(v->type);
  size_t es = elem_size(et);
  if (!es) {
    ERROR_AT(fn, "input #%u: the JIT has no memory form for %s elements", i,
             buf_type_to_string(ctx, et));
    return false;
  }
  if (v->native->kind == BUF_TYPE_MEMREF &&
      (v->native->u.shaped.rank != rank || !row_major_fits(v->native, rank, sizes))) {
    ERROR_AT(fn, "input #%u: the compiled function takes '%s', which a row-major "
             "buffer does not fit", i, buf_type_to_string(ctx, v->native));
    return false;
  }
  v->data = calloc((size_t)(a->num_elements ? a->num_elements : 1), es);
  if (!v->data)
    abort(); /* out of memory */
  /* an uninitialized element (null) reads as zero natively */
  for (int64_t k = 0; k < a->num_elements; k++)
    if (a->elems[k].init)
      store_elem(a->elems[k], et, (char *)v->data + k * (int64_t)es);
  v->desc[0] = v->desc[1] = (int64_t)(intptr_t)v->data;
  v->desc[2] = 0;
  v->unranked[0] = rank;
  v->unranked[1] = (int64_t)(intptr_t)v->desc;
  return true;
}

/* ------------------------------------------------------------------------ */
/* Results                                                                   */
/* ------------------------------------------------------------------------ */

static json_t *result_json(buf_ctx_t *ctx, const jit_value_t *v) {
  json_t *e = json_object();
  json_object_set_new(e, "type", json_string(buf_type_to_string(ctx, v->type)));
  if (v->native->kind != BUF_TYPE_MEMREF) {
    json_object_set_new(e, "value", elem_to_json(&v->scalar, v->native));
    return e;
  }
  uint32_t rank = v->native->u.shaped.rank;
  const int64_t *sizes = v->desc + 3, *strides = v->desc + 3 + rank;
  buf_type_t et = buf_type_elem(v->native);
  size_t es = elem_size(et);
  const char *aligned = (const char *)(intptr_t)v->desc[1];
  json_t *js = json_array(), *jd = json_array();
  int64_t numel = 1, idx[MAX_RANK] = {0};
  for (uint32_t d = 0; d < rank; d++) {
    json_array_append_new(js, json_integer(sizes[d]));
    numel *= sizes[d];
  }
  for (int64_t k = 0; k < numel; k++) {
    int64_t off = v->desc[2];
    for (uint32_t d = 0; d < rank; d++)
      off += idx[d] * strides[d];
    json_array_append_new(jd, elem_to_json(aligned + off * (int64_t)es, et));
    for (uint32_t d = rank; d-- > 0;) { /* next row-major index */
      if (++idx[d] < sizes[d])
        break;
      idx[d] = 0;
    }
  }
  json_object_set_new(e, "shape", js);
  json_object_set_new(e, "data", jd);
  return e;
}

/* ------------------------------------------------------------------------ */
/* The JIT                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct jit_errors {
  char first[1024]; /* the first error the execution session reported */
} jit_errors_t;

/* LLJIT reports materialization errors (an unresolved symbol, say) here
 * and a lookup then fails with a summary; keep the detail for the
 * diagnostic instead of LLJIT's default print to stderr. */
static void report_session_error(void *ctx, LLVMErrorRef e) {
  jit_errors_t *errs = ctx;
  char *m = LLVMGetErrorMessage(e);
  if (!errs->first[0])
    snprintf(errs->first, sizeof errs->first, "%s", m);
  LLVMDisposeErrorMessage(m);
}

static bool jit_failed(buf_op_t *fn, const char *what, LLVMErrorRef e, const jit_errors_t *errs) {
  if (!e)
    return false;
  char *m = LLVMGetErrorMessage(e);
  ERROR_AT(fn, "JIT: %s: %s%s%s", what, m, errs->first[0] ? ": " : "", errs->first);
  LLVMDisposeErrorMessage(m);
  return true;
}

/* The runner-utils functions and the compiler-runtime helpers as absolute
 * symbols of the main JITDylib. */
static LLVMErrorRef define_runtime(LLVMOrcLLJITRef J, LLVMOrcJITDylibRef jd) {
  const struct {
    const buf__jit_symbol_t *syms;
    size_t n;
  } tables[] = {{buf__jit_runtime_symbols, buf__jit_runtime_num_symbols},
                {buf__jit_builtin_symbols, buf__jit_builtin_num_symbols}};
  size_t n = buf__jit_runtime_num_symbols + buf__jit_builtin_num_symbols;
  LLVMOrcCSymbolMapPair *pairs = calloc(n, sizeof *pairs);
  if (!pairs)
    abort(); /* out of memory */
  size_t k = 0;
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
    for (size_t i = 0; i < tables[t].n; i++, k++) {
      pairs[k].Name = LLVMOrcLLJITMangleAndIntern(J, tables[t].syms[i].name);
      pairs[k].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)tables[t].syms[i].address;
      pairs[k].Sym.Flags.GenericFlags =
          LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
    }
  LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(pairs, n);
  free(pairs);
  LLVMErrorRef e = LLVMOrcJITDylibDefine(jd, mu);
  if (e)
    LLVMOrcDisposeMaterializationUnit(mu);
  return e;
}

/* The process generator's filter: everything but the reserved `__` names
 * (compiler-runtime helpers come from define_runtime only). */
static int from_process(void *unused, LLVMOrcSymbolStringPoolEntryRef sym) {
  (void)unused;
  return strncmp(LLVMOrcSymbolStringPoolEntryStr(sym), "__", 2) != 0;
}

/* Compiles bitcode with a fresh LLJIT, runs _bufferd_jit_<func>(slots). */
static buf_status_t jit_and_call(buf_op_t *fn, const char *func, const char *bc, size_t len,
                                 void **slots, FILE *out) {
  jit_errors_t errs = {{0}};
  LLVMOrcLLJITRef J = NULL;
  if (jit_failed(fn, "cannot create LLJIT", LLVMOrcCreateLLJIT(&J, NULL), &errs))
    return BUF_FAILURE;
  LLVMOrcExecutionSessionSetErrorReporter(LLVMOrcLLJITGetExecutionSession(J), report_session_error,
                                          &errs);
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(J);
  buf_status_t status = BUF_FAILURE;
  LLVMOrcDefinitionGeneratorRef gen = NULL;
  if (jit_failed(fn, "runner-utils symbols", define_runtime(J, jd), &errs) ||
      jit_failed(fn, "process symbols",
                 LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
                     &gen, LLVMOrcLLJITGetGlobalPrefix(J), from_process, NULL),
                 &errs))
    goto done;
  LLVMOrcJITDylibAddGenerator(jd, gen);

  LLVMContextRef C = LLVMContextCreate();
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(bc, len, "bufferd", 0);
  LLVMModuleRef M = NULL;
  bool bad = LLVMParseBitcodeInContext2(C, mb, &M);
  LLVMDisposeMemoryBuffer(mb);
  if (bad) {
    LLVMContextDispose(C);
    ERROR_AT(fn, "JIT: internal error: cannot read back the bitcode");
    goto done;
  }
  /* The thread-safe module owns the context and the module from here. */
  LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(C);
  LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(M, tsc);
  LLVMOrcDisposeThreadSafeContext(tsc);
  LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModule(J, jd, tsm);
  if (e) {
    LLVMOrcDisposeThreadSafeModule(tsm);
    jit_failed(fn, "cannot add the module", e, &errs);
    goto done;
  }
  char entry_name[512];
  snprintf(entry_name, sizeof entry_name, "_bufferd_jit_%s", func);
  LLVMOrcExecutorAddress addr = 0;
  e = LLVMOrcLLJITLookup(J, &addr, entry_name);
  if (jit_failed(fn, "cannot compile and link the program", e, &errs))
    goto done;
  void (*entry)(void **) = (void (*)(void **))(uintptr_t)addr;
  buf__jit_runtime_set_out(out);
  entry(slots);
  fflush(out);
  buf__jit_runtime_set_out(NULL);
  status = BUF_SUCCESS;
done:
  e = LLVMOrcDisposeLLJIT(J);
  if (e)
    LLVMConsumeError(e);
  return status;
}

static buf_type_t func_type(buf_op_t *fn) {
  buf_attr_t a = buf_op_attr(fn, "function_type");
  return a && a->kind == BUF_ATTR_TYPE && a->type->kind == BUF_TYPE_FUNCTION ? a->type : NULL;
}

/* Contract in buf/lower.h. */
buf_status_t buf_jit_run(buf_op_t *module, const char *func, const char *inputs_json,
                         char **results_json, const buf_jit_options_t *options) {
  buf_ctx_t *ctx = buf_op_ctx(module);
  FILE *out = options && options->out ? options->out : stdout;
  if (results_json)
    *results_json = NULL;
  buf_op_t *fn = buf_symbol_lookup(module, func);
  buf_type_t ft = fn && buf_op_has_trait(fn, BUF_TRAIT_FUNCTION) ? func_type(fn) : NULL;
  if (!ft) {
    buf_emit_error(ctx, module->loc, "JIT: no function named '@%s' in the module", func);
    return BUF_FAILURE;
  }
  uint32_t nin = ft->u.func.num_inputs, nres = ft->u.func.num_results;
  if (!inputs_json && nin) {
    ERROR_AT(fn, "function '@%s' takes %u argument%s but no inputs were given", func, nin,
             nin == 1 ? "" : "s");
    return BUF_FAILURE;
  }

  /* A tensor program is bufferized with ownership-based deallocation on
   * the way to LLVM: then every result buffer belongs to this caller. */
  bool results_owned = buf_lower_needs_bufferization(module);
  buf_llvm_options_t lopts = {.opt_level = options ? options->opt_level : 2,
                              .timing = options ? options->timing : NULL,
                              .jit_entry = func};
  char *bc = NULL;
  size_t len = 0;
  if (BUF_FAILED(buf_llvm_emit(module, BUF_LLVM_OUTPUT_BITCODE, &lopts, &bc, &len)))
    return BUF_FAILURE;
  fn = buf_symbol_lookup(module, func);
  buf_type_t nft = fn ? func_type(fn) : NULL;
  if (!nft || nft->u.func.num_inputs != nin || nft->u.func.num_results != nres) {
    buf_emit_error(ctx, module->loc,
                   "JIT: bufferization changed the number of arguments or results of '@%s'", func);
    free(bc);
    return BUF_FAILURE;
  }

  jit_value_t *vals = calloc(nin + nres + 1, sizeof *vals);
  void **slots = calloc(nin + nres + 1, sizeof *slots);
  if (!vals || !slots)
    abort(); /* out of memory */
  buf_status_t status = BUF_SUCCESS;
  buf_run_arg_t *args = calloc(nin + 1, sizeof *args);
  if (!args)
    abort(); /* out of memory */
  if (inputs_json)
    status = buf_run_args_read(fn, "", inputs_json, ft->u.func.inputs, nin, args);
  for (uint32_t i = 0; i < nin + nres && !BUF_FAILED(status); i++) {
    jit_value_t *v = &vals[i];
    v->type = i < nin ? ft->u.func.inputs[i] : ft->u.func.results[i - nin];
    v->native = i < nin ? nft->u.func.inputs[i] : nft->u.func.results[i - nin];
    bool shaped = buf_type_is_shaped(v->native);
    if (i >= nin && (shaped ? v->native->kind != BUF_TYPE_MEMREF ||
                                  v->native->u.shaped.rank > MAX_RANK ||
                                  !elem_size(buf_type_elem(v->native))
                            : !elem_size(v->native))) {
      ERROR_AT(fn, "JIT: cannot return a '%s' result to the caller",
               buf_type_to_string(ctx, v->native));
      status = BUF_FAILURE;
    } else if (i < nin && !arg_value(fn, &args[i], i, v)) {
      status = BUF_FAILURE;
    }
    slots[i] = !shaped ? (void *)&v->scalar
               : v->native->kind == BUF_TYPE_MEMREF ? (void *)v->desc
                                                    : (void *)v->unranked;
  }
  buf_run_args_free(args, nin);
  free(args);
  if (!BUF_FAILED(status))
    status = jit_and_call(fn, func, bc, len, slots, out);
  free(bc);

  if (!BUF_FAILED(status) && results_json) {
    json_t *root = json_array();
    for (uint32_t j = 0; j < nres; j++)
      json_array_append_new(root, result_json(ctx, &vals[nin + j]));
    *results_json = json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(17));
    json_decref(root);
  }
  /* Results of a deallocated program pass their buffers to the caller:
   * free each distinct buffer once (never an argument's). */
  for (uint32_t j = 0; !BUF_FAILED(status) && j < nres; j++) {
    jit_value_t *r = &vals[nin + j];
    void *p = (void *)(intptr_t)r->desc[0];
    bool owned = results_owned && r->native->kind == BUF_TYPE_MEMREF && p;
    for (uint32_t k = 0; owned && k < nin + j; k++)
      if ((k < nin ? vals[k].data : (void *)(intptr_t)vals[k].desc[0]) == p)
        owned = false;
    if (owned)
      free(p);
  }
  for (uint32_t i = 0; i < nin; i++)
    free(vals[i].data);
  free(vals);
  free(slots);
  return status;
}
