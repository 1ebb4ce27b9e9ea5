/*
** orderedbinary.c -- ordered-binary's keys (ok_orderedbinary.h): the npm
** library that lmdb-js keys its LMDB stores with.
**
** A number is its 64 bits a nibble to the right, after 0001 when positive;
** a negative one's bits but the sign complemented, after 0000: 9 bytes, or
** alone in a key fewer (4, 6, 8), as many as its bits need. A string is its
** UTF-8 (WTF-8: a lone surrogate as its three bytes), after 1B when empty
** or when its first character is below U+001C,
** ending at a byte below 04; in a short one U+0000-U+0004 are 04 and the
** character. An array is its elements joined by 00.
*/
#include <math.h>

#include "internal.h"
#include "ok_orderedbinary.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

static uint64_t bits_of(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

/* The length ordered-binary gives a number alone: what its low bits need. */
static size_t alone_len(uint64_t b) {
  uint32_t lo = (uint32_t)b, hi = (uint32_t)(b >> 32);
  if (b >> 63) return 9; /* negative */
  if (lo & 0xF) return 9;
  if (lo & 0xFFFFF) return 8;
  if (lo || (hi & 0xF)) return 6;
  return 4;
}

size_t ok_orderedbinary_enc_number(uint8_t *out, double d, int element) {
  uint64_t b = bits_of(d == 0 ? 0.0 : d), y;
  size_t len = element ? 9 : alone_len(b), head = len < 8 ? len : 8;
  if (!out) return len;
  if (b >> 63) /* negative: every bit but the sign complemented, after 0000 */
    b ^= 0x7FFFFFFFFFFFFFFFULL, y = b >> 4;
  else
    y = (b >> 4) | (1ULL << 60);
  /* the bytes past len are zeros: written only when they are the key's
  ** (4, 6 or 8 of y's, no loop: a byte loop's time moved with where the
  ** linker put it, by a fifth) */
  ok_put_be(out, y >> (64 - 8 * head), head);
  if (len == 9) out[8] = (uint8_t)((b & 0xF) << 4);
  return len;
}

/* The UTF-16 length of WTF-8 s[0..n): a unit a character, two past U+FFFF
** (a lead byte F0-F4). */
static size_t utf16_units(const uint8_t *s, size_t n) {
  size_t i, units = 0;
  for (i = 0; i < n; i++) units += (s[i] & 0xC0) != 0x80 ? (size_t)1 + (s[i] >= 0xF0) : 0;
  return units;
}

int ok_orderedbinary_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n) {
  size_t i, o = 0, low = 0;
  for (i = 0; i < n; i++) low += s[i] <= 4;
  /* A long string (never one of fewer bytes) is written through Node's
  ** UTF-8, not unit by unit: one holding U+0000-U+0004 (unescaped) or a
  ** lone surrogate (as U+FFFD) would not read back */
  if (n >= OK_ORDEREDBINARY_SHORT && (low || ok_utf8_check(s, n) != n) &&
      utf16_units(s, n) >= OK_ORDEREDBINARY_SHORT)
    return OK_E_AMBIGUOUS;
  if (n == 0 || s[0] < 0x1C) {
    if (out) out[o] = OK_ORDEREDBINARY_ESCAPE;
    o++;
  }
  *len = o + n + low;
  if (!out) return OK_OK;
  if (!low) {
    memcpy(out + o, s, n);
    return OK_OK;
  }
  for (i = 0; i < n; i++) {
    if (s[i] <= 4) out[o++] = 4;
    out[o++] = s[i];
  }
  return OK_OK;
}

