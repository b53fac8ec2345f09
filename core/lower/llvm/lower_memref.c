/*
 * lower_memref.c: the LLVM emitters of memref ops (and bufferization.clone)
 * and their rows: heap buffers from malloc and free, stack buffers from
 * alloca, views as new descriptors over the same pointers, copies as a loop
 * over elements, as upstream's memref-to-llvm lowers them.
 */
#include "lower_internal.h"

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
  LLVMValueRef malloc_fn = buf__lw_get_fn(L, "malloc", L->ptr, &L->i64, 1);
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
  buf__lw_row_major(L, rank, sizes, strides);
  LLVMValueRef bytes = LLVMBuildMul(L->B, numel, buf__lw_elem_size(L, t->u.shaped.elem), "");
  LLVMValueRef allocated, aligned;
  if (arg) { /* alloca */
    LLVMTypeRef et = buf__lw_type(L, t->u.shaped.elem);
    allocated = aligned = LLVMBuildArrayAlloca(L->B, et, numel, "");
  } else {
    heap_alloc(L, op, bytes, &allocated, &aligned);
  }
  set_result(L, op, 0, buf__lw_make_desc(L, rank, allocated, aligned, c64(L, 0), sizes, strides));
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
      st->u.shaped.rank != 1 || rt->u.shaped.rank != 1 || buf__lw_mem_addrspace(st))
    return fail(L, op, "realloc of this type");
  LLVMValueRef src = operand(L, op, 0);
  int64_t s = rt->u.shaped.shape[0];
  LLVMValueRef size = s != BUF_DYNAMIC ? c64(L, s) : operand(L, op, 1);
  LLVMValueRef esize = buf__lw_elem_size(L, rt->u.shaped.elem);
  LLVMValueRef old = buf__lw_desc_size(L, st, src, 0);
  LLVMValueRef old_allocated = extract(L, src, 0), old_aligned = extract(L, src, 1);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(L->B);
  LLVMBasicBlockRef grow = LLVMAppendBasicBlockInContext(L->C, L->fn, "realloc.grow");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(L->C, L->fn, "realloc.done");
  LLVMBuildCondBr(L->B, LLVMBuildICmp(L->B, LLVMIntULT, old, size, ""), grow, done);
  LLVMPositionBuilderAtEnd(L->B, grow);
  LLVMValueRef allocated, aligned;
  heap_alloc(L, op, LLVMBuildMul(L->B, size, esize, ""), &allocated, &aligned);
  LLVMBuildMemCpy(L->B, aligned, 0, old_aligned, 0, LLVMBuildMul(L->B, old, esize, ""));
  call(L, buf__lw_get_fn(L, "free", L->voidt, &L->ptr, 1), &old_allocated, 1);
  LLVMBuildBr(L->B, done);
  LLVMPositionBuilderAtEnd(L->B, done);
  LLVMValueRef base[2] = {LLVMBuildPhi(L->B, L->ptr, ""), LLVMBuildPhi(L->B, L->ptr, "")};
  LLVMValueRef from_pre[2] = {old_allocated, old_aligned}, from_grow[2] = {allocated, aligned};
  for (int i = 0; i < 2; i++) {
    LLVMAddIncoming(base[i], &from_pre[i], &pre, 1);
    LLVMAddIncoming(base[i], &from_grow[i], &grow, 1);
  }
  LLVMValueRef one = c64(L, 1);
  set_result(L, op, 0, buf__lw_make_desc(L, 1, base[0], base[1], c64(L, 0), &size, &one));
  return BUF_SUCCESS;
}

static buf_status_t e_dealloc(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  if (buf_op_operand(op, 0)->type->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "dealloc of an unranked memref");
  LLVMValueRef free_fn = buf__lw_get_fn(L, "free", L->voidt, &L->ptr, 1);
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
  LLVMValueRef p = buf__lw_elem_ptr(L, t, operand(L, op, m), idx);
  if (arg)
    LLVMBuildStore(L->B, operand(L, op, 0), p);
  else
    set_result(L, op, 0, LLVMBuildLoad2(L->B, buf__lw_type(L, t->u.shaped.elem), p, ""));
  return BUF_SUCCESS;
}

