/*
** bytewise.c -- the keys of the npm library bytewise (bytewise-core 1.2):
** one JavaScript value a key, a type byte in front of each value.
**
**   null 10, false 20, true 21, -Infinity 40, x < 0: 41 and the bytes of
**   the double -x complemented, x >= 0: 42 and the bytes of x, Infinity 43,
**   a Date as its milliseconds under 51 or 52, a Buffer 60, a string 70
**   (UTF-8), an array A0, its elements and 00, undefined F0.
**
** A string or Buffer that is the whole key is its bytes as they are; as an
** array's element it is escaped and ends with 00 (ok_bytewise.h). The same
** JavaScript value has one encoding: the decoder accepts nothing else.
*/
#include <math.h>
#include <string.h>

#include "internal.h"
#include "ok_bytewise.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

/* The 9 bytes of a number or Date under its positive or negative type. */
static size_t enc_float(uint8_t *out, double d, int neg_type, int pos_type) {
  if (!out) return 9;
  out[0] = (uint8_t)(d < 0 ? neg_type : pos_type);
  ok_put_be(out + 1, d < 0 ? ~ok_ieee_bits(-d, 8) : ok_ieee_bits(d == 0 ? 0.0 : d, 8), 8);
  return 9;
}

size_t ok_bytewise_enc_number(uint8_t *out, double d) {
  if (isinf(d)) {
    if (out) out[0] = d < 0 ? OK_BYTEWISE_NEG_INF : OK_BYTEWISE_POS_INF;
    return 1;
  }
  return enc_float(out, d, OK_BYTEWISE_NEG, OK_BYTEWISE_POS);
}

size_t ok_bytewise_enc_date(uint8_t *out, double ms) {
  return enc_float(out, ms, OK_BYTEWISE_DATE_NEG, OK_BYTEWISE_DATE_POS);
}

size_t ok_bytewise_enc_bytes(uint8_t *out, int type, const uint8_t *s, size_t n, int element) {
  size_t i, o = 1;
  int high = type == OK_BYTEWISE_BUFFER;
  if (!element) {
    if (out) out[0] = (uint8_t)type, memcpy(out + 1, s, n);
    return n + 1;
  }
  if (!high) return ok_enc_bytes(out, type, s, n, 1, 0); /* the native escape, the same bytes */
  for (i = 0; i < n; i++) {
    uint8_t b = s[i];
    if (b <= 0x01 || b >= 0xFE) {
      if (out) out[o] = b <= 0x01 ? 0x01 : 0xFE, out[o + 1] = b <= 0x01 ? b + 1 : b - 1;
      o += 2;
    } else {
      if (out) out[o] = b;
      o++;
    }
  }
  if (out) out[0] = (uint8_t)type, out[o] = 0x00;
  return o + 1;
}

/* --- Decoding ------------------------------------------------------------- */

/* What an item keeps in ok_item.own: a Date's milliseconds. */
typedef struct {
  int64_t ms;
} bytewise_own;
typedef char own_fits[sizeof(bytewise_own) <= OK_ITEM_OWN ? 1 : -1];

static bytewise_own own_of(const ok_item *it) {
  bytewise_own o;
  memcpy(&o, it->own, sizeof o);
  return o;
}

/* The 8 bytes after a 41/42/51/52 type byte: a positive double (zero only
** under a positive type), finite. */
OK_HOT_INLINE int dec_float(const uint8_t *c, size_t n, int neg, double *d, size_t *err_at) {
  uint64_t bits;
  if (n < 9) return fail(OK_E_TRUNCATED, n, err_at);
  bits = ok_get_be(c + 1, 8, neg ? 0xFF : 0x00);
  /* the sign bit set, NaN or an infinity, or zero under the negative type */
  if ((bits >> 63) || (bits >> 52) == 0x7FF || (neg && bits == 0))
    return fail(OK_E_NONCANONICAL, 1, err_at);
  memcpy(d, &bits, 8);
  if (neg) *d = -*d;
  return OK_OK;
}

