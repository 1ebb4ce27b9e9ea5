/*
** firefox.c -- Firefox's IndexedDB keys (ok_firefox.h).
**
** A number is its type byte and its 64 bits, the sign bit set when
** positive, all of them negated (two's complement) when negative. A
** string is its UTF-16 units, each 1 byte (unit + 1, up to U+007E), 2
** (unit - 0x7F + 0x8000, up to U+407E) or 3 (unit << 6 | 0xC00000), then
** 00; binary is its bytes the same way. An array adds 0x50 to the type
** byte of its first value (or to its 00 when empty), three arrays at most
** in one byte, then ends with 00. The key's zero bytes at the end are cut,
** so a key may end inside its last value: the reader pads it with zeros.
*/
#include <math.h>

#include "internal.h"
#include "ok_bytewise.h"
#include "ok_firefox.h"

#define SIGN 0x8000000000000000ULL

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

size_t ok_firefox_enc_number(uint8_t *out, int type, double d) {
  uint64_t b, x;
  int i;
  if (!out) return 9;
  if (d == 0) d = 0; /* -0 */
  memcpy(&b, &d, 8);
  x = b & SIGN ? 0 - b : b | SIGN;
  out[0] = (uint8_t)type;
  for (i = 0; i < 8; i++) out[1 + i] = (uint8_t)(x >> (56 - 8 * i));
  return 9;
}

size_t ok_firefox_enc_date(uint8_t *out, double ms) {
  return ok_firefox_enc_number(out, OK_FIREFOX_DATE, ms);
}

/* One UTF-16 unit's bytes to out unless NULL; their count. */
static size_t put_unit(uint8_t *out, unsigned u) {
  uint32_t c;
  if (u <= 0x7E) {
    if (out) out[0] = (uint8_t)(u + 1);
    return 1;
  }
  if (u <= 0x3FFF + 0x7F) {
    c = u - 0x7F + 0x8000;
    if (out) out[0] = (uint8_t)(c >> 8), out[1] = (uint8_t)c;
    return 2;
  }
  c = (uint32_t)u << 6 | 0xC00000;
  if (out) out[0] = (uint8_t)(c >> 16), out[1] = (uint8_t)(c >> 8), out[2] = (uint8_t)c;
  return 3;
}

int ok_firefox_enc_string(uint8_t *out, size_t *len, int type, const uint8_t *s, size_t n,
                          size_t *err_at) {
  size_t i = 0, o = 1, k;
  uint64_t a, b;
  if (out) out[0] = (uint8_t)type;
  if (ok_short_words(s, n, &a, &b) && ok_ascii8(a) && ok_ascii8(b)) { /* most keys' text */
    if (out)
      ok_put_short_words(out + 1, n, a + OK_UNIT8, b + OK_UNIT8), out[n + 1] = OK_FIREFOX_END;
    *len = n + 2;
    return OK_OK;
  }
  while (i < n) {
    unsigned c = s[i];
    uint64_t w;
    k = 1;
    if (n - i >= 8 && ok_ascii8(w = ok_get_le(s + i, 0))) { /* eight ASCII at once */
      if (out) ok_put_le(out + o, w + OK_UNIT8);
      o += 8, i += 8;
      continue;
    }
    if (c < 0x7F) { /* ASCII but DEL: the byte + 1 */
      if (out) out[o] = (uint8_t)(c + 1);
      o++, i++;
      continue;
    }
    if (type == OK_FIREFOX_STRING && c >= 0x80 && (c = ok_wtf8_next(s + i, n - i, &k), k == 0))
      return fail(OK_E_BYTE, i, err_at);
    if (c >= 0x10000) { /* a surrogate pair */
      c -= 0x10000;
      o += put_unit(out ? out + o : NULL, 0xD800 + (c >> 10));
      c = 0xDC00 + (c & 0x3FF);
    }
    o += put_unit(out ? out + o : NULL, c);
    i += k;
  }
  if (out) out[o] = OK_FIREFOX_END;
  *len = o + 1;
  return OK_OK;
}

