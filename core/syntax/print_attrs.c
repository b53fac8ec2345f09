/*
 * print_attrs.c: attributes as mlir-opt 22 spells them.
 *
 *   unit (bare name in dictionaries)   true false
 *   42 : i32   -1 : i64 (": i64" dropped inside arrays)   4 : index
 *   1.500000e+00 : f32 (see float_format.c)   "text\0A"
 *   [a, b]   {a = 1 : i32, b}   dense<[[1, 2]]> : tensor<1x2xi32>
 *   dense<0.000000e+00> : tensor<4xf32> (all-equal elements print as a
 *   splat, as MLIR stores them)   dense<"0x0100..."> (non-splat, more than
 *   100 elements, as mlir-opt's default hex threshold)
 *   array<i64: 1, 2>   array<i64>   affine_map<(d0) -> (d0)> or #mapN
 *   @f  @a::@b   strided<[4, 1], offset: 8>   #dialect.opaque verbatim
 *
 * Integer values are kept as int64 in the IR; they are sign-extended from
 * their width for signless and signed types and zero-extended for unsigned
 * ones before printing, so i8 255 and i8 -1 both print "-1".
 */
#include "printer_internal.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

/* [a-zA-Z_][a-zA-Z0-9_$.]* */
bool buf__is_bare_identifier(const char *s, size_t n) {
  if (!n)
    return false;
  char c = s[0];
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'))
    return false;
  for (size_t i = 1; i < n; i++) {
    c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.'))
      return false;
  }
  return true;
}

/* "..." with '\\' doubled and every non-printable byte and '"' as \XX. */
void buf__print_escaped_string(buf_strbuf_t *sb, const char *s, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  buf_strbuf_puts(sb, "\"");
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') {
      buf_strbuf_puts(sb, "\\\\");
    } else if (c >= 0x20 && c <= 0x7e && c != '"') {
      buf_strbuf_append(sb, (const char *)&c, 1);
    } else {
      char e[3] = {'\\', hex[c >> 4], hex[c & 15]};
      buf_strbuf_append(sb, e, 3);
    }
  }
  buf_strbuf_puts(sb, "\"");
}

/* A resource key as MLIR's printKeywordOrString spells it: bare when it is
 * [A-Za-z_][A-Za-z0-9_$.]*, else a quoted string. */
void buf__print_resource_key(buf_strbuf_t *sb, const char *s) {
  size_t n = strlen(s);
  bool bare = n > 0 && (isalpha((unsigned char)s[0]) || s[0] == '_');
  for (size_t i = 1; bare && i < n; i++)
    bare = isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '$' ||
           s[i] == '.';
  if (bare)
    buf_strbuf_append(sb, s, n);
  else
    buf__print_escaped_string(sb, s, n);
}

static void print_symbol(buf_strbuf_t *sb, const char *s) {
  buf_strbuf_puts(sb, "@");
  size_t n = s ? strlen(s) : 0;
  if (buf__is_bare_identifier(s, n)) {
    buf_strbuf_append(sb, s, n);
  } else {
    buf__print_escaped_string(sb, s ? s : "", n);
  }
}

/* Prints an integer value of type t (integer or index). */
static void print_int_value(buf_strbuf_t *sb, int64_t v, buf_type_t t) {
  uint32_t w = 64;
  bool is_unsigned = false;
  if (t && t->kind == BUF_TYPE_INTEGER) {
    w = t->u.integer.width;
    is_unsigned = t->u.integer.signedness == BUF_UNSIGNED;
  }
  if (w == 1 && t && t->kind == BUF_TYPE_INTEGER &&
      t->u.integer.signedness == BUF_SIGNLESS) {
    buf_strbuf_puts(sb, (v & 1) ? "true" : "false");
    return;
  }
  if (w > 0 && w < 64) {
    uint64_t mask = (1ULL << w) - 1;
    uint64_t u = (uint64_t)v & mask;
    if (is_unsigned) {
      buf__strbuf_append_u64(sb, u);
      return;
    }
    if (u >> (w - 1))
      u |= ~mask;
    buf__strbuf_append_i64(sb, (int64_t)u);
    return;
  }
  if (is_unsigned)
    buf__strbuf_append_u64(sb, (uint64_t)v);
  else
    buf__strbuf_append_i64(sb, v);
}

