/*
** crdb.c -- CockroachDB's key encoding, byte for byte (pkg/util/encoding
** in cockroachdb/cockroach is the reference: encoding.go, float.go,
** decimal.go). docs/crdb.md says how SQL values map onto it.
**
** Unlike the other formats, a descending item is no complement of its
** ascending one: an integer is written as ^v, a float as -f, a decimal as
** -d, each in its ascending form, and only bytes, NULL and NaN have markers
** of their own. So a key does not say which integers were descending; the
** decoder reads them as CockroachDB does without the table's descriptor.
** Decoding accepts only what CockroachDB's encoder writes, so that an
** accepted item re-encodes to itself.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "ok_crdb.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

/* Bytes of v without leading zero bytes (1 for 0). */
static size_t width(uint64_t v) { return (ok_bit_length(v | 1) + 7) / 8; }

/* --- Encoders --------------------------------------------------------------- */

#define INT_ZERO 0x88 /* the marker of 0 */
#define INT_SMALL 109 /* 0..109 are the marker alone */
#define NANOS_DAY 86400000000000LL
#define NANOS_MONTH (30 * NANOS_DAY)

size_t ok_crdb_enc_uvarint(uint8_t *out, uint64_t v) {
  size_t k;
  if (v <= INT_SMALL) {
    if (out) out[0] = (uint8_t)(INT_ZERO + v);
    return 1;
  }
  k = width(v);
  if (out) {
    out[0] = (uint8_t)(OK_CRDB_INT_MAX - 8 + k);
    ok_put_be(out + 1, v, k);
  }
  return 1 + k;
}

/* EncodeUvarintDescending: the marker 0x88 - k, then ^v in k bytes. */
static size_t enc_uvarint_desc(uint8_t *out, uint64_t v) {
  size_t k = v ? width(v) : 0;
  if (out) {
    out[0] = (uint8_t)(INT_ZERO - k);
    ok_put_be(out + 1, ~v, k);
  }
  return 1 + k;
}

static size_t enc_varint(uint8_t *out, int64_t v) {
  size_t k;
  if (v >= 0) return ok_crdb_enc_uvarint(out, (uint64_t)v);
  k = width(0 - (uint64_t)v);
  if (out) {
    out[0] = (uint8_t)(INT_ZERO - k);
    ok_put_be(out + 1, (uint64_t)v, k);
  }
  return 1 + k;
}

size_t ok_crdb_enc_int(uint8_t *out, int64_t v, int desc) { return enc_varint(out, desc ? ~v : v); }

size_t ok_crdb_enc_null(uint8_t *out, int desc) {
  if (out) out[0] = desc ? OK_CRDB_NULL_DESC : OK_CRDB_NULL;
  return 1;
}

size_t ok_crdb_enc_float(uint8_t *out, double d, int desc) {
  uint64_t u;
  int neg;
  if (d != d || d == 0) {
    if (out)
      out[0] = d != d ? (desc ? OK_CRDB_FLOAT_NAN_DESC : OK_CRDB_FLOAT_NAN) : OK_CRDB_FLOAT_ZERO;
    return 1;
  }
  if (desc) d = -d;
  memcpy(&u, &d, 8);
  neg = (int)(u >> 63);
  if (out) {
    out[0] = neg ? OK_CRDB_FLOAT_NEG : OK_CRDB_FLOAT_POS;
    ok_put_be(out + 1, neg ? ~u : u, 8);
  }
  return 9;
}

size_t ok_crdb_enc_bytes(uint8_t *out, const uint8_t *s, size_t n, int desc) {
  size_t len = 1, i = 0;
  if (out) out[0] = desc ? OK_CRDB_BYTES_DESC : OK_CRDB_BYTES;
  if (out && ok_copy_short(out + 1, s, n, 1)) len += n, i = n;
  while (i < n) { /* runs without 0x00, each 0x00 as 00 FF */
    const uint8_t *z = memchr(s + i, 0, n - i);
    size_t run = z ? (size_t)(z - (s + i)) : n - i;
    if (out) memcpy(out + len, s + i, run);
    len += run, i += run;
    if (z) {
      if (out) out[len] = 0x00, out[len + 1] = 0xFF;
      len += 2, i++;
    }
  }
  if (out) {
    out[len] = 0x00, out[len + 1] = 0x01;
    if (desc) ok_invert(out + 1, len + 1);
  }
  return len + 2;
}

size_t ok_crdb_enc_time(uint8_t *out, int64_t sec, int64_t nanos, int desc) {
  size_t len;
  if (out) out[0] = OK_CRDB_TIME;
  len = 1 + enc_varint(out ? out + 1 : NULL, desc ? ~sec : sec);
  return len + enc_varint(out ? out + len : NULL, desc ? ~nanos : nanos);
}

/* duration.Encode's check, a conservative one in whole years. */
static int interval_fits(int64_t months, int64_t days, int64_t nanos) {
  int64_t years = months / 12 + days / 30 / 12 + nanos / NANOS_MONTH / 12;
  return years <= INT64_MAX / NANOS_MONTH && years >= INT64_MIN / NANOS_MONTH;
}

