/*
 * buf/bufferize.h: the bufferization model of ops and the One-Shot
 * Bufferize machinery that asks it.
 *
 * A buf_bufferize_model_t is MLIR's BufferizableOpInterface as a struct of
 * function pointers. The analysis (which tensor operand may be written in
 * place) and the rewrite (tensor ops -> memref ops) never look at op names;
 * they ask the model of the op's definition. Models live in tables keyed by
 * op name in core/bufferize/models_*.c and are resolved once per op
 * definition per run (buf_bz_model_of).
 *
 * Vocabulary (as upstream):
 *   - an operand "reads" when the op reads the contents of its buffer;
 *   - an operand "writes" when, bufferized in place, the op writes into its
 *     buffer;
 *   - a value "aliases" an operand when its buffer may be (part of) the
 *     operand's buffer; the relation is EQUIV when it is exactly the same
 *     buffer;
 *   - a "definition" of a read is the last value in the reverse use-def
 *     chain whose op writes (or a block argument);
 *   - an op value with undefined contents (tensor.empty) has no definition.
 *
 * Invariants: every hook is pure (it reads the IR and the analysis, changes
 * nothing) except `bufferize`, which rewrites its op through the rewriter.
 * Hooks left NULL take the documented default.
 */
#ifndef BUF_BUFFERIZE_H
#define BUF_BUFFERIZE_H

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The analysis state of one run (alias/equivalence sets, decisions). */
typedef struct buf_bz_s buf_bz_t;
/* The rewrite state of one run (tensor value -> buffer value map). */
typedef struct buf_bz_rewriter_s buf_bz_rewriter_t;
/* A bufferization report: one record per allocation and copy. */
typedef struct buf_bz_report_s buf_bz_report_t;

typedef enum buf_bz_relation {
  BUF_BZ_EQUIV, /* the same buffer */
  BUF_BZ_MAYBE, /* may be a part of / may be the buffer */
} buf_bz_relation_t;

typedef struct buf_bz_alias {
  buf_value_t *value; /* an op result or a block argument of a region */
  buf_bz_relation_t rel;
} buf_bz_alias_t;

typedef enum buf_bz_region_kind {
  BUF_BZ_REGION_PLAIN = 0,    /* runs at most once per op execution */
  BUF_BZ_REGION_REPETITIVE,   /* may run many times in sequence (loops) */
  BUF_BZ_REGION_PARALLEL,     /* many instances run concurrently (forall) */
} buf_bz_region_kind_t;

#define BUF_BZ_MAX_ALIASES 16

/* The part of a tensor an operand accesses, as a box of static index
 * progressions (upstream's HyperrectangularSlice, static only): per
 * dimension d the indices lo[d], lo[d] + step[d], ..., hi[d] (step 0: lo[d]
 * alone). */
#define BUF_BZ_SUBSET_MAX_RANK 8
typedef struct buf_bz_subset {
  buf_value_t *of;  /* the tensor the box indexes */
  uint32_t rank;
  bool complement;  /* everything of `of` except the box */
  int64_t lo[BUF_BZ_SUBSET_MAX_RANK], hi[BUF_BZ_SUBSET_MAX_RANK],
      step[BUF_BZ_SUBSET_MAX_RANK];
} buf_bz_subset_t;

typedef enum buf_bz_insertion {
  BUF_BZ_INSERT_NONE = 0,
  BUF_BZ_INSERT_SLICE, /* operand segments 2..4: dynamic offsets, sizes and
                          strides; static_offsets/sizes/strides the rest */
  BUF_BZ_INSERT_WHOLE, /* the whole destination, of the source's type */
} buf_bz_insertion_t;

