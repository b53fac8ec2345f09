/*
 * buf/compile.h: the compile driver, the one path from program text to
 * artifacts. bufferd (server/compile_job.c) and buffer-opt
 * (core/tools/buffer-opt.c) both drive it, so for the same program,
 * pipeline and options they write the same bytes.
 *
 * A compilation owns a context (and so an arena) for its whole life, unless
 * the request lends it one. It runs in two steps so that the service can
 * consult its cache in between:
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
 * An artifact is a row of buf_artifacts[]: its name, media type, whether it
 * is binary, whether it needs the LLVM/GPU lowering, which target options
 * change its bytes, and the function that writes it. No other code maps an
 * artifact name to an emitter.
 *
 * Nothing here touches files, sockets or global state; two compilations on
 * two threads are independent.
 */
#ifndef BUF_COMPILE_H
#define BUF_COMPILE_H

#include <stdio.h>

#include "buf/bufferize.h"
#include "buf/interp.h"
#include "buf/ir.h"
#include "buf/lower.h"
#include "buf/pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version string that goes into cache keys: changes whenever the
 * compiler's output may change. */
#define BUF_COMPILER_VERSION "bufferd-0.2.0"

/* The pipeline used when a request names none: One-Shot Bufferize with
 * function boundaries and identity layouts, then ownership-based
 * deallocation. It is the bufferization every lowering starts with
 * (BUF_LLVM_BUFFERIZE_PIPELINE), so a default compile's memref artifact is
 * the program the llvm/obj/ptx artifacts lower, but for aggregated ops
 * (linalg.softmax), which the lowerings decompose first (BUF_LLVM_DECOMPOSE)
 * and the memref artifact keeps, as upstream's bufferization does. */
#define BUF_DEFAULT_PIPELINE BUF_LLVM_BUFFERIZE_PIPELINE

/* What the host artifacts (llvm, obj, run-native) are compiled for
 * (core/lower/llvm/lower_llvm.c); part of their cache keys. */
#define BUF_HOST_TRIPLE "x86_64-unknown-linux-gnu"
#define BUF_HOST_CPU "x86-64"
/* The GPU architecture of ptx/gpu-manifest when a request names none. */
#define BUF_DEFAULT_GPU_ARCH "sm_90"
/* The LLVM optimization level (default<O2>) of the lowering artifacts when
 * a request names none. */
#define BUF_DEFAULT_LLVM_OPT_LEVEL 2

typedef struct buf_compilation buf_compilation_t;
typedef struct buf_artifact_def buf_artifact_def_t;

typedef struct buf_compile_request {
  const char *program;        /* MLIR text, or the JSON form */
  size_t program_len;
  bool program_is_json;
  const char *file_name;      /* for diagnostics; "<request>" when NULL */
  uint32_t first_line;        /* line of the text's first line; 0: 1 */
  const char *pipeline;       /* mlir-opt style; NULL: BUF_DEFAULT_PIPELINE */
  /* Wanted artifacts, e.g. {"memref", "report"}; none means {"memref"}. */
  const char *const *artifacts;
  uint32_t num_artifacts;
  bool service;               /* refuse artifacts the daemon must not make */
  uint64_t max_ops;           /* 0: unbounded */
  uint32_t max_depth;         /* 0: parser default */
  /* Bounds of the pipeline and of the compile's work (buf/pipeline.h); a
   * compile a bound stops fails with BUF_COMPILE_LIMIT. max_memory and
   * deadline_ns are also checked before each artifact is made. */
  buf_pipeline_limits_t limits;
  /* Target options (each changes only the artifacts that use it). */
  const char *gpu_arch;       /* ptx, gpu-manifest: NULL: BUF_DEFAULT_GPU_ARCH */
  const char *libdevice;      /* ptx: NULL: buf_gpu_libdevice_path() */
  const char *run_func;       /* run, run-native: the function (no '@');
                               * NULL: "main" for the service */
  const char *run_inputs;     /* its arguments (schema/run-values.schema.json);
                               * NULL: it takes none */
  bool llvm_opt_level_set;    /* llvm, obj, ptx, gpu-manifest, run-native: */
  int llvm_opt_level;         /* LLVM's default<On>, 0..3 (0: no pass);
                               * unset: BUF_DEFAULT_LLVM_OPT_LEVEL */
  /* Limits of the run artifact (not of its bytes: not in cache keys). */
  uint64_t run_max_steps;     /* 0: the interpreter's default */
  uint64_t run_max_bytes;     /* 0: the interpreter's default */
  uint64_t run_max_wall_ms;   /* 0: none */
  bool run_leak_check;        /* buffers live when run's function returns are errors */
  /* Printing of the memref artifact (buffer-opt's flags). */
  bool print_generic;
  bool print_debug_info;
  bool print_local_scope;    /* --mlir-print-local-scope: no aliases */
  bool print_elide_resources;          /* --mlir-elide-resource-strings-if-larger */
  uint64_t print_elide_resources_above; /* its bound */
  /* Borrowed, for buffer-opt: compile in this context (NULL: a context of
   * the compilation's own); record bufferization into this report (NULL:
   * a report of its own when "report" is wanted); run this pipeline, built
   * in ctx from pass flags (NULL: parse `pipeline`); the parser's progress
   * callback (buf_parse_options_t.consumed). */
  buf_ctx_t *ctx;
  buf_pipeline_t *built_pipeline; /* in ctx; used instead of pipeline */
  buf_bz_report_t *report;
  void (*consumed)(void *user, size_t offset);
  void *consumed_user;
  /* When set, called once per wanted artifact before it is made: a stream
   * to write it to directly (it is then not kept in the compilation), or
   * NULL to keep it in memory. buffer-opt streams to its output files. */
  FILE *(*stream)(void *user, const buf_artifact_def_t *artifact);
  void *stream_user;
} buf_compile_request_t;

