/*
 * fuzz_json.c: libFuzzer target for the JSON form of the IR
 * (core/syntax/json.c, schema/program.schema.json).
 *
 * Any byte string must read as a program or fail with a located
 * diagnostic: no crash, hang, leak or sanitizer report. Whatever reads,
 * verified or not, writes JSON that reads back and writes the same again
 * (json(read(json(read(x)))) == json(read(x))), and the copy verifies
 * exactly when the first read did. The generic text form prints any IR,
 * verified or not, without crashing. A program that verifies is also held
 * to the text contract: its custom and generic forms read back, verify
 * and print the same (the JSON reader builds IR the text parser never
 * builds, so the printer meets it only here). A failed check prints what
 * it compared and aborts, which libFuzzer reports as a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/syntax.h"

static char *print(buf_op_t *module, bool generic, size_t *len) {
  buf_print_options_t o = buf_print_options_default();
  o.generic = generic;
  return buf_print_op_to_string(module, &o, len);
}

/* Reports a broken contract with the texts involved and aborts. */
static void contract_failed(const char *what, const char *first,
                            const char *second, buf_ctx_t *ctx) {
  fprintf(stderr, "fuzz_json: %s\n--- first:\n%s\n", what, first);
  if (second)
    fprintf(stderr, "--- second:\n%s\n", second);
  if (ctx)
    buf_diags_print(ctx, stderr);
  abort();
}

/* The text contract of a verified program: printed (custom or generic) it
 * reads back, verifies and prints the same. */
static void check_text(buf_op_t *module, bool generic,
                       const buf_parse_options_t *opts) {
  size_t n1, n2;
  char *p1 = print(module, generic, &n1);
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t o = *opts;
  o.verify = true;
  buf_op_t *again = buf_parse_source(ctx, "print.mlir", p1, n1, 1, &o);
  if (!again)
    contract_failed("a verified program's text does not read back", p1, NULL,
                    ctx);
  char *p2 = print(again, generic, &n2);
  if (n1 != n2 || memcmp(p1, p2, n1) != 0)
    contract_failed("a verified program's text is not a fixed point", p1, p2,
                    NULL);
  buf_ctx_destroy(ctx);
  free(p1);
  free(p2);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  if (size > 1 << 16)
    return 0;
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t opts = buf_parse_options_default();
  opts.max_ops = 10000;
  opts.verify = false;
  buf_op_t *module = buf_module_from_json(ctx, "fuzz.json", (const char *)data,
                                          size, &opts);
  if (module) {
    bool valid = (buf_verify(module) == BUF_SUCCESS);
    size_t n1, n2;
    char *j1 = buf_module_to_json(module, &n1);
    buf_ctx_t *ctx2 = buf_ctx_create();
    buf_op_t *again = buf_module_from_json(ctx2, "written.json", j1, n1, &opts);
    if (!again)
      contract_failed("the written JSON does not read back", j1, NULL, ctx2);
    char *j2 = buf_module_to_json(again, &n2);
    if (n1 != n2 || memcmp(j1, j2, n1) != 0)
      contract_failed("writing JSON is not a fixed point", j1, j2, NULL);
    if ((buf_verify(again) == BUF_SUCCESS) != valid)
      contract_failed(valid ? "a valid program writes as an invalid one"
                            : "an invalid program writes as a valid one",
                      j1, NULL, ctx2);
    if (valid) {
      check_text(module, false, &opts);
      check_text(module, true, &opts);
    } else {
      free(print(module, true, NULL));
    }
    buf_ctx_destroy(ctx2);
    free(j1);
    free(j2);
  }
  buf_ctx_destroy(ctx);
  return 0;
}
