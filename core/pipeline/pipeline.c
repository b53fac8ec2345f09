/*
 * pipeline.c: parsing, normalizing and running pass pipelines.
 *
 * A pipeline is a flat list of pass instances, each with its option values
 * and the op it is anchored on ("builtin.module" or "func.func"). The
 * textual nesting of mlir-opt (builtin.module(func.func(x))) is only syntax:
 * a func.func pass runs on every func.func of the module, which is also what
 * mlir-opt does when such a pass is given at module level. Consecutive
 * func.func passes print grouped, so the normalized text is canonical.
 * Any other op name may anchor a group too (some.op(x)); then each pass of
 * the group must run on any op, and runs on every such op of the module
 * that no other such op encloses.
 */
#include "buf/pipeline.h"
#include "buf/syntax.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct buf_pass_options {
  const buf_pass_def_t *def;
  const char **values; /* one per def->options entry, as text */
};

typedef struct pass_instance {
  const buf_pass_def_t *def;
  buf_pass_options_t options;
  bool per_function;   /* runs on each func.func, not on the module */
  const char *nest_op; /* the op it runs on each of when nested in an op
                        * other than builtin.module / func.func, or NULL */
  uint32_t group;      /* per_function or nest_op: its group in the text
                        * (upstream nests each group apart) */
  buf_pass_statistic_t *stats; /* arena array of num_stats counters */
  uint32_t num_stats;
} pass_instance_t;

struct buf_pipeline {
  buf_ctx_t *ctx;
  pass_instance_t *passes;
  uint32_t num_passes;
  uint32_t cap_passes; /* room in passes (grows by doubling) */
  bool verify_each;    /* verify the module after each pass */
  /* While buf_pipeline_parse reads text: the text and where the pass being
   * added starts, so that an option error can say where it is. */
  const char *parse_text;
  size_t element_offset;
  buf_pipeline_limits_t limits; /* every field set (defaults filled in) */
  buf_limit_t limit_hit;        /* the bound that stopped it, or NONE */
  buf_pass_instrument_t instrument; /* hooks around each pass, or zeros */
  pass_instance_t *running; /* the pass instance that runs now */
  uint32_t num_groups;      /* func.func(...) groups so far */
};

const buf_pass_def_t *buf_pass_lookup(const char *name) {
  for (uint32_t i = 0; i < buf_num_passes; i++)
    if (strcmp(buf_passes[i]->name, name) == 0)
      return buf_passes[i];
  return NULL;
}

static const buf_option_spec_t *option_spec(const buf_pass_def_t *def,
                                            const char *name, uint32_t *index) {
  for (uint32_t i = 0; i < def->num_options; i++) {
    if (strcmp(def->options[i].name, name) == 0) {
      *index = i;
      return &def->options[i];
    }
  }
  return NULL;
}

/* The text of option `index` of o's pass: the value given, or the
 * default. Asserts that the option exists and is of `kind` (an enum option
 * is read as a string). */
static const char *option_value(const buf_pass_options_t *o, uint32_t index,
                                buf_option_kind_t kind) {
  assert(index < o->def->num_options);
  const buf_option_spec_t *spec = &o->def->options[index];
  assert(spec->kind == kind ||
         (kind == BUF_OPT_STRING && (spec->kind == BUF_OPT_ENUM || spec->kind == BUF_OPT_LIST)));
  (void)kind;
  return o->values[index] ? o->values[index] : spec->default_value;
}

bool buf_pass_option_bool(const buf_pass_options_t *o, uint32_t index) {
  const char *v = option_value(o, index, BUF_OPT_BOOL);
  return v && (strcmp(v, "true") == 0 || strcmp(v, "1") == 0);
}

int64_t buf_pass_option_int(const buf_pass_options_t *o, uint32_t index) {
  const char *v = option_value(o, index, BUF_OPT_INT);
  return v ? strtoll(v, NULL, 10) : 0;
}

