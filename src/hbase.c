/*
** hbase.c -- HBase's OrderedBytes, byte for byte (OrderedBytes.java in
** apache/hbase's hbase-common is the reference; its header constants, not
** its javadoc table), with Actionbase's additions: JSON 0x32, false 0x35,
** true 0x36. docs/hbase.md says how SQL values map onto it.
**
** A descending item is the complement of its ascending bytes, header
** included, so a header byte of 0x80 or more marks one. Decoding accepts
** only what the Java encoder writes, so that an accepted item re-encodes to
** itself.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* --- numbers as HBase's BigDecimal sees them ------------------------------ */

/* Rounds x to OK_HBASE_DIGITS significant digits, half up, and drops trailing
** zeros (BigDecimal's stripTrailingZeros, then round(31, HALF_UP)). */
static void normalize(ok_hbase_num *x) {
  size_t lead = 0;
  while (lead < x->n && x->digit[lead] == '0') lead++;
  memmove(x->digit, x->digit + lead, x->n - lead);
  x->n -= lead;
  x->exp -= (long)lead;
  if (x->n > OK_HBASE_DIGITS) {
    int up = x->digit[OK_HBASE_DIGITS] >= '5';
    size_t i = OK_HBASE_DIGITS;
    x->n = OK_HBASE_DIGITS;
    while (up && i > 0) { /* carry */
      if (x->digit[--i] == '9') {
        x->digit[i] = '0';
      } else {
        x->digit[i]++;
        up = 0;
      }
    }
    if (up) { /* 999... became 1000... */
      x->digit[0] = '1';
      if (x->exp++ == 0) x->form = OK_HBASE_FORM_SMALL_ONE; /* as HBase writes it */
    }
  }
  while (x->n > 0 && x->digit[x->n - 1] == '0') x->n--;
  if (x->n == 0) x->neg = 0, x->exp = 0;
}

void ok_hbase_num_int(ok_hbase_num *x, int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  size_t zeros = 0;
  x->neg = v < 0 && m;
  x->form = 0;
  if (!m) {
    x->n = 0, x->exp = 0;
    return;
  }
  while (m % 10 == 0) m /= 10, zeros++; /* no trailing zero digits */
  x->n = ok_u64_text(x->digit, m);
  x->exp = (long)(x->n + zeros);
}

/* The decimal HBase writes for a double: BigDecimal.valueOf(d), i.e.
** Double.toString, which differs before and from Java 19. */
void ok_hbase_num_double(ok_hbase_num *x, double d, int java) {
  int point;
  x->neg = d < 0;
  x->form = 0;
  x->n = ok_double_digits(x->digit, &point, d, java);
  x->exp = x->n ? point : 0;
}

/* The digits and point of s[*i..n) into x (at most 8 past the 31 kept, as
** half-up rounding looks at the 32nd only). 0 when there is no digit. */
static int parse_digits(ok_hbase_num *x, const char *s, size_t n, size_t *i) {
  int seen_point = 0, any = 0;
  for (; *i < n; (*i)++) {
    char c = s[*i];
    if (c == '.' && !seen_point) {
      seen_point = 1;
      continue;
    }
    if (c < '0' || c > '9') break;
    any = 1;
    if (x->n == 0 && c == '0') { /* leading zeros only move the point */
      if (seen_point) x->exp--;
      continue;
    }
    if (x->n < sizeof x->digit) x->digit[x->n++] = c;
    if (!seen_point) x->exp++;
  }
  return any;
}

/* An exponent "e-7" at s[*i] (none is 0) into *e; OK_E_SYNTAX without
** digits, OK_E_RANGE beyond any exponent HBase holds. */
static int parse_exponent(const char *s, size_t n, size_t *i, long *e) {
  int neg = 0, digits = 0;
  *e = 0;
  if (*i >= n || (s[*i] != 'e' && s[*i] != 'E')) return OK_OK;
  (*i)++;
  if (*i < n && (s[*i] == '-' || s[*i] == '+')) neg = s[(*i)++] == '-';
  for (; *i < n && s[*i] >= '0' && s[*i] <= '9'; (*i)++, digits++) {
    if (*e > 100000000L) return OK_E_RANGE;
    *e = *e * 10 + (s[*i] - '0');
  }
  if (neg) *e = -*e;
  return digits ? OK_OK : OK_E_SYNTAX;
}