/* The nanoseconds of an interval written as (its sort key, months, days):
** what is left of the sort key, wrapping as Go's int64 does. */
static int64_t interval_nanos(int64_t sort, int64_t months, int64_t days) {
  return (int64_t)((uint64_t)sort - (uint64_t)months * (uint64_t)NANOS_MONTH -
                   (uint64_t)days * (uint64_t)NANOS_DAY);
}

int ok_crdb_enc_interval(uint8_t *out, size_t *len, int64_t months, int64_t days, int64_t nanos,
                         int desc) {
  int64_t v[3];
  size_t i;
  if (!interval_fits(months, days, nanos)) return OK_E_RANGE;
  v[0] = (int64_t)((uint64_t)months * (uint64_t)NANOS_MONTH + (uint64_t)days * (uint64_t)NANOS_DAY +
                   (uint64_t)nanos); /* wraps as Go's int64 does */
  v[1] = months, v[2] = days;
  if (out) out[0] = OK_CRDB_DURATION;
  *len = 1;
  for (i = 0; i < 3; i++) *len += ok_crdb_enc_int(out ? out + *len : NULL, v[i], desc);
  return OK_OK;
}

#define DECIMAL_NEG_LARGE 0x1A
#define DECIMAL_NEG_MEDIUM 0x25 /* - e, e in 0..10 */
#define DECIMAL_NEG_SMALL 0x26
#define DECIMAL_POS_SMALL 0x28
#define DECIMAL_POS_MEDIUM 0x29 /* + e */
#define DECIMAL_POS_LARGE 0x34
#define DECIMAL_E_MAX (1L << 29) /* |centimal exponent|: within apd's int32 exponent */

/* A finite decimal's marker and exponent for (neg, e100): returns where its
** mantissa goes. */
static size_t decimal_head(uint8_t *out, int neg, int64_t e100) {
  uint64_t m = (uint64_t)(e100 < 0 ? -e100 : e100);
  int asc = (e100 < 0) == (neg != 0); /* positive large, negative small */
  if (e100 >= 0 && e100 <= 10) {
    if (out) out[0] = (uint8_t)(neg ? DECIMAL_NEG_MEDIUM - e100 : DECIMAL_POS_MEDIUM + e100);
    return 1;
  }
  if (out)
    out[0] = e100 < 0 ? (neg ? DECIMAL_NEG_SMALL : DECIMAL_POS_SMALL)
                      : (neg ? DECIMAL_NEG_LARGE : DECIMAL_POS_LARGE);
  return 1 + (asc ? ok_crdb_enc_uvarint(out ? out + 1 : NULL, m)
                  : enc_uvarint_desc(out ? out + 1 : NULL, m));
}

int ok_crdb_enc_decimal(uint8_t *out, size_t *len, int form, int neg, const char *digit, size_t nd,
                        int64_t exp, int desc) {
  int64_t e10, e100;
  size_t k, at, i, lead, total;
  if (form == OK_CRDB_NAN || (form == OK_CRDB_FINITE && nd == 0)) {
    if (out)
      out[0] = form == OK_CRDB_NAN ? (desc ? OK_CRDB_DECIMAL_NAN_DESC : OK_CRDB_DECIMAL_NAN)
                                   : OK_CRDB_DECIMAL_ZERO;
    *len = 1;
    return OK_OK;
  }
  neg ^= desc != 0; /* descending: -d, ascending */
  if (form == OK_CRDB_INFINITE) {
    if (out) out[0] = neg ? OK_CRDB_DECIMAL_NEG_INF : OK_CRDB_DECIMAL_INF;
    *len = 1;
    return OK_OK;
  }
  /* 0.digits x 10^e10 as centimal digits x 100^e100: a leading zero digit
  ** when e10 is odd, a trailing one to make pairs */
  e10 = exp + 1;
  e100 = e10 >= 0 ? (e10 + 1) / 2 : e10 / 2;
  if (e100 > DECIMAL_E_MAX || e100 < -DECIMAL_E_MAX) return OK_E_RANGE;
  lead = e100 * 2 != e10;
  total = lead + nd;
  k = (total + 1) / 2;
  at = decimal_head(NULL, neg, e100);
  *len = at + k + 1;
  if (!out) return OK_OK;
  decimal_head(out, neg, e100);
  for (i = 0; i < k; i++) { /* pair i: digits 2i - lead and 2i + 1 - lead */
    size_t a = 2 * i, b = 2 * i + 1;
    int hi = a >= lead && a - lead < nd ? digit[a - lead] - '0' : 0;
    int lo = b - lead < nd ? digit[b - lead] - '0' : 0;
    uint8_t byte = (uint8_t)(2 * (10 * hi + lo) + (i + 1 < k));
    out[at + i] = neg ? (uint8_t)~byte : byte;
  }
  out[at + k] = 0x00;
  return OK_OK;
}

/* --- Decoding --------------------------------------------------------------- */

