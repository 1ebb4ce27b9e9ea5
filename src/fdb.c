/*
** fdb.c -- the FoundationDB tuple layer, byte for byte (design/tuple.md in
** apple/foundationdb; docs/fdb.md says how SQL values map onto it).
**
** Decoding accepts every type code the spec gives a length to, and only
** the canonical integer forms the bindings write (no leading zero bytes, the
** arbitrary-precision codes for 9 bytes and more), so that an accepted item
** re-encodes to itself. Strings need not be valid UTF-8 (the Go binding
** writes whatever bytes a string holds). Nested tuples are walked without
** recursion, so no input can exhaust the stack.
*/
#include <string.h>

#include "internal.h"

#define CLOSE 0x00 /* ends a nested tuple, or a string with no 0xFF after it */
#define ESC 0xFF   /* after 0x00: an escaped NUL in a string, NULL in a tuple */

/* An integer of n <= OK_FDB_BIG_MAX significant magnitude bytes. */
static size_t put_int(uint8_t *out, int neg, const uint8_t *mag, size_t n) {
  size_t i, o = n > 8 ? 2 : 1;
  uint8_t x = neg ? 0xFF : 0x00;
  if (!out) return o + n;
  if (n > 8) {
    out[0] = neg ? OK_FDB_NEG_BIG : OK_FDB_POS_BIG;
    out[1] = (uint8_t)(n ^ x);
  } else {
    out[0] = (uint8_t)(neg ? OK_FDB_INT_ZERO - n : OK_FDB_INT_ZERO + n);
  }
  for (i = 0; i < n; i++) out[o + i] = mag[i] ^ x;
  return o + n;
}

int ok_fdb_enc_bigint(uint8_t *out, size_t *len, int neg, const uint8_t *mag, size_t n) {
  while (n > 0 && mag[0] == 0) mag++, n--;
  if (n > OK_FDB_BIG_MAX) return OK_E_RANGE;
  *len = put_int(out, neg, mag, n);
  return OK_OK;
}

size_t ok_fdb_enc_int(uint8_t *out, int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  size_t n = (ok_bit_length(m) + 7) / 8; /* the magnitude's significant bytes */
  if (!out) return 1 + n;
  out[0] = (uint8_t)(v < 0 ? OK_FDB_INT_ZERO - n : OK_FDB_INT_ZERO + n);
  if (v < 0) m = ~m; /* a negative's bytes complemented */
  if (n) ok_put_be(out + 1, m, n);
  return 1 + n;
}

size_t ok_fdb_enc_ieee(uint8_t *out, int code, const uint8_t *bits, size_t n) {
  if (out) {
    out[0] = (uint8_t)code;
    ok_ieee_sortable(out + 1, bits, n);
  }
  return 1 + n;
}

size_t ok_fdb_enc_double(uint8_t *out, double d) {
  if (out) out[0] = OK_FDB_DOUBLE, ok_put_be(out + 1, ok_ieee_order(ok_ieee_bits(d, 8), 8), 8);
  return 9;
}

size_t ok_fdb_enc_float(uint8_t *out, float f) {
  uint8_t bits[4];
  ok_ieee_bytes(bits, f, 4);
  return ok_fdb_enc_ieee(out, OK_FDB_FLOAT, bits, 4);
}

size_t ok_fdb_enc_bytes(uint8_t *out, int code, const uint8_t *s, size_t n) {
  size_t i = 0, o = 1;
  const uint8_t *nul;
  if (out) {
    out[0] = (uint8_t)code;
    if (ok_copy_short(out + 1, s, n, 1)) {
      out[1 + n] = CLOSE;
      return n + 2;
    }
  }
  while (i < n) { /* runs up to each NUL, copied whole; the NUL gains its escape */
    size_t run = (nul = memchr(s + i, 0, n - i)) ? (size_t)(nul - s) - i + 1 : n - i;
    if (out) memcpy(out + o, s + i, run);
    o += run, i += run;
    if (nul) {
      if (out) out[o] = ESC;
      o++;
    }
  }
  if (out) out[o] = CLOSE;
  return o + 1;
}

size_t ok_fdb_enc_fixed(uint8_t *out, int code, const uint8_t *p, size_t n) {
  if (out) {
    out[0] = (uint8_t)code;
    if (n) memcpy(out + 1, p, n);
  }
  return 1 + n;
}

