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
#define FUZZ_TARGET "fuzz_parser"
#include "fuzz_contract.h"

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
    fuzz_check_text(module, valid, false, &opts);
    fuzz_check_text(module, valid, true, &opts);
  }
  buf_ctx_destroy(ctx);
  return 0;
}
