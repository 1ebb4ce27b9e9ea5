/*
** salt.c -- salted keys: a 4-byte xxHash32 of the leading components in
** front of a key, to spread keys over a store's ranges (ok.h says more).
*/
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "ok.h"

static void put_be32(uint8_t *out, uint32_t h) {
  out[0] = (uint8_t)(h >> 24);
  out[1] = (uint8_t)(h >> 16);
  out[2] = (uint8_t)(h >> 8);
  out[3] = (uint8_t)h;
}

int ok_salt(const ok_format *f, uint8_t *salt, const uint8_t *key, size_t n, size_t k,
            size_t *err_at) {
  size_t count, i, e;
  ok_walk w;
  int rc = ok_count(f, key, n, &count, err_at);
  if (rc != OK_OK) return rc;
  if (k == 0 || count < k) return OK_FEWER;
  ok_walk_start(&w, f, key, n);
  for (i = 0; i < k && k < count; i++) ok_skip(&w, &e); /* to where component k+1 starts */
  put_be32(salt, XXH32(key, k < count ? w.off : n, 0));
  return OK_OK;
}

/* One pass: the hash of each longer run of components comes from the
** same streaming state, so trying every k costs one walk of the key. */
int ok_salt_find(const ok_format *f, const uint8_t *s, size_t n, size_t *k, size_t *err_at) {
  XXH32_state_t st;
  const uint8_t *key;
  size_t i, count, len;
  uint8_t salt[OK_SALT_LEN];
  ok_walk w;
  int rc;
  *k = 0;
  if (n < OK_SALT_LEN) return OK_FEWER;
  key = s + OK_SALT_LEN;
  len = n - OK_SALT_LEN;
  if ((rc = ok_count(f, key, len, &count, err_at)) != OK_OK) {
    *err_at += OK_SALT_LEN;
    return rc;
  }
  XXH32_reset(&st, 0);
  ok_walk_start(&w, f, key, len);
  for (i = 1; i <= count; i++) {
    size_t e;
    ok_skip(&w, &e);
    XXH32_update(&st, key + w.at, w.off - w.at);
    put_be32(salt, XXH32_digest(&st));
    if (salt[0] == s[0] && salt[1] == s[1] && salt[2] == s[2] && salt[3] == s[3]) {
      *k = i;
      return OK_OK;
    }
  }
  return OK_FEWER;
}
