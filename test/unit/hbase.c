/*
** hbase.c -- unit tests of HBase's OrderedBytes (src/hbase.c): the lengths
** HBase's own TestOrderedBytes demands, the SQLite4 key-encoding examples
** OrderedBytes derives from, exact bytes, and random order properties
** (memcmp of the items equals the order of the values, both directions).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "test.h"

static size_t num_bytes(uint8_t *out, const char *text, int desc) {
  ok_hbase_num x;
  if (ok_hbase_num_parse(&x, text, strlen(text), NULL) != OK_OK) return 0;
  return ok_hbase_enc_num(out, &x, desc);
}

/* Decodes out[0..n) as one item and checks it takes all n bytes. */
static int decodes(const uint8_t *p, size_t n, ok_item *it) {
  size_t err;
  return ok_hbase_decode(p, n, it, &err) == OK_OK && it->len == n;
}

static void test_varint(void) {
  static const struct {
    uint64_t v;
    const char *hex;
  } ref[] = {/* SQLite4's varint_tool, as quoted in TestOrderedBytes */
             {240, "F0"},
             {2287, "F8FF"},
             {67823, "F9FFFF"},
             {16777215, "FAFFFFFF"},
             {4294967295u, "FBFFFFFFFF"},
             {1099511627775ull, "FCFFFFFFFFFF"},
             {281474976710655ull, "FDFFFFFFFFFFFF"},
             {72057594037927935ull, "FEFFFFFFFFFFFFFF"},
             {9223372036854775807ull, "FF7FFFFFFFFFFFFFFF"},
             {9223372036854775808ull, "FF8000000000000000"},
             {18446744073709551615ull, "FFFFFFFFFFFFFFFFFF"}};
  static const uint64_t vals[] = {239,
                                  240,
                                  2286,
                                  2287,
                                  67822,
                                  67823,
                                  16777214,
                                  16777215,
                                  4294967294u,
                                  4294967295u,
                                  1099511627774ull,
                                  1099511627775ull,
                                  281474976710654ull,
                                  281474976710655ull,
                                  72057594037927934ull,
                                  72057594037927935ull,
                                  9223372036854775806ull,
                                  9223372036854775807ull,
                                  9223372036854775809ull,
                                  9223372036854775808ull,
                                  18446744073709551614ull,
                                  18446744073709551615ull};
  static const size_t lens[] = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9};
  uint8_t b[16];
  char hex[40], why[64];
  size_t i, n, bad = 0;
  uint64_t v;
  for (i = 0; i < sizeof ref / sizeof ref[0]; i++) {
    n = ok_hbase_put_varint(b, ref[i].v);
    to_hex(hex, b, n);
    check(strcmp(hex, ref[i].hex) == 0, "hbase varint: SQLite4's reference bytes", hex);
  }
  for (i = 0; i < sizeof vals / sizeof vals[0]; i++) {
    int comp;
    n = ok_hbase_put_varint(b, vals[i]);
    for (comp = 0; comp < 2; comp++) {
      size_t k;
      if (comp)
        for (k = 0; k < n; k++) b[k] = (uint8_t)~b[k];
      if (n != lens[i] || ok_hbase_get_varint(b, n, comp ? 0xFF : 0, &v) != n || v != vals[i] ||
          ok_hbase_get_varint(b, n - 1, comp ? 0xFF : 0, &v) != 0)
        bad++;
    }
  }
  sprintf(why, "%d wrong", (int)bad);
  check(bad == 0, "hbase varint: TestOrderedBytes boundaries, lengths and round trip", why);
}

/* What numerics of 18 to 20 digits read as (src/decimal.c): INTEGER while
** int64 holds them, else REAL when a double wrote them, else TEXT. Both
** directions. */
static void test_integer_edges(void) {
  static const struct {
    const char *text;
    ok_type type;
    int64_t i;
  } cases[] = {{"999999999999999999", OK_INT, 999999999999999999},
               {"1e18", OK_INT, 1000000000000000000},
               {"-123456789012345678", OK_INT, -123456789012345678},
               {"9223372036854775807", OK_INT, INT64_MAX},
               {"-9223372036854775807", OK_INT, -INT64_MAX},
               {"-9223372036854775808", OK_INT, INT64_MIN},
               {"9223372036854775808", OK_TEXT, 0},
               {"-9223372036854775809", OK_TEXT, 0},
               {"9999999999999999999", OK_TEXT, 0},
               {"1e19", OK_REAL, 0},
               {"9.22337203685478e18", OK_REAL, 0},
               {"12345678901234567890", OK_TEXT, 0}};
  uint8_t b[OK_HBASE_NUM_MAX], text[OK_HBASE_NUM_TEXT_MAX];
  ok_item it;
  size_t i, n, bad = 0;
  int desc;
  char why[80] = "";
  for (desc = 0; desc < 2; desc++)
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      n = num_bytes(b, cases[i].text, desc);
      if (!decodes(b, n, &it) || it.type != cases[i].type ||
          (it.type == OK_INT && it.i != cases[i].i) ||
          (it.type == OK_REAL && it.d != strtod(cases[i].text, NULL)) ||
          (it.type == OK_TEXT &&
           (it.value_len != strlen(cases[i].text) || ok_unescape(text, &it) != it.value_len ||
            memcmp(text, cases[i].text, it.value_len) != 0)))
        bad++, sprintf(why, "%s", cases[i].text);
    }
  check(bad == 0, "hbase numerics of 18-20 digits: INTEGER within int64, else REAL or TEXT", why);
}

