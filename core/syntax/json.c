/*
 * json.c: the JSON form of the IR (schema/program.schema.json).
 *
 *   {"format": "bufferd.program", "version": 1, "module": OP,
 *    "resources"?: {"builtin": {NAME: "0x<alignment><bytes>", ...}}}
 *   OP     = {"name", "loc"?, "operands"?, "results"?, "attributes"?,
 *             "regions"?, "successors"?}
 *   result = {"id", "type", "name"?}         block = {"id", "label"?,
 *   region = {"blocks": [block...]}                   "args"?, "ops"?}
 *   arg    = {"id", "type", "name"?, "loc"?}
 *
 * Values ("v<N>") and blocks ("b<N>") have ids that are unique in the whole
 * document; types and attributes travel as MLIR text, printed and parsed by
 * the syntax printer/parser. Empty lists are omitted when writing. The
 * blobs of dense_resource attributes travel in "resources", spelled as in
 * the text's dialect_resources section (the blobs the module references).
 *
 * Reading builds IR through buf_op_create and checks every field's type.
 * Uses may precede definitions (graph regions, blocks listed out of
 * dominance order): an unknown operand id gets a placeholder that the
 * definition later replaces; a successor id creates its block on first
 * mention. Ids still undefined at the end are errors. Errors name the JSON
 * Pointer of the offending field ("at /module/regions/0/blocks/0/ops/2/
 * operands/1") and are located at the nearest op "loc" given; JSON syntax
 * errors are located at jansson's line and column with a caret. The first
 * error stops the read; nothing is half-returned.
 */
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf/syntax.h"

/* ------------------------------------------------------------------------ */
/* A small pointer -> number map for the writer                              */
/* ------------------------------------------------------------------------ */

typedef struct numbering {
  const void **keys;
  uint32_t *vals;
  size_t cap, count;
} numbering_t;

static size_t slot_of(const void *k, size_t cap) {
  uint64_t x = (uint64_t)(uintptr_t)k;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x & (cap - 1);
}

static void num_set(numbering_t *m, const void *k, uint32_t v) {
  if ((m->count + 1) * 4 >= m->cap * 3) {
    size_t ncap = m->cap ? m->cap * 2 : 64;
    const void **nk = calloc(ncap, sizeof *nk);
    uint32_t *nv = calloc(ncap, sizeof *nv);
    if (!nk || !nv) abort(); /* out of memory */
    for (size_t i = 0; i < m->cap; i++) {
      if (!m->keys[i]) continue;
      size_t j = slot_of(m->keys[i], ncap);
      while (nk[j]) j = (j + 1) & (ncap - 1);
      nk[j] = m->keys[i];
      nv[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = nk;
    m->vals = nv;
    m->cap = ncap;
  }
  size_t j = slot_of(k, m->cap);
  while (m->keys[j] && m->keys[j] != k) j = (j + 1) & (m->cap - 1);
  if (!m->keys[j]) m->count++;
  m->keys[j] = k;
  m->vals[j] = v;
}

static bool num_get(const numbering_t *m, const void *k, uint32_t *v) {
  if (!m->cap) return false;
  size_t j = slot_of(k, m->cap);
  while (m->keys[j]) {
    if (m->keys[j] == k) {
      *v = m->vals[j];
      return true;
    }
    j = (j + 1) & (m->cap - 1);
  }
  return false;
}

static void num_free(numbering_t *m) {
  free(m->keys);
  free(m->vals);
}

/* ------------------------------------------------------------------------ */
/* Writer                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct writer {
  numbering_t values, blocks;
  uint32_t next_value, next_block;
  buf_strbuf_t sb; /* scratch for type/attr text */
} writer_t;

/* Numbers every value and block in definition order before writing, so
 * forward references (graph regions, successors) have ids. */
static void number_op(writer_t *w, buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++)
    num_set(&w->values, &op->results[i], w->next_value++);
  for (uint32_t r = 0; r < op->num_regions; r++)
    for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
      num_set(&w->blocks, b, w->next_block++);
      for (uint32_t i = 0; i < b->num_args; i++)
        num_set(&w->values, b->args[i], w->next_value++);
      for (buf_op_t *o = b->first; o; o = o->next) number_op(w, o);
    }
}

static json_t *id_str(char prefix, uint32_t n) {
  char buf[16];
  snprintf(buf, sizeof buf, "%c%u", prefix, n);
  return json_string(buf);
}

static json_t *value_ref(writer_t *w, buf_value_t *v) {
  uint32_t n;
  if (v && num_get(&w->values, v, &n)) return id_str('v', n);
  /* A value defined outside the written op: give it a fresh id so the
   * document stays well-formed (the reader reports it as unknown). */
  if (!v) return json_string("");
  n = w->next_value++;
  num_set(&w->values, v, n);
  return id_str('v', n);
}