int ok_fdb_enc_nested(uint8_t *out, size_t *len, const uint8_t *items, size_t n, size_t *err_at) {
  size_t off = 0, o = 1;
  while (off < n) {
    ok_item it;
    int rc = ok_fdb_decode(items + off, n - off, &it, err_at);
    if (rc == OK_OK && it.tag == OK_FDB_END) rc = OK_E_TAG, *err_at = 0;
    if (rc != OK_OK) {
      *err_at += off;
      return rc;
    }
    if (out) memcpy(out + o, items + off, it.len);
    o += it.len;
    if (it.type == OK_NULL) {
      if (out) out[o] = ESC;
      o++;
    }
    off += it.len;
  }
  if (out) {
    out[0] = OK_FDB_NESTED;
    out[o] = CLOSE;
  }
  *len = o + 1;
  return OK_OK;
}

static int truncated(size_t n, size_t *err_at) {
  *err_at = n;
  return OK_E_TRUNCATED;
}

/* 1 when a big-endian magnitude (inverted when x is 0xFF) fits an int64 of
** that sign, with the value in *v. */
static int fits_int64(const uint8_t *p, size_t n, uint8_t x, int64_t *v) {
  uint64_t m;
  if (n > 8) return 0;
  m = ok_get_be(p, n, x);
  if (x ? m > (uint64_t)1 << 63 : m > (uint64_t)INT64_MAX) return 0;
  *v = x ? (int64_t)(0 - m) : (int64_t)m;
  return 1;
}

