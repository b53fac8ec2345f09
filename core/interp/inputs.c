/*
 * inputs.c: the JSON form of run arguments and results
 * (schema/run-values.schema.json), read and written with jansson.
 *
 * An array with one entry per argument/result. Scalars:
 *   {"type": "f32", "value": 1.5}      (i1 also as true/false)
 * Tensors and memrefs (dynamic dims: "shape" gives the actual sizes):
 *   {"type": "tensor<2x?xf32>", "shape": [2, 3], "data": [1, 2, 3, 4, 5, 6]}
 * with "data" row-major (nested arrays are accepted on input and
 * flattened). Non-finite floats are the strings "nan", "inf", "-inf";
 * uninitialized elements of results are null. Memref arguments become
 * caller-owned buffers: the program may read and write them but not free
 * them.
 */
#include "interp_internal.h"

#include "buf/syntax.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK 16

/* Converts a JSON scalar to a cell of type t; false if it does not fit. */
static bool json_cell(json_t *j, buf_type_t t, buf__cell_t *c) {
  if (buf_type_is_float(t)) {
    double d;
    if (json_is_number(j)) {
      d = json_number_value(j);
    } else if (json_is_string(j)) {
      const char *s = json_string_value(j);
      if (!strcmp(s, "nan"))
        d = NAN;
      else if (!strcmp(s, "-nan"))
        d = -NAN;
      else if (!strcmp(s, "inf"))
        d = INFINITY;
      else if (!strcmp(s, "-inf"))
        d = -INFINITY;
      else
        return false;
    } else {
      return false;
    }
    c->f = buf__round_float(t->u.fkind, d);
    return true;
  }
  if (!buf_type_is_int_or_index(t))
    return false;
  uint64_t i;
  if (json_is_boolean(j))
    i = json_is_true(j);
  else if (json_is_integer(j))
    i = (uint64_t)json_integer_value(j);
  else
    return false;
  c->i = buf__trunc(i, buf__int_width(t));
  return true;
}

static bool flatten(json_t *j, json_t *out) {
  if (!json_is_array(j))
    return json_array_append(out, j) == 0;
  size_t i;
  json_t *e;
  json_array_foreach(j, i, e) if (!flatten(e, out)) return false;
  return true;
}

/* Contract in buf/interp.h. */
bool buf_interp_input_type_fits(buf_type_t have, buf_type_t want) {
  if (have == want)
    return true;
  bool have_shaped = buf_type_is_tensor(have) || buf_type_is_memref(have);
  bool want_shaped = buf_type_is_tensor(want) || buf_type_is_memref(want);
  if (!have_shaped || !want_shaped)
    return false;
  if (buf_type_elem(have) != buf_type_elem(want))
    return false;
  if (!buf_type_is_ranked(have) || !buf_type_is_ranked(want))
    return true;
  if (have->u.shaped.rank != want->u.shaped.rank)
    return false;
  for (uint32_t d = 0; d < have->u.shaped.rank; d++)
    if (want->u.shaped.shape[d] != BUF_DYNAMIC &&
        have->u.shaped.shape[d] != want->u.shaped.shape[d])
      return false;
  return true;
}

static bool parse_one(buf__interp_t *I, buf_op_t *func, json_t *e,
                      uint32_t i, buf_type_t want, buf__ival_t *out) {
  json_t *jt = json_object_get(e, "type");
  if (!json_is_object(e) || !json_is_string(jt)) {
    buf__err(I, func, "input #%u: expected an object with a \"type\"", i);
    return false;
  }
  const char *ts = json_string_value(jt);
  size_t nd = buf_ctx_num_errors(I->ctx);
  buf_type_t t = buf_parse_type_str(I->ctx, ts, strlen(ts), func->loc);
  if (!t || buf_ctx_num_errors(I->ctx) != nd) {
    buf__err(I, func, "input #%u: cannot parse type '%s'", i, ts);
    return false;
  }
  if (!buf_interp_input_type_fits(t, want)) {
    buf__err(I, func, "input #%u: type '%s' does not match the argument "
                      "type '%s'", i, ts, buf_type_to_string(I->ctx, want));
    return false;
  }
  if (!buf_type_is_shaped(want)) {
    buf__cell_t c;
    if (!json_cell(json_object_get(e, "value"), want, &c)) {
      buf__err(I, func, "input #%u: bad or missing \"value\" for %s", i, ts);
      return false;
    }
    *out = buf__cell_value(want, c);
    return true;
  }
  json_t *js = json_object_get(e, "shape"), *jd = json_object_get(e, "data");
  if (!json_is_array(js) || !json_is_array(jd) ||
      json_array_size(js) > MAX_RANK) {
    buf__err(I, func, "input #%u: expected \"shape\" and \"data\" arrays", i);
    return false;
  }
  uint32_t rank = (uint32_t)json_array_size(js);
  int64_t shape[MAX_RANK];
  for (uint32_t d = 0; d < rank; d++) {
    json_t *x = json_array_get(js, d);
    shape[d] = json_is_integer(x) ? json_integer_value(x) : -1;
    if (shape[d] < 0 ||
        (buf_type_is_ranked(t) && (t->u.shaped.rank != rank ||
                                   (t->u.shaped.shape[d] != BUF_DYNAMIC &&
                                    t->u.shaped.shape[d] != shape[d])))) {
      buf__err(I, func, "input #%u: shape does not match type '%s'", i, ts);
      return false;
    }
  }
  if (buf_type_is_ranked(t) && t->u.shaped.rank != rank) {
    buf__err(I, func, "input #%u: shape does not match type '%s'", i, ts);
    return false;
  }
  json_t *flat = json_array();
  if (!flatten(jd, flat)) {
    json_decref(flat);
    return false;
  }
  buf_type_t et = buf_type_elem(want);
  buf__tensor_t *tt = buf__tensor_new(I, func, et, rank, shape, true);
  bool ok = tt != NULL;
  if (ok && (int64_t)json_array_size(flat) != tt->n) {
    buf__err(I, func, "input #%u: %zu data values for %lld elements", i,
             json_array_size(flat), (long long)tt->n);
    ok = false;
  }
  for (int64_t k = 0; ok && k < tt->n; k++) {
    json_t *x = json_array_get(flat, (size_t)k);
    if (json_is_null(x)) {
      buf__tensor_set_init(tt, k, false);
    } else if (!json_cell(x, et, &tt->data[k])) {
      buf__err(I, func, "input #%u: data value %lld is not a valid %s", i,
               (long long)k, buf_type_to_string(I->ctx, et));
      ok = false;
    }
  }
  json_decref(flat);
  if (!ok) {
    if (tt)
      buf__iv_drop(I, buf__iv_tensor(tt));
    return false;
  }
  if (buf_type_is_tensor(want)) {
    *out = buf__iv_tensor(tt);
    return true;
  }
  buf__buffer_t *b = buf__buffer_new(I, func, et, tt->n, BUFK_TENSOR,
                                     !tt->init);
  if (b) {
    memcpy(b->data, tt->data, (size_t)tt->n * sizeof *b->data);
    if (tt->init)
      memcpy(b->init, tt->init, (size_t)tt->n);
    int64_t strides[MAX_RANK];
    buf__identity_strides(rank, shape, strides);
    *out = buf__iv_memref(buf__memref_new(b, rank, 0, shape, strides));
  }
  buf__iv_drop(I, buf__iv_tensor(tt));
  return b != NULL;
}

