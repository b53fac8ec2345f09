/*
 * dialect_util.h: helpers shared by the dialect op tables (internal).
 *
 * Op definitions are table rows; many rows share one parse/print/verify hook
 * and differ only in data (arith.addi and arith.subi). These helpers hold
 * what such shared hooks have in common:
 *   - type predicates in MLIR's vocabulary ("signless-integer-like",
 *     "floating-point-like": a scalar or a tensor/vector of it),
 *   - the common verifier checks with MLIR's wording (operand/result counts,
 *     "requires the same type for all operands and results"),
 *   - bit-flag attributes spelled `fastmath<nnan,ninf>` / `overflow<nsw, nuw>`
 *     in the custom form and `#arith.fastmath<...>` in the generic form
 *     (stored as opaque attributes holding the canonical generic spelling),
 *   - a per-row side table lookup (row data parallel to an opdef table),
 *   - "elementwise" ops: N operands of one type, one result of that type
 *     (or of i1 shaped like it), optional flags; custom form
 *     `%a, %b flags attr-dict : T`.
 *
 * Everything here is stateless and thread-safe; nothing allocates outside
 * the context arena.
 */
#ifndef BUF_DIALECT_UTIL_H
#define BUF_DIALECT_UTIL_H

#include "buf/ir.h"
#include "buf/syntax.h"

/* ------------------------------------------------------------------------ */
/* Type predicates                                                           */
/* ------------------------------------------------------------------------ */

/* The element type of a tensor (ranked or not) or vector; t itself for any
 * other type. MLIR's getElementTypeOrSelf. */
buf_type_t buf__elem_or_self(buf_type_t t);
/* Signless integer of any width, or index (MLIR "signless-integer-like"
 * scalar). */
bool buf__is_signless_int_or_index(buf_type_t t);
/* Signless integer (no index). */
bool buf__is_signless_int(buf_type_t t);
/* i1 (signless). */
bool buf__is_i1(buf_type_t t);
/* t is a scalar satisfying pred or a tensor/vector whose element type does
 * (MLIR's "...-like" type constraints). Memrefs never qualify. */
bool buf__is_like(buf_type_t t, bool (*pred)(buf_type_t));
/* a and b are both scalars, or the same kind of container (ranked tensor,
 * unranked tensor, vector) with the same shape; element types are ignored. */
bool buf__same_container_shape(buf_type_t a, buf_type_t b);
/* The type with t's container and shape and element type elem (i1 results
 * of comparisons); elem itself when t is a scalar. */
buf_type_t buf__shaped_like(buf_ctx_t *ctx, buf_type_t t, buf_type_t elem);

/* ------------------------------------------------------------------------ */
/* Common verifier checks (emit MLIR's messages, return BUF_FAILURE)         */
/* ------------------------------------------------------------------------ */

/* The type to print after ':' in a custom form: operand i's type, or the
 * first result's when the op has fewer operands (print hooks must not crash
 * on ops that failed verification). NULL when neither exists. */
buf_type_t buf__operand_type_or_result(const buf_op_t *op, uint32_t i);

/* "expected N operands, but found M" */
buf_status_t buf__verify_num_operands(buf_op_t *op, uint32_t n);
/* "requires one result" / "requires zero results" / "requires N results" */
buf_status_t buf__verify_num_results(buf_op_t *op, uint32_t n);
/* "requires the same type for all operands and results" */
buf_status_t buf__verify_same_operand_result_types(buf_op_t *op);
/* "operand #i must be <what>, but got 'T'" when !buf__is_like(T, pred). */
buf_status_t buf__verify_operand_like(buf_op_t *op, uint32_t i,
                                      bool (*pred)(buf_type_t),
                                      const char *what);
/* "result #i must be <what>, but got 'T'". */
buf_status_t buf__verify_result_like(buf_op_t *op, uint32_t i,
                                     bool (*pred)(buf_type_t),
                                     const char *what);
