/*
 * print_types.c: types as mlir-opt 22 spells them.
 *
 *   i32 si8 ui8 index f16 bf16 f32 f64 none
 *   tensor<4x?xf32>  tensor<*xf32>  tensor<4xf32, "enc">
 *   memref<4x?xf32, strided<[?, 1], offset: ?>, 1>  memref<*xf32, 1>
 *   vector<4xf32>  (i32) -> f32  (i32) -> (f32, f32)  () -> ()  tuple<i32>
 *   !dialect.opaque (verbatim)
 *
 * Identity affine-map layouts are omitted, as MLIR never stores them.
 * Layouts and memory spaces print with type elision "may" (an i64 memory
 * space prints as "1"), encodings in full ("tensor<4xf32, 1 : i64>", as
 * mlir-opt prints them), and affine-map layouts
 * go through the alias table.
 */
#include "printer_internal.h"

#include <string.h>

#include <inttypes.h>

static const char *float_name(buf_float_kind_t k) {
  switch (k) {
  case BUF_F16: return "f16";
  case BUF_BF16: return "bf16";
  case BUF_F32: return "f32";
  case BUF_F64: return "f64";
  }
  return "f?";
}

/* "4x?x" : the dimension list of a ranked shaped type with its trailing 'x'. */
static void print_dims(buf_strbuf_t *sb, uint32_t rank, const int64_t *shape) {
  for (uint32_t i = 0; i < rank; i++) {
    if (!shape || shape[i] == BUF_DYNAMIC || shape[i] < 0)
      buf_strbuf_puts(sb, "?x");
    else {
      buf__strbuf_append_i64(sb, shape[i]);
      buf_strbuf_append(sb, "x", 1);
    }
  }
}

/* The result list of a function type: "T" when exactly one non-function
 * type, "(T, U)" otherwise. */
static void print_results(buf_strbuf_t *sb, uint32_t n, const buf_type_t *ts,
                          buf__aliases_t *al) {
  bool wrap = n != 1 || (ts[0] && ts[0]->kind == BUF_TYPE_FUNCTION);
  if (wrap)
    buf_strbuf_puts(sb, "(");
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_strbuf_puts(sb, ", ");
    buf__print_type(sb, ts[i], al);
  }
  if (wrap)
    buf_strbuf_puts(sb, ")");
}

static bool layout_is_identity(buf_attr_t layout) {
  return layout->kind == BUF_ATTR_AFFINE_MAP && layout->u.map &&
         buf_affine_map_is_identity(layout->u.map);
}

/* True when printing t can visit no attribute (so no affine map): the
 * alias-collecting pass, whose text is discarded, skips such types. */
static bool type_is_attr_free(buf_type_t t) {
  switch (t->kind) {
  case BUF_TYPE_INTEGER:
  case BUF_TYPE_INDEX:
  case BUF_TYPE_FLOAT:
  case BUF_TYPE_NONE:
  case BUF_TYPE_OPAQUE:
    return true;
  case BUF_TYPE_TENSOR:
  case BUF_TYPE_UNRANKED_TENSOR:
  case BUF_TYPE_MEMREF:
  case BUF_TYPE_UNRANKED_MEMREF:
  case BUF_TYPE_VECTOR:
    return !t->u.shaped.encoding && !t->u.shaped.layout &&
           !t->u.shaped.memory_space && t->u.shaped.elem &&
           t->u.shaped.elem->kind != BUF_TYPE_FUNCTION &&
           t->u.shaped.elem->kind != BUF_TYPE_TUPLE &&
           (t->u.shaped.elem->kind < BUF_TYPE_TENSOR ||
            t->u.shaped.elem->kind == BUF_TYPE_OPAQUE ||
            type_is_attr_free(t->u.shaped.elem));
  default:
    return false;
  }
}

static void print_uncached(buf_strbuf_t *sb, buf_type_t t, buf__aliases_t *al);

bool buf__type_may_print_attr(buf_type_t t) {
  return t && !type_is_attr_free(t);
}

/* Appends t. NULL prints as "<<NULL TYPE>>" like MLIR, so that dumps of
 * broken IR never crash. */
void buf__print_type(buf_strbuf_t *sb, buf_type_t t, buf__aliases_t *al) {
  if (!t) {
    buf_strbuf_puts(sb, "<<NULL TYPE>>");
    return;
  }
  if (sb->discard && type_is_attr_free(t))
    return;
  if (al && !sb->discard && t->kind >= BUF_TYPE_TENSOR &&
      type_is_attr_free(t)) {
    uint32_t slot = (uint32_t)(((uintptr_t)t >> 4) ^ ((uintptr_t)t >> 10)) & 63;
    if (al->types[slot].type == t) {
      buf_strbuf_append(sb, al->types[slot].text, al->types[slot].len);
      return;
    }
    size_t before = sb->len;
    al->types[slot].type = NULL; /* the slot is rewritten below */
    print_uncached(sb, t, al);
    /* A streaming buffer may have been flushed meanwhile: then the text
     * is not in one piece and is not remembered. */
    if (sb->len > before && sb->len - before < sizeof al->types[slot].text) {
      al->types[slot].type = t;
      al->types[slot].len = (uint8_t)(sb->len - before);
      memcpy(al->types[slot].text, sb->data + before, sb->len - before);
    }
    return;
  }
  print_uncached(sb, t, al);
}

