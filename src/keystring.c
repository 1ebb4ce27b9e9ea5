/*
** keystring.c -- MongoDB's KeyString, version 1 (key_string.cpp; version 0,
** of indexes made before MongoDB 3.4, differs in its numbers): a type
** byte in front of each value, the values, the end byte 04, a record id
** (or, in a query bound, a discriminator 01 or FE before the end byte).
**
**   numbers in one order whatever their BSON type: NaN 1E; zero 29; an
**   integer part of 1 to 8 bytes (type 2B to 32; 27 down to 20 negative)
**   holding magnitude << 1 | has a fraction, then the fraction's bytes up
**   to 8 in all (their low 2 bits 0 for a double); 0 < |x| < 1 (2A, 28) as
**   the double's bits shifted; |x| >= 2^63 (33, 1F) as its bits shifted
**   past the sign; a Decimal128 that no double is as the double toward
**   zero with a marker, then 8 bytes of continuation (or beyond the doubles
**   its own 16 bytes); a negative number's bytes complemented after its type;
**   strings 3C, their bytes with a NUL as 00 FF, then 00; objects 46 and
**   arrays 50, their fields and 00; BinData 5A, ObjectIds 64, booleans 6E
**   and 6F, Dates 78, Timestamps 82, regular expressions 8C (pattern, 00,
**   flags, 00), DBPointers 96, code A0 (as a string); MinKey 0A, undefined
**   0F, null 14, MaxKey F0.
**
** TypeBits, which tell int, long, double and decimal apart and string from
** symbol, lie outside the key: a value reads as what its bytes hold (2.0
** reads as 2). The decoder accepts only what the encoder writes.
*/
#include <float.h>
#include <math.h>
#include <string.h>

#include "internal.h"
#include "ok_bytewise.h" /* JavaScript Dates as text */
#include "ok_keystring.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

/* What an item keeps in ok_item.own. */
typedef struct {
  uint8_t x;       /* 0xFF: its bytes complemented (a descending field) */
  uint8_t subtype; /* BinData's */
  uint8_t dec;     /* 1: a decimal of up to 15 digits, v x 10^e; 2: continued */
  uint8_t rid;     /* 1: a clustered collection's record id, this value */
  int16_t e;
  uint8_t v0; /* 1: KeyString version 0 (a container's values too) */
  int64_t v;  /* a Date's milliseconds; a regular expression's pattern's length */
} ks_own;
typedef char own_fits[sizeof(ks_own) <= OK_ITEM_OWN ? 1 : -1];

static size_t keystring_value(uint8_t *out, const ok_item *it);

/* 1 when a KeyString format made the item: 'keystring' or one of a key
** pattern (ok_keystring.format), which share the reading hooks. */
static int is_keystring(const ok_item *it) { return it->format->value == keystring_value; }

static ks_own own_of(const ok_item *it) {
  ks_own o;
  memcpy(&o, it->own, sizeof o);
  return o;
}

/* --- Numbers --------------------------------------------------------------- */

#define TWO53 9007199254740992.0
#define TWO63 9223372036854775808.0
#define TWO_M255 0x1p-255 /* below it, a number's marker of decimals is 1 bit */
#define TWO_256 0x1p256   /* the tiniest numbers' exponents are shifted by 256 */

/* 256^k, k < 8: a fraction's bytes shifted, exactly, either way */
static const double pow256[8] = {
    1.0,          256.0,           65536.0,           16777216.0,
    4294967296.0, 1099511627776.0, 281474976710656.0, 72057594037927936.0};

