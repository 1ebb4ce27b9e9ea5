/*
** double.c -- doubles and decimals. The shortest decimal of a double,
** without decimal arithmetic on text: Schubfach (R. Giulietti, "The Schubfach way to render
** doubles", 2020), as Java's Double.toString does it from JDK 19 on.
**
** For v = c * 2^q, the decimals that read back as v are those in its
** rounding interval. With k = floor(log10 2^q), s = floor(v * 10^-k) has 16
** or 17 digits and the interval is less than 10 units of s wide, so it
** holds at most one multiple of 10 (a shorter decimal, trailing zeros
** dropped) and otherwise s or s + 1, whichever is closer. v * 10^-k is
** computed to 64 bits with 10^-k as a 126-bit constant (src/pow10.h) and
** rounded to odd, which is enough to decide each comparison exactly.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "pow10.h"

#define C_MIN ((uint64_t)1 << 52) /* the smallest significand of a normal double */
#define Q_MIN (-1074)             /* the exponent of the subnormals */

/* The high 64 bits of a * b. */
static uint64_t mul_hi(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
  __extension__ typedef unsigned __int128 u128;
  return (uint64_t)(((u128)a * b) >> 64);
#else
  uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

/* floor(g * cp / 2^127), its lowest bit set when the rest is not zero
** (round to odd); g = g1 * 2^63 + g0. */
static uint64_t rop(uint64_t g1, uint64_t g0, uint64_t cp) {
  uint64_t x1 = mul_hi(g0, cp), y0 = g1 * cp, y1 = mul_hi(g1, cp);
  uint64_t z = (y0 >> 1) + x1, vbp = y1 + (z >> 63);
  return vbp | (((z & 0x7FFFFFFFFFFFFFFFULL) + 0x7FFFFFFFFFFFFFFFULL) >> 63);
}

/* floor(q log10 2), floor(log10(3/4 2^q)), floor(e log2 10): exact in the
** ranges used (tools/pow10.py checks them). Arithmetic shifts of negative
** numbers are floor divisions on every compiler this builds with. */
static int flog10pow2(int q) { return (int)(((int64_t)q * 661971961083LL) >> 41); }
static int flog10_34pow2(int q) {
  return (int)(((int64_t)q * 661971961083LL - 274743187321LL) >> 41);
}
static int flog2pow10(int e) { return (int)(((int64_t)e * 913124641741LL) >> 38); }

/* The powers of ten that are doubles exactly. */
static const double p10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* The decimal of a = |v| (2^e2 <= a < 2^(e2+1), a from about 1e-8 to 1e14)
** when it has up to 15 digits, or 16 and a lies above the power of ten in
** its binade (then the product below reaches 1e15); else 0. With
** k = 14 - floor(e2 log10 2), a * 10^k is below 2e15: there the product errs
** by 0.125 at most and a's rounding interval is narrower than 0.23. So the
** integer nearest the product is the only one in the interval if there is
** one; when it reads back (the division is exact for n and 10^k doubles
** exactly, as Clinger's), it is the shortest decimal (a shorter one would
** be an integer here too) and the only one of its length: Schubfach's.
** Prices, measures and other short decimals take this path, a product and
** a division instead of three 128-bit products. */
static uint64_t short_decimal(double a, int e2, int *e10) {
  int k = 14 - flog10pow2(e2);
  uint64_t n;
  if (k < 1 || k > 22) return 0;
  n = (uint64_t)(a * p10[k] + 0.5);
  if ((double)n / p10[k] != a) return 0;
  *e10 = -k;
  return n;
}

/* The decimal f * 10^*e10 for v = c * 2^q (dk: an exponent adjustment for
** tiny subnormals given as 10c). java: at least two digits, as Java. */
static uint64_t schubfach(int q, uint64_t c, int dk, int java, int *e10) {
  uint64_t out = c & 1, cb = c << 2, cbr = cb + 2, cbl, vb, vbl, vbr, s, t, sp10, tp10;
  const uint64_t *g;
  int k, h, upin, wpin, uin, win;
  if (c != C_MIN || q == Q_MIN) {
    cbl = cb - 2;
    k = flog10pow2(q);
  } else { /* at a power of two the gap below is half as wide */
    cbl = cb - 1;
    k = flog10_34pow2(q);
  }
  h = q + flog2pow10(-k) + 2; /* 1..4 */
  g = ok_pow10_g[-k - OK_POW10_E_MIN];
  vb = rop(g[0], g[1], cb << h);
  vbl = rop(g[0], g[1], cbl << h);
  vbr = rop(g[0], g[1], cbr << h);
  s = vb >> 2;
  if (s >= (java ? 100u : 10u)) { /* one digit fewer, if the interval holds it */
    sp10 = s / 10 * 10;
    tp10 = sp10 + 10;
    upin = vbl + out <= sp10 << 2;
    wpin = (tp10 << 2) + out <= vbr;
    if (upin != wpin) {
      *e10 = k + dk;
      return upin ? sp10 : tp10;
    }
    if (upin && !java) { /* both (tiny subnormals only): the closer, ties even */
      int64_t cmp = (int64_t)(vb - ((sp10 + tp10) << 1));
      *e10 = k + dk;
      return cmp < 0 || (cmp == 0 && (sp10 / 10) % 2 == 0) ? sp10 : tp10;
    }
  }
  t = s + 1;
  uin = vbl + out <= s << 2;
  win = (t << 2) + out <= vbr;
  *e10 = k + dk;
  if (uin != win) return uin ? s : t;
  {
    int64_t cmp = (int64_t)(vb - ((s + t) << 1));
    return cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : t;
  }
}

uint64_t ok_double_decimal(double d, int java, int *e10) {
  uint64_t bits, frac, c, f;
  int bq, q;
  memcpy(&bits, &d, sizeof bits);
  bq = (int)((bits >> 52) & 0x7FF);
  frac = bits & (C_MIN - 1);
  if (bq == 0x7FF || (bq == 0 && frac == 0)) return 0;
  /* Where both Javas print the same, Java 19's digits: a normal double
  ** with fraction bits, below 2^53 or from 1e40 on. Both then stop at the
  ** shortest digits inside the same interval and take the closer. Java 8's
  ** quirks (src/double_java8.c) need an integer from 2^53 to 2^63 (its
  ** integer path), a power of two (its narrowed interval), a subnormal
  ** (its wide one), or digits exactly on the interval's edge, which only
  ** numbers from 2^53 to about 1e40 have (the edge is then an integer;
  ** beyond, it has more digits than 23 factors of 5 can cancel).
  ** test/java_double.c checks this against Java 17. */
  if (java > 0 && java < OK_JAVA_19 && (bq == 0 || frac == 0 || (bq >= 1076 && fabs(d) < 1e40)))
    return ok_double_decimal_java8(d, e10);
  java = java > 0;
  if (bq != 0) {
    c = C_MIN | frac;
    q = bq - 1075;
    if (q < 0 && q > -53 && ((c >> -q) << -q) == c) { /* an integer: its own digits */
      f = c >> -q;
      *e10 = 0;
    } else if (!(f = short_decimal(fabs(d), q + 52, e10))) {
      f = schubfach(q, c, 0, java, e10);
    }
  } else if (frac < 3) { /* too few bits for 2 digits: scaled by 10 */
    f = schubfach(Q_MIN, 10 * frac, -1, java, e10);
  } else {
    f = schubfach(Q_MIN, frac, 0, java, e10);
  }
  /* drop trailing zeros, many at a time (shorter decimals have many);
  ** most of Schubfach's 17 digits and of integers end in another digit */
  if (f % 10 != 0) return f;
  while (f % 100000000 == 0) f /= 100000000, *e10 += 8;
  if (f % 10000 == 0) f /= 10000, *e10 += 4;
  if (f % 100 == 0) f /= 100, *e10 += 2;
  if (f % 10 == 0) f /= 10, *e10 += 1;
  return f;
}

size_t ok_double_digits(char *digits, int *point, double d, int java) {
  int e10;
  uint64_t f = ok_double_decimal(d, java, &e10);
  size_t n;
  *point = 0;
  if (f == 0) return 0;
  n = ok_u64_text(digits, f);
  *point = e10 + (int)n;
  return n;
}

/* m * 10^e10 as a double within an ulp or so: exactly (Clinger's fast path)
** when m and 10^|e10| are doubles exactly, else from 10^e10 to 126 bits
** (src/pow10.h), else (below 1e-292) by strtod. */
double ok_double_near(uint64_t m, int e10) {
  const uint64_t *g;
  int lz = 0;
  if (m == 0) return 0.0;
  if (m < ((uint64_t)1 << 53) && e10 >= -22 && e10 <= 22)
    return e10 < 0 ? (double)m / p10[-e10] : (double)m * p10[e10];
  if (e10 > OK_POW10_E_MAX) return HUGE_VAL;
  if (e10 < OK_POW10_E_MIN) {
    char t[48];
    snprintf(t, sizeof t, "%llue%d", (unsigned long long)m, e10);
    return strtod(t, NULL);
  }
  while (!(m >> 63)) m <<= 1, lz++;
  /* m * g / 2^127 has 61 bits or more; 10^e10 = g * 2^(r - 125) */
  g = ok_pow10_g[e10 - OK_POW10_E_MIN];
  return ldexp((double)rop(g[0], g[1], m), flog2pow10(e10) + 2 - lz);
}
