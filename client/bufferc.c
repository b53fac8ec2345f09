/*
 * bufferc: the thin command-line client of bufferd (libcurl + jansson; no
 * compiler inside).
 *
 *   bufferc compile FILE...|- [--emit memref,json,report,run,llvm,obj,ptx]
 *                   [--pipeline P] [--run FUNC [--inputs FILE.json]]
 *                   [--gpu-arch sm_XX] [--llvm-opt-level N] [--run-max-steps N]
 *                   [-o DIR] [--server URL] [-j N]
 *   bufferc get KEY [--emit NAMES] [-o DIR]
 *   bufferc explain FILE [--pipeline P] [--emit NAMES]
 *   bufferc stats [--json]
 *   bufferc --version | --help
 *
 * compile without --emit prints the memref program (with --run: what the
 * function printed and its results) on stdout. With --emit, each artifact
 * is written next to its input (or into -o DIR) as STEM.EXT, STEM being the
 * file name without .mlir/.json and EXT the artifact's extension from GET
 * /v1/pipelines; ptx brings its launch manifest (STEM.manifest.json). The
 * bytes are the server's, so they equal what `buffer-opt` writes for the
 * same program, pipeline and options.
 *
 * Exit status: 0 ok, 1 program error (diagnostics printed like a compiler's:
 * file:line:col, the source line, a caret; also a run stopped by a server
 * limit), 2 usage error, 3 server unreachable or answering with a server
 * error. With several files or artifacts the worst status wins. A 503 is
 * retried after its Retry-After (a few times). `explain` remembers the key
 * components of each file's last explained or compiled request under
 * $XDG_CACHE_HOME/bufferc and says which component changed when a key
 * differs.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <curl/curl.h>
#include <jansson.h>
#include <openssl/evp.h>

/* Only macros: the default pipeline is stated once, in the core. */
#include "buf/compile.h"

#define BC_VERSION "0.2.0"

enum { BC_OK = 0, BC_PROGRAM_ERROR = 1, BC_USAGE = 2, BC_UNREACHABLE = 3 };

typedef struct bc_options {
  const char *server;
  const char *pipeline;
  const char *out_dir;
  const char *emit;       /* comma-separated */
  const char *run_func;   /* --run */
  const char *inputs_file;/* --inputs */
  json_t *inputs;         /* its contents */
  const char *gpu_arch;   /* --gpu-arch */
  int llvm_opt_level;     /* --llvm-opt-level, -ON; -1: the server's default */
  long long run_max_steps;/* --run-max-steps; 0: the server's limit */
  bool run_stats;         /* --run-stats */
  bool json;              /* stats --json */
  bool to_stdout;         /* -o -: the one artifact to stdout */
  int jobs;
  const char *token;
  char **files;
  int num_files;
  json_t *artifact_info;  /* GET /v1/pipelines "artifact_info", fetched once */
} bc_options_t;

typedef struct bc_response {
  long status;
  char *body;
  size_t len;
  long retry_after;
  char cache[8];          /* X-Cache */
  FILE *sink;             /* set: the body goes there, not into body */
  EVP_MD_CTX *digest;     /* with sink: the sha256 of what went there */
  bool sink_failed;
} bc_response_t;

/* An input program. A regular file is mapped, not read: a model of a
 * gigabyte of weights costs no heap and its pages are read as curl sends
 * them. stdin and pipes are read into memory. Not NUL-terminated. */
typedef struct bc_input {
  char *data;
  size_t len;
  bool mapped;
} bc_input_t;

static size_t on_body(char *p, size_t size, size_t n, void *user) {
  bc_response_t *r = user;
  size_t add = size * n;
  if (r->sink) {
    if (fwrite(p, 1, add, r->sink) != add)
      r->sink_failed = true;
    EVP_DigestUpdate(r->digest, p, add);
    r->len += add;
    return r->sink_failed ? 0 : add;
  }
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

/* A request body as curl reads it. The pages of a mapped input that have
 * been sent leave bufferc's resident set (the kernel keeps them in its page
 * cache), so sending a gigabyte of MLIR costs bufferc a few pages. */
typedef struct bc_upload {
  const bc_input_t *body;
  size_t sent;
  size_t released;
} bc_upload_t;

static size_t send_body(char *buf, size_t size, size_t n, void *user) {
  bc_upload_t *u = user;
  size_t take = size * n, left = u->body->len - u->sent;
  if (take > left)
    take = left;
  memcpy(buf, u->body->data + u->sent, take);
  u->sent += take;
  if (u->body->mapped) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t done = u->sent / page * page;
    if (done > u->released) {
      madvise(u->body->data + u->released, done - u->released, MADV_DONTNEED);
      u->released = done;
    }
  }
  return take;
}

/* One HTTP exchange; retries 503s that carry Retry-After. Returns 0 or
 * BC_UNREACHABLE. A sink set in r on entry receives the body (started
 * afresh on a retry). */
