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
 *
 * Reading is in two steps: buf_run_args_read checks the JSON against the
 * function's argument types and decodes every value for its type; the
 * interpreter then makes its cells, tensors and buffers of them. The JIT
 * (core/lower/llvm/jit.c) reads its arguments with the same first step, so
 * both accept the same inputs with the same messages.
 */
#include "interp_internal.h"

#include "buf/syntax.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK BUF_RUN_MAX_RANK

/* ---- Reading the arguments (shared with the JIT) --------------------------- */

/* Emits prefix + the message at func's location. */
static void input_error(buf_op_t *func, const char *prefix, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  buf_emit_error(buf_op_ctx(func), func->loc, "%s%s", prefix, msg);
}

/* Decodes the JSON scalar j for type t: a number or "nan", "-nan", "inf",
 * "-inf" for floats; an integer or a boolean for integers and index,
 * truncated to the width. False when j is not one. */
static bool decode_elem(json_t *j, buf_type_t t, buf_run_elem_t *e) {
  e->init = true;
  if (buf_type_is_float(t)) {
    const char *s = json_is_string(j) ? json_string_value(j) : NULL;
    if (json_is_number(j))
      e->f = json_number_value(j);
    else if (s && !strcmp(s, "nan"))
      e->f = NAN;
    else if (s && !strcmp(s, "-nan"))
      e->f = -NAN;
    else if (s && !strcmp(s, "inf"))
      e->f = INFINITY;
    else if (s && !strcmp(s, "-inf"))
      e->f = -INFINITY;
    else
      return false;
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
  e->i = buf__trunc(i, buf__int_width(t));
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

/* Reads entry e, argument #i of func of type want, into a. */
static bool read_arg(buf_op_t *func, const char *prefix, json_t *e, uint32_t i,
                     buf_type_t want, buf_run_arg_t *a) {
  buf_ctx_t *ctx = buf_op_ctx(func);
  json_t *jt = json_object_get(e, "type");
  if (!json_is_object(e) || !json_is_string(jt)) {
    input_error(func, prefix, "input #%u: expected an object with a \"type\"", i);
    return false;
  }
  const char *ts = json_string_value(jt);
  size_t errors = buf_ctx_num_errors(ctx);
  buf_type_t t = buf_parse_type_str(ctx, ts, strlen(ts), func->loc);
  if (!t || buf_ctx_num_errors(ctx) != errors) {
    input_error(func, prefix, "input #%u: cannot parse type '%s'", i, ts);
    return false;
  }
  if (!buf_interp_input_type_fits(t, want)) {
    input_error(func, prefix, "input #%u: type '%s' does not match the argument type '%s'",
                i, ts, buf_type_to_string(ctx, want));
    return false;
  }
  a->type = t;
  if (!buf_type_is_shaped(want)) {
    a->num_elements = 1;
    a->elems = malloc(sizeof *a->elems);
    if (!a->elems)
      abort(); /* out of memory */
    if (!decode_elem(json_object_get(e, "value"), want, a->elems)) {
      input_error(func, prefix, "input #%u: bad or missing \"value\" for %s", i, ts);
      return false;
    }
    return true;
  }
  json_t *js = json_object_get(e, "shape"), *jd = json_object_get(e, "data");
  if (!json_is_array(js) || !json_is_array(jd) || json_array_size(js) > MAX_RANK) {
    input_error(func, prefix, "input #%u: expected \"shape\" and \"data\" arrays (rank <= %d)",
                i, MAX_RANK);
    return false;
  }
  a->rank = (uint32_t)json_array_size(js);
  bool ranked = buf_type_is_ranked(t);
  if (ranked && t->u.shaped.rank != a->rank) {
    input_error(func, prefix, "input #%u: shape does not match type '%s'", i, ts);
    return false;
  }
  int64_t numel = 1;
  for (uint32_t d = 0; d < a->rank; d++) {
    json_t *x = json_array_get(js, d);
    a->shape[d] = json_is_integer(x) ? json_integer_value(x) : -1;
    int64_t fixed = ranked ? t->u.shaped.shape[d] : BUF_DYNAMIC;
    if (a->shape[d] < 0 || (fixed != BUF_DYNAMIC && fixed != a->shape[d])) {
      input_error(func, prefix, "input #%u: shape does not match type '%s'", i, ts);
      return false;
    }
    if (__builtin_mul_overflow(numel, a->shape[d], &numel))
      numel = INT64_MAX; /* more elements than any "data" can hold */
  }
  json_t *flat = json_array();
  if (!flat || !flatten(jd, flat))
    abort(); /* out of memory */
  bool ok = (int64_t)json_array_size(flat) == numel;
  if (!ok)
    input_error(func, prefix, "input #%u: %zu data values for %lld elements", i,
                json_array_size(flat), (long long)numel);
  if (ok) {
    a->num_elements = numel;
    a->elems = malloc((size_t)(numel ? numel : 1) * sizeof *a->elems);
    if (!a->elems)
      abort(); /* out of memory: numel is bounded by the JSON's length */
  }
  buf_type_t et = buf_type_elem(want);
  for (int64_t k = 0; ok && k < numel; k++) {
    json_t *x = json_array_get(flat, (size_t)k);
    if (json_is_null(x)) {
      a->elems[k] = (buf_run_elem_t){.init = false};
    } else if (!decode_elem(x, et, &a->elems[k])) {
      input_error(func, prefix, "input #%u: data value %lld is not a valid %s", i,
                  (long long)k, buf_type_to_string(ctx, et));
      ok = false;
    }
  }
  json_decref(flat);
  return ok;
}

/* Contract in buf/interp.h. */
buf_status_t buf_run_args_read(buf_op_t *func, const char *prefix, const char *inputs_json,
                               const buf_type_t *want, uint32_t n, buf_run_arg_t *args) {
  memset(args, 0, n * sizeof *args);
  json_error_t err;
  json_t *root = json_loads(inputs_json, 0, &err);
  if (!root) {
    input_error(func, prefix, "inputs are not valid JSON: %s (line %d)", err.text, err.line);
    return BUF_FAILURE;
  }
  if (!json_is_array(root) || json_array_size(root) != n) {
    input_error(func, prefix, "inputs must be an array of %u values", n);
    json_decref(root);
    return BUF_FAILURE;
  }
  bool ok = true;
  for (uint32_t i = 0; ok && i < n; i++)
    ok = read_arg(func, prefix, json_array_get(root, i), i, want[i], &args[i]);
  json_decref(root);
  if (!ok)
    buf_run_args_free(args, n);
  return ok ? BUF_SUCCESS : BUF_FAILURE;
}

/* Contract in buf/interp.h. */
void buf_run_args_free(buf_run_arg_t *args, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    free(args[i].elems);
    args[i].elems = NULL;
  }
}

/* ---- The interpreter's arguments ------------------------------------------- */

/* The cell of element type t that e holds. */
static buf__cell_t elem_cell(buf_type_t t, buf_run_elem_t e) {
  buf__cell_t c = {0};
  if (buf_type_is_float(t))
    c.f = buf__round_float(t->u.fkind, e.f);
  else
    c.i = e.i;
  return c;
}

/* The interpreter's value of argument a of func, of type want. */
static bool arg_value(buf__interp_t *I, buf_op_t *func, const buf_run_arg_t *a,
                      buf_type_t want, buf__ival_t *out) {
  if (!buf_type_is_shaped(want)) {
    *out = buf__cell_value(want, elem_cell(want, a->elems[0]));
    return true;
  }
  buf_type_t et = buf_type_elem(want);
  buf__tensor_t *tt = buf__tensor_new(I, func, et, a->rank, a->shape, true);
  if (!tt)
    return false;
  for (int64_t k = 0; k < tt->n; k++) {
    if (a->elems[k].init)
      tt->data[k] = elem_cell(et, a->elems[k]);
    else
      buf__tensor_set_init(tt, k, false);
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
    buf__identity_strides(a->rank, a->shape, strides);
    *out = buf__iv_memref(buf__memref_new(b, a->rank, 0, a->shape, strides));
  }
  buf__iv_drop(I, buf__iv_tensor(tt));
  return b != NULL;
}

bool buf__inputs_parse(buf__interp_t *I, buf_op_t *func, const char *json,
                       const buf_type_t *types, uint32_t nargs,
                       buf__ival_t *args) {
  buf_run_arg_t *read = calloc(nargs ? nargs : 1, sizeof *read);
  if (!read)
    abort(); /* out of memory */
  bool ok = !BUF_FAILED(buf_run_args_read(func, "interpreter: ", json, types, nargs, read));
  for (uint32_t i = 0; ok && i < nargs; i++)
    ok = arg_value(I, func, &read[i], types[i], &args[i]);
  buf_run_args_free(read, nargs);
  free(read);
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
