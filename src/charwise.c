/*
** charwise.c -- the keys of the npm library charwise (3.0): bytewise's
** order as text, one JavaScript value a key, a type letter in front.
**
**   null A, false B, true C, numbers D (negative) and F (zero, positive):
**   'E', the exponent + 500 in 3 digits, 'M', toExponential()'s digits and
**   20 zeros, every digit of a negative one nines' complemented; strings J
**   (0x00 written 0x01, 0x01 written 0x01 0x01); arrays K, the elements
**   between '"', then '!'; undefined L.
**
** In an array an element that holds '!' or '"' has '?', '!' and '"'
** written "?@", "??" and "?%". Those two escapes are not one to one
** (ok_bytewise.h): the encoder refuses the strings whose text would read
** back as another, and the decoder the texts that are not what it writes.
*/
#include <math.h>
#include <string.h>

#include "internal.h"
#include "ok_bytewise.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

static size_t put(uint8_t *out, size_t o, const char *s, size_t n) {
  if (out) memcpy(out + o, s, n);
  return o + n;
}

/* A nonzero finite number's text at text: the letter of its sign, 'E', the
** power of ten of its first digit + 500, 'M', the decimal digits f * 10^e10
** written with a point after the first, trailing zeros dropped, and 20
** zeros; a negative's digits nines' complemented. */
static size_t number_text(uint8_t *text, int neg, uint64_t f, int e10) {
  size_t n = ok_u64_text((char *)text + 7, f), o;
  unsigned k = (unsigned)(e10 + (int)n - 1 + 500), q = k * 41 >> 12, r = k - 100 * q; /* 176..808 */
  while (text[6 + n] == '0') n--; /* toExponential() writes no trailing zero */
  text[0] = neg ? OK_CHARWISE_NEG : OK_CHARWISE_POS;
  text[1] = 'E';
  text[2] = (uint8_t)('0' + q), text[3] = (uint8_t)('0' + (r * 205 >> 11));
  text[4] = (uint8_t)('0' + r % 10);
  text[5] = 'M';
  text[6] = text[7];
  text[7] = '.';
  o = 7 + n;
  memset(text + o, '0', 20), o += 20;
  if (neg) { /* each digit d as 9 - d ('0' + '9' - d), eight at a time; 'M' and '.' again */
    for (k = 2; k + 8 <= o; k += 8)
      ok_put_le(text + k, 0x6969696969696969ULL - ok_get_le(text + k, 0));
    for (; k < o; k++) text[k] = (uint8_t)(0x69 - text[k]);
    text[5] = 'M', text[7] = '.';
  }
  return o;
}

size_t ok_charwise_enc_number(uint8_t *out, double d) {
  uint8_t scratch[OK_CHARWISE_NUM_MAX];
  double a = fabs(d);
  int e10 = 0, neg = d < 0;
  uint64_t f;
  if (d == 0) return put(out, 0, "FE  0M0", 7);
  if (isinf(d)) return put(out, 0, neg ? "DD" : "FF", 2);
  /* an integer below 2^53 (ids, counts) is its own shortest decimal, the
  ** only one without a fraction in its rounding interval: no conversion */
  if (a < 9007199254740992.0 && a == (double)(int64_t)a)
    f = (uint64_t)a;
  else
    f = ok_double_decimal(d, 0, &e10);
  return number_text(out ? out : scratch, neg, f, e10);
}

/* 1 when s[0..n) holds `c`. */
static int holds(const uint8_t *s, size_t n, uint8_t c) { return memchr(s, c, n) != NULL; }

/* 1 when s[0..n) has a '?' before '@', '?' or '%': an escape's look. */
static int looks_escaped(const uint8_t *s, size_t n) {
  const uint8_t *p = s, *end = s + n;
  while ((p = memchr(p, '?', (size_t)(end - p))) != NULL && p + 1 < end) {
    if (p[1] == '@' || p[1] == '?' || p[1] == '%') return 1;
    p++;
  }
  return 0;
}