const char *buf_pass_option_string(const buf_pass_options_t *o,
                                   uint32_t index) {
  const char *v = option_value(o, index, BUF_OPT_STRING);
  return v ? v : "";
}

buf_pipeline_t *buf_pipeline_create(buf_ctx_t *ctx) {
  buf_pipeline_t *pl = buf_arena_alloc(buf_ctx_arena(ctx), sizeof *pl);
  pl->ctx = ctx;
  pl->verify_each = true;
  buf_pipeline_set_limits(pl, &(buf_pipeline_limits_t){0});
  return pl;
}

static uint64_t clamp_limit(uint64_t given, uint64_t most) {
  return given == 0 || given > most ? most : given;
}

void buf_pipeline_set_limits(buf_pipeline_t *pl, const buf_pipeline_limits_t *limits) {
  pl->limits = *limits;
  pl->limits.max_text = clamp_limit(limits->max_text, BUF_PIPELINE_MAX_TEXT);
  pl->limits.max_passes = (uint32_t)clamp_limit(limits->max_passes, BUF_PIPELINE_MAX_PASSES);
  pl->limits.max_nesting =
      (uint32_t)clamp_limit(limits->max_nesting, BUF_PIPELINE_MAX_NESTING);
  if (limits->max_memory || limits->deadline_ns)
    buf_ctx_set_work_limits(pl->ctx, limits->max_memory, limits->deadline_ns);
}

buf_limit_t buf_pipeline_limit_hit(const buf_pipeline_t *pl) {
  /* A long pass may have stopped itself at a bound (buf_ctx_check_limits). */
  return pl->limit_hit != BUF_LIMIT_NONE ? pl->limit_hit : buf_ctx_limit_hit(pl->ctx);
}

void buf_pipeline_set_verify_each(buf_pipeline_t *pl, bool verify_each) {
  pl->verify_each = verify_each;
}

bool buf_pipeline_verifies_each(const buf_pipeline_t *pl) {
  return pl->verify_each;
}

uint32_t buf_pipeline_num_passes(const buf_pipeline_t *pl) {
  return pl->num_passes;
}

/* Adds to d where in the pipeline text the pass being added starts, when
 * it comes from text. */
static void note_where(buf_pipeline_t *pl, buf_diag_t *d) {
  if (!pl->parse_text)
    return;
  const char *at = pl->parse_text + pl->element_offset;
  buf_diag_note(pl->ctx, d, BUF_LOC_UNKNOWN, "in the pass pipeline at offset %zu: '%.*s'",
                pl->element_offset, (int)strcspn(at, ",)"), at);
}

/* Checks `value` against the option's kind; returns the canonical text or
 * NULL after reporting the problem. */
static const char *check_option_value(buf_pipeline_t *pl,
                                      const buf_pass_def_t *def,
                                      const buf_option_spec_t *spec,
                                      const char *value) {
  buf_arena_t *arena = buf_ctx_arena(pl->ctx);
  switch (spec->kind) {
  case BUF_OPT_BOOL:
    if (!value || strcmp(value, "true") == 0 || strcmp(value, "1") == 0)
      return "true";
    if (strcmp(value, "false") == 0 || strcmp(value, "0") == 0)
      return "false";
    break;
  case BUF_OPT_INT: {
    /* MLIR's unsigned options: decimal, 0 to 2^32-1; a sign or an
     * overflowing value is an error, never wrapped or clamped. */
    if (!value || !*value || !isdigit((unsigned char)value[0]))
      break;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(value, &end, 10);
    if (*end || errno == ERANGE || n > UINT32_MAX)
      break;
    return buf_arena_printf(arena, "%llu", n);
  }
  case BUF_OPT_STRING:
  case BUF_OPT_LIST:
    if (value)
      return buf_arena_strndup(arena, value, strlen(value));
    break;
  case BUF_OPT_ENUM:
    if (value)
      for (const char *const *e = spec->enum_values; *e; e++)
        if (strcmp(*e, value) == 0)
          return *e;
    break;
  }
  buf_diag_t *d = buf_emit_error(
      pl->ctx, BUF_LOC_UNKNOWN, "pass '%s': invalid value '%s' for option '%s'%s",
      def->name, value ? value : "", spec->name,
      spec->kind == BUF_OPT_INT ? ": expected an unsigned integer from 0 to 4294967295" : "");
  note_where(pl, d);
  if (spec->kind == BUF_OPT_ENUM) {
    char list[512] = "";
    for (const char *const *e = spec->enum_values; *e; e++) {
      if (e != spec->enum_values)
        strncat(list, ", ", sizeof list - strlen(list) - 1);
      strncat(list, *e, sizeof list - strlen(list) - 1);
    }
    buf_diag_note(pl->ctx, d, BUF_LOC_UNKNOWN, "expected one of: %s", list);
  }
  return NULL;
}

