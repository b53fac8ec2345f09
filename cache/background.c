/*
 * background.c: the store's work that no request waits for, on one thread
 * per cache_t:
 *
 *   - eviction: when a put takes the store over max_bytes, the least
 *     recently used entries go, in batches of CACHE_EVICT_BATCH found
 *     through the last_used index, until the store is at its low-water
 *     mark (max_bytes less 1/CACHE_LOW_WATER_DIVISOR), so that eviction
 *     runs now and then rather than on every put. Each batch is one short
 *     write transaction that commits early when a put waits for the writer,
 *     and between batches the thread lets waiting puts go first: a put
 *     waits for one delete at most, a get for none. The thread rests as
 *     long as each batch took, so that a burst of eviction (every delete
 *     of an old entry touches its own pages) takes at most half of a core
 *     and of the disk from the requests; the bound may be passed by a
 *     little for that long.
 *   - touches: a hit's last_used update, queued by cache_get and written
 *     about a second later in batches, like evictions.
 *   - checkpoints: the writer's automatic checkpoint is replaced by a
 *     passive one here, run on a connection of this thread's own each time
 *     the WAL grows by CACHE_CHECKPOINT_PAGES, so no put pays for copying
 *     the WAL into the database. The WAL starts over only when a write
 *     begins with every frame copied, which a checkpoint running beside a
 *     steady stream of puts never achieves (and a long WAL makes every read
 *     slower); so once it passes CACHE_WAL_CATCH_UP_PAGES, the checkpoint
 *     that follows the unlocked one copies the few frames added meanwhile
 *     under the write lock: puts wait for that short step, now and then.
 *
 * Two processes on one database each run their own thread; batches of both
 * are transactions that re-read the totals row, so they never evict more
 * than the bound asks for.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_internal.h"

#define CACHE_EVICT_BATCH 64
#define CACHE_CHECKPOINT_PAGES 1000
#define CACHE_WAL_CATCH_UP_PAGES 4000
/* How long a touch may wait to be written with others. */
#define CACHE_TOUCH_DELAY_MS 1000

static uint64_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

static bool touches_alloc(cache_touches_t *t) {
  t->keys = calloc(CACHE_TOUCH_QUEUE, sizeof *t->keys);
  t->when = calloc(CACHE_TOUCH_QUEUE, sizeof *t->when);
  t->count = 0;
  return t->keys && t->when;
}

static void touches_free(cache_touches_t *t) {
  free(t->keys);
  free(t->when);
  memset(t, 0, sizeof *t);
}

/* True when a put waits for the writer: background work commits what it
 * has done and lets it go first. */
static bool puts_waiting(cache_t *c) {
  return __atomic_load_n(&c->writers_waiting, __ATOMIC_RELAXED) > 0;
}

/* Lets puts that wait for the writer take it before the next batch. */
static void yield_to_puts(cache_t *c) {
  for (int i = 0; i < 1000 && puts_waiting(c); i++)
    sched_yield();
}

/* Writes touches from..from+CACHE_EVICT_BATCH of t in one transaction,
 * which ends early when a put waits; returns how many it took (a failed
 * batch is dropped: touches only make LRU more exact). */
static size_t write_touch_batch(cache_t *c, const cache_touches_t *t, size_t from) {
  uint64_t *steps = &c->background_steps;
  size_t end = from + CACHE_EVICT_BATCH < t->count ? from + CACHE_EVICT_BATCH : t->count;
  size_t i = from;
  pthread_mutex_lock(&c->write_lock);
  cache_conn_t *w = c->writer;
  int rc = cache__run(c, w, CACHE_STMT_BEGIN_WRITE, steps);
  for (; rc == SQLITE_OK && i < end && (i == from || !puts_waiting(c)); i++) {
    sqlite3_stmt *st = cache__stmt(c, w, CACHE_STMT_TOUCH);
    if (!st) {
      rc = SQLITE_ERROR;
      break;
    }
    sqlite3_bind_text(st, 1, t->keys[i], -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, t->when[i]);
    rc = sqlite3_step(st);
    rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    cache__stmt_done(st, steps);
  }
  if (rc == SQLITE_OK)
    rc = cache__run(c, w, CACHE_STMT_COMMIT, steps);
  if (rc != SQLITE_OK && !sqlite3_get_autocommit(w->db))
    cache__run(c, w, CACHE_STMT_ROLLBACK, steps);
  cache__note_write(c, rc, "touch");
  pthread_mutex_unlock(&c->write_lock);
  return rc == SQLITE_OK && i > from ? i - from : end - from;
}

