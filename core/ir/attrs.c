/*
 * attrs.c: interned attributes.
 *
 * Like types, attributes are hash-consed per context so equality is pointer
 * equality. To make that hold for values that MLIR considers equal, the
 * constructors canonicalize first: integers are normalized to their type's
 * width, floats rounded to their type's precision, dense elements whose
 * values are all equal become splats, dictionaries are sorted by name, and
 * an integer attribute of type i1 is the bool attribute (MLIR's BoolAttr is
 * an i1 IntegerAttr and prints as true/false). Bool attributes carry the i1
 * type and keep their value in u.i as 0/1 (u.b aliases its low byte).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir_internal.h"

/* ---- canonical values ------------------------------------------------------ */

/* Sign- or zero-extends v from the type's width. */
int64_t buf__int_normalize(buf_type_t t, int64_t v) {
  if (!t) return v;
  if (t->kind == BUF_TYPE_INDEX) return v;
  if (t->kind != BUF_TYPE_INTEGER) return v;
  uint32_t w = t->u.integer.width;
  if (w == 1) return v & 1;
  if (w == 0 || w >= 64) return v;
  uint64_t mask = (UINT64_C(1) << w) - 1;
  uint64_t u = (uint64_t)v & mask;
  if (t->u.integer.signedness != BUF_UNSIGNED && (u >> (w - 1)) & 1)
    u |= ~mask;
  return (int64_t)u;
}

/* Rounds v to a binary format with mbits stored mantissa bits and exponent
 * range [emin, emax], ties to even; overflow gives infinity. */
static double round_format(double v, int mbits, int emin, int emax) {
  if (!isfinite(v) || v == 0) return v;
  int e;
  frexp(v, &e);
  int lead = e - 1; /* exponent of the leading bit */
  if (lead < emin) lead = emin; /* subnormal: fixed quantum */
  double scaled = ldexp(v, mbits - lead);
  double r = ldexp(nearbyint(scaled), lead - mbits);
  double maxv = ldexp(2.0 - ldexp(1.0, -mbits), emax);
  if (fabs(r) > maxv) return copysign(INFINITY, v);
  return r;
}

double buf__float_round(buf_float_kind_t k, double v) {
  switch (k) {
  case BUF_F64: return v;
  case BUF_F32: return (double)(float)v;
  case BUF_F16: return round_format(v, 10, -14, 15);
  case BUF_BF16: return round_format(v, 7, -126, 127);
  }
  return v;
}

static double float_norm(buf_type_t t, double v) {
  if (t && t->kind == BUF_TYPE_FLOAT) return buf__float_round(t->u.fkind, v);
  return v;
}

/* ---- interning ---------------------------------------------------------- */

static uint64_t hash_f(uint64_t h, const double *f, int64_t n) {
  return buf__hash_bytes(h, f, (size_t)n * sizeof(double));
}

static uint64_t attr_hash(const struct buf_attr_s *a) {
  /* Kind and type in one mix: every attribute pays for this line. */
  uint64_t h = buf__hash_u64(BUF__HASH_SEED ^ a->kind, (uintptr_t)a->type);
  switch (a->kind) {
  case BUF_ATTR_UNIT:
  case BUF_ATTR_TYPE:
    break;
  case BUF_ATTR_BOOL:
  case BUF_ATTR_INTEGER:
    h = buf__hash_u64(h, (uint64_t)a->u.i);
    break;
  case BUF_ATTR_FLOAT:
    h = hash_f(h, &a->u.f, 1);
    break;
  case BUF_ATTR_STRING:
    h = buf__hash_bytes(h, a->u.str.data, a->u.str.len);
    break;
  case BUF_ATTR_ARRAY:
    h = buf__hash_bytes(h, a->u.array.elems, a->u.array.n * sizeof(buf_attr_t));
    break;
  case BUF_ATTR_DICT:
    h = buf__hash_bytes(h, a->u.dict.entries,
                        a->u.dict.n * sizeof(buf_named_attr_t));
    break;
  case BUF_ATTR_DENSE:
    h = buf__hash_u64(h, a->u.dense.splat);
    h = buf__hash_u64(h, (uint64_t)a->u.dense.count);
    if (a->u.dense.ints)
      h = buf__hash_bytes(h, a->u.dense.ints,
                          (size_t)a->u.dense.count * sizeof(int64_t));
    if (a->u.dense.floats) h = hash_f(h, a->u.dense.floats, a->u.dense.count);
    break;
  case BUF_ATTR_DENSE_ARRAY:
    h = buf__hash_u64(h, (uint64_t)a->u.dense_array.count);
    if (a->u.dense_array.ints)
      h = buf__hash_bytes(h, a->u.dense_array.ints,
                          (size_t)a->u.dense_array.count * sizeof(int64_t));
    if (a->u.dense_array.floats)
      h = hash_f(h, a->u.dense_array.floats, a->u.dense_array.count);
    break;
  case BUF_ATTR_AFFINE_MAP:
    h = buf__hash_u64(h, buf__affine_map_hash(a->u.map));
    break;
  case BUF_ATTR_INTEGER_SET:
    h = buf__hash_u64(h, buf__affine_map_hash(a->u.set.constraints));
    h = buf__hash_bytes(h, a->u.set.eq, a->u.set.constraints->num_results);
    break;
  case BUF_ATTR_SYMBOL_REF:
    h = buf__hash_bytes(h, a->u.symref.names,
                        a->u.symref.n * sizeof(buf_ident_t));
    break;
  case BUF_ATTR_STRIDED:
    h = buf__hash_u64(h, a->u.strided.rank);
    h = buf__hash_bytes(h, a->u.strided.strides,
                        a->u.strided.rank * sizeof(int64_t));
    h = buf__hash_u64(h, (uint64_t)a->u.strided.offset);
    break;
  case BUF_ATTR_OPAQUE:
    h = buf__hash_u64(h, (uintptr_t)a->u.opaque.text);
    break;
  case BUF_ATTR_DENSE_RESOURCE:
    h = buf__hash_u64(h, (uintptr_t)a->u.resource);
    break;
  }
  return h;
}