/* Splits "a b=c d='x y'" into options; reports unknown names. */
static buf_status_t parse_options(buf_pipeline_t *pl, pass_instance_t *inst,
                                  const char *text) {
  const buf_pass_def_t *def = inst->def;
  const char *p = text ? text : "";
  buf_arena_t *arena = buf_ctx_arena(pl->ctx);
  while (*p) {
    while (isspace((unsigned char)*p))
      p++;
    if (!*p)
      break;
    const char *name = p;
    while (*p && *p != '=' && !isspace((unsigned char)*p))
      p++;
    char *key = buf_arena_strndup(arena, name, (size_t)(p - name));
    char *value = NULL;
    if (*p == '=') {
      p++;
      const char *v = p;
      char quote = (*p == '"' || *p == '\'') ? *p : 0;
      if (quote) {
        v = ++p;
        while (*p && *p != quote)
          p++;
        value = buf_arena_strndup(arena, v, (size_t)(p - v));
        if (*p)
          p++;
      } else {
        int depth = 0;
        while (*p && (depth > 0 || !isspace((unsigned char)*p))) {
          if (*p == '{' || *p == '(')
            depth++;
          else if (*p == '}' || *p == ')')
            depth--;
          p++;
        }
        value = buf_arena_strndup(arena, v, (size_t)(p - v));
      }
    }
    uint32_t index;
    const buf_option_spec_t *spec = option_spec(def, key, &index);
    if (!spec) {
      buf_diag_t *d = buf_emit_error(pl->ctx, BUF_LOC_UNKNOWN,
                                     "pass '%s' has no option '%s'", def->name,
                                     key);
      note_where(pl, d);
      if (def->num_options > 0) {
        char list[1024] = "";
        for (uint32_t i = 0; i < def->num_options; i++) {
          if (i)
            strncat(list, ", ", sizeof list - strlen(list) - 1);
          strncat(list, def->options[i].name, sizeof list - strlen(list) - 1);
        }
        buf_diag_note(pl->ctx, d, BUF_LOC_UNKNOWN, "its options are: %s", list);
      }
      return BUF_FAILURE;
    }
    const char *canonical = check_option_value(pl, def, spec, value);
    if (!canonical)
      return BUF_FAILURE;
    inst->options.values[index] = canonical;
  }
  return BUF_SUCCESS;
}

buf_status_t buf_pipeline_add(buf_pipeline_t *pl, const char *name,
                              const char *options) {
  const buf_pass_def_t *def = buf_pass_lookup(name);
  if (!def) {
    buf_emit_error(pl->ctx, BUF_LOC_UNKNOWN, "unknown pass '%s'", name);
    return BUF_FAILURE;
  }
  return buf_pipeline_add_def(pl, def, options);
}

