/*
 * lower_value_map.c: the lowering's map from IR values, blocks and
 * functions to the LLVM values, blocks and functions that stand for them:
 * a pointer hash with open addressing, owned by the lowering state (its
 * slots die with it in buf_llvm_emit).
 */
#include <stdlib.h>

#include "lower_internal.h"

/* Contract in lower_internal.h. */
void buf__lw_map_put(lw_t *L, const void *key, void *value) {
  if (2 * (L->n + 1) > L->cap) {
    size_t cap = L->cap ? L->cap * 2 : 1024;
    lw_slot_t *s = calloc(cap, sizeof *s);
    if (!s)
      abort(); /* out of memory */
    for (size_t i = 0; i < L->cap; i++)
      if (L->slots[i].key) {
        size_t h = ((uintptr_t)L->slots[i].key >> 4) & (cap - 1);
        while (s[h].key)
          h = (h + 1) & (cap - 1);
        s[h] = L->slots[i];
      }
    free(L->slots);
    L->slots = s;
    L->cap = cap;
  }
  size_t h = ((uintptr_t)key >> 4) & (L->cap - 1);
  while (L->slots[h].key && L->slots[h].key != key)
    h = (h + 1) & (L->cap - 1);
  if (!L->slots[h].key)
    L->n++;
  L->slots[h].key = key;
  L->slots[h].value = value;
}

/* Contract in lower_internal.h. */
void *buf__lw_map_get(const lw_t *L, const void *key) {
  if (!L->cap)
    return NULL;
  size_t h = ((uintptr_t)key >> 4) & (L->cap - 1);
  while (L->slots[h].key) {
    if (L->slots[h].key == key)
      return L->slots[h].value;
    h = (h + 1) & (L->cap - 1);
  }
  return NULL;
}
