/*
 * memcache.c: the loop thread's response cache, the fast path for repeated
 * requests: SHA-256 of the request body -> the exact response body. It is
 * an LRU bounded by bytes: a hash table of chained entries plus a doubly
 * linked recency list. Only the loop thread touches it, so no locks.
 * Responses of a given compiler version are a pure function of the request
 * body, so serving them again is always correct.
 */
#include <stdlib.h>
#include <string.h>

#include "bufferd.h"

typedef struct mc_entry {
  char hash[CACHE_KEY_HEX_LEN + 1];
  char key[CACHE_KEY_HEX_LEN + 1];
  char *response;
  size_t len;
  struct mc_entry *chain;        /* next in the bucket */
  struct mc_entry *prev, *next;  /* recency list, most recent first */
} mc_entry_t;

struct bd_memcache {
  mc_entry_t **buckets;
  size_t num_buckets;
  mc_entry_t *head, *tail;
  uint64_t bytes, max_bytes;
};

static size_t bucket_of(const bd_memcache_t *m, const char *hash) {
  size_t h = 0;
  for (int i = 0; i < 16; i++)
    h = h * 16 + (size_t)(hash[i] <= '9' ? hash[i] - '0' : hash[i] - 'a' + 10);
  return h % m->num_buckets;
}

bd_memcache_t *bd_memcache_create(uint64_t max_bytes) {
  bd_memcache_t *m = calloc(1, sizeof *m);
  m->num_buckets = 4096;
  m->buckets = calloc(m->num_buckets, sizeof *m->buckets);
  m->max_bytes = max_bytes;
  return m;
}

void bd_memcache_destroy(bd_memcache_t *m) {
  if (!m)
    return;
  for (mc_entry_t *e = m->head, *next; e; e = next) {
    next = e->next;
    free(e->response);
    free(e);
  }
  free(m->buckets);
  free(m);
}

static void list_unlink(bd_memcache_t *m, mc_entry_t *e) {
  if (e->prev) e->prev->next = e->next; else m->head = e->next;
  if (e->next) e->next->prev = e->prev; else m->tail = e->prev;
  e->prev = e->next = NULL;
}

static void list_push_front(bd_memcache_t *m, mc_entry_t *e) {
  e->next = m->head;
  e->prev = NULL;
  if (m->head) m->head->prev = e; else m->tail = e;
  m->head = e;
}

static void remove_entry(bd_memcache_t *m, mc_entry_t *e) {
  mc_entry_t **p = &m->buckets[bucket_of(m, e->hash)];
  while (*p != e)
    p = &(*p)->chain;
  *p = e->chain;
  list_unlink(m, e);
  m->bytes -= e->len + sizeof *e;
  free(e->response);
  free(e);
}

const char *bd_memcache_get(bd_memcache_t *m, const char *hash, size_t *len,
                            const char **key) {
  for (mc_entry_t *e = m->buckets[bucket_of(m, hash)]; e; e = e->chain) {
    if (strcmp(e->hash, hash) == 0) {
      list_unlink(m, e);
      list_push_front(m, e);
      *len = e->len;
      *key = e->key;
      return e->response;
    }
  }
  return NULL;
}

void bd_memcache_put(bd_memcache_t *m, const char *hash, const char *key,
                     const char *response, size_t len) {
  if (len + sizeof(mc_entry_t) > m->max_bytes)
    return;
  size_t n;
  const char *k;
  if (bd_memcache_get(m, hash, &n, &k))
    return;
  mc_entry_t *e = calloc(1, sizeof *e);
  memcpy(e->hash, hash, CACHE_KEY_HEX_LEN + 1);
  memcpy(e->key, key, CACHE_KEY_HEX_LEN + 1);
  e->response = malloc(len);
  memcpy(e->response, response, len);
  e->len = len;
  size_t b = bucket_of(m, hash);
  e->chain = m->buckets[b];
  m->buckets[b] = e;
  list_push_front(m, e);
  m->bytes += len + sizeof *e;
  while (m->bytes > m->max_bytes && m->tail)
    remove_entry(m, m->tail);
}