int ok_hbase_num_parse(ok_hbase_num *x, const char *s, size_t n, size_t *err_at) {
  size_t i = 0;
  long e;
  int rc = OK_E_SYNTAX;
  x->neg = 0;
  x->n = 0;
  x->exp = 0;
  x->form = 0;
  if (i < n && (s[i] == '-' || s[i] == '+')) x->neg = s[i++] == '-';
  if (parse_digits(x, s, n, &i) && (rc = parse_exponent(s, n, &i, &e)) == OK_OK) {
    x->exp += e;
    if (i < n) rc = OK_E_SYNTAX;
  }
  if (rc == OK_OK) {
    normalize(x);
    /* HBase 2.5 and later write any exponent (up to 2.4 its encoder broke
    ** past 100^351); both ways capped where decoding caps them */
    if (x->n > 0 && (x->exp > 200000000L || x->exp < -199999999L)) rc = OK_E_RANGE, i = 0;
  }
  if (rc != OK_OK && err_at) *err_at = i;
  return rc;
}

size_t ok_hbase_num_format(char *out, const ok_hbase_num *x) {
  return ok_decimal_text(out, x->neg, x->exp, x->n, (const uint8_t *)x->digit, 0, 0);
}

/* --- encoders --------------------------------------------------------------- */

size_t ok_hbase_put_varint(uint8_t *out, uint64_t v) {
  int i, k;
  if (v <= 240) {
    out[0] = (uint8_t)v;
    return 1;
  }
  if (v <= 2287) {
    out[0] = (uint8_t)((v - 240) / 256 + 241);
    out[1] = (uint8_t)((v - 240) % 256);
    return 2;
  }
  if (v <= 67823) {
    out[0] = 249;
    out[1] = (uint8_t)((v - 2288) / 256);
    out[2] = (uint8_t)((v - 2288) % 256);
    return 3;
  }
  for (k = 3; k < 8 && v >> (8 * k); k++) {
  }
  out[0] = (uint8_t)(247 + k); /* 250..255: 3..8 big-endian bytes follow */
  for (i = 0; i < k; i++) out[1 + i] = (uint8_t)(v >> (8 * (k - 1 - i)));
  return (size_t)k + 1;
}

size_t ok_hbase_enc_header(uint8_t *out, int code, int desc) {
  if (out) out[0] = (uint8_t)(desc ? ~code : code);
  return 1;
}

/* The header of a nonzero numeric of centimal exponent e, and its exponent
** varint, at buf; returns their length. */
static size_t num_header(uint8_t *buf, int neg, long e, int small_one) {
  size_t o = 1;
  if (e > 10) { /* large: the exponent follows as a varint */
    buf[0] = neg ? OK_HBASE_NEG_LARGE : OK_HBASE_POS_LARGE;
    o += ok_hbase_put_varint(buf + 1, (uint64_t)e);
    if (neg) ok_invert(buf + 1, o - 1);
  } else if (e > 0 && !small_one) { /* medium: E in the header */
    buf[0] = (uint8_t)(neg ? OK_HBASE_NEG_MED - e : OK_HBASE_POS_MED + e);
  } else { /* small: 0 or a negative exponent, as a varint of -e */
    buf[0] = neg ? OK_HBASE_NEG_SMALL : OK_HBASE_POS_SMALL;
    o += ok_hbase_put_varint(buf + 1, (uint64_t)-e);
    if (!neg) ok_invert(buf + 1, o - 1);
  }
  return o;
}

/* Marks the last centimal digit (2c, the others 2c + 1), complements the
** mantissa of a negative and a descending item: buf[0..o) is the numeric,
** written in place (out) or in scratch room (out NULL: only its length). */
static size_t num_finish(uint8_t *buf, size_t o, size_t start, int neg, int desc) {
  buf[o - 1] &= 0xFE;
  if (neg) ok_invert(buf + start, o - start);
  if (desc) ok_invert(buf, o);
  return o;
}

/* base 100: 0.c1c2... x 100^e, c1 nonzero; an odd decimal exponent shifts
** a 0 in front of the digits */
static long centimal_exp(long exp) { return exp % 2 != 0 ? (exp + 1) / 2 : exp / 2; }

size_t ok_hbase_enc_num(uint8_t *out, const ok_hbase_num *x, int desc) {
  uint8_t scratch[OK_HBASE_NUM_MAX], *buf = out ? out : scratch;
  size_t o, i = 0, start;
  if (x->n == 0) return ok_hbase_enc_header(out, OK_HBASE_ZERO, desc);
  o = start = num_header(buf, x->neg, centimal_exp(x->exp), x->form == OK_HBASE_FORM_SMALL_ONE);
  if (x->exp % 2 != 0) buf[o++] = (uint8_t)(2 * (x->digit[i++] - '0') + 1); /* the pair 0d */
  for (; i < x->n; i += 2) { /* each pair c as 2c + 1 */
    int c = 10 * (x->digit[i] - '0') + (i + 1 < x->n ? x->digit[i + 1] - '0' : 0);
    buf[o++] = (uint8_t)(2 * c + 1);
  }
  return num_finish(buf, o, start, x->neg, desc);
}