/* TestOrderedBytes: I_VALS/I_LENGTHS, D_VALS/D_LENGTHS, BD_VALS/BD_LENGTHS. */
static void test_lengths(void) {
  static const int64_t ivals[] = {0,     1,     10,     99,        100,    1234,    9999,     10000,
                                  10001, 12345, 123450, INT64_MAX, -1,     -10,     -99,      -100,
                                  -123,  -999,  -10000, -10001,    -12345, -123450, INT64_MIN};
  static const size_t ilens[] = {1, 2, 2, 2, 2, 3, 3, 2, 4, 4, 4, 11,
                                 2, 2, 2, 2, 3, 3, 2, 4, 4, 4, 11};
  static const double dvals[] = {
      0.0,         0.00123,      0.0123,      0.123,        1.0,          10.0,
      12.345,      99.0,         99.01,       99.0001,      100.0,        100.01,
      100.1,       1234.0,       1234.5,      9999.0,       9999.000001,  9999.000009,
      9999.00001,  9999.00009,   9999.000099, 9999.0001,    9999.001,     9999.01,
      9999.1,      10000.0,      10001.0,     12345.0,      123450.0,     1.7976931348623157e308,
      -0.00123,    -0.0123,      -0.123,      -1.0,         -10.0,        -12.345,
      -99.0,       -99.01,       -99.0001,    -100.0,       -100.01,      -100.1,
      -1234.0,     -1234.5,      -9999.0,     -9999.000001, -9999.000009, -9999.00001,
      -9999.00009, -9999.000099, -9999.0001,  -9999.001,    -9999.01,     -9999.1,
      -10000.0,    -10001.0,     -12345.0,    -123450.0};
  static const size_t dlens[] = {1, 4, 4, 4, 2, 2, 4, 2, 3, 4,  2, 4, 4, 3, 4, 3, 6, 6, 6, 6,
                                 6, 5, 5, 4, 4, 2, 4, 4, 4, 11, 4, 4, 4, 2, 2, 4, 2, 3, 4, 2,
                                 4, 4, 3, 4, 3, 6, 6, 6, 6, 6,  5, 5, 4, 4, 2, 4, 4, 4};
  uint8_t b[OK_HBASE_NUM_MAX];
  ok_hbase_num x;
  ok_item it;
  size_t i, n, bad = 0;
  int desc;
  char why[80];
  for (desc = 0; desc < 2; desc++) {
    for (i = 0; i < sizeof ivals / sizeof ivals[0]; i++) {
      ok_hbase_num_int(&x, ivals[i]);
      n = ok_hbase_enc_num(b, &x, desc);
      if (n != ilens[i] || !decodes(b, n, &it) || it.type != OK_INT || it.i != ivals[i]) bad++;
    }
    for (i = 0; i < sizeof dvals / sizeof dvals[0]; i++) {
      ok_hbase_num_double(&x, dvals[i], 17);
      n = ok_hbase_enc_num(b, &x, desc);
      if (n != dlens[i] || !decodes(b, n, &it) ||
          (it.type == OK_INT ? (double)it.i : it.d) != dvals[i])
        bad++;
    }
  }
  sprintf(why, "%d wrong", (int)bad);
  check(bad == 0, "hbase numeric: I_LENGTHS and D_LENGTHS of TestOrderedBytes, both orders", why);
  /* BD_LENGTHS: Long.MAX, Long.MIN, Double.MAX, Double.MIN, Long.MAX * 100 */
  ok_hbase_num_double(&x, 4.9e-324, 17);
  n = ok_hbase_enc_num(b, &x, 0);
  sprintf(why, "%d bytes, digits %.*s", (int)n, (int)x.n, x.digit);
  check(n == 4 && x.n == 2 && memcmp(x.digit, "49", 2) == 0,
        "hbase numeric: Double.MIN_VALUE is 4.9E-324 as Java writes it, 4 bytes", why);
  check(num_bytes(b, "922337203685477580700", 0) == 12 &&
            num_bytes(b, "9223372036854775807", 1) == 11,
        "hbase numeric: BD_LENGTHS of Long.MAX_VALUE * 100 and Long.MAX_VALUE", "");
}

