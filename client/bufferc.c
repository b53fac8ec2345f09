/*
 * bufferc: the thin command-line client of bufferd (libcurl + jansson; no
 * compiler inside).
 *
 *   bufferc compile FILE... [--emit memref,json] [--pipeline P] [-o DIR]
 *                           [--server URL] [-j N]
 *   bufferc get KEY [--emit NAMES] [-o DIR]
 *   bufferc explain FILE [--pipeline P] [--emit NAMES]
 *   bufferc stats
 *
 * Exit status: 0 ok, 1 program error (diagnostics printed like a compiler's:
 * file:line:col, the source line, a caret), 2 usage error, 3 server
 * unreachable or answering with a server error. A 503 is retried after its
 * Retry-After (a few times). `explain` remembers the key components of each
 * file's last explained or compiled request under $XDG_CACHE_HOME/bufferc
 * and says which component changed when a key differs.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <curl/curl.h>
#include <jansson.h>
#include <openssl/evp.h>

enum { BC_OK = 0, BC_PROGRAM_ERROR = 1, BC_USAGE = 2, BC_UNREACHABLE = 3 };

typedef struct bc_options {
  const char *server;
  const char *pipeline;
  const char *out_dir;
  const char *emit;       /* comma-separated */
  int jobs;
  const char *token;
  char **files;
  int num_files;
} bc_options_t;

typedef struct bc_response {
  long status;
  char *body;
  size_t len;
  long retry_after;
  char cache[8];          /* X-Cache */
} bc_response_t;

static size_t on_body(char *p, size_t size, size_t n, void *user) {
  bc_response_t *r = user;
  size_t add = size * n;
  char *grown = realloc(r->body, r->len + add + 1);
  if (!grown)
    return 0;
  memcpy(grown + r->len, p, add);
  r->len += add;
  grown[r->len] = 0;
  r->body = grown;
  return add;
}

static size_t on_header(char *p, size_t size, size_t n, void *user) {
  bc_response_t *r = user;
  size_t len = size * n;
  if (len > 12 && strncasecmp(p, "Retry-After:", 12) == 0)
    r->retry_after = strtol(p + 12, NULL, 10);
  if (len > 8 && strncasecmp(p, "X-Cache:", 8) == 0)
    sscanf(p + 8, " %7s", r->cache);
  return len;
}

/* One HTTP exchange; retries 503s that carry Retry-After. Returns 0 or
 * BC_UNREACHABLE. */
static int http(const bc_options_t *o, const char *method, const char *path,
                const char *body, bc_response_t *r) {
  char url[2048];
  snprintf(url, sizeof url, "%s%s", o->server, path);
  for (int attempt = 0;; attempt++) {
    memset(r, 0, sizeof *r);
    CURL *h = curl_easy_init();
    struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
    char auth[1100];
    if (o->token) {
      snprintf(auth, sizeof auth, "Authorization: Bearer %s", o->token);
      headers = curl_slist_append(headers, auth);
    }
    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, r);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 600000L);
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    if (body)
      curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
    CURLcode rc = curl_easy_perform(h);
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(h);
    if (rc != CURLE_OK) {
      fprintf(stderr, "bufferc: cannot reach %s: %s\n", o->server, curl_easy_strerror(rc));
      return BC_UNREACHABLE;
    }
    if (r->status == 503 && r->retry_after > 0 && attempt < 5) {
      free(r->body);
      sleep((unsigned)(r->retry_after < 30 ? r->retry_after : 30));
      continue;
    }
    return BC_OK;
  }
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)(n < 0 ? 0 : n) + 1);
  size_t got = fread(buf, 1, (size_t)(n < 0 ? 0 : n), f);
  fclose(f);
  buf[got] = 0;
  *len = got;
  return buf;
}

/* Prints a diagnostic like a compiler, with the source line and a caret. */
static void print_diagnostic(const char *file, const char *source, json_t *d,
                             const char *severity_override) {
  const char *sev = severity_override ? severity_override
                                      : json_string_value(json_object_get(d, "severity"));
  long line = (long)json_integer_value(json_object_get(d, "line"));
  long col = (long)json_integer_value(json_object_get(d, "col"));
  const char *msg = json_string_value(json_object_get(d, "message"));
  fprintf(stderr, "%s:%ld:%ld: %s: %s\n", file, line, col, sev ? sev : "error",
          msg ? msg : "");
  if (source && line > 0) {
    const char *p = source;
    for (long l = 1; l < line && p; l++) {
      p = strchr(p, '\n');
      if (p)
        p++;
    }
    if (p) {
      size_t n = strcspn(p, "\n");
      fprintf(stderr, "%.*s\n%*s^\n", (int)n, p, (int)(col > 1 ? col - 1 : 0), "");
    }
  }
  json_t *notes = json_object_get(d, "notes");
  size_t i;
  json_t *note;
  json_array_foreach(notes, i, note) print_diagnostic(file, source, note, "note");
}

