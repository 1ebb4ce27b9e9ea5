/*
** double_java8.c -- the digits of Double.toString as Java 8 to 18 print
** them, which is what most HBase clients write (HBase turns a double into a
** numeric through BigDecimal.valueOf, i.e. Double.toString).
**
** Java 19 replaced the algorithm (JDK-4511638). The old one is Steele and
** White's digit generation with a few quirks that change its output, each
** reproduced here because keys must match byte for byte:
**   - an integer below 2^63 prints all its digits (after rounding away, half
**     up, the 1 or 2 lowest when they are below the double's precision);
**   - outside the plain form (magnitude below 1e-3 or from 1e7) a second
**     digit is always generated, to have a digit after the point;
**   - the stopping test is symmetric, and at a power of two takes the
**     narrower (lower) gap for both sides;
**   - the first decimal exponent is a floating-point estimate that may be one
**     too high (the leading zero digit is then dropped);
**   - the test "remainder + margin above 10 S" is strict when the numbers fit
**     in 32 or 64 bits (which wrap as Java's int and long) and not otherwise.
** Most doubles print the same on both Javas, and those take the faster
** Java 19 digits (src/double.c calls this for the others). Checked against
** Java 17's own output by test/java_double.c (make test: a million doubles
** of eight kinds; 10^8 once for release 1.4).
*/
#include <math.h>
#include <string.h>

#include "internal.h"

#define FRACT_HOB ((uint64_t)1 << 52)

/* ceil(log2(5^i)), roughly, as the estimates of the bit lengths use it. */
static const int n5bits[27] = {0,  3,  5,  7,  10, 12, 14, 17, 19, 21, 24, 26, 28, 31,
                               33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56, 59, 61};

static int bits5(int i) { return i < 27 ? n5bits[i] : 3 * i; }

static uint64_t pow5(int i) {
  uint64_t p = 1;
  while (i-- > 0) p *= 5;
  return p;
}

/* --- Big integers: little-endian 32-bit limbs --------------------------- */

#define LIMBS 48 /* 1536 bits: B, S, M stay below 1300 */

/* Limbs below `lo` are zero: one of B and S, and often M, is a small
** number shifted far left, which the loops then skip. */
typedef struct {
  int n, lo;
  uint32_t w[LIMBS + 1];
} big;

static void big_set(big *a, uint64_t v) {
  a->n = a->lo = 0;
  while (v) a->w[a->n++] = (uint32_t)v, v >>= 32;
}

static void big_mul_small(big *a, uint32_t m) {
  uint64_t carry = 0;
  int i;
  for (i = a->lo; i < a->n; i++) {
    carry += (uint64_t)a->w[i] * m;
    a->w[i] = (uint32_t)carry;
    carry >>= 32;
  }
  if (carry) a->w[a->n++] = (uint32_t)carry;
}

static void big_shl(big *a, int s) {
  int limbs = s / 32, bits = s % 32, i;
  if (a->n == 0) return;
  if (bits) {
    uint32_t top = a->w[a->n - 1] >> (32 - bits);
    for (i = a->n - 1; i > 0; i--) a->w[i] = a->w[i] << bits | a->w[i - 1] >> (32 - bits);
    a->w[0] <<= bits;
    if (top) a->w[a->n++] = top;
  }
  if (limbs) {
    memmove(a->w + limbs, a->w, (size_t)a->n * sizeof a->w[0]);
    memset(a->w, 0, (size_t)limbs * sizeof a->w[0]);
    a->n += limbs;
    a->lo += limbs;
  }
}

/* v * 5^p5 * 2^p2 */
static void big_pow52(big *a, uint64_t v, int p5, int p2) {
  big_set(a, v);
  for (; p5 >= 13; p5 -= 13) big_mul_small(a, 1220703125u); /* 5^13 */
  if (p5) big_mul_small(a, (uint32_t)pow5(p5));
  big_shl(a, p2);
}

static int big_cmp(const big *a, const big *b) {
  int i, lo = a->lo < b->lo ? a->lo : b->lo;
  if (a->n != b->n) return a->n < b->n ? -1 : 1;
  for (i = a->n - 1; i >= lo; i--)
    if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
  return 0;
}

static void big_add(big *r, const big *a, const big *b) {
  uint64_t carry = 0;
  int i, n = a->n > b->n ? a->n : b->n;
  r->lo = a->lo < b->lo ? a->lo : b->lo;
  for (i = 0; i < r->lo; i++) r->w[i] = 0;
  for (; i < n; i++) {
    carry += (uint64_t)(i < a->n ? a->w[i] : 0) + (i < b->n ? b->w[i] : 0);
    r->w[i] = (uint32_t)carry;
    carry >>= 32;
  }
  r->n = n;
  if (carry) r->w[r->n++] = (uint32_t)carry;
}

