/*
 * parse_types.c: MLIR builtin types, function types, type aliases and
 * opaque dialect types.
 *
 * Grammar:
 *   type        ::= int-type | 'index' | float-type | 'none' | tensor | memref
 *                 | vector | tuple | function-type | '!' alias | dialect-type
 *   tensor      ::= 'tensor' '<' ('*' 'x' type | dims type (',' attr)?) '>'
 *   memref      ::= 'memref' '<' ('*' 'x' type (',' attr)?
 *                 | dims type (',' layout)? (',' attr)?) '>'
 *   dims        ::= ((integer | '?') 'x')*
 *   function    ::= '(' (type (',' type)*)? ')' '->' (type | '(' types ')')
 *   dialect-type::= '!' dialect '.' name ('<' balanced '>')?
 *
 * Shaped types canonicalize the way MLIR does: an identity affine-map
 * layout and memory space 0 are dropped, so that pointer equality of
 * interned types matches MLIR's type equality. Nesting is bounded through
 * buf__p_enter.
 */
#include <string.h>

#include "parser_internal.h"

/* Recognizes i32 / si8 / ui16; returns the width or 0. */
static uint32_t int_type_width(const buf_token_t *t, buf_signedness_t *sg,
                               bool *too_wide) {
  const char *s = t->s;
  uint32_t n = t->len, i = 0;
  *too_wide = false;
  if (n >= 2 && s[0] == 'i') {
    *sg = BUF_SIGNLESS;
    i = 1;
  } else if (n >= 3 && s[0] == 's' && s[1] == 'i') {
    *sg = BUF_SIGNED;
    i = 2;
  } else if (n >= 3 && s[0] == 'u' && s[1] == 'i') {
    *sg = BUF_UNSIGNED;
    i = 2;
  } else {
    return 0;
  }
  uint64_t w = 0;
  for (; i < n; i++) {
    if (s[i] < '0' || s[i] > '9')
      return 0;
    w = w * 10 + (uint64_t)(s[i] - '0');
    if (w > 16777215u) {
      *too_wide = true;
      w = 16777216u;
    }
  }
  return (uint32_t)w;
}

bool buf__p_starts_type(const buf_parser_t *p) {
  const buf_token_t *t = &p->tok;
  if (t->kind == BUF_TK_BANG)
    return true;
  if (buf__tok_is_punct(t, "("))
    return true;
  if (t->kind != BUF_TK_BARE_ID)
    return false;
  /* Lengths beside the spellings: every op name passes through here, and
   * a length compare rejects most of them without touching the bytes. */
#define KW(s) {s, sizeof s - 1}
  static const struct {
    const char *s;
    uint32_t len;
  } kws[] = {KW("index"),  KW("f16"),   KW("bf16"),  KW("f32"),
             KW("f64"),    KW("none"),  KW("tensor"), KW("memref"),
             KW("vector"), KW("tuple"), KW("complex")};
#undef KW
  for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
    if (t->len == kws[i].len && memcmp(t->s, kws[i].s, t->len) == 0)
      return true;
  buf_signedness_t sg;
  bool wide;
  return int_type_width(t, &sg, &wide) != 0 || wide;
}

bool buf__p_consume_x(buf_parser_t *p) {
  if (p->failed || p->tok.kind != BUF_TK_BARE_ID || p->tok.s[0] != 'x')
    return false;
  if (p->tok.len == 1) {
    buf__p_next(p);
  } else {
    buf__lexer_reset_in_token(&p->lx, &p->tok, p->tok.off + 1);
    buf__p_next(p);
  }
  return true;
}

/* One fixed dimension size: a decimal literal (or the 0 of "0xf32", which
 * lexes as a hex number). */
static buf_status_t parse_dim_size(buf_parser_t *p, int64_t *d) {
  if (p->tok.len > 1 && p->tok.s[1] == 'x') {
    /* "0xf32" lexed as a hex number: the dimension is 0, and the 'x'
     * starts the rest. */
    *d = 0;
    buf__lexer_reset_in_token(&p->lx, &p->tok, p->tok.off + 1);
    buf__p_next(p);
    return BUF_SUCCESS;
  }
  uint64_t v;
  if (BUF_FAILED(buf__p_int_value(p, &p->tok, &v)))
    return BUF_FAILURE;
  if (v > (uint64_t)INT64_MAX / 2)
    return buf__p_error_tok(p, "invalid dimension");
  *d = (int64_t)v;
  buf__p_next(p);
  return BUF_SUCCESS;
}