static uint64_t bits_of(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

static double double_of(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}

/* A type byte and 8 bytes, complemented after the type when negative. */
static size_t put9(uint8_t *out, int type, uint64_t v, int neg) {
  if (out) out[0] = (uint8_t)type, ok_put_be(out + 1, neg ? ~v : v, 8);
  return 9;
}

/* An integer part (magnitude << 1 | has a fraction) in as few bytes as
** hold it. */
static size_t enc_preshifted(uint8_t *out, uint64_t v, int neg) {
  size_t bytes = (ok_bit_length(v) + 7) / 8;
  if (out) {
    out[0] =
        (uint8_t)(neg ? OK_KEYSTRING_NEG_INT1 - (bytes - 1) : OK_KEYSTRING_POS_INT1 + (bytes - 1));
    ok_put_be(out + 1, neg ? ~v : v, bytes);
  }
  return bytes + 1;
}

/* |d| >= 2^63 or infinite: the bits shifted past the sign, then 1 bit of
** decimal marker (1: continued). */
static size_t enc_large(uint8_t *out, double d, unsigned dcm) {
  uint64_t v = isinf(d) ? ~(uint64_t)0 : ((bits_of(d) << 1) & ~((uint64_t)1 << 63)) | (dcm != 0);
  return put9(out, d > 0 ? OK_KEYSTRING_POS_LARGE : OK_KEYSTRING_NEG_LARGE, v, d < 0);
}

/* 0 < |d| < 1: from 2^-255 the bits shifted by 2 (their top two bits are
** then 11) and the decimal marker dcm, below it the bits of |d| * 2^256
** shifted by 1 and 1 bit of marker (1: continued), plus 2^62. */
static size_t enc_small(uint8_t *out, double d, unsigned dcm) {
  double m = fabs(d);
  uint64_t v = m >= TWO_M255 ? bits_of(m) << 2 | dcm
                             : ((bits_of(m * TWO_256) << 1) | (dcm != 0)) + ((uint64_t)1 << 62);
  return put9(out, d < 0 ? OK_KEYSTRING_NEG_SMALL : OK_KEYSTRING_POS_SMALL, v, d < 0);
}

/* A double; dcm, the decimal continuation marker: 0 for a double (and a
** decimal it equals), for a decimal it rounds toward zero 2 (up to 15
** digits: DCMEqualToDoubleRoundedUpTo15Digits), 1 or 3 (continued, below
** or above the double rounded up to 15 digits); 1 bit of it below 2^-255
** and from 2^63. */
static size_t enc_double(uint8_t *out, double d, unsigned dcm) {
  double m = fabs(d);
  uint64_t ip, v;
  size_t frac;
  if (d != d || d == 0) {
    if (out) out[0] = d == 0 ? OK_KEYSTRING_ZERO : OK_KEYSTRING_NAN;
    return 1;
  }
  if (m < 1) return enc_small(out, d, dcm);
  if (m >= TWO63) return enc_large(out, d, dcm);
  ip = (uint64_t)m;
  if ((double)ip == m && !dcm) return enc_preshifted(out, ip << 1, d < 0);
  /* a fraction: the integer part in its bytes, the fraction in the rest of
  ** 8 (m * 256^frac is exact: a double below 2^52 has that room) */
  frac = (64 - ok_bit_length(ip << 1)) / 8;
  v = ((uint64_t)(m * pow256[frac]) + ((ip + 1) << (8 * frac))) | dcm;
  return put9(out, d < 0 ? OK_KEYSTRING_NEG_INT8 + (int)frac : OK_KEYSTRING_POS_INT8 - (int)frac, v,
              d < 0);
}

size_t ok_keystring_enc_double(uint8_t *out, double d) { return enc_double(out, d, 0); }

/* --- Decimal128 of up to 15 digits ------------------------------------------
** A decimal a double equals is written as that double; an integer below
** 2^63 as that integer; any other of up to 15 significant digits between
** 2^-255 and 2^53 as the double nearest below it with the marker 2 (its
** value: that double rounded up to 15 digits). The others take a
** continuation (below). Exact comparisons of decimals with doubles by big
** integers. */

typedef struct {
  uint32_t w[84]; /* 2,688 bits: a double's exact decimal, 2^-1074 = 5^1074 x 10^-1074 */
  size_t n;
} big;

static void big_set(big *b, uint64_t v) {
  b->w[0] = (uint32_t)v, b->w[1] = (uint32_t)(v >> 32);
  b->n = b->w[1] ? 2 : b->w[0] ? 1 : 0;
}

static void big_add64(big *b, uint64_t v) {
  size_t i;
  for (i = 0; v; i++) {
    uint64_t sum;
    if (i == b->n) b->w[b->n++] = 0;
    sum = (uint64_t)b->w[i] + (uint32_t)v;
    b->w[i] = (uint32_t)sum, v = (v >> 32) + (sum >> 32);
  }
}

static void big_mul(big *b, uint32_t k, uint32_t add) {
  uint64_t c = add;
  size_t i;
  for (i = 0; i < b->n; i++) {
    c += (uint64_t)b->w[i] * k;
    b->w[i] = (uint32_t)c;
    c >>= 32;
  }
  if (c) b->w[b->n++] = (uint32_t)c;
}

static void big_pow10(big *b, int e) {
  for (; e >= 9; e -= 9) big_mul(b, 1000000000u, 0);
  for (; e > 0; e--) big_mul(b, 10, 0);
}

static void big_shl(big *b, int s) {
  size_t words = (size_t)s / 32, i;
  unsigned bits = (unsigned)s % 32;
  if (b->n == 0) return;
  if (bits) big_mul(b, 1u << bits, 0);
  memmove(b->w + words, b->w, b->n * sizeof b->w[0]);
  for (i = 0; i < words; i++) b->w[i] = 0;
  b->n += words;
}

static int big_cmp(const big *a, const big *b) {
  size_t i;
  if (a->n != b->n) return a->n < b->n ? -1 : 1;
  for (i = a->n; i-- > 0;)
    if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
  return 0;
}

static void big_pow5(big *b, int k) {
  for (; k >= 13; k -= 13) big_mul(b, 1220703125u, 0); /* 5^13 */
  for (; k > 0; k--) big_mul(b, 5, 0);
}

/* b /= d, the remainder. */
static uint32_t big_divmod(big *b, uint32_t d) {
  uint64_t r = 0;
  size_t i;
  for (i = b->n; i-- > 0;) {
    uint64_t cur = r << 32 | b->w[i];
    b->w[i] = (uint32_t)(cur / d), r = cur % d;
  }
  while (b->n && !b->w[b->n - 1]) b->n--;
  return (uint32_t)r;
}

/* The sign of digits[0..nd) x 10^e minus m x 2^be, exactly (nd <= 34, and
** |e| and be within the range this file calls it with). */
static int cmp_parts(const char *digits, size_t nd, int e, uint64_t m, int be) {
  big a, b;
  size_t i;
  a.n = 0;
  for (i = 0; i < nd; i++) big_mul(&a, 10, (uint32_t)(digits[i] - '0'));
  big_set(&b, m);
  if (e >= 0)
    big_pow10(&a, e);
  else
    big_pow10(&b, -e);
  if (be >= 0)
    big_shl(&b, be);
  else
    big_shl(&a, -be);
  return big_cmp(&a, &b);
}

/* A non-negative finite double d as m x 2^be. */
static uint64_t parts_of(double d, int *be) {
  uint64_t u = bits_of(d), m = u & (((uint64_t)1 << 52) - 1);
  int x = (int)(u >> 52 & 0x7FF);
  if (x) m |= (uint64_t)1 << 52;
  *be = (x ? x : 1) - 1075;
  return m;
}

static int cmp_decimal(const char *digits, size_t nd, int e, double d) {
  int be;
  uint64_t m = parts_of(d, &be);
  return cmp_parts(digits, nd, e, m, be);
}

/* The largest double at or below the positive decimal digits x 10^e (its
** first 19 digits give one within a few ulps, stepped to it exactly); *s
** the sign of the decimal minus it. No printf or strtod: their decimal
** point is the locale's. */
static double floor_double(const char *digits, size_t nd, int e, int *s) {
  uint64_t m = 0;
  size_t k, n = nd < 19 ? nd : 19;
  double c, up;
  for (k = 0; k < n; k++) m = m * 10 + (uint64_t)(digits[k] - '0');
  c = ok_double_near(m, e + (int)(nd - n));
  if (isinf(c)) c = DBL_MAX;
  while ((*s = cmp_decimal(digits, nd, e, c)) < 0) c = nextafter(c, 0.0);
  while (*s > 0 && !isinf(up = nextafter(c, HUGE_VAL)) && cmp_decimal(digits, nd, e, up) >= 0)
    c = up, *s = cmp_decimal(digits, nd, e, c);
  return c;
}

/* The double nearest the positive decimal digits x 10^e, which lies above
** bin and below the double after it: ties to the even one. */
static double nearest_double(const char *digits, size_t nd, int e, double bin) {
  int be, c;
  uint64_t m = parts_of(bin, &be);
  c = cmp_parts(digits, nd, e, 2 * m + 1, be - 1); /* against their midpoint */
  return c < 0 || (c == 0 && !(m & 1)) ? bin : nextafter(bin, HUGE_VAL);
}

#define TEN14 100000000000000ULL

/* The decimal of 15 digits a positive double rounds up to: its digits (no
** trailing zero, at most 15) and the exponent of the last. */
static size_t ceil15(double d, char digits[21], int *e) {
  uint64_t f = ok_double_decimal(d, 19, e); /* its shortest decimal, then 15 digits of it */
  size_t nd = ok_u64_digits(f);
  for (; nd > 15; nd--) f /= 10, (*e)++;
  for (; nd < 15; nd++) f *= 10, (*e)--;
  for (;;) { /* one more in the last digit while below d, one less while still not */
    digits[ok_u64_text(digits, f)] = 0;
    if (cmp_decimal(digits, 15, *e, d) < 0) {
      if (++f == 10 * TEN14) f = TEN14, (*e)++;
      continue;
    }
    {
      uint64_t g = f == TEN14 ? 10 * TEN14 - 1 : f - 1;
      int ge = f == TEN14 ? *e - 1 : *e;
      char less[21];
      less[ok_u64_text(less, g)] = 0;
      if (cmp_decimal(less, 15, ge, d) < 0) break;
      f = g, *e = ge;
    }
  }
  for (nd = 15; nd > 1 && digits[nd - 1] == '0'; nd--) (*e)++;
  return nd;
}

/* --- Decimal128 with a continuation ----------------------------------------
** Any other decimal is written with decimal arithmetic in key_string.cpp
** (Intel's library); here exactly, with big integers, to the same bytes:
**   beyond the doubles (above DBL_MAX, below the least subnormal): its
**     Decimal128 bits, coefficient normalized to 34 digits (16 bytes; the
**     top bit set above DBL_MAX);
**   else the double toward zero, marked as continued (1 or 3 where the
**     marker has 2 bits: below or above that double rounded up to 15
**     digits), or from 2^53 to 2^63 the integer part with its fraction
**     bit (and a marker byte 3 when it takes 7 bytes), then 8 bytes: the
**     decimal less a stored value s, in units of s's last digit, s of 34
**     digits: that double rounded away from zero, or the integer part;
**   a subnormal double: scaled by 2^256 in decimal (truncated at every
**     step: 34 digits, then the double), s that double truncated, times
**     2^-256 truncated. */

typedef struct {
  big c;
  int e;
} bdec; /* c x 10^e */

static void bdec_of_parts(bdec *x, uint64_t m, int be) { /* m x 2^be, exactly */
  big_set(&x->c, m), x->e = 0;
  if (be >= 0)
    big_shl(&x->c, be);
  else
    big_pow5(&x->c, -be), x->e = be;
}

static void bdec_of_digits(bdec *x, const char *digits, size_t nd, int e) {
  size_t i;
  x->c.n = 0, x->e = e;
  for (i = 0; i < nd; i++) big_mul(&x->c, 10, (uint32_t)(digits[i] - '0'));
}

/* x's digits, trailing zeros dropped, and the exponent of the last in *e;
** 0 for 0 or more than 34 digits. */
static size_t bdec_digits(const bdec *x, char digits[34], int64_t *e) {
  big n = x->c;
  char rev[840]; /* 2,688 bits */
  size_t nd = 0, k, i;
  while (n.n) {
    uint32_t r = big_divmod(&n, 1000000000u);
    for (k = 0; k < 9 && (n.n || r); k++) rev[nd++] = (char)('0' + r % 10), r /= 10;
  }
  for (k = 0; k < nd && rev[k] == '0'; k++) {
  }
  *e = x->e + (int64_t)k;
  if (nd - k > 34) return 0;
  for (i = 0; i < nd - k; i++) digits[i] = rev[nd - 1 - i];
  return nd - k;
}

static int big_digits(const big *b) {
  big n = *b;
  int d = 0;
  uint32_t r = 0;
  while (n.n && (r = big_divmod(&n, 1000000000u), n.n)) d += 9;
  for (; r; r /= 10) d++;
  return d;
}

/* b /= 10^k: 1 when a digit dropped was not 0. */
static int big_drop10(big *b, int k) {
  int inexact = 0;
  uint32_t p = 1;
  for (; k >= 9; k -= 9) inexact |= big_divmod(b, 1000000000u) != 0;
  while (k-- > 0) p *= 10;
  return (p > 1 && big_divmod(b, p) != 0) || inexact;
}

/* x in 34 digits at most, toward zero or (away) away from it. */
static void round34(bdec *x, int away) {
  int d = big_digits(&x->c);
  if (d <= 34) return;
  x->e += d - 34;
  if (big_drop10(&x->c, d - 34) && away) {
    big_mul(&x->c, 1, 1);
    if (big_digits(&x->c) > 34) big_drop10(&x->c, 1), x->e++; /* 10^34: 10^33, one up */
  }
}

/* x in 34 digits (fewer only at the least exponent): Decimal128's normalize(). */
static void norm34(bdec *x) {
  int d = big_digits(&x->c);
  for (; d < 34 && x->e > -6176; d++) big_mul(&x->c, 10, 0), x->e--;
}

/* b >>= s: 1 when a bit shifted out was 1. */
static int big_shr(big *b, int s) {
  size_t words = (size_t)s / 32, i;
  unsigned bits = (unsigned)s % 32;
  int lost = 0;
  if (words >= b->n) return lost = b->n != 0, b->n = 0, lost;
  for (i = 0; i < words; i++) lost |= b->w[i] != 0;
  if (bits) lost |= (b->w[words] & ((1u << bits) - 1)) != 0;
  for (i = 0; i + words < b->n; i++) {
    uint64_t v = b->w[i + words] >> bits;
    if (bits && i + words + 1 < b->n) v |= (uint64_t)b->w[i + words + 1] << (32 - bits);
    b->w[i] = (uint32_t)v;
  }
  b->n -= words;
  while (b->n && !b->w[b->n - 1]) b->n--;
  return lost;
}

/* The positive finite double d in 34 digits, toward zero or (away) away
** from it: d x 10^k, k chosen from d's binary exponent (once more when
** that is a digit off), not every digit of d written out. */
static void bdec_of_double34(bdec *x, double d, int away) {
  int be, k, lost, digits;
  uint64_t m = parts_of(d, &be);
  k = 33 - (int)floor((be + (int)ok_bit_length(m) - 1) * 0.30102999566398120);
  for (;; k += digits < 34 ? 1 : -1) {
    big_set(&x->c, m);
    if (k > 0) big_pow10(&x->c, k);
    lost = be >= 0 ? (big_shl(&x->c, be), 0) : big_shr(&x->c, -be);
    if (k < 0) lost |= big_drop10(&x->c, -k);
    if ((digits = big_digits(&x->c)) == 34) break;
  }
  x->e = -k;
  if (lost && away) {
    big_mul(&x->c, 1, 1);
    if (big_digits(&x->c) > 34) big_drop10(&x->c, 1), x->e++; /* 10^34: 10^33, one up */
  }
}

/* x x y, truncated to 34 digits. */
static void bdec_mul34(bdec *x, const bdec *y) {
  big r;
  size_t i, j;
  r.n = x->c.n + y->c.n;
  memset(r.w, 0, r.n * sizeof r.w[0]);
  for (i = 0; i < x->c.n; i++) {
    uint64_t c = 0;
    for (j = 0; j < y->c.n; j++) {
      c += (uint64_t)x->c.w[i] * y->c.w[j] + r.w[i + j];
      r.w[i + j] = (uint32_t)c, c >>= 32;
    }
    r.w[i + y->c.n] = (uint32_t)c;
  }
  while (r.n && !r.w[r.n - 1]) r.n--;
  x->c = r, x->e += y->e;
  round34(x, 0);
}

/* a at b's exponent or below, as big integers over a common unit. */
static int bdec_cmp(const bdec *a, const bdec *b) {
  big x = a->c, y = b->c;
  if (a->e > b->e)
    big_pow10(&x, a->e - b->e);
  else
    big_pow10(&y, b->e - a->e);
  return big_cmp(&x, &y);
}

/* The continuation: x less s (normalized) in units of s's last digit;
** -1 when that is not a whole number of 8 bytes (never MongoDB's). */
static int continuation(const bdec *x, bdec s, uint64_t *cont) {
  big a = x->c;
  int64_t borrow = 0;
  size_t i;
  norm34(&s);
  if (x->e < s.e || x->e - s.e > 40) return -1;
  big_pow10(&a, x->e - s.e);
  if (big_cmp(&a, &s.c) < 0) return -1;
  for (i = 0; i < a.n; i++) { /* a -= s */
    borrow += (int64_t)a.w[i] - (i < s.c.n ? s.c.w[i] : 0);
    a.w[i] = (uint32_t)borrow, borrow = borrow < 0 ? -1 : 0;
  }
  while (a.n && !a.w[a.n - 1]) a.n--;
  if (a.n > 2) return -1;
  *cont = a.n == 0 ? 0 : a.n == 1 ? a.w[0] : a.w[0] | (uint64_t)a.w[1] << 32;
  return 0;
}

/* The stored value of a subnormal double's decimal: sb (the decimal times
** 2^256, as a double) truncated to 34 digits, times 2^-256 truncated. */
static void tiny_stored(bdec *s, double sb) {
  bdec down;
  bdec_of_double34(&down, 0x1p-256, 0);
  bdec_of_double34(s, sb, 0);
  bdec_mul34(s, &down);
}

/* A Decimal128's bits: coefficient and biased exponent. */
static void decimal_bits(bdec x, uint64_t *hi, uint64_t *lo) {
  big *c = &x.c;
  norm34(&x);
  while (c->n < 4) c->w[c->n++] = 0;
  *lo = c->w[0] | (uint64_t)c->w[1] << 32;
  *hi = (c->w[2] | (uint64_t)c->w[3] << 32) | (uint64_t)(x.e + 6176) << 49;
}

/* 1 + 16 bytes: a type byte, and two words complemented when negative. */
static size_t put17(uint8_t *out, int type, uint64_t hi, uint64_t lo, int neg) {
  if (out) put9(out, type, hi, neg), ok_put_be(out + 9, neg ? ~lo : lo, 8);
  return 17;
}

/* |x| = digits x 10^e, which no double is and 2^63 <= |x| or |x| is no
** integer: written as MongoDB writes it, with a continuation. */
static int enc_continued(uint8_t *out, size_t *len, int neg, const char *digits, size_t nd, int e) {
  bdec x, s;
  uint64_t hi, lo, cont;
  size_t n;
  int exp = e + (int)nd - 1, c = 0;
  double bin = exp > 308 ? DBL_MAX : exp < -330 ? 0 : floor_double(digits, nd, e, &c);
  bdec_of_digits(&x, digits, nd, e);
  if (exp > 308 || (bin == DBL_MAX && c)) { /* past the doubles */
    decimal_bits(x, &hi, &lo);
    return *len = put17(out, neg ? OK_KEYSTRING_NEG_LARGE : OK_KEYSTRING_POS_LARGE,
                        hi | (uint64_t)1 << 63, lo, neg),
           OK_OK;
  }
  if (bin == 0) { /* below them */
    decimal_bits(x, &hi, &lo);
    return *len = put17(out, neg ? OK_KEYSTRING_NEG_SMALL : OK_KEYSTRING_POS_SMALL, hi, lo, neg),
           OK_OK;
  }
  if (c == 0) return *len = enc_double(out, neg ? -bin : bin, 0), OK_OK; /* it is a double */
  if (bin < DBL_MIN) { /* a subnormal: scaled into the normal doubles */
    bdec up, sx = x;
    char sd[34];
    int64_t se;
    size_t snd;
    double sb;
    bdec_of_double34(&up, TWO_256, 0);
    bdec_mul34(&sx, &up);
    snd = bdec_digits(&sx, sd, &se);
    sb = floor_double(sd, snd, (int)se, &c);
    if (sb < bin * TWO_256) sb = bin * TWO_256;
    n = put9(out, neg ? OK_KEYSTRING_NEG_SMALL : OK_KEYSTRING_POS_SMALL,
             ((bits_of(sb) << 1) | 1) + ((uint64_t)1 << 62), neg);
    tiny_stored(&s, sb);
  } else if (bin >= TWO53 && bin < TWO63) { /* the integer part, exactly */
    uint64_t ip = 0;
    int k;
    for (k = 0; k <= exp; k++) ip = ip * 10 + (uint64_t)(digits[k] - '0');
    n = enc_preshifted(out, ip << 1 | 1, neg);
    if (ip < (uint64_t)1 << 55) { /* 7 bytes: the marker in the eighth */
      if (out) out[n] = neg ? 0xFC : 0x03;
      n++;
    }
    big_set(&s.c, ip), s.e = 0;
  } else {
    unsigned dcm = 1; /* above the double rounded up to 15 digits: 3 */
    if (bin >= TWO_M255 && bin < TWO53) {
      char d15[21];
      int e15;
      size_t n15 = ceil15(bin, d15, &e15);
      bdec_of_digits(&s, d15, n15, e15);
      dcm = bdec_cmp(&x, &s) < 0 ? 1 : 3;
    }
    n = enc_double(out, neg ? -bin : bin, dcm);
    bdec_of_double34(&s, bin, 1);
  }
  if (continuation(&x, s, &cont)) return OK_E_TYPE;
  if (out) ok_put_be(out + n, neg ? ~cont : cont, 8);
  *len = n + 8;
  return OK_OK;
}

int ok_keystring_enc_decimal(uint8_t *out, size_t *len, int neg, const char *digits, size_t nd,
                             int64_t exp) {
  double bin;
  int e, c;
  if (nd == 0) return *len = ok_keystring_enc_int(out, 0), OK_OK;
  /* 34 digits; the last's exponent -6176 to 6111 once padded with zeros */
  if (nd > 34 || exp - (int64_t)nd + 1 < -6176 || exp > 6144) return OK_E_RANGE;
  e = (int)(exp - (int64_t)nd + 1); /* of the last digit */
  if (e >= 0 && exp < 19) {         /* an integer: below 2^63, that integer */
    uint64_t v = 0;
    size_t i;
    for (i = 0; i < nd; i++) v = v * 10 + (uint64_t)(digits[i] - '0');
    for (i = 0; i < (size_t)e; i++) v *= 10;
    if (v < (uint64_t)1 << 63 || (neg && v == (uint64_t)1 << 63)) {
      *len = ok_keystring_enc_int(out, neg ? (int64_t)(0 - v) : (int64_t)v);
      return OK_OK;
    }
  }
  if (nd > 15 || exp > 15 || exp < -78) return enc_continued(out, len, neg, digits, nd, e);
  bin = floor_double(digits, nd, e, &c);
  if (c == 0) return *len = enc_double(out, neg ? -bin : bin, 0), OK_OK; /* it equals a double */
  if (bin < TWO_M255 || bin >= TWO53) return enc_continued(out, len, neg, digits, nd, e);
  *len = enc_double(out, neg ? -bin : bin, 2); /* up to 15 digits: marked as such */
  return OK_OK;
}

size_t ok_keystring_enc_int(uint8_t *out, int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  if (v == INT64_MIN) return enc_large(out, -TWO63, 0);
  if (v == 0) {
    if (out) out[0] = OK_KEYSTRING_ZERO;
    return 1;
  }
  return enc_preshifted(out, m << 1, v < 0);
}

/* The bytes of an integer part's type and the part (2 to 9), 0 for
** another type. */
static size_t int_part_len(int t) {
  if (t >= OK_KEYSTRING_NEG_INT8 && t <= OK_KEYSTRING_NEG_INT1)
    return (size_t)(OK_KEYSTRING_NEG_INT1 - t) + 2;
  if (t >= OK_KEYSTRING_POS_INT1 && t <= OK_KEYSTRING_POS_INT8)
    return (size_t)(t - OK_KEYSTRING_POS_INT1) + 2;
  return 0;
}

/* A decimal of up to 15 digits: bin, the double nearest below it, rounded
** up to 15 digits (9 bytes at c, the one encoding of that decimal). Its
** value the double nearest it. */
static int dec_decimal(const uint8_t *c, double bin, int neg, uint8_t x, ok_item *it,
                       size_t *err_at) {
  ks_own o = {x, 0, 1, 0, 0, 0, 0};
  uint8_t again[OK_KEYSTRING_NUMBER_MAX];
  char digits[21];
  size_t nd, len, k;
  int e;
  /* MongoDB marks only a double from 2^-255 to 2^53 so (a 0 would have
  ** ceil15 look for digits forever) */
  if (!(bin >= TWO_M255 && bin < TWO53)) return fail(OK_E_NONCANONICAL, 1, err_at);
  nd = ceil15(bin, digits, &e);
  o.e = (int16_t)e; /* 2^-255 to 2^53: -92 to 15 */
  if (ok_keystring_enc_decimal(again, &len, neg, digits, nd, e + (int64_t)nd - 1) != OK_OK ||
      len != 9)
    return fail(OK_E_NONCANONICAL, 1, err_at);
  for (k = 0; k < 9; k++)
    if ((uint8_t)(again[k] ^ x) != c[k]) return fail(OK_E_NONCANONICAL, k, err_at);
  for (k = 0; k < nd; k++) o.v = o.v * 10 + (digits[k] - '0');
  memcpy(it->own, &o, sizeof o);
  it->type = OK_REAL;
  it->d = nearest_double(digits, nd, e, bin);
  if (neg) it->d = -it->d;
  it->len = 9;
  return OK_OK;
}

/* A continued decimal's digits: no trailing zero, the last's exponent e. */
typedef struct {
  char digits[34];
  size_t nd;
  int64_t e;
} kdec;

double ok_decimal_nearest(const char *digits, size_t nd, int64_t e) {
  int c;
  if (nd <= 15 && e >= -22 && e <= 22) { /* two doubles, one rounding (most texts) */
    uint64_t m = 0;
    size_t k;
    for (k = 0; k < nd; k++) m = m * 10 + (uint64_t)(digits[k] - '0');
    return ok_double_near(m, (int)e);
  }
  if (e + (int64_t)nd - 1 > 308) return HUGE_VAL;
  if (e + (int64_t)nd - 1 < -330) return 0.0;
  return nearest_double(digits, nd, (int)e, floor_double(digits, nd, (int)e, &c));
}

/* What stands before a continuation: word is a double's bits (the value
** rounded toward zero), those of one scaled by 2^256 (a subnormal's), the
** integer part, or (raw) a Decimal128's first 8 bytes, no continuation. */
enum { CONT_DOUBLE, CONT_SCALED, CONT_INTEGER, CONT_RAW };

/* The decimal at c[0..17) (negative when neg, its bytes xor x) that
** word and 8 more bytes give (*kd its digits): read, then written again,
** the one encoding. Its value the double nearest it. */
static int dec_continued(const uint8_t *c, size_t n, int neg, uint8_t x, int kind, uint64_t word,
                         ok_item *it, size_t *err_at, kdec *kd) {
  ks_own o = {x, 0, 2, 0, 0, 0, 0};
  uint8_t again[OK_KEYSTRING_NUMBER_MAX];
  uint64_t more;
  size_t len, k;
  bdec s;
  if (n < 17) return fail(OK_E_TRUNCATED, n, err_at);
  more = ok_get_be(c + 9, 8, (uint8_t)(x ^ (neg ? 0xFF : 0x00)));
  switch (kind) {
    case CONT_DOUBLE: bdec_of_double34(&s, double_of(word), 1); break;
    case CONT_SCALED: tiny_stored(&s, double_of(word)); break;
    case CONT_INTEGER: big_set(&s.c, word), s.e = 0; break;
    default: /* 49 bits of coefficient under 14 of exponent, then 64 */
      big_set(&s.c, more);
      s.c.w[2] = (uint32_t)word, s.c.w[3] = (uint32_t)(word >> 32) & 0x1FFFF, s.c.n = 4;
      while (s.c.n && !s.c.w[s.c.n - 1]) s.c.n--;
      s.e = (int)(word >> 49 & 0x3FFF) - 6176;
  }
  if (kind != CONT_RAW) norm34(&s), big_add64(&s.c, more);
  kd->nd = bdec_digits(&s, kd->digits, &kd->e);
  if (kd->nd == 0 ||
      ok_keystring_enc_decimal(again, &len, neg, kd->digits, kd->nd, kd->e + (int64_t)kd->nd - 1) !=
          OK_OK ||
      len != 17)
    return fail(OK_E_NONCANONICAL, 1, err_at);
  for (k = 0; k < 17; k++)
    if ((uint8_t)(again[k] ^ x) != c[k]) return fail(OK_E_NONCANONICAL, k, err_at);
  memcpy(it->own, &o, sizeof o);
  it->type = OK_REAL;
  it->d = ok_decimal_nearest(kd->digits, kd->nd, kd->e);
  if (neg) it->d = -it->d;
  it->len = 17;
  it->body = c + 1, it->body_len = 16;
  return OK_OK;
}

/* The number at c[0..n) (type t, c[0] its byte), its bytes xor x, as
** its value (*kd the digits of a continued decimal). */
OK_HOT_INLINE int dec_number(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it,
                             size_t *err_at, kdec *kd) {
  int neg = t < OK_KEYSTRING_ZERO;
  uint8_t y = (uint8_t)(x ^ (neg ? 0xFF : 0x00));
  uint8_t again[OK_KEYSTRING_NUMBER_MAX];
  size_t len = 9, k;
  uint64_t v;
  double d = 0;
  if (t == OK_KEYSTRING_NAN || t == OK_KEYSTRING_ZERO) {
    ok_js_number(it, t == OK_KEYSTRING_NAN ? NAN : 0.0);
    it->len = 1;
    return OK_OK;
  }
  if ((len = int_part_len(t)) == 0) len = 9;
  if (n < len) return fail(OK_E_TRUNCATED, n, err_at);
  v = ok_get_be(c + 1, len - 1, y);
  if (t != OK_KEYSTRING_NEG_LARGE && t != OK_KEYSTRING_NEG_SMALL && t != OK_KEYSTRING_POS_SMALL &&
      t != OK_KEYSTRING_POS_LARGE && !(v & 1)) { /* an integer part alone */
    it->type = OK_INT;
    it->i = neg ? -(int64_t)(v >> 1) : (int64_t)(v >> 1);
    it->len = len;
    if (ok_keystring_enc_int(again, it->i) != len) return fail(OK_E_NONCANONICAL, 1, err_at);
    goto compare;
  }
  if (n < 9) return fail(OK_E_TRUNCATED, n, err_at);
  v = ok_get_be(c + 1, 8, y);
  switch (t) {
    case OK_KEYSTRING_NEG_LARGE:
    case OK_KEYSTRING_POS_LARGE:
      if (v == ~(uint64_t)0) {
        d = HUGE_VAL;
        break;
      }
      if (v >> 63) /* a decimal past DBL_MAX */
        return dec_continued(c, n, neg, x, CONT_RAW, v & ~((uint64_t)1 << 63), it, err_at, kd);
      d = double_of((v >> 1) | ((uint64_t)1 << 62));
      if (v & 1) return dec_continued(c, n, neg, x, CONT_DOUBLE, bits_of(d), it, err_at, kd);
      break;
    case OK_KEYSTRING_NEG_SMALL:
    case OK_KEYSTRING_POS_SMALL:
      if (v >> 62 == 3) {
        d = double_of(v >> 2);
        if ((v & 3) == 2) return dec_decimal(c, d, neg, x, it, err_at);
        if (v & 3) return dec_continued(c, n, neg, x, CONT_DOUBLE, bits_of(d), it, err_at, kd);
      } else if (v >> 62 == 0) { /* a decimal below the least subnormal */
        return dec_continued(c, n, neg, x, CONT_RAW, v, it, err_at, kd);
      } else {
        double scaled = double_of((v - ((uint64_t)1 << 62)) >> 1);
        d = scaled / TWO_256;
        if ((v & 1) && scaled >= DBL_MIN * TWO_256) /* a normal double's, exactly */
          return dec_continued(c, n, neg, x, CONT_DOUBLE, bits_of(d), it, err_at, kd);
        if (v & 1) /* a subnormal's, scaled in decimal */
          return dec_continued(c, n, neg, x, CONT_SCALED, bits_of(scaled), it, err_at, kd);
      }
      break;
    default:       /* an integer part and a fraction in 8 bytes */
      k = 9 - len; /* the fraction's bytes */
      if (k == 0)  /* from 2^55: a decimal's integer part, then its continuation */
        return dec_continued(c, n, neg, x, CONT_INTEGER, v >> 1, it, err_at, kd);
      if (k == 1 && v >> 9 >= (uint64_t)1 << 53) /* from 2^53: its marker in the 8th byte */
        return dec_continued(c, n, neg, x, CONT_INTEGER, v >> 9, it, err_at, kd);
      d = (double)(((v >> (8 * k)) >> 1 << (8 * k)) | (v & (((uint64_t)1 << (8 * k)) - 3))) /
          pow256[k];
      if ((v & 3) == 2) return dec_decimal(c, d, neg, x, it, err_at);
      if (v & 3) return dec_continued(c, n, neg, x, CONT_DOUBLE, bits_of(d), it, err_at, kd);
  }
  ok_js_number(it, neg ? -d : d);
  it->len = 9;
  if (ok_keystring_enc_double(again, neg ? -d : d) != 9) return fail(OK_E_NONCANONICAL, 1, err_at);
compare: /* the one encoding of the value: the bytes the encoder writes */
  for (k = 0; k < it->len; k++)
    if ((uint8_t)(again[k] ^ x) != c[k]) return fail(OK_E_NONCANONICAL, k, err_at);
  return OK_OK;
}

/* --- Numbers of KeyString version 0 ---------------------------------------
** (indexes of version 1, made before MongoDB 3.4): no decimals; below 1
** and from 2^63 the double's own bits, sign and all; a fraction after the
** integer part in as many bytes as the double's fraction bits take. */

size_t ok_keystring_enc_double_v0(uint8_t *out, double d) {
  double m = fabs(d);
  uint64_t ip;
  unsigned bits;
  size_t k, bytes;
  if (d != d || d == 0 || (m >= 1 && m < TWO63 && (double)(uint64_t)m == m))
    return enc_double(out, d, 0); /* NaN, zero, an integer: as version 1 */
  if (m < 1 || m >= TWO63)
    return put9(out,
                m < 1 ? (d < 0 ? OK_KEYSTRING_NEG_SMALL : OK_KEYSTRING_POS_SMALL)
                      : (d < 0 ? OK_KEYSTRING_NEG_LARGE : OK_KEYSTRING_POS_LARGE),
                bits_of(d), d < 0);
  ip = (uint64_t)m;
  bits = 53 - ok_bit_length(ip); /* the fraction's */
  bytes = (bits + 7) / 8;
  k = enc_preshifted(out, ip << 1 | 1, d < 0);
  if (out)
    ok_put_be(out + k, (bits_of(m) & (((uint64_t)1 << bits) - 1)) ^ (d < 0 ? ~(uint64_t)0 : 0),
              bytes);
  return k + bytes;
}

size_t ok_keystring_enc_int_v0(uint8_t *out, int64_t v) {
  return v == INT64_MIN ? ok_keystring_enc_double_v0(out, -TWO63) : ok_keystring_enc_int(out, v);
}

/* A number of version 0 at c[0..n) (type t, neither NaN nor zero), its
** bytes xor x: read, then written again, the one encoding. */
static int dec_number_v0(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it,
                         size_t *err_at) {
  int neg = t < OK_KEYSTRING_ZERO;
  uint8_t y = (uint8_t)(x ^ (neg ? 0xFF : 0x00));
  uint8_t again[OK_KEYSTRING_NUMBER_MAX];
  size_t len = int_part_len(t), k;
  uint64_t v = 0;
  double d;
  if (len == 0) { /* below 1, from 2^63: its bits, the sign's too (a negative's complemented) */
    if (n < 9) return fail(OK_E_TRUNCATED, n, err_at);
    d = double_of(ok_get_be(c + 1, 8, y));
  } else if (n < len) {
    return fail(OK_E_TRUNCATED, n, err_at);
  } else if (!((v = ok_get_be(c + 1, len - 1, y)) & 1)) { /* an integer */
    it->type = OK_INT;
    it->i = neg ? -(int64_t)(v >> 1) : (int64_t)(v >> 1);
    it->len = len;
    if (ok_keystring_enc_int_v0(again, it->i) != len) return fail(OK_E_NONCANONICAL, 1, err_at);
    goto compare;
  } else { /* the integer part, then the fraction's bits */
    uint64_t ip = v >> 1;
    unsigned bits = ip >> 52 ? 0 : 53 - ok_bit_length(ip);
    size_t bytes = (bits + 7) / 8;
    if (bits == 0) return fail(OK_E_NONCANONICAL, 1, err_at); /* no fraction holds it */
    if (n - len < bytes) return fail(OK_E_TRUNCATED, n, err_at);
    d = double_of(
        ((uint64_t)(ok_bit_length(ip) + 1022) << 52 | (ip << bits & (((uint64_t)1 << 52) - 1))) |
        ok_get_be(c + len, bytes, y));
    if (neg) d = -d;
  }
  ok_js_number(it, d);
  it->len = ok_keystring_enc_double_v0(again, d);
  if (it->len > n) return fail(OK_E_TRUNCATED, n, err_at);
compare:
  for (k = 0; k < it->len; k++)
    if ((uint8_t)(again[k] ^ x) != c[k]) return fail(OK_E_NONCANONICAL, k, err_at);
  return OK_OK;
}

/* --- Other values ---------------------------------------------------------- */

/* A string is the FoundationDB tuple layer's string under another type
** byte (a NUL as 00 FF, then 00): its writer's. */
size_t ok_keystring_enc_string(uint8_t *out, int type, const uint8_t *s, size_t n) {
  return ok_fdb_enc_bytes(out, type, s, n);
}

size_t ok_keystring_enc_code_scope(uint8_t *out, const uint8_t *code, size_t n,
                                   const uint8_t *scope, size_t m) {
  size_t k = ok_fdb_enc_bytes(out, OK_KEYSTRING_CODE_SCOPE, code, n);
  if (out) memcpy(out + k, scope + 1, m - 1);
  return k + m - 1;
}

size_t ok_keystring_enc_regex(uint8_t *out, const uint8_t *pattern, size_t pn, const uint8_t *flags,
                              size_t fn) {
  if (out) {
    out[0] = OK_KEYSTRING_REGEX;
    if (pn) memcpy(out + 1, pattern, pn);
    out[1 + pn] = 0x00;
    if (fn) memcpy(out + 2 + pn, flags, fn);
    out[2 + pn + fn] = 0x00;
  }
  return pn + fn + 3;
}

size_t ok_keystring_enc_dbpointer(uint8_t *out, const uint8_t *ns, size_t n,
                                  const uint8_t oid[12]) {
  if (out) {
    out[0] = OK_KEYSTRING_DBPOINTER;
    ok_put_be(out + 1, n, 4);
    if (n) memcpy(out + 5, ns, n);
    memcpy(out + 5 + n, oid, 12);
  }
  return n + 17;
}

size_t ok_keystring_enc_bindata(uint8_t *out, const uint8_t *p, size_t n, uint8_t subtype) {
  size_t head = n < 0xFF ? 3 : 7;
  if (out) {
    out[0] = OK_KEYSTRING_BINDATA;
    if (n < 0xFF)
      out[1] = (uint8_t)n;
    else
      out[1] = 0xFF, ok_put_be(out + 2, n, 4);
    out[head - 1] = subtype;
    if (n) memcpy(out + head, p, n);
  }
  return head + n;
}

size_t ok_keystring_enc_oid(uint8_t *out, const uint8_t oid[12]) {
  if (out) out[0] = OK_KEYSTRING_OID, memcpy(out + 1, oid, 12);
  return 13;
}

size_t ok_keystring_enc_date(uint8_t *out, int64_t ms) {
  return put9(out, OK_KEYSTRING_DATE, (uint64_t)ms ^ ((uint64_t)1 << 63), 0);
}

size_t ok_keystring_enc_timestamp(uint8_t *out, uint32_t t, uint32_t i) {
  return put9(out, OK_KEYSTRING_TIMESTAMP, (uint64_t)t << 32 | i, 0);
}

/* The record id: N (0-7) extra bytes, in the top 3 bits of the first byte
** and the low 3 of the last, the value's bits big-endian around them. */
size_t ok_keystring_enc_record(uint8_t *out, int64_t id) {
  uint64_t v = id < 0 ? 0 : (uint64_t)id;
  unsigned bits = ok_bit_length(v);
  size_t extra = bits <= 10 ? 0 : (bits - 10 + 7) / 8;
  if (out) {
    out[0] = OK_KEYSTRING_END;
    out[1] = (uint8_t)(extra << 5 | v >> (5 + 8 * extra));
    if (extra) ok_put_be(out + 2, v >> 5, extra);
    out[2 + extra] = (uint8_t)(v << 3 | extra);
  }
  return extra + 3;
}

/* A record id of a clustered collection: its bytes, then their count in
** 7-bit groups, lowest first, a group with 0x80 set after the first, so
** that the count reads back from the key's last byte. */
size_t ok_keystring_enc_record_string(uint8_t *out, const uint8_t *s, size_t n) {
  size_t groups = 1, k;
  while (groups < 4 && n >> (7 * groups)) groups++;
  if (out) {
    out[0] = OK_KEYSTRING_END;
    memmove(out + 1, s, n); /* s may already lie there (a key built in place) */
    for (k = 0; k < groups; k++) out[1 + n + k] = (uint8_t)((n >> (7 * k) & 0x7F) | (k ? 0x80 : 0));
  }
  return 1 + n + groups;
}

/* The end of a string or name from c[0]: its 00 (FF complemented), a NUL
** within it 00 FF (FF 00) when `escapes`; the offset of that end, its
** escapes in *esc, or n when none. */
static size_t string_end(const uint8_t *c, size_t n, uint8_t x, int escapes, size_t *esc) {
  size_t i = 0;
  const unsigned nul_mark = x ^ 0xFFu; /* what follows a NUL within */
  *esc = 0;
  for (;;) {
    const uint8_t *hit = ok_find_byte(c + i, x, n - i);
    if (!hit) return n;
    i = (size_t)(hit - c);
    if (!escapes || i + 1 >= n || c[i + 1] != nul_mark) return i;
    i += 2, (*esc)++;
  }
}

/* The generic type an object's field names (key_string.cpp's
** bsonTypeToGenericKeyStringType). */
static int generic(int t) {
  if (t >= OK_KEYSTRING_NAN && t <= OK_KEYSTRING_POS_LARGE) return OK_KEYSTRING_NAN;
  return t == OK_KEYSTRING_TRUE ? OK_KEYSTRING_FALSE : t;
}

static int dec_scalar(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it, size_t *err_at);
static int dec_scalar_v0(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it, size_t *err_at);

/* An object, an array or code with scope from its type byte to the 00
** that closes it, every value checked: a loop with a stack of what is
** open, so nesting costs no C stack; deeper than MongoDB's BSON depth is
** OK_E_RANGE (a code's scope counts two levels, as BSON's depth does). */
static int dec_container(const uint8_t *c, size_t n, uint8_t x, int v0, ok_item *it,
                         size_t *err_at) {
  uint8_t level[OK_KEYSTRING_DEPTH_MAX] = {0}; /* 0 an array's values, 1 fields, 2 a scope's */
  size_t off = 0, top = 0, depth = 0, esc, end;
  int t = c[0] ^ x;
  do {
    size_t weight = t == OK_KEYSTRING_CODE_SCOPE ? 2 : 1;
    if (depth + weight > OK_KEYSTRING_DEPTH_MAX) return fail(OK_E_RANGE, off, err_at);
    if (t == OK_KEYSTRING_OBJECT || t == OK_KEYSTRING_ARRAY || t == OK_KEYSTRING_CODE_SCOPE) {
      if (t == OK_KEYSTRING_CODE_SCOPE) { /* the code, a string: its 00 opens the scope */
        off += 1 + string_end(c + off + 1, n - off - 1, x, 1, &esc);
        if (off >= n) return fail(OK_E_TRUNCATED, n, err_at);
      }
      level[top++] = (uint8_t)(t == OK_KEYSTRING_ARRAY ? 0 : weight);
      depth += weight;
      off++;
    } else {
      ok_item in;
      int rc = v0 ? dec_scalar_v0(c + off, n - off, t, x, &in, err_at)
                  : dec_scalar(c + off, n - off, t, x, &in, err_at);
      if (rc != OK_OK) return *err_at += off, rc;
      off += in.len;
    }
    for (; top > 0; off++) { /* the 00s that close levels */
      if (off >= n) return fail(OK_E_TRUNCATED, n, err_at);
      if ((t = c[off] ^ x) != 0x00) break;
      depth -= level[--top] == 2 ? 2 : 1;
    }
    if (top > 0 && level[top - 1]) { /* a field: its generic type, its name, its value */
      end = off + 1 + string_end(c + off + 1, n - off - 1, x, 0, &esc);
      if (end >= n) return fail(OK_E_TRUNCATED, n, err_at);
      if (end + 1 >= n) return fail(OK_E_TRUNCATED, n, err_at);
      if (generic(c[end + 1] ^ x) != t) return fail(OK_E_NONCANONICAL, off, err_at);
      off = end + 1;
      t = c[off] ^ x;
    }
  } while (top > 0);
  it->type = OK_BLOB;
  it->body = c;
  it->body_len = it->value_len = it->len = off;
  it->direct = x == 0;
  return OK_OK;
}

/* Any value but a container, t its type byte (c[0] ^ x), after the reset. */
static int dec_scalar(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it, size_t *err_at) {
  ks_own o = {x, 0, 0, 0, 0, 0, 0};
  size_t esc, size, head;
  uint64_t v;
  ok_item_reset(it, &ok_format_keystring, t);
  it->len = 1;
  memcpy(it->own, &o, sizeof o);
  switch (t) {
    case OK_KEYSTRING_MINKEY:
    case OK_KEYSTRING_MAXKEY:
    case OK_KEYSTRING_UNDEFINED:
    case OK_KEYSTRING_NULL: it->type = OK_NULL; return OK_OK;
    case OK_KEYSTRING_FALSE:
    case OK_KEYSTRING_TRUE:
      it->type = OK_INT;
      it->i = t == OK_KEYSTRING_TRUE;
      return OK_OK;
    case OK_KEYSTRING_REGEX: /* the pattern's length kept */
      o.v = (int64_t)string_end(c + 1, n - 1, x, 0, &esc);
      size = 2 + (size_t)o.v;
      if (size >= n) return fail(OK_E_TRUNCATED, n, err_at);
      size += string_end(c + size, n - size, x, 0, &esc);
      if (size >= n) return fail(OK_E_TRUNCATED, n, err_at);
      memcpy(it->own, &o, sizeof o);
      it->type = OK_TEXT;
      it->body = c + 1;
      it->body_len = size - 1;
      it->value_len = size;
      it->len = size + 1;
      return OK_OK;
    case OK_KEYSTRING_DBPOINTER: /* the namespace, then the ObjectId */
      if (n < 5) return fail(OK_E_TRUNCATED, n, err_at);
      size = (size_t)ok_get_be(c + 1, 4, x);
      if (size > 0x7FFFFFFF) return fail(OK_E_RANGE, 1, err_at);
      if (n - 5 < size || n - 5 - size < 12) return fail(OK_E_TRUNCATED, n, err_at);
      it->type = OK_TEXT;
      it->body = c + 5;
      it->body_len = it->value_len = size;
      it->direct = !x;
      it->len = size + 17;
      return OK_OK;
    case OK_KEYSTRING_CODE_SCOPE: return dec_container(c, n, x, 0, it, err_at); /* its scope */
    case OK_KEYSTRING_STRING:
    case OK_KEYSTRING_CODE:
      size = 1 + string_end(c + 1, n - 1, x, 1, &esc);
      if (size >= n) return fail(OK_E_TRUNCATED, n, err_at);
      it->type = OK_TEXT;
      it->body = c + 1;
      it->body_len = size - 1;
      it->value_len = it->body_len - esc;
      it->direct = !esc && !x;
      it->len = size + 1;
      return OK_OK;
    case OK_KEYSTRING_BINDATA:
      if (n < 3) return fail(OK_E_TRUNCATED, n, err_at);
      size = c[1] ^ x, head = 3;
      if (size == 0xFF) {
        if (n < 7) return fail(OK_E_TRUNCATED, n, err_at);
        size = (size_t)ok_get_be(c + 2, 4, x), head = 7;
        if (size < 0xFF || size > 0x7FFFFFFF) return fail(OK_E_NONCANONICAL, 2, err_at);
      }
      if (n - head < size) return fail(OK_E_TRUNCATED, n, err_at);
      o.subtype = c[head - 1] ^ x;
      memcpy(it->own, &o, sizeof o);
      it->type = OK_BLOB;
      it->body = c + head;
      it->body_len = it->value_len = size;
      it->direct = !x;
      it->len = head + size;
      return OK_OK;
    case OK_KEYSTRING_OID:
      if (n < 13) return fail(OK_E_TRUNCATED, n, err_at);
      it->type = OK_TEXT;
      it->body = c + 1;
      it->body_len = 12;
      it->value_len = 24;
      it->len = 13;
      return OK_OK;
    case OK_KEYSTRING_DATE:
    case OK_KEYSTRING_TIMESTAMP:
      if (n < 9) return fail(OK_E_TRUNCATED, n, err_at);
      v = ok_get_be(c + 1, 8, x);
      it->body = c + 1;
      it->body_len = 8;
      it->len = 9;
      if (t == OK_KEYSTRING_TIMESTAMP) {
        char text[20];
        it->type = v >> 63 ? OK_TEXT : OK_INT;
        it->i = (int64_t)v;
        it->value_len = ok_u64_text(text, v);
        return OK_OK;
      }
      o.v = (int64_t)(v ^ ((uint64_t)1 << 63));
      if (o.v > (int64_t)OK_JS_DATE_MAX || o.v < -(int64_t)OK_JS_DATE_MAX)
        return fail(OK_E_RANGE, 1, err_at);
      memcpy(it->own, &o, sizeof o);
      it->type = OK_TEXT;
      {
        char text[OK_JS_DATE_TEXT_MAX];
        it->value_len = ok_js_date_text(text, o.v);
      }
      return OK_OK;
  }
  if (t >= OK_KEYSTRING_NAN && t <= OK_KEYSTRING_POS_LARGE) {
    kdec kd;
    return dec_number(c, n, t, x, it, err_at, &kd);
  }
  return fail(OK_E_TAG, 0, err_at);
}

/* A value of version 0 but a container: numbers its own way. */
static int dec_scalar_v0(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it,
                         size_t *err_at) {
  ks_own o = {x, 0, 0, 0, 0, 1, 0};
  int rc;
  if (t < OK_KEYSTRING_NAN || t > OK_KEYSTRING_POS_LARGE) return dec_scalar(c, n, t, x, it, err_at);
  if (t == OK_KEYSTRING_NAN || t == OK_KEYSTRING_ZERO) {    /* as version 1, marked version 0: */
    if ((rc = dec_scalar(c, n, t, x, it, err_at)) == OK_OK) /* its TypeBits differ (-0.0) */
      memcpy(it->own, &o, sizeof o);
    return rc;
  }
  ok_item_reset(it, &ok_format_keystring, t);
  memcpy(it->own, &o, sizeof o);
  return dec_number_v0(c, n, t, x, it, err_at);
}

/* One value of KeyString version 1, or (v0) 0. */
static int decode_value(const uint8_t *key, size_t n, uint8_t x, int v0, ok_item *it,
                        size_t *err_at) {
  int t;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  t = key[0] ^ x;
  if (t == OK_KEYSTRING_OBJECT || t == OK_KEYSTRING_ARRAY || (v0 && t == OK_KEYSTRING_CODE_SCOPE)) {
    ks_own o = {x, 0, 0, 0, 0, (uint8_t)v0, 0};
    ok_item_reset(it, &ok_format_keystring, t);
    memcpy(it->own, &o, sizeof o);
    return dec_container(key, n, x, v0, it, err_at);
  }
  return v0 ? dec_scalar_v0(key, n, t, x, it, err_at) : dec_scalar(key, n, t, x, it, err_at);
}

int ok_keystring_decode(const uint8_t *key, size_t n, uint8_t x, ok_item *it, size_t *err_at) {
  return decode_value(key, n, x, 0, it, err_at);
}

int ok_keystring_field(const ok_item *container, size_t *off, ok_item *name, ok_item *it) {
  const uint8_t *c = container->body;
  size_t n = container->body_len, esc, end, err;
  uint8_t x = own_of(container).x;
  ks_own o = {x, 0, 0, 0, 0, 0, 0};
  if (*off == 0) *off = 1; /* past the container's type byte */
  if ((c[*off] ^ x) == 0x00) return 0;
  ok_item_reset(name, &ok_format_keystring, OK_KEYSTRING_STRING);
  name->type = OK_NULL;
  if (container->tag == OK_KEYSTRING_OBJECT) { /* no NUL within: a string without escapes */
    end = *off + 1 + string_end(c + *off + 1, n - *off - 1, x, 0, &esc);
    name->type = OK_TEXT;
    name->body = c + *off + 1;
    name->body_len = name->value_len = end - *off - 1;
    name->direct = !x;
    memcpy(name->own, &o, sizeof o);
    *off = end + 1;
  }
  decode_value(c + *off, n - *off, x, own_of(container).v0, it, &err); /* checked with it */
  *off += it->len;
  return 1;
}

int ok_keystring_generic(int type) { return generic(type); }

void ok_keystring_parts(const ok_item *it, ok_item *first, ok_item *second) {
  ks_own o = own_of(it);
  size_t err, k = it->tag == OK_KEYSTRING_REGEX ? (size_t)o.v : it->body_len;
  o.rid = 0;                                /* the parts of a record id are none */
  if (it->tag == OK_KEYSTRING_CODE_SCOPE) { /* the code, then the scope after it */
    size_t esc;
    k = string_end(it->body + 1, it->body_len - 1, o.x, 1, &esc);
    ok_item_reset(first, &ok_format_keystring, OK_KEYSTRING_CODE);
    first->type = OK_TEXT;
    first->body = it->body + 1;
    first->body_len = k, first->value_len = k - esc;
    first->direct = !esc && !o.x;
    first->len = k + 2;
    memcpy(first->own, &o, sizeof o);
    *second = *it; /* an object whose type byte is the code's closing 00 */
    second->tag = OK_KEYSTRING_OBJECT;
    second->body = it->body + 1 + k;
    second->body_len = second->value_len = second->len = it->body_len - 1 - k;
    return;
  }
  ok_item_reset(first, &ok_format_keystring, OK_KEYSTRING_STRING);
  first->type = OK_TEXT;
  first->body = it->body;
  first->body_len = first->value_len = k;
  first->direct = !o.x;
  memcpy(first->own, &o, sizeof o);
  if (it->tag == OK_KEYSTRING_REGEX) {
    *second = *first;
    second->body = it->body + k + 1;
    second->body_len = second->value_len = it->body_len - k - 1;
    return;
  }
  /* a DBPointer's ObjectId, read as one (its type byte, before it, unread) */
  dec_scalar(it->body + k - 1, 13, OK_KEYSTRING_OID, o.x, second, &err);
}

uint8_t ok_keystring_bindata_subtype(const ok_item *it) { return own_of(it).subtype; }

int64_t ok_keystring_date_ms(const ok_item *it) { return own_of(it).v; }

int ok_keystring_is_recordid(const ok_item *it) {
  /* the mark first: a byte, and seldom set (then the format, whose own room it is) */
  return (it->tag == OK_KEYSTRING_END || own_of(it).rid) && is_keystring(it);
}

/* A Decimal128's text as MongoDB writes it (IEEE 754's to-scientific-
** string): its coefficient's digits[0..nd) (trailing zeros kept) and the
** exponent e of the last, plain while e <= 0 and the first digit's
** exponent is -6 or more ("19.99", "0.000001", "150"), else d.dddE+x. */
static size_t decimal_string(char *out, int neg, const char *digits, size_t nd, int64_t e) {
  int64_t first = e + (int64_t)nd - 1; /* the exponent of the first digit */
  size_t o = 0, k;
  if (neg) out[o++] = '-';
  if (e > 0 || first < -6) {
    out[o++] = digits[0];
    if (nd > 1) out[o++] = '.', memcpy(out + o, digits + 1, nd - 1), o += nd - 1;
    out[o++] = 'E', out[o++] = first < 0 ? '-' : '+';
    return o + ok_u64_text(out + o, (uint64_t)(first < 0 ? -first : first));
  }
  if (first < 0) { /* 0.000ddd */
    out[o++] = '0', out[o++] = '.';
    for (k = 0; k < (size_t)(-first - 1); k++) out[o++] = '0';
  } else if (e < 0) { /* ddd.ddd */
    memcpy(out + o, digits, (size_t)first + 1), o += (size_t)first + 1;
    out[o++] = '.';
    digits += first + 1, nd -= (size_t)first + 1;
  }
  memcpy(out + o, digits, nd);
  return o + nd;
}

/* A continued decimal's digits, read again from its bytes. */
static size_t continued_digits(const ok_item *it, uint8_t x, char digits[34], int64_t *e) {
  ok_item again;
  kdec kd;
  size_t at;
  dec_number(it->body - 1, it->len, it->tag, x, &again, &at, &kd);
  memcpy(digits, kd.digits, kd.nd);
  *e = kd.e;
  return kd.nd;
}

/* A decimal item's digits (no trailing zero; the last's exponent *e),
** or 0 when the item is no decimal. */
static size_t item_digits(const ok_item *it, char digits[34], int64_t *e) {
  ks_own o;
  if (it->type != OK_REAL || !(o = own_of(it)).dec || !is_keystring(it)) return 0;
  if (o.dec == 2) return continued_digits(it, o.x, digits, e);
  *e = o.e;
  return ok_u64_text(digits, (uint64_t)o.v);
}

int ok_keystring_is_decimal(const ok_item *it) {
  return it->type == OK_REAL && own_of(it).dec && is_keystring(it);
}

size_t ok_keystring_decimal_text(char *out, const ok_item *it) {
  char digits[34];
  int64_t e;
  size_t nd;
  if (it->type != OK_REAL || !own_of(it).dec) return 0; /* most: at once */
  nd = item_digits(it, digits, &e);
  return nd ? decimal_string(out, signbit(it->d) != 0, digits, nd, e) : 0;
}

/* --- TypeBits -------------------------------------------------------------- */

int ok_keystring_bits_open(ok_keystring_bits *b, const uint8_t *tb, size_t n, size_t *err_at) {
  size_t size = 1, head = 0;
  b->p = tb, b->n = 0, b->bit = 0, b->head = 0;
  if (n == 0 || (n == 1 && tb[0] == 0x00)) return OK_OK; /* all zeros */
  if (tb[0] == 0x00) return fail(OK_E_TRAILING, 1, err_at);
  if (tb[0] > 0x80) { /* a size byte, then as many bytes */
    head = 1, size = tb[0] & 0x7F;
    if (size == 1 && n > 1 && tb[1] < 0x80) return fail(OK_E_NONCANONICAL, 0, err_at);
  } else if (tb[0] == 0x80) { /* four bytes of size, little-endian, then past 127 bytes */
    if (n < 5) return fail(OK_E_TRUNCATED, n, err_at);
    head = 5, size = (size_t)tb[1] | (size_t)tb[2] << 8 | (size_t)tb[3] << 16 | (size_t)tb[4] << 24;
    if (size <= 127) return fail(OK_E_NONCANONICAL, 1, err_at);
  }
  if (n - head < size) return fail(OK_E_TRUNCATED, n, err_at);
  if (n - head > size) return fail(OK_E_TRAILING, head + size, err_at);
  b->p = tb + head, b->n = size, b->head = head;
  while (size > 0 && b->p[size - 1] == 0) size--;
  if (size == 0) return fail(OK_E_NONCANONICAL, 0, err_at); /* zeros: written as 00 */
  return OK_OK;
}

/* The byte of TypeBits that holds bit `bit` (0 when they are all zeros,
** written as none or 00). */
static size_t bits_at(const ok_keystring_bits *b, size_t bit) {
  return b->n ? b->head + bit / 8 : 0;
}

/* The next `count` bits, the first the highest; -1 past the last. */
static int64_t bits(ok_keystring_bits *b, int count) {
  int64_t v = 0;
  for (; count > 0; count--, b->bit++) {
    if (b->n == 0) { /* all zeros */
      v <<= 1;
      continue;
    }
    if (b->bit / 8 >= b->n) return -1;
    v = v << 1 | (b->p[b->bit / 8] >> (b->bit % 8) & 1);
  }
  return v;
}

/* A positive finite double's decimal, exactly, trailing zeros dropped:
** its digits (34 at most, as a Decimal128 holds) and the exponent of the
** last in *e; 0 when it has more. */
static size_t exact_digits(double d, char digits[34], int64_t *e) {
  bdec x;
  int be;
  uint64_t m = parts_of(d, &be);
  while (!(m & 1)) m >>= 1, be++;
  if (be < -120) return 0; /* m x 5^k over 10^k: every one of its k+ digits counts */
  bdec_of_parts(&x, m, be);
  return bdec_digits(&x, digits, e);
}

/* A Decimal128 whose value is the item's, the exponent from 6 bits of
** TypeBits: the one exponent of the value's cohort (as many trailing zeros
** as 34 digits allow) whose low 6 bits, biased, are those. */
static int bits_decimal(ok_keystring_bits *b, const ok_item *it, ok_keystring_type *t,
                        size_t *err_at) {
  char digits[34];
  size_t nd;
  int64_t e, E, stored;
  int neg = it->type == OK_INT ? it->i < 0 : signbit(it->d) != 0;
  if (!(nd = item_digits(it, digits, &e))) {
    if (it->type == OK_REAL && (it->d != it->d || isinf(it->d))) { /* no exponent bits */
      const char *text = it->d != it->d ? "NaN" : neg ? "-Infinity" : "Infinity";
      memcpy(t->dec, text, t->dec_len = strlen(text));
      return OK_OK;
    }
    if (it->type == OK_INT) {
      nd = ok_u64_text(digits, neg ? 0 - (uint64_t)it->i : (uint64_t)it->i), e = 0;
      while (nd > 1 && digits[nd - 1] == '0') nd--, e++;
    } else if (!(nd = exact_digits(neg ? -it->d : it->d, digits, &e))) {
      return fail(OK_E_TYPE, bits_at(b, b->bit), err_at); /* no Decimal128 is that double */
    }
  }
  if ((stored = bits(b, 6)) < 0) return fail(OK_E_TRUNCATED, b->head + b->n, err_at);
  for (E = e < 6111 ? e : 6111; E >= e - (int64_t)(34 - nd) && E >= -6176; E--)
    if (((E + 6176) & 63) == stored) break; /* 1E+6144 is 10^33 x 10^6111 */
  if (E < e - (int64_t)(34 - nd) || E < -6176)
    return fail(OK_E_TYPE, bits_at(b, b->bit - 1), err_at); /* no exponent of the value */
  for (; e > E; e--) digits[nd++] = '0';
  t->dec_len = decimal_string(t->dec, neg, digits, nd, E);
  return OK_OK;
}

/* 1 when the int64 v is a double exactly (a whole double's key reads as
** an INTEGER). */
static int int_is_double(int64_t v) {
  uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  while (m > (uint64_t)1 << 53 && !(m & 1)) m >>= 1;
  return m <= (uint64_t)1 << 53;
}

int ok_keystring_bits_value(ok_keystring_bits *b, const ok_item *it, ok_keystring_type *t,
                            size_t *err_at) {
  int tag = it->tag;
  int64_t v;
  size_t at = bits_at(b, b->bit);
  t->type = 0, t->negative_zero = 0, t->dec_len = 0;
  if (ok_keystring_is_recordid(it)) return OK_OK; /* none: MongoDB keeps none */
  if (tag == OK_KEYSTRING_STRING) {
    if ((v = bits(b, 1)) < 0) return fail(OK_E_TRUNCATED, b->head + b->n, err_at);
    t->type = v ? OK_BSON_SYMBOL : OK_BSON_STRING;
    return OK_OK;
  }
  if (tag < OK_KEYSTRING_NAN || tag > OK_KEYSTRING_POS_LARGE) return OK_OK; /* the key says */
  if ((v = bits(b, 2)) < 0) return fail(OK_E_TRUNCATED, b->head + b->n, err_at);
  if (tag == OK_KEYSTRING_ZERO && v == 3 && own_of(it).v0) /* version 0: 11 is -0.0 */
    return t->type = OK_BSON_DOUBLE, t->negative_zero = 1, OK_OK;
  if (tag == OK_KEYSTRING_ZERO && v == 3) { /* -0.0, or a decimal's zero: 3 bits more */
    int64_t which;
    if ((v = bits(b, 3)) < 0) return fail(OK_E_TRUNCATED, b->head + b->n, err_at);
    if (v == 0) return t->type = OK_BSON_DOUBLE, t->negative_zero = 1, OK_OK;
    if (v == 1) return fail(OK_E_TYPE, at, err_at); /* unused */
    if ((which = bits(b, 12)) < 0) return fail(OK_E_TRUNCATED, b->head + b->n, err_at);
    which |= (v - 2) << 12; /* 0 to 24575: the sign, then 12288 biased exponents */
    t->type = OK_BSON_DECIMAL128;
    t->dec_len = decimal_string(t->dec, which > 12287, "0", 1, which % 12288 - 6176);
    return OK_OK;
  }
  if (tag == OK_KEYSTRING_NAN && v < 2) return fail(OK_E_TYPE, at, err_at); /* no NaN integer */
  switch (v) {
    case 0: /* int32: an integer of its range */
      if (it->type != OK_INT || it->i < INT32_MIN || it->i > INT32_MAX)
        return fail(OK_E_TYPE, at, err_at);
      t->type = OK_BSON_INT32;
      return OK_OK;
    case 1: /* int64 */
      if (it->type != OK_INT) return fail(OK_E_TYPE, at, err_at);
      t->type = OK_BSON_INT64;
      return OK_OK;
    case 2: /* double: any number a double is, but a decimal (marked so) */
      if (it->type == OK_REAL ? own_of(it).dec != 0 : !int_is_double(it->i))
        return fail(OK_E_TYPE, at, err_at);
      t->type = OK_BSON_DOUBLE;
      return OK_OK;
  }
  if (own_of(it).v0) return fail(OK_E_TYPE, at, err_at); /* version 0 holds no decimal */
  t->type = OK_BSON_DECIMAL128;
  return bits_decimal(b, it, t, err_at);
}

void ok_keystring_type_of(const ok_item *it, ok_keystring_type *t) {
  t->type = 0, t->negative_zero = 0, t->dec_len = 0;
  if (it->tag == OK_KEYSTRING_STRING) {
    t->type = OK_BSON_STRING;
  } else if (it->tag >= OK_KEYSTRING_NAN && it->tag <= OK_KEYSTRING_POS_LARGE) {
    t->type = ok_keystring_is_decimal(it)                ? OK_BSON_DECIMAL128
              : it->type != OK_INT                       ? OK_BSON_DOUBLE
              : it->i >= INT32_MIN && it->i <= INT32_MAX ? OK_BSON_INT32
                                                         : OK_BSON_INT64;
  }
}

int ok_keystring_bits_end(const ok_keystring_bits *b, size_t *err_at) {
  size_t k;
  if (b->n == 0) return OK_OK;
  if ((b->bit + 7) / 8 < b->n) return fail(OK_E_TRAILING, b->head + (b->bit + 7) / 8, err_at);
  for (k = b->bit; k < 8 * b->n; k++)
    if (b->p[k / 8] >> (k % 8) & 1) return fail(OK_E_NONCANONICAL, b->head + k / 8, err_at);
  return OK_OK;
}

/* --- Keys ------------------------------------------------------------------ */

/* The record id after the end byte at key[0], to the key's end. */
static int dec_record(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  uint8_t again[OK_KEYSTRING_RECORD_MAX];
  size_t extra = key[1] >> 5, k;
  uint64_t v;
  ks_own o = {0, 0, 0, 0, 0, 0, 0};
  ok_item_reset(it, &ok_format_keystring, OK_KEYSTRING_END);
  memcpy(it->own, &o, sizeof o); /* no state of the item read before */
  if (n < extra + 3) return fail(OK_E_TRUNCATED, n, err_at);
  if (n > extra + 3) return fail(OK_E_TRAILING, extra + 3, err_at);
  if ((key[n - 1] & 7) != extra) return fail(OK_E_NONCANONICAL, n - 1, err_at);
  if (extra == 7 && (key[1] & 0x1F) > 3) return fail(OK_E_RANGE, 1, err_at);
  v = (uint64_t)(key[1] & 0x1F) << (5 + 8 * extra) | (uint64_t)(key[n - 1] >> 3);
  if (extra) v |= ok_get_be(key + 2, extra, 0) << 5;
  it->type = OK_INT;
  it->i = (int64_t)v;
  it->len = n;
  ok_keystring_enc_record(again, it->i);
  for (k = 1; k < n; k++)
    if (again[k] != key[k]) return fail(OK_E_NONCANONICAL, k, err_at);
  return OK_OK;
}

/* A clustered collection's record id after the end byte at key[0], to the
** key's end: its length from the last bytes (as encoded: the fewest
** groups, none of them past 8 MiB), and within it one value, ascending:
** the document's cluster key (_id), as MongoDB makes the id of it. */
static int dec_record_string(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  size_t groups = 1, size = 0, k;
  ks_own o;
  int rc;
  while (groups < n - 1 && (key[n - groups] & 0x80)) groups++;
  if (key[n - groups] & 0x80) return fail(OK_E_TRUNCATED, n, err_at); /* no first group */
  if (groups > 4) return fail(OK_E_RANGE, n - groups, err_at);
  for (k = 0; k < groups; k++) size |= (size_t)(key[n - groups + k] & 0x7F) << (7 * k);
  if (size == 0 || (groups > 1 && (key[n - 1] & 0x7F) == 0))
    return fail(OK_E_NONCANONICAL, n - groups, err_at);
  if (size > OK_KEYSTRING_RECORD_STRING_MAX) return fail(OK_E_RANGE, n - groups, err_at);
  if (size + groups + 1 != n) return fail(OK_E_LENGTH, n - groups, err_at);
  if ((rc = ok_keystring_decode(key + 1, size, 0, it, err_at)) != OK_OK) return *err_at += 1, rc;
  if (it->len != size) return fail(OK_E_TRAILING, 1 + it->len, err_at);
  o = own_of(it);
  o.rid = 1;
  memcpy(it->own, &o, sizeof o);
  it->len = n;
  return OK_OK;
}

/* Component `index`: a value (descending where the pattern says), which
** takes the end byte when that ends the key; the record id, which starts
** at the end byte; or a query bound's discriminator and the end byte. */
static int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                      size_t *err_at) {
  const ok_keystring *ks = f->param;
  uint8_t x = ks && index < 32 && (ks->desc >> index & 1) ? 0xFF : 0x00;
  int rc;
  if (n == 0) return fail(OK_E_LENGTH, 0, err_at); /* never written: every key has its end byte */
  if ((uint8_t)(key[0] - 0x0A) > 0xF5 - 0x0A) {    /* no value's type byte, either way: 0A to F5 */
    if (key[0] == OK_KEYSTRING_END) {
      if (n == 1) return OK_FEWER;
      rc = ks && ks->clustered ? dec_record_string(key, n, it, err_at)
                               : dec_record(key, n, it, err_at);
      it->format = f; /* the pattern's format, that read it */
      return rc;
    }
    if (key[0] == OK_KEYSTRING_LESS || key[0] == OK_KEYSTRING_GREATER) { /* a query bound's end */
      ks_own o = {0, 0, 0, 0, 0, 0, 0};
      if (n == 1) return fail(OK_E_TRUNCATED, 1, err_at);
      if (key[1] != OK_KEYSTRING_END) return fail(OK_E_NONCANONICAL, 1, err_at);
      if (n > 2) return fail(OK_E_TRAILING, 2, err_at); /* no record id: MongoDB stores none */
      ok_item_reset(it, f, key[0]);
      memcpy(it->own, &o, sizeof o);
      it->type = OK_NULL;
      it->len = 2;
      return OK_OK;
    }
  }
  if ((rc = decode_value(key, n, x, ks && ks->v0, it, err_at)) != OK_OK) return rc;
  it->format = f;
  it->desc = x != 0;
  if (it->len == n) return fail(OK_E_TRUNCATED, n, err_at);
  if (it->len + 1 == n && key[it->len] == OK_KEYSTRING_END) it->len++;
  return OK_OK;
}

