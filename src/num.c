/*
** num.c -- numbers (INTEGER and REAL alike) in the native format.
**
** A nonzero finite number is written as sign, binary exponent e and the
** significand bits after the leading 1 (|v| = 1.m * 2^e), so an int64 and a
** double of equal value get equal bytes (R2) and any two numbers compare
** exactly (R1), with no decimal conversion.
**
** Layout (src/FORMAT.md has the table):
**   tag: sign and k = floor(e / 2) for k in [K_MIN, K_MAX]; outside that,
**        an escape tag followed by k + 0x8000 in two big-endian bytes;
**   stream: the bit e & 1, then m, cut into 7-bit groups, each written as
**        (group << 1) | more, where `more` is 1 on every group but the last;
**        trailing zero groups are dropped (one group stays).
** Negative numbers invert every byte after the tag, and their tags run the
** other way, so larger magnitudes sort lower.
*/
#include <string.h>

#include "internal.h"

/* Ascending tags of numbers; see the first-byte table in src/FORMAT.md. */
#define K_MIN (-16) /* k = floor(e/2) range held in the tag: |v| >= 2^-32 */
#define K_MAX 31    /* and |v| < 2^64, which covers every int64 */
#define TAG_NEG_BIG 0x07
#define TAG_NEG_K(k) (0x08 + (K_MAX - (k))) /* 0x08..0x37 */
#define TAG_NEG_SMALL 0x38
#define TAG_POS_SMALL 0x3A
#define TAG_POS_K(k) (0x3B + ((k)-K_MIN)) /* 0x3B..0x6A */
#define TAG_POS_BIG 0x6B

/* Highest set bit (0..63) and lowest set bit of a nonzero value. */
static int hibit(uint64_t x) { return (int)ok_bit_length(x) - 1; }
static int lobit(uint64_t x) { return (int)ok_low_bit(x); }

/* The 7-bit groups of a stream of `bits` bits up to its last set one (1
** at least): / 7 as * 37 >> 8 (exact to 84), as a key's length waits on
** it. The callers count the bits from the value, beside its exponent. */
static int groups_of(int bits) { return (bits + 6) * 37 >> 8; }

/* |v| = sig * 2^(e - 63) with bit 63 of sig set, its stream in `groups`.
** Inlined in its two callers: a call and its arguments' moves were a
** tenth of writing a number. */
OK_HOT_INLINE size_t enc_finite(uint8_t *out, int neg, int e, uint64_t sig, int groups, int desc) {
  int b0 = (int)((unsigned)e & 1u);
  int k = (e - b0) / 2, g;
  uint64_t s = ((uint64_t)b0 << 63) | (sig & ~((uint64_t)1 << 63));
  size_t n = 1;
  uint8_t flip = (uint8_t)((neg ? 0xFF : 0x00) ^ (desc ? 0xFF : 0x00));
  if (k >= K_MIN && k <= K_MAX) {
    if (!out) return (size_t)(1 + groups);
    out[0] = (uint8_t)(neg ? TAG_NEG_K(k) : TAG_POS_K(k));
  } else {
    unsigned biased = (unsigned)(k + 0x8000);
    if (!out) return (size_t)(3 + groups);
    if (neg)
      out[0] = k > K_MAX ? TAG_NEG_BIG : TAG_NEG_SMALL;
    else
      out[0] = k > K_MAX ? TAG_POS_BIG : TAG_POS_SMALL;
    out[n++] = (uint8_t)((biased >> 8) ^ flip);
    out[n++] = (uint8_t)((biased & 0xFF) ^ flip);
  }
  if (desc) out[0] = (uint8_t)~out[0];
  if (groups <= 8) {
    /* Spread the top 56 bits of s into eight 7-bit groups, one per byte
    ** (28|28, then 14|14, then 7|7), shift each up to make room for the
    ** `more` bit, and copy out the bytes of the groups (ok.h promises to
    ** write nothing past the count returned). */
    /* the `more` bits of 0..8 groups (one group has none) */
    /* clang-format off */
    static const uint64_t more[9] = {
        0, 0, 0x0100000000000000ULL, 0x0101000000000000ULL, 0x0101010000000000ULL,
        0x0101010100000000ULL, 0x0101010101000000ULL, 0x0101010101010000ULL,
        0x0101010101010100ULL};
    /* clang-format on */
    uint64_t z = s >> 8;
    uint8_t all[8], *o = out + n;
    size_t g4 = (size_t)groups - 4, g2 = (size_t)groups - 2;
    z = ((z & 0x00FFFFFFF0000000ULL) << 4) | (z & 0x000000000FFFFFFFULL);
    z = ((z & 0x0FFFC0000FFFC000ULL) << 2) | (z & 0x00003FFF00003FFFULL);
    z = ((z & 0x3F803F803F803F80ULL) << 1) | (z & 0x007F007F007F007FULL);
    z = ((z << 1) | more[groups]) ^ (flip ? ~(uint64_t)0 : 0);
    ok_put_be(all, z, 8);
    /* the groups' bytes as two copies of fixed size that may overlap:
    ** no call to memcpy for a length it must first look at */
    if (groups >= 4)
      memcpy(o, all, 4), memcpy(o + g4, all + g4, 4);
    else if (groups >= 2)
      memcpy(o, all, 2), memcpy(o + g2, all + g2, 2);
    else
      o[0] = all[0];
    return n + (size_t)groups;
  }
  for (g = 0; g < groups; g++, s <<= 7) {
    out[n++] = (uint8_t)((((unsigned)(s >> 57) << 1) | (g + 1 < groups)) ^ flip);
  }
  return n;
}

