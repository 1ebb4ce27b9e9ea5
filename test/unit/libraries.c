/*
** libraries.c -- unit tests of the key libraries' formats (src/bytewise.c,
** src/charwise.c, src/orderedcode.c) where the libraries' own code in make
** test does not reach: JavaScript Dates as text over their whole range,
** type lists and their errors, and order of random values.
*/
#define OK_STATIC_LINKING_ONLY /* ok_charwise_write, before any header of ok's */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok_bytewise.h"
#include "ok_firefox.h"
#include "ok_formats.h"
#include "ok_hbase.h"
#include "ok_orderedbinary.h"
#include "ok_orderedcode.h"
#include "ok_orderly.h"
#include "test.h"

static void test_dates(long rounds) {
  static const struct {
    int64_t ms;
    const char *text;
  } known[] = {
      {0, "1970-01-01T00:00:00.000Z"},
      {-1, "1969-12-31T23:59:59.999Z"},
      {951782400000, "2000-02-29T00:00:00.000Z"},
      {253402300799999, "9999-12-31T23:59:59.999Z"},
      {253402300800000, "+010000-01-01T00:00:00.000Z"},
      {-62167219200000, "0000-01-01T00:00:00.000Z"},
      {-62167219200001, "-000001-12-31T23:59:59.999Z"},
      {8640000000000000, "+275760-09-13T00:00:00.000Z"},
      {-8640000000000000, "-271821-04-20T00:00:00.000Z"},
  };
  static const struct {
    const char *text;
    size_t at;
    int status;
  } bad[] = {
      {"2024-02-30T00:00:00.000Z", 8, OK_E_SYNTAX},
      {"2023-02-29T00:00:00.000Z", 8, OK_E_SYNTAX},
      {"2024-13-01T00:00:00.000Z", 5, OK_E_SYNTAX},
      {"2024-00-01T00:00:00.000Z", 5, OK_E_SYNTAX},
      {"2024-01-01T24:00:00.000Z", 11, OK_E_SYNTAX},
      {"2024-01-01T00:00:00.000", 23, OK_E_SYNTAX},
      {"2024-01-01T00:00:00.000Zx", 24, OK_E_SYNTAX},
      {"2024-01-01 00:00:00.000Z", 10, OK_E_SYNTAX},
      {"-000000-01-01T00:00:00.000Z", 0, OK_E_SYNTAX},
      {"+275760-09-13T00:00:00.001Z", 0, OK_E_RANGE},
      {"", 0, OK_E_SYNTAX},
  };
  char text[OK_JS_DATE_TEXT_MAX + 1];
  size_t i, n, err;
  int64_t ms;
  long r;
  for (i = 0; i < sizeof known / sizeof known[0]; i++) {
    n = ok_js_date_text(text, known[i].ms);
    text[n] = 0;
    check(strcmp(text, known[i].text) == 0 &&
              ok_js_date_parse(&ms, known[i].text, strlen(known[i].text), &err) == OK_OK &&
              ms == known[i].ms,
          "dates: text as toISOString writes it, and back", known[i].text);
  }
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int rc = ok_js_date_parse(&ms, bad[i].text, strlen(bad[i].text), &err);
    check(rc == bad[i].status && err == bad[i].at, "dates: refused at the character", bad[i].text);
  }
  for (r = 0; r < rounds; r++) { /* any whole millisecond of the range, and back */
    int64_t x = (int64_t)(rnd() % 17280000000000001ULL) - 8640000000000000LL;
    n = ok_js_date_text(text, x);
    if (ok_js_date_parse(&ms, text, n, &err) != OK_OK || ms != x) {
      text[n] = 0;
      check(0, "dates: every one reads back", text);
      return;
    }
  }
  check(1, "dates: every one reads back", "");
}

