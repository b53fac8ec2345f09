/*
 * cors.c: which web pages on other origins may call the API from a browser
 * (Cross-Origin Resource Sharing, per the Fetch standard).
 *
 * The operator names the origins (--cors-origin). A request whose Origin
 * header is one of them gets Access-Control-Allow-Origin echoing it; "*"
 * is answered as "*", and only on routes a request without a token may use
 * (the probes, and the read routes when there are no tokens or reads are
 * open): a page anyone hosts must not be able to drive routes that need
 * credentials, and a wildcard never grants a compile. With any origin
 * configured, every answer says "Vary: Origin" so that caches between the
 * browser and the daemon keep the answers per origin apart.
 *
 * A preflight (OPTIONS with Access-Control-Request-Method) is answered
 * without a token, as browsers send none: it reveals only the methods of a
 * known route, which the route's 405 already does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bufferd.h"

/* What a page may read and send besides the CORS-safelisted headers. */
#define EXPOSED_HEADERS "Retry-After, X-Cache, X-Cache-Key, X-Request-Id, ETag"
#define ALLOWED_HEADERS "Authorization, Content-Type"
#define PREFLIGHT_MAX_AGE_S 600

/* The Access-Control-Allow-Origin value for origin, or NULL when it may
 * not call this route from a browser. */
static const char *allowed_origin(const bd_config_t *cfg, const char *origin,
                                  bool public_route) {
  if (!origin)
    return NULL;
  for (uint32_t i = 0; i < cfg->num_cors_origins; i++) {
    const char *o = cfg->cors_origins[i];
    if (strcmp(o, "*") == 0 ? public_route : strcmp(o, origin) == 0)
      return strcmp(o, "*") == 0 ? "*" : origin;
  }
  return NULL;
}

char *bd_cors_headers(const bd_config_t *cfg, const char *origin, bool public_route,
                      const char *preflight_methods) {
  if (cfg->num_cors_origins == 0)
    return NULL;
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  if (!f)
    return NULL;
  fputs("Vary: Origin\r\n", f);
  const char *allow = allowed_origin(cfg, origin, public_route);
  if (allow) {
    fprintf(f, "Access-Control-Allow-Origin: %s\r\n", allow);
    if (preflight_methods)
      fprintf(f,
              "Access-Control-Allow-Methods: %s\r\n"
              "Access-Control-Allow-Headers: " ALLOWED_HEADERS "\r\n"
              "Access-Control-Max-Age: %d\r\n",
              preflight_methods, PREFLIGHT_MAX_AGE_S);
    else
      fputs("Access-Control-Expose-Headers: " EXPOSED_HEADERS "\r\n", f);
  }
  fclose(f);
  return out;
}
