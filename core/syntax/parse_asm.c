/*
 * parse_asm.c: the op-assembly API of the parser (MLIR's OpAsmParser), the
 * functions custom parse hooks of op definitions call (buf/syntax.h).
 *
 * Every function is a thin layer over the parser's token stream and its
 * type/attribute/region parsers; hooks never see tokens. All of them are
 * no-ops returning failure (or false) once the parser has failed, so a
 * hook that ignores a failure cannot make the parser emit a second error
 * or read past the point of the first one.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parser_internal.h"

buf_ctx_t *buf_parser_ctx(buf_parser_t *p) { return p->ctx; }

buf_loc_t buf_parser_loc(buf_parser_t *p) {
  return buf__p_tok_loc(p, &p->tok);
}

/* The errors of the op-assembly API itself (a hook's own errors, a
 * missing keyword) are MLIR's OpAsmParser::emitError: inside a custom parse
 * hook they start with "custom op 'name' ". Errors of the parts the hook
 * asks the parser for (types, attributes, punctuation) do not, as
 * upstream. */
static buf_status_t custom_errorv(buf_parser_t *p, buf_loc_t loc,
                                  const char *fmt, va_list ap) {
  if (p->failed)
    return BUF_FAILURE;
  p->failed = true;
  if (!p->custom_op) {
    buf_emitv(p->ctx, BUF_SEV_ERROR, loc, fmt, ap);
    return BUF_FAILURE;
  }
  va_list cp;
  va_copy(cp, ap);
  int n = vsnprintf(NULL, 0, fmt, cp);
  va_end(cp);
  char *msg = buf_arena_alloc(p->arena, (size_t)(n > 0 ? n : 0) + 1);
  vsnprintf(msg, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
  buf_emit_error(p->ctx, loc, "custom op '%s' %s", p->custom_op, msg);
  return BUF_FAILURE;
}

buf_status_t buf_parser_error(buf_parser_t *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_status_t s = custom_errorv(p, buf__p_tok_loc(p, &p->tok), fmt, ap);
  va_end(ap);
  return s;
}

buf_status_t buf_parser_error_at(buf_parser_t *p, buf_loc_t loc,
                                 const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_status_t s = custom_errorv(p, loc, fmt, ap);
  va_end(ap);
  return s;
}

/* A missing keyword: at the token found instead (OpAsmParser's
 * getCurrentLocation), unless the lexer already failed there. */
static buf_status_t keyword_error(buf_parser_t *p, const char *fmt, ...) {
  if (p->tok.kind == BUF_TK_ERROR)
    return buf__p_error_tok(p, "%s", "");
  va_list ap;
  va_start(ap, fmt);
  buf_status_t s = custom_errorv(p, buf__p_tok_loc(p, &p->tok), fmt, ap);
  va_end(ap);
  return s;
}

/* ------------------------------------------------------------------------ */
/* Punctuation and keywords                                                  */
/* ------------------------------------------------------------------------ */

bool buf_parse_optional(buf_parser_t *p, const char *punct) {
  return buf__p_accept(p, punct);
}

buf_status_t buf_parse_expect(buf_parser_t *p, const char *punct) {
  return buf__p_expect(p, punct);
}

bool buf_parse_optional_keyword(buf_parser_t *p, const char *kw) {
  if (p->failed || !buf__p_is_kw(p, kw))
    return false;
  buf__p_next(p);
  return true;
}

buf_status_t buf_parse_keyword(buf_parser_t *p, const char *kw) {
  if (p->failed)
    return BUF_FAILURE;
  if (buf_parse_optional_keyword(p, kw))
    return BUF_SUCCESS;
  return keyword_error(p, "expected '%s'", kw);
}

bool buf_parse_optional_any_keyword(buf_parser_t *p, buf_ident_t *out) {
  if (p->failed || p->tok.kind != BUF_TK_BARE_ID)
    return false;
  *out = buf__p_tok_ident(p, &p->tok, 0);
  buf__p_next(p);
  return true;
}

buf_status_t buf_parse_any_keyword(buf_parser_t *p, buf_ident_t *out) {
  if (p->failed)
    return BUF_FAILURE;
  if (buf_parse_optional_any_keyword(p, out))
    return BUF_SUCCESS;
  return keyword_error(p, "expected valid keyword");
}

bool buf_parser_next_is(buf_parser_t *p, const char *punct) {
  return !p->failed && buf__p_is(p, punct);
}

bool buf_parser_next_is_keyword(buf_parser_t *p, const char *kw) {
  return !p->failed && buf__p_is_kw(p, kw);
}

bool buf_parser_next_is_operand(buf_parser_t *p) {
  return !p->failed && p->tok.kind == BUF_TK_PERCENT;
}

bool buf_parser_next_is_integer(buf_parser_t *p) {
  if (p->failed)
    return false;
  if (p->tok.kind == BUF_TK_INTEGER)
    return true;
  if (!buf__p_is(p, "-"))
    return false;
  buf_token_t nx = buf__p_peek(p);
  return nx.kind == BUF_TK_INTEGER;
}

bool buf_parser_next_is_region(buf_parser_t *p) {
  return !p->failed && buf__p_is(p, "{");
}

/* ------------------------------------------------------------------------ */
/* Literals and symbols                                                      */
/* ------------------------------------------------------------------------ */

bool buf_parse_optional_integer(buf_parser_t *p, int64_t *out) {
  if (!buf_parser_next_is_integer(p))
    return false;
  bool neg = buf__p_accept(p, "-");
  uint64_t v;
  if (BUF_FAILED(buf__p_int_value(p, &p->tok, &v)))
    return false;
  if (v > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) {
    buf__p_error_tok(p, "integer value too large");
    return false;
  }
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  buf__p_next(p);
  return true;
}

buf_status_t buf_parse_integer(buf_parser_t *p, int64_t *out) {
  if (p->failed)
    return BUF_FAILURE;
  if (buf_parse_optional_integer(p, out))
    return BUF_SUCCESS;
  return buf__p_error_tok(p, "expected integer value");
}

buf_status_t buf_parse_integer_of_width(buf_parser_t *p, uint32_t width,
                                        int64_t *out) {
  if (p->failed)
    return BUF_FAILURE;
  if (!buf_parser_next_is_integer(p))
    return buf__p_error_tok(p, "expected integer value");
  assert(width >= 1 && width <= 64);
  bool neg = buf__p_accept(p, "-");
  uint64_t v;
  if (BUF_FAILED(buf__p_int_value(p, &p->tok, &v)))
    return BUF_FAILURE;
  uint64_t max = width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
  uint64_t min_magnitude = UINT64_C(1) << (width - 1);
  if (neg ? v > min_magnitude : v > max)
    return buf__p_error_tok(p, "integer value too large for a %u-bit integer",
                            width);
  uint64_t bits = (neg ? 0 - v : v) & max;
  /* Sign-extend the width-bit pattern. */
  if (width < 64 && (bits & min_magnitude))
    bits |= ~max;
  *out = (int64_t)bits;
  buf__p_next(p);
  return BUF_SUCCESS;
}

buf_status_t buf_parse_string(buf_parser_t *p, const char **out,
                              size_t *len) {
  if (p->failed)
    return BUF_FAILURE;
  if (p->tok.kind != BUF_TK_STRING)
    return buf__p_error_tok(p, "expected string");
  size_t n;
  *out = buf__p_decode_string(p, &p->tok, &n);
  if (len)
    *len = n;
  buf__p_next(p);
  return BUF_SUCCESS;
}

bool buf_parse_optional_symbol_name(buf_parser_t *p, buf_ident_t *out) {
  if (p->failed || p->tok.kind != BUF_TK_AT)
    return false;
  if (p->tok.len > 1 && p->tok.s[1] == '"') {
    size_t n;
    char *s = buf__p_decode_string(p, &p->tok, &n);
    *out = buf_ident(p->ctx, s, n);
  } else {
    *out = buf__p_tok_ident(p, &p->tok, 1);
  }
  buf__p_next(p);
  return true;
}

buf_status_t buf_parse_symbol_name(buf_parser_t *p, buf_ident_t *out) {
  if (p->failed)
    return BUF_FAILURE;
  if (buf_parse_optional_symbol_name(p, out))
    return BUF_SUCCESS;
  return buf__p_error_tok(p, "expected valid '@'-identifier for symbol name");
}

/* ------------------------------------------------------------------------ */
/* Types                                                                     */
/* ------------------------------------------------------------------------ */

buf_status_t buf_parse_type(buf_parser_t *p, buf_type_t *out) {
  return buf__p_parse_type(p, out);
}

bool buf_parse_optional_type(buf_parser_t *p, buf_type_t *out) {
  if (p->failed || !buf__p_starts_type(p))
    return false;
  return !BUF_FAILED(buf__p_parse_type(p, out));
}

buf_status_t buf_parse_colon_type(buf_parser_t *p, buf_type_t *out) {
  if (BUF_FAILED(buf__p_expect(p, ":")))
    return BUF_FAILURE;
  return buf__p_parse_type(p, out);
}

/* Appends t to an arena array. */
static void push_type(buf_parser_t *p, buf_type_t **arr, uint32_t *n,
                      uint32_t *cap, buf_type_t t) {
  if (*n == *cap) {
    uint32_t nc = *cap ? *cap * 2 : 4;
    *arr = buf_arena_grow(buf_ctx_scratch(p->ctx), *arr, *cap, nc,
                          sizeof(buf_type_t));
    *cap = nc;
  }
  (*arr)[(*n)++] = t;
}

buf_status_t buf_parse_type_list(buf_parser_t *p, buf_type_t **out,
                                 uint32_t *n) {
  *out = NULL;
  *n = 0;
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_starts_type(p))
    return BUF_SUCCESS;
  uint32_t cap = 0;
  do {
    buf_type_t t;
    if (BUF_FAILED(buf__p_parse_type(p, &t)))
      return BUF_FAILURE;
    push_type(p, out, n, &cap, t);
  } while (buf__p_accept(p, ","));
  return BUF_SUCCESS;
}

