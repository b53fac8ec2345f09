/*
 * resources.c: the file metadata section `{-# ... #-}` that carries
 * dense_resource blobs, parsed and printed as mlir-opt 22 does.
 *
 *   file-metadata ::= `{-#` (meta-entry (`,` meta-entry)*)? `#-}`
 *   meta-entry    ::= `dialect_resources` `:` `{` (group (`,` group)*)? `}`
 *                   | `external_resources` `:` `{` (group (`,` group)*)? `}`
 *   group         ::= key `:` `{` (key `:` value (`,` key `:` value)*)? `}`
 *
 * Only the builtin dialect owns resources here: its values are hex blobs
 * "0x" AAAAAAAA DATA (the alignment as a little-endian u32, then the bytes),
 * decoded once into the context's arena and attached to the handle that
 * dense_resource<key> attributes share (buf_ctx_resource_get). Another
 * registered dialect's group is "unexpected 'resource' section", an
 * unknown dialect "dialect 'x' is unknown", as in mlir-opt. External
 * resources belong to no dialect: they are kept as spelled and printed back.
 *
 * Printing writes the section after the top-level op with the builtin blobs
 * the printed IR references (in the order of their first reference) and
 * the external resources; mlir-opt's --mlir-elide-resource-strings-if-larger
 * leaves out a value whose quoted text is longer than the bound.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parser_internal.h"
#include "printer_internal.h"

/* ---- parsing ------------------------------------------------------------- */

/* True when the current token starts the three bytes s ("{-#", "#-}"). */
static bool at_bytes(const buf_parser_t *p, const char *s) {
  const buf_token_t *t = &p->tok;
  return t->kind != BUF_TK_EOF && t->off + 3 <= p->lx.len &&
         memcmp(p->lx.text + t->off, s, 3) == 0;
}

/* Skips the three bytes at the current token and lexes the next one. */
static void skip_bytes(buf_parser_t *p) {
  buf__lexer_advance_from(&p->lx, &p->tok, p->tok.off + 3);
  buf__p_next(p);
}

bool buf__p_at_file_metadata(const buf_parser_t *p) {
  return buf__p_is(p, "{") && at_bytes(p, "{-#");
}

/* key `:` -- the key's text (arena) in *key. */
static buf_status_t parse_key_colon(buf_parser_t *p, const char **key,
                                    buf_loc_t *loc) {
  size_t len;
  *loc = buf__p_tok_loc(p, &p->tok);
  if (BUF_FAILED(buf__p_parse_resource_key(p, key, &len)))
    return BUF_FAILURE;
  *key = buf_ident(p->ctx, *key, len);
  return buf__p_expect(p, ":");
}

/* The hex digits of a string token "0x...", or NULL. */
static const char *hex_of(const buf_token_t *t, size_t *len) {
  if (t->kind != BUF_TK_STRING || t->len < 4 || t->s[1] != '0' ||
      (t->s[2] != 'x' && t->s[2] != 'X'))
    return NULL;
  *len = t->len - 2;
  return t->s + 1;
}

/* One builtin entry: key `:` hex-string. */
static buf_status_t parse_builtin_entry(buf_parser_t *p) {
  const char *key;
  buf_loc_t kloc;
  if (BUF_FAILED(parse_key_colon(p, &key, &kloc)))
    return BUF_FAILURE;
  buf_loc_t vloc = buf__p_tok_loc(p, &p->tok);
  size_t len = 0;
  const char *hex = hex_of(&p->tok, &len);
  bool digits = hex != NULL && len % 2 == 0;
  /* A long blob's digits are checked as they are decoded (one pass over
   * the weights); a short one's here, to tell a bad digit from a missing
   * alignment. */
  for (size_t i = 2; digits && i < len && len < 2 + 8; i++)
    digits = isxdigit((unsigned char)hex[i]);
  if (!digits)
    return buf__p_error_at(p, vloc, "expected hex string blob for key '%s'",
                           key);
  if (len < 2 + 8)
    return buf__p_error_at(p, vloc,
                           "expected hex string blob for key '%s' to encode "
                           "alignment in first 4 bytes",
                           key);
  buf_resource_t *res = buf_ctx_resource_get(p->ctx, key, strlen(key));
  if (!buf_resource_set_hex(p->ctx, res, hex, len))
    return buf__p_error_at(p, vloc, "expected hex string blob for key '%s'",
                           key);
  /* The blob's text is decoded: the caller may drop it (buffer-opt lets
   * the mapped input's pages go), so a weight's hex text and its bytes are
   * not both resident while the next blob is read. */
  if (p->consumed)
    p->consumed(p->consumed_user, p->tok.off + p->tok.len);
  buf__p_next(p);
  return BUF_SUCCESS;
}