/* Parses "dims" of a ranked shaped type into arena arrays. Vectors pass
 * scalable (non-NULL) and may write a dimension "[8]"; *scalable is then
 * a flag array (NULL when no dimension is scalable). */
static buf_status_t parse_dims(buf_parser_t *p, bool allow_dynamic,
                               int64_t **shape, uint32_t *rank, bool **scalable) {
  uint32_t cap = 0;
  *rank = 0;
  *shape = NULL;
  bool *flags = NULL, any_scalable = false;
  if (scalable)
    *scalable = NULL;
  for (;;) {
    int64_t d;
    bool in_brackets = false;
    if (buf__p_is(p, "?")) {
      if (!allow_dynamic) /* MLIR's wording for vector<?x...> */
        return buf__p_error_tok(p, "expected non-function type");
      d = BUF_DYNAMIC;
      buf__p_next(p);
    } else if (p->tok.kind == BUF_TK_INTEGER) {
      if (BUF_FAILED(parse_dim_size(p, &d)))
        return BUF_FAILURE;
    } else if (buf__p_is(p, "[")) {
      if (!scalable) /* MLIR's wording for tensor<[4]x...> */
        return buf__p_error_tok(p, "expected non-function type");
      buf__p_next(p);
      if (p->tok.kind != BUF_TK_INTEGER)
        return buf__p_error_tok(p, "invalid dimension");
      if (BUF_FAILED(parse_dim_size(p, &d)))
        return BUF_FAILURE;
      if (!buf__p_is(p, "]"))
        return buf__p_error_tok(p, "missing ']' closing scalable dimension");
      buf__p_next(p);
      in_brackets = any_scalable = true;
    } else {
      if (scalable && any_scalable)
        *scalable = flags;
      return BUF_SUCCESS;
    }
    if (*rank == cap) {
      uint32_t nc = cap ? cap * 2 : 4;
      *shape = buf_arena_grow(buf_ctx_scratch(p->ctx), *shape, cap, nc,
                              sizeof(int64_t));
      flags = buf_arena_grow(buf_ctx_scratch(p->ctx), flags, cap, nc, sizeof(bool));
      cap = nc;
    }
    if (*rank >= 1u << 16)
      return buf__p_error_tok(p, "too many dimensions");
    flags[*rank] = in_brackets;
    (*shape)[(*rank)++] = d;
    if (!buf__p_consume_x(p))
      return buf__p_error_tok(p, "expected 'x' in dimension list");
  }
}

/* Element types of tensors, memrefs and vectors. */
static buf_status_t parse_elem_type(buf_parser_t *p, const char *what,
                                    buf_type_t *out) {
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  if (BUF_FAILED(buf__p_parse_type(p, out)))
    return BUF_FAILURE;
  switch ((*out)->kind) {
  case BUF_TYPE_FUNCTION:
  case BUF_TYPE_NONE:
  case BUF_TYPE_TENSOR:
  case BUF_TYPE_UNRANKED_TENSOR:
  case BUF_TYPE_UNRANKED_MEMREF:
  case BUF_TYPE_TUPLE:
    return buf__p_error_at(p, loc, "invalid %s element type", what);
  case BUF_TYPE_MEMREF:
    if (strcmp(what, "memref") != 0)
      return buf__p_error_at(p, loc, "invalid %s element type", what);
    return BUF_SUCCESS;
  default:
    return BUF_SUCCESS;
  }
}

static buf_status_t parse_tensor(buf_parser_t *p, buf_type_t *out) {
  if (BUF_FAILED(buf__p_expect(p, "<")))
    return BUF_FAILURE;
  buf_type_t elem;
  if (buf__p_accept(p, "*")) {
    if (!buf__p_consume_x(p))
      return buf__p_error_tok(p, "expected 'x' in dimension list");
    if (BUF_FAILED(parse_elem_type(p, "tensor", &elem)))
      return BUF_FAILURE;
    if (!buf__p_accept(p, ">"))
      return buf__p_error_tok(p, "expected '>' in tensor type");
    *out = buf_type_unranked_tensor(p->ctx, elem);
    return BUF_SUCCESS;
  }
  int64_t *shape;
  uint32_t rank;
  if (BUF_FAILED(parse_dims(p, true, &shape, &rank, NULL)) ||
      BUF_FAILED(parse_elem_type(p, "tensor", &elem)))
    return BUF_FAILURE;
  buf_attr_t enc = NULL;
  if (buf__p_accept(p, ",") && BUF_FAILED(buf__p_parse_attr(p, NULL, &enc)))
    return BUF_FAILURE;
  if (!buf__p_accept(p, ">"))
    return buf__p_error_tok(p, "expected '>' in tensor type");
  *out = buf_type_tensor(p->ctx, rank, shape, elem, enc);
  return BUF_SUCCESS;
}

