/*
** utf8.c -- telling valid UTF-8 from other bytes, and code points to and
** from it; and WTF-8, UTF-8 that holds JavaScript's lone surrogates, to and
** from UTF-16 units (the browsers' keys hold strings as units).
*/
#include <string.h>

#include "internal.h"

/* Length of the valid UTF-8 sequence at p[0..n), or 0 if there is none:
** no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t seq_len(const uint8_t *p, size_t n) {
  unsigned c = p[0], min, cp;
  size_t len, i;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF)
    len = 2, min = 0x80, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF)
    len = 3, min = 0x800, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4)
    len = 4, min = 0x10000, cp = c & 0x07;
  else
    return 0;
  if (len > n) return 0;
  for (i = 1; i < len; i++) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (p[i] & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

size_t ok_utf8_check(const uint8_t *p, size_t n) {
  size_t i = 0, l;
  uint64_t w;
  if (n < 8) { /* short ASCII: two words of four that may overlap, or the bytes */
    uint32_t a = 0, b = 0;
    if (n >= 4)
      memcpy(&a, p, 4), memcpy(&b, p + n - 4, 4);
    else
      for (l = 0; l < n; l++) a |= p[l];
    if (!((a | b) & 0x80808080u)) return n;
  }
  while (i < n) {
    if (n - i >= 8) { /* ASCII, eight at a time; the last eight with the rest */
      memcpy(&w, p + i, 8);
      if (ok_ascii_word(w)) {
        i += 8;
        continue;
      }
    } else if (n >= 8 && (memcpy(&w, p + n - 8, 8), ok_ascii_word(w))) {
      return n;
    }
    if ((l = seq_len(p + i, n - i)) == 0) break;
    i += l;
  }
  return i;
}

unsigned ok_utf8_decode(const uint8_t *p, size_t *len) {
  static const uint8_t first_mask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  size_t l = p[0] < 0x80 ? 1 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4, i;
  unsigned c = p[0] & first_mask[l];
  for (i = 1; i < l; i++) c = c << 6 | (p[i] & 0x3Fu);
  *len = l;
  return c;
}

size_t ok_utf8_encode(uint8_t *out, unsigned long c) {
  uint8_t b[4];
  size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4, k;
  if (c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) return 0;
  for (k = n - 1; k > 0; k--, c >>= 6) b[k] = (uint8_t)(0x80 | (c & 0x3F));
  b[0] = (uint8_t)(n == 1 ? c : (0xF00 >> n) | c);
  if (out) memcpy(out, b, n);
  return n;
}

unsigned ok_wtf8_next(const uint8_t *s, size_t n, size_t *k) {
  size_t len;
  *k = 0;
  if (s[0] == 0xED && n >= 3 && s[1] >= 0xA0 && s[1] <= 0xBF && (s[2] & 0xC0) == 0x80) {
    unsigned u = 0xD000 | (unsigned)(s[1] & 0x3F) << 6 | (s[2] & 0x3F);
    /* a pair written as two surrogates is no WTF-8: it is one 4-byte character */
    if (u < 0xDC00 && n >= 6 && s[3] == 0xED && s[4] >= 0xB0 && s[4] <= 0xBF) return 0;
    *k = 3;
    return u;
  }
  len = s[0] < 0x80 ? 1 : s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
  if (len > n || seq_len(s, len) != len) return 0;
  *k = len;
  return ok_utf8_decode(s, &len);
}

size_t ok_wtf8_check(const uint8_t *p, size_t n) {
  size_t i = ok_utf8_check(p, n), k; /* UTF-8 at its speed, to a surrogate if any */
  while (i < n) {
    if (p[i] < 0x80)
      k = 1;
    else if (ok_wtf8_next(p + i, n - i, &k), k == 0)
      return i;
    i += k;
  }
  return n;
}

size_t ok_wtf8_unit(uint8_t *out, size_t o, unsigned *high, unsigned u) {
  unsigned c = u;
  if (*high && u >= 0xDC00 && u <= 0xDFFF) {
    o -= 3; /* the high surrogate, written alone before */
    c = 0x10000 + ((*high - 0xD800) << 10) + (u - 0xDC00);
  }
  *high = u >= 0xD800 && u <= 0xDBFF && c == u ? u : 0;
  if (c >= 0xD800 && c <= 0xDFFF) { /* lone, so far: WTF-8 */
    if (out)
      out[o] = 0xED, out[o + 1] = (uint8_t)(0x80 | (c >> 6 & 0x3F)),
      out[o + 2] = (uint8_t)(0x80 | (c & 0x3F));
    return o + 3;
  }
  return o + ok_utf8_encode(out ? out + o : NULL, c);
}