static int http(const bc_options_t *o, const char *method, const char *path,
                const char *content_type, const bc_input_t *body, bc_response_t *r) {
  char url[2048];
  snprintf(url, sizeof url, "%s%s", o->server, path);
  FILE *sink = r->sink;
  EVP_MD_CTX *digest = r->digest;
  for (int attempt = 0;; attempt++) {
    memset(r, 0, sizeof *r);
    if (sink) {
      rewind(sink);
      if (ftruncate(fileno(sink), 0) != 0)
        return BC_UNREACHABLE;
      EVP_DigestInit_ex(digest, EVP_sha256(), NULL);
      r->sink = sink;
      r->digest = digest;
    }
    CURL *h = curl_easy_init();
    char type[128];
    snprintf(type, sizeof type, "Content-Type: %s", content_type ? content_type : "application/json");
    struct curl_slist *headers = curl_slist_append(NULL, type);
    char auth[1100];
    if (o->token) {
      snprintf(auth, sizeof auth, "Authorization: Bearer %s", o->token);
      headers = curl_slist_append(headers, auth);
    }
    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, r);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, r);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, 5000L);
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, 600000L);
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    bc_upload_t upload = {.body = body};
    if (body) {
      /* bufferd answers without a 100 Continue: curl would wait a second
       * before sending a large body. */
      headers = curl_slist_append(headers, "Expect:");
      curl_easy_setopt(h, CURLOPT_POST, 1L);
      curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body->len);
      curl_easy_setopt(h, CURLOPT_READFUNCTION, send_body);
      curl_easy_setopt(h, CURLOPT_READDATA, &upload);
    }
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
    CURLcode rc = curl_easy_perform(h);
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(h);
    if (rc != CURLE_OK) {
      if (!r->sink_failed) /* else the sink's owner says what it could not write */
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

/* Reads FILE, or stdin for "-": a regular file mapped, anything else
 * read into memory. false (errno set) when it cannot be read. */
static bool input_read(const char *path, bc_input_t *in) {
  memset(in, 0, sizeof *in);
  bool is_stdin = strcmp(path, "-") == 0;
  int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
  if (fd < 0)
    return false;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && !is_stdin) {
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
      return false;
    madvise(map, (size_t)st.st_size, MADV_SEQUENTIAL);
    in->data = map;
    in->len = (size_t)st.st_size;
    in->mapped = true;
    return true;
  }
  size_t cap = 1 << 16;
  in->data = malloc(cap);
  for (;;) {
    ssize_t got = read(fd, in->data + in->len, cap - in->len);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      if (!is_stdin)
        close(fd);
      if (got < 0) {
        free(in->data);
        return false;
      }
      return true;
    }
    in->len += (size_t)got;
    if (in->len == cap) {
      cap *= 2;
      in->data = realloc(in->data, cap);
    }
  }
}

static void input_release(bc_input_t *in) {
  if (in->mapped)
    munmap(in->data, in->len);
  else
    free(in->data);
}

/* Prints a diagnostic like a compiler, with the source line and a caret. */
static void print_diagnostic(const char *file, const bc_input_t *source, json_t *d,
                             const char *severity_override) {
  const char *sev = severity_override ? severity_override
                                      : json_string_value(json_object_get(d, "severity"));
  long line = (long)json_integer_value(json_object_get(d, "line"));
  long col = (long)json_integer_value(json_object_get(d, "col"));
  const char *msg = json_string_value(json_object_get(d, "message"));
  fprintf(stderr, "%s:%ld:%ld: %s: %s\n", file, line, col, sev ? sev : "error",
          msg ? msg : "");
  if (source && line > 0) {
    const char *p = source->data, *end = source->data + source->len;
    for (long l = 1; l < line && p; l++) {
      p = memchr(p, '\n', (size_t)(end - p));
      if (p)
        p++;
    }
    if (p && p < end) {
      const char *eol = memchr(p, '\n', (size_t)(end - p));
      int n = (int)((eol ? eol : end) - p);
      fprintf(stderr, "%.*s\n%*s^\n", n, p, (int)(col > 1 ? col - 1 : 0), "");
    }
  }
  json_t *notes = json_object_get(d, "notes");
  size_t i;
  json_t *note;
  json_array_foreach(notes, i, note) print_diagnostic(file, source, note, "note");
}

