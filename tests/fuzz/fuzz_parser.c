/*
 * fuzz_parser.c: libFuzzer target for the MLIR text parser.
 *
 * Any byte string must parse or fail with a located diagnostic: no crash,
 * hang, leak or sanitizer report. Whatever parses, verified or not, prints
 * to text that the parser reads back and that prints the same again
 * (print(parse(print(parse(x)))) == print(parse(x))), in the custom form
 * and in the generic form; the text read back verifies exactly when the
 * first parse did (printing neither repairs nor breaks a program).
 *
 * The input is parsed without verification, so programs the verifier
 * rejects reach the printer too: the parser's own contract is that what it
 * accepts it can print and read again. A failed check prints both texts and
 * aborts, which libFuzzer reports as a crash.
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
  fprintf(stderr, "fuzz_parser: %s\n--- printed:\n%s", what, first);
  if (second)
    fprintf(stderr, "--- printed again:\n%s", second);
  if (ctx)
    buf_diags_print(ctx, stderr);
  abort();
}

/* Prints module (custom or generic form), reads the text back and checks
 * that it prints identically and verifies as module did. */
static void check_fixed_point(buf_op_t *module, bool valid, bool generic,
                              const buf_parse_options_t *opts) {
  size_t n1, n2;
  char *p1 = print(module, generic, &n1);
  buf_ctx_t *ctx = buf_ctx_create();
  buf_op_t *again = buf_parse_source(ctx, generic ? "generic.mlir" : "print.mlir",
                                     p1, n1, 1, opts);
  if (!again)
    contract_failed(generic ? "the generic form does not parse back"
                            : "the printed form does not parse back",
                    p1, NULL, ctx);
  char *p2 = print(again, generic, &n2);
  if (n1 != n2 || memcmp(p1, p2, n1) != 0)
    contract_failed(generic ? "the generic form is not a fixed point"
                            : "printing is not a fixed point",
                    p1, p2, NULL);
  bool valid_again = (buf_verify(again) == BUF_SUCCESS);
  if (valid_again != valid)
    contract_failed(valid ? "a valid program prints as an invalid one"
                          : "an invalid program prints as a valid one",
                    p1, NULL, ctx);
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
  buf_op_t *module = buf_parse_source(ctx, "fuzz.mlir", (const char *)data,
                                      size, 1, &opts);
  if (module) {
    bool valid = (buf_verify(module) == BUF_SUCCESS);
    check_fixed_point(module, valid, false, &opts);
    check_fixed_point(module, valid, true, &opts);
  }
  buf_ctx_destroy(ctx);
  return 0;
}
