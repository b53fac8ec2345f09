/*
 * config.c: bufferd's settings, from four sources in increasing precedence:
 * built-in defaults, a JSON config file (--config FILE or $BUFFERD_CONFIG),
 * environment variables (BUFFERD_<NAME>, e.g. BUFFERD_CACHE_DIR), and the
 * command line (--cache-dir DIR or --cache-dir=DIR). Every setting is one
 * row of the table below, so the four sources cannot drift apart.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bufferd.h"

typedef enum setting_kind {
  SET_LISTEN,   /* HOST:PORT */
  SET_STRING,
  SET_TOKEN_FILE,
  SET_INT,
  SET_U64,
  SET_I64,
  SET_BOOL,
  SET_ORIGINS,  /* repeatable; each value a comma-separated list */
} setting_kind_t;

typedef struct setting {
  const char *name;      /* flag name without "--"; config-file key */
  setting_kind_t kind;
  size_t offset;         /* into bd_config_t */
  const char *help;
} setting_t;

#define FIELD(f) offsetof(bd_config_t, f)

static const setting_t settings[] = {
    {"listen", SET_LISTEN, 0, "HOST:PORT to listen on (default 127.0.0.1:8080; port 0 picks one)"},
    {"cache-dir", SET_STRING, FIELD(cache_dir), "directory of the SQLite cache (default: per-user cache dir)"},
    {"remote-cache", SET_STRING, FIELD(remote_cache), "base URL of a shared HTTP cache tier (GET/PUT)"},
    {"token-file", SET_TOKEN_FILE, FIELD(token), "file holding the write token: with it set, every route but /healthz and /readyz needs a bearer token; this one compiles and reads"},
    {"read-token-file", SET_TOKEN_FILE, FIELD(read_token), "file holding a read-only token: fetches artifacts and keys, explains, reads /metrics, /v1/version and /v1/pipelines, never compiles (needs --token-file)"},
    {"allow-unauthenticated-reads", SET_BOOL, FIELD(allow_unauthenticated_reads), "with tokens set, let requests without one read (artifacts, keys, explain, metrics); compiles still need the write token"},
    {"remote-token-file", SET_TOKEN_FILE, FIELD(remote_token), "file holding a bearer token the remote tier is sent (Authorization: Bearer); user:password in --remote-cache's URL sends basic auth instead"},
    {"workers", SET_INT, FIELD(workers), "compile worker threads (default: number of cores)"},
    {"queue-size", SET_INT, FIELD(queue_size), "compiles that may wait before 503 (default 256)"},
    {"max-body-bytes", SET_U64, FIELD(max_body_bytes), "largest request body (default 2 GiB, as max-compile-bytes: a model's weights travel in it)"},
    {"max-header-bytes", SET_U64, FIELD(max_header_bytes), "largest request head (default 16 KiB)"},
    {"max-headers", SET_INT, FIELD(max_headers), "most header fields in one request; 431 above (default 100)"},
    {"max-connections", SET_INT, FIELD(max_connections), "open connections; new ones get 503 above (default: the open-file limit less room for the cache and workers)"},
    {"max-connections-per-client", SET_INT, FIELD(max_connections_per_client), "open connections from one client address; 503 above (default: half of max-connections; behind a load balancer set it to max-connections)"},
    {"first-byte-timeout-ms", SET_U64, FIELD(first_byte_timeout_ms), "a new connection that sends nothing is closed after (default 5000)"},
    {"max-ops", SET_U64, FIELD(max_ops), "largest program in ops; 413 above (default 1000000)"},
    {"max-depth", SET_INT, FIELD(max_depth), "deepest region nesting; 413 above (default 128)"},
    {"max-pipeline-bytes", SET_U64, FIELD(max_pipeline_bytes), "longest pipeline text; 413 above (default 16384, at most 65536)"},
    {"max-pipeline-passes", SET_INT, FIELD(max_pipeline_passes), "most passes in a pipeline, over every nesting level; 413 above (default 256, at most 1024)"},
    {"max-pipeline-depth", SET_INT, FIELD(max_pipeline_depth), "deepest nesting of pipeline anchors; 413 above (default 8, at most 32)"},
    {"max-compile-bytes", SET_U64, FIELD(max_compile_bytes), "memory one compile's IR may hold, checked between passes and artifacts; 413 above (default 2 GiB; 0: none)"},
    {"compile-timeout-ms", SET_U64, FIELD(compile_timeout_ms), "compile deadline, runs included: 504 after; the compile itself stops at its next pass (default 30000)"},
    {"run-max-steps", SET_U64, FIELD(run_max_steps), "run artifact: ops the interpreter may execute before 422 (default 100000000)"},
    {"run-max-bytes", SET_U64, FIELD(run_max_bytes), "run artifact: bytes its buffers may hold at once before 413 (default 1 GiB)"},
    {"run-timeout-ms", SET_U64, FIELD(run_timeout_ms), "run artifact: wall time of the interpreter before 504 (default 10000; 0: only compile-timeout-ms)"},
    {"idle-timeout-ms", SET_U64, FIELD(idle_timeout_ms), "idle keep-alive connections close after (default 60000)"},
    {"header-timeout-ms", SET_U64, FIELD(header_timeout_ms), "a started request must arrive within (default 10000)"},
    {"cache-max-bytes", SET_U64, FIELD(cache_max_bytes), "bound of the SQLite cache (default 1 GiB; 0: none)"},
    {"cache-check-ms", SET_U64, FIELD(cache_check_ms), "time budget of the cache integrity check at start-up (default 1000; 0: none)"},
    {"evict-older-than", SET_I64, FIELD(evict_older_than_s), "drop cache entries unused for this many seconds at start-up (0: never)"},
    {"failed-ttl", SET_I64, FIELD(failed_ttl_s), "seconds failed compiles stay cached (default 60)"},
    {"memory-cache-bytes", SET_U64, FIELD(memory_cache_bytes), "in-memory response cache (default 64 MiB; 0: off)"},
    {"remote-timeout-ms", SET_U64, FIELD(remote_timeout_ms), "remote tier timeout (default 2000)"},
    {"cors-origin", SET_ORIGINS, 0, "an origin (scheme://host[:port]) whose web pages may call the API from the browser; repeat it or give a comma-separated list. \"*\" lets any page use the routes that need no token (probes, and reads without --token-file or with --allow-unauthenticated-reads); compiling from another origin always needs the origin named. Preflight OPTIONS is answered on every route (default: none)"},
    {"port-file", SET_STRING, FIELD(port_file), "write the bound port to this file once listening"},
    {"quiet", SET_BOOL, FIELD(quiet), "log only warnings and errors"},
};
#define NUM_SETTINGS (sizeof settings / sizeof settings[0])

