/*
 * test_json.c: the JSON form of the IR (core/syntax/json.c).
 *
 * 1. Round trip: every corpus program that the text parser accepts is
 *    written as JSON, read back in a fresh context, and both modules are
 *    printed; the texts must be identical. Files the parser rejects are
 *    skipped (counted), so the test works while the parser is incomplete.
 * 2. Malformed documents: each must fail with a located diagnostic naming
 *    the problem and the JSON Pointer of the offending field.
 * 3. Forward references and placeholders, name hints and locations.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf/syntax.h"
#include "test.h"

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fclose(f);
    free(buf);
    return NULL;
  }
  buf[n] = 0;
  fclose(f);
  *len = (size_t)n;
  return buf;
}

/* All diagnostics of ctx as one printed string (malloc'd). */
static char *diags_text(buf_ctx_t *ctx) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  buf_diags_print(ctx, f);
  fclose(f);
  return buf;
}

static int roundtripped, skipped;

static void roundtrip_file(const char *path) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) return;
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_parse_source(ctx, path, text, len, 1, &po);
  if (!m) {
    skipped++;
    buf_ctx_destroy(ctx);
    free(text);
    return;
  }
  size_t jlen = 0;
  char *json = buf_module_to_json(m, &jlen);
  CHECK(json != NULL && jlen == strlen(json));
  buf_ctx_t *ctx2 = buf_ctx_create();
  buf_op_t *m2 = json ? buf_module_from_json(ctx2, "rt.json", json, jlen, &po)
                      : NULL;
  CHECK(m2 != NULL);
  if (!m2) {
    char *d = diags_text(ctx2);
    fprintf(stderr, "%s: JSON read back failed:\n%s", path, d);
    free(d);
  } else {
    buf_print_options_t pr = buf_print_options_default();
    char *a = buf_print_op_to_string(m, &pr, NULL);
    char *b = buf_print_op_to_string(m2, &pr, NULL);
    CHECK(a && b && strcmp(a, b) == 0);
    if (a && b && strcmp(a, b) != 0)
      fprintf(stderr, "%s: round trip differs:\n--- text\n%s--- json\n%s",
              path, a, b);
    /* Locations survive too. */
    pr.debug_info = true;
    char *c = buf_print_op_to_string(m, &pr, NULL);
    char *e = buf_print_op_to_string(m2, &pr, NULL);
    CHECK(c && e && strcmp(c, e) == 0);
    /* Writing the read-back module gives the same document. */
    size_t jlen2;
    char *json2 = buf_module_to_json(m2, &jlen2);
    CHECK(json2 && strcmp(json, json2) == 0);
    free(json2);
    free(a);
    free(b);
    free(c);
    free(e);
    roundtripped++;
  }
  free(json);
  buf_ctx_destroy(ctx2);
  buf_ctx_destroy(ctx);
  free(text);
}

static void roundtrip_dir(const char *dir, int depth) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(path, &st) != 0) continue;
    if (S_ISDIR(st.st_mode) && depth < 3) {
      roundtrip_dir(path, depth + 1);
    } else {
      size_t n = strlen(e->d_name);
      if (n > 5 && strcmp(e->d_name + n - 5, ".mlir") == 0) roundtrip_file(path);
    }
  }
  closedir(d);
}

static void test_corpus_roundtrip(void) {
  const char *dir = getenv("BUF_CORPUS_DIR");
  char buf[4096];
  if (!dir) {
    const char *src = getenv("BUF_SOURCE_DIR");
    snprintf(buf, sizeof buf, "%s/../shared/corpus", src ? src : ".");
    dir = buf;
  }
  roundtrip_dir(dir, 0);
  printf("test_json: %d corpus files round-tripped, %d skipped (parser "
         "rejected them)\n",
         roundtripped, skipped);
}

/* ---- malformed documents ---------------------------------------------------- */

/* Reads doc expecting failure; checks that the printed diagnostics contain
 * every fragment in want (NULL-terminated). */
