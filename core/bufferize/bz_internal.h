/*
 * bz_internal.h: private state of One-Shot Bufferize shared by the files of
 * core/bufferize/ (analysis, copy materialization, rewrite, models).
 *
 * Invariants:
 *   - every tensor value of the module has a value record (index into
 *     bz->vals, kept in the value's analysis_slot); alias sets and
 *     equivalence sets are union-find forests over these records; each
 *     alias set also keeps its members on a circular list so iterating a
 *     set costs its size, and at its root interval trees of its reads and
 *     in-place writes;
 *   - every op has an op record (bz->ops, index kept in the op's
 *     analysis_slot) with its pre-order number, the last pre-order number
 *     inside it (so ancestry is an interval test) and one decision per
 *     operand; one run numbers a module at a time (the slots are shared);
 *   - all memory is malloc'd by the run and freed by buf__bz_destroy;
 *     nothing is global.
 */
#ifndef BUF_BZ_INTERNAL_H
#define BUF_BZ_INTERNAL_H

#include "buf/bufferize.h"
#include "../ir/containers.h"
#include "../ir/ir_internal.h"

enum { BZ_UNDECIDED = 0, BZ_INPLACE = 1, BZ_OUTOFPLACE = 2 };

/* Why the analysis refused an operand in place, kept only while a
 * bufferization report is requested (see report.c). */
typedef enum bz_why_kind {
  BZ_WHY_NONE = 0,
  BZ_WHY_CONFLICT,          /* a read after the write needs the old data */
  BZ_WHY_PARALLEL,          /* a parallel region writes a buffer from outside */
  BZ_WHY_NOT_WRITABLE,      /* an alias may not be written (`value`) */
  BZ_WHY_COPY_BEFORE_WRITE, /* copy-before-write: every write is a copy */
} bz_why_kind_t;

typedef struct bz_why {
  bz_why_kind_t kind;
  buf_use_t *read, *write; /* CONFLICT / PARALLEL: the pair that conflicts */
  buf_value_t *value;      /* NOT_WRITABLE: the read-only alias */
} bz_why_t;

/* An IR position frozen for the report: the op may be erased later. */
typedef struct bz_site {
  buf_ident_t op;   /* op name; NULL: no site */
  int32_t operand;  /* operand index, -1 for none */
  buf_loc_t loc;
} bz_site_t;
/* Mergeable interval sets (interval_index.c): treaps keyed by hi with the
 * smallest lo of each subtree; nodes are pool indices, 0 is none. */
typedef struct buf__bz_ival_node {
  uint32_t lo, hi, min_lo;
  uint32_t priority;
  uint32_t left, right;
  void *item;
} buf__bz_ival_node_t;

typedef struct buf__bz_ival_pool {
  buf__bz_ival_node_t *nodes;
  uint32_t num, cap;
  uint32_t seed;
} buf__bz_ival_pool_t;

typedef struct buf__bz_ival_list {
  uint32_t *items;
  uint32_t num, cap;
} buf__bz_ival_list_t;

uint32_t buf__bz_ival_new(buf__bz_ival_pool_t *p, uint32_t lo, uint32_t hi,
                          void *item);
void buf__bz_ival_insert(buf__bz_ival_pool_t *p, uint32_t *root, uint32_t x);
/* Moves every node of from into *into. */
void buf__bz_ival_merge(buf__bz_ival_pool_t *p, uint32_t *into, uint32_t from,
                        buf__bz_ival_list_t *scratch);
/* Appends the nodes of root (any order) to out. */
void buf__bz_ival_items(buf__bz_ival_pool_t *p, uint32_t root,
                        buf__bz_ival_list_t *out);
/* Appends the nodes of root whose interval meets [a, b] to out. */
void buf__bz_ival_query(buf__bz_ival_pool_t *p, uint32_t root, uint32_t a,
                        uint32_t b, buf__bz_ival_list_t *out);
void buf__bz_ival_list_push(buf__bz_ival_list_t *l, uint32_t x);
void buf__bz_ival_pool_free(buf__bz_ival_pool_t *p);

