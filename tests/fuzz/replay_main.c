/*
 * replay_main.c: runs a fuzz target's check function over saved inputs,
 * without libFuzzer, so the regression inputs under tests/fuzz/regressions/
 * replay in every build (gcc included) as a CTest test.
 *
 *   fuzz_TARGET_replay FILE|DIR...
 *
 * Every file named, and every regular file directly inside a directory
 * named (in name order), is passed whole to LLVMFuzzerTestOneInput. A
 * broken contract aborts inside the target (the input's name is printed
 * first, so the failing file is known); exit status 0 means every input
 * passed. An unreadable argument is an error (status 2), and so is a
 * directory without inputs: a regression directory that lost its files
 * must not pass silently.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* Reads path whole into a malloc'd buffer; NULL when it cannot. */
static unsigned char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  unsigned char *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      unsigned char *bigger = realloc(buf, cap *= 2);
      if (!bigger)
        free(buf);
      buf = bigger;
    }
  }
  bool failed = ferror(f);
  fclose(f);
  if (failed) {
    free(buf);
    return NULL;
  }
  *size = n;
  return buf;
}

static int replay_file(const char *path) {
  size_t size;
  unsigned char *data = read_file(path, &size);
  if (!data) {
    fprintf(stderr, "replay: cannot read %s\n", path);
    return 2;
  }
  fprintf(stderr, "replay: %s\n", path);
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays the regular files directly inside dir; *count gets how many. */
static int replay_dir(const char *dir, size_t *count) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "replay: cannot open %s\n", dir);
    return 2;
  }
  char **paths = NULL;
  size_t n = 0, cap = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.')
      continue;
    size_t len = strlen(dir) + strlen(e->d_name) + 2;
    char *path = malloc(len);
    struct stat st;
    if (!path)
      break;
    snprintf(path, len, "%s/%s", dir, e->d_name);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
      free(path);
      continue;
    }
    if (n == cap) {
      char **bigger = realloc(paths, (cap = cap ? cap * 2 : 64) * sizeof *paths);
      if (!bigger) {
        free(path);
        break;
      }
      paths = bigger;
    }
    paths[n++] = path;
  }
  closedir(d);
  if (n)
    qsort(paths, n, sizeof *paths, by_name);
  int rc = 0;
  for (size_t i = 0; i < n; i++) {
    if (!rc)
      rc = replay_file(paths[i]);
    free(paths[i]);
  }
  free(paths);
  *count += n;
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
    return 2;
  }
  size_t count = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      return 2;
    }
    size_t before = count;
    int rc = S_ISDIR(st.st_mode) ? replay_dir(argv[i], &count)
                                 : (count++, replay_file(argv[i]));
    if (rc)
      return rc;
    if (count == before) {
      fprintf(stderr, "replay: no inputs in %s\n", argv[i]);
      return 2;
    }
  }
  printf("%zu inputs replayed, every check held\n", count);
  return 0;
}