/* One external entry: key `:` (string | true | false), kept as printed. */
static buf_status_t parse_external_entry(buf_parser_t *p, const char *group) {
  const char *key;
  buf_loc_t kloc;
  if (BUF_FAILED(parse_key_colon(p, &key, &kloc)))
    return BUF_FAILURE;
  buf_strbuf_t sb = {0};
  size_t len;
  const char *hex = hex_of(&p->tok, &len);
  bool is_hex = hex && len % 2 == 0;
  for (size_t i = 2; is_hex && i < len; i++)
    is_hex = isxdigit((unsigned char)hex[i]);
  if (is_hex) {
    buf_strbuf_puts(&sb, "\"0x");
    for (size_t i = 2; i < len; i++) {
      char c = (char)toupper((unsigned char)hex[i]);
      buf_strbuf_append(&sb, &c, 1);
    }
    buf_strbuf_puts(&sb, "\"");
  } else if (p->tok.kind == BUF_TK_STRING) {
    size_t n;
    char *s = buf__p_decode_string(p, &p->tok, &n);
    buf__print_escaped_string(&sb, s, n);
  } else if (buf__p_is_kw(p, "true") || buf__p_is_kw(p, "false")) {
    buf_strbuf_append(&sb, p->tok.s, p->tok.len);
  } else {
    return buf__p_error_tok(p, "expected 'true', 'false', or a string for "
                               "key '%s'", key);
  }
  buf_strbuf_append(&sb, "", 1);
  buf_ctx_set_ext_resource(p->ctx, group, key, sb.data);
  buf_strbuf_free(&sb);
  buf__p_next(p);
  return BUF_SUCCESS;
}

/* `{` (group (`,` group)*)? `}` of dialect_resources (external false) or
 * external_resources (external true). */
static buf_status_t parse_groups(buf_parser_t *p, bool external) {
  if (BUF_FAILED(buf__p_expect(p, "{")))
    return BUF_FAILURE;
  if (buf__p_accept(p, "}"))
    return BUF_SUCCESS;
  do {
    const char *group;
    buf_loc_t gloc;
    if (BUF_FAILED(parse_key_colon(p, &group, &gloc)))
      return BUF_FAILURE;
    bool builtin = strcmp(group, "builtin") == 0;
    if (!external && !builtin) {
      if (!buf_ctx_dialect_known(p->ctx, group, strlen(group)))
        return buf__p_error_at(p, gloc, "dialect '%s' is unknown", group);
      return buf__p_error_tok(p, "unexpected 'resource' section for dialect "
                                 "'%s'", group);
    }
    if (BUF_FAILED(buf__p_expect(p, "{")))
      return BUF_FAILURE;
    if (!buf__p_accept(p, "}")) {
      do {
        if (BUF_FAILED(external ? parse_external_entry(p, group)
                                : parse_builtin_entry(p)))
          return BUF_FAILURE;
      } while (buf__p_accept(p, ","));
      if (BUF_FAILED(buf__p_expect(p, "}")))
        return BUF_FAILURE;
    }
  } while (buf__p_accept(p, ","));
  return buf__p_expect(p, "}");
}

buf_status_t buf__p_parse_file_metadata(buf_parser_t *p) {
  skip_bytes(p); /* {-# */
  if (!at_bytes(p, "#-}")) {
    do {
      if (p->tok.kind != BUF_TK_BARE_ID)
        return buf__p_error_tok(p, "expected identifier key in file metadata "
                                   "dictionary");
      buf_token_t key = p->tok;
      buf__p_next(p);
      if (BUF_FAILED(buf__p_expect(p, ":")))
        return BUF_FAILURE;
      if (buf__tok_spelled(&key, "dialect_resources") ||
          buf__tok_spelled(&key, "external_resources")) {
        if (BUF_FAILED(parse_groups(p, key.s[0] == 'e')))
          return BUF_FAILURE;
      } else {
        return buf__p_error_at(p, buf__p_tok_loc(p, &key),
                               "unknown key '%.*s' in file metadata dictionary",
                               (int)key.len, key.s);
      }
    } while (buf__p_accept(p, ","));
  }
  if (!at_bytes(p, "#-}"))
    return buf__p_error_tok(p, "expected '#-}'");
  skip_bytes(p);
  return BUF_SUCCESS;
}

/* ---- printing ------------------------------------------------------------ */

typedef struct {
  const buf_resource_t **v;
  uint32_t n, cap;
} res_list_t;

static void collect_attr(res_list_t *l, buf_attr_t a) {
  if (!a)
    return;
  switch (a->kind) {
  case BUF_ATTR_DENSE_RESOURCE:
    for (uint32_t i = 0; i < l->n; i++)
      if (l->v[i] == a->u.resource)
        return;
    if (l->n == l->cap) {
      l->cap = l->cap ? 2 * l->cap : 8;
      l->v = realloc(l->v, l->cap * sizeof *l->v);
      if (!l->v)
        abort(); /* out of memory */
    }
    l->v[l->n++] = a->u.resource;
    return;
  case BUF_ATTR_ARRAY:
    for (uint32_t i = 0; i < a->u.array.n; i++)
      collect_attr(l, a->u.array.elems[i]);
    return;
  case BUF_ATTR_DICT:
    for (uint32_t i = 0; i < a->u.dict.n; i++)
      collect_attr(l, a->u.dict.entries[i].value);
    return;
  default:
    return;
  }
}