typedef struct bz_val {
  buf_value_t *v;
  uint32_t alias_parent;
  uint32_t equiv_parent;
  uint32_t alias_next; /* circular member list of the alias set */
  uint32_t stamp;      /* visit marks of traversals */
  /* at the root of an alias set: the set's indexed reads and in-place
   * writes (interval trees of conflict windows, see analysis.c) */
  uint32_t read_tree, write_tree;
  uint32_t num_reads, num_writes;
  uint32_t num_inplace_writes; /* in-place writing uses of members */
  uint32_t num_unwritable;     /* members that must not be written */
  uint32_t num_unknown_results; /* of those, results of ops without a model
                                 * (see buf__bz_unknown_result_reachable) */
  buf_value_t *buffer;         /* the rewrite: the buffer holding it */
} bz_val_t;

typedef struct bz_op {
  buf_op_t *op;
  const buf_bufferize_model_t *model;
  const buf_bufferize_model_t *unfiltered_model; /* ignoring opts.op_filter */
  uint32_t pre, end;   /* pre-order number; last number nested inside */
  uint8_t *decision;   /* per operand: BZ_* (into bz->decisions) */
  const char **conflicts; /* print-conflicts annotations (NULL-ended) */
  uint32_t num_conflicts, cap_conflicts;
  bz_why_t *why;       /* per operand, only with a report: why out of place */
  void *model_data;    /* what a model caches about the op (malloc'd) */
  uint32_t first_use;  /* index of operand 0's record in bz->uses */
  uint32_t top;        /* pre of the ancestor in the function body's block,
                        * or BZ_NO_TOP (no single-block function body) */
  bool erase_scheduled; /* the rewrite replaced it; erased at the end */
} bz_op_t;

#define BZ_NO_TOP UINT32_MAX

/* Per operand: its place in the conflict index. */
typedef struct bz_use_info {
  uint8_t classified;  /* read class below is known */
  uint8_t is_read;     /* collect_reads would take it */
  uint32_t read_node, write_node; /* interval nodes, 0 when none */
  uint32_t defs_first, num_defs;  /* cached definitions (bz->defs) */
} bz_use_info_t;

typedef struct bz_func {
  buf_op_t *func;
  bool *arg_read, *arg_written;
  int32_t *result_equiv;   /* per result: equivalent arg or -1 */
  uint8_t *result_alias;   /* num_results x num_args flags */
  /* per result: the lowest result that may share its buffer (returns that
   * hand out one buffer twice); its own index when none */
  uint32_t *result_group;
  /* per result: the returned buffer may be one that must not be written
   * (a constant's global), so the caller copies before writing it */
  bool *result_readonly;
  uint32_t num_args, num_results;
  bool analysed;
  /* a call-graph cycle closes here: functions analysed before it see it
   * as reading and writing every argument, with results that may alias
   * every argument (not equivalent to any); under infer-layout-map its
   * results get fully dynamic layouts (calls are rewritten before it) */
  bool recursive;
} bz_func_t;

/* The registry of models the driver hands the analysis (models.c): the
 * model of op's definition, or NULL. */
typedef const buf_bufferize_model_t *(*buf__bz_model_lookup_t)(const buf_op_t *op);

struct buf_bz_s {
  buf_ctx_t *ctx;
  buf_op_t *module;
  buf_bz_options_t opts;
  buf__bz_model_lookup_t registered_model;
  buf__ptrmap_t fmap;      /* func op -> bz_func_t * */
  bz_val_t *vals;
  uint32_t num_vals, cap_vals;
  bz_op_t *ops;
  uint32_t num_ops, cap_ops;
  bz_func_t *funcs;
  uint32_t num_funcs;
  bz_func_t **order;       /* functions, callees first */
  uint32_t num_order;
  uint32_t stamp;
  /* scratch stacks */
  buf_value_t **work;
  uint32_t num_work, cap_work;
  /* The bufferization report of the context, or NULL (then nothing below
   * is filled and no reason is kept). */
  buf_bz_report_t *report;
  bz_why_t last_why;       /* set where a refusal is detected */
  buf__ptrmap_t copy_notes; /* alloc_tensor made by copies.c -> note idx + 1 */
  /* Ops the run made itself (copies.c's tensor.dim of dynamic sizes):
   * bufferized whatever opts.op_filter says, since nothing else would. */
  buf__ptrmap_t own_ops;
  /* A plain alloc_tensor copies.c made (no copy operand: the old contents
   * are not needed) -> the value it stands in for, whose buffer's memory
   * space it takes when it is rewritten. */
  buf__ptrmap_t copy_sources;
  struct bz_copy_note *notes;
  uint32_t num_notes, cap_notes;
  buf__ptrmap_t made_map;  /* created op -> made idx + 1 */
  struct bz_made *made;
  uint32_t num_made, cap_made;
  /* conflict index (analysis.c) */
  bz_use_info_t *uses;
  uint8_t *decisions;      /* per operand of every op (bz_op.decision) */
  uint32_t num_uses;
  buf_value_t **defs;
  uint32_t num_defs, cap_defs;
  buf__bz_ival_pool_t ival;
  buf__bz_ival_list_t scratch, cand_a, cand_b;
  bool index_exact;  /* false: a must-in-place write bypassed the checks */
  /* The analysis found itself wrong (the conflict index disagreed with the
   * full scan) and emitted an error: the run fails. */
  bool failed;
  /* print-conflicts: upstream's ids (C_n for a conflict, W_n for a write
   * to a non-writable value, numbered as found) and the annotations of ops
   * the analysis keeps no record for (a function, for its arguments). */
  uint32_t next_conflict_id, next_not_writable_id;
  buf_op_t **extra_note_ops;
  const char **extra_notes;
  uint32_t num_extra_notes, cap_extra_notes;
  /* memref.alloc ops the rewrite created, for the sweep of dead ones after
   * it (buf__bz_erase_dead_allocs) */
  buf_op_t **rewrite_allocs;
  uint32_t num_rewrite_allocs, cap_rewrite_allocs;
};

