/*
 * store.c: the request path of the SQLite artifact store (see cache.h for
 * the model): get, put, components, stats, and the degraded state their
 * failures set.
 *
 * Invariants:
 *   - An entry row exists iff all its artifact rows were committed with it
 *     (one transaction per put; a crash leaves the old state or the new).
 *   - entries.bytes is the sum of the entry's artifact lengths and its
 *     meta, and the totals row holds the sums over all entries: triggers
 *     update it in the transaction that changes entries, whichever process
 *     runs it.
 *   - Nothing is served without re-hashing it: a checksum mismatch deletes
 *     the entry and reports a miss.
 *   - A get runs on a reader in one read transaction and writes nothing,
 *     except to drop an expired or corrupt entry; its last_used update is
 *     queued for the background thread.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_internal.h"

/* What reading an entry found, besides negative errors. */
enum {
  READ_MISS = 0,
  READ_HIT = 1,
  READ_MISMATCH = 2, /* an artifact's checksum did not verify */
  READ_DAMAGED = 3,  /* SQLite found the b-tree damaged */
};

static _Thread_local char last_error[256];

int cache__fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return code;
}

const char *cache_last_error(cache_t *c) {
  (void)c;
  return last_error;
}

static int64_t now_seconds(void) { return (int64_t)time(NULL); }

bool cache__is_damage(int rc) {
  rc &= 0xff;
  return rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB;
}

/* Failures that say the store cannot take writes now, as opposed to a
 * transient conflict with another process (SQLITE_BUSY). */
static bool is_unwritable(int rc) {
  switch (rc & 0xff) {
  case SQLITE_FULL:
  case SQLITE_READONLY:
  case SQLITE_IOERR:
  case SQLITE_CANTOPEN:
  case SQLITE_PERM:
  case SQLITE_CORRUPT:
  case SQLITE_NOTADB:
    return true;
  default:
    return false;
  }
}

void cache__note_write(cache_t *c, int rc, const char *what) {
  if (rc != SQLITE_OK && !is_unwritable(rc))
    return;
  pthread_mutex_lock(&c->state_lock);
  if (rc == SQLITE_OK)
    c->write_failure[0] = 0;
  else
    snprintf(c->write_failure, sizeof c->write_failure, "cache writes fail (%s: %s)", what,
             sqlite3_errstr(rc));
  pthread_mutex_unlock(&c->state_lock);
}

void cache__note_damage(cache_t *c, int rc, const char *what) {
  __atomic_add_fetch(&c->corrupt, 1, __ATOMIC_RELAXED);
  pthread_mutex_lock(&c->state_lock);
  if (!c->damage[0])
    snprintf(c->damage, sizeof c->damage,
             "cache database damaged (%s: %s); it is moved aside at the next start", what,
             sqlite3_errstr(rc));
  pthread_mutex_unlock(&c->state_lock);
}

bool cache_degraded(cache_t *c, char *why, size_t len) {
  pthread_mutex_lock(&c->state_lock);
  const char *reason = c->damage[0] ? c->damage : c->write_failure;
  bool degraded = reason[0] != 0;
  if (why && len)
    snprintf(why, len, "%s", reason);
  pthread_mutex_unlock(&c->state_lock);
  return degraded;
}

const cache_open_report_t *cache_open_report(cache_t *c) { return &c->report; }

void cache_entry_free(cache_entry_t *e) {
  if (!e)
    return;
  for (size_t i = 0; i < e->num_artifacts; i++) {
    free(e->artifacts[i].name);
    free(e->artifacts[i].data);
  }
  free(e->artifacts);
  free(e->meta);
  free(e->components);
  memset(e, 0, sizeof *e);
}

static char *dup_text(const unsigned char *s) {
  return strdup(s ? (const char *)s : "");
}

/* A failed read: damage is counted and answers as a miss; anything else is
 * an error. */
