/*
** orderedcode.c -- the keys of Go's github.com/google/orderedcode: items
** that carry no type, read with the list of their types.
**
**   string     its bytes, 00 written 00 FF and FF written FF 00, then 00 01
**   infinity   FF FF (above every string)
**   int64      n leading 1 bits, a 0 bit, then the value in the rest of n
**              bytes, as few as hold it; a negative one the inverse of ~v's
**   uint64     the count of the value's bytes, then them (no leading zeros)
**   float64    its IEEE bits as an int64, a negative's bits but the sign
**              inverted (-0.0 as 0.0)
**   trailing   the rest of the key, as it is
**
** A descending item (orderedcode.Decr) is its bytes inverted.
*/
#include <math.h>
#include <string.h>

#include "internal.h"
#include "ok_orderedcode.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

static size_t inverted(uint8_t *out, size_t n, int desc) {
  if (out && desc) ok_invert(out, n);
  return n;
}

size_t ok_oc_enc_int64(uint8_t *out, int64_t v, int desc) {
  uint64_t x = v < 0 ? ~(uint64_t)v : (uint64_t)v;
  size_t len = (ok_bit_length(x) + 7) / 7, k; /* 7 bits a byte, the sign's too: 1..10 */
  if (!out) return len;
  for (k = len; k-- > 0; x >>= 8) out[k] = (uint8_t)x;
  for (k = 0; k < len / 8; k++) out[k] = 0xFF; /* the length's 1 bits: whole bytes, then the rest */
  out[len / 8] |= (uint8_t)(0xFF00 >> (len % 8));
  return inverted(out, len, (v < 0) != (desc != 0));
}

size_t ok_oc_enc_uint64(uint8_t *out, uint64_t v, int desc) {
  size_t n = 0, k;
  while (n < 8 && v >> (8 * n)) n++;
  if (out) {
    out[0] = (uint8_t)n;
    for (k = 0; k < n; k++) out[1 + k] = (uint8_t)(v >> (8 * (n - 1 - k)));
  }
  return inverted(out, n + 1, desc);
}

size_t ok_oc_enc_float64(uint8_t *out, double d, int desc) {
  int64_t i = (int64_t)ok_ieee_bits(d == 0 ? 0.0 : d, 8);
  if (i < 0)
    i = (int64_t)((uint64_t)INT64_MIN - (uint64_t)i); /* the sign kept, the rest inverted */
  return ok_oc_enc_int64(out, i, desc);
}

/* The index of the first byte of s[i..n) that is 0x00 or 0xFF, or n:
** eight bytes at a time (a zero byte of v or of ~v). */
static size_t next_special(const uint8_t *s, size_t i, size_t n) {
  uint64_t v;
  while (i + 8 <= n && (memcpy(&v, s + i, 8), !(ok_zero_byte(v) | ok_zero_byte(~v)))) i += 8;
  while (i < n && s[i] != 0x00 && s[i] != 0xFF) i++;
  return i;
}

size_t ok_oc_enc_string(uint8_t *out, const uint8_t *s, size_t n, int desc) {
  size_t i = 0, o = 0, j;
  while (i < n) { /* runs up to each 00 or FF, copied whole; the byte gains its complement */
    j = next_special(s, i, n);
    if (out) memcpy(out + o, s + i, j - i);
    o += j - i;
    if (j == n) break;
    if (out) out[o] = s[j], out[o + 1] = (uint8_t)~s[j];
    o += 2, i = j + 1;
  }
  if (out) out[o] = 0x00, out[o + 1] = 0x01;
  return inverted(out, o + 2, desc);
}

size_t ok_oc_enc_infinity(uint8_t *out, int desc) {
  if (out) out[0] = out[1] = 0xFF;
  return inverted(out, 2, desc);
}

size_t ok_oc_enc_trailing(uint8_t *out, const uint8_t *s, size_t n, int desc) {
  if (out && n) memcpy(out, s, n);
  return inverted(out, n, desc);
}

/* --- Type lists ------------------------------------------------------------ */

static const char *const type_names[] = {"",         "string", "infinity", "string_or_infinity",
                                         "trailing", "int64",  "uint64",   "float64"};

