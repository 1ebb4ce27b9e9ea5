/*
** lexi.c -- lexi strings: a number as a type letter and 16 upper-case hex
** digits, the text keys `ok` grew from. A long's bits with the sign bit
** flipped, a double's with the IEEE transform (the sign bit flipped for a
** positive, every bit for a negative): hex of those sorts as the values do.
*/
#include <string.h>

#include "ok.h"

static size_t put(char *out, char letter, uint64_t bits) {
  uint8_t b[8];
  int k;
  for (k = 7; k >= 0; k--, bits >>= 8) b[k] = (uint8_t)bits;
  out[0] = letter;
  return 1 + ok_hex_encode(out + 1, b, 8);
}

size_t ok_lexi_int(char *out, int64_t v) {
  return put(out, 'l', (uint64_t)v ^ 0x8000000000000000u);
}

size_t ok_lexi_double(char *out, double d) {
  uint64_t bits;
  memcpy(&bits, &d, 8);
  if (d != d) bits = 0x7FF8000000000000u; /* Java's doubleToLongBits: every NaN as one */
  return put(out, 'd', bits >> 63 ? ~bits : bits ^ 0x8000000000000000u);
}

int ok_lexi_decode(const char *s, size_t n, ok_type *type, int64_t *i, double *d, size_t *err_at) {
  uint64_t bits = 0;
  size_t k;
  if (n != OK_LEXI_LEN) {
    *err_at = n < OK_LEXI_LEN ? n : OK_LEXI_LEN;
    return OK_E_LENGTH;
  }
  if (s[0] != 'l' && s[0] != 'd') {
    *err_at = 0;
    return OK_E_TAG;
  }
  for (k = 1; k < OK_LEXI_LEN; k++) {
    char c = s[k];
    int v = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (v < 0) { /* lower case too: one string per value keeps text order */
      *err_at = k;
      return OK_E_SYNTAX;
    }
    bits = bits << 4 | (uint64_t)v;
  }
  if (s[0] == 'l') {
    *type = OK_INT;
    *i = (int64_t)(bits ^ 0x8000000000000000u);
  } else {
    bits = bits >> 63 ? bits ^ 0x8000000000000000u : ~bits;
    *type = OK_REAL;
    memcpy(d, &bits, 8);
  }
  return OK_OK;
}