static bool is_i64(buf_type_t t) {
  return t && t->kind == BUF_TYPE_INTEGER && t->u.integer.width == 64 &&
         t->u.integer.signedness == BUF_SIGNLESS;
}

static bool is_i1(buf_type_t t) {
  return t && t->kind == BUF_TYPE_INTEGER && t->u.integer.width == 1 &&
         t->u.integer.signedness == BUF_SIGNLESS;
}

/* ------------------------------------------------------------------------ */
/* Affine maps                                                               */
/* ------------------------------------------------------------------------ */

enum { WEAK, STRONG };

static void print_affine_expr(buf_strbuf_t *sb, buf_affine_expr_t *e,
                              int tightness) {
  if (!e) {
    buf_strbuf_puts(sb, "<<NULL AFFINE EXPR>>");
    return;
  }
  const char *op = NULL;
  switch (e->kind) {
  case BUF_AFFINE_DIM:
    buf_strbuf_printf(sb, "d%" PRId64, e->value);
    return;
  case BUF_AFFINE_SYMBOL:
    buf_strbuf_printf(sb, "s%" PRId64, e->value);
    return;
  case BUF_AFFINE_CONST:
    buf_strbuf_printf(sb, "%" PRId64, e->value);
    return;
  case BUF_AFFINE_ADD: op = " + "; break;
  case BUF_AFFINE_MUL: op = " * "; break;
  case BUF_AFFINE_FLOORDIV: op = " floordiv "; break;
  case BUF_AFFINE_CEILDIV: op = " ceildiv "; break;
  case BUF_AFFINE_MOD: op = " mod "; break;
  }
  if (!op) {
    buf_strbuf_puts(sb, "<<BAD AFFINE EXPR>>");
    return;
  }
  buf_affine_expr_t *lhs = e->lhs, *rhs = e->rhs;
  if (!lhs || !rhs) {
    buf_strbuf_puts(sb, "<<NULL AFFINE EXPR>>");
    return;
  }
  bool paren = tightness == STRONG;
  if (e->kind != BUF_AFFINE_ADD) {
    if (paren)
      buf_strbuf_puts(sb, "(");
    if (e->kind == BUF_AFFINE_MUL && rhs->kind == BUF_AFFINE_CONST &&
        rhs->value == -1) {
      buf_strbuf_puts(sb, "-");
      print_affine_expr(sb, lhs, STRONG);
    } else {
      print_affine_expr(sb, lhs, STRONG);
      buf_strbuf_puts(sb, op);
      print_affine_expr(sb, rhs, STRONG);
    }
    if (paren)
      buf_strbuf_puts(sb, ")");
    return;
  }

  if (paren)
    buf_strbuf_puts(sb, "(");
  /* a + b * -1 prints as a - b; a + b * -c as a - b * c. */
  if (rhs->kind == BUF_AFFINE_MUL && rhs->rhs && rhs->lhs &&
      rhs->rhs->kind == BUF_AFFINE_CONST && rhs->rhs->value <= -1) {
    print_affine_expr(sb, lhs, WEAK);
    buf_strbuf_puts(sb, " - ");
    if (rhs->rhs->value == -1) {
      print_affine_expr(sb, rhs->lhs,
                        rhs->lhs->kind == BUF_AFFINE_ADD ? STRONG : WEAK);
    } else {
      print_affine_expr(sb, rhs->lhs, STRONG);
      buf_strbuf_printf(sb, " * %" PRId64, -rhs->rhs->value);
    }
  } else if (rhs->kind == BUF_AFFINE_CONST && rhs->value < 0) {
    print_affine_expr(sb, lhs, WEAK);
    buf_strbuf_printf(sb, " - %" PRId64, -rhs->value);
  } else {
    print_affine_expr(sb, lhs, WEAK);
    buf_strbuf_puts(sb, " + ");
    print_affine_expr(sb, rhs, WEAK);
  }
  if (paren)
    buf_strbuf_puts(sb, ")");
}