const char *ok_orderedcode_type_name(int type) {
  return type >= OK_OC_STRING && type <= OK_OC_FLOAT64 ? type_names[type] : "?";
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* ok_orderedcode_write (ok_orderedcode.h): the list's type w->index: a
** string from TEXT or a BLOB, infinity from NULL, a float64 from a number a
** double holds exactly, an integer from an INTEGER, a whole REAL within its
** range, or (uint64) its decimal TEXT. */
int ok_orderedcode_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  const ok_orderedcode *s = f->param;
  int type, desc, rc, neg;
  uint8_t mag[8];
  size_t len, err, k;
  uint64_t u = 0;
  double d;
  int64_t x;
  if (w->index >= s->n) return OK_E_LENGTH;
  type = s->type[w->index], desc = s->desc[w->index];
  if (type == OK_OC_INFINITY || (type == OK_OC_STRING_OR_INFINITY && v->type == OK_NULL)) {
    if (v->type != OK_NULL) return OK_E_TYPE;
    w->n += ok_oc_enc_infinity(ok_writer_at(w, 2), desc);
    return OK_OK;
  }
  if (v->type == OK_NULL) return OK_E_NULL;
  if (type == OK_OC_STRING || type == OK_OC_STRING_OR_INFINITY || type == OK_OC_TRAILING) {
    if (v->type != OK_TEXT && v->type != OK_BLOB) return OK_E_TYPE;
    w->n += type == OK_OC_TRAILING
                ? ok_oc_enc_trailing(ok_writer_at(w, v->n), v->p, v->n, desc)
                : ok_oc_enc_string(ok_writer_at(w, OK_OC_BYTES_BOUND(v->n)), v->p, v->n, desc);
    return OK_OK;
  }
  if (type == OK_OC_FLOAT64) {
    if ((rc = ok_value_js_number(v, &d)) == OK_OK)
      w->n += ok_oc_enc_float64(ok_writer_at(w, OK_OC_NUM_MAX), d, desc);
    return rc;
  }
  if (type == OK_OC_UINT64 && v->type == OK_TEXT) { /* past int64: its digits */
    if (ok_decimal_parse(mag, sizeof mag, &len, &neg, (const char *)v->p, v->n, &err) != OK_OK ||
        neg)
      return OK_E_RANGE;
    for (k = 0; k < len; k++) u = u << 8 | mag[k];
    w->n += ok_oc_enc_uint64(ok_writer_at(w, OK_OC_NUM_MAX), u, desc);
    return OK_OK;
  }
  if (v->type == OK_REAL) {
    if (v->d != floor(v->d) || v->d < (type == OK_OC_UINT64 ? 0.0 : -9223372036854775808.0) ||
        v->d >= 9223372036854775808.0)
      return OK_E_RANGE;
    x = (int64_t)v->d;
  } else if (v->type == OK_INT) {
    x = v->i;
  } else {
    return OK_E_TYPE;
  }
  if (type == OK_OC_UINT64 && x < 0) return OK_E_RANGE;
  w->n += type == OK_OC_UINT64 ? ok_oc_enc_uint64(ok_writer_at(w, OK_OC_NUM_MAX), (uint64_t)x, desc)
                               : ok_oc_enc_int64(ok_writer_at(w, OK_OC_NUM_MAX), x, desc);
  return OK_OK;
}

static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  return v ? ok_orderedcode_write(f, w, v) : OK_OK;
}

/* The word at text[*i..n) (letters, digits, '_'), its length; *i past it. */
static size_t word(const char *text, size_t n, size_t *i) {
  size_t start;
  while (*i < n && is_space(text[*i])) (*i)++;
  start = *i;
  while (*i < n && ((text[*i] >= 'a' && text[*i] <= 'z') || (text[*i] >= 'A' && text[*i] <= 'Z') ||
                    (text[*i] >= '0' && text[*i] <= '9') || text[*i] == '_'))
    (*i)++;
  return *i - start;
}

static int same_word(const char *w, size_t n, const char *name) {
  size_t k;
  for (k = 0; k < n && name[k]; k++)
    if ((w[k] >= 'A' && w[k] <= 'Z' ? w[k] | 0x20 : w[k]) != name[k]) return 0;
  return k == n && !name[k];
}