/* f * 10^e10 (f > 0 without trailing zeros, up to 20 digits) as a numeric,
** straight from the integer: its centimal digits written from the right,
** each c as 2c + 1. */
static size_t enc_decimal(uint8_t *out, int neg, uint64_t f, long e10, int desc) {
  uint8_t scratch[OK_HBASE_NUM_MAX], *buf = out ? out : scratch, *p;
  size_t start, digits = ok_u64_digits(f), pairs;
  long exp = (long)digits + e10; /* f = 0.digits x 10^exp */
  size_t front = exp % 2 != 0;   /* a 0 in front of the digits when exp is odd */
  uint32_t r, hi, lo;
  start = num_header(buf, neg, centimal_exp(exp), 0);
  pairs = (digits + front + 1) / 2;
  p = buf + start + pairs;
  if ((digits + front) % 2) *--p = (uint8_t)(20 * (f % 10) + 1), f /= 10; /* a 0 behind it */
  for (; f >= 100000000; f /= 100000000) { /* 8 digits: 4 pairs that do not wait on each other */
    r = (uint32_t)(f % 100000000);
    p -= 4;
    p[3] = (uint8_t)(2 * (r % 100) + 1), p[2] = (uint8_t)(2 * (r / 100 % 100) + 1);
    p[1] = (uint8_t)(2 * (r / 10000 % 100) + 1), p[0] = (uint8_t)(2 * (r / 1000000) + 1);
  }
  /* the first 0 to 4 pairs (f < 10^8 is what is left): the same four
  ** pairs, as many written as there is room for, not a division a pair */
  r = (uint32_t)f, hi = r / 10000, lo = r % 10000;
  switch (p - (buf + start)) {
    case 4: p[-4] = (uint8_t)(2 * (hi / 100) + 1); /* fall through */
    case 3: p[-3] = (uint8_t)(2 * (hi % 100) + 1); /* fall through */
    case 2: p[-2] = (uint8_t)(2 * (lo / 100) + 1); /* fall through */
    case 1: p[-1] = (uint8_t)(2 * (lo % 100) + 1); /* fall through */
    default: break;
  }
  return num_finish(buf, start + pairs, start, neg, desc);
}

size_t ok_hbase_enc_int_num(uint8_t *out, int64_t v, int desc) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  long zeros = 0;
  if (v == 0) return ok_hbase_enc_header(out, OK_HBASE_ZERO, desc);
  while (m % 10 == 0) m /= 10, zeros++;
  return enc_decimal(out, v < 0, m, zeros, desc);
}

size_t ok_hbase_enc_double_num(uint8_t *out, double d, int java, int desc) {
  int e10;
  uint64_t f;
  if (d != d) return ok_hbase_enc_header(out, OK_HBASE_NAN, desc);
  if (d - d != 0)
    return ok_hbase_enc_header(out, d > 0 ? OK_HBASE_POS_INF : OK_HBASE_NEG_INF, desc);
  f = ok_double_decimal(d, java, &e10);
  if (f == 0) return ok_hbase_enc_header(out, OK_HBASE_ZERO, desc);
  return enc_decimal(out, d < 0, f, e10, desc);
}

size_t ok_hbase_enc_int(uint8_t *out, int code, int64_t v, int desc) {
  size_t w = code == OK_HBASE_INT8    ? 1
             : code == OK_HBASE_INT16 ? 2
             : code == OK_HBASE_INT32 ? 4
                                      : 8,
         i;
  uint64_t u = (uint64_t)v ^ ((uint64_t)1 << (8 * w - 1)); /* the sign bit flipped */
  if (!out) return 1 + w;
  out[0] = (uint8_t)code;
  for (i = 0; i < w; i++) out[1 + i] = (uint8_t)(u >> (8 * (w - 1 - i)));
  if (desc) ok_invert(out, 1 + w);
  return 1 + w;
}

/* The one NaN Java writes, as floatToIntBits and doubleToLongBits make
** every NaN: its bits. */
static uint64_t java_nan(size_t size) { return size == 4 ? 0x7FC00000u : 0x7FF8000000000000u; }