/* Which target options change an artifact's bytes (buf_artifact_def_t.uses). */
enum {
  BUF_USES_HOST = 1,          /* BUF_HOST_TRIPLE, BUF_HOST_CPU */
  BUF_USES_GPU = 2,           /* gpu_arch, libdevice */
  BUF_USES_RUN = 4,           /* run_func, run_inputs */
  BUF_USES_FILE = 8,          /* file_name: the artifact shows source locations */
  BUF_USES_LLVM = 16,         /* llvm_opt_level */
};

/* Writes one artifact of c's program (module: after the pipeline; a copy
 * when the row lowers) to out. BUF_FAILURE with located diagnostics. */
typedef buf_status_t (*buf_artifact_emit_fn)(buf_compilation_t *c,
                                             buf_op_t *module, FILE *out);

struct buf_artifact_def {
  const char *name;           /* "memref", "llvm", ... */
  const char *media_type;     /* Content-Type of GET /v1/artifacts/{key}/{name} */
  const char *extension;      /* file name suffix (bufferc, buffer-opt -o) */
  bool binary;                /* base64 in JSON responses */
  bool lowers;                /* runs the LLVM/GPU lowering after the pipeline;
                               * rewrites its module (a copy) */
  bool service;               /* bufferd may make it (not the JIT) */
  unsigned uses;              /* BUF_USES_* */
  buf_artifact_emit_fn emit;
  const char *summary;
};

/* The artifact table, in the order artifacts are made. */
extern const buf_artifact_def_t buf_artifacts[];
extern const uint32_t buf_num_artifacts;
/* The row named name, or NULL. */
const buf_artifact_def_t *buf_artifact_lookup(const char *name);

/* One artifact made by buf_compilation_run (not streamed). */
typedef struct buf_compile_artifact {
  const char *name;           /* the row's name */
  const buf_artifact_def_t *def;
  const char *data;           /* NUL-terminated, valid until destroy (or
                               * taken: buf_compilation_take_artifact) */
  size_t len;
  bool binary;                /* base64 in JSON responses */
} buf_compile_artifact_t;

/* Why a compilation failed (buf_compilation_failure). */
typedef enum buf_compile_failure {
  BUF_COMPILE_OK,
  BUF_COMPILE_REQUEST_ERROR,  /* unknown pass, option or artifact */
  BUF_COMPILE_PROGRAM_ERROR,  /* the program (diagnostics say where) */
  BUF_COMPILE_RUN_STEPS,      /* run: the step limit was reached */
  BUF_COMPILE_RUN_BYTES,      /* run: the allocation limit was reached */
  BUF_COMPILE_RUN_TIME,       /* run: the wall time limit was reached */
  BUF_COMPILE_LIMIT,          /* a bound of the request (buf_compilation_limit) */
} buf_compile_failure_t;

