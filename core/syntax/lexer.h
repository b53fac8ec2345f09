/*
 * lexer.h: the tokenizer of MLIR's textual syntax (internal to core/syntax).
 *
 * The lexer turns a byte buffer into tokens on demand, one at a time. It
 * never allocates and never fails: malformed input becomes a BUF_TK_ERROR
 * token whose `msg` says what is wrong, and the parser reports it at the
 * token's location. Every call to buf__lex advances by at least one byte
 * unless it returns BUF_TK_EOF, so loops driven by tokens terminate.
 *
 * Tokens never span lines (MLIR strings cannot hold a raw newline), which is
 * what lets the parser re-lex from inside a token (the dimension lists of
 * shaped types, "4x?xf32", need that) with buf__lexer_reset.
 */
#ifndef BUF_SYNTAX_LEXER_H
#define BUF_SYNTAX_LEXER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum buf_token_kind {
  BUF_TK_EOF,
  BUF_TK_ERROR,   /* malformed input; msg explains */
  BUF_TK_BARE_ID, /* foo, func.func, i32, x4xf32 */
  BUF_TK_PERCENT, /* %name (spelling includes '%') */
  BUF_TK_CARET,   /* ^bb0 */
  BUF_TK_AT,      /* @sym or @"quoted" */
  BUF_TK_HASH,    /* #map, #1, #gpu.memory_space */
  BUF_TK_BANG,    /* !alias, !dialect.type */
  BUF_TK_INTEGER, /* 42, 0x2A (no sign) */
  BUF_TK_FLOAT,   /* 1.5, 2.0e-3 (no sign) */
  BUF_TK_STRING,  /* "..." (spelling includes the quotes, escapes raw) */
  BUF_TK_PUNCT,   /* ( ) [ ] { } < > : , = -> * ? + - ... | :: */
} buf_token_kind_t;

typedef struct buf_token {
  buf_token_kind_t kind;
  const char *s;     /* first byte of the spelling, inside the buffer */
  uint32_t len;      /* spelling length in bytes */
  uint32_t line;     /* 1-based line, already offset by first_line - 1 */
  uint32_t col;      /* 1-based byte column */
  size_t off;        /* byte offset of s in the buffer */
  size_t line_start; /* byte offset of the first byte of the token's line */
  const char *msg;   /* BUF_TK_ERROR only: static message */
} buf_token_t;

typedef struct buf_lexer {
  const char *text;  /* the whole buffer (not NUL-terminated) */
  size_t len;
  size_t pos;        /* next byte to lex */
  uint32_t line;     /* line of pos (offset by first_line - 1) */
  size_t line_start; /* offset of the first byte of pos's line */
} buf_lexer_t;

/* Starts lexing text[0..len) whose first line is numbered first_line. */
void buf__lexer_init(buf_lexer_t *lx, const char *text, size_t len,
                     uint32_t first_line);
/* Lexes the next token into *t, skipping whitespace and // comments. */
void buf__lex(buf_lexer_t *lx, buf_token_t *t);
/* Moves the lexer to byte offset pos of tok's line (pos must lie within or
 * right after tok), so that the next buf__lex starts there. */
void buf__lexer_reset_in_token(buf_lexer_t *lx, const buf_token_t *tok,
                               size_t pos);
/* Moves the lexer forward from the end of tok to pos (pos >= tok end),
 * counting the newlines in between. */
void buf__lexer_advance_from(buf_lexer_t *lx, const buf_token_t *tok,
                             size_t pos);
/* True when tok's spelling is exactly s. Token bytes are never NUL, so a
 * shorter s fails at its NUL and a longer one at the final test. A plain
 * loop, inline: these tests run for nearly every token, with short
 * spellings that a strlen and memcmp call would cost more than. */
static inline int buf__tok_spelled(const buf_token_t *tok, const char *s) {
  for (uint32_t i = 0; i < tok->len; i++)
    if (tok->s[i] != s[i])
      return 0;
  return s[tok->len] == 0;
}
/* True when tok is punctuation spelled exactly p (the parser's hottest
 * test). */
static inline int buf__tok_is_punct(const buf_token_t *tok, const char *p) {
  return tok->kind == BUF_TK_PUNCT && buf__tok_spelled(tok, p);
}
/* True when tok is a bare identifier spelled exactly kw. */
static inline int buf__tok_is_kw(const buf_token_t *tok, const char *kw) {
  return tok->kind == BUF_TK_BARE_ID && buf__tok_spelled(tok, kw);
}

#endif /* BUF_SYNTAX_LEXER_H */
