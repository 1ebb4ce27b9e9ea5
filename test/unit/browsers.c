/*
** browsers.c -- unit tests of the browsers' IndexedDB keys (src/firefox.c,
** src/webkit.c) as two implementations of one order: random values (numbers,
** Dates, strings of any UTF-16 units, binary, arrays three deep) written in
** both formats; Firefox's keys by their bytes and WebKit's under its
** collation must order every pair alike (but where WebKit compares binary
** with the rest of the key: a binary inside an array), each key must equal
** itself, and WebKit's order must be antisymmetric on every pair.
*/
#include <string.h>

#include "ok_firefox.h"
#include "ok_webkit.h"
#include "test.h"

#define KEY_ROOM 2048

typedef struct {
  uint8_t ff[KEY_ROOM], wk[KEY_ROOM];
  size_t nf, nw;
  int binary_inside; /* a binary value inside an array */
} pair;

/* Random WTF-8 text: ASCII, 2- and 3-byte characters, astral ones, and
** lone surrogates (never a high one just before a low one). */
static size_t random_text(uint8_t *s) {
  size_t n = 0, count = (size_t)(rnd() % 5), i;
  int after_high = 0;
  for (i = 0; i < count; i++) {
    unsigned c;
    switch (rnd() % 6) {
      case 0: c = (unsigned)(rnd() % 0x80); break;
      case 1: c = 0x80 + (unsigned)(rnd() % 0x780); break;
      case 2: c = 0x800 + (unsigned)(rnd() % 0xD000); break;
      case 3: c = 0xE000 + (unsigned)(rnd() % 0x2000); break;
      case 4: c = 0x10000 + (unsigned)(rnd() % 0x100000); break;
      default: c = 0xD800 + (unsigned)(rnd() % 0x800); /* a lone surrogate */
    }
    if (after_high && c >= 0xDC00 && c <= 0xDFFF) c = 'x';
    after_high = c >= 0xD800 && c <= 0xDBFF;
    if (c < 0x80) {
      s[n++] = (uint8_t)c;
    } else if (c < 0x800) {
      s[n++] = (uint8_t)(0xC0 | c >> 6), s[n++] = (uint8_t)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      s[n++] = (uint8_t)(0xE0 | c >> 12), s[n++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
      s[n++] = (uint8_t)(0x80 | (c & 0x3F));
    } else {
      s[n++] = (uint8_t)(0xF0 | c >> 18), s[n++] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
      s[n++] = (uint8_t)(0x80 | (c >> 6 & 0x3F)), s[n++] = (uint8_t)(0x80 | (c & 0x3F));
    }
  }
  return n;
}

/* One random value appended to both keys (Firefox's unfolded). */
static void random_value(pair *p, int depth, int in_array) {
  uint8_t s[32] = {0};
  size_t n, len, err, i;
  int kind = (int)(rnd() % (depth < 3 ? 5 : 4));
  switch (kind) {
    case 0: {
      num x = random_num();
      double d = x.is_int ? (double)x.i : x.d;
      p->nf += ok_firefox_enc_number(p->ff + p->nf, OK_FIREFOX_NUMBER, d);
      p->nw += ok_webkit_enc_number(p->wk + p->nw, OK_WEBKIT_NUMBER, d);
      return;
    }
    case 1: { /* whole ms within a Date's range, far from 2^53's unit steps */
      double ms = (double)((int64_t)(rnd() % 2000000000000000ULL) - 1000000000000000LL);
      p->nf += ok_firefox_enc_date(p->ff + p->nf, ms);
      p->nw += ok_webkit_enc_date(p->wk + p->nw, ms);
      return;
    }
    case 2:
      n = random_text(s);
      ok_firefox_enc_string(p->ff + p->nf, &len, OK_FIREFOX_STRING, s, n, &err);
      p->nf += len;
      ok_webkit_enc_string(p->wk + p->nw, &len, s, n, &err);
      p->nw += len;
      return;
    case 3:
      n = (size_t)(rnd() % 4);
      for (i = 0; i < n; i++) s[i] = (uint8_t)(rnd() % 3 ? rnd() : 0x7F + rnd() % 2);
      ok_firefox_enc_string(p->ff + p->nf, &len, OK_FIREFOX_BINARY, s, n, &err);
      p->nf += len;
      p->nw += ok_webkit_enc_head(p->wk + p->nw, OK_WEBKIT_BINARY, n);
      memcpy(p->wk + p->nw, s, n);
      p->nw += n;
      p->binary_inside |= in_array;
      return;
    default:
      n = (size_t)(rnd() % 4);
      p->ff[p->nf++] = OK_FIREFOX_ARRAY;
      p->nw += ok_webkit_enc_head(p->wk + p->nw, OK_WEBKIT_ARRAY, n);
      for (i = 0; i < n; i++) random_value(p, depth + 1, 1);
      p->ff[p->nf++] = OK_FIREFOX_END;
  }
}

static void random_pair(pair *p) {
  p->nf = 0, p->nw = 1, p->binary_inside = 0;
  p->wk[0] = OK_WEBKIT_VERSION;
  random_value(p, 0, 0);
  p->nf = ok_firefox_fold(p->ff, p->ff, p->nf, 1);
}

void test_browsers(long rounds) {
  static pair a, b;
  long r, same = 0, compared = 0, bad_order = 0, bad_self = 0, bad_swap = 0, bad_read = 0;
  for (r = 0; r < rounds; r++) {
    int f, w;
    size_t count, err;
    random_pair(&a);
    random_pair(&b);
    if (ok_count(&ok_format_firefox, a.ff, a.nf, &count, &err) != OK_OK ||
        ok_count(&ok_format_webkit, a.wk, a.nw, &count, &err) != OK_OK)
      bad_read++;
    f = sign(cmp_bytes(a.ff, a.nf, b.ff, b.nf));
    w = ok_webkit_compare(a.wk, a.nw, b.wk, b.nw);
    if (w != -ok_webkit_compare(b.wk, b.nw, a.wk, a.nw)) bad_swap++;
    if (ok_webkit_compare(a.wk, a.nw, a.wk, a.nw) != 0) bad_self++;
    if (a.binary_inside || b.binary_inside) continue;
    compared++;
    same += f == 0;
    if (f != w) {
      if (bad_order++ == 0) {
        char x[128], y[128];
        to_hex(x, a.ff, a.nf < 60 ? a.nf : 60);
        to_hex(y, b.ff, b.nf < 60 ? b.nf : 60);
        check(0, "browsers: Firefox's byte order is WebKit's IDBKEY order", x);
        check(0, "browsers: (the other key)", y);
      }
    }
  }
  check(bad_read == 0, "browsers: random keys read in both formats", "");
  check(bad_swap == 0, "browsers: IDBKEY is antisymmetric", "");
  check(bad_self == 0, "browsers: IDBKEY says a key equals itself", "");
  check(bad_order == 0 && compared > rounds / 2 && same > 0,
        "browsers: Firefox's byte order is WebKit's IDBKEY order, ties alike", "");
}
