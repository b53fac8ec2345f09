/*
 * parser.c: MLIR's textual syntax into IR — programs, ops (generic and
 * custom form), regions, blocks, SSA name scopes and locations.
 *
 * Grammar (top level):
 *   program    ::= (alias-def | op)*
 *   alias-def  ::= '#' id '=' (attr | loc(...)) | '!' id '=' type
 *   op         ::= (result-name (',' result-name)* '=')? (generic | custom)
 *                  trailing-loc?
 *   result-name::= '%' id (':' integer)?
 *   generic    ::= string '(' operands ')' successors? ('<' dict '>')?
 *                  ('(' region (',' region)* ')')? dict? ':' function-type
 *   custom     ::= bare-id <whatever the op's parse hook reads>
 *   region     ::= '{' entry-ops? block* '}'
 *   block      ::= '^' id ('(' arg (',' arg)* ')')? ':' op*
 *
 * SSA names live in isolated scopes (the file, and each region of an op
 * that is IsolatedFromAbove). Inside a scope, each region opens a level;
 * names defined at a level disappear when its region ends. A use before
 * the definition creates a placeholder value (no def, no block) that the
 * definition replaces through buf_value_replace_all_uses; placeholders
 * still pending when their region ends move to the enclosing level, and
 * any left when the isolated scope ends are "use of undeclared SSA value
 * name" errors. Block labels work the same way per region.
 *
 * Invariants: every loop consumes a token per iteration or exits; region
 * recursion is bounded by max_depth; op count by max_ops; the first error
 * stops the parse (p->failed) and the entry point returns NULL.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parser_internal.h"

/* ------------------------------------------------------------------------ */
/* Pointer maps                                                              */
/* ------------------------------------------------------------------------ */

static uint32_t ptr_hash(const void *k) {
  uint64_t x = (uint64_t)(uintptr_t)k;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (uint32_t)x;
}

void *buf__pmap_get(const buf_pmap_t *m, const void *key) {
  if (!m->cap)
    return NULL;
  uint32_t mask = m->cap - 1;
  for (uint32_t i = ptr_hash(key) & mask;; i = (i + 1) & mask) {
    if (m->keys[i] == key)
      return m->vals[i];
    if (!m->keys[i])
      return NULL;
  }
}

