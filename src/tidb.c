/*
** tidb.c -- TiDB's keys, byte for byte (pingcap/tidb's pkg/util/codec,
** pkg/types/mydecimal.go and pkg/tablecodec are the reference), in two
** formats: 'tidb', the key as TiDB makes it, and 'tikv', the same key as
** TiKV stores it: in groups of 8 bytes, each followed by a marker (0xFF,
** or for the last group, padded with zeros, 0xFF less the padding).
**
** One decoder reads both through a view: a TiKV key's groups start at the
** key's start, so from the bytes left (n) an item knows where in its group
** it starts, and reads the data bytes around the markers; its offsets in
** errors are the bytes of the key as given. Decoding accepts only what
** TiDB's encoders write, so that an accepted item re-encodes to itself.
*/
#include <string.h>

#include "internal.h"
#include "ok_tidb.h"

extern const ok_format ok_format_tidb_row, ok_format_tikv_row;

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

#define SIGN 0x8000000000000000ULL

/* --- Encoders --------------------------------------------------------------- */

static size_t fixed(uint8_t *out, int flag, uint64_t v) {
  if (out) out[0] = (uint8_t)flag, ok_put_be(out + 1, v, 8);
  return OK_TIDB_FIXED_LEN;
}

size_t ok_tidb_enc_null(uint8_t *out) {
  if (out) out[0] = OK_TIDB_NIL;
  return 1;
}
size_t ok_tidb_enc_int(uint8_t *out, int64_t v) {
  return fixed(out, OK_TIDB_INT, (uint64_t)v ^ SIGN);
}
size_t ok_tidb_enc_uint(uint8_t *out, uint64_t v) { return fixed(out, OK_TIDB_UINT, v); }
size_t ok_tidb_enc_duration(uint8_t *out, int64_t nanos) {
  return fixed(out, OK_TIDB_DURATION, (uint64_t)nanos ^ SIGN);
}

size_t ok_tidb_enc_float(uint8_t *out, double d) { /* by the sign bit: -0.0 < 0.0 */
  return fixed(out, OK_TIDB_FLOAT, ok_ieee_order(ok_ieee_bits(d, 8), 8));
}

size_t ok_tidb_enc_bytes(uint8_t *out, int flag, const uint8_t *s, size_t n) {
  size_t len = 0, i;
  if (flag) {
    if (out) out[0] = (uint8_t)flag;
    len = 1;
  }
  for (i = 0; i + 8 <= n; i += 8, len += 9) {
    if (out) memcpy(out + len, s + i, 8), out[len + 8] = 0xFF;
  }
  if (out) { /* a last group even when n is a multiple of 8: its bytes, zeros after them */
    size_t k = n - i;
    uint64_t w = n < 8 ? ok_get_le_short(s, k) : k ? ok_get_le(s + n - 8, 0) >> (64 - 8 * k) : 0;
    ok_put_le(out + len, w);
    out[len + 8] = (uint8_t)(0xFF - (8 - k));
  }
  return len + 9;
}

static const int dig2bytes[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};

/* The bytes of a decimal's digits, precision - scale before the point. */
static size_t decimal_bin_size(int precision, int scale) {
  int intg = precision - scale;
  return (size_t)(intg / 9 * 4 + dig2bytes[intg % 9] + scale / 9 * 4 + dig2bytes[scale % 9]);
}

int ok_tidb_enc_decimal(uint8_t *out, size_t *len, int neg, const char *digit, size_t nd,
                        int64_t exp, int precision, int scale) {
  /* the value as intg digits before the point and scale after, rounded */
  uint8_t d[OK_TIDB_DECIMAL_DIGITS + 1];
  int intg = precision - scale, i, carry, zero = 1;
  int64_t point = exp + 1; /* digits of digit[] before the point */
  size_t at, k;
  if (precision < 1 || precision > OK_TIDB_DECIMAL_DIGITS || scale < 0 ||
      scale > OK_TIDB_DECIMAL_SCALE || scale > precision)
    return OK_E_RANGE;
  if (nd > 0 && point > intg) return OK_E_RANGE; /* more digits before the point than intg */
  for (i = 0; i < precision; i++) {              /* d[i]: the digit of weight 10^(intg - 1 - i) */
    int64_t j = point - intg + i;                /* its index in digit[] */
    d[i] = (uint8_t)(j >= 0 && (uint64_t)j < nd ? digit[j] - '0' : 0);
  }
  { /* half away from zero: the first digit past the scale */
    int64_t j = point + scale;
    carry = j >= 0 && (uint64_t)j < nd && digit[j] >= '5';
  }
  for (i = precision - 1; i >= 0 && carry; i--) {
    d[i] = (uint8_t)(d[i] + 1);
    carry = d[i] == 10;
    if (carry) d[i] = 0;
  }
  if (carry) return OK_E_RANGE; /* 99.9 rounded past DECIMAL(3, 1) */
  for (i = 0; i < precision; i++) zero &= d[i] == 0;
  neg = neg && !zero;
  *len = 3 + decimal_bin_size(precision, scale);
  if (!out) return OK_OK;
  out[0] = OK_TIDB_DECIMAL, out[1] = (uint8_t)precision, out[2] = (uint8_t)scale;
  at = 3;
  /* words: the int part's first intg % 9 digits, then 9s; the fraction's
  ** 9s, then its last scale % 9 digits; each big-endian in dig2bytes bytes */
  for (i = 0; i < precision;) {
    int w =
        i < intg ? (i == 0 && intg % 9 ? intg % 9 : 9) : (precision - i < 9 ? precision - i : 9);
    uint32_t v = 0;
    int j;
    size_t b = (size_t)dig2bytes[w];
    for (j = 0; j < w; j++) v = v * 10 + d[i + j];
    if (neg) v = ~v;
    for (k = 0; k < b; k++) out[at + k] = (uint8_t)(v >> (8 * (b - 1 - k)));
    at += b;
    i += w;
  }
  out[3] ^= 0x80;
  return OK_OK;
}