static bool mem_eq(const void *a, const void *b, size_t n) {
  if (n == 0) return true;
  if (!a || !b) return a == b;
  return memcmp(a, b, n) == 0;
}

static bool attr_eq(const void *stored, const void *key) {
  const struct buf_attr_s *a = stored, *b = key;
  if (a->kind != b->kind || a->type != b->type) return false;
  switch (a->kind) {
  case BUF_ATTR_UNIT:
  case BUF_ATTR_TYPE:
    return true;
  case BUF_ATTR_BOOL:
  case BUF_ATTR_INTEGER:
    return a->u.i == b->u.i;
  case BUF_ATTR_FLOAT:
    return mem_eq(&a->u.f, &b->u.f, sizeof(double));
  case BUF_ATTR_STRING:
    return a->u.str.len == b->u.str.len &&
           mem_eq(a->u.str.data, b->u.str.data, a->u.str.len);
  case BUF_ATTR_ARRAY:
    return a->u.array.n == b->u.array.n &&
           mem_eq(a->u.array.elems, b->u.array.elems,
                  a->u.array.n * sizeof(buf_attr_t));
  case BUF_ATTR_DICT:
    return a->u.dict.n == b->u.dict.n &&
           mem_eq(a->u.dict.entries, b->u.dict.entries,
                  a->u.dict.n * sizeof(buf_named_attr_t));
  case BUF_ATTR_DENSE:
    return a->u.dense.splat == b->u.dense.splat &&
           a->u.dense.count == b->u.dense.count &&
           (a->u.dense.ints == NULL) == (b->u.dense.ints == NULL) &&
           (a->u.dense.floats == NULL) == (b->u.dense.floats == NULL) &&
           mem_eq(a->u.dense.ints, b->u.dense.ints,
                  a->u.dense.ints ? (size_t)a->u.dense.count * 8 : 0) &&
           mem_eq(a->u.dense.floats, b->u.dense.floats,
                  a->u.dense.floats ? (size_t)a->u.dense.count * 8 : 0);
  case BUF_ATTR_DENSE_ARRAY:
    return a->u.dense_array.count == b->u.dense_array.count &&
           (a->u.dense_array.ints == NULL) == (b->u.dense_array.ints == NULL) &&
           mem_eq(a->u.dense_array.ints, b->u.dense_array.ints,
                  a->u.dense_array.ints ? (size_t)a->u.dense_array.count * 8
                                        : 0) &&
           mem_eq(a->u.dense_array.floats, b->u.dense_array.floats,
                  a->u.dense_array.floats ? (size_t)a->u.dense_array.count * 8
                                          : 0);
  case BUF_ATTR_AFFINE_MAP:
    return buf_affine_map_equal(a->u.map, b->u.map);
  case BUF_ATTR_INTEGER_SET:
    return buf_affine_map_equal(a->u.set.constraints, b->u.set.constraints) &&
           mem_eq(a->u.set.eq, b->u.set.eq, a->u.set.constraints->num_results);
  case BUF_ATTR_SYMBOL_REF:
    return a->u.symref.n == b->u.symref.n &&
           mem_eq(a->u.symref.names, b->u.symref.names,
                  a->u.symref.n * sizeof(buf_ident_t));
  case BUF_ATTR_STRIDED:
    return a->u.strided.rank == b->u.strided.rank &&
           a->u.strided.offset == b->u.strided.offset &&
           mem_eq(a->u.strided.strides, b->u.strided.strides,
                  a->u.strided.rank * sizeof(int64_t));
  case BUF_ATTR_OPAQUE:
    return a->u.opaque.text == b->u.opaque.text;
  case BUF_ATTR_DENSE_RESOURCE:
    return a->u.resource == b->u.resource;
  }
  return false;
}