static int read_failed(cache_t *c, cache_conn_t *r, int rc, const char *what) {
  if (cache__is_damage(rc)) {
    cache__note_damage(c, rc, what);
    return READ_DAMAGED;
  }
  return cache__fail(-EIO, "%s: %s", what, sqlite3_errmsg(r->db));
}

/* Reads key's artifacts into e (only the one named `only`, when not
 * NULL), verifying each checksum. */
static int read_artifacts(cache_t *c, cache_conn_t *r, const char *key, const char *only,
                          cache_entry_t *e) {
  sqlite3_stmt *st = cache__stmt(c, r, CACHE_STMT_GET_ARTIFACTS);
  if (!st)
    return -EIO;
  sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
  if (only)
    sqlite3_bind_text(st, 2, only, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null(st, 2);
  int rc, result = READ_HIT;
  size_t cap = 0;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    const void *data = sqlite3_column_blob(st, 1);
    size_t len = (size_t)sqlite3_column_bytes(st, 1);
    const char *want = (const char *)sqlite3_column_text(st, 2);
    char got[CACHE_KEY_HEX_LEN + 1];
    cache_sha256_hex(data, len, got);
    if (!want || strcmp(got, want) != 0) {
      result = READ_MISMATCH;
      break;
    }
    if (e->num_artifacts == cap) {
      cap = cap ? cap * 2 : 4;
      e->artifacts = realloc(e->artifacts, cap * sizeof *e->artifacts);
    }
    cache_artifact_t *a = &e->artifacts[e->num_artifacts++];
    memcpy(a->sha256, got, sizeof got);
    a->name = dup_text(sqlite3_column_text(st, 0));
    a->len = len;
    a->data = malloc(len ? len : 1);
    if (len)
      memcpy(a->data, data, len);
  }
  if (result == READ_HIT && rc != SQLITE_DONE)
    result = read_failed(c, r, rc, "read artifacts");
  cache__stmt_done(st, &c->request_steps);
  return result;
}

/* Reads key's entry and artifacts on reader r, in one read transaction so
 * that they come from the same commit. */
static int read_entry(cache_t *c, cache_conn_t *r, const char *key, const char *only,
                      cache_entry_t *out, int64_t *expires, int64_t *last_used) {
  int rc = cache__run(c, r, CACHE_STMT_BEGIN_READ, &c->request_steps);
  if (rc != SQLITE_OK)
    return read_failed(c, r, rc, "begin read");
  int result;
  sqlite3_stmt *st = cache__stmt(c, r, CACHE_STMT_GET_ENTRY);
  if (!st) {
    result = -EIO;
  } else {
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
      out->status = (cache_status_t)sqlite3_column_int(st, 0);
      out->created = sqlite3_column_int64(st, 1);
      *expires = sqlite3_column_int64(st, 2);
      *last_used = sqlite3_column_int64(st, 3);
      out->components = dup_text(sqlite3_column_text(st, 4));
      out->meta = dup_text(sqlite3_column_text(st, 5));
      result = READ_HIT;
    } else {
      result = rc == SQLITE_DONE ? READ_MISS : read_failed(c, r, rc, "get");
    }
    cache__stmt_done(st, &c->request_steps);
  }
  if (result == READ_HIT)
    result = read_artifacts(c, r, key, only, out);
  /* Ends the read transaction; a read-only COMMIT cannot fail in a way
   * that changes what was read. */
  cache__run(c, r, CACHE_STMT_COMMIT, &c->request_steps);
  return result;
}

/* Deletes key's entry in a write transaction of its own (an expired or
 * corrupt entry found by a get). */
static void drop_entry(cache_t *c, const char *key) {
  pthread_mutex_lock(&c->write_lock);
  cache_conn_t *w = c->writer;
  int rc = cache__run(c, w, CACHE_STMT_BEGIN_WRITE, &c->request_steps);
  if (rc == SQLITE_OK)
    rc = cache__delete_entry(c, w, key, &c->request_steps);
  if (rc == SQLITE_OK)
    rc = cache__run(c, w, CACHE_STMT_COMMIT, &c->request_steps);
  if (rc != SQLITE_OK && !sqlite3_get_autocommit(w->db))
    cache__run(c, w, CACHE_STMT_ROLLBACK, &c->request_steps);
  cache__note_write(c, rc, "drop entry");
  pthread_mutex_unlock(&c->write_lock);
}