/* The SQLite4 key-encoding examples (value, E, mantissa), as corrected on
** the sqlite-users list, in HBase's header form; and exact items. */
static void test_examples(void) {
  static const struct {
    const char *value, *hex;
  } cases[] = {{"1.0", "1802"},         {"10.0", "1814"},
               {"99.0", "18C6"},        {"99.01", "18C702"},
               {"99.0001", "18C70102"}, {"100.0", "1902"},
               {"100.1", "19030114"},   {"1234", "191944"},
               {"9999", "19C7C6"},      {"9999.000001", "19C7C7010102"},
               {"12345", "1A032F5A"},   {"0.123", "16FF193C"},
               {"0.00123", "16FE193C"}, {"-1", "12FD"},
               {"-0.123", "1400E6C3"},  {"0", "15"},
               {"1e20", "220B02"}, /* E = 11: the first large exponent */
               {"-1e20", "08F4FD"},     {"1e-483", "160EFE14"}}; /* a two-byte exponent */
  uint8_t b[OK_HBASE_NUM_MAX];
  char hex[2 * OK_HBASE_NUM_MAX + 1];
  size_t i, n;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    n = num_bytes(b, cases[i].value, 0);
    to_hex(hex, b, n);
    check(strcmp(hex, cases[i].hex) == 0, cases[i].value, hex);
  }
}

/* Numeric order of two normalized decimals. */
static int cmp_hbase_num(const ok_hbase_num *a, const ok_hbase_num *b) {
  int sa = a->n == 0 ? 0 : a->neg ? -1 : 1, sb = b->n == 0 ? 0 : b->neg ? -1 : 1, c;
  size_t i;
  if (sa != sb || sa == 0) return sign(sa - sb);
  c = a->exp != b->exp ? (a->exp < b->exp ? -1 : 1) : 0;
  for (i = 0; c == 0 && (i < a->n || i < b->n); i++) {
    char da = i < a->n ? a->digit[i] : '0', db = i < b->n ? b->digit[i] : '0';
    c = sign(da - db);
  }
  return sa * c;
}

static void random_hbase_num(ok_hbase_num *x) {
  uint64_t r = rnd();
  switch (r % 4) {
    case 0: ok_hbase_num_int(x, (int64_t)(rnd() >> (r >> 2) % 64) * ((r & 0x40) ? -1 : 1)); break;
    case 1: {
      uint64_t bits = rnd();
      double d;
      memcpy(&d, &bits, 8);
      if (d != d || d - d != 0) d = 0.5; /* finite only */
      ok_hbase_num_double(x, d, 17);
      break;
    }
    default: { /* decimal text: long, rounded to 31 digits, exponents far out */
      char s[64];
      int n = 1 + (int)(rnd() % 40), i, o = 0;
      if (r & 0x100) s[o++] = '-';
      for (i = 0; i < n; i++) s[o++] = (char)('0' + (rnd() % 4 == 0 ? 9 : rnd() % 10));
      o += sprintf(s + o, "e%d", (int)(rnd() % 1200) - 600);
      if (ok_hbase_num_parse(x, s, (size_t)o, NULL) != OK_OK) ok_hbase_num_int(x, 0);
    }
  }
}

/* A total order on doubles as Java's doubleToLongBits sorts them. */
static int cmp_double(double a, double b) {
  if (a != a || b != b) return (a != a) - (b != b);
  if (a == 0 && b == 0) return sign((b < 0 || 1 / b < 0) - (a < 0 || 1 / a < 0));
  return (a > b) - (a < b);
}

static size_t random_bytes(uint8_t *out, int no_nul) {
  size_t n = (size_t)(rnd() % 12), i;
  for (i = 0; i < n; i++) {
    uint64_t r = rnd();
    out[i] = r % 3 == 0 ? (uint8_t)(r >> 8) : (uint8_t) "\x00\x01\x7F\x80\xFF"[r % 5];
    if (no_nul && out[i] == 0) out[i] = 1;
  }
  return n;
}