static size_t enc_tag(uint8_t *out, int tag, int desc) {
  if (out) out[0] = (uint8_t)(desc ? 0xFF - tag : tag);
  return 1;
}

size_t ok_enc_null(uint8_t *out, int desc) { return enc_tag(out, OK_TAG_NULL, desc); }

size_t ok_enc_int(uint8_t *out, int64_t v, int desc) {
  uint64_t mag;
  int e;
  if (v == 0) return enc_tag(out, OK_TAG_ZERO, desc);
  mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  e = hibit(mag);
  /* the bit e & 1 and the bits below the top one, to the last set one */
  return enc_finite(out, v < 0, e, mag << (63 - e), groups_of(1 + e - lobit(mag)), desc);
}

size_t ok_enc_double(uint8_t *out, double v, int desc) {
  uint64_t bits, frac, sig;
  int neg, ex, h, e, groups;
  memcpy(&bits, &v, sizeof bits);
  neg = (int)(bits >> 63);
  ex = (int)((bits >> 52) & 0x7FF);
  frac = bits & (((uint64_t)1 << 52) - 1);
  if (ex == 0x7FF) {
    if (frac) return enc_tag(out, OK_TAG_NULL, desc); /* NaN, as SQLite */
    return enc_tag(out, neg ? OK_TAG_NEG_INF : OK_TAG_POS_INF, desc);
  }
  if (ex == 0) {
    if (!frac) return enc_tag(out, OK_TAG_ZERO, desc); /* 0.0 and -0.0 */
    h = hibit(frac);                                   /* subnormal: frac * 2^-1074 */
    e = h - 1074, sig = frac << (63 - h), groups = groups_of(1 + h - lobit(frac));
  } else { /* the bit e & 1 and the 52 fraction bits, to the last set one */
    e = ex - 1023, sig = ((uint64_t)1 << 63) | (frac << 11);
    groups = groups_of(53 - lobit(frac | (uint64_t)1 << 52));
  }
  return enc_finite(out, neg, e, sig, groups, desc); /* one call: inlined once */
}

