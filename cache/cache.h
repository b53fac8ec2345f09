/*
 * cache.h: bufferd's artifact store.
 *
 * A compile result is a set of named artifacts ("memref", "llvm", "report",
 * ...) plus a small JSON "meta" document (diagnostics, timings), stored under
 * a key: the SHA-256 of everything that determines the result (see
 * cache_key_compute). The store is one SQLite database in WAL mode:
 *
 *   entries(key, status, created, last_used, expires, bytes, components, meta)
 *   artifacts(key, name, data, sha256)
 *   totals(entries, bytes)      one row, kept by triggers on entries
 *
 * All artifacts of one compile are written in one transaction. Each
 * artifact carries its own SHA-256, checked on every read: a mismatch is
 * treated as a miss, the entry is dropped, and the corruption is counted.
 *
 * Cost per request does not grow with the store: a get or put touches its
 * own key's rows, the totals row and nothing else. Eviction is
 * least-recently-used by total bytes (plus by age at start-up): when a put
 * takes the store over max_bytes, a background thread deletes the least
 * recently used entries, found through the last_used index, in short
 * batches until the store is a little under the bound. Hits do not write:
 * their last_used updates are queued and written by the same thread.
 *
 * Damage: cache_open checks the database (PRAGMA quick_check within a time
 * budget); a database that is damaged or is not a database is renamed
 * aside with a timestamp and a fresh one is created (cache_open_report
 * says so). Damage found later by a read (SQLITE_CORRUPT) is counted in
 * the corrupt counter, answers a miss, and marks the store degraded. A
 * store whose writes fail (full disk, read-only directory, I/O errors) is
 * degraded until a write succeeds again; see cache_degraded.
 *
 * Thread safety: a cache_t may be used from several threads. Reads run on
 * a pool of reader connections and never wait for a writer (WAL); writes
 * of this process are serialized on one writer connection. Several
 * processes may share one database. Errors are returned as negative
 * errno-style codes with a message in cache_last_error.
 */
#ifndef BUFFERD_CACHE_H
#define BUFFERD_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CACHE_KEY_HEX_LEN 64
#define CACHE_KEY_SCHEMA_VERSION 1

typedef struct cache_s cache_t;

typedef struct cache_config {
  uint64_t max_bytes;          /* 0: unbounded */
  int64_t failed_ttl_seconds;  /* how long failed compiles stay cached */
  uint32_t check_ms;           /* time budget of the integrity check at
                                * open; 0: no check */
} cache_config_t;

/* What went into a key; kept with the entry so that `bufferc explain` and
 * GET /v1/keys/{key} can show it. */
typedef struct cache_key_parts {
  const char *compiler_version;
  const char *canonical_ir;    /* the program printed canonically */
  const char *pipeline;        /* normalized pipeline text */
  const char *artifacts;       /* sorted, comma-separated artifact names */
  const char *target_options;  /* canonical JSON of target options ("{}") */
} cache_key_parts_t;

/* Computes the key (64 lowercase hex chars + NUL) of parts. */
void cache_key_compute(const cache_key_parts_t *parts,
                       char key[CACHE_KEY_HEX_LEN + 1]);
/* SHA-256 of data as lowercase hex. */
void cache_sha256_hex(const void *data, size_t len,
                      char hex[CACHE_KEY_HEX_LEN + 1]);
/* True when s is 64 lowercase hex characters. */
bool cache_key_is_valid(const char *s);

typedef struct cache_artifact {
  char *name;               /* "memref", "llvm", "obj", ... */
  unsigned char *data;
  size_t len;
  /* The SHA-256 of data in hex, or "" when not computed yet: cache_get
   * fills it (it verifies every artifact), cache_put uses it when given
   * (an object is as big as the model's weights: hashed once). */
  char sha256[CACHE_KEY_HEX_LEN + 1];
} cache_artifact_t;