buf_status_t buf_pipeline_add_def(buf_pipeline_t *pl, const buf_pass_def_t *def,
                                  const char *options) {
  if (pl->num_passes >= pl->limits.max_passes) {
    buf_emit_error(pl->ctx, BUF_LOC_UNKNOWN,
                   "too many passes: a pipeline holds at most %u",
                   pl->limits.max_passes);
    pl->limit_hit = BUF_LIMIT_PIPELINE_PASSES;
    return BUF_FAILURE;
  }
  buf_arena_t *arena = buf_ctx_arena(pl->ctx);
  if (pl->num_passes == pl->cap_passes) {
    /* Doubling: the arena keeps every old copy, so growing by one would
     * cost memory quadratic in the number of passes. */
    uint32_t cap = pl->cap_passes ? 2 * pl->cap_passes : 8;
    pl->passes = buf_arena_grow(arena, pl->passes, pl->num_passes, cap,
                                sizeof *pl->passes);
    pl->cap_passes = cap;
  }
  pass_instance_t *inst = &pl->passes[pl->num_passes];
  memset(inst, 0, sizeof *inst);
  inst->def = def;
  inst->per_function = strcmp(def->anchor, "func.func") == 0;
  inst->group = inst->per_function ? ++pl->num_groups : 0;
  inst->options.def = def;
  inst->options.values =
      buf_arena_alloc(arena, sizeof(char *) * (def->num_options + 1));
  if (BUF_FAILED(parse_options(pl, inst, options)))
    return BUF_FAILURE;
  pl->num_passes++;
  return BUF_SUCCESS;
}

/* Textual pipelines, recursive descent over:
 *   list    := element (',' element)*
 *   element := anchor '(' list ')' | pass-name ('{' options '}')?
 * where anchor is builtin.module, func.func or any. Nesting is bounded, as
 * are the text and the number of passes (buf_pipeline_limits_t), and every
 * step consumes input. */
typedef struct pipeline_parser {
  buf_pipeline_t *pl;
  const char *text;
  const char *p;
  unsigned depth;
  uint32_t group;   /* the func.func(...) group being parsed, or 0 */
} pipeline_parser_t;

static buf_status_t pipeline_error(pipeline_parser_t *pp, const char *what) {
  buf_emit_error(pp->pl->ctx, BUF_LOC_UNKNOWN,
                 "invalid pass pipeline at offset %zu: %s in '%s'",
                 (size_t)(pp->p - pp->text), what, pp->text);
  return BUF_FAILURE;
}

static void skip_space(pipeline_parser_t *pp) {
  while (isspace((unsigned char)*pp->p))
    pp->p++;
}

static buf_status_t parse_list(pipeline_parser_t *pp, const char *anchor);

