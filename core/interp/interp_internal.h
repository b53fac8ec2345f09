/*
 * interp_internal.h: shared declarations of the reference interpreter.
 *
 * Model:
 *   - A run (buf__interp_t) owns everything it creates: value slots, tensors,
 *     buffers, memref descriptors, the handler cache. Nothing is global, so
 *     two runs on two threads are independent.
 *   - Values (buf__ival_t) are scalars (integers stored zero-extended to
 *     their width in a uint64_t; floats stored as a double already rounded
 *     to the precision of their type), tensors (immutable, reference
 *     counted; a tensor is mutated only while its count is 1, i.e. by its
 *     sole owner), or memref descriptors (reference counted, immutable,
 *     pointing at a buffer). IV_UNDEF is the value read from an
 *     uninitialized element (linalg body arguments): using it in a
 *     computation is reported.
 *   - Buffers live until the end of the run; dealloc frees their data and
 *     marks them freed, so later accesses are reported as use after free.
 *   - Element storage is one 8-byte cell (buf__cell_t) per element plus an
 *     optional per-element "initialized" byte array (NULL: all initialized).
 *   - memref.view reinterprets an i8 buffer: the buffer's cells are bytes and
 *     the view addresses them with offsets and strides scaled by its element
 *     width (cell_bytes); its element value lives in the cell of its first
 *     byte. Such a buffer is "bytewise": a write records its width in the
 *     init byte of its first cell and clears the bytes it covers, including
 *     an element written through another view that it partly overwrites,
 *     so a read of clobbered storage is reported as uninitialized.
 *   - Per-op semantics are table rows (buf__interp_row_t) exported by the
 *     ops_*.c files; the engine maps each op definition to its row once per
 *     run and never switches on op names.
 */
#ifndef BUF_INTERP_INTERNAL_H
#define BUF_INTERP_INTERNAL_H

#include "buf/interp.h"
#include "buf/ir.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef union buf__cell {
  uint64_t i; /* integers: zero-extended to the type's width */
  double f;   /* floats: rounded to the type's precision */
} buf__cell_t;

typedef enum buf__ivkind {
  IV_UNDEF = 0, /* no value / read from uninitialized memory */
  IV_INT,
  IV_FLOAT,
  IV_TENSOR,
  IV_MEMREF,
  IV_FUNC, /* a func.constant: u.fn is the func.func it names */
} buf__ivkind_t;

typedef struct buf__tensor buf__tensor_t;
typedef struct buf__memref buf__memref_t;
typedef struct buf__buffer buf__buffer_t;

typedef struct buf__ival {
  buf__ivkind_t kind;
  union {
    uint64_t i;
    double f;
    buf__tensor_t *t;
    buf__memref_t *m;
    buf_op_t *fn;
  } u;
} buf__ival_t;

struct buf__tensor {
  uint32_t refcnt;
  uint32_t rank;
  int64_t n;          /* number of elements */
  int64_t *shape;     /* rank entries (same malloc block) */
  buf__cell_t *data;  /* n cells, row-major */
  uint8_t *init;      /* n bytes, 1 = initialized; NULL: all initialized */
  uint64_t bytes;     /* logical bytes counted as live */
};

typedef enum buf__bufkind {
  BUFK_HEAP,   /* memref.alloc, realloc, clone: must be deallocated */
  BUFK_STACK,  /* memref.alloca: freed when its function returns */
  BUFK_GLOBAL, /* memref.global (read-only when constant) */
  BUFK_TENSOR, /* made from a tensor value (to_buffer, inputs) */
} buf__bufkind_t;

struct buf__buffer {
  uint64_t id;
  buf__bufkind_t kind;
  bool freed;
  bool readonly;
  int64_t n;          /* number of elements */
  buf__cell_t *data;  /* NULL once freed */
  uint8_t *init;      /* NULL: all initialized */
  uint64_t bytes;     /* logical bytes */
  buf_loc_t alloc_loc;
  buf_loc_t free_loc;
  buf__buffer_t *next; /* all buffers of the run */
  buf__buffer_t *next_stack; /* the owning frame's stack list */
  bool bytewise;      /* a memref.view was taken: cells are bytes */
};

