/*
 * test_interp_corpus.c: runs every runnable corpus program (*.run.mlir)
 * through the parser and the interpreter (@main, leak check off: tensor
 * programs never free) and compares what it prints, addresses normalized
 * to "base@ = ADDR", byte for byte with the .expected file that upstream
 * MLIR produced. Two tests: test_corpus runs the programs under
 * $BUF_CORPUS_DIR (point it at any directory to run that one),
 * test_programs those under $BUF_SOURCE_DIR/tests/programs. A test whose
 * directory is not set or holds no program says so and passes (the corpus
 * lives outside the checkout).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf/interp.h"
#include "buf/syntax.h"
#include "test.h"

static int passes; /* programs that printed what upstream printed */

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

/* Replaces every "base@ = 0x<hex>" with "base@ = ADDR" in place. */
static void normalize(char *s) {
  char *p = s;
  while ((p = strstr(p, "base@ = 0x"))) {
    char *q = p + 10;
    while ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f') ||
           (*q >= 'A' && *q <= 'F'))
      q++;
    memcpy(p, "base@ = ADDR", 12);
    memmove(p + 12, q, strlen(q) + 1);
    p += 12;
  }
}

static void run_one(const char *path) {
  size_t len, elen;
  char *src = read_all(path, &len);
  char exp_path[4096];
  snprintf(exp_path, sizeof exp_path, "%.*s.expected",
           (int)(strlen(path) - strlen(".run.mlir")), path);
  char *expected = read_all(exp_path, &elen);
  if (!src || !expected) {
    fprintf(stderr, "FAIL %s: cannot read it or its .expected\n", path);
    test_failures++;
    free(src);
    free(expected);
    return;
  }
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_parse_source(ctx, path, src, len, 1, &po);
  char *out = NULL;
  size_t olen = 0;
  bool ok = false;
  if (m) {
    FILE *f = open_memstream(&out, &olen);
    buf_interp_options_t o = {.out = f};
    buf_status_t st = buf_interp_run(m, "main", NULL, NULL, &o, NULL);
    fclose(f);
    normalize(out);
    ok = !BUF_FAILED(st) && strcmp(out, expected) == 0;
  }
  if (ok) {
    passes++;
  } else {
    test_failures++;
    fprintf(stderr, "FAIL %s\n", path);
    buf_diags_print(ctx, stderr);
    if (out && strcmp(out, expected) != 0)
      fprintf(stderr, "--- got:\n%s--- expected:\n%s", out, expected);
  }
  free(out);
  buf_ctx_destroy(ctx);
  free(src);
  free(expected);
}

static void walk(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  char **names = NULL;
  size_t n = 0;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    names = realloc(names, (n + 1) * sizeof *names);
    names[n++] = strdup(e->d_name);
  }
  closedir(d);
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    struct stat st;
    size_t l = strlen(names[i]);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
      walk(path);
    else if (l > 9 && strcmp(names[i] + l - 9, ".run.mlir") == 0)
      run_one(path);
    free(names[i]);
  }
  free(names);
}

/* Runs the programs under dir (NULL: not set) and reports how many did
 * what upstream did. */
static void run_dir(const char *what, const char *dir) {
  int failures_before = test_failures;
  passes = 0;
  if (dir)
    walk(dir);
  int failed = test_failures - failures_before;
  if (!passes && !failed)
    printf("test_interp_corpus: no programs in %s (%s); skipped\n", what, dir ? dir : "not set");
  else
    printf("test_interp_corpus: %s: %d passed, %d failed\n", what, passes, failed);
}

static void test_corpus(void) {
  const char *c = getenv("BUF_CORPUS_DIR");
  run_dir("$BUF_CORPUS_DIR", c && *c ? c : NULL);
}

static void test_programs(void) {
  const char *s = getenv("BUF_SOURCE_DIR");
  char dir[4096];
  if (s && *s)
    snprintf(dir, sizeof dir, "%s/tests/programs", s);
  run_dir("tests/programs", s && *s ? dir : NULL);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_corpus),
    TEST_ENTRY(test_programs),
};

TEST_MAIN(tests)
