/*
 * buf/compile.h: one compilation, as the service runs it.
 *
 * A compilation owns a context (and so an arena) for its whole life. It runs
 * in two steps so that the service can consult its cache in between:
 *
 *   buf_compilation_t *c = buf_compilation_create(&request);
 *   if (buf_compilation_prepare(c) == BUF_SUCCESS) {   parse, verify,
 *     key parts: buf_compilation_canonical_ir(c),      canonical print,
 *                buf_compilation_pipeline(c)           normalized pipeline
 *     ... cache lookup ...
 *     buf_compilation_run(c);                          passes + artifacts
 *   }
 *   diagnostics: buf_compilation_diagnostics_json(c)
 *   buf_compilation_destroy(c);
 *
 * Nothing here touches files, sockets or global state; two compilations on
 * two threads are independent.
 */
#ifndef BUF_COMPILE_H
#define BUF_COMPILE_H

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version string that goes into cache keys: changes whenever the
 * compiler's output may change. */
#define BUF_COMPILER_VERSION "bufferd-0.1.0"

/* The pipeline used when a request names none. */
#define BUF_DEFAULT_PIPELINE ""

typedef struct buf_compile_request {
  const char *program;        /* MLIR text, or the JSON form */
  size_t program_len;
  bool program_is_json;
  const char *file_name;      /* for diagnostics; "<request>" when NULL */
  const char *pipeline;       /* mlir-opt style; NULL: BUF_DEFAULT_PIPELINE */
  /* Wanted artifacts, e.g. {"memref", "report"}; none means {"memref"}. */
  const char *const *artifacts;
  uint32_t num_artifacts;
  uint64_t max_ops;           /* 0: unbounded */
  uint32_t max_depth;         /* 0: parser default */
} buf_compile_request_t;

typedef struct buf_compilation buf_compilation_t;

typedef struct buf_compile_artifact {
  const char *name;           /* "memref", "json", ... */
  const char *data;           /* arena memory, valid until destroy */
  size_t len;
  bool binary;                /* base64 in JSON responses */
} buf_compile_artifact_t;

buf_compilation_t *buf_compilation_create(const buf_compile_request_t *req);
void buf_compilation_destroy(buf_compilation_t *c);

/* Parses the program, verifies it, prints it canonically and parses the
 * pipeline. BUF_FAILURE: a program or request error (see diagnostics). */
buf_status_t buf_compilation_prepare(buf_compilation_t *c);
/* After a failed prepare: true when the request itself was wrong (unknown
 * pass or option, unknown artifact), false when the program was. */
bool buf_compilation_request_error(const buf_compilation_t *c);
/* Canonical text of the input program (SSA names and whitespace normalized). */
const char *buf_compilation_canonical_ir(const buf_compilation_t *c);
/* The normalized pipeline text. */
const char *buf_compilation_pipeline(const buf_compilation_t *c);
/* Sorted, comma-separated artifact names. */
const char *buf_compilation_artifact_list(const buf_compilation_t *c);
/* Number of ops of the parsed program (for limits and logs). */
uint64_t buf_compilation_num_ops(const buf_compilation_t *c);

/* Runs the pipeline and produces the artifacts. */
buf_status_t buf_compilation_run(buf_compilation_t *c);
uint32_t buf_compilation_num_artifacts(const buf_compilation_t *c);
const buf_compile_artifact_t *buf_compilation_artifact(const buf_compilation_t *c,
                                                       uint32_t i);
/* Diagnostics so far as a JSON array (malloc'd):
 * [{"severity","file","line","col","message","notes":[...]}]. */
char *buf_compilation_diagnostics_json(const buf_compilation_t *c);
/* Diagnostics as compiler text (file:line:col: error: ..., with carets). */
char *buf_compilation_diagnostics_text(const buf_compilation_t *c);
/* Wall seconds of the phases: "parse", "verify", "print", "passes". */
double buf_compilation_time(const buf_compilation_t *c, const char *phase);

/* Artifact kinds this build can produce, NULL-terminated. */
extern const char *const buf_artifact_kinds[];

#ifdef __cplusplus
}
#endif

#endif /* BUF_COMPILE_H */
