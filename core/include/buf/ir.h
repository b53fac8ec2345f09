/*
 * buf/ir.h: the public IR of libbufcore.
 *
 * MLIR's model in C. A context (buf_ctx_t) owns one arena that holds every
 * object of one compilation: interned identifiers, types and attributes, ops,
 * values, blocks and regions. Destroying the context frees all of it at once;
 * nothing is freed piecemeal. Two contexts share nothing but the immutable
 * dialect tables, so two compilations can run on two threads.
 *
 * Invariants:
 *   - Types and attributes are interned per context: equal means pointer-equal.
 *   - Identifiers (op names, attribute names, symbol names) are interned
 *     strings: compare them with ==.
 *   - Every op has a definition (buf_opdef_t); an op whose name no dialect
 *     registers gets a context-local definition with no hooks and the
 *     BUF_TRAIT_UNREGISTERED trait.
 *   - Every value keeps the list of its uses, so replace-all-uses is O(uses).
 *   - Library code never exits; fallible calls return buf_status_t or NULL
 *     and leave a located diagnostic in the context.
 *
 * Structs are visible so that passes can read fields directly; mutate IR
 * only through the functions below, which keep use lists and parent links.
 */
#ifndef BUF_IR_H
#define BUF_IR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Basics                                                                    */
/* ------------------------------------------------------------------------ */

/* The result of a fallible operation; failures leave a diagnostic. */
typedef enum buf_status {
  BUF_SUCCESS = 0,
  BUF_FAILURE = 1,
} buf_status_t;

#define BUF_FAILED(s) ((s) != BUF_SUCCESS)

/* A dynamic dimension or offset/stride in shapes and strided layouts: the
 * value MLIR calls ShapedType::kDynamic. */
#define BUF_DYNAMIC INT64_MIN

typedef struct buf_ctx_s buf_ctx_t;
typedef struct buf_arena_s buf_arena_t;
typedef struct buf_op_s buf_op_t;
typedef struct buf_value_s buf_value_t;
typedef struct buf_use_s buf_use_t;
typedef struct buf_block_s buf_block_t;
typedef struct buf_region_s buf_region_t;
typedef struct buf_opdef_s buf_opdef_t;
typedef struct buf_dialect_s buf_dialect_t;
typedef const struct buf_type_s *buf_type_t;
typedef const struct buf_attr_s *buf_attr_t;
typedef const struct buf_affine_expr_s buf_affine_expr_t;
typedef const struct buf_affine_map_s buf_affine_map_t;

/* An interned string: two identifiers are equal iff the pointers are. */
typedef const char *buf_ident_t;

/* A source location. file == NULL means unknown. line and col are 1-based. */
typedef struct buf_loc {
  buf_ident_t file; /* interned file name as given on the command line */
  uint32_t line;
  uint32_t col;
} buf_loc_t;

#define BUF_LOC_UNKNOWN ((buf_loc_t){NULL, 0, 0})

/* ------------------------------------------------------------------------ */
/* Arena                                                                     */
/* ------------------------------------------------------------------------ */

/* A standalone arena for scratch data with a shorter life than the context
 * (the parser's per-function name tables). */
buf_arena_t *buf_arena_create(void);
void buf_arena_destroy(buf_arena_t *arena);
/* Forgets every allocation but keeps one chunk for reuse (cheaper than
 * destroying and creating again). */
void buf_arena_reset(buf_arena_t *arena);
/* Scratch memory for data that dies with the op being built: op-state
 * arrays and the parser's temporary lists. It is released whenever no
 * holder is left: every buf_state_init holds it until buf_op_create, and a
 * parser holds it while it parses an op. Never keep a scratch pointer in
 * the IR (interning and buf_op_create copy what they keep). */
buf_arena_t *buf_ctx_scratch(buf_ctx_t *ctx);
void buf_ctx_scratch_hold(buf_ctx_t *ctx);
void buf_ctx_scratch_release(buf_ctx_t *ctx);
/* Returns zeroed, 16-byte aligned memory that lives until the context dies.
 * Aborts only on out-of-memory. */