void buf__pmap_put(buf_arena_t *arena, buf_pmap_t *m, const void *key,
                   void *val) {
  if ((m->n + 1) * 2 > m->cap) {
    uint32_t ncap = m->cap ? m->cap * 2 : 16;
    buf_pmap_t nm = {buf_arena_alloc(arena, ncap * sizeof(void *)),
                     buf_arena_alloc(arena, ncap * sizeof(void *)), ncap, 0};
    for (uint32_t i = 0; i < m->cap; i++)
      if (m->keys[i])
        buf__pmap_put(arena, &nm, m->keys[i], m->vals[i]);
    *m = nm;
  }
  uint32_t mask = m->cap - 1;
  for (uint32_t i = ptr_hash(key) & mask;; i = (i + 1) & mask) {
    if (m->keys[i] == key) {
      m->vals[i] = val;
      return;
    }
    if (!m->keys[i]) {
      m->keys[i] = key;
      m->vals[i] = val;
      m->n++;
      return;
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Tokens and errors                                                         */
/* ------------------------------------------------------------------------ */

void buf__p_next(buf_parser_t *p) { buf__lex(&p->lx, &p->tok); }

buf_loc_t buf__p_tok_loc(const buf_parser_t *p, const buf_token_t *t) {
  buf_loc_t l = {p->file, t->line,
                 t->col + (t->line == p->first_line ? p->col_offset : 0)};
  return l;
}

buf_status_t buf__p_error_at(buf_parser_t *p, buf_loc_t loc, const char *fmt,
                             ...) {
  if (p->failed)
    return BUF_FAILURE;
  p->failed = true;
  va_list ap;
  va_start(ap, fmt);
  buf_emitv(p->ctx, BUF_SEV_ERROR, loc, fmt, ap);
  va_end(ap);
  return BUF_FAILURE;
}

/* Where MLIR reports a wrong token: right after the last non-blank text
 * before it (skipping blank lines and trailing // comments), so that a
 * missing ',' or '}' is reported where it should have been written. */
static buf_loc_t wrong_token_loc(const buf_parser_t *p) {
  const char *text = p->lx.text;
  size_t end = p->tok.off;
  uint32_t line = p->tok.line;
  for (;;) {
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t'))
      end--;
    if (end == 0)
      return buf__p_tok_loc(p, &p->tok);
    if (text[end - 1] != '\n' && text[end - 1] != '\r')
      break;
    end--;
    if (text[end] == '\n') {
      if (line <= p->first_line)
        return buf__p_tok_loc(p, &p->tok);
      line--;
      if (end > 0 && text[end - 1] == '\r')
        end--;
    }
    /* Drop a comment on the line just reached. */
    size_t ls = end;
    while (ls > 0 && text[ls - 1] != '\n')
      ls--;
    for (size_t i = ls; i + 1 < end; i++) {
      if (text[i] == '/' && text[i + 1] == '/') {
        end = i;
        break;
      }
    }
  }
  size_t ls = end;
  while (ls > 0 && text[ls - 1] != '\n')
    ls--;
  buf_loc_t l = {p->file, line,
                 (uint32_t)(end - ls + 1) +
                     (line == p->first_line ? p->col_offset : 0)};
  return l;
}

buf_status_t buf__p_error_tok(buf_parser_t *p, const char *fmt, ...) {
  if (p->failed)
    return BUF_FAILURE;
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  if (p->tok.kind == BUF_TK_ERROR)
    return buf__p_error_at(p, loc, "%s", p->tok.msg);
  /* "expected ..." complaints are about a missing token: MLIR places them
   * after the previous token. */
  if (strncmp(fmt, "expected", 8) == 0)
    loc = wrong_token_loc(p);
  p->failed = true;
  va_list ap;
  va_start(ap, fmt);
  buf_emitv(p->ctx, BUF_SEV_ERROR, loc, fmt, ap);
  va_end(ap);
  return BUF_FAILURE;
}

buf_token_t buf__p_peek(const buf_parser_t *p) {
  buf_lexer_t copy = p->lx;
  buf_token_t t;
  buf__lex(&copy, &t);
  return t;
}

/* The icache slot of n bytes at s: their first and last eight bytes and
 * the length (names differ in their first letters or their numbering). */
static uint32_t icache_slot(const char *s, size_t n) {
  const uint64_t k = 0x9e3779b97f4a7c15ULL;
  uint64_t head = 0, tail = 0;
  memcpy(&head, s, n < 8 ? n : 8);
  if (n > 8)
    memcpy(&tail, s + n - 8, 8);
  uint64_t h = (head * k) ^ (tail + n) * 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 31;
  return (uint32_t)(h * k >> 40) & (BUF__ICACHE_SIZE - 1);
}

buf_ident_t buf__p_tok_ident(buf_parser_t *p, const buf_token_t *t,
                             uint32_t skip) {
  if (skip > t->len)
    skip = t->len;
  const char *s = t->s + skip;
  size_t n = t->len - skip;
  if (!p->icache || n > UINT32_MAX)
    return buf_ident(p->ctx, s, n);
  /* An interned string holds no NUL, so equal bytes and length mean
   * buf_ident would return this very identifier. */
  buf__icache_entry_t *e = &p->icache[icache_slot(s, n)];
  if (e->ident && e->len == n && memcmp(e->ident, s, n) == 0)
    return e->ident;
  buf_ident_t id = buf_ident(p->ctx, s, n);
  e->ident = id;
  e->len = (uint32_t)strlen(id);
  return id;
}

static int hexval(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

char *buf__p_decode_string(buf_parser_t *p, const buf_token_t *t,
                           size_t *len) {
  /* The lexer validated the escapes; the token includes both quotes (and a
   * leading '@' for quoted symbols, which callers skip). */
  const char *s = t->s;
  size_t n = t->len;
  if (n && s[0] == '@') {
    s++;
    n--;
  }
  char *out = buf_arena_alloc(p->arena, n + 1);
  size_t o = 0;
  for (size_t i = 1; i + 1 < n; i++) {
    char c = s[i];
    if (c != '\\') {
      out[o++] = c;
      continue;
    }
    char d = s[i + 1];
    if (d == 'n') {
      out[o++] = '\n';
      i++;
    } else if (d == 't') {
      out[o++] = '\t';
      i++;
    } else if (d == '"' || d == '\\') {
      out[o++] = d;
      i++;
    } else if (i + 2 < n && hexval(d) >= 0 && hexval(s[i + 2]) >= 0) {
      out[o++] = (char)(hexval(d) * 16 + hexval(s[i + 2]));
      i += 2;
    }
  }
  out[o] = 0;
  if (len)
    *len = o;
  return out;
}

buf_status_t buf__p_int_value(buf_parser_t *p, const buf_token_t *t,
                              uint64_t *out) {
  uint64_t v = 0;
  if (t->len > 2 && t->s[0] == '0' && t->s[1] == 'x') {
    if (t->len - 2 > 16)
      return buf__p_error_at(p, buf__p_tok_loc(p, t),
                             "integer constant out of range");
    for (uint32_t i = 2; i < t->len; i++)
      v = v * 16 + (uint64_t)hexval(t->s[i]);
  } else {
    for (uint32_t i = 0; i < t->len; i++) {
      uint64_t d = (uint64_t)(t->s[i] - '0');
      if (v > (UINT64_MAX - d) / 10)
        return buf__p_error_at(p, buf__p_tok_loc(p, t),
                               "integer constant out of range");
      v = v * 10 + d;
    }
  }
  *out = v;
  return BUF_SUCCESS;
}

buf_status_t buf__p_enter(buf_parser_t *p) {
  if (p->failed)
    return BUF_FAILURE;
  if (++p->nest > p->max_depth) {
    p->nest--;
    return buf__p_error_tok(p, "nesting too deep");
  }
  return BUF_SUCCESS;
}

void buf__p_leave(buf_parser_t *p) { p->nest--; }

buf_status_t buf__p_parse_keyword_internal(buf_parser_t *p, const char *kw) {
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_is_kw(p, kw))
    return buf__p_error_tok(p, "expected '%s'", kw);
  buf__p_next(p);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* SSA scopes                                                                */
/* ------------------------------------------------------------------------ */

/* An entry hidden when a region ends may have shadowed a pending entry of
 * the same name at an outer level (a forward use that could not resolve to
 * a definition nested deeper than the use); this restores it. */
typedef struct {
  buf_ssa_entry_t e;
  buf_ssa_entry_t *shadowed;
} ssa_slot_t;

/* Name tables live in a scratch arena per isolated scope: a function's
 * entries are garbage once its body is parsed, and freeing them keeps the
 * parser's peak memory proportional to the largest function, not the file. */
static void iso_push(buf_parser_t *p) {
  buf_arena_t *scratch = p->num_spare_scratch
                             ? p->spare_scratch[--p->num_spare_scratch]
                             : buf_arena_create();
  /* The scope itself lives in its scratch too: nothing of it outlives it. */
  buf_iso_scope_t *s = buf_arena_alloc(scratch, sizeof *s);
  s->parent = p->iso;
  s->scratch = scratch;
  p->iso = s;
}

/* Leaves the innermost isolated scope and frees its tables. */
static void iso_release(buf_parser_t *p) {
  buf_iso_scope_t *s = p->iso;
  buf_arena_t *scratch = s->scratch; /* s dies with it */
  p->iso = s->parent;
  if (p->num_spare_scratch < 8) { /* the next function reuses its chunk */
    buf_arena_reset(scratch);
    p->spare_scratch[p->num_spare_scratch++] = scratch;
  } else {
    buf_arena_destroy(scratch);
  }
}

static void iso_stack_push(buf_parser_t *p, buf_ssa_entry_t *e) {
  buf_iso_scope_t *s = p->iso;
  if (s->num == s->cap) {
    uint32_t nc = s->cap ? s->cap * 2 : 32;
    s->stack = buf_arena_grow(s->scratch, s->stack, s->num, nc, sizeof(void *));
    s->cap = nc;
  }
  s->stack[s->num++] = e;
}

/* Ends an isolated scope: any pending forward reference is an error. */
static buf_status_t iso_pop(buf_parser_t *p) {
  buf_iso_scope_t *s = p->iso;
  buf_status_t st = BUF_SUCCESS;
  for (uint32_t i = 0; i < s->num && !p->failed; i++) {
    buf_ssa_entry_t *e = s->stack[i];
    if (!e->defined) {
      st = buf__p_error_at(p, e->loc, "use of undeclared SSA value name");
      break;
    }
  }
  iso_release(p);
  return p->failed ? BUF_FAILURE : st;
}

static void level_push(buf_parser_t *p) { p->iso->level++; }

/* Ends a region level: hides its definitions, lifts pending uses. */
static void level_pop(buf_parser_t *p) {
  buf_iso_scope_t *s = p->iso;
  uint32_t lvl = s->level;
  uint32_t keep_from = s->num;
  while (keep_from > 0 && s->stack[keep_from - 1]->level == lvl)
    keep_from--;
  uint32_t out = keep_from;
  for (uint32_t i = keep_from; i < s->num; i++) {
    buf_ssa_entry_t *e = s->stack[i];
    if (e->defined) {
      ssa_slot_t *slot = (ssa_slot_t *)e;
      if (buf__pmap_get(&s->names, e->name) == e)
        buf__pmap_put(s->scratch, &s->names, e->name, slot->shadowed);
    } else {
      e->level = lvl ? lvl - 1 : 0;
      s->stack[out++] = e;
    }
  }
  s->num = out;
  if (s->level)
    s->level--;
}

static buf_ssa_entry_t *new_entry(buf_parser_t *p, buf_ident_t name,
                                  buf_loc_t loc) {
  ssa_slot_t *slot = buf_arena_alloc(p->iso->scratch, sizeof *slot);
  slot->e.name = name;
  slot->e.loc = loc;
  slot->e.level = p->iso->level;
  return &slot->e;
}

buf_status_t buf__p_resolve(buf_parser_t *p, const buf_unresolved_t *u,
                            buf_type_t type, buf_value_t **out) {
  *out = NULL;
  if (p->failed)
    return BUF_FAILURE;
  if (!p->iso)
    return buf__p_error_at(p, u->loc, "use of undeclared SSA value name");
  buf_iso_scope_t *s = p->iso;
  buf_ssa_entry_t *e = buf__pmap_get(&s->names, u->name);
  if (e && e->defined) {
    if (u->number >= e->n)
      return buf__p_error_at(p, u->loc, "reference to invalid result number");
    buf_value_t *v = e->vals[u->number];
    if (type && v->type != type) {
      buf_diag_t *d = buf_emit_error(
          p->ctx, u->loc,
          "use of value '%%%s' expects different type than prior uses: '%s' "
          "vs '%s'",
          u->name, buf_type_to_string(p->ctx, type),
          buf_type_to_string(p->ctx, v->type));
      buf_diag_note(p->ctx, d, e->loc, "prior use here");
      p->failed = true;
      return BUF_FAILURE;
    }
    *out = v;
    return BUF_SUCCESS;
  }
  if (!type)
    return buf__p_error_at(p, u->loc, "use of undeclared SSA value name");
  if (u->number >= 1u << 20)
    return buf__p_error_at(p, u->loc, "reference to invalid result number");
  if (!e) {
    e = new_entry(p, u->name, u->loc);
    ((ssa_slot_t *)e)->shadowed = NULL;
    iso_stack_push(p, e);
    buf__pmap_put(s->scratch, &s->names, u->name, e);
  }
  if (u->number >= e->n) {
    e->vals = buf_arena_grow(s->scratch, e->vals, e->n, u->number + 1,
                             sizeof(buf_value_t *));
    e->n = u->number + 1;
  }
  buf_value_t *ph = e->vals[u->number];
  if (ph) {
    if (ph->type != type) {
      buf_diag_t *d = buf_emit_error(
          p->ctx, u->loc,
          "use of value '%%%s' expects different type than prior uses: '%s' "
          "vs '%s'",
          u->name, buf_type_to_string(p->ctx, type),
          buf_type_to_string(p->ctx, ph->type));
      buf_diag_note(p->ctx, d, ph->loc, "prior use here");
      p->failed = true;
      return BUF_FAILURE;
    }
  } else {
    ph = buf_arena_alloc(p->arena, sizeof *ph);
    ph->type = type;
    ph->loc = u->loc;
    ph->index = u->number;
    ph->name_hint = u->name;
    e->vals[u->number] = ph;
  }
  *out = ph;
  return BUF_SUCCESS;
}

buf_status_t buf__p_define(buf_parser_t *p, buf_ident_t name, buf_loc_t loc,
                           uint32_t n, buf_value_t *const *vals) {
  if (p->failed)
    return BUF_FAILURE;
  buf_iso_scope_t *s = p->iso;
  buf_ssa_entry_t *e = buf__pmap_get(&s->names, name);
  buf_ssa_entry_t *shadowed = NULL;
  if (e && e->defined) {
    buf_diag_t *d =
        buf_emit_error(p->ctx, loc, "redefinition of SSA value '%%%s'", name);
    buf_diag_note(p->ctx, d, e->loc, "previously defined here");
    p->failed = true;
    return BUF_FAILURE;
  }
  if (e && e->level == s->level) {
    /* Resolve the pending forward references. */
    for (uint32_t i = 0; i < e->n; i++) {
      buf_value_t *ph = e->vals[i];
      if (!ph)
        continue;
      if (i >= n)
        return buf__p_error_at(p, ph->loc,
                               "reference to invalid result number");
      if (ph->type != vals[i]->type) {
        buf_diag_t *d = buf_emit_error(
            p->ctx, loc, "definition of SSA value '%%%s#%u' has type '%s'",
            name, i, buf_type_to_string(p->ctx, vals[i]->type));
        buf_diag_note(p->ctx, d, ph->loc,
                      "previously used here with type '%s'",
                      buf_type_to_string(p->ctx, ph->type));
        p->failed = true;
        return BUF_FAILURE;
      }
    }
    for (uint32_t i = 0; i < e->n; i++)
      if (e->vals[i])
        buf_value_replace_all_uses(e->vals[i], vals[i]);
    /* The pending entry is superseded by the new one below: mark it
     * resolved (it stays in the stack, where level_pop drops it without
     * touching the name map, which no longer points at it). */
    e->defined = true;
    e->n = 0;
    shadowed = ((ssa_slot_t *)e)->shadowed;
  } else {
    shadowed = e; /* a pending entry of an outer level, or NULL */
  }
  buf_ssa_entry_t *ne = new_entry(p, name, loc);
  ((ssa_slot_t *)ne)->shadowed = shadowed;
  ne->defined = true;
  ne->n = n;
  ne->vals = buf_arena_alloc(s->scratch, (n ? n : 1) * sizeof(buf_value_t *));
  memcpy(ne->vals, vals, n * sizeof(buf_value_t *));
  iso_stack_push(p, ne);
  buf__pmap_put(s->scratch, &s->names, name, ne);
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Locations                                                                 */
/* ------------------------------------------------------------------------ */

/* The inside of loc(...):
 *   loc-inner ::= '#' alias | string ':' int (':' int)? ('to' ...)?
 *               | string ('(' loc-inner ')')? | 'unknown'
 *               | 'callsite' '(' loc-inner 'at' loc-inner ')'
 *               | 'fused' ('<' attr '>')? '[' loc-inner (',' loc-inner)* ']'
 * Yields the first file position found, or BUF_LOC_UNKNOWN. A '#alias' not
 * defined yet (mlir-opt prints location aliases after the module) is
 * remembered in p->deferred_alias when it is the whole location. */
static buf_status_t parse_loc_inner(buf_parser_t *p, buf_loc_t *out,
                                    bool top) {
  *out = BUF_LOC_UNKNOWN;
  if (BUF_FAILED(buf__p_enter(p)))
    return BUF_FAILURE;
  buf_status_t s = BUF_SUCCESS;
  if (p->tok.kind == BUF_TK_HASH) {
    buf_ident_t name = buf__p_tok_ident(p, &p->tok, 1);
    buf_loc_alias_t *a = buf__pmap_get(&p->loc_aliases, name);
    if (a) {
      *out = a->loc;
    } else if (top) {
      p->deferred_alias = name;
      p->deferred_use = buf__p_tok_loc(p, &p->tok);
    }
    buf__p_next(p);
  } else if (p->tok.kind == BUF_TK_STRING) {
    buf_token_t st = p->tok;
    buf__p_next(p);
    if (buf__p_accept(p, ":")) {
      uint64_t line = 0, col = 0;
      if (p->tok.kind != BUF_TK_INTEGER) {
        s = buf__p_error_tok(p, "expected integer line number in "
                                "FileLineColLoc");
      } else if (!BUF_FAILED(s = buf__p_int_value(p, &p->tok, &line))) {
        buf__p_next(p);
        if (buf__p_accept(p, ":")) {
          if (p->tok.kind != BUF_TK_INTEGER)
            s = buf__p_error_tok(p, "expected integer column number in "
                                    "FileLineColLoc");
          else if (!BUF_FAILED(s = buf__p_int_value(p, &p->tok, &col)))
            buf__p_next(p);
        }
      }
      if (!BUF_FAILED(s)) {
        size_t flen = 0;
        char *fname = buf__p_decode_string(p, &st, &flen);
        out->file = buf_ident(p->ctx, fname, flen);
        out->line = line > UINT32_MAX ? UINT32_MAX : (uint32_t)line;
        out->col = col > UINT32_MAX ? UINT32_MAX : (uint32_t)col;
        if (buf__p_is_kw(p, "to")) {
          /* A range: "to line:col" or "to :col"; keep the start. */
          buf__p_next(p);
          while (!p->failed && (p->tok.kind == BUF_TK_INTEGER ||
                                buf__p_is(p, ":")))
            buf__p_next(p);
        }
      }
    } else if (buf__p_accept(p, "(")) {
      /* A name location: "name"(child) */
      if (!BUF_FAILED(s = parse_loc_inner(p, out, false)))
        s = buf__p_expect(p, ")");
    }
  } else if (buf__p_is_kw(p, "unknown")) {
    buf__p_next(p);
  } else if (buf__p_is_kw(p, "callsite")) {
    buf__p_next(p);
    buf_loc_t caller;
    if (!BUF_FAILED(s = buf__p_expect(p, "(")) &&
        !BUF_FAILED(s = parse_loc_inner(p, out, false)) &&
        !BUF_FAILED(s = buf__p_parse_keyword_internal(p, "at")) &&
        !BUF_FAILED(s = parse_loc_inner(p, &caller, false)))
      s = buf__p_expect(p, ")");
  } else if (buf__p_is_kw(p, "fused")) {
    buf__p_next(p);
    if (buf__p_accept(p, "<")) {
      buf_attr_t meta;
      if (!BUF_FAILED(s = buf__p_parse_attr(p, NULL, &meta)))
        s = buf__p_expect(p, ">");
    }
    if (!BUF_FAILED(s))
      s = buf__p_expect(p, "[");
    if (!BUF_FAILED(s) && !buf__p_is(p, "]")) {
      do {
        buf_loc_t l;
        if (BUF_FAILED(s = parse_loc_inner(p, &l, false)))
          break;
        if (!out->file)
          *out = l;
      } while (buf__p_accept(p, ","));
    }
    if (!BUF_FAILED(s))
      s = buf__p_expect(p, "]");
  } else {
    s = buf__p_error_tok(p, "expected location instance");
  }
  buf__p_leave(p);
  return p->failed ? BUF_FAILURE : s;
}

buf_status_t buf__p_parse_loc(buf_parser_t *p, buf_loc_t *out) {
  *out = BUF_LOC_UNKNOWN;
  p->deferred_alias = NULL;
  if (!buf__p_is_kw(p, "loc"))
    return buf__p_error_tok(p, "expected location");
  buf__p_next(p);
  if (BUF_FAILED(buf__p_expect(p, "(")) ||
      BUF_FAILED(parse_loc_inner(p, out, true)))
    return BUF_FAILURE;
  if (!buf__p_accept(p, ")"))
    return buf__p_error_tok(p, "expected ')' in location");
  return BUF_SUCCESS;
}

/* Remembers that *dst takes the value of a location alias defined later. */
static void defer_loc(buf_parser_t *p, buf_loc_t *dst) {
  if (!p->deferred_alias)
    return;
  if (p->num_deferred == p->cap_deferred) {
    uint32_t nc = p->cap_deferred ? p->cap_deferred * 2 : 16;
    p->deferred = buf_arena_grow(p->arena, p->deferred, p->num_deferred, nc,
                                 sizeof(buf_deferred_loc_t));
    p->cap_deferred = nc;
  }
  buf_deferred_loc_t *d = &p->deferred[p->num_deferred++];
  d->dst = dst;
  d->name = p->deferred_alias;
  d->use = p->deferred_use;
  p->deferred_alias = NULL;
}

/* Resolves the deferred location aliases once the whole file is read. */
static buf_status_t resolve_deferred_locs(buf_parser_t *p) {
  for (uint32_t i = 0; i < p->num_deferred; i++) {
    buf_deferred_loc_t *d = &p->deferred[i];
    buf_loc_alias_t *a = buf__pmap_get(&p->loc_aliases, d->name);
    if (!a)
      return buf__p_error_at(p, d->use, "undefined symbol alias id '%s'",
                             d->name);
    if (a->loc.file)
      *d->dst = a->loc;
  }
  return BUF_SUCCESS;
}

buf_status_t buf__p_parse_optional_trailing_loc(buf_parser_t *p,
                                                buf_loc_t *loc) {
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_is_kw(p, "loc"))
    return BUF_SUCCESS;
  buf_token_t nx = buf__p_peek(p);
  if (!buf__tok_is_punct(&nx, "("))
    return BUF_SUCCESS;
  buf_loc_t l;
  if (BUF_FAILED(buf__p_parse_loc(p, &l)))
    return BUF_FAILURE;
  if (l.file)
    *loc = l;
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Blocks and regions                                                        */
/* ------------------------------------------------------------------------ */

/* A region's label scope (and its tables) lives in the scratch of the
 * isolated scope around the region, which ends after the region does. */
static void block_scope_push(buf_parser_t *p, buf_region_t *region) {
  buf_block_scope_t *b = buf_arena_alloc(p->iso->scratch, sizeof *b);
  b->parent = p->blocks;
  b->region = region;
  p->blocks = b;
}

/* Ends a region's label scope: every referenced block must be defined. */
static buf_status_t block_scope_pop(buf_parser_t *p) {
  buf_block_scope_t *b = p->blocks;
  p->blocks = b->parent;
  for (uint32_t i = 0; i < b->num_fwd; i++)
    if (!b->fwd[i]->region)
      return buf__p_error_at(p, b->fwd_loc[i],
                             "reference to an undefined block");
  return p->failed ? BUF_FAILURE : BUF_SUCCESS;
}

buf_status_t buf__p_parse_successor_ref(buf_parser_t *p, buf_block_t **out) {
  *out = NULL;
  if (p->failed)
    return BUF_FAILURE;
  if (p->tok.kind != BUF_TK_CARET)
    return buf__p_error_tok(p, "expected block name");
  buf_block_scope_t *bs = p->blocks;
  if (!bs)
    return buf__p_error_tok(p, "successor reference outside of a region");
  buf_ident_t name = buf__p_tok_ident(p, &p->tok, 1);
  buf_block_t *blk = buf__pmap_get(&bs->labels, name);
  if (!blk) {
    blk = buf_block_create(p->ctx);
    blk->label_hint = name;
    buf__pmap_put(p->iso->scratch, &bs->labels, name, blk);
    if (bs->num_fwd == bs->cap_fwd) {
      uint32_t nc = bs->cap_fwd ? bs->cap_fwd * 2 : 8;
      bs->fwd = buf_arena_grow(p->iso->scratch, bs->fwd, bs->num_fwd, nc,
                               sizeof(void *));
      bs->fwd_loc = buf_arena_grow(p->iso->scratch, bs->fwd_loc, bs->num_fwd, nc,
                                   sizeof(buf_loc_t));
      bs->cap_fwd = nc;
    }
    bs->fwd_loc[bs->num_fwd] = buf__p_tok_loc(p, &p->tok);
    bs->fwd[bs->num_fwd++] = blk;
  }
  buf__p_next(p);
  *out = blk;
  return BUF_SUCCESS;
}

static buf_status_t parse_op(buf_parser_t *p);

/* ops until '^', '}' or end of input, appended to blk. */
static buf_status_t parse_block_body(buf_parser_t *p, buf_block_t *blk) {
  buf_block_t *saved = p->cur_block;
  p->cur_block = blk;
  /* End of input inside a block is reported by parse_op, as MLIR does. */
  while (!p->failed && p->tok.kind != BUF_TK_CARET && !buf__p_is(p, "}")) {
    if (BUF_FAILED(parse_op(p)))
      break;
  }
  p->cur_block = saved;
  return p->failed ? BUF_FAILURE : BUF_SUCCESS;
}

/* A block argument "%name : type loc(...)?" added to blk. */
static buf_status_t parse_block_arg(buf_parser_t *p, buf_block_t *blk) {
  if (p->tok.kind != BUF_TK_PERCENT)
    return buf__p_error_tok(p, "expected SSA operand");
  buf_token_t nt = p->tok;
  buf_loc_t loc = buf__p_tok_loc(p, &nt);
  buf__p_next(p);
  buf_type_t t;
  if (BUF_FAILED(buf__p_expect(p, ":")) ||
      BUF_FAILED(buf__p_parse_type(p, &t)))
    return BUF_FAILURE;
  buf_loc_t arg_loc = loc;
  p->deferred_alias = NULL;
  if (BUF_FAILED(buf__p_parse_optional_trailing_loc(p, &arg_loc)))
    return BUF_FAILURE;
  buf_value_t *v = buf_block_add_arg(blk, t, arg_loc);
  defer_loc(p, &v->loc);
  v->name_hint = buf__p_tok_ident(p, &nt, 1);
  return buf__p_define(p, v->name_hint, loc, 1, &v);
}

/* "^label (args)? :" then the block's ops, appended to the region. */
static buf_status_t parse_labeled_block(buf_parser_t *p,
                                        buf_region_t *region) {
  buf_block_scope_t *bs = p->blocks;
  buf_ident_t name = buf__p_tok_ident(p, &p->tok, 1);
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  buf_block_t *blk = buf__pmap_get(&bs->labels, name);
  if (blk && blk->region)
    return buf__p_error_at(p, loc, "redefinition of block '^%s'", name);
  if (!blk) {
    blk = buf_block_create(p->ctx);
    buf__pmap_put(p->iso->scratch, &bs->labels, name, blk);
  }
  blk->label_hint = name;
  buf_region_append_block(region, blk);
  buf__p_next(p);
  if (buf__p_accept(p, "(")) {
    if (!buf__p_is(p, ")")) {
      do {
        if (BUF_FAILED(parse_block_arg(p, blk)))
          return BUF_FAILURE;
      } while (buf__p_accept(p, ","));
    }
    if (BUF_FAILED(buf__p_expect(p, ")")))
      return BUF_FAILURE;
  }
  if (BUF_FAILED(buf__p_expect(p, ":")))
    return BUF_FAILURE;
  return parse_block_body(p, blk);
}

buf_status_t buf__p_parse_region(buf_parser_t *p, buf_region_t *region,
                                 const buf_region_arg_t *args,
                                 uint32_t num_args) {
  if (p->failed)
    return BUF_FAILURE;
  if (!buf__p_is(p, "{"))
    return buf__p_error_tok(p, "expected '{' to begin a region");
  if (p->depth >= p->max_depth)
    return buf__p_error_tok(p, "nesting too deep");
  buf__p_next(p);

  const buf_opdef_t *def = p->cur_def;
  bool isolated = def && (def->traits & BUF_TRAIT_ISOLATED_FROM_ABOVE);
  const char *saved_dd = p->default_dialect;
  const buf_opdef_t *saved_def = p->cur_def;
  p->default_dialect = def ? def->default_dialect : NULL;
  p->depth++;
  bool pushed_iso = isolated || !p->iso;
  if (pushed_iso)
    iso_push(p);
  else
    level_push(p);
  block_scope_push(p, region);

  buf_status_t st = BUF_SUCCESS;
  if (args) {
    buf_block_t *entry = buf_block_create(p->ctx);
    buf_region_append_block(region, entry);
    for (uint32_t i = 0; i < num_args && !p->failed; i++) {
      buf_value_t *v = buf_block_add_arg(
          entry, args[i].type, args[i].loc.file ? args[i].loc : args[i].name.loc);
      v->name_hint = args[i].name.name;
      buf__p_define(p, args[i].name.name, args[i].name.loc, 1, &v);
    }
    if (!p->failed && p->tok.kind == BUF_TK_CARET)
      buf__p_error_tok(p, "invalid block name in region with named arguments");
    if (!p->failed)
      parse_block_body(p, entry);
  } else if (!buf__p_is(p, "}") && p->tok.kind != BUF_TK_CARET) {
    buf_block_t *entry = buf_block_create(p->ctx);
    buf_region_append_block(region, entry);
    parse_block_body(p, entry);
  }
  while (!p->failed && p->tok.kind == BUF_TK_CARET)
    parse_labeled_block(p, region);
  if (!p->failed)
    buf__p_expect(p, "}");

  if (BUF_FAILED(block_scope_pop(p)))
    st = BUF_FAILURE;
  if (pushed_iso) {
    if (BUF_FAILED(iso_pop(p)))
      st = BUF_FAILURE;
  } else {
    level_pop(p);
  }
  p->depth--;
  p->default_dialect = saved_dd;
  p->cur_def = saved_def;
  return p->failed ? BUF_FAILURE : st;
}

/* ------------------------------------------------------------------------ */
/* Ops                                                                       */
/* ------------------------------------------------------------------------ */

typedef struct {
  buf_ident_t name;
  buf_loc_t loc;
  uint32_t count; /* group size (%a:2) */
} result_name_t;

/* "%a, %b:2 =": fills the names; *n receives how many. */
static buf_status_t parse_result_names(buf_parser_t *p, result_name_t **out,
                                       uint32_t *n) {
  uint32_t cap = 0;
  *n = 0;
  *out = NULL;
  do {
    if (p->tok.kind != BUF_TK_PERCENT)
      return buf__p_error_tok(p, "expected valid ssa identifier");
    if (*n == cap) {
      uint32_t nc = cap ? cap * 2 : 4;
      *out = buf_arena_grow(buf_ctx_scratch(p->ctx), *out, cap, nc,
                            sizeof(result_name_t));
      cap = nc;
    }
    result_name_t *r = &(*out)[(*n)++];
    r->name = buf__p_tok_ident(p, &p->tok, 1);
    r->loc = buf__p_tok_loc(p, &p->tok);
    r->count = 1;
    buf__p_next(p);
    if (buf__p_accept(p, ":")) {
      uint64_t v = 0;
      if (p->tok.kind != BUF_TK_INTEGER)
        return buf__p_error_tok(p, "expected integer number of results");
      if (BUF_FAILED(buf__p_int_value(p, &p->tok, &v)))
        return BUF_FAILURE;
      if (v < 1 || v > (1u << 20))
        return buf__p_error_tok(p, "expected named operation to have at "
                                   "least 1 result");
      r->count = (uint32_t)v;
      buf__p_next(p);
    }
  } while (buf__p_accept(p, ","));
  return buf__p_expect(p, "=");
}

/* Checks that an op of this name may be created here. */
static buf_status_t check_registered(buf_parser_t *p, buf_ident_t name,
                                     buf_loc_t loc) {
  if (buf_ctx_lookup_opdef(p->ctx, name) || buf_ctx_allows_unregistered_op(p->ctx, name))
    return BUF_SUCCESS;
  const char *dot = strchr(name, '.');
  if (buf_ctx_rejects_unknown_op(p->ctx, name))
    return buf__p_error_at(p, loc,
                           "unregistered operation '%s' found in dialect "
                           "('%.*s') that does not allow unknown operations",
                           name, (int)(dot - name), name);
  return buf__p_error_at(p, loc,
                         "operation being parsed with an unregistered "
                         "dialect. If this is intended, please use "
                         "-allow-unregistered-dialect with the MLIR tool used");
}

/* The generic form, from the op name string on (the name is the current
 * token). Fills st. */
static buf_status_t parse_generic(buf_parser_t *p, buf_op_state_t *st) {
  size_t nlen = 0;
  buf_loc_t name_loc = buf__p_tok_loc(p, &p->tok);
  char *name = buf__p_decode_string(p, &p->tok, &nlen);
  if (nlen == 0)
    return buf__p_error_at(p, name_loc, "empty operation name is invalid");
  buf_ident_t iname = buf_ident(p->ctx, name, nlen);
  if (BUF_FAILED(check_registered(p, iname, name_loc)))
    return BUF_FAILURE;
  buf_loc_t loc = st->loc;
  buf_state_init(st, p->ctx, iname, loc);
  buf__p_next(p);
  p->cur_def = buf_ctx_lookup_opdef(p->ctx, iname);

  buf_unresolved_t *ops = NULL;
  uint32_t nops = 0;
  if (BUF_FAILED(buf_parse_operand_list(p, "(", &ops, &nops)))
    return BUF_FAILURE;
  if (buf__p_accept(p, "[")) {
    do {
      buf_block_t *b;
      if (BUF_FAILED(buf__p_parse_successor_ref(p, &b)))
        return BUF_FAILURE;
      buf_state_add_successor(st, b);
    } while (buf__p_accept(p, ","));
    if (BUF_FAILED(buf__p_expect(p, "]")))
      return BUF_FAILURE;
  }
  if (buf__p_is(p, "<")) {
    buf__p_next(p);
    buf_named_attr_t *es;
    uint32_t ne;
    if (BUF_FAILED(buf__p_parse_dict_entries(p, &es, &ne)))
      return BUF_FAILURE;
    for (uint32_t i = 0; i < ne; i++)
      buf_state_set_attr(st, es[i].name, es[i].value);
    if (BUF_FAILED(buf__p_expect(p, ">")))
      return BUF_FAILURE;
  }
  if (buf__p_accept(p, "(")) {
    do {
      buf_region_t *r = buf_state_add_region(st);
      if (BUF_FAILED(buf__p_parse_region(p, r, NULL, 0)))
        return BUF_FAILURE;
    } while (buf__p_accept(p, ","));
    if (BUF_FAILED(buf__p_expect(p, ")")))
      return BUF_FAILURE;
  }
  if (buf__p_is(p, "{")) {
    buf_named_attr_t *es;
    uint32_t ne;
    if (BUF_FAILED(buf__p_parse_dict_entries(p, &es, &ne)))
      return BUF_FAILURE;
    for (uint32_t i = 0; i < ne; i++) {
      if (buf_state_get_attr(st, es[i].name))
        return buf__p_error_at(p, name_loc, "duplicate key '%s' in properties "
                                            "and attributes", es[i].name);
      buf_state_set_attr(st, es[i].name, es[i].value);
    }
  }
  if (BUF_FAILED(buf__p_expect(p, ":")))
    return BUF_FAILURE;
  buf_loc_t tloc = buf__p_tok_loc(p, &p->tok);
  buf_type_t ft;
  if (!buf__p_is(p, "("))
    return buf__p_error_tok(p, "expected '('");
  if (BUF_FAILED(buf__p_parse_function_type(p, &ft)))
    return BUF_FAILURE;
  if (ft->u.func.num_inputs != nops)
    return buf__p_error_at(p, tloc, "expected %u operand type%s but had %u",
                           nops, nops == 1 ? " " : "s",
                           ft->u.func.num_inputs);
  for (uint32_t i = 0; i < nops; i++) {
    buf_value_t *v;
    if (BUF_FAILED(buf__p_resolve(p, &ops[i], ft->u.func.inputs[i], &v)))
      return BUF_FAILURE;
    buf_state_add_operand(st, v);
  }
  buf_state_add_results(st, ft->u.func.num_results, ft->u.func.results);
  return BUF_SUCCESS;
}

/* Appends `prefix.name` into an interned identifier. Every "return" of a
 * function body comes through here, so short names are joined on the
 * stack rather than formatted into the arena. */
static buf_ident_t join_name(buf_parser_t *p, const char *prefix,
                             buf_ident_t name) {
  size_t pl = strlen(prefix), nl = strlen(name);
  char small[128];
  char *s = pl + nl + 1 <= sizeof small ? small
                                        : buf_arena_alloc(p->arena, pl + nl + 1);
  memcpy(s, prefix, pl);
  s[pl] = '.';
  memcpy(s + pl + 1, name, nl);
  return buf_ident(p->ctx, s, pl + 1 + nl);
}

/* The custom form: the op name is the current bare identifier. */
static buf_status_t parse_custom(buf_parser_t *p, buf_op_state_t *st) {
  buf_loc_t name_loc = buf__p_tok_loc(p, &p->tok);
  buf_ident_t name = buf__p_tok_ident(p, &p->tok, 0);
  const buf_opdef_t *def = buf_ctx_lookup_opdef(p->ctx, name);
  const char *tried = NULL;
  if (!def && !strchr(name, '.')) {
    if (p->default_dialect && *p->default_dialect) {
      buf_ident_t full = join_name(p, p->default_dialect, name);
      tried = full;
      def = buf_ctx_lookup_opdef(p->ctx, full);
    }
    if (!def)
      def = buf_ctx_lookup_opdef(p->ctx, join_name(p, "builtin", name));
  }
  if (!def || !def->parse) {
    if (tried)
      return buf__p_error_at(p, name_loc,
                             "custom op '%s' is unknown (tried '%s' as well)",
                             name, tried);
    return buf__p_error_at(p, name_loc, "custom op '%s' is unknown", name);
  }
  buf_loc_t loc = st->loc;
  buf_state_init(st, p->ctx, def->name, loc);
  buf__p_next(p);
  p->cur_def = def;
  size_t errs = buf_ctx_num_errors(p->ctx);
  const char *outer_custom = p->custom_op;
  p->custom_op = def->name;
  buf_status_t s = def->parse(p, st);
  p->custom_op = outer_custom;
  if (BUF_FAILED(s) || p->failed) {
    if (!p->failed || buf_ctx_num_errors(p->ctx) == errs) {
      p->failed = false;
      buf__p_error_at(p, name_loc, "failed to parse '%s'", def->name);
    }
    p->failed = true;
    return BUF_FAILURE;
  }
  if (buf_ctx_num_errors(p->ctx) != errs) {
    /* The hook reported an error directly but claimed success. */
    p->failed = true;
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

static buf_status_t parse_op_held(buf_parser_t *p);

/* Parses one op. The context's scratch arena is held meanwhile, so the
 * temporary lists of this op (and of the ops nested in it) live in scratch
 * memory that is released once the outermost op is built. */
static buf_status_t parse_op(buf_parser_t *p) {
  buf_ctx_scratch_hold(p->ctx);
  buf_status_t s = parse_op_held(p);
  buf_ctx_scratch_release(p->ctx);
  return s;
}

static buf_status_t parse_op_held(buf_parser_t *p) {
  if (p->failed)
    return BUF_FAILURE;
  buf_loc_t loc = buf__p_tok_loc(p, &p->tok);
  result_name_t *names = NULL;
  uint32_t num_names = 0, num_bound = 0;
  if (p->tok.kind == BUF_TK_PERCENT) {
    if (BUF_FAILED(parse_result_names(p, &names, &num_names)))
      return BUF_FAILURE;
    for (uint32_t i = 0; i < num_names; i++)
      num_bound += names[i].count;
  }
  if (p->max_ops && p->num_ops >= p->max_ops)
    return buf__p_error_at(p, loc, "program too large: more than %llu ops",
                           (unsigned long long)p->max_ops);
  p->num_ops++;
  if (p->consumed && p->tok.off >= p->next_consumed) {
    p->consumed(p->consumed_user, p->tok.off);
    p->next_consumed = p->tok.off + ((size_t)1 << 20);
  }

  /* Like MLIR, an op is located at its name, not at its result list. */
  buf_loc_t name_loc = buf__p_tok_loc(p, &p->tok);
  buf_op_state_t st;
  memset(&st, 0, sizeof st);
  st.loc = name_loc;
  const buf_opdef_t *saved_def = p->cur_def;
  buf_status_t s;
  if (p->tok.kind == BUF_TK_STRING)
    s = parse_generic(p, &st);
  else if (p->tok.kind == BUF_TK_BARE_ID && !buf__p_starts_type(p))
    s = parse_custom(p, &st);
  else if (num_names)
    s = buf__p_error_tok(p, "expected operation name in quotes");
  else
    s = buf__p_error_tok(p, "expected operation name in quotes");
  p->cur_def = saved_def;
  if (BUF_FAILED(s))
    return BUF_FAILURE;

  if (num_names && num_bound != st.num_results)
    return buf__p_error_at(p, loc,
                           "operation defines %u results but was provided %u "
                           "to bind",
                           st.num_results, num_bound);
  buf_loc_t op_loc = name_loc;
  p->deferred_alias = NULL;
  if (BUF_FAILED(buf__p_parse_optional_trailing_loc(p, &op_loc)))
    return BUF_FAILURE;
  st.loc = op_loc;
  buf_op_t *op = buf_op_create(&st);
  op->loc = op_loc;
  defer_loc(p, &op->loc);
  buf_block_append_op(p->cur_block, op);

  uint32_t r = 0;
  for (uint32_t i = 0; i < num_names; i++) {
    /* buf__p_define copies the group: the list is scratch. */
    buf_value_t **vals = buf_arena_alloc(
        p->iso ? p->iso->scratch : p->arena,
        names[i].count * sizeof(buf_value_t *));
    for (uint32_t k = 0; k < names[i].count; k++) {
      buf_value_t *v = buf_op_result(op, r + k);
      v->name_hint =
          names[i].count == 1
              ? names[i].name
              : buf_ident_cstr(p->ctx, buf_arena_printf(p->arena, "%s#%u",
                                                        names[i].name, k));
      vals[k] = v;
    }
    if (BUF_FAILED(buf__p_define(p, names[i].name, names[i].loc,
                                 names[i].count, vals)))
      return BUF_FAILURE;
    r += names[i].count;
  }
  return BUF_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* Programs                                                                  */
/* ------------------------------------------------------------------------ */

buf_parse_options_t buf_parse_options_default(void) {
  buf_parse_options_t o = {.max_depth = 256, .max_ops = 0, .verify = true};
  return o;
}

/* Sets up a parser over text. */
static void parser_init(buf_parser_t *p, buf_ctx_t *ctx, buf_ident_t file,
                        const char *text, size_t len, uint32_t first_line,
                        uint32_t col_offset, uint32_t max_depth) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->arena = buf_ctx_arena(ctx);
  p->file = file;
  p->first_line = first_line ? first_line : 1;
  p->col_offset = col_offset;
  p->max_depth = max_depth ? max_depth : 256;
  buf__lexer_init(&p->lx, text, len, p->first_line);
  buf__p_next(p);
}

/* "#name = attr" / "#name = loc(...)" / "!name = type" at top level. */
static buf_status_t parse_alias_def(buf_parser_t *p) {
  buf_token_t nt = p->tok;
  buf_ident_t name = buf__p_tok_ident(p, &nt, 1);
  bool is_type = nt.kind == BUF_TK_BANG;
  if (strchr(name, '.'))
    return buf__p_error_tok(p, "%s names with a '.' are reserved for "
                               "dialect-defined names",
                            is_type ? "type" : "attribute");
  buf__p_next(p);
  if (BUF_FAILED(buf__p_expect(p, "=")))
    return BUF_FAILURE;
  if (is_type) {
    if (buf__pmap_get(&p->type_aliases, name))
      return buf__p_error_at(p, buf__p_tok_loc(p, &nt),
                             "redefinition of type alias id '%s'", name);
    buf_type_t t;
    if (BUF_FAILED(buf__p_parse_type(p, &t)))
      return BUF_FAILURE;
    buf__pmap_put(p->arena, &p->type_aliases, name, (void *)t);
    return BUF_SUCCESS;
  }
  if (buf__pmap_get(&p->attr_aliases, name) ||
      buf__pmap_get(&p->loc_aliases, name))
    return buf__p_error_at(p, buf__p_tok_loc(p, &nt),
                           "redefinition of attribute alias id '%s'", name);
  if (buf__p_is_kw(p, "loc")) {
    buf_loc_alias_t *a = buf_arena_alloc(p->arena, sizeof *a);
    if (BUF_FAILED(buf__p_parse_loc(p, &a->loc)))
      return BUF_FAILURE;
    buf__pmap_put(p->arena, &p->loc_aliases, name, a);
    return BUF_SUCCESS;
  }
  buf_attr_t a;
  if (BUF_FAILED(buf__p_parse_attr(p, NULL, &a)))
    return BUF_FAILURE;
  buf__pmap_put(p->arena, &p->attr_aliases, name, (void *)a);
  return BUF_SUCCESS;
}

buf_op_t *buf_parse_source(buf_ctx_t *ctx, const char *file, const char *text,
                           size_t len, uint32_t first_line,
                           const buf_parse_options_t *opts) {
  buf_parse_options_t o = opts ? *opts : buf_parse_options_default();
  if (!file)
    file = "<stdin>";
  if (!text)
    len = 0;
  if (o.borrow_source && text)
    buf_ctx_add_source_borrowed(ctx, file, text, len, first_line);
  else
    buf_ctx_add_source_at(ctx, file, text ? text : "", len, first_line);
  buf_parser_t p;
  parser_init(&p, ctx, buf_ident_cstr(ctx, file), text ? text : "", len,
              first_line, 0, o.max_depth);
  p.max_ops = o.max_ops;
  p.consumed = o.consumed;
  p.consumed_user = o.consumed_user;
  p.next_consumed = (size_t)1 << 20;
  p.tcache = calloc(BUF__TCACHE_SIZE, sizeof *p.tcache); /* NULL: no cache */
  p.icache = calloc(BUF__ICACHE_SIZE, sizeof *p.icache); /* NULL: none */

  buf_loc_t mloc = {p.file, p.first_line, 1};
  buf_op_state_t st;
  buf_state_init(&st, ctx, "builtin.module", mloc);
  buf_state_add_region(&st);
  buf_op_t *module = buf_op_create(&st);
  buf_block_t *blk = buf_block_create(ctx);
  buf_region_append_block(module->regions[0], blk);
  p.cur_block = blk;
  p.cur_def = buf_ctx_lookup_opdef(ctx, "builtin.module");
  /* Top-level ops sit in the implicit module: its default dialect applies
   * (MLIR reports "tried 'builtin.foo' as well" there too). */
  p.default_dialect = p.cur_def ? p.cur_def->default_dialect : NULL;

  /* The top level is one isolated scope (and one region level) holding the
   * implicit module's body. */
  iso_push(&p);
  block_scope_push(&p, module->regions[0]);
  while (!p.failed && p.tok.kind != BUF_TK_EOF) {
    if ((p.tok.kind == BUF_TK_HASH || p.tok.kind == BUF_TK_BANG)) {
      buf_token_t nx = buf__p_peek(&p);
      if (buf__tok_is_punct(&nx, "=")) {
        parse_alias_def(&p);
        continue;
      }
    }
    if (buf__p_at_file_metadata(&p)) {
      buf__p_parse_file_metadata(&p);
      continue;
    }
    parse_op(&p);
  }
  if (!p.failed)
    resolve_deferred_locs(&p);
  if (!p.failed)
    block_scope_pop(&p);
  if (!p.failed)
    iso_pop(&p);
  while (p.iso) /* scopes a failed parse left open */
    iso_release(&p);
  while (p.num_spare_scratch)
    buf_arena_destroy(p.spare_scratch[--p.num_spare_scratch]);
  free(p.tcache);
  p.tcache = NULL;
  free(p.icache);
  p.icache = NULL;
  if (p.failed)
    return NULL;

  buf_op_t *result = module;
  buf_op_t *only = blk->first;
  if (only && only == blk->last && strcmp(only->name, "builtin.module") == 0) {
    buf_op_remove(only);
    result = only;
  }
  if (o.verify && BUF_FAILED(buf_verify(result)))
    return NULL;
  return result;
}

buf_type_t buf_parse_type_str(buf_ctx_t *ctx, const char *text, size_t len,
                              buf_loc_t loc) {
  buf_parser_t p;
  parser_init(&p, ctx, loc.file, text ? text : "", text ? len : 0,
              loc.line ? loc.line : 1, loc.col ? loc.col - 1 : 0, 0);
  buf_type_t t = NULL;
  if (BUF_FAILED(buf__p_parse_type(&p, &t)))
    return NULL;
  if (p.tok.kind != BUF_TK_EOF) {
    buf__p_error_tok(&p, "unexpected text after type");
    return NULL;
  }
  return t;
}

buf_attr_t buf_parse_attr_str(buf_ctx_t *ctx, const char *text, size_t len,
                              buf_loc_t loc) {
  buf_parser_t p;
  parser_init(&p, ctx, loc.file, text ? text : "", text ? len : 0,
              loc.line ? loc.line : 1, loc.col ? loc.col - 1 : 0, 0);
  buf_attr_t a = NULL;
  if (BUF_FAILED(buf__p_parse_attr(&p, NULL, &a)))
    return NULL;
  if (p.tok.kind != BUF_TK_EOF) {
    buf__p_error_tok(&p, "unexpected text after attribute");
    return NULL;
  }
  return a;
}
