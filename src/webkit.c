/*
** webkit.c -- WebKit's IndexedDB keys (ok_webkit.h) and its collation.
**
** A key is 00 and a value: a type byte, then for a number or a Date the
** double's 8 bytes, for a string a 32-bit unit count and its UTF-16 units,
** for binary a 64-bit byte count and the bytes, for an array a 64-bit
** count and the values, every number little-endian. A value's length is
** found by counting the values still to come (an array adds its count), so
** nesting costs no stack; comparing two keys keeps each open array's count
** of elements left, for both keys.
*/
#include <math.h>

#include "internal.h"
#include "ok_bytewise.h"
#include "ok_webkit.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

/* A little-endian number of 2, 4 or 8 bytes (a constant at every call):
** one load where the machine is little-endian too. */
static uint64_t le(const uint8_t *p, int bytes) {
  uint64_t v = 0;
#ifdef OK_LITTLE_ENDIAN
  uint32_t w;
  uint16_t h;
  if (bytes == 8) return memcpy(&v, p, 8), v;
  if (bytes == 4) return memcpy(&w, p, 4), w;
  if (bytes == 2) return memcpy(&h, p, 2), h;
#endif
  while (bytes-- > 0) v = v << 8 | p[bytes];
  return v;
}

static void put_le(uint8_t *out, uint64_t v, int bytes) {
  int i;
  for (i = 0; i < bytes; i++, v >>= 8) out[i] = (uint8_t)v;
}

static double le_double(const uint8_t *p) {
  uint64_t b = le(p, 8);
  double d;
  memcpy(&d, &b, 8);
  return d;
}

size_t ok_webkit_enc_number(uint8_t *out, int type, double d) {
  uint64_t b;
  if (type == OK_WEBKIT_DATE) d = d / 1000 * 1000; /* through seconds, as WebKit */
  memcpy(&b, &d, 8);
  if (out) out[0] = (uint8_t)type, put_le(out + 1, b, 8);
  return 9;
}

/* The whole ms m of a Date WebKit stored as d = m / 1000 * 1000, whose two
** roundings may move d up to half a ms from m either way (so the nearest
** integer is not always m: -4405492391674069 is stored as ...069.5): the
** integer next to d that gives d back (toward zero if both would). 0 when
** none does: not a Date WebKit writes. */
static int date_ms(double d, double *ms) {
  double lo = floor(d), hi = ceil(d);
  int at_lo = lo / 1000 * 1000 == d, at_hi = hi / 1000 * 1000 == d;
  if (!at_lo && !at_hi) return 0;
  *ms = at_lo && at_hi ? trunc(d) : at_lo ? lo : hi;
  return 1;
}

size_t ok_webkit_enc_date(uint8_t *out, double ms) {
  return ok_webkit_enc_number(out, OK_WEBKIT_DATE, ms);
}

size_t ok_webkit_enc_head(uint8_t *out, int type, uint64_t count) {
  if (out) out[0] = (uint8_t)type, put_le(out + 1, count, 8);
  return 9;
}

uint64_t ok_webkit_count(const uint8_t *p) { return le(p + 1, 8); }

int ok_webkit_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, size_t *err_at) {
  size_t i = 0, o = 5, k;
  while (i < n) {
    unsigned c = s[i];
    k = 1;
    if (c < 0x80) { /* ASCII: its unit */
      if (out) out[o] = (uint8_t)c, out[o + 1] = 0;
      o += 2, i++;
      continue;
    }
    if ((c = ok_wtf8_next(s + i, n - i, &k), k == 0)) return fail(OK_E_BYTE, i, err_at);
    if (c >= 0x10000) { /* a surrogate pair */
      c -= 0x10000;
      if (out) put_le(out + o, 0xD800 + (c >> 10), 2);
      o += 2;
      c = 0xDC00 + (c & 0x3FF);
    }
    if (out) put_le(out + o, c, 2);
    o += 2, i += k;
  }
  if (out) out[0] = OK_WEBKIT_STRING, put_le(out + 1, (o - 5) / 2, 4);
  *len = o;
  return OK_OK;
}