/* buf__print_type without the cache. */
static void print_uncached(buf_strbuf_t *sb, buf_type_t t,
                           buf__aliases_t *al) {
  switch (t->kind) {
  case BUF_TYPE_INTEGER:
    buf_strbuf_puts(sb, t->u.integer.signedness == BUF_SIGNED     ? "si"
                        : t->u.integer.signedness == BUF_UNSIGNED ? "ui"
                                                                  : "i");
    buf__strbuf_append_i64(sb, t->u.integer.width);
    return;
  case BUF_TYPE_INDEX:
    buf_strbuf_puts(sb, "index");
    return;
  case BUF_TYPE_FLOAT:
    buf_strbuf_puts(sb, float_name(t->u.fkind));
    return;
  case BUF_TYPE_NONE:
    buf_strbuf_puts(sb, "none");
    return;
  case BUF_TYPE_TENSOR:
    buf_strbuf_puts(sb, "tensor<");
    print_dims(sb, t->u.shaped.rank, t->u.shaped.shape);
    buf__print_type(sb, t->u.shaped.elem, al);
    if (t->u.shaped.encoding) {
      buf_strbuf_puts(sb, ", ");
      buf__print_attr(sb, t->u.shaped.encoding, al, BUF__ELIDE_NEVER);
    }
    buf_strbuf_puts(sb, ">");
    return;
  case BUF_TYPE_UNRANKED_TENSOR:
    buf_strbuf_puts(sb, "tensor<*x");
    buf__print_type(sb, t->u.shaped.elem, al);
    buf_strbuf_puts(sb, ">");
    return;
  case BUF_TYPE_MEMREF:
    buf_strbuf_puts(sb, "memref<");
    print_dims(sb, t->u.shaped.rank, t->u.shaped.shape);
    buf__print_type(sb, t->u.shaped.elem, al);
    if (t->u.shaped.layout && !layout_is_identity(t->u.shaped.layout)) {
      buf_strbuf_puts(sb, ", ");
      buf__print_attr(sb, t->u.shaped.layout, al, BUF__ELIDE_MAY);
    }
    if (t->u.shaped.memory_space) {
      buf_strbuf_puts(sb, ", ");
      buf__print_attr(sb, t->u.shaped.memory_space, al, BUF__ELIDE_MAY);
    }
    buf_strbuf_puts(sb, ">");
    return;
  case BUF_TYPE_UNRANKED_MEMREF:
    buf_strbuf_puts(sb, "memref<*x");
    buf__print_type(sb, t->u.shaped.elem, al);
    if (t->u.shaped.memory_space) {
      buf_strbuf_puts(sb, ", ");
      buf__print_attr(sb, t->u.shaped.memory_space, al, BUF__ELIDE_MAY);
    }
    buf_strbuf_puts(sb, ">");
    return;
  case BUF_TYPE_VECTOR:
    buf_strbuf_puts(sb, "vector<");
    for (uint32_t i = 0; i < t->u.shaped.rank; i++) {
      bool sc = buf_type_vector_dim_scalable(t, i);
      buf_strbuf_puts(sb, sc ? "[" : "");
      buf__strbuf_append_i64(sb, t->u.shaped.shape[i]);
      buf_strbuf_puts(sb, sc ? "]x" : "x");
    }
    buf__print_type(sb, t->u.shaped.elem, al);
    buf_strbuf_puts(sb, ">");
    return;
  case BUF_TYPE_FUNCTION:
    buf_strbuf_puts(sb, "(");
    for (uint32_t i = 0; i < t->u.func.num_inputs; i++) {
      if (i)
        buf_strbuf_puts(sb, ", ");
      buf__print_type(sb, t->u.func.inputs[i], al);
    }
    buf_strbuf_puts(sb, ") -> ");
    print_results(sb, t->u.func.num_results, t->u.func.results, al);
    return;
  case BUF_TYPE_TUPLE:
    buf_strbuf_puts(sb, "tuple<");
    for (uint32_t i = 0; i < t->u.tuple.num_elems; i++) {
      if (i)
        buf_strbuf_puts(sb, ", ");
      buf__print_type(sb, t->u.tuple.elems[i], al);
    }
    buf_strbuf_puts(sb, ">");
    return;
  case BUF_TYPE_OPAQUE:
    buf_strbuf_puts(sb, t->u.opaque.text ? t->u.opaque.text : "!<<NULL>>");
    return;
  }
  buf_strbuf_puts(sb, "<<UNKNOWN TYPE>>");
}

/* Appends t to sb, without aliases. */
void buf_print_type_to(buf_strbuf_t *sb, buf_type_t t) {
  buf__print_type(sb, t, NULL);
}

/* t as an arena string of ctx. */
const char *buf_type_to_string(buf_ctx_t *ctx, buf_type_t t) {
  buf_strbuf_t sb = {0};
  buf__print_type(&sb, t, NULL);
  char *s = buf_arena_strndup(buf_ctx_arena(ctx), sb.data ? sb.data : "",
                              sb.len);
  buf_strbuf_free(&sb);
  return s;
}