void *buf_arena_alloc(buf_arena_t *arena, size_t size);
/* Copies n bytes of s plus a terminating NUL into the arena. */
char *buf_arena_strndup(buf_arena_t *arena, const char *s, size_t n);
/* Formats into the arena. */
char *buf_arena_printf(buf_arena_t *arena, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Grows an arena array: returns a copy of old (old_n elements of elem_size)
 * with room for new_n elements, the new tail zeroed. */
void *buf_arena_grow(buf_arena_t *arena, void *old, size_t old_n, size_t new_n,
                     size_t elem_size);

/* ------------------------------------------------------------------------ */
/* Context and diagnostics                                                   */
/* ------------------------------------------------------------------------ */

/* Creates a context with every built-in dialect registered. */
buf_ctx_t *buf_ctx_create(void);
/* Frees the context and every IR object created in it. */
void buf_ctx_destroy(buf_ctx_t *ctx);
/* The context's arena (borrowed). */
buf_arena_t *buf_ctx_arena(buf_ctx_t *ctx);
/* Bytes the context's arenas hold now (the IR and the scratch arena): what
 * a compile's memory bound (buf_pipeline_limits_t.max_memory) measures. */
size_t buf_ctx_memory_used(const buf_ctx_t *ctx);

/* Which bound stopped a compilation (pipelines, buf/pipeline.h, and the
 * compile driver, buf/compile.h, report the ones they check). */
typedef enum buf_limit {
  BUF_LIMIT_NONE,
  BUF_LIMIT_PIPELINE_TEXT,    /* the pipeline text is too long */
  BUF_LIMIT_PIPELINE_PASSES,  /* it holds too many passes */
  BUF_LIMIT_PIPELINE_NESTING, /* its anchors nest too deep */
  BUF_LIMIT_OPS,              /* the program has too many ops */
  BUF_LIMIT_DEPTH,            /* the program nests too deep */
  BUF_LIMIT_MEMORY,           /* the context's arenas outgrew their bound */
  BUF_LIMIT_TIME,             /* the deadline passed */
} buf_limit_t;

/* Bounds on the work done in ctx: the bytes its arenas may hold
 * (buf_ctx_memory_used) and a CLOCK_MONOTONIC deadline in ns; 0: none.
 * Nothing enforces them by itself: work checks them where it can stop
 * cleanly (between passes, between functions, between the phases of a long
 * pass) with buf_ctx_check_limits. */
void buf_ctx_set_work_limits(buf_ctx_t *ctx, uint64_t max_memory, uint64_t deadline_ns);
/* BUF_FAILURE once a bound is crossed: emits an error at `at` saying which
 * and that the compile stopped before `next` (e.g. "pass 'symbol-dce'"),
 * and records the bound for buf_ctx_limit_hit. */
buf_status_t buf_ctx_check_limits(buf_ctx_t *ctx, buf_loc_t at, const char *next);
/* The bound buf_ctx_check_limits found crossed, or BUF_LIMIT_NONE. */
buf_limit_t buf_ctx_limit_hit(const buf_ctx_t *ctx);
/* When true, ops of unknown dialects parse and verify (generic form only);
 * like mlir-opt's --allow-unregistered-dialect. Default false. */
void buf_ctx_set_allow_unregistered(buf_ctx_t *ctx, bool allow);
bool buf_ctx_allow_unregistered(const buf_ctx_t *ctx);
/* Dialects (comma-separated, a static string) whose ops parse and verify
 * as unregistered ops even without allow-unregistered: buffer-opt names
 * "test", whose ops upstream's tests use as opaque stand-ins and which
 * mlir-opt registers. */
void buf_ctx_set_opaque_dialects(buf_ctx_t *ctx, const char *dialects);
/* May an op named `name` be created though no dialect defines it? */
bool buf_ctx_allows_unregistered_op(const buf_ctx_t *ctx, const char *name);
/* The pass pipeline running in ctx (buf_pipeline_run sets and clears it),
 * so that a pass can count statistics (buf_pass_statistic_add). */
void buf_ctx_set_running_pipeline(buf_ctx_t *ctx, void *pipeline);
void *buf_ctx_running_pipeline(const buf_ctx_t *ctx);
/* A memo of attributes a dialect derives from its constant tables (the
 * default indexing maps of a linalg named op, built at every parse and
 * print): key is the address of the table data, so keys of different
 * tables never meet. NULL when nothing is stored for key. */
buf_attr_t buf_ctx_memo_attr(buf_ctx_t *ctx, const void *key);
void buf_ctx_memo_set_attr(buf_ctx_t *ctx, const void *key, buf_attr_t a);

/* A 64-bit hash of n bytes, chained from h (start with BUF_HASH_SEED):
 * the same in every run and build, so hash tables and names derived from
 * it (symbol suffixes, shares of parallel code generation) are stable.
 * The low bits are well mixed: `& mask` picks a table slot. */
#define BUF_HASH_SEED 1469598103934665603ULL
uint64_t buf_hash_bytes(uint64_t h, const void *data, size_t n);

/* Interns the n bytes at s. */
buf_ident_t buf_ident(buf_ctx_t *ctx, const char *s, size_t n);
/* Interns a NUL-terminated string. */
buf_ident_t buf_ident_cstr(buf_ctx_t *ctx, const char *s);

/* Registers the text of a source buffer under a file name so diagnostics
 * can print the offending line with a caret. The text is copied. */
void buf_ctx_add_source(buf_ctx_t *ctx, const char *file, const char *text,
                        size_t len);
/* The same for a piece of a file whose first line is line first_line of
 * the file (a --split-input-file chunk), so carets find the right line.
 * buf_ctx_add_source(...) is buf_ctx_add_source_at(..., 1). */
void buf_ctx_add_source_at(buf_ctx_t *ctx, const char *file, const char *text,
                           size_t len, uint32_t first_line);
/* The same without a copy: text must stay valid and unchanged until the
 * context is destroyed (buffer-opt and the service keep their input). */
void buf_ctx_add_source_borrowed(buf_ctx_t *ctx, const char *file,
                                 const char *text, size_t len,
                                 uint32_t first_line);
/* Returns the registered source text of file (NULL when unknown) and its
 * length in *len. */
const char *buf_ctx_source(const buf_ctx_t *ctx, buf_ident_t file,
                           size_t *len);

typedef enum buf_severity {
  BUF_SEV_ERROR,
  BUF_SEV_WARNING,
  BUF_SEV_NOTE,
  BUF_SEV_REMARK,
} buf_severity_t;

typedef struct buf_diag_s buf_diag_t;
struct buf_diag_s {
  buf_severity_t severity;
  buf_loc_t loc;
  const char *message; /* arena string, no trailing newline */
  buf_diag_t *notes;   /* attached notes, in order */
  buf_diag_t *next;    /* next diagnostic (or next note) */
};

/* Records a diagnostic at loc and returns it so notes can be attached. */
buf_diag_t *buf_emit_error(buf_ctx_t *ctx, buf_loc_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
buf_diag_t *buf_emit_warning(buf_ctx_t *ctx, buf_loc_t loc, const char *fmt,
                             ...) __attribute__((format(printf, 3, 4)));
buf_diag_t *buf_emit_remark(buf_ctx_t *ctx, buf_loc_t loc, const char *fmt,
                            ...) __attribute__((format(printf, 3, 4)));
buf_diag_t *buf_emitv(buf_ctx_t *ctx, buf_severity_t sev, buf_loc_t loc,
                      const char *fmt, va_list ap);
/* Appends a note to diag; returns diag. */
buf_diag_t *buf_diag_note(buf_ctx_t *ctx, buf_diag_t *diag, buf_loc_t loc,
                          const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An error located at op, naming it: "'tensor.extract' op <message>", as
 * MLIR's op.emitOpError does. */
buf_diag_t *buf_op_emit_error(buf_op_t *op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The diagnostics recorded so far, oldest first (borrowed). */
const buf_diag_t *buf_ctx_diags(const buf_ctx_t *ctx);
size_t buf_ctx_num_errors(const buf_ctx_t *ctx);
/* Forgets every recorded diagnostic (used between --split-input-file chunks
 * and by --verify-diagnostics). */
void buf_ctx_clear_diags(buf_ctx_t *ctx);
/* Prints every diagnostic as "file:line:col: error: message", followed by the
 * source line and a caret when the source is registered, then its notes. */
void buf_diags_print(const buf_ctx_t *ctx, FILE *out);

/* ------------------------------------------------------------------------ */
/* Types                                                                     */
/* ------------------------------------------------------------------------ */

typedef enum buf_type_kind {
  BUF_TYPE_INTEGER,          /* i1, i32, si8, ui16 ... */
  BUF_TYPE_INDEX,
  BUF_TYPE_FLOAT,            /* f16, bf16, f32, f64 */
  BUF_TYPE_NONE,
  BUF_TYPE_TENSOR,           /* ranked tensor */
  BUF_TYPE_UNRANKED_TENSOR,  /* tensor<*xT> */
  BUF_TYPE_MEMREF,           /* ranked memref */
  BUF_TYPE_UNRANKED_MEMREF,  /* memref<*xT> */
  BUF_TYPE_VECTOR,           /* vector<4xf32>, vector<4x[8]xi1> (scalable) */
  BUF_TYPE_FUNCTION,         /* (T...) -> (U...) */
  BUF_TYPE_TUPLE,            /* tuple<...>: parsed and printed only */
  BUF_TYPE_OPAQUE,           /* !dialect.anything, kept as text */
} buf_type_kind_t;

typedef enum buf_signedness {
  BUF_SIGNLESS,
  BUF_SIGNED,
  BUF_UNSIGNED,
} buf_signedness_t;

typedef enum buf_float_kind {
  BUF_F16,
  BUF_BF16,
  BUF_F32,
  BUF_F64,
} buf_float_kind_t;

struct buf_type_s {
  buf_type_kind_t kind;
  union {
    struct {
      uint32_t width;
      buf_signedness_t signedness;
    } integer;
    buf_float_kind_t fkind;
    struct {                   /* TENSOR, MEMREF, VECTOR; UNRANKED_* use elem
                                * and memory_space only */
      uint32_t rank;
      const int64_t *shape;    /* rank entries; BUF_DYNAMIC for '?' */
      buf_type_t elem;
      buf_attr_t encoding;     /* tensor encoding, or NULL */
      buf_attr_t layout;       /* memref layout: NULL (identity), a STRIDED
                                * attr or an AFFINE_MAP attr */
      buf_attr_t memory_space; /* memref memory space, or NULL */
      const bool *scalable;    /* VECTOR: rank flags, dimension i is a
                                * multiple of shape[i] fixed only at run
                                * time ("[8]"); NULL when no dimension is */
    } shaped;
    struct {
      uint32_t num_inputs;
      uint32_t num_results;
      const buf_type_t *inputs;
      const buf_type_t *results;
    } func;
    struct {
      uint32_t num_elems;
      const buf_type_t *elems;
    } tuple;
    struct {
      buf_ident_t text;        /* the full spelling, e.g. "!gpu.async.token" */
    } opaque;
  } u;
};

buf_type_t buf_type_integer(buf_ctx_t *ctx, uint32_t width,
                            buf_signedness_t signedness);
buf_type_t buf_type_i1(buf_ctx_t *ctx);
buf_type_t buf_type_i32(buf_ctx_t *ctx);
buf_type_t buf_type_i64(buf_ctx_t *ctx);
buf_type_t buf_type_index(buf_ctx_t *ctx);
buf_type_t buf_type_float(buf_ctx_t *ctx, buf_float_kind_t kind);
buf_type_t buf_type_f32(buf_ctx_t *ctx);
buf_type_t buf_type_f64(buf_ctx_t *ctx);
buf_type_t buf_type_none(buf_ctx_t *ctx);
buf_type_t buf_type_tensor(buf_ctx_t *ctx, uint32_t rank, const int64_t *shape,
                           buf_type_t elem, buf_attr_t encoding);
buf_type_t buf_type_unranked_tensor(buf_ctx_t *ctx, buf_type_t elem);
/* layout NULL means the identity layout; memory_space NULL means default. */
buf_type_t buf_type_memref(buf_ctx_t *ctx, uint32_t rank, const int64_t *shape,
                           buf_type_t elem, buf_attr_t layout,
                           buf_attr_t memory_space);
buf_type_t buf_type_unranked_memref(buf_ctx_t *ctx, buf_type_t elem,
                                    buf_attr_t memory_space);
buf_type_t buf_type_vector(buf_ctx_t *ctx, uint32_t rank, const int64_t *shape,
                           buf_type_t elem);
/* A vector whose dimension i is scalable when scalable[i] (vector<[16]xf32>
 * has 16 x vscale elements, vscale known only at run time). scalable may be
 * NULL, and all-false flags give the fixed vector: a type with no scalable
 * dimension always has scalable == NULL, so pointer equality still means
 * type equality. */
buf_type_t buf_type_vector_scalable(buf_ctx_t *ctx, uint32_t rank,
                                    const int64_t *shape, const bool *scalable,
                                    buf_type_t elem);
/* True when t is a vector with a scalable dimension: no pass that needs a
 * fixed element count (the interpreter, the LLVM and PTX emitters) may
 * take it as its shape says. */
bool buf_type_is_scalable_vector(buf_type_t t);
/* Is dimension i of vector t scalable? */
bool buf_type_vector_dim_scalable(buf_type_t t, uint32_t i);
/* The first op (pre-order) under root, root included, whose operands,
 * results, block arguments or type attributes (a function's signature)
 * are or hold a scalable vector, with that type in *type (may be NULL);
 * NULL when there is none. What the interpreter and the emitters refuse
 * (core/ir/scalable.c). */
buf_op_t *buf_op_find_scalable_vector(buf_op_t *root, buf_type_t *type);
buf_type_t buf_type_function(buf_ctx_t *ctx, uint32_t num_inputs,
                             const buf_type_t *inputs, uint32_t num_results,
                             const buf_type_t *results);
buf_type_t buf_type_tuple(buf_ctx_t *ctx, uint32_t n, const buf_type_t *elems);
buf_type_t buf_type_opaque(buf_ctx_t *ctx, const char *text, size_t len);

bool buf_type_is_integer(buf_type_t t);   /* any width, any signedness */
bool buf_type_is_int_or_index(buf_type_t t);
bool buf_type_is_float(buf_type_t t);
bool buf_type_is_tensor(buf_type_t t);    /* ranked or unranked */
bool buf_type_is_memref(buf_type_t t);    /* ranked or unranked */
bool buf_type_is_shaped(buf_type_t t);    /* tensor, memref or vector */
bool buf_type_is_ranked(buf_type_t t);    /* ranked tensor/memref/vector */
bool buf_type_has_static_shape(buf_type_t t);
/* Element type of a shaped type, NULL otherwise. */
buf_type_t buf_type_elem(buf_type_t t);
/* Number of elements of a statically shaped type; -1 when dynamic. */
int64_t buf_type_num_elements(buf_type_t t);
/* Bit width of int/float scalars; 64 for index; 0 otherwise. */
uint32_t buf_type_bitwidth(buf_type_t t);
/* The same shape and element type as a tensor (identity layout) and the
 * reverse; unranked maps to unranked. */
buf_type_t buf_type_memref_for_tensor(buf_ctx_t *ctx, buf_type_t tensor,
                                      buf_attr_t memory_space);
buf_type_t buf_type_tensor_for_memref(buf_ctx_t *ctx, buf_type_t memref);
/* A dialect type that is tensor-like (buffer-like) by its dialect's
 * type_twins, and the other type of its pair, same parameters; NULL for
 * any other type. buf_type_memref_for_tensor / buf_type_tensor_for_memref
 * map these pairs too. */
bool buf_type_is_custom_tensor_like(buf_type_t t);
bool buf_type_is_custom_buffer_like(buf_type_t t);
buf_type_t buf_type_custom_buffer_of(buf_ctx_t *ctx, buf_type_t tensor_like);
buf_type_t buf_type_custom_tensor_of(buf_ctx_t *ctx, buf_type_t buffer_like);
/* Strides and offset of a memref type: the identity layout's row-major
 * strides, the strided layout's values (BUF_DYNAMIC for '?'), or those of
 * a one-result affine-map layout linear in the dims. Fails for other
 * affine-map layouts. strides has rank entries. */
buf_status_t buf_type_memref_strides(buf_type_t memref, int64_t *strides,
                                     int64_t *offset);

/* ------------------------------------------------------------------------ */
/* Affine maps                                                               */
/* ------------------------------------------------------------------------ */

typedef enum buf_affine_kind {
  BUF_AFFINE_DIM,
  BUF_AFFINE_SYMBOL,
  BUF_AFFINE_CONST,
  BUF_AFFINE_ADD,
  BUF_AFFINE_MUL,
  BUF_AFFINE_MOD,
  BUF_AFFINE_FLOORDIV,
  BUF_AFFINE_CEILDIV,
} buf_affine_kind_t;

struct buf_affine_expr_s {
  buf_affine_kind_t kind;
  int64_t value;               /* DIM/SYMBOL position, or CONST value */
  buf_affine_expr_t *lhs, *rhs; /* binary kinds only */
};

struct buf_affine_map_s {
  uint32_t num_dims;
  uint32_t num_symbols;
  uint32_t num_results;
  buf_affine_expr_t *const *results;
};

/* Constructors simplify the way MLIR does (constants folded, constants moved
 * to the right of + and *, x*1 and x+0 dropped) so that printing matches. */
buf_affine_expr_t *buf_affine_dim(buf_ctx_t *ctx, uint32_t pos);
buf_affine_expr_t *buf_affine_symbol(buf_ctx_t *ctx, uint32_t pos);
buf_affine_expr_t *buf_affine_const(buf_ctx_t *ctx, int64_t value);
buf_affine_expr_t *buf_affine_binary(buf_ctx_t *ctx, buf_affine_kind_t kind,
                                     buf_affine_expr_t *lhs,
                                     buf_affine_expr_t *rhs);
buf_affine_map_t *buf_affine_map(buf_ctx_t *ctx, uint32_t num_dims,
                                 uint32_t num_symbols, uint32_t num_results,
                                 buf_affine_expr_t *const *results);
/* (d0, ..., dn-1) -> (d0, ..., dn-1); for n < 16 the map of the interned
 * attribute, the same pointer at every call. */
buf_affine_map_t *buf_affine_map_identity(buf_ctx_t *ctx, uint32_t n);
bool buf_affine_map_is_identity(buf_affine_map_t *map);
/* Evaluates result i with the given dim and symbol values. */
int64_t buf_affine_expr_eval(buf_affine_expr_t *e, const int64_t *dims,
                             const int64_t *symbols);
bool buf_affine_expr_equal(buf_affine_expr_t *a, buf_affine_expr_t *b);
bool buf_affine_map_equal(buf_affine_map_t *a, buf_affine_map_t *b);

/* ------------------------------------------------------------------------ */
/* Attributes                                                                */
/* ------------------------------------------------------------------------ */

typedef enum buf_attr_kind {
  BUF_ATTR_UNIT,        /* unit */
  BUF_ATTR_BOOL,        /* true / false */
  BUF_ATTR_INTEGER,     /* 42 : i32 (type may be index or any integer) */
  BUF_ATTR_FLOAT,       /* 1.5 : f32 */
  BUF_ATTR_STRING,      /* "text" */
  BUF_ATTR_TYPE,        /* a type used as an attribute */
  BUF_ATTR_ARRAY,       /* [a, b, c] */
  BUF_ATTR_DICT,        /* {name = attr, ...}, sorted by name */
  BUF_ATTR_DENSE,       /* dense<...> : tensor<...> */
  BUF_ATTR_DENSE_ARRAY, /* array<i64: 1, 2> */
  BUF_ATTR_AFFINE_MAP,  /* affine_map<(d0) -> (d0)> */
  BUF_ATTR_SYMBOL_REF,  /* @name or @root::@nested */
  BUF_ATTR_STRIDED,     /* strided<[s0, s1], offset: o> */
  BUF_ATTR_OPAQUE,      /* #dialect.anything<...>, kept as text */
  BUF_ATTR_DENSE_RESOURCE, /* dense_resource<name> : tensor<...> */
  BUF_ATTR_INTEGER_SET, /* affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)> */
} buf_attr_kind_t;

/* A blob of the file's dialect_resources section (MLIR's builtin
 * DenseResourceElementsHandle): owned by the context and keyed by name, so
 * every dense_resource<name> of a compilation shares one. A handle exists
 * from its first mention; data stays NULL until the section defines it
 * (mlir-opt accepts a reference to a missing blob and fails where the
 * bytes are read). The bytes are little-endian elements, copied once into
 * the context's arena; hash is of the bytes, computed once when set. */
typedef struct buf_resource_s {
  buf_ident_t name;     /* the key, without quotes */
  const uint8_t *data;  /* the blob, NULL while undefined */
  size_t size;          /* bytes of data */
  uint32_t alignment;   /* the section's 4-byte prefix */
  uint64_t hash;        /* of the bytes (cache keys), 0 while undefined */
} buf_resource_t;

typedef struct buf_named_attr {
  buf_ident_t name;
  buf_attr_t value;
} buf_named_attr_t;

struct buf_attr_s {
  buf_attr_kind_t kind;
  buf_type_t type; /* INTEGER, FLOAT, DENSE, DENSE_RESOURCE, DENSE_ARRAY
                    * (element type), TYPE (the type itself); NULL
                    * otherwise */
  union {
    bool b;
    int64_t i;     /* INTEGER; i1 values are 0/1 */
    double f;      /* FLOAT, as a double whatever the width */
    struct {
      const char *data; /* not NUL-terminated in general; data[len] == 0 */
      size_t len;
    } str;
    struct {
      uint32_t n;
      const buf_attr_t *elems;
    } array;
    struct {
      uint32_t n;
      const buf_named_attr_t *entries; /* sorted by strcmp of name */
    } dict;
    struct {            /* DENSE: type is the shaped type */
      bool splat;       /* one stored value stands for all */
      int64_t count;    /* stored values: 1 if splat, else num elements */
      const int64_t *ints;  /* when the element type is integer/index */
      const double *floats; /* when the element type is float */
    } dense;
    struct {            /* DENSE_ARRAY: type is the element type */
      int64_t count;
      const int64_t *ints;
      const double *floats;
    } dense_array;
    buf_affine_map_t *map;
    struct {            /* INTEGER_SET: constraint i is "constraints->
                         * results[i] == 0" when eq[i], else ">= 0" */
      buf_affine_map_t *constraints;
      const bool *eq;
    } set;
    struct {
      uint32_t n;           /* 1 for @a, 2 for @a::@b ... */
      const buf_ident_t *names;
    } symref;
    struct {
      uint32_t rank;
      const int64_t *strides; /* BUF_DYNAMIC for '?' */
      int64_t offset;         /* BUF_DYNAMIC for '?' */
    } strided;
    struct {
      buf_ident_t text;       /* full spelling, e.g. "#gpu.memory_space<global>" */
    } opaque;
    const buf_resource_t *resource; /* DENSE_RESOURCE: type is the shaped
                                     * type */
  } u;
};

buf_attr_t buf_attr_unit(buf_ctx_t *ctx);
/* An integer set: the points (dims, symbols) of `constraints`' inputs
 * where every result i is == 0 (eq[i]) or >= 0 (!eq[i]). Copies both. */
buf_attr_t buf_attr_integer_set(buf_ctx_t *ctx, buf_affine_map_t *constraints,
                                const bool *eq);
buf_attr_t buf_attr_bool(buf_ctx_t *ctx, bool value);
buf_attr_t buf_attr_integer(buf_ctx_t *ctx, buf_type_t type, int64_t value);
buf_attr_t buf_attr_index(buf_ctx_t *ctx, int64_t value);
buf_attr_t buf_attr_float(buf_ctx_t *ctx, buf_type_t type, double value);
buf_attr_t buf_attr_string(buf_ctx_t *ctx, const char *data, size_t len);
buf_attr_t buf_attr_string_cstr(buf_ctx_t *ctx, const char *s);
buf_attr_t buf_attr_type(buf_ctx_t *ctx, buf_type_t type);
buf_attr_t buf_attr_array(buf_ctx_t *ctx, uint32_t n, const buf_attr_t *elems);
/* Entries need not be sorted; duplicates are an error the caller checks. */
buf_attr_t buf_attr_dict(buf_ctx_t *ctx, uint32_t n,
                         const buf_named_attr_t *entries);
/* Dense elements over a shaped type. Pass ints for integer/index element
 * types and floats for float element types; count is 1 for a splat or the
 * number of elements. */
buf_attr_t buf_attr_dense(buf_ctx_t *ctx, buf_type_t shaped, int64_t count,
                          const int64_t *ints, const double *floats);
buf_attr_t buf_attr_dense_array(buf_ctx_t *ctx, buf_type_t elem, int64_t count,
                                const int64_t *ints, const double *floats);
/* array<i64: ...>, the form of static offsets/sizes/strides. */
buf_attr_t buf_attr_i64_array(buf_ctx_t *ctx, int64_t count,
                              const int64_t *values);
buf_attr_t buf_attr_affine_map(buf_ctx_t *ctx, buf_affine_map_t *map);
buf_attr_t buf_attr_symbol_ref(buf_ctx_t *ctx, uint32_t n,
                               const buf_ident_t *names);
buf_attr_t buf_attr_flat_symbol_ref(buf_ctx_t *ctx, const char *name);
buf_attr_t buf_attr_strided(buf_ctx_t *ctx, uint32_t rank,
                            const int64_t *strides, int64_t offset);
buf_attr_t buf_attr_opaque(buf_ctx_t *ctx, const char *text, size_t len);

/* dense_resource<name> : shaped, over the context's blob res. */
buf_attr_t buf_attr_dense_resource(buf_ctx_t *ctx, buf_type_t shaped,
                                   const buf_resource_t *res);

/* The resource name of ctx, created undefined at the first call (borrowed;
 * it lives as long as ctx). */
buf_resource_t *buf_ctx_resource_get(buf_ctx_t *ctx, const char *name,
                                     size_t len);
/* The resource name, or NULL when nothing mentioned it. */
const buf_resource_t *buf_ctx_resource_lookup(buf_ctx_t *ctx,
                                              const char *name);
/* True when ctx has any resource handle: a dense_resource attribute of
 * ctx can exist only then (the printer skips its search otherwise). */
bool buf_ctx_has_resources(const buf_ctx_t *ctx);
/* Defines res with size bytes at data (copied into the arena once) and the
 * alignment of its prefix; a second definition replaces the first. */
void buf_resource_set_blob(buf_ctx_t *ctx, buf_resource_t *res,
                           const void *data, size_t size, uint32_t alignment);
/* Defines res with the hex digits of a section entry, "0x" and the 4-byte
 * alignment prefix included, decoded straight into the arena. False (res
 * unchanged) when hex is not such a string. */
bool buf_resource_set_hex(buf_ctx_t *ctx, buf_resource_t *res,
                          const char *hex, size_t len);
/* Gives the memory of every blob of ctx back (each then reads as
 * undefined, NULL data): for a caller done with every op of ctx that reads
 * a blob, such as the last lowering of a compilation once LLVM holds its
 * own copy of the weights. Their hashes stay. */
void buf_ctx_release_resource_blobs(buf_ctx_t *ctx);

/* An entry of the file's external_resources section, which no dialect
 * here reads: kept, like mlir-opt keeps it, and printed back as spelled
 * (text is the value's printed form: a string, a hex blob, true/false). */
typedef struct buf_ext_resource_s {
  struct buf_ext_resource_s *next;
  buf_ident_t group; /* the key of the inner dictionary ("foo") */
  buf_ident_t key;   /* the entry's key */
  buf_ident_t text;  /* the value as printed */
} buf_ext_resource_t;
/* Adds (or replaces) the external resource group.key of ctx. */
void buf_ctx_set_ext_resource(buf_ctx_t *ctx, const char *group,
                              const char *key, const char *text);
/* The external resources of ctx in the order first given; borrowed. */
const buf_ext_resource_t *buf_ctx_ext_resources(buf_ctx_t *ctx);

/* Looks up name in a DICT attribute; NULL when absent. */
buf_attr_t buf_attr_dict_get(buf_attr_t dict, const char *name);
/* True for the attributes that hold a tensor's elements: DENSE and
 * DENSE_RESOURCE (MLIR's ElementsAttr). */
bool buf_attr_is_elements(buf_attr_t a);
/* NULL when the elements of a (DENSE, or DENSE_RESOURCE whose blob exists
 * and holds exactly the type's elements) can be read; else what is wrong,
 * in the words of MLIR's LLVM translation ("resource does not exist",
 * "raw data size does not match element type size"). */
const char *buf_attr_elements_error(buf_attr_t a);
/* Bytes of one element of a DENSE_RESOURCE blob of element type elem (i1
 * takes a byte); 0 for element types a blob cannot hold. */
size_t buf_resource_elem_bytes(buf_type_t elem);
/* The element at linear index i of a DENSE attribute (splat-aware) or a
 * readable DENSE_RESOURCE attribute (decoded from its bytes); 0 otherwise. */
int64_t buf_attr_dense_int(buf_attr_t dense, int64_t i);
double buf_attr_dense_float(buf_attr_t dense, int64_t i);

/* ------------------------------------------------------------------------ */
/* Values, uses, ops, blocks, regions                                        */
/* ------------------------------------------------------------------------ */

struct buf_use_s {
  buf_value_t *value;   /* the used value */
  buf_op_t *owner;      /* the op whose operand this is */
  uint32_t index;       /* operand number in owner */
  buf_use_t *next_use;  /* next use of the same value */
  buf_use_t **prev_next; /* the pointer that points at this use */
};

struct buf_value_s {
  buf_type_t type;
  buf_use_t *first_use;  /* NULL when unused */
  buf_op_t *def;         /* defining op; NULL for a block argument */
  buf_block_t *block;    /* owning block of a block argument; NULL for results */
  uint32_t index;        /* result number or argument number */
  uint32_t print_slot;   /* scratch of the printer (names), meaningless
                          * outside a print */
  uint32_t analysis_slot; /* scratch of the bufferization analysis (its
                          * value number), meaningless outside it */
  buf_loc_t loc;         /* for block arguments: where they were declared */
  buf_ident_t name_hint; /* the SSA name the source used, without '%' */
};

struct buf_op_s {
  const buf_opdef_t *def;    /* never NULL */
  buf_ident_t name;          /* == def->name, interned */
  buf_loc_t loc;
  uint32_t num_operands;
  uint32_t num_results;
  uint32_t num_regions;
  uint32_t num_successors;
  buf_use_t *operands;       /* num_operands entries */
  buf_value_t *results;      /* num_results entries */
  buf_region_t **regions;    /* num_regions entries, owned by the op */
  buf_block_t **successors;  /* num_successors entries */
  buf_attr_t attrs;          /* a DICT attribute, never NULL */
  buf_block_t *block;        /* parent block; NULL when detached */
  buf_op_t *prev, *next;     /* siblings in the parent block */
  uint32_t order;            /* position hint for buf_op_is_before */
  uint32_t print_slot;       /* scratch of the printer (names) */
  uint32_t analysis_slot;    /* scratch of the bufferization analysis (its
                              * op number), meaningless outside it */
};

struct buf_block_s {
  buf_region_t *region;      /* parent region; NULL when detached */
  buf_block_t *prev, *next;  /* siblings in the region */
  buf_op_t *first, *last;    /* the ops, in order */
  uint32_t num_args;
  buf_value_t **args;        /* num_args entries */
  buf_ident_t label_hint;    /* the ^label the source used, without '^' */
  bool order_valid;          /* op->order numbering is up to date */
  uint32_t print_slot;       /* scratch of the printer (labels) */
};

struct buf_region_s {
  buf_op_t *op;              /* parent op; NULL when detached */
  buf_block_t *first, *last;
};

/* The description of an op to create; the parser and the builders fill it
 * with the buf_state_* helpers, buf_op_create consumes it. */
typedef struct buf_op_state {
  buf_ctx_t *ctx;
  buf_ident_t name;
  buf_loc_t loc;
  uint32_t num_operands, cap_operands;
  buf_value_t **operands;
  uint32_t num_results, cap_results;
  buf_type_t *result_types;
  uint32_t num_attrs, cap_attrs;
  buf_named_attr_t *attrs;
  uint32_t num_regions, cap_regions;
  buf_region_t **regions;
  uint32_t num_successors, cap_successors;
  buf_block_t **successors;
} buf_op_state_t;

/* Starts a state for op name at loc. */
void buf_state_init(buf_op_state_t *st, buf_ctx_t *ctx, const char *name,
                    buf_loc_t loc);
void buf_state_add_operand(buf_op_state_t *st, buf_value_t *v);
void buf_state_add_operands(buf_op_state_t *st, uint32_t n,
                            buf_value_t *const *vs);
void buf_state_add_result(buf_op_state_t *st, buf_type_t t);
void buf_state_add_results(buf_op_state_t *st, uint32_t n,
                           const buf_type_t *ts);
/* Sets (or replaces) attribute name. */
void buf_state_set_attr(buf_op_state_t *st, const char *name, buf_attr_t a);
buf_attr_t buf_state_get_attr(const buf_op_state_t *st, const char *name);
/* Adds an empty detached region that the op will own. */
buf_region_t *buf_state_add_region(buf_op_state_t *st);
void buf_state_add_successor(buf_op_state_t *st, buf_block_t *b);

/* Creates a detached op from st. The op def is looked up by name; regions
 * of st are adopted. Never fails (verification is separate). */
buf_op_t *buf_op_create(const buf_op_state_t *st);

/* Accessors. */
buf_value_t *buf_op_operand(const buf_op_t *op, uint32_t i);
buf_value_t *buf_op_result(buf_op_t *op, uint32_t i);
buf_region_t *buf_op_region(const buf_op_t *op, uint32_t i);
buf_attr_t buf_op_attr(const buf_op_t *op, const char *name);
bool buf_op_has_attr(const buf_op_t *op, const char *name);
/* Sets or replaces an attribute (value NULL removes it). */
void buf_op_set_attr(buf_op_t *op, const char *name, buf_attr_t value);
/* The op that owns the region that owns op's block; NULL at top level. */
buf_op_t *buf_op_parent(const buf_op_t *op);
/* The nearest ancestor (or op itself) whose name is name; NULL if none. */
buf_op_t *buf_op_ancestor_named(buf_op_t *op, const char *name);
buf_ctx_t *buf_op_ctx(const buf_op_t *op);
/* op->def has trait t. */
bool buf_op_has_trait(const buf_op_t *op, uint32_t trait);

/* Where the buffer of a BUF_TRAIT_ALLOC op lives, and so who frees it. */
typedef enum {
  BUF_ALLOC_NONE = 0,
  BUF_ALLOC_HEAP,   /* memref.alloc, realloc, clone: freed by dealloc */
  BUF_ALLOC_STACK,  /* memref.alloca: freed when the scope returns */
  BUF_ALLOC_GLOBAL, /* memref.get_global: lives for the program */
  BUF_ALLOC_TENSOR, /* bufferization.alloc_tensor: a heap buffer once
                       bufferized */
} buf_alloc_kind_t;

/* What an op does to the buffer an operand names (a bit set). Operands that
 * are not buffers have none. */
typedef enum {
  BUF_EFFECT_NONE = 0,
  BUF_EFFECT_READ = 1u << 0,
  BUF_EFFECT_WRITE = 1u << 1,
  BUF_EFFECT_FREE = 1u << 2,
} buf_effect_t;

/* What an analysis knows of values, for the folding hooks of op
 * definitions (fold_int, entry_region, trip_count). Embed it first in the
 * analysis' own state to reach that state from the callbacks. A NULL env,
 * or a NULL callback, knows only constants and that a value equals
 * itself. */
typedef struct buf_fold_env buf_fold_env_t;
struct buf_fold_env {
  /* Stores the integer (or index) value of v when known; i1 as 0 or 1. */
  bool (*int_of)(const buf_fold_env_t *env, buf_value_t *v, int64_t *out);
  /* Whether a and b hold the same value: 1 yes, 0 no, -1 unknown. */
  int (*same_value)(const buf_fold_env_t *env, buf_value_t *a,
                    buf_value_t *b);
  /* A value that function argument v stands for where more is known (its
   * operand at the call being analysed), or NULL. */
  buf_value_t *(*outer)(const buf_fold_env_t *env, buf_value_t *v);
};
/* The questions of buf_fold_env_t, with its defaults. */
bool buf_fold_env_int_of(const buf_fold_env_t *env, buf_value_t *v,
                         int64_t *out);
int buf_fold_env_same_value(const buf_fold_env_t *env, buf_value_t *a,
                            buf_value_t *b);
buf_value_t *buf_fold_env_outer(const buf_fold_env_t *env, buf_value_t *v);
/* The value of result 0 of op (an integer, index or i1) when env's
 * knowledge determines it (fold_int); false otherwise. */
bool buf_op_fold_int(const buf_op_t *op, const buf_fold_env_t *env,
                     int64_t *out);
/* The region of REGION_BRANCH op that runs, or -1 (entry_region). */
int32_t buf_op_entry_region(const buf_op_t *op, const buf_fold_env_t *env);
/* The trip count of LOOP op, or -1 (trip_count). */
int64_t buf_op_trip_count(const buf_op_t *op, const buf_fold_env_t *env);

/* Op facts from the definition (see BUF_TRAIT_* and buf_opdef_t). */
/* The buffer value v is a view of (VIEW op results), or NULL. */
buf_value_t *buf_op_view_source(const buf_op_t *op);
/* Follows views from v to the buffer they look into (v itself if none). */
buf_value_t *buf_value_view_root(buf_value_t *v);
/* BUF_TRAIT_VIEW ops: how result 0 addresses its source's elements, for
 * the passes that fold views into their users or spell them as strided
 * metadata (fold-memref-alias-ops, expand-strided-metadata). The operand
 * layout each kind implies is the op's own: */
typedef enum buf_view_kind {
  BUF_VIEW_OPAQUE = 0,  /* no rule (cast, transpose, view, reshape ...) */
  /* Offsets, sizes and strides into the source: static_offsets /
   * static_sizes / static_strides with dynamic entries in operand
   * segments 1, 2, 3 (memref.subview); unit dims may be dropped. */
  BUF_VIEW_SLICE,
  /* Source dims split by `reassociation`, result sizes in
   * static_output_shape with dynamic ones in operand segment 1
   * (memref.expand_shape). */
  BUF_VIEW_EXPAND,
  /* Groups of source dims merged by `reassociation`
   * (memref.collapse_shape). */
  BUF_VIEW_COLLAPSE,
  /* A new offset, sizes and strides on the source's base buffer, with
   * SLICE's attributes and segments (memref.reinterpret_cast). */
  BUF_VIEW_REINTERPRET,
  /* The same elements at the same places: only what the type says
   * statically (sizes, layout) differs (memref.cast). */
  BUF_VIEW_CAST,
} buf_view_kind_t;

/* How a VIEW op addresses its source (buf_view_kind_t); BUF_VIEW_OPAQUE
 * for other ops. */
buf_view_kind_t buf_op_view_kind(const buf_op_t *op);
/* Ops that access one element at indices (buf_opdef_t.indexed_access):
 * stores the buffer operand's position and returns true. */
bool buf_op_indexed_access(const buf_op_t *op, uint32_t *memref_operand);
/* Vector transfers (buf_opdef_t.transfer_access): stores the buffer
 * operand's position and returns true. */
bool buf_op_transfer_access(const buf_op_t *op, uint32_t *memref_operand);
/* BUF_ALLOC_* of op; BUF_ALLOC_NONE unless it has BUF_TRAIT_ALLOC. */
buf_alloc_kind_t buf_op_alloc_kind(const buf_op_t *op);
/* The BUF_EFFECT_* bits op has on the buffer operand i names (none for
 * operands that are not memrefs). Ops that say nothing and are not PURE
 * read and write every buffer operand. */
uint32_t buf_op_operand_effect(const buf_op_t *op, uint32_t i);
/* True when some operand of op may be written (or freed). */
bool buf_op_writes_memory(const buf_op_t *op);
/* CALL ops: the called function when the callee is a symbol of the
 * nearest symbol table (func.call), NULL when indirect or not found. */
buf_op_t *buf_op_callee(const buf_op_t *op);
/* CONSTANT ops whose value is an integer (or index): stores it. */
bool buf_value_constant_int(const buf_value_t *v, int64_t *out);
/* op is the terminator that returns from a function (return-like with a
 * FUNCTION parent). */
bool buf_op_is_function_return(const buf_op_t *op);
/* The definition named name is op's definition. For passes about one op
 * (listed, with why, in tests/op_name_allowlist.txt): definitions are
 * interned, so this is a pointer comparison after one lookup. */
bool buf_op_isa(const buf_op_t *op, const char *name);
/* Folds op with its definition's fold hook; true when op changed (replaced
 * and erased, or its operands rewritten: do not use op after true), false
 * when op stays as it was. */
bool buf_op_fold(buf_op_t *op);
/* Applies op's canonicalize hook; true when op changed (as buf_op_fold). */
bool buf_op_canonicalize(buf_op_t *op);

/* Operand mutation keeps use lists right. */
void buf_op_set_operand(buf_op_t *op, uint32_t i, buf_value_t *v);
/* Replaces all operands with vs (n may differ from the current count). */
void buf_op_set_operands(buf_op_t *op, uint32_t n, buf_value_t *const *vs);
/* Removes operand i, shifting the later ones down. */
void buf_op_erase_operand(buf_op_t *op, uint32_t i);
void buf_op_set_successor(buf_op_t *op, uint32_t i, buf_block_t *b);

/* Use lists. */
bool buf_value_has_uses(const buf_value_t *v);
bool buf_value_has_one_use(const buf_value_t *v);
uint32_t buf_value_num_uses(const buf_value_t *v);
void buf_value_replace_all_uses(buf_value_t *from, buf_value_t *to);
/* Replaces the uses of from for which replace(use, user) returns true. */
void buf_value_replace_uses_if(buf_value_t *from, buf_value_t *to,
                               bool (*replace)(buf_use_t *use, void *user),
                               void *user);
/* Changes the type of a value in place (bufferization of block arguments). */
void buf_value_set_type(buf_value_t *v, buf_type_t t);
/* The block that holds the value's definition. */
buf_block_t *buf_value_parent_block(const buf_value_t *v);

/* Replaces every result of op with the corresponding value of vs, then
 * erases op. */
void buf_op_replace(buf_op_t *op, buf_value_t *const *vs);
/* Erases op and everything inside it. Its results must be unused. */
void buf_op_erase(buf_op_t *op);
/* Unlinks op from its block without destroying it. */
void buf_op_remove(buf_op_t *op);
/* Moves op (detached or not) to just before / after anchor. */
void buf_op_move_before(buf_op_t *op, buf_op_t *anchor);
void buf_op_move_after(buf_op_t *op, buf_op_t *anchor);
/* True when a and b are in the same block and a comes first. */
bool buf_op_is_before_in_block(buf_op_t *a, buf_op_t *b);
/* True when anc is op or a proper ancestor of op. */
bool buf_op_is_ancestor(const buf_op_t *anc, const buf_op_t *op);

/* Maps values and blocks of a source IR to a cloned IR. */
typedef struct buf_irmap_s buf_irmap_t;
buf_irmap_t *buf_irmap_create(buf_ctx_t *ctx);
void buf_irmap_destroy(buf_irmap_t *map);
void buf_irmap_set_value(buf_irmap_t *map, buf_value_t *from, buf_value_t *to);
/* The mapped value, or from itself when unmapped. */
buf_value_t *buf_irmap_value(const buf_irmap_t *map, buf_value_t *from);
void buf_irmap_set_block(buf_irmap_t *map, buf_block_t *from, buf_block_t *to);
buf_block_t *buf_irmap_block(const buf_irmap_t *map, buf_block_t *from);
/* Deep-copies op (regions included) remapping operands through map and
 * recording results and nested values in it. The clone is detached. */
buf_op_t *buf_op_clone(buf_op_t *op, buf_irmap_t *map);

/* Blocks and regions. */
buf_block_t *buf_block_create(buf_ctx_t *ctx);
buf_value_t *buf_block_add_arg(buf_block_t *b, buf_type_t t, buf_loc_t loc);
void buf_block_erase_arg(buf_block_t *b, uint32_t i); /* must be unused */
void buf_block_append_op(buf_block_t *b, buf_op_t *op);
void buf_block_insert_op_before(buf_block_t *b, buf_op_t *before,
                                buf_op_t *op); /* before NULL: append */
/* The last op, if it is a terminator; NULL otherwise. */
buf_op_t *buf_block_terminator(const buf_block_t *b);
buf_op_t *buf_block_parent_op(const buf_block_t *b);
void buf_region_append_block(buf_region_t *r, buf_block_t *b);
void buf_region_insert_block_after(buf_region_t *r, buf_block_t *after,
                                   buf_block_t *b);
void buf_region_remove_block(buf_region_t *r, buf_block_t *b);
/* Moves every block of `from` to the end of `to`, in order (an op rebuilt
 * with other operands or results takes over its old regions this way). */
void buf_region_take_blocks(buf_region_t *to, buf_region_t *from);
bool buf_region_empty(const buf_region_t *r);
/* The single (first) block; NULL if empty. */
buf_block_t *buf_region_entry(const buf_region_t *r);
uint32_t buf_region_num_blocks(const buf_region_t *r);

/* A builder inserts new ops at a point: before `before` in `block`, or at the
 * end of `block` when before is NULL. Passing builders around (instead of a
 * global insertion point) keeps compilations independent. */
typedef struct buf_builder {
  buf_ctx_t *ctx;
  buf_block_t *block;
  buf_op_t *before;
  buf_loc_t loc; /* location given to created ops */
} buf_builder_t;

void buf_builder_init(buf_builder_t *b, buf_ctx_t *ctx);
void buf_builder_set_before(buf_builder_t *b, buf_op_t *op);
void buf_builder_set_after(buf_builder_t *b, buf_op_t *op);
void buf_builder_set_block_end(buf_builder_t *b, buf_block_t *block);
void buf_builder_set_block_start(buf_builder_t *b, buf_block_t *block);
/* Creates op from st and inserts it at the insertion point. */
buf_op_t *buf_builder_insert(buf_builder_t *b, const buf_op_state_t *st);
/* Convenience for the common case: one result (or none when result_type is
 * NULL), n operands, no regions; attributes as (name, attr) pairs ending in
 * NULL. */
buf_op_t *buf_build(buf_builder_t *b, const char *name, buf_type_t result_type,
                    uint32_t n, buf_value_t *const *operands,
                    ... /* const char *attr_name, buf_attr_t attr, ..., NULL */);
/* arith.constant of an index. */
buf_value_t *buf_build_index_constant(buf_builder_t *b, int64_t value);

/* Walking. */
typedef enum buf_walk_result {
  BUF_WALK_ADVANCE,   /* keep going */
  BUF_WALK_SKIP,      /* pre-order only: do not visit this op's regions */
  BUF_WALK_INTERRUPT, /* stop the whole walk */
} buf_walk_result_t;

typedef enum buf_walk_order {
  BUF_WALK_PRE,  /* parent before its nested ops */
  BUF_WALK_POST, /* nested ops before their parent */
} buf_walk_order_t;

typedef buf_walk_result_t (*buf_walk_fn)(buf_op_t *op, void *user);
/* Walks op and everything nested in it. The callback may erase the op it is
 * given in post-order walks. Returns BUF_WALK_INTERRUPT if interrupted. */
buf_walk_result_t buf_op_walk(buf_op_t *op, buf_walk_order_t order,
                              buf_walk_fn fn, void *user);

/* Symbols: the op in module (a symbol-table op) whose sym_name is name. */
buf_op_t *buf_symbol_lookup(buf_op_t *symbol_table, const char *name);
/* The op a symbol reference (@a, or nested @a::@b) names, looked up from
 * the nearest symbol table enclosing `from`; NULL when ref is not a symbol
 * reference or names nothing. */
buf_op_t *buf_symbol_resolve(const buf_op_t *from, buf_attr_t ref);

/* Function-like ops keep per-argument attributes in `arg_attrs`, an array of
 * dictionaries: the attribute `name` of argument `arg`, or NULL. */
buf_attr_t buf_op_arg_attr(const buf_op_t *func, uint32_t arg, const char *name);

/* True when the caller marked argument `arg` of func read-only
 * ({bufferization.writable = false}): bufferization, its report and the
 * interpreter all hold writes away from it. */
bool buf_op_arg_read_only(const buf_op_t *func, uint32_t arg);

/* ------------------------------------------------------------------------ */
/* Op definitions and dialects                                              */
/* ------------------------------------------------------------------------ */

/* Traits: bit flags on buf_opdef_t.traits. */
enum {
  BUF_TRAIT_TERMINATOR = 1u << 0,          /* must end its block */
  BUF_TRAIT_ISOLATED_FROM_ABOVE = 1u << 1, /* regions see no outer values */
  BUF_TRAIT_SYMBOL_TABLE = 1u << 2,        /* module */
  BUF_TRAIT_SYMBOL = 1u << 3,              /* has sym_name */
  BUF_TRAIT_NO_TERMINATOR = 1u << 4,       /* blocks need no terminator */
  BUF_TRAIT_PURE = 1u << 5,                /* no memory effects */
  BUF_TRAIT_RETURN_LIKE = 1u << 6,         /* yields to the parent op */
  BUF_TRAIT_SINGLE_BLOCK = 1u << 7,        /* each region has one block */
  BUF_TRAIT_COMMUTATIVE = 1u << 8,
  BUF_TRAIT_UNREGISTERED = 1u << 9,        /* set on context-local defs */
  BUF_TRAIT_GRAPH_REGION = 1u << 10,       /* no dominance inside (module) */
  BUF_TRAIT_IMPLICIT_TERMINATOR = 1u << 11, /* printer may elide the yield */
  /* Memory and control-flow facts that memref-level passes ask instead of
   * naming ops (upstream's ViewLikeOpInterface, MemAlloc/MemFree effects,
   * LoopLikeOpInterface, RegionBranchOpInterface, CallOpInterface,
   * FunctionOpInterface, ConstantLike). */
  BUF_TRAIT_VIEW = 1u << 12,          /* result 0 aliases operand view_source */
  BUF_TRAIT_ALLOC = 1u << 13,         /* result 0 is a buffer of alloc_kind */
  BUF_TRAIT_FREE = 1u << 14,          /* frees an operand (BUF_EFFECT_FREE) */
  BUF_TRAIT_LOOP = 1u << 15,          /* its body may run many times */
  BUF_TRAIT_REGION_BRANCH = 1u << 16, /* runs at most one region, once */
  BUF_TRAIT_CALL = 1u << 17,          /* calls a function (see buf_op_callee) */
  BUF_TRAIT_FUNCTION = 1u << 18,      /* func.func: arguments, body, results */
  BUF_TRAIT_CONSTANT = 1u << 19,      /* result 0 is its "value" attribute */
  /* Reads only a buffer's descriptor (sizes, strides, base pointer), never
   * its elements: memref.dim, extract_strided_metadata. */
  BUF_TRAIT_METADATA_ONLY = 1u << 20,
  /* The op's own terminator passes values to the parent's results or next
   * iteration starting at operand forward_first (scf.condition: 1). */
  BUF_TRAIT_FORWARDS = 1u << 21,
  /* FREE ops that free only where a run-time condition holds
   * (bufferization.dealloc): a bound on live memory must not count them. */
  BUF_TRAIT_CONDITIONAL_FREE = 1u << 22,
  /* LOOP ops whose iterations may all run at once (scf.forall,
   * scf.parallel): what one iteration keeps live, all keep live together. */
  BUF_TRAIT_PARALLEL = 1u << 23,
  /* Result 0 is the address of operand 0's buffer: the same for two views
   * of one buffer, different for two live buffers
   * (memref.extract_aligned_pointer_as_index). */
  BUF_TRAIT_BUFFER_ADDRESS = 1u << 24,
  /* Copies operand 0's elements into operand 1 at the same positions
   * (upstream's CopyOpInterface: memref.copy). */
  BUF_TRAIT_COPY = 1u << 25,
  /* Allocations made in its regions stay there (upstream's
   * AutomaticAllocationScope): func.func, affine.for, and scf.forall and
   * scf.parallel, whose parallel iterations each need their own buffers.
   * Buffer hoisting does not move an alloc out of it. */
  BUF_TRAIT_ALLOCATION_SCOPE = 1u << 26,
  /* Casts: result 0 has operand 0's shape, a dimension may become dynamic
   * or static (upstream's CastOpInterface). VIEW ops memref.cast,
   * memory_space_cast, assume_alignment; on tensors, tensor.cast. */
  BUF_TRAIT_SAME_SHAPE = 1u << 27,
  /* Applies a scalar computation to every element when its operands are
   * tensors or vectors of one shape (scalar operands broadcast), with
   * results of that shape (upstream's ElementwiseMappable traits: the
   * arith ops but constant, the math ops). convert-elementwise-to-linalg
   * rewrites such ops on ranked tensors into linalg.generic. */
  BUF_TRAIT_ELEMENTWISE_MAPPABLE = 1u << 28,
  /* Result 0 is the rank of operand 0's buffer (memref.rank): a size it
   * gives is small, as promote-buffers-to-stack assumes upstream. */
  BUF_TRAIT_RANK_OF = 1u << 29,
  /* Runs the one op of its region under its operand 0, a mask, with an
   * optional passthru operand 1 for the masked-off lanes of the op's
   * result (vector.mask, upstream's MaskingOpInterface); the op is one with
   * a mask_type hook. lower-vector-mask hands the mask to the op
   * (apply_mask). */
  BUF_TRAIT_MASKING = 1u << 30,
};


typedef struct buf_parser_s buf_parser_t;   /* see buf/syntax.h */
typedef struct buf_printer_s buf_printer_t; /* see buf/syntax.h */

/* The subsystems that attach per-op rows to op definitions. */
typedef enum {
  BUF_MODEL_BUFFERIZE, /* const buf_bufferize_model_t * (buf/bufferize.h) */
  BUF_MODEL_INTERP,    /* the interpreter's row (core/interp) */
  BUF_MODEL_LLVM,      /* the LLVM emitter's row (core/lower/llvm) */
  BUF_NUM_MODEL_KINDS
} buf_model_kind_t;

/* Bufferization model; defined in buf/bufferize.h. Opaque here so that the
 * dialect tables can point at it without knowing its fields. */
typedef struct buf_bufferize_model_s buf_bufferize_model_t;

/* One op definition: a row in a dialect's table. */
struct buf_opdef_s {
  const char *name;            /* "tensor.extract_slice" */
  uint32_t traits;             /* BUF_TRAIT_* */
  /* Attribute names that are inherent to the op (MLIR's properties): the
   * generic printer puts them in <{...}>. NULL-terminated; NULL for none. */
  const char *const *inherent_attrs;
  /* Op-specific checks; structural checks (terminators, dominance, symbol
   * uniqueness) are done by buf_verify. Emits diagnostics via
   * buf_op_emit_error. NULL: nothing to check. */
  buf_status_t (*verify)(buf_op_t *op);
  /* Custom assembly. parse is called after the op name has been consumed;
   * it fills st (operands resolved, result types, attrs, regions) and
   * returns BUF_FAILURE after emitting an error. print writes everything
   * after the op name (the core prints results and the name). NULL: the
   * generic form is used. */
  buf_status_t (*parse)(buf_parser_t *p, buf_op_state_t *st);
  void (*print)(buf_printer_t *pr, buf_op_t *op);
  /* False when print's custom form of op would not parse back to op (an
   * elementwise op over compatible but different shapes, which the
   * custom form's one type cannot state): the generic form is printed
   * instead. mlir-opt 22 prints the custom form there, which it then
   * rejects itself. NULL: the custom form always parses back. */
  bool (*custom_form_parses_back)(const buf_op_t *op);
  /* For the printer: the default dialect prefix inside this op's regions
   * (func.func prints "return" for "func.return"). NULL for none. */
  const char *default_dialect;
  /* The SSA name mlir-opt gives the results (OpAsmOpInterface), without
   * '%': "alloc", "extracted_slice". NULL: plain numbers (%0). */
  const char *result_name;
  /* For names that depend on the op (arith.constant: %c0, %cst, %true,
   * %c4_i32): writes result i's name into buf and returns true; false falls
   * back to result_name / numbers. NULL: not used. */
  bool (*name_result)(buf_op_t *op, uint32_t i, char *buf, size_t size);
  /* For the printer: the SSA name stem of entry-block argument `arg` of
   * region `region` (MLIR's getAsmBlockArgumentNames; linalg names its body
   * arguments "in", "out", "init"), written into buf without '%'; the
   * printer uniquifies it (%in, %in_0 ...) as it does result names. Returns
   * false for the default %argN naming. NULL: not used. */
  bool (*name_block_arg)(buf_op_t *op, uint32_t region, uint32_t arg,
                         char *buf, size_t size);
  /* Sets the default-valued inherent attributes op lacks (MLIR stores
   * them, so its generic form shows e.g. fastmath = #arith.fastmath<none>
   * whichever way the op was written). Called by buf_op_create, so ops
   * from the generic form, JSON and passes all get them. NULL: none. */
  void (*fill_defaults)(buf_op_t *op);
  /* BUF_TRAIT_VIEW: the operand whose buffer result 0 is a view of. */
  uint8_t view_source;
  /* BUF_TRAIT_ALLOC: where the buffer lives. */
  uint8_t alloc_kind;          /* buf_alloc_kind_t */
  /* BUF_TRAIT_VIEW: how the view addresses the source (buf_view_kind_t). */
  uint8_t view_kind;
  /* Ops that read or write one element of a buffer at given indices
   * (memref.load, memref.store): 1 + the operand of the buffer, whose
   * indices follow it, one per dimension, and end the operand list; 0 for
   * other ops. */
  uint8_t indexed_access;
  /* Vector transfers (vector.transfer_read/write): 1 + the operand of the
   * buffer, whose indices, one per dimension, follow it; the op's
   * permutation_map attribute maps the buffer's dimensions to the vector's
   * and in_bounds says which vector dimensions stay in bounds. 0 for other
   * ops. */
  uint8_t transfer_access;
  /* BUF_TRAIT_FORWARDS terminators: the first forwarded operand. Loops and
   * region branches: the first operand that initialises the regions'
   * forwarded block arguments (scf.for: 3, after lb, ub, step), and in
   * forward_arg the first block argument it lands on (scf.for: 1). */
  uint8_t forward_first;
  uint8_t forward_arg;
  /* Region ops that run one of their first regions, then their last one
   * (upstream's RegionBranchOpInterface with an edge between regions; the
   * test dialect's region_if runs then or else, then join): the operands
   * from forward_first on enter the first regions' entry arguments, whose
   * terminators forward to the last region's entry arguments, whose
   * terminator yields the results. Not REGION_BRANCH (two regions run):
   * passes that ask no more than traits treat it as any region op. */
  bool branches_then_joins;
  /* Upstream's MaskableOpInterface: the type vector.mask's mask must have
   * around op (a transfer: i1 over the vector dimensions that walk the
   * source), or NULL when op's operands do not say. NULL hook: the op
   * cannot be masked. */
  buf_type_t (*mask_type)(const buf_op_t *op);
  /* A maskable op whose masked-off result lanes may come from vector.mask's
   * passthru operand (transfer_read). */
  bool mask_passthru;
  /* Ops whose regions restrict what may be inlined into them (affine's
   * value categorization): true when `body`, the single entry block of a
   * callee entered with call's operands, may replace `call`, which lies
   * (at any depth) in one of op's regions. NULL: any body may. */
  bool (*inline_into_legal)(const buf_op_t *op, const buf_op_t *call,
                            const buf_block_t *body);
  /* Maskable ops: makes op compute what it computes under `mask` (of
   * mask_type's type) without an enclosing mask: a transfer is rebuilt
   * before op with the mask as its own mask operand (and-ed with the one
   * it has), op's uses moved to it and op erased; a reduction gets its
   * masked-off lanes replaced by the kind's neutral value in place.
   * Masked-off result lanes are what op gives for them unmasked-but-off (a
   * read's padding). Returns the op that now computes op's results (op
   * itself when changed in place), or NULL after a located error. NULL
   * hook: lower-vector-mask refuses a mask around op. */
  buf_op_t *(*apply_mask)(buf_op_t *op, buf_value_t *mask);
  /* The memory effect on the buffer operand i names; NULL: the default of
   * buf_op_operand_effect (none when PURE, read and write otherwise). */
  uint32_t (*operand_effect)(const buf_op_t *op, uint32_t i);
  /* Integer folding (upstream's fold with constant operands): stores the
   * value of result 0 when what env knows of the operands determines it
   * (see buf_op_fold_int). NULL: never folds. */
  bool (*fold_int)(const buf_op_t *op, const buf_fold_env_t *env,
                   int64_t *out);
  /* REGION_BRANCH ops (upstream's getEntrySuccessorRegions with constant
   * operands): the index of the region that runs, from what env knows of
   * the operands; -1 when that is not known. NULL: never known. */
  int32_t (*entry_region)(const buf_op_t *op, const buf_fold_env_t *env);
  /* LOOP ops: how many times the body runs (all dimensions together),
   * from what env knows of the bounds; -1 when not known. NULL: never
   * known. */
  int64_t (*trip_count)(const buf_op_t *op, const buf_fold_env_t *env);
  /* Replaces op by what it computes when that is known without running it
   * (upstream's folders and simplest canonicalizations: memref.dim of a
   * static size, memref.load of a constant global at constant indices,
   * scf.for without iterations, a copy of a buffer onto itself, casts
   * folded into their users): rewrites the uses of op's results, erases op
   * and returns true, or rewrites op's operands in place and returns true;
   * false leaves op as it is. After true the caller must not use op.
   * NULL: op never folds. Asked through buf_op_fold. */
  bool (*fold)(buf_op_t *op);
  /* Rewrites only --canonicalize applies, after fold (upstream's
   * canonicalization patterns that the bufferization cleanups do not run:
   * forwarding loop-invariant iter_args and values both branches yield).
   * Same contract as fold. NULL: none. Asked through buf_op_canonicalize. */
  bool (*canonicalize)(buf_op_t *op);
  /* Not set by dialect tables: each context holds its own copy of every
   * definition, where the subsystems' rows for the op (buf_model_kind_t)
   * are attached on first use. See buf_op_model. */
  const void *models[BUF_NUM_MODEL_KINDS];
  /* Set by the context on its copy: the dialect table row it copies (side
   * tables indexed like the dialect's table find their row from it). */
  const buf_opdef_t *table_row;
};

/* A subsystem's per-op rows (MLIR's external models): the registry lists
 * them (core/dialects/registry.c); a context attaches the matching row to
 * each op definition the first time it is asked. */
typedef struct buf_model_table_s {
  const char *subsystem;                       /* "bufferization" */
  /* The row for the op named op_name; NULL when the subsystem has none. */
  const void *(*resolve)(const char *op_name);
  /* The op name row i is for ("arith.*": every op of a dialect); NULL past
   * the last row. Lets a test check that every row names a known op. */
  const char *(*row_name)(uint32_t i);
} buf_model_table_t;

extern const buf_model_table_t buf_model_tables[BUF_NUM_MODEL_KINDS];

/* The row of subsystem `kind` for op (NULL when it has none): resolved by
 * buf_model_tables[kind].resolve once per definition and context, then a
 * load. Safe to call from several threads sharing a context. */
const void *buf_op_model(const buf_op_t *op, buf_model_kind_t kind);

typedef struct buf_type_twin {
  const char *tensor_like;
  const char *buffer_like;
} buf_type_twin_t;

struct buf_dialect_s {
  const char *name;            /* "tensor" */
  const buf_opdef_t *ops;      /* table of num_ops rows */
  uint32_t num_ops;
  /* Ops of this dialect that no row defines are not an error of the
   * dialect (upstream's allowUnknownOperations, as its test dialect sets):
   * they are unregistered ops, accepted where buf_ctx_allows_unregistered_op
   * says so. */
  bool allows_unknown_ops;
  /* The dialect's own tensor-like types and the buffer-like type each
   * bufferizes to (upstream's TensorLikeType / BufferLikeType), by name
   * without the dialect prefix: {"test_tensor", "test_memref"} makes
   * !test.test_tensor<P> a tensor whose buffer is !test.test_memref<P>. */
  const buf_type_twin_t *type_twins;
  uint32_t num_type_twins;
};

/* Dialects whose tensor encodings stand for memref layouts (upstream's
 * test dialect turns #test.tensor_encoding<"x"> into #test.memref_layout<"x">):
 * one row per dialect, listed by the registry. */
typedef struct buf_encoding_layout_row {
  const char *dialect; /* "test" */
  /* The layout `encoding` (an attribute of the dialect) stands for, or
   * NULL when it names none. */
  buf_attr_t (*layout)(buf_ctx_t *ctx, buf_attr_t encoding);
} buf_encoding_layout_row_t;

extern const buf_encoding_layout_row_t buf_encoding_layout_rows[];
extern const uint32_t buf_num_encoding_layout_rows;

/* Every dialect libbufcore knows, in registration order. */
extern const buf_dialect_t *const buf_dialects[];
extern const uint32_t buf_num_dialects;

/* The registered definition of name, or NULL. */
const buf_opdef_t *buf_ctx_lookup_opdef(buf_ctx_t *ctx, const char *name);
/* True when a dialect named `dialect` (the prefix before '.') is known. */
bool buf_ctx_dialect_known(buf_ctx_t *ctx, const char *dialect, size_t len);
/* True when op_name names no op of a known dialect that rejects unknown
 * ops ("arith.frobnicate"): such a name is an error even where
 * unregistered ops are allowed. */
bool buf_ctx_rejects_unknown_op(buf_ctx_t *ctx, const char *op_name);
/* The memref layout that tensor encoding `encoding` (a dialect attribute,
 * #dialect.name<...>) stands for, as its dialect's row in
 * buf_encoding_layout_rows says; NULL when it names none (or encoding is
 * NULL). */
buf_attr_t buf_ctx_encoding_layout(buf_ctx_t *ctx, buf_attr_t encoding);

/* ------------------------------------------------------------------------ */
/* Verification                                                             */
/* ------------------------------------------------------------------------ */

/* Verifies op and everything nested: structural rules (terminators,
 * successor/argument agreement, SSA dominance, isolation, unknown ops)
 * and every op's definition verifier. Emits located diagnostics. */
buf_status_t buf_verify(buf_op_t *op);

/* ------------------------------------------------------------------------ */
/* Shared helpers for op definitions                                         */
/* ------------------------------------------------------------------------ */

/* Segment sizes of ops with several variadic operand groups, from the
 * "operandSegmentSizes" attribute (array<i32: ...>). Returns the number of
 * segments (0 when absent) and fills at most max entries of sizes. */
uint32_t buf_op_segment_sizes(const buf_op_t *op, const char *attr_name,
                              int64_t *sizes, uint32_t max);
/* The start index and length of operand segment i. */
uint32_t buf_op_segment(const buf_op_t *op, uint32_t i, uint32_t *len);

#ifdef __cplusplus
}
#endif

#endif /* BUF_IR_H */
