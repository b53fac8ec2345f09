/*
 * test.h: the one harness of the unit tests (tests/unit/test_*.c), after
 * libuv's test runner.
 *
 * Each file lists its tests in a table of names and functions and ends with
 * TEST_MAIN(table). Run without arguments, the executable runs every test of
 * the table in order; given names, it runs only those (`test_ir
 * test_verify`), and `--list` prints the names. CHECK records a failure with
 * its file and line and lets the test go on, so one run reports every
 * failed check; the exit status is 1 when any check failed or a name is
 * unknown. CTest runs each executable in its own process with a timeout.
 *
 *   static void test_arena(void) { CHECK(buf_arena_alloc(a, 0) != NULL); }
 *   static const test_entry_t tests[] = {TEST_ENTRY(test_arena)};
 *   TEST_MAIN(tests)
 */
#ifndef BUF_TESTS_UNIT_TEST_H
#define BUF_TESTS_UNIT_TEST_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Checks failed so far in this process. */
static int test_failures;

/* Records a failure of cond and goes on. */
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      test_failures++;                                                         \
    }                                                                          \
  } while (0)

/* CHECK with a printf-style message instead of the condition's text. */
#define CHECK_MSG(cond, ...)                                                   \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: ", __FILE__, __LINE__);           \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
      test_failures++;                                                         \
    }                                                                          \
  } while (0)

/* One test: its name on the command line and the function that runs it. */
typedef struct test_entry {
  const char *name;
  void (*run)(void);
} test_entry_t;

/* A table row for function fn, named as the function is. */
#define TEST_ENTRY(fn) {#fn, fn}

/* Runs the tests of table[0..n) that argv names (all of them without
 * names), then prints one summary line; returns the exit status. */
static inline int test_main(const test_entry_t *table, size_t n, int argc, char **argv) {
  const char *suite = argc > 0 ? strrchr(argv[0], '/') : NULL;
  suite = suite ? suite + 1 : argc > 0 ? argv[0] : "test";
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (size_t i = 0; i < n; i++)
      printf("%s\n", table[i].name);
    return 0;
  }
  int ran = 0, unknown = 0;
  if (argc < 2) {
    for (size_t i = 0; i < n; i++, ran++)
      table[i].run();
  }
  for (int a = 1; a < argc; a++) {
    size_t i = 0;
    while (i < n && strcmp(table[i].name, argv[a]) != 0)
      i++;
    if (i == n) {
      fprintf(stderr, "%s: no test named '%s' (--list names them)\n", suite, argv[a]);
      unknown++;
      continue;
    }
    table[i].run();
    ran++;
  }
  if (test_failures || unknown) {
    fprintf(stderr, "%s: %d test(s) run, %d check(s) failed\n", suite, ran, test_failures);
    return 1;
  }
  printf("%s: %d test(s) passed\n", suite, ran);
  return 0;
}

/* main() for a file whose tests are the array `table`. */
#define TEST_MAIN(table)                                                       \
  int main(int argc, char **argv) {                                            \
    return test_main(table, sizeof table / sizeof table[0], argc, argv);       \
  }

#endif /* BUF_TESTS_UNIT_TEST_H */