buf_status_t buf_parse_colon_type_list(buf_parser_t *p, buf_type_t **out,
                                       uint32_t *n) {
  *out = NULL;
  *n = 0;
  if (BUF_FAILED(buf__p_expect(p, ":")))
    return BUF_FAILURE;
  uint32_t cap = 0;
  do {
    buf_type_t t;
    if (BUF_FAILED(buf__p_parse_type(p, &t)))
      return BUF_FAILURE;
    push_type(p, out, n, &cap, t);
  } while (buf__p_accept(p, ","));
  return BUF_SUCCESS;
}

buf_status_t buf_parse_optional_arrow_type_list(buf_parser_t *p,
                                                buf_type_t **out,
                                                uint32_t *n) {
  *out = NULL;
  *n = 0;
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_accept(p, "->"))
    return BUF_SUCCESS;
  return buf__p_parse_result_types(p, out, n);
}

buf_status_t buf_parse_function_result_list(buf_parser_t *p, buf_type_t **out,
                                            buf_attr_t **attrs, uint32_t *n) {
  *out = NULL;
  *n = 0;
  if (attrs)
    *attrs = NULL;
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_is(p, "(")) {
    buf_type_t t;
    if (BUF_FAILED(buf__p_parse_type(p, &t)))
      return BUF_FAILURE;
    *out = buf_arena_alloc(p->arena, sizeof(buf_type_t));
    (*out)[0] = t;
    *n = 1;
    if (attrs)
      *attrs = buf_arena_alloc(p->arena, sizeof(buf_attr_t));
    return BUF_SUCCESS;
  }
  buf__p_next(p);
  uint32_t cap = 0;
  buf_attr_t *as = NULL;
  if (!buf__p_is(p, ")")) {
    do {
      buf_type_t t;
      if (BUF_FAILED(buf__p_parse_type(p, &t)))
        return BUF_FAILURE;
      uint32_t old_cap = cap;
      push_type(p, out, n, &cap, t);
      if (cap != old_cap)
        as = buf_arena_grow(p->arena, as, old_cap, cap, sizeof(buf_attr_t));
      if (buf__p_is(p, "{") &&
          BUF_FAILED(buf__p_parse_dict_attr(p, &as[*n - 1])))
        return BUF_FAILURE;
    } while (buf__p_accept(p, ","));
  }
  if (BUF_FAILED(buf__p_expect(p, ")")))
    return BUF_FAILURE;
  if (attrs)
    *attrs = as ? as : buf_arena_alloc(p->arena, sizeof(buf_attr_t));
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Attributes                                                                */
/* ------------------------------------------------------------------------ */

