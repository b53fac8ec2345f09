/*
 * lexer.c: the tokenizer of MLIR's textual syntax.
 *
 * Follows MLIR's lexer: bare identifiers are [a-zA-Z_][a-zA-Z0-9_$.]*,
 * prefixed identifiers (%, ^, #, !) take a suffix that is either digits or
 * [a-zA-Z$._-][a-zA-Z0-9$._-]*, '@' takes a suffix or a string, numbers are
 * unsigned (the parser handles '-'), and "4x4xf32" lexes as 4 followed by
 * the identifier x4xf32 which the shape parser splits by re-lexing.
 *
 * Invariant: each token that is not EOF consumes at least one byte, and no
 * token spans a newline.
 */
#include "lexer.h"

#include <string.h>

void buf__lexer_init(buf_lexer_t *lx, const char *text, size_t len,
                     uint32_t first_line) {
  lx->text = text;
  lx->len = len;
  lx->pos = 0;
  lx->line = first_line ? first_line : 1;
  lx->line_start = 0;
}

/* Character classes, one table lookup per byte on the hot paths. */
enum {
  C_ALPHA = 1,  /* a-z A-Z */
  C_DIGIT = 2,  /* 0-9 */
  C_HEX = 4,    /* 0-9 a-f A-F */
  C_BARE = 8,   /* continues a bare identifier: alnum _ $ . */
  C_SUFFIX = 16 /* continues a prefixed identifier: alnum $ . _ - */
};

#define ALPHA_ (C_ALPHA | C_BARE | C_SUFFIX)
#define HEXALPHA_ (ALPHA_ | C_HEX)
#define DIGIT_ (C_DIGIT | C_HEX | C_BARE | C_SUFFIX)
static const unsigned char char_class[256] = {
    ['0'] = DIGIT_, ['1'] = DIGIT_, ['2'] = DIGIT_, ['3'] = DIGIT_,
    ['4'] = DIGIT_, ['5'] = DIGIT_, ['6'] = DIGIT_, ['7'] = DIGIT_,
    ['8'] = DIGIT_, ['9'] = DIGIT_,
    ['a'] = HEXALPHA_, ['b'] = HEXALPHA_, ['c'] = HEXALPHA_, ['d'] = HEXALPHA_,
    ['e'] = HEXALPHA_, ['f'] = HEXALPHA_, ['g'] = ALPHA_, ['h'] = ALPHA_,
    ['i'] = ALPHA_, ['j'] = ALPHA_, ['k'] = ALPHA_, ['l'] = ALPHA_,
    ['m'] = ALPHA_, ['n'] = ALPHA_, ['o'] = ALPHA_, ['p'] = ALPHA_,
    ['q'] = ALPHA_, ['r'] = ALPHA_, ['s'] = ALPHA_, ['t'] = ALPHA_,
    ['u'] = ALPHA_, ['v'] = ALPHA_, ['w'] = ALPHA_, ['x'] = ALPHA_,
    ['y'] = ALPHA_, ['z'] = ALPHA_,
    ['A'] = HEXALPHA_, ['B'] = HEXALPHA_, ['C'] = HEXALPHA_, ['D'] = HEXALPHA_,
    ['E'] = HEXALPHA_, ['F'] = HEXALPHA_, ['G'] = ALPHA_, ['H'] = ALPHA_,
    ['I'] = ALPHA_, ['J'] = ALPHA_, ['K'] = ALPHA_, ['L'] = ALPHA_,
    ['M'] = ALPHA_, ['N'] = ALPHA_, ['O'] = ALPHA_, ['P'] = ALPHA_,
    ['Q'] = ALPHA_, ['R'] = ALPHA_, ['S'] = ALPHA_, ['T'] = ALPHA_,
    ['U'] = ALPHA_, ['V'] = ALPHA_, ['W'] = ALPHA_, ['X'] = ALPHA_,
    ['Y'] = ALPHA_, ['Z'] = ALPHA_,
    ['_'] = C_BARE | C_SUFFIX, ['$'] = C_BARE | C_SUFFIX,
    ['.'] = C_BARE | C_SUFFIX, ['-'] = C_SUFFIX,
};
#undef ALPHA_
#undef HEXALPHA_
#undef DIGIT_

static int is_alpha(int c) { return char_class[c & 0xff] & C_ALPHA; }
static int is_digit(int c) { return char_class[c & 0xff] & C_DIGIT; }
static int is_hex(int c) { return char_class[c & 0xff] & C_HEX; }
static int is_suffix_char(int c) { return char_class[c & 0xff] & C_SUFFIX; }

/* Peeks at byte i (0 beyond the end). */
static int at(const buf_lexer_t *lx, size_t i) {
  return i < lx->len ? (unsigned char)lx->text[i] : 0;
}