int ok_tidb_datetime_pack(uint64_t *packed, int year, int month, int day, int hour, int minute,
                          int second, int micro) {
  if (year < 0 || year > 9999 || month < 0 || month > 12 || day < 0 || day > 31 || hour < 0 ||
      hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || micro < 0 ||
      micro > 999999)
    return OK_E_RANGE;
  *packed = (((uint64_t)((year * 13 + month) << 5 | day) << 17 |
              (uint64_t)(hour << 12 | minute << 6 | second))
             << 24) |
            (uint64_t)micro;
  return OK_OK;
}

/* --- Decoding through a view ------------------------------------------------ */

/* The data bytes of a key from where an item starts: the bytes as they are
** (tidb), or those of TiKV's groups (tikv), `phase` bytes into a group. */
typedef struct {
  const uint8_t *p;
  size_t n;   /* physical bytes */
  size_t len; /* data bytes */
  unsigned phase;
  int wrapped;
} view;

/* The data bytes of a group of bytes whose marker says `pad` bytes of
** padding follow them: a mask of them in the group's big-endian word (two
** shifts: pad may be 8). */
static inline uint64_t group_data(size_t pad) { return ~(uint64_t)0 << (4 * pad) << (4 * pad); }

static inline uint8_t vbyte(const view *v, size_t i) {
  return v->wrapped ? v->p[i + (v->phase + i) / 8] : v->p[i];
}

/* The physical offset of data byte i (i == v->len: the end). */
static inline size_t vphys(const view *v, size_t i) {
  return v->wrapped ? i + (v->phase + i) / 8 : i;
}

/* A TiKV key's view from its bytes left, n >= 1: its groups checked where
** they end (the last one's marker; its padding once, from the first
** item); the others' markers are checked as items cross them. The bytes
** left end with a marker, and hold a group begun (its data bytes before
** the first marker) and whole groups after it. */
OK_HOT_INLINE int view_of(view *v, const uint8_t *p, size_t n, int wrapped, int first,
                          size_t *err_at) {
  size_t pad, cap, t, m;
  v->p = p, v->n = n, v->wrapped = wrapped, v->phase = 0, v->len = n;
  if (!wrapped) return OK_OK;
  /* the markers: the last at n - 1, t more 9 bytes apart, the first at m */
  t = (n - 1) / 9, m = n - 1 - 9 * t;
  if (m == 0) return fail(OK_E_LENGTH, 0, err_at); /* an item never starts at a marker */
  v->phase = (unsigned)(8 - m);
  if (p[n - 1] == 0xFF) return fail(OK_E_TRUNCATED, n, err_at); /* the last group is missing */
  pad = 0xFF - (size_t)p[n - 1];
  if (pad > 8) return fail(OK_E_BYTE, n - 1, err_at);
  cap = n - 1 - t; /* the bytes but the markers */
  if (pad > cap) return fail(OK_E_BYTE, n - 1, err_at);
  /* the padding, zeros: the bytes before the marker (a word, in a whole group) */
  if (first && pad && (n < 9 || (ok_get_be(p + n - 9, 8, 0) & ~group_data(pad))))
    for (size_t i = n - 1 - pad; i < n - 1; i++)
      if (p[i] != 0) return fail(OK_E_NONCANONICAL, i, err_at);
  v->len = cap - pad;
  return OK_OK;
}

/* An item that used data bytes [0, k): its length in the key, markers
** crossed checked, and the last group's padding taken by the last item. */
static inline int vend(const view *v, size_t k, ok_item *it, size_t *err_at) {
  size_t m;
  if (!v->wrapped) {
    it->len = k;
    return OK_OK;
  }
  it->len = k == v->len ? v->n : vphys(v, k);
  for (m = 8 - v->phase; m + 1 < v->n && m < it->len; m += 9)
    if (v->p[m] != 0xFF) return fail(OK_E_BYTE, m, err_at);
  return OK_OK;
}

/* Data bytes [i, i + k) to out: a run at a time, between the markers. */
static inline void vread(const view *v, size_t i, uint8_t *out, size_t k) {
  if (!v->wrapped) {
    memcpy(out, v->p + i, k);
    return;
  }
  while (k > 0) {
    size_t g = (v->phase + i) % 8, run = 8 - g < k ? 8 - g : k;
    memcpy(out, v->p + vphys(v, i), run);
    out += run, i += run, k -= run;
  }
}

/* Data bytes [i, i + 8) big-endian. Wrapped, they cross at most one
** marker, after the first m: one word from the key with that byte cut. */
static inline uint64_t vbe64(const view *v, size_t i) {
  const uint8_t *b = v->p + vphys(v, i);
  uint64_t w = ok_get_be(b, 8, 0);
  unsigned m = v->wrapped ? 8 - (v->phase + (unsigned)i) % 8 : 8;
  if (m == 8) return w;
  return (w & ~(uint64_t)0 << (64 - 8 * m)) | (((w << 8) | b[8]) & (~(uint64_t)0 >> (8 * m)));
}

