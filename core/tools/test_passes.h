/* test_passes.h: passes buffer-opt offers for testing the pass machinery
 * itself (mlir-opt's test passes), never registered with the core: bufferd
 * does not accept them in a pipeline. */
#ifndef BUF_TOOLS_TEST_PASSES_H
#define BUF_TOOLS_TEST_PASSES_H

#include "buf/pipeline.h"

/* The test pass named `name`, or NULL. */
const buf_pass_def_t *buffer_opt_test_pass_lookup(const char *name);

/* Every test pass, in the order --help lists them. */
extern const buf_pass_def_t *const buffer_opt_test_passes[];
extern const uint32_t buffer_opt_num_test_passes;

#endif