/* The integer at p[0..n) (its marker first): OK_OK with *v and its length
** in *len; a status with *err_at. */
OK_HOT_INLINE int dec_varint(const uint8_t *p, size_t n, int64_t *v, size_t *len, size_t *err_at) {
  int t = p[0];
  size_t k;
  uint64_t u;
  if (t < OK_CRDB_INT_MIN || t > OK_CRDB_INT_MAX) return fail(OK_E_TAG, 0, err_at);
  if (t >= INT_ZERO && t <= INT_ZERO + INT_SMALL) {
    *v = t - INT_ZERO;
    *len = 1;
    return OK_OK;
  }
  k = t < INT_ZERO ? (size_t)(INT_ZERO - t) : (size_t)(t - (OK_CRDB_INT_MAX - 8));
  if (n < 1 + k) return fail(OK_E_TRUNCATED, n, err_at);
  *len = 1 + k;
  if (t < INT_ZERO) { /* negative: the low k bytes of v */
    u = ok_get_be(p + 1, k, 0xFF);
    *v = (int64_t)~u;
    if (*v >= 0 || width(0 - (uint64_t)*v) != k) return fail(OK_E_NONCANONICAL, 0, err_at);
    return OK_OK;
  }
  u = ok_get_be(p + 1, k, 0);
  if (u <= INT_SMALL || p[1] == 0)
    return fail(OK_E_NONCANONICAL, 0, err_at); /* k bytes: the first not 0 */
  if (u > INT64_MAX) return fail(OK_E_RANGE, 0, err_at);
  *v = (int64_t)u;
  return OK_OK;
}

/* A decimal's exponent: an unsigned varint, ascending or descending. */
static int dec_uvarint(const uint8_t *p, size_t n, int desc, uint64_t *v, size_t *len,
                       size_t *err_at) {
  int t = p[0];
  size_t k;
  if (!desc) {
    int64_t s;
    int rc;
    if (t < INT_ZERO) return fail(OK_E_NONCANONICAL, 0, err_at);
    if ((rc = dec_varint(p, n, &s, len, err_at)) == OK_OK) *v = (uint64_t)s;
    return rc;
  }
  if (t > INT_ZERO || t < OK_CRDB_INT_MIN) return fail(OK_E_NONCANONICAL, 0, err_at);
  k = (size_t)(INT_ZERO - t);
  if (n < 1 + k) return fail(OK_E_TRUNCATED, n, err_at);
  *v = ok_get_be(p + 1, k, 0xFF);
  *len = 1 + k;
  if ((k == 0) != (*v == 0) || (k && width(*v) != k)) return fail(OK_E_NONCANONICAL, 0, err_at);
  return OK_OK;
}

/* What an item of fixed text keeps in own: its numbers. */
typedef struct {
  int64_t a, b, c; /* time: sec, nanos; interval: months, days, nanos; decimal: e100, neg */
} crdb_own;
typedef char own_fits[sizeof(crdb_own) <= sizeof(((ok_item *)0)->own) ? 1 : -1];

static crdb_own own_of(const ok_item *it) {
  crdb_own o;
  memcpy(&o, it->own, sizeof o);
  return o;
}

void ok_crdb_numbers(const ok_item *it, int64_t v[3]) {
  crdb_own o = own_of(it);
  int fixed = it->tag == OK_CRDB_TIME || it->tag == OK_CRDB_DURATION;
  v[0] = fixed ? o.a : 0, v[1] = fixed ? o.b : 0, v[2] = fixed ? o.c : 0;
}

static void set_own(ok_item *it, int64_t a, int64_t b, int64_t c) {
  crdb_own o;
  o.a = a, o.b = b, o.c = c;
  memcpy(it->own, &o, sizeof o);
}

/* 1 when p[0..n), each byte XORed with x, is valid UTF-8. */
static int utf8_x(const uint8_t *p, size_t n, uint8_t x) {
  uint8_t buf[256];
  size_t keep = 0;
  if (!x) return ok_utf8_check(p, n) == n;
  while (n > 0) {
    size_t m = n < sizeof buf - keep ? n : sizeof buf - keep, i, k;
    for (i = 0; i < m; i++) buf[keep + i] = p[i] ^ x;
    p += m, n -= m, m += keep;
    k = ok_utf8_check(buf, m);
    if (k == m) {
      keep = 0;
      continue;
    }
    if (n == 0 || m - k >= 4) return 0; /* a sequence cut at the chunk's end goes on */
    memmove(buf, buf + k, m - k);
    keep = m - k;
  }
  return keep == 0;
}

/* The body of bytes (0x12) or descending bytes (0x13), x 0xFF for these,
** up to the terminator 00 01: where it starts in *end, the escapes 00 FF
** counted, and whether the rest is UTF-8 in *utf8 unless NULL. */
static inline int bytes_end(const uint8_t *p, size_t n, uint8_t x, size_t *end, size_t *escapes,
                            int *utf8, size_t *err_at) {
  size_t i = 1;
  for (;;) {
    const uint8_t *e = ok_find_byte(p + i, x, n - i);
    size_t seg;
    if (!e || (size_t)(e - p) + 1 >= n) return fail(OK_E_TRUNCATED, n, err_at);
    seg = (size_t)(e - (p + i));
    if (utf8 && *utf8 && !*escapes) *utf8 = utf8_x(p + i, seg, x);
    i += seg;
    if ((p[i + 1] ^ x) == 0x01) break;
    if ((p[i + 1] ^ x) != 0xFF) return fail(OK_E_ESCAPE, i + 1, err_at);
    ++*escapes;
    i += 2;
  }
  *end = i;
  return OK_OK;
}