/* What an item keeps in own: the phase of its body's first byte (tikv),
** and a decimal's precision and scale. */
typedef struct {
  unsigned phase;
  int wrapped, precision, scale;
} tidb_own;
typedef char own_fits[sizeof(tidb_own) <= sizeof(((ok_item *)0)->own) ? 1 : -1];

/* The view of an item's body (data from it->body on). */
static view body_view(const ok_item *it) {
  tidb_own o;
  view v;
  memcpy(&o, it->own, sizeof o);
  v.p = it->body, v.n = it->body_len, v.len = (size_t)-1, v.phase = o.phase, v.wrapped = o.wrapped;
  return v;
}

OK_HOT_INLINE void set_body(ok_item *it, const view *v, size_t i, size_t end, int precision,
                            int scale) {
  tidb_own o;
  memset(&o, 0, sizeof o);
  o.phase = (unsigned)((v->phase + i) % 8), o.wrapped = v->wrapped;
  o.precision = precision, o.scale = scale;
  memcpy(it->own, &o, sizeof o);
  it->body = v->p + vphys(v, i);
  it->body_len = vphys(v, end) - vphys(v, i);
}

/* One step of UTF-8 validation over bytes that come one at a time (a
** sequence may cross TiDB's groups): 0 when b cannot come next. */
typedef struct {
  int need;
  uint8_t lo, hi;
} utf8_state;

static int utf8_step(utf8_state *s, uint8_t b) {
  if (s->need) {
    if (b < s->lo || b > s->hi) return 0;
    s->need--, s->lo = 0x80, s->hi = 0xBF;
    return 1;
  }
  s->lo = 0x80, s->hi = 0xBF;
  if (b < 0x80) return 1;
  if (b < 0xC2 || b > 0xF4) return 0;
  s->need = b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
  if (b == 0xE0) s->lo = 0xA0; /* no overlong forms, surrogates or past U+10FFFF */
  if (b == 0xED) s->hi = 0x9F;
  if (b == 0xF0) s->lo = 0x90;
  if (b == 0xF4) s->hi = 0x8F;
  return 1;
}

/* Bytes from data byte i: groups of 8 and a marker, to the padded one. */
OK_HOT_INLINE int dec_bytes(const view *v, size_t i, ok_item *it, size_t *err_at) {
  size_t start = i, count = 0, k;
  utf8_state u = {0, 0x80, 0xBF};
  int utf8 = 1;
  for (;;) {
    uint8_t tmp[9];
    const uint8_t *g = v->p + i;
    uint64_t w, data;
    size_t pad;
    if (v->len - i < 9) return fail(OK_E_TRUNCATED, v->n, err_at);
    if (v->wrapped) { /* the word from the key itself, not loaded again from tmp */
      w = vbe64(v, i);
      ok_put_be(tmp, w, 8);
      tmp[8] = vbyte(v, i + 8);
      g = tmp;
    } else {
      w = ok_get_be(g, 8, 0);
    }
    pad = 0xFF - (size_t)g[8];
    if (pad > 8) return fail(OK_E_BYTE, vphys(v, i + 8), err_at);
    data = group_data(pad);
    if (w & ~data) /* the padding must be zeros, as written */
      for (k = 8 - pad; k < 8; k++)
        if (g[k]) return fail(OK_E_NONCANONICAL, vphys(v, i + k), err_at);
    /* data of ASCII without NUL needs no steps: no bits 0x80, no zero byte */
    if (utf8 && (u.need || (w & data & 0x8080808080808080ULL) || ok_zero_byte(w | ~data)))
      for (k = 0; k < 8 - pad && utf8; k++) utf8 = g[k] != 0 && utf8_step(&u, g[k]);
    count += 8 - pad;
    i += 9;
    if (pad) break;
  }
  it->type = utf8 && !u.need ? OK_TEXT : OK_BLOB;
  it->value_len = count;
  set_body(it, v, start, i, 0, 0);
  return vend(v, i, it, err_at);
}

/* A decimal's text as TiDB prints it: sign, its integer digits (0 when
** none), and exactly `scale` digits after the point; from its bin b[0..),
** or the length only (out NULL). */
static size_t decimal_text(char *out, const uint8_t *b, int precision, int scale) {
  int intg = precision - scale, i, lead = 1;
  uint8_t x = (b[0] & 0x80) ? 0x00 : 0xFF; /* negative: the bytes complemented */
  size_t len = 0, at = 0;
  if (x) {
    if (out) out[len] = '-';
    len++;
  }
  for (i = 0; i < precision;) {
    int w =
        i < intg ? (i == 0 && intg % 9 ? intg % 9 : 9) : (precision - i < 9 ? precision - i : 9);
    size_t nb = (size_t)dig2bytes[w], k;
    uint32_t val = 0;
    char dg[9] = {0};
    int j;
    for (k = 0; k < nb; k++) val = val << 8 | (uint8_t)(b[at + k] ^ x ^ (at + k == 0 ? 0x80 : 0));
    at += nb;
    for (j = w - 1; j >= 0; j--) dg[j] = (char)('0' + val % 10), val /= 10;
    for (j = 0; j < w; j++, i++) {
      if (i == intg) {
        if (lead) { /* no integer digit: 0 */
          if (out) out[len] = '0';
          len++;
          lead = 0;
        }
        if (out) out[len] = '.';
        len++;
      }
      if (i < intg && lead && dg[j] == '0' && i + 1 < intg) continue;
      lead = 0;
      if (out) out[len] = dg[j];
      len++;
    }
  }
  return len;
}

