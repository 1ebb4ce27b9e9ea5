/*
** key.c -- whole keys: telling components apart, counting, locating, ranges.
*/
#include "internal.h"

const char *ok_strerror(int status) {
  switch (status) {
    case OK_OK: return "ok";
    case OK_E_TRUNCATED: return "truncated component";
    case OK_E_TAG: return "unknown tag";
    case OK_E_ESCAPE: return "bad escape";
    case OK_E_NONCANONICAL: return "non-canonical encoding";
    case OK_E_RANGE: return "number out of range";
  }
  return "unknown status";
}

/* A collated body must be a transform's output, so that every accepted
** component re-encodes to itself; its value is what the body restores. */
static int check_collated(ok_item *it, int t, uint8_t x, size_t *err_at) {
  size_t len = ok_collate_restore(NULL, t, it->body, it->body_len, x);
  if (len == (size_t)-1) {
    *err_at = 1;
    return OK_E_NONCANONICAL;
  }
  it->direct = it->direct && t == OK_TAG_RTRIM; /* its text is its body */
  it->value_len = len;
  return OK_OK;
}

int ok_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  int t;
  uint8_t x;
  if (n == 0) {
    *err_at = 0;
    return OK_E_TRUNCATED;
  }
  it->format = OK_FORMAT_NATIVE;
  it->direct = 0;
  it->desc = key[0] >= 0x80;
  x = it->desc ? 0xFF : 0x00;
  t = key[0] ^ x;
  it->tag = t;
  if (t == OK_TAG_NULL) {
    it->type = OK_NULL;
    it->len = 1;
    return OK_OK;
  }
  if (t >= OK_TAG_NEG_INF && t <= OK_TAG_POS_INF) {
    return ok_dec_number(key, n, t, x, it, err_at);
  }
  if (t == OK_TAG_TEXT || t == OK_TAG_BLOB || (t >= OK_TAG_NOCASE && t <= OK_TAG_NATURAL)) {
    int rc;
    it->type = t == OK_TAG_BLOB ? OK_BLOB : OK_TEXT;
    if ((rc = ok_dec_bytes(key, n, x, it, err_at)) != OK_OK) return rc;
    return t == OK_TAG_TEXT || t == OK_TAG_BLOB ? OK_OK : check_collated(it, t, x, err_at);
  }
  *err_at = 0;
  return OK_E_TAG;
}

int ok_locate(const uint8_t *key, size_t n, size_t index, ok_item *it, size_t *at, size_t *err_at) {
  size_t off = 0, i;
  for (i = 0;; i++) {
    int rc;
    if (off == n) {
      *at = i;
      return 1;
    }
    rc = ok_decode(key + off, n - off, it, err_at);
    if (rc != OK_OK) {
      *err_at += off;
      return rc;
    }
    if (i == index) {
      *at = off;
      return OK_OK;
    }
    off += it->len;
  }
}

int ok_count(const uint8_t *key, size_t n, size_t *count, size_t *err_at) {
  ok_item it;
  int rc = ok_locate(key, n, (size_t)-1, &it, count, err_at);
  return rc == 1 ? OK_OK : rc;
}

size_t ok_prefix_end(uint8_t *out, const uint8_t *key, size_t n) {
  size_t i;
  while (n > 0 && key[n - 1] == 0xFF) n--;
  if (n == 0) return 0;
  for (i = 0; i + 1 < n; i++) out[i] = key[i];
  out[n - 1] = (uint8_t)(key[n - 1] + 1);
  return n;
}