OK_HOT_INLINE int dec_bytes(const uint8_t *p, size_t n, ok_item *it, size_t *err_at) {
  uint8_t x = it->desc ? 0xFF : 0x00;
  size_t i, escapes = 0;
  int utf8 = 1, rc;
  const uint8_t *e;
  if (!x && (e = ok_find_byte(p + 1, 0x00, n - 1)) != NULL && (size_t)(e - p) + 1 < n &&
      e[1] == 0x01) { /* ascending, no escape: most bodies */
    it->body = p + 1;
    it->body_len = it->value_len = (size_t)(e - p) - 1;
    it->direct = 1;
    it->type = ok_utf8_valid(it->body, it->body_len) ? OK_TEXT : OK_BLOB;
    it->len = (size_t)(e - p) + 2;
    return OK_OK;
  }
  if ((rc = bytes_end(p, n, x, &i, &escapes, &utf8, err_at)) != OK_OK) return rc;
  it->body = p + 1;
  it->body_len = i - 1;
  it->value_len = i - 1 - escapes;
  it->direct = !escapes && !x;
  it->type = utf8 && !escapes ? OK_TEXT : OK_BLOB; /* a STRING, or BYTES: NULs read as BYTES */
  it->len = i + 2;
  return OK_OK;
}

/* Room for the text of a time or an interval. */
#define TEXT_MAX 96

static int64_t floor_div(int64_t a, int64_t b) {
  return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* v's last w decimal digits at o, zeros in front; returns the end. */
static char *digits(char *o, uint64_t v, int w) {
  int i;
  for (i = w - 1; i >= 0; i--, v /= 10) o[i] = (char)('0' + v % 10);
  return o + w;
}

/* internal.h: also the times of src/mvcc.c. Written by hand, not by
** snprintf: a fifth of the instructions. */
size_t ok_time_text(char *out, int64_t sec, int64_t nanos) {
  char buf[TEXT_MAX], *o = buf;
  int64_t days, z, era, doe, yoe, y, doy, mp, d, m, rem;
  uint64_t a;
  int w, f = 9;
  days = sec / 86400 - (sec % 86400 < 0); /* floored, without overflow at the ends */
  rem = sec % 86400 + (sec % 86400 < 0 ? 86400 : 0);
  if (nanos < 0) { /* written descending: ^nanos, which Go's time.Unix carries */
    nanos += 1000000000;
    if (rem-- == 0) rem = 86399, days--;
  }
  /* the civil date of a day count (proleptic Gregorian) */
  z = days + 719468;
  era = floor_div(z, 146097);
  doe = z - era * 146097;
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = yoe + era * 400;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
  a = (uint64_t)(y < 0 ? -y : y);
  w = (int)ok_u64_digits(a);
  w = w < 4 ? 4 : w;
  if (nanos) /* the fraction's digits without its trailing zeros */
    while (nanos % 10 == 0) nanos /= 10, f--;
  if (!out) /* the length alone, as every item a walk passes asks it */
    return (size_t)((y < 0) + w + 16 + (nanos ? 1 + f : 0)); /* -MM-DDTHH:MM:SS and Z */
  if (y < 0) *o++ = '-';
  o = digits(o, a, w);
  *o++ = '-', o = digits(o, (uint64_t)m, 2), *o++ = '-', o = digits(o, (uint64_t)d, 2);
  *o++ = 'T', o = digits(o, (uint64_t)(rem / 3600), 2);
  *o++ = ':', o = digits(o, (uint64_t)(rem / 60 % 60), 2);
  *o++ = ':', o = digits(o, (uint64_t)(rem % 60), 2);
  if (nanos) *o++ = '.', o = digits(o, (uint64_t)nanos, f);
  *o++ = 'Z';
  memcpy(out, buf, (size_t)(o - buf));
  return (size_t)(o - buf);
}

static const char *plural(int64_t v) { return v == 1 ? "" : "s"; }

/* An interval as CockroachDB prints one from a key (Duration.StringNanos,
** its postgres style, with nanoseconds below a microsecond as "+5ns"), as
** its 25.2 writes it (encodePostgres): the days and the time each take a
** '+' when positive after a negative field ("-1 mons +1 day 01:02:03",
** "1 mon -1 days +01:02:03"); a field counts as the one before only where
** it is written. */
static size_t interval_text(char *out, int64_t months, int64_t days, int64_t nanos) {
  char buf[TEXT_MAX];
  size_t len = 0;
  int wrote = 0, was_negative = months < 0;
  uint64_t a, h;
  if (!months && !days && !nanos) {
    len = (size_t)snprintf(buf, sizeof buf, "00:00:00");
  } else {
    if (months >= 12 || months <= -12) {
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%lld year%s", (long long)(months / 12),
                              plural(months / 12));
      months %= 12, wrote = 1;
    }
    if (months)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld mon%s", wrote ? " " : "",
                              (long long)months, plural(months)),
          wrote = 1;
    if (days) {
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s%lld day%s", wrote ? " " : "",
                              was_negative && days > 0 ? "+" : "", (long long)days, plural(days));
      wrote = 1, was_negative = days < 0;
    }
    if (nanos) {
      a = nanos < 0 ? 0 - (uint64_t)nanos : (uint64_t)nanos;
      h = a / 3600000000000ULL;
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s%02llu:%02llu:%02llu",
                              wrote ? " " : "",
                              nanos / 1000 < 0 ? "-"
                              : was_negative   ? "+"
                                               : "",
                              (unsigned long long)h, (unsigned long long)(a / 60000000000ULL % 60),
                              (unsigned long long)(a / 1000000000ULL % 60));
      if ((a / 1000) % 1000000) {
        unsigned long long us = (a / 1000) % 1000000;
        int w = 6;
        while (us % 10 == 0) us /= 10, w--;
        len += (size_t)snprintf(buf + len, sizeof buf - len, ".%0*llu", w, us);
      }
    }
  }
  if (nanos % 1000)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%+lldns", (long long)(nanos % 1000));
  if (out) memcpy(out, buf, len);
  return len;
}

