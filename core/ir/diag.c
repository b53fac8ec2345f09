/*
 * diag.c: located diagnostics, recorded in the context and printed the way
 * mlir-opt prints them (file:line:col: severity: message, the source line,
 * a caret under the column, then the attached notes).
 *
 * Invariants: diagnostics form a singly linked list in emission order with a
 * tail pointer; notes hang off their diagnostic in order. All text lives in
 * the context arena.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir_internal.h"

static buf_diag_t *make_diag(buf_ctx_t *ctx, buf_severity_t sev, buf_loc_t loc,
                             const char *fmt, va_list ap) {
  buf_diag_t *d = buf_arena_alloc(&ctx->arena, sizeof *d);
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n < 0) n = 0;
  char *msg = buf_arena_alloc(&ctx->arena, (size_t)n + 1);
  vsnprintf(msg, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  /* Messages carry no trailing newline. */
  while (n > 0 && msg[n - 1] == '\n') msg[--n] = 0;
  d->severity = sev;
  d->loc = loc;
  d->message = msg;
  return d;
}

/* Records a diagnostic and returns it. */
buf_diag_t *buf_emitv(buf_ctx_t *ctx, buf_severity_t sev, buf_loc_t loc,
                      const char *fmt, va_list ap) {
  buf_diag_t *d = make_diag(ctx, sev, loc, fmt, ap);
  if (ctx->diags_tail)
    ctx->diags_tail->next = d;
  else
    ctx->diags = d;
  ctx->diags_tail = d;
  if (sev == BUF_SEV_ERROR) ctx->num_errors++;
  return d;
}

buf_diag_t *buf_emit_error(buf_ctx_t *ctx, buf_loc_t loc, const char *fmt,
                           ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_diag_t *d = buf_emitv(ctx, BUF_SEV_ERROR, loc, fmt, ap);
  va_end(ap);
  return d;
}

buf_diag_t *buf_emit_warning(buf_ctx_t *ctx, buf_loc_t loc, const char *fmt,
                             ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_diag_t *d = buf_emitv(ctx, BUF_SEV_WARNING, loc, fmt, ap);
  va_end(ap);
  return d;
}

buf_diag_t *buf_emit_remark(buf_ctx_t *ctx, buf_loc_t loc, const char *fmt,
                            ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_diag_t *d = buf_emitv(ctx, BUF_SEV_REMARK, loc, fmt, ap);
  va_end(ap);
  return d;
}

/* Appends a note (not counted as an error) to diag. */
buf_diag_t *buf_diag_note(buf_ctx_t *ctx, buf_diag_t *diag, buf_loc_t loc,
                          const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_diag_t *n = make_diag(ctx, BUF_SEV_NOTE, loc, fmt, ap);
  va_end(ap);
  if (!diag) return NULL;
  buf_diag_t **pp = &diag->notes;
  while (*pp) pp = &(*pp)->next;
  *pp = n;
  return diag;
}

/* "'name' op message" at op's location. */
buf_diag_t *buf_op_emit_error(buf_op_t *op, const char *fmt, ...) {
  buf_ctx_t *ctx = buf_op_ctx(op);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  char *msg = buf_arena_alloc(&ctx->arena, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(msg, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return buf_emit_error(ctx, op->loc, "'%s' op %s", op->name, msg);
}

const buf_diag_t *buf_ctx_diags(const buf_ctx_t *ctx) { return ctx->diags; }

size_t buf_ctx_num_errors(const buf_ctx_t *ctx) { return ctx->num_errors; }

/* Forgets the diagnostics (their memory stays in the arena). */
void buf_ctx_clear_diags(buf_ctx_t *ctx) {
  ctx->diags = ctx->diags_tail = NULL;
  ctx->num_errors = 0;
}

static const char *sev_word(buf_severity_t s) {
  switch (s) {
  case BUF_SEV_ERROR: return "error";
  case BUF_SEV_WARNING: return "warning";
  case BUF_SEV_NOTE: return "note";
  case BUF_SEV_REMARK: return "remark";
  }
  return "error";
}

static void print_one(const buf_ctx_t *ctx, const buf_diag_t *d, FILE *out) {
  if (d->loc.file)
    fprintf(out, "%s:%u:%u: %s: %s\n", d->loc.file, d->loc.line, d->loc.col,
            sev_word(d->severity), d->message);
  else
    fprintf(out, "<unknown>:0:0: %s: %s\n", sev_word(d->severity), d->message);
  if (!d->loc.file || d->loc.line == 0) return;
  const buf__source_t *s = buf__ctx_find_source(ctx, d->loc.file);
  if (!s || d->loc.line < s->first_line) return;
  const char *src = s->text;
  size_t len = s->len;
  /* Find the start of line d->loc.line (the text starts at first_line). */
  size_t pos = 0;
  for (uint32_t l = s->first_line; l < d->loc.line; l++) {
    const char *nl = memchr(src + pos, '\n', len - pos);
    if (!nl) return; /* line out of range */
    pos = (size_t)(nl - src) + 1;
  }
  if (pos > len || (pos == len && d->loc.line > s->first_line)) return;
  const char *nl = memchr(src + pos, '\n', len - pos);
  size_t end = nl ? (size_t)(nl - src) : len;
  if (end > pos && src[end - 1] == '\r') end--;
  fprintf(out, "%.*s\n", (int)(end - pos), src + pos);
  for (uint32_t c = 1; c < d->loc.col; c++) fputc(' ', out);
  fputs("^\n", out);
}

/* Prints every diagnostic with its source line, caret and notes. */
void buf_diags_print(const buf_ctx_t *ctx, FILE *out) {
  for (const buf_diag_t *d = ctx->diags; d; d = d->next) {
    print_one(ctx, d, out);
    for (const buf_diag_t *n = d->notes; n; n = n->next) print_one(ctx, n, out);
  }
}