/* A decimal from data byte i (its flag): precision, scale, then its words,
** each within its digits. */
static int dec_decimal(const view *v, size_t i, ok_item *it, size_t *err_at) {
  uint8_t b[OK_TIDB_DECIMAL_MAX];
  int precision, scale, intg, d;
  size_t size, at, k;
  uint8_t x;
  int zero = 1;
  if (v->len - i < 4) return fail(OK_E_TRUNCATED, v->n, err_at);
  vread(v, i + 1, b, 2);
  precision = b[0], scale = b[1];
  if (precision < 1 || precision > OK_TIDB_DECIMAL_DIGITS)
    return fail(OK_E_RANGE, vphys(v, i + 1), err_at);
  if (scale > OK_TIDB_DECIMAL_SCALE || scale > precision)
    return fail(OK_E_RANGE, vphys(v, i + 2), err_at);
  size = decimal_bin_size(precision, scale);
  if (v->len - i - 3 < size) return fail(OK_E_TRUNCATED, v->n, err_at);
  vread(v, i + 3, b, size);
  intg = precision - scale;
  x = (b[0] & 0x80) ? 0x00 : 0xFF;
  for (at = 0, d = 0; d < precision;) {
    int w =
        d < intg ? (d == 0 && intg % 9 ? intg % 9 : 9) : (precision - d < 9 ? precision - d : 9);
    size_t nb = (size_t)dig2bytes[w];
    uint64_t val = 0, lim = 1;
    int j;
    for (k = 0; k < nb; k++) val = val << 8 | (uint8_t)(b[at + k] ^ x ^ (at + k == 0 ? 0x80 : 0));
    for (j = 0; j < w; j++) lim *= 10;
    if (val >= lim) return fail(OK_E_NONCANONICAL, vphys(v, i + 3 + at), err_at);
    zero &= val == 0;
    at += nb;
    d += w;
  }
  if (zero && x) return fail(OK_E_NONCANONICAL, vphys(v, i + 3), err_at); /* -0: never written */
  it->type = OK_TEXT;
  set_body(it, v, i + 3, i + 3 + size, precision, scale);
  it->value_len = decimal_text(NULL, b, precision, scale);
  return vend(v, i + 3 + size, it, err_at);
}

/* A float's 8 data bytes u as its double; 1 unless a NaN, which TiDB
** never writes (MySQL has none) and which would not read back. */
static int float_of(uint64_t u, double *d) {
  *d = ok_ieee_value(ok_ieee_unorder(u, 8), 8);
  return *d == *d;
}

/* The shapes (ok_tidb.h): each kind's indexes, first to last, and the
** kinds that may follow it. */
#define K(kind) (1u << (kind))
static const struct {
  uint8_t first, last;
  uint16_t then;
} shapes[] = {
    [OK_TIDB_AT_START] = {0, 0,
                          K(OK_TIDB_AT_KEYSPACE) | K(OK_TIDB_AT_TABLE) | K(OK_TIDB_AT_DATUM) |
                              K(OK_TIDB_AT_NIL) | K(OK_TIDB_AT_BOUND)},
    [OK_TIDB_AT_KEYSPACE] = {0, 0, K(OK_TIDB_AT_TABLE)},
    [OK_TIDB_AT_TABLE] = {0, 1, K(OK_TIDB_AT_RECORD) | K(OK_TIDB_AT_COMMON) | K(OK_TIDB_AT_INDEX)},
    [OK_TIDB_AT_RECORD] = {1, 2, 0},
    [OK_TIDB_AT_COMMON] = {1, 2, K(OK_TIDB_AT_DATUM) | K(OK_TIDB_AT_BOUND)},
    [OK_TIDB_AT_INDEX] = {1, 2, K(OK_TIDB_AT_DATUM) | K(OK_TIDB_AT_NIL) | K(OK_TIDB_AT_BOUND)},
    [OK_TIDB_AT_DATUM] = {0, 255, K(OK_TIDB_AT_DATUM) | K(OK_TIDB_AT_NIL) | K(OK_TIDB_AT_BOUND)},
    [OK_TIDB_AT_NIL] = {0, 255, K(OK_TIDB_AT_DATUM) | K(OK_TIDB_AT_NIL) | K(OK_TIDB_AT_BOUND)},
    [OK_TIDB_AT_BOUND] = {0, 255, 0},
};

/* The kind of each tag below 256 (a datum's, 0, by default); and of each
** byte that starts an item, as the item after another shows it ("_r" and
** "_i" alike). */
static const uint8_t tag_kind[256] = {
    [OK_TIDB_KEYSPACE] = OK_TIDB_AT_KEYSPACE, [OK_TIDB_TABLE] = OK_TIDB_AT_TABLE,
    [OK_TIDB_RECORD] = OK_TIDB_AT_RECORD,     [OK_TIDB_COMMON] = OK_TIDB_AT_COMMON,
    [OK_TIDB_INDEX] = OK_TIDB_AT_INDEX,       [OK_TIDB_NIL] = OK_TIDB_AT_NIL};