int ok_fdb_python_form(const uint8_t *c, size_t n) {
  static const uint8_t pos[10] = {0x1D, 0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  static const uint8_t neg[10] = {0x0B, 0xF7, 0, 0, 0, 0, 0, 0, 0, 0};
  return n >= 10 && (memcmp(c, pos, 10) == 0 || memcmp(c, neg, 10) == 0);
}

OK_HOT_INLINE int dec_int(const uint8_t *c, size_t n, ok_item *it, size_t *err_at) {
  int code = c[0], neg = code < OK_FDB_INT_ZERO;
  uint8_t x = neg ? 0xFF : 0x00;
  size_t head = 1, len;
  if (code == OK_FDB_NEG_BIG || code == OK_FDB_POS_BIG) {
    if (n < 2) return truncated(n, err_at);
    head = 2;
    len = c[1] ^ x;
    /* the spec keeps these codes for 9 bytes and more; Apple's Python
    ** binding also writes +-(2^64 - 1) with them (ok_fdb_python_form) */
    if (len < 8 || (len == 8 && !ok_fdb_python_form(c, n))) {
      *err_at = 1;
      return OK_E_NONCANONICAL;
    }
  } else {
    len = (size_t)(neg ? OK_FDB_INT_ZERO - code : code - OK_FDB_INT_ZERO);
  }
  if (n < head + len) return truncated(n, err_at);
  if (len > 0 && (c[head] ^ x) == 0) { /* a leading zero byte */
    *err_at = head;
    return OK_E_NONCANONICAL;
  }
  it->len = head + len;
  it->body = c + head;
  it->body_len = len;
  if (fits_int64(c + head, len, x, &it->i)) {
    it->type = OK_INT;
  } else {
    it->type = OK_TEXT; /* as decimal digits */
    it->value_len = ok_decimal_format(NULL, neg, it->body, len, x);
  }
  return OK_OK;
}

OK_HOT_INLINE int dec_ieee(const uint8_t *c, size_t n, size_t size, ok_item *it, size_t *err_at) {
  if (n < 1 + size) return truncated(n, err_at);
  it->len = 1 + size;
  it->body = c + 1;
  it->body_len = size;
  if (size == 10) { /* long double: kept as its bits */
    it->type = OK_BLOB;
    it->value_len = 10;
    return OK_OK;
  }
  it->d = ok_ieee_value(ok_ieee_unorder(ok_get_be(c + 1, size, 0), size), size);
  it->type = it->d == it->d ? OK_REAL : OK_TEXT; /* NaN reads as 'NaN' */
  it->value_len = 3;
  return OK_OK;
}

/* The end of a 0x01/0x02 body c[1..): its first 0x00 not followed by 0xFF,
** with the count of escaped NULs in *escapes; NULL when there is none. */
static const uint8_t *bytes_end(const uint8_t *c, size_t n, size_t *escapes) {
  const uint8_t *p = c + 1, *end = c + n;
  for (;;) {
    if (!(p = ok_find_byte(p, CLOSE, (size_t)(end - p)))) return NULL;
    if (p + 1 == end || p[1] != ESC) return p;
    ++*escapes;
    p += 2;
  }
}

OK_HOT_INLINE int dec_bytes(const uint8_t *c, size_t n, ok_item *it, size_t *err_at) {
  size_t escapes = 0;
  const uint8_t *p = ok_find_byte(c + 1, CLOSE, n - 1);
  /* most bodies hold no NUL: their first 00 ends them, found inline (the
  ** call's saved registers were a twentieth of a walk's read) */
  if (p && p + 1 < c + n && p[1] == ESC) p = bytes_end(c, n, &escapes);
  if (!p) return truncated(n, err_at);
  it->type = c[0] == OK_FDB_STRING ? OK_TEXT : OK_BLOB;
  it->body = c + 1;
  it->body_len = (size_t)(p - it->body);
  it->value_len = it->body_len - escapes;
  it->direct = escapes == 0;
  it->len = it->body_len + 2;
  return OK_OK;
}

/* Payload of a fixed or length-prefixed size, returned as a BLOB as is. */
static int dec_payload(const uint8_t *c, size_t n, size_t head, size_t size, ok_item *it,
                       size_t *err_at) {
  if (n < head + size) return truncated(n, err_at);
  it->type = OK_BLOB;
  it->body = c + head;
  it->body_len = it->value_len = size;
  it->direct = 1;
  it->len = head + size;
  return OK_OK;
}

/* The rarer items: booleans, floats of other sizes, UUIDs and the fixed
** or length-prefixed payloads. */
static int dec_other(const uint8_t *c, size_t n, ok_item *it, size_t *err_at) {
  int code = c[0];
  switch (code) {
    case OK_FDB_FLOAT: return dec_ieee(c, n, 4, it, err_at);
    case OK_FDB_LONG_DOUBLE: return dec_ieee(c, n, 10, it, err_at);
    case OK_FDB_OLD_TRUE:
    case OK_FDB_TRUE:
    case OK_FDB_FALSE:
      it->type = OK_INT;
      it->i = code != OK_FDB_FALSE;
      return OK_OK;
    case OK_FDB_UUID:
      if (n < 17) return truncated(n, err_at);
      it->type = OK_TEXT;
      it->body = c + 1;
      it->body_len = 16;
      it->value_len = 36;
      it->len = 17;
      return OK_OK;
    case OK_FDB_ID64: return dec_payload(c, n, 1, 8, it, err_at);
    case OK_FDB_VERSIONSTAMP80: return dec_payload(c, n, 1, 10, it, err_at);
    case OK_FDB_VERSIONSTAMP: return dec_payload(c, n, 1, 12, it, err_at);
    case OK_FDB_BYTES_LEN8:
      if (n < 2) return truncated(n, err_at);
      return dec_payload(c, n, 2, c[1], it, err_at);
    case OK_FDB_BYTES_LEN16:
      if (n < 3) return truncated(n, err_at);
      return dec_payload(c, n, 3, (size_t)c[1] << 8 | c[2], it, err_at);
  }
  *err_at = 0;
  return OK_E_TAG;
}

/* Any item but NULL and a nested tuple: integers, doubles and strings,
** which most keys hold, inlined into the walks' reader. */
OK_HOT_INLINE int dec_scalar(const uint8_t *c, size_t n, ok_item *it, size_t *err_at) {
  int code = c[0];
  it->len = 1;
  if (code >= OK_FDB_NEG_BIG && code <= OK_FDB_POS_BIG) return dec_int(c, n, it, err_at);
  switch (code) {
    case OK_FDB_BYTES:
    case OK_FDB_STRING: return dec_bytes(c, n, it, err_at);
    case OK_FDB_DOUBLE: return dec_ieee(c, n, 8, it, err_at);
  }
  return dec_other(c, n, it, err_at);
}

static void init(ok_item *it, int code) { ok_item_reset(it, &ok_format_fdb, code); }

int ok_fdb_step(const uint8_t *p, size_t n, ok_item *it, size_t *err_at) {
  if (n == 0) return truncated(0, err_at);
  init(it, p[0]);
  it->len = 1;
  if (p[0] == CLOSE) {
    if (n < 2 || p[1] != ESC) return OK_FDB_CLOSE;
    it->type = OK_NULL;
    it->len = 2;
    return OK_OK;
  }
  if (p[0] == OK_FDB_NESTED) return OK_FDB_OPEN;
  return dec_scalar(p, n, it, err_at);
}

/* A nested tuple at key[0..n): its value holds its own NULLs as 0x00. */
static int dec_nested(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  size_t off = 1, depth = 1, nulls = 0;
  while (depth > 0) {
    ok_item in;
    int rc = ok_fdb_step(key + off, n - off, &in, err_at);
    if (rc == OK_OK && in.tag == OK_FDB_END) rc = OK_E_TAG, *err_at = 0;
    if (rc < 0) {
      *err_at += off;
      return rc;
    }
    depth += rc == OK_FDB_OPEN ? 1 : rc == OK_FDB_CLOSE ? (size_t)-1 : 0;
    nulls += rc == OK_OK && in.type == OK_NULL && depth == 1;
    off += in.len;
  }
  init(it, OK_FDB_NESTED);
  it->type = OK_BLOB;
  it->body = key + 1;
  it->body_len = off - 2;
  it->value_len = it->body_len - nulls;
  it->direct = nulls == 0;
  it->len = off;
  return OK_OK;
}

/* ok_fdb_decode, inlined into the walks' reader. */
OK_HOT_INLINE int dec_item(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  if (n == 0) return truncated(0, err_at);
  init(it, key[0]);
  it->len = 1;
  if (key[0] == OK_FDB_NULL) {
    it->type = OK_NULL;
    return OK_OK;
  }
  if (key[0] == OK_FDB_END) return dec_payload(key, n, 1, n - 1, it, err_at);
  if (key[0] != OK_FDB_NESTED) return dec_scalar(key, n, it, err_at);
  return dec_nested(key, n, it, err_at);
}

int ok_fdb_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  return dec_item(key, n, it, err_at);
}