struct buf__memref {
  uint32_t refcnt;
  uint32_t rank;
  buf__buffer_t *buf;
  int64_t offset;
  int64_t *sizes;   /* rank entries */
  int64_t *strides; /* rank entries */
  uint32_t cell_bytes; /* cells per element: 1, or a memref.view's element
                          width in bytes (offset and strides are scaled) */
  int64_t base_shift;  /* the cell where the view's base starts (0 unless
                          made by memref.view) */
  uint32_t ro_depth;   /* 0: writable through this view; else the call depth
                          of the function whose argument marked
                          {bufferization.writable = false} this view comes
                          from: writes through it (and through views of it)
                          are reported until that call returns */
  buf_op_t *ro_func;   /* that function (when ro_depth) */
  buf_value_t *ro_arg; /* that argument of its entry block (when ro_depth) */
};

/* A pointer-keyed open-addressing hash map (pointer -> pointer or index). */
typedef struct buf__pmap {
  const void **keys;
  uintptr_t *vals;
  size_t cap, n;
} buf__ipmap_t;

bool buf__ipmap_get(const buf__ipmap_t *m, const void *key, uintptr_t *val);
void buf__ipmap_put(buf__ipmap_t *m, const void *key, uintptr_t val);
void buf__ipmap_free(buf__ipmap_t *m);

typedef struct buf__frame {
  buf__ival_t *slots;
  uint32_t nslots;
  buf__buffer_t *stack_bufs; /* memref.alloca buffers of this call */
  buf_op_t *func;
} buf__frame_t;

typedef struct buf__interp buf__interp_t;
typedef struct buf__interp_row buf__interp_row_t;

/* An op's semantics: reads its operands from the frame, writes its results.
 * Returns BUF_FAILURE after emitting a located diagnostic. */
typedef buf_status_t (*buf__interp_fn)(buf__interp_t *I, buf__frame_t *F,
                                       buf_op_t *op,
                                       const buf__interp_row_t *row);

struct buf__interp_row {
  const char *name;  /* "arith.addi" */
  buf__interp_fn fn;
  int code;          /* row data for handlers shared by several ops */
  const void *data;  /* more row data (math function pointers ...) */
};

typedef struct buf__interp_table {
  const buf__interp_row_t *rows;
  size_t n;
} buf__interp_table_t;

extern const buf__interp_table_t buf__interp_arith_table;
extern const buf__interp_table_t buf__interp_math_table;
extern const buf__interp_table_t buf__interp_tensor_table;
extern const buf__interp_table_t buf__interp_memref_table;
extern const buf__interp_table_t buf__interp_scf_table;
extern const buf__interp_table_t buf__interp_cf_table;
extern const buf__interp_table_t buf__interp_func_table;
extern const buf__interp_table_t buf__interp_linalg_table;
extern const buf__interp_table_t buf__interp_bufferization_table;
extern const buf__interp_table_t buf__interp_affine_table;
extern const buf__interp_table_t buf__interp_ml_program_table;
extern const buf__interp_table_t buf__interp_vector_table;
extern const buf__interp_table_t buf__interp_shape_table;
extern const buf__interp_table_t buf__interp_gpu_table;

/* An external function known to the interpreter (runner utils). */
typedef buf_status_t (*buf__extern_fn)(buf__interp_t *I, buf__frame_t *F,
                                       buf_op_t *call,
                                       const buf__ival_t *args,
                                       uint32_t nargs, int code);
typedef struct buf__extern_row {
  const char *name;
  buf__extern_fn fn;
  int code;
} buf__extern_row_t;
/* The runner-utils row named name, or NULL. */
const buf__extern_row_t *buf__interp_find_extern(const char *name);