static json_t *type_text(writer_t *w, buf_type_t t) {
  w->sb.len = 0;
  if (t) buf_print_type_to(&w->sb, t);
  return json_stringn(w->sb.data ? w->sb.data : "", w->sb.len);
}

static json_t *attr_text(writer_t *w, buf_attr_t a) {
  w->sb.len = 0;
  buf_print_attr_to(&w->sb, a);
  return json_stringn(w->sb.data ? w->sb.data : "", w->sb.len);
}

static json_t *loc_json(buf_loc_t loc) {
  if (!loc.file) return NULL;
  return json_pack("{s:s, s:I, s:I}", "file", loc.file, "line",
                   (json_int_t)loc.line, "col", (json_int_t)loc.col);
}

static json_t *write_op(writer_t *w, buf_op_t *op) {
  json_t *j = json_object();
  json_object_set_new(j, "name", json_string(op->name));
  json_t *loc = loc_json(op->loc);
  if (loc) json_object_set_new(j, "loc", loc);
  if (op->num_operands) {
    json_t *a = json_array();
    for (uint32_t i = 0; i < op->num_operands; i++)
      json_array_append_new(a, value_ref(w, op->operands[i].value));
    json_object_set_new(j, "operands", a);
  }
  if (op->num_results) {
    json_t *a = json_array();
    for (uint32_t i = 0; i < op->num_results; i++) {
      buf_value_t *v = &op->results[i];
      json_t *r = json_object();
      json_object_set_new(r, "id", value_ref(w, v));
      json_object_set_new(r, "type", type_text(w, v->type));
      if (v->name_hint) json_object_set_new(r, "name", json_string(v->name_hint));
      json_array_append_new(a, r);
    }
    json_object_set_new(j, "results", a);
  }
  if (op->attrs && op->attrs->u.dict.n) {
    json_t *o = json_object();
    for (uint32_t i = 0; i < op->attrs->u.dict.n; i++)
      json_object_set_new(o, op->attrs->u.dict.entries[i].name,
                          attr_text(w, op->attrs->u.dict.entries[i].value));
    json_object_set_new(j, "attributes", o);
  }
  if (op->num_regions) {
    json_t *regions = json_array();
    for (uint32_t r = 0; r < op->num_regions; r++) {
      json_t *blocks = json_array();
      for (buf_block_t *b = op->regions[r]->first; b; b = b->next) {
        json_t *bj = json_object();
        uint32_t n = 0;
        num_get(&w->blocks, b, &n);
        json_object_set_new(bj, "id", id_str('b', n));
        if (b->label_hint)
          json_object_set_new(bj, "label", json_string(b->label_hint));
        if (b->num_args) {
          json_t *args = json_array();
          for (uint32_t i = 0; i < b->num_args; i++) {
            buf_value_t *v = b->args[i];
            json_t *aj = json_object();
            json_object_set_new(aj, "id", value_ref(w, v));
            json_object_set_new(aj, "type", type_text(w, v->type));
            if (v->name_hint)
              json_object_set_new(aj, "name", json_string(v->name_hint));
            json_t *al = loc_json(v->loc);
            if (al) json_object_set_new(aj, "loc", al);
            json_array_append_new(args, aj);
          }
          json_object_set_new(bj, "args", args);
        }
        if (b->first) {
          json_t *ops = json_array();
          for (buf_op_t *o = b->first; o; o = o->next)
            json_array_append_new(ops, write_op(w, o));
          json_object_set_new(bj, "ops", ops);
        }
        json_array_append_new(blocks, bj);
      }
      json_array_append_new(regions, json_pack("{s:o}", "blocks", blocks));
    }
    json_object_set_new(j, "regions", regions);
  }
  if (op->num_successors) {
    json_t *a = json_array();
    for (uint32_t i = 0; i < op->num_successors; i++) {
      uint32_t n = 0;
      if (op->successors[i] && num_get(&w->blocks, op->successors[i], &n))
        json_array_append_new(a, id_str('b', n));
      else
        json_array_append_new(a, json_string(""));
    }
    json_object_set_new(j, "successors", a);
  }
  return j;
}

/* The JSON form of module as a malloc'd string (NULL only if module is
 * NULL). */
