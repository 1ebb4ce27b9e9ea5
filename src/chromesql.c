/*
** chromesql.c -- the IndexedDB keys of Chrome's SQLite backing store
** (ok_chromesql.h), whose byte order is IndexedDB's.
**
** A value's length is found by walking it: a string to its 00, binary by
** its groups to the count that ends them, an array by counting the arrays
** open until the 00 that closes the first; nesting costs no stack.
*/
#include <math.h>

#include "internal.h"
#include "ok_bytewise.h"
#include "ok_chromesql.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

#define SIGN 0x8000000000000000ULL

size_t ok_chromesql_enc_number(uint8_t *out, int type, double d) {
  uint64_t b;
  if (d == 0) d = 0; /* -0 as 0 */
  memcpy(&b, &d, 8);
  b = b & SIGN ? ~b : b | SIGN;
  if (out) out[0] = (uint8_t)type, ok_put_be(out + 1, b, 8);
  return 9;
}

size_t ok_chromesql_enc_date(uint8_t *out, double ms) {
  return ok_chromesql_enc_number(out, OK_CHROMESQL_DATE, ms);
}

static double be_double(const uint8_t *p) {
  uint64_t b = ok_get_be(p, 8, 0);
  double d;
  b = b & SIGN ? b ^ SIGN : ~b;
  memcpy(&d, &b, 8);
  return d;
}

/* One UTF-16 unit at out[o] (NULL: counted): its bytes. */
static size_t put_unit(uint8_t *out, size_t o, unsigned u) {
  if (u < 0x7F) {
    if (out) out[o] = (uint8_t)(u + 1);
    return 1;
  }
  if (u < 0x4000) {
    if (out) out[o] = (uint8_t)(0x80 | u >> 8), out[o + 1] = (uint8_t)u;
    return 2;
  }
  if (out) out[o] = 0xFF, out[o + 1] = (uint8_t)(u >> 8), out[o + 2] = (uint8_t)u;
  return 3;
}

int ok_chromesql_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, size_t *err_at) {
  size_t i = 0, o = 1, k;
  while (i < n) {
    unsigned c = s[i];
    uint64_t w;
    if (n - i >= 8 && ok_ascii8(w = ok_get_le(s + i, 0))) { /* eight ASCII at once */
      if (out) ok_put_le(out + o, w + OK_UNIT8);
      i += 8, o += 8;
      continue;
    }
    k = 1;
    if (c >= 0x80 && (c = ok_wtf8_next(s + i, n - i, &k), k == 0))
      return fail(OK_E_BYTE, i, err_at);
    if (c >= 0x10000) { /* a surrogate pair */
      c -= 0x10000;
      o += put_unit(out, o, 0xD800 + (c >> 10));
      c = 0xDC00 + (c & 0x3FF);
    }
    o += put_unit(out, o, c);
    i += k;
  }
  if (out) out[0] = OK_CHROMESQL_STRING, out[o] = OK_CHROMESQL_END;
  *len = o + 1;
  return OK_OK;
}

size_t ok_chromesql_enc_binary(uint8_t *out, const uint8_t *p, size_t n) {
  size_t o = 1, i;
  if (out) out[0] = OK_CHROMESQL_BINARY;
  if (n == 0) {
    if (out) out[1] = OK_CHROMESQL_END;
    return 2;
  }
  for (i = 0; i < n; i += 8, o += 9) {
    size_t take = n - i < 8 ? n - i : 8;
    if (!out) continue;
    out[o] = OK_CHROMESQL_GROUP;
    memcpy(out + o + 1, p + i, take);
    memset(out + o + 1 + take, 0, 8 - take);
  }
  if (out) out[o] = (uint8_t)(n - (n - 1) / 8 * 8); /* the last group's count, 1-8 */
  return o + 1;
}