/* A decimal's text as apd prints it (the to-scientific-string of the
** General Decimal Arithmetic): its centimal digits m[0..k) (complemented
** when neg) times 100^e100. */
static size_t decimal_text(char *out, int neg, int64_t e100, const uint8_t *m, size_t k) {
  char e[24];
  size_t len = 0, nd = 2 * k, lead = 0, i, el;
  int64_t exp, adj, point;
#define DIGIT(j) (((neg ? (uint8_t)~m[(j) / 2] : m[(j) / 2]) / 2) / ((j) % 2 ? 1 : 10) % 10)
#define PUT(c) (out ? (void)(out[len] = (char)(c)) : (void)0, len++)
  if (DIGIT(nd - 1) == 0) nd--; /* a trailing zero of the last pair */
  exp = 2 * e100 - (int64_t)nd;
  while (DIGIT(lead) == 0) lead++; /* the first pair is never 00 */
  adj = exp + (int64_t)(nd - lead) - 1;
  point = (int64_t)(nd - lead) + exp; /* digits before the point */
  if (neg) PUT('-');
  if (exp <= 0 && adj >= -6) { /* plain */
    if (point <= 0) {
      PUT('0'), PUT('.');
      for (; point < 0; point++) PUT('0');
    }
    for (i = lead; i < nd; i++) {
      if (point > 0 && (int64_t)(i - lead) == point && exp < 0) PUT('.');
      PUT('0' + DIGIT(i));
    }
    return len;
  }
  for (i = lead; i < nd; i++) { /* scientific: d.ddd, E, the adjusted exponent */
    if (i == lead + 1) PUT('.');
    PUT('0' + DIGIT(i));
  }
#undef DIGIT
#undef PUT
  el = (size_t)snprintf(e, sizeof e, "E%s%lld", adj >= 0 ? "+" : "", (long long)adj);
  if (out) memcpy(out + len, e, el);
  return len + el;
}

/* A decimal of a nonzero finite value: its exponent, its mantissa to the
** terminator 0x00, each checked. */
static int dec_decimal(const uint8_t *p, size_t n, int t, ok_item *it, size_t *err_at) {
  int neg = t < OK_CRDB_DECIMAL_ZERO;
  int64_t e100;
  size_t at = 1, k, i, vl;
  const uint8_t *end;
  if (t == DECIMAL_NEG_LARGE || t == DECIMAL_POS_LARGE || t == DECIMAL_NEG_SMALL ||
      t == DECIMAL_POS_SMALL) {
    uint64_t v;
    int small = t == DECIMAL_NEG_SMALL || t == DECIMAL_POS_SMALL, rc;
    if (n < 2) return fail(OK_E_TRUNCATED, n, err_at);
    /* ascending: positive large, negative small */
    rc = dec_uvarint(p + 1, n - 1, (t == DECIMAL_POS_LARGE || t == DECIMAL_NEG_SMALL) ? 0 : 1, &v,
                     &vl, err_at);
    if (rc != OK_OK) return *err_at += 1, rc;
    if (v > DECIMAL_E_MAX) return fail(OK_E_RANGE, 1, err_at);
    if (small ? v < 1 : v < 11) return fail(OK_E_NONCANONICAL, 1, err_at);
    e100 = small ? -(int64_t)v : (int64_t)v;
    at += vl;
  } else {
    e100 = neg ? DECIMAL_NEG_MEDIUM - t : t - DECIMAL_POS_MEDIUM;
  }
  if (at >= n || !(end = memchr(p + at, 0x00, n - at))) return fail(OK_E_TRUNCATED, n, err_at);
  k = (size_t)(end - (p + at));
  if (k == 0) return fail(OK_E_NONCANONICAL, at, err_at);
  for (i = 0; i < k; i++) { /* centimal digits 2X + 1, the last 2X, none 0 at either end */
    uint8_t b = neg ? (uint8_t)~p[at + i] : p[at + i];
    int last = i + 1 == k;
    if (b / 2 > 99 || (b & 1) == last || ((i == 0 || last) && b / 2 == 0))
      return fail(OK_E_NONCANONICAL, at + i, err_at);
  }
  it->type = OK_TEXT;
  it->body = p + at;
  it->body_len = k;
  it->len = at + k + 1;
  set_own(it, e100, neg, 0);
  it->value_len = decimal_text(NULL, neg, e100, it->body, k);
  return OK_OK;
}