char *buf_module_to_json(buf_op_t *module, size_t *len) {
  if (!module) return NULL;
  writer_t w = {0};
  number_op(&w, module);
  json_t *root = json_object();
  json_object_set_new(root, "format", json_string("bufferd.program"));
  json_object_set_new(root, "version", json_integer(1));
  json_object_set_new(root, "module", write_op(&w, module));
  uint32_t nres;
  const buf_resource_t **res = buf_op_resources(module, &nres);
  json_t *builtin = NULL;
  for (uint32_t i = 0; i < nres; i++) {
    if (!res[i]->data) continue; /* undefined: left for the reader's users */
    if (!builtin) builtin = json_object();
    size_t hlen;
    char *hex = buf_resource_to_hex(res[i], &hlen);
    json_object_set_new(builtin, res[i]->name, json_stringn(hex, hlen));
    free(hex);
  }
  free(res);
  if (builtin) {
    json_t *rj = json_object();
    json_object_set_new(rj, "builtin", builtin);
    json_object_set_new(root, "resources", rj);
  }
  char *s = json_dumps(root, JSON_COMPACT);
  json_decref(root);
  num_free(&w.values);
  num_free(&w.blocks);
  buf_strbuf_free(&w.sb);
  if (s && len) *len = strlen(s);
  return s;
}

/* ------------------------------------------------------------------------ */
/* Reader                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct ventry {
  buf_value_t *value;  /* the definition, or a placeholder */
  bool defined;
  char *use_path;      /* where a placeholder was first used (malloc'd) */
  buf_loc_t use_loc;
} ventry_t;

typedef struct bentry {
  buf_block_t *block;
  bool defined;
  char *use_path;
  buf_loc_t use_loc;
} bentry_t;

typedef struct reader {
  buf_ctx_t *ctx;
  buf_ident_t file;
  buf_loc_t loc;        /* nearest op location, for diagnostics */
  char path[4096];      /* current JSON Pointer */
  size_t path_len;
  json_t *vids, *bids;  /* id -> index into values / blocks */
  ventry_t *values;
  size_t nvalues, cap_values;
  bentry_t *blocks;
  size_t nblocks, cap_blocks;
  buf_block_t *scratch; /* owns placeholder values */
  uint32_t depth, max_depth;
  uint64_t nops, max_ops;
} reader_t;

/* Appends "/seg" to the path and returns the previous length. */
static size_t path_push(reader_t *r, const char *seg) {
  size_t old = r->path_len;
  int n = snprintf(r->path + old, sizeof r->path - old, "/%s", seg);
  if (n > 0) r->path_len = old + (size_t)n < sizeof r->path
                               ? old + (size_t)n : sizeof r->path - 1;
  return old;
}

static size_t path_push_index(reader_t *r, size_t i) {
  char buf[32];
  snprintf(buf, sizeof buf, "%zu", i);
  return path_push(r, buf);
}

static void path_pop(reader_t *r, size_t old) {
  r->path_len = old;
  r->path[old] = 0;
}

