/*
 * print_asm.c: the printer side of the op-assembly API (MLIR's
 * OpAsmPrinter) that custom print hooks of op definitions use.
 *
 * Conventions (also in buf/syntax.h): a hook's text is appended right after
 * the op name, so hooks start with the space they need. Functions print
 * exactly what their comment shows and no surrounding whitespace, except
 * buf_printer_print_attr_dict and _with_keyword, which start with a space
 * when they print anything (they often print nothing).
 */
#include "printer_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

buf_ctx_t *buf_printer_ctx(buf_printer_t *pr) { return pr->ctx; }

void buf_printer_write(buf_printer_t *pr, const char *s, size_t n) {
  buf_strbuf_append(pr->out, s, n);
}

void buf_printer_printf(buf_printer_t *pr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof small) {
    buf_strbuf_append(pr->out, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big)
    abort(); /* out of memory */
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  buf_strbuf_append(pr->out, big, (size_t)n);
  free(big);
}

void buf_printer_print_value(buf_printer_t *pr, buf_value_t *v) {
  buf_strbuf_puts(pr->out,
                  v ? buf__names_value(&pr->names, v) : "<<NULL VALUE>>");
}

void buf_printer_print_operands(buf_printer_t *pr, buf_op_t *op, uint32_t start,
                                uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    if (start + i < op->num_operands)
      buf_printer_print_value(pr, op->operands[start + i].value);
    else
      buf_printer_puts(pr, "<<OPERAND OUT OF RANGE>>");
  }
}

void buf_printer_print_values(buf_printer_t *pr, uint32_t n,
                              buf_value_t *const *vs) {
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    buf_printer_print_value(pr, vs[i]);
  }
}

void buf_printer_print_type(buf_printer_t *pr, buf_type_t t) {
  buf__print_type(pr->out, t, buf__printer_aliases(pr));
}

void buf_printer_print_types(buf_printer_t *pr, uint32_t n,
                             const buf_type_t *ts) {
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    buf_printer_print_type(pr, ts[i]);
  }
}

void buf_printer_print_operand_types(buf_printer_t *pr, buf_op_t *op,
                                     uint32_t start, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    buf_value_t *v =
        start + i < op->num_operands ? op->operands[start + i].value : NULL;
    buf_printer_print_type(pr, v ? v->type : NULL);
  }
}

void buf_printer_print_result_types(buf_printer_t *pr, buf_op_t *op) {
  for (uint32_t i = 0; i < op->num_results; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    buf_printer_print_type(pr, op->results[i].type);
  }
}

void buf_printer_print_arrow_types(buf_printer_t *pr, uint32_t n,
                                   const buf_type_t *ts) {
  if (!n)
    return;
  bool wrap = n != 1 || (ts[0] && ts[0]->kind == BUF_TYPE_FUNCTION);
  buf_printer_puts(pr, wrap ? "-> (" : "-> ");
  buf_printer_print_types(pr, n, ts);
  if (wrap)
    buf_printer_puts(pr, ")");
}

void buf_printer_print_attr(buf_printer_t *pr, buf_attr_t a) {
  buf__print_attr(pr->out, a, buf__printer_aliases(pr), BUF__ELIDE_NEVER);
}

void buf_printer_print_affine_map(buf_printer_t *pr, buf_affine_map_t *map) {
  buf__print_affine_map(pr->out, map);
}

void buf_printer_print_attr_no_type(buf_printer_t *pr, buf_attr_t a) {
  buf__print_attr(pr->out, a, buf__printer_aliases(pr), BUF__ELIDE_MUST);
}

static bool is_elided(const char *const *elided, buf_ident_t name) {
  if (!elided)
    return false;
  for (; *elided; elided++)
    if ((*elided)[0] == name[0] && !strcmp(*elided, name))
      return true;
  return false;
}

