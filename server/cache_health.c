/*
 * cache_health.c: the daemon's side of the SQLite cache's health: opening
 * it at start-up, serving uncached when it cannot be used, and saying so.
 *
 * A cache directory that cannot be created or written, or a database that
 * cannot be opened, never stops the daemon: it starts with s->cache NULL
 * and serves every compile uncached. A damaged database is moved aside by
 * cache_open; that is logged and counted here. Either way, and when the
 * cache's writes start failing later (a full disk), the cache is
 * "degraded": /readyz says so (the daemon stays ready: its answers are
 * still right, only slower), bufferd_cache_degraded is 1, and one warning
 * a minute is logged, however many compiles meet the failure.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bufferd.h"

/* At most one degraded-cache warning per this many milliseconds. */
#define BD_CACHE_LOG_INTERVAL_MS 60000

/* mkdir -p */
static int make_dirs(const char *path) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++) {
    if (*p == '/') {
      *p = 0;
      if (mkdir(buf, 0700) < 0 && errno != EEXIST)
        return -1;
      *p = '/';
    }
  }
  if (mkdir(buf, 0700) < 0 && errno != EEXIST)
    return -1;
  return 0;
}

bool bd_cache_degraded(bd_server_t *s, char *why, size_t len) {
  if (!s->cache) {
    if (len > 0) { /* a reason cut short is still a reason */
      size_t n = strnlen(s->cache_unavailable, len - 1);
      memcpy(why, s->cache_unavailable, n);
      why[n] = 0;
    }
    return true;
  }
  return cache_degraded(s->cache, why, len);
}

void bd_cache_log_degraded(bd_server_t *s) {
  char why[400];
  if (!bd_cache_degraded(s, why, sizeof why))
    return;
  uint64_t now = uv_hrtime() / 1000000;
  uint64_t last = __atomic_load_n(&s->cache_warned_ms, __ATOMIC_RELAXED);
  if (last != 0 && now - last < BD_CACHE_LOG_INTERVAL_MS)
    return;
  /* One thread of several that meet the failure at once wins the line. */
  if (!__atomic_compare_exchange_n(&s->cache_warned_ms, &last, now, false, __ATOMIC_RELAXED,
                                   __ATOMIC_RELAXED))
    return;
  bd_log("warning", "cache degraded: compiles are served but not all are cached",
         json_pack("{s:s}", "reason", why));
}

static void on_health_timer(uv_timer_t *t) { bd_cache_log_degraded(t->data); }

void bd_cache_open(bd_server_t *s) {
  const bd_config_t *cfg = s->cfg;
  snprintf(s->cache_db_path, sizeof s->cache_db_path, "%s/cache.db", cfg->cache_dir);
  if (make_dirs(cfg->cache_dir) < 0) {
    snprintf(s->cache_unavailable, sizeof s->cache_unavailable,
             "cache unavailable: cannot create cache directory '%s': %s; serving uncached",
             cfg->cache_dir, strerror(errno));
  } else {
    cache_config_t cc = {.max_bytes = cfg->cache_max_bytes,
                         .failed_ttl_seconds = cfg->failed_ttl_s,
                         .check_ms = cfg->cache_check_ms > UINT32_MAX
                                         ? UINT32_MAX
                                         : (uint32_t)cfg->cache_check_ms};
    char *err = NULL;
    s->cache = cache_open(s->cache_db_path, &cc, &err);
    if (!s->cache)
      snprintf(s->cache_unavailable, sizeof s->cache_unavailable,
               "cache unavailable: %s; serving uncached", err ? err : "cannot open the cache");
    free(err);
  }
  if (s->cache) {
    const cache_open_report_t *report = cache_open_report(s->cache);
    if (report->moved_to[0]) {
      s->cache_damaged = 1;
      bd_log("warning", "cache database was damaged: moved aside, starting with an empty cache",
             json_pack("{s:s,s:s,s:s}", "cache", s->cache_db_path, "moved_to",
                       report->moved_to, "damage", report->damage));
    }
    if (report->check == CACHE_CHECK_INCOMPLETE)
      bd_log("info", "cache integrity check stopped at its time budget (cache-check-ms)",
             json_pack("{s:I}", "ms", (json_int_t)report->check_ms));
    if (cfg->evict_older_than_s > 0) {
      int64_t n = cache_evict_older_than(s->cache, cfg->evict_older_than_s);
      bd_log("info", "evicted old cache entries", json_pack("{s:I}", "entries", (json_int_t)n));
    }
  }
  bd_cache_log_degraded(s);
  uv_timer_init(s->loop, &s->cache_health_timer);
  s->cache_health_timer.data = s;
  /* Checked more often than it logs, so a line comes about a minute after
   * the last one, whichever thread wrote it. */
  uv_timer_start(&s->cache_health_timer, on_health_timer, 10000, 10000);
  uv_unref((uv_handle_t *)&s->cache_health_timer);
}