static const uint8_t first_kind[256] = {[OK_TIDB_KEYSPACE] = OK_TIDB_AT_KEYSPACE,
                                        [OK_TIDB_TABLE] = OK_TIDB_AT_TABLE,
                                        ['_'] = OK_TIDB_AT_INDEX,
                                        [OK_TIDB_NIL] = OK_TIDB_AT_NIL};

int ok_tidb_kind(int tag) {
  return tag == OK_TIDB_MIN_NOT_NULL ? OK_TIDB_AT_BOUND : tag_kind[tag & 0xFF];
}

int ok_tidb_may_stand(int kind, size_t index) {
  return index >= shapes[kind].first && index <= shapes[kind].last;
}

int ok_tidb_may_follow(int kind, int next) { return (shapes[kind].then >> next) & 1; }

/* The row keys whose clustered handle TiDB padded (ok_tidb_row_format):
** the same reading, but for the padding. */
static int is_wrapped(const ok_format *f) {
  return f == &ok_format_tikv || f == &ok_format_tikv_row;
}
static int is_row(const ok_format *f) {
  return f == &ok_format_tidb_row || f == &ok_format_tikv_row;
}

static int decode_tidb(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                       size_t *err_at);
static int decode_tikv(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                       size_t *err_at);

/* A common handle's datums p[0..n): none is NULL, as TiDB reads a 00 there
** as the start of its padding (which only the walk of a row key, with
** ok_tidb_row_format's variant, reads so). Their other faults are the
** walk's to report, each at its turn. */
static int check_handle(const ok_format *f, int wrapped, const uint8_t *p, size_t n,
                        size_t *err_at) {
  ok_item d;
  view v;
  size_t at = 0, err;
  while (at < n && view_of(&v, p + at, n - at, wrapped, 0, &err) == OK_OK && v.len > 0) {
    if (vbyte(&v, 0) == OK_TIDB_NIL) return fail(OK_E_NULL, at, err_at);
    if ((wrapped ? decode_tikv(f, 3, p + at, n - at, &d, &err)
                 : decode_tidb(f, 3, p + at, n - at, &d, &err)) != OK_OK)
      break;
    at += d.len;
  }
  return OK_OK;
}

/* One item (inlined into decode: a call more per item cost a sixth of a
** TiDB walk); `wrapped` a constant in each of the two decoders, so that
** TiDB's has no test of a view's groups and TiKV's none of the format. */
OK_HOT_INLINE int decode_one(const ok_format *f, int wrapped, size_t index, const uint8_t *key,
                             size_t n, ok_item *it, size_t *err_at) {
  view v;
  int rc, t;
  uint64_t u;
  ok_item_reset(it, f, 0);
  if (n == 0) return fail(index == 0 ? OK_FEWER : OK_E_TRUNCATED, 0, err_at); /* the empty key */
  if ((rc = view_of(&v, key, n, wrapped, index == 0, err_at)) != OK_OK) return rc;
  if (index == 0 && v.phase) return fail(OK_E_LENGTH, n, err_at); /* a TiKV key of whole groups */
  if (v.len == 0) {
    /* TiKV's empty key is x'', a region's open boundary; an encoded empty
    ** TiDB key (0000000000000000F7), which TiDB never makes, is none: the
    ** two would read alike */
    if (v.wrapped && index == 0) return fail(OK_E_NONCANONICAL, 0, err_at);
    return index == 0 ? OK_FEWER : fail(OK_E_TRUNCATED, n, err_at); /* the empty key */
  }
  t = vbyte(&v, 0);
  it->tag = t;
  it->type = OK_NULL;
  switch (t) {
    case OK_TIDB_NIL:
      if (is_row(f)) return OK_FEWER; /* the handle's padding, checked by ok_tidb_row_format */
      return vend(&v, 1, it, err_at);
    case OK_TIDB_MAX: return vend(&v, 1, it, err_at);
    case OK_TIDB_BYTES:
      if (v.len == 1) { /* a bound: MinNotNull, at the end */
        it->tag = OK_TIDB_MIN_NOT_NULL;
        return vend(&v, 1, it, err_at);
      }
      return dec_bytes(&v, 1, it, err_at);
    case OK_TIDB_INT:
    case OK_TIDB_UINT:
    case OK_TIDB_FLOAT:
    case OK_TIDB_DURATION:
      if (v.len < OK_TIDB_FIXED_LEN) return fail(OK_E_TRUNCATED, n, err_at);
      u = vbe64(&v, 1);
      if (t == OK_TIDB_FLOAT) {
        if (!float_of(u, &it->d)) return fail(OK_E_NONCANONICAL, vphys(&v, 1), err_at);
        it->type = OK_REAL;
      } else if (t == OK_TIDB_UINT && u > INT64_MAX) {
        it->type = OK_TEXT; /* its digits */
        it->value_len = u < 10000000000000000000ULL ? 19 : 20;
        set_body(it, &v, 1, 9, 0, 0);
      } else {
        it->i = (int64_t)(t == OK_TIDB_UINT ? u : u ^ SIGN);
        it->type = OK_INT;
        if (t == OK_TIDB_DURATION &&
            (it->i > OK_TIDB_DURATION_MAX || it->i < -OK_TIDB_DURATION_MAX))
          return fail(OK_E_RANGE, vphys(&v, 1), err_at); /* past MySQL's TIME: never written */
      }
      return vend(&v, OK_TIDB_FIXED_LEN, it, err_at);
    case OK_TIDB_DECIMAL: return dec_decimal(&v, 0, it, err_at);
    case OK_TIDB_TABLE:
      if (!ok_tidb_may_stand(OK_TIDB_AT_TABLE, index)) return fail(OK_E_TAG, 0, err_at);
      if (v.len < 9) return fail(OK_E_TRUNCATED, n, err_at);
      it->i = (int64_t)(vbe64(&v, 1) ^ SIGN), it->type = OK_INT;
      return vend(&v, 9, it, err_at);
    case OK_TIDB_KEYSPACE:
      if (!ok_tidb_may_stand(OK_TIDB_AT_KEYSPACE, index)) return fail(OK_E_TAG, 0, err_at);
      if (v.len < 4) return fail(OK_E_TRUNCATED, n, err_at);
      it->i = vbyte(&v, 1) << 16 | vbyte(&v, 2) << 8 | vbyte(&v, 3), it->type = OK_INT;
      return vend(&v, 4, it, err_at);
    case '_': /* "_r", "_i": right after a table (the three alike in the shapes' table) */
      if (!ok_tidb_may_stand(OK_TIDB_AT_INDEX, index)) return fail(OK_E_TAG, 0, err_at);
      if (v.len < 2) return fail(OK_E_TRUNCATED, n, err_at);
      t = vbyte(&v, 1);
      if (t == 'r' && v.len != 10) { /* a common handle's datums follow */
        size_t at = vphys(&v, 2);
        it->tag = OK_TIDB_COMMON;
        if (!is_row(f) && (rc = check_handle(f, wrapped, key + at, n - at, err_at)) != OK_OK)
          return *err_at += at, rc;
        return vend(&v, 2, it, err_at);
      }
      if (t != 'r' && t != 'i') return fail(OK_E_TAG, vphys(&v, 1), err_at);
      if (v.len < 10) return fail(OK_E_TRUNCATED, n, err_at);
      it->tag = t; /* OK_TIDB_RECORD, OK_TIDB_INDEX */
      it->i = (int64_t)(vbe64(&v, 2) ^ SIGN), it->type = OK_INT;
      return vend(&v, 10, it, err_at);
  }
  return fail(OK_E_TAG, 0, err_at);
}