/* The decimal Java's Double.toString gives, by brute force: the shortest
** that reads back, the closest of one or two digits when one would do.
** At each length the closest decimal (printf's) and its neighbours in the
** last digit are tried: below a power of two the gap is half as wide, so
** the closest may miss where a neighbour reads back. */
static void java_decimal(ok_hbase_num *x, double d) {
  char s[40], two[40];
  int prec, k, found = 0;
  for (prec = 1; prec <= 17 && !found; prec++) {
    ok_hbase_num c;
    snprintf(s, sizeof s, "%.*e", prec - 1, d);
    if (strtod(s, NULL) == d) break;
    ok_hbase_num_parse(&c, s, strlen(s), NULL);
    for (k = -1; k <= 1 && !found; k += 2) { /* the last digit one off */
      char t[48];
      long long m = 0;
      size_t i;
      for (i = 0; i < c.n; i++) m = m * 10 + (c.digit[i] - '0');
      /* c holds prec digits at most (trailing zeros dropped): scale back */
      for (i = c.n; i < (size_t)prec; i++) m *= 10;
      snprintf(t, sizeof t, "%s%llde%ld", c.neg ? "-" : "", m + k, c.exp - prec);
      if (m + k > 0 && strtod(t, NULL) == d) strcpy(s, t), found = 1;
    }
    if (found) break;
  }
  snprintf(two, sizeof two, "%.1e", d);
  if (prec == 1 && !found && strtod(two, NULL) == d) strcpy(s, two);
  ok_hbase_num_parse(x, s, strlen(s), NULL);
}

static void test_doubles(long rounds) {
  long r, bad = 0;
  char why[80] = "";
  for (r = 0; r < rounds; r++) {
    uint64_t u = rnd();
    double d;
    ok_hbase_num a, b;
    if (r % 3 == 0) u = (u & 0x800FFFFFFFFFFFFFull) | (uint64_t)(1023 + (int)(r % 120) - 60) << 52;
    if (r % 3 == 1) /* few decimals: prices, measurements */
      d = (double)(int64_t)(rnd() >> (rnd() % 64)) / pow(10, (double)(rnd() % 17));
    else
      memcpy(&d, &u, 8);
    if (d != d || d - d != 0) continue;
    ok_hbase_num_double(&a, d, 19);
    java_decimal(&b, d);
    if (a.n != b.n || (a.n && (a.exp != b.exp || a.neg != b.neg)) ||
        memcmp(a.digit, b.digit, a.n) != 0) {
      if (!bad) sprintf(why, "%.17g", d);
      bad++;
    }
  }
  check(bad == 0, "hbase numeric: doubles give Java 19's decimal (shortest; 1 or 2 digits)", why);
}

/* The direct numeric encoders write what the decimal path writes. */
static void test_direct_numbers(long rounds) {
  long r, bad = 0;
  char why[64] = "";
  for (r = 0; r < rounds; r++) {
    num v = random_num();
    uint8_t a[OK_HBASE_NUM_MAX], b[OK_HBASE_NUM_MAX];
    size_t na, nb;
    int desc = (int)(r & 1), java = r & 2 ? 17 : 21;
    ok_hbase_num x;
    if (!v.is_int && v.d - v.d != 0) continue;
    if (v.is_int)
      ok_hbase_num_int(&x, v.i), na = ok_hbase_enc_int_num(a, v.i, desc);
    else
      ok_hbase_num_double(&x, v.d, java), na = ok_hbase_enc_double_num(a, v.d, java, desc);
    nb = ok_hbase_enc_num(b, &x, desc);
    if (na != nb || memcmp(a, b, na) != 0) {
      if (!bad) sprintf(why, "%.17g", v.is_int ? (double)v.i : v.d);
      bad++;
    }
  }
  check(bad == 0, "hbase numeric: ints and doubles encoded directly as through decimals", why);
}