/* A Buffer element's escaped body from c + 1 up to its 00. */
static int dec_buffer(const uint8_t *c, size_t n, ok_item *it, size_t *err_at) {
  size_t i, escapes = 0;
  for (i = 1; i < n && c[i] != 0x00; i++) {
    if (c[i] == 0xFF) return fail(OK_E_NONCANONICAL, i, err_at);
    if (c[i] == 0x01 || c[i] == 0xFE) {
      uint8_t lo = c[i] == 0x01 ? 0x01 : 0xFD;
      if (i + 1 >= n || (c[i + 1] != lo && c[i + 1] != lo + 1)) return fail(OK_E_ESCAPE, i, err_at);
      i++, escapes++;
    }
  }
  if (i >= n) return fail(OK_E_TRUNCATED, n, err_at);
  it->body = c + 1;
  it->body_len = i - 1;
  it->value_len = it->body_len - escapes;
  it->direct = !escapes;
  it->len = i + 1;
  return OK_OK;
}

/* A nested array from its A0 to the 00 that closes it, each value checked;
** a loop with a depth count, so nesting costs no stack. */
static int dec_array(const uint8_t *c, size_t n, ok_item *it, size_t *err_at) {
  size_t off = 1, depth = 1, err;
  while (depth > 0) {
    ok_item in;
    int rc;
    if (off >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if (c[off] == 0x00) {
      depth--, off++;
      continue;
    }
    if (c[off] == OK_BYTEWISE_ARRAY) {
      depth++, off++;
      continue;
    }
    if ((rc = ok_bytewise_decode(c + off, n - off, 1, &in, &err)) != OK_OK)
      return fail(rc, off + err, err_at);
    off += in.len;
  }
  it->type = OK_BLOB;
  it->body = c;
  it->body_len = it->value_len = it->len = off;
  it->direct = 1;
  return OK_OK;
}

/* The rarer values: NULL and undefined, booleans, infinities, dates and
** nested arrays (t, the first byte, after the reset). */
static int dec_other(const uint8_t *key, size_t n, int t, int element, ok_item *it,
                     size_t *err_at) {
  int rc;
  double d;
  switch (t) {
    case OK_BYTEWISE_NULL:
    case OK_BYTEWISE_UNDEFINED: it->type = OK_NULL; return OK_OK;
    case OK_BYTEWISE_FALSE:
    case OK_BYTEWISE_TRUE:
      it->type = OK_INT;
      it->i = t == OK_BYTEWISE_TRUE;
      return OK_OK;
    case OK_BYTEWISE_NEG_INF:
    case OK_BYTEWISE_POS_INF:
      it->type = OK_REAL;
      it->d = t == OK_BYTEWISE_POS_INF ? HUGE_VAL : -HUGE_VAL;
      return OK_OK;
    case OK_BYTEWISE_DATE_NEG:
    case OK_BYTEWISE_DATE_POS: {
      bytewise_own o;
      char text[OK_JS_DATE_TEXT_MAX];
      if ((rc = dec_float(key, n, t == OK_BYTEWISE_DATE_NEG, &d, err_at)) != OK_OK) return rc;
      if (d != floor(d) || fabs(d) > OK_JS_DATE_MAX) return fail(OK_E_RANGE, 1, err_at);
      o.ms = (int64_t)d;
      memcpy(it->own, &o, sizeof o);
      it->type = OK_TEXT;
      it->body = key + 1;
      it->body_len = 8;
      it->value_len = ok_js_date_text(text, o.ms);
      it->len = 9;
      return OK_OK;
    }
    case OK_BYTEWISE_ARRAY:
      if (element) return dec_array(key, n, it, err_at);
      break; /* a whole array's elements are the key's components */
  }
  return fail(OK_E_TAG, 0, err_at);
}

/* ok_bytewise_decode: numbers, strings and buffers, which most keys hold,
** inlined into the walks' reader; the rest in a call. */
OK_HOT_INLINE int dec_value(const uint8_t *key, size_t n, int element, ok_item *it,
                            size_t *err_at) {
  int t = n ? key[0] : -1, rc;
  double d;
  ok_item_reset(it, &ok_format_bytewise, t);
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  it->len = 1;
  switch (t) {
    case OK_BYTEWISE_NEG:
    case OK_BYTEWISE_POS:
      if ((rc = dec_float(key, n, t == OK_BYTEWISE_NEG, &d, err_at)) != OK_OK) return rc;
      ok_js_number(it, d);
      it->len = 9;
      return OK_OK;
    case OK_BYTEWISE_BUFFER:
    case OK_BYTEWISE_STRING:
      it->type = t == OK_BYTEWISE_STRING ? OK_TEXT : OK_BLOB;
      if (!element) {
        it->body = key + 1;
        it->body_len = it->value_len = n - 1;
        it->direct = 1;
        it->len = n;
      } else if ((rc = t == OK_BYTEWISE_STRING ? ok_dec_bytes(key, n, 0, it, err_at)
                                               : dec_buffer(key, n, it, err_at)) != OK_OK) {
        return rc;
      }
      /* Node writes only valid UTF-8; escapes are ASCII */
      if (t == OK_BYTEWISE_STRING && !ok_utf8_valid(it->body, it->body_len))
        return fail(OK_E_BYTE, 1 + ok_utf8_check(it->body, it->body_len), err_at);
      return OK_OK;
  }
  return dec_other(key, n, t, element, it, err_at);
}

int ok_bytewise_decode(const uint8_t *key, size_t n, int element, ok_item *it, size_t *err_at) {
  return dec_value(key, n, element, it, err_at);
}

/* A key's component `index`: its array's elements (the first with the A0
** before it, the last with the 00 after it, so that the components cover
** the key; an empty array has none), or the one value. */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  size_t off = 0;
  int rc;
  (void)f;
  if (n == 0) return fail(OK_E_LENGTH, 0, err_at); /* never written: an empty array is one */
  if (index == 0 && key[0] != OK_BYTEWISE_ARRAY) {
    rc = dec_value(key, n, 0, it, err_at);
    ok_js_set_sole(it, 0);
    if (rc == OK_OK && it->len < n) return fail(OK_E_TRAILING, it->len, err_at);
    return rc;
  }
  if (index == 0) off = 1;
  if (off < n && key[off] == 0x00) /* the array's end: the key's last byte */
    return off + 1 == n ? OK_FEWER : fail(OK_E_TRAILING, off + 1, err_at);
  rc = dec_value(key + off, n - off, 1, it, err_at);
  if (rc != OK_OK) return *err_at += off, rc;
  it->len += off;
  if (it->len == n) return fail(OK_E_TRUNCATED, n, err_at); /* no 00 closes the array */
  if (it->len + 1 == n && key[it->len] == 0x00) it->len++;  /* the last takes the array's end */
  ok_js_set_sole(it, index == 0 && it->len == n);
  return OK_OK;
}