static buf_status_t parse_element(pipeline_parser_t *pp, const char *anchor) {
  skip_space(pp);
  const char *start = pp->p;
  pp->pl->element_offset = (size_t)(start - pp->text);
  while (isalnum((unsigned char)*pp->p) || *pp->p == '-' || *pp->p == '_' ||
         *pp->p == '.')
    pp->p++;
  if (pp->p == start)
    return pipeline_error(pp, "expected a pass or op name");
  char name[128];
  size_t n = (size_t)(pp->p - start);
  if (n >= sizeof name)
    return pipeline_error(pp, "name too long");
  memcpy(name, start, n);
  name[n] = 0;
  skip_space(pp);
  if (*pp->p == '(') {
    bool op_anchor = strcmp(name, "builtin.module") != 0 && strcmp(name, "func.func") != 0 &&
                     strcmp(name, "any") != 0;
    if (op_anchor && !strchr(name, '.'))
      return pipeline_error(pp, "a nested pipeline is anchored on an op name (dialect.op)");
    if (strcmp(anchor, "builtin.module") != 0 && strcmp(anchor, "func.func") != 0 &&
        strcmp(anchor, "any") != 0)
      return pipeline_error(pp, "a nested pipeline inside one anchored on an op other "
                                "than builtin.module is not supported");
    if (strcmp(name, "builtin.module") == 0 && strcmp(anchor, "builtin.module") != 0)
      return pipeline_error(pp, "builtin.module cannot nest inside func.func");
    if (++pp->depth > pp->pl->limits.max_nesting) {
      pp->pl->limit_hit = BUF_LIMIT_PIPELINE_NESTING;
      char what[64];
      snprintf(what, sizeof what, "nesting deeper than %u levels", pp->pl->limits.max_nesting);
      return pipeline_error(pp, what);
    }
    pp->p++;
    skip_space(pp);
    uint32_t outer_group = pp->group;
    if (strcmp(name, "func.func") == 0 || op_anchor)
      pp->group = ++pp->pl->num_groups;
    const char *inner = op_anchor ? buf_arena_strndup(buf_ctx_arena(pp->pl->ctx), name, n) : name;
    if (*pp->p != ')' && BUF_FAILED(parse_list(pp, inner)))
      return BUF_FAILURE;
    pp->group = outer_group;
    skip_space(pp);
    if (*pp->p != ')')
      return pipeline_error(pp, "expected ')'");
    pp->p++;
    pp->depth--;
    return BUF_SUCCESS;
  }
  const char *options = NULL;
  if (*pp->p == '{') {
    const char *o = ++pp->p;
    int depth = 1;
    while (*pp->p && depth > 0) {
      if (*pp->p == '{')
        depth++;
      else if (*pp->p == '}')
        depth--;
      if (depth > 0)
        pp->p++;
    }
    if (*pp->p != '}')
      return pipeline_error(pp, "expected '}'");
    options = buf_arena_strndup(buf_ctx_arena(pp->pl->ctx), o, (size_t)(pp->p - o));
    pp->p++;
  }
  const buf_pass_def_t *def = buf_pass_lookup(name);
  if (def && strcmp(anchor, "func.func") == 0 &&
      strcmp(def->anchor, "builtin.module") == 0) {
    buf_emit_error(pp->pl->ctx, BUF_LOC_UNKNOWN,
                   "pass '%s' runs on builtin.module and cannot be nested in func.func",
                   name);
    return BUF_FAILURE;
  }
  bool op_anchor = strcmp(anchor, "builtin.module") != 0 && strcmp(anchor, "func.func") != 0 &&
                   strcmp(anchor, "any") != 0;
  if (def && op_anchor && strcmp(def->anchor, "any") != 0) {
    char class_name[128];
    buf_emit_error(pp->pl->ctx, BUF_LOC_UNKNOWN,
                   "Can't add pass '%s' restricted to '%s' on a PassManager intended "
                   "to run on '%s', did you intend to nest?",
                   buf_pass_class_name(def, class_name, sizeof class_name),
                   def->anchor, anchor);
    return BUF_FAILURE;
  }
  if (BUF_FAILED(buf_pipeline_add(pp->pl, name, options)))
    return BUF_FAILURE;
  pass_instance_t *inst = &pp->pl->passes[pp->pl->num_passes - 1];
  if (strcmp(anchor, "func.func") == 0) {
    inst->per_function = true;
    inst->group = pp->group;
  } else if (op_anchor) {
    inst->nest_op = anchor;
    inst->group = pp->group;
  }
  return BUF_SUCCESS;
}

static buf_status_t parse_list(pipeline_parser_t *pp, const char *anchor) {
  for (;;) {
    if (BUF_FAILED(parse_element(pp, anchor)))
      return BUF_FAILURE;
    skip_space(pp);
    if (*pp->p != ',')
      return BUF_SUCCESS;
    pp->p++;
  }
}

buf_status_t buf_pipeline_parse(buf_pipeline_t *pl, const char *text) {
  size_t len = strnlen(text, pl->limits.max_text + 1);
  if (len > pl->limits.max_text) {
    buf_emit_error(pl->ctx, BUF_LOC_UNKNOWN,
                   "invalid pass pipeline: longer than %zu bytes",
                   pl->limits.max_text);
    pl->limit_hit = BUF_LIMIT_PIPELINE_TEXT;
    return BUF_FAILURE;
  }
  pipeline_parser_t pp = {pl, text, text, 0, 0};
  skip_space(&pp);
  if (!*pp.p)
    return BUF_SUCCESS;
  pl->parse_text = text;
  buf_status_t status = parse_list(&pp, "builtin.module");
  skip_space(&pp);
  if (!BUF_FAILED(status) && *pp.p)
    status = pipeline_error(&pp, "unexpected trailing text");
  pl->parse_text = NULL;
  return status;
}

