/*
 * bufferd.h: the daemon's internal interfaces, one section per file.
 *
 * Threads: one libuv loop thread owns every socket, timer and the in-memory
 * response cache; it never parses or compiles a program. Compiles run on a
 * dedicated pool of worker threads (bd_pool) that talk back to the loop only
 * through a uv_async_t and a mutex-protected completion list. The SQLite
 * cache is used from the workers.
 *
 * Naming: bd_ for the daemon's own functions and types.
 */
#ifndef BUFFERD_H
#define BUFFERD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <http_parser.h>
#include <jansson.h>
#include <uv.h>

#include "cache.h"

#define BD_VERSION "0.1.0"

/* ---- config.c ------------------------------------------------------------ */

typedef struct bd_config {
  char *listen_host;          /* default 127.0.0.1 */
  int listen_port;            /* default 8080; 0 picks a free port */
  char *cache_dir;            /* default $XDG_CACHE_HOME/bufferd */
  char *remote_cache;         /* base URL of the shared tier, or NULL */
  char *token;                /* write token (--token-file), or NULL: no auth */
  char *read_token;           /* read-only token (--read-token-file), or NULL */
  bool allow_unauthenticated_reads; /* reads need no token even when set */
  char *remote_token;         /* bearer token sent to the remote tier, or NULL */
  int workers;                /* compile threads; default: cores */
  int queue_size;             /* queued compiles before 503 */
  uint64_t max_body_bytes;    /* 413 above */
  uint64_t max_header_bytes;  /* 431 above */
  uint32_t max_headers;       /* 431 above: header fields of one request */
  int max_connections;        /* 503 to new connections above; 0: from
                               * RLIMIT_NOFILE less headroom (main.c) */
  int max_connections_per_client; /* from one address; 0: half of the above */
  uint64_t first_byte_timeout_ms; /* a new connection must start a request */
  uint64_t max_ops;           /* 413 above */
  uint32_t max_depth;         /* 413 above */
  uint64_t max_pipeline_bytes;/* 413 above: pipeline text */
  uint32_t max_pipeline_passes; /* 413 above: passes over every nesting level */
  uint32_t max_pipeline_depth;  /* 413 above: nested pipeline anchors */
  uint64_t max_compile_bytes; /* 413 when a compile's IR outgrows it; 0: none */
  uint64_t compile_timeout_ms;/* 504 after */
  uint64_t run_max_steps;     /* run artifact: ops interpreted before 422 */
  uint64_t run_max_bytes;     /* run artifact: bytes live at once before 413 */
  uint64_t run_timeout_ms;    /* run artifact: wall time of the run before 504 */
  uint64_t idle_timeout_ms;   /* keep-alive connections close after */
  uint64_t header_timeout_ms; /* a request must arrive completely within */
  uint64_t cache_max_bytes;   /* SQLite cache bound; 0: unbounded */
  uint64_t cache_check_ms;    /* integrity check budget at start; 0: none */
  int64_t evict_older_than_s; /* drop entries unused this long; 0: never */
  int64_t failed_ttl_s;       /* how long failed compiles stay cached */
  uint64_t memory_cache_bytes;/* loop-thread response cache; 0: off */
  uint64_t remote_timeout_ms;
  char **cors_origins;        /* --cors-origin: origins whose pages may call
                               * the API ("*": any, on routes that need no
                               * token); NULL-terminated, NULL when none */
  uint32_t num_cors_origins;
  char *port_file;            /* write the bound port here (tests) */
  bool quiet;                 /* no request logs */
} bd_config_t;

/* Fills cfg from defaults, then the config file (--config or
 * $BUFFERD_CONFIG), then BUFFERD_* environment variables, then argv.
 * Returns -1 to continue, or an exit status (usage errors print to stderr). */
int bd_config_load(bd_config_t *cfg, int argc, char **argv);
void bd_config_free(bd_config_t *cfg);