/* "(d0, d1)[s0] -> (results)". */
/* "(d0, d1)[s0]": the inputs of a map or integer set. */
static void print_affine_inputs(buf_strbuf_t *sb, buf_affine_map_t *map) {
  buf_strbuf_puts(sb, "(");
  for (uint32_t i = 0; i < map->num_dims; i++)
    buf_strbuf_printf(sb, i ? ", d%u" : "d%u", i);
  buf_strbuf_puts(sb, ")");
  if (map->num_symbols) {
    buf_strbuf_puts(sb, "[");
    for (uint32_t i = 0; i < map->num_symbols; i++)
      buf_strbuf_printf(sb, i ? ", s%u" : "s%u", i);
    buf_strbuf_puts(sb, "]");
  }
}

void buf__print_affine_map(buf_strbuf_t *sb, buf_affine_map_t *map) {
  if (!map) {
    buf_strbuf_puts(sb, "<<NULL AFFINE MAP>>");
    return;
  }
  print_affine_inputs(sb, map);
  buf_strbuf_puts(sb, " -> (");
  for (uint32_t i = 0; i < map->num_results; i++) {
    if (i)
      buf_strbuf_puts(sb, ", ");
    print_affine_expr(sb, map->results ? map->results[i] : NULL, WEAK);
  }
  buf_strbuf_puts(sb, ")");
}

/* ------------------------------------------------------------------------ */
/* Aliases                                                                   */
/* ------------------------------------------------------------------------ */

/* Records a (first) visit of map attribute a in collecting and numbering
 * modes; returns its alias position (0-based), -1 when it has none. */
static int64_t alias_visit(buf__aliases_t *al, buf_attr_t a) {
  if (!al)
    return -1;
  void *v = buf__prmap_get(&al->index, a);
  if (v)
    return (int64_t)(uintptr_t)v - 1;
  if (!al->collecting && !al->numbering)
    return -1;
  if (al->n == al->cap) {
    al->cap = al->cap ? al->cap * 2 : 16;
    al->maps = realloc(al->maps, al->cap * sizeof *al->maps);
    if (!al->maps)
      abort(); /* out of memory */
  }
  al->maps[al->n++] = a;
  buf__prmap_put(&al->index, a, (void *)(uintptr_t)al->n);
  return al->n - 1;
}

/* Maps and integer sets are numbered apart, in visit order: #map, #map1,
 * ... and #set, #set1, ... as mlir-opt names them. */
static const char *alias_stem(buf_attr_t a) {
  return a->kind == BUF_ATTR_INTEGER_SET ? "#set" : "#map";
}

void buf__print_alias_name(buf_strbuf_t *sb, const buf__aliases_t *al,
                           uint32_t k) {
  uint32_t same = 0;
  for (uint32_t i = 0; i < k; i++)
    same += al->maps[i]->kind == al->maps[k]->kind;
  buf_strbuf_puts(sb, alias_stem(al->maps[k]));
  if (same)
    buf__strbuf_append_i64(sb, same);
}

