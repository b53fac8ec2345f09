/*
 * types.c: interned types and their queries.
 *
 * Every constructor builds a candidate on the stack, hashes it structurally
 * (component types and attributes by pointer, since they are interned too)
 * and returns the existing copy when there is one; otherwise the arrays are
 * copied into the arena. Hence type equality is pointer equality.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_internal.h"

static uint64_t type_hash(const struct buf_type_s *t) {
  uint64_t h = buf__hash_u64(BUF__HASH_SEED, t->kind);
  switch (t->kind) {
  case BUF_TYPE_INTEGER:
    h = buf__hash_u64(h, t->u.integer.width);
    h = buf__hash_u64(h, t->u.integer.signedness);
    break;
  case BUF_TYPE_FLOAT:
    h = buf__hash_u64(h, t->u.fkind);
    break;
  case BUF_TYPE_INDEX:
  case BUF_TYPE_NONE:
    break;
  case BUF_TYPE_TENSOR:
  case BUF_TYPE_MEMREF:
  case BUF_TYPE_VECTOR:
  case BUF_TYPE_UNRANKED_TENSOR:
  case BUF_TYPE_UNRANKED_MEMREF:
    h = buf__hash_u64(h, t->u.shaped.rank);
    h = buf__hash_bytes(h, t->u.shaped.shape,
                        t->u.shaped.rank * sizeof(int64_t));
    h = buf__hash_u64(h, (uintptr_t)t->u.shaped.elem);
    h = buf__hash_u64(h, (uintptr_t)t->u.shaped.encoding);
    h = buf__hash_u64(h, (uintptr_t)t->u.shaped.layout);
    h = buf__hash_u64(h, (uintptr_t)t->u.shaped.memory_space);
    if (t->u.shaped.scalable)
      h = buf__hash_bytes(h, t->u.shaped.scalable, t->u.shaped.rank * sizeof(bool));
    break;
  case BUF_TYPE_FUNCTION:
    h = buf__hash_u64(h, t->u.func.num_inputs);
    h = buf__hash_u64(h, t->u.func.num_results);
    h = buf__hash_bytes(h, t->u.func.inputs,
                        t->u.func.num_inputs * sizeof(buf_type_t));
    h = buf__hash_bytes(h, t->u.func.results,
                        t->u.func.num_results * sizeof(buf_type_t));
    break;
  case BUF_TYPE_TUPLE:
    h = buf__hash_u64(h, t->u.tuple.num_elems);
    h = buf__hash_bytes(h, t->u.tuple.elems,
                        t->u.tuple.num_elems * sizeof(buf_type_t));
    break;
  case BUF_TYPE_OPAQUE:
    h = buf__hash_u64(h, (uintptr_t)t->u.opaque.text);
    break;
  }
  return h;
}

static bool arr_eq(const void *a, const void *b, size_t n) {
  return n == 0 || memcmp(a, b, n) == 0;
}

static bool type_eq(const void *stored, const void *key) {
  const struct buf_type_s *a = stored, *b = key;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case BUF_TYPE_INTEGER:
    return a->u.integer.width == b->u.integer.width &&
           a->u.integer.signedness == b->u.integer.signedness;
  case BUF_TYPE_FLOAT:
    return a->u.fkind == b->u.fkind;
  case BUF_TYPE_INDEX:
  case BUF_TYPE_NONE:
    return true;
  case BUF_TYPE_TENSOR:
  case BUF_TYPE_MEMREF:
  case BUF_TYPE_VECTOR:
  case BUF_TYPE_UNRANKED_TENSOR:
  case BUF_TYPE_UNRANKED_MEMREF:
    return a->u.shaped.rank == b->u.shaped.rank &&
           a->u.shaped.elem == b->u.shaped.elem &&
           a->u.shaped.encoding == b->u.shaped.encoding &&
           a->u.shaped.layout == b->u.shaped.layout &&
           a->u.shaped.memory_space == b->u.shaped.memory_space &&
           arr_eq(a->u.shaped.shape, b->u.shaped.shape,
                  a->u.shaped.rank * sizeof(int64_t)) &&
           !a->u.shaped.scalable == !b->u.shaped.scalable &&
           (!a->u.shaped.scalable ||
            arr_eq(a->u.shaped.scalable, b->u.shaped.scalable,
                   a->u.shaped.rank * sizeof(bool)));
  case BUF_TYPE_FUNCTION:
    return a->u.func.num_inputs == b->u.func.num_inputs &&
           a->u.func.num_results == b->u.func.num_results &&
           arr_eq(a->u.func.inputs, b->u.func.inputs,
                  a->u.func.num_inputs * sizeof(buf_type_t)) &&
           arr_eq(a->u.func.results, b->u.func.results,
                  a->u.func.num_results * sizeof(buf_type_t));
  case BUF_TYPE_TUPLE:
    return a->u.tuple.num_elems == b->u.tuple.num_elems &&
           arr_eq(a->u.tuple.elems, b->u.tuple.elems,
                  a->u.tuple.num_elems * sizeof(buf_type_t));
  case BUF_TYPE_OPAQUE:
    return a->u.opaque.text == b->u.opaque.text;
  }
  return false;
}

/* Copies n bytes into the arena. Never NULL, even for n == 0, so callers
 * may pass the arrays of rank-0 shapes and empty lists to memcmp/memcpy. */