/* Memory space 0 (an integer) is the default space. */
static buf_attr_t canonical_memspace(buf_attr_t a) {
  if (a && a->kind == BUF_ATTR_INTEGER && a->u.i == 0)
    return NULL;
  return a;
}

static buf_status_t parse_memref(buf_parser_t *p, buf_type_t *out) {
  if (BUF_FAILED(buf__p_expect(p, "<")))
    return BUF_FAILURE;
  buf_type_t elem;
  if (buf__p_accept(p, "*")) {
    if (!buf__p_consume_x(p))
      return buf__p_error_tok(p, "expected 'x' in dimension list");
    if (BUF_FAILED(parse_elem_type(p, "memref", &elem)))
      return BUF_FAILURE;
    buf_attr_t ms = NULL;
    if (buf__p_accept(p, ",") && BUF_FAILED(buf__p_parse_attr(p, NULL, &ms)))
      return BUF_FAILURE;
    if (BUF_FAILED(buf__p_expect(p, ">")))
      return BUF_FAILURE;
    *out = buf_type_unranked_memref(p->ctx, elem, canonical_memspace(ms));
    return BUF_SUCCESS;
  }
  int64_t *shape;
  uint32_t rank;
  if (BUF_FAILED(parse_dims(p, true, &shape, &rank, NULL)) ||
      BUF_FAILED(parse_elem_type(p, "memref", &elem)))
    return BUF_FAILURE;
  buf_attr_t layout = NULL, ms = NULL;
  if (buf__p_accept(p, ",")) {
    buf_loc_t aloc = buf__p_tok_loc(p, &p->tok);
    buf_attr_t a;
    if (BUF_FAILED(buf__p_parse_attr(p, NULL, &a)))
      return BUF_FAILURE;
    if (a->kind == BUF_ATTR_AFFINE_MAP || a->kind == BUF_ATTR_STRIDED) {
      layout = a;
      if (a->kind == BUF_ATTR_AFFINE_MAP && a->u.map->num_dims != rank)
        return buf__p_error_at(p, aloc,
                               "memref layout mismatch between rank and "
                               "affine map: %u != %u",
                               rank, a->u.map->num_dims);
      if (a->kind == BUF_ATTR_STRIDED && a->u.strided.rank != rank)
        return buf__p_error_at(p, aloc,
                               "expected the number of strides to match the "
                               "rank");
      if (a->kind == BUF_ATTR_AFFINE_MAP &&
          buf_affine_map_is_identity(a->u.map))
        layout = NULL;
      if (buf__p_accept(p, ",") &&
          BUF_FAILED(buf__p_parse_attr(p, NULL, &ms)))
        return BUF_FAILURE;
    } else {
      ms = a;
    }
    if (buf__p_accept(p, ","))
      return buf__p_error_tok(p, "multiple memory spaces specified in memref "
                                 "type");
  }
  if (BUF_FAILED(buf__p_expect(p, ">")))
    return BUF_FAILURE;
  *out = buf_type_memref(p->ctx, rank, shape, elem, layout,
                         canonical_memspace(ms));
  return BUF_SUCCESS;
}

static buf_status_t parse_vector(buf_parser_t *p, buf_type_t *out) {
  if (BUF_FAILED(buf__p_expect(p, "<")))
    return BUF_FAILURE;
  int64_t *shape;
  uint32_t rank;
  buf_type_t elem;
  bool *scalable;
  if (BUF_FAILED(parse_dims(p, false, &shape, &rank, &scalable)) ||
      BUF_FAILED(parse_elem_type(p, "vector", &elem)) ||
      BUF_FAILED(buf__p_expect(p, ">")))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < rank; i++)
    if (shape[i] == 0)
      return buf__p_error_tok(p, "vector types must have positive constant "
                                 "sizes");
  *out = buf_type_vector_scalable(p->ctx, rank, shape, scalable, elem);
  return BUF_SUCCESS;
}