/* The exponent k = floor(e / 2) of a finite nonzero number: from its tag,
** or from the two bytes after an escape tag; *i is where the stream starts. */
static int dec_k(const uint8_t *c, size_t n, int t, int neg, uint8_t x, int *k, size_t *i,
                 size_t *err_at) {
  int big;
  *i = 1;
  if (t != TAG_NEG_BIG && t != TAG_NEG_SMALL && t != TAG_POS_BIG && t != TAG_POS_SMALL) {
    *k = neg ? K_MAX - (t - TAG_NEG_K(K_MAX)) : K_MIN + (t - TAG_POS_K(K_MIN));
    return OK_OK;
  }
  big = t == TAG_NEG_BIG || t == TAG_POS_BIG;
  if (n < 3) {
    *err_at = n;
    return OK_E_TRUNCATED;
  }
  *k = (int)(((unsigned)(c[1] ^ x) << 8) | (unsigned)(c[2] ^ x)) - 0x8000;
  if (big ? *k <= K_MAX : *k >= K_MIN) { /* a tag holds it: the escape is not canonical */
    *err_at = 1;
    return OK_E_NONCANONICAL;
  }
  *i = 3;
  return OK_OK;
}

/* The stream of 7-bit groups from c[*i]: the bit e & 1 and the 52 (at
** most) significand bits after the leading 1, in *s from bit 63 down. */
static int dec_stream(const uint8_t *c, size_t n, uint8_t x, size_t *i, uint64_t *s,
                      size_t *err_at) {
  size_t at = *i, end = n - at < 10 ? n : at + 10; /* in locals: c may alias *i and *s */
  uint64_t acc = 0, w, ends;
  unsigned b;
  int shift = 57;
  if (n - at >= 8) { /* eight bytes at once: the stream of most numbers ends in them */
    w = ok_get_be(c + at, 8, x);
    if ((ends = ~w & 0x0101010101010101ULL) != 0) {
      int groups = (63 - hibit(ends)) / 8 + 1; /* up to the first byte without `more` */
      uint64_t z;
      at += (size_t)groups - 1;
      if (groups > 1 && !(w >> (64 - 8 * groups) & 0xFE)) { /* trailing zero groups are dropped */
        *err_at = at;
        return OK_E_NONCANONICAL;
      }
      /* the groups' 7 bits, gathered: encode's spread of 56 bits, undone */
      z = (w >> 1) & 0x7F7F7F7F7F7F7F7FULL & (~(uint64_t)0 << (64 - 8 * groups));
      z = ((z & 0x7F007F007F007F00ULL) >> 1) | (z & 0x007F007F007F007FULL);
      z = ((z & 0x3FFF00003FFF0000ULL) >> 2) | (z & 0x00003FFF00003FFFULL);
      z = ((z & 0x0FFFFFFF00000000ULL) >> 4) | (z & 0x000000000FFFFFFFULL);
      *s = z << 8;
      *i = at + 1;
      return OK_OK;
    }
  }
  for (;; at++, shift -= 7) {
    if (at == end) {
      *err_at = at;
      return at == n ? OK_E_TRUNCATED : OK_E_RANGE; /* past the data, or past 10 groups */
    }
    b = (unsigned)(c[at] ^ x);
    if (shift < 0) { /* group 9: one bit of the significand left */
      if ((b >> 1) & 0x3F) {
        *err_at = at;
        return OK_E_RANGE;
      }
      acc |= (uint64_t)(b >> 7);
    } else {
      acc |= (uint64_t)(b >> 1) << shift;
    }
    if (!(b & 1)) break;
  }
  if (at > *i && (b >> 1) == 0) { /* trailing zero groups are dropped */
    *err_at = at;
    return OK_E_NONCANONICAL;
  }
  *s = acc;
  *i = at + 1;
  return OK_OK;
}

/* The value (-1)^neg * 1.s * 2^e: an INTEGER when it is one within int64,
** else a REAL, which must be a double exactly. */
static int set_value(ok_item *it, int neg, int e, uint64_t s, size_t *err_at) {
  uint64_t sig = ((uint64_t)1 << 63) | s, bits;
  int lo = e - 63 + lobit(sig); /* exponent of the lowest set bit */
  if (lo >= 0 && (e <= 62 || (neg && e == 63 && sig == ((uint64_t)1 << 63)))) {
    uint64_t mag = sig >> (63 - e);
    it->type = OK_INT;
    it->i = neg ? (int64_t)((uint64_t)0 - mag) : (int64_t)mag;
    return OK_OK;
  }
  if (e > 1023 || lo < -1074 || e - lo > 52) {
    *err_at = 0;
    return OK_E_RANGE;
  }
  if (e >= -1022)
    bits = ((uint64_t)(e + 1023) << 52) | ((sig << 1) >> 12);
  else
    bits = sig >> (63 - (e + 1074)); /* subnormal */
  bits |= (uint64_t)neg << 63;
  it->type = OK_REAL;
  memcpy(&it->d, &bits, sizeof bits);
  return OK_OK;
}