int cache_get(cache_t *c, const char *key, cache_entry_t *out) {
  return cache_get_artifact(c, key, NULL, out);
}

int cache_get_artifact(cache_t *c, const char *key, const char *name, cache_entry_t *out) {
  memset(out, 0, sizeof *out);
  cache_conn_t *r = cache__reader_take(c);
  if (!r)
    return -EIO;
  int64_t expires = 0, last_used = 0;
  int result = read_entry(c, r, key, name, out, &expires, &last_used);
  cache__reader_give(c, r);
  int64_t now = now_seconds();
  if (result == READ_HIT && expires != 0 && expires <= now) {
    drop_entry(c, key);
    result = READ_MISS;
  } else if (result == READ_MISMATCH) {
    /* Never serve it; drop it so that it is recompiled. */
    __atomic_add_fetch(&c->corrupt, 1, __ATOMIC_RELAXED);
    drop_entry(c, key);
  }
  if (result == READ_HIT) {
    __atomic_add_fetch(&c->hits, 1, __ATOMIC_RELAXED);
    if (last_used < now)
      cache__background_touch(c, key, now);
    return 1;
  }
  cache_entry_free(out);
  if (result < 0)
    return result;
  __atomic_add_fetch(&c->misses, 1, __ATOMIC_RELAXED);
  return 0;
}

/* Inserts e's artifacts and entry row inside the caller's transaction;
 * returns the SQLite result code and names the failing step in *what. */