/* The walks' way past a component: integers, strings and the one-byte
** values, found as decode finds them, with no value made (0: decode says). */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  const ok_keystring *ks = f->param;
  uint8_t x = ks && index < 32 && (ks->desc >> index & 1) ? 0xFF : 0x00;
  size_t len = 0, esc;
  uint64_t v;
  int t;
  if (n == 0) return 0;
  t = key[0] ^ x;
  if ((t >= OK_KEYSTRING_POS_INT1 && t <= OK_KEYSTRING_POS_INT8) ||
      (t >= OK_KEYSTRING_NEG_INT8 && t <= OK_KEYSTRING_NEG_INT1)) {
    int neg = t < OK_KEYSTRING_ZERO;
    len = (size_t)(neg ? OK_KEYSTRING_NEG_INT1 - t : t - OK_KEYSTRING_POS_INT1) + 2;
    if (n < len) return 0;
    v = ok_get_be(key + 1, len - 1, (uint8_t)(x ^ (neg ? 0xFF : 0x00)));
    /* an integer in as few bytes as hold it (no fraction: that reads a double) */
    if ((v & 1) || v < 2 || (ok_bit_length(v) + 7) / 8 != len - 1) return 0;
  } else if (t == OK_KEYSTRING_STRING) {
    len = 2 + string_end(key + 1, n - 1, x, 1, &esc);
    if (len > n) return 0;
  } else if (t == OK_KEYSTRING_NULL || t == OK_KEYSTRING_ZERO || t == OK_KEYSTRING_FALSE ||
             t == OK_KEYSTRING_TRUE || t == OK_KEYSTRING_MINKEY || t == OK_KEYSTRING_MAXKEY ||
             t == OK_KEYSTRING_UNDEFINED || t == OK_KEYSTRING_NAN) {
    len = 1;
  }
  if (len == 0 || len == n) return 0; /* unknown here, or no end byte after it */
  return len + 1 == n && key[len] == OK_KEYSTRING_END ? len + 1 : len;
}