/* A number at key[0..n), 9 bytes or (first) fewer when they are the key. */
static int dec_number(const uint8_t *key, size_t n, int first, ok_item *it, size_t *err_at) {
  uint8_t nine[9] = {0};
  size_t len = n < 9 ? n : 9;
  uint64_t y, b;
  int neg = key[0] < OK_ORDEREDBINARY_POS;
  if (n >= 9) /* the element's 9 bytes at a fixed size, the key's own at its length */
    memcpy(nine, key, 9);
  else if (first && (n == 4 || n == 6 || n == 8))
    memcpy(nine, key, n);
  else
    return fail(OK_E_TRUNCATED, n, err_at);
  y = ok_get_be(nine, 8, 0);
  /* a BigInt's further bits go into the last nibble and the bytes after */
  if (nine[8] & 0xF) return fail(OK_E_RANGE, 8, err_at);
  b = (y << 4 | nine[8] >> 4);
  if (neg) b ^= 0x7FFFFFFFFFFFFFFFULL;
  memcpy(&it->d, &b, 8);
  if (it->d != it->d) return fail(OK_E_RANGE, 0, err_at);                        /* NaN */
  if (neg && it->d == 0) return fail(OK_E_NONCANONICAL, 0, err_at);              /* -0 */
  if (len < 9 && alone_len(b) != len) return fail(OK_E_NONCANONICAL, 0, err_at); /* trimmed */
  ok_js_number(it, it->d);
  it->len = len;
  return OK_OK;
}

/* The rest of a string's checks (ordered-binary's dec_string), where its
** bytes are not plain: a call, kept out of the walk's inlined decoder. */
static int check_string(const uint8_t *body, size_t start, size_t escapes, int first_char,
                        const ok_item *it, size_t *err_at) {
  size_t good;
  if (escapes == 0 && !ok_utf8_valid(body, it->body_len)) {
    size_t rest, wtf;
    good = ok_utf8_check(body, it->body_len);
    rest = it->body_len - good, wtf = ok_wtf8_check(body + good, rest);
    if (wtf != rest) return fail(OK_E_BYTE, start + good + wtf, err_at);
    /* a lone surrogate: never in a long string, which ordered-binary writes
    ** through Node's UTF-8 (as U+FFFD) */
    if (it->body_len >= OK_ORDEREDBINARY_SHORT &&
        utf16_units(body, it->body_len) >= OK_ORDEREDBINARY_SHORT)
      return fail(OK_E_NONCANONICAL, start + good, err_at);
  }
  /* the escape before a string where ordered-binary writes it, and no
  ** escapes in a long string, which it writes as it is */
  if ((start == 1) != (first_char < 0x1C)) return fail(OK_E_NONCANONICAL, 0, err_at);
  if (escapes && it->value_len >= OK_ORDEREDBINARY_SHORT) {
    /* the UTF-16 length decides: count it on the unescaped bytes */
    uint8_t buf[4 * OK_ORDEREDBINARY_SHORT];
    size_t k, o = 0;
    for (k = 0; k < it->body_len && o < sizeof buf; k++)
      buf[o++] = body[k] == 4 ? body[++k] : body[k];
    if (o >= sizeof buf || utf16_units(buf, o) >= OK_ORDEREDBINARY_SHORT)
      return fail(OK_E_NONCANONICAL, start, err_at);
  }
  if (escapes) { /* WTF-8 of the unescaped bytes: escapes are ASCII, so check the rest */
    size_t k = 0;
    while (k < it->body_len) {
      size_t run = 0;
      while (k + run < it->body_len && body[k + run] != 4) run++;
      if ((good = ok_wtf8_check(body + k, run)) != run)
        return fail(OK_E_BYTE, start + k + good, err_at);
      k += run + 2;
    }
  }
  return OK_OK;
}

