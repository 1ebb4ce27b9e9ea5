/*
** unit.c -- unit tests of the codec core (no SQLite).
**
**   build/unit             run every test; ends with "N passed, M failed"
**   build/unit --markdown  print the worked-examples table of src/FORMAT.md
**
** Tests: the format vectors (encode and decode), malformed inputs with
** their status and byte offset, and random properties: round trip, and
** memcmp order equal to exact numeric order (R1, R2, R3).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "vectors.h"

int passed, failed;

void check(int ok, const char *what, const char *detail) {
  if (ok)
    passed++;
  else {
    failed++;
    printf("FAIL %s: %s\n", what, detail);
  }
}

void to_hex(char *out, const uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) sprintf(out + 2 * i, "%02X", p[i]);
  out[2 * n] = 0;
}

size_t from_hex(uint8_t *out, const char *hex) {
  size_t n = 0;
  unsigned b;
  while (sscanf(hex + 2 * n, "%2x", &b) == 1) out[n++] = (uint8_t)b;
  return n;
}

static size_t encode(uint8_t *out, const ok_vector *v) {
  switch (v->type) {
    case OK_NULL: return ok_enc_null(out, v->desc);
    case OK_INT: return ok_enc_int(out, v->i, v->desc);
    case OK_REAL: return ok_enc_double(out, v->d, v->desc);
    case OK_TEXT:
      if (v->tag) { /* collated: transform, then escape */
        uint8_t t[256];
        size_t n = ok_collate_transform(t, v->tag, (const uint8_t *)v->s, v->n);
        return ok_enc_bytes(out, v->tag, t, n, 1, v->desc);
      }
      return ok_enc_bytes(out, OK_TAG_TEXT, (const uint8_t *)v->s, v->n, 1, v->desc);
    case OK_BLOB: return ok_enc_bytes(out, OK_TAG_BLOB, (const uint8_t *)v->s, v->n, 1, v->desc);
  }
  return 0;
}

/* Is the decoded item the vector's value (an integral REAL may be INT)? */
static int same_value(const ok_item *it, const ok_vector *v) {
  uint8_t buf[64];
  switch (v->type) {
    case OK_NULL: return it->type == OK_NULL;
    case OK_INT: return it->type == OK_INT && it->i == v->i;
    case OK_REAL:
      if (it->type == OK_INT) return (double)it->i == v->d && v->d == (double)(int64_t)v->d;
      return it->type == OK_REAL && (it->d == v->d || (it->d != it->d && v->d != v->d));
    case OK_TEXT:
    case OK_BLOB: {
      /* collated text comes back as the collation's representative */
      uint8_t want[64];
      size_t n = v->n, i, nul = 0;
      memcpy(want, v->s, n);
      for (i = 0; v->tag == OK_TAG_NOCASE && i < n; i++) {
        if (nul)
          want[i] = 0;
        else if (want[i] >= 'A' && want[i] <= 'Z')
          want[i] = (uint8_t)(want[i] + 32);
        nul = nul || want[i] == 0;
      }
      while (v->tag == OK_TAG_RTRIM && n && want[n - 1] == ' ') n--;
      return it->type == v->type && it->value_len == n && ok_unescape(buf, it) == n &&
             memcmp(buf, want, n) == 0;
    }
  }
  return 0;
}

static void test_vectors(void) {
  size_t i;
  for (i = 0; i < sizeof ok_vectors / sizeof ok_vectors[0]; i++) {
    const ok_vector *v = &ok_vectors[i];
    uint8_t buf[64];
    char hex[130];
    size_t n = encode(buf, v), err = 0;
    ok_item it;
    int rc;
    to_hex(hex, buf, n);
    check(strcmp(hex, v->hex) == 0 && encode(NULL, v) == n, v->sql, hex);
    rc = ok_decode(buf, n, &it, &err);
    check(rc == OK_OK && it.len == n && it.desc == v->desc && same_value(&it, v), v->sql, "decode");
  }
}

/* Malformed keys: the status and the byte offset each must report. */
static const struct {
  const char *hex, *why;
  int rc;
  size_t at;
} bad[] = {
    {"", "empty component", OK_E_TRUNCATED, 0},
    {"00", "0x00 is no tag", OK_E_TAG, 0},
    {"FF", "0xFF is no tag", OK_E_TAG, 0},
    {"7F", "0x7F is reserved", OK_E_TAG, 0},
    {"01", "0x01 is reserved", OK_E_TAG, 0},
    {"4D", "number without digits", OK_E_TRUNCATED, 1},
    {"4DA9", "number whose last byte says more follows", OK_E_TRUNCATED, 2},
    {"4DA900", "trailing zero group", OK_E_NONCANONICAL, 2},
    {"6B80", "escape exponent cut short", OK_E_TRUNCATED, 2},
    {"6B801F00", "escape exponent inside the tag window", OK_E_NONCANONICAL, 1},
    {"3A7FF000", "small escape exponent inside the tag window", OK_E_NONCANONICAL, 1},
    {"6B820000", "exponent above any double", OK_E_RANGE, 0},
    {"3A7DE600", "below the smallest subnormal", OK_E_RANGE, 0},
    {"4B030303030303030302", "more than 53 significant bits in a fraction", OK_E_RANGE, 0},
    {"4B0303030303030303038100", "more than ten digit groups", OK_E_RANGE, 11},
    {"6A0303030303030303030302", "tenth group with low bits set", OK_E_RANGE, 10},
    {"6A81FFFFFFFFFFFFFFFE", "2^63 + more bits: not a double", OK_E_RANGE, 0},
    {"706162", "text without terminator", OK_E_TRUNCATED, 3},
    {"7061010300", "escape byte 0x01 followed by 0x03", OK_E_ESCAPE, 2},
    {"706101", "escape at the end of the input", OK_E_TRUNCATED, 3},
    {"70610100", "escape right before the terminator", OK_E_ESCAPE, 2},
    {"8F9E", "descending text without terminator", OK_E_TRUNCATED, 2},
    {"8F9EFEFC", "descending text, bad escape", OK_E_TRUNCATED, 4},
    {"8F9EFEFCFF", "descending text, escape followed by 0x03", OK_E_ESCAPE, 2},
};

static void test_malformed(void) {
  size_t i;
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    uint8_t buf[64];
    size_t n = from_hex(buf, bad[i].hex), at = 999;
    ok_item it;
    int rc = ok_decode(buf, n, &it, &at);
    char got[96];
    sprintf(got, "%s: got %d (%s) at %zu", bad[i].hex, rc, ok_strerror(rc), at);
    check(rc == bad[i].rc && at == bad[i].at, bad[i].why, got);
  }
}