static void test_types(void) {
  static const struct {
    const char *text, *canonical;
  } good[] = {
      {"string", "string"},
      {" STRING DESC ,int64,uint64 desc, float64,infinity, string_or_infinity,trailing desc ",
       "string desc, int64, uint64 desc, float64, infinity, string_or_infinity, trailing desc"},
  };
  static const struct {
    const char *text;
    size_t at;
  } bad[] = {{"", 0},
             {"strin", 0},
             {"string,", 7},
             {"string asc", 7},
             {"trailing, string", 10},
             {"int64 desc desc", 11},
             {"int64;", 5}};
  ok_orderedcode s;
  char text[256];
  const char *why;
  size_t i, n, err;
  for (i = 0; i < sizeof good / sizeof good[0]; i++) {
    int rc = ok_orderedcode_parse(&s, good[i].text, strlen(good[i].text), &err, &why);
    n = rc == OK_OK ? ok_orderedcode_text(text, &s) : 0;
    text[n] = 0;
    check(rc == OK_OK && strcmp(text, good[i].canonical) == 0 && s.format.fields == s.n,
          "orderedcode: a type list and its canonical text", good[i].text);
  }
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    check(ok_orderedcode_parse(&s, bad[i].text, strlen(bad[i].text), &err, &why) == OK_E_SYNTAX &&
              err == bad[i].at,
          "orderedcode: a bad type list, refused at the character", bad[i].text);
}

/* Random numbers in each format: their keys sort as the numbers. */
static void test_order(long rounds) {
  uint8_t a[OK_CHARWISE_NUM_MAX], b[OK_CHARWISE_NUM_MAX];
  long r;
  int bad = 0;
  for (r = 0; r < rounds && !bad; r++) {
    num x = random_num(), y = random_num();
    double dx = x.is_int ? (double)x.i : x.d, dy = y.is_int ? (double)y.i : y.d;
    int want = (dx > dy) - (dx < dy), f;
    for (f = 0; f < 4; f++) {
      size_t na, nb;
      int got;
      switch (f) {
        case 0: na = ok_bytewise_enc_number(a, dx), nb = ok_bytewise_enc_number(b, dy); break;
        case 1: na = ok_charwise_enc_number(a, dx), nb = ok_charwise_enc_number(b, dy); break;
        case 2: na = ok_oc_enc_float64(a, dx, 0), nb = ok_oc_enc_float64(b, dy, 0); break;
        default:
          na = ok_oc_enc_int64(a, x.i, 1), nb = ok_oc_enc_int64(b, y.i, 1);
          want = x.is_int && y.is_int ? (x.i < y.i) - (x.i > y.i) : 0; /* descending */
          if (!want && (!x.is_int || !y.is_int)) continue;
      }
      got = sign(cmp_bytes(a, na, b, nb));
      if (got != want) bad = f + 1;
    }
  }
  check(!bad, "bytewise, charwise, orderedcode: numbers sort as their values",
        bad == 1   ? "bytewise"
        : bad == 2 ? "charwise"
        : bad == 3 ? "orderedcode float64"
                   : "int64");
}