/* Fills *t with the token [start, end) and moves past it. */
static void make(buf_lexer_t *lx, buf_token_t *t, buf_token_kind_t kind,
                 size_t start, size_t end) {
  t->kind = kind;
  t->s = lx->text + start;
  t->len = (uint32_t)(end - start);
  t->line = lx->line;
  t->col = (uint32_t)(start - lx->line_start + 1);
  t->off = start;
  t->line_start = lx->line_start;
  t->msg = NULL;
  lx->pos = end;
}

static void error_tok(buf_lexer_t *lx, buf_token_t *t, size_t start,
                      size_t end, const char *msg) {
  if (end <= start)
    end = start + 1; /* always make progress */
  if (end > lx->len)
    end = lx->len;
  make(lx, t, BUF_TK_ERROR, start, end);
  t->msg = msg;
}

/* An error token reported at byte err (where a string literal broke off);
 * it still consumes at least one byte so lexing makes progress. */
static void error_at(buf_lexer_t *lx, buf_token_t *t, size_t err,
                     const char *msg) {
  size_t start = err < lx->len ? err : (lx->len ? lx->len - 1 : 0);
  if (err >= lx->len && lx->len && lx->text[start] == '\n')
    err = start; /* never point past the buffer */
  error_tok(lx, t, err < lx->len ? err : start, err + 1, msg);
}

/* Skips whitespace and comments, keeping line numbers. */
static void skip_space(buf_lexer_t *lx) {
  const char *t = lx->text;
  size_t pos = lx->pos, n = lx->len;
  while (pos < n) {
    char c = t[pos];
    if (c == ' ') {
      pos++;
    } else if (c == '\n') {
      pos++;
      lx->line++;
      lx->line_start = pos;
    } else if (c == '\t' || c == '\r' || c == '\v' || c == '\f') {
      pos++;
    } else if (c == '/' && pos + 1 < n && t[pos + 1] == '/') {
      const char *nl = memchr(t + pos, '\n', n - pos);
      pos = nl ? (size_t)(nl - t) : n;
    } else {
      break;
    }
  }
  lx->pos = pos;
}

/* Bytes of w that are zero have their high bit set in the result (and
 * maybe a byte above one that is: only "any" is meant). */
static uint64_t zero_bytes(uint64_t w) {
  return (w - UINT64_C(0x0101010101010101)) & ~w & UINT64_C(0x8080808080808080);
}

/* The first offset from i, in steps of eight bytes, of a word that may
 * hold a byte a string literal does not simply pass: '"', '\\' or a
 * control character (byte below 0x20). Eight bytes per step with word
 * arithmetic: a weight blob's text is the biggest part of a model. */
static size_t skip_plain_words(const unsigned char *text, size_t i, size_t len) {
  const uint64_t ones = UINT64_C(0x0101010101010101);
  for (; i + 8 <= len; i += 8) {
    uint64_t w;
    memcpy(&w, text + i, 8);
    if (zero_bytes(w ^ ('"' * ones)) | zero_bytes(w ^ ('\\' * ones)) |
        ((w - 0x20 * ones) & ~w & UINT64_C(0x8080808080808080)))
      break;
  }
  return i;
}

/* Lexes the rest of a string starting at the opening quote at start; returns
 * the end offset (after the closing quote) or 0 on error. */
static size_t scan_string(buf_lexer_t *lx, size_t start, const char **msg,
                          size_t *err) {
  size_t i = start + 1;
  const unsigned char *text = (const unsigned char *)lx->text;
  for (;;) {
    /* A weight blob is hundreds of megabytes of hex digits: pass them
     * eight at a time, then byte by byte up to the character that ends
     * the run. */
    i = skip_plain_words(text, i, lx->len);
    while (i < lx->len && (char_class[text[i]] & C_HEX))
      i++;
    *err = i;
    if (i >= lx->len) {
      *msg = "expected '\"' in string literal";
      return 0;
    }
    int c = at(lx, i);
    if (c == '"')
      return i + 1;
    if (c == '\n' || c == '\v' || c == '\f' || c == 0) {
      *msg = "expected '\"' in string literal";
      return 0;
    }
    if (c == '\\') {
      int d = at(lx, i + 1);
      if (d == '"' || d == '\\' || d == 'n' || d == 't') {
        i += 2;
      } else if (is_hex(d) && is_hex(at(lx, i + 2))) {
        i += 3;
      } else {
        *msg = "unknown escape in string literal";
        return 0;
      }
      continue;
    }
    i++;
  }
}

