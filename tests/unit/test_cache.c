/*
 * test_cache.c: the SQLite artifact store: round trip, checksum verification
 * of every read (a corrupted blob is a miss and is dropped), LRU eviction by
 * bytes, age eviction, short-lived failures, key derivation; the work of a
 * get, a put and an eviction does not grow with the store (counted in
 * SQLite VM steps at 10^2 and 10^4 entries); two stores on one database
 * keep one size total; a damaged database is moved aside at open.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "cache.h"
#include "test.h"


static cache_entry_t make_entry(const char *memref, const char *report) {
  cache_entry_t e = {0};
  e.status = CACHE_ENTRY_OK;
  e.meta = strdup("{\"diagnostics\":[]}");
  e.components = strdup("{\"pipeline\":\"p\"}");
  e.num_artifacts = 2;
  e.artifacts = calloc(2, sizeof *e.artifacts);
  e.artifacts[0].name = strdup("memref");
  e.artifacts[0].data = (unsigned char *)strdup(memref);
  e.artifacts[0].len = strlen(memref);
  e.artifacts[1].name = strdup("report");
  e.artifacts[1].data = (unsigned char *)strdup(report);
  e.artifacts[1].len = strlen(report);
  return e;
}

static void key_of(const char *ir, const char *pipeline, char key[65]) {
  cache_key_parts_t parts = {"0.1.0", ir, pipeline, "memref", "{}"};
  cache_key_compute(&parts, key);
}

static void test_keys(void) {
  char a[65], b[65], c[65];
  key_of("module {}", "builtin.module()", a);
  key_of("module {}", "builtin.module()", b);
  key_of("module {}", "builtin.module(symbol-dce)", c);
  CHECK(strcmp(a, b) == 0);
  CHECK(strcmp(a, c) != 0);
  CHECK(cache_key_is_valid(a));
  CHECK(!cache_key_is_valid("abc"));
  CHECK(!cache_key_is_valid("ZZ8a1ef1b9a36d8b2e0a4ae4d4c2a6f1d1e1b2c3d4e5f60718293a4b5c6d7e8f"));
  /* Fields are length-prefixed: moving a character between fields changes
   * the key. */
  cache_key_parts_t p1 = {"v", "ab", "c", "memref", "{}"};
  cache_key_parts_t p2 = {"v", "a", "bc", "memref", "{}"};
  cache_key_compute(&p1, a);
  cache_key_compute(&p2, b);
  CHECK(strcmp(a, b) != 0);
  char h[65];
  cache_sha256_hex("abc", 3, h);
  CHECK(strcmp(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
}

static void corrupt_blob(const char *path, const char *key) {
  sqlite3 *db;
  CHECK(sqlite3_open(path, &db) == SQLITE_OK);
  char sql[256];
  snprintf(sql, sizeof sql,
           "UPDATE artifacts SET data = CAST('tampered' AS BLOB) "
           "WHERE key = '%s' AND name = 'memref'", key);
  CHECK(sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK);
  CHECK(sqlite3_changes(db) == 1);
  sqlite3_close(db);
}

/* Store, read back, corrupt, evict and expire, in a database of its own
 * that goes away afterwards. */
static void test_store(void) {
  char dir[] = "/tmp/bufferd-test-cache-XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    test_failures++;
    return;
  }
  char path[512];
  snprintf(path, sizeof path, "%s/cache.db", dir);
  char *err = NULL;
  cache_config_t cfg = {.max_bytes = 0, .failed_ttl_seconds = 1};
  cache_t *c = cache_open(path, &cfg, &err);
  CHECK(c != NULL);
  if (!c) {
    fprintf(stderr, "%s\n", err);
    free(err);
    return;
  }
  char k1[65], k2[65];
  key_of("module { a }", "p", k1);
  key_of("module { b }", "p", k2);
  cache_entry_t got;
  CHECK(cache_get(c, k1, &got) == 0);

  cache_entry_t e = make_entry("memref-text-1", "{\"allocs\":1}");
  CHECK(cache_put(c, k1, &e) == 0);
  cache_entry_free(&e);
  CHECK(cache_get(c, k1, &got) == 1);
  CHECK(got.num_artifacts == 2);
  CHECK(got.num_artifacts == 2 && strcmp(got.artifacts[0].name, "memref") == 0);
  CHECK(got.num_artifacts == 2 && got.artifacts[0].len == 13 &&
        memcmp(got.artifacts[0].data, "memref-text-1", 13) == 0);
  char sum[CACHE_KEY_HEX_LEN + 1];
  cache_sha256_hex("memref-text-1", 13, sum);
  CHECK(strcmp(got.artifacts[0].sha256, sum) == 0); /* a get names what it verified */
  CHECK(strcmp(got.meta, "{\"diagnostics\":[]}") == 0);
  cache_entry_free(&got);
  /* one artifact of an entry: only that one is read */
  CHECK(cache_get_artifact(c, k1, "report", &got) == 1);
  CHECK(got.num_artifacts == 1 && strcmp(got.artifacts[0].name, "report") == 0 &&
        got.artifacts[0].len == 12 && memcmp(got.artifacts[0].data, "{\"allocs\":1}", 12) == 0);
  cache_entry_free(&got);
  CHECK(cache_get_artifact(c, k1, "obj", &got) == 1 && got.num_artifacts == 0);
  cache_entry_free(&got);
  char *components = cache_components(c, k1);
  CHECK(components && strcmp(components, "{\"pipeline\":\"p\"}") == 0);
  free(components);

  /* A tampered blob must never be served: miss, entry gone, counted. */
  corrupt_blob(path, k1);
  CHECK(cache_get(c, k1, &got) == 0);
  CHECK(cache_get(c, k1, &got) == 0);
  cache_stats_t stats;
  cache_get_stats(c, &stats);
  CHECK(stats.corrupt == 1);
  CHECK(stats.entries == 0);

  /* Failures are cached for failed_ttl_seconds only. */
  cache_entry_t f = make_entry("", "");
  f.status = CACHE_ENTRY_FAILED;
  CHECK(cache_put(c, k2, &f) == 0);
  cache_entry_free(&f);
  CHECK(cache_get(c, k2, &got) == 1);
  CHECK(got.status == CACHE_ENTRY_FAILED);
  cache_entry_free(&got);
  sleep(2);
  CHECK(cache_get(c, k2, &got) == 0);

  /* LRU by bytes: touch the oldest, then evict below two entries' size. */
  char keys[3][65];
  for (int i = 0; i < 3; i++) {
    char ir[32];
    snprintf(ir, sizeof ir, "module { %d }", i);
    key_of(ir, "p", keys[i]);
    cache_entry_t x = make_entry("0123456789", "{}");
    CHECK(cache_put(c, keys[i], &x) == 0);
    cache_entry_free(&x);
  }
  sleep(1);
  CHECK(cache_get(c, keys[0], &got) == 1); /* keys[0] becomes most recent */
  cache_entry_free(&got);
  cache_get_stats(c, &stats);
  CHECK(stats.entries == 3);
  uint64_t one = stats.bytes / 3;
  CHECK(cache_evict_to(c, 2 * one) == 1);
  CHECK(cache_get(c, keys[0], &got) == 1);
  cache_entry_free(&got);
  cache_get_stats(c, &stats);
  CHECK(stats.entries == 2);
  /* Age eviction: nothing is older than an hour; everything is older than -1 s. */
  CHECK(cache_evict_older_than(c, 3600) == 0);
  CHECK(cache_evict_older_than(c, -1) == 2);

  char *ok = cache_integrity_check(c);
  CHECK(ok && strcmp(ok, "ok") == 0);
  free(ok);
  cache_close(c);

  /* A path that cannot be opened reports why. */
  err = NULL;
  CHECK(cache_open("/nonexistent-dir/x/cache.db", &cfg, &err) == NULL);
  CHECK(err && strstr(err, "cannot open cache database"));
  free(err);

  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0)
    fprintf(stderr, "warning: could not remove %s\n", dir);
}

