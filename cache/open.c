/*
 * open.c: opening the store: the schema and its totals row, the integrity
 * check at start-up, and moving a damaged database aside.
 *
 * cache_open classifies what it meets:
 *   - usable: opened (a new file gets the schema);
 *   - damaged: SQLite says the file is not a database or is corrupt, the
 *     quick_check finds errors, or the path is not a readable regular file.
 *     The file (and its WAL) is renamed to "<path>.damaged-<UTC time>", the
 *     report says where and why, and a fresh database is created;
 *   - unavailable: anything else (a read-only or full directory, I/O
 *     errors): cache_open fails and the caller serves uncached.
 * The quick_check stops when its time budget runs out (a watchdog thread
 * interrupts it): a start-up must not take minutes on a large cache, and a
 * damaged page the check did not reach is still found by the read that
 * meets it (cache_get counts it).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store_internal.h"

/* The tables, and the totals row kept by triggers on entries, so that the
 * store's size is known without a scan, in whatever process writes. */
static const char *const schema_sql =
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
    "  PRIMARY KEY(key, name)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS totals("
    "  id INTEGER PRIMARY KEY CHECK(id = 1),"
    "  entries INTEGER NOT NULL,"
    "  bytes INTEGER NOT NULL);"
    "CREATE TRIGGER IF NOT EXISTS totals_insert AFTER INSERT ON entries BEGIN"
    "  UPDATE totals SET entries = entries + 1, bytes = bytes + NEW.bytes WHERE id = 1;"
    "END;"
    "CREATE TRIGGER IF NOT EXISTS totals_delete AFTER DELETE ON entries BEGIN"
    "  UPDATE totals SET entries = entries - 1, bytes = bytes - OLD.bytes WHERE id = 1;"
    "END;"
    "CREATE TRIGGER IF NOT EXISTS totals_update AFTER UPDATE OF bytes ON entries BEGIN"
    "  UPDATE totals SET bytes = bytes - OLD.bytes + NEW.bytes WHERE id = 1;"
    "END;";

typedef enum open_outcome {
  OPEN_OK,
  OPEN_DAMAGED,     /* move aside and start fresh */
  OPEN_UNAVAILABLE, /* give up: serve uncached */
} open_outcome_t;

static uint64_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* Why an open failed, into why[0..256). */
static open_outcome_t failed(char why[256], open_outcome_t outcome, const char *what,
                             sqlite3 *db, int rc) {
  snprintf(why, 256, "%s: %s", what, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
  return outcome;
}

/* Creates the schema, and the totals row from one scan when it is missing
 * (a database written before the row existed), in one transaction so that
 * two processes opening at once agree. */
static int apply_schema(sqlite3 *db) {
  int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_exec(db, schema_sql, NULL, NULL, NULL);
  sqlite3_stmt *st = NULL;
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM totals", -1, &st, NULL);
  if (rc == SQLITE_OK) {
    rc = sqlite3_step(st);
    bool missing = rc == SQLITE_ROW && sqlite3_column_int(st, 0) == 0;
    rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
    if (rc == SQLITE_OK && missing)
      rc = sqlite3_exec(db,
                        "INSERT INTO totals(id, entries, bytes) "
                        "SELECT 1, COUNT(*), COALESCE(SUM(bytes), 0) FROM entries",
                        NULL, NULL, NULL);
  }
  sqlite3_finalize(st);
  if (rc == SQLITE_OK)
    rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK && !sqlite3_get_autocommit(db))
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

/* Interrupts a statement on db that runs past a deadline. A progress
 * handler cannot: the check runs inside one VM instruction. */
typedef struct watchdog {
  sqlite3 *db;
  struct timespec deadline; /* CLOCK_MONOTONIC */
  pthread_mutex_t lock;
  pthread_cond_t finished_cond;
  bool finished;
  pthread_t thread;
} watchdog_t;

static void *watchdog_main(void *arg) {
  watchdog_t *w = arg;
  pthread_mutex_lock(&w->lock);
  int rc = 0;
  while (!w->finished && rc != ETIMEDOUT)
    rc = pthread_cond_timedwait(&w->finished_cond, &w->lock, &w->deadline);
  if (!w->finished)
    sqlite3_interrupt(w->db);
  pthread_mutex_unlock(&w->lock);
  return NULL;
}

static bool watchdog_start(watchdog_t *w, sqlite3 *db, uint64_t ms) {
  memset(w, 0, sizeof *w);
  w->db = db;
  clock_gettime(CLOCK_MONOTONIC, &w->deadline);
  w->deadline.tv_sec += (time_t)(ms / 1000);
  w->deadline.tv_nsec += (long)(ms % 1000) * 1000000;
  if (w->deadline.tv_nsec >= 1000000000) {
    w->deadline.tv_sec++;
    w->deadline.tv_nsec -= 1000000000;
  }
  pthread_condattr_t attr;
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&w->finished_cond, &attr);
  pthread_condattr_destroy(&attr);
  pthread_mutex_init(&w->lock, NULL);
  if (pthread_create(&w->thread, NULL, watchdog_main, w) == 0)
    return true;
  pthread_cond_destroy(&w->finished_cond);
  pthread_mutex_destroy(&w->lock);
  return false;
}

