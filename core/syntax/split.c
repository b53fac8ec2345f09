/*
 * split.c: --split-input-file support: cuts a buffer into chunks at marker
 * lines, as mlir-opt does.
 *
 * A marker is a line that, after optional spaces and tabs, starts with
 * the marker text ("// -----" unless --split-input-file=MARKER names
 * another). The marker line belongs to no chunk. Each chunk records the
 * 1-based line number of its first line so diagnostics keep the line
 * numbers of the whole file. Chunks point into the caller's buffer.
 */
#include <string.h>

#include "buf/syntax.h"

/* True when the line starting at s (n bytes to the end of the buffer) is
 * a split marker. */
static bool is_marker(const char *s, size_t n, const char *marker, size_t mlen) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t'))
    i++;
  return mlen > 0 && n - i >= mlen && memcmp(s + i, marker, mlen) == 0;
}

uint32_t buf_split_input(buf_ctx_t *ctx, const char *text, size_t len,
                         buf_chunk_t **chunks) {
  return buf_split_input_at(ctx, text, len, "// -----", chunks);
}

uint32_t buf_split_input_at(buf_ctx_t *ctx, const char *text, size_t len,
                            const char *marker, buf_chunk_t **chunks) {
  size_t mlen = strlen(marker);
  uint32_t n = 0, cap = 0;
  buf_chunk_t *out = NULL;
  size_t start = 0;
  uint32_t start_line = 1, line = 1;
  size_t pos = 0;
  if (!text)
    len = 0;
  for (;;) {
    /* pos is the start of a line (or len). */
    size_t eol = pos;
    while (eol < len && text[eol] != '\n')
      eol++;
    bool at_end = pos >= len;
    if (at_end || is_marker(text + pos, len - pos, marker, mlen)) {
      if (n == cap) {
        uint32_t nc = cap ? cap * 2 : 4;
        out = buf_arena_grow(buf_ctx_arena(ctx), out, cap, nc,
                             sizeof(buf_chunk_t));
        cap = nc;
      }
      out[n].text = text ? text + start : "";
      out[n].len = (at_end ? len : pos) - start;
      out[n].first_line = start_line;
      n++;
      if (at_end)
        break;
      start = eol < len ? eol + 1 : len;
      start_line = line + 1;
    }
    if (eol >= len)
      pos = len;
    else
      pos = eol + 1;
    line++;
  }
  *chunks = out;
  return n;
}