size_t ok_firefox_fold(uint8_t *out, const uint8_t *u, size_t n, int trim) {
  size_t i = 0, o = 0, body;
  unsigned pend = 0;
  /* o <= i throughout: out may be u (memmove) */
  while (i < n) {
    uint8_t c = u[i++];
    if (c == OK_FIREFOX_ARRAY) {
      pend += OK_FIREFOX_ARRAY;
      if (pend == OK_FIREFOX_FOLD_MAX) out[o++] = OK_FIREFOX_FOLD_MAX, pend = 0;
      continue;
    }
    out[o++] = (uint8_t)(c + pend);
    pend = 0;
    if (c == OK_FIREFOX_NUMBER || c == OK_FIREFOX_DATE) {
      body = n - i < 8 ? n - i : 8;
    } else if (c == OK_FIREFOX_STRING || c == OK_FIREFOX_BINARY) {
      /* to the 00 that ends it: a unit of 2 or 3 bytes may hold zeros */
      for (body = 0; i + body < n && u[i + body] != OK_FIREFOX_END;)
        body += u[i + body] < 0x80 ? 1 : u[i + body] < 0xC0 ? 2 : 3;
      body = i + body < n ? body + 1 : n - i;
    } else {
      continue; /* an array's end */
    }
    memmove(out + o, u + i, body);
    o += body, i += body;
  }
  while (trim && o > 0 && out[o - 1] == 0) o--; /* Firefox cuts the zeros at the end */
  return o;
}

size_t ok_firefox_fold_flat(uint8_t *key, size_t n) {
  if (n == 0) return 0;
  key[0] += OK_FIREFOX_ARRAY;
  while (n > 0 && key[n - 1] == 0) n--;
  return n;
}

/* The unit at p[*i] of a string or binary body p[0..n), whose last unit
** may be cut (zeros), *i stepped past it. */
static unsigned next_unit(const uint8_t *p, size_t n, size_t *i) {
  size_t k = *i;
  unsigned c0 = p[k], b1 = k + 1 < n ? p[k + 1] : 0, b2 = k + 2 < n ? p[k + 2] : 0;
  if (c0 < 0x80) return *i = k + 1, c0 - 1;
  if (c0 < 0xC0) return *i = k + 2, ((c0 << 8 | b1) - 0x8000) + 0x7F;
  return *i = k + 3, (c0 & 0x3F) << 10 | b1 << 2 | b2 >> 6;
}

/* A string's units p[0..n) as UTF-8 (a lone surrogate as WTF-8) to out;
** the length. */
static size_t units_text(uint8_t *out, const uint8_t *p, size_t n) {
  size_t i = 0, o = 0;
  unsigned high = 0;
  uint64_t w;
  if (ok_ascii8_short(out, p, n)) return n;
  while (i < n) {
    if (n - i >= 8 && ok_ascii_word(w = ok_get_le(p + i, 0))) { /* eight ASCII at once */
      ok_put_le(out + o, w - OK_UNIT8);
      i += 8, o += 8, high = 0;
      continue;
    }
    o = ok_wtf8_unit(out, o, &high, next_unit(p, n, &i));
  }
  return o;
}

/* A string or binary at key[0..n): its units checked as Firefox writes
** them, up to its 00 or the key's end. */
static int dec_units(const uint8_t *key, size_t n, int type, ok_item *it, size_t *err_at) {
  size_t i = 1, count = 0, text = 0; /* units, and their UTF-8 bytes */
  unsigned high = 0;
  while (i < n && key[i] != OK_FIREFOX_END) {
    size_t at = i;
    unsigned u;
    uint64_t w;
    if (n - i >= 8 && ok_ascii_word(w = ok_get_le(key + i, 0)) && !ok_zero_byte(w)) {
      i += 8, count += 8, text += 8, high = 0; /* eight ASCII, no 00 to end it */
      continue;
    }
    if (key[i] < 0x80) { /* U+0000-U+007E: one byte, one of UTF-8 */
      i++, count++, text++, high = 0;
      continue;
    }
    u = next_unit(key, n, &i);
    if (type == OK_FIREFOX_BINARY && (key[at] >= 0x81 || u > 0xFF))
      return fail(OK_E_BYTE, at, err_at);
    if (key[at] >= 0xC0 && (u < 0x3FFF + 0x80 || (at + 2 < n && (key[at + 2] & 0x3F))))
      return fail(OK_E_NONCANONICAL, at, err_at);
    count++;
    text += ok_wtf8_unit_len(&high, u);
  }
  if (i > n) i = n; /* the last unit cut */
  it->body = key + 1;
  it->body_len = i - 1;
  it->len = i + (i < n);
  it->type = type == OK_FIREFOX_BINARY ? OK_BLOB : OK_TEXT;
  it->value_len = type == OK_FIREFOX_BINARY ? count : text;
  return OK_OK;
}