static int decode(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                  size_t *err_at);
OK_WALK_READER_FIELDS(next, decode)
static size_t oc_value(uint8_t *out, const ok_item *it);
static size_t skip(const ok_format *f, size_t index, const uint8_t *key, size_t n);

int ok_orderedcode_parse(ok_orderedcode *s, const char *text, size_t n, size_t *err_at,
                         const char **why) {
  size_t i = 0, start, len;
  int t;
  memset(s, 0, sizeof *s);
  for (;;) {
    while (i < n && is_space(text[i])) i++;
    start = i;
    len = word(text, n, &i);
    for (t = OK_OC_STRING; t <= OK_OC_FLOAT64 && !same_word(text + start, len, type_names[t]); t++)
      continue;
    if (t > OK_OC_FLOAT64) {
      *why = len ? "unknown type" : "a type expected";
      return fail(OK_E_SYNTAX, start, err_at);
    }
    if (s->n == OK_OC_FIELDS_MAX) {
      *why = "more than 64 types";
      return fail(OK_E_SYNTAX, start, err_at);
    }
    if (s->n > 0 && s->type[s->n - 1] == OK_OC_TRAILING) {
      *why = "a type after trailing, which takes the rest of the key";
      return fail(OK_E_SYNTAX, start, err_at);
    }
    s->type[s->n] = (uint8_t)t;
    start = i;
    len = word(text, n, &i);
    if (len) {
      if (!same_word(text + start + (size_t)(i - start - len), len, "desc")) {
        *why = "'desc' or a comma expected";
        return fail(OK_E_SYNTAX, i - len, err_at);
      }
      s->desc[s->n] = 1;
    }
    s->n++;
    while (i < n && is_space(text[i])) i++;
    if (i == n) break;
    if (text[i] != ',') {
      *why = "a comma expected";
      return fail(OK_E_SYNTAX, i, err_at);
    }
    i++;
  }
  s->format.name = "orderedcode";
  s->format.fields = s->n;
  s->format.decode = decode;
  s->format.next = next;
  s->format.value = oc_value;
  s->format.param = s;
  s->format.skip = skip;
  s->format.put = put_value;
  return OK_OK;
}

size_t ok_orderedcode_text(char *out, const ok_orderedcode *s) {
  size_t k, o = 0;
  for (k = 0; k < s->n; k++) {
    const char *name = type_names[s->type[k]];
    size_t len = strlen(name);
    if (k) {
      if (out) memcpy(out + o, ", ", 2);
      o += 2;
    }
    if (out) memcpy(out + o, name, len);
    o += len;
    if (s->desc[k]) {
      if (out) memcpy(out + o, " desc", 5);
      o += 5;
    }
  }
  return o;
}

/* --- Decoding ------------------------------------------------------------- */

/* 1 when p[0..n), each byte XORed with x, is valid UTF-8 without NUL. */
static int utf8_text(const uint8_t *p, size_t n, uint8_t x) {
  uint8_t buf[64];
  size_t at = 0;
  if (!x) return ok_utf8_check(p, n) == n && !memchr(p, 0, n);
  while (at < n) { /* through a window: a sequence cut at its end is checked again */
    size_t k, len = n - at < sizeof buf ? n - at : sizeof buf, good;
    for (k = 0; k < len; k++) buf[k] = (uint8_t)(p[at + k] ^ x);
    if (memchr(buf, 0, len)) return 0;
    good = ok_utf8_check(buf, len);
    if (good == len) {
      at += len;
    } else if (at + len < n && len - good < 4 && good > 0) {
      at += good;
    } else {
      return 0;
    }
  }
  return 1;
}

/* The end of a string's bytes from c, where its 00 01 starts (x: 0xFF
** descending), with the count of escapes. */
static inline int string_end(const uint8_t *c, size_t n, uint8_t x, size_t *end, size_t *escapes,
                             size_t *err_at) {
  size_t i;
  for (i = 0;; i++) {
    uint8_t b;
    /* to the next 00 or FF, eight bytes at a time where a ninth follows;
    ** ok_zero_byte's lowest flag is exact */
    for (; i + 9 <= n; i += 8) {
      uint64_t w = ok_get_le(c + i, x), m = ok_zero_byte(w) | ok_zero_byte(~w);
      if (m) {
        i += ok_low_bit(m) / 8;
        break;
      }
    }
    if (i + 1 >= n) return fail(OK_E_TRUNCATED, n, err_at);
    b = c[i] ^ x;
    if (b == 0x00 && (c[i + 1] ^ x) == 0x01) break;
    if (b == 0x00 || b == 0xFF) {
      if ((c[i + 1] ^ x) != (uint8_t)~b) return fail(b == 0xFF ? OK_E_TAG : OK_E_ESCAPE, i, err_at);
      i++, ++*escapes;
    }
  }
  *end = i;
  return OK_OK;
}

