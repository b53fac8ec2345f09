/*
 * fuzz_pipeline.c: libFuzzer target for the textual pass-pipeline parser
 * (core/pipeline/pipeline.c), what --pass-pipeline= and the daemon's
 * "pipeline" field go through.
 *
 * Any byte string (up to its first NUL, as a C string reaches the parser)
 * must parse or fail with a diagnostic: no crash, hang, leak, sanitizer
 * report or runaway memory, and never more than BUF_PIPELINE_MAX_PASSES
 * passes (a request's pipeline is bounded). Whatever parses prints (buf_pipeline_to_string)
 * to the normalized text, which parses back to the same passes and prints
 * the same again. A failed check prints both texts and aborts, which
 * libFuzzer reports as a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf/pipeline.h"

#define FUZZ_TARGET "fuzz_pipeline"
#define FUZZ_NO_TEXT
#include "fuzz_contract.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  if (size > 1 << 16)
    return 0;
  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = 0;
  buf_ctx_t *ctx = buf_ctx_create();
  buf_pipeline_t *pl = buf_pipeline_create(ctx);
  if (!BUF_FAILED(buf_pipeline_parse(pl, text))) {
    if (buf_pipeline_num_passes(pl) > BUF_PIPELINE_MAX_PASSES)
      fuzz_contract_failed("more passes than a pipeline may hold", text, NULL, NULL);
    const char *s1 = buf_pipeline_to_string(pl);
    buf_ctx_t *ctx2 = buf_ctx_create();
    buf_pipeline_t *again = buf_pipeline_create(ctx2);
    if (BUF_FAILED(buf_pipeline_parse(again, s1)))
      fuzz_contract_failed("the normalized pipeline does not parse back", s1, NULL,
                      ctx2);
    const char *s2 = buf_pipeline_to_string(again);
    if (strcmp(s1, s2) != 0 ||
        buf_pipeline_num_passes(pl) != buf_pipeline_num_passes(again))
      fuzz_contract_failed("the normalized pipeline is not a fixed point", s1, s2,
                      NULL);
    buf_ctx_destroy(ctx2);
  }
  buf_ctx_destroy(ctx);
  free(text);
  return 0;
}