struct buf__interp {
  buf_ctx_t *ctx;
  buf_op_t *module;
  FILE *out;
  bool leak_check;
  uint64_t max_steps, max_bytes;
  double deadline;        /* CLOCK_MONOTONIC seconds; 0: none */
  buf_interp_stats_t stats;
  uint64_t live_bytes;
  uint64_t live_heap_bytes; /* the part of live_bytes in BUFK_HEAP buffers */
  buf__ipmap_t slots;     /* value -> slot index within its function */
  buf__ipmap_t funcs;     /* func op -> number of slots */
  buf__ipmap_t callees;   /* call op -> callee op */
  buf__ipmap_t globals;   /* memref.global op -> buffer */
  /* The current values of ml_program globals: program_globals maps the
   * ml_program.global op to its index in program_values (owned refs). */
  buf__ipmap_t program_globals;
  buf__ival_t *program_values;
  uint32_t num_program_values, cap_program_values;
  buf__buffer_t *buffers;
  uint64_t next_buffer_id;
  uint32_t depth;        /* call depth */
  /* The loop indices of the innermost linalg op being run (linalg.index). */
  const int64_t *linalg_idx;
  uint32_t linalg_nloops;
  /* The op a running vector.mask masks, with the mask and the passthru
   * (NULL: none): the transfers take them as their own mask, and a read
   * gives its masked-off lanes the passthru's values (ops_vector.c). */
  const buf_op_t *masked_op;
  const buf__tensor_t *outer_mask, *outer_passthru;
  /* Branch request of a cf terminator: the block and its arguments. */
  buf_block_t *jump;
  buf__ival_t *jump_args;
  uint32_t njump_args, cap_jump_args;
};

/* ---- engine (interp.c) ---- */

/* The value of v in frame F (borrowed). */
buf__ival_t buf__get(buf__interp_t *I, buf__frame_t *F, buf_value_t *v);
/* Stores an owned value into v's slot, releasing the old one. */
void buf__set(buf__interp_t *I, buf__frame_t *F, buf_value_t *v,
              buf__ival_t val);
static inline buf__ival_t buf__operand(buf__interp_t *I, buf__frame_t *F,
                                       buf_op_t *op, uint32_t i) {
  return buf__get(I, F, buf_op_operand(op, i));
}
static inline void buf__set_result(buf__interp_t *I, buf__frame_t *F,
                                   buf_op_t *op, uint32_t i,
                                   buf__ival_t val) {
  buf__set(I, F, buf_op_result(op, i), val);
}
/* Runs region r with the given (borrowed) entry arguments until a
 * terminator without successors; *term receives it. */
buf_status_t buf__run_region(buf__interp_t *I, buf__frame_t *F,
                             buf_region_t *r, uint32_t nargs,
                             const buf__ival_t *args, buf_op_t **term);
/* Runs region r of op with no arguments and moves its terminator's
 * operands into op's results: a region op that runs one region once. */
buf_status_t buf__run_and_yield(buf__interp_t *I, buf__frame_t *F,
                                buf_op_t *op, buf_region_t *r);
/* Runs a function (func.func with a body) on borrowed args; results are
 * owned values written to results (room for the callee's result count). */
buf_status_t buf__call_function(buf__interp_t *I, buf_op_t *call_site,
                                buf_op_t *func, uint32_t nargs,
                                const buf__ival_t *args, buf__ival_t *results,
                                uint32_t nresults);
/* Requests a branch to block b with the values of operands
 * [start, start+n) of op (used by cf terminators). */
void buf__jump(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
               buf_block_t *b, uint32_t start, uint32_t n);