/* A fresh directory for one test's database; path gets DIR/cache.db. */
static bool temp_db(char dir[64], char path[128]) {
  snprintf(dir, 64, "/tmp/bufferd-test-cache-XXXXXX");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    test_failures++;
    return false;
  }
  snprintf(path, 128, "%s/cache.db", dir);
  return true;
}

static void remove_dir(const char *dir) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0)
    fprintf(stderr, "warning: could not remove %s\n", dir);
}

static void numbered_key(int n, char key[65]) {
  char ir[32];
  snprintf(ir, sizeof ir, "module { %d }", n);
  key_of(ir, "p", key);
}

static void put_numbered(cache_t *c, int first, int count) {
  for (int n = first; n < first + count; n++) {
    char key[65];
    numbered_key(n, key);
    cache_entry_t e = make_entry("0123456789", "{}");
    CHECK(cache_put(c, key, &e) == 0);
    cache_entry_free(&e);
  }
}

/* SQLite VM steps of one put of a new entry and one get of it. */
static void steps_of_put_and_get(cache_t *c, int n, uint64_t *put, uint64_t *get) {
  cache_stats_t before, after;
  cache_get_stats(c, &before);
  put_numbered(c, n, 1);
  cache_get_stats(c, &after);
  *put = after.request_steps - before.request_steps;
  char key[65];
  numbered_key(n, key);
  cache_entry_t got;
  CHECK(cache_get(c, key, &got) == 1);
  cache_entry_free(&got);
  cache_get_stats(c, &before);
  *get = before.request_steps - after.request_steps;
}