/* Where a value's bytes go, complemented when x; the end byte 04 and the
** record id never are. */
static size_t unescape(uint8_t *out, const uint8_t *p, size_t n, uint8_t x) {
  size_t i, o = 0;
  for (i = 0; i < n; i++) {
    out[o++] = p[i] ^ x;
    if ((p[i] ^ x) == 0x00) i++; /* the FF after a NUL */
  }
  return o;
}

static size_t keystring_value(uint8_t *out, const ok_item *it) {
  ks_own o = own_of(it);
  size_t k;
  switch (it->tag) {
    case OK_KEYSTRING_STRING:
    case OK_KEYSTRING_CODE: return unescape(out, it->body, it->body_len, o.x);
    case OK_KEYSTRING_REGEX: /* /pattern/flags */
      out[0] = '/';
      ok_copy_xor(out + 1, it->body, it->body_len, o.x);
      out[1 + (size_t)o.v] = '/';
      return it->value_len;
    case OK_KEYSTRING_OID:
      for (k = 0; k < 12; k++) {
        uint8_t b = it->body[k] ^ o.x;
        out[2 * k] = (uint8_t) "0123456789abcdef"[b >> 4];
        out[2 * k + 1] = (uint8_t) "0123456789abcdef"[b & 15];
      }
      return 24;
    case OK_KEYSTRING_DATE: return ok_js_date_text((char *)out, o.v);
    case OK_KEYSTRING_TIMESTAMP: return ok_u64_text((char *)out, (uint64_t)it->i);
  }
  ok_copy_xor(out, it->body, it->value_len, o.x); /* BinData, a container */
  return it->value_len;
}