/* Writes the queued touches in t, a batch at a time, and empties t. */
static void write_touches(cache_t *c, cache_touches_t *t) {
  for (size_t done = 0; done < t->count;) {
    done += write_touch_batch(c, t, done);
    yield_to_puts(c);
  }
  t->count = 0;
}

/* Takes the queued touches into spare (empty) and writes them. */
static void flush_touches(cache_t *c, cache_touches_t *spare) {
  pthread_mutex_lock(&c->bg_lock);
  cache_touches_t queued = c->touches;
  c->touches = *spare;
  *spare = queued;
  pthread_mutex_unlock(&c->bg_lock);
  write_touches(c, spare);
}

/* Deletes least recently used entries, one batch at most, while the store
 * holds more than target bytes. Returns how many went (0 once at or under
 * target), or negative. */
static int64_t evict_batch(cache_t *c, uint64_t target, uint64_t *steps) {
  char keys[CACHE_EVICT_BATCH][CACHE_KEY_HEX_LEN + 1];
  uint64_t sizes[CACHE_EVICT_BATCH];
  int64_t deleted = 0;
  pthread_mutex_lock(&c->write_lock);
  cache_conn_t *w = c->writer;
  uint64_t entries = 0, bytes = 0;
  int rc = cache__run(c, w, CACHE_STMT_BEGIN_WRITE, steps);
  if (rc == SQLITE_OK)
    rc = cache__totals(c, w, &entries, &bytes, steps);
  int found = 0;
  if (rc == SQLITE_OK && bytes > target) {
    sqlite3_stmt *st = cache__stmt(c, w, CACHE_STMT_LEAST_RECENT);
    if (!st) {
      rc = SQLITE_ERROR;
    } else {
      sqlite3_bind_int(st, 1, CACHE_EVICT_BATCH);
      while ((rc = sqlite3_step(st)) == SQLITE_ROW && found < CACHE_EVICT_BATCH) {
        const unsigned char *key = sqlite3_column_text(st, 0);
        snprintf(keys[found], sizeof keys[found], "%s", key ? (const char *)key : "");
        sizes[found++] = (uint64_t)sqlite3_column_int64(st, 1);
      }
      rc = rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
      cache__stmt_done(st, steps);
    }
  }
  /* A put that comes meanwhile waits for one delete and the commit. */
  for (int i = 0; rc == SQLITE_OK && i < found && bytes > target && (i == 0 || !puts_waiting(c));
       i++) {
    rc = cache__delete_entry(c, w, keys[i], steps);
    bytes -= sizes[i] < bytes ? sizes[i] : bytes;
    deleted++;
  }
  if (rc == SQLITE_OK)
    rc = cache__run(c, w, CACHE_STMT_COMMIT, steps);
  if (rc != SQLITE_OK) {
    cache__fail(-EIO, "evict: %s", sqlite3_errmsg(w->db));
    if (!sqlite3_get_autocommit(w->db))
      cache__run(c, w, CACHE_STMT_ROLLBACK, steps);
    deleted = -EIO;
  }
  cache__note_write(c, rc, "evict");
  pthread_mutex_unlock(&c->write_lock);
  if (deleted > 0)
    __atomic_add_fetch(&c->evicted, (uint64_t)deleted, __ATOMIC_RELAXED);
  return deleted;
}

/* After each commit of the writer (which holds write_lock): wakes the
 * thread for a checkpoint each time the WAL has grown by
 * CACHE_CHECKPOINT_PAGES since the last one or since it started over. */
static int on_wal_commit(void *arg, sqlite3 *db, const char *name, int pages) {
  (void)db;
  (void)name;
  cache_t *c = arg;
  pthread_mutex_lock(&c->bg_lock);
  if (pages < c->wal_pages)
    c->wal_next_checkpoint = CACHE_CHECKPOINT_PAGES; /* it started over */
  c->wal_pages = pages;
  if (pages >= c->wal_next_checkpoint) {
    c->wal_next_checkpoint = pages + CACHE_CHECKPOINT_PAGES;
    c->checkpoint_wanted = true;
    pthread_cond_signal(&c->bg_wake);
  }
  pthread_mutex_unlock(&c->bg_lock);
  return SQLITE_OK;
}

