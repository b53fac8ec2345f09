/*
 * conn.c: the store's SQLite connections, their prepared statements and
 * the reader pool.
 *
 * Every statement the store runs is a row of stmt_sql, prepared once per
 * connection on first use and reset after each use; the VM steps each use
 * took are added to a counter, so that tests can see that the work of a
 * request does not grow with the store. Every query of the request path
 * is a lookup by key or a read of the one-row totals table; the eviction
 * queries walk the last_used index from its oldest end and stop after a
 * batch.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* Readers the pool opens at most (a worker or the loop thread uses one at
 * a time); a get waits for a free one beyond. */
#define CACHE_MAX_READERS 64

static const char *const stmt_sql[CACHE_STMT_COUNT] = {
    [CACHE_STMT_BEGIN_READ] = "BEGIN",
    [CACHE_STMT_BEGIN_WRITE] = "BEGIN IMMEDIATE",
    [CACHE_STMT_COMMIT] = "COMMIT",
    [CACHE_STMT_ROLLBACK] = "ROLLBACK",
    [CACHE_STMT_GET_ENTRY] = "SELECT status, created, expires, last_used, components, meta "
                             "FROM entries WHERE key=?1",
    [CACHE_STMT_GET_ARTIFACTS] = "SELECT name, data, sha256 FROM artifacts WHERE key=?1 "
                                 "AND (?2 IS NULL OR name=?2) ORDER BY name",
    [CACHE_STMT_GET_COMPONENTS] = "SELECT components FROM entries WHERE key=?1",
    [CACHE_STMT_TOTALS] = "SELECT entries, bytes FROM totals WHERE id=1",
    [CACHE_STMT_DELETE_ARTIFACTS] = "DELETE FROM artifacts WHERE key=?1",
    [CACHE_STMT_DELETE_ENTRY] = "DELETE FROM entries WHERE key=?1",
    [CACHE_STMT_INSERT_ARTIFACT] = "INSERT INTO artifacts(key, name, data, sha256) "
                                   "VALUES(?1, ?2, ?3, ?4)",
    [CACHE_STMT_INSERT_ENTRY] = "INSERT INTO entries(key, status, created, last_used, "
                                "expires, bytes, components, meta) "
                                "VALUES(?1, ?2, ?3, ?3, ?4, ?5, ?6, ?7)",
    [CACHE_STMT_TOUCH] = "UPDATE entries SET last_used=?2 WHERE key=?1 AND last_used<?2",
    /* Both walk entries_lru(last_used), whose rows are ordered by
     * (last_used, key), from the oldest end and stop at the limit. */
    [CACHE_STMT_LEAST_RECENT] = "SELECT key, bytes FROM entries ORDER BY last_used, key "
                                "LIMIT ?1",
    [CACHE_STMT_UNUSED_SINCE] = "SELECT key FROM entries WHERE last_used < ?1 "
                                "ORDER BY last_used, key LIMIT ?2",
};