/* The sortable IEEE bytes, NaN made canonical. */
static size_t enc_ieee(uint8_t *out, int code, double d, size_t size, int desc) {
  uint64_t bits;
  if (!out) return 1 + size;
  bits = d == d ? ok_ieee_bits(d, size) : java_nan(size);
  out[0] = (uint8_t)code;
  ok_put_be(out + 1, ok_ieee_order(bits, size), size);
  if (desc) ok_invert(out, 1 + size);
  return 1 + size;
}

size_t ok_hbase_enc_float32(uint8_t *out, float f, int desc) {
  return enc_ieee(out, OK_HBASE_FLOAT32, f, 4, desc);
}

size_t ok_hbase_enc_float64(uint8_t *out, double d, int desc) {
  return enc_ieee(out, OK_HBASE_FLOAT64, d, 8, desc);
}

size_t ok_hbase_enc_text(uint8_t *out, int code, const uint8_t *s, size_t n, int desc) {
  if (out) {
    out[0] = (uint8_t)code;
    if (!ok_copy_short(out + 1, s, n, 0)) memcpy(out + 1, s, n);
    out[1 + n] = 0x00;
    if (desc) ok_invert(out, n + 2);
  }
  return n + 2;
}

size_t ok_hbase_enc_blob_var(uint8_t *out, const uint8_t *p, size_t n, int desc) {
  size_t o = 1, i;
  unsigned acc = 0, bits = 0;
  if (!out) return n ? 1 + (8 * n + 6) / 7 : 2;
  out[0] = OK_HBASE_BLOB_VAR;
  /* the value's bits, 7 to a byte, the last byte padded with zero bits; the
  ** top bit set on every byte but the last (an empty value is 0x00) */
  for (i = 0; i < n; i++) {
    acc = (acc << 8 | p[i]) & 0x7FFF;
    for (bits += 8; bits >= 7; bits -= 7) out[o++] = (uint8_t)(0x80 | (acc >> (bits - 7)));
  }
  if (bits > 0) out[o++] = (uint8_t)(0x80 | (acc << (7 - bits)));
  if (n == 0) out[o++] = 0x80;
  out[o - 1] &= 0x7F;
  if (desc) ok_invert(out, o);
  return o;
}

size_t ok_hbase_enc_blob_copy(uint8_t *out, const uint8_t *p, size_t n, int desc) {
  if (out) {
    out[0] = OK_HBASE_BLOB_COPY;
    if (n) memcpy(out + 1, p, n);
    if (desc) {
      out[1 + n] = 0x00;
      ok_invert(out, n + 2);
    }
  }
  return n + 1 + (desc != 0);
}

/* --- decoding ------------------------------------------------------------ */

static int fail(int rc, size_t at, size_t *err_at) {
  *err_at = at;
  return rc;
}

size_t ok_hbase_get_varint(const uint8_t *p, size_t n, uint8_t x, uint64_t *v) {
  size_t len, i;
  unsigned a0;
  if (n == 0) return 0;
  a0 = p[0] ^ x;
  len = a0 <= 240 ? 1 : a0 <= 248 ? 2 : a0 == 249 ? 3 : a0 - 246;
  if (n < len) return 0;
  if (a0 <= 240) {
    *v = a0;
  } else if (a0 <= 248) {
    *v = (a0 - 241) * 256u + (uint8_t)(p[1] ^ x) + 240;
  } else if (a0 == 249) {
    *v = 2288 + 256u * (uint8_t)(p[1] ^ x) + (uint8_t)(p[2] ^ x);
  } else {
    *v = 0;
    for (i = 1; i < len; i++) *v = *v << 8 | (uint8_t)(p[i] ^ x);
  }
  return len;
}

/* A numeric's centimal digits at most: 31 significant ones (OK_HBASE_DIGITS)
** with a padding 0 on either side. */
#define PAIRS_MAX 16