/* "requires attribute 'name'" when the op lacks it. */
buf_status_t buf__verify_has_attr(buf_op_t *op, const char *name);

/* Function-like ops' custom forms, shared by func and llvm:
 *   @name(args) -> results attributes {...} region?   (func.func, llvm.func)
 *   @callee(operands) attr-dict : (types) -> results  (func.call, llvm.call)
 *   attr-dict (operands : types)?                     (func.return, llvm.return)
 * The function form keeps sym_name, sym_visibility, function_type (a
 * builtin function type), arg_attrs and res_attrs; its printer leaves out
 * the attributes `elided` lists (NULL-terminated) from the trailing
 * `attributes` dictionary. */
buf_status_t buf__function_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__function_print(buf_printer_t *pr, buf_op_t *op, const char *const *elided);
buf_status_t buf__call_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__call_print(buf_printer_t *pr, buf_op_t *op);
buf_status_t buf__return_parse(buf_parser_t *p, buf_op_state_t *st);
void buf__return_print(buf_printer_t *pr, buf_op_t *op);

/* ------------------------------------------------------------------------ */
/* Bit-flag attributes: fastmath and overflow                                */
/* ------------------------------------------------------------------------ */

typedef struct buf__flagset {
  const char *attr_name;        /* inherent attribute: "fastmath" */
  const char *keyword;          /* custom-form keyword: "fastmath" */
  const char *attr_prefix;      /* generic spelling: "#arith.fastmath" */
  const char *separator;        /* between names: "," or ", " */
  const char *all_name;         /* name of all bits set ("fast") or NULL */
  uint32_t num_names;
  const char *const *names;     /* names[i] is bit 1<<i, in print order */
} buf__flagset_t;

/* arith's FastMathFlags: reassoc nnan ninf nsz arcp contract afn, fast. */
extern const buf__flagset_t buf__fastmath_flags;
/* arith's IntegerOverflowFlags: nsw nuw. */
extern const buf__flagset_t buf__overflow_flags;

/* The bits of a flag attribute (its generic text, or an integer); 0 when a
 * is NULL. Returns false when the text names an unknown flag. */
bool buf__flags_value(const buf__flagset_t *fs, buf_attr_t a, uint32_t *bits);
/* The attribute for bits, spelled canonically ("#arith.fastmath<none>"). */
buf_attr_t buf__flags_attr(buf_ctx_t *ctx, const buf__flagset_t *fs,
                           uint32_t bits);
/* Parses an optional `keyword<flag, ...>`; sets the attribute in st, to
 * `<none>` when absent (mlir-opt stores the default). */
/* An opdef fill_defaults hook: the fastmath / overflowFlags attributes
 * among the def's inherent attributes get `<none>` when absent. */
void buf__fill_flag_defaults(buf_op_t *op);
buf_status_t buf__parse_flags(buf_parser_t *p, buf_op_state_t *st,
                              const buf__flagset_t *fs);
/* Prints " keyword<flags>" unless the attribute is absent or none. */
void buf__print_flags(buf_printer_t *pr, buf_op_t *op,
                      const buf__flagset_t *fs);
/* Checks that the attribute, when present, is a valid flag attribute. */
buf_status_t buf__verify_flags(buf_op_t *op, const buf__flagset_t *fs);

/* ------------------------------------------------------------------------ */
/* Side tables                                                               */
/* ------------------------------------------------------------------------ */

/* The row number of def in table (n rows), or -1. Matches by address, then
 * by name (so a copied definition still finds its row). */
int buf__row_of(const buf_opdef_t *table, uint32_t n, const buf_opdef_t *def);
/* The row of the op being parsed (st->name), or -1. */
int buf__row_of_state(const buf_opdef_t *table, uint32_t n,
                      const buf_op_state_t *st);

/* ------------------------------------------------------------------------ */
/* Elementwise ops                                                           */
/* ------------------------------------------------------------------------ */