static uint64_t sum_of_entry_bytes(const char *path) {
  sqlite3 *db;
  sqlite3_stmt *st;
  uint64_t total = 0;
  CHECK(sqlite3_open(path, &db) == SQLITE_OK);
  if (sqlite3_prepare_v2(db, "SELECT COALESCE(SUM(bytes), 0) FROM entries", -1, &st, NULL) ==
      SQLITE_OK) {
    if (sqlite3_step(st) == SQLITE_ROW)
      total = (uint64_t)sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return total;
}

/* Nothing on the request path scans the store: a put and a get cost the
 * same at 10^2 and 10^4 entries, the size comes from the totals row, and
 * eviction costs per entry evicted, not per entry stored. A scan of 10^4
 * entries would take tens of thousands of steps. */
static void test_no_scan_as_the_store_grows(void) {
  char dir[64], path[128];
  if (!temp_db(dir, path))
    return;
  char *err = NULL;
  cache_config_t cfg = {.max_bytes = 0, .failed_ttl_seconds = 60};
  cache_t *c = cache_open(path, &cfg, &err);
  CHECK(c != NULL);
  if (!c) {
    fprintf(stderr, "%s\n", err);
    free(err);
    return;
  }
  put_numbered(c, 0, 99);
  uint64_t put_small, get_small, put_large, get_large;
  steps_of_put_and_get(c, 99, &put_small, &get_small);
  put_numbered(c, 100, 9899);
  steps_of_put_and_get(c, 9999, &put_large, &get_large);
  CHECK_MSG(put_large <= put_small + put_small / 4 && put_large < 500,
            "a put costs %llu steps at 10^4 entries, %llu at 10^2",
            (unsigned long long)put_large, (unsigned long long)put_small);
  CHECK_MSG(get_large <= get_small + get_small / 4 && get_large < 500,
            "a get costs %llu steps at 10^4 entries, %llu at 10^2",
            (unsigned long long)get_large, (unsigned long long)get_small);
  cache_stats_t stats;
  cache_get_stats(c, &stats);
  CHECK(stats.entries == 10000);
  CHECK(stats.bytes == sum_of_entry_bytes(path));
  uint64_t one = stats.bytes / stats.entries;

  /* The ten oldest entries are used again: eviction must spare them. */
  sleep(1);
  for (int n = 0; n < 10; n++) {
    char key[65];
    numbered_key(n, key);
    cache_entry_t got;
    CHECK(cache_get(c, key, &got) == 1);
    cache_entry_free(&got);
  }
  cache_close(c); /* writes the queued touches */

  /* Reopened with a bound 100 entries under its size: the background
   * thread evicts down to the low-water mark (1/CACHE_LOW_WATER_DIVISOR under the bound). */
  cfg.max_bytes = stats.bytes - 100 * one;
  cfg.check_ms = 2; /* the integrity check stops at its budget */
  c = cache_open(path, &cfg, &err);
  CHECK(c != NULL);
  if (!c) {
    free(err);
    return;
  }
  const cache_open_report_t *report = cache_open_report(c);
  CHECK(report->check == CACHE_CHECK_INCOMPLETE || report->check == CACHE_CHECK_OK);
  CHECK_MSG(report->check_ms < 500, "the check took %llu ms",
            (unsigned long long)report->check_ms);
  for (int i = 0; i < 200; i++) {
    cache_get_stats(c, &stats);
    if (stats.bytes <= cfg.max_bytes - cfg.max_bytes / CACHE_LOW_WATER_DIVISOR)
      break;
    usleep(50000);
  }
  CHECK_MSG(stats.bytes <= cfg.max_bytes - cfg.max_bytes / CACHE_LOW_WATER_DIVISOR,
            "evicted down to the low-water mark: %llu bytes",
            (unsigned long long)stats.bytes);
  CHECK_MSG(stats.evicted >= 100 + 9900 / CACHE_LOW_WATER_DIVISOR &&
                stats.evicted <= 100 + 10000 / CACHE_LOW_WATER_DIVISOR + 2,
            "evicted %llu entries", (unsigned long long)stats.evicted);
  CHECK_MSG(stats.background_steps < 100 * stats.evicted,
            "eviction took %llu steps for %llu entries",
            (unsigned long long)stats.background_steps, (unsigned long long)stats.evicted);
  CHECK(stats.bytes == sum_of_entry_bytes(path));
  for (int n = 0; n < 10; n++) {
    char key[65];
    numbered_key(n, key);
    cache_entry_t got;
    CHECK_MSG(cache_get(c, key, &got) == 1, "recently used entry %d was kept", n);
    cache_entry_free(&got);
  }
  /* A put that takes the store over its bound costs what any put costs. */
  uint64_t put_over, get_over;
  steps_of_put_and_get(c, 20000, &put_over, &get_over);
  put_numbered(c, 20001, 400);
  steps_of_put_and_get(c, 20401, &put_over, &get_over);
  CHECK_MSG(put_over <= put_small + put_small / 4, "a put over the bound costs %llu steps",
            (unsigned long long)put_over);
  cache_close(c);
  remove_dir(dir);
}

/* Two stores (two daemons) on one database keep one size total. */
static void test_two_stores_one_database(void) {
  char dir[64], path[128];
  if (!temp_db(dir, path))
    return;
  cache_config_t cfg = {.max_bytes = 0, .failed_ttl_seconds = 60};
  cache_t *a = cache_open(path, &cfg, NULL), *b = cache_open(path, &cfg, NULL);
  CHECK(a && b);
  if (!a || !b)
    return;
  put_numbered(a, 0, 50);
  put_numbered(b, 25, 50); /* half of them replace a's */
  cache_stats_t sa, sb;
  cache_get_stats(a, &sa);
  cache_get_stats(b, &sb);
  CHECK(sa.entries == 75 && sb.entries == 75);
  CHECK(sa.bytes == sb.bytes && sa.bytes == sum_of_entry_bytes(path));
  CHECK(cache_evict_to(b, sa.bytes / 3) > 0);
  cache_get_stats(a, &sa);
  CHECK(sa.bytes <= sb.bytes / 3 && sa.bytes == sum_of_entry_bytes(path));
  cache_close(a);
  cache_close(b);
  remove_dir(dir);
}

/* A database with a zeroed header is moved aside and a fresh one serves. */
static void test_damaged_database_is_moved_aside(void) {
  char dir[64], path[128];
  if (!temp_db(dir, path))
    return;
  cache_config_t cfg = {.max_bytes = 0, .failed_ttl_seconds = 60, .check_ms = 1000};
  cache_t *c = cache_open(path, &cfg, NULL);
  CHECK(c != NULL);
  if (!c)
    return;
  CHECK(cache_open_report(c)->moved_to[0] == 0);
  put_numbered(c, 0, 5);
  cache_close(c);
  FILE *f = fopen(path, "r+b");
  CHECK(f != NULL);
  if (f) {
    char zeros[100] = {0};
    fwrite(zeros, 1, sizeof zeros, f);
    fclose(f);
  }
  char *err = NULL;
  c = cache_open(path, &cfg, &err);
  CHECK_MSG(c != NULL, "reopened: %s", err ? err : "");
  free(err);
  if (!c)
    return;
  const cache_open_report_t *report = cache_open_report(c);
  CHECK(strstr(report->moved_to, "/cache.db.damaged-") != NULL);
  CHECK(strstr(report->damage, "not a database") != NULL);
  CHECK(access(report->moved_to, F_OK) == 0);
  cache_stats_t stats;
  cache_get_stats(c, &stats);
  CHECK(stats.entries == 0);
  put_numbered(c, 0, 1);
  cache_get_stats(c, &stats);
  CHECK(stats.entries == 1);
  CHECK(!cache_degraded(c, NULL, 0));
  cache_close(c);
  remove_dir(dir);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_keys),
    TEST_ENTRY(test_store),
    TEST_ENTRY(test_no_scan_as_the_store_grows),
    TEST_ENTRY(test_two_stores_one_database),
    TEST_ENTRY(test_damaged_database_is_moved_aside),
};

TEST_MAIN(tests)