/* Appends "name{opt=v ...}" with non-default options in declaration order
 * (which is fixed by the table, hence canonical). */
static void append_pass(buf_strbuf_t *sb, const pass_instance_t *inst) {
  const buf_pass_def_t *def = inst->def;
  buf_strbuf_puts(sb, def->name);
  bool open = false;
  for (uint32_t i = 0; i < def->num_options; i++) {
    const char *v = inst->options.values[i];
    if (!v || (def->options[i].default_value &&
               strcmp(v, def->options[i].default_value) == 0))
      continue;
    buf_strbuf_puts(sb, open ? " " : "{");
    open = true;
    buf_strbuf_puts(sb, def->options[i].name);
    if (!(def->options[i].kind == BUF_OPT_BOOL && strcmp(v, "true") == 0)) {
      buf_strbuf_puts(sb, "=");
      buf_strbuf_puts(sb, v);
    }
  }
  if (open)
    buf_strbuf_puts(sb, "}");
}

/* The op pass instance i runs on each of, when it is nested in one
 * ("func.func" or another op name), or NULL when it runs on the module. */
static const char *nest_of(const pass_instance_t *inst) {
  return inst->per_function ? "func.func" : inst->nest_op;
}

/* Whether passes a and b print inside one nested group. */
static bool same_nest(const pass_instance_t *a, const pass_instance_t *b) {
  return nest_of(a) && nest_of(b) && strcmp(nest_of(a), nest_of(b)) == 0;
}

const char *buf_pipeline_to_string(const buf_pipeline_t *pl) {
  buf_strbuf_t sb = {0};
  buf_strbuf_puts(&sb, "builtin.module(");
  const pass_instance_t *open = NULL; /* first pass of the open group */
  for (uint32_t i = 0; i < pl->num_passes; i++) {
    const pass_instance_t *inst = &pl->passes[i];
    if (open && !same_nest(open, inst)) {
      buf_strbuf_puts(&sb, ")");
      open = NULL;
    }
    if (i > 0)
      buf_strbuf_puts(&sb, ",");
    if (nest_of(inst) && !open) {
      buf_strbuf_puts(&sb, nest_of(inst));
      buf_strbuf_puts(&sb, "(");
      open = inst;
    }
    append_pass(&sb, inst);
  }
  if (open)
    buf_strbuf_puts(&sb, ")");
  buf_strbuf_puts(&sb, ")");
  const char *s = buf_arena_strndup(buf_ctx_arena(pl->ctx), sb.data ? sb.data : "", sb.len);
  buf_strbuf_free(&sb);
  return s;
}

/* Upstream prints options sorted by name. */
static int compare_option_names(const void *a, const void *b) {
  const buf_option_spec_t *x = *(const buf_option_spec_t *const *)a;
  const buf_option_spec_t *y = *(const buf_option_spec_t *const *)b;
  return strcmp(x->name, y->name);
}

/* "name{a=v b=w}" with every option, as upstream's pass printer spells it:
 * booleans as true/false, an empty list as nothing at all. */
static void append_upstream_pass(buf_strbuf_t *sb, const pass_instance_t *inst) {
  const buf_pass_def_t *def = inst->def;
  buf_strbuf_puts(sb, def->name);
  if (!def->num_options)
    return;
  const buf_option_spec_t *sorted[64];
  uint32_t n = def->num_options < 64 ? def->num_options : 64;
  for (uint32_t i = 0; i < n; i++)
    sorted[i] = &def->options[i];
  qsort(sorted, n, sizeof *sorted, compare_option_names);
  buf_strbuf_puts(sb, "{");
  for (uint32_t k = 0; k < n; k++) {
    const buf_option_spec_t *spec = sorted[k];
    uint32_t i = (uint32_t)(spec - def->options);
    const char *v = inst->options.values[i] ? inst->options.values[i] : spec->default_value;
    if (k)
      buf_strbuf_puts(sb, " ");
    if (spec->kind == BUF_OPT_LIST && (!v || !*v))
      continue;
    buf_strbuf_puts(sb, spec->name);
    buf_strbuf_puts(sb, "=");
    if (spec->kind == BUF_OPT_BOOL)
      buf_strbuf_puts(sb, v && (!strcmp(v, "true") || !strcmp(v, "1")) ? "true" : "false");
    else
      buf_strbuf_puts(sb, v ? v : "");
  }
  buf_strbuf_puts(sb, "}");
}