static void print_error_body(const char *file, const bc_input_t *source,
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

/* Splits a comma-separated list of names into a JSON array. */
static json_t *name_list(const char *list) {
  json_t *arr = json_array();
  while (list && *list) {
    size_t n = strcspn(list, ",");
    if (n)
      json_array_append_new(arr, json_stringn(list, n));
    list += n + (list[n] == ',');
  }
  return arr;
}

static bool list_has(json_t *arr, const char *name) {
  size_t i;
  json_t *v;
  json_array_foreach(arr, i, v) if (strcmp(json_string_value(v), name) == 0) return true;
  return false;
}

/* The artifacts a compile asks for: --emit's (or memref), the run artifact
 * for --run, and ptx's manifest with ptx. */
static json_t *wanted_artifacts(const bc_options_t *o) {
  json_t *arts = o->emit ? name_list(o->emit) : json_array();
  if (!o->emit && !o->run_func)
    json_array_append_new(arts, json_string("memref"));
  if (o->run_func && !list_has(arts, "run"))
    json_array_append_new(arts, json_string("run"));
  if (list_has(arts, "ptx") && !list_has(arts, "gpu-manifest"))
    json_array_append_new(arts, json_string("gpu-manifest"));
  return arts;
}

/* The JSON request for FILE, a program in the JSON form: the program, its
 * name for locations, the pipeline, artifacts and options. (A program that
 * is not valid JSON goes as a string: the server's diagnostics say where.) */
static char *request_body(const bc_options_t *o, const char *file, const bc_input_t *source) {
  json_t *req = json_object();
  json_error_t jerr;
  json_t *program = json_loadb(source->data, source->len, 0, &jerr);
  json_object_set_new(req, "program",
                      program ? program : json_stringn(source->data, source->len));
  json_object_set_new(req, "file", json_string(strcmp(file, "-") == 0 ? "<stdin>" : file));
  if (o->pipeline)
    json_object_set_new(req, "pipeline", json_string(o->pipeline));
  json_object_set_new(req, "artifacts", wanted_artifacts(o));
  json_t *options = json_object();
  if (o->gpu_arch)
    json_object_set_new(options, "gpu-arch", json_string(o->gpu_arch));
  if (o->llvm_opt_level >= 0)
    json_object_set_new(options, "llvm-opt-level", json_integer(o->llvm_opt_level));
  if (o->run_max_steps > 0)
    json_object_set_new(options, "run-max-steps", json_integer(o->run_max_steps));
  if (o->run_func)
    json_object_set_new(options, "run", json_string(o->run_func));
  if (o->inputs)
    json_object_set(options, "inputs", o->inputs);
  json_object_set_new(req, "options", options);
  json_object_set_new(req, "inline", json_false());
  char *s = json_dumps(req, JSON_COMPACT);
  json_decref(req);
  return s;
}

static void query_add(CURL *h, char **q, size_t *len, const char *name, const char *value) {
  char *escaped = curl_easy_escape(h, value, 0);
  size_t add = strlen(name) + strlen(escaped) + 2;
  *q = realloc(*q, *len + add + 1);
  *len += (size_t)sprintf(*q + *len, "%s%s=%s", *len ? "&" : "", name, escaped);
  curl_free(escaped);
}

/* The path of a compile (or explain) request whose body is FILE's MLIR
 * text: the other fields in the query string, spelled as in the JSON
 * request, and "inline=false" (artifacts are fetched as raw bytes). The
 * text goes as it is: no JSON escaping of a model's megabytes of weights
 * here, no unescaping on the server. */
static char *raw_request_path(const bc_options_t *o, const char *route, const char *file) {
  CURL *h = curl_easy_init();
  char *q = NULL;
  size_t len = 0;
  json_t *arts = wanted_artifacts(o);
  size_t alen = 0;
  char *list = calloc(1, 1);
  size_t i;
  json_t *a;
  json_array_foreach(arts, i, a) {
    const char *name = json_string_value(a);
    list = realloc(list, alen + strlen(name) + 2);
    alen += (size_t)sprintf(list + alen, "%s%s", alen ? "," : "", name);
  }
  json_decref(arts);
  query_add(h, &q, &len, "artifacts", list);
  free(list);
  query_add(h, &q, &len, "file", strcmp(file, "-") == 0 ? "<stdin>" : file);
  if (o->pipeline)
    query_add(h, &q, &len, "pipeline", o->pipeline);
  if (o->gpu_arch)
    query_add(h, &q, &len, "gpu-arch", o->gpu_arch);
  char number[32];
  if (o->llvm_opt_level >= 0) {
    snprintf(number, sizeof number, "%d", o->llvm_opt_level);
    query_add(h, &q, &len, "llvm-opt-level", number);
  }
  if (o->run_max_steps > 0) {
    snprintf(number, sizeof number, "%lld", o->run_max_steps);
    query_add(h, &q, &len, "run-max-steps", number);
  }
  if (o->run_func)
    query_add(h, &q, &len, "run", o->run_func);
  if (o->inputs) {
    char *inputs = json_dumps(o->inputs, JSON_COMPACT | JSON_ENCODE_ANY);
    query_add(h, &q, &len, "inputs", inputs);
    free(inputs);
  }
  query_add(h, &q, &len, "inline", "false");
  curl_easy_cleanup(h);
  char *path = malloc(strlen(route) + len + 2);
  sprintf(path, "%s?%s", route, q);
  free(q);
  return path;
}

/* POSTs FILE's program to route: MLIR text as the body itself, a JSON
 * form program inside a JSON request. */
static int post_program(const bc_options_t *o, const char *route, const char *file,
                        const bc_input_t *source, bool is_json, bc_response_t *r) {
  if (is_json) {
    char *body = request_body(o, file, source);
    bc_input_t json = {.data = body, .len = strlen(body)};
    int rc = http(o, "POST", route, "application/json", &json, r);
    free(body);
    return rc;
  }
  char *path = raw_request_path(o, route, file);
  int rc = http(o, "POST", path, "application/mlir", source, r);
  free(path);
  return rc;
}

/* What the server says about an artifact (GET /v1/pipelines, asked once):
 * its file extension and whether JSON responses carry it in base64. */
static pthread_mutex_t info_lock = PTHREAD_MUTEX_INITIALIZER;

static json_t *artifact_info(bc_options_t *o, const char *name) {
  pthread_mutex_lock(&info_lock);
  if (!o->artifact_info) {
    bc_response_t r = {0};
    if (http(o, "GET", "/v1/pipelines", NULL, NULL, &r) == BC_OK && r.status == 200) {
      json_error_t jerr;
      json_t *doc = json_loadb(r.body, r.len, 0, &jerr);
      o->artifact_info = json_incref(json_object_get(doc, "artifact_info"));
      json_decref(doc);
    }
    free(r.body);
    if (!o->artifact_info)
      o->artifact_info = json_array();
  }
  pthread_mutex_unlock(&info_lock);
  size_t i;
  json_t *a;
  json_array_foreach(o->artifact_info, i, a) {
    if (strcmp(json_string_value(json_object_get(a, "name")), name) == 0)
      return a;
  }
  return NULL;
}

static const char *extension_of(bc_options_t *o, const char *name) {
  const char *ext = json_string_value(json_object_get(artifact_info(o, name), "extension"));
  return ext ? ext : ".out";
}

static bool is_binary(bc_options_t *o, const char *name) {
  return json_is_true(json_object_get(artifact_info(o, name), "binary"));
}

/* The bytes of an inline artifact v of a JSON response (malloc'd):
 * base64-decoded when the artifact is binary. NULL when it is not valid
 * base64. */
static unsigned char *artifact_bytes(bc_options_t *o, const char *name, json_t *v,
                                     size_t *len) {
  const char *text = json_string_value(v);
  size_t n = json_string_length(v);
  if (!is_binary(o, name)) {
    unsigned char *out = malloc(n + 1);
    memcpy(out, text, n);
    *len = n;
    return out;
  }
  if (n % 4 || n > (size_t)1 << 30)
    return NULL;
  unsigned char *out = malloc(n / 4 * 3 + 1);
  int got = EVP_DecodeBlock(out, (const unsigned char *)text, (int)n);
  if (got < 0) {
    free(out);
    return NULL;
  }
  size_t pad = n && text[n - 1] == '=' ? (n > 1 && text[n - 2] == '=' ? 2 : 1) : 0;
  *len = (size_t)got - pad;
  return out;
}

/* GETs href's raw bytes to dest (NULL: stdout) without holding them in
 * memory: they go to a temporary file (DEST.part, or an unnamed one for
 * stdout) while their sha256 is computed, and only a 200 whose size and
 * digest are the ones expected (bytes < 0, sha256 NULL: any) is renamed to
 * DEST or copied to stdout, so no unchecked byte lands where the artifact
 * goes. Any other answer leaves its (small) body in r->body for the
 * caller. Returns BC_OK when an answer came (r->status says which). */
static int fetch_raw(const bc_options_t *o, const char *href, long long bytes,
                     const char *sha256, const char *dest, bc_response_t *r) {
  char part[8500];
  snprintf(part, sizeof part, "%s.part", dest ? dest : "");
  FILE *sink = dest ? fopen(part, "w+b") : tmpfile();
  if (!sink) {
    fprintf(stderr, "bufferc: cannot write %s: %s\n", dest ? part : "a temporary file",
            strerror(errno));
    return BC_USAGE;
  }
  EVP_MD_CTX *digest = EVP_MD_CTX_new();
  memset(r, 0, sizeof *r);
  r->sink = sink;
  r->digest = digest;
  int rc = http(o, "GET", href, NULL, NULL, r);
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int md_len = 0;
  EVP_DigestFinal_ex(digest, md, &md_len);
  EVP_MD_CTX_free(digest);
  char hex[2 * EVP_MAX_MD_SIZE + 1] = "";
  for (unsigned i = 0; i < md_len; i++)
    sprintf(hex + 2 * i, "%02x", md[i]);
  bool written = !r->sink_failed && fflush(sink) == 0;
  if (!written) {
    fprintf(stderr, "bufferc: cannot write %s: %s\n", dest ? part : "a temporary file",
            strerror(errno));
    rc = BC_USAGE;
  } else if (rc == BC_OK && r->status != 200) {
    r->body = malloc(r->len + 1);
    rewind(sink);
    r->len = fread(r->body, 1, r->len, sink);
    r->body[r->len] = 0;
  } else if (rc == BC_OK &&
             ((bytes >= 0 && (long long)r->len != bytes) || (sha256 && strcmp(hex, sha256)))) {
    fprintf(stderr, "bufferc: %s: %zu bytes with sha256 %s, not the %lld bytes with "
                    "sha256 %s the compile named\n", href, r->len, hex, bytes, sha256);
    rc = BC_UNREACHABLE;
  } else if (rc == BC_OK && !dest) {
    rewind(sink);
    char chunk[1 << 16];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, sink)) > 0)
      fwrite(chunk, 1, n, stdout);
    fflush(stdout);
  }
  bool keep = rc == BC_OK && r->status == 200 && dest;
  fclose(sink);
  if (keep && rename(part, dest) != 0) {
    fprintf(stderr, "bufferc: cannot write %s: %s\n", dest, strerror(errno));
    rc = BC_USAGE;
    keep = false;
  }
  if (dest && !keep)
    unlink(part);
  return rc;
}

