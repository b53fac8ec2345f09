/*
 * cache_fill.c: fills a bufferd cache database through the store API
 * (cache_put), for bench/cache_scale.sh. Going through HTTP and the
 * compiler would take hours for a million entries; this takes minutes and
 * writes exactly what the daemon writes: one entry per key, with its
 * components, meta and a small "memref" artifact, each in its own
 * transaction.
 *
 * usage: cache_fill DB FROM TO
 *   stores the entries numbered FROM..TO-1 (their keys are the SHA-256 of
 *   "fill:<n>", so a run can be resumed or extended), then prints the
 *   number of entries and bytes in the store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cache.h"

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: cache_fill DB FROM TO\n");
    return 2;
  }
  long from = atol(argv[2]), to = atol(argv[3]);
  char *err = NULL;
  cache_config_t cfg = {.max_bytes = 0, .failed_ttl_seconds = 60};
  cache_t *c = cache_open(argv[1], &cfg, &err);
  if (!c) {
    fprintf(stderr, "cache_fill: %s\n", err ? err : "cannot open");
    return 1;
  }
  /* A memref program of the size a small compile produces. */
  char memref[320];
  char name[] = "memref";
  cache_artifact_t artifact = {.name = name, .data = (unsigned char *)memref};
  cache_entry_t e = {.status = CACHE_ENTRY_OK, .artifacts = &artifact, .num_artifacts = 1};
  char meta[160], components[200], seed[32], key[CACHE_KEY_HEX_LEN + 1];
  e.meta = meta;
  e.components = components;
  double t0 = now_s(), last = t0;
  for (long n = from; n < to; n++) {
    int len = snprintf(seed, sizeof seed, "fill:%ld", n);
    cache_sha256_hex(seed, (size_t)len, key);
    artifact.len = (size_t)snprintf(
        memref, sizeof memref,
        "module {\n  func.func @f%ld(%%arg0: memref<4xf32>, %%arg1: memref<4xf32>) {\n"
        "    %%alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>\n"
        "    memref.copy %%arg0, %%alloc : memref<4xf32> to memref<4xf32>\n"
        "    memref.dealloc %%alloc : memref<4xf32>\n    return\n  }\n}\n",
        n);
    snprintf(meta, sizeof meta,
             "{\"status\":200,\"diagnostics\":[],\"timings\":{\"total_ms\":0.4},"
             "\"pipeline\":\"symbol-dce\",\"file\":\"fill-%ld.mlir\"}",
             n);
    snprintf(components, sizeof components,
             "{\"artifacts\":\"memref\",\"compiler_version\":\"fill\",\"pipeline\":"
             "\"builtin.module(symbol-dce)\",\"program_sha256\":\"%.16s\"}",
             key);
    if (cache_put(c, key, &e) < 0) {
      fprintf(stderr, "cache_fill: entry %ld: %s\n", n, cache_last_error(c));
      cache_close(c);
      return 1;
    }
    if (now_s() - last >= 10) {
      last = now_s();
      fprintf(stderr, "cache_fill: %ld/%ld (%.0f puts/s)\n", n + 1 - from, to - from,
              (double)(n + 1 - from) / (last - t0));
    }
  }
  cache_stats_t st;
  cache_get_stats(c, &st);
  printf("entries %llu bytes %llu seconds %.1f\n", (unsigned long long)st.entries,
         (unsigned long long)st.bytes, now_s() - t0);
  cache_close(c);
  return 0;
}
