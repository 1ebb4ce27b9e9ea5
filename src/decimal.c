/*
** decimal.c -- decimals: integers of any size between decimal text and
** big-endian magnitude bytes (FDB's arbitrary-precision integers are such
** bytes; schoolbook arithmetic: quadratic, and the sizes are at most 255
** bytes), and the SQL value of the decimals HBase and Orderly hold.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* The double whose decimal on Java 19+ or 8-18 is m x 10^e10 (n digits, no
** trailing zero; negative when neg), in *d; 0 when there is none. The
** double nearest is within an ulp of ok_double_near's; each candidate is
** checked by writing its decimals. */
static int java_double(int neg, uint64_t m, int e10, size_t n, double *d) {
  double near = ok_double_near(m, e10);
  int k;
  if (n <= 15 && e10 >= -22 && e10 <= 22) {
    /* exact, and normal: no other decimal of 15 digits or fewer is within
    ** an ulp of it, so it is the shortest and the closest: Java 19+'s */
    *d = neg ? -near : near;
    return 1;
  }
  for (k = 0; k < 3; k++) {
    double c = k == 0 ? near : nextafter(near, k == 1 ? 0.0 : HUGE_VAL);
    int ce;
    if (c == 0 || c - c != 0) continue;
    if ((ok_double_decimal(c, 19, &ce) == m && ce == e10) ||
        (ok_double_decimal(c, 8, &ce) == m && ce == e10)) {
      *d = neg ? -c : c;
      return 1;
    }
  }
  return 0;
}

/* ok_decimal_value_m, inlined in both its callers here. */
static inline int number_value(ok_item *it, int neg, long exp, size_t n, uint64_t m) {
  size_t i;
  if (exp >= (long)n && exp <= 19) {
    /* 19 digits fit in 64 bits, and up to 18 in an int64 either way: one
    ** comparison, not a division a digit */
    uint64_t v = m;
    for (i = n; i < (size_t)exp; i++) v *= 10;
    if (exp < 19 || v <= (neg ? (uint64_t)1 << 63 : (uint64_t)INT64_MAX)) {
      it->type = OK_INT;
      it->i = neg ? (int64_t)(0 - v) : (int64_t)v;
      return 1;
    }
  }
  if (n > 0 && exp > -330 && exp < 330 && /* a double's decimals lie within */
      java_double(neg, m, (int)(exp - (long)n), n, &it->d)) {
    it->type = OK_REAL;
    return 1;
  }
  return 0;
}

int ok_decimal_value_m(ok_item *it, int neg, long exp, size_t n, uint64_t m) {
  return number_value(it, neg, exp, n, m);
}

void ok_decimal_value(ok_item *it, int neg, long exp, const char *digit, size_t n) {
  uint64_t m = 0;
  size_t i;
  if (n <= 19) {
    for (i = 0; i < n; i++) m = m * 10 + (uint64_t)(digit[i] - '0');
    if (number_value(it, neg, exp, n, m)) return;
  }
  it->type = OK_TEXT;
  it->value_len = ok_decimal_text(NULL, neg, exp, n, (const uint8_t *)digit, 0, 0);
}

int ok_decimal_parse(uint8_t *mag, size_t cap, size_t *len, int *neg, const char *s, size_t n,
                     size_t *err_at) {
  size_t i = 0, used = 0, j;
  *neg = 0;
  if (i < n && (s[i] == '-' || s[i] == '+')) *neg = s[i++] == '-';
  if (i == n) {
    *err_at = i;
    return OK_E_SYNTAX;
  }
  for (; i < n; i++) {
    unsigned carry;
    if (s[i] < '0' || s[i] > '9') {
      *err_at = i;
      return OK_E_SYNTAX;
    }
    carry = (unsigned)(s[i] - '0');
    for (j = 0; j < used; j++) { /* mag = mag * 10 + digit, built from the end */
      unsigned x = mag[cap - 1 - j] * 10u + carry;
      mag[cap - 1 - j] = (uint8_t)x;
      carry = x >> 8;
    }
    if (carry) {
      if (used == cap) {
        *err_at = i;
        return OK_E_RANGE;
      }
      mag[cap - 1 - used++] = (uint8_t)carry;
    }
  }
  memmove(mag, mag + cap - used, used);
  *len = used;
  if (used == 0) *neg = 0; /* -0 is 0 */
  return OK_OK;
}

