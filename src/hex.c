/*
** hex.c -- bytes as upper-case hex, the one writer every rendering uses.
*/
#include "ok.h"

size_t ok_hex_encode(char *out, const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789ABCDEF";
  size_t i;
  for (i = 0; i < n; i++) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 15];
  }
  return 2 * n;
}