/* Copies n bytes into the arena; never NULL (empty arrays included), so
 * readers may memcmp/memcpy them without checks. */
static void *dup(buf_ctx_t *ctx, const void *p, size_t n) {
  void *q = buf_arena_alloc(&ctx->arena, n ? n : 8);
  if (n && p) memcpy(q, p, n);
  return q;
}

/* Like dup, but a non-NULL p of zero length stays non-NULL so that the
 * element flavour (ints or floats) of an empty dense value is kept. */
static void *dup_keep(buf_ctx_t *ctx, const void *p, size_t n) {
  if (!p) return NULL;
  void *q = buf_arena_alloc(&ctx->arena, n ? n : 8);
  if (n) memcpy(q, p, n);
  return q;
}

/* Returns the interned copy of the candidate k, copying its arrays. */
static buf_attr_t intern(buf_ctx_t *ctx, struct buf_attr_s *k) {
  uint64_t h = attr_hash(k);
  buf_attr_t found = buf__htab_find(&ctx->attrs, h, attr_eq, k);
  if (found) return found;
  struct buf_attr_s *a = buf_arena_alloc(&ctx->arena, sizeof *a);
  *a = *k;
  switch (k->kind) {
  case BUF_ATTR_STRING:
    a->u.str.data = buf_arena_strndup(&ctx->arena, k->u.str.data, k->u.str.len);
    break;
  case BUF_ATTR_ARRAY:
    a->u.array.elems = dup(ctx, k->u.array.elems, k->u.array.n * sizeof(buf_attr_t));
    break;
  case BUF_ATTR_DICT:
    a->u.dict.entries =
        dup(ctx, k->u.dict.entries, k->u.dict.n * sizeof(buf_named_attr_t));
    break;
  case BUF_ATTR_DENSE:
    a->u.dense.ints = dup_keep(ctx, k->u.dense.ints, (size_t)k->u.dense.count * 8);
    a->u.dense.floats =
        dup_keep(ctx, k->u.dense.floats, (size_t)k->u.dense.count * 8);
    break;
  case BUF_ATTR_DENSE_ARRAY:
    a->u.dense_array.ints =
        dup_keep(ctx, k->u.dense_array.ints, (size_t)k->u.dense_array.count * 8);
    a->u.dense_array.floats = dup_keep(ctx, k->u.dense_array.floats,
                                       (size_t)k->u.dense_array.count * 8);
    break;
  case BUF_ATTR_SYMBOL_REF:
    a->u.symref.names =
        dup(ctx, k->u.symref.names, k->u.symref.n * sizeof(buf_ident_t));
    break;
  case BUF_ATTR_STRIDED:
    a->u.strided.strides =
        dup(ctx, k->u.strided.strides, k->u.strided.rank * sizeof(int64_t));
    break;
  case BUF_ATTR_AFFINE_MAP: {
    /* Copied like the other payloads, so a caller may describe the map in
     * temporary storage and only a new map costs arena memory (linalg asks
     * for the same default indexing maps at every op). The expressions are
     * arena objects already. */
    struct buf_affine_map_s *m = buf_arena_alloc(&ctx->arena, sizeof *m);
    *m = *k->u.map;
    m->results = dup(ctx, k->u.map->results,
                     k->u.map->num_results * sizeof(buf_affine_expr_t *));
    a->u.map = m;
    break;
  }
  case BUF_ATTR_INTEGER_SET: {
    /* Copied as AFFINE_MAP copies its map. */
    struct buf_affine_map_s *m = buf_arena_alloc(&ctx->arena, sizeof *m);
    *m = *k->u.set.constraints;
    m->results = dup(ctx, m->results, m->num_results * sizeof(buf_affine_expr_t *));
    a->u.set.constraints = m;
    a->u.set.eq = dup(ctx, k->u.set.eq, m->num_results * sizeof(bool));
    break;
  }
  default:
    break;
  }
  buf__htab_insert(&ctx->attrs, h, a);
  return a;
}

/* ---- constructors -------------------------------------------------------- */