int ok_charwise_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, int element) {
  /* the bytes that may need an escape, or make a string ambiguous */
  static const uint8_t special[256] = {[0x00] = 1, [0x01] = 1, ['!'] = 1, ['"'] = 1, ['?'] = 1};
  size_t i, o = 1;
  uint8_t any = 0;
  int esc;
  for (i = 0; i < n; i++) any |= special[s[i]];
  if (!any) { /* most text: its bytes as they are, found without a branch a byte */
    if (out && !ok_copy_short(out + 1, s, n, 0)) memcpy(out + 1, s, n);
    if (out) out[0] = OK_CHARWISE_STRING;
    *len = n + 1;
    return OK_OK;
  }
  esc = element && (holds(s, n, '!') || holds(s, n, '"'));
  for (i = 0; i + 1 < n; i++)
    if (s[i] == 0x00 && s[i + 1] <= 0x01) return OK_E_AMBIGUOUS;
  if (element && !esc && looks_escaped(s, n)) return OK_E_AMBIGUOUS;
  for (i = 0; i < n; i++) {
    uint8_t c = s[i];
    const char *two = NULL;
    if (c == 0x00)
      c = 0x01;
    else if (c == 0x01)
      two = "\x01\x01";
    else if (esc && c == '?')
      two = "?@";
    else if (esc && c == '!')
      two = "??";
    else if (esc && c == '"')
      two = "?%";
    if (two) {
      o = put(out, o, two, 2);
    } else {
      if (out) out[o] = c;
      o++;
    }
  }
  if (out) out[0] = OK_CHARWISE_STRING;
  *len = o;
  return OK_OK;
}

/* --- Decoding ------------------------------------------------------------- */

/* What an item keeps in ok_item.own: whether a string's text has the
** array element's escapes. */
typedef struct {
  int escaped;
} charwise_own;
typedef char own_fits[sizeof(charwise_own) <= OK_ITEM_OWN ? 1 : -1];

/* 1 when every byte of w is a digit '0'..'9' (a carry comes only from a
** byte that fails itself). */
static int all_digits(uint64_t w) {
  const uint64_t high = 0xF0F0F0F0F0F0F0F0ULL;
  return (w & high) + ((w + 0x0606060606060606ULL) & high) / 16 == 0x3333333333333333ULL;
}

/* The number of the eight digits '0'..'9' in w (read little-endian: its
** first byte the first digit), or UINT64_MAX when a byte is none: pairs,
** then fours, then the eight, a multiplication each. */
static inline uint64_t eight_digits(uint64_t w) {
  const uint64_t lanes = 0x000000FF000000FFULL;
  if (!all_digits(w)) return UINT64_MAX;
  w -= 0x3030303030303030ULL;
  w = w * 10 + (w >> 8); /* each pair's value in the low byte of its lane */
  return ((w & lanes) * (100 + (1000000ULL << 32)) + (w >> 16 & lanes) * (1 + (10000ULL << 32))) >>
         32;
}

/* The eight bytes at p whose last k are digits as eight digits, those
** before them zeros; a negative number's complemented (0x69 - c: a byte
** that borrows fails eight_digits, and so does the result of any other
** byte that is no digit). */
static uint64_t digit_word(const uint8_t *p, size_t k, int neg) {
  uint64_t w = ok_get_le(p, 0), keep = k ? ~(uint64_t)0 << (8 * (8 - k)) : 0;
  w = (w & keep) | ((neg ? '9' : '0') * 0x0101010101010101ULL & ~keep);
  return neg ? 0x6969696969696969ULL - w : w;
}

/* The digits of a number's text s whose last nonzero digit ends at `end`
** (the first at 6, the point at 7), up to 15 of them, eight at a time:
** 1 with their number in *m, 0 when there are more or a byte is no digit
** (dec_number then reads them one by one, and says which). */
static int short_digits(const uint8_t *s, size_t end, int neg, uint64_t *m) {
  size_t r = end - 8, lo = r < 8 ? r : 8,
         hi = r - lo; /* after the point: in the last word, before */
  uint64_t v = (uint64_t)(neg ? '9' - s[6] : s[6] - '0'), x;
  if (r > 14 || v > 9) return 0;
  if (hi) {
    if ((x = eight_digits(digit_word(s + end - 16, hi, neg))) == UINT64_MAX) return 0;
    v = v * ok_tens[hi] + x;
  }
  if ((x = eight_digits(digit_word(s + end - 8, lo, neg))) == UINT64_MAX) return 0;
  *m = v * ok_tens[lo] + x;
  return 1;
}