/* The varints of a time (2) or an interval (3) after the marker. */
static int dec_varints(const uint8_t *p, size_t n, int64_t *v, int count, ok_item *it,
                       size_t *err_at) {
  size_t at = 1, l;
  int i, rc;
  for (i = 0; i < count; i++) {
    if (at >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if ((rc = dec_varint(p + at, n - at, &v[i], &l, err_at)) != OK_OK) return *err_at += at, rc;
    at += l;
  }
  it->len = at;
  it->type = OK_TEXT;
  return OK_OK;
}

/* The double after a float's marker (9 bytes at key); 1 when its sign is
** the marker's: the encoder writes zeros and NaNs with markers of their
** own. */
static int float_of(const uint8_t *key, double *d) {
  uint64_t u = ok_get_be(key + 1, 8, key[0] == OK_CRDB_FLOAT_NEG ? 0xFF : 0);
  memcpy(d, &u, 8);
  return key[0] == OK_CRDB_FLOAT_NEG ? *d < 0 : *d > 0;
}

/* The components of fixed text and the markers alone: component t. */
static int dec_other(const uint8_t *key, size_t n, int t, ok_item *it, size_t *err_at) {
  int64_t v[3];
  switch (t) {
    case OK_CRDB_NULL:
    case OK_CRDB_NOT_NULL: return OK_OK;
    case OK_CRDB_NULL_DESC:
    case OK_CRDB_NOT_NULL_DESC: it->desc = 1; return OK_OK;
    case OK_CRDB_FLOAT_NAN_DESC:
    case OK_CRDB_DECIMAL_NAN_DESC: it->desc = 1; /* fall through */
    case OK_CRDB_FLOAT_NAN:
    case OK_CRDB_DECIMAL_NAN: it->type = OK_TEXT, it->value_len = 3; return OK_OK;
    case OK_CRDB_DECIMAL_INF:
    case OK_CRDB_DECIMAL_NEG_INF:
      it->type = OK_TEXT, it->value_len = t == OK_CRDB_DECIMAL_INF ? 8 : 9;
      return OK_OK;
    case OK_CRDB_DECIMAL_ZERO: it->type = OK_TEXT, it->value_len = 1; return OK_OK;
    case OK_CRDB_FLOAT_ZERO: it->type = OK_REAL; return OK_OK;
    case OK_CRDB_TIME: {
      int rc = dec_varints(key, n, v, 2, it, err_at);
      if (rc != OK_OK) return rc;
      /* nanos in [0, 10^9), or written descending, ^nanos */
      if (v[1] >= 1000000000 || v[1] < -1000000000) return fail(OK_E_NONCANONICAL, 0, err_at);
      if (v[0] > OK_CRDB_TIME_LIMIT || v[0] < -OK_CRDB_TIME_LIMIT - 1) /* ascending or ^sec */
        return fail(OK_E_RANGE, 1, err_at);
      set_own(it, v[0], v[1], 0);
      it->value_len = ok_time_text(NULL, v[0], v[1]);
      return OK_OK;
    }
    case OK_CRDB_DURATION: {
      int rc = dec_varints(key, n, v, 3, it, err_at);
      int64_t nanos;
      if (rc != OK_OK) return rc;
      nanos = interval_nanos(v[0], v[1], v[2]);
      if (!interval_fits(v[1], v[2], nanos)) {
        /* no interval written ascending: one written descending (the same
        ** marker, each varint of ^v), read as the interval it is */
        v[1] = ~v[1], v[2] = ~v[2];
        nanos = interval_nanos(~v[0], v[1], v[2]);
        /* neither: one the encoder would refuse, which CockroachDB writes none of */
        if (!interval_fits(v[1], v[2], nanos)) return fail(OK_E_NONCANONICAL, 0, err_at);
        it->desc = 1;
      }
      set_own(it, v[1], v[2], nanos);
      it->value_len = interval_text(NULL, v[1], v[2], nanos);
      return OK_OK;
    }
  }
  if (t > OK_CRDB_DECIMAL_NEG_INF && t < OK_CRDB_DECIMAL_INF)
    return dec_decimal(key, n, t, it, err_at);
  return fail(OK_E_TAG, 0, err_at);
}

/* ok_crdb_decode, the walks' reader's too: integers, floats and bytes,
** which most keys hold, inlined there; the rest in a call. */
OK_HOT_INLINE int dec_item(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  int t;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  t = key[0];
  ok_item_reset(it, &ok_format_crdb, t);
  it->len = 1;
  it->type = OK_NULL;
  if (t >= OK_CRDB_INT_MIN && t <= OK_CRDB_INT_MAX) {
    size_t len;
    int rc = dec_varint(key, n, &it->i, &len, err_at);
    if (rc != OK_OK) return rc;
    it->tag = OK_CRDB_INT_MIN;
    it->type = OK_INT;
    it->len = len;
    return OK_OK;
  }
  switch (t) {
    case OK_CRDB_FLOAT_NEG:
    case OK_CRDB_FLOAT_POS:
      if (n < 9) return fail(OK_E_TRUNCATED, n, err_at);
      if (!float_of(key, &it->d)) return fail(OK_E_NONCANONICAL, 0, err_at);
      it->type = OK_REAL;
      it->len = 9;
      return OK_OK;
    case OK_CRDB_BYTES_DESC: it->desc = 1; /* fall through */
    case OK_CRDB_BYTES: return dec_bytes(key, n, it, err_at);
  }
  return dec_other(key, n, t, it, err_at);
}

int ok_crdb_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  return dec_item(key, n, it, err_at);
}