/* An artifact answered as a link ({bytes, sha256, href}): its raw bytes
 * to dest (NULL: stdout), checked against the size and digest named. */
static int fetch_link(const bc_options_t *o, const char *name, json_t *link, const char *dest) {
  const char *href = json_string_value(json_object_get(link, "href"));
  const char *sum = json_string_value(json_object_get(link, "sha256"));
  json_int_t bytes = json_integer_value(json_object_get(link, "bytes"));
  if (!href || !sum || href[0] != '/') {
    fprintf(stderr, "bufferc: artifact '%s' is a link without href and sha256\n", name);
    return BC_UNREACHABLE;
  }
  bc_response_t r = {0};
  int rc = fetch_raw(o, href, (long long)bytes, sum, dest, &r);
  if (rc == BC_OK && r.status != 200) {
    fprintf(stderr, "bufferc: cannot fetch artifact '%s' from %s: HTTP %ld\n", name, href,
            r.status);
    rc = BC_UNREACHABLE;
  }
  free(r.body);
  return rc;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* Where the artifacts of input go: DIR/STEM, DIR being -o or the input's
 * directory, STEM its file name without .mlir or .json. */
static void output_stem(const bc_options_t *o, const char *input, char *out, size_t size) {
  char dir[4096];
  if (o->out_dir) {
    snprintf(dir, sizeof dir, "%s", o->out_dir);
  } else {
    const char *slash = strrchr(input, '/');
    if (slash)
      snprintf(dir, sizeof dir, "%.*s", (int)(slash - input), input);
    else
      snprintf(dir, sizeof dir, ".");
  }
  char stem[1024];
  snprintf(stem, sizeof stem, "%s", strcmp(input, "-") == 0 ? "stdin" : base_name(input));
  char *dot = strrchr(stem, '.');
  if (dot && (strcmp(dot, ".mlir") == 0 || strcmp(dot, ".json") == 0))
    *dot = 0;
  snprintf(out, size, "%s/%s", dir, stem);
}

/* mkdir -p: creates dir and its missing parents. */
static void make_dirs(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s", dir);
  for (char *p = path + 1; *p; p++) {
    if (*p == '/') {
      *p = 0;
      mkdir(path, 0755);
      *p = '/';
    }
  }
  mkdir(path, 0755);
}

static int write_bytes(const char *path, const unsigned char *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
    fprintf(stderr, "bufferc: cannot write %s: %s\n", path, strerror(errno));
    if (f)
      fclose(f);
    return BC_USAGE;
  }
  return BC_OK;
}