/* "(T, U)" into an arena array; the current token is '('. */
static buf_status_t parse_paren_types(buf_parser_t *p, buf_type_t **out,
                                      uint32_t *n) {
  *out = NULL;
  *n = 0;
  uint32_t cap = 0;
  if (BUF_FAILED(buf__p_expect(p, "(")))
    return BUF_FAILURE;
  if (buf__p_accept(p, ")"))
    return BUF_SUCCESS;
  do {
    buf_type_t t;
    if (BUF_FAILED(buf__p_parse_type(p, &t)))
      return BUF_FAILURE;
    if (*n == cap) {
      uint32_t nc = cap ? cap * 2 : 4;
      *out = buf_arena_grow(p->arena, *out, cap, nc, sizeof(buf_type_t));
      cap = nc;
    }
    (*out)[(*n)++] = t;
  } while (buf__p_accept(p, ","));
  return buf__p_expect(p, ")");
}

buf_status_t buf__p_parse_result_types(buf_parser_t *p, buf_type_t **out,
                                       uint32_t *n) {
  if (buf__p_is(p, "("))
    return parse_paren_types(p, out, n);
  buf_type_t t;
  if (BUF_FAILED(buf__p_parse_type(p, &t)))
    return BUF_FAILURE;
  *out = buf_arena_alloc(p->arena, sizeof(buf_type_t));
  (*out)[0] = t;
  *n = 1;
  return BUF_SUCCESS;
}

buf_status_t buf__p_parse_function_type(buf_parser_t *p, buf_type_t *out) {
  if (BUF_FAILED(buf__p_enter(p)))
    return BUF_FAILURE;
  buf_type_t *ins, *outs;
  uint32_t nin, nout;
  buf_status_t s = BUF_FAILURE;
  if (!BUF_FAILED(parse_paren_types(p, &ins, &nin)) &&
      !BUF_FAILED(buf__p_expect(p, "->")) &&
      !BUF_FAILED(buf__p_parse_result_types(p, &outs, &nout))) {
    *out = buf_type_function(p->ctx, nin, ins, nout, outs);
    s = BUF_SUCCESS;
  }
  buf__p_leave(p);
  return s;
}

size_t buf__p_scan_pretty_body(buf_parser_t *p, size_t at) {
  const char *t = p->lx.text;
  size_t n = p->lx.len;
  char stack[64];
  uint32_t depth = 0;
  size_t i = at;
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  loc.col += (uint32_t)(at - p->tok.off);
  while (i < n) {
    char c = t[i];
    /* The body is kept as text and printed as a C string: a NUL byte,
     * even inside a quoted string, would cut it short when printed. */
    if (c == 0) {
      buf__p_error_at(p, loc, "unexpected NUL byte in pretty dialect name");
      return 0;
    }
    if (c == '"') {
      i++;
      while (i < n && t[i] != '"' && t[i] != '\n' && t[i] != 0) {
        if (t[i] == '\\' && i + 1 < n && t[i + 1] != 0)
          i++;
        i++;
      }
      if (i < n && t[i] == 0)
        continue; /* reported above */
      if (i >= n || t[i] != '"')
        break;
      i++;
      continue;
    }
    if (c == '<' || c == '(' || c == '[' || c == '{') {
      if (depth >= sizeof stack) {
        buf__p_error_at(p, loc, "nesting too deep");
        return 0;
      }
      stack[depth++] = c == '<' ? '>' : c == '(' ? ')' : c == '[' ? ']' : '}';
    } else if (c == '>' && i > at && t[i - 1] == '-') {
      /* "->" inside a body is an arrow, not a closer. */
    } else if (c == '>' || c == ')' || c == ']' || c == '}') {
      if (depth == 0 || stack[depth - 1] != c) {
        buf__p_error_at(p, loc,
                        "unbalanced '%c' character in pretty dialect name",
                        depth ? (stack[depth - 1] == '>'   ? '<'
                                 : stack[depth - 1] == ')' ? '('
                                 : stack[depth - 1] == ']' ? '['
                                                           : '{')
                              : c);
        return 0;
      }
      if (--depth == 0)
        return i + 1;
    }
    i++;
  }
  buf__p_error_at(p, loc, "unbalanced '<' character in pretty dialect name");
  return 0;
}

