/*
 * compile_request.c: the body of POST /v1/compile and /v1/explain, in its
 * two forms (loop thread).
 *
 *   Content-Type application/json (or none, or anything else): the JSON
 *   request of schema/compile-request.schema.json.
 *
 *   Content-Type application/mlir, text/x-mlir or text/plain: the body is
 *   the MLIR text itself and the other fields come from the query string,
 *   spelled as in the JSON request (artifacts as a comma-separated list,
 *   inputs as JSON):
 *     ?artifacts=obj,llvm&file=model.mlir&pipeline=...&llvm-opt-level=2
 *      &gpu-arch=sm_90&run=main&inputs=[...]&run-max-steps=N&inline=false
 *   A model with its weights is hundreds of megabytes of text: as a JSON
 *   string it is escaped by the client, unescaped and copied by the server,
 *   seconds of work that this form skips.
 *
 * Both forms are checked by one set of rules (take_fields), so a field
 * means the same and fails with the same message either way. "inline":
 * false answers each artifact as {bytes, sha256, href} instead of its
 * contents (binary ones in base64): the client fetches the raw bytes from
 * href (GET /v1/artifacts/{key}/{name}).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bufferd.h"

/* Query strings longer than this are refused (a pipeline and the run's
 * inputs fit; the program goes in the body). */
#define MAX_QUERY_BYTES (1u << 20)

static bool bad_field(bd_request_t *r, const char *field, const char *expected) {
  char msg[160];
  snprintf(msg, sizeof msg, "field '%s' must be %s", field, expected);
  bd_respond_error(r, 400, "bad_request", msg, NULL, NULL);
  return false;
}

/* The run artifact's function (`field` names where the request gave it). */
static bool take_run_function(bd_request_t *r, bd_job_t *job, json_t *v, const char *field) {
  const char *func = json_string_value(v);
  if (func && func[0] == '@')
    func++;
  if (!func || !*func || strlen(func) > 256)
    return bad_field(r, field, "the name of the function to run");
  job->run_func = strdup(func);
  return true;
}

/* The run artifact's arguments, kept as canonical JSON (part of its key). */
static bool take_run_inputs(bd_request_t *r, bd_job_t *job, json_t *v, const char *field) {
  if (!json_is_array(v))
    return bad_field(r, field, "an array of argument values (schema/run-values.schema.json)");
  job->run_inputs = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
  return true;
}

static bool take_options(bd_request_t *r, bd_job_t *job, json_t *options) {
  const char *name;
  json_t *v;
  json_object_foreach(options, name, v) {
    if (strcmp(name, "gpu-arch") == 0) {
      const char *arch = json_string_value(v);
      if (!arch || strncmp(arch, "sm_", 3) != 0 || !arch[3] ||
          strspn(arch + 3, "0123456789") < 2 || strlen(arch) > 16)
        return bad_field(r, "options.gpu-arch", "a GPU architecture such as \"sm_90\"");
      job->gpu_arch = strdup(arch);
    } else if (strcmp(name, "run") == 0) {
      if (!take_run_function(r, job, v, "options.run"))
        return false;
    } else if (strcmp(name, "inputs") == 0) {
      if (!take_run_inputs(r, job, v, "options.inputs"))
        return false;
    } else if (strcmp(name, "run-max-steps") == 0) {
      if (!json_is_integer(v) || json_integer_value(v) < 1)
        return bad_field(r, "options.run-max-steps", "a positive number of interpreted ops");
      job->run_max_steps = (uint64_t)json_integer_value(v);
    } else if (strcmp(name, "llvm-opt-level") == 0) {
      if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 3)
        return bad_field(r, "options.llvm-opt-level", "0, 1, 2 or 3");
      job->llvm_opt_level = (int)json_integer_value(v);
      job->llvm_opt_level_set = true;
    } else {
      char msg[200];
      snprintf(msg, sizeof msg,
               "unknown option '%.100s' (options are gpu-arch, llvm-opt-level, run, inputs "
               "and run-max-steps)", name);
      bd_respond_error(r, 400, "bad_request", msg, NULL, NULL);
      return false;
    }
  }
  return true;
}