static void collect_op(res_list_t *l, buf_op_t *op) {
  collect_attr(l, op->attrs);
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next)
      for (buf_op_t *o = b->first; o; o = o->next)
        collect_op(l, o);
}

const buf_resource_t **buf_op_resources(buf_op_t *op, uint32_t *n) {
  res_list_t l = {0};
  /* Without a resource handle there is no dense_resource to find: skip
   * the walk over every op and attribute of a large module. */
  if (buf_ctx_has_resources(buf_op_ctx(op)))
    collect_op(&l, op);
  *n = l.n;
  return l.v;
}

/* The quoted hex of a blob: alignment prefix, then the bytes. */
static void print_blob(buf_strbuf_t *sb, const buf_resource_t *r) {
  static const char hex[] = "0123456789ABCDEF";
  char buf[512];
  size_t k = 0;
  buf_strbuf_puts(sb, "\"0x");
  uint8_t align[4] = {(uint8_t)r->alignment, (uint8_t)(r->alignment >> 8),
                      (uint8_t)(r->alignment >> 16),
                      (uint8_t)(r->alignment >> 24)};
  for (size_t i = 0; i < 4 + r->size; i++) {
    uint8_t c = i < 4 ? align[i] : r->data[i - 4];
    buf[k++] = hex[c >> 4];
    buf[k++] = hex[c & 15];
    if (k == sizeof buf) {
      buf_strbuf_append(sb, buf, k);
      k = 0;
    }
  }
  buf_strbuf_append(sb, buf, k);
  buf_strbuf_puts(sb, "\"");
}

char *buf_resource_to_hex(const buf_resource_t *r, size_t *len) {
  buf_strbuf_t sb = {0};
  print_blob(&sb, r);
  /* Without the quotes: shift the text one byte left. */
  memmove(sb.data, sb.data + 1, sb.len - 2);
  sb.data[sb.len - 2] = 0;
  if (len)
    *len = sb.len - 2;
  return sb.data;
}

/* Whether a value whose quoted text has len bytes is left out. */
static bool elided(const buf_print_options_t *o, size_t len) {
  return o->elide_resource_strings && len > o->elide_resource_strings_if_larger;
}

void buf__print_file_metadata(buf_strbuf_t *out, buf_op_t *top,
                              const buf_print_options_t *opts) {
  buf_ctx_t *ctx = buf_op_ctx(top);
  res_list_t l = {0};
  if (buf_ctx_has_resources(ctx)) /* else no dense_resource to look for */
    collect_op(&l, top);
  /* Blobs the section never defined print nothing, as in mlir-opt. */
  uint32_t n = 0;
  for (uint32_t i = 0; i < l.n; i++)
    if (l.v[i]->data)
      l.v[n++] = l.v[i];
  const buf_ext_resource_t *ext = buf_ctx_ext_resources(ctx);
  if (n == 0 && !ext) {
    free(l.v);
    return;
  }
  buf_strbuf_puts(out, "\n{-#\n");
  bool any = false;
  for (uint32_t i = 0; i < n; i++) {
    size_t len = 2 + 2 * (4 + l.v[i]->size) + 2;
    if (elided(opts, len))
      continue;
    buf_strbuf_puts(out, any ? ",\n      " : "  dialect_resources: {\n"
                                             "    builtin: {\n      ");
    any = true;
    buf__print_resource_key(out, l.v[i]->name);
    buf_strbuf_puts(out, ": ");
    print_blob(out, l.v[i]);
  }
  if (any)
    buf_strbuf_puts(out, "\n    }\n  }");
  bool any_ext = false;
  const char *group = NULL;
  for (const buf_ext_resource_t *e = ext; e; e = e->next) {
    if (!opts->elide_blobs_only && elided(opts, strlen(e->text)))
      continue;
    if (!any_ext)
      buf_strbuf_puts(out, any ? ",\n  external_resources: {\n"
                               : "  external_resources: {\n");
    if (e->group != group) {
      if (group)
        buf_strbuf_puts(out, "\n    },\n");
      buf_strbuf_puts(out, "    ");
      buf__print_resource_key(out, e->group);
      buf_strbuf_puts(out, ": {\n      ");
      group = e->group;
    } else {
      buf_strbuf_puts(out, ",\n      ");
    }
    any_ext = true;
    buf__print_resource_key(out, e->key);
    buf_strbuf_puts(out, ": ");
    buf_strbuf_puts(out, e->text);
  }
  if (any_ext)
    buf_strbuf_puts(out, "\n    }\n  }");
  buf_strbuf_puts(out, any || any_ext ? "\n#-}\n" : "\n#-}\n");
  free(l.v);
}