/* A number's text s[0..n) (its letter first) as the double whose text it
** is, the value of item `it` (as ok_js_number): the digits read, then the
** candidates around them written again. */
static int dec_number(const uint8_t *s, size_t n, ok_item *it, size_t *err_at) {
  uint8_t again[OK_CHARWISE_NUM_MAX];
  uint64_t m = 0, z8;
  int neg = s[0] == OK_CHARWISE_NEG, exp, k, nd = 0, zeros = 0;
  size_t i, end = n;
  double d;
  if (n == 2 && s[1] == s[0]) return ok_js_number(it, neg ? -HUGE_VAL : HUGE_VAL), OK_OK;
  if (n < 9 || s[1] != 'E' || s[5] != 'M' || s[7] != '.') return fail(OK_E_SYNTAX, 1, err_at);
  /* the trailing zeros (nines if negative): the 20 charwise writes, at
  ** once; else counted eight at a time, the digits before them one by one */
  z8 = (neg ? '9' : '0') * OK_UNIT8;
  if (n >= 28 && s[n - 21] != (uint8_t)z8 &&
      ((ok_get_le(s + n - 20, 0) ^ z8) | (ok_get_le(s + n - 16, 0) ^ z8) |
       (ok_get_le(s + n - 8, 0) ^ z8)) == 0)
    end = n - 20; /* what charwise writes: 20 of them after the last digit (or the point) */
  else {
    for (; end >= 16; end -= 8) {
      uint64_t w = ok_get_le(s + end - 8, 0) ^ z8; /* the last byte highest */
      if (w) {
        end -= (64 - ok_bit_length(w)) / 8;
        break;
      }
    }
    while (end > 8 && s[end - 1] == (neg ? '9' : '0')) end--;
  }
  /* the exponent + 500: three digits, a negative's complemented; tested in
  ** one word (the others made '0'), the first that is none found after */
  if (!all_digits((ok_get_le(s, 0) & 0xFFFFFF0000ULL) | 0x3030300000003030ULL))
    for (i = 2; i < 5; i++)
      if (s[i] < '0' || s[i] > '9') return fail(OK_E_SYNTAX, i, err_at);
  exp = 100 * (s[2] - '0') + 10 * (s[3] - '0') + (s[4] - '0');
  if (neg) exp = 999 - exp;
  /* up to 15 digits no other decimal as short reads as the same double, so
  ** they are the shortest; within 10^+-22 the double is exact */
  k = exp - 500 - (int)(end - 8); /* the power of ten of the digits' number */
  if (n - end == 20 && s[6] != (neg ? '9' : '0') && k >= -22 && k <= 22 &&
      short_digits(s, end, neg, &m)) {
    /* the type from the text, not from the double (whose division the
    ** type's test then waited for): below 10^15 (< 2^53) with no fraction,
    ** an integer; with one (m's last digit is no 0), a REAL */
    if (k >= 0 && exp - 500 < 15) {
      it->type = OK_INT;
      it->i = (int64_t)(m * ok_tens[k]);
      if (neg) it->i = -it->i;
      it->d = (double)it->i;
    } else if (k < 0) {
      it->type = OK_REAL;
      it->d = neg ? -ok_double_near(m, k) : ok_double_near(m, k);
    } else {
      ok_js_number(it, neg ? -ok_double_near(m, k) : ok_double_near(m, k));
    }
    return OK_OK;
  }
  for (i = 6; i < end; i++) { /* the digits, the point at 7 */
    int c = s[i];
    if (i == 7) continue;
    if (c < '0' || c > '9') return fail(OK_E_SYNTAX, i, err_at);
    if (neg) c = '9' - c + '0';
    if (c == '0') {
      zeros++;
      continue;
    }
    if (nd + zeros >= 19) return fail(OK_E_NONCANONICAL, i, err_at);
    for (; zeros > 0; zeros--) m *= 10, nd++;
    m = m * 10 + (uint64_t)(c - '0'), nd++;
  }
  exp -= 500 + (nd - 1);
  d = ok_double_near(m, exp);
  for (k = 0; k < 3; k++) { /* the double, and its neighbours when it was near */
    double c = k == 0 ? d : nextafter(d, k == 1 ? 0.0 : HUGE_VAL);
    if (m && !isinf(c) && ok_charwise_enc_number(again, neg ? -c : c) == n &&
        memcmp(again, s, n) == 0)
      return ok_js_number(it, neg ? -c : c), OK_OK;
  }
  return fail(OK_E_NONCANONICAL, 1, err_at);
}