/* Every field of request o but the program (both forms). */
static bool take_fields(bd_request_t *r, json_t *o, bd_job_t *job) {
  const char *name;
  json_t *v;
  json_object_foreach(o, name, v) {
    if (strcmp(name, "program") && strcmp(name, "pipeline") && strcmp(name, "file") &&
        strcmp(name, "artifacts") && strcmp(name, "options") && strcmp(name, "run") &&
        strcmp(name, "inline")) {
      char msg[200];
      snprintf(msg, sizeof msg, "unknown field '%.100s'", name);
      bd_respond_error(r, 400, "bad_request", msg, NULL, NULL);
      return false;
    }
  }
  json_t *file = json_object_get(o, "file");
  if (file && (!json_is_string(file) || json_string_length(file) == 0 ||
               json_string_length(file) > 1024 ||
               strlen(json_string_value(file)) != json_string_length(file)))
    return bad_field(r, "file", "a file name of 1 to 1024 characters");
  if (file)
    job->file_name = strdup(json_string_value(file));
  json_t *pipeline = json_object_get(o, "pipeline");
  if (pipeline && !json_is_string(pipeline))
    return bad_field(r, "pipeline", "a string");
  if (pipeline)
    job->pipeline = strdup(json_string_value(pipeline));
  json_t *artifacts = json_object_get(o, "artifacts");
  if (artifacts) {
    if (!json_is_array(artifacts) || json_array_size(artifacts) > 16)
      return bad_field(r, "artifacts", "an array of at most 16 artifact names");
    job->artifacts = calloc(json_array_size(artifacts) + 1, sizeof(char *));
    size_t i;
    json_array_foreach(artifacts, i, v) {
      if (!json_is_string(v))
        return bad_field(r, "artifacts", "an array of strings");
      job->artifacts[job->num_artifacts++] = strdup(json_string_value(v));
    }
  }
  json_t *inline_artifacts = json_object_get(o, "inline");
  if (inline_artifacts && !json_is_boolean(inline_artifacts))
    return bad_field(r, "inline", "true or false");
  job->artifact_links = json_is_false(inline_artifacts);
  json_t *options = json_object_get(o, "options");
  if (options && !json_is_object(options))
    return bad_field(r, "options", "an object");
  if (!take_options(r, job, options))
    return false;
  /* {"run": {"function": F, "inputs": [...]}}: options.run and
   * options.inputs spelled as one object */
  json_t *run = json_object_get(o, "run");
  if (run) {
    json_t *func = json_is_object(run) ? json_object_get(run, "function") : NULL;
    json_t *inputs = json_is_object(run) ? json_object_get(run, "inputs") : NULL;
    if (!json_is_object(run) ||
        json_object_size(run) != (size_t)(func != NULL) + (size_t)(inputs != NULL))
      return bad_field(r, "run", "an object with \"function\" and optional \"inputs\"");
    if (job->run_func || job->run_inputs)
      return bad_field(r, "run", "given once (run, or options.run and options.inputs)");
    if (!take_run_function(r, job, func, "run.function") ||
        (inputs && !take_run_inputs(r, job, inputs, "run.inputs")))
      return false;
  }
  if (job->run_inputs && !job->run_func)
    return bad_field(r, "options.inputs", "given with options.run (the function they are for)");
  return true;
}

static bool parse_json_request(bd_request_t *r, const char *body, size_t len, bd_job_t *job) {
  json_error_t jerr;
  json_t *o = json_loadb(body, len, JSON_REJECT_DUPLICATES, &jerr);
  if (!o) {
    char msg[300];
    snprintf(msg, sizeof msg, "request body is not valid JSON: %s (line %d, column %d)",
             jerr.text, jerr.line, jerr.column);
    bd_respond_error(r, 400, "bad_json", msg, NULL, NULL);
    return false;
  }
  bool ok = false;
  if (!json_is_object(o)) {
    bad_field(r, "(body)", "a JSON object");
    goto out;
  }
  json_t *program = json_object_get(o, "program");
  if (json_is_string(program)) {
    job->program = strndup(json_string_value(program), json_string_length(program));
    job->program_len = json_string_length(program);
  } else if (json_is_object(program)) {
    job->program = json_dumps(program, JSON_COMPACT);
    job->program_len = strlen(job->program);
    job->program_is_json = true;
  } else {
    bad_field(r, "program", program ? "a string (MLIR text) or an object (JSON form)"
                                    : "present: a string (MLIR text) or an object (JSON form)");
    goto out;
  }
  ok = take_fields(r, o, job);
out:
  json_decref(o);
  return ok;
}

/* Does the request carry the MLIR text itself as its body? */
static bool is_raw_program(const bd_request_t *r) {
  const char *ct = bd_request_header(r, "Content-Type");
  if (!ct)
    return false;
  size_t n = strcspn(ct, "; \t");
  static const char *const raw_types[] = {"application/mlir", "text/x-mlir", "text/plain"};
  for (size_t i = 0; i < sizeof raw_types / sizeof raw_types[0]; i++)
    if (strlen(raw_types[i]) == n && strncasecmp(ct, raw_types[i], n) == 0)
      return true;
  return false;
}

/* Percent-decodes s[0..n) ('+' is a space, as forms write it) into a
 * malloc'd string; NULL when an escape is malformed or decodes to NUL. */
static char *url_decode(const char *s, size_t n) {
  char *out = malloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '%') {
      char pair[3] = {i + 2 < n ? s[i + 1] : 0, i + 2 < n ? s[i + 2] : 0, 0};
      long v = isxdigit((unsigned char)pair[0]) && isxdigit((unsigned char)pair[1])
                   ? strtol(pair, NULL, 16)
                   : 0;
      if (v == 0) {
        free(out);
        return NULL;
      }
      out[k++] = (char)v;
      i += 2;
    } else {
      out[k++] = s[i] == '+' ? ' ' : s[i];
    }
  }
  out[k] = 0;
  return out;
}