/* ---- log.c ----------------------------------------------------------------- */

/* One JSON object per line on stderr: {"ts", "level", "msg", ...fields}.
 * fields may be NULL; it is consumed (json_decref). Thread-safe. */
void bd_log(const char *level, const char *msg, json_t *fields);
void bd_log_set_quiet(bool quiet);
/* seconds as milliseconds rounded to the microsecond, for log fields. */
double bd_log_round_ms(double seconds);

/* ---- metrics.c ------------------------------------------------------------- */

/* Why a new connection was answered 503 and closed. */
typedef enum bd_reject_reason {
  BD_REJECT_MAX_CONNECTIONS,  /* --max-connections reached */
  BD_REJECT_PER_CLIENT,       /* --max-connections-per-client reached */
  BD_REJECT_ACCEPT_FAILED,    /* accept failed (out of descriptors) */
} bd_reject_reason_t;

typedef struct bd_histogram {
  uint64_t buckets[16];  /* counts per upper bound in bd_histogram_bounds */
  uint64_t count;
  double sum;
} bd_histogram_t;

/* Counters live on the loop thread except where noted. */
typedef struct bd_metrics {
  uint64_t requests[8];        /* by status class: 1xx..5xx at [1..5] */
  uint64_t requests_by_route[16];
  uint64_t compiles_ok, compiles_failed, compiles_timed_out, compiles_rejected;
  uint64_t compiles_limited;   /* runs stopped by a run limit (not cached) */
  uint64_t compiles_bounded;   /* compiles a request bound refused or stopped (not cached) */
  uint64_t memory_hits;
  uint64_t auth_rejected;      /* 401 and 403 answers */
  uint64_t connections_rejected[3]; /* 503 at accept: by bd_reject_reason_t */
  uint64_t deduplicated;
  bd_histogram_t request_seconds;
  bd_histogram_t compile_seconds;
  uint64_t remote_hits, remote_misses, remote_errors; /* workers: atomics */
} bd_metrics_t;

extern const double bd_histogram_bounds[15];
void bd_histogram_observe(bd_histogram_t *h, double seconds);

struct bd_server;
/* Prometheus text exposition of the server's metrics (malloc'd). */
char *bd_metrics_render(struct bd_server *s);

/* ---- pool.c ------------------------------------------------------------------ */

typedef struct bd_job bd_job_t;
typedef void (*bd_job_done_fn)(bd_job_t *job);
/* A job in flight with the requests waiting for it (defined in api.c). */
typedef struct bd_inflight bd_inflight_t;

/* One compile: the request in, the response out. Owned by the loop thread
 * except while a worker runs it. */
typedef enum bd_job_kind {
  BD_JOB_COMPILE,           /* POST /v1/compile */
  BD_JOB_FETCH,             /* GET|HEAD /v1/artifacts/{key}[/{name}] */
  BD_JOB_KEY_INFO,          /* GET /v1/keys/{key} */
  BD_JOB_EXPLAIN,           /* POST /v1/explain: the key a compile would use */
} bd_job_kind_t;

