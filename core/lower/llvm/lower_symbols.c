/*
 * lower_symbols.c: the module's symbols, declared in the lowering's first
 * pass so that calls and get_global find them whatever the order.
 *
 * Functions: function boundaries expand memref descriptors into their
 * fields, as upstream's func-to-llvm does, so calls to runner-utils print
 * functions (printMemrefF32(i64 rank, ptr)) link against the real library;
 * public functions also get a _mlir_ciface_ wrapper taking descriptors by
 * pointer, and the function the JIT runs a packed entry point. memref.global
 * becomes an LLVM global: zeroinitializer, or its elements as raw bytes;
 * for an object file, a large constant is only declared here and its bytes
 * are written by lower_object_data.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lower_internal.h"

/* --- functions ----------------------------------------------------------- */

/* Contract in lower_internal.h. */
buf_type_t buf__lw_fn_type(buf_op_t *fn) {
  buf_attr_t a = buf_op_attr(fn, "function_type");
  return a && a->kind == BUF_ATTR_TYPE ? a->type : NULL;
}

/* Contract in lower_internal.h. */
const char *buf__lw_sym_name(buf_op_t *op) {
  buf_attr_t a = buf_op_attr(op, "sym_name");
  return a && a->kind == BUF_ATTR_STRING ? a->u.str.data : NULL;
}