/* A query value as the JSON request would give it: an integer when it is
 * one (llvm-opt-level, run-max-steps), else a string the rules refuse. */
static json_t *integer_or_string(const char *v) {
  char *end;
  long long n = strtoll(v, &end, 10);
  return *v && !*end ? json_integer(n) : json_string(v);
}

/* The query string as the fields of a JSON request (o; options in its
 * "options"); false after answering 400. */
static bool query_fields(bd_request_t *r, const char *query, json_t *o) {
  json_t *options = json_object();
  json_object_set_new(o, "options", options);
  for (const char *p = query; *p;) {
    size_t n = strcspn(p, "&");
    const char *eq = memchr(p, '=', n);
    char *name = url_decode(p, eq ? (size_t)(eq - p) : n);
    char *value = eq ? url_decode(eq + 1, n - (size_t)(eq + 1 - p)) : strdup("");
    bool ok = name && value;
    json_t *field = NULL;
    json_t *into = o;
    if (!ok) {
      bd_respond_error(r, 400, "bad_request", "the query string has a malformed %-escape",
                       NULL, NULL);
    } else if (!*name) {
      /* "a=1&&b=2": an empty parameter is no parameter */
    } else if (strcmp(name, "artifacts") == 0) {
      field = json_array();
      for (const char *a = value; *a;) {
        size_t m = strcspn(a, ",");
        if (m)
          json_array_append_new(field, json_stringn(a, m));
        a += m + (a[m] == ',');
      }
    } else if (strcmp(name, "file") == 0 || strcmp(name, "pipeline") == 0) {
      field = json_string(value);
    } else if (strcmp(name, "inline") == 0) {
      field = strcmp(value, "true") == 0 || strcmp(value, "1") == 0    ? json_true()
              : strcmp(value, "false") == 0 || strcmp(value, "0") == 0 ? json_false()
                                                                       : json_string(value);
    } else if (strcmp(name, "gpu-arch") == 0 || strcmp(name, "run") == 0) {
      into = options;
      field = json_string(value);
    } else if (strcmp(name, "llvm-opt-level") == 0 || strcmp(name, "run-max-steps") == 0) {
      into = options;
      field = integer_or_string(value);
    } else if (strcmp(name, "inputs") == 0) {
      into = options;
      json_error_t jerr;
      field = json_loads(value, JSON_DECODE_ANY, &jerr);
      if (!field) {
        char msg[300];
        snprintf(msg, sizeof msg, "query parameter 'inputs' is not valid JSON: %s", jerr.text);
        bd_respond_error(r, 400, "bad_request", msg, NULL, NULL);
        ok = false;
      }
    } else {
      char msg[320];
      snprintf(msg, sizeof msg,
               "unknown query parameter '%.100s' (with the program as the body: artifacts, "
               "file, pipeline, inline, gpu-arch, llvm-opt-level, run, inputs, run-max-steps)",
               name);
      bd_respond_error(r, 400, "bad_request", msg, NULL, NULL);
      ok = false;
    }
    if (field && json_object_get(into, name)) {
      char msg[200];
      snprintf(msg, sizeof msg, "query parameter '%.100s' is given twice", name);
      bd_respond_error(r, 400, "bad_request", msg, NULL, NULL);
      ok = false;
    }
    if (field && ok)
      json_object_set_new(into, name, field);
    else
      json_decref(field);
    free(name);
    free(value);
    if (!ok)
      return false;
    p += n + (p[n] == '&');
  }
  return true;
}

static bool parse_raw_request(bd_request_t *r, bd_job_t *job) {
  const char *query = bd_request_query(r);
  if (strlen(query) > MAX_QUERY_BYTES) {
    bd_respond_error(r, 400, "bad_request", "the query string is longer than 1 MiB", NULL, NULL);
    return false;
  }
  json_t *o = json_object();
  bool ok = query_fields(r, query, o) && take_fields(r, o, job);
  json_decref(o);
  if (!ok)
    return false;
  /* the text is the program: taken, not copied */
  job->program = bd_request_take_body(r, &job->program_len);
  return true;
}

bool bd_parse_compile_request(bd_request_t *r, bd_job_t *job) {
  if (is_raw_program(r))
    return parse_raw_request(r, job);
  size_t len;
  const char *body = bd_request_body(r, &len);
  return parse_json_request(r, body, len, job);
}

void bd_compile_request_hash(const bd_request_t *r, char hash[CACHE_KEY_HEX_LEN + 1]) {
  size_t len;
  const char *body = bd_request_body(r, &len);
  if (!is_raw_program(r)) {
    cache_sha256_hex(body, len, hash);
    return;
  }
  /* the fields are in the query: hash it with the body's hash */
  char body_hash[CACHE_KEY_HEX_LEN + 1];
  cache_sha256_hex(body, len, body_hash);
  const char *query = bd_request_query(r);
  size_t n = strlen(query) + sizeof body_hash + 16;
  char *text = malloc(n);
  int m = snprintf(text, n, "mlir\n%s\n%s", query, body_hash);
  cache_sha256_hex(text, (size_t)m, hash);
  free(text);
}