buf_status_t buf_parse_attr(buf_parser_t *p, buf_attr_t *out) {
  return buf__p_parse_attr(p, NULL, out);
}

buf_status_t buf_parse_attr_of_type(buf_parser_t *p, buf_type_t type,
                                    buf_attr_t *out) {
  return buf__p_parse_attr(p, type, out);
}

bool buf_parse_optional_attr(buf_parser_t *p, buf_attr_t *out) {
  if (p->failed || !buf__p_starts_attr(p))
    return false;
  return !BUF_FAILED(buf__p_parse_attr(p, NULL, out));
}

/* A dictionary, or an alias of one (`#trait` after `#trait = {...}`), which
 * mlir-opt accepts wherever a custom form reads an attribute dictionary
 * (linalg.generic #trait ins(...)). */
buf_status_t buf_parse_attr_dict(buf_parser_t *p, buf_attr_t *out) {
  if (p->tok.kind != BUF_TK_HASH)
    return buf__p_parse_dict_attr(p, out);
  buf_loc_t loc = buf_parser_loc(p);
  if (BUF_FAILED(buf__p_parse_attr(p, NULL, out)))
    return BUF_FAILURE;
  if (!*out || (*out)->kind != BUF_ATTR_DICT)
    return buf__p_error_at(p, loc, "expected a dictionary attribute");
  return BUF_SUCCESS;
}

