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
 * Invariant: the answer depends on the op's definition alone (its name and
 * its `bufferize` field), so the analysis may cache it per definition.
 */
#include <string.h>

#include "bz_internal.h"

/* Does table row `row` name op `name`? A row "dialect.*" names every op of
 * the dialect. */
static bool model_name_matches(const char *row, const char *name) {
  size_t n = strlen(row);
  if (n >= 2 && row[n - 1] == '*' && row[n - 2] == '.')
    return strncmp(row, name, n - 1) == 0;
  return strcmp(row, name) == 0;
}

/* The row of `name` in rows, or else its dialect's wildcard row. */
static const buf_bufferize_model_t *
find_model_row(const buf__bz_model_row_t *rows, uint32_t n, const char *name) {
  const buf_bufferize_model_t *wild = NULL;
  for (uint32_t i = 0; i < n; i++) {
    if (strcmp(rows[i].name, name) == 0)
      return rows[i].model;
    if (!wild && model_name_matches(rows[i].name, name))
      wild = rows[i].model;
  }
  return wild;
}

const buf_bufferize_model_t *buf__bz_registered_model(const buf_op_t *op) {
  if (op->def->bufferize)
    return op->def->bufferize;
  static const struct {
    const buf__bz_model_row_t *rows;
    const uint32_t *n;
  } tables[] = {
      {buf__bz_models_tensor, &buf__bz_num_models_tensor},
      {buf__bz_models_linalg, &buf__bz_num_models_linalg},
      {buf__bz_models_scf, &buf__bz_num_models_scf},
      {buf__bz_models_bufferization, &buf__bz_num_models_bufferization},
      {buf__bz_models_func, &buf__bz_num_models_func},
      {buf__bz_models_arith, &buf__bz_num_models_arith},
      {buf__bz_models_cf, &buf__bz_num_models_cf},
  };
  const buf_bufferize_model_t *m = NULL;
  for (size_t t = 0; t < sizeof tables / sizeof tables[0] && !m; t++)
    m = find_model_row(tables[t].rows, *tables[t].n, op->name);
  return m;
}