static void checkpoint(cache_t *c) {
  int log = 0, copied = 0;
  int rc = sqlite3_wal_checkpoint_v2(c->bg_conn->db, NULL, SQLITE_CHECKPOINT_PASSIVE, &log,
                                     &copied);
  /* Even when everything was copied, a put that began before the copy
   * ended keeps the WAL from starting over: copy again between puts. */
  if (rc == SQLITE_OK && log >= CACHE_WAL_CATCH_UP_PAGES) {
    pthread_mutex_lock(&c->write_lock);
    sqlite3_wal_checkpoint_v2(c->bg_conn->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    pthread_mutex_unlock(&c->write_lock);
  }
}

/* Runs the checkpoint the writer's commits asked for, if they did. */
static void checkpoint_if_wanted(cache_t *c) {
  pthread_mutex_lock(&c->bg_lock);
  bool wanted = c->checkpoint_wanted;
  c->checkpoint_wanted = false;
  pthread_mutex_unlock(&c->bg_lock);
  if (wanted && c->bg_conn)
    checkpoint(c);
}

/* Evicts in batches down to target; a paced eviction (the background
 * thread's) rests as long as each batch took, checkpoints meanwhile (a
 * long burst of deletes would otherwise grow the WAL, which slows every
 * read), and stops when the cache closes. */
static int64_t evict_down_to(cache_t *c, uint64_t target, bool paced, uint64_t *steps) {
  int64_t total = 0, n;
  uint64_t start = now_ms();
  while ((n = evict_batch(c, target, steps)) > 0) {
    total += n;
    yield_to_puts(c);
    if (!paced)
      continue;
    if (__atomic_load_n(&c->bg_stopping, __ATOMIC_RELAXED))
      break;
    checkpoint_if_wanted(c);
    uint64_t took = now_ms() - start;
    struct timespec rest = {(time_t)(took / 1000), (long)(took % 1000) * 1000000};
    nanosleep(&rest, NULL);
    start = now_ms();
  }
  return n < 0 ? n : total;
}

static void *background_main(void *arg) {
  cache_t *c = arg;
  cache_touches_t spare;
  if (!touches_alloc(&spare))
    return NULL;
  uint64_t touch_since = 0; /* when the oldest queued touch came */
  pthread_mutex_lock(&c->bg_lock);
  while (!c->bg_stopping) {
    size_t queued = c->touches.count;
    if (queued == 0)
      touch_since = 0;
    else if (touch_since == 0)
      touch_since = now_ms();
    bool touches_due = queued >= CACHE_TOUCH_QUEUE / 2 ||
                       (queued > 0 && now_ms() >= touch_since + CACHE_TOUCH_DELAY_MS);
    if (!c->evict_wanted && !c->checkpoint_wanted && !touches_due) {
      if (queued == 0) {
        pthread_cond_wait(&c->bg_wake, &c->bg_lock);
      } else {
        uint64_t due = touch_since + CACHE_TOUCH_DELAY_MS;
        struct timespec until = {(time_t)(due / 1000), (long)(due % 1000) * 1000000};
        pthread_cond_timedwait(&c->bg_wake, &c->bg_lock, &until);
      }
      continue;
    }
    bool evict = c->evict_wanted;
    c->evict_wanted = false;
    pthread_mutex_unlock(&c->bg_lock);
    flush_touches(c, &spare);
    touch_since = 0;
    if (evict)
      evict_down_to(c, c->cfg.max_bytes - c->cfg.max_bytes / CACHE_LOW_WATER_DIVISOR, true,
                    &c->background_steps);
    checkpoint_if_wanted(c);
    pthread_mutex_lock(&c->bg_lock);
  }
  pthread_mutex_unlock(&c->bg_lock);
  flush_touches(c, &spare);
  touches_free(&spare);
  return NULL;
}

int cache__background_start(cache_t *c) {
  if (!touches_alloc(&c->touches))
    return cache__fail(-ENOMEM, "out of memory");
  int rc;
  c->bg_conn = cache__conn_open(c->path, SQLITE_OPEN_READWRITE, &rc);
  if (!c->bg_conn)
    return cache__fail(-EIO, "cannot open '%s' for checkpoints: %s", c->path,
                       sqlite3_errstr(rc));
  /* A connection checkpoints only once it has opened the WAL, which
   * happens on its first read of the database. */
  rc = sqlite3_exec(c->bg_conn->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return cache__fail(-EIO, "cannot read '%s' for checkpoints: %s", c->path,
                       sqlite3_errmsg(c->bg_conn->db));
  c->wal_next_checkpoint = CACHE_CHECKPOINT_PAGES;
  sqlite3_wal_hook(c->writer->db, on_wal_commit, c);
  if (pthread_create(&c->bg_thread, NULL, background_main, c) != 0)
    return cache__fail(-EAGAIN, "cannot start the cache's background thread");
  c->bg_started = true;
  return 0;
}

void cache__background_stop(cache_t *c) {
  if (c->bg_started) {
    pthread_mutex_lock(&c->bg_lock);
    __atomic_store_n(&c->bg_stopping, true, __ATOMIC_RELAXED);
    pthread_cond_signal(&c->bg_wake);
    pthread_mutex_unlock(&c->bg_lock);
    pthread_join(c->bg_thread, NULL);
    c->bg_started = false;
  }
  if (c->writer)
    sqlite3_wal_hook(c->writer->db, NULL, NULL);
  cache__conn_close(c->bg_conn);
  c->bg_conn = NULL;
  touches_free(&c->touches);
}

void cache__background_evict(cache_t *c) {
  pthread_mutex_lock(&c->bg_lock);
  if (!c->evict_wanted) {
    c->evict_wanted = true;
    pthread_cond_signal(&c->bg_wake);
  }
  pthread_mutex_unlock(&c->bg_lock);
}

void cache__background_touch(cache_t *c, const char *key, int64_t when) {
  pthread_mutex_lock(&c->bg_lock);
  cache_touches_t *t = &c->touches;
  if (t->keys && t->count < CACHE_TOUCH_QUEUE) {
    memcpy(t->keys[t->count], key, CACHE_KEY_HEX_LEN + 1);
    t->when[t->count++] = when;
    if (t->count == 1 || t->count == CACHE_TOUCH_QUEUE / 2)
      pthread_cond_signal(&c->bg_wake);
  }
  pthread_mutex_unlock(&c->bg_lock);
}

int64_t cache_evict_to(cache_t *c, uint64_t max_bytes) {
  /* Hits so far count as uses before anything is chosen to go. */
  cache_touches_t spare;
  if (touches_alloc(&spare)) {
    flush_touches(c, &spare);
    touches_free(&spare);
  }
  return evict_down_to(c, max_bytes, false, &c->background_steps);
}

/* Deletes up to one batch of entries unused since cutoff; returns how
 * many, or negative. */
static int64_t evict_unused_batch(cache_t *c, int64_t cutoff) {
  char keys[CACHE_EVICT_BATCH][CACHE_KEY_HEX_LEN + 1];
  uint64_t *steps = &c->background_steps;
  int64_t deleted = 0;
  int found = 0;
  pthread_mutex_lock(&c->write_lock);
  cache_conn_t *w = c->writer;
  int rc = cache__run(c, w, CACHE_STMT_BEGIN_WRITE, steps);
  sqlite3_stmt *st = rc == SQLITE_OK ? cache__stmt(c, w, CACHE_STMT_UNUSED_SINCE) : NULL;
  if (st) {
    sqlite3_bind_int64(st, 1, cutoff);
    sqlite3_bind_int(st, 2, CACHE_EVICT_BATCH);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && found < CACHE_EVICT_BATCH) {
      const unsigned char *key = sqlite3_column_text(st, 0);
      snprintf(keys[found++], sizeof keys[0], "%s", key ? (const char *)key : "");
    }
    rc = rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
    cache__stmt_done(st, steps);
  } else if (rc == SQLITE_OK) {
    rc = SQLITE_ERROR;
  }
  for (int i = 0; rc == SQLITE_OK && i < found; i++, deleted++)
    rc = cache__delete_entry(c, w, keys[i], steps);
  if (rc == SQLITE_OK)
    rc = cache__run(c, w, CACHE_STMT_COMMIT, steps);
  if (rc != SQLITE_OK) {
    cache__fail(-EIO, "evict unused: %s", sqlite3_errmsg(w->db));
    if (!sqlite3_get_autocommit(w->db))
      cache__run(c, w, CACHE_STMT_ROLLBACK, steps);
    deleted = -EIO;
  }
  cache__note_write(c, rc, "evict");
  pthread_mutex_unlock(&c->write_lock);
  if (deleted > 0)
    __atomic_add_fetch(&c->evicted, (uint64_t)deleted, __ATOMIC_RELAXED);
  return deleted;
}

int64_t cache_evict_older_than(cache_t *c, int64_t seconds) {
  cache_touches_t spare;
  if (touches_alloc(&spare)) {
    flush_touches(c, &spare);
    touches_free(&spare);
  }
  int64_t cutoff = (int64_t)time(NULL) - seconds, total = 0, n;
  while ((n = evict_unused_batch(c, cutoff)) > 0) {
    total += n;
    yield_to_puts(c);
    if (n < CACHE_EVICT_BATCH)
      break;
  }
  return n < 0 ? n : total;
}