/* The value at key[0..n) (n > 0) that is not an array: its bytes in *len;
** checked as scan() says. */
OK_HOT_INLINE int scalar(const uint8_t *key, size_t n, int strict, size_t *len, size_t *err_at) {
  size_t left = n - 1;
  uint64_t count;
  switch (key[0]) {
    case OK_WEBKIT_NUMBER:
    case OK_WEBKIT_DATE:
      if (left < 8) return fail(OK_E_TRUNCATED, n, err_at);
      if (strict) {
        double d = le_double(key + 1);
        if (d != d) return fail(OK_E_RANGE, 0, err_at);
        if (key[0] == OK_WEBKIT_DATE && !(fabs(d) <= OK_JS_DATE_MAX))
          return fail(OK_E_RANGE, 0, err_at);
        if (key[0] == OK_WEBKIT_DATE && !date_ms(d, &d)) /* not whole ms */
          return fail(OK_E_NONCANONICAL, 0, err_at);
      }
      return *len = 9, OK_OK;
    case OK_WEBKIT_STRING:
      if (left < 4 || (count = le(key + 1, 4)) > (left - 4) / 2)
        return fail(OK_E_TRUNCATED, n, err_at);
      return *len = 5 + 2 * (size_t)count, OK_OK;
    case OK_WEBKIT_BINARY:
      if (left < 8 || (count = le(key + 1, 8)) > left - 8) return fail(OK_E_TRUNCATED, n, err_at);
      return *len = 9 + (size_t)count, OK_OK;
    case OK_WEBKIT_MIN:
    case OK_WEBKIT_MAX:
      if (strict) return fail(OK_E_TAG, 0, err_at);
      return *len = 1, OK_OK;
  }
  return fail(OK_E_TAG, 0, err_at);
}

/* The bytes of the value at key[0..n), its nested values included, in
** *len: checked as WebKit reads it (`strict` 0: range bounds and any
** doubles too), or as ok reads a stored key (1). */
static int scan(const uint8_t *key, size_t n, int strict, size_t *len, size_t *err_at) {
  size_t pos = 0, k = 0;
  uint64_t need = 1, count;
  int rc;
  while (need > 0) {
    if (pos >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if (key[pos] == OK_WEBKIT_ARRAY) {
      /* a count past the bytes left: its values take one each at least */
      if (n - pos - 1 < 8 || (count = le(key + pos + 1, 8)) > n - pos - 9)
        return fail(OK_E_TRUNCATED, n, err_at);
      need += count;
      pos += 9;
    } else if ((rc = scalar(key + pos, n - pos, strict, &k, err_at)) != OK_OK) {
      return *err_at += pos, rc;
    } else {
      pos += k;
    }
    need--;
  }
  *len = pos;
  return OK_OK;
}

/* A string's units p[0..2 count) as UTF-8 (a lone surrogate as WTF-8) to
** out; the length. */
static size_t units_text(uint8_t *out, const uint8_t *p, size_t count) {
  size_t i = 0, o = 0, a, j;
  unsigned high = 0;
  if (ok_ascii_units_text(out, p, count, 0)) return count;
  while (i < count) {
    if ((a = ok_ascii_units(p + 2 * i, count - i, 0)) > 0) {
      for (j = 0; j < a; j++) out[o + j] = p[2 * (i + j)];
      i += a, o += a, high = 0;
      continue;
    }
    o = ok_wtf8_unit(out, o, &high, (unsigned)le(p + 2 * i, 2));
    i++;
  }
  return o;
}

/* The length units_text gives, counted alone. */
static size_t text_len(const uint8_t *p, size_t count) {
  size_t i = 0, o = 0, a;
  unsigned high = 0;
  if (ok_ascii_units_text(NULL, p, count, 0)) return count;
  while (i < count) {
    if ((a = ok_ascii_units(p + 2 * i, count - i, 0)) > 0) {
      i += a, o += a, high = 0;
      continue;
    }
    o += ok_wtf8_unit_len(&high, (unsigned)le(p + 2 * i, 2));
    i++;
  }
  return o;
}

OK_HOT_INLINE int dec_value(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  size_t len;
  int rc;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  ok_item_reset(it, &ok_format_webkit, key[0]);
  rc = key[0] == OK_WEBKIT_ARRAY ? scan(key, n, 1, &len, err_at) : scalar(key, n, 1, &len, err_at);
  if (rc != OK_OK) return rc;
  it->len = len;
  switch (key[0]) {
    case OK_WEBKIT_NUMBER:
      it->d = le_double(key + 1);
      ok_js_number(it, it->d);
      if (it->d == 0 && signbit(it->d)) it->type = OK_REAL; /* -0, which WebKit keeps */
      return OK_OK;
    case OK_WEBKIT_DATE: {
      char text[OK_JS_DATE_TEXT_MAX];
      double ms = 0;
      date_ms(le_double(key + 1), &ms);   /* checked by scan() */
      it->own[0] = (uint64_t)(int64_t)ms; /* the Date's whole ms */
      it->type = OK_TEXT;
      it->value_len = ok_js_date_text(text, (int64_t)it->own[0]);
      return OK_OK;
    }
    case OK_WEBKIT_STRING:
      it->type = OK_TEXT;
      it->body = key + 5;
      it->body_len = len - 5;
      it->value_len = text_len(it->body, it->body_len / 2);
      return OK_OK;
    case OK_WEBKIT_BINARY:
      it->type = OK_BLOB;
      it->body = key + 9;
      it->body_len = it->value_len = len - 9;
      it->direct = 1;
      return OK_OK;
  }
  it->type = OK_BLOB; /* an array: the version byte, then these bytes */
  it->body = key;
  it->body_len = len;
  it->value_len = len + 1;
  return OK_OK;
}

int ok_webkit_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  return dec_value(key, n, it, err_at);
}

