/*
 * parser_internal.h: the parser's state and the functions its files share
 * (parser.c: programs, ops, regions, SSA scopes; parse_types.c; parse_attrs.c;
 * parse_asm.c: the op-assembly API for custom parse hooks).
 *
 * Error model: the first error is emitted as a located diagnostic and sets
 * p->failed; from then on every parse function returns failure at once
 * without emitting more, so the parse unwinds quickly and reports exactly
 * one error, like MLIR. All memory the parser allocates comes from the
 * context's arena, so an aborted parse cannot leak.
 *
 * Recursion is bounded: regions by max_depth, types/attributes/affine
 * expressions by the same bound on p->nest.
 */
#ifndef BUF_SYNTAX_PARSER_INTERNAL_H
#define BUF_SYNTAX_PARSER_INTERNAL_H

#include "buf/syntax.h"
#include "lexer.h"

/* An open-addressing map from interned identifiers (pointers) to values. */
typedef struct buf_pmap {
  const void **keys;
  void **vals;
  uint32_t cap; /* power of two, or 0 */
  uint32_t n;   /* occupied slots */
} buf_pmap_t;

void *buf__pmap_get(const buf_pmap_t *m, const void *key);
void buf__pmap_put(buf_arena_t *arena, buf_pmap_t *m, const void *key,
                   void *val);

/* One SSA name in an isolated scope: a defined result group, block
 * argument, or a set of pending forward references (placeholders). */
typedef struct buf_ssa_entry {
  buf_ident_t name;
  uint32_t n;            /* number of values (group size) */
  buf_value_t **vals;    /* n entries; NULL where no forward use yet */
  bool defined;          /* false: every non-NULL val is a placeholder */
  uint32_t level;        /* region level it lives in */
  buf_loc_t loc;         /* definition, or first forward use */
} buf_ssa_entry_t;

/* Names of one isolated-from-above scope (the whole file, or a func.func
 * body). Region levels inside it hide names defined in inner regions when
 * those regions end. */
typedef struct buf_iso_scope {
  struct buf_iso_scope *parent;
  buf_arena_t *scratch;    /* names, entries and stack; freed with the scope */
  buf_pmap_t names;        /* ident -> buf_ssa_entry_t* (NULL: not visible) */
  buf_ssa_entry_t **stack; /* entries in definition order, with levels */
  uint32_t num, cap;
  uint32_t level;          /* current region level */
} buf_iso_scope_t;

/* Block labels of one region being parsed. */
typedef struct buf_block_scope {
  struct buf_block_scope *parent;
  buf_region_t *region;
  buf_pmap_t labels;       /* ident -> buf_block_t* */
  buf_block_t **fwd;       /* blocks referenced before their definition */
  buf_loc_t *fwd_loc;
  uint32_t num_fwd, cap_fwd;
} buf_block_scope_t;

/* A location alias (#loc1 = loc(...)). */
typedef struct buf_loc_alias {
  buf_loc_t loc;
} buf_loc_alias_t;

/* A location that names an alias defined later in the file. */
typedef struct buf_deferred_loc {
  buf_loc_t *dst;   /* where the resolved location goes */
  buf_ident_t name; /* alias name without '#' */
  buf_loc_t use;    /* where the alias was referenced */
} buf_deferred_loc_t;

/* A parsed shaped type remembered by its spelling (see buf__p_parse_type):
 * programs spell the same tensor<...> types over and over. */
typedef struct buf__tcache_entry {
  const char *text; /* the spelling, inside the parsed text */
  uint32_t len;
  buf_type_t type;
} buf__tcache_entry_t;
#define BUF__TCACHE_SIZE 512 /* entries, a power of two */

/* An identifier the parser interned, remembered by its spelling (see
 * buf__p_tok_ident): SSA names, attribute names and op names repeat
 * throughout a program, and this small table stays in the cache where the
 * context's identifier table (every symbol of the module) does not. */
typedef struct buf__icache_entry {
  buf_ident_t ident; /* NULL: empty */
  uint32_t len;      /* strlen(ident) */
} buf__icache_entry_t;
#define BUF__ICACHE_SIZE 1024 /* entries, a power of two */

