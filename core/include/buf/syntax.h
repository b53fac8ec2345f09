/*
 * buf/syntax.h: MLIR textual syntax in and out, and the JSON form.
 *
 * Top-level entry points parse a whole source buffer into a builtin.module
 * and print an op (normally the module) in custom or generic form. The
 * second half of this header is the "op assembly" API that custom parse and
 * print hooks of op definitions use (MLIR's OpAsmParser / OpAsmPrinter):
 * every hook works through it and never touches tokens directly.
 *
 * Parse errors are located diagnostics in the context; the parser never
 * aborts, never recurses without a depth bound and always terminates.
 */
#ifndef BUF_SYNTAX_H
#define BUF_SYNTAX_H

#include <string.h>

#include "buf/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Whole programs                                                            */
/* ------------------------------------------------------------------------ */

typedef struct buf_parse_options {
  uint32_t max_depth;  /* region nesting bound; 0: default (256) */
  uint64_t max_ops;    /* op count bound; 0: unbounded */
  bool verify;         /* run buf_verify after parsing (default true via
                        * buf_parse_options_default) */
  bool borrow_source;  /* the caller keeps the text alive and unchanged
                        * until the context dies: diagnostics point into it
                        * instead of a copy */
  /* When set, called every megabyte or so of text with the offset of the
   * op being started: the parser has read everything before it. It may
   * still look back (a diagnostic shows its source line), so the caller
   * may only drop what it can bring back, such as the pages of a mapped
   * file (buffer-opt does, which keeps a large input out of the peak
   * memory). NULL: never called. */
  void (*consumed)(void *user, size_t offset);
  void *consumed_user;
} buf_parse_options_t;

buf_parse_options_t buf_parse_options_default(void);

/* Parses text (len bytes, need not be NUL-terminated) named file. Top-level
 * ops that are not a builtin.module are wrapped in an implicit one, as
 * mlir-opt does. The source is registered with the context for caret
 * diagnostics; lines/cols are relative to first_line (1 for a whole file,
 * the chunk's first line for --split-input-file). Returns NULL on error. */
buf_op_t *buf_parse_source(buf_ctx_t *ctx, const char *file, const char *text,
                           size_t len, uint32_t first_line,
                           const buf_parse_options_t *opts);

/* Parses a single type or attribute from a string (JSON form, options). */
buf_type_t buf_parse_type_str(buf_ctx_t *ctx, const char *text, size_t len,
                              buf_loc_t loc);
buf_attr_t buf_parse_attr_str(buf_ctx_t *ctx, const char *text, size_t len,
                              buf_loc_t loc);

/* Chunks of a --split-input-file buffer, split at lines "// -----". */
typedef struct buf_chunk {
  const char *text;
  size_t len;
  uint32_t first_line; /* 1-based line of the chunk's first line */
} buf_chunk_t;
/* Returns the number of chunks and an arena array of them in *chunks. */
uint32_t buf_split_input(buf_ctx_t *ctx, const char *text, size_t len,
                         buf_chunk_t **chunks);
/* The same at lines starting with `marker` (--split-input-file=MARKER). */
uint32_t buf_split_input_at(buf_ctx_t *ctx, const char *text, size_t len,
                            const char *marker, buf_chunk_t **chunks);

typedef struct buf_print_options {
  bool generic;        /* --mlir-print-op-generic */
  bool debug_info;     /* print loc(...) */
  bool use_aliases;    /* #map = affine_map<...> at the top (default true) */
  bool assume_verified; /* the caller has just verified the op: skip the
                         * check that prints an invalid op generically
                         * (MLIR's OpPrintingFlags::assumeVerified; default
                         * false) */
  bool elide_resource_strings; /* --mlir-elide-resource-strings-if-larger */
  uint64_t elide_resource_strings_if_larger; /* leave out a resource value
                                              * whose quoted text is longer */
  bool elide_blobs_only; /* the elision leaves external_resources alone
                          * (cache keys: blobs enter by a digest of their
                          * bytes, external resources as their text) */
} buf_print_options_t;