/* The '#' or '!' token at the cursor: an alias (looked up in aliases; *alias
 * receives it) or a dialect attribute/type whose full spelling, pretty body
 * included, is returned in *text / *len (then *alias is NULL). */
buf_status_t buf__p_parse_alias_or_dialect(buf_parser_t *p, buf_pmap_t *aliases,
                                           const void **alias,
                                           const char **text, size_t *len) {
  buf_token_t t = p->tok;
  size_t end = t.off + t.len;
  bool body = end < p->lx.len && p->lx.text[end] == '<';
  bool dotted = memchr(t.s, '.', t.len) != NULL;
  *alias = NULL;
  if (!body && !dotted) {
    buf_ident_t name = buf__p_tok_ident(p, &t, 1);
    const void *a = buf__pmap_get(aliases, name);
    if (!a) {
      buf_loc_t l = buf__p_tok_loc(p, &t);
      l.col += t.len; /* MLIR points after the alias name */
      return buf__p_error_at(p, l, "undefined symbol alias id '%s'", name);
    }
    buf__p_next(p);
    *alias = a;
    return BUF_SUCCESS;
  }
  if (body) {
    size_t e = buf__p_scan_pretty_body(p, end);
    if (!e)
      return BUF_FAILURE;
    end = e;
  }
  *text = t.s;
  *len = end - t.off;
  buf__lexer_advance_from(&p->lx, &t, end);
  buf__p_next(p);
  return BUF_SUCCESS;
}

/* '!' alias or dialect type; the current token is the BANG token. */
static buf_status_t parse_bang_type(buf_parser_t *p, buf_type_t *out) {
  const void *alias;
  const char *text;
  size_t len;
  if (BUF_FAILED(buf__p_parse_alias_or_dialect(p, &p->type_aliases, &alias,
                                               &text, &len)))
    return BUF_FAILURE;
  *out = alias ? (buf_type_t)alias : buf_type_opaque(p->ctx, text, len);
  return BUF_SUCCESS;
}

static buf_status_t parse_type_inner(buf_parser_t *p, buf_type_t *out) {
  buf_token_t t = p->tok;
  if (t.kind == BUF_TK_BANG)
    return parse_bang_type(p, out);
  if (buf__tok_is_punct(&t, "("))
    return buf__p_parse_function_type(p, out);
  if (t.kind != BUF_TK_BARE_ID)
    return buf__p_error_tok(p, "expected non-function type");
  buf_signedness_t sg;
  bool wide;
  uint32_t w = int_type_width(&t, &sg, &wide);
  if (wide)
    return buf__p_error_tok(p, "integer bitwidth is limited to 16777215 bits");
  if (w) {
    buf__p_next(p);
    *out = buf_type_integer(p->ctx, w, sg);
    return BUF_SUCCESS;
  }
  static const struct {
    const char *kw;
    int fk; /* buf_float_kind_t, or -1 */
  } scalars[] = {{"f16", BUF_F16}, {"bf16", BUF_BF16}, {"f32", BUF_F32},
                 {"f64", BUF_F64}, {"index", -1},      {"none", -2}};
  for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
    if (!buf__tok_is_kw(&t, scalars[i].kw))
      continue;
    buf__p_next(p);
    if (scalars[i].fk >= 0)
      *out = buf_type_float(p->ctx, (buf_float_kind_t)scalars[i].fk);
    else if (scalars[i].fk == -1)
      *out = buf_type_index(p->ctx);
    else
      *out = buf_type_none(p->ctx);
    return BUF_SUCCESS;
  }
  if (buf__tok_is_kw(&t, "tensor")) {
    buf__p_next(p);
    return parse_tensor(p, out);
  }
  if (buf__tok_is_kw(&t, "memref")) {
    buf__p_next(p);
    return parse_memref(p, out);
  }
  if (buf__tok_is_kw(&t, "vector")) {
    buf__p_next(p);
    return parse_vector(p, out);
  }
  if (buf__tok_is_kw(&t, "tuple")) {
    buf__p_next(p);
    if (BUF_FAILED(buf__p_expect(p, "<")))
      return BUF_FAILURE;
    buf_type_t *elems = NULL;
    uint32_t n = 0, cap = 0;
    if (!buf__p_is(p, ">")) {
      do {
        buf_type_t e;
        if (BUF_FAILED(buf__p_parse_type(p, &e)))
          return BUF_FAILURE;
        if (n == cap) {
          uint32_t nc = cap ? cap * 2 : 4;
          elems = buf_arena_grow(p->arena, elems, cap, nc, sizeof(buf_type_t));
          cap = nc;
        }
        elems[n++] = e;
      } while (buf__p_accept(p, ","));
    }
    if (BUF_FAILED(buf__p_expect(p, ">")))
      return BUF_FAILURE;
    *out = buf_type_tuple(p->ctx, n, elems);
    return BUF_SUCCESS;
  }
  if (buf__tok_is_kw(&t, "complex"))
    return buf__p_error_tok(p, "complex types are not supported");
  return buf__p_error_tok(p, "expected non-function type");
}