struct buf_parser_s {
  buf_ctx_t *ctx;
  buf_arena_t *arena;
  buf_ident_t file;
  buf_lexer_t lx;
  buf_token_t tok;          /* the current (next unconsumed) token */
  uint32_t col_offset;      /* added to columns on line first_line (strings
                             * parsed out of a larger text) */
  uint32_t first_line;
  bool failed;
  uint32_t max_depth;       /* bound for region and type/attr nesting */
  uint32_t depth;           /* current region nesting */
  uint32_t nest;            /* current type/attribute/expr nesting */
  uint64_t max_ops, num_ops;
  void (*consumed)(void *user, size_t offset); /* buf_parse_options_t */
  void *consumed_user;
  size_t next_consumed;     /* offset at which to call consumed next */
  buf_pmap_t attr_aliases;  /* ident "name" -> buf_attr_t */
  buf_pmap_t type_aliases;  /* ident "name" -> buf_type_t */
  buf_pmap_t loc_aliases;   /* ident "name" -> buf_loc_alias_t* */
  buf_iso_scope_t *iso;     /* innermost isolated scope; NULL outside ops */
  buf_block_scope_t *blocks;/* innermost region's block labels */
  buf_block_t *cur_block;   /* where parsed ops are appended */
  const buf_opdef_t *cur_def; /* def of the op whose parts are being parsed */
  const char *custom_op;    /* the op whose custom parse hook runs (its
                             * errors say "custom op 'name' ..."); NULL */
  const char *default_dialect; /* default dialect of the enclosing op */
  buf_arena_t *spare_scratch[8]; /* reset scratch arenas of ended scopes */
  uint32_t num_spare_scratch;
  buf_ident_t deferred_alias; /* set by buf__p_parse_loc for a later alias */
  buf_loc_t deferred_use;
  buf_deferred_loc_t *deferred; /* locations waiting for their alias */
  uint32_t num_deferred, cap_deferred;
  buf__tcache_entry_t *tcache; /* BUF__TCACHE_SIZE entries (malloc'd by
                                * buf_parse_source), or NULL: no caching */
  buf__icache_entry_t *icache; /* BUF__ICACHE_SIZE entries (malloc'd by
                                * buf_parse_source), or NULL: no caching */
};

/* Tokens and errors. */
void buf__p_next(buf_parser_t *p);
buf_loc_t buf__p_tok_loc(const buf_parser_t *p, const buf_token_t *t);
/* Emits a located error (unless one was already emitted); returns
 * BUF_FAILURE. */
buf_status_t buf__p_error_at(buf_parser_t *p, buf_loc_t loc, const char *fmt,
                             ...) __attribute__((format(printf, 3, 4)));