/* Reports UB or an unsupported construct at op: "interpreter: <msg>". */
buf_diag_t *buf__err(buf__interp_t *I, buf_op_t *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
buf_diag_t *buf__err_at(buf__interp_t *I, buf_loc_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Accounts for newly live bytes; fails (error at op) past max_bytes. */
buf_status_t buf__mem_acquire(buf__interp_t *I, buf_op_t *op, uint64_t bytes);
void buf__mem_release(buf__interp_t *I, uint64_t bytes);

/* ---- values (values.c) ---- */

static inline buf__ival_t buf__iv_int(uint64_t i) {
  buf__ival_t v = {.kind = IV_INT};
  v.u.i = i;
  return v;
}
static inline buf__ival_t buf__iv_float(double f) {
  buf__ival_t v = {.kind = IV_FLOAT};
  v.u.f = f;
  return v;
}
static inline buf__ival_t buf__iv_tensor(buf__tensor_t *t) {
  buf__ival_t v = {.kind = IV_TENSOR};
  v.u.t = t;
  return v;
}
static inline buf__ival_t buf__iv_memref(buf__memref_t *m) {
  buf__ival_t v = {.kind = IV_MEMREF};
  v.u.m = m;
  return v;
}
/* Takes a new reference (for objects) and returns v. */
buf__ival_t buf__iv_ref(buf__ival_t v);
void buf__iv_drop(buf__interp_t *I, buf__ival_t v);

/* Bytes of one element of type t in memory (i1: 1). */
uint64_t buf__elem_bytes(buf_type_t t);
/* Truncates an integer to width w (zero-extended form). */
static inline uint64_t buf__trunc(uint64_t x, uint32_t w) {
  return w >= 64 ? x : (x & ((UINT64_C(1) << w) - 1));
}
/* Sign-extends the low w bits of x. */
static inline int64_t buf__sext(uint64_t x, uint32_t w) {
  if (w >= 64 || w == 0)
    return (int64_t)x;
  uint64_t m = UINT64_C(1) << (w - 1);
  x = buf__trunc(x, w);
  return (int64_t)((x ^ m) - m);
}
/* Integer width of an int/index type (index: 64). */
uint32_t buf__int_width(buf_type_t t);
/* Rounds d to the precision of float kind k. */
double buf__round_float(buf_float_kind_t k, double d);
/* Converts an attribute (INTEGER, BOOL, FLOAT) to a cell of type t. */
buf__cell_t buf__attr_cell(buf_attr_t a, buf_type_t t);
/* A scalar value from a cell of element type t. */
buf__ival_t buf__cell_value(buf_type_t t, buf__cell_t c);
/* A cell from a scalar value (IV_INT/IV_FLOAT). */
static inline buf__cell_t buf__value_cell(buf__ival_t v) {
  buf__cell_t c;
  if (v.kind == IV_FLOAT)
    c.f = v.u.f;
  else
    c.i = v.u.i;
  return c;
}

/* Creates a tensor of the given shape, uninitialized when !init (count 1).
 * Returns NULL after an error at op (memory bound). */
buf__tensor_t *buf__tensor_new(buf__interp_t *I, buf_op_t *op, buf_type_t elem,
                               uint32_t rank, const int64_t *shape, bool init);
/* A copy with its own storage. */
buf__tensor_t *buf__tensor_copy(buf__interp_t *I, buf_op_t *op,
                                buf_type_t elem, const buf__tensor_t *t);
/* Makes *t uniquely owned (copies when shared); false on error. */
/* A tensor of static type t holding a dense attribute's elements. */
buf__tensor_t *buf__tensor_from_dense(buf__interp_t *I, buf_op_t *op,
                                      buf_type_t t, buf_attr_t dense);
bool buf__tensor_make_unique(buf__interp_t *I, buf_op_t *op, buf_type_t elem,
                             buf__tensor_t **t);
static inline bool buf__tensor_is_init(const buf__tensor_t *t, int64_t i) {
  return !t->init || t->init[i];
}
void buf__tensor_set_init(buf__tensor_t *t, int64_t i, bool init);

/* Creates a buffer of n elements (uninitialized when !init). kind decides
 * the statistics and leak accounting. NULL after an error at op. */
buf__buffer_t *buf__buffer_new(buf__interp_t *I, buf_op_t *op,
                               buf_type_t elem, int64_t n,
                               buf__bufkind_t kind, bool init);
/* Frees a buffer's storage and marks it freed at loc. */
void buf__buffer_release(buf__interp_t *I, buf__buffer_t *b, buf_loc_t loc);
void buf__buffer_set_init(buf__buffer_t *b, int64_t i, bool init);
static inline bool buf__buffer_is_init(const buf__buffer_t *b, int64_t i) {
  return !b->init || b->init[i];
}
/* A descriptor (count 1) on buffer b. */
buf__memref_t *buf__memref_new(buf__buffer_t *b, uint32_t rank,
                               int64_t offset, const int64_t *sizes,
                               const int64_t *strides);
/* A new buffer of the given kind (identity layout) holding a copy of
 * tensor t, and a descriptor on it. NULL after an error at op. */
buf__memref_t *buf__memref_of_tensor(buf__interp_t *I, buf_op_t *op,
                                     buf_type_t elem, const buf__tensor_t *t,
                                     buf__bufkind_t kind);
/* Gives a view derived from `from` (subview, reshape...) its addressing
 * unit and base. */
static inline void buf__memref_inherit(buf__memref_t *to,
                                       const buf__memref_t *from) {
  to->cell_bytes = from->cell_bytes;
  to->base_shift = from->base_shift;
  to->ro_depth = from->ro_depth;
  to->ro_func = from->ro_func;
  to->ro_arg = from->ro_arg;
}
/* The offset and stride d as the program sees them (in elements from the
 * view's base), whatever the addressing unit. */
static inline int64_t buf__memref_offset(const buf__memref_t *m) {
  return (m->offset - m->base_shift) / (int64_t)m->cell_bytes;
}
static inline int64_t buf__memref_stride(const buf__memref_t *m, uint32_t d) {
  return m->strides[d] / (int64_t)m->cell_bytes;
}
/* Marks the element at buffer position pos written through m as
 * (un)initialized; on bytewise buffers also clears what the write covers. */
void buf__memref_set_init(const buf__memref_t *m, int64_t pos, bool init);
/* Was the element at buffer position pos, read through m, written (on
 * bytewise buffers: by a write of m's width that nothing overwrote since)? */
static inline bool buf__memref_is_init(const buf__memref_t *m, int64_t pos) {
  const buf__buffer_t *b = m->buf;
  if (!b->init)
    return true;
  return b->bytewise ? b->init[pos] == m->cell_bytes : b->init[pos] != 0;
}
/* Row-major strides of shape into strides. */
void buf__identity_strides(uint32_t rank, const int64_t *shape,
                           int64_t *strides);
int64_t buf__num_elements(uint32_t rank, const int64_t *shape);
/* Fake address of a buffer's first element, for printing. */
uint64_t buf__buffer_addr(const buf__buffer_t *b);

/* Checks that m's buffer is alive and that every element the view can
 * address lies inside the buffer; error at op otherwise. */
buf_status_t buf__memref_check_live(buf__interp_t *I, buf_op_t *op,
                                    const buf__memref_t *m);
buf_status_t buf__memref_check_extent(buf__interp_t *I, buf_op_t *op,
                                      const buf__memref_t *m);
/* Checks that the program may write through view m: not into a constant
 * global, nor through a view of a function argument marked
 * {bufferization.writable = false} while that call runs. Error at op
 * (naming the buffer's origin) otherwise. */
buf_status_t buf__memref_check_write(buf__interp_t *I, buf_op_t *op,
                                     const buf__memref_t *m);
/* Linear buffer index of a multi-index (no checks). */
static inline int64_t buf__memref_linear(const buf__memref_t *m,
                                         const int64_t *idx) {
  int64_t l = m->offset;
  for (uint32_t d = 0; d < m->rank; d++)
    l += idx[d] * m->strides[d];
  return l;
}
/* Advances a row-major multi-index over shape; false when done. */
bool buf__next_index(uint32_t rank, const int64_t *shape, int64_t *idx);

/* Shape of a tensor or memref value (sizes). */
const int64_t *buf__value_shape(buf__ival_t v, uint32_t *rank);

/* Reads the run-time values of an op's mixed static/dynamic list
 * (static_<name> attribute + operand segment seg; for ops without
 * operandSegmentSizes, like expand_shape, the dynamic values are the
 * operands from index seg on): out gets count values.
 * Returns the count, or -1 on a malformed op (error emitted). */
int buf__mixed_list(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                    const char *static_attr, uint32_t seg, int64_t *out,
                    uint32_t max);
/* Reads an integer/index scalar operand; reports IV_UNDEF use. */
bool buf__index_operand(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                        uint32_t i, int64_t *out);
/* Reports use of an uninitialized scalar (value v of op's operand i). */
bool buf__check_defined(buf__interp_t *I, buf_op_t *op, buf__ival_t v);

/* Reassociation attribute: groups into groups[] (group index per dim of
 * the larger shape) and returns the number of groups; -1 on error. */
int buf__reassociation(buf__interp_t *I, buf_op_t *op, uint32_t *group_of,
                       uint32_t max_dims, uint32_t *ndims);

/* Computes which source dims a rank-reducing slice drops: dropped[d] for
 * d < rank (sizes given), result shape rshape of rank rrank. */
bool buf__rank_reduction(uint32_t rank, const int64_t *sizes, uint32_t rrank,
                         const int64_t *rshape, bool *dropped);

/* Which dims of a slice (extract_slice, subview) the rank-reduced result
 * type drops, decided from the static sizes as MLIR decides it: a dim of
 * static size 1 is dropped unless it lines up with a static 1 of the
 * result; dynamic sizes are never dropped, whatever their runtime value.
 * False when that leaves a rank other than the result's. */
bool buf__dropped_dims(buf_op_t *op, buf_type_t result, uint32_t rank,
                       bool *dropped);
/* The same for memref.subview, where a unit dim lines up with a static 1 of
 * the result only if their strides agree too (source_strides: the strides
 * of the non-reduced subview, at run time): MLIR tells ambiguous unit dims
 * of memrefs apart by their strides. */
bool buf__dropped_memref_dims(buf_op_t *op, buf_type_t result, uint32_t rank,
                              const int64_t *source_strides, bool *dropped);

/* ---- slices (ops_tensor.c) ---- */

/* Applies tensor.parallel_insert_slice op (source and offsets from frame F)
 * to the shared output *dest, in place when *dest is uniquely owned. */
buf_status_t buf__parallel_insert(buf__interp_t *I, buf__frame_t *F,
                                  buf_op_t *op, buf__tensor_t **dest);

/* ---- buffers (ops_memref.c) ---- */

/* Frees m's buffer after the dealloc checks (double free, non-heap, view
 * not at the base); error at op otherwise. */
buf_status_t buf__memref_free(buf__interp_t *I, buf_op_t *op,
                              const buf__memref_t *m);
/* Copies view src into view dst (memref.copy's checks and statistics). */
buf_status_t buf__memref_copy(buf__interp_t *I, buf_op_t *op,
                              const buf__memref_t *src,
                              const buf__memref_t *dst);

/* ---- elementwise driver (ops_arith.c) ---- */

/* Computes one result element from operand elements in[] of scalar types
 * it[]; false after an error at op. */
typedef bool (*buf__scalar_fn)(buf__interp_t *I, buf_op_t *op,
                               const buf__interp_row_t *row,
                               const buf__cell_t *in, const buf_type_t *it,
                               buf_type_t rt, buf__cell_t *out);
/* Applies compute to scalar operands, or element by element to tensor
 * operands (scalars broadcast), setting op's single result. */
buf_status_t buf__elementwise(buf__interp_t *I, buf__frame_t *F, buf_op_t *op,
                              const buf__interp_row_t *row,
                              buf__scalar_fn compute);

/* ---- JSON (inputs.c) ---- */

/* Parses inputs_json into nargs owned values for the function's argument
 * types; false after an error. */
bool buf__inputs_parse(buf__interp_t *I, buf_op_t *func, const char *json,
                       const buf_type_t *types, uint32_t nargs,
                       buf__ival_t *args);
/* Serializes results; NULL after an error. */
char *buf__results_json(buf__interp_t *I, buf_op_t *func,
                        const buf_type_t *types, const buf__ival_t *vals,
                        uint32_t n);

/* ---- runner utils (runner_utils.c) ---- */


#endif /* BUF_INTERP_INTERNAL_H */