/* A string's body at key[0..n), up to a byte below 04 or the end: checked
** as ordered-binary writes it (escapes 04 0x with x <= 4 in a short string
** only, UTF-8), escape counted in it->value_len's difference. */
OK_HOT_INLINE int dec_string(const uint8_t *key, size_t n, size_t start, ok_item *it,
                             size_t *err_at) {
  size_t i = start, escapes = 0;
  const uint8_t *body = key + start;
  int first_char = -1;
  for (;;) {
    if (n - i >= 8 && !ok_byte_below(ok_get_le(key + i, 0), 5)) { /* no end (00), no escape */
      i += 8;
      continue;
    }
    if (i >= n || key[i] <= 3) break;
    if (key[i] == 4) {
      if (i + 1 >= n) return fail(OK_E_TRUNCATED, n, err_at);
      if (key[i + 1] > 4) return fail(OK_E_ESCAPE, i + 1, err_at);
      escapes++;
      i += 2;
    } else {
      i++;
    }
  }
  if (i > start) first_char = body[0] == 4 ? body[1] : body[0]; /* an escape's character */
  it->type = OK_TEXT;
  it->body = body;
  it->body_len = i - start;
  it->value_len = it->body_len - escapes;
  it->direct = escapes == 0;
  it->len = i;
  /* most strings: no escape, UTF-8, the escape before one ordered-binary writes it before */
  if (!escapes && (start == 1) == (first_char < 0x1C) && ok_utf8_valid(body, it->body_len))
    return OK_OK;
  return check_string(body, start, escapes, first_char, it, err_at);
}

/* ok_orderedbinary_decode, inlined into the walks' reader. */
OK_HOT_INLINE int dec_value(const uint8_t *key, size_t n, int first, ok_item *it, size_t *err_at) {
  int t;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  t = key[0];
  ok_item_reset(it, &ok_format_orderedbinary, t);
  it->len = 1;
  it->type = OK_NULL;
  switch (t) {
    case OK_ORDEREDBINARY_NULL: return OK_OK;
    case OK_ORDEREDBINARY_FALSE:
    case OK_ORDEREDBINARY_TRUE:
      it->type = OK_INT;
      it->i = t == OK_ORDEREDBINARY_TRUE;
      return OK_OK;
    case 0x01:
    case 0x03:
    case 0x04:
    case 0x05: /* a Buffer: the rest of the key, as it is */
      it->tag = OK_ORDEREDBINARY_BUFFER;
      it->type = OK_BLOB;
      it->body = key;
      it->body_len = it->value_len = it->len = n;
      it->direct = 1;
      return OK_OK;
    case OK_ORDEREDBINARY_SYMBOL: {
      int rc;
      if (n < 2) return fail(OK_E_TRUNCATED, n, err_at);
      rc = dec_string(key + 1, n - 1, key[1] == OK_ORDEREDBINARY_ESCAPE, it, err_at);
      if (rc != OK_OK) return *err_at += 1, rc;
      it->tag = OK_ORDEREDBINARY_SYMBOL;
      it->len += 1;
      return OK_OK;
    }
  }
  if (t >= OK_ORDEREDBINARY_NEG && t < OK_ORDEREDBINARY_POS + 8) {
    it->tag = t < OK_ORDEREDBINARY_POS ? OK_ORDEREDBINARY_NEG : OK_ORDEREDBINARY_POS;
    return dec_number(key, n, first, it, err_at);
  }
  if (t == OK_ORDEREDBINARY_ESCAPE || t >= 0x1C) {
    int rc = dec_string(key, n, t == OK_ORDEREDBINARY_ESCAPE, it, err_at);
    it->tag = OK_ORDEREDBINARY_ESCAPE;
    return rc;
  }
  return fail(OK_E_TAG, 0, err_at); /* 18-1A: -0 as ordered-binary writes it, read as a string */
}

int ok_orderedbinary_decode(const uint8_t *key, size_t n, int first, ok_item *it, size_t *err_at) {
  return dec_value(key, n, first, it, err_at);
}