const char *buf_pipeline_to_upstream_string(const buf_pipeline_t *pl) {
  buf_strbuf_t sb = {0};
  buf_strbuf_puts(&sb, "builtin.module(");
  const pass_instance_t *open = NULL; /* first pass of the open group */
  for (uint32_t i = 0; i < pl->num_passes; i++) {
    const pass_instance_t *inst = &pl->passes[i];
    if (open && (!same_nest(open, inst) || inst->group != open->group)) {
      buf_strbuf_puts(&sb, "\n  )");
      open = NULL;
    }
    if (i > 0)
      buf_strbuf_puts(&sb, ",");
    if (nest_of(inst) && !open) {
      buf_strbuf_puts(&sb, "\n  ");
      buf_strbuf_puts(&sb, nest_of(inst));
      buf_strbuf_puts(&sb, "(");
      open = inst;
    }
    buf_strbuf_puts(&sb, open ? "\n    " : "\n  ");
    append_upstream_pass(&sb, inst);
  }
  if (open)
    buf_strbuf_puts(&sb, "\n  )");
  buf_strbuf_puts(&sb, "\n)");
  const char *s = buf_arena_strndup(buf_ctx_arena(pl->ctx), sb.data ? sb.data : "", sb.len);
  buf_strbuf_free(&sb);
  return s;
}

const char *buf_pass_class_name(const buf_pass_def_t *def, char *buf,
                                size_t size) {
  if (def->class_name)
    return def->class_name;
  size_t n = 0;
  bool upper = true;
  for (const char *p = def->name; *p && n + 5 < size; p++) {
    if (*p == '-') {
      upper = true;
      continue;
    }
    buf[n++] = upper ? (char)toupper((unsigned char)*p) : *p;
    upper = false;
  }
  snprintf(buf + n, size - n, "Pass");
  return buf;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Checks the context's memory and time bounds before work on `at` for
 * pass `inst`. */
static buf_status_t check_run_limits(buf_pipeline_t *pl, const pass_instance_t *inst,
                                     buf_loc_t at) {
  char next[160];
  snprintf(next, sizeof next, "pass '%s'", inst->def->name);
  if (BUF_FAILED(buf_ctx_check_limits(pl->ctx, at, next))) {
    pl->limit_hit = buf_ctx_limit_hit(pl->ctx);
    return BUF_FAILURE;
  }
  return BUF_SUCCESS;
}

/* Runs one pass instance on one op between the instrument's hooks. */
static buf_status_t run_on(buf_pipeline_t *pl, const pass_instance_t *inst,
                           buf_op_t *op) {
  if (pl->instrument.before)
    pl->instrument.before(pl->instrument.user, inst->def, op);
  buf_status_t st = inst->def->run(op, &inst->options);
  if (pl->instrument.after)
    pl->instrument.after(pl->instrument.user, inst->def, op, BUF_FAILED(st));
  return st;
}

typedef struct func_run {
  buf_pipeline_t *pl;
  const pass_instance_t *inst;
  buf_status_t status;
} func_run_t;

/* Runs fr's pass on op when op is what the pass is nested in (a func.func
 * or the op its group names), and not inside it. */
static buf_walk_result_t run_on_nested(buf_op_t *op, void *user) {
  func_run_t *fr = user;
  if (strcmp(op->name, nest_of(fr->inst)) != 0)
    return BUF_WALK_ADVANCE;
  if (BUF_FAILED(check_run_limits(fr->pl, fr->inst, op->loc))) {
    fr->status = BUF_FAILURE;
    return BUF_WALK_INTERRUPT;
  }
  if (BUF_FAILED(run_on(fr->pl, fr->inst, op)))
    fr->status = BUF_FAILURE;
  return BUF_WALK_SKIP;
}

void buf_pipeline_set_instrument(buf_pipeline_t *pl,
                                 const buf_pass_instrument_t *instrument) {
  if (instrument)
    pl->instrument = *instrument;
  else
    memset(&pl->instrument, 0, sizeof pl->instrument);
}

void buf_pass_statistic_add(buf_op_t *op, const char *name, const char *help,
                            uint64_t n) {
  buf_pipeline_t *pl = buf_ctx_running_pipeline(buf_op_ctx(op));
  if (!pl || !pl->running)
    return;
  pass_instance_t *inst = pl->running;
  for (uint32_t i = 0; i < inst->num_stats; i++)
    if (strcmp(inst->stats[i].name, name) == 0) {
      inst->stats[i].value += n;
      return;
    }
  inst->stats = buf_arena_grow(buf_ctx_arena(pl->ctx), inst->stats,
                               inst->num_stats, inst->num_stats + 1,
                               sizeof *inst->stats);
  inst->stats[inst->num_stats++] = (buf_pass_statistic_t){name, help, n};
}

const buf_pass_statistic_t *buf_pipeline_statistics(const buf_pipeline_t *pl,
                                                    uint32_t i, uint32_t *num) {
  *num = i < pl->num_passes ? pl->passes[i].num_stats : 0;
  return *num ? pl->passes[i].stats : NULL;
}

uint32_t buf_pipeline_num_top_level(const buf_pipeline_t *pl) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < pl->num_passes; i++)
    n += !nest_of(&pl->passes[i]) || i == 0 ||
         !same_nest(&pl->passes[i - 1], &pl->passes[i]) ||
         pl->passes[i - 1].group != pl->passes[i].group;
  return n;
}