static void *dup(buf_ctx_t *ctx, const void *p, size_t n) {
  void *q = buf_arena_alloc(&ctx->arena, n ? n : 8);
  if (n) memcpy(q, p, n);
  return q;
}

/* Returns the interned copy of the candidate k. */
static buf_type_t intern(buf_ctx_t *ctx, struct buf_type_s *k) {
  uint64_t h = type_hash(k);
  buf_type_t found = buf__htab_find(&ctx->types, h, type_eq, k);
  if (found) return found;
  struct buf_type_s *t = buf_arena_alloc(&ctx->arena, sizeof *t);
  *t = *k;
  switch (k->kind) {
  case BUF_TYPE_TENSOR:
  case BUF_TYPE_MEMREF:
  case BUF_TYPE_VECTOR:
    t->u.shaped.shape =
        dup(ctx, k->u.shaped.shape, k->u.shaped.rank * sizeof(int64_t));
    if (k->u.shaped.scalable)
      t->u.shaped.scalable =
          dup(ctx, k->u.shaped.scalable, k->u.shaped.rank * sizeof(bool));
    break;
  case BUF_TYPE_FUNCTION:
    t->u.func.inputs =
        dup(ctx, k->u.func.inputs, k->u.func.num_inputs * sizeof(buf_type_t));
    t->u.func.results = dup(ctx, k->u.func.results,
                            k->u.func.num_results * sizeof(buf_type_t));
    break;
  case BUF_TYPE_TUPLE:
    t->u.tuple.elems =
        dup(ctx, k->u.tuple.elems, k->u.tuple.num_elems * sizeof(buf_type_t));
    break;
  default:
    break;
  }
  buf__htab_insert(&ctx->types, h, t);
  return t;
}

buf_type_t buf_type_integer(buf_ctx_t *ctx, uint32_t width,
                            buf_signedness_t signedness) {
  struct buf_type_s k = {.kind = BUF_TYPE_INTEGER};
  k.u.integer.width = width;
  k.u.integer.signedness = signedness;
  return intern(ctx, &k);
}

buf_type_t buf_type_i1(buf_ctx_t *ctx) {
  return buf_type_integer(ctx, 1, BUF_SIGNLESS);
}
buf_type_t buf_type_i32(buf_ctx_t *ctx) {
  return buf_type_integer(ctx, 32, BUF_SIGNLESS);
}
buf_type_t buf_type_i64(buf_ctx_t *ctx) {
  return buf_type_integer(ctx, 64, BUF_SIGNLESS);
}