buf_compilation_t *buf_compilation_create(const buf_compile_request_t *req);
void buf_compilation_destroy(buf_compilation_t *c);

/* Parses the program, verifies it and parses the pipeline and the artifact
 * list. BUF_FAILURE: a program or request error (see diagnostics). */
buf_status_t buf_compilation_prepare(buf_compilation_t *c);
/* After a failed prepare: true when the request itself was wrong (unknown
 * pass or option, unknown artifact), false when the program was. */
bool buf_compilation_request_error(const buf_compilation_t *c);
/* After a failure: its kind. */
buf_compile_failure_t buf_compilation_failure(const buf_compilation_t *c);
/* After a BUF_COMPILE_LIMIT failure: the bound that stopped it. */
buf_limit_t buf_compilation_limit(const buf_compilation_t *c);
/* Bytes the compilation's context holds now (buf_ctx_memory_used). */
size_t buf_compilation_memory_used(const buf_compilation_t *c);
/* Canonical text of the input program (SSA names and whitespace
 * normalized), printed on the first call; call it before
 * buf_compilation_run. */
const char *buf_compilation_canonical_ir(buf_compilation_t *c);
/* The dense_resource blobs the program references, which the canonical IR
 * names without their bytes: a malloc'd array of *n (caller frees). */
const buf_resource_t **buf_compilation_resources(const buf_compilation_t *c,
                                                 uint32_t *n);
/* The normalized pipeline text. */
const char *buf_compilation_pipeline(const buf_compilation_t *c);
/* Sorted, comma-separated artifact names. */
const char *buf_compilation_artifact_list(const buf_compilation_t *c);
/* BUF_USES_* of the wanted artifacts together. */
unsigned buf_compilation_uses(const buf_compilation_t *c);
/* The LLVM optimization level the lowering artifacts are made at (the
 * request's, else BUF_DEFAULT_LLVM_OPT_LEVEL). */
int buf_compilation_llvm_opt_level(const buf_compilation_t *c);
/* Number of ops of the parsed program (for limits and logs). */
uint64_t buf_compilation_num_ops(const buf_compilation_t *c);

/* Runs the pipeline and makes the wanted artifacts, in table order. Stops
 * at the first that fails; the artifacts made so far stay (a failed run
 * keeps what the function printed before it failed). */
buf_status_t buf_compilation_run(buf_compilation_t *c);
uint32_t buf_compilation_num_artifacts(const buf_compilation_t *c);
const buf_compile_artifact_t *buf_compilation_artifact(const buf_compilation_t *c,
                                                       uint32_t i);
/* Transfers artifact i's bytes to the caller (malloc'd, NUL-terminated,
 * *len bytes; free them), so a large artifact need not be copied; the
 * artifact is then empty. NULL when there is no such artifact or it was
 * taken already. */
char *buf_compilation_take_artifact(buf_compilation_t *c, uint32_t i, size_t *len);
/* The statistics of the run artifact's run; false when nothing ran. */
bool buf_compilation_run_stats(const buf_compilation_t *c, buf_interp_stats_t *stats);
/* The run statistics as a JSON object (malloc'd), or NULL when nothing ran. */
char *buf_compilation_run_stats_json(const buf_compilation_t *c);
/* Per-pass wall times of the pipeline (arena memory; pass names static). */
const buf_pass_timing_t *buf_compilation_pass_timings(const buf_compilation_t *c,
                                                      uint32_t *n);
/* Diagnostics so far as a JSON array (malloc'd):
 * [{"severity","file","line","col","message","notes":[...]}]. */
char *buf_compilation_diagnostics_json(const buf_compilation_t *c);
/* Diagnostics as compiler text (file:line:col: error: ..., with carets). */
char *buf_compilation_diagnostics_text(const buf_compilation_t *c);
/* Wall seconds of the phases: "parse", "verify", "print", "passes", "emit". */
double buf_compilation_time(const buf_compilation_t *c, const char *phase);
/* The phases of the lowerings that made artifacts (part of "emit"), or
 * NULL when no artifact lowered. */
const buf_lower_timing_t *buf_compilation_lower_timing(const buf_compilation_t *c);

/* The report artifact's bytes for report (its JSON and a newline), to out;
 * false when it cannot be written. buffer-opt writes the report of several
 * --split-input-file chunks with it. */
bool buf_compile_report_write(const buf_bz_report_t *report, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* BUF_COMPILE_H */