static size_t uuid_text(uint8_t *out, const uint8_t *u) {
  static const char hex[] = "0123456789abcdef";
  size_t i, o = 0;
  for (i = 0; i < 16; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out[o++] = '-';
    out[o++] = (uint8_t)hex[u[i] >> 4];
    out[o++] = (uint8_t)hex[u[i] & 15];
  }
  return o;
}

static size_t fdb_value(uint8_t *out, const ok_item *it) {
  size_t i, o = 0, depth = 1;
  int code = it->tag, skip = 0;
  if (it->direct) {
    memcpy(out, it->body, it->value_len);
    return it->value_len;
  }
  switch (code) {
    case OK_FDB_BYTES:
    case OK_FDB_STRING:
      for (i = 0; i < it->body_len;) { /* eight bytes at a time, those with a NUL one by one */
        size_t stop = i + 8 <= it->body_len ? i + 8 : it->body_len;
        uint64_t v;
        if (!skip && stop == i + 8 && (memcpy(&v, it->body + i, 8), !ok_zero_byte(v))) {
          memcpy(out + o, &v, 8), o += 8, i += 8;
          continue;
        }
        for (; i < stop; i++) { /* the ESC after each NUL skipped */
          if (skip)
            skip = 0;
          else
            skip = (out[o++] = it->body[i]) == CLOSE;
        }
      }
      return o;
    case OK_FDB_NESTED:
      for (i = 0; i < it->body_len;) {
        ok_item in;
        size_t err;
        int rc = ok_fdb_step(it->body + i, it->body_len - i, &in, &err);
        if (rc == OK_OK && in.type == OK_NULL && depth == 1) {
          out[o++] = OK_FDB_NULL;
        } else { /* clang --analyze thinks in.len unset here; ok_fdb_step sets it always */
          memcpy(out + o, it->body + i, in.len);
          o += in.len;
        }
        depth += rc == OK_FDB_OPEN ? 1 : rc == OK_FDB_CLOSE ? (size_t)-1 : 0;
        i += in.len;
      }
      return o;
    case OK_FDB_FLOAT:
    case OK_FDB_DOUBLE: memcpy(out, "NaN", 3); return 3;
    case OK_FDB_LONG_DOUBLE: ok_ieee_unsortable(out, it->body, 10); return 10;
    case OK_FDB_UUID: return uuid_text(out, it->body);
  }
  /* an integer beyond int64 */
  return ok_decimal_format((char *)out, code < OK_FDB_INT_ZERO, it->body, it->body_len,
                           code < OK_FDB_INT_ZERO ? 0xFF : 0x00);
}