static void usage(FILE *out) {
  fprintf(out, "usage: bufferd [--config FILE] [settings]\n\nsettings (also BUFFERD_<NAME> "
               "in the environment and keys of the JSON config file):\n");
  for (size_t i = 0; i < NUM_SETTINGS; i++) {
    /* The name, then its help wrapped at 79 columns under a 27-column
     * indent (a long name pushes its help to the next line). */
    int col = fprintf(out, "  --%s", settings[i].name);
    const char *w = settings[i].help;
    while (*w) {
      size_t n = strcspn(w, " ");
      if (col > 27 && col + 1 + (int)n > 79) {
        fputc('\n', out);
        col = 0;
      }
      col += fprintf(out, "%*s%.*s", col < 27 ? 27 - col : 1, "", (int)n, w);
      w += n;
      while (*w == ' ')
        w++;
    }
    fputc('\n', out);
  }
}

static char *default_cache_dir(void) {
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  char buf[4096];
  if (xdg && *xdg)
    snprintf(buf, sizeof buf, "%s/bufferd", xdg);
  else if (home && *home)
    snprintf(buf, sizeof buf, "%s/.cache/bufferd", home);
  else
    snprintf(buf, sizeof buf, "/tmp/bufferd-%d", (int)getuid());
  return strdup(buf);
}

static void set_defaults(bd_config_t *c) {
  memset(c, 0, sizeof *c);
  c->listen_host = strdup("127.0.0.1");
  c->listen_port = 8080;
  c->cache_dir = default_cache_dir();
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  c->workers = cores > 0 ? (int)cores : 2;
  c->queue_size = 256;
  /* A model's weights come in the program (dense_resource blobs, twice
   * their bytes as hex): a body as large as a compile may hold. */
  c->max_body_bytes = 2ull << 30;
  c->max_header_bytes = 16u << 10;
  c->max_headers = 100;
  c->first_byte_timeout_ms = 5000;
  c->max_ops = 1000000;
  c->max_depth = 128;
  c->max_pipeline_bytes = 16384;
  c->max_pipeline_passes = 256;
  c->max_pipeline_depth = 8;
  c->max_compile_bytes = 2ull << 30;
  c->compile_timeout_ms = 30000;
  c->run_max_steps = 100000000;
  c->run_max_bytes = 1ull << 30;
  c->run_timeout_ms = 10000;
  c->idle_timeout_ms = 60000;
  c->header_timeout_ms = 10000;
  c->cache_max_bytes = 1ull << 30;
  c->cache_check_ms = 1000;
  c->failed_ttl_s = 60;
  c->memory_cache_bytes = 64u << 20;
  c->remote_timeout_ms = 2000;
}