/* a -= q b, for a >= q b */
static void big_mulsub(big *a, const big *b, uint32_t q) {
  uint64_t carry = 0, t;
  uint32_t borrow = 0;
  int i;
  if (b->lo < a->lo) a->lo = b->lo;
  for (i = b->lo; i < a->n; i++) {
    uint64_t p = (i < b->n ? (uint64_t)b->w[i] * q : 0) + carry;
    carry = p >> 32;
    t = (uint64_t)a->w[i] - (uint32_t)p - borrow;
    a->w[i] = (uint32_t)t;
    borrow = (uint32_t)(t >> 63);
  }
  while (a->n && a->w[a->n - 1] == 0) a->n--;
}

static int big_bits(const big *a) {
  int b = 32 * a->n;
  uint32_t top = a->n ? a->w[a->n - 1] : 0;
  if (!a->n) return 0;
  for (; !(top >> 24); top <<= 8) b -= 8;
  for (; !(top >> 31); top <<= 1) b--;
  return b;
}

/* The 64 bits of a from bit `sh` up (what lies above them is dropped). */
static uint64_t big_at(const big *a, int sh) {
  int k = sh / 32, r = sh % 32;
  uint64_t lo = k < a->n ? a->w[k] : 0, mid = k + 1 < a->n ? a->w[k + 1] : 0;
  uint64_t hi = k + 2 < a->n ? a->w[k + 2] : 0, v = (mid << 32 | lo) >> r;
  return r ? v | hi << (64 - r) : v;
}

/* The digit q = floor(b / s) (below 10), and b = 10 (b mod s): q estimated
** from the top 60 bits of s (s_bits long), then corrected. */
static int big_digit(big *b, const big *s, int s_bits) {
  int sh = s_bits > 60 ? s_bits - 60 : 0;
  uint32_t q = (uint32_t)(big_at(b, sh) / (big_at(s, sh) + 1));
  if (q) big_mulsub(b, s, q);
  while (big_cmp(b, s) >= 0) big_mulsub(b, s, 1), q++;
  big_mul_small(b, 10);
  return (int)q;
}

/* 1 when b + m >= t (t_bits long, b < t): on the top bits when they tell,
** else exactly. */
static int big_sum_reaches(const big *b, const big *m, const big *t, int t_bits) {
  int sh = t_bits > 62 ? t_bits - 62 : 0;
  uint64_t bt, mt, tt;
  big sum;
  if (big_bits(m) > t_bits) return 1; /* m alone is past t */
  /* each is below its value by less than 1, in units of 2^sh */
  bt = big_at(b, sh), mt = big_at(m, sh), tt = big_at(t, sh);
  if (bt + mt + 2 <= tt) return 0;
  if (bt + mt >= tt + 1) return 1;
  big_add(&sum, b, m);
  return big_cmp(t, &sum) <= 0;
}

/* --- The digits ----------------------------------------------------------- */

/* Java's int (w 32) and long (w 64) arithmetic: the result wraps. */
static int64_t wrap(uint64_t x, int w) {
  return w == 32 ? (int64_t)(int32_t)(uint32_t)x : (int64_t)x;
}

/* The digits of an integer lv below 2^63, the `insig` lowest rounded away
** half up, as f * 10^*e10. */
static uint64_t integer_digits(uint64_t lv, int insig, int *e10) {
  *e10 = 0;
  if (insig) {
    uint64_t p = 1, rest;
    int i;
    for (i = 0; i < insig; i++) p *= 10;
    rest = lv % p;
    lv = lv / p + (rest >= p / 2);
    *e10 = insig;
  }
  return lv;
}

/* The first digit q: dropped when it is a leading zero (the estimated
** exponent was one too high, and the test says nothing yet); outside the
** plain form (1e-3 to 1e7) a second digit always follows, as Java's E-form
** prints one after the point. */
static void first_digit(int q, int *low, int *high, int *dec_exp, char *digit, int *nd) {
  if (q == 0 && !*high)
    --*dec_exp;
  else
    digit[(*nd)++] = (char)q;
  if (*dec_exp < -3 || *dec_exp >= 8) *high = *low = 0;
}

/* floor(log10(d)) estimated from the bits as Java estimates it (its
** result may be one too high, never too low). */
static int estimate_exp10(uint64_t fract, int bin_exp) {
  uint64_t one_bits = (uint64_t)1023 << 52 | (fract & (FRACT_HOB - 1));
  double d2, d;
  memcpy(&d2, &one_bits, sizeof d2);
  /* term by term, each rounded, as Java evaluates it */
  d = (d2 - 1.5) * 0.289529654;
  d = d + 0.176091259;
  d = d + (double)bin_exp * 0.301029995663981;
  return (int)floor(d);
}