const buf_pass_def_t *buf_pipeline_pass(const buf_pipeline_t *pl, uint32_t i) {
  return i < pl->num_passes ? pl->passes[i].def : NULL;
}

buf_status_t buf_pipeline_run(buf_pipeline_t *pl, buf_op_t *module,
                              buf_pass_timing_t **timings) {
  buf_pass_timing_t *times = NULL;
  if (timings) {
    times = buf_arena_alloc(buf_ctx_arena(pl->ctx),
                            sizeof *times * (pl->num_passes + 1));
    *timings = times;
  }
  buf_ctx_set_running_pipeline(pl->ctx, pl);
  for (uint32_t i = 0; i < pl->num_passes; i++) {
    pass_instance_t *inst = &pl->passes[i];
    double start = now_seconds();
    buf_status_t status;
    if (BUF_FAILED(check_run_limits(pl, inst, module->loc))) {
      buf_ctx_set_running_pipeline(pl->ctx, NULL);
      return BUF_FAILURE;
    }
    pl->running = inst;
    if (nest_of(inst)) {
      func_run_t fr = {pl, inst, BUF_SUCCESS};
      buf_op_walk(module, BUF_WALK_PRE, run_on_nested, &fr);
      status = fr.status;
    } else {
      status = run_on(pl, inst, module);
    }
    pl->running = NULL;
    if (times) {
      times[i].name = inst->def->name;
      times[i].seconds = now_seconds() - start;
    }
    if (BUF_FAILED(status)) {
      buf_ctx_set_running_pipeline(pl->ctx, NULL);
      return BUF_FAILURE;
    }
    if (pl->verify_each && BUF_FAILED(buf_verify(module))) {
      buf_emit_error(pl->ctx, module->loc,
                     "pass '%s' produced invalid IR (see the errors above)",
                     inst->def->name);
      buf_ctx_set_running_pipeline(pl->ctx, NULL);
      return BUF_FAILURE;
    }
  }
  buf_ctx_set_running_pipeline(pl->ctx, NULL);
  return BUF_SUCCESS;
}
