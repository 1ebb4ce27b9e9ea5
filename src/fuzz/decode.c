/*
** decode.c -- fuzz target for every decoder entry point of the core.
**
** Any input: ok_count, ok_locate and ok_prefix_end must stay inside it, and
** every component ok_decode accepts must re-encode to exactly its own bytes
** (the format is canonical), else the target aborts. The same input is also
** read as an FDB tuple: each item ok_fdb_decode accepts must stay inside it,
** fill exactly its value length, and re-encode to its own bytes.
*/
#include <stdlib.h>
#include <string.h>

#include "ok.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t reencode(uint8_t *out, const ok_item *it, uint8_t *tmp, uint8_t *tmp2) {
  size_t n;
  switch (it->type) {
    case OK_NULL: return ok_enc_null(out, it->desc);
    case OK_INT: return ok_enc_int(out, it->i, it->desc);
    case OK_REAL: return ok_enc_double(out, it->d, it->desc);
    case OK_TEXT:
    case OK_BLOB: break;
  }
  if (ok_unescape(tmp, it) != it->value_len) abort();
  n = ok_collate_transform(tmp2, it->tag, tmp, it->value_len);
  return ok_enc_bytes(out, it->tag, tmp2, n, 1, it->desc);
}

/* The FDB item at src rebuilt from its SQL value, written to out unless
** NULL; items whose value is their payload (booleans, UUIDs, versionstamps,
** NaNs...) are copied. Returns the length, 0 when the value does not parse. */
static size_t fdb_reencode(uint8_t *out, const ok_item *it, const uint8_t *value,
                           const uint8_t *src) {
  uint8_t mag[OK_FDB_BIG_MAX];
  size_t n, err;
  int neg;
  switch (it->tag) {
    case OK_FDB_BYTES:
    case OK_FDB_STRING: return ok_fdb_enc_bytes(out, it->tag, value, it->value_len);
    case OK_FDB_NESTED:
      return ok_fdb_enc_nested(out, &n, value, it->value_len, &err) == OK_OK ? n : 0;
    case OK_FDB_LONG_DOUBLE: return ok_fdb_enc_ieee(out, it->tag, value, 10);
    case OK_FDB_FLOAT:
      if (it->type == OK_REAL) return ok_fdb_enc_float(out, (float)it->d);
      break;
    case OK_FDB_DOUBLE:
      if (it->type == OK_REAL) return ok_fdb_enc_double(out, it->d);
      break;
    default:
      if (it->tag < OK_FDB_NEG_BIG || it->tag > OK_FDB_POS_BIG) break;
      if (it->type == OK_INT) return ok_fdb_enc_int(out, it->i);
      if (ok_decimal_parse(mag, sizeof mag, &n, &neg, (const char *)value, it->value_len, &err))
        return 0;
      return ok_fdb_enc_bigint(out, neg, mag, n);
  }
  if (out) memcpy(out, src, it->len);
  return it->len;
}

static void fdb_check(const uint8_t *data, size_t size) {
  size_t off = 0, err, count, at;
  ok_item it;
  while (off < size && ok_fdb_decode(data + off, size - off, &it, &err) == OK_OK) {
    uint8_t *value = NULL, *again;
    if (it.len == 0 || it.len > size - off) abort();
    if (it.type == OK_TEXT || it.type == OK_BLOB) {
      /* exactly value_len bytes, so that ASan sees any overrun */
      if (!(value = malloc(it.value_len + 1))) abort();
      if (ok_unescape(value, &it) != it.value_len) abort();
    }
    if (fdb_reencode(NULL, &it, value, data + off) != it.len || !(again = malloc(it.len))) abort();
    fdb_reencode(again, &it, value, data + off);
    if (memcmp(again, data + off, it.len) != 0) abort();
    free(again);
    free(value);
    off += it.len;
  }
  if (off == size) ok_fdb_incomplete(data, size, &count, &at);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t off = 0, count = 0, err = 0, at = 0, i;
  uint8_t *tmp, *tmp2, *again = malloc(2 * size + 16);
  int rc;
  ok_item it;
  if (!again) abort();
  while (off < size && ok_decode(data + off, size - off, &it, &err) == OK_OK) {
    size_t vlen = it.type == OK_TEXT || it.type == OK_BLOB ? it.value_len : 0;
    if (it.len == 0 || it.len > size - off) abort();
    /* a decoded text can be far longer than the key (runs of zeros, NUL
    ** counts): re-encode the ones of a sane size */
    if (vlen > (1u << 20)) {
      off += it.len;
      count++;
      continue;
    }
    tmp = malloc(vlen + 1);
    tmp2 = malloc(3 * vlen + 64);
    if (!tmp || !tmp2) abort();
    if (reencode(again, &it, tmp, tmp2) != it.len || memcmp(again, data + off, it.len) != 0)
      abort();
    free(tmp);
    free(tmp2);
    off += it.len;
    count++;
  }
  rc = ok_count(data, size, &i, &err);
  if (rc == OK_OK ? (off != size || i != count) : (off == size || err > size)) abort();
  for (i = 0; i <= count; i++) {
    rc = ok_locate(data, size, i, &it, &at, &err);
    if (rc == OK_OK && at >= size) abort();
  }
  if (ok_prefix_end(again, data, size) > size) abort();
  free(again);
  fdb_check(data, size);
  return 0;
}