static void expect_error(const char *doc, const char *const *want,
                         bool allow_unregistered) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, allow_unregistered);
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_module_from_json(ctx, "bad.json", doc, strlen(doc), &po);
  CHECK(m == NULL);
  CHECK(buf_ctx_num_errors(ctx) > 0);
  char *d = diags_text(ctx);
  for (const char *const *w = want; *w; w++) {
    bool found = d && strstr(d, *w) != NULL;
    CHECK(found);
    if (!found) fprintf(stderr, "missing \"%s\" in:\n%s\n", *w, d ? d : "");
  }
  free(d);
  buf_ctx_destroy(ctx);
}

#define HEAD "{\"format\":\"bufferd.program\",\"version\":1,\"module\":"
#define W(...) ((const char *const[]){__VA_ARGS__, NULL})

static void test_errors(void) {
  expect_error("{\"format\": \"bufferd.program\",\n  \"version\": 1,,\n}",
               W("bad.json:2:", "invalid JSON"), false);
  expect_error("[1, 2]", W("the document must be an object"), false);
  expect_error("{\"version\":1,\"module\":{\"name\":\"builtin.module\"}}",
               W("missing field 'format'", "(at /)"), false);
  expect_error("{\"format\":\"other\",\"version\":1,\"module\":{\"name\":\"x\"}}",
               W("format must be \"bufferd.program\"", "(at /format)"), false);
  expect_error("{\"format\":\"bufferd.program\",\"version\":2,\"module\":{}}",
               W("unsupported version 2", "(at /version)"), false);
  expect_error("{\"format\":\"bufferd.program\",\"version\":\"1\",\"module\":{}}",
               W("field 'version' must be an integer, not a string"), false);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"extra\":1}}",
               W("unknown field 'extra'", "(at /module/extra)"), false);
  expect_error(HEAD "{\"operands\":[]}}",
               W("missing field 'name'", "(at /module)"), false);
  expect_error(HEAD "{\"name\":7}}",
               W("field 'name' must be a string, not an integer",
                 "(at /module/name)"),
               false);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"t.a\",\"operands\":"
                    "[\"v9\"],\"loc\":{\"file\":\"src.mlir\",\"line\":3,"
                    "\"col\":7}}]}]}]}}",
               W("src.mlir:3:7: error: unknown value id 'v9'",
                 "(at /module/regions/0/blocks/0/ops/0/operands/0)"),
               true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"t.a\",\"results\":"
                    "[{\"id\":\"v0\",\"type\":\"i32\"}]},{\"name\":\"t.b\","
                    "\"results\":[{\"id\":\"v0\",\"type\":\"i32\"}]}]}]}]}}",
               W("duplicate value id 'v0'",
                 "(at /module/regions/0/blocks/0/ops/1/results/0)"),
               true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\"},{\"id\":\"b0\"}]}]}}",
               W("duplicate block id 'b0'", "(at /module/regions/0/blocks/1)"),
               true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"t.br\",\"successors\":"
                    "[\"b7\"]}]}]}]}}",
               W("unknown block id 'b7'",
                 "(at /module/regions/0/blocks/0/ops/0/successors/0)"),
               true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"t.a\",\"operands\":"
                    "[3]}]}]}]}}",
               W("operand must be a value id string, not an integer"), true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"t.a\",\"results\":"
                    "[{\"id\":\"v0\"}]}]}]}]}}",
               W("missing field 'type'",
                 "(at /module/regions/0/blocks/0/ops/0/results/0)"),
               true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"t.a\",\"results\":"
                    "[{\"id\":\"v0\",\"type\":\"tensor<4xfoo>\"}]}]}]}]}}",
               W("(at /module/regions/0/blocks/0/ops/0/results/0/type)"), true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"t.a\",\"attributes\":"
                    "{\"k\":5}}]}]}]}}",
               W("attribute 'k' must be MLIR attribute text",
                 "(at /module/regions/0/blocks/0/ops/0/attributes/k)"),
               true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{}]}}",
               W("missing field 'blocks'", "(at /module/regions/0)"), true);
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"args\":[{\"id\":\"v0\",\"type\":\"i32\","
                    "\"loc\":{\"file\":\"f\",\"line\":-1,\"col\":1}}]}]}]}}",
               W("location line/col out of range"), true);
  /* Duplicate keys are rejected by the JSON reader itself. */
  expect_error(HEAD "{\"name\":\"a\",\"name\":\"b\"}}",
               W("invalid JSON", "duplicate"), true);
  /* Verification runs on the result: an unknown op in a known dialect. */
  expect_error(HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":["
                    "{\"id\":\"b0\",\"ops\":[{\"name\":\"tensor.nonexistent\","
                    "\"loc\":{\"file\":\"x.mlir\",\"line\":1,\"col\":2}}]}]}]}}",
               W("x.mlir:1:2: error: unregistered operation "
                 "'tensor.nonexistent'"),
               true);
  /* Nesting bound (default 256 levels of regions). */
  {
    size_t cap = 1 << 16, n = 0;
    char *doc = malloc(cap);
    n += (size_t)snprintf(doc + n, cap - n, HEAD);
    for (int i = 0; i < 300; i++)
      n += (size_t)snprintf(doc + n, cap - n,
                            "{\"name\":\"t.n\",\"regions\":[{\"blocks\":[{"
                            "\"id\":\"b%d\",\"ops\":[",
                            i);
    for (int i = 0; i < 300; i++) n += (size_t)snprintf(doc + n, cap - n, "]}]}]}");
    n += (size_t)snprintf(doc + n, cap - n, "}");
    CHECK(n < cap);
    expect_error(doc, W("nesting deeper than 256"), true);
    free(doc);
  }
}