static void watchdog_stop(watchdog_t *w) {
  pthread_mutex_lock(&w->lock);
  w->finished = true;
  pthread_cond_signal(&w->finished_cond);
  pthread_mutex_unlock(&w->lock);
  pthread_join(w->thread, NULL);
  pthread_cond_destroy(&w->finished_cond);
  pthread_mutex_destroy(&w->lock);
}

/* PRAGMA quick_check within c->cfg.check_ms. */
static open_outcome_t quick_check(cache_t *c, sqlite3 *db, char why[256]) {
  uint64_t start = now_ms();
  watchdog_t watchdog;
  if (!watchdog_start(&watchdog, db, c->cfg.check_ms))
    return OPEN_OK; /* no thread for the deadline: no check rather than an unbounded one */
  sqlite3_stmt *st;
  int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &st, NULL);
  const char *first = NULL;
  if (rc == SQLITE_OK) {
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
      first = (const char *)sqlite3_column_text(st, 0);
  }
  open_outcome_t outcome = OPEN_OK;
  c->report.check = CACHE_CHECK_OK;
  if (rc == SQLITE_ROW && first && strcmp(first, "ok") != 0) {
    snprintf(why, 256, "quick_check: %s", first);
    outcome = OPEN_DAMAGED;
  } else if ((rc & 0xff) == SQLITE_INTERRUPT) {
    c->report.check = CACHE_CHECK_INCOMPLETE;
  } else if (rc != SQLITE_ROW) {
    outcome = failed(why, cache__is_damage(rc) ? OPEN_DAMAGED : OPEN_UNAVAILABLE, "quick_check",
                     db, rc);
  }
  watchdog_stop(&watchdog);
  sqlite3_finalize(st);
  c->report.check_ms = now_ms() - start;
  return outcome;
}