/* A string's units from key[0..n) (after its type byte) to its 00: the
** bytes up to it in *len, the length of its UTF-8 (WTF-8) in *text;
** checked as Chrome writes a unit. Runs of one-byte units (ASCII) eight
** bytes at a time. */
static int scan_string(const uint8_t *key, size_t n, size_t *len, size_t *text, size_t *err_at) {
  size_t pos = 0, t = 0;
  unsigned high = 0;
  /* most strings: 8 to 15 ASCII units, their 00 within the first 16 bytes
  ** (looked at as two words, not further: a longer string would be
  ** scanned twice) and nothing from 80 up before it (so that it is no
  ** unit's second or third byte), told by two words that may overlap */
  const uint8_t *end = n > 8 ? ok_find_byte(key, OK_CHROMESQL_END, n < 16 ? n : 16) : NULL;
  if (end && (pos = (size_t)(end - key)) >= 8 &&
      ok_ascii_word(ok_get_le(key, 0) | ok_get_le(key + pos - 8, 0)))
    return *len = *text = pos, OK_OK;
  pos = 0;
  for (;;) {
    uint8_t b;
    uint64_t w;
    if (n - pos >= 8 && ok_ascii_word(w = ok_get_le(key + pos, 0)) && !ok_zero_byte(w)) {
      pos += 8, t += 8, high = 0; /* no 00, nothing from 80 up */
      continue;
    }
    if (pos >= n) return fail(OK_E_TRUNCATED, n, err_at);
    b = key[pos];
    if (b == OK_CHROMESQL_END) return *len = pos, *text = t, OK_OK;
    if (b < 0x80) {
      pos++, t++, high = 0;
    } else if (b < 0xC0) { /* two bytes: 0x7F to 0x3FFF */
      unsigned u;
      if (n - pos < 2) return fail(OK_E_TRUNCATED, n, err_at);
      if ((u = (unsigned)(b & 0x3F) << 8 | key[pos + 1]) < 0x7F) /* one byte holds it */
        return fail(OK_E_NONCANONICAL, pos, err_at);
      t += ok_wtf8_unit_len(&high, u);
      pos += 2;
    } else if (b == 0xFF) { /* three: 0x4000 and up */
      if (n - pos < 3) return fail(OK_E_TRUNCATED, n, err_at);
      if (key[pos + 1] < 0x40) return fail(OK_E_NONCANONICAL, pos, err_at);
      t += ok_wtf8_unit_len(&high, (unsigned)key[pos + 1] << 8 | key[pos + 2]);
      pos += 3;
    } else {
      return fail(OK_E_TAG, pos, err_at);
    }
  }
}

/* Binary's groups from key[0..n) (after its type byte): their bytes in
** *len, the data's count in *count; padding zeros checked. */
static int scan_binary(const uint8_t *key, size_t n, size_t *len, size_t *count, size_t *err_at) {
  size_t pos = 0, i;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  if (key[0] == OK_CHROMESQL_END) return *len = 1, *count = 0, OK_OK;
  *count = 0;
  for (;;) {
    uint8_t last;
    if (key[pos] != OK_CHROMESQL_GROUP) return fail(OK_E_TAG, pos, err_at);
    if (n - pos < 10) return fail(OK_E_TRUNCATED, n, err_at);
    last = key[pos + 9];
    if (last == OK_CHROMESQL_GROUP) { /* another group */
      *count += 8, pos += 9;
      continue;
    }
    if (last < 1 || last > 8) return fail(OK_E_TAG, pos + 9, err_at);
    for (i = last; i < 8; i++)
      if (key[pos + 1 + i] != 0) return fail(OK_E_NONCANONICAL, pos + 1 + i, err_at);
    *count += last;
    *len = pos + 10;
    return OK_OK;
  }
}

/* A number or a Date at key[0..n) (its type byte first): OK_OK when Chrome
** writes its 9 bytes. */
static int check_number(const uint8_t *key, size_t n, size_t *err_at) {
  uint64_t e;
  if (n < 9) return fail(OK_E_TRUNCATED, n, err_at);
  /* on the bytes as they are: the numbers run from -Inf's 000F..FF to
  ** +Inf's FFF0..00, a NaN either side of them; -0 (written as 0) would be
  ** the flipped bits of 80..00 */
  e = ok_get_be(key + 1, 8, 0);
  if (e - 0x000FFFFFFFFFFFFFULL > 0xFFF0000000000000ULL - 0x000FFFFFFFFFFFFFULL)
    return fail(OK_E_RANGE, 0, err_at);
  if (e == 0x7FFFFFFFFFFFFFFFULL) return fail(OK_E_NONCANONICAL, 0, err_at);
  if (key[0] == OK_CHROMESQL_DATE) {
    double d = be_double(key + 1);
    if (!(fabs(d) <= OK_JS_DATE_MAX && d == trunc(d))) return fail(OK_E_RANGE, 0, err_at);
  }
  return OK_OK;
}