typedef enum buf__elem_kind {
  BUF__ELEM_INT,    /* signless integer or index ("signless-integer-like") */
  BUF__ELEM_FLOAT,  /* float ("floating-point-like") */
} buf__elem_kind_t;

/* How an elementwise op looks; one per table row (or shared by rows). */
typedef struct buf__ew_desc {
  uint8_t num_operands;        /* 1, 2 or 3 */
  uint8_t elem;                /* buf__elem_kind_t of the operands */
  bool bool_result;            /* result is i1 shaped like the operands */
  const buf__flagset_t *flags; /* fastmath/overflow, or NULL */
} buf__ew_desc_t;

/* Custom form `%a, %b flags attr-dict : T`. */
buf_status_t buf__ew_parse(buf_parser_t *p, buf_op_state_t *st,
                           const buf__ew_desc_t *d);
void buf__ew_print(buf_printer_t *pr, buf_op_t *op, const buf__ew_desc_t *d);
/* Replaces op's one result by a new arith.constant of value (built before
 * op, at its location) and erases op: the end of every constant fold. */
bool buf__replace_by_constant(buf_op_t *op, buf_attr_t value);
/* buf_opdef_t.custom_form_parses_back of the elementwise forms: every
 * operand of the one type the form states, the result that type (or its
 * i1 counterpart). */
bool buf__ew_parses_back(const buf_op_t *op);
/* Counts, element kinds, same types (result i1-shaped when bool_result),
 * flags. */
buf_status_t buf__ew_verify(buf_op_t *op, const buf__ew_desc_t *d);

/* The predicate and MLIR's name for an element kind. */
bool (*buf__elem_pred(buf__elem_kind_t k))(buf_type_t);
const char *buf__elem_what(buf__elem_kind_t k);

/* The fold hook (buf_opdef_t.fold) of copies (memref.copy, linalg.copy on
 * buffers): a copy of a buffer onto itself changes nothing and is erased. */
bool buf__fold_self_copy(buf_op_t *op);
/* The fold hook of ops that accept any memref operand they are given
 * (memref.load, store, dealloc, dim, linalg ops on buffers): an operand
 * that a memref.cast only made less static is replaced by the cast's
 * source (upstream's memref::foldMemRefCast). True when an operand
 * changed; op stays. */
bool buf__fold_memref_cast_operands(buf_op_t *op);
/* Does the memref.cast cast only forget static facts of its source (sizes,
 * strides, offset that become '?'), so that a user which accepts the
 * cast's type accepts the source as well (upstream's
 * memref::CastOp::canFoldIntoConsumerOp)? False for any other op. */
bool buf__memref_cast_only_forgets(const buf_op_t *cast);
/* The canonicalize hooks of bufferization.dealloc, clone and alloc_tensor
 * (bufferization_fold.c): upstream's canonicalization patterns of the
 * ops. True when op changed (it may be erased). */
bool buf__dealloc_canonicalize(buf_op_t *op);
bool buf__clone_canonicalize(buf_op_t *op);
bool buf__alloc_tensor_canonicalize(buf_op_t *op);
/* May a memref.cast cast a to b (memref.c's verifier rule)? */
bool buf__memref_cast_compatible(buf_type_t a, buf_type_t b);
/* The same for casts that keep the sizes and forget only strides or
 * offset: the fold hook of linalg ops on buffers, whose verifiers compare
 * static sizes strictly; casts that forget sizes fold too where the sizes
 * the op then states are the same on every loop. */
bool buf__fold_memref_layout_casts(buf_op_t *op);
/* buf__fold_memref_cast_operands where the two sides stay compatible,
 * then buf__fold_self_copy: the fold hook of copies. */
bool buf__fold_copy(buf_op_t *op);
/* The fold hook of the arith ops (arith_fold.c): constant operands and
 * identities, as upstream's arith folders. */
