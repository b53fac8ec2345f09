/*
 * buffer-opt-verify-diagnostics.c: matching diagnostics against comments.
 *
 * A comment "expected-<severity>[@<where>] {{text}}" expects one diagnostic
 * of that severity whose message contains `text`, on the comment's own line
 * or on the line <where> names: @+N / @-N (relative), @above / @below (the
 * nearest line before / after it that holds no expectation, as upstream, so
 * that several @below comments stack above one op), or @unknown (a diagnostic without a location). "-re" variants treat every
 * {{...}} part of the text as a POSIX extended regex. Every expectation must
 * be met by exactly one diagnostic and every diagnostic (notes included)
 * must meet one expectation.
 */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "verify_diagnostics.h"

typedef struct expectation {
  buf_severity_t severity;
  uint32_t line;      /* absolute line the diagnostic must be on; 0: unknown loc */
  uint32_t comment_line;
  int8_t nearest;     /* @above: -1, @below: +1 (line resolved after the scan); 0 */
  uint32_t col;
  char *text;         /* substring or (regex) pattern */
  bool regex;
  bool met;
} expectation_t;

static const char *const severity_names[] = {"error", "warning", "note", "remark"};

/* Builds an anchored-nowhere POSIX regex from "a{{re}}b": literal parts are
 * escaped, {{...}} parts are kept. */
static char *regex_from_text(const char *text) {
  size_t n = strlen(text);
  char *re = malloc(2 * n + 1), *w = re;
  const char *p = text;
  while (*p) {
    if (p[0] == '{' && p[1] == '{') {
      const char *end = strstr(p + 2, "}}");
      if (!end)
        end = p + strlen(p);
      memcpy(w, p + 2, (size_t)(end - p - 2));
      w += end - p - 2;
      p = *end ? end + 2 : end;
      continue;
    }
    if (strchr(".[]()*+?^$|\\{}", *p))
      *w++ = '\\';
    *w++ = *p++;
  }
  *w = 0;
  return re;
}

static bool message_matches(const expectation_t *e, const char *msg) {
  if (!e->regex)
    return strstr(msg, e->text) != NULL;
  char *pattern = regex_from_text(e->text);
  regex_t re;
  bool ok = false;
  if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) == 0) {
    ok = regexec(&re, msg, 0, NULL, 0) == 0;
    regfree(&re);
  }
  free(pattern);
  return ok;
}