struct bd_job {
  bd_job_kind_t kind;
  /* in */
  char *fetch_key;          /* FETCH / KEY_INFO: the key, owned */
  char *fetch_name;         /* FETCH: one artifact's raw bytes, or NULL */
  char *program;            /* owned */
  size_t program_len;
  bool program_is_json;
  char *pipeline;           /* owned, may be NULL */
  char **artifacts;         /* owned */
  uint32_t num_artifacts;
  char *file_name;          /* "file": the name locations use, owned, may be NULL */
  char *gpu_arch;           /* options["gpu-arch"], owned, may be NULL */
  char *run_func;           /* options["run"], owned, may be NULL */
  char *run_inputs;         /* options["inputs"] as compact JSON, owned, may be NULL */
  uint64_t run_max_steps;   /* options["run-max-steps"]; 0: the server's limit */
  bool llvm_opt_level_set;  /* options["llvm-opt-level"] given: */
  int llvm_opt_level;       /* 0..3 */
  bool artifact_links;      /* "inline": false: artifacts answered as
                             * {bytes, sha256, href}, not their contents */
  char request_hash[CACHE_KEY_HEX_LEN + 1];
  /* out (written by the worker) */
  int http_status;          /* 200, 422, 400, 504 ... */
  char *response;           /* body, owned */
  size_t response_len;
  const char *content_type; /* static string; NULL: application/json */
  bool cache_hit;
  bool run_limited;         /* a run limit stopped the compile */
  char key[CACHE_KEY_HEX_LEN + 1];
  double compile_seconds;
  bool limited;             /* a bound of the request stopped it (not cached) */
  size_t peak_bytes;        /* bytes the compile's IR held at its end */
  /* bookkeeping */
  uint64_t deadline_ns;     /* CLOCK_MONOTONIC: the compile stops after */
  bool cancelled;           /* deadline passed while queued */
  bd_job_done_fn done;      /* called on the loop thread */
  bd_inflight_t *inflight;  /* api.c's entry for this job: the requests
                             * waiting for it and its deadline timer */
  bd_job_t *next;           /* queue / completion list link */
};

typedef struct bd_pool bd_pool_t;

/* Starts n worker threads that compile into cache c (may be NULL). */
bd_pool_t *bd_pool_create(uv_loop_t *loop, int n, int queue_size,
                          struct bd_server *server);
/* Queues a job; false when the queue is full. */
bool bd_pool_submit(bd_pool_t *p, bd_job_t *job);
/* Marks a job cancelled: a worker that has not started it skips it. */
void bd_pool_cancel(bd_pool_t *p, bd_job_t *job);
int bd_pool_queue_depth(bd_pool_t *p);
int bd_pool_running(bd_pool_t *p);
/* Stops accepting, finishes queued and running jobs, joins the threads. */
void bd_pool_drain_and_destroy(bd_pool_t *p);
void bd_job_free(bd_job_t *job);
/* After a request that used `bytes` of memory now freed: when that was a
 * lot, returns free heap memory to the system. glibc keeps freed memory
 * in its arenas (and raises its mmap threshold after a large free), so
 * without this one large request leaves the daemon at its peak RSS. */
void bd_trim_after(size_t bytes);

/* The compile itself (worker thread): parse, key, cache, run, store. */
void bd_compile_job(struct bd_server *s, bd_job_t *job);

/* ---- remote.c ---------------------------------------------------------------- */

typedef struct bd_remote bd_remote_t;
/* A shared cache tier over plain HTTP GET/PUT/HEAD at base_url/<key>;
 * token (may be NULL) is sent as a bearer token on every request. */
bd_remote_t *bd_remote_create(const char *base_url, uint64_t timeout_ms,
                              const char *token);
/* base_url with the password of any user:password@ masked (malloc'd). */
char *bd_remote_redacted_url(const char *url);
void bd_remote_destroy(bd_remote_t *r);
/* Fetches key's blob; returns 1 and a malloc'd body on success, 0 when
 * absent, negative on error (never fatal to a compile). */
int bd_remote_get(bd_remote_t *r, const char *key, char **body, size_t *len);
int bd_remote_put(bd_remote_t *r, const char *key, const char *body, size_t len);
/* HEAD: 1 when key is stored remotely, 0 when not, negative on error. */
int bd_remote_exists(bd_remote_t *r, const char *key);

/* ---- auth.c ------------------------------------------------------------------ */

/* What a route needs, and what a token grants (ordered: more is more). */
typedef enum bd_access {
  BD_ACCESS_OPEN,   /* no token */
  BD_ACCESS_READ,   /* the read token or the write token */
  BD_ACCESS_WRITE,  /* the write token */
} bd_access_t;