buf_type_t buf_type_index(buf_ctx_t *ctx) {
  struct buf_type_s k = {.kind = BUF_TYPE_INDEX};
  return intern(ctx, &k);
}

buf_type_t buf_type_float(buf_ctx_t *ctx, buf_float_kind_t kind) {
  struct buf_type_s k = {.kind = BUF_TYPE_FLOAT};
  k.u.fkind = kind;
  return intern(ctx, &k);
}
buf_type_t buf_type_f32(buf_ctx_t *ctx) { return buf_type_float(ctx, BUF_F32); }
buf_type_t buf_type_f64(buf_ctx_t *ctx) { return buf_type_float(ctx, BUF_F64); }

buf_type_t buf_type_none(buf_ctx_t *ctx) {
  struct buf_type_s k = {.kind = BUF_TYPE_NONE};
  return intern(ctx, &k);
}

static buf_type_t shaped(buf_ctx_t *ctx, buf_type_kind_t kind, uint32_t rank,
                         const int64_t *shape, buf_type_t elem,
                         buf_attr_t encoding, buf_attr_t layout,
                         buf_attr_t space) {
  struct buf_type_s k = {.kind = kind};
  k.u.shaped.rank = rank;
  k.u.shaped.shape = shape;
  k.u.shaped.elem = elem;
  k.u.shaped.encoding = encoding;
  k.u.shaped.layout = layout;
  k.u.shaped.memory_space = space;
  return intern(ctx, &k);
}

buf_type_t buf_type_tensor(buf_ctx_t *ctx, uint32_t rank, const int64_t *shape,
                           buf_type_t elem, buf_attr_t encoding) {
  return shaped(ctx, BUF_TYPE_TENSOR, rank, shape, elem, encoding, NULL, NULL);
}

buf_type_t buf_type_unranked_tensor(buf_ctx_t *ctx, buf_type_t elem) {
  return shaped(ctx, BUF_TYPE_UNRANKED_TENSOR, 0, NULL, elem, NULL, NULL,
                NULL);
}

/* An identity affine-map layout is the same type as no layout (MLIR
 * canonicalizes it away), so it is dropped here. */
buf_type_t buf_type_memref(buf_ctx_t *ctx, uint32_t rank, const int64_t *shape,
                           buf_type_t elem, buf_attr_t layout,
                           buf_attr_t memory_space) {
  if (layout && layout->kind == BUF_ATTR_AFFINE_MAP &&
      buf_affine_map_is_identity(layout->u.map) &&
      layout->u.map->num_dims == rank)
    layout = NULL;
  return shaped(ctx, BUF_TYPE_MEMREF, rank, shape, elem, NULL, layout,
                memory_space);
}

buf_type_t buf_type_unranked_memref(buf_ctx_t *ctx, buf_type_t elem,
                                    buf_attr_t memory_space) {
  return shaped(ctx, BUF_TYPE_UNRANKED_MEMREF, 0, NULL, elem, NULL, NULL,
                memory_space);
}

buf_type_t buf_type_vector(buf_ctx_t *ctx, uint32_t rank, const int64_t *shape,
                           buf_type_t elem) {
  return shaped(ctx, BUF_TYPE_VECTOR, rank, shape, elem, NULL, NULL, NULL);
}

/* Contract in buf/ir.h: all-false flags are dropped, so that a fixed
 * vector has one interned copy however it was built. */
buf_type_t buf_type_vector_scalable(buf_ctx_t *ctx, uint32_t rank,
                                    const int64_t *shape, const bool *scalable,
                                    buf_type_t elem) {
  bool any = false;
  for (uint32_t i = 0; scalable && i < rank; i++)
    any |= scalable[i];
  struct buf_type_s k = {.kind = BUF_TYPE_VECTOR};
  k.u.shaped.rank = rank;
  k.u.shaped.shape = shape;
  k.u.shaped.elem = elem;
  k.u.shaped.scalable = any ? scalable : NULL;
  return intern(ctx, &k);
}