static void test_keys(void) {
  uint8_t key[64], end[64];
  size_t n = 0, count = 0, err = 0, at = 0;
  ok_item it;
  n += ok_enc_int(key + n, 42, 0);
  n += ok_enc_bytes(key + n, OK_TAG_TEXT, (const uint8_t *)"abc", 3, 1, 0);
  n += ok_enc_null(key + n, 1);
  check(ok_count(&ok_format_native, key, n, &count, &err) == OK_OK && count == 3, "count",
        "3 components");
  check(ok_count(&ok_format_native, key, 0, &count, &err) == OK_OK && count == 0, "count",
        "empty key");
  check(ok_locate(&ok_format_native, key, n, 1, &it, &at, &err) == OK_OK && at == 2 &&
            it.type == OK_TEXT,
        "locate", "second component at byte 2");
  check(ok_locate(&ok_format_native, key, n, 3, &it, &at, &err) == OK_FEWER && at == 3, "locate",
        "past the end");
  check(ok_count(&ok_format_native, key, n - 1, &count, &err) == OK_OK && count == 2, "count",
        "cut at a boundary");
  check(ok_count(&ok_format_native, key, 5, &count, &err) == OK_E_TRUNCATED && err == 5, "count",
        "cut inside text");
  key[2] = 0x7F;
  check(ok_count(&ok_format_native, key, n, &count, &err) == OK_E_TAG && err == 2, "count",
        "error offset in key");
  key[0] = 0x12;
  key[1] = 0xFF;
  check(ok_prefix_end(end, &count, key, 2) == OK_OK && count == 1 && end[0] == 0x13, "prefix_end",
        "drops 0xFF, adds one");
  check(ok_prefix_end(end, &count, key + 1, 1) == OK_E_RANGE && count == 0, "prefix_end",
        "all 0xFF has none");
  check(ok_prefix_end(end, &count, key, 0) == OK_E_RANGE, "prefix_end", "empty key has none");
  check(strcmp(ok_strerror(-99), "unknown status") == 0, "strerror", "unknown status");
}

/* --- random properties ---------------------------------------------------- */

static uint64_t rng = 88172645463325252ULL;
uint64_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

num random_num(void) {
  num x = {0, 0, 0.0};
  uint64_t r = rnd();
  x.is_int = (int)(r & 1);
  if (x.is_int) {
    x.i = (int64_t)(rnd() >> (r >> 1) % 64);
    if (r & 0x100) x.i = -x.i;
    if ((r & 0x600) == 0) x.i = (r & 0x800) ? INT64_MIN : INT64_MAX - (int64_t)((r >> 12) & 3);
  } else {
    uint64_t b = rnd();
    switch ((r >> 1) & 3) {
      case 0: break; /* any bits */
      case 1:
        b = (b & 0x800FFFFFFFFFFFFFULL) | ((uint64_t)(1023 + (int)((r >> 8) % 140) - 70) << 52);
        break;
      case 2: b &= 0x800FFFFFFFFFFFFFULL; break;  /* subnormal */
      default: b &= 0xFFFFF00000000000ULL; break; /* short mantissa */
    }
    memcpy(&x.d, &b, sizeof b);
    if (x.d != x.d) x.d = (r & 0x1000) ? 0.0 : -0.0;
  }
  return x;
}

/* Exact comparison of an int64 and a double (never NaN), as SQLite does it;
** no long double, so that it also holds under valgrind. */
static int cmp_int_double(int64_t i, double d) {
  int64_t t;
  if (d < -9223372036854775808.0) return 1;
  if (d >= 9223372036854775808.0) return -1;
  t = (int64_t)d; /* exact: trunc(d) fits and is a double */
  if (i != t) return i < t ? -1 : 1;
  return (double)t < d ? -1 : (double)t > d; /* the fraction of d decides */
}

int cmp_num(num a, num b) {
  if (a.is_int && b.is_int) return (a.i > b.i) - (a.i < b.i);
  if (!a.is_int && !b.is_int) return (a.d > b.d) - (a.d < b.d);
  if (a.is_int) return cmp_int_double(a.i, b.d);
  return -cmp_int_double(b.i, a.d);
}

static size_t enc_num(uint8_t *out, num x, int desc) {
  return x.is_int ? ok_enc_int(out, x.i, desc) : ok_enc_double(out, x.d, desc);
}

static void test_random_numbers(long rounds) {
  long r, bad_order = 0, bad_trip = 0, bad_size = 0;
  for (r = 0; r < rounds; r++) {
    num a = random_num(), b = random_num();
    uint8_t ka[OK_NUM_MAX], kb[OK_NUM_MAX], da[OK_NUM_MAX], db[OK_NUM_MAX];
    size_t na = enc_num(ka, a, 0), nb = enc_num(kb, b, 0), err, m;
    int c, want = cmp_num(a, b);
    ok_item it;
    num back;
    m = na < nb ? na : nb;
    c = memcmp(ka, kb, m);
    if (c == 0) c = (na > nb) - (na < nb);
    c = (c > 0) - (c < 0);
    if (c != want) bad_order++;
    enc_num(da, a, 1);
    enc_num(db, b, 1);
    c = memcmp(da, db, m);
    if (c == 0) c = (na > nb) - (na < nb);
    if (((c > 0) - (c < 0)) != -want) bad_order++;
    if (na > OK_NUM_MAX || enc_num(NULL, a, 0) != na) bad_size++;
    if (ok_decode(ka, na, &it, &err) != OK_OK || it.len != na) {
      bad_trip++;
      continue;
    }
    back.is_int = it.type == OK_INT;
    back.i = it.i;
    back.d = it.d;
    if (cmp_num(a, back) != 0) bad_trip++;
    if (ok_decode(da, na, &it, &err) != OK_OK || it.len != na) bad_trip++;
  }
  check(bad_order == 0, "random numbers: memcmp order equals numeric order", "violations");
  check(bad_trip == 0, "random numbers: decode(encode(x)) == x, both directions", "violations");
  check(bad_size == 0, "random numbers: size function and OK_NUM_MAX", "violations");
}

/* A double of the kinds where shortest decimals go wrong: any bits,
** subnormals, powers of two (narrower gap below), powers of ten and their
** neighbours, integers near 2^53, few-decimal values. */
static double tricky_double(void) {
  uint64_t r = rnd(), b = rnd();
  double d;
  int e = (int)(r >> 8) % 600 - 300;
  switch (r % 7) {
    case 0: memcpy(&d, &b, sizeof d); break;
    case 1:
      b &= 0x800FFFFFFFFFFFFFULL;
      memcpy(&d, &b, sizeof d);
      break;
    case 2: d = ldexp(1.0, (int)(r >> 8) % 2098 - 1074); break;
    case 3:
      d = nextafter(pow(10, e), (r >> 20) & 1 ? INFINITY : 0);
      if ((r >> 21) & 1) d = pow(10, e);
      break;
    case 4:
      d = 9007199254740992.0 + (double)((int64_t)(b % 64) - 32) * ((r >> 20) & 1 ? 1 : 2);
      break;
    case 5: d = (double)(int64_t)(b % 100000000) / pow(10, (double)((r >> 8) % 9)); break;
    default: /* 14 to 17 digits, 1e-12 to 1e19: the edges of the 15-digit path */
      d = (double)(b % 100000000000000000ULL / (uint64_t)pow(10, (double)((r >> 8) % 4))) /
          pow(10, (double)((r >> 12) % 30));
      if ((r >> 20) & 1) d = nextafter(d, (r >> 21) & 1 ? INFINITY : 0);
      break;
  }
  if (d != d || d - d != 0 || d == 0) d = 1.0;
  return (r >> 40) & 1 ? -d : d;
}

/* The text of the n-digit decimal m (at most 19 digits) times 10^e. */
static int reads_back(uint64_t m, int e, double d) {
  char t[48];
  sprintf(t, "%llue%d", (unsigned long long)m, e);
  return strtod(t, NULL) == d;
}

