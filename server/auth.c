/*
 * auth.c: who may use which route.
 *
 * Without --token-file every route is open. With it, every route but
 * /healthz and /readyz needs "Authorization: Bearer <token>":
 *
 *   the write token (--token-file)      compiles and reads;
 *   the read token (--read-token-file)  reads only: artifacts, keys, explain,
 *                                       metrics, version, pipelines;
 *   no token                            nothing, unless the operator opted
 *                                       in to --allow-unauthenticated-reads.
 *
 * A request without a valid token gets 401 (with WWW-Authenticate: Bearer);
 * a valid read token on a write route gets 403 (insufficient_scope, RFC
 * 6750). Unknown routes need a token too, so that the set of routes cannot
 * be probed anonymously.
 *
 * The presented token is hashed and compared with the stored tokens' hashes
 * in constant time, always against both tokens: the time an answer takes
 * reveals neither how much of a guess was right nor which token it was
 * close to, nor the tokens' lengths.
 */
#include <string.h>

#include "bufferd.h"

void bd_auth_init(bd_auth_t *a, const bd_config_t *cfg) {
  memset(a, 0, sizeof *a);
  a->enabled = cfg->token != NULL;
  a->open_reads = cfg->allow_unauthenticated_reads;
  if (cfg->token) {
    cache_sha256_hex(cfg->token, strlen(cfg->token), a->write_digest);
  }
  if (cfg->read_token) {
    a->has_read = true;
    cache_sha256_hex(cfg->read_token, strlen(cfg->read_token), a->read_digest);
  }
}

/* Compares two digests of CACHE_KEY_HEX_LEN characters in constant time. */
static bool digest_equal(const char *a, const char *b) {
  unsigned char diff = 0;
  for (size_t i = 0; i < CACHE_KEY_HEX_LEN; i++)
    diff |= (unsigned char)(a[i] ^ b[i]);
  return diff == 0;
}

/* The access the request's bearer token grants. */
static bd_access_t granted(const bd_auth_t *a, const char *authorization) {
  if (!authorization || strncmp(authorization, "Bearer ", 7) != 0)
    return BD_ACCESS_OPEN;
  const char *token = authorization + 7;
  char digest[CACHE_KEY_HEX_LEN + 1];
  cache_sha256_hex(token, strlen(token), digest);
  bool write = digest_equal(digest, a->write_digest);
  /* Compared even when there is no read token (against zeros), so both
   * comparisons always run. */
  bool read = digest_equal(digest, a->read_digest) && a->has_read;
  return write ? BD_ACCESS_WRITE : read ? BD_ACCESS_READ : BD_ACCESS_OPEN;
}

bool bd_auth_allows(bd_server_t *s, bd_request_t *r, bd_access_t needed) {
  const bd_auth_t *a = &s->auth;
  if (!a->enabled || needed == BD_ACCESS_OPEN ||
      (needed == BD_ACCESS_READ && a->open_reads))
    return true;
  bd_access_t have = granted(a, bd_request_header(r, "Authorization"));
  if (have >= needed)
    return true;
  s->metrics.auth_rejected++;
  if (have == BD_ACCESS_READ) {
    bd_respond_error(r, 403, "forbidden",
                     "this token may only read; compiling needs the write token", NULL,
                     "WWW-Authenticate: Bearer error=\"insufficient_scope\"\r\n");
  } else {
    bd_respond_error(r, 401, "unauthorized", "a valid bearer token is required", NULL,
                     "WWW-Authenticate: Bearer\r\n");
  }
  return false;
}