struct buf_bufferize_model_s {
  /* Does the operand bufferize to a memory read? NULL: true. */
  bool (*reads)(buf_bz_t *bz, buf_use_t *operand);
  /* Does the operand bufferize to a memory write (when in place)? NULL:
   * false. */
  bool (*writes)(buf_bz_t *bz, buf_use_t *operand);
  /* Values (results, or region block arguments) that alias the operand's
   * buffer when it bufferizes in place. Returns the count (<= max). NULL:
   * none. */
  uint32_t (*aliases)(buf_bz_t *bz, buf_use_t *operand, buf_bz_alias_t *out,
                      uint32_t max);
  /* The operand is always in place (terminators that forward values).
   * NULL: false. */
  bool (*must_inplace)(buf_bz_t *bz, buf_use_t *operand);
  /* Is the result a definition (its op writes it)? NULL: true when an
   * aliasing operand writes, or when it aliases no operand and has defined
   * contents. */
  bool (*result_writes)(buf_bz_t *bz, buf_value_t *result);
  /* Are the result's contents undefined (tensor.empty)? NULL: false. */
  bool (*result_undefined)(buf_bz_t *bz, buf_value_t *result);
  /* May the result's buffer be written? NULL: true. */
  bool (*result_writable)(buf_bz_t *bz, buf_value_t *result);
  /* May a block argument of one of the op's regions be written? NULL:
   * true. */
  bool (*arg_writable)(buf_bz_t *bz, buf_value_t *arg);
  /* Op-specific rule: the read `read` (an operand of this op) does not
   * conflict with the write `write` although the generic rules say so
   * (extract_slice / insert_slice on the same slice). NULL: false. */
  bool (*not_conflicting)(buf_bz_t *bz, buf_use_t *read, buf_use_t *write);
  /* Two operands of this op accessed element-wise (element i of the write
   * only depends on element i of the read). NULL: false. */
  bool (*elementwise)(buf_bz_t *bz, buf_use_t *a, buf_use_t *b);
  /* How region `region` of op executes. NULL: PLAIN. */
  buf_bz_region_kind_t (*region_kind)(const buf_op_t *op, uint32_t region);
  /* One-Shot's precondition on the op, checked before any decision (as
   * upstream's pre-bufferization assumptions): emits a located error and
   * fails when the analysis cannot keep the op's promise. NULL: holds. */
  buf_status_t (*precondition)(buf_bz_t *bz, buf_op_t *op);
  /* Upstream's verifyAnalysis: checked once every operand of the op's
   * function is decided (alias and equivalence sets final), for limits
   * of the op's bufferization the decisions reveal (a loop yielding a
   * value not equivalent to its iteration argument, unless
   * allow-return-allocs-from-loops). Emits a located error and fails;
   * NULL: holds. */
  buf_status_t (*verify_analysis)(buf_bz_t *bz, buf_op_t *op);
  /* True when at most one of the op's regions runs (scf.if). */
  bool exclusive_regions;
  /* Replaces op by its buffer form through the rewriter. Must map every
   * tensor result (buf_bz_replace) and leave the old op for the rewriter
   * to erase. */
  buf_status_t (*bufferize)(buf_bz_rewriter_t *rw, buf_op_t *op);
  /* After the rewrite: when buffer result `result` of the op (its buffer
   * form) is at run time exactly the buffer of one of its operands, that
   * operand's value; NULL otherwise (a call whose callee returns an
   * argument it was proven equivalent to). Lets a loop see that it yields
   * its own iteration buffer back. NULL: never. */
  buf_value_t *(*forwarded_buffer)(buf_bz_t *bz, buf_value_t *result);
  /* Subsets (upstream's SubsetOpInterface), for the rule that accesses of
   * disjoint parts of one tensor never conflict. These describe the op
   * whether or not a partial bufferization bufferizes it. */
  /* The part of operand's tensor that the op reads (write false) or, in
   * place, writes: fills *out and returns true, or returns false when it
   * cannot say. Operands the op accesses whole: buf_bz_subset_whole. NULL:
   * every operand is accessed whole. */
  bool (*accessed_subset)(buf_use_t *operand, bool write,
                          buf_bz_subset_t *out);
  /* Result 0 is a static box of a source operand (extract_slice): maps
   * *subset, a box of result 0, onto that source (subset->of becomes it)
   * and returns true; false (subset unchanged) when it cannot. NULL: no
   * such source. */
  bool (*subset_in_source)(const buf_op_t *op, buf_bz_subset_t *subset);
  /* Is `result` (a result of this op) the same subset of an equivalent
   * tensor as `other` (two extract_slices of one slice)? NULL: false. */
  bool (*same_subset)(buf_bz_t *bz, buf_value_t *result, buf_value_t *other);
  /* Upstream's SubsetInsertionOpInterface: the op inserts operand 0 (its
   * source) into operand 1 (its destination), a slice of it or the whole.
   * Empty-tensor elimination builds the source in the destination. */
  buf_bz_insertion_t insertion;
  /* Upstream's buildSubsetExtraction, for insertion ops: builds with b a
   * tensor of operand 0's type that holds the part of the destination
   * operand 0 is inserted into (an extract_slice of the destination, the
   * destination tensor itself, a to_tensor of a destination memref), or
   * returns NULL when it cannot. It only uses operands 1.. of op, and may
   * change op: a memref destination hands its `restrict` to the new
   * to_tensor, which must stay the only restrict one. NULL: none. */
  buf_value_t *(*build_subset_extraction)(buf_builder_t *b, buf_op_t *op);
  /* The bufferization report's words. alloc_reason: what the op's own
   * bufferization allocates or copies for ("empty tensor", "insert slice",
   * "function boundary"); NULL: "layout change" (a cast that is not always
   * valid becomes a copy). read_only_reason: what writing a read-only
   * result of the op is called ("written constant"); NULL: "not
   * writable". */
  const char *alloc_reason;
  const char *read_only_reason;
};

