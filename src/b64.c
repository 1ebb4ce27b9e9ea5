/*
** b64.c -- an order-preserving base-64 text form of any byte string.
**
** The bytes are read as one bit string, 6 bits per character from the
** alphabet below, which is in ASCII order, the last character padded with
** zero bits. Comparing the texts (bytewise, shorter first) then orders them
** exactly as the byte strings: a common prefix gives a common prefix of
** characters, the first differing bit lands in the same character, and a
** proper prefix gives a text that is a prefix or smaller in its last
** character. 3 bytes take 4 characters; 8 bytes take 11.
*/
#include "ok.h"

static const char alphabet[65] = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

size_t ok_b64_len(size_t n) { return (n * 8 + 5) / 6; }

size_t ok_b64_encode(char *out, const uint8_t *p, size_t n) {
  size_t i, o = 0;
  unsigned acc = 0, bits = 0;
  for (i = 0; i < n; i++) {
    acc = (acc << 8) | p[i];
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out[o++] = alphabet[(acc >> bits) & 63];
    }
  }
  if (bits) out[o++] = alphabet[(acc << (6 - bits)) & 63];
  return o;
}

static int value_of(unsigned char c) {
  if (c == '-') return 0;
  if (c >= '0' && c <= '9') return 1 + (c - '0');
  if (c >= 'A' && c <= 'Z') return 11 + (c - 'A');
  if (c == '_') return 37;
  if (c >= 'a' && c <= 'z') return 38 + (c - 'a');
  return -1;
}

int ok_b64_decode(uint8_t *out, size_t *out_len, const char *s, size_t n, size_t *err_at) {
  size_t i, o = 0;
  unsigned acc = 0, bits = 0;
  if (n % 4 == 1) { /* no byte count gives this length */
    *err_at = n;
    return OK_E_TRUNCATED;
  }
  for (i = 0; i < n; i++) {
    int v = value_of((unsigned char)s[i]);
    if (v < 0) {
      *err_at = i;
      return OK_E_SYNTAX;
    }
    acc = (acc << 6) | (unsigned)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (uint8_t)(acc >> bits);
    }
    acc &= (1u << bits) - 1;
  }
  if (acc) { /* the padding bits must be zero: one text per byte string */
    *err_at = n - 1;
    return OK_E_NONCANONICAL;
  }
  *out_len = o;
  return OK_OK;
}