/* What copies.c knows about an alloc_tensor it inserted: the operand that
 * was refused in place and why, frozen before the IR changes. */
typedef struct bz_copy_note {
  bz_site_t origin;        /* the op and operand refused in place */
  const char *reason;      /* a static string of report.c's reason table */
  bz_site_t read, write;   /* conflicts: the read and the write */
  bz_site_t value;         /* not writable: definer of the read-only alias */
} bz_copy_note_t;

/* A memref.alloc / memref.copy the rewrite created, until the flush. */
typedef struct bz_made {
  buf_op_t *op;
  bool erased;             /* removed again as a dead allocation */
  bz_copy_note_t why;      /* origin = the tensor op being bufferized */
} bz_made_t;

/* A row of a model table: op name -> model. A name ending in ".*" matches
 * every op of that dialect not listed explicitly. */
typedef struct buf__bz_model_row {
  const char *name;
  const buf_bufferize_model_t *model;
} buf__bz_model_row_t;

extern const buf__bz_model_row_t buf__bz_models_tensor[];
extern const uint32_t buf__bz_num_models_tensor;
extern const buf__bz_model_row_t buf__bz_models_tensor_views[];
extern const uint32_t buf__bz_num_models_tensor_views;
extern const buf__bz_model_row_t buf__bz_models_linalg[];
extern const uint32_t buf__bz_num_models_linalg;
extern const buf__bz_model_row_t buf__bz_models_scf[];
extern const uint32_t buf__bz_num_models_scf;
extern const buf__bz_model_row_t buf__bz_models_test[];
extern const uint32_t buf__bz_num_models_test;
extern const buf__bz_model_row_t buf__bz_models_bufferization[];
extern const uint32_t buf__bz_num_models_bufferization;
extern const buf__bz_model_row_t buf__bz_models_func[];
extern const uint32_t buf__bz_num_models_func;
extern const buf__bz_model_row_t buf__bz_models_arith[];
extern const uint32_t buf__bz_num_models_arith;
extern const buf__bz_model_row_t buf__bz_models_cf[];
extern const uint32_t buf__bz_num_models_cf;
extern const buf__bz_model_row_t buf__bz_models_ml_program[];
extern const uint32_t buf__bz_num_models_ml_program;
extern const buf__bz_model_row_t buf__bz_models_vector[];
extern const uint32_t buf__bz_num_models_vector;

/* The registry's resolver of bufferization models (model_registry.c). */
const void *buf__bz_resolve_model(const char *name);
const char *buf__bz_model_row_name(uint32_t i);

/* Greatest common divisor (Euclid); gcd(a, 0) = a. */
static inline int64_t buf__bz_gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* ---- models.c -------------------------------------------------------- */

/* The model of op's definition from the tables of models_*.c, or NULL (a
 * buf__bz_model_lookup_t). */
const buf_bufferize_model_t *buf__bz_registered_model(const buf_op_t *op);

