/* verify_diagnostics.h: buffer-opt's --verify-diagnostics. */
#ifndef BUF_TOOLS_VERIFY_DIAGNOSTICS_H
#define BUF_TOOLS_VERIFY_DIAGNOSTICS_H

#include <stdio.h>

#include "buf/ir.h"

/* Matches the diagnostics recorded in ctx against the expected-error,
 * expected-warning, expected-note and expected-remark comments of the chunk
 * `text` (whose first line is first_line of `file`), as mlir-opt does.
 * Reports each unexpected diagnostic and each unmet expectation to out and
 * returns BUF_FAILURE when there is any; with only_expected (mlir-opt's
 * --verify-diagnostics=only-expected) diagnostics no comment expects are
 * let pass. */
buf_status_t buf_verify_expected_diagnostics(buf_ctx_t *ctx, const char *file,
                                             const char *text, size_t len,
                                             uint32_t first_line, bool only_expected,
                                             FILE *out);

#endif