/* Merges dictionary entries into st; a key already set is an error. */
static buf_status_t merge_dict(buf_parser_t *p, buf_op_state_t *st,
                               buf_loc_t loc) {
  buf_named_attr_t *es;
  uint32_t n;
  if (BUF_FAILED(buf__p_parse_dict_entries(p, &es, &n)))
    return BUF_FAILURE;
  for (uint32_t i = 0; i < n; i++) {
    if (buf_state_get_attr(st, es[i].name))
      return buf__p_error_at(p, loc, "duplicate key '%s' in dictionary "
                                     "attribute", es[i].name);
    buf_state_set_attr(st, es[i].name, es[i].value);
  }
  return BUF_SUCCESS;
}

buf_status_t buf_parse_optional_attr_dict(buf_parser_t *p,
                                          buf_op_state_t *st) {
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_is(p, "{"))
    return BUF_SUCCESS;
  return merge_dict(p, st, buf__p_tok_loc(p, &p->tok));
}

buf_status_t buf_parse_optional_attr_dict_with_keyword(buf_parser_t *p,
                                                       buf_op_state_t *st) {
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_is_kw(p, "attributes"))
    return BUF_SUCCESS;
  buf__p_next(p);
  if (!buf__p_is(p, "{"))
    return buf__p_error_tok(p, "expected '{'");
  return merge_dict(p, st, buf__p_tok_loc(p, &p->tok));
}

/* ------------------------------------------------------------------------ */
/* Operands                                                                  */
/* ------------------------------------------------------------------------ */

bool buf_parse_optional_operand(buf_parser_t *p, buf_unresolved_t *out) {
  if (p->failed || p->tok.kind != BUF_TK_PERCENT)
    return false;
  out->name = buf__p_tok_ident(p, &p->tok, 1);
  out->loc = buf__p_tok_loc(p, &p->tok);
  out->number = 0;
  size_t end = p->tok.off + p->tok.len;
  buf__p_next(p);
  if (p->tok.kind == BUF_TK_HASH && p->tok.off == end) {
    /* %name#N: the adjacent hash token must be all digits. */
    const buf_token_t *t = &p->tok;
    bool digits = t->len > 1;
    uint64_t v = 0;
    for (uint32_t i = 1; i < t->len && digits; i++) {
      if (t->s[i] < '0' || t->s[i] > '9')
        digits = false;
      else if ((v = v * 10 + (uint64_t)(t->s[i] - '0')) > (1u << 24))
        digits = false;
    }
    if (!digits) {
      buf__p_error_tok(p, "invalid SSA value result number");
      return false;
    }
    out->number = (uint32_t)v;
    buf__p_next(p);
  }
  return true;
}

buf_status_t buf_parse_operand(buf_parser_t *p, buf_unresolved_t *out) {
  if (p->failed)
    return BUF_FAILURE;
  if (buf_parse_optional_operand(p, out))
    return BUF_SUCCESS;
  return buf__p_error_tok(p, "expected SSA operand");
}