int ok_keystring_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  const ok_keystring *ks = f->param; /* ok_convert's: the pattern says which are descending */
  size_t start = w->n;
  uint8_t *at;
  switch (v->type) {
    case OK_NULL: ok_writer_byte(w, OK_KEYSTRING_NULL); break;
    case OK_INT:
      at = ok_writer_at(w, OK_KEYSTRING_NUMBER_MAX);
      w->n += ks && ks->v0 ? ok_keystring_enc_int_v0(at, v->i) : ok_keystring_enc_int(at, v->i);
      break;
    case OK_REAL:
      at = ok_writer_at(w, OK_KEYSTRING_NUMBER_MAX);
      w->n +=
          ks && ks->v0 ? ok_keystring_enc_double_v0(at, v->d) : ok_keystring_enc_double(at, v->d);
      break;
    case OK_TEXT:
      at = ok_writer_at(w, OK_KEYSTRING_STRING_BOUND(v->n));
      w->n += ok_keystring_enc_string(at, OK_KEYSTRING_STRING, v->p, v->n);
      break;
    default:
      if (v->n > 0x7FFFFFFF) return OK_E_LENGTH;
      at = ok_writer_at(w, OK_KEYSTRING_BINDATA_BOUND(v->n));
      w->n += ok_keystring_enc_bindata(at, v->p, v->n, 0);
  }
  if ((w->desc || (ks && w->index < 32 && (ks->desc >> w->index & 1))) && w->n <= w->cap)
    ok_invert(w->out + start, w->n - start);
  return OK_OK;
}