/* 1 when an item tagged `tag`, of len bytes of key[0..n), may be followed
** by what follows it (ok_tidb_may_follow): asked of the first two items, so
** that a key's parts stand where TiDB puts them, each known from its
** neighbour; from the fourth on (index 3), a part is refused where it
** stands, as none may stand there. */
static inline int next_ok(int tag, const uint8_t *key, size_t n, size_t len) {
  return len == n || ok_tidb_may_follow(ok_tidb_kind(tag), first_kind[key[len]]);
}

/* An item, and its place next to the one after it. In a row key with a
** padded handle the last datum takes the padding, as a TiKV key's last
** item takes its group's: the items cover the key. */
OK_HOT_INLINE int decode(const ok_format *f, int wrapped, size_t index, const uint8_t *key,
                         size_t n, ok_item *it, size_t *err_at) {
  int rc = decode_one(f, wrapped, index, key, n, it, err_at);
  if (rc != OK_OK) return rc;
  if (index < 2 && !next_ok(it->tag, key, n, it->len)) return fail(OK_E_TAG, it->len, err_at);
  if (!is_row(f)) return rc;
  it->format = f == &ok_format_tidb_row ? &ok_format_tidb : &ok_format_tikv; /* the format read */
  if (it->len < n && key[it->len] == OK_TIDB_NIL && it->tag != OK_TIDB_COMMON) it->len = n;
  return rc;
}

OK_HOT_INLINE int decode_tidb(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                              ok_item *it, size_t *err_at) {
  return decode(f, 0, index, key, n, it, err_at);
}
OK_HOT_INLINE int decode_tikv(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                              ok_item *it, size_t *err_at) {
  return decode(f, 1, index, key, n, it, err_at);
}

static size_t tidb_value(uint8_t *out, const ok_item *it) {
  view v = body_view(it);
  tidb_own o;
  size_t len = 0, i;
  memcpy(&o, it->own, sizeof o);
  if (it->tag == OK_TIDB_UINT) return ok_u64_text((char *)out, vbe64(&v, 0)); /* past int64 */
  if (it->tag == OK_TIDB_DECIMAL) {
    uint8_t b[OK_TIDB_DECIMAL_MAX];
    vread(&v, 0, b, decimal_bin_size(o.precision, o.scale));
    return decimal_text((char *)out, b, o.precision, o.scale);
  }
  for (i = 0;; i += 9) { /* bytes: each group's data as a word, to the padded one */
    uint64_t w = vbe64(&v, i);
    size_t pad = 0xFF - (size_t)vbyte(&v, i + 8);
    uint8_t g[8];
    if (pad == 0) {
      ok_put_be(out + len, w, 8);
      len += 8;
      continue;
    }
    ok_put_be(g, w, 8);
    memcpy(out + len, g, 8 - pad);
    return len + 8 - pad;
  }
}

void ok_tidb_decimal_type(const ok_item *it, int *precision, int *scale) {
  tidb_own o;
  memcpy(&o, it->own, sizeof o);
  *precision = o.precision, *scale = o.scale;
}