static const char two_digits[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* A numeric item as dec_num reads it: its decimal but for the digits'
** text, which num_digits writes (most readers want the number, made as
** the pairs are read: no text to write and read again). */
typedef struct {
  ok_hbase_num num;
  size_t pairs_at; /* where its centimal digits start (its length ends them) */
  uint64_t whole;  /* its digits as an integer when 18 or fewer, else UINT64_MAX */
} numeric;

/* The numeric item at p (header h, ascending form) into *r. */
OK_HOT_INLINE int dec_num(const uint8_t *p, size_t n, int h, uint8_t x, numeric *r, size_t *len,
                          size_t *err_at) {
  ok_hbase_num *num = &r->num;
  int neg = h < OK_HBASE_ZERO;
  uint8_t mx = neg ? (uint8_t)~x : x; /* how the mantissa is stored */
  size_t o = 1, i, vl, m = 0, first = 0, last = 0;
  uint64_t v = 0, whole = 0;
  long e;
  int canonical;
  if (h == OK_HBASE_NEG_LARGE || h == OK_HBASE_POS_LARGE || h == OK_HBASE_NEG_SMALL ||
      h == OK_HBASE_POS_SMALL) {
    /* the exponent's varint is complemented for large negatives and small
    ** positives */
    uint8_t vx = (h == OK_HBASE_NEG_LARGE || h == OK_HBASE_POS_SMALL) ? (uint8_t)~x : x, again[9];
    int large = h == OK_HBASE_NEG_LARGE || h == OK_HBASE_POS_LARGE;
    if (!(vl = ok_hbase_get_varint(p + 1, n - 1, vx, &v))) return fail(OK_E_TRUNCATED, n, err_at);
    o += vl;
    num->form = !large && v == UINT64_MAX ? OK_HBASE_FORM_SMALL_ONE : 0;
    /* what ok_hbase_num_parse takes: magnitudes from 1e-200000000 (100^-99999999
    ** at most, small) to below 1e200000000 (100^100000000 at most, large) */
    if (v >= 100000000u + (unsigned)large && !num->form) return fail(OK_E_RANGE, 1, err_at);
    e = num->form ? 1 : large ? (long)v : -(long)v;
    /* the shortest varint, and a large exponent only past the medium ones */
    canonical = ok_hbase_put_varint(again, v) == vl && !(large && e <= 10);
    for (i = 0; canonical && i < vl; i++) canonical = (uint8_t)(p[1 + i] ^ vx) == again[i];
  } else { /* medium: 1..10 (0 is small) */
    e = neg ? OK_HBASE_NEG_MED - h : h - OK_HBASE_POS_MED;
    canonical = e != 0;
    num->form = 0;
  }
  for (i = o;; i++) { /* centimal digits 2c+1, the last one 2c */
    unsigned b;
    if (i >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if (m == 2 * PAIRS_MAX) return fail(OK_E_NONCANONICAL, i, err_at);
    b = (uint8_t)(p[i] ^ mx);
    if (b == 200 && i == o && e == 0) { /* HBase 2.4's 1: the centimal digit 100 */
      num->form = OK_HBASE_FORM_DIGIT_100;
      b = 2, e = 1;
    }
    if (b / 2 > 99) return fail(OK_E_NONCANONICAL, i, err_at);
    if (m == 0) first = b / 2;
    last = b / 2;
    whole = whole * 100 + b / 2; /* wraps past 9 pairs, then unused */
    m += 2;
    if (!(b & 1)) break;
  }
  *len = i + 1;
  /* as the encoder writes it: no zero pair at either end, at most 31
  ** significant digits (a leading or trailing '0' in a pair is padding) */
  if (!canonical || first == 0 || last == 0 ||
      m - (first < 10) - (last % 10 == 0) > OK_HBASE_DIGITS ||
      (num->form && (m != 2 || first != 1)))
    return fail(OK_E_NONCANONICAL, 0, err_at);
  num->neg = neg;
  num->exp = 2 * e - (first < 10);
  num->n = m - (first < 10) - (last % 10 == 0);
  r->pairs_at = o;
  r->whole = m > 18 ? UINT64_MAX : last % 10 == 0 ? whole / 10 : whole;
  return OK_OK;
}

/* The digits' text of the numeric key[0..len) dec_num read into *r. */
static void num_digits(const uint8_t *key, size_t len, numeric *r) {
  uint8_t mx = (uint8_t)((key[0] >= 0x80 ? 0xFF : 0) ^ (r->num.neg ? 0xFF : 0));
  char pairs[2 * PAIRS_MAX];
  size_t i, m = 0;
  if (r->num.form == OK_HBASE_FORM_DIGIT_100) { /* the centimal digit 100: 1 */
    r->num.digit[0] = '1';
    return;
  }
  for (i = r->pairs_at; i < len; i++, m += 2)
    memcpy(pairs + m, two_digits + (uint8_t)(key[i] ^ mx) / 2 * 2, 2);
  memcpy(r->num.digit, pairs + (r->num.exp & 1), r->num.n); /* no '0' in front */
}

static void init(ok_item *it, int h, int desc) {
  ok_item_reset(it, &ok_format_hbase, h);
  it->desc = desc;
  it->len = 1;
}

/* Bytes up to the terminator (0x00, complemented when descending): text,
** JSON and descending blob-copy. */
static int dec_terminated(const uint8_t *p, size_t n, ok_item *it, size_t *err_at) {
  const uint8_t *end = memchr(p + 1, it->desc ? 0xFF : 0x00, n - 1);
  if (!end) return fail(OK_E_TRUNCATED, n, err_at);
  it->body = p + 1;
  it->body_len = it->value_len = (size_t)(end - it->body);
  it->direct = !it->desc;
  it->len = it->body_len + 2;
  return OK_OK;
}

/* BlobVar: 7 bits a byte, a clear top bit on the last; empty is 0x00. */
static int dec_blob_var(const uint8_t *p, size_t n, ok_item *it, size_t *err_at) {
  uint8_t x = it->desc ? 0xFF : 0x00;
  size_t k, bits;
  if (n < 2) return fail(OK_E_TRUNCATED, n, err_at);
  it->body = p + 1;
  if ((p[1] ^ x) == 0) {
    it->len = 2;
    return OK_OK;
  }
  for (k = 1; (p[k] ^ x) & 0x80; k++) {
    if (k + 1 >= n) return fail(OK_E_TRUNCATED, n, err_at);
  }
  it->body_len = k; /* the encoded bytes, the last included */
  it->value_len = 7 * k / 8;
  it->len = k + 1;
  /* exactly the bytes the value needs, the unused low bits zero */
  bits = 7 * k - 8 * it->value_len;
  if (it->value_len == 0 || bits >= 7 || ((p[k] ^ x) & ((1u << bits) - 1)) != 0)
    return fail(OK_E_NONCANONICAL, k, err_at);
  return OK_OK;
}

static int dec_fixed_int(const uint8_t *p, size_t n, ok_item *it, size_t w, size_t *err_at) {
  uint8_t x = it->desc ? 0xFF : 0x00;
  uint64_t u = 0;
  size_t i;
  if (n < 1 + w) return fail(OK_E_TRUNCATED, n, err_at);
  for (i = 0; i < w; i++) u = u << 8 | (uint8_t)(p[1 + i] ^ x);
  u ^= (uint64_t)1 << (8 * w - 1);
  if (w < 8 && (u >> (8 * w - 1))) u |= ~(uint64_t)0 << (8 * w); /* sign-extend */
  it->type = OK_INT;
  it->i = (int64_t)u;
  it->len = 1 + w;
  return OK_OK;
}

static int dec_float(const uint8_t *p, size_t n, ok_item *it, size_t size, size_t *err_at) {
  uint64_t bits;
  if (n < 1 + size) return fail(OK_E_TRUNCATED, n, err_at);
  bits = ok_ieee_unorder(ok_get_be(p + 1, size, it->desc ? 0xFF : 0x00), size);
  it->d = ok_ieee_value(bits, size);
  it->len = 1 + size;
  it->type = it->d == it->d ? OK_REAL : OK_TEXT; /* NaN reads as 'NaN' */
  it->value_len = 3;
  if (it->d != it->d && bits != java_nan(size)) return fail(OK_E_NONCANONICAL, 1, err_at);
  return OK_OK;
}

/* ok_hbase_decode, inlined into the walks' reader. */
OK_HOT_INLINE int dec_item(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  int desc, h;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  desc = key[0] >= 0x80;
  h = desc ? (uint8_t)~key[0] : key[0];
  init(it, h, desc);
  switch (h) {
    case OK_HBASE_NULL:
      /* HBase writes a descending null BlobCopy as FA FF (no item's header is
      ** 00, so the FF is its own): one NULL of two bytes */
      it->type = OK_NULL;
      if (desc && n > 1 && key[1] == 0xFF) it->len = 2;
      return OK_OK;
    case OK_HBASE_NEG_INF:
    case OK_HBASE_POS_INF:
      it->type = OK_REAL;
      it->d = h == OK_HBASE_POS_INF ? 1e308 * 10 : -1e308 * 10;
      return OK_OK;
    case OK_HBASE_NAN:
      it->type = OK_TEXT;
      it->value_len = 3;
      return OK_OK;
    case OK_HBASE_ZERO: it->type = OK_INT; return OK_OK;
    case OK_HBASE_FALSE:
    case OK_HBASE_TRUE:
      it->type = OK_INT;
      it->i = h == OK_HBASE_TRUE;
      return OK_OK;
    case OK_HBASE_INT8: return dec_fixed_int(key, n, it, 1, err_at);
    case OK_HBASE_INT16: return dec_fixed_int(key, n, it, 2, err_at);
    case OK_HBASE_INT32: return dec_fixed_int(key, n, it, 4, err_at);
    case OK_HBASE_INT64: return dec_fixed_int(key, n, it, 8, err_at);
    case OK_HBASE_FLOAT32: return dec_float(key, n, it, 4, err_at);
    case OK_HBASE_FLOAT64: return dec_float(key, n, it, 8, err_at);
    case OK_HBASE_TEXT:
    case OK_HBASE_JSON: it->type = OK_TEXT; return dec_terminated(key, n, it, err_at);
    case OK_HBASE_BLOB_VAR: it->type = OK_BLOB; return dec_blob_var(key, n, it, err_at);
    case OK_HBASE_BLOB_COPY:
      it->type = OK_BLOB;
      if (desc) return dec_terminated(key, n, it, err_at);
      it->body = key + 1; /* ascending: the rest of the key */
      it->body_len = it->value_len = n - 1;
      it->direct = 1;
      it->len = n;
      return OK_OK;
  }
  if (h >= OK_HBASE_NEG_LARGE && h <= OK_HBASE_POS_LARGE) {
    numeric r;
    int rc = dec_num(key, n, h, desc ? 0xFF : 0x00, &r, &it->len, err_at);
    if (rc != OK_OK) return rc;
    it->body = key + 1;
    it->body_len = it->len - 1;
    if (r.whole == UINT64_MAX || !ok_decimal_value_m(it, r.num.neg, r.num.exp, r.num.n, r.whole)) {
      num_digits(key, it->len, &r); /* TEXT, or a number of many digits */
      ok_decimal_value(it, r.num.neg, r.num.exp, r.num.digit, r.num.n);
    }
    return OK_OK;
  }
  return fail(OK_E_TAG, 0, err_at);
}

int ok_hbase_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  return dec_item(key, n, it, err_at);
}

int ok_hbase_odd_one(const uint8_t *p, size_t n) {
  numeric r;
  size_t len, err;
  int h;
  if (n == 0) return 0;
  h = p[0] >= 0x80 ? (uint8_t)~p[0] : p[0];
  if (h != OK_HBASE_NEG_SMALL && h != OK_HBASE_POS_SMALL) return 0;
  return dec_num(p, n, h, p[0] >= 0x80 ? 0xFF : 0x00, &r, &len, &err) == OK_OK && r.num.form;
}

int ok_hbase_ends_open(const uint8_t *p, size_t n) {
  size_t off = 0, err;
  ok_item it;
  while (off < n && ok_hbase_decode(p + off, n - off, &it, &err) == OK_OK) {
    if (off + it.len == n) return it.tag == OK_HBASE_BLOB_COPY && !it.desc;
    off += it.len;
  }
  return 0;
}

int ok_hbase_desc(uint8_t *out, size_t *len, const uint8_t *items, size_t n, size_t *at) {
  size_t off = 0, o = 0, k;
  while (off < n) {
    ok_item it;
    int rc = ok_hbase_decode(items + off, n - off, &it, at);
    if (rc != OK_OK) return *at += off, rc;
    *at = off;
    if (it.desc) return OK_E_DESC;
    if (it.tag == OK_HBASE_BLOB_COPY) { /* it gains its terminator */
      if (memchr(it.body, 0, it.value_len)) return OK_E_NUL;
      o += ok_hbase_enc_blob_copy(out ? out + o : NULL, it.body, it.value_len, 1);
    } else {
      for (k = 0; out && k < it.len; k++) out[o + k] = (uint8_t)~items[off + k];
      o += it.len;
    }
    off += it.len;
  }
  *len = o;
  return OK_OK;
}

static size_t hbase_value(uint8_t *out, const ok_item *it) {
  uint8_t x = it->desc ? 0xFF : 0x00;
  size_t i, o = 0, len;
  unsigned acc = 0, bits = 0;
  numeric r;
  if (it->direct) {
    memcpy(out, it->body, it->value_len);
    return it->value_len;
  }
  switch (it->tag) {
    case OK_HBASE_TEXT:
    case OK_HBASE_JSON:
    case OK_HBASE_BLOB_COPY: ok_copy_xor(out, it->body, it->value_len, x); return it->value_len;
    case OK_HBASE_BLOB_VAR: /* 7 bits from each byte, 8 to each output byte */
      for (i = 0; o < it->value_len; i++) {
        acc = (acc << 7 | ((it->body[i] ^ x) & 0x7F)) & 0x7FFF;
        bits += 7;
        if (bits >= 8) out[o++] = (uint8_t)(acc >> (bits -= 8));
      }
      return o;
    case OK_HBASE_NAN:
    case OK_HBASE_FLOAT32:
    case OK_HBASE_FLOAT64: memcpy(out, "NaN", 3); return 3;
  }
  /* the item decoded before, so its numeric does again */
  if (dec_num(it->body - 1, it->len, it->tag, x, &r, &len, &i) != OK_OK) return 0;
  num_digits(it->body - 1, it->len, &r);
  return ok_hbase_num_format((char *)out, &r.num);
}

/* The descriptor: a component decodes the same wherever it stands. */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  (void)f, (void)index;
  if (n == 0) return *err_at = 0, OK_FEWER; /* the empty key: no components */
  return dec_item(key, n, it, err_at);
}