buf_print_options_t buf_print_options_default(void);

/* Prints op (usually the module) the way mlir-opt 22 prints it: custom forms
 * where a hook exists, normalized SSA names (%0, %arg0, %c0 ... as
 * mlir-opt), aliases for affine maps. The result is a malloc'd string the
 * caller frees; *len receives its length when len is not NULL. The text
 * ends with one newline after the op; mlir-opt's driver writes one more
 * "\n" after it, so a tool that wants mlir-opt's exact bytes adds it. opts
 * may be NULL (defaults).
 *
 * Whatever the parser accepts, verified or not, prints as text the parser
 * reads back to IR that prints the same (printing is a fixed point): an
 * op that fails to verify prints whole in the generic form, as mlir-opt
 * prints it, because custom hooks may assume verified IR and can spell
 * only valid ops. The check verifies op once more (its diagnostics are
 * dropped); opts->assume_verified skips it when the caller just verified. */
char *buf_print_op_to_string(buf_op_t *op, const buf_print_options_t *opts,
                             size_t *len);
/* The same, to a stream. */
void buf_print_op(buf_op_t *op, const buf_print_options_t *opts, FILE *out);
/* Types and attributes as text (arena strings). */
const char *buf_type_to_string(buf_ctx_t *ctx, buf_type_t t);
const char *buf_attr_to_string(buf_ctx_t *ctx, buf_attr_t a);
/* Appends to a malloc'd growable string. */
typedef struct buf_strbuf {
  char *data;
  size_t len, cap;
  /* Streaming: when sink is set, the text is written to it whenever the
   * 256 KiB buffer is full (and by buf_strbuf_flush), so data holds only
   * the unwritten tail. When discard is set, appends are dropped (such a
   * buffer never allocates: cap stays 0). */
  FILE *sink;
  bool discard;
  /* Streaming to a function instead of a file: spill(spill_user, text, n)
   * gets the text at the same points (used when sink is NULL). */
  void (*spill)(void *user, const char *text, size_t n);
  void *spill_user;
} buf_strbuf_t;
/* Writes what a streaming strbuf holds to its sink. */
void buf_strbuf_flush(buf_strbuf_t *sb);
/* Appends n bytes of s; data stays NUL-terminated. The common case, room
 * left, is inline: the printer appends millions of short pieces, and for a
 * literal the copy folds into a store or two. */