/* Java 8-18's Double.toString where Java 19 prints otherwise, as Java 17
** printed them (test/java_double.c checks a million more against Java). */
static void test_java8_digits(void) {
  static const struct {
    uint64_t bits;
    const char *java8, *java19; /* digits, then the point */
    int p8, p19;
  } cases[] = {
      {0x0000000000000002, "1", "99", -322, -323},                           /* 2^-1073: 1.0E-323 */
      {0xBE70000000000000, "59604644775390625", "5960464477539063", -7, -7}, /* -2^-24 */
      {0x43753DA88508CE74, "95660296106731328", "9566029610673133", 17, 17},
      {0x43D0000000000000, "46116860184273879", "4611686018427388", 19, 19}, /* 2^62 */
      {0x43AE2C0249D67AD2, "108705761813367424", "10870576181336742", 19, 19},
      {0x0000000000000001, "49", "49", -323, -323}, /* Double.MIN_VALUE: the same */
      {0x3FB999999999999A, "1", "1", 0, 0},         /* 0.1 */
  };
  char digits[24], why[64];
  size_t i, n;
  int point, v;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    double d;
    memcpy(&d, &cases[i].bits, sizeof d);
    for (v = 0; v < 2; v++) {
      const char *want = v ? cases[i].java19 : cases[i].java8;
      n = ok_double_digits(digits, &point, d, v ? 19 : 17);
      sprintf(why, "%016llX java %d: %.*s point %d", (unsigned long long)cases[i].bits, v ? 19 : 17,
              (int)n, digits, point);
      check(n == strlen(want) && memcmp(digits, want, n) == 0 &&
                point == (v ? cases[i].p19 : cases[i].p8),
            "double_digits: Java 8-18 and 19+ as each prints", why);
    }
  }
}

/* ok_double_digits against first principles: it reads back, no decimal
** of one digit fewer does (the closest such and both its neighbours are
** tried), and of its length it is the closest to d that reads back. */
static int digits_ok(double d, int java) {
  char digits[20], t[48];
  int point, e, k;
  size_t n = ok_double_digits(digits, &point, d, java), i;
  uint64_t m = 0, c;
  double a = fabs(d);
  for (i = 0; i < n; i++) m = m * 10 + (uint64_t)(digits[i] - '0');
  e = point - (int)n;
  if (n == 0 || n > 17 || digits[n - 1] == '0' || !reads_back(m, e, a)) return 0;
  if (n > (java ? 2u : 1u)) { /* nothing shorter: the closest n-1 digits, and its neighbours */
    sprintf(t, "%.*e", (int)n - 2, a);
    c = 0;
    for (i = 0; t[i] && t[i] != 'e'; i++)
      if (t[i] != '.') c = c * 10 + (uint64_t)(t[i] - '0');
    e = atoi(strchr(t, 'e') + 1) - (int)n + 2;
    for (k = -1; k <= 1; k++)
      if (c + (uint64_t)k > 0 && reads_back(c + (uint64_t)k, e, a)) return 0;
  }
  /* the closest of n digits (printf rounds correctly), when it reads back */
  sprintf(t, "%.*e", (int)n - 1, a);
  if (strtod(t, NULL) == a) {
    char again[48];
    sprintf(again, "%llue%d", (unsigned long long)m, point - (int)n);
    if (strtod(t, NULL) != strtod(again, NULL)) return 0;
    /* the same decimal, not just the same double */
    c = 0;
    for (i = 0; t[i] && t[i] != 'e'; i++)
      if (t[i] != '.') c = c * 10 + (uint64_t)(t[i] - '0');
    while (c % 10 == 0 && c) c /= 10;
    if (c != m) return 0;
  }
  return 1;
}

/* The routine ok_double_repr replaced (up to ok 1.0.0): the first %.Ng
** that reads back. Slow, and at powers of two sometimes a digit long. */
static void old_repr(char *out, double d) {
  int prec;
  char *e;
  for (prec = 1; prec < 17; prec++) {
    snprintf(out, OK_REPR_MAX, "%.*g", prec, d);
    if (strtod(out, NULL) == d) break;
  }
  if (prec == 17) snprintf(out, OK_REPR_MAX, "%.17g", d);
  e = strchr(out, 'e');
  if (e && atoi(e + 1) >= prec && atoi(e + 1) < 17)
    snprintf(out, OK_REPR_MAX, "%.*g", atoi(e + 1) + 1, d);
  if (!strpbrk(out, ".en")) strcat(out, ".0");
}

/* Significant digits of a rendering. */
static size_t digit_count(const char *t) {
  size_t n = 0, zeros = 0;
  int started = 0;
  for (; *t && *t != 'e'; t++) {
    if (*t < '0' || *t > '9') continue;
    if (*t != '0')
      started = 1, n += zeros + 1, zeros = 0;
    else if (started)
      zeros++;
  }
  return n;
}

/* ok_int_repr: as printf's %lld at every length and both signs (10^k,
** 10^k - 1 and their negatives), at the int64 limits, and on random values. */
static void test_int_repr(long rounds) {
  char got[OK_INT_REPR_MAX + 1], want[32];
  int64_t p = 1, v[4 * 19 + 2];
  long r, bad = 0;
  size_t i, count = 0;
  for (i = 0; i <= 18; i++) {
    v[count++] = p, v[count++] = p - 1, v[count++] = -p, v[count++] = 1 - p;
    if (i < 18) p *= 10;
  }
  v[count++] = INT64_MAX, v[count++] = INT64_MIN;
  for (r = -(long)count; r < rounds; r++) {
    int64_t x = r < 0 ? v[count + (size_t)r] : (int64_t)(rnd() >> (rnd() % 64));
    size_t n;
    if (r >= 0 && (rnd() & 1)) x = (int64_t)(0 - (uint64_t)x); /* INT64_MIN stays */
    n = ok_int_repr(got, x);
    got[n] = 0;
    snprintf(want, sizeof want, "%lld", (long long)x);
    if (strcmp(got, want) != 0 && bad++ == 0) check(0, "ok_int_repr: as %lld", want);
  }
  got[ok_int_repr(got, INT64_MIN)] = 0;
  check(bad == 0 && strcmp(got, "-9223372036854775808") == 0,
        "ok_int_repr: as %lld, at every length, both signs, the limits (20 bytes)", "");
}

static void test_double_repr(long rounds) {
  static const struct {
    double d;
    const char *text;
  } cases[] = {{0.1, "0.1"},
               {1.5, "1.5"},
               {-1.5e-300, "-1.5e-300"},
               {1e300, "1e+300"},
               {0x1p-1074, "5e-324"},
               {0x1p63, "9.223372036854776e+18"},
               {100.0, "100.0"},
               {-0.0, "-0.0"},
               {INFINITY, "Inf"},
               {-INFINITY, "-Inf"},
               {1e21, "1e+21"},
               {123456.5, "123456.5"},
               {0x1p-24, "5.960464477539063e-08"},
               {1e16, "10000000000000000.0"},
               {1e17, "1e+17"},
               {0.0001, "0.0001"},
               {0.00001, "1e-05"},
               {9007199254740993.0, "9007199254740992.0"},
               {1.7976931348623157e308, "1.7976931348623157e+308"},
               {0.0, "0.0"},
               {2.2250738585072014e-308, "2.2250738585072014e-308"},
               {NAN, "NaN"}};
  static const char *fifteen[] = {"988052521353517e-18", "984756499845191e-18",
                                  "995113211002201e-18", "986356570311484e-18",
                                  "980969758543799e-18", "977944968782011e-18"};
  char buf[OK_REPR_MAX], digits[20];
  size_t i;
  int point;
  long r, bad = 0, bad_java = 0, bad_old = 0, shorter = 0;
  char old[OK_REPR_MAX];
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t n = ok_double_repr(buf, cases[i].d);
    check(strcmp(buf, cases[i].text) == 0 && n == strlen(buf), "double_repr", buf);
  }
  check(ok_double_digits(digits, &point, 0x1p-1074, 19) == 2 && memcmp(digits, "49", 2) == 0 &&
            point == -323,
        "double_digits: Java's Double.MIN_VALUE is 4.9e-324", "");
  /* 15-digit decimals whose doubles, times 10^19 (products near 1e16),
  ** round to another integer than their own that reads back as well: the
  ** short path (src/double.c) must scale them by 10^18, below 2e15 */
  for (i = 0; i < sizeof fifteen / sizeof fifteen[0]; i++) {
    double d = strtod(fifteen[i], NULL);
    check(ok_double_digits(digits, &point, d, 0) == 15 && memcmp(digits, fifteen[i], 15) == 0 &&
              point == -3,
          "double_digits: 15 digits where 16 would read back", fifteen[i]);
  }
  test_java8_digits();
  for (r = 0; r < rounds; r++) {
    double d = tricky_double();
    ok_double_repr(buf, d);
    if (strtod(buf, NULL) != d || !strpbrk(buf, ".eI") || !digits_ok(d, 0)) bad++;
    if (!digits_ok(d, 19)) bad_java++;
    old_repr(old, d);
    if (strcmp(old, buf) != 0) { /* only where the old one was a digit long */
      if (digit_count(buf) < digit_count(old))
        shorter++;
      else
        bad_old++;
    }
  }
  printf("double_repr: %ld doubles, %ld differ from the old routine, all by being shorter\n",
         rounds, shorter);
  check(bad_old == 0, "double_repr: as the old routine, or shorter", "violations");
  check(bad == 0, "double_repr: shortest, closest, reads back (random and tricky doubles)",
        "violations");
  check(bad_java == 0, "double_digits java 19: two digits at least, closest, reads back",
        "violations");
}