static buf_status_t e_dim(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t t = buf_op_operand(op, 0)->type;
  if (t->kind != BUF_TYPE_MEMREF)
    return fail(L, op, "dim of an unranked memref");
  int64_t i;
  LLVMValueRef d = operand(L, op, 0);
  if (buf_value_constant_int(buf_op_operand(op, 1), &i)) {
    if (i < 0 || i >= t->u.shaped.rank)
      return fail(L, op, "dimension out of range");
    set_result(L, op, 0, buf__lw_desc_size(L, t, d, (uint32_t)i));
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

static buf_status_t e_cast_memref(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t from = buf_op_operand(op, 0)->type, to = res_type(op);
  LLVMValueRef v = operand(L, op, 0);
  if (from->kind == BUF_TYPE_MEMREF && to->kind == BUF_TYPE_MEMREF) {
    set_result(L, op, 0, v);
  } else if (from->kind == BUF_TYPE_MEMREF) {
    /* Ranked to unranked: the descriptor lives in a stack slot of the
     * function's entry block, as upstream does. */
    LLVMValueRef slot = buf__lw_entry_alloca(L, LLVMTypeOf(v));
    LLVMBuildStore(L->B, v, slot);
    LLVMValueRef u = LLVMGetUndef(buf__lw_unranked_type(L));
    u = insert(L, u, c64(L, from->u.shaped.rank), 0);
    set_result(L, op, 0, insert(L, u, slot, 1));
  } else if (to->kind == BUF_TYPE_MEMREF) {
    set_result(L, op, 0, LLVMBuildLoad2(L->B, buf__lw_type(L, to), extract(L, v, 1), ""));
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
  LLVMValueRef v = operand(L, op, 0), d = LLVMGetUndef(buf__lw_type(L, to));
  LLVMTypeRef p = LLVMPointerTypeInContext(L->C, buf__lw_mem_addrspace(to));
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
  buf__lw_row_major(L, t->u.shaped.rank, sizes, strides);
  set_result(L, op, 0, buf__lw_make_desc(L, t->u.shaped.rank, g, g, c64(L, 0), sizes, strides));
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
  buf__lw_desc_layout(L, st, d, src_strides, &offset);
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
             buf__lw_make_desc(L, rr, extract(L, d, 0), extract(L, d, 1), offset, sizes, strides));
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
      buf__lw_desc_layout(L, t, d, strides, offset);
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
  set_result(L, op, 0, buf__lw_make_desc(L, nsz, allocated, aligned, off[0], sz, str));
  return BUF_SUCCESS;
}

/* memref.transpose, as upstream's memref-to-llvm: the source's pointers
 * and offset, result dimension i taking the size and stride of source
 * dimension perm(i). */
static buf_status_t e_transpose(lw_t *L, buf_op_t *op, const void *arg) {
  (void)arg;
  buf_type_t st = buf_op_operand(op, 0)->type, rt = res_type(op);
  buf_attr_t perm = buf_op_attr(op, "permutation");
  if (st->kind != BUF_TYPE_MEMREF || rt->kind != BUF_TYPE_MEMREF ||
      st->u.shaped.rank > 64 || !perm || perm->kind != BUF_ATTR_AFFINE_MAP ||
      perm->u.map->num_results != st->u.shaped.rank)
    return fail(L, op, "malformed transpose");
  LLVMValueRef d = operand(L, op, 0), src_strides[64], offset;
  buf__lw_desc_layout(L, st, d, src_strides, &offset);
  LLVMValueRef sizes[64], strides[64];
  for (uint32_t i = 0; i < st->u.shaped.rank; i++) {
    uint32_t k = (uint32_t)perm->u.map->results[i]->value;
    sizes[i] = buf__lw_desc_size(L, st, d, k);
    strides[i] = src_strides[k];
  }
  set_result(L, op, 0,
             buf__lw_make_desc(L, st->u.shaped.rank, extract(L, d, 0), extract(L, d, 1),
                               offset, sizes, strides));
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
    LLVMValueRef v = LLVMBuildLoad2(L->B, buf__lw_type(L, sht->u.shaped.elem),
                                    buf__lw_elem_ptr(L, sht, shape, &idx), "");
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    sizes[i] = w < 64 ? LLVMBuildSExt(L->B, v, L->i64, "")
               : w > 64 ? LLVMBuildTrunc(L->B, v, L->i64, "") : v;
  }
  buf__lw_row_major(L, rt->u.shaped.rank, sizes, strides);
  set_result(L, op, 0,
             buf__lw_make_desc(L, rt->u.shaped.rank, allocated, aligned, offset, sizes, strides));
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
  buf__lw_row_major(L, rt->u.shaped.rank, sizes, strides);
  LLVMValueRef aligned = LLVMBuildGEP2(L->B, L->i8, extract(L, src, 1), &shift, 1, "");
  set_result(L, op, 0, buf__lw_make_desc(L, rt->u.shaped.rank, extract(L, src, 0), aligned,
                                         c64(L, 0), sizes, strides));
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
  LLVMBuildCall2(L->B, fty, buf__lw_intrinsic_decl(L, "llvm.assume"), &ok, 1, "");
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
  buf__lw_desc_layout(L, st, d, src_strides, &offset);
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
                            buf__lw_desc_size(L, st, d, (uint32_t)grp->u.array.elems[j]->u.i), "");
      sizes[g] = size;
      strides[g] = src_strides[grp->u.array.elems[n - 1]->u.i];
    }
  }
  set_result(L, op, 0,
             buf__lw_make_desc(L, rt->u.shaped.rank, extract(L, d, 0), extract(L, d, 1), offset,
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
  buf__lw_desc_layout(L, t, d, strides, &offset);
  set_result(L, op, 0,
             buf__lw_make_desc(L, 0, extract(L, d, 0), extract(L, d, 1), c64(L, 0), NULL, NULL));
  set_result(L, op, 1, offset);
  for (uint32_t i = 0; i < r; i++) {
    set_result(L, op, 2 + i, buf__lw_desc_size(L, t, d, i));
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
    sizes[i] = buf__lw_desc_size(L, st, s, i);
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
  LLVMValueRef v = LLVMBuildLoad2(L->B, buf__lw_type(L, st->u.shaped.elem),
                                  buf__lw_elem_ptr(L, st, s, idx), "");
  LLVMBuildStore(L->B, v, buf__lw_elem_ptr(L, dt, d, idx));
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
    sizes[i] = buf__lw_desc_size(L, st, s, i);
    numel = LLVMBuildMul(L->B, numel, sizes[i], "");
  }
  buf__lw_row_major(L, rank, sizes, strides);
  LLVMValueRef bytes = LLVMBuildMul(L->B, numel, buf__lw_elem_size(L, rt->u.shaped.elem), "");
  LLVMValueRef p = call(L, buf__lw_get_fn(L, "malloc", L->ptr, &L->i64, 1), &bytes, 1);
  LLVMValueRef d = buf__lw_make_desc(L, rank, p, p, c64(L, 0), sizes, strides);
  copy_elements(L, st, s, rt, d);
  set_result(L, op, 0, d);
  return BUF_SUCCESS;
}

/* The rows of memref (and bufferization.clone). */
static const emit_row_t rows[] = {
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
    {"memref.transpose", e_transpose, NULL},
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
};

const emit_table_t buf__lw_memref_emitters = {rows, sizeof rows / sizeof rows[0]};