bool buf__inputs_parse(buf__interp_t *I, buf_op_t *func, const char *json,
                       const buf_type_t *types, uint32_t nargs,
                       buf__ival_t *args) {
  json_error_t err;
  json_t *root = json_loads(json, 0, &err);
  if (!root) {
    buf__err(I, func, "inputs are not valid JSON: %s (line %d)", err.text,
             err.line);
    return false;
  }
  if (!json_is_array(root) || json_array_size(root) != nargs) {
    buf__err(I, func, "inputs must be an array of %u values", nargs);
    json_decref(root);
    return false;
  }
  bool ok = true;
  for (uint32_t i = 0; ok && i < nargs; i++)
    ok = parse_one(I, func, json_array_get(root, i), i, types[i], &args[i]);
  json_decref(root);
  return ok;
}

static json_t *json_of_cell(buf_type_t t, buf__cell_t c) {
  if (buf_type_is_float(t)) {
    if (isnan(c.f))
      return json_string(signbit(c.f) ? "-nan" : "nan");
    if (isinf(c.f))
      return json_string(c.f < 0 ? "-inf" : "inf");
    return json_real(c.f);
  }
  uint32_t w = buf__int_width(t);
  if (t->kind == BUF_TYPE_INTEGER && w == 1)
    return json_boolean(c.i & 1);
  if (t->kind == BUF_TYPE_INTEGER && t->u.integer.signedness == BUF_UNSIGNED)
    return json_integer((json_int_t)c.i);
  return json_integer((json_int_t)buf__sext(c.i, w));
}

char *buf__results_json(buf__interp_t *I, buf_op_t *func,
                        const buf_type_t *types, const buf__ival_t *vals,
                        uint32_t n) {
  json_t *root = json_array();
  bool ok = true;
  for (uint32_t i = 0; ok && i < n; i++) {
    buf_type_t t = types[i];
    json_t *e = json_object();
    json_object_set_new(e, "type",
                        json_string(buf_type_to_string(I->ctx, t)));
    buf__ival_t v = vals[i];
    if (v.kind == IV_INT || v.kind == IV_FLOAT) {
      json_object_set_new(e, "value", json_of_cell(t, buf__value_cell(v)));
    } else if (v.kind == IV_UNDEF) {
      json_object_set_new(e, "value", json_null());
    } else {
      uint32_t rank;
      const int64_t *shape = buf__value_shape(v, &rank);
      buf_type_t et = buf_type_elem(t);
      json_t *js = json_array(), *jd = json_array();
      for (uint32_t d = 0; d < rank; d++)
        json_array_append_new(js, json_integer(shape[d]));
      if (v.kind == IV_TENSOR) {
        for (int64_t k = 0; k < v.u.t->n; k++)
          json_array_append_new(jd, buf__tensor_is_init(v.u.t, k)
                                        ? json_of_cell(et, v.u.t->data[k])
                                        : json_null());
      } else if (BUF_FAILED(buf__memref_check_extent(I, func, v.u.m))) {
        ok = false;
      } else if (buf__num_elements(rank, shape) > 0) {
        int64_t idx[MAX_RANK] = {0};
        const buf__memref_t *m = v.u.m;
        do {
          int64_t p = buf__memref_linear(m, idx);
          json_array_append_new(jd, buf__buffer_is_init(m->buf, p)
                                        ? json_of_cell(et, m->buf->data[p])
                                        : json_null());
        } while (buf__next_index(rank, shape, idx));
      }
      json_object_set_new(e, "shape", js);
      json_object_set_new(e, "data", jd);
    }
    json_array_append_new(root, e);
  }
  char *s = ok ? json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(17))
               : NULL;
  json_decref(root);
  return s;
}