static void test_b64_and_hash(void) {
  static const struct {
    const char *hex, *text;
  } cases[] = {{"", ""},           {"00", "--"},       {"FF", "zk"},
               {"000000", "----"}, {"FFFFFF", "zzzz"}, {"0102030405060708", "-F720-J50kV"}};
  char text[64], why[96];
  uint8_t bytes[64], back[64];
  size_t i, n, len, err = 0;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    n = from_hex(bytes, cases[i].hex);
    len = ok_b64_encode(text, bytes, n);
    text[len] = 0;
    check(strcmp(text, cases[i].text) == 0 && len == ok_b64_len(n), "b64 encode", text);
    check(ok_b64_decode(back, &len, text, strlen(text), &err) == OK_OK && len == n &&
              memcmp(back, bytes, n) == 0,
          "b64 decode", cases[i].text);
  }
  sprintf(why, "%d", ok_b64_decode(back, &len, "ab!d", 4, &err));
  check(err == 2, "b64 rejects a character outside the alphabet", why);
  check(ok_b64_decode(back, &len, "abcde", 5, &err) == OK_E_TRUNCATED, "b64 rejects length 5", "");
  check(ok_b64_decode(back, &len, "-1", 2, &err) == OK_E_NONCANONICAL, "b64 rejects padding bits",
        "");
  { /* RFC 4648's base 64: its test vectors, unpadded too, and what is refused */
    static const char *const rfc[][2] = {{"", ""},
                                         {"f", "Zg=="},
                                         {"fo", "Zm8="},
                                         {"foo", "Zm9v"},
                                         {"foob", "Zm9vYg=="},
                                         {"fooba", "Zm9vYmE="},
                                         {"foobar", "Zm9vYmFy"}};
    static const struct {
      const char *text;
      int status;
      size_t at;
    } bad[] = {{"Zg=", OK_E_TRUNCATED, 2},     {"Zm8==", OK_E_TRUNCATED, 3},
               {"Z", OK_E_TRUNCATED, 1},       {"Zm9vZ===", OK_E_SYNTAX, 5},
               {"Zm!v", OK_E_SYNTAX, 2},       {"Zh==", OK_E_NONCANONICAL, 1},
               {"Zm9=", OK_E_NONCANONICAL, 2}, {"Zm9=Zm9v", OK_E_SYNTAX, 3}};
    for (i = 0; i < sizeof rfc / sizeof rfc[0]; i++) {
      n = strlen(rfc[i][0]);
      len = ok_base64_encode(text, (const uint8_t *)rfc[i][0], n);
      text[len] = 0;
      check(strcmp(text, rfc[i][1]) == 0 && len == OK_BASE64_BOUND(n), "base64 encode", text);
      check(ok_base64_decode(back, &len, text, strlen(text), &err) == OK_OK && len == n &&
                memcmp(back, rfc[i][0], n) == 0 &&
                ok_base64_decode(back, &len, text, strcspn(text, "="), &err) == OK_OK && len == n,
            "base64 decode, padded or not", rfc[i][1]);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
      check(ok_base64_decode(back, &len, bad[i].text, strlen(bad[i].text), &err) == bad[i].status &&
                err == bad[i].at,
            "base64 refused at its character", bad[i].text);
  }
  check(ok_xxh32("", 0, 0) == 0x02CC5D05u && ok_xxh32("abc", 3, 0) == 0x32D153FFu, "xxh32",
        "known values");
  check(
      ok_xxh64("", 0, 0) == 0xEF46DB3751D8E999ull && ok_xxh64("abc", 3, 0) == 0x44BC2CF5AD770999ull,
      "xxh64", "known values");
}

/* Random texts biased to what is hard for a natural order: digit runs of
** many lengths (also over 20 digits), leading zeros, runs at both ends,
** NULs, 0x01, non-ASCII bytes, mixed case, spaces and dots. */
static size_t random_text(uint8_t *out) {
  static const char pool[] = "0000123456789aAbBzZ .-/:\x01\x00\xC3\xFF";
  size_t n = (size_t)(rnd() % 12), i, o = 0;
  for (i = 0; i < n; i++) {
    uint64_t r = rnd();
    if (r % 5 == 0) { /* a digit run */
      size_t len = (size_t)((r >> 8) % 8 == 0 ? 20 + (r >> 16) % 20 : 1 + (r >> 16) % 4), k;
      for (k = 0; k < len; k++)
        out[o++] = (uint8_t)((r >> 24) % 3 == 0 && k < 3 ? '0' : '0' + rnd() % 10);
    } else {
      out[o++] = (uint8_t)pool[(r >> 8) % (sizeof pool - 1)];
    }
  }
  return o;
}

int sign(int c) { return (c > 0) - (c < 0); }

int cmp_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  int c = memcmp(a, b, na < nb ? na : nb);
  return c ? sign(c) : (na > nb) - (na < nb);
}

/* The collation's compare function against memcmp of its key transform,
** and the round trip text -> component -> text. */
static void test_natural(long pairs) {
  static uint8_t a[512], b[512], ka[2048], kb[2048], back[2048];
  long r, bad_order = 0, bad_equal = 0, bad_trip = 0, bad_sym = 0;
  for (r = 0; r < pairs; r++) {
    size_t na = random_text(a), nb = r % 4 ? random_text(b) : na, ma, mb, err;
    int c, k;
    ok_item it;
    if (r % 4 == 0) { /* equal prefix, then a change in one digit or a zero */
      memcpy(b, a, na);
      if (nb) b[rnd() % nb] = (uint8_t)('0' + rnd() % 10);
      if (rnd() % 2) b[nb++] = '0';
    }
    c = ok_natural_cmp(a, na, b, nb);
    ma = ok_collate_transform(ka, OK_TAG_NATURAL, a, na);
    mb = ok_collate_transform(kb, OK_TAG_NATURAL, b, nb);
    k = cmp_bytes(ka, ma, kb, mb);
    if (sign(c) != k) bad_order++;
    if ((c == 0) != (na == nb && memcmp(a, b, na) == 0)) bad_equal++;
    if (sign(ok_natural_cmp(b, nb, a, na)) != -sign(c)) bad_sym++;
    ma = ok_enc_bytes(kb, OK_TAG_NATURAL, ka, ma, 1, (int)(r % 2));
    if (ok_decode(kb, ma, &it, &err) != OK_OK || it.len != ma || it.value_len != na ||
        ok_unescape(back, &it) != na || memcmp(back, a, na) != 0) {
      bad_trip++;
    }
  }
  check(bad_order == 0, "ok_natural: compare agrees with memcmp of the keys", "violations");
  check(bad_equal == 0, "ok_natural: equal only for identical texts", "violations");
  check(bad_sym == 0, "ok_natural: antisymmetric", "violations");
  check(bad_trip == 0, "ok_natural: text -> component -> text", "violations");
}

