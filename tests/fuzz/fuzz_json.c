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
#define FUZZ_TARGET "fuzz_json"
#include "fuzz_contract.h"

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
      fuzz_contract_failed("the written JSON does not read back", j1, NULL, ctx2);
    char *j2 = buf_module_to_json(again, &n2);
    if (n1 != n2 || memcmp(j1, j2, n1) != 0)
      fuzz_contract_failed("writing JSON is not a fixed point", j1, j2, NULL);
    if ((buf_verify(again) == BUF_SUCCESS) != valid)
      fuzz_contract_failed(valid ? "a valid program writes as an invalid one"
                            : "an invalid program writes as a valid one",
                      j1, NULL, ctx2);
    if (valid) {
      fuzz_check_text(module, true, false, &opts);
      fuzz_check_text(module, true, true, &opts);
    } else {
      free(fuzz_print(module, true, NULL));
    }
    buf_ctx_destroy(ctx2);
    free(j1);
    free(j2);
  }
  buf_ctx_destroy(ctx);
  return 0;
}
