/*
 * store.c: the SQLite artifact store (see cache.h for the model).
 *
 * Invariants:
 *   - An entry row exists iff all its artifact rows were committed with it
 *     (one transaction per put; a crash leaves the old state or the new).
 *   - entries.bytes is the sum of the entry's artifact lengths, so LRU
 *     eviction never needs to scan blobs.
 *   - Nothing is served without re-hashing it: a checksum mismatch deletes
 *     the entry and reports a miss.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "cache.h"

struct cache_s {
  sqlite3 *db;
  pthread_mutex_t lock;
  cache_config_t cfg;
  cache_stats_t stats;  /* hits, misses, puts, corrupt, evicted */
  char error[256];
};

static const char *const schema_sql =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=NORMAL;"
    "CREATE TABLE IF NOT EXISTS entries("
    "  key TEXT PRIMARY KEY,"
    "  status INTEGER NOT NULL,"
    "  created INTEGER NOT NULL,"
    "  last_used INTEGER NOT NULL,"
    "  expires INTEGER NOT NULL," /* 0: never */
    "  bytes INTEGER NOT NULL,"
    "  components TEXT NOT NULL,"
    "  meta TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS entries_lru ON entries(last_used);"
    "CREATE TABLE IF NOT EXISTS artifacts("
    "  key TEXT NOT NULL,"
    "  name TEXT NOT NULL,"
    "  data BLOB NOT NULL,"
    "  sha256 TEXT NOT NULL,"
    "  PRIMARY KEY(key, name)) WITHOUT ROWID;";

static int64_t now_seconds(void) { return (int64_t)time(NULL); }

static int fail(cache_t *c, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->error, sizeof c->error, fmt, ap);
  va_end(ap);
  return code;
}

static int db_fail(cache_t *c, const char *what) {
  return fail(c, -EIO, "%s: %s", what, sqlite3_errmsg(c->db));
}

const char *cache_last_error(cache_t *c) { return c->error; }

cache_t *cache_open(const char *path, const cache_config_t *cfg, char **err) {
  cache_t *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  if (cfg)
    c->cfg = *cfg;
  pthread_mutex_init(&c->lock, NULL);
  int rc = sqlite3_open_v2(path, &c->db,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                               SQLITE_OPEN_FULLMUTEX,
                           NULL);
  char *msg = NULL;
  if (rc == SQLITE_OK) {
    sqlite3_busy_timeout(c->db, 5000);
    rc = sqlite3_exec(c->db, schema_sql, NULL, NULL, &msg);
  }
  if (rc != SQLITE_OK) {
    if (err) {
      const char *why = msg ? msg : (c->db ? sqlite3_errmsg(c->db) : "out of memory");
      size_t n = strlen(path) + strlen(why) + 64;
      *err = malloc(n);
      if (*err)
        snprintf(*err, n, "cannot open cache database '%s': %s", path, why);
    }
    sqlite3_free(msg);
    cache_close(c);
    return NULL;
  }
  return c;
}

void cache_close(cache_t *c) {
  if (!c)
    return;
  sqlite3_close(c->db);
  pthread_mutex_destroy(&c->lock);
  free(c);
}

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

/* Deletes key's entry and artifacts; the caller holds the lock. */
static int delete_entry(cache_t *c, const char *key) {
  sqlite3_stmt *st;
  const char *sqls[] = {"DELETE FROM artifacts WHERE key=?1",
                        "DELETE FROM entries WHERE key=?1"};
  for (int i = 0; i < 2; i++) {
    if (sqlite3_prepare_v2(c->db, sqls[i], -1, &st, NULL) != SQLITE_OK)
      return db_fail(c, "prepare delete");
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
      return db_fail(c, "delete");
  }
  return 0;
}

/* Reads key's artifacts into e, verifying each checksum. Returns 1 when
 * all verify, 0 on a mismatch, negative on error. */
static int read_artifacts(cache_t *c, const char *key, cache_entry_t *e) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(c->db,
                         "SELECT name, data, sha256 FROM artifacts WHERE key=?1 "
                         "ORDER BY name",
                         -1, &st, NULL) != SQLITE_OK)
    return db_fail(c, "prepare read");
  sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
  int rc, result = 1;
  size_t cap = 0;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    const void *data = sqlite3_column_blob(st, 1);
    size_t len = (size_t)sqlite3_column_bytes(st, 1);
    const char *want = (const char *)sqlite3_column_text(st, 2);
    char got[CACHE_KEY_HEX_LEN + 1];
    cache_sha256_hex(data, len, got);
    if (!want || strcmp(got, want) != 0) {
      result = 0;
      break;
    }
    if (e->num_artifacts == cap) {
      cap = cap ? cap * 2 : 4;
      e->artifacts = realloc(e->artifacts, cap * sizeof *e->artifacts);
    }
    cache_artifact_t *a = &e->artifacts[e->num_artifacts++];
    a->name = dup_text(sqlite3_column_text(st, 0));
    a->len = len;
    a->data = malloc(len ? len : 1);
    if (len)
      memcpy(a->data, data, len);
  }
  if (result == 1 && rc != SQLITE_DONE)
    result = db_fail(c, "read artifacts");
  sqlite3_finalize(st);
  return result;
}

