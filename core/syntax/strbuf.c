/*
 * strbuf.c: growable malloc'd strings (buf_strbuf_t) and the printer's
 * pointer map.
 *
 * Invariant: after any append, data is NUL-terminated (data[len] == 0), so
 * a strbuf can be handed out as a C string. Growth doubles the capacity;
 * out-of-memory aborts, the only abort the library allows.
 */
#include "printer_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The buffer of a streaming strbuf: full, its text is handed on. */
#define STREAM_CAP ((size_t)256 << 10)

/* Whether the text goes somewhere as it accumulates. */
static bool streaming(const buf_strbuf_t *sb) { return sb->sink || sb->spill; }

/* Writes the accumulated text to the sink (or spill) and empties the
 * buffer. */
void buf_strbuf_flush(buf_strbuf_t *sb) {
  if (!streaming(sb) || sb->len == 0)
    return;
  if (sb->sink)
    fwrite(sb->data, 1, sb->len, sb->sink);
  else
    sb->spill(sb->spill_user, sb->data, sb->len);
  sb->len = 0;
  sb->data[0] = 0;
}

/* Makes room for n more bytes plus the terminating NUL. A streaming buffer
 * hands its text on rather than growing, and grows only for a piece larger
 * than itself. */
static void strbuf_reserve(buf_strbuf_t *sb, size_t n) {
  if (sb->len + n + 1 <= sb->cap)
    return;
  if (streaming(sb)) {
    buf_strbuf_flush(sb);
    if (n + 1 <= sb->cap)
      return;
  }
  size_t cap = sb->cap ? sb->cap : streaming(sb) ? STREAM_CAP : 64;
  while (cap < sb->len + n + 1)
    cap *= 2;
  char *d = realloc(sb->data, cap);
  if (!d)
    abort(); /* out of memory */
  sb->data = d;
  sb->cap = cap;
}

/* buf_strbuf_append when the buffer is full, empty or discarding. */
void buf__strbuf_append_slow(buf_strbuf_t *sb, const char *s, size_t n) {
  if (sb->discard)
    return;
  strbuf_reserve(sb, n);
  if (n)
    memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = 0;
}

/* Appends the decimal form of u, after a '-' when negative (the printer's
 * hot path: no printf). */
static void append_decimal(buf_strbuf_t *sb, uint64_t u, bool negative) {
  char tmp[24];
  size_t n = sizeof tmp;
  do {
    tmp[--n] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (negative)
    tmp[--n] = '-';
  buf_strbuf_append(sb, tmp + n, sizeof tmp - n);
}

void buf__strbuf_append_i64(buf_strbuf_t *sb, int64_t v) {
  append_decimal(sb, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, v < 0);
}

void buf__strbuf_append_u64(buf_strbuf_t *sb, uint64_t v) {
  append_decimal(sb, v, false);
}

/* Appends printf-formatted text. */
void buf_strbuf_printf(buf_strbuf_t *sb, const char *fmt, ...) {
  if (sb->discard)
    return;
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) {
    va_end(ap2);
    return;
  }
  if ((size_t)n < sizeof small) {
    buf_strbuf_append(sb, small, (size_t)n);
  } else {
    strbuf_reserve(sb, (size_t)n);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap2);
    sb->len += (size_t)n;
  }
  va_end(ap2);
}

/* Frees the string and resets sb to empty. */
void buf_strbuf_free(buf_strbuf_t *sb) {
  free(sb->data);
  sb->data = NULL;
  sb->len = sb->cap = 0;
}

/* ------------------------------------------------------------------------ */
/* Pointer map                                                               */
/* ------------------------------------------------------------------------ */

static uint32_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (uint32_t)x;
}

/* The value stored for key, or NULL. */
void *buf__prmap_get(const buf__prmap_t *m, const void *key) {
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

/* Stores val under key (replacing an earlier value). */
void buf__prmap_put(buf__prmap_t *m, const void *key, void *val) {
  if ((m->n + 1) * 2 > m->cap) {
    uint32_t cap = m->cap ? m->cap * 2 : 64;
    const void **keys = calloc(cap, sizeof *keys);
    void **vals = calloc(cap, sizeof *vals);
    if (!keys || !vals)
      abort(); /* out of memory */
    for (uint32_t i = 0; i < m->cap; i++) {
      if (!m->keys[i])
        continue;
      uint32_t j = ptr_hash(m->keys[i]) & (cap - 1);
      while (keys[j])
        j = (j + 1) & (cap - 1);
      keys[j] = m->keys[i];
      vals[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
  }
  uint32_t mask = m->cap - 1;
  uint32_t i = ptr_hash(key) & mask;
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & mask;
  if (!m->keys[i]) {
    m->keys[i] = key;
    m->n++;
  }
  m->vals[i] = val;
}

/* Frees the map's tables (not the values). */
void buf__prmap_free(buf__prmap_t *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}