typedef struct bd_auth {
  bool enabled;             /* a write token is set */
  bool open_reads;          /* --allow-unauthenticated-reads */
  bool has_read;            /* a read token is set */
  char write_digest[CACHE_KEY_HEX_LEN + 1]; /* SHA-256 hex of the tokens */
  char read_digest[CACHE_KEY_HEX_LEN + 1];
} bd_auth_t;

struct bd_server;
typedef struct bd_request bd_request_t;
void bd_auth_init(bd_auth_t *a, const bd_config_t *cfg);
/* True when r may use a route that needs `needed`; otherwise answers 401
 * (no or a wrong token) or 403 (a read token on a write route). */
bool bd_auth_allows(struct bd_server *s, bd_request_t *r, bd_access_t needed);

/* ---- cors.c ------------------------------------------------------------------ */

/* The CORS headers ("Name: value\r\n"...) of an answer to a request from
 * origin (its Origin header, may be NULL): malloc'd, or NULL when no origin
 * is configured. public_route: the route needs no token, so "*" covers it.
 * preflight_methods: for a preflight, the route's methods; NULL otherwise. */
char *bd_cors_headers(const bd_config_t *cfg, const char *origin, bool public_route,
                      const char *preflight_methods);

/* ---- playground.c ------------------------------------------------------------ */

/* A static file built into the binary (server/playground/, embedded by
 * server/playground/embed.cmake). */
typedef struct bd_asset {
  const char *name;          /* path under server/playground/ */
  const char *media_type;
  const char *etag;          /* quoted, from the file's SHA-256 */
  const unsigned char *data;
  size_t len;
} bd_asset_t;
extern const bd_asset_t bd_playground_assets[];
extern const unsigned bd_playground_num_assets;

/* GET|HEAD / and /playground/{file}: the browser playground. */
void bd_playground_serve(bd_request_t *r, const char *path);
/* GET|HEAD /v1/examples: the example programs the playground offers. */
void bd_playground_examples(bd_request_t *r);

/* ---- peers.c ----------------------------------------------------------------- */

/* Open connections per client address (loop thread only). */
#define BD_PEER_ADDRESS_LEN 64 /* an IPv6 address as text, with room */
typedef struct bd_peers bd_peers_t;
bd_peers_t *bd_peers_create(void);
void bd_peers_destroy(bd_peers_t *p);
/* Counts one more connection from address; returns how many it has now. */
uint32_t bd_peers_add(bd_peers_t *p, const char *address);
void bd_peers_remove(bd_peers_t *p, const char *address);

/* ---- server.c / http.c ------------------------------------------------------- */

typedef struct bd_memcache bd_memcache_t;

typedef struct bd_server {
  bd_config_t *cfg;
  uv_loop_t *loop;
  uv_tcp_t listener;
  uv_signal_t sigterm, sigint;
  cache_t *cache;
  bd_remote_t *remote;
  bd_pool_t *pool;
  bd_memcache_t *memcache;
  bd_metrics_t metrics;
  bd_auth_t auth;
  bool draining;            /* SIGTERM seen: readyz fails, no new compiles */
  int open_connections;
  int rejecting;            /* of those, refused ones being closed */
  bd_peers_t *peers;        /* open connections per client address */
  uint64_t rejected_unlogged; /* rejections since the last log line */
  uint64_t last_reject_log_ms;
  int inflight_requests;
  int pending_writes;       /* responses queued on sockets, not yet written */
  uint64_t next_request_id;
  bd_inflight_t *inflight_jobs; /* every job in flight, newest first; a
                                 * compile request with the request_hash of
                                 * a compile here waits on it; loop only */
  uint64_t started_ms;
  char cache_db_path[4200];
  char cache_unavailable[4400]; /* why s->cache is NULL ("" when open) */
  uint64_t cache_damaged;       /* damaged databases moved aside at start */
  uint64_t cache_warned_ms;     /* last degraded-cache warning (atomic) */
  uv_timer_t cache_health_timer;
} bd_server_t;

