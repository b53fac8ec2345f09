/*
 * heap_peak.h: live heap memory, as the static analyses count it.
 *
 * Two analyses bound the heap bytes a program keeps live: the bufferization
 * report's per-function peak (heap_peak.c) and --plan-memory's packing
 * (plan_memory.c), which must never exceed the input's peak. They share the
 * size of a heap buffer, counted the way the interpreter allocates it (its
 * run statistics' peak_heap_bytes is the measured counterpart), so that the
 * numbers of all three agree.
 */
#ifndef BUF_HEAP_PEAK_H
#define BUF_HEAP_PEAK_H

#include "buf/ir.h"

/* Bytes of one element of a buffer: plain integers, floats and index (8);
 * -1 for anything else. */
int64_t buf__heap_elem_bytes(buf_type_t elem);

/* Bytes of a buffer of memref type t with the given sizes (rank entries):
 * the extent its layout addresses times the element size, or with
 * contiguous (a copy of another buffer's elements) the sizes' product
 * times the element size. -1 when not known statically or too large. */
int64_t buf__heap_buffer_bytes(buf_type_t t, const int64_t *sizes,
                               bool contiguous);

/* The peak live heap bytes of one function of a program, found statically
 * (heap_peak.c). */
typedef struct buf__heap_peak {
  buf_op_t *func;
  int64_t bytes; /* -1: not known statically, or a declaration */
} buf__heap_peak_t;

/* One entry per function directly in module, in order; *num gets their
 * count. The caller frees the array. */
buf__heap_peak_t *buf__heap_peak_bytes(buf_op_t *module, uint32_t *num);

#endif /* BUF_HEAP_PEAK_H */