/* Fixed-size items and bytes, with no value made (and no UTF-8 check,
** which only tells TEXT from BLOB); through the view, which checks a TiKV
** key's groups as decode does. */
OK_HOT_INLINE size_t skip(const ok_format *f, int wrapped, size_t index, const uint8_t *key,
                          size_t n) {
  view v;
  ok_item end;
  size_t k, i, pad, err;
  double d;
  int tag;
  if (n == 0 || view_of(&v, key, n, wrapped, index == 0, &err) != OK_OK ||
      (index == 0 && v.phase) || v.len == 0)
    return 0;
  switch (tag = vbyte(&v, 0)) {
    case OK_TIDB_NIL:
      if (is_row(f)) return 0; /* the padding: decode says */
      k = 1;
      break;
    case OK_TIDB_MAX: k = 1; break;
    case OK_TIDB_DURATION: { /* within a TIME's range, as decode wants it */
      int64_t ns;
      if (v.len < OK_TIDB_FIXED_LEN) return 0;
      ns = (int64_t)(vbe64(&v, 1) ^ SIGN);
      if (ns > OK_TIDB_DURATION_MAX || ns < -OK_TIDB_DURATION_MAX) return 0;
      k = OK_TIDB_FIXED_LEN;
      break;
    }
    case OK_TIDB_TABLE:
      if (index > 1) return 0; /* out of its place: decode says */
      k = OK_TIDB_FIXED_LEN;
      break;
    case OK_TIDB_INT:
    case OK_TIDB_UINT: k = OK_TIDB_FIXED_LEN; break;
    case OK_TIDB_FLOAT:
      if (v.len < OK_TIDB_FIXED_LEN) return 0;
      if (!float_of(vbe64(&v, 1), &d)) return 0;
      k = OK_TIDB_FIXED_LEN;
      break;
    case OK_TIDB_BYTES: /* groups of 8 and a marker, to the padded one */
      for (i = 1, k = 0; !k && v.len > 1 && v.len - i >= 9; i += 9) {
        if ((pad = 0xFF - (size_t)vbyte(&v, i + 8)) > 8) return 0;
        if (vbe64(&v, i) & ~group_data(pad)) return 0;
        if (pad) k = i + 9;
      }
      break;
    default: return 0;
  }
  return k && k <= v.len && vend(&v, k, &end, &err) == OK_OK &&
                 (index >= 2 || next_ok(tag, key, n, end.len))
             ? end.len
             : 0;
}

static size_t skip_tidb(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  return skip(f, 0, index, key, n);
}
static size_t skip_tikv(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  return skip(f, 1, index, key, n);
}

int ok_tidb_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  (void)f;
  switch (v->type) {
    case OK_NULL: w->n += ok_tidb_enc_null(ok_writer_at(w, 1)); break;
    case OK_INT: w->n += ok_tidb_enc_int(ok_writer_at(w, OK_TIDB_FIXED_LEN), v->i); break;
    case OK_REAL: w->n += ok_tidb_enc_float(ok_writer_at(w, OK_TIDB_FIXED_LEN), v->d); break;
    default:
      w->n +=
          ok_tidb_enc_bytes(ok_writer_at(w, OK_TIDB_BYTES_BOUND(v->n)), OK_TIDB_BYTES, v->p, v->n);
  }
  return OK_OK;
}

/* A value as ok_tidb_pack writes it, a datum (ok_convert): TEXT and BLOB
** alike as bytes; at the end, a TiKV key's groups (the TiDB key, moved
** after where they go, cut into them). */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  size_t raw, len;
  if (!v) {
    if (!is_wrapped(f) || w->n == 0) return OK_OK; /* no items: TiKV's empty key, x'' */
    raw = w->n, len = OK_TIDB_BYTES_BOUND(raw) - 1;
    if (len + raw <= w->cap) {
      memmove(w->out + len, w->out, raw);
      ok_tidb_enc_bytes(w->out, 0, w->out + len, raw);
    }
    if (len + raw > w->need) w->need = len + raw;
    w->n = len;
    return OK_OK;
  }
  return ok_tidb_write(f, w, v);
}

/* The walks' choice (ok_format's reading): such a key is short, and its
** length, asked here, rules out most keys before the call that reads one. */
static const ok_format *reading(const ok_format *f, const uint8_t *key, size_t n) {
  return n <= OK_TIDB_ROW_MAX ? ok_tidb_row_format(f, key, n) : f;
}

OK_WALK_READER(next_tidb, decode_tidb)

/* TiKV's reader (ok_next_n). A TiKV key is a TiDB key cut into groups:
** the data of the rest of the key is taken out of its groups once (their
** markers checked once, the last group by view_of as for any item), its
** items read by TiDB's decoder and their lengths and bodies placed back in
** the groups. The whole rest, as TiDB's decoder looks past an item (the
** next one's tag, a common handle's datums). bench/core.c's keys: 563
** instructions, where an item at a time through the groups took 760 (TiDB's
** own keys: 410). Where that stops (an item TiDB's decoder refuses, groups
** a marker or view_of refuses, a rest past the room, a batch of one, for
** which taking out the rest costs more than it saves), the walk goes on an
** item at a time, which gives the same items and the same error at the
** same offset. */
#define BATCH_GROUPS 32 /* a rest of up to 32 groups: 256 data bytes */