static void print_markdown(void) {
  size_t i;
  printf("| SQL value | component bytes (hex) |\n|---|---|\n");
  for (i = 0; i < sizeof ok_vectors / sizeof ok_vectors[0]; i++) {
    const char *c;
    printf("| `");
    for (c = ok_vectors[i].sql; *c; c++) printf(*c == '|' ? "\\|" : "%c", *c); /* in a table cell */
    printf("` | `%s` |\n", ok_vectors[i].hex);
  }
}

/* --- formats, salt, hex, the encoder contract ------------------------------ */

/* UTF-8: the valid prefix, with ASCII read eight bytes at a time. */
static void test_utf8(void) {
  static const struct {
    const char *s;
    size_t n, want;
  } cases[] = {{"abcdefgh", 8, 8},
               {"abcdefgh\xC3", 9, 8},
               {"abcdefghi\xFF", 10, 9},
               {"abcdefghijklmnop\xED\xA0\x80", 19, 16}, /* a surrogate */
               {"abcdefg\xC3\xA9zzzzzzzz", 17, 17},
               {"\xF4\x90\x80\x80", 4, 0}, /* above U+10FFFF */
               {"\xC0\xAF", 2, 0},         /* overlong */
               {"", 0, 0}};
  size_t i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char why[32];
    size_t got = ok_utf8_check((const uint8_t *)cases[i].s, cases[i].n);
    sprintf(why, "case %d: %d", (int)i, (int)got);
    check(got == cases[i].want, "utf8_check: valid prefix", why);
  }
}

/* Each status code has a phrase of its own. */
static void test_status(void) {
  static const int codes[] = {
      OK_OK,      OK_E_TRUNCATED, OK_E_TAG,    OK_E_ESCAPE,    OK_E_NONCANONICAL,
      OK_E_RANGE, OK_E_SYNTAX,    OK_E_DESC,   OK_E_NUL,       OK_E_TRAILING,
      OK_E_NULL,  OK_E_LENGTH,    OK_E_BYTE,   OK_E_AMBIGUOUS, OK_E_TYPE,
      OK_E_ROOM,  OK_FEWER,       OK_FDB_OPEN, OK_FDB_CLOSE};
  size_t i, j, n = sizeof codes / sizeof codes[0];
  int distinct = 1;
  for (i = 0; i < n; i++) {
    if (strcmp(ok_strerror(codes[i]), "unknown status") == 0) distinct = 0;
    for (j = 0; j < i; j++) {
      if (codes[i] == codes[j] || strcmp(ok_strerror(codes[i]), ok_strerror(codes[j])) == 0)
        distinct = 0;
    }
  }
  check(distinct, "status codes", "each code and phrase is distinct and named");
}

/* ok_next_n: a key's items in batches, as ok_next gives them one by one;
** the batch that meets the key's end or a bad component ends there. */
static void test_next_n(void) {
  uint8_t key[64];
  size_t n = 0, got = 9, err = 0, i;
  ok_item items[4];
  ok_walk w;
  for (i = 0; i < 5; i++) n += ok_fdb_enc_int(key + n, (int64_t)i * 1000);
  ok_walk_start(&w, &ok_format_fdb, key, n);
  check(ok_next_n(&w, items, 2, &got, &err) == OK_OK && got == 2 && items[1].i == 1000 &&
            w.index == 2 && w.at == 1 && w.off == 4,
        "ok_next_n: a full batch", "0, 1000 of 5");
  check(ok_next_n(&w, items, 2, &got, &err) == OK_OK && got == 2 && items[1].i == 3000 &&
            w.index == 4 && w.at == 7 && w.off == 10,
        "ok_next_n: another", "2000, 3000");
  check(ok_next_n(&w, items, 3, &got, &err) == OK_FEWER && got == 1 && items[0].i == 4000 &&
            w.index == 5 && w.at == 10 && w.off == n && err == n,
        "ok_next_n: the key's end within a batch", "4000");
  key[7] = 0x1E; /* 3000's tag (0x16 at 7): no FDB code */
  ok_walk_start(&w, &ok_format_fdb, key, n);
  check(ok_next_n(&w, items, 4, &got, &err) == OK_E_TAG && got == 3 && err == 7 && w.index == 3 &&
            w.off == 7,
        "ok_next_n: a bad component ends the batch, at its byte", "OK_E_TAG at 7");
  check(ok_next_n(&w, items, 0, &got, &err) == OK_OK && got == 0 && w.index == 3,
        "ok_next_n: a batch of none", "");
  ok_walk_start(&w, &ok_format_fdb, key, 0);
  check(ok_next_n(&w, items, 3, &got, &err) == OK_FEWER && got == 0 && err == 0,
        "ok_next_n: the empty key", "");
}