/* Scans the chunk for expectation comments. */
static expectation_t *collect(const char *text, size_t len, uint32_t first_line,
                              uint32_t *count) {
  expectation_t *list = NULL;
  uint32_t n = 0, cap = 0;
  uint32_t line = first_line;
  const char *end = text + len;
  for (const char *ls = text; ls < end; line++) {
    const char *le = memchr(ls, '\n', (size_t)(end - ls));
    if (!le)
      le = end;
    const char *p = ls;
    while (p < le) {
      const char *hit = NULL;
      for (const char *q = p; q + 9 <= le; q++)
        if (memcmp(q, "expected-", 9) == 0) {
          hit = q;
          break;
        }
      if (!hit)
        break;
      p = hit + 9;
      int sev = -1;
      for (int s = 0; s < 4; s++) {
        size_t sl = strlen(severity_names[s]);
        if ((size_t)(le - p) >= sl && memcmp(p, severity_names[s], sl) == 0) {
          sev = s;
          p += sl;
          break;
        }
      }
      if (sev < 0)
        continue;
      bool regex = false;
      if (le - p >= 3 && memcmp(p, "-re", 3) == 0) {
        regex = true;
        p += 3;
      }
      while (p < le && *p == ' ')
        p++;
      int64_t target = line;
      int8_t nearest = 0;
      bool unknown = false;
      if (p < le && *p == '@') {
        p++;
        if (le - p >= 5 && memcmp(p, "above", 5) == 0) {
          target = line - 1;
          nearest = -1;
          p += 5;
        } else if (le - p >= 5 && memcmp(p, "below", 5) == 0) {
          target = line + 1;
          nearest = 1;
          p += 5;
        } else if (le - p >= 7 && memcmp(p, "unknown", 7) == 0) {
          unknown = true;
          p += 7;
        } else if (p < le && (*p == '+' || *p == '-')) {
          char sign = *p++;
          int64_t off = 0;
          while (p < le && *p >= '0' && *p <= '9')
            off = off * 10 + (*p++ - '0');
          target = sign == '+' ? line + off : line - off;
        }
      }
      while (p < le && *p == ' ')
        p++;
      if (le - p < 2 || p[0] != '{' || p[1] != '{')
        continue;
      /* The text runs to the last "}}" on the line. */
      const char *close = NULL;
      for (const char *q = p + 2; q + 2 <= le; q++)
        if (q[0] == '}' && q[1] == '}')
          close = q;
      if (!close)
        continue;
      if (n == cap) {
        cap = cap ? cap * 2 : 16;
        list = realloc(list, cap * sizeof *list);
      }
      list[n++] = (expectation_t){
          .severity = (buf_severity_t)sev,
          .line = unknown ? 0 : (uint32_t)(target < 0 ? 0 : target),
          .comment_line = line,
          .nearest = nearest,
          .col = (uint32_t)(hit - ls) + 1,
          .text = strndup(p + 2, (size_t)(close - p - 2)),
          .regex = regex,
      };
      p = close + 2;
    }
    ls = le + 1;
  }
  /* @above / @below skip the lines that hold expectations themselves */
  for (uint32_t i = 0; i < n; i++) {
    if (!list[i].nearest)
      continue;
    int64_t t = (int64_t)list[i].comment_line + list[i].nearest;
    for (bool busy = true; busy && t > 0;) {
      busy = false;
      for (uint32_t k = 0; k < n && !busy; k++)
        busy = list[k].comment_line == t;
      if (busy)
        t += list[i].nearest;
    }
    list[i].line = t < 0 ? 0 : (uint32_t)t;
  }
  *count = n;
  return list;
}

/* Finds and consumes the expectation d meets; false when none does. */
static bool meet(expectation_t *list, uint32_t n, const buf_diag_t *d) {
  for (uint32_t i = 0; i < n; i++) {
    expectation_t *e = &list[i];
    if (e->met || e->severity != d->severity)
      continue;
    uint32_t line = d->loc.file ? d->loc.line : 0;
    if (line != e->line)
      continue;
    if (!message_matches(e, d->message))
      continue;
    e->met = true;
    return true;
  }
  return false;
}

static void report_unexpected(FILE *out, const char *file, const buf_diag_t *d) {
  fprintf(out, "%s:%u:%u: error: unexpected %s: %s\n",
          d->loc.file ? d->loc.file : file, d->loc.line, d->loc.col,
          severity_names[d->severity], d->message);
}

buf_status_t buf_verify_expected_diagnostics(buf_ctx_t *ctx, const char *file,
                                             const char *text, size_t len,
                                             uint32_t first_line, bool only_expected,
                                             FILE *out) {
  uint32_t n;
  expectation_t *list = collect(text, len, first_line, &n);
  bool ok = true;
  for (const buf_diag_t *d = buf_ctx_diags(ctx); d; d = d->next) {
    if (!meet(list, n, d) && !only_expected) {
      report_unexpected(out, file, d);
      ok = false;
    }
    for (const buf_diag_t *note = d->notes; note; note = note->next) {
      if (!meet(list, n, note) && !only_expected) {
        report_unexpected(out, file, note);
        ok = false;
      }
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    if (!list[i].met) {
      fprintf(out, "%s:%u:%u: error: expected %s \"%s\" was not produced\n", file,
              list[i].comment_line, list[i].col, severity_names[list[i].severity],
              list[i].text);
      ok = false;
    }
    free(list[i].text);
  }
  free(list);
  return ok ? BUF_SUCCESS : BUF_FAILURE;
}
