/*
 * test_cache.c: the SQLite artifact store: round trip, checksum verification
 * of every read (a corrupted blob is a miss and is dropped), LRU eviction by
 * bytes, age eviction, short-lived failures, key derivation.
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
  CHECK(strcmp(got.meta, "{\"diagnostics\":[]}") == 0);
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

static const test_entry_t tests[] = {
    TEST_ENTRY(test_keys),
    TEST_ENTRY(test_store),
};

TEST_MAIN(tests)
