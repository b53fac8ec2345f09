/*
 * test_interp_corpus.c: runs every runnable corpus program (*.run.mlir)
 * through the parser and the interpreter (@main, leak check off: tensor
 * programs never free) and compares what it prints, addresses normalized
 * to "base@ = ADDR", byte for byte with the .expected file that upstream
 * MLIR produced. Directories: argv[1..] or BUF_CORPUS_DIR, plus
 * $BUF_SOURCE_DIR/tests/programs when set. With no directory found the
 * test says so and passes (the corpus lives outside the checkout).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf/interp.h"
#include "buf/syntax.h"

static int failures, passes;

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
    failures++;
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
    failures++;
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

int main(int argc, char **argv) {
  int dirs = 0;
  for (int i = 1; i < argc; i++, dirs++)
    walk(argv[i]);
  if (argc < 2) {
    const char *c = getenv("BUF_CORPUS_DIR");
    if (c && *c) {
      walk(c);
      dirs++;
    }
    const char *s = getenv("BUF_SOURCE_DIR");
    if (s && *s) {
      char p[4096];
      snprintf(p, sizeof p, "%s/tests/programs", s);
      walk(p);
      dirs++;
    }
  }
  if (!passes && !failures) {
    printf("test_interp_corpus: no programs found (set BUF_CORPUS_DIR); "
           "skipped\n");
    return 0;
  }
  printf("test_interp_corpus: %d passed, %d failed\n", passes, failures);
  return failures ? 1 : 0;
}