void buf__print_alias_value(buf_strbuf_t *sb, buf_attr_t a) {
  if (a->kind == BUF_ATTR_AFFINE_MAP) {
    buf_strbuf_puts(sb, "affine_map<");
    buf__print_affine_map(sb, a->u.map);
    buf_strbuf_puts(sb, ">");
    return;
  }
  buf_affine_map_t *c = a->u.set.constraints;
  buf_strbuf_puts(sb, "affine_set<");
  print_affine_inputs(sb, c);
  buf_strbuf_puts(sb, " : (");
  if (c->num_results == 0)
    buf_strbuf_puts(sb, "0 == 0");
  for (uint32_t i = 0; i < c->num_results; i++) {
    if (i)
      buf_strbuf_puts(sb, ", ");
    print_affine_expr(sb, c->results[i], WEAK);
    buf_strbuf_puts(sb, a->u.set.eq[i] ? " == 0" : " >= 0");
  }
  buf_strbuf_puts(sb, ")>");
}

void buf__aliases_free(buf__aliases_t *al) {
  buf__prmap_free(&al->index);
  free(al->maps);
  memset(al, 0, sizeof *al);
}

/* ------------------------------------------------------------------------ */
/* Dense elements                                                            */
/* ------------------------------------------------------------------------ */

static bool elem_is_float(buf_type_t et) {
  return et && et->kind == BUF_TYPE_FLOAT;
}

static void print_dense_elem(buf_strbuf_t *sb, buf_attr_t a, int64_t i,
                             buf_type_t et) {
  if (elem_is_float(et)) {
    double v = a->u.dense.floats ? a->u.dense.floats[a->u.dense.splat ? 0 : i]
                                 : 0.0;
    buf__print_float(sb, v, et->u.fkind);
  } else {
    int64_t v =
        a->u.dense.ints ? a->u.dense.ints[a->u.dense.splat ? 0 : i] : 0;
    print_int_value(sb, v, et);
  }
}

/* Whether every stored element equals the first (bitwise for floats). */
static bool dense_all_equal(buf_attr_t a, buf_type_t et) {
  int64_t n = a->u.dense.count;
  if (a->u.dense.splat || n <= 1)
    return true;
  if (elem_is_float(et)) {
    if (!a->u.dense.floats)
      return true;
    uint64_t b0 = buf__float_bits(a->u.dense.floats[0], et->u.fkind);
    for (int64_t i = 1; i < n; i++)
      if (buf__float_bits(a->u.dense.floats[i], et->u.fkind) != b0)
        return false;
    return true;
  }
  if (!a->u.dense.ints)
    return true;
  for (int64_t i = 1; i < n; i++)
    if (a->u.dense.ints[i] != a->u.dense.ints[0])
      return false;
  return true;
}

/* "0x..." little-endian raw data, as MLIR's hex form of large constants;
 * i1 elements are bit-packed. */
static void print_dense_hex(buf_strbuf_t *sb, buf_attr_t a, buf_type_t et,
                            int64_t n) {
  static const char hex[] = "0123456789ABCDEF";
  buf_strbuf_puts(sb, "\"0x");
  if (is_i1(et)) {
    for (int64_t byte = 0; byte * 8 < n; byte++) {
      unsigned v = 0;
      for (int64_t bit = 0; bit < 8 && byte * 8 + bit < n; bit++)
        if (a->u.dense.ints && (a->u.dense.ints[byte * 8 + bit] & 1))
          v |= 1u << bit;
      char c[2] = {hex[v >> 4], hex[v & 15]};
      buf_strbuf_append(sb, c, 2);
    }
  } else {
    uint32_t w = buf_type_bitwidth(et);
    uint32_t bytes = (w + 7) / 8;
    if (!bytes)
      bytes = 8;
    for (int64_t i = 0; i < n; i++) {
      uint64_t v;
      if (elem_is_float(et))
        v = a->u.dense.floats ? buf__float_bits(a->u.dense.floats[i],
                                                et->u.fkind)
                              : 0;
      else
        v = a->u.dense.ints ? (uint64_t)a->u.dense.ints[i] : 0;
      for (uint32_t b = 0; b < bytes; b++) {
        unsigned x = b < 8 ? (unsigned)((v >> (8 * b)) & 0xff) : 0;
        char c[2] = {hex[x >> 4], hex[x & 15]};
        buf_strbuf_append(sb, c, 2);
      }
    }
  }
  buf_strbuf_puts(sb, "\"");
}

