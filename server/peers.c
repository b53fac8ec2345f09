/*
 * peers.c: open connections counted per client address, so that one client
 * cannot hold every connection the daemon allows (--max-connections-per-
 * client). Loop thread only.
 *
 * A chained hash table of address -> count; an entry is freed when its
 * last connection closes, so the table holds only addresses that are
 * connected now and stays as small as the connection limit.
 */
#include <stdlib.h>
#include <string.h>

#include "bufferd.h"

#define NUM_BUCKETS 1024

typedef struct peer {
  struct peer *next;
  uint32_t connections;
  char address[BD_PEER_ADDRESS_LEN];
} peer_t;

struct bd_peers {
  peer_t *buckets[NUM_BUCKETS];
};

bd_peers_t *bd_peers_create(void) { return calloc(1, sizeof(bd_peers_t)); }

void bd_peers_destroy(bd_peers_t *p) {
  if (!p)
    return;
  for (size_t i = 0; i < NUM_BUCKETS; i++) {
    peer_t *e = p->buckets[i];
    while (e) {
      peer_t *next = e->next;
      free(e);
      e = next;
    }
  }
  free(p);
}

/* FNV-1a of the address text. */
static size_t bucket_of(const char *address) {
  uint32_t h = 2166136261u;
  for (const unsigned char *c = (const unsigned char *)address; *c; c++)
    h = (h ^ *c) * 16777619u;
  return h % NUM_BUCKETS;
}

uint32_t bd_peers_add(bd_peers_t *p, const char *address) {
  peer_t **head = &p->buckets[bucket_of(address)];
  for (peer_t *e = *head; e; e = e->next)
    if (strcmp(e->address, address) == 0)
      return ++e->connections;
  peer_t *e = calloc(1, sizeof *e);
  if (!e)
    return UINT32_MAX; /* out of memory: treat the client as over its cap */
  strncpy(e->address, address, sizeof e->address - 1);
  e->connections = 1;
  e->next = *head;
  *head = e;
  return 1;
}

void bd_peers_remove(bd_peers_t *p, const char *address) {
  for (peer_t **link = &p->buckets[bucket_of(address)]; *link; link = &(*link)->next) {
    peer_t *e = *link;
    if (strcmp(e->address, address) != 0)
      continue;
    if (--e->connections == 0) {
      *link = e->next;
      free(e);
    }
    return;
  }
}