/* A key's component `index`: an array key's elements (the first with the
** version byte and the array's head), or the one value. The whole key is
** checked at the first: its value must end where the key does, an array's
** count of elements with it (which the elements after the first cannot
** see). */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  size_t len, head = 0;
  int rc;
  (void)f;
  if (n == 0) return fail(index == 0 ? OK_E_LENGTH : OK_FEWER, 0, err_at);
  if (index == 0) {
    if (key[0] != OK_WEBKIT_VERSION) return fail(OK_E_TAG, 0, err_at);
    if ((rc = scan(key + 1, n - 1, 1, &len, err_at)) != OK_OK) return *err_at += 1, rc;
    if (1 + len < n) return fail(OK_E_TRAILING, 1 + len, err_at);
    head = key[1] == OK_WEBKIT_ARRAY ? 10 : 1;
    if (head == 10 && n == 10) return fail(OK_FEWER, 0, err_at); /* [] */
  }
  if ((rc = dec_value(key + head, n - head, it, err_at)) != OK_OK) return *err_at += head, rc;
  it->len += head;
  ok_js_set_sole(it, index == 0 && head == 10 && it->len == n);
  return OK_OK;
}

/* The components after the first (which checks the whole key), stepped
** over by their length alone. */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  size_t len, err;
  (void)f;
  if (index == 0 || n == 0) return 0;
  return (key[0] == OK_WEBKIT_ARRAY ? scan(key, n, 1, &len, &err)
                                    : scalar(key, n, 1, &len, &err)) == OK_OK
             ? len
             : 0;
}

static size_t webkit_value(uint8_t *out, const ok_item *it) {
  switch (it->tag) {
    case OK_WEBKIT_DATE: return ok_js_date_text((char *)out, (int64_t)it->own[0]);
    case OK_WEBKIT_STRING: return units_text(out, it->body, it->body_len / 2);
    case OK_WEBKIT_BINARY: memcpy(out, it->body, it->value_len); return it->value_len;
  }
  out[0] = OK_WEBKIT_VERSION;
  memcpy(out + 1, it->body, it->body_len);
  return it->value_len;
}

/* ok_webkit_write (ok_webkit.h): an item after the key's version byte (its
** put writes it); no NULL; numbers only those a double holds exactly (-0
** kept); strings UTF-8 or WTF-8. */
int ok_webkit_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  uint8_t *at;
  size_t len;
  double d;
  int rc;
  (void)f;
  switch (v->type) {
    case OK_NULL: return OK_E_NULL;
    case OK_INT:
    case OK_REAL:
      if ((rc = ok_value_js_number(v, &d)) == OK_OK)
        w->n += ok_webkit_enc_number(ok_writer_at(w, 9), OK_WEBKIT_NUMBER, d);
      return rc;
    case OK_BLOB:
      w->n += ok_webkit_enc_head(ok_writer_at(w, 9), OK_WEBKIT_BINARY, v->n);
      if ((at = ok_writer_at(w, v->n)) != NULL && v->n) memcpy(at, v->p, v->n);
      w->n += v->n;
      return OK_OK;
    default:
      rc = ok_webkit_enc_string(ok_writer_at(w, OK_WEBKIT_STRING_BOUND(v->n)), &len, v->p, v->n,
                                &w->err_at);
      if (rc == OK_OK) w->n += len;
      return rc;
  }
}

/* ok_convert's: the version byte, then the values in an array of their
** count, or one value alone. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (!w->mark) {
    ok_writer_byte(w, OK_WEBKIT_VERSION), w->mark = 1;
    if (!w->lone) w->n += ok_webkit_enc_head(ok_writer_at(w, 9), OK_WEBKIT_ARRAY, w->count);
  }
  return v ? ok_webkit_write(f, w, v) : OK_OK;
}

/* ok_next_n's reader: an array key's elements from its start, with room
** for all, without the first's scan (ok_array_n); else decode_any for
** each. */
static int next(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at) {
  uint64_t count;
  if (w->index == 0 && w->n > 10 && w->key[0] == OK_WEBKIT_VERSION &&
      w->key[1] == OK_WEBKIT_ARRAY && (count = le(w->key + 2, 8)) > 0 && count <= cap &&
      count <= w->n - 10)
    return ok_array_n(w, dec_value, 10, (size_t)count, items, cap, got, err_at);
  return ok_walk_n(w, decode_any, 0, items, cap, got, err_at);
}