bool buf__arith_fold(buf_op_t *op);
/* The canonicalize hook of the arith ops (arith_fold.c): upstream's
 * reassociation of constants through add/sub/mul chains and
 * extsi(extui x), trunci(ext x) as one extension. */
bool buf__arith_canonicalize(buf_op_t *op);
/* The fold hook of the math ops (math_fold.c): scalar constant operands,
 * computed as the interpreter computes them. */
bool buf__math_fold(buf_op_t *op);
/* The canonicalize hooks of cf.br and cf.cond_br (cf_fold.c): blocks
 * merged into their single predecessor, pass-through blocks bypassed,
 * conditions on constants or between one destination twice. */
bool buf__cf_br_canonicalize(buf_op_t *op);
bool buf__cf_cond_br_canonicalize(buf_op_t *op);
/* d rounded to the float type t (f16, bf16, f32: nearest even; f64: d), as
 * the interpreter stores a float of that type: the folds compute what the
 * interpreter computes. */
double buf__round_to_float_type(buf_type_t t, double d);
/* The fold hooks of tensor ops (tensor_fold.c): casts of casts, dims of
 * known sizes, extracts of known elements, from_elements of constants,
 * ranks of ranked tensors, reshapes undone or of constants. */
bool buf__tensor_cast_fold(buf_op_t *op);
bool buf__tensor_dim_fold(buf_op_t *op);
bool buf__tensor_extract_fold(buf_op_t *op);
bool buf__tensor_from_elements_fold(buf_op_t *op);
bool buf__tensor_rank_fold(buf_op_t *op);
bool buf__tensor_reshape_fold(buf_op_t *op);
/* The canonicalize hook of destination-style ops (tensor.insert, linalg
 * ops on tensors; tensor_fold.c): tensor.cast operands that only forgot
 * static sizes are read through, results cast back to their old types. */
bool buf__tensor_fold_cast_producers(buf_op_t *op);
/* The hooks of extract_slice and insert_slice (tensor_slice_fold.c):
 * whole slices, slices of the slice just inserted or extracted, zero
 * sizes; constant offsets, sizes and strides made static; casts that only
 * forget static sizes folded into extract_slice. */
bool buf__tensor_extract_slice_fold(buf_op_t *op);
bool buf__tensor_insert_slice_fold(buf_op_t *op);
bool buf__tensor_extract_slice_canonicalize(buf_op_t *op);
bool buf__tensor_insert_slice_canonicalize(buf_op_t *op);

/* A symbol's sym_visibility, when present, is one of "public", "private"
 * and "nested" (upstream's SymbolOpInterface check; a printed custom form
 * holds it as a bare keyword, so anything else would not read back). */
buf_status_t buf__verify_sym_visibility(buf_op_t *op);

/* The terminators that hand values on (scf.yield, scf.condition's tail,
 * affine.yield, vector.yield): attr-dict (%v, ... : T, ...)? */
buf_status_t buf__parse_values_colon_types(buf_parser_t *p, buf_op_state_t *st);
/* Operands [start, end) as " %a, %b : T, U" (nothing when there are none). */
void buf__print_values_colon_types(buf_printer_t *pr, buf_op_t *op, uint32_t start);

/* The fold of region branches whose entry region is known (entry_region):
 * op is replaced by the region that runs, when it is one block without
 * arguments ending in a forwarding terminator (or empty, for an op without
 * results), unless marked no_inline. scf.if on a constant condition,
 * scf.execute_region, affine.if on a set that holds or fails everywhere
 * (upstream's RemoveStaticCondition, SingleBlockExecuteInliner,
 * AlwaysTrueOrFalseIf). */
bool buf__region_branch_fold(buf_op_t *op);

/* ` -> T` for one result type that is not a function type, else
 * ` -> (T, U, ...)` (upstream's printOptionalArrowTypeList after the op
 * has checked it has results). */
void buf__print_arrow_result_types(buf_printer_t *pr, buf_op_t *op);

#endif /* BUF_DIALECT_UTIL_H */