/* The data of p[0..n) in data[0..v->len) (v from view_of): 0 when a marker
** but the last is not FF. The first group's bytes before its marker, then
** each group's 8 (data, then its padding in the last). */
static int unwrap_rest(const view *v, uint8_t *data, const uint8_t *p, size_t n) {
  size_t m = 8 - v->phase, at = m;
  if (n >= 8)
    memcpy(data, p, 8); /* a word: the bytes past the marker are written over */
  else
    memcpy(data, p, m);
  for (; m + 1 < n; m += 9, at += 8) {
    if (p[m] != 0xFF) return 0;
    memcpy(data + at, p + m + 1, 8);
  }
  return 1;
}

static int next_tikv(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at) {
  const ok_format *const f = w->f;
  const uint8_t *const p = w->key + w->off;
  const size_t n = w->n - w->off, index = w->index;
  uint8_t data[8 * BATCH_GROUPS + 8];
  size_t k = 0, at = 0, start = 0, end = 0, more, err;
  view v;
  int rc;
  if (cap >= 2 && n > 0 && n <= 9 * BATCH_GROUPS &&
      view_of(&v, p, n, 1, index == 0, &err) == OK_OK && !(index == 0 && v.phase) &&
      unwrap_rest(&v, data, p, n)) {
    for (; k < cap && at < v.len; k++) {
      ok_item *it = items + k;
      if (decode(f, 0, index + k, data + at, v.len - at, it, &err) != OK_OK) break;
      start = vphys(&v, at), at += it->len;
      end = at == v.len ? n : vphys(&v, at);
      it->len = end - start;
      if (it->body) {
        size_t b = (size_t)(it->body - data);
        tidb_own o;
        memcpy(&o, it->own, sizeof o);
        o.phase = (unsigned)((v.phase + b) % 8), o.wrapped = 1;
        memcpy(it->own, &o, sizeof o);
        it->body = p + vphys(&v, b);
        it->body_len = vphys(&v, b + it->body_len) - vphys(&v, b);
      }
    }
    if (k) {
      w->at = w->off + start;
      w->off += end;
      w->index = index + k;
    }
  }
  *got = k;
  if (k == cap) return OK_OK;
  if (k && w->off == w->n) return *err_at = w->off, OK_FEWER; /* ok_walk_step's answer at the end */
  rc = ok_walk_n(w, decode_tikv, 0, items + k, cap - k, &more, err_at);
  *got = k + more;
  return rc;
}

const ok_format ok_format_tidb = {
    .name = "tidb",
    .decode = decode_tidb,
    .next = next_tidb,
    .value = tidb_value,
    .skip = skip_tidb,
    .put = put_value,
    .reading = reading,
};
const ok_format ok_format_tikv = {
    .name = "tikv",
    .decode = decode_tikv,
    .next = next_tikv,
    .value = tidb_value,
    .skip = skip_tikv,
    .put = put_value,
    .reading = reading,
};
const ok_format ok_format_tidb_row = {
    .name = "tidb",
    .decode = decode_tidb,
    .next = next_tidb,
    .value = tidb_value,
    .skip = skip_tidb,
};
const ok_format ok_format_tikv_row = {
    .name = "tikv",
    .decode = decode_tikv,
    .next = next_tikv,
    .value = tidb_value,
    .skip = skip_tikv,
};

/* A row key with a padded handle: a keyspace (or none), a table, "_r" and
** the handle's 9 bytes (as TiKV stores it, OK_TIDB_ROW_MAX at most: 24
** bytes fill 3 groups, and a group of padding follows). */
#define ROW_LEN(keyspace) ((keyspace) + 9 + 2 + 9)

const ok_format *ok_tidb_row_format(const ok_format *f, const uint8_t *key, size_t n) {
  uint8_t buf[OK_TIDB_ROW_MAX];
  const uint8_t *p = key;
  size_t len = n, at = 0, err, k;
  ok_item d;
  if (f == &ok_format_tikv) {
    if (n > OK_TIDB_ROW_MAX || ok_tikv_unwrap(buf, &len, key, n, &err) != OK_OK) return f;
    p = buf;
  } else if (f != &ok_format_tidb) {
    return f;
  }
  if (len > 0 && p[0] == OK_TIDB_KEYSPACE) at = 4;
  if (len != ROW_LEN(at) || p[at] != OK_TIDB_TABLE || p[at + 9] != '_' || p[at + 10] != 'r')
    return f;
  /* the handle: datums, then zeros to its 9 bytes */
  for (k = at + 11; k < len && p[k] != OK_TIDB_NIL; k += d.len)
    if (decode_tidb(&ok_format_tidb, 3, p + k, len - k, &d, &err) != OK_OK) return f;
  if (k == at + 11 || k == len) return f; /* no datum, or no padding */
  while (k < len && p[k] == 0) k++;
  if (k < len) return f; /* not zeros alone: the NULL is refused */
  return f == &ok_format_tikv ? &ok_format_tikv_row : &ok_format_tidb_row;
}

int ok_tikv_unwrap(uint8_t *out, size_t *len, const uint8_t *p, size_t n, size_t *err_at) {
  view v;
  size_t i;
  int rc;
  *len = 0;
  if (n == 0) return OK_OK; /* x'', a region's open start: the empty key */
  if (n % 9) return fail(OK_E_LENGTH, n, err_at);
  if ((rc = view_of(&v, p, n, 1, 1, err_at)) != OK_OK) return rc;
  for (i = 8; i + 1 < n; i += 9)
    if (p[i] != 0xFF) return fail(OK_E_BYTE, i, err_at);
  if (out) vread(&v, 0, out, v.len);
  *len = v.len;
  return OK_OK;
}