/* The value of a body of bytes p[0..n) (x 0xFF descending): the runs
** between escapes (00 FF, or FF 00 descending) copied whole. */
static size_t unescape(uint8_t *out, const uint8_t *p, size_t n, uint8_t x) {
  const uint8_t *end = p + n, *e;
  size_t len = 0;
  while ((e = memchr(p, x, (size_t)(end - p))) != NULL) {
    ok_copy_xor(out + len, p, (size_t)(e - p), x);
    len += (size_t)(e - p);
    out[len++] = 0x00;
    p = e + 2;
  }
  ok_copy_xor(out + len, p, (size_t)(end - p), x);
  return len + (size_t)(end - p);
}

/* --- Typed decoders ---------------------------------------------------------- */

int ok_crdb_dec_int(const uint8_t *key, size_t n, int desc, int64_t *v, size_t *len,
                    size_t *err_at) {
  int rc;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  if ((rc = dec_varint(key, n, v, len, err_at)) == OK_OK && desc) *v = ~*v;
  return rc;
}

int ok_crdb_dec_float(const uint8_t *key, size_t n, int desc, double *d, size_t *len,
                      size_t *err_at) {
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  *len = 1;
  switch (key[0]) {
    case OK_CRDB_FLOAT_ZERO: *d = 0; return OK_OK;
    case OK_CRDB_FLOAT_NAN:
    case OK_CRDB_FLOAT_NAN_DESC:
      if ((key[0] == OK_CRDB_FLOAT_NAN_DESC) != !!desc) break; /* the other direction's */
      *d = NAN;
      return OK_OK;
    case OK_CRDB_FLOAT_NEG:
    case OK_CRDB_FLOAT_POS:
      if (n < 9) return fail(OK_E_TRUNCATED, n, err_at);
      if (!float_of(key, d)) return fail(OK_E_NONCANONICAL, 0, err_at);
      if (desc) *d = -*d;
      *len = 9;
      return OK_OK;
  }
  return fail(OK_E_TAG, 0, err_at);
}

int ok_crdb_dec_bytes(const uint8_t *key, size_t n, int desc, uint8_t *out, size_t *vlen,
                      size_t *len, size_t *err_at) {
  uint8_t x = desc ? 0xFF : 0x00;
  size_t end, escapes = 0;
  int rc;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  if (key[0] != (desc ? OK_CRDB_BYTES_DESC : OK_CRDB_BYTES)) return fail(OK_E_TAG, 0, err_at);
  if ((rc = bytes_end(key, n, x, &end, &escapes, NULL, err_at)) != OK_OK) return rc;
  *vlen = end - 1 - escapes;
  *len = end + 2;
  if (out) {
    if (!escapes && !x)
      memcpy(out, key + 1, *vlen); /* most bodies: their value as it is */
    else
      unescape(out, key + 1, end - 1, x);
  }
  return OK_OK;
}

static size_t crdb_value(uint8_t *out, const ok_item *it) {
  crdb_own o = own_of(it);
  switch (it->tag) {
    case OK_CRDB_BYTES:
    case OK_CRDB_BYTES_DESC: return unescape(out, it->body, it->body_len, it->desc ? 0xFF : 0x00);
    case OK_CRDB_TIME: return ok_time_text((char *)out, o.a, o.b);
    case OK_CRDB_DURATION: return interval_text((char *)out, o.a, o.b, o.c);
    case OK_CRDB_DECIMAL_ZERO: out[0] = '0'; return 1;
    case OK_CRDB_DECIMAL_INF: memcpy(out, "Infinity", 8); return 8;
    case OK_CRDB_DECIMAL_NEG_INF: memcpy(out, "-Infinity", 9); return 9;
    case OK_CRDB_FLOAT_NAN:
    case OK_CRDB_FLOAT_NAN_DESC:
    case OK_CRDB_DECIMAL_NAN:
    case OK_CRDB_DECIMAL_NAN_DESC: memcpy(out, "NaN", 3); return 3;
  }
  return decimal_text((char *)out, (int)o.b, o.a, it->body, it->body_len);
}

OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  (void)f, (void)index;
  if (n == 0) return *err_at = 0, OK_FEWER; /* the empty key: no components */
  return dec_item(key, n, it, err_at);
}