bool buf_type_is_scalable_vector(buf_type_t t) {
  return t && t->kind == BUF_TYPE_VECTOR && t->u.shaped.scalable;
}

bool buf_type_vector_dim_scalable(buf_type_t t, uint32_t i) {
  return buf_type_is_scalable_vector(t) && i < t->u.shaped.rank &&
         t->u.shaped.scalable[i];
}

buf_type_t buf_type_function(buf_ctx_t *ctx, uint32_t num_inputs,
                             const buf_type_t *inputs, uint32_t num_results,
                             const buf_type_t *results) {
  struct buf_type_s k = {.kind = BUF_TYPE_FUNCTION};
  k.u.func.num_inputs = num_inputs;
  k.u.func.num_results = num_results;
  k.u.func.inputs = inputs;
  k.u.func.results = results;
  return intern(ctx, &k);
}

buf_type_t buf_type_tuple(buf_ctx_t *ctx, uint32_t n, const buf_type_t *elems) {
  struct buf_type_s k = {.kind = BUF_TYPE_TUPLE};
  k.u.tuple.num_elems = n;
  k.u.tuple.elems = elems;
  return intern(ctx, &k);
}

buf_type_t buf_type_opaque(buf_ctx_t *ctx, const char *text, size_t len) {
  struct buf_type_s k = {.kind = BUF_TYPE_OPAQUE};
  k.u.opaque.text = buf_ident(ctx, text, len);
  return intern(ctx, &k);
}

/* ---- queries -------------------------------------------------------------- */

bool buf_type_is_integer(buf_type_t t) {
  return t && t->kind == BUF_TYPE_INTEGER;
}
bool buf_type_is_int_or_index(buf_type_t t) {
  return t && (t->kind == BUF_TYPE_INTEGER || t->kind == BUF_TYPE_INDEX);
}
bool buf_type_is_float(buf_type_t t) { return t && t->kind == BUF_TYPE_FLOAT; }
bool buf_type_is_tensor(buf_type_t t) {
  return t && (t->kind == BUF_TYPE_TENSOR || t->kind == BUF_TYPE_UNRANKED_TENSOR);
}
bool buf_type_is_memref(buf_type_t t) {
  return t && (t->kind == BUF_TYPE_MEMREF || t->kind == BUF_TYPE_UNRANKED_MEMREF);
}
bool buf_type_is_shaped(buf_type_t t) {
  return buf_type_is_tensor(t) || buf_type_is_memref(t) ||
         (t && t->kind == BUF_TYPE_VECTOR);
}
bool buf_type_is_ranked(buf_type_t t) {
  return t && (t->kind == BUF_TYPE_TENSOR || t->kind == BUF_TYPE_MEMREF ||
               t->kind == BUF_TYPE_VECTOR);
}

bool buf_type_has_static_shape(buf_type_t t) {
  if (!buf_type_is_ranked(t)) return false;
  for (uint32_t i = 0; i < t->u.shaped.rank; i++)
    if (t->u.shaped.shape[i] == BUF_DYNAMIC) return false;
  return true;
}

buf_type_t buf_type_elem(buf_type_t t) {
  return buf_type_is_shaped(t) ? t->u.shaped.elem : NULL;
}

int64_t buf_type_num_elements(buf_type_t t) {
  if (!buf_type_has_static_shape(t)) return -1;
  int64_t n = 1;
  for (uint32_t i = 0; i < t->u.shaped.rank; i++) n *= t->u.shaped.shape[i];
  return n;
}

uint32_t buf_type_bitwidth(buf_type_t t) {
  if (!t) return 0;
  switch (t->kind) {
  case BUF_TYPE_INTEGER: return t->u.integer.width;
  case BUF_TYPE_INDEX: return 64;
  case BUF_TYPE_FLOAT:
    switch (t->u.fkind) {
    case BUF_F16:
    case BUF_BF16: return 16;
    case BUF_F32: return 32;
    case BUF_F64: return 64;
    }
    return 0;
  default: return 0;
  }
}