/* True for "*" and for a serialized origin as browsers send it in Origin:
 * scheme "://" host, an optional ":port", no path, no trailing slash. */
static bool origin_is_valid(const char *o, size_t n) {
  if (n == 1 && o[0] == '*')
    return true;
  const char *sep = NULL;
  for (size_t i = 0; i + 3 <= n && !sep; i++)
    if (o[i] == ':' && o[i + 1] == '/' && o[i + 2] == '/')
      sep = o + i;
  if (!sep || sep == o || n > 512)
    return false;
  for (const char *p = o; p < sep; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '+' ||
          *p == '-' || *p == '.'))
      return false;
  const char *host = sep + 3;
  if (host == o + n)
    return false;
  for (const char *p = host; p < o + n; p++)
    if (*p == '/' || *p == '?' || *p == '#' || *p == '@' || *p == ' ' || *p == '*')
      return false;
  return true;
}

/* Adds the comma-separated origins of value to c->cors_origins. */
static bool add_origins(bd_config_t *c, const char *value, const char *source) {
  const char *p = value;
  while (*p) {
    while (*p == ' ' || *p == ',')
      p++;
    size_t n = strcspn(p, ", ");
    if (n == 0)
      break;
    if (!origin_is_valid(p, n)) {
      fprintf(stderr,
              "bufferd: %s: invalid origin '%.*s' for cors-origin: expected \"*\" or "
              "scheme://host[:port] without a path, e.g. http://localhost:3000\n",
              source, (int)n, p);
      return false;
    }
    char **grown = realloc(c->cors_origins, (c->num_cors_origins + 2) * sizeof *grown);
    if (!grown)
      return false;
    c->cors_origins = grown;
    c->cors_origins[c->num_cors_origins++] = strndup(p, n);
    c->cors_origins[c->num_cors_origins] = NULL;
    p += n;
  }
  return true;
}

/* Applies one value; returns false after printing what is wrong with it. */
static bool apply(bd_config_t *c, const setting_t *s, const char *value,
                  const char *source) {
  char *end = NULL;
  void *field = (char *)c + s->offset;
  errno = 0;
  switch (s->kind) {
  case SET_LISTEN: {
    const char *colon = strrchr(value, ':');
    long port = colon ? strtol(colon + 1, &end, 10) : -1;
    if (!colon || colon == value || *end || port < 0 || port > 65535)
      goto bad;
    free(c->listen_host);
    c->listen_host = strndup(value, (size_t)(colon - value));
    if (c->listen_host[0] == '[') { /* [::1]:8080 */
      size_t n = strlen(c->listen_host);
      memmove(c->listen_host, c->listen_host + 1, n);
      if (n >= 2 && c->listen_host[n - 2] == ']')
        c->listen_host[n - 2] = 0;
    }
    c->listen_port = (int)port;
    return true;
  }
  case SET_STRING:
    free(*(char **)field);
    *(char **)field = *value ? strdup(value) : NULL;
    return true;
  case SET_TOKEN_FILE: {
    FILE *f = fopen(value, "r");
    if (!f) {
      fprintf(stderr, "bufferd: %s: cannot read token file '%s': %s\n", source, value,
              strerror(errno));
      return false;
    }
    char buf[1024];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' '))
      buf[--n] = 0;
    if (n == 0) {
      fprintf(stderr, "bufferd: %s: token file '%s' is empty\n", source, value);
      return false;
    }
    free(*(char **)field);
    *(char **)field = strdup(buf);
    return true;
  }
  case SET_INT: {
    long v = strtol(value, &end, 10);
    if (!*value || *end || errno || v < 0 || v > 1000000)
      goto bad;
    if (s->offset == FIELD(max_depth))
      c->max_depth = (uint32_t)v;
    else if (s->offset == FIELD(max_pipeline_passes))
      c->max_pipeline_passes = (uint32_t)v;
    else if (s->offset == FIELD(max_pipeline_depth))
      c->max_pipeline_depth = (uint32_t)v;
    else if (s->offset == FIELD(max_headers))
      c->max_headers = (uint32_t)v;
    else
      *(int *)field = (int)v;
    return true;
  }
  case SET_U64: {
    unsigned long long v = strtoull(value, &end, 10);
    if (!*value || *end || errno || value[0] == '-')
      goto bad;
    *(uint64_t *)field = v;
    return true;
  }
  case SET_I64: {
    long long v = strtoll(value, &end, 10);
    if (!*value || *end || errno)
      goto bad;
    *(int64_t *)field = v;
    return true;
  }
  case SET_ORIGINS:
    return add_origins(c, value, source);
  case SET_BOOL:
    if (!strcmp(value, "true") || !strcmp(value, "1") || !*value)
      *(bool *)field = true;
    else if (!strcmp(value, "false") || !strcmp(value, "0"))
      *(bool *)field = false;
    else
      goto bad;
    return true;
  }