buf_status_t buf_parse_operand_list(buf_parser_t *p, const char *delimiter,
                                    buf_unresolved_t **out, uint32_t *n) {
  *out = NULL;
  *n = 0;
  if (p->failed)
    return BUF_FAILURE;
  const char *close = NULL;
  if (delimiter) {
    close = strcmp(delimiter, "[") == 0 ? "]" : ")";
    if (BUF_FAILED(buf__p_expect(p, delimiter)))
      return BUF_FAILURE;
    if (buf__p_accept(p, close))
      return BUF_SUCCESS;
    if (p->tok.kind != BUF_TK_PERCENT)
      return buf__p_error_tok(p, "expected '%s' to end operand list", close);
  } else if (p->tok.kind != BUF_TK_PERCENT) {
    return BUF_SUCCESS;
  }
  uint32_t cap = 0;
  do {
    buf_unresolved_t u;
    if (BUF_FAILED(buf_parse_operand(p, &u)))
      return BUF_FAILURE;
    if (*n == cap) {
      uint32_t nc = cap ? cap * 2 : 4;
      *out = buf_arena_grow(buf_ctx_scratch(p->ctx), *out, cap, nc,
                            sizeof(buf_unresolved_t));
      cap = nc;
    }
    (*out)[(*n)++] = u;
  } while (buf__p_accept(p, ","));
  if (close && !buf__p_accept(p, close))
    return buf__p_error_tok(p, "expected '%s' to end operand list", close);
  return BUF_SUCCESS;
}

buf_status_t buf_parse_resolve(buf_parser_t *p, const buf_unresolved_t *u,
                               buf_type_t type, buf_value_t **out) {
  return buf__p_resolve(p, u, type, out);
}

