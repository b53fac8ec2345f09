/*
 * ir_internal.h: private structures of the IR core (context, arena, hash
 * tables) shared by the files of core/ir/.
 *
 * Invariants: every table lives in and is owned by one context; nothing in
 * here is global. Hash tables store pointers with their hashes; lookups
 * compare with a caller-supplied equality so one table type serves all
 * interned kinds.
 */
#ifndef BUF_IR_INTERNAL_H
#define BUF_IR_INTERNAL_H

#include "buf/ir.h"

/* One entry of a buf__htab: the hash sits beside its pointer so that a
 * probe reads one cache line (the identifier and attribute tables of a
 * large module hold hundreds of thousands of entries and miss the cache). */
typedef struct buf__htab_slot {
  uint64_t hash;
  void *ptr; /* NULL: empty slot */
} buf__htab_slot_t;

/* An open-addressing table of (hash, pointer) pairs, malloc'd. */
typedef struct buf__htab {
  buf__htab_slot_t *slots;
  size_t cap;   /* power of two, or 0 */
  size_t count;
} buf__htab_t;

typedef bool (*buf__htab_eq)(const void *stored, const void *key);

/* Finds an entry with hash h for which eq(entry, key) holds; NULL if none. */
void *buf__htab_find(const buf__htab_t *t, uint64_t h, buf__htab_eq eq,
                     const void *key);
/* Inserts p with hash h (no duplicate check). */
void buf__htab_insert(buf__htab_t *t, uint64_t h, void *p);
void buf__htab_free(buf__htab_t *t);

/* A pointer -> pointer map (malloc'd), used by irmap and the verifier. */
typedef struct buf__ptrmap_slot {
  const void *key; /* NULL: empty slot */
  void *val;
} buf__ptrmap_slot_t;

typedef struct buf__ptrmap {
  buf__ptrmap_slot_t *slots; /* open addressing, linear probing */
  size_t cap; /* power of two, or 0 */
  size_t count;
} buf__ptrmap_t;

void *buf__ptrmap_get(const buf__ptrmap_t *m, const void *key);
void buf__ptrmap_set(buf__ptrmap_t *m, const void *key, void *val);
void buf__ptrmap_free(buf__ptrmap_t *m);

/* FNV-1a style mixing helpers. */
uint64_t buf__hash_bytes(uint64_t h, const void *data, size_t n);
uint64_t buf__hash_u64(uint64_t h, uint64_t v);
#define BUF__HASH_SEED 1469598103934665603ULL

struct buf_arena_chunk;
struct buf_arena_s {
  struct buf_arena_chunk *chunks; /* newest first */
  char *cur, *end;                /* bump region in the newest small chunk */
  size_t total;                   /* bytes obtained from malloc */
};

void buf__arena_init(buf_arena_t *a);
void buf__arena_free(buf_arena_t *a);

typedef struct buf__source {
  buf_ident_t file;
  const char *text;
  size_t len;
  uint32_t first_line; /* file line number of text's first line */
  struct buf__source *next;
} buf__source_t;

#define BUF__CSTR_CACHE 128 /* entries, a power of two */

struct buf_ctx_s {
  buf_arena_t arena;
  /* The pipeline running in this context (buf_ctx_running_pipeline), where
   * passes count their statistics; NULL outside a run. */
  void *running_pipeline;
  /* Dialects whose ops are accepted as unregistered ops even without
   * allow_unregistered (buf_ctx_set_opaque_dialects); NULL: none. */
  const char *opaque_dialects;
  /* The scratch arena (buf_ctx_scratch): op-state arrays and parser
   * temporaries, dropped whenever live_states (its holders) reaches 0. */
  buf_arena_t states;
  uint32_t live_states;
  /* Shared leaves d0..d15 and s0..s15: expressions are immutable, and
   * linalg named ops build the same maps for every op. */
  buf_affine_expr_t *dims[16], *syms[16];
  /* The interned identity maps of 0..15 dims (buf_affine_map_identity). */
  buf_affine_map_t *identity_maps[16];
  bool allow_unregistered;
  uint64_t max_memory;   /* buf_ctx_set_work_limits; 0: none */
  uint64_t deadline_ns;  /* CLOCK_MONOTONIC; 0: none */
  buf_limit_t limit_hit; /* what buf_ctx_check_limits found crossed */
  buf__htab_t idents;    /* interned strings */
  buf__htab_t types;     /* interned types */
  buf__htab_t attrs;     /* interned attributes */
  buf__htab_t opdefs;    /* registered defs, keyed by name */
  buf__htab_t unreg;     /* synthesized unregistered defs */
  buf__htab_t dialects;  /* const buf_dialect_t *, keyed by name */
  buf__htab_t resources; /* buf_resource_t *, keyed by name (attrs.c) */
  buf_ext_resource_t *ext_resources, *ext_tail; /* external_resources */
  buf__source_t *sources;
  buf_diag_t *diags, *diags_tail;
  size_t num_errors;
  buf_attr_t empty_dict; /* the interned {} (buf_attr_dict's fast path) */
  buf__ptrmap_t memo;    /* buf_ctx_memo_attr: table address -> attribute */
  /* Where bufferization runs in this context record their allocations
   * and copies (buf_bz_report_attach); borrowed, NULL when none. */
  struct buf_bz_report_s *bz_report;
  /* buf_ident_cstr's cache: caller pointer -> identifier (see there). */
  const char *cstr_keys[BUF__CSTR_CACHE];
  buf_ident_t cstr_vals[BUF__CSTR_CACHE];
};

/* Ops and blocks carry no context field in the public struct, so they are
 * allocated behind a small hidden header holding it. */
typedef struct buf__op_box {
  buf_ctx_t *ctx;
  buf_op_t op;
} buf__op_box_t;
typedef struct buf__block_box {
  buf_ctx_t *ctx;
  buf_block_t block;
} buf__block_box_t;

buf_ctx_t *buf__block_ctx(const buf_block_t *b);
/* The def of an interned op name (synthesized when unregistered). */
const buf_opdef_t *buf__ctx_opdef(buf_ctx_t *ctx, buf_ident_t name);

/* Bytes of the string at s, hashed like identifiers. */
uint64_t buf__hash_str(const char *s, size_t n);

/* Normalizes an integer to a type's width (attrs.c). */
int64_t buf__int_normalize(buf_type_t t, int64_t v);
/* Rounds a double to a float kind's precision (attrs.c). */
double buf__float_round(buf_float_kind_t k, double v);
/* The registered source of file with its first line number (context.c). */
const buf__source_t *buf__ctx_find_source(const buf_ctx_t *ctx,
                                          buf_ident_t file);
/* Structural hash of an affine map (affine.c). */
uint64_t buf__affine_map_hash(buf_affine_map_t *m);

#endif /* BUF_IR_INTERNAL_H */