OK_HOT_INLINE int dec_string(const uint8_t *c, size_t n, uint8_t x, ok_item *it, size_t *err_at) {
  size_t i, escapes = 0;
  int rc = string_end(c, n, x, &i, &escapes, err_at);
  if (rc != OK_OK) return rc;
  it->body = c;
  it->body_len = i;
  it->value_len = i - escapes;
  it->direct = !x && !escapes;
  it->len = i + 2;
  /* an escape is a NUL or an FF in the value: no text; without one, no
  ** byte is a NUL (ascending: the bytes as they are need only be UTF-8) */
  it->type = !escapes && (x ? utf8_text(c, i, x) : ok_utf8_valid(c, i)) ? OK_TEXT : OK_BLOB;
  return OK_OK;
}

/* An int64 from c (x: 0xFF descending), only in its shortest form. */
OK_HOT_INLINE int dec_int64(const uint8_t *c, size_t n, uint8_t x, int64_t *v, size_t *len,
                            size_t *err_at) {
  uint8_t first = c[0] ^ x, y = x;
  size_t ones;
  uint64_t u;
  if (!(first & 0x80)) y ^= 0xFF; /* negative: the inverse of ~v's */
  /* the length: the leading 1 bits, of the first byte, then of the second */
  ones = 8 - ok_bit_length((uint8_t) ~(c[0] ^ y));
  if (ones == 8 && n > 1) ones += 8 - ok_bit_length((uint8_t) ~(c[1] ^ y));
  if (ones > 10) return fail(OK_E_RANGE, 1, err_at);
  if (n < ones) return fail(OK_E_TRUNCATED, n, err_at);
  /* the value: the low 7 x ones bits of the ones bytes, under the length's
  ** 1 bits and the 0 after them; of 10 bytes, 70 bits, the top 6 must be 0 */
  if (ones <= 8) {
    u = n >= 8 ? ok_get_be(c, 8, y) >> (64 - 8 * ones) : ok_get_be(c, ones, y);
    u &= ~(uint64_t)0 >> (64 - 7 * ones);
  } else {
    if (ones == 10 && (c[1] ^ y) & 0x3F) return fail(OK_E_RANGE, 9, err_at);
    u = ok_get_be(c + ones - 8, 8, y);
    if (ones == 9) u &= ~(uint64_t)0 >> 1;
  }
  if (u >> 63) return fail(OK_E_RANGE, 0, err_at);
  *v = y != x ? (int64_t)~u : (int64_t)u;
  *len = ones;
  /* the shortest form: the value needs its bytes (one byte less holds 7
  ** bits less, and one bit is the 0 after the length) */
  if (ones > 1 && !(u >> (7 * (ones - 1) - 1))) return fail(OK_E_NONCANONICAL, 0, err_at);
  return OK_OK;
}

/* A float64's int64 (a negative's bits with the sign inverted back) as
** the double's bits, which must not be a NaN. INT64_MIN would read as
** 0.0, whose int64 is 0 (-0.0's too: orderedcode writes it as 0.0), so no
** encoder writes it. */
static inline int float_bits(int64_t *v, size_t *err_at) {
  uint64_t u = (uint64_t)*v;
  if (*v == INT64_MIN) return fail(OK_E_NONCANONICAL, 0, err_at);
  if (*v < 0) u = (uint64_t)INT64_MIN - u;
  if ((u & ~((uint64_t)1 << 63)) > (uint64_t)0x7FF << 52)
    return fail(OK_E_RANGE, 0, err_at); /* NaN: no SQL value */
  *v = (int64_t)u;
  return OK_OK;
}

