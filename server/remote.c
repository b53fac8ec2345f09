/*
 * remote.c: the optional shared cache tier: plain HTTP GET/PUT at
 * <base>/<key> through libcurl (any WebDAV or HTTP cache, nginx in the
 * tests), with connect and total timeouts. Called from worker threads; each
 * call uses its own easy handle, so no state is shared. Failures are
 * reported to the caller, which ignores them.
 */
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "bufferd.h"

struct bd_remote {
  char *base;            /* without a trailing slash */
  long timeout_ms;
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

bd_remote_t *bd_remote_create(const char *base_url, uint64_t timeout_ms) {
  bd_remote_t *r = calloc(1, sizeof *r);
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
  free(r);
}

static CURL *easy(bd_remote_t *r, const char *key, char *url, size_t url_size) {
  snprintf(url, url_size, "%s/%s", r->base, key);
  CURL *h = curl_easy_init();
  if (!h)
    return NULL;
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, r->timeout_ms);
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, r->timeout_ms);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  return h;
}

int bd_remote_get(bd_remote_t *r, const char *key, char **body, size_t *len) {
  char url[1024];
  CURL *h = easy(r, key, url, sizeof url);
  if (!h)
    return -1;
  growbuf_t b = {NULL, 0, 512u << 20};
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &b);
  CURLcode rc = curl_easy_perform(h);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  curl_easy_cleanup(h);
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
  CURL *h = easy(r, key, url, sizeof url);
  if (!h)
    return -1;
  curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
  CURLcode rc = curl_easy_perform(h);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  curl_easy_cleanup(h);
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
  CURL *h = easy(r, key, url, sizeof url);
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
  return rc == CURLE_OK && status >= 200 && status < 300 ? 0 : -1;
}
