/*
 * arena.c: the chunked bump allocator that holds every IR object of a
 * context.
 *
 * Small allocations are carved from 64 KiB chunks; an allocation larger than
 * a quarter chunk gets a chunk of its own so big arrays do not waste the
 * rest of the current chunk. All memory is zeroed and 16-byte aligned and
 * is released only by buf__arena_free. Out-of-memory aborts (the one abort
 * the library allows).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_internal.h"

#define CHUNK_SIZE ((size_t)64 * 1024)
#define ALIGN 16

struct buf_arena_chunk {
  struct buf_arena_chunk *next;
  size_t size;
  /* keep the payload 16-byte aligned */
  _Alignas(16) char data[];
};

static struct buf_arena_chunk *new_chunk(buf_arena_t *a, size_t payload) {
  struct buf_arena_chunk *c = calloc(1, sizeof *c + payload);
  if (!c) {
    fputs("bufferd: out of memory\n", stderr);
    abort();
  }
  c->size = payload;
  a->total += payload;
  return c;
}

void buf__arena_init(buf_arena_t *a) { memset(a, 0, sizeof *a); }

buf_arena_t *buf_arena_create(void) {
  buf_arena_t *a = calloc(1, sizeof *a);
  if (!a) {
    fputs("bufferd: out of memory\n", stderr);
    abort();
  }
  return a;
}

void buf_arena_reset(buf_arena_t *a) {
  struct buf_arena_chunk *keep = a->cur ? a->chunks : NULL;
  struct buf_arena_chunk *c = a->chunks;
  size_t total = 0;
  while (c) {
    struct buf_arena_chunk *n = c->next;
    if (c != keep)
      free(c);
    c = n;
  }
  a->chunks = keep;
  if (keep) {
    /* Only the used part needs zeroing again: the rest never left zero. */
    memset(keep->data, 0, (size_t)(a->cur - keep->data));
    keep->next = NULL;
    a->cur = keep->data;
    a->end = keep->data + keep->size;
    total = keep->size;
  }
  a->total = total;
}

void buf_arena_destroy(buf_arena_t *a) {
  if (!a)
    return;
  buf__arena_free(a);
  free(a);
}

void buf__arena_free(buf_arena_t *a) {
  struct buf_arena_chunk *c = a->chunks;
  while (c) {
    struct buf_arena_chunk *n = c->next;
    free(c);
    c = n;
  }
  memset(a, 0, sizeof *a);
}

/* Returns zeroed 16-byte aligned memory owned by the arena. */
void *buf_arena_alloc(buf_arena_t *a, size_t size) {
  if (size == 0) size = 1;
  size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  if (size > CHUNK_SIZE / 4) {
    /* Big: its own chunk, linked behind the current one so the bump region
     * stays usable. */
    struct buf_arena_chunk *c = new_chunk(a, size);
    if (a->chunks) {
      c->next = a->chunks->next;
      a->chunks->next = c;
    } else {
      c->next = NULL;
      a->chunks = c;
      a->cur = a->end = NULL;
    }
    return c->data;
  }
  if (!a->cur || (size_t)(a->end - a->cur) < size) {
    struct buf_arena_chunk *c = new_chunk(a, CHUNK_SIZE);
    c->next = a->chunks;
    a->chunks = c;
    a->cur = c->data;
    a->end = c->data + CHUNK_SIZE;
  }
  void *p = a->cur;
  a->cur += size;
  return p;
}

/* Copies n bytes and a NUL into the arena. */
char *buf_arena_strndup(buf_arena_t *a, const char *s, size_t n) {
  char *p = buf_arena_alloc(a, n + 1);
  if (n) memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* printf into the arena. */
char *buf_arena_printf(buf_arena_t *a, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  char *p = buf_arena_alloc(a, (size_t)n + 1);
  vsnprintf(p, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  return p;
}

/* A copy of old with room for new_n elements; the tail is zero. When old
 * is the most recent allocation of the current chunk and the chunk has room,
 * it grows in place: growing arrays (op states, operand lists) built while
 * nothing else is allocated then waste no arena memory. Memory past a->cur
 * was never handed out, so it is still zero. */
void *buf_arena_grow(buf_arena_t *a, void *old, size_t old_n, size_t new_n,
                     size_t elem_size) {
  size_t old_size = (old_n * elem_size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  size_t new_size = (new_n * elem_size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  if (old && old_n && new_n > old_n && a->cur &&
      (char *)old + old_size == a->cur &&
      (size_t)(a->end - a->cur) >= new_size - old_size) {
    a->cur += new_size - old_size;
    return old;
  }
  void *p = buf_arena_alloc(a, new_n * elem_size);
  size_t keep = old_n < new_n ? old_n : new_n;
  if (old && keep) memcpy(p, old, keep * elem_size);
  return p;
}