int cache_get(cache_t *c, const char *key, cache_entry_t *out) {
  memset(out, 0, sizeof *out);
  pthread_mutex_lock(&c->lock);
  sqlite3_stmt *st;
  int result;
  if (sqlite3_prepare_v2(c->db,
                         "SELECT status, created, expires, components, meta "
                         "FROM entries WHERE key=?1",
                         -1, &st, NULL) != SQLITE_OK) {
    result = db_fail(c, "prepare get");
    goto done;
  }
  sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_DONE) {
    sqlite3_finalize(st);
    c->stats.misses++;
    result = 0;
    goto done;
  }
  if (rc != SQLITE_ROW) {
    result = db_fail(c, "get");
    sqlite3_finalize(st);
    goto done;
  }
  out->status = (cache_status_t)sqlite3_column_int(st, 0);
  out->created = sqlite3_column_int64(st, 1);
  int64_t expires = sqlite3_column_int64(st, 2);
  out->components = dup_text(sqlite3_column_text(st, 3));
  out->meta = dup_text(sqlite3_column_text(st, 4));
  sqlite3_finalize(st);
  if (expires != 0 && expires <= now_seconds()) {
    delete_entry(c, key);
    cache_entry_free(out);
    c->stats.misses++;
    result = 0;
    goto done;
  }
  result = read_artifacts(c, key, out);
  if (result == 0) {
    /* A checksum mismatch: never serve it; drop it so it is recompiled. */
    c->stats.corrupt++;
    c->stats.misses++;
    delete_entry(c, key);
    cache_entry_free(out);
    goto done;
  }
  if (result < 0) {
    cache_entry_free(out);
    goto done;
  }
  c->stats.hits++;
  if (sqlite3_prepare_v2(c->db, "UPDATE entries SET last_used=?2 WHERE key=?1",
                         -1, &st, NULL) == SQLITE_OK) {
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, now_seconds());
    sqlite3_step(st);
    sqlite3_finalize(st);
  }
done:
  pthread_mutex_unlock(&c->lock);
  return result;
}

static int exec(cache_t *c, const char *sql) {
  char *msg = NULL;
  if (sqlite3_exec(c->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
    int r = fail(c, -EIO, "%s: %s", sql, msg ? msg : "?");
    sqlite3_free(msg);
    return r;
  }
  return 0;
}

static int64_t evict_locked(cache_t *c, uint64_t max_bytes);

int cache_put(cache_t *c, const char *key, const cache_entry_t *e) {
  pthread_mutex_lock(&c->lock);
  int result = exec(c, "BEGIN IMMEDIATE");
  if (result < 0)
    goto out;
  result = delete_entry(c, key);
  uint64_t bytes = 0;
  sqlite3_stmt *st = NULL;
  if (result == 0 &&
      sqlite3_prepare_v2(c->db,
                         "INSERT INTO artifacts(key, name, data, sha256) "
                         "VALUES(?1, ?2, ?3, ?4)",
                         -1, &st, NULL) != SQLITE_OK)
    result = db_fail(c, "prepare put");
  for (size_t i = 0; result == 0 && i < e->num_artifacts; i++) {
    const cache_artifact_t *a = &e->artifacts[i];
    char sum[CACHE_KEY_HEX_LEN + 1];
    cache_sha256_hex(a->data, a->len, sum);
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, a->name, -1, SQLITE_STATIC);
    sqlite3_bind_blob64(st, 3, a->data ? (const void *)a->data : "", a->len,
                        SQLITE_STATIC);
    sqlite3_bind_text(st, 4, sum, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE)
      result = db_fail(c, "insert artifact");
    bytes += a->len;
  }
  sqlite3_finalize(st);
  st = NULL;
  int64_t now = now_seconds();
  if (result == 0 &&
      sqlite3_prepare_v2(c->db,
                         "INSERT INTO entries(key, status, created, last_used, "
                         "expires, bytes, components, meta) "
                         "VALUES(?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7)",
                         -1, &st, NULL) != SQLITE_OK)
    result = db_fail(c, "prepare entry");
  if (result == 0) {
    int64_t expires = e->status == CACHE_ENTRY_FAILED
                          ? now + (c->cfg.failed_ttl_seconds > 0
                                       ? c->cfg.failed_ttl_seconds
                                       : 60)
                          : 0;
    bytes += strlen(e->meta ? e->meta : "");
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, (int)e->status);
    sqlite3_bind_int64(st, 3, now);
    sqlite3_bind_int64(st, 4, expires);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)bytes);
    sqlite3_bind_text(st, 6, e->components ? e->components : "{}", -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 7, e->meta ? e->meta : "{}", -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE)
      result = db_fail(c, "insert entry");
  }
  sqlite3_finalize(st);
  if (result == 0)
    result = exec(c, "COMMIT");
  if (result < 0)
    sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
  else {
    c->stats.puts++;
    if (c->cfg.max_bytes > 0)
      evict_locked(c, c->cfg.max_bytes);
  }