const ok_format ok_format_webkit = {
    .name = "webkit",
    .decode = decode_any,
    .next = next,
    .value = webkit_value,
    .skip = skip_any,
    .put = put_value,
    .arrays = 1,
};

/* --- The collation ---------------------------------------------------------- */

/* 1 when key[0..n) is a key WebKit reads: 00, a value, nothing after. */
static int readable(const uint8_t *key, size_t n) {
  size_t len, err;
  return n > 0 && key[0] == OK_WEBKIT_VERSION && scan(key + 1, n - 1, 0, &len, &err) == OK_OK &&
         len == n - 1;
}

/* Bytes by memcmp, a shorter first. */
static int cmp_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  int c = memcmp(a, b, na < nb ? na : nb);
  return c ? (c < 0 ? -1 : 1) : (na > nb) - (na < nb);
}

int ok_webkit_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  uint64_t left_a[OK_WEBKIT_DEPTH], left_b[OK_WEBKIT_DEPTH];
  size_t pa = 1, pb = 1, depth = 0, i, m;
  int ra = readable(a, na), rb = readable(b, nb);
  /* WebKit answers "greater" for a key it cannot read, whichever side: an
  ** index one such TEXT is in is no longer ordered. Total instead: after
  ** every key WebKit reads, by bytes among themselves. */
  if (!ra || !rb) return ra != rb ? (ra ? -1 : 1) : cmp_bytes(a, na, b, nb);
  for (;;) {
    uint8_t t;
    if (depth > 0) { /* the open arrays: a shorter one first */
      if (left_a[depth - 1] == 0 || left_b[depth - 1] == 0) {
        if (left_a[depth - 1] != left_b[depth - 1]) return left_a[depth - 1] == 0 ? -1 : 1;
        if (--depth == 0) return 0;
        continue;
      }
      left_a[depth - 1]--, left_b[depth - 1]--;
    }
    t = a[pa];
    if (t != b[pb]) return t < b[pb] ? -1 : 1; /* the type bytes are in the types' order */
    switch (t) {
      case OK_WEBKIT_NUMBER:
      case OK_WEBKIT_DATE: {
        double x = le_double(a + pa + 1), y = le_double(b + pb + 1);
        /* NaN, which WebKit never stores, equal to itself and after every
        ** other number (WebKit: "less" either way) */
        if (x != y) return (x != x || y != y) ? (x != x) - (y != y) : (x > y ? 1 : -1);
        pa += 9, pb += 9;
        break;
      }
      case OK_WEBKIT_STRING: {
        size_t ca = (size_t)le(a + pa + 1, 4), cb = (size_t)le(b + pb + 1, 4);
        for (i = 0, m = ca < cb ? ca : cb; i < m; i++) {
          unsigned x = (unsigned)le(a + pa + 5 + 2 * i, 2), y = (unsigned)le(b + pb + 5 + 2 * i, 2);
          if (x != y) return x < y ? -1 : 1;
        }
        if (ca != cb) return ca < cb ? -1 : 1;
        pa += 5 + 2 * ca, pb += 5 + 2 * cb;
        break;
      }
      case OK_WEBKIT_BINARY: { /* as WebKit reads it: all the key's bytes from there */
        size_t rest_a = na - pa - 9, rest_b = nb - pb - 9;
        int c = memcmp(a + pa + 9, b + pb + 9, rest_a < rest_b ? rest_a : rest_b);
        if (c != 0) return c < 0 ? -1 : 1;
        if (rest_a != rest_b) return rest_a < rest_b ? -1 : 1;
        pa += 9 + (size_t)le(a + pa + 1, 8), pb += 9 + (size_t)le(b + pb + 1, 8);
        break;
      }
      case OK_WEBKIT_ARRAY:
        /* Deeper than ok counts: the rest by bytes. What came before is
        ** equal, element by element, and so of one length on both sides:
        ** the order stays total. */
        if (depth == OK_WEBKIT_DEPTH) return cmp_bytes(a + pa, na - pa, b + pb, nb - pb);
        left_a[depth] = le(a + pa + 1, 8), left_b[depth] = le(b + pb + 1, 8);
        depth++;
        pa += 9, pb += 9;
        continue;
      default: pa++, pb++; /* Min, Max */
    }
    if (depth == 0) return 0;
  }
}
