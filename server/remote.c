/*
 * remote.c: the optional shared cache tier: plain HTTP GET/PUT at
 * <base>/<key> through libcurl (any WebDAV or HTTP cache, nginx in the
 * tests), with connect and total timeouts. Called from worker threads; each
 * call uses its own easy handle, so no state is shared. Failures are
 * reported to the caller, which ignores them.
 *
 * Credentials for the shared store are the tier's own, never a client's:
 * a bearer token (--remote-token-file) goes in an Authorization header, or
 * user:password in the base URL makes libcurl send basic auth. The URL is
 * logged only with its password masked (bd_remote_redacted_url).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "bufferd.h"

struct bd_remote {
  char *base;            /* without a trailing slash */
  long timeout_ms;
  char *authorization;   /* "Authorization: Bearer ..." header, or NULL */
};

typedef struct growbuf {
  char *data;
  size_t len;
  size_t limit;
} growbuf_t;

static size_t on_data(char *ptr, size_t size, size_t n, void *user) {
  growbuf_t *b = user;
  size_t add = size * n;
  if (b->len + add > b->limit)
    return 0; /* abort: larger than any entry we store */
  char *grown = realloc(b->data, b->len + add + 1);
  if (!grown)
    return 0;
  memcpy(grown + b->len, ptr, add);
  b->len += add;
  grown[b->len] = 0;
  b->data = grown;
  return add;
}

bd_remote_t *bd_remote_create(const char *base_url, uint64_t timeout_ms,
                              const char *token) {
  bd_remote_t *r = calloc(1, sizeof *r);
  if (token) {
    size_t n = strlen(token) + 32;
    r->authorization = malloc(n);
    snprintf(r->authorization, n, "Authorization: Bearer %s", token);
  }
  r->base = strdup(base_url);
  size_t n = strlen(r->base);
  while (n > 0 && r->base[n - 1] == '/')
    r->base[--n] = 0;
  r->timeout_ms = (long)(timeout_ms ? timeout_ms : 2000);
  return r;
}

void bd_remote_destroy(bd_remote_t *r) {
  if (!r)
    return;
  free(r->base);
  free(r->authorization);
  free(r);
}

/* An easy handle for base/key; *headers holds the headers to free after
 * the transfer (curl_slist_free_all accepts NULL). */
static CURL *easy(bd_remote_t *r, const char *key, char *url, size_t url_size,
                  struct curl_slist **headers) {
  snprintf(url, url_size, "%s/%s", r->base, key);
  *headers = NULL;
  CURL *h = curl_easy_init();
  if (!h)
    return NULL;
  if (r->authorization) {
    *headers = curl_slist_append(NULL, r->authorization);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, *headers);
  }
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, r->timeout_ms);
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, r->timeout_ms);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  return h;
}

int bd_remote_get(bd_remote_t *r, const char *key, char **body, size_t *len) {
  char url[1024];
  struct curl_slist *headers;
  CURL *h = easy(r, key, url, sizeof url, &headers);
  if (!h)
    return -1;
  growbuf_t b = {NULL, 0, 512u << 20};
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &b);
  CURLcode rc = curl_easy_perform(h);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  curl_easy_cleanup(h);
  curl_slist_free_all(headers);
  if (rc != CURLE_OK || (status != 200 && status != 404)) {
    free(b.data);
    return -1;
  }
  if (status == 404) {
    free(b.data);
    return 0;
  }
  *body = b.data ? b.data : strdup("");
  *len = b.len;
  return 1;
}

int bd_remote_exists(bd_remote_t *r, const char *key) {
  char url[1024];
  struct curl_slist *headers;
  CURL *h = easy(r, key, url, sizeof url, &headers);
  if (!h)
    return -1;
  curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
  CURLcode rc = curl_easy_perform(h);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  curl_easy_cleanup(h);
  curl_slist_free_all(headers);
  if (rc != CURLE_OK || (status != 200 && status != 404))
    return -1;
  return status == 200;
}

typedef struct readbuf {
  const char *data;
  size_t len, off;
} readbuf_t;

static size_t on_read(char *ptr, size_t size, size_t n, void *user) {
  readbuf_t *b = user;
  size_t take = size * n;
  if (take > b->len - b->off)
    take = b->len - b->off;
  memcpy(ptr, b->data + b->off, take);
  b->off += take;
  return take;
}

int bd_remote_put(bd_remote_t *r, const char *key, const char *body, size_t len) {
  char url[1024];
  struct curl_slist *headers;
  CURL *h = easy(r, key, url, sizeof url, &headers);
  if (!h)
    return -1;
  readbuf_t b = {body, len, 0};
  curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(h, CURLOPT_READFUNCTION, on_read);
  curl_easy_setopt(h, CURLOPT_READDATA, &b);
  curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
  CURLcode rc = curl_easy_perform(h);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  curl_easy_cleanup(h);
  curl_slist_free_all(headers);
  return rc == CURLE_OK && status >= 200 && status < 300 ? 0 : -1;
}

char *bd_remote_redacted_url(const char *url) {
  char *out = strdup(url);
  const char *scheme = strstr(url, "://");
  const char *host_start = scheme ? scheme + 3 : url;
  const char *at = strchr(host_start, '@');
  const char *slash = strchr(host_start, '/');
  if (!at || (slash && slash < at))
    return out;
  const char *colon = memchr(host_start, ':', (size_t)(at - host_start));
  if (!colon)
    return out;
  /* scheme://user:***@rest */
  size_t head = (size_t)(colon + 1 - url);
  size_t n = head + 3 + strlen(at) + 1;
  char *masked = malloc(n);
  snprintf(masked, n, "%.*s***%s", (int)head, url, at);
  free(out);
  return masked;
}