/* A number or Date at key[0..n): 9 bytes, fewer at the key's end. */
static int dec_number(const uint8_t *key, size_t n, int type, ok_item *it, size_t *err_at) {
  uint64_t x = 0, b;
  size_t i;
  double d;
  for (i = 1; i < 9; i++) x = x << 8 | (i < n ? key[i] : 0);
  if (x == 0) return fail(OK_E_NONCANONICAL, 0, err_at); /* what no number is written as */
  b = x & SIGN ? x & ~SIGN : 0 - x;
  memcpy(&d, &b, 8);
  if (d != d) return fail(OK_E_RANGE, 0, err_at);
  it->len = n < 9 ? n : 9;
  if (type == OK_FIREFOX_NUMBER) {
    ok_js_number(it, d);
    return OK_OK;
  }
  if (d != floor(d) || fabs(d) > OK_JS_DATE_MAX) return fail(OK_E_RANGE, 0, err_at);
  {
    char text[OK_JS_DATE_TEXT_MAX];
    it->own[0] = (uint64_t)(int64_t)d;
    it->type = OK_TEXT;
    it->value_len = ok_js_date_text(text, (int64_t)d);
  }
  return OK_OK;
}

/* A walk's output: a value as a key of its own, its arrays folded afresh;
** zeros are held back until a byte follows them, so those at the end are
** cut (`len` bytes written). */
typedef struct {
  uint8_t *out; /* NULL: only counted */
  size_t len, zeros;
  unsigned pend; /* the 0x50s of the arrays opened, for the next type byte */
} emit;

static void emit_byte(emit *e, unsigned c) {
  if (c == 0) {
    e->zeros++;
    return;
  }
  if (e->out) memset(e->out + e->len, 0, e->zeros), e->out[e->len + e->zeros] = (uint8_t)c;
  e->len += e->zeros + 1;
  e->zeros = 0;
}

int ok_firefox_step(const uint8_t *key, size_t n, size_t *pos, unsigned *in, ok_item *it,
                    size_t *err_at) {
  size_t at = *pos;
  unsigned c = key[at], t;
  int rc;
  if (c < *in) return fail(OK_E_TAG, at, err_at);
  t = c - *in;
  ok_item_reset(it, &ok_format_firefox, (int)t);
  if (t >= OK_FIREFOX_ARRAY) { /* the same byte carries the first value's type */
    it->tag = OK_FIREFOX_ARRAY;
    *in += OK_FIREFOX_ARRAY;
    if (*in == OK_FIREFOX_FOLD_MAX) {
      if (c != OK_FIREFOX_FOLD_MAX) return fail(OK_E_NONCANONICAL, at, err_at);
      *pos = at + 1, *in = 0;
    }
    return OK_OK;
  }
  if (t == OK_FIREFOX_END) return *pos = at + 1, *in = 0, OK_OK;
  if (t == OK_FIREFOX_NUMBER || t == OK_FIREFOX_DATE)
    rc = dec_number(key + at, n - at, (int)t, it, err_at);
  else if (t == OK_FIREFOX_STRING || t == OK_FIREFOX_BINARY)
    rc = dec_units(key + at, n - at, (int)t, it, err_at);
  else
    return fail(OK_E_TAG, at, err_at);
  if (rc != OK_OK) return *err_at += at, rc;
  *pos = at + it->len, *in = 0;
  return OK_OK;
}

/* One value at key[0..n) whose type byte carries `offset`, checked to its
** end (*len), into *e: its steps, with a depth count (no recursion, so
** nesting costs no stack). */
static int walk(const uint8_t *key, size_t n, unsigned offset, emit *e, size_t *len,
                size_t *err_at) {
  size_t pos = 0, depth = 0, k;
  unsigned in = offset;
  ok_item it;
  int rc;
  for (;;) {
    size_t at = pos;
    if (pos >= n) {
      if (depth == 0) return fail(OK_E_TRUNCATED, n, err_at);
      for (; depth > 0; depth--) emit_byte(e, e->pend), e->pend = 0; /* ends cut */
      break;
    }
    if ((rc = ok_firefox_step(key, n, &pos, &in, &it, err_at)) != OK_OK) return rc;
    if (it.tag == OK_FIREFOX_ARRAY) {
      depth++;
      e->pend += OK_FIREFOX_ARRAY;
      if (e->pend == OK_FIREFOX_FOLD_MAX) emit_byte(e, e->pend), e->pend = 0;
      continue;
    }
    if (it.tag == OK_FIREFOX_END && depth == 0) return fail(OK_E_TAG, at, err_at);
    emit_byte(e, (unsigned)it.tag + e->pend);
    e->pend = 0;
    for (k = at + 1; k < pos; k++) emit_byte(e, key[k]);
    if (it.tag == OK_FIREFOX_END) depth--;
    if (depth == 0) break;
  }
  *len = pos;
  return OK_OK;
}