/* ------------------------------------------------------------------------ */
/* Options                                                                   */
/* ------------------------------------------------------------------------ */

typedef enum buf_bz_layout {
  BUF_BZ_LAYOUT_INFER,         /* infer-layout-map */
  BUF_BZ_LAYOUT_IDENTITY,      /* identity-layout-map */
  BUF_BZ_LAYOUT_FULLY_DYNAMIC, /* fully-dynamic-layout-map */
} buf_bz_layout_t;

typedef enum buf_bz_heuristic {
  BUF_BZ_BOTTOM_UP = 0,             /* last op first (the default) */
  BUF_BZ_TOP_DOWN,                  /* first op first */
  BUF_BZ_BOTTOM_UP_FROM_TERMINATORS, /* ops feeding region terminators first */
  BUF_BZ_FUZZER,                    /* a random order from fuzzer_seed */
} buf_bz_heuristic_t;

typedef struct buf_bz_options {
  bool function_boundaries;
  buf_bz_layout_t boundary_layout;
  /* A boundary tensor whose encoding stands for a memref layout
   * (buf_ctx_encoding_layout) gets that layout, whatever boundary_layout
   * says, as upstream's test-one-shot-module-bufferize converts them. */
  bool encoding_layouts;
  /* A loop may yield a value that is not equivalent to its iteration
   * argument (the rewrite copies it into the iteration buffer, or hands an
   * unknown op's buffer on to the next iteration: models_scf.c); false:
   * the analysis refuses such a loop with a located error, as upstream. */
  bool allow_return_allocs_from_loops;
  bool allow_unknown_ops;
  bool copy_before_write;
  /* The order in which ops are analysed (upstream's analysis-heuristic):
   * every order gives a correct result, they differ in which of two
   * conflicting writes gets the copy. */
  buf_bz_heuristic_t heuristic;
  uint64_t fuzzer_seed;        /* BUF_BZ_FUZZER: the order's seed */
  /* Functions (by symbol name, comma-separated) analysed as with
   * copy_before_write: upstream's no-analysis-func-filter. NULL: none. */
  const char *no_analysis_funcs;
  /* Dialects (comma-separated) whose ops are bufferized; the others stay
   * on tensors like allowed unknown ops: upstream's dialect-filter. NULL:
   * every dialect. */
  const char *dialect_filter;
  buf_bz_layout_t unknown_layout; /* layout of buffers of unknown ops' tensors */
  bool must_infer_memory_space; /* an allocation without a memory space fails */
  bool use_encoding_for_memory_space; /* a tensor's encoding is its memory space */
  int64_t buffer_alignment;    /* alignment of new allocations; 0: upstream's
                                * default, 64; negative: none */
  bool test_analysis_only;
  bool print_conflicts;
  bool dump_alias_sets;
  bool check_parallel_regions;
  /* Partial bufferization (--tensor-bufferize etc.): when set, only ops
   * whose name it accepts are bufferized; the others stay on tensors like
   * allowed unknown ops, behind bufferization.to_buffer / to_tensor with
   * identity layouts. It must decide by the name alone (models are cached
   * per op definition). Loops and branches keep the region kinds of their
   * models in the analysis either way. NULL: every op. */
  bool (*op_filter)(const char *op_name);
  /* Checks the analysis against itself: every decision the conflict index
   * answers is also answered by the full scan of all reads against all
   * writes, and a disagreement is a located error that fails the run
   * (tests/scripts/bufferize_analysis_index.sh). Slow; for tests. */
  bool verify_analysis;
} buf_bz_options_t;