static void print_dense(buf_strbuf_t *sb, buf_attr_t a) {
  buf_type_t st = a->type;
  buf_type_t et = st ? buf_type_elem(st) : NULL;
  buf_strbuf_puts(sb, "dense<");
  int64_t n = a->u.dense.count;
  int64_t total = st ? buf_type_num_elements(st) : -1;
  if (total == 0 || n <= 0) {
    buf_strbuf_puts(sb, ">");
    return;
  }
  if (dense_all_equal(a, et)) {
    print_dense_elem(sb, a, 0, et);
  } else if (n > 100) {
    print_dense_hex(sb, a, et, n);
  } else {
    /* A stored count that disagrees with the shape (unverified IR) prints
     * as a flat list rather than walking a shape it does not fill. */
    bool shaped = st && buf_type_is_ranked(st) && total == n &&
                  st->u.shaped.shape;
    uint32_t rank = shaped ? st->u.shaped.rank : 1;
    const int64_t *shape = shaped ? st->u.shaped.shape : &n;
    if (rank == 0) {
      print_dense_elem(sb, a, 0, et);
    } else {
      /* Mixed-radix counter over the shape, opening and closing brackets
       * as digits roll over. */
      int64_t counter[64] = {0};
      if (rank > 64)
        rank = 64;
      uint32_t open = 0;
      for (int64_t idx = 0; idx < n; idx++) {
        if (idx)
          buf_strbuf_puts(sb, ", ");
        while (open < rank) {
          buf_strbuf_puts(sb, "[");
          open++;
        }
        print_dense_elem(sb, a, idx, et);
        counter[rank - 1]++;
        for (uint32_t i = rank - 1; i > 0; i--) {
          if (counter[i] >= shape[i] && open > 0) {
            counter[i] = 0;
            counter[i - 1]++;
            open--;
            buf_strbuf_puts(sb, "]");
          }
        }
      }
      while (open-- > 0)
        buf_strbuf_puts(sb, "]");
    }
  }
  buf_strbuf_puts(sb, ">");
}

/* ------------------------------------------------------------------------ */
/* Attributes                                                                */
/* ------------------------------------------------------------------------ */

/* "name = value" or bare "name" for unit, name quoted when not bare. */
static void print_named(buf_strbuf_t *sb, const buf_named_attr_t *e,
                        buf__aliases_t *al) {
  const char *name = e->name ? e->name : "";
  size_t len = strlen(name);
  if (buf__is_bare_identifier(name, len))
    buf_strbuf_append(sb, name, len);
  else
    buf__print_escaped_string(sb, name, len);
  if (e->value && e->value->kind == BUF_ATTR_UNIT)
    return;
  buf_strbuf_puts(sb, " = ");
  buf__print_attr(sb, e->value, al, BUF__ELIDE_NEVER);
}

void buf__print_dict_entries(buf_strbuf_t *sb, const buf_named_attr_t *e,
                             uint32_t n, buf__aliases_t *al) {
  buf_strbuf_puts(sb, "{");
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_strbuf_puts(sb, ", ");
    print_named(sb, &e[i], al);
  }
  buf_strbuf_puts(sb, "}");
}

bool buf__attr_may_print_map(buf_attr_t a) {
  if (!a)
    return false;
  switch (a->kind) {
  case BUF_ATTR_AFFINE_MAP:
  case BUF_ATTR_INTEGER_SET:
    return true;
  case BUF_ATTR_ARRAY:
    for (uint32_t i = 0; i < a->u.array.n; i++)
      if (buf__attr_may_print_map(a->u.array.elems[i]))
        return true;
    return false;
  case BUF_ATTR_DICT:
    for (uint32_t i = 0; i < a->u.dict.n; i++)
      if (buf__attr_may_print_map(a->u.dict.entries[i].value))
        return true;
    return false;
  case BUF_ATTR_TYPE:
  case BUF_ATTR_DENSE:
  case BUF_ATTR_DENSE_RESOURCE:
    return buf__type_may_print_attr(a->type);
  default:
    return false; /* leaves: no map inside, scalar types */
  }
}