int ok_firefox_decode(const uint8_t *key, size_t n, unsigned offset, ok_item *it, size_t *err_at) {
  unsigned t;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  if (key[0] < offset) return fail(OK_E_TAG, 0, err_at);
  t = key[0] - offset;
  ok_item_reset(it, &ok_format_firefox, (int)t);
  if (t >= OK_FIREFOX_ARRAY) {
    emit e = {NULL, 0, 0, 0};
    int rc = walk(key, n, offset, &e, &it->len, err_at);
    it->tag = OK_FIREFOX_ARRAY;
    it->type = OK_BLOB;
    it->body = key;
    it->body_len = it->len;
    it->value_len = e.len;
    it->own[0] = offset;
    return rc;
  }
  if (t == OK_FIREFOX_NUMBER || t == OK_FIREFOX_DATE) return dec_number(key, n, (int)t, it, err_at);
  if (t == OK_FIREFOX_STRING || t == OK_FIREFOX_BINARY)
    return dec_units(key, n, (int)t, it, err_at);
  return fail(OK_E_TAG, 0, err_at);
}

/* A key's component `index`: an array key's elements (the first with the
** array's 0x50 in its type byte), or the one value. */
static int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                      size_t *err_at) {
  int rc;
  (void)f;
  if (n == 0) return fail(OK_E_LENGTH, 0, err_at); /* never written: [] is 50 */
  if (key[n - 1] == OK_FIREFOX_END) return fail(OK_E_NONCANONICAL, n - 1, err_at); /* cut */
  if (index == 0 && key[0] < OK_FIREFOX_ARRAY) {
    rc = ok_firefox_decode(key, n, 0, it, err_at);
    ok_js_set_sole(it, 0);
    if (rc == OK_OK && it->len < n) return fail(OK_E_TRAILING, it->len, err_at);
    return rc;
  }
  if (index == 0 && key[0] == OK_FIREFOX_ARRAY) /* [] */
    return n == 1 ? fail(OK_FEWER, 0, err_at) : fail(OK_E_TRAILING, 1, err_at);
  if (key[0] == OK_FIREFOX_END) return fail(OK_E_TRAILING, 1, err_at); /* the array's end */
  rc = ok_firefox_decode(key, n, index == 0 ? OK_FIREFOX_ARRAY : 0, it, err_at);
  ok_js_set_sole(it, index == 0 && rc == OK_OK && it->len == n);
  return rc;
}

static size_t firefox_value(uint8_t *out, const ok_item *it) {
  size_t i = 0, o = 0;
  switch (it->tag) {
    case OK_FIREFOX_DATE: return ok_js_date_text((char *)out, (int64_t)it->own[0]);
    case OK_FIREFOX_STRING: return units_text(out, it->body, it->body_len);
    case OK_FIREFOX_BINARY:
      while (i < it->body_len) out[o++] = (uint8_t)next_unit(it->body, it->body_len, &i);
      return o;
    default: { /* an array, as a key of its own */
      emit e = {NULL, 0, 0, 0};
      size_t len, err;
      e.out = out;
      walk(it->body, it->body_len, (unsigned)it->own[0], &e, &len, &err); /* checked */
      return e.len;
    }
  }
}

/* ok_firefox_write (ok_firefox.h): no NULL; numbers only those a double
** holds exactly; strings UTF-8 or WTF-8; the key folded by its put. */
int ok_firefox_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  size_t len;
  double d;
  int rc;
  (void)f;
  if (v->type == OK_NULL) return OK_E_NULL;
  if (v->type == OK_INT || v->type == OK_REAL) {
    if ((rc = ok_value_js_number(v, &d)) == OK_OK)
      w->n += ok_firefox_enc_number(ok_writer_at(w, 9), OK_FIREFOX_NUMBER, d);
    return rc;
  }
  rc = ok_firefox_enc_string(ok_writer_at(w, OK_FIREFOX_BOUND(v->n)), &len,
                             v->type == OK_TEXT ? OK_FIREFOX_STRING : OK_FIREFOX_BINARY, v->p, v->n,
                             &w->err_at);
  if (rc == OK_OK) w->n += len;
  return rc;
}

/* ok_convert's: the values in an array (its byte before the first, its end
** after the last), or one value alone; then the key's trailing zeros
** folded, as Firefox stores it. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (!w->lone && !w->mark) ok_writer_byte(w, OK_FIREFOX_ARRAY), w->mark = 1;
  if (v) return ok_firefox_write(f, w, v);
  if (!w->lone) ok_writer_byte(w, OK_FIREFOX_END);
  if (w->n <= w->cap) w->n = ok_firefox_fold(w->out, w->out, w->n, 1);
  return OK_OK;
}

const ok_format ok_format_firefox = {
    .name = "firefox",
    .decode = decode_any,
    .value = firefox_value,
    .put = put_value,
    .arrays = 1,
};