/* ------------------------------------------------------------------------ */
/* Queries the models may make                                               */
/* ------------------------------------------------------------------------ */

/* The model of op's definition, or NULL (unknown op). */
const buf_bufferize_model_t *buf_bz_model_of(buf_bz_t *bz, const buf_op_t *op);
const buf_bz_options_t *buf_bz_options(const buf_bz_t *bz);
/* Fills *out with the whole of tensor v, when v has a static shape of rank
 * at most BUF_BZ_SUBSET_MAX_RANK (false otherwise). */
bool buf_bz_subset_whole(buf_value_t *v, buf_bz_subset_t *out);
/* Is the value (transitively, through non-writing aliasing uses) read? */
bool buf_bz_value_read(buf_bz_t *bz, buf_value_t *v);
/* Are a and b known to bufferize to the same buffer? */
bool buf_bz_equivalent(buf_bz_t *bz, buf_value_t *a, buf_value_t *b);
/* May a and b share (part of) a buffer (one alias set)? */
bool buf_bz_may_alias(buf_bz_t *bz, buf_value_t *a, buf_value_t *b);
/* Was the operand decided in place? */
bool buf_bz_inplace(buf_bz_t *bz, buf_use_t *operand);
/* Function summaries (bufferize-function-boundaries): is argument i of
 * func (a func.func op) read / written, and which argument is result r
 * equivalent to (-1: none). Valid for callees analysed before the caller. */
bool buf_bz_func_arg_read(buf_bz_t *bz, buf_op_t *func, uint32_t arg);
bool buf_bz_func_arg_written(buf_bz_t *bz, buf_op_t *func, uint32_t arg);
int32_t buf_bz_func_result_equiv_arg(buf_bz_t *bz, buf_op_t *func,
                                     uint32_t result);
/* May func return, as result r, a buffer that must not be written (a
 * constant's global)? */
bool buf_bz_func_result_readonly(buf_bz_t *bz, buf_op_t *func, uint32_t r);
/* Does func result r possibly alias argument a? */
bool buf_bz_func_result_aliases_arg(buf_bz_t *bz, buf_op_t *func, uint32_t r,
                                    uint32_t a);

/* ------------------------------------------------------------------------ */
/* The rewriter the `bufferize` hooks use                                     */
/* ------------------------------------------------------------------------ */

buf_ctx_t *buf_bz_rw_ctx(buf_bz_rewriter_t *rw);
buf_bz_t *buf_bz_rw_analysis(buf_bz_rewriter_t *rw);
/* The buffer of tensor value t. Values produced by ops that did not
 * bufferize (unknown ops, function arguments without function-boundary
 * bufferization) get a bufferization.to_buffer right after their
 * definition. */
buf_value_t *buf_bz_buffer(buf_bz_rewriter_t *rw, buf_value_t *t);
/* The type of the bufferization.to_buffer that buf_bz_buffer makes for a
 * tensor of type `tensor` (the layout unknown-type-conversion names). */
buf_type_t buf_bz_materialized_type(buf_bz_rewriter_t *rw, buf_type_t tensor);
/* Records that tensor value t now lives in buffer b. */
void buf_bz_map(buf_bz_rewriter_t *rw, buf_value_t *t, buf_value_t *b);
/* A builder that inserts just before op, located at op. */
void buf_bz_builder(buf_bz_rewriter_t *rw, buf_op_t *op, buf_builder_t *b);
/* Maps tensor result i of op to buffers[i] (non-tensor results are
 * replaced by buffers[i] directly) and schedules op for erasure. */
void buf_bz_replace(buf_bz_rewriter_t *rw, buf_op_t *op,
                    buf_value_t *const *buffers);