/* orderedcode's float64 is the int64 of its bits (a negative's folded):
** INT64_MIN would read as 0.0, which is written as int64 0, so it is
** refused (found by the decode fuzzer; -0.0 is written as 0.0). */
static void test_float_zero(void) {
  static const uint8_t ten[] = {0xFF, 0xC0, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  uint8_t zero[16], mzero[16];
  ok_orderedcode s;
  ok_item it;
  size_t err, at = 99, n, m;
  const char *why;
  int d;
  for (d = 0; d < 2; d++) {
    const char *t = d ? "float64 desc" : "float64";
    uint8_t k[16];
    size_t i;
    for (i = 0; i < sizeof ten; i++) k[i] = (uint8_t)(ten[i] ^ (d ? 0x00 : 0xFF));
    if (ok_orderedcode_parse(&s, t, strlen(t), &err, &why) != OK_OK) return check(0, t, why);
    check(ok_locate(&s.format, k, sizeof ten, 0, &it, &n, &at) == OK_E_NONCANONICAL && at == 0,
          d ? "orderedcode: INT64_MIN as a float64, descending, refused at byte 1"
            : "orderedcode: INT64_MIN as a float64 refused at byte 1",
          "");
  }
  n = ok_oc_enc_float64(zero, 0.0, 0), m = ok_oc_enc_float64(mzero, -0.0, 0);
  check(n == 1 && zero[0] == 0x80 && m == 1 && mzero[0] == 0x80,
        "orderedcode: 0.0 and -0.0 are the byte 80", "");
}

/* orderedcode's int64 decoder reads a value's bytes as one word: every
** length's first and last values and their negatives, both directions, read
** back exactly; a 10-byte value beyond 64 bits, a longer form than needed
** and a length past the key are refused at their bytes. */
static void test_int64_edges(void) {
  static const struct {
    const char *hex;
    int rc;
    size_t at;
  } bad[] = {{"FFC1000000000000000000", OK_E_RANGE, 9}, /* 10 bytes: 6 bits over 64 */
             {"FFC08000000000000000", OK_E_RANGE, 0},   /* 2^63 */
             {"C001", OK_E_NONCANONICAL, 0},            /* 1 in 2 bytes */
             {"FF80000000000000003F", OK_E_NONCANONICAL, 0},
             {"E000", OK_E_TRUNCATED, 2},
             {"FF", OK_E_TRUNCATED, 1}};
  ok_orderedcode s[2];
  uint8_t k[16], key[16];
  size_t err, at, n, i, len;
  const char *why;
  int d, good = 1;
  ok_item it;
  if (ok_orderedcode_parse(&s[0], "int64", 5, &err, &why) != OK_OK ||
      ok_orderedcode_parse(&s[1], "int64 desc", 10, &err, &why) != OK_OK)
    return check(0, "orderedcode: int64 type lists", why);
  for (len = 1; len <= 10; len++) { /* bits 7 x len - 1 hold [-2^(7len-1), 2^(7len-1)) */
    int64_t top = len == 10 ? INT64_MAX : ((int64_t)1 << (7 * len - 1)) - 1;
    int64_t v[4];
    v[0] = top, v[1] = top / 2 + 1, v[2] = -top - 1, v[3] = -(top / 2 + 1) - 1;
    for (i = 0; i < 4; i++) {
      for (d = 0; d < 2; d++) {
        n = ok_oc_enc_int64(k, v[i], d);
        good &= n == len;
        good &= ok_locate(&s[d].format, k, n, 0, &it, &at, &err) == OK_OK && it.i == v[i] &&
                it.len == n && s[d].format.skip(&s[d].format, 0, k, n) == n;
      }
    }
  }
  check(good, "orderedcode: int64s at each length's bounds read back", "");
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    n = from_hex(key, bad[i].hex);
    check(ok_locate(&s[0].format, key, n, 0, &it, &at, &err) == bad[i].rc && err == bad[i].at &&
              s[0].format.skip(&s[0].format, 0, key, n) == 0,
          "orderedcode: a bad int64 refused at its byte", bad[i].hex);
  }
}

/* orderedcode strings: each 00 and FF followed by its complement, found
** eight bytes at a time; the same bytes as byte by byte, for strings of
** 0-40 bytes with few or many of them anywhere. */
static void test_strings(long rounds) {
  uint8_t value[40], key[2 * 40 + 2], want[2 * 40 + 2];
  long r, bad = 0;
  for (r = 0; r < rounds; r++) {
    size_t n = (size_t)(rnd() % sizeof value), k, o = 0, len;
    unsigned every = (unsigned[]){0, 2, 7, 30}[rnd() % 4];
    for (k = 0; k < n; k++)
      value[k] = every && rnd() % every == 0 ? (uint8_t)(rnd() % 2 ? 0xFF : 0x00)
                                             : (uint8_t)(1 + rnd() % 254);
    for (k = 0; k < n; k++) {
      want[o++] = value[k];
      if (value[k] == 0x00 || value[k] == 0xFF) want[o++] = (uint8_t)~value[k];
    }
    want[o++] = 0x00, want[o++] = 0x01;
    len = ok_oc_enc_string(key, value, n, 0);
    if (len != o || ok_oc_enc_string(NULL, value, n, 0) != o || memcmp(key, want, o) != 0) bad++;
  }
  check(!bad, "orderedcode: strings escaped as byte by byte, 0-40 bytes", "");
}

/* charwise's text of a nonzero finite double by another way: the fewest
** digits that read back (strtod), found among C's %e of it at each
** precision and that decimal's two neighbours (the closer first: at a power
** of two the interval below is narrower, and the shortest may be the other
** side), then charwise's letters around them. */
static size_t cw_oracle(char *out, double d) {
  char e[40], digits[24];
  int p, k, exp = 0;
  size_t n = 0, i, nd = 0;
  for (p = 0; p < 17 && !nd; p++) {
    uint64_t m = 0;
    snprintf(e, sizeof e, "%.*e", p, fabs(d));
    for (i = 0; e[i] != 'e'; i++)
      if (e[i] != '.') m = m * 10 + (uint64_t)(e[i] - '0');
    for (k = 0; k < 3 && !nd; k++) {
      uint64_t c = k == 0 ? m : k == 1 ? m - 1 : m + 1;
      char t[48];
      snprintf(t, sizeof t, "%llue%d", (unsigned long long)c, atoi(strchr(e, 'e') + 1) - p);
      if (c == 0 || strtod(t, NULL) != fabs(d)) continue;
      nd = (size_t)sprintf(digits, "%llu", (unsigned long long)c);
      exp = atoi(strchr(e, 'e') + 1) - p + (int)nd - 1;
      while (nd > 1 && digits[nd - 1] == '0') nd--;
    }
  }
  n += (size_t)sprintf(out, "%cE%03dM%c.", d < 0 ? 'D' : 'F', exp + 500, digits[0]);
  memcpy(out + n, digits + 1, nd - 1), n += nd - 1;
  memset(out + n, '0', 20), n += 20;
  if (d < 0)
    for (i = 2; i < n; i++)
      if (out[i] >= '0' && out[i] <= '9') out[i] = (char)('9' - out[i] + '0');
  return n;
}