/* Markers alone, integers, floats and bytes, with no value made (and no
** UTF-8 check, which only tells a STRING from BYTES). */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  size_t len, escapes = 0, err;
  int64_t v;
  double d;
  (void)f, (void)index;
  if (n == 0) return 0;
  switch (key[0]) {
    case OK_CRDB_NULL:
    case OK_CRDB_NOT_NULL:
    case OK_CRDB_NULL_DESC:
    case OK_CRDB_NOT_NULL_DESC:
    case OK_CRDB_FLOAT_NAN:
    case OK_CRDB_FLOAT_NAN_DESC:
    case OK_CRDB_FLOAT_ZERO: return 1;
    case OK_CRDB_FLOAT_NEG:
    case OK_CRDB_FLOAT_POS: return n >= 9 && float_of(key, &d) ? 9 : 0;
    case OK_CRDB_BYTES:
    case OK_CRDB_BYTES_DESC:
      return bytes_end(key, n, key[0] == OK_CRDB_BYTES ? 0x00 : 0xFF, &len, &escapes, NULL, &err) ==
                     OK_OK
                 ? len + 2
                 : 0;
  }
  if (key[0] >= OK_CRDB_INT_MIN && key[0] <= OK_CRDB_INT_MAX)
    return dec_varint(key, n, &v, &len, &err) == OK_OK ? len : 0;
  return 0;
}

/* ok_crdb_write (ok_crdb.h): TEXT and BLOB alike as bytes. */
int ok_crdb_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  (void)f;
  switch (v->type) {
    case OK_NULL: w->n += ok_crdb_enc_null(ok_writer_at(w, 1), w->desc); break;
    case OK_INT: w->n += ok_crdb_enc_int(ok_writer_at(w, OK_CRDB_INT_LEN), v->i, w->desc); break;
    case OK_REAL: w->n += ok_crdb_enc_float(ok_writer_at(w, OK_CRDB_INT_LEN), v->d, w->desc); break;
    default:
      w->n += ok_crdb_enc_bytes(ok_writer_at(w, OK_CRDB_BYTES_BOUND(v->n)), v->p, v->n, w->desc);
  }
  return OK_OK;
}

static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  return v ? ok_crdb_write(f, w, v) : OK_OK;
}

OK_WALK_READER(next, decode_any)

const ok_format ok_format_crdb = {
    .name = "crdb",
    .decode = decode_any,
    .next = next,
    .value = crdb_value,
    .skip = skip_any,
    .put = put_value,
};

int ok_crdb_desc(uint8_t *out, size_t *len, const uint8_t *p, size_t n, size_t *err_at) {
  ok_walk w;
  ok_item it;
  int rc;
  size_t l = 0, at;
  ok_walk_start(&w, &ok_format_crdb, p, n);
  while ((rc = ok_next(&w, &it, err_at)) == OK_OK) {
    uint8_t *o = out ? out + l : NULL;
    crdb_own c = own_of(&it);
    if (it.desc) return fail(OK_E_DESC, w.at, err_at);
    switch (it.tag) {
      case OK_CRDB_NULL: l += ok_crdb_enc_null(o, 1); continue;
      case OK_CRDB_NOT_NULL:
        if (o) o[0] = OK_CRDB_NOT_NULL_DESC;
        l++;
        continue;
      case OK_CRDB_INT_MIN: l += ok_crdb_enc_int(o, it.i, 1); continue;
      case OK_CRDB_FLOAT_NAN:
        if (o) o[0] = OK_CRDB_FLOAT_NAN_DESC;
        l++;
        continue;
      case OK_CRDB_FLOAT_ZERO:
      case OK_CRDB_FLOAT_NEG:
      case OK_CRDB_FLOAT_POS: l += ok_crdb_enc_float(o, it.d, 1); continue;
      case OK_CRDB_BYTES: /* the same bytes under 0x13, complemented */
        if (o) {
          o[0] = OK_CRDB_BYTES_DESC;
          memcpy(o + 1, p + w.at + 1, it.len - 1);
          ok_invert(o + 1, it.len - 1);
        }
        l += it.len;
        continue;
      case OK_CRDB_TIME: l += ok_crdb_enc_time(o, c.a, c.b, 1); continue;
      case OK_CRDB_DURATION:
        if ((rc = ok_crdb_enc_interval(o, &at, c.a, c.b, c.c, 1)) != OK_OK)
          return fail(rc, w.at, err_at);
        l += at;
        continue;
      case OK_CRDB_DECIMAL_NAN:
      case OK_CRDB_DECIMAL_ZERO:
      case OK_CRDB_DECIMAL_INF:
      case OK_CRDB_DECIMAL_NEG_INF:
        if (o)
          o[0] = it.tag == OK_CRDB_DECIMAL_NAN    ? OK_CRDB_DECIMAL_NAN_DESC
                 : it.tag == OK_CRDB_DECIMAL_INF  ? OK_CRDB_DECIMAL_NEG_INF
                 : it.tag == OK_CRDB_DECIMAL_ZERO ? OK_CRDB_DECIMAL_ZERO
                                                  : OK_CRDB_DECIMAL_INF;
        l++;
        continue;
    }
    /* a finite decimal: -d, the same centimal digits complemented */
    at = decimal_head(o, !c.b, c.a);
    if (o) {
      size_t i;
      for (i = 0; i < it.body_len; i++) o[at + i] = (uint8_t)~it.body[i];
      o[at + it.body_len] = 0x00;
    }
    l += at + it.body_len + 1;
  }
  if (rc != OK_FEWER) return rc;
  *len = l;
  return OK_OK;
}