static void print_error_body(const char *file, const char *source,
                             const bc_response_t *r) {
  json_error_t jerr;
  json_t *doc = json_loadb(r->body ? r->body : "", r->len, 0, &jerr);
  json_t *err = json_object_get(doc, "error");
  json_t *diags = json_object_get(err, "diagnostics");
  if (json_array_size(diags) > 0) {
    size_t i;
    json_t *d;
    json_array_foreach(diags, i, d) print_diagnostic(file, source, d, NULL);
  } else {
    fprintf(stderr, "%s: error: %s (HTTP %ld)\n", file,
            err ? json_string_value(json_object_get(err, "message")) : "unexpected response",
            r->status);
  }
  json_decref(doc);
}

/* The request body for FILE: its text (or its JSON form for .json files). */
static char *request_body(const bc_options_t *o, const char *source, bool is_json) {
  json_t *req = json_object();
  if (is_json) {
    json_error_t jerr;
    json_t *program = json_loads(source, 0, &jerr);
    json_object_set_new(req, "program", program ? program : json_string(source));
  } else {
    json_object_set_new(req, "program", json_string(source));
  }
  if (o->pipeline)
    json_object_set_new(req, "pipeline", json_string(o->pipeline));
  json_t *arts = json_array();
  const char *e = o->emit ? o->emit : "memref";
  while (*e) {
    size_t n = strcspn(e, ",");
    if (n)
      json_array_append_new(arts, json_stringn(e, n));
    e += n + (e[n] == ',');
  }
  json_object_set_new(req, "artifacts", arts);
  char *s = json_dumps(req, JSON_COMPACT);
  json_decref(req);
  return s;
}

