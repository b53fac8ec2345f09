/*
 * key.c: cache keys and checksums (SHA-256 through OpenSSL's libcrypto).
 *
 * A key is the SHA-256 over a length-prefixed sequence of fields, so no two
 * different field tuples can produce the same byte stream:
 *   "bufferd-key", schema version, compiler version, canonical IR,
 *   normalized pipeline, sorted artifact names, canonical target options.
 * The canonical IR is the program as the core prints it (SSA names and
 * whitespace normalized), so cosmetic edits of the source keep the key.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "cache.h"

static void to_hex(const unsigned char *digest, char hex[CACHE_KEY_HEX_LEN + 1]) {
  static const char digits[] = "0123456789abcdef";
  for (int i = 0; i < 32; i++) {
    hex[2 * i] = digits[digest[i] >> 4];
    hex[2 * i + 1] = digits[digest[i] & 15];
  }
  hex[CACHE_KEY_HEX_LEN] = 0;
}

void cache_sha256_hex(const void *data, size_t len,
                      char hex[CACHE_KEY_HEX_LEN + 1]) {
  unsigned char digest[32];
  unsigned int n = 0;
  EVP_Digest(data, len, digest, &n, EVP_sha256(), NULL);
  to_hex(digest, hex);
}

static void add_field(EVP_MD_CTX *md, const char *s) {
  if (!s)
    s = "";
  char prefix[32];
  int n = snprintf(prefix, sizeof prefix, "%zu:", strlen(s));
  EVP_DigestUpdate(md, prefix, (size_t)n);
  EVP_DigestUpdate(md, s, strlen(s));
}

void cache_key_compute(const cache_key_parts_t *parts,
                       char key[CACHE_KEY_HEX_LEN + 1]) {
  EVP_MD_CTX *md = EVP_MD_CTX_new();
  EVP_DigestInit_ex(md, EVP_sha256(), NULL);
  char version[16];
  snprintf(version, sizeof version, "%d", CACHE_KEY_SCHEMA_VERSION);
  add_field(md, "bufferd-key");
  add_field(md, version);
  add_field(md, parts->compiler_version);
  add_field(md, parts->canonical_ir);
  add_field(md, parts->pipeline);
  add_field(md, parts->artifacts);
  add_field(md, parts->target_options);
  unsigned char digest[32];
  unsigned int n = 0;
  EVP_DigestFinal_ex(md, digest, &n);
  EVP_MD_CTX_free(md);
  to_hex(digest, key);
}

bool cache_key_is_valid(const char *s) {
  if (!s || strlen(s) != CACHE_KEY_HEX_LEN)
    return false;
  for (const char *p = s; *p; p++)
    if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
      return false;
  return true;
}