/* Numbers written as the other way says (integers' digits are taken
** without the double's decimal conversion: every length and both signs,
** to 2^53 and past it), and an INTEGER value written as the REAL of it. */
static void test_charwise_numbers(long rounds) {
  static const double fixed[] = {1,
                                 9,
                                 10,
                                 100,
                                 123000,
                                 1e15,
                                 999999999999999,
                                 9007199254740991.0,
                                 9007199254740992.0,
                                 9007199254740994.0,
                                 1e22,
                                 0.5,
                                 19.99,
                                 1e-7};
  uint8_t got[OK_CHARWISE_NUM_MAX], w1[OK_CHARWISE_NUM_MAX], w2[OK_CHARWISE_NUM_MAX];
  char want[OK_CHARWISE_NUM_MAX + 8];
  long r, bad = 0, bad_int = 0;
  for (r = 0; r < rounds * 4; r++) {
    size_t nf = sizeof fixed / sizeof fixed[0], n, m;
    int bits = 1 + (int)(rnd() % 54);
    double d;
    num x = random_num();
    ok_writer a = {0}, b = {0};
    ok_value vi = {OK_INT, 0, 0, NULL, 0}, vd = {OK_REAL, 0, 0, NULL, 0};
    if (r < 2 * (long)nf)
      d = fixed[r % (long)nf];
    else if (r % 4 == 3 && !x.is_int && x.d - x.d == 0)
      d = x.d; /* a double of any kind but NaN and the infinities */
    else if (r % 2)
      d = (double)(rnd() >> (64 - bits) | 1); /* an integer of `bits` bits */
    else
      d = (double)(int64_t)(rnd() % 1000000) * 1000; /* trailing zeros */
    if (r % 3 == 0) d = -d;
    if (d == 0) continue;
    n = ok_charwise_enc_number(got, d);
    m = cw_oracle(want, d);
    if (n != m || memcmp(got, want, n) != 0) {
      if (bad++ < 3) printf("  %.17g: %.*s, not %.*s\n", d, (int)n, got, (int)m, want);
    }
    if (fabs(d) <= 9007199254740992.0 && d == (double)(int64_t)d) {
      vi.i = (int64_t)d, vd.d = d;
      a.out = w1, a.cap = sizeof w1, b.out = w2, b.cap = sizeof w2;
      if (ok_charwise_write(&ok_format_charwise, &a, &vi) != OK_OK ||
          ok_charwise_write(&ok_format_charwise, &b, &vd) != OK_OK || a.n != b.n || a.n != n ||
          memcmp(w1, w2, n) != 0 || memcmp(w1, got, n) != 0)
        bad_int++;
    }
  }
  check(!bad, "charwise: numbers' texts as C's shortest %e digits say", "");
  check(!bad_int, "charwise: an INTEGER written as the REAL of it", "");
}

/* Firefox's string (s UTF-8 of at most 3 bytes a character) or binary
** s[0..n), unit by unit as docs/firefox.md says; the length. */
static size_t firefox_units(uint8_t *out, int type, const uint8_t *s, size_t n) {
  size_t i = 0, o = 1, k;
  out[0] = (uint8_t)type;
  for (; i < n; i += k) {
    unsigned u = s[i];
    k = type == OK_FIREFOX_STRING && u >= 0x80 ? (u >= 0xE0 ? 3 : 2) : 1;
    if (k == 2) u = (u & 0x1F) << 6 | (s[i + 1] & 0x3F);
    if (k == 3) u = (u & 0x0F) << 12 | (s[i + 1] & 0x3F) << 6 | (s[i + 2] & 0x3F);
    if (u <= 0x7E) {
      out[o++] = (uint8_t)(u + 1);
    } else if (u <= 0x407E) {
      out[o++] = (uint8_t)((u - 0x7F + 0x8000) >> 8), out[o++] = (uint8_t)(u - 0x7F);
    } else {
      out[o++] = (uint8_t)(0xC0 | u >> 10), out[o++] = (uint8_t)(u >> 2);
      out[o++] = (uint8_t)(u << 6);
    }
  }
  out[o++] = OK_FIREFOX_END;
  return o;
}