/* Headers alone, fixed-width integers, text and numerics, with no value
** made: a numeric's digits are checked, not turned into text. */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  int desc, h;
  const uint8_t *end;
  numeric r;
  size_t len, err;
  (void)f, (void)index;
  if (n == 0) return 0;
  desc = key[0] >= 0x80;
  h = desc ? (uint8_t)~key[0] : key[0];
  switch (h) {
    case OK_HBASE_NULL: return desc && n > 1 && key[1] == 0xFF ? 2 : 1;
    case OK_HBASE_NEG_INF:
    case OK_HBASE_POS_INF:
    case OK_HBASE_NAN:
    case OK_HBASE_ZERO:
    case OK_HBASE_FALSE:
    case OK_HBASE_TRUE: return 1;
    case OK_HBASE_INT8: return n >= 2 ? 2 : 0;
    case OK_HBASE_INT16: return n >= 3 ? 3 : 0;
    case OK_HBASE_INT32: return n >= 5 ? 5 : 0;
    case OK_HBASE_INT64: return n >= 9 ? 9 : 0;
    case OK_HBASE_TEXT:
    case OK_HBASE_JSON:
      return (end = memchr(key + 1, desc ? 0xFF : 0x00, n - 1)) ? (size_t)(end - key) + 1 : 0;
  }
  if (h < OK_HBASE_NEG_LARGE || h > OK_HBASE_POS_LARGE) return 0;
  return dec_num(key, n, h, desc ? 0xFF : 0x00, &r, &len, &err) == OK_OK ? len : 0;
}