out:
  pthread_mutex_unlock(&c->lock);
  return result;
}

char *cache_components(cache_t *c, const char *key) {
  pthread_mutex_lock(&c->lock);
  char *result = NULL;
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(c->db, "SELECT components FROM entries WHERE key=?1",
                         -1, &st, NULL) == SQLITE_OK) {
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
      result = dup_text(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
  }
  pthread_mutex_unlock(&c->lock);
  return result;
}

/* Deletes the keys a query selects, one by one; the caller holds the lock. */
static int64_t delete_selected(cache_t *c, sqlite3_stmt *select) {
  int64_t n = 0;
  char **keys = NULL;
  size_t count = 0, cap = 0;
  while (sqlite3_step(select) == SQLITE_ROW) {
    if (count == cap) {
      cap = cap ? cap * 2 : 16;
      keys = realloc(keys, cap * sizeof *keys);
    }
    keys[count++] = dup_text(sqlite3_column_text(select, 0));
  }
  sqlite3_finalize(select);
  if (count && exec(c, "BEGIN IMMEDIATE") == 0) {
    for (size_t i = 0; i < count; i++)
      if (delete_entry(c, keys[i]) == 0)
        n++;
    exec(c, "COMMIT");
  }
  for (size_t i = 0; i < count; i++)
    free(keys[i]);
  free(keys);
  c->stats.evicted += (uint64_t)n;
  return n;
}

static int64_t evict_locked(cache_t *c, uint64_t max_bytes) {
  sqlite3_stmt *st;
  /* Walk entries from most recently used, keeping a running total; every
   * entry past the budget goes. */
  if (sqlite3_prepare_v2(c->db,
                         "SELECT key FROM (SELECT key, SUM(bytes) OVER "
                         "(ORDER BY last_used DESC, created DESC, key) AS total "
                         "FROM entries) WHERE total > ?1",
                         -1, &st, NULL) != SQLITE_OK)
    return db_fail(c, "prepare evict");
  sqlite3_bind_int64(st, 1, (sqlite3_int64)max_bytes);
  return delete_selected(c, st);
}

int64_t cache_evict_to(cache_t *c, uint64_t max_bytes) {
  pthread_mutex_lock(&c->lock);
  int64_t n = evict_locked(c, max_bytes);
  pthread_mutex_unlock(&c->lock);
  return n;
}

int64_t cache_evict_older_than(cache_t *c, int64_t seconds) {
  pthread_mutex_lock(&c->lock);
  sqlite3_stmt *st;
  int64_t n;
  if (sqlite3_prepare_v2(c->db, "SELECT key FROM entries WHERE last_used < ?1",
                         -1, &st, NULL) != SQLITE_OK) {
    n = db_fail(c, "prepare evict-older-than");
  } else {
    sqlite3_bind_int64(st, 1, now_seconds() - seconds);
    n = delete_selected(c, st);
  }
  pthread_mutex_unlock(&c->lock);
  return n;
}

void cache_get_stats(cache_t *c, cache_stats_t *out) {
  pthread_mutex_lock(&c->lock);
  *out = c->stats;
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(c->db, "SELECT COUNT(*), COALESCE(SUM(bytes), 0) FROM entries",
                         -1, &st, NULL) == SQLITE_OK) {
    if (sqlite3_step(st) == SQLITE_ROW) {
      out->entries = (uint64_t)sqlite3_column_int64(st, 0);
      out->bytes = (uint64_t)sqlite3_column_int64(st, 1);
    }
    sqlite3_finalize(st);
  }
  pthread_mutex_unlock(&c->lock);
}

char *cache_integrity_check(cache_t *c) {
  pthread_mutex_lock(&c->lock);
  char *result = NULL;
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(c->db, "PRAGMA integrity_check", -1, &st, NULL) ==
      SQLITE_OK) {
    if (sqlite3_step(st) == SQLITE_ROW)
      result = dup_text(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
  }
  if (!result)
    result = strdup(sqlite3_errmsg(c->db));
  pthread_mutex_unlock(&c->lock);
  return result;
}