static int insert_entry(cache_t *c, cache_conn_t *w, const char *key, const cache_entry_t *e,
                        const char **what) {
  uint64_t *steps = &c->request_steps;
  uint64_t bytes = 0;
  int rc = SQLITE_OK;
  *what = "insert artifact";
  for (size_t i = 0; rc == SQLITE_OK && i < e->num_artifacts; i++) {
    const cache_artifact_t *a = &e->artifacts[i];
    char sum[CACHE_KEY_HEX_LEN + 1];
    if (a->sha256[0])
      memcpy(sum, a->sha256, sizeof sum);
    else
      cache_sha256_hex(a->data, a->len, sum);
    sqlite3_stmt *st = cache__stmt(c, w, CACHE_STMT_INSERT_ARTIFACT);
    if (!st)
      return SQLITE_ERROR;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, a->name, -1, SQLITE_STATIC);
    sqlite3_bind_blob64(st, 3, a->data ? (const void *)a->data : "", a->len, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, sum, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    cache__stmt_done(st, steps);
    bytes += a->len;
  }
  if (rc != SQLITE_OK)
    return rc;
  *what = "insert entry";
  sqlite3_stmt *st = cache__stmt(c, w, CACHE_STMT_INSERT_ENTRY);
  if (!st)
    return SQLITE_ERROR;
  int64_t now = now_seconds();
  int64_t ttl = c->cfg.failed_ttl_seconds > 0 ? c->cfg.failed_ttl_seconds : 60;
  int64_t expires = e->status == CACHE_ENTRY_FAILED ? now + ttl : 0;
  bytes += strlen(e->meta ? e->meta : "");
  sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
  sqlite3_bind_int(st, 2, (int)e->status);
  sqlite3_bind_int64(st, 3, now);
  sqlite3_bind_int64(st, 4, expires);
  sqlite3_bind_int64(st, 5, (sqlite3_int64)bytes);
  sqlite3_bind_text(st, 6, e->components ? e->components : "{}", -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 7, e->meta ? e->meta : "{}", -1, SQLITE_STATIC);
  rc = sqlite3_step(st);
  cache__stmt_done(st, steps);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int cache_put(cache_t *c, const char *key, const cache_entry_t *e) {
  uint64_t *steps = &c->request_steps;
  /* The evictor yields between batches while a put waits. */
  __atomic_add_fetch(&c->writers_waiting, 1, __ATOMIC_RELAXED);
  pthread_mutex_lock(&c->write_lock);
  __atomic_sub_fetch(&c->writers_waiting, 1, __ATOMIC_RELAXED);
  cache_conn_t *w = c->writer;
  const char *what = "begin";
  int rc = cache__run(c, w, CACHE_STMT_BEGIN_WRITE, steps);
  if (rc == SQLITE_OK) {
    what = "replace";
    rc = cache__delete_entry(c, w, key, steps);
  }
  if (rc == SQLITE_OK)
    rc = insert_entry(c, w, key, e, &what);
  uint64_t entries = 0, bytes = 0;
  if (rc == SQLITE_OK) {
    what = "totals";
    rc = cache__totals(c, w, &entries, &bytes, steps);
  }
  if (rc == SQLITE_OK) {
    what = "commit";
    rc = cache__run(c, w, CACHE_STMT_COMMIT, steps);
  }
  int result = 0;
  if (rc != SQLITE_OK) {
    result = cache__fail((rc & 0xff) == SQLITE_FULL ? -ENOSPC : -EIO, "cache put (%s): %s",
                         what, sqlite3_errmsg(w->db));
    if (!sqlite3_get_autocommit(w->db))
      cache__run(c, w, CACHE_STMT_ROLLBACK, steps);
  }
  cache__note_write(c, rc, what);
  pthread_mutex_unlock(&c->write_lock);
  if (result == 0) {
    __atomic_add_fetch(&c->puts, 1, __ATOMIC_RELAXED);
    if (c->cfg.max_bytes > 0 && bytes > c->cfg.max_bytes)
      cache__background_evict(c);
  }
  return result;
}

char *cache_components(cache_t *c, const char *key) {
  cache_conn_t *r = cache__reader_take(c);
  if (!r)
    return NULL;
  char *result = NULL;
  sqlite3_stmt *st = cache__stmt(c, r, CACHE_STMT_GET_COMPONENTS);
  if (st) {
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
      result = dup_text(sqlite3_column_text(st, 0));
    else if (rc != SQLITE_DONE)
      read_failed(c, r, rc, "components");
    cache__stmt_done(st, &c->request_steps);
  }
  cache__reader_give(c, r);
  return result;
}

void cache_get_stats(cache_t *c, cache_stats_t *out) {
  memset(out, 0, sizeof *out);
  out->hits = __atomic_load_n(&c->hits, __ATOMIC_RELAXED);
  out->misses = __atomic_load_n(&c->misses, __ATOMIC_RELAXED);
  out->puts = __atomic_load_n(&c->puts, __ATOMIC_RELAXED);
  out->corrupt = __atomic_load_n(&c->corrupt, __ATOMIC_RELAXED);
  out->evicted = __atomic_load_n(&c->evicted, __ATOMIC_RELAXED);
  out->request_steps = __atomic_load_n(&c->request_steps, __ATOMIC_RELAXED);
  out->background_steps = __atomic_load_n(&c->background_steps, __ATOMIC_RELAXED);
  cache_conn_t *r = cache__reader_take(c);
  if (!r)
    return;
  /* Not counted in request_steps: stats are not a request on the store. */
  uint64_t steps = 0;
  int rc = cache__totals(c, r, &out->entries, &out->bytes, &steps);
  if (cache__is_damage(rc))
    cache__note_damage(c, rc, "totals");
  cache__reader_give(c, r);
}

char *cache_integrity_check(cache_t *c) {
  cache_conn_t *r = cache__reader_take(c);
  if (!r)
    return strdup(cache_last_error(c));
  char *result = NULL;
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(r->db, "PRAGMA integrity_check", -1, &st, NULL) == SQLITE_OK) {
    if (sqlite3_step(st) == SQLITE_ROW)
      result = dup_text(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
  }
  if (!result)
    result = strdup(sqlite3_errmsg(r->db));
  cache__reader_give(c, r);
  return result;
}