buf_attr_t buf_attr_unit(buf_ctx_t *ctx) {
  struct buf_attr_s k = {.kind = BUF_ATTR_UNIT};
  return intern(ctx, &k);
}

buf_attr_t buf_attr_bool(buf_ctx_t *ctx, bool value) {
  struct buf_attr_s k = {.kind = BUF_ATTR_BOOL};
  k.type = buf_type_i1(ctx);
  k.u.i = value ? 1 : 0;
  return intern(ctx, &k);
}

/* An integer of type (i64 when NULL), normalized to its width; i1 gives
 * the bool attribute. */
buf_attr_t buf_attr_integer(buf_ctx_t *ctx, buf_type_t type, int64_t value) {
  if (!type) type = buf_type_i64(ctx);
  if (type->kind == BUF_TYPE_INTEGER && type->u.integer.width == 1 &&
      type->u.integer.signedness == BUF_SIGNLESS)
    return buf_attr_bool(ctx, value & 1);
  struct buf_attr_s k = {.kind = BUF_ATTR_INTEGER, .type = type};
  k.u.i = buf__int_normalize(type, value);
  return intern(ctx, &k);
}

buf_attr_t buf_attr_index(buf_ctx_t *ctx, int64_t value) {
  return buf_attr_integer(ctx, buf_type_index(ctx), value);
}

buf_attr_t buf_attr_float(buf_ctx_t *ctx, buf_type_t type, double value) {
  if (!type) type = buf_type_f64(ctx);
  struct buf_attr_s k = {.kind = BUF_ATTR_FLOAT, .type = type};
  k.u.f = float_norm(type, value);
  return intern(ctx, &k);
}

buf_attr_t buf_attr_string(buf_ctx_t *ctx, const char *data, size_t len) {
  struct buf_attr_s k = {.kind = BUF_ATTR_STRING};
  k.u.str.data = data ? data : "";
  k.u.str.len = data ? len : 0;
  return intern(ctx, &k);
}

buf_attr_t buf_attr_string_cstr(buf_ctx_t *ctx, const char *s) {
  return buf_attr_string(ctx, s, strlen(s));
}

buf_attr_t buf_attr_type(buf_ctx_t *ctx, buf_type_t type) {
  struct buf_attr_s k = {.kind = BUF_ATTR_TYPE, .type = type};
  return intern(ctx, &k);
}

buf_attr_t buf_attr_array(buf_ctx_t *ctx, uint32_t n, const buf_attr_t *elems) {
  struct buf_attr_s k = {.kind = BUF_ATTR_ARRAY};
  k.u.array.n = n;
  k.u.array.elems = elems;
  return intern(ctx, &k);
}

typedef struct {
  buf_named_attr_t e;
  uint32_t idx;
} sort_ent_t;