typedef enum cache_status {
  CACHE_ENTRY_OK = 0,       /* a successful compile */
  CACHE_ENTRY_FAILED = 1,   /* a program error, cached briefly */
} cache_status_t;

typedef struct cache_entry {
  cache_status_t status;
  char *meta;               /* JSON text */
  char *components;         /* JSON text of the key parts */
  cache_artifact_t *artifacts;
  size_t num_artifacts;
  int64_t created;          /* unix seconds */
} cache_entry_t;

typedef struct cache_stats {
  uint64_t hits, misses, puts, evicted;
  uint64_t corrupt;         /* checksum mismatches and b-tree errors on reads */
  uint64_t entries, bytes;  /* what the store holds now (all processes) */
  uint64_t request_steps;   /* SQLite VM steps of gets and puts, summed */
  uint64_t background_steps;/* VM steps of eviction and queued touches */
} cache_stats_t;

/* What cache_open found. */
typedef enum cache_check {
  CACHE_CHECK_SKIPPED,      /* check_ms was 0, or the database was new */
  CACHE_CHECK_OK,           /* quick_check passed */
  CACHE_CHECK_INCOMPLETE,   /* the time budget ran out first */
} cache_check_t;

typedef struct cache_open_report {
  cache_check_t check;
  uint64_t check_ms;        /* time the check took */
  char moved_to[4200];      /* where a damaged database went; "" when not */
  char damage[256];         /* why it was moved; "" when not */
} cache_open_report_t;

/* Opens (creating) the database at path, checks it and moves it aside when
 * damaged (see the top of this file). Returns NULL and sets *err (a
 * malloc'd message) when no usable database could be opened. */
cache_t *cache_open(const char *path, const cache_config_t *cfg, char **err);
/* Stops the background thread (writing queued touches) and closes. */
void cache_close(cache_t *c);
/* What the open found (borrowed; valid until cache_close). */
const cache_open_report_t *cache_open_report(cache_t *c);
/* True when writes are failing or reads found damage; why (a sentence)
 * goes to why[0..len). */
bool cache_degraded(cache_t *c, char *why, size_t len);

/* Looks up key. Returns 1 and fills *out (free with cache_entry_free) on a
 * hit, 0 on a miss (also for expired failures and corrupt entries, which are
 * dropped, and for a damaged b-tree, which is counted), negative on a
 * database error. */
int cache_get(cache_t *c, const char *key, cache_entry_t *out);
/* cache_get reading only the artifact called name (out holds it, or no
 * artifact when the entry has none of that name): an entry's LLVM IR is
 * not read to serve its object. */
int cache_get_artifact(cache_t *c, const char *key, const char *name, cache_entry_t *out);
/* Stores an entry and its artifacts in one transaction, replacing any old
 * one; when the store is then over max_bytes, wakes the evictor (the put
 * itself deletes nothing else). Returns 0 or negative. */
int cache_put(cache_t *c, const char *key, const cache_entry_t *entry);
/* The JSON components of key, malloc'd, or NULL when unknown. */
char *cache_components(cache_t *c, const char *key);
/* Drops entries not used for `seconds`; returns how many, or negative. */
int64_t cache_evict_older_than(cache_t *c, int64_t seconds);
/* When a put takes the store over max_bytes, the background thread evicts
 * down to max_bytes - max_bytes / CACHE_LOW_WATER_DIVISOR. */
#define CACHE_LOW_WATER_DIVISOR 128

/* Drops least recently used entries until at most max_bytes remain, now,
 * in batches; returns how many, or negative. */
int64_t cache_evict_to(cache_t *c, uint64_t max_bytes);
void cache_get_stats(cache_t *c, cache_stats_t *out);
/* "ok" or the message of PRAGMA integrity_check (malloc'd). */
char *cache_integrity_check(cache_t *c);
/* The message of the last failure of a cache call on this thread
 * (borrowed). */
const char *cache_last_error(cache_t *c);

void cache_entry_free(cache_entry_t *e);

#endif /* BUFFERD_CACHE_H */
