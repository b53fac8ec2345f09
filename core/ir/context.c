/*
 * context.c: the compilation context: its arena, the hash tables used for
 * interning, identifier interning, the op-definition lookup and registered
 * source buffers.
 *
 * Invariants: a context shares nothing mutable with any other; the only
 * shared data are the const dialect tables. Registered op names are interned
 * as the table's own name pointer, so op->name == op->def->name holds for
 * registered and unregistered ops alike.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir_internal.h"

/* ---- hashing ------------------------------------------------------------ */

/* FNV-1a over bytes. */
uint64_t buf__hash_bytes(uint64_t h, const void *data, size_t n) {
  /* Eight bytes per step (interning hashes every identifier, shape and
   * operand list); the shift folds high product bits into the low bits
   * that pick table slots. */
  const unsigned char *p = data;
  const uint64_t k = 0x9e3779b97f4a7c15ULL;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    memcpy(&w, p, 8);
    h = (h ^ w) * k;
    h ^= h >> 29;
  }
  if (n) {
    uint64_t w = 0;
    for (size_t i = 0; i < n; i++)
      w |= (uint64_t)p[i] << (8 * i);
    h = (h ^ w ^ ((uint64_t)n << 59)) * k;
    h ^= h >> 29;
  }
  return h;
}

/* Mixes a 64-bit word (splitmix finalizer on top of FNV). */
uint64_t buf_hash_bytes(uint64_t h, const void *data, size_t n) {
  return buf__hash_bytes(h, data, n);
}

uint64_t buf__hash_u64(uint64_t h, uint64_t v) {
  v += 0x9e3779b97f4a7c15ULL;
  v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ULL;
  v = (v ^ (v >> 27)) * 0x94d049bb133111ebULL;
  v ^= v >> 31;
  return (h ^ v) * 1099511628211ULL + (h >> 17);
}

uint64_t buf__hash_str(const char *s, size_t n) {
  return buf__hash_bytes(BUF__HASH_SEED, s, n);
}

static void *xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz);
  if (!p) abort(); /* out of memory is the only abort */
  return p;
}

/* ---- generic intern table ------------------------------------------------ */

static void htab_grow(buf__htab_t *t) {
  size_t ncap = t->cap ? t->cap * 2 : 64;
  buf__htab_slot_t *ns = xcalloc(ncap, sizeof *ns);
  for (size_t i = 0; i < t->cap; i++) {
    if (!t->slots[i].ptr) continue;
    size_t j = t->slots[i].hash & (ncap - 1);
    while (ns[j].ptr) j = (j + 1) & (ncap - 1);
    ns[j] = t->slots[i];
  }
  free(t->slots);
  t->slots = ns;
  t->cap = ncap;
}

void *buf__htab_find(const buf__htab_t *t, uint64_t h, buf__htab_eq eq,
                     const void *key) {
  if (!t->cap) return NULL;
  size_t j = h & (t->cap - 1);
  while (t->slots[j].ptr) {
    if (t->slots[j].hash == h && eq(t->slots[j].ptr, key))
      return t->slots[j].ptr;
    j = (j + 1) & (t->cap - 1);
  }
  return NULL;
}

void buf__htab_insert(buf__htab_t *t, uint64_t h, void *p) {
  if ((t->count + 1) * 4 >= t->cap * 3) htab_grow(t);
  size_t j = h & (t->cap - 1);
  while (t->slots[j].ptr) j = (j + 1) & (t->cap - 1);
  t->slots[j].hash = h;
  t->slots[j].ptr = p;
  t->count++;
}

void buf__htab_free(buf__htab_t *t) {
  free(t->slots);
  memset(t, 0, sizeof *t);
}

/* ---- pointer map --------------------------------------------------------- */

static size_t ptr_slot(const void *k, size_t cap) {
  return buf__hash_u64(0, (uint64_t)(uintptr_t)k) & (cap - 1);
}