/* Opens c->writer on c->path, checks the database and applies the schema. */
static open_outcome_t open_writer(cache_t *c, char why[256]) {
  struct stat st;
  bool existed = stat(c->path, &st) == 0;
  if (existed && !S_ISREG(st.st_mode)) {
    snprintf(why, 256, "not a regular file");
    return OPEN_DAMAGED;
  }
  int rc;
  c->writer = cache__conn_open(c->path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &rc);
  if (!c->writer) {
    /* A file that exists but cannot be opened while its directory is fine
     * (its permissions, say) is unreadable: moved aside like damage. */
    bool unreadable = existed && (cache__is_damage(rc) || access(c->path, R_OK | W_OK) != 0);
    return failed(why, unreadable ? OPEN_DAMAGED : OPEN_UNAVAILABLE, "open", NULL, rc);
  }
  sqlite3 *db = c->writer->db;
  /* Reads the header: a damaged one says SQLITE_NOTADB here. */
  rc = sqlite3_exec(db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return failed(why, cache__is_damage(rc) ? OPEN_DAMAGED : OPEN_UNAVAILABLE, "journal_mode",
                  db, rc);
  if (existed && st.st_size > 0 && c->cfg.check_ms > 0) {
    open_outcome_t checked = quick_check(c, db, why);
    if (checked != OPEN_OK)
      return checked;
  }
  rc = apply_schema(db);
  if (rc != SQLITE_OK)
    return failed(why, cache__is_damage(rc) ? OPEN_DAMAGED : OPEN_UNAVAILABLE, "schema", db, rc);
  return OPEN_OK;
}

/* Renames the damaged database and its WAL to <path>.damaged-<UTC time>
 * (and -wal), removes its shared-memory index, and records it. Returns 0
 * or -1 with why set. */
static int move_aside(cache_t *c, const struct stat *seen, char why[256]) {
  /* Another process may have moved it aside and created a fresh one since
   * this one looked: then there is nothing to move. */
  struct stat now;
  if (stat(c->path, &now) != 0 || now.st_ino != seen->st_ino || now.st_dev != seen->st_dev)
    return 0;
  char stamp[32];
  time_t t = time(NULL);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
  char to[sizeof c->report.moved_to], from_wal[4200], to_wal[sizeof to + 8], shm[4200];
  snprintf(to, sizeof to, "%s.damaged-%s", c->path, stamp);
  for (int n = 1; access(to, F_OK) == 0 && n < 100; n++)
    snprintf(to, sizeof to, "%s.damaged-%s-%d", c->path, stamp, n);
  if (rename(c->path, to) != 0) {
    snprintf(why + strlen(why), 256 - strlen(why), "; cannot move it aside: %s",
             strerror(errno));
    return -1;
  }
  snprintf(from_wal, sizeof from_wal, "%s-wal", c->path);
  snprintf(to_wal, sizeof to_wal, "%s-wal", to);
  if (rename(from_wal, to_wal) != 0 && errno != ENOENT)
    unlink(from_wal);
  snprintf(shm, sizeof shm, "%s-shm", c->path);
  unlink(shm);
  snprintf(c->report.moved_to, sizeof c->report.moved_to, "%s", to);
  snprintf(c->report.damage, sizeof c->report.damage, "%s", why);
  return 0;
}

cache_t *cache_open(const char *path, const cache_config_t *cfg, char **err) {
  cache_t *c = calloc(1, sizeof *c);
  if (!c || !(c->path = strdup(path))) {
    free(c);
    return NULL;
  }
  if (cfg)
    c->cfg = *cfg;
  pthread_mutex_init(&c->write_lock, NULL);
  pthread_mutex_init(&c->pool_lock, NULL);
  pthread_cond_init(&c->pool_free, NULL);
  pthread_mutex_init(&c->bg_lock, NULL);
  pthread_condattr_t attr; /* the background thread's timed waits */
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&c->bg_wake, &attr);
  pthread_condattr_destroy(&attr);
  pthread_mutex_init(&c->state_lock, NULL);

  char why[256] = "";
  struct stat seen;
  bool existed = stat(path, &seen) == 0;
  open_outcome_t outcome = open_writer(c, why);
  if (outcome == OPEN_DAMAGED && existed) {
    cache__conn_close(c->writer);
    c->writer = NULL;
    if (move_aside(c, &seen, why) == 0) {
      why[0] = 0;
      outcome = open_writer(c, why);
    } else {
      outcome = OPEN_UNAVAILABLE;
    }
  }
  if (outcome == OPEN_OK && cache__background_start(c) < 0) {
    snprintf(why, sizeof why, "%s", cache_last_error(c));
    outcome = OPEN_UNAVAILABLE;
  }
  if (outcome != OPEN_OK) {
    if (err) {
      size_t n = strlen(path) + strlen(why) + 64;
      *err = malloc(n);
      if (*err)
        snprintf(*err, n, "cannot open cache database '%s': %s", path, why);
    }
    cache_close(c);
    return NULL;
  }
  /* A bound lowered since the last run applies now, in the background. */
  uint64_t entries = 0, bytes = 0, steps = 0;
  if (c->cfg.max_bytes > 0 &&
      cache__totals(c, c->writer, &entries, &bytes, &steps) == SQLITE_OK &&
      bytes > c->cfg.max_bytes)
    cache__background_evict(c);
  return c;
}

void cache_close(cache_t *c) {
  if (!c)
    return;
  cache__background_stop(c);
  cache__readers_close(c);
  cache__conn_close(c->writer);
  pthread_mutex_destroy(&c->write_lock);
  pthread_mutex_destroy(&c->pool_lock);
  pthread_cond_destroy(&c->pool_free);
  pthread_mutex_destroy(&c->bg_lock);
  pthread_cond_destroy(&c->bg_wake);
  pthread_mutex_destroy(&c->state_lock);
  free(c->path);
  free(c);
}
