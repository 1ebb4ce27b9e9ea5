/*
** decimal.c -- integers of any size between decimal text and big-endian
** magnitude bytes (FDB's arbitrary-precision integers are such bytes).
** Schoolbook arithmetic: quadratic, and the sizes are at most 255 bytes.
*/
#include <string.h>

#include "ok.h"

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