/* 1 when s[0..n) holds no 0x00, 0x01 or '?': text as it is, which most is. */
static int plain(const uint8_t *s, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w = ok_get_le(s + i, 0);
    if (ok_byte_below(w, 2) | ok_zero_byte(w ^ '?' * OK_UNIT8)) return 0;
  }
  for (; i < n; i++)
    if (s[i] <= 0x01 || s[i] == '?') return 0;
  return 1;
}

/* A string's text after its 'J', s[0..n), escaped as an array's element
** when `element` holds a '!' or '"'. */
static int dec_string(const uint8_t *s, size_t n, int element, ok_item *it, size_t *err_at) {
  charwise_own o = {0};
  size_t i, len = 0, good;
  int as_is = plain(s, n); /* most text: no escape to read, nothing to refuse but bytes */
  if (!as_is && element && looks_escaped(s, n)) {
    /* what charwise escaped held a '!' or '"': "??" or "?%" now */
    const uint8_t *p = s, *end = s + n;
    int mark = 0;
    for (; (p = memchr(p, '?', (size_t)(end - p))) != NULL; p += 2) {
      if (p + 1 == end || (p[1] != '@' && p[1] != '?' && p[1] != '%'))
        return fail(OK_E_NONCANONICAL, 1 + (size_t)(p - s), err_at);
      mark |= p[1] != '@';
    }
    if (!mark) return fail(OK_E_AMBIGUOUS, 0, err_at);
    o.escaped = 1;
  }
  for (i = 0; !as_is && i < n; i++, len++) {
    if (s[i] == 0x00) return fail(OK_E_NUL, 1 + i, err_at);
    if (s[i] == 0x01 ? i + 1 < n && s[i + 1] == 0x01 : o.escaped && s[i] == '?') i++;
  }
  if (!ok_utf8_valid(s, n) && (good = ok_utf8_check(s, n)) != n)
    return fail(OK_E_BYTE, 1 + good, err_at);
  memcpy(it->own, &o, sizeof o);
  it->type = OK_TEXT;
  it->body = s;
  it->body_len = n;
  it->value_len = as_is ? n : len;
  it->direct = as_is || (!o.escaped && !memchr(s, 0x01, n));
  return OK_OK;
}

/* The value s[0..n) that is a whole key, or an element without its
** delimiter. */
static int dec_scalar(const uint8_t *s, size_t n, int element, ok_item *it, size_t *err_at) {
  int rc;
  ok_item_reset(it, &ok_format_charwise, s[0]);
  it->len = n;
  switch (s[0]) {
    case OK_CHARWISE_NULL:
    case OK_CHARWISE_UNDEFINED:
    case OK_CHARWISE_FALSE:
    case OK_CHARWISE_TRUE:
      if (n > 1) return fail(OK_E_TRAILING, 1, err_at);
      it->type = s[0] == OK_CHARWISE_FALSE || s[0] == OK_CHARWISE_TRUE ? OK_INT : OK_NULL;
      it->i = s[0] == OK_CHARWISE_TRUE;
      return OK_OK;
    case OK_CHARWISE_NEG:
      if (n == 3 && s[1] == 'a' && s[2] == 'N') { /* NaN: as the FDB and CockroachDB ones read */
        it->type = OK_TEXT;
        it->body = s;
        it->body_len = it->value_len = 3;
        return OK_OK;
      }
      /* fall through */
    case OK_CHARWISE_POS:
      if (n == 7 && memcmp(s, "FE  0M0", 7) == 0) {
        it->type = OK_INT;
        return OK_OK;
      }
      return dec_number(s, n, it, err_at);
    case OK_CHARWISE_STRING:
      if ((rc = dec_string(s + 1, n - 1, element, it, err_at)) != OK_OK) return rc;
      return OK_OK;
  }
  return fail(OK_E_TAG, 0, err_at);
}

/* The end of the element at s[0..n): the offset of the '"' or '!' after it,
** or n. Elements other than arrays hold neither. Inlined (a call a
** component: read all 1,099 -> 1,045 instructions a key, 3 ns less). */
OK_HOT_INLINE size_t scalar_end(const uint8_t *s, size_t n) {
  /* eight bytes at a time, both marks at once: elements are short, and
  ** two calls of memchr cost more than the search. A word with no byte
  ** below '#' holds neither, which one test tells: numbers have none, most
  ** text a space at most. */
  const uint64_t quote = '"' * OK_UNIT8, bang = '!' * OK_UNIT8;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w = ok_get_le(s + i, 0), hit;
    if (!ok_byte_below(w, '#')) continue;
    if ((hit = ok_zero_byte(w ^ quote) | ok_zero_byte(w ^ bang)) != 0)
      return i + ok_low_bit(hit) / 8; /* the lowest flag is a true one */
  }
  while (i < n && s[i] != '"' && s[i] != '!') i++;
  return i;
}