/* A Buffer element's escaped body back to its bytes. */
static size_t buffer_value(uint8_t *out, const uint8_t *body, size_t n) {
  size_t i, o = 0;
  for (i = 0; i < n; i++) {
    if (body[i] == 0x01)
      out[o++] = (uint8_t)(body[++i] - 1);
    else if (body[i] == 0xFE)
      out[o++] = (uint8_t)(body[++i] + 1);
    else
      out[o++] = body[i];
  }
  return o;
}

static size_t bytewise_value(uint8_t *out, const ok_item *it) {
  if (it->tag == OK_BYTEWISE_DATE_NEG || it->tag == OK_BYTEWISE_DATE_POS)
    return ok_js_date_text((char *)out, own_of(it).ms);
  if (it->direct) {
    memcpy(out, it->body, it->value_len);
    return it->value_len;
  }
  if (it->tag == OK_BYTEWISE_STRING) return ok_bytes_value(out, it->body, it->body_len, 0);
  return buffer_value(out, it->body, it->body_len);
}

/* An array's elements that are constants, numbers or short strings, with
** no value made; framed as decode_any frames them (the A0 before the
** first, the 00 after the last). */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  size_t off = index == 0, len = 0, err;
  double d;
  (void)f;
  if (n <= off || (index == 0 && key[0] != OK_BYTEWISE_ARRAY)) return 0;
  switch (key[off]) {
    case OK_BYTEWISE_NULL:
    case OK_BYTEWISE_UNDEFINED:
    case OK_BYTEWISE_FALSE:
    case OK_BYTEWISE_TRUE:
    case OK_BYTEWISE_NEG_INF:
    case OK_BYTEWISE_POS_INF: len = 1; break;
    case OK_BYTEWISE_NEG:
    case OK_BYTEWISE_POS:
      len = dec_float(key + off, n - off, key[off] == OK_BYTEWISE_NEG, &d, &err) == OK_OK ? 9 : 0;
      break;
    case OK_BYTEWISE_STRING: /* valid UTF-8, as Node writes it */
      len = ok_bytes_len(key + off, n - off, 0);
      if (len && ok_utf8_check(key + off + 1, len - 2) != len - 2) len = 0;
      break;
  }
  if (!len || off + len >= n) return 0; /* unknown, malformed, or no 00 closes the array */
  len += off;
  return len + 1 == n && key[len] == 0x00 ? len + 1 : len;
}

