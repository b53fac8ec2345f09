/*
 * lower_types.c: the LLVM type of each IR type, and memref descriptors.
 *
 * A ranked memref is upstream's descriptor struct { ptr allocated, ptr
 * aligned, i64 offset, [rank x i64] sizes, [rank x i64] strides } (see
 * buf/lower.h). Static sizes, strides and offsets are taken from the type
 * as constants, dynamic ones from the descriptor, so optimized code indexes
 * with constants where the program's types allow. A vector of any rank is
 * one flat LLVM vector of its elements in row-major order.
 */
#include "lower_internal.h"

/* The LLVM address space of a memref type's memory space: the default
 * space is 0, #gpu.memory_space<global|workgroup|private> are NVPTX's 1, 3
 * and 5, an integer space is itself. */
unsigned buf__lw_mem_addrspace(buf_type_t t) {
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

/* Contract in lower_internal.h. */
LLVMTypeRef buf__lw_unranked_type(lw_t *L) {
  LLVMTypeRef f[2] = {L->i64, L->ptr};
  return LLVMStructTypeInContext(L->C, f, 2, 0);
}

/* The LLVM type of an IR type; NULL for types without a lowering. */
LLVMTypeRef buf__lw_type(lw_t *L, buf_type_t t) {
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
    return desc_type_as(L, t->u.shaped.rank, buf__lw_mem_addrspace(t));
  case BUF_TYPE_UNRANKED_MEMREF:
    return buf__lw_unranked_type(L);
  case BUF_TYPE_FUNCTION: /* a function's address, as upstream's func-to-llvm */
    return L->ptr;
  case BUF_TYPE_VECTOR: {
    /* Flattened: vector<2x4xf32> is <8 x float> (row-major), so that
     * elementwise arith/math on any rank is one LLVM operation and
     * shape_cast is free (lower_vector.c). bf16 vectors are not computed. */
    LLVMTypeRef et = buf__lw_type(L, t->u.shaped.elem);
    int64_t n = buf_type_num_elements(t);
    if (!et || n <= 0 || n > (1 << 16) || LLVMGetTypeKind(et) == LLVMBFloatTypeKind)
      return NULL;
    return LLVMVectorType(et, (unsigned)n);
  }
  default:
    return NULL;
  }
}

/* Size i of memref type t with descriptor d: a constant when static. */
LLVMValueRef buf__lw_desc_size(lw_t *L, buf_type_t t, LLVMValueRef d, uint32_t i) {
  int64_t s = t->u.shaped.shape[i];
  return s != BUF_DYNAMIC ? c64(L, s) : extract2(L, d, 3, i);
}

/* Strides and offset of t (BUF_DYNAMIC entries read from d). */
void buf__lw_desc_layout(lw_t *L, buf_type_t t, LLVMValueRef d, LLVMValueRef *strides,
                         LLVMValueRef *offset) {
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
LLVMValueRef buf__lw_elem_ptr(lw_t *L, buf_type_t t, LLVMValueRef d, LLVMValueRef *idx) {
  uint32_t rank = t->u.shaped.rank;
  LLVMValueRef strides[64], lin;
  buf__lw_desc_layout(L, t, d, strides, &lin);
  for (uint32_t i = 0; i < rank; i++)
    lin = LLVMBuildAdd(L->B, lin, LLVMBuildMul(L->B, idx[i], strides[i], ""),
                       "");
  LLVMTypeRef et = buf__lw_type(L, t->u.shaped.elem);
  return LLVMBuildGEP2(L->B, et, extract(L, d, 1), &lin, 1, "");
}

/* A descriptor of the given fields, in the address space of its pointers
 * (a view of a memref in a memory space stays in that space). */
LLVMValueRef buf__lw_make_desc(lw_t *L, uint32_t rank, LLVMValueRef allocated, LLVMValueRef aligned,
                               LLVMValueRef offset, LLVMValueRef *sizes, LLVMValueRef *strides) {
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

/* Contract in lower_internal.h. */
void buf__lw_row_major(lw_t *L, uint32_t rank, LLVMValueRef *sizes, LLVMValueRef *strides) {
  LLVMValueRef s = c64(L, 1);
  for (uint32_t i = rank; i-- > 0;) {
    strides[i] = s;
    s = LLVMBuildMul(L->B, s, sizes[i], "");
  }
}

/* Contract in lower_internal.h. */
LLVMValueRef buf__lw_elem_size(lw_t *L, buf_type_t elem) {
  return LLVMSizeOf(buf__lw_type(L, elem));
}