/* Text of 0 to 20 bytes with each byte that is escaped, ends a body, makes
** text ambiguous or is not ASCII at each place, through the writers that
** tell 4 to 16 plain ASCII bytes as two words (ok_short_words) before their
** general way: charwise's (alone and as an array's element) against its
** UTF-8 check and ok_charwise_enc_string, HBase's against a NUL's search
** and the UTF-8 check, Orderly's utf8 against a byte loop, Firefox's
** strings and binary against their units one by one, ordered-binary's
** against its WTF-8 check and ok_orderedbinary_enc_string; the same
** status, bytes and refused offset. */
static void test_short_texts(void) {
  /* clang-format off */
  static const struct { const char *b; size_t n; } odd[] = {
#define ODD(s) {s, sizeof s - 1}
      ODD("\x00"), ODD("\x01"), ODD("!"), ODD("\""), ODD("?"), ODD("@"), ODD("%"), ODD("\x7F"),
      ODD("\x80"), ODD("\xFF"), ODD("\xFE"), ODD("\xC3\xA9"), ODD("\xC3"), ODD("\xE2\x82\xAC"),
      ODD(" "), ODD("?@"), ODD("??"), ODD("?%"), ODD("!?"), ODD("\x00\x00"), ODD("\x00\x01"),
      ODD("\x04"), ODD("\x05"), ODD("\x1B"), ODD("\x1C")};
#undef ODD
  /* clang-format on */
  uint8_t s[24], got[2 * 24 + 2], want[2 * 24 + 2];
  size_t n, at, k, len, err, i;
  int lone, rc, want_rc, type, bad_cw = 0, bad_hb = 0, bad_ol = 0, bad_ff = 0, bad_ob = 0;
  ok_writer w = {0};
  ok_value v = {OK_TEXT, 0, 0, NULL, 0};
  ok_orderly *utf8 = malloc(ok_orderly_size());
  ok_orderly_value ov = {0};
  const char *why;
  if (!utf8 || ok_orderly_parse(utf8, "utf8", 4, &err, &why) != OK_OK) abort();
  v.p = (const uint8_t *)"abcd", v.n = 4, w.out = got, w.cap = sizeof got;
  check(ok_charwise_write(&ok_format_charwise, &w, &v) == OK_OK && w.n == 5 &&
            memcmp(got, "Jabcd", 5) == 0,
        "charwise: 'abcd' is J and its bytes", "");
  for (n = 0; n <= 20; n++)
    for (at = 0; at <= n; at++)
      for (k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        size_t m = odd[k].n, nul = n, high = n;
        if (at == n && k > 0) continue; /* at == n: letters only, once */
        for (i = 0; i < n; i++) s[i] = (uint8_t)('a' + (i * 7 + n) % 26);
        if (at < n) memcpy(s + at, odd[k].b, at + m <= n ? m : n - at);
        for (i = n; i-- > 0;) {
          if (s[i] == 0x00) nul = i;
          if (s[i] == 0xFF) high = i;
        }
        v.p = s, v.n = n;
        for (lone = 0; lone < 2; lone++) { /* charwise */
          memset(&w, 0, sizeof w);
          w.out = got, w.cap = sizeof got, w.lone = lone;
          rc = ok_charwise_write(&ok_format_charwise, &w, &v);
          if ((i = ok_utf8_check(s, n)) != n)
            want_rc = OK_E_BYTE;
          else
            want_rc = ok_charwise_enc_string(want, &len, s, n, !lone);
          if (rc != want_rc || (rc == OK_E_BYTE && w.err_at != i) ||
              (rc == OK_OK && (w.n != len || memcmp(got, want, len) != 0)))
            if (bad_cw++ < 3) printf("  charwise: %zu bytes, odd[%zu] at %zu: %d\n", n, k, at, rc);
        }
        memset(&w, 0, sizeof w); /* HBase */
        w.out = got, w.cap = sizeof got;
        rc = ok_hbase_write(&ok_format_hbase, &w, &v);
        i = ok_utf8_check(s, n);
        want_rc = nul < n ? OK_E_NUL : i != n ? OK_E_BYTE : OK_OK;
        want[0] = OK_HBASE_TEXT, memcpy(want + 1, s, n), want[n + 1] = 0x00;
        if (rc != want_rc || (rc != OK_OK && w.err_at != (nul < n ? nul : i)) ||
            (rc == OK_OK && (w.n != n + 2 || memcmp(got, want, n + 2) != 0)))
          if (bad_hb++ < 3) printf("  HBase: %zu bytes, odd[%zu] at %zu: %d\n", n, k, at, rc);
        ov.p = s, ov.n = n; /* Orderly */
        rc = ok_orderly_check(utf8, 0, &ov);
        if (rc != (high < n || (n && s[0] == 0xFE) ? OK_E_BYTE : OK_OK))
          if (bad_ol++ < 3) printf("  Orderly: %zu bytes, odd[%zu] at %zu: %d\n", n, k, at, rc);
        for (type = OK_FIREFOX_STRING; type <= OK_FIREFOX_BINARY; type += 0x10) { /* Firefox */
          i = type == OK_FIREFOX_STRING ? ok_utf8_check(s, n) : n;
          rc = ok_firefox_enc_string(got, &len, type, s, n, &err);
          if (rc != (i == n ? OK_OK : OK_E_BYTE) || (rc != OK_OK && err != i) ||
              (rc == OK_OK && (len != firefox_units(want, type, s, n) || memcmp(got, want, len))))
            if (bad_ff++ < 3) printf("  Firefox: %zu bytes, odd[%zu] at %zu: %d\n", n, k, at, rc);
        }
        memset(&w, 0, sizeof w); /* ordered-binary */
        w.out = got, w.cap = sizeof got;
        rc = ok_orderedbinary_write(&ok_format_orderedbinary, &w, &v);
        if ((i = ok_wtf8_check(s, n)) != n)
          want_rc = OK_E_BYTE;
        else
          want_rc = ok_orderedbinary_enc_string(want, &len, s, n);
        if (rc != want_rc || (rc == OK_E_BYTE && w.err_at != i) ||
            (rc == OK_OK && (w.n != len || memcmp(got, want, len) != 0)))
          if (bad_ob++ < 3)
            printf("  ordered-binary: %zu bytes, odd[%zu] at %zu: %d\n", n, k, at, rc);
      }
  free(utf8);
  check(!bad_cw, "charwise: text as the general way writes it, odd bytes at every place", "");
  check(!bad_hb,
        "HBase: text refused at its NUL or bad UTF-8, else copied, odd bytes at every place", "");
  check(!bad_ol, "Orderly: utf8 refused for 0xFF or a first 0xFE, odd bytes at every place", "");
  check(!bad_ff, "Firefox: strings and binary unit by unit, odd bytes at every place", "");
  check(!bad_ob, "ordered-binary: strings as the general way writes them, odd bytes at every place",
        "");
}