static const char *extension_of(const char *artifact) {
  static const struct { const char *name, *ext; } table[] = {
      {"memref", ".memref.mlir"}, {"json", ".json"},  {"llvm", ".ll"},
      {"obj", ".o"},              {"ptx", ".ptx"},    {"report", ".report.json"},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(table[i].name, artifact) == 0)
      return table[i].ext;
  return ".out";
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* Writes every artifact of a response to DIR/<stem><ext>, or prints the only
 * one to stdout when no directory is given. */
static int write_artifacts(const bc_options_t *o, const char *stem, json_t *arts) {
  const char *name;
  json_t *v;
  if (!o->out_dir) {
    if (json_object_size(arts) != 1) {
      fprintf(stderr, "bufferc: several artifacts: give -o DIR\n");
      return BC_USAGE;
    }
    json_object_foreach(arts, name, v) fputs(json_string_value(v), stdout);
    return BC_OK;
  }
  mkdir(o->out_dir, 0755);
  json_object_foreach(arts, name, v) {
    char path[4096];
    char clean[256];
    snprintf(clean, sizeof clean, "%s", stem);
    char *dot = strrchr(clean, '.');
    if (dot && (strcmp(dot, ".mlir") == 0 || strcmp(dot, ".json") == 0))
      *dot = 0;
    snprintf(path, sizeof path, "%s/%s%s", o->out_dir, clean, extension_of(name));
    FILE *f = fopen(path, "wb");
    if (!f) {
      fprintf(stderr, "bufferc: cannot write %s: %s\n", path, strerror(errno));
      return BC_USAGE;
    }
    fwrite(json_string_value(v), 1, json_string_length(v), f);
    fclose(f);
  }
  return BC_OK;
}

/* ---- compile ---- */

typedef struct compile_state {
  const bc_options_t *o;
  pthread_mutex_t lock;
  int next;
  int done;
  int worst;
  bool progress;
  int hits;
} compile_state_t;

static int compile_one(compile_state_t *st, const char *file) {
  const bc_options_t *o = st->o;
  size_t len;
  char *source = read_file(file, &len);
  if (!source) {
    pthread_mutex_lock(&st->lock);
    fprintf(stderr, "bufferc: cannot read %s: %s\n", file, strerror(errno));
    pthread_mutex_unlock(&st->lock);
    return BC_USAGE;
  }
  size_t n = strlen(file);
  bool is_json = n > 5 && strcmp(file + n - 5, ".json") == 0;
  char *body = request_body(o, source, is_json);
  bc_response_t r;
  int rc = http(o, "POST", "/v1/compile", body, &r);
  free(body);
  pthread_mutex_lock(&st->lock);
  if (rc == BC_OK) {
    if (r.status == 200) {
      json_error_t jerr;
      json_t *doc = json_loadb(r.body, r.len, 0, &jerr);
      rc = write_artifacts(o, base_name(file), json_object_get(doc, "artifacts"));
      json_t *diags = json_object_get(doc, "diagnostics");
      size_t i;
      json_t *d;
      json_array_foreach(diags, i, d) print_diagnostic(file, source, d, NULL);
      if (strcmp(r.cache, "HIT") == 0)
        st->hits++;
      json_decref(doc);
    } else if (r.status == 422 || r.status == 400 || r.status == 413) {
      print_error_body(file, source, &r);
      rc = r.status == 422 ? BC_PROGRAM_ERROR : BC_USAGE;
    } else {
      print_error_body(file, source, &r);
      rc = BC_UNREACHABLE;
    }
  }
  st->done++;
  if (st->progress) {
    int width = 30, filled = width * st->done / st->o->num_files;
    fprintf(stderr, "\r[%.*s%*s] %d/%d compiled, %d cache hits", filled,
            "##############################", width - filled, "", st->done,
            st->o->num_files, st->hits);
    if (st->done == st->o->num_files)
      fputc('\n', stderr);
  }
  pthread_mutex_unlock(&st->lock);
  free(r.body);
  free(source);
  return rc;
}

static void *compile_worker(void *arg) {
  compile_state_t *st = arg;
  for (;;) {
    pthread_mutex_lock(&st->lock);
    int i = st->next < st->o->num_files ? st->next++ : -1;
    pthread_mutex_unlock(&st->lock);
    if (i < 0)
      return NULL;
    int rc = compile_one(st, st->o->files[i]);
    pthread_mutex_lock(&st->lock);
    /* Unreachable outranks program errors, which outrank success. */
    if (rc == BC_UNREACHABLE || (rc != BC_OK && st->worst != BC_UNREACHABLE && rc > st->worst))
      st->worst = rc;
    pthread_mutex_unlock(&st->lock);
  }
}

static int cmd_compile(bc_options_t *o) {
  if (o->num_files == 0) {
    fprintf(stderr, "bufferc compile: no input files\n");
    return BC_USAGE;
  }
  if (!o->out_dir && o->num_files > 1) {
    fprintf(stderr, "bufferc compile: several files: give -o DIR\n");
    return BC_USAGE;
  }
  compile_state_t st = {.o = o};
  pthread_mutex_init(&st.lock, NULL);
  st.progress = o->num_files > 1 && isatty(STDERR_FILENO);
  int jobs = o->jobs > 0 ? o->jobs : 4;
  if (jobs > o->num_files)
    jobs = o->num_files;
  pthread_t threads[64];
  if (jobs > 64)
    jobs = 64;
  for (int i = 0; i < jobs; i++)
    pthread_create(&threads[i], NULL, compile_worker, &st);
  for (int i = 0; i < jobs; i++)
    pthread_join(threads[i], NULL);
  return st.worst;
}

/* ---- get ---- */

static int cmd_get(bc_options_t *o) {
  if (o->num_files != 1) {
    fprintf(stderr, "bufferc get: expected one KEY\n");
    return BC_USAGE;
  }
  const char *key = o->files[0];
  char path[256];
  snprintf(path, sizeof path, "/v1/artifacts/%.64s", key);
  bc_response_t r;
  if (http(o, "GET", path, NULL, &r) != BC_OK)
    return BC_UNREACHABLE;
  int rc = BC_OK;
  if (r.status == 200) {
    json_error_t jerr;
    json_t *doc = json_loadb(r.body, r.len, 0, &jerr);
    json_t *arts = json_object_get(doc, "artifacts");
    if (o->emit) { /* keep only the named artifacts */
      json_t *keep = json_object();
      const char *e = o->emit;
      while (*e) {
        size_t n = strcspn(e, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)n, e);
        json_t *v = json_object_get(arts, name);
        if (!v) {
          fprintf(stderr, "bufferc get: key %s has no artifact '%s'\n", key, name);
          rc = BC_PROGRAM_ERROR;
        } else {
          json_object_set(keep, name, v);
        }
        e += n + (e[n] == ',');
      }
      arts = keep;
    } else {
      json_incref(arts);
    }
    if (rc == BC_OK)
      rc = write_artifacts(o, key, arts);
    json_decref(arts);
    json_decref(doc);
  } else if (r.status == 404) {
    fprintf(stderr, "bufferc get: no artifacts are stored under %s\n", key);
    rc = BC_PROGRAM_ERROR;
  } else {
    print_error_body(key, NULL, &r);
    rc = BC_UNREACHABLE;
  }
  free(r.body);
  return rc;
}