/* ok_convert's: the values, then the end byte. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (v) return ok_keystring_write(f, w, v);
  ok_writer_byte(w, OK_KEYSTRING_END);
  return OK_OK;
}

/* No `next`: with decode_any inlined into a walk reader's loop, ok_next_n
** took 61-65 ns a key against 59 through its calls, and ok_json 4
** instructions a row more. */
const ok_format ok_format_keystring = {
    .name = "keystring",
    .decode = decode_any,
    .value = keystring_value,
    .skip = skip_any,
    .put = put_value,
};

const ok_keystring ok_keystring_v0 = {{.name = "keystring",
                                       .decode = decode_any,
                                       .value = keystring_value,
                                       .skip = skip_any,
                                       .put = put_value,
                                       .param = &ok_keystring_v0},
                                      0,
                                      0,
                                      0,
                                      1};

/* The value `it` (of version 1, ascending, its bytes at c) in version 0
** at out (at most it->len bytes): its numbers, at any depth, written
** again; OK_E_TYPE for a decimal that no double is. */
static int value_v0(uint8_t *out, const ok_item *it, const uint8_t *c, size_t *len) {
  ok_item name, v, scope;
  size_t off = 0, o = 1, k;
  int rc;
  if (it->tag >= OK_KEYSTRING_NAN && it->tag <= OK_KEYSTRING_POS_LARGE) {
    if (own_of(it).dec) return OK_E_TYPE; /* version 0 has no Decimal128 */
    *len = it->type == OK_INT ? ok_keystring_enc_int_v0(out, it->i)
                              : ok_keystring_enc_double_v0(out, it->d);
    return OK_OK;
  }
  if (it->tag != OK_KEYSTRING_OBJECT && it->tag != OK_KEYSTRING_ARRAY &&
      it->tag != OK_KEYSTRING_CODE_SCOPE) {
    memcpy(out, c, *len = it->len);
    return OK_OK;
  }
  scope = *it;
  if (it->tag == OK_KEYSTRING_CODE_SCOPE) { /* its code as it is, then its scope's fields */
    ok_keystring_parts(it, &name, &scope);
    o = (size_t)(scope.body - c) + 1;
  }
  memcpy(out, c, o);
  while (ok_keystring_field(&scope, &off, &name, &v)) {
    if (scope.tag == OK_KEYSTRING_OBJECT) { /* the field's generic type and name as they are */
      k = 1 + name.body_len + 1;
      memcpy(out + o, name.body - 1, k), o += k;
    }
    if ((rc = value_v0(out + o, &v, scope.body + off - v.len, &k)) != OK_OK) return rc;
    o += k;
  }
  out[o++] = 0x00;
  *len = o;
  return OK_OK;
}

