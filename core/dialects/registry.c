/*
 * registry.c: the list of dialects every context registers.
 *
 * The tables themselves live one dialect per file; they are const and shared
 * by all contexts (the only state two compilations share).
 */
#include "buf/ir.h"

extern const buf_dialect_t buf_dialect_llvm;
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
extern const buf_dialect_t buf_dialect_ml_program;
extern const buf_dialect_t buf_dialect_vector;
extern const buf_dialect_t buf_dialect_test;
extern const buf_dialect_t buf_dialect_spirv;
extern const buf_dialect_t buf_dialect_shape;
extern const buf_dialect_t buf_dialect_gpu;

const buf_dialect_t *const buf_dialects[] = {
    &buf_dialect_llvm,
    &buf_dialect_builtin, &buf_dialect_func,   &buf_dialect_arith,
    &buf_dialect_math,    &buf_dialect_cf,     &buf_dialect_tensor,
    &buf_dialect_bufferization, &buf_dialect_linalg, &buf_dialect_scf,
    &buf_dialect_memref, &buf_dialect_affine, &buf_dialect_ml_program,
    &buf_dialect_vector, &buf_dialect_test, &buf_dialect_spirv,
    &buf_dialect_shape, &buf_dialect_gpu,
};
const uint32_t buf_num_dialects = sizeof buf_dialects / sizeof buf_dialects[0];

/* The subsystems' per-op rows, attached to op definitions by buf_op_model.
 * Each resolver is a scan of its tables, run once per definition. */
const void *buf__bz_resolve_model(const char *name);
const char *buf__bz_model_row_name(uint32_t i);
const void *buf__interp_resolve_row(const char *name);
const char *buf__interp_row_name(uint32_t i);
const void *buf__llvm_resolve_row(const char *name);
const char *buf__llvm_row_name(uint32_t i);

const buf_model_table_t buf_model_tables[BUF_NUM_MODEL_KINDS] = {
    [BUF_MODEL_BUFFERIZE] = {"bufferization", buf__bz_resolve_model,
                             buf__bz_model_row_name},
    [BUF_MODEL_INTERP] = {"interpreter", buf__interp_resolve_row,
                          buf__interp_row_name},
    [BUF_MODEL_LLVM] = {"LLVM emitter", buf__llvm_resolve_row,
                        buf__llvm_row_name},
};

/* Tensor encodings that stand for memref layouts, by dialect. */
buf_attr_t buf__test_encoding_layout(buf_ctx_t *ctx, buf_attr_t encoding);

const buf_encoding_layout_row_t buf_encoding_layout_rows[] = {
    {"test", buf__test_encoding_layout},
};
const uint32_t buf_num_encoding_layout_rows =
    sizeof buf_encoding_layout_rows / sizeof buf_encoding_layout_rows[0];