/* ---- explain ---- */

static char *state_path(const char *file) {
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  char dir[2048];
  if (xdg && *xdg)
    snprintf(dir, sizeof dir, "%s/bufferc", xdg);
  else
    snprintf(dir, sizeof dir, "%s/.cache/bufferc", home ? home : "/tmp");
  char parent[2048];
  snprintf(parent, sizeof parent, "%s", dir);
  char *slash = strrchr(parent, '/');
  if (slash) {
    *slash = 0;
    mkdir(parent, 0755);
  }
  mkdir(dir, 0755);
  char *abs = realpath(file, NULL);
  unsigned char digest[32];
  unsigned int n = 0;
  const char *id = abs ? abs : file;
  EVP_Digest(id, strlen(id), digest, &n, EVP_sha256(), NULL);
  free(abs);
  char *path = malloc(strlen(dir) + 64);
  sprintf(path, "%s/", dir);
  for (int i = 0; i < 8; i++)
    sprintf(path + strlen(path), "%02x", digest[i]);
  strcat(path, ".json");
  return path;
}

static int cmd_explain(bc_options_t *o) {
  if (o->num_files != 1) {
    fprintf(stderr, "bufferc explain: expected one FILE\n");
    return BC_USAGE;
  }
  const char *file = o->files[0];
  size_t len;
  char *source = read_file(file, &len);
  if (!source) {
    fprintf(stderr, "bufferc: cannot read %s: %s\n", file, strerror(errno));
    return BC_USAGE;
  }
  size_t fl = strlen(file);
  char *body = request_body(o, source, fl > 5 && strcmp(file + fl - 5, ".json") == 0);
  bc_response_t r;
  int rc = http(o, "POST", "/v1/explain", body, &r);
  free(body);
  if (rc != BC_OK) {
    free(source);
    return rc;
  }
  if (r.status != 200) {
    print_error_body(file, source, &r);
    free(source);
    free(r.body);
    return r.status == 422 ? BC_PROGRAM_ERROR : r.status == 400 ? BC_USAGE : BC_UNREACHABLE;
  }
  json_error_t jerr;
  json_t *doc = json_loadb(r.body, r.len, 0, &jerr);
  json_t *parts = json_object_get(doc, "components");
  const char *key = json_string_value(json_object_get(doc, "key"));
  bool cached = json_is_true(json_object_get(doc, "cached"));
  printf("key: %s\n", key);
  printf("cached: %s\n", cached ? "yes (a compile will hit)" : "no (a compile will miss)");
  printf("components:\n");
  static const char *const fields[] = {"key_schema", "compiler_version", "pipeline",
                                       "artifacts", "target_options", "canonical_ir"};
  for (size_t i = 0; i < 6; i++) {
    json_t *v = json_object_get(parts, fields[i]);
    if (json_is_integer(v))
      printf("  %s: %lld\n", fields[i], (long long)json_integer_value(v));
    else if (strcmp(fields[i], "canonical_ir") == 0)
      printf("  canonical_ir: %zu bytes (SSA names, whitespace and comments normalized)\n",
             json_string_length(v));
    else
      printf("  %s: %s\n", fields[i], json_string_value(v) ? json_string_value(v) : "");
  }
  /* Compare with what this file produced last time. */
  char *state = state_path(file);
  json_t *previous = json_load_file(state, 0, &jerr);
  if (previous) {
    const char *old_key = json_string_value(json_object_get(previous, "key"));
    if (old_key && key && strcmp(old_key, key) == 0) {
      printf("since the last explain of this file: the key is unchanged\n");
    } else {
      json_t *old_parts = json_object_get(previous, "components");
      printf("since the last explain of this file the key changed because of:\n");
      for (size_t i = 0; i < 6; i++)
        if (!json_equal(json_object_get(old_parts, fields[i]), json_object_get(parts, fields[i])))
          printf("  - %s\n", fields[i]);
    }
    json_decref(previous);
  }
  json_dump_file(doc, state, JSON_COMPACT);
  free(state);
  json_decref(doc);
  free(r.body);
  free(source);
  return BC_OK;
}

/* ---- stats ---- */

