/*
 * metrics.c: Prometheus text exposition (format 0.0.4) of the daemon's
 * counters, latency histograms, cache and queue gauges.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bufferd.h"

const double bd_histogram_bounds[15] = {0.0005, 0.001, 0.0025, 0.005, 0.01,
                                        0.025,  0.05,  0.1,    0.25,  0.5,
                                        1,      2.5,   5,      10,    30};

void bd_histogram_observe(bd_histogram_t *h, double seconds) {
  int i = 0;
  while (i < 15 && seconds > bd_histogram_bounds[i])
    i++;
  h->buckets[i]++;
  h->count++;
  h->sum += seconds;
}

static void histogram(FILE *f, const char *name, const char *help,
                      const bd_histogram_t *h) {
  fprintf(f, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name);
  uint64_t cumulative = 0;
  for (int i = 0; i < 15; i++) {
    cumulative += h->buckets[i];
    fprintf(f, "%s_bucket{le=\"%g\"} %llu\n", name, bd_histogram_bounds[i],
            (unsigned long long)cumulative);
  }
  fprintf(f, "%s_bucket{le=\"+Inf\"} %llu\n%s_sum %.6f\n%s_count %llu\n", name,
          (unsigned long long)h->count, name, h->sum, name, (unsigned long long)h->count);
}

static void counter(FILE *f, const char *name, const char *help, uint64_t v) {
  fprintf(f, "# HELP %s %s\n# TYPE %s counter\n%s %llu\n", name, help, name, name,
          (unsigned long long)v);
}

static void gauge(FILE *f, const char *name, const char *help, double v) {
  fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n%s %g\n", name, help, name, name, v);
}

char *bd_metrics_render(bd_server_t *s) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  const bd_metrics_t *m = &s->metrics;
  fprintf(f, "# HELP bufferd_http_requests_total HTTP requests answered, by status class.\n"
             "# TYPE bufferd_http_requests_total counter\n");
  for (int c = 1; c <= 5; c++)
    fprintf(f, "bufferd_http_requests_total{code=\"%dxx\"} %llu\n", c,
            (unsigned long long)m->requests[c]);
  /* In the order of api.c's enum route_id. */
  static const char *const routes[] = {"compile",   "explain",  "artifacts", "keys",
                                       "healthz",   "readyz",   "metrics",   "version",
                                       "pipelines", "examples", "playground", "other"};
  fprintf(f, "# HELP bufferd_route_requests_total Requests by route.\n"
             "# TYPE bufferd_route_requests_total counter\n");
  for (size_t r = 0; r < sizeof routes / sizeof routes[0]; r++)
    fprintf(f, "bufferd_route_requests_total{route=\"%s\"} %llu\n", routes[r],
            (unsigned long long)m->requests_by_route[r]);
  fprintf(f, "# HELP bufferd_compiles_total Compiles run, by result.\n"
             "# TYPE bufferd_compiles_total counter\n"
             "bufferd_compiles_total{result=\"ok\"} %llu\n"
             "bufferd_compiles_total{result=\"program_error\"} %llu\n"
             "bufferd_compiles_total{result=\"timeout\"} %llu\n"
             "bufferd_compiles_total{result=\"rejected\"} %llu\n"
             "bufferd_compiles_total{result=\"run_limit\"} %llu\n"
             "bufferd_compiles_total{result=\"request_limit\"} %llu\n",
          (unsigned long long)m->compiles_ok, (unsigned long long)m->compiles_failed,
          (unsigned long long)m->compiles_timed_out, (unsigned long long)m->compiles_rejected,
          (unsigned long long)m->compiles_limited,
          (unsigned long long)m->compiles_bounded);
  counter(f, "bufferd_memory_cache_hits_total", "Requests answered from the in-memory response cache.",
          m->memory_hits);
  counter(f, "bufferd_auth_rejected_total",
          "Requests refused for a missing, wrong or read-only token (401, 403).",
          m->auth_rejected);
  counter(f, "bufferd_deduplicated_requests_total",
          "Requests that joined an identical compile already in flight.", m->deduplicated);
  cache_stats_t cs = {0};
  if (s->cache)
    cache_get_stats(s->cache, &cs);
  counter(f, "bufferd_cache_hits_total", "SQLite cache hits.", cs.hits);
  counter(f, "bufferd_cache_misses_total", "SQLite cache misses.", cs.misses);
  counter(f, "bufferd_cache_corrupt_total",
          "Cache reads that met damage: an artifact whose checksum did not verify (dropped, "
          "recompiled) or a damaged b-tree (SQLITE_CORRUPT; answered as a miss).",
          cs.corrupt);
  counter(f, "bufferd_cache_damaged_total",
          "Damaged or unreadable cache databases moved aside at start-up.", s->cache_damaged);
  char why[8];
  gauge(f, "bufferd_cache_degraded",
        "1 while the cache is unavailable or its writes fail (compiles are served, not all "
        "cached).",
        bd_cache_degraded(s, why, sizeof why) ? 1 : 0);
  counter(f, "bufferd_cache_evicted_total", "Cache entries evicted.", cs.evicted);
  gauge(f, "bufferd_cache_entries", "Entries in the SQLite cache.", (double)cs.entries);
  gauge(f, "bufferd_cache_bytes", "Bytes stored in the SQLite cache.", (double)cs.bytes);
  counter(f, "bufferd_remote_cache_hits_total", "Remote cache tier hits.",
          __atomic_load_n(&m->remote_hits, __ATOMIC_RELAXED));
  counter(f, "bufferd_remote_cache_misses_total", "Remote cache tier misses.",
          __atomic_load_n(&m->remote_misses, __ATOMIC_RELAXED));
  counter(f, "bufferd_remote_cache_errors_total", "Remote cache tier failures (ignored).",
          __atomic_load_n(&m->remote_errors, __ATOMIC_RELAXED));
  gauge(f, "bufferd_queue_depth", "Compiles waiting for a worker.",
        s->pool ? bd_pool_queue_depth(s->pool) : 0);
  gauge(f, "bufferd_compiles_running", "Compiles running on workers.",
        s->pool ? bd_pool_running(s->pool) : 0);
  gauge(f, "bufferd_open_connections", "Open client connections.", s->open_connections);
  gauge(f, "bufferd_max_connections", "Connections the server allows (max-connections).",
        s->cfg->max_connections);
  fprintf(f, "# HELP bufferd_connections_rejected_total New connections answered 503 and "
             "closed, by reason.\n# TYPE bufferd_connections_rejected_total counter\n");
  static const char *const reasons[] = {"max_connections", "per_client", "accept_failed"};
  for (int i = 0; i < 3; i++)
    fprintf(f, "bufferd_connections_rejected_total{reason=\"%s\"} %llu\n", reasons[i],
            (unsigned long long)m->connections_rejected[i]);
  histogram(f, "bufferd_request_duration_seconds", "Time to answer a request.",
            &m->request_seconds);
  histogram(f, "bufferd_compile_duration_seconds", "Time to run a compile pipeline.",
            &m->compile_seconds);
  fclose(f);
  return text;
}