/* A value as ok_hbase_pack writes it (ok_convert): numbers as numerics (a
** REAL through Java 8-18's Double.toString), TEXT as text (UTF-8, no NUL),
** a BLOB as a BlobVar. */
int ok_hbase_text_check(const uint8_t *p, size_t n, size_t *err_at) {
  const uint8_t *nul;
  uint64_t a, b;
  /* most text: short ASCII without a NUL, told without a call */
  if (ok_short_words(p, n, &a, &b) && ok_ascii_word(a | b) && !(ok_zero_byte(a) | ok_zero_byte(b)))
    return OK_OK;
  nul = n ? memchr(p, 0, n) : NULL;
  if (nul) return *err_at = (size_t)(nul - p), OK_E_NUL;
  return (*err_at = ok_utf8_check(p, n)) != n ? OK_E_BYTE : OK_OK;
}

int ok_hbase_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  int rc;
  (void)f;
  switch (v->type) {
    case OK_NULL: w->n += ok_hbase_enc_header(ok_writer_at(w, 1), OK_HBASE_NULL, w->desc); break;
    case OK_INT:
      w->n += ok_hbase_enc_int_num(ok_writer_at(w, OK_HBASE_NUM_MAX), v->i, w->desc);
      break;
    case OK_REAL:
      w->n += ok_hbase_enc_double_num(ok_writer_at(w, OK_HBASE_NUM_MAX), v->d, OK_JAVA_DEFAULT,
                                      w->desc);
      break;
    case OK_TEXT:
      if ((rc = ok_hbase_text_check(v->p, v->n, &w->err_at)) != OK_OK) return rc;
      w->n += ok_hbase_enc_text(ok_writer_at(w, OK_HBASE_TEXT_BOUND(v->n)), OK_HBASE_TEXT, v->p,
                                v->n, w->desc);
      break;
    default:
      w->n += ok_hbase_enc_blob_var(ok_writer_at(w, OK_HBASE_BLOB_VAR_BOUND(v->n)), v->p, v->n,
                                    w->desc);
  }
  return OK_OK;
}

static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  return v ? ok_hbase_write(f, w, v) : OK_OK;
}

OK_WALK_READER(next, decode_any)

const ok_format ok_format_hbase = {
    .name = "hbase",
    .decode = decode_any,
    .next = next,
    .value = hbase_value,
    .skip = skip_any,
    .put = put_value,
};
