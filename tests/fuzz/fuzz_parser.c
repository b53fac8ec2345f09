/*
 * fuzz_parser.c: libFuzzer target for the MLIR text parser.
 *
 * Any byte string must parse or fail with a located diagnostic: no crash,
 * hang, leak or sanitizer report. When the input parses and verifies, the
 * printed form must parse again and print identically (printing is a fixed
 * point), and the generic form must parse too.
 */
#include <stdlib.h>
#include <string.h>

#include "buf/syntax.h"

static char *print(buf_op_t *module, bool generic, size_t *len) {
  buf_print_options_t o = buf_print_options_default();
  o.generic = generic;
  return buf_print_op_to_string(module, &o, len);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  if (size > 1 << 16)
    return 0;
  buf_ctx_t *ctx = buf_ctx_create();
  buf_parse_options_t opts = buf_parse_options_default();
  opts.max_ops = 10000;
  buf_op_t *module = buf_parse_source(ctx, "fuzz.mlir", (const char *)data,
                                      size, 1, &opts);
  if (module) {
    size_t n1, n2, ng;
    char *p1 = print(module, false, &n1);
    char *pg = print(module, true, &ng);
    buf_ctx_t *ctx2 = buf_ctx_create();
    buf_op_t *again = buf_parse_source(ctx2, "print.mlir", p1, n1, 1, &opts);
    if (!again) {
      buf_diags_print(ctx2, stderr);
      abort(); /* our own print must read back */
    }
    char *p2 = print(again, false, &n2);
    if (n1 != n2 || memcmp(p1, p2, n1) != 0)
      abort(); /* printing must be a fixed point */
    buf_ctx_t *ctx3 = buf_ctx_create();
    if (!buf_parse_source(ctx3, "generic.mlir", pg, ng, 1, &opts)) {
      buf_diags_print(ctx3, stderr);
      abort();
    }
    buf_ctx_destroy(ctx3);
    buf_ctx_destroy(ctx2);
    free(p1);
    free(p2);
    free(pg);
  }
  buf_ctx_destroy(ctx);
  return 0;
}