/* ---- state.c: records, model lookup, alias sets, model queries -------- */

/* Creates the analysis state of module: numbers ops and tensor values.
 * registered_model gives each op definition its model (buf__bz_registered_model
 * for One-Shot); the state keeps the pointer. */
buf_bz_t *buf__bz_create(buf_op_t *module, const buf_bz_options_t *opts,
                         buf__bz_model_lookup_t registered_model);
void buf__bz_destroy(buf_bz_t *bz);
bz_op_t *buf__bz_op(buf_bz_t *bz, const buf_op_t *op);
/* The value record of v, or NULL (not a tensor, or made after the
 * numbering). */
bz_val_t *buf__bz_val(buf_bz_t *bz, const buf_value_t *v);
/* The index of v's record in bz->vals, or UINT32_MAX when it has none. */
uint32_t buf__bz_val_index(buf_bz_t *bz, const buf_value_t *v);
/* The model of op's definition ignoring the partial-bufferization filter:
 * how its regions execute is known even when the op stays on tensors. */
const buf_bufferize_model_t *buf__bz_unfiltered_model(buf_bz_t *bz,
                                                      const buf_op_t *op);
/* The root record of the alias set of record i (path halving). */
uint32_t buf__bz_alias_root(buf_bz_t *bz, uint32_t i);
/* Joins the alias sets of records a and b, with their member lists and
 * their indexed reads and writes. */