int ok_keystring_to_v0(uint8_t *out, const uint8_t *p, size_t n, size_t *len, size_t *err_at) {
  ok_item it;
  int rc = ok_keystring_decode(p, n, 0, &it, err_at);
  if (rc == OK_OK && it.len != n) return fail(OK_E_TRAILING, it.len, err_at);
  if (rc == OK_OK && (rc = value_v0(out, &it, p, len)) != OK_OK) *err_at = 0;
  return rc;
}

/* --- Key patterns ---------------------------------------------------------- */

static int pattern_fail(size_t at, const char *why, size_t *err_at, const char **why_out) {
  *err_at = at, *why_out = why;
  return OK_E_SYNTAX;
}

static int space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Strips the word w that ends s[0..*n), after white space, a '}' or
** nothing: 1 when it did. */
static int strip_word(const char *s, size_t *n, const char *w) {
  size_t k = strlen(w);
  while (*n > 0 && space(s[*n - 1])) (*n)--;
  if (*n < k || memcmp(s + *n - k, w, k) != 0) return 0;
  if (*n > k && !space(s[*n - k - 1]) && s[*n - k - 1] != '}') return 0;
  *n -= k;
  return 1;
}

/* A name or a string value at s[*i]: quoted ('...' or "...", a backslash
** escaping the next character) or bare (letters, digits, _ $ .). */
static int pattern_word(const char *s, size_t n, size_t *i) {
  size_t start = *i;
  if (*i < n && (s[*i] == '"' || s[*i] == '\'')) {
    char q = s[(*i)++];
    while (*i < n && s[*i] != q) *i += s[*i] == '\\' ? 2 : 1;
    if (*i >= n) return 0;
    (*i)++;
    return 1;
  }
  while (*i < n && ((s[*i] >= 'a' && s[*i] <= 'z') || (s[*i] >= 'A' && s[*i] <= 'Z') ||
                    (s[*i] >= '0' && s[*i] <= '9') || s[*i] == '_' || s[*i] == '$' || s[*i] == '.'))
    (*i)++;
  return *i > start;
}