/* A nested array from its 'K' to the '!' that closes it, each element
** checked; a loop with a depth count, so nesting costs no stack. */
static int dec_array(const uint8_t *s, size_t n, ok_item *it, size_t *err_at) {
  size_t off = 1, depth = 1, end, err;
  ok_item in;
  int rc;
  if (n > 1 && s[1] == '!') depth = 0, off = 2; /* [] */
  while (depth > 0) {
    /* an element starts at off */
    if (off >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if (s[off] == OK_CHARWISE_ARRAY && off + 1 < n && s[off + 1] == '!') {
      off += 2; /* [] */
    } else if (s[off] == OK_CHARWISE_ARRAY) {
      depth++, off++;
      continue;
    } else {
      end = off + scalar_end(s + off, n - off);
      if (end == off) return fail(OK_E_SYNTAX, off, err_at);
      if ((rc = dec_scalar(s + off, end - off, 1, &in, &err)) != OK_OK)
        return fail(rc, off + err, err_at);
      off = end;
    }
    /* after an element: more, or the ends of arrays */
    while (off < n && s[off] == '!' && depth > 0) depth--, off++;
    if (depth == 0) break;
    if (off >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if (s[off] != '"') return fail(OK_E_SYNTAX, off, err_at);
    off++;
  }
  ok_item_reset(it, &ok_format_charwise, OK_CHARWISE_ARRAY);
  it->type = OK_TEXT;
  it->body = s;
  it->body_len = it->value_len = it->len = off;
  it->direct = 1;
  return OK_OK;
}

int ok_charwise_decode(const uint8_t *key, size_t n, int element, ok_item *it, size_t *err_at) {
  if (n == 0) {
    ok_item_reset(it, &ok_format_charwise, -1);
    return fail(OK_E_TRUNCATED, 0, err_at);
  }
  if (key[0] == OK_CHARWISE_ARRAY) {
    if (element) return dec_array(key, n, it, err_at);
    ok_item_reset(it, &ok_format_charwise, OK_CHARWISE_ARRAY);
    return fail(OK_E_TAG, 0, err_at); /* a whole array's elements are the key's components */
  }
  return dec_scalar(key, element ? scalar_end(key, n) : n, element, it, err_at);
}

/* A key's component `index`: its array's elements (the first with the 'K'
** before it, the others with the '"' before them, the last with the '!'
** after it, so that the components cover the key; an empty array has
** none), or the one value. */
static int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                      size_t *err_at) {
  size_t off = 1;
  int rc;
  (void)f;
  if (n == 0) return fail(OK_E_LENGTH, 0, err_at); /* never written: an empty array is one */
  if (index == 0 && key[0] != OK_CHARWISE_ARRAY) {
    rc = ok_charwise_decode(key, n, 0, it, err_at);
    ok_js_set_sole(it, 0);
    return rc;
  }
  if (index > 0 && key[0] != '"') {
    if (key[0] != '!') return fail(OK_E_SYNTAX, 0, err_at);
    return n == 1 ? OK_FEWER : fail(OK_E_TRAILING, 1, err_at);
  }
  if (index == 0 && n > 1 && key[1] == '!') /* K!: the empty array */
    return n == 2 ? OK_FEWER : fail(OK_E_TRAILING, 2, err_at);
  if (off >= n) return fail(OK_E_TRUNCATED, n, err_at);
  if ((rc = ok_charwise_decode(key + off, n - off, 1, it, err_at)) != OK_OK)
    return *err_at += off, rc;
  it->len += off;
  if (it->len == n) return fail(OK_E_TRUNCATED, n, err_at); /* no '!' closes the array */
  if (it->len + 1 == n && key[it->len] == '!') it->len++;   /* the last takes the array's end */
  ok_js_set_sole(it, index == 0 && it->len == n);
  return OK_OK;
}

static size_t charwise_value(uint8_t *out, const ok_item *it) {
  const uint8_t *s = it->body;
  size_t i, o = 0;
  charwise_own own;
  if (it->tag == OK_CHARWISE_NEG) return (void)memcpy(out, "NaN", 3), 3;
  if (it->direct || it->tag != OK_CHARWISE_STRING) {
    memcpy(out, s, it->value_len);
    return it->value_len;
  }
  memcpy(&own, it->own, sizeof own);
  for (i = 0; i < it->body_len; i++) {
    if (s[i] == 0x01) {
      int pair = i + 1 < it->body_len && s[i + 1] == 0x01;
      out[o++] = (uint8_t)pair;
      i += (size_t)pair;
    } else if (own.escaped && s[i] == '?') {
      i++;
      out[o++] = s[i] == '@' ? '?' : s[i] == '?' ? '!' : '"';
    } else {
      out[o++] = s[i];
    }
  }
  return o;
}

/* A word's flags (0x80 in a byte) when it holds a byte that charwise
** escapes or that may make a string ambiguous (00, 01, '!', '"', '?'):
** exact as to whether there is one (a false flag only above a true one). */
static uint64_t special_bytes(uint64_t w) {
  return ok_byte_below(w, 2) | ok_zero_byte(w ^ '!' * OK_UNIT8) | ok_zero_byte(w ^ '"' * OK_UNIT8) |
         ok_zero_byte(w ^ '?' * OK_UNIT8);
}

/* Most text: 4 to 16 bytes of ASCII with none of those, which is its own
** UTF-8 check and escaped form: the string's tag and s[0..n) written at
** out, 1; else 0 with nothing known. Two words that may overlap, checked
** and copied without a loop for a length that varies row to row (the
** byte loops' ends were a tenth of ok_charwise_pack's time). */
static int plain_short(uint8_t *out, const uint8_t *s, size_t n) {
  uint64_t a, b;
  if (!ok_short_words(s, n, &a, &b) || !ok_ascii_word(a | b) ||
      (special_bytes(a) | special_bytes(b)))
    return 0;
  out[0] = OK_CHARWISE_STRING;
  ok_put_short_words(out + 1, n, a, b);
  return 1;
}

/* No skip: an element is checked by reading it (a number by writing it
** again), which is what decoding costs; a skip that did the same made the
** walks 15% slower (an extra caller of the decoder's code). */
/* ok_charwise_write (ok_bytewise.h): a string with its element escapes
** unless it is the key's one value; no bytes; numbers only those a double
** holds exactly; strings UTF-8 whose text reads back. */
int ok_charwise_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  size_t len;
  double d;
  int rc;
  (void)f;
  if (v->type == OK_BLOB) return OK_E_TYPE;
  if (v->type == OK_NULL) {
    ok_writer_byte(w, OK_CHARWISE_NULL);
    return OK_OK;
  }
  if (v->type == OK_TEXT) {
    uint8_t *out = ok_writer_at(w, OK_CHARWISE_BYTES_BOUND(v->n));
    if (out && plain_short(out, v->p, v->n)) {
      w->n += v->n + 1;
      return OK_OK;
    }
    if ((w->err_at = ok_utf8_check(v->p, v->n)) != v->n) return OK_E_BYTE;
    rc = ok_charwise_enc_string(out, &len, v->p, v->n, !w->lone);
    if (rc == OK_OK) w->n += len;
    return rc;
  }
  if ((rc = ok_value_js_number(v, &d)) == OK_OK)
    w->n += ok_charwise_enc_number(ok_writer_at(w, OK_CHARWISE_NUM_MAX), d);
  return rc;
}

/* ok_convert's: the values in an array ('K' before the first, '"' between
** them, '!' at the end), or one value alone. A BLOB is refused before its
** separator. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (!w->lone && !w->mark) ok_writer_byte(w, OK_CHARWISE_ARRAY), w->mark = 1;
  if (!v) {
    if (!w->lone) ok_writer_byte(w, '!');
    return OK_OK;
  }
  if (v->type == OK_BLOB) return OK_E_TYPE;
  if (!w->lone && w->index > 0) ok_writer_byte(w, '"');
  return ok_charwise_write(f, w, v);
}

/* No `next`: with decode_any inlined into a walk reader's loop, ok_next_n
** took 4 instructions a key more and ok_json 4 a row more, in the same
** time. */
const ok_format ok_format_charwise = {
    .name = "charwise",
    .decode = decode_any,
    .value = charwise_value,
    .put = put_value,
    .arrays = 1,
};