/* Appends the expanded parameter types of t to params. */
static unsigned expand_type(lw_t *L, buf_type_t t, LLVMTypeRef *params) {
  if (t->kind == BUF_TYPE_MEMREF) {
    uint32_t r = t->u.shaped.rank;
    unsigned n = 0;
    LLVMTypeRef p = LLVMPointerTypeInContext(L->C, buf__lw_mem_addrspace(t));
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
  params[0] = buf__lw_type(L, t);
  return 1;
}

/* Contract in lower_internal.h. */
unsigned buf__lw_expand_value(lw_t *L, buf_type_t t, LLVMValueRef v, LLVMValueRef *args) {
  if (t->kind == BUF_TYPE_MEMREF) {
    uint32_t r = t->u.shaped.rank;
    unsigned n = 0;
    /* A descriptor keeps the address space of its pointers (a heap buffer
     * of a memref in memory space N holds malloc's), a parameter has its
     * type's: cast where they differ, as a call of a function taking a
     * memref<..., 2> needs. */
    LLVMTypeRef p = LLVMPointerTypeInContext(L->C, buf__lw_mem_addrspace(t));
    for (unsigned i = 0; i < 2; i++) {
      LLVMValueRef ptr = extract(L, v, i);
      args[n++] = LLVMTypeOf(ptr) == p ? ptr : LLVMBuildAddrSpaceCast(L->B, ptr, p, "");
    }
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
LLVMValueRef buf__lw_collapse_params(lw_t *L, buf_type_t t, LLVMValueRef *p, unsigned *used) {
  if (t->kind == BUF_TYPE_MEMREF) {
    uint32_t r = t->u.shaped.rank;
    *used = 3 + 2 * r;
    LLVMValueRef d = LLVMGetUndef(buf__lw_type(L, t));
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
    LLVMValueRef u = LLVMGetUndef(buf__lw_unranked_type(L));
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
    return buf__lw_type(L, ft->u.func.results[0]);
  LLVMTypeRef f[64];
  for (uint32_t i = 0; i < n && i < 64; i++)
    f[i] = buf__lw_type(L, ft->u.func.results[i]);
  return LLVMStructTypeInContext(L->C, f, n, 0);
}


/* The LLVM type of a function of IR function type ft: memref parameters
 * expanded, several results in a struct. NULL, with *why set, when a type
 * has no lowering or there are too many. */
LLVMTypeRef buf__lw_fn_llvm_type(lw_t *L, buf_type_t ft, const char **why) {
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

/* A memref argument marked llvm.noalias (share-repeated-loop-nests marks
 * buffers that cannot overlap): LLVM's noalias on the aligned pointer of
 * its descriptor, the one loads and stores go through. */
static void mark_noalias_params(lw_t *L, buf_op_t *fn, buf_type_t ft, LLVMValueRef f) {
  if (!buf_op_attr(fn, "arg_attrs"))
    return;
  LLVMAttributeRef noalias = NULL;
  LLVMTypeRef scratch[3 + 2 * 64];
  unsigned p = 0;
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++) {
    buf_type_t t = ft->u.func.inputs[i];
    if (t->kind == BUF_TYPE_MEMREF && buf_op_arg_attr(fn, i, "llvm.noalias")) {
      if (!noalias)
        noalias = LLVMCreateEnumAttribute(
            L->C, LLVMGetEnumAttributeKindForName("noalias", 7), 0);
      LLVMAddAttributeAtIndex(f, p + 2, noalias); /* 1-based; field 1 */
    }
    p += expand_type(L, t, scratch);
  }
}

/* Contract in lower_internal.h. */
buf_status_t buf__lw_declare_fn(lw_t *L, buf_op_t *fn) {
  buf_type_t ft = buf__lw_fn_type(fn);
  const char *name = buf__lw_sym_name(fn), *why;
  if (!ft || !name)
    return fail(L, fn, "function without a name or type");
  LLVMTypeRef fty = buf__lw_fn_llvm_type(L, ft, &why);
  if (!fty)
    return fail(L, fn, why);
  LLVMValueRef f = LLVMAddFunction(L->M, name, fty);
  mark_noalias_params(L, fn, ft, f);
  buf_attr_t vis = buf_op_attr(fn, "sym_visibility");
  bool has_body = fn->num_regions && !buf_region_empty(fn->regions[0]);
  if (has_body && vis && vis->kind == BUF_ATTR_STRING &&
      strcmp(vis->u.str.data, "private") == 0)
    LLVMSetLinkage(f, LLVMInternalLinkage);
  /* Kernels outlined by gpu-outline-parallel-loops: PTX entry points. */
  if (buf_op_has_attr(fn, "bufferd.gpu_kernel"))
    LLVMSetFunctionCallConv(f, LLVM_PTX_KERNEL_CC);
  buf__lw_map_put(L, fn, f);
  return BUF_SUCCESS;
}

/* _mlir_ciface_<name>: memref arguments by pointer to descriptor; a memref
 * or multiple results through a leading result pointer. */
void buf__lw_emit_ciface(lw_t *L, buf_op_t *fn) {
  buf_type_t ft = buf__lw_fn_type(fn);
  LLVMValueRef inner = buf__lw_map_get(L, fn);
  uint32_t nres = ft->u.func.num_results;
  bool out_ptr = nres > 1 || (nres == 1 && buf_type_is_memref(ft->u.func.results[0]));
  LLVMTypeRef params[MAX_PARAMS];
  unsigned np = 0;
  if (out_ptr)
    params[np++] = L->ptr;
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++) {
    buf_type_t t = ft->u.func.inputs[i];
    params[np++] = buf_type_is_memref(t) ? L->ptr : buf__lw_type(L, t);
  }
  LLVMTypeRef ret = out_ptr || nres == 0 ? L->voidt : result_type(L, ft);
  char *name = buf_arena_printf(buf_ctx_arena(L->ctx), "_mlir_ciface_%s",
                                buf__lw_sym_name(fn));
  LLVMValueRef w = LLVMAddFunction(L->M, name, LLVMFunctionType(ret, params, np, 0));
  LLVMPositionBuilderAtEnd(L->B, LLVMAppendBasicBlockInContext(L->C, w, "entry"));
  LLVMValueRef args[MAX_PARAMS];
  unsigned na = 0, p = out_ptr ? 1 : 0;
  for (uint32_t i = 0; i < ft->u.func.num_inputs; i++, p++) {
    buf_type_t t = ft->u.func.inputs[i];
    LLVMValueRef v = LLVMGetParam(w, p);
    if (buf_type_is_memref(t))
      v = LLVMBuildLoad2(L->B, buf__lw_type(L, t), v, "");
    na += buf__lw_expand_value(L, t, v, args + na);
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
void buf__lw_emit_jit_entry(lw_t *L, buf_op_t *fn) {
  buf_type_t ft = buf__lw_fn_type(fn);
  LLVMValueRef inner = buf__lw_map_get(L, fn);
  char *name = buf_arena_printf(buf_ctx_arena(L->ctx), "_bufferd_jit_%s", buf__lw_sym_name(fn));
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
      LLVMValueRef arg = LLVMBuildLoad2(L->B, buf__lw_type(L, t), slot, "");
      na += buf__lw_expand_value(L, t, arg, args + na);
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

/* Contract in lower_internal.h. */
LLVMValueRef buf__lw_get_fn(lw_t *L, const char *name, LLVMTypeRef ret, LLVMTypeRef *params,
                            unsigned n) {
  LLVMValueRef f = LLVMGetNamedFunction(L->M, name);
  if (!f)
    f = LLVMAddFunction(L->M, name, LLVMFunctionType(ret, params, n, 0));
  return f;
}

/* --- memref.global ------------------------------------------------------ */

/* Element i of a dense initial value, as a constant of type t. */
static LLVMValueRef scalar_const(lw_t *L, buf_type_t t, buf_attr_t dense,
                                 int64_t i) {
  LLVMTypeRef lt = buf__lw_type(L, t);
  if (buf_type_is_float(t))
    return LLVMConstReal(lt, buf_attr_dense_float(dense, i));
  return LLVMConstInt(lt, (unsigned long long)buf_attr_dense_int(dense, i), 1);
}

/* Bytes of one element of elem in a raw little-endian array whose LLVM
 * layout is the same: f32, f64, and integers of 8, 16, 32 or 64 bits
 * (index too); 0 for the rest (i1 and odd widths are packed differently,
 * f16/bf16 need a rounding this file does not repeat). */
static size_t raw_elem_bytes(buf_type_t elem) {
  if (elem->kind == BUF_TYPE_FLOAT)
    return elem->u.fkind == BUF_F32 ? 4 : elem->u.fkind == BUF_F64 ? 8 : 0;
  if (elem->kind == BUF_TYPE_INTEGER && elem->u.integer.width == 1)
    return 0;
  return buf_resource_elem_bytes(elem);
}

/* Element i of a DENSE value as eb little-endian bytes at out. */
static void put_raw_elem(buf_type_t elem, buf_attr_t dense, int64_t i, size_t eb,
                         uint8_t *out) {
  uint64_t bits;
  if (elem->kind == BUF_TYPE_FLOAT && eb == 4) {
    float f = (float)buf_attr_dense_float(dense, i);
    uint32_t b;
    memcpy(&b, &f, 4);
    bits = b;
  } else if (elem->kind == BUF_TYPE_FLOAT) {
    double d = buf_attr_dense_float(dense, i);
    memcpy(&bits, &d, 8);
  } else {
    bits = (uint64_t)buf_attr_dense_int(dense, i);
  }
  for (size_t k = 0; k < eb; k++)
    out[k] = (uint8_t)(bits >> (8 * k));
}

/* Where the bytes of a global's initial value come from: a blob (data),
 * or a DENSE value whose elements are written eb bytes each. */
typedef struct byte_source {
  const uint8_t *data; /* the bytes, or NULL: made from dense */
  buf_type_t elem;
  buf_attr_t dense;
  size_t eb;
} byte_source_t;

/* Writes bytes [at, at + n) of src to out; at and n are multiples of eb. */
static void source_bytes(const byte_source_t *src, uint64_t at, size_t n, uint8_t *out) {
  if (src->data) {
    memcpy(out, src->data + at, n);
  } else if (src->dense->u.dense.splat) {
    put_raw_elem(src->elem, src->dense, 0, src->eb, out);
    for (size_t have = src->eb; have < n; have *= 2)
      memcpy(out + have, out, have * 2 <= n ? have : n - have);
  } else {
    for (size_t k = 0; k < n; k += src->eb)
      put_raw_elem(src->elem, src->dense, (int64_t)((at + k) / src->eb), src->eb, out + k);
  }
}

/* An array of bytes [at, at + n) of src as one LLVM constant. A blob's
 * bytes are given to LLVM where they lie; others are made in a
 * temporary. */
static LLVMValueRef byte_array(lw_t *L, const byte_source_t *src, uint64_t at, size_t n,
                               uint8_t *scratch) {
  if (src->data)
    return LLVMConstDataArray(L->i8, (const char *)src->data + at, n);
  source_bytes(src, at, n, scratch);
  return LLVMConstDataArray(L->i8, (const char *)scratch, n);
}

/* Large values for an object file or PTX are built in pieces of this many
 * bytes (a multiple of every element size). */
enum { WEIGHT_PIECE_BYTES = 1 << 20 };

/* The initial value of a global as raw bytes, the way weights go (see
 * buf__lw_declare_global): building one LLVM constant per element of
 * AlexNet's 61 M weights took a minute.
 *
 * For IR text and bitcode it is one byte array ([size x i8]). For an
 * object file or PTX (L->piecewise), a value over WEIGHT_PIECE_BYTES is an
 * array of pieces (then the rest, in a packed struct): the code generator
 * writes the same bytes, but
 *   - a splat's pieces are one constant (LLVM uniques equal constants), so
 *     the module holds one piece, not a copy of the whole value, and no
 *     temporary of the whole value is made;
 *   - the assembler keeps each piece in its own fragment; a whole value in
 *     one fragment followed by the next global's alignment makes LLVM 22's
 *     layout grow a zero-filled buffer of the value's size.
 * IR text keeps one array: it prints as c"..." there. */
static LLVMValueRef raw_initializer(lw_t *L, const byte_source_t *src, uint64_t size) {
  bool splat = !src->data && src->dense->u.dense.splat;
  if (!L->piecewise || size <= WEIGHT_PIECE_BYTES) {
    uint8_t *scratch = src->data ? NULL : malloc(size);
    if (!src->data && !scratch)
      abort();
    LLVMValueRef c = byte_array(L, src, 0, size, scratch);
    free(scratch);
    return c;
  }
  uint64_t num = size / WEIGHT_PIECE_BYTES, rest = size % WEIGHT_PIECE_BYTES;
  uint8_t *scratch = src->data ? NULL : malloc(WEIGHT_PIECE_BYTES);
  LLVMValueRef *pieces = malloc(num * sizeof *pieces);
  if ((!src->data && !scratch) || !pieces)
    abort();
  for (uint64_t i = 0; i < num; i++)
    pieces[i] = splat && i > 0 ? pieces[0]
                               : byte_array(L, src, i * WEIGHT_PIECE_BYTES,
                                            WEIGHT_PIECE_BYTES, scratch);
  LLVMValueRef whole =
      LLVMConstArray2(LLVMArrayType2(L->i8, WEIGHT_PIECE_BYTES), pieces, num);
  free(pieces);
  if (rest) {
    LLVMValueRef parts[2] = {whole, byte_array(L, src, num * WEIGHT_PIECE_BYTES, rest, scratch)};
    whole = LLVMConstStructInContext(L->C, parts, 2, 1 /* packed: no padding */);
  }
  free(scratch);
  return whole;
}

/* A DENSE splat of +0 (all bits zero): a zeroinitializer, which costs no
 * bytes in the object (.bss) and no time to build. */
static bool zero_splat(buf_attr_t a) {
  if (!a || a->kind != BUF_ATTR_DENSE || !a->u.dense.splat)
    return false;
  if (a->u.dense.floats) {
    double d = a->u.dense.floats[0];
    return d == 0 && !signbit(d);
  }
  return a->u.dense.ints && a->u.dense.ints[0] == 0;
}

/* A constant whose bytes go into the object file apart from LLVM
 * (lower_object_data.c): a declaration here. A private one is hidden, so
 * that code refers to it PC-relative, as to a definition of its own. */
static LLVMValueRef declare_apart(lw_t *L, const char *name, const byte_source_t *src,
                                  uint64_t size, bool local, unsigned align) {
  LLVMValueRef gv = LLVMAddGlobal(L->M, LLVMArrayType2(L->i8, size), name);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetAlignment(gv, align);
  if (local)
    LLVMSetVisibility(gv, LLVMHiddenVisibility);
  const uint8_t *bytes = src->data;
  if (!bytes) {
    uint8_t *made = malloc(size);
    if (!made)
      abort();
    source_bytes(src, 0, size, made);
    bytes = made;
  }
  if (L->ndata == L->data_cap) {
    L->data_cap = L->data_cap ? 2 * L->data_cap : 16;
    L->data = realloc(L->data, L->data_cap * sizeof *L->data);
    if (!L->data)
      abort();
  }
  size_t len;
  const char *given = LLVMGetValueName2(gv, &len);
  char *symbol = malloc(len + 1);
  if (!symbol)
    abort();
  memcpy(symbol, given, len);
  symbol[len] = 0;
  L->data[L->ndata++] = (lw_datum_t){.symbol = symbol,
                                     .bytes = bytes,
                                     .size = size,
                                     .align = align,
                                     .local = local,
                                     .owned = !src->data};
  return gv;
}

/* Contract in lower_internal.h. */
buf_status_t buf__lw_declare_global(lw_t *L, buf_op_t *g) {
  buf_attr_t ta = buf_op_attr(g, "type");
  const char *name = buf__lw_sym_name(g);
  if (!ta || ta->kind != BUF_ATTR_TYPE || !name ||
      ta->type->kind != BUF_TYPE_MEMREF || !buf_type_has_static_shape(ta->type))
    return fail(L, g, "memref.global needs a static memref type");
  buf_type_t t = ta->type;
  int64_t n = buf_type_num_elements(t);
  LLVMTypeRef et = buf__lw_type(L, t->u.shaped.elem);
  if (!et)
    return fail(L, g, "element type has no LLVM lowering");
  LLVMTypeRef at = LLVMArrayType2(et, (uint64_t)n);
  buf_attr_t init = buf_op_attr(g, "initial_value");
  const char *bad = buf_attr_is_elements(init) ? buf_attr_elements_error(init)
                                               : NULL;
  if (bad)
    return fail(L, g, bad);
  buf_type_t elem = t->u.shaped.elem;
  bool i1 = elem->kind == BUF_TYPE_INTEGER && elem->u.integer.width == 1;
  bool constant = buf_op_has_attr(g, "constant");
  buf_attr_t vis = buf_op_attr(g, "sym_visibility");
  bool private =
      vis && vis->kind == BUF_ATTR_STRING && strcmp(vis->u.str.data, "private") == 0;
  buf_attr_t al = buf_op_attr(g, "alignment");
  unsigned align = al && al->kind == BUF_ATTR_INTEGER ? (unsigned)al->u.i : 16;
  /* The initial value as raw bytes, where it has a raw layout. */
  byte_source_t src = {0};
  uint64_t raw_size = 0;
  if (init && init->kind == BUF_ATTR_DENSE_RESOURCE && !i1) {
    /* The blob is the array's little-endian bytes already: one raw
     * constant, never one constant per element. It is an array of bytes
     * ([size x i8]), not of the element type: LLVM writes a byte array
     * as one block (.ascii in PTX and assembly, one copy into the object
     * file, c"..." in IR text) but any other array one element at a time,
     * which for 100 MB of weights takes minutes. Loads index the global
     * by the element type, so its array type does not matter to them. i1
     * takes a byte per element in the blob but a bit in LLVM: it goes the
     * element-wise way below. */
    src = (byte_source_t){.data = (const uint8_t *)init->u.resource->data, .eb = 1};
    raw_size = init->u.resource->size;
  } else if (init && init->kind == BUF_ATTR_DENSE && !zero_splat(init) && n > 0 &&
             raw_elem_bytes(elem)) {
    /* Any other dense value with a raw layout: the same raw bytes. */
    src = (byte_source_t){.elem = elem, .dense = init, .eb = raw_elem_bytes(elem)};
    raw_size = (uint64_t)n * src.eb;
  }
  /* A splat stays in LLVM, which holds one piece of it (raw_initializer). */
  if (raw_size && constant && L->data_apart && raw_size >= LW_DATA_APART_MIN_BYTES &&
      (src.data || !init->u.dense.splat)) {
    declare_apart(L, name, &src, raw_size, private, align);
    return BUF_SUCCESS;
  }
  LLVMValueRef gv;
  if (raw_size) {
    LLVMValueRef raw = raw_initializer(L, &src, raw_size);
    gv = LLVMAddGlobal(L->M, LLVMTypeOf(raw), name);
    LLVMSetInitializer(gv, raw);
  } else if (buf_attr_is_elements(init) && !zero_splat(init)) {
    gv = LLVMAddGlobal(L->M, at, name);
    LLVMValueRef *elems = malloc((size_t)(n ? n : 1) * sizeof *elems);
    if (!elems)
      abort();
    for (int64_t i = 0; i < n; i++)
      elems[i] = scalar_const(L, t->u.shaped.elem, init, i);
    LLVMSetInitializer(gv, LLVMConstArray2(et, elems, (uint64_t)n));
    free(elems);
  } else {
    gv = LLVMAddGlobal(L->M, at, name);
    LLVMSetInitializer(gv, LLVMConstNull(at));
  }
  if (constant)
    LLVMSetGlobalConstant(gv, 1);
  if (private)
    LLVMSetLinkage(gv, LLVMInternalLinkage);
  LLVMSetAlignment(gv, align);
  return BUF_SUCCESS;
}