buf_status_t buf_parse_resolve_operands(buf_parser_t *p,
                                        const buf_unresolved_t *operands,
                                        uint32_t n, const buf_type_t *types,
                                        uint32_t num_types,
                                        buf_op_state_t *st) {
  if (p->failed)
    return BUF_FAILURE;
  if (n != num_types)
    return buf__p_error_at(p, n ? operands[0].loc : buf__p_tok_loc(p, &p->tok),
                           "%u operands present, but expected %u", n,
                           num_types);
  for (uint32_t i = 0; i < n; i++) {
    buf_value_t *v;
    if (BUF_FAILED(buf__p_resolve(p, &operands[i], types[i], &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  return BUF_SUCCESS;
}

buf_status_t buf_parse_resolve_operands_same(buf_parser_t *p,
                                             const buf_unresolved_t *operands,
                                             uint32_t n, buf_type_t type,
                                             buf_op_state_t *st) {
  if (p->failed)
    return BUF_FAILURE;
  for (uint32_t i = 0; i < n; i++) {
    buf_value_t *v;
    if (BUF_FAILED(buf__p_resolve(p, &operands[i], type, &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Regions                                                                   */
/* ------------------------------------------------------------------------ */

buf_status_t buf_parse_region_arg(buf_parser_t *p, bool with_type,
                                  buf_region_arg_t *out) {
  memset(out, 0, sizeof *out);
  if (p->failed)
    return BUF_FAILURE;
  if (p->tok.kind != BUF_TK_PERCENT)
    return buf__p_error_tok(p, "expected SSA operand");
  out->name.name = buf__p_tok_ident(p, &p->tok, 1);
  out->name.loc = buf__p_tok_loc(p, &p->tok);
  buf__p_next(p);
  if (!with_type)
    return BUF_SUCCESS;
  if (BUF_FAILED(buf__p_expect(p, ":")) ||
      BUF_FAILED(buf__p_parse_type(p, &out->type)))
    return BUF_FAILURE;
  if (buf__p_is(p, "{") && BUF_FAILED(buf__p_parse_dict_attr(p, &out->attrs)))
    return BUF_FAILURE;
  buf_loc_t l = BUF_LOC_UNKNOWN;
  p->deferred_alias = NULL;
  if (BUF_FAILED(buf__p_parse_optional_trailing_loc(p, &l)))
    return BUF_FAILURE;
  /* A location alias defined later in the file is not resolved here (the
   * argument does not exist yet); mlir-opt prints argument locations
   * inline, so that case only loses the location. */
  if (!p->deferred_alias)
    out->loc = l;
  p->deferred_alias = NULL;
  return BUF_SUCCESS;
}

buf_status_t buf_parse_region_arg_list(buf_parser_t *p, const char *delimiter,
                                       bool with_types, buf_region_arg_t **out,
                                       uint32_t *n) {
  *out = NULL;
  *n = 0;
  if (p->failed)
    return BUF_FAILURE;
  const char *close = NULL;
  if (delimiter) {
    close = strcmp(delimiter, "[") == 0 ? "]" : ")";
    if (BUF_FAILED(buf__p_expect(p, delimiter)))
      return BUF_FAILURE;
    if (buf__p_accept(p, close))
      return BUF_SUCCESS;
  } else if (p->tok.kind != BUF_TK_PERCENT) {
    return BUF_SUCCESS;
  }
  uint32_t cap = 0;
  do {
    if (buf__p_is(p, "..."))
      return buf__p_error_tok(p, "variadic argument lists are not supported");
    buf_region_arg_t a;
    if (BUF_FAILED(buf_parse_region_arg(p, with_types, &a)))
      return BUF_FAILURE;
    if (*n == cap) {
      uint32_t nc = cap ? cap * 2 : 4;
      *out = buf_arena_grow(buf_ctx_scratch(p->ctx), *out, cap, nc,
                            sizeof(buf_region_arg_t));
      cap = nc;
    }
    (*out)[(*n)++] = a;
  } while (buf__p_accept(p, ","));
  if (close)
    return buf__p_expect(p, close);
  return BUF_SUCCESS;
}

buf_status_t buf_parse_region(buf_parser_t *p, buf_region_t *region,
                              const buf_region_arg_t *args,
                              uint32_t num_args) {
  if (p->failed)
    return BUF_FAILURE;
  for (uint32_t i = 0; args && i < num_args; i++)
    if (!args[i].type)
      return buf__p_error_at(p, args[i].name.loc,
                             "region argument '%%%s' has no type",
                             args[i].name.name);
  return buf__p_parse_region(p, region, args, num_args);
}

buf_status_t buf_parse_successor(buf_parser_t *p, buf_op_state_t *st) {
  buf_block_t *b;
  if (BUF_FAILED(buf__p_parse_successor_ref(p, &b)))
    return BUF_FAILURE;
  buf_state_add_successor(st, b);
  return BUF_SUCCESS;
}

void buf_region_ensure_terminator(buf_ctx_t *ctx, buf_region_t *region,
                                  const char *terminator_name, buf_loc_t loc) {
  if (!region)
    return;
  if (!region->first) {
    buf_block_t *b = buf_block_create(ctx);
    buf_region_append_block(region, b);
  }
  for (buf_block_t *b = region->first; b; b = b->next) {
    if (b->last && buf_op_has_trait(b->last, BUF_TRAIT_TERMINATOR))
      continue;
    buf_op_state_t st;
    buf_state_init(&st, ctx, terminator_name, loc);
    buf_block_append_op(b, buf_op_create(&st));
  }
}

buf_status_t buf_parse_dynamic_index_list(buf_parser_t *p,
                                          buf_unresolved_t **dyn,
                                          uint32_t *num_dyn,
                                          buf_attr_t *static_values) {
  *dyn = NULL;
  *num_dyn = 0;
  *static_values = NULL;
  if (BUF_FAILED(buf__p_expect(p, "[")))
    return BUF_FAILURE;
  int64_t *vals = NULL;
  uint32_t n = 0, cap = 0, dcap = 0;
  if (!buf__p_is(p, "]")) {
    do {
      int64_t v;
      if (p->tok.kind == BUF_TK_PERCENT) {
        buf_unresolved_t u;
        if (BUF_FAILED(buf_parse_operand(p, &u)))
          return BUF_FAILURE;
        if (*num_dyn == dcap) {
          uint32_t nc = dcap ? dcap * 2 : 4;
          *dyn = buf_arena_grow(buf_ctx_scratch(p->ctx), *dyn, dcap, nc,
                                sizeof(buf_unresolved_t));
          dcap = nc;
        }
        (*dyn)[(*num_dyn)++] = u;
        v = BUF_DYNAMIC;
      } else if (BUF_FAILED(buf_parse_integer(p, &v))) {
        return BUF_FAILURE;
      }
      if (n == cap) {
        uint32_t nc = cap ? cap * 2 : 4;
        vals = buf_arena_grow(buf_ctx_scratch(p->ctx), vals, cap, nc,
                              sizeof(int64_t));
        cap = nc;
      }
      vals[n++] = v;
    } while (buf__p_accept(p, ","));
  }
  if (BUF_FAILED(buf__p_expect(p, "]")))
    return BUF_FAILURE;
  *static_values = buf_attr_i64_array(p->ctx, n, vals);
  return BUF_SUCCESS;
}