/* Schedules op for erasure (it has no results that are still used). */
void buf_bz_erase(buf_bz_rewriter_t *rw, buf_op_t *op);
/* Bufferizes every op of block b, in order. */
buf_status_t buf_bz_rewrite_block(buf_bz_rewriter_t *rw, buf_block_t *b);
/* The memref type a tensor value gets when it is allocated: identity
 * layout; the memory space the tensor's encoding names under
 * use-encoding-for-memory-space, else none. */
buf_type_t buf_bz_alloc_type(buf_bz_rewriter_t *rw, buf_type_t tensor);
/* memref.alloc of `type` (a memref) with its dynamic sizes read from
 * `like` (a buffer of the same shape) or given in dyn (NULL: from like). */
buf_value_t *buf_bz_alloc(buf_bz_rewriter_t *rw, buf_builder_t *b,
                          buf_type_t type, buf_value_t *like,
                          buf_value_t *const *dyn);
/* memref.copy src -> dst, unless they are the same value. */
void buf_bz_copy(buf_bz_rewriter_t *rw, buf_builder_t *b, buf_value_t *src,
                 buf_value_t *dst);
/* dst[i] := src[i] for every i at once (loop-carried buffers), inserted
 * with b. reads[i * n + k]: src[i] may read dst[k]. A slot is overwritten
 * only after every other source reading it was copied; a cycle (buffers
 * that swap) goes through a temporary. `reads` is clobbered. */
void buf_bz_parallel_copy(buf_bz_rewriter_t *rw, buf_builder_t *b, uint32_t n,
                          buf_value_t **src, buf_value_t *const *dst,
                          bool *reads);
/* buf as a memref of type `type`: itself, a memref.cast when the layouts
 * are cast-compatible, otherwise a fresh allocation in the memory space of
 * `type` with a copy. */
buf_value_t *buf_bz_cast_or_copy(buf_bz_rewriter_t *rw, buf_builder_t *b,
                                 buf_value_t *buf, buf_type_t type);
/* The memref type of a fully dynamic strided layout for tensor type t. */
buf_type_t buf_bz_dynamic_layout_type(buf_ctx_t *ctx, buf_type_t t,
                                      buf_attr_t memory_space);

/* ------------------------------------------------------------------------ */
/* Entry point                                                               */
/* ------------------------------------------------------------------------ */

/* The bufferization report (buffer-opt --bufferization-report, the "report"
 * artifact of the service). While a report is attached to a context, every
 * bufferization run in it (one-shot-bufferize and the partial passes)
 * appends one record per memref.alloc and memref.copy it leaves in the
 * program: the tensor op and operand that caused it, located as in the
 * input, its static size, and the reason (for a read-after-write conflict,
 * the read and the write), plus a summary per function. The records are
 * plain JSON owned by the report, so it outlives the contexts it was
 * attached to (one per --split-input-file chunk). Without a report the
 * analysis keeps no reasons at all. */
buf_bz_report_t *buf_bz_report_create(void);
void buf_bz_report_destroy(buf_bz_report_t *report);
/* Attaches report to ctx (NULL detaches); the caller keeps ownership. */
void buf_bz_report_attach(buf_bz_report_t *report, buf_ctx_t *ctx);
/* Adds to the function summaries of the program last attached (creating
 * the missing ones) the peak live heap bytes of module as it is now: call
 * it after the last pass, so the number describes the final program
 * (deallocation and memory planning included). A static upper bound of
 * every run, exact on straight-line code; null when it depends on what is
 * only known at run time (see transforms/heap_peak.c). */
void buf_bz_report_add_peaks(buf_bz_report_t *report, buf_op_t *module);
/* The report as JSON text (schema/bufferization-report.schema.json),
 * malloc'd and NUL-terminated; *len gets its length when len is not NULL. */
char *buf_bz_report_to_json(const buf_bz_report_t *report, size_t *len);

/* Runs One-Shot Bufferize on a module: analysis, copy materialization,
 * rewrite (or only the analysis annotations with test_analysis_only).
 * Emits located diagnostics and returns BUF_FAILURE on error. */
buf_status_t buf_one_shot_bufferize(buf_op_t *module,
                                    const buf_bz_options_t *options);

#ifdef __cplusplus
}
#endif

#endif /* BUF_BUFFERIZE_H */
