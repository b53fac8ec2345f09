/*
 * playground.c: the browser playground, served by bufferd itself.
 *
 * The page, its style sheet and script and the example programs are plain
 * files under server/playground/, built into the binary as byte arrays
 * (server/playground/embed.cmake): no build step for the JavaScript, no
 * files to install next to the daemon, nothing fetched from elsewhere.
 *
 * Every file is served with its ETag (from its SHA-256) and
 * "Cache-Control: no-cache": a browser revalidates and gets 304 until the
 * daemon is rebuilt with other files, so an upgrade is never hidden by a
 * stale cache. A Content-Security-Policy lets the page run only its own
 * script and talk only to its own daemon.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bufferd.h"

#define PLAYGROUND_PREFIX "/playground/"
#define EXAMPLES_DIR "examples/"
#define SECURITY_HEADERS                                                                  \
  "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; "    \
  "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "       \
  "frame-ancestors 'none'\r\n"                                                            \
  "Referrer-Policy: no-referrer\r\n"

static const bd_asset_t *find_asset(const char *name) {
  for (unsigned i = 0; i < bd_playground_num_assets; i++)
    if (strcmp(bd_playground_assets[i].name, name) == 0)
      return &bd_playground_assets[i];
  return NULL;
}

/* True when the If-None-Match header lists etag (or is "*"). */
static bool etag_matches(const char *if_none_match, const char *etag) {
  if (!if_none_match)
    return false;
  if (strcmp(if_none_match, "*") == 0)
    return true;
  size_t n = strlen(etag);
  for (const char *p = if_none_match; (p = strstr(p, etag)); p += n)
    if (p[n] == 0 || p[n] == ',' || p[n] == ' ')
      return true;
  return false;
}

void bd_playground_serve(bd_request_t *r, const char *path) {
  const char *name = strcmp(path, "/") == 0 ? "index.html" : path + strlen(PLAYGROUND_PREFIX);
  const bd_asset_t *a = *name && !strstr(name, "..") ? find_asset(name) : NULL;
  if (!a) {
    bd_respond_error(r, 404, "not_found", "no such playground file", NULL, NULL);
    return;
  }
  char headers[768];
  snprintf(headers, sizeof headers, "ETag: %s\r\nCache-Control: no-cache\r\n" SECURITY_HEADERS,
           a->etag);
  if (etag_matches(bd_request_header(r, "If-None-Match"), a->etag)) {
    bd_respond(r, 304, NULL, "", 0, headers);
    return;
  }
  bd_respond(r, 200, a->media_type, (const char *)a->data, a->len, headers);
}

/* The text after "// purpose: " on the program's first line, or "". */
static json_t *purpose_of(const bd_asset_t *a) {
  const char *text = (const char *)a->data;
  const char *tag = "// purpose: ";
  size_t n = strlen(tag);
  if (a->len < n || strncmp(text, tag, n) != 0)
    return json_string("");
  const char *end = memchr(text + n, '\n', a->len - n);
  return json_stringn(text + n, end ? (size_t)(end - text - n) : a->len - n);
}

void bd_playground_examples(bd_request_t *r) {
  json_t *list = json_array();
  size_t dir = strlen(EXAMPLES_DIR);
  for (unsigned i = 0; i < bd_playground_num_assets; i++) {
    const bd_asset_t *a = &bd_playground_assets[i];
    if (strncmp(a->name, EXAMPLES_DIR, dir) != 0)
      continue;
    char name[128];
    snprintf(name, sizeof name, "%s", a->name + dir);
    char *dot = strrchr(name, '.');
    if (dot)
      *dot = 0;
    json_array_append_new(list, json_pack("{s:s,s:o,s:s,s:s%}", "name", name, "purpose",
                                          purpose_of(a), "file", a->name + dir, "program",
                                          (const char *)a->data, a->len));
  }
  json_t *o = json_pack("{s:o}", "examples", list);
  char *body = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  bd_respond(r, 200, "application/json", body, strlen(body), NULL);
  free(body);
}