/* The value at key[0..n) that is not an array: its bytes in *len, and in
** *text a string's UTF-8 length or binary's count of bytes. */
OK_HOT_INLINE int scalar(const uint8_t *key, size_t n, size_t *len, size_t *text, size_t *err_at) {
  int rc;
  switch (key[0]) {
    case OK_CHROMESQL_NUMBER:
    case OK_CHROMESQL_DATE: return *len = 9, check_number(key, n, err_at);
    case OK_CHROMESQL_STRING:
      if ((rc = scan_string(key + 1, n - 1, len, text, err_at)) != OK_OK) return *err_at += 1, rc;
      return *len += 2, OK_OK;
    case OK_CHROMESQL_BINARY:
      if ((rc = scan_binary(key + 1, n - 1, len, text, err_at)) != OK_OK) return *err_at += 1, rc;
      return *len += 1, OK_OK;
  }
  return fail(OK_E_TAG, 0, err_at);
}

/* The value at key[0..n) (n > 0), an array's nested values included: its
** bytes in *len. */
static int scan(const uint8_t *key, size_t n, size_t *len, size_t *err_at) {
  size_t pos = 0, depth = 0, k, text;
  int rc;
  for (;;) {
    if (pos >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if (key[pos] == OK_CHROMESQL_ARRAY) {
      depth++, pos++;
      continue;
    }
    if (key[pos] == OK_CHROMESQL_END) { /* an array's end */
      if (depth == 0) return fail(OK_E_TAG, pos, err_at);
      depth--, pos++;
    } else if ((rc = scalar(key + pos, n - pos, &k, &text, err_at)) != OK_OK) {
      return *err_at += pos, rc;
    } else {
      pos += k;
    }
    if (depth == 0) return *len = pos, OK_OK;
  }
}

/* A string's units, written from key's bytes p[0..n) (to its 00, checked)
** as UTF-8 (a lone surrogate as WTF-8) to out: the length. */
static size_t string_text(uint8_t *out, const uint8_t *p, size_t n) {
  size_t i = 0, o = 0;
  unsigned high = 0;
  if (ok_ascii8_short(out, p, n)) return n;
  while (i < n) {
    unsigned u;
    uint64_t w;
    if (n - i >= 8 && ok_ascii_word(w = ok_get_le(p + i, 0))) { /* eight ASCII at once */
      ok_put_le(out + o, w - OK_UNIT8);
      i += 8, o += 8, high = 0;
      continue;
    }
    if (p[i] < 0x80) { /* one byte: ASCII */
      out[o] = (uint8_t)(p[i] - 1);
      o++, i++, high = 0;
      continue;
    }
    if (p[i] < 0xC0)
      u = (unsigned)(p[i] & 0x3F) << 8 | p[i + 1], i += 2;
    else
      u = (unsigned)p[i + 1] << 8 | p[i + 2], i += 3;
    o = ok_wtf8_unit(out, o, &high, u);
  }
  return o;
}

OK_HOT_INLINE int dec_value(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  size_t len, text = 0;
  int rc;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  ok_item_reset(it, &ok_format_chromesql, key[0]);
  rc = key[0] == OK_CHROMESQL_ARRAY ? scan(key, n, &len, err_at)
                                    : scalar(key, n, &len, &text, err_at);
  if (rc != OK_OK) return rc;
  it->len = len;
  switch (key[0]) {
    case OK_CHROMESQL_NUMBER: ok_js_number(it, be_double(key + 1)); return OK_OK;
    case OK_CHROMESQL_DATE: {
      char date[OK_JS_DATE_TEXT_MAX];
      it->own[0] = (uint64_t)(int64_t)be_double(key + 1); /* whole ms: checked */
      it->type = OK_TEXT;
      it->value_len = ok_js_date_text(date, (int64_t)it->own[0]);
      return OK_OK;
    }
    case OK_CHROMESQL_STRING:
      it->type = OK_TEXT;
      it->body = key + 1;
      it->body_len = len - 2;
      it->value_len = text;
      return OK_OK;
    case OK_CHROMESQL_BINARY:
      it->type = OK_BLOB;
      it->body = key + 1;
      it->body_len = len - 1;
      it->value_len = text; /* the data's count */
      return OK_OK;
  }
  it->type = OK_BLOB; /* an array: its bytes, a key of its own */
  it->body = key;
  it->body_len = it->value_len = len;
  it->direct = 1;
  return OK_OK;
}

int ok_chromesql_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  return dec_value(key, n, it, err_at);
}

