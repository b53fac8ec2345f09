/*
 * registry.c: the list of dialects every context registers.
 *
 * The tables themselves live one dialect per file; they are const and shared
 * by all contexts (the only state two compilations share).
 */
#include "buf/ir.h"

extern const buf_dialect_t buf_dialect_builtin;
extern const buf_dialect_t buf_dialect_func;
extern const buf_dialect_t buf_dialect_arith;
extern const buf_dialect_t buf_dialect_math;
extern const buf_dialect_t buf_dialect_cf;
extern const buf_dialect_t buf_dialect_tensor;
extern const buf_dialect_t buf_dialect_bufferization;
extern const buf_dialect_t buf_dialect_linalg;
extern const buf_dialect_t buf_dialect_scf;
extern const buf_dialect_t buf_dialect_memref;
extern const buf_dialect_t buf_dialect_affine;

const buf_dialect_t *const buf_dialects[] = {
    &buf_dialect_builtin, &buf_dialect_func,   &buf_dialect_arith,
    &buf_dialect_math,    &buf_dialect_cf,     &buf_dialect_tensor,
    &buf_dialect_bufferization, &buf_dialect_linalg, &buf_dialect_scf,
    &buf_dialect_memref, &buf_dialect_affine,
};
const uint32_t buf_num_dialects = sizeof buf_dialects / sizeof buf_dialects[0];