cache_conn_t *cache__conn_open(const char *path, int flags, int *rc) {
  cache_conn_t *conn = calloc(1, sizeof *conn);
  if (!conn) {
    *rc = SQLITE_NOMEM;
    return NULL;
  }
  *rc = sqlite3_open_v2(path, &conn->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
  if (*rc == SQLITE_OK) {
    /* Writers of other processes may hold the lock for a while; a reader
     * only ever waits during WAL recovery. */
    sqlite3_busy_timeout(conn->db, 5000);
    sqlite3_extended_result_codes(conn->db, 1);
    /* The WAL file shrinks back to this when it starts over. */
    *rc = sqlite3_exec(conn->db, "PRAGMA synchronous=NORMAL; PRAGMA journal_size_limit=16777216",
                       NULL, NULL, NULL);
  }
  if (*rc != SQLITE_OK) {
    cache__conn_close(conn);
    return NULL;
  }
  return conn;
}

void cache__conn_close(cache_conn_t *conn) {
  if (!conn)
    return;
  for (int i = 0; i < CACHE_STMT_COUNT; i++)
    sqlite3_finalize(conn->stmts[i]);
  sqlite3_close(conn->db);
  free(conn);
}

sqlite3_stmt *cache__stmt(cache_t *c, cache_conn_t *conn, cache_stmt_id_t id) {
  (void)c;
  if (!conn->stmts[id] &&
      sqlite3_prepare_v3(conn->db, stmt_sql[id], -1, SQLITE_PREPARE_PERSISTENT,
                         &conn->stmts[id], NULL) != SQLITE_OK) {
    cache__fail(-EIO, "prepare '%s': %s", stmt_sql[id], sqlite3_errmsg(conn->db));
    conn->stmts[id] = NULL;
    return NULL;
  }
  return conn->stmts[id];
}

void cache__stmt_done(sqlite3_stmt *st, uint64_t *steps) {
  if (!st)
    return;
  int n = sqlite3_stmt_status(st, SQLITE_STMTSTATUS_VM_STEP, 1);
  __atomic_add_fetch(steps, (uint64_t)n, __ATOMIC_RELAXED);
  sqlite3_reset(st);
  sqlite3_clear_bindings(st);
}

int cache__run(cache_t *c, cache_conn_t *conn, cache_stmt_id_t id, uint64_t *steps) {
  sqlite3_stmt *st = cache__stmt(c, conn, id);
  if (!st)
    return sqlite3_errcode(conn->db) != SQLITE_OK ? sqlite3_errcode(conn->db) : SQLITE_ERROR;
  int rc = sqlite3_step(st);
  cache__stmt_done(st, steps);
  return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

cache_conn_t *cache__reader_take(cache_t *c) {
  pthread_mutex_lock(&c->pool_lock);
  while (!c->free_readers && c->num_readers >= CACHE_MAX_READERS)
    pthread_cond_wait(&c->pool_free, &c->pool_lock);
  cache_conn_t *conn = c->free_readers;
  if (conn) {
    c->free_readers = conn->next_free;
    pthread_mutex_unlock(&c->pool_lock);
    return conn;
  }
  c->num_readers++;
  pthread_mutex_unlock(&c->pool_lock);
  int rc;
  conn = cache__conn_open(c->path, SQLITE_OPEN_READWRITE, &rc);
  if (conn) {
    /* A reader never writes; this makes sure of it. */
    sqlite3_exec(conn->db, "PRAGMA query_only=1", NULL, NULL, NULL);
    return conn;
  }
  cache__fail(-EIO, "cannot open a reader of '%s': %s", c->path, sqlite3_errstr(rc));
  pthread_mutex_lock(&c->pool_lock);
  c->num_readers--;
  pthread_cond_signal(&c->pool_free);
  pthread_mutex_unlock(&c->pool_lock);
  return NULL;
}

void cache__reader_give(cache_t *c, cache_conn_t *conn) {
  pthread_mutex_lock(&c->pool_lock);
  conn->next_free = c->free_readers;
  c->free_readers = conn;
  pthread_cond_signal(&c->pool_free);
  pthread_mutex_unlock(&c->pool_lock);
}

void cache__readers_close(cache_t *c) {
  pthread_mutex_lock(&c->pool_lock);
  while (c->free_readers) {
    cache_conn_t *conn = c->free_readers;
    c->free_readers = conn->next_free;
    cache__conn_close(conn);
    c->num_readers--;
  }
  pthread_mutex_unlock(&c->pool_lock);
}

int cache__delete_entry(cache_t *c, cache_conn_t *conn, const char *key, uint64_t *steps) {
  static const cache_stmt_id_t ids[] = {CACHE_STMT_DELETE_ARTIFACTS, CACHE_STMT_DELETE_ENTRY};
  for (int i = 0; i < 2; i++) {
    sqlite3_stmt *st = cache__stmt(c, conn, ids[i]);
    if (!st)
      return SQLITE_ERROR;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    cache__stmt_done(st, steps);
    if (rc != SQLITE_DONE) {
      cache__fail(-EIO, "delete: %s", sqlite3_errmsg(conn->db));
      return rc;
    }
  }
  return SQLITE_OK;
}

int cache__totals(cache_t *c, cache_conn_t *conn, uint64_t *entries, uint64_t *bytes,
                  uint64_t *steps) {
  sqlite3_stmt *st = cache__stmt(c, conn, CACHE_STMT_TOTALS);
  if (!st)
    return SQLITE_ERROR;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    *entries = (uint64_t)sqlite3_column_int64(st, 0);
    *bytes = (uint64_t)sqlite3_column_int64(st, 1);
    rc = SQLITE_OK;
  } else if (rc == SQLITE_DONE) {
    *entries = *bytes = 0;
    rc = SQLITE_OK;
  }
  cache__stmt_done(st, steps);
  return rc;
}