/* ---- dialect types paired as tensor-like / buffer-like ------------------ */

/* The twin row naming t's type (as its tensor-like side when tensor_side,
 * else its buffer-like side), and where t's text continues after the
 * name (its parameters); NULL when t is no such dialect type. */
static const buf_type_twin_t *find_twin(buf_type_t t, bool tensor_side,
                                        const char **params) {
  if (!t || t->kind != BUF_TYPE_OPAQUE || t->u.opaque.text[0] != '!')
    return NULL;
  const char *dialect = t->u.opaque.text + 1;
  const char *dot = strchr(dialect, '.');
  if (!dot)
    return NULL;
  const char *name = dot + 1;
  size_t name_len = strcspn(name, "<");
  for (uint32_t d = 0; d < buf_num_dialects; d++) {
    const buf_dialect_t *dl = buf_dialects[d];
    if (strlen(dl->name) != (size_t)(dot - dialect) ||
        strncmp(dl->name, dialect, (size_t)(dot - dialect)) != 0)
      continue;
    for (uint32_t i = 0; i < dl->num_type_twins; i++) {
      const char *side = tensor_side ? dl->type_twins[i].tensor_like
                                     : dl->type_twins[i].buffer_like;
      if (strlen(side) == name_len && strncmp(side, name, name_len) == 0) {
        *params = name + name_len;
        return &dl->type_twins[i];
      }
    }
    return NULL;
  }
  return NULL;
}

bool buf_type_is_custom_tensor_like(buf_type_t t) {
  const char *params;
  return find_twin(t, true, &params) != NULL;
}

bool buf_type_is_custom_buffer_like(buf_type_t t) {
  const char *params;
  return find_twin(t, false, &params) != NULL;
}

/* "!dialect." + name + params, as an opaque type. */
static buf_type_t twin_type(buf_ctx_t *ctx, buf_type_t t, const char *name,
                            const char *params) {
  const char *text = t->u.opaque.text;
  size_t prefix = (size_t)(strchr(text, '.') + 1 - text);
  size_t n = prefix + strlen(name) + strlen(params);
  char *buf = malloc(n + 1);
  if (!buf)
    abort();
  snprintf(buf, n + 1, "%.*s%s%s", (int)prefix, text, name, params);
  buf_type_t r = buf_type_opaque(ctx, buf, n);
  free(buf);
  return r;
}

buf_type_t buf_type_custom_buffer_of(buf_ctx_t *ctx, buf_type_t tensor_like) {
  const char *params;
  const buf_type_twin_t *tw = find_twin(tensor_like, true, &params);
  return tw ? twin_type(ctx, tensor_like, tw->buffer_like, params) : NULL;
}

buf_type_t buf_type_custom_tensor_of(buf_ctx_t *ctx, buf_type_t buffer_like) {
  const char *params;
  const buf_type_twin_t *tw = find_twin(buffer_like, false, &params);
  return tw ? twin_type(ctx, buffer_like, tw->tensor_like, params) : NULL;
}

buf_type_t buf_type_memref_for_tensor(buf_ctx_t *ctx, buf_type_t tensor,
                                      buf_attr_t memory_space) {
  if (!tensor) return NULL;
  if (tensor->kind == BUF_TYPE_OPAQUE)
    return buf_type_custom_buffer_of(ctx, tensor);
  if (tensor->kind == BUF_TYPE_UNRANKED_TENSOR)
    return buf_type_unranked_memref(ctx, tensor->u.shaped.elem, memory_space);
  if (tensor->kind != BUF_TYPE_TENSOR) return NULL;
  return buf_type_memref(ctx, tensor->u.shaped.rank, tensor->u.shaped.shape,
                         tensor->u.shaped.elem, NULL, memory_space);
}

