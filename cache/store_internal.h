/*
 * store_internal.h: what the store's files share (conn.c, open.c, store.c,
 * background.c). Not for users of cache.h.
 *
 * Connections: one writer (every write of this process, serialized on
 * write_lock, so that writers of one process queue on a mutex instead of
 * SQLite's sleeping busy handler), readers taken from a pool (in WAL mode a
 * reader sees the last commit and never waits for a writer), and the
 * background thread's own connection for checkpoints.
 *
 * Lock order: write_lock, then bg_lock, then state_lock; the reader pool's
 * lock is taken alone.
 */
#ifndef BUFFERD_CACHE_STORE_INTERNAL_H
#define BUFFERD_CACHE_STORE_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <sqlite3.h>

#include "cache.h"

/* Every statement the store runs; conn.c holds their SQL. */
typedef enum cache_stmt_id {
  CACHE_STMT_BEGIN_READ,
  CACHE_STMT_BEGIN_WRITE,
  CACHE_STMT_COMMIT,
  CACHE_STMT_ROLLBACK,
  CACHE_STMT_GET_ENTRY,
  CACHE_STMT_GET_ARTIFACTS,
  CACHE_STMT_GET_COMPONENTS,
  CACHE_STMT_TOTALS,
  CACHE_STMT_DELETE_ARTIFACTS,
  CACHE_STMT_DELETE_ENTRY,
  CACHE_STMT_INSERT_ARTIFACT,
  CACHE_STMT_INSERT_ENTRY,
  CACHE_STMT_TOUCH,
  CACHE_STMT_LEAST_RECENT,
  CACHE_STMT_UNUSED_SINCE,
  CACHE_STMT_COUNT
} cache_stmt_id_t;

typedef struct cache_conn {
  sqlite3 *db;
  sqlite3_stmt *stmts[CACHE_STMT_COUNT]; /* prepared on first use */
  struct cache_conn *next_free;          /* reader pool link */
} cache_conn_t;

/* Hits waiting for their last_used to be written (background.c). Full:
 * further touches are dropped, which only makes LRU a little less exact. */
#define CACHE_TOUCH_QUEUE 4096

typedef struct cache_touches {
  char (*keys)[CACHE_KEY_HEX_LEN + 1];
  int64_t *when;
  size_t count;
} cache_touches_t;

struct cache_s {
  char *path;
  cache_config_t cfg;
  cache_open_report_t report;

  pthread_mutex_t write_lock;  /* owns writer */
  cache_conn_t *writer;
  int writers_waiting;         /* puts queued on write_lock (atomic) */

  pthread_mutex_t pool_lock;   /* owns the reader pool */
  pthread_cond_t pool_free;
  cache_conn_t *free_readers;
  int num_readers;

  pthread_mutex_t bg_lock;     /* owns the fields down to bg_conn */
  pthread_cond_t bg_wake;
  pthread_t bg_thread;
  bool bg_started, bg_stopping;
  bool evict_wanted;           /* a put took the store over max_bytes */
  bool checkpoint_wanted;      /* the WAL has grown past wal_next_checkpoint */
  int wal_pages;               /* frames in the WAL after the last commit */
  int wal_next_checkpoint;     /* frames at which the next one is due */
  cache_touches_t touches;
  cache_conn_t *bg_conn;       /* checkpoints; used by the thread alone */

  pthread_mutex_t state_lock;  /* owns the degraded state */
  char write_failure[200];     /* why the last write failed; "" after a
                                * write succeeded */
  char damage[200];            /* b-tree damage a read found; sticky */

  /* counters, atomics */
  uint64_t hits, misses, puts, corrupt, evicted;
  uint64_t request_steps, background_steps;
};

/* ---- conn.c ---------------------------------------------------------------- */

/* Opens a connection to path (flags: SQLITE_OPEN_*) with the store's
 * pragmas. Returns NULL and the SQLite result code in *rc on failure. */
cache_conn_t *cache__conn_open(const char *path, int flags, int *rc);
void cache__conn_close(cache_conn_t *conn);
/* conn's statement id, reset and unbound, ready to bind; NULL on failure
 * (the message is in cache_last_error). */
sqlite3_stmt *cache__stmt(cache_t *c, cache_conn_t *conn, cache_stmt_id_t id);
/* Resets st after use and adds its VM steps to *steps (atomic). */
void cache__stmt_done(sqlite3_stmt *st, uint64_t *steps);
/* Runs a statement that returns no rows (BEGIN, COMMIT, ...). Returns the
 * SQLite result code (SQLITE_OK on success). */
int cache__run(cache_t *c, cache_conn_t *conn, cache_stmt_id_t id, uint64_t *steps);
/* A reader from the pool (opened on demand), or NULL on failure. */
cache_conn_t *cache__reader_take(cache_t *c);
void cache__reader_give(cache_t *c, cache_conn_t *conn);
/* Closes every pooled reader. */
void cache__readers_close(cache_t *c);
/* Deletes key's entry and artifacts on conn, inside the caller's write
 * transaction. Returns the SQLite result code. */
int cache__delete_entry(cache_t *c, cache_conn_t *conn, const char *key, uint64_t *steps);
/* The totals row: entries and bytes the store holds. */
int cache__totals(cache_t *c, cache_conn_t *conn, uint64_t *entries, uint64_t *bytes,
                  uint64_t *steps);

/* ---- store.c ----------------------------------------------------------------- */

/* True for the result codes that say the database is damaged. */
bool cache__is_damage(int rc);
/* Formats a failure into this thread's message; returns code. */
int cache__fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records the outcome of a write: rc == SQLITE_OK clears the write
 * failure; an error that says the store cannot be written (full, read
 * only, I/O, damaged) sets it. */
void cache__note_write(cache_t *c, int rc, const char *what);
/* Records b-tree damage found by a read (counted, sticky). */
void cache__note_damage(cache_t *c, int rc, const char *what);

/* ---- background.c ------------------------------------------------------------ */

/* Starts the background thread (eviction, queued touches, checkpoints)
 * and hooks the writer's commits. Returns 0 or negative. */
int cache__background_start(cache_t *c);
/* Stops it; queued touches are written first. */
void cache__background_stop(cache_t *c);
/* Wakes the evictor: the store is over max_bytes. */
void cache__background_evict(cache_t *c);
/* Queues a hit's last_used update. */
void cache__background_touch(cache_t *c, const char *key, int64_t when);

#endif /* BUFFERD_CACHE_STORE_INTERNAL_H */