static int cmd_stats(bc_options_t *o) {
  bc_response_t r;
  if (http(o, "GET", "/metrics", NULL, &r) != BC_OK)
    return BC_UNREACHABLE;
  if (r.status != 200) {
    fprintf(stderr, "bufferc stats: HTTP %ld\n", r.status);
    free(r.body);
    return BC_UNREACHABLE;
  }
  static const struct { const char *metric, *label; } rows[] = {
      {"bufferd_compiles_total{result=\"ok\"}", "compiles"},
      {"bufferd_compiles_total{result=\"program_error\"}", "program errors"},
      {"bufferd_compiles_total{result=\"timeout\"}", "timeouts"},
      {"bufferd_compiles_total{result=\"rejected\"}", "rejected (queue full)"},
      {"bufferd_memory_cache_hits_total", "memory cache hits"},
      {"bufferd_cache_hits_total", "cache hits"},
      {"bufferd_cache_misses_total", "cache misses"},
      {"bufferd_cache_corrupt_total", "corrupt entries dropped"},
      {"bufferd_cache_entries", "cache entries"},
      {"bufferd_cache_bytes", "cache bytes"},
      {"bufferd_remote_cache_hits_total", "remote hits"},
      {"bufferd_remote_cache_errors_total", "remote errors"},
      {"bufferd_queue_depth", "queued compiles"},
      {"bufferd_open_connections", "open connections"},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    size_t n = strlen(rows[i].metric);
    for (char *line = r.body; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
      if (strncmp(line, rows[i].metric, n) == 0 && line[n] == ' ') {
        printf("%-26s %s", rows[i].label, line + n + 1);
        char *end = strchr(line + n + 1, '\n');
        if (!end)
          putchar('\n');
        break;
      }
    }
  }
  free(r.body);
  return BC_OK;
}

static void usage(FILE *out) {
  fprintf(out,
          "usage: bufferc compile FILE... [--emit memref,json] [--pipeline P] [-o DIR] [-j N]\n"
          "       bufferc get KEY [--emit NAMES] [-o DIR]\n"
          "       bufferc explain FILE [--pipeline P] [--emit NAMES]\n"
          "       bufferc stats\n"
          "common: --server URL (default $BUFFERD_URL or http://127.0.0.1:8080),\n"
          "        --token-file FILE (bearer token)\n"
          "exit status: 0 ok, 1 program error, 2 usage error, 3 server unreachable\n");
}

static const char *flag_value(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  if (strncmp(argv[*i], name, n) == 0 && argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (strcmp(argv[*i], name) == 0 && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? BC_USAGE : BC_OK;
  }
  const char *cmd = argv[1];
  bc_options_t o = {0};
  o.server = getenv("BUFFERD_URL") ? getenv("BUFFERD_URL") : "http://127.0.0.1:8080";
  o.files = calloc((size_t)argc, sizeof(char *));
  char token[1024];
  for (int i = 2; i < argc; i++) {
    const char *v;
    if ((v = flag_value(argc, argv, &i, "--server"))) o.server = v;
    else if ((v = flag_value(argc, argv, &i, "--pipeline"))) o.pipeline = v;
    else if ((v = flag_value(argc, argv, &i, "--emit"))) o.emit = v;
    else if ((v = flag_value(argc, argv, &i, "-o"))) o.out_dir = v;
    else if ((v = flag_value(argc, argv, &i, "-j"))) o.jobs = atoi(v);
    else if ((v = flag_value(argc, argv, &i, "--token-file"))) {
      FILE *f = fopen(v, "r");
      if (!f || !fgets(token, sizeof token, f)) {
        fprintf(stderr, "bufferc: cannot read token file %s\n", v);
        return BC_USAGE;
      }
      fclose(f);
      token[strcspn(token, "\r\n")] = 0;
      o.token = token;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "bufferc: unknown option '%s'\n", argv[i]);
      usage(stderr);
      return BC_USAGE;
    } else {
      o.files[o.num_files++] = argv[i];
    }
  }
  curl_global_init(CURL_GLOBAL_DEFAULT);
  int rc;
  if (!strcmp(cmd, "compile")) rc = cmd_compile(&o);
  else if (!strcmp(cmd, "get")) rc = cmd_get(&o);
  else if (!strcmp(cmd, "explain")) rc = cmd_explain(&o);
  else if (!strcmp(cmd, "stats")) rc = cmd_stats(&o);
  else {
    fprintf(stderr, "bufferc: unknown command '%s'\n", cmd);
    usage(stderr);
    rc = BC_USAGE;
  }
  curl_global_cleanup();
  free(o.files);
  return rc;
}