static void test_formats(void) {
  uint8_t key[64], salted[68], salt[4], out[16];
  char hex[64];
  size_t n = 0, count = 0, err = 0, at = 0, k = 0, len;
  ok_item it;
  int i, rc;
  /* every format of the table: found by its name in any case, lower case
  ** itself, complete, reading an empty key as no components and one byte
  ** within that byte */
  for (i = 0; ok_formats[i]; i++) {
    const ok_format *f = ok_formats[i];
    char upper[16];
    size_t j, len = strlen(f->name);
    for (j = 0; j < len && j < sizeof upper; j++)
      upper[j] = (char)(f->name[j] >= 'a' && f->name[j] <= 'z' ? f->name[j] - 32 : f->name[j]);
    check(len < sizeof upper && ok_format_named(f->name, len) == f &&
              ok_format_named(upper, len) == f && strcmp(f->name, upper) != 0,
          "formats: each named in any case, lower case itself", f->name);
    check(f->decode && f->value && f->fields == 0 && !f->param, "formats: each complete", f->name);
    if (f->param_name) { /* read only once made from its parameter */
      key[0] = 0x80;
      check(ok_count(f, key, 1, &count, &err) == OK_E_SYNTAX && err == 0,
            "formats: one read with a parameter reads nothing without it", f->name);
    }
    /* the empty key: no components, but where the format never writes it
    ** (bytewise, charwise: an empty array is A000, K!; Firefox's is 50,
    ** WebKit's 00A0 and a zero count, Chrome's 0400 and 5000; ordered-binary
    ** writes none at all; a KeyString has its end byte, 04),
    ** or reads nothing without its parameter */
    rc = ok_count(f, key, 0, &count, &err);
    check(f == &ok_format_bytewise || f == &ok_format_charwise || f == &ok_format_orderedbinary ||
                  f == &ok_format_firefox || f == &ok_format_webkit || f == &ok_format_chrome ||
                  f == &ok_format_chromesql || f == &ok_format_keystring
              ? rc == OK_E_LENGTH && err == 0
          : f->param_name ? rc == OK_E_SYNTAX
                          : rc == OK_OK && count == 0,
          "formats: empty key", f->name);
    for (j = 0; j < 256; j++) {
      key[0] = (uint8_t)j;
      if (f->decode(f, 0, key, 1, &it, &err) == OK_OK ? it.len != 1 : err > 1) break;
    }
    check(j == 256, "formats: a one-byte key is read within it", f->name);
  }
  check(i >= 5 && ok_formats[0] == &ok_format_native && ok_formats[i - 1] == &ok_format_orderly &&
            !strcmp(ok_format_orderly.param_name, "schema") && !ok_format_hbase.param_name,
        "formats: native first, Orderly (with its schema) last, as the registry lists them", "");
  check(ok_format_named("FDB", 3) == &ok_format_fdb &&
            ok_format_named("HBase", 5) == &ok_format_hbase &&
            ok_format_named("ok", 2) == &ok_format_native &&
            ok_format_named("Orderly", 7) == &ok_format_orderly &&
            ok_format_named("CRDB", 4) == &ok_format_crdb &&
            ok_format_named("TiKV", 4) == &ok_format_tikv,
        "formats: named in any case", "");
  check(!ok_format_named("fdbx", 4) && !ok_format_named("fd", 2) && !ok_format_named("", 0) &&
            !ok_format_named("fdb\0", 4) && !ok_format_named("orderly:", 8),
        "formats: no other name", "");
  /* one walk for every format: FDB 1, 'a'; HBase 1, 'a' */
  n = ok_fdb_enc_int(key, 1);
  n += ok_fdb_enc_bytes(key + n, OK_FDB_STRING, (const uint8_t *)"a\0b", 3);
  check(ok_count(&ok_format_fdb, key, n, &count, &err) == OK_OK && count == 2, "formats: fdb count",
        "2");
  check(ok_locate(&ok_format_fdb, key, n, 1, &it, &at, &err) == OK_OK && at == 2 &&
            it.format == &ok_format_fdb && it.value_len == 3 && ok_unescape(out, &it) == 3 &&
            memcmp(out, "a\0b", 3) == 0,
        "formats: fdb locate and value", "a NUL b");
  test_next_n();
  n = ok_hbase_enc_text(key, OK_HBASE_TEXT, (const uint8_t *)"xy", 2, 1);
  check(ok_locate(&ok_format_hbase, key, n, 0, &it, &at, &err) == OK_OK && it.desc &&
            ok_unescape(out, &it) == 2 && memcmp(out, "xy", 2) == 0,
        "formats: hbase descending text value", "xy");
  check(ok_count(&ok_format_hbase, key, n - 1, &count, &err) == OK_E_TRUNCATED && err == n - 1,
        "formats: hbase error offset", "");
  /* salt: the vector of docs/spreading-and-text-keys.md */
  n = ok_enc_int(key, 42, 0);
  n += ok_enc_bytes(key + n, OK_TAG_TEXT, (const uint8_t *)"abc", 3, 1, 0);
  check(ok_salt(&ok_format_native, salt, key, n, 1, &err) == OK_OK &&
            ok_hex_encode(hex, salt, 4) == 8 && memcmp(hex, "3F216A59", 8) == 0,
        "salt: ok_pack(42, 'abc') over 1 is 3F216A59", "");
  check(ok_salt(&ok_format_native, salt, key, n, 3, &err) == OK_FEWER &&
            ok_salt(&ok_format_native, salt, key, n, 0, &err) == OK_FEWER,
        "salt: k beyond the key, or 0", "OK_FEWER");
  check(ok_salt(&ok_format_native, salt, key, n - 1, 1, &err) == OK_E_TRUNCATED && err == n - 1,
        "salt: the whole key is checked", "");
  for (i = 1; i <= 2; i++) {
    ok_salt(&ok_format_native, salted, key, n, (size_t)i, &err);
    memcpy(salted + OK_SALT_LEN, key, n);
    check(ok_salt_find(&ok_format_native, salted, n + OK_SALT_LEN, &k, &err) == OK_OK &&
              k == (size_t)i,
          "salt: find the k of the salt", i == 1 ? "1" : "2");
  }
  salted[0] ^= 1;
  check(ok_salt_find(&ok_format_native, salted, n + OK_SALT_LEN, &k, &err) == OK_FEWER && k == 0,
        "salt: a salt of no k", "");
  check(ok_salt_find(&ok_format_native, salted, 3, &k, &err) == OK_FEWER,
        "salt: shorter than the salt", "");
  salted[OK_SALT_LEN] = 0x7F;
  check(ok_salt_find(&ok_format_native, salted, n + OK_SALT_LEN, &k, &err) == OK_E_TAG &&
            err == OK_SALT_LEN,
        "salt: a malformed key, offset in the salted key", "");
  len = ok_hex_encode(hex, (const uint8_t *)"\x00\x9F\xFF", 3);
  check(len == 6 && memcmp(hex, "009FFF", 6) == 0, "hex: upper case", "009FFF");
}

/* Every encoder writes exactly the bytes it returns (and the sizing call
** with NULL returns the same count): the bytes after them stay as they
** were. */
static void test_encoder_contract(long rounds) {
  long r, bad = 0;
  for (r = 0; r < rounds; r++) {
    uint8_t buf[64];
    size_t n, want;
    num x = random_num();
    int desc = (int)(rnd() & 1), step;
    ok_hbase_num h;
    for (step = 0; step < 4; step++) {
      memset(buf, 0xA5, sizeof buf);
      switch (step) {
        case 0:
          want = x.is_int ? ok_enc_int(NULL, x.i, desc) : ok_enc_double(NULL, x.d, desc);
          n = x.is_int ? ok_enc_int(buf, x.i, desc) : ok_enc_double(buf, x.d, desc);
          break;
        case 1:
          want = x.is_int ? ok_fdb_enc_int(NULL, x.i) : ok_fdb_enc_double(NULL, x.d);
          n = x.is_int ? ok_fdb_enc_int(buf, x.i) : ok_fdb_enc_double(buf, x.d);
          break;
        case 2:
          if (x.is_int)
            ok_hbase_num_int(&h, x.i);
          else
            ok_hbase_num_double(&h, x.d, 17);
          want = ok_hbase_enc_num(NULL, &h, desc);
          n = ok_hbase_enc_num(buf, &h, desc);
          break;
        default:
          want = ok_hbase_enc_float64(NULL, x.d, desc);
          n = ok_hbase_enc_float64(buf, x.d, desc);
      }
      if (n != want || n == 0 || n >= sizeof buf) bad++;
      while (n < sizeof buf && buf[n] == 0xA5) n++;
      if (n != sizeof buf) bad++;
    }
  }
  check(bad == 0, "encoders write only the bytes they return", "violations");
}