/* Keys and values sit side by side in one slot array, so a lookup touches
 * one cache line (the maps of the verifier and the bufferization analysis
 * hold one entry per op or value of a whole module). */
void *buf__ptrmap_get(const buf__ptrmap_t *m, const void *key) {
  if (!m->cap) return NULL;
  size_t j = ptr_slot(key, m->cap);
  while (m->slots[j].key) {
    if (m->slots[j].key == key) return m->slots[j].val;
    j = (j + 1) & (m->cap - 1);
  }
  return NULL;
}

void buf__ptrmap_set(buf__ptrmap_t *m, const void *key, void *val) {
  if ((m->count + 1) * 4 >= m->cap * 3) {
    size_t ncap = m->cap ? m->cap * 2 : 32;
    buf__ptrmap_slot_t *ns = xcalloc(ncap, sizeof *ns);
    for (size_t i = 0; i < m->cap; i++) {
      if (!m->slots[i].key) continue;
      size_t j = ptr_slot(m->slots[i].key, ncap);
      while (ns[j].key) j = (j + 1) & (ncap - 1);
      ns[j] = m->slots[i];
    }
    free(m->slots);
    m->slots = ns;
    m->cap = ncap;
  }
  size_t j = ptr_slot(key, m->cap);
  while (m->slots[j].key) {
    if (m->slots[j].key == key) {
      m->slots[j].val = val;
      return;
    }
    j = (j + 1) & (m->cap - 1);
  }
  m->slots[j].key = key;
  m->slots[j].val = val;
  m->count++;
}

void buf__ptrmap_free(buf__ptrmap_t *m) {
  free(m->slots);
  memset(m, 0, sizeof *m);
}

/* ---- identifiers --------------------------------------------------------- */

typedef struct {
  const char *s;
  size_t n;
} strkey_t;

/* Equality of a stored identifier and a key without NULs. A plain loop:
 * identifiers are short and the hashes already matched, so a library call
 * would cost more than the compare. */
static bool str_eq(const void *stored, const void *key) {
  const strkey_t *k = key;
  const char *s = stored;
  for (size_t i = 0; i < k->n; i++)
    if (s[i] != k->s[i]) return false; /* also stops at s's NUL */
  return s[k->n] == 0;
}

/* The length of s up to its first NUL, at most n. Identifiers are short and
 * interned by the hundred thousand, so this tests a word at a time (the
 * has-a-zero-byte test) instead of calling memchr. */
static size_t ident_len(const char *s, size_t n) {
  const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    if ((w - ones) & ~w & highs) break;
  }
  while (i < n && s[i]) i++;
  return i;
}

/* Interns n bytes. Embedded NULs end the identifier (names never hold
 * them). */
buf_ident_t buf_ident(buf_ctx_t *ctx, const char *s, size_t n) {
  n = ident_len(s, n);
  strkey_t k = {s, n};
  uint64_t h = buf__hash_str(s, n);
  const char *found = buf__htab_find(&ctx->idents, h, str_eq, &k);
  if (found) return found;
  char *p = buf_arena_strndup(&ctx->arena, s, n);
  buf__htab_insert(&ctx->idents, h, p);
  return p;
}

buf_ident_t buf_ident_cstr(buf_ctx_t *ctx, const char *s) {
  /* Builders intern the same few names (op names, attribute names, often
   * already interned) over and over: a small cache keyed by the caller's
   * pointer answers them. The pointer alone proves nothing (a caller may
   * reuse a buffer), so a hit also needs equal text, unless s is the
   * interned string itself, which never changes. */
  uint32_t slot = (uint32_t)(((uintptr_t)s >> 3) ^ ((uintptr_t)s >> 11)) &
                  (BUF__CSTR_CACHE - 1);
  if (ctx->cstr_keys[slot] == s) {
    buf_ident_t id = ctx->cstr_vals[slot];
    if (id == s || strcmp(id, s) == 0)
      return id;
  }
  buf_ident_t id = buf_ident(ctx, s, strlen(s));
  ctx->cstr_keys[slot] = s;
  ctx->cstr_vals[slot] = id;
  return id;
}