/* Appends a; elide says whether the ": type" suffix may or must go. */
void buf__print_attr(buf_strbuf_t *sb, buf_attr_t a, buf__aliases_t *al,
                     buf__elide_t elide) {
  if (!a) {
    buf_strbuf_puts(sb, "<<NULL ATTRIBUTE>>");
    return;
  }
  /* The alias-collecting pass discards its text and only needs the affine
   * maps: leaves that cannot hold one are skipped there. */
  if (sb->discard &&
      (a->kind == BUF_ATTR_UNIT || a->kind == BUF_ATTR_BOOL ||
       a->kind == BUF_ATTR_INTEGER || a->kind == BUF_ATTR_FLOAT ||
       a->kind == BUF_ATTR_STRING || a->kind == BUF_ATTR_DENSE_ARRAY ||
       a->kind == BUF_ATTR_SYMBOL_REF || a->kind == BUF_ATTR_STRIDED ||
       a->kind == BUF_ATTR_OPAQUE))
    return;
  switch (a->kind) {
  case BUF_ATTR_UNIT:
    buf_strbuf_puts(sb, "unit");
    return;
  case BUF_ATTR_BOOL:
    buf_strbuf_puts(sb, a->u.b ? "true" : "false");
    return;
  case BUF_ATTR_INTEGER:
    print_int_value(sb, a->u.i, a->type);
    if (is_i1(a->type))
      return; /* booleans never show their type */
    if (elide == BUF__ELIDE_MUST ||
        (elide == BUF__ELIDE_MAY && (!a->type || is_i64(a->type))))
      return;
    buf_strbuf_puts(sb, " : ");
    buf__print_type(sb, a->type ? a->type : NULL, al);
    return;
  case BUF_ATTR_FLOAT: {
    buf_float_kind_t k =
        (a->type && a->type->kind == BUF_TYPE_FLOAT) ? a->type->u.fkind
                                                     : BUF_F64;
    size_t start = sb->len;
    buf__print_float(sb, a->u.f, k);
    /* Like integers and i64, f64 is the type a bare float literal gets,
       so where elision is allowed (array elements) mlir-opt drops it;
       not after a hex bit pattern, which alone would read as an integer. */
    bool hex = sb->len > start + 1 && sb->data[start] == '0' &&
               sb->data[start + 1] == 'x';
    if (elide == BUF__ELIDE_MUST ||
        (elide == BUF__ELIDE_MAY && k == BUF_F64 && !hex))
      return;
    buf_strbuf_puts(sb, " : ");
    buf__print_type(sb, a->type, al);
    return;
  }
  case BUF_ATTR_STRING:
    buf__print_escaped_string(sb, a->u.str.data ? a->u.str.data : "",
                              a->u.str.data ? a->u.str.len : 0);
    return;
  case BUF_ATTR_TYPE:
    buf__print_type(sb, a->type, al);
    return;
  case BUF_ATTR_ARRAY:
    buf_strbuf_puts(sb, "[");
    for (uint32_t i = 0; i < a->u.array.n; i++) {
      if (i)
        buf_strbuf_puts(sb, ", ");
      buf__print_attr(sb, a->u.array.elems[i], al, BUF__ELIDE_MAY);
    }
    buf_strbuf_puts(sb, "]");
    return;
  case BUF_ATTR_DICT:
    buf__print_dict_entries(sb, a->u.dict.entries, a->u.dict.n, al);
    return;
  case BUF_ATTR_DENSE:
    print_dense(sb, a);
    if (elide == BUF__ELIDE_MUST)
      return;
    buf_strbuf_puts(sb, " : ");
    buf__print_type(sb, a->type, al);
    return;
  case BUF_ATTR_DENSE_RESOURCE:
    buf_strbuf_puts(sb, "dense_resource<");
    buf__print_resource_key(sb, a->u.resource->name);
    buf_strbuf_puts(sb, ">");
    if (elide == BUF__ELIDE_MUST)
      return;
    buf_strbuf_puts(sb, " : ");
    buf__print_type(sb, a->type, al);
    return;
  case BUF_ATTR_DENSE_ARRAY: {
    buf_strbuf_puts(sb, "array<");
    buf__print_type(sb, a->type, al);
    for (int64_t i = 0; i < a->u.dense_array.count; i++) {
      buf_strbuf_puts(sb, i ? ", " : ": ");
      if (elem_is_float(a->type))
        buf__print_float(sb,
                         a->u.dense_array.floats ? a->u.dense_array.floats[i]
                                                 : 0.0,
                         a->type->u.fkind);
      else
        print_int_value(
            sb, a->u.dense_array.ints ? a->u.dense_array.ints[i] : 0, a->type);
    }
    buf_strbuf_puts(sb, ">");
    return;
  }
  case BUF_ATTR_AFFINE_MAP:
  case BUF_ATTR_INTEGER_SET: {
    int64_t k = alias_visit(al, a);
    if (k >= 0 && !al->collecting) {
      buf__print_alias_name(sb, al, (uint32_t)k);
      return;
    }
    buf__print_alias_value(sb, a);
    return;
  }
  case BUF_ATTR_SYMBOL_REF:
    for (uint32_t i = 0; i < a->u.symref.n; i++) {
      if (i)
        buf_strbuf_puts(sb, "::");
      print_symbol(sb, a->u.symref.names[i]);
    }
    if (!a->u.symref.n)
      buf_strbuf_puts(sb, "@\"\"");
    return;
  case BUF_ATTR_STRIDED:
    buf_strbuf_puts(sb, "strided<[");
    for (uint32_t i = 0; i < a->u.strided.rank; i++) {
      if (i)
        buf_strbuf_puts(sb, ", ");
      int64_t s = a->u.strided.strides ? a->u.strided.strides[i] : 0;
      if (s == BUF_DYNAMIC)
        buf_strbuf_puts(sb, "?");
      else
        buf_strbuf_printf(sb, "%" PRId64, s);
    }
    buf_strbuf_puts(sb, "]");
    if (a->u.strided.offset == BUF_DYNAMIC)
      buf_strbuf_puts(sb, ", offset: ?");
    else if (a->u.strided.offset != 0)
      buf_strbuf_printf(sb, ", offset: %" PRId64, a->u.strided.offset);
    buf_strbuf_puts(sb, ">");
    return;
  case BUF_ATTR_OPAQUE:
    buf_strbuf_puts(sb, a->u.opaque.text ? a->u.opaque.text : "#<<NULL>>");
    return;
  }
  buf_strbuf_puts(sb, "<<UNKNOWN ATTRIBUTE>>");
}

/* Appends a to sb, without aliases. */
void buf_print_attr_to(buf_strbuf_t *sb, buf_attr_t a) {
  buf__print_attr(sb, a, NULL, BUF__ELIDE_NEVER);
}

/* a as an arena string of ctx. */
const char *buf_attr_to_string(buf_ctx_t *ctx, buf_attr_t a) {
  buf_strbuf_t sb = {0};
  buf__print_attr(&sb, a, NULL, BUF__ELIDE_NEVER);
  char *s = buf_arena_strndup(buf_ctx_arena(ctx), sb.data ? sb.data : "",
                              sb.len);
  buf_strbuf_free(&sb);
  return s;
}
