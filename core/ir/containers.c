/*
 * containers.c: growable pointer vectors and sets with inline storage for
 * their first items (see containers.h).
 */
#include <stdlib.h>
#include <string.h>

#include "containers.h"

void buf__ptrvec_push(buf__ptrvec_t *p, void *x) {
  if (!p->v) {
    p->v = p->small;
    p->cap = BUF__PTRVEC_INLINE;
  }
  if (p->n == p->cap) {
    void **grown = malloc((size_t)p->cap * 2 * sizeof *grown);
    if (!grown)
      abort(); /* out of memory only */
    memcpy(grown, p->v, p->n * sizeof *grown);
    if (p->v != p->small)
      free(p->v);
    p->v = grown;
    p->cap *= 2;
  }
  p->v[p->n++] = x;
}

void buf__ptrvec_free(buf__ptrvec_t *p) {
  if (p->v != p->small)
    free(p->v);
  p->v = NULL;
  p->n = p->cap = 0;
}

void **buf__ptrvec_take(buf__ptrvec_t *p) {
  void **out = malloc((p->n ? p->n : 1) * sizeof *out);
  if (!out)
    abort(); /* out of memory only */
  if (p->n)
    memcpy(out, p->v, p->n * sizeof *out);
  buf__ptrvec_free(p);
  return out;
}

bool buf__ptrset_add(buf__ptrset_t *s, void *x) {
  if (s->items.n <= BUF__PTRVEC_INLINE) {
    for (uint32_t i = 0; i < s->items.n; i++)
      if (s->items.v[i] == x)
        return false;
  } else if (buf__ptrmap_get(&s->seen, x))
    return false;
  buf__ptrvec_push(&s->items, x);
  /* the set just outgrew the scan: index every member once */
  if (s->items.n == BUF__PTRVEC_INLINE + 1)
    for (uint32_t i = 0; i < s->items.n; i++)
      buf__ptrmap_set(&s->seen, s->items.v[i], (void *)1);
  else if (s->items.n > BUF__PTRVEC_INLINE + 1)
    buf__ptrmap_set(&s->seen, x, (void *)1);
  return true;
}

void buf__ptrset_free(buf__ptrset_t *s) {
  buf__ptrvec_free(&s->items);
  buf__ptrmap_free(&s->seen);
}