/* Interns a string that lives forever (table names) by its own pointer. */
static buf_ident_t ident_static(buf_ctx_t *ctx, const char *s) {
  size_t n = strlen(s);
  strkey_t k = {s, n};
  uint64_t h = buf__hash_str(s, n);
  const char *found = buf__htab_find(&ctx->idents, h, str_eq, &k);
  if (found) return found;
  buf__htab_insert(&ctx->idents, h, (void *)s);
  return s;
}

/* ---- op definitions ------------------------------------------------------ */

static bool def_eq(const void *stored, const void *key) {
  return ((const buf_opdef_t *)stored)->name == (const char *)key;
}

static bool dialect_eq(const void *stored, const void *key) {
  const strkey_t *k = key;
  const buf_dialect_t *d = stored;
  return strncmp(d->name, k->s, k->n) == 0 && d->name[k->n] == 0;
}

/* Creates a context with every built-in dialect's ops in its lookup map. */
buf_ctx_t *buf_ctx_create(void) {
  buf_ctx_t *ctx = xcalloc(1, sizeof *ctx);
  buf__arena_init(&ctx->arena);
  buf__arena_init(&ctx->states);
  for (uint32_t i = 0; i < buf_num_dialects; i++) {
    const buf_dialect_t *d = buf_dialects[i];
    uint64_t dh = buf__hash_str(d->name, strlen(d->name));
    strkey_t dk = {d->name, strlen(d->name)};
    if (!buf__htab_find(&ctx->dialects, dh, dialect_eq, &dk))
      buf__htab_insert(&ctx->dialects, dh, (void *)d);
    for (uint32_t j = 0; j < d->num_ops; j++) {
      const buf_opdef_t *row = &d->ops[j];
      if (!row->name) continue;
      buf_ident_t name = ident_static(ctx, row->name);
      if (name != row->name) continue; /* duplicate row: first one wins */
      uint64_t h = buf__hash_u64(0, (uint64_t)(uintptr_t)name);
      if (buf__htab_find(&ctx->opdefs, h, def_eq, name)) continue;
      /* The context's own copy, so that models attach to it (buf_op_model)
       * without touching the shared const tables. */
      buf_opdef_t *def = buf_arena_alloc(&ctx->arena, sizeof *def);
      *def = *row;
      def->table_row = row;
      buf__htab_insert(&ctx->opdefs, h, def);
    }
  }
  return ctx;
}

/* Frees everything the context owns. */
void buf_ctx_destroy(buf_ctx_t *ctx) {
  if (!ctx) return;
  buf__htab_free(&ctx->idents);
  buf__htab_free(&ctx->types);
  buf__htab_free(&ctx->attrs);
  buf__htab_free(&ctx->opdefs);
  buf__htab_free(&ctx->unreg);
  buf__htab_free(&ctx->dialects);
  buf__htab_free(&ctx->resources);
  buf__ptrmap_free(&ctx->memo);
  buf__arena_free(&ctx->states);
  buf__arena_free(&ctx->arena);
  free(ctx);
}

buf_arena_t *buf_ctx_arena(buf_ctx_t *ctx) { return &ctx->arena; }

size_t buf_ctx_memory_used(const buf_ctx_t *ctx) {
  return ctx->arena.total + ctx->states.total;
}

void buf_ctx_set_work_limits(buf_ctx_t *ctx, uint64_t max_memory, uint64_t deadline_ns) {
  ctx->max_memory = max_memory;
  ctx->deadline_ns = deadline_ns;
}