static buf_status_t fail(reader_t *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static buf_status_t fail(reader_t *r, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  buf_emit_error(r->ctx, r->loc, "%s (at %s)", msg,
                 r->path_len ? r->path : "/");
  return BUF_FAILURE;
}

static const char *json_kind(const json_t *j) {
  switch (json_typeof(j)) {
  case JSON_OBJECT: return "an object";
  case JSON_ARRAY: return "an array";
  case JSON_STRING: return "a string";
  case JSON_INTEGER: return "an integer";
  case JSON_REAL: return "a number";
  case JSON_TRUE:
  case JSON_FALSE: return "a boolean";
  case JSON_NULL: return "null";
  }
  return "a value";
}

/* Fetches field key of obj with the wanted jansson type; missing is an
 * error when required. *out is NULL when absent. */
static buf_status_t field(reader_t *r, json_t *obj, const char *key,
                          json_type type, bool required, json_t **out) {
  json_t *j = json_object_get(obj, key);
  *out = NULL;
  if (!j) {
    if (required) return fail(r, "missing field '%s'", key);
    return BUF_SUCCESS;
  }
  bool ok = json_typeof(j) == type ||
            (type == JSON_TRUE && json_typeof(j) == JSON_FALSE);
  if (!ok) {
    const char *want = type == JSON_OBJECT   ? "an object"
                       : type == JSON_ARRAY  ? "an array"
                       : type == JSON_STRING ? "a string"
                       : type == JSON_INTEGER ? "an integer"
                                              : "a value";
    size_t old = path_push(r, key);
    buf_status_t s = fail(r, "field '%s' must be %s, not %s", key, want,
                          json_kind(j));
    path_pop(r, old);
    return s;
  }
  *out = j;
  return BUF_SUCCESS;
}

/* Rejects keys outside allowed (a NULL-terminated list): typos would
 * otherwise silently drop data. */
static buf_status_t only_keys(reader_t *r, json_t *obj,
                              const char *const *allowed) {
  const char *key;
  json_t *v;
  json_object_foreach(obj, key, v) {
    bool ok = false;
    for (const char *const *a = allowed; *a; a++)
      if (strcmp(*a, key) == 0) ok = true;
    if (!ok) {
      size_t old = path_push(r, key);
      buf_status_t s = fail(r, "unknown field '%s'", key);
      path_pop(r, old);
      return s;
    }
  }
  return BUF_SUCCESS;
}

static void *grow(void *p, size_t *cap, size_t n, size_t elem) {
  if (n < *cap) return p;
  size_t nc = *cap ? *cap * 2 : 64;
  void *q = realloc(p, nc * elem);
  if (!q) abort(); /* out of memory */
  memset((char *)q + *cap * elem, 0, (nc - *cap) * elem);
  *cap = nc;
  return q;
}

static ventry_t *value_entry(reader_t *r, const char *id, bool create) {
  json_t *ix = json_object_get(r->vids, id);
  if (ix) return &r->values[json_integer_value(ix)];
  if (!create) return NULL;
  r->values = grow(r->values, &r->cap_values, r->nvalues, sizeof *r->values);
  json_object_set_new(r->vids, id, json_integer((json_int_t)r->nvalues));
  return &r->values[r->nvalues++];
}

static bentry_t *block_entry(reader_t *r, const char *id) {
  json_t *ix = json_object_get(r->bids, id);
  if (ix) return &r->blocks[json_integer_value(ix)];
  r->blocks = grow(r->blocks, &r->cap_blocks, r->nblocks, sizeof *r->blocks);
  json_object_set_new(r->bids, id, json_integer((json_int_t)r->nblocks));
  bentry_t *e = &r->blocks[r->nblocks++];
  e->block = buf_block_create(r->ctx);
  return e;
}

/* The value an operand id names, or a placeholder until it is defined. */
static buf_value_t *use_value(reader_t *r, const char *id) {
  ventry_t *e = value_entry(r, id, true);
  if (!e->value) {
    e->value = buf_block_add_arg(r->scratch, buf_type_none(r->ctx),
                                 BUF_LOC_UNKNOWN);
    e->use_path = strdup(r->path);
    if (!e->use_path) abort();
    e->use_loc = r->loc;
  }
  return e->value;
}

/* Binds id to v, replacing a placeholder's uses. */
static buf_status_t define_value(reader_t *r, const char *id, buf_value_t *v) {
  if (!*id) return fail(r, "empty value id");
  ventry_t *e = value_entry(r, id, true);
  if (e->defined) return fail(r, "duplicate value id '%s'", id);
  if (e->value) buf_value_replace_all_uses(e->value, v);
  e->value = v;
  e->defined = true;
  return BUF_SUCCESS;
}

/* Parses a location object {file, line, col}. */
static buf_status_t read_loc(reader_t *r, json_t *j, buf_loc_t *out) {
  static const char *const keys[] = {"file", "line", "col", NULL};
  if (BUF_FAILED(only_keys(r, j, keys))) return BUF_FAILURE;
  json_t *f, *l, *c;
  if (BUF_FAILED(field(r, j, "file", JSON_STRING, true, &f)) ||
      BUF_FAILED(field(r, j, "line", JSON_INTEGER, true, &l)) ||
      BUF_FAILED(field(r, j, "col", JSON_INTEGER, true, &c)))
    return BUF_FAILURE;
  json_int_t line = json_integer_value(l), col = json_integer_value(c);
  if (line < 0 || line > UINT32_MAX || col < 0 || col > UINT32_MAX)
    return fail(r, "location line/col out of range");
  out->file = buf_ident_cstr(r->ctx, json_string_value(f));
  out->line = (uint32_t)line;
  out->col = (uint32_t)col;
  return BUF_SUCCESS;
}

/* Number of errors recorded so far. */
static size_t nerrors(reader_t *r) { return buf_ctx_num_errors(r->ctx); }

/* Parses MLIR type text held in the JSON string j (at the current path).
 * The text is parsed under a pseudo file named by the JSON Pointer, and
 * registered as that file's source when it fails, so the parser's
 * diagnostic prints the text with a caret. */
static buf_status_t read_type(reader_t *r, json_t *j, buf_type_t *out) {
  const char *text = json_string_value(j);
  size_t len = json_string_length(j);
  char *name = malloc(strlen(r->file) + r->path_len + 2);
  if (!name) abort();
  sprintf(name, "%s#%s", r->file, r->path);
  buf_loc_t loc = {buf_ident_cstr(r->ctx, name), 1, 1};
  size_t before = nerrors(r);
  *out = buf_parse_type_str(r->ctx, text, len, loc);
  if (!*out) {
    buf_ctx_add_source(r->ctx, name, text, len);
    free(name);
    if (nerrors(r) == before) return fail(r, "invalid type '%s'", text);
    return fail(r, "invalid type");
  }
  free(name);
  return BUF_SUCCESS;
}

static buf_status_t read_attr(reader_t *r, json_t *j, buf_attr_t *out) {
  const char *text = json_string_value(j);
  size_t len = json_string_length(j);
  char *name = malloc(strlen(r->file) + r->path_len + 2);
  if (!name) abort();
  sprintf(name, "%s#%s", r->file, r->path);
  buf_loc_t loc = {buf_ident_cstr(r->ctx, name), 1, 1};
  size_t before = nerrors(r);
  *out = buf_parse_attr_str(r->ctx, text, len, loc);
  if (!*out) {
    buf_ctx_add_source(r->ctx, name, text, len);
    free(name);
    if (nerrors(r) == before) return fail(r, "invalid attribute '%s'", text);
    return fail(r, "invalid attribute");
  }
  free(name);
  return BUF_SUCCESS;
}

/* {"id", "type", "name"?, "loc"?}: a result (no loc) or block argument. */
static buf_status_t read_value_decl(reader_t *r, json_t *j, bool allow_loc,
                                    const char **id, buf_type_t *type,
                                    const char **name, buf_loc_t *loc) {
  static const char *const rkeys[] = {"id", "type", "name", NULL};
  static const char *const akeys[] = {"id", "type", "name", "loc", NULL};
  if (!json_is_object(j)) return fail(r, "expected an object, not %s", json_kind(j));
  if (BUF_FAILED(only_keys(r, j, allow_loc ? akeys : rkeys))) return BUF_FAILURE;
  json_t *ij, *tj, *nj, *lj = NULL;
  if (BUF_FAILED(field(r, j, "id", JSON_STRING, true, &ij)) ||
      BUF_FAILED(field(r, j, "type", JSON_STRING, true, &tj)) ||
      BUF_FAILED(field(r, j, "name", JSON_STRING, false, &nj)) ||
      (allow_loc && BUF_FAILED(field(r, j, "loc", JSON_OBJECT, false, &lj))))
    return BUF_FAILURE;
  *id = json_string_value(ij);
  *name = nj ? json_string_value(nj) : NULL;
  size_t old = path_push(r, "type");
  buf_status_t s = read_type(r, tj, type);
  path_pop(r, old);
  if (BUF_FAILED(s)) return s;
  if (lj) {
    old = path_push(r, "loc");
    s = read_loc(r, lj, loc);
    path_pop(r, old);
  }
  return s;
}

static buf_op_t *read_op(reader_t *r, json_t *j);

static buf_status_t read_block(reader_t *r, json_t *j, buf_region_t *region) {
  static const char *const keys[] = {"id", "label", "args", "ops", NULL};
  if (!json_is_object(j)) return fail(r, "expected a block object, not %s", json_kind(j));
  if (BUF_FAILED(only_keys(r, j, keys))) return BUF_FAILURE;
  json_t *ij, *lj, *aj, *oj;
  if (BUF_FAILED(field(r, j, "id", JSON_STRING, true, &ij)) ||
      BUF_FAILED(field(r, j, "label", JSON_STRING, false, &lj)) ||
      BUF_FAILED(field(r, j, "args", JSON_ARRAY, false, &aj)) ||
      BUF_FAILED(field(r, j, "ops", JSON_ARRAY, false, &oj)))
    return BUF_FAILURE;
  const char *id = json_string_value(ij);
  if (!*id) return fail(r, "empty block id");
  bentry_t *e = block_entry(r, id);
  if (e->defined) return fail(r, "duplicate block id '%s'", id);
  e->defined = true;
  buf_block_t *b = e->block;
  if (lj) b->label_hint = buf_ident_cstr(r->ctx, json_string_value(lj));
  buf_region_append_block(region, b);
  size_t i;
  json_t *el;
  if (aj) {
    size_t old = path_push(r, "args");
    json_array_foreach(aj, i, el) {
      size_t o2 = path_push_index(r, i);
      const char *vid, *name;
      buf_type_t t;
      buf_loc_t loc = BUF_LOC_UNKNOWN;
      if (BUF_FAILED(read_value_decl(r, el, true, &vid, &t, &name, &loc)))
        return BUF_FAILURE;
      buf_value_t *v = buf_block_add_arg(b, t, loc);
      if (name) v->name_hint = buf_ident_cstr(r->ctx, name);
      if (BUF_FAILED(define_value(r, vid, v))) return BUF_FAILURE;
      path_pop(r, o2);
    }
    path_pop(r, old);
  }
  if (oj) {
    size_t old = path_push(r, "ops");
    json_array_foreach(oj, i, el) {
      size_t o2 = path_push_index(r, i);
      buf_op_t *op = read_op(r, el);
      if (!op) return BUF_FAILURE;
      buf_block_append_op(b, op);
      path_pop(r, o2);
    }
    path_pop(r, old);
  }
  return BUF_SUCCESS;
}

/* Reads one op (and everything nested); NULL after an error. */
static buf_op_t *read_op(reader_t *r, json_t *j) {
  static const char *const keys[] = {"name",       "loc",     "operands",
                                     "results",    "attributes", "regions",
                                     "successors", NULL};
  if (!json_is_object(j)) {
    fail(r, "expected an op object, not %s", json_kind(j));
    return NULL;
  }
  if (r->depth >= r->max_depth) {
    fail(r, "region nesting deeper than %u", r->max_depth);
    return NULL;
  }
  if (r->max_ops && ++r->nops > r->max_ops) {
    fail(r, "more than %llu ops", (unsigned long long)r->max_ops);
    return NULL;
  }
  if (BUF_FAILED(only_keys(r, j, keys))) return NULL;
  json_t *nj, *lj, *oj, *rj, *aj, *gj, *sj;
  if (BUF_FAILED(field(r, j, "name", JSON_STRING, true, &nj)) ||
      BUF_FAILED(field(r, j, "loc", JSON_OBJECT, false, &lj)) ||
      BUF_FAILED(field(r, j, "operands", JSON_ARRAY, false, &oj)) ||
      BUF_FAILED(field(r, j, "results", JSON_ARRAY, false, &rj)) ||
      BUF_FAILED(field(r, j, "attributes", JSON_OBJECT, false, &aj)) ||
      BUF_FAILED(field(r, j, "regions", JSON_ARRAY, false, &gj)) ||
      BUF_FAILED(field(r, j, "successors", JSON_ARRAY, false, &sj)))
    return NULL;
  const char *name = json_string_value(nj);
  if (!*name) {
    size_t old = path_push(r, "name");
    fail(r, "empty op name");
    path_pop(r, old);
    return NULL;
  }
  buf_loc_t saved_loc = r->loc;
  buf_loc_t loc = {r->file, 0, 0};
  if (lj) {
    size_t old = path_push(r, "loc");
    if (BUF_FAILED(read_loc(r, lj, &loc))) return NULL;
    path_pop(r, old);
    r->loc = loc;
  }
  buf_op_state_t st;
  buf_state_init(&st, r->ctx, name, lj ? loc : BUF_LOC_UNKNOWN);
  size_t i;
  json_t *el;
  if (oj) {
    size_t old = path_push(r, "operands");
    json_array_foreach(oj, i, el) {
      size_t o2 = path_push_index(r, i);
      if (!json_is_string(el)) {
        fail(r, "operand must be a value id string, not %s", json_kind(el));
        return NULL;
      }
      buf_state_add_operand(&st, use_value(r, json_string_value(el)));
      path_pop(r, o2);
    }
    path_pop(r, old);
  }
  const char **result_ids = NULL, **result_names = NULL;
  size_t nres = rj ? json_array_size(rj) : 0;
  if (nres) {
    result_ids = calloc(nres, sizeof *result_ids);
    result_names = calloc(nres, sizeof *result_names);
    if (!result_ids || !result_names) abort();
    size_t old = path_push(r, "results");
    json_array_foreach(rj, i, el) {
      size_t o2 = path_push_index(r, i);
      buf_type_t t;
      buf_loc_t unused;
      if (BUF_FAILED(read_value_decl(r, el, false, &result_ids[i], &t,
                                     &result_names[i], &unused))) {
        free(result_ids);
        free(result_names);
        return NULL;
      }
      buf_state_add_result(&st, t);
      path_pop(r, o2);
    }
    path_pop(r, old);
  }
  buf_op_t *op = NULL;
  if (aj) {
    size_t old = path_push(r, "attributes");
    const char *key;
    json_object_foreach(aj, key, el) {
      size_t o2 = path_push(r, key);
      if (!*key) {
        /* The text form has no spelling for it ("expected valid attribute
         * name"), so such an op could not print as text that reads back. */
        fail(r, "empty attribute name");
        goto out;
      }
      if (!json_is_string(el)) {
        fail(r, "attribute '%s' must be MLIR attribute text (a string), not %s",
             key, json_kind(el));
        goto out;
      }
      buf_attr_t a;
      if (BUF_FAILED(read_attr(r, el, &a))) goto out;
      buf_state_set_attr(&st, key, a);
      path_pop(r, o2);
    }
    path_pop(r, old);
  }
  if (sj) {
    size_t old = path_push(r, "successors");
    json_array_foreach(sj, i, el) {
      size_t o2 = path_push_index(r, i);
      if (!json_is_string(el) || !*json_string_value(el)) {
        fail(r, "successor must be a block id string");
        goto out;
      }
      bentry_t *be = block_entry(r, json_string_value(el));
      if (!be->defined && !be->use_path) {
        be->use_path = strdup(r->path);
        if (!be->use_path) abort();
        be->use_loc = r->loc;
      }
      buf_state_add_successor(&st, be->block);
      path_pop(r, o2);
    }
    path_pop(r, old);
  }
  size_t nregions = gj ? json_array_size(gj) : 0;
  for (size_t k = 0; k < nregions; k++) buf_state_add_region(&st);
  op = buf_op_create(&st);
  for (size_t k = 0; k < nres; k++) {
    if (result_names[k])
      op->results[k].name_hint = buf_ident_cstr(r->ctx, result_names[k]);
    size_t o1 = path_push(r, "results");
    size_t o2 = path_push_index(r, k);
    buf_status_t s = define_value(r, result_ids[k], &op->results[k]);
    path_pop(r, o2);
    path_pop(r, o1);
    if (BUF_FAILED(s)) {
      op = NULL;
      goto out;
    }
  }
  if (gj) {
    size_t old = path_push(r, "regions");
    r->depth++;
    json_array_foreach(gj, i, el) {
      size_t o2 = path_push_index(r, i);
      static const char *const rkeys[] = {"blocks", NULL};
      json_t *bj;
      if (!json_is_object(el)) {
        fail(r, "expected a region object, not %s", json_kind(el));
        op = NULL;
        goto out;
      }
      if (BUF_FAILED(only_keys(r, el, rkeys)) ||
          BUF_FAILED(field(r, el, "blocks", JSON_ARRAY, true, &bj))) {
        op = NULL;
        goto out;
      }
      size_t o3 = path_push(r, "blocks");
      size_t bi;
      json_t *b;
      json_array_foreach(bj, bi, b) {
        size_t o4 = path_push_index(r, bi);
        if (BUF_FAILED(read_block(r, b, op->regions[i]))) {
          op = NULL;
          goto out;
        }
        path_pop(r, o4);
      }
      path_pop(r, o3);
      path_pop(r, o2);
    }
    r->depth--;
    path_pop(r, old);
  }
out:
  free(result_ids);
  free(result_names);
  r->loc = saved_loc;
  return op;
}

/* Checks that every mentioned id was defined. */
static buf_status_t check_undefined(reader_t *r) {
  for (size_t i = 0; i < r->nvalues; i++) {
    ventry_t *e = &r->values[i];
    if (e->defined) continue;
    const char *id = "";
    const char *key;
    json_t *v;
    json_object_foreach(r->vids, key, v) if ((size_t)json_integer_value(v) == i) id = key;
    buf_emit_error(r->ctx, e->use_loc, "unknown value id '%s' (at %s)", id,
                   e->use_path ? e->use_path : "/");
    return BUF_FAILURE;
  }
  for (size_t i = 0; i < r->nblocks; i++) {
    bentry_t *e = &r->blocks[i];
    if (e->defined) continue;
    const char *id = "";
    const char *key;
    json_t *v;
    json_object_foreach(r->bids, key, v) if ((size_t)json_integer_value(v) == i) id = key;
    buf_emit_error(r->ctx, e->use_loc, "unknown block id '%s' (at %s)", id,
                   e->use_path ? e->use_path : "/");
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* "resources": {"builtin": {NAME: hex, ...}}, defining the context's
 * blobs before the module's attributes name them. */
static buf_status_t read_resources(reader_t *r, json_t *rj) {
  static const char *const keys[] = {"builtin", NULL};
  if (BUF_FAILED(only_keys(r, rj, keys))) return BUF_FAILURE;
  json_t *bj;
  if (BUF_FAILED(field(r, rj, "builtin", JSON_OBJECT, false, &bj)))
    return BUF_FAILURE;
  if (!bj) return BUF_SUCCESS;
  size_t old = path_push(r, "builtin");
  const char *key;
  json_t *v;
  json_object_foreach(bj, key, v) {
    size_t o2 = path_push(r, key);
    buf_resource_t *res = buf_ctx_resource_get(r->ctx, key, strlen(key));
    if (!json_is_string(v) ||
        !buf_resource_set_hex(r->ctx, res, json_string_value(v),
                              json_string_length(v))) {
      fail(r, "expected hex string blob for key '%s' (\"0x\", the 4-byte "
              "alignment, the bytes)", key);
      path_pop(r, o2);
      path_pop(r, old);
      return BUF_FAILURE;
    }
    path_pop(r, o2);
  }
  path_pop(r, old);
  return BUF_SUCCESS;
}

static buf_op_t *read_document(reader_t *r, json_t *root) {
  static const char *const keys[] = {"format", "version", "module",
                                     "resources", NULL};
  if (!json_is_object(root)) {
    fail(r, "the document must be an object, not %s", json_kind(root));
    return NULL;
  }
  if (BUF_FAILED(only_keys(r, root, keys))) return NULL;
  json_t *fj, *vj, *mj;
  if (BUF_FAILED(field(r, root, "format", JSON_STRING, true, &fj)) ||
      BUF_FAILED(field(r, root, "version", JSON_INTEGER, true, &vj)) ||
      BUF_FAILED(field(r, root, "module", JSON_OBJECT, true, &mj)))
    return NULL;
  if (strcmp(json_string_value(fj), "bufferd.program") != 0) {
    size_t old = path_push(r, "format");
    fail(r, "format must be \"bufferd.program\", not \"%s\"",
         json_string_value(fj));
    path_pop(r, old);
    return NULL;
  }
  if (json_integer_value(vj) != 1) {
    size_t old = path_push(r, "version");
    fail(r, "unsupported version %lld (this build reads version 1)",
         (long long)json_integer_value(vj));
    path_pop(r, old);
    return NULL;
  }
  json_t *rj;
  if (BUF_FAILED(field(r, root, "resources", JSON_OBJECT, false, &rj)))
    return NULL;
  if (rj) {
    size_t o = path_push(r, "resources");
    buf_status_t s = read_resources(r, rj);
    path_pop(r, o);
    if (BUF_FAILED(s)) return NULL;
  }
  size_t old = path_push(r, "module");
  buf_op_t *op = read_op(r, mj);
  path_pop(r, old);
  if (!op || BUF_FAILED(check_undefined(r))) return NULL;
  if (strcmp(op->name, "builtin.module") != 0) {
    /* Wrap a lone top-level op in a module, as the text parser does. */
    buf_op_state_t st;
    buf_state_init(&st, r->ctx, "builtin.module", op->loc);
    buf_region_t *region = buf_state_add_region(&st);
    buf_op_t *module = buf_op_create(&st);
    buf_block_t *b = buf_block_create(r->ctx);
    buf_region_append_block(region, b);
    buf_block_append_op(b, op);
    op = module;
  }
  return op;
}

/* Parses the JSON form; NULL with located diagnostics on any error. */
buf_op_t *buf_module_from_json(buf_ctx_t *ctx, const char *file,
                               const char *text, size_t len,
                               const buf_parse_options_t *opts) {
  buf_parse_options_t o = opts ? *opts : buf_parse_options_default();
  if (!file) file = "<stdin>";
  if (!text) len = 0;
  buf_ctx_add_source(ctx, file, text ? text : "", len);
  reader_t r;
  memset(&r, 0, sizeof r);
  r.ctx = ctx;
  r.file = buf_ident_cstr(ctx, file);
  r.loc = (buf_loc_t){r.file, 0, 0};
  r.max_depth = o.max_depth ? o.max_depth : 256;
  r.max_ops = o.max_ops;
  json_error_t jerr;
  json_t *root = json_loadb(text ? text : "", len,
                            JSON_REJECT_DUPLICATES,
                            &jerr);
  if (!root) {
    buf_loc_t loc = {r.file, jerr.line > 0 ? (uint32_t)jerr.line : 1,
                     jerr.column > 0 ? (uint32_t)jerr.column : 1};
    buf_emit_error(ctx, loc, "invalid JSON: %s", jerr.text);
    return NULL;
  }
  r.vids = json_object();
  r.bids = json_object();
  r.scratch = buf_block_create(ctx);
  buf_op_t *module = read_document(&r, root);
  for (size_t i = 0; i < r.nvalues; i++) free(r.values[i].use_path);
  for (size_t i = 0; i < r.nblocks; i++) free(r.blocks[i].use_path);
  free(r.values);
  free(r.blocks);
  json_decref(r.vids);
  json_decref(r.bids);
  json_decref(root);
  if (module && o.verify && BUF_FAILED(buf_verify(module))) return NULL;
  return module;
}