/* A key's component `index`: its elements, each with the 00 after it but
** the last; a number alone may be trimmed. One element that ordered-binary
** writes otherwise alone (a number of 9 bytes that needs fewer) is the one
** element of an array key: ok_js_sole. */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  int rc;
  (void)f;
  if (n == 0) return index == 0 ? fail(OK_E_LENGTH, 0, err_at) : fail(OK_FEWER, 0, err_at);
  if ((rc = dec_value(key, n, index == 0, it, err_at)) != OK_OK) return rc;
  ok_js_set_sole(it, index == 0 && it->len == n && it->len == 9 &&
                         it->tag == OK_ORDEREDBINARY_POS && alone_len(bits_of(it->d)) != 9);
  if (it->len == n) return OK_OK;
  if (key[it->len] != 0x00) return fail(OK_E_TRAILING, it->len, err_at); /* 01-03 after a string */
  if (it->len + 1 == n) return fail(OK_E_TRAILING, it->len, err_at); /* a 00 with nothing after */
  it->len++;
  return OK_OK;
}

static size_t orderedbinary_value(uint8_t *out, const ok_item *it) {
  size_t i, o = 0;
  if (it->direct) {
    memcpy(out, it->body, it->value_len);
    return it->value_len;
  }
  for (i = 0; i < it->body_len; i++) out[o++] = it->body[i] == 4 ? it->body[++i] : it->body[i];
  return o;
}

/* A string of 4 to 16 ASCII bytes, none of 00-04 (most keys' text),
** written as ok_orderedbinary_enc_string writes it from two words that may
** overlap (ok_short_words): no UTF-8 check, no count of the bytes to
** escape, no byte loop. 1 with *len; else 0, nothing written. */
static int plain_short(uint8_t *out, const uint8_t *s, size_t n, size_t *len) {
  uint64_t a, b;
  size_t o;
  if (!ok_short_words(s, n, &a, &b) || !ok_ascii_word(a | b) ||
      (ok_byte_below(a, 5) | ok_byte_below(b, 5)))
    return 0;
  o = s[0] < 0x1C;
  out[0] = OK_ORDEREDBINARY_ESCAPE; /* overwritten unless o */
  ok_put_short_words(out + o, n, a, b);
  *len = n + o;
  return 1;
}

int ok_orderedbinary_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  uint8_t *at;
  size_t len;
  double d;
  int rc;
  (void)f;
  switch (v->type) {
    case OK_NULL: ok_writer_byte(w, OK_ORDEREDBINARY_NULL); return OK_OK;
    case OK_INT:
    case OK_REAL:
      if ((rc = ok_value_js_number(v, &d)) == OK_OK)
        w->n += ok_orderedbinary_enc_number(ok_writer_at(w, 9), d, !w->lone);
      return rc;
    case OK_BLOB:
      if (v->n == 0 || !(v->p[0] == 1 || v->p[0] == 3 || v->p[0] == 4 || v->p[0] == 5))
        return w->err_at = 0, OK_E_BYTE;
      if ((at = ok_writer_at(w, v->n)) != NULL) memcpy(at, v->p, v->n);
      w->n += v->n;
      return OK_OK;
    default:
      at = ok_writer_at(w, OK_ORDEREDBINARY_BOUND(v->n));
      if (at && plain_short(at, v->p, v->n, &len)) {
        w->n += len;
        return OK_OK;
      }
      if ((w->err_at = ok_wtf8_check(v->p, v->n)) != v->n) return OK_E_BYTE;
      rc = ok_orderedbinary_enc_string(at, &len, v->p, v->n);
      if (rc == OK_OK) w->n += len;
      return rc;
  }
}

/* ok_convert's: one value alone (a number trimmed), or several with a 00
** between them; nothing after a Buffer, whose bytes take the rest of the
** key (a value there would be read as its bytes). */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (!v) return w->count ? OK_OK : OK_E_LENGTH;
  if (w->mark) return OK_E_AMBIGUOUS;
  if (w->index > 0) ok_writer_byte(w, 0x00);
  w->lone = w->count == 1;
  if (v->type == OK_BLOB) w->mark = 1;
  return ok_orderedbinary_write(f, w, v);
}

OK_WALK_READER(next, decode_any)

const ok_format ok_format_orderedbinary = {
    .name = "orderedbinary",
    .decode = decode_any,
    .next = next,
    .value = orderedbinary_value,
    .put = put_value,
};