/* One parsed HTTP request and the state to answer it (declared above). */

/* Routes a complete request; the handler answers now or later through
 * bd_respond (always exactly once). */
void bd_route(bd_server_t *s, bd_request_t *r);

/* Accessors for handlers. */
const char *bd_request_method(const bd_request_t *r);
const char *bd_request_path(const bd_request_t *r);
/* The body, handed over (malloc'd, NUL-terminated): the request keeps
 * none after this. */
char *bd_request_take_body(bd_request_t *r, size_t *len);
/* The url after '?' (before any '#'), or "". */
const char *bd_request_query(const bd_request_t *r);
const char *bd_request_header(const bd_request_t *r, const char *name);
const char *bd_request_body(const bd_request_t *r, size_t *len);
const char *bd_request_id(const bd_request_t *r);
bool bd_request_is_head(const bd_request_t *r);
/* Sends the response; extra_headers is "Name: value\r\n..." or NULL. The
 * body is copied. */
void bd_respond(bd_request_t *r, int status, const char *content_type,
                const char *body, size_t len, const char *extra_headers);
/* bd_respond with a malloc'd body handed over: written from where it is
 * (no copy of an artifact of hundreds of megabytes) and freed after. */
void bd_respond_take(bd_request_t *r, int status, const char *content_type, char *body,
                     size_t len, const char *extra_headers);
/* A JSON error body per schema/error.schema.json. */
void bd_respond_error(bd_request_t *r, int status, const char *code,
                      const char *message, json_t *diagnostics,
                      const char *extra_headers);
/* Headers every answer to r carries besides its own (the CORS headers);
 * takes headers (malloc'd, may be NULL). */
void bd_request_take_common_headers(bd_request_t *r, char *headers);
/* Keeps r alive past its handler (for async answers). */
void bd_request_retain(bd_request_t *r);
void bd_request_release(bd_request_t *r);

int bd_http_listen(bd_server_t *s);
void bd_http_stop_listening(bd_server_t *s);

/* ---- compile_request.c ------------------------------------------------------- */

/* Fills job from the body of POST /v1/compile or /v1/explain: the JSON
 * request, or the MLIR text with the other fields in the query string
 * (Content-Type application/mlir, text/x-mlir or text/plain). False after
 * answering 400. */
bool bd_parse_compile_request(bd_request_t *r, bd_job_t *job);
/* The hash identical compile requests share (the memory cache's key, and
 * how requests in flight at once find each other). */
void bd_compile_request_hash(const bd_request_t *r, char hash[CACHE_KEY_HEX_LEN + 1]);

/* ---- cache_health.c ---------------------------------------------------------- */

/* Opens the cache directory and database, logging a damaged database moved
 * aside; when it cannot be used, leaves s->cache NULL (serve uncached) and
 * says why in s->cache_unavailable. Starts the degraded-cache warnings. */
void bd_cache_open(bd_server_t *s);
/* True when the cache is unavailable or degraded; why (a sentence) goes to
 * why[0..len). Any thread. */
bool bd_cache_degraded(bd_server_t *s, char *why, size_t len);
/* Logs a warning when the cache is degraded, at most once a minute (any
 * thread; workers call it when a cache write fails). */
void bd_cache_log_degraded(bd_server_t *s);

/* ---- memcache.c ---------------------------------------------------------------- */

/* The loop thread's response cache: request hash -> (key, response JSON). */
bd_memcache_t *bd_memcache_create(uint64_t max_bytes);
void bd_memcache_destroy(bd_memcache_t *m);
const char *bd_memcache_get(bd_memcache_t *m, const char *request_hash,
                            size_t *len, const char **key);
void bd_memcache_put(bd_memcache_t *m, const char *request_hash,
                     const char *key, const char *response, size_t len);

#endif /* BUFFERD_H */
