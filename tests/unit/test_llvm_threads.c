/*
 * test_llvm_threads.c: lowering is safe on several threads at once.
 *
 * The daemon lowers on a pool of worker threads, so a compilation may share
 * nothing mutable with another one: each has its own context (and, inside
 * buf_llvm_emit, its own LLVMContext), and the LLVM targets are initialized
 * once. This test takes the first 50 corpus programs that lower (corpus and
 * tests/programs, sorted), lowers each one at a time to LLVM IR and to an
 * object file, then lowers all of them again on 2 threads at once, each
 * thread walking the list from a different end so that different programs
 * (and the same one) are in flight together, and requires the same bytes.
 * Without LLVM in the build, or without programs, it says so and passes.
 */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf/lower.h"
#include "buf/syntax.h"
#include "test.h"

#define MAX_PROGRAMS 50
#define NUM_THREADS 2

typedef struct program {
  char *path;
  char *text;
  size_t len;
  char *out[2]; /* IR text, object bytes: lowered one at a time */
  size_t out_len[2];
} program_t;

static program_t programs[MAX_PROGRAMS];
static int num_programs;

static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
    fclose(f);
    free(s);
    return NULL;
  }
  s[n] = 0;
  fclose(f);
  *len = (size_t)n;
  return s;
}

/* Lowers text to kind in a fresh context; true on success. */
static bool lower(const program_t *p, buf_llvm_output_t kind, char **out, size_t *len) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t popts = buf_parse_options_default();
  buf_op_t *module = buf_parse_source(ctx, p->path, p->text, p->len, 1, &popts);
  bool ok = module && !BUF_FAILED(buf_verify(module)) &&
            !BUF_FAILED(buf_llvm_emit(module, kind, NULL, out, len));
  buf_ctx_destroy(ctx);
  return ok;
}

static int compare_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends every *.mlir path under dir to *paths. */
static void collect(const char *dir, char ***paths, int *n, int *cap) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0)
      continue;
    if (S_ISDIR(st.st_mode)) {
      collect(path, paths, n, cap);
    } else if (strlen(e->d_name) > 5 &&
               strcmp(e->d_name + strlen(e->d_name) - 5, ".mlir") == 0) {
      if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *paths = realloc(*paths, (size_t)*cap * sizeof **paths);
      }
      (*paths)[(*n)++] = strdup(path);
    }
  }
  closedir(d);
}

static int mismatches;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  int backwards = (int)(intptr_t)arg;
  for (int k = 0; k < num_programs; k++) {
    const program_t *p = &programs[backwards ? num_programs - 1 - k : k];
    for (int kind = 0; kind < 2; kind++) {
      char *out = NULL;
      size_t len = 0;
      bool ok = lower(p, kind ? BUF_LLVM_OUTPUT_OBJECT : BUF_LLVM_OUTPUT_IR, &out, &len);
      if (!ok || len != p->out_len[kind] || memcmp(out, p->out[kind], len) != 0) {
        pthread_mutex_lock(&report_lock);
        mismatches++;
        fprintf(stderr, "FAIL: %s: %s on a thread differs from one at a time\n", p->path,
                kind ? "object code" : "LLVM IR");
        pthread_mutex_unlock(&report_lock);
      }
      free(out);
    }
  }
  return NULL;
}

static void test_threads(void) {
  if (!buf_llvm_available()) {
    printf("test_llvm_threads: no LLVM lowering in this build; nothing to check\n");
    return;
  }
  char **paths = NULL;
  int n = 0, cap = 0;
  const char *corpus = getenv("BUF_CORPUS_DIR");
  const char *src = getenv("BUF_SOURCE_DIR");
  if (corpus)
    collect(corpus, &paths, &n, &cap);
  if (src) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/programs", src);
    collect(dir, &paths, &n, &cap);
  }
  qsort(paths, (size_t)n, sizeof *paths, compare_path);
  for (int i = 0; i < n && num_programs < MAX_PROGRAMS; i++) {
    program_t *p = &programs[num_programs];
    p->path = paths[i];
    p->text = read_all(p->path, &p->len);
    if (p->text && lower(p, BUF_LLVM_OUTPUT_IR, &p->out[0], &p->out_len[0]) &&
        lower(p, BUF_LLVM_OUTPUT_OBJECT, &p->out[1], &p->out_len[1])) {
      num_programs++;
    } else {
      free(p->text);
      free(p->out[0]);
      memset(p, 0, sizeof *p);
    }
  }
  if (num_programs == 0) {
    printf("test_llvm_threads: no corpus programs found; nothing to check\n");
    return;
  }
  pthread_t t[NUM_THREADS];
  for (int i = 0; i < NUM_THREADS; i++)
    pthread_create(&t[i], NULL, worker, (void *)(intptr_t)(i % 2));
  for (int i = 0; i < NUM_THREADS; i++)
    pthread_join(t[i], NULL);
  printf("test_llvm_threads: %d programs lowered on %d threads: %d mismatches\n",
         num_programs, NUM_THREADS, mismatches);
  for (int i = 0; i < num_programs; i++) {
    free(programs[i].text);
    free(programs[i].out[0]);
    free(programs[i].out[1]);
  }
  for (int i = 0; i < n; i++)
    free(paths[i]);
  free(paths);
  CHECK(mismatches == 0);
  CHECK(num_programs == MAX_PROGRAMS); /* the corpus has that many that lower */
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_threads),
};

TEST_MAIN(tests)
