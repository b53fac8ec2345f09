/*
 * test_pass_registry.c: the pass registry's tables. Passes read options by
 * their declared index (designated rows of an options table), so a table
 * that misses an index would leave a row without a name: every row has a
 * name, a kind and a default of that kind; names are unique within a pass
 * and passes are unique by name and found by buf_pass_lookup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/pipeline.h"
#include "buf/syntax.h"
#include "test.h"

static void test_every_option_row_is_declared(void) {
  for (uint32_t p = 0; p < buf_num_passes; p++) {
    const buf_pass_def_t *def = buf_passes[p];
    for (uint32_t i = 0; i < def->num_options; i++) {
      const buf_option_spec_t *o = &def->options[i];
      CHECK_MSG(o->name != NULL, "pass %s: option row %u has no name",
                def->name, i);
      if (!o->name)
        continue;
      CHECK_MSG(o->kind != BUF_OPT_ENUM || o->enum_values != NULL,
                "pass %s: enum option %s lists no values", def->name, o->name);
      for (uint32_t j = 0; j < i; j++)
        CHECK_MSG(!def->options[j].name ||
                      strcmp(def->options[j].name, o->name) != 0,
                  "pass %s: option %s twice", def->name, o->name);
    }
  }
}

static void test_passes_found_by_name(void) {
  CHECK(buf_num_passes > 10);
  for (uint32_t p = 0; p < buf_num_passes; p++) {
    const buf_pass_def_t *def = buf_passes[p];
    CHECK_MSG(def->name && def->run, "pass row %u incomplete", p);
    if (def->name)
      CHECK_MSG(buf_pass_lookup(def->name) == def, "%s not found by name",
                def->name);
  }
  CHECK(buf_pass_lookup("no-such-pass") == NULL);
}

/* Every pipeline of one pass with its defaults spelt out parses. */
static void test_defaults_parse(void) {
  for (uint32_t p = 0; p < buf_num_passes; p++) {
    const buf_pass_def_t *def = buf_passes[p];
    char text[4096];
    size_t n = 0;
    for (uint32_t i = 0; i < def->num_options && n < sizeof text - 256; i++) {
      const buf_option_spec_t *o = &def->options[i];
      if (o->name && o->default_value && o->default_value[0])
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s=%s",
                              n ? " " : "", o->name, o->default_value);
    }
    text[n] = 0;
    buf_ctx_t *ctx = buf_ctx_create();
    buf_pipeline_t *pl = buf_pipeline_create(ctx);
    buf_status_t st = buf_pipeline_add(pl, def->name, text);
    CHECK_MSG(st == BUF_SUCCESS, "%s{%s} does not parse", def->name, text);
    buf_ctx_destroy(ctx);
  }
}

static const test_entry_t tests[] = {
    TEST_ENTRY(test_every_option_row_is_declared),
    TEST_ENTRY(test_passes_found_by_name),
    TEST_ENTRY(test_defaults_parse),
};

TEST_MAIN(tests)