static int cmp_named(const void *pa, const void *pb) {
  const sort_ent_t *a = pa, *b = pb;
  int c = strcmp(a->e.name, b->e.name);
  if (c) return c;
  return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* A dictionary sorted by name (stable, so duplicates keep their order). */
buf_attr_t buf_attr_dict(buf_ctx_t *ctx, uint32_t n,
                         const buf_named_attr_t *entries) {
  /* Most ops have no attributes: their dictionary is interned once. */
  if (n == 0 && ctx->empty_dict) return ctx->empty_dict;
  struct buf_attr_s k = {.kind = BUF_ATTR_DICT};
  buf_named_attr_t small[16];
  sort_ent_t small_tmp[16];
  buf_named_attr_t *sorted = n <= 16 ? small : malloc(n * sizeof *sorted);
  sort_ent_t *tmp = n <= 16 ? small_tmp : malloc(n * sizeof *tmp);
  if (n > 16 && (!sorted || !tmp)) abort(); /* out of memory */
  for (uint32_t i = 0; i < n; i++) {
    tmp[i].e = entries[i];
    /* names must be interned for pointer comparison in dict equality */
    tmp[i].e.name = buf_ident_cstr(ctx, entries[i].name);
    tmp[i].idx = i;
  }
  if (n > 16) {
    qsort(tmp, n, sizeof *tmp, cmp_named);
  } else {
    /* Insertion sort (stable): an op's few attributes, most often already
     * in order, sort faster than qsort can set up. */
    for (uint32_t i = 1; i < n; i++) {
      sort_ent_t x = tmp[i];
      uint32_t j = i;
      while (j > 0 && strcmp(tmp[j - 1].e.name, x.e.name) > 0) {
        tmp[j] = tmp[j - 1];
        j--;
      }
      tmp[j] = x;
    }
  }
  for (uint32_t i = 0; i < n; i++) sorted[i] = tmp[i].e;
  if (tmp != small_tmp) free(tmp);
  k.u.dict.n = n;
  k.u.dict.entries = sorted;
  buf_attr_t a = intern(ctx, &k);
  if (sorted != small) free(sorted);
  if (n == 0) ctx->empty_dict = a;
  return a;
}

/* Dense elements: values normalized to the element type, all-equal
 * collapsed into a splat. */
buf_attr_t buf_attr_dense(buf_ctx_t *ctx, buf_type_t shaped, int64_t count,
                          const int64_t *ints, const double *floats) {
  buf_type_t elem = buf_type_elem(shaped);
  bool is_float = elem ? buf_type_is_float(elem) : (floats != NULL);
  struct buf_attr_s k = {.kind = BUF_ATTR_DENSE, .type = shaped};
  if (count < 0) count = 0;
  int64_t *ni = NULL;
  double *nf = NULL;
  if (is_float) {
    nf = malloc((size_t)(count ? count : 1) * sizeof *nf);
    if (!nf) abort();
    for (int64_t i = 0; i < count; i++)
      nf[i] = float_norm(elem, floats ? floats[i] : (ints ? (double)ints[i] : 0));
  } else {
    ni = malloc((size_t)(count ? count : 1) * sizeof *ni);
    if (!ni) abort();
    for (int64_t i = 0; i < count; i++)
      ni[i] = buf__int_normalize(elem, ints ? ints[i] : (floats ? (int64_t)floats[i] : 0));
  }
  bool splat = count == 1;
  if (count > 1) {
    splat = true;
    for (int64_t i = 1; i < count && splat; i++)
      splat = is_float ? memcmp(&nf[i], &nf[0], sizeof(double)) == 0
                       : ni[i] == ni[0];
    if (splat) count = 1;
  }
  k.u.dense.splat = splat;
  k.u.dense.count = count;
  k.u.dense.ints = ni;
  k.u.dense.floats = nf;
  buf_attr_t a = intern(ctx, &k);
  free(ni);
  free(nf);
  return a;
}

buf_attr_t buf_attr_dense_array(buf_ctx_t *ctx, buf_type_t elem, int64_t count,
                                const int64_t *ints, const double *floats) {
  bool is_float = elem ? buf_type_is_float(elem) : (floats != NULL);
  struct buf_attr_s k = {.kind = BUF_ATTR_DENSE_ARRAY, .type = elem};
  if (count < 0) count = 0;
  int64_t *ni = NULL;
  double *nf = NULL;
  if (is_float) {
    nf = malloc((size_t)(count ? count : 1) * sizeof *nf);
    if (!nf) abort();
    for (int64_t i = 0; i < count; i++)
      nf[i] = float_norm(elem, floats ? floats[i] : (ints ? (double)ints[i] : 0));
  } else {
    ni = malloc((size_t)(count ? count : 1) * sizeof *ni);
    if (!ni) abort();
    for (int64_t i = 0; i < count; i++)
      ni[i] = buf__int_normalize(elem, ints ? ints[i] : (floats ? (int64_t)floats[i] : 0));
  }
  k.u.dense_array.count = count;
  k.u.dense_array.ints = ni;
  k.u.dense_array.floats = nf;
  buf_attr_t found = intern(ctx, &k);
  free(ni);
  free(nf);
  return found;
}

buf_attr_t buf_attr_i64_array(buf_ctx_t *ctx, int64_t count,
                              const int64_t *values) {
  return buf_attr_dense_array(ctx, buf_type_i64(ctx), count, values, NULL);
}

buf_attr_t buf_attr_affine_map(buf_ctx_t *ctx, buf_affine_map_t *map) {
  struct buf_attr_s k = {.kind = BUF_ATTR_AFFINE_MAP};
  k.u.map = map;
  return intern(ctx, &k);
}

buf_attr_t buf_attr_integer_set(buf_ctx_t *ctx, buf_affine_map_t *constraints,
                                const bool *eq) {
  struct buf_attr_s k = {.kind = BUF_ATTR_INTEGER_SET};
  k.u.set.constraints = constraints;
  k.u.set.eq = eq;
  return intern(ctx, &k);
}

buf_attr_t buf_attr_symbol_ref(buf_ctx_t *ctx, uint32_t n,
                               const buf_ident_t *names) {
  buf_ident_t small[8];
  buf_ident_t *ids = n <= 8 ? small : malloc(n * sizeof *ids);
  if (!ids) abort();
  for (uint32_t i = 0; i < n; i++) ids[i] = buf_ident_cstr(ctx, names[i]);
  struct buf_attr_s k = {.kind = BUF_ATTR_SYMBOL_REF};
  k.u.symref.n = n;
  k.u.symref.names = ids;
  buf_attr_t a = intern(ctx, &k);
  if (ids != small) free(ids);
  return a;
}

buf_attr_t buf_attr_flat_symbol_ref(buf_ctx_t *ctx, const char *name) {
  buf_ident_t id = buf_ident_cstr(ctx, name);
  return buf_attr_symbol_ref(ctx, 1, &id);
}

buf_attr_t buf_attr_strided(buf_ctx_t *ctx, uint32_t rank,
                            const int64_t *strides, int64_t offset) {
  struct buf_attr_s k = {.kind = BUF_ATTR_STRIDED};
  k.u.strided.rank = rank;
  k.u.strided.strides = strides;
  k.u.strided.offset = offset;
  return intern(ctx, &k);
}

buf_attr_t buf_attr_opaque(buf_ctx_t *ctx, const char *text, size_t len) {
  struct buf_attr_s k = {.kind = BUF_ATTR_OPAQUE};
  k.u.opaque.text = buf_ident(ctx, text, len);
  return intern(ctx, &k);
}

/* ---- resources ------------------------------------------------------------ */

/* A resource is named by an interned identifier, so the table compares
 * pointers. */
static bool resource_eq(const void *stored, const void *key) {
  return ((const buf_resource_t *)stored)->name == (buf_ident_t)key;
}

buf_resource_t *buf_ctx_resource_get(buf_ctx_t *ctx, const char *name,
                                     size_t len) {
  buf_ident_t id = buf_ident(ctx, name, len);
  uint64_t h = buf__hash_u64(BUF__HASH_SEED, (uintptr_t)id);
  buf_resource_t *r = buf__htab_find(&ctx->resources, h, resource_eq, id);
  if (r) return r;
  r = buf_arena_alloc(&ctx->arena, sizeof *r);
  memset(r, 0, sizeof *r);
  r->name = id;
  buf__htab_insert(&ctx->resources, h, r);
  return r;
}

bool buf_ctx_has_resources(const buf_ctx_t *ctx) {
  return ctx->resources.count != 0;
}

const buf_resource_t *buf_ctx_resource_lookup(buf_ctx_t *ctx,
                                              const char *name) {
  buf_ident_t id = buf_ident_cstr(ctx, name);
  uint64_t h = buf__hash_u64(BUF__HASH_SEED, (uintptr_t)id);
  return buf__htab_find(&ctx->resources, h, resource_eq, id);
}

void buf_resource_set_blob(buf_ctx_t *ctx, buf_resource_t *res,
                           const void *data, size_t size, uint32_t alignment) {
  uint8_t *d = buf_arena_alloc(&ctx->arena, size ? size : 8);
  if (size) memcpy(d, data, size);
  res->data = d;
  res->size = size;
  res->alignment = alignment;
  res->hash = buf__hash_bytes(buf__hash_u64(BUF__HASH_SEED, alignment), d, size);
}

/* One more than the value of each hex digit, 0 for any other character:
 * a table, because a weight blob is tens of megabytes of digits. */
static const uint8_t hex_value_plus_one[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,
    ['6'] = 7,  ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12,
    ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* Decodes the 8 hex digits at digits into 4 bytes at out; false when one
 * of them is not a hex digit. Word arithmetic, because a model's weights
 * are hundreds of megabytes of digits (a table lookup per digit took 1 s
 * for EfficientNet-V2-L's 476 MB, this a quarter of that). A byte c is a
 * digit when it is below 0x80 and in '0'..'9', or c | 0x20 in 'a'..'f';
 * "x in [lo, hi]" is the high bit of (x + 0x80 - lo) & ~(x + 0x7f - hi),
 * without carries between bytes below 0x80. Its value is then its low
 * four bits, plus 9 for a letter (bit 6 set). */
static bool decode_hex_word(const unsigned char *digits, uint8_t *out) {
  const uint64_t ones = UINT64_C(0x0101010101010101), high = 0x80 * ones;
  uint64_t w;
  memcpy(&w, digits, 8);
  uint64_t lower = w | 0x20 * ones;
  uint64_t digit = (w + (0x80 - '0') * ones) & ~(w + (0x7f - '9') * ones);
  uint64_t letter = (lower + (0x80 - 'a') * ones) & ~(lower + (0x7f - 'f') * ones);
  if ((w & high) || ((digit | letter) & high) != high)
    return false;
  uint64_t v = (w & 0x0f * ones) + 9 * ((w >> 6) & ones);
  /* v's bytes are the digits' values, first digit lowest: pair them */
  uint64_t b = (v & UINT64_C(0x00ff00ff00ff00ff)) << 4 | ((v >> 8) & UINT64_C(0x00ff00ff00ff00ff));
  b = (b | b >> 8) & UINT64_C(0x0000ffff0000ffff);
  b = (b | b >> 16) & UINT64_C(0xffffffff);
  for (int k = 0; k < 4; k++)
    out[k] = (uint8_t)(b >> (8 * k));
  return true;
}

/* "0x" AAAAAAAA data...: two digits a byte, the first four bytes the
 * little-endian alignment. The bytes go straight to the arena, one pass. */
bool buf_resource_set_hex(buf_ctx_t *ctx, buf_resource_t *res,
                          const char *hex, size_t len) {
  if (len < 2 + 8 || hex[0] != '0' || (hex[1] != 'x' && hex[1] != 'X') ||
      (len - 2) % 2)
    return false;
  size_t n = (len - 2) / 2;
  uint8_t *d = buf_arena_alloc(&ctx->arena, n);
  const unsigned char *digits = (const unsigned char *)hex + 2;
  unsigned bad = 0; /* no branch per byte: a bad digit is seen at the end */
  size_t i = 0;
  for (; i + 4 <= n; i += 4)
    bad |= !decode_hex_word(digits + 2 * i, d + i);
  for (; i < n; i++) {
    unsigned hi = hex_value_plus_one[digits[2 * i]];
    unsigned lo = hex_value_plus_one[digits[2 * i + 1]];
    bad |= (hi == 0) | (lo == 0);
    d[i] = (uint8_t)((hi - 1) << 4 | (lo - 1));
  }
  if (bad)
    return false;
  uint32_t align = (uint32_t)d[0] | (uint32_t)d[1] << 8 |
                   (uint32_t)d[2] << 16 | (uint32_t)d[3] << 24;
  res->data = d + 4;
  res->size = n - 4;
  res->alignment = align;
  res->hash = buf__hash_bytes(buf__hash_u64(BUF__HASH_SEED, align), d + 4,
                              n - 4);
  return true;
}

void buf_ctx_set_ext_resource(buf_ctx_t *ctx, const char *group,
                              const char *key, const char *text) {
  buf_ident_t g = buf_ident_cstr(ctx, group), k = buf_ident_cstr(ctx, key);
  for (buf_ext_resource_t *e = ctx->ext_resources; e; e = e->next)
    if (e->group == g && e->key == k) {
      e->text = buf_ident_cstr(ctx, text);
      return;
    }
  buf_ext_resource_t *e = buf_arena_alloc(&ctx->arena, sizeof *e);
  e->next = NULL;
  e->group = g;
  e->key = k;
  e->text = buf_ident_cstr(ctx, text);
  if (ctx->ext_tail)
    ctx->ext_tail->next = e;
  else
    ctx->ext_resources = e;
  ctx->ext_tail = e;
}

const buf_ext_resource_t *buf_ctx_ext_resources(buf_ctx_t *ctx) {
  return ctx->ext_resources;
}

buf_attr_t buf_attr_dense_resource(buf_ctx_t *ctx, buf_type_t shaped,
                                   const buf_resource_t *res) {
  struct buf_attr_s k = {.kind = BUF_ATTR_DENSE_RESOURCE, .type = shaped};
  k.u.resource = res;
  return intern(ctx, &k);
}

/* ---- queries --------------------------------------------------------------- */

/* Binary search in the sorted entries (names compared by content, so the
 * caller need not intern). */
buf_attr_t buf_attr_dict_get(buf_attr_t dict, const char *name) {
  if (!dict || dict->kind != BUF_ATTR_DICT || !name) return NULL;
  uint32_t lo = 0, hi = dict->u.dict.n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    const char *e = dict->u.dict.entries[mid].name;
    /* The first bytes usually differ: no call for those probes. */
    int c = (unsigned char)e[0] - (unsigned char)name[0];
    if (c == 0) c = strcmp(e, name);
    if (c == 0) return dict->u.dict.entries[mid].value;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

bool buf_attr_is_elements(buf_attr_t a) {
  return a && (a->kind == BUF_ATTR_DENSE || a->kind == BUF_ATTR_DENSE_RESOURCE);
}

size_t buf_resource_elem_bytes(buf_type_t elem) {
  if (!elem) return 0;
  switch (elem->kind) {
  case BUF_TYPE_INDEX: return 8;
  case BUF_TYPE_INTEGER: {
    uint32_t w = elem->u.integer.width;
    return w == 1 ? 1 : (w == 8 || w == 16 || w == 32 || w == 64) ? w / 8 : 0;
  }
  case BUF_TYPE_FLOAT:
    switch (elem->u.fkind) {
    case BUF_F16:
    case BUF_BF16: return 2;
    case BUF_F32: return 4;
    case BUF_F64: return 8;
    }
    return 0;
  default:
    return 0;
  }
}

const char *buf_attr_elements_error(buf_attr_t a) {
  if (a && a->kind == BUF_ATTR_DENSE) return NULL;
  if (!a || a->kind != BUF_ATTR_DENSE_RESOURCE) return "not an elements attribute";
  const buf_resource_t *r = a->u.resource;
  if (!r->data) return "resource does not exist";
  size_t eb = buf_resource_elem_bytes(buf_type_elem(a->type));
  int64_t n = buf_type_num_elements(a->type);
  if (!eb || n < 0 || r->size != (size_t)n * eb)
    return "raw data size does not match element type size";
  return NULL;
}

/* Little-endian unsigned load of n <= 8 bytes. */
static uint64_t load_le(const uint8_t *p, size_t n) {
  uint64_t v = 0;
  for (size_t k = 0; k < n; k++) v |= (uint64_t)p[k] << (8 * k);
  return v;
}

/* IEEE half / bfloat16 bits to double. */
static double half_to_double(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0    ? ldexp(m, -24)
             : e == 31 ? (m ? NAN : INFINITY)
                       : ldexp(m + 1024, e - 25);
  return h >> 15 ? -v : v;
}

static double resource_float(buf_attr_t d, int64_t i) {
  buf_type_t et = buf_type_elem(d->type);
  size_t eb = buf_resource_elem_bytes(et);
  const uint8_t *p = d->u.resource->data + (size_t)i * eb;
  uint64_t bits = load_le(p, eb);
  if (et->kind != BUF_TYPE_FLOAT) return (double)buf__int_normalize(et, (int64_t)bits);
  switch (et->u.fkind) {
  case BUF_F16: return half_to_double((uint16_t)bits);
  case BUF_BF16: {
    uint32_t b32 = (uint32_t)bits << 16;
    float f;
    memcpy(&f, &b32, 4);
    return f;
  }
  case BUF_F32: {
    uint32_t b32 = (uint32_t)bits;
    float f;
    memcpy(&f, &b32, 4);
    return f;
  }
  case BUF_F64: {
    double f;
    memcpy(&f, &bits, 8);
    return f;
  }
  }
  return 0;
}

/* Element i of a readable resource blob; false when it cannot be read. */
static bool resource_elem(buf_attr_t d, int64_t i, int64_t *iv, double *fv) {
  if (buf_attr_elements_error(d)) return false;
  if (i < 0 || i >= buf_type_num_elements(d->type)) return false;
  buf_type_t et = buf_type_elem(d->type);
  if (et->kind == BUF_TYPE_FLOAT) {
    *fv = resource_float(d, i);
    *iv = (int64_t)*fv;
  } else {
    size_t eb = buf_resource_elem_bytes(et);
    uint64_t bits = load_le(d->u.resource->data + (size_t)i * eb, eb);
    *iv = et->kind == BUF_TYPE_INDEX ? (int64_t)bits
                                     : buf__int_normalize(et, (int64_t)bits);
    *fv = (double)*iv;
  }
  return true;
}

int64_t buf_attr_dense_int(buf_attr_t d, int64_t i) {
  if (d && d->kind == BUF_ATTR_DENSE_RESOURCE) {
    int64_t iv = 0;
    double fv = 0;
    return resource_elem(d, i, &iv, &fv) ? iv : 0;
  }
  if (!d || d->kind != BUF_ATTR_DENSE || d->u.dense.count == 0) return 0;
  int64_t j = d->u.dense.splat ? 0 : i;
  if (j < 0 || j >= d->u.dense.count) return 0;
  if (d->u.dense.ints) return d->u.dense.ints[j];
  return d->u.dense.floats ? (int64_t)d->u.dense.floats[j] : 0;
}

double buf_attr_dense_float(buf_attr_t d, int64_t i) {
  if (d && d->kind == BUF_ATTR_DENSE_RESOURCE) {
    int64_t iv = 0;
    double fv = 0;
    return resource_elem(d, i, &iv, &fv) ? fv : 0;
  }
  if (!d || d->kind != BUF_ATTR_DENSE || d->u.dense.count == 0) return 0;
  int64_t j = d->u.dense.splat ? 0 : i;
  if (j < 0 || j >= d->u.dense.count) return 0;
  if (d->u.dense.floats) return d->u.dense.floats[j];
  return d->u.dense.ints ? (double)d->u.dense.ints[j] : 0;
}