/* The end offset of a shaped type spelled at the current token that the
 * type cache may serve, or 0. Only spellings whose meaning cannot depend on
 * parser state qualify: no aliases ('#', '!'), no strings, no newline (the
 * lexer's line count stays right when the cache skips the text), shallow
 * and short. The closing '>' matching the first '<' ends the type. */
static size_t cacheable_type_end(const buf_parser_t *p) {
  const buf_token_t *t = &p->tok;
  if (t->kind != BUF_TK_BARE_ID || t->len != 6 ||
      (memcmp(t->s, "tensor", 6) != 0 && memcmp(t->s, "memref", 6) != 0 &&
       memcmp(t->s, "vector", 6) != 0))
    return 0;
  const char *text = p->lx.text;
  size_t i = t->off + t->len, n = p->lx.len;
  size_t limit = i + 192 < n ? i + 192 : n;
  if (i >= n || text[i] != '<')
    return 0;
  uint32_t depth = 0;
  for (; i < limit; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c == '<') {
      if (++depth > 4)
        return 0;
    } else if (c == '>') {
      if (--depth == 0)
        return i + 1;
    } else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 (c >= '0' && c <= '9') || c == '?' || c == ',' || c == ' ' ||
                 c == ':' || c == '[' || c == ']' || c == '_' || c == '.')) {
      return 0;
    }
  }
  return 0;
}

static uint32_t span_hash(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h ^ (h >> 15);
}

buf_status_t buf__p_parse_type(buf_parser_t *p, buf_type_t *out) {
  *out = NULL;
  /* The cache answers only where the full parse could not hit the nesting
   * bound (a cached spelling nests at most 4 '<' deep). */
  size_t end = p->tcache && !p->failed && p->nest + 16 <= p->max_depth
                   ? cacheable_type_end(p)
                   : 0;
  buf__tcache_entry_t *ce = NULL;
  if (end) {
    uint32_t len = (uint32_t)(end - p->tok.off);
    ce = &p->tcache[span_hash(p->tok.s, len) & (BUF__TCACHE_SIZE - 1)];
    if (ce->text && ce->len == len && memcmp(ce->text, p->tok.s, len) == 0) {
      buf__lexer_advance_from(&p->lx, &p->tok, end);
      buf__p_next(p);
      *out = ce->type;
      return BUF_SUCCESS;
    }
  }
  if (BUF_FAILED(buf__p_enter(p)))
    return BUF_FAILURE;
  const char *start = p->tok.s;
  buf_status_t s = parse_type_inner(p, out);
  buf__p_leave(p);
  if (BUF_FAILED(s) || p->failed) {
    *out = NULL;
    return BUF_FAILURE;
  }
  if (ce) {
    /* Remember it only when the parse ended exactly at the computed end
     * (nothing but blanks between it and the next token). */
    size_t at = p->tok.off;
    bool exact = at >= end;
    for (size_t i = end; exact && i < at; i++)
      exact = p->lx.text[i] == ' ' || p->lx.text[i] == '\t' ||
              p->lx.text[i] == '\n' || p->lx.text[i] == '\r';
    if (exact) {
      ce->text = start;
      ce->len = (uint32_t)(end - (size_t)(start - p->lx.text));
      ce->type = *out;
    }
  }
  return BUF_SUCCESS;
}
