/*
 * main.c: bufferd's start-up and shutdown.
 *
 * Start: settings, the cache (cache_health.c: directory, database, age
 * eviction; a cache that cannot be used means serving uncached, never a
 * failed start), the remote tier, the worker pool, the listener. Shutdown on
 * SIGTERM or SIGINT: readiness fails at once and new compiles get 503 (the
 * listener stays open so load balancers can see that), and the process
 * exits once every in-flight request has been answered and the workers are
 * idle.
 */
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <curl/curl.h>

#include "bufferd.h"

/* Descriptors kept back from client connections: the listener, stdio,
 * libuv's own, and per worker its SQLite database, WAL and shared-memory
 * files and a remote-tier socket, with room to spare. */
static int descriptor_headroom(const bd_config_t *cfg) { return 64 + 8 * cfg->workers; }

/* Raises the open-file limit to its hard limit and derives the connection
 * limits the settings left at 0 (auto) from it. Logs what it chose. */
static void resolve_connection_limits(bd_config_t *cfg) {
  struct rlimit rl;
  long nofile = 1024;
  if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
    if (rl.rlim_cur < rl.rlim_max) {
      rlim_t want = rl.rlim_max == RLIM_INFINITY ? 1u << 20 : rl.rlim_max;
      struct rlimit raised = {want, rl.rlim_max};
      if (setrlimit(RLIMIT_NOFILE, &raised) == 0)
        rl.rlim_cur = want;
    }
    nofile = rl.rlim_cur == RLIM_INFINITY ? 1L << 20 : (long)rl.rlim_cur;
  }
  long room = nofile - descriptor_headroom(cfg);
  if (cfg->max_connections == 0)
    cfg->max_connections = room > 16 ? (int)(room < 1000000 ? room : 1000000) : 16;
  else if (cfg->max_connections > room)
    bd_log("warning", "max-connections exceeds the open-file limit less headroom: "
                      "raise LimitNOFILE or lower it",
           json_pack("{s:i,s:I,s:i}", "max_connections", cfg->max_connections,
                     "open_file_limit", (json_int_t)nofile, "headroom",
                     descriptor_headroom(cfg)));
  if (cfg->max_connections_per_client == 0)
    cfg->max_connections_per_client =
        cfg->max_connections / 2 > 1 ? cfg->max_connections / 2 : 1;
}

static void close_handle(uv_handle_t *h, void *arg) {
  (void)arg;
  if (!uv_is_closing(h))
    uv_close(h, NULL);
}

static uv_timer_t drain_timer;

static void check_drained(uv_timer_t *t) {
  bd_server_t *s = t->data;
  /* An answered request may still be on its way out: a large response is
   * written over many loop turns, and closing its socket would cut it. */
  if (s->inflight_requests > 0 || s->pending_writes > 0 ||
      bd_pool_queue_depth(s->pool) > 0 || bd_pool_running(s->pool) > 0)
    return;
  bd_log("info", "drained; exiting", NULL);
  bd_http_stop_listening(s);
  bd_pool_drain_and_destroy(s->pool);
  s->pool = NULL;
  uv_walk(s->loop, close_handle, NULL);
}

static void on_signal(uv_signal_t *sig, int signum) {
  bd_server_t *s = sig->data;
  if (s->draining)
    return;
  s->draining = true;
  bd_log("info", "shutting down: draining in-flight work",
         json_pack("{s:i,s:i}", "signal", signum, "inflight", s->inflight_requests));
  /* Keep listening while draining: load balancers see /readyz fail and new
   * compiles get 503 + Retry-After instead of refused connections. */
  uv_timer_init(s->loop, &drain_timer);
  drain_timer.data = s;
  uv_timer_start(&drain_timer, check_drained, 0, 20);
}

/* Memory a large request used goes back to the system when it is freed:
 * blocks of 1 MiB and more are mapped on their own, and a heap whose free
 * top exceeds 4 MiB shrinks. Fixed values also stop glibc from raising
 * both thresholds after each large free, which kept a worker's heap at the
 * size of the largest compile it ever ran (pool.c trims what is left). */
static void tune_malloc(void) {
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  mallopt(M_TRIM_THRESHOLD, 4 << 20);
}

int main(int argc, char **argv) {
  tune_malloc();
  bd_config_t cfg;
  int rc = bd_config_load(&cfg, argc, argv);
  if (rc >= 0) {
    bd_config_free(&cfg);
    return rc;
  }
  bd_log_set_quiet(cfg.quiet);
  resolve_connection_limits(&cfg);
  signal(SIGPIPE, SIG_IGN);
  /* A file-size limit (ulimit -f) must fail a cache write, which degrades
   * the cache, not kill the daemon. */
  signal(SIGXFSZ, SIG_IGN);
  curl_global_init(CURL_GLOBAL_DEFAULT);

  bd_server_t s = {0};
  s.cfg = &cfg;
  s.loop = uv_default_loop();
  s.started_ms = uv_now(s.loop) ^ (uint64_t)uv_os_getpid() << 20;
  bd_auth_init(&s.auth, &cfg);
  s.peers = bd_peers_create();

  bd_cache_open(&s);
  if (cfg.remote_cache)
    s.remote = bd_remote_create(cfg.remote_cache, cfg.remote_timeout_ms, cfg.remote_token);
  if (cfg.memory_cache_bytes > 0)
    s.memcache = bd_memcache_create(cfg.memory_cache_bytes);
  s.pool = bd_pool_create(s.loop, cfg.workers, cfg.queue_size, &s);

  if ((rc = bd_http_listen(&s)) < 0) {
    fprintf(stderr, "bufferd: cannot listen on %s:%d: %s\n", cfg.listen_host,
            cfg.listen_port, uv_strerror(rc));
    return 1;
  }
  if (cfg.port_file) {
    FILE *f = fopen(cfg.port_file, "w");
    if (f) {
      fprintf(f, "%d\n", cfg.listen_port);
      fclose(f);
    }
  }
  uv_signal_init(s.loop, &s.sigterm);
  uv_signal_init(s.loop, &s.sigint);
  s.sigterm.data = s.sigint.data = &s;
  uv_signal_start(&s.sigterm, on_signal, SIGTERM);
  uv_signal_start(&s.sigint, on_signal, SIGINT);
  char *remote = bd_remote_redacted_url(cfg.remote_cache ? cfg.remote_cache : "");
  bd_log("info", "listening",
         json_pack("{s:s,s:i,s:s,s:i,s:s,s:b,s:i,s:i}", "host", cfg.listen_host, "port",
                   cfg.listen_port, "cache", s.cache_db_path, "workers", cfg.workers,
                   "remote", remote, "auth", s.auth.enabled, "max_connections",
                   cfg.max_connections, "max_connections_per_client",
                   cfg.max_connections_per_client));
  free(remote);

  uv_run(s.loop, UV_RUN_DEFAULT);

  if (s.pool)
    bd_pool_drain_and_destroy(s.pool);
  uv_run(s.loop, UV_RUN_DEFAULT);
  uv_loop_close(s.loop);
  bd_memcache_destroy(s.memcache);
  bd_peers_destroy(s.peers);
  bd_remote_destroy(s.remote);
  cache_close(s.cache);
  curl_global_cleanup();
  bd_config_free(&cfg);
  return 0;
}
