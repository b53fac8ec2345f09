/*
 * arena.c: the chunked bump allocator that holds every IR object of a
 * context.
 *
 * Small allocations are carved from chunks that grow with the arena: 64 KiB
 * while the arena is small (a context for a tiny program stays tiny), then
 * doubling up to 4 MiB once it holds megabytes. Chunks of 2 MiB and more are
 * mapped directly and 2 MiB aligned, so that where the system hands out
 * transparent huge pages on its own (enabled=always) a 100 MB IR costs a
 * few dozen page faults instead of tens of thousands; fresh mappings are
 * zero without a memset. They are not marked MADV_HUGEPAGE: with the usual
 * defrag=madvise that makes each fault compact memory when no huge page is
 * free, and right after another large process exits (mlir-opt in
 * bench/parse_bench.sh) that stall cost a 10 MB parse 0.14 s of system time
 * and a third of its wall time, against a 7-11% gain on a quiet machine. An
 * allocation larger than a quarter of the smallest chunk gets a chunk of its
 * own so big arrays do not waste the rest of the current chunk. All memory
 * is zeroed and 16-byte aligned and is released only by buf__arena_free (or
 * buf_arena_reset). Out-of-memory aborts (the one abort the library allows).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ir_internal.h"

#define CHUNK_SIZE ((size_t)64 * 1024)        /* the first chunks */
#define MAX_CHUNK_SIZE ((size_t)4 << 20)      /* the largest small chunk */
#define HUGE_PAGE ((size_t)2 << 20)           /* mapped chunks: this size+ */
#define ALIGN 16

struct buf_arena_chunk {
  struct buf_arena_chunk *next;
  size_t size;   /* payload bytes */
  size_t mapped; /* bytes of the mapping when mmap'd; 0 when calloc'd */
  /* keep the payload 16-byte aligned */
  _Alignas(16) char data[];
};

static void out_of_memory(void) {
  fputs("bufferd: out of memory\n", stderr);
  abort();
}

/* A chunk of `bytes` (header included) mapped at a 2 MiB boundary so that
 * transparent huge pages can back it where the system gives them without
 * asking (see the top of the file); NULL when mapping fails. */
static struct buf_arena_chunk *map_chunk(size_t bytes) {
  size_t len = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  char *raw = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    return NULL;
  /* Trim to an aligned window of len bytes. */
  char *start = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
  if (start > raw)
    munmap(raw, (size_t)(start - raw));
  size_t tail = (size_t)((raw + len + HUGE_PAGE) - (start + len));
  if (tail)
    munmap(start + len, tail);
  struct buf_arena_chunk *c = (struct buf_arena_chunk *)start;
  c->mapped = len;
  return c;
}

static struct buf_arena_chunk *new_chunk(buf_arena_t *a, size_t payload) {
  struct buf_arena_chunk *c = NULL;
  if (payload >= HUGE_PAGE - sizeof *c)
    c = map_chunk(sizeof *c + payload); /* zero from the kernel */
  if (!c) {
    c = calloc(1, sizeof *c + payload);
    if (!c)
      out_of_memory();
    c->mapped = 0;
  }
  c->size = payload;
  a->total += payload;
  return c;
}

static void free_chunk(struct buf_arena_chunk *c) {
  if (c->mapped)
    munmap(c, c->mapped);
  else
    free(c);
}

/* Payload size of the next small chunk: about an eighth of what the arena
 * holds, so the unused tail of the newest chunk stays a small fraction.
 * Mapped sizes leave room for the header inside whole huge pages. */
static size_t next_chunk_size(const buf_arena_t *a) {
  size_t size = CHUNK_SIZE;
  while (size < MAX_CHUNK_SIZE && size * 8 <= a->total)
    size *= 2;
  if (size >= HUGE_PAGE)
    size -= sizeof(struct buf_arena_chunk);
  return size;
}

void buf__arena_init(buf_arena_t *a) { memset(a, 0, sizeof *a); }

buf_arena_t *buf_arena_create(void) {
  buf_arena_t *a = calloc(1, sizeof *a);
  if (!a)
    out_of_memory();
  return a;
}

void buf_arena_reset(buf_arena_t *a) {
  struct buf_arena_chunk *keep = a->cur ? a->chunks : NULL;
  struct buf_arena_chunk *c = a->chunks;
  size_t total = 0;
  while (c) {
    struct buf_arena_chunk *n = c->next;
    if (c != keep)
      free_chunk(c);
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
    free_chunk(c);
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
    size_t csize = next_chunk_size(a);
    struct buf_arena_chunk *c = new_chunk(a, csize);
    c->next = a->chunks;
    a->chunks = c;
    a->cur = c->data;
    a->end = c->data + csize;
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
