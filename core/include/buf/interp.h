/*
 * buf/interp.h: the reference interpreter, the oracle for every pass.
 *
 * Runs a function of a module: tensors with value semantics, memrefs with
 * buffer semantics (strided layouts, subviews, unranked casts), scf/cf control
 * flow and calls, plus the runner-utils functions (printMemrefF32,
 * printNewline, ...) printing exactly what MLIR's runner utils print.
 * Undefined behaviour (out-of-bounds access, use after free, double free,
 * reads of uninitialized memory, and, when asked, buffers still live when
 * the entry function returns) is reported as a located error in the context
 * and stops the run.
 */
#ifndef BUF_INTERP_H
#define BUF_INTERP_H

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct buf_interp_options {
  FILE *out;            /* where the print functions write (stdout if NULL) */
  bool leak_check;      /* buffers live at the end of the entry call are errors */
  uint64_t max_steps;   /* bound on executed ops; 0: default (1e9) */
  uint64_t max_bytes;   /* bound on live allocated bytes; 0: default (4 GiB) */
  uint64_t max_wall_ms; /* bound on the run's wall time ("wall time limit"
                         * error); 0: none */
} buf_interp_options_t;

/* Statistics of one run, for benchmarks and the memory-footprint checks. */
typedef struct buf_interp_stats {
  uint64_t heap_allocs;   /* memref.alloc and friends executed */
  uint64_t stack_allocs;  /* memref.alloca executed */
  uint64_t copies;        /* memref.copy executed */
  uint64_t copied_bytes;  /* bytes those copies moved */
  uint64_t peak_live_bytes; /* heap, stack, globals and tensors together */
  uint64_t peak_heap_bytes; /* memref.alloc, realloc and clone buffers only */
  uint64_t steps;         /* ops executed */
} buf_interp_stats_t;

/* Runs function `func` of module.
 *
 * inputs_json: NULL (the function must take no arguments) or a JSON array
 * with one entry per argument, in the format documented in
 * schema/run-values.schema.json. results_json: when not NULL receives a
 * malloc'd JSON array of the results in the same format.
 * stats: when not NULL receives run statistics.
 * Returns BUF_FAILURE with a located diagnostic on any error or UB. */
buf_status_t buf_interp_run(buf_op_t *module, const char *func,
                            const char *inputs_json, char **results_json,
                            const buf_interp_options_t *opts,
                            buf_interp_stats_t *stats);

/* True when an input value of type `have` (schema/ inputs) can stand for a
 * function argument of type `want`: the same type, or tensors or memrefs of
 * the same element type whose static sizes agree (either side may be
 * unranked). A tensor input fits a memref argument and the other way round,
 * so the inputs written for a tensor program also run its bufferized form
 * (what the service's default pipeline makes). The interpreter and the JIT
 * accept the same inputs. */
bool buf_interp_input_type_fits(buf_type_t have, buf_type_t want);

/* ---- The arguments' JSON form, read once for the interpreter and the JIT */

/* The largest rank of a tensor or memref argument in the JSON form. */
#define BUF_RUN_MAX_RANK 16

/* One scalar of the JSON form, decoded for its type; each runner stores it
 * in its own form (the interpreter rounds floats to the type, the JIT
 * writes the type's bytes). */
typedef struct buf_run_elem {
  union {
    double f;   /* float types: the value as written, not yet rounded */
    uint64_t i; /* integer and index types: truncated to the width */
  };
  bool init;    /* false: null in "data", an uninitialized element */
} buf_run_elem_t;

/* One argument read from the JSON form. */
typedef struct buf_run_arg {
  buf_type_t type;         /* the type the entry names; it fits the argument's */
  uint32_t rank;           /* a tensor or memref: the sizes of "shape"; a scalar: 0 */
  int64_t shape[BUF_RUN_MAX_RANK];
  int64_t num_elements;    /* a tensor or memref: the elements of "data",
                            * row-major; a scalar: 1, its "value" */
  buf_run_elem_t *elems;   /* malloc'd; buf_run_args_free frees it */
} buf_run_arg_t;

/* Reads inputs_json, the arguments of function func in the format of
 * schema/run-values.schema.json, into args[0..n), one per argument type of
 * want[0..n), checking each entry against its argument: its "type" fits
 * (buf_interp_input_type_fits), its "shape" agrees with that type, its
 * "data" (nested arrays are flattened) holds one value per element and
 * every value is one of the element type. On failure emits one error at
 * func's location whose message starts with `prefix` (the interpreter's
 * "interpreter: ", the JIT's "") and returns BUF_FAILURE, leaving nothing in
 * args to free. */
buf_status_t buf_run_args_read(buf_op_t *func, const char *prefix, const char *inputs_json,
                               const buf_type_t *want, uint32_t n, buf_run_arg_t *args);
/* Frees what buf_run_args_read left in args[0..n). */
void buf_run_args_free(buf_run_arg_t *args, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif /* BUF_INTERP_H */