/* Writes the artifacts of a response: to stdout when to_files is false
 * (there is one, or only `stdout_name` goes there), else each to
 * STEM + its extension; `stdout_name` (the run of --run) always goes to
 * stdout. */
static int write_artifacts(bc_options_t *o, const char *input, json_t *arts, bool to_files,
                           const char *stdout_name) {
  if (to_files && o->out_dir)
    make_dirs(o->out_dir);
  char stem[8192];
  output_stem(o, input, stem, sizeof stem);
  const char *name;
  json_t *v;
  int rc = BC_OK;
  json_object_foreach(arts, name, v) {
    char path[8400];
    const char *dest = NULL;
    if (to_files && !(stdout_name && strcmp(name, stdout_name) == 0)) {
      snprintf(path, sizeof path, "%s%s", stem, extension_of(o, name));
      dest = path;
    }
    int w;
    if (json_is_object(v)) {
      w = fetch_link(o, name, v, dest);
    } else {
      size_t len;
      unsigned char *data = artifact_bytes(o, name, v, &len);
      if (!data) {
        fprintf(stderr, "bufferc: artifact '%s' of %s is not valid base64\n", name, input);
        rc = BC_UNREACHABLE;
        continue;
      }
      w = BC_OK;
      if (dest) {
        w = write_bytes(path, data, len);
      } else {
        fwrite(data, 1, len, stdout);
        fflush(stdout);
      }
      free(data);
    }
    if (w == BC_OK && dest)
      fprintf(stderr, "bufferc: wrote %s\n", path);
    else if (w != BC_OK && w > rc)
      rc = w;
  }
  return rc;
}

/* The exit status of a non-200 answer. */
static int status_rc(long status) {
  if (status == 422 || status == 413)
    return BC_PROGRAM_ERROR;
  if (status == 400)
    return BC_USAGE;
  return BC_UNREACHABLE;
}

/* ---- compile ---- */

typedef struct compile_state {
  bc_options_t *o;
  pthread_mutex_t lock;
  int next;
  int done;
  int worst;
  bool progress;
  int hits;
} compile_state_t;