int ok_fdb_incomplete(const uint8_t *key, size_t n, size_t *count, size_t *at) {
  size_t off = 0, err;
  *count = 0;
  while (off < n) {
    ok_item it;
    int rc = ok_fdb_step(key + off, n - off, &it, &err);
    if (rc < 0) rc = ok_fdb_decode(key + off, n - off, &it, &err); /* top-level NULL, 0xF0 */
    if (rc < 0) return rc;
    if (rc == OK_OK && it.tag == OK_FDB_VERSIONSTAMP && it.body_len == 12) {
      static const uint8_t unset[10] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
      if (memcmp(it.body, unset, 10) == 0 && (*count)++ == 0) *at = off + 1;
    }
    off += it.len;
  }
  return OK_OK;
}

int ok_fdb_uuid_parse(uint8_t *u, const char *s, size_t n) {
  size_t i, k = 0;
  int dashed = n == 36;
  if (n != 36 && n != 32) return OK_E_SYNTAX;
  for (i = 0; i < n; i++) {
    int h;
    if (dashed && (i == 8 || i == 13 || i == 18 || i == 23)) {
      if (s[i] != '-') return OK_E_SYNTAX;
      continue;
    }
    if ((h = ok_hex_digit((unsigned char)s[i])) < 0) return OK_E_SYNTAX;
    u[k / 2] = (uint8_t)(k % 2 ? u[k / 2] | h : h << 4);
    k++;
  }
  return OK_OK;
}

/* The descriptor: a component decodes the same wherever it stands. */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  (void)f, (void)index;
  if (n == 0) return *err_at = 0, OK_FEWER; /* the empty key: no components */
  return dec_item(key, n, it, err_at);
}

/* Integers of up to 8 bytes, doubles and floats, strings and NULL, with no
** value made. */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  size_t len, escapes = 0;
  const uint8_t *end;
  (void)f, (void)index;
  if (n == 0) return 0;
  switch (key[0]) {
    case OK_FDB_NULL: return 1;
    case OK_FDB_FLOAT: return n >= 5 ? 5 : 0;
    case OK_FDB_DOUBLE: return n >= 9 ? 9 : 0;
    case OK_FDB_BYTES:
    case OK_FDB_STRING: return (end = bytes_end(key, n, &escapes)) ? (size_t)(end - key) + 1 : 0;
  }
  if (key[0] <= OK_FDB_NEG_BIG || key[0] >= OK_FDB_POS_BIG) return 0;
  len = key[0] < OK_FDB_INT_ZERO ? (size_t)(OK_FDB_INT_ZERO - key[0])
                                 : (size_t)(key[0] - OK_FDB_INT_ZERO);
  /* a leading zero byte is not canonical: 0x00, or 0xFF inverted */
  if (n <= len || (len && key[1] == (key[0] < OK_FDB_INT_ZERO ? 0xFF : 0x00))) return 0;
  return 1 + len;
}

int ok_fdb_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  (void)f;
  switch (v->type) {
    case OK_NULL: w->n += ok_fdb_enc_fixed(ok_writer_at(w, 1), OK_FDB_NULL, NULL, 0); break;
    case OK_INT: w->n += ok_fdb_enc_int(ok_writer_at(w, OK_FDB_INT_MAX), v->i); break;
    case OK_REAL: w->n += ok_fdb_enc_double(ok_writer_at(w, OK_FDB_INT_MAX), v->d); break;
    default:
      if (v->type == OK_TEXT && (w->err_at = ok_utf8_check(v->p, v->n)) != v->n) return OK_E_BYTE;
      w->n += ok_fdb_enc_bytes(ok_writer_at(w, 2 * v->n + 2),
                               v->type == OK_TEXT ? OK_FDB_STRING : OK_FDB_BYTES, v->p, v->n);
  }
  return OK_OK;
}

static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  return v ? ok_fdb_write(f, w, v) : OK_OK;
}

OK_WALK_READER(next, decode_any)

const ok_format ok_format_fdb = {
    .name = "fdb",
    .decode = decode_any,
    .next = next,
    .value = fdb_value,
    .skip = skip_any,
    .put = put_value,
};