/* Each *_BOUND(n) holds the most its encoder makes of n bytes, for every n
** up to 300 and the inputs that grow most (all NULs or 0x01, all 0xFF,
** digits for the natural collation), and is reached where it is tight. */
static void test_bounds(void) {
  uint8_t in[300], out[4 * 300 + OK_NUM_MAX];
  char text[2 * 300];
  long bad = 0, tight = 0, want = 0;
  size_t n, k;
  for (k = 0; k < 4; k++) {
    static const uint8_t fill[] = {0x00, 0x01, 0xFF, '7'};
    memset(in, fill[k], sizeof in);
    for (n = 0; n <= sizeof in; n++) {
      size_t len = ok_enc_bytes(out, OK_TAG_TEXT, in, n, 1, 0);
      bad += len > OK_BYTES_BOUND(n);
      tight += len == OK_BYTES_BOUND(n) && k < 2, want += k < 2;
      bad += ok_collate_transform(out, OK_TAG_NATURAL, in, n) > OK_COLLATE_BOUND(n);
      bad += ok_collate_transform(out, OK_TAG_NOCASE, in, n) > OK_COLLATE_BOUND(n);
      bad += ok_hex_encode(text, in, n) != OK_HEX_BOUND(n);
      bad += ok_b64_len(n) != OK_B64_BOUND(n);
      len = ok_fdb_enc_bytes(out, OK_FDB_BYTES, in, n);
      bad += len > OK_FDB_BYTES_BOUND(n);
      tight += len == OK_FDB_BYTES_BOUND(n) && k == 0, want += k == 0;
      bad += ok_hbase_enc_blob_var(out, in, n, 1) != OK_HBASE_BLOB_VAR_BOUND(n);
      bad += ok_hbase_enc_blob_copy(out, in, n, 1) != OK_HBASE_BLOB_COPY_BOUND(n);
      bad += ok_hbase_enc_text(out, OK_HBASE_TEXT, in, n, 1) != OK_HBASE_TEXT_BOUND(n);
    }
  }
  /* all NULs and 0x01 make the native bound, all NULs FDB's, for each n */
  check(bad == 0 && tight == want && want == 3 * 301, "bounds: each encoder within its *_BOUND(n)",
        "violations");
}

/* Text back to bytes, in every form the readers take (hex; escapes, with
** `esc`), and the errors with their offsets. */
typedef struct {
  int esc;
  const char *s;
  int rc;
  size_t len_or_at;
  const char *hex; /* the bytes, as ok_hex_encode writes them */
} text_case;

static void test_text_decode(void) {
  static const text_case cases[] = {
      {0, "4DA87061626300", OK_OK, 7, "4DA87061626300"},
      {0, "4da8 7061 626300", OK_OK, 7, "4DA87061626300"},
      {0, "X'4DA8'", OK_OK, 2, "4DA8"},
      {0, "x'4da8'", OK_OK, 2, "4DA8"},
      {0, "0x4DA8", OK_OK, 2, "4DA8"},
      {0, " 0x4DA8\n", OK_OK, 2, "4DA8"},
      {0, "\t X'4DA8' ", OK_OK, 2, "4DA8"},
      {0, "4D|A8:70-61,62.63_00/", OK_OK, 7, "4DA87061626300"},
      {0, " \t\r\n", OK_OK, 0, ""},
      {0, "", OK_OK, 0, ""},
      {0, "X''", OK_OK, 0, ""},
      {0, "4DA", OK_E_TRUNCATED, 2, ""},
      {0, "4 DA8", OK_E_TRUNCATED, 0, ""},
      {0, "4DG8", OK_E_SYNTAX, 2, ""},
      {0, "4D;A8", OK_E_SYNTAX, 2, ""},
      {0, "X'4DA8", OK_E_SYNTAX, 0, ""},
      {0, "0x", OK_OK, 0, ""},
      {0, " 0 x4DA8", OK_E_TRUNCATED, 1, ""},
      {1, "\\x02users\\x00\\x15*", OK_OK, 9, "02757365727300152A"},
      {1, "\\x19\\x19D4abc\\x00", OK_OK, 8, "1919443461626300"},
      {1, " b'\\x15\\x01' ", OK_OK, 2, "1501"},
      {1, "b\"row1\"", OK_OK, 4, "726F7731"},
      {1, "\\\\\\'\\\"\\n\\r\\t\\xfF", OK_OK, 7, "5C27220A0D09FF"},
      {1, "\xC3\xA9\\x00", OK_OK, 3, "C3A900"},
      {1, "ab\\q", OK_E_ESCAPE, 2, ""},
      {1, "ab\\x4", OK_E_TRUNCATED, 2, ""},
      {1, "ab\\x4G", OK_E_ESCAPE, 2, ""},
      {1, "abc\\", OK_E_TRUNCATED, 3, ""},
      /* a bytea: \x and hex digits alone, an even count; else escapes */
      {0, "\\xbd89b2126162630001", OK_OK, 9, "BD89B2126162630001"},
      {0, " \\x4142 ", OK_OK, 2, "4142"},
      {1, "\\x414", OK_OK, 2, "4134"},
      {1, "\\x41\\x42", OK_OK, 2, "4142"},
      {1, "\\x", OK_E_TRUNCATED, 0, ""},
      /* octal, as tikv-ctl and protobuf print, and C's \0 */
      {1, "t\\200\\000\\377?", OK_OK, 5, "748000FF3F"},
      {1, "\\0\\7\\101\\1234", OK_OK, 5, "0007415334"},
      {1, "\\400", OK_E_ESCAPE, 0, ""},
      {1, "\\a\\b\\f\\v", OK_OK, 4, "07080C0B"},
      /* Go's %q, and code points */
      {1, "\"t\\x80\\u00e9\\U0001F600\"", OK_OK, 8, "7480C3A9F09F9880"},
      {1, "\"plain\"", OK_OK, 5, "706C61696E"},
      {1, "b\"\\u{e9}\\u{10FFFF}\"", OK_OK, 6, "C3A9F48FBFBF"},
      {1, "\\u{110000}", OK_E_ESCAPE, 0, ""},
      {1, "\\u{1234567}", OK_E_ESCAPE, 0, ""},
      {1, "\\u{}", OK_E_ESCAPE, 0, ""},
      {1, "\\u{41", OK_E_TRUNCATED, 0, ""},
      {1, "a\\ud800", OK_E_ESCAPE, 1, ""},
      {1, "\\u004", OK_E_TRUNCATED, 0, ""},
      {1, "\\U0001F60", OK_E_TRUNCATED, 0, ""},
      {1, "\\u004G", OK_E_ESCAPE, 0, ""},
  };
  size_t i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int (*decode)(uint8_t *, size_t *, const char *, size_t, size_t *) =
        cases[i].esc ? ok_escaped_decode : ok_hex_decode;
    uint8_t out[32];
    char hex[80], why[160];
    size_t len = 99, at = 99, n = strlen(cases[i].s);
    int rc = decode(out, &len, cases[i].s, n, &at), counted;
    size_t len2;
    hex[ok_hex_encode(hex, out, rc == OK_OK ? len : 0)] = 0;
    counted = decode(NULL, &len2, cases[i].s, n, &at) == rc && (rc != OK_OK || len2 == len);
    sprintf(why, "case %d: status %d, %d, %s", (int)i, rc, (int)(rc == OK_OK ? len : at), hex);
    check(rc == cases[i].rc && counted && ok_escaped_is(cases[i].s, n) == cases[i].esc &&
              (rc == OK_OK ? len == cases[i].len_or_at && strcmp(hex, cases[i].hex) == 0
                           : at == cases[i].len_or_at),
          "text_decode", why);
  }
}

