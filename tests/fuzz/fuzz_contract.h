/*
 * fuzz_contract.h: what the fuzz targets share. Each target defines
 * FUZZ_TARGET (its name, for the report) before including this.
 *
 * fuzz_contract_failed reports a broken contract with the texts involved
 * and aborts, which libFuzzer reports as a crash. fuzz_check_text is the
 * text contract of a parsed module: printed in the custom or generic form
 * it reads back, prints the same again, and verifies exactly when the
 * module did.
 */
#ifndef BUF_FUZZ_CONTRACT_H
#define BUF_FUZZ_CONTRACT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/syntax.h"

static void fuzz_contract_failed(const char *what, const char *first, const char *second,
                                 buf_ctx_t *ctx) {
  fprintf(stderr, "%s: %s\n--- first:\n%s\n", FUZZ_TARGET, what, first);
  if (second)
    fprintf(stderr, "--- second:\n%s\n", second);
  if (ctx)
    buf_diags_print(ctx, stderr);
  abort();
}

#ifndef FUZZ_NO_TEXT
static char *fuzz_print(buf_op_t *module, bool generic, size_t *len) {
  buf_print_options_t o = buf_print_options_default();
  o.generic = generic;
  return buf_print_op_to_string(module, &o, len);
}

static void fuzz_check_text(buf_op_t *module, bool valid, bool generic,
                            const buf_parse_options_t *opts) {
  size_t n1, n2;
  char *p1 = fuzz_print(module, generic, &n1);
  buf_ctx_t *ctx = buf_ctx_create();
  buf_op_t *again = buf_parse_source(ctx, generic ? "generic.mlir" : "print.mlir",
                                     p1, n1, 1, opts);
  if (!again)
    fuzz_contract_failed(generic ? "the generic form does not parse back"
                                 : "the printed form does not parse back",
                         p1, NULL, ctx);
  char *p2 = fuzz_print(again, generic, &n2);
  if (n1 != n2 || memcmp(p1, p2, n1) != 0)
    fuzz_contract_failed(generic ? "the generic form is not a fixed point"
                                 : "printing is not a fixed point",
                         p1, p2, NULL);
  if ((buf_verify(again) == BUF_SUCCESS) != valid)
    fuzz_contract_failed(valid ? "a valid program prints as an invalid one"
                               : "an invalid program prints as a valid one",
                         p1, NULL, ctx);
  buf_ctx_destroy(ctx);
  free(p1);
  free(p2);
}
#endif

#endif /* BUF_FUZZ_CONTRACT_H */