/* Prints `prefix{...}` with op's non-elided attributes, or nothing. */
static void print_dict_filtered(buf_printer_t *pr, buf_op_t *op,
                                const char *const *elided,
                                const char *prefix) {
  buf_attr_t d = op->attrs;
  if (!d || d->kind != BUF_ATTR_DICT)
    return;
  uint32_t n = 0;
  for (uint32_t i = 0; i < d->u.dict.n; i++)
    if (!is_elided(elided, d->u.dict.entries[i].name))
      n++;
  if (!n)
    return;
  buf_named_attr_t small[16];
  buf_named_attr_t *keep =
      n <= 16 ? small : malloc(n * sizeof(buf_named_attr_t));
  if (!keep)
    abort(); /* out of memory */
  n = 0;
  for (uint32_t i = 0; i < d->u.dict.n; i++)
    if (!is_elided(elided, d->u.dict.entries[i].name))
      keep[n++] = d->u.dict.entries[i];
  buf_printer_puts(pr, prefix);
  buf__print_dict_entries(pr->out, keep, n, buf__printer_aliases(pr));
  if (keep != small)
    free(keep);
}

void buf_printer_print_attr_dict(buf_printer_t *pr, buf_op_t *op,
                                 const char *const *elided) {
  print_dict_filtered(pr, op, elided, " ");
}

void buf_printer_print_attr_dict_with_keyword(buf_printer_t *pr, buf_op_t *op,
                                              const char *const *elided) {
  print_dict_filtered(pr, op, elided, " attributes ");
}

void buf_printer_print_symbol_name(buf_printer_t *pr, buf_ident_t name) {
  buf_printer_puts(pr, "@");
  size_t n = name ? strlen(name) : 0;
  if (buf__is_bare_identifier(name, n))
    buf_strbuf_append(pr->out, name, n);
  else
    buf__print_escaped_string(pr->out, name ? name : "", n);
}

void buf_printer_print_successor(buf_printer_t *pr, buf_block_t *b) {
  buf_printer_puts(pr, buf__names_block(&pr->names, b));
}

void buf_printer_print_region(buf_printer_t *pr, buf_region_t *r,
                              bool print_entry_args,
                              bool print_empty_terminators) {
  buf__print_region(pr, r, print_entry_args, print_empty_terminators, false);
}

void buf_printer_print_region_arg(buf_printer_t *pr, buf_value_t *arg) {
  buf_printer_print_value(pr, arg);
  buf_printer_puts(pr, ": ");
  buf_printer_print_type(pr, arg ? arg->type : NULL);
  if (arg)
    buf__print_loc(pr, arg->loc, false);
}

void buf_printer_print_arg_loc(buf_printer_t *pr, buf_value_t *arg) {
  if (arg)
    buf__print_loc(pr, arg->loc, false);
}

void buf_printer_print_dynamic_index_list(buf_printer_t *pr, buf_attr_t statics,
                                          uint32_t num_dyn,
                                          buf_value_t *const *dyn) {
  buf_printer_puts(pr, "[");
  uint32_t next = 0;
  int64_t n = 0;
  const int64_t *vals = NULL;
  if (statics && statics->kind == BUF_ATTR_DENSE_ARRAY) {
    n = statics->u.dense_array.count;
    vals = statics->u.dense_array.ints;
  }
  for (int64_t i = 0; i < n; i++) {
    if (i)
      buf_printer_puts(pr, ", ");
    int64_t v = vals ? vals[i] : 0;
    if (v == BUF_DYNAMIC) {
      if (next < num_dyn)
        buf_printer_print_value(pr, dyn[next++]);
      else
        buf_printer_puts(pr, "<<MISSING DYNAMIC VALUE>>");
    } else {
      buf__strbuf_append_i64(pr->out, v);
    }
  }
  buf_printer_puts(pr, "]");
}

void buf_printer_newline(buf_printer_t *pr) {
  buf_printer_puts(pr, "\n");
  for (uint32_t i = 0; i < pr->indent; i++)
    buf_strbuf_append(pr->out, " ", 1);
}

void buf_printer_indent(buf_printer_t *pr, int delta) {
  int64_t v = (int64_t)pr->indent + 2 * (int64_t)delta;
  pr->indent = v < 0 ? 0 : (uint32_t)v;
}