void buf__bz_alias_union(buf_bz_t *bz, uint32_t a, uint32_t b);
/* Joins the equivalence sets of records a and b. */
void buf__bz_equiv_union(buf_bz_t *bz, uint32_t a, uint32_t b);
/* Are a and b in one alias set (values without a record: a == b)? */
bool buf__bz_same_alias_set(buf_bz_t *bz, buf_value_t *a, buf_value_t *b);
/* Runs the statement after it once per member m of val's alias set. */
#define FOR_ALIASES(bz, val, m)                                               \
  for (uint32_t m##_start = buf__bz_val_index(bz, val), m##_i = m##_start,    \
                m##_go = 1;                                                   \
       m##_start != UINT32_MAX && m##_go;                                     \
       m##_i = (bz)->vals[m##_i].alias_next, m##_go = m##_i != m##_start)     \
    for (buf_value_t *m = (bz)->vals[m##_i].v, *m##_once = m; m##_once;       \
         m##_once = NULL)
/* Is the operand always in place (its model says so, or an unknown op)? */
bool buf__bz_must_inplace(buf_bz_t *bz, buf_use_t *u);
/* May v's buffer be written (its model's result_writable / arg_writable;
 * unknown ops: no)? */
bool buf__bz_value_writable(buf_bz_t *bz, buf_value_t *v);

/* ---- use_def.c: reverse use-def chains -------------------------------- */

/* Operands (of v's op, or of the terminators of its regions' blocks)
 * whose aliases include result v: up to max into out, the count returned;
 * *any_write tells whether one of them writes. */
uint32_t buf__bz_aliasing_operands(buf_bz_t *bz, buf_value_t *v,
                                   buf_use_t **out, uint32_t max,
                                   bool *any_write);
/* Adds to defs the definitions a read of start may see (upstream's
 * findDefinitions); values with undefined contents are none. */
void buf__bz_find_definitions(buf_bz_t *bz, buf_value_t *start,
                              buf__ptrset_t *defs);

/* ---- op_order.c: when an op happens before another -------------------- */

/* Does a happen before b (dominance, without loops in between)? */
bool buf__bz_happens_before(buf_bz_t *bz, buf_op_t *a, buf_op_t *b);
/* Are a and b in different regions of an op that runs one of them? */
bool buf__bz_mutually_exclusive(buf_bz_t *bz, buf_op_t *a, buf_op_t *b);
/* May op order decide between read r and write w, whose read sees defs
 * (no repetitive region or block loop lets the read run again after the
 * write with the same definitions)? */
bool buf__bz_can_use_dominance(buf_bz_t *bz, buf_use_t *r, buf_use_t *w,
                               buf_value_t *const *defs, uint32_t num_defs);
/* Does write uw lie in a parallel region that also holds read rop while
 * one of the read's definitions, or the buffer uw writes (through its
 * in-place aliases), comes from outside it? */
bool buf__bz_write_escapes_parallel_region(buf_bz_t *bz, buf_use_t *uw,
                                           buf_op_t *rop,
                                           buf_value_t *const *defs,
                                           uint32_t num_defs);
/* May write wop change definition def before read rop sees it (the write
 * neither before the definition nor inside its op, nor exclusive with it,
 * and the read may follow the write without def being defined anew)? */
bool buf__bz_write_may_clobber(buf_bz_t *bz, buf_value_t *def, buf_op_t *wop,
                               buf_op_t *rop);
/* The innermost repetitive (or parallel) region enclosing r (r included),
 * or NULL. */
buf_region_t *buf__bz_repetitive_region(buf_bz_t *bz, buf_region_t *r);
/* May op order decide for read rop, with definitions defs, against every
 * write outside `top` (the pre-order number of rop's ancestor in its
 * function body's block)? */
bool buf__bz_dominance_decides_outside(buf_bz_t *bz, buf_op_t *rop,
                                       buf_value_t *const *defs, uint32_t n,
                                       uint32_t top);

/* ---- subsets.c: disjoint parts of one tensor -------------------------- */

/* Is t a tensor of static shape and rank <= BUF_BZ_SUBSET_MAX_RANK
 * (stored in *rank)? */
bool buf__bz_subset_static_rank(buf_type_t t, uint32_t *rank);
/* Do the read and the write touch provably disjoint elements of one tensor
 * (the subsets their models give, carried up through static slices)? */
bool buf__bz_disjoint_accesses(buf_bz_t *bz, buf_use_t *read,
                               buf_use_t *write);
/* Is a the same subset of an equivalent tensor as b (a's model's
 * same_subset: extract_slices of one slice)? */
bool buf__bz_same_subset(buf_bz_t *bz, buf_value_t *a, buf_value_t *b);

/* ---- conflicts.c: read-after-write conflicts, the full scan ------------ */

/* Does in-place write uw conflict with read ur, whose definitions are
 * defs? BZ_WHY_NONE when not, else BZ_WHY_PARALLEL (a parallel region
 * writes a buffer from outside it) or BZ_WHY_CONFLICT (read after write). */
/* print-conflicts: "W_n[NOT-WRITABLE: result|bbArg N]" on v's owner. */
void buf__bz_annotate_not_writable(buf_bz_t *bz, buf_value_t *v);
bz_why_kind_t buf__bz_pair_conflicts(buf_bz_t *bz, buf_use_t *ur,
                                     buf_use_t *uw, buf_value_t *const *defs,
                                     uint32_t num_defs);
/* Does some read of `reads` conflict with some write of `writes` (in
 * collection order; the first conflict is kept for the report and
 * print-conflicts)? */
bool buf__bz_has_raw_conflict(buf_bz_t *bz, buf__ptrset_t *reads,
                              buf__ptrset_t *writes);
/* Adds the in-place writing uses of the members of root's alias set. */
void buf__bz_collect_inplace_writes(buf_bz_t *bz, buf_value_t *root,
                                    buf__ptrset_t *writes);
/* The reads and in-place writes of u's value and of the values u aliases. */
void buf__bz_collect_use_accesses(buf_bz_t *bz, buf_use_t *u,
                                  buf__ptrset_t *reads, buf__ptrset_t *writes);
/* Does u read its value, itself or through an alias that is read? */
bool buf__bz_use_is_read(buf_bz_t *bz, buf_use_t *u);
/* The full scans: would deciding u in place write a buffer that must not
 * be written / create a read-after-write conflict? */
bool buf__bz_scan_write_read_only(buf_bz_t *bz, buf_use_t *u);
/* May a write into v reach m, an unwritable member of its alias set? Not
 * when m is the result of an op without a model that runs after v is made
 * (conflicts.c). */
bool buf__bz_unknown_result_reachable(buf_bz_t *bz, buf_value_t *v,
                                      buf_value_t *m);
bool buf__bz_scan_raw_conflict(buf_bz_t *bz, buf_use_t *u);

/* ---- conflict_index.c: the index of reads and writes ------------------- */

/* Places every op by its ancestor in its function body's block. */
void buf__bz_compute_tops(buf_bz_t *bz);
/* Enters the reads among the tensor operands of ops into the index. */
void buf__bz_index_reads(buf_bz_t *bz, buf__ptrvec_t *ops);

/* Does the run leave some ops on tensors (partial bufferization's op
 * filter, One-Shot's dialect-filter)? */
static inline bool buf__bz_filters_ops(const buf_bz_options_t *o) {
  return o->op_filter || o->dialect_filter;
}
/* Is op_name bufferized under the options' filters? */
bool buf__bz_filter_accepts(const buf_bz_options_t *o, const char *op_name);

/* ---- analysis_order.c: the order of in-place decisions ---------------- */

/* Fills order (ops->n indices into ops, the ops of one function in
 * post-order) with the order the options' heuristic analyses them in. */
void buf__bz_analysis_order(buf_bz_t *bz, const buf__ptrvec_t *ops,
                            uint32_t *order);
/* Enters in-place write u into the index of alias-set root `root`. */
void buf__bz_index_write(buf_bz_t *bz, buf_use_t *u, uint32_t root);
/* The alias-set roots of u's value and of the values u aliases. */
uint32_t buf__bz_decision_roots(buf_bz_t *bz, buf_use_t *u,
                                uint32_t roots[1 + BUF_BZ_MAX_ALIASES]);
/* Would deciding u in place write a buffer that must not be written /
 * create a read-after-write conflict? From the index, checked against the
 * full scan with verify_analysis. */
bool buf__bz_would_write_read_only(buf_bz_t *bz, buf_use_t *u);
bool buf__bz_would_create_raw(buf_bz_t *bz, buf_use_t *u);

/* ---- analysis.c, copies.c, rewrite.c ---------------------------------- */

/* Runs the in-place analysis over every function, callees first. */
buf_status_t buf__bz_analyze(buf_bz_t *bz);
/* Writes __inplace_operands_attr__ (and conflict notes) on every op. */
void buf__bz_annotate(buf_bz_t *bz);
/* Inserts bufferization.alloc_tensor copies for out-of-place operands. */
buf_status_t buf__bz_materialize_copies(buf_bz_t *bz);
/* The value a plain alloc_tensor that copies.c made stands in for, or NULL
 * (alloc is not such an op). */
buf_value_t *buf__bz_copy_source(buf_bz_t *bz, const buf_op_t *alloc);
/* Rewrites the module to buffers. */
buf_status_t buf__bz_rewrite(buf_bz_t *bz);
/* Erases the memref.alloc ops the rewrite created that nothing uses (an
 * out-of-place operand whose value was an empty tensor leaves that
 * tensor's allocation dead). */
void buf__bz_erase_dead_allocs(buf_bz_t *bz);
/* Partial bufferization (partial_bufferize.c): One-Shot Bufferize of the
 * ops op_filter accepts (and the bufferization dialect's own ops but the
 * to_tensor / to_buffer boundary), everything else kept on tensors. */
buf_status_t buf__partial_bufferize(buf_op_t *module,
                                    bool (*op_filter)(const char *op_name),
                                    bool function_boundaries);
/* Does op_name belong to dialect (its "dialect." prefix)? */
bool buf__bz_in_dialect(const char *op_name, const char *dialect);
/* Is a memref.cast from `from` to `to` valid whatever the runtime layout
 * (every static size, stride and offset of `to` is the same in `from`, and
 * an identity-layout `to` gets a buffer known to be row-major contiguous)? */
bool buf__bz_cast_always_valid(buf_type_t from, buf_type_t to);
bz_func_t *buf__bz_func(buf_bz_t *bz, const buf_op_t *func);
/* Model queries with the unknown-op defaults applied. */
bool buf__bz_reads(buf_bz_t *bz, buf_use_t *u);
bool buf__bz_writes(buf_bz_t *bz, buf_use_t *u);
uint32_t buf__bz_aliases(buf_bz_t *bz, buf_use_t *u, buf_bz_alias_t *out,
                         uint32_t max);
/* Can the copy for out-of-place operand u skip copying the old contents? */
bool buf__bz_can_omit_copy(buf_bz_t *bz, buf_use_t *u);
/* Erases unused side-effect-free buffer views, casts and conversions. */
void buf__bz_erase_dead_views(buf_op_t *module);
/* Erases buffer ops that touch no element and folds static memref.dim
 * (zero_size_ops.c). */
void buf__bz_erase_zero_size_ops(buf_bz_t *bz);
/* Is t a tensor type (ranked or unranked)? */
bool buf__bz_is_tensor_type(buf_type_t t);
/* Is op bufferization.to_buffer (or its old name to_memref) /
 * bufferization.to_tensor? */
bool buf__bz_is_to_buffer(const buf_op_t *op);
bool buf__bz_is_to_tensor(const buf_op_t *op);
/* Is t a tensor type, or a function type with a tensor input or result
 * (a signature still on tensors)? */
bool buf__bz_type_mentions_tensor(buf_type_t t);
/* The func.func op that contains op, or NULL. */
buf_op_t *buf__bz_enclosing_func(buf_op_t *op);
/* The callee of a func.call op in module, or NULL. */
buf_op_t *buf__bz_callee(buf_bz_t *bz, buf_op_t *call);
/* Keeps an op that does not bufferize on tensors (unknown ops when
 * allowed, func ops without function boundaries): bufferized operands are
 * read through bufferization.to_tensor; nested regions are rewritten. */
buf_status_t buf__bz_keep_on_tensors(buf_bz_rewriter_t *rw, buf_op_t *op);
/* A copy of op (name, attributes but the analysis annotations) with the
 * given operands and result types, inserted before op; op's regions are
 * moved into it. */
buf_op_t *buf__bz_rebuild(buf_bz_rewriter_t *rw, buf_op_t *op,
                          uint32_t num_operands, buf_value_t *const *operands,
                          uint32_t num_results, const buf_type_t *results);
/* Rewrites the blocks of region r, which may have unstructured control
 * flow (rewrite.c): dominators first, and every non-entry block's tensor
 * arguments become memrefs (the type of the buffers the branches forward
 * when they agree, else a fully dynamic layout) before its ops are
 * rewritten. Entry-block arguments are the caller's business. */
buf_status_t buf__bz_rewrite_cfg_region(buf_bz_rewriter_t *rw, buf_region_t *r);
/* Is r being rewritten by buf__bz_rewrite_cfg_region (so branches in it may
 * forward buffers to its blocks)? */
bool buf__bz_cfg_region_managed(buf_bz_rewriter_t *rw, buf_region_t *r);
/* Do all branches into block b bufferize (so its tensor arguments become
 * memrefs)? False for the entry block. */
bool buf__bz_block_args_bufferized(buf_bz_t *bz, buf_block_t *b);
/* Builds an scf.for nest (inserted with b) over every index of buffer m;
 * returns the innermost body block (ending in scf.yield) and fills ivs with
 * its induction variables, outermost first (models_tensor.c). */
buf_block_t *buf__bz_loop_nest(buf_bz_rewriter_t *rw, buf_builder_t *b,
                               buf_value_t *m, buf_value_t **ivs);
/* Bufferizes op, an elementwise op on tensors of one shape, into a new
 * buffer per result filled by a loop nest that applies `scalar_op` (an op
 * name) to the elements at each index (models_arith.c). Scalar operands
 * apply to every element; op's attributes are carried over. */
buf_status_t buf__bz_elementwise_loop(buf_bz_rewriter_t *rw, buf_op_t *op,
                                      const char *scalar_op);
/* The buffer recorded for tensor t, or NULL (no materialization). */
buf_value_t *buf__bz_mapped(buf_bz_rewriter_t *rw, buf_value_t *t);
/* True when func ops are bufferized (bufferize-function-boundaries). */
bool buf__bz_func_ops_enabled(const buf_bz_t *bz);

/* Report hooks (report.c); all are no-ops when bz->report is NULL. */
/* Notes that copies.c made alloc_tensor `copy` for out-of-place operand u. */
void buf__bz_report_copy_made(buf_bz_t *bz, buf_use_t *u, buf_op_t *copy);
/* Notes a memref.alloc / memref.copy the rewrite created while bufferizing
 * tensor op `cause`. */
void buf__bz_report_created(buf_bz_t *bz, buf_op_t *cause, buf_op_t *made);
/* Notes that `made` (a memref.alloc or memref.copy, created or not yet
 * noted) serves the double buffering of scf.for `loop`. */
void buf__bz_report_double_buffered(buf_bz_t *bz, buf_op_t *loop,
                                    buf_op_t *made);
/* Forgets a created op the rewrite erased again (a dead allocation). */
void buf__bz_report_erased(buf_bz_t *bz, buf_op_t *made);
/* Moves what the rewrite created into the report, as JSON records. */
void buf__bz_report_flush(buf_bz_t *bz);

#endif /* BUF_BZ_INTERNAL_H */