bad:
  fprintf(stderr, "bufferd: %s: invalid value '%s' for %s\n", source, value, s->name);
  return false;
}

static const setting_t *find(const char *name, size_t n) {
  for (size_t i = 0; i < NUM_SETTINGS; i++)
    if (strlen(settings[i].name) == n && strncmp(settings[i].name, name, n) == 0)
      return &settings[i];
  return NULL;
}

static bool load_file(bd_config_t *c, const char *path) {
  json_error_t err;
  json_t *o = json_load_file(path, 0, &err);
  if (!o) {
    fprintf(stderr, "bufferd: %s:%d:%d: %s\n", path, err.line, err.column, err.text);
    return false;
  }
  if (!json_is_object(o)) {
    fprintf(stderr, "bufferd: %s: the config file must hold a JSON object\n", path);
    json_decref(o);
    return false;
  }
  bool ok = true;
  const char *key;
  json_t *v;
  json_object_foreach(o, key, v) {
    const setting_t *s = find(key, strlen(key));
    if (!s) {
      fprintf(stderr, "bufferd: %s: unknown setting '%s'\n", path, key);
      ok = false;
      continue;
    }
    char buf[64];
    const char *text;
    if (json_is_string(v))
      text = json_string_value(v);
    else if (json_is_integer(v))
      text = (snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(v)), buf);
    else if (json_is_boolean(v))
      text = json_is_true(v) ? "true" : "false";
    else {
      fprintf(stderr, "bufferd: %s: setting '%s' must be a string, integer or boolean\n",
              path, key);
      ok = false;
      continue;
    }
    ok = apply(c, s, text, path) && ok;
  }
  json_decref(o);
  return ok;
}

int bd_config_load(bd_config_t *c, int argc, char **argv) {
  set_defaults(c);
  const char *config_file = getenv("BUFFERD_CONFIG");
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return 0;
    }
    if (!strcmp(argv[i], "--version")) {
      printf("bufferd %s\n", BD_VERSION);
      return 0;
    }
    if (!strcmp(argv[i], "--config") && i + 1 < argc)
      config_file = argv[i + 1];
    else if (!strncmp(argv[i], "--config=", 9))
      config_file = argv[i] + 9;
  }
  if (config_file && *config_file && !load_file(c, config_file))
    return 2;
  for (size_t i = 0; i < NUM_SETTINGS; i++) {
    char env[64] = "BUFFERD_";
    size_t n = strlen(env);
    for (const char *p = settings[i].name; *p && n < sizeof env - 1; p++)
      env[n++] = *p == '-' ? '_' : (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
    env[n] = 0;
    const char *v = getenv(env);
    if (v && !apply(c, &settings[i], v, env))
      return 2;
  }
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "--", 2) != 0) {
      fprintf(stderr, "bufferd: unexpected argument '%s' (see --help)\n", a);
      return 2;
    }
    a += 2;
    const char *eq = strchr(a, '=');
    size_t n = eq ? (size_t)(eq - a) : strlen(a);
    if (n == 6 && !strncmp(a, "config", 6)) {
      if (!eq)
        i++;
      continue;
    }
    const setting_t *s = find(a, n);
    if (!s) {
      fprintf(stderr, "bufferd: unknown option '%s' (see --help)\n", argv[i]);
      return 2;
    }
    const char *value = eq ? eq + 1 : NULL;
    if (!value && s->kind == SET_BOOL)
      value = "true";
    if (!value) {
      if (i + 1 >= argc) {
        fprintf(stderr, "bufferd: option '--%s' needs a value\n", s->name);
        return 2;
      }
      value = argv[++i];
    }
    if (!apply(c, s, value, "command line"))
      return 2;
  }
  if (c->read_token && !c->token) {
    fprintf(stderr, "bufferd: --read-token-file needs --token-file: a read-only token "
                    "alone would leave compiles open to anyone\n");
    return 2;
  }
  if (c->read_token && strcmp(c->read_token, c->token) == 0) {
    fprintf(stderr, "bufferd: the read token and the write token must differ\n");
    return 2;
  }
  if (c->workers < 1)
    c->workers = 1;
  if (c->queue_size < 1)
    c->queue_size = 1;
  return -1;
}

void bd_config_free(bd_config_t *c) {
  free(c->listen_host);
  free(c->cache_dir);
  free(c->remote_cache);
  free(c->token);
  free(c->read_token);
  free(c->remote_token);
  free(c->port_file);
  for (uint32_t i = 0; i < c->num_cors_origins; i++)
    free(c->cors_origins[i]);
  free(c->cors_origins);
  memset(c, 0, sizeof *c);
}