/* Nine digits a pass: the magnitude as 32-bit limbs, divided by 10^9 (a
** constant divisor: a multiplication), so 255 bytes take microseconds. */
size_t ok_decimal_format(char *out, int neg, const uint8_t *mag, size_t n, uint8_t x) {
  uint32_t limb[64]; /* least significant first */
  size_t limbs = 0, digits = 0, i;
  char tmp[OK_DECIMAL_MAX];
  for (i = 0; i < n; i++) { /* bytes from the least significant end */
    uint8_t b = mag[n - 1 - i] ^ x;
    if (i % 4 == 0) limb[limbs++] = 0;
    limb[i / 4] |= (uint32_t)b << (8 * (i % 4));
  }
  while (limbs > 0 && limb[limbs - 1] == 0) limbs--;
  while (limbs > 0) {
    uint64_t rem = 0;
    int k;
    for (i = limbs; i-- > 0;) {
      uint64_t cur = (rem << 32) | limb[i];
      limb[i] = (uint32_t)(cur / 1000000000u);
      rem = cur % 1000000000u;
    }
    while (limbs > 0 && limb[limbs - 1] == 0) limbs--;
    for (k = 0; k < 9 && (limbs > 0 || rem > 0); k++) { /* the last chunk: no leading zeros */
      tmp[digits++] = (char)('0' + rem % 10);
      rem /= 10;
    }
  }
  if (digits == 0) tmp[digits++] = '0';
  i = 0;
  if (neg && !(digits == 1 && tmp[0] == '0')) {
    if (out) out[0] = '-';
    i = 1;
  }
  if (out) {
    size_t k;
    for (k = 0; k < digits; k++) out[i + k] = tmp[digits - 1 - k];
  }
  return i + digits;
}

/* Digit k of src: ASCII, or Orderly's BCD (a nibble of digit + 1, high
** nibble first, each byte XORed with x). */
static char digit_at(const uint8_t *src, int bcd, uint8_t x, size_t k) {
  if (!bcd) return (char)src[k];
  return (char)('0' - 1 + (((src[k / 2] ^ x) >> (k % 2 ? 0 : 4)) & 15));
}

size_t ok_decimal_text(char *out, int neg, long exp, size_t n, const uint8_t *src, int bcd,
                       uint8_t x) {
  size_t o = 0, i;
  long k;
  char e[24];
  if (n == 0) {
    if (out) out[0] = '0';
    return 1;
  }
  if (neg && out) out[o] = '-';
  o += neg != 0;
  if (exp <= 0 && exp >= -6) { /* 0.000ddd */
    for (k = exp - 2; k < 0; k++, o++) {
      if (out) out[o] = k == exp - 1 ? '.' : '0';
    }
    for (i = 0; i < n; i++, o++) {
      if (out) out[o] = digit_at(src, bcd, x, i);
    }
    return o;
  }
  if (exp > 0 && exp <= 40) { /* ddd.ddd or ddd000 */
    for (i = 0; i < n || (long)i < exp; i++) {
      if ((long)i == exp && out) out[o] = '.';
      o += (long)i == exp;
      if (out) out[o] = i < n ? digit_at(src, bcd, x, i) : '0';
      o++;
    }
    return o;
  }
  for (i = 0; i < n; i++) { /* d.dddE+x */
    if (i == 1 && out) out[o] = '.';
    o += i == 1;
    if (out) out[o] = digit_at(src, bcd, x, i);
    o++;
  }
  k = (long)sprintf(e, "E%+ld", exp - 1);
  if (out) memcpy(out + o, e, (size_t)k);
  return o + (size_t)k;
}

int ok_decimal_split(char *digits, size_t *nd, int *neg, int64_t *exp, const char *s, size_t n,
                     size_t *err_at) {
  size_t i = 0, zeros = 0;
  int64_t point = 0, e = 0; /* digits before the point, the written exponent */
  int seen_point = 0, any = 0, eneg = 0;
  *nd = 0;
  *neg = 0;
  if (i < n && (s[i] == '-' || s[i] == '+')) *neg = s[i++] == '-';
  for (; i < n; i++) {
    if (s[i] == '.' && !seen_point) {
      seen_point = 1;
      continue;
    }
    if (s[i] < '0' || s[i] > '9') break;
    any = 1;
    if (*nd == 0 && s[i] == '0') { /* a leading zero only moves the point */
      point -= seen_point;
      continue;
    }
    if (s[i] == '0') {
      zeros++; /* kept back: trailing zeros are dropped */
    } else {
      for (; zeros > 0; zeros--) digits[(*nd)++] = '0';
      digits[(*nd)++] = s[i];
    }
    if (!seen_point) point++;
  }
  if (!any) {
    *err_at = i;
    return OK_E_SYNTAX;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    size_t at = ++i;
    if (i < n && (s[i] == '-' || s[i] == '+')) eneg = s[i++] == '-';
    if (i == n) {
      *err_at = at;
      return OK_E_SYNTAX;
    }
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
      if (e < ((int64_t)1 << 59)) e = e * 10 + (s[i] - '0'); /* saturates far past any range */
    }
  }
  if (i < n) {
    *err_at = i;
    return OK_E_SYNTAX;
  }
  if (*nd == 0) *neg = 0; /* -0 is 0 */
  *exp = (eneg ? -e : e) + point - 1;
  return OK_OK;
}