buf_type_t buf_type_tensor_for_memref(buf_ctx_t *ctx, buf_type_t memref) {
  if (!memref) return NULL;
  if (memref->kind == BUF_TYPE_OPAQUE)
    return buf_type_custom_tensor_of(ctx, memref);
  if (memref->kind == BUF_TYPE_UNRANKED_MEMREF)
    return buf_type_unranked_tensor(ctx, memref->u.shaped.elem);
  if (memref->kind != BUF_TYPE_MEMREF) return NULL;
  return buf_type_tensor(ctx, memref->u.shaped.rank, memref->u.shaped.shape,
                         memref->u.shaped.elem, NULL);
}

/* Row-major strides for the identity layout; the strided attribute's values
 * otherwise; identity affine maps only. */
/* Adds scale * e to the coefficients of e's dims (coef) and to its
 * constant (cst); fails for what is not a sum of constant multiples of
 * dims and constants (symbols, mod, divisions, products of dims). */
static bool linear_terms(buf_affine_expr_t *e, int64_t scale, uint32_t ndims,
                         int64_t *coef, int64_t *cst) {
  switch (e->kind) {
  case BUF_AFFINE_DIM:
    if (e->value < 0 || (uint64_t)e->value >= ndims)
      return false;
    coef[e->value] += scale;
    return true;
  case BUF_AFFINE_CONST:
    *cst += scale * e->value;
    return true;
  case BUF_AFFINE_ADD:
    return linear_terms(e->lhs, scale, ndims, coef, cst) &&
           linear_terms(e->rhs, scale, ndims, coef, cst);
  case BUF_AFFINE_MUL:
    if (e->rhs->kind == BUF_AFFINE_CONST)
      return linear_terms(e->lhs, scale * e->rhs->value, ndims, coef, cst);
    if (e->lhs->kind == BUF_AFFINE_CONST)
      return linear_terms(e->rhs, scale * e->lhs->value, ndims, coef, cst);
    return false;
  default:
    return false;
  }
}

/* The strides and offset of a one-result affine-map layout that is a
 * linear function of the dims, e.g. (d0, d1) -> (d0 * 20 + d1 + 5):
 * strides [20, 1], offset 5 (upstream reads such maps as strided too). */
static buf_status_t affine_layout_strides(buf_affine_map_t *map, uint32_t rank,
                                          int64_t *strides, int64_t *offset) {
  if (map->num_dims != rank || map->num_symbols != 0 || map->num_results != 1 ||
      rank > 64)
    return BUF_FAILURE;
  int64_t coef[64] = {0}, cst = 0;
  if (!linear_terms(map->results[0], 1, rank, coef, &cst))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < rank; i++)
    strides[i] = coef[i];
  if (offset)
    *offset = cst;
  return BUF_SUCCESS;
}

buf_status_t buf_type_memref_strides(buf_type_t t, int64_t *strides,
                                     int64_t *offset) {
  if (!t || t->kind != BUF_TYPE_MEMREF) return BUF_FAILURE;
  uint32_t rank = t->u.shaped.rank;
  buf_attr_t layout = t->u.shaped.layout;
  if (layout && layout->kind == BUF_ATTR_STRIDED) {
    if (layout->u.strided.rank != rank) return BUF_FAILURE;
    for (uint32_t i = 0; i < rank; i++) strides[i] = layout->u.strided.strides[i];
    if (offset) *offset = layout->u.strided.offset;
    return BUF_SUCCESS;
  }
  if (layout && layout->kind == BUF_ATTR_AFFINE_MAP &&
      !(buf_affine_map_is_identity(layout->u.map) && layout->u.map->num_dims == rank))
    return affine_layout_strides(layout->u.map, rank, strides, offset);
  if (layout && layout->kind != BUF_ATTR_AFFINE_MAP)
    return BUF_FAILURE;
  int64_t running = 1;
  for (uint32_t i = rank; i-- > 0;) {
    strides[i] = running;
    int64_t d = t->u.shaped.shape[i];
    if (running == BUF_DYNAMIC || d == BUF_DYNAMIC)
      running = BUF_DYNAMIC;
    else
      running *= d;
  }
  if (offset) *offset = 0;
  return BUF_SUCCESS;
}