void buf__strbuf_append_slow(buf_strbuf_t *sb, const char *s, size_t n);
static inline void buf_strbuf_append(buf_strbuf_t *sb, const char *s,
                                     size_t n) {
  if (n < sb->cap - sb->len) { /* room for the bytes and the NUL */
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = 0;
    return;
  }
  buf__strbuf_append_slow(sb, s, n);
}
/* Appends a NUL-terminated string. */
static inline void buf_strbuf_puts(buf_strbuf_t *sb, const char *s) {
  buf_strbuf_append(sb, s, strlen(s));
}
void buf_strbuf_printf(buf_strbuf_t *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void buf_strbuf_free(buf_strbuf_t *sb);
void buf_print_type_to(buf_strbuf_t *sb, buf_type_t t);
void buf_print_attr_to(buf_strbuf_t *sb, buf_attr_t a);

/* ------------------------------------------------------------------------ */
/* JSON form (schema/program.schema.json)                                     */
/* ------------------------------------------------------------------------ */

/* Converts a module to its JSON form: a malloc'd string. */
char *buf_module_to_json(buf_op_t *module, size_t *len);
/* Parses the JSON form into a module; located errors on failure. */
buf_op_t *buf_module_from_json(buf_ctx_t *ctx, const char *file,
                               const char *text, size_t len,
                               const buf_parse_options_t *opts);

/* ------------------------------------------------------------------------ */
/* Op assembly: the parser side (for opdef parse hooks)                      */
/* ------------------------------------------------------------------------ */

/* An SSA use before it is resolved to a value: %name or %name#3. */
typedef struct buf_unresolved {
  buf_ident_t name;  /* without '%' */
  uint32_t number;   /* the #N suffix, 0 when absent */
  buf_loc_t loc;
} buf_unresolved_t;

/* A region argument declared by a custom form, e.g. scf.for's %iv or
 * func.func's %arg0: tensor<4xf32>. */
typedef struct buf_region_arg {
  buf_unresolved_t name;
  buf_type_t type;
  buf_attr_t attrs; /* argument attribute dict, or NULL */
  buf_loc_t loc;    /* its trailing loc(...), else unknown (file NULL): the
                     * block argument then takes the name's position */
} buf_region_arg_t;

buf_ctx_t *buf_parser_ctx(buf_parser_t *p);
/* Location of the next token. */
buf_loc_t buf_parser_loc(buf_parser_t *p);
/* Emits an error at the next token; always returns BUF_FAILURE. */
buf_status_t buf_parser_error(buf_parser_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
buf_status_t buf_parser_error_at(buf_parser_t *p, buf_loc_t loc,
                                 const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Punctuation: one of ( ) [ ] { } < > : , = -> * ? + - ... |
 * buf_parse_optional consumes it when next and says whether it did;
 * buf_parse_expect emits "expected '<punct>'" when it is not next. */
bool buf_parse_optional(buf_parser_t *p, const char *punct);
buf_status_t buf_parse_expect(buf_parser_t *p, const char *punct);
/* Bare identifiers: keywords like "ins", "to", "step", "iter_args". */
bool buf_parse_optional_keyword(buf_parser_t *p, const char *kw);
buf_status_t buf_parse_keyword(buf_parser_t *p, const char *kw);
/* Any bare identifier (also accepts keywords that are valid identifiers). */
buf_status_t buf_parse_any_keyword(buf_parser_t *p, buf_ident_t *out);
bool buf_parse_optional_any_keyword(buf_parser_t *p, buf_ident_t *out);
/* Peek without consuming. */
bool buf_parser_next_is(buf_parser_t *p, const char *punct);
bool buf_parser_next_is_keyword(buf_parser_t *p, const char *kw);
bool buf_parser_next_is_operand(buf_parser_t *p); /* a %name */
bool buf_parser_next_is_integer(buf_parser_t *p);

buf_status_t buf_parse_integer(buf_parser_t *p, int64_t *out); /* with sign */
bool buf_parse_optional_integer(buf_parser_t *p, int64_t *out);
/* An integer of a `width`-bit type (1..64) written signed or unsigned,
 * -2^(width-1) .. 2^width - 1, as MLIR reads an APInt of that width: the
 * value is the two's complement bit pattern, sign-extended to 64 bits
 * (4294967295 and -1 both give -1 at width 32). Larger values are a
 * located error. */
buf_status_t buf_parse_integer_of_width(buf_parser_t *p, uint32_t width,
                                        int64_t *out);
buf_status_t buf_parse_string(buf_parser_t *p, const char **out, size_t *len);
/* @name (returns the name without '@'). */
buf_status_t buf_parse_symbol_name(buf_parser_t *p, buf_ident_t *out);
bool buf_parse_optional_symbol_name(buf_parser_t *p, buf_ident_t *out);

buf_status_t buf_parse_type(buf_parser_t *p, buf_type_t *out);
bool buf_parse_optional_type(buf_parser_t *p, buf_type_t *out);
/* ':' type */
buf_status_t buf_parse_colon_type(buf_parser_t *p, buf_type_t *out);
/* Comma-separated types (possibly none) into an arena array. */
buf_status_t buf_parse_type_list(buf_parser_t *p, buf_type_t **out,
                                 uint32_t *n);
/* ':' type-list (at least one) */
buf_status_t buf_parse_colon_type_list(buf_parser_t *p, buf_type_t **out,
                                       uint32_t *n);
/* Optional "-> type" or "-> (types)": zero types when the arrow is absent. */
buf_status_t buf_parse_optional_arrow_type_list(buf_parser_t *p,
                                                buf_type_t **out, uint32_t *n);
/* A function result list: "type" or "(type {attrs}, ...)"; result attribute
 * dicts go to *attrs (arena array, NULL entries when absent; may pass NULL). */
buf_status_t buf_parse_function_result_list(buf_parser_t *p, buf_type_t **out,
                                            buf_attr_t **attrs, uint32_t *n);

buf_status_t buf_parse_attr(buf_parser_t *p, buf_attr_t *out);
/* An attribute with the type given when the text has no ': type' suffix
 * (arith.constant 1.0 : f32 parses "1.0 : f32" as one attribute). */
buf_status_t buf_parse_attr_of_type(buf_parser_t *p, buf_type_t type,
                                    buf_attr_t *out);
bool buf_parse_optional_attr(buf_parser_t *p, buf_attr_t *out);
/* An optional { ... } attribute dictionary, merged into st. */
buf_status_t buf_parse_optional_attr_dict(buf_parser_t *p, buf_op_state_t *st);
/* An optional "attributes { ... }" (func.func's form), merged into st. */
buf_status_t buf_parse_optional_attr_dict_with_keyword(buf_parser_t *p,
                                                       buf_op_state_t *st);
/* A { ... } dictionary as an attribute. */
buf_status_t buf_parse_attr_dict(buf_parser_t *p, buf_attr_t *out);

buf_status_t buf_parse_operand(buf_parser_t *p, buf_unresolved_t *out);
bool buf_parse_optional_operand(buf_parser_t *p, buf_unresolved_t *out);
/* Comma-separated operands (possibly none) into an arena array. The
 * delimiter, when not NULL, is "(" or "[" and is required around the list. */
buf_status_t buf_parse_operand_list(buf_parser_t *p, const char *delimiter,
                                    buf_unresolved_t **out, uint32_t *n);
/* Resolves an operand to the value in scope; a forward reference creates a
 * placeholder of that type, checked when the definition appears. */
buf_status_t buf_parse_resolve(buf_parser_t *p, const buf_unresolved_t *u,
                               buf_type_t type, buf_value_t **out);
/* Resolves operands[i] with types[i] and appends them to st; errors when n
 * differs from num_types. */
buf_status_t buf_parse_resolve_operands(buf_parser_t *p,
                                        const buf_unresolved_t *operands,
                                        uint32_t n, const buf_type_t *types,
                                        uint32_t num_types, buf_op_state_t *st);
/* Like buf_parse_resolve_operands with every operand of type `type`. */
buf_status_t buf_parse_resolve_operands_same(buf_parser_t *p,
                                             const buf_unresolved_t *operands,
                                             uint32_t n, buf_type_t type,
                                             buf_op_state_t *st);

/* "%name : type" (region argument with type). */
buf_status_t buf_parse_region_arg(buf_parser_t *p, bool with_type,
                                  buf_region_arg_t *out);
/* A parenthesized list "(%a: T, %b: U {attrs})" of region arguments;
 * allow_variadic accepts a trailing "..." (external vararg functions are
 * not supported and this is reported). */
buf_status_t buf_parse_region_arg_list(buf_parser_t *p, const char *delimiter,
                                       bool with_types, buf_region_arg_t **out,
                                       uint32_t *n);
/* Parses "{ ... }" into region. When args is not NULL they become the entry
 * block's arguments (the region must not then start with a ^bb header for
 * its entry block); otherwise the entry block may declare its own via
 * "^bb0(...):". enable_name_shadowing lets args reuse outer names (unused
 * by our dialects; pass false). An empty "{}" yields an empty region unless
 * args are given. */
buf_status_t buf_parse_region(buf_parser_t *p, buf_region_t *region,
                              const buf_region_arg_t *args, uint32_t num_args);
bool buf_parser_next_is_region(buf_parser_t *p); /* '{' next */
/* ^bb3 as a successor; appended to st. */
buf_status_t buf_parse_successor(buf_parser_t *p, buf_op_state_t *st);
/* After parsing a region that may omit its terminator (scf.for without
 * results): appends `terminator_name` with no operands to every empty or
 * unterminated block, creating an entry block when the region is empty. */
void buf_region_ensure_terminator(buf_ctx_t *ctx, buf_region_t *region,
                                  const char *terminator_name, buf_loc_t loc);

/* An affine map written bare, "(i, j) -> (j, i)" (any identifier names a
 * dimension or symbol), or an alias of one (#map), as custom forms spell
 * it (memref.transpose): the interned BUF_ATTR_AFFINE_MAP attribute. */
buf_status_t buf_parse_affine_map(buf_parser_t *p, buf_attr_t *out);

/* Mixed static/dynamic index lists as in tensor.extract_slice and
 * memref.subview: "[%a, 4, %b]". Dynamic entries are appended to *dyn
 * (unresolved, arena array) and recorded as BUF_DYNAMIC in the static list,
 * which becomes an array<i64: ...> attribute. */
buf_status_t buf_parse_dynamic_index_list(buf_parser_t *p,
                                          buf_unresolved_t **dyn,
                                          uint32_t *num_dyn,
                                          buf_attr_t *static_values);

/* ------------------------------------------------------------------------ */
/* Value names without printing                                             */
/* ------------------------------------------------------------------------ */

/* The SSA names a custom-form print of root gives the values nested in it,
 * for annotations that spell them (One-Shot's dump-alias-sets), computed
 * once. Attributes added afterwards do not change them. */
typedef struct buf_value_names_s buf_value_names_t;
buf_value_names_t *buf_value_names_create(buf_op_t *root);
/* "%name" of v; valid until the next call (copy it). */
const char *buf_value_names_get(buf_value_names_t *names, buf_value_t *v);
void buf_value_names_destroy(buf_value_names_t *names);

/* ------------------------------------------------------------------------ */
/* Op assembly: the printer side (for opdef print hooks)                      */
/* ------------------------------------------------------------------------ */

buf_ctx_t *buf_printer_ctx(buf_printer_t *pr);
/* Writes n bytes of s. */
void buf_printer_write(buf_printer_t *pr, const char *s, size_t n);
/* Writes s (NULL writes nothing). Inline so that the length of a literal,
 * the common argument, is known when compiling rather than counted on every
 * call. */
static inline void buf_printer_puts(buf_printer_t *pr, const char *s) {
  if (s)
    buf_printer_write(pr, s, strlen(s));
}
void buf_printer_printf(buf_printer_t *pr, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void buf_printer_print_value(buf_printer_t *pr, buf_value_t *v); /* %name */
/* Operands [start, start+n) separated by ", ". */
void buf_printer_print_operands(buf_printer_t *pr, buf_op_t *op, uint32_t start,
                                uint32_t n);
void buf_printer_print_values(buf_printer_t *pr, uint32_t n,
                              buf_value_t *const *vs);
void buf_printer_print_type(buf_printer_t *pr, buf_type_t t);
/* Types separated by ", ". */
void buf_printer_print_types(buf_printer_t *pr, uint32_t n,
                             const buf_type_t *ts);
void buf_printer_print_operand_types(buf_printer_t *pr, buf_op_t *op,
                                     uint32_t start, uint32_t n);
void buf_printer_print_result_types(buf_printer_t *pr, buf_op_t *op);
/* "-> T" / "-> (T, U)" / nothing for zero types, as MLIR prints results.
 * No leading space: write " " first. A single function type is wrapped. */
void buf_printer_print_arrow_types(buf_printer_t *pr, uint32_t n,
                                   const buf_type_t *ts);
/* Attributes print with aliases when the printer uses them. */
void buf_printer_print_attr(buf_printer_t *pr, buf_attr_t a);
/* "(d0, d1) -> (d1, d0)": the map bare, never as an alias (the custom
 * form of memref.transpose). */
void buf_printer_print_affine_map(buf_printer_t *pr, buf_affine_map_t *map);
/* Like print_attr but without the ": type" suffix of integer/float/dense. */
void buf_printer_print_attr_no_type(buf_printer_t *pr, buf_attr_t a);
/* " {a = 1, b}" for op's attributes except the elided names (NULL-terminated
 * list; may be NULL); prints nothing when none remain. Starts with the space
 * itself, so call it right after the preceding token. Unit attributes print
 * as their bare name; i64 integers keep ": i64" as in mlir-opt. */
void buf_printer_print_attr_dict(buf_printer_t *pr, buf_op_t *op,
                                 const char *const *elided);
/* Same with the " attributes {...}" keyword form of func.func. */
void buf_printer_print_attr_dict_with_keyword(buf_printer_t *pr, buf_op_t *op,
                                              const char *const *elided);
void buf_printer_print_symbol_name(buf_printer_t *pr, buf_ident_t name);
void buf_printer_print_successor(buf_printer_t *pr, buf_block_t *b); /* ^bb1 */
/* Prints "{", the region's blocks indented, and "}". No leading space
 * (write " " first, as func.func does: `buf_printer_puts(pr, " ");`); the
 * closing "}" lands at the indentation of the op being printed, block
 * labels too, and the ops one level deeper. Non-entry blocks always print
 * their header "^bb1(%2: f32):  // pred: ^bb0". When
 * print_entry_args is false the entry block's header is omitted (its
 * arguments were printed by the custom form); print_empty_terminators
 * false elides terminators that have no operands and no attributes (scf.yield
 * with no results). */
void buf_printer_print_region(buf_printer_t *pr, buf_region_t *r,
                              bool print_entry_args,
                              bool print_empty_terminators);
/* Op in its custom form (generic where it has none) without its results'
 * names and its location, on the current line: how vector.mask prints the
 * op it masks, `{ vector.transfer_write ... }` (MLIR's
 * printCustomOrGenericOp). */
void buf_printer_print_nested_op(buf_printer_t *pr, buf_op_t *op);
/* "%arg0: tensor<4xf32>" for a block argument. */
void buf_printer_print_region_arg(buf_printer_t *pr, buf_value_t *arg);
/* " loc(...)" of a block argument when debug info is printed; nothing
 * otherwise. For custom forms that print something between the argument's
 * type and its location (func.func's argument attributes). */
void buf_printer_print_arg_loc(buf_printer_t *pr, buf_value_t *arg);
/* "[%a, 4, %b]" from static values (array<i64>) and dynamic operands. */
void buf_printer_print_dynamic_index_list(buf_printer_t *pr, buf_attr_t statics,
                                          uint32_t num_dyn,
                                          buf_value_t *const *dyn);
/* newline + the indentation of the op being printed (plus any
 * buf_printer_indent adjustment). */
void buf_printer_newline(buf_printer_t *pr);
/* Changes the indentation that buf_printer_newline and nested regions use
 * by delta levels (MLIR's increaseIndent/decreaseIndent): linalg.map and
 * linalg.reduce print their "(%in: f32, %init: f32) {" on a new line one
 * level deeper, with the region indented below it. */
void buf_printer_indent(buf_printer_t *pr, int delta);

#ifdef __cplusplus
}
#endif

/* The dense_resource blobs op's attributes reference (nested ops
 * included), each once, in order of first reference: a malloc'd array the
 * caller frees, *n entries (undefined blobs included). */
const buf_resource_t **buf_op_resources(buf_op_t *op, uint32_t *n);
/* The section's spelling of a defined blob, "0x" with the alignment prefix
 * and the bytes in upper-case hex: a malloc'd string the caller frees. */
char *buf_resource_to_hex(const buf_resource_t *r, size_t *len);

#endif /* BUF_SYNTAX_H */