void test_hbase(long rounds) {
  long r, bad_num = 0, bad_int = 0, bad_float = 0, bad_bytes[4] = {0, 0, 0, 0}, bad_trip = 0;
  static const int byte_codes[4] = {OK_HBASE_BLOB_VAR, OK_HBASE_TEXT, OK_HBASE_JSON,
                                    OK_HBASE_BLOB_COPY};
  char why[96];
  int k;
  test_varint();
  test_integer_edges();
  test_lengths();
  test_examples();
  test_doubles(rounds / 4);
  test_direct_numbers(rounds);
  for (r = 0; r < rounds; r++) {
    int desc = (int)(r & 1), want;
    uint8_t a[64], b[64], va[16], vb[16], back[16];
    size_t na, nb, la, lb;
    ok_item it;
    ok_hbase_num x, y;
    random_hbase_num(&x);
    random_hbase_num(&y);
    na = ok_hbase_enc_num(a, &x, desc);
    nb = ok_hbase_enc_num(b, &y, desc);
    want = cmp_hbase_num(&x, &y);
    if (sign(cmp_bytes(a, na, b, nb)) != (desc ? -want : want)) bad_num++;
    if (!decodes(a, na, &it)) bad_trip++;
    { /* fixed-width integers */
      static const int codes[4] = {OK_HBASE_INT8, OK_HBASE_INT16, OK_HBASE_INT32, OK_HBASE_INT64};
      int code = codes[r / 2 % 4], w = code == OK_HBASE_INT64 ? 64 : 8 << (r / 2 % 4);
      int64_t i = (int64_t)rnd() >> (64 - w), j = (int64_t)rnd() >> (64 - w);
      na = ok_hbase_enc_int(a, code, i, desc);
      nb = ok_hbase_enc_int(b, code, j, desc);
      want = (i > j) - (i < j);
      if (sign(cmp_bytes(a, na, b, nb)) != (desc ? -want : want) || !decodes(a, na, &it) ||
          it.i != i)
        bad_int++;
    }
    { /* floats and doubles, NaN last */
      uint64_t u = rnd(), v = rnd();
      double d, e;
      float f, g;
      uint32_t u32 = (uint32_t)u, v32 = (uint32_t)v;
      memcpy(&d, &u, 8);
      memcpy(&e, &v, 8);
      memcpy(&f, &u32, 4);
      memcpy(&g, &v32, 4);
      na = ok_hbase_enc_float64(a, d, desc);
      nb = ok_hbase_enc_float64(b, e, desc);
      want = cmp_double(d, e);
      if (sign(cmp_bytes(a, na, b, nb)) != (desc ? -want : want) || !decodes(a, na, &it))
        bad_float++;
      na = ok_hbase_enc_float32(a, f, desc);
      nb = ok_hbase_enc_float32(b, g, desc);
      want = cmp_double(f, g);
      if (sign(cmp_bytes(a, na, b, nb)) != (desc ? -want : want) || !decodes(a, na, &it))
        bad_float++;
    }
    for (k = 0; k < 4; k++) { /* byte strings: byte order, shorter first */
      int code = byte_codes[k], no_nul = code != OK_HBASE_BLOB_VAR;
      if (code == OK_HBASE_BLOB_COPY && !desc) continue; /* ascending: last item only */
      la = random_bytes(va, no_nul);
      lb = random_bytes(vb, no_nul);
      /* BlobVar keeps byte order only between values of one length, and
      ** puts a prefix first (x'01' sorts after x'00FF': the last byte's
      ** clear top bit decides first), so compare those */
      if (code == OK_HBASE_BLOB_VAR && la != lb) {
        if (r & 2)
          memcpy(vb, va, lb < la ? lb : la);
        else
          lb = la;
      }
      na = code == OK_HBASE_BLOB_VAR    ? ok_hbase_enc_blob_var(a, va, la, desc)
           : code == OK_HBASE_BLOB_COPY ? ok_hbase_enc_blob_copy(a, va, la, desc)
                                        : ok_hbase_enc_text(a, code, va, la, desc);
      nb = code == OK_HBASE_BLOB_VAR    ? ok_hbase_enc_blob_var(b, vb, lb, desc)
           : code == OK_HBASE_BLOB_COPY ? ok_hbase_enc_blob_copy(b, vb, lb, desc)
                                        : ok_hbase_enc_text(b, code, vb, lb, desc);
      want = sign(cmp_bytes(va, la, vb, lb));
      if (sign(cmp_bytes(a, na, b, nb)) != (desc ? -want : want) || !decodes(a, na, &it) ||
          it.value_len != la || ok_unescape(back, &it) != la || memcmp(back, va, la) != 0)
        bad_bytes[k]++;
    }
  }
  sprintf(why, "%ld violations", bad_num);
  check(bad_num == 0,
        "hbase numeric: byte order is numeric order (ints, doubles, 31-digit decimals)", why);
  check(bad_trip == 0, "hbase numeric: every encoding decodes, canonical", "violations");
  check(bad_int == 0, "hbase int8..int64: order and round trip", "violations");
  check(bad_float == 0, "hbase float32/float64: IEEE total order, NaN last, round trip",
        "violations");
  sprintf(why, "%ld %ld %ld %ld", bad_bytes[0], bad_bytes[1], bad_bytes[2], bad_bytes[3]);
  check(!bad_bytes[0] && !bad_bytes[1] && !bad_bytes[2] && !bad_bytes[3],
        "hbase blob-var (one length, or prefixes), text, JSON, blob-copy: byte order, shorter "
        "first; round trip",
        why);
}