static int compile_one(compile_state_t *st, const char *file) {
  bc_options_t *o = st->o;
  bc_input_t source;
  if (!input_read(file, &source)) {
    pthread_mutex_lock(&st->lock);
    fprintf(stderr, "bufferc: cannot read %s: %s\n", file, strerror(errno));
    pthread_mutex_unlock(&st->lock);
    return BC_USAGE;
  }
  const char *shown = strcmp(file, "-") == 0 ? "<stdin>" : file;
  size_t n = strlen(file);
  bool is_json = n > 5 && strcmp(file + n - 5, ".json") == 0;
  bc_response_t r = {0};
  int rc = post_program(o, "/v1/compile", file, &source, is_json, &r);
  pthread_mutex_lock(&st->lock);
  if (rc == BC_OK) {
    if (r.status == 200) {
      json_error_t jerr;
      json_t *doc = json_loadb(r.body, r.len, 0, &jerr);
      /* Files when --emit or -o says so; else the one artifact to stdout. */
      bool to_files = (o->emit || o->out_dir) && !o->to_stdout;
      rc = write_artifacts(o, file, json_object_get(doc, "artifacts"), to_files,
                           o->run_func && !(o->emit && strstr(o->emit, "run")) ? "run" : NULL);
      json_t *diags = json_object_get(doc, "diagnostics");
      size_t i;
      json_t *d;
      json_array_foreach(diags, i, d) print_diagnostic(shown, &source, d, NULL);
      json_t *stats = json_object_get(doc, "run_stats");
      if (o->run_stats && stats) {
        fprintf(stderr, "run-stats:");
        const char *k;
        json_t *v;
        json_object_foreach(stats, k, v)
            fprintf(stderr, " %s=%lld", k, (long long)json_integer_value(v));
        fputc('\n', stderr);
      }
      if (strcmp(r.cache, "HIT") == 0)
        st->hits++;
      json_decref(doc);
    } else {
      print_error_body(shown, &source, &r);
      rc = status_rc(r.status);
      /* A run stopped by a server limit (run_step_limit, run_memory_limit,
       * run_time_limit) is the program's doing, whatever the status. */
      if (r.body && strstr(r.body, "\"code\":\"run_"))
        rc = BC_PROGRAM_ERROR;
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
  input_release(&source);
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
    /* Unreachable outranks usage errors, which outrank program errors,
     * which outrank success. */
    if (rc > st->worst)
      st->worst = rc;
    pthread_mutex_unlock(&st->lock);
  }
}

static int cmd_compile(bc_options_t *o) {
  if (o->num_files == 0) {
    fprintf(stderr, "bufferc compile: no input files (- reads stdin)\n");
    return BC_USAGE;
  }
  bool to_files = (o->emit || o->out_dir) && !o->to_stdout;
  if (!to_files && o->num_files > 1) {
    fprintf(stderr, "bufferc compile: several files: give --emit or -o DIR\n");
    return BC_USAGE;
  }
  json_t *wanted = wanted_artifacts(o);
  size_t num_wanted = json_array_size(wanted);
  json_decref(wanted);
  if (!to_files && num_wanted > 1 && !(o->run_func && !o->emit)) {
    fprintf(stderr, "bufferc compile: several artifacts: give -o DIR, or none to write "
                    "them next to the input\n");
    return BC_USAGE;
  }
  for (int i = 0; i < o->num_files; i++) {
    if (strcmp(o->files[i], "-") == 0 && to_files && !o->out_dir) {
      fprintf(stderr, "bufferc compile: stdin has no directory to write next to: give -o DIR\n");
      return BC_USAGE;
    }
  }
  if (o->inputs_file) {
    if (!o->run_func) {
      fprintf(stderr, "bufferc compile: --inputs needs --run FUNC\n");
      return BC_USAGE;
    }
    json_error_t jerr;
    o->inputs = json_load_file(o->inputs_file, 0, &jerr);
    if (!json_is_array(o->inputs)) {
      fprintf(stderr, "bufferc: %s:%d:%d: %s\n", o->inputs_file, jerr.line, jerr.column,
              o->inputs ? "the inputs must be a JSON array (schema/run-values.schema.json)"
                        : jerr.text);
      return BC_USAGE;
    }
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
  json_decref(o->inputs);
  return st.worst;
}

/* ---- get ---- */

/* get KEY --emit NAMES: each artifact's raw bytes
 * (GET /v1/artifacts/KEY/NAME); without --emit, every artifact of the key. */
static int cmd_get(bc_options_t *o) {
  if (o->num_files != 1) {
    fprintf(stderr, "bufferc get: expected one KEY\n");
    return BC_USAGE;
  }
  const char *key = o->files[0];
  if (strlen(key) != 64 || strspn(key, "0123456789abcdef") != 64) {
    fprintf(stderr, "bufferc get: a key is 64 lowercase hexadecimal characters\n");
    return BC_USAGE;
  }
  json_t *names = o->emit ? name_list(o->emit) : NULL;
  bool to_files = o->out_dir != NULL;
  if (names && json_array_size(names) != 1 && !to_files) {
    fprintf(stderr, "bufferc get: several artifacts: give -o DIR\n");
    json_decref(names);
    return BC_USAGE;
  }
  if (to_files)
    make_dirs(o->out_dir);
  char stem[8192];
  output_stem(o, key, stem, sizeof stem);
  int rc = BC_OK;
  if (!names) {
    char path[256];
    snprintf(path, sizeof path, "/v1/artifacts/%s", key);
    bc_response_t r = {0};
    if (http(o, "GET", path, NULL, NULL, &r) != BC_OK)
      return BC_UNREACHABLE;
    if (r.status == 200) {
      json_error_t jerr;
      json_t *doc = json_loadb(r.body, r.len, 0, &jerr);
      json_t *arts = json_object_get(doc, "artifacts");
      if (!to_files && json_object_size(arts) != 1) {
        fprintf(stderr, "bufferc get: key %s has %zu artifacts: give -o DIR or --emit NAME\n",
                key, json_object_size(arts));
        rc = BC_USAGE;
      } else {
        rc = write_artifacts(o, key, arts, to_files, NULL);
      }
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
  size_t i;
  json_t *v;
  json_array_foreach(names, i, v) {
    const char *name = json_string_value(v);
    char path[512];
    snprintf(path, sizeof path, "/v1/artifacts/%s/%.200s", key, name);
    char file[8400];
    snprintf(file, sizeof file, "%s%s", stem, extension_of(o, name));
    bc_response_t r = {0};
    int fetched = fetch_raw(o, path, -1, NULL, to_files ? file : NULL, &r);
    if (fetched != BC_OK) {
      rc = fetched > rc ? fetched : rc;
      break;
    }
    if (r.status == 200) {
      if (to_files)
        fprintf(stderr, "bufferc: wrote %s\n", file);
    } else if (r.status == 404) {
      fprintf(stderr, "bufferc get: key %s has no artifact '%s'\n", key, name);
      if (rc < BC_PROGRAM_ERROR)
        rc = BC_PROGRAM_ERROR;
    } else {
      print_error_body(key, NULL, &r);
      rc = BC_UNREACHABLE;
    }
    free(r.body);
  }
  json_decref(names);
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
  bc_input_t source;
  if (!input_read(file, &source)) {
    fprintf(stderr, "bufferc: cannot read %s: %s\n", file, strerror(errno));
    return BC_USAGE;
  }
  size_t fl = strlen(file);
  bc_response_t r = {0};
  int rc = post_program(o, "/v1/explain", file, &source,
                        fl > 5 && strcmp(file + fl - 5, ".json") == 0, &r);
  if (rc != BC_OK) {
    input_release(&source);
    return rc;
  }
  if (r.status != 200) {
    print_error_body(file, &source, &r);
    input_release(&source);
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
  input_release(&source);
  return BC_OK;
}

/* ---- stats ---- */

/* The figures `stats` shows, from GET /metrics: one line each. */
static const struct {
  const char *metric, *label, *key;
} stats_rows[] = {
    {"bufferd_compiles_total{result=\"ok\"}", "compiles", "compiles"},
    {"bufferd_compiles_total{result=\"program_error\"}", "program errors", "program_errors"},
    {"bufferd_compiles_total{result=\"run_limit\"}", "runs stopped by a limit", "run_limits"},
    {"bufferd_compiles_total{result=\"timeout\"}", "timeouts", "timeouts"},
    {"bufferd_compiles_total{result=\"rejected\"}", "rejected (queue full)", "rejected"},
    {"bufferd_memory_cache_hits_total", "memory cache hits", "memory_cache_hits"},
    {"bufferd_deduplicated_requests_total", "joined an identical compile", "deduplicated"},
    {"bufferd_cache_hits_total", "cache hits", "cache_hits"},
    {"bufferd_cache_misses_total", "cache misses", "cache_misses"},
    {"bufferd_cache_corrupt_total", "corrupt entries dropped", "cache_corrupt"},
    {"bufferd_cache_evicted_total", "entries evicted", "cache_evicted"},
    {"bufferd_cache_entries", "cache entries", "cache_entries"},
    {"bufferd_cache_bytes", "cache bytes", "cache_bytes"},
    {"bufferd_remote_cache_hits_total", "remote hits", "remote_hits"},
    {"bufferd_remote_cache_misses_total", "remote misses", "remote_misses"},
    {"bufferd_remote_cache_errors_total", "remote errors", "remote_errors"},
    {"bufferd_queue_depth", "queued compiles", "queue_depth"},
    {"bufferd_compiles_running", "running compiles", "running"},
    {"bufferd_open_connections", "open connections", "open_connections"},
    {"bufferd_compile_duration_seconds_count", "timed compiles", "timed_compiles"},
    {"bufferd_compile_duration_seconds_sum", "compile seconds", "compile_seconds"},
};

/* The value of metric in Prometheus text, or NULL: the number after the
 * name on its own line. */
static const char *metric_value(const char *text, const char *metric, size_t *len) {
  size_t n = strlen(metric);
  for (const char *line = text; line && *line;) {
    if (strncmp(line, metric, n) == 0 && line[n] == ' ') {
      const char *v = line + n + 1;
      *len = strcspn(v, "\r\n");
      return v;
    }
    line = strchr(line, '\n');
    if (line)
      line++;
  }
  return NULL;
}

static int cmd_stats(bc_options_t *o) {
  bc_response_t r = {0};
  if (http(o, "GET", "/metrics", NULL, NULL, &r) != BC_OK)
    return BC_UNREACHABLE;
  if (r.status != 200) {
    fprintf(stderr, "bufferc stats: HTTP %ld\n", r.status);
    free(r.body);
    return BC_UNREACHABLE;
  }
  json_t *doc = json_object();
  for (size_t i = 0; i < sizeof stats_rows / sizeof stats_rows[0]; i++) {
    size_t len;
    const char *v = metric_value(r.body, stats_rows[i].metric, &len);
    if (!v)
      continue;
    char num[64];
    snprintf(num, sizeof num, "%.*s", (int)(len < 63 ? len : 63), v);
    if (o->json) {
      double d = strtod(num, NULL);
      json_object_set_new(doc, stats_rows[i].key,
                          d == (double)(long long)d ? json_integer((long long)d) : json_real(d));
    } else {
      printf("%-28s %s\n", stats_rows[i].label, num);
    }
  }
  if (o->json) {
    char *text = json_dumps(doc, JSON_INDENT(2));
    puts(text);
    free(text);
  }
  json_decref(doc);
  free(r.body);
  return BC_OK;
}

static void usage(FILE *out) {
  fprintf(out,
          "usage: bufferc compile FILE...|- [--emit NAMES] [--pipeline P] [--run FUNC\n"
          "                       [--inputs FILE.json] [--run-stats] [--run-max-steps N]]\n"
          "                       [--gpu-arch sm_XX] [--llvm-opt-level 0-3 | -O0..-O3]\n"
          "                       [-o DIR] [-j N]\n"
          "       bufferc get KEY [--emit NAMES] [-o DIR]\n"
          "       bufferc explain FILE [--pipeline P] [--emit NAMES]\n"
          "       bufferc stats [--json]\n"
          "       bufferc --version | --help\n"
          "\n"
          "compile sends each FILE (- is stdin) to bufferd. Without --emit it prints the\n"
          "memref program (with --run: what FUNC printed and its results, interpreted on\n"
          "the server); with --emit it writes each artifact next to FILE, or into -o DIR,\n"
          "as FILE without .mlir plus: memref .memref.mlir, json .json, report\n"
          ".report.json, run .run.txt, llvm .ll, obj .o, ptx .ptx (and its launch\n"
          "manifest .manifest.json). GET /v1/pipelines lists every artifact.\n"
          "\n"
          "default pipeline (without --pipeline):\n"
          "  " BUF_DEFAULT_PIPELINE "\n"
          "  (One-Shot Bufferize with function boundaries and identity layouts, then\n"
          "  buffer-deallocation-pipeline; llvm, obj and ptx lower its result)\n"
          "\n"
          "common: --server URL (default $BUFFERD_URL or http://127.0.0.1:8080),\n"
          "        --token-file FILE (bearer token, sent on every request; default\n"
          "        $BUFFERD_TOKEN_FILE): the write token compiles, a read token gets,\n"
          "        explains and reads stats\n"
          "exit status: 0 ok, 1 program error, 2 usage error, 3 server unreachable or\n"
          "failing (with several files or artifacts, the worst)\n");
}

/* Reads the bearer token of FILE (its first line) into token; false after
 * saying why it cannot. */
static bool read_token_file(const char *path, char *token, size_t size) {
  FILE *f = fopen(path, "r");
  bool ok = f && fgets(token, (int)size, f);
  if (f)
    fclose(f);
  if (ok)
    token[strcspn(token, "\r\n")] = 0;
  if (!ok || !token[0]) {
    fprintf(stderr, "bufferc: cannot read a token from %s\n", path);
    return false;
  }
  return true;
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
  if (!strcmp(argv[1], "--version")) {
    printf("bufferc %s (bufferd client; compiler %s)\n", BC_VERSION, BUF_COMPILER_VERSION);
    return BC_OK;
  }
  const char *cmd = argv[1];
  bc_options_t o = {0};
  o.llvm_opt_level = -1;
  o.server = getenv("BUFFERD_URL") ? getenv("BUFFERD_URL") : "http://127.0.0.1:8080";
  o.files = calloc((size_t)argc, sizeof(char *));
  char token[1024];
  const char *token_file = getenv("BUFFERD_TOKEN_FILE");
  if (token_file && *token_file) {
    if (!read_token_file(token_file, token, sizeof token)) {
      free(o.files);
      return BC_USAGE;
    }
    o.token = token;
  }
  for (int i = 2; i < argc; i++) {
    const char *v;
    if ((v = flag_value(argc, argv, &i, "--server"))) o.server = v;
    else if ((v = flag_value(argc, argv, &i, "--pipeline"))) o.pipeline = v;
    else if ((v = flag_value(argc, argv, &i, "--emit"))) o.emit = v;
    else if ((v = flag_value(argc, argv, &i, "--run"))) o.run_func = v;
    else if ((v = flag_value(argc, argv, &i, "--inputs"))) o.inputs_file = v;
    else if ((v = flag_value(argc, argv, &i, "--gpu-arch"))) o.gpu_arch = v;
    else if ((v = flag_value(argc, argv, &i, "--llvm-opt-level")) ||
             (argv[i][0] == '-' && argv[i][1] == 'O' && argv[i][2] && (v = argv[i] + 2))) {
      if (strlen(v) != 1 || v[0] < '0' || v[0] > '3') {
        fprintf(stderr, "bufferc: the LLVM optimization level is 0, 1, 2 or 3, not '%s'\n", v);
        free(o.files);
        return BC_USAGE;
      }
      o.llvm_opt_level = v[0] - '0';
    } else if ((v = flag_value(argc, argv, &i, "--run-max-steps"))) {
      char *end;
      o.run_max_steps = strtoll(v, &end, 10);
      if (!*v || *end || o.run_max_steps <= 0) {
        fprintf(stderr, "bufferc: --run-max-steps needs a positive number, not '%s'\n", v);
        free(o.files);
        return BC_USAGE;
      }
    }
    else if ((v = flag_value(argc, argv, &i, "-o"))) o.out_dir = v;
    else if ((v = flag_value(argc, argv, &i, "-j"))) o.jobs = atoi(v);
    else if (!strcmp(argv[i], "--json")) o.json = true;
    else if (!strcmp(argv[i], "--run-stats")) o.run_stats = true;
    else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      free(o.files);
      return BC_OK;
    } else if ((v = flag_value(argc, argv, &i, "--token-file"))) {
      if (!read_token_file(v, token, sizeof token)) {
        free(o.files);
        return BC_USAGE;
      }
      o.token = token;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "bufferc: unknown option '%s' (or it needs a value)\n", argv[i]);
      usage(stderr);
      free(o.files);
      return BC_USAGE;
    } else {
      o.files[o.num_files++] = argv[i];
    }
  }
  if (o.out_dir && !strcmp(o.out_dir, "-")) {
    o.out_dir = NULL;
    o.to_stdout = true;
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
  json_decref(o.artifact_info);
  free(o.files);
  return rc;
}