/* The number of a charwise item read back. */
static double cw_number(const ok_item *it) { return it->type == OK_INT ? (double)it->i : it->d; }

/* 1 when item it holds number d as ok_js_number says: an INTEGER (i, and
** d) when d is whole and within int64, else a REAL. The reader tells the
** type from the text; this from the double. */
static int cw_holds(const ok_item *it, double d) {
  if (d >= -9223372036854775808.0 && d < 9223372036854775808.0 && d == floor(d))
    return it->type == OK_INT && it->i == (int64_t)d && it->d == d;
  return it->type == OK_REAL && it->d == d;
}

/* charwise arrays of two numbers and a string, each element found and read
** back exactly (a number's type as ok_js_number's): numbers of every kind
** and length (the reader counts their trailing zeros or nines a word at a
** time), strings with and without the bytes an element's end is found by.
** Then texts that are not charwise's, refused at the byte where they break. */
static void test_charwise_read(long rounds) {
  static const double fixed[] = {
      1, 10, 1e21, 0.1, -0.5, 123456789012345678.0, 5e-324, -1e-7, 1.7976931348623157e308, 99999.99,
      -100000, 1e-300, 12345678901234567e5,
      /* around 10^15, below which a whole one is read from its digits */
      999999999999999, -999999999999999, 123456789012345, 99999999999999.9, 1e14, 1e15, -1e15,
      1234567890123456, 9007199254740992.0, 9.2e18, -9223372036854775808.0, 9223372036854775808.0,
      1e19, 4.5};
  static const struct {
    const char *text;
    int rc;
    size_t at;
  } bad[] = {{"FE500M7.0000000000000000000", OK_E_NONCANONICAL, 1},   /* 19 zeros */
             {"FE500M7.000000000000000000000", OK_E_NONCANONICAL, 1}, /* 21 */
             {"FE5x0M7.00000000000000000000", OK_E_SYNTAX, 3},
             /* the exponent's digits, tested in one word: just below '0', above '9' */
             {"FE/00M7.00000000000000000000", OK_E_SYNTAX, 2},
             {"FE50:M7.00000000000000000000", OK_E_SYNTAX, 4},
             {"DE4:9M2.99999999999999999999", OK_E_SYNTAX, 3},
             {"FE500M7.000000000x0000000000", OK_E_SYNTAX, 17},
             {"FE500M0.70000000000000000000", OK_E_NONCANONICAL, 1},
             {"DE499M2.9999999999999999999", OK_E_NONCANONICAL, 1}, /* -7, 19 nines */
             /* a byte that is no digit among a negative's few (complemented 8 at once) */
             {"DE499M7.7x99999999999999999999", OK_E_SYNTAX, 9},
             {"FE500M1.2:000000000000000000000", OK_E_SYNTAX, 9},
             {"FE500M1.2345678901234567890100000000000000000000", OK_E_NONCANONICAL, 27}};
  const char *words[] = {"", "ab", "a\"b", "x!y", "?!\"", "plain text here, long enough"};
  uint8_t key[2 * OK_CHARWISE_NUM_MAX + 80], text[40];
  long r, bad_read = 0, bad_text = 0;
  size_t i;
  for (r = 0; r < rounds; r++) {
    num x = random_num(), y = random_num();
    double d[2];
    const char *w = words[rnd() % 6];
    size_t n = 0, len, at, err, k;
    ok_item it;
    d[0] = r < (long)(sizeof fixed / sizeof fixed[0]) ? fixed[r] : x.is_int ? (double)x.i : x.d;
    d[1] = y.is_int ? (double)y.i : -y.d;
    if (d[0] - d[0] != 0) d[0] = 1; /* charwise writes no NaN; infinities have their own form */
    if (d[1] - d[1] != 0) d[1] = -2;
    key[n++] = OK_CHARWISE_ARRAY;
    for (k = 0; k < 2; k++) {
      n += ok_charwise_enc_number(key + n, d[k]);
      key[n++] = '"';
    }
    if (ok_charwise_enc_string(key + n, &len, (const uint8_t *)w, strlen(w), 1) != OK_OK) continue;
    n += len;
    key[n++] = '!';
    for (k = 0; k < 2; k++)
      if (ok_locate(&ok_format_charwise, key, n, k, &it, &at, &err) != OK_OK ||
          !cw_holds(&it, d[k])) { /* -0 too reads as 0: charwise writes both as 0 */
        if (bad_read++ < 3) printf("  %.17g read as %.17g\n", d[k], cw_number(&it));
      }
    if (ok_locate(&ok_format_charwise, key, n, 2, &it, &at, &err) != OK_OK || it.type != OK_TEXT ||
        at + it.len != n || it.value_len != strlen(w) || ok_unescape(text, &it) != strlen(w) ||
        memcmp(text, w, strlen(w)) != 0)
      bad_read++;
  }
  check(!bad_read, "charwise: array elements found and read back exactly", "");
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ok_item it;
    size_t err = 0, n = strlen(bad[i].text);
    int rc = ok_charwise_decode((const uint8_t *)bad[i].text, n, 0, &it, &err);
    if (rc != bad[i].rc || err != bad[i].at) {
      printf("  %s: %d at %zu\n", bad[i].text, rc, err);
      bad_text++;
    }
  }
  check(!bad_text, "charwise: a number's text that is not charwise's, refused at its byte", "");
}

void test_libraries(long rounds) {
  test_dates(rounds);
  test_types();
  test_float_zero();
  test_int64_edges();
  test_strings(rounds);
  test_order(rounds);
  test_charwise_read(rounds);
  test_charwise_numbers(rounds);
  test_short_texts();
}