/* ok_bytewise_write (ok_bytewise.h): a string or Buffer with its element
** escapes unless it is the key's one value; numbers only those a double
** holds exactly, strings UTF-8. */
int ok_bytewise_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  double d;
  int rc;
  (void)f;
  if (v->type == OK_NULL) {
    ok_writer_byte(w, OK_BYTEWISE_NULL);
    return OK_OK;
  }
  if (v->type == OK_INT || v->type == OK_REAL) {
    if ((rc = ok_value_js_number(v, &d)) == OK_OK)
      w->n += ok_bytewise_enc_number(ok_writer_at(w, 9), d);
    return rc;
  }
  if (v->type == OK_TEXT && (w->err_at = ok_utf8_check(v->p, v->n)) != v->n) return OK_E_BYTE;
  w->n += ok_bytewise_enc_bytes(ok_writer_at(w, OK_BYTEWISE_BYTES_BOUND(v->n)),
                                v->type == OK_TEXT ? OK_BYTEWISE_STRING : OK_BYTEWISE_BUFFER, v->p,
                                v->n, !w->lone);
  return OK_OK;
}

/* ok_convert's: the values in an array (its open byte before the first,
** its 00 at the end), or one value alone. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (!w->lone && !w->mark) ok_writer_byte(w, OK_BYTEWISE_ARRAY), w->mark = 1;
  if (v) return ok_bytewise_write(f, w, v);
  if (!w->lone) ok_writer_byte(w, 0x00);
  return OK_OK;
}

OK_WALK_READER(next, decode_any)

const ok_format ok_format_bytewise = {
    .name = "bytewise",
    .decode = decode_any,
    .next = next,
    .value = bytewise_value,
    .skip = skip_any,
    .put = put_value,
    .arrays = 1,
};

/* --- JavaScript Dates as text --------------------------------------------- */