/* A key's component `index`: an array key's elements (the first with the
** array's byte before it, the last with the 00 after it, so that the
** components cover the key; an empty array has none), or the one value.
** Each element is checked as it is read, once: an array's 00 is found
** where its elements end, and must be the key's last byte. */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  size_t off = 0;
  int rc;
  (void)f;
  if (n == 0) return fail(index == 0 ? OK_E_LENGTH : OK_FEWER, 0, err_at);
  if (index == 0 && key[0] != OK_CHROMESQL_ARRAY) {
    rc = dec_value(key, n, it, err_at);
    ok_js_set_sole(it, 0);
    if (rc == OK_OK && it->len < n) return fail(OK_E_TRAILING, it->len, err_at);
    return rc;
  }
  if (index == 0) off = 1;
  if (off < n && key[off] == OK_CHROMESQL_END) /* the array's end: the key's last byte */
    return off + 1 == n ? OK_FEWER : fail(OK_E_TRAILING, off + 1, err_at);
  if (off >= n) return fail(OK_E_TRUNCATED, n, err_at);
  if ((rc = dec_value(key + off, n - off, it, err_at)) != OK_OK) return *err_at += off, rc;
  it->len += off;
  if (it->len == n) return fail(OK_E_TRUNCATED, n, err_at);            /* no 00 closes the array */
  if (it->len + 1 == n && key[it->len] == OK_CHROMESQL_END) it->len++; /* the last takes it */
  ok_js_set_sole(it, index == 0 && it->len == n);
  return OK_OK;
}

/* An array's elements, stepped over by their length alone (checked as
** decode_any checks them); framed as decode_any frames them. */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  size_t off = index == 0, len, err, text;
  (void)f;
  if (n <= off || (index == 0 && key[0] != OK_CHROMESQL_ARRAY) || key[off] == OK_CHROMESQL_END)
    return 0;
  if ((key[off] == OK_CHROMESQL_ARRAY ? scan(key + off, n - off, &len, &err)
                                      : scalar(key + off, n - off, &len, &text, &err)) != OK_OK ||
      off + len >= n)
    return 0;
  len += off;
  return len + (len + 1 == n && key[len] == OK_CHROMESQL_END);
}

static size_t chromesql_value(uint8_t *out, const ok_item *it) {
  size_t i, o = 0;
  if (it->tag == OK_CHROMESQL_DATE) return ok_js_date_text((char *)out, (int64_t)it->own[0]);
  if (it->tag == OK_CHROMESQL_STRING) return string_text(out, it->body, it->body_len);
  for (i = 0; o < it->value_len; i += 9) { /* binary: the groups' bytes */
    size_t take = it->value_len - o < 8 ? it->value_len - o : 8;
    memcpy(out + o, it->body + i + 1, take);
    o += take;
  }
  return o;
}

/* ok_chromesql_write (ok_chromesql.h): no NULL; numbers only those a
** double holds exactly (-0 as 0); strings UTF-8 or WTF-8. */
int ok_chromesql_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  size_t len;
  double d;
  int rc;
  (void)f;
  switch (v->type) {
    case OK_NULL: return OK_E_NULL;
    case OK_INT:
    case OK_REAL:
      if ((rc = ok_value_js_number(v, &d)) == OK_OK)
        w->n += ok_chromesql_enc_number(ok_writer_at(w, 9), OK_CHROMESQL_NUMBER, d);
      return rc;
    case OK_BLOB:
      w->n += ok_chromesql_enc_binary(ok_writer_at(w, OK_CHROMESQL_BINARY_LEN(v->n)), v->p, v->n);
      return OK_OK;
    default:
      rc = ok_chromesql_enc_string(ok_writer_at(w, OK_CHROMESQL_STRING_BOUND(v->n)), &len, v->p,
                                   v->n, &w->err_at);
      if (rc == OK_OK) w->n += len;
      return rc;
  }
}

/* ok_convert's: the values in an array (its byte before the first, its end
** after the last), or one value alone. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (!w->mark) {
    w->mark = 1;
    if (!w->lone) ok_writer_byte(w, OK_CHROMESQL_ARRAY);
  }
  if (v) return ok_chromesql_write(f, w, v);
  if (!w->lone) ok_writer_byte(w, OK_CHROMESQL_END);
  return OK_OK;
}

OK_WALK_READER(next, decode_any)

const ok_format ok_format_chromesql = {
    .name = "chromesql",
    .decode = decode_any,
    .next = next,
    .value = chromesql_value,
    .skip = skip_any,
    .put = put_value,
    .arrays = 1,
};