/* Decodes the number component c[0..n) whose ascending tag is t (a number
** tag, OK_TAG_NEG_INF..OK_TAG_POS_INF); x is 0xFF for a descending one. */
int ok_dec_number(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it, size_t *err_at) {
  int neg = t < OK_TAG_ZERO, k, rc;
  size_t i;
  uint64_t s;
  it->len = 1;
  if (t == OK_TAG_ZERO) {
    it->type = OK_INT;
    it->i = 0;
    return OK_OK;
  }
  if (t == OK_TAG_NEG_INF || t == OK_TAG_POS_INF) {
    uint64_t bits = ((uint64_t)0x7FF << 52) | ((uint64_t)neg << 63);
    it->type = OK_REAL;
    memcpy(&it->d, &bits, sizeof bits);
    return OK_OK;
  }
  if (neg) x ^= 0xFF; /* negatives are stored complemented */
  if ((rc = dec_k(c, n, t, neg, x, &k, &i, err_at)) != OK_OK) return rc;
  if ((rc = dec_stream(c, n, x, &i, &s, err_at)) != OK_OK) return rc;
  it->len = i;
  return set_value(it, neg, 2 * k + (int)(s >> 63), s & ~((uint64_t)1 << 63), err_at);
}

size_t ok_num_len(const uint8_t *c, size_t n, int t) {
  int neg = t < OK_TAG_ZERO, flip, k, e, m;
  size_t groups;
  uint64_t raw, w, ends, last;
  if ((unsigned)(t - TAG_NEG_K(K_MAX)) >= K_MAX - K_MIN + 1 &&
      (unsigned)(t - TAG_POS_K(K_MIN)) >= K_MAX - K_MIN + 1) /* no exponent in the tag */
    return t == OK_TAG_ZERO || t == OK_TAG_NEG_INF || t == OK_TAG_POS_INF ? 1 : 0;
  if (n < 2) return 0;
  /* the stream's end and its last set bit, from the eight bytes after the
  ** tag, the first lowest (its end is then the lowest clear `more` bit); at
  ** a key's end, from those there are, zeros after them (which end the
  ** stream there, or not at all when complemented: it must end before) */
  if (n >= 9) {
    raw = ok_get_le(c + 1, 0);
  } else {
    size_t i;
    for (raw = 0, i = 1; i < n; i++) raw |= (uint64_t)c[i] << (8 * i - 8);
  }
  /* The stream is complemented when the number is negative or descending,
  ** not both. Chosen rather than XORed (which waits on c[0], a multiply and
  ** the XOR): the next component's start waits on this one's end, and a
  ** walk is a chain of them. */
  flip = (c[0] >= 0x80) != neg;
  w = flip ? ~raw : raw;
  if (!(ends = (flip ? raw : ~raw) & 0x0101010101010101ULL)) return 0;
  groups = (unsigned)lobit(ends) / 8 + 1;
  if (groups >= n) return 0;                                   /* cut short */
  if (groups > 1 && !(w >> (8 * groups - 8) & 0xFE)) return 0; /* a zero group last */
  last = w >> 56 & 0xFE;              /* the 8th group's bits, when there are 8 */
  if (groups == 8 && (last & 0x0E)) { /* stream bits 53-55 (the e bit is bit 0): over 52 */
    k = neg ? K_MAX - (t - TAG_NEG_K(K_MAX)) : K_MIN + (t - TAG_POS_K(K_MIN));
    e = 2 * k + (int)(w >> 7 & 1);
    /* the significant bits after the leading 1: to the 8th group's last */
    m = 56 - lobit(last);
    if (e < m || e > 62) return 0; /* no int64 either */
  }
  return 1 + groups;
}
