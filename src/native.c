/*
** native.c -- the native format's decoder and descriptor: which tag makes
** which kind of component (src/FORMAT.md has the first-byte table).
*/
#include "internal.h"

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

/* ok_decode, inlined into the walks' reader. */
OK_HOT_INLINE int dec_item(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  int t;
  uint8_t x;
  if (n == 0) {
    *err_at = 0;
    return OK_E_TRUNCATED;
  }
  x = key[0] >= 0x80 ? 0xFF : 0x00;
  t = key[0] ^ x;
  ok_item_reset(it, &ok_format_native, t);
  it->desc = x != 0;
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

int ok_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  return dec_item(key, n, it, err_at);
}

/* Plain text and blobs unescape; collated text is restored from its
** transform. */
static size_t native_value(uint8_t *out, const ok_item *it) {
  uint8_t x = it->desc ? 0xFF : 0x00;
  if (it->tag != OK_TAG_TEXT && it->tag != OK_TAG_BLOB) {
    return ok_collate_restore(out, it->tag, it->body, it->body_len, x);
  }
  return ok_bytes_value(out, it->body, it->body_len, x);
}

/* The descriptor: a component decodes the same wherever it stands. */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  (void)f, (void)index;
  if (n == 0) return *err_at = 0, OK_FEWER; /* the empty key: no components */
  return dec_item(key, n, it, err_at);
}

/* The usual numbers and plain text, checked without their values. */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  uint8_t x;
  int t;
  (void)f, (void)index;
  if (n == 0) return 0;
  x = key[0] >= 0x80 ? 0xFF : 0x00;
  t = key[0] ^ x;
  return t == OK_TAG_TEXT || t == OK_TAG_BLOB ? ok_bytes_len(key, n, x) : ok_num_len(key, n, t);
}

int ok_native_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  (void)f;
  switch (v->type) {
    case OK_NULL: w->n += ok_enc_null(ok_writer_at(w, 1), w->desc); break;
    case OK_INT: w->n += ok_enc_int(ok_writer_at(w, OK_NUM_MAX), v->i, w->desc); break;
    case OK_REAL: w->n += ok_enc_double(ok_writer_at(w, OK_NUM_MAX), v->d, w->desc); break;
    default:
      w->n += ok_enc_bytes(ok_writer_at(w, OK_BYTES_BOUND(v->n)),
                           v->type == OK_TEXT ? OK_TAG_TEXT : OK_TAG_BLOB, v->p, v->n, 1, w->desc);
  }
  return OK_OK;
}

/* ok_convert's: the values, and nothing at the key's end. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  return v ? ok_native_write(f, w, v) : OK_OK;
}

OK_WALK_READER(next, decode_any)

const ok_format ok_format_native = {
    .name = "ok",
    .decode = decode_any,
    .next = next,
    .value = native_value,
    .skip = skip_any,
    .put = put_value,
};