/* Lexi strings: the seed's examples, the edges of both types, every NaN as
** Java's one, the errors; and random values read back exactly and sort
** as they do. */
static void test_lexi(long rounds) {
  char a[OK_LEXI_LEN + 1] = {0}, b[OK_LEXI_LEN + 1] = {0};
  ok_type t;
  int64_t i;
  double d;
  size_t at;
  long r, bad = 0;
  ok_lexi_int(a, 389625);
  check(strcmp(a, "l800000000005F1F9") == 0, "lexi: the long 389625", a);
  ok_lexi_double(a, 186.8);
  check(strcmp(a, "dC06759999999999A") == 0, "lexi: the double 186.8", a);
  ok_lexi_int(a, INT64_MIN);
  ok_lexi_int(b, INT64_MAX);
  check(strcmp(a, "l0000000000000000") == 0 && strcmp(b, "lFFFFFFFFFFFFFFFF") == 0,
        "lexi: int64 ends", b);
  ok_lexi_double(a, -0.0);
  ok_lexi_double(b, 0.0);
  check(strcmp(a, "d7FFFFFFFFFFFFFFF") == 0 && strcmp(b, "d8000000000000000") == 0,
        "lexi: -0.0 below 0.0", a);
  ok_lexi_double(a, -NAN);
  check(strcmp(a, "dFFF8000000000000") == 0, "lexi: any NaN is Java's NaN", a);
  ok_lexi_double(a, -INFINITY);
  ok_lexi_double(b, INFINITY);
  check(strcmp(a, "d000FFFFFFFFFFFFF") == 0 && strcmp(b, "dFFF0000000000000") == 0,
        "lexi: infinities", a);
  check(ok_lexi_decode("d0007FFFFFFFFFFFF", 17, &t, &i, &d, &at) == OK_OK && t == OK_REAL && d != d,
        "lexi: a negative NaN's bits read as a NaN", "");
  check(ok_lexi_decode("l80000000000000", 15, &t, &i, &d, &at) == OK_E_LENGTH && at == 15,
        "lexi: too short", "");
  check(ok_lexi_decode("L800000000005F1F9", 17, &t, &i, &d, &at) == OK_E_TAG && at == 0,
        "lexi: an upper-case letter is no type", "");
  check(ok_lexi_decode("l800000000005f1f9", 17, &t, &i, &d, &at) == OK_E_SYNTAX && at == 13,
        "lexi: lower-case hex is refused (one string per value)", "");
  for (r = 0; r < rounds; r++) {
    num x = random_num(), y = random_num();
    if (x.is_int != y.is_int) continue;
    if (x.is_int) {
      ok_lexi_int(a, x.i), ok_lexi_int(b, y.i);
      bad += ok_lexi_decode(a, 17, &t, &i, &d, &at) != OK_OK || t != OK_INT || i != x.i;
      bad += sign(strcmp(a, b)) != (x.i < y.i ? -1 : x.i > y.i);
    } else {
      if (x.d != x.d || y.d != y.d || x.d == 0 || y.d == 0) continue;
      ok_lexi_double(a, x.d), ok_lexi_double(b, y.d);
      bad += ok_lexi_decode(a, 17, &t, &i, &d, &at) != OK_OK || t != OK_REAL ||
             memcmp(&d, &x.d, sizeof d) != 0;
      bad += sign(strcmp(a, b)) != (x.d < y.d ? -1 : x.d > y.d);
    }
  }
  check(bad == 0, "lexi: random values read back and sort as their values", "violations");
}

/* ok_orderly through its public accessors alone, on the heap as a caller
** without OK_STATIC_LINKING_ONLY holds it: a schema's format, leaf types,
** a key written and read, should_not checked only where it matters. */
static void test_orderly_public(void) {
  ok_orderly *s = malloc(ok_orderly_size());
  const char *why = "";
  size_t at = 0, field = 9, len, count = 0, err;
  uint8_t key[16];
  ok_orderly_value v[2];
  ok_item it;
  if (!s) return;
  check(ok_orderly_size() == sizeof(ok_orderly) &&
            ok_orderly_parse(s, "long, struct(utf8 desc)", 23, &at, &why) == OK_OK,
        "orderly: parse into ok_orderly_size() bytes", why);
  check(ok_orderly_format(s)->fields == 2 && ok_orderly_field_type(s, 0) == OK_OL_LONG &&
            ok_orderly_field_type(s, 1) == OK_OL_UTF8 && ok_orderly_field_type(s, 2) == 0,
        "orderly: format and leaf types", "");
  memset(v, 0, sizeof v);
  v[0].i = 1;
  v[1].p = (const uint8_t *)"a", v[1].n = 1;
  check(ok_orderly_check(s, 0, &v[0]) == OK_OK && ok_orderly_check(s, 1, &v[1]) == OK_OK,
        "orderly: check by field number", "");
  len = ok_orderly_encode(key, sizeof key, s, v, 2, 0);
  check(len == 3 && key[0] == 0x81 && key[1] == (uint8_t)~0x63 && key[2] == 0xFE &&
            ok_orderly_verify(s, v, key, len, &field) == OK_OK && field == 0 &&
            ok_count(ok_orderly_format(s), key, len, &count, &err) == OK_OK && count == 2 &&
            ok_locate(ok_orderly_format(s), key, len, 1, &it, &at, &err) == OK_OK &&
            it.type == OK_TEXT && it.desc && it.value_len == 1,
        "orderly: 81 9C FE is (1, 'a' desc), read back through the format", "");
  v[0].i = (int64_t)1 << 40;
  check(ok_orderly_parse(s, "int", 3, &at, &why) == OK_OK &&
            ok_orderly_check(s, 0, &v[0]) == OK_E_RANGE,
        "orderly: check refuses 2^40 for an int", "");
  free(s);
}

/* The header's version macros agree with each other and with the library. */
static void test_version(void) {
  char text[32];
  sprintf(text, "%d.%d.%d", OK_VERSION_MAJOR, OK_VERSION_MINOR, OK_VERSION_PATCH);
  check(strcmp(text, OK_VERSION) == 0, "version: OK_VERSION is MAJOR.MINOR.PATCH", text);
  check(
      ok_version_number() == OK_VERSION_NUMBER &&
          OK_VERSION_NUMBER == OK_VERSION_MAJOR * 10000 + OK_VERSION_MINOR * 100 + OK_VERSION_PATCH,
      "version: ok_version_number() is OK_VERSION_NUMBER", "");
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--markdown") == 0) {
    print_markdown();
    return 0;
  }
  if (argc > 2 && strcmp(argv[1], "--doubles") == 0) { /* the long proof run */
    test_double_repr(atol(argv[2]));
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
  }
  test_version();
  test_bounds();
  test_text_decode();
  test_lexi(200000);
  test_orderly_public();
  test_vectors();
  test_malformed();
  test_keys();
  test_status();
  test_utf8();
  test_formats();
  test_encoder_contract(argc > 1 ? atol(argv[1]) / 10 : 200000);
  test_b64_and_hash();
  test_random_numbers(argc > 1 ? atol(argv[1]) : 2000000);
  test_int_repr(argc > 1 ? atol(argv[1]) / 10 : 200000);
  test_double_repr(argc > 1 ? atol(argv[1]) / 10 : 200000);
  test_natural(argc > 1 ? atol(argv[1]) : 1000000);
  test_fdb(argc > 1 ? atol(argv[1]) : 500000);
  test_hbase(argc > 1 ? atol(argv[1]) : 300000);
  test_stores(argc > 1 ? atol(argv[1]) : 300000);
  test_browsers(argc > 1 ? atol(argv[1]) : 300000);
  test_idbkey_order(argc > 1 ? atol(argv[1]) / 10000 + 1 : 30);
  test_chrome(argc > 1 ? atol(argv[1]) / 10000 + 1 : 30);
  test_webkit_dates(argc > 1 ? atol(argv[1]) : 300001);
  test_browser_text();
  test_chromesql_walks();
  test_browser_batches(argc > 1 ? atol(argv[1]) / 3 : 100000);
  test_libraries(argc > 1 ? atol(argv[1]) : 300000);
  test_words(argc > 1 ? atol(argv[1]) : 300000);
  test_convert(argc > 1 ? atol(argv[1]) : 300000);
  test_mvcc(argc > 1 ? atol(argv[1]) : 300000);
  test_keystring(argc > 1 ? atol(argv[1]) : 300000);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