/* Days since 1970-01-01 of a proleptic Gregorian date, and back: the
** calendar in eras of 400 years (146097 days), March first in each year. */
static int64_t days_of(int64_t y, int m, int d) {
  int64_t era, yoe, doy;
  y -= m <= 2;
  era = (y >= 0 ? y : y - 399) / 400;
  yoe = y - era * 400;
  doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

static void date_of(int64_t z, int64_t *y, int *m, int *d) {
  int64_t era, doe, yoe, doy, mp;
  z += 719468;
  era = (z >= 0 ? z : z - 146096) / 146097;
  doe = z - era * 146097;
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  *d = (int)(doy - (153 * mp + 2) / 5 + 1);
  *m = (int)(mp < 10 ? mp + 3 : mp - 9);
  *y = yoe + era * 400 + (*m <= 2);
}

/* v as `width` decimal digits at out. */
static void put_digits(char *out, int64_t v, int width) {
  while (width-- > 0) out[width] = (char)('0' + v % 10), v /= 10;
}

#define MS_PER_DAY 86400000

size_t ok_js_date_text(char *out, int64_t ms) {
  int64_t day = ms >= 0 ? ms / MS_PER_DAY : -((-ms + MS_PER_DAY - 1) / MS_PER_DAY), y;
  int64_t t = ms - day * MS_PER_DAY;
  int m, d;
  size_t o = 0;
  date_of(day, &y, &m, &d);
  if (y >= 0 && y <= 9999) {
    put_digits(out, y, 4);
    o = 4;
  } else {
    out[0] = y < 0 ? '-' : '+';
    put_digits(out + 1, y < 0 ? -y : y, 6);
    o = 7;
  }
  out[o] = '-', put_digits(out + o + 1, m, 2);
  out[o + 3] = '-', put_digits(out + o + 4, d, 2);
  out[o + 6] = 'T', put_digits(out + o + 7, t / 3600000, 2);
  out[o + 9] = ':', put_digits(out + o + 10, t / 60000 % 60, 2);
  out[o + 12] = ':', put_digits(out + o + 13, t / 1000 % 60, 2);
  out[o + 15] = '.', put_digits(out + o + 16, t % 1000, 3);
  out[o + 19] = 'Z';
  return o + 20;
}

/* `width` digits of s at *i into *v; 0 with *err_at at the non-digit. */
static int get_digits(const char *s, size_t n, size_t *i, int width, int64_t *v, size_t *err_at) {
  *v = 0;
  while (width-- > 0) {
    if (*i >= n || s[*i] < '0' || s[*i] > '9') return *err_at = *i, 0;
    *v = *v * 10 + (s[(*i)++] - '0');
  }
  return 1;
}

int ok_js_date_parse(int64_t *ms, const char *s, size_t n, size_t *err_at) {
  static const char seps[] = "--T::.Z";
  static const int widths[] = {2, 2, 2, 2, 2, 3};
  static const int64_t limits[] = {12, 31, 23, 59, 59, 999};
  int64_t y, f[6];
  size_t i = 0, k;
  int sign = 0;
  if (n > 0 && (s[0] == '+' || s[0] == '-')) sign = s[0] == '-' ? -1 : 1, i = 1;
  if (!get_digits(s, n, &i, sign ? 6 : 4, &y, err_at)) return OK_E_SYNTAX;
  if (sign < 0 && y == 0) return *err_at = 0, OK_E_SYNTAX; /* JavaScript refuses -000000 */
  for (k = 0; k < 6; k++) {
    if (i >= n || s[i] != seps[k]) return *err_at = i, OK_E_SYNTAX;
    i++;
    if (!get_digits(s, n, &i, widths[k], &f[k], err_at)) return OK_E_SYNTAX;
    if (f[k] > limits[k] || (k < 2 && f[k] == 0))
      return *err_at = i - (size_t)widths[k], OK_E_SYNTAX;
  }
  if (i >= n || s[i] != 'Z') return *err_at = i, OK_E_SYNTAX;
  if (i + 1 != n) return *err_at = i + 1, OK_E_SYNTAX;
  if (sign < 0) y = -y;
  {
    int64_t day = days_of(y, (int)f[0], (int)f[1]), ey;
    int em, ed;
    date_of(day, &ey, &em, &ed);
    if (em != f[0] || ed != f[1]) return *err_at = sign ? 11 : 8, OK_E_SYNTAX; /* Feb 30 */
    if (day > 100000000 || day < -100000000) return *err_at = 0, OK_E_RANGE;
    *ms = day * MS_PER_DAY + f[2] * 3600000 + f[3] * 60000 + f[4] * 1000 + f[5];
  }
  if (*ms > (int64_t)OK_JS_DATE_MAX || *ms < -(int64_t)OK_JS_DATE_MAX)
    return *err_at = 0, OK_E_RANGE;
  return OK_OK;
}