/* ---- well-formed documents by hand ------------------------------------------------ */

static void test_forward_refs(void) {
  buf_ctx_t *ctx = buf_ctx_create();
  buf_ctx_set_allow_unregistered(ctx, true);
  /* In a module (graph region) a use may precede its definition. */
  const char *doc =
      HEAD "{\"name\":\"builtin.module\",\"regions\":[{\"blocks\":[{\"id\":"
           "\"b0\",\"ops\":[{\"name\":\"t.use\",\"operands\":[\"v1\",\"v1\"],"
           "\"loc\":{\"file\":\"s.mlir\",\"line\":4,\"col\":3}},"
           "{\"name\":\"t.def\",\"results\":[{\"id\":\"v1\",\"type\":\"index\","
           "\"name\":\"x\"}]}]}]}]}}";
  buf_parse_options_t po = buf_parse_options_default();
  buf_op_t *m = buf_module_from_json(ctx, "f.json", doc, strlen(doc), &po);
  CHECK(m != NULL);
  if (m) {
    buf_block_t *b = m->regions[0]->first;
    buf_op_t *use = b->first, *def = use->next;
    CHECK(strcmp(use->name, "t.use") == 0 && strcmp(def->name, "t.def") == 0);
    CHECK(buf_op_operand(use, 0) == buf_op_result(def, 0));
    CHECK(buf_value_num_uses(buf_op_result(def, 0)) == 2);
    CHECK(buf_op_result(def, 0)->type == buf_type_index(ctx));
    CHECK(strcmp(buf_op_result(def, 0)->name_hint, "x") == 0);
    CHECK(use->loc.line == 4 && use->loc.col == 3 &&
          strcmp(use->loc.file, "s.mlir") == 0);
    CHECK(def->loc.file == NULL);
    /* Write it again: ids are renumbered in definition order, but the
     * structure survives a second read. */
    size_t len;
    char *json = buf_module_to_json(m, &len);
    CHECK(json && strstr(json, "\"bufferd.program\""));
    buf_op_t *m2 = buf_module_from_json(ctx, "g.json", json, len, &po);
    CHECK(m2 != NULL);
    if (m2) {
      buf_op_t *u2 = m2->regions[0]->first->first;
      CHECK(buf_op_operand(u2, 1) == buf_op_result(u2->next, 0));
    }
    free(json);
  }
  /* A lone non-module op is wrapped in a module. */
  const char *lone = HEAD "{\"name\":\"t.x\"}}";
  buf_op_t *w = buf_module_from_json(ctx, "h.json", lone, strlen(lone), &po);
  CHECK(w && strcmp(w->name, "builtin.module") == 0 &&
        strcmp(w->regions[0]->first->first->name, "t.x") == 0);
  CHECK(buf_ctx_num_errors(ctx) == 0);
  buf_ctx_destroy(ctx);
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_forward_refs),
    TEST_ENTRY(test_errors),
    TEST_ENTRY(test_corpus_roundtrip),
};

TEST_MAIN(tests)