uint64_t ok_double_decimal_java8(double v, int *e10) {
  uint64_t bits, fract, f = 0;
  int bexp, nsig, tail, nfract, ntiny, bin_exp, dec_exp, B2, B5, S2, S5, M2, M5, common, nd = 0;
  int low, high, ldd_sign = 0;
  memcpy(&bits, &v, sizeof bits);
  bexp = (int)((bits >> 52) & 0x7FF);
  fract = bits & (FRACT_HOB - 1);
  if (bexp == 0x7FF || (bexp == 0 && fract == 0)) return 0;
  if (bexp == 0) { /* a subnormal: its bits moved up to the hidden bit's place */
    int lz = 0;
    while (!(fract >> (63 - lz))) lz++;
    fract <<= lz - 11;
    bexp = 1 - (lz - 11);
    nsig = 64 - lz;
  } else {
    fract |= FRACT_HOB;
    nsig = 53;
  }
  bin_exp = bexp - 1023;
  for (tail = 0; !((fract >> tail) & 1); tail++) {
  }
  nfract = 53 - tail;
  ntiny = nfract - bin_exp - 1 > 0 ? nfract - bin_exp - 1 : 0;
  /* an integer that fits a long (no bits after the point: bin_exp >= 0) */
  if (ntiny == 0 && bin_exp <= 62) {
    static const int insig[9] = {0, 0, 0, 0, 1, 1, 1, 2, 2};
    uint64_t lv = bin_exp >= 52 ? fract << (bin_exp - 52) : fract >> (52 - bin_exp);
    f = integer_digits(lv, bin_exp > nsig ? insig[bin_exp - nsig - 1] : 0, e10);
    goto strip;
  }
  /* d = B / S x 10^dec_exp, and M is half the gap to the neighbours, in
  ** B's scale; all kept as powers of 2 and 5 until they are built */
  dec_exp = estimate_exp10(fract, bin_exp);
  B5 = dec_exp < 0 ? -dec_exp : 0;
  B2 = B5 + ntiny + bin_exp;
  S5 = dec_exp > 0 ? dec_exp : 0;
  S2 = S5 + ntiny;
  M5 = B5;
  M2 = B2 - nsig;
  fract >>= tail;
  B2 -= nfract - 1;
  common = B2 < S2 ? B2 : S2;
  B2 -= common, S2 -= common, M2 -= common;
  if (nfract == 1) M2 -= 1; /* a power of two: the gap below is half as wide */
  if (M2 < 0) B2 -= M2, S2 -= M2, M2 = 0;
  {
    int bbits = nfract + B2 + bits5(B5), tensbits = S2 + 1 + bits5(S5 + 1), q;
    char digit[24];
    if (bbits < 64 && tensbits < 64) { /* in Java's int or long, with their wrapping */
      int w = bbits < 32 && tensbits < 32 ? 32 : 64;
      int64_t b = wrap(fract * pow5(B5) << (B2 & (w - 1)), w);
      int64_t s = wrap(pow5(S5) << (S2 & (w - 1)), w), m = wrap(pow5(M5) << (M2 & (w - 1)), w);
      int64_t tens = wrap((uint64_t)s * 10, w);
      q = (int)(b / s);
      b = wrap((uint64_t)(b % s) * 10, w);
      m = wrap((uint64_t)m * 10, w);
      low = b < m;
      high = wrap((uint64_t)b + (uint64_t)m, w) > tens;
      first_digit(q, &low, &high, &dec_exp, digit, &nd);
      while (!low && !high) {
        q = (int)(b / s);
        b = wrap((uint64_t)(b % s) * 10, w);
        m = wrap((uint64_t)m * 10, w);
        if (m > 0) {
          low = b < m;
          high = wrap((uint64_t)b + (uint64_t)m, w) > tens;
        } else { /* m wrapped: Java takes both as reached */
          low = high = 1;
        }
        digit[nd++] = (char)q;
      }
      {
        int64_t ldd = wrap(((uint64_t)b << 1) - (uint64_t)tens, w);
        ldd_sign = (ldd > 0) - (ldd < 0);
      }
    } else {
      big B, S, M, T;
      int s_bits, t_bits;
      big_pow52(&S, 1, S5, S2);
      big_pow52(&B, fract, B5, B2);
      big_pow52(&M, 1, M5 + 1, M2 + 1); /* 10 M and 10 S: B is 10 (B mod S) below */
      T = S;                            /* 10 S */
      big_mul_small(&T, 10);
      s_bits = big_bits(&S), t_bits = big_bits(&T);
      q = big_digit(&B, &S, s_bits);
      low = big_cmp(&B, &M) < 0;
      high = big_sum_reaches(&B, &M, &T, t_bits);
      first_digit(q, &low, &high, &dec_exp, digit, &nd);
      while (!low && !high) {
        q = big_digit(&B, &S, s_bits);
        big_mul_small(&M, 10);
        low = big_cmp(&B, &M) < 0;
        high = big_sum_reaches(&B, &M, &T, t_bits);
        digit[nd++] = (char)q;
      }
      if (high && low) {
        big_shl(&B, 1);
        ldd_sign = big_cmp(&B, &T);
      }
    }
    for (q = 0; q < nd; q++) f = f * 10 + (uint64_t)digit[q];
    /* the last digit rounds up when the rest is above half (ties: to even) */
    if (high && (!low || ldd_sign > 0 || (ldd_sign == 0 && (f & 1)))) f++;
    *e10 = dec_exp + 1 - nd;
  }
strip:
  while (f % 10 == 0) f /= 10, ++*e10;
  return f;
}
