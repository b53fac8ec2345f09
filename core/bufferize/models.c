/*
 * models.c: the registry of bufferization models, which maps an op to the
 * model of its definition from the tables of models_*.c (one per dialect).
 *
 * The generic analysis (state.c) does not name these tables: the driver
 * (one_shot_bufferize.c, eliminate_empty_tensors.c) hands it this lookup
 * when it creates the analysis state, so the analysis depends only on the
 * model interface of bufferize.h, and the models, which ask the analysis,
 * depend on it without a circle back.
 *
 * The registry (core/dialects/registry.c) calls buf__bz_resolve_model once
 * per op definition and context and attaches the answer to the definition
 * (buf_op_model), so a lookup is a load.
 */
#include <string.h>

#include "bz_internal.h"

static const struct {
  const buf__bz_model_row_t *rows;
  const uint32_t *n;
} model_tables[] = {
    {buf__bz_models_tensor, &buf__bz_num_models_tensor},
    {buf__bz_models_tensor_views, &buf__bz_num_models_tensor_views},
    {buf__bz_models_linalg, &buf__bz_num_models_linalg},
    {buf__bz_models_scf, &buf__bz_num_models_scf},
    {buf__bz_models_bufferization, &buf__bz_num_models_bufferization},
    {buf__bz_models_func, &buf__bz_num_models_func},
    {buf__bz_models_arith, &buf__bz_num_models_arith},
    {buf__bz_models_cf, &buf__bz_num_models_cf},
    {buf__bz_models_ml_program, &buf__bz_num_models_ml_program},
    {buf__bz_models_vector, &buf__bz_num_models_vector},
    {buf__bz_models_test, &buf__bz_num_models_test},
};
#define NUM_TABLES (sizeof model_tables / sizeof model_tables[0])

/* "dialect.*" matches every op of the dialect. */
static bool row_matches_dialect(const char *row, const char *name) {
  size_t n = strlen(row);
  return n >= 2 && row[n - 1] == '*' && row[n - 2] == '.' &&
         strncmp(row, name, n - 1) == 0;
}

/* The first table with a row for name wins; within a table an exact row
 * beats the dialect's wildcard row. */
const void *buf__bz_resolve_model(const char *name) {
  for (size_t t = 0; t < NUM_TABLES; t++) {
    const buf_bufferize_model_t *wild = NULL;
    for (uint32_t i = 0; i < *model_tables[t].n; i++) {
      const buf__bz_model_row_t *row = &model_tables[t].rows[i];
      if (strcmp(row->name, name) == 0)
        return row->model;
      if (!wild && row_matches_dialect(row->name, name))
        wild = row->model;
    }
    if (wild)
      return wild;
  }
  return NULL;
}

const char *buf__bz_model_row_name(uint32_t i) {
  for (size_t t = 0; t < NUM_TABLES; t++) {
    if (i < *model_tables[t].n)
      return model_tables[t].rows[i].name;
    i -= *model_tables[t].n;
  }
  return NULL;
}

const buf_bufferize_model_t *buf__bz_registered_model(const buf_op_t *op) {
  return buf_op_model(op, BUF_MODEL_BUFFERIZE);
}