buf_status_t buf_ctx_check_limits(buf_ctx_t *ctx, buf_loc_t at, const char *next) {
  if (ctx->max_memory && buf_ctx_memory_used(ctx) > ctx->max_memory) {
    buf_emit_error(ctx, at,
                   "compile stopped before %s: it holds %zu bytes of IR, more than the "
                   "limit of %llu bytes",
                   next, buf_ctx_memory_used(ctx), (unsigned long long)ctx->max_memory);
    ctx->limit_hit = BUF_LIMIT_MEMORY;
    return BUF_FAILURE;
  }
  if (ctx->deadline_ns) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec > ctx->deadline_ns) {
      buf_emit_error(ctx, at, "compile stopped before %s: its deadline passed", next);
      ctx->limit_hit = BUF_LIMIT_TIME;
      return BUF_FAILURE;
    }
  }
  return BUF_SUCCESS;
}

buf_limit_t buf_ctx_limit_hit(const buf_ctx_t *ctx) { return ctx->limit_hit; }

buf_attr_t buf_ctx_memo_attr(buf_ctx_t *ctx, const void *key) {
  return buf__ptrmap_get(&ctx->memo, key);
}

void buf_ctx_memo_set_attr(buf_ctx_t *ctx, const void *key, buf_attr_t a) {
  buf__ptrmap_set(&ctx->memo, key, (void *)a);
}

void buf_ctx_set_running_pipeline(buf_ctx_t *ctx, void *pipeline) {
  ctx->running_pipeline = pipeline;
}

void *buf_ctx_running_pipeline(const buf_ctx_t *ctx) {
  return ctx->running_pipeline;
}

void buf_ctx_set_opaque_dialects(buf_ctx_t *ctx, const char *dialects) {
  ctx->opaque_dialects = dialects;
}

bool buf_ctx_allows_unregistered_op(const buf_ctx_t *ctx, const char *name) {
  if (ctx->allow_unregistered)
    return true;
  const char *dot = strchr(name, '.');
  if (!dot || !ctx->opaque_dialects)
    return false;
  size_t n = (size_t)(dot - name);
  for (const char *s = ctx->opaque_dialects; s && *s;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && strncmp(s, name, n) == 0)
      return true;
    s = e ? e + 1 : NULL;
  }
  return false;
}

void buf_ctx_set_allow_unregistered(buf_ctx_t *ctx, bool allow) {
  ctx->allow_unregistered = allow;
}

bool buf_ctx_allow_unregistered(const buf_ctx_t *ctx) {
  return ctx->allow_unregistered;
}

/* The registered def of name, or NULL. */
const buf_opdef_t *buf_ctx_lookup_opdef(buf_ctx_t *ctx, const char *name) {
  buf_ident_t id = buf_ident_cstr(ctx, name);
  uint64_t h = buf__hash_u64(0, (uint64_t)(uintptr_t)id);
  return buf__htab_find(&ctx->opdefs, h, def_eq, id);
}

/* The def for an interned name: registered, or a cached context-local
 * definition with the UNREGISTERED trait. */
const buf_opdef_t *buf__ctx_opdef(buf_ctx_t *ctx, buf_ident_t name) {
  uint64_t h = buf__hash_u64(0, (uint64_t)(uintptr_t)name);
  const buf_opdef_t *def = buf__htab_find(&ctx->opdefs, h, def_eq, name);
  if (def) return def;
  def = buf__htab_find(&ctx->unreg, h, def_eq, name);
  if (def) return def;
  buf_opdef_t *nd = buf_arena_alloc(&ctx->arena, sizeof *nd);
  nd->name = name;
  nd->traits = BUF_TRAIT_UNREGISTERED;
  buf__htab_insert(&ctx->unreg, h, nd);
  return nd;
}

/* Stored for "resolved, and the subsystem has no row": NULL means not yet
 * resolved. */
static const char no_model;

const void *buf_op_model(const buf_op_t *op, buf_model_kind_t kind) {
  /* The definition is the context's copy (buf_ctx_create, buf__ctx_opdef),
   * writable by its owner; threads that race here store the same row. */
  const void **slot = (const void **)&op->def->models[kind];
  const void *m = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (!m) {
    m = buf_model_tables[kind].resolve(op->def->name);
    if (!m)
      m = &no_model;
    __atomic_store_n(slot, m, __ATOMIC_RELEASE);
  }
  return m == &no_model ? NULL : m;
}