/* Error at the current token; a lexer error token reports its own message. */
buf_status_t buf__p_error_tok(buf_parser_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The token tests are inline so that literal spellings fold (see
 * buf__tok_is_punct). */
static inline bool buf__p_is(const buf_parser_t *p, const char *punct) {
  return buf__tok_is_punct(&p->tok, punct);
}
static inline bool buf__p_is_kw(const buf_parser_t *p, const char *kw) {
  return buf__tok_is_kw(&p->tok, kw);
}
/* Consumes the punctuation punct when it is next. */
static inline bool buf__p_accept(buf_parser_t *p, const char *punct) {
  if (p->failed || !buf__p_is(p, punct))
    return false;
  buf__p_next(p);
  return true;
}
/* Consumes punct or fails with "expected 'punct'". */
static inline buf_status_t buf__p_expect(buf_parser_t *p, const char *punct) {
  if (p->failed)
    return BUF_FAILURE;
  if (buf__p_accept(p, punct))
    return BUF_SUCCESS;
  return buf__p_error_tok(p, "expected '%s'", punct);
}
/* Peeks at the token after the current one. */
buf_token_t buf__p_peek(const buf_parser_t *p);
/* Interned spelling of a token, optionally skipping a prefix of `skip`
 * bytes (e.g. '%'). */
buf_ident_t buf__p_tok_ident(buf_parser_t *p, const buf_token_t *t,
                             uint32_t skip);
/* Decodes a string token (with MLIR escapes) into an arena string. */
char *buf__p_decode_string(buf_parser_t *p, const buf_token_t *t,
                           size_t *len);
/* Parses an unsigned integer token's value; fails on overflow. */
buf_status_t buf__p_int_value(buf_parser_t *p, const buf_token_t *t,
                              uint64_t *out);
/* Consumes the bare keyword kw or fails with "expected 'kw'". */
buf_status_t buf__p_parse_keyword_internal(buf_parser_t *p, const char *kw);
/* Depth guard for types/attrs/exprs: fails with "nesting too deep". */
buf_status_t buf__p_enter(buf_parser_t *p);
void buf__p_leave(buf_parser_t *p);

/* Types (parse_types.c). */
bool buf__p_starts_type(const buf_parser_t *p);
buf_status_t buf__p_parse_type(buf_parser_t *p, buf_type_t *out);
/* "(T, U) -> R" with the current token at '('. */
buf_status_t buf__p_parse_function_type(buf_parser_t *p, buf_type_t *out);
/* A result list after '->': a type, or "(T, U)" (possibly empty). */
buf_status_t buf__p_parse_result_types(buf_parser_t *p, buf_type_t **out,
                                       uint32_t *n);
/* Splits an identifier starting with 'x' in a dimension list: consumes the
 * 'x' and re-lexes after it. Returns false when the token is no 'x'. */
bool buf__p_consume_x(buf_parser_t *p);
/* Scans the balanced <...> body of a pretty dialect name whose '<' is at
 * byte offset `at` and returns the end offset (after '>'), or 0 after
 * emitting an error. */
size_t buf__p_scan_pretty_body(buf_parser_t *p, size_t at);
/* A '#'/'!' alias (looked up in aliases) or a dialect attribute/type spelled
 * out in full; see parse_types.c. */
buf_status_t buf__p_parse_alias_or_dialect(buf_parser_t *p, buf_pmap_t *aliases,
                                           const void **alias,
                                           const char **text, size_t *len);
/* Type names starting with 'x' are never needed, so callers test this. */

/* Attributes (parse_attrs.c). */
bool buf__p_starts_attr(const buf_parser_t *p);
/* type_hint: the type to give a bare integer/float literal when no ": type"
 * follows (NULL: i64 / f64 defaults). */
buf_status_t buf__p_parse_attr(buf_parser_t *p, buf_type_t type_hint,
                               buf_attr_t *out);
/* "{...}" entries into an arena array (duplicates are errors). */
buf_status_t buf__p_parse_dict_entries(buf_parser_t *p,
                                       buf_named_attr_t **out, uint32_t *n);
buf_status_t buf__p_parse_dict_attr(buf_parser_t *p, buf_attr_t *out);

/* Locations (parser.c): the current token is "loc"; parses loc(...) and
 * returns a file location or BUF_LOC_UNKNOWN in *out. */
buf_status_t buf__p_parse_loc(buf_parser_t *p, buf_loc_t *out);
/* Parses an optional trailing loc(...): when it names a file location,
 * *loc is replaced. */
buf_status_t buf__p_parse_optional_trailing_loc(buf_parser_t *p,
                                                buf_loc_t *loc);

/* SSA names (parser.c). */
buf_status_t buf__p_resolve(buf_parser_t *p, const buf_unresolved_t *u,
                            buf_type_t type, buf_value_t **out);
/* Binds name to the group of n values (results or a block argument). */
buf_status_t buf__p_define(buf_parser_t *p, buf_ident_t name, buf_loc_t loc,
                           uint32_t n, buf_value_t *const *vals);
/* Parses a region body starting at '{'; args (may be NULL) become the entry
 * block's arguments. */
buf_status_t buf__p_parse_region(buf_parser_t *p, buf_region_t *region,
                                 const buf_region_arg_t *args,
                                 uint32_t num_args);
/* ^label as a successor reference (creates a forward block if needed). */
buf_status_t buf__p_parse_successor_ref(buf_parser_t *p, buf_block_t **out);

/* Resources (parse_attrs.c, resources.c). A resource key: a bare
 * identifier or a string; *name and *len its text. */
buf_status_t buf__p_parse_resource_key(buf_parser_t *p, const char **name,
                                       size_t *len);
/* True at the `{-#` that opens the file metadata section. */
bool buf__p_at_file_metadata(const buf_parser_t *p);
/* Parses the section `{-# ... #-}`, defining the context's resources. */
buf_status_t buf__p_parse_file_metadata(buf_parser_t *p);

#endif /* BUF_SYNTAX_PARSER_INTERNAL_H */