OK_HOT_INLINE int decode(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                         ok_item *it, size_t *err_at) {
  const ok_orderedcode *s = f->param;
  int type, rc;
  uint8_t x;
  int64_t v;
  size_t len, k;
  if (!s) return fail(OK_E_SYNTAX, 0, err_at);
  type = s->type[index];
  x = s->desc[index] ? 0xFF : 0x00;
  ok_item_reset(it, f, type);
  it->desc = s->desc[index];
  if (n == 0 && type != OK_OC_TRAILING) return *err_at = 0, OK_FEWER; /* a prefix of the list */
  switch (type) {
    case OK_OC_STRING_OR_INFINITY:
    case OK_OC_INFINITY:
      if (n >= 2 && (key[0] ^ x) == 0xFF && (key[1] ^ x) == 0xFF) {
        it->type = OK_NULL;
        it->len = 2;
        return OK_OK;
      }
      if (type == OK_OC_INFINITY) return fail(n < 2 ? OK_E_TRUNCATED : OK_E_TAG, 0, err_at);
      return dec_string(key, n, x, it, err_at);
    case OK_OC_STRING: return dec_string(key, n, x, it, err_at);
    case OK_OC_TRAILING:
      it->body = key;
      it->body_len = it->value_len = it->len = n;
      it->direct = !x;
      it->type = utf8_text(key, n, x) ? OK_TEXT : OK_BLOB;
      return OK_OK;
    case OK_OC_UINT64: {
      uint64_t u = 0;
      len = key[0] ^ x;
      if (len > 8) return fail(OK_E_LENGTH, 0, err_at);
      if (n < len + 1) return fail(OK_E_TRUNCATED, n, err_at);
      if (len && (key[1] ^ x) == 0) return fail(OK_E_NONCANONICAL, 1, err_at);
      for (k = 0; k < len; k++) u = u << 8 | (uint8_t)(key[1 + k] ^ x);
      it->len = len + 1;
      it->i = (int64_t)u;
      it->type = u >> 63 ? OK_TEXT : OK_INT;
      if (it->type == OK_TEXT) it->value_len = ok_u64_text(NULL, u);
      return OK_OK;
    }
  }
  if ((rc = dec_int64(key, n, x, &v, &len, err_at)) != OK_OK) return rc;
  it->len = len;
  if (type == OK_OC_INT64) {
    it->type = OK_INT;
    it->i = v;
    return OK_OK;
  }
  if ((rc = float_bits(&v, err_at)) != OK_OK) return rc;
  memcpy(&it->d, &v, 8);
  it->type = OK_REAL;
  return OK_OK;
}

/* The common fields' lengths, with no value made (and no UTF-8 check of a
** string, which only tells TEXT from BLOB). */
static size_t skip(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  const ok_orderedcode *s = f->param;
  uint8_t x = s->desc[index] ? 0xFF : 0x00;
  size_t len = 0, escapes = 0, err;
  int64_t v;
  if (n == 0) return 0;
  switch (s->type[index]) {
    case OK_OC_STRING: return string_end(key, n, x, &len, &escapes, &err) == OK_OK ? len + 2 : 0;
    case OK_OC_INT64: return dec_int64(key, n, x, &v, &len, &err) == OK_OK ? len : 0;
    case OK_OC_FLOAT64:
      return dec_int64(key, n, x, &v, &len, &err) == OK_OK && float_bits(&v, &err) == OK_OK ? len
                                                                                            : 0;
  }
  return 0;
}

static size_t oc_value(uint8_t *out, const ok_item *it) {
  size_t i, o = 0;
  uint8_t x = it->desc ? 0xFF : 0x00;
  if (it->tag == OK_OC_UINT64) return ok_u64_text((char *)out, (uint64_t)it->i);
  for (i = 0; i < it->body_len; i++) {
    out[o++] = it->body[i] ^ x;
    if (it->tag != OK_OC_TRAILING && (out[o - 1] == 0x00 || out[o - 1] == 0xFF)) i++;
  }
  return o;
}

/* Alone it reads nothing: keys are read with a type list, the format
** ok_orderedcode_parse makes. */
const ok_format ok_format_orderedcode = {
    .name = "orderedcode",
    .decode = decode,
    .next = next,
    .value = oc_value,
    .param_name = "types",
};
