/*
 * containers.h: small growable pointer containers for walks over the IR
 * (core/ir/containers.c).
 *
 * The walks of the bufferization analysis (definitions, reverse use-def
 * chains, uses, paths between blocks) mostly meet one or two values and run
 * a few times per operand: the first items of a vector live in the struct
 * itself and membership in a set is a scan until the set grows, so a short
 * walk allocates nothing.
 *
 * Invariants: a zero-initialized container is empty and valid; a container
 * must not be moved (copied by value) while it holds items, since its items
 * may point into it; memory is malloc'd and released by the _free calls;
 * running out of memory aborts (the only abort the core allows).
 */
#ifndef BUF_IR_CONTAINERS_H
#define BUF_IR_CONTAINERS_H

#include "ir_internal.h"

enum { BUF__PTRVEC_INLINE = 8 };

/* A vector of pointers: items v[0 .. n). */
typedef struct buf__ptrvec {
  void **v;       /* `small`, or malloc'd once larger; NULL while empty */
  uint32_t n;     /* items held */
  uint32_t cap;   /* items v can hold */
  void *small[BUF__PTRVEC_INLINE]; /* the first items, without malloc */
} buf__ptrvec_t;

/* Appends x. */
void buf__ptrvec_push(buf__ptrvec_t *p, void *x);
/* Releases the items' storage; p is empty again. */
void buf__ptrvec_free(buf__ptrvec_t *p);
/* The items as a malloc'd array the caller owns (never NULL); p is left
 * empty. */
void **buf__ptrvec_take(buf__ptrvec_t *p);

/* A set of pointers in insertion order: a vector plus, once it outgrows a
 * scan, a membership map. */
typedef struct buf__ptrset {
  buf__ptrvec_t items; /* members, in the order they were added */
  buf__ptrmap_t seen;  /* filled once items.n > BUF__PTRVEC_INLINE */
} buf__ptrset_t;

/* Adds x; returns false when x was a member already. */
bool buf__ptrset_add(buf__ptrset_t *s, void *x);
/* Releases the set's storage; s is empty again. */
void buf__ptrset_free(buf__ptrset_t *s);

#endif /* BUF_IR_CONTAINERS_H */