/* Lexes a suffix identifier after a prefix character at start. */
static void lex_prefixed(buf_lexer_t *lx, buf_token_t *t, size_t start,
                         buf_token_kind_t kind, const char *what) {
  size_t i = start + 1;
  if (is_digit(at(lx, i))) {
    while (is_digit(at(lx, i)))
      i++;
  } else if (is_suffix_char(at(lx, i)) && !is_digit(at(lx, i))) {
    size_t n = lx->len;
    const unsigned char *text = (const unsigned char *)lx->text;
    while (i < n && (char_class[text[i]] & C_SUFFIX))
      i++;
  } else {
    error_tok(lx, t, start, start + 1, what);
    return;
  }
  make(lx, t, kind, start, i);
}

/* A string token of kind starting at start whose opening quote is at
 * quote (after the '@' of a quoted symbol). */
static void lex_string(buf_lexer_t *lx, buf_token_t *t, size_t start,
                       size_t quote, buf_token_kind_t kind) {
  const char *msg = NULL;
  size_t err = start;
  size_t e = scan_string(lx, quote, &msg, &err);
  if (e)
    make(lx, t, kind, start, e);
  else
    error_at(lx, t, err, msg);
}

void buf__lex(buf_lexer_t *lx, buf_token_t *t) {
  skip_space(lx);
  size_t s = lx->pos;
  if (s >= lx->len) {
    make(lx, t, BUF_TK_EOF, s, s);
    return;
  }
  int c = at(lx, s);
  if (is_alpha(c) || c == '_') {
    size_t i = s + 1, n = lx->len;
    const unsigned char *text = (const unsigned char *)lx->text;
    while (i < n && (char_class[text[i]] & C_BARE))
      i++;
    make(lx, t, BUF_TK_BARE_ID, s, i);
    return;
  }
  if (is_digit(c)) {
    size_t i = s;
    if (c == '0' && at(lx, s + 1) == 'x' && is_hex(at(lx, s + 2))) {
      i = s + 2;
      while (is_hex(at(lx, i)))
        i++;
      make(lx, t, BUF_TK_INTEGER, s, i);
      return;
    }
    while (is_digit(at(lx, i)))
      i++;
    if (at(lx, i) != '.') {
      make(lx, t, BUF_TK_INTEGER, s, i);
      return;
    }
    i++;
    while (is_digit(at(lx, i)))
      i++;
    if (at(lx, i) == 'e' || at(lx, i) == 'E') {
      size_t j = i + 1;
      if (at(lx, j) == '+' || at(lx, j) == '-')
        j++;
      if (is_digit(at(lx, j))) {
        while (is_digit(at(lx, j)))
          j++;
        i = j;
      }
    }
    make(lx, t, BUF_TK_FLOAT, s, i);
    return;
  }
  switch (c) {
  case '%':
    lex_prefixed(lx, t, s, BUF_TK_PERCENT, "invalid SSA name");
    return;
  case '^':
    lex_prefixed(lx, t, s, BUF_TK_CARET, "invalid block name");
    return;
  case '#':
    lex_prefixed(lx, t, s, BUF_TK_HASH, "invalid attribute name");
    return;
  case '!':
    lex_prefixed(lx, t, s, BUF_TK_BANG, "invalid type identifier");
    return;
  case '@':
    if (at(lx, s + 1) == '"')
      lex_string(lx, t, s, s + 1, BUF_TK_AT);
    else
      lex_prefixed(lx, t, s, BUF_TK_AT, "invalid symbol name");
    return;
  case '"':
    lex_string(lx, t, s, s, BUF_TK_STRING);
    return;
  case '-':
    make(lx, t, BUF_TK_PUNCT, s, at(lx, s + 1) == '>' ? s + 2 : s + 1);
    return;
  case '.':
    if (at(lx, s + 1) == '.' && at(lx, s + 2) == '.')
      make(lx, t, BUF_TK_PUNCT, s, s + 3);
    else
      error_tok(lx, t, s, s + 1, "unexpected character");
    return;
  case ':':
    make(lx, t, BUF_TK_PUNCT, s, at(lx, s + 1) == ':' ? s + 2 : s + 1);
    return;
  case '(': case ')': case '[': case ']': case '{': case '}': case '<':
  case '>': case ',': case '=': case '*': case '?': case '+': case '|':
    make(lx, t, BUF_TK_PUNCT, s, s + 1);
    return;
  default:
    error_tok(lx, t, s, s + 1, "unexpected character");
    return;
  }
}

void buf__lexer_reset_in_token(buf_lexer_t *lx, const buf_token_t *tok,
                               size_t pos) {
  lx->pos = pos;
  lx->line = tok->line;
  lx->line_start = tok->line_start;
}

void buf__lexer_advance_from(buf_lexer_t *lx, const buf_token_t *tok,
                             size_t pos) {
  buf__lexer_reset_in_token(lx, tok, tok->off + tok->len);
  if (pos > lx->len)
    pos = lx->len;
  for (size_t i = lx->pos; i < pos; i++) {
    if (lx->text[i] == '\n') {
      lx->line++;
      lx->line_start = i + 1;
    }
  }
  lx->pos = pos;
}