static const buf_dialect_t *find_dialect(buf_ctx_t *ctx, const char *dialect,
                                         size_t len) {
  strkey_t k = {dialect, len};
  return buf__htab_find(&ctx->dialects, buf__hash_str(dialect, len),
                        dialect_eq, &k);
}

bool buf_ctx_dialect_known(buf_ctx_t *ctx, const char *dialect, size_t len) {
  return find_dialect(ctx, dialect, len) != NULL;
}

bool buf_ctx_rejects_unknown_op(buf_ctx_t *ctx, const char *op_name) {
  const char *dot = strchr(op_name, '.');
  if (!dot || buf_ctx_lookup_opdef(ctx, op_name))
    return false;
  const buf_dialect_t *d = find_dialect(ctx, op_name, (size_t)(dot - op_name));
  return d && !d->allows_unknown_ops;
}

buf_attr_t buf_ctx_encoding_layout(buf_ctx_t *ctx, buf_attr_t encoding) {
  if (!encoding || encoding->kind != BUF_ATTR_OPAQUE)
    return NULL;
  const char *name = encoding->u.opaque.text + 1; /* after '#' */
  const char *dot = strchr(name, '.');
  for (uint32_t i = 0; dot && i < buf_num_encoding_layout_rows; i++) {
    const buf_encoding_layout_row_t *row = &buf_encoding_layout_rows[i];
    if (strlen(row->dialect) == (size_t)(dot - name) &&
        strncmp(row->dialect, name, (size_t)(dot - name)) == 0)
      return row->layout(ctx, encoding);
  }
  return NULL;
}

/* ---- sources ------------------------------------------------------------- */

/* Registers (or replaces) the text of file. */
void buf_ctx_add_source(buf_ctx_t *ctx, const char *file, const char *text,
                        size_t len) {
  buf_ctx_add_source_at(ctx, file, text, len, 1);
}

/* Registers (or replaces) the text of file, whose first line is line
 * first_line of the file. */
static void add_source(buf_ctx_t *ctx, const char *file, const char *text,
                       size_t len, uint32_t first_line, bool borrow) {
  buf_ident_t f = buf_ident_cstr(ctx, file);
  buf__source_t *s = NULL;
  for (buf__source_t *it = ctx->sources; it; it = it->next)
    if (it->file == f) s = it;
  if (!s) {
    s = buf_arena_alloc(&ctx->arena, sizeof *s);
    s->file = f;
    s->next = ctx->sources;
    ctx->sources = s;
  }
  s->text = borrow && text ? text
                           : buf_arena_strndup(&ctx->arena, text ? text : "",
                                               text ? len : 0);
  s->len = text ? len : 0;
  s->first_line = first_line ? first_line : 1;
}

void buf_ctx_add_source_at(buf_ctx_t *ctx, const char *file, const char *text,
                           size_t len, uint32_t first_line) {
  add_source(ctx, file, text, len, first_line, false);
}

void buf_ctx_add_source_borrowed(buf_ctx_t *ctx, const char *file,
                                 const char *text, size_t len,
                                 uint32_t first_line) {
  add_source(ctx, file, text, len, first_line, true);
}

const buf__source_t *buf__ctx_find_source(const buf_ctx_t *ctx,
                                          buf_ident_t file) {
  if (!file) return NULL;
  for (const buf__source_t *it = ctx->sources; it; it = it->next)
    if (it->file == file || strcmp(it->file, file) == 0) return it;
  return NULL;
}

const char *buf_ctx_source(const buf_ctx_t *ctx, buf_ident_t file,
                           size_t *len) {
  const buf__source_t *s = buf__ctx_find_source(ctx, file);
  if (len) *len = s ? s->len : 0;
  return s ? s->text : NULL;
}