int ok_keystring_parse(ok_keystring *ks, const char *s, size_t n, size_t *err_at,
                       const char **why) {
  size_t i = 0;
  int braces;
  ks->format = ok_format_keystring;
  ks->format.param = ks;
  ks->desc = 0, ks->fields = 0, ks->clustered = 0, ks->v0 = 0;
  for (;;) {
    if (strip_word(s, &n, "clustered"))
      ks->clustered = 1; /* the key pattern's record ids are strings */
    else if (strip_word(s, &n, "v0"))
      ks->v0 = 1; /* an index of version 1: its keys KeyString version 0 */
    else
      break;
  }
  if (ks->clustered && ks->v0)
    return pattern_fail(n, "a clustered collection's indexes are of version 2 (KeyString V1)",
                        err_at, why);
  while (i < n && space(s[i])) i++;
  braces = i < n && s[i] == '{';
  if (braces) i++;
  for (;;) {
    while (i < n && space(s[i])) i++;
    if (i < n && s[i] == '}' && braces && ks->fields == 0) break;
    if (i >= n && !braces && ks->fields == 0) return OK_OK; /* no fields */
    if (braces) {                                           /* a name and a colon */
      if (!pattern_word(s, n, &i)) return pattern_fail(i, "a field's name expected", err_at, why);
      while (i < n && space(s[i])) i++;
      if (i >= n || s[i] != ':') return pattern_fail(i, "':' expected", err_at, why);
      i++;
      while (i < n && space(s[i])) i++;
    }
    if (ks->fields == OK_KEYSTRING_FIELDS_MAX)
      return *err_at = i, *why = "more than 32 fields", OK_E_RANGE;
    if (i < n && (s[i] == '-' || s[i] == '+' || (s[i] >= '0' && s[i] <= '9'))) {
      int neg = s[i] == '-', digits = 0, nonzero = 0;
      if (s[i] == '-' || s[i] == '+') i++;
      for (; i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'); i++) {
        digits += s[i] != '.';
        nonzero |= s[i] >= '1' && s[i] <= '9';
      }
      if (!digits) return pattern_fail(i, "a number expected", err_at, why);
      if (neg && nonzero) ks->desc |= (uint32_t)1 << ks->fields;
    } else if (!pattern_word(s, n, &i)) { /* "hashed", "text": ascending */
      return pattern_fail(i, "a direction (1 or -1) expected", err_at, why);
    }
    ks->fields++;
    while (i < n && space(s[i])) i++;
    if (i < n && s[i] == ',') {
      i++;
      continue;
    }
    if (braces) {
      if (i >= n || s[i] != '}') return pattern_fail(i, "',' or '}' expected", err_at, why);
      break;
    }
    if (i < n) return pattern_fail(i, "',' expected", err_at, why);
    return OK_OK;
  }
  i++;
  while (i < n && space(s[i])) i++;
  return i < n ? pattern_fail(i, "nothing may follow '}'", err_at, why) : OK_OK;
}

/* s at out + o unless out is NULL: its length. */
static size_t put_text(char *out, size_t o, const char *s) {
  size_t n = strlen(s);
  if (out) memcpy(out + o, s, n);
  return n;
}

size_t ok_keystring_text(char *out, const ok_keystring *ks) {
  size_t o = 0;
  unsigned k;
  for (k = 0; k < ks->fields; k++) {
    if (k) o += put_text(out, o, ", ");
    o += put_text(out, o, ks->desc >> k & 1 ? "-1" : "1");
  }
  if (ks->clustered) o += put_text(out, o, ks->fields ? " clustered" : "clustered");
  if (ks->v0) o += put_text(out, o, ks->fields ? " v0" : "v0");
  return o;
}
